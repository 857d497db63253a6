/* SPDX-License-Identifier: MIT */

/*
 * gl_bench's compile workload: compiles and links, through the GL API,
 * every vertex/fragment pair of a shader pair file (bench/shader_pairs.py
 * writes it from Piglit's shader_test files), and reports programs per
 * second.  The file is a list of records
 *
 *   @@program compat|core NAME
 *   @@vertex
 *   ...GLSL...
 *   @@fragment
 *   ...GLSL...
 *
 * A "compat" record is built in a compatibility context (GLSL 1.10 to
 * 1.30), a "core" one in the OpenGL 3.3 core context (1.40, 1.50).  The
 * whole file is read and split before timing; the time is that of
 * glCreateShader ... glLinkProgram and the link status query of every
 * program, plus the context switches (records come grouped by context).
 * A driver may defer work past the link (llvmpipe generates its code at
 * the first draw); that is not measured.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gl_bench.h"

struct pair {
   bool compat;
   const char *vs, *fs;
};

static char *
read_all(const char *path)
{
   FILE *f = fopen(path, "rb");
   if (!f)
      return NULL;
   char *buf = NULL;
   size_t len = 0, cap = 0;
   for (;;) {
      if (len + 4096 + 1 > cap) {
         cap = cap ? cap * 2 : 65536;
         char *grown = realloc(buf, cap);
         if (!grown) {
            free(buf);
            fclose(f);
            return NULL;
         }
         buf = grown;
      }
      size_t n = fread(buf + len, 1, 4096, f);
      len += n;
      if (n < 4096)
         break;
   }
   fclose(f);
   buf[len] = '\0';
   return buf;
}

/* Splits @p text in place into pairs; returns how many (or -1). */
static int
split_pairs(char *text, struct pair **out)
{
   size_t cap = 256, n = 0;
   struct pair *pairs = malloc(cap * sizeof(*pairs));
   char **section = NULL;
   char *line = text;
   while (pairs && line && *line) {
      char *next = strchr(line, '\n');
      if (next)
         *next++ = '\0';
      if (strncmp(line, "@@", 2) != 0) {
         if (next)
            next[-1] = '\n'; /* ordinary line: keep it */
         line = next;
         continue;
      }
      *line = '\0'; /* ends the previous section's text */
      if (!strncmp(line + 2, "program ", 8)) {
         if (n == cap) {
            struct pair *grown = realloc(pairs, 2 * cap * sizeof(*pairs));
            if (!grown)
               break;
            pairs = grown;
            cap *= 2;
         }
         pairs[n].compat = !strncmp(line + 10, "compat", 6);
         pairs[n].vs = pairs[n].fs = "";
         n++;
         section = NULL;
      } else if (n && !strcmp(line + 2, "vertex")) {
         section = (char **)&pairs[n - 1].vs;
      } else if (n && !strcmp(line + 2, "fragment")) {
         section = (char **)&pairs[n - 1].fs;
      }
      if (section && next)
         *section = next;
      line = next;
   }
   if (!pairs)
      return -1;
   *out = pairs;
   return (int)n;
}

bool
gl_bench_compile(const struct gl_bench_options *opts,
                 bool (*use_context)(bool compat), struct gl_bench_result *res)
{
   char *text = read_all(opts->shaders);
   if (!text) {
      fprintf(stderr, "gl_bench: cannot read %s\n", opts->shaders);
      return false;
   }
   struct pair *pairs = NULL;
   int n = split_pairs(text, &pairs);
   if (n < 0) {
      free(text);
      return false;
   }
   bool ok = true;
   double start = gl_bench_now();
   int current = -1;
   for (int i = 0; i < n && ok; i++) {
      if (current != pairs[i].compat) {
         current = pairs[i].compat;
         if (!use_context(pairs[i].compat)) {
            fprintf(stderr, "gl_bench: no %s context\n",
                    pairs[i].compat ? "compatibility" : "core");
            ok = false;
            break;
         }
      }
      GLuint prog = gl_bench_program(pairs[i].vs, pairs[i].fs, true);
      if (prog) {
         res->ok++;
         glDeleteProgram(prog);
      } else {
         res->failed++;
      }
   }
   glFinish();
   res->seconds = gl_bench_now() - start;
   res->work = n;
   res->scale = 1;
   res->unit = "programs/s";
   free(pairs);
   free(text);
   return ok;
}
