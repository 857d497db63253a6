/* SPDX-License-Identifier: MIT */

/*
 * Unsized arrays in input and output interface blocks (GLSL 1.50, 4.3.7:
 * "out blk { float foo[]; }").  Like an unsized global array, such a
 * member takes its size from the largest constant index the stage uses,
 * plus one; the translation leaves it unsized (float[] in the IR).  Here
 * each stage's block gets those sizes, so that the varying matching that
 * follows compares real types: a vertex shader writing foo[0..1] and a
 * fragment shader reading foo[0..2] then disagree, as GLSL requires.
 *
 * The variable's type is rebuilt with the sized members, and the derefs
 * rooted at it get their types again from their parents.
 */
#include <string.h>

#include "glsl_link_priv.h"
#include "util/u_arena.h"

/* The interface type of @p var (possibly an array over vertices) when it
 * has an unsized array member, else NULL. */
static const struct ir_type *
unsized_block(const struct ir_variable *var)
{
   /* gl_in[] keeps its unsized members: glsl_link_gs.c gives them the
    * limit's size, as the built-in block declares. */
   if ((var->mode != IR_VAR_SHADER_IN && var->mode != IR_VAR_SHADER_OUT) ||
       glsl_link_is_builtin(var))
      return NULL;
   const struct ir_type *t = var->type;
   while (ir_type_is_array(t))
      t = t->element;
   if (t->base != IR_TYPE_INTERFACE)
      return NULL;
   for (unsigned i = 0; i < t->num_fields; i++) {
      const struct ir_type *f = t->fields[i].type;
      if (ir_type_is_array(f) && f->length == 0)
         return t;
   }
   return NULL;
}

/* Largest constant index + 1 used on each member of @p var's block. */
static void
member_sizes(struct ir_shader *sh, const struct ir_variable *var,
             unsigned *sizes)
{
   ir_foreach_function (sh, fn) {
      ir_foreach_block (fn, block) {
         ir_foreach_instr (block, instr) {
            struct ir_deref *d = ir_instr_as_deref(instr);
            if (!d || d->var != var || d->deref_kind != IR_DEREF_ARRAY)
               continue;
            struct ir_deref *p = ir_src_as_deref(&d->parent);
            struct ir_load_const *c = ir_def_as_load_const(d->index.def);
            if (!p || p->deref_kind != IR_DEREF_STRUCT || !c)
               continue;
            unsigned n = c->value[0].u32 + 1;
            if (n > sizes[p->field])
               sizes[p->field] = n;
         }
      }
   }
}

/* @p t with @p block replaced by @p sized (through the vertex arrays). */
static const struct ir_type *
replace_block(struct u_arena *arena, const struct ir_type *t,
              const struct ir_type *sized)
{
   if (!ir_type_is_array(t))
      return sized;
   const struct ir_type *e = replace_block(arena, t->element, sized);
   return e ? ir_type_array(arena, e, t->length) : NULL;
}

/* Re-derives the type of every deref of @p var from its parent. */
static void
retype_derefs(struct ir_shader *sh, const struct ir_variable *var)
{
   ir_foreach_function (sh, fn) {
      ir_foreach_block (fn, block) {
         ir_foreach_instr (block, instr) {
            struct ir_deref *d = ir_instr_as_deref(instr);
            if (!d || d->var != var)
               continue;
            struct ir_deref *p = ir_src_as_deref(&d->parent);
            if (d->deref_kind == IR_DEREF_VAR)
               d->type = var->type;
            else if (d->deref_kind == IR_DEREF_STRUCT && p)
               d->type = p->type->fields[d->field].type;
            else if (d->deref_kind == IR_DEREF_ARRAY && p &&
                     ir_type_is_array(p->type))
               d->type = p->type->element;
         }
      }
   }
}

static bool
size_variable(struct ir_shader *sh, struct ir_variable *var,
              const struct ir_type *block)
{
   struct u_arena *arena = sh->arena;
   unsigned *sizes =
      u_arena_zalloc_array(arena, block->num_fields, sizeof(unsigned));
   struct ir_struct_field *fields =
      u_arena_alloc_array(arena, block->num_fields, sizeof(*fields));
   if (!sizes || !fields)
      return false;
   member_sizes(sh, var, sizes);
   for (unsigned i = 0; i < block->num_fields; i++) {
      fields[i] = block->fields[i];
      const struct ir_type *f = fields[i].type;
      if (!ir_type_is_array(f) || f->length != 0 || !sizes[i])
         continue;
      fields[i].type = ir_type_array(arena, f->element, sizes[i]);
      if (!fields[i].type)
         return false;
   }
   const struct ir_type *sized =
      ir_type_struct(arena, block->base, block->name, fields, block->num_fields,
                     block->packing);
   const struct ir_type *t =
      sized ? replace_block(arena, var->type, sized) : NULL;
   if (!t)
      return false;
   var->type = t;
   retype_derefs(sh, var);
   return true;
}

bool
glsl_link_size_block_arrays(struct glsl_link *l)
{
   for (unsigned s = 0; s < IR_STAGE_COUNT; s++) {
      struct ir_shader *sh = l->prog->stages[s];
      if (!sh)
         continue;
      ir_foreach_variable (sh, var) {
         const struct ir_type *block = unsized_block(var);
         if (block && !size_variable(sh, var, block)) {
            glsl_link_error(l, "out of memory");
            return false;
         }
      }
   }
   return true;
}
