/* SPDX-License-Identifier: MIT */

/*
 * struct st_context: one GL or GLES context.  The simple fixed state
 * (enables, blend, depth, stencil, rasterizer, viewport, pixel store...)
 * is a plain struct in st_state.h; each kind of object keeps its own
 * state behind an opaque pointer owned by its module (st_buffer.c,
 * st_vertex.c, st_texture.c, st_fb.c, st_program.c, st_compat.c,
 * st_query.c), reached only through that module's header.
 *
 * Entry points: the generated stub of glFoo (glapi/) finds the current
 * context, checks that the context's API has glFoo and that it is not
 * called between glBegin and glEnd (unless allowed there), then calls
 * api_Foo(ctx, ...), written by hand in the module that owns the state.
 * api_Foo validates every parameter before any side effect and reports
 * errors with st_error().
 */
#ifndef ST_CONTEXT_H
#define ST_CONTEXT_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <threads.h>

#include "st_gl.h"
#include "st_api.h"
#include "st_state.h"

struct glsl_limits;
struct u_driconf;
struct pipe_context;
struct pipe_screen;
struct st_names;
struct u_hash_table;
struct u_set;

/** The API a context implements, as bits (an entry point lists the ones
 * that have it; glapi/). */
enum st_api_bit {
   ST_API_BIT_COMPAT = 1u << 0, /**< desktop GL, compatibility profile */
   ST_API_BIT_CORE = 1u << 1,   /**< desktop GL, core profile */
   ST_API_BIT_ES2 = 1u << 2,    /**< OpenGL ES 2.0 */
   ST_API_BIT_ES3 = 1u << 3,    /**< OpenGL ES 3.0 (has the ES2 bit too) */
};

/** Objects shared between the contexts of a share group. */
struct st_shared {
   atomic_int refcount;
   /** Held by entry points that create, delete or look up shared names. */
   mtx_t mutex;
   struct st_names *buffers;
   struct st_names *textures;
   struct st_names *renderbuffers;
   struct st_names *samplers;
   /** Shaders and programs share one name space. */
   struct st_names *shader_objects;
   /** Sync objects are pointers, not names: the set of live ones. */
   struct u_set *syncs;
   /** KHR_debug labels of the shared objects (st_label.c). */
   struct u_hash_table *labels;
   /** Display lists (struct st_dlist, st_dlist.c). */
   struct st_names *lists;
};

/** A KHR_debug message kept in the log. */
struct st_debug_message {
   GLenum source, type, severity;
   GLuint id;
   char *text;
};

#define ST_DEBUG_LOG_SIZE    64
#define ST_DEBUG_GROUP_DEPTH 64

struct st_debug_state {
   bool output_enabled; /**< GL_DEBUG_OUTPUT */
   bool synchronous;    /**< GL_DEBUG_OUTPUT_SYNCHRONOUS */
   GLDEBUGPROC callback;
   const void *callback_user;
   /** Messages kept while there is no callback. */
   struct st_debug_message log[ST_DEBUG_LOG_SIZE];
   unsigned log_first, log_count;
   /** Disabled (source, type, severity, id) filters per group level are
    * kept by st_debug.c. */
   void *filters;
   unsigned group_depth;
};

struct st_context {
   struct st_screen *st_screen;
   struct pipe_screen *screen;
   struct pipe_context *pipe;
   struct st_shared *shared;

   /** ST_API_BIT_* of this context (exactly one of COMPAT, CORE, ES2 /
    * ES2|ES3). */
   unsigned api_bits;
   /** GL or GLES version x10 (33, 30, 20). */
   unsigned version;
   bool es;
   bool core;
   bool forward_compatible;
   bool debug_context;
   bool no_error;
   /** The GLSL / ESSL version the compiler accepts (330, 130, 300...). */
   unsigned glsl_version;
   /** Limits shared with the GLSL compiler (filled from the pipe screen
    * and the state tracker's own limits; st_limits.c). */
   struct glsl_limits *glsl_limits;
   /** driconf's options (u_driconf_get() at creation; tests may point it
    * elsewhere): the forced strings and the GLSL workarounds. */
   const struct u_driconf *driconf;

   /** The first error since the last glGetError (GL_NO_ERROR if none). */
   GLenum error;
   struct st_debug_state debug;

