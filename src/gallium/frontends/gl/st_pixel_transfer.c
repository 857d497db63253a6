/* SPDX-License-Identifier: MIT */

/*
 * Pixel transfer state (GL 3.0 compatibility, 3.7.3 and 3.7.5):
 * glPixelTransfer*, glPixelZoom, glPixelMap* / glGetPixelMap*, their
 * glGet answers, the GL_PIXEL_MODE_BIT saver, and the transfer
 * operations other modules apply to the pixels they move.
 *
 * Maps are kept as floats: colour maps in [0, 1], index maps as the
 * integer values given (3.7.3: "the entries of a color table are
 * clamped to [0, 1]"; index maps take integers, floats rounded).  Maps
 * read from and write to a bound pixel unpack / pack buffer like any
 * other pixel data, without the pixel store state.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "glapi_api.h"
#include "st_attrib.h"
#include "st_buffer.h"
#include "st_context.h"
#include "st_get.h"
#include "st_pixels.h"
#include "st_raster_priv.h"

/* ---- glPixelTransfer ---- */

static GLfloat *
float_param(struct st_pixel_mode *m, GLenum pname)
{
   switch (pname) {
   case GL_RED_SCALE:
      return &m->scale[0];
   case GL_GREEN_SCALE:
      return &m->scale[1];
   case GL_BLUE_SCALE:
      return &m->scale[2];
   case GL_ALPHA_SCALE:
      return &m->scale[3];
   case GL_RED_BIAS:
      return &m->bias[0];
   case GL_GREEN_BIAS:
      return &m->bias[1];
   case GL_BLUE_BIAS:
      return &m->bias[2];
   case GL_ALPHA_BIAS:
      return &m->bias[3];
   case GL_DEPTH_SCALE:
      return &m->depth_scale;
   case GL_DEPTH_BIAS:
      return &m->depth_bias;
   default:
      return NULL;
   }
}

static void
pixel_transfer(struct st_context *ctx, GLenum pname, GLfloat value)
{
   struct st_raster_state *rs = ctx->raster;
   if (!rs)
      return;
   struct st_pixel_mode *m = &rs->mode;
   GLfloat *f = float_param(m, pname);
   switch (pname) {
   case GL_MAP_COLOR:
   case GL_MAP_STENCIL:
   case GL_INDEX_SHIFT:
   case GL_INDEX_OFFSET:
      break;
   default:
      if (!f) {
         st_error(ctx, GL_INVALID_ENUM, "glPixelTransfer(pname=%s)",
                  st_enum_name(pname));
         return;
      }
   }
   st_flush_vertices(ctx);
   switch (pname) {
   case GL_MAP_COLOR:
      m->map_color = value != 0.0f;
      break;
   case GL_MAP_STENCIL:
      m->map_stencil = value != 0.0f;
      break;
   case GL_INDEX_SHIFT:
      m->index_shift = (GLint)lrintf(value);
      break;
   case GL_INDEX_OFFSET:
      m->index_offset = (GLint)lrintf(value);
      break;
   default:
      *f = value;
      break;
   }
}

void
api_PixelTransferf(struct st_context *ctx, GLenum pname, GLfloat param)
{
   pixel_transfer(ctx, pname, param);
}

void
api_PixelTransferi(struct st_context *ctx, GLenum pname, GLint param)
{
   pixel_transfer(ctx, pname, (GLfloat)param);
}

void
api_PixelZoom(struct st_context *ctx, GLfloat xfactor, GLfloat yfactor)
{
   if (!ctx->raster)
      return;
   st_flush_vertices(ctx);
   ctx->raster->mode.zoom_x = xfactor;
   ctx->raster->mode.zoom_y = yfactor;
}

/* ---- glPixelMap ---- */

static bool
is_index_map(GLenum map)
{
   return map == GL_PIXEL_MAP_I_TO_I || map == GL_PIXEL_MAP_S_TO_S;
}

