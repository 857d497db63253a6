/* SPDX-License-Identifier: MIT */

/* Contexts: creation of each API and version, make-current, errors,
 * strings. */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "pipe/p_inlines.h"
#include "pipe/p_screen.h"
#include "pipe/p_state.h"
#include "st_test_util.h"
#include "sw_public.h"

static void
core_context_is_3_3(void **state)
{
   struct st_context *ctx =
      st_test_context_create(ST_API_OPENGL, 3, 2, ST_PROFILE_CORE, false);
   assert_non_null(ctx);
   assert_ptr_equal(st_get_current(), ctx);
   GLint major = 0, minor = 0, mask = 0;
   glGetIntegerv(GL_MAJOR_VERSION, &major);
   glGetIntegerv(GL_MINOR_VERSION, &minor);
   glGetIntegerv(GL_CONTEXT_PROFILE_MASK, &mask);
   assert_int_equal(major, 3);
   assert_int_equal(minor, 3);
   assert_int_equal(mask, GL_CONTEXT_CORE_PROFILE_BIT);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   st_test_context_destroy(ctx);
   assert_null(st_get_current());
}

static void
first_error_sticks(void **state)
{
   struct st_context *ctx =
      st_test_context_create(ST_API_OPENGL, 0, 0, ST_PROFILE_COMPAT, false);
   assert_non_null(ctx);
   glEnable(0x1234);   /* GL_INVALID_ENUM */
   glLineWidth(-1.0f); /* GL_INVALID_VALUE, not recorded */
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   st_test_context_destroy(ctx);
}

/* ---- versions ---- */

static struct st_screen *screen;

static int
setup_screen(void **state)
{
   struct pipe_screen *pscreen = sw_screen_create();
   if (!pscreen)
      return -1;
   screen = st_screen_create(pscreen);
   return screen ? 0 : -1;
}

static int
teardown_screen(void **state)
{
   st_screen_destroy(screen);
   screen = NULL;
   return 0;
}

/** Creates a context of the request; its version (x10) and API bits
 * through glGet, or the error. */
static enum st_context_error
try_version(enum st_api_type api, unsigned major, unsigned minor,
            enum st_profile profile, bool forward_compatible, unsigned *version,
            GLint *profile_mask)
{
   struct st_context_attribs attribs = {
      .api = api,
      .major = major,
      .minor = minor,
      .profile = profile,
      .forward_compatible = forward_compatible,
   };
   enum st_context_error error = ST_CONTEXT_ERROR_NO_MEMORY;
   struct st_context *ctx = st_context_create(screen, &attribs, NULL, &error);
   if (!ctx)
      return error;
   assert_true(st_make_current(ctx, NULL, NULL));
   GLint maj = 0, min = 0;
   glGetIntegerv(GL_MAJOR_VERSION, &maj);
   glGetIntegerv(GL_MINOR_VERSION, &min);
   *version = (unsigned)(maj * 10 + min);
   *profile_mask = 0;
   if (api == ST_API_OPENGL && *version >= 32)
      glGetIntegerv(GL_CONTEXT_PROFILE_MASK, profile_mask);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   st_context_destroy(ctx);
   assert_null(st_get_current());
   return error;
}

