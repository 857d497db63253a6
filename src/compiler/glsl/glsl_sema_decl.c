/* SPDX-License-Identifier: MIT */

/*
 * Declarations: variables (global and local), functions (prototypes and
 * definitions, with their overloads) and qualifier-only declarations
 * ("invariant x;", "layout(std140) uniform;", "layout(triangles) in;").
 *
 * A variable's name becomes visible after its initializer (GLSL 1.10,
 * 4.2.2 / 4.60, 4.2.2), so "int x = x;" reads an outer x: the initializer
 * is analysed before the symbol is declared.  Functions are declared in
 * the global scope before their body is analysed; two declarations with
 * the same parameter types are the same function and must agree on the
 * return type and the parameter qualifiers, and at most one may have a
 * body.  A function's parameters and its body's outermost statements
 * share one scope.
 */
#include <string.h>

#include "glsl_sema_decl.h"
#include "util/u_arena.h"

static bool
reserved_name(struct glsl_sema *s, struct glsl_loc loc, const char *name)
{
   if (name && strncmp(name, "gl_", 3) == 0) {
      glsl_sema_error(s, loc, "identifier '%s' uses the reserved prefix gl_",
                      name);
      return true;
   }
   return false;
}

static bool
is_constant(const struct glsl_ast_node *n)
{
   return n && glsl_ast_is_expr(n) && n->expr.constant != NULL;
}

/* Sizing an unsized array by a later declaration: GLSL 1.10, 4.1.9 "an
 * array may be redeclared with a size" in the same scope. */
static bool
resize_array(struct glsl_sema *s, struct glsl_symbol *old,
             struct glsl_ast_declarator *dc, const struct ir_type *t,
             const struct sema_qual *q)
{
   if (!old || old->kind != GLSL_SYM_VARIABLE || !old->type ||
       !ir_type_is_array(old->type) ||
       !(old->implicitly_sized || old->type->length == 0) ||
       !ir_type_is_array(t) || (t->length == 0 && !dc->initializer) ||
       s->env.es)
      return false;
   if (!ir_type_equal(old->type->element, t->element) ||
       old->storage != q->storage)
      return false;
   if (dc->initializer) {
      const struct ir_type *it = glsl_sema_initializer(s, &dc->initializer, t);
      if (glsl_sema_is_error(it))
         return true;
      if (t->length == 0)
         t = it;
      if (!ir_type_is_array(t) || t->length == 0)
         return true;
   }
   /* The expression half grows an implicitly sized array to its largest
    * constant index; the new size must hold those. */
   if (t->length < old->type->length) {
      glsl_sema_error(s, dc->loc,
                      "array '%s' redeclared with size %u, but "
                      "index %u was used",
                      dc->name, t->length, old->type->length - 1);
      return true;
   }
   old->type = t;
   old->implicitly_sized = false;
   return true;
}

static void
fill_symbol(struct glsl_sema *s, struct glsl_symbol *sym,
            const struct sema_qual *q, const struct ir_type *t, bool global)
{
   sym->type = t;
   sym->storage = q->storage;
   sym->interp = q->interp;
   sym->interp_explicit = q->interp_explicit;
   sym->centroid = q->centroid;
   sym->invariant = q->invariant;
   sym->is_global = global;
   sym->location = q->location;
   sym->index = q->index;
   sym->binding = q->binding;
   sym->precision = q->precision;
   if (sym->storage == GLSL_STORAGE_OUT && s->shader->pp.invariant_all)
      sym->invariant = true;
   sym->implicitly_sized = ir_type_is_array(t) && t->length == 0;
}

