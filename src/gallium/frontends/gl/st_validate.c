/* SPDX-License-Identifier: MIT */

/*
 * Draw validation: the simple state (st_state.h) as pipe state.
 *
 * Blend, depth/stencil/alpha and rasterizer state become CSOs, cached by
 * their template: templates are zeroed before they are filled, so equal
 * states are equal bytes and the cache key is the template itself.  The
 * other state goes through set_*().  What is sent depends on ctx->dirty;
 * state that depends on the framebuffer (integer targets, depth and
 * stencil presence, window or FBO, samples, float targets) is also
 * recomputed when the framebuffer changed.
 *
 * Coordinates: GL window y is the memory row of every image (st_texture.h)
 * and the pipe viewport maps y to memory rows as it is, so the viewport,
 * scissor and winding need no flip.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "pipe/p_context.h"
#include "pipe/p_screen.h"
#include "st_compat.h"
#include "st_context.h"
#include "st_fb.h"
#include "st_program.h"
#include "st_query.h"
#include "st_validate.h"
#include "util/u_hash.h"

/** A cache of CSOs of one kind, keyed by template bytes. */
struct cso_cache {
   struct u_hash_table *table;
   size_t templ_size;
   void *bound;
};

struct st_validate_state {
   struct cso_cache blend, dsa, rasterizer;
   /** The framebuffer state last bound (for the states that depend on
    * it). */
   struct pipe_framebuffer_state fb;
   bool fb_valid;
   float line_width_range[2], point_size_range[2];
   bool has_polygon_stipple;
};

/* The cache keys are the templates; the hash and equality functions know
 * the size through the key type. */
#define CACHE_FUNCS(name, type)                           \
   static uint32_t hash_##name(const void *key)           \
   {                                                      \
      return u_hash_data(key, sizeof(type));              \
   }                                                      \
   static bool equal_##name(const void *a, const void *b) \
   {                                                      \
      return memcmp(a, b, sizeof(type)) == 0;             \
   }

CACHE_FUNCS(blend, struct pipe_blend_state)
CACHE_FUNCS(dsa, struct pipe_depth_stencil_alpha_state)
CACHE_FUNCS(rasterizer, struct pipe_rasterizer_state)

static bool
cache_init(struct cso_cache *c, size_t templ_size, u_hash_fn hash,
           u_hash_equal_fn equal)
{
   c->templ_size = templ_size;
   c->table = u_hash_table_create(NULL, hash, equal);
   return c->table != NULL;
}

/**
 * The CSO for @p templ: from the cache, or made with @p create and
 * added; NULL when out of memory.
 */
static void *
cache_get(struct st_context *ctx, struct cso_cache *c, const void *templ,
          void *(*create)(struct pipe_context *, const void *),
          void (*delete_cso)(struct pipe_context *, void *))
{
   struct u_hash_entry *e = u_hash_table_search(c->table, templ);
   if (e)
      return e->data;
   void *key = malloc(c->templ_size);
   if (!key)
      return NULL;
   memcpy(key, templ, c->templ_size);
   void *cso = create(ctx->pipe, templ);
   if (cso && !u_hash_table_insert(c->table, key, cso)) {
      delete_cso(ctx->pipe, cso);
      cso = NULL;
   }
   if (!cso)
      free(key);
   return cso;
}

/* create_*_state with a const void * template, for cache_get. */
static void *
create_blend(struct pipe_context *pipe, const void *t)
{
   return pipe->create_blend_state(pipe, t);
}

static void *
create_dsa(struct pipe_context *pipe, const void *t)
{
   return pipe->create_depth_stencil_alpha_state(pipe, t);
}

static void *
create_rasterizer(struct pipe_context *pipe, const void *t)
{
   return pipe->create_rasterizer_state(pipe, t);
}

/* ---- init / fini ---- */

