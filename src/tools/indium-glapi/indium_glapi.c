/* SPDX-License-Identifier: MIT */

/*
 * indium-glapi: the coverage of the GL entry points.  For each API of
 * Indium (compatibility 3.0, core 3.3, ES 2.0, ES 3.0) it prints the
 * commands of that API that have no api_ implementation, then their
 * count, and the extensions a context of that API advertises.
 *
 *    indium-glapi [--summary] [compat|core|es2|es3...]
 *
 * --summary prints only the counts; no API named: all of them.
 */

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "glapi.h"
#include "glapi_extensions.h"
#include "st_context.h"

struct api {
   const char *arg;
   const char *title;
   /** The ST_API_BIT_* a context of this API has. */
   unsigned bits;
};

static const struct api apis[] = {
   { "compat", "OpenGL 3.0 compatibility", ST_API_BIT_COMPAT },
   { "core", "OpenGL 3.3 core", ST_API_BIT_CORE },
   { "es2", "OpenGL ES 2.0", ST_API_BIT_ES2 },
   { "es3", "OpenGL ES 3.0", ST_API_BIT_ES2 | ST_API_BIT_ES3 },
};

static void
report(const struct api *api, bool summary)
{
   unsigned total = 0, missing = 0;
   if (!summary)
      printf("%s: commands without an implementation:\n", api->title);
   for (unsigned i = 0; i < glapi_num_commands; i++) {
      const struct glapi_command *cmd = &glapi_commands[i];
      if (!(cmd->api_mask & api->bits))
         continue;
      total++;
      if (cmd->impl)
         continue;
      missing++;
      if (!summary)
         printf("   %s\n", cmd->name);
   }
   printf("%s: %u of %u commands missing\n", api->title, missing, total);

   /* The lists depend only on the API bits. */
   struct st_context ctx = { .api_bits = api->bits };
   glapi_init_extensions(&ctx);
   printf("%s: %u extensions\n", api->title, ctx.num_extensions);
   if (!summary) {
      for (unsigned i = 0; i < ctx.num_extensions; i++)
         printf("   %s\n", ctx.extensions[i]);
   }
}

int
main(int argc, char **argv)
{
   bool summary = false;
   bool chosen[sizeof(apis) / sizeof(apis[0])] = { false };
   bool any = false;
   for (int i = 1; i < argc; i++) {
      if (strcmp(argv[i], "--summary") == 0) {
         summary = true;
         continue;
      }
      bool known = false;
      for (unsigned a = 0; a < sizeof(apis) / sizeof(apis[0]); a++) {
         if (strcmp(argv[i], apis[a].arg) == 0) {
            chosen[a] = known = any = true;
         }
      }
      if (!known) {
         fprintf(stderr, "usage: indium-glapi [--summary] "
                         "[compat|core|es2|es3...]\n");
         return 2;
      }
   }
   for (unsigned a = 0; a < sizeof(apis) / sizeof(apis[0]); a++) {
      if (!any || chosen[a])
         report(&apis[a], summary);
   }
   return 0;
}
