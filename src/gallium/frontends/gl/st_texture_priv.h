/* SPDX-License-Identifier: MIT */

/*
 * What the texture files (st_texture.c, st_texture_resource.c,
 * st_teximage.c, st_texcompressed.c, st_rgtc_encode.c, st_texcopy.c,
 * st_texgetimage.c, st_texstorage.c, st_texparam.c, st_sampler.c,
 * st_texvalidate.c, st_mipmap.c) share and nobody else sees: the
 * per-context texture state, the target table and the image storage
 * helpers.
 *
 * Storage: the texture's resource (st_texture_object::resource) holds
 * GL level L at resource level L and cube face f at layer f.  Its shape
 * comes from the base level image (a full mipmap chain below it).  An
 * image that does not fit that shape (another size or format) keeps its
 * texels in a resource of its own (st_texture_image::own) until the
 * storage is rebuilt around a new base image (st_texture_storage()),
 * when every image that then fits moves into the new resource.
 */
#ifndef ST_TEXTURE_PRIV_H
#define ST_TEXTURE_PRIV_H

#include "pipe/p_defines.h"
#include "pipe/p_state.h"
#include "st_context.h"
#include "st_texture.h"

struct st_sampler_object;
struct u_hash_table;

/** The targets, in the order of st_texture_state::bound[unit][]. */
enum st_tex_target {
   ST_TEX_1D,
   ST_TEX_2D,
   ST_TEX_3D,
   ST_TEX_CUBE,
   ST_TEX_RECT,
   ST_TEX_1D_ARRAY,
   ST_TEX_2D_ARRAY,
   ST_TEX_BUFFER,
   ST_TEX_2D_MS,
   ST_TEX_2D_MS_ARRAY,
   ST_TEX_COUNT,
};

/** A sampler object (shared). */
struct st_sampler_object {
   atomic_int refcount;
   GLuint name;
   struct st_sampler_params params;
};

/** A sampler view bound to a slot, with what it was made from. */
struct st_view_cache {
   struct pipe_sampler_view templ;
   struct pipe_resource *resource;
   struct pipe_sampler_view *view;
};

struct st_texture_state {
   unsigned active_unit;
   struct st_texture_object *bound[ST_MAX_TEXTURE_UNITS][ST_TEX_COUNT];
   struct st_sampler_object *sampler[ST_MAX_TEXTURE_UNITS];
   /** The default textures (name 0) of this context. */
   struct st_texture_object *defaults[ST_TEX_COUNT];
   /** The proxy textures (descriptions only, never storage). */
   struct st_texture_object *proxies[ST_TEX_COUNT];
   /** 1x1 (0, 0, 0, 1) textures sampled instead of incomplete ones. */
   struct pipe_resource *incomplete[ST_TEX_COUNT];
   /** Sampler CSOs by template (struct pipe_sampler_state -> void *). */
   struct u_hash_table *samplers;
   /** What is bound per stage and slot. */
   struct st_view_cache views[PIPE_SHADER_TYPES][PIPE_MAX_SHADER_SAMPLER_VIEWS];
   unsigned num_views[PIPE_SHADER_TYPES];
   void *bound_samplers[PIPE_SHADER_TYPES][PIPE_MAX_SAMPLERS];
};

/** GL target to index; false for targets the context does not have. */
bool st_tex_target_index(struct st_context *ctx, GLenum target,
                         enum st_tex_target *out);
/** The GL and pipe targets of an index. */
GLenum st_tex_target_gl(enum st_tex_target t);
enum pipe_texture_target st_tex_target_pipe(enum st_tex_target t);

/** The proxy target of GL_PROXY_TEXTURE_* @p target; false if it is not
 * one the context has. */
bool st_tex_proxy_index(struct st_context *ctx, GLenum target,
                        enum st_tex_target *out);

