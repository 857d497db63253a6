/* SPDX-License-Identifier: MIT */

/*
 * The GLSL parser's core: glsl_parse() lexes the whole preprocessed text
 * into a token array (glsl_parse_lex.c), then parses the translation
 * unit (GLSL 4.60, 9 "Shading Language Grammar": external declarations
 * are function definitions and declarations; a lone ';' is accepted as
 * GLSL 4.60 does).  This file also holds the token stream helpers, error
 * reporting, node allocation, the nesting bounds and the scoped set of
 * type names that the other parser files use (see glsl_parse_priv.h for
 * the design).
 */
#include "glsl_parse_priv.h"

#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "compiler/ir/ir_type.h"
#include "util/u_arena.h"

const struct glsl_token *
glsl_parse_peek(struct glsl_parser *p, unsigned ahead)
{
   /* The last token is EOF; a failed parse sees only that one. */
   unsigned last = p->num_toks - 1;
   if (p->failed)
      return &p->toks[last];
   unsigned i = p->pos + ahead;
   return &p->toks[i < last ? i : last];
}

const struct glsl_token *
glsl_parse_next(struct glsl_parser *p)
{
   const struct glsl_token *t = glsl_parse_peek(p, 0);
   if (!p->failed && p->pos + 1 < p->num_toks)
      p->pos++;
   return t;
}

bool
glsl_parse_accept(struct glsl_parser *p, enum glsl_token_kind kind)
{
   if (!glsl_parse_at(p, kind))
      return false;
   glsl_parse_next(p);
   return true;
}

const struct glsl_token *
glsl_parse_expect(struct glsl_parser *p, enum glsl_token_kind kind,
                  const char *expecting)
{
   const struct glsl_token *t = glsl_parse_peek(p, 0);
   if (t->kind == kind)
      return glsl_parse_next(p);
   if (!expecting) {
      char buf[64];
      snprintf(buf, sizeof(buf), "'%s'", glsl_token_kind_name(kind));
      glsl_parse_unexpected(p, buf);
   } else {
      glsl_parse_unexpected(p, expecting);
   }
   return t;
}

/* Describes @p t for a message: "identifier 'foo'", "';'", "end of
 * input". */
static void
describe_token(const struct glsl_token *t, char *buf, size_t size)
{
   switch (t->kind) {
   case GLSL_TOK_EOF:
      snprintf(buf, size, "end of input");
      break;
   case GLSL_TOK_IDENTIFIER:
      snprintf(buf, size, "identifier '%s'", t->value.ident);
      break;
   case GLSL_TOK_INTCONST:
   case GLSL_TOK_UINTCONST:
   case GLSL_TOK_FLOATCONST:
   case GLSL_TOK_DOUBLECONST:
      snprintf(buf, size, "%s", glsl_token_kind_name(t->kind));
      break;
   case GLSL_TOK_BOOLCONST:
      snprintf(buf, size, "'%s'", t->value.b ? "true" : "false");
      break;
   default:
      snprintf(buf, size, "'%s'", glsl_token_kind_name(t->kind));
      break;
   }
}

void
glsl_parse_unexpected(struct glsl_parser *p, const char *expecting)
{
   if (p->failed)
      return;
   const struct glsl_token *t = glsl_parse_peek(p, 0);
   /* The lexer already reported its error tokens. */
   if (t->kind == GLSL_TOK_ERROR) {
      p->failed = true;
      return;
   }
   char what[96];
   describe_token(t, what, sizeof(what));
   if (expecting)
      glsl_parse_error(p, glsl_parse_tok_loc(t),
                       "syntax error, unexpected %s, expecting %s", what,
                       expecting);
   else
      glsl_parse_error(p, glsl_parse_tok_loc(t), "syntax error, unexpected %s",
                       what);
}

void
glsl_parse_error(struct glsl_parser *p, struct glsl_loc loc, const char *fmt,
                 ...)
{
   if (p->failed)
      return;
   char msg[256];
   va_list args;
   va_start(args, fmt);
   vsnprintf(msg, sizeof(msg), fmt, args);
   va_end(args);
   glsl_log_message(p->shader, loc, "error", "%s", msg);
   p->failed = true;
}

void *
glsl_parse_alloc(struct glsl_parser *p, size_t size)
{
   void *mem = u_arena_zalloc(p->arena, size);
   if (mem)
      return mem;
   /* Out of memory: stop the parse.  The scratch node is large enough for
    * every structure the parser allocates singly. */
   p->failed = true;
   assert(size <= sizeof(p->oom_node));
   memset(&p->oom_node, 0, sizeof(p->oom_node));
   return &p->oom_node;
}

struct glsl_ast_node *
glsl_parse_node(struct glsl_parser *p, enum glsl_ast_kind kind,
                struct glsl_loc loc)
{
   struct glsl_ast_node *n = glsl_parse_alloc(p, sizeof(*n));
   n->kind = kind;
   n->loc = loc;
   u_list_init(&n->link);
   if (kind == GLSL_AST_COMPOUND || kind == GLSL_AST_SWITCH)
      u_list_init(&n->stmt.body);
   else if (kind == GLSL_AST_INTERFACE_BLOCK)
      u_list_init(&n->decl.block.members);
   return n;
}

void
glsl_parse_append(struct glsl_parser *p, struct u_list *list,
                  struct glsl_ast_node *node)
{
   if (node != &p->oom_node && !u_list_is_linked(&node->link))
      u_list_add_tail(list, &node->link);
}

