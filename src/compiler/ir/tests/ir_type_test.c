/* SPDX-License-Identifier: MIT */

/*
 * IR types (ir_type.c): GLSL names of every builtin type in both
 * directions, structural equality, component and slot counts, and std140
 * layouts worked out by hand from GL 4.6 core section 7.6.2.2 (the
 * arithmetic is in the comments next to each expectation).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <string.h>

#include "compiler/ir/ir.h"
#include "util/u_arena.h"
#include "util/u_strbuf.h"

static const enum ir_base_type numeric_bases[] = {
   IR_TYPE_BOOL,  IR_TYPE_FLOAT16, IR_TYPE_FLOAT, IR_TYPE_DOUBLE,
   IR_TYPE_INT16, IR_TYPE_UINT16,  IR_TYPE_INT,   IR_TYPE_UINT,
   IR_TYPE_INT64, IR_TYPE_UINT64,
};

static void
check_round_trip(const struct ir_type *t)
{
   assert_non_null(t);
   const char *name = ir_type_builtin_name(t);
   assert_non_null(name);
   assert_ptr_equal(ir_type_from_name(name), t);
}

static void
names_round_trip(void **state)
{
   unsigned count = 0;
   for (unsigned b = 0; b < sizeof(numeric_bases) / sizeof(numeric_bases[0]);
        b++) {
      for (unsigned n = 1; n <= 4; n++) {
         check_round_trip(ir_type_get_vector(numeric_bases[b], n));
         count++;
      }
   }
   const enum ir_base_type float_bases[] = { IR_TYPE_FLOAT16, IR_TYPE_FLOAT,
                                             IR_TYPE_DOUBLE };
   for (unsigned b = 0; b < 3; b++) {
      for (unsigned c = 2; c <= 4; c++) {
         for (unsigned r = 2; r <= 4; r++) {
            check_round_trip(ir_type_get_matrix(float_bases[b], c, r));
            count++;
         }
      }
   }
   const enum ir_base_type sampled[] = { IR_TYPE_FLOAT, IR_TYPE_INT,
                                         IR_TYPE_UINT };
   for (unsigned s = 0; s < 3; s++) {
      for (unsigned d = IR_SAMPLER_DIM_1D; d <= IR_SAMPLER_DIM_MS; d++) {
         for (unsigned a = 0; a < 2; a++) {
            for (unsigned sh = 0; sh < 2; sh++) {
               const struct ir_type *t =
                  ir_type_get_sampler(d, sh, a, sampled[s]);
               check_round_trip(t);
               assert_int_equal(t->sampler_dim, d);
               assert_int_equal(t->sampler_array, a);
               assert_int_equal(t->sampler_shadow, sh);
               assert_int_equal(t->sampled_type, sampled[s]);
               count++;
            }
         }
      }
   }
   assert_int_equal(count, 40 + 27 + 84);
}

static void
names_are_glsl(void **state)
{
   static const char *const names[] = {
      "float",
      "vec2",
      "vec4",
      "double",
      "dvec3",
      "int",
      "ivec4",
      "uint",
      "uvec2",
      "bool",
      "bvec3",
      "float16_t",
      "f16vec4",
      "int16_t",
      "i16vec2",
      "uint16_t",
      "u16vec3",
      "int64_t",
      "i64vec4",
      "uint64_t",
      "u64vec2",
      "mat2",
      "mat3",
      "mat4",
      "mat2x3",
      "mat4x2",
      "dmat3",
      "dmat2x4",
      "f16mat4",
      "f16mat3x2",
      "sampler1D",
      "sampler2D",
      "sampler3D",
      "samplerCube",
      "sampler2DRect",
      "samplerBuffer",
      "sampler2DMS",
      "sampler1DArray",
      "sampler2DArray",
      "samplerCubeArray",
      "sampler2DMSArray",
      "sampler1DShadow",
      "sampler2DShadow",
      "samplerCubeShadow",
      "sampler2DRectShadow",
      "sampler1DArrayShadow",
      "sampler2DArrayShadow",
      "samplerCubeArrayShadow",
      "isampler2D",
      "isampler3D",
      "isamplerBuffer",
      "isampler2DMSArray",
      "usampler1DArray",
      "usamplerCube",
      "usampler2DRect",
   };
   for (unsigned i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
      const struct ir_type *t = ir_type_from_name(names[i]);
      assert_non_null(t);
      assert_string_equal(ir_type_builtin_name(t), names[i]);
   }

   assert_ptr_equal(ir_type_from_name("vec3"),
                    ir_type_get_vector(IR_TYPE_FLOAT, 3));
   assert_ptr_equal(ir_type_from_name("mat2x4"),
                    ir_type_get_matrix(IR_TYPE_FLOAT, 2, 4));
   /* matNxN is another spelling of matN. */
   assert_ptr_equal(ir_type_from_name("mat3x3"),
                    ir_type_get_matrix(IR_TYPE_FLOAT, 3, 3));
   assert_ptr_equal(ir_type_from_name("dmat2x2"),
                    ir_type_get_matrix(IR_TYPE_DOUBLE, 2, 2));
   assert_ptr_equal(
      ir_type_from_name("usampler2DArray"),
      ir_type_get_sampler(IR_SAMPLER_DIM_2D, false, true, IR_TYPE_UINT));
   assert_ptr_equal(ir_type_from_name("void"), ir_type_get_void());

   assert_null(ir_type_from_name("vec5"));
   assert_null(ir_type_from_name("mat1"));
   assert_null(ir_type_from_name("Vec4"));
   assert_null(ir_type_from_name(""));
   assert_null(ir_type_from_name(NULL));
}

