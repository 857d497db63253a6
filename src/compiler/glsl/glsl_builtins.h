/* SPDX-License-Identifier: MIT */

/*
 * GLSL built-ins: the variables, constants and functions every shader
 * sees without declaring them, for each version, stage, profile and
 * enabled extension.
 *
 * The tables are generated at build time from glsl_builtins.py (one line
 * per function family with generic types such as genType expanded by
 * glsl_builtins_gen.py).  Semantic analysis asks for the candidates of a
 * name (glsl_builtin_var_lookup, glsl_builtin_func_lookup) and folds calls
 * with constant arguments (glsl_builtin_const_eval); the translation to
 * IR expands calls (glsl_builtin_emit, glsl_builtin_*.c).
 */
#ifndef GLSL_BUILTINS_H
#define GLSL_BUILTINS_H

#include <stdbool.h>

#include "compiler/ir/ir.h"
#include "compiler/ir/ir_builder.h"
#include "glsl_compiler.h"

struct u_arena;

/** What decides whether a built-in exists. */
struct glsl_env {
   unsigned version;
   bool es;
   /** Desktop: the compatibility built-ins exist (version < 140, or
    * "#version 150 compatibility" on a compatibility context). */
   bool compat;
   enum ir_stage stage;
   /** Whether extension @p name ("GL_ARB_texture_rectangle") is enabled
    * (by #extension enable/require/warn or because the version includes
    * it, as the extension's own text says). */
   bool (*ext_enabled)(void *data, const char *name);
   void *ext_data;
   const struct glsl_limits *limits;
};

/** How the IR sees a built-in variable. */
enum glsl_builtin_var_kind {
   /** A varying: `slot` is an enum ir_varying_slot (an out in the vertex
    * and geometry stages, an in in the geometry and fragment stages). */
   GLSL_BUILTIN_VARYING,
   /** A system value: `slot` is an enum ir_system_value. */
   GLSL_BUILTIN_SYSTEM_VALUE,
   /** A fragment output: `slot` is the location (0.. for gl_FragData[],
    * gl_FragColor broadcast is marked by broadcast_color, or
    * IR_FRAG_RESULT_DEPTH). */
   GLSL_BUILTIN_FRAG_RESULT,
   /** A compatibility vertex attribute (gl_Vertex...): `slot` is an enum
    * glsl_builtin_attrib. */
   GLSL_BUILTIN_ATTRIBUTE,
   /** A compatibility state uniform (gl_ModelViewMatrix...): `slot` is an
    * enum glsl_state_uniform. */
   GLSL_BUILTIN_STATE_UNIFORM,
   /** A constant (gl_MaxDrawBuffers...): its value comes from the limits
    * (glsl_builtin_var_constant). */
   GLSL_BUILTIN_CONSTANT,
};

/** Compatibility vertex attributes. */
enum glsl_builtin_attrib {
   GLSL_ATTRIB_VERTEX,
   GLSL_ATTRIB_NORMAL,
   GLSL_ATTRIB_COLOR,
   GLSL_ATTRIB_SECONDARY_COLOR,
   GLSL_ATTRIB_FOG_COORD,
   GLSL_ATTRIB_MULTI_TEX_COORD0, /**< + i for i < 8 */
   GLSL_ATTRIB_COUNT = GLSL_ATTRIB_MULTI_TEX_COORD0 + 8,
};

/** Compatibility state uniforms (the state tracker supplies them). */
enum glsl_state_uniform {
   GLSL_STATE_MODELVIEW_MATRIX,
   GLSL_STATE_PROJECTION_MATRIX,
   GLSL_STATE_MVP_MATRIX,
   GLSL_STATE_TEXTURE_MATRIX, /**< array */
   GLSL_STATE_NORMAL_MATRIX,
   GLSL_STATE_MODELVIEW_MATRIX_INVERSE,
   GLSL_STATE_PROJECTION_MATRIX_INVERSE,
   GLSL_STATE_MVP_MATRIX_INVERSE,
   GLSL_STATE_TEXTURE_MATRIX_INVERSE,
   GLSL_STATE_MODELVIEW_MATRIX_TRANSPOSE,
   GLSL_STATE_PROJECTION_MATRIX_TRANSPOSE,
   GLSL_STATE_MVP_MATRIX_TRANSPOSE,
   GLSL_STATE_TEXTURE_MATRIX_TRANSPOSE,
   GLSL_STATE_MODELVIEW_MATRIX_INVERSE_TRANSPOSE,
   GLSL_STATE_PROJECTION_MATRIX_INVERSE_TRANSPOSE,
   GLSL_STATE_MVP_MATRIX_INVERSE_TRANSPOSE,
   GLSL_STATE_TEXTURE_MATRIX_INVERSE_TRANSPOSE,
   GLSL_STATE_NORMAL_SCALE,
   GLSL_STATE_DEPTH_RANGE,    /**< gl_DepthRange (struct) */
   GLSL_STATE_CLIP_PLANE,     /**< gl_ClipPlane[] */
   GLSL_STATE_POINT,          /**< gl_Point (struct) */
   GLSL_STATE_FRONT_MATERIAL, /**< gl_FrontMaterial */
   GLSL_STATE_BACK_MATERIAL,  /**< gl_BackMaterial */
   GLSL_STATE_LIGHT_SOURCE,   /**< gl_LightSource[] */
   GLSL_STATE_LIGHT_MODEL,    /**< gl_LightModel */
   GLSL_STATE_FRONT_LIGHT_MODEL_PRODUCT,
   GLSL_STATE_BACK_LIGHT_MODEL_PRODUCT,
   GLSL_STATE_FRONT_LIGHT_PRODUCT, /**< array */
   GLSL_STATE_BACK_LIGHT_PRODUCT,  /**< array */
   GLSL_STATE_TEXTURE_ENV_COLOR,   /**< array */
   GLSL_STATE_EYE_PLANE_S,         /**< arrays, one per texgen plane */
   GLSL_STATE_EYE_PLANE_T,
   GLSL_STATE_EYE_PLANE_R,
   GLSL_STATE_EYE_PLANE_Q,
   GLSL_STATE_OBJECT_PLANE_S,
   GLSL_STATE_OBJECT_PLANE_T,
   GLSL_STATE_OBJECT_PLANE_R,
   GLSL_STATE_OBJECT_PLANE_Q,
   GLSL_STATE_FOG, /**< gl_Fog (struct) */
   GLSL_STATE_COUNT,
};

