/* SPDX-License-Identifier: MIT */

/*
 * Statements to structured IR control flow.
 *
 *   while (c) S         loop { if (!c) break; S }
 *   do S while (c)      loop { S; if (!c) break; }
 *   for (I; c; E) S     I; loop { if (!c) break; S; E }
 *
 * An IR `continue` goes back to the top of the loop body, which skips the
 * condition of a do-while and the increment of a for loop.  When the body
 * holds a continue of that loop, a flag makes the first iteration skip
 * what the others run first:
 *
 *   for (I; c; E) S     I; first = true;
 *                       loop { if (!first) E; first = false;
 *                              if (!c) break; S }
 *   do S while (c)      first = true;
 *                       loop { if (!first) { if (!c) break; }
 *                              first = false; S }
 *
 * switch becomes a loop that runs once, so that `break` leaves it; each
 * case section runs when a fall-through flag is set or one of its labels
 * matches (default: when no label matches), and sets the flag:
 *
 *   fall = false;
 *   loop { if (fall || x == 1) { fall = true; A }
 *          if (fall || x == 2 || no label matches) { fall = true; B }
 *          break; }
 *
 * A `continue` inside such a loop sets the switch's continue flag and
 * breaks; after the loop, "if (flag) { flag = false; continue }" repeats
 * the continue one level out.
 *
 * A `return` in main is an IR return.  In an inlined function whose only
 * return is its last statement, the return just stores the value;
 * otherwise the body runs inside a wrapper loop that a return leaves
 * with `break`, and a return nested in loops (or switches) sets the
 * function's return flag and breaks, each loop on the way testing the
 * flag after itself (t2i_after_target); the flag is cleared after the
 * wrapper.
 *
 * Flags start false (their initializer) and are cleared where they are
 * consumed, so they are false whenever no jump is in flight, however
 * often the code around them runs.
 *
 * What follows a jump in the same block is unreachable; the statements
 * after it in a list are not translated (t2i_block_ended).
 */
#include "glsl_to_ir_priv.h"

/* ---------------------------------------------------------------------- */
/* Jumps                                                                  */
/* ---------------------------------------------------------------------- */

static void
jump(struct t2i *t, enum ir_jump_kind kind)
{
   if (!t2i_block_ended(t))
      ir_jump(&t->b, kind);
}

static void
store_bool(struct t2i *t, struct ir_variable *var, bool value)
{
   ir_store_var(&t->b, var, ir_imm_bool(&t->b, value), 1);
}

static void
emit_continue(struct t2i *t)
{
   struct t2i_target *target = t->targets;
   if (!target) {
      t2i_fail(t, (struct glsl_loc){ 0 }, "continue outside a loop");
      return;
   }
   if (target->kind == T2I_TARGET_SWITCH) {
      if (!target->cont_flag)
         target->cont_flag = t2i_flag(t, "continue");
      store_bool(t, target->cont_flag, true);
      jump(t, IR_JUMP_BREAK);
      return;
   }
   jump(t, IR_JUMP_CONTINUE);
}

/* Leaves the current inlined function from wherever the cursor is (the
 * value is already stored). */
static void
leave_function(struct t2i *t)
{
   struct t2i_frame *f = t->frame;
   if (!f->wrapper)
      return; /* the return is the body's last statement */
   if (t->targets == f->wrapper) {
      jump(t, IR_JUMP_BREAK);
      return;
   }
   if (!f->ret_flag)
      f->ret_flag = t2i_flag(t, "ret");
   store_bool(t, f->ret_flag, true);
   for (struct t2i_target *tg = t->targets; tg && tg != f->wrapper;
        tg = tg->outer)
      tg->ret_through = true;
   jump(t, IR_JUMP_BREAK);
}

void
t2i_return(struct t2i *t, struct t2i_val *value)
{
   struct t2i_frame *f = t->frame;
   if (!f) {
      jump(t, IR_JUMP_RETURN);
      return;
   }
   if (value && f->retval) {
      t2i_copy_to_deref(t, ir_build_deref_var(&t->b, f->retval),
                        f->retval->type, *value);
   }
   leave_function(t);
}

