/* SPDX-License-Identifier: MIT */

/*
 * Algebraic simplification: rewrites ALU instructions by the rules of
 * ir_opt_algebraic.py (x * 1 = x, inot(a < b) = a >= b, ...).
 *
 * The rules are data: ir_algebraic_gen.py compiles the table into
 * ir_opt_algebraic_rules.h (pattern and replacement trees as arrays of
 * nodes, the rules of each root opcode), which this file includes after
 * the node structs, the predicates over constants and the conditions the
 * rules name.  This file is the matcher and the rewriter.
 *
 * Algorithm
 * ---------
 * Each block is walked forward.  For an ALU instruction whose def is used,
 * the rules whose pattern root is its opcode are tried in table order; the
 * first that matches is applied: its replacement is built right before the
 * instruction (with the instruction's exact flag) and every use of the
 * instruction is rewritten to it.  The old instruction is left for
 * ir_opt_dce().  The walk then resumes at the first new instruction, so
 * that replacements are simplified in turn; rewriting only changes later
 * uses, so one walk reaches the table's fixed point (a second run makes
 * no progress).  Unused instructions are skipped: that is what keeps the
 * dead originals from matching again.
 *
 * Matching composes swizzles.  The root instruction's components are
 * matched all at once: a per-component source reads, for component i of
 * the root, component swizzle[comp[i]] of its def, where comp maps root
 * components to the instruction's components; nested patterns only go
 * through per-component opcodes, so that map stays a swizzle.  A variable
 * binds a def and the swizzle through which the root's components read it;
 * a second occurrence must have the same def and swizzle:
 *
 *    %2:32x2 = fsub %1.xy, %1.yx     is not x - x = 0
 *
 * A literal matches a load_const whose components read are all equal to it
 * as the consuming input's type at the def's bit size, with the sign of
 * zero: "x + 0.0 = x" is wrong for x = -0.0 (-0 + +0 is +0), so
 *
 *    %1:32 = load_const -0.0
 *    %2:32 = fadd %0, %1             is %0 (exact)
 *    %3:32 = fadd %0, %4             with %4 = 0.0: only if inexact is allowed
 *
 * Commutative opcodes in a pattern are tried in both source orders: every
 * combination of orders (2^num_comm) is one matching attempt, so no
 * backtracking is needed.
 *
 * Before anything is built, the replacement is "planned": the bit size of
 * every node is derived the way the validator checks them (unsized operands
 * of a class share a size, the root has the replaced def's size, literals
 * take the size of their operand class).  A rule whose replacement cannot
 * be built at these sizes (u2u(a) -> a when a has another size) does not
 * apply; so rules are written once for every bit size.
 *
 * A replacement that is a variable read through a swizzle other than the
 * identity becomes a mov (ir_opt_copy_prop() folds it into the users).
 *
 * Inexact rules never apply when any instruction they match is exact or
 * when the options ask to preserve NaN, infinities and signed zeros.
 * Exact rules that pass a float on unchanged carry the condition
 * denorm_preserve: with info.denorm = flush, fmul(x, 1.0) flushes a
 * denormal x but x itself does not.
 *
 * The table must not contain rules that undo each other (the walk would
 * not end); the differential test runs the pass on every rule's pattern.
 *
 * Requires: SSA with use lists.  Preserves: the CFG, block indices,
 * dominance.  Invalidates: instruction indices, liveness, loop analysis
 * (its limiting conditions may be replaced) and divergence (new defs).
 */
#include <assert.h>
#include <math.h>
#include <string.h>

#include "compiler/ir/ir_builder.h"
#include "compiler/ir/ir_passes_algebraic.h"
#include "util/u_half.h"

#define ALGEBRAIC_MAX_VARS          8
#define ALGEBRAIC_MAX_REPLACE_NODES 16

enum algebraic_node_kind {
   ALGEBRAIC_VAR,
   ALGEBRAIC_CONST,
   ALGEBRAIC_EXPR,
};

