/* SPDX-License-Identifier: MIT */

/*
 * The tables generated from gl.xml (glapi_gen.py) and their lookups: the
 * entry points by name, enum names, and the extensions Indium may
 * advertise.  The API masks are ST_API_BIT_* (st_context.h).
 */
#ifndef GLAPI_H
#define GLAPI_H

#include <stdbool.h>

#include "st_api.h"
#include "st_gl.h"

struct st_context;

/** One entry point of some API of Indium. */
struct glapi_command {
   const char *name;  /**< "glFoo" */
   st_proc stub;      /**< the entry point */
   st_proc impl;      /**< the api_ it calls; NULL if not implemented */
   unsigned api_mask; /**< the ST_API_BIT_* that have it */
};

/** Sorted by name. */
extern const struct glapi_command glapi_commands[];
extern const unsigned glapi_num_commands;

/** The command called @p name, NULL if no API of Indium has it. */
const struct glapi_command *glapi_lookup(const char *name);
/** Whether @p name is an entry point with an api_ implementation. */
bool glapi_is_implemented(const char *name);
/** The ST_API_BIT_* that have @p name (0 if none). */
unsigned glapi_api_mask(const char *name);

struct glapi_enum {
   GLenum value;
   const char *name;
};

/** Sorted by value, one name per value. */
extern const struct glapi_enum glapi_enums[];
extern const unsigned glapi_num_enums;

/** The APIs of glapi_extension::commands, in the order of the bits. */
enum glapi_api {
   GLAPI_COMPAT,
   GLAPI_CORE,
   GLAPI_ES2,
   GLAPI_ES3,
   GLAPI_COUNT,
};

struct glapi_extension {
   const char *name; /**< "GL_ARB_sync" */
   /** Per API: NULL when the extension is not offered in it, else the
    * api_ functions of its commands there (NULL: not implemented). */
   const st_proc *commands[GLAPI_COUNT];
   unsigned num_commands[GLAPI_COUNT];
};

/** Indexed by ST_EXT_* (glapi_extensions.h). */
extern const struct glapi_extension glapi_extensions[];
extern const unsigned glapi_num_extensions;
/** The command list of an extension without commands. */
extern const st_proc glapi_no_commands[];

#endif
