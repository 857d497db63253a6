/* SPDX-License-Identifier: MIT */

/*
 * Differential test of the interpreter's ALU against the constant
 * evaluator: every opcode, at every consistent choice of bit sizes the
 * evaluator accepts (32-bit and 1-bit booleans first, then 8, 16 and 64
 * bits), runs in a one-instruction shader on 64 lanes of random and
 * special inputs (NaN, infinities, -0, denormals, INT_MIN, zero divisors,
 * out-of-range shift counts...) with swizzled sources, under both float
 * modes (round to nearest with denormals kept, round toward zero with
 * denormals flushed); each result must have exactly the bits that
 * ir_eval_alu_op() gives for the same inputs.  This is what allows the
 * interpreter's specialised handlers to exist.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <fenv.h>
#include <float.h>
#include <math.h>

#include "compiler/ir/ir_constant_eval.h"
#include "ir_exec_test_util.h"

#define WIDTH 64
#define RUNS  6

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;

static uint64_t
rng(void)
{
   rng_state ^= rng_state << 13;
   rng_state ^= rng_state >> 7;
   rng_state ^= rng_state << 17;
   return rng_state;
}

static uint32_t
random_f32(void)
{
   static const float special[] = {
      0.0f,        -0.0f,    1.0f,    -1.0f,    0.5f,          1.5f,
      2.5f,        -2.5f,    3.0f,    0.1f,     INFINITY,      -INFINITY,
      FLT_MIN,     -FLT_MIN, FLT_MAX, -FLT_MAX, 65504.0f,      65520.0f,
      1e-5f,       -1e-7f,   3e9f,    -3e9f,    2147483648.0f, 4294967296.0f,
      16777217.0f, 1e-20f,   1e20f,   255.5f,   -0.75f,
   };
   static const uint32_t special_bits[] = {
      0x7fc00000u, 0xffc00000u, 0x7fa00001u, 0x7f800001u,
      0x00000001u, 0x807fffffu, 0x007fffffu, 0x00400000u,
      0x80000000u, 0x7fffffffu, 0x80000001u, 0xffffffffu,
      0x0000001fu, 0x00000020u, 0x00000021u, 0xffffffdfu,
   };
   switch (rng() % 6) {
   case 0:
      return ir_test_fbits(
         special[rng() % (sizeof(special) / sizeof(special[0]))]);
   case 1:
      return special_bits[rng() %
                          (sizeof(special_bits) / sizeof(special_bits[0]))];
   case 2:
      return (uint32_t)((int32_t)(rng() % 81) - 40);
   case 3:
      return ir_test_fbits((float)((int64_t)(rng() % 20001) - 10000) / 100.0f);
   default:
      return (uint32_t)rng();
   }
}

static uint16_t
random_f16(void)
{
   static const uint16_t special[] = {
      0x0000, 0x8000, 0x3c00, 0xbc00, 0x7c00, 0xfc00, 0x7e00, 0x7d00,
      0x0001, 0x03ff, 0x7bff, 0x8001, 0x3800, 0x4100, 0xffff, 0x0010,
   };
   switch (rng() % 4) {
   case 0:
      return special[rng() % (sizeof(special) / sizeof(special[0]))];
   case 1:
      return (uint16_t)((int16_t)(rng() % 41) - 20);
   default:
      return (uint16_t)rng();
   }
}

static uint64_t
random_64(void)
{
   static const double special[] = {
      0.0,      -0.0,      1.0,    -1.0,    0.5,          2.5,
      INFINITY, -INFINITY, NAN,    DBL_MIN, DBL_MAX,      1e-310,
      9.3e18,   -9.3e18,   1.8e19, 0.1,     4294967296.5,
   };
   static const uint64_t special_bits[] = {
      0x8000000000000000ull,
      0x7fffffffffffffffull,
      0xffffffffffffffffull,
      1,
      63,
      64,
      65,
      0x00000000ffffffffull,
      0x7ff0000000000001ull,
   };
   uint64_t u;
   switch (rng() % 5) {
   case 0: {
      double d = special[rng() % (sizeof(special) / sizeof(special[0]))];
      memcpy(&u, &d, sizeof(u));
      return u;
   }
   case 1:
      return special_bits[rng() %
                          (sizeof(special_bits) / sizeof(special_bits[0]))];
   case 2:
      return (uint64_t)((int64_t)(rng() % 81) - 40);
   case 3: {
      double d = (double)((int64_t)(rng() % 20001) - 10000) / 64.0;
      memcpy(&u, &d, sizeof(u));
      return u;
   }
   default:
      return rng();
   }
}

/** Words of a random value of @p bits bits (as the interpreter stores
 * it, before canonicalisation of the input word). */
