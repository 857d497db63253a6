/* SPDX-License-Identifier: MIT */

/*
 * gl_bench: offscreen GL microbenchmarks, one workload a run, for any
 * EGL vendor glvnd selects (Indium, Mesa's llvmpipe or softpipe): the
 * program links libEGL and libOpenGL and knows nothing of Indium.
 *
 *   gl_bench WORKLOAD [--size N] [--iterations N] [--shaders FILE]
 *   gl_bench list
 *
 * A context (OpenGL 3.3 core; the compile workload adds a compatibility
 * one) is made current without a surface on the surfaceless platform
 * (EGL_MESA_platform_surfaceless) and draws into a framebuffer object of
 * N x N (default 1024) RGBA8 colour and depth/stencil.  Each workload
 * does a fixed amount of work (deterministic: no random input, no
 * time-bounded loops): one untimed iteration first (shader compilation,
 * llvmpipe's code generation, first-touch allocations), then
 * --iterations timed ones ended by glFinish.  It prints one line
 *
 *   BENCH {"workload": ..., "value": ..., "unit": ..., "seconds": ...,
 *          "iterations": ..., "checksum": ..., "renderer": ...}
 *
 * (JSON; bench/run.py reads it), the checksum being of the framebuffer
 * after the run, so that drivers drawing different pictures show.
 * Exit status 0 on success, 1 when the workload cannot run, 2 on usage.
 */
#define _POSIX_C_SOURCE 200809L
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gl_bench.h"
#include "gl_bench_draw.h"

struct egl_state {
   EGLDisplay dpy;
   EGLConfig config;
   EGLContext core, compat;
};

static struct egl_state egl;

double
gl_bench_now(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static EGLContext
make_context(bool compat)
{
   const EGLint core_attribs[] = {
      EGL_CONTEXT_MAJOR_VERSION,
      3,
      EGL_CONTEXT_MINOR_VERSION,
      3,
      EGL_CONTEXT_OPENGL_PROFILE_MASK,
      EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
      EGL_NONE,
   };
   const EGLint compat_attribs[] = { EGL_NONE };
   return eglCreateContext(egl.dpy, egl.config, EGL_NO_CONTEXT,
                           compat ? compat_attribs : core_attribs);
}

static bool
egl_init(void)
{
   egl.dpy = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA,
                                   EGL_DEFAULT_DISPLAY, NULL);
   if (egl.dpy == EGL_NO_DISPLAY || !eglInitialize(egl.dpy, NULL, NULL)) {
      fprintf(stderr, "gl_bench: no surfaceless EGL display (0x%x)\n",
              eglGetError());
      return false;
   }
   const EGLint attribs[] = {
      EGL_SURFACE_TYPE,
      EGL_PBUFFER_BIT,
      EGL_RENDERABLE_TYPE,
      EGL_OPENGL_BIT,
      EGL_RED_SIZE,
      8,
      EGL_GREEN_SIZE,
      8,
      EGL_BLUE_SIZE,
      8,
      EGL_NONE,
   };
   EGLint n = 0;
   if (!eglChooseConfig(egl.dpy, attribs, &egl.config, 1, &n) || n < 1 ||
       !eglBindAPI(EGL_OPENGL_API)) {
      fprintf(stderr, "gl_bench: no desktop GL config (0x%x)\n", eglGetError());
      return false;
   }
   egl.core = make_context(false);
   if (egl.core == EGL_NO_CONTEXT ||
       !eglMakeCurrent(egl.dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, egl.core)) {
      fprintf(stderr, "gl_bench: no OpenGL 3.3 core context (0x%x)\n",
              eglGetError());
      return false;
   }
   return true;
}

