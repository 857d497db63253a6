/* SPDX-License-Identifier: MIT */

/*
 * Precision qualifiers and default precisions (ESSL 1.00, 4.5; ESSL 3.00,
 * 4.5; accepted without effect by GLSL 1.30+).
 *
 * A precision statement ("precision mediump float;") sets the default of
 * one basic type in the current scope (glsl_scope::prec); lookups go
 * outwards to the global scope, which holds the stage's predefined
 * defaults (glsl_symtab.c).  In ESSL, a declaration of a float or int type
 * (scalar, vector, matrix or array of these) without a precision
 * qualifier needs a default in scope: the fragment stage has none for
 * float, hence the "no precision specified" error.  Precision qualifiers
 * only apply to float, int and sampler types, never to structures.
 */
#include "glsl_sema_decl.h"

static const struct ir_type *
strip_arrays(const struct ir_type *t)
{
   while (ir_type_is_array(t))
      t = t->element;
   return t;
}

static enum sema_prec_type
prec_type_of(const struct ir_type *t, bool *ok)
{
   *ok = true;
   if (t->base == IR_TYPE_FLOAT && ir_type_is_scalar(t))
      return SEMA_PREC_FLOAT;
   if (t->base == IR_TYPE_INT && ir_type_is_scalar(t))
      return SEMA_PREC_INT;
   if (t->base == IR_TYPE_SAMPLER) {
      if (t->sampler_dim == IR_SAMPLER_DIM_2D && !t->sampler_shadow &&
          !t->sampler_array && t->sampled_type == IR_TYPE_FLOAT)
         return SEMA_PREC_SAMPLER2D;
      if (t->sampler_dim == IR_SAMPLER_DIM_CUBE && !t->sampler_shadow &&
          !t->sampler_array && t->sampled_type == IR_TYPE_FLOAT)
         return SEMA_PREC_SAMPLERCUBE;
      return SEMA_PREC_OTHER_SAMPLER;
   }
   *ok = false;
   return SEMA_PREC_FLOAT;
}

void
sema_precision_stmt(struct glsl_sema *s, struct glsl_ast_node *node)
{
   struct glsl_ast_type_spec *ts = node->decl.type_spec;
   if (!glsl_sema_version(s, 130, 100)) {
      glsl_sema_error(s, node->loc,
                      "precision statements need GLSL 1.30 "
                      "or ESSL");
      return;
   }
   if (!ts)
      return;
   const struct ir_type *t = glsl_sema_type_spec(s, ts);
   if (glsl_sema_is_error(t))
      return;
   bool ok;
   enum sema_prec_type pt = prec_type_of(t, &ok);
   /* ESSL 1.00, 4.5.3: "The type can be either int or float"; GLSL 1.30
    * and ESSL 3.00 add the sampler types. */
   if (!ok || ts->array ||
       (pt != SEMA_PREC_FLOAT && pt != SEMA_PREC_INT &&
        !glsl_sema_version(s, 130, 300) &&
        !(s->env.es && s->env.version == 100))) {
      glsl_sema_error(s, node->loc,
                      "default precision can only be set for "
                      "float, int and sampler types");
      return;
   }
   if (s->scope)
      s->scope->prec[pt] = node->decl.qual.precision;
}

static bool
type_needs_precision(const struct ir_type *t, enum sema_prec_type *pt)
{
   t = strip_arrays(t);
   if (t->base == IR_TYPE_FLOAT) {
      *pt = SEMA_PREC_FLOAT;
      return true;
   }
   if (t->base == IR_TYPE_INT || t->base == IR_TYPE_UINT) {
      *pt = SEMA_PREC_INT;
      return true;
   }
   if (t->base == IR_TYPE_SAMPLER) {
      bool ok;
      *pt = prec_type_of(t, &ok);
      return true;
   }
   return false;
}

void
sema_check_precision(struct glsl_sema *s, struct glsl_loc loc,
                     const struct ir_type *type, enum glsl_precision prec)
{
   enum sema_prec_type pt;
   if (glsl_sema_is_error(type))
      return;
   if (!type_needs_precision(type, &pt)) {
      if (prec != GLSL_PRECISION_NONE && !ir_type_is_struct(strip_arrays(type)))
         glsl_sema_error(s, loc,
                         "precision qualifiers only apply to float, "
                         "int and sampler types");
      else if (prec != GLSL_PRECISION_NONE)
         glsl_sema_error(s, loc,
                         "precision qualifiers cannot be applied to "
                         "structures");
      return;
   }
   if (!s->env.es || prec != GLSL_PRECISION_NONE)
      return;
   if (sema_default_precision(s, pt) == GLSL_PRECISION_NONE) {
      glsl_sema_error(s, loc,
                      "no precision specified for this %s type "
                      "(no default precision)",
                      pt == SEMA_PREC_FLOAT ? "float" : "int");
   }
}
