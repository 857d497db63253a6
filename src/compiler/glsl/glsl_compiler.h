/* SPDX-License-Identifier: MIT */

/*
 * The GLSL front end's public interface: compile one shader (preprocess,
 * lex, parse, analyse, translate to IR) and describe the context it is
 * compiled for.  Linking is in glsl_link.h.
 *
 * A compiled shader owns an arena holding its AST, symbols, info log and
 * IR; glsl_shader_destroy() frees all of it.  Compilation never fails by
 * crashing: any input gives a shader with ok == false and a log.
 */
#ifndef GLSL_COMPILER_H
#define GLSL_COMPILER_H

#include <stdbool.h>
#include <stddef.h>

#include "compiler/ir/ir.h"
#include "glsl_ast.h"
#include "glsl_pp.h"
#include "glsl_symbols.h"

struct u_arena;

/**
 * Implementation limits visible to shaders (the gl_Max* built-in
 * constants) and checked at compile or link time.  Defaults are the
 * minimums of GL 3.3 / ES 3.0 (glsl_limits_default()).
 */
struct glsl_limits {
   unsigned max_vertex_attribs;
   unsigned max_vertex_uniform_components;
   unsigned max_fragment_uniform_components;
   unsigned max_geometry_uniform_components;
   unsigned max_varying_components;
   unsigned max_vertex_output_components;
   unsigned max_geometry_input_components;
   unsigned max_geometry_output_components;
   unsigned max_fragment_input_components;
   unsigned max_vertex_texture_image_units;
   unsigned max_geometry_texture_image_units;
   unsigned max_texture_image_units;
   unsigned max_combined_texture_image_units;
   unsigned max_texture_units;  /**< compatibility: fixed-function units */
   unsigned max_texture_coords; /**< compatibility: gl_TexCoord[] size */
   unsigned max_draw_buffers;
   unsigned max_clip_distances; /**< also gl_MaxClipPlanes */
   unsigned max_lights;
   unsigned max_geometry_output_vertices;
   unsigned max_geometry_total_output_components;
   int min_program_texel_offset;
   int max_program_texel_offset;
   unsigned max_vertex_uniform_blocks;
   unsigned max_geometry_uniform_blocks;
   unsigned max_fragment_uniform_blocks;
   unsigned max_combined_uniform_blocks;
   unsigned max_uniform_block_size;
   unsigned max_uniform_buffer_bindings;
   /* ES 1.00 / 3.00 names */
   unsigned max_vertex_uniform_vectors;
   unsigned max_fragment_uniform_vectors;
   unsigned max_varying_vectors;
};

/** Fills @p limits with Indium's values. */
void glsl_limits_default(struct glsl_limits *limits);

/** The context a shader is compiled for. */
struct glsl_compile_options {
   /** Highest version the context accepts (330, or 300 with es). */
   unsigned max_version;
   /** In a desktop context, the GLSL ES versions up to this one are also
    * accepted (300 with ARB_ES3_compatibility, which brings ES 3.0's 1.00
    * and 3.00); 0 for none.  Such shaders compile as ES shaders and link
    * only with ES shaders of the same version. */
   unsigned es_compat_max_version;
   /** An OpenGL ES context. */
   bool es;
   /** Profile of a desktop context (GLSL_PROFILE_CORE or _COMPAT);
    * decides whether the compatibility built-ins exist for #version 140
    * and later. */
   enum glsl_profile context_profile;
   /** Extensions the context supports ("GL_ARB_texture_rectangle"...);
    * NULL means glsl_supported_extensions(). */
   const char *const *extensions;
   unsigned num_extensions;
   /** NULL means glsl_limits_default(). */
   const struct glsl_limits *limits;
   /** Workarounds for applications (driconf): the version of a desktop
    * shader without #version (0: 110); #extension after the first
    * declaration accepted; variables without an initializer (locals,
    * globals, outputs) start as zero. */
   unsigned default_version;
   bool allow_extension_midshader;
   bool zero_init;
};

/** The extensions the front end implements, NULL-terminated. */
const char *const *glsl_supported_extensions(void);

struct glsl_shader {
   /** Owns everything below. */
   struct u_arena *arena;
   enum ir_stage stage;
   /** From #version (or the default). */
   unsigned version;
   bool es;
   enum glsl_profile profile;
   /** Compiled without errors. */
   bool ok;
   /** Errors and warnings: "0:LINE(COL): error: message" lines. */
   char *info_log;
   /** The buffer glsl_log_message() appends to, its length and size.
    * When info_log is not this buffer (set by someone else), the next
    * message copies it into a new one. */
   char *info_log_buf;
   size_t info_log_len;
   size_t info_log_cap;
   /** The options it was compiled with (copied). */
   struct glsl_compile_options options;
   /** The preprocessor's result (extensions and their behaviour). */
   struct glsl_pp_result pp;

   struct glsl_ast_unit *ast;
   /**
    * The global interface, in declaration order: every global variable
    * of storage in, out or uniform (interface blocks as their block
    * variable), built-ins that the shader redeclared or used included.
    */
   struct glsl_symbol **globals;
   unsigned num_globals;
   /** The user functions, to find main and duplicates across shaders. */
   struct glsl_symbol **functions;
   unsigned num_functions;

   /** Fragment: layout(origin_upper_left), layout(pixel_center_integer)
    * on gl_FragCoord; geometry: the input and output layouts (0 / -1
    * when not declared). */
   bool origin_upper_left;
   bool pixel_center_integer;
   int gs_input_prim;  /**< enum ir_prim, -1 if not declared */
   int gs_output_prim; /**< enum ir_prim, -1 if not declared */
   int gs_max_vertices;

   /** The IR (one function per user function, not yet inlined), NULL
    * when !ok. */
   struct ir_shader *ir;
};

/**
 * Compiles the @p count source strings (concatenated, as glShaderSource
 * gives them) of a shader of @p stage.  Never returns NULL except when
 * out of memory.
 */
struct glsl_shader *glsl_compile_shader(enum ir_stage stage,
                                        const char *const *sources,
                                        unsigned count,
                                        const struct glsl_compile_options *o);
void glsl_shader_destroy(struct glsl_shader *shader);

/* ---- The steps, for the compiler's own parts and their tests ---- */

/**
 * Parses the preprocessed text into shader->ast; errors go to the log.
 * Returns false on a syntax error (the AST then holds what was parsed).
 */
bool glsl_parse(struct glsl_shader *shader, const char *text);
/** Analyses shader->ast, filling the sema fields, globals and functions;
 * returns false on an error. */
bool glsl_sema_run(struct glsl_shader *shader);
/** Translates the analysed AST into shader->ir; returns false (with a
 * log message) only for something the translation does not support. */
bool glsl_to_ir(struct glsl_shader *shader);

/**
 * Appends one message to shader->info_log and, for errors, clears
 * shader->ok.  @p kind is "error" or "warning".
 */
void glsl_log_message(struct glsl_shader *shader, struct glsl_loc loc,
                      const char *kind, const char *fmt, ...)
   __attribute__((format(printf, 4, 5)));

#endif
