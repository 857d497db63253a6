/* SPDX-License-Identifier: MIT */

/*
 * The IR text form: ir_print.c and ir_parse*.c.
 *
 * Round trips: each input is parsed, must print exactly as the canonical
 * text written next to it (dense numbering, every block labelled, else
 * parts printed, constants in their canonical spelling), must validate,
 * and the printed text must parse back and print identically.  Then the
 * printer on shaders built through the API (the names it makes up, its
 * leaving the shader untouched, ir_print_instr()).  Parse errors are in
 * ir_parse_error_test.c.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <locale.h>
#include <stdlib.h>
#include <string.h>

#include "compiler/ir/ir.h"
#include "compiler/ir/tests/ir_test_helpers.h"
#include "util/u_arena.h"
#include "util/u_strbuf.h"

static char *
print(struct u_arena *mem, const struct ir_shader *s)
{
   char *text = ir_shader_to_string(s, mem);
   assert_non_null(text);
   return text;
}

static void
assert_valid(struct ir_shader *s)
{
   char *error = NULL;
   if (!ir_validate(s, &error)) {
      print_error("validation failed: %s\n", error ? error : "?");
      fail();
   }
}

/* Parses @p input; it must print as @p expected, validate, and reparse to
 * the same text. */
static void
check_round_trip(struct u_arena *mem, const char *input, const char *expected)
{
   struct ir_shader *s = IR_PARSE(mem, input);
   char *text = print(mem, s);
   assert_string_equal(text, expected);
   assert_valid(s);

   struct ir_shader *again = IR_PARSE(mem, text);
   assert_string_equal(print(mem, again), text);
   ir_shader_destroy(again);
   ir_shader_destroy(s);
}

/* ---------------------------------------------------------------------- */
/* Round trips                                                            */
/* ---------------------------------------------------------------------- */

static void
minimal(void **state)
{
   check_round_trip(*state,
                    "shader vertex\n"
                    "fn main {\n"
                    "}\n",
                    "shader vertex\n"
                    "\n"
                    "fn main {\n"
                    "  b0:\n"
                    "}\n");
}

static void
header(void **state)
{
   check_round_trip(
      *state,
      "shader geometry\n"
      "name \"tab\\there \\\"quoted\\\" back\\\\slash\\nnew line \\x01\"\n"
      "info round_mode=rtz denorm=flush input_prim=triangles "
      "output_prim=triangle_strip vertices_in=3 max_vertices=4 invocations=2\n"
      "fn main {\n"
      "  emit_vertex stream=1\n"
      "  end_primitive\n"
      "}\n",
      "shader geometry\n"
      "name \"tab\\there \\\"quoted\\\" back\\\\slash\\nnew line \\x01\"\n"
      "info round_mode=rtz denorm=flush input_prim=triangles "
      "output_prim=triangle_strip vertices_in=3 max_vertices=4 invocations=2\n"
      "\n"
      "fn main {\n"
      "  b0:\n"
      "    emit_vertex stream=1\n"
      "    end_primitive\n"
      "}\n");
}

static void
fsinfo(void **state)
{
   check_round_trip(
      *state,
      "shader fragment\n"
      "info early_fragment_tests origin_upper_left uses_discard uses_demote "
      "uses_derivatives writes_depth pixel_center_integer denorm=preserve "
      "round_mode=rtne\n"
      "fn main {\n"
      "}\n",
      "shader fragment\n"
      "info uses_discard uses_demote uses_derivatives writes_depth "
      "origin_upper_left pixel_center_integer early_fragment_tests\n"
      "\n"
      "fn main {\n"
      "  b0:\n"
      "}\n");
}

static void
comments(void **state)
{
   check_round_trip(
      *state,
      "# a comment line\n"
      "\n"
      "   shader    vertex   // trailing comment\n"
      "var   shader_in  vec4   @pos     location=0# no space before the "
      "comment\n"
      "\tfn main {   # tab-indented\n"
      "        b5:\n"
      "%0:32 = deref_var @pos\n"
      "            %1:32x4 = load_deref %0    // deep indentation\n"
      "  }\n",
      "shader vertex\n"
      "var shader_in vec4 @pos location=0\n"
      "\n"
      "fn main {\n"
      "  b0:\n"
      "    %0:32 = deref_var @pos\n"
      "    %1:32x4 = load_deref %0\n"
      "}\n");
}

static void
fns(void **state)
{
   check_round_trip(*state,
                    "shader vertex\n"
                    "var shader_temp float @g\n"
                    "fn helper {\n"
                    "  local float @x\n"
                    "  %0:32 = deref_var @x\n"
                    "  %5:32 = load_const 1.0\n"
                    "  store_deref %0, %5 write_mask=1\n"
                    "  return\n"
                    "}\n"
                    "fn main {\n"
                    "  local float @x\n"
                    "  local float @g\n"
                    "  %0:32 = deref_var @x\n"
                    "  %1:32 = deref_var @g\n"
                    "  %2:32 = load_deref %1\n"
                    "}\n",
                    "shader vertex\n"
                    "var shader_temp float @g\n"
                    "\n"
                    "fn helper {\n"
                    "  local float @x\n"
                    "  b0:\n"
                    "    %0:32 = deref_var @x\n"
                    "    %1:32 = load_const 1.0\n"
                    "    store_deref %0, %1 write_mask=1\n"
                    "    return\n"
                    "}\n"
                    "\n"
                    "fn main {\n"
                    "  local float @x\n"
                    "  local float @g_1\n"
                    "  b0:\n"
                    "    %0:32 = deref_var @x\n"
                    "    %1:32 = deref_var @g_1\n"
                    "    %2:32 = load_deref %1\n"
                    "}\n");
}

