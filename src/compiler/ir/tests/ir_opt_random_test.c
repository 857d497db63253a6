/* SPDX-License-Identifier: MIT */

/*
 * Random structured programs through the basic optimisation passes
 * (constant folding, copy propagation, DCE, GVN, dead control flow), one
 * at a time and as a pipeline: after each, the shader must validate, a
 * second run must report no progress, and the interpreter must compute
 * the same outputs as for the original on several inputs.
 *
 * The generator writes IR text: integer arithmetic on a small pool of
 * values (so that duplicates, copies and constants are frequent), stores
 * to outputs, ifs with constant or computed conditions whose sides may end
 * in break, continue or return and may merge a value with a phi, and
 * counted loops (a header phi incremented on every back edge, an exit test
 * at the top), so every program terminates.  Code after an if whose sides
 * both jump is generated too: it is unreachable.  Block labels are chosen
 * by the generator, so the phis can name their predecessors; a loop body
 * is generated into its own buffer first, since the header phi lists the
 * back edges found in it.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <stdio.h>

#include "compiler/ir/tests/ir_opt_test_helpers.h"
#include "util/u_strbuf.h"

#define MAX_VALUES 256
#define MAX_PREDS  64

struct gen {
   struct u_arena *mem;
   uint32_t seed;
   unsigned next_def, next_block;
   /* Defs usable at the current point (dominating it), innermost last. */
   unsigned values[MAX_VALUES];
   unsigned num_values;
   /* The block being filled. */
   unsigned cur_block;
   unsigned zero;
   unsigned num_instrs;
};

/* Back edges and exits of the innermost loop being generated. */
struct loop_ctx {
   unsigned continue_preds[MAX_PREDS];
   unsigned num_continue_preds;
   unsigned counter_next;
};

static unsigned
rnd(struct gen *g, unsigned n)
{
   return opt_test_rand(&g->seed) % n;
}

static unsigned
pick(struct gen *g)
{
   /* Favour recent values, so chains form. */
   unsigned n = g->num_values;
   unsigned k = rnd(g, 3) ? rnd(g, n < 4 ? n : 4) : rnd(g, n);
   return g->values[n - 1 - k];
}

static void
push_value(struct gen *g, unsigned def)
{
   if (g->num_values < MAX_VALUES)
      g->values[g->num_values++] = def;
}

static unsigned
new_def(struct gen *g)
{
   return g->next_def++;
}

static void
label(struct gen *g, struct u_strbuf *out)
{
   g->cur_block = g->next_block++;
   u_strbuf_appendf(out, "b%u:\n", g->cur_block);
}

static void
gen_arith(struct gen *g, struct u_strbuf *out)
{
   static const char *const ops[] = { "iadd", "imul", "ixor", "iand",
                                      "imax", "isub", "iadd" };
   unsigned d = new_def(g);
   switch (rnd(g, 6)) {
   case 0:
      u_strbuf_appendf(out, "%%%u:32 = load_const %u\n", d, rnd(g, 4));
      break;
   case 1:
      u_strbuf_appendf(out, "%%%u:32 = mov %%%u\n", d, pick(g));
      break;
   default: {
      unsigned a = pick(g), b = pick(g);
      u_strbuf_appendf(out, "%%%u:32 = %s %%%u, %%%u\n", d,
                       ops[rnd(g, sizeof(ops) / sizeof(ops[0]))], a, b);
      break;
   }
   }
   push_value(g, d);
   g->num_instrs++;
}

static void
gen_store(struct gen *g, struct u_strbuf *out)
{
   u_strbuf_appendf(out, "store_output %%%u, %%%u base=%u write_mask=1\n",
                    pick(g), g->zero, rnd(g, OPT_EXEC_SLOTS));
   g->num_instrs++;
}

static bool gen_list(struct gen *g, struct u_strbuf *out, unsigned depth,
                     struct loop_ctx *loop);

/* Ends the current block with a jump (or not); returns whether it did. */
static bool
gen_jump(struct gen *g, struct u_strbuf *out, struct loop_ctx *loop)
{
   unsigned r = rnd(g, 20);
   if (loop && r < 3) {
      u_strbuf_appendf(out, "break\n");
      return true;
   }
   if (loop && r < 6 && loop->num_continue_preds < MAX_PREDS) {
      loop->continue_preds[loop->num_continue_preds++] = g->cur_block;
      u_strbuf_appendf(out, "continue\n");
      return true;
   }
   if (r == 6) {
      u_strbuf_appendf(out, "return\n");
      return true;
   }
   return false;
}

