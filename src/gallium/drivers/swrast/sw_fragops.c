/* SPDX-License-Identifier: MIT */

/*
 * Preparing the fragment operations of a draw (sw_pipeline.h).
 *
 * Everything that does not change during a draw is decided here, once:
 * which tests run (a test whose outcome is fixed is dropped: depth ALWAYS
 * without writes, alpha ALWAYS), the address arithmetic of every surface,
 * each render target's clamp range, whether it blends, uses the logic op
 * or neither, the bytes its colour mask lets through, and the store
 * function that handles it (a specialised one from sw_fragops_fast.c when
 * the target is 8-bit RGBA/BGRA unorm, else the general one).  Render
 * targets that cannot change (no surface, nothing let through by the
 * colour mask) are left out, so the per-quad loops only see real work.
 *
 * Rules applied here (GL 4.6 core unless noted):
 * - Multisample fragment operations (sample mask, alpha to coverage,
 *   alpha to one) only act when the framebuffer is multisampled and the
 *   rasterizer's multisample flag is on.
 * - Logical Operation: the logic op applies to fixed-point and integer
 *   targets; on float and sRGB targets it does nothing but still disables
 *   blending.
 * - 17.3.6 Blending: blending applies to float-valued targets only (not
 *   integer ones); for fixed-point targets inputs and factors are clamped
 *   to the target's range.
 * - Two-sided stencil: stencil[1] and ref_value[1] are used for back faces
 *   when stencil[1].enabled, otherwise the front state applies to both.
 */
#include <stdlib.h>
#include <string.h>

#include "sw_fragops_priv.h"
#include "sw_resource.h"

/** Fills @p out from @p ps; false if the surface cannot be addressed. */
static bool
surf_init(struct sw_fragops_surf *out, const struct pipe_surface *ps,
          const struct u_format_desc *desc)
{
   if (!ps->resource || ps->resource->target == PIPE_BUFFER)
      return false;
   const struct sw_resource *res = sw_resource(ps->resource);
   unsigned level = ps->level;
   if (level > res->base.last_level || desc->is_compressed ||
       desc->block_bytes != res->block_bytes || !res->data)
      return false;
   unsigned layers = res->level_layers[level];
   if (ps->first_layer >= layers || ps->last_layer < ps->first_layer)
      return false;
   out->base = sw_resource_texel(res, level, ps->first_layer, 0, 0, 0);
   out->sample_stride = res->layer_stride[level];
   out->layer_stride = out->sample_stride * res->nr_samples;
   out->row_stride = res->row_stride[level];
   out->bpp = desc->block_bytes;
   out->width = res->level_width[level];
   out->height = res->level_height[level];
   unsigned last = ps->last_layer < layers ? ps->last_layer : layers - 1;
   out->num_layers = last - ps->first_layer + 1;
   out->nr_samples = res->nr_samples;
   return true;
}

static unsigned
surface_samples(const struct pipe_surface *ps)
{
   if (!ps || !ps->resource)
      return 0;
   return sw_resource(ps->resource)->nr_samples;
}

/** The first non-void channel of @p desc. */
static const struct u_format_channel *
first_channel(const struct u_format_desc *desc)
{
   for (unsigned c = 0; c < desc->nr_channels; c++) {
      if (desc->channel[c].type != U_FORMAT_TYPE_VOID)
         return &desc->channel[c];
   }
   return NULL;
}

static bool
factor_reads_dst(unsigned f)
{
   return f == PIPE_BLENDFACTOR_DST_ALPHA || f == PIPE_BLENDFACTOR_DST_COLOR ||
          f == PIPE_BLENDFACTOR_INV_DST_ALPHA ||
          f == PIPE_BLENDFACTOR_INV_DST_COLOR ||
          f == PIPE_BLENDFACTOR_SRC_ALPHA_SATURATE;
}

static bool
factor_is_src1(unsigned f)
{
   return f == PIPE_BLENDFACTOR_SRC1_COLOR ||
          f == PIPE_BLENDFACTOR_SRC1_ALPHA ||
          f == PIPE_BLENDFACTOR_INV_SRC1_COLOR ||
          f == PIPE_BLENDFACTOR_INV_SRC1_ALPHA;
}

static bool
eq_reads_dst(const struct sw_fragops_blend_eq *eq)
{
   if (eq->func == PIPE_BLEND_MIN || eq->func == PIPE_BLEND_MAX)
      return true;
   return eq->dst != PIPE_BLENDFACTOR_ZERO || factor_reads_dst(eq->src);
}

