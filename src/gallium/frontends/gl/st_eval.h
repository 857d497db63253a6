/* SPDX-License-Identifier: MIT */

/*
 * Evaluators (GL 2.1 section 5.1, compatibility): glMap1{f,d},
 * glMap2{f,d}, glGetMap{f,d,i}v (st_eval.c), glMapGrid*, glEvalCoord*,
 * glEvalPoint*, glEvalMesh* (st_eval_coord.c), the GL_MAP1_* / GL_MAP2_*
 * and GL_AUTO_NORMAL enables and their glGet answers.
 *
 * An evaluation makes a vertex through immediate mode: the enabled maps
 * give the colour, normal and texture coordinates of unit 0 of that
 * vertex only (the current values are put back after it), then the
 * vertex map gives glVertex.  Without an enabled vertex map nothing
 * happens.  Colour index maps are kept but give nothing (no colour index
 * mode).
 */
#ifndef ST_EVAL_H
#define ST_EVAL_H

#include <stdbool.h>
#include <stdint.h>

#include "st_gl.h"

struct st_context;
struct st_value;

/** GL_MAX_EVAL_ORDER (GL 2.1 table 6.50 asks for 8 at least). */
#define ST_MAX_EVAL_ORDER 30
/** Maps of each kind: GL_MAP1_COLOR_4 .. GL_MAP1_VERTEX_4 in enum
 * order (and the same for GL_MAP2_*). */
#define ST_EVAL_NUM_MAPS 9

void st_eval_init(struct st_context *ctx);
void st_eval_fini(struct st_context *ctx);

/** glEnable / glDisable / glIsEnabled of GL_MAP1_*, GL_MAP2_* and
 * GL_AUTO_NORMAL; false for another capability. */
bool st_eval_enable(struct st_context *ctx, GLenum cap, int index, bool enable);
bool st_eval_is_enabled(struct st_context *ctx, GLenum cap, int index,
                        bool *enabled);

/** glGet of the enables, GL_MAP1_GRID_DOMAIN / _SEGMENTS,
 * GL_MAP2_GRID_DOMAIN / _SEGMENTS and GL_MAX_EVAL_ORDER (st_get.h). */
bool st_eval_get(struct st_context *ctx, GLenum pname, int index,
                 struct st_value *v);

/** What GL_EVAL_BIT saves (GL 2.1 table 6.44): the map enables, the
 * grids and GL_AUTO_NORMAL; the maps themselves are not in it
 * (st_eval_saver_eval and st_eval_saver_enable, st_attrib.h). */
struct st_eval_attrib {
   /** Bit i: map i of the kind enabled. */
   uint16_t map1_enabled, map2_enabled;
   bool auto_normal;
   GLint grid1_n;
   GLfloat grid1_u[2];
   GLint grid2_n[2];
   GLfloat grid2_u[2], grid2_v[2];
};

#endif
