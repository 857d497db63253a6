/* SPDX-License-Identifier: MIT */

/*
 * Uniforms at link time: one default block for the whole program, the
 * uniform blocks, the list of active uniforms and the GL locations.
 *
 * Default block.  Uniform variables are merged by name over the stages
 * (vertex, geometry, fragment, in that order; the types must be equal)
 * and laid out once with the std140 rules in order of first declaration,
 * so that every stage reads a uniform at the same byte offset and the
 * state tracker keeps one buffer of values for the program.  Each stage's
 * variable gets that offset as driver_location.  Sampler uniforms take no
 * bytes; their texture slots stay as the translation assigned them (tex
 * instructions already name those slots).  A sampler inside a struct has
 * a variable of its own named after the leaf ("s.t", "a[1].t"), which
 * holds its slot; those variables are not uniforms of their own here,
 * the leaf walk of their struct finds them by name.
 *
 * Active uniforms.  A uniform is active when some stage's code refers to
 * it; the members of std140 and shared blocks are always active, as GL
 * says.  The list names leaves the way glGetActiveUniform does: struct
 * members expand to "s.m", arrays of structs to "s[i].m" for each i, and
 * an array of a basic type is one entry "a[0]" with its size.  Each
 * element of a default-block leaf gets one GL location, in list order.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "glsl_link_priv.h"
#include "util/u_arena.h"
#include "util/u_dynarray.h"
#include "util/u_strbuf.h"

static unsigned
align_up(unsigned v, unsigned a)
{
   return a ? (v + a - 1) / a * a : v;
}

static bool
is_sampler(const struct ir_type *t)
{
   return t->base == IR_TYPE_SAMPLER;
}

static struct ir_variable *
find_var(struct ir_shader *shader, enum ir_var_mode mode, const char *name)
{
   if (!shader)
      return NULL;
   ir_foreach_variable (shader, var) {
      if (var->mode == mode && strcmp(var->name, name) == 0)
         return var;
   }
   return NULL;
}

/* A uniform the translation declared for a sampler inside a struct
 * ("s.t", "a[1].t"; t2i_declare_sampler_leaves()): it holds that leaf's
 * texture slot and is listed through its struct variable. */
static bool
is_sampler_leaf_var(const struct ir_variable *var)
{
   return strchr(var->name, '.') || strchr(var->name, '[');
}

/* Whether stage @p s uses @p var or one of its sampler leaf variables. */
static bool
uniform_or_leaf_used(const struct glsl_link *l, unsigned s,
                     const struct ir_variable *var)
{
   if (glsl_link_uniform_used(l, s, var))
      return true;
   size_t n = strlen(var->name);
   ir_foreach_variable (l->prog->stages[s], leaf) {
      if (leaf->mode == IR_VAR_UNIFORM &&
          strncmp(leaf->name, var->name, n) == 0 &&
          (leaf->name[n] == '.' || leaf->name[n] == '[') &&
          glsl_link_uniform_used(l, s, leaf))
         return true;
   }
   return false;
}

struct leaf_walk {
   struct glsl_link *l;
   struct u_dynarray *list;
   int block_index;
   /** Samplers met so far in the variable (flattened index). */
   unsigned sampler_index;
   /** The variable in each stage (NULL where absent or unused). */
   const struct ir_variable *stage_var[IR_STAGE_COUNT];
};