static void
declarator(struct glsl_sema *s, struct glsl_ast_node *node,
           struct glsl_ast_declarator *dc, const struct sema_qual *q,
           const struct ir_type *bt, bool global)
{
   /* ESSL 1.00 has no unsized arrays; ESSL 3.00 only with an
    * initializer. */
   bool allow_unsized =
      !s->env.es || (s->env.version >= 300 && dc->initializer);
   const struct ir_type *t = sema_apply_array(s, bt, dc->array, allow_unsized);
   if (dc->array && ir_type_is_array(bt) && !glsl_sema_is_error(t))
      t = glsl_sema_error_type();

   if (global && dc->name && strncmp(dc->name, "gl_", 3) == 0) {
      if (sema_redeclare_builtin(s, node, dc, q, t))
         return;
   }
   if (q->origin_upper_left || q->pixel_center_integer) {
      glsl_sema_error(s, dc->loc,
                      "origin_upper_left and pixel_center_integer "
                      "only apply to gl_FragCoord");
      return;
   }
   if (reserved_name(s, dc->loc, dc->name))
      return;

   if (!glsl_sema_is_error(t)) {
      sema_check_var_type_qual(s, dc->loc, q, t, false);
      if (global && q->storage == GLSL_STORAGE_IN &&
          s->env.stage == IR_STAGE_GEOMETRY)
         t = sema_gs_input_array(s, dc->loc, t);
   }

   struct glsl_symbol *old = sema_lookup_local(s, dc->name);
   if (resize_array(s, old, dc, t, q)) {
      dc->symbol = old;
      return;
   }

   struct glsl_symbol *sym =
      sema_new_symbol(s, GLSL_SYM_VARIABLE, dc->name, dc->loc);
   if (!sym)
      return;
   fill_symbol(s, sym, q, t, global);

   if (dc->initializer) {
      bool bad = false;
      if (q->storage == GLSL_STORAGE_IN || q->storage == GLSL_STORAGE_OUT) {
         glsl_sema_error(s, dc->loc,
                         "shader inputs and outputs cannot be "
                         "initialized");
         bad = true;
      } else if (q->storage == GLSL_STORAGE_UNIFORM &&
                 !glsl_sema_version(s, 120, 0)) {
         glsl_sema_error(s, dc->loc,
                         "uniforms can only be initialized from "
                         "GLSL 1.20 on (and never in ESSL)");
         bad = true;
      } else if (dc->initializer->kind == GLSL_AST_INIT_LIST &&
                 !glsl_sema_version(s, 420, 0)) {
         glsl_sema_error(s, dc->loc, "initializer lists need GLSL 4.20");
         bad = true;
      }
      if (!bad && !glsl_sema_is_error(t)) {
         const struct ir_type *it =
            glsl_sema_initializer(s, &dc->initializer, t);
         if (!glsl_sema_is_error(it)) {
            if (ir_type_is_array(t) && t->length == 0 && ir_type_is_array(it)) {
               sym->type = it;
               sym->implicitly_sized = false;
            }
            bool need_const = q->is_const ||
                              q->storage == GLSL_STORAGE_UNIFORM ||
                              (global && s->env.es);
            if (need_const && !is_constant(dc->initializer)) {
               glsl_sema_error(s, dc->loc,
                               "initializer of %s '%s' must be a "
                               "constant expression",
                               q->is_const ? "const variable"
                               : q->storage == GLSL_STORAGE_UNIFORM
                                  ? "uniform"
                                  : "global variable",
                               dc->name);
            } else if (q->is_const || q->storage == GLSL_STORAGE_UNIFORM) {
               sym->constant_value = dc->initializer->expr.constant;
            }
         }
      }
   } else if (q->is_const) {
      glsl_sema_error(s, dc->loc, "const variable '%s' must be initialized",
                      dc->name);
   }

   dc->symbol = sym;
   if (!glsl_sema_declare(s, sym))
      return;
   if (global &&
       (q->storage == GLSL_STORAGE_IN || q->storage == GLSL_STORAGE_OUT ||
        q->storage == GLSL_STORAGE_UNIFORM))
      sema_add_global(s, sym);
}