static void
versions_per_request(void **state)
{
   static const struct {
      enum st_api_type api;
      unsigned major, minor;
      enum st_profile profile;
      bool fwd;
      enum st_context_error error;
      unsigned version;
      GLint mask;
   } cases[] = {
#define OK ST_CONTEXT_SUCCESS
      /* Desktop: compat up to 3.0, core from 3.1 (and forward-compatible
       * 3.0), nothing above 3.3, no compat 3.1+. */
      { ST_API_OPENGL, 0, 0, ST_PROFILE_COMPAT, false, OK, 30, 0 },
      { ST_API_OPENGL, 2, 1, ST_PROFILE_COMPAT, false, OK, 30, 0 },
      { ST_API_OPENGL, 3, 0, ST_PROFILE_CORE, false, OK, 30, 0 },
      { ST_API_OPENGL, 3, 0, ST_PROFILE_COMPAT, true, OK, 33,
        GL_CONTEXT_CORE_PROFILE_BIT },
      { ST_API_OPENGL, 3, 1, ST_PROFILE_COMPAT, false, OK, 33,
        GL_CONTEXT_CORE_PROFILE_BIT },
      { ST_API_OPENGL, 3, 3, ST_PROFILE_CORE, false, OK, 33,
        GL_CONTEXT_CORE_PROFILE_BIT },
      { ST_API_OPENGL, 3, 2, ST_PROFILE_COMPAT, false,
        ST_CONTEXT_ERROR_BAD_VERSION, 0, 0 },
      { ST_API_OPENGL, 4, 0, ST_PROFILE_CORE, false,
        ST_CONTEXT_ERROR_BAD_VERSION, 0, 0 },
      /* ES: 2.0 and 3.0 give 3.0; 1.x and 3.1 are not provided. */
      { ST_API_OPENGL_ES, 2, 0, ST_PROFILE_CORE, false, OK, 30, 0 },
      { ST_API_OPENGL_ES, 3, 0, ST_PROFILE_CORE, false, OK, 30, 0 },
      { ST_API_OPENGL_ES, 1, 1, ST_PROFILE_CORE, false,
        ST_CONTEXT_ERROR_BAD_VERSION, 0, 0 },
      { ST_API_OPENGL_ES, 3, 1, ST_PROFILE_CORE, false,
        ST_CONTEXT_ERROR_BAD_VERSION, 0, 0 },
#undef OK
   };
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      unsigned version = 0;
      GLint mask = 0;
      enum st_context_error error =
         try_version(cases[i].api, cases[i].major, cases[i].minor,
                     cases[i].profile, cases[i].fwd, &version, &mask);
      if (error != cases[i].error || version != cases[i].version ||
          mask != cases[i].mask) {
         print_error("case %u (%u.%u): error %d version %u mask %d\n", i,
                     cases[i].major, cases[i].minor, error, version, mask);
         fail();
      }
   }
}

static void
strings(void **state)
{
   struct st_context *ctx =
      st_test_context_create(ST_API_OPENGL, 3, 3, ST_PROFILE_CORE, false);
   assert_non_null(ctx);
   assert_string_equal((const char *)glGetString(GL_VENDOR), "Indium");
   assert_non_null(glGetString(GL_RENDERER));
   assert_string_equal((const char *)glGetString(GL_VERSION),
                       "3.3 (Core Profile) Indium 0.1.0");
   assert_string_equal((const char *)glGetString(GL_SHADING_LANGUAGE_VERSION),
                       "3.30");
   assert_int_equal(glGetError(), GL_NO_ERROR);

   /* The core profile lists extensions with glGetStringi only. */
   assert_null(glGetString(GL_EXTENSIONS));
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   GLint n = -1;
   glGetIntegerv(GL_NUM_EXTENSIONS, &n);
   assert_true(n > 0);
   for (GLint i = 0; i < n; i++)
      assert_non_null(glGetStringi(GL_EXTENSIONS, (GLuint)i));
   assert_null(glGetStringi(GL_EXTENSIONS, (GLuint)n));
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   assert_null(glGetStringi(GL_VENDOR, 0));
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   st_test_context_destroy(ctx);

   ctx = st_test_context_create(ST_API_OPENGL, 0, 0, ST_PROFILE_COMPAT, false);
   assert_string_equal((const char *)glGetString(GL_VERSION),
                       "3.0 Indium 0.1.0");
   assert_string_equal((const char *)glGetString(GL_SHADING_LANGUAGE_VERSION),
                       "1.30");
   const char *ext = (const char *)glGetString(GL_EXTENSIONS);
   assert_non_null(ext);
   assert_non_null(strstr(ext, "GL_KHR_debug"));
   /* Profiles are GL 3.2. */
   GLint mask = 0;
   glGetIntegerv(GL_CONTEXT_PROFILE_MASK, &mask);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   st_test_context_destroy(ctx);

   ctx = st_test_context_create(ST_API_OPENGL_ES, 3, 0, ST_PROFILE_CORE, false);
   assert_string_equal((const char *)glGetString(GL_VERSION),
                       "OpenGL ES 3.0 Indium 0.1.0");
   assert_string_equal((const char *)glGetString(GL_SHADING_LANGUAGE_VERSION),
                       "OpenGL ES GLSL ES 3.00");
   assert_non_null(glGetString(GL_EXTENSIONS));
   assert_int_equal(glGetError(), GL_NO_ERROR);
   st_test_context_destroy(ctx);
}

