/* SPDX-License-Identifier: MIT */

/*
 * Errors of the IR text parser (ir_parse*.c): every class of error it
 * reports, with the exact "LINE:COL: message"; what happens to memory and
 * to the error pointer; and a small mutation loop checking that arbitrary
 * damage to a valid text gives a shader or an error, never a crash, and
 * that whatever parses prints canonically (run it under ASan/UBSan).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

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

/* Parsing @p input must fail with exactly @p message. */
static void
check_error(struct u_arena *mem, const char *input, const char *message)
{
   char *error = NULL;
   struct ir_shader *s = ir_parse(mem, input, &error);
   if (s)
      print_error("parsed but should fail with \"%s\":\n%s\n", message,
                  print(mem, s));
   assert_null(s);
   assert_non_null(error);
   assert_string_equal(error, message);
}

/* Without a parent arena the shader is a root and the message is
 * malloc()ed; a NULL error pointer is fine. */
static void
parent_and_error_pointer(void **state)
{
   char *error = NULL;
   struct ir_shader *s = ir_parse(NULL, "shader compute\n", &error);
   assert_non_null(s);
   assert_null(error);
   ir_shader_destroy(s);

   assert_null(ir_parse(NULL, "shader compute\nbogus\n", &error));
   assert_string_equal(error, "2:1: expected name, info, type, var or fn");
   free(error);

   assert_null(ir_parse(*state, "nonsense", NULL));
   assert_null(ir_parse(*state, NULL, &error));
   assert_string_equal(error, "1:1: expected 'shader'");
}

/* A failed parse frees the half-built shader: the parent only grows by the
 * message. */
static void
failure_frees_everything(void **state)
{
   struct u_strbuf text;
   u_strbuf_init(&text, *state);
   u_strbuf_append(&text, "shader vertex\nfn main {\n");
   for (unsigned i = 0; i < 2000; i++)
      u_strbuf_appendf(&text, "  %%%u:32x4 = undef\n", i);
   u_strbuf_append(&text, "  %0:32 = undef\n}\n");

   struct u_arena *parent = u_arena_create(NULL);
   size_t before = u_arena_total_size(parent);
   char *error = NULL;
   assert_null(ir_parse(parent, text.str, &error));
   assert_string_equal(error, "2003:3: duplicate def %0");
   assert_true(u_arena_total_size(parent) - before < 4096);
   u_arena_destroy(parent);
}

static const char *const mutation_base =
   "shader fragment\n"
   "name \"m\\x41\"\n"
   "info round_mode=rtz early_fragment_tests\n"
   "type L = struct { vec3 p; float[2] a offset=4 row_major; }\n"
   "var uniform L[2] @l binding=1 init={ { (1.0, 2.0, 3.0), { 0.5, 1.0 } }, "
   "{ (0.0, 0.0, 0.0), { 2.0, 3.0 } } }\n"
   "var shader_out vec4 @o location=0\n"
   "fn main {\n"
   "  local int @i init=3\n"
   "  b0:\n"
   "    %0:32 = load_const 0\n"
   "    %1:32x4 = load_frag_coord\n"
   "    %2:32 = deref_var @l\n"
   "    %3:32 = deref_array %2[%0]\n"
   "    %4:32 = deref_struct %3.a\n"
   "    %5:32 = load_deref %4\n"
   "  loop {\n"
   "    b1:\n"
   "      %6:32 = phi b0: %0, b4: %9\n"
   "      %7:1 = flt %6, %1.y\n"
   "    if %7 {\n"
   "      b2:\n"
   "        break\n"
   "    } else {\n"
   "      b3:\n"
   "    }\n"
   "    b4:\n"
   "      %9:32 = fadd %6, %5\n"
   "  }\n"
   "  b5:\n"
   "    %10:32x4 = tex txl 2d float texture=0 sampler=0 coord=%1 lod=%6\n"
   "    %11:32 = deref_var @o\n"
   "    store_deref %11, %10.wzyx write_mask=15\n"
   "    %12:16x2 = load_const (1.5, 0x7e00)\n"
   "}\n";

/* Parses @p text; if it parses, printing, reparsing and printing again
 * must agree. */
static void
parse_mutant(struct u_arena *mem, const char *text)
{
   char *error = NULL;
   struct u_arena *arena = u_arena_create(mem);
   struct ir_shader *s = ir_parse(arena, text, &error);
   if (!s) {
      assert_non_null(error);
      assert_true(strchr(error, ':') != NULL);
   } else {
      char *printed = ir_shader_to_string(s, arena);
      struct ir_shader *again = ir_parse(arena, printed, &error);
      if (!again) {
         print_error("reparse failed: %s\n--- input:\n%s--- printed:\n%s",
                     error, text, printed);
         fail();
      }
      assert_string_equal(ir_shader_to_string(again, arena), printed);
   }
   u_arena_destroy(arena);
}