void
sema_decl_variables(struct glsl_sema *s, struct glsl_ast_node *node,
                    bool global)
{
   struct glsl_ast_decl *d = &node->decl;
   struct sema_qual q;
   bool qok = sema_check_qual(s, &d->qual,
                              global ? SEMA_QUAL_GLOBAL : SEMA_QUAL_LOCAL, &q);
   if (!qok) {
      /* Declare the names anyway, as plain variables, so that later uses
       * do not add "undeclared" errors. */
      struct glsl_ast_qualifier none = { .loc = d->qual.loc };
      sema_check_qual(s, &none, SEMA_QUAL_LOCAL, &q);
   }
   const struct ir_type *bt = glsl_sema_type_spec(s, d->type_spec);
   if (d->num_declarators == 0) {
      if (d->type_spec && d->type_spec->struct_def) {
         if (d->qual.flags & ~GLSL_Q_PRECISION)
            glsl_sema_warning(s, node->loc,
                              "qualifiers on a structure "
                              "definition without declarators are ignored");
         if (d->qual.flags & GLSL_Q_PRECISION)
            sema_check_precision(s, node->loc, bt, d->qual.precision);
      } else if (!glsl_sema_is_error(bt)) {
         glsl_sema_warning(s, node->loc, "empty declaration");
      }
      return;
   }
   if (glsl_sema_is_error(bt)) {
      /* Still declare the names, with the error type. */
   } else if (bt->base == IR_TYPE_VOID) {
      glsl_sema_error(s, node->loc, "variables cannot be declared void");
      bt = glsl_sema_error_type();
   } else {
      if (sema_type_contains_sampler(bt) && q.storage != GLSL_STORAGE_UNIFORM &&
          qok) {
         glsl_sema_error(s, node->loc,
                         "samplers can only be uniforms or "
                         "function parameters");
      }
      sema_check_precision(s, node->loc, bt, q.precision);
   }

   for (unsigned i = 0; i < d->num_declarators; i++)
      declarator(s, node, &d->declarators[i], &q, bt, global);
}

/* ---- Functions ---- */

static bool
same_params(const struct glsl_function_sig *sig, struct glsl_symbol **params,
            unsigned n)
{
   if (sig->num_params != n)
      return false;
   for (unsigned i = 0; i < n; i++) {
      if (!ir_type_equal(sig->params[i]->type, params[i]->type))
         return false;
   }
   return true;
}

static struct glsl_symbol *
make_param(struct glsl_sema *s, struct glsl_ast_param *p, bool *ok)
{
   struct sema_qual q;
   if (!sema_check_qual(s, &p->qual, SEMA_QUAL_PARAM, &q))
      *ok = false;
   const struct ir_type *t = glsl_sema_type_spec(s, p->type_spec);
   if (!glsl_sema_is_error(t) && t->base == IR_TYPE_VOID) {
      glsl_sema_error(s, p->loc, "function parameters cannot be void");
      t = glsl_sema_error_type();
   }
   if (p->array && !glsl_sema_is_error(t)) {
      t = sema_apply_array(s, t, p->array, false);
      if (ir_type_is_array(t) && !glsl_sema_version(s, 120, 100) &&
          q.storage != GLSL_STORAGE_PARAM_IN &&
          q.storage != GLSL_STORAGE_CONST) {
         glsl_sema_error(s, p->loc,
                         "out and inout array parameters need "
                         "GLSL 1.20");
      }
   }
   if (ir_type_is_array(t) && t->length == 0) {
      glsl_sema_error(s, p->loc, "array parameters must have a size");
      t = glsl_sema_error_type();
   }
   if (sema_type_contains_sampler(t) && q.storage != GLSL_STORAGE_PARAM_IN &&
       q.storage != GLSL_STORAGE_CONST) {
      glsl_sema_error(s, p->loc,
                      "samplers cannot be out or inout "
                      "parameters");
   }
   if (!glsl_sema_is_error(t))
      sema_check_precision(s, p->loc, t, q.precision);
   if (p->name)
      reserved_name(s, p->loc, p->name);

   struct glsl_symbol *sym =
      sema_new_symbol(s, GLSL_SYM_VARIABLE, p->name, p->loc);
   if (!sym)
      return NULL;
   sym->type = t;
   sym->storage = q.storage;
   sym->precision = q.precision;
   p->symbol = sym;
   return sym;
}

