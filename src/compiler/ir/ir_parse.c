/* SPDX-License-Identifier: MIT */

/*
 * The parser of the IR's text form (ir_print.c writes it; the grammar is
 * in docs/compiler-ir.md): the shader-level statements (shader, name,
 * info, type, var), types, variable attributes and constants.  Functions
 * and instructions are in ir_parse_instr.c, tokens and literals in
 * ir_parse_lex.c.
 *
 * Recursive descent over one line per statement; the shader is built with
 * the core API as statements are read.  Every failure records the first
 * error as "LINE:COL: message" and unwinds by returning false; ir_parse()
 * then destroys the half-built shader, so nothing leaks and nothing is
 * printed, whatever the input.  The parser is meant to survive fuzzing, so
 * it also refuses inputs that are syntactically fine but would make later
 * code recurse or loop without bound: types nested more than
 * MAX_TYPE_DEPTH deep or with more than MAX_TYPE_NODES nodes or
 * MAX_TYPE_COMPONENTS scalar components (see ir_parse_instr.c for the
 * limit on control-flow nesting).
 */
#include <stdlib.h>
#include <string.h>

#include "compiler/ir/ir_parse_priv.h"
#include "util/u_arena.h"
#include "util/u_hash.h"

#define MAX_TYPE_DEPTH      64
#define MAX_TYPE_NODES      (1u << 16)
#define MAX_TYPE_COMPONENTS (1u << 24)

struct type_metrics {
   unsigned depth;
   uint64_t nodes;
   uint64_t components;
};

static bool
is_identifier(const struct ir_token *t)
{
   if (t->kind != IR_TOK_WORD)
      return false;
   for (unsigned i = 0; i < t->len; i++) {
      char c = t->text[i];
      bool alpha = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
      if (!alpha && !(i > 0 && c >= '0' && c <= '9'))
         return false;
   }
   return true;
}

static bool
check_metrics(struct ir_parser *p, const struct ir_token *t,
              const struct type_metrics *m)
{
   if (m->depth > MAX_TYPE_DEPTH || m->nodes > MAX_TYPE_NODES ||
       m->components > MAX_TYPE_COMPONENTS)
      return ir_parse_fail(p, t, "type too large");
   return true;
}

/* TYPE: a builtin or named type followed by [N] or [] dimensions. */
static bool
parse_type_metrics(struct ir_parser *p, const struct ir_type **type,
                   struct type_metrics *m)
{
   struct ir_token *t = ir_parse_next(p);
   if (t->kind != IR_TOK_WORD)
      return ir_parse_fail(p, t, "expected a type");
   char *name = ir_parse_tok_str(p, t);
   if (!name)
      return ir_parse_fail(p, t, "out of memory");

   const struct ir_type *base = ir_type_from_name(name);
   if (base && base->base != IR_TYPE_VOID) {
      *m = (struct type_metrics){ 0, 1, ir_type_component_count(base) };
   } else {
      struct u_hash_entry *e = u_hash_table_search(p->types, name);
      if (!e)
         return ir_parse_fail(p, t, "unknown type '%s'", name);
      const struct ir_named_type *nt = e->data;
      base = nt->type;
      *m = (struct type_metrics){ nt->depth, nt->nodes, nt->components };
   }

   /* float[2][3] is an array of 2 arrays of 3 floats: collect the lengths,
    * then wrap from the innermost one out. */
   unsigned lengths[MAX_TYPE_DEPTH + 1];
   unsigned num_dims = 0;
   while (ir_parse_tok_is_punct(ir_parse_peek(p), '[')) {
      struct ir_token *open = ir_parse_next(p);
      uint64_t len = 0;
      if (!ir_parse_accept_punct(p, ']')) {
         if (!ir_parse_uint(p, ir_parse_next(p), UINT32_MAX, &len) ||
             !ir_parse_expect_punct(p, ']'))
            return false;
      }
      m->depth++;
      m->nodes++;
      m->components *= len;
      if (!check_metrics(p, open, m))
         return false;
      lengths[num_dims++] = (unsigned)len;
   }
   while (num_dims > 0) {
      base = ir_type_array(p->shader->arena, base, lengths[--num_dims]);
      if (!base)
         return ir_parse_fail(p, t, "out of memory");
   }
   *type = base;
   return true;
}

