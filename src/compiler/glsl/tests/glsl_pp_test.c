/* SPDX-License-Identifier: MIT */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "glsl_pp.h"
#include "util/u_arena.h"

static const char *const test_exts[] = { "GL_ARB_foo", "GL_EXT_bar" };

static const struct glsl_pp_options gl_opts = {
   .extensions = test_exts,
   .num_extensions = 2,
   .max_version = 460,
};

static const struct glsl_pp_options es_opts = {
   .extensions = test_exts,
   .num_extensions = 2,
   .es = true,
   .max_version = 320,
};

static int
setup(void **state)
{
   *state = u_arena_create(NULL);
   return *state ? 0 : -1;
}

static int
teardown(void **state)
{
   u_arena_destroy(*state);
   return 0;
}

/* @p s with runs of whitespace made one space, trimmed. */
static char *
squash(struct u_arena *a, const char *s)
{
   char *r = u_arena_alloc(a, strlen(s) + 1), *w = r;
   bool space = false;
   for (; *s; s++) {
      if (*s == ' ' || *s == '\n' || *s == '\t') {
         space = true;
         continue;
      }
      if (space && w != r)
         *w++ = ' ';
      space = false;
      *w++ = *s;
   }
   *w = '\0';
   return r;
}

static unsigned
count_lines(const char *s)
{
   unsigned n = 0;
   for (; *s; s++)
      n += *s == '\n';
   return n;
}

static struct glsl_pp_result
run(void **state, const char *src, const struct glsl_pp_options *opts)
{
   struct glsl_pp_result res;
   glsl_pp_run(*state, src, opts, &res);
   assert_non_null(res.output);
   assert_non_null(res.info_log);
   return res;
}

/* Runs @p src (desktop GL), expects success, the output @p expected up to
 * whitespace and as many lines as the input. */
static void
expect_output_opts(void **state, const char *src, const char *expected,
                   const struct glsl_pp_options *opts)
{
   struct glsl_pp_result res = run(state, src, opts);
   if (!res.ok)
      print_message("log: %s\n", res.info_log);
   assert_true(res.ok);
   assert_string_equal(squash(*state, res.output), expected);
   assert_int_equal(count_lines(res.output), count_lines(src));
}

static void
expect_output(void **state, const char *src, const char *expected)
{
   expect_output_opts(state, src, expected, &gl_opts);
}

/* Runs @p src, expects failure and @p msg in the info log. */
static void
expect_error_opts(void **state, const char *src, const char *msg,
                  const struct glsl_pp_options *opts)
{
   struct glsl_pp_result res = run(state, src, opts);
   assert_false(res.ok);
   if (!strstr(res.info_log, msg))
      print_message("log: %s\nwanted: %s\n", res.info_log, msg);
   assert_non_null(strstr(res.info_log, msg));
}

static void
expect_error(void **state, const char *src, const char *msg)
{
   expect_error_opts(state, src, msg, &gl_opts);
}

static void
comments(void **state)
{
   expect_output(state, "a /* x */ b // c\nd", "a b d");
   expect_output(state, "a/**/b", "a b");
   /* Newlines inside a block comment are kept. */
   expect_output(state, "a /* x\ny\nz */ b\nc", "a b c");
   expect_output(state, "a // c \\\n still comment\nb", "a b");
   expect_error(state, "a /* never closed\nb",
                "0:1(0): error: unterminated "
                "comment");
}

static void
line_continuation(void **state)
{
   expect_output(state, "#define A 1 + \\\n 2\nA", "1 + 2");
   expect_output(state, "in\\\nt x;", "int x;");
   expect_output(state, "#def\\\r\nine B 3\r\nB\r\n", "3");
}

static void
object_macros(void **state)
{
   expect_output(state, "#define N 4\nfloat a[N];", "float a[4];");
   expect_output(state, "#define E\nE x E", "x");
   expect_output(state, "#define A B\n#define B 7\nA", "7");
}

