/* SPDX-License-Identifier: MIT */

/*
 * Loop analysis: the trip count of loops whose exits depend only on
 * induction variables with constant starts and constant steps, as a front
 * end produces for `for (int i = C0; i < C1; i += C2)`:
 *
 *    b0:  %init = load_const C0 ...
 *    loop {
 *      b1:  %i = phi b0: %init, b4: %next        (the header)
 *           %c = ige %i, %limit                   (or ilt + else-break,
 *      if %c { b2: break } else { b3: }            inot, swapped operands)
 *      b4:  ...  %next = iadd %i, %step
 *    }
 *
 * Rather than solving each comparison in closed form, the loop is
 * simulated: the exit conditions and the back-edge values are compiled
 * into a small expression program over the header's phis and constants,
 * and the program is run one iteration at a time with the constant
 * evaluator (ir_eval_alu_op(), the same code as constant folding and the
 * interpreter), so integer wrapping, float rounding (the shader's rounding
 * and denormal modes) and every opcode behave exactly as at run time.  The
 * simulation stops at IR_LOOP_MAX_SIMULATED_ITERATIONS.
 *
 * Recognised shape: every exit is a `break` that ends the then- or
 * else-list of an if placed directly in the loop body (the list may hold
 * other code, without jumps of this loop), or an unconditional break in a
 * block of the body; exits are tested in program order.  The back edge is
 * the end of the body (a `continue` may end the last block).  Anything
 * else — a return anywhere in the loop, a continue or break nested deeper,
 * an exit condition or back-edge value depending on a value that is not a
 * constant, a header phi, or ALU arithmetic on those (such as a phi of an
 * if inside the loop, where the variable is changed conditionally) — gives
 * trip_count -1.
 *
 * trip_count counts back edges taken: the iterations that run to the end
 * of the body.  `for (i = 0; i < 4; i++)` with its test at the top gives 4
 * (the header runs a fifth time and leaves); the same loop with the test
 * at the bottom of the body (do-while) gives 3.
 *
 * Requires: nothing.  Provides IR_METADATA_LOOP_ANALYSIS.
 */
#include <fenv.h>
#include <stdlib.h>
#include <string.h>

#include "compiler/ir/ir_analysis.h"
#include "compiler/ir/ir_constant_eval.h"

/* Limits on what is simulated: the expression program's size and depth,
 * and the number of exits.  Canonical loops use a handful of each. */
#define MAX_NODES 64
#define MAX_DEPTH 16
#define MAX_EXITS 8

enum node_kind {
   NODE_CONST,
   NODE_PHI,
   NODE_ALU
};

struct node {
   const struct ir_def *def;
   enum node_kind kind;
   /** NODE_PHI: the phi's slot in sim::phis. */
   unsigned phi;
   /** NODE_ALU: the node of each input. */
   unsigned src[4];
   union ir_const_value value[IR_MAX_VEC];
};

struct phi_slot {
   const struct ir_phi *phi;
   unsigned node;
   /** Nodes of the value on entry and of the value on the back edge. */
   unsigned init, next;
   union ir_const_value value[IR_MAX_VEC];
};

struct loop_exit {
   /** Node of the if condition, or -1 for an unconditional break. */
   int cond;
   /** The break is on the else side. */
   bool invert;
   struct ir_instr *cond_instr;
};

struct sim {
   struct ir_loop *loop;
   struct ir_block *header;
   struct ir_block *preheader;
   struct node nodes[MAX_NODES];
   unsigned num_nodes;
   struct phi_slot phis[MAX_NODES];
   unsigned num_phis;
   struct loop_exit exits[MAX_EXITS];
   unsigned num_exits;
   struct ir_eval_mode mode;
};

/* ---------------------------------------------------------------------- */
/* Compiling the expressions                                              */
/* ---------------------------------------------------------------------- */

/* Node computing @p def, or -1 if it is not a function of the header's
 * phis and constants. */