static void
egl_fini(void)
{
   eglMakeCurrent(egl.dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   if (egl.compat != EGL_NO_CONTEXT)
      eglDestroyContext(egl.dpy, egl.compat);
   eglDestroyContext(egl.dpy, egl.core);
   eglTerminate(egl.dpy);
}

/* The compile workload's context switch (the compatibility context is
 * made on first use). */
static bool
use_context(bool compat)
{
   if (compat && egl.compat == EGL_NO_CONTEXT) {
      egl.compat = make_context(true);
      if (egl.compat == EGL_NO_CONTEXT)
         return false;
   }
   return eglMakeCurrent(egl.dpy, EGL_NO_SURFACE, EGL_NO_SURFACE,
                         compat ? egl.compat : egl.core);
}

GLuint
gl_bench_program(const char *vs, const char *fs, bool quiet)
{
   const char *src[2] = { vs, fs };
   const GLenum stage[2] = { GL_VERTEX_SHADER, GL_FRAGMENT_SHADER };
   GLuint prog = glCreateProgram();
   for (unsigned i = 0; i < 2; i++) {
      GLuint sh = glCreateShader(stage[i]);
      glShaderSource(sh, 1, &src[i], NULL);
      glCompileShader(sh);
      glAttachShader(prog, sh);
      glDeleteShader(sh);
   }
   glLinkProgram(prog);
   GLint ok = GL_FALSE;
   glGetProgramiv(prog, GL_LINK_STATUS, &ok);
   if (!ok) {
      if (!quiet) {
         char log[1024] = "";
         glGetProgramInfoLog(prog, sizeof(log), NULL, log);
         fprintf(stderr, "gl_bench: link failed: %s\n", log);
      }
      glDeleteProgram(prog);
      return 0;
   }
   return prog;
}

uint32_t
gl_bench_checksum(unsigned size)
{
   size_t bytes = (size_t)size * size * 4;
   unsigned char *pixels = malloc(bytes);
   if (!pixels)
      return 0;
   glPixelStorei(GL_PACK_ALIGNMENT, 1);
   glReadPixels(0, 0, size, size, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
   uint32_t h = 2166136261u;
   for (size_t i = 0; i < bytes; i++)
      h = (h ^ pixels[i]) * 16777619u;
   free(pixels);
   return h;
}

/* Prints @p s as a JSON string. */
static void
print_json_string(const char *s)
{
   putchar('"');
   for (; s && *s; s++) {
      if (*s == '"' || *s == '\\')
         printf("\\%c", *s);
      else if ((unsigned char)*s < 0x20)
         printf("\\u%04x", *s);
      else
         putchar(*s);
   }
   putchar('"');
}

static void
usage(void)
{
   fprintf(stderr, "usage: gl_bench WORKLOAD [--size N] [--iterations N] "
                   "[--shaders FILE]\n       gl_bench list\n");
}

static bool
parse_args(int argc, char **argv, struct gl_bench_options *opts)
{
   for (int i = 2; i < argc; i++) {
      const char *arg = argv[i];
      if (i + 1 >= argc) {
         usage();
         return false;
      }
      const char *val = argv[++i];
      char *end;
      unsigned long n = strtoul(val, &end, 10);
      if (!strcmp(arg, "--shaders")) {
         opts->shaders = val;
         continue;
      }
      if (*end || n < 1 || n > 1000000) {
         fprintf(stderr, "gl_bench: bad value '%s' for %s\n", val, arg);
         return false;
      }
      if (!strcmp(arg, "--size") && n <= 4096) {
         opts->size = n;
      } else if (!strcmp(arg, "--iterations")) {
         opts->iterations = n;
      } else {
         usage();
         return false;
      }
   }
   return true;
}

int
main(int argc, char **argv)
{
   if (argc < 2) {
      usage();
      return 2;
   }
   const char *name = argv[1];
   if (!strcmp(name, "list")) {
      for (unsigned i = 0; i < gl_bench_num_workloads; i++)
         printf("%s\n", gl_bench_workloads[i].name);
      printf("compile\n");
      return 0;
   }
   const struct gl_bench_workload *w = NULL;
   for (unsigned i = 0; i < gl_bench_num_workloads; i++) {
      if (!strcmp(gl_bench_workloads[i].name, name))
         w = &gl_bench_workloads[i];
   }
   bool compile = !strcmp(name, "compile");
   if (!w && !compile) {
      fprintf(stderr, "gl_bench: unknown workload '%s'\n", name);
      return 2;
   }
   struct gl_bench_options opts = { .size = 1024 };
   if (!parse_args(argc, argv, &opts))
      return 2;
   if (compile && !opts.shaders) {
      fprintf(stderr, "gl_bench: compile needs --shaders FILE\n");
      return 2;
   }
   if (!egl_init())
      return 1;

   /* Read before the compile workload switches contexts. */
   char renderer[256];
   snprintf(renderer, sizeof(renderer), "%s",
            (const char *)glGetString(GL_RENDERER));

   struct gl_bench_result res = { 0 };
   bool ok;
   unsigned iterations = opts.iterations;
   if (compile) {
      iterations = 1;
      ok = gl_bench_compile(&opts, use_context, &res);
   } else {
      if (!iterations)
         iterations = w->iterations;
      opts.iterations = iterations;
      ok = gl_bench_draw_run(w, &opts, &res);
   }
   egl_fini();
   if (!ok)
      return 1;

   printf("BENCH {\"workload\": ");
   print_json_string(name);
   printf(", \"value\": %.6g, \"unit\": ", res.work / res.scale / res.seconds);
   print_json_string(res.unit);
   printf(", \"seconds\": %.6f, \"iterations\": %u, \"size\": %u, "
          "\"checksum\": \"%08x\", \"ok\": %u, \"failed\": %u, "
          "\"renderer\": ",
          res.seconds, iterations, opts.size, res.checksum, res.ok, res.failed);
   print_json_string(renderer);
   printf("}\n");
   return 0;
}
