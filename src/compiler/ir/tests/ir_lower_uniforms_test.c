/* SPDX-License-Identifier: MIT */

/*
 * Tests of ir_lower_uniforms(): golden texts for the default block
 * layout (std140 packing of a float after a vec3, arrays, structs with
 * matrices, booleans), uniform blocks (explicit offsets, a row-major
 * matrix, arrays of blocks with a dynamic block index), sampler slots and
 * offsets assigned by the caller; then differential runs: each shader is
 * run once with its uniforms turned into shader temporaries initialised
 * with random values (the interpreter's own variable semantics) and once
 * lowered, reading buffers that this file lays out with its own std140
 * writer.  Dynamic indices come from the shader inputs.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "compiler/ir/ir_passes.h"
#include "compiler/ir/ir_passes_io.h"
#include "compiler/ir/tests/ir_test_helpers.h"
#include "ir_backend_test_util.h"
#include "util/u_arena.h"

static const char *const default_block_text =
   "shader fragment\n"
   "type S = struct { vec3 a; float b; mat2 m; }\n"
   "var uniform float @x\n"
   "var uniform vec3 @y\n"
   "var uniform float @z\n"
   "var uniform vec4[4] @arr\n"
   "var uniform S @s\n"
   "var uniform bvec2 @bb\n"
   "fn main {\n"
   "  b0:\n"
   "    %0:32 = load_const 0\n"
   "    %1:32x4 = load_input %0\n"
   "    %2:32 = f2u %1.x\n"
   "    %3:32 = deref_var @arr\n"
   "    %4:32 = deref_array %3[%2]\n"
   "    %5:32x4 = load_deref %4\n"
   "    %6:32 = deref_var @s\n"
   "    %7:32 = deref_struct %6.m\n"
   "    %8:32 = deref_array %7[%2]\n"
   "    %9:32x2 = load_deref %8\n"
   "    %10:32 = deref_var @z\n"
   "    %11:32 = load_deref %10\n"
   "    %12:32 = deref_var @bb\n"
   "    %13:1x2 = load_deref %12\n"
   "    %14:32x2 = b2f %13\n"
   "    %15:32x4 = vec4 %9.x, %11, %14.x, %14.y\n"
   "    %16:32x4 = fadd %5, %15\n"
   "    store_output %16, %0 write_mask=15\n"
   "}\n";

static void
default_block(void **state)
{
   /* x at 0, y at 16, z at 28 (after y's three floats), arr at 32 (stride
    * 16), s at 96 (m at +16, columns 16 apart), bb at 144.  Booleans are
    * loaded as words and compared with 0. */
   BT_CHECK_PASS(*state, ir_lower_uniforms, default_block_text,
                 "shader fragment\n"
                 "type S = struct { vec3 a; float b; mat2 m; }\n"
                 "var uniform float @x\n"
                 "var uniform vec3 @y driver_location=16\n"
                 "var uniform float @z driver_location=28\n"
                 "var uniform vec4[4] @arr driver_location=32\n"
                 "var uniform S @s driver_location=96\n"
                 "var uniform bvec2 @bb driver_location=144\n"
                 "fn main {\n"
                 "  b0:\n"
                 "    %0:32 = load_const 0\n"
                 "    %1:32x4 = load_input %0\n"
                 "    %2:32 = f2u %1\n"
                 "    %3:32 = load_const 16\n"
                 "    %4:32 = imul %2, %3\n"
                 "    %5:32x4 = load_uniform %4 base=32 range=64\n"
                 "    %6:32 = load_const 16\n"
                 "    %7:32 = imul %2, %6\n"
                 "    %8:32x2 = load_uniform %7 base=112 range=32\n"
                 "    %9:32 = load_const 0\n"
                 "    %10:32 = load_uniform %9 base=28 range=4\n"
                 "    %11:32 = load_const 0\n"
                 "    %12:32x2 = load_uniform %11 base=144 range=8\n"
                 "    %13:32x2 = load_const (0, 0)\n"
                 "    %14:1x2 = ine %12, %13\n"
                 "    %15:32x2 = b2f %14\n"
                 "    %16:32x4 = vec4 %8, %10, %15, %15.y\n"
                 "    %17:32x4 = fadd %5, %16\n"
                 "    store_output %17, %0 write_mask=15\n"
                 "}\n");
}

