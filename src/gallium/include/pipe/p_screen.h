/* SPDX-License-Identifier: MIT */

/*
 * struct pipe_screen: one per device (or one per process for a CPU
 * driver).  It answers capability and format questions, creates resources
 * (shared by all its contexts) and contexts, and waits for fences.  The
 * screen outlives every context and resource created from it.
 */
#ifndef P_SCREEN_H
#define P_SCREEN_H

#include <stdbool.h>
#include <stdint.h>

#include "pipe/p_defines.h"
#include "pipe/p_format.h"

struct ir_compiler_options;
struct pipe_context;
struct pipe_fence_handle;
struct pipe_resource;

struct pipe_screen {
   void (*destroy)(struct pipe_screen *screen);

   /** Static strings: the renderer and vendor names. */
   const char *(*get_name)(struct pipe_screen *screen);
   const char *(*get_vendor)(struct pipe_screen *screen);

   /** Integer capability or limit; 0 for unknown values. */
   int (*get_param)(struct pipe_screen *screen, enum pipe_cap param);
   /** Float capability; 0 for unknown values. */
   float (*get_paramf)(struct pipe_screen *screen, enum pipe_capf param);
   /** Per-stage limit; 0 for unknown values or stages. */
   int (*get_shader_param)(struct pipe_screen *screen,
                           enum pipe_shader_type shader,
                           enum pipe_shader_cap param);

   /**
    * Whether resources of @p format and @p target with @p sample_count
    * samples (0 or 1: single-sampled) can be created and used for all the
    * PIPE_BIND_* uses of @p bind.
    */
   bool (*is_format_supported)(struct pipe_screen *screen,
                               enum pipe_format format,
                               enum pipe_texture_target target,
                               unsigned sample_count, unsigned bind);

   /**
    * Creates a resource described by @p templ (its reference and screen
    * fields are ignored).  NULL if the description is invalid or
    * unsupported, or when out of memory.  The contents are undefined (the
    * CPU driver zeroes them).  The new resource has one reference.
    */
   struct pipe_resource *(*resource_create)(struct pipe_screen *screen,
                                            const struct pipe_resource *templ);
   /** Frees a resource; called by pipe_resource_ref() on the last
    * reference, not directly. */
   void (*resource_destroy)(struct pipe_screen *screen,
                            struct pipe_resource *resource);

   /** Fences: *dst = src with reference counting (either may be NULL). */
   void (*fence_reference)(struct pipe_screen *screen,
                           struct pipe_fence_handle **dst,
                           struct pipe_fence_handle *src);
   /**
    * Waits at most @p timeout_ns nanoseconds (UINT64_MAX: forever) for
    * @p fence; returns whether it is signalled.  @p ctx may be NULL.
    */
   bool (*fence_finish)(struct pipe_screen *screen, struct pipe_context *ctx,
                        struct pipe_fence_handle *fence, uint64_t timeout_ns);

   /** The current time in nanoseconds, on the clock of
    * PIPE_QUERY_TIMESTAMP. */
   uint64_t (*get_timestamp)(struct pipe_screen *screen);

   /**
    * The IR lowerings and limits the driver's compiler wants for @p shader
    * (a frontend may run them early, e.g. in its linker; the driver still
    * runs what it needs at CSO creation).  May be NULL.
    */
   const struct ir_compiler_options *(*get_compiler_options)(
      struct pipe_screen *screen, enum pipe_shader_type shader);

   /** A new context; NULL when out of memory.  @p flags: 0 for now. */
   struct pipe_context *(*context_create)(struct pipe_screen *screen,
                                          void *priv, unsigned flags);
};

#endif
