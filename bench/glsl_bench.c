/* SPDX-License-Identifier: MIT */

/*
 * GLSL compile benchmark (reports, asserts nothing): compiles the vertex
 * and fragment shaders of Piglit's shader_test files of the GLSL 1.10 to
 * 3.30 and ESSL 1.00/3.00 folders with glsl_compile_shader() and prints
 * shaders per second, how many compiled and how many failed.
 *
 * Shaders are extracted once, before timing: the text of each
 * "[vertex shader]" or "[fragment shader]" section up to the next section
 * header; a file whose [require] section names "GLSL ES" is compiled for
 * an ES context, and a shader without #version gets the version of the
 * [require] section, as Piglit's shader_runner does.  The whole set is compiled --repeat times (default 3)
 * and the best run is reported, to keep the page cache and the first
 * run's allocations out of the figure.
 *
 *   glsl_bench [--piglit DIR] [--repeat N]
 */
#define _XOPEN_SOURCE 700
#include <ftw.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "glsl_compiler.h"
#include "util/u_time.h"

struct shader_src {
   enum ir_stage stage;
   bool es;
   char *text;
};

static struct shader_src *shaders;
static unsigned num_shaders, cap_shaders;

static const char *const folders[] = {
   "glsl-1.10", "glsl-1.20", "glsl-1.30",    "glsl-1.40",
   "glsl-1.50", "glsl-3.30", "glsl-es-1.00", "glsl-es-3.00",
};

static char *
read_file(const char *path)
{
   FILE *f = fopen(path, "rb");
   if (!f)
      return NULL;
   fseek(f, 0, SEEK_END);
   long n = ftell(f);
   fseek(f, 0, SEEK_SET);
   char *buf = n >= 0 ? malloc((size_t)n + 1) : NULL;
   if (buf) {
      size_t got = fread(buf, 1, (size_t)n, f);
      buf[got] = '\0';
   }
   fclose(f);
   return buf;
}

static void
add_shader(enum ir_stage stage, bool es, unsigned version, const char *start,
           size_t len)
{
   if (num_shaders == cap_shaders) {
      cap_shaders = cap_shaders ? 2 * cap_shaders : 1024;
      shaders = realloc(shaders, cap_shaders * sizeof(*shaders));
      if (!shaders)
         exit(1);
   }
   struct shader_src *s = &shaders[num_shaders++];
   s->stage = stage;
   s->es = es;
   char *body = strndup(start, len);
   if (body && version && !strstr(body, "#version") &&
       !(es && version == 100)) {
      size_t n = len + 32;
      s->text = malloc(n);
      if (s->text)
         snprintf(s->text, n, "#version %u%s\n%s", version, es ? " es" : "",
                  body);
      free(body);
   } else {
      s->text = body;
   }
}

static int
visit(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
   (void)st;
   (void)ftw;
   size_t n = strlen(path);
   if (type != FTW_F || n < 12 || strcmp(path + n - 12, ".shader_test"))
      return 0;
   char *text = read_file(path);
   if (!text)
      return 0;
   bool es = strstr(text, "GLSL ES") != NULL;
   /* shader_runner puts "#version N" before a shader that has none, N
    * from the [require] line "GLSL >= 1.30" / "GLSL ES >= 3.00". */
   unsigned version = 0;
   const char *req = strstr(text, es ? "GLSL ES >=" : "GLSL >=");
   if (req) {
      unsigned major = 0, minor = 0;
      req = strchr(req, '=') + 1;
      if (sscanf(req, "%u.%u", &major, &minor) == 2)
         version = major * 100 + minor;
   }
   /* Walk the section headers: lines starting with '['. */
   const char *p = text;
   while ((p = strchr(p, '['))) {
      if (p != text && p[-1] != '\n') {
         p++;
         continue;
      }
      enum ir_stage stage;
      const char *body;
      if (!strncmp(p, "[vertex shader]", 15)) {
         stage = IR_STAGE_VERTEX;
         body = p + 15;
      } else if (!strncmp(p, "[fragment shader]", 17)) {
         stage = IR_STAGE_FRAGMENT;
         body = p + 17;
      } else {
         p++;
         continue;
      }
      const char *end = body;
      while ((end = strchr(end, '[')) && end[-1] != '\n')
         end++;
      if (!end)
         end = body + strlen(body);
      add_shader(stage, es, version, body, (size_t)(end - body));
      p = end;
   }
   free(text);
   return 0;
}

int
main(int argc, char **argv)
{
   const char *piglit = "/usr/lib/x86_64-linux-gnu/piglit";
   unsigned repeat = 3;
   for (int i = 1; i < argc; i++) {
      if (!strcmp(argv[i], "--piglit") && i + 1 < argc)
         piglit = argv[++i];
      else if (!strcmp(argv[i], "--repeat") && i + 1 < argc)
         repeat = (unsigned)atoi(argv[++i]);
   }
   for (unsigned i = 0; i < sizeof(folders) / sizeof(folders[0]); i++) {
      char dir[4096];
      snprintf(dir, sizeof(dir), "%s/tests/spec/%s", piglit, folders[i]);
      nftw(dir, visit, 16, FTW_PHYS);
   }
   if (num_shaders == 0) {
      fprintf(stderr, "no shader_test files under %s\n", piglit);
      return 1;
   }

   double best = 0;
   unsigned ok = 0;
   for (unsigned r = 0; r < (repeat ? repeat : 1); r++) {
      ok = 0;
      int64_t t0 = u_time_ns();
      for (unsigned i = 0; i < num_shaders; i++) {
         const struct shader_src *s = &shaders[i];
         struct glsl_compile_options o = {
            .es = s->es,
            .max_version = s->es ? 300 : 330,
            .context_profile = GLSL_PROFILE_COMPAT,
         };
         const char *src[1] = { s->text };
         struct glsl_shader *sh = glsl_compile_shader(s->stage, src, 1, &o);
         ok += sh && sh->ok;
         glsl_shader_destroy(sh);
      }
      double secs = u_time_seconds_since(t0);
      if (r == 0 || secs < best)
         best = secs;
   }
   printf("glsl compile: %u shaders (%u compiled, %u failed) in %.3f s: "
          "%.0f shaders/s\n",
          num_shaders, ok, num_shaders - ok, best, num_shaders / best);
   for (unsigned i = 0; i < num_shaders; i++)
      free(shaders[i].text);
   free(shaders);
   return 0;
}
