/* SPDX-License-Identifier: MIT */

/*
 * Tests of the IR core (ir.c): shaders, functions and variables, the
 * instruction constructors, use lists (set, rewrite, rewrite after),
 * components read, cursors, and inserting, removing and moving
 * instructions.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <string.h>

#include "ir_core_test_helpers.h"

static void
shader_create_destroy(void **state)
{
   struct ir_shader *s = ir_shader_create(NULL, IR_STAGE_VERTEX);
   assert_non_null(s);
   assert_non_null(s->arena);
   assert_int_equal(s->stage, IR_STAGE_VERTEX);
   assert_true(u_list_is_empty(&s->variables));
   assert_true(u_list_is_empty(&s->functions));
   assert_int_equal(s->info.round_mode, IR_ROUND_NEAREST_EVEN);
   assert_int_equal(s->info.denorm_mode, IR_DENORM_PRESERVE);
   assert_null(ir_shader_get_entrypoint(s));
   ir_shader_destroy(s);
   ir_shader_destroy(NULL);

   /* A shader under a parent arena goes with it. */
   struct u_arena *parent = u_arena_create(NULL);
   s = ir_shader_create(parent, IR_STAGE_COMPUTE);
   assert_non_null(s);
   assert_ptr_equal(u_arena_parent(s->arena), parent);
   ir_function_create(s, "main");
   u_arena_destroy(parent);
}

static void
function_create(void **state)
{
   struct ir_shader *s = ir_shader_create(NULL, IR_STAGE_FRAGMENT);
   struct ir_function *fn = ir_function_create(s, "main");
   assert_non_null(fn);
   assert_string_equal(fn->name, "main");
   assert_ptr_equal(fn->shader, s);
   assert_int_equal(fn->cf.kind, IR_CF_FUNCTION);
   assert_null(fn->cf.parent);
   assert_int_equal(u_list_length(&fn->body), 1);
   struct ir_block *start = ir_start_block(fn);
   assert_non_null(start);
   assert_ptr_equal(start->cf.parent, &fn->cf);
   assert_true(u_list_is_empty(&start->instrs));
   assert_non_null(fn->end_block);
   assert_ptr_not_equal(fn->end_block, start);
   assert_ptr_equal(ir_cf_node_get_function(&fn->end_block->cf), fn);
   check_succs(start, fn->end_block, NULL);
   check_succs(fn->end_block, NULL, NULL);
   CHECK_PREDS(fn->end_block, start);
   assert_null(ir_block_next(fn, fn->end_block));
   assert_true(u_list_is_empty(&fn->locals));
   assert_int_equal(fn->num_defs, 0);
   assert_ptr_equal(ir_shader_get_entrypoint(s), fn);
   check_function(fn);
   ir_shader_destroy(s);
}

static void
entrypoint(void **state)
{
   struct ir_shader *s = ir_shader_create(NULL, IR_STAGE_FRAGMENT);
   struct ir_function *only = ir_function_create(s, NULL);
   assert_null(only->name);
   assert_ptr_equal(ir_shader_get_entrypoint(s), only);
   ir_function_create(s, "helper");
   assert_null(ir_shader_get_entrypoint(s));
   struct ir_function *main_fn = ir_function_create(s, "main");
   assert_ptr_equal(ir_shader_get_entrypoint(s), main_fn);
   unsigned n = 0;
   ir_foreach_function (s, fn)
      n++;
   assert_int_equal(n, 3);
   ir_shader_destroy(s);
}

