/* SPDX-License-Identifier: MIT */

/*
 * Finding built-ins: which functions, variables and constants exist for
 * a version, profile, stage and set of enabled extensions.
 *
 * The generated tables (glsl_builtin_priv.h) list every signature and
 * variable row once with its availability conditions; a lookup is a
 * binary search by name followed by a filter on the conditions.  Function
 * lookups build the glsl_function_sig list that semantic analysis
 * caches per name; variable lookups return the first row of the name
 * that exists (rows of one name differ by stage or version, e.g.
 * gl_Color is an attribute in the vertex stage and a varying in the
 * fragment stage).
 */
#include <stdlib.h>
#include <string.h>

#include "glsl_builtin_priv.h"
#include "util/u_arena.h"

static bool
avail_holds(const struct glsl_builtin_avail *a, const struct glsl_env *env)
{
   if (!(a->stages & (1u << env->stage)))
      return false;
   if (env->es) {
      if (!a->es_min || env->version < a->es_min)
         return false;
      if (a->es_max && env->version >= a->es_max)
         return false;
   } else {
      if (!a->gl_min || env->version < a->gl_min)
         return false;
      if (a->gl_max && env->version >= a->gl_max)
         return false;
      if (a->compat && !env->compat)
         return false;
   }
   if (a->ext >= 0) {
      if (!env->ext_enabled ||
          !env->ext_enabled(env->ext_data, glsl_builtin_ext_names[a->ext]))
         return false;
   }
   return true;
}

bool
glsl_builtin_avail_check(unsigned first, unsigned num,
                         const struct glsl_env *env)
{
   for (unsigned i = 0; i < num; i++) {
      if (avail_holds(&glsl_builtin_avails[first + i], env))
         return true;
   }
   return false;
}

static int
cmp_func_row(const void *key, const void *row)
{
   return strcmp(key, ((const struct glsl_builtin_func_row *)row)->name);
}

static int
cmp_name_row(const void *key, const void *row)
{
   return strcmp(key, ((const struct glsl_builtin_name_row *)row)->name);
}

static const struct glsl_builtin_func_row *
find_func(const char *name)
{
   if (!name)
      return NULL;
   return bsearch(name, glsl_builtin_funcs, glsl_builtin_num_funcs,
                  sizeof(glsl_builtin_funcs[0]), cmp_func_row);
}

const struct glsl_builtin_var *
glsl_builtin_var_lookup(const char *name, const struct glsl_env *env)
{
   if (!name || !env)
      return NULL;
   const struct glsl_builtin_name_row *row =
      bsearch(name, glsl_builtin_var_names, glsl_builtin_num_var_names,
              sizeof(glsl_builtin_var_names[0]), cmp_name_row);
   if (!row)
      return NULL;
   for (unsigned i = row->first; i < row->first + row->count; i++) {
      const struct glsl_builtin_var_info *info = &glsl_builtin_var_infos[i];
      if (glsl_builtin_avail_check(info->first_avail, info->num_avail, env))
         return &glsl_builtin_vars[i];
   }
   return NULL;
}

/* A parameter symbol of a built-in signature. */
static struct glsl_symbol *
make_param(struct u_arena *arena, const struct glsl_builtin_param *p,
           unsigned index)
{
   struct glsl_symbol *sym = u_arena_zalloc(arena, sizeof(*sym));
   if (!sym)
      return NULL;
   sym->kind = GLSL_SYM_VARIABLE;
   sym->name = u_arena_asprintf(arena, "p%u", index);
   sym->type = glsl_builtin_type(p->type, arena);
   if (!sym->name || !sym->type)
      return NULL;
   sym->storage = p->out ? GLSL_STORAGE_PARAM_OUT : GLSL_STORAGE_PARAM_IN;
   sym->location = -1;
   sym->index = -1;
   sym->binding = -1;
   sym->block_field = -1;
   return sym;
}

struct glsl_function_sig *
glsl_builtin_func_lookup(const char *name, const struct glsl_env *env,
                         struct u_arena *arena)
{
   const struct glsl_builtin_func_row *row = find_func(name);
   if (!row || !env || !arena)
      return NULL;

   struct glsl_symbol *fn = NULL;
   struct glsl_function_sig *head = NULL, **tail = &head;
   for (unsigned i = row->first_sig; i < row->first_sig + row->num_sigs; i++) {
      const struct glsl_builtin_sig_row *s = &glsl_builtin_sigs[i];
      if (!glsl_builtin_avail_check(s->first_avail, s->num_avail, env))
         continue;
      if (!fn) {
         fn = u_arena_zalloc(arena, sizeof(*fn));
         if (!fn)
            return NULL;
         fn->kind = GLSL_SYM_FUNCTION;
         fn->name = row->name;
         fn->location = -1;
         fn->index = -1;
         fn->binding = -1;
         fn->block_field = -1;
      }
      struct glsl_function_sig *sig = u_arena_zalloc(arena, sizeof(*sig));
      if (!sig)
         return NULL;
      sig->function = fn;
      sig->return_type = glsl_builtin_type(s->ret, arena);
      sig->num_params = s->num_params;
      sig->is_builtin = true;
      sig->builtin_op = s->op;
      if (s->num_params) {
         sig->params =
            u_arena_zalloc_array(arena, s->num_params, sizeof(*sig->params));
         if (!sig->params)
            return NULL;
      }
      for (unsigned p = 0; p < s->num_params; p++) {
         sig->params[p] =
            make_param(arena, &glsl_builtin_params[s->first_param + p], p);
         if (!sig->params[p])
            return NULL;
      }
      if (!sig->return_type)
         return NULL;
      *tail = sig;
      tail = &sig->next;
   }
   if (fn)
      fn->sigs = head;
   return head;
}

bool
glsl_builtin_func_exists(const char *name, const struct glsl_env *env)
{
   const struct glsl_builtin_func_row *row = find_func(name);
   if (!row || !env)
      return false;
   /* Any stage: the rule is about the name in the language version. */
   struct glsl_env any = *env;
   for (unsigned st = 0; st < IR_STAGE_COUNT; st++) {
      any.stage = (enum ir_stage)st;
      for (unsigned i = row->first_sig; i < row->first_sig + row->num_sigs;
           i++) {
         const struct glsl_builtin_sig_row *s = &glsl_builtin_sigs[i];
         if (glsl_builtin_avail_check(s->first_avail, s->num_avail, &any))
            return true;
      }
   }
   return false;
}