static const char *const blocks_text =
   "shader fragment\n"
   "type B = interface std140 { mat3 m offset=0 row_major; "
   "vec4[2] v offset=48; bool f offset=80; }\n"
   "type C = interface std140 { float a offset=0; vec2 b offset=8; }\n"
   "var ubo B @blk\n"
   "var ubo C[3] @cs\n"
   "fn main {\n"
   "  b0:\n"
   "    %0:32 = load_const 0\n"
   "    %1:32x4 = load_input %0\n"
   "    %2:32 = f2u %1.x\n"
   "    %3:32 = f2u %1.y\n"
   "    %4:32 = deref_var @blk\n"
   "    %5:32 = deref_struct %4.m\n"
   "    %6:32 = load_const 1\n"
   "    %7:32 = deref_array %5[%6]\n"
   "    %8:32x3 = load_deref %7\n"
   "    %9:32 = deref_struct %4.f\n"
   "    %10:1 = load_deref %9\n"
   "    %11:32 = deref_struct %4.v\n"
   "    %12:32 = deref_array %11[%2]\n"
   "    %13:32 = deref_array %12[%3]\n"
   "    %14:32 = load_deref %13\n"
   "    %15:32 = deref_var @cs\n"
   "    %16:32 = deref_array %15[%3]\n"
   "    %17:32 = deref_struct %16.b\n"
   "    %18:32x2 = load_deref %17\n"
   "    %19:32 = b2f %10\n"
   "    %20:32x4 = vec4 %8.y, %19, %14, %18.y\n"
   "    store_output %20, %0 write_mask=15\n"
   "}\n";

static void
uniform_blocks(void **state)
{
   /* @blk is block 0, @cs blocks 1-3.  Column 1 of the row-major mat3 is
    * read component by component at 4, 20, 36 (rows 16 apart); v[i][j]
    * is at 48 + 16 i + 4 j; the block of cs[j] is 1 + j. */
   BT_CHECK_PASS(*state, ir_lower_uniforms, blocks_text,
                 "shader fragment\n"
                 "type B = interface std140 { mat3 m offset=0 row_major; "
                 "vec4[2] v offset=48; bool f offset=80; }\n"
                 "type C = interface std140 { float a offset=0; "
                 "vec2 b offset=8; }\n"
                 "var ubo B @blk\n"
                 "var ubo C[3] @cs driver_location=1\n"
                 "fn main {\n"
                 "  b0:\n"
                 "    %0:32 = load_const 0\n"
                 "    %1:32x4 = load_input %0\n"
                 "    %2:32 = f2u %1\n"
                 "    %3:32 = f2u %1.y\n"
                 "    %4:32 = load_const 1\n"
                 "    %5:32 = load_const 0\n"
                 "    %6:32 = load_const 4\n"
                 "    %7:32 = load_ubo %5, %6 range=96\n"
                 "    %8:32 = load_const 0\n"
                 "    %9:32 = load_const 20\n"
                 "    %10:32 = load_ubo %8, %9 range=96\n"
                 "    %11:32 = load_const 0\n"
                 "    %12:32 = load_const 36\n"
                 "    %13:32 = load_ubo %11, %12 range=96\n"
                 "    %14:32x3 = vec3 %7, %10, %13\n"
                 "    %15:32 = load_const 0\n"
                 "    %16:32 = load_const 80\n"
                 "    %17:32 = load_ubo %15, %16 range=96\n"
                 "    %18:32 = load_const 0\n"
                 "    %19:1 = ine %17, %18\n"
                 "    %20:32 = load_const 16\n"
                 "    %21:32 = imul %2, %20\n"
                 "    %22:32 = load_const 4\n"
                 "    %23:32 = imul %3, %22\n"
                 "    %24:32 = iadd %21, %23\n"
                 "    %25:32 = load_const 0\n"
                 "    %26:32 = load_const 48\n"
                 "    %27:32 = iadd %24, %26\n"
                 "    %28:32 = load_ubo %25, %27 range=96\n"
                 "    %29:32 = load_const 1\n"
                 "    %30:32 = iadd %29, %3\n"
                 "    %31:32 = load_const 8\n"
                 "    %32:32x2 = load_ubo %30, %31 range=16\n"
                 "    %33:32 = b2f %19\n"
                 "    %34:32x4 = vec4 %14.y, %33, %28, %32.y\n"
                 "    store_output %34, %0 write_mask=15\n"
                 "}\n");
}

