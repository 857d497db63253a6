/* SPDX-License-Identifier: MIT */

/*
 * Statements: scopes, conditions, loops, switch, jumps.
 *
 * Every compound statement opens a scope, and so do a loop (for its
 * condition declaration and for-init) and each branch of an if.  Jumps are
 * checked against counters of the enclosing loops and switches (break in
 * a loop or switch, continue in a loop), return against the function
 * being analysed, discard against the stage.  Conditions are scalar
 * booleans.  A switch (GLSL 1.30 / ESSL 3.00, 6.2) takes a scalar integer
 * and its labels are constant integers of the selector's exact type,
 * unique, the first statement of the body is a label and the last label
 * is followed by a statement.
 *
 * ESSL 1.00 only guarantees the loops of its Appendix A, 4: for loops with
 * one int or float loop index initialized by a constant, a condition
 * "index relop constant", an increment "index++", "index--", "index +=
 * constant" or "index -= constant", and a body that never modifies the
 * index.  Piglit holds implementations to that, so it is checked here.
 */
#include <string.h>

#include "glsl_sema_decl.h"

static bool
is_bool_scalar(const struct ir_type *t)
{
   return t->base == IR_TYPE_BOOL && ir_type_is_scalar(t);
}

/* A condition: an expression or (in while and for) a declaration. */
static void
condition(struct glsl_sema *s, struct glsl_ast_node **pcond)
{
   struct glsl_ast_node *c = *pcond;
   if (!c)
      return;
   if (c->kind == GLSL_AST_CONDITION_DECL) {
      struct glsl_ast_cond_decl *cd = &c->cond_decl;
      struct sema_qual q;
      sema_check_qual(s, &cd->qual, SEMA_QUAL_LOCAL, &q);
      const struct ir_type *t = glsl_sema_type_spec(s, cd->type_spec);
      if (glsl_sema_is_error(t))
         return;
      if (!is_bool_scalar(t)) {
         glsl_sema_error(s, c->loc, "a condition must be a scalar boolean");
         return;
      }
      if (!cd->init) {
         glsl_sema_error(s, c->loc,
                         "a condition declaration needs an "
                         "initializer");
         return;
      }
      const struct ir_type *it = glsl_sema_initializer(s, &cd->init, t);
      (void)it;
      struct glsl_symbol *sym =
         sema_new_symbol(s, GLSL_SYM_VARIABLE, cd->name, c->loc);
      if (!sym)
         return;
      sym->type = t;
      sym->storage = q.is_const ? GLSL_STORAGE_CONST : GLSL_STORAGE_TEMP;
      cd->symbol = sym;
      glsl_sema_declare(s, sym);
      return;
   }
   const struct ir_type *t = glsl_sema_expr(s, pcond);
   if (!glsl_sema_is_error(t) && !is_bool_scalar(t))
      glsl_sema_error(s, (*pcond)->loc,
                      "a condition must be a scalar "
                      "boolean expression");
}

/* A sub-statement in a scope of its own. */
static void
scoped_stmt(struct glsl_sema *s, struct glsl_ast_node *n)
{
   if (!n)
      return;
   glsl_sema_push_scope(s);
   glsl_sema_stmt(s, n);
   glsl_sema_pop_scope(s);
}

static bool
is_label(const struct glsl_ast_node *n)
{
   return n->kind == GLSL_AST_CASE || n->kind == GLSL_AST_DEFAULT;
}

