/* SPDX-License-Identifier: MIT */

/*
 * The linker's driver (see glsl_link.h for what linking fixes).
 *
 * Steps, each stopping the link after an error:
 *  1. group the shaders by stage, check that each compiled and that the
 *     versions may be linked together (ES with ES of the same version);
 *  2. make each stage's IR (glsl_link_stage.c): one shader's IR is
 *     copied (through the text form, which round-trips exactly) so that
 *     the compiled shaders stay untouched; several shaders of a stage are
 *     translated together; check the geometry layouts;
 *  3. varyings: the user outputs of each vertex-processing stage get
 *     slots IR_VARYING_SLOT_VAR0 + N in declaration order (one per vec4
 *     location; no packing yet), the next stage's inputs take the slot of
 *     the output of the same name, whose type must be the same (for
 *     geometry inputs: the element type) and, from GLSL 1.30 and in ES,
 *     whose interpolation must agree; an input the consumer uses without a
 *     matching output is an error, an unused one gets a slot nobody
 *     writes;
 *  4. vertex attributes: explicit layout locations, then
 *     glBindAttribLocation bindings, then the lowest free locations, in
 *     declaration order; the compatibility attributes have fixed ones;
 *  5. fragment outputs likewise (layout, glBindFragDataLocation, then
 *     automatic), with the GLSL rules on mixing gl_FragColor, gl_FragData
 *     and user outputs; gl_FragColor is copied to every colour output;
 *  6. uniforms (glsl_link_uniforms.c), transform feedback
 *     (glsl_link_xfb.c), gl_ClipDistance packed four a slot
 *     (glsl_link_clip.c), and a final validation of every stage.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "compiler/ir/ir_builder.h"
#include "compiler/ir/ir_passes_io.h"
#include "glsl_builtins.h"
#include "glsl_link_priv.h"
#include "util/u_arena.h"
#include "util/u_dynarray.h"
#include "util/u_hash.h"
#include "util/u_strbuf.h"

static const char *const stage_names[IR_STAGE_COUNT] = {
   [IR_STAGE_VERTEX] = "vertex",
   [IR_STAGE_GEOMETRY] = "geometry",
   [IR_STAGE_FRAGMENT] = "fragment",
   [IR_STAGE_COMPUTE] = "compute",
};

void
glsl_link_error(struct glsl_link *l, const char *fmt, ...)
{
   va_list args;
   va_start(args, fmt);
   u_strbuf_append(l->log, "error: ");
   u_strbuf_vappendf(l->log, fmt, args);
   u_strbuf_append_char(l->log, '\n');
   va_end(args);
   l->prog->ok = false;
}

const char *
glsl_link_stage_name(enum ir_stage stage)
{
   return stage < IR_STAGE_COUNT && stage_names[stage] ? stage_names[stage]
                                                       : "?";
}

bool
glsl_link_is_builtin(const struct ir_variable *var)
{
   return var->name && strncmp(var->name, "gl_", 3) == 0;
}

bool
glsl_link_var_used(const struct glsl_link *l, enum ir_stage stage,
                   const struct ir_variable *var)
{
   return l->used[stage] && u_set_contains(l->used[stage], var);
}

const char *
glsl_link_type_name(const struct glsl_link *l, const struct ir_type *t)
{
   struct u_strbuf b;
   u_strbuf_init(&b, l->prog->arena);
   ir_type_print(t, &b);
   return b.str;
}

/* ---- Steps 1 and 2 ---------------------------------------------------- */

