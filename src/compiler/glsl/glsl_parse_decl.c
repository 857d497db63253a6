/* SPDX-License-Identifier: MIT */

/*
 * Declarations (GLSL 4.60, 4.1 - 4.7, 6.1 and the grammar of section 9):
 *
 *    declaration := "precision" precision-word type-specifier ";"
 *                 | qualifiers ";"                         default layouts
 *                 | qualifiers IDENT "{" members "}" [IDENT [array]] ";"
 *                 | qualifiers IDENT ("," IDENT)* ";"     "invariant x, y;"
 *                 | [qualifiers] type-specifier ";"        "struct S {...};"
 *                 | [qualifiers] type-specifier IDENT "(" params ")"
 *                       (";" | compound-statement)
 *                 | [qualifiers] type-specifier declarator ("," declarator)*
 *                       ";"
 *    declarator  := IDENT [array] ["=" initializer]
 *
 * Qualifier words may come in any order and repeat; each is recorded in
 * glsl_ast_qualifier::order for sema, which applies the ordering rules of
 * the version.  Layout ids are identifiers or keywords ("shared",
 * "row_major" and "packed" are keywords in some versions).
 *
 * Whether a statement is a declaration is decided by lookahead
 * (glsl_parse_starts_declaration()): a qualifier or "struct" first, or a
 * type name (keyword or struct name) not followed by "(" after its array
 * dimensions, or IDENT IDENT (a declaration with an unknown type name,
 * which sema reports).
 */
#include "glsl_parse_priv.h"

#include <string.h>

#include "util/u_arena.h"

/* The qualifier words and their flags (GLSL 4.60, 4.3 - 4.10). */
static const struct {
   enum glsl_token_kind tok;
   uint32_t flag;
} qualifier_words[] = {
   { GLSL_TOK_CONST, GLSL_Q_CONST },
   { GLSL_TOK_IN, GLSL_Q_IN },
   { GLSL_TOK_OUT, GLSL_Q_OUT },
   { GLSL_TOK_INOUT, GLSL_Q_INOUT },
   { GLSL_TOK_UNIFORM, GLSL_Q_UNIFORM },
   { GLSL_TOK_BUFFER, GLSL_Q_BUFFER },
   { GLSL_TOK_ATTRIBUTE, GLSL_Q_ATTRIBUTE },
   { GLSL_TOK_VARYING, GLSL_Q_VARYING },
   { GLSL_TOK_CENTROID, GLSL_Q_CENTROID },
   { GLSL_TOK_SAMPLE, GLSL_Q_SAMPLE },
   { GLSL_TOK_PATCH, GLSL_Q_PATCH },
   { GLSL_TOK_FLAT, GLSL_Q_FLAT },
   { GLSL_TOK_SMOOTH, GLSL_Q_SMOOTH },
   { GLSL_TOK_NOPERSPECTIVE, GLSL_Q_NOPERSPECTIVE },
   { GLSL_TOK_INVARIANT, GLSL_Q_INVARIANT },
   { GLSL_TOK_PRECISE, GLSL_Q_PRECISE },
   { GLSL_TOK_SHARED, GLSL_Q_SHARED },
   { GLSL_TOK_COHERENT, GLSL_Q_COHERENT },
   { GLSL_TOK_VOLATILE, GLSL_Q_VOLATILE },
   { GLSL_TOK_RESTRICT, GLSL_Q_RESTRICT },
   { GLSL_TOK_READONLY, GLSL_Q_READONLY },
   { GLSL_TOK_WRITEONLY, GLSL_Q_WRITEONLY },
   { GLSL_TOK_LOWP, GLSL_Q_PRECISION },
   { GLSL_TOK_MEDIUMP, GLSL_Q_PRECISION },
   { GLSL_TOK_HIGHP, GLSL_Q_PRECISION },
   { GLSL_TOK_LAYOUT, GLSL_Q_LAYOUT },
};

static uint32_t
qualifier_flag(enum glsl_token_kind kind)
{
   for (unsigned i = 0; i < sizeof(qualifier_words) / sizeof(*qualifier_words);
        i++) {
      if (qualifier_words[i].tok == kind)
         return qualifier_words[i].flag;
   }
   return 0;
}

bool
glsl_parse_is_qualifier(enum glsl_token_kind kind)
{
   return qualifier_flag(kind) != 0;
}

static enum glsl_precision
precision_of(enum glsl_token_kind kind)
{
   switch (kind) {
   case GLSL_TOK_LOWP:
      return GLSL_PRECISION_LOW;
   case GLSL_TOK_MEDIUMP:
      return GLSL_PRECISION_MEDIUM;
   case GLSL_TOK_HIGHP:
      return GLSL_PRECISION_HIGH;
   default:
      return GLSL_PRECISION_NONE;
   }
}

