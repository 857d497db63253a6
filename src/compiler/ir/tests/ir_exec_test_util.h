/* SPDX-License-Identifier: MIT */

/*
 * A small fixture for the interpreter's tests: parses a shader, decodes
 * it, creates a state of a given width and wires inputs and outputs to
 * arrays of SLOTS slots ([slot][component][lane] words).
 *
 * Include after <cmocka.h>; every function fails the current test on
 * error.
 */
#ifndef IR_EXEC_TEST_UTIL_H
#define IR_EXEC_TEST_UTIL_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compiler/ir/ir.h"
#include "compiler/ir/ir_exec.h"
#include "compiler/ir/tests/ir_test_helpers.h"

#define FX_SLOTS 8

struct fx {
   struct u_arena *arena;
   struct ir_shader *shader;
   struct ir_exec_program *prog;
   struct ir_exec_state *st;
   unsigned width;
   uint32_t in[FX_SLOTS * 4 * IR_EXEC_MAX_WIDTH];
   uint32_t out[FX_SLOTS * 4 * IR_EXEC_MAX_WIDTH];
   struct ir_exec_io io;
};

/** Parses and decodes @p text; NULL (without failing) if @p error is not
 * NULL and decoding fails, with the message in *error. */
static inline struct fx *
fx_create_or_error(const char *text, unsigned width, char **error)
{
   struct fx *f = calloc(1, sizeof(*f));
   assert_non_null(f);
   f->arena = u_arena_create(NULL);
   f->width = width;
   f->shader = ir_test_parse(f->arena, text, __FILE__, __LINE__);
   char *msg = NULL;
   f->prog = ir_exec_program_create(f->arena, f->shader, &msg);
   if (!f->prog) {
      if (error) {
         *error = msg;
         return f;
      }
      fprintf(stderr, "decode error: %s\n%s\n", msg ? msg : "?", text);
      fail();
   }
   f->st = ir_exec_state_create(f->prog, width);
   assert_non_null(f->st);
   f->io.inputs = f->in;
   f->io.num_input_slots = FX_SLOTS;
   f->io.outputs = f->out;
   f->io.num_output_slots = FX_SLOTS;
   ir_exec_state_set_io(f->st, &f->io);
   return f;
}

static inline struct fx *
fx_create(const char *text, unsigned width)
{
   return fx_create_or_error(text, width, NULL);
}

static inline void
fx_destroy(struct fx *f)
{
   ir_exec_state_destroy(f->st);
   u_arena_destroy(f->arena);
   free(f);
}

static inline uint32_t *
fx_in(struct fx *f, unsigned slot, unsigned comp, unsigned lane)
{
   return &f->in[(slot * 4 + comp) * f->width + lane];
}

static inline uint32_t *
fx_out(struct fx *f, unsigned slot, unsigned comp, unsigned lane)
{
   return &f->out[(slot * 4 + comp) * f->width + lane];
}

static inline void
fx_set_f(struct fx *f, unsigned slot, unsigned comp, unsigned lane, float v)
{
   *fx_in(f, slot, comp, lane) = ir_test_fbits(v);
}

static inline float
fx_out_f(struct fx *f, unsigned slot, unsigned comp, unsigned lane)
{
   return ir_test_bitsf(*fx_out(f, slot, comp, lane));
}

/** Fills every output word with @p pattern (to see what was written). */
static inline void
fx_clear_out(struct fx *f, uint32_t pattern)
{
   for (size_t i = 0; i < sizeof(f->out) / sizeof(f->out[0]); i++)
      f->out[i] = pattern;
}

static inline void
fx_run(struct fx *f, uint64_t active, uint64_t helper)
{
   assert_true(ir_exec_run(f->st, active, helper));
}

static inline uint64_t
fx_all(const struct fx *f)
{
   return f->width == 64 ? ~0ull : (1ull << f->width) - 1;
}

#endif
