/* SPDX-License-Identifier: MIT */

/*
 * The declarations part of the IR printer (see ir_print.c for the whole
 * design): the shader header, struct types, variables and their
 * initializers, the names the printer makes up, and constant values.
 *
 * Names.  The parser sees the shader's variables and one function's
 * locals at a time, so names must be unique within that scope: an unnamed
 * variable becomes @_N (N its position in the shader), a repeated or
 * unprintable one gets a _1, _2 ... suffix (the first holder of a name
 * keeps it).  Struct types are compared with ir_type_equal(): equal types
 * are declared once, nested types before the types that use them, in
 * order of first use by a variable; a type with no name, a builtin's name
 * or a name already taken by a different type is renamed the same way, and
 * so are repeated or unnamed fields.  A type no variable uses is not part
 * of the shader and is not printed.
 *
 * Constants (ir_print_value()).  load_const values carry only a bit size,
 * so the spelling is chosen by value: small integers read best as
 * decimals, other zero or normal floats as the shortest decimal that reads
 * back to the same bits (strtof()/strtod() round correctly, so trying
 * %.1g, %.2g, ... finds it), and anything else (denormals, infinities,
 * NaNs, bit patterns) as hex, which is always exact.  Initializers of
 * variables know their type, so integers print as decimals and floats as
 * float literals (or hex) there.
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compiler/ir/ir_text_priv.h"
#include "util/u_half.h"
#include "util/u_hash.h"
#include "util/u_strbuf.h"

/* ---------------------------------------------------------------------- */
/* Constants                                                              */
/* ---------------------------------------------------------------------- */

/* Appends the shortest text @p buf of @p v as a float literal: ".0" is
 * added to integers, and whole numbers that %g wrote with a positive
 * exponent ("1e+02") are written out ("100.0"), which reads back to the
 * same value since they are exact integers below 2^53. */
static void
append_float_text(struct u_strbuf *out, const char *buf, double v)
{
   if (strstr(buf, "e+") && v == floor(v) && fabs(v) < 1e15) {
      u_strbuf_appendf(out, "%.1f", v);
      return;
   }
   u_strbuf_append(out, buf);
   if (!strpbrk(buf, ".eE"))
      u_strbuf_append(out, ".0");
}

static void
print_float32(struct u_strbuf *out, float f)
{
   char buf[64];
   uint32_t bits, back_bits;
   memcpy(&bits, &f, 4);
   for (int prec = 1; prec <= 9; prec++) {
      snprintf(buf, sizeof(buf), "%.*g", prec, (double)f);
      float back = strtof(buf, NULL);
      memcpy(&back_bits, &back, 4);
      if (back_bits == bits)
         break;
   }
   append_float_text(out, buf, (double)f);
}

static void
print_float64(struct u_strbuf *out, double d)
{
   char buf[64];
   uint64_t bits, back_bits;
   memcpy(&bits, &d, 8);
   for (int prec = 1; prec <= 17; prec++) {
      snprintf(buf, sizeof(buf), "%.*g", prec, d);
      double back = strtod(buf, NULL);
      memcpy(&back_bits, &back, 8);
      if (back_bits == bits)
         break;
   }
   append_float_text(out, buf, d);
}

static void
print_float16(struct u_strbuf *out, uint16_t h)
{
   char buf[64];
   float f = u_half_to_float(h);
   /* The parser reads 16-bit literals with strtof() and rounds to nearest
    * even; check against exactly that. */
   for (int prec = 1; prec <= 9; prec++) {
      snprintf(buf, sizeof(buf), "%.*g", prec, (double)f);
      if (u_float_to_half_rtne(strtof(buf, NULL)) == h)
         break;
   }
   append_float_text(out, buf, (double)f);
}

/*
 * One constant component of @p bit_size bits:
 *  1: true/false;  8: signed decimal;
 *  16/32/64: signed decimal when within +-256 / +-65536 / +-65536 (small
 *  integers and their bit patterns read best as integers); else a float
 *  literal when the value is a zero or a normal float of that size (the
 *  shortest decimal that reads back exactly); else (denormals, infinities,
 *  NaNs, ordinary bit patterns) raw hex.
 */