/* layout "(" id ["=" value] ("," id ["=" value])* ")" after "layout". */
static void
parse_layout(struct glsl_parser *p, struct glsl_ast_qualifier *q)
{
   unsigned cap = q->num_layout;
   glsl_parse_expect(p, GLSL_TOK_LEFT_PAREN, NULL);
   do {
      const struct glsl_token *t = glsl_parse_peek(p, 0);
      const char *name;
      if (t->kind == GLSL_TOK_IDENTIFIER)
         name = t->value.ident;
      else if (t->kind >= GLSL_TOK_CONST && t->kind < GLSL_TOK_COUNT)
         name = glsl_token_kind_name(t->kind);
      else {
         glsl_parse_unexpected(p, "layout qualifier id");
         return;
      }
      glsl_parse_next(p);
      void *arr = q->layout;
      if (!glsl_parse_grow(p, &arr, &cap, q->num_layout + 1,
                           sizeof(*q->layout)))
         return;
      q->layout = arr;
      struct glsl_ast_layout_id *id = &q->layout[q->num_layout++];
      memset(id, 0, sizeof(*id));
      id->loc = glsl_parse_tok_loc(t);
      id->name = name;
      if (glsl_parse_accept(p, GLSL_TOK_EQUAL))
         id->value = glsl_parse_conditional(p);
   } while (glsl_parse_accept(p, GLSL_TOK_COMMA));
   glsl_parse_expect(p, GLSL_TOK_RIGHT_PAREN, "',' or ')'");
}

bool
glsl_parse_qualifiers(struct glsl_parser *p, struct glsl_ast_qualifier *q)
{
   bool any = false;
   for (;;) {
      const struct glsl_token *t = glsl_parse_peek(p, 0);
      if (t->kind == GLSL_TOK_SUBROUTINE) {
         glsl_parse_error(p, glsl_parse_tok_loc(t),
                          "subroutines are not supported");
         return any;
      }
      uint32_t flag = qualifier_flag(t->kind);
      if (!flag)
         return any;
      if (!any)
         q->loc = glsl_parse_tok_loc(t);
      any = true;
      glsl_parse_next(p);
      q->flags |= flag;
      if (q->num_order < sizeof(q->order) / sizeof(q->order[0]))
         q->order[q->num_order++] = flag;
      if (flag == GLSL_Q_PRECISION)
         q->precision = precision_of(t->kind);
      else if (flag == GLSL_Q_LAYOUT)
         parse_layout(p, q);
   }
}

struct glsl_ast_array *
glsl_parse_array_spec(struct glsl_parser *p)
{
   struct glsl_ast_array *a = glsl_parse_alloc(p, sizeof(*a));
   a->loc = glsl_parse_loc(p);
   unsigned cap = 0;
   while (glsl_parse_accept(p, GLSL_TOK_LEFT_BRACKET)) {
      struct glsl_ast_node *size = NULL;
      if (!glsl_parse_at(p, GLSL_TOK_RIGHT_BRACKET))
         size = glsl_parse_conditional(p);
      glsl_parse_expect(p, GLSL_TOK_RIGHT_BRACKET, NULL);
      void *arr = a->sizes;
      if (!glsl_parse_grow(p, &arr, &cap, a->num_dims + 1, sizeof(*a->sizes)))
         break;
      a->sizes = arr;
      a->sizes[a->num_dims++] = size;
   }
   return a;
}

/* Members of a struct or block, up to (not including) the '}':
 * [qualifiers] type-specifier IDENT [array] ("," IDENT [array])* ";". */
static void
parse_members(struct glsl_parser *p, struct u_list *members)
{
   do {
      struct glsl_ast_node *m =
         glsl_parse_node(p, GLSL_AST_VARIABLE_DECL, glsl_parse_loc(p));
      glsl_parse_qualifiers(p, &m->decl.qual);
      m->decl.type_spec = glsl_parse_type_spec(p);
      unsigned cap = 0;
      do {
         const struct glsl_token *t =
            glsl_parse_expect(p, GLSL_TOK_IDENTIFIER, "member name");
         void *arr = m->decl.declarators;
         if (!glsl_parse_grow(p, &arr, &cap, m->decl.num_declarators + 1,
                              sizeof(*m->decl.declarators)))
            return;
         m->decl.declarators = arr;
         struct glsl_ast_declarator *d =
            &m->decl.declarators[m->decl.num_declarators++];
         memset(d, 0, sizeof(*d));
         d->loc = glsl_parse_tok_loc(t);
         d->name = t->kind == GLSL_TOK_IDENTIFIER ? t->value.ident : "";
         if (glsl_parse_at(p, GLSL_TOK_LEFT_BRACKET))
            d->array = glsl_parse_array_spec(p);
      } while (glsl_parse_accept(p, GLSL_TOK_COMMA));
      glsl_parse_expect(p, GLSL_TOK_SEMICOLON, "',' or ';'");
      glsl_parse_append(p, members, m);
   } while (!glsl_parse_at(p, GLSL_TOK_RIGHT_BRACE) &&
            !glsl_parse_at(p, GLSL_TOK_EOF));
}

