/* SPDX-License-Identifier: MIT */

/*
 * IR benchmarks (not tests: they assert nothing and only report):
 *
 *  1. compile: the default pass pipeline (ir_optimize) on a generated
 *     fragment shader of about 10,000 instructions: long arithmetic
 *     chains with redundant subexpressions, constants to fold and
 *     algebraic identities, and ifs with phis (select candidates);
 *  2. liveness: live-in/live-out sets of that shader before optimisation
 *     (thousands of values; register allocators recompute them per spill
 *     round);
 *  3. exec: the interpreter's throughput in lane-instructions per second
 *     on a straight-line shader of 2,000 ALU instructions run on groups of
 *     64 lanes (16 quads).
 *
 * The shaders come from a fixed-seed generator, so runs are comparable.
 * There is no llvmpipe counterpart for these two numbers: they measure the
 * compiler and the interpreter themselves.
 *
 *   ir_bench [--instructions N] [--repeat N]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compiler/ir/ir_analysis.h"
#include "compiler/ir/ir_builder.h"
#include "compiler/ir/ir_exec.h"
#include "compiler/ir/ir_passes.h"
#include "util/u_time.h"

struct gen {
   struct ir_builder b;
   uint64_t seed;
   struct ir_def *pool[64];
   unsigned pool_size;
   unsigned emitted;
};

static unsigned
rnd(struct gen *g, unsigned n)
{
   g->seed = g->seed * 6364136223846793005ull + 1442695040888963407ull;
   return (unsigned)(g->seed >> 33) % n;
}

static struct ir_def *
pick(struct gen *g)
{
   return g->pool[rnd(g, g->pool_size)];
}

static void
push(struct gen *g, struct ir_def *d)
{
   if (g->pool_size < 64)
      g->pool[g->pool_size++] = d;
   else
      g->pool[rnd(g, 64)] = d;
}

/* One arithmetic instruction over vec4 values (sometimes a constant, or a
 * repeat of an earlier expression, to give fold and gvn work). */
static struct ir_def *
emit_alu(struct gen *g)
{
   struct ir_builder *b = &g->b;
   struct ir_def *x = pick(g), *y = pick(g), *r;
   g->emitted++;
   switch (rnd(g, 8)) {
   case 0:
      r = ir_fadd(b, x, y);
      break;
   case 1:
      r = ir_fmul(b, x, y);
      break;
   case 2:
      r = ir_ffma(b, x, y, pick(g));
      break;
   case 3:
      r = ir_fmax(b, x, ir_imm_vec4(b, 0.5f, 0.25f, 1.0f, 2.0f));
      g->emitted++;
      break;
   case 4:
      r = ir_fmin(b, x, y);
      break;
   case 5:
      r = ir_fsub(b, x, y);
      break;
   case 6:
      r = ir_fabs(b, x);
      break;
   default:
      /* x * 1.0 + 0.0: algebraic work. */
      r = ir_fmul(b, x, ir_imm_vec4(b, 1.0f, 1.0f, 1.0f, 1.0f));
      g->emitted++;
      break;
   }
   return r;
}

static struct ir_shader *
generate(struct u_arena *arena, unsigned target, bool control_flow)
{
   struct ir_shader *s = ir_shader_create(arena, IR_STAGE_FRAGMENT);
   struct ir_function *fn = ir_function_create(s, "main");
   struct gen g = { .b = ir_builder_at_end(fn), .seed = 12345 };
   struct ir_builder *b = &g.b;

   for (unsigned i = 0; i < 4; i++) {
      struct ir_intrinsic *in =
         ir_build_intrinsic(b, IR_INTRINSIC_LOAD_INPUT, 4, 32,
                            (struct ir_def *const[]){ ir_imm_int(b, 0) });
      ir_intrinsic_set_base(in, i);
      push(&g, &in->def);
   }
   while (g.emitted < target) {
      unsigned what = control_flow ? rnd(&g, 40) : 1;
      if (what == 0) {
         /* if (x.x < y.x) { a = ... } else { a = ... } ; phi */
         struct ir_def *c =
            ir_flt(b, ir_channel(b, pick(&g), 0), ir_channel(b, pick(&g), 0));
         struct ir_if *nif = ir_push_if(b, c);
         struct ir_def *t = emit_alu(&g);
         t = ir_fadd(b, t, pick(&g));
         ir_push_else(b, nif);
         struct ir_def *e = emit_alu(&g);
         ir_pop_if(b, nif);
         push(&g, ir_if_phi(b, t, e));
         g.emitted += 5;
      } else {
         push(&g, emit_alu(&g));
      }
   }
   struct ir_def *sum = pick(&g);
   for (unsigned i = 0; i < 8; i++)
      sum = ir_fadd(b, sum, pick(&g));
   struct ir_intrinsic *out =
      ir_build_intrinsic(b, IR_INTRINSIC_STORE_OUTPUT, 4, 32,
                         (struct ir_def *const[]){ sum, ir_imm_int(b, 0) });
   ir_intrinsic_set_write_mask(out, 0xf);
   return s;
}

