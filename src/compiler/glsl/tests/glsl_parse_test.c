/* SPDX-License-Identifier: MIT */

/*
 * Tests of the GLSL parser (glsl_parse*.c) through AST dumps
 * (glsl_ast_print), of its syntax errors and limits, and of the compile
 * driver's own parts (glsl_compiler.c: log format, defaults).
 *
 * Sources are parsed with glsl_parse() on a bare shader object, without
 * the preprocessor or semantic analysis, so that each case checks only
 * the grammar.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "glsl_compiler.h"
#include "util/u_arena.h"
#include "util/u_strbuf.h"

struct fixture {
   /** #extension directives the next parse sees (as the preprocessor
    * would report them). */
   const struct glsl_pp_extension *extensions;
   unsigned num_extensions;
   struct u_arena *arena;
   struct glsl_shader *shader;
   struct u_strbuf dump;
   bool ok;
};

static int
setup(void **state)
{
   struct fixture *f = calloc(1, sizeof(*f));
   if (!f)
      return -1;
   *state = f;
   return 0;
}

static int
teardown(void **state)
{
   struct fixture *f = *state;
   if (f->arena)
      u_arena_destroy(f->arena);
   u_strbuf_fini(&f->dump);
   free(f);
   return 0;
}

/* Parses @p src as GLSL @p version (desktop) into f->dump; returns the
 * fixture. */
static struct fixture *
parse_v(void **state, const char *src, unsigned version, bool es)
{
   struct fixture *f = *state;
   if (f->arena)
      u_arena_destroy(f->arena);
   u_strbuf_fini(&f->dump);
   f->arena = u_arena_create(NULL);
   assert_non_null(f->arena);
   f->shader = u_arena_zalloc(f->arena, sizeof(*f->shader));
   assert_non_null(f->shader);
   f->shader->arena = f->arena;
   f->shader->stage = IR_STAGE_FRAGMENT;
   f->shader->version = version;
   f->shader->es = es;
   f->shader->ok = true;
   f->shader->pp.extensions = (struct glsl_pp_extension *)f->extensions;
   f->shader->pp.num_extensions = f->num_extensions;
   f->ok = glsl_parse(f->shader, src);
   u_strbuf_init(&f->dump, NULL);
   if (f->shader->ast)
      glsl_ast_print(f->shader->ast, &f->dump);
   if (f->ok != f->shader->ok || (!f->ok && !f->shader->info_log))
      fail_msg("parse result and log disagree");
   return f;
}

static struct fixture *
parse(void **state, const char *src)
{
   return parse_v(state, src, 330, false);
}

/* Parses @p src, which must be valid, and compares the dump without its
 * "unit" line with @p expected. */
static void
check_dump(void **state, const char *src, const char *expected)
{
   struct fixture *f = parse(state, src);
   if (!f->ok)
      fail_msg("unexpected error: %s", f->shader->info_log);
   const char *body = strchr(f->dump.str, '\n');
   assert_non_null(body);
   if (strcmp(body + 1, expected) != 0)
      fail_msg("got:\n%s\nexpected:\n%s", body + 1, expected);
}

/* Parses `void main() { float r = EXPR; }` and compares the initializer's
 * S-expression. */
static void
check_expr(void **state, const char *expr, const char *expected)
{
   char src[512], want[512];
   snprintf(src, sizeof(src), "void main() { float r = %s; }", expr);
   snprintf(want, sizeof(want),
            "  function void main()\n    {\n      decl float r = %s\n",
            expected);
   check_dump(state, src, want);
}

/* Parses @p src, which must fail with exactly @p message. */
static void
check_error(void **state, const char *src, const char *message)
{
   struct fixture *f = parse(state, src);
   assert_false(f->ok);
   assert_false(f->shader->ok);
   assert_string_equal(f->shader->info_log, message);
}

static struct glsl_ast_node *
first_decl(struct fixture *f)
{
   assert_false(u_list_is_empty(&f->shader->ast->decls));
   return u_list_first(&f->shader->ast->decls, struct glsl_ast_node, link);
}

/* ---- Expressions ---- */

static void
test_precedence_arithmetic(void **state)
{
   check_expr(state, "a + b * c", "(+ a (* b c))");
   check_expr(state, "a * b + c % d", "(+ (* a b) (% c d))");
   check_expr(state, "(a + b) * c", "(* (+ a b) c)");
}

