/* SPDX-License-Identifier: MIT */

/*
 * Preprocessor directives (GLSL 4.60 / ESSL 3.00, section 3.3).
 *
 * Every directive line prints as empty lines, except #line, which prints
 * its normalized form (see glsl_pp.h).  Inside a skipped #if branch only
 * the conditional directives are looked at, to track nesting; nothing else
 * there is checked, as in C.
 */
#include <string.h>

#include "glsl_pp_priv.h"
#include "util/u_arena.h"
#include "util/u_hash.h"

static bool
name_is(const struct pp_token *t, const char *s)
{
   return t->kind == PP_TOK_IDENT && pp_tok_is(t, s);
}

/*
 * GLSL 4.60, 3.3: "All macro names containing two consecutive underscores
 * (__) are reserved for use by underlying software layers. ...  All macro
 * names prefixed with "GL_" ... are also reserved, and defining or
 * undefining such a name results in a compile-time error."  ESSL 3.00
 * makes "__" an error too; desktop GL gets a warning.
 */
static bool
check_name(struct pp_state *pp, const struct pp_token *t, const char *what)
{
   char *name = pp_tok_str(pp, t);
   if (!strcmp(name, "defined")) {
      pp_error(pp, t->line, t->col, "cannot %s \"defined\"", what);
      return false;
   }
   if (!strncmp(name, "GL_", 3)) {
      pp_error(pp, t->line, t->col,
               "cannot %s reserved macro %s (\"GL_\" prefix)", what, name);
      return false;
   }
   if (strstr(name, "__")) {
      if (pp->res->profile == GLSL_PROFILE_ES) {
         pp_error(pp, t->line, t->col,
                  "cannot %s reserved macro %s (contains \"__\")", what, name);
         return false;
      }
      pp_warning(pp, t->line, t->col,
                 "%s of reserved macro %s (contains \"__\")", what, name);
   }
   return true;
}

static bool
same_definition(const struct pp_macro *a, const struct pp_macro *b)
{
   if (a->function != b->function || a->num_params != b->num_params ||
       a->body_len != b->body_len || a->builtin != b->builtin)
      return false;
   for (unsigned i = 0; i < a->num_params; i++) {
      if (strcmp(a->params[i], b->params[i]))
         return false;
   }
   for (unsigned i = 0; i < a->body_len; i++) {
      const struct pp_token *x = &a->body[i], *y = &b->body[i];
      if (x->len != y->len || memcmp(x->text, y->text, x->len) ||
          (i > 0 && x->space != y->space))
         return false;
   }
   return true;
}

static void
do_define(struct pp_state *pp, const struct pp_token *a, size_t n,
          const struct pp_token *at)
{
   if (!n || a[0].kind != PP_TOK_IDENT) {
      pp_error(pp, at->line, at->col, "#define without a macro name");
      return;
   }
   if (!check_name(pp, &a[0], "define"))
      return;
   struct pp_macro *m = u_arena_zalloc(pp->arena, sizeof(*m));
   if (!m)
      return;
   m->name = pp_tok_str(pp, &a[0]);
   size_t i = 1;
   if (n > 1 && pp_tok_is(&a[1], "(") && !a[1].space) {
      struct u_dynarray params;
      u_dynarray_init(&params, pp->arena);
      m->function = true;
      i = 2;
      if (i < n && pp_tok_is(&a[i], ")")) {
         i++;
      } else {
         for (;;) {
            if (i >= n || a[i].kind != PP_TOK_IDENT) {
               pp_error(pp, at->line, i < n ? a[i].col : 0,
                        "expected a parameter name in the definition of "
                        "macro %s",
                        m->name);
               return;
            }
            char *p = pp_tok_str(pp, &a[i]);
            u_dynarray_foreach (&params, const char *, q) {
               if (!strcmp(*q, p)) {
                  pp_error(pp, at->line, a[i].col,
                           "duplicate macro parameter %s", p);
                  return;
               }
            }
            u_dynarray_append(&params, const char *, p);
            i++;
            if (i < n && pp_tok_is(&a[i], ",")) {
               i++;
               continue;
            }
            if (i < n && pp_tok_is(&a[i], ")")) {
               i++;
               break;
            }
            pp_error(pp, at->line, i < n ? a[i].col : 0,
                     "expected \",\" or \")\" in the parameters of macro %s",
                     m->name);
            return;
         }
      }
      m->params = params.data;
      m->num_params = (unsigned)u_dynarray_num_elements(&params, const char *);
   }

   size_t len = n - i;
   m->body = u_arena_alloc_array(pp->arena, len ? len : 1, sizeof(*m->body));
   if (!m->body)
      return;
   m->body_len = (unsigned)len;
   for (size_t k = 0; k < len; k++) {
      struct pp_token t = a[i + k];
      if (k == 0)
         t.space = false;
      if (pp_tok_is(&t, "#")) {
         /* GLSL 4.60, 3.3: there is no '#' (stringizing) operator. */
         pp_error(pp, t.line, t.col,
                  "'#' is not allowed in the body of "
                  "macro %s (GLSL has no stringizing operator)",
                  m->name);
         return;
      }
      if (pp_tok_is(&t, "##")) {
         if (k == 0 || k + 1 == len) {
            pp_error(pp, t.line, t.col,
                     "'##' cannot appear at either end "
                     "of the body of macro %s",
                     m->name);
            return;
         }
         t.kind = PP_TOK_PASTE;
      }
      m->body[k] = t;
   }

   struct u_hash_entry *e = u_hash_table_search(pp->macros, m->name);
   if (e) {
      if (!same_definition(e->data, m))
         pp_error(pp, at->line, a[0].col, "macro %s redefined", m->name);
      return;
   }
   u_hash_table_insert(pp->macros, m->name, m);
}