/** A node of a pattern or replacement tree (see ir_opt_algebraic.py). */
struct algebraic_node {
   uint8_t kind;
   /** EXPR: number of sources (the opcode's inputs). */
   uint8_t num_srcs;
   /** VAR: the variable's index in the rule. */
   uint8_t var;
   /** VAR: index + 1 in algebraic_preds[], 0 for none. */
   uint8_t pred;
   /** VAR, EXPR: required (pattern) or built (replacement) bit size, 0 for
    * any / derived. */
   uint8_t bit_size;
   /** EXPR of a pattern: bit index + 1 in the rule's commutation mask of a
    * commutative opcode, 0 if its sources are matched in order only. */
   uint8_t comm;
   /** VAR: matches only a load_const. */
   bool const_only;
   /** EXPR: marked '~' (informative; the rule carries the flag). */
   bool inexact;
   /** CONST: IR_ALU_FLOAT (f), IR_ALU_INT or IR_ALU_BOOL (i). */
   uint16_t const_type;
   /** EXPR: enum ir_op. */
   uint16_t op;
   /** EXPR: node indices of the sources. */
   uint16_t srcs[4];
   double f;
   int64_t i;
};

struct algebraic_rule {
   /** Root nodes of the pattern and the replacement. */
   uint16_t search, replace;
   /** The replacement's nodes are replace_first..replace. */
   uint16_t replace_first;
   uint8_t num_vars;
   /** Commutative opcodes in the pattern. */
   uint8_t num_comm;
   /** The pattern has a '~'. */
   bool inexact;
   /** Index + 1 in algebraic_conds[], 0 for none. */
   uint8_t cond;
   const char *text;
};

/** Rules algebraic_rule_list[start..start+count) have the root opcode. */
struct algebraic_range {
   uint16_t start, count;
};

/** What the pass knows while it runs (what conditions may look at). */
struct algebraic_state {
   struct ir_shader *shader;
   const struct ir_algebraic_options *options;
};

/** The components of a constant that a pattern variable reads. */
struct algebraic_const {
   const struct ir_load_const *lc;
   /** Component of lc read for each component matched. */
   const uint8_t *swizzle;
   unsigned num_components;
   /** How the consuming input reads it: IR_ALU_FLOAT, _INT, _UINT, _BOOL. */
   unsigned base;
   unsigned bit_size;
};

typedef bool (*algebraic_pred_fn)(const struct algebraic_const *c);
typedef bool (*algebraic_cond_fn)(const struct algebraic_state *st);

/* ---------------------------------------------------------------------- */
/* Constants                                                              */
/* ---------------------------------------------------------------------- */

static uint64_t
bits_mask(unsigned bits)
{
   return bits >= 64 ? ~0ull : (1ull << bits) - 1;
}

/** The raw bits of @p v, zero-extended. */
static uint64_t
value_raw(const union ir_const_value *v, unsigned bits)
{
   switch (bits) {
   case 1:
      return v->b;
   case 8:
      return v->u8;
   case 16:
      return v->u16;
   case 32:
      return v->u32;
   default:
      return v->u64;
   }
}

static double
value_float(const union ir_const_value *v, unsigned bits)
{
   switch (bits) {
   case 16:
      return u_half_to_float(v->u16);
   case 32:
      return v->f32;
   default:
      return v->f64;
   }
}

/** @p v as a signed integer of @p bits bits. */
static int64_t
value_int(const union ir_const_value *v, unsigned bits)
{
   uint64_t raw = value_raw(v, bits);
   if (bits < 64 && (raw >> (bits - 1)) & 1)
      raw |= ~bits_mask(bits);
   return (int64_t)raw;
}

static const union ir_const_value *
const_comp(const struct algebraic_const *c, unsigned i)
{
   return &c->lc->value[c->swizzle[i]];
}

static bool
const_comp_is_zero(const struct algebraic_const *c, unsigned i)
{
   if (c->base == IR_ALU_FLOAT)
      return value_float(const_comp(c, i), c->bit_size) == 0.0;
   return value_raw(const_comp(c, i), c->bit_size) == 0;
}

/* Predicates named by the rules: each holds for every component read. */

/** Integers 2^k > 0 (as signed values for int inputs). */
static bool
is_pos_power_of_two(const struct algebraic_const *c)
{
   if (c->base == IR_ALU_FLOAT || c->base == IR_ALU_BOOL)
      return false;
   for (unsigned i = 0; i < c->num_components; i++) {
      uint64_t v = value_raw(const_comp(c, i), c->bit_size);
      if (c->base == IR_ALU_INT &&
          value_int(const_comp(c, i), c->bit_size) <= 0)
         return false;
      if (v == 0 || (v & (v - 1)) != 0)
         return false;
   }
   return true;
}

