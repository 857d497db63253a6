/* SPDX-License-Identifier: MIT */

/*
 * Surfaces: pbuffers, the window and pixmap constructors (the platform of
 * the display makes the surface, egl_platform), eglQuerySurface,
 * eglSurfaceAttrib, eglSwapBuffers, eglSwapInterval, eglCopyBuffers, and
 * the errors of the client-buffer and texture-binding functions, whose
 * configs never allow them.
 *
 * A pbuffer is back-buffered (EGL 1.5, 3.5.6: EGL_RENDER_BUFFER is always
 * EGL_BACK_BUFFER): its colour buffer is the drawable's back-left
 * attachment, so GL_BACK is the default draw and read buffer.  The
 * buffers are made at creation, where EGL_BAD_ALLOC can still be
 * reported, and never change, so the drawable's stamp never moves.
 */
#include <stdlib.h>

#include "pipe/p_defines.h"
#include "pipe/p_inlines.h"
#include "pipe/p_screen.h"
#include "pipe/p_state.h"

#include "egl_api.h"
#include "egl_priv.h"
#include "util/u_driconf.h"

#define MAX_PBUFFER_SIZE 8192

/* Every surface gets a stamp no other had: a context that drew to a
 * destroyed surface and is made current with a new one at the same
 * address still sees a new stamp, so the state tracker takes the new
 * buffers. */
static uint32_t last_stamp;

struct egl_surface *
egl_surface_lookup(struct egl_display *dpy, EGLSurface handle)
{
   u_list_foreach (struct egl_surface, surf, &dpy->surfaces, link) {
      if (surf == (struct egl_surface *)handle)
         return surf;
   }
   return NULL;
}

uint32_t
egl_surface_new_stamp(void)
{
   return __atomic_add_fetch(&last_stamp, 1, __ATOMIC_RELAXED);
}

void
egl_surface_free(struct egl_surface *surf)
{
   u_list_del(&surf->link);
   if (surf->platform_data)
      surf->display->ops->destroy_surface(surf);
   pipe_resource_ref(&surf->color, NULL);
   pipe_resource_ref(&surf->depth_stencil, NULL);
   free(surf);
}

bool
egl_surface_compatible(const struct egl_surface *surf,
                       const struct egl_config *ctx_config)
{
   /* EGL_KHR_no_config_context: such a context renders to any surface. */
   if (!ctx_config)
      return true;
   return surf->config->color_format == ctx_config->color_format &&
          surf->config->depth_stencil_format ==
             ctx_config->depth_stencil_format;
}

static bool
pbuffer_validate(struct st_drawable *drawable, unsigned *width,
                 unsigned *height,
                 struct pipe_resource *out[ST_ATTACHMENT_COUNT])
{
   struct egl_surface *surf = drawable->priv;
   *width = surf->width;
   *height = surf->height;
   out[ST_ATTACHMENT_FRONT_LEFT] = NULL;
   out[ST_ATTACHMENT_BACK_LEFT] = surf->color;
   out[ST_ATTACHMENT_DEPTH_STENCIL] = surf->depth_stencil;
   return true;
}

static struct pipe_resource *
create_buffer(struct pipe_screen *pscreen, enum pipe_format format,
              unsigned width, unsigned height, unsigned bind)
{
   /* A 0x0 pbuffer is valid EGL; it gets 1x1 buffers so that the state
    * tracker always has something to bind. */
   struct pipe_resource templ = {
      .target = PIPE_TEXTURE_2D,
      .format = format,
      .width0 = width ? width : 1,
      .height0 = height ? height : 1,
      .depth0 = 1,
      .array_size = 1,
      .usage = PIPE_USAGE_DEFAULT,
      .bind = bind,
   };
   return pscreen->resource_create(pscreen, &templ);
}

