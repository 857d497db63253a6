/* SPDX-License-Identifier: MIT */

/*
 * Helpers of the built-in tests: environments (version, ES, stage,
 * enabled extensions) and finding one signature of a built-in function
 * by its parameter types ("vec2,float").  Include after <cmocka.h>.
 */
#ifndef GLSL_BUILTIN_TEST_UTIL_H
#define GLSL_BUILTIN_TEST_UTIL_H

#include <stdio.h>
#include <string.h>

#include "glsl_builtins.h"
#include "util/u_arena.h"

/** Enabled extensions: a space-separated list in the env's ext_data. */
static inline bool
test_ext_enabled(void *data, const char *name)
{
   const char *list = data;
   size_t n = strlen(name);
   for (const char *p = list; p && (p = strstr(p, name)); p += n) {
      if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
         return true;
   }
   return false;
}

/** An environment; @p exts is a space-separated list or NULL. */
static inline struct glsl_env
test_env(unsigned version, bool es, enum ir_stage stage, const char *exts)
{
   struct glsl_env env = {
      .version = version,
      .es = es,
      .compat = !es && version < 140,
      .stage = stage,
      .ext_enabled = test_ext_enabled,
      .ext_data = (void *)exts,
   };
   return env;
}

/* Whether @p sig's parameters have the types of the comma-separated
 * @p params ("" for none). */
static inline bool
test_sig_matches(const struct glsl_function_sig *sig, const char *params)
{
   char buf[256];
   snprintf(buf, sizeof(buf), "%s", params);
   unsigned i = 0;
   for (char *save = NULL, *t = strtok_r(buf, ",", &save); t;
        t = strtok_r(NULL, ",", &save), i++) {
      if (i >= sig->num_params)
         return false;
      const char *name = ir_type_builtin_name(sig->params[i]->type);
      if (!name || strcmp(name, t) != 0)
         return false;
   }
   return i == sig->num_params;
}

/** The signature of built-in @p name with parameters @p params in
 * @p env, or NULL. */
static inline const struct glsl_function_sig *
test_find_sig(struct u_arena *arena, const struct glsl_env *env,
              const char *name, const char *params)
{
   for (const struct glsl_function_sig *s =
           glsl_builtin_func_lookup(name, env, arena);
        s; s = s->next) {
      if (test_sig_matches(s, params))
         return s;
   }
   return NULL;
}

static inline unsigned
test_count_sigs(struct u_arena *arena, const struct glsl_env *env,
                const char *name)
{
   unsigned n = 0;
   for (const struct glsl_function_sig *s =
           glsl_builtin_func_lookup(name, env, arena);
        s; s = s->next)
      n++;
   return n;
}

#endif
