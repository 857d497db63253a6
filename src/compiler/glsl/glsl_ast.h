/* SPDX-License-Identifier: MIT */

/*
 * The GLSL abstract syntax tree.
 *
 * Three passes share it.  The parser (glsl_parse*.c) builds it from the
 * lexer's tokens, with a source location on every node, and checks only
 * the grammar.  Semantic analysis (glsl_sema*.c) walks it once, resolves
 * names and types, folds constant expressions, checks every rule of the
 * specification for the shader's version and fills the fields marked
 * "sema" below; where the specification converts a value implicitly it
 * inserts a GLSL_AST_CONVERT node above the converted expression.  The
 * translation to IR (glsl_to_ir*.c) then reads only trees that passed
 * analysis without errors, so it relies on every "sema" field.
 *
 * Every node lives in the compilation's arena; nothing is freed on its
 * own.  Lists of siblings (statements of a block, external declarations)
 * are u_list lists linked through glsl_ast_node::link; fixed-arity
 * children are pointers.
 */
#ifndef GLSL_AST_H
#define GLSL_AST_H

#include <stdbool.h>
#include <stdint.h>

#include "compiler/ir/ir.h"
#include "compiler/ir/ir_type.h"
#include "util/u_list.h"

struct glsl_symbol;
struct glsl_function_sig;

/** Where a node starts in the source (after #line). */
struct glsl_loc {
   unsigned source;
   unsigned line;
   /** 1-based; 0 when unknown. */
   unsigned column;
};

enum glsl_ast_kind {
   /* Expressions (struct glsl_ast_expr in the union). */
   GLSL_AST_IDENTIFIER,
   GLSL_AST_INT_CONSTANT,
   GLSL_AST_UINT_CONSTANT,
   GLSL_AST_FLOAT_CONSTANT,
   GLSL_AST_DOUBLE_CONSTANT,
   GLSL_AST_BOOL_CONSTANT,
   GLSL_AST_UNARY,       /**< expr.op, expr.operands[0] */
   GLSL_AST_BINARY,      /**< expr.op, expr.operands[0..1] */
   GLSL_AST_ASSIGN,      /**< expr.op (GLSL_OP_ASSIGN or compound) */
   GLSL_AST_CONDITIONAL, /**< operands[0] ? operands[1] : operands[2] */
   GLSL_AST_SEQUENCE,    /**< operands[0], operands[1] */
   GLSL_AST_INDEX,       /**< operands[0][operands[1]] */
   GLSL_AST_FIELD,       /**< operands[0].field_name: member or swizzle */
   /**
    * A call: a function (call.name), a constructor (call.type_spec: a
    * built-in type, a struct name or an array type), or the length()
    * method (call.object set, call.name "length").
    */
   GLSL_AST_CALL,
   /** An initializer list { a, b, ... } (GLSL 4.20 syntax; the parser
    * accepts it in every version and sema rejects it where it is not
    * allowed). */
   GLSL_AST_INIT_LIST,
   /** Implicit conversion to expr.type of operands[0]; made by sema. */
   GLSL_AST_CONVERT,

   /* Statements (struct glsl_ast_stmt). */
   GLSL_AST_COMPOUND,  /**< stmt.body: a new scope */
   GLSL_AST_EXPR_STMT, /**< stmt.expr, NULL for an empty statement */
   GLSL_AST_DECL_STMT, /**< stmt.decl: a GLSL_AST_VARIABLE_DECL etc. */
   GLSL_AST_IF,        /**< stmt.cond, stmt.then_stmt, stmt.else_stmt */
   GLSL_AST_SWITCH,    /**< stmt.expr, stmt.body (labels inside) */
   GLSL_AST_CASE,      /**< stmt.expr: the label's value */
   GLSL_AST_DEFAULT,
   GLSL_AST_WHILE,    /**< stmt.cond (a condition), stmt.then_stmt */
   GLSL_AST_DO_WHILE, /**< stmt.then_stmt, stmt.cond */
   /** stmt.init (a statement), stmt.cond (condition or NULL), stmt.expr
    * (the increment or NULL), stmt.then_stmt; the whole loop is a scope. */
   GLSL_AST_FOR,
   GLSL_AST_CONTINUE,
   GLSL_AST_BREAK,
   GLSL_AST_RETURN, /**< stmt.expr or NULL */
   GLSL_AST_DISCARD,
   /**
    * A condition of while/for that declares a variable:
    * "while (bool b = f())": cond_decl.qual, type_spec, name, init.
    * Plain conditions are expressions.
    */
   GLSL_AST_CONDITION_DECL,

