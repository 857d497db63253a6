/* SPDX-License-Identifier: MIT */

/*
 * The helpers of st_ff_ir.h: built-in variables declared as the GLSL
 * front end declares them (glsl_to_ir.c: varyings and fragment results
 * at their slot, attributes and state uniforms without a location, the
 * linker placing both), loads and stores through derefs, and the little
 * vector algebra the fixed-function stages need.
 */
#include <string.h>

#include "compiler/ir/ir_passes_io.h"
#include "st_ff_ir.h"

bool
st_ff_ir_init(struct st_ff_ir *f, struct u_arena *parent, enum ir_stage stage,
              const struct glsl_limits *limits)
{
   memset(f, 0, sizeof(*f));
   f->env = (struct glsl_env){
      .version = 120,
      .compat = true,
      .stage = stage,
      .limits = limits,
   };
   f->shader = ir_shader_create(parent, stage);
   if (!f->shader)
      return false;
   struct ir_function *fn = ir_function_create(f->shader, "main");
   if (!fn)
      return false;
   f->b = ir_builder_at_end(fn);
   return true;
}

static enum ir_var_mode
builtin_mode(const struct glsl_builtin_var *bv)
{
   switch (bv->storage) {
   case GLSL_STORAGE_IN:
      return IR_VAR_SHADER_IN;
   case GLSL_STORAGE_OUT:
      return IR_VAR_SHADER_OUT;
   case GLSL_STORAGE_UNIFORM:
      return IR_VAR_UNIFORM;
   default:
      return IR_VAR_SYSTEM_VALUE;
   }
}

struct ir_variable *
st_ff_ir_builtin(struct st_ff_ir *f, const char *name)
{
   struct ir_variable *var = ir_shader_find_variable(f->shader, name);
   if (var)
      return var;
   const struct glsl_builtin_var *bv = glsl_builtin_var_lookup(name, &f->env);
   if (!bv)
      return NULL;
   const struct ir_type *type =
      glsl_builtin_var_type(bv, &f->env, f->shader->arena);
   if (!type)
      return NULL;
   var = ir_variable_create(f->shader, builtin_mode(bv), type, name);
   if (!var)
      return NULL;
   var->location = -1;
   if (bv->kind == GLSL_BUILTIN_VARYING ||
       bv->kind == GLSL_BUILTIN_SYSTEM_VALUE ||
       (bv->kind == GLSL_BUILTIN_FRAG_RESULT &&
        f->shader->stage == IR_STAGE_FRAGMENT))
      var->location = bv->slot;
   var->read_only = bv->storage == GLSL_STORAGE_UNIFORM;
   return var;
}

struct ir_def *
st_ff_ir_var(struct st_ff_ir *f, const char *name)
{
   struct ir_variable *var = st_ff_ir_builtin(f, name);
   return var ? ir_build_deref_var(&f->b, var) : NULL;
}

struct ir_def *
st_ff_ir_elem(struct st_ff_ir *f, struct ir_def *deref, unsigned i)
{
   return ir_build_deref_array(&f->b, deref, ir_imm_int(&f->b, (int32_t)i));
}

struct ir_def *
st_ff_ir_field(struct st_ff_ir *f, struct ir_def *deref, const char *field)
{
   struct ir_deref *d = deref ? ir_instr_as_deref(deref->parent) : NULL;
   const struct ir_type *t = d ? d->type : NULL;
   for (unsigned i = 0; t && i < t->num_fields; i++) {
      if (strcmp(t->fields[i].name, field) == 0)
         return ir_build_deref_struct(&f->b, deref, i);
   }
   return NULL;
}

struct ir_def *
st_ff_ir_load(struct st_ff_ir *f, const char *name)
{
   return ir_load_deref(&f->b, st_ff_ir_var(f, name));
}

