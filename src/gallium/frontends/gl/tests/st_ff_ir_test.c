/* SPDX-License-Identifier: MIT */

/*
 * The fixed-function IR generator (st_ff_vs.c, st_ff_fs.c) from keys
 * alone: each key's IR is valid, mentions what the key asks for and
 * nothing it does not (the cases that must not fire), and links; a sweep
 * over many keys builds and links every one of them.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "compiler/glsl/glsl_link.h"
#include "st_ff.h"
#include "st_ff_ir.h"
#include "st_gl.h"
#include "util/u_arena.h"

struct dump {
   struct u_arena *arena;
   char *vs, *fs;
};

/* Builds, validates and prints both stages of @p key. */
static void
dump_key(const struct st_ff_key *key, struct dump *d)
{
   d->arena = u_arena_create(NULL);
   assert_non_null(d->arena);
   struct ir_shader *vs = st_ff_vs_build(key, d->arena, NULL);
   struct ir_shader *fs = st_ff_fs_build(key, d->arena, NULL);
   assert_non_null(vs);
   assert_non_null(fs);
   char *error = NULL;
   if (!ir_validate(vs, &error))
      fail_msg("vertex IR invalid: %s", error);
   if (!ir_validate(fs, &error))
      fail_msg("fragment IR invalid: %s", error);
   d->vs = ir_shader_to_string(vs, d->arena);
   d->fs = ir_shader_to_string(fs, d->arena);
}

static bool
has(const char *text, const char *what)
{
   return strstr(text, what) != NULL;
}

/* Links both stages as shaders made of IR alone. */
static bool
links(const struct st_ff_key *key)
{
   struct u_arena *arena = u_arena_create(NULL);
   struct glsl_shader sh[2];
   struct glsl_shader *shaders[2] = { &sh[0], &sh[1] };
   memset(sh, 0, sizeof(sh));
   struct ir_shader *ir[2] = { st_ff_vs_build(key, arena, NULL),
                               st_ff_fs_build(key, arena, NULL) };
   for (unsigned i = 0; i < 2; i++) {
      assert_non_null(ir[i]);
      sh[i].arena = arena;
      sh[i].stage = ir[i]->stage;
      sh[i].version = 120;
      sh[i].profile = GLSL_PROFILE_COMPAT;
      sh[i].ok = true;
      sh[i].gs_input_prim = sh[i].gs_output_prim = -1;
      sh[i].gs_max_vertices = -1;
      sh[i].ir = ir[i];
   }
   struct glsl_program *prog = glsl_link_program(shaders, 2, NULL);
   bool ok = prog && prog->ok;
   if (prog && !prog->ok)
      print_error("%s", prog->info_log);
   glsl_program_destroy(prog);
   u_arena_destroy(arena);
   return ok;
}

static void
empty_key_is_transform_and_colour(void **state)
{
   (void)state;
   struct st_ff_key key;
   memset(&key, 0, sizeof(key));
   struct dump d;
   dump_key(&key, &d);
   assert_true(has(d.vs, "@gl_ModelViewProjectionMatrix"));
   assert_true(has(d.vs, "@gl_FrontColor location="));
   assert_true(has(d.fs, "@gl_FragColor location=0"));
   /* Must not fire: no lighting, eye space, texturing or fog. */
   assert_false(has(d.vs, "@gl_LightSource"));
   assert_false(has(d.vs, "@gl_ModelViewMatrix"));
   assert_false(has(d.vs, "@gl_NormalMatrix"));
   assert_false(has(d.vs, "@gl_TexCoord"));
   assert_false(has(d.vs, "@gl_FogFragCoord"));
   assert_false(has(d.fs, " tex "));
   assert_false(has(d.fs, "@gl_Fog"));
   assert_true(links(&key));
   u_arena_destroy(d.arena);
}

