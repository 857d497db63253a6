/* SPDX-License-Identifier: MIT */

/*
 * The values of the built-in state uniforms of GLSL 1.10 - 1.50
 * compatibility (GLSL 1.50, 7.5 "Built-In Uniform State"), by the leaf
 * names the linker lists for them (glsl_link_uniforms.c): a matrix or
 * vector by its name ("gl_ModelViewMatrix"), an element of an array of
 * a basic type as "gl_TextureMatrix[1]" ("gl_TextureMatrix" and
 * "gl_TextureMatrix[0]" being element 0), a member of a struct as
 * "gl_DepthRange.near", a member of an element of an array of structs
 * as "gl_LightSource[2].diffuse".
 *
 * The derived values (inverses, the normal matrix, the light products,
 * the half vectors, spotCosCutoff, gl_Fog.scale) are computed here from
 * the state as GLSL defines them.  Only gl_DepthRange exists in core and
 * ES contexts.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "st_compat_priv.h"
#include "st_context.h"

/* A parsed leaf name: "base[index].member". */
struct leaf {
   char base[48];
   int index;          /**< 0 without brackets, -1 when malformed */
   const char *member; /**< after the '.', "" when none */
};

static bool
parse_leaf(const char *name, struct leaf *leaf)
{
   size_t len = strcspn(name, "[.");
   if (len >= sizeof(leaf->base))
      return false;
   memcpy(leaf->base, name, len);
   leaf->base[len] = '\0';
   leaf->index = 0;
   const char *p = name + len;
   if (*p == '[') {
      char *end;
      long i = strtol(p + 1, &end, 10);
      if (end == p + 1 || *end != ']' || i < 0 || i > 1000)
         return false;
      leaf->index = (int)i;
      p = end + 1;
   }
   if (*p == '.')
      leaf->member = p + 1;
   else if (*p == '\0')
      leaf->member = "";
   else
      return false;
   return true;
}

static unsigned
copy(GLfloat out[16], const GLfloat *src, unsigned n)
{
   memcpy(out, src, n * sizeof(GLfloat));
   return n;
}

static unsigned
scalar(GLfloat out[16], GLfloat f)
{
   out[0] = f;
   return 1;
}

/* ---- matrices ---- */

enum matrix_variant {
   PLAIN,
   INVERSE,
   TRANSPOSE,
   INVERSE_TRANSPOSE,
};

static bool
matrix_name(const char *base, const char **kind, enum matrix_variant *var)
{
   static const char *const kinds[] = {
      "gl_ModelViewProjectionMatrix",
      "gl_ModelViewMatrix",
      "gl_ProjectionMatrix",
      "gl_TextureMatrix",
   };
   static const struct {
      const char *suffix;
      enum matrix_variant variant;
   } suffixes[] = {
      { "", PLAIN },
      { "Inverse", INVERSE },
      { "Transpose", TRANSPOSE },
      { "InverseTranspose", INVERSE_TRANSPOSE },
   };
   for (unsigned k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++) {
      size_t len = strlen(kinds[k]);
      if (strncmp(base, kinds[k], len) != 0)
         continue;
      for (unsigned s = 0; s < 4; s++) {
         if (strcmp(base + len, suffixes[s].suffix) == 0) {
            *kind = kinds[k];
            *var = suffixes[s].variant;
            return true;
         }
      }
   }
   return false;
}

static unsigned
matrix_value(struct st_compat_state *cs, const char *kind,
             enum matrix_variant var, int index, GLfloat out[16])
{
   GLfloat m[16];
   bool inverse = var == INVERSE || var == INVERSE_TRANSPOSE;

