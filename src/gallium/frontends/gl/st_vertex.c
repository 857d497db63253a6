/* SPDX-License-Identifier: MIT */

/*
 * Vertex array objects and generic attribute arrays: glGenVertexArrays,
 * glBindVertexArray, glDeleteVertexArrays, glIsVertexArray,
 * glVertexAttrib[I]Pointer, glEnable/DisableVertexAttribArray,
 * glVertexAttribDivisor, glGetVertexAttrib* and the glGet answers of
 * vertex state.  Current values are in st_vertex_attrib.c, the
 * compatibility arrays in st_client_array.c (see st_vertex_priv.h).
 *
 * A draw reads arrays at draw time, so changing them only sets
 * ST_DIRTY_VERTEX; the buffer an array uses is the one bound to
 * GL_ARRAY_BUFFER when its pointer was given (a reference is held).
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "glapi_api.h"
#include "st_buffer.h"
#include "st_context.h"
#include "st_get.h"
#include "st_names.h"
#include "st_vertex_priv.h"

static void
array_init(struct st_array *a)
{
   memset(a, 0, sizeof(*a));
   a->size = 4;
   a->type = GL_FLOAT;
   a->stride = 16;
}

static struct st_vao *
vao_create(GLuint name)
{
   struct st_vao *vao = calloc(1, sizeof(*vao));
   if (!vao)
      return NULL;
   vao->name = name;
   for (unsigned i = 0; i < ST_MAX_ATTRIB_LOCATIONS; i++)
      array_init(&vao->arrays[i]);
   array_init(&vao->edge_flag);
   vao->edge_flag.size = 1;
   vao->edge_flag.type = GL_BOOL;
   vao->edge_flag.stride = 1;
   return vao;
}

static void
vao_destroy(struct st_vao *vao)
{
   if (!vao)
      return;
   for (unsigned i = 0; i < ST_MAX_ATTRIB_LOCATIONS; i++)
      st_buffer_reference(&vao->arrays[i].buffer, NULL);
   st_buffer_reference(&vao->edge_flag.buffer, NULL);
   st_buffer_reference(&vao->element_buffer, NULL);
   free(vao);
}

static void
current_init(struct st_vertex_state *vs)
{
   for (unsigned i = 0; i < ST_MAX_ATTRIB_LOCATIONS; i++) {
      vs->current[i] = (union st_current){ .f = { 0, 0, 0, 1 } };
      vs->current_kind[i] = ST_CURRENT_FLOAT;
   }
   /* GL 3.0 compatibility, 2.7: the initial colour is white and the
    * normal (0, 0, 1). */
   vs->current[ST_ATTRIB_COLOR] = (union st_current){ .f = { 1, 1, 1, 1 } };
   vs->current[ST_ATTRIB_NORMAL] = (union st_current){ .f = { 0, 0, 1, 1 } };
   vs->current[ST_ATTRIB_EDGE_FLAG] = (union st_current){ .f = { 1, 0, 0, 1 } };
}

void
st_vertex_init(struct st_context *ctx)
{
   struct st_vertex_state *vs = calloc(1, sizeof(*vs));
   ctx->vertex = vs;
   if (!vs)
      return;
   vs->vaos = st_names_create();
   vs->default_vao = vao_create(0);
   if (vs->default_vao)
      vs->default_vao->bound_once = true;
   vs->vao = vs->default_vao;
   current_init(vs);
   u_dynarray_init(&vs->vertices, NULL);
}

static void
destroy_vao_cb(GLuint name, void *object, void *data)
{
   vao_destroy(object);
}

void
st_vertex_fini(struct st_context *ctx)
{
   struct st_vertex_state *vs = ctx->vertex;
   if (!vs)
      return;
   st_draw_fini(ctx);
   if (vs->vaos) {
      st_names_foreach(vs->vaos, destroy_vao_cb, NULL);
      st_names_destroy(vs->vaos);
   }
   vao_destroy(vs->default_vao);
   u_dynarray_fini(&vs->vertices);
   free(vs);
   ctx->vertex = NULL;
}

struct st_buffer *
st_vertex_element_buffer(struct st_context *ctx)
{
   return ctx->vertex->vao->element_buffer;
}

void
st_vertex_bind_element_buffer(struct st_context *ctx, struct st_buffer *buf)
{
   struct st_vao *vao = ctx->vertex->vao;
   if (vao->element_buffer == buf)
      return;
   st_flush_vertices(ctx);
   st_buffer_reference(&vao->element_buffer, buf);
}

