/* SPDX-License-Identifier: MIT */

/*
 * Statements (GLSL 4.60, 6 and the grammar of section 9):
 *
 *    statement := "{" statement* "}"
 *               | declaration | expression? ";"
 *               | "if" "(" expression ")" statement ["else" statement]
 *               | "switch" "(" expression ")" "{" statement* "}"
 *               | "case" expression ":" | "default" ":"
 *               | "while" "(" condition ")" statement
 *               | "do" statement "while" "(" expression ")" ";"
 *               | "for" "(" (declaration | expression? ";") condition? ";"
 *                     expression? ")" statement
 *               | "continue" ";" | "break" ";" | "discard" ";"
 *               | "return" expression? ";"
 *    condition := expression
 *               | [qualifiers] type-specifier IDENT "=" initializer
 *
 * Case labels are statements of the switch body, as in the grammar; sema
 * checks where they may appear.  "else" binds to the nearest "if".
 */
#include "glsl_parse_priv.h"

#include <string.h>

/* while / for conditions: an expression or "type name = initializer". */
static struct glsl_ast_node *
parse_condition(struct glsl_parser *p)
{
   if (!glsl_parse_starts_declaration(p))
      return glsl_parse_expression(p);
   struct glsl_ast_node *n =
      glsl_parse_node(p, GLSL_AST_CONDITION_DECL, glsl_parse_loc(p));
   glsl_parse_qualifiers(p, &n->cond_decl.qual);
   n->cond_decl.type_spec = glsl_parse_type_spec(p);
   const struct glsl_token *t =
      glsl_parse_expect(p, GLSL_TOK_IDENTIFIER, "identifier");
   if (t->kind == GLSL_TOK_IDENTIFIER) {
      n->cond_decl.name = t->value.ident;
      glsl_parse_add_name(p, n->cond_decl.name);
   }
   glsl_parse_expect(p, GLSL_TOK_EQUAL, NULL);
   n->cond_decl.init = glsl_parse_initializer(p);
   return n;
}

/* A declaration or an expression statement (both end with ';'). */
static struct glsl_ast_node *
parse_simple(struct glsl_parser *p)
{
   struct glsl_loc loc = glsl_parse_loc(p);
   if (glsl_parse_starts_declaration(p)) {
      struct glsl_ast_node *n = glsl_parse_node(p, GLSL_AST_DECL_STMT, loc);
      n->stmt.decl = glsl_parse_declaration(p, false);
      return n;
   }
   struct glsl_ast_node *n = glsl_parse_node(p, GLSL_AST_EXPR_STMT, loc);
   if (!glsl_parse_at(p, GLSL_TOK_SEMICOLON))
      n->stmt.expr = glsl_parse_expression(p);
   glsl_parse_expect(p, GLSL_TOK_SEMICOLON, "';'");
   return n;
}

static void
parse_paren_expr(struct glsl_parser *p, struct glsl_ast_node **out)
{
   glsl_parse_expect(p, GLSL_TOK_LEFT_PAREN, NULL);
   *out = glsl_parse_expression(p);
   glsl_parse_expect(p, GLSL_TOK_RIGHT_PAREN, NULL);
}

static struct glsl_ast_node *
parse_for(struct glsl_parser *p, struct glsl_ast_node *n)
{
   glsl_parse_expect(p, GLSL_TOK_LEFT_PAREN, NULL);
   /* The whole loop is a scope (GLSL 4.60, 6.3). */
   glsl_parse_push_scope(p);
   n->stmt.init = parse_simple(p);
   if (!glsl_parse_at(p, GLSL_TOK_SEMICOLON))
      n->stmt.cond = parse_condition(p);
   glsl_parse_expect(p, GLSL_TOK_SEMICOLON, NULL);
   if (!glsl_parse_at(p, GLSL_TOK_RIGHT_PAREN))
      n->stmt.expr = glsl_parse_expression(p);
   glsl_parse_expect(p, GLSL_TOK_RIGHT_PAREN, NULL);
   n->stmt.then_stmt = glsl_parse_statement(p);
   glsl_parse_pop_scope(p);
   return n;
}

/* A statement that starts with a keyword; NULL when the current token
 * is not one of those keywords. */
