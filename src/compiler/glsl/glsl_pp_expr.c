/* SPDX-License-Identifier: MIT */

/*
 * Integer constant expressions of #if and #elif, by precedence climbing.
 *
 * GLSL 4.60, 3.3: "Expressions following #if and #elif are further
 * restricted to expressions operating on literal integer constants, plus
 * identifiers consumed by the defined operator."  Undefined identifiers
 * are therefore an error (they are not 0 as in C).  Arithmetic is 32-bit
 * two's complement, computed on uint32_t so that overflow wraps instead of
 * being undefined; division by zero is an error only on the evaluated side
 * of "&&", "||" and "?:".
 */
#include <ctype.h>
#include <stdint.h>
#include <string.h>

#include "glsl_pp_priv.h"

#define MAX_NESTING 256

struct expr {
   struct pp_state *pp;
   const struct pp_token *t;
   size_t n, pos;
   uint32_t line;
   unsigned nesting;
   bool failed;
   /** Undefined names are errors (#line, and ESSL), not 0. */
   bool strict_names;
};

static void
fail(struct expr *e, const char *msg, const struct pp_token *t)
{
   if (e->failed)
      return;
   e->failed = true;
   if (t)
      pp_error(e->pp, e->line, t->col,
               "%s \"%.*s\" in preprocessor "
               "expression",
               msg, (int)t->len, t->text);
   else
      pp_error(e->pp, e->line, 0, "%s in preprocessor expression", msg);
}

static const struct pp_token *
peek(struct expr *e)
{
   return e->pos < e->n ? &e->t[e->pos] : NULL;
}

static bool
accept(struct expr *e, const char *op)
{
   const struct pp_token *t = peek(e);
   if (t && t->kind == PP_TOK_PUNCT && pp_tok_is(t, op)) {
      e->pos++;
      return true;
   }
   return false;
}

static int32_t
parse_number(struct expr *e, const struct pp_token *t)
{
   const char *s = t->text;
   size_t len = t->len, i = 0;
   unsigned base = 10;
   if (len && (s[len - 1] == 'u' || s[len - 1] == 'U'))
      len--;
   if (len > 1 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
      base = 16;
      i = 2;
      if (len == 2) {
         fail(e, "invalid integer constant", t);
         return 0;
      }
   } else if (len > 1 && s[0] == '0') {
      base = 8;
      i = 1;
   }
   uint32_t v = 0;
   for (; i < len; i++) {
      unsigned d;
      char c = s[i];
      if (isdigit((unsigned char)c))
         d = (unsigned)(c - '0');
      else if (c >= 'a' && c <= 'f')
         d = 10 + (unsigned)(c - 'a');
      else if (c >= 'A' && c <= 'F')
         d = 10 + (unsigned)(c - 'A');
      else
         d = 99;
      if (d >= base) {
         fail(e, "invalid integer constant", t);
         return 0;
      }
      v = v * base + d;
   }
   return (int32_t)v;
}

static int32_t parse_ternary(struct expr *e, bool live);

static int32_t
parse_unary(struct expr *e, bool live)
{
   const struct pp_token *t = peek(e);
   if (!t) {
      fail(e, "expected an operand", NULL);
      return 0;
   }
   if (++e->nesting > MAX_NESTING) {
      fail(e, "expression nested too deeply", NULL);
      e->nesting--;
      return 0;
   }
   int32_t v = 0;
   e->pos++;
   if (pp_tok_is(t, "+")) {
      v = parse_unary(e, live);
   } else if (pp_tok_is(t, "-")) {
      v = (int32_t)(0u - (uint32_t)parse_unary(e, live));
   } else if (pp_tok_is(t, "~")) {
      v = (int32_t) ~(uint32_t)parse_unary(e, live);
   } else if (pp_tok_is(t, "!")) {
      v = !parse_unary(e, live);
   } else if (pp_tok_is(t, "(")) {
      v = parse_ternary(e, live);
      if (!accept(e, ")"))
         fail(e, "expected \")\"", peek(e));
   } else if (t->kind == PP_TOK_NUMBER) {
      v = parse_number(e, t);
   } else if (t->kind == PP_TOK_IDENT) {
      /* Desktop GLSL (as 4.30 made explicit, and as C does) reads an
       * undefined name as 0; ESSL keeps it an error. */
      if (e->strict_names)
         fail(e, "undefined identifier", t);
      v = 0;
   } else {
      fail(e, "unexpected token", t);
   }
   e->nesting--;
   return v;
}

