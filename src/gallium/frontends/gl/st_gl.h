/* SPDX-License-Identifier: MIT */

/* The GL types and enums the state tracker uses: the Khronos headers of
 * Debian's libgl-dev, without their prototypes (the entry points are
 * generated from gl.xml: glapi/). */
#ifndef ST_GL_H
#define ST_GL_H

#include <GL/gl.h>
#include <GL/glext.h>

#endif