/** The texture bound to @p target on the active unit (the default
 * texture if none), NULL (GL_INVALID_ENUM raised naming @p func) for a
 * target the context does not have.  Cube map faces (GL_TEXTURE_CUBE_MAP_
 * POSITIVE_X...) are accepted when @p faces, giving *@p face. */
struct st_texture_object *st_texture_for_target(struct st_context *ctx,
                                                GLenum target, bool faces,
                                                unsigned *face,
                                                const char *func);

/** A new texture object (refcount 1) with the initial state of
 * @p target (0: not yet bound). */
struct st_texture_object *st_texture_create(GLuint name, GLenum target);
void st_sampler_params_init(struct st_sampler_params *p, GLenum target);

/** Number of faces of @p tex (6 for cube maps). */
unsigned st_texture_faces(const struct st_texture_object *tex);

/** Where the texels of an image are: resource, level and first layer
 * (face); NULL when the image has no storage yet. */
struct pipe_resource *st_texture_image_location(struct st_texture_object *tex,
                                                unsigned face, unsigned level,
                                                unsigned *res_level,
                                                unsigned *res_layer);

/** Defines image (face, level): sets its description and finds storage
 * for it (the texture's resource if it fits, else rebuilds around it if
 * it is the base level, else a resource of its own).  false: out of
 * memory (the image is then undefined). */
bool st_texture_define_image(struct st_context *ctx,
                             struct st_texture_object *tex, unsigned face,
                             unsigned level, GLenum internal_format,
                             enum pipe_format format, GLsizei width,
                             GLsizei height, GLsizei depth, GLsizei samples,
                             bool fixed_sample_locations);
/** Removes the image (width 0 specification). */
void st_texture_clear_image(struct st_texture_object *tex, unsigned face,
                            unsigned level);

/** Whether @p tex is complete for sampling with its own or @p sampler's
 * parameters (GL 4.6 core, 8.17), and the levels a view shows. */
bool st_texture_is_complete(struct st_context *ctx,
                            struct st_texture_object *tex,
                            const struct st_sampler_params *params,
                            unsigned *first_level, unsigned *last_level);

/** Largest texture size of a target (levels: log2 + 1). */
unsigned st_texture_max_levels(struct st_context *ctx, enum st_tex_target t);
unsigned st_texture_max_size(struct st_context *ctx, enum st_tex_target t);

/** Bind flags a texture resource of @p format gets. */
unsigned st_texture_bind_flags(struct st_context *ctx, enum pipe_format format,
                               enum pipe_texture_target target,
                               unsigned samples);

/** Something about @p tex changed that sampler views depend on. */
void st_texture_changed(struct st_context *ctx, struct st_texture_object *tex);

/* st_teximage.c: what the image entry points share. */
struct st_pixelstore;
struct pipe_transfer;

/** The target of glTexImage<dims>D-like calls (faces for 2D, proxies
 * when @p allow_proxy); false: GL_INVALID_ENUM. */
bool st_teximage_target(struct st_context *ctx, unsigned dims, GLenum target,
                        bool allow_proxy, enum st_tex_target *t, bool *proxy,
                        unsigned *face);
/** Level, size and border checks of a new image: the error or
 * GL_NO_ERROR. */
GLenum st_teximage_check_size(struct st_context *ctx, enum st_tex_target t,
                              GLint level, GLsizei width, GLsizei height,
                              GLsizei depth, GLint border);
/** Whether client @p format / @p type may go to @p internal_format. */
GLenum st_teximage_check_formats(struct st_context *ctx, enum st_tex_target t,
                                 GLenum internal_format, GLenum format,
                                 GLenum type);
/** The pixel store of a <dims>D transfer. */
void st_teximage_store(const struct st_pixelstore *in, unsigned dims,
                       struct st_pixelstore *out);
/** Maps a region of an image; strides between GL rows and GL images
 * (1D array layers are rows).  NULL without storage or on failure. */
