/* SPDX-License-Identifier: MIT */

/*
 * The compatibility matrix stacks (GL 4.6 compatibility, 12.1.1):
 * GL_MODELVIEW, GL_PROJECTION and one GL_TEXTURE stack per texture
 * coordinate set, selected by glMatrixMode (and, for GL_TEXTURE, by the
 * active texture unit at the time of each call), and the operations on
 * the current matrix.  GL_COLOR needs ARB_imaging, which Indium does not
 * expose, so it is not a matrix mode here.
 *
 * Each stack entry caches its inverse, computed on first use (clip
 * planes, light positions, texgen eye planes, the *Inverse state
 * uniforms); every change of the entry drops the cache.
 */
#include <math.h>
#include <string.h>

#include "glapi_api.h"
#include "st_compat_priv.h"
#include "st_context.h"
#include "st_texture.h"

static const GLfloat identity[16] = {
   1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1,
};

void
st_matrix_mul(GLfloat out[16], const GLfloat a[16], const GLfloat b[16])
{
   for (unsigned c = 0; c < 4; c++) {
      for (unsigned r = 0; r < 4; r++) {
         GLfloat sum = 0;
         for (unsigned k = 0; k < 4; k++)
            sum += a[k * 4 + r] * b[c * 4 + k];
         out[c * 4 + r] = sum;
      }
   }
}

void
st_matrix_transform(GLfloat out[4], const GLfloat m[16], const GLfloat v[4])
{
   for (unsigned r = 0; r < 4; r++) {
      out[r] =
         m[r] * v[0] + m[4 + r] * v[1] + m[8 + r] * v[2] + m[12 + r] * v[3];
   }
}

void
st_matrix_transform_plane(GLfloat out[4], const GLfloat p[4],
                          const GLfloat m[16])
{
   for (unsigned c = 0; c < 4; c++) {
      out[c] = p[0] * m[c * 4] + p[1] * m[c * 4 + 1] + p[2] * m[c * 4 + 2] +
               p[3] * m[c * 4 + 3];
   }
}

void
st_matrix_transpose(GLfloat out[16], const GLfloat m[16])
{
   for (unsigned c = 0; c < 4; c++) {
      for (unsigned r = 0; r < 4; r++)
         out[r * 4 + c] = m[c * 4 + r];
   }
}

/* The inverse by cofactors (the adjugate over the determinant), in
 * double precision so that ill-conditioned but invertible matrices such
 * as a glFrustum projection keep their digits. */