/** Neither zero nor (for floats) NaN. */
static bool
is_not_zero(const struct algebraic_const *c)
{
   for (unsigned i = 0; i < c->num_components; i++) {
      if (const_comp_is_zero(c, i))
         return false;
      if (c->base == IR_ALU_FLOAT &&
          isnan(value_float(const_comp(c, i), c->bit_size)))
         return false;
   }
   return true;
}

/** Floats in [+0, 1] (not -0). */
static bool
is_zero_to_one(const struct algebraic_const *c)
{
   if (c->base != IR_ALU_FLOAT)
      return false;
   for (unsigned i = 0; i < c->num_components; i++) {
      double v = value_float(const_comp(c, i), c->bit_size);
      if (!(v >= 0.0 && v <= 1.0) || signbit(v))
         return false;
   }
   return true;
}

/** The last component read is zero (of either sign). */
static bool
is_last_comp_zero(const struct algebraic_const *c)
{
   return const_comp_is_zero(c, c->num_components - 1);
}

/* Conditions named by the rules. */

/** Float results are not flushed, so passing a denormal on unchanged
 * gives what an operation would. */
static bool
denorm_preserve(const struct algebraic_state *st)
{
   return st->shader->info.denorm_mode == IR_DENORM_PRESERVE;
}

#include "ir_opt_algebraic_rules.h"

/* ---------------------------------------------------------------------- */
/* Matching                                                               */
/* ---------------------------------------------------------------------- */

struct algebraic_binding {
   struct ir_def *def;
   uint8_t swizzle[IR_MAX_VEC];
   /** Components read; 0 while unbound. */
   uint8_t num_components;
};

struct algebraic_match {
   struct algebraic_binding vars[ALGEBRAIC_MAX_VARS];
   /** Bit k: commutative node k matches its sources swapped. */
   unsigned comm_mask;
   /** Some matched instruction is exact. */
   bool any_exact;
};

static bool match_expr(struct algebraic_match *m, unsigned idx,
                       struct ir_alu *alu, const uint8_t *comp, unsigned n);

static bool
literal_equal(const struct algebraic_node *node, const union ir_const_value *v,
              unsigned type, unsigned bits)
{
   switch (IR_ALU_TYPE_BASE(type)) {
   case IR_ALU_FLOAT: {
      double f = value_float(v, bits);
      return f == node->f && !signbit(f) == !signbit(node->f);
   }
   case IR_ALU_BOOL:
      return (value_raw(v, bits) != 0) == (node->i != 0);
   default:
      return value_raw(v, bits) == ((uint64_t)node->i & bits_mask(bits));
   }
}

/* Matches pattern node @p idx against @p n components of @p def read
 * through @p swz by an input of type @p type. */
static bool
match_value(struct algebraic_match *m, unsigned idx, struct ir_def *def,
            const uint8_t *swz, unsigned n, unsigned type)
{
   const struct algebraic_node *node = &algebraic_nodes[idx];
   struct ir_load_const *lc = ir_def_as_load_const(def);

   if (node->kind == ALGEBRAIC_EXPR) {
      struct ir_alu *alu = ir_def_as_alu(def);
      return alu && match_expr(m, idx, alu, swz, n);
   }
   if (node->kind == ALGEBRAIC_CONST) {
      if (!lc)
         return false;
      for (unsigned i = 0; i < n; i++) {
         if (!literal_equal(node, &lc->value[swz[i]], type, def->bit_size))
            return false;
      }
      return true;
   }

   if (node->bit_size && def->bit_size != node->bit_size)
      return false;
   if (node->const_only && !lc)
      return false;
   if (node->pred) {
      struct algebraic_const c = {
         .lc = lc,
         .swizzle = swz,
         .num_components = n,
         .base = IR_ALU_TYPE_BASE(type),
         .bit_size = def->bit_size,
      };
      if (!algebraic_preds[node->pred](&c))
         return false;
   }
   struct algebraic_binding *b = &m->vars[node->var];
   if (b->num_components) {
      return b->def == def && b->num_components == n &&
             memcmp(b->swizzle, swz, n) == 0;
   }
   b->def = def;
   b->num_components = (uint8_t)n;
   memcpy(b->swizzle, swz, n);
   return true;
}

/* Matches pattern node @p idx (an EXPR) against @p alu, whose components
 * comp[0..n) are the root's components. */