static void
alu(void **state)
{
   check_round_trip(*state,
                    "shader vertex\n"
                    "fn main {\n"
                    "  b0:\n"
                    "    %0:32x4 = undef\n"
                    "    %1:32x3 = fadd %0.xyz, %0.yzw\n"
                    "    %2:32 = fdot3 %0.xyz, %0.wzy\n"
                    "    %3:32 = fdot4 %0, %0.xxxx\n"
                    "    %4:32x4 = vec4 %2, %3, %0.z, %1.y\n"
                    "    %5:32x2 = vec2 %2.x, %3\n"
                    "    %6:32 = pack_half_2x16 %5\n"
                    "    %7:32x2 = unpack_half_2x16 %6\n"
                    "    %8:1 = ball_fequal3 %1, %0.xyz\n"
                    "    %9:32x3 = fmul %1.zzz, %1\n"
                    "    %10:32 = exact ffma %2, %3, %2\n"
                    "    %11:16x3 = f2f %1\n"
                    "    %12:64x3 = f2f %11\n"
                    "    %13:32x3 = f2i %1\n"
                    "    %14:64x3 = i2i %13\n"
                    "    %15:1x3 = flt %1, %9\n"
                    "    %16:32x3 = bcsel %15, %1, %9\n"
                    "    %17:32x3 = b2f %15\n"
                    "    %18:32 = mov %0.w\n"
                    "    %19:32x2 = ishl %13.xy, %13.zz\n"
                    "    %20:16x2 = f2f16_rtz %5\n"
                    "    %21:32x3 = ffma %1, %9.yxz, %16\n"
                    "}\n",
                    "shader vertex\n"
                    "\n"
                    "fn main {\n"
                    "  b0:\n"
                    "    %0:32x4 = undef\n"
                    "    %1:32x3 = fadd %0, %0.yzw\n"
                    "    %2:32 = fdot3 %0, %0.wzy\n"
                    "    %3:32 = fdot4 %0, %0.xxxx\n"
                    "    %4:32x4 = vec4 %2, %3, %0.z, %1.y\n"
                    "    %5:32x2 = vec2 %2, %3\n"
                    "    %6:32 = pack_half_2x16 %5\n"
                    "    %7:32x2 = unpack_half_2x16 %6\n"
                    "    %8:1 = ball_fequal3 %1, %0\n"
                    "    %9:32x3 = fmul %1.zzz, %1\n"
                    "    %10:32 = exact ffma %2, %3, %2\n"
                    "    %11:16x3 = f2f %1\n"
                    "    %12:64x3 = f2f %11\n"
                    "    %13:32x3 = f2i %1\n"
                    "    %14:64x3 = i2i %13\n"
                    "    %15:1x3 = flt %1, %9\n"
                    "    %16:32x3 = bcsel %15, %1, %9\n"
                    "    %17:32x3 = b2f %15\n"
                    "    %18:32 = mov %0.w\n"
                    "    %19:32x2 = ishl %13, %13.zz\n"
                    "    %20:16x2 = f2f16_rtz %5\n"
                    "    %21:32x3 = ffma %1, %9.yxz, %16\n"
                    "}\n");
}

static void
consts(void **state)
{
   check_round_trip(
      *state,
      "shader compute\n"
      "fn main {\n"
      "  %0:32x4 = load_const (1.0, -0.0, 0.1, 1e20)\n"
      "  %1:32 = load_const 0x7fc00000\n"
      "  %2:32x4 = load_const (0x7f800000, 0xff800000, 0x00000001, 65537)\n"
      "  %3:32x4 = load_const (5, -7, 65536, -65536)\n"
      "  %4:32x4 = load_const (nan, -inf, 3.4028235e38, 1.17549435e-38)\n"
      "  %5:16x4 = load_const (1.0, -0.0, 256, 257)\n"
      "  %6:16x4 = load_const (65504.0, 0x7e00, 0x0001, 6.1035156e-05)\n"
      "  %7:16x4 = load_const (0.1, -2.5, 0xfc00, 65535)\n"
      "  %8:64x4 = load_const (1.0, 0.1, -0.0, 0xffffffffffffffff)\n"
      "  %9:64x4 = load_const (0x7ff8000000000000, 1e300, 4.9e-324, "
      "9007199254740993)\n"
      "  %10:8x4 = load_const (255, -128, 127, 0x80)\n"
      "  %11:1x4 = load_const (true, false, 1, -1)\n"
      "  %12:32 = load_const 3.14159265\n"
      "  %13:64 = load_const 3.141592653589793\n"
      "  %14:32 = load_const -2147483648\n"
      "  %15:32 = load_const 4294967295\n"
      "  %16:64 = load_const -9223372036854775808\n"
      "}\n",
      "shader compute\n"
      "\n"
      "fn main {\n"
      "  b0:\n"
      "    %0:32x4 = load_const (1.0, -0.0, 0.1, 1e+20)\n"
      "    %1:32 = load_const 0x7fc00000\n"
      "    %2:32x4 = load_const (0x7f800000, 0xff800000, 1, 0x00010001)\n"
      "    %3:32x4 = load_const (5, -7, 65536, -65536)\n"
      "    %4:32x4 = load_const (0x7fc00000, 0xff800000, 3.4028235e+38, "
      "1.1754944e-38)\n"
      "    %5:16x4 = load_const (1.0, -0.0, 256, 0x0101)\n"
      "    %6:16x4 = load_const (65504.0, 0x7e00, 1, 6.104e-05)\n"
      "    %7:16x4 = load_const (0.1, -2.5, 0xfc00, -1)\n"
      "    %8:64x4 = load_const (1.0, 0.1, -0.0, -1)\n"
      "    %9:64x4 = load_const (0x7ff8000000000000, 1e+300, 1, "
      "4.450147717014404e-308)\n"
      "    %10:8x4 = load_const (-1, -128, 127, -128)\n"
      "    %11:1x4 = load_const (true, false, true, true)\n"
      "    %12:32 = load_const 3.1415927\n"
      "    %13:64 = load_const 3.141592653589793\n"
      "    %14:32 = load_const -0.0\n"
      "    %15:32 = load_const -1\n"
      "    %16:64 = load_const -0.0\n"
      "}\n");
}

