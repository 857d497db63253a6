/* SPDX-License-Identifier: MIT */

/*
 * Access into values: struct members and swizzles (".field"), indexing
 * ("a[i]"), the length() method of arrays, and the l-value rules.
 *
 * Swizzles (GLSL 1.10, 5.5): one of the sets xyzw, rgba, stpq, not
 * mixed, at most four letters, each naming a component the vector has;
 * scalars take swizzles only from GLSL 4.20.  A swizzle with a repeated
 * component is no l-value.
 *
 * Indexing (5.7): arrays give their element, matrices a column, vectors
 * a component; the index is a scalar int (or uint from GLSL 1.30).  A
 * constant index must be in range.  An implicitly sized array ("float
 * a[];", glsl_symbol::implicitly_sized) takes only constant indices: the
 * symbol's type grows to the largest index seen, which is the size GLSL
 * 1.10, 4.1.9 gives it (a later redeclaration with a size must be larger,
 * the declaration half checks that).  Arrays of samplers take only
 * constant indices from GLSL 1.30 / ESSL 3.00 (4.1.7); earlier versions
 * get a warning.  Arrays of uniform blocks take constant indices only
 * (GLSL 1.50 / ESSL 3.00, 4.3.7).  Unsized geometry shader inputs take
 * any index: the input primitive, maybe declared in another shader of
 * the stage, sizes them (GLSL 1.50, 4.3.8.1).  Indices into the
 * unsized built-ins gl_ClipDistance and gl_TexCoord (also as members of
 * gl_in[]) stay below gl_MaxClipDistances / gl_MaxTextureCoords.
 *
 * L-values (5.8): variables that are not const, uniform, shader inputs or
 * read-only built-ins, and fields, swizzles without repeats and elements
 * of l-values.
 */
#include <string.h>

#include "glsl_sema_expr_priv.h"
#include "util/u_arena.h"

/** The largest size an implicitly sized array may grow to. */
#define GLSL_SEMA_MAX_IMPLICIT_SIZE (1 << 20)

static const char *const swizzle_sets[3] = { "xyzw", "rgba", "stpq" };

static const struct ir_type *
swizzle(struct glsl_sema *s, struct glsl_ast_node *node,
        const struct ir_type *t)
{
   const char *name = node->expr.name;
   size_t len = strlen(name);
   if (ir_type_is_scalar(t)) {
      glsl_sema_error(s, node->loc,
                      "swizzle `%s' of a scalar requires GLSL 4.20", name);
      return glsl_sema_error_type();
   }
   if (len == 0 || len > 4) {
      glsl_sema_error(s, node->loc, "swizzle `%s' has more than 4 components",
                      name);
      return glsl_sema_error_type();
   }
   int set = -1;
   for (unsigned i = 0; i < 3 && set < 0; i++) {
      if (strchr(swizzle_sets[i], name[0]))
         set = (int)i;
   }
   for (size_t i = 0; i < len; i++) {
      const char *p = set < 0 ? NULL : strchr(swizzle_sets[set], name[i]);
      if (!p || name[i] == '\0') {
         glsl_sema_error(s, node->loc, "invalid swizzle `%s' of `%s'", name,
                         sema_expr_type_name(s, t));
         return glsl_sema_error_type();
      }
      unsigned comp = (unsigned)(p - swizzle_sets[set]);
      if (comp >= t->vector_elements) {
         glsl_sema_error(s, node->loc,
                         "swizzle `%s' selects component `%c', which `%s' "
                         "lacks",
                         name, name[i], sema_expr_type_name(s, t));
         return glsl_sema_error_type();
      }
      node->expr.swizzle[i] = (uint8_t)comp;
   }
   node->expr.num_swizzle = (uint8_t)len;
   node->expr.field_index = -1;
   const struct ir_constant *c = node->expr.operands[0]->expr.constant;
   if (c)
      node->expr.constant =
         sema_const_swizzle(s, c, node->expr.swizzle, (unsigned)len);
   return ir_type_get_vector(t->base, (unsigned)len);
}

