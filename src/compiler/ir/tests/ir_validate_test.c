/* SPDX-License-Identifier: MIT */

/*
 * Tests of ir_validate(): well-formed shaders pass, and each class of
 * malformed IR is rejected with a message naming the problem.  Malformed
 * IR is made by parsing a good shader and then breaking one invariant by
 * poking the structures directly (the parser itself refuses much of it).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "compiler/ir/ir.h"
#include "compiler/ir/tests/ir_test_helpers.h"
#include "util/u_arena.h"

/* ---------------------------------------------------------------------- */
/* Helpers                                                                */
/* ---------------------------------------------------------------------- */

static struct ir_shader *
parse_valid(void **state, const char *text)
{
   return ir_test_parse_valid(*state, text, __FILE__, __LINE__);
}

static void
expect_invalid(struct ir_shader *s, const char *needle)
{
   char *error = NULL;
   if (ir_validate(s, &error))
      fail_msg("validation passed; expected an error mentioning \"%s\"",
               needle);
   assert_non_null(error);
   if (!strstr(error, needle))
      fail_msg("error \"%s\" does not mention \"%s\"", error, needle);
}

static struct ir_function *
main_fn(struct ir_shader *s)
{
   return ir_shader_get_entrypoint(s);
}

/* The block labelled bN by the printer (program order). */
static struct ir_block *
block_n(struct ir_shader *s, unsigned n)
{
   ir_foreach_block (main_fn(s), b) {
      if (b != main_fn(s)->end_block && n-- == 0)
         return b;
   }
   fail_msg("no block b%u", n);
   return NULL;
}

static struct ir_instr *
instr_n(struct ir_block *block, unsigned n)
{
   ir_foreach_instr (block, instr) {
      if (n-- == 0)
         return instr;
   }
   fail_msg("no instruction %u", n);
   return NULL;
}

/* The def %N of the text, when defs are numbered densely in program order. */
static struct ir_def *
def_n(struct ir_shader *s, unsigned n)
{
   ir_foreach_block (main_fn(s), b) {
      ir_foreach_instr (b, instr) {
         struct ir_def *def = ir_instr_def(instr);
         if (def && n-- == 0)
            return def;
      }
   }
   fail_msg("no def %%%u", n);
   return NULL;
}

static struct ir_alu *
alu_of(struct ir_shader *s, unsigned n)
{
   struct ir_alu *alu = ir_def_as_alu(def_n(s, n));
   assert_non_null(alu);
   return alu;
}

/* Moves @p instr to the end of @p block without any bookkeeping. */
static void
move_instr_to_end(struct ir_instr *instr, struct ir_block *block)
{
   u_list_del(&instr->link);
   u_list_add_tail(&block->instrs, &instr->link);
   instr->block = block;
}

/* b0 computes a condition, an if/else merges into b3 with a phi, a loop
 * b4..b7 counts with a phi around the back edge, b8 stores the result. */
static const char *const base_text = "shader fragment\n"
                                     "var shader_in vec4 @color location=1\n"
                                     "var shader_out vec4 @frag location=0\n"
                                     "var uniform float[4] @arr location=0\n"
                                     "fn main {\n"
                                     "  b0:\n"
                                     "    %0:32 = load_const 1.0\n"
                                     "    %1:32 = load_const 2.0\n"
                                     "    %2:32 = deref_var @color\n"
                                     "    %3:32x4 = load_deref %2\n"
                                     "    %4:1 = flt %0, %3.x\n"
                                     "  if %4 {\n"
                                     "    b1:\n"
                                     "      %5:32 = fadd %0, %1\n"
                                     "  } else {\n"
                                     "    b2:\n"
                                     "      %6:32 = fmul %0, %1\n"
                                     "  }\n"
                                     "  b3:\n"
                                     "    %7:32 = phi b1: %5, b2: %6\n"
                                     "    %8:32 = load_const 0\n"
                                     "    %9:32 = load_const 1\n"
                                     "  loop {\n"
                                     "    b4:\n"
                                     "      %10:32 = phi b3: %8, b7: %12\n"
                                     "      %11:1 = ige %10, %9\n"
                                     "    if %11 {\n"
                                     "      b5:\n"
                                     "        break\n"
                                     "    } else {\n"
                                     "      b6:\n"
                                     "    }\n"
                                     "    b7:\n"
                                     "      %12:32 = iadd %10, %9\n"
                                     "  }\n"
                                     "  b8:\n"
                                     "    %13:32x4 = vec4 %7, %7, %0, %1\n"
                                     "    %14:32 = deref_var @frag\n"
                                     "    store_deref %14, %13 write_mask=15\n"
                                     "    %15:32 = deref_var @arr\n"
                                     "    %16:32 = deref_array %15[%8]\n"
                                     "    %17:32 = load_deref %16\n"
                                     "}\n";