static void
constforms(void **state)
{
   check_round_trip(
      *state,
      "shader compute\n"
      "fn main {\n"
      "  %0:32x4 = load_const (1, 1.0, 1e0, 0x3f800000)\n"
      "  %1:32x4 = load_const (inf, -inf, nan, -nan)\n"
      "  %2:32x4 = load_const (.5, 5e-1, +0.5, 0.50000000001)\n"
      "  %3:16x4 = load_const (inf, 65519.0, 0.000000059604645, 3.0e-8)\n"
      "  %4:64x4 = load_const (inf, nan, 1e-320, 0x1)\n"
      "  %5:32x4 = load_const (16777216, 0x00010000, -65537, 4294967295)\n"
      "}\n",
      "shader compute\n"
      "\n"
      "fn main {\n"
      "  b0:\n"
      "    %0:32x4 = load_const (1, 1.0, 1.0, 1.0)\n"
      "    %1:32x4 = load_const (0x7f800000, 0xff800000, 0x7fc00000, "
      "0xffc00000)\n"
      "    %2:32x4 = load_const (0.5, 0.5, 0.5, 0.5)\n"
      "    %3:16x4 = load_const (0x7c00, 65504.0, 1, 1)\n"
      "    %4:64x4 = load_const (0x7ff0000000000000, 0x7ff8000000000000, 2024, "
      "1)\n"
      "    %5:32x4 = load_const (2.3509887e-38, 65536, 0xfffeffff, -1)\n"
      "}\n");
}

static void
ifelse(void **state)
{
   check_round_trip(*state,
                    "shader fragment\n"
                    "var shader_out vec4 @color location=0\n"
                    "fn main {\n"
                    "  b0:\n"
                    "    %0:32x4 = load_frag_coord\n"
                    "    %1:32 = load_const 0.5\n"
                    "    %2:1 = flt %0.x, %1\n"
                    "  if %2 {\n"
                    "    b1:\n"
                    "      %3:32x4 = load_const (1.0, 0, 0, 1.0)\n"
                    "  } else {\n"
                    "    b2:\n"
                    "      %4:32x4 = fmul %0, %1.xxxx\n"
                    "  }\n"
                    "  b3:\n"
                    "    %5:32x4 = phi b2: %4, b1: %3\n"
                    "    %6:32 = deref_var @color\n"
                    "    store_deref %6, %5 write_mask=15\n"
                    "}\n",
                    "shader fragment\n"
                    "var shader_out vec4 @color location=0\n"
                    "\n"
                    "fn main {\n"
                    "  b0:\n"
                    "    %0:32x4 = load_frag_coord\n"
                    "    %1:32 = load_const 0.5\n"
                    "    %2:1 = flt %0, %1\n"
                    "  if %2 {\n"
                    "    b1:\n"
                    "      %3:32x4 = load_const (1.0, 0, 0, 1.0)\n"
                    "  } else {\n"
                    "    b2:\n"
                    "      %4:32x4 = fmul %0, %1.xxxx\n"
                    "  }\n"
                    "  b3:\n"
                    "    %5:32x4 = phi b1: %3, b2: %4\n"
                    "    %6:32 = deref_var @color\n"
                    "    store_deref %6, %5 write_mask=15\n"
                    "}\n");
}

static void
noelse(void **state)
{
   check_round_trip(*state,
                    "shader fragment\n"
                    "fn main {\n"
                    "  %0:1 = load_const false\n"
                    "  if %0 {\n"
                    "    %1:32 = load_const 7\n"
                    "  }\n"
                    "  if %0 {\n"
                    "  } else {\n"
                    "    discard\n"
                    "  }\n"
                    "}\n",
                    "shader fragment\n"
                    "\n"
                    "fn main {\n"
                    "  b0:\n"
                    "    %0:1 = load_const false\n"
                    "  if %0 {\n"
                    "    b1:\n"
                    "      %1:32 = load_const 7\n"
                    "  } else {\n"
                    "    b2:\n"
                    "  }\n"
                    "  b3:\n"
                    "  if %0 {\n"
                    "    b4:\n"
                    "  } else {\n"
                    "    b5:\n"
                    "      discard\n"
                    "  }\n"
                    "  b6:\n"
                    "}\n");
}

static void
loops(void **state)
{
   check_round_trip(*state,
                    "shader fragment\n"
                    "fn main {\n"
                    "  b0:\n"
                    "    %0:32 = load_const 0\n"
                    "    %1:32 = load_const 1\n"
                    "    %2:32 = load_const 10\n"
                    "  loop {\n"
                    "    b1:\n"
                    "      %3:32 = phi b0: %0, b5: %3, b12: %9\n"
                    "      %4:1 = ige %3, %2\n"
                    "    if %4 {\n"
                    "      b2:\n"
                    "        break\n"
                    "    } else {\n"
                    "      b3:\n"
                    "    }\n"
                    "    b4:\n"
                    "      %10:1 = ieq %3, %1\n"
                    "    if %10 {\n"
                    "      b5:\n"
                    "        continue\n"
                    "    } else {\n"
                    "      b6:\n"
                    "    }\n"
                    "    b7:\n"
                    "      %5:32 = load_const 0\n"
                    "    loop {\n"
                    "      b8:\n"
                    "        %6:32 = phi b7: %5, b11: %7\n"
                    "        %7:32 = iadd %6, %1\n"
                    "        %8:1 = ige %7, %3\n"
                    "      if %8 {\n"
                    "        b9:\n"
                    "          break\n"
                    "      } else {\n"
                    "        b10:\n"
                    "      }\n"
                    "      b11:\n"
                    "        continue\n"
                    "    }\n"
                    "    b12:\n"
                    "      %9:32 = iadd %3, %6\n"
                    "  }\n"
                    "  b13:\n"
                    "    return\n"
                    "}\n",
                    "shader fragment\n"
                    "\n"
                    "fn main {\n"
                    "  b0:\n"
                    "    %0:32 = load_const 0\n"
                    "    %1:32 = load_const 1\n"
                    "    %2:32 = load_const 10\n"
                    "  loop {\n"
                    "    b1:\n"
                    "      %3:32 = phi b0: %0, b5: %3, b12: %10\n"
                    "      %4:1 = ige %3, %2\n"
                    "    if %4 {\n"
                    "      b2:\n"
                    "        break\n"
                    "    } else {\n"
                    "      b3:\n"
                    "    }\n"
                    "    b4:\n"
                    "      %5:1 = ieq %3, %1\n"
                    "    if %5 {\n"
                    "      b5:\n"
                    "        continue\n"
                    "    } else {\n"
                    "      b6:\n"
                    "    }\n"
                    "    b7:\n"
                    "      %6:32 = load_const 0\n"
                    "    loop {\n"
                    "      b8:\n"
                    "        %7:32 = phi b7: %6, b11: %8\n"
                    "        %8:32 = iadd %7, %1\n"
                    "        %9:1 = ige %8, %3\n"
                    "      if %9 {\n"
                    "        b9:\n"
                    "          break\n"
                    "      } else {\n"
                    "        b10:\n"
                    "      }\n"
                    "      b11:\n"
                    "        continue\n"
                    "    }\n"
                    "    b12:\n"
                    "      %10:32 = iadd %3, %7\n"
                    "  }\n"
                    "  b13:\n"
                    "    return\n"
                    "}\n");
}