static void
test_left_associativity(void **state)
{
   check_expr(state, "a - b - c", "(- (- a b) c)");
   check_expr(state, "a / b * c", "(* (/ a b) c)");
   check_expr(state, "a << b >> c", "(>> (<< a b) c)");
}

static void
test_right_associative_assignment(void **state)
{
   check_expr(state, "a = b = c", "(= a (= b c))");
   check_expr(state, "a += b -= c", "(+= a (-= b c))");
}

static void
test_conditional(void **state)
{
   check_expr(state, "a ? b : c ? d : e", "(?: a b (?: c d e))");
   check_expr(state, "a || b ? c , d : e", "(?: (|| a b) (, c d) e)");
   check_expr(state, "a ? b : c = d", "(?: a b (= c d))");
}

static void
test_logical_precedence(void **state)
{
   check_expr(state, "a || b ^^ c && d", "(|| a (^^ b (&& c d)))");
   check_expr(state, "a && b || c", "(|| (&& a b) c)");
}

static void
test_bitwise_relational_precedence(void **state)
{
   check_expr(state, "a | b ^ c & d", "(| a (^ b (& c d)))");
   check_expr(state, "a & b == c", "(& a (== b c))");
   check_expr(state, "a == b < c", "(== a (< b c))");
   check_expr(state, "a < b << c", "(< a (<< b c))");
   check_expr(state, "a <= b != c >= d", "(!= (<= a b) (>= c d))");
   check_expr(state, "a << b + c", "(<< a (+ b c))");
}

static void
test_unary_and_postfix(void **state)
{
   check_expr(state, "-a++", "(- (post++ a))");
   check_expr(state, "!~b", "(! (~ b))");
   check_expr(state, "--c + +d", "(+ (-- c) (+ d))");
   check_expr(state, "- - x", "(- (- x))");
   check_expr(state, "a-- * b", "(* (post-- a) b)");
}

static void
test_compound_assignments(void **state)
{
   check_expr(state, "a *= b", "(*= a b)");
   check_expr(state, "a /= b", "(/= a b)");
   check_expr(state, "a %= b", "(%= a b)");
   check_expr(state, "a <<= b", "(<<= a b)");
   check_expr(state, "a >>= b", "(>>= a b)");
   check_expr(state, "a &= b", "(&= a b)");
   check_expr(state, "a ^= b", "(^= a b)");
   check_expr(state, "a |= b", "(|= a b)");
}

static void
test_sequence(void **state)
{
   check_dump(state, "void main() { a = 1, b = 2, c; }",
              "  function void main()\n    {\n"
              "      expr (, (, (= a 1) (= b 2)) c)\n");
}

static void
test_constructors(void **state)
{
   check_expr(state, "vec4(1.0, 2, true, x)", "(ctor vec4 1.0 2 true x)");
   check_expr(state, "float[3](1.0, 2.0, 3.0)[1]",
              "([] (ctor float[3] 1.0 2.0 3.0) 1)");
   check_expr(state, "float[](1.0)", "(ctor float[] 1.0)");
   check_expr(state, "mat2x3(1.0)", "(ctor mat2x3 1.0)");
   check_dump(state,
              "struct S { float a; }; S s = S(1.0); S t[2] = S[2](s, s);",
              "  decl struct S\n    decl float a\n"
              "  decl S s = (ctor S 1.0)\n"
              "  decl S t[2] = (ctor S[2] s s)\n");
}

static void
test_calls_and_methods(void **state)
{
   check_expr(state, "f()", "(call f)");
   check_expr(state, "f(void)", "(call f)");
   check_expr(state, "f(a, b + c)", "(call f a (+ b c))");
   check_expr(state, "a.length()", "(method length a)");
   check_expr(state, "s.arr.length() + 1", "(+ (method length (. s arr)) 1)");
}

static void
test_field_and_index_chains(void **state)
{
   check_expr(state, "a.b[1].c.xy", "(. (. ([] (. a b) 1) c) xy)");
   check_expr(state, "m[i][j]", "([] ([] m i) j)");
   check_expr(state, "v.x++", "(post++ (. v x))");
}

