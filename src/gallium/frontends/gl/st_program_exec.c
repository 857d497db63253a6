/* SPDX-License-Identifier: MIT */

/*
 * Executables: a linked glsl_program with the state GL keeps per
 * executable (default-block bytes, sampler units, uniform block
 * bindings) and what draws need from it, computed once at link time:
 * the vertex inputs and their kinds, the stream-output description and
 * the list of compatibility state uniforms the draw fills in.  Also the
 * mapping of IR types to GL type enums.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "st_program_priv.h"

/* [sampled type: float, int, uint][dim][array][shadow]; 0: no such
 * sampler type in GL. */
static const GLenum sampler_enums[3][7][2][2] = {
   {
      [IR_SAMPLER_DIM_1D] = { { GL_SAMPLER_1D, GL_SAMPLER_1D_SHADOW },
                              { GL_SAMPLER_1D_ARRAY,
                                GL_SAMPLER_1D_ARRAY_SHADOW } },
      [IR_SAMPLER_DIM_2D] = { { GL_SAMPLER_2D, GL_SAMPLER_2D_SHADOW },
                              { GL_SAMPLER_2D_ARRAY,
                                GL_SAMPLER_2D_ARRAY_SHADOW } },
      [IR_SAMPLER_DIM_3D] = { { GL_SAMPLER_3D, 0 }, { 0, 0 } },
      [IR_SAMPLER_DIM_CUBE] = { { GL_SAMPLER_CUBE, GL_SAMPLER_CUBE_SHADOW },
                                { GL_SAMPLER_CUBE_MAP_ARRAY,
                                  GL_SAMPLER_CUBE_MAP_ARRAY_SHADOW } },
      [IR_SAMPLER_DIM_RECT] = { { GL_SAMPLER_2D_RECT,
                                  GL_SAMPLER_2D_RECT_SHADOW },
                                { 0, 0 } },
      [IR_SAMPLER_DIM_BUF] = { { GL_SAMPLER_BUFFER, 0 }, { 0, 0 } },
      [IR_SAMPLER_DIM_MS] = { { GL_SAMPLER_2D_MULTISAMPLE, 0 },
                              { GL_SAMPLER_2D_MULTISAMPLE_ARRAY, 0 } },
   },
   {
      [IR_SAMPLER_DIM_1D] = { { GL_INT_SAMPLER_1D, 0 },
                              { GL_INT_SAMPLER_1D_ARRAY, 0 } },
      [IR_SAMPLER_DIM_2D] = { { GL_INT_SAMPLER_2D, 0 },
                              { GL_INT_SAMPLER_2D_ARRAY, 0 } },
      [IR_SAMPLER_DIM_3D] = { { GL_INT_SAMPLER_3D, 0 }, { 0, 0 } },
      [IR_SAMPLER_DIM_CUBE] = { { GL_INT_SAMPLER_CUBE, 0 },
                                { GL_INT_SAMPLER_CUBE_MAP_ARRAY, 0 } },
      [IR_SAMPLER_DIM_RECT] = { { GL_INT_SAMPLER_2D_RECT, 0 }, { 0, 0 } },
      [IR_SAMPLER_DIM_BUF] = { { GL_INT_SAMPLER_BUFFER, 0 }, { 0, 0 } },
      [IR_SAMPLER_DIM_MS] = { { GL_INT_SAMPLER_2D_MULTISAMPLE, 0 },
                              { GL_INT_SAMPLER_2D_MULTISAMPLE_ARRAY, 0 } },
   },
   {
      [IR_SAMPLER_DIM_1D] = { { GL_UNSIGNED_INT_SAMPLER_1D, 0 },
                              { GL_UNSIGNED_INT_SAMPLER_1D_ARRAY, 0 } },
      [IR_SAMPLER_DIM_2D] = { { GL_UNSIGNED_INT_SAMPLER_2D, 0 },
                              { GL_UNSIGNED_INT_SAMPLER_2D_ARRAY, 0 } },
      [IR_SAMPLER_DIM_3D] = { { GL_UNSIGNED_INT_SAMPLER_3D, 0 }, { 0, 0 } },
      [IR_SAMPLER_DIM_CUBE] = { { GL_UNSIGNED_INT_SAMPLER_CUBE, 0 },
                                { GL_UNSIGNED_INT_SAMPLER_CUBE_MAP_ARRAY, 0 } },
      [IR_SAMPLER_DIM_RECT] = { { GL_UNSIGNED_INT_SAMPLER_2D_RECT, 0 },
                                { 0, 0 } },
      [IR_SAMPLER_DIM_BUF] = { { GL_UNSIGNED_INT_SAMPLER_BUFFER, 0 },
                               { 0, 0 } },
      [IR_SAMPLER_DIM_MS] = { { GL_UNSIGNED_INT_SAMPLER_2D_MULTISAMPLE, 0 },
                              { GL_UNSIGNED_INT_SAMPLER_2D_MULTISAMPLE_ARRAY,
                                0 } },
   },
};

