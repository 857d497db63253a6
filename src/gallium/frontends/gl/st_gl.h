/* SPDX-License-Identifier: MIT */

/* The GL types and enums the state tracker uses: the Khronos headers of
 * Debian's libgl-dev, without their prototypes (the entry points are
 * generated from gl.xml: glapi/). */
#ifndef ST_GL_H
#define ST_GL_H

#include <GL/gl.h>
#include <GL/glext.h>

/* OES_compressed_ETC1_RGB8_texture (GLES2/gl2ext.h, not in glext.h). */
#ifndef GL_ETC1_RGB8_OES
#define GL_ETC1_RGB8_OES 0x8D64
#endif

#endif
