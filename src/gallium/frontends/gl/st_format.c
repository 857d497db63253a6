/* SPDX-License-Identifier: MIT */

/*
 * Internal formats: which GL internal formats a context accepts, their
 * base formats, and the pipe format that stores each.
 *
 * One table lists every internal format of GL 3.3 (compatibility and
 * core) and ES 3.0 with the APIs that accept it (ST_API_BIT_* of
 * st_context.h) and up to three pipe formats, best first; the first one
 * the screen supports for the requested binding and target wins.  The
 * fallbacks only ever add precision or channels (RGB8 as RGBA8), never
 * remove them; the sampler view swizzle hides added channels
 * (st_texture_validate, using the base format).
 *
 * Unsized formats (GL_RGBA, GL_DEPTH_COMPONENT...) have a row of their
 * own; a few of them take the client type into account the way ES 3.0's
 * table 3.3 asks (GL_RGBA with GL_UNSIGNED_SHORT_4_4_4_4 is RGBA4).
 */
#include <stddef.h>

#include "pipe/p_defines.h"
#include "pipe/p_screen.h"
#include "st_context.h"
#include "st_pixels.h"

#define ALL \
   (ST_API_BIT_COMPAT | ST_API_BIT_CORE | ST_API_BIT_ES2 | ST_API_BIT_ES3)
#define DESK   (ST_API_BIT_COMPAT | ST_API_BIT_CORE)
#define COMPAT ST_API_BIT_COMPAT
#define ES     (ST_API_BIT_ES2 | ST_API_BIT_ES3)
/* ES 3.0, and desktop GL through ARB_ES3_compatibility. */
#define ETC2 (ST_API_BIT_ES3 | DESK)
/* Luminance and alpha without a size: compatibility and ES. */
#define COMPAT_ES (ST_API_BIT_COMPAT | ST_API_BIT_ES2 | ST_API_BIT_ES3)

#define F_INT        1u /* unnormalized integer texels */
#define F_COMPRESSED 2u /* a specific compressed format (block data) */

struct format_info {
   GLenum internal_format;
   GLenum base_format;
   uint8_t apis;
   uint8_t flags;
   enum pipe_format pipe[3];
};

