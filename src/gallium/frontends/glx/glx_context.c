/* SPDX-License-Identifier: MIT */

/*
 * Contexts: glXCreateContext, glXCreateNewContext,
 * glXCreateContextAttribsARB (GLX_ARB_create_context, _profile,
 * GLX_EXT_create_context_es2_profile / es_profile), glXDestroyContext,
 * glXMakeCurrent, glXMakeContextCurrent, glXIsDirect, glXQueryContext,
 * glXCopyContext, and the per-thread current state.
 *
 * libGLX keeps what glXGetCurrentContext/Drawable/Display return and
 * checks that a context handle is some vendor's before it calls here;
 * this file keeps its own books to enforce "current in one thread" and
 * to free objects destroyed while current.
 *
 * Indirect rendering does not exist here (no GLX requests ever reach the
 * server): a context asked for with direct = False is a direct context
 * all the same, and glXIsDirect says so.
 */
#include <stdlib.h>

#include "glx_priv.h"
#include "util/u_log.h"

static struct u_list contexts = { &contexts, &contexts };
static _Thread_local struct glx_thread thread_state;

struct glx_thread *
glx_thread_get(void)
{
   return &thread_state;
}

struct glx_context *
glx_context_lookup(GLXContext handle)
{
   u_list_foreach (struct glx_context, ctx, &contexts, link) {
      if (ctx == (struct glx_context *)handle)
         return ctx;
   }
   return NULL;
}

static void
context_free(struct glx_context *ctx)
{
   u_list_del(&ctx->link);
   if (ctx->st)
      st_context_destroy(ctx->st);
   free(ctx);
}

/** What a context request asks for, in GLX_ARB_create_context terms. */
struct request {
   int major, minor;
   int flags;
   int profile_mask;
   int render_type;
   bool no_error;
};

/** Makes the context; a GLX error code in *@p error (with *@p core for
 * X11 ones) and NULL on failure. */
static struct glx_context *
create_context(struct glx_display *display, const struct glx_config *config,
               GLXContext share_handle, const struct request *req,
               unsigned *error, bool *core)
{
   *core = false;
   struct st_screen *screen = glx_st_screen();
   if (!screen) {
      *error = BadAlloc;
      *core = true;
      return NULL;
   }
   glx_lock();
   struct glx_context *share = NULL;
   if (share_handle) {
      share = glx_context_lookup(share_handle);
      if (!share) {
         glx_unlock();
         *error = GLXBadContext;
         return NULL;
      }
   }
   glx_unlock();

   bool es = req->profile_mask &
             (GLX_CONTEXT_ES2_PROFILE_BIT_EXT | GLX_CONTEXT_ES_PROFILE_BIT_EXT);
   bool version_3_2 = req->major > 3 || (req->major == 3 && req->minor >= 2);
   bool core_profile =
      !es &&
      ((req->major == 3 && req->minor == 1) ||
       (version_3_2 && req->profile_mask == GLX_CONTEXT_CORE_PROFILE_BIT_ARB));
   struct st_context_attribs attribs = {
      .api = es ? ST_API_OPENGL_ES : ST_API_OPENGL,
      .major = (unsigned)req->major,
      .minor = (unsigned)req->minor,
      .profile = core_profile ? ST_PROFILE_CORE : ST_PROFILE_COMPAT,
      .forward_compatible =
         (req->flags & GLX_CONTEXT_FORWARD_COMPATIBLE_BIT_ARB) != 0,
      .debug = (req->flags & GLX_CONTEXT_DEBUG_BIT_ARB) != 0,
      .robust_access = (req->flags & GLX_CONTEXT_ROBUST_ACCESS_BIT_ARB) != 0,
      .no_error = req->no_error,
   };
   struct glx_context *ctx = calloc(1, sizeof(*ctx));
   if (!ctx) {
      *error = BadAlloc;
      *core = true;
      return NULL;
   }
   u_list_init(&ctx->link);
   enum st_context_error st_error = ST_CONTEXT_SUCCESS;
   ctx->st =
      st_context_create(screen, &attribs, share ? share->st : NULL, &st_error);
   if (!ctx->st) {
      free(ctx);
      switch (st_error) {
      case ST_CONTEXT_ERROR_NO_MEMORY:
         *error = BadAlloc;
         *core = true;
         break;
      case ST_CONTEXT_ERROR_BAD_SHARE:
         /* GLX_ARB_create_context: a share context of another API. */
         *error = BadMatch;
         *core = true;
         break;
      default:
         /* GLX_ARB_create_context: "If <config> does not support
          * compatible OpenGL contexts providing the requested API major
          * and minor version, forward-compatible flag, and debug context
          * flag, GLXBadFBConfig is generated." */
         *error = GLXBadFBConfig;
         break;
      }
      return NULL;
   }
   ctx->display = display;
   ctx->config = config;
   ctx->render_type = req->render_type;
   glx_lock();
   u_list_add_tail(&contexts, &ctx->link);
   glx_unlock();
   return ctx;
}

