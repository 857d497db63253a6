/* SPDX-License-Identifier: MIT */

/*
 * Helpers of the tests of the backend-preparation passes (out-of-SSA,
 * parallel copies, I/O and uniform lowering): running a shader object in
 * the interpreter on given inputs and uniforms, and checking the pass
 * contract (progress, validation, no progress the second time).
 *
 * Include after <cmocka.h> and ir_test_helpers.h.
 */
#ifndef IR_BACKEND_TEST_UTIL_H
#define IR_BACKEND_TEST_UTIL_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compiler/ir/ir.h"
#include "compiler/ir/ir_exec.h"

#define BT_SLOTS 16
#define BT_WIDTH 8

/** What a run reads and writes: [slot][component][lane] words. */
struct bt_io {
   uint32_t in[BT_SLOTS * 4 * BT_WIDTH];
   uint32_t out[BT_SLOTS * 4 * BT_WIDTH];
   const void *uniforms;
   size_t uniform_size;
   const void *ubos[4];
   size_t ubo_sizes[4];
   unsigned num_ubos;
   /** Per-lane system values ([component][lane]), or NULL. */
   const uint32_t *sysval_lanes[IR_EXEC_SYSVAL_COUNT];
};

static inline uint32_t *
bt_in(struct bt_io *io, unsigned slot, unsigned comp, unsigned lane)
{
   return &io->in[(slot * 4 + comp) * BT_WIDTH + lane];
}

static inline uint32_t *
bt_out(struct bt_io *io, unsigned slot, unsigned comp, unsigned lane)
{
   return &io->out[(slot * 4 + comp) * BT_WIDTH + lane];
}

/** Runs @p shader on all BT_WIDTH lanes (outputs start as 0xdeadbeef);
 * fails the test if it cannot be decoded or does not finish. */
static inline void
bt_run(struct ir_shader *shader, struct bt_io *io)
{
   char *error = NULL;
   struct ir_exec_program *prog = ir_exec_program_create(NULL, shader, &error);
   if (!prog) {
      char *text = ir_shader_to_string(shader, shader->arena);
      fail_msg("decode error: %s\n%s", error ? error : "?", text);
   }
   struct ir_exec_state *st = ir_exec_state_create(prog, BT_WIDTH);
   assert_non_null(st);
   struct ir_exec_io eio = {
      .inputs = io->in,
      .num_input_slots = BT_SLOTS,
      .outputs = io->out,
      .num_output_slots = BT_SLOTS,
      .uniforms = io->uniforms,
      .uniform_size = io->uniform_size,
      .ubos = io->ubos,
      .ubo_sizes = io->ubo_sizes,
      .num_ubos = io->num_ubos,
   };
   for (unsigned v = 0; v < IR_EXEC_SYSVAL_COUNT; v++)
      eio.sysval_lanes[v] = io->sysval_lanes[v];
   for (size_t i = 0; i < sizeof(io->out) / sizeof(io->out[0]); i++)
      io->out[i] = 0xdeadbeef;
   ir_exec_state_set_io(st, &eio);
   ir_exec_state_set_loop_limit(st, 1u << 20);
   bool ok = ir_exec_run(st, (1ull << BT_WIDTH) - 1, 0);
   ir_exec_state_destroy(st);
   ir_exec_program_destroy(prog);
   assert_true(ok);
}

/** Fails the test with @p what and the message unless @p shader
 * validates. */
static inline void
bt_validate(struct ir_shader *shader, const char *what)
{
   char *error = NULL;
   if (!ir_validate(shader, &error)) {
      char *text = ir_shader_to_string(shader, shader->arena);
      fail_msg("%s: the shader does not validate: %s\n%s", what,
               error ? error : "?", text);
   }
}

/** Runs @p pass on the text @p input; checks progress, the printed result
 * (whitespace-insensitive), validation, and that a second run makes no
 * progress.  Returns the shader. */
#define BT_CHECK_PASS(arena, pass, input, expected)                     \
   bt_check_pass((arena), #pass, (pass), (input), (expected), __FILE__, \
                 __LINE__)

static inline struct ir_shader *
bt_check_pass(struct u_arena *arena, const char *name,
              bool (*pass)(struct ir_shader *), const char *input,
              const char *expected, const char *file, int line)
{
   struct ir_shader *s = ir_test_parse(arena, input, file, line);
   bt_validate(s, "input");
   bool progress = pass(s);
   if (expected) {
      if (!progress)
         fail_msg("%s made no progress (%s:%d)", name, file, line);
      ir_test_assert_text(s, expected, file, line);
   } else if (progress) {
      char *text = ir_shader_to_string(s, arena);
      fail_msg("%s made progress where it must not (%s:%d):\n%s", name, file,
               line, text);
   }
   bt_validate(s, name);
   if (pass(s))
      fail_msg("%s made progress the second time (%s:%d)", name, file, line);
   return s;
}

#endif
