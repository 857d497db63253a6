/* SPDX-License-Identifier: MIT */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "glsl_lex.h"
#include "util/u_arena.h"

#define MAX_TOKENS 64

struct fixture {
   struct u_arena *arena;
   /** All log lines, each followed by '\n'. */
   char log[4096];
   struct glsl_token tok[MAX_TOKENS];
   unsigned n;
};

static int
setup(void **state)
{
   struct fixture *f = calloc(1, sizeof(*f));
   if (!f)
      return -1;
   f->arena = u_arena_create(NULL);
   *state = f;
   return f->arena ? 0 : -1;
}

static int
teardown(void **state)
{
   struct fixture *f = *state;
   u_arena_destroy(f->arena);
   free(f);
   return 0;
}

static void
log_cb(void *data, const char *msg)
{
   struct fixture *f = data;
   size_t len = strlen(f->log);
   snprintf(f->log + len, sizeof(f->log) - len, "%s\n", msg);
}

/* Lexes @p src into f->tok (EOF excluded); returns the fixture. */
static struct fixture *
lex(void **state, const char *src, unsigned version, bool es)
{
   struct fixture *f = *state;
   struct glsl_lexer lexer;
   f->log[0] = '\0';
   f->n = 0;
   glsl_lexer_init(&lexer, f->arena, src, version, es, log_cb, f);
   struct glsl_token t;
   while (glsl_lex_next(&lexer, &t)) {
      assert_true(f->n < MAX_TOKENS);
      f->tok[f->n++] = t;
   }
   assert_int_equal(t.kind, GLSL_TOK_EOF);
   /* EOF is sticky. */
   assert_false(glsl_lex_next(&lexer, &t));
   return f;
}

/* The kind of the single token @p src lexes to. */
static enum glsl_token_kind
one(void **state, const char *src, unsigned version, bool es)
{
   struct fixture *f = lex(state, src, version, es);
   assert_int_equal(f->n, 1);
   return f->tok[0].kind;
}

static void
expect_kinds(void **state, const char *src, unsigned version, bool es,
             const enum glsl_token_kind *kinds, unsigned n)
{
   struct fixture *f = lex(state, src, version, es);
   assert_int_equal(f->n, n);
   for (unsigned i = 0; i < n; i++) {
      if (f->tok[i].kind != kinds[i])
         fail_msg("token %u of \"%s\": got %s, expected %s", i, src,
                  glsl_token_kind_name(f->tok[i].kind),
                  glsl_token_kind_name(kinds[i]));
   }
}

#define EXPECT(state, src, version, es, ...)                                 \
   do {                                                                      \
      static const enum glsl_token_kind k_[] = { __VA_ARGS__ };              \
      expect_kinds(state, src, version, es, k_, sizeof(k_) / sizeof(k_[0])); \
   } while (0)

static void
test_uint_keyword_since_130(void **state)
{
   assert_int_equal(one(state, "uint", 120, false), GLSL_TOK_IDENTIFIER);
   assert_string_equal(((struct fixture *)*state)->tok[0].value.ident, "uint");
   assert_int_equal(one(state, "uint", 130, false), GLSL_TOK_UINT);
   assert_int_equal(one(state, "uvec3", 130, false), GLSL_TOK_UVEC3);
   assert_int_equal(one(state, "uint", 100, true), GLSL_TOK_IDENTIFIER);
   assert_int_equal(one(state, "uint", 300, true), GLSL_TOK_UINT);
}

static void
test_precision(void **state)
{
   assert_int_equal(one(state, "precision", 100, true), GLSL_TOK_PRECISION);
   assert_int_equal(one(state, "mediump", 100, true), GLSL_TOK_MEDIUMP);
   assert_int_equal(one(state, "precision", 130, false), GLSL_TOK_PRECISION);
   assert_int_equal(one(state, "highp", 130, false), GLSL_TOK_HIGHP);
   /* Reserved in GLSL 1.10 and 1.20. */
   assert_int_equal(one(state, "precision", 120, false), GLSL_TOK_ERROR);
   assert_int_equal(one(state, "lowp", 110, false), GLSL_TOK_ERROR);
}