static void
sampler_slots(void **state)
{
   /* Samplers take texture slots in declaration order (an array one per
    * element) and no memory; tex instructions are left alone. */
   BT_CHECK_PASS(*state, ir_lower_uniforms,
                 "shader fragment\n"
                 "var uniform sampler2D[2] @t binding=3\n"
                 "var uniform vec4 @c\n"
                 "var uniform sampler3D @u binding=1\n"
                 "fn main {\n"
                 "  b0:\n"
                 "    %0:32 = load_const 0\n"
                 "    %1:32x2 = load_input %0\n"
                 "    %2:32x4 = tex tex 2d float texture=2 sampler=2 "
                 "coord=%1\n"
                 "    %3:32 = deref_var @c\n"
                 "    %4:32x4 = load_deref %3\n"
                 "    %5:32x4 = fmul %2, %4\n"
                 "    store_output %5, %0 write_mask=15\n"
                 "}\n",
                 "shader fragment\n"
                 "var uniform sampler2D[2] @t binding=3\n"
                 "var uniform vec4 @c\n"
                 "var uniform sampler3D @u driver_location=2 binding=1\n"
                 "fn main {\n"
                 "  b0:\n"
                 "    %0:32 = load_const 0\n"
                 "    %1:32x2 = load_input %0\n"
                 "    %2:32x4 = tex tex 2d float texture=2 sampler=2 "
                 "coord=%1\n"
                 "    %3:32 = load_const 0\n"
                 "    %4:32x4 = load_uniform %3 range=16\n"
                 "    %5:32x4 = fmul %2, %4\n"
                 "    store_output %5, %0 write_mask=15\n"
                 "}\n");
}

static void
offsets_of_the_caller_are_kept(void **state)
{
   BT_CHECK_PASS(*state, ir_lower_uniforms,
                 "shader vertex\n"
                 "var uniform float @a driver_location=64\n"
                 "var uniform float @b\n"
                 "fn main {\n"
                 "  b0:\n"
                 "    %0:32 = deref_var @a\n"
                 "    %1:32 = load_deref %0\n"
                 "    %2:32 = deref_var @b\n"
                 "    %3:32 = load_deref %2\n"
                 "    %4:32 = fadd %1, %3\n"
                 "    %5:32 = load_const 0\n"
                 "    store_output %4, %5 write_mask=1\n"
                 "}\n",
                 "shader vertex\n"
                 "var uniform float @a driver_location=64\n"
                 "var uniform float @b\n"
                 "fn main {\n"
                 "  b0:\n"
                 "    %0:32 = load_const 0\n"
                 "    %1:32 = load_uniform %0 base=64 range=4\n"
                 "    %2:32 = load_const 0\n"
                 "    %3:32 = load_uniform %2 range=4\n"
                 "    %4:32 = fadd %1, %3\n"
                 "    %5:32 = load_const 0\n"
                 "    store_output %4, %5 write_mask=1\n"
                 "}\n");
}

static void
nothing_to_lower(void **state)
{
   BT_CHECK_PASS(*state, ir_lower_uniforms,
                 "shader fragment\n"
                 "var shader_in vec4 @v location=0\n"
                 "fn main {\n"
                 "  b0:\n"
                 "    %0:32 = load_const 0\n"
                 "    %1:32 = load_uniform %0 base=4 range=4\n"
                 "    store_output %1, %0 write_mask=1\n"
                 "}\n",
                 NULL);
}

