/* SPDX-License-Identifier: MIT */

/*
 * RGTC1/RGTC2 encoding (ARB_texture_compression_rgtc block layout, GL 4.6
 * core appendix C.1), for glTexImage* calls that give uncompressed data
 * for an RGTC internal format: the GL compresses.
 *
 * Each channel block takes the largest and smallest value of its 16
 * texels as endpoints (endpoint 0 > endpoint 1 selects the 8-value mode)
 * and each texel the index of the nearest of the 8 values.  Texels past
 * the image's edge repeat the last row or column.  Simple and exact at
 * the endpoints; not the best encoder for gradients.
 */
#include <math.h>
#include <string.h>

#include "st_texture_priv.h"

/* One 8-byte channel block from 16 values in [0, 255] or [-127, 127]. */
static void
encode_channel(const float v[16], bool snorm, uint8_t out[8])
{
   int q[16];
   int lo = snorm ? 127 : 255, hi = snorm ? -127 : 0;
   for (unsigned i = 0; i < 16; i++) {
      float f = v[i];
      f = snorm ? (f < -1.0f  ? -1.0f
                   : f > 1.0f ? 1.0f
                              : f) *
                     127.0f
                : (f < 0.0f   ? 0.0f
                   : f > 1.0f ? 1.0f
                              : f) *
                     255.0f;
      q[i] = (int)lrintf(f);
      lo = q[i] < lo ? q[i] : lo;
      hi = q[i] > hi ? q[i] : hi;
   }
   out[0] = (uint8_t)(int8_t)hi;
   out[1] = (uint8_t)(int8_t)lo;
   uint64_t bits = 0;
   if (hi != lo) {
      /* Index 0: endpoint 0, 1: endpoint 1, i = 2..7: the blend
       * ((8 - i) * e0 + (i - 1) * e1) / 7. */
      float pal[8];
      pal[0] = (float)hi;
      pal[1] = (float)lo;
      for (unsigned i = 2; i < 8; i++)
         pal[i] = ((float)(8 - i) * hi + (float)(i - 1) * lo) / 7.0f;
      for (unsigned t = 0; t < 16; t++) {
         unsigned best = 0;
         float best_d = fabsf(pal[0] - (float)q[t]);
         for (unsigned i = 1; i < 8; i++) {
            float dist = fabsf(pal[i] - (float)q[t]);
            if (dist < best_d) {
               best_d = dist;
               best = i;
            }
         }
         bits |= (uint64_t)best << (3 * t);
      }
   }
   for (unsigned b = 0; b < 6; b++)
      out[2 + b] = (uint8_t)(bits >> (8 * b));
}

bool
st_rgtc_encode(enum pipe_format format, const float *rgba, unsigned width,
               unsigned height, uint8_t *dst, size_t dst_stride)
{
   unsigned channels;
   bool snorm;
   switch (format) {
   case PIPE_FORMAT_RGTC1_UNORM:
      channels = 1;
      snorm = false;
      break;
   case PIPE_FORMAT_RGTC1_SNORM:
      channels = 1;
      snorm = true;
      break;
   case PIPE_FORMAT_RGTC2_UNORM:
      channels = 2;
      snorm = false;
      break;
   case PIPE_FORMAT_RGTC2_SNORM:
      channels = 2;
      snorm = true;
      break;
   default:
      return false;
   }
   for (unsigned by = 0; by < (height + 3) / 4; by++) {
      uint8_t *row = dst + by * dst_stride;
      for (unsigned bx = 0; bx < (width + 3) / 4; bx++) {
         for (unsigned c = 0; c < channels; c++) {
            float v[16];
            for (unsigned t = 0; t < 16; t++) {
               unsigned x = bx * 4 + t % 4, y = by * 4 + t / 4;
               x = x < width ? x : width - 1;
               y = y < height ? y : height - 1;
               v[t] = rgba[((size_t)y * width + x) * 4 + c];
            }
            encode_channel(v, snorm, row + (bx * channels + c) * 8);
         }
      }
   }
   return true;
}