static void
function_macros(void **state)
{
   expect_output(state, "#define F(x, y) ((x) * (y))\nF(1 + 2, 3)",
                 "((1 + 2) * (3))");
   expect_output(state, "#define G 3\n#define F(x) x*2\nF(G)", "3*2");
   expect_output(state, "#define F(x) (x)\nF(F(1))", "((1))");
   expect_output(state, "#define F(x) x\nF((a, b))", "(a, b)");
   expect_output(state, "#define F() z\nF()", "z");
   expect_output(state, "#define F(x) [x]\nF()", "[]");
   /* A function-like macro name not followed by '(' is left alone. */
   expect_output(state, "#define F(x) x\nF + 1", "F + 1");
   /* "#define F (x)" is object-like. */
   expect_output(state, "#define F (x)\nF(1)", "(x)(1)");
}

static void
invocation_across_lines(void **state)
{
   struct glsl_pp_result res =
      run(state, "#define F(a, b) a+b\nF(1,\n2)\nx __LINE__", &gl_opts);
   assert_true(res.ok);
   assert_string_equal(res.output, "\n1+2\n\nx 4");
}

static void
argument_count_errors(void **state)
{
   expect_error(state, "#define F(x, y) x\nF(1)",
                "macro F takes 2 arguments, "
                "1 given");
   expect_error(state, "#define F(x) x\nF(1, 2)",
                "macro F takes 1 "
                "arguments, 2 given");
   expect_error(state, "#define F(x) x\nF(1",
                "unterminated invocation of "
                "macro F");
   expect_error(state, "#define F(x, x) x", "duplicate macro parameter x");
   expect_error(state, "#define F(x y) x", "expected \",\" or \")\"");
   expect_error(state, "#define", "#define without a macro name");
}

static void
token_pasting(void **state)
{
   expect_output(state,
                 "#define P(a, b) a ## b\nP(x, y) P(1, 2) P(, y) "
                 "P(x, )",
                 "xy 12 y x");
   expect_output(state, "#define V vec ## 4\nV", "vec4");
   /* Arguments of ## are not pre-expanded; the result is rescanned. */
   expect_output(state,
                 "#define AB done\n#define A nope\n"
                 "#define P(a, b) a ## b\nP(A, B)",
                 "done");
   expect_output(state, "#define P(a, b) a ## b\nP(<<, =)", "<<=");
   expect_error(state, "#define P(a, b) a ## b\nP(+, /)",
                "pasting \"+\" and \"/\" does not give a valid");
   expect_error(state, "#define P(a) ## a", "'##' cannot appear");
   expect_error(state, "#define P(a) a ##", "'##' cannot appear");
}

static void
no_stringizing(void **state)
{
   expect_error(state, "#define S(x) #x", "no stringizing operator");
}

static void
recursion_stops(void **state)
{
   expect_output(state, "#define A A + 1\nA", "A + 1");
   expect_output(state, "#define X Y\n#define Y X\nX Y", "X Y");
   expect_output(state, "#define f(x) x + f(x)\nf(1)", "1 + f(1)");
   expect_output(state, "#define g f(g)\n#define f(x) x\ng", "g");
}

static void
no_gluing(void **state)
{
   expect_output(state, "#define M -\n-M", "- -");
   expect_output(state, "#define E\na E b", "a b");
   struct glsl_pp_result res = run(state, "#define M -\n-M", &gl_opts);
   assert_string_equal(res.output, "\n- -");
}

static void
undef(void **state)
{
   expect_output(state, "#define A 1\nA\n#undef A\nA", "1 A");
   expect_output(state, "#undef NEVER\nx", "x");
   expect_error(state, "#undef", "#undef without a macro name");
}

static void
redefinition(void **state)
{
   expect_output(state, "#define A 1 + 2\n#define A 1  +  2\nA", "1 + 2");
   expect_output(state, "#define F(x) x\n#define F(x) x\nF(3)", "3");
   expect_error(state, "#define A 1\n#define A 2",
                "0:2(9): error: macro A "
                "redefined");
   expect_error(state, "#define A 1+2\n#define A 1 + 2", "macro A redefined");
   expect_error(state, "#define F(x) x\n#define F(y) y",
                "macro F "
                "redefined");
   expect_error(state, "#define F(x) x\n#define F x", "macro F redefined");
}