static void
switch_stmt(struct glsl_sema *s, struct glsl_ast_node *n)
{
   if (!glsl_sema_version(s, 130, 300)) {
      glsl_sema_error(s, n->loc,
                      "switch statements need GLSL 1.30 or ESSL "
                      "3.00");
      return;
   }
   const struct ir_type *t = glsl_sema_expr(s, &n->stmt.expr);
   bool sel_ok = !glsl_sema_is_error(t);
   if (sel_ok && !(ir_type_is_scalar(t) &&
                   (t->base == IR_TYPE_INT || t->base == IR_TYPE_UINT))) {
      glsl_sema_error(s, n->stmt.expr->loc,
                      "a switch expression must be a "
                      "scalar integer");
      sel_ok = false;
   }

   s->switch_depth++;
   glsl_sema_push_scope(s);
   bool seen_default = false;
   bool first = true;
   struct glsl_ast_node *last = NULL;
   u_list_foreach (struct glsl_ast_node, st, &n->stmt.body, link) {
      last = st;
      if (first && !is_label(st)) {
         glsl_sema_error(s, st->loc,
                         "statement before the first case label "
                         "of a switch");
      }
      first = false;
      if (st->kind == GLSL_AST_DEFAULT) {
         if (seen_default)
            glsl_sema_error(s, st->loc, "duplicate default label");
         seen_default = true;
         continue;
      }
      if (st->kind != GLSL_AST_CASE) {
         glsl_sema_stmt(s, st);
         continue;
      }
      int64_t v;
      if (!st->stmt.expr || !glsl_sema_const_int(s, &st->stmt.expr, &v))
         continue;
      st->stmt.case_value = v;
      const struct ir_type *lt = st->stmt.expr->expr.type;
      if (sel_ok && lt && lt->base != t->base) {
         glsl_sema_error(s, st->loc,
                         "case label type (%s) does not match "
                         "the switch expression type (%s)",
                         lt->base == IR_TYPE_UINT ? "uint" : "int",
                         t->base == IR_TYPE_UINT ? "uint" : "int");
         continue;
      }
      u_list_foreach (struct glsl_ast_node, prev, &n->stmt.body, link) {
         if (prev == st)
            break;
         if (prev->kind == GLSL_AST_CASE && prev->stmt.case_value == v &&
             prev->stmt.expr && prev->stmt.expr->expr.constant) {
            glsl_sema_error(s, st->loc, "duplicate case label %lld",
                            (long long)v);
            break;
         }
      }
   }
   /* GLSL 1.30, 6.2 / ESSL 3.00, 6.2: a label ending the body. */
   if (last && is_label(last))
      glsl_sema_error(s, last->loc,
                      "a switch's last case label must be "
                      "followed by a statement");
   glsl_sema_pop_scope(s);
   s->switch_depth--;
}

/* ---- ESSL 1.00 Appendix A loops ---- */

static bool
is_index(const struct glsl_ast_node *n, const struct glsl_symbol *index)
{
   return n && n->kind == GLSL_AST_IDENTIFIER && n->expr.symbol == index;
}

static bool
is_const_expr(const struct glsl_ast_node *n)
{
   return n && glsl_ast_is_expr(n) && n->expr.constant;
}

/* Reports a write of @p index in expression @p n (the body must not
 * modify the loop index). */
static bool
expr_writes(const struct glsl_ast_node *n, const struct glsl_symbol *index)
{
   if (!n || !glsl_ast_is_expr(n))
      return false;
   switch (n->kind) {
   case GLSL_AST_ASSIGN:
      if (is_index(n->expr.operands[0], index))
         return true;
      break;
   case GLSL_AST_UNARY:
      if (n->expr.op >= GLSL_OP_PRE_INC && n->expr.op <= GLSL_OP_POST_DEC &&
          is_index(n->expr.operands[0], index))
         return true;
      break;
   case GLSL_AST_CALL: {
      const struct glsl_function_sig *sig = n->call.sig;
      for (unsigned i = 0; i < n->call.num_args; i++) {
         if (sig && i < sig->num_params &&
             (sig->params[i]->storage == GLSL_STORAGE_PARAM_OUT ||
              sig->params[i]->storage == GLSL_STORAGE_PARAM_INOUT) &&
             is_index(n->call.args[i], index))
            return true;
         if (expr_writes(n->call.args[i], index))
            return true;
      }
      return false;
   }
   default:
      break;
   }
   for (unsigned i = 0; i < 3; i++) {
      if (expr_writes(n->expr.operands[i], index))
         return true;
   }
   return false;
}

static bool
stmt_writes(const struct glsl_ast_node *n, const struct glsl_symbol *index)
{
   if (!n)
      return false;
   if (glsl_ast_is_expr(n))
      return expr_writes(n, index);
   switch (n->kind) {
   case GLSL_AST_COMPOUND:
   case GLSL_AST_SWITCH:
      if (n->kind == GLSL_AST_SWITCH && expr_writes(n->stmt.expr, index))
         return true;
      u_list_foreach (struct glsl_ast_node, st, &n->stmt.body, link) {
         if (stmt_writes(st, index))
            return true;
      }
      return false;
   case GLSL_AST_DECL_STMT: {
      const struct glsl_ast_node *d = n->stmt.decl;
      if (!d || d->kind != GLSL_AST_VARIABLE_DECL)
         return false;
      for (unsigned i = 0; i < d->decl.num_declarators; i++) {
         if (expr_writes(d->decl.declarators[i].initializer, index))
            return true;
      }
      return false;
   }
   default:
      return expr_writes(n->stmt.expr, index) ||
             expr_writes(n->stmt.cond, index) ||
             stmt_writes(n->stmt.init, index) ||
             stmt_writes(n->stmt.then_stmt, index) ||
             stmt_writes(n->stmt.else_stmt, index);
   }
}

