/* SPDX-License-Identifier: MIT */

/*
 * Preprocessing tokens, macro expansion and output text of the GLSL
 * preprocessor.
 *
 * Expansion reads from a stack of frames: the bottom frame is the input,
 * each macro replacement is pushed as a frame that marks its macro active
 * until the frame is exhausted and popped.  An identifier naming an active
 * macro is painted (noexpand) for good, so recursive macros stop, as in
 * C11 6.10.3.4.  A function-like macro looks for its '(' through the
 * frames below (and across NEWLINE tokens, so invocations may span lines;
 * the swallowed newlines are pushed back after the replacement to keep
 * line numbering).  Arguments are fully expanded before substitution,
 * except next to "##", and "##" is applied after substitution with
 * placemarkers for empty arguments.
 *
 * Hostile input is bounded: pp->budget caps the number of replacement
 * tokens (exponential macros), and argument pre-expansion may nest
 * MAX_DEPTH deep; past either, an error is reported and the remaining
 * tokens are copied unexpanded.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "glsl_pp_priv.h"
#include "util/u_arena.h"
#include "util/u_hash.h"

#define MAX_DEPTH 64

static const char *const puncts3[] = { "<<=", ">>=" };
static const char *const puncts2[] = {
   "##", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&",
   "||", "^^", "+=", "-=", "*=", "/=", "%=", "&=", "^=", "|=",
};

static bool
is_ident_start(char c)
{
   return isalpha((unsigned char)c) || c == '_';
}

static bool
is_ident_char(char c)
{
   return isalnum((unsigned char)c) || c == '_';
}

size_t
pp_lex_one(const char *s, uint8_t *kind)
{
   if (!*s) {
      *kind = PP_TOK_OTHER;
      return 0;
   }
   if (is_ident_start(s[0])) {
      size_t n = 1;
      while (is_ident_char(s[n]))
         n++;
      *kind = PP_TOK_IDENT;
      return n;
   }
   if (isdigit((unsigned char)s[0]) ||
       (s[0] == '.' && isdigit((unsigned char)s[1]))) {
      /* A C pp-number: digits, letters, '.', and a sign after an exponent. */
      size_t n = 1;
      for (;;) {
         char c = s[n];
         if (is_ident_char(c) || c == '.')
            n++;
         else if ((c == '+' || c == '-') && strchr("eEpP", s[n - 1]))
            n++;
         else
            break;
      }
      *kind = PP_TOK_NUMBER;
      return n;
   }
   *kind = PP_TOK_PUNCT;
   for (unsigned i = 0; i < sizeof(puncts3) / sizeof(puncts3[0]); i++) {
      if (!strncmp(s, puncts3[i], 3))
         return 3;
   }
   for (unsigned i = 0; i < sizeof(puncts2) / sizeof(puncts2[0]); i++) {
      if (!strncmp(s, puncts2[i], 2))
         return 2;
   }
   if (strchr("+-*/%<>=!&|^~?:;,.()[]{}#", s[0]))
      return 1;
   *kind = PP_TOK_OTHER;
   return 1;
}

static bool
is_space(char c)
{
   return c == ' ' || c == '\t' || c == '\v' || c == '\f' || c == '\r';
}

void
pp_tokenize(const char *text, uint32_t line, struct u_dynarray *toks)
{
   const char *s = text;
   bool space = false;
   while (*s) {
      if (is_space(*s)) {
         space = true;
         s++;
         continue;
      }
      struct pp_token t = {
         .text = s,
         .space = space,
         .line = line,
         .col = (uint32_t)(s - text) + 1,
      };
      t.len = (uint32_t)pp_lex_one(s, &t.kind);
      u_dynarray_append(toks, struct pp_token, t);
      s += t.len;
      space = false;
   }
}

bool
pp_tok_is(const struct pp_token *t, const char *s)
{
   return (t->kind == PP_TOK_PUNCT || t->kind == PP_TOK_IDENT) &&
          t->len == strlen(s) && !memcmp(t->text, s, t->len);
}

struct pp_macro *
pp_macro_lookup(struct pp_state *pp, const struct pp_token *t)
{
   char small[128];
   if (t->kind != PP_TOK_IDENT)
      return NULL;
   char *name = small;
   if (t->len >= sizeof(small)) {
      name = u_arena_strndup(pp->arena, t->text, t->len);
      if (!name)
         return NULL;
   } else {
      memcpy(small, t->text, t->len);
      small[t->len] = '\0';
   }
   struct u_hash_entry *e = u_hash_table_search(pp->macros, name);
   return e ? e->data : NULL;
}