/* The map of @p map, NULL (GL_INVALID_ENUM raised) for another enum. */
static struct st_pixel_map *
lookup_map(struct st_context *ctx, GLenum map, const char *func)
{
   if (!ctx->raster)
      return NULL;
   if (map < GL_PIXEL_MAP_I_TO_I || map > GL_PIXEL_MAP_A_TO_A) {
      st_error(ctx, GL_INVALID_ENUM, "%s(map=%s)", func, st_enum_name(map));
      return NULL;
   }
   return &ctx->raster->maps[map - GL_PIXEL_MAP_I_TO_I];
}

enum value_type {
   VALUES_FLOAT,
   VALUES_UINT,
   VALUES_USHORT
};

static const size_t value_bytes[] = { 4, 4, 2 };

static void
pixel_map(struct st_context *ctx, GLenum map, GLsizei mapsize,
          const void *values, enum value_type type, const char *func)
{
   struct st_pixel_map *m = lookup_map(ctx, map, func);
   if (!m)
      return;
   if (mapsize < 1 || mapsize > ST_MAX_PIXEL_MAP_TABLE) {
      st_error(ctx, GL_INVALID_VALUE, "%s(mapsize=%d)", func, mapsize);
      return;
   }
   /* 3.7.3: the maps indexed by colour or stencil indices (I_TO_I,
    * S_TO_S, I_TO_R .. I_TO_A) need a power-of-two size. */
   if (map <= GL_PIXEL_MAP_I_TO_A && (mapsize & (mapsize - 1)) != 0) {
      st_error(ctx, GL_INVALID_VALUE, "%s(mapsize=%d not a power of two)", func,
               mapsize);
      return;
   }
   struct pipe_transfer *transfer;
   bool failed;
   const uint8_t *src = st_buffer_map_client(
      ctx, false, values, (size_t)mapsize * value_bytes[type], &transfer, func,
      &failed);
   if (!src)
      return;
   st_flush_vertices(ctx);
   bool index = is_index_map(map);
   for (GLsizei i = 0; i < mapsize; i++) {
      GLfloat f;
      if (type == VALUES_FLOAT) {
         memcpy(&f, src + 4 * i, 4);
      } else if (type == VALUES_UINT) {
         GLuint u;
         memcpy(&u, src + 4 * i, 4);
         f = index ? (GLfloat)u : (GLfloat)((double)u / 4294967295.0);
      } else {
         GLushort u;
         memcpy(&u, src + 2 * i, 2);
         f = index ? (GLfloat)u : (GLfloat)u / 65535.0f;
      }
      if (!index)
         f = f < 0.0f ? 0.0f : f > 1.0f ? 1.0f : f;
      m->values[i] = f;
   }
   m->size = (unsigned)mapsize;
   st_buffer_unmap_client(ctx, transfer);
}

void
api_PixelMapfv(struct st_context *ctx, GLenum map, GLsizei mapsize,
               const GLfloat *values)
{
   pixel_map(ctx, map, mapsize, values, VALUES_FLOAT, "glPixelMapfv");
}

void
api_PixelMapuiv(struct st_context *ctx, GLenum map, GLsizei mapsize,
                const GLuint *values)
{
   pixel_map(ctx, map, mapsize, values, VALUES_UINT, "glPixelMapuiv");
}

void
api_PixelMapusv(struct st_context *ctx, GLenum map, GLsizei mapsize,
                const GLushort *values)
{
   pixel_map(ctx, map, mapsize, values, VALUES_USHORT, "glPixelMapusv");
}

static void
get_pixel_map(struct st_context *ctx, GLenum map, void *values,
              enum value_type type, const char *func)
{
   const struct st_pixel_map *m = lookup_map(ctx, map, func);
   if (!m)
      return;
   struct pipe_transfer *transfer;
   bool failed;
   uint8_t *dst = st_buffer_map_client(
      ctx, true, values, m->size * value_bytes[type], &transfer, func, &failed);
   if (!dst)
      return;
   bool index = is_index_map(map);
   for (unsigned i = 0; i < m->size; i++) {
      GLfloat f = m->values[i];
      if (type == VALUES_FLOAT) {
         memcpy(dst + 4 * i, &f, 4);
      } else if (type == VALUES_UINT) {
         GLuint u = index ? (GLuint)lrintf(f)
                          : (GLuint)llrint((double)f * 4294967295.0);
         memcpy(dst + 4 * i, &u, 4);
      } else {
         GLushort u = (GLushort)(index ? lrintf(f) : lrintf(f * 65535.0f));
         memcpy(dst + 2 * i, &u, 2);
      }
   }
   st_buffer_unmap_client(ctx, transfer);
}

