/* SPDX-License-Identifier: MIT */

/*
 * indium-compile: the standalone GLSL compiler.
 *
 *   indium-compile [--version N] [--es] [--profile core|compat]
 *                  [--stage vert|geom|frag] [--link] [--print-ir]
 *                  [--print-ast] FILE...
 *   indium-compile --list-extensions
 *
 * Compiles each FILE as a shader of the stage named by --stage or by its
 * extension (.vert, .geom, .frag) for a simulated context whose highest
 * GLSL version is N (default 330, or 300 with --es; a source asking for
 * more fails as it would there) and whose profile is --profile.  The
 * default is core, as in the GL 3.1+ contexts Piglit tests GLSL 1.40 in:
 * a 1.40 shader then has no compatibility built-ins; before 1.40 they
 * always exist, and from 1.50 on "#version N compatibility" asks for
 * them.  Info logs go to stderr, prefixed with the file name; the exit
 * status is 0 when every file compiled (and, with --link, the program
 * linked), 1 otherwise, 2 on a usage error.
 *
 * --link links all the files into one program with glsl_link_program()
 * when the linker is built into libglsl (INDIUM_COMPILE_HAVE_LINKER, set
 * by meson); without it, --link checks only that some shader defines
 * main(), the one link rule a single compile cannot check.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compiler/ir/ir.h"
#include "glsl_compiler.h"
#include "util/u_arena.h"
#include "util/u_strbuf.h"
#ifdef INDIUM_COMPILE_HAVE_LINKER
#include "glsl_link.h"
#endif

struct args {
   unsigned version;
   bool es;
   enum glsl_profile profile;
   int stage; /* -1: from the extension */
   bool link;
   bool print_ir;
   bool print_ast;
   bool list_extensions;
   const char **files;
   unsigned num_files;
};

static void
usage(FILE *out)
{
   fprintf(out, "usage: indium-compile [--version N] [--es] "
                "[--profile core|compat]\n"
                "                      [--stage vert|geom|frag] [--link] "
                "[--print-ir] [--print-ast] FILE...\n"
                "       indium-compile --list-extensions\n");
}

static int
stage_from_name(const char *name)
{
   if (strcmp(name, "vert") == 0)
      return IR_STAGE_VERTEX;
   if (strcmp(name, "geom") == 0)
      return IR_STAGE_GEOMETRY;
   if (strcmp(name, "frag") == 0)
      return IR_STAGE_FRAGMENT;
   return -1;
}

static int
stage_from_path(const char *path)
{
   const char *dot = strrchr(path, '.');
   return dot ? stage_from_name(dot + 1) : -1;
}

/* Returns false on a usage error. */
static bool
parse_args(int argc, char **argv, struct args *a)
{
   a->stage = -1;
   a->files = calloc((size_t)argc, sizeof(*a->files));
   if (!a->files)
      return false;
   for (int i = 1; i < argc; i++) {
      const char *arg = argv[i];
      if (strcmp(arg, "--version") == 0 && i + 1 < argc) {
         char *end;
         unsigned long v = strtoul(argv[++i], &end, 10);
         if (*end || v == 0 || v > 1000)
            return false;
         a->version = (unsigned)v;
      } else if (strcmp(arg, "--es") == 0) {
         a->es = true;
      } else if (strcmp(arg, "--profile") == 0 && i + 1 < argc) {
         const char *p = argv[++i];
         if (strcmp(p, "core") == 0)
            a->profile = GLSL_PROFILE_CORE;
         else if (strcmp(p, "compat") == 0)
            a->profile = GLSL_PROFILE_COMPAT;
         else
            return false;
      } else if (strcmp(arg, "--stage") == 0 && i + 1 < argc) {
         a->stage = stage_from_name(argv[++i]);
         if (a->stage < 0)
            return false;
      } else if (strcmp(arg, "--link") == 0) {
         a->link = true;
      } else if (strcmp(arg, "--print-ir") == 0) {
         a->print_ir = true;
      } else if (strcmp(arg, "--print-ast") == 0) {
         a->print_ast = true;
      } else if (strcmp(arg, "--list-extensions") == 0) {
         a->list_extensions = true;
      } else if (arg[0] == '-' && arg[1]) {
         return false;
      } else {
         a->files[a->num_files++] = arg;
      }
   }
   return a->num_files > 0 || a->list_extensions;
}