bool
glsl_parse_grow(struct glsl_parser *p, void **array, unsigned *cap, unsigned n,
                size_t elem)
{
   if (n <= *cap)
      return true;
   unsigned new_cap = *cap ? *cap : 4;
   while (new_cap < n) {
      if (new_cap > (1u << 28)) {
         p->failed = true;
         return false;
      }
      new_cap *= 2;
   }
   void *grown = u_arena_realloc(p->arena, *array, (size_t)*cap * elem,
                                 (size_t)new_cap * elem);
   if (!grown) {
      p->failed = true;
      return false;
   }
   *array = grown;
   *cap = new_cap;
   return true;
}

bool
glsl_parse_enter(struct glsl_parser *p, struct glsl_loc loc)
{
   if (p->depth >= GLSL_PARSE_MAX_DEPTH) {
      glsl_parse_error(p, loc,
                       "expression or statement nested too deeply "
                       "(more than %u levels)",
                       GLSL_PARSE_MAX_DEPTH);
      return false;
   }
   if (!glsl_parse_enter_chain(p, loc))
      return false;
   p->depth++;
   return true;
}

bool
glsl_parse_enter_chain(struct glsl_parser *p, struct glsl_loc loc)
{
   if (p->tree_depth >= GLSL_PARSE_MAX_TREE_DEPTH) {
      glsl_parse_error(p, loc,
                       "expression nested too deeply (more than %u "
                       "levels)",
                       GLSL_PARSE_MAX_TREE_DEPTH);
      return false;
   }
   p->tree_depth++;
   return true;
}

void
glsl_parse_push_scope(struct glsl_parser *p)
{
   void *arr = p->scopes;
   if (!glsl_parse_grow(p, &arr, &p->cap_scopes, p->num_scopes + 1,
                        sizeof(*p->scopes)))
      return;
   p->scopes = arr;
   p->scopes[p->num_scopes++] = p->num_names;
}

void
glsl_parse_pop_scope(struct glsl_parser *p)
{
   if (p->num_scopes == 0)
      return;
   p->num_names = p->scopes[--p->num_scopes];
}

static void
add_entry(struct glsl_parser *p, const char *name, bool is_type)
{
   void *arr = p->names;
   if (!glsl_parse_grow(p, &arr, &p->cap_names, p->num_names + 1,
                        sizeof(*p->names)))
      return;
   p->names = arr;
   p->names[p->num_names++] = (struct glsl_parse_name){ name, is_type };
}

void
glsl_parse_add_type(struct glsl_parser *p, const char *name)
{
   if (name)
      add_entry(p, name, true);
}

void
glsl_parse_add_name(struct glsl_parser *p, const char *name)
{
   /* Only names that hide a type change anything; the set stays small. */
   if (name && glsl_parse_is_type_name(p, name))
      add_entry(p, name, false);
}

bool
glsl_parse_is_type_name(struct glsl_parser *p, const char *name)
{
   for (unsigned i = p->num_names; i-- > 0;) {
      if (strcmp(p->names[i].name, name) == 0)
         return p->names[i].is_type;
   }
   return false;
}

static bool
has_prefix(const char *s, const char *prefix)
{
   return strncmp(s, prefix, strlen(prefix)) == 0;
}

bool
glsl_parse_is_type_keyword(struct glsl_parser *p, enum glsl_token_kind kind)
{
   if (kind < GLSL_TOK_CONST || kind >= GLSL_TOK_COUNT)
      return false;
   if (p->type_keyword[kind] == 0) {
      /* The IR knows the scalar, vector, matrix and sampler types; image
       * and atomic counter types are parsed so that sema can reject them
       * by name. */
      const char *name = glsl_token_kind_name(kind);
      bool is_type = ir_type_from_name(name) != NULL ||
                     has_prefix(name, "image") || has_prefix(name, "iimage") ||
                     has_prefix(name, "uimage") ||
                     strcmp(name, "atomic_uint") == 0;
      p->type_keyword[kind] = is_type ? 2 : 1;
   }
   return p->type_keyword[kind] == 2;
}

bool
glsl_parse_at_type(struct glsl_parser *p)
{
   const struct glsl_token *t = glsl_parse_peek(p, 0);
   if (t->kind == GLSL_TOK_STRUCT)
      return true;
   if (t->kind == GLSL_TOK_IDENTIFIER)
      return glsl_parse_is_type_name(p, t->value.ident);
   return glsl_parse_is_type_keyword(p, t->kind);
}

bool
glsl_parse(struct glsl_shader *shader, const char *text)
{
   struct glsl_ast_unit *unit = u_arena_zalloc(shader->arena, sizeof(*unit));
   if (!unit) {
      shader->ok = false;
      return false;
   }
   u_list_init(&unit->decls);
   unit->version = shader->version;
   unit->es = shader->es;
   shader->ast = unit;

   struct glsl_parser p;
   memset(&p, 0, sizeof(p));
   p.shader = shader;
   p.arena = shader->arena;
   if (!glsl_parse_lex_all(&p, text ? text : "")) {
      shader->ok = false;
      return false;
   }

   glsl_parse_push_scope(&p);
   while (!glsl_parse_at(&p, GLSL_TOK_EOF)) {
      if (glsl_parse_accept(&p, GLSL_TOK_SEMICOLON))
         continue;
      struct glsl_ast_node *decl = glsl_parse_declaration(&p, true);
      glsl_parse_append(&p, &unit->decls, decl);
   }
   if (p.failed)
      shader->ok = false;
   return !p.failed;
}