static void
reserved_names(void **state)
{
   expect_error(state, "#define GL_FOO 1",
                "cannot define reserved macro "
                "GL_FOO");
   expect_error(state, "#undef GL_ARB_foo",
                "cannot undefine reserved macro "
                "GL_ARB_foo");
   expect_error(state, "#define defined 1", "cannot define \"defined\"");
   expect_error_opts(state, "#version 300 es\n#define A__B 1",
                     "cannot define reserved macro A__B", &es_opts);

   struct glsl_pp_result res = run(state, "#define A__B 1\nA__B", &gl_opts);
   assert_true(res.ok);
   assert_non_null(strstr(res.info_log, "0:1(9): warning: define of "
                                        "reserved macro A__B"));
   assert_string_equal(squash(*state, res.output), "1");
}

static void
if_arithmetic(void **state)
{
   expect_output(state,
                 "#if 1 + 2 * 3 == 7 && (8 >> 1) == 4 && -1 < 0 && ~0 == -1\n"
                 "a\n#endif\n"
                 "#if !0 && 5 % 3 == 2 && (1 ? 2 : 3) == 2 && 0 ? 0 : 1\n"
                 "b\n#endif\n"
                 "#if (1 << 4 | 1) == 17 && (6 & 3) == 2 && (6 ^ 3) == 5\n"
                 "c\n#endif\n"
                 "#if 0x10 == 16 && 010 == 8 && 7u == 7 && +3 >= 3 && 2 <= 2\n"
                 "d\n#endif\n"
                 "#if 1 || 0 && 0\ne\n#endif\n"
                 "#if 10 - 2 - 3 == 5 && 100 / 10 / 5 == 2 && 1 != 2 < 1\n"
                 "f\n#endif\n"
                 "#if -2147483647 - 1 < 0 && 2147483647 + 1 < 0\ng\n#endif\n",
                 "a b c d e f g");
}

static void
if_defined(void **state)
{
   expect_output(state,
                 "#define X\n"
                 "#if defined X && defined(X) && !defined Y\na\n#endif\n"
                 "#ifdef X\nb\n#endif\n"
                 "#ifndef Y\nc\n#else\nno\n#endif\n"
                 "#ifdef Y\nno\n#elif 1\nd\n#elif 1\nno\n#else\nno\n#endif\n"
                 "#if 0\nno\n#elif 0\nno\n#else\ne\n#endif\n",
                 "a b c d e");
   /* Macros expand inside #if. */
   expect_output(state,
                 "#define TWO 2\n#define F(x) (x + 1)\n"
                 "#if F(TWO) == 3\nyes\n#endif",
                 "yes");
   expect_error(state, "#if defined\n#endif",
                "expected a macro name after "
                "\"defined\"");
   expect_error(state, "#if defined(X\n#endif", "missing \")\" after");
}

static void
if_errors(void **state)
{
   expect_error(state, "#if 1 / 0\n#endif", "0:1(7): error: division by zero");
   expect_error(state, "#if 1 % (2 - 2)\n#endif", "division by zero");
   expect_output(state, "#if 0 && 1 / 0\n#else\nok\n#endif", "ok");
   expect_output(state, "#if 1 || 1 / 0\nok\n#endif", "ok");
   /* Desktop GLSL reads undefined names as 0; ESSL rejects them. */
   expect_output(state, "#if FOO\nno\n#else\nyes\n#endif", "yes");
   expect_error_opts(state, "#if FOO\n#endif", "undefined identifier \"FOO\"",
                     &es_opts);
   expect_error(state, "#if\n#endif", "expected an expression");
   expect_error(state, "#if 1 +\n#endif", "expected an operand");
   expect_error(state, "#if (1\n#endif", "expected \")\"");
   expect_error(state, "#if 1 2\n#endif", "unexpected token \"2\"");
   expect_error(state, "#if 1.5\n#endif", "invalid integer constant");
   expect_error(state, "#if 1 ? 2\n#endif", "expected \":\"");
   expect_error(state, "#ifdef\n#endif", "#ifdef without a macro name");
}

