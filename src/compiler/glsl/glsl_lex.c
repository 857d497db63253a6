/* SPDX-License-Identifier: MIT */

/*
 * The GLSL lexer: a hand-written scanner over the preprocessor's output.
 *
 * The input has already lost comments, continuations and directives (see
 * glsl_pp.h); what is left is words, numbers, operators, whitespace and
 * "#line L S" lines.  Words go through glsl_keyword_lookup() (generated from
 * glsl_keywords.py); operators match greedily against glsl_operators[],
 * which is sorted longest first ("a<<=b" is a, <<=, b; "a+++b" is a, ++, +,
 * b, as in C).
 *
 * Numbers are scanned like C pp-numbers restricted to GLSL's grammar
 * (GLSL 4.60, 4.1.3 and 4.1.4): a fractional part or an exponent makes a
 * float; otherwise it is an integer, hexadecimal after "0x", octal after a
 * leading 0.  Letters left directly after a number ("1f", "0x1g", "1uu")
 * are an error rather than a separate identifier.  Floats are converted
 * once with strtof_l / strtod_l in the C locale, so the application's
 * locale cannot change '.' and the value is correctly rounded.
 */
#define _GNU_SOURCE
#include "glsl_lex.h"

#include <locale.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/u_arena.h"

void
glsl_lexer_init(struct glsl_lexer *lex, struct u_arena *arena, const char *text,
                unsigned version, bool es, glsl_lex_log_cb log, void *log_data)
{
   *lex = (struct glsl_lexer){
      .arena = arena,
      .text = text ? text : "",
      .line = 1,
      .version = version,
      .es = es,
      .log = log,
      .log_data = log_data,
   };
   lex->pos = lex->text;
   lex->line_start = lex->text;
}