bool
ir_parse_type(struct ir_parser *p, const struct ir_type **type)
{
   struct type_metrics m;
   return parse_type_metrics(p, type, &m);
}

/* type NAME = struct|interface [std140|shared|packed] { FIELD; ... } */
static bool
parse_type_decl(struct ir_parser *p)
{
   struct ir_token *name_tok = ir_parse_next(p);
   if (!is_identifier(name_tok))
      return ir_parse_fail(p, name_tok, "expected a type name");
   char *name = ir_parse_tok_str(p, name_tok);
   if (!name)
      return ir_parse_fail(p, name_tok, "out of memory");
   if (ir_type_from_name(name))
      return ir_parse_fail(p, name_tok, "'%s' is a builtin type", name);
   if (u_hash_table_search(p->types, name))
      return ir_parse_fail(p, name_tok, "duplicate type '%s'", name);
   if (!ir_parse_expect_punct(p, '='))
      return false;

   enum ir_base_type base;
   struct ir_token *kind = ir_parse_next(p);
   if (ir_parse_tok_is(kind, "struct"))
      base = IR_TYPE_STRUCT;
   else if (ir_parse_tok_is(kind, "interface"))
      base = IR_TYPE_INTERFACE;
   else
      return ir_parse_fail(p, kind, "expected 'struct' or 'interface'");

   enum ir_block_packing packing = IR_PACKING_NONE;
   if (ir_parse_accept_word(p, "std140"))
      packing = IR_PACKING_STD140;
   else if (ir_parse_accept_word(p, "shared"))
      packing = IR_PACKING_SHARED;
   else if (ir_parse_accept_word(p, "packed"))
      packing = IR_PACKING_PACKED;
   if (!ir_parse_expect_punct(p, '{'))
      return false;

   struct u_dynarray fields;
   u_dynarray_init(&fields, p->mem);
   struct u_set *field_names = u_set_create_string(p->mem);
   if (!field_names)
      return ir_parse_fail(p, kind, "out of memory");
   struct type_metrics m = { 0, 1, 0 };
   while (!ir_parse_accept_punct(p, '}')) {
      struct ir_struct_field f = { .offset = -1 };
      struct type_metrics fm;
      if (!parse_type_metrics(p, &f.type, &fm))
         return false;
      struct ir_token *ft = ir_parse_next(p);
      if (!is_identifier(ft))
         return ir_parse_fail(p, ft, "expected a field name");
      f.name = ir_parse_tok_str(p, ft);
      if (!f.name)
         return ir_parse_fail(p, ft, "out of memory");
      if (u_set_contains(field_names, f.name))
         return ir_parse_fail(p, ft, "duplicate field '%s'", f.name);
      if (!u_set_add(field_names, f.name))
         return ir_parse_fail(p, ft, "out of memory");
      for (;;) {
         if (ir_parse_accept_word(p, "row_major")) {
            f.row_major = true;
         } else if (ir_parse_accept_word(p, "offset")) {
            uint64_t off;
            if (!ir_parse_expect_punct(p, '=') ||
                !ir_parse_uint(p, ir_parse_next(p), INT32_MAX, &off))
               return false;
            f.offset = (int)off;
         } else {
            break;
         }
      }
      if (fm.depth + 1 > m.depth)
         m.depth = fm.depth + 1;
      m.nodes += fm.nodes;
      m.components += fm.components;
      if (!check_metrics(p, ft, &m))
         return false;
      if (!u_dynarray_append(&fields, struct ir_struct_field, f))
         return ir_parse_fail(p, ft, "out of memory");
      if (ir_parse_accept_punct(p, '}'))
         break;
      if (!ir_parse_expect_punct(p, ';'))
         return false;
   }
   if (!ir_parse_expect_eol(p))
      return false;

   struct ir_named_type *nt = u_arena_zalloc(p->mem, sizeof(*nt));
   if (!nt)
      return ir_parse_fail(p, name_tok, "out of memory");
   nt->type = ir_type_struct(
      p->shader->arena, base, name, fields.data,
      (unsigned)u_dynarray_num_elements(&fields, struct ir_struct_field),
      packing);
   nt->depth = m.depth;
   nt->nodes = m.nodes;
   nt->components = m.components;
   if (!nt->type || !u_hash_table_insert(p->types, name, nt))
      return ir_parse_fail(p, name_tok, "out of memory");
   return true;
}