void
st_validate_init(struct st_context *ctx)
{
   struct st_validate_state *v = calloc(1, sizeof(*v));
   if (!v)
      return;
   if (!cache_init(&v->blend, sizeof(struct pipe_blend_state), hash_blend,
                   equal_blend) ||
       !cache_init(&v->dsa, sizeof(struct pipe_depth_stencil_alpha_state),
                   hash_dsa, equal_dsa) ||
       !cache_init(&v->rasterizer, sizeof(struct pipe_rasterizer_state),
                   hash_rasterizer, equal_rasterizer)) {
      ctx->validate = v;
      st_validate_fini(ctx);
      return;
   }
   struct pipe_screen *s = ctx->screen;
   v->line_width_range[0] = s->get_paramf(s, PIPE_CAPF_MIN_LINE_WIDTH);
   v->line_width_range[1] = s->get_paramf(s, PIPE_CAPF_MAX_LINE_WIDTH);
   v->point_size_range[0] = s->get_paramf(s, PIPE_CAPF_MIN_POINT_SIZE);
   v->point_size_range[1] = s->get_paramf(s, PIPE_CAPF_MAX_POINT_SIZE);
   v->has_polygon_stipple = s->get_param(s, PIPE_CAP_POLYGON_STIPPLE) != 0;
   ctx->validate = v;
}

static void
cache_fini(struct cso_cache *c, struct pipe_context *pipe,
           void (*delete_cso)(struct pipe_context *, void *))
{
   if (!c->table)
      return;
   u_hash_table_foreach (c->table, e) {
      delete_cso(pipe, e->data);
      free((void *)e->key);
   }
   u_hash_table_destroy(c->table, NULL);
   c->table = NULL;
}

void
st_validate_fini(struct st_context *ctx)
{
   struct st_validate_state *v = ctx->validate;
   if (!v)
      return;
   struct pipe_context *pipe = ctx->pipe;
   /* CSOs must not be deleted while bound. */
   pipe->bind_blend_state(pipe, NULL);
   pipe->bind_depth_stencil_alpha_state(pipe, NULL);
   pipe->bind_rasterizer_state(pipe, NULL);
   cache_fini(&v->blend, pipe, pipe->delete_blend_state);
   cache_fini(&v->dsa, pipe, pipe->delete_depth_stencil_alpha_state);
   cache_fini(&v->rasterizer, pipe, pipe->delete_rasterizer_state);
   free(v);
   ctx->validate = NULL;
}

/* ---- GL to pipe values ---- */

static unsigned
blend_factor(GLenum f)
{
   switch (f) {
   case GL_ONE:
      return PIPE_BLENDFACTOR_ONE;
   case GL_SRC_COLOR:
      return PIPE_BLENDFACTOR_SRC_COLOR;
   case GL_SRC_ALPHA:
      return PIPE_BLENDFACTOR_SRC_ALPHA;
   case GL_DST_ALPHA:
      return PIPE_BLENDFACTOR_DST_ALPHA;
   case GL_DST_COLOR:
      return PIPE_BLENDFACTOR_DST_COLOR;
   case GL_SRC_ALPHA_SATURATE:
      return PIPE_BLENDFACTOR_SRC_ALPHA_SATURATE;
   case GL_CONSTANT_COLOR:
      return PIPE_BLENDFACTOR_CONST_COLOR;
   case GL_CONSTANT_ALPHA:
      return PIPE_BLENDFACTOR_CONST_ALPHA;
   case GL_SRC1_COLOR:
      return PIPE_BLENDFACTOR_SRC1_COLOR;
   case GL_SRC1_ALPHA:
      return PIPE_BLENDFACTOR_SRC1_ALPHA;
   case GL_ONE_MINUS_SRC_COLOR:
      return PIPE_BLENDFACTOR_INV_SRC_COLOR;
   case GL_ONE_MINUS_SRC_ALPHA:
      return PIPE_BLENDFACTOR_INV_SRC_ALPHA;
   case GL_ONE_MINUS_DST_ALPHA:
      return PIPE_BLENDFACTOR_INV_DST_ALPHA;
   case GL_ONE_MINUS_DST_COLOR:
      return PIPE_BLENDFACTOR_INV_DST_COLOR;
   case GL_ONE_MINUS_CONSTANT_COLOR:
      return PIPE_BLENDFACTOR_INV_CONST_COLOR;
   case GL_ONE_MINUS_CONSTANT_ALPHA:
      return PIPE_BLENDFACTOR_INV_CONST_ALPHA;
   case GL_ONE_MINUS_SRC1_COLOR:
      return PIPE_BLENDFACTOR_INV_SRC1_COLOR;
   case GL_ONE_MINUS_SRC1_ALPHA:
      return PIPE_BLENDFACTOR_INV_SRC1_ALPHA;
   default:
      return PIPE_BLENDFACTOR_ZERO;
   }
}

