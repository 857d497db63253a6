/* SPDX-License-Identifier: MIT */

/*
 * Helpers of the translation-to-IR tests: GLSL source is compiled with
 * glsl_compile_shader(), its IR prepared as a driver would (I/O and
 * uniforms lowered) and run in the reference interpreter on one quad;
 * the outputs are compared with the values the shader must compute.
 * Every shader runs twice, as compiled (glsl_to_ir() optimises) and as
 * translated again without optimisation (t2i_translate()), and both runs
 * must agree bit for bit.
 *
 * Include after <cmocka.h>.  Shaders read their data from inputs and uniforms rather than from
 * literals, so that semantic analysis cannot fold the computation away.
 */
#ifndef GLSL_TO_IR_TEST_UTIL_H
#define GLSL_TO_IR_TEST_UTIL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "compiler/ir/ir_exec.h"
#include "compiler/ir/ir_passes.h"
#include "compiler/ir/ir_passes_io.h"
#include "glsl_compiler.h"
#include "glsl_to_ir_priv.h"

#define SLOTS 8
#define WIDTH 4

/** What a test gives a shader. */
struct inputs {
   float in[SLOTS][4];
   /** Default uniform block (std140, declaration order). */
   uint32_t uniforms[64];
   /** A uniform block (block 0). */
   uint32_t ubo[64];
};

/** What it got back (lane 0 unless noted). */
struct outputs {
   uint32_t w[SLOTS][4][WIDTH];
   uint64_t killed;
};

static inline float
out_f(const struct outputs *o, unsigned slot, unsigned comp)
{
   float f;
   memcpy(&f, &o->w[slot][comp][0], 4);
   return f;
}

static inline uint32_t
fbits(float f)
{
   uint32_t u;
   memcpy(&u, &f, 4);
   return u;
}

/* Compiles @p src for a 3.30 compatibility context; @p opts (may be NULL)
 * gives the driconf workarounds. */
static inline struct glsl_shader *
compile_opts(enum ir_stage stage, const char *src,
             const struct glsl_compile_options *opts)
{
   struct glsl_compile_options o = {
      .max_version = 330,
      .context_profile = GLSL_PROFILE_COMPAT,
   };
   if (opts) {
      o.default_version = opts->default_version;
      o.allow_extension_midshader = opts->allow_extension_midshader;
      o.zero_init = opts->zero_init;
   }
   struct glsl_shader *sh = glsl_compile_shader(stage, &src, 1, &o);
   assert_non_null(sh);
   if (!sh->ok || !sh->ir) {
      fprintf(stderr, "compile failed:\n%s\n--- source:\n%s\n",
              sh->info_log ? sh->info_log : "(no log)", src);
      fail();
   }
   return sh;
}

static inline struct glsl_shader *
compile(enum ir_stage stage, const char *src)
{
   return compile_opts(stage, src, NULL);
}

/* Texture results: (texture slot, coordinate x, op, 1). */
static inline void
fake_tex(void *data, const struct ir_tex *tex,
         const struct ir_exec_tex_args *args, uint32_t result[4][4])
{
   (void)data;
   for (unsigned l = 0; l < 4; l++) {
      result[0][l] = fbits((float)tex->texture_index);
      result[1][l] = args->src[IR_TEX_SRC_COORD][0][l];
      result[2][l] = fbits((float)tex->op);
      result[3][l] = fbits(1.0f);
   }
}

/* Prepares and runs the IR of @p sh; false (with a message) when the
 * interpreter rejects it. */