   if (strcmp(kind, "gl_ModelViewProjectionMatrix") == 0) {
      /* (P MV)^-1 = MV^-1 P^-1 */
      if (inverse)
         st_matrix_mul(m, st_matrix_top_inverse(&cs->modelview),
                       st_matrix_top_inverse(&cs->projection));
      else
         st_matrix_mul(m, st_matrix_top(&cs->projection),
                       st_matrix_top(&cs->modelview));
   } else {
      struct st_matrix_stack *stack;
      if (strcmp(kind, "gl_ModelViewMatrix") == 0) {
         stack = &cs->modelview;
      } else if (strcmp(kind, "gl_ProjectionMatrix") == 0) {
         stack = &cs->projection;
      } else {
         if (index >= ST_MAX_FF_TEXTURE_UNITS)
            return 0;
         stack = &cs->texture[index];
      }
      memcpy(m, inverse ? st_matrix_top_inverse(stack) : st_matrix_top(stack),
             sizeof(m));
   }
   if (var == TRANSPOSE || var == INVERSE_TRANSPOSE)
      st_matrix_transpose(out, m);
   else
      memcpy(out, m, sizeof(m));
   return 16;
}

/* gl_NormalMatrix: the upper 3x3 of the inverse transpose of the
 * modelview matrix, column by column. */
static unsigned
normal_matrix(struct st_compat_state *cs, GLfloat out[16])
{
   const GLfloat *inv = st_matrix_top_inverse(&cs->modelview);
   for (unsigned c = 0; c < 3; c++) {
      for (unsigned r = 0; r < 3; r++)
         out[c * 3 + r] = inv[r * 4 + c];
   }
   return 9;
}

/* GL 4.6 compat, 12.1.2: the rescale factor 1 / sqrt(m31^2 + m32^2 +
 * m33^2) of the inverse modelview matrix's third row. */
static unsigned
normal_scale(struct st_compat_state *cs, GLfloat out[16])
{
   const GLfloat *inv = st_matrix_top_inverse(&cs->modelview);
   float len = sqrtf(inv[2] * inv[2] + inv[6] * inv[6] + inv[10] * inv[10]);
   return scalar(out, len > 0.0f ? 1.0f / len : 1.0f);
}

/* ---- lighting ---- */

static unsigned
material_member(const struct st_material *m, const char *member,
                GLfloat out[16])
{
   if (strcmp(member, "emission") == 0)
      return copy(out, m->emission, 4);
   if (strcmp(member, "ambient") == 0)
      return copy(out, m->ambient, 4);
   if (strcmp(member, "diffuse") == 0)
      return copy(out, m->diffuse, 4);
   if (strcmp(member, "specular") == 0)
      return copy(out, m->specular, 4);
   if (strcmp(member, "shininess") == 0)
      return scalar(out, m->shininess);
   return 0;
}

/* The half vector of an infinite viewer: normalize(VP + (0, 0, 1)), VP
 * the normalized direction to the light (GLSL 1.50, 7.5 "Derived"). */