static struct ir_shader *
base(void **state)
{
   return parse_valid(state, base_text);
}

/* ---------------------------------------------------------------------- */
/* Accepted shaders                                                       */
/* ---------------------------------------------------------------------- */

static void
accepts_good_shaders(void **state)
{
   base(state);
   parse_valid(state, "shader vertex\n"
                      "fn main {\n"
                      "  b0:\n"
                      "}\n");
   /* Nested loops, a continue, a return and unreachable code after it. */
   parse_valid(state, "shader compute\n"
                      "fn main {\n"
                      "  b0:\n"
                      "    %0:32 = load_const 0\n"
                      "  loop {\n"
                      "    b1:\n"
                      "      %1:32 = phi b0: %0, b6: %3\n"
                      "      %2:1 = ilt %1, %0\n"
                      "      %3:32 = iadd %1, %0\n"
                      "    if %2 {\n"
                      "      b2:\n"
                      "        return\n"
                      "    } else {\n"
                      "      b3:\n"
                      "    }\n"
                      "    b4:\n"
                      "    loop {\n"
                      "      b5:\n"
                      "        break\n"
                      "    }\n"
                      "    b6:\n"
                      "      continue\n"
                      "  }\n"
                      "  b7:\n"
                      "}\n");
}

static void
accepts_textures_registers_and_copies(void **state)
{
   parse_valid(state,
               "shader fragment\n"
               "var uniform sampler2D @tex binding=0\n"
               "var uniform sampler2DShadow @stex binding=1\n"
               "fn main {\n"
               "  b0:\n"
               "    %0:32x2 = load_const (0.5, 0.5)\n"
               "    %1:32 = load_const 0.0\n"
               "    %2:32x4 = tex tex 2d float texture=0 sampler=0 coord=%0\n"
               "    %3:32x4 = tex txl 2d float texture=0 sampler=0 "
               "coord=%0 lod=%1\n"
               "    %4:32x4 = tex tex 2d shadow float texture=1 sampler=1 "
               "coord=%0 comparator=%1\n"
               "    %5:32 = decl_reg num_components=4 bit_size=32\n"
               "    %6:32x4 = vec4 %1, %1, %1, %1\n"
               "    store_reg %6, %5 write_mask=3\n"
               "    %7:32x4 = load_reg %5\n"
               "    parallel_copy %5 <- %2\n"
               "    %8:32 = load_const 0\n"
               "    %9:32x4 = load_input %8 base=1\n"
               "}\n");
}

/* ---------------------------------------------------------------------- */
/* Control-flow structure                                                 */
/* ---------------------------------------------------------------------- */

static void
rejects_two_blocks_in_a_row(void **state)
{
   struct ir_shader *s = base(state);
   struct ir_block *extra = ir_block_create(main_fn(s));
   extra->cf.parent = &main_fn(s)->cf;
   u_list_add_after(&block_n(s, 0)->cf.link, &extra->cf.link);
   expect_invalid(s, "two blocks in a row");
}

static void
rejects_empty_else_list(void **state)
{
   struct ir_shader *s = base(state);
   u_list_del(&block_n(s, 2)->cf.link);
   expect_invalid(s, "else-list of the if after b0 is empty");
}

static void
rejects_if_right_after_loop(void **state)
{
   struct ir_shader *s = base(state);
   /* Drop b3, between the if and the loop. */
   u_list_del(&block_n(s, 3)->cf.link);
   expect_invalid(s, "a loop right after an if");
}