static void
do_undef(struct pp_state *pp, const struct pp_token *a, size_t n,
         const struct pp_token *at)
{
   if (!n || a[0].kind != PP_TOK_IDENT) {
      pp_error(pp, at->line, at->col, "#undef without a macro name");
      return;
   }
   if (n > 1)
      pp_warning(pp, at->line, a[1].col, "extra tokens after #undef");
   if (!check_name(pp, &a[0], "undefine"))
      return;
   struct u_hash_entry *e =
      u_hash_table_search(pp->macros, pp_tok_str(pp, &a[0]));
   if (e) {
      struct pp_macro *m = e->data;
      if (!m->active)
         u_hash_table_remove(pp->macros, e);
   }
}

/* Evaluates the condition of #if or #elif; false after an error. */
static bool
eval_condition(struct pp_state *pp, const struct pp_token *t, size_t n,
               const struct pp_token *at)
{
   struct u_dynarray pre, post;
   u_dynarray_init(&pre, pp->arena);
   u_dynarray_init(&post, pp->arena);
   for (size_t i = 0; i < n; i++) {
      if (!name_is(&t[i], "defined")) {
         u_dynarray_append(&pre, struct pp_token, t[i]);
         continue;
      }
      size_t j = i + 1;
      bool paren = j < n && pp_tok_is(&t[j], "(");
      if (paren)
         j++;
      if (j >= n || t[j].kind != PP_TOK_IDENT) {
         pp_error(pp, at->line, t[i].col,
                  "expected a macro name after \"defined\"");
         return false;
      }
      bool def = pp_macro_lookup(pp, &t[j]) != NULL;
      j++;
      if (paren) {
         if (j >= n || !pp_tok_is(&t[j], ")")) {
            pp_error(pp, at->line, t[i].col, "missing \")\" after \"defined\"");
            return false;
         }
         j++;
      }
      struct pp_token v = t[i];
      v.kind = PP_TOK_NUMBER;
      v.text = def ? "1" : "0";
      v.len = 1;
      u_dynarray_append(&pre, struct pp_token, v);
      i = j - 1;
   }
   pp_expand(pp, pre.data, u_dynarray_num_elements(&pre, struct pp_token),
             &post);
   int32_t v = 0;
   if (!pp_eval_expr(pp, post.data,
                     u_dynarray_num_elements(&post, struct pp_token), at->line,
                     &v, NULL))
      return false;
   return v != 0;
}

