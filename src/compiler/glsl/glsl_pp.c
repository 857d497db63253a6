/* SPDX-License-Identifier: MIT */

/*
 * The GLSL preprocessor driver: logical lines and directives (GLSL 4.60 /
 * ESSL 3.00, section 3.3).  See glsl_pp.h for the output contract.
 *
 * Phase 1 (split_lines) removes line continuations and comments and cuts
 * the source into logical lines, each knowing its first physical line and
 * how many physical lines it covers.  Phase 2 walks the logical lines:
 * a line whose first token is '#' is a directive; runs of other lines are
 * tokenized together (with NEWLINE tokens between lines, so a macro
 * invocation may span lines), macro-expanded (glsl_pp_macro.c) and
 * printed.  Every logical line prints as many newlines as it covered.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "glsl_pp_priv.h"
#include "util/u_arena.h"
#include "util/u_hash.h"

/** Stop logging after this many messages (fuzzed inputs). */
#define MAX_MESSAGES 100
/** Tokens all macro expansions of one shader may produce: far above real
 * shaders, and at 32 bytes a token it bounds the memory of hostile ones. */
#define EXPANSION_BUDGET (1u << 20)

static void
message(struct pp_state *pp, const char *kind, uint32_t line, uint32_t col,
        const char *fmt, va_list args)
{
   if (pp->num_messages++ >= MAX_MESSAGES)
      return;
   u_strbuf_appendf(&pp->log, "%u:%u(%u): %s: ", pp->source, line, col, kind);
   u_strbuf_vappendf(&pp->log, fmt, args);
   u_strbuf_append_char(&pp->log, '\n');
}

void
pp_error(struct pp_state *pp, uint32_t line, uint32_t col, const char *fmt, ...)
{
   va_list args;
   va_start(args, fmt);
   message(pp, "error", line, col, fmt, args);
   va_end(args);
   pp->res->ok = false;
}

void
pp_warning(struct pp_state *pp, uint32_t line, uint32_t col, const char *fmt,
           ...)
{
   va_list args;
   va_start(args, fmt);
   message(pp, "warning", line, col, fmt, args);
   va_end(args);
}

/* Reads one character of @p *s after line splices (backslash-newline),
 * counting the spliced physical lines in @p *extra.  Does not advance. */
static char
peek_char(const char **s, uint32_t *extra)
{
   for (;;) {
      const char *p = *s;
      if (p[0] != '\\')
         return p[0];
      if (p[1] == '\n' || (p[1] == '\r' && p[2] != '\n')) {
         *s = p + 2;
      } else if (p[1] == '\r' && p[2] == '\n') {
         *s = p + 3;
      } else {
         return '\\';
      }
      (*extra)++;
   }
}

/* Advances past one (non-splice) character; returns whether it was a
 * newline (LF, CR or CRLF). */
static bool
skip_char(const char **s)
{
   if (**s == '\r') {
      *s += (*s)[1] == '\n' ? 2 : 1;
      return true;
   }
   return *(*s)++ == '\n';
}

static void
push_line(struct pp_run *r, struct u_strbuf *text, uint32_t line, uint32_t span)
{
   struct pp_line l = {
      .text = u_arena_strndup(r->pp.arena, text->str, text->len),
      .line = line,
      .span = span,
   };
   if (!l.text)
      l.text = "";
   u_dynarray_append(&r->lines, struct pp_line, l);
   u_strbuf_clear(text);
}

static void
split_lines(struct pp_run *r, const char *s)
{
   struct u_strbuf text;
   u_strbuf_init(&text, NULL);
   uint32_t phys = 1, start = 1, extra = 0;
   for (;;) {
      char c = peek_char(&s, &extra);
      if (c == '\0')
         break;
      if (c == '\n' || c == '\r') {
         skip_char(&s);
         push_line(r, &text, start, extra + 1);
         phys += extra + 1;
         start = phys;
         extra = 0;
         continue;
      }
      s++;
      if (c == '/' && peek_char(&s, &extra) == '/') {
         while ((c = peek_char(&s, &extra)) && c != '\n' && c != '\r')
            s++;
         u_strbuf_append_char(&text, ' ');
         continue;
      }
      if (c == '/' && peek_char(&s, &extra) == '*') {
         s++;
         uint32_t comment_line = start + extra;
         bool closed = false;
         while ((c = peek_char(&s, &extra))) {
            if (c == '*') {
               s++;
               if (peek_char(&s, &extra) == '/') {
                  s++;
                  closed = true;
                  break;
               }
            } else if (skip_char(&s)) {
               extra++;
            }
         }
         if (!closed)
            pp_error(&r->pp, comment_line + r->pp.line_delta, 0,
                     "unterminated comment");
         u_strbuf_append_char(&text, ' ');
         continue;
      }
      u_strbuf_append_char(&text, c);
   }
   /* A last line without a newline prints without one. */
   if (text.len || extra)
      push_line(r, &text, start, extra);
   u_strbuf_fini(&text);
}

static void
define_macro(struct pp_state *pp, const char *name, const char *body,
             enum pp_builtin builtin)
{
   struct pp_macro *m = u_arena_zalloc(pp->arena, sizeof(*m));
   if (!m)
      return;
   m->name = u_arena_strdup(pp->arena, name);
   m->builtin = builtin;
   if (body) {
      struct u_dynarray toks;
      u_dynarray_init(&toks, pp->arena);
      pp_tokenize(u_arena_strdup(pp->arena, body), 0, &toks);
      m->body = toks.data;
      m->body_len = u_dynarray_num_elements(&toks, struct pp_token);
   }
   if (m->name)
      u_hash_table_insert(pp->macros, m->name, m);
}

