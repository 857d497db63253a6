/* SPDX-License-Identifier: MIT */

/*
 * Expressions (GLSL 4.60, 5.1 "Operators" and the grammar of section 9).
 * From loosest to tightest binding:
 *
 *    ,                     sequence          left to right
 *    = += -= *= /= %= <<= >>= &= ^= |=       right to left
 *    ?:                    selection         right to left
 *    ||  ^^  &&  |  ^  &   logical, bitwise  left to right
 *    == !=   < > <= >=   << >>   + -   * / %               left to right
 *    + - ! ~ ++ --         prefix unary      right to left
 *    [] () . ++ --         postfix           left to right
 *
 * Binary operators are parsed by precedence climbing over the table
 * below.  The left operand of an assignment is parsed as a conditional
 * expression and checked to be an l-value by sema, which reports a
 * better message than the grammar could.
 *
 * Calls: IDENT "(" is a function call; a type keyword or a struct name,
 * with optional array dimensions, followed by "(" is a constructor
 * ("vec4(1.0)", "S(1, 2)", "float[3](...)", "float[](...)"); "f(void)"
 * has no arguments; "x.length()" is the one method.
 */
#include "glsl_parse_priv.h"

#include <string.h>

/* Binary operators; a larger prec binds tighter. */
static const struct {
   enum glsl_token_kind tok;
   enum glsl_ast_op op;
   unsigned prec;
} binary_ops[] = {
   { GLSL_TOK_OR_OP, GLSL_OP_LOGIC_OR, 1 },
   { GLSL_TOK_XOR_OP, GLSL_OP_LOGIC_XOR, 2 },
   { GLSL_TOK_AND_OP, GLSL_OP_LOGIC_AND, 3 },
   { GLSL_TOK_VERTICAL_BAR, GLSL_OP_BIT_OR, 4 },
   { GLSL_TOK_CARET, GLSL_OP_BIT_XOR, 5 },
   { GLSL_TOK_AMPERSAND, GLSL_OP_BIT_AND, 6 },
   { GLSL_TOK_EQ_OP, GLSL_OP_EQUAL, 7 },
   { GLSL_TOK_NE_OP, GLSL_OP_NEQUAL, 7 },
   { GLSL_TOK_LEFT_ANGLE, GLSL_OP_LESS, 8 },
   { GLSL_TOK_RIGHT_ANGLE, GLSL_OP_GREATER, 8 },
   { GLSL_TOK_LE_OP, GLSL_OP_LEQUAL, 8 },
   { GLSL_TOK_GE_OP, GLSL_OP_GEQUAL, 8 },
   { GLSL_TOK_LEFT_OP, GLSL_OP_LSHIFT, 9 },
   { GLSL_TOK_RIGHT_OP, GLSL_OP_RSHIFT, 9 },
   { GLSL_TOK_PLUS, GLSL_OP_ADD, 10 },
   { GLSL_TOK_DASH, GLSL_OP_SUB, 10 },
   { GLSL_TOK_STAR, GLSL_OP_MUL, 11 },
   { GLSL_TOK_SLASH, GLSL_OP_DIV, 11 },
   { GLSL_TOK_PERCENT, GLSL_OP_MOD, 11 },
};

/* Assignment operators: "=" and the compound ones with their binary op. */
static const struct {
   enum glsl_token_kind tok;
   enum glsl_ast_op op;
} assign_ops[] = {
   { GLSL_TOK_EQUAL, GLSL_OP_ASSIGN },
   { GLSL_TOK_MUL_ASSIGN, GLSL_OP_MUL },
   { GLSL_TOK_DIV_ASSIGN, GLSL_OP_DIV },
   { GLSL_TOK_MOD_ASSIGN, GLSL_OP_MOD },
   { GLSL_TOK_ADD_ASSIGN, GLSL_OP_ADD },
   { GLSL_TOK_SUB_ASSIGN, GLSL_OP_SUB },
   { GLSL_TOK_LEFT_ASSIGN, GLSL_OP_LSHIFT },
   { GLSL_TOK_RIGHT_ASSIGN, GLSL_OP_RSHIFT },
   { GLSL_TOK_AND_ASSIGN, GLSL_OP_BIT_AND },
   { GLSL_TOK_XOR_ASSIGN, GLSL_OP_BIT_XOR },
   { GLSL_TOK_OR_ASSIGN, GLSL_OP_BIT_OR },
};

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

static struct glsl_ast_node *parse_unary(struct glsl_parser *p);

