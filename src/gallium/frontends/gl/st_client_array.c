/* SPDX-License-Identifier: MIT */

/*
 * The compatibility profile's client arrays: glVertexPointer,
 * glNormalPointer, glColorPointer, glSecondaryColorPointer,
 * glFogCoordPointer, glTexCoordPointer (of the glClientActiveTexture
 * unit), glEdgeFlagPointer, glEnable/DisableClientState,
 * glInterleavedArrays, glArrayElement, glGetPointerv of the array
 * pointers, and the glGet answers of these arrays and of the current
 * values (GL 3.0 compatibility, 2.8 and table 6.8-6.10).
 *
 * They are the array slots of the compatibility attribute locations in
 * the vertex array object (st_vertex_priv.h); the edge flag array is
 * kept but not drawn with.
 */
#include <stdint.h>
#include <string.h>

#include "glapi_api.h"
#include "st_buffer.h"
#include "st_context.h"
#include "st_get.h"
#include "st_texture.h"
#include "st_vertex_priv.h"
#include "pipe/p_context.h"
#include "pipe/p_format.h"

/* The types each pointer command takes (bit per type, GL 3.0
 * compatibility table 2.4). */
#define T_BYTE   (1u << 0)
#define T_UBYTE  (1u << 1)
#define T_SHORT  (1u << 2)
#define T_USHORT (1u << 3)
#define T_INT    (1u << 4)
#define T_UINT   (1u << 5)
#define T_HALF   (1u << 6)
#define T_FLOAT  (1u << 7)
#define T_DOUBLE (1u << 8)
#define T_PACKED (1u << 9)

static unsigned
type_bit(GLenum type)
{
   switch (type) {
   case GL_BYTE:
      return T_BYTE;
   case GL_UNSIGNED_BYTE:
      return T_UBYTE;
   case GL_SHORT:
      return T_SHORT;
   case GL_UNSIGNED_SHORT:
      return T_USHORT;
   case GL_INT:
      return T_INT;
   case GL_UNSIGNED_INT:
      return T_UINT;
   case GL_HALF_FLOAT:
      return T_HALF;
   case GL_FLOAT:
      return T_FLOAT;
   case GL_DOUBLE:
      return T_DOUBLE;
   case GL_INT_2_10_10_10_REV:
   case GL_UNSIGNED_INT_2_10_10_10_REV:
      return T_PACKED;
   default:
      return 0;
   }
}

/** @p sizes: bit n allows size n; @p bgra: size GL_BGRA allowed. */
static void
client_pointer(struct st_context *ctx, unsigned location, GLint size,
               unsigned sizes, bool bgra, GLenum type, unsigned types,
               bool normalized, GLsizei stride, const void *pointer,
               const char *func)
{
   bool size_ok = (size == GL_BGRA && bgra) ||
                  (size >= 0 && size <= 4 && (sizes & (1u << size)));
   if (!size_ok) {
      st_error(ctx, GL_INVALID_VALUE, "%s(size=%d)", func, size);
      return;
   }
   if (!(type_bit(type) & types)) {
      st_error(ctx, GL_INVALID_ENUM, "%s(type=%s)", func, st_enum_name(type));
      return;
   }
   if (!st_vertex_check_pointer(ctx, size, type, stride, normalized, false,
                                pointer, func))
      return;
   st_vertex_set_pointer(ctx, &ctx->vertex->vao->arrays[location], size, type,
                         stride, normalized, false, pointer);
}

#define T_COORDS (T_SHORT | T_INT | T_HALF | T_FLOAT | T_DOUBLE | T_PACKED)
#define T_COLORS                                                      \
   (T_BYTE | T_UBYTE | T_SHORT | T_USHORT | T_INT | T_UINT | T_HALF | \
    T_FLOAT | T_DOUBLE | T_PACKED)

void
api_VertexPointer(struct st_context *ctx, GLint size, GLenum type,
                  GLsizei stride, const void *pointer)
{
   client_pointer(ctx, ST_ATTRIB_VERTEX, size, 0x1c, false, type, T_COORDS,
                  false, stride, pointer, "glVertexPointer");
}

