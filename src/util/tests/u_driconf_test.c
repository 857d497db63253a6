/* SPDX-License-Identifier: MIT */

/*
 * driconf: sections that apply and those that do not, the options and
 * their values, file order, the environment, the system's own file, and
 * bad documents (truncated, not XML, bad values, bad regexps), each of
 * which must give exactly one error and change nothing.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/u_driconf.h"
#include "util/u_log.h"

static unsigned errors;
static char last_error[512];

static void
sink(enum u_log_level level, const char *tag, const char *msg, void *data)
{
   if (level == U_LOG_ERROR) {
      errors++;
      snprintf(last_error, sizeof(last_error), "%s", msg);
   }
}

static int
setup(void **state)
{
   u_log_set_sink(sink, NULL);
   errors = 0;
   last_error[0] = '\0';
   return 0;
}

static int
teardown(void **state)
{
   u_log_set_sink(NULL, NULL);
   return 0;
}

static bool
parse(struct u_driconf *conf, const char *xml, const char *exe)
{
   return u_driconf_parse(conf, xml, strlen(xml), "test.conf", exe);
}

#define APP(attrs, body)                                      \
   "<driconf><device><application name=\"t\" " attrs ">" body \
   "</application></device></driconf>"

static void
test_defaults(void **state)
{
   struct u_driconf conf;
   u_driconf_defaults(&conf);
   assert_int_equal(conf.vblank_mode, U_DRICONF_VBLANK_DEF_INTERVAL_1);
   assert_int_equal(conf.force_glsl_version, 0);
   assert_false(conf.glsl_zero_init);
   assert_false(conf.allow_glsl_extension_directive_midshader);
   assert_string_equal(conf.force_gl_vendor, "");
   assert_string_equal(conf.force_gl_renderer, "");
}

static void
test_options(void **state)
{
   struct u_driconf conf;
   u_driconf_defaults(&conf);
   assert_true(parse(&conf,
                     APP("executable=\"game\"",
                         "<option name=\"vblank_mode\" value=\"0\"/>"
                         "<option name=\"force_glsl_version\" value=\"130\"/>"
                         "<option name=\"glsl_zero_init\" value=\"true\"/>"
                         "<option name=\"allow_glsl_extension_directive_"
                         "midshader\" value=\"true\"/>"
                         "<option name=\"force_gl_vendor\" value=\"ATI "
                         "Technologies, Inc.\"/>"
                         "<option name=\"force_gl_renderer\" value=\"R &amp; "
                         "D\"/>"
                         "<option name=\"some_other_driver_option\" "
                         "value=\"whatever\"/>"),
                     "game"));
   assert_int_equal(errors, 0);
   assert_int_equal(conf.vblank_mode, U_DRICONF_VBLANK_NEVER);
   assert_int_equal(conf.force_glsl_version, 130);
   assert_true(conf.glsl_zero_init);
   assert_true(conf.allow_glsl_extension_directive_midshader);
   assert_string_equal(conf.force_gl_vendor, "ATI Technologies, Inc.");
   assert_string_equal(conf.force_gl_renderer, "R & D");
}

static void
test_matching(void **state)
{
   struct u_driconf conf;
   u_driconf_defaults(&conf);
   /* Another executable, another driver, a kernel driver: no. */
   assert_true(parse(&conf,
                     APP("executable=\"other\"",
                         "<option "
                         "name=\"force_glsl_version\" value=\"120\"/>"),
                     "game"));
   assert_true(parse(&conf,
                     "<driconf><device driver=\"radeonsi\"><application "
                     "name=\"t\"><option name=\"force_glsl_version\" "
                     "value=\"120\"/></application></device></driconf>",
                     "game"));
   assert_true(parse(&conf,
                     "<driconf><device kernel_driver=\"i915\"><application "
                     "name=\"t\"><option name=\"force_glsl_version\" "
                     "value=\"120\"/></application></device></driconf>",
                     "game"));
   /* Options outside an application, and Vulkan's engines, are skipped. */
   assert_true(parse(&conf,
                     "<driconf><device><option name=\"force_glsl_version\" "
                     "value=\"120\"/><engine engine_name_match=\".*\"><option "
                     "name=\"force_glsl_version\" value=\"120\"/></engine>"
                     "</device></driconf>",
                     "game"));
   assert_int_equal(conf.force_glsl_version, 0);

   /* driver="indium", a regexp, and no executable at all: yes. */
   assert_true(parse(&conf,
                     "<driconf><device driver=\"indium\"><application "
                     "name=\"t\" executable_regexp=\"^ga.e$\"><option "
                     "name=\"force_glsl_version\" value=\"140\"/>"
                     "</application></device></driconf>",
                     "game"));
   assert_int_equal(conf.force_glsl_version, 140);
   assert_true(parse(&conf,
                     APP("", "<option name=\"glsl_zero_init\" "
                             "value=\"true\"/>"),
                     "anything"));
   assert_true(conf.glsl_zero_init);
   assert_int_equal(errors, 0);
}