/* [rows - 1] for vectors; [columns - 2][rows - 2] for matrices. */
static const GLenum float_vec[4] = { GL_FLOAT, GL_FLOAT_VEC2, GL_FLOAT_VEC3,
                                     GL_FLOAT_VEC4 };
static const GLenum double_vec[4] = { GL_DOUBLE, GL_DOUBLE_VEC2, GL_DOUBLE_VEC3,
                                      GL_DOUBLE_VEC4 };
static const GLenum int_vec[4] = { GL_INT, GL_INT_VEC2, GL_INT_VEC3,
                                   GL_INT_VEC4 };
static const GLenum uint_vec[4] = { GL_UNSIGNED_INT, GL_UNSIGNED_INT_VEC2,
                                    GL_UNSIGNED_INT_VEC3,
                                    GL_UNSIGNED_INT_VEC4 };
static const GLenum bool_vec[4] = { GL_BOOL, GL_BOOL_VEC2, GL_BOOL_VEC3,
                                    GL_BOOL_VEC4 };
static const GLenum float_mat[3][3] = {
   { GL_FLOAT_MAT2, GL_FLOAT_MAT2x3, GL_FLOAT_MAT2x4 },
   { GL_FLOAT_MAT3x2, GL_FLOAT_MAT3, GL_FLOAT_MAT3x4 },
   { GL_FLOAT_MAT4x2, GL_FLOAT_MAT4x3, GL_FLOAT_MAT4 },
};
static const GLenum double_mat[3][3] = {
   { GL_DOUBLE_MAT2, GL_DOUBLE_MAT2x3, GL_DOUBLE_MAT2x4 },
   { GL_DOUBLE_MAT3x2, GL_DOUBLE_MAT3, GL_DOUBLE_MAT3x4 },
   { GL_DOUBLE_MAT4x2, GL_DOUBLE_MAT4x3, GL_DOUBLE_MAT4 },
};

GLenum
st_gl_type(const struct ir_type *t)
{
   while (ir_type_is_array(t))
      t = t->element;
   if (t->base == IR_TYPE_SAMPLER) {
      int kind = t->sampled_type == IR_TYPE_INT    ? 1
                 : t->sampled_type == IR_TYPE_UINT ? 2
                                                   : 0;
      if ((unsigned)t->sampler_dim >= 7)
         return 0;
      return sampler_enums[kind][t->sampler_dim][t->sampler_array]
                          [t->sampler_shadow];
   }
   unsigned rows = t->vector_elements, cols = t->matrix_columns;
   if (rows < 1 || rows > 4 || cols < 1 || cols > 4)
      return 0;
   if (cols > 1) {
      if (rows < 2)
         return 0;
      if (t->base == IR_TYPE_FLOAT)
         return float_mat[cols - 2][rows - 2];
      if (t->base == IR_TYPE_DOUBLE)
         return double_mat[cols - 2][rows - 2];
      return 0;
   }
   switch (t->base) {
   case IR_TYPE_FLOAT:
      return float_vec[rows - 1];
   case IR_TYPE_DOUBLE:
      return double_vec[rows - 1];
   case IR_TYPE_INT:
      return int_vec[rows - 1];
   case IR_TYPE_UINT:
      return uint_vec[rows - 1];
   case IR_TYPE_BOOL:
      return bool_vec[rows - 1];
   default:
      return 0;
   }
}