static bool
eq_uses_src1(const struct sw_fragops_blend_eq *eq)
{
   if (eq->func == PIPE_BLEND_MIN || eq->func == PIPE_BLEND_MAX)
      return false;
   return factor_is_src1(eq->src) || factor_is_src1(eq->dst);
}

/**
 * Sets byte_mask and full_mask of @p rt from its colour mask: channel c
 * is written if the first of R, G, B, A that reads it (which is also the
 * component that packs it, u_format_gen.py) is enabled.
 */
static void
init_write_mask(struct sw_fragops_rt *rt)
{
   const struct u_format_desc *desc = rt->desc;
   bool all = true, any = false;
   memset(rt->byte_mask, 0, sizeof(rt->byte_mask));
   for (unsigned c = 0; c < desc->nr_channels; c++) {
      const struct u_format_channel *ch = &desc->channel[c];
      if (ch->type == U_FORMAT_TYPE_VOID)
         continue;
      int comp = -1;
      for (unsigned j = 0; j < 4 && comp < 0; j++) {
         if (desc->swizzle[j] == (enum u_format_swizzle)c)
            comp = (int)j;
      }
      if (comp < 0 || !(rt->colormask & (1u << comp))) {
         all = false;
         continue;
      }
      any = true;
      for (unsigned b = ch->shift; b < (unsigned)ch->shift + ch->size; b++) {
         if (b / 8 < sizeof(rt->byte_mask))
            rt->byte_mask[b / 8] |= (uint8_t)(1u << (b % 8));
      }
   }
   rt->full_mask = all;
   if (!any)
      rt->colormask = 0;
}

static bool
format_is_renderable(const struct u_format_desc *desc)
{
   if (desc->is_compressed || desc->is_depth || desc->is_stencil ||
       desc->block_bytes > 16)
      return false;
   if (desc->is_pure_uint)
      return desc->pack_rgba_uint && desc->unpack_rgba_uint;
   if (desc->is_pure_sint)
      return desc->pack_rgba_sint && desc->unpack_rgba_sint;
   return desc->pack_rgba_float && desc->unpack_rgba_float;
}

/** Prepares render target @p index; false if it will never be written. */
static bool
init_rt(struct sw_fragops_state *fo, const struct sw_context *sw,
        unsigned index, struct sw_fragops_rt *rt)
{
   memset(rt, 0, sizeof(*rt));
   const struct pipe_surface *ps = sw->framebuffer.cbufs[index];
   if (!ps)
      return false;
   const struct u_format_desc *desc = u_format_description(ps->format);
   if (!desc || !format_is_renderable(desc) || !surf_init(&rt->surf, ps, desc))
      return false;

   const struct pipe_blend_state *blend = sw->blend ? &sw->blend->base : NULL;
   const struct pipe_rt_blend_state *rb = NULL;
   if (blend)
      rb = &blend->rt[blend->independent_blend_enable ? index : 0];

   rt->index = index;
   rt->desc = desc;
   rt->colormask = rb ? rb->colormask & PIPE_MASK_RGBA : PIPE_MASK_RGBA;
   init_write_mask(rt);
   if (!rt->colormask)
      return false;

   rt->kind = desc->is_pure_uint   ? SW_FRAGOPS_KIND_UINT
              : desc->is_pure_sint ? SW_FRAGOPS_KIND_SINT
                                   : SW_FRAGOPS_KIND_FLOAT;
   const struct u_format_channel *ch = first_channel(desc);
   bool unorm = ch && ch->type == U_FORMAT_TYPE_UNORM;
   bool snorm = ch && ch->type == U_FORMAT_TYPE_SNORM;
   bool srgb = desc->colorspace == U_FORMAT_COLORSPACE_SRGB;
   rt->fixed_point = unorm || snorm;
   rt->fixed_lo = snorm ? -1.0f : 0.0f;
   rt->clamp = rt->kind == SW_FRAGOPS_KIND_FLOAT &&
               (rt->fixed_point || fo->clamp_fragment_color);
   rt->clamp_lo = snorm && !fo->clamp_fragment_color ? -1.0f : 0.0f;

   bool logicop_on = blend && blend->logicop_enable;
   rt->logicop = logicop_on && !srgb &&
                 (rt->fixed_point || rt->kind != SW_FRAGOPS_KIND_FLOAT) &&
                 blend->logicop_func != PIPE_LOGICOP_COPY;
   rt->logicop_func = logicop_on ? blend->logicop_func : PIPE_LOGICOP_COPY;

   rt->blend = !logicop_on && rb && rb->blend_enable &&
               rt->kind == SW_FRAGOPS_KIND_FLOAT;
   if (rt->blend) {
      rt->rgb = (struct sw_fragops_blend_eq){ rb->rgb_func, rb->rgb_src_factor,
                                              rb->rgb_dst_factor };
      rt->alpha =
         (struct sw_fragops_blend_eq){ rb->alpha_func, rb->alpha_src_factor,
                                       rb->alpha_dst_factor };
      rt->blend_reads_dst = eq_reads_dst(&rt->rgb) || eq_reads_dst(&rt->alpha);
      for (unsigned c = 0; c < 4; c++) {
         float k = sw->blend_color.color[c];
         rt->blend_color[c] =
            rt->fixed_point ? sw_fragops_clampf(k, rt->fixed_lo, 1.0f) : k;
      }
      rt->dual_source = eq_uses_src1(&rt->rgb) || eq_uses_src1(&rt->alpha);
   }

   sw_fragops_rt_fn fast = sw_fragops_rt_choose_fast(rt);
   rt->store = fast ? fast : sw_fragops_rt_general;
   return true;
}