void
st_vertex_unbind_buffer(struct st_context *ctx, struct st_buffer *buf)
{
   struct st_vao *vao = ctx->vertex->vao;
   if (vao->element_buffer == buf)
      st_buffer_reference(&vao->element_buffer, NULL);
   for (unsigned i = 0; i < ST_MAX_ATTRIB_LOCATIONS; i++) {
      if (vao->arrays[i].buffer == buf) {
         st_buffer_reference(&vao->arrays[i].buffer, NULL);
         ctx->dirty |= ST_DIRTY_VERTEX;
      }
   }
   if (vao->edge_flag.buffer == buf)
      st_buffer_reference(&vao->edge_flag.buffer, NULL);
}

const struct st_array *
st_vertex_array_for(struct st_context *ctx, unsigned location)
{
   const struct st_vao *vao = ctx->vertex->vao;
   if (st_is_compat(ctx) && (location == 0 || location == ST_ATTRIB_VERTEX)) {
      if (vao->arrays[0].enabled)
         return &vao->arrays[0];
      if (vao->arrays[ST_ATTRIB_VERTEX].enabled)
         return &vao->arrays[ST_ATTRIB_VERTEX];
      return NULL;
   }
   const struct st_array *a = &vao->arrays[location];
   return a->enabled ? a : NULL;
}

/* ---- vertex array objects ---- */

void
api_GenVertexArrays(struct st_context *ctx, GLsizei n, GLuint *arrays)
{
   if (n < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glGenVertexArrays(n=%d)", n);
      return;
   }
   if (n == 0 || !arrays)
      return;
   if (!st_names_gen(ctx->vertex->vaos, n, arrays))
      st_out_of_memory(ctx, "glGenVertexArrays");
}

void
api_DeleteVertexArrays(struct st_context *ctx, GLsizei n, const GLuint *arrays)
{
   if (n < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glDeleteVertexArrays(n=%d)", n);
      return;
   }
   if (!arrays)
      return;
   struct st_vertex_state *vs = ctx->vertex;
   st_flush_vertices(ctx);
   for (GLsizei i = 0; i < n; i++) {
      if (arrays[i] == 0 || !st_names_is_used(vs->vaos, arrays[i]))
         continue;
      struct st_vao *vao = st_names_lookup(vs->vaos, arrays[i]);
      st_names_remove(vs->vaos, arrays[i]);
      /* GL 4.6 core, 10.4: deleting the bound object binds zero. */
      if (vao && vao == vs->vao) {
         vs->vao = vs->default_vao;
         ctx->dirty |= ST_DIRTY_VERTEX;
      }
      vao_destroy(vao);
   }
}

GLboolean
api_IsVertexArray(struct st_context *ctx, GLuint array)
{
   struct st_vao *vao =
      array ? st_names_lookup(ctx->vertex->vaos, array) : NULL;
   return vao && vao->bound_once ? GL_TRUE : GL_FALSE;
}

void
api_BindVertexArray(struct st_context *ctx, GLuint array)
{
   struct st_vertex_state *vs = ctx->vertex;
   struct st_vao *vao = vs->default_vao;
   if (array != 0) {
      if (!st_names_is_used(vs->vaos, array)) {
         st_error(ctx, GL_INVALID_OPERATION,
                  "glBindVertexArray(array=%u not generated)", array);
         return;
      }
      vao = st_names_lookup(vs->vaos, array);
      if (!vao) {
         vao = vao_create(array);
         if (!vao || !st_names_insert(vs->vaos, array, vao)) {
            free(vao);
            st_out_of_memory(ctx, "glBindVertexArray");
            return;
         }
      }
   }
   if (vao == vs->vao)
      return;
   st_flush_vertices(ctx);
   vao->bound_once = true;
   vs->vao = vao;
   ctx->dirty |= ST_DIRTY_VERTEX;
}

/* ---- attribute arrays ---- */

unsigned
st_vertex_type_size(GLenum type, GLint size)
{
   unsigned n = size == GL_BGRA ? 4 : (unsigned)size;
   switch (type) {
   case GL_BYTE:
   case GL_UNSIGNED_BYTE:
   case GL_BOOL:
      return n;
   case GL_SHORT:
   case GL_UNSIGNED_SHORT:
   case GL_HALF_FLOAT:
      return 2 * n;
   case GL_DOUBLE:
      return 8 * n;
   case GL_INT_2_10_10_10_REV:
   case GL_UNSIGNED_INT_2_10_10_10_REV:
      return 4;
   default:
      return 4 * n;
   }
}

