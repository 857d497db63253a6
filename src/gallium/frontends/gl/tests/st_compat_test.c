/* SPDX-License-Identifier: MIT */

/* The compatibility fixed-function state: the built-in state uniforms'
 * values, lights and materials, texture environments, texgen, fog,
 * alpha test, clip planes, the compatibility enables and the
 * fixed-function program. */

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

/* First: it asks the GL headers for the prototypes. */
#include "st_test_util.h"

#include "compiler/glsl/glsl_link.h"
#include "st_compat.h"

static int
setup(void **state)
{
   *state =
      st_test_context_create(ST_API_OPENGL, 0, 0, ST_PROFILE_COMPAT, false);
   return *state ? 0 : -1;
}

static int
teardown(void **state)
{
   st_test_context_destroy(*state);
   return 0;
}

static void
check_floats(const GLfloat *got, const GLfloat *expected, unsigned n,
             const char *what)
{
   for (unsigned i = 0; i < n; i++) {
      if (!(fabsf(got[i] - expected[i]) <= 1e-5f)) {
         print_error("%s[%u] = %g, expected %g\n", what, i, got[i],
                     expected[i]);
         fail();
      }
   }
}

/* Checks the value of built-in uniform @p name. */
static void
check_uniform(struct st_context *ctx, const char *name, const GLfloat *expected,
              unsigned n)
{
   GLfloat out[16];
   unsigned got = st_compat_state_uniform(ctx, name, out);
   if (got != n) {
      print_error("%s: %u floats, expected %u\n", name, got, n);
      fail();
   }
   check_floats(out, expected, n, name);
}

/* ---- state uniforms ---- */