/* One row per format reads best. */
/* clang-format off */
static const struct format_info formats[] = {
   /* Unsized. */
   { GL_RED, GL_RED, ALL, 0, { PIPE_FORMAT_R8_UNORM } },
   { GL_RG, GL_RG, ALL, 0, { PIPE_FORMAT_R8G8_UNORM } },
   { GL_RGB, GL_RGB, ALL, 0,
     { PIPE_FORMAT_R8G8B8_UNORM, PIPE_FORMAT_R8G8B8A8_UNORM } },
   { GL_RGBA, GL_RGBA, ALL, 0, { PIPE_FORMAT_R8G8B8A8_UNORM } },
   { GL_ALPHA, GL_ALPHA, COMPAT_ES, 0, { PIPE_FORMAT_A8_UNORM } },
   { GL_LUMINANCE, GL_LUMINANCE, COMPAT_ES, 0, { PIPE_FORMAT_L8_UNORM } },
   { GL_LUMINANCE_ALPHA, GL_LUMINANCE_ALPHA, COMPAT_ES, 0,
     { PIPE_FORMAT_L8A8_UNORM } },
   { GL_INTENSITY, GL_INTENSITY, COMPAT, 0, { PIPE_FORMAT_I8_UNORM } },
   { 1, GL_LUMINANCE, COMPAT, 0, { PIPE_FORMAT_L8_UNORM } },
   { 2, GL_LUMINANCE_ALPHA, COMPAT, 0, { PIPE_FORMAT_L8A8_UNORM } },
   { 3, GL_RGB, COMPAT, 0,
     { PIPE_FORMAT_R8G8B8_UNORM, PIPE_FORMAT_R8G8B8A8_UNORM } },
   { 4, GL_RGBA, COMPAT, 0, { PIPE_FORMAT_R8G8B8A8_UNORM } },
   { GL_SRGB, GL_RGB, ALL, 0,
     { PIPE_FORMAT_R8G8B8_SRGB, PIPE_FORMAT_R8G8B8A8_SRGB } },
   { GL_SRGB_ALPHA, GL_RGBA, ALL, 0, { PIPE_FORMAT_R8G8B8A8_SRGB } },
   { GL_SLUMINANCE, GL_LUMINANCE, COMPAT, 0, { PIPE_FORMAT_L8_SRGB } },
   { GL_SLUMINANCE_ALPHA, GL_LUMINANCE_ALPHA, COMPAT, 0,
     { PIPE_FORMAT_L8A8_SRGB } },
   { GL_DEPTH_COMPONENT, GL_DEPTH_COMPONENT, ALL, 0,
     { PIPE_FORMAT_Z24X8_UNORM,
       PIPE_FORMAT_Z24_UNORM_S8_UINT, PIPE_FORMAT_Z32_FLOAT } },
   { GL_DEPTH_STENCIL, GL_DEPTH_STENCIL, ALL, 0,
     { PIPE_FORMAT_Z24_UNORM_S8_UINT, PIPE_FORMAT_Z32_FLOAT_S8X24_UINT } },
   /* Generic compressed formats: GL may store them uncompressed. */
   { GL_COMPRESSED_RED, GL_RED, DESK, 0, { PIPE_FORMAT_R8_UNORM } },
   { GL_COMPRESSED_RG, GL_RG, DESK, 0, { PIPE_FORMAT_R8G8_UNORM } },
   { GL_COMPRESSED_RGB, GL_RGB, DESK, 0,
     { PIPE_FORMAT_R8G8B8_UNORM, PIPE_FORMAT_R8G8B8A8_UNORM } },
   { GL_COMPRESSED_RGBA, GL_RGBA, DESK, 0, { PIPE_FORMAT_R8G8B8A8_UNORM } },
   { GL_COMPRESSED_SRGB, GL_RGB, DESK, 0,
     { PIPE_FORMAT_R8G8B8_SRGB, PIPE_FORMAT_R8G8B8A8_SRGB } },
   { GL_COMPRESSED_SRGB_ALPHA, GL_RGBA, DESK, 0,
     { PIPE_FORMAT_R8G8B8A8_SRGB } },
   { GL_COMPRESSED_ALPHA, GL_ALPHA, COMPAT, 0, { PIPE_FORMAT_A8_UNORM } },
   { GL_COMPRESSED_LUMINANCE, GL_LUMINANCE, COMPAT, 0,
     { PIPE_FORMAT_L8_UNORM } },
   { GL_COMPRESSED_LUMINANCE_ALPHA, GL_LUMINANCE_ALPHA, COMPAT, 0,
     { PIPE_FORMAT_L8A8_UNORM } },
   { GL_COMPRESSED_INTENSITY, GL_INTENSITY, COMPAT, 0,
     { PIPE_FORMAT_I8_UNORM } },
   { GL_COMPRESSED_SLUMINANCE, GL_LUMINANCE, COMPAT, 0,
     { PIPE_FORMAT_L8_SRGB } },
   { GL_COMPRESSED_SLUMINANCE_ALPHA, GL_LUMINANCE_ALPHA, COMPAT, 0,
     { PIPE_FORMAT_L8A8_SRGB } },

   /* One channel. */
   { GL_R8, GL_RED, ALL, 0, { PIPE_FORMAT_R8_UNORM } },
   { GL_R8_SNORM, GL_RED, ALL, 0, { PIPE_FORMAT_R8_SNORM } },
   { GL_R16, GL_RED, DESK, 0, { PIPE_FORMAT_R16_UNORM } },
   { GL_R16_SNORM, GL_RED, DESK, 0, { PIPE_FORMAT_R16_SNORM } },
   { GL_R16F, GL_RED, ALL, 0, { PIPE_FORMAT_R16_FLOAT } },
   { GL_R32F, GL_RED, ALL, 0, { PIPE_FORMAT_R32_FLOAT } },
   { GL_R8I, GL_RED, ALL, F_INT, { PIPE_FORMAT_R8_SINT } },
   { GL_R8UI, GL_RED, ALL, F_INT, { PIPE_FORMAT_R8_UINT } },
   { GL_R16I, GL_RED, ALL, F_INT, { PIPE_FORMAT_R16_SINT } },
   { GL_R16UI, GL_RED, ALL, F_INT, { PIPE_FORMAT_R16_UINT } },
   { GL_R32I, GL_RED, ALL, F_INT, { PIPE_FORMAT_R32_SINT } },
   { GL_R32UI, GL_RED, ALL, F_INT, { PIPE_FORMAT_R32_UINT } },

   /* Two channels. */
   { GL_RG8, GL_RG, ALL, 0, { PIPE_FORMAT_R8G8_UNORM } },
   { GL_RG8_SNORM, GL_RG, ALL, 0, { PIPE_FORMAT_R8G8_SNORM } },
   { GL_RG16, GL_RG, DESK, 0, { PIPE_FORMAT_R16G16_UNORM } },
   { GL_RG16_SNORM, GL_RG, DESK, 0, { PIPE_FORMAT_R16G16_SNORM } },
   { GL_RG16F, GL_RG, ALL, 0, { PIPE_FORMAT_R16G16_FLOAT } },
   { GL_RG32F, GL_RG, ALL, 0, { PIPE_FORMAT_R32G32_FLOAT } },
   { GL_RG8I, GL_RG, ALL, F_INT, { PIPE_FORMAT_R8G8_SINT } },
   { GL_RG8UI, GL_RG, ALL, F_INT, { PIPE_FORMAT_R8G8_UINT } },
   { GL_RG16I, GL_RG, ALL, F_INT, { PIPE_FORMAT_R16G16_SINT } },
   { GL_RG16UI, GL_RG, ALL, F_INT, { PIPE_FORMAT_R16G16_UINT } },
   { GL_RG32I, GL_RG, ALL, F_INT, { PIPE_FORMAT_R32G32_SINT } },
   { GL_RG32UI, GL_RG, ALL, F_INT, { PIPE_FORMAT_R32G32_UINT } },

   /* Three channels. */
   { GL_R3_G3_B2, GL_RGB, DESK, 0,
     { PIPE_FORMAT_B5G6R5_UNORM,
       PIPE_FORMAT_R8G8B8_UNORM, PIPE_FORMAT_R8G8B8A8_UNORM } },
   { GL_RGB4, GL_RGB, DESK, 0,
     { PIPE_FORMAT_B5G6R5_UNORM,
       PIPE_FORMAT_R8G8B8_UNORM, PIPE_FORMAT_R8G8B8A8_UNORM } },
   { GL_RGB5, GL_RGB, DESK, 0,
     { PIPE_FORMAT_B5G6R5_UNORM,
       PIPE_FORMAT_R8G8B8_UNORM, PIPE_FORMAT_R8G8B8A8_UNORM } },
   { GL_RGB565, GL_RGB, ALL, 0,
     { PIPE_FORMAT_B5G6R5_UNORM,
       PIPE_FORMAT_R8G8B8_UNORM, PIPE_FORMAT_R8G8B8A8_UNORM } },
   { GL_RGB8, GL_RGB, ALL, 0,
     { PIPE_FORMAT_R8G8B8_UNORM, PIPE_FORMAT_R8G8B8A8_UNORM } },
   { GL_RGB10, GL_RGB, DESK, 0,
     { PIPE_FORMAT_R10G10B10A2_UNORM,
       PIPE_FORMAT_R16G16B16_UNORM, PIPE_FORMAT_R16G16B16A16_UNORM } },
   { GL_RGB12, GL_RGB, DESK, 0,
     { PIPE_FORMAT_R16G16B16_UNORM, PIPE_FORMAT_R16G16B16A16_UNORM } },
   { GL_RGB16, GL_RGB, DESK, 0,
     { PIPE_FORMAT_R16G16B16_UNORM, PIPE_FORMAT_R16G16B16A16_UNORM } },
   { GL_RGB8_SNORM, GL_RGB, ALL, 0,
     { PIPE_FORMAT_R8G8B8_SNORM, PIPE_FORMAT_R8G8B8A8_SNORM } },
   { GL_RGB16_SNORM, GL_RGB, DESK, 0,
     { PIPE_FORMAT_R16G16B16_SNORM, PIPE_FORMAT_R16G16B16A16_SNORM } },
   { GL_RGB16F, GL_RGB, ALL, 0,
     { PIPE_FORMAT_R16G16B16_FLOAT, PIPE_FORMAT_R16G16B16A16_FLOAT } },
   { GL_RGB32F, GL_RGB, ALL, 0,
     { PIPE_FORMAT_R32G32B32_FLOAT, PIPE_FORMAT_R32G32B32A32_FLOAT } },
   { GL_R11F_G11F_B10F, GL_RGB, ALL, 0,
     { PIPE_FORMAT_R11G11B10_FLOAT, PIPE_FORMAT_R16G16B16A16_FLOAT } },
   { GL_RGB9_E5, GL_RGB, ALL, 0,
     { PIPE_FORMAT_R9G9B9E5_FLOAT, PIPE_FORMAT_R16G16B16A16_FLOAT } },
   { GL_SRGB8, GL_RGB, ALL, 0,
     { PIPE_FORMAT_R8G8B8_SRGB, PIPE_FORMAT_R8G8B8A8_SRGB } },
   { GL_RGB8I, GL_RGB, ALL, F_INT,
     { PIPE_FORMAT_R8G8B8_SINT, PIPE_FORMAT_R8G8B8A8_SINT } },
   { GL_RGB8UI, GL_RGB, ALL, F_INT,
     { PIPE_FORMAT_R8G8B8_UINT, PIPE_FORMAT_R8G8B8A8_UINT } },
   { GL_RGB16I, GL_RGB, ALL, F_INT,
     { PIPE_FORMAT_R16G16B16_SINT, PIPE_FORMAT_R16G16B16A16_SINT } },
   { GL_RGB16UI, GL_RGB, ALL, F_INT,
     { PIPE_FORMAT_R16G16B16_UINT, PIPE_FORMAT_R16G16B16A16_UINT } },
   { GL_RGB32I, GL_RGB, ALL, F_INT,
     { PIPE_FORMAT_R32G32B32_SINT, PIPE_FORMAT_R32G32B32A32_SINT } },
   { GL_RGB32UI, GL_RGB, ALL, F_INT,
     { PIPE_FORMAT_R32G32B32_UINT, PIPE_FORMAT_R32G32B32A32_UINT } },

   /* Four channels. */
   { GL_RGBA2, GL_RGBA, DESK, 0,
     { PIPE_FORMAT_B4G4R4A4_UNORM, PIPE_FORMAT_R8G8B8A8_UNORM } },
   { GL_RGBA4, GL_RGBA, ALL, 0,
     { PIPE_FORMAT_B4G4R4A4_UNORM, PIPE_FORMAT_R8G8B8A8_UNORM } },
   { GL_RGB5_A1, GL_RGBA, ALL, 0,
     { PIPE_FORMAT_B5G5R5A1_UNORM, PIPE_FORMAT_R8G8B8A8_UNORM } },
   { GL_RGBA8, GL_RGBA, ALL, 0, { PIPE_FORMAT_R8G8B8A8_UNORM } },
   { GL_RGB10_A2, GL_RGBA, ALL, 0,
     { PIPE_FORMAT_R10G10B10A2_UNORM, PIPE_FORMAT_R16G16B16A16_UNORM } },
   { GL_RGBA12, GL_RGBA, DESK, 0, { PIPE_FORMAT_R16G16B16A16_UNORM } },
   { GL_RGBA16, GL_RGBA, DESK, 0, { PIPE_FORMAT_R16G16B16A16_UNORM } },
   { GL_RGBA8_SNORM, GL_RGBA, ALL, 0, { PIPE_FORMAT_R8G8B8A8_SNORM } },
   { GL_RGBA16_SNORM, GL_RGBA, DESK, 0, { PIPE_FORMAT_R16G16B16A16_SNORM } },
   { GL_RGBA16F, GL_RGBA, ALL, 0, { PIPE_FORMAT_R16G16B16A16_FLOAT } },
   { GL_RGBA32F, GL_RGBA, ALL, 0, { PIPE_FORMAT_R32G32B32A32_FLOAT } },
   { GL_SRGB8_ALPHA8, GL_RGBA, ALL, 0, { PIPE_FORMAT_R8G8B8A8_SRGB } },
   { GL_RGBA8I, GL_RGBA, ALL, F_INT, { PIPE_FORMAT_R8G8B8A8_SINT } },
   { GL_RGBA8UI, GL_RGBA, ALL, F_INT, { PIPE_FORMAT_R8G8B8A8_UINT } },
   { GL_RGBA16I, GL_RGBA, ALL, F_INT, { PIPE_FORMAT_R16G16B16A16_SINT } },
   { GL_RGBA16UI, GL_RGBA, ALL, F_INT, { PIPE_FORMAT_R16G16B16A16_UINT } },
   { GL_RGBA32I, GL_RGBA, ALL, F_INT, { PIPE_FORMAT_R32G32B32A32_SINT } },
   { GL_RGBA32UI, GL_RGBA, ALL, F_INT, { PIPE_FORMAT_R32G32B32A32_UINT } },
   { GL_RGB10_A2UI, GL_RGBA, ALL, F_INT,
     { PIPE_FORMAT_R10G10B10A2_UINT, PIPE_FORMAT_R16G16B16A16_UINT } },

   /* Compatibility luminance, alpha and intensity. */
   { GL_ALPHA4, GL_ALPHA, COMPAT, 0, { PIPE_FORMAT_A8_UNORM } },
   { GL_ALPHA8, GL_ALPHA, COMPAT, 0, { PIPE_FORMAT_A8_UNORM } },
   { GL_ALPHA12, GL_ALPHA, COMPAT, 0, { PIPE_FORMAT_A16_UNORM } },
   { GL_ALPHA16, GL_ALPHA, COMPAT, 0, { PIPE_FORMAT_A16_UNORM } },
   { GL_LUMINANCE4, GL_LUMINANCE, COMPAT, 0, { PIPE_FORMAT_L8_UNORM } },
   { GL_LUMINANCE8, GL_LUMINANCE, COMPAT, 0, { PIPE_FORMAT_L8_UNORM } },
   { GL_LUMINANCE12, GL_LUMINANCE, COMPAT, 0, { PIPE_FORMAT_L16_UNORM } },
   { GL_LUMINANCE16, GL_LUMINANCE, COMPAT, 0, { PIPE_FORMAT_L16_UNORM } },
   { GL_LUMINANCE4_ALPHA4, GL_LUMINANCE_ALPHA, COMPAT, 0,
     { PIPE_FORMAT_L8A8_UNORM } },
   { GL_LUMINANCE6_ALPHA2, GL_LUMINANCE_ALPHA, COMPAT, 0,
     { PIPE_FORMAT_L8A8_UNORM } },
   { GL_LUMINANCE8_ALPHA8, GL_LUMINANCE_ALPHA, COMPAT, 0,
     { PIPE_FORMAT_L8A8_UNORM } },
   { GL_LUMINANCE12_ALPHA4, GL_LUMINANCE_ALPHA, COMPAT, 0,
     { PIPE_FORMAT_L16A16_UNORM } },
   { GL_LUMINANCE12_ALPHA12, GL_LUMINANCE_ALPHA, COMPAT, 0,
     { PIPE_FORMAT_L16A16_UNORM } },
   { GL_LUMINANCE16_ALPHA16, GL_LUMINANCE_ALPHA, COMPAT, 0,
     { PIPE_FORMAT_L16A16_UNORM } },
   { GL_INTENSITY4, GL_INTENSITY, COMPAT, 0, { PIPE_FORMAT_I8_UNORM } },
   { GL_INTENSITY8, GL_INTENSITY, COMPAT, 0, { PIPE_FORMAT_I8_UNORM } },
   { GL_INTENSITY12, GL_INTENSITY, COMPAT, 0, { PIPE_FORMAT_I16_UNORM } },
   { GL_INTENSITY16, GL_INTENSITY, COMPAT, 0, { PIPE_FORMAT_I16_UNORM } },
   { GL_SLUMINANCE8, GL_LUMINANCE, COMPAT, 0, { PIPE_FORMAT_L8_SRGB } },
   { GL_SLUMINANCE8_ALPHA8, GL_LUMINANCE_ALPHA, COMPAT, 0,
     { PIPE_FORMAT_L8A8_SRGB } },

   /* ARB_texture_float's luminance, alpha and intensity floats. */
   { GL_ALPHA16F_ARB, GL_ALPHA, COMPAT, 0, { PIPE_FORMAT_A16_FLOAT } },
   { GL_ALPHA32F_ARB, GL_ALPHA, COMPAT, 0, { PIPE_FORMAT_A32_FLOAT } },
   { GL_LUMINANCE16F_ARB, GL_LUMINANCE, COMPAT, 0, { PIPE_FORMAT_L16_FLOAT } },
   { GL_LUMINANCE32F_ARB, GL_LUMINANCE, COMPAT, 0, { PIPE_FORMAT_L32_FLOAT } },
   { GL_LUMINANCE_ALPHA16F_ARB, GL_LUMINANCE_ALPHA, COMPAT, 0,
     { PIPE_FORMAT_L16A16_FLOAT } },
   { GL_LUMINANCE_ALPHA32F_ARB, GL_LUMINANCE_ALPHA, COMPAT, 0,
     { PIPE_FORMAT_L32A32_FLOAT } },
   { GL_INTENSITY16F_ARB, GL_INTENSITY, COMPAT, 0, { PIPE_FORMAT_I16_FLOAT } },
   { GL_INTENSITY32F_ARB, GL_INTENSITY, COMPAT, 0, { PIPE_FORMAT_I32_FLOAT } },

   /* EXT_texture_integer's luminance, alpha and intensity integers,
    * stored in red (and green) channels: st_format_legacy_channel() and
    * the view swizzle put them in place. */
   { GL_ALPHA8I_EXT, GL_ALPHA, COMPAT, F_INT, { PIPE_FORMAT_R8_SINT } },
   { GL_ALPHA8UI_EXT, GL_ALPHA, COMPAT, F_INT, { PIPE_FORMAT_R8_UINT } },
   { GL_ALPHA16I_EXT, GL_ALPHA, COMPAT, F_INT, { PIPE_FORMAT_R16_SINT } },
   { GL_ALPHA16UI_EXT, GL_ALPHA, COMPAT, F_INT, { PIPE_FORMAT_R16_UINT } },
   { GL_ALPHA32I_EXT, GL_ALPHA, COMPAT, F_INT, { PIPE_FORMAT_R32_SINT } },
   { GL_ALPHA32UI_EXT, GL_ALPHA, COMPAT, F_INT, { PIPE_FORMAT_R32_UINT } },
   { GL_LUMINANCE8I_EXT, GL_LUMINANCE, COMPAT, F_INT, { PIPE_FORMAT_R8_SINT } },
   { GL_LUMINANCE8UI_EXT, GL_LUMINANCE, COMPAT, F_INT,
     { PIPE_FORMAT_R8_UINT } },
   { GL_LUMINANCE16I_EXT, GL_LUMINANCE, COMPAT, F_INT,
     { PIPE_FORMAT_R16_SINT } },
   { GL_LUMINANCE16UI_EXT, GL_LUMINANCE, COMPAT, F_INT,
     { PIPE_FORMAT_R16_UINT } },
   { GL_LUMINANCE32I_EXT, GL_LUMINANCE, COMPAT, F_INT,
     { PIPE_FORMAT_R32_SINT } },
   { GL_LUMINANCE32UI_EXT, GL_LUMINANCE, COMPAT, F_INT,
     { PIPE_FORMAT_R32_UINT } },
   { GL_LUMINANCE_ALPHA8I_EXT, GL_LUMINANCE_ALPHA, COMPAT, F_INT,
     { PIPE_FORMAT_R8G8_SINT } },
   { GL_LUMINANCE_ALPHA8UI_EXT, GL_LUMINANCE_ALPHA, COMPAT, F_INT,
     { PIPE_FORMAT_R8G8_UINT } },
   { GL_LUMINANCE_ALPHA16I_EXT, GL_LUMINANCE_ALPHA, COMPAT, F_INT,
     { PIPE_FORMAT_R16G16_SINT } },
   { GL_LUMINANCE_ALPHA16UI_EXT, GL_LUMINANCE_ALPHA, COMPAT, F_INT,
     { PIPE_FORMAT_R16G16_UINT } },
   { GL_LUMINANCE_ALPHA32I_EXT, GL_LUMINANCE_ALPHA, COMPAT, F_INT,
     { PIPE_FORMAT_R32G32_SINT } },
   { GL_LUMINANCE_ALPHA32UI_EXT, GL_LUMINANCE_ALPHA, COMPAT, F_INT,
     { PIPE_FORMAT_R32G32_UINT } },
   { GL_INTENSITY8I_EXT, GL_INTENSITY, COMPAT, F_INT, { PIPE_FORMAT_R8_SINT } },
   { GL_INTENSITY8UI_EXT, GL_INTENSITY, COMPAT, F_INT,
     { PIPE_FORMAT_R8_UINT } },
   { GL_INTENSITY16I_EXT, GL_INTENSITY, COMPAT, F_INT,
     { PIPE_FORMAT_R16_SINT } },
   { GL_INTENSITY16UI_EXT, GL_INTENSITY, COMPAT, F_INT,
     { PIPE_FORMAT_R16_UINT } },
   { GL_INTENSITY32I_EXT, GL_INTENSITY, COMPAT, F_INT,
     { PIPE_FORMAT_R32_SINT } },
   { GL_INTENSITY32UI_EXT, GL_INTENSITY, COMPAT, F_INT,
     { PIPE_FORMAT_R32_UINT } },

   /* Depth and stencil. */
   { GL_DEPTH_COMPONENT16, GL_DEPTH_COMPONENT, ALL, 0,
     { PIPE_FORMAT_Z16_UNORM,
       PIPE_FORMAT_Z24X8_UNORM, PIPE_FORMAT_Z24_UNORM_S8_UINT } },
   { GL_DEPTH_COMPONENT24, GL_DEPTH_COMPONENT, ALL, 0,
     { PIPE_FORMAT_Z24X8_UNORM, PIPE_FORMAT_Z24_UNORM_S8_UINT } },
   { GL_DEPTH_COMPONENT32, GL_DEPTH_COMPONENT, DESK, 0,
     { PIPE_FORMAT_Z24X8_UNORM, PIPE_FORMAT_Z24_UNORM_S8_UINT } },
   { GL_DEPTH_COMPONENT32F, GL_DEPTH_COMPONENT, ALL, 0,
     { PIPE_FORMAT_Z32_FLOAT, PIPE_FORMAT_Z32_FLOAT_S8X24_UINT } },
   { GL_DEPTH24_STENCIL8, GL_DEPTH_STENCIL, ALL, 0,
     { PIPE_FORMAT_Z24_UNORM_S8_UINT, PIPE_FORMAT_Z32_FLOAT_S8X24_UINT } },
   { GL_DEPTH32F_STENCIL8, GL_DEPTH_STENCIL, ALL, 0,
     { PIPE_FORMAT_Z32_FLOAT_S8X24_UINT } },
   { GL_STENCIL_INDEX8, GL_STENCIL_INDEX, ALL, F_INT,
     { PIPE_FORMAT_S8_UINT, PIPE_FORMAT_Z24_UNORM_S8_UINT } },

   /* Compressed (GL 3.0 RGTC; S3TC where the screen has it). */
   { GL_COMPRESSED_RED_RGTC1, GL_RED, DESK, F_COMPRESSED,
     { PIPE_FORMAT_RGTC1_UNORM } },
   { GL_COMPRESSED_SIGNED_RED_RGTC1, GL_RED, DESK, F_COMPRESSED,
     { PIPE_FORMAT_RGTC1_SNORM } },
   { GL_COMPRESSED_RG_RGTC2, GL_RG, DESK, F_COMPRESSED,
     { PIPE_FORMAT_RGTC2_UNORM } },
   { GL_COMPRESSED_SIGNED_RG_RGTC2, GL_RG, DESK, F_COMPRESSED,
     { PIPE_FORMAT_RGTC2_SNORM } },
   { GL_COMPRESSED_RGB_S3TC_DXT1_EXT, GL_RGB, DESK, F_COMPRESSED,
     { PIPE_FORMAT_DXT1_RGB } },
   { GL_COMPRESSED_RGBA_S3TC_DXT1_EXT, GL_RGBA, DESK, F_COMPRESSED,
     { PIPE_FORMAT_DXT1_RGBA } },
   { GL_COMPRESSED_RGBA_S3TC_DXT3_EXT, GL_RGBA, DESK, F_COMPRESSED,
     { PIPE_FORMAT_DXT3_RGBA } },
   { GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, GL_RGBA, DESK, F_COMPRESSED,
     { PIPE_FORMAT_DXT5_RGBA } },
   { GL_COMPRESSED_SRGB_S3TC_DXT1_EXT, GL_RGB, DESK, F_COMPRESSED,
     { PIPE_FORMAT_DXT1_SRGB } },
   { GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT1_EXT, GL_RGBA, DESK, F_COMPRESSED,
     { PIPE_FORMAT_DXT1_SRGBA } },
   { GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT3_EXT, GL_RGBA, DESK, F_COMPRESSED,
     { PIPE_FORMAT_DXT3_SRGBA } },
   { GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT5_EXT, GL_RGBA, DESK, F_COMPRESSED,
     { PIPE_FORMAT_DXT5_SRGBA } },
   /* ES 3.0 ETC2 / EAC (annex C; ARB_ES3_compatibility) and
    * OES_compressed_ETC1_RGB8_texture. */
   { GL_COMPRESSED_RGB8_ETC2, GL_RGB, ETC2, F_COMPRESSED,
     { PIPE_FORMAT_ETC2_RGB8 } },
   { GL_COMPRESSED_SRGB8_ETC2, GL_RGB, ETC2, F_COMPRESSED,
     { PIPE_FORMAT_ETC2_SRGB8 } },
   { GL_COMPRESSED_RGB8_PUNCHTHROUGH_ALPHA1_ETC2, GL_RGBA, ETC2, F_COMPRESSED,
     { PIPE_FORMAT_ETC2_RGB8A1 } },
   { GL_COMPRESSED_SRGB8_PUNCHTHROUGH_ALPHA1_ETC2, GL_RGBA, ETC2, F_COMPRESSED,
     { PIPE_FORMAT_ETC2_SRGB8A1 } },
   { GL_COMPRESSED_RGBA8_ETC2_EAC, GL_RGBA, ETC2, F_COMPRESSED,
     { PIPE_FORMAT_ETC2_RGBA8 } },
   { GL_COMPRESSED_SRGB8_ALPHA8_ETC2_EAC, GL_RGBA, ETC2, F_COMPRESSED,
     { PIPE_FORMAT_ETC2_SRGBA8 } },
   { GL_COMPRESSED_R11_EAC, GL_RED, ETC2, F_COMPRESSED,
     { PIPE_FORMAT_ETC2_R11_UNORM } },
   { GL_COMPRESSED_SIGNED_R11_EAC, GL_RED, ETC2, F_COMPRESSED,
     { PIPE_FORMAT_ETC2_R11_SNORM } },
   { GL_COMPRESSED_RG11_EAC, GL_RG, ETC2, F_COMPRESSED,
     { PIPE_FORMAT_ETC2_RG11_UNORM } },
   { GL_COMPRESSED_SIGNED_RG11_EAC, GL_RG, ETC2, F_COMPRESSED,
     { PIPE_FORMAT_ETC2_RG11_SNORM } },
   { GL_ETC1_RGB8_OES, GL_RGB, ES, F_COMPRESSED, { PIPE_FORMAT_ETC1_RGB8 } },
};
/* clang-format on */

