/* SPDX-License-Identifier: MIT */

/*
 * The framebuffer module's parts of the attribute stack: the draw
 * buffers (GL_COLOR_BUFFER_BIT) and the read buffer (GL_PIXEL_MODE_BIT)
 * of the bound framebuffers, restored into the framebuffers bound at the
 * time of the pop (the bindings are not attribute state).
 */
#include <string.h>

#include "st_attrib.h"
#include "st_context.h"
#include "st_fb_priv.h"

static void
save_draw_buffers(struct st_context *ctx, void *data)
{
   memcpy(data, ctx->fb->draw->draw_buffers,
          sizeof(ctx->fb->draw->draw_buffers));
}

static void
restore_draw_buffers(struct st_context *ctx, const void *data)
{
   memcpy(ctx->fb->draw->draw_buffers, data,
          sizeof(ctx->fb->draw->draw_buffers));
   ctx->dirty |= ST_DIRTY_FRAMEBUFFER;
}

const struct st_attrib_saver st_fb_saver_color = {
   .mask = GL_COLOR_BUFFER_BIT,
   .size = sizeof(GLenum) * ST_MAX_DRAW_BUFFERS,
   .save = save_draw_buffers,
   .restore = restore_draw_buffers,
};

static void
save_read_buffer(struct st_context *ctx, void *data)
{
   *(GLenum *)data = ctx->fb->read->read_buffer;
}

static void
restore_read_buffer(struct st_context *ctx, const void *data)
{
   ctx->fb->read->read_buffer = *(const GLenum *)data;
   ctx->dirty |= ST_DIRTY_FRAMEBUFFER;
}

const struct st_attrib_saver st_fb_saver_pixel = {
   .mask = GL_PIXEL_MODE_BIT,
   .size = sizeof(GLenum),
   .save = save_read_buffer,
   .restore = restore_read_buffer,
};