static void
uniform_matrices(void **state)
{
   struct st_context *ctx = *state;
   glMatrixMode(GL_PROJECTION);
   glLoadIdentity();
   glOrtho(0, 4, 0, 2, -1, 1);
   glMatrixMode(GL_MODELVIEW);
   glLoadIdentity();
   glTranslatef(1, 2, 3);

   /* P * T: x' = 0.5 (x + 1) - 1, y' = (y + 2) - 1, z' = -(z + 3). */
   const GLfloat mvp[16] = {
      0.5f, 0, 0, 0, 0, 1, 0, 0, 0, 0, -1, 0, -0.5f, 1, -3, 1,
   };
   check_uniform(ctx, "gl_ModelViewProjectionMatrix", mvp, 16);

   const GLfloat mv_inv[16] = {
      1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, -1, -2, -3, 1,
   };
   check_uniform(ctx, "gl_ModelViewMatrixInverse", mv_inv, 16);
   const GLfloat mv_t[16] = {
      1, 0, 0, 1, 0, 1, 0, 2, 0, 0, 1, 3, 0, 0, 0, 1,
   };
   check_uniform(ctx, "gl_ModelViewMatrixTranspose", mv_t, 16);

   /* (P T)^-1 times P T is the identity. */
   GLfloat inv[16];
   assert_int_equal(
      st_compat_state_uniform(ctx, "gl_ModelViewProjectionMatrixInverse", inv),
      16);
   for (unsigned c = 0; c < 4; c++) {
      for (unsigned r = 0; r < 4; r++) {
         float sum = 0;
         for (unsigned k = 0; k < 4; k++)
            sum += inv[k * 4 + r] * mvp[c * 4 + k];
         assert_true(fabsf(sum - (r == c ? 1.0f : 0.0f)) < 1e-5f);
      }
   }

   /* Texture matrices by element. */
   glActiveTexture(GL_TEXTURE2);
   glMatrixMode(GL_TEXTURE);
   glLoadIdentity();
   glScalef(3, 3, 3);
   glMatrixMode(GL_MODELVIEW);
   glActiveTexture(GL_TEXTURE0);
   const GLfloat tex2[16] = {
      3, 0, 0, 0, 0, 3, 0, 0, 0, 0, 3, 0, 0, 0, 0, 1,
   };
   check_uniform(ctx, "gl_TextureMatrix[2]", tex2, 16);
   const GLfloat ident[16] = {
      1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1,
   };
   check_uniform(ctx, "gl_TextureMatrix[0]", ident, 16);
   check_uniform(ctx, "gl_TextureMatrix", ident, 16);
   GLfloat out[16];
   assert_int_equal(st_compat_state_uniform(ctx, "gl_TextureMatrix[8]", out),
                    0);
   assert_int_equal(st_compat_state_uniform(ctx, "gl_NoSuchThing", out), 0);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
uniform_normal_matrix(void **state)
{
   struct st_context *ctx = *state;
   glLoadIdentity();
   glTranslatef(5, 6, 7);
   glScalef(2, 4, 8);
   /* The inverse transpose's upper 3x3: the reciprocal scales. */
   const GLfloat n[9] = { 0.5f, 0, 0, 0, 0.25f, 0, 0, 0, 0.125f };
   check_uniform(ctx, "gl_NormalMatrix", n, 9);
   const GLfloat scale = 8.0f;
   check_uniform(ctx, "gl_NormalScale", &scale, 1);
   glLoadIdentity();
}

static void
uniform_depth_range(void **state)
{
   struct st_context *ctx = *state;
   glDepthRange(0.25, 0.75);
   const GLfloat near = 0.25f, far = 0.75f, diff = 0.5f;
   check_uniform(ctx, "gl_DepthRange.near", &near, 1);
   check_uniform(ctx, "gl_DepthRange.far", &far, 1);
   check_uniform(ctx, "gl_DepthRange.diff", &diff, 1);
   glDepthRange(0, 1);

   /* gl_DepthRange exists in core contexts too, nothing else does. */
   struct st_context *core =
      st_test_context_create(ST_API_OPENGL, 3, 3, ST_PROFILE_CORE, false);
   assert_non_null(core);
   const GLfloat one = 1.0f;
   check_uniform(core, "gl_DepthRange.far", &one, 1);
   GLfloat out[16];
   assert_int_equal(st_compat_state_uniform(core, "gl_ModelViewMatrix", out),
                    0);
   st_test_context_destroy(core);
   assert_true(st_make_current(ctx, NULL, NULL));
}

/* ---- lights and materials ---- */

static void
light_defaults(void **state)
{
   struct st_context *ctx = *state;
   const GLfloat white[4] = { 1, 1, 1, 1 }, black[4] = { 0, 0, 0, 1 };
   check_uniform(ctx, "gl_LightSource[0].diffuse", white, 4);
   check_uniform(ctx, "gl_LightSource[0].specular", white, 4);
   check_uniform(ctx, "gl_LightSource[1].diffuse", black, 4);
   check_uniform(ctx, "gl_LightSource[7].specular", black, 4);
   check_uniform(ctx, "gl_LightSource[3].ambient", black, 4);
   const GLfloat pos[4] = { 0, 0, 1, 0 }, dir[3] = { 0, 0, -1 };
   check_uniform(ctx, "gl_LightSource[2].position", pos, 4);
   check_uniform(ctx, "gl_LightSource[2].spotDirection", dir, 3);
   const GLfloat cutoff = 180, cos_cutoff = -1, one = 1;
   check_uniform(ctx, "gl_LightSource[2].spotCutoff", &cutoff, 1);
   check_uniform(ctx, "gl_LightSource[2].spotCosCutoff", &cos_cutoff, 1);
   check_uniform(ctx, "gl_LightSource[2].constantAttenuation", &one, 1);
   const GLfloat half[4] = { 0, 0, 1, 0 };
   check_uniform(ctx, "gl_LightSource[0].halfVector", half, 4);

   GLfloat got[4];
   glGetLightfv(GL_LIGHT0, GL_DIFFUSE, got);
   check_floats(got, white, 4, "GL_LIGHT0 diffuse");
   glGetLightfv(GL_LIGHT1, GL_SPECULAR, got);
   check_floats(got, black, 4, "GL_LIGHT1 specular");
   GLint i[4];
   glGetLightiv(GL_LIGHT0, GL_DIFFUSE, i);
   assert_int_equal(i[0], 2147483647);

   const GLfloat mat_ambient[4] = { 0.2f, 0.2f, 0.2f, 1 };
   check_uniform(ctx, "gl_FrontMaterial.ambient", mat_ambient, 4);
   const GLfloat scene[4] = { 0.04f, 0.04f, 0.04f, 1 };
   check_uniform(ctx, "gl_FrontLightModelProduct.sceneColor", scene, 4);
   const GLfloat lm[4] = { 0.2f, 0.2f, 0.2f, 1 };
   check_uniform(ctx, "gl_LightModel.ambient", lm, 4);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
light_position_is_eye_space(void **state)
{
   struct st_context *ctx = *state;
   glLoadIdentity();
   glTranslatef(1, 0, 0);
   const GLfloat p[4] = { 0, 0, 0, 1 };
   glLightfv(GL_LIGHT1, GL_POSITION, p);
   glRotatef(90, 0, 0, 1);
   const GLfloat d[4] = { 1, 0, 0, 0 };
   glLightfv(GL_LIGHT1, GL_SPOT_DIRECTION, d);
   glLoadIdentity();

   const GLfloat eye[4] = { 1, 0, 0, 1 }, eye_dir[3] = { 0, 1, 0 };
   GLfloat got[4];
   glGetLightfv(GL_LIGHT1, GL_POSITION, got);
   check_floats(got, eye, 4, "position");
   check_uniform(ctx, "gl_LightSource[1].position", eye, 4);
   check_uniform(ctx, "gl_LightSource[1].spotDirection", eye_dir, 3);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
light_errors(void **state)
{
   glLightf(GL_LIGHT0 + 8, GL_SPOT_EXPONENT, 1);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glLightf(GL_LIGHT0, GL_DIFFUSE, 1); /* not a scalar parameter */
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glLightf(GL_LIGHT0, GL_SPOT_EXPONENT, 129);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glLightf(GL_LIGHT0, GL_SPOT_CUTOFF, 91);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glLightf(GL_LIGHT0, GL_LINEAR_ATTENUATION, -1);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glLightf(GL_LIGHT0, GL_SPOT_CUTOFF, 45);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   GLfloat c = 0;
   glGetLightfv(GL_LIGHT0, GL_SPOT_CUTOFF, &c);
   assert_true(c == 45.0f);
   glLightf(GL_LIGHT0, GL_SPOT_CUTOFF, 180);

   glMaterialf(GL_FRONT, GL_SHININESS, 129);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glMaterialf(GL_FRONT, GL_AMBIENT, 1);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glMaterialf(GL_TEXTURE_2D, GL_SHININESS, 1);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   GLfloat m[4];
   glGetMaterialfv(GL_FRONT_AND_BACK, GL_AMBIENT, m);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glColorMaterial(GL_FRONT, GL_SHININESS);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glLightModeli(GL_LIGHT_MODEL_COLOR_CONTROL, GL_RED);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
}

static void
material_products(void **state)
{
   struct st_context *ctx = *state;
   const GLfloat diffuse[4] = { 0.5f, 0.25f, 1, 0.5f };
   glMaterialfv(GL_FRONT_AND_BACK, GL_DIFFUSE, diffuse);
   const GLfloat red[4] = { 1, 0, 0, 1 };
   glLightfv(GL_LIGHT2, GL_DIFFUSE, red);
   glMaterialf(GL_BACK, GL_SHININESS, 64);

   GLfloat got[4];
   glGetMaterialfv(GL_BACK, GL_DIFFUSE, got);
   check_floats(got, diffuse, 4, "back diffuse");
   GLfloat s = 0;
   glGetMaterialfv(GL_BACK, GL_SHININESS, &s);
   assert_true(s == 64.0f);
   glGetMaterialfv(GL_FRONT, GL_SHININESS, &s);
   assert_true(s == 0.0f);

   const GLfloat product[4] = { 0.5f, 0, 0, 0.5f };
   check_uniform(ctx, "gl_FrontLightProduct[2].diffuse", product, 4);
   check_uniform(ctx, "gl_BackLightProduct[2].diffuse", product, 4);
   const GLfloat shininess = 64;
   check_uniform(ctx, "gl_BackMaterial.shininess", &shininess, 1);

   const GLfloat ambient[4] = { 0.4f, 0.4f, 0.4f, 1 };
   glLightModelfv(GL_LIGHT_MODEL_AMBIENT, ambient);
   /* sceneColor: emission (0) + 0.2 * 0.4, the diffuse alpha. */
   const GLfloat scene[4] = { 0.08f, 0.08f, 0.08f, 0.5f };
   check_uniform(ctx, "gl_FrontLightModelProduct.sceneColor", scene, 4);

   glColorMaterial(GL_FRONT, GL_EMISSION);
   GLint v[2];
   glGetIntegerv(GL_COLOR_MATERIAL_FACE, &v[0]);
   glGetIntegerv(GL_COLOR_MATERIAL_PARAMETER, &v[1]);
   assert_int_equal(v[0], GL_FRONT);
   assert_int_equal(v[1], GL_EMISSION);
   glLightModeli(GL_LIGHT_MODEL_TWO_SIDE, 1);
   GLboolean b = GL_FALSE;
   glGetBooleanv(GL_LIGHT_MODEL_TWO_SIDE, &b);
   assert_true(b);
   glLightModeli(GL_LIGHT_MODEL_TWO_SIDE, 0);
   glColorMaterial(GL_FRONT_AND_BACK, GL_AMBIENT_AND_DIFFUSE);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
color_material_tracks_color(void **state)
{
   struct st_context *ctx = *state;
   const GLfloat color[4] = { 0.1f, 0.2f, 0.3f, 0.4f };
   const GLfloat emission[4] = { 0, 0, 0, 1 };
   GLfloat diffuse[4];
   glGetMaterialfv(GL_FRONT, GL_DIFFUSE, diffuse);
   glColorMaterial(GL_BACK, GL_DIFFUSE);
   glColor4fv(color);
   glEnable(GL_COLOR_MATERIAL);
   GLfloat got[4];
   glGetMaterialfv(GL_BACK, GL_DIFFUSE, got);
   check_floats(got, color, 4, "tracked back diffuse");
   glGetMaterialfv(GL_FRONT, GL_DIFFUSE, got);
   check_floats(got, diffuse, 4, "untracked front diffuse");
   check_uniform(ctx, "gl_BackMaterial.diffuse", color, 4);
   const GLfloat product[4] = { 0.1f, 0.2f, 0.3f, 0.4f };
   check_uniform(ctx, "gl_BackLightProduct[0].diffuse", product, 4);

   /* Disabling keeps the last colour; later colours do not reach it. */
   glDisable(GL_COLOR_MATERIAL);
   glColor4f(1, 1, 1, 1);
   glGetMaterialfv(GL_BACK, GL_DIFFUSE, got);
   check_floats(got, color, 4, "latched back diffuse");
   glGetMaterialfv(GL_BACK, GL_EMISSION, got);
   check_floats(got, emission, 4, "back emission");

   glMaterialfv(GL_BACK, GL_DIFFUSE, diffuse);
   glColorMaterial(GL_FRONT_AND_BACK, GL_AMBIENT_AND_DIFFUSE);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

/* The integer commands take colours as normalized integers and the
 * rest as is; the integer queries return them the same way. */
static void
integer_variants(void **state)
{
   struct st_context *ctx = *state;
   const GLint half[4] = { 0x3fffffff, 0, 0x7fffffff, 0x7fffffff };
   glLightiv(GL_LIGHT4, GL_AMBIENT, half);
   GLfloat f[4];
   glGetLightfv(GL_LIGHT4, GL_AMBIENT, f);
   assert_true(fabsf(f[0] - 0.5f) < 1e-6f && f[1] < 1e-6f && f[2] == 1.0f);
   const GLint pos[4] = { 1, 2, 3, 1 };
   glLightiv(GL_LIGHT4, GL_POSITION, pos);
   GLint back[4];
   glGetLightiv(GL_LIGHT4, GL_POSITION, back);
   assert_true(back[0] == 1 && back[1] == 2 && back[2] == 3 && back[3] == 1);
   glLighti(GL_LIGHT4, GL_SPOT_EXPONENT, 7);
   glGetLightiv(GL_LIGHT4, GL_SPOT_EXPONENT, back);
   assert_int_equal(back[0], 7);

   glMaterialiv(GL_FRONT, GL_EMISSION, half);
   glGetMaterialiv(GL_FRONT, GL_EMISSION, back);
   assert_true(back[2] == 0x7fffffff && back[1] == 0);
   glMateriali(GL_FRONT, GL_SHININESS, 20);
   glGetMaterialiv(GL_FRONT, GL_SHININESS, back);
   assert_int_equal(back[0], 20);

   glFogiv(GL_FOG_COLOR, half);
   const GLfloat fog[4] = { 0.5f, 0, 1, 1 };
   GLfloat got[4];
   glGetFloatv(GL_FOG_COLOR, got);
   assert_true(fabsf(got[0] - fog[0]) < 1e-6f && got[2] == 1.0f);
   check_uniform(ctx, "gl_Fog.color", got, 4);

   glTexEnviv(GL_TEXTURE_ENV, GL_TEXTURE_ENV_COLOR, half);
   glGetTexEnviv(GL_TEXTURE_ENV, GL_TEXTURE_ENV_COLOR, back);
   assert_true(back[2] == 0x7fffffff && back[1] == 0);
   glTexEnvf(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, (GLfloat)GL_DECAL);
   glGetTexEnviv(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, back);
   assert_int_equal(back[0], GL_DECAL);
   glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_MODULATE);

   const GLint plane[4] = { 4, 3, 2, 1 };
   glTexGeniv(GL_R, GL_OBJECT_PLANE, plane);
   glGetTexGeniv(GL_R, GL_OBJECT_PLANE, back);
   assert_true(back[0] == 4 && back[3] == 1);
   glGetTexGeniv(GL_R, GL_TEXTURE_GEN_MODE, back);
   assert_int_equal(back[0], GL_EYE_LINEAR);

   /* Restore the defaults the other tests expect. */
   const GLfloat black[4] = { 0, 0, 0, 1 };
   glLightfv(GL_LIGHT4, GL_AMBIENT, black);
   glMaterialfv(GL_FRONT, GL_EMISSION, black);
   glMaterialf(GL_FRONT, GL_SHININESS, 0);
   const GLfloat zero[4] = { 0, 0, 0, 0 };
   glFogfv(GL_FOG_COLOR, zero);
   glTexEnvfv(GL_TEXTURE_ENV, GL_TEXTURE_ENV_COLOR, zero);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

/* ---- texture environments and texgen ---- */

static void
texenv_state(void **state)
{
   struct st_context *ctx = *state;
   GLint mode = 0;
   glGetTexEnviv(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, &mode);
   assert_int_equal(mode, GL_MODULATE);

   glActiveTexture(GL_TEXTURE1);
   glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
   const GLfloat color[4] = { 0.25f, 0.5f, 0.75f, 2.0f };
   glTexEnvfv(GL_TEXTURE_ENV, GL_TEXTURE_ENV_COLOR, color);
   glGetTexEnviv(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, &mode);
   assert_int_equal(mode, GL_REPLACE);
   GLfloat got[4];
   glGetTexEnvfv(GL_TEXTURE_ENV, GL_TEXTURE_ENV_COLOR, got);
   const GLfloat clamped[4] = { 0.25f, 0.5f, 0.75f, 1.0f };
   check_floats(got, clamped, 4, "env color");
   check_uniform(ctx, "gl_TextureEnvColor[1]", clamped, 4);
   glActiveTexture(GL_TEXTURE0);
   glGetTexEnviv(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, &mode);
   assert_int_equal(mode, GL_MODULATE);

   /* Combine state. */
   glTexEnvi(GL_TEXTURE_ENV, GL_COMBINE_RGB, GL_INTERPOLATE);
   glTexEnvi(GL_TEXTURE_ENV, GL_SRC2_RGB, GL_TEXTURE3);
   glTexEnvf(GL_TEXTURE_ENV, GL_RGB_SCALE, 2.0f);
   GLint v = 0;
   glGetTexEnviv(GL_TEXTURE_ENV, GL_COMBINE_RGB, &v);
   assert_int_equal(v, GL_INTERPOLATE);
   glGetTexEnviv(GL_TEXTURE_ENV, GL_SRC2_RGB, &v);
   assert_int_equal(v, GL_TEXTURE3);
   glGetTexEnviv(GL_TEXTURE_ENV, GL_OPERAND2_RGB, &v);
   assert_int_equal(v, GL_SRC_ALPHA);
   GLfloat f = 0;
   glGetTexEnvfv(GL_TEXTURE_ENV, GL_RGB_SCALE, &f);
   assert_true(f == 2.0f);
   assert_int_equal(glGetError(), GL_NO_ERROR);

   /* Errors. */
   glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_SUBTRACT);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glTexEnvi(GL_TEXTURE_ENV, GL_COMBINE_ALPHA, GL_DOT3_RGB);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glTexEnvi(GL_TEXTURE_ENV, GL_OPERAND0_ALPHA, GL_SRC_COLOR);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glTexEnvf(GL_TEXTURE_ENV, GL_ALPHA_SCALE, 3.0f);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glTexEnvi(GL_TEXTURE_2D, GL_TEXTURE_ENV_MODE, GL_REPLACE);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glTexEnvf(GL_TEXTURE_ENV, GL_TEXTURE_ENV_COLOR, 1.0f);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glGetTexEnviv(GL_TEXTURE_ENV, GL_COMBINE_ALPHA, &v);
   assert_int_equal(v, GL_MODULATE);

   glTexEnvi(GL_TEXTURE_ENV, GL_COMBINE_RGB, GL_MODULATE);
   glTexEnvi(GL_TEXTURE_ENV, GL_SRC2_RGB, GL_CONSTANT);
   glTexEnvf(GL_TEXTURE_ENV, GL_RGB_SCALE, 1.0f);
   glActiveTexture(GL_TEXTURE1);
   glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_MODULATE);
   glActiveTexture(GL_TEXTURE0);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
texgen_state(void **state)
{
   struct st_context *ctx = *state;
   GLint mode = 0;
   glGetTexGeniv(GL_S, GL_TEXTURE_GEN_MODE, &mode);
   assert_int_equal(mode, GL_EYE_LINEAR);
   const GLfloat s_plane[4] = { 1, 0, 0, 0 }, zero[4] = { 0, 0, 0, 0 };
   check_uniform(ctx, "gl_ObjectPlaneS[0]", s_plane, 4);
   check_uniform(ctx, "gl_EyePlaneR[0]", zero, 4);

   glTexGeni(GL_Q, GL_TEXTURE_GEN_MODE, GL_SPHERE_MAP);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glTexGeni(GL_R, GL_TEXTURE_GEN_MODE, GL_SPHERE_MAP);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glTexGeni(GL_R, GL_TEXTURE_GEN_MODE, GL_REFLECTION_MAP);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   glGetTexGeniv(GL_R, GL_TEXTURE_GEN_MODE, &mode);
   assert_int_equal(mode, GL_REFLECTION_MAP);
   glTexGeni(GL_R, GL_TEXTURE_GEN_MODE, GL_EYE_LINEAR);

   /* The eye plane is transformed by the inverse modelview matrix. */
   glLoadIdentity();
   glTranslatef(0, 0, -5);
   const GLdouble p[4] = { 0, 0, 1, 0 };
   glTexGendv(GL_T, GL_EYE_PLANE, p);
   glLoadIdentity();
   GLdouble got[4];
   glGetTexGendv(GL_T, GL_EYE_PLANE, got);
   assert_true(got[2] == 1.0 && got[3] == 5.0);
   const GLfloat eye_t[4] = { 0, 0, 1, 5 };
   check_uniform(ctx, "gl_EyePlaneT[0]", eye_t, 4);
   const GLfloat obj[4] = { 1, 2, 3, 4 };
   glActiveTexture(GL_TEXTURE3);
   glTexGenfv(GL_Q, GL_OBJECT_PLANE, obj);
   glActiveTexture(GL_TEXTURE0);
   check_uniform(ctx, "gl_ObjectPlaneQ[3]", obj, 4);

   glTexGenf(GL_S, GL_EYE_PLANE, 1.0f);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glTexGeni(GL_TEXTURE_2D, GL_TEXTURE_GEN_MODE, GL_EYE_LINEAR);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
}

/* ---- fog, alpha test, clip planes, points ---- */

static void
fog_state(void **state)
{
   struct st_context *ctx = *state;
   GLint mode = 0;
   glGetIntegerv(GL_FOG_MODE, &mode);
   assert_int_equal(mode, GL_EXP);
   glFogi(GL_FOG_MODE, GL_LINEAR);
   glFogf(GL_FOG_START, 2.0f);
   glFogf(GL_FOG_END, 6.0f);
   const GLfloat color[4] = { 0.5f, 0.25f, 0, 1 };
   glFogfv(GL_FOG_COLOR, color);
   glGetIntegerv(GL_FOG_MODE, &mode);
   assert_int_equal(mode, GL_LINEAR);
   GLfloat got[4];
   glGetFloatv(GL_FOG_COLOR, got);
   check_floats(got, color, 4, "fog color");
   const GLfloat scale = 0.25f, end = 6.0f;
   check_uniform(ctx, "gl_Fog.scale", &scale, 1);
   check_uniform(ctx, "gl_Fog.end", &end, 1);
   check_uniform(ctx, "gl_Fog.color", color, 4);

   glFogf(GL_FOG_DENSITY, -1.0f);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glFogi(GL_FOG_MODE, GL_REPLACE);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glFogf(GL_FOG_COLOR, 1.0f);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glFogi(GL_FOG_COORD_SRC, GL_FOG_COORD);
   glGetIntegerv(GL_FOG_COORD_SRC, &mode);
   assert_int_equal(mode, GL_FOG_COORD);
   glFogi(GL_FOG_COORD_SRC, GL_FRAGMENT_DEPTH);
   glFogi(GL_FOG_MODE, GL_EXP);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
alpha_test_state(void **state)
{
   struct st_context *ctx = *state;
   glAlphaFunc(GL_GREATER, 1.5f);
   GLint func = 0;
   GLfloat ref = 0;
   glGetIntegerv(GL_ALPHA_TEST_FUNC, &func);
   glGetFloatv(GL_ALPHA_TEST_REF, &ref);
   assert_int_equal(func, GL_GREATER);
   assert_true(ref == 1.0f);
   glAlphaFunc(GL_ZERO, 0.5f);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);

   bool enabled = true;
   GLenum f = 0;
   glEnable(GL_ALPHA_TEST);
   st_compat_alpha_test(ctx, &enabled, &f, &ref);
   assert_true(enabled);
   assert_int_equal(f, GL_GREATER);
   glDisable(GL_ALPHA_TEST);
   st_compat_alpha_test(ctx, &enabled, &f, &ref);
   assert_false(enabled);
   glAlphaFunc(GL_ALWAYS, 0);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
clip_plane_is_eye_space(void **state)
{
   struct st_context *ctx = *state;
   glLoadIdentity();
   glTranslatef(0, 0, -5);
   const GLdouble eq[4] = { 0, 0, 1, 0 };
   glClipPlane(GL_CLIP_PLANE2, eq);
   glLoadIdentity();

   GLdouble got[4];
   glGetClipPlane(GL_CLIP_PLANE2, got);
   assert_true(got[0] == 0 && got[1] == 0 && got[2] == 1 && got[3] == 5);
   GLfloat planes[8][4];
   st_compat_clip_planes(ctx, planes);
   assert_true(planes[2][2] == 1.0f && planes[2][3] == 5.0f);
   const GLfloat expected[4] = { 0, 0, 1, 5 };
   check_uniform(ctx, "gl_ClipPlane[2]", expected, 4);

   glClipPlane(GL_CLIP_PLANE0 + 8, eq);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glGetClipPlane(GL_TEXTURE_2D, got);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
}

static void
point_parameters(void **state)
{
   struct st_context *ctx = *state;
   GLfloat v[3];
   glGetFloatv(GL_POINT_DISTANCE_ATTENUATION, v);
   assert_true(v[0] == 1 && v[1] == 0 && v[2] == 0);
   glPointParameterf(GL_POINT_SIZE_MIN, 2.0f);
   const GLfloat att[3] = { 1, 2, 3 };
   glPointParameterfv(GL_POINT_DISTANCE_ATTENUATION, att);
   glGetFloatv(GL_POINT_SIZE_MIN, v);
   assert_true(v[0] == 2.0f);
   const GLfloat two = 2, lin = 2;
   check_uniform(ctx, "gl_Point.sizeMin", &two, 1);
   check_uniform(ctx, "gl_Point.distanceLinearAttenuation", &lin, 1);
   glPointParameterf(GL_POINT_SIZE_MAX, -1.0f);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   const GLfloat one[3] = { 1, 0, 0 };
   glPointParameterfv(GL_POINT_DISTANCE_ATTENUATION, one);
   glPointParameterf(GL_POINT_SIZE_MIN, 0.0f);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

/* ---- enables ---- */

static void
compat_enables(void **state)
{
   static const GLenum caps[] = {
      GL_LIGHTING,
      GL_LIGHT3,
      GL_COLOR_MATERIAL,
      GL_NORMALIZE,
      GL_RESCALE_NORMAL,
      GL_FOG,
      GL_ALPHA_TEST,
      GL_TEXTURE_2D,
      GL_TEXTURE_CUBE_MAP,
      GL_TEXTURE_GEN_S,
      GL_TEXTURE_GEN_Q,
      GL_COLOR_SUM,
      GL_VERTEX_PROGRAM_TWO_SIDE,
   };
   for (unsigned i = 0; i < sizeof(caps) / sizeof(caps[0]); i++) {
      assert_false(glIsEnabled(caps[i]));
      glEnable(caps[i]);
      assert_true(glIsEnabled(caps[i]));
      GLboolean b = GL_FALSE;
      glGetBooleanv(caps[i], &b);
      assert_true(b);
      glDisable(caps[i]);
      assert_false(glIsEnabled(caps[i]));
   }
   assert_int_equal(glGetError(), GL_NO_ERROR);

   /* Texture enables are per unit. */
   glActiveTexture(GL_TEXTURE1);
   glEnable(GL_TEXTURE_2D);
   glActiveTexture(GL_TEXTURE0);
   assert_false(glIsEnabled(GL_TEXTURE_2D));
   glActiveTexture(GL_TEXTURE1);
   assert_true(glIsEnabled(GL_TEXTURE_2D));
   glDisable(GL_TEXTURE_2D);
   glActiveTexture(GL_TEXTURE0);

   glEnable(GL_LIGHT0 + 8);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   assert_int_equal(glGetError(), GL_NO_ERROR);

   /* Not capabilities of a core context. */
   struct st_context *core =
      st_test_context_create(ST_API_OPENGL, 3, 3, ST_PROFILE_CORE, false);
   assert_non_null(core);
   glEnable(GL_LIGHTING);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   st_test_context_destroy(core);
   assert_true(st_make_current(*state, NULL, NULL));
}

static void
rasterizer_state(void **state)
{
   struct st_context *ctx = *state;
   struct st_compat_raster r;
   st_compat_rasterizer(ctx, &r);
   assert_false(r.light_twoside);
   assert_false(r.point_size_per_vertex);
   assert_int_equal(r.sprite_coord_enable, 0);

   /* Fixed function: two-sided lighting needs lighting on. */
   glLightModeli(GL_LIGHT_MODEL_TWO_SIDE, 1);
   st_compat_rasterizer(ctx, &r);
   assert_false(r.light_twoside);
   glEnable(GL_LIGHTING);
   st_compat_rasterizer(ctx, &r);
   assert_true(r.light_twoside);
   glDisable(GL_LIGHTING);
   glLightModeli(GL_LIGHT_MODEL_TWO_SIDE, 0);

   const GLfloat att[3] = { 0, 1, 0 };
   glPointParameterfv(GL_POINT_DISTANCE_ATTENUATION, att);
   st_compat_rasterizer(ctx, &r);
   assert_true(r.point_size_per_vertex);
   const GLfloat one[3] = { 1, 0, 0 };
   glPointParameterfv(GL_POINT_DISTANCE_ATTENUATION, one);

   /* Coordinate replacement counts only with point sprites on. */
   glActiveTexture(GL_TEXTURE2);
   glTexEnvi(GL_POINT_SPRITE, GL_COORD_REPLACE, GL_TRUE);
   glActiveTexture(GL_TEXTURE0);
   st_compat_rasterizer(ctx, &r);
   assert_int_equal(r.sprite_coord_enable, 0);
   glEnable(GL_POINT_SPRITE);
   st_compat_rasterizer(ctx, &r);
   assert_int_equal(r.sprite_coord_enable, 1u << 2);
   glDisable(GL_POINT_SPRITE);
   glActiveTexture(GL_TEXTURE2);
   GLint v = 0;
   glGetTexEnviv(GL_POINT_SPRITE, GL_COORD_REPLACE, &v);
   assert_int_equal(v, GL_TRUE);
   glTexEnvi(GL_POINT_SPRITE, GL_COORD_REPLACE, GL_FALSE);
   glActiveTexture(GL_TEXTURE0);

   /* With a program: GL_VERTEX_PROGRAM_TWO_SIDE. */
   GLuint prog = st_test_program(
      "#version 120\nvoid main() { gl_Position = gl_Vertex; "
      "gl_FrontColor = gl_Color; gl_BackColor = gl_Color; }\n",
      "#version 120\nvoid main() { gl_FragColor = gl_Color; }\n");
   glUseProgram(prog);
   glEnable(GL_VERTEX_PROGRAM_TWO_SIDE);
   st_compat_rasterizer(ctx, &r);
   assert_true(r.light_twoside);
   glDisable(GL_VERTEX_PROGRAM_TWO_SIDE);
   glUseProgram(0);
   glDeleteProgram(prog);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

/* ---- the fixed-function program ---- */

static const struct glsl_uniform *
find_uniform(const struct glsl_program *prog, const char *name)
{
   for (unsigned i = 0; i < prog->num_uniforms; i++) {
      if (strcmp(prog->uniforms[i].name, name) == 0)
         return &prog->uniforms[i];
   }
   return NULL;
}

static void
ff_program_cached(void **state)
{
   struct st_context *ctx = *state;
   const struct glsl_program *plain = st_compat_ff_program(ctx);
   assert_non_null(plain);
   assert_true(plain->ok);
   assert_ptr_equal(st_compat_ff_program(ctx), plain);

   glActiveTexture(GL_TEXTURE1);
   glEnable(GL_TEXTURE_2D);
   /* An incomplete texture leaves the unit as if disabled. */
   assert_ptr_equal(st_compat_ff_program(ctx), plain);
   const GLubyte texel[4] = { 255, 255, 255, 255 };
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                texel);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   const struct glsl_program *tex = st_compat_ff_program(ctx);
   assert_non_null(tex);
   assert_ptr_not_equal(tex, plain);
   const struct glsl_uniform *s = find_uniform(tex, "st_ff_sampler1");
   assert_non_null(s);
   assert_non_null(s->initializer);
   assert_int_equal(s->initializer->values[0].i32, 1);
   assert_non_null(find_uniform(tex, "gl_TextureMatrix[0]"));

   glDisable(GL_TEXTURE_2D);
   glActiveTexture(GL_TEXTURE0);
   assert_ptr_equal(st_compat_ff_program(ctx), plain);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

/* Gives the unit's texture of @p target one white texel (complete). */
static void
complete_texture(GLenum target)
{
   static const GLubyte texel[4] = { 255, 255, 255, 255 };
   switch (target) {
   case GL_TEXTURE_1D:
      glTexImage1D(target, 0, GL_RGBA, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, texel);
      break;
   case GL_TEXTURE_3D:
      glTexImage3D(target, 0, GL_RGBA, 1, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                   texel);
      break;
   case GL_TEXTURE_CUBE_MAP:
      for (unsigned f = 0; f < 6; f++)
         glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, 0, GL_RGBA, 1, 1, 0,
                      GL_RGBA, GL_UNSIGNED_BYTE, texel);
      break;
   default:
      glTexImage2D(target, 0, GL_RGBA, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                   texel);
      break;
   }
   glTexParameteri(target, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
}

/* Every feature of the key at once and in turn: each program must
 * build and link. */
static void
ff_program_variants(void **state)
{
   struct st_context *ctx = *state;
   glEnable(GL_LIGHTING);
   glEnable(GL_LIGHT0);
   glEnable(GL_LIGHT1);
   const GLfloat pos[4] = { 1, 2, 3, 1 };
   glLightfv(GL_LIGHT1, GL_POSITION, pos);
   glLightf(GL_LIGHT1, GL_SPOT_CUTOFF, 30);
   glEnable(GL_COLOR_MATERIAL);
   glLightModeli(GL_LIGHT_MODEL_TWO_SIDE, 1);
   glLightModeli(GL_LIGHT_MODEL_LOCAL_VIEWER, 1);
   glLightModeli(GL_LIGHT_MODEL_COLOR_CONTROL, GL_SEPARATE_SPECULAR_COLOR);
   glEnable(GL_NORMALIZE);
   assert_non_null(st_compat_ff_program(ctx));

   glEnable(GL_FOG);
   glFogi(GL_FOG_MODE, GL_EXP2);
   glEnable(GL_CLIP_PLANE0);
   const GLfloat att[3] = { 1, 0.5f, 0 };
   glPointParameterfv(GL_POINT_DISTANCE_ATTENUATION, att);
   assert_non_null(st_compat_ff_program(ctx));

   static const GLenum targets[] = {
      GL_TEXTURE_1D,       GL_TEXTURE_2D,        GL_TEXTURE_3D,
      GL_TEXTURE_CUBE_MAP, GL_TEXTURE_RECTANGLE,
   };
   static const GLenum modes[] = {
      GL_REPLACE, GL_MODULATE, GL_DECAL, GL_BLEND, GL_ADD, GL_COMBINE,
   };
   for (unsigned u = 0; u < 5; u++) {
      glActiveTexture(GL_TEXTURE0 + u);
      glEnable(targets[u]);
      complete_texture(targets[u]);
      glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, modes[u]);
      glEnable(GL_TEXTURE_GEN_S);
      glEnable(GL_TEXTURE_GEN_T);
      glTexGeni(GL_S, GL_TEXTURE_GEN_MODE,
                u & 1 ? GL_SPHERE_MAP : GL_OBJECT_LINEAR);
      glTexGeni(GL_T, GL_TEXTURE_GEN_MODE,
                u & 1 ? GL_REFLECTION_MAP : GL_NORMAL_MAP);
   }
   glActiveTexture(GL_TEXTURE5);
   glEnable(GL_TEXTURE_2D);
   complete_texture(GL_TEXTURE_2D);
   glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_COMBINE);
   static const GLenum funcs[] = {
      GL_REPLACE,     GL_MODULATE, GL_ADD,      GL_ADD_SIGNED,
      GL_INTERPOLATE, GL_SUBTRACT, GL_DOT3_RGB, GL_DOT3_RGBA,
   };
   glTexEnvi(GL_TEXTURE_ENV, GL_SRC1_RGB, GL_TEXTURE2);
   glTexEnvi(GL_TEXTURE_ENV, GL_SRC0_ALPHA, GL_PRIMARY_COLOR);
   glTexEnvi(GL_TEXTURE_ENV, GL_OPERAND0_RGB, GL_ONE_MINUS_SRC_ALPHA);
   glTexEnvi(GL_TEXTURE_ENV, GL_OPERAND1_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
   glTexEnvf(GL_TEXTURE_ENV, GL_ALPHA_SCALE, 4);
   for (unsigned i = 0; i < sizeof(funcs) / sizeof(funcs[0]); i++) {
      glTexEnvi(GL_TEXTURE_ENV, GL_COMBINE_RGB, funcs[i]);
      if (i < 6)
         glTexEnvi(GL_TEXTURE_ENV, GL_COMBINE_ALPHA, funcs[i]);
      const struct glsl_program *prog = st_compat_ff_program(ctx);
      assert_non_null(prog);
      assert_true(prog->ok);
   }
   glEnable(GL_COLOR_SUM);
   glDisable(GL_LIGHTING);
   assert_non_null(st_compat_ff_program(ctx));
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(uniform_matrices),
      cmocka_unit_test(uniform_normal_matrix),
      cmocka_unit_test(uniform_depth_range),
      cmocka_unit_test(light_defaults),
      cmocka_unit_test(light_position_is_eye_space),
      cmocka_unit_test(light_errors),
      cmocka_unit_test(material_products),
      cmocka_unit_test(color_material_tracks_color),
      cmocka_unit_test(integer_variants),
      cmocka_unit_test(texenv_state),
      cmocka_unit_test(texgen_state),
      cmocka_unit_test(fog_state),
      cmocka_unit_test(alpha_test_state),
      cmocka_unit_test(clip_plane_is_eye_space),
      cmocka_unit_test(point_parameters),
      cmocka_unit_test(compat_enables),
      cmocka_unit_test(rasterizer_state),
      cmocka_unit_test(ff_program_cached),
      cmocka_unit_test(ff_program_variants),
   };
   return cmocka_run_group_tests(tests, setup, teardown);
}