static void
variables(void **state)
{
   struct fixture *f = *state;
   const struct ir_type *vec4 = ir_type_get_vector(IR_TYPE_FLOAT, 4);
   char name[] = "color";
   struct ir_variable *in =
      ir_variable_create(f->shader, IR_VAR_SHADER_IN, vec4, name);
   name[0] = 'X'; /* the name is copied */
   assert_string_equal(in->name, "color");
   assert_ptr_equal(in->type, vec4);
   assert_int_equal(in->mode, IR_VAR_SHADER_IN);
   assert_int_equal(in->location, -1);
   assert_int_equal(in->binding, -1);
   assert_int_equal(in->component, 0);
   assert_int_equal(in->interp, IR_INTERP_SMOOTH);
   assert_false(in->precise);
   assert_null(in->initializer);

   struct ir_variable *out =
      ir_variable_create(f->shader, IR_VAR_SHADER_OUT, vec4, "frag");
   struct ir_variable *anon =
      ir_variable_create(f->shader, IR_VAR_UNIFORM, vec4, NULL);
   assert_null(anon->name);
   struct ir_variable *tmp = ir_local_variable_create(
      f->fn, ir_type_get_scalar(IR_TYPE_INT), "counter");
   assert_int_equal(tmp->mode, IR_VAR_FUNCTION_TEMP);
   assert_int_equal(tmp->location, -1);

   assert_int_equal(u_list_length(&f->shader->variables), 3);
   assert_int_equal(u_list_length(&f->fn->locals), 1);
   assert_ptr_equal(
      u_list_first(&f->shader->variables, struct ir_variable, link), in);
   assert_ptr_equal(ir_shader_find_variable(f->shader, "frag"), out);
   assert_ptr_equal(ir_shader_find_variable(f->shader, "color"), in);
   assert_ptr_equal(ir_shader_find_variable(f->shader, "counter"), tmp);
   assert_null(ir_shader_find_variable(f->shader, "nothing"));
   assert_null(ir_shader_find_variable(f->shader, NULL));
}

static void
alu_create(void **state)
{
   struct fixture *f = *state;
   struct ir_alu *add = ir_alu_create(f->fn, IR_OP_FADD);
   assert_int_equal(add->instr.kind, IR_INSTR_ALU);
   assert_null(add->instr.block);
   assert_int_equal(add->op, IR_OP_FADD);
   assert_false(add->exact);
   assert_ptr_equal(add->def.parent, &add->instr);
   assert_int_equal(add->def.index, 0);
   assert_false(ir_def_has_uses(&add->def));
   for (unsigned i = 0; i < 2; i++) {
      assert_null(add->src[i].src.def);
      assert_ptr_equal(add->src[i].src.parent_instr, &add->instr);
      assert_memory_equal(add->src[i].swizzle, ((uint8_t[]){ 0, 1, 2, 3 }), 4);
   }
   /* Fixed output sizes come from the table. */
   struct ir_alu *dot = ir_alu_create(f->fn, IR_OP_FDOT3);
   assert_int_equal(dot->def.index, 1);
   assert_int_equal(dot->def.num_components, 1);
   struct ir_alu *pack = ir_alu_create(f->fn, IR_OP_PACK_HALF_2X16);
   assert_int_equal(pack->def.bit_size, 32);
   struct ir_alu *vec = ir_alu_create(f->fn, IR_OP_VEC4);
   assert_int_equal(vec->def.num_components, 4);
   assert_memory_equal(vec->src[3].swizzle, ((uint8_t[]){ 0, 1, 2, 3 }), 4);
   assert_int_equal(f->fn->num_defs, 4);
   assert_ptr_equal(ir_instr_def(&vec->instr), &vec->def);
}

static void
intrinsic_create(void **state)
{
   struct fixture *f = *state;
   struct ir_intrinsic *st =
      ir_intrinsic_create(f->fn, IR_INTRINSIC_STORE_DEREF);
   assert_int_equal(st->instr.kind, IR_INSTR_INTRINSIC);
   assert_int_equal(st->op, IR_INTRINSIC_STORE_DEREF);
   assert_null(ir_instr_def(&st->instr));
   assert_null(st->src[0].def);
   assert_null(st->src[1].def);
   assert_ptr_equal(st->src[1].parent_instr, &st->instr);
   for (unsigned i = 0; i < IR_MAX_CONST_INDEX; i++)
      assert_int_equal(st->const_index[i], 0);
   assert_int_equal(f->fn->num_defs, 0);

   struct ir_intrinsic *ld =
      ir_intrinsic_create(f->fn, IR_INTRINSIC_LOAD_INPUT);
   assert_ptr_equal(ir_instr_def(&ld->instr), &ld->def);
   assert_int_equal(ld->def.index, 0);
   ir_intrinsic_set_base(ld, 3);
   ir_intrinsic_set_component(ld, 2);
   assert_int_equal(ir_intrinsic_base(ld), 3);
   assert_int_equal(ir_intrinsic_component(ld), 2);
   assert_false(ir_intrinsic_has_write_mask(ld));

   struct ir_intrinsic *fc =
      ir_intrinsic_create(f->fn, IR_INTRINSIC_LOAD_FRAG_COORD);
   assert_int_equal(fc->def.num_components, 4);
}

