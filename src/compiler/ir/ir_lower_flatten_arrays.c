/* SPDX-License-Identifier: MIT */

/*
 * Flattening of arrays of arrays indexed dynamically: a temporary of type
 * E[a][b][c] (E not an array) becomes one of type E[a * b * c], and each
 * access v[i][j][k] becomes v'[(i * b + j) * c + k].
 *
 *    local float[2][3] @m               local float[6] @m
 *    %2 = deref_var @m                   %5 = imul %i, 3      (or a constant)
 *    %3 = deref_array %2[%i]    ==>      %6 = iadd %5, %j
 *    %4 = deref_array %3[%j]             %7 = deref_var @m
 *                                        %8 = deref_array %7[%6]
 *
 * Why: ir_lower_split_vars() cannot split an array whose own index is
 * dynamic, and backends that keep arrays in registers or scratch memory
 * want one dimension.  Only variables with a dynamic index at a level
 * other than the innermost are flattened: a dynamic index at the
 * innermost level only (v[1][j]) is better served by splitting the outer
 * levels, and constant indices everywhere by splitting entirely.
 *
 * Candidates are IR_VAR_FUNCTION_TEMP and IR_VAR_SHADER_TEMP variables
 * whose type is an array of sized arrays.  Every deref of such a variable
 * above the innermost array level must be used only by the deref_array of
 * the next level, and every index must be a 32-bit scalar; otherwise
 * (a copy_deref of a whole row, for instance) the variable stays.  Derefs
 * below the innermost level (members or components of E) keep their
 * instruction and name the new variable.  The initializer is flattened in
 * the same row-major order.
 *
 * Out-of-bounds indices: v[0][5] of a float[2][3] reads v'[5], another
 * element, where the unflattened access reads 0.  GLSL leaves
 * out-of-bounds accesses undefined (GLSL 4.60, 5.9 "Behavior is undefined
 * if a shader subscripts an array with an index less than 0 or greater
 * than or equal to the size the array was declared with"), so this is
 * allowed; robust-access lowering, if wanted, must run first.
 *
 * Requires: nothing.  Preserves: the CFG, dominance.  Invalidates:
 * instruction indices, liveness.  The index arithmetic is left for
 * constant folding when some indices are constant.
 */

#include "compiler/ir/ir.h"
#include "compiler/ir/ir_passes.h"
#include "compiler/ir/ir_builder.h"
#include "util/u_dynarray.h"
#include "util/u_hash.h"

/* Array levels flattened at most (a GLSL array has few dimensions). */
#define MAX_LEVELS 8

struct flat_var {
   struct ir_variable *var;
   /** Owner of a function temp (NULL for a shader temp). */
   struct ir_function *fn;
   unsigned num_levels;
   unsigned dims[MAX_LEVELS];
   /** The element type below the array levels. */
   const struct ir_type *elem;
   bool ok;
   bool outer_dynamic;
   struct ir_variable *flat;
};

struct flatten_state {
   struct ir_shader *shader;
   struct u_arena *mem;
   /** ir_variable → struct flat_var. */
   struct u_hash_table *vars;
   struct u_dynarray list;
};

/* pass_flags of a deref of a candidate: its level + 1 (the deref_var is
 * level 0, the innermost array element level num_levels); 0 otherwise. */
static unsigned
deref_level(const struct ir_deref *deref)
{
   return (unsigned)deref->instr.pass_flags;
}

static struct flat_var *
find_var(struct flatten_state *st, const struct ir_variable *var)
{
   struct u_hash_entry *e = u_hash_table_search(st->vars, var);
   return e ? e->data : NULL;
}

static bool
add_candidate(struct flatten_state *st, struct ir_variable *var,
              struct ir_function *fn)
{
   const struct ir_type *t = var->type;
   if (!ir_type_is_array(t) || !ir_type_is_array(t->element))
      return true;
   struct flat_var *fv = u_arena_zalloc(st->mem, sizeof(*fv));
   if (!fv)
      return false;
   fv->var = var;
   fv->fn = fn;
   fv->ok = true;
   uint64_t total = 1;
   for (; ir_type_is_array(t); t = t->element) {
      if (fv->num_levels == MAX_LEVELS || t->length == 0)
         return true;
      fv->dims[fv->num_levels++] = t->length;
      total *= t->length;
   }
   if (total > UINT32_MAX / 2)
      return true;
   fv->elem = t;
   return u_hash_table_insert(st->vars, var, fv) &&
          u_dynarray_append(&st->list, struct flat_var *, fv);
}

/* ---------------------------------------------------------------------- */
/* Analysis                                                               */
/* ---------------------------------------------------------------------- */

