/* SPDX-License-Identifier: MIT */

/*
 * Internals of the GLSL parser, shared by its files:
 *
 *  - glsl_parse.c: the token stream, errors, scopes of type names, the
 *    translation unit and glsl_parse() itself;
 *  - glsl_parse_lex.c: lexing the whole text, with extension keywords;
 *  - glsl_parse_decl.c: qualifiers, type specifiers, struct specifiers,
 *    declarations, function prototypes and definitions, interface blocks;
 *  - glsl_parse_stmt.c: statements;
 *  - glsl_parse_expr.c: expressions, initializers, constructors.
 *
 * The parser is a hand-written recursive descent over the whole token
 * stream, lexed up front so that any lookahead is cheap (deciding whether
 * a statement is a declaration needs to look past "float[2][3]").  Type
 * names are told from other identifiers with a scoped set of the struct
 * names declared so far; a variable that reuses a struct's name hides it
 * in its scope.
 *
 * Errors: the first syntax error is reported and the parse stops.  To
 * stop without unwinding explicitly, a failed parser reports every
 * following token as end of input, so every loop ends and every function
 * returns what it built so far.  Functions never return NULL nodes.
 *
 * Depth is bounded twice: the parser's own recursion (parentheses, unary
 * operators, blocks, statements) by GLSL_PARSE_MAX_DEPTH, and the depth
 * of the tree it builds, which long left-associative chains such as
 * "a + b + c + ..." deepen without recursion, by GLSL_PARSE_MAX_TREE_DEPTH,
 * so that later passes recursing over the tree are bounded too.
 */
#ifndef GLSL_PARSE_PRIV_H
#define GLSL_PARSE_PRIV_H

#include <stdbool.h>

#include "glsl_compiler.h"
#include "glsl_lex.h"

/**
 * Deepest nesting of expressions and statements accepted.  Real shaders
 * stay far below it (Piglit's deepest is a few dozen); it keeps every
 * recursive walk of the tree within a small fraction of a thread's stack,
 * also under AddressSanitizer.
 */
#define GLSL_PARSE_MAX_DEPTH 512
/**
 * Deepest tree accepted.  Piglit's generated tests sum over 500 terms in
 * one expression; eight times that still leaves the recursive walks of
 * sema and translation well within an 8 MB stack.
 */
#define GLSL_PARSE_MAX_TREE_DEPTH 4096

/** An entry of the scoped name set. */
struct glsl_parse_name {
   const char *name;
   /** A struct type name, or a variable hiding one. */
   bool is_type;
};

struct glsl_parser {
   struct glsl_shader *shader;
   struct u_arena *arena;
   /** Every token, the last one GLSL_TOK_EOF. */
   struct glsl_token *toks;
   unsigned num_toks;
   /** Index of the current token. */
   unsigned pos;
   /** A syntax error was reported: the parse is over. */
   bool failed;
   /** Current recursion depth (see GLSL_PARSE_MAX_DEPTH). */
   unsigned depth;
   /** Depth of the tree being built (see GLSL_PARSE_MAX_TREE_DEPTH). */
   unsigned tree_depth;

   /** Scoped set of type names: innermost entries last. */
   struct glsl_parse_name *names;
   unsigned num_names, cap_names;
   /** num_names when each open scope was entered. */
   unsigned *scopes;
   unsigned num_scopes, cap_scopes;

   /** Per token kind: 0 unknown yet, 1 not a type keyword, 2 one. */
   unsigned char type_keyword[GLSL_TOK_COUNT];
   /** What node_new() returns when out of memory. */
   struct glsl_ast_node oom_node;
};

/* ---- glsl_parse.c ---- */

/** The token @p ahead tokens after the current one (EOF past the end or
 * after an error). */
const struct glsl_token *glsl_parse_peek(struct glsl_parser *p, unsigned ahead);
static inline bool
glsl_parse_at(struct glsl_parser *p, enum glsl_token_kind kind)
{
   return glsl_parse_peek(p, 0)->kind == kind;
}
/** Consumes and returns the current token. */
const struct glsl_token *glsl_parse_next(struct glsl_parser *p);
/** Consumes the current token if it is of @p kind. */
bool glsl_parse_accept(struct glsl_parser *p, enum glsl_token_kind kind);
/** Consumes a token of @p kind or reports a syntax error naming
 * @p expecting (NULL: the token's spelling). */
const struct glsl_token *glsl_parse_expect(struct glsl_parser *p,
                                           enum glsl_token_kind kind,
                                           const char *expecting);
/** Reports "syntax error, unexpected X, expecting @p expecting" at the
 * current token and stops the parse. */
void glsl_parse_unexpected(struct glsl_parser *p, const char *expecting);
/** Reports an error at @p loc and stops the parse. */
void glsl_parse_error(struct glsl_parser *p, struct glsl_loc loc,
                      const char *fmt, ...)
   __attribute__((format(printf, 3, 4)));