static void
do_conditional(struct pp_run *r, const struct pp_token *name,
               const struct pp_token *a, size_t n)
{
   struct pp_state *pp = &r->pp;
   bool active = pp_is_active(r);
   struct pp_cond *top =
      r->conds.size ? u_dynarray_last(&r->conds, struct pp_cond) : NULL;

   if (name_is(name, "if") || name_is(name, "ifdef") ||
       name_is(name, "ifndef")) {
      struct pp_cond c = { .parent_active = active, .line = name->line };
      if (active && name_is(name, "if")) {
         c.active = eval_condition(pp, a, n, name);
      } else if (active) {
         if (!n || a[0].kind != PP_TOK_IDENT) {
            pp_error(pp, name->line, name->col,
                     "#%.*s without a macro "
                     "name",
                     (int)name->len, name->text);
         } else {
            if (n > 1)
               pp_warning(pp, name->line, a[1].col,
                          "extra tokens after "
                          "#%.*s",
                          (int)name->len, name->text);
            bool def = pp_macro_lookup(pp, &a[0]) != NULL;
            c.active = name_is(name, "ifdef") ? def : !def;
         }
      }
      c.taken = c.active;
      u_dynarray_append(&r->conds, struct pp_cond, c);
      return;
   }
   if (!top) {
      pp_error(pp, name->line, name->col, "#%.*s without #if", (int)name->len,
               name->text);
      return;
   }
   if (name_is(name, "endif")) {
      r->conds.size -= sizeof(struct pp_cond);
      return;
   }
   if (top->seen_else) {
      pp_error(pp, name->line, name->col, "#%.*s after #else", (int)name->len,
               name->text);
      top->active = false;
      return;
   }
   if (name_is(name, "else")) {
      top->seen_else = true;
      top->active = !top->taken;
      top->taken = true;
      return;
   }
   /* #elif: only evaluated when no earlier branch was taken. */
   if (!top->parent_active || top->taken) {
      top->active = false;
      return;
   }
   top->active = eval_condition(pp, a, n, name);
   top->taken = top->active;
}

static bool
is_version(unsigned v, bool es)
{
   static const unsigned gl[] = { 110, 120, 130, 140, 150, 330, 400,
                                  410, 420, 430, 440, 450, 460 };
   static const unsigned gles[] = { 100, 300, 310, 320 };
   const unsigned *list = es ? gles : gl;
   unsigned count = es ? 4 : sizeof(gl) / sizeof(gl[0]);
   for (unsigned i = 0; i < count; i++) {
      if (list[i] == v)
         return true;
   }
   return false;
}

static void
do_version(struct pp_run *r, const struct pp_token *a, size_t n,
           const struct pp_token *at)
{
   struct pp_state *pp = &r->pp;
   struct glsl_pp_result *res = pp->res;
   if (r->seen_content) {
      pp_error(pp, at->line, at->col,
               "#version must be the first directive of the shader");
      return;
   }
   r->seen_content = true;

   unsigned v = 0;
   bool number = n > 0 && a[0].kind == PP_TOK_NUMBER && a[0].len < 9;
   for (uint32_t i = 0; number && i < a[0].len; i++) {
      if (a[0].text[i] < '0' || a[0].text[i] > '9')
         number = false;
      else
         v = v * 10 + (unsigned)(a[0].text[i] - '0');
   }
   if (!number) {
      pp_error(pp, at->line, at->col, "#version needs a version number");
      pp_define_builtins(r);
      return;
   }

   enum glsl_profile profile = GLSL_PROFILE_NONE;
   bool ok = true;
   if (n > 1) {
      if (name_is(&a[1], "core"))
         profile = GLSL_PROFILE_CORE;
      else if (name_is(&a[1], "compatibility"))
         profile = GLSL_PROFILE_COMPAT;
      else if (name_is(&a[1], "es"))
         profile = GLSL_PROFILE_ES;
      else {
         pp_error(pp, at->line, a[1].col, "unknown profile \"%.*s\"",
                  (int)a[1].len, a[1].text);
         ok = false;
      }
   }
   if (n > 2) {
      pp_error(pp, at->line, a[2].col, "extra tokens after #version");
      ok = false;
   }

   bool es = is_version(v, true);
   unsigned max = pp->opts->max_version;
   if (!max)
      max = pp->opts->es ? 320 : 460;
   if (!es && !is_version(v, false)) {
      pp_error(pp, at->line, a[0].col, "unknown GLSL version %u", v);
      ok = false;
   } else if (es && v == 100 && n > 1) {
      pp_error(pp, at->line, a[1].col, "#version 100 takes no profile");
      ok = false;
   } else if (es && v != 100 && profile != GLSL_PROFILE_ES) {
      pp_error(pp, at->line, a[0].col,
               "#version %u needs the \"es\" "
               "profile",
               v);
      ok = false;
   } else if (!es && profile == GLSL_PROFILE_ES) {
      pp_error(pp, at->line, a[1].col, "GLSL %u has no \"es\" profile", v);
      ok = false;
   } else if (!es && profile != GLSL_PROFILE_NONE && v < 150) {
      /* GLSL 4.60, 3.3: profiles are only for 150 and later. */
      pp_error(pp, at->line, a[1].col,
               "profiles need #version 150 or "
               "later");
      ok = false;
   } else if (es && !pp->opts->es && v <= pp->opts->es_compat_max_version) {
      /* ARB_ES3_compatibility: a GLSL ES shader in a desktop context. */
   } else if (es != pp->opts->es) {
      pp_error(pp, at->line, a[0].col,
               "GLSL%s %u is not supported in an "
               "OpenGL%s context",
               es ? " ES" : "", v, pp->opts->es ? " ES" : "");
      ok = false;
   } else if (v > max) {
      pp_error(pp, at->line, a[0].col,
               "GLSL%s %u is not supported "
               "(at most %u)",
               es ? " ES" : "", v, max);
      ok = false;
   }

   if (ok) {
      res->version = v;
      res->version_explicit = true;
      if (es)
         profile = GLSL_PROFILE_ES;
      else if (v >= 150 && profile == GLSL_PROFILE_NONE)
         profile = GLSL_PROFILE_CORE;
      res->profile = profile;
   }
   pp_define_builtins(r);
}

