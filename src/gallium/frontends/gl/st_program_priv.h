/* SPDX-License-Identifier: MIT */

/*
 * Internals shared by the shader and program files (st_shader.c,
 * st_program*.c, st_uniform.c).
 *
 * Objects.  Shaders and programs live in one name space
 * (st_shared::shader_objects) and start with a common header telling the
 * kind, because many entry points must tell "not a name" (INVALID_VALUE)
 * from "a name of the other kind" (INVALID_OPERATION).
 *
 * Executables.  A successful glLinkProgram makes a new struct
 * st_executable: the linked glsl_program plus the state GL keeps with the
 * executable (the default block's bytes, sampler unit values, uniform
 * block bindings).  It is reference counted because it outlives its
 * program object's next link: a context that has the program current
 * keeps drawing with the old executable after a failed relink (GL 4.6,
 * 7.3: "any existing executables and associated state will remain part
 * of the current rendering state"), and each context's shader CSO cache
 * holds a reference to the executables it has CSOs for.  A successful
 * relink replaces st_program::exec; contexts that have the program
 * current notice the new executable the next time they use it
 * (st_program_current_exec()).
 *
 * Locking: st_shared::mutex guards the name table and the deletion
 * bookkeeping (attach counts, use counts, pending deletions); the
 * contents of an object are changed by the thread that calls GL on it,
 * as GL leaves concurrent changes of one object undefined.
 */
#ifndef ST_PROGRAM_PRIV_H
#define ST_PROGRAM_PRIV_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "compiler/glsl/glsl_link.h"
#include "pipe/p_state.h"
#include "st_gl.h"
#include "st_program.h"
#include "st_vertex.h"
#include "util/u_dynarray.h"

struct st_context;
struct u_hash_table;

enum st_shobj_kind {
   ST_SHOBJ_SHADER,
   ST_SHOBJ_PROGRAM,
};

/** The header of shader and program objects. */
struct st_shobj {
   enum st_shobj_kind kind;
   GLuint name;
};

struct st_shader {
   struct st_shobj base;
   GLenum type;
   enum ir_stage stage;
   /** The concatenated glShaderSource strings (malloc), NULL before. */
   char *source;
   bool compile_status;
   /** Of the last compile (malloc), NULL when empty. */
   char *info_log;
   /** The last successful compile, what glLinkProgram links. */
   struct glsl_shader *compiled;
   /** glDeleteShader while attached: freed on the last detach. */
   bool delete_pending;
   unsigned attach_count;
};

/** A compatibility state uniform element ("gl_TextureMatrix[1]") and
 * where its value goes in the default block. */
struct st_state_uniform {
   char *name;
   unsigned offset;
   /** Columns and rows of the type; bytes between columns. */
   unsigned columns, rows, matrix_stride;
};

struct st_executable {
   atomic_int refcount;
   struct glsl_program *prog;
   /** Whether prog is destroyed with the executable (false for the
    * fixed-function programs, which st_compat.c owns). */
   bool owns_prog;
   /** The default uniform block (prog->default_block_size bytes, at
    * least 16); booleans are 32-bit words, 0 or 1. */
   uint8_t *data;
   /** Per GL location: the unit of a sampler element, -1 otherwise. */
   int *sampler_units;
   /** The locations of sampler elements. */
   unsigned *sampler_locations;
   unsigned num_sampler_locations;
   /** Per program uniform block: glUniformBlockBinding. */
   GLuint *block_bindings;
   /** glTransformFeedbackVaryings' mode at link time. */
   GLenum xfb_mode;

   /* Derived at creation for draws. */
   uint32_t vs_inputs;
   uint8_t vs_input_kind[ST_MAX_ATTRIB_LOCATIONS];
   struct pipe_stream_output_info so;
   unsigned num_so_buffers;
   struct st_state_uniform *state_uniforms;
   unsigned num_state_uniforms;
   /** Stages with texture slots: the number of slots per stage. */
   unsigned num_texture_slots[IR_STAGE_COUNT];
};

struct st_program {
   struct st_shobj base;
   /** struct st_shader *, in attach order. */
   struct u_dynarray attached;
   bool delete_pending;
   /** Contexts that have it current (glUseProgram). */
   unsigned use_count;
   bool link_status;
   bool validate_status;
   /** Of the last link or validate (malloc), NULL when empty. */
   char *info_log;
   /** The executable of the last link, NULL if it failed or none. */
   struct st_executable *exec;

   /* What the next link uses: struct glsl_link_binding with malloc'd
    * names. */
   struct u_dynarray attrib_bindings;
   struct u_dynarray frag_data_bindings;
   char **xfb_varyings;
   unsigned num_xfb_varyings;
   GLenum xfb_mode;
   /** GL_PROGRAM_BINARY_RETRIEVABLE_HINT (ES 3.0). */
   bool binary_retrievable_hint;
};