void
api_GetPixelMapfv(struct st_context *ctx, GLenum map, GLfloat *values)
{
   get_pixel_map(ctx, map, values, VALUES_FLOAT, "glGetPixelMapfv");
}

void
api_GetPixelMapuiv(struct st_context *ctx, GLenum map, GLuint *values)
{
   get_pixel_map(ctx, map, values, VALUES_UINT, "glGetPixelMapuiv");
}

void
api_GetPixelMapusv(struct st_context *ctx, GLenum map, GLushort *values)
{
   get_pixel_map(ctx, map, values, VALUES_USHORT, "glGetPixelMapusv");
}

/* ---- the transfer operations ---- */

static GLfloat
lookup(const struct st_pixel_map *m, GLfloat f)
{
   /* 3.7.5 "Color Component Mapping": index round(c (size - 1)). */
   long i = lrintf(f * (GLfloat)(m->size - 1));
   if (i < 0)
      i = 0;
   if (i >= (long)m->size)
      i = (long)m->size - 1;
   return m->values[i];
}

bool
st_pixel_transfer_color_active(struct st_context *ctx)
{
   const struct st_raster_state *rs = ctx->raster;
   if (!rs)
      return false;
   const struct st_pixel_mode *m = &rs->mode;
   if (m->map_color)
      return true;
   for (unsigned c = 0; c < 4; c++) {
      if (m->scale[c] != 1.0f || m->bias[c] != 0.0f)
         return true;
   }
   return false;
}

void
st_pixel_transfer_rgba(struct st_context *ctx, GLfloat *rgba, size_t n,
                       bool clamp)
{
   if (!st_pixel_transfer_color_active(ctx))
      return;
   const struct st_raster_state *rs = ctx->raster;
   const struct st_pixel_mode *m = &rs->mode;
   for (size_t i = 0; i < n; i++) {
      GLfloat *p = rgba + 4 * i;
      for (unsigned c = 0; c < 4; c++) {
         GLfloat f = p[c] * m->scale[c] + m->bias[c];
         if (clamp || m->map_color)
            f = f < 0.0f ? 0.0f : f > 1.0f ? 1.0f : f;
         if (m->map_color)
            f = lookup(&rs->maps[GL_PIXEL_MAP_R_TO_R + c - GL_PIXEL_MAP_I_TO_I],
                       f);
         p[c] = f;
      }
   }
}

void
st_pixel_transfer_depth(struct st_context *ctx, GLfloat *z, size_t n)
{
   const struct st_raster_state *rs = ctx->raster;
   if (!rs)
      return;
   GLfloat scale = rs->mode.depth_scale, bias = rs->mode.depth_bias;
   for (size_t i = 0; i < n; i++) {
      GLfloat f = z[i] * scale + bias;
      z[i] = f < 0.0f ? 0.0f : f > 1.0f ? 1.0f : f;
   }
}

void
st_pixel_transfer_stencil(struct st_context *ctx, GLuint *s, size_t n)
{
   const struct st_raster_state *rs = ctx->raster;
   if (!rs)
      return;
   const struct st_pixel_mode *m = &rs->mode;
   const struct st_pixel_map *map =
      &rs->maps[GL_PIXEL_MAP_S_TO_S - GL_PIXEL_MAP_I_TO_I];
   for (size_t i = 0; i < n; i++) {
      int64_t v = s[i];
      if (m->index_shift > 0)
         v = (int64_t)((uint64_t)v
                       << (m->index_shift > 31 ? 31 : m->index_shift));
      else if (m->index_shift < 0)
         v >>= -m->index_shift > 31 ? 31 : -m->index_shift;
      v += m->index_offset;
      /* 3.7.5 "Stencil Index Mapping": index i & (size - 1). */
      if (m->map_stencil)
         v = lrintf(map->values[(uint64_t)v & (map->size - 1)]);
      s[i] = (GLuint)v;
   }
}

/* ---- glGet ---- */

