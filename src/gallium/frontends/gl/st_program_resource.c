/* SPDX-License-Identifier: MIT */

/*
 * Queries of a linked program's interface: active attributes, uniforms,
 * uniform blocks and transform feedback varyings, their names and
 * locations (glGetActiveAttrib, glGetAttribLocation,
 * glGetFragDataLocation, glGetFragDataIndex, glGetUniformLocation,
 * glGetActiveUniform, glGetActiveUniformsiv, glGetActiveUniformName,
 * glGetUniformIndices, glGetUniformBlockIndex,
 * glGetActiveUniformBlockiv, glGetActiveUniformBlockName,
 * glUniformBlockBinding, glGetTransformFeedbackVarying).  The lists are
 * the linker's (glsl_program); this file applies GL's naming and error
 * rules to them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "glapi_api.h"
#include "st_context.h"
#include "st_program_priv.h"

/* The executable of @p program for a query that allows an unlinked
 * program (its lists are then empty): NULL with *@p ok true, or NULL with
 * an error raised and *@p ok false. */
static const struct glsl_program *
query_program(struct st_context *ctx, GLuint program, const char *func,
              bool *ok)
{
   struct st_program *prog = st_program_lookup_err(ctx, program, func);
   *ok = prog != NULL;
   return prog && prog->exec ? prog->exec->prog : NULL;
}

/* Splits a trailing "[N]" off @p name: its length without the suffix and
 * N (0 without one); false if the suffix is malformed. */
static bool
split_index(const char *name, size_t *base_len, unsigned *index)
{
   size_t len = strlen(name);
   *base_len = len;
   *index = 0;
   if (len < 3 || name[len - 1] != ']')
      return true;
   const char *open = strrchr(name, '[');
   if (!open || open[1] < '0' || open[1] > '9')
      return false;
   char *end = NULL;
   unsigned long v = strtoul(open + 1, &end, 10);
   if (end != name + len - 1 || v > 1u << 24)
      return false;
   *index = (unsigned)v;
   *base_len = (size_t)(open - name);
   return true;
}

/* Whether @p query names element *@p elem of the listed name @p listed
 * (arrays are listed "a[0]" for uniforms and "a" for attributes,
 * outputs and varyings; both "a" and "a[N]" name them). */
static bool
name_matches(const char *listed, unsigned array_size, const char *query,
             unsigned *elem)
{
   size_t llen = strlen(listed);
   if (llen > 3 && strcmp(listed + llen - 3, "[0]") == 0)
      llen -= 3;
   size_t qlen;
   unsigned index;
   if (!split_index(query, &qlen, &index))
      return false;
   if (qlen != llen || strncmp(listed, query, llen) != 0)
      return false;
   if (qlen != strlen(query) && index >= array_size)
      return false;
   if (elem)
      *elem = index;
   return true;
}

/* ---- Attributes and fragment outputs ---- */

void
api_GetActiveAttrib(struct st_context *ctx, GLuint program, GLuint index,
                    GLsizei bufSize, GLsizei *length, GLint *size, GLenum *type,
                    GLchar *name)
{
   bool ok;
   const struct glsl_program *p =
      query_program(ctx, program, "glGetActiveAttrib", &ok);
   if (!ok)
      return;
   if (!p || index >= p->num_attributes || bufSize < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glGetActiveAttrib(index=%u)", index);
      return;
   }
   const struct glsl_program_io *a = &p->attributes[index];
   /* Arrays keep their plain name here ("e" for in int e[5]), as
    * glGetAttribLocation takes it. */
   st_copy_string(a->name, bufSize, length, name);
   if (size)
      *size = (GLint)a->array_size;
   if (type)
      *type = st_gl_type(a->type);
}

GLint
api_GetAttribLocation(struct st_context *ctx, GLuint program,
                      const GLchar *name)
{
   struct st_executable *exec =
      st_program_linked_err(ctx, program, "glGetAttribLocation");
   if (!exec || !name || strncmp(name, "gl_", 3) == 0)
      return -1;
   const struct glsl_program *p = exec->prog;
   for (unsigned i = 0; i < p->num_attributes; i++) {
      const struct glsl_program_io *a = &p->attributes[i];
      unsigned elem;
      if (a->location >= 0 && name_matches(a->name, a->array_size, name, &elem))
         return a->location + (int)(elem * ir_type_slot_count(a->type));
   }
   return -1;
}