static void
other_constructors(void **state)
{
   struct fixture *f = *state;
   struct ir_tex *tex = ir_tex_create(f->fn, 3);
   assert_int_equal(tex->num_srcs, 3);
   assert_ptr_equal(tex->src[2].src.parent_instr, &tex->instr);
   assert_ptr_equal(ir_instr_def(&tex->instr), &tex->def);

   struct ir_load_const *lc = ir_load_const_create(f->fn, 3, 16);
   assert_int_equal(lc->def.num_components, 3);
   assert_int_equal(lc->def.bit_size, 16);
   assert_int_equal(lc->value[2].u64, 0);

   struct ir_undef *u = ir_undef_create(f->fn, 2, 64);
   assert_int_equal(u->def.num_components, 2);
   assert_int_equal(u->def.bit_size, 64);
   assert_true(u->def.divergent);

   struct ir_phi *phi = ir_phi_create(f->fn);
   assert_true(u_list_is_empty(&phi->srcs));
   assert_ptr_equal(ir_instr_def(&phi->instr), &phi->def);

   struct ir_jump *j = ir_jump_create(f->fn, IR_JUMP_CONTINUE);
   assert_int_equal(j->jump_kind, IR_JUMP_CONTINUE);
   assert_null(ir_instr_def(&j->instr));

   struct ir_parallel_copy *pc = ir_parallel_copy_create(f->fn);
   assert_true(u_list_is_empty(&pc->entries));
   assert_null(ir_instr_def(&pc->instr));

   struct ir_deref *d = ir_deref_create(f->fn, IR_DEREF_ARRAY);
   assert_int_equal(d->def.num_components, 1);
   assert_int_equal(d->def.bit_size, 32);

   /* Indices are unique and dense in creation order. */
   assert_int_equal(tex->def.index, 0);
   assert_int_equal(lc->def.index, 1);
   assert_int_equal(u->def.index, 2);
   assert_int_equal(phi->def.index, 3);
   assert_int_equal(d->def.index, 4);
   assert_int_equal(f->fn->num_defs, 5);
}

static void
use_lists(void **state)
{
   struct fixture *f = *state;
   struct ir_def *a = ir_imm_float(&f->b, 1.0f);
   struct ir_def *b = ir_imm_float(&f->b, 2.0f);
   struct ir_def *s = ALU2(&f->b, FADD, a, b);
   struct ir_def *t = ALU2(&f->b, FMUL, a, a);
   assert_int_equal(num_uses(a), 3);
   assert_int_equal(num_uses(b), 1);
   assert_false(ir_def_has_uses(s));
   assert_false(ir_def_has_uses(t));
   struct ir_alu *add = ir_def_as_alu(s);
   assert_ptr_equal(u_list_first(&b->uses, struct ir_src, use_link),
                    &add->src[1].src);

   /* Pointing a source elsewhere moves the use. */
   ir_src_set(&add->src[1].src, a);
   assert_int_equal(num_uses(a), 4);
   assert_int_equal(num_uses(b), 0);
   ir_src_set(&add->src[1].src, NULL);
   assert_int_equal(num_uses(a), 3);
   assert_null(add->src[1].src.def);
   ir_instr_set_src(&add->instr, &add->src[1].src, b);
   assert_int_equal(num_uses(b), 1);

   struct ir_def *c1 = ir_imm_bool(&f->b, true);
   struct ir_def *c2 = ir_imm_bool(&f->b, false);
   struct ir_if *nif = ir_push_if(&f->b, c1);
   assert_int_equal(num_uses(c1), 1);
   ir_if_set_condition(nif, c2);
   assert_int_equal(num_uses(c1), 0);
   assert_int_equal(num_uses(c2), 1);
   struct ir_src *use = u_list_first(&c2->uses, struct ir_src, use_link);
   assert_true(use->is_if_condition);
   assert_ptr_equal(use->parent_if, nif);
   ir_pop_if(&f->b, nif);
   check_function(f->fn);
}

static void
rewrite_uses(void **state)
{
   struct fixture *f = *state;
   struct ir_def *a = ir_imm_float(&f->b, 1.0f);
   struct ir_def *b = ir_imm_float(&f->b, 2.0f);
   struct ir_def *s = ALU2(&f->b, FADD, a, a);
   struct ir_def *t = ALU2(&f->b, FMUL, s, a);
   ir_def_rewrite_uses(a, b);
   assert_false(ir_def_has_uses(a));
   assert_int_equal(num_uses(b), 3);
   assert_ptr_equal(ir_def_as_alu(s)->src[0].src.def, b);
   assert_ptr_equal(ir_def_as_alu(s)->src[1].src.def, b);
   assert_ptr_equal(ir_def_as_alu(t)->src[1].src.def, b);
   assert_ptr_equal(ir_def_as_alu(t)->src[0].src.def, s);
   /* Rewriting to itself changes nothing. */
   ir_def_rewrite_uses(b, b);
   assert_int_equal(num_uses(b), 3);
   check_function(f->fn);
}

