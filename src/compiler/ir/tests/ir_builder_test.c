/* SPDX-License-Identifier: MIT */

/*
 * Tests of the builder (ir_builder.c): ALU destination sizes by the rules
 * of ir_builder.h, immediates, swizzles and vectors, intrinsics, deref
 * chains and their types, loads and stores, and the if/loop nesting
 * helpers with the block structure they make.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "ir_core_test_helpers.h"

static void
check_def(const struct ir_def *def, unsigned num_components, unsigned bits)
{
   assert_non_null(def);
   assert_int_equal(def->num_components, num_components);
   assert_int_equal(def->bit_size, bits);
}

static void
alu_dest_sizes(void **state)
{
   struct fixture *f = *state;
   struct ir_builder *b = &f->b;
   struct ir_def *v4 = ir_imm_vec4(b, 1, 2, 3, 4);
   struct ir_def *h = ir_imm_floatN(b, 1.0, 16);
   struct ir_def *i8 = ir_imm_intN(b, 3, 8);
   struct ir_def *i64 = ir_imm_intN(b, 3, 64);
   struct ir_def *i32 = ir_imm_int(b, 3);
   struct ir_def *t = ir_imm_bool(b, true);
   struct ir_def *u16 = ir_imm_intN(b, 9, 16);

   check_def(ALU2(b, FADD, v4, v4), 4, 32); /* per component */
   check_def(ALU2(b, FMUL, h, h), 1, 16);   /* size of the sources */
   check_def(ALU2(b, FLT, v4, v4), 4, 1);   /* unsized bool */
   check_def(ALU2(b, IEQ, i64, i64), 1, 1);
   check_def(ALU2(b, FDOT3, v4, v4), 1, 32);  /* fixed output size */
   check_def(ALU2(b, IAND, t, t), 1, 1);      /* logical and on bools */
   check_def(ALU1(b, BIT_COUNT, u16), 1, 32); /* fixed output bits */
   check_def(ALU1(b, UFIND_MSB, i64), 1, 32);
   check_def(ALU2(b, LDEXP, h, i32), 1, 16); /* first float source */
   check_def(ir_build_alu(b, IR_OP_BCSEL, t, i8, i8, NULL), 1, 8);
   check_def(
      ALU1(b, PACK_HALF_2X16, ir_swizzle(b, v4, (unsigned[]){ 0, 1 }, 2)), 1,
      32);
   check_def(ALU1(b, UNPACK_HALF_2X16, i32), 2, 32);
   /* Conversions take their width. */
   check_def(ir_build_alu_sized(b, IR_OP_F2F, 16, v4, NULL, NULL, NULL), 4, 16);
   check_def(ir_build_alu_sized(b, IR_OP_F2I, 64, h, NULL, NULL, NULL), 1, 64);
   check_def(ir_build_alu_sized(b, IR_OP_B2F, 16, t, NULL, NULL, NULL), 1, 16);
   check_def(ALU1(b, F2F16_RTZ, v4), 4, 16);
   check_def(ALU1(b, F2B, h), 1, 1);

   struct ir_def *add = ALU2(b, FADD, v4, v4);
   struct ir_alu *alu = ir_def_as_alu(add);
   assert_ptr_equal(alu->src[0].src.def, v4);
   assert_ptr_equal(alu->src[1].src.def, v4);
   assert_false(alu->exact);
   b->exact = true;
   assert_true(ir_def_as_alu(ALU2(b, FMUL, v4, v4))->exact);
   /* Each helper inserted at the cursor, in order. */
   assert_ptr_equal(last_instr(ir_start_block(f->fn)), b->cursor.instr);
   check_function(f->fn);
}

