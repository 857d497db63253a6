/* SPDX-License-Identifier: MIT */

/*
 * The interpreter's decoder, shared by ir_exec_decode.c (control flow,
 * values, row allocation) and ir_exec_decode_instr.c (one instruction at a
 * time).
 *
 * Operations are first emitted with "virtual rows": every value (an SSA
 * def, a constant, a variable, a register, a temporary) gets its own range
 * of virtual rows, and the emitter notes at which operation (position)
 * each value is written and read.  After emission, values get physical
 * rows: constants, variables, registers and scratch rows their own, every
 * other value a range shared with values whose live interval does not
 * overlap (a linear scan over positions; an interval that meets a loop is
 * stretched so that it stays valid across iterations).  Finally every row
 * field is rewritten from virtual to physical.
 */
#ifndef IR_EXEC_DECODE_H
#define IR_EXEC_DECODE_H

#include "compiler/ir/ir_exec_priv.h"
#include "util/u_dynarray.h"

enum value_kind {
   /** Rows shared by live interval. */
   VAL_INTERVAL,
   /** A constant, filled at state creation. */
   VAL_CONST,
   /** Variables and registers: zeroed (and initialised) at each run. */
   VAL_STORAGE,
   /** Scratch rows of parallel phi copies. */
   VAL_SCRATCH,
   /** Rows that are always zero (undef). */
   VAL_ZERO,
};

struct exec_value {
   uint32_t vbase;
   uint32_t rows;
   enum value_kind kind;
   /** First write and last read (operation positions), -1 if none. */
   int32_t start, end;
   uint32_t phys;
};

enum def_kind {
   DEF_NONE,
   /** An ordinary value in rows. */
   DEF_VALUE,
   /** A register handle (decl_reg): the storage value. */
   DEF_REG,
   /** A deref: static offset, or per-lane offsets in a value. */
   DEF_DEREF,
};

struct exec_def_info {
   enum def_kind kind;
   /** Its rows (DEF_VALUE), storage (DEF_REG) or offsets (dynamic
    * DEF_DEREF); -1 if none. */
   int value;
   /** Written without a mask inside a loop and read after it: the
    * operation writes temp_value, then a masked copy fills value. */
   bool escapes;
   int temp_value;
   /** Innermost loop containing the definition. */
   struct ir_loop *loop;

   /* DEF_REG: elements, rows per element. */
   unsigned reg_elems, reg_stride;

   /* DEF_DEREF. */
   struct ir_variable *var;
   const struct ir_type *type;
   /** The variable's storage value. */
   int storage;
   /** Per-lane offsets (in value) rather than static_off. */
   bool dynamic;
   /** Statically out of bounds: loads give 0, stores are dropped. */
   bool oob;
   uint32_t static_off;
};

/** Where a jump to the end of the current region must be patched. */
struct exec_region {
   struct exec_region *parent;
   /** Op indices whose skip_index is the region's end. */
   struct u_dynarray skip_patches;
};

/** The loop being emitted. */
struct exec_loop_ctx {
   struct exec_loop_ctx *parent;
   struct ir_loop *loop;
   /** The block after the loop. */
   struct ir_block *exit_block;
   /** Stack slots: break mask, continue mask = slot + 1. */
   unsigned slot;
};

struct exec_decoder {
   struct ir_exec_program *prog;
   struct ir_function *fn;
   /** Scratch memory of the decoder. */
   struct u_arena *mem;
   char **error;
   bool failed;

   struct u_dynarray ops;         /* struct exec_op */
   struct u_dynarray values;      /* struct exec_value */
   struct u_dynarray vrow_value;  /* uint32_t: value of each virtual row */
   struct u_dynarray const_inits; /* struct exec_row_init, virtual rows */
   struct u_dynarray var_inits;   /* struct exec_row_init, virtual rows */
   /** uint32_t * pointing at virtual rows in the program's arena. */
   struct u_dynarray data_rows;
   /** Loops as [begin, end] op positions, innermost first. */
   struct u_dynarray loop_ranges; /* int32_t pairs */