static void
invalid_requests(void **state)
{
   assert_null(ir_type_get_vector(IR_TYPE_FLOAT, 0));
   assert_null(ir_type_get_vector(IR_TYPE_FLOAT, 5));
   assert_null(ir_type_get_vector(IR_TYPE_SAMPLER, 1));
   assert_null(ir_type_get_vector(IR_TYPE_VOID, 1));
   assert_null(ir_type_get_matrix(IR_TYPE_INT, 2, 2));
   assert_null(ir_type_get_matrix(IR_TYPE_FLOAT, 1, 4));
   assert_null(ir_type_get_matrix(IR_TYPE_FLOAT, 4, 5));
   assert_null(
      ir_type_get_sampler(IR_SAMPLER_DIM_2D, false, false, IR_TYPE_DOUBLE));

   struct u_arena *mem = u_arena_create(NULL);
   assert_null(ir_type_builtin_name(
      ir_type_array(mem, ir_type_get_scalar(IR_TYPE_FLOAT), 2)));
   u_arena_destroy(mem);
}

static const struct ir_type *
make_struct(struct u_arena *mem, const char *name, const char *field_a,
            int offset_b, bool row_major_b)
{
   struct ir_struct_field fields[] = {
      { ir_type_get_vector(IR_TYPE_FLOAT, 4), field_a, -1, false },
      { ir_type_get_matrix(IR_TYPE_FLOAT, 3, 3), "b", offset_b, row_major_b },
   };
   return ir_type_struct(mem, IR_TYPE_STRUCT, name, fields, 2, IR_PACKING_NONE);
}

static void
equality(void **state)
{
   struct u_arena *mem = u_arena_create(NULL);
   const struct ir_type *f = ir_type_get_scalar(IR_TYPE_FLOAT);
   const struct ir_type *i = ir_type_get_scalar(IR_TYPE_INT);

   assert_true(ir_type_equal(f, f));
   assert_false(ir_type_equal(f, i));
   assert_false(ir_type_equal(f, ir_type_get_vector(IR_TYPE_FLOAT, 2)));
   assert_false(ir_type_equal(ir_type_get_matrix(IR_TYPE_FLOAT, 2, 3),
                              ir_type_get_matrix(IR_TYPE_FLOAT, 3, 2)));

   /* Arrays compare structurally, also nested. */
   const struct ir_type *a1 = ir_type_array(mem, ir_type_array(mem, f, 3), 2);
   const struct ir_type *a2 = ir_type_array(mem, ir_type_array(mem, f, 3), 2);
   assert_ptr_not_equal(a1, a2);
   assert_true(ir_type_equal(a1, a2));
   assert_false(
      ir_type_equal(a1, ir_type_array(mem, ir_type_array(mem, f, 2), 3)));
   assert_false(
      ir_type_equal(ir_type_array(mem, f, 3), ir_type_array(mem, i, 3)));
   assert_false(
      ir_type_equal(ir_type_array(mem, f, 0), ir_type_array(mem, f, 3)));

   /* Structs: name, field names, types, offsets and majority count. */
   const struct ir_type *s1 = make_struct(mem, "S", "a", -1, false);
   assert_true(ir_type_equal(s1, make_struct(mem, "S", "a", -1, false)));
   assert_false(ir_type_equal(s1, make_struct(mem, "T", "a", -1, false)));
   assert_false(ir_type_equal(s1, make_struct(mem, NULL, "a", -1, false)));
   assert_false(ir_type_equal(s1, make_struct(mem, "S", "x", -1, false)));
   assert_false(ir_type_equal(s1, make_struct(mem, "S", "a", 16, false)));
   assert_false(ir_type_equal(s1, make_struct(mem, "S", "a", -1, true)));
   assert_true(ir_type_equal(make_struct(mem, NULL, "a", -1, false),
                             make_struct(mem, NULL, "a", -1, false)));

   /* The fields and names were copied. */
   char name[] = "Temp";
   struct ir_struct_field field = { f, name, -1, false };
   const struct ir_type *t = ir_type_struct(mem, IR_TYPE_INTERFACE, name,
                                            &field, 1, IR_PACKING_STD140);
   name[0] = 'X';
   assert_string_equal(t->name, "Temp");
   assert_string_equal(t->fields[0].name, "Temp");
   assert_int_equal(t->base, IR_TYPE_INTERFACE);
   assert_int_equal(t->packing, IR_PACKING_STD140);
   assert_true(ir_type_is_struct(t));
   u_arena_destroy(mem);
}

