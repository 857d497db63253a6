/* SPDX-License-Identifier: MIT */

/*
 * Differential tests of the rule table of ir_opt_algebraic(): one case per
 * shader that ir_algebraic_instances.py makes from a rule's pattern.
 *
 * The shader runs in the interpreter before and after the pass on inputs
 * that include NaN (quiet and signalling), infinities, signed zeros and
 * denormals, and the outputs are compared.  Exact rules must give the
 * same bits (any NaN matches any NaN: the IR does not define payloads)
 * with denormals kept or flushed and rounding to nearest or toward zero;
 * inexact rules must agree within 2^-8 relative on ordinary inputs.
 *
 * Each case also checks that the rule fires on its own pattern (also on an
 * exact root if the rule is exact), that it does not fire when it is
 * inexact and the root is exact or specials must be preserved, nor in
 * flush mode when it needs denorm_preserve, that the result validates,
 * and that a second run makes no progress.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compiler/ir/ir_passes_algebraic.h"
#include "compiler/ir/tests/ir_opt_test_helpers.h"
#include "util/u_half.h"

enum algebraic_kind {
   ALGEBRAIC_FLOAT,
   ALGEBRAIC_INT,
   ALGEBRAIC_BOOL,
};

/** One generated test shader (see ir_algebraic_instances.py). */
struct algebraic_instance {
   unsigned rule;
   const char *name;
   const char *text;
   bool inexact;
   bool has_cond;
   /** The rule must rewrite the shader's root (else it may). */
   bool must_fire;
   unsigned num_inputs;
   /** First slot, bit size and enum algebraic_kind of each load_input. */
   struct {
      uint8_t base, bits, kind;
   } inputs[8];
   unsigned out_bits;
   enum algebraic_kind out_kind;
   unsigned out_components;
};

#include "ir_algebraic_instances.h"

#define LANES  16
#define SLOTS  16
#define ROUNDS 64

static uint64_t
rng_next(uint64_t *s)
{
   uint64_t x = *s;
   x ^= x << 13;
   x ^= x >> 7;
   x ^= x << 17;
   *s = x;
   return x;
}

static uint64_t
mask_of(unsigned bits)
{
   return bits == 64 ? ~0ull : (1ull << bits) - 1;
}

static uint64_t
float_bits(double f, unsigned bits)
{
   if (bits == 16)
      return u_float_to_half((float)f, U_ROUND_NEAREST_EVEN);
   if (bits == 32) {
      float x = (float)f;
      uint32_t u;
      memcpy(&u, &x, sizeof(u));
      return u;
   }
   uint64_t u;
   memcpy(&u, &f, sizeof(u));
   return u;
}

static double
float_value(uint64_t v, unsigned bits)
{
   if (bits == 16)
      return u_half_to_float((uint16_t)v);
   if (bits == 32) {
      uint32_t u = (uint32_t)v;
      float f;
      memcpy(&f, &u, sizeof(f));
      return f;
   }
   double d;
   memcpy(&d, &v, sizeof(d));
   return d;
}

/* A value of the given kind: mostly special values, sometimes any bits.
 * @p nice: ordinary floats in [0.25, 4] (for inexact rules). */
static uint64_t
input_value(unsigned kind, unsigned bits, bool nice, uint64_t *rng)
{
   uint64_t r = rng_next(rng);
   unsigned k = (unsigned)(r >> 40);
   if (kind == ALGEBRAIC_FLOAT) {
      static const double specials[] = {
         0.0,  -0.0,  1.0,   -1.0,     0.5,       2.0, -3.0, 1.5,
         0.75, -0.25, 100.0, INFINITY, -INFINITY, NAN, -NAN, 1e30,
      };
      const unsigned n = sizeof(specials) / sizeof(specials[0]);
      unsigned mant = bits == 16 ? 10 : bits == 32 ? 23 : 52;
      if (nice)
         return float_bits(0.25 + (double)(r % 3751) / 1000.0, bits);
      unsigned sel = k % (n + 4);
      if (sel < n)
         return float_bits(specials[sel], bits);
      if (sel == n) /* the smallest denormal */
         return 1;
      if (sel == n + 1) /* a negative denormal (or -0) */
         return (1ull << (bits - 1)) | ((r >> 3) & ((1ull << mant) - 1));
      if (sel == n + 2)
         return r & mask_of(bits);
      return float_bits((double)(r % 2001) / 16.0 - 62.5, bits);
   }
   if (kind == ALGEBRAIC_BOOL && bits == 32) {
      static const uint32_t words[] = { 0, 0xffffffffu, 1, 0x80000000u };
      return k % 5 < 4 ? words[k % 5] : (uint32_t)r;
   }
   uint64_t min = 1ull << (bits - 1);
   const uint64_t ints[] = { 0, 1, ~0ull, 2, 3, 7, min, min - 1, 0x5555 };
   k %= 10;
   return (k < 9 ? ints[k] : r) & mask_of(bits);
}