bool
st_matrix_invert(GLfloat out[16], const GLfloat m[16])
{
   double a[16], inv[16];
   for (unsigned i = 0; i < 16; i++)
      a[i] = m[i];

   inv[0] = a[5] * a[10] * a[15] - a[5] * a[11] * a[14] - a[9] * a[6] * a[15] +
            a[9] * a[7] * a[14] + a[13] * a[6] * a[11] - a[13] * a[7] * a[10];
   inv[4] = -a[4] * a[10] * a[15] + a[4] * a[11] * a[14] + a[8] * a[6] * a[15] -
            a[8] * a[7] * a[14] - a[12] * a[6] * a[11] + a[12] * a[7] * a[10];
   inv[8] = a[4] * a[9] * a[15] - a[4] * a[11] * a[13] - a[8] * a[5] * a[15] +
            a[8] * a[7] * a[13] + a[12] * a[5] * a[11] - a[12] * a[7] * a[9];
   inv[12] = -a[4] * a[9] * a[14] + a[4] * a[10] * a[13] + a[8] * a[5] * a[14] -
             a[8] * a[6] * a[13] - a[12] * a[5] * a[10] + a[12] * a[6] * a[9];
   inv[1] = -a[1] * a[10] * a[15] + a[1] * a[11] * a[14] + a[9] * a[2] * a[15] -
            a[9] * a[3] * a[14] - a[13] * a[2] * a[11] + a[13] * a[3] * a[10];
   inv[5] = a[0] * a[10] * a[15] - a[0] * a[11] * a[14] - a[8] * a[2] * a[15] +
            a[8] * a[3] * a[14] + a[12] * a[2] * a[11] - a[12] * a[3] * a[10];
   inv[9] = -a[0] * a[9] * a[15] + a[0] * a[11] * a[13] + a[8] * a[1] * a[15] -
            a[8] * a[3] * a[13] - a[12] * a[1] * a[11] + a[12] * a[3] * a[9];
   inv[13] = a[0] * a[9] * a[14] - a[0] * a[10] * a[13] - a[8] * a[1] * a[14] +
             a[8] * a[2] * a[13] + a[12] * a[1] * a[10] - a[12] * a[2] * a[9];
   inv[2] = a[1] * a[6] * a[15] - a[1] * a[7] * a[14] - a[5] * a[2] * a[15] +
            a[5] * a[3] * a[14] + a[13] * a[2] * a[7] - a[13] * a[3] * a[6];
   inv[6] = -a[0] * a[6] * a[15] + a[0] * a[7] * a[14] + a[4] * a[2] * a[15] -
            a[4] * a[3] * a[14] - a[12] * a[2] * a[7] + a[12] * a[3] * a[6];
   inv[10] = a[0] * a[5] * a[15] - a[0] * a[7] * a[13] - a[4] * a[1] * a[15] +
             a[4] * a[3] * a[13] + a[12] * a[1] * a[7] - a[12] * a[3] * a[5];
   inv[14] = -a[0] * a[5] * a[14] + a[0] * a[6] * a[13] + a[4] * a[1] * a[14] -
             a[4] * a[2] * a[13] - a[12] * a[1] * a[6] + a[12] * a[2] * a[5];
   inv[3] = -a[1] * a[6] * a[11] + a[1] * a[7] * a[10] + a[5] * a[2] * a[11] -
            a[5] * a[3] * a[10] - a[9] * a[2] * a[7] + a[9] * a[3] * a[6];
   inv[7] = a[0] * a[6] * a[11] - a[0] * a[7] * a[10] - a[4] * a[2] * a[11] +
            a[4] * a[3] * a[10] + a[8] * a[2] * a[7] - a[8] * a[3] * a[6];
   inv[11] = -a[0] * a[5] * a[11] + a[0] * a[7] * a[9] + a[4] * a[1] * a[11] -
             a[4] * a[3] * a[9] - a[8] * a[1] * a[7] + a[8] * a[3] * a[5];
   inv[15] = a[0] * a[5] * a[10] - a[0] * a[6] * a[9] - a[4] * a[1] * a[10] +
             a[4] * a[2] * a[9] + a[8] * a[1] * a[6] - a[8] * a[2] * a[5];

   double det = a[0] * inv[0] + a[1] * inv[4] + a[2] * inv[8] + a[3] * inv[12];
   if (det == 0.0 || !isfinite(det)) {
      memcpy(out, identity, sizeof(identity));
      return false;
   }
   for (unsigned i = 0; i < 16; i++)
      out[i] = (GLfloat)(inv[i] / det);
   return true;
}

static void
stack_init(struct st_matrix_stack *stack, unsigned max_depth)
{
   stack->top = 0;
   stack->max_depth = max_depth;
   memcpy(stack->entry[0].m, identity, sizeof(identity));
   memcpy(stack->entry[0].inv, identity, sizeof(identity));
   stack->entry[0].inv_valid = true;
}

void
st_matrix_init(struct st_compat_state *cs)
{
   cs->matrix_mode = GL_MODELVIEW;
   stack_init(&cs->modelview, ST_MAX_MODELVIEW_STACK_DEPTH);
   stack_init(&cs->projection, ST_MAX_PROJECTION_STACK_DEPTH);
   for (unsigned i = 0; i < ST_MAX_FF_TEXTURE_UNITS; i++)
      stack_init(&cs->texture[i], ST_MAX_TEXTURE_STACK_DEPTH);
}

const GLfloat *
st_matrix_top(struct st_matrix_stack *stack)
{
   return stack->entry[stack->top].m;
}

const GLfloat *
st_matrix_top_inverse(struct st_matrix_stack *stack)
{
   struct st_matrix *e = &stack->entry[stack->top];
   if (!e->inv_valid) {
      st_matrix_invert(e->inv, e->m);
      e->inv_valid = true;
   }
   return e->inv;
}

/* The stack the matrix commands of @p func change, NULL after raising
 * GL_INVALID_OPERATION (GL 4.6 compat, 12.1.1: the texture matrix of a
 * unit beyond GL_MAX_TEXTURE_COORDS). */
static struct st_matrix_stack *
current_stack(struct st_context *ctx, const char *func)
{
   struct st_compat_state *cs = ctx->compat;
   switch (cs->matrix_mode) {
   case GL_MODELVIEW:
      return &cs->modelview;
   case GL_PROJECTION:
      return &cs->projection;
   default: {
      unsigned unit = st_texture_active_unit(ctx);
      if (unit >= ST_MAX_FF_TEXTURE_UNITS) {
         st_error(ctx, GL_INVALID_OPERATION, "%s(GL_TEXTURE matrix of unit %u)",
                  func, unit);
         return NULL;
      }
      return &cs->texture[unit];
   }
   }
}