static void
counts(void **state)
{
   struct u_arena *mem = u_arena_create(NULL);
   const struct ir_type *vec3 = ir_type_get_vector(IR_TYPE_FLOAT, 3);
   const struct ir_type *dvec2 = ir_type_get_vector(IR_TYPE_DOUBLE, 2);
   const struct ir_type *dvec3 = ir_type_get_vector(IR_TYPE_DOUBLE, 3);
   const struct ir_type *dvec4 = ir_type_get_vector(IR_TYPE_DOUBLE, 4);
   const struct ir_type *mat4 = ir_type_get_matrix(IR_TYPE_FLOAT, 4, 4);
   const struct ir_type *dmat4 = ir_type_get_matrix(IR_TYPE_DOUBLE, 4, 4);
   const struct ir_type *dmat3x2 = ir_type_get_matrix(IR_TYPE_DOUBLE, 3, 2);

   assert_int_equal(ir_type_component_count(vec3), 3);
   assert_int_equal(ir_type_slot_count(vec3), 1);
   assert_int_equal(ir_type_slot_count(dvec2), 1);
   assert_int_equal(ir_type_slot_count(dvec3), 2);
   assert_int_equal(ir_type_slot_count(dvec4), 2);
   assert_int_equal(ir_type_component_count(mat4), 16);
   assert_int_equal(ir_type_slot_count(mat4), 4);
   assert_int_equal(ir_type_slot_count(dmat4), 8);
   /* Three columns of dvec2. */
   assert_int_equal(ir_type_component_count(dmat3x2), 6);
   assert_int_equal(ir_type_slot_count(dmat3x2), 3);

   const struct ir_type *arr = ir_type_array(mem, vec3, 4);
   assert_int_equal(ir_type_component_count(arr), 12);
   assert_int_equal(ir_type_slot_count(arr), 4);
   const struct ir_type *arr2 =
      ir_type_array(mem, ir_type_array(mem, dvec4, 3), 2);
   assert_int_equal(ir_type_component_count(arr2), 24);
   assert_int_equal(ir_type_slot_count(arr2), 12);

   struct ir_struct_field fields[] = {
      { ir_type_get_vector(IR_TYPE_FLOAT, 4), "a", -1, false },
      { ir_type_array(mem, ir_type_get_scalar(IR_TYPE_FLOAT), 3), "b", -1,
        false },
      { dvec4, "c", -1, false },
      { mat4, "d", -1, false },
   };
   const struct ir_type *s =
      ir_type_struct(mem, IR_TYPE_STRUCT, "S", fields, 4, IR_PACKING_NONE);
   /* 4 + 3 + 4 + 16 components; 1 + 3 + 2 + 4 slots. */
   assert_int_equal(ir_type_component_count(s), 27);
   assert_int_equal(ir_type_slot_count(s), 10);
   assert_int_equal(ir_type_slot_count(ir_type_array(mem, s, 2)), 20);

   assert_int_equal(ir_type_component_count(ir_type_get_void()), 0);
   assert_int_equal(ir_type_slot_count(ir_type_array(mem, vec3, 0)), 0);
   u_arena_destroy(mem);
}