static int
compile(struct sim *s, const struct ir_def *def, unsigned depth)
{
   for (unsigned i = 0; i < s->num_nodes; i++) {
      if (s->nodes[i].def == def)
         return (int)i;
   }
   if (depth > MAX_DEPTH || s->num_nodes == MAX_NODES)
      return -1;

   struct ir_instr *instr = def->parent;
   switch (instr->kind) {
   case IR_INSTR_LOAD_CONST: {
      struct node *n = &s->nodes[s->num_nodes];
      *n = (struct node){ .def = def, .kind = NODE_CONST };
      memcpy(n->value, ir_instr_as_load_const(instr)->value, sizeof(n->value));
      return (int)s->num_nodes++;
   }
   case IR_INSTR_PHI: {
      if (instr->block != s->header)
         return -1;
      const struct ir_phi *phi = ir_instr_as_phi(instr);
      const struct ir_def *init = NULL, *next = NULL;
      ir_foreach_phi_src (phi, ps) {
         if (ps->pred == s->preheader && !init)
            init = ps->src.def;
         else if (ps->pred != s->preheader && !next)
            next = ps->src.def;
         else
            return -1; /* more than one back edge */
      }
      if (!init)
         return -1;
      /* The node first, so that the back-edge value may refer to it. */
      unsigned idx = s->num_nodes++;
      struct phi_slot *slot = &s->phis[s->num_phis];
      s->nodes[idx] =
         (struct node){ .def = def, .kind = NODE_PHI, .phi = s->num_phis++ };
      *slot = (struct phi_slot){ .phi = phi, .node = idx };
      int i = compile(s, init, depth + 1);
      int n = next ? compile(s, next, depth + 1) : i;
      if (i < 0 || n < 0)
         return -1;
      slot->init = (unsigned)i;
      slot->next = (unsigned)n;
      return (int)idx;
   }
   case IR_INSTR_ALU: {
      const struct ir_alu *alu = ir_instr_as_alu(instr);
      const struct ir_op_info *info = &ir_op_infos[alu->op];
      unsigned src[4];
      for (unsigned i = 0; i < info->num_inputs; i++) {
         int n = compile(s, alu->src[i].src.def, depth + 1);
         if (n < 0)
            return -1;
         src[i] = (unsigned)n;
      }
      if (s->num_nodes == MAX_NODES)
         return -1;
      struct node *n = &s->nodes[s->num_nodes];
      *n = (struct node){ .def = def, .kind = NODE_ALU };
      memcpy(n->src, src, sizeof(src));
      return (int)s->num_nodes++;
   }
   default:
      return -1;
   }
}

/* ---------------------------------------------------------------------- */
/* Finding the exits                                                      */
/* ---------------------------------------------------------------------- */

/* Whether the cf list holds a jump that leaves or restarts the loop being
 * analysed (a break or continue outside nested loops, or any return). */
static bool
list_has_loop_jump(struct u_list *list, bool nested)
{
   u_list_foreach (struct ir_cf_node, node, list, link) {
      switch (node->kind) {
      case IR_CF_BLOCK: {
         struct ir_jump *j = ir_block_last_jump(ir_cf_as_block(node));
         if (j && (j->jump_kind == IR_JUMP_RETURN || !nested))
            return true;
         break;
      }
      case IR_CF_IF: {
         struct ir_if *nif = ir_cf_as_if(node);
         if (list_has_loop_jump(&nif->then_list, nested) ||
             list_has_loop_jump(&nif->else_list, nested))
            return true;
         break;
      }
      case IR_CF_LOOP:
         if (list_has_loop_jump(&ir_cf_as_loop(node)->body, true))
            return true;
         break;
      default:
         break;
      }
   }
   return false;
}

static bool
add_exit(struct sim *s, int cond, bool invert, struct ir_instr *cond_instr)
{
   if (s->num_exits == MAX_EXITS)
      return false;
   s->exits[s->num_exits++] = (struct loop_exit){ .cond = cond,
                                                  .invert = invert,
                                                  .cond_instr = cond_instr };
   return true;
}

/* One side of an if in the loop body: a break at its end is an exit; any
 * other jump of the loop makes the loop unanalysable. */
static bool
scan_branch(struct sim *s, struct ir_if *nif, struct u_list *list, bool invert)
{
   struct ir_block *last =
      ir_cf_as_block(u_list_last(list, struct ir_cf_node, link));
   struct ir_jump *j = ir_block_last_jump(last);
   if (j && j->jump_kind != IR_JUMP_BREAK)
      return false;

   /* Everything before the final jump must be free of loop jumps. */
   u_list_foreach (struct ir_cf_node, node, list, link) {
      if (&node->link == list->prev)
         break;
      bool bad;
      if (node->kind == IR_CF_BLOCK) {
         bad = ir_block_last_jump(ir_cf_as_block(node)) != NULL;
      } else if (node->kind == IR_CF_IF) {
         struct ir_if *inner = ir_cf_as_if(node);
         bad = list_has_loop_jump(&inner->then_list, false) ||
               list_has_loop_jump(&inner->else_list, false);
      } else {
         bad = list_has_loop_jump(&ir_cf_as_loop(node)->body, true);
      }
      if (bad)
         return false;
   }
   if (!j)
      return true;

   int cond = compile(s, nif->condition.def, 0);
   return cond >= 0 && add_exit(s, cond, invert, nif->condition.def->parent);
}

static bool
find_exits(struct sim *s)
{
   struct u_list *body = &s->loop->body;
   u_list_foreach (struct ir_cf_node, node, body, link) {
      switch (node->kind) {
      case IR_CF_BLOCK: {
         struct ir_jump *j = ir_block_last_jump(ir_cf_as_block(node));
         if (!j)
            break;
         if (j->jump_kind == IR_JUMP_BREAK) {
            if (!add_exit(s, -1, false, NULL))
               return false;
            /* Nothing after an unconditional break runs. */
            return true;
         }
         if (j->jump_kind == IR_JUMP_RETURN || node->link.next != body)
            return false; /* a continue that skips the rest of the body */
         break;
      }
      case IR_CF_IF: {
         struct ir_if *nif = ir_cf_as_if(node);
         if (!scan_branch(s, nif, &nif->then_list, false) ||
             !scan_branch(s, nif, &nif->else_list, true))
            return false;
         break;
      }
      case IR_CF_LOOP:
         if (list_has_loop_jump(&ir_cf_as_loop(node)->body, true))
            return false;
         break;
      default:
         return false;
      }
   }
   return true;
}

