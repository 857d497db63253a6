/* SPDX-License-Identifier: MIT */

/*
 * The compile driver: glsl_compile_shader() runs the steps of the front
 * end in order -- preprocessor (glsl_pp_run), lexer and parser
 * (glsl_parse), semantic analysis (glsl_sema_run) and, only when
 * everything so far succeeded, the translation to IR (glsl_to_ir) -- on a
 * shader object whose arena owns every result.  It also keeps the info
 * log, and holds the context's defaults: limits and supported
 * extensions.
 *
 * The info log is one growing string (capacity doubled as needed, so that
 * thousands of messages cost linear time); every message is a line
 * "S:LINE(COL): error: text" or "...: warning: text".
 */
#include "glsl_parse_priv.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "util/u_arena.h"

void
glsl_limits_default(struct glsl_limits *l)
{
   /* The minimums of OpenGL 3.3 (core, 23.2 "Implementation dependent
    * values") where Indium has no reason to go higher; the compatibility
    * values (texture units and coordinates, lights) as llvmpipe reports
    * them. */
   *l = (struct glsl_limits){
      .max_vertex_attribs = 16,
      .max_vertex_uniform_components = 4096,
      .max_fragment_uniform_components = 4096,
      .max_geometry_uniform_components = 4096,
      .max_varying_components = 64,
      .max_vertex_output_components = 64,
      .max_geometry_input_components = 64,
      .max_geometry_output_components = 128,
      .max_fragment_input_components = 128,
      .max_vertex_texture_image_units = 16,
      .max_geometry_texture_image_units = 16,
      .max_texture_image_units = 16,
      .max_combined_texture_image_units = 48,
      .max_texture_units = 8,
      .max_texture_coords = 8,
      .max_draw_buffers = 8,
      .max_clip_distances = 8,
      .max_lights = 8,
      .max_geometry_output_vertices = 256,
      .max_geometry_total_output_components = 1024,
      .min_program_texel_offset = -8,
      .max_program_texel_offset = 7,
      .max_vertex_uniform_blocks = 12,
      .max_geometry_uniform_blocks = 12,
      .max_fragment_uniform_blocks = 12,
      .max_combined_uniform_blocks = 36,
      .max_uniform_block_size = 65536,
      .max_uniform_buffer_bindings = 36,
      /* ESSL: the uniform components above as vectors; 16 varyings. */
      .max_vertex_uniform_vectors = 1024,
      .max_fragment_uniform_vectors = 1024,
      .max_varying_vectors = 16,
   };
}

const char *const *
glsl_supported_extensions(void)
{
   static const char *const extensions[] = {
      "GL_ARB_derivative_control",
      "GL_OES_standard_derivatives",
      "GL_ARB_explicit_attrib_location",
      "GL_ARB_shader_bit_encoding",
      "GL_ARB_texture_rectangle",
      "GL_EXT_texture_array",
      "GL_ARB_uniform_buffer_object",
      "GL_ARB_fragment_coord_conventions",
      "GL_ARB_draw_instanced",
      "GL_ARB_shader_texture_lod",
      /* ESSL only: gl_ClipDistance in vertex shaders. */
      "GL_APPLE_clip_distance",
      NULL,
   };
   return extensions;
}

/* Makes room for @p extra more bytes (and the NUL) in the info log. */
static bool
reserve_log(struct glsl_shader *shader, size_t extra)
{
   if (!shader->info_log_buf || shader->info_log != shader->info_log_buf) {
      /* The first append, or someone replaced the log: take over
       * whatever string is there. */
      shader->info_log_len = shader->info_log ? strlen(shader->info_log) : 0;
      shader->info_log_cap = 0;
   }
   size_t need = shader->info_log_len + extra + 1;
   if (shader->info_log_cap >= need)
      return true;
   size_t cap = shader->info_log_cap ? shader->info_log_cap : 256;
   while (cap < need)
      cap *= 2;
   char *buf = u_arena_alloc(shader->arena, cap);
   if (!buf)
      return false;
   if (shader->info_log)
      memcpy(buf, shader->info_log, shader->info_log_len);
   buf[shader->info_log_len] = '\0';
   shader->info_log = buf;
   shader->info_log_buf = buf;
   shader->info_log_cap = cap;
   return true;
}

static void
append_log(struct glsl_shader *shader, const char *text, size_t len)
{
   if (!reserve_log(shader, len))
      return;
   memcpy(shader->info_log + shader->info_log_len, text, len);
   shader->info_log_len += len;
   shader->info_log[shader->info_log_len] = '\0';
}

void
glsl_log_append_line(struct glsl_shader *shader, const char *line,
                     bool is_error)
{
   append_log(shader, line, strlen(line));
   append_log(shader, "\n", 1);
   if (is_error)
      shader->ok = false;
}