static bool
group_shaders(struct glsl_link *l, struct glsl_shader *const *shaders,
              unsigned count)
{
   if (count == 0) {
      glsl_link_error(l, "no shaders attached to the program");
      return false;
   }
   for (unsigned i = 0; i < count; i++) {
      struct glsl_shader *sh = shaders[i];
      if (!sh || !sh->ok || !sh->ir) {
         glsl_link_error(l, "linking with an uncompiled shader");
         return false;
      }
      if (sh->stage >= IR_STAGE_COMPUTE) {
         glsl_link_error(l, "%s shaders are not supported",
                         stage_names[sh->stage]);
         return false;
      }
      enum ir_stage s = sh->stage;
      if (!l->stage_shaders[s]) {
         l->stage_shaders[s] =
            u_arena_zalloc_array(l->prog->arena, count, sizeof(sh));
         if (!l->stage_shaders[s]) {
            glsl_link_error(l, "out of memory");
            return false;
         }
         l->shaders[s] = sh;
      }
      l->stage_shaders[s][l->num_stage_shaders[s]++] = sh;
   }

   const struct glsl_shader *first = NULL;
   for (unsigned i = 0; i < count; i++) {
      const struct glsl_shader *sh = shaders[i];
      if (!first) {
         first = sh;
         l->prog->version = sh->version;
         l->prog->es = sh->es;
         continue;
      }
      if (sh->es != first->es) {
         glsl_link_error(l, "cannot link ES and desktop GLSL shaders");
         return false;
      }
      if (sh->es && sh->version != first->version) {
         glsl_link_error(l,
                         "ES shaders of different versions (%u and %u) "
                         "cannot be linked",
                         first->version, sh->version);
         return false;
      }
      if (sh->version > l->prog->version)
         l->prog->version = sh->version;
   }
   if (first->es &&
       (!l->shaders[IR_STAGE_VERTEX] || !l->shaders[IR_STAGE_FRAGMENT])) {
      glsl_link_error(l, "an ES program needs a vertex and a fragment "
                         "shader");
      return false;
   }
   if (l->shaders[IR_STAGE_GEOMETRY] && !l->shaders[IR_STAGE_VERTEX]) {
      glsl_link_error(l, "a geometry shader needs a vertex shader");
      return false;
   }
   return true;
}

/* Records every variable a deref of the stage names, and the texture
 * slots its tex instructions read. */
static struct u_set *
collect_used(struct u_arena *arena, struct ir_shader *shader,
             uint64_t *textures)
{
   struct u_set *used = u_set_create_pointer(arena);
   if (!used)
      return NULL;
   ir_foreach_function (shader, fn) {
      ir_foreach_block (fn, block) {
         ir_foreach_instr (block, instr) {
            struct ir_deref *d = ir_instr_as_deref(instr);
            if (d && d->deref_kind == IR_DEREF_VAR)
               u_set_add(used, d->var);
            struct ir_tex *tex = ir_instr_as_tex(instr);
            if (tex && tex->texture_index < 64)
               *textures |= 1ull << tex->texture_index;
         }
      }
   }
   return used;
}

/* Texture slots a variable holds (samplers, possibly in arrays and
 * structs). */
static unsigned
sampler_count(const struct ir_type *t)
{
   if (t->base == IR_TYPE_SAMPLER)
      return 1;
   if (ir_type_is_array(t))
      return t->length * sampler_count(t->element);
   unsigned n = 0;
   if (ir_type_is_struct(t)) {
      for (unsigned i = 0; i < t->num_fields; i++)
         n += sampler_count(t->fields[i].type);
   }
   return n;
}

bool
glsl_link_uniform_used(const struct glsl_link *l, enum ir_stage stage,
                       const struct ir_variable *var)
{
   if (glsl_link_var_used(l, stage, var))
      return true;
   /* Only sampler variables (and arrays of them) hold texture slots in
    * driver_location; a struct's samplers are variables of their own
    * (the translation declares one per sampler leaf). */
   const struct ir_type *t = var->type;
   while (ir_type_is_array(t))
      t = t->element;
   if (t->base != IR_TYPE_SAMPLER)
      return false;
   unsigned n = sampler_count(var->type);
   for (unsigned i = 0; i < n; i++) {
      unsigned slot = var->driver_location + i;
      if (slot < 64 && (l->textures_used[stage] >> slot) & 1)
         return true;
   }
   return false;
}

