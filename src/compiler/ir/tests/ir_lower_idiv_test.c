/* SPDX-License-Identifier: MIT */

/*
 * Tests of ir_lower_idiv(): the golden sequence of a udiv, the cases the
 * pass must leave alone (64-bit divisions, no division), and exactness:
 * idiv, udiv, irem, imod and umod lowered and run in the interpreter
 * against ir_eval_alu_op() (the opcode table's definition) on every pair
 * of ~40 edge values (0, 1, -1, INT_MIN, INT_MAX, powers of two and their
 * neighbours, the divisors where the estimate is worst...) and on 40 000
 * random pairs, at 32 bits in both rounding modes (the estimate uses
 * float operations), exhaustively at 8 bits and on random pairs at 16
 * bits, and on vectors with swizzles.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <limits.h>

#include "compiler/ir/ir_constant_eval.h"
#include "ir_lower_test_util.h"

static bool
run_lower_idiv(struct ir_shader *s, const void *data)
{
   (void)data;
   return ir_lower_idiv(s);
}

/* ---------------------------------------------------------------------- */
/* Golden text                                                            */
/* ---------------------------------------------------------------------- */

static void
udiv_sequence(void **state)
{
   LT_CHECK(*state, run_lower_idiv, NULL,
            "shader fragment\n"
            "fn main {\n"
            "  b0:\n"
            "    %0:32 = load_const 0\n"
            "    %1:32x2 = load_input %0\n"
            "    %2:32 = udiv %1.x, %1.y\n"
            "    store_output %2, %0 write_mask=1\n"
            "}\n",
            "shader fragment\n"
            "fn main {\n"
            "  b0:\n"
            "    %0:32 = load_const 0\n"
            "    %1:32x2 = load_input %0\n"
            "    %2:32 = mov %1.y\n"
            "    %3:32 = mov %1\n"
            "    %4:32 = load_const 0\n"
            /* ~2^32 / d from below, then one Newton step. */
            "    %5:32 = u2f %2\n"
            "    %6:32 = frcp %5\n"
            "    %7:32 = load_const 4294966784.0\n"
            "    %8:32 = fmul %6, %7\n"
            "    %9:32 = f2u %8\n"
            "    %10:32 = ineg %2\n"
            "    %11:32 = imul %10, %9\n"
            "    %12:32 = umul_high %9, %11\n"
            "    %13:32 = iadd %9, %12\n"
            /* Quotient estimate, remainder, two corrections. */
            "    %14:32 = umul_high %3, %13\n"
            "    %15:32 = imul %14, %2\n"
            "    %16:32 = isub %3, %15\n"
            "    %17:32 = load_const 1\n"
            "    %18:1 = uge %16, %2\n"
            "    %19:32 = iadd %14, %17\n"
            "    %20:32 = bcsel %18, %19, %14\n"
            "    %21:32 = isub %16, %2\n"
            "    %22:32 = bcsel %18, %21, %16\n"
            "    %23:1 = uge %22, %2\n"
            "    %24:32 = iadd %20, %17\n"
            "    %25:32 = bcsel %23, %24, %20\n"
            /* x / 0 = 0. */
            "    %26:1 = ieq %2, %4\n"
            "    %27:32 = bcsel %26, %4, %25\n"
            "    store_output %27, %0 write_mask=1\n"
            "}\n");
}

static void
no_progress(void **state)
{
   /* 64-bit divisions are left alone; other integer ops too. */
   LT_CHECK_NO_PROGRESS(*state, run_lower_idiv, NULL,
                        "shader fragment\n"
                        "fn main {\n"
                        "  b0:\n"
                        "    %0:32 = load_const 0\n"
                        "    %1:64x2 = load_input %0\n"
                        "    %2:64 = idiv %1.x, %1.y\n"
                        "    %3:64 = umod %1.x, %1.y\n"
                        "    %4:64 = imul %2, %3\n"
                        "    %5:32x2 = load_input %0 base=1\n"
                        "    %6:32 = imul_high %5.x, %5.y\n"
                        "    %7:32 = ishr %6, %5.y\n"
                        "    store_output %4, %0 write_mask=1\n"
                        "    store_output %7, %0 base=1 write_mask=1\n"
                        "}\n");
}

/* ---------------------------------------------------------------------- */
/* Exactness against the opcode table                                     */
/* ---------------------------------------------------------------------- */

static const enum ir_op div_ops[5] = { IR_OP_IDIV, IR_OP_UDIV, IR_OP_IREM,
                                       IR_OP_IMOD, IR_OP_UMOD };

/* Each op of n = x, d = y of input slot 0 into output slot 0 (idiv,
 * udiv, irem, imod) and slot 1 (umod), at @p bits bits. */