static void
fill_inputs(const struct algebraic_instance *inst, bool nice, uint64_t *rng,
            uint32_t *in)
{
   memset(in, 0, SLOTS * 4 * LANES * sizeof(*in));
   for (unsigned i = 0; i < inst->num_inputs; i++) {
      unsigned bits = inst->inputs[i].bits;
      unsigned wpc = bits == 64 ? 2 : 1;
      for (unsigned c = 0; c < 4; c++) {
         for (unsigned l = 0; l < LANES; l++) {
            uint64_t v = input_value(inst->inputs[i].kind, bits, nice, rng);
            unsigned word = inst->inputs[i].base * 4 + c * wpc;
            in[word * LANES + l] = (uint32_t)v;
            if (wpc == 2)
               in[(word + 1) * LANES + l] = (uint32_t)(v >> 32);
         }
      }
   }
}

static void
execute(struct ir_shader *s, const uint32_t *in, uint32_t *out)
{
   char *err = NULL;
   struct ir_exec_program *prog = ir_exec_program_create(NULL, s, &err);
   if (!prog)
      fail_msg("the interpreter rejects the shader: %s", err ? err : "?");
   struct ir_exec_state *st = ir_exec_state_create(prog, LANES);
   assert_non_null(st);
   memset(out, 0, 2 * 4 * LANES * sizeof(*out));
   struct ir_exec_io io = {
      .inputs = in,
      .num_input_slots = SLOTS,
      .outputs = out,
      .num_output_slots = 2,
   };
   ir_exec_state_set_io(st, &io);
   assert_true(ir_exec_run(st, (1ull << LANES) - 1, 0));
   ir_exec_state_destroy(st);
   ir_exec_program_destroy(prog);
}

static uint64_t
out_value(const struct algebraic_instance *inst, const uint32_t *out,
          unsigned c, unsigned lane)
{
   unsigned bits = inst->out_bits;
   unsigned word = bits == 64 ? 2 * c : c;
   uint64_t v = out[word * LANES + lane];
   if (bits == 64)
      v |= (uint64_t)out[(word + 1) * LANES + lane] << 32;
   return v & mask_of(bits);
}

static bool
is_nan(uint64_t v, unsigned bits)
{
   return isnan(float_value(v, bits));
}

static bool
same_value(const struct algebraic_instance *inst, uint64_t a, uint64_t b,
           bool exact)
{
   if (inst->out_kind != ALGEBRAIC_FLOAT)
      return a == b;
   if (is_nan(a, inst->out_bits) && is_nan(b, inst->out_bits))
      return true;
   if (exact)
      return a == b;
   double x = float_value(a, inst->out_bits);
   double y = float_value(b, inst->out_bits);
   return x == y || fabs(x - y) <= ldexp(fmax(fabs(x), fabs(y)), -8);
}

/* The ALU instruction whose value the shader stores. */
static struct ir_alu *
root_alu(struct ir_shader *s)
{
   struct ir_function *fn = ir_shader_get_entrypoint(s);
   ir_foreach_block (fn, block) {
      ir_foreach_instr (block, instr) {
         struct ir_intrinsic *intr = ir_instr_as_intrinsic(instr);
         if (intr && intr->op == IR_INTRINSIC_STORE_OUTPUT)
            return ir_def_as_alu(intr->src[0].def);
      }
   }
   return NULL;
}

struct mode {
   enum ir_denorm_mode denorm;
   enum ir_round_mode round;
   const char *name;
};

/* Runs the pass on the instance in @p mode and compares the outputs on
 * ROUNDS sets of inputs; returns whether the instance's rule fired. */
static bool
differential(const struct algebraic_instance *inst, const struct mode *mode,
             uint64_t seed)
{
   static uint32_t in[ROUNDS][SLOTS * 4 * LANES];
   static uint32_t before[ROUNDS][2 * 4 * LANES], after[2 * 4 * LANES];
   bool exact = !inst->inexact;
   struct u_arena *mem = u_arena_create(NULL);
   struct ir_shader *s = IR_PARSE(mem, inst->text);
   s->info.denorm_mode = mode->denorm;
   s->info.round_mode = mode->round;
   uint64_t rng = seed;
   for (unsigned r = 0; r < ROUNDS; r++) {
      fill_inputs(inst, !exact, &rng, in[r]);
      execute(s, in[r], before[r]);
   }

   unsigned n = ir_opt_algebraic_num_rules();
   uint32_t *hits = calloc(n, sizeof(*hits));
   assert_non_null(hits);
   struct ir_algebraic_options o = { .rule_hits = hits };
   bool progress = ir_opt_algebraic_with_options(s, &o);
   bool fired = hits[inst->rule] > 0;
   assert_true(progress || !fired);
   IR_ASSERT_VALID(s, NULL);
   if (ir_opt_algebraic_with_options(s, &o))
      fail_msg("%s: a second run made progress", mode->name);

   for (unsigned r = 0; r < ROUNDS; r++) {
      execute(s, in[r], after);
      for (unsigned c = 0; c < inst->out_components; c++) {
         for (unsigned l = 0; l < LANES; l++) {
            uint64_t x = out_value(inst, before[r], c, l);
            uint64_t y = out_value(inst, after, c, l);
            if (same_value(inst, x, y, exact))
               continue;
            print_error("%s: component %u lane %u: 0x%llx before, 0x%llx "
                        "after; inputs:\n",
                        mode->name, c, l, (unsigned long long)x,
                        (unsigned long long)y);
            for (unsigned i = 0; i < inst->num_inputs; i++) {
               unsigned w = inst->inputs[i].base * 4;
               print_error(
                  "  slot %u: %08x %08x %08x %08x\n", inst->inputs[i].base,
                  in[r][w * LANES + l], in[r][(w + 1) * LANES + l],
                  in[r][(w + 2) * LANES + l], in[r][(w + 3) * LANES + l]);
            }
            fail_msg("after the pass:\n%s", ir_shader_to_string(s, mem));
         }
      }
   }
   free(hits);
   u_arena_destroy(mem);
   return fired;
}

