/* SPDX-License-Identifier: MIT */

/*
 * Tests of ir_lower_parallel_copies(): golden texts for chains, 2- and
 * 3-cycles, a cycle with a tail, self copies, plain value sources and a
 * load that is not a register read; then every parallel copy over up to
 * four registers (every map from destinations to register or value
 * sources) checked by simulating the lowered code symbolically with
 * register semantics (each load_reg reads its register when its use runs)
 * and the "register-trivial" property (each emitted load_reg is used once,
 * right after it); and differential runs in the interpreter.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "compiler/ir/ir_passes.h"
#include "compiler/ir/tests/ir_test_helpers.h"
#include "ir_backend_test_util.h"
#include "util/u_arena.h"
#include "util/u_strbuf.h"

#define REGS2                                            \
   "    %0:32 = decl_reg num_components=1 bit_size=32\n" \
   "    %1:32 = decl_reg num_components=1 bit_size=32\n"
#define REGS3 REGS2 "    %2:32 = decl_reg num_components=1 bit_size=32\n"

static void
swap(void **state)
{
   BT_CHECK_PASS(*state, ir_lower_parallel_copies,
                 "shader fragment\n"
                 "fn main {\n"
                 "  b0:\n" REGS2 "    %2:32 = load_reg %0\n"
                 "    %3:32 = load_reg %1\n"
                 "    parallel_copy %0 <- %3, %1 <- %2\n"
                 "}\n",
                 "shader fragment\n"
                 "fn main {\n"
                 "  b0:\n" REGS2 "    %2:32 = load_reg %0\n"
                 "    %3:32 = mov %2\n"
                 "    %4:32 = load_reg %1\n"
                 "    store_reg %4, %0 write_mask=1\n"
                 "    store_reg %3, %1 write_mask=1\n"
                 "}\n");
}

static void
chain(void **state)
{
   /* r0 <- r1 <- r2: r0 must be written first, while r1 is intact. */
   BT_CHECK_PASS(*state, ir_lower_parallel_copies,
                 "shader fragment\n"
                 "fn main {\n"
                 "  b0:\n" REGS3 "    %3:32 = load_reg %2\n"
                 "    %4:32 = load_reg %1\n"
                 "    parallel_copy %1 <- %3, %0 <- %4\n"
                 "}\n",
                 "shader fragment\n"
                 "fn main {\n"
                 "  b0:\n" REGS3 "    %3:32 = load_reg %1\n"
                 "    store_reg %3, %0 write_mask=1\n"
                 "    %4:32 = load_reg %2\n"
                 "    store_reg %4, %1 write_mask=1\n"
                 "}\n");
}

static void
three_cycle(void **state)
{
   BT_CHECK_PASS(*state, ir_lower_parallel_copies,
                 "shader fragment\n"
                 "fn main {\n"
                 "  b0:\n" REGS3 "    %3:32 = load_reg %0\n"
                 "    %4:32 = load_reg %1\n"
                 "    %5:32 = load_reg %2\n"
                 "    parallel_copy %0 <- %4, %1 <- %5, %2 <- %3\n"
                 "}\n",
                 "shader fragment\n"
                 "fn main {\n"
                 "  b0:\n" REGS3 "    %3:32 = load_reg %0\n"
                 "    %4:32 = mov %3\n"
                 "    %5:32 = load_reg %1\n"
                 "    store_reg %5, %0 write_mask=1\n"
                 "    %6:32 = load_reg %2\n"
                 "    store_reg %6, %1 write_mask=1\n"
                 "    store_reg %4, %2 write_mask=1\n"
                 "}\n");
}

static void
cycle_with_tail(void **state)
{
   /* r0 <-> r1 plus r2 <- r0: the tail is copied first, and then r0's old
    * value is read from r2 instead of a temporary. */
   BT_CHECK_PASS(*state, ir_lower_parallel_copies,
                 "shader fragment\n"
                 "fn main {\n"
                 "  b0:\n" REGS3 "    %3:32 = load_reg %0\n"
                 "    %4:32 = load_reg %1\n"
                 "    parallel_copy %0 <- %4, %1 <- %3, %2 <- %3\n"
                 "}\n",
                 "shader fragment\n"
                 "fn main {\n"
                 "  b0:\n" REGS3 "    %3:32 = load_reg %0\n"
                 "    store_reg %3, %2 write_mask=1\n"
                 "    %4:32 = load_reg %1\n"
                 "    store_reg %4, %0 write_mask=1\n"
                 "    %5:32 = load_reg %2\n"
                 "    store_reg %5, %1 write_mask=1\n"
                 "}\n");
}