static void
base_sizes_and_indexing(void **state)
{
   assert_int_equal(ir_base_type_bit_size(IR_TYPE_BOOL), 1);
   assert_int_equal(ir_base_type_bit_size(IR_TYPE_FLOAT16), 16);
   assert_int_equal(ir_base_type_bit_size(IR_TYPE_UINT16), 16);
   assert_int_equal(ir_base_type_bit_size(IR_TYPE_INT), 32);
   assert_int_equal(ir_base_type_bit_size(IR_TYPE_DOUBLE), 64);
   assert_int_equal(ir_base_type_bit_size(IR_TYPE_UINT64), 64);
   assert_int_equal(ir_base_type_bit_size(IR_TYPE_STRUCT), 0);

   struct u_arena *mem = u_arena_create(NULL);
   const struct ir_type *mat3x2 = ir_type_get_matrix(IR_TYPE_FLOAT, 3, 2);
   const struct ir_type *vec2 = ir_type_get_vector(IR_TYPE_FLOAT, 2);
   const struct ir_type *f = ir_type_get_scalar(IR_TYPE_FLOAT);
   assert_ptr_equal(ir_type_column(mat3x2), vec2);
   assert_ptr_equal(ir_type_index(mat3x2), vec2);
   assert_ptr_equal(ir_type_index(vec2), f);
   assert_ptr_equal(ir_type_column(vec2), f);
   assert_null(ir_type_index(f));
   const struct ir_type *arr = ir_type_array(mem, mat3x2, 5);
   assert_ptr_equal(ir_type_index(arr), mat3x2);
   assert_true(ir_type_is_array(arr));
   assert_false(ir_type_is_matrix(arr));
   assert_true(ir_type_is_matrix(mat3x2));
   assert_true(ir_type_is_vector_or_scalar(vec2));
   assert_true(ir_type_is_scalar(f));
   u_arena_destroy(mem);
}

static void
std140_basic(void **state)
{
   const struct ir_type *t;
   /* Rule 1: scalars align to their size N (bool takes 4 bytes). */
   t = ir_type_get_scalar(IR_TYPE_FLOAT);
   assert_int_equal(ir_type_std140_align(t, false), 4);
   assert_int_equal(ir_type_std140_size(t, false), 4);
   t = ir_type_get_scalar(IR_TYPE_BOOL);
   assert_int_equal(ir_type_std140_align(t, false), 4);
   assert_int_equal(ir_type_std140_size(t, false), 4);
   t = ir_type_get_scalar(IR_TYPE_DOUBLE);
   assert_int_equal(ir_type_std140_align(t, false), 8);
   /* Rules 2, 3: vec2 aligns to 2N, vec3 and vec4 to 4N. */
   t = ir_type_get_vector(IR_TYPE_FLOAT, 2);
   assert_int_equal(ir_type_std140_align(t, false), 8);
   assert_int_equal(ir_type_std140_size(t, false), 8);
   t = ir_type_get_vector(IR_TYPE_FLOAT, 3);
   assert_int_equal(ir_type_std140_align(t, false), 16);
   assert_int_equal(ir_type_std140_size(t, false), 12);
   t = ir_type_get_vector(IR_TYPE_INT, 4);
   assert_int_equal(ir_type_std140_align(t, false), 16);
   assert_int_equal(ir_type_std140_size(t, false), 16);
   t = ir_type_get_vector(IR_TYPE_DOUBLE, 3);
   assert_int_equal(ir_type_std140_align(t, false), 32);
   assert_int_equal(ir_type_std140_size(t, false), 24);
   t = ir_type_get_vector(IR_TYPE_DOUBLE, 2);
   assert_int_equal(ir_type_std140_align(t, false), 16);
   /* 16-bit: N = 2. */
   t = ir_type_get_vector(IR_TYPE_FLOAT16, 3);
   assert_int_equal(ir_type_std140_align(t, false), 8);
   assert_int_equal(ir_type_std140_size(t, false), 6);
}

