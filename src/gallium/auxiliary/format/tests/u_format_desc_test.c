/* SPDX-License-Identifier: MIT */

/*
 * Sanity of every generated descriptor: one test per format checks the
 * name, block size against the channel bits, swizzles, flags and which
 * pack/unpack functions exist.  The lookups of u_format.h are tested at
 * the end.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "gallium/auxiliary/format/u_format.h"

static bool
has_rgba(const struct u_format_desc *d)
{
   return d->unpack_rgba_float || d->unpack_rgba_uint || d->unpack_rgba_sint;
}

static void
descriptor_is_sane(void **state)
{
   const struct u_format_desc *d = *state;

   assert_ptr_equal(u_format_description(d->format), d);
   assert_int_equal(strncmp(d->name, "PIPE_FORMAT_", 12), 0);
   for (unsigned i = 0; d->short_name[i]; i++)
      assert_int_equal(d->short_name[i] | 0x20, d->name[12 + i] | 0x20);
   assert_int_equal(strlen(d->short_name), strlen(d->name) - 12);

   assert_true(d->nr_channels >= 1 && d->nr_channels <= 4);
   assert_true(d->block_bytes > 0);

   unsigned bits = 0;
   for (unsigned i = 0; i < d->nr_channels; i++) {
      if (d->layout == U_FORMAT_LAYOUT_ARRAY ||
          d->layout == U_FORMAT_LAYOUT_BITFIELD) {
         assert_int_equal(d->channel[i].shift, bits);
      }
      assert_true(d->channel[i].size >= 1 && d->channel[i].size <= 64);
      bits += d->channel[i].size;
   }

   for (unsigned i = 0; i < 4; i++) {
      if (d->swizzle[i] <= U_FORMAT_SWIZZLE_W)
         assert_true(d->swizzle[i] < d->nr_channels);
      if (d->colorspace != U_FORMAT_COLORSPACE_ZS)
         assert_true(d->swizzle[i] != U_FORMAT_SWIZZLE_NONE);
   }

   if (d->is_compressed) {
      assert_int_equal(d->block_width, 4);
      assert_int_equal(d->block_height, 4);
      assert_true(d->block_bytes == 8 || d->block_bytes == 16);
      assert_true(d->layout == U_FORMAT_LAYOUT_S3TC ||
                  d->layout == U_FORMAT_LAYOUT_RGTC ||
                  d->layout == U_FORMAT_LAYOUT_ETC);
      assert_false(has_rgba(d));
      assert_null(d->pack_rgba_float);
      return;
   }

   assert_int_equal(d->block_width, 1);
   assert_int_equal(d->block_height, 1);
   /* The rule of the brief: block bytes are the channel bits / 8. */
   assert_int_equal(bits % 8, 0);
   assert_int_equal(d->block_bytes, bits / 8);

   if (d->colorspace == U_FORMAT_COLORSPACE_ZS) {
      assert_true(d->is_depth || d->is_stencil);
      assert_false(has_rgba(d));
      assert_int_equal(d->is_depth, d->swizzle[0] <= U_FORMAT_SWIZZLE_W);
      assert_int_equal(d->is_stencil, d->swizzle[1] <= U_FORMAT_SWIZZLE_W);
      assert_int_equal(d->is_depth, d->unpack_z_float != NULL);
      assert_int_equal(d->is_depth, d->pack_z_float != NULL);
      assert_int_equal(d->is_depth, d->unpack_z_uint32 != NULL);
      assert_int_equal(d->is_depth, d->pack_z_uint32 != NULL);
      assert_int_equal(d->is_stencil, d->unpack_s_uint8 != NULL);
      assert_int_equal(d->is_stencil, d->pack_s_uint8 != NULL);
      if (d->is_stencil) {
         const struct u_format_channel *s = &d->channel[d->swizzle[1]];
         assert_int_equal(s->type, U_FORMAT_TYPE_UINT);
         assert_int_equal(s->size, 8);
      }
      return;
   }

   assert_false(d->is_depth || d->is_stencil);
   assert_null(d->unpack_z_float);
   assert_null(d->unpack_s_uint8);
   /* Exactly one kind of colour function pair. */
   assert_int_equal(!!d->unpack_rgba_float + !!d->unpack_rgba_uint +
                       !!d->unpack_rgba_sint,
                    1);
   assert_int_equal(d->unpack_rgba_float != NULL, d->pack_rgba_float != NULL);
   assert_int_equal(d->unpack_rgba_uint != NULL, d->pack_rgba_uint != NULL);
   assert_int_equal(d->unpack_rgba_sint != NULL, d->pack_rgba_sint != NULL);
   assert_int_equal(d->is_pure_uint, d->unpack_rgba_uint != NULL);
   assert_int_equal(d->is_pure_sint, d->unpack_rgba_sint != NULL);
   for (unsigned i = 0; i < d->nr_channels; i++) {
      enum u_format_type t = d->channel[i].type;
      if (t == U_FORMAT_TYPE_VOID)
         continue;
      assert_int_equal(d->is_pure_uint, t == U_FORMAT_TYPE_UINT);
      assert_int_equal(d->is_pure_sint, t == U_FORMAT_TYPE_SINT);
   }
}