static void
conditional_structure(void **state)
{
   expect_error(state, "#if 1\nx", "0:1(0): error: unterminated #if");
   expect_error(state, "#if 1\n#else\n#else\n#endif",
                "0:3(2): error: #else "
                "after #else");
   expect_error(state, "#if 1\n#else\n#elif 1\n#endif", "#elif after #else");
   expect_error(state, "#endif", "#endif without #if");
   expect_error(state, "#else", "#else without #if");
   expect_error(state, "#elif 1", "#elif without #if");
}

static void
skipped_blocks(void **state)
{
   expect_output(state,
                 "#if 0\n#foo bar\n#error no\n#define A 1\n#if 1 / 0\n"
                 "#else\n#endif\n#else\n#endif\nx",
                 "x");
   /* #elif after a taken branch is not evaluated. */
   expect_output(state, "#if 1\nx\n#elif garbage(\n#endif", "x");
   expect_output(state,
                 "#ifdef A\n#if 1\nno\n#else\nno\n#endif\n#else\n"
                 "yes\n#endif",
                 "yes");
   expect_output(state, "#define X 1\n#if X\n#if 0\nno\n#endif\nyes\n#endif",
                 "yes");
}

static void
unknown_directive(void **state)
{
   expect_error(state, "#foo", "0:1(2): error: unknown directive #foo");
   expect_error(state, "# 5", "unknown directive #5");
   expect_output(state, "#\nx", "x");
}

static void
error_directive(void **state)
{
   expect_error(state, "x\n#error something went wrong\n",
                "0:2(1): error: #error something went wrong");
}

static void
pragma(void **state)
{
   struct glsl_pp_result res =
      run(state, "#pragma STDGL invariant(all)\nx", &gl_opts);
   assert_true(res.ok);
   assert_true(res.invariant_all);
   res = run(state, "#pragma optimize(off)\n#pragma whatever 1 2\nx", &gl_opts);
   assert_true(res.ok);
   assert_false(res.invariant_all);
   assert_string_equal(squash(*state, res.output), "x");
}

static void
extension(void **state)
{
   struct glsl_pp_result res = run(state,
                                   "#extension GL_ARB_foo : require\n"
                                   "#extension GL_EXT_bar : enable\n"
                                   "#extension GL_EXT_bar : warn\n"
                                   "#extension all : disable\n"
                                   "#extension GL_ARB_foo : enable\n",
                                   &gl_opts);
   assert_true(res.ok);
   assert_int_equal(res.num_extensions, 5);
   assert_string_equal(res.extensions[0].name, "GL_ARB_foo");
   assert_int_equal(res.extensions[0].behavior, GLSL_EXT_REQUIRE);
   assert_int_equal(glsl_pp_extension_behavior(&res, "GL_ARB_foo"),
                    GLSL_EXT_ENABLE);
   assert_int_equal(glsl_pp_extension_behavior(&res, "GL_EXT_bar"),
                    GLSL_EXT_DISABLE);

   expect_error(state, "#extension GL_nope : require",
                "0:1(12): error: extension GL_nope unsupported");
   expect_error(state, "#extension all : require", "cannot require all");
   expect_error(state, "#extension all : enable", "cannot enable all");
   expect_error(state, "#extension GL_ARB_foo : maybe",
                "unknown extension "
                "behavior");
   expect_error(state, "#extension GL_ARB_foo", "malformed #extension");

   res = run(state, "#extension GL_nope : enable\n", &gl_opts);
   assert_true(res.ok);
   assert_non_null(strstr(res.info_log, "warning: extension GL_nope "
                                        "unsupported"));
   assert_int_equal(res.num_extensions, 0);
}