static const struct format_info *
find(GLenum internal_format)
{
   for (size_t i = 0; i < sizeof(formats) / sizeof(formats[0]); i++) {
      if (formats[i].internal_format == internal_format)
         return &formats[i];
   }
   return NULL;
}

GLenum
st_base_format(GLenum internal_format)
{
   const struct format_info *info = find(internal_format);
   return info ? info->base_format : 0;
}

bool
st_format_is_integer(GLenum internal_format)
{
   const struct format_info *info = find(internal_format);
   return info && (info->flags & F_INT);
}

bool
st_format_is_compressed(GLenum internal_format)
{
   const struct format_info *info = find(internal_format);
   return info && (info->flags & F_COMPRESSED);
}

bool
st_format_is_valid(struct st_context *ctx, GLenum internal_format)
{
   const struct format_info *info = find(internal_format);
   return info && (info->apis & ctx->api_bits);
}

/* ES 3.0 table 3.3: an unsized internal format with a packed type names
 * the sized format of that packing. */
static GLenum
sized_from_type(GLenum internal_format, GLenum type)
{
   switch (internal_format) {
   case GL_RGBA:
      if (type == GL_UNSIGNED_SHORT_4_4_4_4)
         return GL_RGBA4;
      if (type == GL_UNSIGNED_SHORT_5_5_5_1)
         return GL_RGB5_A1;
      if (type == GL_UNSIGNED_INT_2_10_10_10_REV)
         return GL_RGB10_A2;
      return internal_format;
   case GL_RGB:
      if (type == GL_UNSIGNED_SHORT_5_6_5)
         return GL_RGB565;
      return internal_format;
   case GL_DEPTH_COMPONENT:
      /* Float data does not make the texture float: desktop GL keeps an
       * unsized depth format fixed-point (shadow comparisons then clamp
       * the reference), and ES 3.0 has no FLOAT row for it. */
      if (type == GL_UNSIGNED_SHORT)
         return GL_DEPTH_COMPONENT16;
      return internal_format;
   case GL_DEPTH_STENCIL:
      if (type == GL_FLOAT_32_UNSIGNED_INT_24_8_REV)
         return GL_DEPTH32F_STENCIL8;
      return internal_format;
   default:
      return internal_format;
   }
}

