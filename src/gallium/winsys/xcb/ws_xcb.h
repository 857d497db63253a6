/* SPDX-License-Identifier: MIT */

/*
 * The X11 presentation winsys: the buffers of an X drawable (window or
 * pixmap) as pipe resources, and the way their pixels reach the X server.
 * The GLX frontend and the EGL frontend's X11 platform both use it; it
 * knows neither GLX nor EGL, only xcb and the pipe interface.
 *
 * Two layers:
 *
 * - struct ws_xcb_image (ws_xcb_image.c) puts the pixels of an RGBA8 or
 *   BGRA8 pipe resource into a drawable: through MIT-SHM
 *   (xcb_shm_put_image from one shared memory segment, kept across frames
 *   and grown with the drawable), or with plain xcb_put_image requests
 *   split below the server's maximum request length when the extension
 *   is missing (a remote display) or attaching a segment fails.  Rows are
 *   flipped on the way (GL's row 0 is the bottom one) and channels are
 *   moved to where the visual's masks want them.
 * - struct ws_xcb_drawable (ws_xcb_drawable.c) owns the colour buffers
 *   (front, and back when double-buffered) and the depth/stencil buffer of
 *   a drawable at its current size, swaps them, and follows resizes: the
 *   size is asked with xcb_get_geometry when the drawable is created and
 *   after each presentation (ConfigureNotify belongs to the application),
 *   and a new size makes new buffers at the next ws_xcb_drawable_buffers().
 *
 * Threads: an image or drawable is used by one thread at a time (the
 * frontends' current-context rules give that); xcb itself is thread-safe.
 * Byte order: the client and the server are little-endian (Indium only
 * runs on little-endian hosts; a big-endian server is not supported).
 */
#ifndef WS_XCB_H
#define WS_XCB_H

#include <stdbool.h>
#include <stdint.h>

#include <xcb/xcb.h>

#include "pipe/p_format.h"

struct pipe_context;
struct pipe_resource;
struct pipe_screen;

/** What the winsys needs to know about a drawable's pixels. */
struct ws_xcb_visual {
   xcb_visualid_t id;
   uint8_t depth;
   /** The TrueColor channel masks (alpha: the bits of a 32-bit pixel the
    * colour masks leave, for depth 32; 0 for depth 24). */
   uint32_t red_mask, green_mask, blue_mask, alpha_mask;
};

/**
 * The TrueColor visual @p id of screen @p screen, or with @p id 0 the
 * first TrueColor visual of @p depth (24 or 32) with 8-bit channels.
 * False if there is none.
 */
bool ws_xcb_visual_find(xcb_connection_t *conn, int screen, xcb_visualid_t id,
                        uint8_t depth, struct ws_xcb_visual *out);

/** Screen @p screen of the connection's setup, or NULL. */
xcb_screen_t *ws_xcb_screen(xcb_connection_t *conn, int screen);

/**
 * The size and depth of @p drawable (a round trip); false if it is not a
 * window or pixmap.  Any of the outputs may be NULL.
 */
bool ws_xcb_get_geometry(xcb_connection_t *conn, xcb_drawable_t drawable,
                         unsigned *width, unsigned *height, uint8_t *depth);

/** How an image reaches the server. */
enum ws_xcb_path {
   WS_XCB_PATH_SHM,
   WS_XCB_PATH_PUT_IMAGE,
};

struct ws_xcb_image;

/**
 * An image writer for @p drawable, whose pixels are laid out as
 * @p visual says.  MIT-SHM is tried first unless INDIUM_DEBUG contains
 * "noshm".  NULL when out of memory.
 */
struct ws_xcb_image *ws_xcb_image_create(xcb_connection_t *conn,
                                         xcb_drawable_t drawable,
                                         const struct ws_xcb_visual *visual);
void ws_xcb_image_destroy(struct ws_xcb_image *image);

/**
 * Puts level 0 of @p res (R8G8B8A8 or B8G8R8A8 UNORM, sRGB or not),
 * mapped through @p pipe, at (0, 0) of the drawable, bottom row first.
 * False for a format it cannot convert or when mapping fails.
 */
bool ws_xcb_image_put(struct ws_xcb_image *image, struct pipe_context *pipe,
                      struct pipe_resource *res);

/** The path the last ws_xcb_image_put() took. */
enum ws_xcb_path ws_xcb_image_path(const struct ws_xcb_image *image);

/**
 * Waits until the server has read what was put (the shared segment may
 * be written again).  Any round trip does; ws_xcb_image_put() calls it
 * itself before it overwrites the segment.
 */
void ws_xcb_image_sync(struct ws_xcb_image *image);

/** The buffers of an X drawable. */
enum ws_xcb_buffer {
   WS_XCB_FRONT,
   WS_XCB_BACK,
   WS_XCB_DEPTH_STENCIL,
   WS_XCB_BUFFER_COUNT,
};

struct ws_xcb_drawable;

/**
 * The buffers of @p drawable (a window or a pixmap of @p visual's depth)
 * in @p color and @p depth_stencil (PIPE_FORMAT_NONE: no such buffer)
 * formats; @p double_buffered gives it a back buffer.  NULL when the
 * drawable does not exist (its size cannot be queried) or out of memory.
 */
struct ws_xcb_drawable *ws_xcb_drawable_create(
   struct pipe_screen *screen, xcb_connection_t *conn, xcb_drawable_t drawable,
   const struct ws_xcb_visual *visual, enum pipe_format color,
   enum pipe_format depth_stencil, bool double_buffered);
void ws_xcb_drawable_destroy(struct ws_xcb_drawable *draw);

/**
 * The buffers at the drawable's current size (made or remade here when
 * the size changed); NULL for the ones it lacks.  The pointers are
 * borrowed.  False when out of memory.
 */
bool ws_xcb_drawable_buffers(struct ws_xcb_drawable *draw, unsigned *width,
                             unsigned *height,
                             struct pipe_resource *out[WS_XCB_BUFFER_COUNT]);

/**
 * Counts changes of the buffers ws_xcb_drawable_buffers() would give
 * (swaps, a new size seen): callers compare it with what they saw.
 */
uint32_t ws_xcb_drawable_serial(const struct ws_xcb_drawable *draw);

/**
 * Double-buffered: the back buffer becomes the front buffer and is
 * presented; single-buffered: presents the front buffer.  Then asks the
 * drawable's size.  @p pipe maps the buffer (rendering to it must be
 * flushed).  False if the drawable is gone or presenting failed.
 */
bool ws_xcb_drawable_swap(struct ws_xcb_drawable *draw,
                          struct pipe_context *pipe);

/** Presents the front buffer (single-buffered rendering, glFlush). */
bool ws_xcb_drawable_present_front(struct ws_xcb_drawable *draw,
                                   struct pipe_context *pipe);

/** Asks the server for the drawable's size now; false if it is gone. */
bool ws_xcb_drawable_update_size(struct ws_xcb_drawable *draw);

/** The size last seen from the server. */
void ws_xcb_drawable_size(const struct ws_xcb_drawable *draw, unsigned *width,
                          unsigned *height);

/** The image writer of the drawable (tests ask its path). */
struct ws_xcb_image *ws_xcb_drawable_image(struct ws_xcb_drawable *draw);

#endif