static void
test_constants(void **state)
{
   check_expr(state, "1 + 2u + 1.5 + true + false",
              "(+ (+ (+ (+ 1 2u) 1.5) true) false)");
   struct fixture *f = parse(state, "float x = 0x10;");
   assert_true(f->ok);
   struct glsl_ast_node *d = first_decl(f);
   struct glsl_ast_node *init = d->decl.declarators[0].initializer;
   assert_int_equal(init->kind, GLSL_AST_INT_CONSTANT);
   assert_int_equal(init->expr.literal.i, 16);
}

/* ---- Declarations ---- */

static void
test_variable_declarators(void **state)
{
   check_dump(state, "uniform float a, b = 1.0, c[2];\nconst int n = 3;\n",
              "  decl uniform float a, b = 1.0, c[2]\n"
              "  decl const int n = 3\n");
}

static void
test_arrays_on_type_and_name(void **state)
{
   check_dump(state, "float[2] a[3], b; int c[][4];",
              "  decl float[2] a[3], b\n  decl int c[][4]\n");
   struct fixture *f = parse(state, "float[2] a[3];");
   struct glsl_ast_node *d = first_decl(f);
   assert_non_null(d->decl.type_spec->array);
   assert_int_equal(d->decl.type_spec->array->num_dims, 1);
   assert_int_equal(d->decl.declarators[0].array->num_dims, 1);
   assert_true(d->decl.type_spec->is_builtin);
}

static void
test_struct_declarations(void **state)
{
   check_dump(state,
              "struct S { float a, b[2]; mat4 m; };\n"
              "struct { int x; } anon;\n"
              "struct T { struct U { int y; } u; } t;\n",
              "  decl struct S\n"
              "    decl float a, b[2]\n"
              "    decl mat4 m\n"
              "  decl struct <anon> anon\n"
              "    decl int x\n"
              "  decl struct T t\n"
              "    decl struct U u\n"
              "      decl int y\n");
}

static void
test_struct_name_is_a_type(void **state)
{
   /* "S s;" declares, "S(1.0);" constructs, and a variable named like
    * the struct hides it: "S + 1.0" is then an expression. */
   check_dump(state,
              "struct S { float a; };\n"
              "void main() { S s; S(1.0); S[2] t; { float S; S = 1.0; } }\n",
              "  decl struct S\n    decl float a\n"
              "  function void main()\n    {\n"
              "      decl S s\n"
              "      expr (ctor S 1.0)\n"
              "      decl S[2] t\n"
              "      {\n"
              "        decl float S\n"
              "        expr (= S 1.0)\n");
}

static void
test_declaration_or_expression(void **state)
{
   /* IDENT IDENT is a declaration (of an unknown type, for sema);
    * IDENT [ ... ] = is an expression; a type keyword followed by '(' or
    * by dimensions and '(' is a constructor. */
   check_dump(state,
              "void main() { T x; a[2] = 1.0; vec4(1.0); vec4[2](a, b); "
              "vec4[2] v; T[3] w; }",
              "  function void main()\n    {\n"
              "      decl T x\n"
              "      expr (= ([] a 2) 1.0)\n"
              "      expr (ctor vec4 1.0)\n"
              "      expr (ctor vec4[2] a b)\n"
              "      decl vec4[2] v\n"
              "      decl T[3] w\n");
}

static void
test_interface_blocks(void **state)
{
   check_dump(state,
              "layout(std140) uniform Block { mat4 m; layout(row_major) "
              "mat3 n; } blk[2];\n"
              "uniform Global { vec4 g; };\n"
              "out Data { vec2 uv; } vs_out;\n",
              "  block layout(std140) uniform Block blk[2]\n"
              "    decl mat4 m\n"
              "    decl layout(row_major) mat3 n\n"
              "  block uniform Global\n"
              "    decl vec4 g\n"
              "  block out Data vs_out\n"
              "    decl vec2 uv\n");
   struct fixture *f = parse(state, "uniform B { float x; };");
   struct glsl_ast_node *d = first_decl(f);
   assert_int_equal(d->kind, GLSL_AST_INTERFACE_BLOCK);
   assert_null(d->decl.block.instance_name);
   assert_true(d->decl.block.qual.flags & GLSL_Q_UNIFORM);
}

