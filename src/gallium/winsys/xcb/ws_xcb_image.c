/* SPDX-License-Identifier: MIT */

/*
 * Putting a pipe resource into an X drawable (ws_xcb.h), and the visual
 * lookups the frontends share.
 *
 * Every supported visual stores a pixel in 32 bits (ZPixmap, 32 bits per
 * pixel for depths 24 and 32: ws_xcb_visual_find() rejects the others),
 * so an image is width * height 32-bit words, top row first.  The
 * resource's rows are read bottom first; a BGRA8 resource on the usual
 * visual (red 0xff0000, green 0xff00, blue 0xff) is a row copy, anything
 * else goes pixel by pixel through the masks' shifts.
 *
 * MIT-SHM: one System V segment per image, attached with a checked
 * request (the only way to learn that a remote server cannot see it; the
 * segment is marked for removal at once, so it disappears with the
 * process).  It is reused while it is large enough and replaced by a
 * larger one otherwise.  The server reads it after it receives the
 * ShmPutImage request; before the segment is written again some round
 * trip must have come back (ws_xcb_image_sync()), and the drawable's size
 * query after each swap is that round trip.
 *
 * Without SHM, the image goes out in PutImage requests of as many rows as
 * fit in the maximum request length (BIG-REQUESTS raises it; xcb reports
 * the effective one).
 */
#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/shm.h>

#include <xcb/shm.h>

#include "pipe/p_context.h"
#include "pipe/p_defines.h"
#include "pipe/p_state.h"
#include "util/u_debug.h"
#include "ws_xcb.h"
#include "ws_xcb_priv.h"

/** The size of a PutImage request without its data (X11 protocol). */
#define PUT_IMAGE_HEADER_BYTES 24

struct ws_xcb_image {
   xcb_connection_t *conn;
   xcb_drawable_t drawable;
   /** Made at the first put (the drawable is known to exist then). */
   xcb_gcontext_t gc;
   struct ws_xcb_visual visual;
   /** Bit positions of red, green, blue and alpha in a pixel; alpha
    * UINT32_MAX when the visual has none. */
   uint32_t shift[4];
   /** MIT-SHM may still work (not disabled, not failed yet). */
   bool try_shm;
   enum ws_xcb_path path;
   /** The shared segment (shm == NULL: none). */
   xcb_shm_seg_t seg;
   uint8_t *shm;
   size_t shm_size;
   /** A ShmPutImage the server may not have read yet. */
   bool pending;
   /** The converted image for PutImage. */
   uint8_t *staging;
   size_t staging_size;
};

static const struct u_debug_flag debug_flags[] = {
   { "noshm", 1, "present with PutImage instead of MIT-SHM" },
   { NULL, 0, NULL },
};

xcb_screen_t *
ws_xcb_screen(xcb_connection_t *conn, int screen)
{
   xcb_screen_iterator_t it = xcb_setup_roots_iterator(xcb_get_setup(conn));
   for (int i = 0; it.rem; xcb_screen_next(&it), i++) {
      if (i == screen)
         return it.data;
   }
   return NULL;
}

static unsigned
bits_per_pixel(xcb_connection_t *conn, uint8_t depth)
{
   xcb_format_iterator_t it =
      xcb_setup_pixmap_formats_iterator(xcb_get_setup(conn));
   for (; it.rem; xcb_format_next(&it)) {
      if (it.data->depth == depth)
         return it.data->bits_per_pixel;
   }
   return 0;
}

/** Whether @p mask is 8 contiguous bits on a byte boundary. */
static bool
byte_mask(uint32_t mask)
{
   return mask == 0xffu || mask == 0xff00u || mask == 0xff0000u ||
          mask == 0xff000000u;
}

bool
ws_xcb_visual_find(xcb_connection_t *conn, int screen, xcb_visualid_t id,
                   uint8_t depth, struct ws_xcb_visual *out)
{
   xcb_screen_t *s = ws_xcb_screen(conn, screen);
   if (!s)
      return false;
   xcb_depth_iterator_t d = xcb_screen_allowed_depths_iterator(s);
   for (; d.rem; xcb_depth_next(&d)) {
      if (d.data->depth != 24 && d.data->depth != 32)
         continue;
      if (!id && d.data->depth != depth)
         continue;
      if (bits_per_pixel(conn, d.data->depth) != 32)
         continue;
      xcb_visualtype_iterator_t v = xcb_depth_visuals_iterator(d.data);
      for (; v.rem; xcb_visualtype_next(&v)) {
         const xcb_visualtype_t *vt = v.data;
         if (id && vt->visual_id != id)
            continue;
         if (vt->_class != XCB_VISUAL_CLASS_TRUE_COLOR ||
             !byte_mask(vt->red_mask) || !byte_mask(vt->green_mask) ||
             !byte_mask(vt->blue_mask))
            continue;
         uint32_t rgb = vt->red_mask | vt->green_mask | vt->blue_mask;
         *out = (struct ws_xcb_visual){
            .id = vt->visual_id,
            .depth = d.data->depth,
            .red_mask = vt->red_mask,
            .green_mask = vt->green_mask,
            .blue_mask = vt->blue_mask,
            .alpha_mask = d.data->depth == 32 ? ~rgb : 0,
         };
         return true;
      }
   }
   return false;
}

