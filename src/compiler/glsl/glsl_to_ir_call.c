/* SPDX-License-Identifier: MIT */

/*
 * Function calls.
 *
 * User functions are inlined: the arguments are evaluated left to right
 * (in and inout ones read, out and inout ones resolved to places), each
 * parameter gets a fresh temporary that in and inout arguments are copied
 * to, the callee's body is translated at the call site with its
 * parameter symbols pointing at those temporaries, and out and inout
 * parameters are copied back in order afterwards (GLSL 4.60, 6.1.1).
 * The value of a return goes to a temporary of the return type.  How a
 * return leaves the body is in glsl_to_ir_stmt.c; a body needs the
 * wrapper loop unless its only return is its last statement.
 *
 * A sampler parameter gets no temporary: the call records the texture
 * slot of its argument (t2i_sampler_binding), which texture calls in the
 * body use.
 *
 * A struct parameter holding samplers gets its temporary for the other
 * members, and the call records the GL name of its uniform argument
 * ("s", "a[1]"): a texture call on a member of the parameter ("p.t")
 * then finds the slot of that argument's leaf ("s.t").
 *
 * A function that is declared but not defined in this shader (its body
 * is in another shader of the stage) gives undefined values when one
 * shader is compiled; at link time (t2i_translate_stage()) the call goes
 * to the definition of the same signature in the stage's shaders, and a
 * call that none defines is a link error.
 *
 * Built-in calls go to glsl_builtin_emit() with their argument values
 * and the texture slot of a sampler argument; out parameters are stored
 * back from what it returns.
 */
#include <stdio.h>
#include <string.h>

#include "glsl_to_ir_priv.h"

/* Calls nested deeper than this are an error (sema rejects recursion;
 * this only guards against a tree that slipped through). */
#define MAX_INLINE_DEPTH 64

static struct t2i_val
none(const struct ir_type *type)
{
   return (struct t2i_val){ .type = type ? type : ir_type_get_void() };
}

/* ---------------------------------------------------------------------- */
/* Samplers                                                               */
/* ---------------------------------------------------------------------- */

/* The GL name of the uniform argument bound to a struct parameter, or
 * NULL. */
static const char *
bound_path(const struct t2i *t, const struct glsl_symbol *sym)
{
   for (struct t2i_sampler_binding *sb = t->samplers; sb; sb = sb->next) {
      if (sb->sym == sym)
         return sb->path;
   }
   return NULL;
}

/* Writes the GL name of the path @p node ("s.t", "arr[1].t") to @p buf
 * (@p size bytes); returns its length, or 0 when @p node is not a path of
 * members and constant indices from a global variable (or from a struct
 * parameter bound to one) or the name does not fit. */
static size_t
path_name(const struct t2i *t, const struct glsl_ast_node *node, char *buf,
          size_t size)
{
   size_t len = 0;
   int n = -1;
   switch (node->kind) {
   case GLSL_AST_IDENTIFIER: {
      const struct glsl_symbol *sym = node->expr.symbol;
      const char *name = !sym             ? NULL
                         : sym->is_global ? sym->name
                                          : bound_path(t, sym);
      if (!name)
         return 0;
      n = snprintf(buf, size, "%s", name);
      break;
   }
   case GLSL_AST_FIELD:
      len = path_name(t, node->expr.operands[0], buf, size);
      if (len && node->expr.field_index >= 0)
         n = snprintf(buf + len, size - len, ".%s", node->expr.name);
      break;
   case GLSL_AST_INDEX: {
      const struct ir_constant *k = node->expr.operands[1]->expr.constant;
      len = path_name(t, node->expr.operands[0], buf, size);
      if (len && k)
         n = snprintf(buf + len, size - len, "[%u]", k->values[0].u32);
      break;
   }
   default:
      break;
   }
   if (n < 0 || (size_t)n >= size - len)
      return 0;
   return len + (size_t)n;
}

