/* SPDX-License-Identifier: MIT */

/*
 * The GLSL 1.20 text of a fixed-function program key (st_ff.h), using the
 * compatibility attributes, varyings and state uniforms, so the program
 * needs no uniforms of its own but its samplers.
 *
 * Vertex stage (GL 4.6 compatibility, chapter 12): clip position by the
 * modelview-projection matrix, eye position for clipping (gl_ClipVertex),
 * fog, lighting and texgen; per-vertex lighting of the enabled lights
 * (12.2.1, with the light products spelled out so colour material can
 * replace a material colour by gl_Color); texture coordinates generated
 * (12.1.3) and transformed by the texture matrices.
 *
 * Fragment stage (chapter 16): each enabled unit samples its texture
 * (projectively: s/q, t/q, r/q, as fixed-function texturing does), then
 * the units' environment functions apply in order (table 16.1 for
 * REPLACE, MODULATE, DECAL, BLEND, ADD, tables 16.2 - 16.4 for COMBINE),
 * the colour sum (16.4) and fog (16.5).  Textures are taken as RGBA: the
 * base-format rows of table 16.1 (an RGB texture under REPLACE keeps the
 * fragment's alpha) differ only where the sampled alpha of a texture
 * without alpha (1) is not what the table uses.
 */
#include <stdbool.h>

#include "st_ff.h"
#include "st_gl.h"
#include "util/u_strbuf.h"

static const char coord_name[4] = { 'S', 'T', 'R', 'Q' };

static bool
unit_enabled(const struct st_ff_key *key, unsigned u)
{
   return key->unit[u].target != ST_FF_TEX_NONE;
}

