/* SPDX-License-Identifier: MIT */

/*
 * struct pipe_context: a rendering context of a screen.  One thread uses
 * a context at a time.
 *
 * Constant state objects (CSOs) follow the create/bind/delete triplet:
 * create_*_state() copies the template into a driver object (NULL on
 * failure), bind_*_state() makes it current (NULL unbinds), delete_*()
 * frees it; an object must not be deleted while bound.  Mutable state goes
 * through set_*(), which copies the structs and references the resources
 * and views they point to (see p_state.h).
 *
 * Commands (draws, clears, copies, blits) may be queued; flush() and the
 * map functions make them happen.  Mapping a resource waits for the
 * commands that use it unless PIPE_MAP_UNSYNCHRONIZED is given.
 */
#ifndef P_CONTEXT_H
#define P_CONTEXT_H

#include <stdbool.h>
#include <stdint.h>

#include "pipe/p_defines.h"
#include "pipe/p_state.h"

struct pipe_fence_handle;
struct pipe_query;
struct pipe_screen;

struct pipe_context {
   struct pipe_screen *screen;
   /** The priv argument of context_create. */
   void *priv;

   /** Frees the context; its CSOs, views and queries must be gone (the
    * driver drops its own bindings). */
   void (*destroy)(struct pipe_context *ctx);

   /* Constant state objects. */
   void *(*create_blend_state)(struct pipe_context *ctx,
                               const struct pipe_blend_state *templ);
   void (*bind_blend_state)(struct pipe_context *ctx, void *cso);
   void (*delete_blend_state)(struct pipe_context *ctx, void *cso);

   void *(*create_sampler_state)(struct pipe_context *ctx,
                                 const struct pipe_sampler_state *templ);
   /** Binds samplers start .. start + count - 1 of @p shader; NULL
    * entries (or @p states NULL) unbind. */
   void (*bind_sampler_states)(struct pipe_context *ctx,
                               enum pipe_shader_type shader, unsigned start,
                               unsigned count, void **states);
   void (*delete_sampler_state)(struct pipe_context *ctx, void *cso);

   void *(*create_rasterizer_state)(struct pipe_context *ctx,
                                    const struct pipe_rasterizer_state *templ);
   void (*bind_rasterizer_state)(struct pipe_context *ctx, void *cso);
   void (*delete_rasterizer_state)(struct pipe_context *ctx, void *cso);

   void *(*create_depth_stencil_alpha_state)(
      struct pipe_context *ctx,
      const struct pipe_depth_stencil_alpha_state *templ);
   void (*bind_depth_stencil_alpha_state)(struct pipe_context *ctx, void *cso);
   void (*delete_depth_stencil_alpha_state)(struct pipe_context *ctx,
                                            void *cso);

   /** @p count elements; element i feeds vertex shader input location i. */
   void *(*create_vertex_elements_state)(
      struct pipe_context *ctx, unsigned count,
      const struct pipe_vertex_element *elements);
   void (*bind_vertex_elements_state)(struct pipe_context *ctx, void *cso);
   void (*delete_vertex_elements_state)(struct pipe_context *ctx, void *cso);

   /** Shaders: the driver takes ownership of templ->ir, even on failure
    * (see the shader contract in p_state.h). */
   void *(*create_vs_state)(struct pipe_context *ctx,
                            const struct pipe_shader_state *templ);
   void (*bind_vs_state)(struct pipe_context *ctx, void *cso);
   void (*delete_vs_state)(struct pipe_context *ctx, void *cso);
   void *(*create_gs_state)(struct pipe_context *ctx,
                            const struct pipe_shader_state *templ);
   void (*bind_gs_state)(struct pipe_context *ctx, void *cso);
   void (*delete_gs_state)(struct pipe_context *ctx, void *cso);
   void *(*create_fs_state)(struct pipe_context *ctx,
                            const struct pipe_shader_state *templ);
   void (*bind_fs_state)(struct pipe_context *ctx, void *cso);
   void (*delete_fs_state)(struct pipe_context *ctx, void *cso);