static char *
div_shader(struct u_arena *mem, unsigned bits, bool rtz)
{
   return u_arena_asprintf(mem,
                           "shader fragment\n"
                           "%s"
                           "fn main {\n"
                           "  b0:\n"
                           "    %%0:32 = load_const 0\n"
                           "    %%1:%ux2 = load_input %%0\n"
                           "    %%2:%u = idiv %%1.x, %%1.y\n"
                           "    %%3:%u = udiv %%1.x, %%1.y\n"
                           "    %%4:%u = irem %%1.x, %%1.y\n"
                           "    %%5:%u = imod %%1.x, %%1.y\n"
                           "    %%6:%u = umod %%1.x, %%1.y\n"
                           "    %%7:%ux4 = vec4 %%2, %%3, %%4, %%5\n"
                           "    store_output %%7, %%0 write_mask=15\n"
                           "    store_output %%6, %%0 base=1 write_mask=1\n"
                           "}\n",
                           rtz ? "info round_mode=rtz\n" : "", bits, bits, bits,
                           bits, bits, bits, bits);
}

/* The table's value of @p op on @p n, @p d (low @p bits bits). */
static uint32_t
table_value(enum ir_op op, unsigned bits, uint32_t n, uint32_t d)
{
   union ir_const_value a, b, r;
   memset(&a, 0, sizeof(a));
   memset(&b, 0, sizeof(b));
   memset(&r, 0, sizeof(r));
   uint32_t mask = bits == 32 ? 0xffffffffu : (1u << bits) - 1;
   switch (bits) {
   case 8:
      a.u8 = (uint8_t)n;
      b.u8 = (uint8_t)d;
      break;
   case 16:
      a.u16 = (uint16_t)n;
      b.u16 = (uint16_t)d;
      break;
   default:
      a.u32 = n;
      b.u32 = d;
      break;
   }
   const union ir_const_value *src[2] = { &a, &b };
   const unsigned sb[2] = { bits, bits };
   struct ir_eval_mode mode = { IR_ROUND_NEAREST_EVEN, IR_DENORM_PRESERVE };
   assert_true(ir_eval_alu_op(op, 1, bits, sb, src, &r, &mode));
   return (bits == 8 ? r.u8 : bits == 16 ? r.u16 : r.u32) & mask;
}

struct div_check {
   struct u_arena *mem;
   struct lt_runner *r;
   unsigned bits;
   unsigned lanes;
   unsigned checked;
};

static void
div_check_init(struct div_check *c, unsigned bits, bool rtz)
{
   c->mem = u_arena_create(NULL);
   struct ir_shader *s = ir_test_parse_valid(
      c->mem, div_shader(c->mem, bits, rtz), __FILE__, __LINE__);
   assert_true(ir_lower_idiv(s));
   IR_ASSERT_VALID(s, NULL);
   /* No division is left. */
   ir_foreach_function (s, fn) {
      ir_foreach_block (fn, block) {
         ir_foreach_instr (block, instr) {
            struct ir_alu *alu = ir_instr_as_alu(instr);
            for (unsigned i = 0; alu && i < 5; i++)
               assert_int_not_equal(alu->op, div_ops[i]);
         }
      }
   }
   c->r = LT_RUNNER(s);
   c->bits = bits;
   c->lanes = 0;
   c->checked = 0;
}

/* Runs the queued lanes and compares them with the table. */
static void
div_check_flush(struct div_check *c)
{
   if (!c->lanes)
      return;
   LT_RUN(c->r, LT_WIDTH);
   uint32_t mask = c->bits == 32 ? 0xffffffffu : (1u << c->bits) - 1;
   for (unsigned l = 0; l < c->lanes; l++) {
      uint32_t n = c->r->in[lt_word(0, 0, l)], d = c->r->in[lt_word(0, 1, l)];
      for (unsigned k = 0; k < 5; k++) {
         uint32_t got = c->r->out[lt_word(k / 4, k % 4, l)] & mask;
         uint32_t want = table_value(div_ops[k], c->bits, n, d);
         if (got != want)
            fail_msg("%u-bit %s(0x%x, 0x%x): got 0x%x, want 0x%x", c->bits,
                     ir_op_infos[div_ops[k]].name, n, d, got, want);
      }
   }
   c->checked += c->lanes;
   c->lanes = 0;
}

static void
div_check_add(struct div_check *c, uint32_t n, uint32_t d)
{
   uint32_t mask = c->bits == 32 ? 0xffffffffu : (1u << c->bits) - 1;
   c->r->in[lt_word(0, 0, c->lanes)] = n & mask;
   c->r->in[lt_word(0, 1, c->lanes)] = d & mask;
   if (++c->lanes == LT_WIDTH)
      div_check_flush(c);
}

static unsigned
div_check_finish(struct div_check *c)
{
   /* Pad the last group with copies of its first lane. */
   unsigned used = c->lanes;
   for (unsigned l = used; used && l < LT_WIDTH; l++) {
      c->r->in[lt_word(0, 0, l)] = c->r->in[lt_word(0, 0, 0)];
      c->r->in[lt_word(0, 1, l)] = c->r->in[lt_word(0, 1, 0)];
   }
   div_check_flush(c);
   unsigned n = c->checked;
   lt_runner_destroy(c->r);
   u_arena_destroy(c->mem);
   return n;
}

