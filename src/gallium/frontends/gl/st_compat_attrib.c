/* SPDX-License-Identifier: MIT */

/*
 * The attribute-stack savers of the fixed-function state (struct
 * st_compat_state): the parts of the point, lighting, fog, transform,
 * enable, colour-buffer and texture groups of GL 2.1 table 6.3 that this
 * module keeps.  Matrices are not in any group (they have their own
 * stacks).
 */
#include <string.h>

#include "st_attrib.h"
#include "st_compat_priv.h"
#include "st_context.h"

/** Defines the saver @p name of struct @p type with save_<name> and
 * restore_<name> defined below it. */
#define COMPAT_SAVER(name, bit, type)                                    \
   static void save_##name(struct st_context *ctx, void *data);          \
   static void restore_##name(struct st_context *ctx, const void *data); \
   const struct st_attrib_saver st_compat_saver_##name = {               \
      .mask = bit,                                                       \
      .size = sizeof(type),                                              \
      .save = save_##name,                                               \
      .restore = restore_##name,                                         \
   }

/* ---- GL_POINT_BIT ---- */

struct point_data {
   GLfloat size_min, size_max, attenuation[3];
   bool coord_replace[ST_MAX_FF_TEXTURE_UNITS];
};
COMPAT_SAVER(point, GL_POINT_BIT, struct point_data);

static void
save_point(struct st_context *ctx, void *data)
{
   const struct st_compat_state *cs = ctx->compat;
   struct point_data *d = data;
   d->size_min = cs->point_size_min;
   d->size_max = cs->point_size_max;
   memcpy(d->attenuation, cs->point_distance_attenuation,
          sizeof(d->attenuation));
   for (unsigned i = 0; i < ST_MAX_FF_TEXTURE_UNITS; i++)
      d->coord_replace[i] = cs->texenv[i].coord_replace;
}

static void
restore_point(struct st_context *ctx, const void *data)
{
   struct st_compat_state *cs = ctx->compat;
   const struct point_data *d = data;
   cs->point_size_min = d->size_min;
   cs->point_size_max = d->size_max;
   memcpy(cs->point_distance_attenuation, d->attenuation,
          sizeof(d->attenuation));
   for (unsigned i = 0; i < ST_MAX_FF_TEXTURE_UNITS; i++)
      cs->texenv[i].coord_replace = d->coord_replace[i];
}

/* ---- GL_LIGHTING_BIT ---- */

struct lighting_data {
   struct st_light light[ST_MAX_LIGHTS];
   struct st_material material[2];
   GLfloat model_ambient[4];
   bool local_viewer, two_side;
   GLenum color_control;
   GLenum color_material_face, color_material_mode;
   bool lighting, color_material;
   unsigned lights_enabled;
};
COMPAT_SAVER(lighting, GL_LIGHTING_BIT, struct lighting_data);

static void
save_lighting(struct st_context *ctx, void *data)
{
   const struct st_compat_state *cs = ctx->compat;
   struct lighting_data *d = data;
   memcpy(d->light, cs->light, sizeof(d->light));
   memcpy(d->material, cs->material, sizeof(d->material));
   memcpy(d->model_ambient, cs->light_model_ambient, sizeof(d->model_ambient));
   d->local_viewer = cs->light_model_local_viewer;
   d->two_side = cs->light_model_two_side;
   d->color_control = cs->light_model_color_control;
   d->color_material_face = cs->color_material_face;
   d->color_material_mode = cs->color_material_mode;
   d->lighting = cs->lighting;
   d->color_material = cs->color_material;
   d->lights_enabled = cs->lights_enabled;
}

static void
restore_lighting(struct st_context *ctx, const void *data)
{
   struct st_compat_state *cs = ctx->compat;
   const struct lighting_data *d = data;
   memcpy(cs->light, d->light, sizeof(d->light));
   memcpy(cs->material, d->material, sizeof(d->material));
   memcpy(cs->light_model_ambient, d->model_ambient, sizeof(d->model_ambient));
   cs->light_model_local_viewer = d->local_viewer;
   cs->light_model_two_side = d->two_side;
   cs->light_model_color_control = d->color_control;
   cs->color_material_face = d->color_material_face;
   cs->color_material_mode = d->color_material_mode;
   cs->lighting = d->lighting;
   cs->color_material = d->color_material;
   cs->lights_enabled = d->lights_enabled;
}

/* ---- GL_FOG_BIT ---- */

struct fog_data {
   GLenum mode, coord_src;
   GLfloat density, start, end, index, color[4];
   bool fog, color_sum;
};
COMPAT_SAVER(fog, GL_FOG_BIT, struct fog_data);

static void
save_fog(struct st_context *ctx, void *data)
{
   const struct st_compat_state *cs = ctx->compat;
   struct fog_data *d = data;
   d->mode = cs->fog_mode;
   d->coord_src = cs->fog_coord_src;
   d->density = cs->fog_density;
   d->start = cs->fog_start;
   d->end = cs->fog_end;
   d->index = cs->fog_index;
   memcpy(d->color, cs->fog_color, sizeof(d->color));
   d->fog = cs->fog;
   d->color_sum = cs->color_sum;
}

static void
restore_fog(struct st_context *ctx, const void *data)
{
   struct st_compat_state *cs = ctx->compat;
   const struct fog_data *d = data;
   cs->fog_mode = d->mode;
   cs->fog_coord_src = d->coord_src;
   cs->fog_density = d->density;
   cs->fog_start = d->start;
   cs->fog_end = d->end;
   cs->fog_index = d->index;
   memcpy(cs->fog_color, d->color, sizeof(d->color));
   cs->fog = d->fog;
   cs->color_sum = d->color_sum;
}