static void
alu_explicit_swizzles(void **state)
{
   struct fixture *f = *state;
   struct ir_def *v = ir_imm_vec4(&f->b, 1, 2, 3, 4);
   const uint8_t wzyx[IR_MAX_VEC] = { 3, 2, 1, 0 };
   const uint8_t(*swz[2])[IR_MAX_VEC] = { &wzyx, NULL };
   struct ir_def *srcs[2] = { v, v };
   struct ir_def *d = ir_build_alu_swz(&f->b, IR_OP_FSUB, 0, 0, srcs, swz);
   check_def(d, 4, 32);
   struct ir_alu *alu = ir_def_as_alu(d);
   assert_memory_equal(alu->src[0].swizzle, wzyx, 4);
   assert_memory_equal(alu->src[1].swizzle, ((uint8_t[]){ 0, 1, 2, 3 }), 4);
   /* Without swizzles at all, explicit size. */
   check_def(ir_build_alu_swz(&f->b, IR_OP_FADD, 2, 32, srcs, NULL), 2, 32);
}

static void
immediates(void **state)
{
   struct fixture *f = *state;
   struct ir_builder *b = &f->b;
   struct ir_load_const *lc;

   lc = ir_def_as_load_const(ir_imm_float(b, 0.5f));
   check_def(&lc->def, 1, 32);
   assert_true(lc->value[0].f32 == 0.5f);
   lc = ir_def_as_load_const(ir_imm_floatN(b, 1.0, 16));
   check_def(&lc->def, 1, 16);
   assert_int_equal(lc->value[0].u16, 0x3c00);
   lc = ir_def_as_load_const(ir_imm_floatN(b, -2.0, 64));
   check_def(&lc->def, 1, 64);
   assert_true(lc->value[0].f64 == -2.0);
   lc = ir_def_as_load_const(ir_imm_vec4(b, 1, 2, 3, -0.0f));
   check_def(&lc->def, 4, 32);
   assert_int_equal(lc->value[1].u32, 0x40000000);
   assert_int_equal(lc->value[3].u32, 0x80000000);

   lc = ir_def_as_load_const(ir_imm_int(b, -1));
   check_def(&lc->def, 1, 32);
   assert_int_equal(lc->value[0].u64, 0xffffffffu); /* upper bits zero */
   lc = ir_def_as_load_const(ir_imm_uint(b, 7));
   assert_int_equal(lc->value[0].u32, 7);
   lc = ir_def_as_load_const(ir_imm_intN(b, -1, 8));
   check_def(&lc->def, 1, 8);
   assert_int_equal(lc->value[0].u64, 0xff);
   lc = ir_def_as_load_const(ir_imm_intN(b, -2, 16));
   assert_int_equal(lc->value[0].u64, 0xfffe);
   lc = ir_def_as_load_const(ir_imm_intN(b, (int64_t)1 << 40, 64));
   assert_int_equal(lc->value[0].u64, (uint64_t)1 << 40);
   lc = ir_def_as_load_const(ir_imm_intN(b, 3, 1));
   check_def(&lc->def, 1, 1);
   assert_true(lc->value[0].b);
   lc = ir_def_as_load_const(ir_imm_bool(b, true));
   check_def(&lc->def, 1, 1);
   assert_true(lc->value[0].b);

   union ir_const_value vals[3] = { { .u32 = 5 }, { .u32 = 6 }, { .u32 = 7 } };
   lc = ir_def_as_load_const(ir_build_imm(b, 3, 32, vals));
   check_def(&lc->def, 3, 32);
   assert_int_equal(lc->value[2].u32, 7);

   struct ir_def *u = ir_undef(b, 2, 16);
   check_def(u, 2, 16);
   assert_int_equal(u->parent->kind, IR_INSTR_UNDEF);
   assert_int_equal(num_instrs(ir_start_block(f->fn)), 13);
}