static void
test_sampler_versions(void **state)
{
   assert_int_equal(one(state, "sampler2DMS", 140, false), GLSL_TOK_IDENTIFIER);
   assert_int_equal(one(state, "sampler2DMS", 150, false),
                    GLSL_TOK_SAMPLER2DMS);
   assert_int_equal(one(state, "usampler2DMSArray", 330, false),
                    GLSL_TOK_USAMPLER2DMSARRAY);
   assert_int_equal(one(state, "sampler2DMS", 300, true), GLSL_TOK_ERROR);
   assert_int_equal(one(state, "sampler2DMS", 310, true), GLSL_TOK_SAMPLER2DMS);
   assert_int_equal(one(state, "sampler2DArrayShadow", 120, false),
                    GLSL_TOK_IDENTIFIER);
   assert_int_equal(one(state, "sampler2DArrayShadow", 130, false),
                    GLSL_TOK_SAMPLER2DARRAYSHADOW);
   assert_int_equal(one(state, "isampler2D", 300, true), GLSL_TOK_ISAMPLER2D);
   assert_int_equal(one(state, "usampler1D", 300, true), GLSL_TOK_ERROR);
   assert_int_equal(one(state, "samplerBuffer", 130, false), GLSL_TOK_ERROR);
   assert_int_equal(one(state, "samplerBuffer", 140, false),
                    GLSL_TOK_SAMPLERBUFFER);
   assert_int_equal(one(state, "sampler2DRect", 130, false), GLSL_TOK_ERROR);
   assert_int_equal(one(state, "sampler2DRect", 140, false),
                    GLSL_TOK_SAMPLER2DRECT);
   assert_int_equal(one(state, "sampler3D", 100, true), GLSL_TOK_ERROR);
   assert_int_equal(one(state, "sampler3D", 300, true), GLSL_TOK_SAMPLER3D);
   assert_int_equal(one(state, "sampler3DRect", 460, false), GLSL_TOK_ERROR);
}

static void
test_layout(void **state)
{
   assert_int_equal(one(state, "layout", 130, false), GLSL_TOK_IDENTIFIER);
   assert_int_equal(one(state, "layout", 140, false), GLSL_TOK_LAYOUT);
   assert_int_equal(one(state, "layout", 100, true), GLSL_TOK_IDENTIFIER);
   assert_int_equal(one(state, "layout", 300, true), GLSL_TOK_LAYOUT);
}

static void
test_matrix_types(void **state)
{
   assert_int_equal(one(state, "mat2x3", 110, false), GLSL_TOK_IDENTIFIER);
   assert_int_equal(one(state, "mat2x3", 120, false), GLSL_TOK_MAT2X3);
   assert_int_equal(one(state, "mat4x4", 100, true), GLSL_TOK_IDENTIFIER);
   assert_int_equal(one(state, "mat4x4", 300, true), GLSL_TOK_MAT4X4);
   assert_int_equal(one(state, "vec4", 100, true), GLSL_TOK_VEC4);
   assert_int_equal(one(state, "dvec4", 330, false), GLSL_TOK_ERROR);
   assert_int_equal(one(state, "dvec4", 400, false), GLSL_TOK_DVEC4);
}

static void
test_reserved_words(void **state)
{
   struct fixture *f = lex(state, "half", 110, false);
   assert_int_equal(f->n, 1);
   assert_int_equal(f->tok[0].kind, GLSL_TOK_ERROR);
   assert_string_equal(f->tok[0].value.error, "reserved word 'half'");
   assert_string_equal(f->log, "0:1(1): error: reserved word 'half'\n");

   assert_int_equal(one(state, "fixed", 330, false), GLSL_TOK_ERROR);
   assert_int_equal(one(state, "goto", 300, true), GLSL_TOK_ERROR);
   assert_int_equal(one(state, "superp", 100, true), GLSL_TOK_ERROR);
   assert_int_equal(one(state, "superp", 120, false), GLSL_TOK_IDENTIFIER);
   assert_int_equal(one(state, "switch", 120, false), GLSL_TOK_ERROR);
   assert_int_equal(one(state, "switch", 130, false), GLSL_TOK_SWITCH);
   assert_int_equal(one(state, "case", 120, false), GLSL_TOK_IDENTIFIER);
   assert_int_equal(one(state, "case", 130, false), GLSL_TOK_CASE);
   assert_int_equal(one(state, "packed", 130, false), GLSL_TOK_ERROR);
   assert_int_equal(one(state, "volatile", 330, false), GLSL_TOK_ERROR);
   assert_int_equal(one(state, "volatile", 420, false), GLSL_TOK_VOLATILE);
   assert_int_equal(one(state, "flat", 100, true), GLSL_TOK_ERROR);
   assert_int_equal(one(state, "flat", 300, true), GLSL_TOK_FLAT);
}