static void
self_copies_and_values(void **state)
{
   /* A self copy vanishes; constants and other values are stored after
    * the register they overwrite has been read. */
   BT_CHECK_PASS(*state, ir_lower_parallel_copies,
                 "shader fragment\n"
                 "fn main {\n"
                 "  b0:\n" REGS3 "    %3:32 = load_const 7\n"
                 "    %4:32 = load_reg %0\n"
                 "    %5:32 = load_reg %2\n"
                 "    parallel_copy %0 <- %3, %2 <- %5, %1 <- %4\n"
                 "}\n",
                 "shader fragment\n"
                 "fn main {\n"
                 "  b0:\n" REGS3 "    %3:32 = load_const 7\n"
                 "    %4:32 = load_reg %0\n"
                 "    store_reg %4, %1 write_mask=1\n"
                 "    store_reg %3, %0 write_mask=1\n"
                 "}\n");
}

static void
stale_load_is_a_value(void **state)
{
   /* %2 was read before r0 was stored again: it is a plain value, kept as
    * it is, and no longer a read of r0. */
   BT_CHECK_PASS(*state, ir_lower_parallel_copies,
                 "shader fragment\n"
                 "fn main {\n"
                 "  b0:\n" REGS2 "    %2:32 = load_reg %0\n"
                 "    %3:32 = load_const 1\n"
                 "    store_reg %3, %0 write_mask=1\n"
                 "    %4:32 = load_reg %0\n"
                 "    parallel_copy %0 <- %2, %1 <- %4\n"
                 "}\n",
                 "shader fragment\n"
                 "fn main {\n"
                 "  b0:\n" REGS2 "    %2:32 = load_reg %0\n"
                 "    %3:32 = load_const 1\n"
                 "    store_reg %3, %0 write_mask=1\n"
                 "    %4:32 = load_reg %0\n"
                 "    store_reg %4, %1 write_mask=1\n"
                 "    store_reg %2, %0 write_mask=1\n"
                 "}\n");
}

static void
vectors_and_array_elements(void **state)
{
   /* Copies of vec2 registers, and a source that is element 1 of an array
    * register; the copy sits before the jump. */
   BT_CHECK_PASS(
      *state, ir_lower_parallel_copies,
      "shader fragment\n"
      "fn main {\n"
      "  b0:\n"
      "    %0:32 = decl_reg num_components=2 bit_size=16\n"
      "    %1:32 = decl_reg num_components=2 bit_size=16 num_array_elems=2\n"
      "    %2:16x2 = load_reg %1 base=1\n"
      "    %3:16x2 = load_reg %0\n"
      "    parallel_copy %0 <- %2, %1 <- %3\n"
      "    return\n"
      "}\n",
      "shader fragment\n"
      "fn main {\n"
      "  b0:\n"
      "    %0:32 = decl_reg num_components=2 bit_size=16\n"
      "    %1:32 = decl_reg num_components=2 bit_size=16 num_array_elems=2\n"
      "    %2:16x2 = load_reg %0\n"
      "    store_reg %2, %1 write_mask=3\n"
      "    %3:16x2 = load_reg %1 base=1\n"
      "    store_reg %3, %0 write_mask=3\n"
      "    return\n"
      "}\n");
}

static void
no_parallel_copy(void **state)
{
   BT_CHECK_PASS(*state, ir_lower_parallel_copies,
                 "shader fragment\n"
                 "fn main {\n"
                 "  b0:\n" REGS2 "    %2:32 = load_reg %0\n"
                 "    store_reg %2, %1 write_mask=1\n"
                 "}\n",
                 NULL);
}

/* ---------------------------------------------------------------------- */
/* Every parallel copy over up to four registers                          */
/* ---------------------------------------------------------------------- */

#define MAX_REGS 4
/* Symbols: the initial content of register r is r + 1, value source v is
 * 100 + v. */

struct sym_state {
   struct ir_def *regs[MAX_REGS];
   unsigned content[MAX_REGS];
};

static int
reg_number(struct sym_state *ss, const struct ir_def *reg)
{
   for (unsigned r = 0; r < MAX_REGS; r++) {
      if (ss->regs[r] == reg)
         return (int)r;
   }
   fail_msg("not a register");
   return -1;
}

/* Runs the lowered block with register semantics and checks that every
 * load_reg is used exactly once, by the next instruction. */