/* Every change of a matrix goes through here: the state uniforms, the
 * clip and texgen transforms all depend on it. */
static void
matrix_changed(struct st_context *ctx, struct st_matrix *e)
{
   e->inv_valid = false;
   ctx->dirty |= ST_DIRTY_CONSTANTS | ST_DIRTY_COMPAT;
}

static void
load(struct st_context *ctx, const GLfloat m[16], const char *func)
{
   struct st_matrix_stack *stack = current_stack(ctx, func);
   if (!stack)
      return;
   st_flush_vertices(ctx);
   struct st_matrix *e = &stack->entry[stack->top];
   memcpy(e->m, m, sizeof(e->m));
   matrix_changed(ctx, e);
}

/* current = current * m, as every matrix command but the loads does. */
static void
mult(struct st_context *ctx, const GLfloat m[16], const char *func)
{
   struct st_matrix_stack *stack = current_stack(ctx, func);
   if (!stack)
      return;
   st_flush_vertices(ctx);
   struct st_matrix *e = &stack->entry[stack->top];
   GLfloat product[16];
   st_matrix_mul(product, e->m, m);
   memcpy(e->m, product, sizeof(e->m));
   matrix_changed(ctx, e);
}

static void
from_doubles(GLfloat out[16], const GLdouble *m)
{
   for (unsigned i = 0; i < 16; i++)
      out[i] = (GLfloat)m[i];
}

void
api_MatrixMode(struct st_context *ctx, GLenum mode)
{
   if (mode != GL_MODELVIEW && mode != GL_PROJECTION && mode != GL_TEXTURE) {
      st_error(ctx, GL_INVALID_ENUM, "glMatrixMode(mode=%s)",
               st_enum_name(mode));
      return;
   }
   ctx->compat->matrix_mode = mode;
}

void
api_LoadIdentity(struct st_context *ctx)
{
   load(ctx, identity, "glLoadIdentity");
}

void
api_LoadMatrixf(struct st_context *ctx, const GLfloat *m)
{
   if (m)
      load(ctx, m, "glLoadMatrixf");
}

void
api_LoadMatrixd(struct st_context *ctx, const GLdouble *m)
{
   if (!m)
      return;
   GLfloat f[16];
   from_doubles(f, m);
   load(ctx, f, "glLoadMatrixd");
}

void
api_MultMatrixf(struct st_context *ctx, const GLfloat *m)
{
   if (m)
      mult(ctx, m, "glMultMatrixf");
}

void
api_MultMatrixd(struct st_context *ctx, const GLdouble *m)
{
   if (!m)
      return;
   GLfloat f[16];
   from_doubles(f, m);
   mult(ctx, f, "glMultMatrixd");
}

void
api_LoadTransposeMatrixf(struct st_context *ctx, const GLfloat *m)
{
   if (!m)
      return;
   GLfloat t[16];
   st_matrix_transpose(t, m);
   load(ctx, t, "glLoadTransposeMatrixf");
}

void
api_LoadTransposeMatrixd(struct st_context *ctx, const GLdouble *m)
{
   if (!m)
      return;
   GLfloat f[16], t[16];
   from_doubles(f, m);
   st_matrix_transpose(t, f);
   load(ctx, t, "glLoadTransposeMatrixd");
}

void
api_MultTransposeMatrixf(struct st_context *ctx, const GLfloat *m)
{
   if (!m)
      return;
   GLfloat t[16];
   st_matrix_transpose(t, m);
   mult(ctx, t, "glMultTransposeMatrixf");
}

void
api_MultTransposeMatrixd(struct st_context *ctx, const GLdouble *m)
{
   if (!m)
      return;
   GLfloat f[16], t[16];
   from_doubles(f, m);
   st_matrix_transpose(t, f);
   mult(ctx, t, "glMultTransposeMatrixd");
}

void
api_PushMatrix(struct st_context *ctx)
{
   struct st_matrix_stack *stack = current_stack(ctx, "glPushMatrix");
   if (!stack)
      return;
   if (stack->top + 1 >= stack->max_depth) {
      st_error(ctx, GL_STACK_OVERFLOW, "glPushMatrix(%s stack full)",
               st_enum_name(ctx->compat->matrix_mode));
      return;
   }
   st_flush_vertices(ctx);
   stack->entry[stack->top + 1] = stack->entry[stack->top];
   stack->top++;
}

