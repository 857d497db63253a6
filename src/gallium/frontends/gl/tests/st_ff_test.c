/* SPDX-License-Identifier: MIT */

/* Drawing with the fixed-function program: glBegin/glEnd without a
 * program under glOrtho, colours, texture environments, lighting, fog,
 * user clip planes and the alpha test, checked by pixel values. */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "st_test_util.h"

#define SIZE 32

static int
setup(void **state)
{
   *state =
      st_test_context_create(ST_API_OPENGL, 0, 0, ST_PROFILE_COMPAT, false);
   if (!*state || !st_test_fbo(SIZE, SIZE))
      return -1;
   return 0;
}

static int
teardown(void **state)
{
   st_test_context_destroy(*state);
   return 0;
}

/* Each test starts from a cleared framebuffer, window-coordinate
 * projection and the default fixed-function state (also after a test
 * that failed half way). */
static int
reset(void **state)
{
   static const GLenum caps[] = {
      GL_LIGHTING,    GL_LIGHT0,     GL_COLOR_MATERIAL, GL_FOG,
      GL_CLIP_PLANE0, GL_ALPHA_TEST, GL_TEXTURE_2D,
   };
   for (unsigned i = 0; i < sizeof(caps) / sizeof(caps[0]); i++)
      glDisable(caps[i]);
   glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_MODULATE);
   glAlphaFunc(GL_ALWAYS, 0);
   glColor4f(1, 1, 1, 1);
   /* Colour material leaves the last colour in the material. */
   const GLfloat ambient[4] = { 0.2f, 0.2f, 0.2f, 1 };
   const GLfloat diffuse[4] = { 0.8f, 0.8f, 0.8f, 1 };
   glMaterialfv(GL_FRONT_AND_BACK, GL_AMBIENT, ambient);
   glMaterialfv(GL_FRONT_AND_BACK, GL_DIFFUSE, diffuse);
   glClearColor(0, 0, 0, 0);
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   glMatrixMode(GL_PROJECTION);
   glLoadIdentity();
   glOrtho(0, SIZE, 0, SIZE, -1, 1);
   glMatrixMode(GL_MODELVIEW);
   glLoadIdentity();
   return 0;
}

/* A quad over the whole framebuffer with texture coordinates 0..1. */
static void
full_quad(void)
{
   glBegin(GL_QUADS);
   glTexCoord2f(0, 0);
   glVertex2f(0, 0);
   glTexCoord2f(1, 0);
   glVertex2f(SIZE, 0);
   glTexCoord2f(1, 1);
   glVertex2f(SIZE, SIZE);
   glTexCoord2f(0, 1);
   glVertex2f(0, SIZE);
   glEnd();
}

static const GLfloat black[4] = { 0, 0, 0, 0 };

static void
colored_triangle(void **state)
{
   glColor3f(0, 1, 0);
   /* The lower-left half of the framebuffer. */
   glBegin(GL_TRIANGLES);
   glVertex2f(0, 0);
   glVertex2f(SIZE, 0);
   glVertex2f(0, SIZE);
   glEnd();
   assert_int_equal(glGetError(), GL_NO_ERROR);
   const GLfloat green[4] = { 0, 1, 0, 1 };
   assert_true(st_test_probe(4, 4, green, 0.01f));
   assert_true(st_test_probe(SIZE - 4, SIZE - 4, black, 0.01f));
}

static void
modelview_moves_geometry(void **state)
{
   glColor3f(1, 0, 0);
   glTranslatef(SIZE / 2, 0, 0);
   glScalef(0.5f, 1, 1);
   full_quad(); /* now covers x in [16, 32) */
   const GLfloat red[4] = { 1, 0, 0, 1 };
   assert_true(st_test_probe(SIZE - 4, 8, red, 0.01f));
   assert_true(st_test_probe(4, 8, black, 0.01f));
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

/* A 2x2 texture: red, green / blue, white (rows from t = 0). */
static GLuint
make_texture(void)
{
   static const GLubyte texels[16] = {
      255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255,
   };
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                texels);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   return tex;
}