static void
analyze_deref(struct flatten_state *st, struct ir_deref *deref)
{
   struct flat_var *fv = find_var(st, deref->var);
   if (!fv || !fv->ok)
      return;
   unsigned level;
   if (deref->deref_kind == IR_DEREF_VAR) {
      level = 0;
   } else {
      const struct ir_deref *parent =
         ir_instr_as_deref(deref->parent.def->parent);
      unsigned plevel = deref_level(parent);
      if (!plevel) {
         fv->ok = false;
         return;
      }
      level = plevel; /* (plevel - 1) + 1 */
      if (level <= fv->num_levels) {
         const struct ir_def *idx = deref->index.def;
         if (idx->bit_size != 32 || idx->num_components != 1) {
            fv->ok = false;
            return;
         }
         if (level < fv->num_levels && !ir_def_as_load_const(idx))
            fv->outer_dynamic = true;
      }
   }
   deref->instr.pass_flags = level + 1;
   if (level >= fv->num_levels)
      return;
   /* Above the innermost level: only the next level's deref_array. */
   ir_foreach_use (&deref->def, src) {
      struct ir_deref *child =
         src->is_if_condition ? NULL : ir_instr_as_deref(src->parent_instr);
      if (!child || src != &child->parent) {
         fv->ok = false;
         return;
      }
   }
}

static void
analyze(struct flatten_state *st)
{
   ir_foreach_function (st->shader, fn) {
      ir_foreach_block (fn, block) {
         ir_foreach_instr (block, instr) {
            instr->pass_flags = 0;
            struct ir_deref *deref = ir_instr_as_deref(instr);
            if (deref)
               analyze_deref(st, deref);
         }
      }
   }
}

/* ---------------------------------------------------------------------- */
/* Rewriting                                                              */
/* ---------------------------------------------------------------------- */

/* Appends the leaves of @p c (of the array type @p t) to @p out. */
static bool
flatten_constant(struct u_dynarray *out, const struct ir_type *t,
                 struct ir_constant *c)
{
   if (!ir_type_is_array(t))
      return u_dynarray_append(out, struct ir_constant *, c);
   for (unsigned i = 0; i < t->length; i++) {
      struct ir_constant *e =
         c && c->elements && i < c->num_elements ? c->elements[i] : NULL;
      if (!flatten_constant(out, t->element, e))
         return false;
   }
   return true;
}

static struct ir_constant *
flat_initializer(struct flatten_state *st, const struct flat_var *fv)
{
   const struct ir_constant *init = fv->var->initializer;
   if (!init)
      return NULL;
   struct u_dynarray leaves;
   u_dynarray_init(&leaves, st->mem);
   if (!flatten_constant(&leaves, fv->var->type, (struct ir_constant *)init))
      return NULL;
   struct ir_constant *c = u_arena_zalloc(st->shader->arena, sizeof(*c));
   unsigned n =
      (unsigned)u_dynarray_num_elements(&leaves, struct ir_constant *);
   if (!c)
      return NULL;
   c->elements =
      u_arena_alloc_array(st->shader->arena, n, sizeof(*c->elements));
   if (!c->elements)
      return NULL;
   struct u_arena *arena = st->shader->arena;
   for (unsigned i = 0; i < n; i++) {
      struct ir_constant *leaf =
         *u_dynarray_element(&leaves, struct ir_constant *, i);
      /* A missing part reads as zero, as for a missing initializer. */
      c->elements[i] = leaf ? leaf : u_arena_zalloc(arena, sizeof(*leaf));
      if (!c->elements[i])
         return NULL;
   }
   c->num_elements = n;
   return c;
}

static bool
create_flat_var(struct flatten_state *st, struct flat_var *fv)
{
   unsigned total = 1;
   for (unsigned i = 0; i < fv->num_levels; i++)
      total *= fv->dims[i];
   const struct ir_type *t = ir_type_array(st->shader->arena, fv->elem, total);
   if (!t)
      return false;
   struct ir_variable *orig = fv->var;
   struct ir_constant *init = flat_initializer(st, fv);
   if (orig->initializer && !init)
      return false;
   struct ir_variable *v =
      fv->fn ? ir_local_variable_create(fv->fn, t, orig->name)
             : ir_variable_create(st->shader, orig->mode, t, orig->name);
   if (!v)
      return false;
   v->precise = orig->precise;
   v->invariant = orig->invariant;
   v->read_only = orig->read_only;
   v->initializer = init;
   /* Take the original's place in its list. */
   u_list_del(&v->link);
   u_list_add_before(&orig->link, &v->link);
   fv->flat = v;
   return true;
}

