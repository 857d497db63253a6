/* SPDX-License-Identifier: MIT */

/*
 * The interpreter's programs and states, the run loop, and the operations
 * of control flow (see ir_exec_decode.c for how control flow is decoded
 * into them).
 *
 * Masks: `exec` holds the lanes running now; the mask stack holds, per
 * enclosing if, the lanes waiting for the else side (then, during the else
 * side, the lanes that finished the then side), and per enclosing loop the
 * lanes that broke and the lanes that continued.  Lanes that executed
 * return never come back.  Lanes of a quad that has nothing left to do are
 * "dead": they are removed from exec and from every mask restored from the
 * stack.
 *
 * A loop iterates while some lane continues; a loop in which only lanes
 * killed by discard would continue ends for them (they go on after the
 * loop as helpers), so that a loop that only discard ends terminates.
 */
#include <fenv.h>
#include <stdlib.h>
#include <string.h>

#include "compiler/ir/ir_exec_priv.h"

/* ---------------------------------------------------------------------- */
/* Masks                                                                  */
/* ---------------------------------------------------------------------- */

void
exec_update_dead(struct ir_exec_state *st)
{
   uint64_t alive = st->started & ~st->returned & ~st->dead;
   uint64_t live = alive & ~st->helper;
   uint64_t quads =
      (live | live >> 1 | live >> 2 | live >> 3) & 0x1111111111111111ull;
   uint64_t live_quads = quads * 0xf;
   uint64_t dead = alive & ~live_quads;
   if (dead) {
      st->dead |= dead;
      exec_set_mask(st, st->exec & ~dead);
   }
}

void
exec_copy_row_masked(struct ir_exec_state *st, uint32_t dst, uint32_t src)
{
   exec_v4u *d = (exec_v4u *)exec_row(st, dst);
   const exec_v4u *s = (const exec_v4u *)exec_row(st, src);
   for (unsigned q = st->qlo; q < st->qhi; q++) {
      unsigned m = (unsigned)(st->exec >> (4 * q)) & 0xf;
      if (m == 0xf) {
         d[q] = s[q];
      } else if (m) {
         exec_v4u sel = exec_quad_select(m);
         d[q] = (s[q] & sel) | (d[q] & ~sel);
      }
   }
}

uint64_t
exec_row_true_mask(const struct ir_exec_state *st, uint32_t row)
{
   const exec_v4u *v = (const exec_v4u *)exec_row(st, row);
   uint64_t mask = 0;
   for (unsigned q = st->qlo; q < st->qhi; q++) {
      exec_v4u t = (exec_v4u)(v[q] != 0);
      unsigned bits = (t[0] & 1) | (t[1] & 2) | (t[2] & 4) | (t[3] & 8);
      mask |= (uint64_t)bits << (4 * q);
   }
   return mask & st->exec;
}

/* ---------------------------------------------------------------------- */
/* Control flow                                                           */
/* ---------------------------------------------------------------------- */

const struct exec_op *
exec_op_if(struct ir_exec_state *st, const struct exec_op *op)
{
   uint64_t then_mask = exec_row_true_mask(st, op->src[0][0]);
   st->stack[op->aux[0]] = st->exec & ~then_mask;
   exec_set_mask(st, then_mask);
   return then_mask ? op + 1 : op->target;
}

const struct exec_op *
exec_op_else(struct ir_exec_state *st, const struct exec_op *op)
{
   uint64_t else_mask = st->stack[op->aux[0]] & ~st->dead;
   st->stack[op->aux[0]] = st->exec;
   exec_set_mask(st, else_mask);
   return else_mask ? op + 1 : op->target;
}

const struct exec_op *
exec_op_endif(struct ir_exec_state *st, const struct exec_op *op)
{
   uint64_t mask = (st->exec | st->stack[op->aux[0]]) & ~st->dead;
   exec_set_mask(st, mask);
   return mask ? op + 1 : op->skip;
}

