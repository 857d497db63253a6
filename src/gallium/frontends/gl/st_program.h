/* SPDX-License-Identifier: MIT */

/*
 * Shaders and programs (st_shader.c, st_program*.c, st_uniform*.c):
 * glCreateShader / glShaderSource / glCompileShader (the GLSL front end),
 * glCreateProgram / glAttachShader / glLinkProgram (glsl_link_program)
 * / glUseProgram / glValidateProgram, info logs, glGetShader* /
 * glGetProgram*, attribute and fragment-data locations, glUniform* /
 * glUniformMatrix* / glGetUniform*, glGetActiveUniform[s|siv|Name],
 * glGetUniformIndices, uniform blocks (glGetUniformBlockIndex,
 * glGetActiveUniformBlock*, glUniformBlockBinding), transform feedback
 * varyings, glGetAttachedShaders, glGetShaderSource, the ARB shader
 * object aliases, glReleaseShaderCompiler / glShaderBinary (ES) and
 * glGetShaderPrecisionFormat.
 *
 * For a draw, st_program_validate() binds the current program's shaders
 * as pipe CSOs (made per context on first use from ir_shader_clone() of
 * the linked IR), uploads the default uniform block (constant buffer 0),
 * binds uniform buffers (constant buffer i + 1 = stage block i), fills
 * the compatibility state uniforms from st_compat_state_uniform(), and
 * binds textures through st_texture_validate().  Without a current
 * program, a compatibility context draws with the fixed-function program
 * st_compat_ff_program() gives, and a compatibility program without a
 * vertex or fragment shader takes that stage from it.  In the
 * fixed-function program, a sampler uniform samples the unit its
 * initializer gives, or else the unit its name ends with ("ff_tex3":
 * unit 3; an array "ff_tex0[0]": units 0, 1, ...), as GLSL 1.20 has no
 * layout(binding).
 */
#ifndef ST_PROGRAM_H
#define ST_PROGRAM_H

#include <stdbool.h>
#include <stdint.h>

#include "st_gl.h"

struct glsl_program;
struct pipe_stream_output_info;
struct st_context;

/** What a vertex shader input expects from its attribute. */
enum st_attrib_kind {
   ST_ATTRIB_FLOAT,
   ST_ATTRIB_INT,
   ST_ATTRIB_UINT,
   ST_ATTRIB_DOUBLE,
};

void st_program_init(struct st_context *ctx);
void st_program_fini(struct st_context *ctx);

/**
 * Binds the shaders, constants and textures of the current program (or
 * of the fixed-function program) for a draw.  Returns false when nothing
 * must be drawn: no program in a core or ES context (not an error), or
 * the current program cannot be used (GL_INVALID_OPERATION naming
 * @p func, e.g. a program whose relink failed).
 */
bool st_program_validate(struct st_context *ctx, const char *func);

/** After st_program_validate(): the vertex shader's input locations
 * (bit i: location i, generic or compatibility) and their kinds. */
uint32_t st_program_vs_inputs(struct st_context *ctx);
enum st_attrib_kind st_program_vs_input_kind(struct st_context *ctx,
                                             unsigned location);

/** After st_program_validate(): the stream output of the last vertex
 * stage (NULL if the program captures nothing) and the number of
 * transform feedback buffers it writes. */
const struct pipe_stream_output_info *
st_program_xfb_info(struct st_context *ctx, unsigned *num_buffers);

/** The primitive type the last vertex stage emits for draws of @p mode
 * (GL_POINTS, GL_LINES or GL_TRIANGLES), for transform feedback. */
GLenum st_program_output_primitive(struct st_context *ctx, GLenum mode);

/** Whether draws of @p mode suit the input primitive of the current
 * program's geometry shader (true without one); GL 3.2 core, 2.12.2
 * makes other modes GL_INVALID_OPERATION. */
bool st_program_gs_accepts_mode(struct st_context *ctx, GLenum mode);

/**
 * After st_program_validate(): binds a copy of the vertex stage that
 * streams out the outputs at the varying slots of @p slots (bit i: enum
 * ir_varying_slot i) that it writes, four floats each in slot order, to
 * stream-output buffer 0 (made once per executable and set of slots).
 * *@p captured gets the slots captured.  False when out of memory
 * (nothing bound).  st_program_unbind_capture_vs() binds the vertex
 * stage of the draw again.
 */
bool st_program_bind_capture_vs(struct st_context *ctx, uint64_t slots,
                                uint64_t *captured);
void st_program_unbind_capture_vs(struct st_context *ctx);

/** The linked program in use (glUseProgram), NULL if none. */
const struct glsl_program *st_program_current(struct st_context *ctx);

#endif
