/* SPDX-License-Identifier: MIT */

/*
 * indium-ir: reads IR text, runs passes, prints the result; evaluates a
 * shader on given inputs; runs golden test files.
 *
 *   indium-ir [--passes=a,b:arg,...] [--exec [--in=S=v,v,v,v]...
 *             [--uniforms=v,v,...]] FILE|-
 *   indium-ir --golden FILE|DIR...
 *   indium-ir --list-passes
 *
 * A golden file holds comment lines `# passes: a,b` (the passes, run in
 * order, validating after each), the input IR, then a line `# expect:`
 * followed by the expected output IR, or a line `# expect-no-progress`
 * (the passes must report no progress and leave the text unchanged).
 * A directory stands for its *.ir files, in name order.
 * Output is compared whitespace-insensitively; the run prints TAP, one
 * case per file.
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compiler/ir/ir.h"
#include "compiler/ir/ir_exec.h"
#include "indium_ir_passes.h"
#include "util/u_arena.h"
#include "util/u_strbuf.h"

static char *
read_file(struct u_arena *arena, const char *path)
{
   FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
   if (!f)
      return NULL;
   struct u_strbuf b;
   u_strbuf_init(&b, arena);
   char buf[4096];
   size_t n;
   while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
      u_strbuf_append_len(&b, buf, n);
   if (f != stdin)
      fclose(f);
   return b.oom ? NULL : u_strbuf_steal(&b);
}

/* Runs a comma-separated pass list; returns false with a message on an
 * unknown pass or an invalid result.  *progress tells if any pass made
 * progress. */
static bool
run_passes(struct ir_shader *s, const char *list, bool *progress,
           struct u_strbuf *err)
{
   *progress = false;
   char *copy = strdup(list);
   if (!copy)
      return false;
   bool ok = true;
   char *save = NULL;
   for (char *tok = strtok_r(copy, ",", &save); tok && ok;
        tok = strtok_r(NULL, ",", &save)) {
      while (*tok == ' ')
         tok++;
      char *arg = strchr(tok, ':');
      if (arg)
         *arg++ = '\0';
      /* Pass arguments use '+' between options, since ',' separates
       * passes: lower_alu:fmod+ffma. */
      if (arg) {
         for (char *p = arg; *p; p++) {
            if (*p == '+')
               *p = ',';
         }
      }
      const struct indium_ir_pass *pass = indium_ir_find_pass(tok);
      if (!pass) {
         u_strbuf_appendf(err, "unknown pass '%s' (see --list-passes)", tok);
         ok = false;
         break;
      }
      const char *perr = NULL;
      bool p = pass->run(s, arg, &perr);
      if (perr) {
         u_strbuf_appendf(err, "pass '%s': %s", tok, perr);
         ok = false;
         break;
      }
      *progress |= p;
      char *verr = NULL;
      if (!ir_validate(s, &verr)) {
         u_strbuf_appendf(err, "invalid IR after '%s': %s", tok,
                          verr ? verr : "?");
         ok = false;
      }
   }
   free(copy);
   return ok;
}

/* Compares two texts ignoring the amount of white space (any run of
 * blanks equals one, leading and trailing blanks are ignored). */
static bool
text_equal(const char *a, const char *b)
{
   for (;;) {
      bool sa = false, sb = false;
      while (*a == ' ' || *a == '\t' || *a == '\n' || *a == '\r')
         a++, sa = true;
      while (*b == ' ' || *b == '\t' || *b == '\n' || *b == '\r')
         b++, sb = true;
      if (!*a || !*b)
         return !*a && !*b;
      if (sa != sb && *a != *b)
         return false;
      if (*a != *b)
         return false;
      a++, b++;
   }
}