static GLXContext
create_and_report(Display *dpy, struct glx_display *display,
                  const struct glx_config *config, GLXContext share,
                  const struct request *req, unsigned minor_opcode)
{
   unsigned error;
   bool core;
   struct glx_context *ctx =
      create_context(display, config, share, req, &error, &core);
   if (!ctx)
      glx_error_send(dpy, error, core, minor_opcode, 0);
   return (GLXContext)ctx;
}

GLXContext
glx_CreateContext(Display *dpy, XVisualInfo *vis, GLXContext share_list,
                  Bool direct)
{
   struct glx_display *display = glx_display_get(dpy);
   const struct glx_config *config =
      display && vis ? glx_config_from_visual(display, vis) : NULL;
   /* GLX 1.4, 3.4.1(glXCreateContext): "If vis is not a valid visual
    * ... a BadValue error is generated." */
   if (!config) {
      glx_error_send(dpy, BadValue, true, X_GLXCreateContext,
                     vis ? vis->visualid : 0);
      return NULL;
   }
   if (!direct)
      u_log_info("glx",
                 "glXCreateContext: indirect rendering is not supported, "
                 "the context is direct");
   struct request req = { .major = 1, .render_type = GLX_RGBA_TYPE };
   return create_and_report(dpy, display, config, share_list, &req,
                            X_GLXCreateContext);
}

GLXContext
glx_CreateNewContext(Display *dpy, GLXFBConfig handle, int render_type,
                     GLXContext share_list, Bool direct)
{
   struct glx_display *display = glx_display_get(dpy);
   const struct glx_config *config = glx_config_lookup(display, handle);
   if (!config) {
      glx_error_send(dpy, GLXBadFBConfig, false, X_GLXCreateNewContext, 0);
      return NULL;
   }
   /* GLX 1.4, 3.3.7: colour index needs a config with
    * GLX_COLOR_INDEX_BIT (none has it). */
   if (render_type != GLX_RGBA_TYPE) {
      glx_error_send(dpy,
                     render_type == GLX_COLOR_INDEX_TYPE ? BadMatch : BadValue,
                     true, X_GLXCreateNewContext, 0);
      return NULL;
   }
   if (!direct)
      u_log_info("glx", "glXCreateNewContext: indirect rendering is not "
                        "supported, the context is direct");
   struct request req = { .major = 1, .render_type = render_type };
   return create_and_report(dpy, display, config, share_list, &req,
                            X_GLXCreateNewContext);
}

static bool
valid_gl_version(int major, int minor)
{
   static const int max_minor[] = { -1, 5, 1, 3, 6 };
   return major >= 1 && major <= 4 && minor >= 0 && minor <= max_minor[major];
}

/** Parses glXCreateContextAttribsARB's list; a GLX error (*@p core for
 * X11 ones) or Success. */
