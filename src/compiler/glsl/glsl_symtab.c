/* SPDX-License-Identifier: MIT */

/*
 * The symbol table of semantic analysis: a chain of scopes, innermost
 * first, each a hash table from names to symbols.
 *
 * Variables, struct types and functions share one name space per scope
 * (GLSL 4.60, 4.2.7; GLSL 1.10, 4.2.6); interface block names have a name
 * space of their own, at global scope only.  Built-ins live beyond the
 * global scope: a name that no scope declares is looked up in the
 * generated built-in tables, and the symbol made for it is cached so that
 * every use sees the same one.  A built-in variable that is looked up is
 * "used" and joins the shader's global interface when it is an input,
 * output or uniform.
 *
 * Each scope also holds the default precisions (ESSL 1.00, 4.5.3) that a
 * precision statement declared in it; lookups go outwards, the global
 * scope holding the predefined defaults of the stage.
 */
#include <string.h>

#include "glsl_sema_decl.h"
#include "util/u_arena.h"
#include "util/u_hash.h"

void
glsl_sema_push_scope(struct glsl_sema *s)
{
   struct glsl_scope *sc = u_arena_zalloc(s->arena, sizeof(*sc));
   if (!sc)
      return;
   sc->names = u_hash_table_create_string(s->arena);
   sc->parent = s->scope;
   if (!sc->parent) {
      sc->blocks = u_hash_table_create_string(s->arena);
      /* ESSL 1.00 / 3.00, 4.5.3 / 4.5.4: the predefined global default
       * precisions.  The vertex stage has float and int highp; the
       * fragment stage none for float. */
      if (s->env.es) {
         if (s->env.stage == IR_STAGE_VERTEX)
            sc->prec[SEMA_PREC_FLOAT] = GLSL_PRECISION_HIGH;
         else
            sc->prec[SEMA_PREC_FLOAT] = GLSL_PRECISION_NONE;
         sc->prec[SEMA_PREC_INT] = s->env.stage == IR_STAGE_VERTEX
                                      ? GLSL_PRECISION_HIGH
                                      : GLSL_PRECISION_MEDIUM;
         sc->prec[SEMA_PREC_SAMPLER2D] = GLSL_PRECISION_LOW;
         sc->prec[SEMA_PREC_SAMPLERCUBE] = GLSL_PRECISION_LOW;
         /* ESSL 3.00, 4.5.4: the other sampler types have no default;
          * Indium gives them lowp rather than failing valid code that
          * the specification's authors meant to work. */
         sc->prec[SEMA_PREC_OTHER_SAMPLER] = GLSL_PRECISION_LOW;
      }
   }
   s->scope = sc;
}

void
glsl_sema_pop_scope(struct glsl_sema *s)
{
   if (s->scope)
      s->scope = s->scope->parent;
}

bool
sema_is_global_scope(struct glsl_sema *s)
{
   return s->scope && !s->scope->parent;
}

static const char *
kind_name(const struct glsl_symbol *sym)
{
   switch (sym->kind) {
   case GLSL_SYM_FUNCTION:
      return "function";
   case GLSL_SYM_TYPE:
      return "structure";
   case GLSL_SYM_BLOCK:
      return "block";
   default:
      return "variable";
   }
}

bool
glsl_sema_declare(struct glsl_sema *s, struct glsl_symbol *sym)
{
   if (!s->scope || !s->scope->names || !sym || !sym->name)
      return false;
   struct u_hash_entry *e = u_hash_table_search(s->scope->names, sym->name);
   if (e) {
      const struct glsl_symbol *old = e->data;
      glsl_sema_error(s, sym->loc,
                      "redefinition of '%s' (already declared "
                      "as a %s at line %u)",
                      sym->name, kind_name(old), old->loc.line);
      return false;
   }
   /* GLSL 1.50, 4.3.7: a block name cannot be used for another global
    * name. */
   if (!s->scope->parent && s->scope->blocks &&
       u_hash_table_search(s->scope->blocks, sym->name)) {
      glsl_sema_error(s, sym->loc,
                      "'%s' is already the name of an "
                      "interface block",
                      sym->name);
      return false;
   }
   return u_hash_table_insert(s->scope->names, sym->name, sym) != NULL;
}

/** The symbol @p name declared in the innermost scope, or NULL. */
struct glsl_symbol *
sema_lookup_local(struct glsl_sema *s, const char *name)
{
   if (!s->scope || !s->scope->names || !name)
      return NULL;
   struct u_hash_entry *e = u_hash_table_search(s->scope->names, name);
   return e ? e->data : NULL;
}