static uint32_t
mask_shift(uint32_t mask)
{
   if (!mask)
      return UINT32_MAX;
   uint32_t s = 0;
   while (!(mask & 1u)) {
      mask >>= 1;
      s++;
   }
   return s;
}

struct ws_xcb_image *
ws_xcb_image_create(xcb_connection_t *conn, xcb_drawable_t drawable,
                    const struct ws_xcb_visual *visual)
{
   struct ws_xcb_image *image = calloc(1, sizeof(*image));
   if (!image)
      return NULL;
   image->conn = conn;
   image->drawable = drawable;
   image->visual = *visual;
   image->shift[0] = mask_shift(visual->red_mask);
   image->shift[1] = mask_shift(visual->green_mask);
   image->shift[2] = mask_shift(visual->blue_mask);
   image->shift[3] = mask_shift(visual->alpha_mask);
   const char *env = u_debug_get_string("INDIUM_DEBUG", NULL);
   image->try_shm = !(u_debug_parse_flags(env, debug_flags) & 1);
   image->path = image->try_shm ? WS_XCB_PATH_SHM : WS_XCB_PATH_PUT_IMAGE;
   return image;
}

static void
shm_release(struct ws_xcb_image *image)
{
   if (!image->shm)
      return;
   ws_xcb_image_sync(image);
   xcb_shm_detach(image->conn, image->seg);
   shmdt(image->shm);
   image->shm = NULL;
   image->shm_size = 0;
}

void
ws_xcb_image_destroy(struct ws_xcb_image *image)
{
   if (!image)
      return;
   shm_release(image);
   if (image->gc)
      xcb_free_gc(image->conn, image->gc);
   xcb_flush(image->conn);
   free(image->staging);
   free(image);
}

/** A segment of at least @p size bytes; false if SHM does not work. */
static bool
shm_reserve(struct ws_xcb_image *image, size_t size)
{
   if (image->shm && image->shm_size >= size)
      return true;
   shm_release(image);

   const xcb_query_extension_reply_t *ext =
      xcb_get_extension_data(image->conn, &xcb_shm_id);
   if (!ext || !ext->present)
      return false;
   int id = shmget(IPC_PRIVATE, size, IPC_CREAT | 0600);
   if (id < 0)
      return false;
   void *addr = shmat(id, NULL, 0);
   if (addr == (void *)-1) {
      shmctl(id, IPC_RMID, NULL);
      return false;
   }
   xcb_shm_seg_t seg = xcb_generate_id(image->conn);
   xcb_generic_error_t *error = xcb_request_check(
      image->conn, xcb_shm_attach_checked(image->conn, seg, (uint32_t)id, 0));
   /* Removed when the last attachment (ours, the server's) goes. */
   shmctl(id, IPC_RMID, NULL);
   if (error) {
      free(error);
      shmdt(addr);
      return false;
   }
   image->seg = seg;
   image->shm = addr;
   image->shm_size = size;
   return true;
}

void
ws_xcb_image_sync(struct ws_xcb_image *image)
{
   if (!image->pending)
      return;
   free(xcb_get_input_focus_reply(image->conn, xcb_get_input_focus(image->conn),
                                  NULL));
   image->pending = false;
}

void
ws_xcb_image_round_trip_done(struct ws_xcb_image *image)
{
   image->pending = false;
}

enum ws_xcb_path
ws_xcb_image_path(const struct ws_xcb_image *image)
{
   return image->path;
}