static unsigned
blend_func(GLenum eq)
{
   switch (eq) {
   case GL_FUNC_SUBTRACT:
      return PIPE_BLEND_SUBTRACT;
   case GL_FUNC_REVERSE_SUBTRACT:
      return PIPE_BLEND_REVERSE_SUBTRACT;
   case GL_MIN:
      return PIPE_BLEND_MIN;
   case GL_MAX:
      return PIPE_BLEND_MAX;
   default:
      return PIPE_BLEND_ADD;
   }
}

/** GL_NEVER .. GL_ALWAYS are in the pipe's order. */
static unsigned
compare_func(GLenum f)
{
   return f - GL_NEVER;
}

static unsigned
stencil_op(GLenum op)
{
   switch (op) {
   case GL_ZERO:
      return PIPE_STENCIL_OP_ZERO;
   case GL_REPLACE:
      return PIPE_STENCIL_OP_REPLACE;
   case GL_INCR:
      return PIPE_STENCIL_OP_INCR;
   case GL_DECR:
      return PIPE_STENCIL_OP_DECR;
   case GL_INCR_WRAP:
      return PIPE_STENCIL_OP_INCR_WRAP;
   case GL_DECR_WRAP:
      return PIPE_STENCIL_OP_DECR_WRAP;
   case GL_INVERT:
      return PIPE_STENCIL_OP_INVERT;
   default:
      return PIPE_STENCIL_OP_KEEP;
   }
}

/** GL's logic ops (GL_CLEAR + n) as truth tables. */
static const uint8_t logic_ops[16] = {
   PIPE_LOGICOP_CLEAR,         PIPE_LOGICOP_AND,
   PIPE_LOGICOP_AND_REVERSE,   PIPE_LOGICOP_COPY,
   PIPE_LOGICOP_AND_INVERTED,  PIPE_LOGICOP_NOOP,
   PIPE_LOGICOP_XOR,           PIPE_LOGICOP_OR,
   PIPE_LOGICOP_NOR,           PIPE_LOGICOP_EQUIV,
   PIPE_LOGICOP_INVERT,        PIPE_LOGICOP_OR_REVERSE,
   PIPE_LOGICOP_COPY_INVERTED, PIPE_LOGICOP_OR_INVERTED,
   PIPE_LOGICOP_NAND,          PIPE_LOGICOP_SET,
};

static unsigned
polygon_mode(GLenum mode)
{
   switch (mode) {
   case GL_LINE:
      return PIPE_POLYGON_MODE_LINE;
   case GL_POINT:
      return PIPE_POLYGON_MODE_POINT;
   default:
      return PIPE_POLYGON_MODE_FILL;
   }
}

static float
clampf(float x, float lo, float hi)
{
   return x < lo ? lo : x > hi ? hi : x;
}

/* ---- the states ---- */

static void
make_rt_blend(struct st_context *ctx, unsigned i,
              struct pipe_rt_blend_state *rt)
{
   const struct st_state *s = &ctx->state;
   const struct st_blend_rt *b = &s->blend[i];
   rt->colormask = s->color_mask[i] & PIPE_MASK_RGBA;
   /* Integer targets never blend; logic ops replace blending. */
   if (!(s->blend_enabled & (1u << i)) || s->color_logic_op ||
       st_fb_draw_buffer_is_integer(ctx, i))
      return;
   rt->blend_enable = true;
   rt->rgb_func = blend_func(b->eq_rgb);
   rt->alpha_func = blend_func(b->eq_alpha);
   /* MIN and MAX ignore the factors: leave them ONE so that equal
    * blending gives equal templates. */
   bool rgb_minmax = b->eq_rgb == GL_MIN || b->eq_rgb == GL_MAX;
   bool alpha_minmax = b->eq_alpha == GL_MIN || b->eq_alpha == GL_MAX;
   rt->rgb_src_factor =
      rgb_minmax ? PIPE_BLENDFACTOR_ONE : blend_factor(b->src_rgb);
   rt->rgb_dst_factor =
      rgb_minmax ? PIPE_BLENDFACTOR_ONE : blend_factor(b->dst_rgb);
   rt->alpha_src_factor =
      alpha_minmax ? PIPE_BLENDFACTOR_ONE : blend_factor(b->src_alpha);
   rt->alpha_dst_factor =
      alpha_minmax ? PIPE_BLENDFACTOR_ONE : blend_factor(b->dst_alpha);
}