static void
gen_if(struct gen *g, struct u_strbuf *out, unsigned depth,
       struct loop_ctx *loop)
{
   unsigned cond = new_def(g);
   if (rnd(g, 5) < 2) {
      u_strbuf_appendf(out, "%%%u:1 = load_const %s\n", cond,
                       rnd(g, 2) ? "true" : "false");
   } else {
      unsigned a = pick(g), b = pick(g);
      u_strbuf_appendf(out, "%%%u:1 = %s %%%u, %%%u\n", cond,
                       rnd(g, 2) ? "ilt" : "ieq", a, b);
   }
   u_strbuf_appendf(out, "if %%%u {\n", cond);

   unsigned mark = g->num_values;
   label(g, out);
   bool then_jumps = gen_list(g, out, depth + 1, loop);
   unsigned then_block = g->cur_block;
   unsigned then_value = pick(g);
   g->num_values = mark;

   u_strbuf_appendf(out, "} else {\n");
   label(g, out);
   bool else_jumps = gen_list(g, out, depth + 1, loop);
   unsigned else_block = g->cur_block;
   unsigned else_value = pick(g);
   g->num_values = mark;
   u_strbuf_appendf(out, "}\n");

   label(g, out);
   if (!then_jumps && !else_jumps && rnd(g, 3)) {
      unsigned phi = new_def(g);
      u_strbuf_appendf(out, "%%%u:32 = phi b%u: %%%u, b%u: %%%u\n", phi,
                       then_block, then_value, else_block, else_value);
      push_value(g, phi);
      g->num_instrs++;
   }
}

static void
gen_loop(struct gen *g, struct u_strbuf *out, unsigned depth)
{
   unsigned pre = g->cur_block;
   unsigned counter = new_def(g), next = new_def(g), one = new_def(g);
   unsigned limit = new_def(g), cond = new_def(g);
   u_strbuf_appendf(out, "%%%u:32 = load_const 1\n", one);
   u_strbuf_appendf(out, "%%%u:32 = load_const %u\n", limit, rnd(g, 4));
   u_strbuf_appendf(out, "loop {\n");
   unsigned header = g->next_block++;

   struct loop_ctx loop = { .num_continue_preds = 0, .counter_next = next };
   struct u_strbuf body;
   u_strbuf_init(&body, g->mem);
   unsigned mark = g->num_values;
   push_value(g, counter);
   push_value(g, next);
   g->cur_block = header;
   u_strbuf_appendf(&body, "%%%u:32 = iadd %%%u, %%%u\n", next, counter, one);
   u_strbuf_appendf(&body, "%%%u:1 = ige %%%u, %%%u\n", cond, counter, limit);
   u_strbuf_appendf(&body, "if %%%u {\n", cond);
   label(g, &body);
   u_strbuf_appendf(&body, "break\n} else {\n");
   label(g, &body);
   u_strbuf_appendf(&body, "}\n");
   label(g, &body);
   bool jumps = gen_list(g, &body, depth + 1, &loop);
   if (!jumps && loop.num_continue_preds < MAX_PREDS)
      loop.continue_preds[loop.num_continue_preds++] = g->cur_block;
   g->num_values = mark;
   /* The header dominates the exit: its counter stays usable. */
   push_value(g, counter);

   u_strbuf_appendf(out, "b%u:\n%%%u:32 = phi b%u: %%%u", header, counter, pre,
                    g->zero);
   for (unsigned i = 0; i < loop.num_continue_preds; i++)
      u_strbuf_appendf(out, ", b%u: %%%u", loop.continue_preds[i], next);
   u_strbuf_appendf(out, "\n%s}\n", body.str);
   label(g, out);
   g->num_instrs += 6;
}

/* Fills the current block and what follows it; returns whether the last
 * block ends in a jump. */
static bool
gen_list(struct gen *g, struct u_strbuf *out, unsigned depth,
         struct loop_ctx *loop)
{
   unsigned n = 1 + rnd(g, 5);
   for (unsigned i = 0; i < n && g->num_instrs < 150; i++) {
      unsigned r = rnd(g, 10);
      if (r < 4)
         gen_arith(g, out);
      else if (r < 6)
         gen_store(g, out);
      else if (r < 8 && depth < 4)
         gen_if(g, out, depth, loop);
      else if (r < 9 && depth < 3)
         gen_loop(g, out, depth);
      else
         gen_arith(g, out);
   }
   return depth > 0 && gen_jump(g, out, loop);
}

