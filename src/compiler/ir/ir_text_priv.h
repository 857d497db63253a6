/* SPDX-License-Identifier: MIT */

/*
 * Internals of the IR text form shared by the printer (ir_print.c,
 * ir_print_decl.c) and the parser (ir_parse*.c): the spelling of enums,
 * the "C" numeric locale both run under, and the printer's state.  Not
 * for use outside those files.
 */
#ifndef IR_TEXT_PRIV_H
#define IR_TEXT_PRIV_H

#include <locale.h>
#include <stdbool.h>

#include "compiler/ir/ir.h"

#define IR_TEXT_NUM_PRIMS     (IR_PRIM_TRIANGLE_STRIP + 1)
#define IR_TEXT_NUM_DIMS      (IR_SAMPLER_DIM_MS + 1)
#define IR_TEXT_NUM_VAR_MODES 7

extern const char *const ir_text_stage_names[IR_STAGE_COUNT];
extern const char *const ir_text_prim_names[IR_TEXT_NUM_PRIMS];
extern const char *const ir_text_tex_op_names[IR_TEX_OP_COUNT];
extern const char *const ir_text_tex_dim_names[IR_TEXT_NUM_DIMS];
extern const char *const ir_text_tex_src_names[IR_TEX_SRC_COUNT];

struct ir_text_var_mode {
   const char *name;
   enum ir_var_mode mode;
};
/** Every variable mode; the last, function_temp, is spelled "local" at
 * the start of its line instead. */
extern const struct ir_text_var_mode ir_text_var_modes[IR_TEXT_NUM_VAR_MODES];

/** table[i], or @p fallback when i is out of range or has no name (the
 * printer meets invalid enums in shaders the validator rejects). */
#define IR_TEXT_NAME_OR(table, i, fallback)                          \
   ((unsigned)(i) < sizeof(table) / sizeof((table)[0]) && (table)[i] \
       ? (table)[i]                                                  \
       : (fallback))

/** The "C" numeric locale, made current for the calling thread between
 * enter and leave, so that "%g" and strtod() use '.' whatever the
 * application set with setlocale(). */
struct ir_text_locale {
   locale_t c, old;
};
void ir_text_locale_enter(struct ir_text_locale *l);
void ir_text_locale_leave(struct ir_text_locale *l);

/* ---------------------------------------------------------------------- */
/* The printer                                                            */
/* ---------------------------------------------------------------------- */

struct u_hash_table;
struct u_set;
struct u_strbuf;

/** A struct or interface type to declare. */
struct ir_print_type {
   const struct ir_type *type;
   const char *name;
   /** Printed name of each field. */
   const char **field_names;
};

struct ir_print_state {
   struct u_strbuf *out;
   /** Scratch memory, NULL when even that could not be had. */
   struct u_arena *mem;
   /** def -> number + 1 and block -> number + 1 in the current function. */
   struct u_hash_table *defs;
   struct u_hash_table *blocks;
   /** variable -> printed name (without '@'). */
   struct u_hash_table *var_names;
   /** Names in scope: the shader's variables and the current locals. */
   struct u_set *used_var_names;
   unsigned num_vars;
   /** Struct types to declare, in declaration order. */
   struct ir_print_type *types;
   unsigned num_types, types_cap;
   struct u_set *used_type_names;
   /** Print defs and blocks with their in-memory indices (an instruction
    * outside any function). */
   bool raw_numbers;
};

/* ir_print_decl.c */
/** Sets up the scratch state; on allocation failure the state degrades to
 * in-memory names and numbers. */
void ir_print_state_init(struct ir_print_state *ps, struct u_strbuf *out);
void ir_print_state_fini(struct ir_print_state *ps);
/** Names the shader's variables and collects its struct types. */
void ir_print_name_shader(struct ir_print_state *ps,
                          const struct ir_shader *shader);
/** Brings the locals of @p fn into scope / takes them out again. */
void ir_print_name_locals(struct ir_print_state *ps,
                          const struct ir_function *fn);
void ir_print_drop_locals(struct ir_print_state *ps,
                          const struct ir_function *fn);
const char *ir_print_var_name(const struct ir_print_state *ps,
                              const struct ir_variable *var);
/** Printed name of field @p field of struct type @p t. */
const char *ir_print_field_name(const struct ir_print_state *ps,
                                const struct ir_type *t, unsigned field);
/** The "shader", "name", "info", "type" and "var" lines. */
void ir_print_header(struct ir_print_state *ps, const struct ir_shader *shader);
/** A "var" line, or a "local" line of a function. */
void ir_print_variable(struct ir_print_state *ps, const struct ir_variable *var,
                       bool local);
/** One load_const component of @p bit_size bits (see ir_print_decl.c). */
void ir_print_value(struct u_strbuf *out, const union ir_const_value *v,
                    unsigned bit_size);

#endif