   /* Declarations (struct glsl_ast_decl), at global scope or in a
    * GLSL_AST_DECL_STMT. */
   /** decl.qual, decl.type_spec, decl.declarators (possibly none, as in
    * "struct S { ... };" or "float;"). */
   GLSL_AST_VARIABLE_DECL,
   /** decl.func: a prototype (body NULL) or a definition. */
   GLSL_AST_FUNCTION,
   /** "precision mediump float;": decl.qual.precision, decl.type_spec. */
   GLSL_AST_PRECISION,
   /** decl.block: an interface block. */
   GLSL_AST_INTERFACE_BLOCK,
   /**
    * Qualifiers alone: "invariant gl_Position, v;" (decl.qual and
    * decl.declarators with names only), or default layouts such as
    * "layout(std140) uniform;" and "layout(triangles) in;" (no
    * declarators).
    */
   GLSL_AST_QUALIFIER_DECL,
};

enum glsl_ast_op {
   /* Unary. */
   GLSL_OP_PLUS,
   GLSL_OP_NEG,
   GLSL_OP_LOGIC_NOT,
   GLSL_OP_BIT_NOT,
   GLSL_OP_PRE_INC,
   GLSL_OP_PRE_DEC,
   GLSL_OP_POST_INC,
   GLSL_OP_POST_DEC,
   /* Binary. */
   GLSL_OP_MUL,
   GLSL_OP_DIV,
   GLSL_OP_MOD,
   GLSL_OP_ADD,
   GLSL_OP_SUB,
   GLSL_OP_LSHIFT,
   GLSL_OP_RSHIFT,
   GLSL_OP_LESS,
   GLSL_OP_GREATER,
   GLSL_OP_LEQUAL,
   GLSL_OP_GEQUAL,
   GLSL_OP_EQUAL,
   GLSL_OP_NEQUAL,
   GLSL_OP_BIT_AND,
   GLSL_OP_BIT_XOR,
   GLSL_OP_BIT_OR,
   GLSL_OP_LOGIC_AND,
   GLSL_OP_LOGIC_XOR,
   GLSL_OP_LOGIC_OR,
   /* Assignment: GLSL_OP_ASSIGN, or a binary op for "op=". */
   GLSL_OP_ASSIGN,
};

enum glsl_precision {
   GLSL_PRECISION_NONE,
   GLSL_PRECISION_LOW,
   GLSL_PRECISION_MEDIUM,
   GLSL_PRECISION_HIGH,
};

/** Qualifier words (glsl_ast_qualifier::flags). */
enum glsl_qual_flag {
   GLSL_Q_CONST = 1u << 0,
   GLSL_Q_IN = 1u << 1,
   GLSL_Q_OUT = 1u << 2,
   GLSL_Q_INOUT = 1u << 3,
   GLSL_Q_UNIFORM = 1u << 4,
   GLSL_Q_BUFFER = 1u << 5,
   GLSL_Q_ATTRIBUTE = 1u << 6,
   GLSL_Q_VARYING = 1u << 7,
   GLSL_Q_CENTROID = 1u << 8,
   GLSL_Q_SAMPLE = 1u << 9,
   GLSL_Q_PATCH = 1u << 10,
   GLSL_Q_FLAT = 1u << 11,
   GLSL_Q_SMOOTH = 1u << 12,
   GLSL_Q_NOPERSPECTIVE = 1u << 13,
   GLSL_Q_INVARIANT = 1u << 14,
   GLSL_Q_PRECISE = 1u << 15,
   GLSL_Q_SHARED = 1u << 16,
   GLSL_Q_COHERENT = 1u << 17,
   GLSL_Q_VOLATILE = 1u << 18,
   GLSL_Q_RESTRICT = 1u << 19,
   GLSL_Q_READONLY = 1u << 20,
   GLSL_Q_WRITEONLY = 1u << 21,
   /** A precision word (the value is in glsl_ast_qualifier::precision). */
   GLSL_Q_PRECISION = 1u << 22,
   /** A layout(...) (the ids are in glsl_ast_qualifier::layout). */
   GLSL_Q_LAYOUT = 1u << 23,
};