static void
version_first(void **state)
{
   struct glsl_pp_result res =
      run(state, "/* c */ // d\n  \n#version 330 core\nx", &gl_opts);
   assert_true(res.ok);
   assert_true(res.version_explicit);
   assert_int_equal(res.version, 330);
   assert_int_equal(res.profile, GLSL_PROFILE_CORE);
   assert_int_equal(count_lines(res.output), 3);

   expect_error(state, "int x;\n#version 330",
                "0:2(2): error: #version must "
                "be the first directive");
   expect_error(state, "#define A\n#version 330", "#version must be the first");
   expect_error(state, "#version 330\n#version 330",
                "#version must be the "
                "first");
}

static void
version_checks(void **state)
{
   expect_error(state, "#version 999", "unknown GLSL version 999");
   expect_error(state, "#version", "#version needs a version number");
   expect_error(state, "#version 140 core", "profiles need #version 150");
   expect_error(state, "#version 330 es", "GLSL 330 has no \"es\" profile");
   expect_error(state, "#version 330 foo", "unknown profile \"foo\"");
   expect_error(state, "#version 330 core x", "extra tokens after #version");
   expect_error(state, "#version 300 es",
                "GLSL ES 300 is not supported in "
                "an OpenGL context");
   expect_error_opts(state, "#version 300", "#version 300 needs the \"es\"",
                     &es_opts);

   /* ARB_ES3_compatibility: ES 3.0's versions in a desktop context. */
   struct glsl_pp_options es3_compat = gl_opts;
   es3_compat.es_compat_max_version = 300;
   struct glsl_pp_result r300 =
      run(state, "#version 300 es\nGL_ES\n", &es3_compat);
   assert_true(r300.ok);
   assert_int_equal(r300.version, 300);
   assert_int_equal(r300.profile, GLSL_PROFILE_ES);
   assert_string_equal(squash(*state, r300.output), "1");
   r300 = run(state, "#version 100\n", &es3_compat);
   assert_true(r300.ok);
   assert_int_equal(r300.profile, GLSL_PROFILE_ES);
   expect_error(state, "#version 100",
                "GLSL ES 100 is not supported in an OpenGL context");
   expect_error_opts(state, "#version 310 es",
                     "GLSL ES 310 is not supported in an OpenGL context",
                     &es3_compat);
   expect_error_opts(state, "#version 300 core", "needs the \"es\"", &es_opts);
   expect_error_opts(state, "#version 100 es", "#version 100 takes no profile",
                     &es_opts);
   expect_error_opts(state, "#version 330",
                     "GLSL 330 is not supported in an "
                     "OpenGL ES context",
                     &es_opts);

   struct glsl_pp_options low = gl_opts;
   low.max_version = 330;
   expect_error_opts(state, "#version 450",
                     "GLSL 450 is not supported (at "
                     "most 330)",
                     &low);

   struct glsl_pp_result res = run(state, "#version 310 es\n", &es_opts);
   assert_true(res.ok);
   assert_int_equal(res.version, 310);
   assert_int_equal(res.profile, GLSL_PROFILE_ES);

   res = run(state, "#version 150 compatibility\n", &gl_opts);
   assert_true(res.ok);
   assert_int_equal(res.profile, GLSL_PROFILE_COMPAT);

   res = run(state, "x", &gl_opts);
   assert_false(res.version_explicit);
   assert_int_equal(res.version, 110);
   assert_int_equal(res.profile, GLSL_PROFILE_NONE);
   res = run(state, "x", &es_opts);
   assert_int_equal(res.version, 100);
   assert_int_equal(res.profile, GLSL_PROFILE_ES);
}

