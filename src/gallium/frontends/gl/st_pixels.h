/* SPDX-License-Identifier: MIT */

/*
 * Pixel transfer (st_pixels*.c, st_format.c): the GL format/type rules,
 * the sizes the pixel store state implies, conversion between client
 * memory in any GL format/type and pipe formats, pixel buffer objects,
 * and the choice of a pipe format for an internal format.  Used by
 * textures (uploads and glGetTexImage), renderbuffers and glReadPixels
 * (and later glDrawPixels).
 */
#ifndef ST_PIXELS_H
#define ST_PIXELS_H

#include <stdbool.h>
#include <stddef.h>

#include "pipe/p_format.h"
#include "st_gl.h"
#include "st_state.h"

struct pipe_transfer;
struct st_context;
struct st_value;

/**
 * Checks a client @p format / @p type pair (GL_INVALID_ENUM for unknown
 * ones, GL_INVALID_OPERATION for a packed type with the wrong number of
 * components or a mismatch the API forbids, ES's stricter table in ES
 * contexts).  Returns the error (GL_NO_ERROR when fine); does not record
 * it.
 */
GLenum st_pixels_check_format_type(struct st_context *ctx, GLenum format,
                                   GLenum type);

/** Bytes one pixel of @p format / @p type takes in client memory. */
unsigned st_pixels_bytes_per_pixel(GLenum format, GLenum type);

/** Bytes between rows and between images of a @p width x @p height
 * image under @p store, and the offset of the first pixel (skips). */
struct st_pixels_layout {
   size_t row_stride;
   size_t image_stride;
   size_t offset;
   /** Bytes from the start to the end of the last pixel. */
   size_t size;
};
void st_pixels_layout(const struct st_pixelstore *store, GLenum format,
                      GLenum type, GLsizei width, GLsizei height, GLsizei depth,
                      struct st_pixels_layout *out);

/**
 * The client memory of a transfer: @p pixels as given, or, with a pixel
 * pack/unpack buffer bound, the mapped buffer at offset @p pixels.
 * Raises GL_INVALID_OPERATION (naming @p func) and returns NULL when the
 * range is outside the buffer or the buffer is mapped.  NULL @p pixels
 * without a buffer also gives NULL (no error: nothing to transfer).
 * Release with st_pixels_unmap().
 */
void *st_pixels_map(struct st_context *ctx, bool pack,
                    const struct st_pixelstore *store, GLenum format,
                    GLenum type, GLsizei width, GLsizei height, GLsizei depth,
                    const void *pixels, struct pipe_transfer **transfer,
                    const char *func);
void st_pixels_unmap(struct st_context *ctx, struct pipe_transfer *transfer);

/**
 * For luminance, alpha and intensity images stored in red (and green)
 * channels (EXT_texture_integer's formats): the channel of @p format
 * holding RGBA component @p component (-1: none, a constant); -2 when
 * @p format decodes the base format itself or it is another base.
 */
int st_format_legacy_channel(enum pipe_format format, GLenum base_format,
                             unsigned component);

/** glGet of the pixel store state (GL_UNPACK_ALIGNMENT...); false for
 * other pnames.  The texture module's getter (st_texture_get) asks it. */
bool st_pixels_get(struct st_context *ctx, GLenum pname, struct st_value *v);

/** st_pixels_map() that also tells an error (raised; *@p failed true)
 * from nothing to transfer (NULL, *@p failed false). */
void *st_pixels_map_checked(struct st_context *ctx, bool pack,
                            const struct st_pixelstore *store, GLenum format,
                            GLenum type, GLsizei width, GLsizei height,
                            GLsizei depth, const void *pixels,
                            struct pipe_transfer **transfer, const char *func,
                            bool *failed);

/** The pipe format whose texels have exactly the memory layout of
 * client pixels of @p format / @p type (PIPE_FORMAT_NONE if none):
 * a plain copy moves such pixels. */
enum pipe_format st_pixels_client_format(GLenum format, GLenum type);

/**
 * Converts client pixels (@p src in @p format / @p type laid out by
 * @p store) to @p dst_format texels (rows @p dst_stride and images
 * @p dst_image_stride bytes apart).  False for a combination that cannot
 * be converted (integer to normalized...: the caller raises
 * GL_INVALID_OPERATION).
 */
bool st_pixels_unpack(const struct st_pixelstore *store, GLenum format,
                      GLenum type, const void *src, GLsizei width,
                      GLsizei height, GLsizei depth,
                      enum pipe_format dst_format, void *dst, size_t dst_stride,
                      size_t dst_image_stride);

/** The reverse of st_pixels_unpack: @p src_format texels to client
 * memory.  @p clamp: clamp colours to [0, 1] (GL_CLAMP_READ_COLOR). */
bool st_pixels_pack(const struct st_pixelstore *store, GLenum format,
                    GLenum type, void *dst, GLsizei width, GLsizei height,
                    GLsizei depth, enum pipe_format src_format, const void *src,
                    size_t src_stride, size_t src_image_stride, bool clamp);

/**
 * The pipe format for @p internal_format (sized, unsized, compressed,
 * depth/stencil...) that the screen supports for @p bind (PIPE_BIND_*)
 * and @p target; @p format / @p type (the client data, or GL_NONE) may
 * guide the choice for unsized formats.  PIPE_FORMAT_NONE if the
 * internal format is not valid in this context.
 */
enum pipe_format st_choose_format(struct st_context *ctx,
                                  GLenum internal_format, GLenum format,
                                  GLenum type, unsigned target, unsigned bind);

/** The GL base format (GL_RGBA, GL_RG, GL_DEPTH_COMPONENT,
 * GL_DEPTH_STENCIL, GL_LUMINANCE_ALPHA...) of @p internal_format, or 0. */
GLenum st_base_format(GLenum internal_format);

/** Whether the texels of @p internal_format are unnormalized integers. */
bool st_format_is_integer(GLenum internal_format);

/** Whether @p internal_format is a specific compressed format (block
 * data: glCompressedTexImage*), not a generic GL_COMPRESSED_RGBA. */
bool st_format_is_compressed(GLenum internal_format);

/** Whether @p internal_format is an internal format of @p ctx's API. */
bool st_format_is_valid(struct st_context *ctx, GLenum internal_format);

/**
 * Bits of @p component (GL_RED, GL_GREEN, GL_BLUE, GL_ALPHA,
 * GL_LUMINANCE, GL_INTENSITY, GL_DEPTH_COMPONENT, GL_STENCIL_INDEX) in
 * texels of @p format holding an image of base format @p base_format (0
 * for components the base format lacks): the GL_TEXTURE_RED_SIZE...
 * answers.
 */
unsigned st_format_component_bits(enum pipe_format format, GLenum base_format,
                                  GLenum component);

/** GL_UNSIGNED_NORMALIZED, GL_SIGNED_NORMALIZED, GL_FLOAT, GL_INT,
 * GL_UNSIGNED_INT or GL_NONE for @p component (GL_RED .. GL_ALPHA,
 * GL_DEPTH_COMPONENT) of @p format: the GL_TEXTURE_RED_TYPE... answers. */
GLenum st_format_component_type(enum pipe_format format, GLenum component);

#endif