void
api_PopMatrix(struct st_context *ctx)
{
   struct st_matrix_stack *stack = current_stack(ctx, "glPopMatrix");
   if (!stack)
      return;
   if (stack->top == 0) {
      st_error(ctx, GL_STACK_UNDERFLOW, "glPopMatrix(%s stack empty)",
               st_enum_name(ctx->compat->matrix_mode));
      return;
   }
   st_flush_vertices(ctx);
   stack->top--;
   ctx->dirty |= ST_DIRTY_CONSTANTS | ST_DIRTY_COMPAT;
}

/* GL 4.6 compat, 12.1.1, equation 12.3: a rotation by @p angle degrees
 * about the normalized axis.  A zero axis cannot be normalized; the
 * specification gives it no error, and the matrix is left as it is. */
static void
rotate(struct st_context *ctx, double angle, double x, double y, double z,
       const char *func)
{
   double len = sqrt(x * x + y * y + z * z);
   if (len == 0.0 || !isfinite(len)) {
      if (current_stack(ctx, func))
         st_flush_vertices(ctx);
      return;
   }
   x /= len;
   y /= len;
   z /= len;
   double rad = angle * (M_PI / 180.0);
   double c = cos(rad), s = sin(rad), ic = 1.0 - c;
   /* One matrix column per line. */
   /* clang-format off */
   GLfloat r[16] = {
      (GLfloat)(x * x * ic + c), (GLfloat)(y * x * ic + z * s),
         (GLfloat)(x * z * ic - y * s), 0,
      (GLfloat)(x * y * ic - z * s), (GLfloat)(y * y * ic + c),
         (GLfloat)(y * z * ic + x * s), 0,
      (GLfloat)(x * z * ic + y * s), (GLfloat)(y * z * ic - x * s),
         (GLfloat)(z * z * ic + c), 0,
      0, 0, 0, 1,
   };
   /* clang-format on */
   mult(ctx, r, func);
}

void
api_Rotatef(struct st_context *ctx, GLfloat angle, GLfloat x, GLfloat y,
            GLfloat z)
{
   rotate(ctx, angle, x, y, z, "glRotatef");
}

void
api_Rotated(struct st_context *ctx, GLdouble angle, GLdouble x, GLdouble y,
            GLdouble z)
{
   rotate(ctx, angle, x, y, z, "glRotated");
}

static void
scale(struct st_context *ctx, GLfloat x, GLfloat y, GLfloat z, const char *func)
{
   const GLfloat s[16] = { x, 0, 0, 0, 0, y, 0, 0, 0, 0, z, 0, 0, 0, 0, 1 };
   mult(ctx, s, func);
}

void
api_Scalef(struct st_context *ctx, GLfloat x, GLfloat y, GLfloat z)
{
   scale(ctx, x, y, z, "glScalef");
}

void
api_Scaled(struct st_context *ctx, GLdouble x, GLdouble y, GLdouble z)
{
   scale(ctx, (GLfloat)x, (GLfloat)y, (GLfloat)z, "glScaled");
}

static void
translate(struct st_context *ctx, GLfloat x, GLfloat y, GLfloat z,
          const char *func)
{
   const GLfloat t[16] = { 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, x, y, z, 1 };
   mult(ctx, t, func);
}

void
api_Translatef(struct st_context *ctx, GLfloat x, GLfloat y, GLfloat z)
{
   translate(ctx, x, y, z, "glTranslatef");
}

void
api_Translated(struct st_context *ctx, GLdouble x, GLdouble y, GLdouble z)
{
   translate(ctx, (GLfloat)x, (GLfloat)y, (GLfloat)z, "glTranslated");
}

void
api_Ortho(struct st_context *ctx, GLdouble left, GLdouble right,
          GLdouble bottom, GLdouble top, GLdouble zNear, GLdouble zFar)
{
   /* GL 4.6 compat, 12.1.1: "An INVALID_VALUE error is generated if
    * l = r, b = t, or n = f." */
   if (left == right || bottom == top || zNear == zFar) {
      st_error(ctx, GL_INVALID_VALUE,
               "glOrtho(l=%g, r=%g, b=%g, t=%g, n=%g, f=%g)", left, right,
               bottom, top, zNear, zFar);
      return;
   }
   double w = right - left, h = top - bottom, d = zFar - zNear;
   /* One matrix column per line. */
   /* clang-format off */
   const GLfloat o[16] = {
      (GLfloat)(2.0 / w), 0, 0, 0,
      0, (GLfloat)(2.0 / h), 0, 0,
      0, 0, (GLfloat)(-2.0 / d), 0,
      (GLfloat)(-(right + left) / w), (GLfloat)(-(top + bottom) / h),
         (GLfloat)(-(zFar + zNear) / d), 1,
   };
   /* clang-format on */
   mult(ctx, o, "glOrtho");
}