static void
jumps(void **state)
{
   check_round_trip(*state,
                    "shader fragment\n"
                    "fn main {\n"
                    "  %0:1 = load_const true\n"
                    "  loop {\n"
                    "    break\n"
                    "    if %0 {\n"
                    "      %1:32 = load_const 1\n"
                    "    }\n"
                    "    %2:32 = load_const 2\n"
                    "  }\n"
                    "  if %0 {\n"
                    "    return\n"
                    "  }\n"
                    "}\n",
                    "shader fragment\n"
                    "\n"
                    "fn main {\n"
                    "  b0:\n"
                    "    %0:1 = load_const true\n"
                    "  loop {\n"
                    "    b1:\n"
                    "      break\n"
                    "    if %0 {\n"
                    "      b2:\n"
                    "        %1:32 = load_const 1\n"
                    "    } else {\n"
                    "      b3:\n"
                    "    }\n"
                    "    b4:\n"
                    "      %2:32 = load_const 2\n"
                    "  }\n"
                    "  b5:\n"
                    "  if %0 {\n"
                    "    b6:\n"
                    "      return\n"
                    "  } else {\n"
                    "    b7:\n"
                    "  }\n"
                    "  b8:\n"
                    "}\n");
}

static void
renumber(void **state)
{
   check_round_trip(*state,
                    "# sparse numbers and labels in any order\n"
                    "shader vertex\n"
                    "fn main {\n"
                    "  b7:\n"
                    "    %10:32 = load_const 1\n"
                    "    %3:32 = fadd %10, %10\n"
                    "  loop {\n"
                    "    b2:\n"
                    "      %40:32 = phi b7: %3, b5: %41\n"
                    "      %41:32 = fadd %40, %10\n"
                    "      %12:1 = flt %41, %3\n"
                    "    if %12 {\n"
                    "      b100:\n"
                    "        break\n"
                    "    } else {\n"
                    "      b0:\n"
                    "    }\n"
                    "    b5:\n"
                    "  }\n"
                    "  b1:\n"
                    "    %7:32 = fmul %41, %3\n"
                    "}\n",
                    "shader vertex\n"
                    "\n"
                    "fn main {\n"
                    "  b0:\n"
                    "    %0:32 = load_const 1\n"
                    "    %1:32 = fadd %0, %0\n"
                    "  loop {\n"
                    "    b1:\n"
                    "      %2:32 = phi b0: %1, b4: %3\n"
                    "      %3:32 = fadd %2, %0\n"
                    "      %4:1 = flt %3, %1\n"
                    "    if %4 {\n"
                    "      b2:\n"
                    "        break\n"
                    "    } else {\n"
                    "      b3:\n"
                    "    }\n"
                    "    b4:\n"
                    "  }\n"
                    "  b5:\n"
                    "    %5:32 = fmul %3, %1\n"
                    "}\n");
}

