/* SPDX-License-Identifier: MIT */

/*
 * The end of decoding: physical rows for every value, then the program's
 * operations with their rows and jump targets resolved.
 *
 * Row allocation is a linear scan over operation positions.  A value lives
 * from its first write to its last read; rows of values whose intervals
 * are over are reused by later values of the same size.  Control flow
 * repeats code, so an interval that meets a loop is stretched first:
 *
 *  - defined before the loop and read inside it: live to the loop's end
 *    (the next iteration reads it again);
 *  - defined inside the loop and read after it: live from the loop's
 *    start (lanes that left keep it while the others iterate).
 *
 * Values are never reused at the position where another ends: an
 * operation may read a source component after writing a destination
 * component, so sources and destinations never share rows.
 */
#include <stdlib.h>
#include <string.h>

#include "compiler/ir/ir_exec_decode.h"

/* ---------------------------------------------------------------------- */
/* Row allocation                                                         */
/* ---------------------------------------------------------------------- */

struct start_key {
   int32_t start;
   int value;
};

static int
cmp_start(const void *pa, const void *pb)
{
   const struct start_key *a = pa, *b = pb;
   if (a->start != b->start)
      return a->start < b->start ? -1 : 1;
   return a->value < b->value ? -1 : 1;
}

/** Min-heap of value indices by end position. */
struct end_heap {
   int *v;
   unsigned n;
};

static int32_t
heap_end(struct exec_decoder *d, const struct end_heap *h, unsigned i)
{
   return exec_value_at(d, h->v[i])->end;
}

static void
heap_push(struct exec_decoder *d, struct end_heap *h, int value)
{
   unsigned i = h->n++;
   h->v[i] = value;
   while (i > 0) {
      unsigned p = (i - 1) / 2;
      if (heap_end(d, h, p) <= heap_end(d, h, i))
         break;
      int t = h->v[p];
      h->v[p] = h->v[i];
      h->v[i] = t;
      i = p;
   }
}

static int
heap_pop(struct exec_decoder *d, struct end_heap *h)
{
   int top = h->v[0];
   h->v[0] = h->v[--h->n];
   unsigned i = 0;
   for (;;) {
      unsigned l = 2 * i + 1, r = l + 1, m = i;
      if (l < h->n && heap_end(d, h, l) < heap_end(d, h, m))
         m = l;
      if (r < h->n && heap_end(d, h, r) < heap_end(d, h, m))
         m = r;
      if (m == i)
         break;
      int t = h->v[m];
      h->v[m] = h->v[i];
      h->v[i] = t;
      i = m;
   }
   return top;
}

/* Values of up to this many rows reuse rows of their size. */
#define MAX_POOLED_ROWS EXEC_ZERO_ROWS

/** Gives every value its physical rows; returns the total. */
static unsigned
allocate_rows(struct exec_decoder *d)
{
   unsigned num_values = (unsigned)(d->values.size / sizeof(struct exec_value));
   unsigned next = 0;

   /* Fixed rows first: zero, constants, storage (contiguous, reset at
    * each run), scratch. */
   static const enum value_kind fixed_order[] = { VAL_ZERO, VAL_CONST,
                                                  VAL_STORAGE, VAL_SCRATCH };
   for (unsigned k = 0; k < 4; k++) {
      if (fixed_order[k] == VAL_STORAGE)
         d->prog->reset_begin = next;
      for (unsigned i = 0; i < num_values; i++) {
         struct exec_value *v = exec_value_at(d, (int)i);
         if (v->kind != fixed_order[k])
            continue;
         v->phys = next;
         next += v->rows;
      }
      if (fixed_order[k] == VAL_STORAGE)
         d->prog->reset_end = next;
   }

   /* Stretch intervals over the loops they meet (innermost loops were
    * recorded first). */
   unsigned num_loops = (unsigned)(d->loop_ranges.size / (2 * sizeof(int32_t)));
   struct start_key *order =
      u_arena_alloc_array(d->mem, num_values ? num_values : 1, sizeof(*order));
   struct end_heap heap = {
      .v =
         u_arena_alloc_array(d->mem, num_values ? num_values : 1, sizeof(int)),
   };
   if (!order || !heap.v) {
      exec_decode_fail(d, "out of memory");
      return 0;
   }
   unsigned n = 0;
   for (unsigned i = 0; i < num_values; i++) {
      struct exec_value *v = exec_value_at(d, (int)i);
      if (v->kind != VAL_INTERVAL)
         continue;
      if (v->start < 0) {
         /* Never written (a phi of an unreachable edge): reads zero. */
         v->phys = v->rows <= MAX_POOLED_ROWS
                      ? exec_value_at(d, d->zero_value)->phys
                      : next;
         if (v->rows > MAX_POOLED_ROWS)
            next += v->rows;
         continue;
      }
      if (v->end < v->start)
         v->end = v->start;
      for (unsigned l = 0; l < num_loops; l++) {
         int32_t ls = *u_dynarray_element(&d->loop_ranges, int32_t, 2 * l);
         int32_t le = *u_dynarray_element(&d->loop_ranges, int32_t, 2 * l + 1);
         if (v->start < ls && v->end >= ls && v->end < le)
            v->end = le;
         if (v->start >= ls && v->start <= le && v->end > le)
            v->start = ls;
      }
      order[n].start = v->start;
      order[n++].value = (int)i;
   }
   qsort(order, n, sizeof(*order), cmp_start);

   struct u_dynarray pools[MAX_POOLED_ROWS + 1];
   for (unsigned i = 0; i <= MAX_POOLED_ROWS; i++)
      u_dynarray_init(&pools[i], d->mem);
   for (unsigned i = 0; i < n; i++) {
      struct exec_value *v = exec_value_at(d, order[i].value);
      while (heap.n && heap_end(d, &heap, 0) < v->start) {
         struct exec_value *dead = exec_value_at(d, heap_pop(d, &heap));
         if (dead->rows <= MAX_POOLED_ROWS &&
             !u_dynarray_append(&pools[dead->rows], uint32_t, dead->phys))
            exec_decode_fail(d, "out of memory");
      }
      struct u_dynarray *pool =
         v->rows <= MAX_POOLED_ROWS ? &pools[v->rows] : NULL;
      if (pool && pool->size) {
         v->phys = *(uint32_t *)u_dynarray_pop_ptr(pool, sizeof(uint32_t));
      } else {
         v->phys = next;
         next += v->rows;
      }
      heap_push(d, &heap, order[i].value);
   }
   return next;
}

