/* SPDX-License-Identifier: MIT */

/*
 * Geometry shader inputs after linking: every shader_in of the geometry
 * stage becomes an array over the input vertices of a plain type with a
 * varying `location` (the contract of pipe_shader_state), so that drivers
 * find vertex v of varying location L + j at one place.
 *
 * User inputs already are (`vec4[3] @vcol`, location from
 * link_varyings()).  The built-in block gl_in[] is an array of the
 * gl_PerVertex interface, without a location; each member that the code
 * reads becomes its own variable, named "gl_in.<member>":
 *
 *    %5 = deref_var @gl_in                 %a = deref_var @gl_in.gl_Position
 *    %6 = deref_array %5[%1]        →      %b = deref_array %a[%1]
 *    %7 = deref_struct %6.gl_Position      (uses of %7 now use %b)
 *
 *    var shader_in vec4[3] @gl_in.gl_Position location=IR_VARYING_SLOT_POS
 *
 * The new derefs go right before the deref_struct (the index dominates
 * it, since the deref_array does), the old chain is removed once unused
 * and so is the gl_in variable.  Members: gl_Position, gl_PointSize, and
 * for the compatibility block gl_ClipVertex, the colours, gl_TexCoord[]
 * and gl_FogFragCoord, and gl_ClipDistance[] (a float array here;
 * glsl_link_clip.c packs it four floats a slot afterwards, as in every
 * stage).  Any use of gl_in other than reading a member of one element
 * is a link error.
 */
#include <string.h>

#include "compiler/ir/ir_builder.h"
#include "compiler/ir/ir_passes_io.h"
#include "glsl_link_priv.h"
#include "util/u_arena.h"
#include "util/u_list.h"

/** The varying slot of a gl_PerVertex member; -1 when not supported. */
static int
member_slot(const char *name)
{
   static const struct {
      const char *name;
      int slot;
   } members[] = {
      { "gl_Position", IR_VARYING_SLOT_POS },
      { "gl_PointSize", IR_VARYING_SLOT_PSIZ },
      { "gl_ClipDistance", IR_VARYING_SLOT_CLIP_DIST0 },
      { "gl_ClipVertex", IR_VARYING_SLOT_CLIP_VERTEX },
      { "gl_FrontColor", IR_VARYING_SLOT_COL0 },
      { "gl_BackColor", IR_VARYING_SLOT_BFC0 },
      { "gl_FrontSecondaryColor", IR_VARYING_SLOT_COL1 },
      { "gl_BackSecondaryColor", IR_VARYING_SLOT_BFC1 },
      { "gl_TexCoord", IR_VARYING_SLOT_TEX0 },
      { "gl_FogFragCoord", IR_VARYING_SLOT_FOGC },
   };
   for (unsigned i = 0; i < sizeof(members) / sizeof(members[0]); i++) {
      if (strcmp(name, members[i].name) == 0)
         return members[i].slot;
   }
   return -1;
}

struct split {
   struct glsl_link *l;
   struct ir_shader *gs;
   struct ir_variable *gl_in;
   /** The new variable of each member (created on first use). */
   struct ir_variable **members;
};

static struct ir_variable *
member_var(struct split *s, unsigned field)
{
   if (s->members[field])
      return s->members[field];
   const struct ir_type *block = s->gl_in->type->element;
   const struct ir_struct_field *f = &block->fields[field];
   int slot = member_slot(f->name);
   if (slot < 0) {
      glsl_link_error(s->l,
                      "reading gl_in[].%s in a geometry shader is not "
                      "supported",
                      f->name);
      return NULL;
   }
   /* A member left unsized (gl_ClipDistance, gl_TexCoord read through
    * gl_in without a redeclaration) covers what the limit allows. */
   const struct ir_type *mt = f->type;
   if (ir_type_is_array(mt) && mt->length == 0) {
      unsigned n = slot == IR_VARYING_SLOT_TEX0
                      ? s->l->limits.max_texture_coords
                      : s->l->limits.max_clip_distances;
      mt = ir_type_array(s->gs->arena, mt->element, n);
      if (!mt)
         return NULL;
   }
   const struct ir_type *t =
      ir_type_array(s->gs->arena, mt, s->gl_in->type->length);
   size_t len = strlen(f->name) + sizeof("gl_in.");
   char *name = u_arena_alloc(s->gs->arena, len);
   if (!t || !name)
      return NULL;
   memcpy(name, "gl_in.", 6);
   memcpy(name + 6, f->name, len - 6);
   struct ir_variable *v = ir_variable_create(s->gs, IR_VAR_SHADER_IN, t, name);
   if (!v)
      return NULL;
   v->location = slot;
   v->interp = s->gl_in->interp;
   s->members[field] = v;
   return v;
}

