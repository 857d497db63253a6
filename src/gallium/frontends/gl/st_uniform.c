/* SPDX-License-Identifier: MIT */

/*
 * Uniform values of the default block: glUniform{1,2,3,4}{f,i,ui}[v],
 * glUniformMatrix{2,3,4,2x3,3x2,2x4,4x2,3x4,4x3}fv and
 * glGetUniform{f,i,ui}v / glGetnUniform{f,i,ui}v.
 *
 * Values live in the executable (st_executable::data) at the std140
 * offsets the linker chose (glsl_uniform offset, array_stride,
 * matrix_stride), as 32-bit words; booleans are 0 or 1 (the IR reads any
 * non-zero word as true).  Sampler values are texture units, kept per
 * location in st_executable::sampler_units: they take no bytes.
 *
 * Type rules (GL 4.6, 7.6.1): the f / i / ui commands load float / int /
 * uint uniforms of the same component count, bool uniforms accept all
 * three (converted: 0 and 0.0 are false), samplers only glUniform1i[v]
 * with a unit below MAX_COMBINED_TEXTURE_IMAGE_UNITS; matrix commands
 * only float matrices of the same shape.  Writes past the end of an array
 * are dropped.
 */
#include <math.h>
#include <string.h>

#include "compiler/glsl/glsl_compiler.h"
#include "glapi_api.h"
#include "st_context.h"
#include "st_program_priv.h"

enum src_kind {
   SRC_FLOAT,
   SRC_INT,
   SRC_UINT,
};

/* The uniform at @p location of @p exec and the element the location
 * names; NULL (INVALID_OPERATION raised) for a bad location. */
static const struct glsl_uniform *
uniform_at(struct st_context *ctx, const struct st_executable *exec,
           GLint location, unsigned *elem, const char *func)
{
   const struct glsl_program *p = exec->prog;
   if (location < 0 || (unsigned)location >= p->num_locations) {
      st_error(ctx, GL_INVALID_OPERATION, "%s(location=%d)", func, location);
      return NULL;
   }
   *elem = p->location_element[location];
   return &p->uniforms[p->location_uniform[location]];
}

/* The executable glUniform* writes, NULL (error raised) if none, and
 * *@p ignore for location -1 ("silently ignored", GL 4.6, 7.6.1). */
static struct st_executable *
uniform_target(struct st_context *ctx, GLint location, GLsizei count,
               bool *ignore, const char *func)
{
   *ignore = false;
   struct st_executable *exec = st_program_current_exec(ctx);
   if (!exec) {
      st_error(ctx, GL_INVALID_OPERATION, "%s(no current program)", func);
      return NULL;
   }
   if (count < 0) {
      st_error(ctx, GL_INVALID_VALUE, "%s(count=%d)", func, count);
      return NULL;
   }
   *ignore = location == -1;
   return exec;
}

static void
write_word(uint8_t *dst, enum ir_base_type base, enum src_kind kind,
           const void *values, unsigned i)
{
   uint32_t word;
   if (kind == SRC_FLOAT) {
      GLfloat f = ((const GLfloat *)values)[i];
      if (base == IR_TYPE_BOOL)
         word = f != 0.0f;
      else
         memcpy(&word, &f, 4);
   } else {
      word = ((const uint32_t *)values)[i];
      if (base == IR_TYPE_BOOL)
         word = word != 0;
   }
   memcpy(dst, &word, 4);
}

