/* SPDX-License-Identifier: MIT */

/*
 * glRenderMode, the feedback and selection buffers, glPassThrough and
 * the name stack (GL 2.1 sections 5.2 and 5.3).
 *
 * Both buffers are the application's memory, written as primitives are
 * fed back or hit records made.  A value that does not fit is counted
 * but not written, so glRenderMode can tell an overflow (-1) from a full
 * buffer.  Hit records are written when the name stack changes and when
 * glRenderMode leaves selection mode, if a hit happened since the last
 * record.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "glapi_api.h"
#include "st_context.h"
#include "st_get.h"
#include "st_render_mode_priv.h"

void
st_render_mode_init(struct st_context *ctx)
{
   struct st_render_mode_state *rm = calloc(1, sizeof(*rm));
   if (!rm)
      return;
   rm->mode = GL_RENDER;
   rm->feedback_type = GL_2D;
   ctx->render_mode = rm;
}

void
st_render_mode_fini(struct st_context *ctx)
{
   free(ctx->render_mode);
   ctx->render_mode = NULL;
}

GLenum
st_render_mode(const struct st_context *ctx)
{
   return ctx->render_mode ? ctx->render_mode->mode : GL_RENDER;
}

bool
st_render_mode_needs_texcoord(const struct st_context *ctx)
{
   const struct st_render_mode_state *rm = ctx->render_mode;
   return rm && rm->mode == GL_FEEDBACK &&
          (rm->feedback_type == GL_3D_COLOR_TEXTURE ||
           rm->feedback_type == GL_4D_COLOR_TEXTURE);
}

/* ---- feedback ---- */

void
st_feedback_value(struct st_render_mode_state *rm, GLfloat value)
{
   if (rm->feedback_count < (GLuint)rm->feedback_size)
      rm->feedback_buffer[rm->feedback_count] = value;
   if (rm->feedback_count < UINT32_MAX)
      rm->feedback_count++;
}

void
st_feedback_vertex(struct st_render_mode_state *rm,
                   const struct st_feedback_vertex *v)
{
   /* GL 2.1 table 5.2: the coordinates, then colour, then texture. */
   GLenum type = rm->feedback_type;
   st_feedback_value(rm, v->win[0]);
   st_feedback_value(rm, v->win[1]);
   if (type != GL_2D)
      st_feedback_value(rm, v->win[2]);
   if (type == GL_4D_COLOR_TEXTURE)
      st_feedback_value(rm, v->win[3]);
   if (type == GL_2D || type == GL_3D)
      return;
   for (unsigned i = 0; i < 4; i++)
      st_feedback_value(rm, v->color[i]);
   if (type == GL_3D_COLOR)
      return;
   for (unsigned i = 0; i < 4; i++)
      st_feedback_value(rm, v->texcoord[i]);
}

void
st_feedback_pixel_token(struct st_context *ctx, GLenum token,
                        const struct st_feedback_vertex *raster_pos)
{
   struct st_render_mode_state *rm = ctx->render_mode;
   if (!rm)
      return;
   if (rm->mode == GL_SELECT) {
      st_select_hit(rm, raster_pos->win[2]);
   } else if (rm->mode == GL_FEEDBACK) {
      st_feedback_value(rm, (GLfloat)token);
      st_feedback_vertex(rm, raster_pos);
   }
}

void
st_select_raster_pos(struct st_context *ctx, GLfloat z)
{
   struct st_render_mode_state *rm = ctx->render_mode;
   if (rm && rm->mode == GL_SELECT)
      st_select_hit(rm, z);
}

static bool
valid_feedback_type(GLenum type)
{
   switch (type) {
   case GL_2D:
   case GL_3D:
   case GL_3D_COLOR:
   case GL_3D_COLOR_TEXTURE:
   case GL_4D_COLOR_TEXTURE:
      return true;
   default:
      return false;
   }
}

void
api_FeedbackBuffer(struct st_context *ctx, GLsizei size, GLenum type,
                   GLfloat *buffer)
{
   struct st_render_mode_state *rm = ctx->render_mode;
   if (!rm) {
      st_out_of_memory(ctx, "glFeedbackBuffer");
      return;
   }
   /* GL 2.1, 5.3: "FeedbackBuffer ... while in feedback mode"; then the
    * enum and the size. */
   if (rm->mode == GL_FEEDBACK) {
      st_error(ctx, GL_INVALID_OPERATION, "glFeedbackBuffer(in feedback mode)");
      return;
   }
   if (!valid_feedback_type(type)) {
      st_error(ctx, GL_INVALID_ENUM, "glFeedbackBuffer(type=%s)",
               st_enum_name(type));
      return;
   }
   if (size < 0 || (size > 0 && !buffer)) {
      st_error(ctx, GL_INVALID_VALUE, "glFeedbackBuffer(size=%d, buffer=%p)",
               size, (void *)buffer);
      return;
   }
   rm->feedback_given = true;
   rm->feedback_buffer = buffer;
   rm->feedback_size = buffer ? size : 0;
   rm->feedback_type = type;
   rm->feedback_count = 0;
}