/* ---------------------------------------------------------------------- */
/* Constants and variables                                                */
/* ---------------------------------------------------------------------- */

/* A component of an initializer: integer and bool types take no float
 * literal, float types no decimal integer (which would be read as raw bits,
 * never what a reader of "init=1" expects); hex bits are fine for any. */
static bool
parse_typed_value(struct ir_parser *p, const struct ir_token *t,
                  enum ir_base_type base, unsigned bits,
                  union ir_const_value *out)
{
   bool is_float_type = base == IR_TYPE_FLOAT16 || base == IR_TYPE_FLOAT ||
                        base == IR_TYPE_DOUBLE;
   bool float_literal = ir_parse_is_float_literal(t);
   bool hex = t->len > 2 && t->text[0] == '0' &&
              (t->text[1] == 'x' || t->text[1] == 'X');
   if (is_float_type && !float_literal && !hex)
      return ir_parse_fail(p, t, "expected a float literal or hex bits");
   if (!is_float_type && float_literal)
      return ir_parse_fail(p, t, "float literal for a non-float type");
   return ir_parse_value(p, t, bits, out);
}

static bool
parse_constant(struct ir_parser *p, const struct ir_type *t,
               struct ir_constant **out)
{
   struct ir_token *start = ir_parse_peek(p);
   struct ir_constant *c = u_arena_zalloc(p->shader->arena, sizeof(*c));
   if (!c)
      return ir_parse_fail(p, start, "out of memory");
   *out = c;

   if (t->base == IR_TYPE_ARRAY || ir_type_is_struct(t)) {
      bool is_struct = ir_type_is_struct(t);
      struct u_dynarray elems;
      u_dynarray_init(&elems, p->mem);
      if (!ir_parse_expect_punct(p, '{'))
         return false;
      while (!ir_parse_accept_punct(p, '}')) {
         unsigned i =
            (unsigned)u_dynarray_num_elements(&elems, struct ir_constant *);
         struct ir_token *at = ir_parse_peek(p);
         if ((is_struct && i >= t->num_fields) ||
             (!is_struct && t->length && i >= t->length))
            return ir_parse_fail(p, at, "too many initializer elements");
         struct ir_constant *e;
         if (!parse_constant(p, is_struct ? t->fields[i].type : t->element, &e))
            return false;
         if (!u_dynarray_append(&elems, struct ir_constant *, e))
            return ir_parse_fail(p, at, "out of memory");
         if (ir_parse_accept_punct(p, '}'))
            break;
         if (!ir_parse_expect_punct(p, ','))
            return false;
      }
      unsigned n =
         (unsigned)u_dynarray_num_elements(&elems, struct ir_constant *);
      unsigned want = is_struct ? t->num_fields : t->length;
      if (want && n != want)
         return ir_parse_fail(p, start, "expected %u initializer elements",
                              want);
      c->num_elements = n;
      c->elements =
         u_arena_alloc_array(p->shader->arena, n ? n : 1, sizeof(*c->elements));
      if (!c->elements)
         return ir_parse_fail(p, start, "out of memory");
      if (n)
         memcpy(c->elements, elems.data, n * sizeof(*c->elements));
      return true;
   }

   unsigned bits = ir_base_type_bit_size(t->base);
   if (t->base == IR_TYPE_SAMPLER)
      bits = 32;
   if (!bits)
      return ir_parse_fail(p, start, "no constant of this type");
   unsigned n = t->vector_elements * t->matrix_columns;
   if (n == 1 && !ir_parse_tok_is_punct(start, '('))
      return parse_typed_value(p, ir_parse_next(p), t->base, bits,
                               &c->values[0]);
   if (!ir_parse_expect_punct(p, '('))
      return false;
   for (unsigned i = 0; i < n; i++) {
      if (ir_parse_tok_is_punct(ir_parse_peek(p), ')'))
         return ir_parse_fail(p, ir_parse_peek(p), "expected %u value%s", n,
                              n == 1 ? "" : "s");
      if (i && !ir_parse_expect_punct(p, ','))
         return false;
      if (!parse_typed_value(p, ir_parse_next(p), t->base, bits, &c->values[i]))
         return false;
   }
   if (ir_parse_tok_is_punct(ir_parse_peek(p), ','))
      return ir_parse_fail(p, ir_parse_peek(p), "expected %u value%s", n,
                           n == 1 ? "" : "s");
   return ir_parse_expect_punct(p, ')');
}