static unsigned
parse_attribs(const int *attrib_list, struct request *req, bool *core)
{
   *req = (struct request){
      .major = 1,
      .profile_mask = GLX_CONTEXT_CORE_PROFILE_BIT_ARB,
      .render_type = GLX_RGBA_TYPE,
   };
   *core = true;
   for (const int *a = attrib_list; a && a[0] != None; a += 2) {
      switch (a[0]) {
      case GLX_CONTEXT_MAJOR_VERSION_ARB:
         req->major = a[1];
         break;
      case GLX_CONTEXT_MINOR_VERSION_ARB:
         req->minor = a[1];
         break;
      case GLX_CONTEXT_FLAGS_ARB:
         req->flags = a[1];
         break;
      case GLX_CONTEXT_PROFILE_MASK_ARB:
         req->profile_mask = a[1];
         break;
      case GLX_RENDER_TYPE:
         req->render_type = a[1];
         break;
      case GLX_CONTEXT_OPENGL_NO_ERROR_ARB:
         req->no_error = a[1] != 0;
         break;
      default:
         /* GLX_ARB_create_context: "If an attribute ... is not
          * recognized ... BadValue is generated." */
         return BadValue;
      }
   }
   /* GLX_CONTEXT_ROBUST_ACCESS_BIT_ARB belongs to
    * GLX_ARB_create_context_robustness, which is not offered. */
   const int known_flags =
      GLX_CONTEXT_DEBUG_BIT_ARB | GLX_CONTEXT_FORWARD_COMPATIBLE_BIT_ARB;
   if (req->flags & ~known_flags)
      return BadValue;
   /* GLX_ARB_create_context: colour index needs a config with
    * GLX_COLOR_INDEX_BIT (none has it); other values are not render
    * types. */
   if (req->render_type == GLX_COLOR_INDEX_TYPE)
      return BadMatch;
   if (req->render_type != GLX_RGBA_TYPE)
      return BadValue;
   bool es = false;
   switch (req->profile_mask) {
   case GLX_CONTEXT_CORE_PROFILE_BIT_ARB:
   case GLX_CONTEXT_COMPATIBILITY_PROFILE_BIT_ARB:
      break;
   case GLX_CONTEXT_ES2_PROFILE_BIT_EXT:
      /* GLX_EXT_create_context_es2_profile / es_profile. */
      es = true;
      break;
   default:
      /* GLX_ARB_create_context_profile: "If the
       * GLX_CONTEXT_PROFILE_MASK_ARB attribute has no bits set; has any
       * bits set other than GLX_CONTEXT_CORE_PROFILE_BIT_ARB and
       * GLX_CONTEXT_COMPATIBILITY_PROFILE_BIT_ARB; has more than one of
       * these bits set ... GLXBadProfileARB is generated." (Whatever the
       * version, as Mesa and Piglit read it.) */
      *core = false;
      return GLXBadProfileARB;
   }
   bool version_3_2 = req->major > 3 || (req->major == 3 && req->minor >= 2);
   if (es) {
      /* GLX_EXT_create_context_es_profile: a version of OpenGL ES that
       * does not exist (2.0 and 3.0-3.2 do) is GLXBadProfileARB. */
      if (!(req->major == 2 && req->minor == 0) &&
          !(req->major == 3 && req->minor >= 0 && req->minor <= 2)) {
         *core = false;
         return GLXBadProfileARB;
      }
      if (req->flags & GLX_CONTEXT_FORWARD_COMPATIBLE_BIT_ARB)
         return BadMatch;
      return Success;
   }
   if (!version_3_2)
      req->profile_mask = GLX_CONTEXT_COMPATIBILITY_PROFILE_BIT_ARB;
   if (!valid_gl_version(req->major, req->minor))
      return BadMatch;
   /* Forward-compatible contexts start at 3.0. */
   if ((req->flags & GLX_CONTEXT_FORWARD_COMPATIBLE_BIT_ARB) && req->major < 3)
      return BadMatch;
   if (req->no_error && (req->flags & (GLX_CONTEXT_DEBUG_BIT_ARB |
                                       GLX_CONTEXT_ROBUST_ACCESS_BIT_ARB)))
      return BadMatch;
   return Success;
}