static bool
is_packed(GLenum type)
{
   return type == GL_INT_2_10_10_10_REV ||
          type == GL_UNSIGNED_INT_2_10_10_10_REV;
}

bool
st_vertex_check_pointer(struct st_context *ctx, GLint size, GLenum type,
                        GLsizei stride, bool normalized, bool integer,
                        const void *pointer, const char *func)
{
   struct st_vertex_state *vs = ctx->vertex;
   if (stride < 0) {
      st_error(ctx, GL_INVALID_VALUE, "%s(stride=%d)", func, stride);
      return false;
   }
   if (size == GL_BGRA) {
      /* GL 4.6 core, 10.3.1: BGRA only with the unsigned byte and packed
       * types, normalized. */
      if (type != GL_UNSIGNED_BYTE && !is_packed(type)) {
         st_error(ctx, GL_INVALID_OPERATION, "%s(size=GL_BGRA, type=%s)", func,
                  st_enum_name(type));
         return false;
      }
      if (!normalized && !integer) {
         st_error(ctx, GL_INVALID_OPERATION,
                  "%s(size=GL_BGRA with normalized false)", func);
         return false;
      }
   } else if (is_packed(type) && size != 4) {
      st_error(ctx, GL_INVALID_OPERATION, "%s(size=%d, type=%s)", func, size,
               st_enum_name(type));
      return false;
   }
   bool no_buffer = st_buffer_bound(ctx, GL_ARRAY_BUFFER) == NULL;
   if (ctx->core && vs->vao == vs->default_vao) {
      st_error(ctx, GL_INVALID_OPERATION, "%s(no vertex array object bound)",
               func);
      return false;
   }
   /* Client memory arrays only with the default vertex array object
    * (and never in core, which has no default object to draw with). */
   if (no_buffer && pointer && vs->vao != vs->default_vao) {
      st_error(ctx, GL_INVALID_OPERATION,
               "%s(no GL_ARRAY_BUFFER bound with a non-zero vertex array "
               "object)",
               func);
      return false;
   }
   return true;
}

void
st_vertex_set_pointer(struct st_context *ctx, struct st_array *array,
                      GLint size, GLenum type, GLsizei stride, bool normalized,
                      bool integer, const void *pointer)
{
   st_flush_vertices(ctx);
   array->size = size;
   array->type = type;
   array->user_stride = stride;
   array->stride = stride ? stride : (GLsizei)st_vertex_type_size(type, size);
   array->normalized = normalized;
   array->integer = integer;
   array->pointer = pointer;
   st_buffer_reference(&array->buffer, st_buffer_bound(ctx, GL_ARRAY_BUFFER));
   ctx->dirty |= ST_DIRTY_VERTEX;
}

static bool
check_index(struct st_context *ctx, GLuint index, const char *func)
{
   if (index >= ST_MAX_VERTEX_ATTRIBS) {
      st_error(ctx, GL_INVALID_VALUE, "%s(index=%u)", func, index);
      return false;
   }
   return true;
}

/**
 * The checks of the commands that change a generic array's state: the
 * index, and in core a vertex array object to change (GL 4.6 core,
 * 10.3.1 and 10.3.2: GL_INVALID_OPERATION with object 0 bound).
 */
static bool
check_array_change(struct st_context *ctx, GLuint index, const char *func)
{
   if (!check_index(ctx, index, func))
      return false;
   struct st_vertex_state *vs = ctx->vertex;
   if (ctx->core && vs->vao == vs->default_vao) {
      st_error(ctx, GL_INVALID_OPERATION, "%s(no vertex array object bound)",
               func);
      return false;
   }
   return true;
}

static bool
valid_attrib_type(struct st_context *ctx, GLenum type, bool integer)
{
   switch (type) {
   case GL_BYTE:
   case GL_UNSIGNED_BYTE:
   case GL_SHORT:
   case GL_UNSIGNED_SHORT:
      return true;
   case GL_INT:
   case GL_UNSIGNED_INT:
      return integer || !ctx->es || ctx->version >= 30;
   case GL_FLOAT:
   case GL_FIXED:
      return !integer;
   case GL_HALF_FLOAT:
   case GL_INT_2_10_10_10_REV:
   case GL_UNSIGNED_INT_2_10_10_10_REV:
      return !integer && (!ctx->es || ctx->version >= 30);
   case GL_DOUBLE:
      return !integer && !ctx->es;
   default:
      return false;
   }
}

