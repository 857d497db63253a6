/* SPDX-License-Identifier: MIT */

/*
 * Splitting of aggregate temporaries: a struct variable becomes one
 * variable per member, an array whose elements are only ever indexed with
 * constants one variable per element, a matrix indexed only with
 * constants one vector variable per column — recursively, so that
 * ir_lower_vars_to_ssa() finds scalars and vectors it can promote.
 *
 *    type S = struct { vec4 a; float[2] b; }
 *    local S @s                          local float @s.b.1
 *    %0 = deref_var @s
 *    %1 = deref_struct %0.b      ==>     %5 = deref_var @s.b.1
 *    %2 = load_const 1                   %6 = load_deref %5
 *    %3 = deref_array %1[%2]
 *    %4 = load_deref %3
 *
 * (@s.a and @s.b.0 are never reached here, so they get no variable.)
 *
 * Only IR_VAR_FUNCTION_TEMP and IR_VAR_SHADER_TEMP variables are split
 * (the others have an external layout).
 *
 * Algorithm.  Each candidate variable gets a tree of the parts of its type
 * that derefs reach (built lazily: an element never reached gets no node
 * and no variable).  One walk over every function maps each deref of a
 * candidate to its node (kept in instr->pass_flags).  A node must stay
 * whole ("keep") when some deref_array indexes it with a non-constant or
 * out-of-bounds index (the element is chosen at run time, and an
 * out-of-bounds access must keep reading 0 / dropping the write), or when
 * a deref at the node is used by something other than a child deref,
 * load_deref, store_deref or copy_deref.  A node is split when its type is
 * a struct, a sized array or a matrix, it is not kept and its parent is
 * split (the root has no parent); the first node on a path that is not
 * split is a leaf and becomes a variable of its own, with the matching
 * part of the initializer.  Vectors are never split: a component deref
 * stays below its vector's leaf.
 *
 * Then copy_derefs of split nodes are expanded into one copy per child,
 * recursively while either side is split (the other side may be any
 * variable, indexed with constants), and every deref is rewritten: one at
 * a leaf becomes a deref_var of the leaf's variable, one below a leaf
 * keeps its instruction but names the leaf's variable, one at a split
 * node is removed once its children are rewritten.  The split variables
 * are removed from their lists (removing the variable and its derefs is
 * this pass's job).
 *
 * Why "keep" must be decided before anything is rewritten: an array with
 * one dynamic access cannot be split even at the constant accesses seen
 * before it,
 *
 *    %3 = deref_array %0[%2]    (%2 = load_const 1)
 *    store_deref %3, %x
 *    %5 = deref_array %0[%4]    (%4 = load_input ...)
 *    %6 = load_deref %5         must see the store above when %4 == 1
 *
 * Requires: nothing.  Preserves: the CFG, dominance (no control flow
 * changes).  Invalidates: instruction indices, liveness.  New index
 * constants and derefs may be duplicated; ir_opt_gvn() shares them.
 */
#include <assert.h>

#include "compiler/ir/ir.h"
#include "compiler/ir/ir_builder.h"
#include "compiler/ir/ir_passes.h"
#include "util/u_dynarray.h"
#include "util/u_hash.h"

/* One part of a candidate variable's type. */
struct node {
   const struct ir_type *type;
   struct node *parent;
   /** Field, element or column index in the parent. */
   unsigned index;
   /** Must not be split: indexed dynamically or used as a whole. */
   bool keep;
   /** Children by index (NULL until reached), num_children entries. */
   struct node **children;
   unsigned num_children;
   /** The child reached by non-constant indices (and component derefs of
    * vectors), below which nothing is split. */
   struct node *any_child;
   /** The leaf's variable, once created. */
   struct ir_variable *leaf_var;
};

struct split_var {
   struct ir_variable *var;
   /** Owner of a function temp (NULL for a shader temp). */
   struct ir_function *fn;
   struct node *root;
};

struct split_state {
   struct ir_shader *shader;
   struct u_arena *mem;
   /** ir_variable → struct split_var. */
   struct u_hash_table *vars;
   /** struct split_var *, in declaration order. */
   struct u_dynarray list;
};

/* Number of parts a split of @p type gives, or 0 when it is not
 * splittable. */
static unsigned
split_count(const struct ir_type *type)
{
   if (ir_type_is_struct(type))
      return type->num_fields;
   if (ir_type_is_array(type))
      return type->length;
   if (ir_type_is_matrix(type))
      return type->matrix_columns;
   return 0;
}