/** Each bad document: false, one error naming the file, nothing set. */
static void
test_bad_documents(void **state)
{
   static const char *const bad[] = {
      /* truncated */
      "<driconf><device><application name=\"t\"><option name=\"glsl_zero_"
      "init\" value=\"true\"/>",
      "<driconf><device",
      /* not XML, empty, wrong root */
      "vblank_mode=0\n",
      "",
      "<config><device/></config>",
      /* mismatched tags, bad entity */
      "<driconf><device></application></driconf>",
      APP("", "<option name=\"force_gl_vendor\" value=\"&bogus;\"/>"),
      /* bad values of honoured options, even in sections that do not
       * apply */
      APP("", "<option name=\"vblank_mode\" value=\"4\"/>"),
      APP("", "<option name=\"vblank_mode\" value=\"-1\"/>"),
      APP("", "<option name=\"vblank_mode\" value=\"\"/>"),
      APP("executable=\"other\"",
          "<option name=\"force_glsl_version\" value=\"1.30\"/>"),
      APP("", "<option name=\"glsl_zero_init\" value=\"yes\"/>"),
      APP("", "<option name=\"glsl_zero_init\"/>"),
      /* a bad regexp */
      APP("executable_regexp=\"(\"", ""),
   };
   for (unsigned i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
      struct u_driconf conf;
      u_driconf_defaults(&conf);
      conf.force_glsl_version = 77;
      struct u_driconf before = conf;
      errors = 0;
      assert_false(parse(&conf, bad[i], "game"));
      assert_int_equal(errors, 1);
      assert_non_null(strstr(last_error, "test.conf"));
      assert_memory_equal(&conf, &before, sizeof(conf));
   }
}

static void
test_bad_value_after_good_ones(void **state)
{
   struct u_driconf conf;
   u_driconf_defaults(&conf);
   assert_false(parse(&conf,
                      APP("", "<option name=\"glsl_zero_init\" value=\"true\"/>"
                              "<option name=\"vblank_mode\" value=\"x\"/>"),
                      "game"));
   assert_false(conf.glsl_zero_init);
   assert_int_equal(errors, 1);
   assert_non_null(strstr(last_error, "test.conf:1"));
   assert_non_null(strstr(last_error, "vblank_mode"));
}

static void
write_file(const char *path, const char *text)
{
   FILE *f = fopen(path, "w");
   assert_non_null(f);
   fputs(text, f);
   fclose(f);
}

static void
test_files_in_order(void **state)
{
   char dir[] = "/tmp/u_driconf_test.XXXXXX";
   assert_non_null(mkdtemp(dir));
   char sys[256], a[300], b[300], broken[300], etc[300], home[300];
   snprintf(sys, sizeof(sys), "%s/drirc.d", dir);
   assert_int_equal(mkdir(sys, 0700), 0);
   snprintf(a, sizeof(a), "%s/10-a.conf", sys);
   snprintf(b, sizeof(b), "%s/20-b.conf", sys);
   snprintf(broken, sizeof(broken), "%s/15-broken.conf", sys);
   snprintf(etc, sizeof(etc), "%s/drirc", dir);
   snprintf(home, sizeof(home), "%s/home-drirc", dir);
   /* Written out of order: the names decide. */
   write_file(b, APP("", "<option name=\"force_glsl_version\" value=\"120\"/>"
                         "<option name=\"force_gl_vendor\" value=\"B\"/>"));
   write_file(a, APP("", "<option name=\"force_glsl_version\" value=\"110\"/>"
                         "<option name=\"glsl_zero_init\" value=\"true\"/>"));
   write_file(broken, APP("", "<option name=\"force_gl_vendor\" "
                              "value=\"broken\"/>"));
   /* The broken one is cut short. */
   assert_int_equal(truncate(broken, 60), 0);
   write_file(etc, APP("", "<option name=\"force_gl_renderer\" "
                           "value=\"etc\"/>"));
   write_file(home, APP("", "<option name=\"force_gl_renderer\" "
                            "value=\"home\"/>"));
   struct u_driconf conf;
   u_driconf_defaults(&conf);
   u_driconf_load(&conf, sys, etc, home, "game");
   assert_int_equal(errors, 1);
   assert_non_null(strstr(last_error, "15-broken.conf"));
   assert_int_equal(conf.force_glsl_version, 120);
   assert_true(conf.glsl_zero_init);
   assert_string_equal(conf.force_gl_vendor, "B");
   assert_string_equal(conf.force_gl_renderer, "home");

   /* Missing files are fine. */
   errors = 0;
   u_driconf_load(&conf, "/nonexistent/dir", "/nonexistent/etc", NULL, "game");
   assert_int_equal(errors, 0);

   unlink(a);
   unlink(b);
   unlink(broken);
   unlink(etc);
   unlink(home);
   rmdir(sys);
   rmdir(dir);
}