static void
simulate(struct ir_shader *s, struct sym_state *ss, unsigned nregs)
{
   struct ir_function *fn = ir_shader_get_entrypoint(s);
   ir_index_defs(fn);
   unsigned value[256] = { 0 };
   unsigned nr = 0;
   ir_foreach_block (fn, block) {
      ir_foreach_instr (block, instr) {
         assert_int_not_equal(instr->kind, IR_INSTR_PARALLEL_COPY);
         struct ir_intrinsic *intr = ir_instr_as_intrinsic(instr);
         struct ir_alu *alu = ir_instr_as_alu(instr);
         struct ir_load_const *lc = ir_instr_as_load_const(instr);
         if (intr && intr->op == IR_INTRINSIC_DECL_REG) {
            assert_true(nr < nregs);
            ss->regs[nr] = &intr->def;
            ss->content[nr] = nr + 1;
            nr++;
         } else if (intr && intr->op == IR_INTRINSIC_LOAD_REG) {
            int r = reg_number(ss, intr->src[0].def);
            value[intr->def.index] = ss->content[r];
            /* Register-trivial: one use, the very next instruction. */
            struct ir_instr *next =
               u_container_of(instr->link.next, struct ir_instr, link);
            unsigned uses = 0;
            ir_foreach_use (&intr->def, src) {
               assert_false(src->is_if_condition);
               assert_ptr_equal(src->parent_instr, next);
               uses++;
            }
            assert_int_equal(uses, 1);
         } else if (intr && intr->op == IR_INTRINSIC_STORE_REG) {
            int r = reg_number(ss, intr->src[1].def);
            ss->content[r] = value[intr->src[0].def->index];
         } else if (alu && alu->op == IR_OP_MOV) {
            value[alu->def.index] = value[alu->src[0].src.def->index];
         } else if (lc) {
            value[lc->def.index] = 100 + lc->value[0].u32;
         } else {
            fail_msg("unexpected instruction");
         }
      }
   }
   assert_int_equal(nr, nregs);
}

/* Source of destination d: -1 none, 0..n-1 register, n.. value n - k. */
static void
check_copy(void **state, unsigned n, const int *src)
{
   struct u_strbuf t;
   u_strbuf_init(&t, *state);
   u_strbuf_append(&t, "shader fragment\nfn main {\nb0:\n");
   for (unsigned r = 0; r < n; r++)
      u_strbuf_appendf(&t, "%%%u:32 = decl_reg num_components=1 bit_size=32\n",
                       r);
   unsigned next = n;
   unsigned src_def[MAX_REGS];
   for (unsigned d = 0; d < n; d++) {
      if (src[d] < 0)
         continue;
      src_def[d] = next++;
      if (src[d] < (int)n)
         u_strbuf_appendf(&t, "%%%u:32 = load_reg %%%d\n", src_def[d], src[d]);
      else
         u_strbuf_appendf(&t, "%%%u:32 = load_const %d\n", src_def[d],
                          src[d] - (int)n);
   }
   u_strbuf_append(&t, "parallel_copy");
   const char *sep = " ";
   for (unsigned d = 0; d < n; d++) {
      if (src[d] < 0)
         continue;
      u_strbuf_appendf(&t, "%s%%%u <- %%%u", sep, d, src_def[d]);
      sep = ", ";
   }
   u_strbuf_append(&t, "\n}\n");

   struct ir_shader *s = IR_PARSE(*state, t.str);
   assert_true(ir_lower_parallel_copies(s));
   bt_validate(s, "ir_lower_parallel_copies");
   assert_false(ir_lower_parallel_copies(s));

   struct sym_state ss;
   simulate(s, &ss, n);
   for (unsigned d = 0; d < n; d++) {
      unsigned want = src[d] < 0        ? d + 1
                      : src[d] < (int)n ? (unsigned)src[d] + 1
                                        : 100 + (unsigned)(src[d] - (int)n);
      if (ss.content[d] != want)
         fail_msg("%s\nregister %u holds %u, expected %u", t.str, d,
                  ss.content[d], want);
   }
}

