/* SPDX-License-Identifier: MIT */

/*
 * Resources of the CPU driver: one malloc'd block per resource and the
 * memory layout every part of the driver (transfers, clears, blits, the
 * sampler, the fragment stage) reads and writes through.
 *
 * Layout
 * ------
 * A buffer is width0 bytes at data.
 *
 * A texture stores its levels one after another.  Level l starts at
 * level_offset[l]; it has level_layers[l] layers of nr_samples planes each.
 * Layers are array layers (1D/2D arrays), the 6 faces of a cube (layer =
 * face, enum pipe_cube_face order), 6 * n faces of a cube array (cube c,
 * face f at layer 6 * c + f) or the slices of a 3D texture (so a 3D
 * texture has fewer layers at higher levels: level_layers[l] = minify(depth0,
 * l)).  A plane is the image of one sample of one layer: rows of blocks
 * (rows of texels for plain formats, rows of 4x4 blocks for compressed
 * formats) row_stride[l] bytes apart; within a row, blocks are tightly
 * packed (block_bytes each).  Sample s of layer z of level l starts at
 *
 *    level_offset[l] + (z * nr_samples + s) * layer_stride[l]
 *
 * and layer_stride[l] >= row_stride[l] * rows.  Single-sampled resources
 * have nr_samples = 1.  Every offset and stride is a multiple of 16, so
 * rows may be read with aligned vector loads; the bytes of padding have no
 * meaning.  Use sw_resource_texel() rather than computing addresses by
 * hand.
 *
 * The contents start zeroed.
 */
#ifndef SW_RESOURCE_H
#define SW_RESOURCE_H

#include <stddef.h>
#include <stdint.h>

#include "pipe/p_state.h"

struct sw_context;
struct sw_screen;

/** Alignment of offsets and strides in bytes. */
#define SW_RESOURCE_ALIGN 16

struct sw_resource {
   struct pipe_resource base;
   /** The whole resource (buffers: width0 bytes plus padding). */
   uint8_t *data;
   size_t size;
   /** max(1, base.nr_samples). */
   unsigned nr_samples;
   /** Per level: see the file comment. */
   size_t level_offset[PIPE_MAX_TEXTURE_LEVELS];
   unsigned row_stride[PIPE_MAX_TEXTURE_LEVELS];
   size_t layer_stride[PIPE_MAX_TEXTURE_LEVELS];
   unsigned level_layers[PIPE_MAX_TEXTURE_LEVELS];
   /** Size of each level in texels. */
   unsigned level_width[PIPE_MAX_TEXTURE_LEVELS];
   unsigned level_height[PIPE_MAX_TEXTURE_LEVELS];
   /** Block size of the format (1x1 for plain formats, 4x4 compressed). */
   unsigned block_width, block_height, block_bytes;
};

static inline struct sw_resource *
sw_resource(struct pipe_resource *res)
{
   return (struct sw_resource *)res;
}

/**
 * Address of the block holding texel (@p x, @p y) of sample @p sample of
 * layer (or slice) @p layer of level @p level.  Buffers: byte @p x.  No
 * bounds checking: callers clip.
 */
static inline uint8_t *
sw_resource_texel(const struct sw_resource *res, unsigned level, unsigned layer,
                  unsigned sample, unsigned x, unsigned y)
{
   if (res->base.target == PIPE_BUFFER)
      return res->data + x;
   return res->data + res->level_offset[level] +
          ((size_t)layer * res->nr_samples + sample) *
             res->layer_stride[level] +
          (size_t)(y / res->block_height) * res->row_stride[level] +
          (size_t)(x / res->block_width) * res->block_bytes;
}

/** Sets the resource functions of the screen (resource_create...). */
void sw_init_screen_resource_functions(struct pipe_screen *screen);
/** Sets the transfer functions of the context (buffer_map...). */
void sw_init_context_resource_functions(struct pipe_context *ctx);

/**
 * Fills @p res's layout from its base template; false if the template is
 * invalid (bad target/size combination, unsupported format, too big).
 * Exposed for tests.
 */
bool sw_resource_layout(struct sw_resource *res);

#endif