static bool
copy_stages(struct glsl_link *l)
{
   struct glsl_program *prog = l->prog;
   for (unsigned s = 0; s < IR_STAGE_COUNT; s++) {
      if (!l->shaders[s] || !glsl_link_stage_ir(l, (enum ir_stage)s))
         continue;
      l->used[s] =
         collect_used(prog->arena, prog->stages[s], &l->textures_used[s]);
   }
   if (!prog->ok)
      return false;
   if (prog->stages[IR_STAGE_GEOMETRY]) {
      /* Layouts declared in any of the stage's shaders (glsl_link_stage.c
       * checked that they agree). */
      for (unsigned i = 0; i < l->num_stage_shaders[IR_STAGE_GEOMETRY]; i++) {
         const struct glsl_shader *sh = l->stage_shaders[IR_STAGE_GEOMETRY][i];
         if (sh->gs_input_prim >= 0)
            prog->gs_input_prim = sh->gs_input_prim;
         if (sh->gs_output_prim >= 0)
            prog->gs_output_prim = sh->gs_output_prim;
         if (sh->gs_max_vertices >= 0)
            prog->gs_max_vertices = sh->gs_max_vertices;
      }
      if (prog->gs_input_prim < 0)
         glsl_link_error(l, "geometry shader didn't declare its input "
                            "primitive");
      if (prog->gs_output_prim < 0)
         glsl_link_error(l, "geometry shader didn't declare its output "
                            "primitive");
      if (prog->gs_max_vertices < 0)
         glsl_link_error(l, "geometry shader didn't declare max_vertices");
   }
   for (unsigned i = 0; i < l->num_stage_shaders[IR_STAGE_FRAGMENT]; i++) {
      const struct glsl_shader *fs = l->stage_shaders[IR_STAGE_FRAGMENT][i];
      prog->origin_upper_left |= fs->origin_upper_left;
      prog->pixel_center_integer |= fs->pixel_center_integer;
   }
   return prog->ok;
}

/* ---- Step 3: varyings ------------------------------------------------- */

static bool
is_user_var(const struct ir_variable *var, enum ir_var_mode mode)
{
   return var->mode == mode && !glsl_link_is_builtin(var);
}

/* A varying that may share a vec4 slot with others: a 32-bit scalar or
 * vector (arrays, matrices and structs keep whole slots). */
static bool
packable(const struct ir_variable *var)
{
   const struct ir_type *t = var->type;
   return ir_type_is_vector_or_scalar(t) && t->vector_elements < 4 &&
          ir_base_type_bit_size(t->base) == 32;
}

/* Varyings may share a slot only if they are interpolated alike (the
 * fragment stage interpolates a slot one way). */
static bool
same_slot_class(const struct ir_variable *a, const struct ir_variable *b)
{
   bool ia = a->type->base != IR_TYPE_FLOAT,
        ib = b->type->base != IR_TYPE_FLOAT;
   return a->interp == b->interp && a->centroid == b->centroid &&
          a->sample == b->sample && ia == ib;
}

/*
 * Gives the user outputs of @p stage their varying slots: one vec4 slot
 * (or more) each, in declaration order.  When that needs more than the 32
 * user slots, scalars and 2- or 3-vectors are packed (GLSL 1.30 4.3.6
 * lets a program use max_varying_components scalars): each goes, at
 * `component`, into the first slot of its kind with room, and takes a new
 * slot only when none has.  The next stage's inputs copy location and
 * component, so both sides agree.
 */
static void
assign_output_slots(struct glsl_link *l, enum ir_stage stage)
{
   struct ir_shader *sh = l->prog->stages[stage];
   unsigned needed = 0;
   ir_foreach_variable (sh, var) {
      if (is_user_var(var, IR_VAR_SHADER_OUT))
         needed += ir_type_slot_count(var->type);
   }
   bool pack = IR_VARYING_SLOT_VAR0 + needed > IR_VARYING_SLOT_MAX;

   /* Per slot: the first variable placed there and the components used. */
   const struct ir_variable *owner[IR_VARYING_SLOT_MAX] = { 0 };
   unsigned used[IR_VARYING_SLOT_MAX] = { 0 };
   unsigned next = IR_VARYING_SLOT_VAR0;
   ir_foreach_variable (sh, var) {
      if (!is_user_var(var, IR_VAR_SHADER_OUT))
         continue;
      var->component = 0;
      if (pack && packable(var)) {
         unsigned n = var->type->vector_elements, s;
         for (s = IR_VARYING_SLOT_VAR0; s < next; s++) {
            if (owner[s] && packable(owner[s]) &&
                same_slot_class(owner[s], var) && used[s] + n <= 4)
               break;
         }
         if (s == next) {
            if (next + 1 > IR_VARYING_SLOT_MAX)
               goto too_many;
            owner[next++] = var;
         }
         var->location = (int)s;
         var->component = used[s];
         used[s] += n;
         continue;
      }
      unsigned slots = ir_type_slot_count(var->type);
      if (next + slots > IR_VARYING_SLOT_MAX)
         goto too_many;
      owner[next] = var;
      used[next] = 4;
      var->location = (int)next;
      next += slots;
   }
   return;
too_many:
   glsl_link_error(l, "too many %s shader outputs", stage_names[stage]);
}