static void
rejects_wrong_parent(void **state)
{
   struct ir_shader *s = base(state);
   block_n(s, 1)->cf.parent = &main_fn(s)->cf;
   expect_invalid(s, "wrong parent pointer");
}

static void
rejects_broken_list_links(void **state)
{
   struct ir_shader *s = base(state);
   struct ir_instr *i1 = instr_n(block_n(s, 0), 1);
   i1->link.prev = i1->link.next; /* points forward: a corrupted list */
   expect_invalid(s, "broken list links");
}

static void
rejects_wrong_instr_block(void **state)
{
   struct ir_shader *s = base(state);
   instr_n(block_n(s, 0), 0)->block = block_n(s, 1);
   expect_invalid(s, "block pointer is b1");
}

static void
rejects_jump_not_last(void **state)
{
   struct ir_shader *s = base(state);
   move_instr_to_end(&alu_of(s, 12)->instr, block_n(s, 5));
   expect_invalid(s, "jump is not the last instruction");
}

static void
rejects_break_outside_loop(void **state)
{
   struct ir_shader *s = parse_valid(state, "shader vertex\n"
                                            "fn main {\n"
                                            "  b0:\n"
                                            "    return\n"
                                            "}\n");
   struct ir_jump *jump = ir_instr_as_jump(instr_n(block_n(s, 0), 0));
   jump->jump_kind = IR_JUMP_BREAK;
   expect_invalid(s, "break outside of a loop");
   jump->jump_kind = IR_JUMP_CONTINUE;
   expect_invalid(s, "continue outside of a loop");
}

static void
rejects_phi_after_non_phi(void **state)
{
   struct ir_shader *s = base(state);
   struct ir_instr *phi = def_n(s, 7)->parent;
   u_list_del(&phi->link);
   u_list_add_after(&def_n(s, 8)->parent->link, &phi->link);
   expect_invalid(s, "phi after a non-phi");
}

static void
rejects_instructions_in_end_block(void **state)
{
   struct ir_shader *s = base(state);
   struct ir_function *fn = main_fn(s);
   move_instr_to_end(def_n(s, 17)->parent, fn->end_block);
   expect_invalid(s, "end block holds instructions");
}

/* ---------------------------------------------------------------------- */
/* Successors and predecessors                                            */
/* ---------------------------------------------------------------------- */

static void
rejects_wrong_successor(void **state)
{
   struct ir_shader *s = base(state);
   block_n(s, 0)->succ[1] = block_n(s, 3);
   expect_invalid(s, "successor 1 is b3, expected b2");
}

static void
rejects_missing_back_edge_successor(void **state)
{
   struct ir_shader *s = base(state);
   /* b7 falls back to the loop header b4. */
   block_n(s, 7)->succ[0] = block_n(s, 8);
   expect_invalid(s, "successor 0 is b8, expected b4");
}

static void
rejects_missing_predecessor(void **state)
{
   struct ir_shader *s = base(state);
   struct ir_block *b3 = block_n(s, 3);
   assert_int_equal(b3->num_preds, 2);
   b3->num_preds = 1;
   expect_invalid(s, "is missing");
}

static void
rejects_bogus_predecessor(void **state)
{
   struct ir_shader *s = base(state);
   block_n(s, 3)->preds[0] = block_n(s, 0);
   expect_invalid(s, "b0 is listed as a predecessor but control does not "
                     "flow from it");
}

/* ---------------------------------------------------------------------- */
/* Phis                                                                   */
/* ---------------------------------------------------------------------- */

static struct ir_phi_src *
first_phi_src(struct ir_def *phi_def)
{
   struct ir_phi *phi = ir_instr_as_phi(phi_def->parent);
   assert_non_null(phi);
   return u_list_first(&phi->srcs, struct ir_phi_src, link);
}

static void
rejects_phi_missing_source(void **state)
{
   struct ir_shader *s = base(state);
   struct ir_phi_src *ps = first_phi_src(def_n(s, 7));
   u_list_del(&ps->link);
   u_list_del(&ps->src.use_link);
   expect_invalid(s, "no source for predecessor b1");
}

static void
rejects_phi_source_from_non_predecessor(void **state)
{
   struct ir_shader *s = base(state);
   first_phi_src(def_n(s, 7))->pred = block_n(s, 0);
   expect_invalid(s, "not a predecessor");
}

