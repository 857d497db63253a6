/* SPDX-License-Identifier: MIT */

/*
 * Textures and samplers (st_texture*.c, st_sampler.c): texture objects
 * of every GL 3.3 / ES 3.0 target (1D, 2D, 3D, cube, 1D/2D arrays,
 * rectangle, buffer, 2D multisample and multisample arrays), glTexImage*,
 * glTexSubImage*, glCopyTex[Sub]Image*, glCompressedTex[Sub]Image*,
 * glTexStorage*, glGenerateMipmap, glTexParameter* / glGetTexParameter*,
 * glGetTexLevelParameter*, glGetTexImage, glTexBuffer, texture units
 * (glActiveTexture, glBindTexture), sampler objects (glGenSamplers,
 * glBindSampler, glSamplerParameter*), completeness.
 *
 * Images are stored with GL's row 0 (t = 0) as the first row in memory;
 * so are renderbuffers and window-system buffers: GL window y is the
 * memory row everywhere, and only presentation flips.
 */
#ifndef ST_TEXTURE_H
#define ST_TEXTURE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "pipe/p_defines.h"
#include "pipe/p_format.h"
#include "st_gl.h"

struct pipe_resource;
struct pipe_surface;
struct st_buffer;
struct st_context;

#define ST_MAX_TEXTURE_LEVELS 15 /**< 16384 texels */
#define ST_MAX_TEXTURE_UNITS  48 /**< combined image units */

/** One mipmap level of one face (or of all layers of an array). */
struct st_texture_image {
   GLenum internal_format;       /**< as the application gave it */
   enum pipe_format format;      /**< PIPE_FORMAT_NONE: no image */
   GLsizei width, height, depth; /**< depth: layers of arrays */
   GLsizei samples;
   bool fixed_sample_locations;
   /** The texels when they do not fit the texture's resource (another
    * size or format than its mipmap chain), else NULL. */
   struct pipe_resource *own;
};

/** Sampling parameters (of a texture object or a sampler object). */
struct st_sampler_params {
   GLenum min_filter, mag_filter;
   GLenum wrap_s, wrap_t, wrap_r;
   GLfloat min_lod, max_lod, lod_bias;
   GLenum compare_mode, compare_func;
   GLfloat border_color[4]; /**< also the integer values, as bits */
   GLfloat max_anisotropy;
   bool seamless_cube_map; /**< AMD_seamless_cubemap_per_texture */
};

struct st_texture_object {
   atomic_int refcount;
   GLuint name;
   /** 0 until first bound. */
   GLenum target;
   bool deleted;
   /** [face][level]; face 0 for non-cube targets. */
   struct st_texture_image image[6][ST_MAX_TEXTURE_LEVELS];
   struct st_sampler_params sampler;
   GLint base_level, max_level;
   GLenum swizzle[4];
   /** GL_DEPTH_TEXTURE_MODE (compatibility; initially GL_LUMINANCE). */
   GLenum depth_stencil_mode;
   bool immutable;
   GLuint immutable_levels;
   bool generate_mipmap; /**< compatibility GL_GENERATE_MIPMAP */
   /** Texture buffers: the buffer, its format and range. */
   struct st_buffer *buffer;
   GLenum buffer_internal_format;
   GLintptr buffer_offset;
   GLsizeiptr buffer_size;
   /** The storage: every level and layer (NULL until needed). */
   struct pipe_resource *resource;
};

void st_texture_init(struct st_context *ctx);
void st_texture_fini(struct st_context *ctx);

struct st_texture_object *st_texture_lookup(struct st_context *ctx,
                                            GLuint name);
void st_texture_reference(struct st_texture_object **slot,
                          struct st_texture_object *tex);

/**
 * The storage of @p tex with all of its defined images in it (created or
 * re-created after images changed), NULL when it has no image or out of
 * memory.  Framebuffer attachments render into this resource.
 */
struct pipe_resource *st_texture_storage(struct st_context *ctx,
                                         struct st_texture_object *tex);

/** The image at @p level of @p face (0 for non-cube textures). */
const struct st_texture_image *
st_texture_get_image(const struct st_texture_object *tex, unsigned face,
                     unsigned level);

/**
 * Binds sampler views and sampler states of shader stage @p shader for a
 * draw: slot i samples texture unit units[i] (the value of the sampler
 * uniform; -1: unused slot).  @p targets[i] is the GL target the
 * sampler's type expects (GL_TEXTURE_2D for sampler2D...): the unit's
 * texture of that target is sampled, and an incomplete one gives the
 * GL's "incomplete" result (0, 0, 0, 1).
 */
void st_texture_validate(struct st_context *ctx, unsigned shader,
                         const int *units, const GLenum *targets,
                         unsigned num_slots);

/** st_texture_validate() where bit i of @p compare_only marks slot i as
 * a shadow sampler whose result is the depth comparison alone (GLSL 1.30
 * and later return it as a float): GL_DEPTH_TEXTURE_MODE does not apply,
 * the comparison reads as red. */
void st_texture_validate_shadow(struct st_context *ctx, unsigned shader,
                                const int *units, const GLenum *targets,
                                uint32_t compare_only, unsigned num_slots);

/** The active texture unit (glActiveTexture: GL_TEXTURE0 + i gives i);
 * the compatibility per-unit state (texture matrices, texture
 * environments, texture enables) follows it. */
unsigned st_texture_active_unit(struct st_context *ctx);

/** Makes rendering to @p tex through a framebuffer visible to later
 * sampling (nothing to do for a shared resource; hook for mipmap
 * regeneration of GL_GENERATE_MIPMAP). */
void st_texture_rendered(struct st_context *ctx, struct st_texture_object *tex);

#endif
