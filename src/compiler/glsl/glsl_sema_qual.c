/* SPDX-License-Identifier: MIT */

/*
 * Qualifiers: storage, auxiliary (centroid), interpolation, invariant,
 * precision and layout, checked for the version, the stage and the place
 * of the declaration (precision statements and defaults are in
 * glsl_sema_qual_precision.c).
 *
 * sema_check_qual() works in three steps.  First the words as written
 * (glsl_ast_qualifier::order): repeated words, and before GLSL 4.20 /
 * ESSL 3.10 the fixed order of GLSL 1.30, 4.7 ("invariant, interpolation,
 * storage, precision"; centroid goes with its storage word; layout comes
 * first), with function parameters ordering "const", then "in/out/inout",
 * then precision.  Then each word alone against the version, stage and
 * context.  Last the layout ids, which are identifiers compared without
 * case on desktop GLSL (GLSL 1.40, 4.3.8) and with it in ESSL.  The rules
 * that also need the declared type (flat integers, allowed types of
 * attributes and varyings) are in sema_check_var_type_qual().
 */
#include <string.h>
#include <strings.h>

#include "glsl_sema_decl.h"

static const struct {
   uint32_t flag;
   const char *name;
} qual_names[] = {
   { GLSL_Q_CONST, "const" },
   { GLSL_Q_IN, "in" },
   { GLSL_Q_OUT, "out" },
   { GLSL_Q_INOUT, "inout" },
   { GLSL_Q_UNIFORM, "uniform" },
   { GLSL_Q_BUFFER, "buffer" },
   { GLSL_Q_ATTRIBUTE, "attribute" },
   { GLSL_Q_VARYING, "varying" },
   { GLSL_Q_CENTROID, "centroid" },
   { GLSL_Q_SAMPLE, "sample" },
   { GLSL_Q_PATCH, "patch" },
   { GLSL_Q_FLAT, "flat" },
   { GLSL_Q_SMOOTH, "smooth" },
   { GLSL_Q_NOPERSPECTIVE, "noperspective" },
   { GLSL_Q_INVARIANT, "invariant" },
   { GLSL_Q_PRECISE, "precise" },
   { GLSL_Q_SHARED, "shared" },
   { GLSL_Q_COHERENT, "coherent" },
   { GLSL_Q_VOLATILE, "volatile" },
   { GLSL_Q_RESTRICT, "restrict" },
   { GLSL_Q_READONLY, "readonly" },
   { GLSL_Q_WRITEONLY, "writeonly" },
   { GLSL_Q_PRECISION, "precision" },
   { GLSL_Q_LAYOUT, "layout" },
};

static const char *
flag_name(uint32_t flag)
{
   for (unsigned i = 0; i < sizeof(qual_names) / sizeof(*qual_names); i++) {
      if (qual_names[i].flag == flag)
         return qual_names[i].name;
   }
   return "qualifier";
}

#define STORAGE_FLAGS                                                       \
   (GLSL_Q_CONST | GLSL_Q_IN | GLSL_Q_OUT | GLSL_Q_INOUT | GLSL_Q_UNIFORM | \
    GLSL_Q_BUFFER | GLSL_Q_ATTRIBUTE | GLSL_Q_VARYING)
#define INTERP_FLAGS (GLSL_Q_FLAT | GLSL_Q_SMOOTH | GLSL_Q_NOPERSPECTIVE)
#define UNSUPPORTED_FLAGS                                                 \
   (GLSL_Q_BUFFER | GLSL_Q_SAMPLE | GLSL_Q_PATCH | GLSL_Q_PRECISE |       \
    GLSL_Q_SHARED | GLSL_Q_COHERENT | GLSL_Q_VOLATILE | GLSL_Q_RESTRICT | \
    GLSL_Q_READONLY | GLSL_Q_WRITEONLY)

