/* SPDX-License-Identifier: MIT */

/*
 * Spelling of the IR's enums in the text form, shared by the printer and
 * the parser so that the two cannot drift apart, and the numeric locale
 * they both run under (see ir_text_priv.h).
 */
#include "compiler/ir/ir_text_priv.h"

const char *const ir_text_stage_names[IR_STAGE_COUNT] = {
   [IR_STAGE_VERTEX] = "vertex",
   [IR_STAGE_GEOMETRY] = "geometry",
   [IR_STAGE_FRAGMENT] = "fragment",
   [IR_STAGE_COMPUTE] = "compute",
};

const char *const ir_text_prim_names[IR_TEXT_NUM_PRIMS] = {
   [IR_PRIM_POINTS] = "points",
   [IR_PRIM_LINES] = "lines",
   [IR_PRIM_LINES_ADJACENCY] = "lines_adjacency",
   [IR_PRIM_LINE_STRIP] = "line_strip",
   [IR_PRIM_TRIANGLES] = "triangles",
   [IR_PRIM_TRIANGLES_ADJACENCY] = "triangles_adjacency",
   [IR_PRIM_TRIANGLE_STRIP] = "triangle_strip",
};

const char *const ir_text_tex_op_names[IR_TEX_OP_COUNT] = {
   [IR_TEX_OP_TEX] = "tex",       [IR_TEX_OP_TXB] = "txb",
   [IR_TEX_OP_TXL] = "txl",       [IR_TEX_OP_TXD] = "txd",
   [IR_TEX_OP_TXF] = "txf",       [IR_TEX_OP_TXF_MS] = "txf_ms",
   [IR_TEX_OP_TXS] = "txs",       [IR_TEX_OP_QUERY_LOD] = "query_lod",
   [IR_TEX_OP_LEVELS] = "levels",
};

const char *const ir_text_tex_dim_names[IR_TEXT_NUM_DIMS] = {
   [IR_SAMPLER_DIM_1D] = "1d",     [IR_SAMPLER_DIM_2D] = "2d",
   [IR_SAMPLER_DIM_3D] = "3d",     [IR_SAMPLER_DIM_CUBE] = "cube",
   [IR_SAMPLER_DIM_RECT] = "rect", [IR_SAMPLER_DIM_BUF] = "buf",
   [IR_SAMPLER_DIM_MS] = "ms",
};

const char *const ir_text_tex_src_names[IR_TEX_SRC_COUNT] = {
   [IR_TEX_SRC_COORD] = "coord",     [IR_TEX_SRC_PROJECTOR] = "projector",
   [IR_TEX_SRC_BIAS] = "bias",       [IR_TEX_SRC_LOD] = "lod",
   [IR_TEX_SRC_MIN_LOD] = "min_lod", [IR_TEX_SRC_COMPARATOR] = "comparator",
   [IR_TEX_SRC_OFFSET] = "offset",   [IR_TEX_SRC_DDX] = "ddx",
   [IR_TEX_SRC_DDY] = "ddy",         [IR_TEX_SRC_MS_INDEX] = "ms_index",
};

const struct ir_text_var_mode ir_text_var_modes[IR_TEXT_NUM_VAR_MODES] = {
   { "shader_in", IR_VAR_SHADER_IN },
   { "shader_out", IR_VAR_SHADER_OUT },
   { "uniform", IR_VAR_UNIFORM },
   { "ubo", IR_VAR_UBO },
   { "system_value", IR_VAR_SYSTEM_VALUE },
   { "shader_temp", IR_VAR_SHADER_TEMP },
   { "function_temp", IR_VAR_FUNCTION_TEMP },
};

void
ir_text_locale_enter(struct ir_text_locale *l)
{
   l->c = newlocale(LC_NUMERIC_MASK, "C", (locale_t)0);
   l->old = l->c ? uselocale(l->c) : (locale_t)0;
}

void
ir_text_locale_leave(struct ir_text_locale *l)
{
   if (l->c) {
      uselocale(l->old);
      freelocale(l->c);
   }
}