static const char *
param_mode(const struct glsl_symbol *p)
{
   switch (p->storage) {
   case GLSL_STORAGE_PARAM_OUT:
      return "out";
   case GLSL_STORAGE_PARAM_INOUT:
      return "inout";
   case GLSL_STORAGE_CONST:
      return "const in";
   default:
      return "in";
   }
}

static void
function_body(struct glsl_sema *s, struct glsl_function_sig *sig,
              struct glsl_ast_function *f)
{
   struct glsl_function_sig *outer = s->function;
   s->function = sig;
   glsl_sema_push_scope(s);
   for (unsigned i = 0; i < sig->num_params; i++) {
      if (sig->params[i]->name)
         glsl_sema_declare(s, sig->params[i]);
   }
   /* The body's outermost block shares the parameters' scope. */
   if (f->body->kind == GLSL_AST_COMPOUND) {
      u_list_foreach (struct glsl_ast_node, st, &f->body->stmt.body, link)
         glsl_sema_stmt(s, st);
   } else {
      glsl_sema_stmt(s, f->body);
   }
   glsl_sema_pop_scope(s);
   s->function = outer;
}

void
sema_decl_function(struct glsl_sema *s, struct glsl_ast_node *node)
{
   struct glsl_ast_function *f = &node->decl.func;
   struct sema_ctx *c = sema_ctx(s);
   if (!sema_is_global_scope(s)) {
      glsl_sema_error(s, node->loc,
                      "functions can only be declared at "
                      "global scope");
      return;
   }
   if (!f->name)
      return;

   bool ok = true;
   if (f->return_qual.flags & ~GLSL_Q_PRECISION) {
      glsl_sema_error(s, node->loc,
                      "function return types can only have a "
                      "precision qualifier");
      ok = false;
   }
   const struct ir_type *rt = glsl_sema_type_spec(s, f->return_type);
   if (glsl_sema_is_error(rt)) {
      ok = false;
   } else {
      if (ir_type_is_array(rt) && rt->length == 0) {
         glsl_sema_error(s, node->loc,
                         "functions cannot return unsized "
                         "arrays");
         ok = false;
      }
      if (sema_type_contains_sampler(rt)) {
         /* GLSL 1.10, 4.1.7: samplers are only uniforms and parameters. */
         glsl_sema_error(s, node->loc, "functions cannot return samplers");
         ok = false;
      }
      if (rt->base != IR_TYPE_VOID)
         sema_check_precision(s, node->loc, rt, f->return_qual.precision);
   }

   unsigned n = f->num_params;
   if (n == 1 && !f->params[0].name && !f->params[0].array &&
       f->params[0].type_spec && f->params[0].type_spec->name &&
       strcmp(f->params[0].type_spec->name, "void") == 0 &&
       !f->params[0].type_spec->array && !f->params[0].qual.flags)
      n = 0;
   struct glsl_symbol **params =
      n ? u_arena_zalloc_array(s->arena, n, sizeof(*params)) : NULL;
   if (n && !params)
      return;
   for (unsigned i = 0; i < n; i++) {
      params[i] = make_param(s, &f->params[i], &ok);
      if (!params[i])
         return;
      if (glsl_sema_is_error(params[i]->type))
         ok = false;
      for (unsigned j = 0; j < i; j++) {
         if (params[i]->name && params[j]->name &&
             strcmp(params[i]->name, params[j]->name) == 0) {
            glsl_sema_error(s, f->params[i].loc,
                            "duplicate parameter name "
                            "'%s'",
                            params[i]->name);
            ok = false;
         }
      }
   }

   if (strcmp(f->name, "main") == 0 && ok &&
       (rt->base != IR_TYPE_VOID || n != 0)) {
      glsl_sema_error(s, node->loc,
                      "main() must be declared as void main() "
                      "with no parameters");
      ok = false;
   }
   if (reserved_name(s, node->loc, f->name))
      return;
   /* GLSL 1.30, 8: "redeclaring or overloading a built-in function is an
    * error" (also ESSL); GLSL 1.10 / 1.20 let a user function hide the
    * built-ins of its name. */
   if (glsl_sema_version(s, 130, 100) &&
       glsl_builtin_func_exists(f->name, &s->env)) {
      glsl_sema_error(s, node->loc,
                      "redeclaration or overload of built-in "
                      "function '%s'",
                      f->name);
      return;
   }

   struct glsl_symbol *sym = sema_lookup_local(s, f->name);
   if (sym && sym->kind != GLSL_SYM_FUNCTION) {
      glsl_sema_error(s, node->loc, "'%s' is already declared as a %s", f->name,
                      sym->kind == GLSL_SYM_TYPE ? "type" : "variable");
      return;
   }
   if (!sym) {
      sym = sema_new_symbol(s, GLSL_SYM_FUNCTION, f->name, node->loc);
      if (!sym || !glsl_sema_declare(s, sym))
         return;
      u_dynarray_append(&c->functions, struct glsl_symbol *, sym);
   }
   if (!ok) {
      /* Keep the name so that calls do not cascade, but do not analyse a
       * body whose signature is broken. */
      return;
   }

   struct glsl_function_sig *sig = NULL, **tail = &sym->sigs;
   for (struct glsl_function_sig *it = sym->sigs; it; it = it->next) {
      if (same_params(it, params, n))
         sig = it;
      tail = &it->next;
   }
   if (sig) {
      if (!ir_type_equal(sig->return_type, rt)) {
         glsl_sema_error(s, node->loc,
                         "function '%s' redeclared with a "
                         "different return type",
                         f->name);
         return;
      }
      if (s->env.es && sig->return_precision != f->return_qual.precision) {
         glsl_sema_error(s, node->loc,
                         "function '%s' redeclared with a "
                         "different return precision",
                         f->name);
         return;
      }
      for (unsigned i = 0; i < n; i++) {
         if (sig->params[i]->storage != params[i]->storage) {
            glsl_sema_error(s, f->params[i].loc,
                            "parameter %u of '%s' "
                            "redeclared as %s (was %s)",
                            i + 1, f->name, param_mode(params[i]),
                            param_mode(sig->params[i]));
            return;
         }
      }
      /* ESSL 1.00, 4.2.7: "a function may only be declared once" (a
       * prototype and then the definition is fine). */
      if (s->env.es && s->env.version == 100 && !f->body && !sig->definition) {
         glsl_sema_error(s, node->loc, "function '%s' declared twice", f->name);
         return;
      }
      if (f->body && sig->definition) {
         glsl_sema_error(s, node->loc,
                         "redefinition of function '%s' "
                         "(first defined at line %u)",
                         f->name, sig->definition->loc.line);
         return;
      }
   } else {
      sig = u_arena_zalloc(s->arena, sizeof(*sig));
      if (!sig)
         return;
      sig->function = sym;
      sig->loc = node->loc;
      sig->return_type = rt;
      sig->return_precision = f->return_qual.precision;
      *tail = sig;
   }
   f->sig = sig;
   if (f->body) {
      sig->params = params;
      sig->num_params = n;
      sig->definition = node;
      function_body(s, sig, f);
   } else if (!sig->definition) {
      sig->params = params;
      sig->num_params = n;
   }
}