/* Position of a word in the order of GLSL 1.30 - 4.10, 4.7. */
static int
order_rank(uint32_t flag, bool param)
{
   switch (flag) {
   case GLSL_Q_LAYOUT:
      return 0;
   case GLSL_Q_INVARIANT:
   case GLSL_Q_PRECISE:
      return 1;
   case GLSL_Q_FLAT:
   case GLSL_Q_SMOOTH:
   case GLSL_Q_NOPERSPECTIVE:
      return 2;
   case GLSL_Q_CENTROID:
   case GLSL_Q_SAMPLE:
   case GLSL_Q_PATCH:
      return 3;
   case GLSL_Q_PRECISION:
      return 6;
   case GLSL_Q_IN:
   case GLSL_Q_OUT:
   case GLSL_Q_INOUT:
      return param ? 5 : 4;
   default:
      return 4;
   }
}

static bool
check_words(struct glsl_sema *s, const struct glsl_ast_qualifier *q,
            enum sema_qual_ctx ctx)
{
   bool ok = true;
   uint32_t seen = 0;
   bool strict_order = !glsl_sema_version(s, 420, 310);
   int last_rank = -1;
   for (unsigned i = 0; i < q->num_order && i < 24; i++) {
      uint32_t f = q->order[i];
      if (seen & f) {
         if (f == GLSL_Q_LAYOUT)
            glsl_sema_error(s, q->loc,
                            "multiple layout qualifiers are not "
                            "allowed before GLSL 4.20");
         else
            glsl_sema_error(s, q->loc, "duplicate qualifier '%s'",
                            flag_name(f));
         ok = false;
      }
      seen |= f;
      int r = order_rank(f, ctx == SEMA_QUAL_PARAM);
      if (strict_order && r < last_rank && ok) {
         glsl_sema_error(s, q->loc,
                         "qualifier '%s' is out of order (the "
                         "order is invariant, interpolation, storage, "
                         "precision)",
                         flag_name(f));
         ok = false;
      }
      if (r > last_rank)
         last_rank = r;
   }
   return ok;
}

bool
sema_layout_is(struct glsl_sema *s, const struct glsl_ast_layout_id *id,
               const char *name)
{
   if (!id->name)
      return false;
   return s->env.es ? strcmp(id->name, name) == 0
                    : strcasecmp(id->name, name) == 0;
}

static const char *const gs_in_prims[] = {
   [IR_PRIM_POINTS] = "points",
   [IR_PRIM_LINES] = "lines",
   [IR_PRIM_LINES_ADJACENCY] = "lines_adjacency",
   [IR_PRIM_TRIANGLES] = "triangles",
   [IR_PRIM_TRIANGLES_ADJACENCY] = "triangles_adjacency",
};
static const char *const gs_out_prims[] = {
   [IR_PRIM_POINTS] = "points",
   [IR_PRIM_LINE_STRIP] = "line_strip",
   [IR_PRIM_TRIANGLE_STRIP] = "triangle_strip",
};

static int
find_prim(struct glsl_sema *s, const struct glsl_ast_layout_id *id,
          const char *const *names, unsigned n)
{
   for (unsigned i = 0; i < n; i++) {
      if (names[i] && sema_layout_is(s, id, names[i]))
         return (int)i;
   }
   return -1;
}

static bool
layout_value(struct glsl_sema *s, struct glsl_ast_layout_id *id, int *out)
{
   if (!id->value) {
      glsl_sema_error(s, id->loc, "layout qualifier '%s' needs a value",
                      id->name);
      return false;
   }
   /* Before GLSL 4.20 / ESSL 3.10 the grammar takes an integer literal
    * ("layout-qualifier-id = integer-constant"), not an expression. */
   if (!glsl_sema_version(s, 420, 310) &&
       id->value->kind != GLSL_AST_INT_CONSTANT &&
       id->value->kind != GLSL_AST_UINT_CONSTANT) {
      glsl_sema_error(s, id->loc,
                      "the value of layout qualifier '%s' must "
                      "be an integer literal before GLSL 4.20",
                      id->name);
      return false;
   }
   int64_t v;
   if (!glsl_sema_const_int(s, &id->value, &v))
      return false;
   if (v < 0) {
      glsl_sema_error(s, id->loc, "layout qualifier '%s' cannot be negative",
                      id->name);
      return false;
   }
   id->int_value = v;
   *out = (int)v;
   return true;
}

