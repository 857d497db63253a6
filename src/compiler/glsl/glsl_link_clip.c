/* SPDX-License-Identifier: MIT */

/*
 * gl_ClipDistance packed four floats a slot.
 *
 * The varying slots IR_VARYING_SLOT_CLIP_DIST0 and _DIST1 hold distances
 * 0-3 and 4-7 in their components (what the clipper reads), but a
 * float[K] variable would take one slot per element.  So every
 * gl_ClipDistance of the program (vertex and geometry outputs, fragment
 * inputs, and the geometry stage's gl_in.gl_ClipDistance, an array over
 * vertices of float[K]) becomes vec4[(K + 3) / 4], and each element
 * access becomes a component of one of the vectors:
 *
 *    %2 = deref_array %1[%i]     →     %h = ushr %i, 2    %l = iand %i, 3
 *    (float)                           %a = deref_array %1[%h]  (vec4)
 *                                      %2' = deref_array %a[%l] (float)
 *
 * Derefs above the float level (the variable, a vertex of gl_in) only
 * change type.  Any other use of the array (a whole-array copy) is a
 * link error; the translation copies aggregates element by element, so
 * it does not happen for GLSL sources.
 */
#include <string.h>

#include "compiler/ir/ir_builder.h"
#include "compiler/ir/ir_passes_io.h"
#include "glsl_link_priv.h"

/* Rewrites the accesses of @p var, whose float[K] sits @p depth array
 * levels below the variable (0, or 1 for gl_in's vertices); @p packed is
 * the new type of that level. */
static bool
pack_var(struct glsl_link *l, struct ir_shader *sh, struct ir_variable *var,
         unsigned depth, const struct ir_type *packed)
{
   var->type =
      depth ? ir_type_array(sh->arena, packed, var->type->length) : packed;
   if (!var->type)
      return false;
   ir_foreach_function (sh, fn) {
      ir_foreach_block (fn, block) {
         ir_foreach_instr_safe (block, instr) {
            struct ir_deref *d = ir_instr_as_deref(instr);
            if (!d || d->var != var)
               continue;
            if (d->deref_kind == IR_DEREF_VAR) {
               d->type = var->type;
               continue;
            }
            struct ir_deref *p = ir_src_as_deref(&d->parent);
            if (d->deref_kind != IR_DEREF_ARRAY || !p) {
               glsl_link_error(l, "unsupported access to gl_ClipDistance");
               return false;
            }
            if (ir_type_is_array(p->type) &&
                ir_type_is_array(p->type->element)) {
               /* A vertex of gl_in: its element is the packed array. */
               d->type = p->type->element;
               continue;
            }
            struct ir_builder b = ir_builder_at(fn, ir_before_instr(instr));
            struct ir_def *i = d->index.def;
            struct ir_def *hi =
               ir_build_alu(&b, IR_OP_USHR, i, ir_imm_int(&b, 2), NULL, NULL);
            struct ir_def *lo =
               ir_build_alu(&b, IR_OP_IAND, i, ir_imm_int(&b, 3), NULL, NULL);
            struct ir_def *vec = ir_build_deref_array(&b, &p->def, hi);
            struct ir_def *comp =
               vec ? ir_build_deref_array(&b, vec, lo) : NULL;
            if (!comp)
               return false;
            ir_def_rewrite_uses(&d->def, comp);
            ir_instr_remove(instr);
         }
      }
   }
   return true;
}

bool
glsl_link_clip_distances(struct glsl_link *l)
{
   for (unsigned s = 0; s < IR_STAGE_COUNT; s++) {
      struct ir_shader *sh = l->prog->stages[s];
      if (!sh)
         continue;
      ir_foreach_variable (sh, var) {
         if (var->mode != IR_VAR_SHADER_IN && var->mode != IR_VAR_SHADER_OUT)
            continue;
         unsigned depth;
         if (strcmp(var->name, "gl_ClipDistance") == 0)
            depth = 0;
         else if (strcmp(var->name, "gl_in.gl_ClipDistance") == 0)
            depth = 1;
         else
            continue;
         const struct ir_type *t = depth ? var->type->element : var->type;
         if (!ir_type_is_array(t) || t->element->base != IR_TYPE_FLOAT ||
             !ir_type_is_vector_or_scalar(t->element) ||
             t->element->vector_elements != 1 || t->length == 0)
            continue;
         const struct ir_type *packed =
            ir_type_array(sh->arena, ir_type_get_vector(IR_TYPE_FLOAT, 4),
                          (t->length + 3) / 4);
         if (!packed || !pack_var(l, sh, var, depth, packed)) {
            if (l->prog->ok)
               glsl_link_error(l, "out of memory");
            return false;
         }
      }
   }
   return true;
}
