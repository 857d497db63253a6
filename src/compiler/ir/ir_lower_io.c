/* SPDX-License-Identifier: MIT */

/*
 * Lower accesses to shader inputs, outputs and system values from
 * variable derefs to intrinsics with explicit slots.
 *
 *    %1:32 = deref_var @color          %0:32 = load_const 0
 *    %2:32x4 = load_deref %1     →     %2:32x4 = load_input %0 base=1
 *                                                       location=3 ...
 *
 * Slots.  Inputs and outputs are addressed in vec4 slots: a scalar,
 * vector or matrix column takes one slot (two for dvec3/dvec4), arrays
 * and structs the sum of their elements (ir_type_slot_count()).  An
 * access gets base = the variable's driver_location plus the slots of
 * every constant array index and struct member before it, src 0 = the
 * dynamic part (index * element slots, summed) or 0, component = the
 * variable's first component plus a constant vector component index (in
 * 32-bit words, so two per 64-bit component), and location = the
 * variable's API location plus the constant slots (what the driver uses
 * to match outputs of one stage with inputs of the next).  load_input
 * also carries the interpolation mode; store_output carries the write
 * mask and, in io_semantics, the variable's dual-source blend index.  A
 * dynamic index into a vector loads the whole vector and selects with
 * bcsel, or stores under a chain of ifs (one component each).
 *
 * Driver locations (ir_assign_io_driver_locations()).  If every variable
 * of a mode has driver_location 0, they are assigned here (a non-zero one
 * anywhere means the caller, e.g. a linker, did it).  Fragment outputs
 * keep their location as driver location (slot N is colour attachment N;
 * depth and sample mask come after, see ir_passes_io.h).  Every other mode
 * is packed by location order: the slots covered by located variables
 * ([location, location + slots)) are numbered densely from 0 in ascending
 * location, so gaps between locations cost nothing and variables sharing
 * a location (different components) share the slot; variables without a
 * location follow in declaration order.
 *
 * System values (mode IR_VAR_SYSTEM_VALUE, `location` = enum
 * ir_system_value) become their load_* intrinsic, with component
 * selection applied after the load.
 *
 * Not lowered (left as derefs): geometry shader inputs (their outer
 * array index is the vertex, which load_input cannot express), copy_deref
 * of I/O variables (split copies first), stores to system values and
 * system values whose location is not an enum ir_system_value.
 *
 * The derefs of the lowered modes that become unused are removed here:
 * nothing can use a deref of a lowered variable any more, and the
 * interpreter rejects them.
 *
 * Requires: nothing.  Preserves: nothing when an if chain was built for a
 * dynamic vector index, else the CFG (block indices, dominance).
 */
#include <assert.h>
#include <string.h>

#include "compiler/ir/ir.h"
#include "compiler/ir/ir_builder.h"
#include "compiler/ir/ir_passes.h"
#include "compiler/ir/ir_passes_io.h"

/* ---------------------------------------------------------------------- */
/* System values                                                          */
/* ---------------------------------------------------------------------- */