/* Every prefix of a valid text, and every position overwritten with a few
 * characters that matter to the lexer, must give a shader or an error,
 * never a crash; whatever parses must print canonically. */
static void
mutations(void **state)
{
   struct u_arena *mem = *state;
   size_t len = strlen(mutation_base);
   char *buf = u_arena_alloc(mem, len + 1);
   static const char subst[] = { ' ', '\n', '}', '%', '9', '.', '"', '\\' };

   parse_mutant(mem, mutation_base);
   for (size_t cut = 0; cut <= len; cut++) {
      memcpy(buf, mutation_base, cut);
      buf[cut] = '\0';
      parse_mutant(mem, buf);
   }
   memcpy(buf, mutation_base, len + 1);
   for (size_t pos = 0; pos < len; pos++) {
      for (unsigned k = 0; k < sizeof(subst); k++) {
         char old = buf[pos];
         buf[pos] = subst[k];
         parse_mutant(mem, buf);
         buf[pos] = old;
      }
   }
}

/* ---------------------------------------------------------------------- */
/* Errors                                                                 */
/* ---------------------------------------------------------------------- */

#define FN "shader fragment\nfn main {\n"

static void
error_syntax(void **state)
{
   struct u_arena *mem = *state;
   check_error(mem, "", "1:1: expected 'shader'");
   check_error(mem, "# only a comment\n\n", "3:1: expected 'shader'");
   check_error(mem, "fn main {\n}\n", "1:1: expected 'shader'");
   check_error(mem, "shader tessellation\n", "1:8: unknown shader stage");
   check_error(mem, "shader vertex\nvar shader_in vec4 @a ^\n",
               "2:23: unexpected character");
   check_error(mem, "shader vertex\nname \"abc\n", "2:6: unterminated string");
   check_error(mem, "shader vertex\nname \"a\\q\"\n",
               "2:8: unknown escape sequence");
   check_error(mem, "shader vertex\nfoo\n",
               "2:1: expected name, info, type, var or fn");
   check_error(mem, FN "  %0:32 = load_const 1\n",
               "4:1: unexpected end of text: missing '}'");
   check_error(mem, FN "  loop {\n}\n",
               "5:1: unexpected end of text: missing '}'");
   check_error(mem, FN "  %0:32 = load_const 1 2\n}\n",
               "3:24: unexpected text at end of line");
   check_error(mem, FN "  %0:32 load_const 1\n}\n", "3:9: expected '='");
   check_error(mem, FN "  %x:32 = undef\n}\n",
               "3:3: expected a number after '%'");
   check_error(mem, FN "  %0:32 = undef\n  parallel_copy %0 %0\n}\n",
               "4:20: expected '<-'");
   check_error(mem, FN "  %0:32 = load_const 1.0.0\n}\n", "3:22: bad number");
   check_error(mem, FN "  %0:32 = load_const 12abc\n}\n", "3:22: bad number");
   check_error(mem, FN "  %0:32 = phi x0: %0\n}\n",
               "3:15: expected a block label");
   check_error(mem, FN "  %99999999999:32 = undef\n}\n",
               "3:3: def number too large");
}

