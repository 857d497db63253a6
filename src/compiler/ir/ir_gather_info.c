/* SPDX-License-Identifier: MIT */

/*
 * ir_shader_gather_info(): fill the summary fields of shader->info that a
 * driver reads to set up a shader (which varyings to route, how many
 * uniform bytes and texture slots to bind, whether early depth testing is
 * possible...) from the shader as it is, before or after I/O and uniform
 * lowering.
 *
 *  - inputs_read / outputs_written: bit N for location N (the API
 *    location: vertex attribute, varying, or fragment output with
 *    IR_FRAG_RESULT_DEPTH and IR_FRAG_RESULT_SAMPLE_MASK).  Lowered
 *    accesses give it in their `location` index (plus a constant offset);
 *    a dynamic offset marks the rest of the variable holding that
 *    location.  Accesses still through derefs mark the whole variable.
 *    Locations beyond 63 are not recorded.  load_output counts as a read
 *    of an output, not as a write.
 *  - num_uniform_bytes: the end of the last default-block uniform
 *    (driver_location + std140 size; meaningful once the uniforms have
 *    their offsets, i.e. after ir_lower_uniforms()).
 *  - num_ubos: one past the last block index (driver_location + number of
 *    blocks of the variable).
 *  - num_textures: one past the highest texture or sampler slot used by a
 *    tex instruction.
 *  - fs.uses_discard (discard, discard_if), fs.uses_demote (demote,
 *    demote_if), fs.uses_derivatives (ddx/ddy in any form, and tex, txb
 *    and query_lod, which take implicit derivatives), fs.writes_depth (a
 *    write to IR_FRAG_RESULT_DEPTH).
 *
 * Every other info field is left alone.  The pass changes no instruction.
 */
#include "compiler/ir/ir.h"
#include "compiler/ir/ir_passes_io.h"

static unsigned
flat_length(const struct ir_type *t)
{
   unsigned n = 1;
   while (ir_type_is_array(t)) {
      n *= t->length;
      t = t->element;
   }
   return n;
}

static bool
is_sampler_type(const struct ir_type *t)
{
   while (ir_type_is_array(t))
      t = t->element;
   return t->base == IR_TYPE_SAMPLER;
}

static void
mark(uint64_t *mask, int first, unsigned count)
{
   for (unsigned i = 0; i < count; i++) {
      if (first >= 0 && (unsigned)first + i < 64)
         *mask |= 1ull << ((unsigned)first + i);
   }
}

static void
mark_variable(uint64_t *mask, const struct ir_variable *var)
{
   mark(mask, var->location, ir_type_slot_count(var->type));
}

/* The variable of @p mode that covers location @p loc, or NULL. */
static const struct ir_variable *
variable_at(const struct ir_shader *shader, enum ir_var_mode mode, int loc)
{
   ir_foreach_variable (shader, var) {
      if (var->mode == mode && var->location >= 0 && loc >= var->location &&
          (unsigned)(loc - var->location) < ir_type_slot_count(var->type))
         return var;
   }
   return NULL;
}

/* A lowered access at location index + src offset. */
static void
mark_lowered(const struct ir_shader *shader, uint64_t *mask,
             enum ir_var_mode mode, const struct ir_intrinsic *intr,
             const struct ir_src *offset)
{
   int loc = ir_intrinsic_location(intr);
   struct ir_load_const *lc = ir_def_as_load_const(offset->def);
   if (lc) {
      mark(mask, loc + (int)lc->value[0].u32, 1);
      return;
   }
   const struct ir_variable *var = variable_at(shader, mode, loc);
   if (var)
      mark(mask, loc,
           ir_type_slot_count(var->type) - (unsigned)(loc - var->location));
   else
      mark(mask, loc, 1);
}

static const struct ir_variable *
deref_variable(const struct ir_src *src)
{
   const struct ir_deref *d = ir_src_as_deref(src);
   return d ? d->var : NULL;
}