static void
half_vector(const struct st_light *l, GLfloat out[4])
{
   GLfloat d[3] = { l->position[0], l->position[1], l->position[2] };
   float len = sqrtf(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
   if (len > 0.0f) {
      for (unsigned c = 0; c < 3; c++)
         d[c] /= len;
   }
   d[2] += 1.0f;
   len = sqrtf(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
   for (unsigned c = 0; c < 3; c++)
      out[c] = len > 0.0f ? d[c] / len : 0.0f;
   out[3] = 0.0f;
}

static unsigned
light_member(const struct st_light *l, const char *member, GLfloat out[16])
{
   if (strcmp(member, "ambient") == 0)
      return copy(out, l->ambient, 4);
   if (strcmp(member, "diffuse") == 0)
      return copy(out, l->diffuse, 4);
   if (strcmp(member, "specular") == 0)
      return copy(out, l->specular, 4);
   if (strcmp(member, "position") == 0)
      return copy(out, l->position, 4);
   if (strcmp(member, "halfVector") == 0) {
      half_vector(l, out);
      return 4;
   }
   if (strcmp(member, "spotDirection") == 0)
      return copy(out, l->spot_direction, 3);
   if (strcmp(member, "spotExponent") == 0)
      return scalar(out, l->spot_exponent);
   if (strcmp(member, "spotCutoff") == 0)
      return scalar(out, l->spot_cutoff);
   if (strcmp(member, "spotCosCutoff") == 0)
      return scalar(out, cosf(l->spot_cutoff * (float)(M_PI / 180.0)));
   if (strcmp(member, "constantAttenuation") == 0)
      return scalar(out, l->constant_attenuation);
   if (strcmp(member, "linearAttenuation") == 0)
      return scalar(out, l->linear_attenuation);
   if (strcmp(member, "quadraticAttenuation") == 0)
      return scalar(out, l->quadratic_attenuation);
   return 0;
}

static void
product(GLfloat out[4], const GLfloat a[4], const GLfloat b[4])
{
   for (unsigned c = 0; c < 4; c++)
      out[c] = a[c] * b[c];
}

static unsigned
light_product(const struct st_light *l, const struct st_material *m,
              const char *member, GLfloat out[16])
{
   if (strcmp(member, "ambient") == 0)
      product(out, m->ambient, l->ambient);
   else if (strcmp(member, "diffuse") == 0)
      product(out, m->diffuse, l->diffuse);
   else if (strcmp(member, "specular") == 0)
      product(out, m->specular, l->specular);
   else
      return 0;
   return 4;
}

/* sceneColor = Ecm + Acm * Acs; its alpha is the material's diffuse
 * alpha, the alpha lighting produces (GL 4.6 compat, 12.2.1). */
static unsigned
scene_color(const struct st_compat_state *cs, const struct st_material *m,
            const char *member, GLfloat out[16])
{
   if (strcmp(member, "sceneColor") != 0)
      return 0;
   for (unsigned c = 0; c < 3; c++)
      out[c] = m->emission[c] + m->ambient[c] * cs->light_model_ambient[c];
   out[3] = m->diffuse[3];
   return 4;
}

/* ---- points, fog, depth range ---- */

static unsigned
point_member(struct st_context *ctx, const char *member, GLfloat out[16])
{
   struct st_compat_state *cs = ctx->compat;
   if (strcmp(member, "size") == 0)
      return scalar(out, ctx->state.point_size);
   if (strcmp(member, "sizeMin") == 0)
      return scalar(out, cs->point_size_min);
   if (strcmp(member, "sizeMax") == 0)
      return scalar(out, cs->point_size_max);
   if (strcmp(member, "fadeThresholdSize") == 0)
      return scalar(out, ctx->state.point_fade_threshold);
   if (strcmp(member, "distanceConstantAttenuation") == 0)
      return scalar(out, cs->point_distance_attenuation[0]);
   if (strcmp(member, "distanceLinearAttenuation") == 0)
      return scalar(out, cs->point_distance_attenuation[1]);
   if (strcmp(member, "distanceQuadraticAttenuation") == 0)
      return scalar(out, cs->point_distance_attenuation[2]);
   return 0;
}

static unsigned
fog_member(const struct st_compat_state *cs, const char *member,
           GLfloat out[16])
{
   if (strcmp(member, "color") == 0)
      return copy(out, cs->fog_color, 4);
   if (strcmp(member, "density") == 0)
      return scalar(out, cs->fog_density);
   if (strcmp(member, "start") == 0)
      return scalar(out, cs->fog_start);
   if (strcmp(member, "end") == 0)
      return scalar(out, cs->fog_end);
   /* GLSL 1.50, 7.5: scale = 1.0 / (gl_Fog.end - gl_Fog.start). */
   if (strcmp(member, "scale") == 0)
      return scalar(out, 1.0f / (cs->fog_end - cs->fog_start));
   return 0;
}

static unsigned
depth_range(struct st_context *ctx, const char *member, GLfloat out[16])
{
   GLfloat n = (GLfloat)ctx->state.depth_near;
   GLfloat f = (GLfloat)ctx->state.depth_far;
   if (strcmp(member, "near") == 0)
      return scalar(out, n);
   if (strcmp(member, "far") == 0)
      return scalar(out, f);
   if (strcmp(member, "diff") == 0)
      return scalar(out, f - n);
   return 0;
}

/* gl_EyePlaneS... and gl_ObjectPlaneS...: -1 for other names. */
static int
texgen_plane(const char *base, bool *eye)
{
   static const char coords[] = "STRQ";
   const char *rest;
   if (strncmp(base, "gl_EyePlane", 11) == 0) {
      *eye = true;
      rest = base + 11;
   } else if (strncmp(base, "gl_ObjectPlane", 14) == 0) {
      *eye = false;
      rest = base + 14;
   } else {
      return -1;
   }
   if (rest[0] == '\0' || rest[1] != '\0')
      return -1;
   const char *c = strchr(coords, rest[0]);
   return c ? (int)(c - coords) : -1;
}

unsigned
st_compat_state_uniform(struct st_context *ctx, const char *name,
                        GLfloat out[16])
{
   struct st_compat_state *cs = ctx->compat;
   struct leaf leaf;
   if (!cs || !name || !parse_leaf(name, &leaf))
      return 0;
   const char *base = leaf.base, *member = leaf.member;
   int i = leaf.index;

   if (strcmp(base, "gl_DepthRange") == 0)
      return depth_range(ctx, member, out);
   if (!st_is_compat(ctx))
      return 0;

   const char *kind;
   enum matrix_variant var;
   if (!member[0] && matrix_name(base, &kind, &var))
      return matrix_value(cs, kind, var, i, out);
   if (!member[0] && strcmp(base, "gl_NormalMatrix") == 0)
      return normal_matrix(cs, out);
   if (!member[0] && strcmp(base, "gl_NormalScale") == 0)
      return normal_scale(cs, out);
   if (strcmp(base, "gl_Point") == 0)
      return point_member(ctx, member, out);
   if (strcmp(base, "gl_Fog") == 0)
      return fog_member(cs, member, out);
   if (strcmp(base, "gl_LightModel") == 0)
      return strcmp(member, "ambient") == 0
                ? copy(out, cs->light_model_ambient, 4)
                : 0;

   /* The material as lighting sees it (colour material applied). */
   bool back = strncmp(base, "gl_Back", 7) == 0;
   struct st_material material;
   if (back || strncmp(base, "gl_Front", 8) == 0)
      st_light_material(ctx, back, &material);
   if (strcmp(base, "gl_FrontMaterial") == 0 ||
       strcmp(base, "gl_BackMaterial") == 0)
      return material_member(&material, member, out);
   if (strcmp(base, "gl_FrontLightModelProduct") == 0 ||
       strcmp(base, "gl_BackLightModelProduct") == 0)
      return scene_color(cs, &material, member, out);

   /* The arrays indexed by light, clip plane or texture unit. */
   if (strcmp(base, "gl_LightSource") == 0)
      return i < ST_MAX_LIGHTS ? light_member(&cs->light[i], member, out) : 0;
   if (strcmp(base, "gl_FrontLightProduct") == 0 ||
       strcmp(base, "gl_BackLightProduct") == 0) {
      return i < ST_MAX_LIGHTS
                ? light_product(&cs->light[i], &material, member, out)
                : 0;
   }
   if (member[0])
      return 0;
   if (strcmp(base, "gl_ClipPlane") == 0)
      return i < ST_MAX_CLIP_DISTANCES ? copy(out, cs->clip_plane[i], 4) : 0;
   if (i >= ST_MAX_FF_TEXTURE_UNITS)
      return 0;
   if (strcmp(base, "gl_TextureEnvColor") == 0)
      return copy(out, cs->texenv[i].color, 4);
   bool eye;
   int c = texgen_plane(base, &eye);
   if (c >= 0) {
      const struct st_texgen *g = &cs->texgen[i][c];
      return copy(out, eye ? g->eye_plane : g->object_plane, 4);
   }
   return 0;
}
