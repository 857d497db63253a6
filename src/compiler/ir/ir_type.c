/* SPDX-License-Identifier: MIT */

/*
 * Types of IR variables (see ir_type.h).
 *
 * Every scalar, vector, matrix and sampler type is an entry of one of the
 * static const tables below, so those types compare by pointer and cost no
 * allocation; nothing here is mutable or lazily initialised.  Each entry
 * carries its GLSL name in ir_type::name, which is what the text form
 * prints.  Sampler names follow the GLSL rule prefix + "sampler" + dim +
 * "Array" + "Shadow" for every combination, including those GLSL 3.30 does
 * not declare (sampler3DArray, isampler2DShadow, ...), so that every
 * sampler type the IR can hold has a name that reads back.
 *
 * Arrays and structs are built in an arena and compared structurally by
 * ir_type_equal().
 *
 * The std140 rules (GL 4.6 core, 7.6.2.2 "Standard Uniform Block Layout"),
 * with N the size of a scalar component in bytes (4 for bool):
 *  1. a scalar is aligned to N;
 *  2. a two-component vector to 2N, 3. three and four components to 4N;
 *  4. an array of scalars or vectors: the element alignment rounded up to
 *     a vec4 (16 bytes), the stride its size rounded up to that alignment;
 *  5.-8. a column-major matrix of C columns of R components is an array of
 *     C vectors of R components; a row-major one an array of R vectors of
 *     C components; arrays of matrices are arrays of those arrays;
 *  9. a struct is aligned to the largest member alignment rounded up to a
 *     vec4, members are placed in order at their own alignment, and its
 *     size is rounded up to its alignment;
 * 10. arrays of structs follow rule 4 with the struct's alignment.
 * 16-bit types (not covered by std140 itself) use N = 2 as
 * GL_EXT_shader_16bit_storage does.  Struct members use their own
 * row_major flag (the front end records the effective majority there) and
 * their explicit offset when it is >= 0.
 */
#include <stdio.h>
#include <string.h>

#include "compiler/ir/ir_type.h"
#include "util/u_arena.h"
#include "util/u_strbuf.h"

#define VEC(b, n, nm)                                                      \
   {                                                                       \
      .base = (b), .vector_elements = (n), .matrix_columns = 1, .name = nm \
   }
#define VECS(b, s, v)                                                    \
   {                                                                     \
      VEC(b, 1, s), VEC(b, 2, v "2"), VEC(b, 3, v "3"), VEC(b, 4, v "4") \
   }

/* Indexed by base type (IR_TYPE_BOOL .. IR_TYPE_UINT64) and size - 1. */
static const struct ir_type vector_types[IR_TYPE_UINT64 + 1][4] = {
   [IR_TYPE_BOOL] = VECS(IR_TYPE_BOOL, "bool", "bvec"),
   [IR_TYPE_FLOAT16] = VECS(IR_TYPE_FLOAT16, "float16_t", "f16vec"),
   [IR_TYPE_FLOAT] = VECS(IR_TYPE_FLOAT, "float", "vec"),
   [IR_TYPE_DOUBLE] = VECS(IR_TYPE_DOUBLE, "double", "dvec"),
   [IR_TYPE_INT16] = VECS(IR_TYPE_INT16, "int16_t", "i16vec"),
   [IR_TYPE_UINT16] = VECS(IR_TYPE_UINT16, "uint16_t", "u16vec"),
   [IR_TYPE_INT] = VECS(IR_TYPE_INT, "int", "ivec"),
   [IR_TYPE_UINT] = VECS(IR_TYPE_UINT, "uint", "uvec"),
   [IR_TYPE_INT64] = VECS(IR_TYPE_INT64, "int64_t", "i64vec"),
   [IR_TYPE_UINT64] = VECS(IR_TYPE_UINT64, "uint64_t", "u64vec"),
};

#define MAT(b, c, r, nm)                                                     \
   {                                                                         \
      .base = (b), .vector_elements = (r), .matrix_columns = (c), .name = nm \
   }
#define MATS(b, p)                                                           \
   {                                                                         \
      { MAT(b, 2, 2, p "2"), MAT(b, 2, 3, p "2x3"), MAT(b, 2, 4, p "2x4") }, \
         { MAT(b, 3, 2, p "3x2"), MAT(b, 3, 3, p "3"),                       \
           MAT(b, 3, 4, p "3x4") },                                          \
      {                                                                      \
         MAT(b, 4, 2, p "4x2"), MAT(b, 4, 3, p "4x3"), MAT(b, 4, 4, p "4")   \
      }                                                                      \
   }