   /** Between glBegin and glEnd (compatibility). */
   bool inside_begin_end;
   /** GL_COMPILE or GL_COMPILE_AND_EXECUTE while a display list is being
    * compiled (the generated stubs then record commands), else 0. */
   GLenum list_mode;

   /** The simple fixed state (st_state.h) and what changed since the
    * last draw (ST_DIRTY_*). */
   struct st_state state;
   uint64_t dirty;

   /** The window-system framebuffers, NULL when surfaceless. */
   struct st_drawable *draw_drawable, *read_drawable;
   uint32_t draw_stamp, read_stamp;
   bool viewport_initialized;

   /** Module states (opaque; see each module's header). */
   struct st_buffer_state *buffer;
   struct st_vertex_state *vertex;
   struct st_texture_state *texture;
   struct st_fb_state *fb;
   struct st_program_state *program;
   struct st_compat_state *compat;
   struct st_query_state *query;
   /** glRenderMode and its buffers (st_render_mode.h). */
   struct st_render_mode_state *render_mode;
   /** Evaluator maps and grids (st_eval.h). */
   struct st_eval_state *eval;
   /** Raster position, pixel transfer, accumulation (st_raster.h). */
   struct st_raster_state *raster;
   /** Display-list compilation and execution (st_dlist.h). */
   struct st_dlist_state *dlist;
   /** The server and client attribute stacks (st_attrib.h). */
   struct st_attrib_state *attrib;
   /** The core module's pipe-state cache (st_validate.c). */
   struct st_validate_state *validate;

   /** KHR_debug labels of the per-context objects (vertex arrays,
    * framebuffers, queries, transform feedbacks; st_label.c). */
   struct u_hash_table *labels;

   /** glGetString(GL_EXTENSIONS) and the glGetStringi list. */
   const char *extensions_string;
   const char **extensions;
   unsigned num_extensions;
   /** The same extensions as bits indexed by ST_EXT_*
    * (glapi/glapi_extensions.h; at most 128); st_has_extension(). */
   uint64_t extension_bits[2];
};

/* ---- st_error.c ---- */

/**
 * Records @p error unless an earlier one is still pending, and sends a
 * KHR_debug message "glFoo(...)" from @p fmt (GL_DEBUG_SOURCE_API,
 * GL_DEBUG_TYPE_ERROR, GL_DEBUG_SEVERITY_HIGH).
 */
void st_error(struct st_context *ctx, GLenum error, const char *fmt, ...)
   __attribute__((format(printf, 3, 4)));
/** GL_OUT_OF_MEMORY with a message naming @p func. */
void st_out_of_memory(struct st_context *ctx, const char *func);
/** Sends a KHR_debug message (and prints it with INDIUM_DEBUG=gl). */
void st_debug_message(struct st_context *ctx, GLenum source, GLenum type,
                      GLuint id, GLenum severity, const char *fmt, ...)
   __attribute__((format(printf, 6, 7)));
/** Called by a generated stub for an entry point the context's API does
 * not have (GL_INVALID_OPERATION), or that is not implemented. */
void st_unsupported(struct st_context *ctx, const char *func);

/** The name of a GL enum ("GL_TEXTURE_2D"), or "0x1234" in a static
 * buffer of this thread (generated from gl.xml: glapi/). */
const char *st_enum_name(GLenum value);

/* ---- st_context.c ---- */

/** This thread's current context (NULL if none). */
extern thread_local struct st_context *st_current_context;

/** Whether @p ctx is desktop GL at least @p version (x10). */
static inline bool
st_is_desktop(const struct st_context *ctx, unsigned version)
{
   return !ctx->es && ctx->version >= version;
}

/** Whether @p ctx is compatibility-profile desktop GL. */
static inline bool
st_is_compat(const struct st_context *ctx)
{
   return (ctx->api_bits & ST_API_BIT_COMPAT) != 0;
}

/** Whether @p ctx has the extension (one of the generated
 * ST_EXT_* indices; glapi/glapi_extensions.h). */
bool st_has_extension(const struct st_context *ctx, unsigned ext);

/**
 * Finishes what is queued on the CPU side before state changes: the
 * vertices of an open glBegin/glEnd and the like.  Every entry point that
 * changes state calls it before writing state (cheap when nothing is
 * queued).
 */
void st_flush_vertices(struct st_context *ctx);

#endif
