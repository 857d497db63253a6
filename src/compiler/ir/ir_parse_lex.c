/* SPDX-License-Identifier: MIT */

/*
 * Tokens and literals of the IR text form (see ir_parse_priv.h).
 *
 * Lexing is per line: blank lines and comments (# or // to the end of the
 * line) produce no tokens and are skipped.  A word is a run of
 * [A-Za-z0-9_.+-], which covers names, keywords, labels (b3), def sizes
 * (32x4), numbers (-0.0, 1e+20, 0x7fc00000) and the ".wzyx" / ".field"
 * that follows a def.  Whether a word is a name or a number is decided by
 * the grammar, which knows what it expects.
 *
 * Constants (ir_parse_value()): true/false for 1-bit values; a word with '.',
 * 'e' or 'E', or inf/nan (optionally signed) is a float, converted with
 * strtof()/strtod() (correctly rounded) and, for 16 bits, from the float
 * to the nearest-even half; a finite literal that overflows is an error.
 * A decimal integer must fit the bit size as a signed or an unsigned
 * value; 0x... gives raw bits and must fit unsigned.
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "compiler/ir/ir_parse_priv.h"
#include "util/u_arena.h"
#include "util/u_half.h"

bool
ir_parse_fail(struct ir_parser *p, const struct ir_token *t, const char *fmt,
              ...)
{
   if (p->failed)
      return false;
   p->failed = true;
   va_list args;
   va_start(args, fmt);
   char *msg = u_arena_vasprintf(p->mem, fmt, args);
   va_end(args);
   p->error = u_arena_asprintf(p->mem, "%u:%u: %s", t->line, t->col,
                               msg ? msg : "out of memory");
   return false;
}

static bool
is_word_char(char c)
{
   return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
          (c >= '0' && c <= '9') || c == '_' || c == '.' || c == '+' ||
          c == '-';
}

/* Characters of a @name: GLSL identifiers plus '.', '$' and the brackets
 * of the names GL gives uniform leaves ("s[1].t"). */
static bool
is_var_char(char c)
{
   return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
          (c >= '0' && c <= '9') || c == '_' || c == '.' || c == '$' ||
          c == '[' || c == ']';
}

static int
hex_digit(char c)
{
   if (c >= '0' && c <= '9')
      return c - '0';
   if (c >= 'a' && c <= 'f')
      return c - 'a' + 10;
   if (c >= 'A' && c <= 'F')
      return c - 'A' + 10;
   return -1;
}

/* Decodes the string literal starting at p->pos (the opening quote). */
static bool
lex_string(struct ir_parser *p, struct ir_token *t)
{
   const char *s = p->pos + 1;
   size_t cap = 0;
   for (const char *q = s; *q && *q != '\n'; q++)
      cap++;
   char *out = u_arena_alloc(p->mem, cap + 1);
   if (!out)
      return ir_parse_fail(p, t, "out of memory");
   size_t n = 0;
   for (;;) {
      char c = *s;
      if (c == '\0' || c == '\n')
         return ir_parse_fail(p, t, "unterminated string");
      s++;
      if (c == '"')
         break;
      if (c != '\\') {
         out[n++] = c;
         continue;
      }
      struct ir_token at = *t;
      at.col = (unsigned)(s - 1 - p->line_start) + 1;
      c = *s++;
      switch (c) {
      case 'n':
         out[n++] = '\n';
         break;
      case 't':
         out[n++] = '\t';
         break;
      case 'r':
         out[n++] = '\r';
         break;
      case '\\':
      case '"':
      case '\'':
         out[n++] = c;
         break;
      case 'x': {
         int hi = hex_digit(*s);
         if (hi < 0)
            return ir_parse_fail(p, &at, "bad \\x escape");
         s++;
         int v = hi, lo = hex_digit(*s);
         if (lo >= 0) {
            v = hi * 16 + lo;
            s++;
         }
         if (v == 0)
            return ir_parse_fail(p, &at, "NUL character in string");
         out[n++] = (char)v;
         break;
      }
      default:
         return ir_parse_fail(p, &at, "unknown escape sequence");
      }
   }
   out[n] = '\0';
   t->str = out;
   t->len = (unsigned)(s - p->pos);
   p->pos = s;
   return true;
}

