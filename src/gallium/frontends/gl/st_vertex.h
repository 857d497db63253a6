/* SPDX-License-Identifier: MIT */

/*
 * Vertex arrays and draws (st_vertex.c, st_vertex_attrib.c,
 * st_client_array.c, st_draw.c, st_draw_vertices.c, st_immediate.c):
 * vertex array objects, glVertexAttrib*Pointer / glVertexAttrib*, the
 * compatibility client arrays (glVertexPointer, glColorPointer...,
 * glEnableClientState, glClientActiveTexture) and current values
 * (glColor*, glNormal*, glTexCoord*, glMultiTexCoord*...), immediate mode
 * (glBegin/glEnd with glVertex*), every glDraw* of GL 3.3 and ES 3.0,
 * primitive restart and glVertexAttribDivisor.
 *
 * Attribute locations: generic attribute i is vertex shader input
 * location i (i < ST_MAX_VERTEX_ATTRIBS); the compatibility attributes
 * (gl_Vertex, gl_Normal, gl_Color, gl_SecondaryColor, gl_FogCoord,
 * gl_MultiTexCoord0..7) are locations GLSL_LINK_BUILTIN_ATTRIB_BASE +
 * enum glsl_builtin_attrib.  In a compatibility context generic attribute
 * 0 and gl_Vertex alias (both provoke a vertex in immediate mode).
 *
 * A draw: st_draw.c validates its parameters, calls
 * st_validate_draw() (st_validate.h), then sets the vertex elements and
 * buffers for the inputs the vertex shader reads (st_program_vs_inputs())
 * — arrays where enabled, the current value otherwise — and calls
 * pipe_context::draw_vbo.
 */
#ifndef ST_VERTEX_H
#define ST_VERTEX_H

#include <stdbool.h>
#include <stdint.h>

#include "st_gl.h"

struct st_buffer;
struct st_context;

#define ST_MAX_VERTEX_ATTRIBS 16
/** Generic attributes plus the compatibility ones. */
#define ST_MAX_ATTRIB_LOCATIONS 32

void st_vertex_init(struct st_context *ctx);
void st_vertex_fini(struct st_context *ctx);

/** The element array buffer of the bound vertex array object. */
struct st_buffer *st_vertex_element_buffer(struct st_context *ctx);

/** glBindBuffer(GL_ELEMENT_ARRAY_BUFFER): binds @p buf (NULL: none) to
 * the bound vertex array object. */
void st_vertex_bind_element_buffer(struct st_context *ctx,
                                   struct st_buffer *buf);
/** glDeleteBuffers: resets the bound vertex array object's bindings of
 * @p buf (element array and attribute arrays) to 0. */
void st_vertex_unbind_buffer(struct st_context *ctx, struct st_buffer *buf);

/** glGetPointerv of the client array pnames (GL_VERTEX_ARRAY_POINTER...);
 * false for a pname this module does not know. */
bool st_vertex_get_pointer(struct st_context *ctx, GLenum pname, void **out);

/** glEnable/glDisable of a client-state capability (GL_VERTEX_ARRAY...)
 * in a compatibility context: the same as glEnableClientState; false
 * (nothing done) for any other cap. */
bool st_vertex_enable_client_state(struct st_context *ctx, GLenum cap,
                                   bool enable);

/** Between glBegin and glEnd: makes @p v the current value of the
 * per-vertex material attribute @p slot (st_compat.h) for the vertices
 * that follow; with @p emitted, also of the vertices already emitted. */
void st_immediate_material(struct st_context *ctx, unsigned slot,
                           const GLfloat v[4], bool emitted);
/** The value the per-vertex material attribute @p slot holds now. */
void st_immediate_material_value(struct st_context *ctx, unsigned slot,
                                 GLfloat out[4]);

/** Ends what immediate mode has queued (st_flush_vertices() calls it). */
void st_vertex_flush(struct st_context *ctx);

/** The current value of attribute location @p location (generic or
 * compatibility), as four floats. */
void st_vertex_current_value(struct st_context *ctx, unsigned location,
                             GLfloat out[4]);

/** One attribute value of an array element. */
struct st_vertex_value {
   unsigned location;
   GLfloat v[4];
};

/**
 * The values glArrayElement(@p i) transfers: element i of every enabled
 * array as four floats, the vertex (generic 0 or gl_Vertex, as the
 * location of gl_Vertex) last; returns their number.  Display
 * lists dereference draws with it (st_dlist_draw.c).
 */
unsigned
st_vertex_read_element(struct st_context *ctx, GLint i,
                       struct st_vertex_value out[ST_MAX_ATTRIB_LOCATIONS]);

/** Bytes of an index of @p type (GL_UNSIGNED_BYTE, _SHORT, _INT), 0 for
 * other types. */
unsigned st_vertex_index_size(GLenum type);

/** Sets the current value of @p location as floats; the position
 * location between glBegin and glEnd emits a vertex (like glVertex4fv). */
void st_vertex_set_attrib(struct st_context *ctx, unsigned location,
                          const GLfloat v[4]);

/** glGetPointerv of the vertex array pointers (GL_VERTEX_ARRAY_POINTER,
 * GL_COLOR_ARRAY_POINTER...; st_debug.c answers the KHR_debug ones):
 * false for a pname this module does not know. */
bool st_vertex_get_pointer(struct st_context *ctx, GLenum pname, void **out);

#endif
