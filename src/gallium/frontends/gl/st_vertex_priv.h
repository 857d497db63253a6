/* SPDX-License-Identifier: MIT */

/*
 * What the vertex files share (st_vertex.c, st_vertex_attrib.c,
 * st_client_array.c, st_draw*.c, st_immediate.c, and the evaluators'
 * st_eval_coord.c, which issues immediate-mode vertices): vertex array
 * objects, current values and the immediate-mode vertex store.
 *
 * Attribute locations (st_vertex.h): 0..15 generic, ST_ATTRIB_VERTEX..
 * the compatibility attributes.  Every location has an array slot in the
 * vertex array object; the compatibility arrays (glVertexPointer...) use
 * the slots of their locations.  In a compatibility context generic
 * attribute 0 and gl_Vertex alias: both arrays feed both locations, the
 * generic one winning when both are enabled (GL 3.0 compatibility,
 * 2.8 "Vertex Arrays", ArrayElement), and their current values are one.
 */
#ifndef ST_VERTEX_PRIV_H
#define ST_VERTEX_PRIV_H

#include <stdbool.h>
#include <stdint.h>

#include "st_vertex.h"
#include "pipe/p_format.h"
#include "compiler/glsl/glsl_builtins.h"
#include "compiler/glsl/glsl_link.h"
#include "st_compat.h"
#include "util/u_dynarray.h"

struct st_names;
struct st_value;
struct u_hash_table;

/** Locations of the compatibility attributes. */
#define ST_ATTRIB_VERTEX (GLSL_LINK_BUILTIN_ATTRIB_BASE + GLSL_ATTRIB_VERTEX)
#define ST_ATTRIB_NORMAL (GLSL_LINK_BUILTIN_ATTRIB_BASE + GLSL_ATTRIB_NORMAL)
#define ST_ATTRIB_COLOR  (GLSL_LINK_BUILTIN_ATTRIB_BASE + GLSL_ATTRIB_COLOR)
#define ST_ATTRIB_COLOR1 \
   (GLSL_LINK_BUILTIN_ATTRIB_BASE + GLSL_ATTRIB_SECONDARY_COLOR)
#define ST_ATTRIB_FOG (GLSL_LINK_BUILTIN_ATTRIB_BASE + GLSL_ATTRIB_FOG_COORD)
#define ST_ATTRIB_TEX(i) \
   (GLSL_LINK_BUILTIN_ATTRIB_BASE + GLSL_ATTRIB_MULTI_TEX_COORD0 + (i))
#define ST_MAX_TEXTURE_COORDS 8
/** The per-vertex materials of glBegin/glEnd (st_compat.h), after the
 * compatibility attributes. */
#define ST_ATTRIB_MATERIAL(i) \
   (GLSL_LINK_BUILTIN_ATTRIB_BASE + GLSL_ATTRIB_COUNT + (i))
_Static_assert(ST_ATTRIB_MATERIAL(ST_MAX_VERTEX_MATERIALS - 1) <
                  ST_MAX_ATTRIB_LOCATIONS,
               "per-vertex materials fit the attribute locations");
_Static_assert(ST_ATTRIB_TEX(ST_MAX_TEXTURE_COORDS - 1) <
                  ST_MAX_ATTRIB_LOCATIONS,
               "every compatibility attribute has a location");

/**
 * The edge flag (glEdgeFlag, glEdgeFlagPointer): its current value is
 * current[ST_ATTRIB_EDGE_FLAG].f[0] (1 or 0), so that immediate-mode
 * vertices copy it, and draws in polygon mode LINE or POINT pass it as
 * the vertex element of that index with pipe_vertex_element::edge_flag.
 * No shader input has this location.
 */
#define ST_ATTRIB_EDGE_FLAG (ST_MAX_ATTRIB_LOCATIONS - 1)
_Static_assert(ST_ATTRIB_TEX(ST_MAX_TEXTURE_COORDS - 1) < ST_ATTRIB_EDGE_FLAG,
               "the edge flag has a location of its own");

/** One vertex attribute array (glVertexAttribPointer and friends). */
struct st_array {
   /** 1..4, or GL_BGRA. */
   GLint size;
   GLenum type;
   /** As given; 0 means tightly packed (see stride). */
   GLsizei user_stride;
   /** Bytes between elements. */
   GLsizei stride;
   bool normalized;
   /** glVertexAttribIPointer: integers reach the shader unconverted. */
   bool integer;
   bool enabled;
   GLuint divisor;
   /** The offset into buffer, or a client pointer when buffer is NULL. */
   const void *pointer;
   struct st_buffer *buffer;
};