static unsigned
count_instrs(struct ir_shader *s)
{
   unsigned n = 0;
   ir_foreach_function (s, fn) {
      ir_foreach_block (fn, blk) {
         ir_foreach_instr (blk, instr)
            n++;
      }
   }
   return n;
}

static void
bench_compile(unsigned target, unsigned repeat)
{
   const struct ir_compiler_options opts = {
      .max_select_cost = 8,
      .max_unroll_instructions = 256,
   };
   double best = 1e30;
   unsigned before = 0, after = 0;
   for (unsigned r = 0; r < repeat; r++) {
      struct u_arena *arena = u_arena_create(NULL);
      struct ir_shader *s = generate(arena, target, true);
      before = count_instrs(s);
      int64_t t0 = u_time_ns();
      ir_optimize(s, &opts);
      double sec = u_time_seconds_since(t0);
      after = count_instrs(s);
      if (sec < best)
         best = sec;
      u_arena_destroy(arena);
   }
   printf("compile: ir_optimize on %u instructions -> %u: %.2f ms "
          "(best of %u)\n",
          before, after, best * 1e3, repeat);
}

/* Liveness of the unoptimised shader, recomputed as a register allocator
 * would between spill rounds. */
static void
bench_liveness(unsigned target, unsigned repeat)
{
   struct u_arena *arena = u_arena_create(NULL);
   struct ir_shader *s = generate(arena, target, true);
   struct ir_function *fn = ir_shader_get_entrypoint(s);
   ir_index_defs(fn);
   double best = 1e30;
   for (unsigned r = 0; r < repeat * 10; r++) {
      int64_t t0 = u_time_ns();
      ir_calc_liveness(fn);
      double sec = u_time_seconds_since(t0);
      if (sec < best)
         best = sec;
   }
   printf("liveness: %u defs, %u blocks: %.3f ms (best of %u)\n", fn->num_defs,
          fn->num_blocks, best * 1e3, repeat * 10);
   u_arena_destroy(arena);
}

static void
bench_exec(unsigned repeat)
{
   struct u_arena *arena = u_arena_create(NULL);
   struct ir_shader *s = generate(arena, 2000, false);
   char *err = NULL;
   struct ir_exec_program *prog = ir_exec_program_create(arena, s, &err);
   if (!prog) {
      printf("exec: cannot decode: %s\n", err ? err : "?");
      u_arena_destroy(arena);
      return;
   }
   enum {
      WIDTH = 64
   };
   static uint32_t in[4 * 4 * WIDTH], out[4 * 4 * WIDTH];
   for (unsigned i = 0; i < 4 * 4 * WIDTH; i++) {
      float f = (float)(i % 97) * 0.01f;
      memcpy(&in[i], &f, 4);
   }
   struct ir_exec_io io = {
      .inputs = in,
      .num_input_slots = 4,
      .outputs = out,
      .num_output_slots = 4,
   };
   struct ir_exec_state *st = ir_exec_state_create(prog, WIDTH);
   ir_exec_state_set_io(st, &io);
   unsigned ops = ir_exec_program_num_ops(prog);
   unsigned runs = 200 * repeat;
   int64_t t0 = u_time_ns();
   for (unsigned r = 0; r < runs; r++)
      ir_exec_run(st, ~0ull, 0);
   double sec = u_time_seconds_since(t0);
   double lane_instrs = (double)ops * WIDTH * runs;
   printf("exec: %u decoded ops x %u lanes x %u runs in %.3f s: "
          "%.1f M lane-instructions/s\n",
          ops, WIDTH, runs, sec, lane_instrs / sec * 1e-6);
   ir_exec_state_destroy(st);
   ir_exec_program_destroy(prog);
   u_arena_destroy(arena);
}

int
main(int argc, char **argv)
{
   unsigned target = 10000, repeat = 3;
   for (int i = 1; i < argc; i++) {
      if (strcmp(argv[i], "--instructions") == 0 && i + 1 < argc)
         target = (unsigned)atoi(argv[++i]);
      else if (strcmp(argv[i], "--repeat") == 0 && i + 1 < argc)
         repeat = (unsigned)atoi(argv[++i]);
      else {
         fprintf(stderr, "usage: ir_bench [--instructions N] [--repeat N]\n");
         return 2;
      }
   }
   bench_compile(target, repeat);
   bench_liveness(target, repeat);
   bench_exec(repeat);
   return 0;
}