static bool
is_ident_start(char c)
{
   return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static bool
is_digit(char c)
{
   return c >= '0' && c <= '9';
}

static bool
is_ident_char(char c)
{
   return is_ident_start(c) || is_digit(c);
}

static int
hex_value(char c)
{
   if (is_digit(c))
      return c - '0';
   if (c >= 'a' && c <= 'f')
      return c - 'a' + 10;
   if (c >= 'A' && c <= 'F')
      return c - 'A' + 10;
   return -1;
}

/* Reports an error at @p tok's location and turns @p tok into an error
 * token.  Always returns true, the value glsl_lex_next() returns. */
static bool lex_error(struct glsl_lexer *lex, struct glsl_token *tok,
                      const char *fmt, ...)
   __attribute__((format(printf, 3, 4)));

static bool
lex_error(struct glsl_lexer *lex, struct glsl_token *tok, const char *fmt, ...)
{
   va_list args;
   va_start(args, fmt);
   char *msg = u_arena_vasprintf(lex->arena, fmt, args);
   va_end(args);

   tok->kind = GLSL_TOK_ERROR;
   tok->value.error = msg ? msg : "out of memory";
   lex->num_errors++;
   if (lex->log) {
      char *line =
         u_arena_asprintf(lex->arena, "%u:%u(%u): error: %s", tok->source,
                          tok->line, tok->column, tok->value.error);
      if (line)
         lex->log(lex->log_data, line);
   }
   return true;
}

/* Reads an unsigned decimal number for #line; false if there is none. */
static bool
read_line_number(const char **p, unsigned *out)
{
   while (**p == ' ' || **p == '\t')
      (*p)++;
   if (!is_digit(**p))
      return false;
   unsigned long long v = 0;
   for (; is_digit(**p); (*p)++) {
      if (v < 0xffffffffull)
         v = v * 10 + (unsigned)(**p - '0');
   }
   *out = v > 0xffffffffull ? 0xffffffffu : (unsigned)v;
   return true;
}

static void
skip_to_next_line(struct glsl_lexer *lex)
{
   while (*lex->pos && *lex->pos != '\n')
      lex->pos++;
   if (*lex->pos == '\n')
      lex->pos++;
   lex->line_start = lex->pos;
}

/*
 * At the start of a line: consumes a "#line L S" line and renumbers.
 * Returns true if the line was a directive (even a malformed one, which is
 * reported through @p tok and @p *err).
 */
static bool
handle_line_directive(struct glsl_lexer *lex, struct glsl_token *tok, bool *err)
{
   const char *p = lex->pos;
   while (*p == ' ' || *p == '\t')
      p++;
   if (strncmp(p, "#line", 5) != 0 || is_ident_char(p[5]))
      return false;
   p += 5;

   unsigned line, source = lex->source;
   bool ok = read_line_number(&p, &line);
   if (ok && (*p == ' ' || *p == '\t'))
      read_line_number(&p, &source);
   while (*p == ' ' || *p == '\t' || *p == '\r')
      p++;
   ok = ok && (*p == '\n' || *p == '\0');

   tok->line = lex->line;
   tok->column = 1;
   tok->source = lex->source;
   skip_to_next_line(lex);
   if (!ok) {
      lex->line++;
      *err = lex_error(lex, tok, "malformed #line directive");
      return true;
   }
   lex->line = line;
   lex->source = source;
   return true;
}

static bool
lex_word(struct glsl_lexer *lex, struct glsl_token *tok)
{
   const char *start = lex->pos;
   while (is_ident_char(*lex->pos))
      lex->pos++;
   size_t len = (size_t)(lex->pos - start);

   enum glsl_token_kind kind;
   switch (glsl_keyword_lookup(start, len, lex->version, lex->es, &kind)) {
   case GLSL_WORD_KEYWORD:
      tok->kind = kind;
      if (kind == GLSL_TOK_BOOLCONST)
         tok->value.b = start[0] == 't';
      return true;
   case GLSL_WORD_RESERVED:
      return lex_error(lex, tok, "reserved word '%.*s'", (int)len, start);
   case GLSL_WORD_IDENTIFIER:
      break;
   }
   tok->kind = GLSL_TOK_IDENTIFIER;
   tok->value.ident = u_arena_strndup(lex->arena, start, len);
   if (!tok->value.ident)
      return lex_error(lex, tok, "out of memory");
   return true;
}

/* Whether a literal suffix that needs GLSL @p gl / ESSL @p es_version is
 * usable (@p es_version 0: never in ES). */
static bool
has_version(const struct glsl_lexer *lex, unsigned gl, unsigned es_version)
{
   if (lex->es)
      return es_version && lex->version >= es_version;
   return lex->version >= gl;
}

static const char *
language(const struct glsl_lexer *lex)
{
   return lex->es ? "GLSL ES" : "GLSL";
}

/* Consumes letters glued to a number; reports them as a bad suffix. */
static void
check_trailing(struct glsl_lexer *lex, struct glsl_token *tok,
               const char *start, const char *what)
{
   if (!is_ident_char(*lex->pos))
      return;
   const char *suffix = lex->pos;
   while (is_ident_char(*lex->pos))
      lex->pos++;
   lex_error(lex, tok, "invalid suffix '%.*s' on %s constant '%.*s'",
             (int)(lex->pos - suffix), suffix, what, (int)(suffix - start),
             start);
}

static bool
lex_float(struct glsl_lexer *lex, struct glsl_token *tok, const char *start)
{
   const char *end = lex->pos;
   bool is_double = false;

   if ((end[0] == 'l' && end[1] == 'f') || (end[0] == 'L' && end[1] == 'F')) {
      lex->pos += 2;
      /* GLSL 4.00, 4.1.4: "lf" / "LF" denote a double; not in any ESSL. */
      if (!has_version(lex, 400, 0))
         return lex_error(lex, tok,
                          "double-precision suffix '%.2s' is not "
                          "supported in %s %u",
                          end, language(lex), lex->version);
      is_double = true;
   } else if (end[0] == 'f' || end[0] == 'F') {
      lex->pos++;
      /* GLSL 1.20, 4.1.4 adds the f suffix; ESSL 1.00 has none. */
      if (!has_version(lex, 120, 300))
         return lex_error(lex, tok,
                          "floating-point suffix '%c' is not "
                          "supported in %s %u",
                          end[0], language(lex), lex->version);
   }
   check_trailing(lex, tok, start, "floating-point");
   if (tok->kind == GLSL_TOK_ERROR)
      return true;

   char *text = u_arena_strndup(lex->arena, start, (size_t)(end - start));
   locale_t c_locale = newlocale(LC_NUMERIC_MASK, "C", (locale_t)0);
   if (!text || !c_locale) {
      if (c_locale)
         freelocale(c_locale);
      return lex_error(lex, tok, "out of memory");
   }
   if (is_double) {
      tok->kind = GLSL_TOK_DOUBLECONST;
      tok->value.d = strtod_l(text, NULL, c_locale);
   } else {
      tok->kind = GLSL_TOK_FLOATCONST;
      tok->value.f = strtof_l(text, NULL, c_locale);
   }
   freelocale(c_locale);
   return true;
}

static bool
lex_number(struct glsl_lexer *lex, struct glsl_token *tok)
{
   const char *start = lex->pos;
   const char *p = start;
   uint64_t value = 0;
   bool overflow = false;

   if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
      p += 2;
      const char *digits = p;
      for (; hex_value(*p) >= 0; p++) {
         value = value * 16 + (unsigned)hex_value(*p);
         overflow |= value > 0xffffffffu;
         value &= 0xffffffffu;
      }
      lex->pos = p;
      if (p == digits)
         return lex_error(lex, tok,
                          "hexadecimal constant '%.*s' has no "
                          "digits",
                          (int)(p - start), start);
   } else {
      while (is_digit(*p))
         p++;
      bool is_float = false;
      if (*p == '.') {
         is_float = true;
         p++;
         while (is_digit(*p))
            p++;
      }
      if (*p == 'e' || *p == 'E') {
         const char *e = p + 1;
         if (*e == '+' || *e == '-')
            e++;
         if (!is_digit(*e)) {
            lex->pos = e;
            return lex_error(lex, tok, "missing exponent digits in '%.*s'",
                             (int)(e - start), start);
         }
         while (is_digit(*e))
            e++;
         p = e;
         is_float = true;
      }
      lex->pos = p;
      if (is_float)
         return lex_float(lex, tok, start);

      /* GLSL 4.60, 4.1.3: a leading 0 means octal. */
      unsigned base = start[0] == '0' ? 8 : 10;
      for (const char *d = start; d < p; d++) {
         if (base == 8 && *d >= '8')
            return lex_error(lex, tok,
                             "invalid digit '%c' in octal "
                             "constant '%.*s'",
                             *d, (int)(p - start), start);
         value = value * base + (unsigned)(*d - '0');
         overflow |= value > 0xffffffffu;
         value &= 0xffffffffu;
      }
   }

   const char *digits_end = lex->pos;
   bool is_unsigned = false;
   if (*lex->pos == 'u' || *lex->pos == 'U') {
      char suffix = *lex->pos++;
      /* GLSL 1.30 / ESSL 3.00, 4.1.3 introduce unsigned integers. */
      if (!has_version(lex, 130, 300))
         return lex_error(lex, tok,
                          "unsigned integer suffix '%c' is not "
                          "supported in %s %u",
                          suffix, language(lex), lex->version);
      is_unsigned = true;
   }
   check_trailing(lex, tok, start, "integer");
   if (tok->kind == GLSL_TOK_ERROR)
      return true;
   /* GLSL 4.60, 4.1.3: "It is a compile-time error to provide a literal
    * integer whose bit pattern cannot fit in 32 bits." */
   if (overflow)
      return lex_error(lex, tok,
                       "integer constant '%.*s' does not fit in "
                       "32 bits",
                       (int)(digits_end - start), start);

   if (is_unsigned) {
      tok->kind = GLSL_TOK_UINTCONST;
      tok->value.u = (uint32_t)value;
   } else {
      tok->kind = GLSL_TOK_INTCONST;
      tok->value.i = (int32_t)(uint32_t)value;
   }
   return true;
}