static void
vars(void **state)
{
   check_round_trip(
      *state,
      "shader fragment\n"
      "type Light = struct { vec3 pos; float[2] atten; }\n"
      "type Scene = struct { Light[2] lights; mat2x3 m; bool on; }\n"
      "type Block = interface std140 { mat4 mvp offset=0 row_major; vec4 tint "
      "offset=64; Light l offset=80; }\n"
      "var shader_in vec4 @a location=1 component=2 driver_location=3 "
      "interp=noperspective centroid sample invariant\n"
      "var shader_out vec4 @o location=0 index=1 precise\n"
      "var uniform sampler2DArrayShadow @t binding=2\n"
      "var ubo Block @blk binding=0 read_only\n"
      "var shader_temp Scene @scene init={ { { (1.0, 2.0, 3.0), { 0.5, 0.25 } "
      "}, { (0.0, -0.0, 0x00000001), { 1.0, 1.0 } } }, (1.0, 0.0, 0.0, 0.0, "
      "1.0, 0.0), true }\n"
      "var shader_temp int[3] @ints init={ -1, 0x7fffffff, 3 }\n"
      "var shader_temp uint64_t[2] @big init={ 18446744073709551615, "
      "0x8000000000000000 }\n"
      "var shader_temp u16vec2 @small init=(65535, -1)\n"
      "var shader_temp dvec2 @d init=(1.0, 0.1)\n"
      "var uniform float[] @unsized\n"
      "var system_value uvec3 @sv\n"
      "var shader_temp bvec2 @bv init=(true, false)\n"
      "var shader_temp float16_t @h init=1.5\n"
      "fn main {\n"
      "  local Light @l init={ (1.0, 1.0, 1.0), { 2.0, 3.0 } }\n"
      "  local float[2][3] @grid\n"
      "  %0:32 = deref_var @scene\n"
      "  %1:32 = deref_struct %0.lights\n"
      "  %2:32 = load_const 1\n"
      "  %3:32 = deref_array %1[%2]\n"
      "  %4:32 = deref_struct %3.atten\n"
      "  %5:32 = deref_array %4[%2]\n"
      "  %6:32 = load_deref %5\n"
      "  %7:32 = deref_struct %0.m\n"
      "  %8:32 = deref_array %7[%2]\n"
      "  %9:32 = deref_array %8[%2]\n"
      "  %10:32x3 = load_deref %8\n"
      "  %11:32 = deref_var @grid\n"
      "  %12:32 = deref_array %11[%2]\n"
      "  %13:32 = deref_array %12[%2]\n"
      "  store_deref %13, %6 write_mask=1\n"
      "  copy_deref %11, %11\n"
      "  %14:32 = deref_var @l\n"
      "  %15:32 = deref_var @blk\n"
      "  %16:32 = deref_struct %15.l\n"
      "  %17:32 = deref_struct %16.pos\n"
      "}\n",
      "shader fragment\n"
      "type Light = struct { vec3 pos; float[2] atten; }\n"
      "type Block = interface std140 { mat4 mvp offset=0 row_major; vec4 tint "
      "offset=64; Light l offset=80; }\n"
      "type Scene = struct { Light[2] lights; mat2x3 m; bool on; }\n"
      "var shader_in vec4 @a location=1 component=2 driver_location=3 "
      "interp=noperspective centroid sample invariant\n"
      "var shader_out vec4 @o location=0 index=1 precise\n"
      "var uniform sampler2DArrayShadow @t binding=2\n"
      "var ubo Block @blk binding=0 read_only\n"
      "var shader_temp Scene @scene init={ { { (1.0, 2.0, 3.0), { 0.5, 0.25 } "
      "}, { (0.0, -0.0, 0x00000001), { 1.0, 1.0 } } }, (1.0, 0.0, 0.0, 0.0, "
      "1.0, 0.0), true }\n"
      "var shader_temp int[3] @ints init={ -1, 2147483647, 3 }\n"
      "var shader_temp uint64_t[2] @big init={ 18446744073709551615, "
      "9223372036854775808 }\n"
      "var shader_temp u16vec2 @small init=(65535, 65535)\n"
      "var shader_temp dvec2 @d init=(1.0, 0.1)\n"
      "var uniform float[] @unsized\n"
      "var system_value uvec3 @sv\n"
      "var shader_temp bvec2 @bv init=(true, false)\n"
      "var shader_temp float16_t @h init=1.5\n"
      "\n"
      "fn main {\n"
      "  local Light @l init={ (1.0, 1.0, 1.0), { 2.0, 3.0 } }\n"
      "  local float[2][3] @grid\n"
      "  b0:\n"
      "    %0:32 = deref_var @scene\n"
      "    %1:32 = deref_struct %0.lights\n"
      "    %2:32 = load_const 1\n"
      "    %3:32 = deref_array %1[%2]\n"
      "    %4:32 = deref_struct %3.atten\n"
      "    %5:32 = deref_array %4[%2]\n"
      "    %6:32 = load_deref %5\n"
      "    %7:32 = deref_struct %0.m\n"
      "    %8:32 = deref_array %7[%2]\n"
      "    %9:32 = deref_array %8[%2]\n"
      "    %10:32x3 = load_deref %8\n"
      "    %11:32 = deref_var @grid\n"
      "    %12:32 = deref_array %11[%2]\n"
      "    %13:32 = deref_array %12[%2]\n"
      "    store_deref %13, %6 write_mask=1\n"
      "    copy_deref %11, %11\n"
      "    %14:32 = deref_var @l\n"
      "    %15:32 = deref_var @blk\n"
      "    %16:32 = deref_struct %15.l\n"
      "    %17:32 = deref_struct %16.pos\n"
      "}\n");
}