static void
test_qualifier_only_declarations(void **state)
{
   check_dump(state,
              "invariant gl_Position, v;\n"
              "layout(std140) uniform;\n"
              "layout(triangles) in;\n"
              "layout(triangle_strip, max_vertices = 3) out;\n",
              "  qualifiers invariant - gl_Position, v\n"
              "  qualifiers layout(std140) uniform -\n"
              "  qualifiers layout(triangles) in -\n"
              "  qualifiers layout(triangle_strip, max_vertices=3) out -\n");
   struct fixture *f = parse(state, "invariant v;");
   assert_int_equal(first_decl(f)->kind, GLSL_AST_QUALIFIER_DECL);
}

static void
test_qualifier_order(void **state)
{
   struct fixture *f =
      parse(state, "centroid flat highp in layout(location = 1) vec4 v;");
   assert_true(f->ok);
   const struct glsl_ast_qualifier *q = &first_decl(f)->decl.qual;
   assert_int_equal(q->num_order, 5);
   assert_int_equal(q->order[0], GLSL_Q_CENTROID);
   assert_int_equal(q->order[1], GLSL_Q_FLAT);
   assert_int_equal(q->order[2], GLSL_Q_PRECISION);
   assert_int_equal(q->order[3], GLSL_Q_IN);
   assert_int_equal(q->order[4], GLSL_Q_LAYOUT);
   assert_int_equal(q->precision, GLSL_PRECISION_HIGH);
   assert_int_equal(q->flags, GLSL_Q_CENTROID | GLSL_Q_FLAT | GLSL_Q_IN |
                                 GLSL_Q_PRECISION | GLSL_Q_LAYOUT);
   /* Repeated words are all recorded, for sema's duplicate check. */
   f = parse(state, "const const float x = 1.0;");
   assert_int_equal(first_decl(f)->decl.qual.num_order, 2);
}

static void
test_layout_ids(void **state)
{
   struct fixture *f =
      parse_v(state,
              "layout(shared, row_major, location = 2 + 1, packed) uniform B "
              "{ float x; };",
              430, false);
   assert_true(f->ok);
   const struct glsl_ast_qualifier *q = &first_decl(f)->decl.block.qual;
   assert_int_equal(q->num_layout, 4);
   assert_string_equal(q->layout[0].name, "shared");
   assert_string_equal(q->layout[1].name, "row_major");
   assert_string_equal(q->layout[2].name, "location");
   assert_non_null(q->layout[2].value);
   assert_int_equal(q->layout[2].value->kind, GLSL_AST_BINARY);
   assert_null(q->layout[3].value);
   /* Two layout() qualifiers collect all their ids. */
   f = parse(state, "layout(location = 0) layout(index = 1) out vec4 c;");
   assert_int_equal(first_decl(f)->decl.qual.num_layout, 2);
}

static void
test_precision(void **state)
{
   check_dump(state,
              "precision mediump float;\nprecision highp sampler2D;\n"
              "lowp vec4 c;\n",
              "  precision mediump float\n  precision highp sampler2D\n"
              "  decl lowp vec4 c\n");
   struct fixture *f = parse(state, "precision lowp int;");
   struct glsl_ast_node *d = first_decl(f);
   assert_int_equal(d->kind, GLSL_AST_PRECISION);
   assert_int_equal(d->decl.qual.precision, GLSL_PRECISION_LOW);
   assert_string_equal(d->decl.type_spec->name, "int");
}

static void
test_functions(void **state)
{
   check_dump(state,
              "void f(void);\n"
              "float g(float, out vec2 b[2], const in float[3] c);\n"
              "highp float h(inout S s) { return s.x; }\n",
              "  function void f();\n"
              "  function float g(float, out vec2 b[2], const in float[3] c);\n"
              "  function highp float h(inout S s)\n"
              "    {\n      return (. s x)\n");
   struct fixture *f = parse(state, "void f(void) {}");
   assert_int_equal(first_decl(f)->decl.func.num_params, 0);
   assert_non_null(first_decl(f)->decl.func.body);
   f = parse(state, "void f(float);");
   assert_int_equal(first_decl(f)->decl.func.num_params, 1);
   assert_null(first_decl(f)->decl.func.params[0].name);
   assert_null(first_decl(f)->decl.func.body);
}

static void
test_empty_declarations(void **state)
{
   check_dump(state, "float;\n;\nstruct S { int a; };\n",
              "  decl float\n  decl struct S\n    decl int a\n");
}

/* ---- Statements ---- */

