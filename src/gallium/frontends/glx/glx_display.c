/* SPDX-License-Identifier: MIT */

/*
 * Displays: the frontend's state for each Xlib Display (its xcb
 * connection, the GLX extension's opcode and error base, the configs of
 * every screen, the GLX drawables), the process's state tracker screen,
 * the lock, and X errors.
 *
 * A display's state is made by the first GLX call on it and freed when
 * the application closes the Display (an Xlib close-display hook).  The
 * state tracker screen lives as long as the process.
 */
#include <pthread.h>
#include <stdlib.h>

#include <X11/Xlib-xcb.h>
#include <X11/Xlibint.h>

#include "glx_priv.h"
#include "glx_target.h"
#include "pipe/p_context.h"
#include "pipe/p_screen.h"

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct u_list displays = { &displays, &displays };

static pthread_once_t screen_once = PTHREAD_ONCE_INIT;
static struct st_screen *process_screen;

void
glx_lock(void)
{
   pthread_mutex_lock(&lock);
}

void
glx_unlock(void)
{
   pthread_mutex_unlock(&lock);
}

static void
create_screen(void)
{
   struct pipe_screen *pscreen = glx_target_create_screen();
   if (!pscreen)
      return;
   process_screen = st_screen_create(pscreen);
   if (!process_screen)
      pscreen->destroy(pscreen);
}

struct st_screen *
glx_st_screen(void)
{
   pthread_once(&screen_once, create_screen);
   return process_screen;
}

static void
display_free(struct glx_display *display)
{
   u_list_foreach_safe (struct glx_drawable, draw, &display->drawables, link) {
      u_list_del(&draw->link);
      /* A drawable still current lives until released, without its
       * window-system side, which dies with the connection. */
      if (!draw->current_count) {
         glx_drawable_free(draw);
      } else {
         ws_xcb_drawable_destroy(draw->ws);
         draw->ws = NULL;
         draw->destroyed = true;
      }
   }
   if (display->pipe)
      display->pipe->destroy(display->pipe);
   free(display->screens);
   free(display);
}

/* Xlib calls this from XCloseDisplay, before the connection goes. */
static int
close_display(Display *dpy, XExtCodes *codes)
{
   glx_lock();
   u_list_foreach (struct glx_display, display, &displays, link) {
      if (display->dpy == dpy) {
         u_list_del(&display->link);
         display_free(display);
         break;
      }
   }
   glx_unlock();
   return 0;
}

struct glx_display *
glx_display_get(Display *dpy)
{
   if (!dpy)
      return NULL;
   glx_lock();
   u_list_foreach (struct glx_display, display, &displays, link) {
      if (display->dpy == dpy) {
         glx_unlock();
         return display;
      }
   }
   glx_unlock();

   /* Made outside the lock: these are round trips. */
   struct glx_display *display = calloc(1, sizeof(*display));
   if (!display)
      return NULL;
   display->dpy = dpy;
   display->conn = XGetXCBConnection(dpy);
   display->num_screens = ScreenCount(dpy);
   u_list_init(&display->drawables);
   int event_base;
   if (!XQueryExtension(dpy, "GLX", &display->major_opcode, &event_base,
                        &display->error_base))
      display->major_opcode = display->error_base = 0;
   display->screens =
      calloc((size_t)display->num_screens, sizeof(*display->screens));
   if (!display->screens) {
      free(display);
      return NULL;
   }
   glx_config_init(display);

   glx_lock();
   /* Another thread may have made it meanwhile. */
   u_list_foreach (struct glx_display, other, &displays, link) {
      if (other->dpy == dpy) {
         glx_unlock();
         free(display->screens);
         free(display);
         return other;
      }
   }
   XExtCodes *codes = XAddExtension(dpy);
   if (codes)
      XESetCloseDisplay(dpy, codes->extension, close_display);
   u_list_add_tail(&displays, &display->link);
   glx_unlock();
   return display;
}

struct glx_screen *
glx_display_screen(struct glx_display *display, int screen)
{
   if (!display || screen < 0 || screen >= display->num_screens)
      return NULL;
   return &display->screens[screen];
}

void
glx_error_send(Display *dpy, unsigned error, bool core, unsigned minor_opcode,
               XID resource)
{
   struct glx_display *display = glx_display_get(dpy);
   if (!display)
      return;
   /* Without the extension there is no error base for GLX errors; core
    * errors still name the (absent) GLX request. */
   if (!core && !display->major_opcode)
      return;
   xError event = {
      .type = X_Error,
      .errorCode = (BYTE)(core ? error : display->error_base + error),
      .resourceID = (CARD32)resource,
      .minorCode = (CARD16)minor_opcode,
      .majorCode = (CARD8)display->major_opcode,
   };
   LockDisplay(dpy);
   event.sequenceNumber = (CARD16)dpy->request;
   _XError(dpy, &event);
   UnlockDisplay(dpy);
}