static char *
read_file(const char *path)
{
   FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
   if (!f)
      return NULL;
   size_t cap = 4096, len = 0;
   char *buf = malloc(cap);
   while (buf) {
      if (len + 1 >= cap) {
         char *grown = realloc(buf, cap * 2);
         if (!grown) {
            free(buf);
            buf = NULL;
            break;
         }
         buf = grown;
         cap *= 2;
      }
      size_t n = fread(buf + len, 1, cap - len - 1, f);
      if (n == 0)
         break;
      len += n;
   }
   if (buf)
      buf[len] = '\0';
   if (f != stdin)
      fclose(f);
   return buf;
}

/* Prints each line of @p log to stderr after "@p path: ". */
static void
print_log(const char *path, const char *log)
{
   while (log && *log) {
      const char *nl = strchr(log, '\n');
      int len = nl ? (int)(nl - log) : (int)strlen(log);
      fprintf(stderr, "%s: %.*s\n", path, len, log);
      log += len + (nl ? 1 : 0);
   }
}

#ifndef INDIUM_COMPILE_HAVE_LINKER
static bool
defines_main(const struct glsl_shader *sh)
{
   for (unsigned i = 0; i < sh->num_functions; i++) {
      const struct glsl_symbol *f = sh->functions[i];
      if (strcmp(f->name, "main") != 0)
         continue;
      for (const struct glsl_function_sig *s = f->sigs; s; s = s->next) {
         if (s->definition)
            return true;
      }
   }
   return false;
}
#endif

static bool
link_shaders(struct glsl_shader **shaders, unsigned count)
{
#ifdef INDIUM_COMPILE_HAVE_LINKER
   struct glsl_program *prog =
      glsl_link_program((struct glsl_shader *const *)shaders, count, NULL);
   if (!prog) {
      fprintf(stderr, "link: out of memory\n");
      return false;
   }
   bool ok = prog->ok;
   print_log("link", prog->info_log);
   glsl_program_destroy(prog);
   return ok;
#else
   for (unsigned i = 0; i < count; i++) {
      if (defines_main(shaders[i]))
         return true;
   }
   fprintf(stderr, "link: error: no shader defines main()\n");
   return false;
#endif
}

int
main(int argc, char **argv)
{
   struct args a = { 0 };
   if (!parse_args(argc, argv, &a)) {
      usage(stderr);
      free(a.files);
      return 2;
   }

   if (a.list_extensions) {
      for (const char *const *e = glsl_supported_extensions(); *e; e++)
         printf("%s\n", *e);
      free(a.files);
      return 0;
   }

   struct glsl_compile_options opts = {
      .max_version = a.version ? a.version : (a.es ? 300 : 330),
      .es = a.es,
      .context_profile = a.profile ? a.profile : GLSL_PROFILE_CORE,
   };
   struct glsl_shader **shaders = calloc(a.num_files, sizeof(*shaders));
   bool ok = shaders != NULL;
   for (unsigned i = 0; ok && i < a.num_files; i++) {
      const char *path = a.files[i];
      int stage = a.stage >= 0 ? a.stage : stage_from_path(path);
      if (stage < 0) {
         fprintf(stderr,
                 "%s: unknown stage (use --stage or a .vert, .geom "
                 "or .frag file)\n",
                 path);
         ok = false;
         break;
      }
      char *src = read_file(path);
      if (!src) {
         fprintf(stderr, "%s: cannot read the file\n", path);
         ok = false;
         break;
      }
      const char *sources[] = { src };
      shaders[i] = glsl_compile_shader(stage, sources, 1, &opts);
      free(src);
      if (!shaders[i]) {
         fprintf(stderr, "%s: out of memory\n", path);
         ok = false;
         break;
      }
      print_log(path, shaders[i]->info_log);
      if (!shaders[i]->ok)
         ok = false;
      if (a.print_ast && shaders[i]->ast) {
         struct u_strbuf out;
         u_strbuf_init(&out, NULL);
         glsl_ast_print(shaders[i]->ast, &out);
         fputs(out.str, stdout);
         u_strbuf_fini(&out);
      }
      if (a.print_ir && shaders[i]->ir) {
         struct u_strbuf out;
         u_strbuf_init(&out, NULL);
         ir_print_shader(shaders[i]->ir, &out);
         fputs(out.str, stdout);
         u_strbuf_fini(&out);
      }
   }
   if (ok && a.link)
      ok = link_shaders(shaders, a.num_files);

   for (unsigned i = 0; shaders && i < a.num_files; i++)
      glsl_shader_destroy(shaders[i]);
   free(shaders);
   free(a.files);
   return ok ? 0 : 1;
}