const struct exec_op *
exec_op_loop_begin(struct ir_exec_state *st, const struct exec_op *op)
{
   st->stack[op->aux[0]] = 0;
   st->stack[op->aux[0] + 1] = 0;
   return st->exec ? op + 1 : op->skip;
}

const struct exec_op *
exec_op_loop_end(struct ir_exec_state *st, const struct exec_op *op)
{
   uint64_t *brk = &st->stack[op->aux[0]];
   uint64_t *cont = &st->stack[op->aux[0] + 1];
   uint64_t next = (st->exec | *cont) & ~st->dead;
   *cont = 0;
   if (next && !(next & ~st->killed)) {
      /* Only discarded lanes would go on: they leave. */
      *brk |= next;
      next = 0;
   }
   if (next) {
      st->loop_iterations++;
      if (st->loop_limit && st->loop_iterations > st->loop_limit) {
         st->failed = true;
         return NULL;
      }
      exec_set_mask(st, next);
      return op->target;
   }
   uint64_t mask = *brk & ~st->dead;
   exec_set_mask(st, mask);
   return mask ? op + 1 : op->skip;
}

/* break and continue: the running lanes wait in the loop's slot. */
const struct exec_op *
exec_op_break(struct ir_exec_state *st, const struct exec_op *op)
{
   st->stack[op->aux[0]] |= st->exec;
   exec_set_mask(st, 0);
   return op->skip;
}

const struct exec_op *
exec_op_continue(struct ir_exec_state *st, const struct exec_op *op)
{
   st->stack[op->aux[0]] |= st->exec;
   exec_set_mask(st, 0);
   return op->skip;
}

const struct exec_op *
exec_op_return(struct ir_exec_state *st, const struct exec_op *op)
{
   st->returned |= st->exec;
   exec_set_mask(st, 0);
   exec_update_dead(st);
   return op->skip;
}

const struct exec_op *
exec_op_end(struct ir_exec_state *st, const struct exec_op *op)
{
   (void)st;
   (void)op;
   return NULL;
}

const struct exec_op *
exec_op_phi_copy(struct ir_exec_state *st, const struct exec_op *op)
{
   const struct exec_copy_list *list = op->data;
   if (!st->exec)
      return op + 1;
   if (!list->parallel) {
      for (unsigned i = 0; i < list->num; i++)
         exec_copy_row_masked(st, list->copies[i].dst, list->copies[i].src);
      return op + 1;
   }
   for (unsigned i = 0; i < list->num; i++) {
      exec_copy_quads(st, exec_row(st, list->scratch + i),
                      exec_row(st, list->copies[i].src));
   }
   for (unsigned i = 0; i < list->num; i++)
      exec_copy_row_masked(st, list->copies[i].dst, list->scratch + i);
   return op + 1;
}

const struct exec_op *
exec_op_masked_copy(struct ir_exec_state *st, const struct exec_op *op)
{
   for (unsigned r = 0; r < op->aux[0]; r++)
      exec_copy_row_masked(st, op->dst + r, op->src[0][0] + r);
   return op + 1;
}

/* ---------------------------------------------------------------------- */
/* Programs and states                                                    */
/* ---------------------------------------------------------------------- */

struct ir_exec_program *
ir_exec_program_create(struct u_arena *parent, struct ir_shader *shader,
                       char **error)
{
   static const char *const oom = "out of memory";
   struct u_arena *arena = u_arena_create(parent);
   struct ir_exec_program *prog =
      arena ? u_arena_zalloc(arena, sizeof(*prog)) : NULL;
   if (!prog) {
      if (error)
         *error = parent ? u_arena_strdup(parent, oom) : (char *)oom;
      u_arena_destroy(arena);
      return NULL;
   }
   prog->arena = arena;
   prog->shader = shader;
   prog->mode.round = shader->info.round_mode;
   prog->mode.denorm = shader->info.denorm_mode;

   char *msg = NULL;
   if (!exec_decode(prog, &msg)) {
      if (error) {
         *error = parent ? u_arena_strdup(parent, msg ? msg : "unsupported")
                         : (char *)"unsupported shader";
      }
      u_arena_destroy(arena);
      return NULL;
   }
   return prog;
}

