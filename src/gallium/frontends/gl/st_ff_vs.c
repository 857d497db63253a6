/* SPDX-License-Identifier: MIT */

/*
 * The fixed-function vertex stage of a key (st_ff.h) built as IR
 * (GL 4.6 compatibility, chapter 12): the clip position by the
 * modelview-projection matrix; the eye position for user clipping
 * (gl_ClipVertex), fog, lighting, texgen and point attenuation; the eye
 * normal, normalized or rescaled; per-vertex lighting of the enabled
 * lights (12.2.1, with the light products spelled out so colour material
 * can replace a material colour by gl_Color); texture coordinates
 * generated (12.1.3) and transformed by the texture matrices; the fog
 * coordinate; the attenuated point size (14.4).
 *
 * Everything is straight-line code: the key has decided each branch, and
 * the lighting equation's "if n . VP > 0" is a select.
 */
#include <stdio.h>

#include "compiler/glsl/glsl_link.h"
#include "st_ff.h"
#include "st_ff_ir.h"
#include "st_gl.h"

struct vs {
   struct st_ff_ir f;
   const struct st_ff_key *key;
   struct ir_def *vertex; /**< gl_Vertex */
   struct ir_def *eye;    /**< vec4 eye position */
   struct ir_def *normal; /**< vec3 eye normal */
   struct ir_def *color;  /**< gl_Color, loaded when first needed */
};

static bool
writes_texcoord(const struct st_ff_key *key, unsigned u)
{
   return key->unit[u].target != ST_FF_TEX_NONE ||
          (key->texcoords_read & (1u << u));
}

static bool
any_texgen(const struct st_ff_key *key, bool (*pred)(enum st_ff_texgen))
{
   for (unsigned u = 0; u < ST_MAX_FF_TEXTURE_UNITS; u++) {
      if (!writes_texcoord(key, u))
         continue;
      for (unsigned c = 0; c < 4; c++) {
         if (pred(key->unit[u].texgen[c]))
            return true;
      }
   }
   return false;
}

static bool
texgen_needs_eye(enum st_ff_texgen g)
{
   return g != ST_FF_TEXGEN_OFF && g != ST_FF_TEXGEN_OBJECT_LINEAR;
}

static bool
texgen_needs_normal(enum st_ff_texgen g)
{
   return g == ST_FF_TEXGEN_SPHERE_MAP || g == ST_FF_TEXGEN_NORMAL_MAP ||
          g == ST_FF_TEXGEN_REFLECTION_MAP;
}

static bool
texgen_needs_reflection(enum st_ff_texgen g)
{
   return g == ST_FF_TEXGEN_SPHERE_MAP || g == ST_FF_TEXGEN_REFLECTION_MAP;
}

/* ---- lighting ---- */

/* Whether (@p tracked_mode, @p tracked_face) covers property @p mode of
 * the front or @p back face. */
static bool
covers(GLenum tracked_mode, GLenum tracked_face, bool back, GLenum mode)
{
   bool face = tracked_face == GL_FRONT_AND_BACK ||
               tracked_face == (back ? GL_BACK : GL_FRONT);
   return face && tracked_mode &&
          (tracked_mode == mode ||
           (tracked_mode == GL_AMBIENT_AND_DIFFUSE &&
            (mode == GL_AMBIENT || mode == GL_DIFFUSE)));
}

/* The per-vertex material attribute of property @p mode of a face, NULL
 * when the property does not vary per vertex (the last pair wins). */
