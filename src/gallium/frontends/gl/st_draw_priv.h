/* SPDX-License-Identifier: MIT */

/* What st_draw.c asks of st_draw_vertices.c. */
#ifndef ST_DRAW_PRIV_H
#define ST_DRAW_PRIV_H

#include <stdbool.h>

struct st_context;
union st_current;

/** The vertices a draw reads: vertex numbers min..max (bias applied)
 * and the number of instances. */
struct st_draw_range {
   unsigned min, max;
   unsigned instances;
};

/**
 * Whether the vertex shader's inputs (after st_validate_draw()) read an
 * array that needs the draw's vertex range: client memory (the driver
 * may copy the range) or a type the pipe has no format for (converted
 * here).
 */
bool st_draw_needs_range(struct st_context *ctx);

/**
 * Binds the vertex elements and buffers for the vertex shader's inputs
 * (after st_validate_draw()): from @p immediate (glBegin/glEnd vertices,
 * ST_MAX_ATTRIB_LOCATIONS values each) when not NULL, else from the
 * arrays and current values.  @p range (NULL if unknown) lets arrays the
 * pipe cannot read be converted.  False when out of memory.  Call
 * st_draw_release_vertices() after the draw.
 */
bool st_draw_setup_vertices(struct st_context *ctx,
                            const union st_current *immediate,
                            const struct st_draw_range *range);

/** Frees what st_draw_setup_vertices() converted for the draw. */
void st_draw_release_vertices(struct st_context *ctx);

#endif