void
api_PassThrough(struct st_context *ctx, GLfloat token)
{
   struct st_render_mode_state *rm = ctx->render_mode;
   /* GL 2.1, 5.3: ignored outside feedback mode. */
   if (!rm || rm->mode != GL_FEEDBACK)
      return;
   st_flush_vertices(ctx);
   st_feedback_value(rm, (GLfloat)GL_PASS_THROUGH_TOKEN);
   st_feedback_value(rm, token);
}

/* ---- selection ---- */

void
st_select_hit(struct st_render_mode_state *rm, GLfloat z)
{
   if (!rm->hit) {
      rm->hit = true;
      rm->hit_min_z = z;
      rm->hit_max_z = z;
      return;
   }
   rm->hit_min_z = fminf(rm->hit_min_z, z);
   rm->hit_max_z = fmaxf(rm->hit_max_z, z);
}

static void
select_word(struct st_render_mode_state *rm, GLuint word)
{
   if (rm->select_count < (GLuint)rm->select_size)
      rm->select_buffer[rm->select_count] = word;
   if (rm->select_count < UINT32_MAX)
      rm->select_count++;
}

/** A window depth in [0, 1] scaled to [0, 2^32 - 1] (GL 2.1, 5.2). */
static GLuint
scaled_depth(GLfloat z)
{
   double d = z < 0.0f ? 0.0 : z > 1.0f ? 1.0 : (double)z;
   return (GLuint)llrint(d * 4294967295.0);
}

/** Writes the hit record if a hit happened since the last one. */
static void
write_hit_record(struct st_render_mode_state *rm)
{
   if (!rm->hit)
      return;
   /* GL 2.1, 5.2: "the number of names in the name stack ..., followed
    * by the minimum and maximum depth values of all vertices that hit
    * since the previous event, followed by the name stack contents,
    * bottom name first". */
   select_word(rm, rm->name_depth);
   select_word(rm, scaled_depth(rm->hit_min_z));
   select_word(rm, scaled_depth(rm->hit_max_z));
   for (unsigned i = 0; i < rm->name_depth; i++)
      select_word(rm, rm->names[i]);
   rm->hits++;
   rm->hit = false;
}

void
api_SelectBuffer(struct st_context *ctx, GLsizei size, GLuint *buffer)
{
   struct st_render_mode_state *rm = ctx->render_mode;
   if (!rm) {
      st_out_of_memory(ctx, "glSelectBuffer");
      return;
   }
   if (rm->mode == GL_SELECT) {
      st_error(ctx, GL_INVALID_OPERATION, "glSelectBuffer(in selection mode)");
      return;
   }
   if (size < 0 || (size > 0 && !buffer)) {
      st_error(ctx, GL_INVALID_VALUE, "glSelectBuffer(size=%d, buffer=%p)",
               size, (void *)buffer);
      return;
   }
   rm->select_given = true;
   rm->select_buffer = buffer;
   rm->select_size = buffer ? size : 0;
   rm->select_count = 0;
}

/* The name stack commands: GL 2.1, 5.2: "Use of any of the name stack
 * manipulation commands while the GL is not in selection mode has no
 * effect."  Each writes the pending hit record first. */

/** The state when in selection mode (after the queued vertices were
 * drawn), NULL otherwise. */
static struct st_render_mode_state *
selecting(struct st_context *ctx)
{
   struct st_render_mode_state *rm = ctx->render_mode;
   if (!rm || rm->mode != GL_SELECT)
      return NULL;
   st_flush_vertices(ctx);
   return rm;
}

void
api_InitNames(struct st_context *ctx)
{
   struct st_render_mode_state *rm = selecting(ctx);
   if (!rm)
      return;
   write_hit_record(rm);
   rm->name_depth = 0;
}

void
api_PushName(struct st_context *ctx, GLuint name)
{
   struct st_render_mode_state *rm = selecting(ctx);
   if (!rm)
      return;
   if (rm->name_depth == ST_MAX_NAME_STACK_DEPTH) {
      st_error(ctx, GL_STACK_OVERFLOW, "glPushName(name stack full)");
      return;
   }
   write_hit_record(rm);
   rm->names[rm->name_depth++] = name;
}