static struct ir_def *
vertex_material(struct vs *v, bool back, GLenum mode)
{
   struct st_ff_ir *f = &v->f;
   for (unsigned i = ST_MAX_VERTEX_MATERIALS; i-- > 0;) {
      const struct st_vertex_material *vm = &v->key->vertex_material[i];
      if (!covers(vm->mode, vm->face, back, mode))
         continue;
      /* A name the implementation reserves (gl_): the linker leaves
       * its location as it is. */
      char name[32];
      snprintf(name, sizeof(name), "gl_StVertexMaterial%u", i);
      struct ir_variable *var = ir_shader_find_variable(f->shader, name);
      if (!var) {
         var = ir_variable_create(f->shader, IR_VAR_SHADER_IN,
                                  ir_type_get_vector(IR_TYPE_FLOAT, 4), name);
         if (!var)
            return NULL;
         /* ST_ATTRIB_MATERIAL(i) of st_vertex_priv.h */
         var->location =
            GLSL_LINK_BUILTIN_ATTRIB_BASE + GLSL_ATTRIB_COUNT + (int)i;
      }
      return ir_load_var(&f->b, var);
   }
   return NULL;
}

/* The material colour @p what of a face: gl_Color when colour material
 * tracks it there, its per-vertex attribute when glMaterial changes it
 * inside glBegin/glEnd, else the material uniform. */
static struct ir_def *
material_color(struct vs *v, bool back, const char *what, GLenum mode)
{
   const struct st_ff_key *key = v->key;
   if (covers(key->color_material_mode, key->color_material_face, back, mode)) {
      if (!v->color)
         v->color = st_ff_ir_load(&v->f, "gl_Color");
      return v->color;
   }
   struct ir_def *per_vertex = vertex_material(v, back, mode);
   if (per_vertex)
      return per_vertex;
   return st_ff_ir_load_field(
      &v->f, back ? "gl_BackMaterial" : "gl_FrontMaterial", -1, what);
}

static struct ir_def *
light_rgb(struct vs *v, unsigned i, const char *what)
{
   return st_ff_ir_swz(
      &v->f, st_ff_ir_load_field(&v->f, "gl_LightSource", (int)i, what), "xyz");
}

/* Direction to light @p i (VP) and its attenuation times the spot
 * factor. */
static void
light_vector(struct vs *v, unsigned i, struct ir_def **vp, struct ir_def **att)
{
   struct st_ff_ir *f = &v->f;
   struct ir_builder *b = &f->b;
   const struct st_ff_light *l = &v->key->light[i];
   struct ir_def *pos =
      st_ff_ir_load_field(f, "gl_LightSource", (int)i, "position");
   if (l->positional) {
      struct ir_def *w = st_ff_ir_splat(f, ir_channel(b, pos, 3), 3);
      struct ir_def *d = ir_fsub(b, ir_fdiv(b, st_ff_ir_swz(f, pos, "xyz"), w),
                                 st_ff_ir_swz(f, v->eye, "xyz"));
      struct ir_def *dist = st_ff_ir_length(f, d);
      *vp = ir_fdiv(b, d, st_ff_ir_splat(f, dist, 3));
      struct ir_def *k0 = st_ff_ir_load_field(f, "gl_LightSource", (int)i,
                                              "constantAttenuation");
      struct ir_def *k1 =
         st_ff_ir_load_field(f, "gl_LightSource", (int)i, "linearAttenuation");
      struct ir_def *k2 = st_ff_ir_load_field(f, "gl_LightSource", (int)i,
                                              "quadraticAttenuation");
      struct ir_def *den = ir_fadd(b, ir_fadd(b, k0, ir_fmul(b, k1, dist)),
                                   ir_fmul(b, k2, ir_fmul(b, dist, dist)));
      *att = ir_frcp(b, den);
   } else {
      *vp = st_ff_ir_normalize(f, st_ff_ir_swz(f, pos, "xyz"));
      *att = ir_imm_float(b, 1.0f);
   }
   if (!l->spot)
      return;
   /* 12.2.1: the spotlight factor is (max(-VP . sdli, 0))^srli inside the
    * cone, 0 outside. */
   struct ir_def *dir = st_ff_ir_normalize(
      f, st_ff_ir_load_field(f, "gl_LightSource", (int)i, "spotDirection"));
   struct ir_def *sd = st_ff_ir_dot3(f, ir_fneg(b, *vp), dir);
   struct ir_def *cut =
      st_ff_ir_load_field(f, "gl_LightSource", (int)i, "spotCosCutoff");
   struct ir_def *expo =
      st_ff_ir_load_field(f, "gl_LightSource", (int)i, "spotExponent");
   struct ir_def *spot =
      ir_fpow(b, ir_fmax(b, sd, ir_imm_float(b, 1e-30f)), expo);
   spot = ir_bcsel(b, ir_fge(b, sd, cut), spot, ir_imm_float(b, 0.0f));
   *att = ir_fmul(b, *att, spot);
}