static const struct {
   const char *name;
   enum ir_intrinsic_op op;
} sysvals[IR_SYSTEM_VALUE_COUNT] = {
   [IR_SYSTEM_VALUE_FRAG_COORD] = { "gl_FragCoord",
                                    IR_INTRINSIC_LOAD_FRAG_COORD },
   [IR_SYSTEM_VALUE_FRONT_FACE] = { "gl_FrontFacing",
                                    IR_INTRINSIC_LOAD_FRONT_FACE },
   [IR_SYSTEM_VALUE_POINT_COORD] = { "gl_PointCoord",
                                     IR_INTRINSIC_LOAD_POINT_COORD },
   [IR_SYSTEM_VALUE_SAMPLE_ID] = { "gl_SampleID", IR_INTRINSIC_LOAD_SAMPLE_ID },
   [IR_SYSTEM_VALUE_SAMPLE_POS] = { "gl_SamplePosition",
                                    IR_INTRINSIC_LOAD_SAMPLE_POS },
   [IR_SYSTEM_VALUE_SAMPLE_MASK_IN] = { "gl_SampleMaskIn",
                                        IR_INTRINSIC_LOAD_SAMPLE_MASK_IN },
   [IR_SYSTEM_VALUE_PRIMITIVE_ID] = { "gl_PrimitiveID",
                                      IR_INTRINSIC_LOAD_PRIMITIVE_ID },
   [IR_SYSTEM_VALUE_LAYER_ID] = { "gl_Layer", IR_INTRINSIC_LOAD_LAYER_ID },
   [IR_SYSTEM_VALUE_HELPER_INVOCATION] = { "gl_HelperInvocation",
                                           IR_INTRINSIC_IS_HELPER_INVOCATION },
   [IR_SYSTEM_VALUE_VERTEX_ID] = { "gl_VertexID", IR_INTRINSIC_LOAD_VERTEX_ID },
   [IR_SYSTEM_VALUE_INSTANCE_ID] = { "gl_InstanceID",
                                     IR_INTRINSIC_LOAD_INSTANCE_ID },
   [IR_SYSTEM_VALUE_BASE_VERTEX] = { "gl_BaseVertex",
                                     IR_INTRINSIC_LOAD_BASE_VERTEX },
   [IR_SYSTEM_VALUE_BASE_INSTANCE] = { "gl_BaseInstance",
                                       IR_INTRINSIC_LOAD_BASE_INSTANCE },
   [IR_SYSTEM_VALUE_INVOCATION_ID] = { "gl_InvocationID",
                                       IR_INTRINSIC_LOAD_INVOCATION_ID },
};

int
ir_system_value_from_name(const char *name)
{
   for (unsigned i = 0; name && i < IR_SYSTEM_VALUE_COUNT; i++) {
      if (strcmp(sysvals[i].name, name) == 0)
         return (int)i;
   }
   return -1;
}

enum ir_intrinsic_op
ir_system_value_intrinsic(enum ir_system_value sv)
{
   assert((unsigned)sv < IR_SYSTEM_VALUE_COUNT);
   return sysvals[sv].op;
}

/* ---------------------------------------------------------------------- */
/* Driver locations                                                       */
/* ---------------------------------------------------------------------- */

static bool
set_driver_location(struct ir_variable *var, unsigned dl)
{
   bool changed = var->driver_location != dl;
   var->driver_location = dl;
   return changed;
}

bool
ir_assign_io_driver_locations(struct ir_shader *shader, enum ir_var_mode mode)
{
   unsigned end = 0; /* one past the highest located slot */
   ir_foreach_variable (shader, var) {
      if (var->mode != mode)
         continue;
      if (var->driver_location != 0)
         return false; /* assigned by the caller */
      if (var->location >= 0) {
         unsigned e = (unsigned)var->location + ir_type_slot_count(var->type);
         end = e > end ? e : end;
      }
   }

   bool changed = false;
   if (shader->stage == IR_STAGE_FRAGMENT && mode == IR_VAR_SHADER_OUT) {
      ir_foreach_variable (shader, var) {
         if (var->mode != mode)
            continue;
         if (var->location >= 0) {
            changed |= set_driver_location(var, (unsigned)var->location);
         } else {
            changed |= set_driver_location(var, end);
            end += ir_type_slot_count(var->type);
         }
      }
      return changed;
   }

   /* rank[L] = number of covered slots below location L. */
   struct u_arena *mem = u_arena_create(NULL);
   unsigned *rank =
      mem ? u_arena_zalloc_array(mem, end + 1, sizeof(*rank)) : NULL;
   if (!rank) {
      u_arena_destroy(mem);
      return false;
   }
   ir_foreach_variable (shader, var) {
      if (var->mode != mode || var->location < 0)
         continue;
      unsigned slots = ir_type_slot_count(var->type);
      for (unsigned s = 0; s < slots; s++)
         rank[(unsigned)var->location + s] = 1; /* covered */
   }
   unsigned covered = 0;
   for (unsigned l = 0; l <= end; l++) {
      unsigned c = rank[l];
      rank[l] = covered;
      covered += c;
   }
   unsigned next = covered;
   ir_foreach_variable (shader, var) {
      if (var->mode != mode)
         continue;
      if (var->location >= 0) {
         changed |= set_driver_location(var, rank[var->location]);
      } else {
         changed |= set_driver_location(var, next);
         next += ir_type_slot_count(var->type);
      }
   }
   u_arena_destroy(mem);
   return changed;
}

