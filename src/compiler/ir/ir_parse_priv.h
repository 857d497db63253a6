/* SPDX-License-Identifier: MIT */

/*
 * Internals of the IR text parser, shared by ir_parse.c (statements,
 * types, variables), ir_parse_instr.c (functions and instructions) and
 * ir_parse_lex.c (tokens and literals).  Not for use outside the parser.
 *
 * The text is line-oriented: the lexer turns one line at a time into an
 * array of tokens ending with IR_TOK_EOL, and each statement parser consumes
 * one line.  Every function that can fail returns false after recording
 * the first error ("LINE:COL: message") in the parser; callers just
 * propagate the false.
 */
#ifndef IR_PARSE_PRIV_H
#define IR_PARSE_PRIV_H

#include <stdbool.h>
#include <stdint.h>

#include "compiler/ir/ir.h"
#include "compiler/ir/ir_text_priv.h"
#include "util/u_dynarray.h"

struct u_hash_table;
struct u_hash_table_u64;

enum ir_tok_kind {
   IR_TOK_EOL,
   /** A run of [A-Za-z0-9_.+-]: names, keywords, numbers, ".swizzle". */
   IR_TOK_WORD,
   /** %N; num holds N. */
   IR_TOK_DEF,
   /** @name; the text after the '@'. */
   IR_TOK_VAR,
   /** "..." with escapes decoded into str. */
   IR_TOK_STRING,
   /** One of = , ( ) { } [ ] : ; and "<-" (stored as '<'). */
   IR_TOK_PUNCT,
};

struct ir_token {
   enum ir_tok_kind kind;
   const char *text;
   unsigned len;
   unsigned line, col;
   /** No whitespace between the previous token and this one. */
   bool adjacent;
   char punct;
   uint64_t num;
   char *str;
};

/** A named struct/interface type of the text. */
struct ir_named_type {
   const struct ir_type *type;
   /** Nesting depth and flattened size, to refuse pathological types. */
   unsigned depth;
   uint64_t nodes;
   uint64_t components;
};

struct ir_parser {
   /** Scratch memory, freed when parsing ends. */
   struct u_arena *mem;
   const char *pos;
   unsigned line;
   const char *line_start;

   /** The tokens of the current line, ending with IR_TOK_EOL. */
   struct u_dynarray toks;
   unsigned cur;

   struct ir_shader *shader;
   /** name -> struct ir_named_type. */
   struct u_hash_table *types;
   /** name -> struct ir_variable (the shader's variables). */
   struct u_hash_table *vars;
   /** name -> struct ir_function. */
   struct u_hash_table *fns;

   /** The first error ("LINE:COL: message"), once failed is set (NULL
    * if even the message could not be allocated). */
   bool failed;
   char *error;
};

/* ir_parse_lex.c */
bool ir_parse_fail(struct ir_parser *p, const struct ir_token *t,
                   const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/** Lexes the next non-empty line; false at the end of the text (then
 * p->error tells whether it was an error). */
bool ir_parse_lex_line(struct ir_parser *p);
struct ir_token *ir_parse_peek(struct ir_parser *p);
struct ir_token *ir_parse_next(struct ir_parser *p);
bool ir_parse_tok_is(const struct ir_token *t, const char *word);
bool ir_parse_tok_is_punct(const struct ir_token *t, char c);
bool ir_parse_accept_word(struct ir_parser *p, const char *word);
bool ir_parse_accept_punct(struct ir_parser *p, char c);
bool ir_parse_expect_punct(struct ir_parser *p, char c);
bool ir_parse_expect_eol(struct ir_parser *p);
/** The text of a word token as a C string in scratch memory. */
char *ir_parse_tok_str(struct ir_parser *p, const struct ir_token *t);
/** A non-negative decimal integer up to @p max. */
bool ir_parse_uint(struct ir_parser *p, const struct ir_token *t, uint64_t max,
                   uint64_t *out);
/** A decimal (optionally negative) or 0x integer that fits in 32 bits
 * (signed or unsigned). */
bool ir_parse_int32(struct ir_parser *p, const struct ir_token *t,
                    int32_t *out);
/** Whether @p t reads as a float literal (has '.', 'e' or 'E', or is
 * [+-]inf or [+-]nan). */
bool ir_parse_is_float_literal(const struct ir_token *t);
/** One constant component of @p bit_size bits. */
bool ir_parse_value(struct ir_parser *p, const struct ir_token *t,
                    unsigned bit_size, union ir_const_value *out);
/** A def annotation "BITS" or "BITSxN". */
bool ir_parse_def_size(struct ir_parser *p, const struct ir_token *t,
                       unsigned *bit_size, unsigned *num_components);

/* ir_parse.c */
bool ir_parse_type(struct ir_parser *p, const struct ir_type **type);
/** The attributes and initializer of a variable, to the end of the line. */
bool ir_parse_var_attrs(struct ir_parser *p, struct ir_variable *var);

/* ir_parse_instr.c */
/** Parses "fn NAME {" (current line) through its closing "}". */
bool ir_parse_function(struct ir_parser *p);

#endif