static void
add_leaf(struct leaf_walk *w, const char *name, const struct ir_type *t,
         unsigned offset, bool row_major)
{
   struct glsl_uniform u = {
      .name = name,
      .type = t,
      .array_size = 1,
      .block_index = w->block_index,
      .offset = offset,
      .row_major = row_major,
      .location = -1,
   };
   if (ir_type_is_array(t)) {
      u.name = u_arena_asprintf(w->l->prog->arena, "%s[0]", name);
      u.type = t->element;
      u.array_size = t->length;
      u.array_stride = ir_type_std140_array_stride(t->element, row_major);
   }
   if (ir_type_is_matrix(u.type))
      u.matrix_stride = 16;
   for (unsigned s = 0; s < IR_STAGE_COUNT; s++) {
      const struct ir_variable *v = w->stage_var[s];
      u.texture_slot[s] = -1;
      if (!v || !is_sampler(u.type))
         continue;
      /* A sampler inside a struct: its own variable has the slot. */
      const struct ir_variable *leaf =
         strcmp(name, v->name) != 0
            ? find_var(w->l->prog->stages[s], IR_VAR_UNIFORM, name)
            : NULL;
      u.texture_slot[s] = leaf ? (int)leaf->driver_location
                               : (int)(v->driver_location + w->sampler_index);
   }
   if (is_sampler(u.type))
      w->sampler_index += u.array_size;
   u_dynarray_append(w->list, struct glsl_uniform, u);
}

static void
walk_type(struct leaf_walk *w, const char *name, const struct ir_type *t,
          unsigned offset, bool row_major)
{
   struct u_arena *arena = w->l->prog->arena;
   if (ir_type_is_struct(t)) {
      unsigned off = offset;
      for (unsigned i = 0; i < t->num_fields; i++) {
         const struct ir_struct_field *f = &t->fields[i];
         unsigned fa = ir_type_std140_align(f->type, f->row_major);
         off =
            f->offset >= 0 ? offset + (unsigned)f->offset : align_up(off, fa);
         const char *member =
            name[0] ? u_arena_asprintf(arena, "%s.%s", name, f->name) : f->name;
         walk_type(w, member, f->type, off, f->row_major);
         off += ir_type_std140_size(f->type, f->row_major);
      }
      return;
   }
   if (ir_type_is_array(t) &&
       (ir_type_is_struct(t->element) || ir_type_is_array(t->element))) {
      unsigned stride = ir_type_std140_array_stride(t->element, row_major);
      for (unsigned i = 0; i < t->length; i++) {
         walk_type(w, u_arena_asprintf(arena, "%s[%u]", name, i), t->element,
                   offset + i * stride, row_major);
      }
      return;
   }
   add_leaf(w, name, t, offset, row_major);
}

/* ---- The default block ----------------------------------------------- */

static bool
constants_equal(const struct ir_constant *a, const struct ir_constant *b)
{
   if (!a || !b)
      return a == b;
   if (a->num_elements != b->num_elements)
      return false;
   for (unsigned i = 0; i < a->num_elements; i++) {
      if (!constants_equal(a->elements[i], b->elements[i]))
         return false;
   }
   return a->num_elements > 0 ||
          memcmp(a->values, b->values, sizeof(a->values)) == 0;
}

