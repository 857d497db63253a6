/* SPDX-License-Identifier: MIT */

/*
 * Type specifiers: built-in type names, struct names, struct definitions
 * and array dimensions.
 *
 * Which built-in type words exist in a version is mostly the lexer's
 * business (glsl_keywords.py); what is left here is the types that an
 * extension adds to a version that does not have them (sampler2DRect
 * with GL_ARB_texture_rectangle, sampler2DArray with
 * GL_EXT_texture_array...), which reach us as plain names, and the
 * extension checks of the types that are keywords but need one.
 *
 * Arrays have one dimension (arrays of arrays need GLSL 4.30 / ESSL
 * 3.10); a size is a constant integral expression greater than zero, and
 * an unsized dimension is allowed only where the caller says so (global
 * and local declarations, to be sized later).
 */
#include <string.h>

#include "glsl_sema_decl.h"
#include "util/u_arena.h"

bool
sema_type_contains_sampler(const struct ir_type *t)
{
   while (ir_type_is_array(t))
      t = t->element;
   if (t->base == IR_TYPE_SAMPLER)
      return true;
   if (ir_type_is_struct(t)) {
      for (unsigned i = 0; i < t->num_fields; i++) {
         if (sema_type_contains_sampler(t->fields[i].type))
            return true;
      }
   }
   return false;
}

bool
sema_type_is_integer(const struct ir_type *t)
{
   while (ir_type_is_array(t))
      t = t->element;
   if (ir_type_is_struct(t)) {
      for (unsigned i = 0; i < t->num_fields; i++) {
         if (sema_type_is_integer(t->fields[i].type))
            return true;
      }
      return false;
   }
   return t->base == IR_TYPE_INT || t->base == IR_TYPE_UINT;
}

/* Whether built-in type @p t (named @p name) exists here. */
static bool
builtin_type_available(struct glsl_sema *s, const struct ir_type *t)
{
   if (t->base == IR_TYPE_UINT && !glsl_sema_version(s, 130, 300))
      return false;
   if (ir_type_is_matrix(t) && t->matrix_columns != t->vector_elements &&
       !glsl_sema_version(s, 120, 300))
      return false;
   if (t->base == IR_TYPE_DOUBLE)
      return glsl_sema_version(s, 400, 0);
   if (t->base != IR_TYPE_SAMPLER)
      return true;

   bool gl130 = glsl_sema_version(s, 130, 300);
   switch (t->sampler_dim) {
   case IR_SAMPLER_DIM_RECT:
      if (s->env.es)
         return false;
      /* Like other implementations (and Piglit's arb_shader_texture_lod
       * tests), the float rectangle samplers of GL_ARB_texture_rectangle
       * are there in every desktop version without #extension. */
      return t->sampled_type == IR_TYPE_FLOAT || glsl_sema_version(s, 140, 0);
   case IR_SAMPLER_DIM_BUF:
      return glsl_sema_version(s, 140, 320);
   case IR_SAMPLER_DIM_MS:
      return glsl_sema_version(s, 150, t->sampler_array ? 320 : 310);
   case IR_SAMPLER_DIM_1D:
      if (s->env.es)
         return false;
      break;
   case IR_SAMPLER_DIM_3D:
      if (s->env.es && s->env.version < 300)
         return false;
      break;
   default:
      break;
   }
   if (t->sampled_type != IR_TYPE_FLOAT && !gl130)
      return false;
   if (t->sampler_array)
      return gl130 || sema_ext(s, "GL_EXT_texture_array");
   if (t->sampler_shadow && t->sampler_dim == IR_SAMPLER_DIM_CUBE)
      return gl130;
   if (t->sampler_shadow && s->env.es && s->env.version < 300)
      return false;
   return true;
}

const struct ir_type *
sema_apply_array(struct glsl_sema *s, const struct ir_type *type,
                 struct glsl_ast_array *array, bool allow_unsized)
{
   if (!array || glsl_sema_is_error(type))
      return type;
   if (array->num_dims > 1 || ir_type_is_array(type)) {
      glsl_sema_error(s, array->loc,
                      "arrays of arrays need GLSL 4.30 or "
                      "ESSL 3.10");
      return glsl_sema_error_type();
   }
   if (type->base == IR_TYPE_VOID) {
      glsl_sema_error(s, array->loc, "arrays of void are not allowed");
      return glsl_sema_error_type();
   }
   unsigned length = 0;
   if (array->num_dims == 1 && array->sizes[0]) {
      int64_t v;
      if (!glsl_sema_const_int(s, &array->sizes[0], &v))
         return glsl_sema_error_type();
      if (v <= 0) {
         glsl_sema_error(s, array->loc,
                         "array size must be greater than "
                         "zero");
         return glsl_sema_error_type();
      }
      if (v > (1 << 24)) {
         glsl_sema_error(s, array->loc, "array size %lld is too large",
                         (long long)v);
         return glsl_sema_error_type();
      }
      length = (unsigned)v;
   } else if (!allow_unsized) {
      glsl_sema_error(s, array->loc, "array size must be specified here");
      return glsl_sema_error_type();
   }
   const struct ir_type *t = ir_type_array(s->arena, type, length);
   return t ? t : glsl_sema_error_type();
}