static void
lighting_reads_only_enabled_lights(void **state)
{
   (void)state;
   struct st_ff_key key;
   memset(&key, 0, sizeof(key));
   key.lighting = true;
   key.light[3].enabled = true;
   key.light[3].positional = true;
   key.light[3].spot = true;
   struct dump d;
   dump_key(&key, &d);
   assert_true(has(d.vs, "@gl_LightSource"));
   assert_true(has(d.vs, ".constantAttenuation"));
   assert_true(has(d.vs, ".spotCosCutoff"));
   assert_true(has(d.vs, "fpow"));
   /* Must not fire: the back face, rescaling, colour material. */
   assert_false(has(d.vs, "@gl_BackMaterial"));
   assert_false(has(d.vs, "@gl_BackColor"));
   assert_false(has(d.vs, "@gl_Color"));
   assert_false(has(d.vs, "@gl_NormalScale"));
   assert_true(links(&key));
   u_arena_destroy(d.arena);

   /* Directional, no spot: no attenuation terms. */
   key.light[3].positional = false;
   key.light[3].spot = false;
   key.two_side = true;
   key.color_material_mode = GL_DIFFUSE;
   key.color_material_face = GL_FRONT_AND_BACK;
   dump_key(&key, &d);
   assert_false(has(d.vs, ".constantAttenuation"));
   assert_false(has(d.vs, ".spotCosCutoff"));
   assert_true(has(d.vs, "@gl_BackColor"));
   assert_true(has(d.vs, "@gl_Color"));
   assert_true(has(d.vs, "@gl_BackMaterial"));
   assert_true(links(&key));
   u_arena_destroy(d.arena);
}

static void
texgen_and_environments(void **state)
{
   (void)state;
   struct st_ff_key key;
   memset(&key, 0, sizeof(key));
   key.unit[1].target = ST_FF_TEX_2D;
   key.unit[1].env = ST_FF_ENV_DECAL;
   key.unit[1].texgen[0] = ST_FF_TEXGEN_SPHERE_MAP;
   key.unit[1].texgen[1] = ST_FF_TEXGEN_EYE_LINEAR;
   struct dump d;
   dump_key(&key, &d);
   assert_true(has(d.vs, "@gl_EyePlaneT"));
   assert_true(has(d.vs, "@gl_NormalMatrix"));
   assert_true(has(d.vs, "@gl_MultiTexCoord1"));
   assert_false(has(d.vs, "@gl_MultiTexCoord0"));
   assert_false(has(d.vs, "@gl_ObjectPlane"));
   assert_true(has(d.fs, "uniform sampler2D @st_ff_sampler1"));
   assert_true(has(d.fs, "texture=1 sampler=1"));
   assert_true(has(d.fs, "projector="));
   assert_true(has(d.fs, "flrp"));
   assert_false(has(d.fs, "@st_ff_sampler0"));
   assert_true(links(&key));
   u_arena_destroy(d.arena);

   /* A cube map samples by s, t, r without projection. */
   key.unit[1].target = ST_FF_TEX_CUBE;
   dump_key(&key, &d);
   assert_true(has(d.fs, "samplerCube"));
   assert_false(has(d.fs, "projector="));
   u_arena_destroy(d.arena);
}

static void
combine_dot3_and_crossbar(void **state)
{
   (void)state;
   struct st_ff_key key;
   memset(&key, 0, sizeof(key));
   key.unit[0].target = ST_FF_TEX_2D;
   key.unit[1].target = ST_FF_TEX_2D;
   key.unit[1].env = ST_FF_ENV_COMBINE;
   struct st_ff_combine *cb = &key.unit[1].combine;
   cb->func_rgb = GL_DOT3_RGBA;
   cb->func_alpha = GL_REPLACE;
   cb->src_rgb[0] = GL_TEXTURE0;
   cb->src_rgb[1] = GL_CONSTANT;
   cb->operand_rgb[0] = cb->operand_rgb[1] = GL_SRC_COLOR;
   cb->src_alpha[0] = GL_PRIMARY_COLOR;
   cb->operand_alpha[0] = GL_SRC_ALPHA;
   cb->rgb_shift = 1;
   struct dump d;
   dump_key(&key, &d);
   assert_true(has(d.fs, "fdot3"));
   assert_true(has(d.fs, "@gl_TextureEnvColor"));
   assert_false(has(d.fs, "@gl_SecondaryColor"));
   assert_true(links(&key));
   u_arena_destroy(d.arena);
}