static void
test_es3_attribute_reserved(void **state)
{
   assert_int_equal(one(state, "attribute", 100, true), GLSL_TOK_ATTRIBUTE);
   assert_int_equal(one(state, "varying", 300, true), GLSL_TOK_ERROR);
   assert_int_equal(one(state, "attribute", 330, false), GLSL_TOK_ATTRIBUTE);
}

static void
test_identifiers(void **state)
{
   struct fixture *f = lex(state, "gl_Position a__b _x x1 vec4x", 110, false);
   assert_int_equal(f->n, 5);
   const char *names[] = { "gl_Position", "a__b", "_x", "x1", "vec4x" };
   for (unsigned i = 0; i < 5; i++) {
      assert_int_equal(f->tok[i].kind, GLSL_TOK_IDENTIFIER);
      assert_string_equal(f->tok[i].value.ident, names[i]);
   }
   assert_string_equal(f->log, "");
}

static void
test_bool_literals(void **state)
{
   struct fixture *f = lex(state, "true false", 100, true);
   assert_int_equal(f->n, 2);
   assert_int_equal(f->tok[0].kind, GLSL_TOK_BOOLCONST);
   assert_true(f->tok[0].value.b);
   assert_int_equal(f->tok[1].kind, GLSL_TOK_BOOLCONST);
   assert_false(f->tok[1].value.b);
}

static void
test_int_literals(void **state)
{
   struct fixture *f =
      lex(state, "0 42 017 0x1F 0XaB 4294967295 0xffffffff", 110, false);
   const int32_t values[] = { 0, 42, 15, 31, 0xab, -1, -1 };
   assert_int_equal(f->n, 7);
   for (unsigned i = 0; i < 7; i++) {
      assert_int_equal(f->tok[i].kind, GLSL_TOK_INTCONST);
      assert_int_equal(f->tok[i].value.i, values[i]);
   }
}

static void
test_uint_suffix(void **state)
{
   struct fixture *f = lex(state, "7u 0x10U 010u", 130, false);
   assert_int_equal(f->n, 3);
   assert_int_equal(f->tok[0].kind, GLSL_TOK_UINTCONST);
   assert_int_equal(f->tok[0].value.u, 7);
   assert_int_equal(f->tok[1].value.u, 16);
   assert_int_equal(f->tok[2].value.u, 8);
   assert_int_equal(one(state, "7u", 300, true), GLSL_TOK_UINTCONST);
   assert_int_equal(one(state, "7u", 120, false), GLSL_TOK_ERROR);
   assert_int_equal(one(state, "7u", 100, true), GLSL_TOK_ERROR);
}

static void
test_int_overflow(void **state)
{
   struct fixture *f = lex(state, "4294967296", 130, false);
   assert_int_equal(f->n, 1);
   assert_int_equal(f->tok[0].kind, GLSL_TOK_ERROR);
   assert_non_null(strstr(f->log, "does not fit in 32 bits"));
   assert_int_equal(one(state, "0x100000000", 130, false), GLSL_TOK_ERROR);
   assert_int_equal(one(state, "040000000000", 130, false), GLSL_TOK_ERROR);
   assert_int_equal(one(state, "4294967296u", 130, false), GLSL_TOK_ERROR);
   assert_int_equal(one(state, "99999999999999999999999999", 130, false),
                    GLSL_TOK_ERROR);
   assert_int_equal(one(state, "037777777777", 130, false), GLSL_TOK_INTCONST);
}

static void
test_bad_int_literals(void **state)
{
   assert_int_equal(one(state, "09", 110, false), GLSL_TOK_ERROR);
   assert_int_equal(one(state, "0x", 110, false), GLSL_TOK_ERROR);
   assert_int_equal(one(state, "0x1g", 110, false), GLSL_TOK_ERROR);
   assert_int_equal(one(state, "1uu", 130, false), GLSL_TOK_ERROR);
   assert_int_equal(one(state, "1f", 130, false), GLSL_TOK_ERROR);
   /* 09.5 is a float, not a bad octal. */
   assert_int_equal(one(state, "09.5", 110, false), GLSL_TOK_FLOATCONST);
}