static void
context_flags(void **state)
{
   struct st_context *ctx =
      st_test_context_create(ST_API_OPENGL, 3, 3, ST_PROFILE_CORE, true);
   GLint flags = 0;
   glGetIntegerv(GL_CONTEXT_FLAGS, &flags);
   assert_int_equal(flags, GL_CONTEXT_FLAG_DEBUG_BIT);
   /* Debug contexts report from the start. */
   assert_true(glIsEnabled(GL_DEBUG_OUTPUT));
   st_test_context_destroy(ctx);

   ctx = st_test_context_create(ST_API_OPENGL, 3, 3, ST_PROFILE_CORE, false);
   glGetIntegerv(GL_CONTEXT_FLAGS, &flags);
   assert_int_equal(flags, 0);
   assert_false(glIsEnabled(GL_DEBUG_OUTPUT));
   st_test_context_destroy(ctx);
}

/* Forward-compatible contexts reject what core deprecated: wide lines. */
static void
forward_compatible_wide_lines(void **state)
{
   struct st_context_attribs attribs = {
      .api = ST_API_OPENGL,
      .major = 3,
      .minor = 2,
      .profile = ST_PROFILE_CORE,
      .forward_compatible = true,
   };
   enum st_context_error error;
   struct st_context *ctx = st_context_create(screen, &attribs, NULL, &error);
   assert_non_null(ctx);
   assert_true(st_make_current(ctx, NULL, NULL));
   GLint flags = 0;
   glGetIntegerv(GL_CONTEXT_FLAGS, &flags);
   assert_int_equal(flags, GL_CONTEXT_FLAG_FORWARD_COMPATIBLE_BIT);
   glLineWidth(2.0f);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glLineWidth(1.0f);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   st_context_destroy(ctx);
}

/* ---- make current ---- */

static void
make_current_and_release(void **state)
{
   struct st_context_attribs attribs = { .api = ST_API_OPENGL };
   enum st_context_error error;
   struct st_context *a = st_context_create(screen, &attribs, NULL, &error);
   struct st_context *b = st_context_create(screen, &attribs, a, &error);
   assert_non_null(a);
   assert_non_null(b);
   assert_int_equal(error, ST_CONTEXT_SUCCESS);

   /* Each context keeps its own error. */
   assert_true(st_make_current(a, NULL, NULL));
   assert_ptr_equal(st_get_current(), a);
   glEnable(0x1234);
   assert_true(st_make_current(b, NULL, NULL));
   assert_ptr_equal(st_get_current(), b);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   assert_true(st_make_current(a, NULL, NULL));
   assert_int_equal(glGetError(), GL_INVALID_ENUM);

   assert_true(st_make_current(NULL, NULL, NULL));
   assert_null(st_get_current());
   /* Without a current context, GL calls do nothing. */
   glEnable(GL_BLEND);
   assert_int_equal(glGetError(), GL_NO_ERROR);

   /* Destroying the current context releases it. */
   assert_true(st_make_current(b, NULL, NULL));
   st_context_destroy(b);
   assert_null(st_get_current());
   st_context_destroy(a);

   /* Robust buffer access is not provided. */
   struct st_context_attribs robust = { .api = ST_API_OPENGL,
                                        .robust_access = true };
   assert_null(st_context_create(screen, &robust, NULL, &error));
   assert_int_equal(error, ST_CONTEXT_ERROR_BAD_FLAG);

   /* An ES context cannot share with a desktop one. */
   a = st_context_create(screen, &attribs, NULL, &error);
   struct st_context_attribs es = { .api = ST_API_OPENGL_ES, .major = 3 };
   assert_null(st_context_create(screen, &es, a, &error));
   assert_int_equal(error, ST_CONTEXT_ERROR_BAD_SHARE);
   st_context_destroy(a);
}

