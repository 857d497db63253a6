/* SPDX-License-Identifier: MIT */

/*
 * Calls: function calls with overload resolution, and the dispatch of
 * the other GLSL_AST_CALL forms (constructors, length()); the check
 * against static recursion.
 *
 * Overload resolution (GLSL 1.20-3.30, 6.1): the signatures of the name
 * with as many parameters as arguments are candidates (user functions and
 * built-ins alike, glsl_sema_lookup_functions).  An exact match of every
 * argument type wins.  Otherwise a candidate matches when each in
 * argument converts implicitly to its parameter's type and each out
 * parameter's type converts to its argument's type (inout: both ways);
 * exactly one such candidate must exist, more is an ambiguity error
 * ("it is a semantic error if there are multiple ways to apply these
 * conversions").  GLSL 1.10 and ESSL have no conversions, so only exact
 * matches count there.  In arguments get GLSL_AST_CONVERT nodes; out and
 * inout arguments must be l-values and are left as written (the
 * translation converts on the way back when the types differ).
 *
 * Calls of built-ins with constant arguments fold through
 * glsl_builtin_const_eval(); calls of user functions never do.
 *
 * Recursion (6.1, "not even statically"): every call inside a user
 * function body is an edge of the static call graph, kept as a set of
 * callees per caller.  Each new edge f -> g is checked at once: when g
 * reaches f, the edge closes a cycle and the call is reported.  Every
 * cycle has a last edge to be added, so every cycle is found, whatever
 * the order of definitions and prototypes, with no pass after the unit;
 * the cost is one graph search per distinct edge.
 */
#include <string.h>

#include "glsl_sema_expr_priv.h"
#include "util/u_arena.h"
#include "util/u_dynarray.h"
#include "util/u_hash.h"
#include "util/u_strbuf.h"

struct glsl_sema_expr_state {
   /** struct glsl_function_sig * (caller) -> struct u_set * of callees. */
   struct u_hash_table *callees;
   /** Scratch of reaches(): functions seen, and the search stack. */
   struct u_set *visited;
   struct u_dynarray stack;
};

static struct glsl_sema_expr_state *
expr_state(struct glsl_sema *s)
{
   if (s->expr_state)
      return s->expr_state;
   struct glsl_sema_expr_state *st = u_arena_zalloc(s->arena, sizeof(*st));
   if (!st)
      return NULL;
   st->callees = u_hash_table_create_pointer(s->arena);
   st->visited = u_set_create_pointer(s->arena);
   u_dynarray_init(&st->stack, s->arena);
   if (!st->callees || !st->visited)
      return NULL;
   s->expr_state = st;
   return st;
}

/* Whether @p target is reachable from @p from in the call graph. */
static bool
reaches(struct glsl_sema_expr_state *st, struct glsl_function_sig *from,
        const struct glsl_function_sig *target)
{
   u_set_clear(st->visited, NULL);
   u_dynarray_clear(&st->stack);
   struct glsl_function_sig **slot = u_dynarray_grow(&st->stack, sizeof(from));
   if (!slot)
      return false;
   *slot = from;
   u_set_add(st->visited, from);
   while (st->stack.size) {
      st->stack.size -= sizeof(from);
      struct glsl_function_sig *f = *(
         struct glsl_function_sig **)((char *)st->stack.data + st->stack.size);
      if (f == target)
         return true;
      struct u_hash_entry *e = u_hash_table_search(st->callees, f);
      if (!e)
         continue;
      struct u_set *callees = e->data;
      for (struct u_hash_entry *c = u_set_next_entry(callees, NULL); c;
           c = u_set_next_entry(callees, c)) {
         struct glsl_function_sig *g = (struct glsl_function_sig *)c->key;
         if (u_set_contains(st->visited, g))
            continue;
         u_set_add(st->visited, g);
         slot = u_dynarray_grow(&st->stack, sizeof(g));
         if (!slot)
            return false;
         *slot = g;
      }
   }
   return false;
}

/* Adds the edge (current function) -> @p callee; reports the call when
 * the edge closes a cycle. */