void *st_teximage_map(struct st_context *ctx, struct st_texture_object *tex,
                      unsigned face, unsigned level, GLint x, GLint y, GLint z,
                      GLsizei w, GLsizei h, GLsizei d, unsigned usage,
                      struct pipe_transfer **transfer, size_t *row_stride,
                      size_t *image_stride);
/** Converts client pixels into a region; false: not convertible. */
bool st_teximage_write(struct st_context *ctx, struct st_texture_object *tex,
                       unsigned face, unsigned level, GLint x, GLint y, GLint z,
                       GLsizei w, GLsizei h, GLsizei d, GLenum format,
                       GLenum type, const void *pixels,
                       const struct st_pixelstore *store);
/** Whether @p img is one whose luminance, alpha or intensity lives in
 * red/green channels (st_format_legacy_channel); such images convert
 * client pixels with the two functions below (st_teximage_legacy.c). */
bool st_teximage_is_legacy(const struct st_texture_image *img);
/** Client pixels into a region of a legacy image mapped at @p map;
 * false: not convertible or out of memory. */
bool st_teximage_legacy_write(const struct st_texture_image *img,
                              const struct st_pixelstore *store, GLenum format,
                              GLenum type, const void *pixels, GLsizei w,
                              GLsizei h, GLsizei d, uint8_t *map, size_t stride,
                              size_t image_stride);
/** A legacy image's texels mapped at @p map into client pixels. */
bool st_teximage_legacy_read(const struct st_texture_image *img,
                             const struct st_pixelstore *store, GLenum format,
                             GLenum type, void *dst, GLsizei w, GLsizei h,
                             GLsizei d, const uint8_t *map, size_t stride,
                             size_t image_stride);
/** After texels of @p level changed (GL_GENERATE_MIPMAP). */
void st_teximage_written(struct st_context *ctx, struct st_texture_object *tex,
                         unsigned level);
/** The texture of a sub-image call after the shared checks; NULL on
 * error (raised). */
struct st_texture_object *
st_teximage_sub_target(struct st_context *ctx, unsigned dims, GLenum target,
                       GLint level, GLint x, GLint y, GLint z, GLsizei w,
                       GLsizei h, GLsizei d, unsigned *face, const char *func);

/* st_rgtc_encode.c */
/** Encodes a @p width x @p height RGBA float image (rows tightly packed)
 * as RGTC blocks, rows of blocks @p dst_stride bytes apart; false for
 * other formats. */
bool st_rgtc_encode(enum pipe_format format, const float *rgba, unsigned width,
                    unsigned height, uint8_t *dst, size_t dst_stride);

/* st_mipmap.c */
/** Fills the levels below the base level from it (glGenerateMipmap). */
void st_mipmap_generate(struct st_context *ctx, struct st_texture_object *tex);

/* st_sampler.c */
void st_sampler_reference(struct st_sampler_object **slot,
                          struct st_sampler_object *s);
/** Creates (or finds) the sampler CSO for @p p sampling a texture whose
 * texels are integers when @p integer (filters forced to nearest). */
void *st_sampler_cso(struct st_context *ctx, const struct st_sampler_params *p,
                     bool integer, bool rect, bool seamless);
void st_sampler_fini(struct st_context *ctx);

/* st_texparam.c: the checks shared with sampler objects.  Sets
 * @p p's parameter @p pname from @p iv or @p fv (exactly one non-NULL;
 * @p integer_border: the glTexParameterI* forms).  Returns the error
 * (GL_NO_ERROR, or the error and nothing changed). */
GLenum st_sampler_param_set(struct st_context *ctx, struct st_sampler_params *p,
                            GLenum pname, const GLint *iv, const GLfloat *fv,
                            bool integer_border, bool sampler_object);
/** Reads @p pname of @p p into iv or fv; false for unknown pnames. */
bool st_sampler_param_get(struct st_context *ctx,
                          const struct st_sampler_params *p, GLenum pname,
                          GLint *iv, GLfloat *fv, bool integer_border);

#endif