static bool
parse_int_attr(struct ir_parser *p, int *out)
{
   int32_t v;
   if (!ir_parse_expect_punct(p, '=') ||
       !ir_parse_int32(p, ir_parse_next(p), &v))
      return false;
   *out = v;
   return true;
}

static bool
parse_uint_attr(struct ir_parser *p, unsigned *out)
{
   uint64_t v;
   if (!ir_parse_expect_punct(p, '=') ||
       !ir_parse_uint(p, ir_parse_next(p), UINT32_MAX, &v))
      return false;
   *out = (unsigned)v;
   return true;
}

bool
ir_parse_var_attrs(struct ir_parser *p, struct ir_variable *var)
{
   var->location = -1;
   var->component = 0;
   var->driver_location = 0;
   var->binding = -1;
   var->index = 0;
   var->interp = IR_INTERP_SMOOTH;
   var->interp_explicit = false;
   var->centroid = var->sample = var->invariant = false;
   var->precise = var->read_only = false;
   var->initializer = NULL;

   while (ir_parse_peek(p)->kind != IR_TOK_EOL) {
      struct ir_token *t = ir_parse_next(p);
      bool ok = true;
      if (ir_parse_tok_is(t, "location")) {
         ok = parse_int_attr(p, &var->location);
      } else if (ir_parse_tok_is(t, "component")) {
         ok = parse_uint_attr(p, &var->component);
      } else if (ir_parse_tok_is(t, "driver_location")) {
         ok = parse_uint_attr(p, &var->driver_location);
      } else if (ir_parse_tok_is(t, "binding")) {
         ok = parse_int_attr(p, &var->binding);
      } else if (ir_parse_tok_is(t, "index")) {
         ok = parse_uint_attr(p, &var->index);
      } else if (ir_parse_tok_is(t, "interp")) {
         if (!ir_parse_expect_punct(p, '='))
            return false;
         struct ir_token *v = ir_parse_next(p);
         if (ir_parse_tok_is(v, "smooth"))
            var->interp = IR_INTERP_SMOOTH;
         else if (ir_parse_tok_is(v, "flat"))
            var->interp = IR_INTERP_FLAT;
         else if (ir_parse_tok_is(v, "noperspective"))
            var->interp = IR_INTERP_NOPERSPECTIVE;
         else
            return ir_parse_fail(p, v, "unknown interpolation mode");
         /* Any interp= attribute is a qualified interpolation (the
          * printer writes interp=smooth only when qualified). */
         var->interp_explicit = true;
      } else if (ir_parse_tok_is(t, "centroid")) {
         var->centroid = true;
      } else if (ir_parse_tok_is(t, "sample")) {
         var->sample = true;
      } else if (ir_parse_tok_is(t, "invariant")) {
         var->invariant = true;
      } else if (ir_parse_tok_is(t, "precise")) {
         var->precise = true;
      } else if (ir_parse_tok_is(t, "read_only")) {
         var->read_only = true;
      } else if (ir_parse_tok_is(t, "init")) {
         ok = ir_parse_expect_punct(p, '=') &&
              parse_constant(p, var->type, &var->initializer);
      } else {
         return ir_parse_fail(p, t, "unknown variable attribute");
      }
      if (!ok)
         return false;
   }
   return true;
}