/* "struct" [IDENT] "{" members "}" */
static struct glsl_ast_struct *
parse_struct(struct glsl_parser *p)
{
   struct glsl_ast_struct *s = glsl_parse_alloc(p, sizeof(*s));
   u_list_init(&s->members);
   s->loc = glsl_parse_loc(p);
   glsl_parse_expect(p, GLSL_TOK_STRUCT, NULL);
   if (glsl_parse_at(p, GLSL_TOK_IDENTIFIER))
      s->name = glsl_parse_next(p)->value.ident;
   glsl_parse_expect(p, GLSL_TOK_LEFT_BRACE, s->name ? "'{'" : "name or '{'");
   if (!glsl_parse_enter(p, s->loc))
      return s;
   /* Member types are looked up in a scope of their own: a nested struct
    * definition does not leak out (sema checks where it is allowed). */
   glsl_parse_push_scope(p);
   parse_members(p, &s->members);
   glsl_parse_pop_scope(p);
   glsl_parse_leave(p);
   glsl_parse_expect(p, GLSL_TOK_RIGHT_BRACE, "'}' or a member declaration");
   glsl_parse_add_type(p, s->name);
   return s;
}

struct glsl_ast_type_spec *
glsl_parse_type_spec(struct glsl_parser *p)
{
   struct glsl_ast_type_spec *ts = glsl_parse_alloc(p, sizeof(*ts));
   const struct glsl_token *t = glsl_parse_peek(p, 0);
   ts->loc = glsl_parse_tok_loc(t);
   if (t->kind == GLSL_TOK_STRUCT) {
      ts->struct_def = parse_struct(p);
   } else if (t->kind == GLSL_TOK_IDENTIFIER) {
      ts->name = t->value.ident;
      glsl_parse_next(p);
   } else if (glsl_parse_is_type_keyword(p, t->kind)) {
      ts->name = glsl_token_kind_name(t->kind);
      ts->is_builtin = true;
      glsl_parse_next(p);
   } else {
      glsl_parse_unexpected(p, "a type");
      ts->name = "";
      return ts;
   }
   if (glsl_parse_at(p, GLSL_TOK_LEFT_BRACKET))
      ts->array = glsl_parse_array_spec(p);
   return ts;
}

/* Index of the token after the array dimensions starting @p i tokens
 * ahead ("[...][...]"), brackets matched. */
static unsigned
skip_dims(struct glsl_parser *p, unsigned i)
{
   while (glsl_parse_peek(p, i)->kind == GLSL_TOK_LEFT_BRACKET) {
      unsigned nest = 0;
      do {
         enum glsl_token_kind k = glsl_parse_peek(p, i)->kind;
         if (k == GLSL_TOK_EOF)
            return i;
         if (k == GLSL_TOK_LEFT_BRACKET)
            nest++;
         else if (k == GLSL_TOK_RIGHT_BRACKET)
            nest--;
         i++;
      } while (nest > 0);
   }
   return i;
}

bool
glsl_parse_starts_declaration(struct glsl_parser *p)
{
   const struct glsl_token *t = glsl_parse_peek(p, 0);
   if (t->kind == GLSL_TOK_STRUCT || t->kind == GLSL_TOK_PRECISION ||
       t->kind == GLSL_TOK_SUBROUTINE || glsl_parse_is_qualifier(t->kind))
      return true;
   if (glsl_parse_at_type(p))
      return glsl_parse_peek(p, skip_dims(p, 1))->kind != GLSL_TOK_LEFT_PAREN;
   if (t->kind == GLSL_TOK_IDENTIFIER)
      return glsl_parse_peek(p, skip_dims(p, 1))->kind == GLSL_TOK_IDENTIFIER;
   return false;
}