static void
test_float_literals(void **state)
{
   struct fixture *f =
      lex(state, "1.5 .25 3. 1e3 2.5E-1 1.e+2 0.1 09e0", 110, false);
   const float values[] = { 1.5f,  0.25f,  3.0f, 1000.0f,
                            0.25f, 100.0f, 0.1f, 9.0f };
   assert_int_equal(f->n, 8);
   for (unsigned i = 0; i < 8; i++) {
      assert_int_equal(f->tok[i].kind, GLSL_TOK_FLOATCONST);
      assert_true(f->tok[i].value.f == values[i]);
   }
   assert_int_equal(one(state, "1e", 110, false), GLSL_TOK_ERROR);
   assert_int_equal(one(state, "1.0e+", 110, false), GLSL_TOK_ERROR);
}

static void
test_float_suffix_versions(void **state)
{
   assert_int_equal(one(state, "1.0f", 110, false), GLSL_TOK_ERROR);
   assert_int_equal(one(state, "1.0f", 120, false), GLSL_TOK_FLOATCONST);
   assert_int_equal(one(state, "1e2F", 120, false), GLSL_TOK_FLOATCONST);
   assert_true(((struct fixture *)*state)->tok[0].value.f == 100.0f);
   assert_int_equal(one(state, "1.0f", 100, true), GLSL_TOK_ERROR);
   assert_int_equal(one(state, "1.0f", 300, true), GLSL_TOK_FLOATCONST);
   assert_int_equal(one(state, "1.0ff", 300, true), GLSL_TOK_ERROR);
}

static void
test_double_suffix(void **state)
{
   struct fixture *f = lex(state, "0.1lf 2.0LF", 400, false);
   assert_int_equal(f->n, 2);
   assert_int_equal(f->tok[0].kind, GLSL_TOK_DOUBLECONST);
   assert_true(f->tok[0].value.d == 0.1);
   assert_int_equal(f->tok[1].kind, GLSL_TOK_DOUBLECONST);
   assert_true(f->tok[1].value.d == 2.0);

   f = lex(state, "0.1lf", 330, false);
   assert_int_equal(f->n, 1);
   assert_int_equal(f->tok[0].kind, GLSL_TOK_ERROR);
   assert_non_null(strstr(f->log, "0:1(1): error: double-precision suffix"));
   assert_int_equal(one(state, "0.1lf", 320, true), GLSL_TOK_ERROR);
   assert_int_equal(one(state, "0.1Lf", 450, false), GLSL_TOK_ERROR);
}

static void
test_operators_greedy(void **state)
{
   EXPECT(state, "a<<=b>>=c", 130, false, GLSL_TOK_IDENTIFIER,
          GLSL_TOK_LEFT_ASSIGN, GLSL_TOK_IDENTIFIER, GLSL_TOK_RIGHT_ASSIGN,
          GLSL_TOK_IDENTIFIER);
   EXPECT(state, "a+++b", 130, false, GLSL_TOK_IDENTIFIER, GLSL_TOK_INC_OP,
          GLSL_TOK_PLUS, GLSL_TOK_IDENTIFIER);
   EXPECT(state, "&&&||^^^", 130, false, GLSL_TOK_AND_OP, GLSL_TOK_AMPERSAND,
          GLSL_TOK_OR_OP, GLSL_TOK_XOR_OP, GLSL_TOK_CARET);
   EXPECT(state, "<<<===!=!", 130, false, GLSL_TOK_LEFT_OP, GLSL_TOK_LE_OP,
          GLSL_TOK_EQ_OP, GLSL_TOK_NE_OP, GLSL_TOK_BANG);
   EXPECT(state, "x---y", 130, false, GLSL_TOK_IDENTIFIER, GLSL_TOK_DEC_OP,
          GLSL_TOK_DASH, GLSL_TOK_IDENTIFIER);
}