/* Returns a copy of @p text without lines starting with '#' or "//". */
static char *
strip_comments(struct u_arena *arena, const char *text)
{
   struct u_strbuf b;
   u_strbuf_init(&b, arena);
   while (*text) {
      const char *eol = strchr(text, '\n');
      size_t len = eol ? (size_t)(eol - text + 1) : strlen(text);
      const char *p = text;
      while (*p == ' ' || *p == '\t')
         p++;
      if (*p != '#' && strncmp(p, "//", 2) != 0)
         u_strbuf_append_len(&b, text, len);
      text += len;
   }
   return u_strbuf_steal(&b);
}

/* One golden file; appends a diagnostic to @p why on failure. */
static bool
run_golden(const char *path, struct u_strbuf *why)
{
   struct u_arena *arena = u_arena_create(NULL);
   bool ok = false;
   char *text = arena ? read_file(arena, path) : NULL;
   if (!text) {
      u_strbuf_appendf(why, "cannot read: %s", strerror(errno));
      goto out;
   }
   char *passes = strstr(text, "# passes:");
   char *expect = strstr(text, "# expect:");
   char *no_progress = strstr(text, "# expect-no-progress");
   if (!passes || (!expect && !no_progress)) {
      u_strbuf_append(why, "needs '# passes:' and '# expect:' or "
                           "'# expect-no-progress'");
      goto out;
   }
   char *eol = strchr(passes, '\n');
   char *list = u_arena_strndup(
      arena, passes + 9, eol ? (size_t)(eol - passes - 9) : strlen(passes + 9));
   char *input_end = expect ? expect : no_progress;
   char *input = strip_comments(
      arena, u_arena_strndup(arena, text, (size_t)(input_end - text)));
   char *err = NULL;
   struct ir_shader *s = ir_parse(arena, input, &err);
   if (!s) {
      u_strbuf_appendf(why, "input does not parse: %s", err ? err : "?");
      goto out;
   }
   char *before = ir_shader_to_string(s, arena);
   bool progress;
   if (!run_passes(s, list, &progress, why))
      goto out;
   char *after = ir_shader_to_string(s, arena);
   if (no_progress) {
      ok = !progress && text_equal(before, after);
      if (!ok)
         u_strbuf_appendf(why, "expected no progress; got%s:\n%s",
                          progress ? " progress" : " a change", after);
      goto out;
   }
   char *want_text = strip_comments(arena, expect + 9);
   struct ir_shader *want = ir_parse(arena, want_text, &err);
   if (!want) {
      u_strbuf_appendf(why, "expected IR does not parse: %s", err ? err : "?");
      goto out;
   }
   /* Compare canonical forms, so the expectation may use any numbering. */
   char *want_canon = ir_shader_to_string(want, arena);
   if (!progress) {
      u_strbuf_append(why, "the passes reported no progress");
      goto out;
   }
   if (!text_equal(after, want_canon)) {
      u_strbuf_appendf(why, "got:\n%s\nexpected:\n%s", after, want_canon);
      goto out;
   }
   /* A second run must find nothing more to do. */
   if (!run_passes(s, list, &progress, why))
      goto out;
   if (progress) {
      u_strbuf_append(why, "a second run reported progress");
      goto out;
   }
   ok = true;
out:
   u_arena_destroy(arena);
   return ok;
}