   /* Mutable state. */
   void (*set_blend_color)(struct pipe_context *ctx,
                           const struct pipe_blend_color *color);
   void (*set_stencil_ref)(struct pipe_context *ctx,
                           const struct pipe_stencil_ref *ref);
   void (*set_sample_mask)(struct pipe_context *ctx, unsigned sample_mask);
   void (*set_clip_state)(struct pipe_context *ctx,
                          const struct pipe_clip_state *clip);
   /** Constant buffer @p index of @p shader (0: default uniforms, i + 1:
    * uniform block i); @p cb NULL unbinds. */
   void (*set_constant_buffer)(struct pipe_context *ctx,
                               enum pipe_shader_type shader, unsigned index,
                               const struct pipe_constant_buffer *cb);
   void (*set_framebuffer_state)(struct pipe_context *ctx,
                                 const struct pipe_framebuffer_state *fb);
   void (*set_polygon_stipple)(struct pipe_context *ctx,
                               const struct pipe_poly_stipple *stipple);
   void (*set_scissor_states)(struct pipe_context *ctx, unsigned start_slot,
                              unsigned num_scissors,
                              const struct pipe_scissor_state *scissors);
   void (*set_viewport_states)(struct pipe_context *ctx, unsigned start_slot,
                               unsigned num_viewports,
                               const struct pipe_viewport_state *viewports);
   /** Views start .. start + count - 1 of @p shader; NULL entries (or
    * @p views NULL) unbind. */
   void (*set_sampler_views)(struct pipe_context *ctx,
                             enum pipe_shader_type shader, unsigned start,
                             unsigned count, struct pipe_sampler_view **views);
   /** Vertex buffers start .. start + count - 1; @p buffers NULL
    * unbinds them. */
   void (*set_vertex_buffers)(struct pipe_context *ctx, unsigned start,
                              unsigned count,
                              const struct pipe_vertex_buffer *buffers);

   /* Views. */
   struct pipe_sampler_view *(*create_sampler_view)(
      struct pipe_context *ctx, struct pipe_resource *resource,
      const struct pipe_sampler_view *templ);
   /** Called by pipe_sampler_view_ref() on the last reference. */
   void (*sampler_view_destroy)(struct pipe_context *ctx,
                                struct pipe_sampler_view *view);
   struct pipe_surface *(*create_surface)(struct pipe_context *ctx,
                                          struct pipe_resource *resource,
                                          const struct pipe_surface *templ);
   /** Called by pipe_surface_ref() on the last reference. */
   void (*surface_destroy)(struct pipe_context *ctx,
                           struct pipe_surface *surface);

   /* Stream output. */
   struct pipe_stream_output_target *(*create_stream_output_target)(
      struct pipe_context *ctx, struct pipe_resource *buffer,
      unsigned buffer_offset, unsigned buffer_size);
   /** Called by pipe_so_target_ref() on the last reference. */
   void (*stream_output_target_destroy)(
      struct pipe_context *ctx, struct pipe_stream_output_target *target);
   /**
    * Binds @p num_targets targets (the rest unbound).  offsets[i] is where
    * writing starts in bytes from the target's start; (unsigned)-1 appends
    * after what target i already holds (resume).
    */
   void (*set_stream_output_targets)(struct pipe_context *ctx,
                                     unsigned num_targets,
                                     struct pipe_stream_output_target **targets,
                                     const unsigned *offsets);

   /* Drawing. */
   void (*draw_vbo)(struct pipe_context *ctx, const struct pipe_draw_info *info,
                    const struct pipe_draw_start_count_bias *draws,
                    unsigned num_draws);

   /**
    * Clears the bound framebuffer's PIPE_CLEAR_* @p buffers, inside
    * @p scissor if not NULL.  Depth is in [0, 1]; colour is converted to
    * each target's format (float values for normalized and float formats,
    * integers for integer formats).  Clears write every channel, every
    * sample and every layer of the surfaces: colour, depth and stencil
    * write masks do not apply (a frontend draws for masked clears), the
    * render condition does.
    */
   void (*clear)(struct pipe_context *ctx, unsigned buffers,
                 const struct pipe_scissor_state *scissor,
                 const union pipe_color_union *color, double depth,
                 unsigned stencil);
   /** Clears a rectangle of every layer of @p dst. */
   void (*clear_render_target)(struct pipe_context *ctx,
                               struct pipe_surface *dst,
                               const union pipe_color_union *color,
                               unsigned dstx, unsigned dsty, unsigned width,
                               unsigned height);
   /** @p clear_flags: PIPE_CLEAR_DEPTH and/or PIPE_CLEAR_STENCIL. */
   void (*clear_depth_stencil)(struct pipe_context *ctx,
                               struct pipe_surface *dst, unsigned clear_flags,
                               double depth, unsigned stencil, unsigned dstx,
                               unsigned dsty, unsigned width, unsigned height);

