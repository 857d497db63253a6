/* SPDX-License-Identifier: MIT */

/*
 * The screen of libGLX_indium: the CPU driver (the hardware drivers will
 * choose theirs here by device).
 */
#include "glx_target.h"
#include "sw_public.h"

struct pipe_screen *
glx_target_create_screen(void)
{
   return sw_screen_create();
}
