/* SPDX-License-Identifier: MIT */

/*
 * Types of IR variables: scalars, vectors, matrices, arrays, structs,
 * interface blocks and samplers.
 *
 * SSA values carry no type beyond bit size and component count; types only
 * describe variables (and the derefs into them) until those are lowered to
 * SSA values or to explicit offsets.  Scalar, vector and matrix types and
 * samplers are static singletons returned by the ir_type_get_*() functions,
 * so they compare by pointer; array and struct types live in an arena and
 * compare with ir_type_equal().  The GLSL front end uses these same types.
 */
#ifndef IR_TYPE_H
#define IR_TYPE_H

#include <stdbool.h>
#include <stdint.h>

struct u_arena;
struct u_strbuf;

enum ir_base_type {
   IR_TYPE_VOID,
   IR_TYPE_BOOL,
   IR_TYPE_FLOAT16,
   IR_TYPE_FLOAT,
   IR_TYPE_DOUBLE,
   IR_TYPE_INT16,
   IR_TYPE_UINT16,
   IR_TYPE_INT,
   IR_TYPE_UINT,
   IR_TYPE_INT64,
   IR_TYPE_UINT64,
   IR_TYPE_SAMPLER,
   IR_TYPE_ARRAY,
   IR_TYPE_STRUCT,
   IR_TYPE_INTERFACE,
};

enum ir_sampler_dim {
   IR_SAMPLER_DIM_1D,
   IR_SAMPLER_DIM_2D,
   IR_SAMPLER_DIM_3D,
   IR_SAMPLER_DIM_CUBE,
   IR_SAMPLER_DIM_RECT,
   IR_SAMPLER_DIM_BUF,
   IR_SAMPLER_DIM_MS,
};

/** Memory layout of a uniform (or later storage) block. */
enum ir_block_packing {
   IR_PACKING_NONE,
   IR_PACKING_STD140,
   IR_PACKING_SHARED,
   IR_PACKING_PACKED,
};

struct ir_struct_field {
   const struct ir_type *type;
   const char *name;
   /** Byte offset inside a block with explicit layout, else -1. */
   int offset;
   bool row_major;
};

struct ir_type {
   enum ir_base_type base;
   /** Rows of a matrix, components of a vector; 1 for scalars. */
   uint8_t vector_elements;
   /** Columns of a matrix; 1 for scalars and vectors. */
   uint8_t matrix_columns;

   /* Samplers. */
   enum ir_sampler_dim sampler_dim;
   bool sampler_shadow;
   bool sampler_array;
   /** IR_TYPE_FLOAT, IR_TYPE_INT or IR_TYPE_UINT: what sampling returns. */
   enum ir_base_type sampled_type;

   /* Arrays: length 0 means unsized. */
   const struct ir_type *element;
   unsigned length;

   /* Structs and interface blocks. */
   const char *name;
   const struct ir_struct_field *fields;
   unsigned num_fields;
   enum ir_block_packing packing;
};

/** Scalar (n = 1) or vector (n = 2..4) of a numeric or bool base type. */
const struct ir_type *ir_type_get_vector(enum ir_base_type base, unsigned n);
static inline const struct ir_type *
ir_type_get_scalar(enum ir_base_type base)
{
   return ir_type_get_vector(base, 1);
}
/** Matrix of @p cols columns of @p rows-component vectors (2..4 each). */
const struct ir_type *ir_type_get_matrix(enum ir_base_type base, unsigned cols,
                                         unsigned rows);
const struct ir_type *ir_type_get_sampler(enum ir_sampler_dim dim, bool shadow,
                                          bool array,
                                          enum ir_base_type sampled_type);
const struct ir_type *ir_type_get_void(void);

/** New array type in @p arena (NULL on allocation failure). */
const struct ir_type *ir_type_array(struct u_arena *arena,
                                    const struct ir_type *element,
                                    unsigned length);
/** New struct (or interface) type; @p fields are copied into @p arena. */
const struct ir_type *ir_type_struct(struct u_arena *arena,
                                     enum ir_base_type base, const char *name,
                                     const struct ir_struct_field *fields,
                                     unsigned num_fields,
                                     enum ir_block_packing packing);

/** Structural equality (pointer equality for the singletons). */
bool ir_type_equal(const struct ir_type *a, const struct ir_type *b);

static inline bool
ir_type_is_scalar(const struct ir_type *t)
{
   return t->base <= IR_TYPE_UINT64 && t->base != IR_TYPE_VOID &&
          t->vector_elements == 1 && t->matrix_columns == 1;
}
static inline bool
ir_type_is_vector_or_scalar(const struct ir_type *t)
{
   return t->base <= IR_TYPE_UINT64 && t->base != IR_TYPE_VOID &&
          t->matrix_columns == 1;
}
static inline bool
ir_type_is_matrix(const struct ir_type *t)
{
   return t->matrix_columns > 1;
}
static inline bool
ir_type_is_array(const struct ir_type *t)
{
   return t->base == IR_TYPE_ARRAY;
}
static inline bool
ir_type_is_struct(const struct ir_type *t)
{
   return t->base == IR_TYPE_STRUCT || t->base == IR_TYPE_INTERFACE;
}

/** Bit size of one component of a numeric base type (bool: 1). */
unsigned ir_base_type_bit_size(enum ir_base_type base);
/** The column type of a matrix, the type of a vector's component. */
const struct ir_type *ir_type_column(const struct ir_type *matrix);
/** Element type when indexing: array element, matrix column, vector component. */
const struct ir_type *ir_type_index(const struct ir_type *t);
/** Number of scalar components in total (arrays and structs flattened). */
unsigned ir_type_component_count(const struct ir_type *t);
/** Number of vec4 locations (varying/attribute slots) the type occupies. */
unsigned ir_type_slot_count(const struct ir_type *t);
/** std140 base alignment and size in bytes (GL 4.6 core, 7.6.2.2). */
unsigned ir_type_std140_align(const struct ir_type *t, bool row_major);
unsigned ir_type_std140_size(const struct ir_type *t, bool row_major);
/** Bytes between the elements of a std140 array of @p elem. */
unsigned ir_type_std140_array_stride(const struct ir_type *elem,
                                     bool row_major);

/** Appends the type's textual form (as the IR printer writes it). */
void ir_type_print(const struct ir_type *t, struct u_strbuf *out);
/** GLSL-style name of a scalar/vector/matrix/sampler type ("vec4", "mat3x2",
 * "sampler2DArrayShadow"), or NULL for arrays and structs. */
const char *ir_type_builtin_name(const struct ir_type *t);
/** Looks up a scalar/vector/matrix/sampler type by its GLSL name. */
const struct ir_type *ir_type_from_name(const char *name);

#endif
