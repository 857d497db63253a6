/* SPDX-License-Identifier: MIT */

/*
 * libFuzzer target over the GLSL front end: every input is one shader.
 *
 * The first byte chooses the context and stage: bits 0-1 the stage
 * (vertex, geometry, fragment; 3 also means fragment), bit 2 an ES
 * context, bit 3 a compatibility-profile context; the rest of the input is
 * the source text (NUL bytes end it early, as glShaderSource's strings
 * would).  The shader is compiled and, when that succeeds, linked alone,
 * so the preprocessor, lexer, parser, analysis, built-ins, translation to
 * IR and linker all see the input.  Nothing is checked beyond "no crash,
 * no hang, no sanitizer report": the point is robustness on any input.
 *
 * tests/fuzz/run-fuzz.sh builds this with clang's -fsanitize=fuzzer and
 * runs it; glsl_fuzz_replay.c runs the same entry point on files, which
 * the test suite uses to replay the committed corpus.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "glsl_compiler.h"
#include "glsl_link.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
   if (size < 1)
      return 0;
   static const enum ir_stage stages[4] = { IR_STAGE_VERTEX, IR_STAGE_GEOMETRY,
                                            IR_STAGE_FRAGMENT,
                                            IR_STAGE_FRAGMENT };
   uint8_t mode = data[0];
   char *source = malloc(size);
   if (!source)
      return 0;
   memcpy(source, data + 1, size - 1);
   source[size - 1] = '\0';

   struct glsl_compile_options o = {
      .es = (mode & 4) != 0,
      .max_version = (mode & 4) ? 300 : 330,
      .context_profile = (mode & 8) ? GLSL_PROFILE_COMPAT : GLSL_PROFILE_CORE,
   };
   const char *sources[1] = { source };
   struct glsl_shader *sh =
      glsl_compile_shader(stages[mode & 3], sources, 1, &o);
   if (sh && sh->ok) {
      struct glsl_program *prog = glsl_link_program(&sh, 1, NULL);
      glsl_program_destroy(prog);
   }
   glsl_shader_destroy(sh);
   free(source);
   return 0;
}