static bool
check_layout(struct glsl_sema *s, const struct glsl_ast_qualifier *q,
             enum sema_qual_ctx ctx, struct sema_qual *out)
{
   bool ok = true;
   enum ir_stage stage = s->env.stage;
   bool explicit_loc = glsl_sema_version(s, 330, 300) ||
                       sema_ext(s, "GL_ARB_explicit_attrib_location");
   bool ubo = glsl_sema_version(s, 140, 300) ||
              sema_ext(s, "GL_ARB_uniform_buffer_object");
   bool block_ctx = ctx == SEMA_QUAL_BLOCK || ctx == SEMA_QUAL_BLOCK_MEMBER ||
                    ctx == SEMA_QUAL_DEFAULT;
   bool uniform = (q->flags & GLSL_Q_UNIFORM) || ctx == SEMA_QUAL_BLOCK_MEMBER;

   if (ctx == SEMA_QUAL_LOCAL || ctx == SEMA_QUAL_PARAM ||
       ctx == SEMA_QUAL_STRUCT_MEMBER) {
      glsl_sema_error(s, q->loc,
                      "layout qualifiers are only allowed at "
                      "global scope");
      return false;
   }

   for (unsigned i = 0; i < q->num_layout; i++) {
      struct glsl_ast_layout_id *id = &q->layout[i];
      int prim;
      if (sema_layout_is(s, id, "location")) {
         int v;
         bool vs_in = stage == IR_STAGE_VERTEX && (q->flags & GLSL_Q_IN);
         bool fs_out = stage == IR_STAGE_FRAGMENT && (q->flags & GLSL_Q_OUT);
         if (!explicit_loc) {
            glsl_sema_error(s, id->loc,
                            "explicit locations need GLSL 3.30 "
                            "or GL_ARB_explicit_attrib_location");
            ok = false;
         } else if (!(vs_in || fs_out) || ctx != SEMA_QUAL_GLOBAL) {
            glsl_sema_error(s, id->loc,
                            "layout(location) is only allowed "
                            "on vertex shader inputs and fragment shader "
                            "outputs");
            ok = false;
         } else if (layout_value(s, id, &v)) {
            out->location = v;
         } else {
            ok = false;
         }
      } else if (sema_layout_is(s, id, "index") && !s->env.es) {
         int v;
         if (!explicit_loc || stage != IR_STAGE_FRAGMENT ||
             !(q->flags & GLSL_Q_OUT) || ctx != SEMA_QUAL_GLOBAL) {
            glsl_sema_error(s, id->loc,
                            "layout(index) is only allowed on "
                            "fragment shader outputs");
            ok = false;
         } else if (layout_value(s, id, &v)) {
            if (v > 1) {
               glsl_sema_error(s, id->loc, "layout(index) must be 0 or 1");
               ok = false;
            }
            out->index = v;
         } else {
            ok = false;
         }
      } else if (sema_layout_is(s, id, "std140") ||
                 sema_layout_is(s, id, "shared") ||
                 sema_layout_is(s, id, "packed") ||
                 sema_layout_is(s, id, "row_major") ||
                 sema_layout_is(s, id, "column_major")) {
         bool matrix = sema_layout_is(s, id, "row_major") ||
                       sema_layout_is(s, id, "column_major");
         if (!ubo) {
            glsl_sema_error(s, id->loc,
                            "layout(%s) needs GLSL 1.40 or "
                            "GL_ARB_uniform_buffer_object",
                            id->name);
            ok = false;
         } else if (!uniform || !block_ctx ||
                    (ctx == SEMA_QUAL_BLOCK_MEMBER && !matrix)) {
            glsl_sema_error(s, id->loc,
                            "layout(%s) is only allowed on "
                            "uniform blocks%s",
                            id->name, matrix ? " and their members" : "");
            ok = false;
         } else if (matrix) {
            out->row_major = sema_layout_is(s, id, "row_major");
            out->has_matrix_layout = true;
         } else if (sema_layout_is(s, id, "std140")) {
            out->packing = IR_PACKING_STD140;
         } else if (sema_layout_is(s, id, "shared")) {
            out->packing = IR_PACKING_SHARED;
         } else {
            out->packing = IR_PACKING_PACKED;
         }
      } else if (sema_layout_is(s, id, "origin_upper_left") ||
                 sema_layout_is(s, id, "pixel_center_integer")) {
         if (s->env.es || stage != IR_STAGE_FRAGMENT ||
             !(glsl_sema_version(s, 150, 0) ||
               sema_ext(s, "GL_ARB_fragment_coord_conventions"))) {
            glsl_sema_error(s, id->loc,
                            "layout(%s) needs a fragment shader "
                            "with GLSL 1.50 or "
                            "GL_ARB_fragment_coord_conventions",
                            id->name);
            ok = false;
         } else if (sema_layout_is(s, id, "origin_upper_left")) {
            out->origin_upper_left = true;
         } else {
            out->pixel_center_integer = true;
         }
      } else if (!s->env.es && stage == IR_STAGE_GEOMETRY &&
                 ctx == SEMA_QUAL_DEFAULT && (q->flags & GLSL_Q_IN) &&
                 (prim = find_prim(s, id, gs_in_prims,
                                   sizeof(gs_in_prims) /
                                      sizeof(*gs_in_prims))) >= 0) {
         if (out->prim >= 0) {
            glsl_sema_error(s, id->loc,
                            "more than one input primitive in "
                            "one layout");
            ok = false;
         }
         out->prim = prim;
      } else if (!s->env.es && stage == IR_STAGE_GEOMETRY &&
                 ctx == SEMA_QUAL_DEFAULT && (q->flags & GLSL_Q_OUT) &&
                 (prim = find_prim(s, id, gs_out_prims,
                                   sizeof(gs_out_prims) /
                                      sizeof(*gs_out_prims))) >= 0) {
         if (out->prim >= 0) {
            glsl_sema_error(s, id->loc,
                            "more than one output primitive in "
                            "one layout");
            ok = false;
         }
         out->prim = prim;
      } else if (!s->env.es && stage == IR_STAGE_GEOMETRY &&
                 ctx == SEMA_QUAL_DEFAULT && (q->flags & GLSL_Q_OUT) &&
                 sema_layout_is(s, id, "max_vertices")) {
         int v;
         if (layout_value(s, id, &v)) {
            out->max_vertices = v;
            if (s->env.limits &&
                (unsigned)v > s->env.limits->max_geometry_output_vertices) {
               glsl_sema_error(s, id->loc,
                               "max_vertices %d exceeds "
                               "gl_MaxGeometryOutputVertices (%u)",
                               v, s->env.limits->max_geometry_output_vertices);
               ok = false;
            }
         } else {
            ok = false;
         }
      } else {
         glsl_sema_error(s, id->loc,
                         "unknown or misplaced layout qualifier "
                         "'%s'",
                         id->name ? id->name : "");
         ok = false;
      }
   }
   /* GL_ARB_blend_func_extended / GLSL 3.30, 4.3.8.2: index goes with an
    * explicit location. */
   if (ok && out->index >= 0 && out->location < 0) {
      glsl_sema_error(s, q->loc, "layout(index) needs layout(location)");
      ok = false;
   }
   return ok;
}