/* 12.2.1: the lit colour of one face into its colour outputs. */
static void
light_face(struct vs *v, bool back)
{
   struct st_ff_ir *f = &v->f;
   struct ir_builder *b = &f->b;
   const struct st_ff_key *key = v->key;
   struct ir_def *emission = material_color(v, back, "emission", GL_EMISSION);
   struct ir_def *ambient = material_color(v, back, "ambient", GL_AMBIENT);
   struct ir_def *diffuse = material_color(v, back, "diffuse", GL_DIFFUSE);
   struct ir_def *specular = material_color(v, back, "specular", GL_SPECULAR);
   struct ir_def *shininess = vertex_material(v, back, GL_SHININESS);
   shininess =
      shininess
         ? ir_channel(b, shininess, 0)
         : st_ff_ir_load_field(f, back ? "gl_BackMaterial" : "gl_FrontMaterial",
                               -1, "shininess");
   struct ir_def *n = back ? ir_fneg(b, v->normal) : v->normal;
   struct ir_def *scene = st_ff_ir_swz(
      f, st_ff_ir_load_field(f, "gl_LightModel", -1, "ambient"), "xyz");

   struct ir_def *color =
      ir_fadd(b, st_ff_ir_swz(f, emission, "xyz"),
              ir_fmul(b, st_ff_ir_swz(f, ambient, "xyz"), scene));
   struct ir_def *spec = st_ff_ir_fconst(f, 0.0f, 3);

   for (unsigned i = 0; i < ST_MAX_LIGHTS; i++) {
      if (!key->light[i].enabled)
         continue;
      struct ir_def *vp, *att;
      light_vector(v, i, &vp, &att);
      struct ir_def *to_eye =
         key->local_viewer
            ? st_ff_ir_normalize(f, ir_fneg(b, st_ff_ir_swz(f, v->eye, "xyz")))
            : ir_imm_vec4(b, 0.0f, 0.0f, 1.0f, 0.0f);
      if (!key->local_viewer)
         to_eye = st_ff_ir_swz(f, to_eye, "xyz");
      struct ir_def *h = st_ff_ir_normalize(f, ir_fadd(b, vp, to_eye));
      struct ir_def *ndotvp =
         ir_fmax(b, st_ff_ir_dot3(f, n, vp), ir_imm_float(b, 0.0f));
      /* 0^0 is 1 in the lighting equation; pow() leaves it undefined,
       * so the base never reaches 0. */
      struct ir_def *ndoth =
         ir_fmax(b, st_ff_ir_dot3(f, n, h), ir_imm_float(b, 1e-30f));

      struct ir_def *lit =
         ir_fadd(b,
                 ir_fmul(b, st_ff_ir_swz(f, ambient, "xyz"),
                         light_rgb(v, i, "ambient")),
                 ir_fmul(b, st_ff_ir_splat(f, ndotvp, 3),
                         ir_fmul(b, st_ff_ir_swz(f, diffuse, "xyz"),
                                 light_rgb(v, i, "diffuse"))));
      color = ir_fadd(b, color, ir_fmul(b, st_ff_ir_splat(f, att, 3), lit));

      struct ir_def *s = ir_fmul(b, att, ir_fpow(b, ndoth, shininess));
      struct ir_def *lit_side = ir_flt(b, ir_imm_float(b, 0.0f), ndotvp);
      s = ir_bcsel(b, lit_side, s, ir_imm_float(b, 0.0f));
      struct ir_def *srgb = ir_fmul(b, st_ff_ir_splat(f, s, 3),
                                    ir_fmul(b, st_ff_ir_swz(f, specular, "xyz"),
                                            light_rgb(v, i, "specular")));
      spec = ir_fadd(b, spec, srgb);
   }

   struct ir_def *zero = ir_imm_float(b, 0.0f), *one = ir_imm_float(b, 1.0f);
   struct ir_def *alpha = ir_channel(b, diffuse, 3);
   const char *out = back ? "gl_BackColor" : "gl_FrontColor";
   const char *out2 = back ? "gl_BackSecondaryColor" : "gl_FrontSecondaryColor";
   if (key->separate_specular) {
      st_ff_ir_store(
         f, out, -1,
         st_ff_ir_clamp(f, st_ff_ir_rgb_a(f, color, alpha), zero, one));
      st_ff_ir_store(
         f, out2, -1,
         st_ff_ir_rgb_a(f, st_ff_ir_clamp(f, spec, zero, one), zero));
   } else {
      st_ff_ir_store(
         f, out, -1,
         st_ff_ir_clamp(f, st_ff_ir_rgb_a(f, ir_fadd(b, color, spec), alpha),
                        zero, one));
      st_ff_ir_store(f, out2, -1, st_ff_ir_fconst(f, 0.0f, 4));
   }
}

