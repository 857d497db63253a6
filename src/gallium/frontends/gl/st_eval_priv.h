/* SPDX-License-Identifier: MIT */

/* What st_eval.c (maps, enables, queries) and st_eval_coord.c
 * (evaluation) share. */
#ifndef ST_EVAL_PRIV_H
#define ST_EVAL_PRIV_H

#include "st_eval.h"

/** A one-dimensional map: order control points of k floats. */
struct st_eval_map1 {
   GLfloat u1, u2;
   GLint order;
   GLfloat *points;
};

/** A two-dimensional map: uorder x vorder control points of k floats,
 * point (i, j) at (i * vorder + j) * k. */
struct st_eval_map2 {
   GLfloat u1, u2, v1, v2;
   GLint uorder, vorder;
   GLfloat *points;
};

/** Indices of the maps (target - GL_MAP1_COLOR_4 or GL_MAP2_COLOR_4). */
enum st_eval_map_index {
   ST_EVAL_COLOR_4,
   ST_EVAL_INDEX,
   ST_EVAL_NORMAL,
   ST_EVAL_TEXTURE_COORD_1,
   ST_EVAL_TEXTURE_COORD_2,
   ST_EVAL_TEXTURE_COORD_3,
   ST_EVAL_TEXTURE_COORD_4,
   ST_EVAL_VERTEX_3,
   ST_EVAL_VERTEX_4,
};

struct st_eval_state {
   struct st_eval_map1 map1[ST_EVAL_NUM_MAPS];
   struct st_eval_map2 map2[ST_EVAL_NUM_MAPS];
   struct st_eval_attrib attrib;
};

/** The number of floats of a control point of map @p index (GL 2.1
 * table 5.1). */
unsigned st_eval_map_size(unsigned index);

#endif