static struct glsl_ast_node *
new_expr(struct glsl_parser *p, enum glsl_ast_kind kind, struct glsl_loc loc,
         enum glsl_ast_op op, struct glsl_ast_node *a, struct glsl_ast_node *b)
{
   struct glsl_ast_node *n = glsl_parse_node(p, kind, loc);
   n->expr.op = op;
   n->expr.operands[0] = a;
   n->expr.operands[1] = b;
   return n;
}

/* A placeholder for an expression that failed to parse. */
static struct glsl_ast_node *
error_expr(struct glsl_parser *p, struct glsl_loc loc)
{
   struct glsl_ast_node *n = glsl_parse_node(p, GLSL_AST_IDENTIFIER, loc);
   n->expr.name = "";
   return n;
}

/* Arguments after the '(' of a call, up to and including the ')'. */
static void
parse_args(struct glsl_parser *p, struct glsl_ast_call *call)
{
   glsl_parse_expect(p, GLSL_TOK_LEFT_PAREN, NULL);
   if (glsl_parse_accept(p, GLSL_TOK_RIGHT_PAREN))
      return;
   if (glsl_parse_at(p, GLSL_TOK_VOID) &&
       glsl_parse_peek(p, 1)->kind == GLSL_TOK_RIGHT_PAREN) {
      glsl_parse_next(p);
      glsl_parse_next(p);
      return;
   }
   unsigned cap = 0;
   do {
      struct glsl_ast_node *arg = glsl_parse_assignment(p);
      void *arr = call->args;
      if (!glsl_parse_grow(p, &arr, &cap, call->num_args + 1,
                           sizeof(*call->args)))
         return;
      call->args = arr;
      call->args[call->num_args++] = arg;
   } while (glsl_parse_accept(p, GLSL_TOK_COMMA));
   glsl_parse_expect(p, GLSL_TOK_RIGHT_PAREN, "',' or ')'");
}

static struct glsl_ast_node *
parse_constructor(struct glsl_parser *p, struct glsl_loc loc)
{
   struct glsl_ast_node *n = glsl_parse_node(p, GLSL_AST_CALL, loc);
   n->call.type_spec = glsl_parse_type_spec(p);
   if (n->call.type_spec->struct_def) {
      glsl_parse_error(p, loc,
                       "a struct definition cannot be a "
                       "constructor");
      return n;
   }
   if (!glsl_parse_at(p, GLSL_TOK_LEFT_PAREN)) {
      glsl_parse_unexpected(p, "'(' after a type name in an expression");
      return n;
   }
   parse_args(p, &n->call);
   return n;
}

static struct glsl_ast_node *
parse_primary(struct glsl_parser *p)
{
   const struct glsl_token *t = glsl_parse_peek(p, 0);
   struct glsl_loc loc = glsl_parse_tok_loc(t);
   struct glsl_ast_node *n;
   switch (t->kind) {
   case GLSL_TOK_IDENTIFIER: {
      enum glsl_token_kind next = glsl_parse_peek(p, 1)->kind;
      if (glsl_parse_is_type_name(p, t->value.ident) &&
          (next == GLSL_TOK_LEFT_PAREN || next == GLSL_TOK_LEFT_BRACKET))
         return parse_constructor(p, loc);
      glsl_parse_next(p);
      if (next == GLSL_TOK_LEFT_PAREN) {
         n = glsl_parse_node(p, GLSL_AST_CALL, loc);
         n->call.name = t->value.ident;
         parse_args(p, &n->call);
         return n;
      }
      n = glsl_parse_node(p, GLSL_AST_IDENTIFIER, loc);
      n->expr.name = t->value.ident;
      return n;
   }
   case GLSL_TOK_INTCONST:
      n = glsl_parse_node(p, GLSL_AST_INT_CONSTANT, loc);
      n->expr.literal.i = t->value.i;
      break;
   case GLSL_TOK_UINTCONST:
      n = glsl_parse_node(p, GLSL_AST_UINT_CONSTANT, loc);
      n->expr.literal.u = t->value.u;
      break;
   case GLSL_TOK_FLOATCONST:
      n = glsl_parse_node(p, GLSL_AST_FLOAT_CONSTANT, loc);
      n->expr.literal.f = t->value.f;
      break;
   case GLSL_TOK_DOUBLECONST:
      n = glsl_parse_node(p, GLSL_AST_DOUBLE_CONSTANT, loc);
      n->expr.literal.d = t->value.d;
      break;
   case GLSL_TOK_BOOLCONST:
      n = glsl_parse_node(p, GLSL_AST_BOOL_CONSTANT, loc);
      n->expr.literal.b = t->value.b;
      break;
   case GLSL_TOK_LEFT_PAREN:
      glsl_parse_next(p);
      if (!glsl_parse_enter(p, loc))
         return error_expr(p, loc);
      n = glsl_parse_expression(p);
      glsl_parse_leave(p);
      glsl_parse_expect(p, GLSL_TOK_RIGHT_PAREN, "')'");
      return n;
   default:
      if (glsl_parse_is_type_keyword(p, t->kind) || t->kind == GLSL_TOK_STRUCT)
         return parse_constructor(p, loc);
      glsl_parse_unexpected(p, "an expression");
      return error_expr(p, loc);
   }
   glsl_parse_next(p);
   return n;
}