/* ---- texture coordinates ---- */

/* GL 4.6 compat, 12.1.3: the sphere map and reflection map use the unit
 * vector from the eye to the vertex, u, and r = u - 2 n (n . u). */
static void
reflection(struct vs *v, struct ir_def **refl, struct ir_def **sphere)
{
   struct st_ff_ir *f = &v->f;
   struct ir_builder *b = &f->b;
   struct ir_def *u = st_ff_ir_normalize(f, st_ff_ir_swz(f, v->eye, "xyz"));
   struct ir_def *nu = st_ff_ir_dot3(f, v->normal, u);
   struct ir_def *r = ir_fsub(
      b, u,
      ir_fmul(b, st_ff_ir_splat(f, ir_fmul(b, ir_imm_float(b, 2.0f), nu), 3),
              v->normal));
   struct ir_def *rz1 = ir_fadd(b, ir_channel(b, r, 2), ir_imm_float(b, 1.0f));
   struct ir_def *rx = ir_channel(b, r, 0), *ry = ir_channel(b, r, 1);
   struct ir_def *m = ir_fmul(
      b, ir_imm_float(b, 2.0f),
      ir_fsqrt(b, ir_fadd(b, ir_fadd(b, ir_fmul(b, rx, rx), ir_fmul(b, ry, ry)),
                          ir_fmul(b, rz1, rz1))));
   *refl = r;
   *sphere =
      ir_fadd(b, ir_fdiv(b, st_ff_ir_swz(f, r, "xy"), st_ff_ir_splat(f, m, 2)),
              st_ff_ir_fconst(f, 0.5f, 2));
}

static const char *const multi_tex_coord[ST_MAX_FF_TEXTURE_UNITS] = {
   "gl_MultiTexCoord0", "gl_MultiTexCoord1", "gl_MultiTexCoord2",
   "gl_MultiTexCoord3", "gl_MultiTexCoord4", "gl_MultiTexCoord5",
   "gl_MultiTexCoord6", "gl_MultiTexCoord7",
};

static const char *const plane_names[2][4] = {
   { "gl_ObjectPlaneS", "gl_ObjectPlaneT", "gl_ObjectPlaneR",
     "gl_ObjectPlaneQ" },
   { "gl_EyePlaneS", "gl_EyePlaneT", "gl_EyePlaneR", "gl_EyePlaneQ" },
};