void
api_NormalPointer(struct st_context *ctx, GLenum type, GLsizei stride,
                  const void *pointer)
{
   /* A packed normal is one 32-bit word of four fields, w unused. */
   GLint size = type_bit(type) == T_PACKED ? 4 : 3;
   client_pointer(ctx, ST_ATTRIB_NORMAL, size, 0x18, false, type,
                  T_BYTE | T_SHORT | T_INT | T_HALF | T_FLOAT | T_DOUBLE |
                     T_PACKED,
                  true, stride, pointer, "glNormalPointer");
}

void
api_ColorPointer(struct st_context *ctx, GLint size, GLenum type,
                 GLsizei stride, const void *pointer)
{
   client_pointer(ctx, ST_ATTRIB_COLOR, size, 0x18, true, type, T_COLORS, true,
                  stride, pointer, "glColorPointer");
}

void
api_SecondaryColorPointer(struct st_context *ctx, GLint size, GLenum type,
                          GLsizei stride, const void *pointer)
{
   client_pointer(ctx, ST_ATTRIB_COLOR1, size, 0x8, true, type, T_COLORS, true,
                  stride, pointer, "glSecondaryColorPointer");
}

void
api_FogCoordPointer(struct st_context *ctx, GLenum type, GLsizei stride,
                    const void *pointer)
{
   client_pointer(ctx, ST_ATTRIB_FOG, 1, 0x2, false, type,
                  T_HALF | T_FLOAT | T_DOUBLE, false, stride, pointer,
                  "glFogCoordPointer");
}

void
api_TexCoordPointer(struct st_context *ctx, GLint size, GLenum type,
                    GLsizei stride, const void *pointer)
{
   client_pointer(ctx, ST_ATTRIB_TEX(ctx->vertex->client_active_texture), size,
                  0x1e, false, type, T_COORDS, false, stride, pointer,
                  "glTexCoordPointer");
}

void
api_EdgeFlagPointer(struct st_context *ctx, GLsizei stride, const void *pointer)
{
   if (!st_vertex_check_pointer(ctx, 1, GL_UNSIGNED_BYTE, stride, false, false,
                                pointer, "glEdgeFlagPointer"))
      return;
   st_vertex_set_pointer(ctx, &ctx->vertex->vao->edge_flag, 1, GL_UNSIGNED_BYTE,
                         stride, false, false, pointer);
}

void
api_ClientActiveTexture(struct st_context *ctx, GLenum texture)
{
   if (texture < GL_TEXTURE0 ||
       texture >= GL_TEXTURE0 + ST_MAX_TEXTURE_COORDS) {
      st_error(ctx, GL_INVALID_ENUM, "glClientActiveTexture(texture=%s)",
               st_enum_name(texture));
      return;
   }
   ctx->vertex->client_active_texture = texture - GL_TEXTURE0;
}

/** The array of a client-state capability, NULL for unknown ones. */
static struct st_array *
client_state_array(struct st_context *ctx, GLenum cap)
{
   struct st_vao *vao = ctx->vertex->vao;
   switch (cap) {
   case GL_VERTEX_ARRAY:
      return &vao->arrays[ST_ATTRIB_VERTEX];
   case GL_NORMAL_ARRAY:
      return &vao->arrays[ST_ATTRIB_NORMAL];
   case GL_COLOR_ARRAY:
      return &vao->arrays[ST_ATTRIB_COLOR];
   case GL_SECONDARY_COLOR_ARRAY:
      return &vao->arrays[ST_ATTRIB_COLOR1];
   case GL_FOG_COORD_ARRAY:
      return &vao->arrays[ST_ATTRIB_FOG];
   case GL_TEXTURE_COORD_ARRAY:
      return &vao->arrays[ST_ATTRIB_TEX(ctx->vertex->client_active_texture)];
   case GL_EDGE_FLAG_ARRAY:
      return &vao->edge_flag;
   default:
      return NULL;
   }
}

static void
client_state(struct st_context *ctx, GLenum cap, bool enable, const char *func)
{
   struct st_array *a = client_state_array(ctx, cap);
   if (!a) {
      st_error(ctx, GL_INVALID_ENUM, "%s(cap=%s)", func, st_enum_name(cap));
      return;
   }
   if (a->enabled == enable)
      return;
   st_flush_vertices(ctx);
   a->enabled = enable;
   ctx->dirty |= ST_DIRTY_VERTEX;
}