static void
texture_modulate(void **state)
{
   GLuint tex = make_texture();
   glEnable(GL_TEXTURE_2D);
   glColor4f(0.5f, 0.5f, 0.5f, 1);
   full_quad();
   glDisable(GL_TEXTURE_2D);
   glDeleteTextures(1, &tex);
   assert_int_equal(glGetError(), GL_NO_ERROR);

   const GLfloat red[4] = { 0.5f, 0, 0, 1 }, green[4] = { 0, 0.5f, 0, 1 };
   const GLfloat blue[4] = { 0, 0, 0.5f, 1 },
                 white[4] = { 0.5f, 0.5f, 0.5f, 1 };
   assert_true(st_test_probe(4, 4, red, 0.02f));
   assert_true(st_test_probe(SIZE - 4, 4, green, 0.02f));
   assert_true(st_test_probe(4, SIZE - 4, blue, 0.02f));
   assert_true(st_test_probe(SIZE - 4, SIZE - 4, white, 0.02f));
}

/* One texel of @p internal_format from @p rgba, nearest filtering. */
static GLuint
make_texel(GLenum internal_format, const GLubyte rgba[4])
{
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexImage2D(GL_TEXTURE_2D, 0, internal_format, 1, 1, 0, GL_RGBA,
                GL_UNSIGNED_BYTE, rgba);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   return tex;
}

/* Draws a quad with colour @p color through a texel of @p internal_format
 * under @p mode; true when the result is @p expected. */
static bool
env_result(GLenum internal_format, GLenum mode, const GLfloat color[4],
           const GLfloat expected[4])
{
   static const GLubyte texel[4] = { 128, 64, 255, 64 };
   GLuint tex = make_texel(internal_format, texel);
   glEnable(GL_TEXTURE_2D);
   glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, mode);
   glColor4fv(color);
   full_quad();
   glDisable(GL_TEXTURE_2D);
   glDeleteTextures(1, &tex);
   return st_test_probe(8, 8, expected, 0.02f);
}

/* GL 4.6 compat, table 16.1: the rows of the base formats (the
 * framebuffer keeps alpha). */
static void
texture_base_formats(void **state)
{
   const GLfloat c[4] = { 0.5f, 1, 0.25f, 0.5f };
   /* ALPHA keeps the colour, modulates alpha (not black). */
   const GLfloat alpha_mod[4] = { 0.5f, 1, 0.25f, 0.125f };
   assert_true(env_result(GL_ALPHA, GL_MODULATE, c, alpha_mod));
   /* RGB under REPLACE keeps the fragment's alpha. */
   const GLfloat rgb_rep[4] = { 0.5f, 0.25f, 1, 0.5f };
   assert_true(env_result(GL_RGB, GL_REPLACE, c, rgb_rep));
   /* LUMINANCE replaces the colour by L, keeps alpha. */
   const GLfloat lum_rep[4] = { 0.5f, 0.5f, 0.5f, 0.5f };
   assert_true(env_result(GL_LUMINANCE, GL_REPLACE, c, lum_rep));
   /* INTENSITY adds to alpha as well. */
   const GLfloat int_add[4] = { 1, 1, 0.75f, 1 };
   assert_true(env_result(GL_INTENSITY, GL_ADD, c, int_add));
   /* Must not fire: RGBA under MODULATE is the plain product. */
   const GLfloat rgba_mod[4] = { 0.25f, 0.25f, 0.25f, 0.125f };
   assert_true(env_result(GL_RGBA, GL_MODULATE, c, rgba_mod));
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

/* GL 2.1, 3.8.10: an incomplete texture disables fixed-function texturing
 * on its unit (a shader would sample black). */
static void
incomplete_texture_disables_unit(void **state)
{
   static const GLubyte red[4] = { 255, 0, 0, 255 };
   GLuint tex = make_texel(GL_RGBA, red);
   /* The default minification filter needs mipmaps level 0 lacks. */
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER,
                   GL_NEAREST_MIPMAP_NEAREST);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                NULL);
   glEnable(GL_TEXTURE_2D);
   glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
   glColor4f(0, 1, 0, 1);
   full_quad();
   const GLfloat green[4] = { 0, 1, 0, 1 };
   assert_true(st_test_probe(8, 8, green, 0.01f));
   glDisable(GL_TEXTURE_2D);
   glDeleteTextures(1, &tex);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

/* GL 4.6 compat, 12.2.3: glMaterial inside glBegin/glEnd changes the
 * material of the vertices that follow; glEnd leaves the last value
 * current. */
