/* SPDX-License-Identifier: MIT */

/*
 * The built-in tables as glsl_builtins_gen.py generates them from
 * glsl_builtins.py (glsl_builtins_table.c), and the helpers the
 * glsl_builtin_*.c files share.
 *
 * Every function signature and variable row carries a list of
 * availability conditions (struct glsl_builtin_avail); it exists in an
 * environment when one of them holds.  Names are sorted (strcmp order) so
 * lookups are binary searches.  Types are indices into
 * glsl_builtin_type_names: a GLSL type name (ir_type_from_name) or the
 * name of a built-in struct (glsl_builtin_structs).
 */
#ifndef GLSL_BUILTIN_PRIV_H
#define GLSL_BUILTIN_PRIV_H

#include <stdbool.h>
#include <stdint.h>

#include "glsl_builtins.h"

/** Where a built-in exists (see glsl_builtins.py, class A). */
struct glsl_builtin_avail {
   /** Desktop versions gl_min <= v < gl_max (gl_min 0: never; gl_max 0:
    * no upper bound); the same for ES. */
   uint16_t gl_min, gl_max;
   uint16_t es_min, es_max;
   /** Bit (1 << enum ir_stage) per stage. */
   uint8_t stages;
   /** Needs glsl_env::compat. */
   bool compat;
   /** Index in glsl_builtin_ext_names of an extension that must be
    * enabled, or -1. */
   int16_t ext;
};

struct glsl_builtin_param {
   uint16_t type;
   bool out;
};

struct glsl_builtin_sig_row {
   uint16_t op; /**< enum glsl_builtin_op */
   uint16_t ret;
   uint16_t first_param;
   uint8_t num_params;
   uint8_t num_avail;
   uint16_t first_avail;
};

struct glsl_builtin_func_row {
   const char *name;
   uint16_t first_sig;
   uint16_t num_sigs;
};

/** How a variable's array size is given. */
enum glsl_builtin_array {
   GLSL_BUILTIN_ARRAY_NONE,
   GLSL_BUILTIN_ARRAY_FIXED,   /**< `length` elements */
   GLSL_BUILTIN_ARRAY_UNSIZED, /**< until redeclared or sized by use */
   GLSL_BUILTIN_ARRAY_LIMIT,   /**< the glsl_limits field at `length` */
};

struct glsl_builtin_var_info {
   uint16_t type;
   uint8_t array; /**< enum glsl_builtin_array */
   uint16_t length;
   /** Constants: byte offset in struct glsl_limits of the value (an
    * unsigned or int field), divided by value_div. */
   uint16_t value_offset;
   uint8_t value_div;
   uint8_t num_avail;
   uint16_t first_avail;
};

struct glsl_builtin_name_row {
   const char *name;
   uint16_t first;
   uint16_t count;
};

struct glsl_builtin_field {
   const char *name;
   uint16_t type;
   /** An unsized array of `type` (gl_PerVertex.gl_ClipDistance). */
   bool unsized_array;
};

struct glsl_builtin_struct_row {
   /** The table's name for it (types refer to it by this). */
   const char *key;
   /** Its GLSL name. */
   const char *name;
   /** An interface block (gl_PerVertex), not a struct. */
   bool interface;
   uint16_t first_field;
   uint8_t num_fields;
   uint8_t num_avail;
   uint16_t first_avail;
};

/** What a texture function variant does. */
struct glsl_builtin_tex_variant {
   enum ir_tex_op op;
   bool proj;
   bool offset;
   bool bias;
};

#include "glsl_builtins_table.h"

extern const char *const glsl_builtin_type_names[];
extern const unsigned glsl_builtin_num_types;
extern const char *const glsl_builtin_ext_names[];
extern const struct glsl_builtin_avail glsl_builtin_avails[];
extern const struct glsl_builtin_param glsl_builtin_params[];
extern const struct glsl_builtin_sig_row glsl_builtin_sigs[];
extern const struct glsl_builtin_func_row glsl_builtin_funcs[];
extern const unsigned glsl_builtin_num_funcs;
/** The variable rows (public part and the rest), grouped by name in
 * glsl_builtin_var_names order. */
extern const struct glsl_builtin_var glsl_builtin_vars[];
extern const struct glsl_builtin_var_info glsl_builtin_var_infos[];
extern const struct glsl_builtin_name_row glsl_builtin_var_names[];
extern const unsigned glsl_builtin_num_var_names;
extern const struct glsl_builtin_struct_row glsl_builtin_structs[];
extern const unsigned glsl_builtin_num_structs;
extern const struct glsl_builtin_field glsl_builtin_fields[];
/** Indexed by op - GLSL_BUILTIN_OP_FIRST_TEXTURE. */
extern const struct glsl_builtin_tex_variant glsl_builtin_tex_variants[];
extern const char *const glsl_builtin_op_names[];

/* ---- glsl_builtin_lookup.c ---- */

/** Whether one of the @p num conditions from @p first holds in @p env. */
bool glsl_builtin_avail_check(unsigned first, unsigned num,
                              const struct glsl_env *env);

/* ---- glsl_builtin_types.c ---- */

/**
 * The type at index @p type of glsl_builtin_type_names: a GLSL type, or a
 * built-in struct made in @p arena.  NULL when out of memory.
 */
const struct ir_type *glsl_builtin_type(unsigned type, struct u_arena *arena);

/** Whether @p op is a texture function. */
static inline bool
glsl_builtin_op_is_texture(unsigned op)
{
   return op >= GLSL_BUILTIN_OP_FIRST_TEXTURE && op < GLSL_BUILTIN_OP_COUNT;
}

/* ---- glsl_builtin_emit*.c ---- */

/** The texture functions' expansion (glsl_builtin_emit_tex.c). */
bool glsl_builtin_emit_tex(struct ir_builder *b,
                           struct glsl_builtin_call *call);
/** Trigonometry, hyperbolic functions, determinant and inverse
 * (glsl_builtin_emit_math.c); false for any other op. */
bool glsl_builtin_emit_math(struct ir_builder *b,
                            struct glsl_builtin_call *call);

/** @p d with its first component repeated to @p n components (or @p d
 * itself when it already has @p n). */
static inline struct ir_def *
glsl_emit_splat(struct ir_builder *b, struct ir_def *d, unsigned n)
{
   static const unsigned zero[4] = { 0, 0, 0, 0 };
   if (!d || d->num_components == n)
      return d;
   return ir_swizzle(b, d, zero, n);
}

/** A float constant of @p n equal components. */
static inline struct ir_def *
glsl_emit_imm(struct ir_builder *b, float f, unsigned n)
{
   return glsl_emit_splat(b, ir_imm_float(b, f), n);
}

#endif