static bool
stage_has_varyings_in(enum ir_stage st)
{
   return st == IR_STAGE_FRAGMENT || st == IR_STAGE_GEOMETRY;
}

/*
 * Inputs may be invariant (to match the outputs they come from) in
 * desktop GLSL (the GLSL 1.20 - 1.50 examples declare "invariant Color"
 * for a fragment input) and in the ESSL 1.00 fragment stage, but not in
 * the vertex stage, nor in ESSL 3.00 (4.6.1: "only variables output from
 * a shader can be candidates for invariance").
 */
bool
sema_invariant_input_ok(struct glsl_sema *s)
{
   if (s->env.stage == IR_STAGE_VERTEX)
      return false;
   return !s->env.es || s->env.version < 300;
}

bool
sema_check_qual(struct glsl_sema *s, const struct glsl_ast_qualifier *q,
                enum sema_qual_ctx ctx, struct sema_qual *out)
{
   memset(out, 0, sizeof(*out));
   out->storage =
      ctx == SEMA_QUAL_PARAM ? GLSL_STORAGE_PARAM_IN : GLSL_STORAGE_TEMP;
   out->location = -1;
   out->index = -1;
   out->binding = -1;
   out->prim = -1;
   out->max_vertices = -1;
   out->precision = q->precision;

