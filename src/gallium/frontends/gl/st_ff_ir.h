/* SPDX-License-Identifier: MIT */

/*
 * Building the fixed-function program as IR (st_ff_vs.c, st_ff_fs.c): a
 * builder over a new shader whose variables are the GLSL 1.20
 * compatibility built-ins (gl_Vertex, gl_ModelViewMatrix, gl_FrontColor,
 * gl_LightSource[]...), declared with the types and locations the GLSL
 * front end gives them, so the shader links like a compiled one and its
 * state uniforms get their values from st_compat_uniform.c.
 *
 * Values are 32-bit SSA defs; matrices are read a column at a time.
 */
#ifndef ST_FF_IR_H
#define ST_FF_IR_H

#include "compiler/glsl/glsl_builtins.h"
#include "compiler/ir/ir_builder.h"

struct st_ff_key;

struct st_ff_ir {
   struct ir_builder b;
   struct ir_shader *shader;
   /** What the built-ins are looked up in: GLSL 1.20, compatibility. */
   struct glsl_env env;
};

/** A new shader of @p stage under @p parent with an empty main, and a
 * builder at its end; false when out of memory. */
bool st_ff_ir_init(struct st_ff_ir *f, struct u_arena *parent,
                   enum ir_stage stage, const struct glsl_limits *limits);

/** The variable of built-in @p name, declared on first use (NULL when
 * there is no such built-in or no memory). */
struct ir_variable *st_ff_ir_builtin(struct st_ff_ir *f, const char *name);

/** deref_var of built-in @p name. */
struct ir_def *st_ff_ir_var(struct st_ff_ir *f, const char *name);
/** Element @p i of an array (or column @p i of a matrix) deref. */
struct ir_def *st_ff_ir_elem(struct st_ff_ir *f, struct ir_def *deref,
                             unsigned i);
/** Member @p field of a struct deref. */
struct ir_def *st_ff_ir_field(struct st_ff_ir *f, struct ir_def *deref,
                              const char *field);

/** Loads of built-ins: the whole variable, element @p i of an array,
 * member @p field of element @p i of an array of structs (i < 0: of the
 * struct itself). */
struct ir_def *st_ff_ir_load(struct st_ff_ir *f, const char *name);
struct ir_def *st_ff_ir_load_elem(struct st_ff_ir *f, const char *name,
                                  unsigned i);
struct ir_def *st_ff_ir_load_field(struct st_ff_ir *f, const char *name, int i,
                                   const char *field);

/** Stores every component of @p value into built-in @p name (element
 * @p i when i >= 0). */
void st_ff_ir_store(struct st_ff_ir *f, const char *name, int i,
                    struct ir_def *value);

/** @p matrix (a deref of a matC, C columns of the size of the result)
 * times the vector @p v of C components. */
struct ir_def *st_ff_ir_mat_mul(struct st_ff_ir *f, struct ir_def *matrix,
                                unsigned columns, struct ir_def *v);

/* Small vector helpers. */
struct ir_def *st_ff_ir_swz(struct st_ff_ir *f, struct ir_def *v,
                            const char *swizzle);
struct ir_def *st_ff_ir_splat(struct st_ff_ir *f, struct ir_def *s, unsigned n);
struct ir_def *st_ff_ir_fconst(struct st_ff_ir *f, float x, unsigned n);
struct ir_def *st_ff_ir_dot3(struct st_ff_ir *f, struct ir_def *a,
                             struct ir_def *b);
struct ir_def *st_ff_ir_normalize(struct st_ff_ir *f, struct ir_def *v3);
struct ir_def *st_ff_ir_length(struct st_ff_ir *f, struct ir_def *v3);
/** x clamped to [lo, hi] (scalars broadcast). */
struct ir_def *st_ff_ir_clamp(struct st_ff_ir *f, struct ir_def *x,
                              struct ir_def *lo, struct ir_def *hi);
/** The components of @p rgb (3) and @p a (1) as one vec4. */
struct ir_def *st_ff_ir_rgb_a(struct st_ff_ir *f, struct ir_def *rgb,
                              struct ir_def *a);

/** The vertex and fragment shaders of @p key (NULL when out of memory). */
struct ir_shader *st_ff_vs_build(const struct st_ff_key *key,
                                 struct u_arena *parent,
                                 const struct glsl_limits *limits);
struct ir_shader *st_ff_fs_build(const struct st_ff_key *key,
                                 struct u_arena *parent,
                                 const struct glsl_limits *limits);

#endif