static inline void
exec_ir(struct ir_shader *ir, const struct inputs *in, struct outputs *out)
{
   ir_assign_io_driver_locations(ir, IR_VAR_SHADER_IN);
   ir_assign_io_driver_locations(ir, IR_VAR_SHADER_OUT);
   ir_lower_io(ir);
   ir_lower_uniforms(ir);
   char *err = NULL;
   if (!ir_validate(ir, &err)) {
      fprintf(stderr, "invalid after lowering: %s\n%s\n", err,
              ir_shader_to_string(ir, ir->arena));
      fail();
   }
   struct ir_exec_program *prog = ir_exec_program_create(ir->arena, ir, &err);
   if (!prog) {
      fprintf(stderr, "exec: %s\n%s\n", err ? err : "?",
              ir_shader_to_string(ir, ir->arena));
      fail();
   }
   static uint32_t inw[SLOTS * 4 * WIDTH];
   static uint32_t outw[SLOTS * 4 * WIDTH];
   for (unsigned s = 0; s < SLOTS; s++) {
      for (unsigned c = 0; c < 4; c++) {
         for (unsigned l = 0; l < WIDTH; l++)
            inw[(s * 4 + c) * WIDTH + l] = fbits(in->in[s][c]);
      }
   }
   memset(outw, 0, sizeof(outw));
   uint32_t coord[4 * WIDTH];
   for (unsigned l = 0; l < WIDTH; l++) {
      float v[4] = { (float)(l & 1) + 0.5f, (float)(l >> 1) + 0.5f, 0.5f,
                     1.0f };
      for (unsigned c = 0; c < 4; c++)
         coord[c * WIDTH + l] = fbits(v[c]);
   }
   const void *ubos[1] = { in->ubo };
   size_t ubo_sizes[1] = { sizeof(in->ubo) };
   struct ir_exec_io io = {
      .inputs = inw,
      .num_input_slots = SLOTS,
      .outputs = outw,
      .num_output_slots = SLOTS,
      .uniforms = in->uniforms,
      .uniform_size = sizeof(in->uniforms),
      .ubos = ubos,
      .ubo_sizes = ubo_sizes,
      .num_ubos = 1,
      .tex = fake_tex,
   };
   io.sysval_lanes[IR_EXEC_SYSVAL_FRAG_COORD] = coord;
   struct ir_exec_state *st = ir_exec_state_create(prog, WIDTH);
   assert_non_null(st);
   ir_exec_state_set_io(st, &io);
   ir_exec_state_set_loop_limit(st, 100000);
   assert_true(ir_exec_run(st, 0xf, 0));
   out->killed = ir_exec_killed_mask(st);
   for (unsigned s = 0; s < SLOTS; s++) {
      for (unsigned c = 0; c < 4; c++) {
         for (unsigned l = 0; l < WIDTH; l++)
            out->w[s][c][l] = outw[(s * 4 + c) * WIDTH + l];
      }
   }
   ir_exec_state_destroy(st);
   ir_exec_program_destroy(prog);
}

/* Runs @p src as glsl_compile_shader() gives it (optimised) and as
 * translated again without optimisation; both must agree. */
static inline void
run_stage_opts(enum ir_stage stage, const char *src,
               const struct glsl_compile_options *opts, const struct inputs *in,
               struct outputs *out)
{
   static const struct inputs zero;
   if (!in)
      in = &zero;
   struct glsl_shader *sh = compile_opts(stage, src, opts);
   /* The text form round-trips (the linker copies shaders through it). */
   char *err = NULL;
   const char *text = ir_shader_to_string(sh->ir, sh->arena);
   if (!ir_parse(sh->arena, text, &err)) {
      fprintf(stderr, "IR text does not parse back: %s\n%s\n", err, text);
      fail();
   }
   exec_ir(sh->ir, in, out);

   struct outputs raw;
   memset(&raw, 0, sizeof(raw));
   assert_true(t2i_translate(sh));
   exec_ir(sh->ir, in, &raw);
   glsl_shader_destroy(sh);
   if (memcmp(&raw, out, sizeof(raw)) != 0) {
      fprintf(stderr, "optimised and raw runs differ\n%s\n", src);
      fail();
   }
}

static inline void
run_stage(enum ir_stage stage, const char *src, const struct inputs *in,
          struct outputs *out)
{
   run_stage_opts(stage, src, NULL, in, out);
}

static inline void
run(const char *src, const struct inputs *in, struct outputs *out)
{
   run_stage(IR_STAGE_FRAGMENT, src, in, out);
}

/* Output 0 of lane 0 must be (x, y, z, w). */
#define ASSERT_OUT4(o, x, y, z, w)              \
   do {                                         \
      assert_float_equal(out_f(o, 0, 0), x, 0); \
      assert_float_equal(out_f(o, 0, 1), y, 0); \
      assert_float_equal(out_f(o, 0, 2), z, 0); \
      assert_float_equal(out_f(o, 0, 3), w, 0); \
   } while (0)

static inline void
set4(float *v, float x, float y, float z, float w)
{
   v[0] = x;
   v[1] = y;
   v[2] = z;
   v[3] = w;
}

static inline void
setu(struct inputs *in, unsigned word, float f)
{
   in->uniforms[word] = fbits(f);
}

#endif