/* ---------------------------------------------------------------------- */
/* Differential runs                                                      */
/* ---------------------------------------------------------------------- */

struct rng {
   uint64_t s;
};

static uint32_t
rng_next(struct rng *r)
{
   r->s ^= r->s << 13;
   r->s ^= r->s >> 7;
   r->s ^= r->s << 17;
   return (uint32_t)(r->s >> 11);
}

/* A random constant of type @p t (floats are small integers, so that the
 * values survive any arithmetic the shaders do exactly). */
static struct ir_constant *
random_constant(struct u_arena *mem, const struct ir_type *t, struct rng *r)
{
   struct ir_constant *c = u_arena_zalloc(mem, sizeof(*c));
   if (ir_type_is_array(t) || ir_type_is_struct(t)) {
      c->num_elements = ir_type_is_array(t) ? t->length : t->num_fields;
      c->elements =
         u_arena_zalloc_array(mem, c->num_elements, sizeof(*c->elements));
      for (unsigned i = 0; i < c->num_elements; i++)
         c->elements[i] = random_constant(
            mem, ir_type_is_array(t) ? t->element : t->fields[i].type, r);
      return c;
   }
   for (unsigned k = 0; k < t->vector_elements * t->matrix_columns; k++) {
      uint32_t v = rng_next(r);
      switch (t->base) {
      case IR_TYPE_BOOL:
         c->values[k].b = v & 1;
         break;
      case IR_TYPE_FLOAT:
         c->values[k].f32 = (float)(int)(v % 2001) - 1000.0f;
         break;
      case IR_TYPE_DOUBLE:
         c->values[k].f64 = (double)(int)(v % 2001) - 1000.0;
         break;
      default:
         c->values[k].u32 = v;
         break;
      }
   }
   return c;
}

/* The std140 writer of the test, written from GL 4.6 core 7.6.2.2 on its
 * own (it does not call the pass's helpers). */
static unsigned
round_up(unsigned v, unsigned a)
{
   return (v + a - 1) / a * a;
}

static unsigned std140_align_of(const struct ir_type *t, bool row_major);

static unsigned
std140_size_of(const struct ir_type *t, bool row_major)
{
   if (ir_type_is_array(t)) {
      unsigned a = round_up(std140_align_of(t->element, row_major), 16);
      return round_up(std140_size_of(t->element, row_major), a) * t->length;
   }
   if (ir_type_is_struct(t)) {
      unsigned off = 0;
      for (unsigned i = 0; i < t->num_fields; i++) {
         const struct ir_struct_field *f = &t->fields[i];
         off = f->offset >= 0
                  ? (unsigned)f->offset
                  : round_up(off, std140_align_of(f->type, f->row_major));
         off += std140_size_of(f->type, f->row_major);
      }
      return round_up(off, std140_align_of(t, false));
   }
   unsigned comp = ir_base_type_bit_size(t->base) == 64 ? 8 : 4;
   if (t->matrix_columns == 1)
      return comp * t->vector_elements;
   unsigned vec = row_major ? t->matrix_columns : t->vector_elements;
   unsigned count = row_major ? t->vector_elements : t->matrix_columns;
   unsigned a = round_up(comp * (vec == 3 ? 4 : vec), 16);
   return a * count;
}

static unsigned
std140_align_of(const struct ir_type *t, bool row_major)
{
   if (ir_type_is_array(t))
      return round_up(std140_align_of(t->element, row_major), 16);
   if (ir_type_is_struct(t)) {
      unsigned a = 16;
      for (unsigned i = 0; i < t->num_fields; i++) {
         unsigned fa =
            std140_align_of(t->fields[i].type, t->fields[i].row_major);
         a = fa > a ? fa : a;
      }
      return round_up(a, 16);
   }
   unsigned comp = ir_base_type_bit_size(t->base) == 64 ? 8 : 4;
   if (t->matrix_columns > 1) {
      unsigned vec = row_major ? t->matrix_columns : t->vector_elements;
      return round_up(comp * (vec == 3 ? 4 : vec), 16);
   }
   unsigned n = t->vector_elements;
   return comp * (n == 3 ? 4 : n);
}