static bool
multisampled(const struct st_context *ctx)
{
   const struct st_validate_state *v = ctx->validate;
   return ctx->state.multisample && v->fb.samples > 1;
}

static void *
blend_cso(struct st_context *ctx)
{
   const struct st_state *s = &ctx->state;
   struct st_validate_state *v = ctx->validate;
   struct pipe_blend_state b;
   memset(&b, 0, sizeof(b));

   unsigned n = v->fb.nr_cbufs ? v->fb.nr_cbufs : 1;
   for (unsigned i = 0; i < n; i++)
      make_rt_blend(ctx, i, &b.rt[i]);
   for (unsigned i = 1; i < n; i++) {
      if (memcmp(&b.rt[i], &b.rt[0], sizeof(b.rt[0])) != 0)
         b.independent_blend_enable = true;
   }
   if (!b.independent_blend_enable)
      memset(&b.rt[1], 0, sizeof(b.rt) - sizeof(b.rt[0]));

   if (s->color_logic_op && !ctx->es) {
      b.logicop_enable = true;
      b.logicop_func = logic_ops[(s->logic_op - GL_CLEAR) & 15];
   }
   b.dither = s->dither;
   if (multisampled(ctx)) {
      b.alpha_to_coverage = s->sample_alpha_to_coverage;
      b.alpha_to_one = s->sample_alpha_to_one;
   }
   return cache_get(ctx, &v->blend, &b, create_blend,
                    ctx->pipe->delete_blend_state);
}

static void
make_stencil(const struct st_stencil_face *f, struct pipe_stencil_state *p)
{
   p->enabled = true;
   p->func = compare_func(f->func);
   p->fail_op = stencil_op(f->fail);
   p->zfail_op = stencil_op(f->zfail);
   p->zpass_op = stencil_op(f->zpass);
   p->valuemask = (uint8_t)f->value_mask;
   p->writemask = (uint8_t)f->write_mask;
}

static void *
dsa_cso(struct st_context *ctx)
{
   const struct st_state *s = &ctx->state;
   struct pipe_depth_stencil_alpha_state d;
   memset(&d, 0, sizeof(d));

   /* Without a depth (stencil) buffer the test acts as disabled. */
   if (s->depth_test && st_fb_draw_has_depth(ctx)) {
      d.depth.enabled = true;
      d.depth.writemask = s->depth_mask;
      d.depth.func = compare_func(s->depth_func);
   }
   if (s->stencil_test && st_fb_draw_has_stencil(ctx)) {
      make_stencil(&s->stencil[0], &d.stencil[0]);
      make_stencil(&s->stencil[1], &d.stencil[1]);
   }
   if (st_is_compat(ctx)) {
      bool enabled;
      GLenum func;
      GLfloat ref;
      st_compat_alpha_test(ctx, &enabled, &func, &ref);
      if (enabled) {
         d.alpha.enabled = true;
         d.alpha.func = compare_func(func);
         d.alpha.ref_value = clampf(ref, 0.0f, 1.0f);
      }
   }
   return cache_get(ctx, &ctx->validate->dsa, &d, create_dsa,
                    ctx->pipe->delete_depth_stencil_alpha_state);
}

/** Whether colour buffer @p i is fixed-point (GL_FIXED_ONLY clamping). */
static bool
cbuf_is_fixed_point(const struct pipe_surface *surf)
{
   if (!surf)
      return true;
   const struct u_format_desc *desc = u_format_description(surf->format);
   for (unsigned c = 0; c < desc->nr_channels; c++) {
      if (desc->channel[c].type == U_FORMAT_TYPE_FLOAT)
         return false;
   }
   return true;
}

