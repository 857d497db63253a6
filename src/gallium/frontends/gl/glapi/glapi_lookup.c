/* SPDX-License-Identifier: MIT */

/* Lookups in the generated tables: entry points by name, enum names. */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <threads.h>

#include "glapi.h"
#include "st_context.h"

static int
compare_command(const void *key, const void *elem)
{
   const struct glapi_command *cmd = elem;
   return strcmp(key, cmd->name);
}

const struct glapi_command *
glapi_lookup(const char *name)
{
   if (!name)
      return NULL;
   return bsearch(name, glapi_commands, glapi_num_commands,
                  sizeof(glapi_commands[0]), compare_command);
}

bool
glapi_is_implemented(const char *name)
{
   const struct glapi_command *cmd = glapi_lookup(name);
   return cmd && cmd->impl;
}

unsigned
glapi_api_mask(const char *name)
{
   const struct glapi_command *cmd = glapi_lookup(name);
   return cmd ? cmd->api_mask : 0;
}

st_proc
st_get_proc_address(const char *name)
{
   const struct glapi_command *cmd = glapi_lookup(name);
   return cmd ? cmd->stub : NULL;
}

const char *
st_enum_name(GLenum value)
{
   unsigned lo = 0, hi = glapi_num_enums;
   while (lo < hi) {
      unsigned mid = lo + (hi - lo) / 2;
      if (glapi_enums[mid].value == value)
         return glapi_enums[mid].name;
      if (glapi_enums[mid].value < value)
         lo = mid + 1;
      else
         hi = mid;
   }
   /* One buffer per thread: the result is used by the caller's message
    * before its next call. */
   static thread_local char unknown[16];
   snprintf(unknown, sizeof(unknown), "0x%04x", value);
   return unknown;
}