GLenum
st_sampler_target(const struct ir_type *t)
{
   while (ir_type_is_array(t))
      t = t->element;
   switch (t->sampler_dim) {
   case IR_SAMPLER_DIM_1D:
      return t->sampler_array ? GL_TEXTURE_1D_ARRAY : GL_TEXTURE_1D;
   case IR_SAMPLER_DIM_2D:
      return t->sampler_array ? GL_TEXTURE_2D_ARRAY : GL_TEXTURE_2D;
   case IR_SAMPLER_DIM_3D:
      return GL_TEXTURE_3D;
   case IR_SAMPLER_DIM_CUBE:
      return t->sampler_array ? GL_TEXTURE_CUBE_MAP_ARRAY : GL_TEXTURE_CUBE_MAP;
   case IR_SAMPLER_DIM_RECT:
      return GL_TEXTURE_RECTANGLE;
   case IR_SAMPLER_DIM_BUF:
      return GL_TEXTURE_BUFFER;
   case IR_SAMPLER_DIM_MS:
      return t->sampler_array ? GL_TEXTURE_2D_MULTISAMPLE_ARRAY
                              : GL_TEXTURE_2D_MULTISAMPLE;
   }
   return GL_TEXTURE_2D;
}

/* The value of element @p e of a uniform's initializer (arrays list their
 * elements; a struct of one member is that member). */
static const struct ir_constant *
initializer_element(const struct glsl_uniform *u, unsigned e)
{
   const struct ir_constant *c = u->initializer;
   if (!c)
      return NULL;
   if (u->array_size > 1 || c->num_elements > 1)
      return e < c->num_elements ? c->elements[e] : NULL;
   while (c && c->num_elements == 1)
      c = c->elements[0];
   return e == 0 ? c : NULL;
}

/* Stores constant @p c as the value of element @p e of uniform @p u. */
static void
write_element(struct st_executable *exec, const struct glsl_uniform *u,
              unsigned e, const struct ir_constant *c)
{
   const struct ir_type *t = u->type;
   if (t->base == IR_TYPE_SAMPLER) {
      exec->sampler_units[u->location + (int)e] = c->values[0].i32;
      return;
   }
   if (t->base > IR_TYPE_UINT64 || t->base == IR_TYPE_DOUBLE)
      return;
   uint8_t *base = exec->data + u->offset + e * u->array_stride;
   for (unsigned col = 0; col < t->matrix_columns; col++) {
      for (unsigned r = 0; r < t->vector_elements; r++) {
         const union ir_const_value *v =
            &c->values[col * t->vector_elements + r];
         uint32_t word = t->base == IR_TYPE_BOOL ? (v->b ? 1u : 0u) : v->u32;
         unsigned off = u->row_major ? r * u->matrix_stride + col * 4
                                     : col * u->matrix_stride + r * 4;
         memcpy(base + off, &word, 4);
      }
   }
}

/* Stores the initializer @p c of the (part of a) struct uniform named
 * @p name (@p len characters in a buffer of @p size) into its leaves,
 * named as the linker lists them ("s.m", "s[1].m", "s.a[0]"). */
static void
write_struct_initializer(struct st_executable *exec, char *name, size_t len,
                         size_t size, const struct ir_type *t,
                         const struct ir_constant *c)
{
   const struct glsl_program *prog = exec->prog;
   if (!c || len >= size)
      return;
   if (ir_type_is_struct(t)) {
      for (unsigned i = 0; i < t->num_fields && i < c->num_elements; i++) {
         int n = snprintf(name + len, size - len, ".%s", t->fields[i].name);
         if (n > 0)
            write_struct_initializer(exec, name, len + (size_t)n, size,
                                     t->fields[i].type, c->elements[i]);
      }
      name[len] = '\0';
      return;
   }
   bool array = ir_type_is_array(t);
   if (array &&
       (ir_type_is_struct(t->element) || ir_type_is_array(t->element))) {
      for (unsigned i = 0; i < t->length && i < c->num_elements; i++) {
         int n = snprintf(name + len, size - len, "[%u]", i);
         if (n > 0)
            write_struct_initializer(exec, name, len + (size_t)n, size,
                                     t->element, c->elements[i]);
      }
      name[len] = '\0';
      return;
   }
   int loc = glsl_program_uniform_location(prog, name);
   if (loc < 0)
      return;
   const struct glsl_uniform *u = &prog->uniforms[prog->location_uniform[loc]];
   unsigned count = array ? t->length : 1;
   for (unsigned e = 0; e < count && e < u->array_size; e++) {
      const struct ir_constant *ec =
         array ? (e < c->num_elements ? c->elements[e] : NULL) : c;
      if (ec)
         write_element(exec, u, e, ec);
   }
}