static void
tex(void **state)
{
   check_round_trip(
      *state,
      "shader fragment\n"
      "info uses_discard uses_demote uses_derivatives writes_depth "
      "pixel_center_integer\n"
      "fn main {\n"
      "  %0:32x4 = undef\n"
      "  %1:32 = load_const 0\n"
      "  %2:32x2 = undef\n"
      "  %23:32x3 = undef\n"
      "  %3:32x4 = tex tex 2d float texture=0 sampler=0 coord=%2\n"
      "  %4:32x4 = tex txb cube array shadow float texture=1 sampler=2 "
      "coord=%0 bias=%1 comparator=%1\n"
      "  %5:32x4 = tex txl 3d float texture=3 sampler=3 coord=%23 lod=%1\n"
      "  %6:32x4 = tex txd 2d float texture=0 sampler=0 coord=%2 ddx=%2 ddy=%2 "
      "offset=%2 min_lod=%1\n"
      "  %7:32x4 = tex txf buf int texture=4 sampler=0 coord=%1 lod=%1\n"
      "  %8:32x4 = tex txf_ms ms array uint texture=5 sampler=0 coord=%23 "
      "ms_index=%1\n"
      "  %9:32x2 = tex txs rect float texture=6 sampler=6 lod=%1\n"
      "  %10:32x2 = tex query_lod 1d float texture=7 sampler=7 coord=%1\n"
      "  %11:32 = tex levels 2d float texture=8 sampler=8\n"
      "  %12:32x4 = tex tex 2d shadow float texture=0 sampler=0 coord=%2 "
      "projector=%1 comparator=%1\n"
      "  %13:32x4 = load_input %1 base=3 component=1 location=7 interp_mode=1\n"
      "  store_output %13, %1 base=2 write_mask=15 io_semantics=-5\n"
      "  %14:32x4 = load_uniform %1 base=16 range=64\n"
      "  %15:32x2 = load_ubo %1, %1 range=256\n"
      "  %16:1 = load_front_face\n"
      "  %17:32x4 = load_frag_coord\n"
      "  %18:32x4 = ddx_fine %17\n"
      "  discard_if %16\n"
      "  demote\n"
      "  barrier memory_scope=2\n"
      "  memory_barrier\n"
      "  %19:32 = decl_reg num_components=4 bit_size=32 num_array_elems=2\n"
      "  %20:32x4 = load_reg %19 base=1\n"
      "  store_reg %20, %19 base=0 write_mask=3\n"
      "  %21:32x4 = load_reg_indirect %19, %1 base=0\n"
      "  %22:32 = decl_reg num_components=4 bit_size=32\n"
      "  parallel_copy %22 <- %20, %19 <- %21\n"
      "  parallel_copy\n"
      "  discard\n"
      "}\n",
      "shader fragment\n"
      "info uses_discard uses_demote uses_derivatives writes_depth "
      "pixel_center_integer\n"
      "\n"
      "fn main {\n"
      "  b0:\n"
      "    %0:32x4 = undef\n"
      "    %1:32 = load_const 0\n"
      "    %2:32x2 = undef\n"
      "    %3:32x3 = undef\n"
      "    %4:32x4 = tex tex 2d float texture=0 sampler=0 coord=%2\n"
      "    %5:32x4 = tex txb cube array shadow float texture=1 sampler=2 "
      "coord=%0 bias=%1 comparator=%1\n"
      "    %6:32x4 = tex txl 3d float texture=3 sampler=3 coord=%3 lod=%1\n"
      "    %7:32x4 = tex txd 2d float texture=0 sampler=0 coord=%2 ddx=%2 "
      "ddy=%2 offset=%2 min_lod=%1\n"
      "    %8:32x4 = tex txf buf int texture=4 sampler=0 coord=%1 lod=%1\n"
      "    %9:32x4 = tex txf_ms ms array uint texture=5 sampler=0 coord=%3 "
      "ms_index=%1\n"
      "    %10:32x2 = tex txs rect float texture=6 sampler=6 lod=%1\n"
      "    %11:32x2 = tex query_lod 1d float texture=7 sampler=7 coord=%1\n"
      "    %12:32 = tex levels 2d float texture=8 sampler=8\n"
      "    %13:32x4 = tex tex 2d shadow float texture=0 sampler=0 coord=%2 "
      "projector=%1 comparator=%1\n"
      "    %14:32x4 = load_input %1 base=3 component=1 location=7 "
      "interp_mode=1\n"
      "    store_output %14, %1 base=2 write_mask=15 io_semantics=-5\n"
      "    %15:32x4 = load_uniform %1 base=16 range=64\n"
      "    %16:32x2 = load_ubo %1, %1 range=256\n"
      "    %17:1 = load_front_face\n"
      "    %18:32x4 = load_frag_coord\n"
      "    %19:32x4 = ddx_fine %18\n"
      "    discard_if %17\n"
      "    demote\n"
      "    barrier memory_scope=2\n"
      "    memory_barrier\n"
      "    %20:32 = decl_reg num_components=4 bit_size=32 num_array_elems=2\n"
      "    %21:32x4 = load_reg %20 base=1\n"
      "    store_reg %21, %20 write_mask=3\n"
      "    %22:32x4 = load_reg_indirect %20, %1\n"
      "    %23:32 = decl_reg num_components=4 bit_size=32\n"
      "    parallel_copy %23 <- %21, %20 <- %22\n"
      "    parallel_copy\n"
      "    discard\n"
      "}\n");
}

/* Names the printer has to make up: unnamed and repeated variables,
 * unprintable names, anonymous and clashing struct types, unnamed and
 * repeated fields. */
static void
generated_names(void **state)
{
   struct u_arena *mem = *state;
   struct ir_shader *s = ir_shader_create(mem, IR_STAGE_FRAGMENT);
   const struct ir_type *f = ir_type_get_scalar(IR_TYPE_FLOAT);
   struct ir_struct_field fields[] = {
      { ir_type_get_vector(IR_TYPE_FLOAT, 4), NULL, -1, false },
      { f, "x", -1, false },
      { f, "x", -1, false },
      { f, "not valid", -1, false },
   };
   const struct ir_type *anon = ir_type_struct(s->arena, IR_TYPE_STRUCT, NULL,
                                               fields, 4, IR_PACKING_NONE);
   const struct ir_type *s1 = ir_type_struct(s->arena, IR_TYPE_STRUCT, "S",
                                             fields + 1, 1, IR_PACKING_NONE);
   const struct ir_type *s2 = ir_type_struct(s->arena, IR_TYPE_STRUCT, "S",
                                             fields + 3, 1, IR_PACKING_NONE);
   const struct ir_type *builtin = ir_type_struct(
      s->arena, IR_TYPE_STRUCT, "vec4", fields + 1, 1, IR_PACKING_NONE);
   /* Structurally equal to s1: declared once. */
   const struct ir_type *s1_copy = ir_type_struct(
      s->arena, IR_TYPE_STRUCT, "S", fields + 1, 1, IR_PACKING_NONE);

   ir_variable_create(s, IR_VAR_UNIFORM, anon, NULL);
   ir_variable_create(s, IR_VAR_UNIFORM, s1, "v");
   ir_variable_create(s, IR_VAR_UNIFORM, s2, "v");
   ir_variable_create(s, IR_VAR_UNIFORM, builtin, "a b");
   ir_variable_create(s, IR_VAR_UNIFORM, ir_type_array(s->arena, s1_copy, 2),
                      "");
   struct ir_function *fn = ir_function_create(s, "main");
   ir_local_variable_create(fn, f, "v");
   struct ir_variable *t = ir_local_variable_create(fn, f, "t");
   ir_local_variable_create(fn, f, "t");

   const char *expected = "shader fragment\n"
                          "type _0 = struct { vec4 _0; float x; float x_1; "
                          "float _3; }\n"
                          "type S = struct { float x; }\n"
                          "type S_1 = struct { float _0; }\n"
                          "type _3 = struct { float x; }\n"
                          "var uniform _0 @_0\n"
                          "var uniform S @v\n"
                          "var uniform S_1 @v_1\n"
                          "var uniform _3 @a_b\n"
                          "var uniform S[2] @_4\n"
                          "\n"
                          "fn main {\n"
                          "  local float @v_2\n"
                          "  local float @t\n"
                          "  local float @t_1\n"
                          "  b0:\n"
                          "}\n";
   char *text = print(mem, s);
   assert_string_equal(text, expected);
   /* The printer changed nothing. */
   assert_null(anon->name);
   assert_string_equal(t->name, "t");

   struct ir_shader *again = IR_PARSE(mem, text);
   assert_string_equal(print(mem, again), expected);
}