static bool
interp_must_match(const struct glsl_link *l)
{
   /* GLSL 1.30 to 4.20 and ESSL 3.00 make a mismatch a link error. */
   return l->prog->es ? l->prog->version >= 300
                      : l->prog->version >= 130 && l->prog->version < 430;
}

static const struct ir_type *
interface_of(const struct ir_type *t)
{
   while (ir_type_is_array(t))
      t = t->element;
   return t->base == IR_TYPE_INTERFACE ? t : NULL;
}

/* Whether output @p out feeds input @p in (of type @p want per vertex):
 * the same name, or interface blocks of one block name whatever their
 * instance names (GLSL 1.50, 4.3.7).  (A shader's IR text renames a
 * block type whose name a uniform block also uses, "block_1", so the
 * instance name is tried first.) */
static bool
same_varying(const struct ir_variable *out, const struct ir_variable *in,
             const struct ir_type *want)
{
   if (strcmp(out->name, in->name) == 0)
      return true;
   const struct ir_type *bo = interface_of(out->type), *bi = interface_of(want);
   return bo && bi && strcmp(bo->name, bi->name) == 0;
}

/* Type equality for varyings: blocks already matched by name compare
 * their members only (the IR may have renamed one block type, see
 * same_varying()). */
static bool
varying_types_equal(const struct ir_type *a, const struct ir_type *b)
{
   if (ir_type_is_array(a) && ir_type_is_array(b))
      return a->length == b->length &&
             varying_types_equal(a->element, b->element);
   if (a->base != IR_TYPE_INTERFACE || b->base != IR_TYPE_INTERFACE)
      return ir_type_equal(a, b);
   if (a->num_fields != b->num_fields)
      return false;
   for (unsigned i = 0; i < a->num_fields; i++) {
      if (strcmp(a->fields[i].name, b->fields[i].name) != 0 ||
          !ir_type_equal(a->fields[i].type, b->fields[i].type))
         return false;
   }
   return true;
}

static bool
invariance_must_match(const struct glsl_link *l)
{
   /* GLSL 1.20 to 4.20 (4.6.1: an output and its input are both invariant
    * or neither) and ESSL 1.00; ESSL 3.00 has no invariant inputs and
    * GLSL 4.30 ignores the qualifier on inputs. */
   return l->prog->es ? l->prog->version == 100 : l->prog->version < 430;
}

static void
link_stage_pair(struct glsl_link *l, enum ir_stage prod, enum ir_stage cons)
{
   struct ir_shader *p = l->prog->stages[prod];
   struct ir_shader *c = l->prog->stages[cons];
   unsigned components = 0;
   unsigned unmatched_slot = IR_VARYING_SLOT_MAX - 1;

   ir_foreach_variable (c, in) {
      if (!is_user_var(in, IR_VAR_SHADER_IN))
         continue;
      const struct ir_type *want = in->type;
      if (cons == IR_STAGE_GEOMETRY && ir_type_is_array(want))
         want = want->element;

      struct ir_variable *out = NULL;
      ir_foreach_variable (p, o) {
         if (is_user_var(o, IR_VAR_SHADER_OUT) && same_varying(o, in, want)) {
            out = o;
            break;
         }
      }
      if (!out) {
         if (glsl_link_var_used(l, cons, in)) {
            glsl_link_error(l,
                            "%s shader input `%s' has no matching output "
                            "in the %s shader",
                            stage_names[cons], in->name, stage_names[prod]);
         }
         in->location = (int)unmatched_slot;
         continue;
      }
      /* GLSL 1.10 and 1.20 (4.3.6): a varying the fragment shader reads
       * must be written by the vertex shader; later versions leave it
       * undefined. */
      if (!l->prog->es && l->prog->version < 130 &&
          glsl_link_var_used(l, cons, in) &&
          !glsl_link_var_used(l, prod, out)) {
         glsl_link_error(l,
                         "%s shader input `%s' is never written by the %s "
                         "shader",
                         stage_names[cons], in->name, stage_names[prod]);
         continue;
      }
      if (!varying_types_equal(out->type, want)) {
         glsl_link_error(l,
                         "`%s' is %s in the %s shader but %s in the %s "
                         "shader",
                         in->name, glsl_link_type_name(l, out->type),
                         stage_names[prod], glsl_link_type_name(l, want),
                         stage_names[cons]);
         continue;
      }
      if (interp_must_match(l) && out->interp != in->interp) {
         glsl_link_error(l,
                         "`%s' has different interpolation qualifiers in "
                         "the %s and %s shaders",
                         in->name, stage_names[prod], stage_names[cons]);
         continue;
      }
      if (invariance_must_match(l) && out->invariant != in->invariant) {
         glsl_link_error(l, "`%s' is invariant in one shader only", in->name);
         continue;
      }
      in->location = out->location;
      in->component = out->component;
      components += ir_type_component_count(want);
   }
   if (components > l->limits.max_varying_components) {
      glsl_link_error(l, "too many varying components (%u, at most %u)",
                      components, l->limits.max_varying_components);
   }
}