enum pipe_format
st_choose_format(struct st_context *ctx, GLenum internal_format, GLenum format,
                 GLenum type, unsigned target, unsigned bind)
{
   const struct format_info *info = find(internal_format);
   if (!info || !(info->apis & ctx->api_bits))
      return PIPE_FORMAT_NONE;
   /* The type alone tells the packing an unsized format asks for; the
    * client format adds nothing the internal format does not say. */
   (void)format;
   const struct format_info *sized =
      find(sized_from_type(internal_format, type));
   if (sized)
      info = sized;

   /* Callers may pass a GL target; anything that is not a pipe target is
    * asked about as a 2D texture. */
   enum pipe_texture_target ptarget = target < PIPE_MAX_TEXTURE_TYPES
                                         ? (enum pipe_texture_target)target
                                         : PIPE_TEXTURE_2D;
   for (unsigned i = 0; i < 3 && info->pipe[i] != PIPE_FORMAT_NONE; i++) {
      if (ctx->screen->is_format_supported(ctx->screen, info->pipe[i], ptarget,
                                           0, bind))
         return info->pipe[i];
   }
   return PIPE_FORMAT_NONE;
}

/* Which channel of the texel supplies GL component @p c (0..3 RGBA), or
 * -1; depth is channel swizzle[0] and stencil swizzle[1] of ZS formats. */