unsigned
t2i_sampler_slot(struct t2i *t, struct glsl_ast_node *node)
{
   /* A sampler inside a struct has a uniform variable of its own, named
    * as GL names the leaf (t2i_declare_sampler_leaves()). */
   if (node->kind == GLSL_AST_FIELD || node->kind == GLSL_AST_INDEX) {
      char name[256];
      if (path_name(t, node, name, sizeof(name))) {
         struct ir_variable *var = ir_shader_find_variable(t->ir, name);
         if (var && var->mode == IR_VAR_UNIFORM)
            return var->driver_location;
      }
   }
   switch (node->kind) {
   case GLSL_AST_IDENTIFIER: {
      struct glsl_symbol *sym = node->expr.symbol;
      if (!sym)
         return 0;
      for (struct t2i_sampler_binding *sb = t->samplers; sb; sb = sb->next) {
         if (sb->sym == sym)
            return sb->slot;
      }
      struct ir_variable *var = t2i_symbol_var(t, sym, node->loc);
      return var ? var->driver_location : 0;
   }
   case GLSL_AST_INDEX: {
      struct glsl_ast_node *idx = node->expr.operands[1];
      unsigned base = t2i_sampler_slot(t, node->expr.operands[0]);
      unsigned k = 0;
      if (idx->expr.constant)
         k = idx->expr.constant->values[0].u32;
      return base + k * t2i_flat_length(node->expr.type);
   }
   default:
      /* A member of a struct that is not a uniform (a function
       * parameter) or a dynamic index: no slot known. */
      return 0;
   }
}

static bool
contains_sampler(const struct ir_type *type)
{
   if (type->base == IR_TYPE_SAMPLER)
      return true;
   if (ir_type_is_array(type))
      return contains_sampler(type->element);
   if (ir_type_is_struct(type)) {
      for (unsigned i = 0; i < type->num_fields; i++) {
         if (contains_sampler(type->fields[i].type))
            return true;
      }
   }
   return false;
}

/* Walks @p type the way the linker names leaves (struct members "n.m",
 * arrays of structs or arrays "n[i]") and declares a uniform for each
 * sampler (or array of samplers) leaf. */
static void
declare_leaves(struct t2i *t, const char *name, const struct ir_type *type)
{
   if (ir_type_is_struct(type)) {
      for (unsigned i = 0; i < type->num_fields; i++) {
         const struct ir_struct_field *f = &type->fields[i];
         if (contains_sampler(f->type))
            declare_leaves(
               t, u_arena_asprintf(t->ir->arena, "%s.%s", name, f->name),
               f->type);
      }
      return;
   }
   if (ir_type_is_array(type) &&
       (ir_type_is_struct(type->element) || ir_type_is_array(type->element))) {
      for (unsigned i = 0; i < type->length; i++)
         declare_leaves(t, u_arena_asprintf(t->ir->arena, "%s[%u]", name, i),
                        type->element);
      return;
   }
   if (!name)
      return; /* out of memory: the leaf keeps slot 0 */
   /* Declared already by another shader of the stage (link time). */
   if (ir_shader_find_variable(t->ir, name))
      return;
   struct ir_variable *var =
      ir_variable_create(t->ir, IR_VAR_UNIFORM, type, name);
   if (var)
      var->read_only = true;
}

void
t2i_declare_sampler_leaves(struct t2i *t, const struct ir_variable *var)
{
   const struct ir_type *type = var->type;
   while (ir_type_is_array(type))
      type = type->element;
   /* Samplers and arrays of them are leaves already. */
   if (var->mode == IR_VAR_UNIFORM && ir_type_is_struct(type) &&
       contains_sampler(type))
      declare_leaves(t, var->name, var->type);
}

static bool
is_sampler(const struct ir_type *type)
{
   while (ir_type_is_array(type))
      type = type->element;
   return type->base == IR_TYPE_SAMPLER;
}

/* ---------------------------------------------------------------------- */
/* Inlining                                                               */
/* ---------------------------------------------------------------------- */