static void
predefined_macros(void **state)
{
   expect_output(state,
                 "#version 450\n__VERSION__ __LINE__\n__FILE__ "
                 "GL_core_profile GL_compatibility_profile GL_ES "
                 "GL_ARB_foo GL_EXT_bar GL_other",
                 "450 2 0 1 GL_compatibility_profile GL_ES 1 1 GL_other");
   expect_output(state,
                 "#version 150 compatibility\nGL_core_profile "
                 "GL_compatibility_profile",
                 "1 1");
   expect_output(state, "__VERSION__ GL_core_profile", "110 GL_core_profile");
   expect_output_opts(state,
                      "#version 300 es\n__VERSION__ GL_ES "
                      "GL_core_profile GL_ARB_foo",
                      "300 1 GL_core_profile 1", &es_opts);
   expect_output_opts(state, "GL_ES __VERSION__", "1 100", &es_opts);
   expect_output(state, "#version 130\nGL_FRAGMENT_PRECISION_HIGH", "1");
   expect_output(state, "#version 120\nGL_FRAGMENT_PRECISION_HIGH",
                 "GL_FRAGMENT_PRECISION_HIGH");
   expect_output_opts(state, "GL_FRAGMENT_PRECISION_HIGH", "1", &es_opts);
   expect_output(state,
                 "#define L __LINE__\n\nL\n#if __LINE__ == 4\nok\n"
                 "#endif",
                 "3 ok");
}

static void
line_directive(void **state)
{
   /* GLSL 3.30+: the next line is line N. */
   struct glsl_pp_result res = run(
      state, "#version 330\n#line 10 2\n__LINE__ __FILE__\n#error e", &gl_opts);
   assert_false(res.ok);
   assert_string_equal(res.output, "\n#line 10 2\n10 2\n");
   assert_non_null(strstr(res.info_log, "2:11(1): error: #error e"));

   /* GLSL 1.10: the next line is N + 1; the output is normalized. */
   res = run(state, "#define BASE 20\n#line BASE\n__LINE__", &gl_opts);
   assert_true(res.ok);
   assert_string_equal(res.output, "\n#line 21 0\n21");

   expect_output(state, "#version 330\n#line 5 + 5\n__LINE__", "#line 10 0 10");
   expect_error(state, "#line", "#line without a line number");
   expect_error(state, "#line x", "undefined identifier \"x\"");
   expect_error(state, "#line -1", "negative number in #line");
}

static void
error_positions(void **state)
{
   /* Comments spanning lines and continuations keep line numbers right. */
   expect_error(state, "/* a\nb */\nx \\\ny\n#error here",
                "0:5(1): error: "
                "#error here");
   expect_error(state, "\n\n   #  foo",
                "0:3(7): error: unknown directive "
                "#foo");
}

static void
line_count_preserved(void **state)
{
   const char *src = "#version 450\n"
                     "#define F(a, b) a + \\\n   b\n"
                     "/* multi\n line */\n"
                     "#if defined(F)\n"
                     "int x = F(1,\n 2);\n"
                     "#else\n"
                     "int y;\n"
                     "#endif\n"
                     "#pragma optimize(on)\n"
                     "void main() {}\n";
   struct glsl_pp_result res = run(state, src, &gl_opts);
   assert_true(res.ok);
   assert_int_equal(count_lines(res.output), count_lines(src));
   /* The newline swallowed by the invocation follows its replacement. */
   assert_string_equal(squash(*state, res.output),
                       "int x = 1 + 2 ; void main() {}");
}