void
api_Frustum(struct st_context *ctx, GLdouble left, GLdouble right,
            GLdouble bottom, GLdouble top, GLdouble zNear, GLdouble zFar)
{
   /* GL 4.6 compat, 12.1.1: "An INVALID_VALUE error is generated if
    * n <= 0, f <= 0, l = r, b = t, or n = f." */
   if (zNear <= 0.0 || zFar <= 0.0 || left == right || bottom == top ||
       zNear == zFar) {
      st_error(ctx, GL_INVALID_VALUE,
               "glFrustum(l=%g, r=%g, b=%g, t=%g, n=%g, f=%g)", left, right,
               bottom, top, zNear, zFar);
      return;
   }
   double w = right - left, h = top - bottom, d = zFar - zNear;
   /* One matrix column per line. */
   /* clang-format off */
   const GLfloat f[16] = {
      (GLfloat)(2.0 * zNear / w), 0, 0, 0,
      0, (GLfloat)(2.0 * zNear / h), 0, 0,
      (GLfloat)((right + left) / w), (GLfloat)((top + bottom) / h),
         (GLfloat)(-(zFar + zNear) / d), -1,
      0, 0, (GLfloat)(-2.0 * zFar * zNear / d), 0,
   };
   /* clang-format on */
   mult(ctx, f, "glFrustum");
}

/* glGet of a stack's matrix, its transpose or its depth. */
static void
get_matrix(struct st_value *v, struct st_matrix_stack *stack, bool transpose)
{
   GLfloat t[16];
   const GLfloat *m = st_matrix_top(stack);
   if (transpose) {
      st_matrix_transpose(t, m);
      m = t;
   }
   st_value_floats(v, m, 16);
}

bool
st_matrix_get(struct st_context *ctx, GLenum pname, struct st_value *v)
{
   struct st_compat_state *cs = ctx->compat;
   struct st_matrix_stack *texture = NULL;

   switch (pname) {
   case GL_TEXTURE_MATRIX:
   case GL_TRANSPOSE_TEXTURE_MATRIX:
   case GL_TEXTURE_STACK_DEPTH: {
      unsigned unit = st_texture_active_unit(ctx);
      if (unit >= ST_MAX_FF_TEXTURE_UNITS) {
         st_error(ctx, GL_INVALID_OPERATION, "glGet(%s of unit %u)",
                  st_enum_name(pname), unit);
         v->count = 0;
         return true;
      }
      texture = &cs->texture[unit];
      break;
   }
   default:
      break;
   }

   switch (pname) {
   case GL_MATRIX_MODE:
      st_value_enum(v, cs->matrix_mode);
      return true;
   case GL_MODELVIEW_MATRIX:
   case GL_TRANSPOSE_MODELVIEW_MATRIX:
      get_matrix(v, &cs->modelview, pname == GL_TRANSPOSE_MODELVIEW_MATRIX);
      return true;
   case GL_PROJECTION_MATRIX:
   case GL_TRANSPOSE_PROJECTION_MATRIX:
      get_matrix(v, &cs->projection, pname == GL_TRANSPOSE_PROJECTION_MATRIX);
      return true;
   case GL_TEXTURE_MATRIX:
   case GL_TRANSPOSE_TEXTURE_MATRIX:
      get_matrix(v, texture, pname == GL_TRANSPOSE_TEXTURE_MATRIX);
      return true;
   case GL_MODELVIEW_STACK_DEPTH:
      st_value_int(v, (GLint)cs->modelview.top + 1);
      return true;
   case GL_PROJECTION_STACK_DEPTH:
      st_value_int(v, (GLint)cs->projection.top + 1);
      return true;
   case GL_TEXTURE_STACK_DEPTH:
      st_value_int(v, (GLint)texture->top + 1);
      return true;
   case GL_MAX_MODELVIEW_STACK_DEPTH:
      st_value_int(v, ST_MAX_MODELVIEW_STACK_DEPTH);
      return true;
   case GL_MAX_PROJECTION_STACK_DEPTH:
      st_value_int(v, ST_MAX_PROJECTION_STACK_DEPTH);
      return true;
   case GL_MAX_TEXTURE_STACK_DEPTH:
      st_value_int(v, ST_MAX_TEXTURE_STACK_DEPTH);
      return true;
   default:
      return false;
   }
}