/* Whether the vertex stage computes gl_TexCoord[u]. */
static bool
writes_texcoord(const struct st_ff_key *key, unsigned u)
{
   return unit_enabled(key, u) || (key->texcoords_read & (1u << u));
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

/* ---- vertex stage ---- */

/* The material colour @p what ("ambient"...) of @p face, or gl_Color when
 * colour material tracks it there. */
static void
material_color(struct u_strbuf *b, const struct st_ff_key *key, bool back,
               const char *what, GLenum mode)
{
   GLenum face = key->color_material_face;
   bool face_tracked =
      face == GL_FRONT_AND_BACK || face == (back ? GL_BACK : GL_FRONT);
   bool tracked = key->color_material_mode &&
                  (key->color_material_mode == mode ||
                   (key->color_material_mode == GL_AMBIENT_AND_DIFFUSE &&
                    (mode == GL_AMBIENT || mode == GL_DIFFUSE)));
   if (face_tracked && tracked)
      u_strbuf_appendf(b, "   vec4 %s_%s = gl_Color;\n",
                       back ? "back" : "front", what);
   else
      u_strbuf_appendf(b, "   vec4 %s_%s = gl_%sMaterial.%s;\n",
                       back ? "back" : "front", what, back ? "Back" : "Front",
                       what);
}

/* GL 4.6 compat, 12.2.1: the lit colour of one face into
 * <face>_color and <face>_spec. */
static void
emit_lighting_face(struct u_strbuf *b, const struct st_ff_key *key, bool back)
{
   const char *f = back ? "back" : "front";
   material_color(b, key, back, "emission", GL_EMISSION);
   material_color(b, key, back, "ambient", GL_AMBIENT);
   material_color(b, key, back, "diffuse", GL_DIFFUSE);
   material_color(b, key, back, "specular", GL_SPECULAR);
   u_strbuf_appendf(b, "   vec3 %s_n = %snormal;\n", f, back ? "-" : "");
   u_strbuf_appendf(b,
                    "   vec4 %s_color = vec4(%s_emission.rgb + %s_ambient.rgb "
                    "* gl_LightModel.ambient.rgb, %s_diffuse.a);\n",
                    f, f, f, f);
   u_strbuf_appendf(b, "   vec3 %s_spec = vec3(0.0);\n", f);

   for (unsigned i = 0; i < ST_MAX_LIGHTS; i++) {
      const struct st_ff_light *l = &key->light[i];
      if (!l->enabled)
         continue;
      u_strbuf_appendf(b, "   {\n");
      if (l->positional) {
         u_strbuf_appendf(b,
                          "      vec3 d = gl_LightSource[%u].position.xyz / "
                          "gl_LightSource[%u].position.w - eye.xyz;\n"
                          "      float dist = length(d);\n"
                          "      vec3 vp = d / dist;\n"
                          "      float att = 1.0 / (gl_LightSource[%u]."
                          "constantAttenuation + gl_LightSource[%u]."
                          "linearAttenuation * dist + gl_LightSource[%u]."
                          "quadraticAttenuation * dist * dist);\n",
                          i, i, i, i, i);
      } else {
         u_strbuf_appendf(b,
                          "      vec3 vp = normalize(gl_LightSource[%u]."
                          "position.xyz);\n"
                          "      float att = 1.0;\n",
                          i);
      }
      if (l->spot) {
         u_strbuf_appendf(b,
                          "      float sd = dot(-vp, normalize("
                          "gl_LightSource[%u].spotDirection));\n"
                          "      att *= sd >= gl_LightSource[%u].spotCosCutoff"
                          " ? pow(max(sd, 0.0), gl_LightSource[%u]."
                          "spotExponent) : 0.0;\n",
                          i, i, i);
      }
      if (key->local_viewer)
         u_strbuf_appendf(b, "      vec3 h = normalize(vp + normalize("
                             "-eye.xyz));\n");
      else
         u_strbuf_appendf(b, "      vec3 h = normalize(vp + vec3(0.0, 0.0, "
                             "1.0));\n");
      /* 0^0 is 1 in the lighting equation; pow() leaves it undefined,
       * so the base never reaches 0. */
      u_strbuf_appendf(
         b,
         "      float ndotvp = max(dot(%s_n, vp), 0.0);\n"
         "      float ndoth = max(dot(%s_n, h), 1e-30);\n"
         "      %s_color.rgb += att * (%s_ambient.rgb * gl_LightSource[%u]."
         "ambient.rgb + ndotvp * %s_diffuse.rgb * gl_LightSource[%u]."
         "diffuse.rgb);\n"
         "      if (ndotvp > 0.0)\n"
         "         %s_spec += att * pow(ndoth, gl_%sMaterial.shininess) * "
         "%s_specular.rgb * gl_LightSource[%u].specular.rgb;\n"
         "   }\n",
         f, f, f, f, i, f, i, f, back ? "Back" : "Front", f, i);
   }

   const char *out = back ? "gl_BackColor" : "gl_FrontColor";
   const char *out2 = back ? "gl_BackSecondaryColor" : "gl_FrontSecondaryColor";
   if (key->separate_specular) {
      u_strbuf_appendf(b, "   %s = clamp(%s_color, 0.0, 1.0);\n", out, f);
      u_strbuf_appendf(b, "   %s = vec4(clamp(%s_spec, 0.0, 1.0), 0.0);\n",
                       out2, f);
   } else {
      u_strbuf_appendf(b,
                       "   %s = clamp(vec4(%s_color.rgb + %s_spec, "
                       "%s_color.a), 0.0, 1.0);\n",
                       out, f, f, f);
      u_strbuf_appendf(b, "   %s = vec4(0.0);\n", out2);
   }
}

static void
emit_texcoords(struct u_strbuf *b, const struct st_ff_key *key)
{
   for (unsigned u = 0; u < ST_MAX_FF_TEXTURE_UNITS; u++) {
      if (!writes_texcoord(key, u))
         continue;
      const struct st_ff_unit *unit = &key->unit[u];
      u_strbuf_appendf(b, "   vec4 tc%u = gl_MultiTexCoord%u;\n", u, u);
      for (unsigned c = 0; c < 4; c++) {
         static const char comp[4] = { 's', 't', 'p', 'q' };
         char C = coord_name[c];
         switch ((enum st_ff_texgen)unit->texgen[c]) {
         case ST_FF_TEXGEN_OFF:
            break;
         case ST_FF_TEXGEN_OBJECT_LINEAR:
            u_strbuf_appendf(b,
                             "   tc%u.%c = dot(gl_ObjectPlane%c[%u], "
                             "gl_Vertex);\n",
                             u, comp[c], C, u);
            break;
         case ST_FF_TEXGEN_EYE_LINEAR:
            u_strbuf_appendf(b, "   tc%u.%c = dot(gl_EyePlane%c[%u], eye);\n",
                             u, comp[c], C, u);
            break;
         case ST_FF_TEXGEN_SPHERE_MAP:
            u_strbuf_appendf(b, "   tc%u.%c = sphere.%c;\n", u, comp[c],
                             "xy"[c]);
            break;
         case ST_FF_TEXGEN_REFLECTION_MAP:
            u_strbuf_appendf(b, "   tc%u.%c = refl.%c;\n", u, comp[c],
                             "xyz"[c]);
            break;
         case ST_FF_TEXGEN_NORMAL_MAP:
            u_strbuf_appendf(b, "   tc%u.%c = normal.%c;\n", u, comp[c],
                             "xyz"[c]);
            break;
         }
      }
      u_strbuf_appendf(b, "   gl_TexCoord[%u] = gl_TextureMatrix[%u] * tc%u;\n",
                       u, u, u);
   }
}

/* Pixel rectangles: everything comes already transformed. */
static void
window_pass_source(const struct st_ff_key *key, struct u_strbuf *b)
{
   u_strbuf_append(b, "#version 120\n"
                      "void main()\n"
                      "{\n"
                      "   gl_Position = gl_Vertex;\n"
                      "   gl_FrontColor = gl_Color;\n"
                      "   gl_BackColor = gl_Color;\n"
                      "   gl_FrontSecondaryColor = gl_SecondaryColor;\n"
                      "   gl_BackSecondaryColor = gl_SecondaryColor;\n");
   for (unsigned u = 0; u < ST_MAX_FF_TEXTURE_UNITS; u++) {
      if (writes_texcoord(key, u))
         u_strbuf_appendf(b, "   gl_TexCoord[%u] = gl_MultiTexCoord%u;\n", u,
                          u);
   }
   if (key->fog)
      u_strbuf_append(b, "   gl_FogFragCoord = gl_FogCoord;\n");
   u_strbuf_append(b, "}\n");
}

static void
vertex_source(const struct st_ff_key *key, struct u_strbuf *b)
{
   if (key->window_pass) {
      window_pass_source(key, b);
      return;
   }
   bool need_normal = key->lighting || any_texgen(key, texgen_needs_normal);
   bool need_eye = need_normal || key->clip_vertex ||
                   (key->fog && !key->fog_from_coord) ||
                   key->point_attenuation || any_texgen(key, texgen_needs_eye);

   u_strbuf_append(b, "#version 120\n"
                      "void main()\n"
                      "{\n"
                      "   gl_Position = ftransform();\n");
   if (need_eye)
      u_strbuf_append(b, "   vec4 eye = gl_ModelViewMatrix * gl_Vertex;\n");
   if (need_normal) {
      u_strbuf_append(b, "   vec3 normal = gl_NormalMatrix * gl_Normal;\n");
      if (key->normalize)
         u_strbuf_append(b, "   normal = normalize(normal);\n");
      else if (key->rescale_normal)
         u_strbuf_append(b, "   normal *= gl_NormalScale;\n");
   }
   if (key->clip_vertex)
      u_strbuf_append(b, "   gl_ClipVertex = eye;\n");

   if (key->lighting) {
      emit_lighting_face(b, key, false);
      if (key->two_side)
         emit_lighting_face(b, key, true);
   } else {
      u_strbuf_append(b, "   gl_FrontColor = gl_Color;\n"
                         "   gl_BackColor = gl_Color;\n");
      if (key->color_sum)
         u_strbuf_append(b, "   gl_FrontSecondaryColor = gl_SecondaryColor;\n"
                            "   gl_BackSecondaryColor = gl_SecondaryColor;\n");
   }

   /* GL 4.6 compat, 12.1.3: the sphere map and reflection map use the
    * unit vector from the eye to the vertex, u, and r = u - 2 n (n . u). */
   if (any_texgen(key, texgen_needs_reflection)) {
      u_strbuf_append(b, "   vec3 u = normalize(eye.xyz);\n"
                         "   vec3 refl = reflect(u, normal);\n"
                         "   float m = 2.0 * sqrt(refl.x * refl.x + refl.y * "
                         "refl.y + (refl.z + 1.0) * (refl.z + 1.0));\n"
                         "   vec2 sphere = refl.xy / m + vec2(0.5);\n");
   }
   emit_texcoords(b, key);

   if (key->fog) {
      /* GL 4.6 compat, 16.5: c is the eye distance, which may be
       * approximated by |ze|. */
      u_strbuf_append(b, key->fog_from_coord
                            ? "   gl_FogFragCoord = gl_FogCoord;\n"
                            : "   gl_FogFragCoord = abs(eye.z);\n");
   }
   if (key->point_attenuation) {
      /* GL 4.6 compat, 14.4 equation 14.1: the derived size. */
      u_strbuf_append(b, "   float pd = length(eye.xyz);\n"
                         "   gl_PointSize = clamp(gl_Point.size * inversesqrt("
                         "gl_Point.distanceConstantAttenuation + "
                         "gl_Point.distanceLinearAttenuation * pd + "
                         "gl_Point.distanceQuadraticAttenuation * pd * pd), "
                         "gl_Point.sizeMin, gl_Point.sizeMax);\n");
   }
   u_strbuf_append(b, "}\n");
}

/* ---- fragment stage ---- */

static const char *
sampler_type(enum st_ff_target t)
{
   switch (t) {
   case ST_FF_TEX_1D:
      return "sampler1D";
   case ST_FF_TEX_3D:
      return "sampler3D";
   case ST_FF_TEX_CUBE:
      return "samplerCube";
   case ST_FF_TEX_RECT:
      return "sampler2DRect";
   default:
      return "sampler2D";
   }
}

static void
emit_sample(struct u_strbuf *b, unsigned u, enum st_ff_target t)
{
   switch (t) {
   case ST_FF_TEX_1D:
      u_strbuf_appendf(b,
                       "   vec4 tex%u = texture1DProj(st_ff_sampler%u, "
                       "gl_TexCoord[%u]);\n",
                       u, u, u);
      break;
   case ST_FF_TEX_3D:
      u_strbuf_appendf(b,
                       "   vec4 tex%u = texture3DProj(st_ff_sampler%u, "
                       "gl_TexCoord[%u]);\n",
                       u, u, u);
      break;
   case ST_FF_TEX_CUBE:
      u_strbuf_appendf(b,
                       "   vec4 tex%u = textureCube(st_ff_sampler%u, "
                       "gl_TexCoord[%u].stp);\n",
                       u, u, u);
      break;
   case ST_FF_TEX_RECT:
      u_strbuf_appendf(b,
                       "   vec4 tex%u = texture2DRectProj(st_ff_sampler%u, "
                       "gl_TexCoord[%u]);\n",
                       u, u, u);
      break;
   default:
      u_strbuf_appendf(b,
                       "   vec4 tex%u = texture2DProj(st_ff_sampler%u, "
                       "gl_TexCoord[%u]);\n",
                       u, u, u);
      break;
   }
}

/* A COMBINE source as a vec4 expression (GL 4.6 compat, table 16.3). */
static void
combine_source(struct u_strbuf *b, const struct st_ff_key *key, unsigned u,
               GLenum src)
{
   switch (src) {
   case GL_TEXTURE:
      u_strbuf_appendf(b, "tex%u", u);
      break;
   case GL_CONSTANT:
      u_strbuf_appendf(b, "gl_TextureEnvColor[%u]", u);
      break;
   case GL_PRIMARY_COLOR:
      u_strbuf_append(b, "gl_Color");
      break;
   case GL_PREVIOUS:
      u_strbuf_append(b, "c");
      break;
   default: {
      /* GL_TEXTUREn: the texture of unit n; of a disabled unit the
       * result is undefined, and white is as good as any. */
      unsigned n = src - GL_TEXTURE0;
      if (n < ST_MAX_FF_TEXTURE_UNITS && unit_enabled(key, n))
         u_strbuf_appendf(b, "tex%u", n);
      else
         u_strbuf_append(b, "vec4(1.0)");
      break;
   }
   }
}

/* Argument i of the COMBINE function: a vec3 (rgb) or a float. */
static void
combine_arg(struct u_strbuf *b, const struct st_ff_key *key, unsigned u,
            unsigned i, bool rgb)
{
   const struct st_ff_combine *cb = &key->unit[u].combine;
   GLenum op = rgb ? cb->operand_rgb[i] : cb->operand_alpha[i];
   GLenum src = rgb ? cb->src_rgb[i] : cb->src_alpha[i];
   bool one_minus =
      op == GL_ONE_MINUS_SRC_COLOR || op == GL_ONE_MINUS_SRC_ALPHA;
   bool color = op == GL_SRC_COLOR || op == GL_ONE_MINUS_SRC_COLOR;

   u_strbuf_appendf(b, "   %s a%u_%s = %s", rgb ? "vec3" : "float", i,
                    rgb ? "rgb" : "a",
                    one_minus ? (rgb ? "vec3(1.0) - " : "1.0 - ") : "");
   if (rgb && !color)
      u_strbuf_append(b, "vec3(");
   combine_source(b, key, u, src);
   u_strbuf_append(b, color ? ".rgb" : ".a");
   if (rgb && !color)
      u_strbuf_append(b, ")");
   u_strbuf_append(b, ";\n");
}

/* The COMBINE function of table 16.2 over arguments a0..a2 of @p sfx. */
static void
combine_func(struct u_strbuf *b, GLenum func, const char *sfx)
{
   switch (func) {
   case GL_REPLACE:
      u_strbuf_appendf(b, "a0_%s", sfx);
      break;
   case GL_MODULATE:
      u_strbuf_appendf(b, "a0_%s * a1_%s", sfx, sfx);
      break;
   case GL_ADD:
      u_strbuf_appendf(b, "a0_%s + a1_%s", sfx, sfx);
      break;
   case GL_ADD_SIGNED:
      u_strbuf_appendf(b, "a0_%s + a1_%s - 0.5", sfx, sfx);
      break;
   case GL_INTERPOLATE:
      u_strbuf_appendf(b, "a0_%s * a2_%s + a1_%s * (1.0 - a2_%s)", sfx, sfx,
                       sfx, sfx);
      break;
   case GL_SUBTRACT:
      u_strbuf_appendf(b, "a0_%s - a1_%s", sfx, sfx);
      break;
   default: /* DOT3_RGB, DOT3_RGBA */
      u_strbuf_appendf(b, "vec3(4.0 * dot(a0_rgb - 0.5, a1_rgb - 0.5))");
      break;
   }
}

static unsigned
func_args(GLenum func)
{
   switch (func) {
   case GL_REPLACE:
      return 1;
   case GL_INTERPOLATE:
      return 3;
   default:
      return 2;
   }
}

static void
emit_combine(struct u_strbuf *b, const struct st_ff_key *key, unsigned u)
{
   const struct st_ff_combine *cb = &key->unit[u].combine;
   bool dot3_rgba = cb->func_rgb == GL_DOT3_RGBA;
   u_strbuf_append(b, "   {\n");
   for (unsigned i = 0; i < func_args(cb->func_rgb); i++)
      combine_arg(b, key, u, i, true);
   if (!dot3_rgba) {
      for (unsigned i = 0; i < func_args(cb->func_alpha); i++)
         combine_arg(b, key, u, i, false);
   }
   u_strbuf_append(b, "   vec3 rgb = ");
   combine_func(b, cb->func_rgb, "rgb");
   u_strbuf_append(b, ";\n");
   if (dot3_rgba) {
      /* DOT3_RGBA writes its result to alpha too; the alpha function is
       * not used. */
      u_strbuf_append(b, "   float a = rgb.r;\n");
   } else {
      u_strbuf_append(b, "   float a = ");
      combine_func(b, cb->func_alpha, "a");
      u_strbuf_append(b, ";\n");
   }
   u_strbuf_appendf(b,
                    "   c = clamp(vec4(rgb * %.1f, a * %.1f), 0.0, 1.0);\n"
                    "   }\n",
                    (double)(1u << cb->rgb_shift),
                    dot3_rgba ? (double)(1u << cb->rgb_shift)
                              : (double)(1u << cb->alpha_shift));
}

/* GL 4.6 compat, table 16.1 (RGBA rows): c is Cf/Af, tex<u> Ct/At. */
static void
emit_env(struct u_strbuf *b, const struct st_ff_key *key, unsigned u)
{
   switch ((enum st_ff_env)key->unit[u].env) {
   case ST_FF_ENV_REPLACE:
      u_strbuf_appendf(b, "   c = tex%u;\n", u);
      break;
   case ST_FF_ENV_MODULATE:
      u_strbuf_appendf(b, "   c = c * tex%u;\n", u);
      break;
   case ST_FF_ENV_DECAL:
      u_strbuf_appendf(b, "   c.rgb = mix(c.rgb, tex%u.rgb, tex%u.a);\n", u, u);
      break;
   case ST_FF_ENV_BLEND:
      u_strbuf_appendf(b,
                       "   c = vec4(mix(c.rgb, gl_TextureEnvColor[%u].rgb, "
                       "tex%u.rgb), c.a * tex%u.a);\n",
                       u, u, u);
      break;
   case ST_FF_ENV_ADD:
      u_strbuf_appendf(b,
                       "   c = vec4(clamp(c.rgb + tex%u.rgb, 0.0, 1.0), "
                       "c.a * tex%u.a);\n",
                       u, u);
      break;
   case ST_FF_ENV_COMBINE:
      emit_combine(b, key, u);
      break;
   }
}

static void
fragment_source(const struct st_ff_key *key, struct u_strbuf *b)
{
   u_strbuf_append(b, "#version 120\n");
   for (unsigned u = 0; u < ST_MAX_FF_TEXTURE_UNITS; u++) {
      if (key->unit[u].target == ST_FF_TEX_RECT) {
         u_strbuf_append(b, "#extension GL_ARB_texture_rectangle : enable\n");
         break;
      }
   }
   for (unsigned u = 0; u < ST_MAX_FF_TEXTURE_UNITS; u++) {
      if (unit_enabled(key, u))
         u_strbuf_appendf(b, "uniform %s st_ff_sampler%u;\n",
                          sampler_type(key->unit[u].target), u);
   }
   u_strbuf_append(b, "void main()\n"
                      "{\n");
   for (unsigned u = 0; u < ST_MAX_FF_TEXTURE_UNITS; u++) {
      if (unit_enabled(key, u))
         emit_sample(b, u, key->unit[u].target);
   }
   u_strbuf_append(b, "   vec4 c = gl_Color;\n");
   for (unsigned u = 0; u < ST_MAX_FF_TEXTURE_UNITS; u++) {
      if (unit_enabled(key, u))
         emit_env(b, key, u);
   }
   if (key->color_sum)
      u_strbuf_append(b, "   c.rgb = clamp(c.rgb + gl_SecondaryColor.rgb, "
                         "0.0, 1.0);\n");

   /* GL 4.6 compat, 16.5, equations 16.6 - 16.8. */
   switch ((enum st_ff_fog)key->fog) {
   case ST_FF_FOG_OFF:
      break;
   case ST_FF_FOG_LINEAR:
      u_strbuf_append(b, "   float f = (gl_Fog.end - gl_FogFragCoord) * "
                         "gl_Fog.scale;\n");
      break;
   case ST_FF_FOG_EXP:
      u_strbuf_append(b, "   float f = exp(-gl_Fog.density * "
                         "gl_FogFragCoord);\n");
      break;
   case ST_FF_FOG_EXP2:
      u_strbuf_append(b, "   float fd = gl_Fog.density * gl_FogFragCoord;\n"
                         "   float f = exp(-fd * fd);\n");
      break;
   }
   if (key->fog)
      u_strbuf_append(b, "   c.rgb = mix(gl_Fog.color.rgb, c.rgb, "
                         "clamp(f, 0.0, 1.0));\n");
   u_strbuf_append(b, "   gl_FragColor = c;\n"
                      "}\n");
}

void
st_ff_source(const struct st_ff_key *key, struct u_strbuf *vs,
             struct u_strbuf *fs)
{
   vertex_source(key, vs);
   fragment_source(key, fs);
}