bool
st_vertex_enable_client_state(struct st_context *ctx, GLenum cap, bool enable)
{
   if (!client_state_array(ctx, cap))
      return false;
   client_state(ctx, cap, enable, enable ? "glEnable" : "glDisable");
   return true;
}

void
api_EnableClientState(struct st_context *ctx, GLenum array)
{
   client_state(ctx, array, true, "glEnableClientState");
}

void
api_DisableClientState(struct st_context *ctx, GLenum array)
{
   client_state(ctx, array, false, "glDisableClientState");
}

/* ---- glInterleavedArrays ---- */

/** One format of glInterleavedArrays (GL 3.0 compatibility, table 2.7):
 * which arrays, their sizes, the colour type and the offsets. */
struct interleaved {
   GLenum format;
   uint8_t tex_size, color_size, normal, vertex_size;
   GLenum color_type;
   uint8_t color_offset, normal_offset, vertex_offset, stride;
};

#define FSZ ((uint8_t)sizeof(GLfloat))
static const struct interleaved interleaved_formats[] = {
   { GL_V2F, 0, 0, 0, 2, 0, 0, 0, 0, 2 * FSZ },
   { GL_V3F, 0, 0, 0, 3, 0, 0, 0, 0, 3 * FSZ },
   { GL_C4UB_V2F, 0, 4, 0, 2, GL_UNSIGNED_BYTE, 0, 0, 4, 4 + 2 * FSZ },
   { GL_C4UB_V3F, 0, 4, 0, 3, GL_UNSIGNED_BYTE, 0, 0, 4, 4 + 3 * FSZ },
   { GL_C3F_V3F, 0, 3, 0, 3, GL_FLOAT, 0, 0, 3 * FSZ, 6 * FSZ },
   { GL_N3F_V3F, 0, 0, 1, 3, 0, 0, 0, 3 * FSZ, 6 * FSZ },
   { GL_C4F_N3F_V3F, 0, 4, 1, 3, GL_FLOAT, 0, 4 * FSZ, 7 * FSZ, 10 * FSZ },
   { GL_T2F_V3F, 2, 0, 0, 3, 0, 0, 0, 2 * FSZ, 5 * FSZ },
   { GL_T4F_V4F, 4, 0, 0, 4, 0, 0, 0, 4 * FSZ, 8 * FSZ },
   { GL_T2F_C4UB_V3F, 2, 4, 0, 3, GL_UNSIGNED_BYTE, 2 * FSZ, 0, 2 * FSZ + 4,
     5 * FSZ + 4 },
   { GL_T2F_C3F_V3F, 2, 3, 0, 3, GL_FLOAT, 2 * FSZ, 0, 5 * FSZ, 8 * FSZ },
   { GL_T2F_N3F_V3F, 2, 0, 1, 3, 0, 0, 2 * FSZ, 5 * FSZ, 8 * FSZ },
   { GL_T2F_C4F_N3F_V3F, 2, 4, 1, 3, GL_FLOAT, 2 * FSZ, 6 * FSZ, 9 * FSZ,
     12 * FSZ },
   { GL_T4F_C4F_N3F_V4F, 4, 4, 1, 4, GL_FLOAT, 4 * FSZ, 8 * FSZ, 11 * FSZ,
     15 * FSZ },
};