/* Lexes one token at p->pos (not whitespace, not a comment). */
static bool
lex_token(struct ir_parser *p, struct ir_token *t)
{
   const char *s = p->pos;
   t->text = s;
   t->col = (unsigned)(s - p->line_start) + 1;
   t->line = p->line;

   if (*s == '"') {
      t->kind = IR_TOK_STRING;
      return lex_string(p, t);
   }
   if (*s == '%') {
      const char *q = s + 1;
      uint64_t v = 0;
      if (*q < '0' || *q > '9')
         return ir_parse_fail(p, t, "expected a number after '%%'");
      for (; *q >= '0' && *q <= '9'; q++) {
         v = v * 10 + (uint64_t)(*q - '0');
         if (v > UINT32_MAX)
            return ir_parse_fail(p, t, "def number too large");
      }
      t->kind = IR_TOK_DEF;
      t->num = v;
      t->len = (unsigned)(q - s);
      p->pos = q;
      return true;
   }
   if (*s == '@') {
      const char *q = s + 1;
      while (is_var_char(*q))
         q++;
      if (q == s + 1)
         return ir_parse_fail(p, t, "expected a name after '@'");
      t->kind = IR_TOK_VAR;
      t->text = s + 1;
      t->len = (unsigned)(q - s - 1);
      p->pos = q;
      return true;
   }
   if (s[0] == '<' && s[1] == '-') {
      t->kind = IR_TOK_PUNCT;
      t->punct = '<';
      t->len = 2;
      p->pos = s + 2;
      return true;
   }
   if (strchr("=,(){}[]:;", *s)) {
      t->kind = IR_TOK_PUNCT;
      t->punct = *s;
      t->len = 1;
      p->pos = s + 1;
      return true;
   }
   if (is_word_char(*s)) {
      const char *q = s;
      while (is_word_char(*q))
         q++;
      t->kind = IR_TOK_WORD;
      t->len = (unsigned)(q - s);
      p->pos = q;
      return true;
   }
   return ir_parse_fail(p, t, "unexpected character");
}

bool
ir_parse_lex_line(struct ir_parser *p)
{
   for (;;) {
      if (p->failed || *p->pos == '\0')
         return false;
      u_dynarray_clear(&p->toks);
      p->cur = 0;
      bool adjacent = false;
      for (;;) {
         char c = *p->pos;
         if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
            p->pos++;
            adjacent = false;
            continue;
         }
         if (c == '#' || (c == '/' && p->pos[1] == '/')) {
            while (*p->pos && *p->pos != '\n')
               p->pos++;
            continue;
         }
         if (c == '\0' || c == '\n')
            break;
         struct ir_token t = { 0 };
         t.adjacent = adjacent;
         if (!lex_token(p, &t))
            return false;
         if (!u_dynarray_append(&p->toks, struct ir_token, t)) {
            ir_parse_fail(p, &t, "out of memory");
            return false;
         }
         adjacent = true;
      }

      struct ir_token eol = {
         .kind = IR_TOK_EOL,
         .text = p->pos,
         .line = p->line,
         .col = (unsigned)(p->pos - p->line_start) + 1,
      };
      bool empty = p->toks.size == 0;
      if (!u_dynarray_append(&p->toks, struct ir_token, eol)) {
         ir_parse_fail(p, &eol, "out of memory");
         return false;
      }
      if (*p->pos == '\n') {
         p->pos++;
         p->line++;
         p->line_start = p->pos;
      }
      if (!empty)
         return true;
   }
}

struct ir_token *
ir_parse_peek(struct ir_parser *p)
{
   return u_dynarray_element(&p->toks, struct ir_token, p->cur);
}

struct ir_token *
ir_parse_next(struct ir_parser *p)
{
   struct ir_token *t = ir_parse_peek(p);
   if (t->kind != IR_TOK_EOL)
      p->cur++;
   return t;
}

bool
ir_parse_tok_is(const struct ir_token *t, const char *word)
{
   return t->kind == IR_TOK_WORD && strlen(word) == t->len &&
          memcmp(t->text, word, t->len) == 0;
}

bool
ir_parse_tok_is_punct(const struct ir_token *t, char c)
{
   return t->kind == IR_TOK_PUNCT && t->punct == c;
}

bool
ir_parse_accept_word(struct ir_parser *p, const char *word)
{
   if (!ir_parse_tok_is(ir_parse_peek(p), word))
      return false;
   ir_parse_next(p);
   return true;
}

bool
ir_parse_accept_punct(struct ir_parser *p, char c)
{
   if (!ir_parse_tok_is_punct(ir_parse_peek(p), c))
      return false;
   ir_parse_next(p);
   return true;
}