const struct ir_type *
sema_expr_field(struct glsl_sema *s, struct glsl_ast_node *node)
{
   const struct ir_type *t = glsl_sema_expr(s, &node->expr.operands[0]);
   if (glsl_sema_is_error(t))
      return t;
   node->expr.field_index = -1;
   if (ir_type_is_struct(t)) {
      for (unsigned i = 0; i < t->num_fields; i++) {
         if (strcmp(t->fields[i].name, node->expr.name) != 0)
            continue;
         node->expr.field_index = (int)i;
         const struct ir_constant *c = node->expr.operands[0]->expr.constant;
         if (c && i < c->num_elements)
            node->expr.constant = c->elements[i];
         return t->fields[i].type;
      }
      glsl_sema_error(s, node->loc, "`%s' has no field `%s'",
                      sema_expr_type_name(s, t), node->expr.name);
      return glsl_sema_error_type();
   }
   if (ir_type_is_vector_or_scalar(t))
      return swizzle(s, node, t);
   glsl_sema_error(s, node->loc, "`%s' has no field `%s'",
                   sema_expr_type_name(s, t), node->expr.name);
   return glsl_sema_error_type();
}

/* The most elements the unsized built-in array @p name may have, or 0
 * when there is no limit. */
static unsigned
builtin_array_limit(struct glsl_sema *s, const char *name)
{
   if (!s->env.limits)
      return 0;
   if (strcmp(name, "gl_ClipDistance") == 0)
      return s->env.limits->max_clip_distances;
   if (strcmp(name, "gl_TexCoord") == 0)
      return s->env.limits->max_texture_coords;
   return 0;
}

/* The limit of an unsized member of a built-in block
 * ("gl_in[0].gl_ClipDistance"), or 0. */
static unsigned
builtin_member_limit(struct glsl_sema *s, const struct glsl_ast_node *array)
{
   if (array->kind != GLSL_AST_FIELD || array->expr.field_index < 0 ||
       strncmp(array->expr.name, "gl_", 3) != 0)
      return 0;
   const struct ir_type *block = array->expr.operands[0]->expr.type;
   if (block->base != IR_TYPE_INTERFACE)
      return 0;
   return builtin_array_limit(s, array->expr.name);
}

/* A constant index into an implicitly sized array: grows its size. */
static bool
size_implicit_array(struct glsl_sema *s, struct glsl_ast_node *node,
                    struct glsl_symbol *sym, int64_t idx)
{
   /* No specification limit; this one keeps sizes representable and
    * allocations sane whatever the source says. */
   if (idx >= GLSL_SEMA_MAX_IMPLICIT_SIZE) {
      glsl_sema_error(s, node->loc,
                      "index %lld is too large for implicitly sized array "
                      "`%s'",
                      (long long)idx, sym->name);
      return false;
   }
   unsigned limit = sym->builtin ? builtin_array_limit(s, sym->name) : 0;
   if (limit && idx >= limit) {
      glsl_sema_error(s, node->loc,
                      "index %lld out of range for `%s' (at most %u elements)",
                      (long long)idx, sym->name, limit);
      return false;
   }
   if ((uint64_t)idx >= sym->type->length) {
      const struct ir_type *grown =
         ir_type_array(s->arena, sym->type->element, (unsigned)idx + 1);
      if (grown)
         sym->type = grown;
   }
   return true;
}