/* ---------------------------------------------------------------------- */
/* Simulation                                                             */
/* ---------------------------------------------------------------------- */

static bool
eval_node(struct sim *s, struct node *n)
{
   switch (n->kind) {
   case NODE_CONST:
      return true;
   case NODE_PHI:
      memcpy(n->value, s->phis[n->phi].value, sizeof(n->value));
      return true;
   case NODE_ALU:
      break;
   }
   const struct ir_alu *alu = ir_def_as_alu(n->def);
   const struct ir_op_info *info = &ir_op_infos[alu->op];
   unsigned nc = alu->def.num_components;
   union ir_const_value in[4][IR_MAX_VEC];
   const union ir_const_value *srcs[4];
   unsigned bits[4];
   for (unsigned i = 0; i < info->num_inputs; i++) {
      const struct node *sn = &s->nodes[n->src[i]];
      unsigned read = info->input_sizes[i] ? info->input_sizes[i] : nc;
      for (unsigned c = 0; c < read && c < IR_MAX_VEC; c++)
         in[i][c] = sn->value[alu->src[i].swizzle[c] & (IR_MAX_VEC - 1)];
      srcs[i] = in[i];
      bits[i] = alu->src[i].src.def->bit_size;
   }
   return ir_eval_alu_op(alu->op, nc, alu->def.bit_size, bits, srcs, n->value,
                         &s->mode);
}

static bool
run_program(struct sim *s)
{
   for (unsigned i = 0; i < s->num_nodes; i++) {
      if (!eval_node(s, &s->nodes[i]))
         return false;
   }
   return true;
}

static bool
is_true(const struct node *n)
{
   return n->def->bit_size == 1 ? n->value[0].b : n->value[0].u32 != 0;
}

/* Runs the loop; sets the trip count if an exit is taken in time. */
static void
simulate(struct sim *s)
{
   /* Entry values: they do not depend on the header's phis (those do not
    * dominate the preheader), so one run with any phi values gives them. */
   if (!run_program(s))
      return;
   for (unsigned p = 0; p < s->num_phis; p++) {
      memcpy(s->phis[p].value, s->nodes[s->phis[p].init].value,
             sizeof(s->phis[p].value));
   }

   for (int iter = 0; iter < IR_LOOP_MAX_SIMULATED_ITERATIONS; iter++) {
      if (!run_program(s))
         return;
      for (unsigned e = 0; e < s->num_exits; e++) {
         const struct loop_exit *x = &s->exits[e];
         if (x->cond < 0 || is_true(&s->nodes[x->cond]) != x->invert) {
            s->loop->info.trip_count = iter;
            s->loop->info.limiting_condition = x->cond_instr;
            return;
         }
      }
      for (unsigned p = 0; p < s->num_phis; p++) {
         memcpy(s->phis[p].value, s->nodes[s->phis[p].next].value,
                sizeof(s->phis[p].value));
      }
   }
}

static void
analyze_loop(struct ir_function *fn, struct ir_loop *loop)
{
   loop->info.trip_count = -1;
   loop->info.limiting_condition = NULL;

   struct sim *s = calloc(1, sizeof(*s));
   if (!s)
      return;
   s->loop = loop;
   s->header = ir_loop_first_block(loop);
   s->preheader = ir_cf_as_block(
      u_container_of(loop->cf.link.prev, struct ir_cf_node, link));
   s->mode.round = fn->shader->info.round_mode;
   s->mode.denorm = fn->shader->info.denorm_mode;
   if (s->preheader && find_exits(s) && s->num_exits > 0) {
      int old_round = fegetround();
      if (s->mode.round == IR_ROUND_TOWARD_ZERO)
         fesetround(FE_TOWARDZERO);
      simulate(s);
      fesetround(old_round);
   }
   free(s);
}

static void
analyze_list(struct ir_function *fn, struct u_list *list)
{
   u_list_foreach (struct ir_cf_node, node, list, link) {
      if (node->kind == IR_CF_IF) {
         analyze_list(fn, &ir_cf_as_if(node)->then_list);
         analyze_list(fn, &ir_cf_as_if(node)->else_list);
      } else if (node->kind == IR_CF_LOOP) {
         analyze_list(fn, &ir_cf_as_loop(node)->body);
         analyze_loop(fn, ir_cf_as_loop(node));
      }
   }
}

void
ir_analyze_loops(struct ir_function *fn)
{
   analyze_list(fn, &fn->body);
   fn->valid_metadata |= IR_METADATA_LOOP_ANALYSIS;
}