void
ir_print_value(struct u_strbuf *out, const union ir_const_value *v,
               unsigned bit_size)
{
   switch (bit_size) {
   case 1:
      u_strbuf_append(out, v->b ? "true" : "false");
      return;
   case 8:
      u_strbuf_appendf(out, "%d", v->i8);
      return;
   case 16: {
      uint16_t h = v->u16;
      if (v->i16 >= -256 && v->i16 <= 256)
         u_strbuf_appendf(out, "%d", v->i16);
      else if (u_half_is_zero(h) ||
               (u_half_is_finite(h) && !u_half_is_subnormal(h)))
         print_float16(out, h);
      else
         u_strbuf_appendf(out, "0x%04x", h);
      return;
   }
   case 32: {
      int c = fpclassify(v->f32);
      if (v->i32 >= -65536 && v->i32 <= 65536)
         u_strbuf_appendf(out, "%" PRId32, v->i32);
      else if (c == FP_NORMAL || c == FP_ZERO)
         print_float32(out, v->f32);
      else
         u_strbuf_appendf(out, "0x%08" PRIx32, v->u32);
      return;
   }
   case 64: {
      int c = fpclassify(v->f64);
      if (v->i64 >= -65536 && v->i64 <= 65536)
         u_strbuf_appendf(out, "%" PRId64, v->i64);
      else if (c == FP_NORMAL || c == FP_ZERO)
         print_float64(out, v->f64);
      else
         u_strbuf_appendf(out, "0x%016" PRIx64, v->u64);
      return;
   }
   default:
      u_strbuf_appendf(out, "0x%" PRIx64, v->u64);
      return;
   }
}

/* ---------------------------------------------------------------------- */
/* Names                                                                  */
/* ---------------------------------------------------------------------- */