static bool
match_expr(struct algebraic_match *m, unsigned idx, struct ir_alu *alu,
           const uint8_t *comp, unsigned n)
{
   const struct algebraic_node *node = &algebraic_nodes[idx];
   if (alu->op != node->op)
      return false;
   if (node->bit_size && alu->def.bit_size != node->bit_size)
      return false;
   m->any_exact |= alu->exact;

   const struct ir_op_info *info = &ir_op_infos[alu->op];
   bool swap = node->comm && ((m->comm_mask >> (node->comm - 1)) & 1);
   for (unsigned j = 0; j < node->num_srcs; j++) {
      unsigned s = swap && j < 2 ? 1 - j : j;
      const struct ir_alu_src *as = &alu->src[s];
      uint8_t swz[IR_MAX_VEC];
      unsigned w = info->input_sizes[s];
      if (w) {
         memcpy(swz, as->swizzle, w);
      } else {
         w = n;
         for (unsigned i = 0; i < n; i++)
            swz[i] = as->swizzle[comp[i]];
      }
      if (!match_value(m, node->srcs[j], as->src.def, swz, w,
                       info->input_types[s]))
         return false;
   }
   return true;
}

/* ---------------------------------------------------------------------- */
/* Planning the replacement's sizes                                       */
/* ---------------------------------------------------------------------- */

enum size_class {
   CLASS_FLOAT,
   CLASS_INT,
   CLASS_BOOL,
   NUM_CLASSES,
};

static enum size_class
size_class(unsigned type)
{
   switch (IR_ALU_TYPE_BASE(type)) {
   case IR_ALU_FLOAT:
      return CLASS_FLOAT;
   case IR_ALU_BOOL:
      return CLASS_BOOL;
   default:
      return CLASS_INT;
   }
}

static bool
class_allows(enum size_class k, unsigned bits)
{
   switch (k) {
   case CLASS_FLOAT:
      return bits == 16 || bits == 32 || bits == 64;
   case CLASS_BOOL:
      return bits == 1 || bits == 32;
   default:
      return bits == 1 || bits == 8 || bits == 16 || bits == 32 || bits == 64;
   }
}

struct algebraic_plan {
   const struct algebraic_match *m;
   const struct algebraic_rule *rule;
   /** Bit size of each replacement node (index - rule->replace_first). */
   uint8_t bits[ALGEBRAIC_MAX_REPLACE_NODES];
};

static unsigned plan_node(struct algebraic_plan *p, unsigned idx,
                          unsigned width, unsigned want);

/* The size node @p idx has on its own (0 for literals, which take their
 * operand class's). */
static unsigned
natural_bits(struct algebraic_plan *p, unsigned idx, unsigned width)
{
   const struct algebraic_node *node = &algebraic_nodes[idx];
   if (node->kind == ALGEBRAIC_CONST)
      return 0;
   return plan_node(p, idx, width, 0);
}

static unsigned
plan_expr(struct algebraic_plan *p, const struct algebraic_node *node,
          unsigned width, unsigned want)
{
   const struct ir_op_info *info = &ir_op_infos[node->op];
   if (info->output_size && info->output_size != width)
      return 0;
   unsigned out_fixed = IR_ALU_TYPE_BITS(info->output_type);
   enum size_class out_class = size_class(info->output_type);
   bool out_joins = !out_fixed && !(info->props & IR_OP_CONVERSION);
   unsigned out = node->bit_size ? node->bit_size
                  : out_fixed    ? out_fixed
                                 : want;

   unsigned class_bits[NUM_CLASSES] = { 0 };
   if (out_joins)
      class_bits[out_class] = out;
   for (unsigned j = 0; j < info->num_inputs; j++) {
      unsigned type = info->input_types[j];
      enum size_class k = size_class(type);
      if (IR_ALU_TYPE_BITS(type) || class_bits[k])
         continue;
      unsigned w = info->input_sizes[j] ? info->input_sizes[j] : width;
      class_bits[k] = natural_bits(p, node->srcs[j], w);
   }
   for (unsigned j = 0; j < info->num_inputs; j++) {
      unsigned type = info->input_types[j];
      unsigned bits = IR_ALU_TYPE_BITS(type);
      if (!bits)
         bits = class_bits[size_class(type)];
      unsigned w = info->input_sizes[j] ? info->input_sizes[j] : width;
      if (!bits || !class_allows(size_class(type), bits) ||
          plan_node(p, node->srcs[j], w, bits) != bits)
         return 0;
   }

   if (!out && out_joins)
      out = class_bits[out_class];
   if (!out && out_class == CLASS_BOOL)
      out = 1;
   if (!out || !class_allows(out_class, out))
      return 0;
   return out;
}