static void
do_extension(struct pp_state *pp, const struct pp_token *a, size_t n,
             const struct pp_token *at)
{
   static const char *const names[] = {
      [GLSL_EXT_DISABLE] = "disable",
      [GLSL_EXT_WARN] = "warn",
      [GLSL_EXT_ENABLE] = "enable",
      [GLSL_EXT_REQUIRE] = "require",
   };
   if (n != 3 || a[0].kind != PP_TOK_IDENT || !pp_tok_is(&a[1], ":") ||
       a[2].kind != PP_TOK_IDENT) {
      pp_error(pp, at->line, at->col,
               "malformed #extension directive "
               "(expected \"#extension name : behavior\")");
      return;
   }
   int behavior = -1;
   for (int i = 0; i < 4; i++) {
      if (name_is(&a[2], names[i]))
         behavior = i;
   }
   char *name = pp_tok_str(pp, &a[0]);
   if (behavior < 0) {
      pp_error(pp, at->line, a[2].col, "unknown extension behavior \"%.*s\"",
               (int)a[2].len, a[2].text);
      return;
   }
   if (!strcmp(name, "all")) {
      if (behavior == GLSL_EXT_ENABLE || behavior == GLSL_EXT_REQUIRE) {
         pp_error(pp, at->line, a[2].col, "cannot %s all extensions",
                  names[behavior]);
         return;
      }
   } else {
      bool supported = false;
      for (unsigned i = 0; i < pp->opts->num_extensions; i++) {
         const char *e = pp->opts->extensions[i];
         if (e && !strcmp(e, name))
            supported = true;
      }
      if (!supported) {
         if (behavior == GLSL_EXT_REQUIRE)
            pp_error(pp, at->line, a[0].col, "extension %s unsupported", name);
         else if (behavior != GLSL_EXT_DISABLE)
            pp_warning(pp, at->line, a[0].col, "extension %s unsupported",
                       name);
         return;
      }
   }

   struct glsl_pp_result *res = pp->res;
   struct glsl_pp_extension *list = u_arena_realloc(
      pp->arena, res->extensions, res->num_extensions * sizeof(*list),
      (res->num_extensions + 1) * sizeof(*list));
   if (!list)
      return;
   list[res->num_extensions++] = (struct glsl_pp_extension){
      .name = name,
      .behavior = (enum glsl_ext_behavior)behavior,
      .line = at->line,
   };
   res->extensions = list;
}

static void
do_pragma(struct pp_state *pp, const struct pp_token *a, size_t n)
{
   /* GLSL 4.60, 3.3: "#pragma STDGL invariant(all)"; the STDGL-less form
    * is accepted too, as other implementations do. */
   if (n && name_is(&a[0], "STDGL")) {
      a++;
      n--;
   }
   if (n == 4 && name_is(&a[0], "invariant") && pp_tok_is(&a[1], "(") &&
       name_is(&a[2], "all") && pp_tok_is(&a[3], ")"))
      pp->res->invariant_all = true;
}