/* The flat index of the innermost-level deref @p deref, built before it. */
static struct ir_def *
flat_index(struct ir_builder *b, const struct flat_var *fv,
           struct ir_deref *deref)
{
   struct ir_def *idx[MAX_LEVELS];
   struct ir_deref *d = deref;
   for (unsigned k = fv->num_levels; k-- > 0;) {
      idx[k] = d->index.def;
      d = ir_instr_as_deref(d->parent.def->parent);
   }

   bool all_const = true;
   uint32_t value = 0;
   for (unsigned k = 0; k < fv->num_levels; k++) {
      const struct ir_load_const *lc = ir_def_as_load_const(idx[k]);
      all_const &= lc != NULL;
      if (lc)
         value = value * fv->dims[k] + lc->value[0].u32;
   }
   if (all_const)
      return ir_imm_uint(b, value);

   struct ir_def *flat = idx[0];
   for (unsigned k = 1; k < fv->num_levels && flat; k++) {
      struct ir_def *dim = ir_imm_uint(b, fv->dims[k]);
      struct ir_def *scaled =
         dim ? ir_build_alu(b, IR_OP_IMUL, flat, dim, NULL, NULL) : NULL;
      flat = scaled ? ir_build_alu(b, IR_OP_IADD, scaled, idx[k], NULL, NULL)
                    : NULL;
   }
   return flat;
}

static bool
rewrite_function(struct flatten_state *st, struct ir_function *fn)
{
   struct u_dynarray dead;
   u_dynarray_init(&dead, st->mem);
   ir_foreach_block (fn, block) {
      ir_foreach_instr_safe (block, instr) {
         struct ir_deref *deref = ir_instr_as_deref(instr);
         unsigned level1 = deref ? deref_level(deref) : 0;
         struct flat_var *fv = level1 ? find_var(st, deref->var) : NULL;
         if (!fv || !fv->flat)
            continue;
         unsigned level = level1 - 1;
         if (level > fv->num_levels) {
            deref->var = fv->flat;
            continue;
         }
         if (level == fv->num_levels) {
            struct ir_builder b = ir_builder_at(fn, ir_before_instr(instr));
            struct ir_def *index = flat_index(&b, fv, deref);
            struct ir_def *root =
               index ? ir_build_deref_var(&b, fv->flat) : NULL;
            struct ir_def *elem =
               root ? ir_build_deref_array(&b, root, index) : NULL;
            if (!elem)
               return false;
            ir_def_rewrite_uses(&deref->def, elem);
         }
         if (!u_dynarray_append(&dead, struct ir_instr *, instr))
            return false;
      }
   }
   /* Children come after their parents in program order. */
   while (dead.size)
      ir_instr_remove(u_dynarray_pop(&dead, struct ir_instr *));
   return true;
}

bool
ir_lower_flatten_arrays(struct ir_shader *s)
{
   struct flatten_state st = { .shader = s };
   st.mem = u_arena_create(s->arena);
   if (!st.mem)
      return false;
   st.vars = u_hash_table_create_pointer(st.mem);
   u_dynarray_init(&st.list, st.mem);
   bool ok = st.vars != NULL;
   ir_foreach_variable (s, var) {
      if (ok && var->mode == IR_VAR_SHADER_TEMP)
         ok = add_candidate(&st, var, NULL);
   }
   ir_foreach_function (s, fn) {
      u_list_foreach (struct ir_variable, var, &fn->locals, link) {
         if (ok)
            ok = add_candidate(&st, var, fn);
      }
   }
   if (!ok || !st.list.size) {
      u_arena_destroy(st.mem);
      return false;
   }

   analyze(&st);
   bool progress = false;
   u_dynarray_foreach (&st.list, struct flat_var *, fvp) {
      struct flat_var *fv = *fvp;
      if (fv->ok && fv->outer_dynamic) {
         /* Out of memory here leaves the variable as it is. */
         if (create_flat_var(&st, fv))
            progress = true;
      }
   }
   if (progress) {
      ir_foreach_function (s, fn) {
         /* Running out of memory part-way leaves the shader half
          * rewritten; there is no way back. */
         rewrite_function(&st, fn);
         ir_metadata_preserve(fn,
                              IR_METADATA_BLOCK_INDEX | IR_METADATA_DOMINANCE);
      }
      u_dynarray_foreach (&st.list, struct flat_var *, fvp) {
         if ((*fvp)->flat)
            u_list_del(&(*fvp)->var->link);
      }
   }
   u_arena_destroy(st.mem);
   return progress;
}