static void
attrib_pointer(struct st_context *ctx, GLuint index, GLint size, GLenum type,
               GLboolean normalized, GLsizei stride, const void *pointer,
               bool integer, const char *func)
{
   if (!check_index(ctx, index, func))
      return;
   bool bgra_ok = !integer && !ctx->es;
   if ((size < 1 || size > 4) && !(size == GL_BGRA && bgra_ok)) {
      st_error(ctx, GL_INVALID_VALUE, "%s(size=%d)", func, size);
      return;
   }
   if (!valid_attrib_type(ctx, type, integer)) {
      st_error(ctx, GL_INVALID_ENUM, "%s(type=%s)", func, st_enum_name(type));
      return;
   }
   if (!st_vertex_check_pointer(ctx, size, type, stride,
                                integer ? false : normalized, integer, pointer,
                                func))
      return;
   st_vertex_set_pointer(ctx, &ctx->vertex->vao->arrays[index], size, type,
                         stride, !integer && normalized, integer, pointer);
}

void
api_VertexAttribPointer(struct st_context *ctx, GLuint index, GLint size,
                        GLenum type, GLboolean normalized, GLsizei stride,
                        const void *pointer)
{
   attrib_pointer(ctx, index, size, type, normalized, stride, pointer, false,
                  "glVertexAttribPointer");
}

void
api_VertexAttribIPointer(struct st_context *ctx, GLuint index, GLint size,
                         GLenum type, GLsizei stride, const void *pointer)
{
   attrib_pointer(ctx, index, size, type, GL_FALSE, stride, pointer, true,
                  "glVertexAttribIPointer");
}

static void
enable_array(struct st_context *ctx, GLuint index, bool enable,
             const char *func)
{
   if (!check_array_change(ctx, index, func))
      return;
   struct st_array *a = &ctx->vertex->vao->arrays[index];
   if (a->enabled == enable)
      return;
   st_flush_vertices(ctx);
   a->enabled = enable;
   ctx->dirty |= ST_DIRTY_VERTEX;
}

void
api_EnableVertexAttribArray(struct st_context *ctx, GLuint index)
{
   enable_array(ctx, index, true, "glEnableVertexAttribArray");
}

void
api_DisableVertexAttribArray(struct st_context *ctx, GLuint index)
{
   enable_array(ctx, index, false, "glDisableVertexAttribArray");
}

void
api_VertexAttribDivisor(struct st_context *ctx, GLuint index, GLuint divisor)
{
   if (!check_array_change(ctx, index, "glVertexAttribDivisor"))
      return;
   struct st_array *a = &ctx->vertex->vao->arrays[index];
   if (a->divisor == divisor)
      return;
   st_flush_vertices(ctx);
   a->divisor = divisor;
   ctx->dirty |= ST_DIRTY_VERTEX;
}

/* ---- queries ---- */

/**
 * A glGetVertexAttrib* value of attribute @p index: four values of
 * @p kind in @p out for GL_CURRENT_VERTEX_ATTRIB, one integer otherwise.
 * Returns the number of values, 0 after an error.
 */
static unsigned
vertex_attrib_value(struct st_context *ctx, GLuint index, GLenum pname,
                    union st_current *out, enum st_current_kind *kind,
                    const char *func)
{
   if (!check_index(ctx, index, func))
      return 0;
   struct st_vertex_state *vs = ctx->vertex;
   const struct st_array *a = &vs->vao->arrays[index];
   bool es2 = ctx->es && ctx->version < 30;
   *kind = ST_CURRENT_INT;
   switch (pname) {
   case GL_VERTEX_ATTRIB_ARRAY_ENABLED:
      out->i[0] = a->enabled;
      return 1;
   case GL_VERTEX_ATTRIB_ARRAY_SIZE:
      out->i[0] = a->size;
      return 1;
   case GL_VERTEX_ATTRIB_ARRAY_STRIDE:
      out->i[0] = a->user_stride;
      return 1;
   case GL_VERTEX_ATTRIB_ARRAY_TYPE:
      out->i[0] = (GLint)a->type;
      return 1;
   case GL_VERTEX_ATTRIB_ARRAY_NORMALIZED:
      out->i[0] = a->normalized;
      return 1;
   case GL_VERTEX_ATTRIB_ARRAY_BUFFER_BINDING:
      out->i[0] = a->buffer ? (GLint)a->buffer->name : 0;
      return 1;
   case GL_VERTEX_ATTRIB_ARRAY_INTEGER:
      if (es2)
         break;
      out->i[0] = a->integer;
      return 1;
   case GL_VERTEX_ATTRIB_ARRAY_DIVISOR:
      if (es2)
         break;
      out->i[0] = (GLint)a->divisor;
      return 1;
   case GL_CURRENT_VERTEX_ATTRIB:
      /* GL 3.0 compatibility, 6.1.12: attribute 0 has no current value
       * to query (it is the vertex). */
      if (index == 0 && st_is_compat(ctx)) {
         st_error(ctx, GL_INVALID_OPERATION,
                  "%s(GL_CURRENT_VERTEX_ATTRIB of attribute 0)", func);
         return 0;
      }
      *out = vs->current[index];
      *kind = vs->current_kind[index];
      return 4;
   default:
      break;
   }
   st_error(ctx, GL_INVALID_ENUM, "%s(pname=%s)", func, st_enum_name(pname));
   return 0;
}

