/* SPDX-License-Identifier: MIT */

/*
 * The attribute-stack savers of the simple fixed state (struct st_state,
 * st_state.h): for each group of GL 2.1 table 6.3 (and the client pixel
 * store group), the list of st_state fields it holds.
 *
 * A saver's bytes are a scratch struct st_state in which only its fields
 * are written, at their own offsets; restore copies the same fields
 * back.
 */
#include <stddef.h>
#include <string.h>

#include "st_attrib.h"
#include "st_context.h"

struct field {
   size_t offset, size;
};

#define F(name)                                                              \
   {                                                                         \
      offsetof(struct st_state, name), sizeof(((struct st_state *)0)->name), \
   }

static void
copy_fields(void *dst, const void *src, const struct field *fields, unsigned n)
{
   for (unsigned i = 0; i < n; i++) {
      memcpy((char *)dst + fields[i].offset,
             (const char *)src + fields[i].offset, fields[i].size);
   }
}

/** Defines st_state_saver_<group> for the fields <group>_fields. */
#define STATE_SAVER(group, bit, is_client)                               \
   static void save_##group(struct st_context *ctx, void *data)          \
   {                                                                     \
      copy_fields(data, &ctx->state, group##_fields,                     \
                  sizeof(group##_fields) / sizeof(group##_fields[0]));   \
   }                                                                     \
   static void restore_##group(struct st_context *ctx, const void *data) \
   {                                                                     \
      copy_fields(&ctx->state, data, group##_fields,                     \
                  sizeof(group##_fields) / sizeof(group##_fields[0]));   \
   }                                                                     \
   const struct st_attrib_saver st_state_saver_##group = {               \
      .mask = bit,                                                       \
      .client = is_client,                                               \
      .size = sizeof(struct st_state),                                   \
      .save = save_##group,                                              \
      .restore = restore_##group,                                        \
   }

static const struct field point_fields[] = {
   F(point_size),
   F(point_smooth),
   F(point_sprite),
   F(point_fade_threshold),
   F(point_sprite_coord_origin),
};
STATE_SAVER(point, GL_POINT_BIT, false);

static const struct field line_fields[] = {
   F(line_smooth),          F(line_stipple), F(line_stipple_factor),
   F(line_stipple_pattern), F(line_width),
};
STATE_SAVER(line, GL_LINE_BIT, false);

static const struct field polygon_fields[] = {
   F(cull_face),
   F(cull_face_mode),
   F(front_face),
   F(polygon_mode_front),
   F(polygon_mode_back),
   F(polygon_smooth),
   F(polygon_stipple),
   F(polygon_offset_fill),
   F(polygon_offset_line),
   F(polygon_offset_point),
   F(polygon_offset_factor),
   F(polygon_offset_units),
   F(polygon_offset_clamp),
};
STATE_SAVER(polygon, GL_POLYGON_BIT, false);

static const struct field polygon_stipple_fields[] = {
   F(polygon_stipple_pattern),
};
STATE_SAVER(polygon_stipple, GL_POLYGON_STIPPLE_BIT, false);

static const struct field lighting_fields[] = {
   F(shade_model),
   F(clamp_vertex_color),
   F(provoking_vertex),
};
STATE_SAVER(lighting, GL_LIGHTING_BIT, false);

static const struct field depth_fields[] = {
   F(depth_test),
   F(depth_func),
   F(clear_depth),
   F(depth_mask),
};
STATE_SAVER(depth, GL_DEPTH_BUFFER_BIT, false);

static const struct field stencil_fields[] = {
   F(stencil_test),
   F(stencil),
   F(clear_stencil),
};
STATE_SAVER(stencil, GL_STENCIL_BUFFER_BIT, false);

static const struct field viewport_fields[] = {
   F(viewport),
   F(depth_near),
   F(depth_far),
};
STATE_SAVER(viewport, GL_VIEWPORT_BIT, false);

static const struct field transform_fields[] = {
   F(clip_planes_enabled),
   F(depth_clamp),
};
STATE_SAVER(transform, GL_TRANSFORM_BIT, false);

static const struct field enable_fields[] = {
   F(blend_enabled),
   F(cull_face),
   F(depth_test),
   F(stencil_test),
   F(scissor_test),
   F(polygon_offset_fill),
   F(polygon_offset_line),
   F(polygon_offset_point),
   F(multisample),
   F(sample_alpha_to_coverage),
   F(sample_alpha_to_one),
   F(sample_coverage),
   F(dither),
   F(color_logic_op),
   F(program_point_size),
   F(depth_clamp),
   F(texture_cube_map_seamless),
   F(line_smooth),
   F(polygon_smooth),
   F(point_smooth),
   F(framebuffer_srgb),
   F(clip_planes_enabled),
   F(line_stipple),
   F(polygon_stipple),
   F(point_sprite),
};
STATE_SAVER(enable, GL_ENABLE_BIT, false);

static const struct field color_fields[] = {
   F(blend_enabled),        F(blend),
   F(blend_color),          F(logic_op),
   F(color_logic_op),       F(color_mask),
   F(clear_color),          F(dither),
   F(clear_color_int),      F(clear_color_type),
   F(clamp_fragment_color), F(clamp_read_color),
   F(framebuffer_srgb),
};
STATE_SAVER(color, GL_COLOR_BUFFER_BIT, false);

static const struct field hint_fields[] = {
   F(hint_line_smooth),
   F(hint_polygon_smooth),
   F(hint_texture_compression),
   F(hint_fragment_shader_derivative),
   F(hint_perspective_correction),
   F(hint_point_smooth),
   F(hint_fog),
   F(hint_generate_mipmap),
};
STATE_SAVER(hint, GL_HINT_BIT, false);

static const struct field scissor_fields[] = {
   F(scissor_test),
   F(scissor),
};
STATE_SAVER(scissor, GL_SCISSOR_BIT, false);

static const struct field multisample_fields[] = {
   F(multisample),     F(sample_alpha_to_coverage), F(sample_alpha_to_one),
   F(sample_coverage), F(sample_coverage_value),    F(sample_coverage_invert),
};
STATE_SAVER(multisample, GL_MULTISAMPLE_BIT, false);

static const struct field pixel_store_fields[] = {
   F(pack),
   F(unpack),
};
STATE_SAVER(pixel_store, GL_CLIENT_PIXEL_STORE_BIT, true);
