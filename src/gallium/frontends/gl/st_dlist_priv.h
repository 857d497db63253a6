/* SPDX-License-Identifier: MIT */

/*
 * What the display-list files share with the generated save and replay
 * code (glapi_save.c): the record format, allocation, data copies, the
 * unpack state of image commands and the size functions that
 * glapi_apis.py names for COMPSIZE lengths.
 *
 * A list is a chain of blocks of union st_dlist_node.  A record is a
 * header node (opcode, size in nodes), one node per parameter, then the
 * data its pointer parameters pointed to at compile time, each piece
 * rounded up to whole nodes; a pointer parameter's node holds the byte
 * offset of its data from the header, or -1 for NULL.  Records never
 * straddle blocks: one that does not fit starts a new block, as large as
 * it needs.
 */
#ifndef ST_DLIST_PRIV_H
#define ST_DLIST_PRIV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "glapi_save.h"
#include "st_context.h"
#include "st_dlist.h"
#include "st_state.h"

struct pipe_transfer;
struct st_buffer;

union st_dlist_node {
   struct {
      uint16_t op;   /**< enum glapi_op or enum st_dlist_op */
      uint32_t size; /**< nodes of the record, the header included */
   } header;
   GLint i;
   GLuint u;
   GLfloat f;
   GLdouble d;
   GLint64 i64;
   GLuint64 u64;
   const void *p;
};
_Static_assert(sizeof(union st_dlist_node) == 8, "8-byte nodes");

/** The hand-written records (after the generated opcodes). */
enum st_dlist_op {
   /** Vertices dereferenced from the vertex arrays (st_dlist_draw.c). */
   ST_DLIST_OP_VERTICES = GLAPI_OP_COUNT,
   /** An error found at compile time, raised when the list runs. */
   ST_DLIST_OP_ERROR,
};

/**
 * Appends a record of @p op with @p params parameter nodes and @p bytes
 * of data (a multiple of 8) to the list being compiled; NULL after
 * GL_OUT_OF_MEMORY.
 */
union st_dlist_node *st_dlist_alloc(struct st_context *ctx, unsigned op,
                                    unsigned params, size_t bytes);

/** Whether a recorded command also runs now (GL_COMPILE_AND_EXECUTE). */
static inline bool
st_dlist_execute_now(const struct st_context *ctx)
{
   return ctx->list_mode == GL_COMPILE_AND_EXECUTE;
}

/** @p bytes rounded up to whole nodes. */
static inline size_t
st_dlist_round(size_t bytes)
{
   return (bytes + sizeof(union st_dlist_node) - 1) &
          ~(sizeof(union st_dlist_node) - 1);
}

/** The byte offset of the data after @p params parameter nodes. */
static inline size_t
st_dlist_data_start(unsigned params)
{
   return (1 + (size_t)params) * sizeof(union st_dlist_node);
}

/** Copies @p bytes of @p src to *@p offset of the record @p n and stores
 * the offset in parameter node @p slot (-1 for NULL @p src). */
static inline void
st_dlist_put_data(union st_dlist_node *n, unsigned slot, size_t *offset,
                  const void *src, size_t bytes)
{
   if (!src) {
      n[slot].i64 = -1;
      return;
   }
   n[slot].i64 = (GLint64)*offset;
   if (bytes)
      memcpy((char *)n + *offset, src, bytes);
   *offset += st_dlist_round(bytes);
}

/** The data of pointer parameter @p slot (NULL if it was NULL). */
static inline const void *
st_dlist_get_data(const union st_dlist_node *n, unsigned slot)
{
   return n[slot].i64 < 0 ? NULL : (const char *)n + n[slot].i64;
}

/* ---- image commands (st_dlist_image.c) ---- */

/** The image of a command being compiled. */
struct st_dlist_image {
   const void *data; /**< client memory or the mapped unpack buffer */
   size_t size;      /**< bytes from data */
   struct pipe_transfer *transfer;
   struct st_pixelstore unpack; /**< the unpack state at compile time */
};

/** The parameter nodes after an image command's parameters that hold
 * its unpack state (glapi_dlist.py's UNPACK_NODES). */