/* Input numbers and labels are free; output ones are dense, and a def's
 * in-memory index is never changed by printing. */
static void
printing_changes_nothing(void **state)
{
   struct u_arena *mem = *state;
   struct ir_shader *s = IR_PARSE(mem, "shader vertex\n"
                                       "fn main {\n"
                                       "  b9:\n"
                                       "    %30:32 = load_const 2\n"
                                       "    %7:32 = iadd %30, %30\n"
                                       "}\n");
   struct ir_function *fn = ir_shader_get_entrypoint(s);
   struct ir_block *b = ir_start_block(fn);
   struct ir_instr *first = u_list_first(&b->instrs, struct ir_instr, link);
   struct ir_def *def = ir_instr_def(first);
   unsigned index = def->index, num_defs = fn->num_defs;
   b->index = 42;

   struct u_strbuf out;
   u_strbuf_init(&out, mem);
   u_strbuf_append(&out, "prefix\n");
   ir_print_shader(s, &out);
   assert_string_equal(out.str, "prefix\n"
                                "shader vertex\n"
                                "\n"
                                "fn main {\n"
                                "  b0:\n"
                                "    %0:32 = load_const 2\n"
                                "    %1:32 = iadd %0, %0\n"
                                "}\n");
   assert_int_equal(def->index, index);
   assert_int_equal(fn->num_defs, num_defs);
   assert_int_equal(b->index, 42);
}

/* ir_print_instr() numbers like the whole-shader printer for an
 * instruction in a function, and uses in-memory indices for one that is
 * not in a block yet. */
static void
print_instr(void **state)
{
   struct u_arena *mem = *state;
   struct ir_shader *s =
      IR_PARSE(mem, "shader fragment\n"
                    "var shader_out vec4 @out\n"
                    "fn main {\n"
                    "  local vec4 @out\n"
                    "  b0:\n"
                    "  %5:32x4 = load_frag_coord\n"
                    "  %9:1 = flt %5.x, %5.y\n"
                    "  loop {\n"
                    "    b3:\n"
                    "      %2:32x4 = phi b0: %5, b3: %4\n"
                    "      %4:32x4 = fmul %2, %5.wzyx\n"
                    "      %6:32 = deref_var @out\n"
                    "      store_deref %6, %4 write_mask=15\n"
                    "  }\n"
                    "}\n");
   char *text = print(mem, s);
   struct ir_function *fn = ir_shader_get_entrypoint(s);
   unsigned count = 0;
   ir_foreach_block (fn, block) {
      ir_foreach_instr (block, instr) {
         struct u_strbuf line;
         u_strbuf_init(&line, mem);
         ir_print_instr(instr, &line);
         char *needle = u_arena_asprintf(mem, " %s\n", line.str);
         if (!strstr(text, needle)) {
            print_error("\"%s\" not in:\n%s", line.str, text);
            fail();
         }
         count++;
      }
   }
   assert_int_equal(count, 6);

   struct ir_load_const *lc = ir_load_const_create(fn, 2, 16);
   lc->value[0].u16 = 0x3c00;
   lc->value[1].i16 = -3;
   struct u_strbuf line;
   u_strbuf_init(&line, mem);
   ir_print_instr(&lc->instr, &line);
   char *expected =
      u_arena_asprintf(mem, "%%%u:16x2 = load_const (1.0, -3)", lc->def.index);
   assert_string_equal(line.str, expected);
}

/* A type declared but used by no variable is not part of the shader. */
static void
unused_type_dropped(void **state)
{
   struct u_arena *mem = *state;
   struct ir_shader *s = IR_PARSE(mem, "shader vertex\n"
                                       "type A = struct { float x; }\n"
                                       "type B = struct { A a; }\n"
                                       "type C = struct { float y; }\n"
                                       "var uniform B @b\n");
   assert_string_equal(print(mem, s), "shader vertex\n"
                                      "type A = struct { float x; }\n"
                                      "type B = struct { A a; }\n"
                                      "var uniform B @b\n");
}