static bool
clamp_enabled(const struct st_context *ctx, GLenum clamp)
{
   if (clamp != GL_FIXED_ONLY)
      return clamp == GL_TRUE;
   const struct pipe_framebuffer_state *fb = &ctx->validate->fb;
   for (unsigned i = 0; i < fb->nr_cbufs; i++) {
      if (!cbuf_is_fixed_point(fb->cbufs[i]))
         return false;
   }
   return true;
}

static void *
rasterizer_cso(struct st_context *ctx)
{
   const struct st_state *s = &ctx->state;
   struct st_validate_state *v = ctx->validate;
   struct pipe_rasterizer_state r;
   memset(&r, 0, sizeof(r));

   bool compat = st_is_compat(ctx);
   r.flatshade = compat && s->shade_model == GL_FLAT;
   r.flatshade_first = s->provoking_vertex == GL_FIRST_VERTEX_CONVENTION;
   /* Vertex colour clamping is fixed-function state (compatibility). */
   r.clamp_vertex_color = compat && clamp_enabled(ctx, s->clamp_vertex_color);
   r.clamp_fragment_color =
      compat && clamp_enabled(ctx, s->clamp_fragment_color);
   r.front_ccw = s->front_face == GL_CCW;
   if (s->cull_face) {
      r.cull_face = s->cull_face_mode == GL_FRONT  ? PIPE_FACE_FRONT
                    : s->cull_face_mode == GL_BACK ? PIPE_FACE_BACK
                                                   : PIPE_FACE_FRONT_AND_BACK;
   }
   r.fill_front = polygon_mode(s->polygon_mode_front);
   r.fill_back = polygon_mode(s->polygon_mode_back);
   r.offset_point = s->polygon_offset_point;
   r.offset_line = s->polygon_offset_line;
   r.offset_tri = s->polygon_offset_fill;
   if (r.offset_point || r.offset_line || r.offset_tri) {
      r.offset_units = s->polygon_offset_units;
      r.offset_scale = s->polygon_offset_factor;
      r.offset_clamp = s->polygon_offset_clamp;
   }
   r.scissor = s->scissor_test;
   r.poly_smooth = s->polygon_smooth;
   r.poly_stipple_enable = s->polygon_stipple && v->has_polygon_stipple;
   r.point_smooth = s->point_smooth;
   /* Memory row 0 is GL's bottom row, which the pipe calls the top:
    * GL's lower-left origin is the pipe's upper-left one. */
   r.sprite_coord_mode = s->point_sprite_coord_origin == GL_LOWER_LEFT
                            ? PIPE_SPRITE_COORD_UPPER_LEFT
                            : PIPE_SPRITE_COORD_LOWER_LEFT;
   /* Aliased points are squares, sprites or not. */
   r.point_quad_rasterization = true;
   r.point_size_per_vertex = s->program_point_size;
   r.point_size =
      clampf(s->point_size, v->point_size_range[0], v->point_size_range[1]);
   r.line_width =
      clampf(s->line_width, v->line_width_range[0], v->line_width_range[1]);
   r.line_smooth = s->line_smooth;
   if (compat) {
      struct st_compat_raster cr;
      st_compat_rasterizer(ctx, &cr);
      r.light_twoside = cr.light_twoside;
      r.point_size_per_vertex |= cr.point_size_per_vertex;
      r.sprite_coord_enable = cr.sprite_coord_enable;
   }
   if (compat && s->line_stipple) {
      r.line_stipple_enable = true;
      r.line_stipple_factor = (unsigned)s->line_stipple_factor;
      r.line_stipple_pattern = s->line_stipple_pattern;
   }
   r.multisample = multisampled(ctx);
   r.depth_clamp = s->depth_clamp;
   r.depth_clip_near = !s->depth_clamp;
   r.depth_clip_far = !s->depth_clamp;
   r.half_pixel_center = true;
   r.bottom_edge_rule = st_fb_draw_is_window(ctx);
   r.clip_plane_enable = s->clip_planes_enabled;
   r.rasterizer_discard = s->rasterizer_discard;
   return cache_get(ctx, &v->rasterizer, &r, create_rasterizer,
                    ctx->pipe->delete_rasterizer_state);
}