struct glsl_builtin_var {
   const char *name;
   enum glsl_builtin_var_kind kind;
   /** GLSL_STORAGE_IN, _OUT, _UNIFORM, _CONST or _SYSTEM_VALUE. */
   enum glsl_storage storage;
   int slot;
   /** gl_FragColor: written to every colour output. */
   bool broadcast_color;
   /** May be redeclared (gl_TexCoord, gl_FragDepth with layout, the
    * gl_PerVertex members, gl_FragCoord with layout...). */
   bool redeclarable;
   /** Default precision of the ES built-in (its declaration in the
    * ESSL specification). */
   enum glsl_precision precision;
};

/** The built-in variable or constant @p name visible in @p env, or NULL. */
const struct glsl_builtin_var *
glsl_builtin_var_lookup(const char *name, const struct glsl_env *env);

/**
 * The type of @p var in @p env, made in @p arena (arrays sized by the
 * limits: gl_TexCoord[gl_MaxTextureCoords]; gl_ClipDistance unsized
 * until redeclared).  NULL when out of memory.
 */
const struct ir_type *glsl_builtin_var_type(const struct glsl_builtin_var *var,
                                            const struct glsl_env *env,
                                            struct u_arena *arena);

/**
 * The built-in struct type @p name ("gl_LightSourceParameters"...) that a
 * shader may name in @p env (compatibility structs, gl_DepthRangeParameters
 * everywhere), made in @p arena; NULL when there is no such struct there.
 */
const struct ir_type *glsl_builtin_struct_type(const char *name,
                                               const struct glsl_env *env,
                                               struct u_arena *arena);

/** The value of a GLSL_BUILTIN_CONSTANT (an int), in @p arena. */
struct ir_constant *
glsl_builtin_var_constant(const struct glsl_builtin_var *var,
                          const struct glsl_env *env, struct u_arena *arena);

/**
 * Makes the built-in signatures of function @p name that exist in @p env
 * (glsl_function_sig list linked through next, is_builtin set, params
 * made as GLSL_STORAGE_PARAM_IN/OUT symbols, `function` pointing to one
 * shared symbol of kind GLSL_SYM_FUNCTION), in @p arena.  NULL when the
 * name is no built-in function there.  Callers cache the result per name.
 */
struct glsl_function_sig *glsl_builtin_func_lookup(const char *name,
                                                   const struct glsl_env *env,
                                                   struct u_arena *arena);

/** Whether @p name is a built-in function in some version or stage (for
 * the GLSL >= 1.30 / ESSL rule that built-in functions may not be
 * redeclared or overloaded). */
bool glsl_builtin_func_exists(const char *name, const struct glsl_env *env);

/**
 * Folds a call of built-in @p sig when every argument is constant
 * (args[i] of sig->params[i]->type).  Returns the value in @p arena, or
 * NULL when the function cannot be folded (texture functions,
 * derivatives, out parameters, noise...) or a result would be undefined.
 */
struct ir_constant *glsl_builtin_const_eval(const struct glsl_function_sig *sig,
                                            struct ir_constant *const *args,
                                            struct u_arena *arena);

/**
 * The index of the parameter of built-in @p sig that is a texel offset
 * (textureOffset, texelFetchOffset...), or -1 when it has none.  The
 * argument must be a constant expression (GLSL 1.30, 8.7) whose
 * components lie in gl_MinProgramTexelOffset..gl_MaxProgramTexelOffset.
 */
int glsl_builtin_tex_offset_param(const struct glsl_function_sig *sig);

/** The most arguments of a built-in function. */
#define GLSL_BUILTIN_MAX_ARGS 6

/**
 * One call to expand.  Values are SSA defs; a matrix is given (and
 * returned) as its columns, anything else in column 0.
 */
struct glsl_builtin_call {
   const struct glsl_function_sig *sig;
   /** The value of each in / inout argument (NULL for out parameters
    * and for the sampler argument). */
   struct ir_def *args[GLSL_BUILTIN_MAX_ARGS][4];
   /** Texture functions: the sampler argument's texture slot (the
    * translation computes it from the sampler uniform). */
   unsigned texture_slot;
   /** Filled by glsl_builtin_emit: what to store to each out / inout
    * argument (NULL for in parameters). */
   struct ir_def *out_values[GLSL_BUILTIN_MAX_ARGS][4];
   /** Filled: the result (columns for a matrix); NULL for void. */
   struct ir_def *result[4];
};

/**
 * Emits the IR of @p call at the builder's cursor.  The expansions give
 * at least the precision the specification demands (mod() through the
 * IR's fmod, and so on).  Returns false for a function the expansion does
 * not support (the translation then reports it).
 */
bool glsl_builtin_emit(struct ir_builder *b, struct glsl_builtin_call *call);

#endif