/* ESSL 1.00, Appendix A 4: the for-init and returns the loop index. */
static struct glsl_symbol *
es100_loop_index(struct glsl_sema *s, struct glsl_ast_node *n)
{
   struct glsl_ast_node *init = n->stmt.init;
   const struct glsl_ast_node *d =
      init && init->kind == GLSL_AST_DECL_STMT ? init->stmt.decl : NULL;
   if (!d || d->kind != GLSL_AST_VARIABLE_DECL ||
       d->decl.num_declarators != 1) {
      glsl_sema_error(s, n->loc,
                      "ESSL 1.00 for loops must declare one loop "
                      "index in the for-init statement");
      return NULL;
   }
   struct glsl_ast_declarator *dc = &d->decl.declarators[0];
   struct glsl_symbol *sym = dc->symbol;
   if (!sym || !sym->type || glsl_sema_is_error(sym->type))
      return NULL;
   if (!ir_type_is_scalar(sym->type) ||
       (sym->type->base != IR_TYPE_INT && sym->type->base != IR_TYPE_FLOAT)) {
      glsl_sema_error(s, dc->loc,
                      "ESSL 1.00 loop indices must be int or "
                      "float scalars");
      return NULL;
   }
   if (!is_const_expr(dc->initializer)) {
      glsl_sema_error(s, dc->loc,
                      "ESSL 1.00 loop indices must be "
                      "initialized with a constant expression");
      return NULL;
   }
   return sym;
}

static void
es100_check_loop(struct glsl_sema *s, struct glsl_ast_node *n,
                 struct glsl_symbol *index)
{
   /* Appendix A asks for 'loop_index relop constant_expression' at least;
    * like Mesa (and the programs written against it, glmark2 among them)
    * any expression is accepted on the right, a uniform bound included. */
   const struct glsl_ast_node *c = n->stmt.cond;
   bool cond_ok = c && c->kind == GLSL_AST_BINARY &&
                  c->expr.op >= GLSL_OP_LESS && c->expr.op <= GLSL_OP_NEQUAL &&
                  is_index(c->expr.operands[0], index);
   if (!cond_ok) {
      glsl_sema_error(s, n->loc,
                      "ESSL 1.00 for loop conditions must have "
                      "the form 'loop_index relop expression'");
      return;
   }
   const struct glsl_ast_node *e = n->stmt.expr;
   bool inc_ok = false;
   if (e && e->kind == GLSL_AST_UNARY && e->expr.op >= GLSL_OP_PRE_INC &&
       e->expr.op <= GLSL_OP_POST_DEC)
      inc_ok = is_index(e->expr.operands[0], index);
   else if (e && e->kind == GLSL_AST_ASSIGN &&
            (e->expr.op == GLSL_OP_ADD || e->expr.op == GLSL_OP_SUB))
      inc_ok = is_index(e->expr.operands[0], index) &&
               is_const_expr(e->expr.operands[1]);
   if (!inc_ok) {
      glsl_sema_error(s, n->loc,
                      "ESSL 1.00 for loop increments must be "
                      "++, --, += constant or -= constant of the loop index");
      return;
   }
   if (stmt_writes(n->stmt.then_stmt, index))
      glsl_sema_error(s, n->loc,
                      "the loop index '%s' is modified in the "
                      "body of an ESSL 1.00 for loop",
                      index->name);
}

static void
for_stmt(struct glsl_sema *s, struct glsl_ast_node *n)
{
   glsl_sema_push_scope(s);
   if (n->stmt.init)
      glsl_sema_stmt(s, n->stmt.init);
   condition(s, &n->stmt.cond);
   if (n->stmt.expr)
      glsl_sema_expr(s, &n->stmt.expr);
   s->loop_depth++;
   scoped_stmt(s, n->stmt.then_stmt);
   s->loop_depth--;
   if (s->env.es && s->env.version == 100 && sema_ctx(s)->num_errors == 0) {
      struct glsl_symbol *index = es100_loop_index(s, n);
      if (index)
         es100_check_loop(s, n, index);
   }
   glsl_sema_pop_scope(s);
}