static void
error_unknown_names(void **state)
{
   struct u_arena *mem = *state;
   check_error(mem, FN "  %0:32 = fsqrtt %0\n}\n",
               "3:11: unknown opcode 'fsqrtt'");
   check_error(mem, FN "  frobnicate\n}\n",
               "3:3: unknown instruction 'frobnicate'");
   check_error(mem, FN "  %0:32 = exact load_const 1\n}\n",
               "3:17: unknown opcode 'load_const'");
   check_error(mem,
               FN "  %0:32 = load_const 0\n"
                  "  %1:32 = load_input %0 bogus=1\n}\n",
               "4:25: unknown index 'bogus'");
   check_error(mem,
               FN "  %0:32 = load_const 0\n"
                  "  %1:32 = load_input %0 write_mask=1\n}\n",
               "4:25: load_input has no index 'write_mask'");
   check_error(mem,
               FN "  %0:32 = load_const 0\n"
                  "  %1:32 = load_input %0 base=1 base=2\n}\n",
               "4:32: duplicate index 'base'");
   check_error(mem, FN "  %0:32 = deref_var @nope\n}\n",
               "3:21: unknown variable @nope");
   check_error(mem, "shader vertex\nvar uniform vec5 @a\n",
               "2:13: unknown type 'vec5'");
   check_error(mem, "shader vertex\ntype S = struct { T x; }\n",
               "2:19: unknown type 'T'");
   check_error(mem, "shader vertex\nvar global float @a\n",
               "2:5: unknown variable mode");
   check_error(mem, "shader vertex\nvar uniform float @a colour=3\n",
               "2:22: unknown variable attribute");
   check_error(mem, "shader vertex\nvar shader_in float @a interp=linear\n",
               "2:31: unknown interpolation mode");
   check_error(mem, "shader vertex\ninfo fast_math\n",
               "2:6: unknown info field");
   check_error(mem, "shader vertex\ninfo input_prim=quads\n",
               "2:17: unknown primitive");
   check_error(mem, FN "  %0:32x4 = tex txq 2d float\n}\n",
               "3:17: unknown texture operation");
   check_error(mem, FN "  %0:32x4 = tex tex 4d float\n}\n",
               "3:21: unknown sampler dimension");
   check_error(mem, FN "  %0:32x4 = tex tex 2d double\n}\n",
               "3:24: expected float, int or uint");
   check_error(mem,
               FN "  %0:32 = undef\n"
                  "  %1:32x4 = tex tex 2d float coordinate=%0\n}\n",
               "4:30: unknown texture source");
}

static void
error_derefs(void **state)
{
   struct u_arena *mem = *state;
   check_error(mem,
               "shader vertex\n"
               "type S = struct { float x; }\n"
               "var uniform S @s\n"
               "fn main {\n"
               "  %0:32 = deref_var @s\n"
               "  %1:32 = deref_struct %0.y\n"
               "}\n",
               "6:26: unknown field 'y'");
   check_error(mem,
               "shader vertex\n"
               "var uniform vec4 @s\n"
               "fn main {\n"
               "  %0:32 = deref_var @s\n"
               "  %1:32 = deref_struct %0.x\n"
               "}\n",
               "5:24: not a struct deref");
   check_error(mem,
               "shader vertex\n"
               "var uniform float @s\n"
               "fn main {\n"
               "  %0:32 = deref_var @s\n"
               "  %1:32 = deref_array %0[%0]\n"
               "}\n",
               "5:23: cannot index this deref");
   check_error(mem,
               FN "  %0:32 = load_const 0\n"
                  "  %1:32 = deref_array %0[%0]\n}\n",
               "4:23: not a deref");
   check_error(mem,
               "shader vertex\n"
               "var uniform float @s\n"
               "fn main {\n"
               "  %0:64 = deref_var @s\n"
               "}\n",
               "4:3: a deref is a 32-bit scalar");
}

static void
error_undefined_def(void **state)
{
   struct u_arena *mem = *state;
   check_error(mem, FN "  %0:32 = fadd %1, %1\n}\n", "3:16: undefined def %1");
   check_error(mem, FN "  %0:32 = fadd %0, %0\n}\n", "3:16: undefined def %0");
   /* A forward reference from a phi that never gets defined. */
   check_error(mem,
               FN "  b0:\n  loop {\n    b1:\n"
                  "      %0:32 = phi b0: %0, b1: %7\n  }\n}\n",
               "6:31: undefined def %7");
   /* Defs do not carry over from one function to the next. */
   check_error(mem,
               "shader vertex\n"
               "fn f {\n  %0:32 = undef\n}\n"
               "fn main {\n  %1:32 = mov %0\n}\n",
               "6:15: undefined def %0");
}

static void
error_duplicates(void **state)
{
   struct u_arena *mem = *state;
   check_error(mem, FN "  %0:32 = load_const 0\n  %0:32 = load_const 1\n}\n",
               "4:3: duplicate def %0");
   check_error(mem, FN "  b0:\n  loop {\n    b0:\n  }\n}\n",
               "5:5: duplicate label b0");
   check_error(mem, "shader vertex\nvar uniform float @a\nvar uniform int @a\n",
               "3:17: duplicate variable @a");
   check_error(mem, FN "  local float @a\n  local float @a\n}\n",
               "4:15: duplicate variable @a");
   check_error(mem,
               "shader vertex\ntype S = struct { float x; }\n"
               "type S = struct { float x; }\n",
               "3:6: duplicate type 'S'");
   check_error(mem, "shader vertex\ntype vec4 = struct { float x; }\n",
               "2:6: 'vec4' is a builtin type");
   check_error(mem, "shader vertex\ntype S = struct { float x; int x; }\n",
               "2:32: duplicate field 'x'");
   check_error(mem, "shader vertex\nfn main {\n}\nfn main {\n}\n",
               "4:4: duplicate function 'main'");
   check_error(mem, "shader vertex\ninfo\ninfo\n", "3:1: duplicate 'info'");
   check_error(mem, "shader vertex\nname \"a\"\nname \"b\"\n",
               "3:1: duplicate 'name'");
}