   bool ok = check_words(s, q, ctx);
   uint32_t f = q->flags;
   enum ir_stage stage = s->env.stage;
   bool global = ctx == SEMA_QUAL_GLOBAL || ctx == SEMA_QUAL_DEFAULT;

   if (f & UNSUPPORTED_FLAGS) {
      for (unsigned i = 0; i < sizeof(qual_names) / sizeof(*qual_names); i++) {
         if (f & qual_names[i].flag & UNSUPPORTED_FLAGS)
            glsl_sema_error(s, q->loc,
                            "qualifier '%s' is not supported in "
                            "this version",
                            qual_names[i].name);
      }
      return false;
   }

   /* Struct members: GLSL 1.10, 4.1.8 "Member declarators can contain
    * precision qualifiers, but use of any other qualifier results in a
    * compile-time error." */
   if (ctx == SEMA_QUAL_STRUCT_MEMBER) {
      if (f & ~GLSL_Q_PRECISION) {
         glsl_sema_error(s, q->loc,
                         "only precision qualifiers are allowed "
                         "on structure members");
         return false;
      }
      return ok;
   }

   /* Storage: at most one word, except "const in" for parameters. */
   uint32_t st = f & STORAGE_FLAGS;
   if (ctx == SEMA_QUAL_PARAM && (st & GLSL_Q_CONST) && st != GLSL_Q_CONST) {
      if (st != (GLSL_Q_CONST | GLSL_Q_IN)) {
         glsl_sema_error(s, q->loc,
                         "const parameters cannot be out or "
                         "inout");
         return false;
      }
      st = GLSL_Q_CONST;
   }
   if (st & (st - 1)) {
      glsl_sema_error(s, q->loc, "conflicting storage qualifiers");
      return false;
   }
   uint32_t interp = f & INTERP_FLAGS;
   if (interp & (interp - 1)) {
      glsl_sema_error(s, q->loc, "conflicting interpolation qualifiers");
      return false;
   }

   switch (st) {
   case 0:
      break;
   case GLSL_Q_CONST:
      if (ctx == SEMA_QUAL_BLOCK_MEMBER || ctx == SEMA_QUAL_BLOCK) {
         glsl_sema_error(s, q->loc,
                         "const is not allowed in an interface "
                         "block");
         return false;
      }
      /* A const parameter is a read-only in parameter (glsl_symbols.h). */
      out->is_const = true;
      out->storage = GLSL_STORAGE_CONST;
      break;
   case GLSL_Q_ATTRIBUTE:
      if (stage != IR_STAGE_VERTEX || !global) {
         glsl_sema_error(s, q->loc,
                         "attribute is only allowed at global "
                         "scope of a vertex shader");
         return false;
      }
      out->storage = GLSL_STORAGE_IN;
      out->is_attribute = true;
      break;
   case GLSL_Q_VARYING:
      /* Compatibility geometry shaders take "varying" as an output (as
       * Piglit's glsl-1.50 compatibility tests use it). */
      if ((stage != IR_STAGE_VERTEX && stage != IR_STAGE_FRAGMENT &&
           !(stage == IR_STAGE_GEOMETRY && s->env.compat)) ||
          !global) {
         glsl_sema_error(s, q->loc,
                         "varying is only allowed at global "
                         "scope of a vertex or fragment shader");
         return false;
      }
      out->storage =
         stage == IR_STAGE_FRAGMENT ? GLSL_STORAGE_IN : GLSL_STORAGE_OUT;
      out->is_varying = true;
      break;
   case GLSL_Q_UNIFORM:
      if (!global && ctx != SEMA_QUAL_BLOCK && ctx != SEMA_QUAL_BLOCK_MEMBER) {
         glsl_sema_error(s, q->loc,
                         "uniform is only allowed at global "
                         "scope");
         return false;
      }
      out->storage = GLSL_STORAGE_UNIFORM;
      break;
   case GLSL_Q_INOUT:
      if (ctx != SEMA_QUAL_PARAM) {
         glsl_sema_error(s, q->loc,
                         "inout is only allowed on function "
                         "parameters");
         return false;
      }
      out->storage = GLSL_STORAGE_PARAM_INOUT;
      break;
   case GLSL_Q_IN:
   case GLSL_Q_OUT:
      if (ctx == SEMA_QUAL_PARAM) {
         out->storage =
            st == GLSL_Q_IN ? GLSL_STORAGE_PARAM_IN : GLSL_STORAGE_PARAM_OUT;
         break;
      }
      if (!global && ctx != SEMA_QUAL_BLOCK && ctx != SEMA_QUAL_BLOCK_MEMBER) {
         glsl_sema_error(s, q->loc,
                         "'%s' is only allowed at global scope "
                         "and on function parameters",
                         flag_name(st));
         return false;
      }
      /* GL_ARB_explicit_attrib_location and
       * GL_ARB_fragment_coord_conventions bring in/out to 1.10 / 1.20 (the
       * extensions' examples use them; Piglit tests them). */
      if (!glsl_sema_version(s, 130, 300) &&
          !sema_ext(s, "GL_ARB_explicit_attrib_location") &&
          !sema_ext(s, "GL_ARB_fragment_coord_conventions")) {
         glsl_sema_error(s, q->loc,
                         "'%s' at global scope needs GLSL 1.30 or "
                         "ESSL 3.00",
                         flag_name(st));
         return false;
      }
      out->storage = st == GLSL_Q_IN ? GLSL_STORAGE_IN : GLSL_STORAGE_OUT;
      break;
   default:
      glsl_sema_error(s, q->loc, "storage qualifier '%s' is not supported",
                      flag_name(st));
      return false;
   }