/* Whether the instance's rule fires with @p options, the root's exact flag
 * set to @p exact_root. */
static bool
rule_fires(const struct algebraic_instance *inst, bool exact_root,
           bool preserve)
{
   struct u_arena *mem = u_arena_create(NULL);
   struct ir_shader *s = IR_PARSE(mem, inst->text);
   struct ir_alu *root = root_alu(s);
   assert_non_null(root);
   root->exact = exact_root;
   uint32_t *hits = calloc(ir_opt_algebraic_num_rules(), sizeof(*hits));
   assert_non_null(hits);
   struct ir_algebraic_options o = { .preserve_float_specials = preserve,
                                     .rule_hits = hits };
   ir_opt_algebraic_with_options(s, &o);
   IR_ASSERT_VALID(s, NULL);
   bool fired = hits[inst->rule] > 0;
   free(hits);
   u_arena_destroy(mem);
   return fired;
}

static void
rule_instance(void **state)
{
   const struct algebraic_instance *inst = *state;
   static const struct mode modes[] = {
      { IR_DENORM_PRESERVE, IR_ROUND_NEAREST_EVEN, "denorm preserve" },
      { IR_DENORM_FLUSH_TO_ZERO, IR_ROUND_NEAREST_EVEN, "denorm flush" },
      { IR_DENORM_PRESERVE, IR_ROUND_TOWARD_ZERO, "round toward zero" },
   };
   unsigned num_modes = inst->inexact ? 1 : 3;
   for (unsigned m = 0; m < num_modes; m++) {
      bool fired =
         differential(inst, &modes[m],
                      0x9e3779b97f4a7c15ull ^ (inst->rule * 1000003ull + m));
      bool blocked =
         inst->has_cond && modes[m].denorm == IR_DENORM_FLUSH_TO_ZERO;
      if (blocked && fired)
         fail_msg("%s: the rule applied without its condition", modes[m].name);
      if (!blocked && inst->must_fire && !fired)
         fail_msg("%s: the rule did not fire on its own pattern",
                  modes[m].name);
   }
   if (inst->inexact) {
      if (rule_fires(inst, true, false))
         fail_msg("an inexact rule applied to an exact instruction");
      if (rule_fires(inst, false, true))
         fail_msg("an inexact rule applied with preserve_float_specials");
   } else if (inst->must_fire) {
      if (!rule_fires(inst, true, true))
         fail_msg("an exact rule did not apply to an exact instruction");
   }
}

/* The generated instances cover the table the library was built with. */
static void
instances_match_the_table(void **state)
{
   assert_int_equal(ir_opt_algebraic_num_rules(), ALGEBRAIC_TABLE_RULES);
   const unsigned n =
      sizeof(algebraic_instances) / sizeof(algebraic_instances[0]);
   bool *seen = calloc(ALGEBRAIC_TABLE_RULES, sizeof(*seen));
   assert_non_null(seen);
   for (unsigned i = 0; i < n; i++)
      seen[algebraic_instances[i].rule] = true;
   for (unsigned r = 0; r < ALGEBRAIC_TABLE_RULES; r++) {
      if (!seen[r])
         fail_msg("rule %u has no instance", r);
   }
   free(seen);
}

int
main(void)
{
   const unsigned num_instances =
      sizeof(algebraic_instances) / sizeof(algebraic_instances[0]);
   unsigned total = 1 + num_instances;
   struct CMUnitTest *tests = calloc(total, sizeof(*tests));
   if (!tests)
      return 1;
   tests[0] = (struct CMUnitTest)cmocka_unit_test(instances_match_the_table);
   for (unsigned i = 0; i < num_instances; i++) {
      tests[1 + i] = (struct CMUnitTest){
         .name = algebraic_instances[i].name,
         .test_func = rule_instance,
         .initial_state = (void *)&algebraic_instances[i],
      };
   }
   int failed =
      _cmocka_run_group_tests("ir_algebraic_rules", tests, total, NULL, NULL);
   free(tests);
   return failed;
}