static void
test_all_punctuation(void **state)
{
   EXPECT(state, "()[]{}.,:=;!-~+*/%<>|^&?", 130, false, GLSL_TOK_LEFT_PAREN,
          GLSL_TOK_RIGHT_PAREN, GLSL_TOK_LEFT_BRACKET, GLSL_TOK_RIGHT_BRACKET,
          GLSL_TOK_LEFT_BRACE, GLSL_TOK_RIGHT_BRACE, GLSL_TOK_DOT,
          GLSL_TOK_COMMA, GLSL_TOK_COLON, GLSL_TOK_EQUAL, GLSL_TOK_SEMICOLON,
          GLSL_TOK_BANG, GLSL_TOK_DASH, GLSL_TOK_TILDE, GLSL_TOK_PLUS,
          GLSL_TOK_STAR, GLSL_TOK_SLASH, GLSL_TOK_PERCENT, GLSL_TOK_LEFT_ANGLE,
          GLSL_TOK_RIGHT_ANGLE, GLSL_TOK_VERTICAL_BAR, GLSL_TOK_CARET,
          GLSL_TOK_AMPERSAND, GLSL_TOK_QUESTION);
   EXPECT(state, "*=/=+=-=%=&=^=|=>=", 130, false, GLSL_TOK_MUL_ASSIGN,
          GLSL_TOK_DIV_ASSIGN, GLSL_TOK_ADD_ASSIGN, GLSL_TOK_SUB_ASSIGN,
          GLSL_TOK_MOD_ASSIGN, GLSL_TOK_AND_ASSIGN, GLSL_TOK_XOR_ASSIGN,
          GLSL_TOK_OR_ASSIGN, GLSL_TOK_GE_OP);
}

static void
test_swizzle_and_member(void **state)
{
   /* "v.x" is not a float; "1.x" is a float then an identifier error. */
   EXPECT(state, "v.xyz a[0].b", 110, false, GLSL_TOK_IDENTIFIER, GLSL_TOK_DOT,
          GLSL_TOK_IDENTIFIER, GLSL_TOK_IDENTIFIER, GLSL_TOK_LEFT_BRACKET,
          GLSL_TOK_INTCONST, GLSL_TOK_RIGHT_BRACKET, GLSL_TOK_DOT,
          GLSL_TOK_IDENTIFIER);
}

static void
test_locations(void **state)
{
   struct fixture *f = lex(state, "void main()\n{\n   x = 1;\n}\n", 110, false);
   assert_int_equal(f->n, 10);
   assert_int_equal(f->tok[0].line, 1);
   assert_int_equal(f->tok[0].column, 1);
   assert_int_equal(f->tok[1].column, 6);
   assert_int_equal(f->tok[4].line, 2);
   assert_int_equal(f->tok[5].line, 3);
   assert_int_equal(f->tok[5].column, 4);
   assert_int_equal(f->tok[6].column, 6);
   assert_int_equal(f->tok[9].line, 4);
}

static void
test_line_directive(void **state)
{
   struct fixture *f =
      lex(state, "a\n#line 10 2\nb\nc\n  #line 20\nd", 110, false);
   assert_int_equal(f->n, 4);
   assert_int_equal(f->tok[0].line, 1);
   assert_int_equal(f->tok[0].source, 0);
   assert_int_equal(f->tok[1].line, 10);
   assert_int_equal(f->tok[1].source, 2);
   assert_int_equal(f->tok[2].line, 11);
   assert_int_equal(f->tok[3].line, 20);
   assert_int_equal(f->tok[3].source, 2);
   assert_string_equal(f->log, "");
}

static void
test_line_directive_error_location(void **state)
{
   struct fixture *f = lex(state, "#line 7 3\n\n  half", 110, false);
   assert_int_equal(f->n, 1);
   assert_string_equal(f->log, "3:8(3): error: reserved word 'half'\n");
   f = lex(state, "#line x\ny", 110, false);
   assert_int_equal(f->n, 2);
   assert_int_equal(f->tok[0].kind, GLSL_TOK_ERROR);
   assert_int_equal(f->tok[1].kind, GLSL_TOK_IDENTIFIER);
   assert_int_equal(f->tok[1].line, 2);
}