static void
rejects_phi_source_not_dominating_its_edge(void **state)
{
   struct ir_shader *s = base(state);
   /* The source from b1 reads %6, computed in b2. */
   struct ir_phi_src *ps = first_phi_src(def_n(s, 7));
   assert_ptr_equal(ps->pred, block_n(s, 1));
   ir_src_set(&ps->src, def_n(s, 6));
   expect_invalid(s, "does not dominate");
}

static void
rejects_phi_size_mismatch(void **state)
{
   struct ir_shader *s = base(state);
   ir_src_set(&first_phi_src(def_n(s, 10))->src, def_n(s, 4));
   expect_invalid(s, "1x1 bits, the phi 1x32");
}

/* ---------------------------------------------------------------------- */
/* SSA: definitions, dominance, use lists                                 */
/* ---------------------------------------------------------------------- */

static void
rejects_use_not_dominated(void **state)
{
   struct ir_shader *s = base(state);
   /* vec4 in b8 reads %5 from the then-branch. */
   ir_src_set(&alu_of(s, 13)->src[0].src, def_n(s, 5));
   expect_invalid(s, "does not dominate the use");
}

static void
rejects_use_before_def_in_block(void **state)
{
   struct ir_shader *s = base(state);
   ir_src_set(&alu_of(s, 4)->src[0].src, def_n(s, 4));
   expect_invalid(s, "defined after its use");
}

static void
rejects_removed_def(void **state)
{
   struct ir_shader *s = base(state);
   /* Unlink %1's instruction while fadd and fmul still read it. */
   u_list_del(&def_n(s, 1)->parent->link);
   expect_invalid(s, "not defined in this function");
}

static void
rejects_def_of_another_function(void **state)
{
   struct ir_shader *s = base(state);
   struct ir_function *other = ir_function_create(s, "other");
   struct ir_load_const *lc = ir_load_const_create(other, 1, 32);
   ir_instr_insert(ir_after_block(ir_start_block(other)), &lc->instr);
   ir_src_set(&alu_of(s, 5)->src[1].src, &lc->def);
   expect_invalid(s, "not defined in this function");
}

static void
rejects_duplicate_def_index(void **state)
{
   struct ir_shader *s = base(state);
   def_n(s, 1)->index = def_n(s, 0)->index;
   expect_invalid(s, "is used by two defs");
}

static void
rejects_def_index_out_of_range(void **state)
{
   struct ir_shader *s = base(state);
   def_n(s, 2)->index = main_fn(s)->num_defs + 3;
   expect_invalid(s, "is not below the function's num_defs");
}

static void
rejects_src_missing_from_use_list(void **state)
{
   struct ir_shader *s = base(state);
   u_list_del(&alu_of(s, 5)->src[1].src.use_link);
   expect_invalid(s, "source 1 is not in the use list of its def");
}

static void
rejects_use_list_entry_of_other_def(void **state)
{
   struct ir_shader *s = base(state);
   struct ir_src *src = &alu_of(s, 5)->src[1].src;
   u_list_del(&src->use_link);
   u_list_add_tail(&def_n(s, 0)->uses, &src->use_link);
   expect_invalid(s, "holds a source that reads another def");
}

static void
rejects_stale_use(void **state)
{
   struct ir_shader *s = base(state);
   struct ir_def *def = def_n(s, 0);
   struct ir_src *ghost = u_arena_zalloc(s->arena, sizeof(*ghost));
   ghost->def = def;
   ghost->parent_instr = def_n(s, 5)->parent;
   u_list_add_tail(&def->uses, &ghost->use_link);
   expect_invalid(s, "stale use");
}

static void
rejects_invalid_def_sizes(void **state)
{
   struct ir_shader *s = base(state);
   def_n(s, 0)->bit_size = 12;
   expect_invalid(s, "invalid def size: 1 components of 12 bits");
   def_n(s, 0)->bit_size = 32;
   def_n(s, 0)->num_components = 5;
   expect_invalid(s, "invalid def size: 5 components");
   def_n(s, 0)->num_components = 0;
   expect_invalid(s, "invalid def size: 0 components");
}