   if (ctx == SEMA_QUAL_PARAM && (f & ~(STORAGE_FLAGS | GLSL_Q_PRECISION))) {
      glsl_sema_error(s, q->loc,
                      "function parameters can only have const, "
                      "in, out, inout and precision qualifiers");
      return false;
   }

   bool is_in = out->storage == GLSL_STORAGE_IN;
   bool is_out = out->storage == GLSL_STORAGE_OUT;

   if (f & GLSL_Q_CENTROID) {
      bool allowed = (is_in && stage_has_varyings_in(stage)) ||
                     (is_out && stage != IR_STAGE_FRAGMENT);
      if (!glsl_sema_version(s, 120, 300) || !allowed || out->is_attribute) {
         glsl_sema_error(s, q->loc,
                         "centroid is only allowed on outputs of "
                         "vertex and geometry shaders and inputs of "
                         "geometry and fragment shaders");
         return false;
      }
      out->centroid = true;
   }

   if (interp) {
      bool allowed = (is_in && stage_has_varyings_in(stage)) ||
                     (is_out && stage != IR_STAGE_FRAGMENT);
      if (!allowed || out->is_varying || out->is_attribute) {
         glsl_sema_error(s, q->loc,
                         "interpolation qualifier '%s' is only "
                         "allowed on shader inputs and outputs declared with "
                         "in or out",
                         flag_name(interp));
         return false;
      }
      out->interp_explicit = true;
      out->interp = interp == GLSL_Q_FLAT            ? IR_INTERP_FLAT
                    : interp == GLSL_Q_NOPERSPECTIVE ? IR_INTERP_NOPERSPECTIVE
                                                     : IR_INTERP_SMOOTH;
   }

   if (f & GLSL_Q_INVARIANT) {
      bool allowed;
      if (ctx == SEMA_QUAL_DEFAULT)
         allowed = true;
      else if (!global && ctx != SEMA_QUAL_BLOCK_MEMBER)
         allowed = false;
      else if (is_out)
         allowed = true;
      else if (is_in)
         allowed = sema_invariant_input_ok(s);
      else
         allowed = false;
      if (!allowed) {
         glsl_sema_error(s, q->loc,
                         "invariant is only allowed on shader "
                         "outputs at global scope");
         return false;
      }
      out->invariant = true;
   }

   if (f & GLSL_Q_PRECISION) {
      if (!glsl_sema_version(s, 130, 100)) {
         glsl_sema_error(s, q->loc,
                         "precision qualifiers need GLSL 1.30 "
                         "or ESSL");
         return false;
      }
   }

