/* SPDX-License-Identifier: MIT */

/*
 * Shader CSOs of swrast: the frontend's IR is prepared once, at creation,
 * for the interpreter.
 *
 * The driver owns pipe_shader_state::ir (the contract in p_state.h), so
 * the passes run on it in place: ir_lower_io() turns input/output
 * variables into load_input/store_output with dense slots (vertex inputs
 * and varyings packed by location; fragment outputs keep their location),
 * ir_lower_uniforms() turns uniforms into buffer loads (default block at
 * the byte offsets the frontend assigned, block i from buffer i + 1),
 * ir_optimize() cleans up and ir_shader_gather_info() records what the
 * shader reads and writes.  Then the entry point is decoded for the
 * interpreter (ir_exec_program_create()).
 *
 * The slot maps of struct sw_shader come from the variables, which keep
 * their location and driver_location after lowering: a variable covering
 * n slots (ir_type_slot_count()) maps slot driver_location + i to API
 * location location + i.
 *
 * Geometry shaders: their inputs are arrays over the input vertices
 * (each with its varying location, the contract of pipe_shader_state),
 * which ir_lower_io() leaves as derefs.  lower_gs_inputs() gives them
 * dense driver locations in declaration order and lowers them like
 * ordinary arrays (vertex v of element slot j of a variable at driver
 * location d is slot d + v * slot_count(element) + j), so that the
 * interpreter reads one flat slot array; input_vertex[] and
 * input_location[] record which vertex and varying each slot is.  The
 * program then runs with emit_vertex/end_primitive callbacks
 * (sw_draw_gs.c).
 */
#include <stdlib.h>
#include <string.h>

#include "sw_context.h"
#include "compiler/ir/ir.h"
#include "compiler/ir/ir_exec.h"
#include "compiler/ir/ir_passes.h"
#include "compiler/ir/ir_passes_io.h"

/** Options for the interpreter: it runs every opcode, so nothing is
 * lowered; if-to-select and unrolling pay off because divergent control
 * flow costs the interpreter mask operations on every lane group. */
const struct ir_compiler_options sw_compiler_options = {
   .max_select_cost = 8,
   .max_unroll_instructions = 256,
};

static enum ir_base_type
scalar_base(const struct ir_type *t)
{
   while (t->base == IR_TYPE_ARRAY)
      t = t->element;
   return t->base;
}

static enum sw_input_kind
input_kind(const struct ir_type *t)
{
   switch (scalar_base(t)) {
   case IR_TYPE_INT:
   case IR_TYPE_INT16:
   case IR_TYPE_INT64:
   case IR_TYPE_BOOL:
      return SW_INPUT_SINT;
   case IR_TYPE_UINT:
   case IR_TYPE_UINT16:
   case IR_TYPE_UINT64:
      return SW_INPUT_UINT;
   default:
      return SW_INPUT_FLOAT;
   }
}

/**
 * Lowers the geometry shader's array inputs: dense driver locations in
 * declaration order, then ir_lower_io() with the shader presented as a
 * vertex shader (the only stage difference of the pass is that it skips
 * geometry inputs) so that the outer array index becomes part of the
 * slot.
 */
static void
lower_gs_inputs(struct ir_shader *ir)
{
   unsigned next = 0;
   ir_foreach_variable (ir, var) {
      if (var->mode != IR_VAR_SHADER_IN)
         continue;
      var->driver_location = next;
      next += ir_type_slot_count(var->type);
   }
   ir->stage = IR_STAGE_VERTEX;
   ir_lower_io(ir);
   ir->stage = IR_STAGE_GEOMETRY;
}

/** Slot maps of a geometry shader input: T[N] covers N slot groups of
 * slot_count(T), one per vertex. */
static void
map_gs_input(struct sw_shader *sh, const struct ir_variable *var)
{
   const struct ir_type *t = var->type;
   unsigned verts = 1;
   if (ir_type_is_array(t) && t->length) {
      verts = t->length;
      t = t->element;
   }
   unsigned n = ir_type_slot_count(t);
   for (unsigned v = 0; v < verts; v++) {
      for (unsigned j = 0; j < n; j++) {
         unsigned slot = var->driver_location + v * n + j;
         sh->input_location[slot] =
            var->location >= 0 ? var->location + (int)j : -1;
         sh->input_vertex[slot] = (int8_t)v;
         sh->input_interp[slot] = (uint8_t)var->interp;
         sh->input_kind[slot] = (uint8_t)input_kind(t);
         if (slot + 1 > sh->num_inputs)
            sh->num_inputs = slot + 1;
      }
   }
}

/** Fills the slot maps from the lowered variables; false if a slot is
 * beyond SW_MAX_SHADER_SLOTS. */