/* ---------------------------------------------------------------------- */
/* ALU and if conditions                                                  */
/* ---------------------------------------------------------------------- */

static void
message_names_function_block_and_instruction(void **state)
{
   struct ir_shader *s = base(state);
   alu_of(s, 5)->src[0].swizzle[0] = 2;
   char *error = NULL;
   assert_false(ir_validate(s, &error));
   assert_non_null(strstr(error, "function main, block b1, instruction"));
   assert_non_null(strstr(error, "fadd"));
   assert_non_null(strstr(error, "reads component 2 of a 1-component def"));
}

static void
rejects_mismatched_source_sizes(void **state)
{
   struct ir_shader *s = base(state);
   def_n(s, 1)->bit_size = 64;
   expect_invalid(s, "sources 0 and 1 of fadd must have the same bit size, "
                     "not 32 and 64");
}

static void
rejects_dest_size_not_matching_sources(void **state)
{
   struct ir_shader *s = base(state);
   def_n(s, 5)->bit_size = 16;
   expect_invalid(s, "fadd: the def has 16 bits but source 0 has 32");
}

static void
rejects_fixed_sizes(void **state)
{
   const char *text = "shader compute\n"
                      "fn main {\n"
                      "  b0:\n"
                      "    %0:32 = load_const 3\n"
                      "    %1:32 = bit_count %0\n"
                      "    %2:32 = load_const 1.5\n"
                      "    %3:32 = ldexp %2, %0\n"
                      "    %4:32x3 = load_const (1.0, 2.0, 3.0)\n"
                      "    %5:32 = fdot3 %4, %4\n"
                      "}\n";
   struct ir_shader *s = parse_valid(state, text);
   def_n(s, 1)->bit_size = 16;
   expect_invalid(s, "bit_count produces 32 bits, but its def has 16");

   s = parse_valid(state, text);
   /* ldexp's exponent is int32; bit_count takes any uint size. */
   def_n(s, 0)->bit_size = 16;
   expect_invalid(s, "source 1 of ldexp must be int32, not 16-bit");

   s = parse_valid(state, text);
   def_n(s, 5)->num_components = 2;
   expect_invalid(s, "fdot3 produces 1 components, but its def has 2");
}

static void
rejects_bool_of_invalid_size(void **state)
{
   struct ir_shader *s = parse_valid(state, "shader compute\n"
                                            "fn main {\n"
                                            "  b0:\n"
                                            "    %0:1 = load_const true\n"
                                            "    %1:32 = load_const 1\n"
                                            "    %2:32 = load_const 2\n"
                                            "    %3:32 = bcsel %0, %1, %2\n"
                                            "}\n");
   def_n(s, 0)->bit_size = 8;
   expect_invalid(s, "source 0 of bcsel: 8 bits is not a valid bool size");
}

static void
rejects_bad_if_condition(void **state)
{
   struct ir_shader *s = base(state);
   struct ir_if *nif = ir_block_get_following_if(block_n(s, 0));
   assert_non_null(nif);
   ir_src_set(&nif->condition, def_n(s, 3));
   expect_invalid(s, "if after block b0: the condition must be a "
                     "1-component boolean");
}

/* ---------------------------------------------------------------------- */
/* Intrinsics, derefs, registers, textures                                */
/* ---------------------------------------------------------------------- */

static void
rejects_intrinsic_component_mismatch(void **state)
{
   struct ir_shader *s = base(state);
   /* load_deref's deref source must have 1 component. */
   struct ir_intrinsic *load = ir_def_as_intrinsic(def_n(s, 17));
   ir_src_set(&load->src[0], def_n(s, 13));
   expect_invalid(s, "load_deref: source 0 has 4 components, expected 1");

   s = base(state);
   def_n(s, 3)->num_components = 3;
   expect_invalid(s, "load_deref: the def has 3 components, expected 4");
}

static void
rejects_store_write_mask_too_wide(void **state)
{
   struct ir_shader *s = base(state);
   struct ir_intrinsic *store =
      ir_instr_as_intrinsic(instr_n(block_n(s, 8), 2));
   assert_non_null(store);
   ir_intrinsic_set_write_mask(store, 0x1f);
   expect_invalid(s, "write mask 0x1f has bits beyond its 4 components");
}