void
api_InterleavedArrays(struct st_context *ctx, GLenum format, GLsizei stride,
                      const void *pointer)
{
   static const char func[] = "glInterleavedArrays";
   if (stride < 0) {
      st_error(ctx, GL_INVALID_VALUE, "%s(stride=%d)", func, stride);
      return;
   }
   const struct interleaved *f = NULL;
   for (unsigned i = 0;
        i < sizeof(interleaved_formats) / sizeof(interleaved_formats[0]); i++) {
      if (interleaved_formats[i].format == format)
         f = &interleaved_formats[i];
   }
   if (!f) {
      st_error(ctx, GL_INVALID_ENUM, "%s(format=%s)", func,
               st_enum_name(format));
      return;
   }
   if (!st_vertex_check_pointer(ctx, 4, GL_FLOAT, stride, false, false, pointer,
                                func))
      return;
   struct st_vao *vao = ctx->vertex->vao;
   GLsizei s = stride ? stride : f->stride;
   const uint8_t *p = pointer;
   /* GL 3.0 compatibility, 2.8.1: the other arrays are disabled, the
    * texture coordinates of the client active unit only. */
   vao->edge_flag.enabled = false;
   vao->arrays[ST_ATTRIB_COLOR1].enabled = false;
   vao->arrays[ST_ATTRIB_FOG].enabled = false;
   struct st_array *tex =
      &vao->arrays[ST_ATTRIB_TEX(ctx->vertex->client_active_texture)];
   tex->enabled = f->tex_size != 0;
   if (f->tex_size)
      st_vertex_set_pointer(ctx, tex, f->tex_size, GL_FLOAT, s, false, false,
                            p);
   struct st_array *color = &vao->arrays[ST_ATTRIB_COLOR];
   color->enabled = f->color_size != 0;
   if (f->color_size)
      st_vertex_set_pointer(ctx, color, f->color_size, f->color_type, s, true,
                            false, p + f->color_offset);
   struct st_array *normal = &vao->arrays[ST_ATTRIB_NORMAL];
   normal->enabled = f->normal;
   if (f->normal)
      st_vertex_set_pointer(ctx, normal, 3, GL_FLOAT, s, false, false,
                            p + f->normal_offset);
   struct st_array *vertex = &vao->arrays[ST_ATTRIB_VERTEX];
   vertex->enabled = true;
   st_vertex_set_pointer(ctx, vertex, f->vertex_size, GL_FLOAT, s, false, false,
                         p + f->vertex_offset);
   ctx->dirty |= ST_DIRTY_VERTEX;
}

/* ---- glArrayElement ---- */

/** Reads element @p i of @p a as four floats; false if it cannot be
 * read (no storage, outside the buffer, a format without unpacking). */
static bool
read_element(struct st_context *ctx, const struct st_array *a, GLint i,
             GLfloat out[4])
{
   const struct u_format_desc *d =
      u_format_description(st_vertex_array_format(a));
   if (!d || !d->unpack_rgba_float)
      return false;
   uint64_t offset =
      (uint64_t)(uintptr_t)a->pointer + (uint64_t)i * (uint64_t)a->stride;
   out[0] = out[1] = out[2] = 0;
   out[3] = 1;
   if (!a->buffer) {
      d->unpack_rgba_float(
         (const uint8_t *)a->pointer + (size_t)i * (size_t)a->stride, out);
      return true;
   }
   if (offset > INT32_MAX)
      return false;
   struct pipe_transfer *transfer;
   const void *map = st_buffer_map_internal(ctx, a->buffer, (GLintptr)offset,
                                            d->block_bytes, false, &transfer);
   if (!map)
      return false;
   d->unpack_rgba_float(map, out);
   st_buffer_unmap_internal(ctx, transfer);
   return true;
}

unsigned
st_vertex_read_element(struct st_context *ctx, GLint i,
                       struct st_vertex_value out[ST_MAX_ATTRIB_LOCATIONS])
{
   unsigned n = 0;
   /* GL 3.0 compatibility, 2.8: every enabled array but the vertex is
    * transferred first; the vertex (generic 0, else gl_Vertex) last. */
   for (unsigned loc = 1; loc < ST_MAX_ATTRIB_LOCATIONS; loc++) {
      if (loc == ST_ATTRIB_VERTEX)
         continue;
      const struct st_array *a = st_vertex_array_for(ctx, loc);
      if (a && read_element(ctx, a, i, out[n].v))
         out[n++].location = loc;
   }
   const struct st_array *pos = st_vertex_array_for(ctx, 0);
   if (pos && read_element(ctx, pos, i, out[n].v))
      out[n++].location = ST_ATTRIB_VERTEX;
   return n;
}

void
st_vertex_set_attrib(struct st_context *ctx, unsigned location,
                     const GLfloat v[4])
{
   st_vertex_set_current(ctx, location, ST_CURRENT_FLOAT, v);
}

void
api_ArrayElement(struct st_context *ctx, GLint i)
{
   if (i < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glArrayElement(i=%d)", i);
      return;
   }
   struct st_vertex_value values[ST_MAX_ATTRIB_LOCATIONS];
   unsigned n = st_vertex_read_element(ctx, i, values);
   for (unsigned k = 0; k < n; k++)
      st_vertex_set_attrib(ctx, values[k].location, values[k].v);
}

