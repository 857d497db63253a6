/* SPDX-License-Identifier: MIT */

/*
 * Transform feedback at link time: the names given with
 * glTransformFeedbackVaryings are found among the outputs of the last
 * vertex-processing stage ("v", an array element "a[2]", a whole array
 * "a", or a built-in such as "gl_Position") and turned into component
 * ranges of varying slots written to buffers: one buffer for interleaved
 * capture, one per name for separate capture.  Every slot (vec4 location)
 * of a captured value gives one range; a matrix is captured column by
 * column.  Errors: unknown or repeated names, structs, and the GL 3.3
 * limits (64 interleaved components, 4 separate components per buffer,
 * 4 buffers).
 */
#include <stdlib.h>
#include <string.h>

#include "compiler/ir/ir_passes_io.h"
#include "glsl_link_priv.h"
#include "util/u_arena.h"
#include "util/u_dynarray.h"

#define MAX_INTERLEAVED_COMPONENTS 64
#define MAX_SEPARATE_COMPONENTS    4
#define MAX_BUFFERS                4

static struct ir_variable *
find_output(struct ir_shader *shader, const char *name, size_t len)
{
   ir_foreach_variable (shader, var) {
      if (var->mode == IR_VAR_SHADER_OUT && strlen(var->name) == len &&
          strncmp(var->name, name, len) == 0)
         return var;
   }
   return NULL;
}

/* Components per slot and number of slots of a captured value. */
static void
value_shape(const struct ir_type *t, unsigned *per_slot, unsigned *slots)
{
   if (ir_type_is_array(t)) {
      unsigned ps, s;
      value_shape(t->element, &ps, &s);
      *per_slot = ps;
      *slots = s * t->length;
      return;
   }
   *per_slot = t->vector_elements;
   *slots = t->matrix_columns;
}

bool
glsl_link_xfb(struct glsl_link *l)
{
   const struct glsl_link_options *o = l->opts;
   if (!o || o->num_xfb_varyings == 0)
      return true;
   struct glsl_program *prog = l->prog;
   struct ir_shader *last = prog->stages[IR_STAGE_GEOMETRY]
                               ? prog->stages[IR_STAGE_GEOMETRY]
                               : prog->stages[IR_STAGE_VERTEX];
   if (!last) {
      glsl_link_error(l, "transform feedback needs a vertex shader");
      return false;
   }
   if (!o->xfb_interleaved && o->num_xfb_varyings > MAX_BUFFERS) {
      glsl_link_error(l, "too many transform feedback varyings for separate "
                         "buffers");
      return false;
   }

   struct u_dynarray vars, outs;
   u_dynarray_init(&vars, prog->arena);
   u_dynarray_init(&outs, prog->arena);
   unsigned interleaved_total = 0;

   for (unsigned i = 0; i < o->num_xfb_varyings; i++) {
      const char *name = o->xfb_varyings[i];
      for (unsigned j = 0; j < i; j++) {
         if (strcmp(o->xfb_varyings[j], name) == 0) {
            glsl_link_error(l,
                            "transform feedback varying `%s' is given "
                            "twice",
                            name);
            return false;
         }
      }
      /* "a[2]": one element. */
      size_t len = strlen(name);
      long element = -1;
      const char *open = strchr(name, '[');
      if (open) {
         char *end = NULL;
         element = strtol(open + 1, &end, 10);
         if (end == open + 1 || *end != ']' || end[1] != 0 || element < 0) {
            glsl_link_error(l, "bad transform feedback varying `%s'", name);
            return false;
         }
         len = (size_t)(open - name);
      }
      struct ir_variable *var = find_output(last, name, len);
      if (!var || var->location < 0) {
         glsl_link_error(l,
                         "transform feedback varying `%s' is not an output "
                         "of the last vertex stage",
                         name);
         return false;
      }
      const struct ir_type *t = var->type;
      unsigned first_slot = (unsigned)var->location;
      if (element >= 0) {
         if (!ir_type_is_array(t) || (unsigned long)element >= t->length) {
            glsl_link_error(l,
                            "transform feedback varying `%s' indexes "
                            "outside its array",
                            name);
            return false;
         }
         t = t->element;
         first_slot += (unsigned)element * ir_type_slot_count(t);
      }
      const struct ir_type *leaf = t;
      while (ir_type_is_array(leaf))
         leaf = leaf->element;
      if (ir_type_is_struct(leaf) || leaf->base == IR_TYPE_SAMPLER) {
         glsl_link_error(l,
                         "transform feedback varying `%s' has a type "
                         "that cannot be captured",
                         name);
         return false;
      }

      unsigned per_slot, slots;
      value_shape(t, &per_slot, &slots);
      unsigned total = per_slot * slots;
      unsigned buffer = o->xfb_interleaved ? 0 : i;
      if (!o->xfb_interleaved && total > MAX_SEPARATE_COMPONENTS) {
         glsl_link_error(l,
                         "transform feedback varying `%s' has too many "
                         "components for a separate buffer",
                         name);
         return false;
      }
      interleaved_total += total;
      if (o->xfb_interleaved &&
          interleaved_total > MAX_INTERLEAVED_COMPONENTS) {
         glsl_link_error(l, "too many transform feedback components");
         return false;
      }
      struct glsl_xfb_varying v = { .name = name, .type = t, .size = 1 };
      if (ir_type_is_array(t)) {
         v.type = t->element;
         v.size = t->length;
      }
      u_dynarray_append(&vars, struct glsl_xfb_varying, v);

      /* gl_ClipDistance packs 4 per slot (glsl_link_clip.c): float e is
       * component e % 4 of slot CLIP_DIST0 + e / 4.  Other values take
       * one slot each. */
      if (strcmp(var->name, "gl_ClipDistance") == 0) {
         unsigned e0 = element >= 0 ? (unsigned)element : 0;
         for (unsigned e = e0; e < e0 + total; e++) {
            struct glsl_xfb_output out = {
               .slot = (unsigned)var->location + e / 4,
               .component = e % 4,
               .num_components = 1,
               .buffer = buffer,
               .dst_offset = prog->xfb_stride[buffer]++,
            };
            u_dynarray_append(&outs, struct glsl_xfb_output, out);
         }
         continue;
      }
      for (unsigned s = 0; s < slots; s++) {
         struct glsl_xfb_output out = {
            .slot = first_slot + s,
            .component = var->component,
            .num_components = per_slot,
            .buffer = buffer,
            .dst_offset = prog->xfb_stride[buffer],
         };
         prog->xfb_stride[buffer] += per_slot;
         u_dynarray_append(&outs, struct glsl_xfb_output, out);
      }
   }
   prog->xfb_varyings = vars.data;
   prog->num_xfb_varyings =
      (unsigned)(vars.size / sizeof(struct glsl_xfb_varying));
   prog->xfb_outputs = outs.data;
   prog->num_xfb_outputs =
      (unsigned)(outs.size / sizeof(struct glsl_xfb_output));
   return true;
}