static void
rejects_deref_errors(void **state)
{
   struct ir_shader *s = base(state);
   struct ir_deref *arr = ir_instr_as_deref(def_n(s, 16)->parent);
   arr->type = ir_type_get_scalar(IR_TYPE_INT);
   expect_invalid(s, "not the parent's element type");

   s = base(state);
   arr = ir_instr_as_deref(def_n(s, 16)->parent);
   ir_src_set(&arr->parent, def_n(s, 8));
   expect_invalid(s, "the parent is not a deref");

   s = base(state);
   struct ir_shader *other = ir_shader_create(*state, IR_STAGE_FRAGMENT);
   struct ir_variable *foreign = ir_variable_create(
      other, IR_VAR_SHADER_IN, ir_type_get_vector(IR_TYPE_FLOAT, 4), "color");
   ir_instr_as_deref(def_n(s, 2)->parent)->var = foreign;
   expect_invalid(s, "neither a shader variable nor a local");
}

static void
rejects_register_misuse(void **state)
{
   const char *text = "shader compute\n"
                      "fn main {\n"
                      "  b0:\n"
                      "    %0:32 = load_const 7\n"
                      "    %1:32 = decl_reg num_components=2 bit_size=32\n"
                      "    %2:32x2 = load_const (1, 2)\n"
                      "    store_reg %2, %1 write_mask=1\n"
                      "    %3:32x2 = load_reg %1\n"
                      "}\n";
   struct ir_shader *s = parse_valid(state, text);
   ir_src_set(&ir_def_as_intrinsic(def_n(s, 3))->src[0], def_n(s, 0));
   expect_invalid(s, "load_reg: the register is not a decl_reg def");

   s = parse_valid(state, text);
   def_n(s, 3)->bit_size = 16;
   expect_invalid(s, "the value is 2x16 bits, the register 2x32");
}

static struct ir_tex *
tex_of(struct ir_shader *s, unsigned n)
{
   struct ir_tex *tex = ir_instr_as_tex(def_n(s, n)->parent);
   assert_non_null(tex);
   return tex;
}

static void
rejects_texture_source_errors(void **state)
{
   const char *text =
      "shader fragment\n"
      "var uniform sampler2D @tex binding=0\n"
      "var uniform sampler2DShadow @stex binding=1\n"
      "fn main {\n"
      "  b0:\n"
      "    %0:32x2 = load_const (0.5, 0.5)\n"
      "    %1:32 = load_const 0.0\n"
      "    %2:32x4 = tex txl 2d float texture=0 sampler=0 coord=%0 lod=%1\n"
      "    %3:32x4 = tex tex 2d shadow float texture=1 sampler=1 "
      "coord=%0 comparator=%1\n"
      "}\n";
   struct ir_shader *s = parse_valid(state, text);
   tex_of(s, 2)->num_srcs = 1; /* drop lod */
   expect_invalid(s, "txl needs a lod source");

   s = parse_valid(state, text);
   tex_of(s, 3)->num_srcs = 1; /* drop the comparator */
   expect_invalid(s, "tex shadow needs a comparator source");

   s = parse_valid(state, text);
   tex_of(s, 2)->src[1].kind = IR_TEX_SRC_COORD;
   expect_invalid(s, "two coord sources");

   s = parse_valid(state, text);
   tex_of(s, 2)->src[0].kind = IR_TEX_SRC_OFFSET;
   expect_invalid(s, "txl needs a coord source");

   s = parse_valid(state, text);
   tex_of(s, 2)->coord_components = 3;
   expect_invalid(s, "coord_components is 3, the dimension needs 2");
}

/* ---------------------------------------------------------------------- */
/* ir_validate_or_die                                                     */
/* ---------------------------------------------------------------------- */

static void
validate_or_die_passes_good_shaders(void **state)
{
   ir_validate_or_die(base(state), "test");
}