static void
swizzle_vec_mov(void **state)
{
   struct fixture *f = *state;
   struct ir_builder *b = &f->b;
   struct ir_def *v = ir_imm_vec4(b, 1, 2, 3, 4);
   struct ir_block *b0 = ir_start_block(f->fn);

   /* The identity is no instruction. */
   assert_ptr_equal(ir_swizzle(b, v, (unsigned[]){ 0, 1, 2, 3 }, 4), v);
   assert_int_equal(num_instrs(b0), 1);

   struct ir_def *wz = ir_swizzle(b, v, (unsigned[]){ 3, 2 }, 2);
   check_def(wz, 2, 32);
   struct ir_alu *alu = ir_def_as_alu(wz);
   assert_int_equal(alu->op, IR_OP_MOV);
   assert_int_equal(alu->src[0].swizzle[0], 3);
   assert_int_equal(alu->src[0].swizzle[1], 2);
   /* A prefix of the components is not the identity either. */
   check_def(ir_swizzle(b, v, (unsigned[]){ 0, 1 }, 2), 2, 32);

   struct ir_def *y = ir_channel(b, v, 1);
   check_def(y, 1, 32);
   assert_int_equal(ir_def_as_alu(y)->src[0].swizzle[0], 1);

   struct ir_def *comps[3] = { y, wz, y };
   struct ir_def *v3 = ir_vec(b, comps, 3);
   check_def(v3, 3, 32);
   alu = ir_def_as_alu(v3);
   assert_int_equal(alu->op, IR_OP_VEC3);
   assert_ptr_equal(alu->src[1].src.def, wz);
   assert_int_equal(alu->src[1].swizzle[0], 0);
   assert_ptr_equal(ir_vec(b, comps, 1), y);

   struct ir_def *m = ir_mov(b, v);
   check_def(m, 4, 32);
   assert_int_equal(ir_def_as_alu(m)->op, IR_OP_MOV);
   assert_int_equal(num_instrs(b0), 6);
   check_function(f->fn);
}

static void
intrinsics(void **state)
{
   struct fixture *f = *state;
   struct ir_def *off = ir_imm_int(&f->b, 0);
   struct ir_intrinsic *ld =
      ir_build_intrinsic(&f->b, IR_INTRINSIC_LOAD_INPUT, 4, 32, &off);
   assert_int_equal(ld->num_components, 4);
   check_def(&ld->def, 4, 32);
   assert_ptr_equal(ld->src[0].def, off);
   assert_ptr_equal(ld->instr.block, ir_start_block(f->fn));
   ir_intrinsic_set_base(ld, 2);
   assert_int_equal(
      ld->const_index[ir_intrinsic_infos[ld->op].index_slot[IR_INDEX_BASE]], 2);

   struct ir_def *srcs[2] = { ir_channel(&f->b, &ld->def, 0), off };
   struct ir_intrinsic *st =
      ir_build_intrinsic(&f->b, IR_INTRINSIC_STORE_OUTPUT, 1, 0, srcs);
   assert_null(ir_instr_def(&st->instr));
   assert_ptr_equal(st->src[1].def, off);
   assert_int_equal(num_uses(off), 2);

   /* A fixed destination size wins over num_components. */
   struct ir_intrinsic *fc =
      ir_build_intrinsic(&f->b, IR_INTRINSIC_LOAD_FRAG_COORD, 0, 32, NULL);
   check_def(&fc->def, 4, 32);
   check_function(f->fn);
}

static const struct ir_deref *
deref_of(const struct ir_def *def)
{
   const struct ir_deref *d = ir_instr_as_deref(def->parent);
   assert_non_null(d);
   return d;
}