static void
return_stmt(struct glsl_sema *s, struct glsl_ast_node *n)
{
   const struct glsl_function_sig *fn = s->function;
   if (!fn) {
      glsl_sema_error(s, n->loc, "return outside of a function");
      return;
   }
   const struct ir_type *rt = fn->return_type;
   if (!n->stmt.expr) {
      if (rt && rt->base != IR_TYPE_VOID)
         glsl_sema_error(s, n->loc,
                         "a function returning a value must "
                         "return one");
      return;
   }
   const struct ir_type *t = glsl_sema_expr(s, &n->stmt.expr);
   if (glsl_sema_is_error(t))
      return;
   if (!rt || rt->base == IR_TYPE_VOID) {
      glsl_sema_error(s, n->loc, "a void function cannot return a value");
      return;
   }
   if (!ir_type_equal(t, rt))
      glsl_sema_convert(s, &n->stmt.expr, rt, "return");
}

void
glsl_sema_stmt(struct glsl_sema *s, struct glsl_ast_node *n)
{
   if (!n)
      return;
   switch (n->kind) {
   case GLSL_AST_COMPOUND:
      glsl_sema_push_scope(s);
      u_list_foreach (struct glsl_ast_node, st, &n->stmt.body, link)
         glsl_sema_stmt(s, st);
      glsl_sema_pop_scope(s);
      break;
   case GLSL_AST_EXPR_STMT:
      if (n->stmt.expr)
         glsl_sema_expr(s, &n->stmt.expr);
      break;
   case GLSL_AST_DECL_STMT: {
      struct glsl_ast_node *d = n->stmt.decl;
      if (!d)
         break;
      switch (d->kind) {
      case GLSL_AST_VARIABLE_DECL:
         sema_decl_variables(s, d, false);
         break;
      case GLSL_AST_PRECISION:
         sema_precision_stmt(s, d);
         break;
      case GLSL_AST_QUALIFIER_DECL:
         sema_decl_qualifier(s, d);
         break;
      case GLSL_AST_FUNCTION:
         glsl_sema_error(s, d->loc,
                         "functions cannot be declared or defined "
                         "inside a function");
         break;
      default:
         glsl_sema_error(s, d->loc,
                         "interface blocks can only be declared "
                         "at global scope");
         break;
      }
      break;
   }
   case GLSL_AST_IF:
      condition(s, &n->stmt.cond);
      scoped_stmt(s, n->stmt.then_stmt);
      scoped_stmt(s, n->stmt.else_stmt);
      break;
   case GLSL_AST_SWITCH:
      switch_stmt(s, n);
      break;
   case GLSL_AST_CASE:
   case GLSL_AST_DEFAULT:
      glsl_sema_error(s, n->loc, "%s label outside of a switch statement",
                      n->kind == GLSL_AST_CASE ? "case" : "default");
      break;
   case GLSL_AST_WHILE:
      glsl_sema_push_scope(s);
      condition(s, &n->stmt.cond);
      s->loop_depth++;
      scoped_stmt(s, n->stmt.then_stmt);
      s->loop_depth--;
      glsl_sema_pop_scope(s);
      break;
   case GLSL_AST_DO_WHILE:
      s->loop_depth++;
      scoped_stmt(s, n->stmt.then_stmt);
      s->loop_depth--;
      if (n->stmt.cond && n->stmt.cond->kind == GLSL_AST_CONDITION_DECL)
         glsl_sema_error(s, n->loc,
                         "a do-while condition cannot declare a "
                         "variable");
      else
         condition(s, &n->stmt.cond);
      break;
   case GLSL_AST_FOR:
      for_stmt(s, n);
      break;
   case GLSL_AST_CONTINUE:
      if (!s->loop_depth)
         glsl_sema_error(s, n->loc, "continue outside of a loop");
      break;
   case GLSL_AST_BREAK:
      if (!s->loop_depth && !s->switch_depth)
         glsl_sema_error(s, n->loc, "break outside of a loop or switch");
      break;
   case GLSL_AST_RETURN:
      return_stmt(s, n);
      break;
   case GLSL_AST_DISCARD:
      if (s->env.stage != IR_STAGE_FRAGMENT)
         glsl_sema_error(s, n->loc,
                         "discard is only allowed in fragment "
                         "shaders");
      break;
   default:
      if (glsl_ast_is_expr(n)) {
         struct glsl_ast_node *e = n;
         glsl_sema_expr(s, &e);
      } else {
         glsl_sema_error(s, n->loc, "unexpected declaration in a statement");
      }
      break;
   }
}