const struct ir_type *
sema_expr_index(struct glsl_sema *s, struct glsl_ast_node *node)
{
   struct glsl_ast_node **ops = node->expr.operands;
   const struct ir_type *t = glsl_sema_expr(s, &ops[0]);
   const struct ir_type *ti = glsl_sema_expr(s, &ops[1]);
   if (glsl_sema_is_error(t) || glsl_sema_is_error(ti))
      return glsl_sema_error_type();

   unsigned length;
   if (ir_type_is_array(t))
      length = t->length;
   else if (ir_type_is_matrix(t))
      length = t->matrix_columns;
   else if (ir_type_is_vector_or_scalar(t) && !ir_type_is_scalar(t))
      length = t->vector_elements;
   else {
      glsl_sema_error(s, ops[0]->loc, "`%s' cannot be indexed",
                      sema_expr_type_name(s, t));
      return glsl_sema_error_type();
   }
   if (!ir_type_is_scalar(ti) ||
       (ti->base != IR_TYPE_INT && ti->base != IR_TYPE_UINT)) {
      glsl_sema_error(s, ops[1]->loc,
                      "an index must be an int or uint scalar, not `%s'",
                      sema_expr_type_name(s, ti));
      return glsl_sema_error_type();
   }

   struct glsl_symbol *sym =
      ops[0]->kind == GLSL_AST_IDENTIFIER ? ops[0]->expr.symbol : NULL;
   bool implicit = sym && sym->implicitly_sized && ir_type_is_array(t);
   const struct ir_constant *ci = ops[1]->expr.constant;
   if (ci) {
      int64_t idx = ti->base == IR_TYPE_INT ? (int64_t)ci->values[0].i32
                                            : (int64_t)ci->values[0].u32;
      if (idx < 0) {
         glsl_sema_error(s, ops[1]->loc, "index %lld is negative",
                         (long long)idx);
         return glsl_sema_error_type();
      }
      if (implicit) {
         if (!size_implicit_array(s, node, sym, idx))
            return glsl_sema_error_type();
      } else if (length == 0 && builtin_member_limit(s, ops[0]) &&
                 idx >= builtin_member_limit(s, ops[0])) {
         glsl_sema_error(s, ops[1]->loc, "index %lld out of range for `%s'",
                         (long long)idx, ops[0]->expr.name);
         return glsl_sema_error_type();
      } else if (length != 0 && idx >= length) {
         glsl_sema_error(s, ops[1]->loc, "index %lld out of range for `%s'",
                         (long long)idx, sema_expr_type_name(s, t));
         return glsl_sema_error_type();
      }
      if (ops[0]->expr.constant)
         node->expr.constant =
            sema_const_index(s, t, ops[0]->expr.constant, (unsigned)idx);
   } else {
      /* Geometry inputs ("in vec4 c[];", gl_in) get their size from the
       * input primitive, possibly declared in another shader of the
       * stage (GLSL 1.50, 4.3.8.1), so any index is fine there. */
      bool gs_input = s->env.stage == IR_STAGE_GEOMETRY && sym &&
                      sym->storage == GLSL_STORAGE_IN;
      if (implicit && !gs_input) {
         glsl_sema_error(s, ops[1]->loc,
                         "implicitly sized array `%s' may only be indexed "
                         "with constant expressions",
                         sym->name);
         return glsl_sema_error_type();
      }
      if (ir_type_is_array(t) && t->length == 0 && !gs_input) {
         glsl_sema_error(s, ops[1]->loc,
                         "an unsized array may only be indexed with constant "
                         "expressions");
         return glsl_sema_error_type();
      }
      /* GLSL 1.50, 4.3.7 / ESSL 3.00, 4.3.7: arrays of uniform blocks take
       * constant integral indices only. */
      if (ir_type_is_array(t) && t->element->base == IR_TYPE_INTERFACE && sym &&
          sym->storage == GLSL_STORAGE_UNIFORM) {
         glsl_sema_error(s, ops[1]->loc,
                         "arrays of uniform blocks may only be indexed with "
                         "constant integral expressions");
         return glsl_sema_error_type();
      }
      if (ir_type_is_array(t) && sema_expr_contains_sampler(t->element)) {
         if (glsl_sema_version(s, 130, 300)) {
            glsl_sema_error(s, ops[1]->loc,
                            "arrays of samplers may only be indexed with "
                            "constant integral expressions");
            return glsl_sema_error_type();
         }
         if (!s->env.es)
            glsl_sema_warning(s, ops[1]->loc,
                              "arrays of samplers indexed with a "
                              "non-constant expression");
      }
   }
   return ir_type_index(t);
}

