/* SPDX-License-Identifier: MIT */

/*
 * Tests of ir_lower_alu_to_scalar(): per-component operations with
 * swizzles and the exact flag, horizontal operations (fdot, ball/bany
 * with 1- and 32-bit booleans) against golden text; what must stay
 * (scalars, mov, vecN, pack/unpack); and differential runs in the
 * interpreter, bit-identical (the fdot sequences round exactly as the
 * opcode's definition), including scalarizing then vectorizing again.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <math.h>

#include "ir_lower_test_util.h"

static bool
run_scalar(struct ir_shader *s, const void *data)
{
   (void)data;
   return ir_lower_alu_to_scalar(s);
}

/* Scalarize, then vectorize again. */
static bool
run_scalar_vector(struct ir_shader *s, const void *data)
{
   (void)data;
   bool progress = ir_lower_alu_to_scalar(s);
   progress |= ir_opt_vectorize(s);
   return progress;
}

#define HEADER                  \
   "shader fragment\n"          \
   "fn main {\n"                \
   "  b0:\n"                    \
   "    %0:32 = load_const 0\n" \
   "    %1:32x4 = load_input %0\n"

static const char mixed[] =
   HEADER "    %2:32x2 = fadd %1.wz, %1.xx\n"
          "    %3:32x3 = exact fmul %1.xyz, %1.yzw\n"
          "    %4:32 = fdot3 %1.xyz, %1.wzy\n"
          "    %5:1 = ball_fequal2 %1.xy, %1.zw\n"
          "    %6:32 = bcsel %5, %1.x, %1.y\n"
          "    %7:32x4 = vec4 %2.x, %2.y, %4, %6\n"
          "    %8:32x4 = mov %1.wzyx\n"
          "    %9:32x3 = fadd %3, %8.xyz\n"
          "    store_output %7, %0 write_mask=15\n"
          "    store_output %9, %0 base=1 write_mask=7\n"
          "}\n";

/* Inputs for differential runs: specials, then random floats. */
static void
diff_runs(const char *text, lt_pass_fn pass)
{
   static const float specials[] = { 0.0f, -0.0f,    1.0f,      -1.0f,
                                     NAN,  INFINITY, -INFINITY, 1e-40f,
                                     3.5f, 1e30f,    -1e30f,    0.1f };
   uint32_t *in = calloc(LT_SLOTS * 4 * LT_WIDTH, sizeof(uint32_t));
   uint64_t seed = 77;
   for (unsigned round = 0; round < 16; round++) {
      for (unsigned i = 0; i < 2 * 4 * LT_WIDTH; i++) {
         float v = round == 0 ? specials[(i * 7 + i / 64) % 12]
                              : (float)(int32_t)lt_rand(&seed) /
                                   (float)(1 + lt_rand(&seed) % 4096);
         in[i] = ir_test_fbits(v);
      }
      /* Some equal components, for ball/bany. */
      for (unsigned l = 0; l < LT_WIDTH; l += 3)
         in[lt_word(0, 2, l)] = in[lt_word(0, 0, l)];
      LT_DIFF_EXACT(text, pass, NULL, in, LT_WIDTH);
   }
   free(in);
}

/* Component c of each scalar reads swizzle[c] of each source; the exact
 * flag stays on the scalars (not on the vecN); mov stays a vector. */
static void
per_component_and_horizontal(void **state)
{
   LT_CHECK(*state, run_scalar, NULL, mixed,
            HEADER "    %2:32 = fadd %1.w, %1\n"
                   "    %3:32 = fadd %1.z, %1\n"
                   "    %4:32x2 = vec2 %2, %3\n"
                   "    %5:32 = exact fmul %1, %1.y\n"
                   "    %6:32 = exact fmul %1.y, %1.z\n"
                   "    %7:32 = exact fmul %1.z, %1.w\n"
                   "    %8:32x3 = vec3 %5, %6, %7\n"
                   "    %9:32 = fmul %1, %1.w\n"
                   "    %10:32 = fmul %1.y, %1.z\n"
                   "    %11:32 = fadd %9, %10\n"
                   "    %12:32 = fmul %1.z, %1.y\n"
                   "    %13:32 = fadd %11, %12\n"
                   "    %14:1 = feq %1, %1.z\n"
                   "    %15:1 = feq %1.y, %1.w\n"
                   "    %16:1 = iand %14, %15\n"
                   "    %17:32 = bcsel %16, %1, %1.y\n"
                   "    %18:32x4 = vec4 %4, %4.y, %13, %17\n"
                   "    %19:32x4 = mov %1.wzyx\n"
                   "    %20:32 = fadd %8, %19\n"
                   "    %21:32 = fadd %8.y, %19.y\n"
                   "    %22:32 = fadd %8.z, %19.z\n"
                   "    %23:32x3 = vec3 %20, %21, %22\n"
                   "    store_output %18, %0 write_mask=15\n"
                   "    store_output %23, %0 base=1 write_mask=7\n"
                   "}\n");
   diff_runs(mixed, run_scalar);
}