void
t2i_after_target(struct t2i *t, struct t2i_target *target)
{
   if (target->ret_through && t->frame && t->frame->ret_flag) {
      struct ir_if *nif =
         ir_push_if(&t->b, ir_load_var(&t->b, t->frame->ret_flag));
      leave_function(t);
      ir_pop_if(&t->b, nif);
   }
}

static void
push_target(struct t2i *t, struct t2i_target *target, enum t2i_target_kind kind)
{
   *target = (struct t2i_target){ .kind = kind, .outer = t->targets };
   t->targets = target;
}

static void
pop_target(struct t2i *t, struct t2i_target *target)
{
   t->targets = target->outer;
   t2i_after_target(t, target);
}

/* ---------------------------------------------------------------------- */
/* Declarations and conditions                                            */
/* ---------------------------------------------------------------------- */

static void
init_local(struct t2i *t, struct glsl_symbol *sym, struct glsl_ast_node *init)
{
   if (sym->storage == GLSL_STORAGE_CONST && sym->constant_value) {
      struct ir_variable *var = t2i_temp(t, sym->type, sym->name);
      if (!var)
         return;
      var->initializer = sym->constant_value;
      var->read_only = true;
      sym->ir_var = var;
      return;
   }
   struct ir_variable *var = t2i_temp(t, sym->type, sym->name);
   if (!var) {
      t2i_fail(t, sym->loc, "out of memory");
      return;
   }
   if (!init) {
      sym->ir_var = var;
      /* At the declaration, so that each loop iteration starts at 0. */
      if (t->shader->options.zero_init)
         t2i_store_zero(t, var);
      return;
   }
   /* The initializer is evaluated before the variable exists: "float x =
    * x;" reads an outer x. */
   struct t2i_val v = init->kind == GLSL_AST_INIT_LIST
                         ? t2i_init_list(t, init, sym->type)
                         : t2i_expr(t, init);
   sym->ir_var = var;
   if (!t->failed)
      t2i_copy_to_deref(t, ir_build_deref_var(&t->b, var), var->type, v);
}

void
t2i_local_decl(struct t2i *t, struct glsl_ast_node *decl)
{
   for (unsigned i = 0; i < decl->decl.num_declarators && !t->failed; i++) {
      struct glsl_ast_declarator *d = &decl->decl.declarators[i];
      if (d->symbol && d->symbol->kind == GLSL_SYM_VARIABLE)
         init_local(t, d->symbol, d->initializer);
   }
}

/* The condition of a loop: an expression or "type name = init". */
static struct ir_def *
loop_cond(struct t2i *t, struct glsl_ast_node *cond)
{
   if (cond->kind == GLSL_AST_CONDITION_DECL) {
      struct glsl_symbol *sym = cond->cond_decl.symbol;
      init_local(t, sym, cond->cond_decl.init);
      if (t->failed || !sym->ir_var)
         return NULL;
      return ir_load_var(&t->b, sym->ir_var);
   }
   return t2i_cond(t, cond);
}

/* "if (!cond) break;" */
static void
break_unless(struct t2i *t, struct glsl_ast_node *cond)
{
   if (!cond)
      return;
   struct ir_def *c = loop_cond(t, cond);
   if (!c)
      return;
   struct ir_if *nif = ir_push_if(&t->b, ir_inot(&t->b, c));
   jump(t, IR_JUMP_BREAK);
   ir_pop_if(&t->b, nif);
}

/* ---------------------------------------------------------------------- */
/* Loops                                                                  */
/* ---------------------------------------------------------------------- */

/* Whether @p n holds a continue of the loop around it (not counting
 * loops nested inside). */
static bool
has_continue(const struct glsl_ast_node *n)
{
   if (!n)
      return false;
   switch (n->kind) {
   case GLSL_AST_CONTINUE:
      return true;
   case GLSL_AST_COMPOUND:
   case GLSL_AST_SWITCH:
      u_list_foreach (struct glsl_ast_node, s, &n->stmt.body, link) {
         if (has_continue(s))
            return true;
      }
      return false;
   case GLSL_AST_IF:
      return has_continue(n->stmt.then_stmt) || has_continue(n->stmt.else_stmt);
   default:
      return false;
   }
}

static void
loop_body(struct t2i *t, struct glsl_ast_node *body)
{
   if (body)
      t2i_stmt(t, body);
}

