/* SPDX-License-Identifier: MIT */

/*
 * 4x multisampling in the rasterizer, through the pipe interface:
 * coverage per sample at the standard positions (0.375, 0.125),
 * (0.875, 0.375), (0.125, 0.625), (0.625, 0.875), depth per sample, and
 * the shader run once per pixel at its centre.
 */
#include "sw_raster_test_util.h"

#define S 32

static const float sample_pos[4][2] = { { 0.375f, 0.125f },
                                        { 0.875f, 0.375f },
                                        { 0.125f, 0.625f },
                                        { 0.625f, 0.875f } };

static float *
put(float *v, float x, float y, float z)
{
   const float d[8] = { x, y, z, 1, 1, 0, 0, 1 };
   memcpy(v, d, sizeof(d));
   return v + 8;
}

static const char fs_frag_x[] =
   "shader fragment\n"
   "var system_value vec4 @gl_FragCoord location=0\n"
   "var shader_out vec4 @c location=0\n"
   "fn main {\n  b0:\n"
   "    %0:32 = deref_var @gl_FragCoord\n"
   "    %1:32x4 = load_deref %0\n"
   "    %2:32 = load_const 1.0\n"
   "    %3:32x4 = vec4 %1.x, %1.y, %2, %2\n"
   "    %4:32 = deref_var @c\n"
   "    store_deref %4, %3 write_mask=15\n"
   "}\n";

/* The rectangle [2, 10.5) x [5.5, 20) covers the samples inside it; every
 * covered sample of a pixel gets the colour shaded at the pixel centre. */
static void
coverage_per_sample(void **state)
{
   struct rtest *rt = rtest_create(S, S, PIPE_FORMAT_R32G32B32A32_FLOAT,
                                   PIPE_FORMAT_Z32_FLOAT, 4);
   rtest_fs(rt, fs_frag_x);
   float v[6 * 8], *o = v;
   o = put(o, 2, 5.5f, 0);
   o = put(o, 10.5f, 5.5f, 0);
   o = put(o, 10.5f, 20, 0);
   o = put(o, 2, 5.5f, 0);
   o = put(o, 10.5f, 20, 0);
   put(o, 2, 20, 0);
   rtest_draw(rt, PIPE_PRIM_TRIANGLES, v, 6);
   unsigned partial = 0;
   for (unsigned y = 0; y < S; y++) {
      for (unsigned x = 0; x < S; x++) {
         unsigned n = 0;
         for (unsigned s = 0; s < 4; s++) {
            float sx = x + sample_pos[s][0], sy = y + sample_pos[s][1];
            bool in = sx >= 2 && sx < 10.5f && sy >= 5.5f && sy < 20;
            float c[4];
            rtest_read_sample(rt, x, y, s, c);
            if (!in) {
               assert_true(c[3] == 0.0f);
               continue;
            }
            n++;
            assert_true(c[0] == x + 0.5f && c[1] == y + 0.5f);
         }
         partial += n > 0 && n < 4;
      }
   }
   /* Column 10 (rows 6 to 19) and row 5 (columns 2 to 10). */
   assert_int_equal(partial, 14 + 9);
   rtest_destroy(rt);
}

/* With multisampling off, the pixel centre decides for every sample. */
static void
multisample_off(void **state)
{
   struct rtest *rt = rtest_create(S, S, PIPE_FORMAT_R32G32B32A32_FLOAT,
                                   PIPE_FORMAT_Z32_FLOAT, 4);
   rt->rs.multisample = false;
   rtest_bind_states(rt);
   float v[6 * 8], *o = v;
   o = put(o, 2, 5.5f, 0);
   o = put(o, 10.5f, 5.5f, 0);
   o = put(o, 10.5f, 20, 0);
   o = put(o, 2, 5.5f, 0);
   o = put(o, 10.5f, 20, 0);
   put(o, 2, 20, 0);
   rtest_draw(rt, PIPE_PRIM_TRIANGLES, v, 6);
   for (unsigned y = 0; y < S; y++) {
      for (unsigned x = 0; x < S; x++) {
         float cx = x + 0.5f, cy = y + 0.5f;
         bool in = cx >= 2 && cx < 10.5f && cy >= 5.5f && cy < 20;
         for (unsigned s = 0; s < 4; s++) {
            float c[4];
            rtest_read_sample(rt, x, y, s, c);
            assert_true(c[0] == (in ? 1.0f : 0.0f));
         }
      }
   }
   rtest_destroy(rt);
}

/* Depth is interpolated at each sample: z = 0.01 * x in NDC. */
static void
depth_per_sample(void **state)
{
   struct rtest *rt = rtest_create(S, S, PIPE_FORMAT_R32G32B32A32_FLOAT,
                                   PIPE_FORMAT_Z32_FLOAT, 4);
   rt->dsa.depth.enabled = true;
   rt->dsa.depth.writemask = true;
   rt->dsa.depth.func = PIPE_FUNC_ALWAYS;
   rtest_bind_states(rt);
   float v[3 * 8], *o = v;
   o = put(o, 0, 0, 0);
   o = put(o, 100, 0, 1);
   put(o, 0, 100, 0);
   rtest_draw(rt, PIPE_PRIM_TRIANGLES, v, 3);
   const struct u_format_desc *d = u_format_description(rt->zsformat);
   for (unsigned x = 0; x < 20; x++) {
      for (unsigned s = 0; s < 4; s++) {
         float z = d->unpack_z_float(
            sw_resource_texel(sw_resource(rt->zsbuf), 0, 0, s, x, 3));
         float want = 0.5f + 0.5f * 0.01f * (x + sample_pos[s][0]);
         if (fabsf(z - want) > 1e-6f)
            fail_msg("(%u, 3) sample %u: %g, expected %g", x, s, (double)z,
                     (double)want);
      }
   }
   rtest_destroy(rt);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(coverage_per_sample),
      cmocka_unit_test(multisample_off),
      cmocka_unit_test(depth_per_sample),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