   /**
    * Copies @p src_box of level @p src_level of @p src to (dstx, dsty,
    * dstz) of @p dst's level @p dst_level, bytes as they are (the formats
    * must have the same block size).  Buffers: x and width in bytes.
    */
   void (*resource_copy_region)(struct pipe_context *ctx,
                                struct pipe_resource *dst, unsigned dst_level,
                                unsigned dstx, unsigned dsty, unsigned dstz,
                                struct pipe_resource *src, unsigned src_level,
                                const struct pipe_box *src_box);
   /** Scaled, filtered, format-converting copy (see pipe_blit_info). */
   void (*blit)(struct pipe_context *ctx, const struct pipe_blit_info *info);

   /* Transfers: map returns a pointer to @p box and fills *@p transfer;
    * NULL on failure (nothing to unmap). */
   void *(*buffer_map)(struct pipe_context *ctx, struct pipe_resource *resource,
                       unsigned level, unsigned usage,
                       const struct pipe_box *box,
                       struct pipe_transfer **transfer);
   void *(*texture_map)(struct pipe_context *ctx,
                        struct pipe_resource *resource, unsigned level,
                        unsigned usage, const struct pipe_box *box,
                        struct pipe_transfer **transfer);
   /** With PIPE_MAP_FLUSH_EXPLICIT: @p box (relative to the mapping) was
    * written. */
   void (*transfer_flush_region)(struct pipe_context *ctx,
                                 struct pipe_transfer *transfer,
                                 const struct pipe_box *box);
   void (*buffer_unmap)(struct pipe_context *ctx,
                        struct pipe_transfer *transfer);
   void (*texture_unmap)(struct pipe_context *ctx,
                         struct pipe_transfer *transfer);
   /** Writes @p size bytes at @p offset of a buffer. */
   void (*buffer_subdata)(struct pipe_context *ctx,
                          struct pipe_resource *resource, unsigned usage,
                          unsigned offset, unsigned size, const void *data);
   /** Writes @p box of a texture level from @p data laid out with
    * @p stride bytes per row (of blocks) and @p layer_stride per layer. */
   void (*texture_subdata)(struct pipe_context *ctx,
                           struct pipe_resource *resource, unsigned level,
                           unsigned usage, const struct pipe_box *box,
                           const void *data, unsigned stride,
                           unsigned layer_stride);

   /** Submits queued work; *@p fence (if not NULL) gets a fence signalled
    * when it is done.  @p flags: PIPE_FLUSH_*. */
   void (*flush)(struct pipe_context *ctx, struct pipe_fence_handle **fence,
                 unsigned flags);

   /* Queries.  @p index: the stream of stream-output queries. */
   struct pipe_query *(*create_query)(struct pipe_context *ctx,
                                      unsigned query_type, unsigned index);
   void (*destroy_query)(struct pipe_context *ctx, struct pipe_query *q);
   bool (*begin_query)(struct pipe_context *ctx, struct pipe_query *q);
   bool (*end_query)(struct pipe_context *ctx, struct pipe_query *q);
   /** False if @p wait is false and the result is not ready yet. */
   bool (*get_query_result)(struct pipe_context *ctx, struct pipe_query *q,
                            bool wait, union pipe_query_result *result);
   /**
    * Conditional rendering: while @p query is not NULL, draws, clears and
    * blits (those with render_condition_enable) are skipped when the
    * query's result, as a boolean (non-zero: true), equals @p condition.
    * GL passes condition = false: render only if samples passed.  @p mode:
    * enum pipe_render_cond_flag.
    */
   void (*render_condition)(struct pipe_context *ctx, struct pipe_query *query,
                            bool condition, unsigned mode);

   /** Makes framebuffer writes of earlier draws visible to texture fetches
    * of later draws. */
   void (*texture_barrier)(struct pipe_context *ctx, unsigned flags);

   /**
    * The position of sample @p index of a pixel with @p sample_count samples
    * (1: the centre), as fractions of the pixel from its corner of lowest
    * x and lowest memory row (GL_SAMPLE_POSITION).
    */
   void (*get_sample_position)(struct pipe_context *ctx, unsigned sample_count,
                               unsigned index, float out[2]);
};

#endif