static int
source_channel(const struct u_format_desc *d, unsigned c)
{
   enum u_format_swizzle s = d->swizzle[c];
   return s <= U_FORMAT_SWIZZLE_W ? (int)s : -1;
}

int
st_format_legacy_channel(enum pipe_format format, GLenum base_format,
                         unsigned component)
{
   const struct u_format_desc *d = u_format_description(format);
   if (!d || (base_format != GL_ALPHA && base_format != GL_LUMINANCE &&
              base_format != GL_LUMINANCE_ALPHA && base_format != GL_INTENSITY))
      return -2;
   /* L8, A8, I8, L8A8... decode themselves: their R and G channels
    * differ in the descriptor's swizzle only for red/green storage. */
   if (d->swizzle[0] == d->swizzle[1])
      return -2;
   switch (base_format) {
   case GL_ALPHA:
      return component == 3 ? 0 : -1;
   case GL_LUMINANCE_ALPHA:
      return component == 3 ? 1 : component < 3 ? 0 : -1;
   default:
      return component < 3 || base_format == GL_INTENSITY ? 0 : -1;
   }
}

unsigned
st_format_component_bits(enum pipe_format format, GLenum base_format,
                         GLenum component)
{
   const struct u_format_desc *d = u_format_description(format);
   if (!d || format == PIPE_FORMAT_NONE)
      return 0;
   bool zs = d->colorspace == U_FORMAT_COLORSPACE_ZS;
   int ch = -1;
   switch (component) {
   case GL_RED:
   case GL_GREEN:
   case GL_BLUE:
   case GL_ALPHA: {
      if (zs)
         return 0;
      unsigned c = component == GL_RED     ? 0
                   : component == GL_GREEN ? 1
                   : component == GL_BLUE  ? 2
                                           : 3;
      /* Components the base format lacks read as constants. */
      bool has = false;
      switch (base_format) {
      case GL_RED:
         has = c == 0;
         break;
      case GL_RG:
         has = c <= 1;
         break;
      case GL_RGB:
         has = c <= 2;
         break;
      case GL_ALPHA:
         has = c == 3;
         break;
      case GL_LUMINANCE:
      case GL_INTENSITY:
         has = false;
         break;
      case GL_LUMINANCE_ALPHA:
         has = c == 3;
         break;
      default:
         has = true;
         break;
      }
      if (!has)
         return 0;
      int legacy = st_format_legacy_channel(format, base_format, c);
      ch = legacy == -2 ? source_channel(d, c) : legacy;
      break;
   }
   case GL_LUMINANCE:
      if (base_format != GL_LUMINANCE && base_format != GL_LUMINANCE_ALPHA)
         return 0;
      ch = d->swizzle[0] == d->swizzle[1] ? source_channel(d, 0) : 0;
      break;
   case GL_INTENSITY:
      if (base_format != GL_INTENSITY)
         return 0;
      ch = d->swizzle[0] == d->swizzle[1] ? source_channel(d, 0) : 0;
      break;
   case GL_DEPTH_COMPONENT:
      if (!d->is_depth)
         return 0;
      ch = (int)d->swizzle[0];
      break;
   case GL_STENCIL_INDEX:
      if (!d->is_stencil)
         return 0;
      ch = (int)d->swizzle[1];
      break;
   default:
      return 0;
   }
   if (ch < 0 || ch > 3)
      return 0;
   if (d->is_compressed)
      return 8;
   if (d->layout == U_FORMAT_LAYOUT_RGB9E5)
      return 9;
   return d->channel[ch].size;
}

