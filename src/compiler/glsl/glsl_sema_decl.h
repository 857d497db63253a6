/* SPDX-License-Identifier: MIT */

/*
 * Internals of the declaration half of semantic analysis (glsl_sema.c,
 * glsl_symtab.c, glsl_sema_decl*.c, glsl_sema_qual.c, glsl_sema_stmt.c),
 * shared between its files only; the expression half sees glsl_sema_priv.h.
 *
 * The analysis state is struct sema_ctx, which embeds the shared struct
 * glsl_sema as its first member: glsl_sema_run() allocates it, and every
 * function of this half gets back to it with sema_ctx().  Scopes form a
 * chain from the innermost to the global one; each holds one name space
 * for variables, struct types and functions (GLSL 4.60, 4.2.7 "the same
 * name space"), the global one also the separate name space of interface
 * block names, and each the default precisions of ES declared in it.
 */
#ifndef GLSL_SEMA_DECL_H
#define GLSL_SEMA_DECL_H

#include "glsl_sema_priv.h"
#include "util/u_dynarray.h"

/** Basic types that have a default precision (ESSL 1.00, 4.5.3). */
enum sema_prec_type {
   SEMA_PREC_FLOAT,
   SEMA_PREC_INT,
   SEMA_PREC_SAMPLER2D,
   SEMA_PREC_SAMPLERCUBE,
   SEMA_PREC_OTHER_SAMPLER,
   SEMA_PREC_COUNT,
};

struct glsl_scope {
   struct glsl_scope *parent;
   /** Name -> struct glsl_symbol (variables, types, functions). */
   struct u_hash_table *names;
   /** Global scope only: block name -> struct glsl_symbol. */
   struct u_hash_table *blocks;
   /** Default precisions set in this scope (NONE: inherited). */
   enum glsl_precision prec[SEMA_PREC_COUNT];
};

/** What a qualifier says once checked (glsl_sema_qual.c). */
struct sema_qual {
   enum glsl_storage storage;
   bool is_const;
   bool is_attribute;
   bool is_varying;
   enum ir_interp_mode interp;
   bool interp_explicit;
   bool centroid;
   bool invariant;
   enum glsl_precision precision;
   int location;
   int index;
   int binding;
   enum ir_block_packing packing;
   bool row_major;
   bool has_matrix_layout;
   bool origin_upper_left;
   bool pixel_center_integer;
   /** Geometry layouts: enum ir_prim or -1, max_vertices or -1. */
   int prim;
   int max_vertices;
};

/** Where a qualifier appears, for the rules that depend on it. */
enum sema_qual_ctx {
   SEMA_QUAL_GLOBAL,
   SEMA_QUAL_LOCAL,
   SEMA_QUAL_PARAM,
   SEMA_QUAL_STRUCT_MEMBER,
   SEMA_QUAL_BLOCK,
   SEMA_QUAL_BLOCK_MEMBER,
   SEMA_QUAL_DEFAULT, /**< "layout(...) in;" and "invariant x;" */
};

struct sema_ctx {
   struct glsl_sema base;
   /** struct glsl_symbol *: the shader's globals and user functions. */
   struct u_dynarray globals;
   struct u_dynarray functions;
   /** The extension list of the context. */
   const char *const *exts;
   unsigned num_exts;
   /** Default block layout ("layout(std140) uniform;"). */
   enum ir_block_packing default_packing;
   bool default_row_major;
   /** Geometry: the declared input primitive's vertex count (0: none
    * yet) and the size of the sized input arrays declared before it. */
   unsigned gs_in_vertices;
   unsigned gs_in_size;
   /** gl_FragCoord was redeclared (its layout is in the shader). */
   bool fragcoord_redeclared;
   /** Whether gl_PerVertex in/out were redeclared, one of its output
    * members was redeclared alone, and the members the output
    * redeclaration kept (the others are hidden). */
   bool pervertex_in_redeclared, pervertex_out_redeclared;
   bool pervertex_member_redeclared;
   const char *pervertex_kept[8];
   unsigned num_pervertex_kept;
   /** Errors reported so far. */
   unsigned num_errors;
};