static void
write_word(uint8_t *buf, size_t size, unsigned off, const void *p,
           unsigned bytes)
{
   assert_true(off + bytes <= size);
   memcpy(buf + off, p, bytes);
}

static void
write_std140(uint8_t *buf, size_t size, unsigned off, const struct ir_type *t,
             bool row_major, const struct ir_constant *c)
{
   if (ir_type_is_array(t)) {
      unsigned a = round_up(std140_align_of(t->element, row_major), 16);
      unsigned stride = round_up(std140_size_of(t->element, row_major), a);
      for (unsigned i = 0; i < t->length; i++)
         write_std140(buf, size, off + i * stride, t->element, row_major,
                      c->elements[i]);
      return;
   }
   if (ir_type_is_struct(t)) {
      unsigned foff = 0;
      for (unsigned i = 0; i < t->num_fields; i++) {
         const struct ir_struct_field *f = &t->fields[i];
         foff = f->offset >= 0
                   ? (unsigned)f->offset
                   : round_up(foff, std140_align_of(f->type, f->row_major));
         write_std140(buf, size, off + foff, f->type, f->row_major,
                      c->elements[i]);
         foff += std140_size_of(f->type, f->row_major);
      }
      return;
   }
   unsigned comp = ir_base_type_bit_size(t->base) == 64 ? 8 : 4;
   unsigned rows = t->vector_elements, cols = t->matrix_columns;
   unsigned vstride = 0;
   if (cols > 1) {
      unsigned vec = row_major ? cols : rows;
      vstride = round_up(comp * (vec == 3 ? 4 : vec), 16);
   }
   for (unsigned col = 0; col < cols; col++) {
      for (unsigned row = 0; row < rows; row++) {
         const union ir_const_value *v = &c->values[col * rows + row];
         unsigned o = off;
         if (cols > 1)
            o += row_major ? row * vstride + col * comp
                           : col * vstride + row * comp;
         else
            o += row * comp;
         if (t->base == IR_TYPE_BOOL) {
            /* Any non-zero word is true. */
            uint32_t w = v->b ? 0x80000001u : 0;
            write_word(buf, size, o, &w, 4);
         } else {
            write_word(buf, size, o, v, comp);
         }
      }
   }
}

/* Turns the uniforms and blocks of @p s into initialised temporaries
 * (interfaces become structs) and returns their constants. */
static void
uniforms_to_temps(struct ir_shader *s, struct ir_constant **consts,
                  unsigned max)
{
   unsigned i = 0;
   ir_foreach_variable (s, var) {
      if ((var->mode != IR_VAR_UNIFORM && var->mode != IR_VAR_UBO) ||
          var->type->base == IR_TYPE_SAMPLER)
         continue;
      assert_true(i < max);
      const struct ir_type *t = var->type;
      if (t->base == IR_TYPE_INTERFACE)
         t = ir_type_struct(s->arena, IR_TYPE_STRUCT, t->name, t->fields,
                            t->num_fields, IR_PACKING_NONE);
      if (ir_type_is_array(t) && t->element->base == IR_TYPE_INTERFACE) {
         const struct ir_type *e = t->element;
         t = ir_type_array(s->arena,
                           ir_type_struct(s->arena, IR_TYPE_STRUCT, e->name,
                                          e->fields, e->num_fields,
                                          IR_PACKING_NONE),
                           t->length);
      }
      var->type = t;
      var->mode = IR_VAR_SHADER_TEMP;
      var->initializer = consts[i++];
   }
   struct ir_function *fn = ir_shader_get_entrypoint(s);
   ir_foreach_block (fn, block) {
      ir_foreach_instr (block, instr) {
         struct ir_deref *d = ir_instr_as_deref(instr);
         if (!d || d->var->mode != IR_VAR_SHADER_TEMP)
            continue;
         d->mode = IR_VAR_SHADER_TEMP;
         if (d->deref_kind == IR_DEREF_VAR)
            d->type = d->var->type;
         else if (d->deref_kind == IR_DEREF_ARRAY && ir_type_is_struct(d->type))
            d->type = ir_instr_as_deref(d->parent.def->parent)->type->element;
      }
   }
}