/* #line: returns whether the normalized directive was printed. */
static bool
do_line(struct pp_run *r, const struct pp_line *l, const struct pp_token *a,
        size_t n, const struct pp_token *at)
{
   struct pp_state *pp = &r->pp;
   struct glsl_pp_result *res = pp->res;
   struct u_dynarray toks;
   u_dynarray_init(&toks, pp->arena);
   pp_expand(pp, a, n, &toks);
   const struct pp_token *t = toks.data;
   n = u_dynarray_num_elements(&toks, struct pp_token);

   int32_t line, source = (int32_t)pp->source;
   size_t used = 0;
   if (!n) {
      pp_error(pp, at->line, at->col, "#line without a line number");
      return false;
   }
   if (!pp_eval_expr(pp, t, n, at->line, &line, &used))
      return false;
   if (used < n &&
       !pp_eval_expr(pp, t + used, n - used, at->line, &source, NULL))
      return false;
   if (line < 0 || source < 0) {
      pp_error(pp, at->line, at->col, "negative number in #line");
      return false;
   }
   /* GLSL 1.50 and ESSL 1.00: "as if it is compiling at line number
    * line+1"; GLSL 3.30 and ESSL 3.00 changed it to "line number line". */
   bool old =
      res->profile == GLSL_PROFILE_ES ? res->version < 300 : res->version < 330;
   uint32_t next = (uint32_t)line + (old ? 1 : 0);
   pp->line_delta = next - (l->line + l->span);
   pp->source = (uint32_t)source;
   u_strbuf_appendf(&pp->out, "#line %u %u", next, pp->source);
   return true;
}

void
pp_directive(struct pp_run *r, const struct pp_line *l)
{
   struct pp_state *pp = &r->pp;
   struct u_dynarray toks;
   u_dynarray_init(&toks, pp->arena);
   uint32_t line = l->line + pp->line_delta;
   pp_tokenize(l->text, line, &toks);
   const struct pp_token *t = toks.data;
   size_t n = u_dynarray_num_elements(&toks, struct pp_token);
   const struct pp_token *name = n > 1 ? &t[1] : &t[0];
   const struct pp_token *a = t + (n > 1 ? 2 : 1);
   size_t na = n > 1 ? n - 2 : 0;

   if (!name_is(name, "version") && !r->seen_content && pp_is_active(r)) {
      r->seen_content = true;
      pp_define_builtins(r);
   }

   if (name_is(name, "if") || name_is(name, "ifdef") ||
       name_is(name, "ifndef") || name_is(name, "elif") ||
       name_is(name, "else") || name_is(name, "endif")) {
      do_conditional(r, name, a, na);
   } else if (!pp_is_active(r) || n == 1) {
      /* Skipped, or the null directive. */
   } else if (name_is(name, "define")) {
      do_define(pp, a, na, name);
   } else if (name_is(name, "undef")) {
      do_undef(pp, a, na, name);
   } else if (name_is(name, "version")) {
      do_version(r, a, na, name);
   } else if (name_is(name, "extension")) {
      /* Mesa's rule (and GLSL ES 3.00, 3.5): extension directives come
       * before any non-preprocessor token, unless driconf allows them
       * later (allow_glsl_extension_directive_midshader). */
      if (r->seen_code && !pp->opts->allow_extension_midshader)
         pp_error(pp, line, name->col,
                  "#extension directive is not allowed in the middle of a "
                  "shader");
      else
         do_extension(pp, a, na, name);
   } else if (name_is(name, "pragma")) {
      do_pragma(pp, a, na);
   } else if (name_is(name, "error")) {
      const char *msg = name->text + name->len;
      while (*msg == ' ' || *msg == '\t')
         msg++;
      pp_error(pp, line, t[0].col, "#error %s", msg);
   } else if (name_is(name, "line")) {
      if (do_line(r, l, a, na, name)) {
         for (uint32_t i = 0; i < l->span; i++)
            u_strbuf_append_char(&pp->out, '\n');
         return;
      }
   } else {
      pp_error(pp, line, name->col, "unknown directive #%.*s", (int)name->len,
               name->text);
   }
   for (uint32_t i = 0; i < l->span; i++)
      u_strbuf_append_char(&pp->out, '\n');
}