static const struct ir_type *
part_type(const struct ir_type *type, unsigned i)
{
   if (ir_type_is_struct(type))
      return type->fields[i].type;
   return ir_type_index(type);
}

static struct node *
node_create(struct split_state *st, const struct ir_type *type,
            struct node *parent, unsigned index)
{
   struct node *n = u_arena_zalloc(st->mem, sizeof(*n));
   if (!n)
      return NULL;
   n->type = type;
   n->parent = parent;
   n->index = index;
   n->num_children = split_count(type);
   return n;
}

/* The child @p i of @p n, created on first use. */
static struct node *
node_child(struct split_state *st, struct node *n, unsigned i)
{
   assert(i < n->num_children);
   if (!n->children) {
      n->children =
         u_arena_zalloc_array(st->mem, n->num_children, sizeof(*n->children));
      if (!n->children)
         return NULL;
   }
   if (!n->children[i])
      n->children[i] = node_create(st, part_type(n->type, i), n, i);
   return n->children[i];
}

static struct node *
node_any_child(struct split_state *st, struct node *n)
{
   if (!n->any_child) {
      const struct ir_type *t =
         ir_type_is_struct(n->type) ? NULL : ir_type_index(n->type);
      n->any_child = node_create(st, t ? t : n->type, n, 0);
   }
   return n->any_child;
}

static bool
node_is_split(const struct node *n)
{
   for (; n; n = n->parent) {
      if (n->num_children == 0 || n->keep)
         return false;
   }
   return true;
}

/* The leaf at or above @p n, or NULL when @p n itself is split. */
static struct node *
node_leaf(struct node *n)
{
   if (!n->parent)
      return node_is_split(n) ? NULL : n;
   struct node *above = node_leaf(n->parent);
   if (above)
      return above;
   return node_is_split(n) ? NULL : n;
}

static struct node *
deref_node(const struct ir_def *def)
{
   return (struct node *)def->parent->pass_flags;
}

static struct ir_deref *
def_deref(const struct ir_def *def)
{
   return ir_instr_as_deref(def->parent);
}

/* The value of a constant index, or false when it is not constant. */
static bool
const_index(const struct ir_def *def, uint64_t *out)
{
   const struct ir_load_const *lc = ir_def_as_load_const(def);
   if (!lc || def->num_components != 1)
      return false;
   switch (def->bit_size) {
   case 8:
      *out = lc->value[0].u8;
      return true;
   case 16:
      *out = lc->value[0].u16;
      return true;
   case 32:
      *out = lc->value[0].u32;
      return true;
   case 64:
      *out = lc->value[0].u64;
      return true;
   default:
      return false;
   }
}

/* ---------------------------------------------------------------------- */
/* Analysis                                                               */
/* ---------------------------------------------------------------------- */

static bool
add_candidate(struct split_state *st, struct ir_variable *var,
              struct ir_function *fn)
{
   if (split_count(var->type) == 0)
      return true;
   struct split_var *sv = u_arena_zalloc(st->mem, sizeof(*sv));
   if (!sv)
      return false;
   sv->var = var;
   sv->fn = fn;
   sv->root = node_create(st, var->type, NULL, 0);
   return sv->root && u_hash_table_insert(st->vars, var, sv) &&
          u_dynarray_append(&st->list, struct split_var *, sv);
}

/* Whether every use of a deref's def is one this pass can rewrite. */
static bool
uses_are_known(const struct ir_def *def)
{
   ir_foreach_use (def, src) {
      if (src->is_if_condition)
         return false;
      struct ir_instr *user = src->parent_instr;
      if (user->kind == IR_INSTR_DEREF) {
         if (src != &ir_instr_as_deref(user)->parent)
            return false;
         continue;
      }
      struct ir_intrinsic *intr = ir_instr_as_intrinsic(user);
      if (!intr)
         return false;
      switch (intr->op) {
      case IR_INTRINSIC_LOAD_DEREF:
      case IR_INTRINSIC_STORE_DEREF:
         if (src != &intr->src[0])
            return false;
         break;
      case IR_INTRINSIC_COPY_DEREF:
         break;
      default:
         return false;
      }
   }
   return true;
}