static void
test_if_else(void **state)
{
   /* The else belongs to the nearest if. */
   check_dump(state, "void main() { if (a) if (b) x(); else y(); }",
              "  function void main()\n    {\n"
              "      if a\n"
              "        if b\n"
              "          expr (call x)\n"
              "        else\n"
              "          expr (call y)\n");
}

static void
test_switch(void **state)
{
   check_dump(state,
              "void main() { switch (i + 1) { case 0: case 1: x = 1; break; "
              "default: discard; } }",
              "  function void main()\n    {\n"
              "      switch (+ i 1)\n"
              "        case 0\n"
              "        case 1\n"
              "        expr (= x 1)\n"
              "        break\n"
              "        default\n"
              "        discard\n");
}

static void
test_while_with_declaration(void **state)
{
   check_dump(state,
              "void main() { while (bool b = f()) continue; while (i < 3) "
              "i++; }",
              "  function void main()\n    {\n"
              "      while bool b = (call f)\n"
              "        continue\n"
              "      while (< i 3)\n"
              "        expr (post++ i)\n");
   struct fixture *f = parse(state, "void main() { while (bool b = f()) ; }");
   struct glsl_ast_node *body = first_decl(f)->decl.func.body;
   struct glsl_ast_node *loop =
      u_list_first(&body->stmt.body, struct glsl_ast_node, link);
   assert_int_equal(loop->stmt.cond->kind, GLSL_AST_CONDITION_DECL);
   assert_string_equal(loop->stmt.cond->cond_decl.name, "b");
}

static void
test_do_while(void **state)
{
   check_dump(state, "void main() { do { i--; } while (i > 0); }",
              "  function void main()\n    {\n"
              "      do-while (> i 0)\n"
              "        {\n"
              "          expr (post-- i)\n");
}

static void
test_for_loops(void **state)
{
   check_dump(state,
              "void main() { for (int i = 0, j; i < 4; i++) x += i; "
              "for (i = 0; ; ) break; for (;;) {} }",
              "  function void main()\n    {\n"
              "      for\n"
              "        decl int i = 0, j\n"
              "        cond (< i 4)\n"
              "        step (post++ i)\n"
              "        expr (+= x i)\n"
              "      for\n"
              "        expr (= i 0)\n"
              "        cond\n"
              "        step\n"
              "        break\n"
              "      for\n"
              "        empty\n"
              "        cond\n"
              "        step\n"
              "        {\n");
}

static void
test_jumps_and_empty(void **state)
{
   check_dump(state,
              "float f() { ; { } return 1.0; }\n"
              "void main() { return; discard; }",
              "  function float f()\n    {\n"
              "      empty\n"
              "      {\n"
              "      return 1.0\n"
              "  function void main()\n    {\n"
              "      return\n"
              "      discard\n");
}

static void
test_initializer_lists(void **state)
{
   check_dump(state, "float a[2] = { 1.0, 2.0, }; S s = { {1, 2}, x };",
              "  decl float a[2] = {1.0 2.0}\n"
              "  decl S s = {{1 2} x}\n");
}

static void
test_local_prototype_and_precision(void **state)
{
   /* Parsed for sema to reject or accept as the version says. */
   check_dump(state, "void main() { void g(float x); precision highp float; }",
              "  function void main()\n    {\n"
              "      function void g(float x);\n"
              "      precision highp float\n");
}

static void
test_locations(void **state)
{
   struct fixture *f = parse(state, "\n  uniform vec4 a;\nvoid main() {\n"
                                    "   x = y  +  z;\n}\n");
   assert_true(f->ok);
   struct glsl_ast_node *d = first_decl(f);
   assert_int_equal(d->loc.line, 2);
   assert_int_equal(d->loc.column, 3);
   assert_int_equal(d->decl.declarators[0].loc.column, 16);
   assert_int_equal(d->decl.type_spec->loc.column, 11);
   struct glsl_ast_node *fn =
      u_container_of(d->link.next, struct glsl_ast_node, link);
   struct glsl_ast_node *stmt =
      u_list_first(&fn->decl.func.body->stmt.body, struct glsl_ast_node, link);
   assert_int_equal(stmt->loc.line, 4);
   assert_int_equal(stmt->loc.column, 4);
   struct glsl_ast_node *sum = stmt->stmt.expr->expr.operands[1];
   assert_int_equal(sum->kind, GLSL_AST_BINARY);
   assert_int_equal(sum->loc.column, 8);
   assert_int_equal(sum->expr.operands[1]->loc.column, 14);
}