static int
compare_strings(const void *a, const void *b)
{
   return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Expands directories among @p paths to their *.ir files, sorted. */
static char **
golden_files(int argc, char **argv, int *count)
{
   char **files = NULL;
   int n = 0, cap = 0;
   for (int i = 0; i < argc; i++) {
      DIR *dir = opendir(argv[i]);
      struct dirent *e;
      char **found = NULL;
      int nfound = 0, capfound = 0;
      if (!dir) {
         found = malloc(sizeof(*found));
         found[nfound++] = strdup(argv[i]);
      }
      while (dir && (e = readdir(dir))) {
         size_t len = strlen(e->d_name);
         if (len < 4 || strcmp(e->d_name + len - 3, ".ir") != 0)
            continue;
         if (nfound == capfound) {
            capfound = capfound ? capfound * 2 : 64;
            found = realloc(found, capfound * sizeof(*found));
         }
         size_t plen = strlen(argv[i]) + len + 2;
         found[nfound] = malloc(plen);
         snprintf(found[nfound++], plen, "%s/%s", argv[i], e->d_name);
      }
      if (dir)
         closedir(dir);
      qsort(found, nfound, sizeof(*found), compare_strings);
      for (int j = 0; j < nfound; j++) {
         if (n == cap) {
            cap = cap ? cap * 2 : 64;
            files = realloc(files, cap * sizeof(*files));
         }
         files[n++] = found[j];
      }
      free(found);
   }
   *count = n;
   return files;
}

static int
golden_main(int nargs, char **args)
{
   int argc;
   char **argv = golden_files(nargs, args, &argc);
   printf("1..%d\n", argc);
   int failed = 0;
   for (int i = 0; i < argc; i++) {
      struct u_strbuf why;
      u_strbuf_init(&why, NULL);
      const char *name = strrchr(argv[i], '/');
      name = name ? name + 1 : argv[i];
      if (run_golden(argv[i], &why)) {
         printf("ok %d - %s\n", i + 1, name);
      } else {
         failed++;
         printf("not ok %d - %s\n", i + 1, name);
         for (char *line = strtok(why.str, "\n"); line;
              line = strtok(NULL, "\n"))
            printf("# %s\n", line);
      }
      u_strbuf_fini(&why);
      free(argv[i]);
   }
   free(argv);
   return failed ? 1 : 0;
}

/* --exec: one quad of 4 lanes; inputs the same in every lane. */
struct exec_opts {
   uint32_t inputs[32][4];
   unsigned num_inputs;
   float uniforms[256];
   unsigned num_uniforms;
};

static bool
parse_words(const char *text, uint32_t *out, unsigned max, unsigned *n)
{
   *n = 0;
   while (*text) {
      if (*n == max)
         return false;
      char *end;
      if (strchr("0123456789-+.", *text) &&
          (strchr(text, '.') || strchr(text, 'e'))) {
         float f = strtof(text, &end);
         memcpy(&out[*n], &f, 4);
      } else {
         out[*n] = (uint32_t)strtoll(text, &end, 0);
      }
      if (end == text)
         return false;
      (*n)++;
      text = end;
      if (*text == ',')
         text++;
   }
   return true;
}

static int
exec_shader(struct ir_shader *s, const struct exec_opts *o)
{
   char *err = NULL;
   struct ir_exec_program *prog = ir_exec_program_create(s->arena, s, &err);
   if (!prog) {
      fprintf(stderr, "indium-ir: cannot execute: %s\n", err ? err : "?");
      return 1;
   }
   enum {
      WIDTH = 4,
      SLOTS = 32
   };
   static uint32_t in[SLOTS * 4 * WIDTH], out[SLOTS * 4 * WIDTH];
   for (unsigned slot = 0; slot < SLOTS; slot++) {
      for (unsigned c = 0; c < 4; c++) {
         for (unsigned l = 0; l < WIDTH; l++)
            in[(slot * 4 + c) * WIDTH + l] = o->inputs[slot][c];
      }
   }
   uint32_t coord[4 * WIDTH];
   for (unsigned l = 0; l < WIDTH; l++) {
      float v[4] = { (float)(l & 1) + 0.5f, (float)(l >> 1) + 0.5f, 0.5f,
                     1.0f };
      for (unsigned c = 0; c < 4; c++)
         memcpy(&coord[c * WIDTH + l], &v[c], 4);
   }
   struct ir_exec_io io = {
      .inputs = in,
      .num_input_slots = SLOTS,
      .outputs = out,
      .num_output_slots = SLOTS,
      .uniforms = o->uniforms,
      .uniform_size = o->num_uniforms * sizeof(float),
   };
   io.sysval_lanes[IR_EXEC_SYSVAL_FRAG_COORD] = coord;
   struct ir_exec_state *st = ir_exec_state_create(prog, WIDTH);
   if (!st) {
      ir_exec_program_destroy(prog);
      return 1;
   }
   ir_exec_state_set_io(st, &io);
   bool ran = ir_exec_run(st, 0xf, 0);
   uint64_t killed = ir_exec_killed_mask(st);
   for (unsigned slot = 0; ran && slot < SLOTS; slot++) {
      bool any = false;
      for (unsigned i = 0; i < 4 * WIDTH; i++)
         any |= out[slot * 4 * WIDTH + i] != 0;
      if (!any)
         continue;
      for (unsigned l = 0; l < WIDTH; l++) {
         printf("out[%u] lane %u:", slot, l);
         for (unsigned c = 0; c < 4; c++) {
            uint32_t w = out[(slot * 4 + c) * WIDTH + l];
            float f;
            memcpy(&f, &w, 4);
            printf(" %g (0x%08x)", f, w);
         }
         printf("\n");
      }
   }
   if (killed)
      printf("killed lanes: 0x%llx\n", (unsigned long long)killed);
   ir_exec_state_destroy(st);
   ir_exec_program_destroy(prog);
   return ran ? 0 : 1;
}

static void
usage(FILE *f)
{
   fputs("usage: indium-ir [--passes=a,b:opt+opt,...] [--exec [--in=S=v,...]"
         " [--uniforms=v,...]] FILE|-\n"
         "       indium-ir --golden FILE...\n"
         "       indium-ir --list-passes\n",
         f);
}

int
main(int argc, char **argv)
{
   const char *passes = NULL, *file = NULL;
   bool exec = false;
   struct exec_opts eo = { 0 };

   for (int i = 1; i < argc; i++) {
      const char *a = argv[i];
      if (strcmp(a, "--golden") == 0)
         return golden_main(argc - i - 1, argv + i + 1);
      if (strcmp(a, "--list-passes") == 0) {
         for (const struct indium_ir_pass *p = indium_ir_passes; p->name; p++)
            printf("%-16s %s\n", p->name, p->doc);
         return 0;
      }
      if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
         usage(stdout);
         return 0;
      }
      if (strncmp(a, "--passes=", 9) == 0) {
         passes = a + 9;
      } else if (strcmp(a, "--exec") == 0) {
         exec = true;
      } else if (strncmp(a, "--in=", 5) == 0) {
         char *end;
         unsigned long slot = strtoul(a + 5, &end, 10);
         unsigned n;
         if (*end != '=' || slot >= 32 ||
             !parse_words(end + 1, eo.inputs[slot], 4, &n)) {
            fprintf(stderr, "indium-ir: bad --in '%s'\n", a);
            return 2;
         }
      } else if (strncmp(a, "--uniforms=", 11) == 0) {
         if (!parse_words(a + 11, (uint32_t *)eo.uniforms, 256,
                          &eo.num_uniforms)) {
            fprintf(stderr, "indium-ir: bad --uniforms\n");
            return 2;
         }
      } else if (!file) {
         file = a;
      } else {
         usage(stderr);
         return 2;
      }
   }
   if (!file) {
      usage(stderr);
      return 2;
   }

   struct u_arena *arena = u_arena_create(NULL);
   char *text = arena ? read_file(arena, file) : NULL;
   if (!text) {
      fprintf(stderr, "indium-ir: cannot read %s\n", file);
      u_arena_destroy(arena);
      return 1;
   }
   char *err = NULL;
   struct ir_shader *s = ir_parse(arena, text, &err);
   if (!s) {
      fprintf(stderr, "%s:%s\n", file, err ? err : " parse error");
      u_arena_destroy(arena);
      return 1;
   }
   int status = 0;
   if (passes) {
      struct u_strbuf why;
      u_strbuf_init(&why, arena);
      bool progress;
      if (!run_passes(s, passes, &progress, &why)) {
         fprintf(stderr, "indium-ir: %s\n", why.str);
         status = 1;
      }
   }
   if (status == 0 && exec) {
      status = exec_shader(s, &eo);
   } else if (status == 0) {
      fputs(ir_shader_to_string(s, arena), stdout);
   }
   u_arena_destroy(arena);
   return status;
}