static void
emit_while(struct t2i *t, struct glsl_ast_node *n)
{
   struct t2i_target target;
   push_target(t, &target, T2I_TARGET_LOOP);
   struct ir_loop *loop = ir_push_loop(&t->b);
   break_unless(t, n->stmt.cond);
   if (!t2i_block_ended(t))
      loop_body(t, n->stmt.then_stmt);
   ir_pop_loop(&t->b, loop);
   pop_target(t, &target);
}

static void
emit_do_while(struct t2i *t, struct glsl_ast_node *n)
{
   struct t2i_target target;
   bool cont = has_continue(n->stmt.then_stmt);
   struct ir_variable *first = NULL;
   if (cont) {
      first = t2i_temp(t, ir_type_get_scalar(IR_TYPE_BOOL), "first");
      store_bool(t, first, true);
   }
   push_target(t, &target, T2I_TARGET_LOOP);
   struct ir_loop *loop = ir_push_loop(&t->b);
   if (cont) {
      struct ir_if *nif =
         ir_push_if(&t->b, ir_inot(&t->b, ir_load_var(&t->b, first)));
      break_unless(t, n->stmt.cond);
      ir_pop_if(&t->b, nif);
      store_bool(t, first, false);
      loop_body(t, n->stmt.then_stmt);
   } else {
      loop_body(t, n->stmt.then_stmt);
      if (!t2i_block_ended(t))
         break_unless(t, n->stmt.cond);
   }
   ir_pop_loop(&t->b, loop);
   pop_target(t, &target);
}

static void
emit_for(struct t2i *t, struct glsl_ast_node *n)
{
   if (n->stmt.init)
      t2i_stmt(t, n->stmt.init);
   if (t->failed)
      return;
   struct t2i_target target;
   bool cont = has_continue(n->stmt.then_stmt) && n->stmt.expr;
   struct ir_variable *first = NULL;
   if (cont) {
      first = t2i_temp(t, ir_type_get_scalar(IR_TYPE_BOOL), "first");
      store_bool(t, first, true);
   }
   push_target(t, &target, T2I_TARGET_LOOP);
   struct ir_loop *loop = ir_push_loop(&t->b);
   if (cont) {
      struct ir_if *nif =
         ir_push_if(&t->b, ir_inot(&t->b, ir_load_var(&t->b, first)));
      t2i_expr(t, n->stmt.expr);
      ir_pop_if(&t->b, nif);
      store_bool(t, first, false);
   }
   break_unless(t, n->stmt.cond);
   if (!t2i_block_ended(t))
      loop_body(t, n->stmt.then_stmt);
   if (!cont && n->stmt.expr && !t2i_block_ended(t) && !t->failed)
      t2i_expr(t, n->stmt.expr);
   ir_pop_loop(&t->b, loop);
   pop_target(t, &target);
}

/* ---------------------------------------------------------------------- */
/* switch                                                                 */
/* ---------------------------------------------------------------------- */

static bool
is_label(const struct glsl_ast_node *n)
{
   return n->kind == GLSL_AST_CASE || n->kind == GLSL_AST_DEFAULT;
}

/* Whether the selector matches the label @p n. */
static struct ir_def *
label_match(struct t2i *t, struct ir_def *sel, const struct glsl_ast_node *n)
{
   return ir_ieq(&t->b, sel, ir_imm_intN(&t->b, n->stmt.case_value, 32));
}

