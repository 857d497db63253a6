/* SPDX-License-Identifier: MIT */

/*
 * The EGL 1.5 functions of the frontend: egl_<Name> implements
 * egl<Name>.  libglvnd's libEGL finds them by name through the vendor
 * interface (egl_glvnd.c); nothing else calls them.
 *
 * eglGetDisplay, eglGetPlatformDisplay, eglGetCurrent* and
 * eglGetProcAddress are libEGL's own: it answers them from its state and
 * from the vendor interface (egl_display_get() makes the display).
 * egl_BindAPI and egl_QueryAPI keep the vendor's copy of the API that
 * libEGL binds for each thread.
 */
#ifndef EGL_API_H
#define EGL_API_H

#include <EGL/egl.h>
#include <EGL/eglext.h>

EGLint egl_GetError(void);
EGLBoolean egl_Initialize(EGLDisplay dpy, EGLint *major, EGLint *minor);
EGLBoolean egl_Terminate(EGLDisplay dpy);
const char *egl_QueryString(EGLDisplay dpy, EGLint name);

EGLBoolean egl_GetConfigs(EGLDisplay dpy, EGLConfig *configs,
                          EGLint config_size, EGLint *num_config);
EGLBoolean egl_ChooseConfig(EGLDisplay dpy, const EGLint *attrib_list,
                            EGLConfig *configs, EGLint config_size,
                            EGLint *num_config);
EGLBoolean egl_GetConfigAttrib(EGLDisplay dpy, EGLConfig config,
                               EGLint attribute, EGLint *value);

EGLBoolean egl_BindAPI(EGLenum api);
EGLenum egl_QueryAPI(void);
EGLContext egl_CreateContext(EGLDisplay dpy, EGLConfig config,
                             EGLContext share_context,
                             const EGLint *attrib_list);
EGLBoolean egl_DestroyContext(EGLDisplay dpy, EGLContext ctx);
EGLBoolean egl_MakeCurrent(EGLDisplay dpy, EGLSurface draw, EGLSurface read,
                           EGLContext ctx);
EGLBoolean egl_QueryContext(EGLDisplay dpy, EGLContext ctx, EGLint attribute,
                            EGLint *value);
EGLBoolean egl_WaitClient(void);
EGLBoolean egl_WaitGL(void);
EGLBoolean egl_WaitNative(EGLint engine);
EGLBoolean egl_ReleaseThread(void);

EGLSurface egl_CreatePbufferSurface(EGLDisplay dpy, EGLConfig config,
                                    const EGLint *attrib_list);
EGLSurface egl_CreateWindowSurface(EGLDisplay dpy, EGLConfig config,
                                   EGLNativeWindowType win,
                                   const EGLint *attrib_list);
EGLSurface egl_CreatePixmapSurface(EGLDisplay dpy, EGLConfig config,
                                   EGLNativePixmapType pixmap,
                                   const EGLint *attrib_list);
EGLSurface egl_CreatePlatformWindowSurface(EGLDisplay dpy, EGLConfig config,
                                           void *native_window,
                                           const EGLAttrib *attrib_list);
EGLSurface egl_CreatePlatformPixmapSurface(EGLDisplay dpy, EGLConfig config,
                                           void *native_pixmap,
                                           const EGLAttrib *attrib_list);
EGLSurface egl_CreatePlatformWindowSurfaceEXT(EGLDisplay dpy, EGLConfig config,
                                              void *native_window,
                                              const EGLint *attrib_list);
EGLSurface egl_CreatePlatformPixmapSurfaceEXT(EGLDisplay dpy, EGLConfig config,
                                              void *native_pixmap,
                                              const EGLint *attrib_list);
EGLSurface egl_CreatePbufferFromClientBuffer(EGLDisplay dpy, EGLenum buftype,
                                             EGLClientBuffer buffer,
                                             EGLConfig config,
                                             const EGLint *attrib_list);
EGLBoolean egl_DestroySurface(EGLDisplay dpy, EGLSurface surface);
EGLBoolean egl_QuerySurface(EGLDisplay dpy, EGLSurface surface,
                            EGLint attribute, EGLint *value);
EGLBoolean egl_SurfaceAttrib(EGLDisplay dpy, EGLSurface surface,
                             EGLint attribute, EGLint value);
EGLBoolean egl_SwapBuffers(EGLDisplay dpy, EGLSurface surface);
EGLBoolean egl_SwapInterval(EGLDisplay dpy, EGLint interval);
EGLBoolean egl_CopyBuffers(EGLDisplay dpy, EGLSurface surface,
                           EGLNativePixmapType target);
EGLBoolean egl_BindTexImage(EGLDisplay dpy, EGLSurface surface, EGLint buffer);
EGLBoolean egl_ReleaseTexImage(EGLDisplay dpy, EGLSurface surface,
                               EGLint buffer);

EGLSync egl_CreateSync(EGLDisplay dpy, EGLenum type,
                       const EGLAttrib *attrib_list);
EGLBoolean egl_DestroySync(EGLDisplay dpy, EGLSync sync);
EGLint egl_ClientWaitSync(EGLDisplay dpy, EGLSync sync, EGLint flags,
                          EGLTime timeout);
EGLBoolean egl_WaitSync(EGLDisplay dpy, EGLSync sync, EGLint flags);
EGLBoolean egl_GetSyncAttrib(EGLDisplay dpy, EGLSync sync, EGLint attribute,
                             EGLAttrib *value);

EGLSyncKHR egl_CreateSyncKHR(EGLDisplay dpy, EGLenum type,
                             const EGLint *attrib_list);
EGLBoolean egl_DestroySyncKHR(EGLDisplay dpy, EGLSyncKHR sync);
EGLint egl_ClientWaitSyncKHR(EGLDisplay dpy, EGLSyncKHR sync, EGLint flags,
                             EGLTimeKHR timeout);
EGLint egl_WaitSyncKHR(EGLDisplay dpy, EGLSyncKHR sync, EGLint flags);
EGLBoolean egl_GetSyncAttribKHR(EGLDisplay dpy, EGLSyncKHR sync,
                                EGLint attribute, EGLint *value);

#endif