/** One id of a layout qualifier: "location = 3", "std140". */
struct glsl_ast_layout_id {
   struct glsl_loc loc;
   /** As written; sema compares it as the version's rules say (the
    * desktop GLSL specifications make layout ids case-insensitive). */
   const char *name;
   /** The value expression, or NULL when there is none. */
   struct glsl_ast_node *value;
   /** sema: the folded value of `value`. */
   int64_t int_value;
};

struct glsl_ast_qualifier {
   struct glsl_loc loc;
   /** Bitmask of enum glsl_qual_flag. */
   uint32_t flags;
   enum glsl_precision precision;
   struct glsl_ast_layout_id *layout;
   unsigned num_layout;
   /**
    * The qualifier words in source order (each one enum glsl_qual_flag
    * bit, layout and precision included), for the ordering rules of GLSL
    * before 4.20 / ESSL before 3.10 and for repeated-qualifier errors,
    * which sema checks.
    */
   uint32_t order[24];
   unsigned num_order;
};

/** Array dimensions "[3][]": sizes[i] is NULL for an unsized one. */
struct glsl_ast_array {
   struct glsl_loc loc;
   unsigned num_dims;
   struct glsl_ast_node **sizes;
};

struct glsl_ast_struct_member;

/** "struct Name { members }". */
struct glsl_ast_struct {
   struct glsl_loc loc;
   /** NULL for an anonymous struct. */
   const char *name;
   /** GLSL_AST_VARIABLE_DECL nodes, one per member declaration line. */
   struct u_list members;
   /** sema: the struct type. */
   const struct ir_type *type;
};

struct glsl_ast_type_spec {
   struct glsl_loc loc;
   /**
    * The type's name: a built-in type keyword's text ("vec4",
    * "sampler2DShadow", "void") or a struct's name; NULL when
    * struct_def is set.
    */
   const char *name;
   /** The name is a built-in type keyword (not a user identifier). */
   bool is_builtin;
   /** An inline struct specifier, or NULL. */
   struct glsl_ast_struct *struct_def;
   /** Dimensions written on the type ("float[3] a"), or NULL. */
   struct glsl_ast_array *array;
   /** sema: the type, array dimensions included. */
   const struct ir_type *type;
};

struct glsl_ast_declarator {
   struct glsl_loc loc;
   const char *name;
   /** Dimensions written on the name ("a[3]"), or NULL. */
   struct glsl_ast_array *array;
   /** An expression or a GLSL_AST_INIT_LIST, or NULL. */
   struct glsl_ast_node *initializer;
   /** sema: the declared variable (NULL for names in a
    * GLSL_AST_QUALIFIER_DECL that only re-qualify: then `symbol` is the
    * existing variable). */
   struct glsl_symbol *symbol;
};

struct glsl_ast_param {
   struct glsl_loc loc;
   struct glsl_ast_qualifier qual;
   struct glsl_ast_type_spec *type_spec;
   /** NULL for an unnamed parameter. */
   const char *name;
   struct glsl_ast_array *array;
   /** sema: the parameter's variable (also for unnamed ones). */
   struct glsl_symbol *symbol;
};

struct glsl_ast_function {
   /** Qualifiers of the return type (precision only, in valid code). */
   struct glsl_ast_qualifier return_qual;
   struct glsl_ast_type_spec *return_type;
   const char *name;
   struct glsl_ast_param *params;
   unsigned num_params;
   /** A GLSL_AST_COMPOUND for a definition, NULL for a prototype. */
   struct glsl_ast_node *body;
   /** sema: the signature declared or defined. */
   struct glsl_function_sig *sig;
};

struct glsl_ast_block {
   /** Storage (uniform, in, out, buffer) and layout. */
   struct glsl_ast_qualifier qual;
   const char *block_name;
   /** GLSL_AST_VARIABLE_DECL nodes, one per member declaration. */
   struct u_list members;
   /** NULL when the members are visible at global scope. */
   const char *instance_name;
   struct glsl_ast_array *array;
   /** sema: the interface type (IR_TYPE_INTERFACE, with fields, packing
    * and std140 offsets) and the instance variable, or for a block
    * without instance name the block's variable (members are accessed
    * as fields of it). */
   const struct ir_type *type;
   struct glsl_symbol *symbol;
};

struct glsl_ast_expr {
   enum glsl_ast_op op;
   struct glsl_ast_node *operands[3];
   /* Constants as written. */
   union {
      int32_t i;
      uint32_t u;
      float f;
      double d;
      bool b;
   } literal;
   /** GLSL_AST_IDENTIFIER: the name; GLSL_AST_FIELD: the field name. */
   const char *name;