/* ---- Qualifier-only declarations ---- */

static void
invariant_decl(struct glsl_sema *s, struct glsl_ast_node *node)
{
   struct glsl_ast_decl *d = &node->decl;
   if (!sema_is_global_scope(s)) {
      glsl_sema_error(s, node->loc,
                      "invariant declarations are only "
                      "allowed at global scope");
      return;
   }
   if (d->qual.flags != GLSL_Q_INVARIANT) {
      glsl_sema_error(s, node->loc,
                      "only 'invariant' can re-qualify "
                      "declared variables");
      return;
   }
   for (unsigned i = 0; i < d->num_declarators; i++) {
      struct glsl_ast_declarator *dc = &d->declarators[i];
      struct glsl_symbol *sym = sema_lookup_local(s, dc->name);
      if (!sym && dc->name)
         sym = sema_builtin_var(s, dc->name);
      if (!sym || sym->kind != GLSL_SYM_VARIABLE) {
         glsl_sema_error(s, dc->loc, "'%s' is not a declared variable",
                         dc->name ? dc->name : "");
         continue;
      }
      bool is_out = sym->storage == GLSL_STORAGE_OUT;
      bool frag_in = (sym->storage == GLSL_STORAGE_IN ||
                      sym->storage == GLSL_STORAGE_SYSTEM_VALUE) &&
                     sema_invariant_input_ok(s);
      if (!is_out && !frag_in) {
         glsl_sema_error(s, dc->loc,
                         "'%s' is not a shader output and "
                         "cannot be invariant",
                         sym->name);
         continue;
      }
      /* ESSL 1.00, 4.6.4: "It is an error to declare gl_FrontFacing as
       * invariant" (its invariance is that of gl_Position). */
      if (s->env.es && sym->builtin &&
          strcmp(sym->name, "gl_FrontFacing") == 0) {
         glsl_sema_error(s, dc->loc, "gl_FrontFacing cannot be invariant");
         continue;
      }
      if (sym->used || sym->assigned) {
         glsl_sema_error(s, dc->loc,
                         "'%s' cannot be made invariant after "
                         "its first use",
                         sym->name);
         continue;
      }
      sym->invariant = true;
      dc->symbol = sym;
      if (sym->builtin)
         sema_add_global(s, sym);
   }
}