GLXContext
glx_CreateContextAttribsARB(Display *dpy, GLXFBConfig handle,
                            GLXContext share_context, Bool direct,
                            const int *attrib_list)
{
   struct glx_display *display = glx_display_get(dpy);
   const struct glx_config *config = glx_config_lookup(display, handle);
   if (!config) {
      glx_error_send(dpy, GLXBadFBConfig, false, X_GLXCreateContextAttribsARB,
                     0);
      return NULL;
   }
   struct request req;
   bool core;
   unsigned error = parse_attribs(attrib_list, &req, &core);
   if (error != Success) {
      glx_error_send(dpy, error, core, X_GLXCreateContextAttribsARB, 0);
      return NULL;
   }
   if (!direct)
      u_log_info("glx", "glXCreateContextAttribsARB: indirect rendering is not "
                        "supported, the context is direct");
   return create_and_report(dpy, display, config, share_context, &req,
                            X_GLXCreateContextAttribsARB);
}

void
glx_DestroyContext(Display *dpy, GLXContext handle)
{
   glx_lock();
   struct glx_context *ctx = glx_context_lookup(handle);
   if (!ctx) {
      glx_unlock();
      glx_error_send(dpy, GLXBadContext, false, X_GLXDestroyContext, 0);
      return;
   }
   /* GLX 1.4, 3.3.7: a current context is destroyed when it stops being
    * current. */
   if (ctx->current) {
      ctx->destroyed = true;
      glx_unlock();
      return;
   }
   glx_unlock();
   context_free(ctx);
}

/** Drops @p draw from the books of a context that used it (lock held). */
static void
drawable_release(struct glx_drawable *draw)
{
   if (!draw)
      return;
   draw->current_count--;
   if (draw->destroyed && !draw->current_count)
      glx_drawable_free(draw);
}

/** The drawable for @p xid to make current with @p ctx: a GLX drawable,
 * or an implicit one for a plain window; NULL with *@p error set. */
static struct glx_drawable *
find_drawable(struct glx_display *display, struct glx_context *ctx,
              GLXDrawable xid, unsigned *error)
{
   glx_lock();
   struct glx_drawable *draw = glx_drawable_lookup(display, xid);
   glx_unlock();
   if (draw)
      return draw;
   return glx_drawable_implicit(display, ctx->config, xid, error);
}

static Bool
make_current(Display *dpy, GLXDrawable draw_xid, GLXDrawable read_xid,
             GLXContext handle, unsigned minor_opcode)
{
   struct glx_thread *thread = &thread_state;
   if (!handle) {
      /* libGLX releases with (dpy may be NULL after XCloseDisplay). */
      struct glx_context *old = thread->context;
      if (!old)
         return True;
      st_make_current(NULL, NULL, NULL);
      glx_lock();
      old->current = NULL;
      drawable_release(thread->draw);
      drawable_release(thread->read);
      thread->context = NULL;
      thread->draw = thread->read = NULL;
      bool free_old = old->destroyed;
      glx_unlock();
      if (free_old)
         context_free(old);
      return True;
   }

   struct glx_display *display = glx_display_get(dpy);
   glx_lock();
   struct glx_context *ctx = glx_context_lookup(handle);
   if (!ctx) {
      glx_unlock();
      glx_error_send(dpy, GLXBadContext, false, minor_opcode, 0);
      return False;
   }
   /* GLX 1.4, 3.3.7: "If ctx is current to some other thread, then
    * glXMakeContextCurrent will generate a BadAccess error." */
   if (ctx->current && ctx->current != thread) {
      glx_unlock();
      glx_error_send(dpy, BadAccess, true, minor_opcode, 0);
      return False;
   }
   glx_unlock();

   struct glx_drawable *draw = NULL, *read = NULL;
   /* GLX_ARB_create_context: a 3.0+ context (all of ours) may be made
    * current without drawables; both or neither. */
   if ((draw_xid == None) != (read_xid == None)) {
      glx_error_send(dpy, BadMatch, true, minor_opcode, 0);
      return False;
   }
   if (draw_xid != None) {
      unsigned error = GLXBadDrawable;
      draw = find_drawable(display, ctx, draw_xid, &error);
      read = draw && read_xid != draw_xid
                ? find_drawable(display, ctx, read_xid, &error)
                : draw;
      if (!draw || !read) {
         glx_error_send(dpy, error, error == BadMatch, minor_opcode,
                        draw ? read_xid : draw_xid);
         return False;
      }
      if (!glx_drawable_compatible(draw, ctx->config) ||
          !glx_drawable_compatible(read, ctx->config)) {
         glx_error_send(dpy, BadMatch, true, minor_opcode, draw_xid);
         return False;
      }
      glx_drawable_update(draw);
      if (read != draw)
         glx_drawable_update(read);
   }

   if (!st_make_current(ctx->st, draw ? &draw->base : NULL,
                        read ? &read->base : NULL)) {
      glx_error_send(dpy, BadAlloc, true, minor_opcode, draw_xid);
      return False;
   }

   glx_lock();
   struct glx_context *old = thread->context;
   struct glx_drawable *old_draw = thread->draw, *old_read = thread->read;
   ctx->current = thread;
   if (draw) {
      draw->current_count++;
      read->current_count++;
   }
   thread->context = ctx;
   thread->draw = draw;
   thread->read = read;
   drawable_release(old_draw);
   drawable_release(old_read);
   bool free_old = false;
   if (old && old != ctx) {
      old->current = NULL;
      free_old = old->destroyed;
   }
   glx_unlock();
   if (free_old)
      context_free(old);
   return True;
}