static bool
lex_operator(struct glsl_lexer *lex, struct glsl_token *tok)
{
   for (unsigned i = 0; i < GLSL_NUM_OPERATORS; i++) {
      size_t n = strlen(glsl_operators[i].text);
      if (strncmp(lex->pos, glsl_operators[i].text, n) == 0) {
         lex->pos += n;
         tok->kind = glsl_operators[i].kind;
         return true;
      }
   }
   return false;
}

bool
glsl_lex_next(struct glsl_lexer *lex, struct glsl_token *tok)
{
   *tok = (struct glsl_token){ .kind = GLSL_TOK_EOF };

   for (;;) {
      if (lex->pos == lex->line_start) {
         bool err = false;
         if (handle_line_directive(lex, tok, &err)) {
            if (err)
               return true;
            continue;
         }
      }
      char c = *lex->pos;
      if (c == '\n') {
         lex->pos++;
         lex->line_start = lex->pos;
         lex->line++;
      } else if (c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f') {
         lex->pos++;
      } else {
         break;
      }
   }

   tok->line = lex->line;
   tok->column = (unsigned)(lex->pos - lex->line_start) + 1;
   tok->source = lex->source;

   char c = *lex->pos;
   if (c == '\0') {
      tok->kind = GLSL_TOK_EOF;
      return false;
   }
   if (is_ident_start(c))
      return lex_word(lex, tok);
   if (is_digit(c) || (c == '.' && is_digit(lex->pos[1])))
      return lex_number(lex, tok);
   if (lex_operator(lex, tok))
      return true;

   lex->pos++;
   if (c > ' ' && c < 0x7f)
      return lex_error(lex, tok, "unexpected character '%c'", c);
   return lex_error(lex, tok, "unexpected character 0x%02x",
                    (unsigned)(unsigned char)c);
}