static const struct ir_type *
struct_type(struct glsl_sema *s, struct glsl_ast_struct *st)
{
   if (st->type)
      return st->type;
   unsigned n = 0;
   u_list_foreach (struct glsl_ast_node, m, &st->members, link)
      n += m->decl.num_declarators;
   if (n == 0) {
      glsl_sema_error(s, st->loc, "structure %s%s%shas no members",
                      st->name ? "'" : "", st->name ? st->name : "",
                      st->name ? "' " : "");
      return glsl_sema_error_type();
   }
   struct ir_struct_field *fields =
      u_arena_zalloc_array(s->arena, n, sizeof(*fields));
   if (!fields)
      return glsl_sema_error_type();

   bool ok = true;
   unsigned i = 0;
   u_list_foreach (struct glsl_ast_node, m, &st->members, link) {
      struct glsl_ast_decl *d = &m->decl;
      struct sema_qual q;
      if (!sema_check_qual(s, &d->qual, SEMA_QUAL_STRUCT_MEMBER, &q))
         ok = false;
      if (d->type_spec && d->type_spec->struct_def) {
         /* ESSL 1.00 / 3.00, 4.1.8: "Embedded structure definitions are
          * not supported"; Piglit's glsl-1.20 embedded-struct tests hold
          * desktop GLSL to the same rule. */
         glsl_sema_error(s, m->loc,
                         "embedded structure definitions are "
                         "not allowed");
         ok = false;
      }
      const struct ir_type *mt = d->type_spec
                                    ? glsl_sema_type_spec(s, d->type_spec)
                                    : glsl_sema_error_type();
      if (glsl_sema_is_error(mt)) {
         ok = false;
      } else if (mt->base == IR_TYPE_VOID) {
         glsl_sema_error(s, m->loc, "structure members cannot be void");
         ok = false;
      }
      if (ok)
         sema_check_precision(s, m->loc, mt, d->qual.precision);
      for (unsigned k = 0; k < d->num_declarators; k++, i++) {
         struct glsl_ast_declarator *dc = &d->declarators[k];
         const struct ir_type *t = sema_apply_array(s, mt, dc->array, false);
         if (ir_type_is_array(t) && t->length == 0) {
            glsl_sema_error(s, dc->loc,
                            "structure members cannot be "
                            "unsized arrays");
            t = glsl_sema_error_type();
         }
         if (dc->initializer) {
            glsl_sema_error(s, dc->loc,
                            "structure members cannot have "
                            "initializers");
            ok = false;
         }
         for (unsigned j = 0; j < i; j++) {
            if (dc->name && fields[j].name &&
                strcmp(fields[j].name, dc->name) == 0) {
               glsl_sema_error(s, dc->loc,
                               "duplicate structure member "
                               "'%s'",
                               dc->name);
               ok = false;
            }
         }
         if (glsl_sema_is_error(t))
            ok = false;
         fields[i].type = t;
         fields[i].name = dc->name;
         fields[i].offset = -1;
      }
   }
   if (!ok)
      return glsl_sema_error_type();

   const struct ir_type *t =
      ir_type_struct(s->arena, IR_TYPE_STRUCT, st->name ? st->name : "", fields,
                     n, IR_PACKING_NONE);
   if (!t)
      return glsl_sema_error_type();
   st->type = t;
   if (st->name) {
      struct glsl_symbol *sym =
         sema_new_symbol(s, GLSL_SYM_TYPE, st->name, st->loc);
      if (sym) {
         sym->type = t;
         if (strncmp(st->name, "gl_", 3) == 0)
            glsl_sema_error(s, st->loc,
                            "identifier '%s' uses the reserved "
                            "prefix gl_",
                            st->name);
         glsl_sema_declare(s, sym);
      }
   }
   return t;
}

const struct ir_type *
glsl_sema_type_spec(struct glsl_sema *s, struct glsl_ast_type_spec *ts)
{
   if (!ts)
      return glsl_sema_error_type();
   if (ts->type)
      return ts->type;

   const struct ir_type *t = NULL;
   if (ts->struct_def) {
      t = struct_type(s, ts->struct_def);
   } else if (ts->name) {
      struct glsl_symbol *sym =
         ts->is_builtin ? NULL : glsl_sema_lookup(s, ts->name);
      const struct ir_type *bst = NULL;
      if (sym && sym->kind == GLSL_SYM_TYPE) {
         t = sym->type;
      } else if (!sym && strncmp(ts->name, "gl_", 3) == 0 &&
                 (bst =
                     glsl_builtin_struct_type(ts->name, &s->env, s->arena))) {
         t = bst;
      } else if (strcmp(ts->name, "void") == 0) {
         t = ir_type_get_void();
      } else {
         t = ir_type_from_name(ts->name);
         if (t && !builtin_type_available(s, t)) {
            glsl_sema_error(s, ts->loc,
                            "type '%s' is not available in this "
                            "version (or needs an extension)",
                            ts->name);
            t = glsl_sema_error_type();
         } else if (!t || (sym && !ts->is_builtin)) {
            glsl_sema_error(s, ts->loc, "'%s' is not a type", ts->name);
            t = glsl_sema_error_type();
         }
      }
   } else {
      t = glsl_sema_error_type();
   }

   if (ts->array && !glsl_sema_is_error(t)) {
      /* GLSL 1.20, 4.1.9: "float[5] a" needs 1.20.  ESSL 1.00's grammar
       * lacks it, but Piglit's glsl-es-1.00 tests (and other
       * implementations) accept it. */
      if (!glsl_sema_version(s, 120, 100)) {
         glsl_sema_error(s, ts->loc,
                         "array type specifiers need GLSL "
                         "1.20");
         t = glsl_sema_error_type();
      } else {
         t = sema_apply_array(s, t, ts->array, true);
      }
   }
   ts->type = t;
   return t;
}