/** The layout of @p desc's depth bits if the depth-only fast path of
 * sw_fragops_depth.c knows it. */
static enum sw_fragops_z_layout
depth_layout(const struct u_format_desc *desc)
{
   const struct u_format_channel *ch = &desc->channel[desc->swizzle[0]];
   if (ch->type == U_FORMAT_TYPE_FLOAT && ch->size == 32 && ch->shift == 0)
      return SW_FRAGOPS_Z_FLOAT32;
   if (ch->type != U_FORMAT_TYPE_UNORM)
      return SW_FRAGOPS_Z_NONE;
   if (ch->size == 16 && ch->shift == 0 && desc->block_bytes == 2)
      return SW_FRAGOPS_Z_UNORM16;
   if (ch->size == 24 && desc->block_bytes == 4)
      return ch->shift == 0   ? SW_FRAGOPS_Z_UNORM24_LO
             : ch->shift == 8 ? SW_FRAGOPS_Z_UNORM24_HI
                              : SW_FRAGOPS_Z_NONE;
   return SW_FRAGOPS_Z_NONE;
}

static void
init_depth_stencil(struct sw_fragops_state *fo, const struct sw_context *sw)
{
   const struct pipe_surface *ps = sw->framebuffer.zsbuf;
   const struct pipe_depth_stencil_alpha_state *dsa =
      sw->dsa ? &sw->dsa->base : NULL;
   if (!ps || !dsa)
      return;
   const struct u_format_desc *desc = u_format_description(ps->format);
   if (!desc || !surf_init(&fo->zs, ps, desc))
      return;
   fo->zs_desc = desc;

   bool has_depth = desc->is_depth && desc->unpack_z_float &&
                    desc->pack_z_float && desc->unpack_z_uint32 &&
                    desc->pack_z_uint32;
   bool has_stencil =
      desc->is_stencil && desc->unpack_s_uint8 && desc->pack_s_uint8;

   if (has_depth) {
      const struct u_format_channel *ch = &desc->channel[desc->swizzle[0]];
      fo->depth_float = ch->type == U_FORMAT_TYPE_FLOAT;
      fo->depth_bits = ch->size;
      fo->depth_func = dsa->depth.func;
      fo->depth_write = dsa->depth.enabled && dsa->depth.writemask;
      fo->depth_test = dsa->depth.enabled &&
                       (fo->depth_write || dsa->depth.func != PIPE_FUNC_ALWAYS);
      fo->bounds_test = dsa->depth.bounds_test;
      fo->bounds_min = dsa->depth.bounds_min;
      fo->bounds_max = dsa->depth.bounds_max;
   }

   if (has_stencil && dsa->stencil[0].enabled) {
      fo->stencil_test = true;
      for (unsigned f = 0; f < 2; f++) {
         unsigned src = f == 1 && dsa->stencil[1].enabled ? 1 : 0;
         const struct pipe_stencil_state *st = &dsa->stencil[src];
         fo->face[f].func = st->func;
         fo->face[f].fail_op = st->fail_op;
         fo->face[f].zfail_op = st->zfail_op;
         fo->face[f].zpass_op = st->zpass_op;
         fo->face[f].valuemask = st->valuemask;
         fo->face[f].writemask = st->writemask;
         fo->face[f].ref = sw->stencil_ref.ref_value[src];
      }
   }

   fo->zs_active = fo->depth_test || fo->bounds_test || fo->stencil_test;
   if (fo->depth_test && !fo->bounds_test && !fo->stencil_test)
      fo->z_layout = depth_layout(desc);
}