static void
rewrite_uses_after(void **state)
{
   struct fixture *f = *state;
   struct ir_def *x = ir_imm_bool(&f->b, true);
   struct ir_def *y = ALU2(&f->b, IAND, x, x);
   struct ir_def *z = ALU2(&f->b, IOR, x, x);
   struct ir_if *nif = ir_push_if(&f->b, x);
   struct ir_def *w = ALU1(&f->b, INOT, x);
   ir_pop_if(&f->b, nif);

   /* new = inot x, right after y; the uses after it switch. */
   struct ir_builder b = ir_builder_at(f->fn, ir_after_instr(y->parent));
   struct ir_def *n = ALU1(&b, INOT, x);
   ir_def_rewrite_uses_after(x, n, n->parent);
   assert_ptr_equal(ir_def_as_alu(y)->src[0].src.def, x);
   assert_ptr_equal(ir_def_as_alu(y)->src[1].src.def, x);
   assert_ptr_equal(ir_def_as_alu(n)->src[0].src.def, x);
   assert_ptr_equal(ir_def_as_alu(z)->src[0].src.def, n);
   assert_ptr_equal(ir_def_as_alu(z)->src[1].src.def, n);
   assert_ptr_equal(ir_def_as_alu(w)->src[0].src.def, n);
   assert_ptr_equal(nif->condition.def, n);
   assert_int_equal(num_uses(x), 3);
   assert_int_equal(num_uses(n), 4);
   check_function(f->fn);
}

static void
insert_remove_move(void **state)
{
   struct fixture *f = *state;
   struct ir_block *b0 = ir_start_block(f->fn);
   struct ir_load_const *k1 = ir_load_const_create(f->fn, 1, 32);
   struct ir_load_const *k2 = ir_load_const_create(f->fn, 1, 32);
   struct ir_load_const *k3 = ir_load_const_create(f->fn, 1, 32);
   struct ir_load_const *k4 = ir_load_const_create(f->fn, 1, 32);
   ir_instr_insert(ir_after_block(b0), &k2->instr);
   ir_instr_insert(ir_before_block(b0), &k1->instr);
   ir_instr_insert(ir_after_instr(&k2->instr), &k4->instr);
   ir_instr_insert(ir_before_instr(&k4->instr), &k3->instr);
   assert_ptr_equal(nth_instr(b0, 0), &k1->instr);
   assert_ptr_equal(nth_instr(b0, 1), &k2->instr);
   assert_ptr_equal(nth_instr(b0, 2), &k3->instr);
   assert_ptr_equal(nth_instr(b0, 3), &k4->instr);
   assert_ptr_equal(k3->instr.block, b0);

   struct ir_alu *add = ir_alu_create(f->fn, IR_OP_FADD);
   add->def.num_components = 1;
   add->def.bit_size = 32;
   ir_instr_set_src(&add->instr, &add->src[0].src, &k1->def);
   ir_instr_set_src(&add->instr, &add->src[1].src, &k2->def);
   /* A new instruction's sources count as uses before insertion. */
   assert_int_equal(num_uses(&k1->def), 1);
   ir_instr_insert(ir_after_block(b0), &add->instr);
   assert_int_equal(num_uses(&k1->def), 1);

   ir_instr_remove(&add->instr);
   assert_null(add->instr.block);
   assert_int_equal(num_instrs(b0), 4);
   assert_false(ir_def_has_uses(&k1->def));
   assert_false(ir_def_has_uses(&k2->def));
   /* The sources still name their defs ... */
   assert_ptr_equal(add->src[0].src.def, &k1->def);
   /* ... and re-pointing one keeps it off the use lists. */
   ir_src_set(&add->src[1].src, &k3->def);
   assert_false(ir_def_has_uses(&k3->def));
   /* Moving = remove + insert: the uses come back. */
   ir_instr_insert(ir_after_instr(&k4->instr), &add->instr);
   assert_int_equal(num_uses(&k1->def), 1);
   assert_int_equal(num_uses(&k3->def), 1);
   assert_false(ir_def_has_uses(&k2->def));
   assert_ptr_equal(last_instr(b0), &add->instr);

   ir_instr_remove(&k2->instr);
   assert_int_equal(num_instrs(b0), 4);
   check_function(f->fn);
}