static struct glsl_symbol *
lookup_scopes(struct glsl_sema *s, const char *name)
{
   for (struct glsl_scope *sc = s->scope; sc; sc = sc->parent) {
      if (!sc->names)
         continue;
      struct u_hash_entry *e = u_hash_table_search(sc->names, name);
      if (e)
         return e->data;
   }
   return NULL;
}

struct glsl_symbol *
sema_builtin_var(struct glsl_sema *s, const char *name)
{
   if (!name || sema_pervertex_hidden(s, name))
      return NULL;
   struct u_hash_entry *e = u_hash_table_search(s->builtin_vars, name);
   if (e)
      return e->data;

   if (sema_pervertex_hidden(s, name))
      return NULL;
   const struct glsl_builtin_var *bv = glsl_builtin_var_lookup(name, &s->env);
   if (!bv)
      return NULL;
   const struct ir_type *type = glsl_builtin_var_type(bv, &s->env, s->arena);
   if (!type)
      return NULL;
   struct glsl_loc loc = { 0, 0, 0 };
   struct glsl_symbol *sym =
      sema_new_symbol(s, GLSL_SYM_VARIABLE, bv->name, loc);
   if (!sym)
      return NULL;
   sym->type = type;
   sym->storage = bv->storage;
   sym->builtin = bv;
   sym->is_global = true;
   sym->precision = bv->precision;
   sym->implicitly_sized = ir_type_is_array(type) && type->length == 0;
   if (bv->kind == GLSL_BUILTIN_CONSTANT) {
      sym->storage = GLSL_STORAGE_CONST;
      sym->constant_value = glsl_builtin_var_constant(bv, &s->env, s->arena);
   }
   if (bv->kind == GLSL_BUILTIN_VARYING && bv->storage == GLSL_STORAGE_IN &&
       s->env.stage == IR_STAGE_FRAGMENT)
      sym->interp = IR_INTERP_SMOOTH;
   sema_gs_size_builtin(s, sym);
   u_hash_table_insert(s->builtin_vars, sym->name, sym);
   return sym;
}

/* The built-in signatures of @p name (made once and cached). */
static struct glsl_function_sig *
builtin_sigs(struct glsl_sema *s, const char *name)
{
   struct u_hash_entry *e = u_hash_table_search(s->builtin_funcs, name);
   if (e)
      return e->data;
   struct glsl_function_sig *sigs =
      glsl_builtin_func_lookup(name, &s->env, s->arena);
   if (!sigs)
      return NULL;
   u_hash_table_insert(s->builtin_funcs, u_arena_strdup(s->arena, name), sigs);
   if (sigs->function && !sigs->function->sigs)
      sigs->function->sigs = sigs;
   return sigs;
}

struct glsl_symbol *
glsl_sema_lookup(struct glsl_sema *s, const char *name)
{
   if (!name)
      return NULL;
   struct glsl_symbol *sym = lookup_scopes(s, name);
   if (sym) {
      if (sym->kind == GLSL_SYM_VARIABLE)
         sym->used = true;
      return sym;
   }
   sym = sema_builtin_var(s, name);
   if (sym) {
      /* The first use adds it to the interface (the list is searched for
       * duplicates, so do that once). */
      if (!sym->used && sym->storage != GLSL_STORAGE_CONST)
         sema_add_global(s, sym);
      sym->used = true;
      return sym;
   }
   struct glsl_function_sig *sigs = builtin_sigs(s, name);
   return sigs ? sigs->function : NULL;
}

struct glsl_function_sig *
glsl_sema_lookup_functions(struct glsl_sema *s, const char *name)
{
   if (!name)
      return NULL;
   struct glsl_symbol *sym = lookup_scopes(s, name);
   if (sym) {
      /* A variable or type of that name hides the function (GLSL 1.10,
       * 4.2.6 / 4.60, 4.2.7); a user function hides the built-ins of its
       * name in GLSL 1.10 and 1.20 (later versions forbid declaring one). */
      return sym->kind == GLSL_SYM_FUNCTION ? sym->sigs : NULL;
   }
   return builtin_sigs(s, name);
}

bool
sema_declare_block(struct glsl_sema *s, struct glsl_symbol *sym)
{
   struct glsl_scope *sc = s->scope;
   while (sc && sc->parent)
      sc = sc->parent;
   if (!sc || !sc->blocks)
      return false;
   return u_hash_table_insert(sc->blocks, sym->name, sym) != NULL;
}

enum glsl_precision
sema_default_precision(struct glsl_sema *s, enum sema_prec_type t)
{
   for (struct glsl_scope *sc = s->scope; sc; sc = sc->parent) {
      if (sc->prec[t] != GLSL_PRECISION_NONE)
         return sc->prec[t];
   }
   return GLSL_PRECISION_NONE;
}