bool
ir_parse_expect_punct(struct ir_parser *p, char c)
{
   if (ir_parse_accept_punct(p, c))
      return true;
   if (c == '<')
      return ir_parse_fail(p, ir_parse_peek(p), "expected '<-'");
   return ir_parse_fail(p, ir_parse_peek(p), "expected '%c'", c);
}

bool
ir_parse_expect_eol(struct ir_parser *p)
{
   if (ir_parse_peek(p)->kind == IR_TOK_EOL)
      return true;
   return ir_parse_fail(p, ir_parse_peek(p), "unexpected text at end of line");
}

char *
ir_parse_tok_str(struct ir_parser *p, const struct ir_token *t)
{
   return u_arena_strndup(p->mem, t->text, t->len);
}

/* Decimal digits of [s, s + len) into *out; false on overflow or a
 * non-digit. */
static bool
decimal(const char *s, unsigned len, uint64_t *out)
{
   uint64_t v = 0;
   if (len == 0)
      return false;
   for (unsigned i = 0; i < len; i++) {
      if (s[i] < '0' || s[i] > '9')
         return false;
      unsigned d = (unsigned)(s[i] - '0');
      if (v > (UINT64_MAX - d) / 10)
         return false;
      v = v * 10 + d;
   }
   *out = v;
   return true;
}

static bool
hexadecimal(const char *s, unsigned len, uint64_t *out)
{
   uint64_t v = 0;
   if (len == 0 || len > 16)
      return false;
   for (unsigned i = 0; i < len; i++) {
      int d = hex_digit(s[i]);
      if (d < 0)
         return false;
      v = v << 4 | (uint64_t)d;
   }
   *out = v;
   return true;
}

bool
ir_parse_uint(struct ir_parser *p, const struct ir_token *t, uint64_t max,
              uint64_t *out)
{
   if (t->kind != IR_TOK_WORD || !decimal(t->text, t->len, out))
      return ir_parse_fail(p, t, "expected a number");
   if (*out > max)
      return ir_parse_fail(p, t, "number out of range");
   return true;
}

static bool
is_hex_literal(const struct ir_token *t)
{
   return t->len > 2 && t->text[0] == '0' &&
          (t->text[1] == 'x' || t->text[1] == 'X');
}

/*
 * An integer literal: raw bits of a hex literal, or a decimal one with its
 * sign.  *neg and *mag describe a decimal; hex sets *neg false.  @p bits
 * only serves the message when the magnitude does not fit 64 bits.
 */
static bool
integer(struct ir_parser *p, const struct ir_token *t, unsigned bits, bool *hex,
        bool *neg, uint64_t *mag)
{
   *neg = false;
   *hex = is_hex_literal(t);
   if (t->kind != IR_TOK_WORD)
      return ir_parse_fail(p, t, "expected a number");
   if (*hex) {
      if (!hexadecimal(t->text + 2, t->len - 2, mag))
         return ir_parse_fail(p, t, "bad hex number");
      return true;
   }
   const char *s = t->text;
   unsigned len = t->len;
   if (len && s[0] == '-') {
      *neg = true;
      s++;
      len--;
   }
   if (len == 0 || s[0] < '0' || s[0] > '9')
      return ir_parse_fail(p, t, "expected a number");
   if (!decimal(s, len, mag)) {
      for (unsigned i = 0; i < len; i++) {
         if (s[i] < '0' || s[i] > '9')
            return ir_parse_fail(p, t, "bad number");
      }
      return ir_parse_fail(p, t, "constant out of range (%u-bit)", bits);
   }
   return true;
}

/* Whether an integer fits @p bits bits as a signed or an unsigned value;
 * *bits_out gets its two's complement bits. */
static bool
fits(bool neg, uint64_t mag, unsigned bits, uint64_t *bits_out)
{
   uint64_t umax = bits == 64 ? UINT64_MAX : (UINT64_C(1) << bits) - 1;
   if (!neg) {
      *bits_out = mag;
      return mag <= umax;
   }
   uint64_t nmax = UINT64_C(1) << (bits - 1);
   *bits_out = (0 - mag) & umax;
   return mag <= nmax;
}

bool
ir_parse_int32(struct ir_parser *p, const struct ir_token *t, int32_t *out)
{
   bool hex, neg;
   uint64_t mag, bits;
   if (!integer(p, t, 32, &hex, &neg, &mag))
      return false;
   if (!fits(neg, mag, 32, &bits))
      return ir_parse_fail(p, t, "number out of range");
   *out = (int32_t)(uint32_t)bits;
   return true;
}