static void
differential(void **state, const char *text, unsigned seed)
{
   struct ir_shader *before = IR_PARSE(*state, text);
   struct ir_shader *after = IR_PARSE(*state, text);
   assert_true(ir_lower_uniforms(after));
   bt_validate(after, "ir_lower_uniforms");

   /* One random constant per memory variable, in declaration order. */
   struct rng r = { .s = 0x9e3779b97f4a7c15ull * (seed + 1) };
   struct ir_constant *consts[8];
   unsigned n = 0;
   static uint8_t ubo_data[4][512];
   static uint8_t uni_data[1024];
   memset(ubo_data, 0xcd, sizeof(ubo_data));
   memset(uni_data, 0xcd, sizeof(uni_data));
   struct bt_io *io[2] = { calloc(1, sizeof(struct bt_io)),
                           calloc(1, sizeof(struct bt_io)) };
   unsigned num_ubos = 0;
   ir_foreach_variable (after, var) {
      if ((var->mode != IR_VAR_UNIFORM && var->mode != IR_VAR_UBO) ||
          var->type->base == IR_TYPE_SAMPLER)
         continue;
      assert_true(n < 8);
      consts[n] = random_constant(*state, var->type, &r);
      if (var->mode == IR_VAR_UNIFORM) {
         write_std140(uni_data, sizeof(uni_data), var->driver_location,
                      var->type, false, consts[n]);
      } else if (ir_type_is_array(var->type)) {
         for (unsigned b = 0; b < var->type->length; b++) {
            unsigned idx = var->driver_location + b;
            assert_true(idx < 4);
            write_std140(ubo_data[idx], sizeof(ubo_data[idx]), 0,
                         var->type->element, false, consts[n]->elements[b]);
            num_ubos = idx + 1 > num_ubos ? idx + 1 : num_ubos;
         }
      } else {
         unsigned idx = var->driver_location;
         assert_true(idx < 4);
         write_std140(ubo_data[idx], sizeof(ubo_data[idx]), 0, var->type, false,
                      consts[n]);
         num_ubos = idx + 1 > num_ubos ? idx + 1 : num_ubos;
      }
      n++;
   }
   uniforms_to_temps(before, consts, n);
   bt_validate(before, "uniforms_to_temps");

   io[1]->uniforms = uni_data;
   io[1]->uniform_size = sizeof(uni_data);
   for (unsigned b = 0; b < 4; b++) {
      io[1]->ubos[b] = ubo_data[b];
      io[1]->ubo_sizes[b] = sizeof(ubo_data[b]);
   }
   io[1]->num_ubos = num_ubos;
   /* Inputs: small indices (as floats) for the dynamic accesses. */
   for (unsigned k = 0; k < 2; k++) {
      for (unsigned l = 0; l < BT_WIDTH; l++) {
         for (unsigned c = 0; c < 4; c++) {
            float v = (float)((l + c * 3 + seed) % (c == 0 ? 2 : 3));
            memcpy(bt_in(io[k], 0, c, l), &v, 4);
         }
      }
   }
   bt_run(before, io[0]);
   bt_run(after, io[1]);
   if (memcmp(io[0]->out, io[1]->out, sizeof(io[0]->out)) != 0) {
      for (unsigned i = 0; i < 4 * 4 * BT_WIDTH; i++) {
         if (io[0]->out[i] != io[1]->out[i])
            fprintf(stderr, "slot %u comp %u lane %u: %08x vs %08x\n",
                    i / (4 * BT_WIDTH), i / BT_WIDTH % 4, i % BT_WIDTH,
                    io[0]->out[i], io[1]->out[i]);
      }
      fail_msg("the lowered shader reads other values (seed %u)", seed);
   }
   free(io[0]);
   free(io[1]);
}