/* Indexed by [float16, float, double][columns - 2][rows - 2]. */
static const struct ir_type matrix_types[3][3][3] = {
   MATS(IR_TYPE_FLOAT16, "f16mat"),
   MATS(IR_TYPE_FLOAT, "mat"),
   MATS(IR_TYPE_DOUBLE, "dmat"),
};

#define SAMP(p, st, d, dn, arr, an, sh, sn)                               \
   {                                                                      \
      .base = IR_TYPE_SAMPLER, .vector_elements = 1, .matrix_columns = 1, \
      .sampler_dim = (d), .sampler_array = (arr), .sampler_shadow = (sh), \
      .sampled_type = (st), .name = p "sampler" dn an sn                  \
   }
#define SAMP_DIM(p, st, d, dn)                                \
   {                                                          \
      { SAMP(p, st, d, dn, false, "", false, ""),             \
        SAMP(p, st, d, dn, false, "", true, "Shadow") },      \
      {                                                       \
         SAMP(p, st, d, dn, true, "Array", false, ""),        \
            SAMP(p, st, d, dn, true, "Array", true, "Shadow") \
      }                                                       \
   }
#define SAMP_TYPE(p, st)                                 \
   {                                                     \
      SAMP_DIM(p, st, IR_SAMPLER_DIM_1D, "1D"),          \
         SAMP_DIM(p, st, IR_SAMPLER_DIM_2D, "2D"),       \
         SAMP_DIM(p, st, IR_SAMPLER_DIM_3D, "3D"),       \
         SAMP_DIM(p, st, IR_SAMPLER_DIM_CUBE, "Cube"),   \
         SAMP_DIM(p, st, IR_SAMPLER_DIM_RECT, "2DRect"), \
         SAMP_DIM(p, st, IR_SAMPLER_DIM_BUF, "Buffer"),  \
         SAMP_DIM(p, st, IR_SAMPLER_DIM_MS, "2DMS"),     \
   }

#define NUM_SAMPLER_DIMS (IR_SAMPLER_DIM_MS + 1)

/* Indexed by [float, int, uint][dim][array][shadow]. */
static const struct ir_type sampler_types[3][NUM_SAMPLER_DIMS][2][2] = {
   SAMP_TYPE("", IR_TYPE_FLOAT),
   SAMP_TYPE("i", IR_TYPE_INT),
   SAMP_TYPE("u", IR_TYPE_UINT),
};

static const struct ir_type void_type = {
   .base = IR_TYPE_VOID,
   .vector_elements = 1,
   .matrix_columns = 1,
   .name = "void",
};

const struct ir_type *
ir_type_get_vector(enum ir_base_type base, unsigned n)
{
   if (base < IR_TYPE_BOOL || base > IR_TYPE_UINT64 || n < 1 || n > 4)
      return NULL;
   return &vector_types[base][n - 1];
}

static int
float_class(enum ir_base_type base)
{
   switch (base) {
   case IR_TYPE_FLOAT16:
      return 0;
   case IR_TYPE_FLOAT:
      return 1;
   case IR_TYPE_DOUBLE:
      return 2;
   default:
      return -1;
   }
}

const struct ir_type *
ir_type_get_matrix(enum ir_base_type base, unsigned cols, unsigned rows)
{
   int c = float_class(base);
   if (c < 0 || cols < 2 || cols > 4 || rows < 2 || rows > 4)
      return NULL;
   return &matrix_types[c][cols - 2][rows - 2];
}

const struct ir_type *
ir_type_get_sampler(enum ir_sampler_dim dim, bool shadow, bool array,
                    enum ir_base_type sampled_type)
{
   int st;
   switch (sampled_type) {
   case IR_TYPE_FLOAT:
      st = 0;
      break;
   case IR_TYPE_INT:
      st = 1;
      break;
   case IR_TYPE_UINT:
      st = 2;
      break;
   default:
      return NULL;
   }
   if ((unsigned)dim >= NUM_SAMPLER_DIMS)
      return NULL;
   return &sampler_types[st][dim][array][shadow];
}

