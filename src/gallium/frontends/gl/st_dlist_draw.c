/* SPDX-License-Identifier: MIT */

/*
 * Draws and glArrayElement in display lists.
 *
 * GL 3.0 compatibility, 5.4: "Vertex array pointers are dereferenced
 * when the commands ArrayElement, DrawArrays, DrawElements, or
 * DrawRangeElements are accumulated into a display list" (the other
 * draws are defined through these).  So at compile time each vertex a
 * draw would transfer is read from the enabled arrays (client memory or
 * buffer objects, st_vertex_read_element()) and stored; the list replays
 * them as glBegin(mode), the attribute values of each vertex (the
 * position last, which emits it), glEnd: the draw the arrays described.
 * Primitive restart ends the primitive and begins another.
 *
 * The data of an ST_DLIST_OP_VERTICES record is, per vertex, a uint32
 * count of values (RESTART for a primitive restart) followed by that
 * many (uint32 location, 4 floats).  Parameters: the mode (NO_BEGIN for
 * glArrayElement, which only transfers values), the number of vertices,
 * the data, the command's name.
 *
 * Parameters a draw would reject are recorded as the error it raises
 * (ST_DLIST_OP_ERROR); the instanced draws cannot be compiled
 * (ARB_draw_instanced).
 */
#include "glapi_api.h"
#include "st_buffer.h"
#include "st_dlist_priv.h"
#include "st_vertex.h"
#include "util/u_dynarray.h"

#define NO_BEGIN UINT32_MAX
#define RESTART  UINT32_MAX

/** Vertices being read from the arrays. */
struct capture {
   struct u_dynarray data;
   uint32_t count;
   bool failed;
};

static void
put_vertex(struct st_context *ctx, struct capture *c, GLint i)
{
   struct st_vertex_value values[ST_MAX_ATTRIB_LOCATIONS];
   unsigned n = i < 0 ? 0 : st_vertex_read_element(ctx, i, values);
   uint32_t *p = u_dynarray_grow(&c->data, 4 * (1 + 5 * (size_t)n));
   if (!p) {
      c->failed = true;
      return;
   }
   p[0] = n;
   for (unsigned k = 0; k < n; k++) {
      p[1 + 5 * k] = values[k].location;
      memcpy(&p[2 + 5 * k], values[k].v, sizeof(values[k].v));
   }
   c->count++;
}

static void
put_restart(struct capture *c)
{
   uint32_t *p = u_dynarray_grow(&c->data, 4);
   if (!p) {
      c->failed = true;
      return;
   }
   p[0] = RESTART;
   c->count++;
}

/** Appends the captured vertices as a record and frees them. */
static void
record(struct st_context *ctx, uint32_t mode, struct capture *c,
       const char *name)
{
   if (c->failed) {
      st_out_of_memory(ctx, name);
   } else {
      size_t bytes = c->data.size;
      union st_dlist_node *n =
         st_dlist_alloc(ctx, ST_DLIST_OP_VERTICES, 4, st_dlist_round(bytes));
      if (n) {
         size_t offset = st_dlist_data_start(4);
         n[1].u = mode;
         n[2].u = c->count;
         st_dlist_put_data(n, 3, &offset, c->data.data ? c->data.data : "",
                           bytes);
         n[4].p = name;
      }
   }
   u_dynarray_fini(&c->data);
}

void
st_dlist_replay_vertices(struct st_context *ctx, const union st_dlist_node *n)
{
   GLenum mode = n[1].u;
   uint32_t count = n[2].u;
   const uint32_t *p = st_dlist_get_data(n, 3);
   if (mode != NO_BEGIN) {
      if (ctx->inside_begin_end) {
         st_error(ctx, GL_INVALID_OPERATION, "%s(between glBegin and glEnd)",
                  (const char *)n[4].p);
         return;
      }
      api_Begin(ctx, mode);
      if (!ctx->inside_begin_end)
         return;
   }
   for (uint32_t v = 0; v < count; v++) {
      uint32_t values = *p++;
      if (values == RESTART) {
         api_End(ctx);
         api_Begin(ctx, mode);
         continue;
      }
      for (uint32_t k = 0; k < values; k++, p += 5) {
         GLfloat f[4];
         memcpy(f, &p[1], sizeof(f));
         st_vertex_set_attrib(ctx, p[0], f);
      }
   }
   if (mode != NO_BEGIN)
      api_End(ctx);
}

/* ---- checks ---- */