static void
set_uniform(struct st_context *ctx, GLint location, GLsizei count,
            const void *values, enum src_kind kind, unsigned components,
            const char *func)
{
   bool ignore;
   struct st_executable *exec =
      uniform_target(ctx, location, count, &ignore, func);
   if (!exec || ignore)
      return;
   unsigned elem;
   const struct glsl_uniform *u = uniform_at(ctx, exec, location, &elem, func);
   if (!u)
      return;
   const struct ir_type *t = u->type;
   bool type_ok;
   if (t->base == IR_TYPE_SAMPLER)
      type_ok = kind == SRC_INT && components == 1;
   else if (ir_type_is_matrix(t) || t->vector_elements != components)
      type_ok = false;
   else if (t->base == IR_TYPE_BOOL)
      type_ok = true;
   else
      type_ok = (t->base == IR_TYPE_FLOAT && kind == SRC_FLOAT) ||
                (t->base == IR_TYPE_INT && kind == SRC_INT) ||
                (t->base == IR_TYPE_UINT && kind == SRC_UINT);
   if (!type_ok) {
      st_error(ctx, GL_INVALID_OPERATION, "%s(type mismatch with uniform %s)",
               func, u->name);
      return;
   }
   if (count > 1 && u->array_size == 1) {
      st_error(ctx, GL_INVALID_OPERATION, "%s(count=%d for the non-array %s)",
               func, count, u->name);
      return;
   }
   unsigned n = (unsigned)count;
   if (n > u->array_size - elem)
      n = u->array_size - elem;
   if (!values || !n)
      return;
   if (t->base == IR_TYPE_SAMPLER) {
      const GLint *units = values;
      for (unsigned i = 0; i < n; i++) {
         if (units[i] < 0 ||
             (unsigned)units[i] >=
                ctx->glsl_limits->max_combined_texture_image_units) {
            st_error(ctx, GL_INVALID_VALUE, "%s(texture unit %d)", func,
                     units[i]);
            return;
         }
      }
      st_flush_vertices(ctx);
      for (unsigned i = 0; i < n; i++)
         exec->sampler_units[location + (int)i] = units[i];
      ctx->dirty |= ST_DIRTY_TEXTURES | ST_DIRTY_CONSTANTS;
      return;
   }
   st_flush_vertices(ctx);
   for (unsigned i = 0; i < n; i++) {
      uint8_t *dst = exec->data + u->offset + (elem + i) * u->array_stride;
      for (unsigned c = 0; c < components; c++)
         write_word(dst + 4 * c, t->base, kind, values, i * components + c);
   }
   ctx->dirty |= ST_DIRTY_CONSTANTS;
}

static void
set_matrix(struct st_context *ctx, GLint location, GLsizei count,
           GLboolean transpose, const GLfloat *values, unsigned cols,
           unsigned rows, const char *func)
{
   bool ignore;
   struct st_executable *exec =
      uniform_target(ctx, location, count, &ignore, func);
   if (!exec)
      return;
   /* ES 2.0, 2.10.4: "If the transpose parameter ... is not FALSE, the
    * error INVALID_VALUE is generated". */
   if (transpose && ctx->es && ctx->version < 30) {
      st_error(ctx, GL_INVALID_VALUE, "%s(transpose=GL_TRUE)", func);
      return;
   }
   if (ignore)
      return;
   unsigned elem;
   const struct glsl_uniform *u = uniform_at(ctx, exec, location, &elem, func);
   if (!u)
      return;
   const struct ir_type *t = u->type;
   if (t->base != IR_TYPE_FLOAT || t->matrix_columns != cols ||
       t->vector_elements != rows) {
      st_error(ctx, GL_INVALID_OPERATION, "%s(type mismatch with uniform %s)",
               func, u->name);
      return;
   }
   if (count > 1 && u->array_size == 1) {
      st_error(ctx, GL_INVALID_OPERATION, "%s(count=%d for the non-array %s)",
               func, count, u->name);
      return;
   }
   unsigned n = (unsigned)count;
   if (n > u->array_size - elem)
      n = u->array_size - elem;
   if (!values || !n)
      return;
   st_flush_vertices(ctx);
   for (unsigned i = 0; i < n; i++) {
      const GLfloat *m = values + i * cols * rows;
      uint8_t *dst = exec->data + u->offset + (elem + i) * u->array_stride;
      for (unsigned c = 0; c < cols; c++) {
         for (unsigned r = 0; r < rows; r++) {
            GLfloat v = transpose ? m[r * cols + c] : m[c * rows + r];
            unsigned off = u->row_major ? r * u->matrix_stride + c * 4
                                        : c * u->matrix_stride + r * 4;
            memcpy(dst + off, &v, 4);
         }
      }
   }
   ctx->dirty |= ST_DIRTY_CONSTANTS;
}

/* ---- glUniform* ---- */