static void
random_value(unsigned bits, uint32_t *words)
{
   switch (bits) {
   case 1:
      words[0] = (rng() & 3) ? (uint32_t)(rng() & 1) : (uint32_t)rng();
      break;
   case 8:
      words[0] = (uint32_t)rng();
      break;
   case 16:
      words[0] = random_f16() | ((uint32_t)rng() & 0xffff0000u);
      break;
   case 32:
      words[0] = random_f32();
      break;
   default: {
      uint64_t v = random_64();
      words[0] = (uint32_t)v;
      words[1] = (uint32_t)(v >> 32);
      break;
   }
   }
}

static void
to_const(unsigned bits, const uint32_t *words, union ir_const_value *v)
{
   v->u64 = 0;
   switch (bits) {
   case 1:
      v->b = words[0] != 0;
      break;
   case 8:
      v->u8 = (uint8_t)words[0];
      break;
   case 16:
      v->u16 = (uint16_t)words[0];
      break;
   case 32:
      v->u32 = words[0];
      break;
   default:
      v->u64 = words[0] | (uint64_t)words[1] << 32;
      break;
   }
}

/* ---------------------------------------------------------------------- */
/* Sizes                                                                  */
/* ---------------------------------------------------------------------- */

enum klass {
   K_INT,
   K_FLOAT,
   K_BOOL,
   K_COUNT
};

static enum klass
klass_of(unsigned type)
{
   switch (IR_ALU_TYPE_BASE(type)) {
   case IR_ALU_FLOAT:
      return K_FLOAT;
   case IR_ALU_BOOL:
      return K_BOOL;
   default:
      return K_INT;
   }
}

static const unsigned class_sizes[K_COUNT][5] = {
   [K_INT] = { 32, 1, 8, 16, 64 },
   [K_FLOAT] = { 32, 16, 64 },
   [K_BOOL] = { 1, 32 },
};
static const unsigned class_num_sizes[K_COUNT] = { 5, 3, 2 };

struct config {
   unsigned dst_bits;
   unsigned src_bits[4];
};

/** Every consistent choice of sizes for @p op (see ir_opcodes_gen.py: the
 * unsized operands of one class share a size, except the output of a
 * conversion). */
static unsigned
op_configs(enum ir_op op, struct config *out, unsigned max)
{
   const struct ir_op_info *info = &ir_op_infos[op];
   bool conversion = info->props & IR_OP_CONVERSION;
   bool used[K_COUNT] = { false };
   for (unsigned i = 0; i < info->num_inputs; i++) {
      if (!IR_ALU_TYPE_BITS(info->input_types[i]))
         used[klass_of(info->input_types[i])] = true;
   }
   enum klass out_class = klass_of(info->output_type);
   bool out_fixed = IR_ALU_TYPE_BITS(info->output_type) != 0;
   bool out_own = !out_fixed && (conversion || !used[out_class]);

   unsigned n = 0;
   for (unsigned fi = 0; fi < (used[K_FLOAT] ? 3 : 1); fi++) {
      for (unsigned ii = 0; ii < (used[K_INT] ? 5 : 1); ii++) {
         for (unsigned bi = 0; bi < (used[K_BOOL] ? 2 : 1); bi++) {
            unsigned chosen[K_COUNT] = { class_sizes[K_INT][ii],
                                         class_sizes[K_FLOAT][fi],
                                         class_sizes[K_BOOL][bi] };
            unsigned outs = out_own ? class_num_sizes[out_class] : 1;
            for (unsigned oi = 0; oi < outs; oi++) {
               struct config c = { 0 };
               for (unsigned i = 0; i < info->num_inputs; i++) {
                  unsigned fixed = IR_ALU_TYPE_BITS(info->input_types[i]);
                  c.src_bits[i] =
                     fixed ? fixed : chosen[klass_of(info->input_types[i])];
               }
               if (out_fixed)
                  c.dst_bits = IR_ALU_TYPE_BITS(info->output_type);
               else if (out_own)
                  c.dst_bits = class_sizes[out_class][oi];
               else
                  c.dst_bits = chosen[out_class];
               if (n < max)
                  out[n++] = c;
            }
         }
      }
   }
   return n;
}

/* ---------------------------------------------------------------------- */
/* One configuration                                                      */
/* ---------------------------------------------------------------------- */

static const char swizzle_letters[] = "xyzw";

/** Whether @p v is a NaN of @p bits bits.  Which NaN an operation with
 * NaN operands returns is not part of the semantics: it depends on the
 * order in which the C compiler passes operands to the instruction (a + b
 * may become "add b, a"), so float results compare equal when both are
 * NaNs. */
