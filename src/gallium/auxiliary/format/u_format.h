/* SPDX-License-Identifier: MIT */

/*
 * Pixel formats: lookups in the generated table (u_format_table.h, built
 * from formats.py) and row helpers that convert n texels at a time.
 *
 * Rows are tightly packed: texel i of a row starts block_bytes * i bytes
 * after the first.  The helpers return false, converting nothing, when the
 * format has no function for the requested kind of value (an integer
 * format asked for floats, a compressed format, a colour format asked for
 * depth); callers decide what that means.
 */
#ifndef U_FORMAT_H
#define U_FORMAT_H

#include <stdbool.h>
#include <stdint.h>

#include "u_format_table.h"

/** The descriptor of @p format, NULL if @p format is not a valid value. */
const struct u_format_desc *u_format_description(enum pipe_format format);

/** Bytes per block (per texel for uncompressed formats); 0 for NONE. */
unsigned u_format_get_blocksize(enum pipe_format format);

/** @p n texels at @p src to RGBA floats, dst[4 * n]. */
bool u_format_unpack_rgba(enum pipe_format format, const void *src, float *dst,
                          unsigned n);
/** @p n RGBA float texels, src[4 * n], to @p dst. */
bool u_format_pack_rgba(enum pipe_format format, void *dst, const float *src,
                        unsigned n);
bool u_format_unpack_rgba_uint(enum pipe_format format, const void *src,
                               uint32_t *dst, unsigned n);
bool u_format_pack_rgba_uint(enum pipe_format format, void *dst,
                             const uint32_t *src, unsigned n);
bool u_format_unpack_rgba_sint(enum pipe_format format, const void *src,
                               int32_t *dst, unsigned n);
bool u_format_pack_rgba_sint(enum pipe_format format, void *dst,
                             const int32_t *src, unsigned n);

/** Depth of @p n texels as floats. */
bool u_format_unpack_z_float(enum pipe_format format, const void *src,
                             float *dst, unsigned n);
/** Writes depth only; stencil bits of combined formats are kept. */
bool u_format_pack_z_float(enum pipe_format format, void *dst, const float *src,
                           unsigned n);
bool u_format_unpack_s_uint8(enum pipe_format format, const void *src,
                             uint8_t *dst, unsigned n);
/** Writes stencil only; depth bits of combined formats are kept. */
bool u_format_pack_s_uint8(enum pipe_format format, void *dst,
                           const uint8_t *src, unsigned n);

/**
 * Decodes one 4x4 block of a compressed format (S3TC, RGTC, ETC) to RGBA
 * floats, out[y][x][c] with (x, y) the texel within the block; sRGB
 * formats give linear values.  False, writing nothing, for formats that
 * are not compressed.
 */
bool u_format_unpack_block_rgba(enum pipe_format format, const void *block,
                                float out[4][4][4]);

/**
 * The same as 8-bit unorm codes, for speed (sRGB formats keep their sRGB
 * codes).  False for non-compressed formats and the snorm RGTC and EAC
 * formats.
 */
bool u_format_unpack_block_rgba8(enum pipe_format format, const void *block,
                                 uint8_t out[4][4][4]);

/**
 * Texel (@p x, @p y) of an image at @p data as RGBA floats.
 * @p row_stride_bytes is the distance between rows of blocks: rows of
 * texels for plain formats, rows of 4x4 blocks for compressed ones.  False
 * if the format has no float result (integer, depth/stencil, NONE).
 */
bool u_format_fetch_texel_rgba(enum pipe_format format, const void *data,
                               unsigned row_stride_bytes, unsigned x,
                               unsigned y, float out[4]);

#endif