static void
std140_arrays_and_matrices(void **state)
{
   struct u_arena *mem = u_arena_create(NULL);
   const struct ir_type *f = ir_type_get_scalar(IR_TYPE_FLOAT);
   const struct ir_type *vec3 = ir_type_get_vector(IR_TYPE_FLOAT, 3);
   const struct ir_type *t;

   /* Rule 4: float[3] has a stride of 16 (the vec4 alignment). */
   t = ir_type_array(mem, f, 3);
   assert_int_equal(ir_type_std140_align(t, false), 16);
   assert_int_equal(ir_type_std140_size(t, false), 48);
   /* vec3[2]: stride roundup(12, 16) = 16. */
   t = ir_type_array(mem, vec3, 2);
   assert_int_equal(ir_type_std140_size(t, false), 32);
   /* float[2][3]: inner float[3] is 48 bytes, outer stride 48. */
   t = ir_type_array(mem, ir_type_array(mem, f, 3), 2);
   assert_int_equal(ir_type_std140_size(t, false), 96);

   /* Rule 5: mat3 = 3 columns of vec3, stride 16: 48 bytes. */
   t = ir_type_get_matrix(IR_TYPE_FLOAT, 3, 3);
   assert_int_equal(ir_type_std140_align(t, false), 16);
   assert_int_equal(ir_type_std140_size(t, false), 48);
   /* mat3x2: column-major, 3 columns of vec2 with stride 16: 48 bytes;
    * row-major (rule 7), 2 rows of vec3: 32 bytes. */
   t = ir_type_get_matrix(IR_TYPE_FLOAT, 3, 2);
   assert_int_equal(ir_type_std140_size(t, false), 48);
   assert_int_equal(ir_type_std140_size(t, true), 32);
   /* mat2x4: 2 columns of vec4 (32) or 4 rows of vec2 (64). */
   t = ir_type_get_matrix(IR_TYPE_FLOAT, 2, 4);
   assert_int_equal(ir_type_std140_size(t, false), 32);
   assert_int_equal(ir_type_std140_size(t, true), 64);
   /* dmat4: columns of dvec4 (align 32, size 32). */
   t = ir_type_get_matrix(IR_TYPE_DOUBLE, 4, 4);
   assert_int_equal(ir_type_std140_align(t, false), 32);
   assert_int_equal(ir_type_std140_size(t, false), 128);
   /* Rule 6: mat2[3] = 6 columns of vec2 at stride 16. */
   t = ir_type_array(mem, ir_type_get_matrix(IR_TYPE_FLOAT, 2, 2), 3);
   assert_int_equal(ir_type_std140_size(t, false), 96);
   u_arena_destroy(mem);
}