static bool
is_nan(uint64_t v, unsigned bits)
{
   switch (bits) {
   case 16:
      return (v & 0x7fff) > 0x7c00;
   case 32:
      return (v & 0x7fffffffu) > 0x7f800000u;
   case 64:
      return (v & 0x7fffffffffffffffull) > 0x7ff0000000000000ull;
   default:
      return false;
   }
}

/** Component of the source def read for component c of input i. */
static unsigned
swizzle_of(unsigned i, unsigned c, unsigned def_comps, bool per_component)
{
   if (per_component)
      return (c + i) % def_comps;
   return def_comps - 1 - c;
}

/** Runs @p op with @p cfg in @p mode; returns the number of mismatching
 * values (printing the first ones). */
static unsigned
check_config(enum ir_op op, const struct config *cfg, bool rtz_flush)
{
   const struct ir_op_info *info = &ir_op_infos[op];
   const bool per_component = info->output_size == 0;
   const unsigned n = per_component ? 4 : info->output_size;
   unsigned def_comps[4];
   char text[2048];
   int len = snprintf(text, sizeof(text), "shader fragment\n%s",
                      rtz_flush ? "info round_mode=rtz denorm=flush\n" : "");
   len += snprintf(text + len, sizeof(text) - (size_t)len,
                   "fn main {\n  %%0:32 = load_const 0\n");
   for (unsigned i = 0; i < info->num_inputs; i++) {
      def_comps[i] = info->input_sizes[i] ? info->input_sizes[i] : 4;
      len += snprintf(text + len, sizeof(text) - (size_t)len,
                      "  %%%u:%ux%u = load_input %%0 base=%u\n", i + 1,
                      cfg->src_bits[i], def_comps[i], 2 * i);
   }
   len += snprintf(text + len, sizeof(text) - (size_t)len, "  %%9:%ux%u = %s",
                   cfg->dst_bits, n, info->name);
   for (unsigned i = 0; i < info->num_inputs; i++) {
      unsigned comps = info->input_sizes[i] ? info->input_sizes[i] : n;
      len += snprintf(text + len, sizeof(text) - (size_t)len, "%s %%%u.",
                      i ? "," : "", i + 1);
      for (unsigned c = 0; c < comps; c++) {
         text[len++] =
            swizzle_letters[swizzle_of(i, c, def_comps[i], per_component)];
      }
   }
   snprintf(text + len, sizeof(text) - (size_t)len,
            "\n  store_output %%9, %%0 write_mask=%u\n}\n", (1u << n) - 1);

   struct fx *f = fx_create(text, WIDTH);
   struct ir_eval_mode mode = {
      .round = rtz_flush ? IR_ROUND_TOWARD_ZERO : IR_ROUND_NEAREST_EVEN,
      .denorm = rtz_flush ? IR_DENORM_FLUSH_TO_ZERO : IR_DENORM_PRESERVE,
   };
   unsigned errors = 0;
   bool float_result = IR_ALU_TYPE_BASE(info->output_type) == IR_ALU_FLOAT;
   for (unsigned run = 0; run < RUNS; run++) {
      for (size_t i = 0; i < sizeof(f->in) / sizeof(f->in[0]); i++)
         f->in[i] = (uint32_t)rng();
      for (unsigned i = 0; i < info->num_inputs; i++) {
         unsigned wpc = cfg->src_bits[i] == 64 ? 2 : 1;
         for (unsigned l = 0; l < WIDTH; l++) {
            for (unsigned c = 0; c < def_comps[i]; c++) {
               uint32_t words[2];
               random_value(cfg->src_bits[i], words);
               for (unsigned w = 0; w < wpc; w++) {
                  unsigned k = c * wpc + w;
                  *fx_in(f, 2 * i + k / 4, k % 4, l) = words[w];
               }
            }
         }
      }
      fx_run(f, ~0ull, 0);

      for (unsigned l = 0; l < WIDTH; l++) {
         union ir_const_value values[4][4], result[4];
         const union ir_const_value *srcs[4] = { values[0], values[1],
                                                 values[2], values[3] };
         for (unsigned i = 0; i < info->num_inputs; i++) {
            unsigned wpc = cfg->src_bits[i] == 64 ? 2 : 1;
            unsigned comps = info->input_sizes[i] ? info->input_sizes[i] : n;
            for (unsigned c = 0; c < comps; c++) {
               unsigned s = swizzle_of(i, c, def_comps[i], per_component);
               uint32_t words[2] = { 0, 0 };
               for (unsigned w = 0; w < wpc; w++) {
                  unsigned k = s * wpc + w;
                  words[w] = *fx_in(f, 2 * i + k / 4, k % 4, l);
               }
               to_const(cfg->src_bits[i], words, &values[i][c]);
            }
         }
         int old = fegetround();
         if (rtz_flush)
            fesetround(FE_TOWARDZERO);
         bool ok = ir_eval_alu_op(op, n, cfg->dst_bits, cfg->src_bits, srcs,
                                  result, &mode);
         fesetround(old);
         assert_true(ok);
         unsigned wpc = cfg->dst_bits == 64 ? 2 : 1;
         for (unsigned c = 0; c < n; c++) {
            uint64_t expect = result[c].u64;
            switch (cfg->dst_bits) {
            case 1:
               expect = result[c].b;
               break;
            case 8:
               expect = result[c].u8;
               break;
            case 16:
               expect = result[c].u16;
               break;
            case 32:
               expect = result[c].u32;
               break;
            default:
               break;
            }
            uint64_t got = 0;
            for (unsigned w = 0; w < wpc; w++) {
               unsigned k = c * wpc + w;
               got |= (uint64_t)*fx_out(f, k / 4, k % 4, l) << (32 * w);
            }
            if (got != expect && !(float_result && is_nan(got, cfg->dst_bits) &&
                                   is_nan(expect, cfg->dst_bits))) {
               if (errors < 4) {
                  fprintf(stderr,
                          "%s dst %u src %u/%u/%u%s lane %u comp %u: got "
                          "0x%llx, expected 0x%llx; inputs",
                          info->name, cfg->dst_bits, cfg->src_bits[0],
                          cfg->src_bits[1], cfg->src_bits[2],
                          rtz_flush ? " rtz/flush" : "", l, c,
                          (unsigned long long)got, (unsigned long long)expect);
                  for (unsigned i = 0; i < info->num_inputs; i++) {
                     unsigned ci = info->input_sizes[i] ? 0 : c;
                     fprintf(stderr, " 0x%llx",
                             (unsigned long long)values[i][ci].u64);
                  }
                  fprintf(stderr, "\n");
               }
               errors++;
            }
         }
      }
   }
   fx_destroy(f);
   return errors;
}