/* var MODE TYPE @NAME ATTRS */
static bool
parse_var(struct ir_parser *p)
{
   struct ir_token *mt = ir_parse_next(p);
   /* Not the last mode, function_temp: locals have their own line. */
   unsigned m = 0;
   while (m < IR_TEXT_NUM_VAR_MODES - 1 &&
          !ir_parse_tok_is(mt, ir_text_var_modes[m].name))
      m++;
   if (m == IR_TEXT_NUM_VAR_MODES - 1)
      return ir_parse_fail(p, mt, "unknown variable mode");

   const struct ir_type *type;
   if (!ir_parse_type(p, &type))
      return false;
   struct ir_token *nt = ir_parse_next(p);
   if (nt->kind != IR_TOK_VAR)
      return ir_parse_fail(p, nt, "expected @name");
   char *name = ir_parse_tok_str(p, nt);
   if (!name)
      return ir_parse_fail(p, nt, "out of memory");
   if (u_hash_table_search(p->vars, name))
      return ir_parse_fail(p, nt, "duplicate variable @%s", name);

   struct ir_variable *var =
      ir_variable_create(p->shader, ir_text_var_modes[m].mode, type, name);
   if (!var || !u_hash_table_insert(p->vars, var->name, var))
      return ir_parse_fail(p, nt, "out of memory");
   return ir_parse_var_attrs(p, var);
}

/* ---------------------------------------------------------------------- */
/* Shader header                                                          */
/* ---------------------------------------------------------------------- */

static bool
parse_prim(struct ir_parser *p, enum ir_prim *out)
{
   if (!ir_parse_expect_punct(p, '='))
      return false;
   struct ir_token *t = ir_parse_next(p);
   for (unsigned i = 0; i < IR_TEXT_NUM_PRIMS; i++) {
      if (ir_parse_tok_is(t, ir_text_prim_names[i])) {
         *out = (enum ir_prim)i;
         return true;
      }
   }
   return ir_parse_fail(p, t, "unknown primitive");
}

static bool
parse_info(struct ir_parser *p)
{
   struct ir_shader_info *info = &p->shader->info;
   while (ir_parse_peek(p)->kind != IR_TOK_EOL) {
      struct ir_token *t = ir_parse_next(p);
      bool ok = true;
      if (ir_parse_tok_is(t, "round_mode")) {
         if (!ir_parse_expect_punct(p, '='))
            return false;
         struct ir_token *v = ir_parse_next(p);
         if (ir_parse_tok_is(v, "rtne"))
            info->round_mode = IR_ROUND_NEAREST_EVEN;
         else if (ir_parse_tok_is(v, "rtz"))
            info->round_mode = IR_ROUND_TOWARD_ZERO;
         else
            return ir_parse_fail(p, v, "expected rtne or rtz");
      } else if (ir_parse_tok_is(t, "denorm")) {
         if (!ir_parse_expect_punct(p, '='))
            return false;
         struct ir_token *v = ir_parse_next(p);
         if (ir_parse_tok_is(v, "preserve"))
            info->denorm_mode = IR_DENORM_PRESERVE;
         else if (ir_parse_tok_is(v, "flush"))
            info->denorm_mode = IR_DENORM_FLUSH_TO_ZERO;
         else
            return ir_parse_fail(p, v, "expected preserve or flush");
      } else if (ir_parse_tok_is(t, "uses_discard")) {
         info->fs.uses_discard = true;
      } else if (ir_parse_tok_is(t, "uses_demote")) {
         info->fs.uses_demote = true;
      } else if (ir_parse_tok_is(t, "uses_derivatives")) {
         info->fs.uses_derivatives = true;
      } else if (ir_parse_tok_is(t, "writes_depth")) {
         info->fs.writes_depth = true;
      } else if (ir_parse_tok_is(t, "origin_upper_left")) {
         info->fs.origin_upper_left = true;
      } else if (ir_parse_tok_is(t, "pixel_center_integer")) {
         info->fs.pixel_center_integer = true;
      } else if (ir_parse_tok_is(t, "early_fragment_tests")) {
         info->fs.early_fragment_tests = true;
      } else if (ir_parse_tok_is(t, "input_prim")) {
         ok = parse_prim(p, &info->gs.input_prim);
      } else if (ir_parse_tok_is(t, "output_prim")) {
         ok = parse_prim(p, &info->gs.output_prim);
      } else if (ir_parse_tok_is(t, "vertices_in")) {
         ok = parse_uint_attr(p, &info->gs.vertices_in);
      } else if (ir_parse_tok_is(t, "max_vertices")) {
         ok = parse_uint_attr(p, &info->gs.max_vertices);
      } else if (ir_parse_tok_is(t, "invocations")) {
         ok = parse_uint_attr(p, &info->gs.invocations);
      } else {
         return ir_parse_fail(p, t, "unknown info field");
      }
      if (!ok)
         return false;
   }
   return true;
}

