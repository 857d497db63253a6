/* SPDX-License-Identifier: MIT */

/*
 * The extensions a context advertises: those glapi_apis.py offers in the
 * context's API whose every command there has an api_ implementation.
 * Which api_ functions exist is fixed when the library is linked, so the
 * lists are built once per API and shared by all contexts.
 */

#include <stdlib.h>
#include <string.h>
#include <threads.h>

#include "glapi.h"
#include "glapi_extensions.h"
#include "st_context.h"

const st_proc glapi_no_commands[] = { NULL };

struct api_extensions {
   const char *names[ST_EXT_COUNT];
   unsigned count;
   char *string;
   uint64_t bits[2];
};

static struct api_extensions api_lists[GLAPI_COUNT];
static once_flag api_lists_once = ONCE_FLAG_INIT;

static bool
all_implemented(const st_proc *impls, unsigned count)
{
   for (unsigned i = 0; i < count; i++) {
      if (!impls[i])
         return false;
   }
   return true;
}

static void
build_list(struct api_extensions *list, enum glapi_api api)
{
   size_t length = 0;
   for (unsigned i = 0; i < ST_EXT_COUNT; i++) {
      const struct glapi_extension *ext = &glapi_extensions[i];
      if (!ext->commands[api] ||
          !all_implemented(ext->commands[api], ext->num_commands[api]))
         continue;
      list->names[list->count++] = glapi_extensions[i].name;
      list->bits[i / 64] |= UINT64_C(1) << (i % 64);
      length += strlen(glapi_extensions[i].name) + 1;
   }
   /* Out of memory leaves the string NULL; glGetString reports it. */
   list->string = malloc(length + 1);
   if (!list->string)
      return;
   char *p = list->string;
   for (unsigned i = 0; i < list->count; i++) {
      size_t n = strlen(list->names[i]);
      memcpy(p, list->names[i], n);
      p[n] = ' ';
      p += n + 1;
   }
   /* No trailing space. */
   if (p > list->string)
      p--;
   *p = '\0';
}

static void
build_lists(void)
{
   for (unsigned api = 0; api < GLAPI_COUNT; api++)
      build_list(&api_lists[api], api);
}

static enum glapi_api
context_api(const struct st_context *ctx)
{
   if (ctx->api_bits & ST_API_BIT_ES3)
      return GLAPI_ES3;
   if (ctx->api_bits & ST_API_BIT_ES2)
      return GLAPI_ES2;
   if (ctx->api_bits & ST_API_BIT_CORE)
      return GLAPI_CORE;
   return GLAPI_COMPAT;
}

void
glapi_init_extensions(struct st_context *ctx)
{
   call_once(&api_lists_once, build_lists);
   struct api_extensions *list = &api_lists[context_api(ctx)];
   ctx->extensions = list->names;
   ctx->num_extensions = list->count;
   ctx->extensions_string = list->string;
   memcpy(ctx->extension_bits, list->bits, sizeof(list->bits));
}

bool
st_has_extension(const struct st_context *ctx, unsigned ext)
{
   if (ext >= ST_EXT_COUNT)
      return false;
   return (ctx->extension_bits[ext / 64] >> (ext % 64)) & 1;
}