   if (f & GLSL_Q_LAYOUT) {
      if (!check_layout(s, q, ctx, out))
         return false;
   }
   return ok;
}

static bool
float_based(const struct ir_type *t)
{
   while (ir_type_is_array(t))
      t = t->element;
   return t->base == IR_TYPE_FLOAT;
}

static const struct ir_type *
strip_arrays(const struct ir_type *t)
{
   while (ir_type_is_array(t))
      t = t->element;
   return t;
}

void
sema_check_var_type_qual(struct glsl_sema *s, struct glsl_loc loc,
                         const struct sema_qual *q, const struct ir_type *type,
                         bool in_block)
{
   enum ir_stage stage = s->env.stage;
   const struct ir_type *base = strip_arrays(type);
   bool is_in = q->storage == GLSL_STORAGE_IN;
   bool is_out = q->storage == GLSL_STORAGE_OUT;

   if (glsl_sema_is_error(type))
      return;

   if ((is_in || is_out) && sema_type_contains_sampler(type)) {
      glsl_sema_error(s, loc, "samplers cannot be shader inputs or outputs");
      return;
   }
   if (q->storage == GLSL_STORAGE_UNIFORM || is_in || is_out) {
      if (type->base == IR_TYPE_VOID) {
         glsl_sema_error(s, loc, "variables cannot be of type void");
         return;
      }
   }

   if (q->is_attribute && !glsl_sema_version(s, 130, 300)) {
      /* GLSL 1.10, 4.3.3: "attribute variables can only be float, vec2,
       * vec3, vec4, mat2, mat3 and mat4"; no arrays or structures.  From
       * 1.30 on, attribute follows the rules of "in". */
      if (ir_type_is_array(type) || !float_based(type) ||
          ir_type_is_struct(type)) {
         glsl_sema_error(s, loc,
                         "attribute variables must be of a float, "
                         "vector or matrix type");
      }
      return;
   }
   if (q->is_varying) {
      /* GLSL 1.10, 4.3.6: varyings are float, vectors, matrices or
       * arrays of these. */
      if (!float_based(type) || ir_type_is_struct(base)) {
         glsl_sema_error(s, loc,
                         "varying variables must be of a float, "
                         "vector or matrix type or arrays of these");
      }
      return;
   }

   if (stage == IR_STAGE_VERTEX && is_in) {
      if (base->base == IR_TYPE_BOOL || ir_type_is_struct(base)) {
         glsl_sema_error(s, loc,
                         "vertex shader inputs cannot be boolean or "
                         "structures");
      } else if (ir_type_is_array(type) && !glsl_sema_version(s, 150, 0)) {
         glsl_sema_error(s, loc,
                         "vertex shader inputs cannot be arrays in "
                         "this version");
      }
      return;
   }
   if (stage == IR_STAGE_FRAGMENT && is_out) {
      if (base->base == IR_TYPE_BOOL || ir_type_is_struct(base) ||
          ir_type_is_matrix(base)) {
         glsl_sema_error(s, loc,
                         "fragment shader outputs cannot be boolean, "
                         "matrices or structures");
      }
      return;
   }
   if (is_in || is_out) {
      if (base->base == IR_TYPE_BOOL) {
         glsl_sema_error(s, loc,
                         "shader inputs and outputs cannot be "
                         "boolean");
         return;
      }
      if (ir_type_is_struct(base) && !in_block &&
          !glsl_sema_version(s, 150, 300)) {
         glsl_sema_error(s, loc,
                         "shader inputs and outputs cannot be "
                         "structures in this version");
         return;
      }
      /* GLSL 1.30, 4.3.4 / ESSL 3.00, 4.3.4: integer fragment inputs
       * (and ESSL 3.00 vertex outputs) must be qualified flat. */
      bool needs_flat = (stage == IR_STAGE_FRAGMENT && is_in) ||
                        (s->env.es && stage == IR_STAGE_VERTEX && is_out);
      if (needs_flat && sema_type_is_integer(type) &&
          q->interp != IR_INTERP_FLAT) {
         glsl_sema_error(s, loc,
                         "%s that are integers must be qualified "
                         "flat",
                         is_in ? "fragment shader inputs"
                               : "vertex shader outputs");
      }
   }
}