/** Converts the mapped resource into @p dst (top row first). */
static void
convert(const struct ws_xcb_image *image, uint8_t *dst, const uint8_t *src,
        unsigned stride, unsigned width, unsigned height, bool src_bgra)
{
   const uint32_t *sh = image->shift;
   /* BGRA bytes are the pixel 0xAARRGGBB: a copy when the visual agrees
    * (its alpha byte, if any, at bits 31:24). */
   bool copy = src_bgra && sh[0] == 16 && sh[1] == 8 && sh[2] == 0 &&
               (sh[3] == 24 || sh[3] == UINT32_MAX);
   unsigned r = src_bgra ? 2 : 0, b = src_bgra ? 0 : 2;
   for (unsigned y = 0; y < height; y++) {
      const uint8_t *s = src + (size_t)(height - 1 - y) * stride;
      uint8_t *d = dst + (size_t)y * width * 4;
      if (copy) {
         memcpy(d, s, (size_t)width * 4);
         continue;
      }
      for (unsigned x = 0; x < width; x++, s += 4, d += 4) {
         uint32_t p = (uint32_t)s[r] << sh[0] | (uint32_t)s[1] << sh[1] |
                      (uint32_t)s[b] << sh[2];
         if (sh[3] != UINT32_MAX)
            p |= (uint32_t)s[3] << sh[3];
         memcpy(d, &p, 4);
      }
   }
}

static void
put_rows(struct ws_xcb_image *image, unsigned width, unsigned height)
{
   uint32_t max_bytes = xcb_get_maximum_request_length(image->conn) * 4u;
   uint32_t room = max_bytes - PUT_IMAGE_HEADER_BYTES;
   unsigned row_bytes = width * 4;
   /* A row always fits: the core limit is 256 KiB, a row at most 32767
    * pixels (128 KiB). */
   unsigned rows = room / row_bytes ? room / row_bytes : 1;
   for (unsigned y = 0; y < height; y += rows) {
      unsigned n = height - y < rows ? height - y : rows;
      xcb_put_image(image->conn, XCB_IMAGE_FORMAT_Z_PIXMAP, image->drawable,
                    image->gc, (uint16_t)width, (uint16_t)n, 0, (int16_t)y, 0,
                    image->visual.depth, n * row_bytes,
                    image->staging + (size_t)y * row_bytes);
   }
}

bool
ws_xcb_image_put(struct ws_xcb_image *image, struct pipe_context *pipe,
                 struct pipe_resource *res)
{
   enum pipe_format f = res->format;
   bool bgra =
      f == PIPE_FORMAT_B8G8R8A8_UNORM || f == PIPE_FORMAT_B8G8R8A8_SRGB;
   if (!bgra && f != PIPE_FORMAT_R8G8B8A8_UNORM &&
       f != PIPE_FORMAT_R8G8B8A8_SRGB)
      return false;
   /* X coordinates are 16-bit. */
   unsigned width = res->width0 < 32767 ? res->width0 : 32767;
   unsigned height = res->height0 < 32767 ? res->height0 : 32767;
   size_t size = (size_t)width * height * 4;

   if (!image->gc) {
      uint32_t no_exposures = 0;
      image->gc = xcb_generate_id(image->conn);
      xcb_create_gc(image->conn, image->gc, image->drawable,
                    XCB_GC_GRAPHICS_EXPOSURES, &no_exposures);
   }

   uint8_t *dst = NULL;
   if (image->try_shm) {
      ws_xcb_image_sync(image);
      if (shm_reserve(image, size)) {
         dst = image->shm;
      } else {
         image->try_shm = false;
      }
   }
   if (!image->try_shm) {
      if (image->staging_size < size) {
         uint8_t *staging = realloc(image->staging, size);
         if (!staging)
            return false;
         image->staging = staging;
         image->staging_size = size;
      }
      dst = image->staging;
   }

   struct pipe_box box = { 0, 0, 0, (int)width, (int)height, 1 };
   struct pipe_transfer *transfer = NULL;
   const uint8_t *map =
      pipe->texture_map(pipe, res, 0, PIPE_MAP_READ, &box, &transfer);
   if (!map)
      return false;
   convert(image, dst, map, transfer->stride, width, height, bgra);
   pipe->texture_unmap(pipe, transfer);

   if (image->try_shm) {
      xcb_shm_put_image(
         image->conn, image->drawable, image->gc, (uint16_t)width,
         (uint16_t)height, 0, 0, (uint16_t)width, (uint16_t)height, 0, 0,
         image->visual.depth, XCB_IMAGE_FORMAT_Z_PIXMAP, 0, image->seg, 0);
      image->pending = true;
      image->path = WS_XCB_PATH_SHM;
   } else {
      put_rows(image, width, height);
      image->path = WS_XCB_PATH_PUT_IMAGE;
   }
   xcb_flush(image->conn);
   return true;
}
