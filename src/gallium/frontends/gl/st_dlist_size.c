/* SPDX-License-Identifier: MIT */

/*
 * The lengths gl.xml gives as COMPSIZE(...) for the pointer parameters
 * of commands compiled into display lists (glapi_apis.py names these
 * functions): how many values glLightfv, glFogfv, glTexParameterfv...
 * read for each pname, and the control points of glMap1 / glMap2.
 *
 * An unknown pname counts one value: the command raises GL_INVALID_ENUM
 * when the list runs and reads nothing, and one value is what any
 * pointer the application passes holds at least.
 */
#include "st_dlist_priv.h"

struct pname_count {
   GLenum pname;
   unsigned count;
};

static size_t
count_of(const struct pname_count *table, unsigned n, GLenum pname)
{
   for (unsigned i = 0; i < n; i++) {
      if (table[i].pname == pname)
         return table[i].count;
   }
   return 1;
}

#define COUNT_OF(table, pname) \
   count_of(table, sizeof(table) / sizeof(table[0]), pname)

size_t
st_dlist_size_light(struct st_context *ctx, GLenum pname)
{
   (void)ctx;
   static const struct pname_count table[] = {
      { GL_AMBIENT, 4 },        { GL_DIFFUSE, 4 },
      { GL_SPECULAR, 4 },       { GL_POSITION, 4 },
      { GL_EMISSION, 4 },       { GL_AMBIENT_AND_DIFFUSE, 4 },
      { GL_SPOT_DIRECTION, 3 }, { GL_COLOR_INDEXES, 3 },
   };
   return COUNT_OF(table, pname);
}

size_t
st_dlist_size_light_model(struct st_context *ctx, GLenum pname)
{
   (void)ctx;
   static const struct pname_count table[] = {
      { GL_LIGHT_MODEL_AMBIENT, 4 },
   };
   return COUNT_OF(table, pname);
}

size_t
st_dlist_size_fog(struct st_context *ctx, GLenum pname)
{
   (void)ctx;
   static const struct pname_count table[] = {
      { GL_FOG_COLOR, 4 },
   };
   return COUNT_OF(table, pname);
}

size_t
st_dlist_size_texenv(struct st_context *ctx, GLenum pname)
{
   (void)ctx;
   static const struct pname_count table[] = {
      { GL_TEXTURE_ENV_COLOR, 4 },
   };
   return COUNT_OF(table, pname);
}

size_t
st_dlist_size_texgen(struct st_context *ctx, GLenum pname)
{
   (void)ctx;
   static const struct pname_count table[] = {
      { GL_OBJECT_PLANE, 4 },
      { GL_EYE_PLANE, 4 },
   };
   return COUNT_OF(table, pname);
}

size_t
st_dlist_size_texparam(struct st_context *ctx, GLenum pname)
{
   (void)ctx;
   static const struct pname_count table[] = {
      { GL_TEXTURE_BORDER_COLOR, 4 },
      { GL_TEXTURE_SWIZZLE_RGBA, 4 },
   };
   return COUNT_OF(table, pname);
}

size_t
st_dlist_size_point_parameter(struct st_context *ctx, GLenum pname)
{
   (void)ctx;
   static const struct pname_count table[] = {
      { GL_POINT_DISTANCE_ATTENUATION, 3 },
   };
   return COUNT_OF(table, pname);
}

size_t
st_dlist_size_clear_buffer(struct st_context *ctx, GLenum buffer)
{
   (void)ctx;
   /* GL 3.0, 4.2.3: four values for GL_COLOR, one for depth or stencil. */
   static const struct pname_count table[] = {
      { GL_COLOR, 4 },
   };
   return COUNT_OF(table, buffer);
}

/** Values per control point of evaluator @p target (GL 3.0
 * compatibility, table 5.1); 0 for an unknown target. */
static unsigned
map_components(GLenum target)
{
   static const struct pname_count table[] = {
      { GL_MAP1_VERTEX_3, 3 },        { GL_MAP1_VERTEX_4, 4 },
      { GL_MAP1_INDEX, 1 },           { GL_MAP1_COLOR_4, 4 },
      { GL_MAP1_NORMAL, 3 },          { GL_MAP1_TEXTURE_COORD_1, 1 },
      { GL_MAP1_TEXTURE_COORD_2, 2 }, { GL_MAP1_TEXTURE_COORD_3, 3 },
      { GL_MAP1_TEXTURE_COORD_4, 4 }, { GL_MAP2_VERTEX_3, 3 },
      { GL_MAP2_VERTEX_4, 4 },        { GL_MAP2_INDEX, 1 },
      { GL_MAP2_COLOR_4, 4 },         { GL_MAP2_NORMAL, 3 },
      { GL_MAP2_TEXTURE_COORD_1, 1 }, { GL_MAP2_TEXTURE_COORD_2, 2 },
      { GL_MAP2_TEXTURE_COORD_3, 3 }, { GL_MAP2_TEXTURE_COORD_4, 4 },
   };
   for (unsigned i = 0; i < sizeof(table) / sizeof(table[0]); i++) {
      if (table[i].pname == target)
         return table[i].count;
   }
   return 0;
}

size_t
st_dlist_size_map1(struct st_context *ctx, GLenum target, GLint stride,
                   GLint order)
{
   (void)ctx;
   unsigned k = map_components(target);
   if (!k || order < 1 || stride < (GLint)k)
      return 0;
   return (size_t)(order - 1) * (size_t)stride + k;
}

size_t
st_dlist_size_map2(struct st_context *ctx, GLenum target, GLint ustride,
                   GLint uorder, GLint vstride, GLint vorder)
{
   (void)ctx;
   unsigned k = map_components(target);
   if (!k || uorder < 1 || vorder < 1 || ustride < (GLint)k ||
       vstride < (GLint)k)
      return 0;
   return (size_t)(uorder - 1) * (size_t)ustride +
          (size_t)(vorder - 1) * (size_t)vstride + k;
}