void
sema_decl_qualifier(struct glsl_sema *s, struct glsl_ast_node *node)
{
   struct glsl_ast_decl *d = &node->decl;
   struct sema_ctx *c = sema_ctx(s);
   if (d->num_declarators > 0) {
      invariant_decl(s, node);
      return;
   }
   if (!(d->qual.flags & GLSL_Q_LAYOUT)) {
      glsl_sema_error(s, node->loc, "declaration without a type or layout");
      return;
   }
   if (!sema_is_global_scope(s)) {
      glsl_sema_error(s, node->loc,
                      "default layouts are only allowed at "
                      "global scope");
      return;
   }
   struct sema_qual q;
   if (!sema_check_qual(s, &d->qual, SEMA_QUAL_DEFAULT, &q))
      return;
   uint32_t st = d->qual.flags & (GLSL_Q_UNIFORM | GLSL_Q_IN | GLSL_Q_OUT);
   if (st == GLSL_Q_UNIFORM) {
      if (d->qual.num_layout && q.packing != IR_PACKING_NONE)
         c->default_packing = q.packing;
      if (q.has_matrix_layout)
         c->default_row_major = q.row_major;
      return;
   }
   struct glsl_shader *sh = s->shader;
   if (s->env.stage == IR_STAGE_GEOMETRY && st == GLSL_Q_IN) {
      if (q.prim < 0) {
         glsl_sema_error(s, node->loc,
                         "geometry shader input layouts need "
                         "a primitive type");
         return;
      }
      sema_gs_set_input_prim(s, node->loc, q.prim);
      return;
   }
   if (s->env.stage == IR_STAGE_GEOMETRY && st == GLSL_Q_OUT) {
      if (q.prim >= 0) {
         if (sh->gs_output_prim >= 0 && sh->gs_output_prim != q.prim) {
            glsl_sema_error(s, node->loc,
                            "conflicting geometry shader "
                            "output primitive types");
            return;
         }
         sh->gs_output_prim = q.prim;
      }
      if (q.max_vertices >= 0) {
         if (sh->gs_max_vertices >= 0 &&
             sh->gs_max_vertices != q.max_vertices) {
            glsl_sema_error(s, node->loc, "conflicting max_vertices values");
            return;
         }
         sh->gs_max_vertices = q.max_vertices;
      }
      return;
   }
   glsl_sema_error(s, node->loc,
                   "this layout qualifier is not allowed "
                   "without a declaration");
}