static void
expansion_bounded(void **state)
{
   struct u_arena *a = *state;
   char *defs = u_arena_asprintf(a, "#define A0 x x\n");
   for (int i = 1; i < 40; i++)
      defs =
         u_arena_asprintf(a, "%s#define A%d A%d A%d\n", defs, i, i - 1, i - 1);
   expect_error(state, u_arena_asprintf(a, "%sA39\n", defs),
                "macro expansion too large");
   /* 2^14 tokens are fine. */
   struct glsl_pp_result res =
      run(state, u_arena_asprintf(a, "%sA13\n", defs), &gl_opts);
   assert_true(res.ok);

   /* Many uses of a big argument. */
   char *wide = u_arena_asprintf(a,
                                 "%s#define W(x) x x x x x x x x x x x x "
                                 "x x x x\nW(W(W(W(W(W(A13))))))\n",
                                 defs);
   expect_error(state, wide, "macro expansion too large");

   /* Deeply nested arguments. */
   size_t n = 20000;
   char *deep = u_arena_alloc(a, 32 + 3 * n);
   strcpy(deep, "#define F(x) x\n");
   char *p = deep + strlen(deep);
   for (size_t i = 0; i < n; i++) {
      *p++ = 'F';
      *p++ = '(';
   }
   *p++ = '1';
   for (size_t i = 0; i < n; i++)
      *p++ = ')';
   *p = '\0';
   expect_error(state, deep, "macro arguments nested too deeply");

   char *parens = u_arena_alloc(a, 16 + 2 * n);
   strcpy(parens, "#if ");
   p = parens + 4;
   for (size_t i = 0; i < n; i++)
      *p++ = '(';
   *p = '\0';
   expect_error(state, parens, "nested too deeply");
}

/* Random mutations of a corpus must never crash (run under ASan). */
static void
fuzz(void **state)
{
   static const char *const corpus[] = {
      "#version 330 core\n#define F(a,b) a##b\nF(x,y) F(F(1,2),3)\n",
      "#if defined(A) || (1 ? 2 : 3) / 1\n#elif 1\n#else\n#endif\n",
      "#define A(x) A(x) B\n#define B A(1)\nA(B) /* c */ // d\n",
      "#line 3 4\n#extension all : warn\n#pragma STDGL invariant(all)\n",
   };
   static const char alphabet[] = "#()AFB,x1 \n\\/*#?:-~!<>=&|^%defin";
   unsigned seed = 12345;
   for (int iter = 0; iter < 3000; iter++) {
      struct u_arena *a = u_arena_create(NULL);
      const char *base = corpus[iter % 4];
      size_t len = strlen(base);
      char *s = u_arena_alloc(a, 2 * len + 1);
      size_t w = 0;
      for (size_t i = 0; i < len; i++) {
         seed = seed * 1103515245 + 12345;
         unsigned r = (seed >> 16) % 16;
         if (r == 0)
            continue;
         if (r == 1)
            s[w++] = alphabet[(seed >> 8) % (sizeof(alphabet) - 1)];
         s[w++] = r == 2 ? (char)((seed >> 4) & 0xff ? (seed >> 4) & 0xff : 1)
                         : base[i];
      }
      s[w] = '\0';
      struct glsl_pp_result res;
      glsl_pp_run(a, s, iter & 1 ? &es_opts : &gl_opts, &res);
      assert_non_null(res.output);
      assert_non_null(res.info_log);
      u_arena_destroy(a);
   }
   struct glsl_pp_result res;
   glsl_pp_run(*state, "", NULL, &res);
   assert_true(res.ok);
   assert_string_equal(res.output, "");
   glsl_pp_run(*state, NULL, NULL, &res);
   assert_true(res.ok);
}

int
main(void)
{
#define T(f) cmocka_unit_test_setup_teardown(f, setup, teardown)
   const struct CMUnitTest tests[] = {
      T(comments),
      T(line_continuation),
      T(object_macros),
      T(function_macros),
      T(invocation_across_lines),
      T(argument_count_errors),
      T(token_pasting),
      T(no_stringizing),
      T(recursion_stops),
      T(no_gluing),
      T(undef),
      T(redefinition),
      T(reserved_names),
      T(if_arithmetic),
      T(if_defined),
      T(if_errors),
      T(conditional_structure),
      T(skipped_blocks),
      T(unknown_directive),
      T(error_directive),
      T(pragma),
      T(extension),
      T(version_first),
      T(version_checks),
      T(predefined_macros),
      T(line_directive),
      T(error_positions),
      T(line_count_preserved),
      T(expansion_bounded),
      T(fuzz),
   };
#undef T
   return cmocka_run_group_tests(tests, NULL, NULL);
}