const struct ir_type *
ir_type_get_void(void)
{
   return &void_type;
}

const struct ir_type *
ir_type_array(struct u_arena *arena, const struct ir_type *element,
              unsigned length)
{
   struct ir_type *t = u_arena_zalloc(arena, sizeof(*t));
   if (!t)
      return NULL;
   t->base = IR_TYPE_ARRAY;
   t->vector_elements = 1;
   t->matrix_columns = 1;
   t->element = element;
   t->length = length;
   return t;
}

const struct ir_type *
ir_type_struct(struct u_arena *arena, enum ir_base_type base, const char *name,
               const struct ir_struct_field *fields, unsigned num_fields,
               enum ir_block_packing packing)
{
   struct ir_type *t = u_arena_zalloc(arena, sizeof(*t));
   struct ir_struct_field *f =
      u_arena_zalloc_array(arena, num_fields, sizeof(*f));
   if (!t || !f)
      return NULL;
   for (unsigned i = 0; i < num_fields; i++) {
      f[i] = fields[i];
      if (fields[i].name) {
         f[i].name = u_arena_strdup(arena, fields[i].name);
         if (!f[i].name)
            return NULL;
      }
   }
   t->base = base;
   t->vector_elements = 1;
   t->matrix_columns = 1;
   if (name) {
      t->name = u_arena_strdup(arena, name);
      if (!t->name)
         return NULL;
   }
   t->fields = f;
   t->num_fields = num_fields;
   t->packing = packing;
   return t;
}

static bool
str_equal(const char *a, const char *b)
{
   if (!a || !b)
      return a == b;
   return strcmp(a, b) == 0;
}

bool
ir_type_equal(const struct ir_type *a, const struct ir_type *b)
{
   if (a == b)
      return true;
   if (!a || !b || a->base != b->base)
      return false;

   switch (a->base) {
   case IR_TYPE_ARRAY:
      return a->length == b->length && ir_type_equal(a->element, b->element);
   case IR_TYPE_STRUCT:
   case IR_TYPE_INTERFACE:
      if (!str_equal(a->name, b->name) || a->num_fields != b->num_fields ||
          a->packing != b->packing)
         return false;
      for (unsigned i = 0; i < a->num_fields; i++) {
         const struct ir_struct_field *fa = &a->fields[i], *fb = &b->fields[i];
         if (!str_equal(fa->name, fb->name) || fa->offset != fb->offset ||
             fa->row_major != fb->row_major ||
             !ir_type_equal(fa->type, fb->type))
            return false;
      }
      return true;
   case IR_TYPE_SAMPLER:
      return a->sampler_dim == b->sampler_dim &&
             a->sampler_shadow == b->sampler_shadow &&
             a->sampler_array == b->sampler_array &&
             a->sampled_type == b->sampled_type;
   default:
      return a->vector_elements == b->vector_elements &&
             a->matrix_columns == b->matrix_columns;
   }
}

unsigned
ir_base_type_bit_size(enum ir_base_type base)
{
   switch (base) {
   case IR_TYPE_BOOL:
      return 1;
   case IR_TYPE_FLOAT16:
   case IR_TYPE_INT16:
   case IR_TYPE_UINT16:
      return 16;
   case IR_TYPE_FLOAT:
   case IR_TYPE_INT:
   case IR_TYPE_UINT:
      return 32;
   case IR_TYPE_DOUBLE:
   case IR_TYPE_INT64:
   case IR_TYPE_UINT64:
      return 64;
   default:
      return 0;
   }
}

static bool
is_numeric(const struct ir_type *t)
{
   return t->base >= IR_TYPE_BOOL && t->base <= IR_TYPE_UINT64;
}

const struct ir_type *
ir_type_column(const struct ir_type *t)
{
   if (!is_numeric(t))
      return NULL;
   if (t->matrix_columns > 1)
      return ir_type_get_vector(t->base, t->vector_elements);
   return ir_type_get_scalar(t->base);
}

const struct ir_type *
ir_type_index(const struct ir_type *t)
{
   if (t->base == IR_TYPE_ARRAY)
      return t->element;
   if (is_numeric(t) && (t->matrix_columns > 1 || t->vector_elements > 1))
      return ir_type_column(t);
   return NULL;
}