static void
layout_default_block(struct glsl_link *l, struct u_dynarray *list)
{
   struct glsl_program *prog = l->prog;
   unsigned offset = 0;
   for (unsigned s = 0; s < IR_STAGE_COUNT; s++) {
      if (!prog->stages[s])
         continue;
      ir_foreach_variable (prog->stages[s], var) {
         if (var->mode != IR_VAR_UNIFORM || is_sampler_leaf_var(var))
            continue;
         /* Handled with the first stage that declares it. */
         bool seen = false;
         for (unsigned p = 0; p < s; p++)
            seen |=
               find_var(prog->stages[p], IR_VAR_UNIFORM, var->name) != NULL;
         if (seen)
            continue;

         struct leaf_walk w = { .l = l, .list = list, .block_index = -1 };
         bool active = false;
         /* The initializer of whichever stage gives one (GLSL 1.20,
          * 4.3.5: those given must agree). */
         const struct ir_constant *init = NULL;
         unsigned align = ir_type_std140_align(var->type, false);
         offset = align_up(offset, align ? align : 1);
         for (unsigned t = s; t < IR_STAGE_COUNT; t++) {
            struct ir_variable *v =
               find_var(prog->stages[t], IR_VAR_UNIFORM, var->name);
            if (!v)
               continue;
            if (!ir_type_equal(v->type, var->type)) {
               glsl_link_error(l,
                               "uniform `%s' is %s in one stage and %s in "
                               "another",
                               var->name, glsl_link_type_name(l, var->type),
                               glsl_link_type_name(l, v->type));
               return;
            }
            if (v->initializer && init &&
                !constants_equal(v->initializer, init)) {
               glsl_link_error(l,
                               "uniform `%s' has different initializers "
                               "in two stages",
                               var->name);
               return;
            }
            if (v->initializer)
               init = v->initializer;
            bool sampler_only = ir_type_std140_size(var->type, false) == 0;
            if (!sampler_only)
               v->driver_location = offset;
            /* An initialized uniform stays active where declared, used or
             * not: the application may still query and set it (as other
             * drivers allow; GL lets a linker keep any uniform). */
            if (uniform_or_leaf_used(l, t, v) || v->initializer) {
               w.stage_var[t] = v;
               active = true;
            }
         }
         unsigned first = (unsigned)(list->size / sizeof(struct glsl_uniform));
         if (active)
            walk_type(&w, var->name, var->type, offset, false);
         unsigned last = (unsigned)(list->size / sizeof(struct glsl_uniform));
         if (init && last == first + 1) {
            struct glsl_uniform *u =
               u_dynarray_element_ptr(list, sizeof(struct glsl_uniform), first);
            u->initializer = init;
         }
         offset += ir_type_std140_size(var->type, false);
      }
   }
   prog->default_block_size = align_up(offset, 16);
}

static void
check_stage_limits(struct glsl_link *l)
{
   static const char *const names[] = { "vertex", "geometry", "fragment" };
   const struct glsl_limits *lim = &l->limits;
   unsigned max_components[3] = { lim->max_vertex_uniform_components,
                                  lim->max_geometry_uniform_components,
                                  lim->max_fragment_uniform_components };
   unsigned max_samplers[3] = { lim->max_vertex_texture_image_units,
                                lim->max_geometry_texture_image_units,
                                lim->max_texture_image_units };
   unsigned max_blocks[3] = { lim->max_vertex_uniform_blocks,
                              lim->max_geometry_uniform_blocks,
                              lim->max_fragment_uniform_blocks };
   unsigned total_samplers = 0, total_blocks = 0;
   for (unsigned s = 0; s < 3; s++) {
      struct ir_shader *sh = l->prog->stages[s];
      if (!sh)
         continue;
      unsigned components = 0, samplers = 0, blocks = 0;
      ir_foreach_variable (sh, var) {
         if (var->mode == IR_VAR_UBO) {
            blocks += ir_type_is_array(var->type) ? var->type->length : 1;
            continue;
         }
         if (var->mode != IR_VAR_UNIFORM || !glsl_link_uniform_used(l, s, var))
            continue;
         unsigned n = ir_type_component_count(var->type);
         const struct ir_type *t = var->type;
         while (ir_type_is_array(t))
            t = t->element;
         if (is_sampler(t))
            samplers += n;
         else if (l->prog->es)
            components += ir_type_slot_count(var->type) * 4;
         else
            components += n;
      }
      if (components > max_components[s])
         glsl_link_error(l,
                         "too many %s shader uniform components (%u, at "
                         "most %u)",
                         names[s], components, max_components[s]);
      if (samplers > max_samplers[s])
         glsl_link_error(l, "too many %s shader samplers (%u, at most %u)",
                         names[s], samplers, max_samplers[s]);
      if (blocks > max_blocks[s])
         glsl_link_error(l,
                         "too many %s shader uniform blocks (%u, at most "
                         "%u)",
                         names[s], blocks, max_blocks[s]);
      total_samplers += samplers;
      total_blocks += blocks;
   }
   if (total_samplers > lim->max_combined_texture_image_units)
      glsl_link_error(l, "too many samplers in the program (%u, at most %u)",
                      total_samplers, lim->max_combined_texture_image_units);
   if (total_blocks > lim->max_combined_uniform_blocks)
      glsl_link_error(l, "too many uniform blocks in the program");
}