/** The colour format of a surface of @p config in @p colorspace. */
static enum pipe_format
surface_color_format(const struct egl_config *config, EGLenum colorspace)
{
   if (colorspace != EGL_GL_COLORSPACE_SRGB)
      return config->color_format;
   switch (config->color_format) {
   case PIPE_FORMAT_B8G8R8A8_UNORM:
      return PIPE_FORMAT_B8G8R8A8_SRGB;
   case PIPE_FORMAT_R8G8B8A8_UNORM:
      return PIPE_FORMAT_R8G8B8A8_SRGB;
   default:
      return PIPE_FORMAT_R8G8B8_SRGB;
   }
}

struct egl_surface *
egl_surface_alloc(struct egl_display *dpy, const struct egl_config *config,
                  EGLint type)
{
   struct egl_surface *surf = calloc(1, sizeof(*surf));
   if (!surf)
      return NULL;
   u_list_init(&surf->link);
   surf->display = dpy;
   surf->config = config;
   surf->type = type;
   surf->render_buffer =
      type == EGL_PIXMAP_BIT ? EGL_SINGLE_BUFFER : EGL_BACK_BUFFER;
   surf->swap_interval =
      (EGLint)u_driconf_default_swap_interval(u_driconf_get());
   surf->swap_behavior = EGL_BUFFER_DESTROYED;
   surf->multisample_resolve = EGL_MULTISAMPLE_RESOLVE_DEFAULT;
   surf->gl_colorspace = EGL_GL_COLORSPACE_LINEAR;
   surf->texture_format = EGL_NO_TEXTURE;
   surf->texture_target = EGL_NO_TEXTURE;
   surf->vg_alpha_format = EGL_VG_ALPHA_FORMAT_NONPRE;
   surf->vg_colorspace = EGL_VG_COLORSPACE_sRGB;
   return surf;
}

/** Adds @p surf to its display, or frees it with EGL_NOT_INITIALIZED if
 * eglTerminate ran meanwhile. */
static EGLSurface
surface_register(struct egl_surface *surf)
{
   struct egl_display *dpy = surf->display;
   egl_lock();
   if (!dpy->initialized) {
      egl_unlock();
      egl_surface_free(surf);
      egl_error(EGL_NOT_INITIALIZED);
      return EGL_NO_SURFACE;
   }
   u_list_add_tail(&dpy->surfaces, &surf->link);
   surf->drawable.stamp = egl_surface_new_stamp();
   egl_unlock();
   egl_thread_get()->error = EGL_SUCCESS;
   return (EGLSurface)surf;
}

/** Reads the pbuffer attributes into @p surf; an EGL error or
 * EGL_SUCCESS.  (EGL 1.5, 3.5.2.) */