/* Maps @p deref to its node (pass_flags), marking nodes to keep. */
static bool
analyze_deref(struct split_state *st, struct ir_deref *deref)
{
   struct node *n = NULL;
   if (deref->deref_kind == IR_DEREF_VAR) {
      struct u_hash_entry *e = u_hash_table_search(st->vars, deref->var);
      if (!e)
         return true;
      n = ((struct split_var *)e->data)->root;
   } else {
      struct node *p = deref_node(deref->parent.def);
      if (!p)
         return true;
      uint64_t idx = 0;
      if (deref->deref_kind == IR_DEREF_STRUCT &&
          deref->field < p->num_children) {
         n = node_child(st, p, deref->field);
      } else if (deref->deref_kind == IR_DEREF_ARRAY && p->num_children &&
                 const_index(deref->index.def, &idx) && idx < p->num_children) {
         n = node_child(st, p, (unsigned)idx);
      } else {
         p->keep = true;
         n = node_any_child(st, p);
      }
   }
   if (!n)
      return false;
   if (!uses_are_known(&deref->def))
      n->keep = true;
   deref->instr.pass_flags = (uintptr_t)n;
   return true;
}

static bool
analyze(struct split_state *st)
{
   ir_foreach_function (st->shader, fn) {
      ir_foreach_block (fn, block) {
         ir_foreach_instr (block, instr) {
            instr->pass_flags = 0;
            struct ir_deref *deref = ir_instr_as_deref(instr);
            if (deref && !analyze_deref(st, deref))
               return false;
         }
      }
   }
   return true;
}

/* ---------------------------------------------------------------------- */
/* Copies                                                                 */
/* ---------------------------------------------------------------------- */

static bool
def_is_split(const struct ir_def *def)
{
   const struct node *n = deref_node(def);
   return n && node_is_split(n);
}

/* A constant-index child deref of @p parent with its node. */
static struct ir_def *
build_child(struct split_state *st, struct ir_builder *b, struct ir_def *parent,
            unsigned i)
{
   const struct ir_type *type = def_deref(parent)->type;
   struct ir_def *child;
   if (ir_type_is_struct(type))
      child = ir_build_deref_struct(b, parent, i);
   else
      child = ir_build_deref_array(b, parent, ir_imm_uint(b, i));
   if (!child)
      return NULL;
   struct node *pn = deref_node(parent);
   struct node *n = pn ? node_child(st, pn, i) : NULL;
   child->parent->pass_flags = (uintptr_t)n;
   return child;
}

/* Copies *src to *dst child by child while either side is split. */
static bool
expand_copy(struct split_state *st, struct ir_builder *b, struct ir_def *dst,
            struct ir_def *src)
{
   if (!def_is_split(dst) && !def_is_split(src)) {
      struct ir_def *srcs[2] = { dst, src };
      return ir_build_intrinsic(b, IR_INTRINSIC_COPY_DEREF, 0, 0, srcs);
   }
   unsigned count = split_count(def_deref(dst)->type);
   for (unsigned i = 0; i < count; i++) {
      struct ir_def *d = build_child(st, b, dst, i);
      struct ir_def *s = d ? build_child(st, b, src, i) : NULL;
      if (!s || !expand_copy(st, b, d, s))
         return false;
   }
   return true;
}

static bool
expand_copies(struct split_state *st)
{
   ir_foreach_function (st->shader, fn) {
      ir_foreach_block (fn, block) {
         ir_foreach_instr_safe (block, instr) {
            struct ir_intrinsic *intr = ir_instr_as_intrinsic(instr);
            if (!intr || intr->op != IR_INTRINSIC_COPY_DEREF ||
                (!def_is_split(intr->src[0].def) &&
                 !def_is_split(intr->src[1].def)))
               continue;
            struct ir_builder b = ir_builder_at(fn, ir_before_instr(instr));
            if (!expand_copy(st, &b, intr->src[0].def, intr->src[1].def))
               return false;
            ir_instr_remove(instr);
         }
      }
   }
   return true;
}

/* ---------------------------------------------------------------------- */
/* New variables                                                          */
/* ---------------------------------------------------------------------- */

/* The part @p i of the constant @p c of type @p type (NULL if none). */
static struct ir_constant *
sub_constant(struct split_state *st, const struct ir_type *type,
             const struct ir_constant *c, unsigned i)
{
   if (!c)
      return NULL;
   if (!ir_type_is_matrix(type))
      return c->elements && i < c->num_elements ? c->elements[i] : NULL;
   struct ir_constant *col = u_arena_zalloc(st->shader->arena, sizeof(*col));
   if (!col)
      return NULL;
   unsigned rows = type->vector_elements;
   for (unsigned r = 0; r < rows; r++)
      col->values[r] = c->values[i * rows + r];
   return col;
}