static void
material_per_vertex(void **state)
{
   static const GLfloat white[4] = { 1, 1, 1, 1 };
   static const GLfloat dark[4] = { 0, 0, 0, 1 };
   static const GLfloat red[4] = { 1, 0, 0, 1 }, green[4] = { 0, 1, 0, 1 };
   glEnable(GL_LIGHTING);
   glEnable(GL_LIGHT0);
   glLightfv(GL_LIGHT0, GL_AMBIENT, white);
   glLightfv(GL_LIGHT0, GL_DIFFUSE, dark);
   glLightfv(GL_LIGHT0, GL_SPECULAR, dark);
   const GLfloat diffuse[4] = { 0, 0, 0, 1 };
   glMaterialfv(GL_FRONT_AND_BACK, GL_AMBIENT, dark);
   glMaterialfv(GL_FRONT_AND_BACK, GL_DIFFUSE, diffuse);
   glShadeModel(GL_FLAT);
   glNormal3f(0, 0, 1);
   /* Two triangles: the left one's provoking vertex red, the right
    * one's green. */
   glBegin(GL_TRIANGLES);
   glVertex2f(0, 0);
   glVertex2f(SIZE / 2, 0);
   glMaterialfv(GL_FRONT_AND_BACK, GL_AMBIENT, red);
   glVertex2f(0, SIZE);
   glVertex2f(SIZE / 2, 0);
   glVertex2f(SIZE, 0);
   glMaterialfv(GL_FRONT_AND_BACK, GL_AMBIENT, green);
   glVertex2f(SIZE, SIZE);
   glEnd();
   glShadeModel(GL_SMOOTH);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   assert_true(st_test_probe(2, 2, red, 0.02f));
   assert_true(st_test_probe(SIZE - 2, 2, green, 0.02f));
   GLfloat m[4];
   glGetMaterialfv(GL_FRONT, GL_AMBIENT, m);
   assert_true(m[0] == 0 && m[1] == 1 && m[2] == 0);
   /* Light 0's defaults for the tests that follow. */
   glLightfv(GL_LIGHT0, GL_AMBIENT, dark);
   glLightfv(GL_LIGHT0, GL_DIFFUSE, white);
   glLightfv(GL_LIGHT0, GL_SPECULAR, white);
}

static void
texture_matrix_and_texgen(void **state)
{
   GLuint tex = make_texture();
   glEnable(GL_TEXTURE_2D);
   glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);

   /* s + 0.5 (the texture repeats): the left half samples the right
    * column. */
   glMatrixMode(GL_TEXTURE);
   glTranslatef(0.5f, 0, 0);
   glMatrixMode(GL_MODELVIEW);
   full_quad();
   glMatrixMode(GL_TEXTURE);
   glLoadIdentity();
   glMatrixMode(GL_MODELVIEW);
   const GLfloat green[4] = { 0, 1, 0, 1 }, blue[4] = { 0, 0, 1, 1 };
   assert_true(st_test_probe(4, 4, green, 0.02f));

   /* Object-linear texgen: s = y / 32, t = x / 32 (swapped axes), the
    * texture coordinates given stay unused. */
   const GLfloat s_plane[4] = { 0, 1.0f / SIZE, 0, 0 };
   const GLfloat t_plane[4] = { 1.0f / SIZE, 0, 0, 0 };
   glTexGeni(GL_S, GL_TEXTURE_GEN_MODE, GL_OBJECT_LINEAR);
   glTexGeni(GL_T, GL_TEXTURE_GEN_MODE, GL_OBJECT_LINEAR);
   glTexGenfv(GL_S, GL_OBJECT_PLANE, s_plane);
   glTexGenfv(GL_T, GL_OBJECT_PLANE, t_plane);
   glEnable(GL_TEXTURE_GEN_S);
   glEnable(GL_TEXTURE_GEN_T);
   full_quad();
   glDisable(GL_TEXTURE_GEN_S);
   glDisable(GL_TEXTURE_GEN_T);
   /* Bottom right: x large -> t = 1 row (blue, white); y small -> s = 0
    * column: blue. */
   assert_true(st_test_probe(SIZE - 4, 4, blue, 0.02f));

   glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_MODULATE);
   glDisable(GL_TEXTURE_2D);
   glDeleteTextures(1, &tex);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