static inline struct glsl_loc
glsl_parse_tok_loc(const struct glsl_token *t)
{
   return (struct glsl_loc){ t->source, t->line, t->column };
}
static inline struct glsl_loc
glsl_parse_loc(struct glsl_parser *p)
{
   return glsl_parse_tok_loc(glsl_parse_peek(p, 0));
}

/** A zeroed node of @p kind with its lists initialized. */
struct glsl_ast_node *glsl_parse_node(struct glsl_parser *p,
                                      enum glsl_ast_kind kind,
                                      struct glsl_loc loc);
/** Appends @p node to @p list (unless it is the out-of-memory node). */
void glsl_parse_append(struct glsl_parser *p, struct u_list *list,
                       struct glsl_ast_node *node);
/** Zeroed memory of the arena (never NULL: stops the parse and returns
 * scratch memory when out of memory). */
void *glsl_parse_alloc(struct glsl_parser *p, size_t size);
/** Grows *@p array (of @p elem bytes each, @p *cap allocated) to hold at
 * least @p n elements; false when out of memory. */
bool glsl_parse_grow(struct glsl_parser *p, void **array, unsigned *cap,
                     unsigned n, size_t elem);

/** Enters one nesting level at @p loc; false (after an error) when too
 * deep.  Pair every true return with glsl_parse_leave(). */
bool glsl_parse_enter(struct glsl_parser *p, struct glsl_loc loc);
static inline void
glsl_parse_leave(struct glsl_parser *p)
{
   p->depth--;
   p->tree_depth--;
}
/** Adds one level to the tree without recursing (an operator of a
 * chain); false (after an error) when too deep.  Undo the levels with
 * glsl_parse_leave_chain(). */
bool glsl_parse_enter_chain(struct glsl_parser *p, struct glsl_loc loc);
static inline void
glsl_parse_leave_chain(struct glsl_parser *p, unsigned levels)
{
   p->tree_depth -= levels;
}

void glsl_parse_push_scope(struct glsl_parser *p);
void glsl_parse_pop_scope(struct glsl_parser *p);
/** Declares @p name as a struct type in the innermost scope. */
void glsl_parse_add_type(struct glsl_parser *p, const char *name);
/** Notes a non-type name (variable, parameter) in the innermost scope;
 * it matters only when it hides a type name. */
void glsl_parse_add_name(struct glsl_parser *p, const char *name);
bool glsl_parse_is_type_name(struct glsl_parser *p, const char *name);
/** Whether a token kind is a built-in type keyword (void included). */
bool glsl_parse_is_type_keyword(struct glsl_parser *p,
                                enum glsl_token_kind kind);
/** Whether the current token starts a type specifier. */
bool glsl_parse_at_type(struct glsl_parser *p);

/* ---- glsl_parse_lex.c ---- */

/** Lexes all of @p text into p->toks, ending with an EOF token, with the
 * keywords of the enabled extensions.  Returns false after a lexical
 * error (already reported). */
bool glsl_parse_lex_all(struct glsl_parser *p, const char *text);

/* ---- glsl_parse_decl.c ---- */

/** Whether the current token is a qualifier word (layout included). */
bool glsl_parse_is_qualifier(enum glsl_token_kind kind);
/** Parses any qualifier words into @p q; false when there was none. */
bool glsl_parse_qualifiers(struct glsl_parser *p, struct glsl_ast_qualifier *q);
struct glsl_ast_type_spec *glsl_parse_type_spec(struct glsl_parser *p);
/** Parses "[n][]..." at the current '['. */
struct glsl_ast_array *glsl_parse_array_spec(struct glsl_parser *p);
/** Whether the statement starting at the current token is a
 * declaration. */
bool glsl_parse_starts_declaration(struct glsl_parser *p);
/** Parses a declaration (with its ';'), or at global scope a function
 * definition. */
struct glsl_ast_node *glsl_parse_declaration(struct glsl_parser *p,
                                             bool global);

/* ---- glsl_parse_stmt.c ---- */

struct glsl_ast_node *glsl_parse_statement(struct glsl_parser *p);
/** Parses "{ ... }"; @p new_scope opens a scope of type names. */
struct glsl_ast_node *glsl_parse_compound(struct glsl_parser *p,
                                          bool new_scope);

/* ---- glsl_parse_expr.c ---- */

/** expression: assignments separated by ','. */
struct glsl_ast_node *glsl_parse_expression(struct glsl_parser *p);
struct glsl_ast_node *glsl_parse_assignment(struct glsl_parser *p);
/** conditional-expression (the grammar's constant-expression). */
struct glsl_ast_node *glsl_parse_conditional(struct glsl_parser *p);
/** An assignment-expression or a "{...}" initializer list. */
struct glsl_ast_node *glsl_parse_initializer(struct glsl_parser *p);

/* ---- glsl_compiler.c ---- */

/** Appends @p line (a complete message, without newline) to the info
 * log; @p is_error clears shader->ok. */
void glsl_log_append_line(struct glsl_shader *shader, const char *line,
                          bool is_error);

#endif