static void
link_varyings(struct glsl_link *l)
{
   static const enum ir_stage order[] = { IR_STAGE_VERTEX, IR_STAGE_GEOMETRY,
                                          IR_STAGE_FRAGMENT };
   for (unsigned i = 0; i < 2; i++) {
      if (l->prog->stages[order[i]])
         assign_output_slots(l, order[i]);
   }
   enum ir_stage prev = IR_STAGE_COUNT;
   for (unsigned i = 0; i < 3; i++) {
      if (!l->prog->stages[order[i]])
         continue;
      if (prev != IR_STAGE_COUNT)
         link_stage_pair(l, prev, order[i]);
      prev = order[i];
   }
   /* A fragment shader alone reads nothing from user varyings. */
   if (!l->prog->stages[IR_STAGE_VERTEX] &&
       l->prog->stages[IR_STAGE_FRAGMENT]) {
      ir_foreach_variable (l->prog->stages[IR_STAGE_FRAGMENT], in) {
         if (is_user_var(in, IR_VAR_SHADER_IN))
            in->location = IR_VARYING_SLOT_MAX - 1;
      }
   }
}

/* ---- Steps 4 and 5: attributes and fragment outputs -------------------- */

static const struct glsl_link_binding *
find_binding(const struct glsl_link_binding *b, unsigned n, const char *name)
{
   for (unsigned i = n; i-- > 0;) {
      if (b[i].name && strcmp(b[i].name, name) == 0)
         return &b[i];
   }
   return NULL;
}

static int
builtin_attrib(const char *name)
{
   static const char *const names[] = {
      [GLSL_ATTRIB_VERTEX] = "gl_Vertex",
      [GLSL_ATTRIB_NORMAL] = "gl_Normal",
      [GLSL_ATTRIB_COLOR] = "gl_Color",
      [GLSL_ATTRIB_SECONDARY_COLOR] = "gl_SecondaryColor",
      [GLSL_ATTRIB_FOG_COORD] = "gl_FogCoord",
   };
   for (unsigned i = 0; i < GLSL_ATTRIB_MULTI_TEX_COORD0; i++) {
      if (strcmp(name, names[i]) == 0)
         return (int)i;
   }
   unsigned n;
   char tail;
   if (sscanf(name, "gl_MultiTexCoord%u%c", &n, &tail) == 1 && n < 8)
      return GLSL_ATTRIB_MULTI_TEX_COORD0 + (int)n;
   return -1;
}

static void
add_io(struct glsl_link *l, struct u_dynarray *list,
       const struct ir_variable *var)
{
   struct glsl_program_io io = {
      .name = var->name,
      .type = ir_type_is_array(var->type) ? var->type->element : var->type,
      .array_size = ir_type_is_array(var->type) ? var->type->length : 1,
      .location = var->location,
      .index = var->index,
   };
   (void)l;
   u_dynarray_append(list, struct glsl_program_io, io);
}

/*
 * Gives each of @p vars a location range in [0, @p max): the explicit or
 * bound ones first (overlaps are errors), then the rest in order, at the
 * lowest free range outside @p reserved.  @p what names them in messages.
 */