static EGLint
parse_pbuffer_attribs(struct egl_surface *surf, const EGLint *attrib_list)
{
   EGLint width = 0, height = 0;
   for (const EGLint *a = attrib_list; a && a[0] != EGL_NONE; a += 2) {
      EGLint value = a[1];
      switch (a[0]) {
      case EGL_WIDTH:
      case EGL_HEIGHT:
         if (value < 0)
            return EGL_BAD_PARAMETER;
         *(a[0] == EGL_WIDTH ? &width : &height) = value;
         break;
      case EGL_LARGEST_PBUFFER:
         surf->largest_pbuffer = value != EGL_FALSE;
         break;
      case EGL_TEXTURE_FORMAT:
         /* EGL_TEXTURE_RGB(A) need EGL_BIND_TO_TEXTURE_RGB(A), which no
          * config has: EGL_BAD_ATTRIBUTE like an unknown value. */
         if (value != EGL_NO_TEXTURE)
            return EGL_BAD_ATTRIBUTE;
         surf->texture_format = (EGLenum)value;
         break;
      case EGL_TEXTURE_TARGET:
         if (value != EGL_NO_TEXTURE && value != EGL_TEXTURE_2D)
            return EGL_BAD_ATTRIBUTE;
         surf->texture_target = (EGLenum)value;
         break;
      case EGL_MIPMAP_TEXTURE:
         surf->mipmap_texture = value != EGL_FALSE;
         break;
      case EGL_GL_COLORSPACE:
         if (value != EGL_GL_COLORSPACE_LINEAR &&
             value != EGL_GL_COLORSPACE_SRGB)
            return EGL_BAD_ATTRIBUTE;
         surf->gl_colorspace = (EGLenum)value;
         break;
      case EGL_VG_ALPHA_FORMAT:
         if (value != EGL_VG_ALPHA_FORMAT_NONPRE &&
             value != EGL_VG_ALPHA_FORMAT_PRE)
            return EGL_BAD_ATTRIBUTE;
         surf->vg_alpha_format = value;
         break;
      case EGL_VG_COLORSPACE:
         if (value != EGL_VG_COLORSPACE_sRGB &&
             value != EGL_VG_COLORSPACE_LINEAR)
            return EGL_BAD_ATTRIBUTE;
         surf->vg_colorspace = value;
         break;
      default:
         return EGL_BAD_ATTRIBUTE;
      }
   }
   /* One of texture format and target without the other. */
   if ((surf->texture_format == EGL_NO_TEXTURE) !=
       (surf->texture_target == EGL_NO_TEXTURE))
      return EGL_BAD_MATCH;
   if (width > MAX_PBUFFER_SIZE || height > MAX_PBUFFER_SIZE) {
      if (!surf->largest_pbuffer)
         return EGL_BAD_ALLOC;
      width = width < MAX_PBUFFER_SIZE ? width : MAX_PBUFFER_SIZE;
      height = height < MAX_PBUFFER_SIZE ? height : MAX_PBUFFER_SIZE;
   }
   surf->width = (unsigned)width;
   surf->height = (unsigned)height;
   return EGL_SUCCESS;
}

EGLSurface
egl_CreatePbufferSurface(EGLDisplay handle, EGLConfig config_handle,
                         const EGLint *attrib_list)
{
   egl_lock();
   struct egl_display *dpy = egl_display_lookup_initialized(handle);
   if (!dpy) {
      egl_unlock();
      return EGL_NO_SURFACE;
   }
   const struct egl_config *config = egl_config_lookup(dpy, config_handle);
   egl_unlock();
   if (!config) {
      egl_error(EGL_BAD_CONFIG);
      return EGL_NO_SURFACE;
   }
   if (!(config->surface_type & EGL_PBUFFER_BIT)) {
      egl_error(EGL_BAD_MATCH);
      return EGL_NO_SURFACE;
   }

   struct egl_surface *surf = egl_surface_alloc(dpy, config, EGL_PBUFFER_BIT);
   if (!surf) {
      egl_error(EGL_BAD_ALLOC);
      return EGL_NO_SURFACE;
   }
   EGLint error = parse_pbuffer_attribs(surf, attrib_list);
   if (error != EGL_SUCCESS) {
      egl_surface_free(surf);
      egl_error(error);
      return EGL_NO_SURFACE;
   }

   struct pipe_screen *pscreen = st_screen_pipe(dpy->screen);
   enum pipe_format color = surface_color_format(config, surf->gl_colorspace);
   surf->color =
      create_buffer(pscreen, color, surf->width, surf->height,
                    PIPE_BIND_RENDER_TARGET | PIPE_BIND_SAMPLER_VIEW);
   if (config->depth_stencil_format != PIPE_FORMAT_NONE)
      surf->depth_stencil =
         create_buffer(pscreen, config->depth_stencil_format, surf->width,
                       surf->height, PIPE_BIND_DEPTH_STENCIL);
   if (!surf->color || (config->depth_stencil_format != PIPE_FORMAT_NONE &&
                        !surf->depth_stencil)) {
      egl_surface_free(surf);
      egl_error(EGL_BAD_ALLOC);
      return EGL_NO_SURFACE;
   }
   surf->drawable = (struct st_drawable){
      .color_format = color,
      .depth_stencil_format = config->depth_stencil_format,
      .double_buffered = true,
      .validate = pbuffer_validate,
      .priv = surf,
   };
   return surface_register(surf);
}