static void
std140_structs(void **state)
{
   struct u_arena *mem = u_arena_create(NULL);
   const struct ir_type *f = ir_type_get_scalar(IR_TYPE_FLOAT);

   /* struct S { float a; vec3 b; float c; mat2 d; float e[2]; }
    *   a: 0..4; b: align 16 -> 16..28; c: 28..32; d: align 16 -> 32..64
    *   (2 columns at stride 16); e: align 16 -> 64..96.
    *   align 16, size 96. */
   struct ir_struct_field sf[] = {
      { f, "a", -1, false },
      { ir_type_get_vector(IR_TYPE_FLOAT, 3), "b", -1, false },
      { f, "c", -1, false },
      { ir_type_get_matrix(IR_TYPE_FLOAT, 2, 2), "d", -1, false },
      { ir_type_array(mem, f, 2), "e", -1, false },
   };
   const struct ir_type *s =
      ir_type_struct(mem, IR_TYPE_STRUCT, "S", sf, 5, IR_PACKING_NONE);
   assert_int_equal(ir_type_std140_align(s, false), 16);
   assert_int_equal(ir_type_std140_size(s, false), 96);

   /* struct T { vec2 a; S s; float f; }: a 0..8; s align 16 -> 16..112;
    * f 112..116; size rounded to 16: 128.  T[2]: stride 128. */
   struct ir_struct_field tf[] = {
      { ir_type_get_vector(IR_TYPE_FLOAT, 2), "a", -1, false },
      { s, "s", -1, false },
      { f, "f", -1, false },
   };
   const struct ir_type *t =
      ir_type_struct(mem, IR_TYPE_STRUCT, "T", tf, 3, IR_PACKING_NONE);
   assert_int_equal(ir_type_std140_size(t, false), 128);
   assert_int_equal(ir_type_std140_size(ir_type_array(mem, t, 2), false), 256);

   /* struct { float a; dvec3 b; }: b align 32 -> 32..56; struct align
    * max(4, 32) = 32; size 64. */
   struct ir_struct_field df[] = {
      { f, "a", -1, false },
      { ir_type_get_vector(IR_TYPE_DOUBLE, 3), "b", -1, false },
   };
   const struct ir_type *d =
      ir_type_struct(mem, IR_TYPE_STRUCT, "D", df, 2, IR_PACKING_NONE);
   assert_int_equal(ir_type_std140_align(d, false), 32);
   assert_int_equal(ir_type_std140_size(d, false), 64);

   /* A struct of one float still aligns to 16 and is 16 bytes. */
   struct ir_struct_field one = { f, "x", -1, false };
   const struct ir_type *o =
      ir_type_struct(mem, IR_TYPE_STRUCT, "O", &one, 1, IR_PACKING_NONE);
   assert_int_equal(ir_type_std140_align(o, false), 16);
   assert_int_equal(ir_type_std140_size(o, false), 16);

   /* Members use their own row_major flag: { float a; mat3x2 m; }
    * column-major: m at 16, 48 bytes -> 64; row-major: 32 bytes -> 48. */
   struct ir_struct_field mf[] = {
      { f, "a", -1, false },
      { ir_type_get_matrix(IR_TYPE_FLOAT, 3, 2), "m", -1, false },
   };
   const struct ir_type *mc =
      ir_type_struct(mem, IR_TYPE_STRUCT, "M", mf, 2, IR_PACKING_NONE);
   assert_int_equal(ir_type_std140_size(mc, false), 64);
   mf[1].row_major = true;
   const struct ir_type *mr =
      ir_type_struct(mem, IR_TYPE_STRUCT, "M", mf, 2, IR_PACKING_NONE);
   assert_int_equal(ir_type_std140_size(mr, false), 48);

   /* Explicit offsets win: { float a offset=0; vec4 b offset=32; } ends at
    * 48. */
   struct ir_struct_field of[] = {
      { f, "a", 0, false },
      { ir_type_get_vector(IR_TYPE_FLOAT, 4), "b", 32, false },
   };
   const struct ir_type *ob =
      ir_type_struct(mem, IR_TYPE_INTERFACE, "B", of, 2, IR_PACKING_STD140);
   assert_int_equal(ir_type_std140_size(ob, false), 48);
   u_arena_destroy(mem);
}

static void
print_types(void **state)
{
   struct u_arena *mem = u_arena_create(NULL);
   struct u_strbuf b;
   u_strbuf_init(&b, mem);
   const struct ir_type *f = ir_type_get_scalar(IR_TYPE_FLOAT);

   ir_type_print(ir_type_array(mem, ir_type_array(mem, f, 3), 2), &b);
   assert_string_equal(b.str, "float[2][3]");
   u_strbuf_clear(&b);
   ir_type_print(ir_type_array(mem, ir_type_get_vector(IR_TYPE_UINT, 2), 0),
                 &b);
   assert_string_equal(b.str, "uvec2[]");
   u_strbuf_clear(&b);

   struct ir_struct_field fields[] = { { f, "x", -1, false } };
   ir_type_print(
      ir_type_struct(mem, IR_TYPE_STRUCT, "S", fields, 1, IR_PACKING_NONE), &b);
   assert_string_equal(b.str, "S");
   u_strbuf_clear(&b);
   ir_type_print(ir_type_struct(mem, IR_TYPE_INTERFACE, NULL, fields, 1,
                                IR_PACKING_STD140),
                 &b);
   assert_string_equal(b.str, "interface std140 { float x; }");
   u_strbuf_clear(&b);
   ir_type_print(
      ir_type_get_sampler(IR_SAMPLER_DIM_CUBE, true, true, IR_TYPE_FLOAT), &b);
   assert_string_equal(b.str, "samplerCubeArrayShadow");
   u_arena_destroy(mem);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(names_round_trip),
      cmocka_unit_test(names_are_glsl),
      cmocka_unit_test(invalid_requests),
      cmocka_unit_test(equality),
      cmocka_unit_test(counts),
      cmocka_unit_test(base_sizes_and_indexing),
      cmocka_unit_test(std140_basic),
      cmocka_unit_test(std140_arrays_and_matrices),
      cmocka_unit_test(std140_structs),
      cmocka_unit_test(print_types),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