   /* ---- sema ---- */
   /** The expression's type (never NULL after analysis). */
   const struct ir_type *type;
   /** The value when the expression is a constant expression, else NULL. */
   struct ir_constant *constant;
   /** GLSL_AST_IDENTIFIER: the variable it names. */
   struct glsl_symbol *symbol;
   /** GLSL_AST_FIELD: the member index, or -1 for a swizzle. */
   int field_index;
   /** GLSL_AST_FIELD swizzles: components (0..3) and their count. */
   uint8_t swizzle[4];
   uint8_t num_swizzle;
};

struct glsl_ast_call {
   /** The function's name (NULL for a constructor). */
   const char *name;
   /** The constructed type, or NULL for a function call. */
   struct glsl_ast_type_spec *type_spec;
   /** The object of a method call (only "x.length()"), else NULL. */
   struct glsl_ast_node *object;
   struct glsl_ast_node **args;
   unsigned num_args;

   /* ---- sema (the result type is in glsl_ast_node::expr.type) ---- */
   /** The called function (user or built-in), NULL for constructors and
    * length(). */
   struct glsl_function_sig *sig;
};

struct glsl_ast_stmt {
   struct glsl_ast_node *expr;
   struct glsl_ast_node *cond;
   struct glsl_ast_node *init;
   struct glsl_ast_node *then_stmt;
   struct glsl_ast_node *else_stmt;
   /** GLSL_AST_COMPOUND and GLSL_AST_SWITCH: the statements. */
   struct u_list body;
   /** GLSL_AST_DECL_STMT: the declaration node. */
   struct glsl_ast_node *decl;
   /** GLSL_AST_CASE, sema: the label's folded value. */
   int64_t case_value;
};

struct glsl_ast_cond_decl {
   struct glsl_ast_qualifier qual;
   struct glsl_ast_type_spec *type_spec;
   const char *name;
   struct glsl_ast_node *init;
   /** sema */
   struct glsl_symbol *symbol;
};

struct glsl_ast_decl {
   struct glsl_ast_qualifier qual;
   /** NULL for GLSL_AST_QUALIFIER_DECL. */
   struct glsl_ast_type_spec *type_spec;
   struct glsl_ast_declarator *declarators;
   unsigned num_declarators;
   /** GLSL_AST_FUNCTION */
   struct glsl_ast_function func;
   /** GLSL_AST_INTERFACE_BLOCK */
   struct glsl_ast_block block;
};

struct glsl_ast_node {
   enum glsl_ast_kind kind;
   struct glsl_loc loc;
   /** Link in the parent's list (statements, declarations, members). */
   struct u_list link;
   union {
      struct glsl_ast_expr expr;
      struct glsl_ast_stmt stmt;
      struct glsl_ast_decl decl;
      struct glsl_ast_cond_decl cond_decl;
   };
   /** GLSL_AST_CALL: the call (expr also holds its sema type/constant). */
   struct glsl_ast_call call;
   /** GLSL_AST_INIT_LIST: the elements. */
   struct glsl_ast_node **elements;
   unsigned num_elements;
};

/** A translation unit: the external declarations in order. */
struct glsl_ast_unit {
   /** struct glsl_ast_node (declarations), in source order. */
   struct u_list decls;
   unsigned version;
   bool es;
};

static inline bool
glsl_ast_is_expr(const struct glsl_ast_node *n)
{
   return n->kind <= GLSL_AST_CONVERT;
}

/**
 * The IR opcode of a component-wise binary operator on operands of base
 * type @p base (arithmetic, bitwise, logical on bools, shifts, ordered
 * comparisons); *@p swap says whether the operands go in reverse order
 * (a > b is b < a).  False for operators that are not one opcode (==, !=,
 * && and || with their short circuit are the caller's).  Semantic
 * analysis folds with it and the translation emits with it, so constants
 * and run time agree.
 */
bool glsl_ast_op_ir_opcode(enum glsl_ast_op op, enum ir_base_type base,
                           enum ir_op *out, bool *swap);

/** Printable name of an operator ("+", "<<=", "++"...). */
const char *glsl_ast_op_name(enum glsl_ast_op op);

/**
 * Appends a debugging dump of the tree (one node per line, indented) to
 * @p out.  Used by the parser's tests; the format is not an interface.
 */
struct u_strbuf;
void glsl_ast_print(const struct glsl_ast_unit *unit, struct u_strbuf *out);

#endif
