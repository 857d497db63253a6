/* SPDX-License-Identifier: MIT */

/*
 * What the tests of the backend-preparation passes (out-of-SSA, parallel
 * copies, I/O and uniform lowering) add to ir_test_helpers.h: the inputs,
 * outputs, uniforms, uniform blocks and system values of a run on BT_WIDTH
 * lanes of BT_SLOTS slots (struct bt_io, bt_run()), and BT_CHECK_PASS(),
 * the pass contract (ir_test_check_pass()) for passes without arguments,
 * expecting progress unless @p expected is NULL.
 *
 * Include after <cmocka.h>.
 */
#ifndef IR_BACKEND_TEST_UTIL_H
#define IR_BACKEND_TEST_UTIL_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compiler/ir/ir.h"
#include "compiler/ir/ir_exec.h"
#include "compiler/ir/tests/ir_test_helpers.h"

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
bt_run_at(struct ir_shader *shader, struct bt_io *io, const char *file,
          int line)
{
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
   struct ir_test_exec *e =
      ir_test_exec_create(shader, BT_WIDTH, 1u << 20, &eio, file, line);
   ir_test_exec_run(e, ir_test_lanes(BT_WIDTH), 0xdeadbeef, file, line);
   ir_test_exec_destroy(e);
}

#define bt_run(shader, io) bt_run_at((shader), (io), __FILE__, __LINE__)

/** Fails the test with @p what and the message unless @p shader
 * validates. */
#define bt_validate(shader, what) IR_ASSERT_VALID((shader), (what))

/** The pass contract for @p pass: progress and the printed result
 * @p expected, or no progress and no change when @p expected is NULL.
 * Returns the shader. */
static inline struct ir_shader *
bt_check_pass(struct u_arena *arena, bool (*pass)(struct ir_shader *),
              const char *input, const char *expected, const char *file,
              int line)
{
   const struct ir_test_plain_pass p = { pass };
   return ir_test_check_pass(arena, ir_test_run_plain_pass, &p, input,
                             expected != NULL, expected, 0, file, line);
}

#define BT_CHECK_PASS(arena, pass, input, expected) \
   bt_check_pass((arena), (pass), (input), (expected), __FILE__, __LINE__)

#endif