/* A window-system drawable backed by resources of the screen. */
struct test_drawable {
   struct st_drawable base;
   unsigned width, height;
   struct pipe_resource *color;
};

static bool
drawable_validate(struct st_drawable *d, unsigned *width, unsigned *height,
                  struct pipe_resource *out[ST_ATTACHMENT_COUNT])
{
   struct test_drawable *td = (struct test_drawable *)d;
   *width = td->width;
   *height = td->height;
   for (unsigned i = 0; i < ST_ATTACHMENT_COUNT; i++)
      out[i] = NULL;
   out[ST_ATTACHMENT_BACK_LEFT] = td->color;
   return true;
}

static unsigned front_flushes;

static void
drawable_flush_front(struct st_drawable *d)
{
   front_flushes++;
}

static void
first_drawable_sets_viewport(void **state)
{
   struct pipe_screen *pscreen = st_screen_pipe(screen);
   struct pipe_resource templ = {
      .target = PIPE_TEXTURE_2D,
      .format = PIPE_FORMAT_R8G8B8A8_UNORM,
      .width0 = 40,
      .height0 = 30,
      .depth0 = 1,
      .array_size = 1,
      .bind = PIPE_BIND_RENDER_TARGET | PIPE_BIND_SAMPLER_VIEW,
   };
   struct test_drawable d = {
      .base = { .color_format = PIPE_FORMAT_R8G8B8A8_UNORM,
                .double_buffered = true,
                .stamp = 1,
                .validate = drawable_validate },
      .width = 40,
      .height = 30,
      .color = pscreen->resource_create(pscreen, &templ),
   };
   assert_non_null(d.color);

   struct st_context_attribs attribs = { .api = ST_API_OPENGL };
   enum st_context_error error;
   struct st_context *ctx = st_context_create(screen, &attribs, NULL, &error);
   assert_non_null(ctx);
   assert_true(st_make_current(ctx, &d.base, &d.base));
   GLint vp[4] = { -1, -1, -1, -1 }, sc[4] = { -1, -1, -1, -1 };
   glGetIntegerv(GL_VIEWPORT, vp);
   glGetIntegerv(GL_SCISSOR_BOX, sc);
   const GLint expected[4] = { 0, 0, 40, 30 };
   assert_memory_equal(vp, expected, sizeof(vp));
   assert_memory_equal(sc, expected, sizeof(sc));

   /* Later bindings keep what the application set. */
   glViewport(1, 2, 3, 4);
   assert_true(st_make_current(NULL, NULL, NULL));
   assert_true(st_make_current(ctx, &d.base, &d.base));
   glGetIntegerv(GL_VIEWPORT, vp);
   const GLint set[4] = { 1, 2, 3, 4 };
   assert_memory_equal(vp, set, sizeof(vp));
   glFinish();
   assert_int_equal(glGetError(), GL_NO_ERROR);

   /* Single-buffered rendering reaches the front on glFlush and
    * glFinish; double-buffered waits for the swap. */
   d.base.flush_front = drawable_flush_front;
   front_flushes = 0;
   glFlush();
   assert_int_equal(front_flushes, 0);
   d.base.double_buffered = false;
   glFlush();
   glFinish();
   assert_int_equal(front_flushes, 2);

   st_context_destroy(ctx);
   pipe_resource_ref(&d.color, NULL);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(core_context_is_3_3),
      cmocka_unit_test(first_error_sticks),
      cmocka_unit_test(strings),
      cmocka_unit_test(context_flags),
      cmocka_unit_test(versions_per_request),
      cmocka_unit_test(forward_compatible_wide_lines),
      cmocka_unit_test(make_current_and_release),
      cmocka_unit_test(first_drawable_sets_viewport),
   };
   return cmocka_run_group_tests(tests, setup_screen, teardown_screen);
}