static void
set_viewport(struct st_context *ctx)
{
   const struct st_state *s = &ctx->state;
   float half_w = (float)s->viewport[2] * 0.5f;
   float half_h = (float)s->viewport[3] * 0.5f;
   float n = (float)s->depth_near, f = (float)s->depth_far;
   struct pipe_viewport_state vp = {
      .scale = { half_w, half_h, (f - n) * 0.5f },
      .translate = { (float)s->viewport[0] + half_w,
                     (float)s->viewport[1] + half_h, (n + f) * 0.5f },
   };
   ctx->pipe->set_viewport_states(ctx->pipe, 0, 1, &vp);
}

static unsigned
clamp_coord(int64_t c)
{
   return c < 0 ? 0 : c > (int64_t)UINT32_MAX ? UINT32_MAX : (unsigned)c;
}

static void
set_scissor(struct st_context *ctx)
{
   const GLint *b = ctx->state.scissor;
   struct pipe_scissor_state sc = {
      .minx = clamp_coord(b[0]),
      .miny = clamp_coord(b[1]),
      .maxx = clamp_coord((int64_t)b[0] + b[2]),
      .maxy = clamp_coord((int64_t)b[1] + b[3]),
   };
   ctx->pipe->set_scissor_states(ctx->pipe, 0, 1, &sc);
}

static void
set_stencil_ref(struct st_context *ctx)
{
   /* The reference is clamped to the stencil buffer's range (8 bits). */
   struct pipe_stencil_ref ref;
   for (unsigned i = 0; i < 2; i++) {
      GLint r = ctx->state.stencil[i].ref;
      ref.ref_value[i] = (uint8_t)(r < 0 ? 0 : r > 255 ? 255 : r);
   }
   ctx->pipe->set_stencil_ref(ctx->pipe, &ref);
}

static void
set_sample_mask(struct st_context *ctx)
{
   const struct st_state *s = &ctx->state;
   unsigned mask = ~0u;
   unsigned samples = ctx->validate->fb.samples;
   if (multisampled(ctx)) {
      if (s->sample_mask_enabled)
         mask &= s->sample_mask_value;
      if (s->sample_coverage) {
         unsigned n =
            (unsigned)lrintf(s->sample_coverage_value * (float)samples);
         unsigned coverage = n >= 32 ? ~0u : (1u << n) - 1;
         mask &= s->sample_coverage_invert ? ~coverage : coverage;
      }
   }
   ctx->pipe->set_sample_mask(ctx->pipe, mask);
}

static void
set_clip(struct st_context *ctx)
{
   struct pipe_clip_state clip;
   memset(&clip, 0, sizeof(clip));
   if (st_is_compat(ctx))
      st_compat_clip_planes(ctx, clip.ucp);
   ctx->pipe->set_clip_state(ctx->pipe, &clip);
}

static void
set_polygon_stipple(struct st_context *ctx)
{
   struct pipe_poly_stipple stipple;
   memcpy(stipple.stipple, ctx->state.polygon_stipple_pattern,
          sizeof(stipple.stipple));
   ctx->pipe->set_polygon_stipple(ctx->pipe, &stipple);
}

/** Binds @p cso (NULL: out of memory, raised) into @p c. */
static bool
bind_cso(struct st_context *ctx, struct cso_cache *c, void *cso,
         void (*bind)(struct pipe_context *, void *), const char *func)
{
   if (!cso) {
      st_out_of_memory(ctx, func);
      return false;
   }
   bind(ctx->pipe, cso);
   c->bound = cso;
   return true;
}

/* ---- entry points ---- */

static bool
bind_framebuffer(struct st_context *ctx, const char *func)
{
   struct st_validate_state *v = ctx->validate;
   st_fb_update_drawables(ctx);
   if (!(ctx->dirty & ST_DIRTY_FRAMEBUFFER) && v->fb_valid)
      return true;
   struct pipe_framebuffer_state fb;
   memset(&fb, 0, sizeof(fb));
   if (!st_fb_validate_draw(ctx, func, &fb)) {
      v->fb_valid = false;
      return false;
   }
   ctx->pipe->set_framebuffer_state(ctx->pipe, &fb);
   v->fb = fb;
   v->fb_valid = true;
   return true;
}

