/* SPDX-License-Identifier: MIT */

/*
 * Runs the fuzz target's entry point on the files named on the command
 * line (or every file of a named folder), the way libFuzzer replays a
 * corpus, without needing clang: the test suite uses it on the committed
 * corpus so that crashes found once stay fixed.  Prints a TAP line per
 * folder or file; a crash shows as a failed test.
 */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static unsigned
replay_file(const char *path)
{
   FILE *f = fopen(path, "rb");
   if (!f)
      return 0;
   uint8_t *buf = NULL;
   size_t len = 0, cap = 0;
   for (;;) {
      if (len == cap) {
         cap = cap ? 2 * cap : 4096;
         uint8_t *n = realloc(buf, cap);
         if (!n)
            break;
         buf = n;
      }
      size_t got = fread(buf + len, 1, cap - len, f);
      if (got == 0)
         break;
      len += got;
   }
   fclose(f);
   LLVMFuzzerTestOneInput(buf ? buf : (const uint8_t *)"", len);
   free(buf);
   return 1;
}

static unsigned
replay(const char *path)
{
   struct stat st;
   if (stat(path, &st) != 0)
      return 0;
   if (!S_ISDIR(st.st_mode))
      return replay_file(path);
   DIR *d = opendir(path);
   if (!d)
      return 0;
   unsigned n = 0;
   struct dirent *e;
   while ((e = readdir(d))) {
      if (e->d_name[0] == '.')
         continue;
      char child[4096];
      snprintf(child, sizeof(child), "%s/%s", path, e->d_name);
      n += replay(child);
   }
   closedir(d);
   return n;
}

int
main(int argc, char **argv)
{
   printf("1..%d\n", argc - 1);
   for (int i = 1; i < argc; i++) {
      unsigned n = replay(argv[i]);
      printf("%s %d - %s (%u inputs)\n", n ? "ok" : "not ok", i, argv[i], n);
   }
   return 0;
}