/* ---------------------------------------------------------------------- */
/* Accesses                                                               */
/* ---------------------------------------------------------------------- */

/** Where a deref chain points, relative to its variable. */
struct io_access {
   struct ir_variable *var;
   /** Slots after the variable's first slot. */
   unsigned const_slot;
   /** Dynamic slots (32-bit) or NULL. */
   struct ir_def *dyn_slot;
   /** 32-bit components after the variable's first component. */
   unsigned comp;
   /** Dynamic index into a vector (the last step), or NULL; then
    * vec_components is the vector's size. */
   struct ir_def *dyn_comp;
   unsigned vec_components;
};

static bool
const_index(const struct ir_def *def, unsigned *value)
{
   struct ir_load_const *lc = ir_def_as_load_const(def);
   if (!lc)
      return false;
   switch (def->bit_size) {
   case 8:
      *value = lc->value[0].u8;
      return true;
   case 16:
      *value = lc->value[0].u16;
      return true;
   case 64:
      *value = (unsigned)lc->value[0].u64;
      return true;
   default:
      *value = lc->value[0].u32;
      return true;
   }
}

static struct ir_def *
index_as_32(struct ir_builder *b, struct ir_def *idx)
{
   if (idx->bit_size == 32)
      return idx;
   return ir_build_alu_sized(b, IR_OP_U2U, 32, idx, NULL, NULL, NULL);
}

/* Adds idx * stride to *dyn; without a builder (a dry run) only makes
 * *dyn non-NULL. */
static void
add_dynamic(struct ir_builder *b, struct ir_def **dyn, struct ir_def *idx,
            unsigned stride)
{
   if (!b) {
      *dyn = idx;
      return;
   }
   idx = index_as_32(b, idx);
   if (stride != 1)
      idx = ir_build_alu(b, IR_OP_IMUL, idx, ir_imm_int(b, (int32_t)stride),
                         NULL, NULL);
   *dyn = *dyn ? ir_build_alu(b, IR_OP_IADD, *dyn, idx, NULL, NULL) : idx;
}

/* Walks the chain ending at @p leaf; false if it cannot be expressed.
 * With @p b NULL nothing is built (the dynamic parts are then only
 * non-NULL markers), so callers check an access before changing the
 * shader. */
static bool
resolve_access(struct ir_builder *b, struct ir_deref *leaf,
               struct io_access *acc)
{
   struct ir_deref *chain[64];
   unsigned n = ir_deref_chain(leaf, chain, 64);
   if (!n)
      return false;
   *acc = (struct io_access){ .var = chain[n - 1]->var };

