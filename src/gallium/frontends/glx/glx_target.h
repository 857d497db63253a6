/* SPDX-License-Identifier: MIT */

/*
 * What the GLX frontend needs from the library it is linked into: the
 * pipe screen.  Each target (in src/gallium/targets) implements this.
 */
#ifndef GLX_TARGET_H
#define GLX_TARGET_H

struct pipe_screen;

/** Creates the process's pipe screen (called once, by the first GLX call
 * that needs it); NULL if no driver can be loaded. */
struct pipe_screen *glx_target_create_screen(void);

#endif
