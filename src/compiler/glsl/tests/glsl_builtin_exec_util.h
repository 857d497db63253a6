/* SPDX-License-Identifier: MIT */

/*
 * A harness for the built-in expansion tests: a shader of one function
 * whose calls read shader inputs (load_input) and write outputs
 * (store_output), run in the reference interpreter on one quad, four
 * lanes with their own input values.  Include after <cmocka.h>.
 */
#ifndef GLSL_BUILTIN_EXEC_UTIL_H
#define GLSL_BUILTIN_EXEC_UTIL_H

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "compiler/ir/ir_exec.h"
#include "glsl_builtin_test_util.h"

#define SLOTS 8
#define LANES 4

struct h {
   struct u_arena *mem;
   struct ir_shader *s;
   struct ir_function *fn;
   struct ir_builder b;
   struct glsl_env env;
   /* [slot][component][lane] */
   float in[SLOTS][4][LANES];
   uint32_t out[SLOTS][4][LANES];
   unsigned next_out;
};

static inline struct h *
h_create(enum ir_stage stage, unsigned version, bool es)
{
   struct h *h = calloc(1, sizeof(*h));
   assert_non_null(h);
   h->mem = u_arena_create(NULL);
   h->s = ir_shader_create(h->mem, stage);
   h->fn = ir_function_create(h->s, "main");
   h->b = ir_builder_at_end(h->fn);
   h->env = test_env(version, es, stage,
                     "GL_ARB_derivative_control GL_ARB_texture_rectangle");
   return h;
}

static inline void
h_destroy(struct h *h)
{
   u_arena_destroy(h->mem);
   free(h);
}

/* Input @p slot as @p n components. */
static inline struct ir_def *
in(struct h *h, unsigned slot, unsigned n)
{
   struct ir_def *offset = ir_imm_int(&h->b, 0);
   struct ir_intrinsic *intr =
      ir_build_intrinsic(&h->b, IR_INTRINSIC_LOAD_INPUT, n, 32, &offset);
   ir_intrinsic_set_base(intr, (int)slot);
   return &intr->def;
}

/* Writes @p v to the next output slot and returns the slot. */
static inline unsigned
out(struct h *h, struct ir_def *v)
{
   if (v->bit_size == 1)
      v = ir_b2i(&h->b, v, 32);
   unsigned slot = h->next_out++;
   struct ir_def *srcs[2] = { v, ir_imm_int(&h->b, 0) };
   struct ir_intrinsic *intr = ir_build_intrinsic(
      &h->b, IR_INTRINSIC_STORE_OUTPUT, v->num_components, 32, srcs);
   ir_intrinsic_set_base(intr, (int)slot);
   ir_intrinsic_set_write_mask(intr, (1 << v->num_components) - 1);
   return slot;
}

static inline void
set_in(struct h *h, unsigned slot, unsigned comp, float l0, float l1, float l2,
       float l3)
{
   h->in[slot][comp][0] = l0;
   h->in[slot][comp][1] = l1;
   h->in[slot][comp][2] = l2;
   h->in[slot][comp][3] = l3;
}

/* Expands @p name(@p params) on @p args (matrix arguments as columns in
 * consecutive entries of args_cols); returns the call. */
static inline struct glsl_builtin_call *
call(struct h *h, const char *name, const char *params,
     struct ir_def *const *args, unsigned num_args)
{
   const struct glsl_function_sig *sig =
      test_find_sig(h->mem, &h->env, name, params);
   if (!sig)
      fprintf(stderr, "no %s(%s)\n", name, params);
   assert_non_null(sig);
   struct glsl_builtin_call *c = u_arena_zalloc(h->mem, sizeof(*c));
   c->sig = sig;
   unsigned a = 0;
   for (unsigned i = 0; i < sig->num_params; i++) {
      const struct ir_type *t = sig->params[i]->type;
      if (t->base == IR_TYPE_SAMPLER ||
          sig->params[i]->storage == GLSL_STORAGE_PARAM_OUT)
         continue;
      for (unsigned col = 0; col < t->matrix_columns; col++) {
         assert_true(a < num_args);
         c->args[i][col] = args[a++];
      }
   }
   assert_int_equal(a, num_args);
   assert_true(glsl_builtin_emit(&h->b, c));
   return c;
}

/* One-result call writing its result to an output; returns the slot. */
static inline unsigned
call_out(struct h *h, const char *name, const char *params,
         struct ir_def *const *args, unsigned num_args)
{
   return out(h, call(h, name, params, args, num_args)->result[0]);
}

static inline void
run_tex(struct h *h, ir_exec_tex_fn tex, void *tex_data)
{
   char *err = NULL;
   if (!ir_validate(h->s, &err)) {
      fprintf(stderr, "invalid: %s\n%s\n", err,
              ir_shader_to_string(h->s, h->mem));
      fail();
   }
   struct ir_exec_program *prog = ir_exec_program_create(h->mem, h->s, &err);
   if (!prog)
      fprintf(stderr, "exec: %s\n", err ? err : "?");
   assert_non_null(prog);
   struct ir_exec_state *st = ir_exec_state_create(prog, LANES);
   assert_non_null(st);
   uint32_t inw[SLOTS * 4 * LANES];
   memcpy(inw, h->in, sizeof(inw));
   struct ir_exec_io io = {
      .inputs = inw,
      .num_input_slots = SLOTS,
      .outputs = &h->out[0][0][0],
      .num_output_slots = SLOTS,
      .tex = tex,
      .tex_data = tex_data,
   };
   ir_exec_state_set_io(st, &io);
   assert_true(ir_exec_run(st, 0xf, 0));
   ir_exec_state_destroy(st);
}

/* Fails unless the shader validates. */
#define IR_ASSERT_VALID_SHADER(h)                        \
   do {                                                  \
      char *verr = NULL;                                 \
      if (!ir_validate((h)->s, &verr)) {                 \
         fprintf(stderr, "invalid: %s\n%s\n", verr,      \
                 ir_shader_to_string((h)->s, (h)->mem)); \
         fail();                                         \
      }                                                  \
   } while (0)

static inline void
run(struct h *h)
{
   run_tex(h, NULL, NULL);
}

static inline float
outf(struct h *h, unsigned slot, unsigned comp, unsigned lane)
{
   float f;
   memcpy(&f, &h->out[slot][comp][lane], 4);
   return f;
}

#endif