   struct exec_def_info *defs;
   unsigned num_defs;
   /** ir_variable -> value index + 1. */
   struct u_hash_table *vars;
   /** The value whose rows are always zero. */
   int zero_value;
   /** Rows the parallel phi copies need. */
   unsigned scratch_rows;
   int scratch_value;

   struct exec_op dummy_op;
   unsigned stack_depth, max_stack_depth;
   struct exec_region *region;
   struct exec_loop_ctx *loop;
};

/** Rows of the value that always reads zero (undef). */
#define EXEC_ZERO_ROWS 8

/** Records the first failure (formatted) and returns false. */
bool exec_decode_fail(struct exec_decoder *d, const char *fmt, ...)
   __attribute__((format(printf, 2, 3)));

/** What exec_emit() returns when out of memory: exec_op_at() gives a
 * dummy operation for it, and the decode fails. */
#define EXEC_DUMMY_OP 0xffffffffu

/** Appends an operation with every row field unused; returns its index. */
unsigned exec_emit(struct exec_decoder *d, exec_fn fn);
static inline struct exec_op *
exec_op_at(struct exec_decoder *d, unsigned idx)
{
   if (idx == EXEC_DUMMY_OP)
      return &d->dummy_op;
   return (struct exec_op *)d->ops.data + idx;
}
static inline unsigned
exec_num_ops(const struct exec_decoder *d)
{
   return (unsigned)(d->ops.size / sizeof(struct exec_op));
}

/** A new value of @p rows rows; returns its index (-1 on failure). */
int exec_new_value(struct exec_decoder *d, unsigned rows, enum value_kind kind);
static inline struct exec_value *
exec_value_at(struct exec_decoder *d, int idx)
{
   return (struct exec_value *)d->values.data + idx;
}
/** Notes that operation @p pos reads / writes value @p v. */
void exec_note_read(struct exec_decoder *d, int v, unsigned pos);
void exec_note_write(struct exec_decoder *d, int v, unsigned pos);

/** Virtual row of word @p word (0 or 1) of component @p comp of @p def as
 * read by operation @p pos. */
uint32_t exec_read_row(struct exec_decoder *d, unsigned pos, struct ir_def *def,
                       unsigned comp);
/** First virtual row an operation at @p pos writes for @p def (a new
 * value, or its temporary when it escapes a loop). */
uint32_t exec_write_rows(struct exec_decoder *d, unsigned pos,
                         struct ir_def *def);
/** After the operation writing @p def: the masked copy if it escapes. */
void exec_finish_def(struct exec_decoder *d, struct ir_def *def);

/** Registers a row field in data allocated in the program's arena. */
void exec_data_row(struct exec_decoder *d, uint32_t *row);

static inline struct exec_def_info *
exec_def(struct exec_decoder *d, const struct ir_def *def)
{
   return &d->defs[def->index];
}

/** Rows of a variable type (0 for unsupported types). */
unsigned exec_type_rows(const struct ir_type *t);

/** Allocates rows and fills the program (ir_exec_decode_rows.c). */
bool exec_decode_finish(struct exec_decoder *d);

/* Memory (ir_exec_decode_memory.c). */
bool exec_decode_load_const(struct exec_decoder *d, struct ir_load_const *lc);
bool exec_decode_deref(struct exec_decoder *d, struct ir_deref *deref);
bool exec_decode_deref_access(struct exec_decoder *d,
                              struct ir_intrinsic *intr);
bool exec_decode_copy_deref(struct exec_decoder *d, struct ir_intrinsic *intr);
bool exec_decode_decl_reg(struct exec_decoder *d, struct ir_intrinsic *intr);
bool exec_decode_reg_access(struct exec_decoder *d, struct ir_intrinsic *intr);
bool exec_decode_parallel_copy(struct exec_decoder *d,
                               struct ir_parallel_copy *pc);

/** Emits one instruction (not a phi, not a jump). */
bool exec_decode_instr(struct exec_decoder *d, struct ir_instr *instr);

/** The constant value of @p def as an unsigned integer if it is a
 * load_const, else false. */
bool exec_def_const_uint(const struct ir_def *def, uint64_t *value);

#endif