/* ---- Uniform blocks --------------------------------------------------- */

static const struct ir_type *
block_type(const struct ir_variable *var)
{
   return ir_type_is_array(var->type) ? var->type->element : var->type;
}

/* GLSL 1.50, 4.3.7: a uniform block of one name is declared alike in
 * every stage, members (names, types, layouts, order) and array size,
 * whether or not the stages use it. */
static bool
check_block_matches(struct glsl_link *l)
{
   struct glsl_program *prog = l->prog;
   for (unsigned s = 0; s < IR_STAGE_COUNT; s++) {
      if (!prog->stages[s])
         continue;
      ir_foreach_variable (prog->stages[s], var) {
         if (var->mode != IR_VAR_UBO)
            continue;
         for (unsigned t = s + 1; t < IR_STAGE_COUNT; t++) {
            if (!prog->stages[t])
               continue;
            ir_foreach_variable (prog->stages[t], other) {
               if (other->mode != IR_VAR_UBO ||
                   strcmp(block_type(other)->name, block_type(var)->name) != 0)
                  continue;
               if (!ir_type_equal(other->type, var->type)) {
                  glsl_link_error(l,
                                  "uniform block `%s' is declared "
                                  "differently in the %s and %s shaders",
                                  block_type(var)->name,
                                  glsl_link_stage_name((enum ir_stage)s),
                                  glsl_link_stage_name((enum ir_stage)t));
                  return false;
               }
            }
         }
      }
   }
   return true;
}

static void
link_blocks(struct glsl_link *l, struct u_dynarray *list)
{
   if (!check_block_matches(l))
      return;
   struct glsl_program *prog = l->prog;
   struct u_dynarray blocks;
   u_dynarray_init(&blocks, prog->arena);

   for (unsigned s = 0; s < IR_STAGE_COUNT; s++) {
      if (!prog->stages[s])
         continue;
      ir_foreach_variable (prog->stages[s], var) {
         if (var->mode != IR_VAR_UBO)
            continue;
         const struct ir_type *iface = block_type(var);
         unsigned count = ir_type_is_array(var->type) ? var->type->length : 1;
         bool used = glsl_link_var_used(l, s, var);
         if (!used && iface->packing == IR_PACKING_PACKED)
            continue;
         unsigned size = ir_type_std140_size(iface, false);
         if (size > l->limits.max_uniform_block_size) {
            glsl_link_error(l, "uniform block `%s' is too big (%u bytes)",
                            iface->name, size);
            return;
         }
         for (unsigned e = 0; e < count; e++) {
            const char *name =
               count > 1 || ir_type_is_array(var->type)
                  ? u_arena_asprintf(prog->arena, "%s[%u]", iface->name, e)
                  : iface->name;
            struct glsl_uniform_block *b = NULL;
            unsigned nb = (unsigned)(blocks.size / sizeof(*b));
            for (unsigned i = 0; i < nb; i++) {
               struct glsl_uniform_block *o =
                  u_dynarray_element_ptr(&blocks, sizeof(*b), i);
               if (strcmp(o->name, name) == 0)
                  b = o;
            }
            if (b) {
               if (b->data_size != size) {
                  glsl_link_error(l,
                                  "uniform block `%s' differs between "
                                  "stages",
                                  iface->name);
                  return;
               }
               b->stage_index[s] = (int)(var->driver_location + e);
               continue;
            }
            struct glsl_uniform_block nbk = {
               .name = name,
               .data_size = size,
               .binding = var->binding >= 0 ? (unsigned)var->binding + e : 0,
            };
            for (unsigned t = 0; t < IR_STAGE_COUNT; t++)
               nbk.stage_index[t] = -1;
            nbk.stage_index[s] = (int)(var->driver_location + e);

            /* Members, listed once for the block (or block array). */
            bool listed = false;
            for (unsigned i = 0; i < nb; i++) {
               struct glsl_uniform_block *o =
                  u_dynarray_element_ptr(&blocks, sizeof(*b), i);
               if (strncmp(o->name, iface->name, strlen(iface->name)) == 0 &&
                   (o->name[strlen(iface->name)] == '[' ||
                    o->name[strlen(iface->name)] == 0)) {
                  nbk.first_uniform = o->first_uniform;
                  nbk.num_uniforms = o->num_uniforms;
                  listed = true;
               }
            }
            if (!listed) {
               struct leaf_walk w = { .l = l,
                                      .list = list,
                                      .block_index = (int)nb };
               bool named = strcmp(var->name, iface->name) != 0;
               nbk.first_uniform =
                  (unsigned)(list->size / sizeof(struct glsl_uniform));
               walk_type(&w, named ? iface->name : "", iface, 0, false);
               nbk.num_uniforms =
                  (unsigned)(list->size / sizeof(struct glsl_uniform)) -
                  nbk.first_uniform;
            }
            u_dynarray_append(&blocks, struct glsl_uniform_block, nbk);
         }
      }
   }
   prog->blocks = blocks.data;
   prog->num_blocks =
      (unsigned)(blocks.size / sizeof(struct glsl_uniform_block));
}