/** Reads the window and pixmap attributes (EGL 1.5, 3.5.1 and 3.5.4)
 * into @p surf; an EGL error or EGL_SUCCESS. */
static EGLint
parse_native_attribs(struct egl_surface *surf, const EGLint *ints,
                     const EGLAttrib *attribs)
{
   for (unsigned i = 0;; i += 2) {
      EGLAttrib name = ints ? ints[i] : attribs ? attribs[i] : EGL_NONE;
      if (name == EGL_NONE)
         return EGL_SUCCESS;
      EGLAttrib value = ints ? ints[i + 1] : attribs[i + 1];
      switch (name) {
      case EGL_RENDER_BUFFER:
         /* A pixmap is single-buffered whatever is asked (3.5.4 lists
          * no EGL_RENDER_BUFFER for pixmaps: Mesa ignores it too). */
         if (value != EGL_BACK_BUFFER && value != EGL_SINGLE_BUFFER)
            return EGL_BAD_ATTRIBUTE;
         if (surf->type == EGL_WINDOW_BIT)
            surf->render_buffer = (EGLint)value;
         break;
      case EGL_GL_COLORSPACE:
         if (value != EGL_GL_COLORSPACE_LINEAR &&
             value != EGL_GL_COLORSPACE_SRGB)
            return EGL_BAD_ATTRIBUTE;
         surf->gl_colorspace = (EGLenum)value;
         break;
      case EGL_VG_ALPHA_FORMAT:
         if (value != EGL_VG_ALPHA_FORMAT_NONPRE &&
             value != EGL_VG_ALPHA_FORMAT_PRE)
            return EGL_BAD_ATTRIBUTE;
         surf->vg_alpha_format = (EGLint)value;
         break;
      case EGL_VG_COLORSPACE:
         if (value != EGL_VG_COLORSPACE_sRGB &&
             value != EGL_VG_COLORSPACE_LINEAR)
            return EGL_BAD_ATTRIBUTE;
         surf->vg_colorspace = (EGLint)value;
         break;
      default:
         return EGL_BAD_ATTRIBUTE;
      }
   }
}

/**
 * The window and pixmap constructors.  @p native is the window or pixmap
 * handle as an integer (the platform functions get a pointer to it, and
 * pass NULL for a bad one); one of @p ints and @p attribs is the
 * attribute list.  On a display without native windows (surfaceless)
 * whatever is passed is not a valid one, and that error comes before the
 * config is looked at.
 */