/* ".name" or ".length()" after @p object. */
static struct glsl_ast_node *
parse_field(struct glsl_parser *p, struct glsl_ast_node *object)
{
   glsl_parse_next(p);
   const struct glsl_token *t =
      glsl_parse_expect(p, GLSL_TOK_IDENTIFIER, "a field name");
   if (t->kind != GLSL_TOK_IDENTIFIER)
      return object;
   struct glsl_loc loc = glsl_parse_tok_loc(t);
   if (glsl_parse_at(p, GLSL_TOK_LEFT_PAREN)) {
      struct glsl_ast_node *n = glsl_parse_node(p, GLSL_AST_CALL, object->loc);
      n->call.object = object;
      n->call.name = t->value.ident;
      if (strcmp(t->value.ident, "length") != 0) {
         glsl_parse_error(p, loc, "unknown method '%s'", t->value.ident);
         return n;
      }
      parse_args(p, &n->call);
      if (n->call.num_args)
         glsl_parse_error(p, loc, "length() takes no arguments");
      return n;
   }
   struct glsl_ast_node *n =
      new_expr(p, GLSL_AST_FIELD, object->loc, 0, object, NULL);
   n->expr.name = t->value.ident;
   return n;
}

static struct glsl_ast_node *
parse_postfix(struct glsl_parser *p)
{
   struct glsl_ast_node *n = parse_primary(p);
   unsigned chain = 0;
   for (;;) {
      const struct glsl_token *t = glsl_parse_peek(p, 0);
      if (t->kind != GLSL_TOK_LEFT_BRACKET && t->kind != GLSL_TOK_DOT &&
          t->kind != GLSL_TOK_INC_OP && t->kind != GLSL_TOK_DEC_OP)
         break;
      /* Each postfix operator nests the tree one level deeper. */
      if (!glsl_parse_enter_chain(p, glsl_parse_tok_loc(t)))
         break;
      chain++;
      if (t->kind == GLSL_TOK_LEFT_BRACKET) {
         glsl_parse_next(p);
         struct glsl_ast_node *index = glsl_parse_expression(p);
         glsl_parse_expect(p, GLSL_TOK_RIGHT_BRACKET, "']'");
         n = new_expr(p, GLSL_AST_INDEX, n->loc, 0, n, index);
      } else if (t->kind == GLSL_TOK_DOT) {
         n = parse_field(p, n);
      } else {
         glsl_parse_next(p);
         n = new_expr(p, GLSL_AST_UNARY, n->loc,
                      t->kind == GLSL_TOK_INC_OP ? GLSL_OP_POST_INC
                                                 : GLSL_OP_POST_DEC,
                      n, NULL);
      }
   }
   glsl_parse_leave_chain(p, chain);
   return n;
}

static struct glsl_ast_node *
parse_unary(struct glsl_parser *p)
{
   const struct glsl_token *t = glsl_parse_peek(p, 0);
   enum glsl_ast_op op;
   switch (t->kind) {
   case GLSL_TOK_PLUS:
      op = GLSL_OP_PLUS;
      break;
   case GLSL_TOK_DASH:
      op = GLSL_OP_NEG;
      break;
   case GLSL_TOK_BANG:
      op = GLSL_OP_LOGIC_NOT;
      break;
   case GLSL_TOK_TILDE:
      op = GLSL_OP_BIT_NOT;
      break;
   case GLSL_TOK_INC_OP:
      op = GLSL_OP_PRE_INC;
      break;
   case GLSL_TOK_DEC_OP:
      op = GLSL_OP_PRE_DEC;
      break;
   default:
      return parse_postfix(p);
   }
   struct glsl_loc loc = glsl_parse_tok_loc(t);
   glsl_parse_next(p);
   if (!glsl_parse_enter(p, loc))
      return error_expr(p, loc);
   struct glsl_ast_node *operand = parse_unary(p);
   glsl_parse_leave(p);
   return new_expr(p, GLSL_AST_UNARY, loc, op, operand, NULL);
}

static int
binary_op_index(enum glsl_token_kind kind)
{
   for (unsigned i = 0; i < ARRAY_LEN(binary_ops); i++) {
      if (binary_ops[i].tok == kind)
         return (int)i;
   }
   return -1;
}