static unsigned
count_returns(const struct glsl_ast_node *n)
{
   if (!n)
      return 0;
   switch (n->kind) {
   case GLSL_AST_RETURN:
      return 1;
   case GLSL_AST_COMPOUND:
   case GLSL_AST_SWITCH: {
      unsigned c = 0;
      u_list_foreach (struct glsl_ast_node, s, &n->stmt.body, link)
         c += count_returns(s);
      return c;
   }
   case GLSL_AST_IF:
      return count_returns(n->stmt.then_stmt) +
             count_returns(n->stmt.else_stmt);
   case GLSL_AST_WHILE:
   case GLSL_AST_DO_WHILE:
   case GLSL_AST_FOR:
      return count_returns(n->stmt.then_stmt);
   default:
      return 0;
   }
}

static bool
needs_wrapper(const struct glsl_ast_node *body)
{
   unsigned n = count_returns(body);
   if (n == 0)
      return false;
   if (n > 1 || body->kind != GLSL_AST_COMPOUND ||
       u_list_is_empty(&body->stmt.body))
      return true;
   const struct glsl_ast_node *last =
      u_list_last(&body->stmt.body, struct glsl_ast_node, link);
   return last->kind != GLSL_AST_RETURN;
}

/* What a call does with one argument. */
struct arg {
   struct glsl_symbol *param;
   struct t2i_val value; /**< in / inout */
   struct t2i_ref ref;   /**< out / inout */
   bool has_ref;
   struct ir_variable *var;
};

static struct t2i_val
convert_numeric(struct t2i *t, struct t2i_val v, const struct ir_type *to)
{
   if (ir_type_is_vector_or_scalar(to) || ir_type_is_matrix(to))
      return t2i_convert(t, v, to);
   return v;
}

/* Evaluates the arguments of a call of @p params. */
static bool
eval_args(struct t2i *t, struct glsl_ast_node *call,
          struct glsl_symbol *const *params, struct arg *args)
{
   for (unsigned i = 0; i < call->call.num_args && !t->failed; i++) {
      struct glsl_ast_node *a = call->call.args[i];
      struct glsl_symbol *p = params[i];
      args[i].param = p;
      if (is_sampler(p->type))
         continue;
      if (p->storage == GLSL_STORAGE_PARAM_OUT ||
          p->storage == GLSL_STORAGE_PARAM_INOUT) {
         if (!t2i_ref(t, a, &args[i].ref))
            return false;
         args[i].has_ref = true;
         if (p->storage == GLSL_STORAGE_PARAM_OUT)
            continue;
         args[i].value = t2i_load_ref(t, &args[i].ref);
      } else {
         args[i].value = t2i_expr(t, a);
      }
      if (args[i].value.deref)
         args[i].value = t2i_materialize(t, args[i].value);
      args[i].value = convert_numeric(t, args[i].value, p->type);
   }
   return !t->failed;
}

static void
copy_back(struct t2i *t, struct arg *arg, struct t2i_val v)
{
   if (!arg->has_ref)
      return;
   t2i_store_ref(t, &arg->ref, convert_numeric(t, v, arg->ref.type));
}

bool
t2i_same_params(const struct glsl_function_sig *a,
                const struct glsl_function_sig *b)
{
   if (a->num_params != b->num_params)
      return false;
   for (unsigned i = 0; i < a->num_params; i++) {
      if (!a->params[i] || !b->params[i] ||
          !ir_type_equal(a->params[i]->type, b->params[i]->type))
         return false;
   }
   return true;
}

static bool
has_body(const struct glsl_function_sig *sig)
{
   return sig->definition && sig->definition->decl.func.body;
}

/* The signature whose body a call of @p sig runs: @p sig itself when its
 * shader defines it, else at link time the definition of the same
 * signature in a shader of the stage; NULL when there is none. */
static struct glsl_function_sig *
find_definition(const struct t2i *t, struct glsl_function_sig *sig)
{
   if (has_body(sig))
      return sig;
   const char *name = sig->function ? sig->function->name : NULL;
   for (unsigned i = 0; name && i < t->num_stage_shaders; i++) {
      const struct glsl_shader *sh = t->stage_shaders[i];
      for (unsigned f = 0; f < sh->num_functions; f++) {
         const struct glsl_symbol *fs = sh->functions[f];
         if (!fs || strcmp(fs->name, name) != 0)
            continue;
         for (struct glsl_function_sig *d = fs->sigs; d; d = d->next) {
            if (has_body(d) && t2i_same_params(d, sig))
               return d;
         }
      }
   }
   return NULL;
}