unsigned
ir_type_component_count(const struct ir_type *t)
{
   switch (t->base) {
   case IR_TYPE_VOID:
      return 0;
   case IR_TYPE_ARRAY:
      return t->length * ir_type_component_count(t->element);
   case IR_TYPE_STRUCT:
   case IR_TYPE_INTERFACE: {
      unsigned n = 0;
      for (unsigned i = 0; i < t->num_fields; i++)
         n += ir_type_component_count(t->fields[i].type);
      return n;
   }
   case IR_TYPE_SAMPLER:
      return 1;
   default:
      return t->vector_elements * t->matrix_columns;
   }
}

unsigned
ir_type_slot_count(const struct ir_type *t)
{
   switch (t->base) {
   case IR_TYPE_VOID:
      return 0;
   case IR_TYPE_ARRAY:
      return t->length * ir_type_slot_count(t->element);
   case IR_TYPE_STRUCT:
   case IR_TYPE_INTERFACE: {
      unsigned n = 0;
      for (unsigned i = 0; i < t->num_fields; i++)
         n += ir_type_slot_count(t->fields[i].type);
      return n;
   }
   case IR_TYPE_SAMPLER:
      return 1;
   default: {
      /* A column of more than two 64-bit components takes two slots. */
      unsigned per_column =
         ir_base_type_bit_size(t->base) == 64 && t->vector_elements > 2 ? 2 : 1;
      return per_column * t->matrix_columns;
   }
   }
}

static unsigned
align_up(unsigned v, unsigned a)
{
   return a ? (v + a - 1) / a * a : v;
}

/* Bytes of one component in std140 (bool takes a 32-bit word). */
static unsigned
std140_component_size(enum ir_base_type base)
{
   unsigned bits = ir_base_type_bit_size(base);
   return bits == 1 ? 4 : bits / 8;
}

static unsigned
std140_vector_align(enum ir_base_type base, unsigned n)
{
   unsigned size = std140_component_size(base);
   return n == 1 ? size : n == 2 ? 2 * size : 4 * size;
}

/* Alignment and size of an array of @p length elements (rule 4). */
static void
std140_array(unsigned elem_align, unsigned elem_size, unsigned length,
             unsigned *align, unsigned *size)
{
   *align = align_up(elem_align, 16);
   *size = align_up(elem_size, *align) * length;
}

static void
std140_layout(const struct ir_type *t, bool row_major, unsigned *align,
              unsigned *size)
{
   switch (t->base) {
   case IR_TYPE_ARRAY: {
      unsigned ea, es;
      std140_layout(t->element, row_major, &ea, &es);
      std140_array(ea, es, t->length, align, size);
      return;
   }
   case IR_TYPE_STRUCT:
   case IR_TYPE_INTERFACE: {
      unsigned max_align = 0, offset = 0;
      for (unsigned i = 0; i < t->num_fields; i++) {
         const struct ir_struct_field *f = &t->fields[i];
         unsigned fa, fs;
         std140_layout(f->type, f->row_major, &fa, &fs);
         offset = f->offset >= 0 ? (unsigned)f->offset : align_up(offset, fa);
         offset += fs;
         if (fa > max_align)
            max_align = fa;
      }
      *align = align_up(max_align, 16);
      *size = align_up(offset, *align);
      return;
   }
   default:
      break;
   }

   if (!is_numeric(t)) {
      *align = 0;
      *size = 0;
      return;
   }
   unsigned comp = std140_component_size(t->base);
   if (t->matrix_columns == 1) {
      *align = std140_vector_align(t->base, t->vector_elements);
      *size = comp * t->vector_elements;
      return;
   }
   /* Rules 5-8: a matrix is an array of its columns (or rows). */
   unsigned vec_len = row_major ? t->matrix_columns : t->vector_elements;
   unsigned count = row_major ? t->vector_elements : t->matrix_columns;
   std140_array(std140_vector_align(t->base, vec_len), comp * vec_len, count,
                align, size);
}

unsigned
ir_type_std140_align(const struct ir_type *t, bool row_major)
{
   unsigned align, size;
   std140_layout(t, row_major, &align, &size);
   return align;
}

unsigned
ir_type_std140_size(const struct ir_type *t, bool row_major)
{
   unsigned align, size;
   std140_layout(t, row_major, &align, &size);
   return size;
}