/** A vertex array object (per context). */
struct st_vao {
   GLuint name;
   /** glIsVertexArray is true from the first bind on. */
   bool bound_once;
   struct st_array arrays[ST_MAX_ATTRIB_LOCATIONS];
   /** glEdgeFlagPointer (read by draws in polygon mode LINE or POINT). */
   struct st_array edge_flag;
   struct st_buffer *element_buffer;
};

/** How a current value holds its components. */
enum st_current_kind {
   ST_CURRENT_FLOAT,
   ST_CURRENT_INT,
   ST_CURRENT_UINT,
};

/** A current attribute value: four floats, ints or uints by kind. */
union st_current {
   GLfloat f[4];
   GLint i[4];
   GLuint u[4];
};

struct st_vertex_state {
   /** This context's vertex array objects (not shared). */
   struct st_names *vaos;
   /** Object 0 (compatibility and ES; core has none to draw with). */
   struct st_vao *default_vao;
   /** The bound object (default_vao for 0). */
   struct st_vao *vao;

   union st_current current[ST_MAX_ATTRIB_LOCATIONS];
   uint8_t current_kind[ST_MAX_ATTRIB_LOCATIONS];
   /** glClientActiveTexture: the unit of glTexCoordPointer (0..7). */
   unsigned client_active_texture;

   /* Immediate mode (st_immediate.c). */
   GLenum begin_mode;
   /** The vertices of glBegin/glEnd: ST_MAX_ATTRIB_LOCATIONS values
    * each. */
   struct u_dynarray vertices;

   /* Draw state (st_draw.c). */
   /** Vertex elements CSOs by the elements they were made from. */
   struct u_hash_table *velems_cache;
   void *bound_velems;
   /** Arrays converted to floats for the current draw. */
   void *converted[ST_MAX_ATTRIB_LOCATIONS];
   unsigned num_converted;
};

/** The array feeding @p location for a draw, NULL when it takes the
 * current value (handles the aliasing of generic 0 and gl_Vertex). */
const struct st_array *st_vertex_array_for(struct st_context *ctx,
                                           unsigned location);

/** Sets the current value of @p location (both aliases of 0 in
 * compatibility); inside glBegin/glEnd, location 0 / gl_Vertex emits a
 * vertex. */
void st_vertex_set_current(struct st_context *ctx, unsigned location,
                           enum st_current_kind kind, const void *values);

/** Emits the vertex of immediate mode with position @p pos
 * (st_immediate.c). */
void st_immediate_vertex(struct st_context *ctx, const GLfloat pos[4]);

/** Checks the vertex array parameters shared by glVertexAttribPointer
 * and the compatibility pointers (stride, GL_BGRA and packed-type rules,
 * client memory); raises the error and returns false.  The caller has
 * checked size and type. */
bool st_vertex_check_pointer(struct st_context *ctx, GLint size, GLenum type,
                             GLsizei stride, bool normalized, bool integer,
                             const void *pointer, const char *func);

/** Stores an array pointer into @p array from the bound GL_ARRAY_BUFFER
 * (after the checks). */
void st_vertex_set_pointer(struct st_context *ctx, struct st_array *array,
                           GLint size, GLenum type, GLsizei stride,
                           bool normalized, bool integer, const void *pointer);

/** The pipe format of an array's elements; PIPE_FORMAT_NONE for the
 * types the format table lacks (st_draw_vertices.c). */
enum pipe_format st_vertex_array_format(const struct st_array *a);

/** Bytes of one element of @p type with @p size components. */
unsigned st_vertex_type_size(GLenum type, GLint size);

/** glGet of the compatibility vertex state (current values, client
 * arrays; st_client_array.c). */
bool st_vertex_compat_get(struct st_context *ctx, GLenum pname,
                          struct st_value *v);

/** Draws the vertices of an ended glBegin/glEnd (st_draw.c). */
void st_draw_immediate(struct st_context *ctx, GLenum mode,
                       const union st_current *vertices, unsigned count);

/** Frees the draw state's CSOs (st_draw.c). */
void st_draw_fini(struct st_context *ctx);

#endif