/* A call that no shader of the stage defines, at link time: it is an
 * error only if it is reachable (GLSL code may call an undefined function
 * in a branch that constant folding removes), so it stores to a marker
 * output that t2i_translate_stage() looks for after optimising. */
static void
mark_unresolved(struct t2i *t, const char *fname)
{
   const char *name =
      u_arena_asprintf(t->ir->arena, "%s%s", T2I_UNRESOLVED_PREFIX, fname);
   struct ir_variable *var = name ? ir_shader_find_variable(t->ir, name) : NULL;
   if (name && !var)
      var = ir_variable_create(t->ir, IR_VAR_SHADER_OUT,
                               ir_type_get_scalar(IR_TYPE_INT), name);
   if (!var) {
      t2i_fail(t, (struct glsl_loc){ 0 }, "out of memory");
      return;
   }
   ir_store_var(&t->b, var, ir_imm_int(&t->b, 0), 1);
}

static struct t2i_val
inline_call(struct t2i *t, struct glsl_ast_node *call,
            struct glsl_function_sig *sig)
{
   const struct ir_type *rtype = call->expr.type;
   struct glsl_function_sig *defined = find_definition(t, sig);
   const char *fname = sig->function ? sig->function->name : "?";
   if (!defined && t->log)
      mark_unresolved(t, fname);
   if (defined && !ir_type_equal(defined->return_type, sig->return_type)) {
      t2i_link_fail(t,
                    "function `%s' is declared with another return type "
                    "than it is defined with",
                    fname);
      return none(rtype);
   }
   if (defined)
      sig = defined;
   struct glsl_ast_node *def = sig->definition;
   if (!defined) {
      /* See the header comment. */
      struct t2i_val v = { .type = rtype };
      if (ir_type_is_vector_or_scalar(rtype) || ir_type_is_matrix(rtype)) {
         for (unsigned c = 0; c < rtype->matrix_columns; c++)
            v.col[c] = ir_undef(&t->b, rtype->vector_elements,
                                ir_base_type_bit_size(rtype->base));
      } else if (rtype->base != IR_TYPE_VOID) {
         struct ir_variable *tmp = t2i_temp(t, rtype, "undef");
         if (tmp)
            v.deref = ir_build_deref_var(&t->b, tmp);
      }
      return v;
   }
   if (t->depth >= MAX_INLINE_DEPTH) {
      t2i_fail(t, call->loc, "function calls nested too deeply");
      return none(rtype);
   }
   const struct glsl_ast_function *fn = &def->decl.func;
   unsigned n = call->call.num_args;
   if (n != fn->num_params) {
      t2i_fail(t, call->loc, "argument count mismatch");
      return none(rtype);
   }
   struct glsl_symbol **params =
      u_arena_zalloc_array(t->mem, n ? n : 1, sizeof(*params));
   struct arg *args = u_arena_zalloc_array(t->mem, n ? n : 1, sizeof(*args));
   if (!params || !args) {
      t2i_fail(t, call->loc, "out of memory");
      return none(rtype);
   }
   for (unsigned i = 0; i < n; i++) {
      params[i] = fn->params[i].symbol ? fn->params[i].symbol : sig->params[i];
      if (!params[i]) {
         t2i_fail(t, call->loc, "parameter without a symbol");
         return none(rtype);
      }
   }
   if (!eval_args(t, call, params, args))
      return none(rtype);