/* Precedence climbing: operators binding at least as tight as
 * @p min_prec. */
static struct glsl_ast_node *
parse_binary(struct glsl_parser *p, unsigned min_prec)
{
   struct glsl_ast_node *lhs = parse_unary(p);
   unsigned chain = 0;
   for (;;) {
      const struct glsl_token *t = glsl_parse_peek(p, 0);
      int i = binary_op_index(t->kind);
      if (i < 0 || binary_ops[i].prec < min_prec)
         break;
      /* A long left-associative chain nests the tree as deeply as
       * parentheses would. */
      if (!glsl_parse_enter_chain(p, glsl_parse_tok_loc(t)))
         break;
      chain++;
      glsl_parse_next(p);
      struct glsl_ast_node *rhs = parse_binary(p, binary_ops[i].prec + 1);
      lhs = new_expr(p, GLSL_AST_BINARY, lhs->loc, binary_ops[i].op, lhs, rhs);
   }
   glsl_parse_leave_chain(p, chain);
   return lhs;
}

struct glsl_ast_node *
glsl_parse_conditional(struct glsl_parser *p)
{
   struct glsl_ast_node *cond = parse_binary(p, 1);
   if (!glsl_parse_at(p, GLSL_TOK_QUESTION))
      return cond;
   struct glsl_loc loc = glsl_parse_loc(p);
   glsl_parse_next(p);
   if (!glsl_parse_enter(p, loc))
      return cond;
   struct glsl_ast_node *n =
      new_expr(p, GLSL_AST_CONDITIONAL, cond->loc, 0, cond, NULL);
   n->expr.operands[1] = glsl_parse_expression(p);
   glsl_parse_expect(p, GLSL_TOK_COLON, "':'");
   n->expr.operands[2] = glsl_parse_assignment(p);
   glsl_parse_leave(p);
   return n;
}

struct glsl_ast_node *
glsl_parse_assignment(struct glsl_parser *p)
{
   struct glsl_loc loc = glsl_parse_loc(p);
   if (!glsl_parse_enter(p, loc))
      return error_expr(p, loc);
   struct glsl_ast_node *lhs = glsl_parse_conditional(p);
   enum glsl_token_kind kind = glsl_parse_peek(p, 0)->kind;
   for (unsigned i = 0; i < ARRAY_LEN(assign_ops); i++) {
      if (assign_ops[i].tok == kind) {
         glsl_parse_next(p);
         struct glsl_ast_node *rhs = glsl_parse_assignment(p);
         lhs =
            new_expr(p, GLSL_AST_ASSIGN, lhs->loc, assign_ops[i].op, lhs, rhs);
         break;
      }
   }
   glsl_parse_leave(p);
   return lhs;
}

struct glsl_ast_node *
glsl_parse_expression(struct glsl_parser *p)
{
   struct glsl_ast_node *n = glsl_parse_assignment(p);
   unsigned chain = 0;
   while (glsl_parse_at(p, GLSL_TOK_COMMA)) {
      if (!glsl_parse_enter_chain(p, glsl_parse_loc(p)))
         break;
      chain++;
      glsl_parse_next(p);
      struct glsl_ast_node *rhs = glsl_parse_assignment(p);
      n = new_expr(p, GLSL_AST_SEQUENCE, n->loc, 0, n, rhs);
   }
   glsl_parse_leave_chain(p, chain);
   return n;
}

struct glsl_ast_node *
glsl_parse_initializer(struct glsl_parser *p)
{
   if (!glsl_parse_at(p, GLSL_TOK_LEFT_BRACE))
      return glsl_parse_assignment(p);
   struct glsl_loc loc = glsl_parse_loc(p);
   struct glsl_ast_node *n = glsl_parse_node(p, GLSL_AST_INIT_LIST, loc);
   glsl_parse_next(p);
   if (!glsl_parse_enter(p, loc))
      return n;
   unsigned cap = 0;
   do {
      /* A trailing comma is allowed: "{ 1, 2, }". */
      if (n->num_elements && glsl_parse_at(p, GLSL_TOK_RIGHT_BRACE))
         break;
      struct glsl_ast_node *e = glsl_parse_initializer(p);
      void *arr = n->elements;
      if (!glsl_parse_grow(p, &arr, &cap, n->num_elements + 1,
                           sizeof(*n->elements)))
         break;
      n->elements = arr;
      n->elements[n->num_elements++] = e;
   } while (glsl_parse_accept(p, GLSL_TOK_COMMA));
   glsl_parse_leave(p);
   glsl_parse_expect(p, GLSL_TOK_RIGHT_BRACE, "',' or '}'");
   return n;
}