bool
st_raster_get(struct st_context *ctx, GLenum pname, int index,
              struct st_value *v)
{
   struct st_raster_state *rs = ctx->raster;
   if (!rs || index >= 0)
      return false;
   if (st_raster_pos_get(ctx, pname, v) || st_accum_get(ctx, pname, v))
      return true;
   const struct st_pixel_mode *m = &rs->mode;
   const GLfloat *f = float_param((struct st_pixel_mode *)m, pname);
   if (f) {
      st_value_float(v, *f);
      return true;
   }
   if (pname >= GL_PIXEL_MAP_I_TO_I_SIZE && pname <= GL_PIXEL_MAP_A_TO_A_SIZE) {
      st_value_int(v, (GLint)rs->maps[pname - GL_PIXEL_MAP_I_TO_I_SIZE].size);
      return true;
   }
   switch (pname) {
   case GL_MAP_COLOR:
      st_value_bool(v, m->map_color);
      return true;
   case GL_MAP_STENCIL:
      st_value_bool(v, m->map_stencil);
      return true;
   case GL_INDEX_SHIFT:
      st_value_int(v, m->index_shift);
      return true;
   case GL_INDEX_OFFSET:
      st_value_int(v, m->index_offset);
      return true;
   case GL_ZOOM_X:
      st_value_float(v, m->zoom_x);
      return true;
   case GL_ZOOM_Y:
      st_value_float(v, m->zoom_y);
      return true;
   case GL_MAX_PIXEL_MAP_TABLE:
      st_value_int(v, ST_MAX_PIXEL_MAP_TABLE);
      return true;
   case GL_ACCUM_CLEAR_VALUE:
      v->type = ST_VALUE_FLOAT_COLOR;
      v->count = 4;
      memcpy(v->f, rs->accum_clear, sizeof(rs->accum_clear));
      return true;
   default:
      return false;
   }
}

/* ---- glPushAttrib(GL_PIXEL_MODE_BIT) ---- */

static void
save_mode(struct st_context *ctx, void *data)
{
   if (ctx->raster)
      memcpy(data, &ctx->raster->mode, sizeof(ctx->raster->mode));
}

static void
restore_mode(struct st_context *ctx, const void *data)
{
   if (ctx->raster)
      memcpy(&ctx->raster->mode, data, sizeof(ctx->raster->mode));
}

const struct st_attrib_saver st_raster_saver_pixel_mode = {
   .mask = GL_PIXEL_MODE_BIT,
   .size = sizeof(struct st_pixel_mode),
   .save = save_mode,
   .restore = restore_mode,
};

/* ---- colour and stencil index images ---- */

static size_t
index_type_size(GLenum type)
{
   switch (type) {
   case GL_UNSIGNED_BYTE:
   case GL_BYTE:
      return 1;
   case GL_UNSIGNED_SHORT:
   case GL_SHORT:
      return 2;
   case GL_UNSIGNED_INT:
   case GL_INT:
   case GL_FLOAT:
      return 4;
   default:
      return 0;
   }
}

static GLfloat
index_element(GLenum type, const uint8_t *p, bool swap)
{
   uint8_t b[4];
   size_t n = index_type_size(type);
   for (size_t i = 0; i < n; i++)
      b[i] = swap ? p[n - 1 - i] : p[i];
   switch (type) {
   case GL_UNSIGNED_BYTE:
      return b[0];
   case GL_BYTE:
      return (GLbyte)b[0];
   case GL_UNSIGNED_SHORT: {
      GLushort v;
      memcpy(&v, b, 2);
      return v;
   }
   case GL_SHORT: {
      GLshort v;
      memcpy(&v, b, 2);
      return v;
   }
   case GL_UNSIGNED_INT: {
      GLuint v;
      memcpy(&v, b, 4);
      return (GLfloat)v;
   }
   case GL_INT: {
      GLint v;
      memcpy(&v, b, 4);
      return (GLfloat)v;
   }
   default: {
      GLfloat v;
      memcpy(&v, b, 4);
      return v;
   }
   }
}

