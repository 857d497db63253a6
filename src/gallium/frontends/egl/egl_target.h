/* SPDX-License-Identifier: MIT */

/*
 * What the EGL frontend needs from the library it is linked into: the
 * pipe screen.  Each target (in src/gallium/targets) implements this.
 */
#ifndef EGL_TARGET_H
#define EGL_TARGET_H

struct pipe_screen;

/** Creates the process's pipe screen (called once, by the first
 * eglInitialize); NULL if no driver can be loaded. */
struct pipe_screen *egl_target_create_screen(void);

#endif
