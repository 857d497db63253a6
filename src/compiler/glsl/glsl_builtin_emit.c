/* SPDX-License-Identifier: MIT */

/*
 * Expansion of built-in function calls into IR (glsl_builtin_emit), for
 * everything but texture lookups (glsl_builtin_emit_tex.c) and the
 * functions that need more than one or two opcodes per component
 * (glsl_builtin_emit_math.c).
 *
 * Each function maps to the IR opcodes that compute it with the
 * precision GLSL asks for: mod() is the IR's fmod (x - y * floor(x / y)),
 * exp() and log() go through exp2/log2, mix() is flrp, step() compares,
 * round() rounds half to even (GLSL lets the implementation choose).
 * Scalar arguments of the mixed forms (min(vec3, float)...) are splatted
 * to the vector's size because IR sources never broadcast.  Matrices come
 * and go as columns.  noise1-4 return 0 (allowed: GLSL 1.10, 8.9).
 *
 * ftransform() needs gl_ModelViewProjectionMatrix and gl_Vertex: it
 * finds the shader's variables of those names, or creates them (a mat4
 * uniform and a vec4 input), so that the translation that creates them
 * too shares the same variables.
 */
#include <math.h>
#include <string.h>

#include "glsl_builtin_priv.h"

static struct ir_def *
arg(const struct glsl_builtin_call *call, unsigned i)
{
   return call->args[i][0];
}

static enum ir_base_type
param_base(const struct glsl_builtin_call *call, unsigned i)
{
   return call->sig->params[i]->type->base;
}

static struct ir_def *
dot(struct ir_builder *b, struct ir_def *x, struct ir_def *y)
{
   switch (x->num_components) {
   case 1:
      return ir_fmul(b, x, y);
   case 2:
      return ir_fdot2(b, x, y);
   case 3:
      return ir_fdot3(b, x, y);
   default:
      return ir_fdot4(b, x, y);
   }
}

static struct ir_def *
length(struct ir_builder *b, struct ir_def *x)
{
   if (x->num_components == 1)
      return ir_fabs(b, x);
   return ir_fsqrt(b, dot(b, x, x));
}

/* The min/max/clamp opcode for a base type. */
static enum ir_op
minmax_op(enum ir_base_type base, bool max)
{
   if (base == IR_TYPE_FLOAT)
      return max ? IR_OP_FMAX : IR_OP_FMIN;
   if (base == IR_TYPE_INT)
      return max ? IR_OP_IMAX : IR_OP_IMIN;
   return max ? IR_OP_UMAX : IR_OP_UMIN;
}

static struct ir_def *
alu2(struct ir_builder *b, enum ir_op op, struct ir_def *x, struct ir_def *y)
{
   return ir_build_alu(b, op, x, y, NULL, NULL);
}

static struct ir_def *
cross(struct ir_builder *b, struct ir_def *x, struct ir_def *y)
{
   static const unsigned yzx[3] = { 1, 2, 0 };
   static const unsigned zxy[3] = { 2, 0, 1 };
   struct ir_def *l =
      ir_fmul(b, ir_swizzle(b, x, yzx, 3), ir_swizzle(b, y, zxy, 3));
   struct ir_def *r =
      ir_fmul(b, ir_swizzle(b, x, zxy, 3), ir_swizzle(b, y, yzx, 3));
   return ir_fsub(b, l, r);
}

/* Component-wise comparison for the vector relational functions; swap
 * makes greaterThan(a, b) from lessThan(b, a). */
static struct ir_def *
compare(struct ir_builder *b, enum ir_base_type base, bool less, bool swap,
        struct ir_def *x, struct ir_def *y)
{
   enum ir_op op;
   if (base == IR_TYPE_FLOAT)
      op = less ? IR_OP_FLT : IR_OP_FGE;
   else if (base == IR_TYPE_INT)
      op = less ? IR_OP_ILT : IR_OP_IGE;
   else
      op = less ? IR_OP_ULT : IR_OP_UGE;
   return swap ? alu2(b, op, y, x) : alu2(b, op, x, y);
}

/* Reduces the components of a boolean vector with iand / ior. */
static struct ir_def *
reduce(struct ir_builder *b, struct ir_def *v, enum ir_op op)
{
   struct ir_def *r = ir_channel(b, v, 0);
   for (unsigned c = 1; c < v->num_components; c++)
      r = alu2(b, op, r, ir_channel(b, v, c));
   return r;
}