static char *
gen_program(struct u_arena *mem, uint32_t seed)
{
   struct gen g = { .mem = mem, .seed = seed ? seed : 1 };
   struct u_strbuf out;
   u_strbuf_init(&out, mem);
   u_strbuf_appendf(&out, "shader fragment\nfn main {\n");
   label(&g, &out);
   g.zero = new_def(&g);
   u_strbuf_appendf(&out, "%%%u:32 = load_const 0\n", g.zero);
   push_value(&g, g.zero);
   for (unsigned i = 0; i < 4; i++) {
      unsigned d = new_def(&g);
      u_strbuf_appendf(&out, "%%%u:32 = load_input %%%u base=%u\n", d, g.zero,
                       i);
      push_value(&g, d);
   }
   gen_list(&g, &out, 0, NULL);
   gen_store(&g, &out);
   u_strbuf_appendf(&out, "}\n");
   return out.str;
}

/* Small integers, so that computed conditions go both ways. */
static void
fill_small(opt_exec_io in, unsigned run)
{
   uint32_t seed = 0x9e3779b9u * (run + 1);
   for (unsigned s = 0; s < OPT_EXEC_SLOTS; s++)
      for (unsigned l = 0; l < OPT_EXEC_LANES; l++)
         in[s][0][l] = opt_test_rand(&seed) % 5;
}

static bool
pipeline(struct ir_shader *s)
{
   bool any = false, progress;
   unsigned rounds = 0;
   do {
      progress = false;
      progress |= ir_opt_constant_fold(s);
      progress |= ir_opt_copy_prop(s);
      progress |= ir_opt_dead_cf(s);
      progress |= ir_opt_gvn(s);
      progress |= ir_opt_dce(s);
      any |= progress;
   } while (progress && ++rounds < 20);
   assert_int_not_equal(rounds, 20);
   return any;
}

static const struct {
   const char *name;
   opt_pass_fn fn;
} passes[] = {
   { "fold", ir_opt_constant_fold },
   { "copy_prop", ir_opt_copy_prop },
   { "dce", ir_opt_dce },
   { "gvn", ir_opt_gvn },
   { "dead_cf", ir_opt_dead_cf },
   { "pipeline", pipeline },
};

#ifndef NUM_PROGRAMS
#define NUM_PROGRAMS 300
#endif

static void
random_programs(void **state)
{
   unsigned progress_count[sizeof(passes) / sizeof(passes[0])] = { 0 };
   for (uint32_t seed = 1; seed <= NUM_PROGRAMS; seed++) {
      struct u_arena *mem = u_arena_create(NULL);
      char *text = gen_program(mem, seed);
      char *err = NULL;
      struct ir_shader *check = ir_parse(mem, text, &err);
      if (!check || !ir_validate(check, &err)) {
         print_error("generated program %u is bad: %s\n%s\n", seed,
                     err ? err : "?", text);
         fail();
      }
      for (unsigned p = 0; p < sizeof(passes) / sizeof(passes[0]); p++) {
         struct ir_shader *s = ir_parse(mem, text, NULL);
         bool progress = passes[p].fn(s);
         if (!ir_validate(s, &err)) {
            print_error("%s: invalid result on program %u: %s\n%s\n",
                        passes[p].name, seed, err ? err : "?", text);
            fail();
         }
         if (passes[p].fn(s)) {
            print_error("%s: second run made progress on program %u\n%s\n",
                        passes[p].name, seed, text);
            fail();
         }
         if (progress) {
            progress_count[p]++;
            OPT_DIFFERENTIAL(mem, passes[p].fn, text, fill_small, 3);
         }
      }
      u_arena_destroy(mem);
   }
   /* The generator exercises every pass. */
   for (unsigned p = 0; p < sizeof(passes) / sizeof(passes[0]); p++) {
      if (progress_count[p] < NUM_PROGRAMS / 10) {
         print_error("%s made progress on %u programs only\n", passes[p].name,
                     progress_count[p]);
         fail();
      }
   }
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(random_programs),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