static void
place_locations(struct glsl_link *l, struct ir_variable **vars, unsigned n,
                const bool *fixed, unsigned max, bool by_index,
                uint64_t reserved, const char *what)
{
   uint64_t taken[2] = { 0, 0 }; /* by dual-source index */
   for (unsigned i = 0; i < n; i++) {
      if (!fixed[i])
         continue;
      struct ir_variable *v = vars[i];
      unsigned slots = ir_type_slot_count(v->type);
      unsigned idx = by_index && v->index ? 1 : 0;
      if (v->location < 0 || (unsigned)v->location + slots > max) {
         glsl_link_error(l, "%s `%s' has an invalid location %d", what, v->name,
                         v->location);
         continue;
      }
      uint64_t mask = ((slots >= 64 ? ~0ull : (1ull << slots) - 1))
                      << v->location;
      if (taken[idx] & mask) {
         glsl_link_error(l, "%s `%s' overlaps another one at location %d", what,
                         v->name, v->location);
         continue;
      }
      taken[idx] |= mask;
   }
   taken[0] |= reserved;
   for (unsigned i = 0; i < n; i++) {
      if (fixed[i])
         continue;
      struct ir_variable *v = vars[i];
      unsigned slots = ir_type_slot_count(v->type);
      uint64_t mask = (slots >= 64 ? ~0ull : (1ull << slots) - 1);
      unsigned loc = 0;
      while (loc + slots <= max && ((taken[0] | reserved) & (mask << loc)))
         loc++;
      if (loc + slots > max) {
         glsl_link_error(l, "too many %ss: no room for `%s'", what, v->name);
         return;
      }
      taken[0] |= mask << loc;
      v->location = (int)loc;
   }
}

static void
link_attributes(struct glsl_link *l)
{
   struct ir_shader *vs = l->prog->stages[IR_STAGE_VERTEX];
   if (!vs)
      return;
   const struct glsl_link_options *o = l->opts;
   struct ir_variable *vars[64];
   bool fixed[64];
   unsigned n = 0;
   /* Generic attribute 0 aliases gl_Vertex (GL 3.0 compatibility, 2.7):
    * glVertexAttrib*(0, ...) provokes a vertex.  A shader reading gl_Vertex
    * gets no generic attribute at location 0 unless it asks for it. */
   uint64_t reserved = 0;
   ir_foreach_variable (vs, var) {
      if (var->mode != IR_VAR_SHADER_IN)
         continue;
      if (glsl_link_is_builtin(var)) {
         int a = builtin_attrib(var->name);
         if (a >= 0)
            var->location = GLSL_LINK_BUILTIN_ATTRIB_BASE + a;
         if (a == GLSL_ATTRIB_VERTEX &&
             glsl_link_var_used(l, IR_STAGE_VERTEX, var))
            reserved = 1;
         continue;
      }
      if (n == 64) {
         glsl_link_error(l, "too many vertex attributes");
         return;
      }
      const struct glsl_link_binding *b =
         o ? find_binding(o->attrib_bindings, o->num_attrib_bindings, var->name)
           : NULL;
      if (var->location < 0 && b)
         var->location = (int)b->location;
      fixed[n] = var->location >= 0;
      vars[n++] = var;
   }
   place_locations(l, vars, n, fixed, l->limits.max_vertex_attribs, false,
                   reserved, "vertex attribute");

   struct u_dynarray list;
   u_dynarray_init(&list, l->prog->arena);
   /* glGetActiveAttrib lists gl_VertexID and gl_InstanceID too (GL 3.2,
    * 2.11.3: "all active vertex shader input variables ... including
    * built-in inputs"), at location -1. */
   ir_foreach_variable (vs, var) {
      bool input = var->mode == IR_VAR_SHADER_IN ||
                   (var->mode == IR_VAR_SYSTEM_VALUE &&
                    (strcmp(var->name, "gl_VertexID") == 0 ||
                     strcmp(var->name, "gl_InstanceID") == 0));
      if (!input || !glsl_link_var_used(l, IR_STAGE_VERTEX, var))
         continue;
      add_io(l, &list, var);
      if (var->mode == IR_VAR_SYSTEM_VALUE)
         u_dynarray_last(&list, struct glsl_program_io)->location = -1;
   }
   l->prog->attributes = list.data;
   l->prog->num_attributes =
      (unsigned)(list.size / sizeof(struct glsl_program_io));
}