static void
emit_switch(struct t2i *t, struct glsl_ast_node *n)
{
   struct t2i_val selv = t2i_expr(t, n->stmt.expr);
   if (t->failed || !selv.col[0])
      return;
   struct ir_def *sel = selv.col[0];
   struct u_list *body = &n->stmt.body;

   /* No label matches: the default's condition. */
   struct ir_def *any = ir_imm_bool(&t->b, false);
   u_list_foreach (struct glsl_ast_node, s, body, link) {
      if (s->kind == GLSL_AST_CASE)
         any = ir_ior(&t->b, any, label_match(t, sel, s));
   }
   struct ir_def *none = ir_inot(&t->b, any);

   struct ir_variable *fall =
      t2i_temp(t, ir_type_get_scalar(IR_TYPE_BOOL), "fall");
   store_bool(t, fall, false);

   struct t2i_target target;
   push_target(t, &target, T2I_TARGET_SWITCH);
   struct ir_loop *loop = ir_push_loop(&t->b);
   struct ir_if *section = NULL;
   bool in_labels = false;
   struct ir_def *cond = NULL;
   u_list_foreach (struct glsl_ast_node, s, body, link) {
      if (t->failed)
         break;
      if (is_label(s)) {
         if (!in_labels) {
            if (section)
               ir_pop_if(&t->b, section);
            section = NULL;
            cond = ir_load_var(&t->b, fall);
            in_labels = true;
         }
         cond =
            ir_ior(&t->b, cond,
                   s->kind == GLSL_AST_CASE ? label_match(t, sel, s) : none);
         continue;
      }
      if (in_labels) {
         section = ir_push_if(&t->b, cond);
         store_bool(t, fall, true);
         in_labels = false;
      }
      if (section) /* statements before the first label never run */
         t2i_stmt(t, s);
   }
   if (in_labels) {
      /* Labels at the end with no statement: nothing to run. */
      section = NULL;
   }
   if (section)
      ir_pop_if(&t->b, section);
   jump(t, IR_JUMP_BREAK);
   ir_pop_loop(&t->b, loop);

   t->targets = target.outer;
   if (target.cont_flag) {
      struct ir_if *nif =
         ir_push_if(&t->b, ir_load_var(&t->b, target.cont_flag));
      store_bool(t, target.cont_flag, false);
      emit_continue(t);
      ir_pop_if(&t->b, nif);
   }
   t2i_after_target(t, &target);
}

/* ---------------------------------------------------------------------- */
/* Statements                                                             */
/* ---------------------------------------------------------------------- */

void
t2i_stmt(struct t2i *t, struct glsl_ast_node *n)
{
   if (t->failed || !n || t2i_block_ended(t))
      return;
   switch (n->kind) {
   case GLSL_AST_COMPOUND:
      u_list_foreach (struct glsl_ast_node, s, &n->stmt.body, link) {
         if (t->failed || t2i_block_ended(t))
            break;
         t2i_stmt(t, s);
      }
      break;
   case GLSL_AST_EXPR_STMT:
      if (n->stmt.expr)
         t2i_expr(t, n->stmt.expr);
      break;
   case GLSL_AST_DECL_STMT:
      if (n->stmt.decl && n->stmt.decl->kind == GLSL_AST_VARIABLE_DECL)
         t2i_local_decl(t, n->stmt.decl);
      break;
   case GLSL_AST_VARIABLE_DECL:
      t2i_local_decl(t, n);
      break;
   case GLSL_AST_IF: {
      struct ir_def *c = t2i_cond(t, n->stmt.cond);
      if (!c)
         break;
      struct ir_if *nif = ir_push_if(&t->b, c);
      t2i_stmt(t, n->stmt.then_stmt);
      if (n->stmt.else_stmt) {
         ir_push_else(&t->b, nif);
         t2i_stmt(t, n->stmt.else_stmt);
      }
      ir_pop_if(&t->b, nif);
      break;
   }
   case GLSL_AST_SWITCH:
      emit_switch(t, n);
      break;
   case GLSL_AST_WHILE:
      emit_while(t, n);
      break;
   case GLSL_AST_DO_WHILE:
      emit_do_while(t, n);
      break;
   case GLSL_AST_FOR:
      emit_for(t, n);
      break;
   case GLSL_AST_CONTINUE:
      emit_continue(t);
      break;
   case GLSL_AST_BREAK:
      jump(t, IR_JUMP_BREAK);
      break;
   case GLSL_AST_RETURN:
      if (n->stmt.expr) {
         struct t2i_val v = t2i_expr(t, n->stmt.expr);
         if (!t->failed)
            t2i_return(t, &v);
      } else {
         t2i_return(t, NULL);
      }
      break;
   case GLSL_AST_DISCARD:
      ir_build_intrinsic(&t->b, IR_INTRINSIC_DISCARD, 0, 0, NULL);
      break;
   default:
      /* Labels outside a switch body, precision and qualifier
       * declarations: nothing to run. */
      break;
   }
}