struct binop {
   const char *op;
   unsigned prec;
};

static const struct binop binops[] = {
   { "||", 1 }, { "&&", 2 }, { "|", 3 }, { "^", 4 },  { "&", 5 },  { "==", 6 },
   { "!=", 6 }, { "<", 7 },  { ">", 7 }, { "<=", 7 }, { ">=", 7 }, { "<<", 8 },
   { ">>", 8 }, { "+", 9 },  { "-", 9 }, { "*", 10 }, { "/", 10 }, { "%", 10 },
};

static const struct binop *
peek_binop(struct expr *e)
{
   const struct pp_token *t = peek(e);
   if (!t || t->kind != PP_TOK_PUNCT)
      return NULL;
   for (unsigned i = 0; i < sizeof(binops) / sizeof(binops[0]); i++) {
      if (pp_tok_is(t, binops[i].op))
         return &binops[i];
   }
   return NULL;
}

static int32_t
apply(struct expr *e, const char *op, int32_t a, int32_t b, bool live,
      const struct pp_token *at)
{
   uint32_t ua = (uint32_t)a, ub = (uint32_t)b;
   switch (op[0]) {
   case '|':
      return op[1] ? (a || b) : (int32_t)(ua | ub);
   case '&':
      return op[1] ? (a && b) : (int32_t)(ua & ub);
   case '^':
      return (int32_t)(ua ^ ub);
   case '=':
      return a == b;
   case '!':
      return a != b;
   case '<':
      if (op[1] == '<')
         return (int32_t)(ua << (ub & 31));
      return op[1] ? a <= b : a < b;
   case '>':
      if (op[1] == '>')
         return a >> (ub & 31);
      return op[1] ? a >= b : a > b;
   case '+':
      return (int32_t)(ua + ub);
   case '-':
      return (int32_t)(ua - ub);
   case '*':
      return (int32_t)(ua * ub);
   case '/':
   case '%':
      if (b == 0) {
         if (live)
            fail(e, "division by zero", at);
         return 0;
      }
      if (a == INT32_MIN && b == -1)
         return op[0] == '/' ? INT32_MIN : 0;
      return op[0] == '/' ? a / b : a % b;
   }
   return 0;
}

static int32_t
parse_binary(struct expr *e, unsigned min_prec, bool live)
{
   int32_t lhs = parse_unary(e, live);
   const struct binop *op;
   while (!e->failed && (op = peek_binop(e)) && op->prec >= min_prec) {
      const struct pp_token *at = peek(e);
      e->pos++;
      bool rhs_live = live;
      if (!strcmp(op->op, "&&"))
         rhs_live = live && lhs;
      else if (!strcmp(op->op, "||"))
         rhs_live = live && !lhs;
      int32_t rhs = parse_binary(e, op->prec + 1, rhs_live);
      lhs = apply(e, op->op, lhs, rhs, live, at);
   }
   return lhs;
}

static int32_t
parse_ternary(struct expr *e, bool live)
{
   int32_t cond = parse_binary(e, 1, live);
   if (e->failed || !accept(e, "?"))
      return cond;
   if (++e->nesting > MAX_NESTING) {
      fail(e, "expression nested too deeply", NULL);
      return 0;
   }
   int32_t a = parse_ternary(e, live && cond);
   if (!accept(e, ":")) {
      fail(e, "expected \":\"", peek(e));
      e->nesting--;
      return 0;
   }
   int32_t b = parse_ternary(e, live && !cond);
   e->nesting--;
   return cond ? a : b;
}

bool
pp_eval_expr(struct pp_state *pp, const struct pp_token *toks, size_t n,
             uint32_t line, int32_t *value, size_t *consumed)
{
   struct expr e = { .pp = pp,
                     .t = toks,
                     .n = n,
                     .line = line,
                     .strict_names = consumed || pp->opts->es };
   if (!n) {
      pp_error(pp, line, 0, "expected an expression");
      return false;
   }
   *value = parse_ternary(&e, true);
   if (consumed)
      *consumed = e.pos;
   else if (!e.failed && e.pos < e.n)
      fail(&e, "unexpected token", peek(&e));
   return !e.failed;
}