static void
deref_chains(void **state)
{
   struct fixture *f = *state;
   struct u_arena *arena = f->shader->arena;
   const struct ir_type *flt = ir_type_get_scalar(IR_TYPE_FLOAT);
   const struct ir_type *vec3 = ir_type_get_vector(IR_TYPE_FLOAT, 3);
   const struct ir_type *mat3 = ir_type_get_matrix(IR_TYPE_FLOAT, 3, 3);
   const struct ir_type *farr = ir_type_array(arena, flt, 3);
   const struct ir_struct_field fields[2] = {
      { .type = ir_type_get_vector(IR_TYPE_FLOAT, 4),
        .name = "a",
        .offset = -1 },
      { .type = farr, .name = "b", .offset = -1 },
   };
   const struct ir_type *st =
      ir_type_struct(arena, IR_TYPE_STRUCT, "S", fields, 2, IR_PACKING_NONE);
   struct ir_variable *s =
      ir_variable_create(f->shader, IR_VAR_UNIFORM, st, "s");
   struct ir_variable *m =
      ir_local_variable_create(f->fn, ir_type_array(arena, mat3, 2), "m");
   struct ir_def *i = ir_imm_int(&f->b, 1);

   struct ir_def *ds = ir_build_deref_var(&f->b, s);
   assert_int_equal(deref_of(ds)->deref_kind, IR_DEREF_VAR);
   assert_ptr_equal(deref_of(ds)->type, st);
   assert_int_equal(deref_of(ds)->mode, IR_VAR_UNIFORM);
   check_def(ds, 1, 32);
   struct ir_def *db = ir_build_deref_struct(&f->b, ds, 1);
   assert_int_equal(deref_of(db)->deref_kind, IR_DEREF_STRUCT);
   assert_int_equal(deref_of(db)->field, 1);
   assert_ptr_equal(deref_of(db)->type, farr);
   assert_ptr_equal(deref_of(db)->var, s);
   assert_int_equal(deref_of(db)->mode, IR_VAR_UNIFORM);
   assert_ptr_equal(deref_of(db)->parent.def, ds);
   struct ir_def *de = ir_build_deref_array(&f->b, db, i);
   assert_ptr_equal(deref_of(de)->type, flt);
   assert_ptr_equal(deref_of(de)->index.def, i);
   assert_ptr_equal(deref_of(de)->var, s);
   check_def(ir_load_deref(&f->b, de), 1, 32);

   /* Array of matrices: element, column, component. */
   struct ir_def *dm = ir_build_deref_var(&f->b, m);
   assert_int_equal(deref_of(dm)->mode, IR_VAR_FUNCTION_TEMP);
   struct ir_def *dm1 = ir_build_deref_array(&f->b, dm, i);
   assert_ptr_equal(deref_of(dm1)->type, mat3);
   struct ir_def *col = ir_build_deref_array(&f->b, dm1, i);
   assert_ptr_equal(deref_of(col)->type, vec3);
   struct ir_def *comp = ir_build_deref_array(&f->b, col, i);
   assert_ptr_equal(deref_of(comp)->type, flt);
   assert_ptr_equal(deref_of(comp)->var, m);
   check_def(ir_load_deref(&f->b, col), 3, 32);
   assert_int_equal(num_uses(i), 4);
   check_function(f->fn);
}

static void
load_store_var(void **state)
{
   struct fixture *f = *state;
   struct ir_variable *v3 = ir_variable_create(
      f->shader, IR_VAR_SHADER_IN, ir_type_get_vector(IR_TYPE_FLOAT, 3), "v");
   struct ir_variable *bv = ir_variable_create(
      f->shader, IR_VAR_UNIFORM, ir_type_get_vector(IR_TYPE_BOOL, 2), "b");
   struct ir_variable *dv = ir_variable_create(
      f->shader, IR_VAR_UNIFORM, ir_type_get_vector(IR_TYPE_DOUBLE, 2), "d");
   struct ir_variable *out = ir_variable_create(
      f->shader, IR_VAR_SHADER_OUT, ir_type_get_vector(IR_TYPE_FLOAT, 3), "o");

   struct ir_def *x = ir_load_var(&f->b, v3);
   check_def(x, 3, 32);
   struct ir_intrinsic *ld = ir_def_as_intrinsic(x);
   assert_int_equal(ld->op, IR_INTRINSIC_LOAD_DEREF);
   assert_int_equal(ld->num_components, 3);
   assert_ptr_equal(deref_of(ld->src[0].def)->var, v3);
   check_def(ir_load_var(&f->b, bv), 2, 1);
   check_def(ir_load_var(&f->b, dv), 2, 64);

   ir_store_var(&f->b, out, x, 0x5);
   struct ir_intrinsic *st =
      ir_instr_as_intrinsic(last_instr(ir_start_block(f->fn)));
   assert_non_null(st);
   assert_int_equal(st->op, IR_INTRINSIC_STORE_DEREF);
   assert_int_equal(st->num_components, 3);
   assert_int_equal(ir_intrinsic_write_mask(st), 0x5);
   assert_ptr_equal(st->src[1].def, x);
   assert_ptr_equal(deref_of(st->src[0].def)->var, out);
   /* deref + load three times, deref + store once. */
   assert_int_equal(num_instrs(ir_start_block(f->fn)), 8);
   check_function(f->fn);
}