   const struct ir_type *type = acc->var->type;
   for (unsigned i = n - 1; i-- > 0;) {
      struct ir_deref *d = chain[i];
      if (acc->dyn_comp)
         return false; /* nothing can follow a vector component */
      if (d->deref_kind == IR_DEREF_STRUCT) {
         if (!ir_type_is_struct(type) || d->field >= type->num_fields)
            return false;
         for (unsigned f = 0; f < d->field; f++)
            acc->const_slot += ir_type_slot_count(type->fields[f].type);
         type = type->fields[d->field].type;
         continue;
      }
      struct ir_def *idx = d->index.def;
      unsigned k;
      bool is_const = const_index(idx, &k);
      if (ir_type_is_array(type) || ir_type_is_matrix(type)) {
         const struct ir_type *elem = ir_type_index(type);
         unsigned slots = ir_type_slot_count(elem);
         if (is_const)
            acc->const_slot += k * slots;
         else
            add_dynamic(b, &acc->dyn_slot, idx, slots);
         type = elem;
      } else if (ir_type_is_vector_or_scalar(type) &&
                 type->vector_elements > 1) {
         unsigned words = ir_base_type_bit_size(type->base) == 64 ? 2 : 1;
         if (is_const) {
            acc->comp += k * words;
         } else {
            acc->dyn_comp = b ? index_as_32(b, idx) : idx;
            acc->vec_components = type->vector_elements;
         }
         type = ir_type_index(type);
      } else {
         return false;
      }
   }
   return true;
}

static struct ir_def *
slot_offset(struct ir_builder *b, const struct io_access *acc)
{
   return acc->dyn_slot ? acc->dyn_slot : ir_imm_int(b, 0);
}

static int
api_location(const struct io_access *acc)
{
   return acc->var->location >= 0 ? acc->var->location + (int)acc->const_slot
                                  : -1;
}

/* Component @p idx (dynamic) of @p vec, by a bcsel chain. */
static struct ir_def *
select_component(struct ir_builder *b, struct ir_def *vec, struct ir_def *idx)
{
   unsigned n = vec->num_components;
   struct ir_def *res = ir_channel(b, vec, n - 1);
   for (unsigned k = n - 1; k-- > 0;) {
      struct ir_def *is_k =
         ir_build_alu(b, IR_OP_IEQ, idx, ir_imm_int(b, (int32_t)k), NULL, NULL);
      res =
         ir_build_alu(b, IR_OP_BCSEL, is_k, ir_channel(b, vec, k), res, NULL);
   }
   return res;
}

/* Sets base, component and location of an access starting @p comp words
 * into the access's first slot (whole slots go to base). */
static void
set_slot_indices(struct ir_intrinsic *intr, const struct io_access *acc,
                 unsigned comp)
{
   unsigned words = acc->var->component + comp;
   int loc = api_location(acc);
   ir_intrinsic_set_base(
      intr, (int32_t)(acc->var->driver_location + acc->const_slot + words / 4));
   ir_intrinsic_set_component(intr, (int32_t)(words % 4));
   ir_intrinsic_set_location(intr, loc >= 0 ? loc + (int)(words / 4) : -1);
}

static struct ir_def *
build_load(struct ir_builder *b, const struct io_access *acc,
           unsigned num_components, unsigned bit_size, unsigned comp)
{
   bool is_input = acc->var->mode == IR_VAR_SHADER_IN;
   struct ir_def *off = slot_offset(b, acc);
   struct ir_intrinsic *ld = ir_build_intrinsic(
      b, is_input ? IR_INTRINSIC_LOAD_INPUT : IR_INTRINSIC_LOAD_OUTPUT,
      num_components, bit_size, &off);
   if (!ld)
      return NULL;
   set_slot_indices(ld, acc, comp);
   if (is_input)
      ir_intrinsic_set_interp_mode(ld, (int32_t)acc->var->interp);
   return &ld->def;
}

static void
build_store(struct ir_builder *b, const struct io_access *acc,
            struct ir_def *value, unsigned write_mask, unsigned comp)
{
   struct ir_def *srcs[2] = { value, slot_offset(b, acc) };
   struct ir_intrinsic *st = ir_build_intrinsic(b, IR_INTRINSIC_STORE_OUTPUT,
                                                value->num_components, 0, srcs);
   if (!st)
      return;
   set_slot_indices(st, acc, comp);
   ir_intrinsic_set_write_mask(st, (int32_t)write_mask);
   ir_intrinsic_set_io_semantics(st, (int32_t)acc->var->index);
}