static void
phis_and_cursors(void **state)
{
   struct fixture *f = *state;
   struct ir_def *c = ir_imm_bool(&f->b, true);
   struct ir_def *x = ir_imm_float(&f->b, 1.0f);
   struct ir_if *nif = ir_push_if(&f->b, c);
   ir_pop_if(&f->b, nif);
   struct ir_block *b0 = ir_start_block(f->fn);
   struct ir_block *merge = ir_cf_as_block(ir_cf_node_next(&nif->cf));

   struct ir_cursor cur = ir_after_phis(merge);
   assert_int_equal(cur.option, IR_CURSOR_BEFORE_BLOCK);
   assert_ptr_equal(cur.block, merge);
   cur = ir_before_cf_node(&nif->cf);
   assert_int_equal(cur.option, IR_CURSOR_AFTER_BLOCK);
   assert_ptr_equal(cur.block, b0);
   cur = ir_before_cf_node(&merge->cf);
   assert_int_equal(cur.option, IR_CURSOR_BEFORE_BLOCK);
   cur = ir_after_cf_node(&b0->cf);
   assert_int_equal(cur.option, IR_CURSOR_AFTER_BLOCK);
   assert_ptr_equal(cur.block, b0);

   struct ir_def *body = ALU2(&f->b, FADD, x, x);
   struct ir_def *p1 = ir_if_phi(&f->b, x, x);
   struct ir_def *p2 = ir_if_phi(&f->b, x, x);
   /* Phis go before the ALU instruction already in the block. */
   assert_ptr_equal(nth_instr(merge, 0), p1->parent);
   assert_ptr_equal(nth_instr(merge, 1), p2->parent);
   assert_ptr_equal(nth_instr(merge, 2), body->parent);
   cur = ir_after_phis(merge);
   assert_int_equal(cur.option, IR_CURSOR_AFTER_INSTR);
   assert_ptr_equal(cur.instr, p2->parent);
   cur = ir_after_cf_node(&nif->cf);
   assert_int_equal(cur.option, IR_CURSOR_AFTER_INSTR);
   assert_ptr_equal(cur.instr, p2->parent);

   cur = ir_before_jump(merge);
   assert_int_equal(cur.option, IR_CURSOR_AFTER_BLOCK);
   struct ir_jump *ret = ir_jump_create(f->fn, IR_JUMP_RETURN);
   ir_instr_insert(ir_after_block(merge), &ret->instr);
   cur = ir_before_jump(merge);
   assert_int_equal(cur.option, IR_CURSOR_BEFORE_INSTR);
   assert_ptr_equal(cur.instr, &ret->instr);
   assert_ptr_equal(ir_block_last_jump(merge), ret);
   check_succs(merge, f->fn->end_block, NULL);
   check_function(f->fn);
}

static void
components_read(void **state)
{
   struct fixture *f = *state;
   struct ir_def *v = ir_imm_vec4(&f->b, 1, 2, 3, 4);
   assert_int_equal(ir_def_components_read(v), 0);

   const uint8_t xx[IR_MAX_VEC] = { 0, 0 }, zz[IR_MAX_VEC] = { 2, 2 };
   const uint8_t(*swz[2])[IR_MAX_VEC] = { &xx, &zz };
   struct ir_def *srcs[2] = { v, v };
   ir_build_alu_swz(&f->b, IR_OP_FADD, 2, 32, srcs, swz);
   assert_int_equal(ir_def_components_read(v), 0x5);

   /* fdot3 reads three components of each source. */
   ALU2(&f->b, FDOT3, v, v);
   assert_int_equal(ir_def_components_read(v), 0x7);

   /* Anything but an ALU reads everything. */
   struct ir_variable *var = ir_variable_create(
      f->shader, IR_VAR_SHADER_OUT, ir_type_get_vector(IR_TYPE_FLOAT, 4), "o");
   ir_store_var(&f->b, var, v, 0xf);
   assert_int_equal(ir_def_components_read(v), 0xf);

   struct ir_def *c = ir_imm_bool(&f->b, true);
   struct ir_if *nif = ir_push_if(&f->b, c);
   ir_pop_if(&f->b, nif);
   assert_int_equal(ir_def_components_read(c), 0x1);
}