static struct glsl_ast_node *
parse_keyword_stmt(struct glsl_parser *p, struct glsl_loc loc)
{
   struct glsl_ast_node *n;
   switch (glsl_parse_peek(p, 0)->kind) {
   case GLSL_TOK_IF:
      glsl_parse_next(p);
      n = glsl_parse_node(p, GLSL_AST_IF, loc);
      parse_paren_expr(p, &n->stmt.cond);
      n->stmt.then_stmt = glsl_parse_statement(p);
      if (glsl_parse_accept(p, GLSL_TOK_ELSE))
         n->stmt.else_stmt = glsl_parse_statement(p);
      return n;
   case GLSL_TOK_SWITCH:
      glsl_parse_next(p);
      n = glsl_parse_node(p, GLSL_AST_SWITCH, loc);
      parse_paren_expr(p, &n->stmt.expr);
      glsl_parse_expect(p, GLSL_TOK_LEFT_BRACE, NULL);
      glsl_parse_push_scope(p);
      while (!glsl_parse_at(p, GLSL_TOK_RIGHT_BRACE) &&
             !glsl_parse_at(p, GLSL_TOK_EOF))
         glsl_parse_append(p, &n->stmt.body, glsl_parse_statement(p));
      glsl_parse_pop_scope(p);
      glsl_parse_expect(p, GLSL_TOK_RIGHT_BRACE, NULL);
      return n;
   case GLSL_TOK_CASE:
      glsl_parse_next(p);
      n = glsl_parse_node(p, GLSL_AST_CASE, loc);
      n->stmt.expr = glsl_parse_expression(p);
      glsl_parse_expect(p, GLSL_TOK_COLON, NULL);
      return n;
   case GLSL_TOK_DEFAULT:
      glsl_parse_next(p);
      n = glsl_parse_node(p, GLSL_AST_DEFAULT, loc);
      glsl_parse_expect(p, GLSL_TOK_COLON, NULL);
      return n;
   case GLSL_TOK_WHILE:
      glsl_parse_next(p);
      n = glsl_parse_node(p, GLSL_AST_WHILE, loc);
      glsl_parse_expect(p, GLSL_TOK_LEFT_PAREN, NULL);
      glsl_parse_push_scope(p);
      n->stmt.cond = parse_condition(p);
      glsl_parse_expect(p, GLSL_TOK_RIGHT_PAREN, NULL);
      n->stmt.then_stmt = glsl_parse_statement(p);
      glsl_parse_pop_scope(p);
      return n;
   case GLSL_TOK_DO:
      glsl_parse_next(p);
      n = glsl_parse_node(p, GLSL_AST_DO_WHILE, loc);
      n->stmt.then_stmt = glsl_parse_statement(p);
      glsl_parse_expect(p, GLSL_TOK_WHILE, NULL);
      parse_paren_expr(p, &n->stmt.cond);
      glsl_parse_expect(p, GLSL_TOK_SEMICOLON, NULL);
      return n;
   case GLSL_TOK_FOR:
      glsl_parse_next(p);
      return parse_for(p, glsl_parse_node(p, GLSL_AST_FOR, loc));
   case GLSL_TOK_CONTINUE:
      glsl_parse_next(p);
      n = glsl_parse_node(p, GLSL_AST_CONTINUE, loc);
      glsl_parse_expect(p, GLSL_TOK_SEMICOLON, NULL);
      return n;
   case GLSL_TOK_BREAK:
      glsl_parse_next(p);
      n = glsl_parse_node(p, GLSL_AST_BREAK, loc);
      glsl_parse_expect(p, GLSL_TOK_SEMICOLON, NULL);
      return n;
   case GLSL_TOK_DISCARD:
      glsl_parse_next(p);
      n = glsl_parse_node(p, GLSL_AST_DISCARD, loc);
      glsl_parse_expect(p, GLSL_TOK_SEMICOLON, NULL);
      return n;
   case GLSL_TOK_RETURN:
      glsl_parse_next(p);
      n = glsl_parse_node(p, GLSL_AST_RETURN, loc);
      if (!glsl_parse_at(p, GLSL_TOK_SEMICOLON))
         n->stmt.expr = glsl_parse_expression(p);
      glsl_parse_expect(p, GLSL_TOK_SEMICOLON, "';'");
      return n;
   default:
      return NULL;
   }
}

struct glsl_ast_node *
glsl_parse_compound(struct glsl_parser *p, bool new_scope)
{
   struct glsl_ast_node *n =
      glsl_parse_node(p, GLSL_AST_COMPOUND, glsl_parse_loc(p));
   glsl_parse_expect(p, GLSL_TOK_LEFT_BRACE, NULL);
   if (new_scope)
      glsl_parse_push_scope(p);
   while (!glsl_parse_at(p, GLSL_TOK_RIGHT_BRACE) &&
          !glsl_parse_at(p, GLSL_TOK_EOF))
      glsl_parse_append(p, &n->stmt.body, glsl_parse_statement(p));
   if (new_scope)
      glsl_parse_pop_scope(p);
   glsl_parse_expect(p, GLSL_TOK_RIGHT_BRACE, "'}' or a statement");
   return n;
}

struct glsl_ast_node *
glsl_parse_statement(struct glsl_parser *p)
{
   struct glsl_loc loc = glsl_parse_loc(p);
   if (!glsl_parse_enter(p, loc))
      return glsl_parse_node(p, GLSL_AST_EXPR_STMT, loc);
   struct glsl_ast_node *n;
   if (glsl_parse_at(p, GLSL_TOK_LEFT_BRACE))
      n = glsl_parse_compound(p, true);
   else if (!(n = parse_keyword_stmt(p, loc)))
      n = parse_simple(p);
   glsl_parse_leave(p);
   return n;
}