static const struct glsl_program_io *
find_output(struct st_context *ctx, GLuint program, const GLchar *name,
            const char *func, unsigned *elem)
{
   struct st_executable *exec = st_program_linked_err(ctx, program, func);
   if (!exec || !name || strncmp(name, "gl_", 3) == 0)
      return NULL;
   const struct glsl_program *p = exec->prog;
   for (unsigned i = 0; i < p->num_outputs; i++) {
      const struct glsl_program_io *o = &p->outputs[i];
      if (o->location >= 0 && strncmp(o->name, "gl_", 3) != 0 &&
          name_matches(o->name, o->array_size, name, elem))
         return o;
   }
   return NULL;
}

GLint
api_GetFragDataLocation(struct st_context *ctx, GLuint program,
                        const GLchar *name)
{
   unsigned elem = 0;
   const struct glsl_program_io *o =
      find_output(ctx, program, name, "glGetFragDataLocation", &elem);
   return o ? o->location + (int)elem : -1;
}

GLint
api_GetFragDataIndex(struct st_context *ctx, GLuint program, const GLchar *name)
{
   unsigned elem = 0;
   const struct glsl_program_io *o =
      find_output(ctx, program, name, "glGetFragDataIndex", &elem);
   return o ? (GLint)o->index : -1;
}

/* ---- Uniforms ---- */

GLint
api_GetUniformLocation(struct st_context *ctx, GLuint program,
                       const GLchar *name)
{
   struct st_executable *exec =
      st_program_linked_err(ctx, program, "glGetUniformLocation");
   /* Built-in state uniforms have no location (GL 4.6, 7.6.1). */
   if (!exec || !name || strncmp(name, "gl_", 3) == 0)
      return -1;
   return glsl_program_uniform_location(exec->prog, name);
}

void
api_GetActiveUniform(struct st_context *ctx, GLuint program, GLuint index,
                     GLsizei bufSize, GLsizei *length, GLint *size,
                     GLenum *type, GLchar *name)
{
   bool ok;
   const struct glsl_program *p =
      query_program(ctx, program, "glGetActiveUniform", &ok);
   if (!ok)
      return;
   if (!p || index >= p->num_uniforms || bufSize < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glGetActiveUniform(index=%u)", index);
      return;
   }
   const struct glsl_uniform *u = &p->uniforms[index];
   st_copy_string(u->name, bufSize, length, name);
   if (size)
      *size = (GLint)u->array_size;
   if (type)
      *type = st_gl_type(u->type);
}

void
api_GetActiveUniformName(struct st_context *ctx, GLuint program,
                         GLuint uniformIndex, GLsizei bufSize, GLsizei *length,
                         GLchar *uniformName)
{
   bool ok;
   const struct glsl_program *p =
      query_program(ctx, program, "glGetActiveUniformName", &ok);
   if (!ok)
      return;
   if (!p || uniformIndex >= p->num_uniforms || bufSize < 0) {
      st_error(ctx, GL_INVALID_VALUE,
               "glGetActiveUniformName(uniformIndex=%u, bufSize=%d)",
               uniformIndex, bufSize);
      return;
   }
   const struct glsl_uniform *u = &p->uniforms[uniformIndex];
   st_copy_string(u->name, bufSize, length, uniformName);
}

/* The value of @p pname for uniform @p u (GL 3.3, 2.11.4); false for a
 * pname that is not one. */
static bool
uniform_param(const struct glsl_uniform *u, GLenum pname, GLint *out)
{
   bool in_block = u->block_index >= 0;
   switch (pname) {
   case GL_UNIFORM_TYPE:
      *out = (GLint)st_gl_type(u->type);
      return true;
   case GL_UNIFORM_SIZE:
      *out = (GLint)u->array_size;
      return true;
   case GL_UNIFORM_NAME_LENGTH:
      *out = (GLint)strlen(u->name) + 1;
      return true;
   case GL_UNIFORM_BLOCK_INDEX:
      *out = u->block_index;
      return true;
   case GL_UNIFORM_OFFSET:
      *out = in_block ? (GLint)u->offset : -1;
      return true;
   case GL_UNIFORM_ARRAY_STRIDE:
      /* "The stride of a uniform block member that is not an array is
       * zero. For uniforms in the default uniform block, -1." */
      *out = !in_block ? -1 : u->array_size > 1 ? (GLint)u->array_stride : 0;
      return true;
   case GL_UNIFORM_MATRIX_STRIDE:
      *out = !in_block                    ? -1
             : ir_type_is_matrix(u->type) ? (GLint)u->matrix_stride
                                          : 0;
      return true;
   case GL_UNIFORM_IS_ROW_MAJOR:
      *out = in_block && ir_type_is_matrix(u->type) && u->row_major;
      return true;
   default:
      return false;
   }
}