static const char reductions[] =
   HEADER "    %2:32x4 = load_input %0 base=1\n"
          "    %3:32 = bany_inequal4 %1, %2.wzyx\n"
          "    %4:1 = ball_iequal3 %1.xyz, %2.xyz\n"
          "    %5:32 = b2f %4\n"
          "    %6:32 = fdot4 %1, %2\n"
          "    %7:32 = pack_half_2x16 %1.xy\n"
          "    %8:32x4 = vec4 %3, %5, %6, %7\n"
          "    store_output %8, %0 write_mask=15\n"
          "}\n";

/* bany of 32-bit booleans combines 32-bit ine; fdot4 is left to right;
 * pack_half_2x16 stays. */
static void
reductions_and_fixed_sizes(void **state)
{
   LT_CHECK(*state, run_scalar, NULL, reductions,
            HEADER "    %2:32x4 = load_input %0 base=1\n"
                   "    %3:32 = ine %1, %2.w\n"
                   "    %4:32 = ine %1.y, %2.z\n"
                   "    %5:32 = ior %3, %4\n"
                   "    %6:32 = ine %1.z, %2.y\n"
                   "    %7:32 = ior %5, %6\n"
                   "    %8:32 = ine %1.w, %2\n"
                   "    %9:32 = ior %7, %8\n"
                   "    %10:1 = ieq %1, %2\n"
                   "    %11:1 = ieq %1.y, %2.y\n"
                   "    %12:1 = iand %10, %11\n"
                   "    %13:1 = ieq %1.z, %2.z\n"
                   "    %14:1 = iand %12, %13\n"
                   "    %15:32 = b2f %14\n"
                   "    %16:32 = fmul %1, %2\n"
                   "    %17:32 = fmul %1.y, %2.y\n"
                   "    %18:32 = fadd %16, %17\n"
                   "    %19:32 = fmul %1.z, %2.z\n"
                   "    %20:32 = fadd %18, %19\n"
                   "    %21:32 = fmul %1.w, %2.w\n"
                   "    %22:32 = fadd %20, %21\n"
                   "    %23:32 = pack_half_2x16 %1\n"
                   "    %24:32x4 = vec4 %9, %15, %22, %23\n"
                   "    store_output %24, %0 write_mask=15\n"
                   "}\n");
   diff_runs(reductions, run_scalar);
}

/* Scalars, movs, vecN and pack/unpack: nothing to do. */
static void
already_scalar(void **state)
{
   LT_CHECK_NO_PROGRESS(*state, run_scalar, NULL,
                        HEADER "    %2:32 = fadd %1.x, %1.y\n"
                               "    %3:1 = flt %2, %1.z\n"
                               "    %4:32 = bcsel %3, %1.w, %2\n"
                               "    %5:32x4 = mov %1.wzyx\n"
                               "    %6:32x2 = unpack_half_2x16 %1.x\n"
                               "    %7:32x4 = vec4 %4, %5.x, %6.x, %6.y\n"
                               "    store_output %7, %0 write_mask=15\n"
                               "}\n");
}

/* Vectors in every kind of position: in a loop, feeding a phi and an
 * if. */
static void
control_flow(void **state)
{
   static const char text[] = HEADER "    %2:32x2 = fmul %1.xy, %1.zw\n"
                                     "    %3:1 = flt %2.x, %2.y\n"
                                     "  if %3 {\n"
                                     "    b1:\n"
                                     "      %4:32x2 = fadd %2, %1.ww\n"
                                     "  } else {\n"
                                     "    b2:\n"
                                     "      %5:32x2 = fsub %2.yx, %1.zz\n"
                                     "  }\n"
                                     "  b3:\n"
                                     "    %6:32x2 = phi b1: %4, b2: %5\n"
                                     "    %7:32x2 = fmax %6, %2\n"
                                     "    store_output %7, %0 write_mask=3\n"
                                     "}\n";
   LT_CHECK(*state, run_scalar, NULL, text,
            HEADER "    %2:32 = fmul %1, %1.z\n"
                   "    %3:32 = fmul %1.y, %1.w\n"
                   "    %4:32x2 = vec2 %2, %3\n"
                   "    %5:1 = flt %4, %4.y\n"
                   "  if %5 {\n"
                   "    b1:\n"
                   "      %6:32 = fadd %4, %1.w\n"
                   "      %7:32 = fadd %4.y, %1.w\n"
                   "      %8:32x2 = vec2 %6, %7\n"
                   "  } else {\n"
                   "    b2:\n"
                   "      %9:32 = fsub %4.y, %1.z\n"
                   "      %10:32 = fsub %4, %1.z\n"
                   "      %11:32x2 = vec2 %9, %10\n"
                   "  }\n"
                   "  b3:\n"
                   "    %12:32x2 = phi b1: %8, b2: %11\n"
                   "    %13:32 = fmax %12, %4\n"
                   "    %14:32 = fmax %12.y, %4.y\n"
                   "    %15:32x2 = vec2 %13, %14\n"
                   "    store_output %15, %0 write_mask=3\n"
                   "}\n");
   diff_runs(text, run_scalar);
}

/* Scalarizing and vectorizing back computes the same thing. */
static void
round_trip(void **state)
{
   (void)state;
   diff_runs(mixed, run_scalar_vector);
   diff_runs(reductions, run_scalar_vector);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(per_component_and_horizontal,
                                      ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(reductions_and_fixed_sizes,
                                      ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(already_scalar, ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(control_flow, ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(round_trip, ir_test_arena_setup,
                                      ir_test_arena_teardown),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
