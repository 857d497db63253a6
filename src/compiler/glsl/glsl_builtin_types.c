/* SPDX-License-Identifier: MIT */

/*
 * Types and values of built-ins: the GLSL types of the generated tables
 * (basic types by name, the compatibility-state structs and the
 * gl_PerVertex block built on demand), the types of built-in variables
 * with their arrays sized by the implementation limits, and the values
 * of the gl_Max* constants.
 *
 * Struct types are made in the caller's arena each time; they compare
 * structurally (ir_type_equal), so two lookups of gl_LightSource agree.
 */
#include <assert.h>
#include <string.h>

#include "glsl_builtin_priv.h"
#include "util/u_arena.h"

/* The struct whose table key (@p by_key) or GLSL name is @p name and
 * that may be named (has conditions) when !by_key. */
static const struct glsl_builtin_struct_row *
find_struct(const char *name, bool by_key)
{
   for (unsigned i = 0; i < glsl_builtin_num_structs; i++) {
      const struct glsl_builtin_struct_row *row = &glsl_builtin_structs[i];
      if (by_key ? !strcmp(row->key, name)
                 : row->num_avail && !strcmp(row->name, name))
         return row;
   }
   return NULL;
}

static const struct ir_type *
make_struct(const struct glsl_builtin_struct_row *row, struct u_arena *arena)
{
   struct ir_struct_field fields[16];
   assert(row->num_fields <= 16);
   for (unsigned i = 0; i < row->num_fields; i++) {
      const struct glsl_builtin_field *f =
         &glsl_builtin_fields[row->first_field + i];
      const struct ir_type *t = glsl_builtin_type(f->type, arena);
      if (t && f->unsized_array)
         t = ir_type_array(arena, t, 0);
      if (!t)
         return NULL;
      fields[i] = (struct ir_struct_field){
         .type = t,
         .name = f->name,
         .offset = -1,
      };
   }
   return ir_type_struct(arena,
                         row->interface ? IR_TYPE_INTERFACE : IR_TYPE_STRUCT,
                         row->name, fields, row->num_fields, IR_PACKING_NONE);
}

const struct ir_type *
glsl_builtin_type(unsigned type, struct u_arena *arena)
{
   assert(type < glsl_builtin_num_types);
   const char *name = glsl_builtin_type_names[type];
   if (!strcmp(name, "void"))
      return ir_type_get_void();
   const struct ir_type *t = ir_type_from_name(name);
   if (t)
      return t;
   const struct glsl_builtin_struct_row *row = find_struct(name, true);
   assert(row);
   return row && arena ? make_struct(row, arena) : NULL;
}

const struct ir_type *
glsl_builtin_struct_type(const char *name, const struct glsl_env *env,
                         struct u_arena *arena)
{
   if (!name || !env || !arena)
      return NULL;
   const struct glsl_builtin_struct_row *row = find_struct(name, false);
   if (!row || !glsl_builtin_avail_check(row->first_avail, row->num_avail, env))
      return NULL;
   return make_struct(row, arena);
}

static const struct glsl_limits *
env_limits(const struct glsl_env *env, struct glsl_limits *storage)
{
   if (env->limits)
      return env->limits;
   glsl_limits_default(storage);
   return storage;
}

static const struct glsl_builtin_var_info *
var_info(const struct glsl_builtin_var *var)
{
   return &glsl_builtin_var_infos[var - glsl_builtin_vars];
}

const struct ir_type *
glsl_builtin_var_type(const struct glsl_builtin_var *var,
                      const struct glsl_env *env, struct u_arena *arena)
{
   if (!var || !env || !arena)
      return NULL;
   const struct glsl_builtin_var_info *info = var_info(var);
   const struct ir_type *t = glsl_builtin_type(info->type, arena);
   if (!t)
      return NULL;
   switch ((enum glsl_builtin_array)info->array) {
   case GLSL_BUILTIN_ARRAY_NONE:
      return t;
   case GLSL_BUILTIN_ARRAY_FIXED:
      return ir_type_array(arena, t, info->length);
   case GLSL_BUILTIN_ARRAY_UNSIZED:
      return ir_type_array(arena, t, 0);
   case GLSL_BUILTIN_ARRAY_LIMIT: {
      struct glsl_limits storage;
      const struct glsl_limits *l = env_limits(env, &storage);
      unsigned n;
      memcpy(&n, (const char *)l + info->length, sizeof(n));
      return ir_type_array(arena, t, n ? n : 1);
   }
   }
   return NULL;
}

struct ir_constant *
glsl_builtin_var_constant(const struct glsl_builtin_var *var,
                          const struct glsl_env *env, struct u_arena *arena)
{
   if (!var || !env || !arena || var->kind != GLSL_BUILTIN_CONSTANT)
      return NULL;
   const struct glsl_builtin_var_info *info = var_info(var);
   struct glsl_limits storage;
   const struct glsl_limits *l = env_limits(env, &storage);
   /* Every limit is an unsigned or int field of 32 bits. */
   int32_t v;
   memcpy(&v, (const char *)l + info->value_offset, sizeof(v));
   struct ir_constant *c = u_arena_zalloc(arena, sizeof(*c));
   if (!c)
      return NULL;
   c->values[0].i32 = v / (int32_t)(info->value_div ? info->value_div : 1);
   return c;
}