/** Records the error a draw with these parameters raises; false then. */
static bool
check_draw(struct st_context *ctx, GLenum mode, GLsizei count, const char *name)
{
   /* The modes of glBegin: a display list replays through it. */
   if (mode > GL_POLYGON) {
      st_dlist_save_error(ctx, GL_INVALID_ENUM, name);
      return false;
   }
   if (count < 0) {
      st_dlist_save_error(ctx, GL_INVALID_VALUE, name);
      return false;
   }
   return true;
}

/* ---- the draws ---- */

static void
save_arrays(struct st_context *ctx, GLenum mode, GLint first, GLsizei count,
            const char *name)
{
   if (!check_draw(ctx, mode, count, name))
      return;
   if (first < 0) {
      st_dlist_save_error(ctx, GL_INVALID_VALUE, name);
      return;
   }
   struct capture c = { 0 };
   u_dynarray_init(&c.data, NULL);
   for (GLsizei i = 0; i < count && !c.failed; i++)
      put_vertex(ctx, &c, first + i);
   record(ctx, mode, &c, name);
}

bool
st_dlist_save_DrawArrays(struct st_context *ctx, GLenum mode, GLint first,
                         GLsizei count)
{
   save_arrays(ctx, mode, first, count, "glDrawArrays");
   return st_dlist_execute_now(ctx);
}

bool
st_dlist_save_MultiDrawArrays(struct st_context *ctx, GLenum mode,
                              const GLint *first, const GLsizei *count,
                              GLsizei drawcount)
{
   if (drawcount < 0) {
      st_dlist_save_error(ctx, GL_INVALID_VALUE, "glMultiDrawArrays");
   } else {
      for (GLsizei d = 0; d < drawcount; d++)
         save_arrays(ctx, mode, first[d], count[d], "glMultiDrawArrays");
   }
   return st_dlist_execute_now(ctx);
}

/** An indexed draw: @p indices is an offset into the element array
 * buffer if one is bound. */
static void
save_elements(struct st_context *ctx, GLenum mode, GLsizei count, GLenum type,
              const void *indices, GLint basevertex, const char *name)
{
   if (!check_draw(ctx, mode, count, name))
      return;
   unsigned size = st_vertex_index_size(type);
   if (!size) {
      st_dlist_save_error(ctx, GL_INVALID_ENUM, name);
      return;
   }
   const uint8_t *ind = indices;
   struct pipe_transfer *transfer = NULL;
   struct st_buffer *ebo = st_buffer_bound(ctx, GL_ELEMENT_ARRAY_BUFFER);
   size_t bytes = (size_t)count * size;
   if (ebo && count > 0) {
      uintptr_t offset = (uintptr_t)indices;
      if (offset > (uintptr_t)ebo->size ||
          bytes > (size_t)((uintptr_t)ebo->size - offset)) {
         st_dlist_save_error(ctx, GL_INVALID_OPERATION, name);
         return;
      }
      ind = st_buffer_map_internal(ctx, ebo, (GLintptr)offset,
                                   (GLsizeiptr)bytes, false, &transfer);
   }
   if (!ind && count > 0)
      return;

   uint32_t restart = UINT32_MAX;
   bool has_restart = false;
   if (ctx->state.primitive_restart_fixed_index) {
      has_restart = true;
      restart = size == 4 ? UINT32_MAX : (1u << (8 * size)) - 1;
   } else if (ctx->state.primitive_restart) {
      has_restart = true;
      restart = ctx->state.primitive_restart_index;
   }

   struct capture c = { 0 };
   u_dynarray_init(&c.data, NULL);
   for (GLsizei i = 0; i < count && !c.failed; i++) {
      uint32_t index;
      if (size == 1) {
         index = ind[i];
      } else if (size == 2) {
         uint16_t v;
         memcpy(&v, ind + 2 * (size_t)i, 2);
         index = v;
      } else {
         memcpy(&index, ind + 4 * (size_t)i, 4);
      }
      if (has_restart && index == restart)
         put_restart(&c);
      else
         put_vertex(ctx, &c, (GLint)((int64_t)index + basevertex));
   }
   if (transfer)
      st_buffer_unmap_internal(ctx, transfer);
   record(ctx, mode, &c, name);
}

bool
st_dlist_save_DrawElements(struct st_context *ctx, GLenum mode, GLsizei count,
                           GLenum type, const void *indices)
{
   save_elements(ctx, mode, count, type, indices, 0, "glDrawElements");
   return st_dlist_execute_now(ctx);
}