GLenum
st_format_component_type(enum pipe_format format, GLenum component)
{
   const struct u_format_desc *d = u_format_description(format);
   if (!d || format == PIPE_FORMAT_NONE)
      return GL_NONE;
   int ch;
   if (component == GL_DEPTH_COMPONENT) {
      if (!d->is_depth)
         return GL_NONE;
      ch = (int)d->swizzle[0];
   } else {
      unsigned c = component == GL_GREEN   ? 1
                   : component == GL_BLUE  ? 2
                   : component == GL_ALPHA ? 3
                                           : 0;
      if (d->colorspace == U_FORMAT_COLORSPACE_ZS)
         return GL_NONE;
      ch = source_channel(d, c);
   }
   if (ch < 0 || ch > 3)
      return GL_NONE;
   if (d->layout == U_FORMAT_LAYOUT_RGB9E5)
      return GL_FLOAT;
   switch (d->channel[ch].type) {
   case U_FORMAT_TYPE_UNORM:
      return GL_UNSIGNED_NORMALIZED;
   case U_FORMAT_TYPE_SNORM:
      return GL_SIGNED_NORMALIZED;
   case U_FORMAT_TYPE_UINT:
      return GL_UNSIGNED_INT;
   case U_FORMAT_TYPE_SINT:
      return GL_INT;
   case U_FORMAT_TYPE_FLOAT:
      return GL_FLOAT;
   default:
      return GL_NONE;
   }
}