static void
texcoords(struct vs *v)
{
   struct st_ff_ir *f = &v->f;
   struct ir_builder *b = &f->b;
   const struct st_ff_key *key = v->key;
   struct ir_def *refl = NULL, *sphere = NULL;
   if (any_texgen(key, texgen_needs_reflection))
      reflection(v, &refl, &sphere);

   for (unsigned u = 0; u < ST_MAX_FF_TEXTURE_UNITS; u++) {
      if (!writes_texcoord(key, u))
         continue;
      struct ir_def *tc = st_ff_ir_load(f, multi_tex_coord[u]);
      struct ir_def *comp[4];
      for (unsigned c = 0; c < 4; c++) {
         comp[c] = ir_channel(b, tc, c);
         switch ((enum st_ff_texgen)key->unit[u].texgen[c]) {
         case ST_FF_TEXGEN_OFF:
            break;
         case ST_FF_TEXGEN_OBJECT_LINEAR:
            comp[c] = ir_fdot4(b, st_ff_ir_load_elem(f, plane_names[0][c], u),
                               v->vertex);
            break;
         case ST_FF_TEXGEN_EYE_LINEAR:
            comp[c] =
               ir_fdot4(b, st_ff_ir_load_elem(f, plane_names[1][c], u), v->eye);
            break;
         case ST_FF_TEXGEN_SPHERE_MAP:
            comp[c] = ir_channel(b, sphere, c < 2 ? c : 0);
            break;
         case ST_FF_TEXGEN_REFLECTION_MAP:
            comp[c] = ir_channel(b, refl, c < 3 ? c : 0);
            break;
         case ST_FF_TEXGEN_NORMAL_MAP:
            comp[c] = ir_channel(b, v->normal, c < 3 ? c : 0);
            break;
         }
      }
      struct ir_def *gen = ir_vec(b, comp, 4);
      struct ir_def *m =
         st_ff_ir_elem(f, st_ff_ir_var(f, "gl_TextureMatrix"), u);
      st_ff_ir_store(f, "gl_TexCoord", (int)u, st_ff_ir_mat_mul(f, m, 4, gen));
   }
}

/* ---- the stage ---- */

static void
point_size(struct vs *v)
{
   struct st_ff_ir *f = &v->f;
   struct ir_builder *b = &f->b;
   /* GL 4.6 compat, 14.4 equation 14.1: the derived size. */
   struct ir_def *d = st_ff_ir_length(f, st_ff_ir_swz(f, v->eye, "xyz"));
   struct ir_def *a =
      st_ff_ir_load_field(f, "gl_Point", -1, "distanceConstantAttenuation");
   struct ir_def *l =
      st_ff_ir_load_field(f, "gl_Point", -1, "distanceLinearAttenuation");
   struct ir_def *q =
      st_ff_ir_load_field(f, "gl_Point", -1, "distanceQuadraticAttenuation");
   struct ir_def *den = ir_fadd(b, ir_fadd(b, a, ir_fmul(b, l, d)),
                                ir_fmul(b, q, ir_fmul(b, d, d)));
   struct ir_def *size = ir_fmul(
      b, st_ff_ir_load_field(f, "gl_Point", -1, "size"), ir_frsq(b, den));
   st_ff_ir_store(
      f, "gl_PointSize", -1,
      st_ff_ir_clamp(f, size, st_ff_ir_load_field(f, "gl_Point", -1, "sizeMin"),
                     st_ff_ir_load_field(f, "gl_Point", -1, "sizeMax")));
}

/* Pixel rectangles (st_draw_pixels.c): every input arrives transformed
 * already (clip position, the raster colours, texture and fog
 * coordinates), so the stage only passes them through. */