struct src_list {
   struct ir_src *srcs[16];
   unsigned n;
   unsigned stop_after;
};

static bool
collect_src(struct ir_src *src, void *data)
{
   struct src_list *l = data;
   l->srcs[l->n++] = src;
   return l->n != l->stop_after;
}

static void
foreach_src(void **state)
{
   struct fixture *f = *state;
   struct ir_def *a = ir_imm_float(&f->b, 1.0f);
   struct ir_def *b = ir_imm_float(&f->b, 2.0f);

   struct ir_tex *tex = ir_tex_create(f->fn, 3);
   for (unsigned i = 0; i < 3; i++)
      ir_instr_set_src(&tex->instr, &tex->src[i].src, i == 1 ? b : a);
   struct src_list l = { .n = 0 };
   assert_true(ir_instr_foreach_src(&tex->instr, collect_src, &l));
   assert_int_equal(l.n, 3);
   assert_ptr_equal(l.srcs[1], &tex->src[1].src);

   /* Stopping early returns false. */
   l = (struct src_list){ .stop_after = 2 };
   assert_false(ir_instr_foreach_src(&tex->instr, collect_src, &l));
   assert_int_equal(l.n, 2);

   struct ir_deref *var = ir_deref_create(f->fn, IR_DEREF_VAR);
   l = (struct src_list){ .n = 0 };
   assert_true(ir_instr_foreach_src(&var->instr, collect_src, &l));
   assert_int_equal(l.n, 0);
   struct ir_deref *arr = ir_deref_create(f->fn, IR_DEREF_ARRAY);
   ir_instr_set_src(&arr->instr, &arr->parent, &var->def);
   ir_instr_set_src(&arr->instr, &arr->index, a);
   ir_instr_foreach_src(&arr->instr, collect_src, &l);
   assert_int_equal(l.n, 2);
   assert_ptr_equal(l.srcs[0], &arr->parent);
   assert_ptr_equal(l.srcs[1], &arr->index);
   struct ir_deref *st = ir_deref_create(f->fn, IR_DEREF_STRUCT);
   ir_instr_set_src(&st->instr, &st->parent, &var->def);
   l = (struct src_list){ .n = 0 };
   ir_instr_foreach_src(&st->instr, collect_src, &l);
   assert_int_equal(l.n, 1);

   struct ir_phi *phi = ir_phi_create(f->fn);
   ir_phi_add_src(phi, ir_start_block(f->fn), a);
   ir_phi_add_src(phi, f->fn->end_block, b);
   l = (struct src_list){ .n = 0 };
   ir_instr_foreach_src(&phi->instr, collect_src, &l);
   assert_int_equal(l.n, 2);
   assert_ptr_equal(l.srcs[1]->def, b);
   assert_ptr_equal(l.srcs[1]->parent_instr, &phi->instr);

   struct ir_parallel_copy *pc = ir_parallel_copy_create(f->fn);
   struct ir_parallel_copy_entry *e = ir_parallel_copy_add(pc, a, b);
   ir_parallel_copy_add(pc, b, a);
   assert_ptr_equal(e->src.def, a);
   assert_ptr_equal(e->dest_reg.def, b);
   l = (struct src_list){ .n = 0 };
   ir_instr_foreach_src(&pc->instr, collect_src, &l);
   assert_int_equal(l.n, 4);
   assert_ptr_equal(l.srcs[0], &e->src);
   assert_ptr_equal(l.srcs[1], &e->dest_reg);

   struct ir_jump *j = ir_jump_create(f->fn, IR_JUMP_BREAK);
   l = (struct src_list){ .n = 0 };
   assert_true(ir_instr_foreach_src(&j->instr, collect_src, &l));
   assert_int_equal(l.n, 0);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(shader_create_destroy),
      cmocka_unit_test(function_create),
      cmocka_unit_test(entrypoint),
      FIXTURE_TEST(variables),
      FIXTURE_TEST(alu_create),
      FIXTURE_TEST(intrinsic_create),
      FIXTURE_TEST(other_constructors),
      FIXTURE_TEST(use_lists),
      FIXTURE_TEST(rewrite_uses),
      FIXTURE_TEST(rewrite_uses_after),
      FIXTURE_TEST(insert_remove_move),
      FIXTURE_TEST(phis_and_cursors),
      FIXTURE_TEST(components_read),
      FIXTURE_TEST(foreach_src),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