static EGLSurface
create_native_surface(EGLDisplay handle, EGLConfig config_handle, EGLint type,
                      bool have_native, uintptr_t native, const EGLint *ints,
                      const EGLAttrib *attribs)
{
   EGLint bad_native =
      type == EGL_WINDOW_BIT ? EGL_BAD_NATIVE_WINDOW : EGL_BAD_NATIVE_PIXMAP;
   egl_lock();
   struct egl_display *dpy = egl_display_lookup_initialized(handle);
   if (!dpy) {
      egl_unlock();
      return EGL_NO_SURFACE;
   }
   const struct egl_config *config = egl_config_lookup(dpy, config_handle);
   egl_unlock();
   if (!dpy->ops) {
      egl_error(bad_native);
      return EGL_NO_SURFACE;
   }
   if (!config) {
      egl_error(EGL_BAD_CONFIG);
      return EGL_NO_SURFACE;
   }
   /* EGL 1.5, 3.5.1 / 3.5.4: a config without the surface type. */
   if (!(config->surface_type & type)) {
      egl_error(EGL_BAD_MATCH);
      return EGL_NO_SURFACE;
   }
   if (!have_native || !native) {
      egl_error(bad_native);
      return EGL_NO_SURFACE;
   }
   struct egl_surface *surf = egl_surface_alloc(dpy, config, type);
   if (!surf) {
      egl_error(EGL_BAD_ALLOC);
      return EGL_NO_SURFACE;
   }
   EGLint error = parse_native_attribs(surf, ints, attribs);
   if (error == EGL_SUCCESS) {
      /* EGL 1.5, 3.5.1: "If there is already an EGLSurface associated
       * with win ... an EGL_BAD_ALLOC error is generated." */
      egl_lock();
      u_list_foreach (struct egl_surface, other, &dpy->surfaces, link) {
         if (other->type == type && other->native == native)
            error = EGL_BAD_ALLOC;
      }
      egl_unlock();
   }
   if (error == EGL_SUCCESS) {
      surf->native = native;
      surf->drawable = (struct st_drawable){
         .color_format = surface_color_format(config, surf->gl_colorspace),
         .depth_stencil_format = config->depth_stencil_format,
         .double_buffered = surf->render_buffer == EGL_BACK_BUFFER,
      };
      error = type == EGL_WINDOW_BIT ? dpy->ops->create_window(surf, native)
                                     : dpy->ops->create_pixmap(surf, native);
   }
   if (error != EGL_SUCCESS) {
      egl_surface_free(surf);
      egl_error(error);
      return EGL_NO_SURFACE;
   }
   return surface_register(surf);
}

EGLSurface
egl_CreateWindowSurface(EGLDisplay dpy, EGLConfig config,
                        EGLNativeWindowType win, const EGLint *attrib_list)
{
   return create_native_surface(dpy, config, EGL_WINDOW_BIT, true,
                                (uintptr_t)win, attrib_list, NULL);
}

EGLSurface
egl_CreatePixmapSurface(EGLDisplay dpy, EGLConfig config,
                        EGLNativePixmapType pixmap, const EGLint *attrib_list)
{
   return create_native_surface(dpy, config, EGL_PIXMAP_BIT, true,
                                (uintptr_t)pixmap, attrib_list, NULL);
}

/** The XID a platform function's native pointer points to (X11 and XCB:
 * EGL_KHR_platform_x11, EGL_EXT_platform_xcb: a pointer to a Window or
 * Pixmap, resp. xcb_window_t or xcb_pixmap_t); on Wayland the pointer
 * itself (a struct wl_egl_window *). */
static bool
native_handle(EGLDisplay handle, void *native, uintptr_t *out)
{
   if (!native)
      return false;
   egl_lock();
   struct egl_display *dpy = egl_display_lookup(handle);
   EGLenum platform = dpy ? dpy->platform : EGL_NONE;
   egl_unlock();
   if (platform == EGL_PLATFORM_WAYLAND_KHR)
      *out = (uintptr_t)native;
   else if (platform == EGL_PLATFORM_XCB_EXT)
      *out = *(const uint32_t *)native;
   else
      *out = (uintptr_t) * (const unsigned long *)native;
   return true;
}

EGLSurface
egl_CreatePlatformWindowSurface(EGLDisplay dpy, EGLConfig config,
                                void *native_window,
                                const EGLAttrib *attrib_list)
{
   uintptr_t win = 0;
   bool have = native_handle(dpy, native_window, &win);
   return create_native_surface(dpy, config, EGL_WINDOW_BIT, have, win, NULL,
                                attrib_list);
}

EGLSurface
egl_CreatePlatformPixmapSurface(EGLDisplay dpy, EGLConfig config,
                                void *native_pixmap,
                                const EGLAttrib *attrib_list)
{
   uintptr_t pixmap = 0;
   bool have = native_handle(dpy, native_pixmap, &pixmap);
   return create_native_surface(dpy, config, EGL_PIXMAP_BIT, have, pixmap, NULL,
                                attrib_list);
}

