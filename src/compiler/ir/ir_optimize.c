/* SPDX-License-Identifier: MIT */

/*
 * The default optimisation pipeline.
 *
 * Variables are split and promoted to SSA first, then the cheap cleanups
 * run to a fixed point together with the passes that expose more work
 * for them (if-to-select, loop unrolling, dead control flow).  The loop is
 * bounded: a pass pair that keeps undoing each other must not hang the
 * compiler, so after MAX_ROUNDS the shader is left as it is (still valid).
 *
 * After every pass the validator runs in debug builds (ir_validate_or_die).
 * IR_PRINT_AFTER=pass,pass (or "all") prints the shader to stderr after
 * the named passes, whenever they made progress.
 */
#include <stdio.h>
#include <string.h>

#include "compiler/ir/ir_passes.h"
#include "util/u_debug.h"
#include "util/u_strbuf.h"

/* Enough for every shader Piglit has; measured fixed points take < 10. */
#define MAX_ROUNDS 32

struct pipeline {
   struct ir_shader *shader;
   /** Value of IR_PRINT_AFTER, read once per ir_optimize() call. */
   const char *print_after;
};

static bool
wants_print(const struct pipeline *p, const char *name)
{
   const char *list = p->print_after;
   if (!list)
      return false;
   if (strcmp(list, "all") == 0)
      return true;
   size_t len = strlen(name);
   for (const char *at = strstr(list, name); at; at = strstr(at + 1, name)) {
      bool starts = at == list || at[-1] == ',';
      bool ends = at[len] == '\0' || at[len] == ',';
      if (starts && ends)
         return true;
   }
   return false;
}

static bool
after_pass(const struct pipeline *p, const char *name, bool progress)
{
   ir_validate_or_die(p->shader, name);
   if (progress && wants_print(p, name)) {
      struct u_strbuf b;
      u_strbuf_init(&b, NULL);
      ir_print_shader(p->shader, &b);
      fprintf(stderr, "IR after %s:\n%s\n", name, b.str);
      u_strbuf_fini(&b);
   }
   return progress;
}

void
ir_optimize(struct ir_shader *s, const struct ir_compiler_options *o)
{
   struct pipeline p = {
      .shader = s,
      .print_after = u_debug_get_string("IR_PRINT_AFTER", NULL),
   };

   after_pass(&p, "split_vars", ir_lower_split_vars(s));
   after_pass(&p, "vars_to_ssa", ir_lower_vars_to_ssa(s));

   bool progress = true;
   for (unsigned round = 0; progress && round < MAX_ROUNDS; round++) {
      progress = false;
      progress |= after_pass(&p, "copy_prop", ir_opt_copy_prop(s));
      progress |= after_pass(&p, "fold", ir_opt_constant_fold(s));
      progress |= after_pass(&p, "algebraic", ir_opt_algebraic(s));
      progress |= after_pass(&p, "gvn", ir_opt_gvn(s));
      progress |= after_pass(&p, "dce", ir_opt_dce(s));
      progress |= after_pass(&p, "dead_cf", ir_opt_dead_cf(s));
      if (o->max_select_cost) {
         progress |= after_pass(&p, "select",
                                ir_opt_if_to_select(s, o->max_select_cost));
      }
      if (o->max_unroll_instructions) {
         progress |= after_pass(
            &p, "unroll", ir_opt_loop_unroll(s, o->max_unroll_instructions));
      }
      progress |= after_pass(&p, "vars_to_ssa", ir_lower_vars_to_ssa(s));
   }
}