static bool
lower_io_load(struct ir_builder *b, struct ir_intrinsic *intr,
              const struct io_access *acc)
{
   struct ir_def *res;
   if (acc->dyn_comp) {
      struct ir_def *vec =
         build_load(b, acc, acc->vec_components, intr->def.bit_size, acc->comp);
      res = vec ? select_component(b, vec, acc->dyn_comp) : NULL;
   } else {
      res = build_load(b, acc, intr->def.num_components, intr->def.bit_size,
                       acc->comp);
   }
   if (!res)
      return false;
   ir_def_rewrite_uses(&intr->def, res);
   ir_instr_remove(&intr->instr);
   return true;
}

static bool
lower_io_store(struct ir_builder *b, struct ir_intrinsic *intr,
               const struct io_access *acc)
{
   struct ir_def *value = intr->src[1].def;
   unsigned mask = (unsigned)ir_intrinsic_write_mask(intr);
   if (!acc->dyn_comp) {
      build_store(b, acc, value, mask, acc->comp);
   } else if (mask & 1) {
      /* One guarded store per component the index may select. */
      unsigned words = value->bit_size == 64 ? 2 : 1;
      for (unsigned k = 0; k < acc->vec_components; k++) {
         struct ir_def *is_k = ir_build_alu(
            b, IR_OP_IEQ, acc->dyn_comp, ir_imm_int(b, (int32_t)k), NULL, NULL);
         struct ir_if *nif = ir_push_if(b, is_k);
         build_store(b, acc, value, 1, acc->comp + k * words);
         ir_pop_if(b, nif);
      }
   }
   ir_instr_remove(&intr->instr);
   return true;
}

/* The type a system value variable holds, looking through the
 * one-element array of gl_SampleMaskIn. */
static const struct ir_type *
sysval_type(const struct ir_variable *var)
{
   const struct ir_type *t = var->type;
   while (ir_type_is_array(t))
      t = t->element;
   return t;
}

static bool
sysval_supported(const struct io_access *acc)
{
   int sv = acc->var->location;
   return sv >= 0 && sv < IR_SYSTEM_VALUE_COUNT && !acc->dyn_slot &&
          acc->const_slot == 0 &&
          ir_type_is_vector_or_scalar(sysval_type(acc->var));
}

static bool
lower_sysval_load(struct ir_builder *b, struct ir_intrinsic *intr,
                  const struct io_access *acc)
{
   int sv = acc->var->location;
   const struct ir_type *t = sysval_type(acc->var);
   struct ir_intrinsic *ld = ir_build_intrinsic(
      b, sysvals[sv].op, t->vector_elements, intr->def.bit_size, NULL);
   if (!ld || ld->def.num_components != t->vector_elements)
      return false;
   struct ir_def *res = &ld->def;
   unsigned words = intr->def.bit_size == 64 ? 2 : 1;
   if (acc->dyn_comp) {
      res = select_component(b, res, acc->dyn_comp);
   } else if (intr->def.num_components < res->num_components) {
      unsigned swiz[IR_MAX_VEC];
      for (unsigned c = 0; c < intr->def.num_components; c++)
         swiz[c] = acc->comp / words + c;
      res = ir_swizzle(b, res, swiz, intr->def.num_components);
   }
   if (!res)
      return false;
   ir_def_rewrite_uses(&intr->def, res);
   ir_instr_remove(&intr->instr);
   return true;
}

static bool
is_lowered_mode(const struct ir_shader *shader, enum ir_var_mode mode)
{
   if (mode == IR_VAR_SHADER_IN)
      return shader->stage != IR_STAGE_GEOMETRY;
   return mode == IR_VAR_SHADER_OUT || mode == IR_VAR_SYSTEM_VALUE;
}

/* Lowers one load_deref/store_deref; returns whether it changed the CFG
 * through *cf_changed, and whether it lowered anything. */