static void
if_nesting(void **state)
{
   struct fixture *f = *state;
   struct ir_def *c = ir_imm_bool(&f->b, true);
   struct ir_if *outer = ir_push_if(&f->b, c);
   assert_int_equal(f->b.cursor.option, IR_CURSOR_BEFORE_BLOCK);
   assert_ptr_equal(f->b.cursor.block, ir_if_first_then_block(outer));
   struct ir_def *t = ir_imm_float(&f->b, 1.0f);
   struct ir_if *inner = ir_push_if(&f->b, c);
   struct ir_def *it = ir_imm_float(&f->b, 2.0f);
   ir_pop_if(&f->b, inner);
   struct ir_def *t2 = ir_imm_float(&f->b, 3.0f);
   ir_push_else(&f->b, outer);
   struct ir_def *e = ir_imm_float(&f->b, 4.0f);
   ir_pop_if(&f->b, outer);
   struct ir_def *after = ir_imm_float(&f->b, 5.0f);

   assert_int_equal(u_list_length(&outer->then_list), 3);
   assert_int_equal(u_list_length(&outer->else_list), 1);
   assert_ptr_equal(inner->cf.parent, &outer->cf);
   assert_ptr_equal(t->parent->block, ir_if_first_then_block(outer));
   assert_ptr_equal(it->parent->block, ir_if_first_then_block(inner));
   assert_ptr_equal(t2->parent->block, ir_if_last_then_block(outer));
   assert_ptr_equal(e->parent->block, ir_if_first_else_block(outer));
   struct ir_block *merge = ir_cf_as_block(ir_cf_node_next(&outer->cf));
   assert_ptr_equal(after->parent->block, merge);
   check_succs(ir_if_last_then_block(inner), ir_if_last_then_block(outer),
               NULL);
   check_succs(ir_if_last_then_block(outer), merge, NULL);
   CHECK_PREDS(merge, ir_if_last_then_block(outer),
               ir_if_first_else_block(outer));
   check_function(f->fn);
}

static void
if_phi(void **state)
{
   struct fixture *f = *state;
   struct ir_def *c = ir_imm_bool(&f->b, true);
   struct ir_def *before = ir_imm_vec4(&f->b, 0, 0, 0, 0);
   struct ir_if *nif = ir_push_if(&f->b, c);
   struct ir_def *t = ir_imm_vec4(&f->b, 1, 1, 1, 1);
   ir_push_else(&f->b, nif);
   struct ir_def *e = ir_imm_vec4(&f->b, 2, 2, 2, 2);
   ir_pop_if(&f->b, nif);
   struct ir_def *p1 = ir_if_phi(&f->b, t, e);
   struct ir_def *p2 = ir_if_phi(&f->b, before, e);
   struct ir_def *sum = ALU2(&f->b, FADD, p1, p2);

   check_def(p1, 4, 32);
   struct ir_block *merge = ir_cf_as_block(ir_cf_node_next(&nif->cf));
   assert_ptr_equal(nth_instr(merge, 0), p1->parent);
   assert_ptr_equal(nth_instr(merge, 1), p2->parent);
   assert_ptr_equal(nth_instr(merge, 2), sum->parent);
   struct ir_phi *phi = ir_instr_as_phi(p1->parent);
   assert_int_equal(u_list_length(&phi->srcs), 2);
   ir_foreach_phi_src (phi, psrc) {
      if (psrc->pred == ir_if_last_then_block(nif))
         assert_ptr_equal(psrc->src.def, t);
      else
         assert_ptr_equal(psrc->pred, ir_if_last_else_block(nif));
   }
   assert_int_equal(num_uses(t), 1);
   assert_int_equal(num_uses(e), 2);
   assert_int_equal(num_uses(before), 1);
   check_function(f->fn);
}