static void
error_source_count(void **state)
{
   struct u_arena *mem = *state;
   check_error(mem, FN "  %0:32 = load_const 0\n  %1:32 = fadd %0\n}\n",
               "4:18: fadd takes 2 sources");
   check_error(mem, FN "  %0:32 = load_const 0\n  %1:32 = fadd %0, %0, %0\n}\n",
               "4:24: fadd takes 2 sources");
   check_error(mem, FN "  %0:32 = load_const 0\n  store_deref %0\n}\n",
               "4:17: store_deref takes 2 sources");
   check_error(mem, FN "  %0:1 = undef\n  discard_if %0, %0\n}\n",
               "4:18: discard_if takes 1 sources");
   check_error(mem, FN "  %0:32 = load_frag_coord %0\n}\n",
               "3:3: load_frag_coord gives 4 components");
}

static void
error_size_mismatch(void **state)
{
   struct u_arena *mem = *state;
   check_error(mem, FN "  %0:33 = undef\n}\n", "3:6: invalid bit size");
   check_error(mem, FN "  %0:32x5 = undef\n}\n",
               "3:6: invalid component count");
   check_error(mem, FN "  %0:32y = undef\n}\n",
               "3:6: expected a size like 32 or 32x4");
   check_error(mem, FN "  %0:32x2 = undef\n  %1:32x2 = pack_half_2x16 %0\n}\n",
               "4:3: pack_half_2x16 gives 1 component");
   check_error(mem, FN "  %0:32x2 = undef\n  %1:16 = pack_half_2x16 %0\n}\n",
               "4:3: pack_half_2x16 gives 32-bit results");
   check_error(mem, FN "  %0:8 = undef\n  %1:8 = fadd %0, %0\n}\n",
               "4:3: fadd gives 16, 32 or 64-bit results");
   check_error(mem, FN "  %0:32 = undef\n  %1:16 = flt %0, %0\n}\n",
               "4:3: flt gives 1 or 32-bit results");
   check_error(mem, FN "  %0:32x2 = load_frag_coord\n}\n",
               "3:3: load_frag_coord gives 4 components");
   check_error(mem, FN "  load_frag_coord\n}\n",
               "3:3: load_frag_coord needs a destination");
   check_error(mem, FN "  %0:32 = discard\n}\n",
               "3:3: discard has no destination");
   check_error(mem, FN "  fadd\n}\n", "3:3: fadd needs a destination");
   check_error(mem, FN "  %0:32x3 = load_const (1, 2)\n}\n",
               "3:29: expected 3 values");
   check_error(mem, FN "  %0:32x2 = load_const (1, 2, 3)\n}\n",
               "3:29: expected 2 values");
   check_error(mem, FN "  %0:32x2 = load_const 1\n}\n",
               "3:24: expected (2 values)");
   check_error(mem, FN "  %0:32x4 = undef\n  %1:32x2 = fadd %0.xyz, %0\n}\n",
               "4:20: swizzle needs 2 components");
   check_error(mem, FN "  %0:32x2 = undef\n  %1:32x2 = fadd %0.xz, %0\n}\n",
               "4:20: swizzle out of range");
   check_error(mem, FN "  %0:32x2 = undef\n  %1:32x2 = fadd %0.xq, %0\n}\n",
               "4:20: bad swizzle");
   check_error(mem, FN "  %0:32x2 = undef\n  %1:32x3 = fadd %0, %0.xyy\n}\n",
               "4:18: source has only 2 components");
}