/* Plans replacement node @p idx, read as @p width components of @p want
 * bits (0: whatever it has); returns its bit size, 0 if it cannot be
 * built so. */
static unsigned
plan_node(struct algebraic_plan *p, unsigned idx, unsigned width, unsigned want)
{
   const struct algebraic_node *node = &algebraic_nodes[idx];
   unsigned bits;
   switch (node->kind) {
   case ALGEBRAIC_VAR: {
      const struct algebraic_binding *b = &p->m->vars[node->var];
      bits = b->num_components >= width ? b->def->bit_size : 0;
      break;
   }
   case ALGEBRAIC_CONST:
      bits = class_allows(size_class(node->const_type), want) ? want : 0;
      break;
   default:
      bits = plan_expr(p, node, width, want);
      break;
   }
   if (!bits || (want && bits != want))
      return 0;
   assert(idx >= p->rule->replace_first &&
          idx - p->rule->replace_first < ALGEBRAIC_MAX_REPLACE_NODES);
   p->bits[idx - p->rule->replace_first] = (uint8_t)bits;
   return bits;
}

/* ---------------------------------------------------------------------- */
/* Building                                                               */
/* ---------------------------------------------------------------------- */

/** A def read through a swizzle. */
struct algebraic_value {
   struct ir_def *def;
   uint8_t swizzle[IR_MAX_VEC];
};

static union ir_const_value
literal_value(const struct algebraic_node *node, unsigned bits)
{
   union ir_const_value v;
   memset(&v, 0, sizeof(v));
   if (node->const_type == IR_ALU_FLOAT) {
      if (bits == 16)
         v.u16 = u_float_to_half((float)node->f, U_ROUND_NEAREST_EVEN);
      else if (bits == 32)
         v.f32 = (float)node->f;
      else
         v.f64 = node->f;
   } else if (node->const_type == IR_ALU_BOOL && bits == 32) {
      v.u32 = node->i ? ~0u : 0;
   } else if (bits == 1) {
      v.b = node->i & 1;
   } else {
      v.u64 = (uint64_t)node->i & bits_mask(bits);
   }
   return v;
}

/* Builds replacement node @p idx with @p width components; false when out
 * of memory. */
static bool
build_node(struct ir_builder *b, const struct algebraic_plan *p, unsigned idx,
           unsigned width, struct algebraic_value *out)
{
   const struct algebraic_node *node = &algebraic_nodes[idx];
   unsigned bits = p->bits[idx - p->rule->replace_first];
   for (unsigned i = 0; i < IR_MAX_VEC; i++)
      out->swizzle[i] = (uint8_t)i;

   switch (node->kind) {
   case ALGEBRAIC_VAR: {
      const struct algebraic_binding *bind = &p->m->vars[node->var];
      out->def = bind->def;
      memcpy(out->swizzle, bind->swizzle, width);
      return true;
   }
   case ALGEBRAIC_CONST: {
      union ir_const_value values[IR_MAX_VEC];
      for (unsigned i = 0; i < width; i++)
         values[i] = literal_value(node, bits);
      out->def = ir_build_imm(b, width, bits, values);
      return out->def != NULL;
   }
   default: {
      const struct ir_op_info *info = &ir_op_infos[node->op];
      struct algebraic_value srcs[4];
      struct ir_def *defs[4];
      const uint8_t(*swz[4])[IR_MAX_VEC];
      for (unsigned j = 0; j < info->num_inputs; j++) {
         unsigned w = info->input_sizes[j] ? info->input_sizes[j] : width;
         if (!build_node(b, p, node->srcs[j], w, &srcs[j]))
            return false;
         defs[j] = srcs[j].def;
         swz[j] = &srcs[j].swizzle;
      }
      out->def = ir_build_alu_swz(b, node->op, width, bits, defs, swz);
      return out->def != NULL;
   }
   }
}

/* ---------------------------------------------------------------------- */
/* The pass                                                               */
/* ---------------------------------------------------------------------- */

/* Builds the planned replacement of @p alu before it and moves its uses
 * there. */