/* ---- queries ---- */

bool
st_vertex_get_pointer(struct st_context *ctx, GLenum pname, void **out)
{
   if (!st_is_compat(ctx))
      return false;
   GLenum cap;
   switch (pname) {
   case GL_VERTEX_ARRAY_POINTER:
      cap = GL_VERTEX_ARRAY;
      break;
   case GL_NORMAL_ARRAY_POINTER:
      cap = GL_NORMAL_ARRAY;
      break;
   case GL_COLOR_ARRAY_POINTER:
      cap = GL_COLOR_ARRAY;
      break;
   case GL_SECONDARY_COLOR_ARRAY_POINTER:
      cap = GL_SECONDARY_COLOR_ARRAY;
      break;
   case GL_FOG_COORD_ARRAY_POINTER:
      cap = GL_FOG_COORD_ARRAY;
      break;
   case GL_TEXTURE_COORD_ARRAY_POINTER:
      cap = GL_TEXTURE_COORD_ARRAY;
      break;
   case GL_EDGE_FLAG_ARRAY_POINTER:
      cap = GL_EDGE_FLAG_ARRAY;
      break;
   default:
      return false;
   }
   *out = (void *)client_state_array(ctx, cap)->pointer;
   return true;
}

/** What a client-array glGet pname asks: the array's capability and the
 * field. */
enum array_field {
   F_ENABLED,
   F_SIZE,
   F_TYPE,
   F_STRIDE,
   F_BUFFER
};

static const struct {
   GLenum pname;
   GLenum cap;
   enum array_field field;
} array_pnames[] = {
   { GL_VERTEX_ARRAY, GL_VERTEX_ARRAY, F_ENABLED },
   { GL_VERTEX_ARRAY_SIZE, GL_VERTEX_ARRAY, F_SIZE },
   { GL_VERTEX_ARRAY_TYPE, GL_VERTEX_ARRAY, F_TYPE },
   { GL_VERTEX_ARRAY_STRIDE, GL_VERTEX_ARRAY, F_STRIDE },
   { GL_VERTEX_ARRAY_BUFFER_BINDING, GL_VERTEX_ARRAY, F_BUFFER },
   { GL_NORMAL_ARRAY, GL_NORMAL_ARRAY, F_ENABLED },
   { GL_NORMAL_ARRAY_TYPE, GL_NORMAL_ARRAY, F_TYPE },
   { GL_NORMAL_ARRAY_STRIDE, GL_NORMAL_ARRAY, F_STRIDE },
   { GL_NORMAL_ARRAY_BUFFER_BINDING, GL_NORMAL_ARRAY, F_BUFFER },
   { GL_COLOR_ARRAY, GL_COLOR_ARRAY, F_ENABLED },
   { GL_COLOR_ARRAY_SIZE, GL_COLOR_ARRAY, F_SIZE },
   { GL_COLOR_ARRAY_TYPE, GL_COLOR_ARRAY, F_TYPE },
   { GL_COLOR_ARRAY_STRIDE, GL_COLOR_ARRAY, F_STRIDE },
   { GL_COLOR_ARRAY_BUFFER_BINDING, GL_COLOR_ARRAY, F_BUFFER },
   { GL_SECONDARY_COLOR_ARRAY, GL_SECONDARY_COLOR_ARRAY, F_ENABLED },
   { GL_SECONDARY_COLOR_ARRAY_SIZE, GL_SECONDARY_COLOR_ARRAY, F_SIZE },
   { GL_SECONDARY_COLOR_ARRAY_TYPE, GL_SECONDARY_COLOR_ARRAY, F_TYPE },
   { GL_SECONDARY_COLOR_ARRAY_STRIDE, GL_SECONDARY_COLOR_ARRAY, F_STRIDE },
   { GL_SECONDARY_COLOR_ARRAY_BUFFER_BINDING, GL_SECONDARY_COLOR_ARRAY,
     F_BUFFER },
   { GL_FOG_COORD_ARRAY, GL_FOG_COORD_ARRAY, F_ENABLED },
   { GL_FOG_COORD_ARRAY_TYPE, GL_FOG_COORD_ARRAY, F_TYPE },
   { GL_FOG_COORD_ARRAY_STRIDE, GL_FOG_COORD_ARRAY, F_STRIDE },
   { GL_FOG_COORD_ARRAY_BUFFER_BINDING, GL_FOG_COORD_ARRAY, F_BUFFER },
   { GL_TEXTURE_COORD_ARRAY, GL_TEXTURE_COORD_ARRAY, F_ENABLED },
   { GL_TEXTURE_COORD_ARRAY_SIZE, GL_TEXTURE_COORD_ARRAY, F_SIZE },
   { GL_TEXTURE_COORD_ARRAY_TYPE, GL_TEXTURE_COORD_ARRAY, F_TYPE },
   { GL_TEXTURE_COORD_ARRAY_STRIDE, GL_TEXTURE_COORD_ARRAY, F_STRIDE },
   { GL_TEXTURE_COORD_ARRAY_BUFFER_BINDING, GL_TEXTURE_COORD_ARRAY, F_BUFFER },
   { GL_EDGE_FLAG_ARRAY, GL_EDGE_FLAG_ARRAY, F_ENABLED },
   { GL_EDGE_FLAG_ARRAY_STRIDE, GL_EDGE_FLAG_ARRAY, F_STRIDE },
   { GL_EDGE_FLAG_ARRAY_BUFFER_BINDING, GL_EDGE_FLAG_ARRAY, F_BUFFER },
};