/* ---- Errors and limits ---- */

static void
test_error_missing_semicolon(void **state)
{
   check_error(state, "float a\nfloat b;",
               "0:2(1): error: syntax error, unexpected 'float', expecting "
               "',' or ';'\n");
}

static void
test_error_end_of_input(void **state)
{
   check_error(state, "void main() { x = 1;",
               "0:1(21): error: syntax error, unexpected end of input, "
               "expecting '}' or a statement\n");
}

static void
test_error_unexpected_identifier(void **state)
{
   check_error(state, "void main() { x = y z; }",
               "0:1(21): error: syntax error, unexpected identifier 'z', "
               "expecting ';'\n");
   check_error(state, "void main() { x = ; }",
               "0:1(19): error: syntax error, unexpected ';', expecting an "
               "expression\n");
}

static void
test_error_grammar_rules(void **state)
{
   check_error(state, "struct S { };",
               "0:1(12): error: syntax error, unexpected '}', expecting a "
               "type\n");
   check_error(state, "void main() { void f() {} }",
               "0:1(24): error: syntax error, unexpected '{', expecting "
               "';'\n");
   check_error(state, "void main() { a.foo(); }",
               "0:1(17): error: unknown method 'foo'\n");
   check_error(state, "void main() { a.length(1); }",
               "0:1(17): error: length() takes no arguments\n");
   check_error(state, "precision float;",
               "0:1(11): error: syntax error, unexpected 'float', "
               "expecting 'lowp', 'mediump' or 'highp'\n");
   check_error(state, "layout(1) in;",
               "0:1(8): error: syntax error, unexpected integer constant, "
               "expecting layout qualifier id\n");
}

static void
test_error_stops_at_first(void **state)
{
   struct fixture *f = parse(state, "float a b; float c d; float e;");
   assert_false(f->ok);
   /* One message, and the declarations before the error are kept. */
   unsigned lines = 0;
   for (const char *c = f->shader->info_log; *c; c++)
      lines += *c == '\n';
   assert_int_equal(lines, 1);
   assert_int_equal(u_list_length(&f->shader->ast->decls), 1);
}

static void
test_lexer_error_fails(void **state)
{
   /* "precision" is reserved in GLSL 1.10: the lexer reports it and the
    * parser adds nothing. */
   struct fixture *f = parse_v(state, "precision mediump float;", 110, false);
   assert_false(f->ok);
   assert_non_null(strstr(f->shader->info_log, "error"));
   assert_null(strstr(f->shader->info_log, "syntax error"));
   /* The same source is fine in ES. */
   f = parse_v(state, "precision mediump float;", 100, true);
   assert_true(f->ok);
}

static void
test_extension_layout_keyword(void **state)
{
   struct fixture *f = *state;
   static const char src[] = "layout(location = 0) out vec4 c;";
   /* An identifier in GLSL 1.30 ... */
   assert_false(parse_v(state, src, 130, false)->ok);
   /* ... and the keyword with GL_ARB_explicit_attrib_location. */
   static const struct glsl_pp_extension on[] = {
      { "GL_ARB_explicit_attrib_location", GLSL_EXT_ENABLE, 1 },
   };
   f->extensions = on;
   f->num_extensions = 1;
   f = parse_v(state, src, 130, false);
   assert_true(f->ok);
   assert_int_equal(first_decl(f)->decl.qual.num_layout, 1);
   /* "layout" stays an identifier where it is not followed by '('. */
   assert_true(
      parse_v(state, "float layout; void main() { layout = 1.0; }", 130, false)
         ->ok);
   f->extensions = NULL;
   f->num_extensions = 0;
}

static void
test_extension_rect_keywords(void **state)
{
   struct fixture *f = *state;
   static const char src[] = "uniform sampler2DRect a; "
                             "uniform sampler2DRectShadow b;";
   /* Reserved in GLSL 1.10, but GL_ARB_texture_rectangle makes them
    * types unless the shader disables it. */
   f = parse_v(state, src, 110, false);
   assert_true(f->ok);
   assert_null(f->shader->info_log);
   assert_string_equal(first_decl(f)->decl.type_spec->name, "sampler2DRect");
   assert_true(first_decl(f)->decl.type_spec->is_builtin);
   static const struct glsl_pp_extension off[] = {
      { "GL_ARB_texture_rectangle", GLSL_EXT_DISABLE, 1 },
   };
   f->extensions = off;
   f->num_extensions = 1;
   f = parse_v(state, src, 110, false);
   assert_false(f->ok);
   assert_non_null(strstr(f->shader->info_log, "sampler2DRect"));
   f->extensions = NULL;
   f->num_extensions = 0;
}

