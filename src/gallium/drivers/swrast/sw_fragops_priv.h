/* SPDX-License-Identifier: MIT */

/*
 * Private to sw_fragops*.c: the prepared state of the fragment operations
 * and the small helpers the files share.
 *
 * sw_fragops_prepare() (sw_fragops.c) turns the context's state into a
 * struct sw_fragops_state once per draw: surfaces become base pointers
 * and strides, pipe enums become flags, every per-render-target decision
 * (clamp range, blending, logic op, byte mask of the colour write mask)
 * is taken and a store function is chosen for each render target
 * (sw_fragops_fast.c for 8-bit RGBA/BGRA unorm targets, the general one of
 * sw_fragops_color.c for everything else).  The state is immutable
 * afterwards, so tile threads share it without locks.
 *
 * sw_fragops_depth.c holds the per-quad alpha, depth-bounds, stencil and
 * depth tests; prepare also picks its depth-only fast path (z_layout) when
 * neither stencil nor bounds are tested and the depth bits sit in one of
 * the usual places.
 *
 * Invariant: every fast path produces exactly the bytes of the general
 * path it replaces (the tests compare them), so which one runs never
 * shows in an image.
 */
#ifndef SW_FRAGOPS_PRIV_H
#define SW_FRAGOPS_PRIV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "pipe/p_format.h"
#include "sw_pipeline.h"
#include "u_format_convert.h"

/** One bound surface (a level and a range of layers) as addresses. */
struct sw_fragops_surf {
   /** Texel (0, 0) of sample 0 of the surface's first layer. */
   uint8_t *base;
   /** Bytes between the planes of two samples of a layer. */
   size_t sample_stride;
   /** Bytes between two layers (sample_stride * nr_samples). */
   size_t layer_stride;
   unsigned row_stride;
   /** Bytes per texel. */
   unsigned bpp;
   unsigned width, height;
   /** Layers of the surface (last_layer - first_layer + 1). */
   unsigned num_layers;
   unsigned nr_samples;
};

/** How colour values reach a render target. */
enum sw_fragops_kind {
   /** Normalized or float: float values, blending possible. */
   SW_FRAGOPS_KIND_FLOAT,
   SW_FRAGOPS_KIND_UINT,
   SW_FRAGOPS_KIND_SINT,
};

/** Depth layouts handled without the format table's functions. */
enum sw_fragops_z_layout {
   SW_FRAGOPS_Z_NONE,
   SW_FRAGOPS_Z_UNORM16,    /**< a 16-bit word */
   SW_FRAGOPS_Z_UNORM24_LO, /**< bits 23:0 of a 32-bit word */
   SW_FRAGOPS_Z_UNORM24_HI, /**< bits 31:8 of a 32-bit word */
   SW_FRAGOPS_Z_FLOAT32,    /**< a float in the first 4 bytes */
};

struct sw_fragops_rt;
struct sw_fragops_state;

/** Writes the quad's covered samples into one render target. */
typedef void (*sw_fragops_rt_fn)(const struct sw_fragops_state *fo,
                                 const struct sw_fragops_rt *rt,
                                 const struct sw_quad *q);

/** One blend equation: enum pipe_blend_func and two factors. */
struct sw_fragops_blend_eq {
   unsigned func, src, dst;
};

struct sw_fragops_rt {
   sw_fragops_rt_fn store;
   /** Which colour output (and framebuffer cbufs[] slot). */
   unsigned index;
   const struct u_format_desc *desc;
   struct sw_fragops_surf surf;
   enum sw_fragops_kind kind;

   /** Clamp float sources (and blend inputs) to [clamp_lo, 1]. */
   bool clamp;
   float clamp_lo;
   /** Unorm/snorm (incl. sRGB): the blend constant and the factors are
    * clamped too, to [fixed_lo, 1] (-1 for snorm, 0 for unorm). */
   bool fixed_point;
   float fixed_lo;

   bool blend;
   struct sw_fragops_blend_eq rgb, alpha;
   /** The blend constant, clamped like a factor for fixed-point targets. */
   float blend_color[4];
   /** Blending reads the destination (false for e.g. ONE, ZERO). */
   bool blend_reads_dst;
   /** Blending uses the second colour output. */
   bool dual_source;

   bool logicop;
   unsigned logicop_func;

   /** PIPE_MASK_RGBA bits. */
   unsigned colormask;
   /** Every bit of the texel is written (no read-modify-write). */
   bool full_mask;
   /** Bits of the texel that the colour mask lets through. */
   uint8_t byte_mask[16];
};

struct sw_fragops_state {
   unsigned num_samples;
   /** ANDed into every coverage mask: the sample mask (multisample) or
    * bit 0 (single-sampled). */
   uint8_t coverage_mask;
   /** The multisample fragment operations apply (sample mask, alpha to
    * coverage, alpha to one). */
   bool multisample;
   bool clamp_fragment_color;

   bool alpha_test;
   unsigned alpha_func;
   float alpha_ref;
   bool alpha_to_coverage;
   bool alpha_to_one;