GLfloat *
st_pixel_read_indices(struct st_context *ctx, const struct st_pixelstore *store,
                      GLenum type, const void *pixels, GLsizei width,
                      GLsizei height, GLsizei depth, const char *func,
                      bool *failed)
{
   *failed = false;
   size_t w = (size_t)width, h = (size_t)height, d = (size_t)depth;
   size_t row_len = store->row_length > 0 ? (size_t)store->row_length : w;
   size_t rows = store->image_height > 0 ? (size_t)store->image_height : h;
   size_t align = store->alignment > 0 ? (size_t)store->alignment : 1;
   size_t sp = store->skip_pixels > 0 ? (size_t)store->skip_pixels : 0;
   size_t sr = store->skip_rows > 0 ? (size_t)store->skip_rows : 0;
   size_t si = store->skip_images > 0 ? (size_t)store->skip_images : 0;
   bool bitmap = type == GL_BITMAP;
   size_t elem = bitmap ? 0 : index_type_size(type);
   size_t stride;
   if (bitmap) {
      stride = (row_len + 8 * align - 1) / (8 * align) * align;
   } else {
      stride = elem * row_len;
      if (elem < align)
         stride = (stride + align - 1) / align * align;
   }
   size_t image = stride * rows;
   size_t first =
      (si * image + sr * stride) * (bitmap ? 8 : 1) + sp * (bitmap ? 1 : elem);
   if (!w || !h || !d)
      return NULL;
   /* Bytes up to the end of the last pixel. */
   size_t last = first +
                 ((d - 1) * image + (h - 1) * stride) * (bitmap ? 8 : 1) +
                 w * (bitmap ? 1 : elem);
   size_t size = bitmap ? (last + 7) / 8 : last;
   struct pipe_transfer *transfer;
   const uint8_t *src =
      st_buffer_map_client(ctx, false, pixels, size, &transfer, func, failed);
   if (!src)
      return NULL;
   GLfloat *out = malloc(w * h * d * sizeof(GLfloat));
   if (!out) {
      st_buffer_unmap_client(ctx, transfer);
      st_out_of_memory(ctx, func);
      *failed = true;
      return NULL;
   }
   size_t k = 0;
   for (size_t z = 0; z < d; z++) {
      for (size_t y = 0; y < h; y++) {
         for (size_t x = 0; x < w; x++) {
            if (bitmap) {
               size_t bit = first + ((z * image + y * stride) * 8) + x;
               uint8_t m = store->lsb_first ? (uint8_t)(1u << (bit % 8))
                                            : (uint8_t)(0x80u >> (bit % 8));
               out[k++] = (src[bit / 8] & m) ? 1.0f : 0.0f;
            } else {
               const uint8_t *p =
                  src + first + z * image + y * stride + x * elem;
               out[k++] = index_element(type, p, store->swap_bytes);
            }
         }
      }
   }
   st_buffer_unmap_client(ctx, transfer);
   return out;
}

bool
st_pixel_index_type_valid(GLenum type)
{
   return type == GL_BITMAP || index_type_size(type) != 0;
}

/* Index shift and offset (3.7.5 "Arithmetic on Indices"). */
static int64_t
shift_offset(const struct st_pixel_mode *m, GLfloat f)
{
   int64_t v = llrintf(f);
   if (m->index_shift > 0)
      v = (int64_t)((uint64_t)v << (m->index_shift > 31 ? 31 : m->index_shift));
   else if (m->index_shift < 0)
      v >>= -m->index_shift > 31 ? 31 : -m->index_shift;
   return v + m->index_offset;
}

void
st_pixel_index_to_rgba(struct st_context *ctx, const GLfloat *index, size_t n,
                       GLfloat *rgba)
{
   const struct st_raster_state *rs = ctx->raster;
   for (size_t i = 0; i < n; i++) {
      int64_t v = shift_offset(&rs->mode, index[i]);
      /* 3.7.5 "Color Index Lookup": the index masked by the map size
       * (a power of two) selects the entry of I_TO_R .. I_TO_A. */
      for (unsigned c = 0; c < 4; c++) {
         const struct st_pixel_map *m =
            &rs->maps[GL_PIXEL_MAP_I_TO_R + c - GL_PIXEL_MAP_I_TO_I];
         rgba[4 * i + c] = m->values[(uint64_t)v & (m->size - 1)];
      }
   }
}

/* ---- texture images ---- */