/* Whether printing @p b right after @p a would lex differently. */
static bool
would_glue(const struct pp_token *a, const struct pp_token *b)
{
   char x = a->text[a->len - 1], y = b->text[0];
   if ((a->kind == PP_TOK_IDENT || a->kind == PP_TOK_NUMBER) &&
       is_ident_char(y))
      return true;
   if (a->kind == PP_TOK_NUMBER &&
       (y == '.' || ((y == '+' || y == '-') && strchr("eEpP", x))))
      return true;
   if (x == '.' && isdigit((unsigned char)y))
      return true;
   if (x == '/' && (y == '/' || y == '*'))
      return true;
   if (a->kind == PP_TOK_PUNCT && b->kind == PP_TOK_PUNCT && a->len < 4) {
      char buf[8];
      memcpy(buf, a->text, a->len);
      buf[a->len] = y;
      buf[a->len + 1] = '\0';
      uint8_t kind;
      return pp_lex_one(buf, &kind) > a->len;
   }
   return false;
}

void
pp_render(const struct pp_token *t, size_t n, struct u_strbuf *out)
{
   const struct pp_token *prev = NULL;
   for (size_t i = 0; i < n; i++) {
      if (t[i].kind == PP_TOK_NEWLINE) {
         u_strbuf_append_char(out, '\n');
         prev = NULL;
         continue;
      }
      if (t[i].kind == PP_TOK_PLACEMARKER)
         continue;
      if (prev && (t[i].space || would_glue(prev, &t[i])))
         u_strbuf_append_char(out, ' ');
      u_strbuf_append_len(out, t[i].text, t[i].len);
      prev = &t[i];
   }
}

struct frame {
   const struct pp_token *toks;
   size_t n, pos;
   /** The macro this frame is the replacement of, or NULL. */
   struct pp_macro *macro;
};

static const struct pp_token *
reader_next(struct u_dynarray *frames)
{
   while (frames->size) {
      struct frame *f = u_dynarray_last(frames, struct frame);
      if (f->pos < f->n)
         return &f->toks[f->pos++];
      if (f->macro)
         f->macro->active = false;
      frames->size -= sizeof(struct frame);
   }
   return NULL;
}

/* The next token that is not a NEWLINE or placemarker, not consumed. */
static const struct pp_token *
reader_peek(struct u_dynarray *frames)
{
   for (size_t i = u_dynarray_num_elements(frames, struct frame); i-- > 0;) {
      struct frame *f = u_dynarray_element(frames, struct frame, i);
      for (size_t p = f->pos; p < f->n; p++) {
         if (f->toks[p].kind != PP_TOK_NEWLINE &&
             f->toks[p].kind != PP_TOK_PLACEMARKER)
            return &f->toks[p];
      }
   }
   return NULL;
}

static void
push_frame(struct pp_state *pp, struct u_dynarray *frames,
           const struct pp_token *toks, size_t n, struct pp_macro *m,
           const struct pp_token *at)
{
   if (n > pp->budget) {
      pp->budget = 0;
      if (!pp->aborted)
         pp_error(pp, at->line, at->col, "macro expansion too large");
      pp->aborted = true;
      return;
   }
   pp->budget -= n;
   struct frame f = { .toks = toks, .n = n, .macro = m };
   if (!u_dynarray_append(frames, struct frame, f)) {
      pp->aborted = true;
      return;
   }
   if (m)
      m->active = true;
}

static struct pp_token
number_token(struct pp_state *pp, const struct pp_token *at, uint32_t v)
{
   struct pp_token t = *at;
   char *s = u_arena_asprintf(pp->arena, "%u", v);
   t.text = s ? s : "0";
   t.len = (uint32_t)strlen(t.text);
   t.kind = PP_TOK_NUMBER;
   t.noexpand = false;
   return t;
}

static void expand_frames(struct pp_state *pp, struct u_dynarray *frames,
                          struct u_dynarray *out);

/* The fully macro-expanded copy of an argument. */
static void
expand_arg(struct pp_state *pp, const struct pp_token *in, size_t n,
           struct u_dynarray *out)
{
   if (pp->depth >= MAX_DEPTH) {
      if (!pp->aborted && n)
         pp_error(pp, in[0].line, in[0].col,
                  "macro arguments nested too "
                  "deeply");
      pp->aborted = true;
   }
   pp->depth++;
   pp_expand(pp, in, n, out);
   pp->depth--;
}

static bool
is_paste(const struct pp_token *body, unsigned n, unsigned i)
{
   return i < n && body[i].kind == PP_TOK_PASTE;
}

