/* SPDX-License-Identifier: MIT */

/*
 * The vertex stage of a draw run for its outputs (st_vertex_capture.c):
 * a copy of the bound vertex shader CSO whose stream output writes the
 * requested varying slots, kept in the shader CSO cache entry next to
 * the draw's CSOs (one per entry, remade when another set of slots is
 * asked for).
 *
 * The slots a vertex shader writes are those of its output variables
 * (a variable of n slots at location l covers l .. l + n - 1); a slot it
 * does not write is not captured, so the caller can tell "not written"
 * from a written zero.
 */
#include <string.h>

#include "pipe/p_context.h"
#include "st_context.h"
#include "st_program_priv.h"

/** The varying slots the outputs of @p vs cover. */
static uint64_t
written_slots(const struct ir_shader *vs)
{
   uint64_t mask = 0;
   ir_foreach_variable (vs, var) {
      if (var->mode != IR_VAR_SHADER_OUT || var->location < 0)
         continue;
      unsigned n = ir_type_slot_count(var->type);
      for (unsigned i = 0; i < n; i++) {
         unsigned slot = (unsigned)var->location + i;
         if (slot < 64)
            mask |= 1ull << slot;
      }
   }
   return mask;
}

/** The stream output of @p slots: four words each, in slot order, in
 * buffer 0. */
static void
capture_layout(uint64_t slots, struct pipe_stream_output_info *so)
{
   memset(so, 0, sizeof(*so));
   for (unsigned slot = 0; slot < 64; slot++) {
      if (!(slots & (1ull << slot)) || so->num_outputs == PIPE_MAX_SO_OUTPUTS)
         continue;
      so->output[so->num_outputs] = (struct pipe_stream_output){
         .register_index = slot,
         .num_components = 4,
         .dst_offset = 4 * so->num_outputs,
      };
      so->num_outputs++;
   }
   so->stride[0] = 4 * so->num_outputs;
}

bool
st_program_bind_capture_vs(struct st_context *ctx, uint64_t slots,
                           uint64_t *captured)
{
   struct st_program_state *ps = ctx->program;
   struct st_cso_entry *e = ps->bound[IR_STAGE_VERTEX];
   if (!e || !e->exec || !e->exec->prog->stages[IR_STAGE_VERTEX])
      return false;
   const struct ir_shader *vs = e->exec->prog->stages[IR_STAGE_VERTEX];
   slots &= written_slots(vs);
   if (!e->capture_vs || e->capture_slots != slots) {
      struct pipe_context *pipe = ctx->pipe;
      if (e->capture_vs)
         pipe->delete_vs_state(pipe, e->capture_vs);
      e->capture_vs = NULL;
      /* The driver owns (and frees) the copy, even when create fails. */
      struct pipe_shader_state state = { .ir = ir_shader_clone(NULL, vs) };
      if (!state.ir)
         return false;
      capture_layout(slots, &state.stream_output);
      e->capture_vs = pipe->create_vs_state(pipe, &state);
      if (!e->capture_vs)
         return false;
      e->capture_slots = slots;
   }
   ctx->pipe->bind_vs_state(ctx->pipe, e->capture_vs);
   *captured = slots;
   return true;
}

void
st_program_unbind_capture_vs(struct st_context *ctx)
{
   struct st_cso_entry *e = ctx->program->bound[IR_STAGE_VERTEX];
   ctx->pipe->bind_vs_state(ctx->pipe, e ? e->cso[IR_STAGE_VERTEX] : NULL);
}