#define ST_DLIST_UNPACK_NODES 4
_Static_assert(sizeof(struct st_pixelstore) <=
                  ST_DLIST_UNPACK_NODES * sizeof(union st_dlist_node),
               "the unpack state fits its nodes");

/**
 * The @p bytes of image at @p pixels under the current unpack state: the
 * client pointer, or the bound pixel unpack buffer at offset @p pixels.
 * False after GL_INVALID_OPERATION (naming @p func) when the buffer is
 * mapped or too small.  Release with st_dlist_image_unmap().
 */
bool st_dlist_image_map(struct st_context *ctx, const void *pixels,
                        size_t bytes, struct st_dlist_image *image,
                        const char *func);
void st_dlist_image_unmap(struct st_context *ctx, struct st_dlist_image *image);
/** Stores the unpack state of @p image into the ST_DLIST_UNPACK_NODES
 * nodes at @p n. */
void st_dlist_save_unpack(struct st_context *ctx,
                          const struct st_dlist_image *image,
                          union st_dlist_node *n);

/** The unpack state an image command replaces while it is replayed. */
struct st_dlist_unpack {
   struct st_pixelstore unpack;
   struct st_buffer *buffer;
};
/** Sets the unpack state stored at @p n and unbinds the pixel unpack
 * buffer, keeping the context's in @p saved; st_dlist_unpack_end()
 * restores them. */
void st_dlist_unpack_begin(struct st_context *ctx, const union st_dlist_node *n,
                           struct st_dlist_unpack *saved);
void st_dlist_unpack_end(struct st_context *ctx, struct st_dlist_unpack *saved);

/** Whether @p target is a proxy texture target (glTexImage* with one
 * runs immediately: GL 3.0 compatibility, 5.4). */
bool st_dlist_is_proxy_target(GLenum target);

/* Bytes of the images of glTexImage*, glTexSubImage*, glDrawPixels,
 * glBitmap and glPolygonStipple under the current unpack state (0 for
 * invalid parameters: the command raises its error when replayed). */
size_t st_dlist_size_image1d(struct st_context *ctx, GLenum format, GLenum type,
                             GLsizei width);
size_t st_dlist_size_image2d(struct st_context *ctx, GLenum format, GLenum type,
                             GLsizei width, GLsizei height);
size_t st_dlist_size_image3d(struct st_context *ctx, GLenum format, GLenum type,
                             GLsizei width, GLsizei height, GLsizei depth);
size_t st_dlist_size_bitmap(struct st_context *ctx, GLsizei width,
                            GLsizei height);
size_t st_dlist_size_stipple(struct st_context *ctx);

/* ---- the other COMPSIZE lengths (st_dlist_size.c) ---- */

/* The number of values of the pointer parameter (0 for an invalid pname:
 * the command raises its error when replayed). */
size_t st_dlist_size_light(struct st_context *ctx, GLenum pname);
size_t st_dlist_size_light_model(struct st_context *ctx, GLenum pname);
size_t st_dlist_size_fog(struct st_context *ctx, GLenum pname);
size_t st_dlist_size_texenv(struct st_context *ctx, GLenum pname);
size_t st_dlist_size_texgen(struct st_context *ctx, GLenum pname);
size_t st_dlist_size_texparam(struct st_context *ctx, GLenum pname);
size_t st_dlist_size_point_parameter(struct st_context *ctx, GLenum pname);
size_t st_dlist_size_clear_buffer(struct st_context *ctx, GLenum buffer);
/** Bytes of the names of glCallLists. */
size_t st_dlist_size_call_lists(struct st_context *ctx, GLsizei n, GLenum type);
size_t st_dlist_size_map1(struct st_context *ctx, GLenum target, GLint stride,
                          GLint order);
size_t st_dlist_size_map2(struct st_context *ctx, GLenum target, GLint ustride,
                          GLint uorder, GLint vstride, GLint vorder);

/* ---- hand-written records ---- */

/** Replays an ST_DLIST_OP_VERTICES record (st_dlist_draw.c). */
void st_dlist_replay_vertices(struct st_context *ctx,
                              const union st_dlist_node *n);

/** Records @p error with @p message (a static string) to be raised when
 * the list is executed. */
void st_dlist_save_error(struct st_context *ctx, GLenum error,
                         const char *message);

#endif