bool
st_dlist_save_DrawElementsBaseVertex(struct st_context *ctx, GLenum mode,
                                     GLsizei count, GLenum type,
                                     const void *indices, GLint basevertex)
{
   save_elements(ctx, mode, count, type, indices, basevertex,
                 "glDrawElementsBaseVertex");
   return st_dlist_execute_now(ctx);
}

bool
st_dlist_save_DrawRangeElements(struct st_context *ctx, GLenum mode,
                                GLuint start, GLuint end, GLsizei count,
                                GLenum type, const void *indices)
{
   if (end < start)
      st_dlist_save_error(ctx, GL_INVALID_VALUE, "glDrawRangeElements");
   else
      save_elements(ctx, mode, count, type, indices, 0, "glDrawRangeElements");
   return st_dlist_execute_now(ctx);
}

bool
st_dlist_save_DrawRangeElementsBaseVertex(struct st_context *ctx, GLenum mode,
                                          GLuint start, GLuint end,
                                          GLsizei count, GLenum type,
                                          const void *indices, GLint basevertex)
{
   if (end < start)
      st_dlist_save_error(ctx, GL_INVALID_VALUE,
                          "glDrawRangeElementsBaseVertex");
   else
      save_elements(ctx, mode, count, type, indices, basevertex,
                    "glDrawRangeElementsBaseVertex");
   return st_dlist_execute_now(ctx);
}

static void
save_multi_elements(struct st_context *ctx, GLenum mode, const GLsizei *count,
                    GLenum type, const void *const *indices, GLsizei drawcount,
                    const GLint *basevertex, const char *name)
{
   if (drawcount < 0) {
      st_dlist_save_error(ctx, GL_INVALID_VALUE, name);
      return;
   }
   for (GLsizei d = 0; d < drawcount; d++)
      save_elements(ctx, mode, count[d], type, indices[d],
                    basevertex ? basevertex[d] : 0, name);
}

bool
st_dlist_save_MultiDrawElements(struct st_context *ctx, GLenum mode,
                                const GLsizei *count, GLenum type,
                                const void *const *indices, GLsizei drawcount)
{
   save_multi_elements(ctx, mode, count, type, indices, drawcount, NULL,
                       "glMultiDrawElements");
   return st_dlist_execute_now(ctx);
}

bool
st_dlist_save_MultiDrawElementsBaseVertex(struct st_context *ctx, GLenum mode,
                                          const GLsizei *count, GLenum type,
                                          const void *const *indices,
                                          GLsizei drawcount,
                                          const GLint *basevertex)
{
   save_multi_elements(ctx, mode, count, type, indices, drawcount, basevertex,
                       "glMultiDrawElementsBaseVertex");
   return st_dlist_execute_now(ctx);
}

bool
st_dlist_save_ArrayElement(struct st_context *ctx, GLint i)
{
   if (i < 0) {
      st_dlist_save_error(ctx, GL_INVALID_VALUE, "glArrayElement");
   } else {
      struct capture c = { 0 };
      u_dynarray_init(&c.data, NULL);
      put_vertex(ctx, &c, i);
      record(ctx, NO_BEGIN, &c, "glArrayElement");
   }
   return st_dlist_execute_now(ctx);
}

/* ARB_draw_instanced: "The error INVALID_OPERATION is generated if
 * DrawArraysInstancedARB or DrawElementsInstancedARB is called during
 * display list compilation." */
static bool
instanced(struct st_context *ctx, const char *name)
{
   st_error(ctx, GL_INVALID_OPERATION, "%s(while compiling a display list)",
            name);
   return false;
}

bool
st_dlist_save_DrawArraysInstanced(struct st_context *ctx, GLenum mode,
                                  GLint first, GLsizei count,
                                  GLsizei instancecount)
{
   (void)mode, (void)first, (void)count, (void)instancecount;
   return instanced(ctx, "glDrawArraysInstanced");
}

bool
st_dlist_save_DrawElementsInstanced(struct st_context *ctx, GLenum mode,
                                    GLsizei count, GLenum type,
                                    const void *indices, GLsizei instancecount)
{
   (void)mode, (void)count, (void)type, (void)indices, (void)instancecount;
   return instanced(ctx, "glDrawElementsInstanced");
}

bool
st_dlist_save_DrawElementsInstancedBaseVertex(struct st_context *ctx,
                                              GLenum mode, GLsizei count,
                                              GLenum type, const void *indices,
                                              GLsizei instancecount,
                                              GLint basevertex)
{
   (void)mode, (void)count, (void)type, (void)indices, (void)instancecount,
      (void)basevertex;
   return instanced(ctx, "glDrawElementsInstancedBaseVertex");
}