/* Writes the initial values of the default block: initializers where
 * GLSL gives them, zeros elsewhere.  The linker keeps the initializer of
 * uniforms that are one leaf; those of structs are taken apart here from
 * the IR variables. */
static void
init_default_block(struct st_executable *exec)
{
   const struct glsl_program *prog = exec->prog;
   for (unsigned i = 0; i < prog->num_uniforms; i++) {
      const struct glsl_uniform *u = &prog->uniforms[i];
      if (u->block_index >= 0 || !u->initializer)
         continue;
      for (unsigned e = 0; e < u->array_size; e++) {
         const struct ir_constant *c = initializer_element(u, e);
         if (c)
            write_element(exec, u, e, c);
      }
   }
   for (unsigned s = 0; s < IR_STAGE_COUNT; s++) {
      if (!prog->stages[s])
         continue;
      ir_foreach_variable (prog->stages[s], var) {
         const struct ir_type *t = var->type;
         while (ir_type_is_array(t))
            t = t->element;
         if (var->mode != IR_VAR_UNIFORM || !var->initializer ||
             !ir_type_is_struct(t))
            continue;
         char name[256];
         int n = snprintf(name, sizeof(name), "%s", var->name);
         if (n > 0)
            write_struct_initializer(exec, name, (size_t)n, sizeof(name),
                                     var->type, var->initializer);
      }
   }
}

static bool
init_state_uniforms(struct st_executable *exec)
{
   const struct glsl_program *prog = exec->prog;
   unsigned n = 0;
   for (unsigned i = 0; i < prog->num_uniforms; i++) {
      const struct glsl_uniform *u = &prog->uniforms[i];
      if (u->block_index < 0 && strncmp(u->name, "gl_", 3) == 0 &&
          u->type->base == IR_TYPE_FLOAT)
         n += u->array_size;
   }
   if (!n)
      return true;
   exec->state_uniforms = calloc(n, sizeof(*exec->state_uniforms));
   if (!exec->state_uniforms)
      return false;
   for (unsigned i = 0; i < prog->num_uniforms; i++) {
      const struct glsl_uniform *u = &prog->uniforms[i];
      if (u->block_index >= 0 || strncmp(u->name, "gl_", 3) != 0 ||
          u->type->base != IR_TYPE_FLOAT)
         continue;
      /* Arrays are listed as "a[0]"; each element is asked for by its
       * own name. */
      size_t len = strlen(u->name);
      bool array = len > 3 && strcmp(u->name + len - 3, "[0]") == 0;
      for (unsigned e = 0; e < u->array_size; e++) {
         struct st_state_uniform *s =
            &exec->state_uniforms[exec->num_state_uniforms];
         size_t size = len + 16;
         s->name = malloc(size);
         if (!s->name)
            return false;
         if (array)
            snprintf(s->name, size, "%.*s[%u]", (int)(len - 3), u->name, e);
         else
            snprintf(s->name, size, "%s", u->name);
         s->offset = u->offset + e * u->array_stride;
         s->columns = u->type->matrix_columns;
         s->rows = u->type->vector_elements;
         s->matrix_stride = u->matrix_stride;
         exec->num_state_uniforms++;
      }
   }
   return true;
}

static void
init_vs_inputs(struct st_executable *exec)
{
   const struct ir_shader *vs = exec->prog->stages[IR_STAGE_VERTEX];
   if (!vs)
      return;
   ir_foreach_variable (vs, var) {
      if (var->mode != IR_VAR_SHADER_IN || var->location < 0)
         continue;
      const struct ir_type *t = var->type;
      while (ir_type_is_array(t))
         t = t->element;
      enum st_attrib_kind kind = ST_ATTRIB_FLOAT;
      if (t->base == IR_TYPE_INT || t->base == IR_TYPE_INT16 ||
          t->base == IR_TYPE_INT64)
         kind = ST_ATTRIB_INT;
      else if (t->base == IR_TYPE_UINT || t->base == IR_TYPE_UINT16 ||
               t->base == IR_TYPE_UINT64 || t->base == IR_TYPE_BOOL)
         kind = ST_ATTRIB_UINT;
      else if (t->base == IR_TYPE_DOUBLE)
         kind = ST_ATTRIB_DOUBLE;
      unsigned slots = ir_type_slot_count(var->type);
      for (unsigned i = 0; i < slots; i++) {
         unsigned loc = (unsigned)var->location + i;
         if (loc >= ST_MAX_ATTRIB_LOCATIONS)
            break;
         exec->vs_inputs |= 1u << loc;
         exec->vs_input_kind[loc] = (uint8_t)kind;
      }
   }
}