static bool
cbuf0_is_integer(const struct pipe_framebuffer_state *fb)
{
   if (!fb->nr_cbufs || !fb->cbufs[0])
      return false;
   const struct u_format_desc *desc =
      u_format_description(fb->cbufs[0]->format);
   return desc && (desc->is_pure_uint || desc->is_pure_sint);
}

struct sw_fragops_state *
sw_fragops_prepare(const struct sw_context *sw)
{
   struct sw_fragops_state *fo = calloc(1, sizeof(*fo));
   if (!fo)
      return NULL;

   const struct pipe_framebuffer_state *fb = &sw->framebuffer;
   unsigned samples = surface_samples(fb->zsbuf);
   for (unsigned i = 0; i < fb->nr_cbufs && i < PIPE_MAX_COLOR_BUFS; i++) {
      unsigned s = surface_samples(fb->cbufs[i]);
      samples = s > samples ? s : samples;
   }
   if (!samples)
      samples = fb->samples;
   fo->num_samples = samples > 1 ? SW_MAX_SAMPLES : 1;

   const struct pipe_rasterizer_state *rast =
      sw->rasterizer ? &sw->rasterizer->base : NULL;
   const struct pipe_blend_state *blend = sw->blend ? &sw->blend->base : NULL;
   fo->multisample = fo->num_samples > 1 && (!rast || rast->multisample);
   if (fo->num_samples == 1)
      fo->coverage_mask = 1;
   else if (fo->multisample)
      fo->coverage_mask = (uint8_t)(sw->sample_mask & 0xfu);
   else
      fo->coverage_mask = 0xf;
   fo->clamp_fragment_color = rast && rast->clamp_fragment_color;
   /* GL 4.6 core, multisample fragment operations: "If draw buffer zero
    * ... has an integer format, the SAMPLE_ALPHA_TO_COVERAGE and
    * SAMPLE_ALPHA_TO_ONE operations are skipped"; likewise the alpha test
    * (EXT_texture_integer: it always passes). */
   bool alpha_ok = !cbuf0_is_integer(fb);
   fo->alpha_to_coverage =
      alpha_ok && fo->multisample && blend && blend->alpha_to_coverage;
   fo->alpha_to_one =
      alpha_ok && fo->multisample && blend && blend->alpha_to_one;

   if (alpha_ok && sw->dsa && sw->dsa->base.alpha.enabled &&
       sw->dsa->base.alpha.func != PIPE_FUNC_ALWAYS) {
      fo->alpha_test = true;
      fo->alpha_func = sw->dsa->base.alpha.func;
      fo->alpha_ref = sw->dsa->base.alpha.ref_value;
   }
   init_depth_stencil(fo, sw);

   for (unsigned v = 0; v < 256; v++)
      fo->unorm8[v] = u_format_unorm_to_float(v, 8);

   for (unsigned i = 0; i < fb->nr_cbufs && i < PIPE_MAX_COLOR_BUFS; i++) {
      if (init_rt(fo, sw, i, &fo->rt[fo->num_rts]))
         fo->num_rts++;
   }
   return fo;
}

void
sw_fragops_release(struct sw_fragops_state *fo)
{
   free(fo);
}

unsigned
sw_fragops_num_samples(const struct sw_fragops_state *fo)
{
   return fo->num_samples;
}

bool
sw_fragops_early_depth_ok(const struct sw_fragops_state *fo)
{
   return !fo->alpha_test && !fo->alpha_to_coverage;
}

void
sw_fragops_color(const struct sw_fragops_state *fo, const struct sw_quad *q)
{
   if (!(q->coverage[0] | q->coverage[1] | q->coverage[2] | q->coverage[3]))
      return;
   for (unsigned i = 0; i < fo->num_rts; i++) {
      const struct sw_fragops_rt *rt = &fo->rt[i];
      if (q->color_written & (1u << rt->index))
         rt->store(fo, rt, q);
   }
}