static struct ir_def *
derivative(struct ir_builder *b, enum ir_intrinsic_op op, struct ir_def *x)
{
   struct ir_intrinsic *intr =
      ir_build_intrinsic(b, op, x->num_components, x->bit_size, &x);
   return intr ? &intr->def : NULL;
}

static struct ir_def *
fwidth(struct ir_builder *b, enum ir_intrinsic_op dx, enum ir_intrinsic_op dy,
       struct ir_def *x)
{
   struct ir_def *a = derivative(b, dx, x);
   struct ir_def *c = derivative(b, dy, x);
   if (!a || !c)
      return NULL;
   return ir_fadd(b, ir_fabs(b, a), ir_fabs(b, c));
}

static struct ir_variable *
find_or_create_var(struct ir_builder *b, enum ir_var_mode mode,
                   const struct ir_type *type, const char *name)
{
   struct ir_variable *var = ir_shader_find_variable(b->shader, name);
   if (var)
      return var;
   return ir_variable_create(b->shader, mode, type, name);
}

/* gl_ModelViewProjectionMatrix * gl_Vertex. */
static struct ir_def *
ftransform(struct ir_builder *b)
{
   struct ir_variable *mvp = find_or_create_var(
      b, IR_VAR_UNIFORM, ir_type_get_matrix(IR_TYPE_FLOAT, 4, 4),
      "gl_ModelViewProjectionMatrix");
   struct ir_variable *vtx = find_or_create_var(
      b, IR_VAR_SHADER_IN, ir_type_get_vector(IR_TYPE_FLOAT, 4), "gl_Vertex");
   if (!mvp || !vtx)
      return NULL;
   struct ir_def *v = ir_load_var(b, vtx);
   struct ir_def *m = ir_build_deref_var(b, mvp);
   struct ir_def *r = NULL;
   for (unsigned c = 0; c < 4; c++) {
      struct ir_def *col =
         ir_load_deref(b, ir_build_deref_array(b, m, ir_imm_int(b, (int)c)));
      struct ir_def *t =
         ir_fmul(b, col, glsl_emit_splat(b, ir_channel(b, v, c), 4));
      r = r ? ir_fadd(b, r, t) : t;
   }
   return r;
}

static bool
emit_matrix(struct ir_builder *b, struct glsl_builtin_call *call, unsigned op)
{
   const struct ir_type *rt = call->sig->return_type;
   switch (op) {
   case GLSL_BUILTIN_OP_MATRIXCOMPMULT:
      for (unsigned c = 0; c < rt->matrix_columns; c++)
         call->result[c] = ir_fmul(b, call->args[0][c], call->args[1][c]);
      return true;
   case GLSL_BUILTIN_OP_OUTERPRODUCT:
      for (unsigned c = 0; c < rt->matrix_columns; c++) {
         struct ir_def *s = ir_channel(b, arg(call, 1), c);
         call->result[c] = ir_fmul(b, arg(call, 0),
                                   glsl_emit_splat(b, s, rt->vector_elements));
      }
      return true;
   case GLSL_BUILTIN_OP_TRANSPOSE:
      for (unsigned c = 0; c < rt->matrix_columns; c++) {
         struct ir_def *comps[4];
         for (unsigned r = 0; r < rt->vector_elements; r++)
            comps[r] = ir_channel(b, call->args[0][r], c);
         call->result[c] = ir_vec(b, comps, rt->vector_elements);
      }
      return true;
   default:
      return false;
   }
}

/* The ops of sections 8.2-8.4 and 8.6-8.7 (exponential, common,
 * geometric, relational).  Returns the result, or NULL for an op it does
 * not handle. */