texture_replace_and_blend(void **state)
{
   GLuint tex = make_texture();
   glEnable(GL_TEXTURE_2D);
   glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
   glColor4f(0.5f, 0.5f, 0.5f, 1);
   full_quad();
   const GLfloat red[4] = { 1, 0, 0, 1 };
   assert_true(st_test_probe(4, 4, red, 0.02f));

   /* BLEND: Cf (1 - Ct) + Cc Ct. */
   glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_BLEND);
   const GLfloat env[4] = { 0, 0, 1, 1 };
   glTexEnvfv(GL_TEXTURE_ENV, GL_TEXTURE_ENV_COLOR, env);
   full_quad();
   const GLfloat blended[4] = { 0, 0.5f, 0.5f, 1 };
   assert_true(st_test_probe(4, 4, blended, 0.02f));

   glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_MODULATE);
   glDisable(GL_TEXTURE_2D);
   glDeleteTextures(1, &tex);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
texture_combine(void **state)
{
   GLuint tex = make_texture();
   glEnable(GL_TEXTURE_2D);
   /* rgb = 2 (tex a2 + constant (1 - a2)), a2 the primary alpha;
    * alpha = the primary alpha. */
   glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_COMBINE);
   glTexEnvi(GL_TEXTURE_ENV, GL_COMBINE_RGB, GL_INTERPOLATE);
   glTexEnvi(GL_TEXTURE_ENV, GL_SRC0_RGB, GL_TEXTURE);
   glTexEnvi(GL_TEXTURE_ENV, GL_SRC1_RGB, GL_CONSTANT);
   glTexEnvi(GL_TEXTURE_ENV, GL_SRC2_RGB, GL_PRIMARY_COLOR);
   glTexEnvi(GL_TEXTURE_ENV, GL_OPERAND2_RGB, GL_SRC_ALPHA);
   glTexEnvi(GL_TEXTURE_ENV, GL_COMBINE_ALPHA, GL_REPLACE);
   glTexEnvi(GL_TEXTURE_ENV, GL_SRC0_ALPHA, GL_PRIMARY_COLOR);
   glTexEnvf(GL_TEXTURE_ENV, GL_RGB_SCALE, 2);
   const GLfloat env[4] = { 0, 0, 0.5f, 1 };
   glTexEnvfv(GL_TEXTURE_ENV, GL_TEXTURE_ENV_COLOR, env);
   glColor4f(1, 1, 1, 0.25f);
   full_quad();
   /* Red texel: 2 (0.25 (1, 0, 0) + 0.75 (0, 0, 0.5)). */
   const GLfloat red[4] = { 0.5f, 0, 0.75f, 0.25f };
   assert_true(st_test_probe(4, 4, red, 0.02f));

   /* DOT3_RGBA: 4 ((t - 0.5) . (c - 0.5)) everywhere; white texel and
    * primary (1, 0.5, 0.5): 4 * 0.25 = 1. */
   glTexEnvi(GL_TEXTURE_ENV, GL_COMBINE_RGB, GL_DOT3_RGBA);
   glTexEnvi(GL_TEXTURE_ENV, GL_SRC1_RGB, GL_PRIMARY_COLOR);
   glTexEnvf(GL_TEXTURE_ENV, GL_RGB_SCALE, 1);
   glColor4f(1, 0.5f, 0.5f, 1);
   full_quad();
   const GLfloat one[4] = { 1, 1, 1, 1 };
   assert_true(st_test_probe(SIZE - 4, SIZE - 4, one, 0.02f));

   glTexEnvi(GL_TEXTURE_ENV, GL_COMBINE_RGB, GL_MODULATE);
   glTexEnvi(GL_TEXTURE_ENV, GL_COMBINE_ALPHA, GL_MODULATE);
   glTexEnvi(GL_TEXTURE_ENV, GL_SRC1_RGB, GL_PREVIOUS);
   glTexEnvi(GL_TEXTURE_ENV, GL_SRC2_RGB, GL_CONSTANT);
   glTexEnvi(GL_TEXTURE_ENV, GL_OPERAND2_RGB, GL_SRC_ALPHA);
   glTexEnvi(GL_TEXTURE_ENV, GL_SRC0_ALPHA, GL_TEXTURE);
   const GLfloat zero[4] = { 0, 0, 0, 0 };
   glTexEnvfv(GL_TEXTURE_ENV, GL_TEXTURE_ENV_COLOR, zero);
   glDisable(GL_TEXTURE_2D);
   glDeleteTextures(1, &tex);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