void
api_PopName(struct st_context *ctx)
{
   struct st_render_mode_state *rm = selecting(ctx);
   if (!rm)
      return;
   if (rm->name_depth == 0) {
      st_error(ctx, GL_STACK_UNDERFLOW, "glPopName(name stack empty)");
      return;
   }
   write_hit_record(rm);
   rm->name_depth--;
}

void
api_LoadName(struct st_context *ctx, GLuint name)
{
   struct st_render_mode_state *rm = selecting(ctx);
   if (!rm)
      return;
   if (rm->name_depth == 0) {
      st_error(ctx, GL_INVALID_OPERATION, "glLoadName(name stack empty)");
      return;
   }
   write_hit_record(rm);
   rm->names[rm->name_depth - 1] = name;
}

/* ---- glRenderMode ---- */

GLint
api_RenderMode(struct st_context *ctx, GLenum mode)
{
   struct st_render_mode_state *rm = ctx->render_mode;
   if (mode != GL_RENDER && mode != GL_FEEDBACK && mode != GL_SELECT) {
      st_error(ctx, GL_INVALID_ENUM, "glRenderMode(mode=%s)",
               st_enum_name(mode));
      return 0;
   }
   if (!rm) {
      st_out_of_memory(ctx, "glRenderMode");
      return 0;
   }
   /* GL 2.1, 5.2 and 5.3: entering a mode before its buffer was given
    * is an INVALID_OPERATION. */
   if (mode == GL_SELECT && !rm->select_given) {
      st_error(ctx, GL_INVALID_OPERATION,
               "glRenderMode(GL_SELECT without "
               "glSelectBuffer)");
      return 0;
   }
   if (mode == GL_FEEDBACK && !rm->feedback_given) {
      st_error(ctx, GL_INVALID_OPERATION,
               "glRenderMode(GL_FEEDBACK without "
               "glFeedbackBuffer)");
      return 0;
   }
   st_flush_vertices(ctx);

   /* The value returned is that of the mode being left: hit records,
    * feedback values, or -1 when they overflowed the buffer. */
   GLint result = 0;
   if (rm->mode == GL_SELECT) {
      write_hit_record(rm);
      result =
         rm->select_count > (GLuint)rm->select_size ? -1 : (GLint)rm->hits;
      /* The name stack is selection state: empty outside the mode. */
      rm->name_depth = 0;
   } else if (rm->mode == GL_FEEDBACK) {
      result = rm->feedback_count > (GLuint)rm->feedback_size
                  ? -1
                  : (GLint)rm->feedback_count;
   }

   if (mode == GL_SELECT) {
      rm->select_count = 0;
      rm->hits = 0;
      rm->hit = false;
      rm->name_depth = 0;
   } else if (mode == GL_FEEDBACK) {
      rm->feedback_count = 0;
   }
   if (mode != rm->mode) {
      /* The fixed-function vertex stage depends on the mode
       * (st_render_mode_needs_texcoord). */
      ctx->dirty |= ST_DIRTY_COMPAT;
   }
   rm->mode = mode;
   return result;
}

/* ---- glGet ---- */

bool
st_render_mode_get(struct st_context *ctx, GLenum pname, int index,
                   struct st_value *v)
{
   const struct st_render_mode_state *rm = ctx->render_mode;
   if (!st_is_compat(ctx) || index >= 0)
      return false;
   switch (pname) {
   case GL_RENDER_MODE:
      st_value_enum(v, rm ? rm->mode : GL_RENDER);
      return true;
   case GL_FEEDBACK_BUFFER_SIZE:
      st_value_int(v, rm ? rm->feedback_size : 0);
      return true;
   case GL_FEEDBACK_BUFFER_TYPE:
      st_value_enum(v, rm ? rm->feedback_type : GL_2D);
      return true;
   case GL_SELECTION_BUFFER_SIZE:
      st_value_int(v, rm ? rm->select_size : 0);
      return true;
   case GL_NAME_STACK_DEPTH:
      st_value_int(v, rm ? (GLint)rm->name_depth : 0);
      return true;
   case GL_MAX_NAME_STACK_DEPTH:
      st_value_int(v, ST_MAX_NAME_STACK_DEPTH);
      return true;
   default:
      return false;
   }
}

bool
st_render_mode_get_pointer(struct st_context *ctx, GLenum pname, void **value)
{
   const struct st_render_mode_state *rm = ctx->render_mode;
   if (!st_is_compat(ctx))
      return false;
   switch (pname) {
   case GL_FEEDBACK_BUFFER_POINTER:
      *value = rm ? rm->feedback_buffer : NULL;
      return true;
   case GL_SELECTION_BUFFER_POINTER:
      *value = rm ? rm->select_buffer : NULL;
      return true;
   default:
      return false;
   }
}