static bool
is_ident_start(char c)
{
   return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static bool
is_ident_char(char c)
{
   return is_ident_start(c) || (c >= '0' && c <= '9');
}

static bool
is_identifier(const char *s)
{
   if (!s || !is_ident_start(s[0]))
      return false;
   for (const char *p = s + 1; *p; p++) {
      if (!is_ident_char(*p))
         return false;
   }
   return true;
}

/* Characters allowed in a @name (see ir_parse.c). */
static bool
is_var_name_char(char c)
{
   return is_ident_char(c) || c == '.' || c == '$' || c == '[' || c == ']';
}

/* @p want if it is free in @p used, else want_1, want_2, ...; the result
 * is added to @p used. */
static const char *
unique_name(struct u_arena *mem, struct u_set *used, const char *want)
{
   const char *name = want;
   for (unsigned k = 1; name && u_set_contains(used, name); k++)
      name = u_arena_asprintf(mem, "%s_%u", want, k);
   if (name && !u_set_add(used, name))
      return NULL;
   return name;
}

/* The name a variable asks for: its own with unprintable characters
 * replaced, or _N for an unnamed one. */
static const char *
wanted_var_name(struct ir_print_state *ps, const struct ir_variable *var)
{
   if (!var->name || !var->name[0])
      return u_arena_asprintf(ps->mem, "_%u", ps->num_vars);
   char *name = u_arena_strdup(ps->mem, var->name);
   for (char *p = name; p && *p; p++) {
      if (!is_var_name_char(*p))
         *p = '_';
   }
   return name;
}

static void
name_variable(struct ir_print_state *ps, const struct ir_variable *var)
{
   if (!ps->mem)
      return;
   const char *want = wanted_var_name(ps, var);
   ps->num_vars++;
   const char *name =
      want ? unique_name(ps->mem, ps->used_var_names, want) : NULL;
   if (name)
      u_hash_table_insert(ps->var_names, var, (void *)name);
}

const char *
ir_print_var_name(const struct ir_print_state *ps,
                  const struct ir_variable *var)
{
   struct u_hash_entry *e =
      ps->var_names ? u_hash_table_search(ps->var_names, var) : NULL;
   if (e)
      return e->data;
   return var->name ? var->name : "?";
}

/* ---------------------------------------------------------------------- */
/* Types                                                                  */
/* ---------------------------------------------------------------------- */

static const struct ir_print_type *
find_type(const struct ir_print_state *ps, const struct ir_type *t)
{
   for (unsigned i = 0; i < ps->num_types; i++) {
      if (ps->types[i].type == t)
         return &ps->types[i];
   }
   for (unsigned i = 0; i < ps->num_types; i++) {
      if (ir_type_equal(ps->types[i].type, t))
         return &ps->types[i];
   }
   return NULL;
}

/* Adds the struct types inside @p t (nested ones first) to the list of
 * types to declare. */
static void
register_type(struct ir_print_state *ps, const struct ir_type *t)
{
   while (t && t->base == IR_TYPE_ARRAY)
      t = t->element;
   if (!t || !ir_type_is_struct(t) || !ps->mem || find_type(ps, t))
      return;
   for (unsigned i = 0; i < t->num_fields; i++)
      register_type(ps, t->fields[i].type);

   if (ps->num_types == ps->types_cap) {
      unsigned cap = ps->types_cap ? ps->types_cap * 2 : 8;
      struct ir_print_type *n = u_arena_realloc(
         ps->mem, ps->types, ps->types_cap * sizeof(*n), cap * sizeof(*n));
      if (!n)
         return;
      ps->types = n;
      ps->types_cap = cap;
   }

   struct ir_print_type *e = &ps->types[ps->num_types];
   e->type = t;
   const char *want = t->name;
   if (!is_identifier(want) || ir_type_from_name(want))
      want = u_arena_asprintf(ps->mem, "_%u", ps->num_types);
   e->name = want ? unique_name(ps->mem, ps->used_type_names, want) : NULL;
   e->field_names =
      u_arena_zalloc_array(ps->mem, t->num_fields, sizeof(*e->field_names));
   struct u_set *fields = u_set_create_string(ps->mem);
   if (!e->name || !e->field_names || !fields)
      return;
   for (unsigned i = 0; i < t->num_fields; i++) {
      const char *f = t->fields[i].name;
      if (!is_identifier(f))
         f = u_arena_asprintf(ps->mem, "_%u", i);
      e->field_names[i] = f ? unique_name(ps->mem, fields, f) : "_";
      if (!e->field_names[i])
         e->field_names[i] = "_";
   }
   ps->num_types++;
}

static void
print_type(struct ir_print_state *ps, const struct ir_type *t)
{
   if (t && t->base == IR_TYPE_ARRAY) {
      const struct ir_type *e = t;
      while (e->base == IR_TYPE_ARRAY && e->element)
         e = e->element;
      print_type(ps, e);
      for (e = t; e->base == IR_TYPE_ARRAY && e->element; e = e->element) {
         if (e->length)
            u_strbuf_appendf(ps->out, "[%u]", e->length);
         else
            u_strbuf_append(ps->out, "[]");
      }
      return;
   }
   if (t && ir_type_is_struct(t)) {
      const struct ir_print_type *e = find_type(ps, t);
      u_strbuf_append(ps->out, e ? e->name : t->name ? t->name : "?");
      return;
   }
   const char *name = ir_type_builtin_name(t);
   u_strbuf_append(ps->out, name ? name : "?");
}

static const char *const packing_names[] = {
   [IR_PACKING_NONE] = "",
   [IR_PACKING_STD140] = " std140",
   [IR_PACKING_SHARED] = " shared",
   [IR_PACKING_PACKED] = " packed",
};

static void
print_type_decl(struct ir_print_state *ps, const struct ir_print_type *e)
{
   const struct ir_type *t = e->type;
   u_strbuf_appendf(ps->out, "type %s = %s%s {", e->name,
                    t->base == IR_TYPE_STRUCT ? "struct" : "interface",
                    IR_TEXT_NAME_OR(packing_names, t->packing, ""));
   for (unsigned i = 0; i < t->num_fields; i++) {
      const struct ir_struct_field *f = &t->fields[i];
      u_strbuf_append_char(ps->out, ' ');
      print_type(ps, f->type);
      u_strbuf_appendf(ps->out, " %s", e->field_names[i]);
      if (f->offset >= 0)
         u_strbuf_appendf(ps->out, " offset=%d", f->offset);
      if (f->row_major)
         u_strbuf_append(ps->out, " row_major");
      u_strbuf_append_char(ps->out, ';');
   }
   u_strbuf_append(ps->out, " }\n");
}

/* Name of field @p field of the struct type @p t. */
const char *
ir_print_field_name(const struct ir_print_state *ps, const struct ir_type *t,
                    unsigned field)
{
   if (!t || !ir_type_is_struct(t) || field >= t->num_fields)
      return "?";
   const struct ir_print_type *e = find_type(ps, t);
   if (e)
      return e->field_names[field];
   return t->fields[field].name ? t->fields[field].name : "?";
}

/* ---------------------------------------------------------------------- */
/* Variables                                                              */
/* ---------------------------------------------------------------------- */

/* A component of a variable's initializer: its type is known, so integers
 * print as decimals and floats as float literals whatever their bits
 * (except the values a float literal cannot spell, in hex). */
static void
print_typed_value(struct u_strbuf *out, const union ir_const_value *v,
                  enum ir_base_type base)
{
   switch (base) {
   case IR_TYPE_BOOL:
      u_strbuf_append(out, v->b ? "true" : "false");
      return;
   case IR_TYPE_INT16:
      u_strbuf_appendf(out, "%d", v->i16);
      return;
   case IR_TYPE_UINT16:
      u_strbuf_appendf(out, "%u", v->u16);
      return;
   case IR_TYPE_INT:
      u_strbuf_appendf(out, "%" PRId32, v->i32);
      return;
   case IR_TYPE_UINT:
      u_strbuf_appendf(out, "%" PRIu32, v->u32);
      return;
   case IR_TYPE_INT64:
      u_strbuf_appendf(out, "%" PRId64, v->i64);
      return;
   case IR_TYPE_UINT64:
      u_strbuf_appendf(out, "%" PRIu64, v->u64);
      return;
   case IR_TYPE_FLOAT16:
      if (u_half_is_zero(v->u16) ||
          (u_half_is_finite(v->u16) && !u_half_is_subnormal(v->u16)))
         print_float16(out, v->u16);
      else
         u_strbuf_appendf(out, "0x%04x", v->u16);
      return;
   case IR_TYPE_FLOAT: {
      int c = fpclassify(v->f32);
      if (c == FP_NORMAL || c == FP_ZERO)
         print_float32(out, v->f32);
      else
         u_strbuf_appendf(out, "0x%08" PRIx32, v->u32);
      return;
   }
   case IR_TYPE_DOUBLE: {
      int c = fpclassify(v->f64);
      if (c == FP_NORMAL || c == FP_ZERO)
         print_float64(out, v->f64);
      else
         u_strbuf_appendf(out, "0x%016" PRIx64, v->u64);
      return;
   }
   default:
      /* Samplers (binding values) and anything else: 32-bit rules. */
      ir_print_value(out, v, 32);
      return;
   }
}

static void
print_constant(struct ir_print_state *ps, const struct ir_type *t,
               const struct ir_constant *c)
{
   if (!c || !t) {
      u_strbuf_append(ps->out, "{ }");
      return;
   }
   if (t->base == IR_TYPE_ARRAY || ir_type_is_struct(t)) {
      unsigned n = c->num_elements;
      if (ir_type_is_struct(t) && n > t->num_fields)
         n = t->num_fields;
      if (!c->elements)
         n = 0;
      u_strbuf_append(ps->out, "{");
      for (unsigned i = 0; i < n; i++) {
         const struct ir_type *et =
            t->base == IR_TYPE_ARRAY ? t->element : t->fields[i].type;
         u_strbuf_append(ps->out, i ? ", " : " ");
         print_constant(ps, et, c->elements[i]);
      }
      u_strbuf_append(ps->out, " }");
      return;
   }
   unsigned n = t->vector_elements * t->matrix_columns;
   if (n > 16)
      n = 16;
   if (n != 1)
      u_strbuf_append_char(ps->out, '(');
   for (unsigned i = 0; i < n; i++) {
      if (i)
         u_strbuf_append(ps->out, ", ");
      print_typed_value(ps->out, &c->values[i], t->base);
   }
   if (n != 1)
      u_strbuf_append_char(ps->out, ')');
}

static const char *
mode_name(enum ir_var_mode mode)
{
   for (unsigned i = 0; i < IR_TEXT_NUM_VAR_MODES; i++) {
      if (ir_text_var_modes[i].mode == mode)
         return ir_text_var_modes[i].name;
   }
   return "?";
}

void
ir_print_variable(struct ir_print_state *ps, const struct ir_variable *var,
                  bool local)
{
   struct u_strbuf *out = ps->out;
   if (local) {
      u_strbuf_append(out, "  local ");
   } else {
      u_strbuf_appendf(out, "var %s ", mode_name(var->mode));
   }
   print_type(ps, var->type);
   u_strbuf_appendf(out, " @%s", ir_print_var_name(ps, var));
   if (var->location != -1)
      u_strbuf_appendf(out, " location=%d", var->location);
   if (var->component)
      u_strbuf_appendf(out, " component=%u", var->component);
   if (var->driver_location)
      u_strbuf_appendf(out, " driver_location=%u", var->driver_location);
   if (var->binding != -1)
      u_strbuf_appendf(out, " binding=%d", var->binding);
   if (var->index)
      u_strbuf_appendf(out, " index=%u", var->index);
   if (var->interp == IR_INTERP_FLAT)
      u_strbuf_append(out, " interp=flat");
   else if (var->interp == IR_INTERP_NOPERSPECTIVE)
      u_strbuf_append(out, " interp=noperspective");
   else if (var->interp_explicit)
      u_strbuf_append(out, " interp=smooth");
   if (var->centroid)
      u_strbuf_append(out, " centroid");
   if (var->sample)
      u_strbuf_append(out, " sample");
   if (var->invariant)
      u_strbuf_append(out, " invariant");
   if (var->precise)
      u_strbuf_append(out, " precise");
   if (var->read_only)
      u_strbuf_append(out, " read_only");
   if (var->initializer) {
      u_strbuf_append(out, " init=");
      print_constant(ps, var->type, var->initializer);
   }
   u_strbuf_append_char(out, '\n');
}

void
ir_print_name_shader(struct ir_print_state *ps, const struct ir_shader *shader)
{
   ir_foreach_variable (shader, var) {
      name_variable(ps, var);
      register_type(ps, var->type);
   }
   ir_foreach_function (shader, fn) {
      u_list_foreach (struct ir_variable, var, &fn->locals, link)
         register_type(ps, var->type);
   }
}

void
ir_print_name_locals(struct ir_print_state *ps, const struct ir_function *fn)
{
   u_list_foreach (struct ir_variable, var, &fn->locals, link)
      name_variable(ps, var);
}

void
ir_print_drop_locals(struct ir_print_state *ps, const struct ir_function *fn)
{
   if (!ps->mem)
      return;
   u_list_foreach (struct ir_variable, var, &fn->locals, link) {
      struct u_hash_entry *e = u_hash_table_search(ps->var_names, var);
      if (e)
         u_set_remove_key(ps->used_var_names, e->data);
   }
}

static void
print_info(struct ir_print_state *ps, const struct ir_shader_info *info)
{
   struct u_strbuf line;
   u_strbuf_init(&line, ps->mem);
   if (info->round_mode == IR_ROUND_TOWARD_ZERO)
      u_strbuf_append(&line, " round_mode=rtz");
   if (info->denorm_mode == IR_DENORM_FLUSH_TO_ZERO)
      u_strbuf_append(&line, " denorm=flush");
   static const struct {
      const char *name;
      size_t offset;
   } fs_flags[] = {
#define FS_FLAG(f) { #f, offsetof(struct ir_shader_info, fs.f) }
      FS_FLAG(uses_discard),         FS_FLAG(uses_demote),
      FS_FLAG(uses_derivatives),     FS_FLAG(writes_depth),
      FS_FLAG(origin_upper_left),    FS_FLAG(pixel_center_integer),
      FS_FLAG(early_fragment_tests),
#undef FS_FLAG
   };
   for (unsigned i = 0; i < sizeof(fs_flags) / sizeof(fs_flags[0]); i++) {
      if (*(const bool *)((const char *)info + fs_flags[i].offset))
         u_strbuf_appendf(&line, " %s", fs_flags[i].name);
   }
   if (info->gs.input_prim)
      u_strbuf_appendf(
         &line, " input_prim=%s",
         IR_TEXT_NAME_OR(ir_text_prim_names, info->gs.input_prim, "?"));
   if (info->gs.output_prim)
      u_strbuf_appendf(
         &line, " output_prim=%s",
         IR_TEXT_NAME_OR(ir_text_prim_names, info->gs.output_prim, "?"));
   if (info->gs.vertices_in)
      u_strbuf_appendf(&line, " vertices_in=%u", info->gs.vertices_in);
   if (info->gs.max_vertices)
      u_strbuf_appendf(&line, " max_vertices=%u", info->gs.max_vertices);
   if (info->gs.invocations)
      u_strbuf_appendf(&line, " invocations=%u", info->gs.invocations);
   if (line.len)
      u_strbuf_appendf(ps->out, "info%s\n", line.str);
   u_strbuf_fini(&line);
}

static void
print_string_literal(struct u_strbuf *out, const char *s)
{
   u_strbuf_append_char(out, '"');
   for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
      switch (*p) {
      case '"':
         u_strbuf_append(out, "\\\"");
         break;
      case '\\':
         u_strbuf_append(out, "\\\\");
         break;
      case '\n':
         u_strbuf_append(out, "\\n");
         break;
      case '\t':
         u_strbuf_append(out, "\\t");
         break;
      case '\r':
         u_strbuf_append(out, "\\r");
         break;
      default:
         if (*p < 0x20 || *p >= 0x7f)
            u_strbuf_appendf(out, "\\x%02x", *p);
         else
            u_strbuf_append_char(out, (char)*p);
      }
   }
   u_strbuf_append_char(out, '"');
}