static void
record_call(struct glsl_sema *s, struct glsl_function_sig *callee,
            struct glsl_loc loc)
{
   struct glsl_function_sig *caller = s->function;
   if (!caller || callee->is_builtin)
      return;
   struct glsl_sema_expr_state *st = expr_state(s);
   if (!st)
      return;
   struct u_hash_entry *e = u_hash_table_search(st->callees, caller);
   struct u_set *set = e ? e->data : NULL;
   if (!set) {
      set = u_set_create_pointer(s->arena);
      if (!set || !u_hash_table_insert(st->callees, caller, set))
         return;
   }
   if (u_set_contains(set, callee))
      return;
   u_set_add(set, callee);
   if (reaches(st, callee, caller))
      glsl_sema_error(s, loc,
                      "recursive call to `%s' (recursion is not allowed, "
                      "not even statically)",
                      callee->function ? callee->function->name : "function");
}

static bool
is_out_param(const struct glsl_symbol *p)
{
   return p->storage == GLSL_STORAGE_PARAM_OUT ||
          p->storage == GLSL_STORAGE_PARAM_INOUT;
}

static bool
arg_matches(const struct glsl_sema *s, const struct glsl_symbol *p,
            const struct ir_type *at, bool exact)
{
   if (ir_type_equal(p->type, at))
      return true;
   if (exact)
      return false;
   bool in = p->storage != GLSL_STORAGE_PARAM_OUT;
   bool out = is_out_param(p);
   return (!in || glsl_sema_can_convert(s, at, p->type)) &&
          (!out || glsl_sema_can_convert(s, p->type, at));
}

static bool
sig_matches(const struct glsl_sema *s, const struct glsl_function_sig *sig,
            struct glsl_ast_node *node, bool exact)
{
   if (sig->num_params != node->call.num_args)
      return false;
   for (unsigned i = 0; i < sig->num_params; i++) {
      if (!arg_matches(s, sig->params[i], node->call.args[i]->expr.type, exact))
         return false;
   }
   return true;
}

static bool
same_params(const struct glsl_function_sig *a,
            const struct glsl_function_sig *b)
{
   if (a->num_params != b->num_params)
      return false;
   for (unsigned i = 0; i < a->num_params; i++) {
      if (!ir_type_equal(a->params[i]->type, b->params[i]->type))
         return false;
   }
   return true;
}

/* "f(int, vec2)" for messages. */
static const char *
call_text(struct glsl_sema *s, struct glsl_ast_node *node)
{
   struct u_strbuf b;
   u_strbuf_init(&b, s->arena);
   u_strbuf_appendf(&b, "%s(", node->call.name);
   for (unsigned i = 0; i < node->call.num_args; i++)
      u_strbuf_appendf(&b, "%s%s", i ? ", " : "",
                       sema_expr_type_name(s, node->call.args[i]->expr.type));
   u_strbuf_append(&b, ")");
   const char *text = u_strbuf_steal(&b);
   return text ? text : node->call.name;
}

static struct glsl_function_sig *
resolve(struct glsl_sema *s, struct glsl_ast_node *node,
        struct glsl_function_sig *sigs)
{
   for (struct glsl_function_sig *sig = sigs; sig; sig = sig->next) {
      if (sig_matches(s, sig, node, true))
         return sig;
   }
   struct glsl_function_sig *found = NULL;
   bool ambiguous = false;
   for (struct glsl_function_sig *sig = sigs; sig; sig = sig->next) {
      if (!sig_matches(s, sig, node, false))
         continue;
      if (found && !same_params(found, sig))
         ambiguous = true;
      if (!found)
         found = sig;
   }
   if (ambiguous) {
      glsl_sema_error(s, node->loc, "ambiguous call to `%s'",
                      call_text(s, node));
      return NULL;
   }
   if (!found)
      glsl_sema_error(s, node->loc, "no matching function for call to `%s'",
                      call_text(s, node));
   return found;
}

static void
fold_builtin(struct glsl_sema *s, struct glsl_ast_node *node,
             const struct glsl_function_sig *sig)
{
   struct ir_constant *args[GLSL_BUILTIN_MAX_ARGS];
   if (sig->num_params > GLSL_BUILTIN_MAX_ARGS)
      return;
   for (unsigned i = 0; i < sig->num_params; i++) {
      if (is_out_param(sig->params[i]) || !node->call.args[i]->expr.constant)
         return;
      args[i] = node->call.args[i]->expr.constant;
   }
   node->expr.constant = glsl_builtin_const_eval(sig, args, s->arena);
}