   /* Bind the parameters. */
   struct t2i_sampler_binding *saved_samplers = t->samplers;
   for (unsigned i = 0; i < n && !t->failed; i++) {
      struct glsl_symbol *p = params[i];
      if (is_sampler(p->type)) {
         struct t2i_sampler_binding *sb = u_arena_zalloc(t->mem, sizeof(*sb));
         if (!sb)
            continue;
         sb->sym = p;
         sb->slot = t2i_sampler_slot(t, call->call.args[i]);
         sb->next = t->samplers;
         t->samplers = sb;
         continue;
      }
      if (contains_sampler(p->type)) {
         char name[256];
         struct t2i_sampler_binding *sb = u_arena_zalloc(t->mem, sizeof(*sb));
         if (sb && path_name(t, call->call.args[i], name, sizeof(name))) {
            sb->sym = p;
            sb->path = u_arena_strdup(t->mem, name);
            sb->next = t->samplers;
            t->samplers = sb;
         }
      }
      args[i].var = t2i_temp(t, p->type, p->name ? p->name : "param");
      if (!args[i].var) {
         t2i_fail(t, call->loc, "out of memory");
         break;
      }
      if (p->storage != GLSL_STORAGE_PARAM_OUT)
         t2i_copy_to_deref(t, ir_build_deref_var(&t->b, args[i].var), p->type,
                           args[i].value);
   }
   for (unsigned i = 0; i < n; i++) {
      if (args[i].var)
         params[i]->ir_var = args[i].var;
   }

   struct t2i_frame frame = {
      .outer = t->frame,
      .saved_targets = t->targets,
   };
   if (rtype->base != IR_TYPE_VOID)
      frame.retval = t2i_temp(t, rtype, "ret");
   struct t2i_target wrapper = { .kind = T2I_TARGET_FUNCTION };
   struct ir_loop *loop = NULL;
   t->targets = NULL;
   if (needs_wrapper(fn->body)) {
      frame.wrapper = &wrapper;
      t->targets = &wrapper;
      loop = ir_push_loop(&t->b);
   }
   t->frame = &frame;
   t->depth++;
   t2i_stmt(t, fn->body);
   t->depth--;
   if (loop) {
      if (!t2i_block_ended(t))
         ir_jump(&t->b, IR_JUMP_BREAK);
      ir_pop_loop(&t->b, loop);
      if (frame.ret_flag) {
         ir_store_var(&t->b, frame.ret_flag, ir_imm_bool(&t->b, false), 1);
      }
   }
   t->frame = frame.outer;
   t->targets = frame.saved_targets;
   t->samplers = saved_samplers;
   if (t->failed)
      return none(rtype);

   for (unsigned i = 0; i < n; i++) {
      if (!args[i].has_ref || !args[i].var)
         continue;
      struct t2i_ref pref = { .deref = ir_build_deref_var(&t->b, args[i].var),
                              .type = args[i].var->type };
      copy_back(t, &args[i], t2i_load_ref(t, &pref));
   }
   if (!frame.retval)
      return none(rtype);
   struct t2i_ref rref = { .deref = ir_build_deref_var(&t->b, frame.retval),
                           .type = rtype };
   return t2i_load_ref(t, &rref);
}

/* ---------------------------------------------------------------------- */
/* Built-ins                                                              */
/* ---------------------------------------------------------------------- */

/* A sampler array indexed by a value that is no constant (a loop counter
 * the translation does not unroll, a uniform): GLSL before 4.00 allows
 * only constant indices, but Mesa accepts these and Piglit uses them.  A
 * tex instruction names one texture slot, so the call is expanded once
 * per element and the results selected by the index (an index out of
 * range, undefined in GLSL, reads element 0). */
struct dynamic_sampler {
   struct ir_def *index; /**< NULL: the slot is a constant */
   unsigned base, stride, length;
};

static bool
dynamic_sampler_index(struct t2i *t, struct glsl_ast_node *node,
                      struct dynamic_sampler *dyn)
{
   if (node->kind != GLSL_AST_INDEX || node->expr.operands[1]->expr.constant)
      return false;
   const struct ir_type *array = node->expr.operands[0]->expr.type;
   if (!array || !ir_type_is_array(array) || array->length == 0)
      return false;
   struct t2i_val i = t2i_expr(t, node->expr.operands[1]);
   if (i.deref)
      i = t2i_materialize(t, i);
   if (t->failed || !i.col[0])
      return false;
   dyn->index = i.col[0];
   dyn->base = t2i_sampler_slot(t, node->expr.operands[0]);
   dyn->stride = t2i_flat_length(node->expr.type);
   dyn->length = array->length;
   return true;
}