/** A value of @p kind as a double (for the float and double queries). */
static double
as_double(const union st_current *v, enum st_current_kind kind, unsigned i)
{
   switch (kind) {
   case ST_CURRENT_FLOAT:
      return v->f[i];
   case ST_CURRENT_UINT:
      return v->u[i];
   default:
      return v->i[i];
   }
}

void
api_GetVertexAttribfv(struct st_context *ctx, GLuint index, GLenum pname,
                      GLfloat *params)
{
   union st_current v;
   enum st_current_kind kind;
   unsigned n =
      vertex_attrib_value(ctx, index, pname, &v, &kind, "glGetVertexAttribfv");
   for (unsigned i = 0; i < n && params; i++)
      params[i] = (GLfloat)as_double(&v, kind, i);
}

void
api_GetVertexAttribdv(struct st_context *ctx, GLuint index, GLenum pname,
                      GLdouble *params)
{
   union st_current v;
   enum st_current_kind kind;
   unsigned n =
      vertex_attrib_value(ctx, index, pname, &v, &kind, "glGetVertexAttribdv");
   for (unsigned i = 0; i < n && params; i++)
      params[i] = as_double(&v, kind, i);
}

void
api_GetVertexAttribiv(struct st_context *ctx, GLuint index, GLenum pname,
                      GLint *params)
{
   union st_current v;
   enum st_current_kind kind;
   unsigned n =
      vertex_attrib_value(ctx, index, pname, &v, &kind, "glGetVertexAttribiv");
   for (unsigned i = 0; i < n && params; i++) {
      /* Floats round to the nearest integer (GL 4.6 core, 2.2.2). */
      params[i] = kind == ST_CURRENT_FLOAT ? (GLint)lround(v.f[i]) : v.i[i];
   }
}

void
api_GetVertexAttribIiv(struct st_context *ctx, GLuint index, GLenum pname,
                       GLint *params)
{
   union st_current v;
   enum st_current_kind kind;
   unsigned n =
      vertex_attrib_value(ctx, index, pname, &v, &kind, "glGetVertexAttribIiv");
   for (unsigned i = 0; i < n && params; i++)
      params[i] = v.i[i];
}

void
api_GetVertexAttribIuiv(struct st_context *ctx, GLuint index, GLenum pname,
                        GLuint *params)
{
   union st_current v;
   enum st_current_kind kind;
   unsigned n = vertex_attrib_value(ctx, index, pname, &v, &kind,
                                    "glGetVertexAttribIuiv");
   for (unsigned i = 0; i < n && params; i++)
      params[i] = v.u[i];
}

void
api_GetVertexAttribPointerv(struct st_context *ctx, GLuint index, GLenum pname,
                            void **pointer)
{
   if (!check_index(ctx, index, "glGetVertexAttribPointerv"))
      return;
   if (pname != GL_VERTEX_ATTRIB_ARRAY_POINTER) {
      st_error(ctx, GL_INVALID_ENUM, "glGetVertexAttribPointerv(pname=%s)",
               st_enum_name(pname));
      return;
   }
   if (pointer)
      *pointer = (void *)ctx->vertex->vao->arrays[index].pointer;
}

bool
st_vertex_get(struct st_context *ctx, GLenum pname, int index,
              struct st_value *v)
{
   if (index >= 0)
      return false;
   struct st_vertex_state *vs = ctx->vertex;
   switch (pname) {
   case GL_VERTEX_ARRAY_BINDING:
      if (ctx->es && ctx->version < 30)
         return false;
      st_value_int(v, (GLint)vs->vao->name);
      return true;
   default:
      return st_vertex_compat_get(ctx, pname, v);
   }
}