static bool
build_slot_maps(struct sw_shader *sh)
{
   for (unsigned i = 0; i < SW_MAX_SHADER_SLOTS; i++) {
      sh->input_location[i] = -1;
      sh->output_location[i] = -1;
      sh->input_slot[i] = -1;
      sh->output_slot[i] = -1;
      sh->input_vertex[i] = -1;
   }
   ir_foreach_variable (sh->ir, var) {
      bool in = var->mode == IR_VAR_SHADER_IN;
      if (!in && var->mode != IR_VAR_SHADER_OUT)
         continue;
      unsigned n = ir_type_slot_count(var->type);
      if (var->driver_location + n > SW_MAX_SHADER_SLOTS)
         return false;
      /* Dual-source outputs share the slot of index 0 (see
       * ir_lower_io.c): their location is not a new slot. */
      if (!in && var->index != 0)
         continue;
      if (in && sh->stage == PIPE_SHADER_GEOMETRY) {
         map_gs_input(sh, var);
         continue;
      }
      for (unsigned i = 0; i < n; i++) {
         unsigned slot = var->driver_location + i;
         int loc = var->location >= 0 ? var->location + (int)i : -1;
         if (in) {
            sh->input_location[slot] = loc;
            sh->input_interp[slot] = (uint8_t)var->interp;
            sh->input_interp_explicit[slot] = var->interp_explicit;
            sh->input_kind[slot] = (uint8_t)input_kind(var->type);
            if (slot + 1 > sh->num_inputs)
               sh->num_inputs = slot + 1;
            if (loc >= 0 && loc < SW_MAX_SHADER_SLOTS)
               sh->input_slot[loc] = (int8_t)slot;
         } else {
            sh->output_location[slot] = loc;
            if (slot + 1 > sh->num_outputs)
               sh->num_outputs = slot + 1;
            if (loc >= 0 && loc < SW_MAX_SHADER_SLOTS)
               sh->output_slot[loc] = (int8_t)slot;
         }
      }
   }
   return true;
}

/*
 * Dual-source blending: the second colour (layout(index = 1)) would share
 * the slot of the first (ir_lower_io gives fragment outputs their
 * location); it gets a location of its own, SW_FRAG_RESULT_DUAL_SOURCE,
 * which the rasterizer hands to the fragment operations as color1.
 */
static void
separate_dual_source(struct ir_shader *ir)
{
   ir_foreach_variable (ir, var) {
      if (var->mode == IR_VAR_SHADER_OUT && var->index == 1 &&
          var->location == 0) {
         var->index = 0;
         var->location = SW_FRAG_RESULT_DUAL_SOURCE;
      }
   }
}

static void
shader_destroy(struct sw_shader *sh)
{
   if (!sh)
      return;
   if (sh->vs_state)
      ir_exec_state_destroy(sh->vs_state);
   if (sh->prog)
      ir_exec_program_destroy(sh->prog);
   if (sh->ir)
      ir_shader_destroy(sh->ir);
   free(sh);
}

static void *
shader_create(enum pipe_shader_type stage,
              const struct pipe_shader_state *templ)
{
   struct ir_shader *ir = templ->ir;
   if (!ir)
      return NULL;
   struct sw_shader *sh = calloc(1, sizeof(*sh));
   if (!sh) {
      ir_shader_destroy(ir);
      return NULL;
   }
   sh->stage = stage;
   sh->ir = ir;
   sh->stream_output = templ->stream_output;

   static const enum ir_stage ir_stages[PIPE_SHADER_TYPES] = {
      [PIPE_SHADER_VERTEX] = IR_STAGE_VERTEX,
      [PIPE_SHADER_GEOMETRY] = IR_STAGE_GEOMETRY,
      [PIPE_SHADER_FRAGMENT] = IR_STAGE_FRAGMENT,
   };
   if (ir->stage != ir_stages[stage])
      goto fail;

   if (stage == PIPE_SHADER_GEOMETRY)
      lower_gs_inputs(ir);
   if (stage == PIPE_SHADER_FRAGMENT)
      separate_dual_source(ir);
   ir_lower_io(ir);
   ir_lower_uniforms(ir);
   ir_optimize(ir, &sw_compiler_options);
   ir_shader_gather_info(ir);
   if (!build_slot_maps(sh))
      goto fail;

   sh->prog = ir_exec_program_create(NULL, ir, NULL);
   if (!sh->prog)
      goto fail;
   return sh;
fail:
   shader_destroy(sh);
   return NULL;
}

static void *
sw_create_vs_state(struct pipe_context *ctx,
                   const struct pipe_shader_state *templ)
{
   return shader_create(PIPE_SHADER_VERTEX, templ);
}

static void *
sw_create_gs_state(struct pipe_context *ctx,
                   const struct pipe_shader_state *templ)
{
   return shader_create(PIPE_SHADER_GEOMETRY, templ);
}

static void *
sw_create_fs_state(struct pipe_context *ctx,
                   const struct pipe_shader_state *templ)
{
   return shader_create(PIPE_SHADER_FRAGMENT, templ);
}

static void
sw_bind_vs_state(struct pipe_context *ctx, void *cso)
{
   sw_context(ctx)->vs = cso;
}

static void
sw_bind_gs_state(struct pipe_context *ctx, void *cso)
{
   sw_context(ctx)->gs = cso;
}

static void
sw_bind_fs_state(struct pipe_context *ctx, void *cso)
{
   sw_context(ctx)->fs = cso;
}

static void
sw_delete_shader_state(struct pipe_context *ctx, void *cso)
{
   shader_destroy(cso);
}

void
sw_init_shader_functions(struct sw_context *sw)
{
   struct pipe_context *ctx = &sw->base;
   ctx->create_vs_state = sw_create_vs_state;
   ctx->bind_vs_state = sw_bind_vs_state;
   ctx->delete_vs_state = sw_delete_shader_state;
   ctx->create_gs_state = sw_create_gs_state;
   ctx->bind_gs_state = sw_bind_gs_state;
   ctx->delete_gs_state = sw_delete_shader_state;
   ctx->create_fs_state = sw_create_fs_state;
   ctx->bind_fs_state = sw_bind_fs_state;
   ctx->delete_fs_state = sw_delete_shader_state;
}