static uint32_t
phys_row(struct exec_decoder *d, uint32_t vrow)
{
   if (vrow == EXEC_NO_ROW)
      return EXEC_NO_ROW;
   uint32_t v = *u_dynarray_element(&d->vrow_value, uint32_t, vrow);
   const struct exec_value *val = exec_value_at(d, (int)v);
   return val->phys + (vrow - val->vbase);
}

static struct exec_row_init *
fix_inits(struct exec_decoder *d, struct u_dynarray *inits, unsigned *num)
{
   *num = (unsigned)(inits->size / sizeof(struct exec_row_init));
   struct exec_row_init *out =
      u_arena_alloc_array(d->prog->arena, *num ? *num : 1, sizeof(*out));
   if (!out) {
      exec_decode_fail(d, "out of memory");
      return NULL;
   }
   for (unsigned i = 0; i < *num; i++) {
      out[i] = *u_dynarray_element(inits, struct exec_row_init, i);
      out[i].row = phys_row(d, out[i].row);
   }
   return out;
}

bool
exec_decode_finish(struct exec_decoder *d)
{
   struct ir_exec_program *prog = d->prog;
   if (d->scratch_rows)
      d->scratch_value = exec_new_value(d, d->scratch_rows, VAL_SCRATCH);
   if (d->failed)
      return false;

   prog->num_rows = allocate_rows(d);
   if (d->failed)
      return false;

   unsigned num_ops = exec_num_ops(d);
   prog->ops = u_arena_alloc_array(prog->arena, num_ops, sizeof(*prog->ops));
   if (!prog->ops)
      return exec_decode_fail(d, "out of memory");
   memcpy(prog->ops, d->ops.data, num_ops * sizeof(*prog->ops));
   prog->num_ops = num_ops;

   for (unsigned i = 0; i < num_ops; i++) {
      struct exec_op *op = &prog->ops[i];
      op->dst = phys_row(d, op->dst);
      for (unsigned s = 0; s < 4; s++) {
         for (unsigned c = 0; c < 4; c++)
            op->src[s][c] = phys_row(d, op->src[s][c]);
      }
      op->target =
         op->target_index < num_ops ? &prog->ops[op->target_index] : NULL;
      op->skip = op->skip_index < num_ops ? &prog->ops[op->skip_index] : NULL;
      if (op->fn == exec_op_phi_copy) {
         struct exec_copy_list *list = (struct exec_copy_list *)op->data;
         if (list->parallel)
            list->scratch = exec_value_at(d, d->scratch_value)->phys;
      }
   }
   unsigned num_data_rows = (unsigned)(d->data_rows.size / sizeof(uint32_t *));
   for (unsigned i = 0; i < num_data_rows; i++) {
      uint32_t *row = *u_dynarray_element(&d->data_rows, uint32_t *, i);
      *row = phys_row(d, *row);
   }
   prog->const_inits = fix_inits(d, &d->const_inits, &prog->num_const_inits);
   prog->var_inits = fix_inits(d, &d->var_inits, &prog->num_var_inits);
   prog->stack_size = d->max_stack_depth;
   return !d->failed;
}