static void
validate_or_die_aborts_with_message_and_shader(void **state)
{
   struct ir_shader *s = base(state);
   def_n(s, 0)->bit_size = 12;

   int fds[2];
   assert_int_equal(pipe(fds), 0);
   fflush(NULL);
   pid_t pid = fork();
   assert_true(pid >= 0);
   if (pid == 0) {
      dup2(fds[1], STDERR_FILENO);
      close(fds[0]);
      setenv("IR_DEBUG", "validate", 1);
      signal(SIGABRT, SIG_DFL);
      ir_validate_or_die(s, "my_pass");
      _exit(0); /* not reached when validation is on */
   }
   close(fds[1]);
   char buf[16384];
   size_t len = 0;
   ssize_t r;
   char drain[4096];
   for (;;) {
      /* Keep reading past a full buffer so that the child never blocks. */
      bool full = len == sizeof(buf) - 1;
      r = full ? read(fds[0], drain, sizeof(drain))
               : read(fds[0], buf + len, sizeof(buf) - 1 - len);
      if (r <= 0)
         break;
      if (!full)
         len += (size_t)r;
   }
   buf[len] = '\0';
   close(fds[0]);
   int status;
   assert_int_equal(waitpid(pid, &status, 0), pid);
   assert_true(WIFSIGNALED(status));
   assert_int_equal(WTERMSIG(status), SIGABRT);
   assert_non_null(strstr(buf, "after my_pass"));
   assert_non_null(strstr(buf, "invalid def size"));
   assert_non_null(strstr(buf, "fn main")); /* the printed shader */
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(accepts_good_shaders),
      cmocka_unit_test(accepts_textures_registers_and_copies),
      cmocka_unit_test(rejects_two_blocks_in_a_row),
      cmocka_unit_test(rejects_empty_else_list),
      cmocka_unit_test(rejects_if_right_after_loop),
      cmocka_unit_test(rejects_wrong_parent),
      cmocka_unit_test(rejects_broken_list_links),
      cmocka_unit_test(rejects_wrong_instr_block),
      cmocka_unit_test(rejects_jump_not_last),
      cmocka_unit_test(rejects_break_outside_loop),
      cmocka_unit_test(rejects_phi_after_non_phi),
      cmocka_unit_test(rejects_instructions_in_end_block),
      cmocka_unit_test(rejects_wrong_successor),
      cmocka_unit_test(rejects_missing_back_edge_successor),
      cmocka_unit_test(rejects_missing_predecessor),
      cmocka_unit_test(rejects_bogus_predecessor),
      cmocka_unit_test(rejects_phi_missing_source),
      cmocka_unit_test(rejects_phi_source_from_non_predecessor),
      cmocka_unit_test(rejects_phi_source_not_dominating_its_edge),
      cmocka_unit_test(rejects_phi_size_mismatch),
      cmocka_unit_test(rejects_use_not_dominated),
      cmocka_unit_test(rejects_use_before_def_in_block),
      cmocka_unit_test(rejects_removed_def),
      cmocka_unit_test(rejects_def_of_another_function),
      cmocka_unit_test(rejects_duplicate_def_index),
      cmocka_unit_test(rejects_def_index_out_of_range),
      cmocka_unit_test(rejects_src_missing_from_use_list),
      cmocka_unit_test(rejects_use_list_entry_of_other_def),
      cmocka_unit_test(rejects_stale_use),
      cmocka_unit_test(rejects_invalid_def_sizes),
      cmocka_unit_test(message_names_function_block_and_instruction),
      cmocka_unit_test(rejects_mismatched_source_sizes),
      cmocka_unit_test(rejects_dest_size_not_matching_sources),
      cmocka_unit_test(rejects_fixed_sizes),
      cmocka_unit_test(rejects_bool_of_invalid_size),
      cmocka_unit_test(rejects_bad_if_condition),
      cmocka_unit_test(rejects_intrinsic_component_mismatch),
      cmocka_unit_test(rejects_store_write_mask_too_wide),
      cmocka_unit_test(rejects_deref_errors),
      cmocka_unit_test(rejects_register_misuse),
      cmocka_unit_test(rejects_texture_source_errors),
      cmocka_unit_test(validate_or_die_passes_good_shaders),
      cmocka_unit_test(validate_or_die_aborts_with_message_and_shader),
   };
   return cmocka_run_group_tests(tests, ir_test_arena_setup,
                                 ir_test_arena_teardown);
}