static const uint32_t edges32[] = {
   0,          1,          2,          3,          4,          5,
   7,          10,         255,        256,        65535,      65536,
   65537,      46341,      12345,      1000000007, 0x55555555, 0xaaaaaaab,
   0x3fffffff, 0x40000000, 0x40000001, 0x7ffffffe, 0x7fffffff, 0x80000000,
   0x80000001, 0x80000002, 0xbfffffff, 0xc0000000, 0xfffefffe, 0xfffeffff,
   0xffff0000, 0xfffffff9, 0xfffffffd, 0xfffffffe, 0xffffffff, 0x00ffffff,
   0x01000000, 0x01000001, 0x12345678, 0xfedcba98,
};
#define NUM_EDGES32 (sizeof(edges32) / sizeof(edges32[0]))

/* A random 32-bit value, often small or near a power of two. */
static uint32_t
random_operand(uint64_t *seed)
{
   uint32_t r = lt_rand(seed);
   switch (lt_rand(seed) % 4) {
   case 0:
      return r;
   case 1:
      return r >> (lt_rand(seed) % 32);
   case 2:
      return (1u << (lt_rand(seed) % 32)) + (r % 5) - 2;
   default:
      return (uint32_t) - (int32_t)(r >> (lt_rand(seed) % 32));
   }
}

static void
check32(bool rtz)
{
   struct div_check c;
   div_check_init(&c, 32, rtz);
   for (unsigned i = 0; i < NUM_EDGES32; i++) {
      for (unsigned j = 0; j < NUM_EDGES32; j++)
         div_check_add(&c, edges32[i], edges32[j]);
   }
   uint64_t seed = rtz ? 0xabcdef : 0x13579;
   for (unsigned i = 0; i < 40000; i++) {
      uint32_t n = random_operand(&seed), d = random_operand(&seed);
      div_check_add(&c, n, d);
   }
   /* The largest shortfall of the estimate (see ir_lower_idiv.c). */
   div_check_add(&c, 0xffffffffu, 65537);
   div_check_add(&c, 0xffffffffu, 3);
   assert_true(div_check_finish(&c) >= NUM_EDGES32 * NUM_EDGES32 + 40000);
}

static void
exact32_rtne(void **state)
{
   (void)state;
   check32(false);
}

static void
exact32_rtz(void **state)
{
   (void)state;
   check32(true);
}

static void
exact8_exhaustive(void **state)
{
   (void)state;
   struct div_check c;
   div_check_init(&c, 8, false);
   for (unsigned n = 0; n < 256; n++) {
      for (unsigned d = 0; d < 256; d++)
         div_check_add(&c, n, d);
   }
   assert_int_equal(div_check_finish(&c), 65536);
}

static void
exact16(void **state)
{
   (void)state;
   struct div_check c;
   div_check_init(&c, 16, false);
   static const uint32_t e16[] = { 0,      1,      2,      3,      7,
                                   255,    256,    0x7ffe, 0x7fff, 0x8000,
                                   0x8001, 0xfffe, 0xffff, 0x5555, 0xaaab };
   for (unsigned i = 0; i < 15; i++) {
      for (unsigned j = 0; j < 15; j++)
         div_check_add(&c, e16[i], e16[j]);
   }
   uint64_t seed = 16;
   for (unsigned i = 0; i < 20000; i++)
      div_check_add(&c, lt_rand(&seed), lt_rand(&seed) >> (i % 16));
   assert_true(div_check_finish(&c) >= 20000);
}

/* Vectors with swizzles: the lowering reads each component through the
 * swizzle (compared with the unlowered shader in the interpreter). */
static void
vector_swizzles(void **state)
{
   (void)state;
   static const char text[] = "shader fragment\n"
                              "fn main {\n"
                              "  b0:\n"
                              "    %0:32 = load_const 0\n"
                              "    %1:32x4 = load_input %0\n"
                              "    %2:32x3 = imod %1.wxz, %1.yyw\n"
                              "    %3:32x2 = udiv %1.zx, %1.wy\n"
                              "    store_output %2, %0 write_mask=7\n"
                              "    store_output %3, %0 base=1 write_mask=3\n"
                              "}\n";
   uint32_t *in = calloc(LT_SLOTS * 4 * LT_WIDTH, sizeof(uint32_t));
   uint64_t seed = 5;
   for (unsigned round = 0; round < 8; round++) {
      for (unsigned i = 0; i < 4 * LT_WIDTH; i++)
         in[i] = random_operand(&seed);
      LT_DIFF_EXACT(text, run_lower_idiv, NULL, in, LT_WIDTH);
   }
   free(in);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(udiv_sequence, ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(no_progress, ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test(exact32_rtne),
      cmocka_unit_test(exact32_rtz),
      cmocka_unit_test(exact8_exhaustive),
      cmocka_unit_test(exact16),
      cmocka_unit_test(vector_swizzles),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