static bool
is_color_format(GLenum format)
{
   switch (format) {
   case GL_RED:
   case GL_GREEN:
   case GL_BLUE:
   case GL_ALPHA:
   case GL_RG:
   case GL_RGB:
   case GL_BGR:
   case GL_RGBA:
   case GL_BGRA:
   case GL_LUMINANCE:
   case GL_LUMINANCE_ALPHA:
      return true;
   default:
      return false;
   }
}

bool
st_pixel_transfer_image_needed(struct st_context *ctx, GLenum format,
                               GLenum type)
{
   if (!ctx->raster)
      return false;
   if (format == GL_COLOR_INDEX)
      return true;
   return is_color_format(format) && st_pixel_transfer_color_active(ctx) &&
          st_pixels_check_format_type(ctx, format, type) == GL_NO_ERROR;
}

GLfloat *
st_pixel_transfer_image(struct st_context *ctx,
                        const struct st_pixelstore *store, GLenum format,
                        GLenum type, const void *pixels, GLsizei width,
                        GLsizei height, GLsizei depth, const char *func,
                        bool *failed)
{
   *failed = false;
   if (width <= 0 || height <= 0 || depth <= 0)
      return NULL;
   size_t n = (size_t)width * (size_t)height * (size_t)depth;
   if (format == GL_COLOR_INDEX) {
      if (!st_pixel_index_type_valid(type)) {
         st_error(ctx, GL_INVALID_ENUM, "%s(format=%s, type=%s)", func,
                  st_enum_name(format), st_enum_name(type));
         *failed = true;
         return NULL;
      }
      GLfloat *index = st_pixel_read_indices(ctx, store, type, pixels, width,
                                             height, depth, func, failed);
      if (!index)
         return NULL;
      GLfloat *rgba = malloc(n * 4 * sizeof(GLfloat));
      if (rgba)
         st_pixel_index_to_rgba(ctx, index, n, rgba);
      else
         st_out_of_memory(ctx, func);
      *failed = !rgba;
      free(index);
      return rgba;
   }
   struct pipe_transfer *transfer;
   const void *src =
      st_pixels_map_checked(ctx, false, store, format, type, width, height,
                            depth, pixels, &transfer, func, failed);
   if (!src) {
      st_pixels_unmap(ctx, transfer);
      return NULL;
   }
   GLfloat *rgba = malloc(n * 4 * sizeof(GLfloat));
   size_t row = (size_t)width * 4 * sizeof(GLfloat);
   if (!rgba || !st_pixels_unpack(store, format, type, src, width, height,
                                  depth, PIPE_FORMAT_R32G32B32A32_FLOAT, rgba,
                                  row, row * (size_t)height)) {
      st_pixels_unmap(ctx, transfer);
      if (rgba)
         st_error(ctx, GL_INVALID_OPERATION, "%s(cannot convert %s/%s)", func,
                  st_enum_name(format), st_enum_name(type));
      else
         st_out_of_memory(ctx, func);
      free(rgba);
      *failed = true;
      return NULL;
   }
   st_pixels_unmap(ctx, transfer);
   st_pixel_transfer_rgba(ctx, rgba, n, true);
   return rgba;
}

void
st_pixel_transfer_plain_begin(struct st_context *ctx,
                              struct st_pixel_plain_source *save)
{
   save->unpack = ctx->state.unpack;
   ctx->state.unpack = (struct st_pixelstore){ .alignment = 1 };
   save->pbo = st_buffer_swap_binding(ctx, GL_PIXEL_UNPACK_BUFFER, NULL);
   /* The image is transferred already. */
   save->mode = ctx->raster->mode;
   for (unsigned c = 0; c < 4; c++) {
      ctx->raster->mode.scale[c] = 1.0f;
      ctx->raster->mode.bias[c] = 0.0f;
   }
   ctx->raster->mode.map_color = false;
}

void
st_pixel_transfer_plain_end(struct st_context *ctx,
                            struct st_pixel_plain_source *save)
{
   struct st_buffer *none =
      st_buffer_swap_binding(ctx, GL_PIXEL_UNPACK_BUFFER, save->pbo);
   (void)none;
   ctx->state.unpack = save->unpack;
   ctx->raster->mode = save->mode;
}