/* The parsed shader has the structure the text describes. */
static void
parsed_structure(void **state)
{
   struct u_arena *mem = *state;
   struct ir_shader *s = IR_PARSE(mem, "shader fragment\n"
                                       "info denorm=flush max_vertices=7\n"
                                       "var shader_in vec2 @uv location=4\n"
                                       "fn main {\n"
                                       "  %0:32x2 = undef\n"
                                       "  %1:32 = fdot2 %0.yx, %0\n"
                                       "  %2:1 = flt %1, %1\n"
                                       "  if %2 {\n"
                                       "  } else {\n"
                                       "    return\n"
                                       "  }\n"
                                       "}\n");
   assert_int_equal(s->stage, IR_STAGE_FRAGMENT);
   assert_int_equal(s->info.denorm_mode, IR_DENORM_FLUSH_TO_ZERO);
   assert_int_equal(s->info.gs.max_vertices, 7);
   struct ir_variable *uv = ir_shader_find_variable(s, "uv");
   assert_non_null(uv);
   assert_int_equal(uv->mode, IR_VAR_SHADER_IN);
   assert_int_equal(uv->location, 4);
   assert_int_equal(uv->binding, -1);
   assert_ptr_equal(uv->type, ir_type_get_vector(IR_TYPE_FLOAT, 2));

   struct ir_function *fn = ir_shader_get_entrypoint(s);
   struct ir_block *b0 = ir_start_block(fn);
   struct ir_instr *i1 =
      u_container_of(b0->instrs.next->next, struct ir_instr, link);
   struct ir_alu *dot = ir_instr_as_alu(i1);
   assert_non_null(dot);
   assert_int_equal(dot->op, IR_OP_FDOT2);
   assert_int_equal(dot->src[0].swizzle[0], 1);
   assert_int_equal(dot->src[0].swizzle[1], 0);
   assert_int_equal(dot->src[1].swizzle[1], 1);
   assert_int_equal(dot->def.num_components, 1);
   assert_int_equal(dot->def.bit_size, 32);

   struct ir_if *nif = ir_block_get_following_if(b0);
   assert_non_null(nif);
   assert_ptr_equal(b0->succ[0], ir_if_first_then_block(nif));
   assert_ptr_equal(b0->succ[1], ir_if_first_else_block(nif));
   struct ir_block *else_block = ir_if_first_else_block(nif);
   assert_ptr_equal(else_block->succ[0], fn->end_block);
   struct ir_block *merge = ir_cf_as_block(ir_cf_node_next(&nif->cf));
   assert_int_equal(merge->num_preds, 1);
   assert_ptr_equal(merge->preds[0], ir_if_first_then_block(nif));
}

/* Floats print and parse with '.' whatever LC_NUMERIC the application
 * chose.  Needs a locale such as de_DE.UTF-8 (installed, or built with
 * localedef and found through LOCPATH). */
static const char *
find_comma_locale(void)
{
   static const char *const locales[] = { "de_DE.UTF-8", "de_DE.utf8",
                                          "fr_FR.UTF-8", "fr_FR.utf8",
                                          "ru_RU.UTF-8" };
   const char *found = NULL;
   for (unsigned i = 0; i < sizeof(locales) / sizeof(locales[0]) && !found;
        i++) {
      if (setlocale(LC_NUMERIC, locales[i]))
         found = locales[i];
   }
   setlocale(LC_NUMERIC, "C");
   return found;
}

/* Only registered when find_comma_locale() finds one (see main()). */
static void
locale_independent(void **state)
{
   struct u_arena *mem = *state;
   const char *found = find_comma_locale();
   assert_non_null(found);
   setlocale(LC_NUMERIC, found);
   const char *text = "shader vertex\n"
                      "\n"
                      "fn main {\n"
                      "  b0:\n"
                      "    %0:32x2 = load_const (0.5, 1e+20)\n"
                      "}\n";
   char *error = NULL;
   struct ir_shader *s = ir_parse(mem, text, &error);
   char *out = s ? ir_shader_to_string(s, mem) : NULL;
   setlocale(LC_NUMERIC, "C");
   assert_non_null(s);
   assert_string_equal(out, text);
}

/* GL's uniform leaf names ("a[1].t") survive printing and parsing: the
 * linker finds sampler leaves by those names in copied shaders. */
static void
bracket_names(void **state)
{
   struct u_arena *mem = *state;
   const char *text = "shader fragment\n"
                      "var uniform sampler2D @a[1].t read_only\n"
                      "\n"
                      "fn main {\n"
                      "  b0:\n"
                      "    %0:32 = deref_var @a[1].t\n"
                      "}\n";
   check_round_trip(mem, text, text);
}

/* ir_shader_clone(): an independent copy that prints the same. */
static void
clone_is_deep(void **state)
{
   struct u_arena *mem = *state;
   const char *text = "shader fragment\n"
                      "var shader_out vec4 @o location=0\n"
                      "fn main {\n"
                      "  b0:\n"
                      "    %0:32 = load_const 0.5\n"
                      "    %1:32x4 = vec4 %0, %0, %0, %0\n"
                      "    %2:32 = deref_var @o\n"
                      "    store_deref %2, %1 write_mask=15\n"
                      "}\n";
   struct ir_shader *s = IR_PARSE(mem, text);
   struct ir_shader *copy = ir_shader_clone(NULL, s);
   assert_non_null(copy);
   assert_string_equal(print(mem, copy), print(mem, s));
   ir_shader_find_variable(copy, "o")->location = 3;
   assert_int_equal(ir_shader_find_variable(s, "o")->location, 0);
   ir_shader_destroy(s);
   /* The copy outlives the original. */
   assert_valid(copy);
   ir_shader_destroy(copy);
}

int
main(void)
{
#define T(name)                                               \
   cmocka_unit_test_setup_teardown(name, ir_test_arena_setup, \
                                   ir_test_arena_teardown)
   const struct CMUnitTest tests[] = {
      T(minimal),
      T(clone_is_deep),
      T(bracket_names),
      T(header),
      T(fsinfo),
      T(comments),
      T(fns),
      T(alu),
      T(consts),
      T(constforms),
      T(ifelse),
      T(noelse),
      T(loops),
      T(jumps),
      T(renumber),
      T(vars),
      T(tex),
      T(generated_names),
      T(printing_changes_nothing),
      T(print_instr),
      T(unused_type_dropped),
      T(parsed_structure),
      T(locale_independent),
   };
#undef T
   size_t n = sizeof(tests) / sizeof(tests[0]);
   /* Without a comma-decimal locale there is nothing to check: leave the
    * case out rather than report a pass (cmocka's skip() counts as a
    * failure under TAP). */
   if (!find_comma_locale()) {
      print_message("# locale_independent not run: no comma-decimal "
                    "locale installed\n");
      n--;
   }
   return _cmocka_run_group_tests("ir_print_parse_test", tests, n, NULL, NULL);
}