static const char *
part_name(struct split_state *st, const struct ir_type *type, const char *name,
          unsigned i)
{
   if (!name)
      return NULL;
   if (ir_type_is_struct(type) && type->fields[i].name)
      return u_arena_asprintf(st->shader->arena, "%s.%s", name,
                              type->fields[i].name);
   return u_arena_asprintf(st->shader->arena, "%s.%u", name, i);
}

/* Creates the variables of the leaves under @p n (a split node), placing
 * them before @p sv's variable in its list. */
static bool
create_leaves(struct split_state *st, struct split_var *sv, struct node *n,
              const char *name, const struct ir_constant *init)
{
   for (unsigned i = 0; i < n->num_children; i++) {
      struct node *c = n->children ? n->children[i] : NULL;
      if (!c)
         continue;
      const char *cname = part_name(st, n->type, name, i);
      struct ir_constant *cinit = sub_constant(st, n->type, init, i);
      if (node_is_split(c)) {
         if (!create_leaves(st, sv, c, cname, cinit))
            return false;
         continue;
      }
      struct ir_variable *orig = sv->var;
      struct ir_variable *v =
         sv->fn ? ir_local_variable_create(sv->fn, c->type, cname)
                : ir_variable_create(st->shader, orig->mode, c->type, cname);
      if (!v)
         return false;
      v->precise = orig->precise;
      v->invariant = orig->invariant;
      v->read_only = orig->read_only;
      v->initializer = cinit;
      /* Keep declaration order: the parts replace the variable in place. */
      u_list_del(&v->link);
      u_list_add_before(&orig->link, &v->link);
      c->leaf_var = v;
   }
   return true;
}

/* ---------------------------------------------------------------------- */
/* Rewriting                                                              */
/* ---------------------------------------------------------------------- */

static bool
rewrite_function(struct split_state *st, struct ir_function *fn)
{
   struct u_dynarray dead;
   u_dynarray_init(&dead, st->mem);
   ir_foreach_block (fn, block) {
      ir_foreach_instr_safe (block, instr) {
         struct ir_deref *deref = ir_instr_as_deref(instr);
         struct node *n = deref ? (struct node *)instr->pass_flags : NULL;
         if (!n)
            continue;
         struct node *leaf = node_leaf(n);
         if (leaf && !leaf->leaf_var)
            continue; /* the variable is not split at all */
         if (leaf && leaf != n) {
            deref->var = leaf->leaf_var;
            continue;
         }
         if (leaf) {
            struct ir_builder b = ir_builder_at(fn, ir_before_instr(instr));
            struct ir_def *v = ir_build_deref_var(&b, leaf->leaf_var);
            if (!v)
               return false;
            ir_def_rewrite_uses(&deref->def, v);
         }
         if (!u_dynarray_append(&dead, struct ir_instr *, instr))
            return false;
      }
   }
   /* Children come after their parents in program order. */
   while (dead.size) {
      struct ir_instr *instr = u_dynarray_pop(&dead, struct ir_instr *);
      ir_instr_remove(instr);
   }
   u_dynarray_fini(&dead);
   return true;
}

static bool
split(struct split_state *st, bool *progress)
{
   if (!analyze(st))
      return false;

   bool any = false;
   u_dynarray_foreach (&st->list, struct split_var *, svp) {
      if (node_is_split((*svp)->root))
         any = true;
   }
   if (!any)
      return true;

   if (!expand_copies(st))
      return false;
   u_dynarray_foreach (&st->list, struct split_var *, svp) {
      struct split_var *sv = *svp;
      if (!node_is_split(sv->root))
         continue;
      if (!create_leaves(st, sv, sv->root, sv->var->name, sv->var->initializer))
         return false;
   }
   ir_foreach_function (st->shader, fn) {
      if (!rewrite_function(st, fn))
         return false;
      ir_metadata_preserve(fn, IR_METADATA_BLOCK_INDEX | IR_METADATA_DOMINANCE);
   }
   u_dynarray_foreach (&st->list, struct split_var *, svp) {
      if (node_is_split((*svp)->root))
         u_list_del(&(*svp)->var->link);
   }
   *progress = true;
   return true;
}

bool
ir_lower_split_vars(struct ir_shader *s)
{
   struct split_state st = { .shader = s };
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

   /* Running out of memory in the analysis changes nothing; after it, the
    * shader may be left half rewritten (there is no way back). */
   bool progress = false;
   if (ok && st.list.size)
      split(&st, &progress);
   u_arena_destroy(st.mem);
   return progress;
}
