/* SPDX-License-Identifier: MIT */

/*
 * The xcb winsys against a private Xvfb (tests/programs/xvfb.py; a TAP
 * skip without one), with swrast's resources: images put through MIT-SHM
 * and through PutImage (INDIUM_DEBUG=noshm), an image larger than one
 * request, RGBA and BGRA resources, and a drawable's buffers following a
 * resize.  Pixels are read back with xcb_get_image.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "pipe/p_context.h"
#include "pipe/p_defines.h"
#include "pipe/p_inlines.h"
#include "pipe/p_screen.h"
#include "pipe/p_state.h"
#include "sw_public.h"
#include "ws_xcb.h"

static xcb_connection_t *conn;
static xcb_screen_t *screen;
static struct pipe_screen *pscreen;
static struct pipe_context *pipe;

static int
setup(void **state)
{
   conn = xcb_connect(NULL, NULL);
   if (xcb_connection_has_error(conn))
      return -1;
   screen = ws_xcb_screen(conn, 0);
   pscreen = sw_screen_create();
   pipe = pscreen ? pscreen->context_create(pscreen, NULL, 0) : NULL;
   return screen && pipe ? 0 : -1;
}

static int
teardown(void **state)
{
   pipe->destroy(pipe);
   pscreen->destroy(pscreen);
   xcb_disconnect(conn);
   return 0;
}

/** A resource whose GL row y (0: bottom) is all @p rows[y] (RGBA or
 * BGRA bytes as given). */
static struct pipe_resource *
make_resource(enum pipe_format format, unsigned width, unsigned height,
              const uint8_t (*rows)[4])
{
   struct pipe_resource templ = {
      .target = PIPE_TEXTURE_2D,
      .format = format,
      .width0 = width,
      .height0 = height,
      .depth0 = 1,
      .array_size = 1,
      .bind = PIPE_BIND_RENDER_TARGET | PIPE_BIND_SAMPLER_VIEW,
   };
   struct pipe_resource *res = pscreen->resource_create(pscreen, &templ);
   assert_non_null(res);
   uint8_t *data = malloc((size_t)width * height * 4);
   for (unsigned y = 0; y < height; y++) {
      for (unsigned x = 0; x < width; x++)
         memcpy(data + ((size_t)y * width + x) * 4, rows[y], 4);
   }
   struct pipe_box box = { 0, 0, 0, (int)width, (int)height, 1 };
   pipe->texture_subdata(pipe, res, 0, PIPE_MAP_WRITE, &box, data, width * 4,
                         0);
   free(data);
   return res;
}

static xcb_pixmap_t
make_pixmap(unsigned width, unsigned height)
{
   xcb_pixmap_t pixmap = xcb_generate_id(conn);
   xcb_create_pixmap(conn, 24, pixmap, screen->root, (uint16_t)width,
                     (uint16_t)height);
   return pixmap;
}

/** The pixel at (x, y) (X's top-left origin) as 0xRRGGBB. */
static uint32_t
get_pixel(xcb_drawable_t drawable, int x, int y)
{
   xcb_get_image_reply_t *reply = xcb_get_image_reply(
      conn,
      xcb_get_image(conn, XCB_IMAGE_FORMAT_Z_PIXMAP, drawable, (int16_t)x,
                    (int16_t)y, 1, 1, ~0u),
      NULL);
   assert_non_null(reply);
   uint32_t p;
   memcpy(&p, xcb_get_image_data(reply), 4);
   free(reply);
   return p & 0xffffff;
}

static void
put_and_check(enum ws_xcb_path want, enum pipe_format format, bool bgra)
{
   struct ws_xcb_visual visual;
   assert_true(ws_xcb_visual_find(conn, 0, 0, 24, &visual));
   assert_int_equal(visual.depth, 24);
   /* Bottom row red, the others blue, in the resource's byte order. */
   uint8_t rows[3][4];
   for (unsigned y = 0; y < 3; y++) {
      uint8_t r = y == 0 ? 255 : 0, b = y == 0 ? 0 : 255;
      uint8_t px[4] = { bgra ? b : r, 0, bgra ? r : b, 255 };
      memcpy(rows[y], px, 4);
   }
   struct pipe_resource *res = make_resource(format, 5, 3, rows);
   xcb_pixmap_t pixmap = make_pixmap(5, 3);
   struct ws_xcb_image *image = ws_xcb_image_create(conn, pixmap, &visual);
   assert_true(ws_xcb_image_put(image, pipe, res));
   assert_int_equal(ws_xcb_image_path(image), want);
   ws_xcb_image_sync(image);
   assert_int_equal(get_pixel(pixmap, 4, 2), 0xff0000);
   assert_int_equal(get_pixel(pixmap, 0, 0), 0x0000ff);
   ws_xcb_image_destroy(image);
   xcb_free_pixmap(conn, pixmap);
   pipe_resource_ref(&res, NULL);
}

static void
test_shm(void **state)
{
   unsetenv("INDIUM_DEBUG");
   put_and_check(WS_XCB_PATH_SHM, PIPE_FORMAT_B8G8R8A8_UNORM, true);
   put_and_check(WS_XCB_PATH_SHM, PIPE_FORMAT_R8G8B8A8_UNORM, false);
}