struct ir_def *
st_ff_ir_load_elem(struct st_ff_ir *f, const char *name, unsigned i)
{
   return ir_load_deref(&f->b, st_ff_ir_elem(f, st_ff_ir_var(f, name), i));
}

struct ir_def *
st_ff_ir_load_field(struct st_ff_ir *f, const char *name, int i,
                    const char *field)
{
   struct ir_def *d = st_ff_ir_var(f, name);
   if (i >= 0)
      d = st_ff_ir_elem(f, d, (unsigned)i);
   return ir_load_deref(&f->b, st_ff_ir_field(f, d, field));
}

void
st_ff_ir_store(struct st_ff_ir *f, const char *name, int i,
               struct ir_def *value)
{
   struct ir_def *d = st_ff_ir_var(f, name);
   if (i >= 0)
      d = st_ff_ir_elem(f, d, (unsigned)i);
   ir_store_deref(&f->b, d, value, (1u << value->num_components) - 1);
}

struct ir_def *
st_ff_ir_mat_mul(struct st_ff_ir *f, struct ir_def *matrix, unsigned columns,
                 struct ir_def *v)
{
   struct ir_def *sum = NULL;
   for (unsigned c = 0; c < columns; c++) {
      struct ir_def *col = ir_load_deref(&f->b, st_ff_ir_elem(f, matrix, c));
      struct ir_def *term = ir_fmul(
         &f->b, col,
         st_ff_ir_splat(f, ir_channel(&f->b, v, c), col->num_components));
      sum = sum ? ir_fadd(&f->b, sum, term) : term;
   }
   return sum;
}

struct ir_def *
st_ff_ir_swz(struct st_ff_ir *f, struct ir_def *v, const char *swizzle)
{
   unsigned swz[4], n = 0;
   for (; swizzle[n] && n < 4; n++) {
      const char *p = strchr("xyzw", swizzle[n]);
      swz[n] = p ? (unsigned)(p - "xyzw") : 0;
   }
   return ir_swizzle(&f->b, v, swz, n);
}

struct ir_def *
st_ff_ir_splat(struct st_ff_ir *f, struct ir_def *s, unsigned n)
{
   if (s->num_components == n)
      return s;
   static const unsigned zero[4] = { 0, 0, 0, 0 };
   return ir_swizzle(&f->b, s, zero, n);
}

struct ir_def *
st_ff_ir_fconst(struct st_ff_ir *f, float x, unsigned n)
{
   return st_ff_ir_splat(f, ir_imm_float(&f->b, x), n);
}

struct ir_def *
st_ff_ir_dot3(struct st_ff_ir *f, struct ir_def *a, struct ir_def *b)
{
   return ir_fdot3(&f->b, a, b);
}

struct ir_def *
st_ff_ir_normalize(struct st_ff_ir *f, struct ir_def *v3)
{
   struct ir_def *rl = ir_frsq(&f->b, st_ff_ir_dot3(f, v3, v3));
   return ir_fmul(&f->b, v3, st_ff_ir_splat(f, rl, 3));
}

struct ir_def *
st_ff_ir_length(struct st_ff_ir *f, struct ir_def *v3)
{
   return ir_fsqrt(&f->b, st_ff_ir_dot3(f, v3, v3));
}

struct ir_def *
st_ff_ir_clamp(struct st_ff_ir *f, struct ir_def *x, struct ir_def *lo,
               struct ir_def *hi)
{
   unsigned n = x->num_components;
   return ir_fmin(&f->b, ir_fmax(&f->b, x, st_ff_ir_splat(f, lo, n)),
                  st_ff_ir_splat(f, hi, n));
}

struct ir_def *
st_ff_ir_rgb_a(struct st_ff_ir *f, struct ir_def *rgb, struct ir_def *a)
{
   return ir_vec4(&f->b, ir_channel(&f->b, rgb, 0), ir_channel(&f->b, rgb, 1),
                  ir_channel(&f->b, rgb, 2), ir_channel(&f->b, a, 0));
}