void
api_GetActiveUniformsiv(struct st_context *ctx, GLuint program,
                        GLsizei uniformCount, const GLuint *uniformIndices,
                        GLenum pname, GLint *params)
{
   const char *func = "glGetActiveUniformsiv";
   bool ok;
   const struct glsl_program *p = query_program(ctx, program, func, &ok);
   if (!ok)
      return;
   if (uniformCount < 0 || (uniformCount > 0 && !uniformIndices)) {
      st_error(ctx, GL_INVALID_VALUE, "%s(uniformCount=%d)", func,
               uniformCount);
      return;
   }
   unsigned n = p ? p->num_uniforms : 0;
   for (GLsizei i = 0; i < uniformCount; i++) {
      if (uniformIndices[i] >= n) {
         st_error(ctx, GL_INVALID_VALUE, "%s(uniformIndices[%d]=%u)", func, i,
                  uniformIndices[i]);
         return;
      }
   }
   /* The pnames are the contiguous GL_UNIFORM_TYPE .. IS_ROW_MAJOR. */
   if (pname < GL_UNIFORM_TYPE || pname > GL_UNIFORM_IS_ROW_MAJOR) {
      st_error(ctx, GL_INVALID_ENUM, "%s(pname=%s)", func, st_enum_name(pname));
      return;
   }
   for (GLsizei i = 0; params && i < uniformCount; i++)
      uniform_param(&p->uniforms[uniformIndices[i]], pname, &params[i]);
}

void
api_GetUniformIndices(struct st_context *ctx, GLuint program,
                      GLsizei uniformCount, const GLchar *const *uniformNames,
                      GLuint *uniformIndices)
{
   bool ok;
   const struct glsl_program *p =
      query_program(ctx, program, "glGetUniformIndices", &ok);
   if (!ok)
      return;
   if (uniformCount < 0 || (uniformCount > 0 && !uniformNames)) {
      st_error(ctx, GL_INVALID_VALUE, "glGetUniformIndices(uniformCount=%d)",
               uniformCount);
      return;
   }
   for (GLsizei i = 0; uniformIndices && i < uniformCount; i++) {
      uniformIndices[i] = GL_INVALID_INDEX;
      for (unsigned u = 0; p && uniformNames[i] && u < p->num_uniforms; u++) {
         unsigned elem;
         if (name_matches(p->uniforms[u].name, p->uniforms[u].array_size,
                          uniformNames[i], &elem) &&
             elem == 0) {
            uniformIndices[i] = u;
            break;
         }
      }
   }
}

/* ---- Uniform blocks ---- */

GLuint
api_GetUniformBlockIndex(struct st_context *ctx, GLuint program,
                         const GLchar *uniformBlockName)
{
   struct st_executable *exec =
      st_program_linked_err(ctx, program, "glGetUniformBlockIndex");
   if (!exec || !uniformBlockName)
      return GL_INVALID_INDEX;
   const struct glsl_program *p = exec->prog;
   for (unsigned b = 0; b < p->num_blocks; b++) {
      if (strcmp(p->blocks[b].name, uniformBlockName) == 0)
         return b;
   }
   return GL_INVALID_INDEX;
}

/* The block @p index of @p program, NULL (error raised) if none. */
static const struct glsl_uniform_block *
find_block(struct st_context *ctx, GLuint program, GLuint index,
           const char *func, struct st_executable **exec_out)
{
   struct st_program *prog = st_program_lookup_err(ctx, program, func);
   if (!prog)
      return NULL;
   struct st_executable *exec = prog->exec;
   if (!exec || index >= exec->prog->num_blocks) {
      st_error(ctx, GL_INVALID_VALUE, "%s(uniformBlockIndex=%u)", func, index);
      return NULL;
   }
   if (exec_out)
      *exec_out = exec;
   return &exec->prog->blocks[index];
}