static void
gather_intrinsic(struct ir_shader *shader, struct ir_intrinsic *intr)
{
   struct ir_shader_info *info = &shader->info;
   bool fs = shader->stage == IR_STAGE_FRAGMENT;
   switch (intr->op) {
   case IR_INTRINSIC_LOAD_INPUT:
      mark_lowered(shader, &info->inputs_read, IR_VAR_SHADER_IN, intr,
                   &intr->src[0]);
      break;
   case IR_INTRINSIC_STORE_OUTPUT: {
      mark_lowered(shader, &info->outputs_written, IR_VAR_SHADER_OUT, intr,
                   &intr->src[1]);
      if (fs && ir_intrinsic_location(intr) == IR_FRAG_RESULT_DEPTH)
         info->fs.writes_depth = true;
      break;
   }
   case IR_INTRINSIC_LOAD_DEREF:
   case IR_INTRINSIC_STORE_DEREF:
   case IR_INTRINSIC_COPY_DEREF: {
      bool load = intr->op == IR_INTRINSIC_LOAD_DEREF;
      for (unsigned i = 0; i < (intr->op == IR_INTRINSIC_COPY_DEREF ? 2 : 1);
           i++) {
         const struct ir_variable *var = deref_variable(&intr->src[i]);
         bool reads = load || i == 1;
         if (!var)
            continue;
         if (var->mode == IR_VAR_SHADER_IN && reads)
            mark_variable(&info->inputs_read, var);
         if (var->mode == IR_VAR_SHADER_OUT && !reads) {
            mark_variable(&info->outputs_written, var);
            if (fs && var->location == IR_FRAG_RESULT_DEPTH)
               info->fs.writes_depth = true;
         }
      }
      break;
   }
   case IR_INTRINSIC_DISCARD:
   case IR_INTRINSIC_DISCARD_IF:
      info->fs.uses_discard = true;
      break;
   case IR_INTRINSIC_DEMOTE:
   case IR_INTRINSIC_DEMOTE_IF:
      info->fs.uses_demote = true;
      break;
   default:
      if (ir_intrinsic_infos[intr->op].flags & IR_INTRINSIC_DERIVATIVE)
         info->fs.uses_derivatives = true;
      break;
   }
}

static void
gather_tex(struct ir_shader *shader, const struct ir_tex *tex)
{
   struct ir_shader_info *info = &shader->info;
   unsigned slots =
      (tex->texture_index > tex->sampler_index ? tex->texture_index
                                               : tex->sampler_index) +
      1;
   if (slots > info->num_textures)
      info->num_textures = slots;
   if (shader->stage == IR_STAGE_FRAGMENT &&
       (tex->op == IR_TEX_OP_TEX || tex->op == IR_TEX_OP_TXB ||
        tex->op == IR_TEX_OP_QUERY_LOD))
      info->fs.uses_derivatives = true;
}

void
ir_shader_gather_info(struct ir_shader *shader)
{
   struct ir_shader_info *info = &shader->info;
   info->inputs_read = 0;
   info->outputs_written = 0;
   info->num_uniform_bytes = 0;
   info->num_ubos = 0;
   info->num_textures = 0;
   info->fs.uses_discard = false;
   info->fs.uses_demote = false;
   info->fs.uses_derivatives = false;
   info->fs.writes_depth = false;

   ir_foreach_variable (shader, var) {
      if (var->mode == IR_VAR_UNIFORM && !is_sampler_type(var->type)) {
         unsigned end =
            var->driver_location + ir_type_std140_size(var->type, false);
         if (end > info->num_uniform_bytes)
            info->num_uniform_bytes = end;
      } else if (var->mode == IR_VAR_UBO) {
         unsigned end = var->driver_location + flat_length(var->type);
         if (end > info->num_ubos)
            info->num_ubos = end;
      }
   }

   ir_foreach_function (shader, fn) {
      ir_foreach_block (fn, block) {
         ir_foreach_instr (block, instr) {
            struct ir_intrinsic *intr = ir_instr_as_intrinsic(instr);
            struct ir_tex *tex = ir_instr_as_tex(instr);
            if (intr)
               gather_intrinsic(shader, intr);
            else if (tex)
               gather_tex(shader, tex);
         }
      }
   }
}
