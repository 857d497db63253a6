/* SPDX-License-Identifier: MIT */

/*
 * glPolygonStipple and glGetPolygonStipple (compatibility): the 32x32
 * bitmap moves between client memory (or a pixel buffer object) and
 * st_state::polygon_stipple_pattern under the pixel store state, as a
 * GL_COLOR_INDEX / GL_BITMAP image.
 *
 * st_state keeps row r (window y, bottom first) in pattern[r], column x
 * in bit 31 - x: the bytes of a row most significant first, GL's default
 * bit order.
 */
#include <stdint.h>
#include <string.h>

#include "glapi_api.h"
#include "st_buffer.h"
#include "st_context.h"

#define STIPPLE_SIZE 32

/** Where row r, column x of a bitmap image is under @p store. */
struct bitmap_layout {
   size_t row_stride;
   size_t first_bit; /**< of row 0, column 0, from the start */
   size_t size;      /**< bytes from the start to the end of the last row */
};

static void
bitmap_layout(const struct st_pixelstore *store, struct bitmap_layout *out)
{
   size_t width =
      store->row_length > 0 ? (size_t)store->row_length : STIPPLE_SIZE;
   size_t align = (size_t)store->alignment;
   /* Rows are whole bytes padded to the alignment. */
   out->row_stride = (width + 8 * align - 1) / (8 * align) * align;
   size_t skip_rows = store->skip_rows > 0 ? (size_t)store->skip_rows : 0;
   size_t skip_pixels = store->skip_pixels > 0 ? (size_t)store->skip_pixels : 0;
   out->first_bit = skip_rows * out->row_stride * 8 + skip_pixels;
   out->size = (skip_rows + STIPPLE_SIZE) * out->row_stride +
               (skip_pixels + STIPPLE_SIZE + 7) / 8;
}

/** Bit @p bit of the image (counted from byte 0 in the store's order). */
static uint8_t
bit_mask(const struct st_pixelstore *store, size_t bit)
{
   unsigned b = bit % 8;
   return (uint8_t)(store->lsb_first ? 1u << b : 0x80u >> b);
}

void
api_PolygonStipple(struct st_context *ctx, const GLubyte *mask)
{
   const struct st_pixelstore *store = &ctx->state.unpack;
   struct bitmap_layout l;
   bitmap_layout(store, &l);
   struct pipe_transfer *transfer;
   bool failed;
   const uint8_t *src = st_buffer_map_client(
      ctx, false, mask, l.size, &transfer, "glPolygonStipple", &failed);
   if (!src)
      return;

   GLuint pattern[STIPPLE_SIZE];
   for (unsigned r = 0; r < STIPPLE_SIZE; r++) {
      GLuint row = 0;
      for (unsigned x = 0; x < STIPPLE_SIZE; x++) {
         size_t bit = l.first_bit + r * l.row_stride * 8 + x;
         if (src[bit / 8] & bit_mask(store, bit))
            row |= 1u << (31 - x);
      }
      pattern[r] = row;
   }
   st_buffer_unmap_client(ctx, transfer);

   st_flush_vertices(ctx);
   memcpy(ctx->state.polygon_stipple_pattern, pattern, sizeof(pattern));
   ctx->dirty |= ST_DIRTY_RASTERIZER;
}

void
api_GetPolygonStipple(struct st_context *ctx, GLubyte *mask)
{
   const struct st_pixelstore *store = &ctx->state.pack;
   struct bitmap_layout l;
   bitmap_layout(store, &l);
   struct pipe_transfer *transfer;
   bool failed;
   uint8_t *dst = st_buffer_map_client(ctx, true, mask, l.size, &transfer,
                                       "glGetPolygonStipple", &failed);
   if (!dst)
      return;

   /* Only the bits of the image change; padding and skipped bits keep
    * what the client had. */
   for (unsigned r = 0; r < STIPPLE_SIZE; r++) {
      GLuint row = ctx->state.polygon_stipple_pattern[r];
      for (unsigned x = 0; x < STIPPLE_SIZE; x++) {
         size_t bit = l.first_bit + r * l.row_stride * 8 + x;
         uint8_t m = bit_mask(store, bit);
         if (row & (1u << (31 - x)))
            dst[bit / 8] |= m;
         else
            dst[bit / 8] &= (uint8_t)~m;
      }
   }
   st_buffer_unmap_client(ctx, transfer);
}