static void
replace(struct ir_function *fn, struct ir_alu *alu,
        const struct algebraic_plan *p)
{
   struct ir_builder b = ir_builder_at(fn, ir_before_instr(&alu->instr));
   b.exact = alu->exact;
   unsigned n = alu->def.num_components;
   struct algebraic_value v;
   if (!build_node(&b, p, p->rule->replace, n, &v))
      return;
   bool identity = v.def->num_components == n;
   for (unsigned i = 0; i < n; i++)
      identity &= v.swizzle[i] == i;
   struct ir_def *def = v.def;
   if (!identity) {
      const uint8_t(*swz[1])[IR_MAX_VEC] = { &v.swizzle };
      def = ir_build_alu_swz(&b, IR_OP_MOV, n, def->bit_size, &v.def, swz);
      if (!def)
         return;
   }
   assert(def->bit_size == alu->def.bit_size &&
          def->num_components == alu->def.num_components);
   ir_def_rewrite_uses(&alu->def, def);
}

static bool
try_rule(const struct algebraic_state *st, struct ir_function *fn,
         struct ir_alu *alu, unsigned r)
{
   const struct algebraic_rule *rule = &algebraic_rules[r];
   if (rule->inexact && (alu->exact || st->options->preserve_float_specials))
      return false;
   if (rule->cond && !algebraic_conds[rule->cond](st))
      return false;

   static const uint8_t identity[IR_MAX_VEC] = { 0, 1, 2, 3 };
   for (unsigned mask = 0; mask < (1u << rule->num_comm); mask++) {
      struct algebraic_match m;
      memset(&m, 0, sizeof(m));
      m.comm_mask = mask;
      if (!match_expr(&m, rule->search, alu, identity, alu->def.num_components))
         continue;
      if (rule->inexact && m.any_exact)
         continue;
      struct algebraic_plan plan = { .m = &m, .rule = rule };
      if (!plan_node(&plan, rule->replace, alu->def.num_components,
                     alu->def.bit_size))
         continue;
      replace(fn, alu, &plan);
      if (st->options->rule_hits)
         st->options->rule_hits[r]++;
      return true;
   }
   return false;
}

static bool
algebraic_alu(const struct algebraic_state *st, struct ir_function *fn,
              struct ir_alu *alu)
{
   const struct algebraic_range *range = &algebraic_by_op[alu->op];
   for (unsigned k = 0; k < range->count; k++) {
      if (try_rule(st, fn, alu, algebraic_rule_list[range->start + k]))
         return true;
   }
   return false;
}

static bool
algebraic_block(const struct algebraic_state *st, struct ir_function *fn,
                struct ir_block *block)
{
   bool progress = false;
   struct u_list *head = &block->instrs;
   for (struct u_list *link = head->next; link != head;) {
      struct u_list *next = link->next;
      struct ir_alu *alu =
         ir_instr_as_alu(u_container_of(link, struct ir_instr, link));
      if (alu && ir_def_has_uses(&alu->def)) {
         struct u_list *prev = link->prev;
         if (algebraic_alu(st, fn, alu)) {
            progress = true;
            /* Go on with the first new instruction (or with the old one if
             * nothing was built: it is unused now and will be skipped),
             * unless building ran out of memory and the uses stayed. */
            if (!ir_def_has_uses(&alu->def))
               next = prev->next;
         }
      }
      link = next;
   }
   return progress;
}

bool
ir_opt_algebraic_with_options(struct ir_shader *s,
                              const struct ir_algebraic_options *options)
{
   static const struct ir_algebraic_options defaults = { 0 };
   struct algebraic_state st = {
      .shader = s,
      .options = options ? options : &defaults,
   };
   bool progress = false;
   ir_foreach_function (s, fn) {
      bool fn_progress = false;
      ir_foreach_block (fn, block)
         fn_progress |= algebraic_block(&st, fn, block);
      if (fn_progress)
         ir_metadata_preserve(fn,
                              IR_METADATA_BLOCK_INDEX | IR_METADATA_DOMINANCE);
      progress |= fn_progress;
   }
   return progress;
}

bool
ir_opt_algebraic(struct ir_shader *s)
{
   return ir_opt_algebraic_with_options(s, NULL);
}

unsigned
ir_opt_algebraic_num_rules(void)
{
   return ALGEBRAIC_NUM_RULES;
}

const char *
ir_opt_algebraic_rule_text(unsigned rule)
{
   return rule < ALGEBRAIC_NUM_RULES ? algebraic_rules[rule].text : NULL;
}