static void
test_environment(void **state)
{
   struct u_driconf conf;
   u_driconf_defaults(&conf);
   setenv("INDIUM_VBLANK_MODE", "0", 1);
   setenv("force_glsl_version", "150", 1);
   setenv("INDIUM_FORCE_GL_VENDOR", "Env Vendor", 1);
   setenv("INDIUM_GLSL_ZERO_INIT", "maybe", 1);
   u_driconf_apply_env(&conf);
   assert_int_equal(conf.vblank_mode, U_DRICONF_VBLANK_NEVER);
   assert_int_equal(conf.force_glsl_version, 150);
   assert_string_equal(conf.force_gl_vendor, "Env Vendor");
   assert_false(conf.glsl_zero_init);
   assert_int_equal(errors, 1);
   assert_non_null(strstr(last_error, "INDIUM_GLSL_ZERO_INIT"));

   /* INDIUM_<NAME> wins over Mesa's name. */
   setenv("vblank_mode", "3", 1);
   u_driconf_apply_env(&conf);
   assert_int_equal(conf.vblank_mode, U_DRICONF_VBLANK_NEVER);
   unsetenv("INDIUM_VBLANK_MODE");
   u_driconf_apply_env(&conf);
   assert_int_equal(conf.vblank_mode, U_DRICONF_VBLANK_ALWAYS);
   unsetenv("vblank_mode");
   unsetenv("force_glsl_version");
   unsetenv("INDIUM_FORCE_GL_VENDOR");
   unsetenv("INDIUM_GLSL_ZERO_INIT");
}

/* Mesa's own file (when installed) is good and sets nothing for a
 * program it does not name. */
static void
test_system_file(void **state)
{
   const char *path = "/usr/share/drirc.d/00-mesa-defaults.conf";
   if (access(path, R_OK) != 0)
      skip();
   struct u_driconf conf, defaults;
   u_driconf_defaults(&conf);
   defaults = conf;
   assert_true(u_driconf_parse_file(&conf, path, "u_driconf_test"));
   assert_int_equal(errors, 0);
   assert_memory_equal(&conf, &defaults, sizeof(conf));
   /* SPECviewperf13's section turns vblank off and forces a vendor. */
   assert_true(u_driconf_parse_file(&conf, path, "viewperf"));
   assert_int_equal(conf.vblank_mode, U_DRICONF_VBLANK_NEVER);
   assert_string_equal(conf.force_gl_vendor, "NVIDIA Corporation");
}

static void
test_swap_interval(void **state)
{
   struct u_driconf conf;
   u_driconf_defaults(&conf);
   assert_int_equal(u_driconf_default_swap_interval(&conf), 1);
   assert_int_equal(u_driconf_swap_interval(&conf, 0), 0);
   assert_int_equal(u_driconf_swap_interval(&conf, 2), 2);
   conf.vblank_mode = U_DRICONF_VBLANK_NEVER;
   assert_int_equal(u_driconf_default_swap_interval(&conf), 0);
   assert_int_equal(u_driconf_swap_interval(&conf, 1), 0);
   conf.vblank_mode = U_DRICONF_VBLANK_DEF_INTERVAL_0;
   assert_int_equal(u_driconf_default_swap_interval(&conf), 0);
   assert_int_equal(u_driconf_swap_interval(&conf, 1), 1);
   conf.vblank_mode = U_DRICONF_VBLANK_ALWAYS;
   assert_int_equal(u_driconf_default_swap_interval(&conf), 1);
   assert_int_equal(u_driconf_swap_interval(&conf, 0), 1);
   assert_int_equal(u_driconf_swap_interval(&conf, 3), 3);
}

static void
test_process(void **state)
{
   assert_non_null(u_driconf_get());
   assert_ptr_equal(u_driconf_get(), u_driconf_get());
   assert_string_equal(u_driconf_executable(), "u_driconf_test");
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(test_defaults, setup, teardown),
      cmocka_unit_test_setup_teardown(test_options, setup, teardown),
      cmocka_unit_test_setup_teardown(test_matching, setup, teardown),
      cmocka_unit_test_setup_teardown(test_bad_documents, setup, teardown),
      cmocka_unit_test_setup_teardown(test_bad_value_after_good_ones, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(test_files_in_order, setup, teardown),
      cmocka_unit_test_setup_teardown(test_environment, setup, teardown),
      cmocka_unit_test_setup_teardown(test_system_file, setup, teardown),
      cmocka_unit_test_setup_teardown(test_swap_interval, setup, teardown),
      cmocka_unit_test_setup_teardown(test_process, setup, teardown),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
