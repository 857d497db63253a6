/* SPDX-License-Identifier: MIT */

/*
 * What the linker's parts share: the state of one link and small helpers.
 *
 *    glsl_link.c           the driver: cloning, stage checks, varyings,
 *                          vertex attributes, fragment outputs
 *    glsl_link_uniforms.c  the default block, uniform blocks, the active
 *                          uniform list and GL uniform locations
 *    glsl_link_xfb.c       transform feedback varyings
 *    glsl_link_gs.c        geometry inputs as arrays over vertices
 *    glsl_link_stage.c     a stage made of several shaders: checks and
 *                          translation together
 *    glsl_link_clip.c      gl_ClipDistance packed four floats a slot
 *    glsl_link_checks.c    rules between stages that only check
 *    glsl_link_unsized.c   unsized arrays in in/out blocks get sizes
 */
#ifndef GLSL_LINK_PRIV_H
#define GLSL_LINK_PRIV_H

#include <stdbool.h>

#include "glsl_link.h"

struct u_set;

struct glsl_link {
   struct glsl_program *prog;
   const struct glsl_link_options *opts;
   struct glsl_limits limits;
   /** The compiled shader of each stage (NULL: absent): the one that
    * defines main when the stage has several. */
   struct glsl_shader *shaders[IR_STAGE_COUNT];
   /** All compiled shaders of each stage, in the order given. */
   struct glsl_shader **stage_shaders[IR_STAGE_COUNT];
   unsigned num_stage_shaders[IR_STAGE_COUNT];
   /** Variables some instruction of the stage's clone refers to. */
   struct u_set *used[IR_STAGE_COUNT];
   /** Texture slots the stage's tex instructions read (bit per slot):
    * sampler uniforms have no derefs once translated. */
   uint64_t textures_used[IR_STAGE_COUNT];
   struct u_strbuf *log;
};

/** Appends "error: <message>" to the program's log and fails the link. */
void glsl_link_error(struct glsl_link *l, const char *fmt, ...)
   __attribute__((format(printf, 2, 3)));

/** Whether the stage's code refers to @p var. */
bool glsl_link_var_used(const struct glsl_link *l, enum ir_stage stage,
                        const struct ir_variable *var);

/** Whether the stage's code refers to @p var, or for a sampler (or a
 * variable holding samplers) to one of its texture slots. */
bool glsl_link_uniform_used(const struct glsl_link *l, enum ir_stage stage,
                            const struct ir_variable *var);

/** The type as the IR prints it ("vec4", "S[2]"), for messages. */
const char *glsl_link_type_name(const struct glsl_link *l,
                                const struct ir_type *t);

/** Whether @p var is a GLSL built-in ("gl_" prefix). */
bool glsl_link_is_builtin(const struct ir_variable *var);

/** "vertex", "geometry"... */
const char *glsl_link_stage_name(enum ir_stage stage);

/** Makes prog->stages[@p stage]: the compiled IR copied when one shader
 * with everything it calls makes the stage, else its shaders translated
 * together (glsl_link_stage.c); false after an error. */
bool glsl_link_stage_ir(struct glsl_link *l, enum ir_stage stage);

/** Packs the gl_ClipDistance arrays of every stage into vec4 slots
 * (glsl_link_clip.c); false after an error. */
bool glsl_link_clip_distances(struct glsl_link *l);

/** Built-in colour interpolation, ESSL invariance of gl_FragCoord and
 * gl_PointCoord, ESSL uniform precisions (glsl_link_checks.c); false
 * after an error. */
bool glsl_link_check_interfaces(struct glsl_link *l);

/** Sizes the unsized array members of input and output blocks by the
 * indices each stage uses (glsl_link_unsized.c); false after an error. */
bool glsl_link_size_block_arrays(struct glsl_link *l);

/** Lays out the default block, the uniform blocks and the active
 * uniform list; false after an error. */
bool glsl_link_uniforms(struct glsl_link *l);

/** Fills the transform feedback lists from the options; false after an
 * error. */
bool glsl_link_xfb(struct glsl_link *l);

/** Rewrites the geometry stage's gl_in[] into one array over vertices
 * per member read, each with its varying location (glsl_link_gs.c);
 * false after an error. */
bool glsl_link_gs_inputs(struct glsl_link *l);

#endif
