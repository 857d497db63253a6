/* SPDX-License-Identifier: MIT */

/*
 * Lexing for the parser: the whole preprocessed text becomes one token
 * array (glsl_parser::toks), so that the parser can look ahead freely.
 *
 * The lexer (glsl_lex.h) knows keywords per version only; two extensions
 * the front end supports add keywords to versions that lack them, and
 * are applied here on the token stream:
 *
 *  - GL_ARB_texture_rectangle makes sampler2DRect and sampler2DRectShadow
 *    (reserved words before GLSL 1.40) type keywords.  Like other
 *    implementations, the words are available unless the shader disables
 *    the extension: the extension's GLSL section names them without
 *    asking for an #extension directive.  The lexer's "reserved word"
 *    errors for them are dropped and the tokens become the keywords.
 *  - GL_ARB_explicit_attrib_location, GL_ARB_uniform_buffer_object and
 *    GL_ARB_fragment_coord_conventions bring layout qualifiers to
 *    versions where "layout" is an identifier: when one of them is
 *    enabled, an identifier "layout" followed by "(" is the keyword.
 *
 * Sema still checks which layout ids and types a version allows.
 */
#include "glsl_parse_priv.h"

#include <string.h>

struct lex_state {
   struct glsl_parser *parser;
   /** sampler2DRect and sampler2DRectShadow are keywords. */
   bool rect_keywords;
   /** The token kind to give the current error token (its message was
    * dropped), else GLSL_TOK_ERROR. */
   enum glsl_token_kind rewrite;
   unsigned num_errors;
};

/* Whether extension @p name is enabled at the end of the shader (the
 * last #extension naming it or "all" decides), else @p dflt. */
static bool
extension_on(const struct glsl_pp_result *pp, const char *name, bool dflt)
{
   bool on = dflt;
   for (unsigned i = 0; i < pp->num_extensions; i++) {
      const struct glsl_pp_extension *e = &pp->extensions[i];
      if (strcmp(e->name, name) == 0 || strcmp(e->name, "all") == 0)
         on = e->behavior != GLSL_EXT_DISABLE;
   }
   return on;
}

static void
lex_log(void *data, const char *msg)
{
   struct lex_state *st = data;
   if (st->rect_keywords) {
      if (strstr(msg, "reserved word 'sampler2DRect'")) {
         st->rewrite = GLSL_TOK_SAMPLER2DRECT;
         return;
      }
      if (strstr(msg, "reserved word 'sampler2DRectShadow'")) {
         st->rewrite = GLSL_TOK_SAMPLER2DRECTSHADOW;
         return;
      }
   }
   bool is_error = strstr(msg, ": error: ") != NULL;
   st->num_errors += is_error;
   glsl_log_append_line(st->parser->shader, msg, is_error);
}

/* Turns identifiers "layout" followed by "(" into the keyword. */
static void
layout_keywords(struct glsl_parser *p)
{
   for (unsigned i = 0; i + 1 < p->num_toks; i++) {
      struct glsl_token *t = &p->toks[i];
      if (t->kind == GLSL_TOK_IDENTIFIER &&
          strcmp(t->value.ident, "layout") == 0 &&
          p->toks[i + 1].kind == GLSL_TOK_LEFT_PAREN)
         t->kind = GLSL_TOK_LAYOUT;
   }
}

bool
glsl_parse_lex_all(struct glsl_parser *p, const char *text)
{
   const struct glsl_shader *sh = p->shader;
   struct lex_state st = {
      .parser = p,
      .rect_keywords = !sh->es && sh->version < 140 &&
                       extension_on(&sh->pp, "GL_ARB_texture_rectangle", true),
      .rewrite = GLSL_TOK_ERROR,
   };
   struct glsl_lexer lex;
   glsl_lexer_init(&lex, p->arena, text, sh->version, sh->es, lex_log, &st);
   unsigned cap = 0;
   for (;;) {
      void *arr = p->toks;
      if (!glsl_parse_grow(p, &arr, &cap, p->num_toks + 1, sizeof(*p->toks)))
         return false;
      p->toks = arr;
      struct glsl_token *t = &p->toks[p->num_toks++];
      st.rewrite = GLSL_TOK_ERROR;
      bool more = glsl_lex_next(&lex, t);
      if (t->kind == GLSL_TOK_ERROR && st.rewrite != GLSL_TOK_ERROR)
         t->kind = st.rewrite;
      if (!more)
         break;
   }

   bool layout =
      !sh->es && sh->version < 140 &&
      (extension_on(&sh->pp, "GL_ARB_explicit_attrib_location", false) ||
       extension_on(&sh->pp, "GL_ARB_uniform_buffer_object", false) ||
       extension_on(&sh->pp, "GL_ARB_fragment_coord_conventions", false));
   if (layout)
      layout_keywords(p);
   return st.num_errors == 0;
}