static void
window_pass(struct vs *v)
{
   struct st_ff_ir *f = &v->f;
   const struct st_ff_key *key = v->key;
   st_ff_ir_store(f, "gl_Position", -1, st_ff_ir_load(f, "gl_Vertex"));
   struct ir_def *c = st_ff_ir_load(f, "gl_Color");
   st_ff_ir_store(f, "gl_FrontColor", -1, c);
   st_ff_ir_store(f, "gl_BackColor", -1, c);
   struct ir_def *c2 = st_ff_ir_load(f, "gl_SecondaryColor");
   st_ff_ir_store(f, "gl_FrontSecondaryColor", -1, c2);
   st_ff_ir_store(f, "gl_BackSecondaryColor", -1, c2);
   for (unsigned u = 0; u < ST_MAX_FF_TEXTURE_UNITS; u++) {
      if (writes_texcoord(key, u))
         st_ff_ir_store(f, "gl_TexCoord", (int)u,
                        st_ff_ir_load(f, multi_tex_coord[u]));
   }
   if (key->fog)
      st_ff_ir_store(f, "gl_FogFragCoord", -1, st_ff_ir_load(f, "gl_FogCoord"));
}

struct ir_shader *
st_ff_vs_build(const struct st_ff_key *key, struct u_arena *parent,
               const struct glsl_limits *limits)
{
   struct vs v = { .key = key };
   struct st_ff_ir *f = &v.f;
   if (!st_ff_ir_init(f, parent, IR_STAGE_VERTEX, limits))
      return NULL;
   struct ir_builder *b = &f->b;
   if (key->window_pass) {
      window_pass(&v);
      return f->shader;
   }

   bool need_normal = key->lighting || any_texgen(key, texgen_needs_normal);
   bool need_eye = need_normal || key->clip_vertex ||
                   (key->fog && !key->fog_from_coord) ||
                   key->point_attenuation || any_texgen(key, texgen_needs_eye);

   v.vertex = st_ff_ir_load(f, "gl_Vertex");
   st_ff_ir_store(
      f, "gl_Position", -1,
      st_ff_ir_mat_mul(f, st_ff_ir_var(f, "gl_ModelViewProjectionMatrix"), 4,
                       v.vertex));
   if (need_eye)
      v.eye = st_ff_ir_mat_mul(f, st_ff_ir_var(f, "gl_ModelViewMatrix"), 4,
                               v.vertex);
   if (need_normal) {
      v.normal = st_ff_ir_mat_mul(f, st_ff_ir_var(f, "gl_NormalMatrix"), 3,
                                  st_ff_ir_load(f, "gl_Normal"));
      if (key->normalize)
         v.normal = st_ff_ir_normalize(f, v.normal);
      else if (key->rescale_normal)
         v.normal =
            ir_fmul(b, v.normal,
                    st_ff_ir_splat(f, st_ff_ir_load(f, "gl_NormalScale"), 3));
   }
   if (key->clip_vertex)
      st_ff_ir_store(f, "gl_ClipVertex", -1, v.eye);

   if (key->lighting) {
      light_face(&v, false);
      if (key->two_side)
         light_face(&v, true);
   } else {
      v.color = st_ff_ir_load(f, "gl_Color");
      st_ff_ir_store(f, "gl_FrontColor", -1, v.color);
      st_ff_ir_store(f, "gl_BackColor", -1, v.color);
      if (key->color_sum) {
         struct ir_def *c2 = st_ff_ir_load(f, "gl_SecondaryColor");
         st_ff_ir_store(f, "gl_FrontSecondaryColor", -1, c2);
         st_ff_ir_store(f, "gl_BackSecondaryColor", -1, c2);
      }
   }
   texcoords(&v);

   if (key->fog) {
      /* GL 4.6 compat, 16.5: c is the eye distance, which may be
       * approximated by |ze|. */
      struct ir_def *c = key->fog_from_coord
                            ? st_ff_ir_load(f, "gl_FogCoord")
                            : ir_fabs(b, ir_channel(b, v.eye, 2));
      st_ff_ir_store(f, "gl_FogFragCoord", -1, c);
   }
   if (key->point_attenuation)
      point_size(&v);
   return f->shader;
}