static void
test_put_image(void **state)
{
   setenv("INDIUM_DEBUG", "noshm", 1);
   put_and_check(WS_XCB_PATH_PUT_IMAGE, PIPE_FORMAT_B8G8R8A8_UNORM, true);
   put_and_check(WS_XCB_PATH_PUT_IMAGE, PIPE_FORMAT_R8G8B8A8_SRGB, false);
   unsetenv("INDIUM_DEBUG");
}

static void
test_put_image_split(void **state)
{
   /* More bytes than one request carries: several PutImage requests. */
   uint32_t max = xcb_get_maximum_request_length(conn) * 4u;
   unsigned width = 2048, height = max / (width * 4) + 16;
   uint8_t(*rows)[4] = calloc(height, 4);
   for (unsigned y = 0; y < height; y++) {
      rows[y][1] = (uint8_t)(y & 0xff);
      rows[y][3] = 255;
   }
   struct pipe_resource *res =
      make_resource(PIPE_FORMAT_B8G8R8A8_UNORM, width, height, rows);
   free(rows);
   struct ws_xcb_visual visual;
   assert_true(ws_xcb_visual_find(conn, 0, 0, 24, &visual));
   xcb_pixmap_t pixmap = make_pixmap(width, height);
   setenv("INDIUM_DEBUG", "noshm", 1);
   struct ws_xcb_image *image = ws_xcb_image_create(conn, pixmap, &visual);
   unsetenv("INDIUM_DEBUG");
   assert_true(ws_xcb_image_put(image, pipe, res));
   for (unsigned y = 0; y < height; y += 97) {
      unsigned gl_row = height - 1 - y;
      assert_int_equal(get_pixel(pixmap, 2047, (int)y), (gl_row & 0xff) << 8);
   }
   ws_xcb_image_destroy(image);
   xcb_free_pixmap(conn, pixmap);
   pipe_resource_ref(&res, NULL);
}

static void
test_drawable_resize(void **state)
{
   struct ws_xcb_visual visual;
   assert_true(ws_xcb_visual_find(conn, 0, 0, 24, &visual));
   xcb_window_t win = xcb_generate_id(conn);
   xcb_create_window(conn, 24, win, screen->root, 0, 0, 30, 20, 0,
                     XCB_WINDOW_CLASS_INPUT_OUTPUT, visual.id, 0, NULL);
   xcb_map_window(conn, win);
   struct ws_xcb_drawable *draw = ws_xcb_drawable_create(
      pscreen, conn, win, &visual, PIPE_FORMAT_B8G8R8A8_UNORM,
      PIPE_FORMAT_Z24_UNORM_S8_UINT, true);
   assert_non_null(draw);
   unsigned w, h;
   struct pipe_resource *bufs[WS_XCB_BUFFER_COUNT];
   assert_true(ws_xcb_drawable_buffers(draw, &w, &h, bufs));
   assert_int_equal(w, 30);
   assert_int_equal(h, 20);
   assert_non_null(bufs[WS_XCB_FRONT]);
   assert_non_null(bufs[WS_XCB_BACK]);
   assert_non_null(bufs[WS_XCB_DEPTH_STENCIL]);
   struct pipe_resource *back = bufs[WS_XCB_BACK];

   /* A swap exchanges the buffers and is a new serial. */
   uint32_t serial = ws_xcb_drawable_serial(draw);
   assert_true(ws_xcb_drawable_swap(draw, pipe));
   assert_int_not_equal(ws_xcb_drawable_serial(draw), serial);
   assert_true(ws_xcb_drawable_buffers(draw, &w, &h, bufs));
   assert_ptr_equal(bufs[WS_XCB_FRONT], back);

   /* A resize is seen by the size query after a swap. */
   uint32_t size[2] = { 50, 40 };
   xcb_configure_window(
      conn, win, XCB_CONFIG_WINDOW_WIDTH | XCB_CONFIG_WINDOW_HEIGHT, size);
   serial = ws_xcb_drawable_serial(draw);
   assert_true(ws_xcb_drawable_swap(draw, pipe));
   assert_int_not_equal(ws_xcb_drawable_serial(draw), serial);
   assert_true(ws_xcb_drawable_buffers(draw, &w, &h, bufs));
   assert_int_equal(w, 50);
   assert_int_equal(h, 40);
   assert_int_equal(bufs[WS_XCB_DEPTH_STENCIL]->width0, 50);

   ws_xcb_drawable_destroy(draw);
   xcb_destroy_window(conn, win);
   /* A drawable that does not exist. */
   assert_null(ws_xcb_drawable_create(pscreen, conn, win, &visual,
                                      PIPE_FORMAT_B8G8R8A8_UNORM,
                                      PIPE_FORMAT_NONE, false));
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_shm),
      cmocka_unit_test(test_put_image),
      cmocka_unit_test(test_put_image_split),
      cmocka_unit_test(test_drawable_resize),
   };
   return cmocka_run_group_tests(tests, setup, teardown);
}