void
api_GetActiveUniformBlockiv(struct st_context *ctx, GLuint program,
                            GLuint uniformBlockIndex, GLenum pname,
                            GLint *params)
{
   const char *func = "glGetActiveUniformBlockiv";
   struct st_executable *exec = NULL;
   const struct glsl_uniform_block *b =
      find_block(ctx, program, uniformBlockIndex, func, &exec);
   if (!b)
      return;
   GLint value;
   switch (pname) {
   case GL_UNIFORM_BLOCK_BINDING:
      value = (GLint)exec->block_bindings[uniformBlockIndex];
      break;
   case GL_UNIFORM_BLOCK_DATA_SIZE:
      value = (GLint)b->data_size;
      break;
   case GL_UNIFORM_BLOCK_NAME_LENGTH:
      value = (GLint)strlen(b->name) + 1;
      break;
   case GL_UNIFORM_BLOCK_ACTIVE_UNIFORMS:
      value = (GLint)b->num_uniforms;
      break;
   case GL_UNIFORM_BLOCK_ACTIVE_UNIFORM_INDICES:
      for (unsigned i = 0; params && i < b->num_uniforms; i++)
         params[i] = (GLint)(b->first_uniform + i);
      return;
   case GL_UNIFORM_BLOCK_REFERENCED_BY_VERTEX_SHADER:
      value = b->stage_index[IR_STAGE_VERTEX] >= 0;
      break;
   case GL_UNIFORM_BLOCK_REFERENCED_BY_GEOMETRY_SHADER:
      if (!st_is_desktop(ctx, 32))
         goto bad_pname;
      value = b->stage_index[IR_STAGE_GEOMETRY] >= 0;
      break;
   case GL_UNIFORM_BLOCK_REFERENCED_BY_FRAGMENT_SHADER:
      value = b->stage_index[IR_STAGE_FRAGMENT] >= 0;
      break;
   default:
      goto bad_pname;
   }
   if (params)
      *params = value;
   return;
bad_pname:
   st_error(ctx, GL_INVALID_ENUM, "%s(pname=%s)", func, st_enum_name(pname));
}

void
api_GetActiveUniformBlockName(struct st_context *ctx, GLuint program,
                              GLuint uniformBlockIndex, GLsizei bufSize,
                              GLsizei *length, GLchar *uniformBlockName)
{
   const char *func = "glGetActiveUniformBlockName";
   if (bufSize < 0) {
      st_error(ctx, GL_INVALID_VALUE, "%s(bufSize=%d)", func, bufSize);
      return;
   }
   const struct glsl_uniform_block *b =
      find_block(ctx, program, uniformBlockIndex, func, NULL);
   if (b)
      st_copy_string(b->name, bufSize, length, uniformBlockName);
}

void
api_UniformBlockBinding(struct st_context *ctx, GLuint program,
                        GLuint uniformBlockIndex, GLuint uniformBlockBinding)
{
   const char *func = "glUniformBlockBinding";
   struct st_executable *exec = NULL;
   const struct glsl_uniform_block *b =
      find_block(ctx, program, uniformBlockIndex, func, &exec);
   if (!b)
      return;
   if (uniformBlockBinding >= ctx->glsl_limits->max_uniform_buffer_bindings) {
      st_error(ctx, GL_INVALID_VALUE, "%s(uniformBlockBinding=%u)", func,
               uniformBlockBinding);
      return;
   }
   if (exec->block_bindings[uniformBlockIndex] == uniformBlockBinding)
      return;
   st_flush_vertices(ctx);
   exec->block_bindings[uniformBlockIndex] = uniformBlockBinding;
   ctx->dirty |= ST_DIRTY_CONSTANTS;
}

/* ---- Transform feedback ---- */

void
api_GetTransformFeedbackVarying(struct st_context *ctx, GLuint program,
                                GLuint index, GLsizei bufSize, GLsizei *length,
                                GLsizei *size, GLenum *type, GLchar *name)
{
   const char *func = "glGetTransformFeedbackVarying";
   bool ok;
   const struct glsl_program *p = query_program(ctx, program, func, &ok);
   if (!ok)
      return;
   if (!p || index >= p->num_xfb_varyings || bufSize < 0) {
      st_error(ctx, GL_INVALID_VALUE, "%s(index=%u)", func, index);
      return;
   }
   const struct glsl_xfb_varying *v = &p->xfb_varyings[index];
   st_copy_string(v->name, bufSize, length, name);
   if (size)
      *size = (GLsizei)v->size;
   if (type)
      *type = st_gl_type(v->type);
}