   /** Depth bounds, stencil or depth work to do per sample. */
   bool zs_active;
   const struct u_format_desc *zs_desc;
   struct sw_fragops_surf zs;
   bool depth_test;
   bool depth_write;
   unsigned depth_func;
   /** Float depth buffer; otherwise unorm of depth_bits bits compared as
    * 32-bit unorm values (u_format_unorm_to_unorm32()). */
   bool depth_float;
   unsigned depth_bits;
   /** Where the depth bits are, for the depth-only fast path
    * (SW_FRAGOPS_Z_NONE: use the format's functions). */
   enum sw_fragops_z_layout z_layout;
   bool bounds_test;
   float bounds_min, bounds_max;
   bool stencil_test;
   struct {
      unsigned func;
      unsigned fail_op, zfail_op, zpass_op;
      uint8_t valuemask, writemask, ref;
   } face[2]; /**< front, back (a copy of front when one-sided) */

   unsigned num_rts;
   struct sw_fragops_rt rt[PIPE_MAX_COLOR_BUFS];
   /** 8-bit unorm code to float, exactly u_format_unorm_to_float(v, 8). */
   float unorm8[256];
};

/* sw_fragops_color.c */
void sw_fragops_rt_general(const struct sw_fragops_state *fo,
                           const struct sw_fragops_rt *rt,
                           const struct sw_quad *q);
/** Blends one colour (@p src, @p src1, @p dst already clamped as the
 * target needs) into @p out. */
void sw_fragops_blend(const struct sw_fragops_rt *rt, const float src[4],
                      const float src1[4], const float dst[4], float out[4]);

/* sw_fragops_fast.c */
/** A specialised store for @p rt, or NULL if none applies. */
sw_fragops_rt_fn sw_fragops_rt_choose_fast(const struct sw_fragops_rt *rt);

/**
 * Addresses of the quad's four pixels in sample 0 of @p s (NULL for
 * pixels outside the surface); false when the quad's layer is not in the
 * surface (the fragment then has no effect on it).
 */
static inline bool
sw_fragops_quad_texels(const struct sw_fragops_surf *s, const struct sw_quad *q,
                       uint8_t *px[4])
{
   if (q->layer >= s->num_layers)
      return false;
   uint8_t *row = s->base + (size_t)q->layer * s->layer_stride +
                  (size_t)q->y * s->row_stride + (size_t)q->x * s->bpp;
   for (unsigned i = 0; i < 4; i++) {
      unsigned x = q->x + (i & 1), y = q->y + (i >> 1);
      px[i] = x < s->width && y < s->height
                 ? row + (i >> 1) * s->row_stride + (i & 1) * s->bpp
                 : NULL;
   }
   return true;
}

/**
 * enum pipe_compare_func on a total order: bit 0 passes "less", bit 1
 * "equal", bit 2 "greater".
 */
static inline bool
sw_fragops_compare_u32(unsigned func, uint32_t a, uint32_t b)
{
   unsigned bit = a < b ? 1u : a == b ? 2u : 4u;
   return (func & bit) != 0;
}

/** The same for floats: with a NaN operand only ALWAYS and NOTEQUAL
 * pass (IEEE comparisons). */
static inline bool
sw_fragops_compare_f32(unsigned func, float a, float b)
{
   unsigned bit = a < b ? 1u : a == b ? 2u : a > b ? 4u : 0u;
   if (!bit)
      return func == PIPE_FUNC_ALWAYS || func == PIPE_FUNC_NOTEQUAL;
   return (func & bit) != 0;
}

static inline float
sw_fragops_clampf(float v, float lo, float hi)
{
   /* NaN becomes lo, like the unorm conversions of u_format_convert.h. */
   return v > lo ? (v < hi ? v : hi) : lo;
}

static inline float
sw_fragops_as_float(uint32_t bits)
{
   return u_format_bits_to_float(bits);
}

/**
 * u_format_float_to_unorm(f, bits) for max = 2^bits - 1 <= 2^24 - 1,
 * without branches or the call to floor(): NaN and negative values give
 * 0 and values above 1 give max through the clamps (maxss/minss), and for
 * c in [0, 1] the argument of floor is positive, so truncation gives the
 * same result.  c * max is exact in double.
 */
static inline uint32_t
sw_fragops_float_to_unorm(float f, uint32_t max)
{
   float c = f > 0.0f ? f : 0.0f;
   c = c < 1.0f ? c : 1.0f;
   return (uint32_t)((double)c * (double)max + 0.5);
}

static inline uint32_t
sw_fragops_float_to_unorm8(float f)
{
   return sw_fragops_float_to_unorm(f, 255);
}

/** Set bits of a coverage mask (at most SW_MAX_SAMPLES = 4 bits). */
static inline unsigned
sw_fragops_coverage_count(unsigned cov)
{
   return (unsigned)(0x4332322132212110ull >> ((cov & 0xfu) * 4)) & 0xfu;
}

#endif