static void
current_value(struct st_context *ctx, unsigned location, unsigned n,
              enum st_value_type type, struct st_value *v)
{
   GLfloat f[4];
   st_vertex_current_value(ctx, location, f);
   v->type = type;
   v->count = n;
   memcpy(v->f, f, n * sizeof(GLfloat));
}

bool
st_vertex_compat_get(struct st_context *ctx, GLenum pname, struct st_value *v)
{
   if (!st_is_compat(ctx))
      return false;
   struct st_vertex_state *vs = ctx->vertex;
   switch (pname) {
   case GL_CURRENT_COLOR:
      current_value(ctx, ST_ATTRIB_COLOR, 4, ST_VALUE_FLOAT_COLOR, v);
      return true;
   case GL_CURRENT_SECONDARY_COLOR:
      current_value(ctx, ST_ATTRIB_COLOR1, 4, ST_VALUE_FLOAT_COLOR, v);
      return true;
   case GL_CURRENT_NORMAL:
      current_value(ctx, ST_ATTRIB_NORMAL, 3, ST_VALUE_FLOAT, v);
      return true;
   case GL_CURRENT_FOG_COORD:
      current_value(ctx, ST_ATTRIB_FOG, 1, ST_VALUE_FLOAT, v);
      return true;
   case GL_CURRENT_TEXTURE_COORDS: {
      /* Of the active texture unit (glActiveTexture, not the client
       * one). */
      unsigned unit = st_texture_active_unit(ctx);
      if (unit >= ST_MAX_TEXTURE_COORDS) {
         st_error(ctx, GL_INVALID_OPERATION,
                  "glGet(GL_CURRENT_TEXTURE_COORDS of unit %u)", unit);
         return true;
      }
      current_value(ctx, ST_ATTRIB_TEX(unit), 4, ST_VALUE_FLOAT, v);
      return true;
   }
   case GL_EDGE_FLAG:
      st_value_bool(v, vs->current[ST_ATTRIB_EDGE_FLAG].f[0] != 0.0f);
      return true;
   case GL_CLIENT_ACTIVE_TEXTURE:
      st_value_enum(v, GL_TEXTURE0 + vs->client_active_texture);
      return true;
   default:
      break;
   }
   for (unsigned i = 0; i < sizeof(array_pnames) / sizeof(array_pnames[0]);
        i++) {
      if (array_pnames[i].pname != pname)
         continue;
      const struct st_array *a = client_state_array(ctx, array_pnames[i].cap);
      switch (array_pnames[i].field) {
      case F_ENABLED:
         st_value_bool(v, a->enabled);
         break;
      case F_SIZE:
         st_value_int(v, a->size);
         break;
      case F_TYPE:
         st_value_enum(v, a->type);
         break;
      case F_STRIDE:
         st_value_int(v, a->user_stride);
         break;
      case F_BUFFER:
         st_value_int(v, a->buffer ? (GLint)a->buffer->name : 0);
         break;
      }
      return true;
   }
   return false;
}