/** An entry of a context's shader CSO cache. */
struct st_cso_entry {
   struct st_executable *exec;
   void *cso[IR_STAGE_COUNT];
   uint64_t last_use;
   /** A copy of the vertex stage streaming out the varying slots
    * capture_slots (st_program_bind_capture_vs()), NULL if none yet. */
   void *capture_vs;
   uint64_t capture_slots;
};

#define ST_CSO_CACHE_SIZE 32

/** Per-context state (st_context::program). */
struct st_program_state {
   /** glUseProgram's program (holds a use count), NULL if none. */
   struct st_program *current;
   /** The executable draws and glUniform* use: the current program's,
    * or the one before its failed relink. */
   struct st_executable *exec;

   /** Executables wrapping the fixed-function programs, by
    * glsl_program pointer. */
   struct u_hash_table *ff_execs;

   struct st_cso_entry cache[ST_CSO_CACHE_SIZE];
   uint64_t use_clock;
   /** The entry whose CSO st_program_validate bound for each stage, NULL
    * for none.  Stages may come from different executables: a
    * compatibility program without a vertex or fragment shader uses the
    * fixed-function program's. */
   struct st_cso_entry *bound[IR_STAGE_COUNT];
   /** Constant buffer 0 of each stage for the last draw (the default
    * block + state uniforms), grown as needed. */
   uint8_t *constants[IR_STAGE_COUNT];
   unsigned constants_size[IR_STAGE_COUNT];
};

/* ---- Objects (st_program.c) ---- */

/** The object named @p name or NULL (takes the shared mutex). */
struct st_shobj *st_shobj_lookup(struct st_context *ctx, GLuint name);
/** The shader @p name; raises INVALID_VALUE (no object) or
 * INVALID_OPERATION (a program) naming @p func and returns NULL. */
struct st_shader *st_shader_lookup_err(struct st_context *ctx, GLuint name,
                                       const char *func);
/** The program @p name; INVALID_VALUE / INVALID_OPERATION likewise. */
struct st_program *st_program_lookup_err(struct st_context *ctx, GLuint name,
                                         const char *func);
/** Like st_program_lookup_err(), and the program must be linked
 * (INVALID_OPERATION); returns its executable. */
struct st_executable *st_program_linked_err(struct st_context *ctx, GLuint name,
                                            const char *func);
/** Frees a shader no name or program refers to any more. */
void st_shader_free(struct st_shader *sh);
/** Drops one attachment of @p sh (the caller holds the shared mutex);
 * frees a shader flagged for deletion when it was the last. */
void st_shader_detached(struct st_context *ctx, struct st_shader *sh);

/** glGetShaderiv / glGetProgramiv of @p pname into *@p out; false
 * (INVALID_ENUM or INVALID_OPERATION raised naming @p func) if the
 * context has no such pname or it has no value now. */
bool st_shader_param(struct st_context *ctx, const struct st_shader *sh,
                     GLenum pname, GLint *out, const char *func);
bool st_program_param(struct st_context *ctx, struct st_program *prog,
                      GLenum pname, GLint *out, const char *func);

/** The executable draws and glUniform* use now, NULL if none; adopts the
 * current program's newer executable after a successful relink. */
struct st_executable *st_program_current_exec(struct st_context *ctx);

/** Why the executable cannot be used for a draw now (GL 3.3, 2.11.7:
 * samplers of different types on one unit), NULL if it can. */
const char *st_program_draw_problem(const struct st_executable *exec);

/* ---- Executables (st_program_exec.c) ---- */

/** Wraps @p prog (ok); @p owns: destroy prog with the executable.  NULL
 * when out of memory (prog is then not destroyed). */
struct st_executable *st_executable_create(struct glsl_program *prog, bool owns,
                                           GLenum xfb_mode);
void st_executable_reference(struct st_executable **slot,
                             struct st_executable *exec);

/** The GL type enum of a uniform / attribute / varying type (GL_FLOAT_VEC4,
 * GL_SAMPLER_2D_SHADOW...), 0 if it has none. */
GLenum st_gl_type(const struct ir_type *type);
/** The texture target a sampler type samples. */
GLenum st_sampler_target(const struct ir_type *type);

/* ---- Draws (st_program_draw.c) ---- */

/** Deletes the context's shader CSOs (st_program_fini). */
void st_program_draw_fini(struct st_context *ctx);

/** Copies at most @p buf_size - 1 bytes of @p src and a NUL to @p buf
 * (nothing when buf_size is 0) and the number copied to *@p length; the
 * GL rule of every glGet*Name / glGet*InfoLog / glGetShaderSource. */
void st_copy_string(const char *src, GLsizei buf_size, GLsizei *length,
                    GLchar *buf);

#endif