static bool
lower_access(struct ir_function *fn, struct ir_intrinsic *intr,
             bool *cf_changed)
{
   struct ir_deref *leaf = ir_src_as_deref(&intr->src[0]);
   if (!leaf || !leaf->var || !is_lowered_mode(fn->shader, leaf->var->mode))
      return false;
   bool is_store = intr->op == IR_INTRINSIC_STORE_DEREF;
   enum ir_var_mode mode = leaf->var->mode;
   if (mode == IR_VAR_SYSTEM_VALUE && is_store)
      return false;
   if (is_store && mode != IR_VAR_SHADER_OUT)
      return false;

   struct io_access acc;
   if (!resolve_access(NULL, leaf, &acc))
      return false;
   if (mode == IR_VAR_SYSTEM_VALUE && !sysval_supported(&acc))
      return false;
   struct ir_builder b = ir_builder_at(fn, ir_before_instr(&intr->instr));
   resolve_access(&b, leaf, &acc);
   if (mode == IR_VAR_SYSTEM_VALUE)
      return lower_sysval_load(&b, intr, &acc);
   if (is_store) {
      *cf_changed |= acc.dyn_comp != NULL;
      return lower_io_store(&b, intr, &acc);
   }
   return lower_io_load(&b, intr, &acc);
}

static bool
remove_dead_derefs(struct ir_function *fn)
{
   bool removed, any = false;
   do {
      removed = false;
      ir_foreach_block (fn, block) {
         ir_foreach_instr_rev_safe (block, instr) {
            struct ir_deref *d = ir_instr_as_deref(instr);
            if (d && d->var && is_lowered_mode(fn->shader, d->var->mode) &&
                !ir_def_has_uses(&d->def)) {
               ir_instr_remove(instr);
               removed = true;
            }
         }
      }
      any |= removed;
   } while (removed);
   return any;
}

bool
ir_lower_io(struct ir_shader *shader)
{
   bool progress = false;
   if (shader->stage != IR_STAGE_GEOMETRY)
      progress |= ir_assign_io_driver_locations(shader, IR_VAR_SHADER_IN);
   progress |= ir_assign_io_driver_locations(shader, IR_VAR_SHADER_OUT);

   ir_foreach_function (shader, fn) {
      /* Collect first: lowering a dynamic vector store splits blocks. */
      unsigned count = 0;
      ir_foreach_block (fn, block) {
         ir_foreach_instr (block, instr) {
            struct ir_intrinsic *intr = ir_instr_as_intrinsic(instr);
            count += intr && (intr->op == IR_INTRINSIC_LOAD_DEREF ||
                              intr->op == IR_INTRINSIC_STORE_DEREF);
         }
      }
      if (!count)
         continue;
      struct u_arena *mem = u_arena_create(NULL);
      struct ir_intrinsic **work =
         mem ? u_arena_alloc_array(mem, count, sizeof(*work)) : NULL;
      if (!work) {
         u_arena_destroy(mem);
         return progress;
      }
      unsigned n = 0;
      ir_foreach_block (fn, block) {
         ir_foreach_instr (block, instr) {
            struct ir_intrinsic *intr = ir_instr_as_intrinsic(instr);
            if (intr && (intr->op == IR_INTRINSIC_LOAD_DEREF ||
                         intr->op == IR_INTRINSIC_STORE_DEREF))
               work[n++] = intr;
         }
      }
      bool fn_progress = false, cf_changed = false;
      for (unsigned i = 0; i < n; i++)
         fn_progress |= lower_access(fn, work[i], &cf_changed);
      u_arena_destroy(mem);
      fn_progress |= remove_dead_derefs(fn);
      if (fn_progress) {
         ir_metadata_preserve(fn, cf_changed ? IR_METADATA_NONE
                                             : IR_METADATA_BLOCK_INDEX |
                                                  IR_METADATA_DOMINANCE);
      }
      progress |= fn_progress;
   }
   return progress;
}