/* Builds @p prefix, @p n copies of @p open, @p mid, @p n copies of
 * @p close, @p suffix. */
static char *
nest(const char *prefix, const char *open, const char *mid, const char *close,
     const char *suffix, unsigned n)
{
   size_t len = strlen(prefix) + strlen(mid) + strlen(suffix) +
                n * (strlen(open) + strlen(close)) + 1;
   char *s = malloc(len);
   assert_non_null(s);
   char *end = stpcpy(s, prefix);
   for (unsigned i = 0; i < n; i++)
      end = stpcpy(end, open);
   end = stpcpy(end, mid);
   for (unsigned i = 0; i < n; i++)
      end = stpcpy(end, close);
   stpcpy(end, suffix);
   return s;
}

static void
test_deep_parentheses(void **state)
{
   char *ok = nest("float x = ", "(", "1.0", ")", ";", 100);
   assert_true(parse(state, ok)->ok);
   free(ok);
   char *deep = nest("float x = ", "(", "1.0", ")", ";", 100000);
   struct fixture *f = parse(state, deep);
   free(deep);
   assert_false(f->ok);
   assert_non_null(strstr(f->shader->info_log, "nested too deeply"));
}

static void
test_deep_blocks_and_unary(void **state)
{
   char *blocks = nest("void main() ", "{", "", "}", "", 50000);
   struct fixture *f = parse(state, blocks);
   free(blocks);
   assert_false(f->ok);
   assert_non_null(strstr(f->shader->info_log, "nested too deeply"));

   char *unary = nest("float x = ", "-", "1.0", "", ";", 50000);
   f = parse(state, unary);
   free(unary);
   assert_false(f->ok);
   assert_non_null(strstr(f->shader->info_log, "nested too deeply"));
}

static void
test_long_chains(void **state)
{
   /* Piglit sums hundreds of terms in one expression: accepted. */
   char *sum = nest("float x = 1.0", "", "", " + 1.0", ";", 1000);
   assert_true(parse(state, sum)->ok);
   free(sum);
   /* Far longer chains would make the tree too deep to walk. */
   char *huge = nest("float x = 1.0", "", "", " + 1.0", ";", 100000);
   struct fixture *f = parse(state, huge);
   free(huge);
   assert_false(f->ok);
   assert_non_null(strstr(f->shader->info_log, "nested too deeply"));
}

static void
test_garbage_never_crashes(void **state)
{
   /* Truncated and malformed inputs fail cleanly; the few that are
    * grammatical (for sema to judge) pass. */
   static const struct {
      const char *src;
      bool ok;
   } inputs[] = {
      { "", true },
      { ";;;", true },
      { "in;", true },
      { "invariant;", true },
      { "}", false },
      { ")))", false },
      { "struct", false },
      { "struct {", false },
      { "layout(", false },
      { "float[", false },
      { "void f(", false },
      { "a.b.c", false },
      { "uniform B {", false },
      { "int x = {", false },
      { "void main() { for (", false },
      { "void main() { switch (x) { case", false },
      { "float a[] = float[](", false },
      { "S s = S(", false },
      { "precision", false },
      { "void main() { while (bool b) ; }", false },
      { "void main() { float[2](1.0, 2.0) x; }", false },
   };
   for (unsigned i = 0; i < sizeof(inputs) / sizeof(inputs[0]); i++) {
      struct fixture *f = parse(state, inputs[i].src);
      if (f->ok != inputs[i].ok)
         fail_msg("\"%s\": expected %s, log: %s", inputs[i].src,
                  inputs[i].ok ? "success" : "an error",
                  f->shader->info_log ? f->shader->info_log : "");
   }
}

/* ---- The driver's own parts ---- */