static struct ir_def *
emit_common(struct ir_builder *b, struct glsl_builtin_call *call, unsigned op)
{
   struct ir_def *x = arg(call, 0);
   unsigned n = x ? x->num_components : 1;
   enum ir_base_type base =
      call->sig->num_params ? param_base(call, 0) : IR_TYPE_VOID;

   switch (op) {
   case GLSL_BUILTIN_OP_RADIANS:
      return ir_fmul(b, x, glsl_emit_imm(b, (float)(M_PI / 180.0), n));
   case GLSL_BUILTIN_OP_DEGREES:
      return ir_fmul(b, x, glsl_emit_imm(b, (float)(180.0 / M_PI), n));
   case GLSL_BUILTIN_OP_POW:
      return ir_fpow(b, x, arg(call, 1));
   case GLSL_BUILTIN_OP_EXP:
      return ir_fexp2(b, ir_fmul(b, x, glsl_emit_imm(b, (float)M_LOG2E, n)));
   case GLSL_BUILTIN_OP_LOG:
      return ir_fmul(b, ir_flog2(b, x), glsl_emit_imm(b, (float)M_LN2, n));
   case GLSL_BUILTIN_OP_EXP2:
      return ir_fexp2(b, x);
   case GLSL_BUILTIN_OP_LOG2:
      return ir_flog2(b, x);
   case GLSL_BUILTIN_OP_SQRT:
      return ir_fsqrt(b, x);
   case GLSL_BUILTIN_OP_INVERSESQRT:
      return ir_frsq(b, x);
   case GLSL_BUILTIN_OP_ABS:
      return base == IR_TYPE_FLOAT ? ir_fabs(b, x) : ir_iabs(b, x);
   case GLSL_BUILTIN_OP_SIGN:
      return base == IR_TYPE_FLOAT ? ir_fsign(b, x) : ir_isign(b, x);
   case GLSL_BUILTIN_OP_FLOOR:
      return ir_ffloor(b, x);
   case GLSL_BUILTIN_OP_CEIL:
      return ir_fceil(b, x);
   case GLSL_BUILTIN_OP_FRACT:
      return ir_ffract(b, x);
   case GLSL_BUILTIN_OP_TRUNC:
      return ir_ftrunc(b, x);
   case GLSL_BUILTIN_OP_ROUND:
   case GLSL_BUILTIN_OP_ROUNDEVEN:
      return ir_fround_even(b, x);
   case GLSL_BUILTIN_OP_MOD:
      return ir_fmod(b, x, glsl_emit_splat(b, arg(call, 1), n));
   case GLSL_BUILTIN_OP_MODF: {
      struct ir_def *i = ir_ftrunc(b, x);
      call->out_values[1][0] = i;
      return ir_fsub(b, x, i);
   }
   case GLSL_BUILTIN_OP_MIN:
   case GLSL_BUILTIN_OP_MAX:
      return alu2(b, minmax_op(base, op == GLSL_BUILTIN_OP_MAX), x,
                  glsl_emit_splat(b, arg(call, 1), n));
   case GLSL_BUILTIN_OP_CLAMP: {
      struct ir_def *lo = glsl_emit_splat(b, arg(call, 1), n);
      struct ir_def *hi = glsl_emit_splat(b, arg(call, 2), n);
      return alu2(b, minmax_op(base, false),
                  alu2(b, minmax_op(base, true), x, lo), hi);
   }
   case GLSL_BUILTIN_OP_MIX:
      if (param_base(call, 2) == IR_TYPE_BOOL)
         return ir_bcsel(b, arg(call, 2), arg(call, 1), x);
      return ir_flrp(b, x, arg(call, 1), glsl_emit_splat(b, arg(call, 2), n));
   case GLSL_BUILTIN_OP_STEP: {
      /* step(edge, x): 0.0 if x < edge, else 1.0. */
      struct ir_def *v = arg(call, 1);
      struct ir_def *edge = glsl_emit_splat(b, x, v->num_components);
      return ir_b2f(b, ir_fge(b, v, edge), 32);
   }
   case GLSL_BUILTIN_OP_SMOOTHSTEP: {
      struct ir_def *v = arg(call, 2);
      unsigned m = v->num_components;
      struct ir_def *e0 = glsl_emit_splat(b, x, m);
      struct ir_def *e1 = glsl_emit_splat(b, arg(call, 1), m);
      struct ir_def *t =
         ir_fsat(b, ir_fdiv(b, ir_fsub(b, v, e0), ir_fsub(b, e1, e0)));
      struct ir_def *poly = ir_fsub(b, glsl_emit_imm(b, 3.0f, m),
                                    ir_fmul(b, glsl_emit_imm(b, 2.0f, m), t));
      return ir_fmul(b, ir_fmul(b, t, t), poly);
   }
   case GLSL_BUILTIN_OP_ISNAN:
      return ir_fneu(b, x, x);
   case GLSL_BUILTIN_OP_ISINF:
      return ir_feq(b, ir_fabs(b, x), glsl_emit_imm(b, INFINITY, n));
   case GLSL_BUILTIN_OP_BITCAST:
      return ir_mov(b, x);
   case GLSL_BUILTIN_OP_PACK_SNORM_2X16:
      return ir_pack_snorm_2x16(b, x);
   case GLSL_BUILTIN_OP_UNPACK_SNORM_2X16:
      return ir_unpack_snorm_2x16(b, x);
   case GLSL_BUILTIN_OP_PACK_UNORM_2X16:
      return ir_pack_unorm_2x16(b, x);
   case GLSL_BUILTIN_OP_UNPACK_UNORM_2X16:
      return ir_unpack_unorm_2x16(b, x);
   case GLSL_BUILTIN_OP_PACK_HALF_2X16:
      return ir_pack_half_2x16(b, x);
   case GLSL_BUILTIN_OP_UNPACK_HALF_2X16:
      return ir_unpack_half_2x16(b, x);
   case GLSL_BUILTIN_OP_LENGTH:
      return length(b, x);
   case GLSL_BUILTIN_OP_DISTANCE:
      return length(b, ir_fsub(b, x, arg(call, 1)));
   case GLSL_BUILTIN_OP_DOT:
      return dot(b, x, arg(call, 1));
   case GLSL_BUILTIN_OP_CROSS:
      return cross(b, x, arg(call, 1));
   case GLSL_BUILTIN_OP_NORMALIZE:
      return ir_fmul(b, x, glsl_emit_splat(b, ir_frsq(b, dot(b, x, x)), n));
   case GLSL_BUILTIN_OP_FTRANSFORM:
      return ftransform(b);
   case GLSL_BUILTIN_OP_FACEFORWARD: {
      /* faceforward(N, I, Nref) = dot(Nref, I) < 0 ? N : -N */
      struct ir_def *d = dot(b, arg(call, 2), arg(call, 1));
      struct ir_def *neg = ir_flt(b, d, ir_imm_float(b, 0.0f));
      return ir_bcsel(b, glsl_emit_splat(b, neg, n), x, ir_fneg(b, x));
   }
   case GLSL_BUILTIN_OP_REFLECT: {
      /* I - 2 * dot(N, I) * N */
      struct ir_def *nn = arg(call, 1);
      struct ir_def *d = dot(b, nn, x);
      struct ir_def *s = ir_fmul(b, ir_imm_float(b, 2.0f), d);
      return ir_fsub(b, x, ir_fmul(b, glsl_emit_splat(b, s, n), nn));
   }
   case GLSL_BUILTIN_OP_REFRACT: {
      /* k = 1 - eta^2 (1 - dot(N, I)^2);
       * k < 0 ? 0 : eta I - (eta dot(N, I) + sqrt(k)) N */
      struct ir_def *nn = arg(call, 1);
      struct ir_def *eta = arg(call, 2);
      struct ir_def *d = dot(b, nn, x);
      struct ir_def *one = ir_imm_float(b, 1.0f);
      struct ir_def *k = ir_fsub(
         b, one,
         ir_fmul(b, ir_fmul(b, eta, eta), ir_fsub(b, one, ir_fmul(b, d, d))));
      struct ir_def *s = ir_fadd(b, ir_fmul(b, eta, d), ir_fsqrt(b, k));
      struct ir_def *r = ir_fsub(b, ir_fmul(b, glsl_emit_splat(b, eta, n), x),
                                 ir_fmul(b, glsl_emit_splat(b, s, n), nn));
      struct ir_def *tir = ir_flt(b, k, ir_imm_float(b, 0.0f));
      return ir_bcsel(b, glsl_emit_splat(b, tir, n), glsl_emit_imm(b, 0.0f, n),
                      r);
   }
   case GLSL_BUILTIN_OP_LESSTHAN:
      return compare(b, base, true, false, x, arg(call, 1));
   case GLSL_BUILTIN_OP_LESSTHANEQUAL:
      return compare(b, base, false, true, x, arg(call, 1));
   case GLSL_BUILTIN_OP_GREATERTHAN:
      return compare(b, base, true, true, x, arg(call, 1));
   case GLSL_BUILTIN_OP_GREATERTHANEQUAL:
      return compare(b, base, false, false, x, arg(call, 1));
   case GLSL_BUILTIN_OP_EQUAL:
      return base == IR_TYPE_FLOAT ? ir_feq(b, x, arg(call, 1))
                                   : ir_ieq(b, x, arg(call, 1));
   case GLSL_BUILTIN_OP_NOTEQUAL:
      return base == IR_TYPE_FLOAT ? ir_fneu(b, x, arg(call, 1))
                                   : ir_ine(b, x, arg(call, 1));
   case GLSL_BUILTIN_OP_ANY:
      return reduce(b, x, IR_OP_IOR);
   case GLSL_BUILTIN_OP_ALL:
      return reduce(b, x, IR_OP_IAND);
   case GLSL_BUILTIN_OP_NOT:
      return ir_inot(b, x);
   case GLSL_BUILTIN_OP_DFDX:
      return derivative(b, IR_INTRINSIC_DDX, x);
   case GLSL_BUILTIN_OP_DFDY:
      return derivative(b, IR_INTRINSIC_DDY, x);
   case GLSL_BUILTIN_OP_DFDXFINE:
      return derivative(b, IR_INTRINSIC_DDX_FINE, x);
   case GLSL_BUILTIN_OP_DFDYFINE:
      return derivative(b, IR_INTRINSIC_DDY_FINE, x);
   case GLSL_BUILTIN_OP_DFDXCOARSE:
      return derivative(b, IR_INTRINSIC_DDX_COARSE, x);
   case GLSL_BUILTIN_OP_DFDYCOARSE:
      return derivative(b, IR_INTRINSIC_DDY_COARSE, x);
   case GLSL_BUILTIN_OP_FWIDTH:
      return fwidth(b, IR_INTRINSIC_DDX, IR_INTRINSIC_DDY, x);
   case GLSL_BUILTIN_OP_FWIDTHFINE:
      return fwidth(b, IR_INTRINSIC_DDX_FINE, IR_INTRINSIC_DDY_FINE, x);
   case GLSL_BUILTIN_OP_FWIDTHCOARSE:
      return fwidth(b, IR_INTRINSIC_DDX_COARSE, IR_INTRINSIC_DDY_COARSE, x);
   case GLSL_BUILTIN_OP_NOISE1:
   case GLSL_BUILTIN_OP_NOISE2:
   case GLSL_BUILTIN_OP_NOISE3:
   case GLSL_BUILTIN_OP_NOISE4:
      return glsl_emit_imm(b, 0.0f, call->sig->return_type->vector_elements);
   default:
      return NULL;
   }
}