static const char *const packing_names[] = {
   [IR_PACKING_NONE] = "",
   [IR_PACKING_STD140] = " std140",
   [IR_PACKING_SHARED] = " shared",
   [IR_PACKING_PACKED] = " packed",
};

void
ir_type_print(const struct ir_type *t, struct u_strbuf *out)
{
   if (!t) {
      u_strbuf_append(out, "<null type>");
      return;
   }
   if (t->base == IR_TYPE_ARRAY) {
      /* float[2][3]: the innermost element first, then the lengths from
       * the outermost array inwards. */
      const struct ir_type *e = t;
      while (e->base == IR_TYPE_ARRAY && e->element)
         e = e->element;
      ir_type_print(e, out);
      for (e = t; e->base == IR_TYPE_ARRAY && e->element; e = e->element) {
         if (e->length)
            u_strbuf_appendf(out, "[%u]", e->length);
         else
            u_strbuf_append(out, "[]");
      }
      return;
   }
   if (ir_type_is_struct(t)) {
      if (t->name) {
         u_strbuf_append(out, t->name);
         return;
      }
      /* Anonymous: spell it out (the printer of whole shaders names
       * every struct instead). */
      u_strbuf_append(out, t->base == IR_TYPE_STRUCT ? "struct" : "interface");
      if ((unsigned)t->packing <= IR_PACKING_PACKED)
         u_strbuf_append(out, packing_names[t->packing]);
      u_strbuf_append(out, " {");
      for (unsigned i = 0; i < t->num_fields; i++) {
         u_strbuf_append_char(out, ' ');
         ir_type_print(t->fields[i].type, out);
         u_strbuf_appendf(out, " %s;",
                          t->fields[i].name ? t->fields[i].name : "_");
      }
      u_strbuf_append(out, " }");
      return;
   }
   const char *name = ir_type_builtin_name(t);
   u_strbuf_append(out, name ? name : "<invalid type>");
}

const char *
ir_type_builtin_name(const struct ir_type *t)
{
   if (!t)
      return NULL;
   switch (t->base) {
   case IR_TYPE_VOID:
      return "void";
   case IR_TYPE_SAMPLER: {
      const struct ir_type *s = ir_type_get_sampler(
         t->sampler_dim, t->sampler_shadow, t->sampler_array, t->sampled_type);
      return s ? s->name : NULL;
   }
   case IR_TYPE_ARRAY:
   case IR_TYPE_STRUCT:
   case IR_TYPE_INTERFACE:
      return NULL;
   default:
      break;
   }
   const struct ir_type *s =
      t->matrix_columns > 1
         ? ir_type_get_matrix(t->base, t->matrix_columns, t->vector_elements)
         : ir_type_get_vector(t->base, t->vector_elements);
   return s ? s->name : NULL;
}

const struct ir_type *
ir_type_from_name(const char *name)
{
   if (!name)
      return NULL;
   if (strcmp(name, "void") == 0)
      return &void_type;

   for (unsigned b = IR_TYPE_BOOL; b <= IR_TYPE_UINT64; b++) {
      for (unsigned n = 0; n < 4; n++) {
         if (strcmp(vector_types[b][n].name, name) == 0)
            return &vector_types[b][n];
      }
   }

   const struct ir_type *m = &matrix_types[0][0][0];
   for (unsigned i = 0; i < 3 * 3 * 3; i++) {
      if (strcmp(m[i].name, name) == 0)
         return &m[i];
      /* Square matrices are also spelled matNxN. */
      if (m[i].matrix_columns == m[i].vector_elements) {
         char alias[16];
         snprintf(alias, sizeof(alias), "%sx%u", m[i].name,
                  m[i].matrix_columns);
         if (strcmp(alias, name) == 0)
            return &m[i];
      }
   }

   const struct ir_type *s = &sampler_types[0][0][0][0];
   for (unsigned i = 0; i < 3 * NUM_SAMPLER_DIMS * 2 * 2; i++) {
      if (strcmp(s[i].name, name) == 0)
         return &s[i];
   }
   return NULL;
}

unsigned
ir_type_std140_array_stride(const struct ir_type *elem, bool row_major)
{
   unsigned align, size, stride;
   std140_layout(elem, row_major, &align, &size);
   std140_array(align, size, 1, &align, &stride);
   return stride;
}
