/* SPDX-License-Identifier: MIT */

/*
 * A deep copy of a whole shader (ir_shader_clone()), for owners that must
 * hand a shader to someone who will change or free it: the linker copies
 * the compiled shaders, the state tracker gives each driver its own copy.
 *
 * The copy goes through the text form.  Printing and parsing round-trip
 * exactly (the printer's canonical numbering aside, which changes no
 * meaning), so this needs no second walker over every kind of instruction
 * and stays right as the IR grows; the cost, a few microseconds per
 * hundred instructions, is paid once per program, not per draw.
 */
#include "compiler/ir/ir.h"
#include "util/u_arena.h"

struct ir_shader *
ir_shader_clone(struct u_arena *parent, const struct ir_shader *shader)
{
   struct u_arena *scratch = u_arena_create(NULL);
   if (!scratch)
      return NULL;
   struct ir_shader *copy = NULL;
   char *text = ir_shader_to_string(shader, scratch);
   if (text)
      copy = ir_parse(parent, text, NULL);
   u_arena_destroy(scratch);
   return copy;
}