bool
glsl_builtin_emit(struct ir_builder *b, struct glsl_builtin_call *call)
{
   if (!b || !call || !call->sig || !call->sig->is_builtin ||
       call->sig->builtin_op >= GLSL_BUILTIN_OP_COUNT)
      return false;
   memset(call->out_values, 0, sizeof(call->out_values));
   memset(call->result, 0, sizeof(call->result));
   unsigned op = call->sig->builtin_op;
   for (unsigned i = 0; i < call->sig->num_params; i++) {
      const struct ir_type *t = call->sig->params[i]->type;
      if (call->sig->params[i]->storage == GLSL_STORAGE_PARAM_OUT ||
          t->base == IR_TYPE_SAMPLER)
         continue;
      for (unsigned c = 0; c < t->matrix_columns; c++) {
         if (!call->args[i][c])
            return false;
      }
   }

   if (glsl_builtin_op_is_texture(op))
      return glsl_builtin_emit_tex(b, call);
   if (emit_matrix(b, call, op))
      return true;
   if (glsl_builtin_emit_math(b, call))
      return call->result[0] != NULL;

   switch (op) {
   case GLSL_BUILTIN_OP_EMITVERTEX:
   case GLSL_BUILTIN_OP_ENDPRIMITIVE: {
      struct ir_intrinsic *intr = ir_build_intrinsic(
         b,
         op == GLSL_BUILTIN_OP_EMITVERTEX ? IR_INTRINSIC_EMIT_VERTEX
                                          : IR_INTRINSIC_END_PRIMITIVE,
         0, 0, NULL);
      if (!intr)
         return false;
      ir_intrinsic_set_stream(intr, 0);
      return true;
   }
   default:
      call->result[0] = emit_common(b, call, op);
      return call->result[0] != NULL;
   }
}