static void
init_stream_output(struct st_executable *exec)
{
   const struct glsl_program *prog = exec->prog;
   struct pipe_stream_output_info *so = &exec->so;
   unsigned n = prog->num_xfb_outputs;
   if (n > PIPE_MAX_SO_OUTPUTS)
      n = PIPE_MAX_SO_OUTPUTS;
   for (unsigned i = 0; i < n; i++) {
      const struct glsl_xfb_output *o = &prog->xfb_outputs[i];
      so->output[i] = (struct pipe_stream_output){
         .register_index = o->slot,
         .start_component = o->component,
         .num_components = o->num_components,
         .output_buffer = o->buffer,
         .dst_offset = o->dst_offset,
      };
      if (o->buffer + 1 > exec->num_so_buffers)
         exec->num_so_buffers = o->buffer + 1;
   }
   so->num_outputs = n;
   for (unsigned b = 0; b < PIPE_MAX_SO_BUFFERS && b < 4; b++)
      so->stride[b] = prog->xfb_stride[b];
}

static void
init_texture_slots(struct st_executable *exec)
{
   const struct glsl_program *prog = exec->prog;
   for (unsigned i = 0; i < prog->num_uniforms; i++) {
      const struct glsl_uniform *u = &prog->uniforms[i];
      if (u->type->base != IR_TYPE_SAMPLER)
         continue;
      for (unsigned s = 0; s < IR_STAGE_COUNT; s++) {
         if (u->texture_slot[s] < 0)
            continue;
         unsigned end = (unsigned)u->texture_slot[s] + u->array_size;
         if (end > exec->num_texture_slots[s])
            exec->num_texture_slots[s] = end;
      }
   }
}

static void
executable_destroy(struct st_executable *exec)
{
   if (exec->owns_prog)
      glsl_program_destroy(exec->prog);
   for (unsigned i = 0; i < exec->num_state_uniforms; i++)
      free(exec->state_uniforms[i].name);
   free(exec->state_uniforms);
   free(exec->data);
   free(exec->sampler_units);
   free(exec->sampler_locations);
   free(exec->block_bindings);
   free(exec);
}

struct st_executable *
st_executable_create(struct glsl_program *prog, bool owns, GLenum xfb_mode)
{
   struct st_executable *exec = calloc(1, sizeof(*exec));
   if (!exec)
      return NULL;
   atomic_init(&exec->refcount, 1);
   exec->prog = prog;
   exec->xfb_mode = xfb_mode;
   size_t data_size = prog->default_block_size ? prog->default_block_size : 16;
   exec->data = calloc(1, data_size);
   exec->sampler_units =
      calloc(prog->num_locations ? prog->num_locations : 1, sizeof(int));
   exec->sampler_locations =
      calloc(prog->num_locations ? prog->num_locations : 1, sizeof(unsigned));
   exec->block_bindings =
      calloc(prog->num_blocks ? prog->num_blocks : 1, sizeof(GLuint));
   if (!exec->data || !exec->sampler_units || !exec->sampler_locations ||
       !exec->block_bindings || !init_state_uniforms(exec)) {
      executable_destroy(exec);
      return NULL;
   }
   for (unsigned l = 0; l < prog->num_locations; l++) {
      const struct glsl_uniform *u = &prog->uniforms[prog->location_uniform[l]];
      exec->sampler_units[l] = -1;
      if (u->type->base == IR_TYPE_SAMPLER) {
         exec->sampler_units[l] = 0;
         exec->sampler_locations[exec->num_sampler_locations++] = l;
      }
   }
   for (unsigned b = 0; b < prog->num_blocks; b++)
      exec->block_bindings[b] = prog->blocks[b].binding;
   init_default_block(exec);
   init_vs_inputs(exec);
   init_stream_output(exec);
   init_texture_slots(exec);
   /* Set last: a failure above must not destroy the caller's program. */
   exec->owns_prog = owns;
   return exec;
}

void
st_executable_reference(struct st_executable **slot, struct st_executable *exec)
{
   if (*slot == exec)
      return;
   if (exec)
      atomic_fetch_add(&exec->refcount, 1);
   if (*slot && atomic_fetch_sub(&(*slot)->refcount, 1) == 1)
      executable_destroy(*slot);
   *slot = exec;
}