/* "shader STAGE", then the other top-level statements. */
static bool
parse_shader(struct ir_parser *p, struct u_arena *parent)
{
   if (!ir_parse_lex_line(p)) {
      if (p->failed)
         return false;
      struct ir_token end = { .line = p->line,
                              .col = (unsigned)(p->pos - p->line_start) + 1 };
      return ir_parse_fail(p, &end, "expected 'shader'");
   }
   if (!ir_parse_accept_word(p, "shader"))
      return ir_parse_fail(p, ir_parse_peek(p), "expected 'shader'");
   struct ir_token *st = ir_parse_next(p);
   unsigned stage = 0;
   while (stage < IR_STAGE_COUNT &&
          !ir_parse_tok_is(st, ir_text_stage_names[stage]))
      stage++;
   if (stage == IR_STAGE_COUNT)
      return ir_parse_fail(p, st, "unknown shader stage");
   if (!ir_parse_expect_eol(p))
      return false;
   p->shader = ir_shader_create(parent, (enum ir_stage)stage);
   if (!p->shader)
      return ir_parse_fail(p, st, "out of memory");

   bool have_name = false, have_info = false;
   while (ir_parse_lex_line(p)) {
      struct ir_token *t = ir_parse_next(p);
      bool ok;
      if (ir_parse_tok_is(t, "name")) {
         struct ir_token *s = ir_parse_next(p);
         if (have_name)
            return ir_parse_fail(p, t, "duplicate 'name'");
         if (s->kind != IR_TOK_STRING)
            return ir_parse_fail(p, s, "expected a string");
         have_name = true;
         p->shader->info.name = u_arena_strdup(p->shader->arena, s->str);
         ok = p->shader->info.name ? ir_parse_expect_eol(p)
                                   : ir_parse_fail(p, s, "out of memory");
      } else if (ir_parse_tok_is(t, "info")) {
         if (have_info)
            return ir_parse_fail(p, t, "duplicate 'info'");
         have_info = true;
         ok = parse_info(p);
      } else if (ir_parse_tok_is(t, "type")) {
         ok = parse_type_decl(p);
      } else if (ir_parse_tok_is(t, "var")) {
         ok = parse_var(p);
      } else if (ir_parse_tok_is(t, "fn")) {
         ok = ir_parse_function(p);
      } else {
         return ir_parse_fail(p, t, "expected name, info, type, var or fn");
      }
      if (!ok)
         return false;
   }
   return !p->failed;
}

/* The message in @p parent (malloc() without one; the caller frees it). */
static char *
copy_error(struct u_arena *parent, const char *msg)
{
   if (!msg)
      msg = "out of memory";
   return parent ? u_arena_strdup(parent, msg) : strdup(msg);
}

struct ir_shader *
ir_parse(struct u_arena *parent, const char *text, char **error)
{
   if (error)
      *error = NULL;

   struct ir_parser p = { 0 };
   p.mem = u_arena_create(NULL);
   if (!p.mem) {
      if (error)
         *error = copy_error(parent, "0:0: out of memory");
      return NULL;
   }
   p.pos = p.line_start = text ? text : "";
   p.line = 1;
   u_dynarray_init(&p.toks, p.mem);
   p.types = u_hash_table_create_string(p.mem);
   p.vars = u_hash_table_create_string(p.mem);
   p.fns = u_hash_table_create_string(p.mem);

   struct ir_text_locale loc;
   ir_text_locale_enter(&loc);
   bool ok = p.types && p.vars && p.fns && parse_shader(&p, parent);
   ir_text_locale_leave(&loc);

   if (!ok) {
      if (error)
         *error = copy_error(parent, p.failed ? p.error : "out of memory");
      if (p.shader)
         ir_shader_destroy(p.shader);
      p.shader = NULL;
   }
   u_arena_destroy(p.mem);
   return p.shader;
}