void
ir_exec_program_destroy(struct ir_exec_program *prog)
{
   if (prog)
      u_arena_destroy(prog->arena);
}

unsigned
ir_exec_program_num_ops(const struct ir_exec_program *prog)
{
   return prog->num_ops;
}

unsigned
ir_exec_program_num_rows(const struct ir_exec_program *prog)
{
   return prog->num_rows;
}

static void
fill_row(struct ir_exec_state *st, uint32_t row, uint32_t value)
{
   uint32_t *r = exec_row(st, row);
   for (unsigned l = 0; l < st->width; l++)
      r[l] = value;
}

struct ir_exec_state *
ir_exec_state_create(const struct ir_exec_program *prog, unsigned width)
{
   if (!width || width % 4 || width > IR_EXEC_MAX_WIDTH)
      return NULL;
   struct ir_exec_state *st = calloc(1, sizeof(*st));
   if (!st)
      return NULL;
   st->prog = prog;
   st->width = width;
   st->io = &st->empty_io;
   size_t bytes = (size_t)prog->num_rows * width * sizeof(uint32_t);
   bytes = (bytes + 63) & ~(size_t)63;
   st->regs = aligned_alloc(64, bytes ? bytes : 64);
   st->stack =
      calloc(prog->stack_size ? prog->stack_size : 1, sizeof(uint64_t));
   if (!st->regs || !st->stack) {
      ir_exec_state_destroy(st);
      return NULL;
   }
   memset(st->regs, 0, bytes);
   for (unsigned i = 0; i < prog->num_const_inits; i++)
      fill_row(st, prog->const_inits[i].row, prog->const_inits[i].value);
   return st;
}

void
ir_exec_state_destroy(struct ir_exec_state *st)
{
   if (!st)
      return;
   free(st->regs);
   free(st->stack);
   free(st);
}

void
ir_exec_state_set_io(struct ir_exec_state *st, const struct ir_exec_io *io)
{
   st->io = io ? io : &st->empty_io;
}

void
ir_exec_state_set_loop_limit(struct ir_exec_state *st, uint64_t max)
{
   st->loop_limit = max;
}

uint64_t
ir_exec_killed_mask(const struct ir_exec_state *st)
{
   return (st->killed | st->demoted) & st->active;
}

bool
ir_exec_run(struct ir_exec_state *st, uint64_t active_mask,
            uint64_t helper_mask)
{
   const struct ir_exec_program *prog = st->prog;
   uint64_t lanes = st->width == 64 ? ~0ull : (1ull << st->width) - 1;
   helper_mask &= lanes;
   active_mask &= lanes;
   st->active = active_mask & ~helper_mask;
   st->started = active_mask | helper_mask;
   st->helper = helper_mask;
   st->killed = 0;
   st->demoted = 0;
   st->returned = 0;
   st->dead = 0;
   st->failed = false;
   st->loop_iterations = 0;

   if (prog->reset_end > prog->reset_begin) {
      memset(exec_row(st, prog->reset_begin), 0,
             (size_t)(prog->reset_end - prog->reset_begin) * st->width *
                sizeof(uint32_t));
   }
   for (unsigned i = 0; i < prog->num_var_inits; i++)
      fill_row(st, prog->var_inits[i].row, prog->var_inits[i].value);

   exec_set_mask(st, st->started);
   exec_update_dead(st);

   int old_round = 0;
   bool rtz = prog->mode.round == IR_ROUND_TOWARD_ZERO;
   if (rtz) {
      old_round = fegetround();
      fesetround(FE_TOWARDZERO);
   }
   for (const struct exec_op *op = prog->ops; op; op = op->fn(st, op))
      ;
   if (rtz)
      fesetround(old_round);
   return !st->failed;
}
