/* SPDX-License-Identifier: MIT */

/*
 * The screen of libEGL_indium: the CPU driver (the hardware drivers will
 * choose theirs here by device).
 */
#include "egl_target.h"
#include "sw_public.h"

struct pipe_screen *
egl_target_create_screen(void)
{
   return sw_screen_create();
}