/* Applies "##" to @p n tokens and drops placemarkers. */
static void
paste(struct pp_state *pp, const struct pp_token *in, size_t n,
      struct u_dynarray *out)
{
   for (size_t i = 0; i < n; i++) {
      if (in[i].kind != PP_TOK_PASTE || !out->size || i + 1 >= n) {
         u_dynarray_append(out, struct pp_token, in[i]);
         continue;
      }
      struct pp_token *lhs = u_dynarray_last(out, struct pp_token);
      const struct pp_token *rhs = &in[++i];
      if (rhs->kind == PP_TOK_PLACEMARKER)
         continue;
      if (lhs->kind == PP_TOK_PLACEMARKER) {
         bool space = lhs->space;
         *lhs = *rhs;
         lhs->space = space;
         continue;
      }
      size_t len = (size_t)lhs->len + rhs->len;
      char *s = u_arena_alloc(pp->arena, len + 1);
      if (!s)
         continue;
      memcpy(s, lhs->text, lhs->len);
      memcpy(s + lhs->len, rhs->text, rhs->len);
      s[len] = '\0';
      uint8_t kind;
      if (pp_lex_one(s, &kind) != len) {
         pp_error(pp, lhs->line, lhs->col,
                  "pasting \"%.*s\" and \"%.*s\" does not give a valid "
                  "preprocessing token",
                  (int)lhs->len, lhs->text, (int)rhs->len, rhs->text);
         u_dynarray_append(out, struct pp_token, *rhs);
         continue;
      }
      lhs->text = s;
      lhs->len = (uint32_t)len;
      lhs->kind = kind;
      lhs->noexpand = false;
   }
   /* Placemarkers not consumed by "##" have no further use. */
   size_t w = 0, num = u_dynarray_num_elements(out, struct pp_token);
   struct pp_token *t = out->data;
   for (size_t r = 0; r < num; r++) {
      if (t[r].kind != PP_TOK_PLACEMARKER)
         t[w++] = t[r];
   }
   out->size = w * sizeof(struct pp_token);
}

/* Builds the replacement of @p m invoked at @p at with arguments
 * @p args[i] (start index into @p argtoks, length). */
static void
substitute(struct pp_state *pp, struct pp_macro *m, const struct pp_token *at,
           const struct pp_token *argtoks, const size_t *bounds,
           struct u_dynarray *result)
{
   struct u_dynarray sub;
   u_dynarray_init(&sub, pp->arena);
   for (unsigned i = 0; i < m->body_len; i++) {
      const struct pp_token *b = &m->body[i];
      int param = -1;
      if (b->kind == PP_TOK_IDENT) {
         for (unsigned p = 0; p < m->num_params; p++) {
            if (strlen(m->params[p]) == b->len &&
                !memcmp(m->params[p], b->text, b->len)) {
               param = (int)p;
               break;
            }
         }
      }
      if (param < 0) {
         struct pp_token t = *b;
         t.line = at->line;
         t.col = at->col;
         if (i == 0)
            t.space = at->space;
         u_dynarray_append(&sub, struct pp_token, t);
         continue;
      }
      const struct pp_token *arg = argtoks + bounds[2 * param];
      size_t arg_len = bounds[2 * param + 1];
      bool raw = (i > 0 && is_paste(m->body, m->body_len, i - 1)) ||
                 is_paste(m->body, m->body_len, i + 1);
      size_t first = u_dynarray_num_elements(&sub, struct pp_token);
      if (raw) {
         if (!arg_len) {
            struct pp_token t = *b;
            t.kind = PP_TOK_PLACEMARKER;
            u_dynarray_append(&sub, struct pp_token, t);
         }
         for (size_t k = 0; k < arg_len; k++)
            u_dynarray_append(&sub, struct pp_token, arg[k]);
      } else {
         expand_arg(pp, arg, arg_len, &sub);
      }
      if (u_dynarray_num_elements(&sub, struct pp_token) > pp->budget) {
         /* Checked here too: many uses of a big argument. */
         if (!pp->aborted)
            pp_error(pp, at->line, at->col, "macro expansion too large");
         pp->aborted = true;
         return;
      }
      if (u_dynarray_num_elements(&sub, struct pp_token) > first) {
         struct pp_token *t = u_dynarray_element(&sub, struct pp_token, first);
         t->space = i == 0 ? at->space : b->space;
      }
   }
   paste(pp, sub.data, u_dynarray_num_elements(&sub, struct pp_token), result);
}

/* Collects the arguments after the '(' of an invocation of @p m.  Returns
 * false (after an error) when the invocation is unterminated. */