/* ---- Locations --------------------------------------------------------- */

static void
assign_locations(struct glsl_program *prog)
{
   unsigned n = 0;
   for (unsigned i = 0; i < prog->num_uniforms; i++) {
      if (prog->uniforms[i].block_index < 0)
         n += prog->uniforms[i].array_size;
   }
   prog->location_uniform =
      u_arena_alloc_array(prog->arena, n, sizeof(unsigned));
   prog->location_element =
      u_arena_alloc_array(prog->arena, n, sizeof(unsigned));
   if (n && (!prog->location_uniform || !prog->location_element))
      return;
   unsigned loc = 0;
   for (unsigned i = 0; i < prog->num_uniforms; i++) {
      struct glsl_uniform *u = &prog->uniforms[i];
      if (u->block_index >= 0)
         continue;
      u->location = (int)loc;
      for (unsigned e = 0; e < u->array_size; e++, loc++) {
         prog->location_uniform[loc] = i;
         prog->location_element[loc] = e;
      }
   }
   prog->num_locations = loc;
}

bool
glsl_link_uniforms(struct glsl_link *l)
{
   struct u_dynarray list;
   u_dynarray_init(&list, l->prog->arena);
   layout_default_block(l, &list);
   if (l->prog->ok)
      link_blocks(l, &list);
   if (l->prog->ok)
      check_stage_limits(l);
   l->prog->uniforms = list.data;
   l->prog->num_uniforms = (unsigned)(list.size / sizeof(struct glsl_uniform));
   if (l->prog->ok)
      assign_locations(l->prog);
   return l->prog->ok;
}

int
glsl_program_uniform_location(const struct glsl_program *prog, const char *name)
{
   if (!prog || !prog->ok || !name)
      return -1;
   /* Split a trailing "[N]". */
   size_t len = strlen(name);
   unsigned index = 0;
   size_t base_len = len;
   if (len > 3 && name[len - 1] == ']') {
      const char *open = strrchr(name, '[');
      char *end = NULL;
      if (!open || open[1] < '0' || open[1] > '9')
         return -1;
      unsigned long v = strtoul(open + 1, &end, 10);
      if (end != name + len - 1 || v > 1u << 20)
         return -1;
      index = (unsigned)v;
      base_len = (size_t)(open - name);
   }
   for (unsigned i = 0; i < prog->num_uniforms; i++) {
      const struct glsl_uniform *u = &prog->uniforms[i];
      if (u->location < 0)
         continue;
      size_t ulen = strlen(u->name);
      bool is_array = ulen > 3 && strcmp(u->name + ulen - 3, "[0]") == 0;
      if (is_array) {
         if (base_len == ulen - 3 && strncmp(name, u->name, base_len) == 0 &&
             index < u->array_size)
            return u->location + (int)index;
      } else if (strcmp(name, u->name) == 0) {
         return u->location;
      }
   }
   return -1;
}
