/* SPDX-License-Identifier: MIT */

/*
 * Internals of the GLSL preprocessor, shared by glsl_pp.c (line splitting,
 * directives), glsl_pp_macro.c (tokens, macro expansion, output) and
 * glsl_pp_expr.c (#if expressions).
 */
#ifndef GLSL_PP_PRIV_H
#define GLSL_PP_PRIV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "glsl_pp.h"
#include "util/u_dynarray.h"
#include "util/u_strbuf.h"

struct u_hash_table;

enum pp_tok_kind {
   PP_TOK_IDENT,
   PP_TOK_NUMBER,
   /** An operator or punctuator, longest match ("<<=", "##", "("). */
   PP_TOK_PUNCT,
   /** Any other single byte. */
   PP_TOK_OTHER,
   /** The end of one physical line inside a run of text lines. */
   PP_TOK_NEWLINE,
   /** A "##" of a macro body (never one that came from an argument). */
   PP_TOK_PASTE,
   /** An empty macro argument next to "##" (C11 6.10.3.3). */
   PP_TOK_PLACEMARKER,
};

struct pp_token {
   /** The spelling; not NUL-terminated. */
   const char *text;
   uint32_t len;
   uint8_t kind;
   /** Whitespace preceded the token. */
   bool space;
   /** Painted: a macro name met inside its own expansion, never expanded. */
   bool noexpand;
   /** Reported line (after #line) and 1-based column, for messages. */
   uint32_t line;
   uint32_t col;
};

enum pp_builtin {
   PP_BUILTIN_NONE,
   PP_BUILTIN_LINE,
   PP_BUILTIN_FILE,
};

struct pp_macro {
   const char *name;
   bool function;
   /** Being expanded (its replacement is on the reader stack). */
   bool active;
   enum pp_builtin builtin;
   unsigned num_params;
   const char **params;
   struct pp_token *body;
   unsigned body_len;
};

struct pp_state {
   struct u_arena *arena;
   const struct glsl_pp_options *opts;
   struct glsl_pp_result *res;
   struct u_strbuf out;
   struct u_strbuf log;
   /** Name -> struct pp_macro. */
   struct u_hash_table *macros;
   /** Current source string number (#line). */
   uint32_t source;
   /** Added to a physical line number to get the reported one. */
   uint32_t line_delta;
   /** Tokens that macro expansion may still produce. */
   size_t budget;
   /** Nesting of argument pre-expansion. */
   unsigned depth;
   /** Expansion stopped (budget or depth exceeded): copy tokens as is. */
   bool aborted;
   unsigned num_messages;
};

void pp_error(struct pp_state *pp, uint32_t line, uint32_t col, const char *fmt,
              ...) __attribute__((format(printf, 4, 5)));
void pp_warning(struct pp_state *pp, uint32_t line, uint32_t col,
                const char *fmt, ...) __attribute__((format(printf, 4, 5)));

struct pp_line {
   char *text;
   /** First physical line (1-based). */
   uint32_t line;
   /** Newlines it covers: the physical lines it spans, one less for a
    * last line without a final newline. */
   uint32_t span;
};

/** One open #if block. */
struct pp_cond {
   /** The enclosing block is being processed. */
   bool parent_active;
   /** The current branch is being processed. */
   bool active;
   /** Some branch was already taken. */
   bool taken;
   bool seen_else;
   /** Reported line of the #if, for "unterminated" errors. */
   uint32_t line;
};

struct pp_run {
   struct pp_state pp;
   /** struct pp_line elements. */
   struct u_dynarray lines;
   /** struct pp_cond elements, innermost last. */
   struct u_dynarray conds;
   /** A token or a directive other than #version was seen. */
   bool seen_content;
   /** A line of code (not a directive) was seen: #extension may no
    * longer come. */
   bool seen_code;
   bool builtins_defined;
};

/** Defines the predefined macros; called once the version is known. */
void pp_define_builtins(struct pp_run *r);

/** Whether lines are being processed (not in a skipped #if branch). */
bool pp_is_active(struct pp_run *r);

/** An arena copy of the spelling of @p t. */
char *pp_tok_str(struct pp_state *pp, const struct pp_token *t);

/** Processes the directive line @p l (its first token is '#'). */
void pp_directive(struct pp_run *r, const struct pp_line *l);

/** Length of the token starting at @p s (at least 1 unless *s is 0). */
size_t pp_lex_one(const char *s, uint8_t *kind);

/** Appends the tokens of the NUL-terminated line @p text to @p toks. */
void pp_tokenize(const char *text, uint32_t line, struct u_dynarray *toks);

/** Whether @p t is the punctuator @p s. */
bool pp_tok_is(const struct pp_token *t, const char *s);

/** Looks up the macro named by @p t, or NULL. */
struct pp_macro *pp_macro_lookup(struct pp_state *pp, const struct pp_token *t);

/** Macro-expands @p n tokens into @p out (struct pp_token elements). */
void pp_expand(struct pp_state *pp, const struct pp_token *in, size_t n,
               struct u_dynarray *out);

/** Appends the text of @p n tokens to @p out, NEWLINE tokens as '\n'. */
void pp_render(const struct pp_token *t, size_t n, struct u_strbuf *out);

/**
 * Evaluates the integer expression @p toks (already macro-expanded), for
 * #if, #elif and #line.  Reports errors at @p line; returns false on
 * error.  With @p consumed, evaluation stops after the first complete
 * expression and *consumed tells how many tokens it used; without, every
 * token must belong to the expression.
 */
bool pp_eval_expr(struct pp_state *pp, const struct pp_token *toks, size_t n,
                  uint32_t line, int32_t *value, size_t *consumed);

#endif