/** The deref_array of gl_in that @p d (a deref_struct) indexes, or
 * NULL. */
static struct ir_deref *
gl_in_element(const struct split *s, struct ir_deref *d)
{
   if (d->deref_kind != IR_DEREF_STRUCT || d->var != s->gl_in)
      return NULL;
   struct ir_deref *arr = ir_src_as_deref(&d->parent);
   if (!arr || arr->deref_kind != IR_DEREF_ARRAY)
      return NULL;
   struct ir_deref *root = ir_src_as_deref(&arr->parent);
   if (!root || root->deref_kind != IR_DEREF_VAR)
      return NULL;
   return arr;
}

/** Rewrites every member access of one function; false on failure. */
static bool
split_function(struct split *s, struct ir_function *fn)
{
   ir_foreach_block (fn, block) {
      ir_foreach_instr_safe (block, instr) {
         struct ir_deref *d = ir_instr_as_deref(instr);
         struct ir_deref *arr = d ? gl_in_element(s, d) : NULL;
         if (!arr)
            continue;
         struct ir_variable *v = member_var(s, d->field);
         if (!v)
            return false;
         struct ir_builder b = ir_builder_at(fn, ir_before_instr(instr));
         struct ir_def *nv = ir_build_deref_var(&b, v);
         struct ir_def *na =
            nv ? ir_build_deref_array(&b, nv, arr->index.def) : NULL;
         if (!na)
            return false;
         ir_def_rewrite_uses(&d->def, na);
         ir_instr_remove(instr);
      }
   }
   /* Derefs below a member (gl_in[i].gl_TexCoord[j]) now hang off the
    * new variable: their root changes with it (parents come first). */
   ir_foreach_block (fn, block) {
      ir_foreach_instr (block, instr) {
         struct ir_deref *d = ir_instr_as_deref(instr);
         struct ir_deref *p =
            d && d->var == s->gl_in && d->deref_kind != IR_DEREF_VAR
               ? ir_src_as_deref(&d->parent)
               : NULL;
         if (p && p->var != s->gl_in)
            d->var = p->var;
      }
   }
   /* The old chains: remove them from the leaves up while unused. */
   bool removed;
   do {
      removed = false;
      ir_foreach_block (fn, block) {
         ir_foreach_instr_safe (block, instr) {
            struct ir_deref *d = ir_instr_as_deref(instr);
            if (d && d->var == s->gl_in && !ir_def_has_uses(&d->def)) {
               ir_instr_remove(instr);
               removed = true;
            }
         }
      }
   } while (removed);
   ir_foreach_block (fn, block) {
      ir_foreach_instr (block, instr) {
         struct ir_deref *d = ir_instr_as_deref(instr);
         if (d && d->var == s->gl_in) {
            glsl_link_error(s->l, "geometry shaders may only read members "
                                  "of gl_in[] elements");
            return false;
         }
      }
   }
   return true;
}

bool
glsl_link_gs_inputs(struct glsl_link *l)
{
   struct ir_shader *gs = l->prog->stages[IR_STAGE_GEOMETRY];
   if (!gs)
      return true;
   struct ir_variable *gl_in = NULL;
   ir_foreach_variable (gs, var) {
      if (var->mode == IR_VAR_SHADER_IN && strcmp(var->name, "gl_in") == 0)
         gl_in = var;
   }
   if (!gl_in)
      return true;
   const struct ir_type *t = gl_in->type;
   if (!ir_type_is_array(t) || !t->length ||
       (t->element->base != IR_TYPE_STRUCT &&
        t->element->base != IR_TYPE_INTERFACE)) {
      glsl_link_error(l, "internal error: gl_in is not an array of blocks");
      return false;
   }
   struct split s = {
      .l = l,
      .gs = gs,
      .gl_in = gl_in,
      .members = u_arena_zalloc(
         gs->arena, t->element->num_fields * sizeof(struct ir_variable *) + 1),
   };
   if (!s.members) {
      glsl_link_error(l, "out of memory");
      return false;
   }
   ir_foreach_function (gs, fn) {
      if (!split_function(&s, fn)) {
         if (l->prog->ok)
            glsl_link_error(l, "out of memory");
         return false;
      }
   }
   u_list_del(&gl_in->link);
   return true;
}