void
glsl_log_message(struct glsl_shader *shader, struct glsl_loc loc,
                 const char *kind, const char *fmt, ...)
{
   char head[64];
   int n = snprintf(head, sizeof(head), "%u:%u(%u): %s: ", loc.source, loc.line,
                    loc.column, kind);
   if (n > 0)
      append_log(shader, head, strlen(head));

   va_list args;
   va_start(args, fmt);
   char buf[512];
   va_list copy;
   va_copy(copy, args);
   int len = vsnprintf(buf, sizeof(buf), fmt, copy);
   va_end(copy);
   if (len >= (int)sizeof(buf)) {
      char *big = u_arena_vasprintf(shader->arena, fmt, args);
      if (big)
         append_log(shader, big, strlen(big));
   } else if (len > 0) {
      append_log(shader, buf, (size_t)len);
   }
   va_end(args);
   append_log(shader, "\n", 1);

   if (strcmp(kind, "error") == 0)
      shader->ok = false;
}

/* The shader's profile: explicit in #version, else the default of its
 * version (GLSL 1.50+: core; 1.40: what the context is; before: the
 * compatibility built-ins always exist). */
static enum glsl_profile
shader_profile(const struct glsl_shader *sh)
{
   if (sh->es)
      return GLSL_PROFILE_ES;
   if (sh->pp.profile == GLSL_PROFILE_CORE ||
       sh->pp.profile == GLSL_PROFILE_COMPAT)
      return sh->pp.profile;
   if (sh->version >= 150)
      return GLSL_PROFILE_CORE;
   if (sh->version == 140)
      return sh->options.context_profile == GLSL_PROFILE_COMPAT
                ? GLSL_PROFILE_COMPAT
                : GLSL_PROFILE_CORE;
   return GLSL_PROFILE_COMPAT;
}

/* The sources joined into one string. */
static char *
join_sources(struct u_arena *arena, const char *const *sources, unsigned count)
{
   size_t total = 1;
   for (unsigned i = 0; i < count; i++)
      total += sources && sources[i] ? strlen(sources[i]) : 0;
   char *text = u_arena_alloc(arena, total);
   if (!text)
      return NULL;
   size_t pos = 0;
   for (unsigned i = 0; i < count; i++) {
      if (!sources || !sources[i])
         continue;
      size_t len = strlen(sources[i]);
      memcpy(text + pos, sources[i], len);
      pos += len;
   }
   text[pos] = '\0';
   return text;
}

static void
set_options(struct glsl_shader *sh, const struct glsl_compile_options *o)
{
   if (o)
      sh->options = *o;
   if (!sh->options.max_version)
      sh->options.max_version = sh->options.es ? 300 : 330;
   if (!sh->options.extensions) {
      const char *const *ext = glsl_supported_extensions();
      unsigned n = 0;
      while (ext[n])
         n++;
      sh->options.extensions = ext;
      sh->options.num_extensions = n;
   }
   if (!sh->options.limits) {
      struct glsl_limits *limits = u_arena_zalloc(sh->arena, sizeof(*limits));
      if (limits) {
         glsl_limits_default(limits);
         sh->options.limits = limits;
      }
   }
}

/* Marks a failure that no step explained, so that the log is never empty
 * for a failed compile. */
static void
fail(struct glsl_shader *sh, const char *what)
{
   if (!sh->info_log || !strstr(sh->info_log, "error: "))
      glsl_log_message(sh, (struct glsl_loc){ 0, 0, 0 }, "error", "%s", what);
   sh->ok = false;
}

struct glsl_shader *
glsl_compile_shader(enum ir_stage stage, const char *const *sources,
                    unsigned count, const struct glsl_compile_options *o)
{
   struct u_arena *arena = u_arena_create(NULL);
   if (!arena)
      return NULL;
   struct glsl_shader *sh = u_arena_zalloc(arena, sizeof(*sh));
   if (!sh) {
      u_arena_destroy(arena);
      return NULL;
   }
   sh->arena = arena;
   sh->stage = stage;
   sh->gs_input_prim = -1;
   sh->gs_output_prim = -1;
   sh->gs_max_vertices = -1;
   set_options(sh, o);

   const char *text = join_sources(arena, sources, count);
   struct glsl_pp_options pp_opts = {
      .extensions = sh->options.extensions,
      .num_extensions = sh->options.num_extensions,
      .es = sh->options.es,
      .max_version = sh->options.max_version,
      .default_version = sh->options.default_version,
      .allow_extension_midshader = sh->options.allow_extension_midshader,
      .es_compat_max_version = sh->options.es_compat_max_version,
   };
   bool pp_ok = text && glsl_pp_run(arena, text, &pp_opts, &sh->pp);
   sh->info_log = sh->pp.info_log;
   sh->version = sh->pp.version;
   sh->es = sh->options.es || sh->pp.profile == GLSL_PROFILE_ES;
   sh->profile = shader_profile(sh);
   sh->ok = pp_ok;
   if (!pp_ok) {
      fail(sh, "preprocessing failed");
      return sh;
   }

   if (!glsl_parse(sh, sh->pp.output) || !sh->ok) {
      fail(sh, "parsing failed");
      return sh;
   }
   if (!glsl_sema_run(sh) || !sh->ok) {
      fail(sh, "semantic analysis failed");
      return sh;
   }
   if (!glsl_to_ir(sh) || !sh->ok) {
      fail(sh, "translation to IR failed");
      sh->ir = NULL;
   }
   return sh;
}

void
glsl_shader_destroy(struct glsl_shader *shader)
{
   if (shader)
      u_arena_destroy(shader->arena);
}
