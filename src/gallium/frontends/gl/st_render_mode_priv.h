/* SPDX-License-Identifier: MIT */

/*
 * What st_render_mode.c (the commands, the buffers) and
 * st_render_prims.c (the primitives of draws) share.
 */
#ifndef ST_RENDER_MODE_PRIV_H
#define ST_RENDER_MODE_PRIV_H

#include <stdbool.h>

#include "st_render_mode.h"

struct st_render_mode_state {
   /** GL_RENDER, GL_FEEDBACK or GL_SELECT. */
   GLenum mode;

   /* glFeedbackBuffer; feedback_given once it was called. */
   bool feedback_given;
   GLfloat *feedback_buffer;
   GLsizei feedback_size;
   GLenum feedback_type;
   /** Values written since feedback mode was entered (may exceed
    * feedback_size: the rest did not fit). */
   GLuint feedback_count;

   /* glSelectBuffer; select_given once it was called. */
   bool select_given;
   GLuint *select_buffer;
   GLsizei select_size;
   /** Words written since selection mode was entered (may exceed
    * select_size: the rest did not fit). */
   GLuint select_count;
   /** Hit records written. */
   GLuint hits;

   GLuint names[ST_MAX_NAME_STACK_DEPTH];
   unsigned name_depth;
   /** A hit since the last hit record, and the window z range of the
    * vertices that hit. */
   bool hit;
   GLfloat hit_min_z, hit_max_z;
};

/** Appends @p value to the feedback buffer (counted when it does not
 * fit). */
void st_feedback_value(struct st_render_mode_state *rm, GLfloat value);

/** Appends the values of @p v that the feedback type asks for. */
void st_feedback_vertex(struct st_render_mode_state *rm,
                        const struct st_feedback_vertex *v);

/** Records a selection hit of a vertex at window depth @p z. */
void st_select_hit(struct st_render_mode_state *rm, GLfloat z);

#endif