#define UNIFORM_VEC(n, suffix, ctype, kind)                               \
   void api_Uniform##n##suffix##v(struct st_context *ctx, GLint location, \
                                  GLsizei count, const ctype *value)      \
   {                                                                      \
      set_uniform(ctx, location, count, value, kind, n,                   \
                  "glUniform" #n #suffix "v");                            \
   }

UNIFORM_VEC(1, f, GLfloat, SRC_FLOAT)
UNIFORM_VEC(2, f, GLfloat, SRC_FLOAT)
UNIFORM_VEC(3, f, GLfloat, SRC_FLOAT)
UNIFORM_VEC(4, f, GLfloat, SRC_FLOAT)
UNIFORM_VEC(1, i, GLint, SRC_INT)
UNIFORM_VEC(2, i, GLint, SRC_INT)
UNIFORM_VEC(3, i, GLint, SRC_INT)
UNIFORM_VEC(4, i, GLint, SRC_INT)
UNIFORM_VEC(1, ui, GLuint, SRC_UINT)
UNIFORM_VEC(2, ui, GLuint, SRC_UINT)
UNIFORM_VEC(3, ui, GLuint, SRC_UINT)
UNIFORM_VEC(4, ui, GLuint, SRC_UINT)

void
api_Uniform1f(struct st_context *ctx, GLint location, GLfloat v0)
{
   set_uniform(ctx, location, 1, &v0, SRC_FLOAT, 1, "glUniform1f");
}

void
api_Uniform2f(struct st_context *ctx, GLint location, GLfloat v0, GLfloat v1)
{
   GLfloat v[] = { v0, v1 };
   set_uniform(ctx, location, 1, v, SRC_FLOAT, 2, "glUniform2f");
}

void
api_Uniform3f(struct st_context *ctx, GLint location, GLfloat v0, GLfloat v1,
              GLfloat v2)
{
   GLfloat v[] = { v0, v1, v2 };
   set_uniform(ctx, location, 1, v, SRC_FLOAT, 3, "glUniform3f");
}

void
api_Uniform4f(struct st_context *ctx, GLint location, GLfloat v0, GLfloat v1,
              GLfloat v2, GLfloat v3)
{
   GLfloat v[] = { v0, v1, v2, v3 };
   set_uniform(ctx, location, 1, v, SRC_FLOAT, 4, "glUniform4f");
}

void
api_Uniform1i(struct st_context *ctx, GLint location, GLint v0)
{
   set_uniform(ctx, location, 1, &v0, SRC_INT, 1, "glUniform1i");
}

void
api_Uniform2i(struct st_context *ctx, GLint location, GLint v0, GLint v1)
{
   GLint v[] = { v0, v1 };
   set_uniform(ctx, location, 1, v, SRC_INT, 2, "glUniform2i");
}

void
api_Uniform3i(struct st_context *ctx, GLint location, GLint v0, GLint v1,
              GLint v2)
{
   GLint v[] = { v0, v1, v2 };
   set_uniform(ctx, location, 1, v, SRC_INT, 3, "glUniform3i");
}

void
api_Uniform4i(struct st_context *ctx, GLint location, GLint v0, GLint v1,
              GLint v2, GLint v3)
{
   GLint v[] = { v0, v1, v2, v3 };
   set_uniform(ctx, location, 1, v, SRC_INT, 4, "glUniform4i");
}

void
api_Uniform1ui(struct st_context *ctx, GLint location, GLuint v0)
{
   set_uniform(ctx, location, 1, &v0, SRC_UINT, 1, "glUniform1ui");
}

void
api_Uniform2ui(struct st_context *ctx, GLint location, GLuint v0, GLuint v1)
{
   GLuint v[] = { v0, v1 };
   set_uniform(ctx, location, 1, v, SRC_UINT, 2, "glUniform2ui");
}

void
api_Uniform3ui(struct st_context *ctx, GLint location, GLuint v0, GLuint v1,
               GLuint v2)
{
   GLuint v[] = { v0, v1, v2 };
   set_uniform(ctx, location, 1, v, SRC_UINT, 3, "glUniform3ui");
}

void
api_Uniform4ui(struct st_context *ctx, GLint location, GLuint v0, GLuint v1,
               GLuint v2, GLuint v3)
{
   GLuint v[] = { v0, v1, v2, v3 };
   set_uniform(ctx, location, 1, v, SRC_UINT, 4, "glUniform4ui");
}

#define UNIFORM_MATRIX(suffix, cols, rows)                                    \
   void api_UniformMatrix##suffix##fv(struct st_context *ctx, GLint location, \
                                      GLsizei count, GLboolean transpose,     \
                                      const GLfloat *value)                   \
   {                                                                          \
      set_matrix(ctx, location, count, transpose, value, cols, rows,          \
                 "glUniformMatrix" #suffix "fv");                             \
   }

UNIFORM_MATRIX(2, 2, 2)
UNIFORM_MATRIX(3, 3, 3)
UNIFORM_MATRIX(4, 4, 4)
UNIFORM_MATRIX(2x3, 2, 3)
UNIFORM_MATRIX(3x2, 3, 2)
UNIFORM_MATRIX(2x4, 2, 4)
UNIFORM_MATRIX(4x2, 4, 2)
UNIFORM_MATRIX(3x4, 3, 4)
UNIFORM_MATRIX(4x3, 4, 3)

/* ---- glGetUniform* ---- */

/* Reads the value at @p location of @p program into @p params as
 * @p kind, at most @p buf_size bytes (-1: no limit). */
static void
get_uniform(struct st_context *ctx, GLuint program, GLint location,
            GLsizei buf_size, void *params, enum src_kind kind,
            const char *func)
{
   struct st_executable *exec = st_program_linked_err(ctx, program, func);
   if (!exec)
      return;
   unsigned elem;
   const struct glsl_uniform *u = uniform_at(ctx, exec, location, &elem, func);
   if (!u)
      return;
   const struct ir_type *t = u->type;
   bool sampler = t->base == IR_TYPE_SAMPLER;
   unsigned cols = sampler ? 1 : t->matrix_columns;
   unsigned rows = sampler ? 1 : t->vector_elements;
   if (buf_size >= 0 && (size_t)buf_size < (size_t)cols * rows * 4) {
      st_error(ctx, GL_INVALID_OPERATION, "%s(bufSize=%d too small)", func,
               buf_size);
      return;
   }
   if (!params)
      return;
   const uint8_t *base = exec->data + u->offset + elem * u->array_stride;
   for (unsigned c = 0; c < cols; c++) {
      for (unsigned r = 0; r < rows; r++) {
         unsigned k = c * rows + r;
         uint32_t word;
         if (sampler) {
            word = (uint32_t)exec->sampler_units[location];
         } else {
            unsigned off = u->row_major ? r * u->matrix_stride + c * 4
                                        : c * u->matrix_stride + r * 4;
            memcpy(&word, base + off, 4);
         }
         /* Conversions as for state queries (GL 4.6, 2.2.2). */
         double v;
         if (t->base == IR_TYPE_FLOAT) {
            float f;
            memcpy(&f, &word, 4);
            v = f;
         } else if (t->base == IR_TYPE_UINT) {
            v = word;
         } else if (t->base == IR_TYPE_BOOL) {
            v = word != 0;
         } else {
            v = (int32_t)word;
         }
         if (kind == SRC_FLOAT)
            ((GLfloat *)params)[k] = (GLfloat)v;
         else if (kind == SRC_INT)
            ((GLint *)params)[k] =
               t->base == IR_TYPE_FLOAT ? (GLint)lrint(v) : (GLint)(int64_t)v;
         else
            ((GLuint *)params)[k] =
               t->base == IR_TYPE_FLOAT ? (GLuint)lrint(v) : (GLuint)(int64_t)v;
      }
   }
}

void
api_GetUniformfv(struct st_context *ctx, GLuint program, GLint location,
                 GLfloat *params)
{
   get_uniform(ctx, program, location, -1, params, SRC_FLOAT, "glGetUniformfv");
}

void
api_GetUniformiv(struct st_context *ctx, GLuint program, GLint location,
                 GLint *params)
{
   get_uniform(ctx, program, location, -1, params, SRC_INT, "glGetUniformiv");
}

void
api_GetUniformuiv(struct st_context *ctx, GLuint program, GLint location,
                  GLuint *params)
{
   get_uniform(ctx, program, location, -1, params, SRC_UINT, "glGetUniformuiv");
}

static bool
check_buf_size(struct st_context *ctx, GLsizei buf_size, const char *func)
{
   if (buf_size < 0) {
      st_error(ctx, GL_INVALID_VALUE, "%s(bufSize=%d)", func, buf_size);
      return false;
   }
   return true;
}

void
api_GetnUniformfv(struct st_context *ctx, GLuint program, GLint location,
                  GLsizei bufSize, GLfloat *params)
{
   if (check_buf_size(ctx, bufSize, "glGetnUniformfv"))
      get_uniform(ctx, program, location, bufSize, params, SRC_FLOAT,
                  "glGetnUniformfv");
}

void
api_GetnUniformiv(struct st_context *ctx, GLuint program, GLint location,
                  GLsizei bufSize, GLint *params)
{
   if (check_buf_size(ctx, bufSize, "glGetnUniformiv"))
      get_uniform(ctx, program, location, bufSize, params, SRC_INT,
                  "glGetnUniformiv");
}

void
api_GetnUniformuiv(struct st_context *ctx, GLuint program, GLint location,
                   GLsizei bufSize, GLuint *params)
{
   if (check_buf_size(ctx, bufSize, "glGetnUniformuiv"))
      get_uniform(ctx, program, location, bufSize, params, SRC_UINT,
                  "glGetnUniformuiv");
}