/* EGL_EXT_platform_base: libEGL dispatches these to the display's vendor
 * too. */
EGLSurface
egl_CreatePlatformWindowSurfaceEXT(EGLDisplay dpy, EGLConfig config,
                                   void *native_window,
                                   const EGLint *attrib_list)
{
   uintptr_t win = 0;
   bool have = native_handle(dpy, native_window, &win);
   return create_native_surface(dpy, config, EGL_WINDOW_BIT, have, win,
                                attrib_list, NULL);
}

EGLSurface
egl_CreatePlatformPixmapSurfaceEXT(EGLDisplay dpy, EGLConfig config,
                                   void *native_pixmap,
                                   const EGLint *attrib_list)
{
   uintptr_t pixmap = 0;
   bool have = native_handle(dpy, native_pixmap, &pixmap);
   return create_native_surface(dpy, config, EGL_PIXMAP_BIT, have, pixmap,
                                attrib_list, NULL);
}

EGLSurface
egl_CreatePbufferFromClientBuffer(EGLDisplay handle, EGLenum buftype,
                                  EGLClientBuffer buffer, EGLConfig config,
                                  const EGLint *attrib_list)
{
   egl_lock();
   struct egl_display *dpy = egl_display_lookup_initialized(handle);
   egl_unlock();
   /* EGL_OPENVG_IMAGE is the only client buffer type; there is no
    * OpenVG, so no buffer of it is valid either. */
   if (dpy)
      egl_error(EGL_BAD_PARAMETER);
   return EGL_NO_SURFACE;
}

EGLBoolean
egl_DestroySurface(EGLDisplay handle, EGLSurface surface)
{
   egl_lock();
   struct egl_display *dpy = egl_display_lookup_initialized(handle);
   struct egl_surface *surf = dpy ? egl_surface_lookup(dpy, surface) : NULL;
   if (!dpy || !surf) {
      egl_unlock();
      return dpy ? egl_error(EGL_BAD_SURFACE) : EGL_FALSE;
   }
   /* EGL 1.5, 3.5.5: a current surface lives on until released. */
   u_list_del(&surf->link);
   if (surf->current)
      surf->destroyed = true;
   else
      egl_surface_free(surf);
   egl_unlock();
   egl_thread_get()->error = EGL_SUCCESS;
   return EGL_TRUE;
}

/** The value of @p attribute for @p surf; false if it is not a surface
 * attribute (EGL 1.5, Table 3.5). */
static bool
surface_attrib(const struct egl_surface *surf, EGLint attribute, EGLint *value)
{
   switch (attribute) {
   case EGL_CONFIG_ID:
      *value = surf->config->id;
      return true;
   case EGL_WIDTH:
      *value = (EGLint)surf->width;
      return true;
   case EGL_HEIGHT:
      *value = (EGLint)surf->height;
      return true;
   case EGL_LARGEST_PBUFFER:
      *value = surf->largest_pbuffer;
      return true;
   case EGL_TEXTURE_FORMAT:
      *value = (EGLint)surf->texture_format;
      return true;
   case EGL_TEXTURE_TARGET:
      *value = (EGLint)surf->texture_target;
      return true;
   case EGL_MIPMAP_TEXTURE:
      *value = surf->mipmap_texture;
      return true;
   case EGL_MIPMAP_LEVEL:
      *value = surf->mipmap_level;
      return true;
   case EGL_RENDER_BUFFER:
      *value = surf->render_buffer;
      return true;
   case EGL_SWAP_BEHAVIOR:
      *value = surf->swap_behavior;
      return true;
   case EGL_MULTISAMPLE_RESOLVE:
      *value = surf->multisample_resolve;
      return true;
   case EGL_GL_COLORSPACE:
      *value = (EGLint)surf->gl_colorspace;
      return true;
   case EGL_VG_ALPHA_FORMAT:
      *value = surf->vg_alpha_format;
      return true;
   case EGL_VG_COLORSPACE:
      *value = surf->vg_colorspace;
      return true;
   case EGL_HORIZONTAL_RESOLUTION:
   case EGL_VERTICAL_RESOLUTION:
   case EGL_PIXEL_ASPECT_RATIO:
      /* Not a display the user looks at. */
      *value = EGL_UNKNOWN;
      return true;
   default:
      return false;
   }
}