static const char *const mixed_text =
   "shader fragment\n"
   "type S = struct { float f; dvec3 d; mat3x2 m; ivec3[2] iv; }\n"
   "type B = interface std140 { mat2x3 rm offset=0 row_major; "
   "S[2] ss offset=64; uvec2 u offset=384; }\n"
   "var uniform float @x\n"
   "var uniform S[2] @s\n"
   "var uniform bool @flag\n"
   "var ubo B[2] @blk\n"
   "fn main {\n"
   "  b0:\n"
   "    %0:32 = load_const 0\n"
   "    %1:32x4 = load_input %0\n"
   "    %2:32 = f2u %1.x\n"
   "    %3:32 = f2u %1.y\n"
   "    %4:32 = f2u %1.z\n"
   /* s[i].m[j] (column of a mat3x2), s[i].iv[j][k] */
   "    %5:32 = deref_var @s\n"
   "    %6:32 = deref_array %5[%2]\n"
   "    %7:32 = deref_struct %6.m\n"
   "    %8:32 = deref_array %7[%3]\n"
   "    %9:32x2 = load_deref %8\n"
   "    %10:32 = deref_struct %6.iv\n"
   "    %11:32 = deref_array %10[%2]\n"
   "    %12:32 = deref_array %11[%4]\n"
   "    %13:32 = load_deref %12\n"
   "    %14:32 = deref_struct %6.d\n"
   "    %15:32 = deref_array %14[%4]\n"
   "    %16:64 = load_deref %15\n"
   "    %17:32 = f2f %16\n"
   "    %18:32 = deref_var @flag\n"
   "    %19:1 = load_deref %18\n"
   "    %20:32 = b2f %19\n"
   "    %21:32 = deref_var @x\n"
   "    %22:32 = load_deref %21\n"
   /* blk[i].rm[j] (row-major column), blk[i].rm[j][k], blk[i].ss[j].m */
   "    %23:32 = deref_var @blk\n"
   "    %24:32 = deref_array %23[%2]\n"
   "    %25:32 = deref_struct %24.rm\n"
   "    %26:32 = deref_array %25[%2]\n"
   "    %27:32x3 = load_deref %26\n"
   "    %28:32 = deref_array %26[%4]\n"
   "    %29:32 = load_deref %28\n"
   "    %30:32 = deref_struct %24.ss\n"
   "    %31:32 = deref_array %30[%2]\n"
   "    %32:32 = deref_struct %31.m\n"
   "    %33:32 = deref_array %32[%4]\n"
   "    %34:32x2 = load_deref %33\n"
   "    %35:32 = deref_struct %24.u\n"
   "    %36:32x2 = load_deref %35\n"
   "    %37:32 = deref_struct %31.d\n"
   "    %38:64x3 = load_deref %37\n"
   "    %39:32x3 = f2f %38\n"
   "    %40:32x4 = vec4 %9.x, %9.y, %13, %17\n"
   "    store_output %40, %0 write_mask=15\n"
   "    %41:32 = load_const 1\n"
   "    %42:32x4 = vec4 %20, %22, %27.x, %27.z\n"
   "    store_output %42, %41 write_mask=15\n"
   "    %43:32 = load_const 2\n"
   "    %44:32x4 = vec4 %29, %34.x, %34.y, %39.z\n"
   "    store_output %44, %43 write_mask=15\n"
   "    %45:32 = load_const 3\n"
   "    %46:32x4 = vec4 %36.x, %36.y, %39.x, %39.y\n"
   "    store_output %46, %45 write_mask=15\n"
   "}\n";

static void
differential_runs(void **state)
{
   for (unsigned seed = 0; seed < 6; seed++) {
      differential(state, default_block_text, seed);
      differential(state, blocks_text, seed);
      differential(state, mixed_text, seed);
   }
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(default_block),
      cmocka_unit_test(uniform_blocks),
      cmocka_unit_test(sampler_slots),
      cmocka_unit_test(offsets_of_the_caller_are_kept),
      cmocka_unit_test(nothing_to_lower),
      cmocka_unit_test(differential_runs),
   };
   return cmocka_run_group_tests(tests, ir_test_arena_setup,
                                 ir_test_arena_teardown);
}