/*
 * gl_FragColor writes every colour output: each store to it is repeated
 * into outputs 1 .. max_draw_buffers - 1 (gl_FragColor itself stays output
 * 0).  Repeating the stores, rather than copying once at the end of main,
 * keeps the value right on every path, returns from main included.
 */
static void
broadcast_frag_color(struct glsl_link *l, struct ir_variable *color)
{
   struct ir_shader *fs = l->prog->stages[IR_STAGE_FRAGMENT];
   struct ir_variable *outs[IR_FRAG_RESULT_MAX_DATA];
   unsigned n = l->limits.max_draw_buffers;
   if (n > IR_FRAG_RESULT_MAX_DATA)
      n = IR_FRAG_RESULT_MAX_DATA;
   for (unsigned i = 1; i < n; i++) {
      outs[i] = ir_variable_create(
         fs, IR_VAR_SHADER_OUT, color->type,
         u_arena_asprintf(l->prog->arena, "gl_FragColor@%u", i));
      if (!outs[i])
         return;
      outs[i]->location = (int)i;
   }
   struct u_dynarray stores;
   u_dynarray_init(&stores, l->prog->arena);
   ir_foreach_function (fs, fn) {
      ir_foreach_block (fn, block) {
         ir_foreach_instr (block, instr) {
            struct ir_intrinsic *st = ir_instr_as_intrinsic(instr);
            if (st && st->op == IR_INTRINSIC_STORE_DEREF)
               u_dynarray_append(&stores, struct ir_intrinsic *, st);
         }
      }
   }
   unsigned count = (unsigned)(stores.size / sizeof(struct ir_intrinsic *));
   for (unsigned k = 0; k < count; k++) {
      struct ir_intrinsic *st = *(struct ir_intrinsic **)u_dynarray_element_ptr(
         &stores, sizeof(struct ir_intrinsic *), k);
      struct ir_deref *chain[8];
      struct ir_deref *leaf = ir_src_as_deref(&st->src[0]);
      unsigned len = leaf ? ir_deref_chain(leaf, chain, 8) : 0;
      if (!len || chain[len - 1]->var != color)
         continue;
      struct ir_function *fn = ir_cf_node_get_function(&st->instr.block->cf);
      struct ir_builder b = ir_builder_at(fn, ir_before_instr(&st->instr));
      for (unsigned i = 1; i < n; i++) {
         struct ir_def *d = ir_build_deref_var(&b, outs[i]);
         for (unsigned j = len - 1; j-- > 0 && d;) {
            d = chain[j]->deref_kind == IR_DEREF_ARRAY
                   ? ir_build_deref_array(&b, d, chain[j]->index.def)
                   : ir_build_deref_struct(&b, d, chain[j]->field);
         }
         if (d)
            ir_store_deref(&b, d, st->src[1].def,
                           (unsigned)ir_intrinsic_write_mask(st));
      }
   }
}