EGLBoolean
egl_QuerySurface(EGLDisplay handle, EGLSurface surface, EGLint attribute,
                 EGLint *value)
{
   egl_lock();
   struct egl_display *dpy = egl_display_lookup_initialized(handle);
   struct egl_surface *surf = dpy ? egl_surface_lookup(dpy, surface) : NULL;
   if (!dpy || !surf) {
      egl_unlock();
      return dpy ? egl_error(EGL_BAD_SURFACE) : EGL_FALSE;
   }
   EGLint result;
   bool known = surface_attrib(surf, attribute, &result);
   egl_unlock();
   if (!known)
      return egl_error(EGL_BAD_ATTRIBUTE);
   if (!value)
      return egl_error(EGL_BAD_PARAMETER);
   *value = result;
   egl_thread_get()->error = EGL_SUCCESS;
   return EGL_TRUE;
}

EGLBoolean
egl_SurfaceAttrib(EGLDisplay handle, EGLSurface surface, EGLint attribute,
                  EGLint value)
{
   egl_lock();
   struct egl_display *dpy = egl_display_lookup_initialized(handle);
   struct egl_surface *surf = dpy ? egl_surface_lookup(dpy, surface) : NULL;
   if (!dpy || !surf) {
      egl_unlock();
      return dpy ? egl_error(EGL_BAD_SURFACE) : EGL_FALSE;
   }
   EGLint error = EGL_SUCCESS;
   switch (attribute) {
   case EGL_MIPMAP_LEVEL:
      /* Only meaningful for texture-bindable pbuffers; stored anyway. */
      surf->mipmap_level = value;
      break;
   case EGL_MULTISAMPLE_RESOLVE:
      if (value == EGL_MULTISAMPLE_RESOLVE_DEFAULT)
         surf->multisample_resolve = value;
      else if (value == EGL_MULTISAMPLE_RESOLVE_BOX)
         error = EGL_BAD_MATCH; /* no config has the BOX bit */
      else
         error = EGL_BAD_PARAMETER;
      break;
   case EGL_SWAP_BEHAVIOR:
      if (value == EGL_BUFFER_DESTROYED)
         surf->swap_behavior = value;
      else if (value == EGL_BUFFER_PRESERVED)
         error = EGL_BAD_MATCH; /* no config has the PRESERVED bit */
      else
         error = EGL_BAD_PARAMETER;
      break;
   default:
      error = EGL_BAD_ATTRIBUTE;
      break;
   }
   egl_unlock();
   if (error != EGL_SUCCESS)
      return egl_error(error);
   egl_thread_get()->error = EGL_SUCCESS;
   return EGL_TRUE;
}

EGLBoolean
egl_SwapBuffers(EGLDisplay handle, EGLSurface surface)
{
   struct egl_thread *thread = egl_thread_get();
   egl_lock();
   struct egl_display *dpy = egl_display_lookup_initialized(handle);
   struct egl_surface *surf = dpy ? egl_surface_lookup(dpy, surface) : NULL;
   egl_unlock();
   if (!dpy)
      return EGL_FALSE;
   /* EGL 1.5, 3.10.1: the surface must be the current context's draw
    * surface. */
   if (!surf || !thread->context || thread->draw != surf)
      return egl_error(EGL_BAD_SURFACE);
   /* A pbuffer has nothing to present, nor has a single-buffered
    * surface (EGL 1.5, 3.10.1); the implicit flush remains. */
   if (surf->type != EGL_WINDOW_BIT || surf->render_buffer != EGL_BACK_BUFFER) {
      st_context_flush(thread->context->st, 0, NULL);
      thread->error = EGL_SUCCESS;
      return EGL_TRUE;
   }
   st_drawable_invalidate(thread->context->st, &surf->drawable);
   EGLint error = dpy->ops->swap_buffers(surf, thread->context->st);
   if (error != EGL_SUCCESS)
      return egl_error(error);
   thread->error = EGL_SUCCESS;
   return EGL_TRUE;
}