/* ---- GL_TRANSFORM_BIT ---- */

struct transform_data {
   GLenum matrix_mode;
   GLfloat clip_plane[ST_MAX_CLIP_DISTANCES][4];
   bool normalize, rescale_normal;
};
COMPAT_SAVER(transform, GL_TRANSFORM_BIT, struct transform_data);

static void
save_transform(struct st_context *ctx, void *data)
{
   const struct st_compat_state *cs = ctx->compat;
   struct transform_data *d = data;
   d->matrix_mode = cs->matrix_mode;
   memcpy(d->clip_plane, cs->clip_plane, sizeof(d->clip_plane));
   d->normalize = cs->normalize;
   d->rescale_normal = cs->rescale_normal;
}

static void
restore_transform(struct st_context *ctx, const void *data)
{
   struct st_compat_state *cs = ctx->compat;
   const struct transform_data *d = data;
   cs->matrix_mode = d->matrix_mode;
   memcpy(cs->clip_plane, d->clip_plane, sizeof(d->clip_plane));
   cs->normalize = d->normalize;
   cs->rescale_normal = d->rescale_normal;
}

/* ---- GL_ENABLE_BIT ---- */

struct enable_data {
   bool lighting, color_material, normalize, rescale_normal, fog;
   bool alpha_test, color_sum, vertex_program_two_side;
   unsigned lights_enabled;
   unsigned texture_enabled[ST_MAX_FF_TEXTURE_UNITS];
   unsigned texgen_enabled[ST_MAX_FF_TEXTURE_UNITS];
};
COMPAT_SAVER(enable, GL_ENABLE_BIT, struct enable_data);

static void
save_enable(struct st_context *ctx, void *data)
{
   const struct st_compat_state *cs = ctx->compat;
   struct enable_data *d = data;
   d->lighting = cs->lighting;
   d->color_material = cs->color_material;
   d->normalize = cs->normalize;
   d->rescale_normal = cs->rescale_normal;
   d->fog = cs->fog;
   d->alpha_test = cs->alpha_test;
   d->color_sum = cs->color_sum;
   d->vertex_program_two_side = cs->vertex_program_two_side;
   d->lights_enabled = cs->lights_enabled;
   memcpy(d->texture_enabled, cs->texture_enabled, sizeof(d->texture_enabled));
   memcpy(d->texgen_enabled, cs->texgen_enabled, sizeof(d->texgen_enabled));
}

static void
restore_enable(struct st_context *ctx, const void *data)
{
   struct st_compat_state *cs = ctx->compat;
   const struct enable_data *d = data;
   cs->lighting = d->lighting;
   cs->color_material = d->color_material;
   cs->normalize = d->normalize;
   cs->rescale_normal = d->rescale_normal;
   cs->fog = d->fog;
   cs->alpha_test = d->alpha_test;
   cs->color_sum = d->color_sum;
   cs->vertex_program_two_side = d->vertex_program_two_side;
   cs->lights_enabled = d->lights_enabled;
   memcpy(cs->texture_enabled, d->texture_enabled, sizeof(d->texture_enabled));
   memcpy(cs->texgen_enabled, d->texgen_enabled, sizeof(d->texgen_enabled));
}

/* ---- GL_COLOR_BUFFER_BIT ---- */

struct color_data {
   bool alpha_test;
   GLenum alpha_func;
   GLfloat alpha_ref;
};
COMPAT_SAVER(color, GL_COLOR_BUFFER_BIT, struct color_data);

static void
save_color(struct st_context *ctx, void *data)
{
   const struct st_compat_state *cs = ctx->compat;
   struct color_data *d = data;
   d->alpha_test = cs->alpha_test;
   d->alpha_func = cs->alpha_func;
   d->alpha_ref = cs->alpha_ref;
}

static void
restore_color(struct st_context *ctx, const void *data)
{
   struct st_compat_state *cs = ctx->compat;
   const struct color_data *d = data;
   cs->alpha_test = d->alpha_test;
   cs->alpha_func = d->alpha_func;
   cs->alpha_ref = d->alpha_ref;
}

/* ---- GL_TEXTURE_BIT: environments, coordinate generation, enables ---- */

struct texture_data {
   struct st_texenv texenv[ST_MAX_FF_TEXTURE_UNITS];
   struct st_texgen texgen[ST_MAX_FF_TEXTURE_UNITS][4];
   unsigned texture_enabled[ST_MAX_FF_TEXTURE_UNITS];
   unsigned texgen_enabled[ST_MAX_FF_TEXTURE_UNITS];
};
COMPAT_SAVER(texture, GL_TEXTURE_BIT, struct texture_data);

static void
save_texture(struct st_context *ctx, void *data)
{
   const struct st_compat_state *cs = ctx->compat;
   struct texture_data *d = data;
   memcpy(d->texenv, cs->texenv, sizeof(d->texenv));
   memcpy(d->texgen, cs->texgen, sizeof(d->texgen));
   memcpy(d->texture_enabled, cs->texture_enabled, sizeof(d->texture_enabled));
   memcpy(d->texgen_enabled, cs->texgen_enabled, sizeof(d->texgen_enabled));
}

static void
restore_texture(struct st_context *ctx, const void *data)
{
   struct st_compat_state *cs = ctx->compat;
   const struct texture_data *d = data;
   memcpy(cs->texenv, d->texenv, sizeof(d->texenv));
   memcpy(cs->texgen, d->texgen, sizeof(d->texgen));
   memcpy(cs->texture_enabled, d->texture_enabled, sizeof(d->texture_enabled));
   memcpy(cs->texgen_enabled, d->texgen_enabled, sizeof(d->texgen_enabled));
}