static void
test_bad_characters(void **state)
{
   struct fixture *f = lex(state, "a @ # $ \x01\xff b", 110, false);
   assert_int_equal(f->n, 7);
   assert_int_equal(f->tok[0].kind, GLSL_TOK_IDENTIFIER);
   for (unsigned i = 1; i < 6; i++)
      assert_int_equal(f->tok[i].kind, GLSL_TOK_ERROR);
   assert_int_equal(f->tok[6].kind, GLSL_TOK_IDENTIFIER);
   assert_non_null(strstr(f->log, "0:1(3): error: unexpected character '@'"));
}

static void
test_error_recovery(void **state)
{
   EXPECT(state, "int half = 09; float f = 1.0lf;", 330, false, GLSL_TOK_INT,
          GLSL_TOK_ERROR, GLSL_TOK_EQUAL, GLSL_TOK_ERROR, GLSL_TOK_SEMICOLON,
          GLSL_TOK_FLOAT, GLSL_TOK_IDENTIFIER, GLSL_TOK_EQUAL, GLSL_TOK_ERROR,
          GLSL_TOK_SEMICOLON);
}

static void
test_empty_and_whitespace(void **state)
{
   assert_int_equal(lex(state, "", 110, false)->n, 0);
   assert_int_equal(lex(state, " \t\r\n\v\f\n", 110, false)->n, 0);
}

static void
test_keyword_lookup_table(void **state)
{
   enum glsl_token_kind kind;
   assert_int_equal(glsl_keyword_lookup("vec4", 4, 110, false, &kind),
                    GLSL_WORD_KEYWORD);
   assert_int_equal(kind, GLSL_TOK_VEC4);
   /* Prefixes and extensions of keywords are identifiers. */
   assert_int_equal(glsl_keyword_lookup("vec", 3, 110, false, &kind),
                    GLSL_WORD_IDENTIFIER);
   assert_int_equal(glsl_keyword_lookup("vec45", 5, 110, false, &kind),
                    GLSL_WORD_IDENTIFIER);
   /* Versions between known ones use the lower one. */
   assert_int_equal(glsl_keyword_lookup("uint", 4, 125, false, &kind),
                    GLSL_WORD_IDENTIFIER);
   assert_int_equal(glsl_keyword_lookup("uint", 4, 135, false, &kind),
                    GLSL_WORD_KEYWORD);
   assert_string_equal(glsl_token_kind_name(GLSL_TOK_LEFT_ASSIGN), "<<=");
   assert_string_equal(glsl_token_kind_name(GLSL_TOK_SAMPLER2DMS),
                       "sampler2DMS");
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(test_uint_keyword_since_130, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(test_precision, setup, teardown),
      cmocka_unit_test_setup_teardown(test_sampler_versions, setup, teardown),
      cmocka_unit_test_setup_teardown(test_layout, setup, teardown),
      cmocka_unit_test_setup_teardown(test_matrix_types, setup, teardown),
      cmocka_unit_test_setup_teardown(test_reserved_words, setup, teardown),
      cmocka_unit_test_setup_teardown(test_es3_attribute_reserved, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(test_identifiers, setup, teardown),
      cmocka_unit_test_setup_teardown(test_bool_literals, setup, teardown),
      cmocka_unit_test_setup_teardown(test_int_literals, setup, teardown),
      cmocka_unit_test_setup_teardown(test_uint_suffix, setup, teardown),
      cmocka_unit_test_setup_teardown(test_int_overflow, setup, teardown),
      cmocka_unit_test_setup_teardown(test_bad_int_literals, setup, teardown),
      cmocka_unit_test_setup_teardown(test_float_literals, setup, teardown),
      cmocka_unit_test_setup_teardown(test_float_suffix_versions, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(test_double_suffix, setup, teardown),
      cmocka_unit_test_setup_teardown(test_operators_greedy, setup, teardown),
      cmocka_unit_test_setup_teardown(test_all_punctuation, setup, teardown),
      cmocka_unit_test_setup_teardown(test_swizzle_and_member, setup, teardown),
      cmocka_unit_test_setup_teardown(test_locations, setup, teardown),
      cmocka_unit_test_setup_teardown(test_line_directive, setup, teardown),
      cmocka_unit_test_setup_teardown(test_line_directive_error_location, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(test_bad_characters, setup, teardown),
      cmocka_unit_test_setup_teardown(test_error_recovery, setup, teardown),
      cmocka_unit_test_setup_teardown(test_empty_and_whitespace, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(test_keyword_lookup_table, setup,
                                      teardown),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