EGLBoolean
egl_SwapInterval(EGLDisplay handle, EGLint interval)
{
   struct egl_thread *thread = egl_thread_get();
   egl_lock();
   struct egl_display *dpy = egl_display_lookup_initialized(handle);
   egl_unlock();
   if (!dpy)
      return EGL_FALSE;
   if (!thread->context || thread->context->display != dpy)
      return egl_error(EGL_BAD_CONTEXT);
   if (!thread->draw)
      return egl_error(EGL_BAD_SURFACE);
   /* Clamped to the config's EGL_MIN/MAX_SWAP_INTERVAL, 0 and 1, then
    * to what driconf's vblank_mode allows. */
   unsigned clamped = interval < 0 ? 0 : interval > 1 ? 1 : (unsigned)interval;
   thread->draw->swap_interval =
      (EGLint)u_driconf_swap_interval(u_driconf_get(), clamped);
   thread->error = EGL_SUCCESS;
   return EGL_TRUE;
}

EGLBoolean
egl_CopyBuffers(EGLDisplay handle, EGLSurface surface,
                EGLNativePixmapType target)
{
   egl_lock();
   struct egl_display *dpy = egl_display_lookup_initialized(handle);
   struct egl_surface *surf = dpy ? egl_surface_lookup(dpy, surface) : NULL;
   egl_unlock();
   if (!dpy)
      return EGL_FALSE;
   if (!surf)
      return egl_error(EGL_BAD_SURFACE);
   /* The surfaceless platform has no native pixmaps. */
   if (!dpy->ops)
      return egl_error(EGL_BAD_NATIVE_PIXMAP);
   /* EGL 1.5, 3.9.2: the surface's colour buffer; its context must be
    * current so that its rendering can be flushed. */
   struct egl_thread *thread = egl_thread_get();
   if (!thread->context || (thread->draw != surf && thread->read != surf))
      return egl_error(EGL_BAD_SURFACE);
   st_context_flush(thread->context->st, ST_FLUSH_FINISH, NULL);
   EGLint error =
      dpy->ops->copy_buffers(surf, thread->context->st, (uintptr_t)target);
   if (error != EGL_SUCCESS)
      return egl_error(error);
   thread->error = EGL_SUCCESS;
   return EGL_TRUE;
}

/** eglBindTexImage and eglReleaseTexImage (EGL 1.5, 3.6.1): no surface
 * has a texture format, which makes both EGL_BAD_MATCH. */
static EGLBoolean
tex_image(EGLDisplay handle, EGLSurface surface, EGLint buffer)
{
   egl_lock();
   struct egl_display *dpy = egl_display_lookup_initialized(handle);
   struct egl_surface *surf = dpy ? egl_surface_lookup(dpy, surface) : NULL;
   egl_unlock();
   if (!dpy)
      return EGL_FALSE;
   if (!surf)
      return egl_error(EGL_BAD_SURFACE);
   if (buffer != EGL_BACK_BUFFER)
      return egl_error(EGL_BAD_PARAMETER);
   return egl_error(EGL_BAD_MATCH);
}

EGLBoolean
egl_BindTexImage(EGLDisplay dpy, EGLSurface surface, EGLint buffer)
{
   return tex_image(dpy, surface, buffer);
}

EGLBoolean
egl_ReleaseTexImage(EGLDisplay dpy, EGLSurface surface, EGLint buffer)
{
   return tex_image(dpy, surface, buffer);
}