/* GLSL 1.30, 8.7: the offset of the texture functions "...Offset" (their
 * last integer parameter) "must be a constant expression". */
static bool
check_offset_constant(struct glsl_sema *s, struct glsl_ast_node *node,
                      const struct glsl_function_sig *sig)
{
   const char *name = node->call.name;
   size_t len = strlen(name);
   if (len < 6 || strcmp(name + len - 6, "Offset") != 0)
      return true;
   for (unsigned i = sig->num_params; i-- > 0;) {
      const struct ir_type *t = sig->params[i]->type;
      if (t->base != IR_TYPE_INT || !ir_type_is_vector_or_scalar(t))
         continue;
      if (node->call.args[i]->expr.constant)
         return true;
      glsl_sema_error(s, node->call.args[i]->loc,
                      "the offset argument of `%s' must be a constant "
                      "expression",
                      name);
      return false;
   }
   return true;
}

static const struct ir_type *
function_call(struct glsl_sema *s, struct glsl_ast_node *node)
{
   const char *name = node->call.name;
   bool failed = false;
   for (unsigned i = 0; i < node->call.num_args; i++)
      failed |= glsl_sema_is_error(glsl_sema_expr(s, &node->call.args[i]));
   if (failed)
      return glsl_sema_error_type();
   for (unsigned i = 0; i < node->call.num_args; i++) {
      if (!sema_expr_check_whole_array(s, node->call.args[i]))
         return glsl_sema_error_type();
   }

   struct glsl_function_sig *sigs = glsl_sema_lookup_functions(s, name);
   if (!sigs) {
      struct glsl_symbol *sym = glsl_sema_lookup(s, name);
      if (sym && sym->kind != GLSL_SYM_FUNCTION)
         glsl_sema_error(s, node->loc, "`%s' is not a function", name);
      else
         glsl_sema_error(s, node->loc, "no function with name `%s'", name);
      return glsl_sema_error_type();
   }
   struct glsl_function_sig *sig = resolve(s, node, sigs);
   if (!sig)
      return glsl_sema_error_type();

   bool ok = true;
   for (unsigned i = 0; i < sig->num_params; i++) {
      struct glsl_symbol *p = sig->params[i];
      if (is_out_param(p)) {
         const char *what = u_arena_asprintf(
            s->arena, "%s argument %u of `%s'",
            p->storage == GLSL_STORAGE_PARAM_OUT ? "out" : "inout", i + 1,
            name);
         ok &= glsl_sema_check_lvalue(s, node->call.args[i],
                                      what ? what : "out argument");
      } else {
         ok &= glsl_sema_convert(s, &node->call.args[i], p->type, "argument");
      }
   }
   if (!ok)
      return glsl_sema_error_type();

   if (sig->is_builtin && !check_offset_constant(s, node, sig))
      return glsl_sema_error_type();

   node->call.sig = sig;
   sig->called = true;
   record_call(s, sig, node->loc);
   if (sig->is_builtin)
      fold_builtin(s, node, sig);
   return sig->return_type ? sig->return_type : ir_type_get_void();
}

const struct ir_type *
sema_expr_call(struct glsl_sema *s, struct glsl_ast_node *node)
{
   node->call.sig = NULL;
   if (node->call.object)
      return sema_expr_length(s, node);
   if (node->call.type_spec) {
      const struct ir_type *t = glsl_sema_type_spec(s, node->call.type_spec);
      if (!t)
         t = glsl_sema_error_type();
      return sema_expr_constructor(s, node, t);
   }
   /* A struct name the parser did not know as one. */
   struct glsl_symbol *sym = glsl_sema_lookup(s, node->call.name);
   if (sym && sym->kind == GLSL_SYM_TYPE)
      return sema_expr_constructor(s, node, sym->type);
   if (sym && sym->kind == GLSL_SYM_VARIABLE) {
      for (unsigned i = 0; i < node->call.num_args; i++)
         glsl_sema_expr(s, &node->call.args[i]);
      glsl_sema_error(s, node->loc, "`%s' is a variable, not a function",
                      node->call.name);
      return glsl_sema_error_type();
   }
   return function_call(s, node);
}