static inline struct sema_ctx *
sema_ctx(struct glsl_sema *s)
{
   return (struct sema_ctx *)s;
}

/* glsl_sema.c */
bool sema_ext(struct glsl_sema *s, const char *name);
void sema_add_global(struct glsl_sema *s, struct glsl_symbol *sym);
struct glsl_symbol *sema_new_symbol(struct glsl_sema *s,
                                    enum glsl_symbol_kind kind,
                                    const char *name, struct glsl_loc loc);

/* glsl_symtab.c */
struct glsl_symbol *sema_lookup_local(struct glsl_sema *s, const char *name);
bool sema_is_global_scope(struct glsl_sema *s);
bool sema_declare_block(struct glsl_sema *s, struct glsl_symbol *sym);
/** The built-in variable @p name (made on first use), or NULL. */
struct glsl_symbol *sema_builtin_var(struct glsl_sema *s, const char *name);
enum glsl_precision sema_default_precision(struct glsl_sema *s,
                                           enum sema_prec_type t);

/* glsl_sema_qual.c */
bool sema_check_qual(struct glsl_sema *s, const struct glsl_ast_qualifier *q,
                     enum sema_qual_ctx ctx, struct sema_qual *out);
bool sema_invariant_input_ok(struct glsl_sema *s);
bool sema_layout_is(struct glsl_sema *s, const struct glsl_ast_layout_id *id,
                    const char *name);
/** Checks a variable's qualifiers against its type (flat ints...). */
void sema_check_var_type_qual(struct glsl_sema *s, struct glsl_loc loc,
                              const struct sema_qual *q,
                              const struct ir_type *type, bool in_block);

/* glsl_sema_qual_precision.c */
/** ES: reports a float/int without precision and default. */
void sema_check_precision(struct glsl_sema *s, struct glsl_loc loc,
                          const struct ir_type *type, enum glsl_precision prec);
void sema_precision_stmt(struct glsl_sema *s, struct glsl_ast_node *node);

/* glsl_sema_decl_type.c */
const struct ir_type *sema_apply_array(struct glsl_sema *s,
                                       const struct ir_type *type,
                                       struct glsl_ast_array *array,
                                       bool allow_unsized);
bool sema_type_contains_sampler(const struct ir_type *t);
bool sema_type_is_integer(const struct ir_type *t);

/* glsl_sema_decl.c */
void sema_decl_variables(struct glsl_sema *s, struct glsl_ast_node *node,
                         bool global);
void sema_decl_function(struct glsl_sema *s, struct glsl_ast_node *node);
void sema_decl_qualifier(struct glsl_sema *s, struct glsl_ast_node *node);

/* glsl_sema_decl_block.c */
void sema_decl_block(struct glsl_sema *s, struct glsl_ast_node *node);
/** A redeclaration of built-in @p name at global scope; returns true when
 * handled (valid or reported). */
bool sema_redeclare_builtin(struct glsl_sema *s, struct glsl_ast_node *decl,
                            struct glsl_ast_declarator *d,
                            const struct sema_qual *q,
                            const struct ir_type *type);
/** Geometry inputs: sizes or checks an input array against the
 * primitive. */
const struct ir_type *sema_gs_input_array(struct glsl_sema *s,
                                          struct glsl_loc loc,
                                          const struct ir_type *type);
/** A gl_PerVertex output member left out of its redeclaration. */
bool sema_pervertex_hidden(struct glsl_sema *s, const char *name);
void sema_gs_size_builtin(struct glsl_sema *s, struct glsl_symbol *sym);
void sema_gs_set_input_prim(struct glsl_sema *s, struct glsl_loc loc, int prim);

#endif