bool
st_validate_framebuffer(struct st_context *ctx, const char *func)
{
   if (!ctx->validate) {
      st_out_of_memory(ctx, func);
      return false;
   }
   if (!bind_framebuffer(ctx, func))
      return false;
   /* What depends on the framebuffer is bound again by the next draw. */
   ctx->dirty &= ~ST_DIRTY_FRAMEBUFFER;
   ctx->dirty |= ST_DIRTY_BLEND | ST_DIRTY_DSA | ST_DIRTY_RASTERIZER |
                 ST_DIRTY_SAMPLE_MASK;
   return true;
}

/** The bits that bound state depending on the framebuffer. */
#define FB_DEPENDENT \
   (ST_DIRTY_BLEND | ST_DIRTY_DSA | ST_DIRTY_RASTERIZER | ST_DIRTY_SAMPLE_MASK)

/** What validation consumes; ST_DIRTY_VERTEX is the draw's own. */
#define VALIDATED (ST_DIRTY_ALL & ~ST_DIRTY_VERTEX)

bool
st_validate_draw(struct st_context *ctx, GLenum mode, const char *func)
{
   struct st_validate_state *v = ctx->validate;
   if (!v) {
      st_out_of_memory(ctx, func);
      return false;
   }
   if (!bind_framebuffer(ctx, func))
      return false;
   if (ctx->dirty & ST_DIRTY_FRAMEBUFFER)
      ctx->dirty |= FB_DEPENDENT;
   /* The alpha test, clip planes and some rasterizer state are
    * compatibility state; which of the latter applies depends on whether
    * a program is current. */
   if (ctx->dirty & ST_DIRTY_COMPAT)
      ctx->dirty |= ST_DIRTY_DSA | ST_DIRTY_CLIP | ST_DIRTY_RASTERIZER;
   if (st_is_compat(ctx) && (ctx->dirty & ST_DIRTY_PROGRAM))
      ctx->dirty |= ST_DIRTY_RASTERIZER;

   if (!st_program_validate(ctx, func))
      return false;
   if (!st_xfb_validate_draw(ctx, mode, func))
      return false;

   uint64_t dirty = ctx->dirty;
   if ((dirty & ST_DIRTY_BLEND) && !bind_cso(ctx, &v->blend, blend_cso(ctx),
                                             ctx->pipe->bind_blend_state, func))
      return false;
   if ((dirty & ST_DIRTY_DSA) &&
       !bind_cso(ctx, &v->dsa, dsa_cso(ctx),
                 ctx->pipe->bind_depth_stencil_alpha_state, func))
      return false;
   if (dirty & ST_DIRTY_RASTERIZER) {
      if (!bind_cso(ctx, &v->rasterizer, rasterizer_cso(ctx),
                    ctx->pipe->bind_rasterizer_state, func))
         return false;
      if (v->has_polygon_stipple)
         set_polygon_stipple(ctx);
   }
   if (dirty & ST_DIRTY_VIEWPORT)
      set_viewport(ctx);
   if (dirty & ST_DIRTY_SCISSOR)
      set_scissor(ctx);
   if (dirty & ST_DIRTY_BLEND_COLOR) {
      struct pipe_blend_color color;
      memcpy(color.color, ctx->state.blend_color, sizeof(color.color));
      ctx->pipe->set_blend_color(ctx->pipe, &color);
   }
   if (dirty & ST_DIRTY_STENCIL_REF)
      set_stencil_ref(ctx);
   if (dirty & ST_DIRTY_SAMPLE_MASK)
      set_sample_mask(ctx);
   if (dirty & ST_DIRTY_CLIP)
      set_clip(ctx);

   ctx->dirty &= ~VALIDATED;
   return true;
}

bool
st_validate_bind_discard_rasterizer(struct st_context *ctx, const char *func)
{
   struct st_validate_state *v = ctx->validate;
   if (!v) {
      st_out_of_memory(ctx, func);
      return false;
   }
   struct pipe_rasterizer_state r;
   memset(&r, 0, sizeof(r));
   r.rasterizer_discard = true;
   r.half_pixel_center = true;
   if (!bind_cso(ctx, &v->rasterizer,
                 cache_get(ctx, &v->rasterizer, &r, create_rasterizer,
                           ctx->pipe->delete_rasterizer_state),
                 ctx->pipe->bind_rasterizer_state, func))
      return false;
   ctx->dirty |= ST_DIRTY_RASTERIZER;
   return true;
}