static void
fog_color_sum_points_clip(void **state)
{
   (void)state;
   struct st_ff_key key;
   memset(&key, 0, sizeof(key));
   key.fog = ST_FF_FOG_EXP2;
   key.color_sum = true;
   key.point_attenuation = true;
   key.clip_vertex = true;
   struct dump d;
   dump_key(&key, &d);
   assert_true(has(d.vs, "@gl_FogFragCoord"));
   assert_true(has(d.vs, "@gl_ClipVertex"));
   assert_true(has(d.vs, "@gl_PointSize"));
   assert_true(has(d.vs, "@gl_FrontSecondaryColor"));
   assert_true(has(d.fs, "fexp2"));
   assert_true(has(d.fs, "@gl_SecondaryColor"));
   assert_false(has(d.vs, "@gl_FogCoord"));
   assert_true(links(&key));
   u_arena_destroy(d.arena);

   key.fog = ST_FF_FOG_LINEAR;
   key.fog_from_coord = true;
   key.clip_vertex = false;
   key.point_attenuation = false;
   dump_key(&key, &d);
   assert_true(has(d.vs, "@gl_FogCoord"));
   assert_false(has(d.fs, "fexp2"));
   assert_false(has(d.vs, "@gl_ModelViewMatrix"));
   assert_true(links(&key));
   u_arena_destroy(d.arena);
}

/* Many keys, each field cycling through its values: every one builds
 * valid IR that links. */
static void
sweep_links(void **state)
{
   (void)state;
   static const GLenum funcs[] = { GL_REPLACE,    GL_MODULATE,    GL_ADD,
                                   GL_ADD_SIGNED, GL_INTERPOLATE, GL_SUBTRACT,
                                   GL_DOT3_RGB,   GL_DOT3_RGBA };
   static const GLenum srcs[] = { GL_TEXTURE,  GL_CONSTANT, GL_PRIMARY_COLOR,
                                  GL_PREVIOUS, GL_TEXTURE0, GL_TEXTURE3 };
   static const GLenum ops[] = { GL_SRC_COLOR, GL_ONE_MINUS_SRC_COLOR,
                                 GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA };
   for (unsigned n = 0; n < 48; n++) {
      struct st_ff_key key;
      memset(&key, 0, sizeof(key));
      key.fog = (uint8_t)(n % 4);
      key.fog_from_coord = n & 1;
      key.color_sum = n & 2;
      key.lighting = n & 4;
      key.two_side = n & 8;
      key.local_viewer = n & 16;
      key.separate_specular = n & 32;
      key.normalize = n % 3 == 0;
      key.rescale_normal = n % 3 == 1;
      key.light[n % 8].enabled = true;
      key.light[n % 8].positional = n & 1;
      key.light[n % 8].spot = n & 2;
      key.light[(n + 3) % 8].enabled = n & 4;
      key.texcoords_read = (uint8_t)(n * 7);
      for (unsigned u = 0; u < 2; u++) {
         struct st_ff_unit *unit = &key.unit[(n + u) % 8];
         unit->target = (uint8_t)((n + u) % 6);
         unit->env = (uint8_t)((n / 2 + u) % 6);
         for (unsigned c = 0; c < 4; c++)
            unit->texgen[c] = (uint8_t)((n + c + u) % 6);
         struct st_ff_combine *cb = &unit->combine;
         cb->func_rgb = (uint16_t)funcs[n % 8];
         cb->func_alpha = (uint16_t)funcs[(n + 1) % 6];
         for (unsigned i = 0; i < 3; i++) {
            cb->src_rgb[i] = (uint16_t)srcs[(n + i) % 6];
            cb->src_alpha[i] = (uint16_t)srcs[(n + 2 * i) % 6];
            cb->operand_rgb[i] = (uint16_t)ops[(n + i) % 4];
            cb->operand_alpha[i] = (uint16_t)ops[2 + (n + i) % 2];
         }
         cb->rgb_shift = (uint8_t)(n % 3);
         cb->alpha_shift = (uint8_t)((n + 1) % 3);
      }
      if (n % 5 == 0) {
         key.color_material_mode = GL_AMBIENT_AND_DIFFUSE;
         key.color_material_face = GL_BACK;
      }
      struct dump d;
      dump_key(&key, &d);
      u_arena_destroy(d.arena);
      if (!links(&key))
         fail_msg("key %u does not link", n);
   }
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(empty_key_is_transform_and_colour),
      cmocka_unit_test(lighting_reads_only_enabled_lights),
      cmocka_unit_test(texgen_and_environments),
      cmocka_unit_test(combine_dot3_and_crossbar),
      cmocka_unit_test(fog_color_sum_points_clip),
      cmocka_unit_test(sweep_links),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