static bool
collect_args(struct pp_state *pp, struct u_dynarray *frames, struct pp_macro *m,
             const struct pp_token *at, struct u_dynarray *argtoks,
             struct u_dynarray *bounds, unsigned *newlines)
{
   unsigned depth = 0;
   size_t start = 0;
   bool space = false;
   for (;;) {
      const struct pp_token *tp = reader_next(frames);
      if (!tp) {
         pp_error(pp, at->line, at->col, "unterminated invocation of macro %s",
                  m->name);
         return false;
      }
      if (tp->kind == PP_TOK_NEWLINE) {
         (*newlines)++;
         space = true;
         continue;
      }
      size_t cur = u_dynarray_num_elements(argtoks, struct pp_token);
      if (depth == 0 && (pp_tok_is(tp, ")") || pp_tok_is(tp, ","))) {
         u_dynarray_append(bounds, size_t, start);
         u_dynarray_append(bounds, size_t, cur - start);
         start = cur;
         if (pp_tok_is(tp, ")"))
            return true;
         continue;
      }
      if (pp_tok_is(tp, "("))
         depth++;
      else if (pp_tok_is(tp, ")"))
         depth--;
      struct pp_token t = *tp;
      t.space = t.space || space;
      space = false;
      u_dynarray_append(argtoks, struct pp_token, t);
   }
}

static void
expand_function(struct pp_state *pp, struct u_dynarray *frames,
                struct pp_macro *m, const struct pp_token *at)
{
   unsigned newlines = 0;
   for (;;) {
      const struct pp_token *tp = reader_next(frames);
      if (!tp || pp_tok_is(tp, "("))
         break;
      if (tp->kind == PP_TOK_NEWLINE)
         newlines++;
   }

   struct u_dynarray argtoks, bounds, result;
   u_dynarray_init(&argtoks, pp->arena);
   u_dynarray_init(&bounds, pp->arena);
   u_dynarray_init(&result, pp->arena);
   bool ok = collect_args(pp, frames, m, at, &argtoks, &bounds, &newlines);
   size_t nargs = u_dynarray_num_elements(&bounds, size_t) / 2;
   if (ok && m->num_params == 0 && nargs == 1 &&
       *u_dynarray_element(&bounds, size_t, 1) == 0)
      nargs = 0;
   if (ok && nargs != m->num_params) {
      pp_error(pp, at->line, at->col, "macro %s takes %u arguments, %zu given",
               m->name, m->num_params, nargs);
      ok = false;
   }

   if (newlines) {
      struct pp_token *nl =
         u_arena_zalloc_array(pp->arena, newlines, sizeof(*nl));
      if (nl) {
         for (unsigned i = 0; i < newlines; i++) {
            nl[i].kind = PP_TOK_NEWLINE;
            nl[i].text = "\n";
            nl[i].len = 1;
         }
         push_frame(pp, frames, nl, newlines, NULL, at);
      }
   }
   if (!ok)
      return;
   substitute(pp, m, at, argtoks.data, bounds.data, &result);
   push_frame(pp, frames, result.data,
              u_dynarray_num_elements(&result, struct pp_token), m, at);
}

static void
expand_frames(struct pp_state *pp, struct u_dynarray *frames,
              struct u_dynarray *out)
{
   const struct pp_token *tp;
   while ((tp = reader_next(frames))) {
      struct pp_token t = *tp;
      struct pp_macro *m = NULL;
      if (t.kind == PP_TOK_PLACEMARKER)
         continue;
      if (t.kind == PP_TOK_IDENT && !t.noexpand && !pp->aborted)
         m = pp_macro_lookup(pp, &t);
      if (!m) {
         u_dynarray_append(out, struct pp_token, t);
         continue;
      }
      if (m->active) {
         t.noexpand = true;
         u_dynarray_append(out, struct pp_token, t);
         continue;
      }
      if (m->builtin != PP_BUILTIN_NONE) {
         uint32_t v = m->builtin == PP_BUILTIN_LINE ? t.line : pp->source;
         struct pp_token n = number_token(pp, &t, v);
         u_dynarray_append(out, struct pp_token, n);
         continue;
      }
      if (!m->function) {
         struct u_dynarray result;
         u_dynarray_init(&result, pp->arena);
         substitute(pp, m, &t, NULL, NULL, &result);
         push_frame(pp, frames, result.data,
                    u_dynarray_num_elements(&result, struct pp_token), m, &t);
         continue;
      }
      const struct pp_token *next = reader_peek(frames);
      if (!next || !pp_tok_is(next, "(")) {
         u_dynarray_append(out, struct pp_token, t);
         continue;
      }
      expand_function(pp, frames, m, &t);
   }
}

void
pp_expand(struct pp_state *pp, const struct pp_token *in, size_t n,
          struct u_dynarray *out)
{
   struct u_dynarray frames;
   u_dynarray_init(&frames, NULL);
   struct frame base = { .toks = in, .n = n };
   if (u_dynarray_append(&frames, struct frame, base))
      expand_frames(pp, &frames, out);
   /* Only left over when out of memory. */
   u_dynarray_foreach (&frames, struct frame, f) {
      if (f->macro)
         f->macro->active = false;
   }
   u_dynarray_fini(&frames);
}