static void
link_frag_outputs(struct glsl_link *l)
{
   struct ir_shader *fs = l->prog->stages[IR_STAGE_FRAGMENT];
   if (!fs)
      return;
   const struct glsl_link_options *o = l->opts;
   struct ir_variable *vars[64];
   bool fixed[64];
   unsigned n = 0;
   struct ir_variable *frag_color = NULL, *frag_data = NULL;
   ir_foreach_variable (fs, var) {
      if (var->mode != IR_VAR_SHADER_OUT)
         continue;
      if (glsl_link_is_builtin(var)) {
         bool used = glsl_link_var_used(l, IR_STAGE_FRAGMENT, var);
         if (strcmp(var->name, "gl_FragColor") == 0 && used)
            frag_color = var;
         else if (strcmp(var->name, "gl_FragData") == 0 && used)
            frag_data = var;
         continue;
      }
      if (n == 64) {
         glsl_link_error(l, "too many fragment outputs");
         return;
      }
      const struct glsl_link_binding *b =
         o ? find_binding(o->frag_data_bindings, o->num_frag_data_bindings,
                          var->name)
           : NULL;
      if (var->location < 0 && b) {
         var->location = (int)b->location;
         var->index = b->index;
      }
      fixed[n] = var->location >= 0;
      vars[n++] = var;
   }
   if (frag_color && frag_data) {
      glsl_link_error(l, "fragment shader writes both gl_FragColor and "
                         "gl_FragData");
      return;
   }
   /* GLSL 1.30, 7.2: a shader that assigns gl_FragColor or gl_FragData
    * may not assign user outputs (declaring them is allowed). */
   bool user_written = false;
   for (unsigned i = 0; i < n; i++)
      user_written |= glsl_link_var_used(l, IR_STAGE_FRAGMENT, vars[i]);
   if ((frag_color || frag_data) && user_written) {
      glsl_link_error(l, "fragment shader writes both user-defined outputs "
                         "and gl_FragColor or gl_FragData");
      return;
   }
   if (l->prog->es && n > 1) {
      for (unsigned i = 0; i < n; i++) {
         if (!fixed[i]) {
            glsl_link_error(l,
                            "fragment output `%s' needs a location: an ES "
                            "shader with several outputs must give every "
                            "one a location",
                            vars[i]->name);
            return;
         }
      }
   }
   for (unsigned i = 0; i < n; i++) {
      if (vars[i]->index > 1 ||
          (vars[i]->index == 1 && vars[i]->location > 0)) {
         glsl_link_error(l, "fragment output `%s' has an invalid index",
                         vars[i]->name);
         return;
      }
   }
   place_locations(l, vars, n, fixed, l->limits.max_draw_buffers, true, 0,
                   "fragment output");
   if (!l->prog->ok)
      return;

   struct u_dynarray list;
   u_dynarray_init(&list, l->prog->arena);
   for (unsigned i = 0; i < n; i++)
      add_io(l, &list, vars[i]);
   l->prog->outputs = list.data;
   l->prog->num_outputs =
      (unsigned)(list.size / sizeof(struct glsl_program_io));

   if (frag_color)
      broadcast_frag_color(l, frag_color);
}

/* ---- The driver -------------------------------------------------------- */

static void
validate_stages(struct glsl_link *l)
{
   for (unsigned s = 0; s < IR_STAGE_COUNT; s++) {
      char *error = NULL;
      if (l->prog->stages[s] && !ir_validate(l->prog->stages[s], &error)) {
         glsl_link_error(l,
                         "internal error: the linked %s shader is "
                         "invalid: %s",
                         stage_names[s], error ? error : "?");
      }
   }
}

struct glsl_program *
glsl_link_program(struct glsl_shader *const *shaders, unsigned count,
                  const struct glsl_link_options *opts)
{
   struct u_arena *arena = u_arena_create(NULL);
   if (!arena)
      return NULL;
   struct glsl_program *prog = u_arena_zalloc(arena, sizeof(*prog));
   struct u_strbuf *log = u_arena_zalloc(arena, sizeof(*log));
   if (!prog || !log) {
      u_arena_destroy(arena);
      return NULL;
   }
   prog->arena = arena;
   prog->ok = true;
   prog->gs_input_prim = prog->gs_output_prim = prog->gs_max_vertices = -1;
   u_strbuf_init(log, arena);

   struct glsl_link l = { .prog = prog, .opts = opts, .log = log };
   if (opts && opts->limits)
      l.limits = *opts->limits;
   else
      glsl_limits_default(&l.limits);

   if (group_shaders(&l, shaders, count) && copy_stages(&l) &&
       glsl_link_size_block_arrays(&l)) {
      link_varyings(&l);
      if (prog->ok)
         glsl_link_check_interfaces(&l);
      if (prog->ok)
         glsl_link_gs_inputs(&l);
      if (prog->ok)
         link_attributes(&l);
      if (prog->ok)
         link_frag_outputs(&l);
      if (prog->ok)
         glsl_link_uniforms(&l);
      if (prog->ok)
         glsl_link_xfb(&l);
      if (prog->ok)
         glsl_link_clip_distances(&l);
      if (prog->ok)
         validate_stages(&l);
   }
   prog->info_log = log->oom ? "error: out of memory\n" : log->str;
   if (log->oom)
      prog->ok = false;
   return prog;
}

void
glsl_program_destroy(struct glsl_program *prog)
{
   if (prog)
      u_arena_destroy(prog->arena);
}