static void
loops_and_jumps(void **state)
{
   struct fixture *f = *state;
   struct ir_def *c = ir_imm_bool(&f->b, true);
   struct ir_loop *outer = ir_push_loop(&f->b);
   assert_ptr_equal(f->b.cursor.block, ir_loop_first_block(outer));
   struct ir_loop *inner = ir_push_loop(&f->b);
   struct ir_if *nif = ir_push_if(&f->b, c);
   ir_jump(&f->b, IR_JUMP_BREAK);
   ir_pop_if(&f->b, nif);
   ir_pop_loop(&f->b, inner);
   ir_jump(&f->b, IR_JUMP_CONTINUE);
   ir_pop_loop(&f->b, outer);

   /* b0 loop { b1 loop { b2 if { b3: break } else { b4 } b5 } b6: cont }
    * b7 */
   struct ir_block *bl[MAX_TEST_BLOCKS + 1];
   assert_int_equal(test_blocks(f->fn, bl), 8);
   assert_ptr_equal(inner->cf.parent, &outer->cf);
   assert_ptr_equal(ir_cf_node_get_loop(&bl[3]->cf), inner);
   assert_ptr_equal(ir_cf_node_get_loop(&bl[6]->cf), outer);
   check_succs(bl[0], bl[1], NULL);
   check_succs(bl[1], bl[2], NULL);
   check_succs(bl[2], bl[3], bl[4]);
   check_succs(bl[3], bl[6], NULL);
   check_succs(bl[4], bl[5], NULL);
   check_succs(bl[5], bl[2], NULL);
   check_succs(bl[6], bl[1], NULL);
   CHECK_PREDS(bl[1], bl[0], bl[6]);
   CHECK_PREDS(bl[2], bl[1], bl[5]);
   CHECK_PREDS(bl[6], bl[3]);
   /* No break leaves the outer loop: b7 is unreachable but still falls
    * through to the end block. */
   CHECK_NO_PREDS(bl[7]);
   CHECK_PREDS(f->fn->end_block, bl[7]);
   check_function(f->fn);
}

/* A builder in the middle of a block: what followed the cursor ends up
 * after the new if. */
static void
builder_in_the_middle(void **state)
{
   struct fixture *f = *state;
   struct ir_def *c = ir_imm_bool(&f->b, true);
   struct ir_def *x = ir_imm_float(&f->b, 1.0f);
   struct ir_def *y = ir_imm_float(&f->b, 2.0f);

   struct ir_builder b = ir_builder_at(f->fn, ir_after_instr(c->parent));
   assert_ptr_equal(b.fn, f->fn);
   assert_ptr_equal(b.shader, f->shader);
   struct ir_if *nif = ir_push_if(&b, c);
   ir_pop_if(&b, nif);
   struct ir_def *z = ir_imm_float(&b, 3.0f);
   struct ir_block *b0 = ir_start_block(f->fn);
   struct ir_block *merge = ir_cf_as_block(ir_cf_node_next(&nif->cf));
   assert_int_equal(num_instrs(b0), 1);
   assert_ptr_equal(nth_instr(merge, 0), z->parent);
   assert_ptr_equal(nth_instr(merge, 1), x->parent);
   assert_ptr_equal(nth_instr(merge, 2), y->parent);

   /* The end of the function is after the merge block now. */
   struct ir_builder e = ir_builder_at_end(f->fn);
   assert_int_equal(e.cursor.option, IR_CURSOR_AFTER_BLOCK);
   assert_ptr_equal(e.cursor.block, merge);
   check_function(f->fn);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      FIXTURE_TEST(alu_dest_sizes),
      FIXTURE_TEST(alu_explicit_swizzles),
      FIXTURE_TEST(immediates),
      FIXTURE_TEST(swizzle_vec_mov),
      FIXTURE_TEST(intrinsics),
      FIXTURE_TEST(deref_chains),
      FIXTURE_TEST(load_store_var),
      FIXTURE_TEST(if_nesting),
      FIXTURE_TEST(if_phi),
      FIXTURE_TEST(loops_and_jumps),
      FIXTURE_TEST(builder_in_the_middle),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