/* Called once the version is known: at the first content or #version. */
void
pp_define_builtins(struct pp_run *r)
{
   struct pp_state *pp = &r->pp;
   struct glsl_pp_result *res = pp->res;
   if (r->builtins_defined)
      return;
   r->builtins_defined = true;
   if (!res->version_explicit) {
      unsigned dflt =
         pp->opts->default_version ? pp->opts->default_version : 110;
      res->version = pp->opts->es ? 100 : dflt;
      res->profile = pp->opts->es  ? GLSL_PROFILE_ES
                     : dflt >= 150 ? GLSL_PROFILE_CORE
                                   : GLSL_PROFILE_NONE;
   }
   char buf[16];
   snprintf(buf, sizeof(buf), "%u", res->version);
   define_macro(pp, "__LINE__", NULL, PP_BUILTIN_LINE);
   define_macro(pp, "__FILE__", NULL, PP_BUILTIN_FILE);
   define_macro(pp, "__VERSION__", buf, PP_BUILTIN_NONE);
   if (res->profile == GLSL_PROFILE_ES)
      define_macro(pp, "GL_ES", "1", PP_BUILTIN_NONE);
   else if (res->version >= 150)
      define_macro(pp, "GL_core_profile", "1", PP_BUILTIN_NONE);
   /* highp is always supported, in both stages (GLSL 1.30 4.5.4, ESSL
    * 1.00 4.5.4). */
   if (res->profile == GLSL_PROFILE_ES || res->version >= 130)
      define_macro(pp, "GL_FRAGMENT_PRECISION_HIGH", "1", PP_BUILTIN_NONE);
   if (res->profile == GLSL_PROFILE_COMPAT)
      define_macro(pp, "GL_compatibility_profile", "1", PP_BUILTIN_NONE);
   for (unsigned i = 0; i < pp->opts->num_extensions; i++) {
      if (pp->opts->extensions[i])
         define_macro(pp, pp->opts->extensions[i], "1", PP_BUILTIN_NONE);
   }
}

bool
pp_is_active(struct pp_run *r)
{
   if (!r->conds.size)
      return true;
   struct pp_cond *c = u_dynarray_last(&r->conds, struct pp_cond);
   return c->parent_active && c->active;
}

char *
pp_tok_str(struct pp_state *pp, const struct pp_token *t)
{
   char *s = u_arena_strndup(pp->arena, t->text, t->len);
   return s ? s : "";
}

static void
flush_text(struct pp_run *r, struct u_dynarray *text)
{
   if (!text->size)
      return;
   struct u_dynarray out;
   u_dynarray_init(&out, r->pp.arena);
   pp_expand(&r->pp, text->data, u_dynarray_num_elements(text, struct pp_token),
             &out);
   pp_render(out.data, u_dynarray_num_elements(&out, struct pp_token),
             &r->pp.out);
   u_dynarray_clear(text);
}

static void
append_newlines(struct u_dynarray *text, uint32_t n)
{
   struct pp_token nl = { .text = "\n", .len = 1, .kind = PP_TOK_NEWLINE };
   for (uint32_t i = 0; i < n; i++)
      u_dynarray_append(text, struct pp_token, nl);
}

bool
glsl_pp_run(struct u_arena *arena, const char *source,
            const struct glsl_pp_options *opts, struct glsl_pp_result *out)
{
   static const struct glsl_pp_options no_opts;
   memset(out, 0, sizeof(*out));
   out->ok = true;
   out->output = "";
   out->info_log = "";

   struct pp_run r = {
      .pp = {
         .arena = arena,
         .opts = opts ? opts : &no_opts,
         .res = out,
         .budget = EXPANSION_BUDGET,
      },
   };
   struct pp_state *pp = &r.pp;
   u_strbuf_init(&pp->out, arena);
   u_strbuf_init(&pp->log, arena);
   pp->macros = u_hash_table_create_string(arena);
   if (!pp->macros) {
      out->ok = false;
      return false;
   }
   u_dynarray_init(&r.lines, arena);
   u_dynarray_init(&r.conds, arena);
   split_lines(&r, source ? source : "");

   struct u_dynarray text;
   u_dynarray_init(&text, arena);
   u_dynarray_foreach (&r.lines, struct pp_line, l) {
      const char *p = l->text;
      while (*p == ' ' || *p == '\t' || *p == '\v' || *p == '\f')
         p++;
      if (*p == '#') {
         flush_text(&r, &text);
         pp_directive(&r, l);
         continue;
      }
      if (*p && pp_is_active(&r)) {
         r.seen_code = true;
         if (!r.seen_content) {
            r.seen_content = true;
            pp_define_builtins(&r);
         }
         pp_tokenize(l->text, l->line + pp->line_delta, &text);
      }
      append_newlines(&text, l->span);
   }
   flush_text(&r, &text);

   u_dynarray_foreach (&r.conds, struct pp_cond, c)
      pp_error(pp, c->line, 0, "unterminated #if");
   pp_define_builtins(&r);

   if (pp->out.oom || pp->log.oom) {
      out->ok = false;
   } else {
      out->output = pp->out.str;
      out->info_log = pp->log.str;
   }
   return out->ok;
}

enum glsl_ext_behavior
glsl_pp_extension_behavior(const struct glsl_pp_result *res, const char *name)
{
   for (unsigned i = res->num_extensions; i-- > 0;) {
      const char *n = res->extensions[i].name;
      if (!strcmp(n, name) || !strcmp(n, "all"))
         return res->extensions[i].behavior;
   }
   return GLSL_EXT_DISABLE;
}