static void
test_log_message_format(void **state)
{
   struct fixture *f = parse(state, "");
   f->shader->info_log = "pp: warning\n";
   glsl_log_message(f->shader, (struct glsl_loc){ 1, 12, 5 }, "warning",
                    "unused %s", "x");
   assert_true(f->shader->ok);
   glsl_log_message(f->shader, (struct glsl_loc){ 0, 3, 0 }, "error", "bad %d",
                    7);
   assert_false(f->shader->ok);
   assert_string_equal(f->shader->info_log,
                       "pp: warning\n1:12(5): warning: unused x\n"
                       "0:3(0): error: bad 7\n");
   /* Many long messages: the log grows without losing anything. */
   char big[1000];
   memset(big, 'a', sizeof(big) - 1);
   big[sizeof(big) - 1] = '\0';
   for (int i = 0; i < 200; i++)
      glsl_log_message(f->shader, (struct glsl_loc){ 0, 1, 1 }, "error", "%s",
                       big);
   assert_int_equal(strlen(f->shader->info_log),
                    strlen("pp: warning\n1:12(5): warning: unused x\n"
                           "0:3(0): error: bad 7\n") +
                       200 * (strlen("0:1(1): error: ") + 999 + 1));
   /* A log replaced by someone else is taken over, not overwritten. */
   f->shader->info_log = "other\n";
   glsl_log_message(f->shader, (struct glsl_loc){ 0, 2, 3 }, "warning", "w");
   assert_string_equal(f->shader->info_log, "other\n0:2(3): warning: w\n");
}

static void
test_defaults(void **state)
{
   (void)state;
   struct glsl_limits l;
   glsl_limits_default(&l);
   assert_int_equal(l.max_vertex_attribs, 16);
   assert_int_equal(l.max_draw_buffers, 8);
   assert_int_equal(l.min_program_texel_offset, -8);
   assert_int_equal(l.max_program_texel_offset, 7);
   assert_int_equal(l.max_combined_uniform_blocks, 36);
   const char *const *ext = glsl_supported_extensions();
   unsigned n = 0;
   bool rect = false;
   for (; ext[n]; n++)
      rect |= strcmp(ext[n], "GL_ARB_texture_rectangle") == 0;
   assert_int_equal(n, 11);
   assert_true(rect);
}

static void
test_op_names(void **state)
{
   (void)state;
   assert_string_equal(glsl_ast_op_name(GLSL_OP_LSHIFT), "<<");
   assert_string_equal(glsl_ast_op_name(GLSL_OP_LOGIC_XOR), "^^");
   assert_string_equal(glsl_ast_op_name(GLSL_OP_POST_INC), "++");
   assert_string_equal(glsl_ast_op_name(GLSL_OP_ASSIGN), "=");
   assert_string_equal(glsl_ast_op_name((enum glsl_ast_op)999), "?");
}

#define T(fn) cmocka_unit_test_setup_teardown(fn, setup, teardown)

int
main(void)
{
   const struct CMUnitTest tests[] = {
      T(test_precedence_arithmetic),
      T(test_left_associativity),
      T(test_right_associative_assignment),
      T(test_conditional),
      T(test_logical_precedence),
      T(test_bitwise_relational_precedence),
      T(test_unary_and_postfix),
      T(test_compound_assignments),
      T(test_sequence),
      T(test_constructors),
      T(test_calls_and_methods),
      T(test_field_and_index_chains),
      T(test_constants),
      T(test_variable_declarators),
      T(test_arrays_on_type_and_name),
      T(test_struct_declarations),
      T(test_struct_name_is_a_type),
      T(test_declaration_or_expression),
      T(test_interface_blocks),
      T(test_qualifier_only_declarations),
      T(test_qualifier_order),
      T(test_layout_ids),
      T(test_precision),
      T(test_functions),
      T(test_empty_declarations),
      T(test_if_else),
      T(test_switch),
      T(test_while_with_declaration),
      T(test_do_while),
      T(test_for_loops),
      T(test_jumps_and_empty),
      T(test_initializer_lists),
      T(test_local_prototype_and_precision),
      T(test_locations),
      T(test_error_missing_semicolon),
      T(test_error_end_of_input),
      T(test_error_unexpected_identifier),
      T(test_error_grammar_rules),
      T(test_error_stops_at_first),
      T(test_lexer_error_fails),
      T(test_extension_layout_keyword),
      T(test_extension_rect_keywords),
      T(test_deep_parentheses),
      T(test_deep_blocks_and_unary),
      T(test_long_chains),
      T(test_garbage_never_crashes),
      T(test_log_message_format),
      T(test_defaults),
      T(test_op_names),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