/* One parameter: [qualifiers] type-specifier [IDENT [array]]. */
static void
parse_param(struct glsl_parser *p, struct glsl_ast_param *param)
{
   param->loc = glsl_parse_loc(p);
   glsl_parse_qualifiers(p, &param->qual);
   param->type_spec = glsl_parse_type_spec(p);
   if (glsl_parse_at(p, GLSL_TOK_IDENTIFIER)) {
      param->name = glsl_parse_next(p)->value.ident;
      glsl_parse_add_name(p, param->name);
      if (glsl_parse_at(p, GLSL_TOK_LEFT_BRACKET))
         param->array = glsl_parse_array_spec(p);
   }
}

/* The rest of a function after its name: "(" params ")" then ";" or a
 * body. */
static void
parse_function(struct glsl_parser *p, struct glsl_ast_node *n, bool global)
{
   struct glsl_ast_function *f = &n->decl.func;
   glsl_parse_expect(p, GLSL_TOK_LEFT_PAREN, NULL);
   /* The parameters and the body form one scope (GLSL 4.60, 6.1.1). */
   glsl_parse_push_scope(p);
   bool no_params = glsl_parse_at(p, GLSL_TOK_RIGHT_PAREN) ||
                    (glsl_parse_at(p, GLSL_TOK_VOID) &&
                     glsl_parse_peek(p, 1)->kind == GLSL_TOK_RIGHT_PAREN);
   if (no_params) {
      glsl_parse_accept(p, GLSL_TOK_VOID);
   } else {
      unsigned cap = 0;
      do {
         void *arr = f->params;
         if (!glsl_parse_grow(p, &arr, &cap, f->num_params + 1,
                              sizeof(*f->params)))
            break;
         f->params = arr;
         struct glsl_ast_param *param = &f->params[f->num_params++];
         memset(param, 0, sizeof(*param));
         parse_param(p, param);
      } while (glsl_parse_accept(p, GLSL_TOK_COMMA));
   }
   glsl_parse_expect(p, GLSL_TOK_RIGHT_PAREN, "',' or ')'");
   if (glsl_parse_accept(p, GLSL_TOK_SEMICOLON)) {
      /* A prototype. */
   } else if (global && glsl_parse_at(p, GLSL_TOK_LEFT_BRACE)) {
      f->body = glsl_parse_compound(p, false);
   } else {
      glsl_parse_unexpected(p, global ? "';' or '{'" : "';'");
   }
   glsl_parse_pop_scope(p);
}

static struct glsl_ast_declarator *
add_declarator(struct glsl_parser *p, struct glsl_ast_decl *d, unsigned *cap,
               const struct glsl_token *name)
{
   void *arr = d->declarators;
   if (!glsl_parse_grow(p, &arr, cap, d->num_declarators + 1,
                        sizeof(*d->declarators)))
      return NULL;
   d->declarators = arr;
   struct glsl_ast_declarator *decl = &d->declarators[d->num_declarators++];
   memset(decl, 0, sizeof(*decl));
   decl->loc = glsl_parse_tok_loc(name);
   decl->name = name->kind == GLSL_TOK_IDENTIFIER ? name->value.ident : "";
   return decl;
}

/* "invariant a, b;": the names after the qualifiers. */
static void
parse_qualifier_names(struct glsl_parser *p, struct glsl_ast_node *n)
{
   unsigned cap = 0;
   do {
      const struct glsl_token *t =
         glsl_parse_expect(p, GLSL_TOK_IDENTIFIER, "identifier");
      if (!add_declarator(p, &n->decl, &cap, t))
         return;
   } while (glsl_parse_accept(p, GLSL_TOK_COMMA));
   glsl_parse_expect(p, GLSL_TOK_SEMICOLON, "',' or ';'");
}

/* An interface block after its qualifiers, at the block name. */
static void
parse_block(struct glsl_parser *p, struct glsl_ast_node *n)
{
   struct glsl_ast_block *b = &n->decl.block;
   b->qual = n->decl.qual;
   b->block_name = glsl_parse_next(p)->value.ident;
   glsl_parse_expect(p, GLSL_TOK_LEFT_BRACE, NULL);
   if (!glsl_parse_enter(p, n->loc))
      return;
   glsl_parse_push_scope(p);
   parse_members(p, &b->members);
   glsl_parse_pop_scope(p);
   glsl_parse_leave(p);
   glsl_parse_expect(p, GLSL_TOK_RIGHT_BRACE, "'}' or a member declaration");
   if (glsl_parse_at(p, GLSL_TOK_IDENTIFIER)) {
      b->instance_name = glsl_parse_next(p)->value.ident;
      glsl_parse_add_name(p, b->instance_name);
      if (glsl_parse_at(p, GLSL_TOK_LEFT_BRACKET))
         b->array = glsl_parse_array_spec(p);
   }
   glsl_parse_expect(p, GLSL_TOK_SEMICOLON, "instance name or ';'");
}