void
ir_print_state_init(struct ir_print_state *ps, struct u_strbuf *out)
{
   memset(ps, 0, sizeof(*ps));
   ps->out = out;
   ps->mem = u_arena_create(NULL);
   if (!ps->mem)
      return;
   ps->var_names = u_hash_table_create_pointer(ps->mem);
   ps->used_var_names = u_set_create_string(ps->mem);
   ps->used_type_names = u_set_create_string(ps->mem);
   if (!ps->var_names || !ps->used_var_names || !ps->used_type_names) {
      u_arena_destroy(ps->mem);
      ps->mem = NULL;
      ps->var_names = NULL;
   }
}

void
ir_print_state_fini(struct ir_print_state *ps)
{
   u_arena_destroy(ps->mem);
}

/* Formats numbers under the "C" locale for the duration of a print. */

void
ir_print_header(struct ir_print_state *ps, const struct ir_shader *shader)
{
   struct u_strbuf *out = ps->out;
   u_strbuf_appendf(out, "shader %s\n",
                    IR_TEXT_NAME_OR(ir_text_stage_names, shader->stage, "?"));
   if (shader->info.name) {
      u_strbuf_append(out, "name ");
      print_string_literal(out, shader->info.name);
      u_strbuf_append_char(out, '\n');
   }
   print_info(ps, &shader->info);
   for (unsigned i = 0; i < ps->num_types; i++)
      print_type_decl(ps, &ps->types[i]);
   ir_foreach_variable (shader, var)
      ir_print_variable(ps, var, false);
}