static void
error_constant_range(void **state)
{
   struct u_arena *mem = *state;
   check_error(mem, FN "  %0:8 = load_const 256\n}\n",
               "3:21: constant out of range (8-bit)");
   check_error(mem, FN "  %0:8 = load_const -129\n}\n",
               "3:21: constant out of range (8-bit)");
   check_error(mem, FN "  %0:1 = load_const 2\n}\n",
               "3:21: constant out of range (1-bit)");
   check_error(mem, FN "  %0:16 = load_const 0x10000\n}\n",
               "3:22: constant out of range (16-bit)");
   check_error(mem, FN "  %0:16 = load_const 65520.0\n}\n",
               "3:22: constant out of range (16-bit)");
   check_error(mem, FN "  %0:32 = load_const 1e39\n}\n",
               "3:22: constant out of range (32-bit)");
   check_error(mem, FN "  %0:64 = load_const 1e309\n}\n",
               "3:22: constant out of range (64-bit)");
   check_error(mem, FN "  %0:64 = load_const 18446744073709551616\n}\n",
               "3:22: constant out of range (64-bit)");
   check_error(mem, FN "  %0:8 = load_const 1.0\n}\n",
               "3:21: float constant needs 16, 32 or 64 bits");
   check_error(mem, FN "  %0:32 = load_const true\n}\n",
               "3:22: boolean constant needs bit size 1");
   check_error(mem, "shader vertex\nvar shader_temp int @b init=7.0\n",
               "2:29: float literal for a non-float type");
   check_error(mem, "shader vertex\nvar shader_temp float @b init=7\n",
               "2:31: expected a float literal or hex bits");
   check_error(mem, "shader vertex\nvar shader_temp float[2] @a init={ 1.0 }\n",
               "2:34: expected 2 initializer elements");
   check_error(mem,
               "shader vertex\nvar shader_temp float[2] @a init={ 1.0, 2.0, "
               "3.0 }\n",
               "2:46: too many initializer elements");
   check_error(mem, "shader vertex\nvar shader_temp vec2 @a init=1.0\n",
               "2:30: expected '('");
}

static void
error_phi_unknown_block(void **state)
{
   struct u_arena *mem = *state;
   check_error(mem,
               FN "  b0:\n  loop {\n    b1:\n"
                  "      %0:32 = phi b0: %0, b9: %0\n  }\n}\n",
               "6:27: unknown block b9");
   /* Labels are per function too. */
   check_error(mem,
               "shader vertex\n"
               "fn f {\n  b4:\n}\n"
               "fn main {\n  loop {\n    %0:32 = phi b4: %0\n  }\n}\n",
               "7:17: unknown block b4");
}

static void
error_control_flow(void **state)
{
   struct u_arena *mem = *state;
   check_error(mem, FN "  break\n}\n", "3:3: break outside a loop");
   check_error(mem, FN "  continue\n}\n", "3:3: continue outside a loop");
   check_error(mem, FN "  return\n  %0:32 = load_const 1\n}\n",
               "4:11: instruction after a jump");
   check_error(mem, FN "  loop {\n    break\n    break\n  }\n}\n",
               "5:5: instruction after a jump");
   check_error(mem, FN "  } else {\n}\n", "3:3: 'else' without 'if'");
   check_error(mem, FN "  loop {\n  } else {\n  }\n}\n",
               "4:3: 'else' without 'if'");
   check_error(mem,
               FN "  %0:1 = undef\n  if %0 {\n  } else {\n  } else {\n"
                  "  }\n}\n",
               "6:3: 'else' without 'if'");
   check_error(mem, FN "  %0:32 = load_const 1\n  b0:\n}\n",
               "4:3: label in the middle of a block");
   check_error(mem, FN "  b0:\n  b1:\n}\n",
               "4:3: label in the middle of a block");
   check_error(mem, FN "  %0:32 = load_const 1\n  %1:32 = phi\n}\n",
               "4:11: phi after a non-phi instruction");
}

static void
error_limits(void **state)
{
   struct u_arena *mem = *state;
   struct u_strbuf b;
   u_strbuf_init(&b, mem);
   u_strbuf_append(&b, "shader vertex\nvar uniform float");
   for (unsigned i = 0; i < 65; i++)
      u_strbuf_append(&b, "[1]");
   u_strbuf_append(&b, " @a\n");
   check_error(mem, b.str, "2:210: type too large");
   check_error(mem, "shader vertex\nvar uniform vec4[4194304][2] @a\n",
               "2:26: type too large");

   u_strbuf_clear(&b);
   u_strbuf_append(&b, FN);
   for (unsigned i = 0; i < 300; i++)
      u_strbuf_append(&b, "loop {\n");
   check_error(mem, b.str, "259:1: control flow nested too deeply");
}

int
main(void)
{
#define T(name)                                               \
   cmocka_unit_test_setup_teardown(name, ir_test_arena_setup, \
                                   ir_test_arena_teardown)
   const struct CMUnitTest tests[] = {
      T(parent_and_error_pointer),
      T(failure_frees_everything),
      T(mutations),
      T(error_syntax),
      T(error_unknown_names),
      T(error_derefs),
      T(error_undefined_def),
      T(error_duplicates),
      T(error_source_count),
      T(error_size_mismatch),
      T(error_constant_range),
      T(error_phi_unknown_block),
      T(error_control_flow),
      T(error_limits),
   };
#undef T
   return cmocka_run_group_tests(tests, NULL, NULL);
}