/* "precision" precision-word type-specifier ";" */
static struct glsl_ast_node *
parse_precision(struct glsl_parser *p)
{
   struct glsl_ast_node *n =
      glsl_parse_node(p, GLSL_AST_PRECISION, glsl_parse_loc(p));
   glsl_parse_next(p);
   const struct glsl_token *t = glsl_parse_peek(p, 0);
   enum glsl_precision prec = precision_of(t->kind);
   if (prec == GLSL_PRECISION_NONE) {
      glsl_parse_unexpected(p, "'lowp', 'mediump' or 'highp'");
      return n;
   }
   glsl_parse_next(p);
   n->decl.qual.loc = glsl_parse_tok_loc(t);
   n->decl.qual.flags = GLSL_Q_PRECISION;
   n->decl.qual.precision = prec;
   n->decl.qual.order[0] = GLSL_Q_PRECISION;
   n->decl.qual.num_order = 1;
   n->decl.type_spec = glsl_parse_type_spec(p);
   glsl_parse_expect(p, GLSL_TOK_SEMICOLON, NULL);
   return n;
}

struct glsl_ast_node *
glsl_parse_declaration(struct glsl_parser *p, bool global)
{
   struct glsl_loc loc = glsl_parse_loc(p);
   if (glsl_parse_at(p, GLSL_TOK_PRECISION))
      return parse_precision(p);

   struct glsl_ast_qualifier qual;
   memset(&qual, 0, sizeof(qual));
   bool has_qual = glsl_parse_qualifiers(p, &qual);
   struct glsl_ast_node *n = glsl_parse_node(p, GLSL_AST_VARIABLE_DECL, loc);
   n->decl.qual = qual;

   const struct glsl_token *t = glsl_parse_peek(p, 0);
   enum glsl_token_kind next = glsl_parse_peek(p, 1)->kind;
   if (has_qual && t->kind == GLSL_TOK_SEMICOLON) {
      /* "layout(std140) uniform;" */
      n->kind = GLSL_AST_QUALIFIER_DECL;
      glsl_parse_next(p);
      return n;
   }
   if (has_qual && t->kind == GLSL_TOK_IDENTIFIER &&
       next == GLSL_TOK_LEFT_BRACE) {
      n->kind = GLSL_AST_INTERFACE_BLOCK;
      u_list_init(&n->decl.block.members);
      parse_block(p, n);
      return n;
   }
   if (has_qual && t->kind == GLSL_TOK_IDENTIFIER &&
       !glsl_parse_is_type_name(p, t->value.ident) &&
       (next == GLSL_TOK_COMMA || next == GLSL_TOK_SEMICOLON)) {
      n->kind = GLSL_AST_QUALIFIER_DECL;
      parse_qualifier_names(p, n);
      return n;
   }

   n->decl.type_spec = glsl_parse_type_spec(p);
   if (glsl_parse_accept(p, GLSL_TOK_SEMICOLON))
      return n;

   const struct glsl_token *name =
      glsl_parse_expect(p, GLSL_TOK_IDENTIFIER, "identifier or ';'");
   if (glsl_parse_at(p, GLSL_TOK_LEFT_PAREN)) {
      n->kind = GLSL_AST_FUNCTION;
      n->decl.func.return_qual = n->decl.qual;
      n->decl.func.return_type = n->decl.type_spec;
      n->decl.func.name =
         name->kind == GLSL_TOK_IDENTIFIER ? name->value.ident : "";
      parse_function(p, n, global);
      return n;
   }

   unsigned cap = 0;
   for (;;) {
      struct glsl_ast_declarator *d = add_declarator(p, &n->decl, &cap, name);
      if (!d)
         break;
      if (glsl_parse_at(p, GLSL_TOK_LEFT_BRACKET))
         d->array = glsl_parse_array_spec(p);
      if (glsl_parse_accept(p, GLSL_TOK_EQUAL))
         d->initializer = glsl_parse_initializer(p);
      /* The name is visible from the end of its declarator on. */
      glsl_parse_add_name(p, d->name);
      if (!glsl_parse_accept(p, GLSL_TOK_COMMA))
         break;
      name = glsl_parse_expect(p, GLSL_TOK_IDENTIFIER, "identifier");
   }
   glsl_parse_expect(p, GLSL_TOK_SEMICOLON, "',' or ';'");
   return n;
}