bool
ir_parse_is_float_literal(const struct ir_token *t)
{
   if (t->kind != IR_TOK_WORD || is_hex_literal(t))
      return false;
   const char *s = t->text;
   unsigned len = t->len;
   if (len && (s[0] == '-' || s[0] == '+')) {
      s++;
      len--;
   }
   if (len == 3 && (memcmp(s, "inf", 3) == 0 || memcmp(s, "nan", 3) == 0))
      return true;
   if (len == 0 || !((s[0] >= '0' && s[0] <= '9') || s[0] == '.'))
      return false;
   for (unsigned i = 0; i < len; i++) {
      if (s[i] == '.' || s[i] == 'e' || s[i] == 'E')
         return true;
   }
   return false;
}

static bool
names_infinity(const struct ir_token *t)
{
   const char *s = t->text;
   unsigned len = t->len;
   if (len && (s[0] == '-' || s[0] == '+')) {
      s++;
      len--;
   }
   return len == 3 && memcmp(s, "inf", 3) == 0;
}

static bool
parse_float(struct ir_parser *p, const struct ir_token *t, unsigned bit_size,
            union ir_const_value *out)
{
   if (bit_size != 16 && bit_size != 32 && bit_size != 64)
      return ir_parse_fail(p, t, "float constant needs 16, 32 or 64 bits");
   char *s = ir_parse_tok_str(p, t);
   if (!s)
      return ir_parse_fail(p, t, "out of memory");
   char *end;
   bool inf_ok = names_infinity(t);
   if (bit_size == 64) {
      double d = strtod(s, &end);
      if (*end)
         return ir_parse_fail(p, t, "bad number");
      if (isinf(d) && !inf_ok)
         return ir_parse_fail(p, t, "constant out of range (64-bit)");
      out->f64 = d;
      return true;
   }
   float f = strtof(s, &end);
   if (*end)
      return ir_parse_fail(p, t, "bad number");
   if (isinf(f) && !inf_ok)
      return ir_parse_fail(p, t, "constant out of range (%u-bit)", bit_size);
   if (bit_size == 32) {
      out->f32 = f;
      return true;
   }
   uint16_t h = u_float_to_half_rtne(f);
   if (u_half_is_inf(h) && !inf_ok)
      return ir_parse_fail(p, t, "constant out of range (16-bit)");
   out->u16 = h;
   return true;
}

bool
ir_parse_value(struct ir_parser *p, const struct ir_token *t, unsigned bit_size,
               union ir_const_value *out)
{
   out->u64 = 0;
   if (ir_parse_tok_is(t, "true") || ir_parse_tok_is(t, "false")) {
      if (bit_size != 1)
         return ir_parse_fail(p, t, "boolean constant needs bit size 1");
      out->b = ir_parse_tok_is(t, "true");
      return true;
   }
   if (ir_parse_is_float_literal(t))
      return parse_float(p, t, bit_size, out);

   bool hex, neg;
   uint64_t mag, bits;
   if (!integer(p, t, bit_size, &hex, &neg, &mag))
      return false;
   if (!fits(neg, mag, bit_size, &bits))
      return ir_parse_fail(p, t, "constant out of range (%u-bit)", bit_size);
   switch (bit_size) {
   case 1:
      out->b = bits & 1;
      break;
   case 8:
      out->u8 = (uint8_t)bits;
      break;
   case 16:
      out->u16 = (uint16_t)bits;
      break;
   case 32:
      out->u32 = (uint32_t)bits;
      break;
   default:
      out->u64 = bits;
      break;
   }
   return true;
}

bool
ir_parse_def_size(struct ir_parser *p, const struct ir_token *t,
                  unsigned *bit_size, unsigned *num_components)
{
   if (t->kind != IR_TOK_WORD)
      return ir_parse_fail(p, t, "expected a size like 32 or 32x4");
   unsigned len = 0;
   while (len < t->len && t->text[len] != 'x')
      len++;
   uint64_t bits, n = 1;
   if (!decimal(t->text, len, &bits) ||
       (len < t->len && !decimal(t->text + len + 1, t->len - len - 1, &n)))
      return ir_parse_fail(p, t, "expected a size like 32 or 32x4");
   if (bits != 1 && bits != 8 && bits != 16 && bits != 32 && bits != 64)
      return ir_parse_fail(p, t, "invalid bit size");
   if (n < 1 || n > IR_MAX_VEC)
      return ir_parse_fail(p, t, "invalid component count");
   *bit_size = (unsigned)bits;
   *num_components = (unsigned)n;
   return true;
}