static void
exhaustive_small_copies(void **state)
{
   unsigned checked = 0, cyclic = 0;
   for (unsigned n = 1; n <= MAX_REGS; n++) {
      /* Each destination: no copy, one of n registers, or value 0/1. */
      unsigned choices = n + 3, total = 1;
      for (unsigned i = 0; i < n; i++)
         total *= choices;
      for (unsigned code = 0; code < total; code++) {
         int src[MAX_REGS];
         unsigned c = code;
         bool any = false;
         for (unsigned d = 0; d < n; d++) {
            src[d] = (int)(c % choices) - 1;
            c /= choices;
            any |= src[d] >= 0;
         }
         if (!any)
            continue;
         /* Count permutations with a cycle longer than one. */
         bool perm = true;
         for (unsigned d = 0; d < n; d++)
            perm &= src[d] >= 0 && src[d] < (int)n && src[d] != (int)d;
         cyclic += perm;
         struct u_arena *mem = u_arena_create(*state);
         void *sub = mem;
         check_copy(&sub, n, src);
         u_arena_destroy(mem);
         checked++;
      }
   }
   assert_true(checked > 1000);
   assert_true(cyclic > 10);
}

/* ---------------------------------------------------------------------- */
/* In the interpreter                                                     */
/* ---------------------------------------------------------------------- */

static void
rotation_in_a_loop(void **state)
{
   /* Three registers rotate every iteration while a fourth takes a new
    * value; before and after lowering give the same outputs. */
   static const char *text =
      "shader fragment\n"
      "fn main {\n"
      "  b0:\n"
      "    %0:32 = decl_reg num_components=1 bit_size=32\n"
      "    %1:32 = decl_reg num_components=1 bit_size=32\n"
      "    %2:32 = decl_reg num_components=1 bit_size=32\n"
      "    %3:32 = decl_reg num_components=1 bit_size=32\n"
      "    %4:32 = load_const 0\n"
      "    %5:32x4 = load_input %4\n"
      "    %6:32 = mov %5.x\n"
      "    %7:32 = mov %5.y\n"
      "    %8:32 = mov %5.z\n"
      "    %9:32 = mov %5.w\n"
      "    parallel_copy %0 <- %6, %1 <- %7, %2 <- %8, %3 <- %4\n"
      "  loop {\n"
      "    b1:\n"
      "      %10:32 = load_reg %3\n"
      "      %11:1 = uge %10, %9\n"
      "    if %11 {\n"
      "      b2:\n"
      "        break\n"
      "    } else {\n"
      "      b3:\n"
      "    }\n"
      "    b4:\n"
      "      %12:32 = load_const 1\n"
      "      %13:32 = iadd %10, %12\n"
      "      %14:32 = load_reg %0\n"
      "      %15:32 = load_reg %1\n"
      "      %16:32 = load_reg %2\n"
      "      parallel_copy %0 <- %15, %1 <- %16, %2 <- %14, %3 <- %13\n"
      "  }\n"
      "  b5:\n"
      "    %17:32 = load_reg %0\n"
      "    %18:32 = load_reg %1\n"
      "    %19:32 = load_reg %2\n"
      "    %20:32x3 = vec3 %17, %18, %19\n"
      "    store_output %20, %4 write_mask=7\n"
      "}\n";
   struct ir_shader *before = IR_PARSE(*state, text);
   struct ir_shader *after = IR_PARSE(*state, text);
   assert_true(ir_lower_parallel_copies(after));
   bt_validate(after, "ir_lower_parallel_copies");

   struct bt_io *a = calloc(1, sizeof(*a)), *b = calloc(1, sizeof(*b));
   for (unsigned l = 0; l < BT_WIDTH; l++) {
      for (unsigned c = 0; c < 3; c++)
         *bt_in(a, 0, c, l) = *bt_in(b, 0, c, l) = 10 * c + l;
      *bt_in(a, 0, 3, l) = *bt_in(b, 0, 3, l) = l; /* iterations */
   }
   bt_run(before, a);
   bt_run(after, b);
   assert_memory_equal(a->out, b->out, sizeof(a->out));
   for (unsigned l = 0; l < BT_WIDTH; l++) {
      for (unsigned c = 0; c < 3; c++)
         assert_int_equal(*bt_out(b, 0, c, l), 10 * ((c + l) % 3) + l);
   }
   free(a);
   free(b);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(swap),
      cmocka_unit_test(chain),
      cmocka_unit_test(three_cycle),
      cmocka_unit_test(cycle_with_tail),
      cmocka_unit_test(self_copies_and_values),
      cmocka_unit_test(stale_load_is_a_value),
      cmocka_unit_test(vectors_and_array_elements),
      cmocka_unit_test(no_parallel_copy),
      cmocka_unit_test(exhaustive_small_copies),
      cmocka_unit_test(rotation_in_a_loop),
   };
   return cmocka_run_group_tests(tests, ir_test_arena_setup,
                                 ir_test_arena_teardown);
}
