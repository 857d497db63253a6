/* SPDX-License-Identifier: MIT */

/*
 * Name → pass table of indium-ir.  Passes with options take them after a
 * colon: a number (`select:8`, `unroll:64`) or a comma-separated list of
 * option names (`lower_alu:fmod+ffma` on the command line, where `,`
 * separates passes; the tool turns `+` into `,`).
 */
#include "indium_ir_passes.h"

#include <stdlib.h>
#include <string.h>

#include "compiler/ir/ir.h"
#include "compiler/ir/ir_passes.h"
#include "compiler/ir/ir_passes_io.h"

#define SIMPLE_PASS(fn)                                       \
   static bool run_##fn(struct ir_shader *s, const char *arg, \
                        const char **error)                   \
   {                                                          \
      if (arg) {                                              \
         *error = "this pass takes no argument";              \
         return false;                                        \
      }                                                       \
      return fn(s);                                           \
   }

SIMPLE_PASS(ir_opt_constant_fold)
SIMPLE_PASS(ir_opt_copy_prop)
SIMPLE_PASS(ir_opt_dce)
SIMPLE_PASS(ir_opt_gvn)
SIMPLE_PASS(ir_opt_dead_cf)
SIMPLE_PASS(ir_opt_algebraic)
SIMPLE_PASS(ir_opt_vectorize)
SIMPLE_PASS(ir_lower_vars_to_ssa)
SIMPLE_PASS(ir_lower_split_vars)
SIMPLE_PASS(ir_lower_flatten_arrays)
SIMPLE_PASS(ir_lower_alu_to_scalar)
SIMPLE_PASS(ir_lower_idiv)
SIMPLE_PASS(ir_lower_bool_to_int32)
SIMPLE_PASS(ir_lower_bool_to_float)
SIMPLE_PASS(ir_lower_io)
SIMPLE_PASS(ir_lower_uniforms)
SIMPLE_PASS(ir_convert_from_ssa)
SIMPLE_PASS(ir_lower_parallel_copies)

/* A positive decimal argument, or false with an error. */
static bool
number_arg(const char *arg, unsigned *out, const char **error)
{
   char *end;
   unsigned long v = arg ? strtoul(arg, &end, 10) : 0;
   if (!arg || *end || v == 0 || v > 1u << 20) {
      *error = "needs a positive number argument (pass:N)";
      return false;
   }
   *out = (unsigned)v;
   return true;
}

static bool
run_select(struct ir_shader *s, const char *arg, const char **error)
{
   unsigned cost;
   return number_arg(arg, &cost, error) && ir_opt_if_to_select(s, cost);
}

static bool
run_unroll(struct ir_shader *s, const char *arg, const char **error)
{
   unsigned max;
   return number_arg(arg, &max, error) && ir_opt_loop_unroll(s, max);
}

/* Option names of lower_alu and derivatives, set in a copy of the
 * options struct. */
struct option_name {
   const char *name;
   size_t offset;
   unsigned bits;
};

#define OPT(n, field)                                   \
   {                                                    \
      n, offsetof(struct ir_compiler_options, field), 0 \
   }
#define DERIV(n, bit)                                                 \
   {                                                                  \
      n, offsetof(struct ir_compiler_options, lower_derivatives), bit \
   }

static const struct option_name option_names[] = {
   OPT("fmod", lower_fmod),
   OPT("has_ffma", has_ffma),
   OPT("fdiv", lower_fdiv),
   OPT("fsat", lower_fsat),
   OPT("fpow", lower_fpow),
   OPT("flrp", lower_flrp),
   OPT("ffma", lower_ffma),
   DERIV("to_fine", IR_LOWER_DERIVATIVE_UNQUALIFIED_TO_FINE),
   DERIV("to_coarse", IR_LOWER_DERIVATIVE_UNQUALIFIED_TO_COARSE),
   DERIV("no_fine", IR_LOWER_DERIVATIVE_FINE),
   DERIV("no_coarse", IR_LOWER_DERIVATIVE_COARSE),
};

static bool
parse_options(const char *arg, struct ir_compiler_options *o,
              const char **error)
{
   memset(o, 0, sizeof(*o));
   while (arg && *arg) {
      size_t len = strcspn(arg, ",");
      const struct option_name *found = NULL;
      for (unsigned i = 0; i < sizeof(option_names) / sizeof(*option_names);
           i++) {
         if (strlen(option_names[i].name) == len &&
             strncmp(option_names[i].name, arg, len) == 0)
            found = &option_names[i];
      }
      if (!found) {
         *error = "unknown option (fmod has_ffma fdiv fsat fpow flrp ffma "
                  "to_fine to_coarse no_fine no_coarse)";
         return false;
      }
      char *field = (char *)o + found->offset;
      if (found->bits)
         *(unsigned *)field |= found->bits;
      else
         *(bool *)field = true;
      arg += len;
      if (*arg == ',')
         arg++;
   }
   return true;
}

static bool
run_lower_alu(struct ir_shader *s, const char *arg, const char **error)
{
   struct ir_compiler_options o;
   return parse_options(arg, &o, error) && ir_lower_alu(s, &o);
}

static bool
run_derivatives(struct ir_shader *s, const char *arg, const char **error)
{
   struct ir_compiler_options o;
   return parse_options(arg, &o, error) && ir_lower_derivatives(s, &o);
}

const struct indium_ir_pass indium_ir_passes[] = {
   { "fold", "constant folding", run_ir_opt_constant_fold },
   { "copy_prop", "copy propagation", run_ir_opt_copy_prop },
   { "dce", "dead code elimination", run_ir_opt_dce },
   { "gvn", "global value numbering", run_ir_opt_gvn },
   { "dead_cf", "dead control flow removal", run_ir_opt_dead_cf },
   { "algebraic", "algebraic simplification", run_ir_opt_algebraic },
   { "select", "if-to-select, :N = cost limit", run_select },
   { "unroll", "loop unrolling, :N = instruction limit", run_unroll },
   { "vectorize", "merge scalar ALU ops into vectors", run_ir_opt_vectorize },
   { "vars_to_ssa", "promote variables to SSA", run_ir_lower_vars_to_ssa },
   { "split_vars", "split structs and arrays", run_ir_lower_split_vars },
   { "flatten_arrays", "arrays of arrays to 1-D", run_ir_lower_flatten_arrays },
   { "scalarize", "ALU ops to scalars", run_ir_lower_alu_to_scalar },
   { "lower_alu", "ALU lowerings, :opt,opt", run_lower_alu },
   { "lower_idiv", "integer division lowering", run_ir_lower_idiv },
   { "bool_to_int32", "booleans to 32-bit integers",
     run_ir_lower_bool_to_int32 },
   { "bool_to_float", "booleans to floats", run_ir_lower_bool_to_float },
   { "derivatives", "derivative lowering, :opt,opt", run_derivatives },
   { "lower_io", "I/O variables to intrinsics", run_ir_lower_io },
   { "lower_uniforms", "uniforms to buffer loads", run_ir_lower_uniforms },
   { "from_ssa", "out of SSA", run_ir_convert_from_ssa },
   { "lower_parallel_copies", "sequentialise parallel copies",
     run_ir_lower_parallel_copies },
   { NULL, NULL, NULL },
};

const struct indium_ir_pass *
indium_ir_find_pass(const char *name)
{
   for (const struct indium_ir_pass *p = indium_ir_passes; p->name; p++) {
      if (strcmp(p->name, name) == 0)
         return p;
   }
   return NULL;
}