const struct ir_type *
sema_expr_length(struct glsl_sema *s, struct glsl_ast_node *node)
{
   struct glsl_ast_node **pobj = &node->call.object;
   const struct ir_type *t = glsl_sema_expr(s, pobj);
   if (glsl_sema_is_error(t))
      return t;
   if (node->call.num_args != 0) {
      glsl_sema_error(s, node->loc, "length() takes no arguments");
      return glsl_sema_error_type();
   }
   if (!ir_type_is_array(t)) {
      glsl_sema_error(s, node->loc, "length() called on `%s', not an array",
                      sema_expr_type_name(s, t));
      return glsl_sema_error_type();
   }
   if (!glsl_sema_version(s, 120, 300)) {
      glsl_sema_error(s, node->loc, "length() requires GLSL 1.20 or ESSL 3.00");
      return glsl_sema_error_type();
   }
   struct glsl_symbol *sym =
      (*pobj)->kind == GLSL_AST_IDENTIFIER ? (*pobj)->expr.symbol : NULL;
   if (t->length == 0 || (sym && sym->implicitly_sized)) {
      glsl_sema_error(s, node->loc,
                      "length() called on an implicitly sized array");
      return glsl_sema_error_type();
   }
   struct ir_constant *c = sema_const_new(s);
   if (c)
      c->values[0].i32 = (int32_t)t->length;
   node->expr.constant = c;
   return ir_type_get_scalar(IR_TYPE_INT);
}

static const char *
read_only_kind(const struct glsl_symbol *sym)
{
   if (sym->builtin && sym->builtin->kind == GLSL_BUILTIN_CONSTANT)
      return "a built-in constant";
   switch (sym->storage) {
   case GLSL_STORAGE_CONST:
      return "const";
   case GLSL_STORAGE_UNIFORM:
      return "a uniform";
   case GLSL_STORAGE_IN:
      return "a shader input";
   case GLSL_STORAGE_SYSTEM_VALUE:
      return "a read-only built-in";
   default:
      return NULL;
   }
}

/* @p whole: the node is the written value itself, not a part of it. */
static bool
check_lvalue(struct glsl_sema *s, struct glsl_ast_node *node, const char *what,
             bool whole)
{
   if (!node->expr.type || glsl_sema_is_error(node->expr.type))
      return false;
   switch (node->kind) {
   case GLSL_AST_IDENTIFIER: {
      struct glsl_symbol *sym = node->expr.symbol;
      if (!sym)
         return false;
      const char *kind = read_only_kind(sym);
      if (kind) {
         glsl_sema_error(s, node->loc, "%s: `%s' is %s and cannot be written",
                         what, sym->name, kind);
         return false;
      }
      if (whole && sym->implicitly_sized && ir_type_is_array(sym->type)) {
         glsl_sema_error(s, node->loc,
                         "%s: implicitly sized array `%s' cannot be written "
                         "as a whole",
                         what, sym->name);
         return false;
      }
      sym->assigned = true;
      return true;
   }
   case GLSL_AST_FIELD:
      if (node->expr.field_index < 0) {
         for (unsigned i = 0; i < node->expr.num_swizzle; i++) {
            for (unsigned j = 0; j < i; j++) {
               if (node->expr.swizzle[i] == node->expr.swizzle[j]) {
                  glsl_sema_error(s, node->loc,
                                  "%s: swizzle `%s' repeats a component and "
                                  "cannot be written",
                                  what, node->expr.name);
                  return false;
               }
            }
         }
      }
      return check_lvalue(s, node->expr.operands[0], what, false);
   case GLSL_AST_INDEX:
      return check_lvalue(s, node->expr.operands[0], what, false);
   default:
      glsl_sema_error(s, node->loc, "%s: the expression is not an l-value",
                      what);
      return false;
   }
}

bool
glsl_sema_check_lvalue(struct glsl_sema *s, struct glsl_ast_node *node,
                       const char *what)
{
   return check_lvalue(s, node, what, true);
}

bool
sema_expr_check_whole_array(struct glsl_sema *s,
                            const struct glsl_ast_node *node)
{
   const struct glsl_symbol *sym =
      node->kind == GLSL_AST_IDENTIFIER ? node->expr.symbol : NULL;
   if (!sym || !sym->implicitly_sized || !ir_type_is_array(sym->type))
      return true;
   glsl_sema_error(s, node->loc,
                   "implicitly sized array `%s' cannot be used as a whole",
                   sym->name);
   return false;
}