Bool
glx_MakeCurrent(Display *dpy, GLXDrawable drawable, GLXContext ctx)
{
   return make_current(dpy, drawable, drawable, ctx, X_GLXMakeCurrent);
}

Bool
glx_MakeContextCurrent(Display *dpy, GLXDrawable draw, GLXDrawable read,
                       GLXContext ctx)
{
   return make_current(dpy, draw, read, ctx, X_GLXMakeContextCurrent);
}

Bool
glx_IsDirect(Display *dpy, GLXContext handle)
{
   glx_lock();
   struct glx_context *ctx = glx_context_lookup(handle);
   glx_unlock();
   if (!ctx) {
      glx_error_send(dpy, GLXBadContext, false, X_GLXIsDirect, 0);
      return False;
   }
   return True;
}

int
glx_QueryContext(Display *dpy, GLXContext handle, int attribute, int *value)
{
   glx_lock();
   struct glx_context *ctx = glx_context_lookup(handle);
   glx_unlock();
   if (!ctx)
      return GLX_BAD_CONTEXT;
   switch (attribute) {
   case GLX_FBCONFIG_ID:
      *value = ctx->config->id;
      return Success;
   case GLX_RENDER_TYPE:
      *value = ctx->render_type;
      return Success;
   case GLX_SCREEN:
      *value = ctx->config->screen;
      return Success;
   default:
      return GLX_BAD_ATTRIBUTE;
   }
}

void
glx_CopyContext(Display *dpy, GLXContext src_handle, GLXContext dst_handle,
                unsigned long mask)
{
   glx_lock();
   struct glx_context *src = glx_context_lookup(src_handle);
   struct glx_context *dst = glx_context_lookup(dst_handle);
   unsigned error = Success;
   bool core = true;
   if (!src || !dst) {
      error = GLXBadContext;
      core = false;
   } else if (src == dst || src->config->screen != dst->config->screen) {
      error = BadMatch;
   } else if (dst->current) {
      /* GLX 1.4, 3.3.7: "If dst is current to any thread (including the
       * calling thread) ... a BadAccess error is generated." */
      error = BadAccess;
   }
   glx_unlock();
   if (error != Success) {
      glx_error_send(dpy, error, core, X_GLXCopyContext, 0);
      return;
   }
   /* TODO(#8): copy the attribute groups of @p mask; the state tracker
    * has no interface for it yet. */
   u_log_warn("glx", "glXCopyContext: state is not copied (not implemented)");
}
