/* SPDX-License-Identifier: MIT */

/*
 * The buffers of an X drawable (ws_xcb.h): colour buffers in the
 * drawable's visual layout, a depth/stencil buffer, their size, swaps
 * and resizes.
 *
 * The server's size of the drawable is asked at creation and after each
 * presentation; the buffers follow it at the next ws_xcb_drawable_buffers()
 * (new buffers: the old contents are not kept across a resize).  A swap
 * exchanges the front and back resources rather than copying, so after a
 * swap the back buffer holds an older frame (GLX 1.4, 3.3.10 and EGL 1.5,
 * 3.10.1 leave its contents undefined) and the front buffer is what the
 * window shows, which is what GL reads from GL_FRONT.
 */
#include <stdlib.h>

#include "pipe/p_defines.h"
#include "pipe/p_inlines.h"
#include "pipe/p_screen.h"
#include "pipe/p_state.h"
#include "ws_xcb.h"
#include "ws_xcb_priv.h"

struct ws_xcb_drawable {
   struct pipe_screen *screen;
   xcb_connection_t *conn;
   xcb_drawable_t drawable;
   enum pipe_format format[WS_XCB_BUFFER_COUNT];
   /** The server's size, last seen. */
   unsigned width, height;
   /** The size of buf[] (0 x 0: none made yet). */
   unsigned buf_width, buf_height;
   struct pipe_resource *buf[WS_XCB_BUFFER_COUNT];
   uint32_t serial;
   struct ws_xcb_image *image;
};

bool
ws_xcb_get_geometry(xcb_connection_t *conn, xcb_drawable_t drawable,
                    unsigned *width, unsigned *height, uint8_t *depth)
{
   xcb_generic_error_t *error = NULL;
   xcb_get_geometry_reply_t *reply =
      xcb_get_geometry_reply(conn, xcb_get_geometry(conn, drawable), &error);
   free(error);
   if (!reply)
      return false;
   if (width)
      *width = reply->width;
   if (height)
      *height = reply->height;
   if (depth)
      *depth = reply->depth;
   free(reply);
   return true;
}

struct ws_xcb_drawable *
ws_xcb_drawable_create(struct pipe_screen *screen, xcb_connection_t *conn,
                       xcb_drawable_t drawable,
                       const struct ws_xcb_visual *visual,
                       enum pipe_format color, enum pipe_format depth_stencil,
                       bool double_buffered)
{
   unsigned width, height;
   if (!ws_xcb_get_geometry(conn, drawable, &width, &height, NULL))
      return NULL;
   struct ws_xcb_drawable *draw = calloc(1, sizeof(*draw));
   if (!draw)
      return NULL;
   draw->screen = screen;
   draw->conn = conn;
   draw->drawable = drawable;
   draw->format[WS_XCB_FRONT] = color;
   draw->format[WS_XCB_BACK] = double_buffered ? color : PIPE_FORMAT_NONE;
   draw->format[WS_XCB_DEPTH_STENCIL] = depth_stencil;
   draw->width = width;
   draw->height = height;
   draw->image = ws_xcb_image_create(conn, drawable, visual);
   if (!draw->image) {
      free(draw);
      return NULL;
   }
   return draw;
}

static void
release_buffers(struct ws_xcb_drawable *draw)
{
   for (unsigned i = 0; i < WS_XCB_BUFFER_COUNT; i++)
      pipe_resource_ref(&draw->buf[i], NULL);
   draw->buf_width = draw->buf_height = 0;
}

void
ws_xcb_drawable_destroy(struct ws_xcb_drawable *draw)
{
   if (!draw)
      return;
   release_buffers(draw);
   ws_xcb_image_destroy(draw->image);
   free(draw);
}

bool
ws_xcb_drawable_buffers(struct ws_xcb_drawable *draw, unsigned *width,
                        unsigned *height,
                        struct pipe_resource *out[WS_XCB_BUFFER_COUNT])
{
   if (draw->buf_width != draw->width || draw->buf_height != draw->height) {
      release_buffers(draw);
      for (unsigned i = 0; i < WS_XCB_BUFFER_COUNT; i++) {
         if (draw->format[i] == PIPE_FORMAT_NONE)
            continue;
         struct pipe_resource templ = {
            .target = PIPE_TEXTURE_2D,
            .format = draw->format[i],
            .width0 = draw->width ? draw->width : 1,
            .height0 = draw->height ? draw->height : 1,
            .depth0 = 1,
            .array_size = 1,
            .usage = PIPE_USAGE_DEFAULT,
            .bind = i == WS_XCB_DEPTH_STENCIL
                       ? PIPE_BIND_DEPTH_STENCIL
                       : PIPE_BIND_RENDER_TARGET | PIPE_BIND_SAMPLER_VIEW |
                            PIPE_BIND_DISPLAY_TARGET,
         };
         draw->buf[i] = draw->screen->resource_create(draw->screen, &templ);
         if (!draw->buf[i]) {
            release_buffers(draw);
            return false;
         }
      }
      draw->buf_width = draw->width;
      draw->buf_height = draw->height;
   }
   for (unsigned i = 0; i < WS_XCB_BUFFER_COUNT; i++)
      out[i] = draw->buf[i];
   *width = draw->buf_width;
   *height = draw->buf_height;
   return true;
}

uint32_t
ws_xcb_drawable_serial(const struct ws_xcb_drawable *draw)
{
   return draw->serial;
}

bool
ws_xcb_drawable_update_size(struct ws_xcb_drawable *draw)
{
   unsigned width, height;
   if (!ws_xcb_get_geometry(draw->conn, draw->drawable, &width, &height, NULL))
      return false;
   ws_xcb_image_round_trip_done(draw->image);
   if (width != draw->width || height != draw->height) {
      draw->width = width;
      draw->height = height;
      draw->serial++;
   }
   return true;
}

void
ws_xcb_drawable_size(const struct ws_xcb_drawable *draw, unsigned *width,
                     unsigned *height)
{
   *width = draw->width;
   *height = draw->height;
}

bool
ws_xcb_drawable_present_front(struct ws_xcb_drawable *draw,
                              struct pipe_context *pipe)
{
   struct pipe_resource *front = draw->buf[WS_XCB_FRONT];
   if (!front)
      return true;
   return ws_xcb_image_put(draw->image, pipe, front);
}

bool
ws_xcb_drawable_swap(struct ws_xcb_drawable *draw, struct pipe_context *pipe)
{
   if (draw->buf[WS_XCB_BACK]) {
      struct pipe_resource *back = draw->buf[WS_XCB_BACK];
      draw->buf[WS_XCB_BACK] = draw->buf[WS_XCB_FRONT];
      draw->buf[WS_XCB_FRONT] = back;
      draw->serial++;
   }
   bool ok = ws_xcb_drawable_present_front(draw, pipe);
   return ws_xcb_drawable_update_size(draw) && ok;
}

struct ws_xcb_image *
ws_xcb_drawable_image(struct ws_xcb_drawable *draw)
{
   return draw->image;
}