static void
lookups(void **state)
{
   (void)state;
   assert_null(u_format_description(PIPE_FORMAT_COUNT));
   assert_null(u_format_description((enum pipe_format) - 1));
   assert_int_equal(u_format_get_blocksize(PIPE_FORMAT_NONE), 0);
   assert_int_equal(u_format_get_blocksize(PIPE_FORMAT_COUNT), 0);
   assert_int_equal(u_format_get_blocksize(PIPE_FORMAT_R8G8B8A8_UNORM), 4);
   assert_int_equal(u_format_get_blocksize(PIPE_FORMAT_R32G32B32_FLOAT), 12);
   assert_int_equal(u_format_get_blocksize(PIPE_FORMAT_Z32_FLOAT_S8X24_UINT),
                    8);
   assert_int_equal(u_format_get_blocksize(PIPE_FORMAT_DXT1_RGBA), 8);
   assert_int_equal(u_format_get_blocksize(PIPE_FORMAT_DXT5_RGBA), 16);
   assert_string_equal(u_format_description(PIPE_FORMAT_B5G6R5_UNORM)->name,
                       "PIPE_FORMAT_B5G6R5_UNORM");
   assert_int_equal(PIPE_FORMAT_NONE, 0);

   float f[4];
   uint8_t buf[16] = { 0 };
   assert_false(u_format_unpack_rgba(PIPE_FORMAT_NONE, buf, f, 1));
   assert_false(u_format_unpack_rgba(PIPE_FORMAT_COUNT, buf, f, 1));
   assert_false(u_format_unpack_rgba(PIPE_FORMAT_DXT1_RGB, buf, f, 1));
   assert_false(u_format_unpack_rgba(PIPE_FORMAT_R8_UINT, buf, f, 1));
   assert_false(u_format_unpack_rgba(PIPE_FORMAT_Z16_UNORM, buf, f, 1));
   assert_false(u_format_unpack_z_float(PIPE_FORMAT_S8_UINT, buf, f, 1));
   assert_false(u_format_unpack_s_uint8(PIPE_FORMAT_Z16_UNORM, buf, buf, 1));
   assert_true(u_format_unpack_rgba(PIPE_FORMAT_R8_UNORM, buf, f, 1));
}

int
main(void)
{
   struct CMUnitTest tests[PIPE_FORMAT_COUNT];
   unsigned n = 0;
   for (unsigned f = 1; f < PIPE_FORMAT_COUNT; f++) {
      tests[n++] = (struct CMUnitTest){
         .name = u_format_descs[f].name,
         .test_func = descriptor_is_sane,
         .initial_state = (void *)&u_format_descs[f],
      };
   }
   tests[n++] = (struct CMUnitTest)cmocka_unit_test(lookups);
   return _cmocka_run_group_tests("u_format_desc", tests, n, NULL, NULL);
}
