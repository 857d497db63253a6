/* SPDX-License-Identifier: MIT */

/*
 * Decoders of the compressed formats, one 4x4 block at a time.  These are
 * the family back ends of u_format_unpack_block_rgba() and
 * u_format_fetch_texel_rgba() (u_format.h); drivers should call those.
 *
 * Output layout: out[y][x][c], texel (x, y) of the block, c = R, G, B, A,
 * with x and y counted from the block's first texel in memory.
 *
 * Every function returns false, writing nothing, when @p format is not of
 * its family (or has no result of the requested kind: snorm RGTC formats
 * have no 8-bit unorm result).
 */
#ifndef U_FORMAT_COMPRESSED_H
#define U_FORMAT_COMPRESSED_H

#include <stdbool.h>
#include <stdint.h>

#include "u_format_table.h"

/**
 * S3TC (DXT1 RGB/RGBA, DXT3, DXT5 and the sRGB variants) to 8-bit codes.
 * For sRGB formats R, G, B are still sRGB encoded.
 */
bool u_format_s3tc_unpack_block_rgba8(enum pipe_format format,
                                      const void *block, uint8_t out[4][4][4]);

/** S3TC to floats; sRGB formats are decoded to linear. */
bool u_format_s3tc_unpack_block_rgba(enum pipe_format format, const void *block,
                                     float out[4][4][4]);

/** RGTC1/2 unorm to 8-bit codes (G, B = 0 as the swizzle says, A = 255). */
bool u_format_rgtc_unpack_block_rgba8(enum pipe_format format,
                                      const void *block, uint8_t out[4][4][4]);

/** RGTC1/2, unorm and snorm, to floats. */
bool u_format_rgtc_unpack_block_rgba(enum pipe_format format, const void *block,
                                     float out[4][4][4]);

/**
 * The 64-bit interpolated block shared by DXT5 alpha and RGTC (texel
 * i = 4 y + x), unsigned, to rounded 8-bit codes.
 */
void u_format_alpha_block_unorm8(const uint8_t block[8], uint8_t out[16]);

/**
 * The same block to floats, computed from the spec's formulas without
 * rounding to 8 bits; @p snorm reads signed endpoints (RGTC snorm).
 */
void u_format_alpha_block_float(const uint8_t block[8], bool snorm,
                                float out[16]);

/**
 * ETC1, ETC2 and EAC colour formats to 8-bit codes (sRGB formats keep
 * their sRGB codes); the unsigned R11 / RG11 formats rounded to 8 bits.
 * False for the signed EAC formats.
 */
bool u_format_etc_unpack_block_rgba8(enum pipe_format format, const void *block,
                                     uint8_t out[4][4][4]);

/** ETC1/ETC2/EAC to floats; sRGB formats are decoded to linear, R11 and
 * RG11 keep their 11-bit precision (v / 2047, signed v / 1023). */
bool u_format_etc_unpack_block_rgba(enum pipe_format format, const void *block,
                                    float out[4][4][4]);

/**
 * One 64-bit EAC R11 block to its 11-bit values (texel i = 4 y + x):
 * 0..2047, or -1023..1023 when @p snorm.
 */
void u_format_eac11_block(const uint8_t block[8], bool snorm, int out[16]);

#endif