lighting_directional(void **state)
{
   /* Light 0: white, from +z (the defaults); the default material:
    * 0.2 * 0.2 ambient of the scene + 0.8 diffuse at N . L = 1. */
   glEnable(GL_LIGHTING);
   glEnable(GL_LIGHT0);
   glNormal3f(0, 0, 1);
   full_quad();
   const GLfloat lit[4] = { 0.84f, 0.84f, 0.84f, 1 };
   assert_true(st_test_probe(8, 8, lit, 0.02f));

   /* Facing away: only the scene ambient. */
   glNormal3f(0, 0, -1);
   full_quad();
   const GLfloat dark[4] = { 0.04f, 0.04f, 0.04f, 1 };
   assert_true(st_test_probe(8, 8, dark, 0.02f));

   /* Colour material takes diffuse (and ambient) from glColor. */
   glEnable(GL_COLOR_MATERIAL);
   glColor4f(1, 0, 0, 1);
   glNormal3f(0, 0, 1);
   full_quad();
   const GLfloat red[4] = { 1, 0, 0, 1 };
   assert_true(st_test_probe(8, 8, red, 0.02f));
   glDisable(GL_COLOR_MATERIAL);
   glDisable(GL_LIGHT0);
   glDisable(GL_LIGHTING);
   glColor4f(1, 1, 1, 1);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
lighting_positional_and_specular(void **state)
{
   glEnable(GL_LIGHTING);
   glEnable(GL_LIGHT0);
   glNormal3f(0, 0, 1);

   /* A point light far above the centre, constant attenuation 2: about
    * 0.04 + 0.8 / 2 at each vertex (lighting is per vertex). */
   const GLfloat pos[4] = { SIZE / 2, SIZE / 2, 1000, 1 };
   glLightfv(GL_LIGHT0, GL_POSITION, pos);
   glLightf(GL_LIGHT0, GL_CONSTANT_ATTENUATION, 2);
   full_quad();
   const GLfloat half[4] = { 0.44f, 0.44f, 0.44f, 1 };
   assert_true(st_test_probe(SIZE / 2, SIZE / 2, half, 0.02f));

   /* A spot light pointing away lights nothing but the ambient. */
   const GLfloat up[3] = { 0, 0, 1 };
   glLightfv(GL_LIGHT0, GL_SPOT_DIRECTION, up);
   glLightf(GL_LIGHT0, GL_SPOT_CUTOFF, 45);
   full_quad();
   const GLfloat ambient[4] = { 0.04f, 0.04f, 0.04f, 1 };
   assert_true(st_test_probe(SIZE / 2, SIZE / 2, ambient, 0.02f));
   glLightf(GL_LIGHT0, GL_SPOT_CUTOFF, 180);
   glLightf(GL_LIGHT0, GL_CONSTANT_ATTENUATION, 1);

   /* Directional from +z again, with a red specular material: the half
    * vector is the normal, so the full specular adds to the diffuse;
    * the separate specular colour gives the same sum. */
   const GLfloat dir[4] = { 0, 0, 1, 0 };
   glLightfv(GL_LIGHT0, GL_POSITION, dir);
   const GLfloat spec[4] = { 0.1f, 0, 0, 1 };
   glMaterialfv(GL_FRONT_AND_BACK, GL_SPECULAR, spec);
   glMaterialf(GL_FRONT_AND_BACK, GL_SHININESS, 10);
   full_quad();
   const GLfloat shiny[4] = { 0.94f, 0.84f, 0.84f, 1 };
   assert_true(st_test_probe(8, 8, shiny, 0.02f));
   glLightModeli(GL_LIGHT_MODEL_COLOR_CONTROL, GL_SEPARATE_SPECULAR_COLOR);
   full_quad();
   assert_true(st_test_probe(8, 8, shiny, 0.02f));
   glLightModeli(GL_LIGHT_MODEL_COLOR_CONTROL, GL_SINGLE_COLOR);
   const GLfloat no_spec[4] = { 0, 0, 0, 1 };
   glMaterialfv(GL_FRONT_AND_BACK, GL_SPECULAR, no_spec);
   glMaterialf(GL_FRONT_AND_BACK, GL_SHININESS, 0);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
linear_fog(void **state)
{
   /* Depth 0.5 in eye space: f = (1 - 0.5) / (1 - 0) = 0.5. */
   glEnable(GL_FOG);
   glFogi(GL_FOG_MODE, GL_LINEAR);
   glFogf(GL_FOG_START, 0);
   glFogf(GL_FOG_END, 1);
   const GLfloat fog_color[4] = { 0, 0, 1, 1 };
   glFogfv(GL_FOG_COLOR, fog_color);
   glColor3f(1, 0, 0);
   glTranslatef(0, 0, -0.5f);
   full_quad();
   glDisable(GL_FOG);
   const GLfloat mixed[4] = { 0.5f, 0, 0.5f, 1 };
   assert_true(st_test_probe(8, 8, mixed, 0.02f));
   glColor4f(1, 1, 1, 1);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
user_clip_plane(void **state)
{
   /* Keep x <= 16: -x + 16 >= 0. */
   const GLdouble eq[4] = { -1, 0, 0, 16 };
   glClipPlane(GL_CLIP_PLANE0, eq);
   glEnable(GL_CLIP_PLANE0);
   glColor3f(1, 1, 0);
   full_quad();
   glDisable(GL_CLIP_PLANE0);
   const GLfloat yellow[4] = { 1, 1, 0, 1 };
   assert_true(st_test_probe(4, 8, yellow, 0.01f));
   assert_true(st_test_probe(SIZE - 4, 8, black, 0.01f));
   glColor4f(1, 1, 1, 1);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
alpha_test(void **state)
{
   glEnable(GL_ALPHA_TEST);
   glAlphaFunc(GL_GREATER, 0.5f);
   glColor4f(1, 1, 1, 0.25f);
   full_quad();
   assert_true(st_test_probe(8, 8, black, 0.01f));
   glColor4f(1, 1, 1, 0.75f);
   full_quad();
   const GLfloat drawn[4] = { 1, 1, 1, 0.75f };
   assert_true(st_test_probe(8, 8, drawn, 0.01f));
   glDisable(GL_ALPHA_TEST);
   glAlphaFunc(GL_ALWAYS, 0);
   glColor4f(1, 1, 1, 1);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

/* A program with only a fragment shader gets fixed-function vertex
 * processing, which gives it gl_TexCoord[0] (texture matrix applied)
 * although no texture unit is enabled. */
static void
fragment_shader_reads_texcoord(void **state)
{
   const char *fs = "void main() {\n"
                    "   gl_FragColor = vec4(gl_TexCoord[0].xy, 0.0, 1.0);\n"
                    "}\n";
   GLuint sh = glCreateShader(GL_FRAGMENT_SHADER);
   glShaderSource(sh, 1, &fs, NULL);
   glCompileShader(sh);
   GLuint prog = glCreateProgram();
   glAttachShader(prog, sh);
   glDeleteShader(sh);
   glLinkProgram(prog);
   GLint ok = 0;
   glGetProgramiv(prog, GL_LINK_STATUS, &ok);
   assert_int_equal(ok, GL_TRUE);
   glUseProgram(prog);
   glMatrixMode(GL_TEXTURE);
   glScalef(0.5f, 1, 1);
   full_quad();
   glLoadIdentity();
   glMatrixMode(GL_MODELVIEW);
   glUseProgram(0);
   glDeleteProgram(prog);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   /* Pixel (8, 24): texture coordinates (8.5 / 32 * 0.5, 24.5 / 32). */
   const GLfloat expect[4] = { 0.133f, 0.766f, 0, 1 };
   assert_true(st_test_probe(8, 24, expect, 0.02f));
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup(colored_triangle, reset),
      cmocka_unit_test_setup(modelview_moves_geometry, reset),
      cmocka_unit_test_setup(texture_modulate, reset),
      cmocka_unit_test_setup(texture_replace_and_blend, reset),
      cmocka_unit_test_setup(texture_base_formats, reset),
      cmocka_unit_test_setup(incomplete_texture_disables_unit, reset),
      cmocka_unit_test_setup(material_per_vertex, reset),
      cmocka_unit_test_setup(texture_matrix_and_texgen, reset),
      cmocka_unit_test_setup(texture_combine, reset),
      cmocka_unit_test_setup(lighting_directional, reset),
      cmocka_unit_test_setup(lighting_positional_and_specular, reset),
      cmocka_unit_test_setup(linear_fog, reset),
      cmocka_unit_test_setup(user_clip_plane, reset),
      cmocka_unit_test_setup(alpha_test, reset),
      cmocka_unit_test_setup(fragment_shader_reads_texcoord, reset),
   };
   return cmocka_run_group_tests(tests, setup, teardown);
}
