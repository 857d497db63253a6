/* SPDX-License-Identifier: MIT */

/*
 * The GLSL / ESSL lexer (GLSL 4.60 and ESSL 3.20, sections 3.6 - 3.8).
 *
 * It reads the output of glsl_pp_run() (glsl_pp.h): no comments, no
 * continuations, no directives except normalized "#line L S" lines, which
 * renumber the following line.  Tokens carry their line (after #line) and
 * 1-based column; identifiers are copied into the caller's arena.
 *
 * Whether a word is a keyword, a reserved word or an identifier depends on
 * the version and on ES; that table is data (glsl_keywords.py, compiled by
 * glsl_keywords_gen.py into glsl_tokens.h / glsl_keywords.c).  Literal
 * suffixes follow the version rules of the spec (u/U from GLSL 1.30 / ESSL
 * 3.00, f/F from GLSL 1.20 / ESSL 3.00, lf/LF from GLSL 4.00, never in ES).
 *
 * Errors (reserved words, bad literals, stray characters) are reported to
 * the log callback as "S:LINE(COL): error: text" and returned as a
 * GLSL_TOK_ERROR token; lexing continues after them.  No input makes the
 * lexer crash or stop early.
 */
#ifndef GLSL_LEX_H
#define GLSL_LEX_H

#include <stdbool.h>
#include <stdint.h>

#include "glsl_tokens.h"

struct u_arena;

/** Receives one complete message line (without a trailing newline). */
typedef void (*glsl_lex_log_cb)(void *data, const char *msg);

struct glsl_token {
   enum glsl_token_kind kind;
   /** Line after #line renumbering, 1-based. */
   unsigned line;
   /** 1-based column (byte offset in the line + 1). */
   unsigned column;
   /** Source string number (from #line; 0 by default). */
   unsigned source;
   union {
      /** GLSL_TOK_IDENTIFIER: the name, in the lexer's arena. */
      const char *ident;
      /** GLSL_TOK_INTCONST: the 32-bit pattern as a signed value. */
      int32_t i;
      /** GLSL_TOK_UINTCONST. */
      uint32_t u;
      /** GLSL_TOK_FLOATCONST (rounded once, from the decimal text). */
      float f;
      /** GLSL_TOK_DOUBLECONST. */
      double d;
      /** GLSL_TOK_BOOLCONST. */
      bool b;
      /** GLSL_TOK_ERROR: the message, in the lexer's arena. */
      const char *error;
   } value;
};

struct glsl_lexer {
   /** Arena for identifier text and messages. */
   struct u_arena *arena;
   /** The preprocessed text, NUL-terminated. */
   const char *text;
   /** Next byte to read. */
   const char *pos;
   /** Start of the current physical line. */
   const char *line_start;
   unsigned line;
   unsigned source;
   /** The #version number (110, 300, ...). */
   unsigned version;
   bool es;
   glsl_lex_log_cb log;
   void *log_data;
   /** Number of errors reported. */
   unsigned num_errors;
};

/**
 * Prepares @p lex to read @p text (the preprocessor output, which must
 * outlive the lexer).  @p log may be NULL.
 */
void glsl_lexer_init(struct glsl_lexer *lex, struct u_arena *arena,
                     const char *text, unsigned version, bool es,
                     glsl_lex_log_cb log, void *log_data);

/**
 * Reads the next token into @p tok.  Returns false (with tok->kind
 * GLSL_TOK_EOF) at the end of the input, true otherwise, including for
 * GLSL_TOK_ERROR tokens.
 */
bool glsl_lex_next(struct glsl_lexer *lex, struct glsl_token *tok);

#endif