static bool
emit_builtin(struct t2i *t, struct glsl_builtin_call *bc,
             const struct dynamic_sampler *dyn)
{
   if (!dyn->index)
      return glsl_builtin_emit(&t->b, bc);
   struct ir_def *acc[4] = { NULL };
   for (unsigned k = 0; k < dyn->length; k++) {
      bc->texture_slot = dyn->base + k * dyn->stride;
      memset(bc->result, 0, sizeof(bc->result));
      if (!glsl_builtin_emit(&t->b, bc))
         return false;
      struct ir_def *is_k =
         k ? ir_ieq(&t->b, dyn->index, ir_imm_int(&t->b, (int32_t)k)) : NULL;
      for (unsigned c = 0; c < 4; c++) {
         struct ir_def *r = bc->result[c];
         if (!r)
            continue;
         if (!is_k) {
            acc[c] = r;
            continue;
         }
         static const unsigned xxxx[4] = { 0, 0, 0, 0 };
         struct ir_def *cond = ir_swizzle(&t->b, is_k, xxxx, r->num_components);
         acc[c] = ir_bcsel(&t->b, cond, r, acc[c]);
      }
   }
   memcpy(bc->result, acc, sizeof(acc));
   return true;
}

static struct t2i_val
builtin_call(struct t2i *t, struct glsl_ast_node *call,
             struct glsl_function_sig *sig)
{
   const struct ir_type *rtype = call->expr.type;
   unsigned n = call->call.num_args;
   if (n > GLSL_BUILTIN_MAX_ARGS || n != sig->num_params) {
      t2i_fail(t, call->loc, "built-in call with a bad argument count");
      return none(rtype);
   }
   struct arg args[GLSL_BUILTIN_MAX_ARGS];
   memset(args, 0, sizeof(args));
   if (!eval_args(t, call, sig->params, args))
      return none(rtype);

   struct glsl_builtin_call bc;
   memset(&bc, 0, sizeof(bc));
   bc.sig = sig;
   struct dynamic_sampler dyn = { 0 };
   for (unsigned i = 0; i < n; i++) {
      if (is_sampler(sig->params[i]->type)) {
         if (!dynamic_sampler_index(t, call->call.args[i], &dyn))
            bc.texture_slot = t2i_sampler_slot(t, call->call.args[i]);
         continue;
      }
      if (sig->params[i]->storage == GLSL_STORAGE_PARAM_OUT)
         continue;
      for (unsigned c = 0; c < 4; c++)
         bc.args[i][c] = args[i].value.col[c];
   }
   if (!emit_builtin(t, &bc, &dyn)) {
      char msg[160];
      snprintf(msg, sizeof(msg), "built-in function %s is not supported",
               sig->function && sig->function->name ? sig->function->name
                                                    : "?");
      t2i_fail(t, call->loc, msg);
      return none(rtype);
   }
   for (unsigned i = 0; i < n; i++) {
      struct glsl_symbol *p = sig->params[i];
      if (!args[i].has_ref || !bc.out_values[i][0])
         continue;
      struct t2i_val v = { .type = p->type };
      for (unsigned c = 0; c < 4; c++)
         v.col[c] = bc.out_values[i][c];
      copy_back(t, &args[i], v);
   }
   struct t2i_val r = { .type = rtype };
   for (unsigned c = 0; c < 4; c++)
      r.col[c] = bc.result[c];
   return r;
}

struct t2i_val
t2i_call(struct t2i *t, struct glsl_ast_node *call)
{
   struct glsl_function_sig *sig = call->call.sig;
   if (!sig) {
      t2i_fail(t, call->loc, "call without a resolved function");
      return none(call->expr.type);
   }
   if (sig->is_builtin)
      return builtin_call(t, call, sig);
   sig->called = true;
   return inline_call(t, call, sig);
}