/** Checks every opcode with the configurations @p filter accepts. */
static void
check_ops(bool (*filter)(const struct config *, enum ir_op))
{
   unsigned errors = 0, configs = 0;
   for (unsigned op = 0; op < IR_OP_COUNT; op++) {
      struct config cfgs[64];
      unsigned num = op_configs((enum ir_op)op, cfgs, 64);
      for (unsigned k = 0; k < num; k++) {
         /* Sizes the evaluator does not take are not IR. */
         static const union ir_const_value zeros[4];
         const union ir_const_value *z[4] = { zeros, zeros, zeros, zeros };
         union ir_const_value out[4];
         struct ir_eval_mode mode = { 0 };
         unsigned n =
            ir_op_infos[op].output_size ? ir_op_infos[op].output_size : 4;
         if (!ir_eval_alu_op((enum ir_op)op, n, cfgs[k].dst_bits,
                             cfgs[k].src_bits, z, out, &mode))
            continue;
         if (!filter(&cfgs[k], (enum ir_op)op))
            continue;
         configs++;
         errors += check_config((enum ir_op)op, &cfgs[k], false);
         errors += check_config((enum ir_op)op, &cfgs[k], true);
      }
   }
   fprintf(stderr, "# %u configurations checked\n", configs);
   assert_true(configs > 0);
   assert_int_equal(errors, 0);
}

/** 32-bit operands, with 1- or 32-bit booleans. */
static bool
is_32bit(const struct config *cfg, enum ir_op op)
{
   const struct ir_op_info *info = &ir_op_infos[op];
   unsigned bits[5] = { cfg->dst_bits, cfg->src_bits[0], cfg->src_bits[1],
                        cfg->src_bits[2], cfg->src_bits[3] };
   unsigned types[5] = { info->output_type, info->input_types[0],
                         info->input_types[1], info->input_types[2],
                         info->input_types[3] };
   for (unsigned i = 0; i <= info->num_inputs; i++) {
      bool is_bool = IR_ALU_TYPE_BASE(types[i]) == IR_ALU_BOOL;
      if (bits[i] != 32 && !(is_bool && bits[i] == 1))
         return false;
   }
   return true;
}

static bool
is_other_size(const struct config *cfg, enum ir_op op)
{
   return !is_32bit(cfg, op);
}

static void
alu_32bit_matches_evaluator(void **state)
{
   (void)state;
   check_ops(is_32bit);
}

static void
alu_other_sizes_match_evaluator(void **state)
{
   (void)state;
   check_ops(is_other_size);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(alu_32bit_matches_evaluator),
      cmocka_unit_test(alu_other_sizes_match_evaluator),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
