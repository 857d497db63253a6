/* SPDX-License-Identifier: MIT */

/*
 * driconf: the drirc configuration files Mesa's drivers read, so that the
 * workarounds users and distributions already have reach Indium too.
 *
 * Files, later ones overriding earlier ones: /usr/share/drirc.d/ *.conf in
 * name order, /etc/drirc, ~/.drirc ($HOME).  Their schema:
 *
 *    <driconf>
 *      <device driver="indium">            (driver optional: any driver)
 *        <application name="..." executable="glxgears">
 *          <option name="vblank_mode" value="0"/>
 *        </application>
 *      </device>
 *    </driconf>
 *
 * A <device> applies when it names no driver or "indium", and names no
 * screen other than 0 and no kernel_driver or device (Indium has neither).
 * An <application> applies when its executable is the process's name (the
 * base name it was started with, program_invocation_short_name) or its
 * executable_regexp (POSIX extended) matches that name, or it has neither;
 * one with sha1, application_name_match or application_versions never
 * applies (those are for Vulkan or need hashing Indium does not do).
 * <engine> sections are Vulkan's and are skipped.
 *
 * Options Indium honours (struct u_driconf); any other name is ignored
 * without a word, since the system files are full of other drivers'
 * options.  Each option can be set from the environment too, which wins
 * over every file: INDIUM_<NAME> (upper-cased), else the plain option name
 * as Mesa reads it ("vblank_mode=0").
 *
 * Bad files: a file that is not well-formed XML, or gives an option Indium
 * honours a value it cannot take, is reported with one error line (file,
 * line, what is wrong) and ignored as a whole; nothing else happens.  A bad
 * environment value is reported and ignored.  Missing files are not an
 * error.
 */
#ifndef U_DRICONF_H
#define U_DRICONF_H

#include <stdbool.h>
#include <stddef.h>

/** vblank_mode: how the swap interval is chosen (Mesa's values). */
enum u_driconf_vblank {
   /** Never wait: the interval is always 0. */
   U_DRICONF_VBLANK_NEVER = 0,
   /** The application chooses; its default is 0. */
   U_DRICONF_VBLANK_DEF_INTERVAL_0 = 1,
   /** The application chooses; its default is 1 (the default). */
   U_DRICONF_VBLANK_DEF_INTERVAL_1 = 2,
   /** Always wait: an interval of 0 becomes 1. */
   U_DRICONF_VBLANK_ALWAYS = 3,
};

#define U_DRICONF_STRING_MAX 256

struct u_driconf {
   enum u_driconf_vblank vblank_mode;
   /** The GLSL version of shaders without #version (0: the spec's). */
   unsigned force_glsl_version;
   /** #extension after the first declaration is accepted. */
   bool allow_glsl_extension_directive_midshader;
   /** Variables without an initializer start as zero. */
   bool glsl_zero_init;
   /** glGetString(GL_VENDOR / GL_RENDERER) instead of Indium's ("": not
    * forced). */
   char force_gl_vendor[U_DRICONF_STRING_MAX];
   char force_gl_renderer[U_DRICONF_STRING_MAX];
};

/**
 * The options of this process: the files and the environment, read on
 * the first call (thread-safe); never NULL.
 */
const struct u_driconf *u_driconf_get(void);

/** The swap interval a new window surface or drawable starts with. */
unsigned u_driconf_default_swap_interval(const struct u_driconf *conf);

/** The interval to use when the application asks for @p requested:
 * vblank_mode 0 makes it 0, 3 at least 1, the others keep it. */
unsigned u_driconf_swap_interval(const struct u_driconf *conf,
                                 unsigned requested);

/* ---- The steps, for tests ---- */

/** Fills @p conf with the defaults. */
void u_driconf_defaults(struct u_driconf *conf);

/**
 * Applies the drirc document @p xml (@p len bytes; @p name names it in
 * messages) for executable @p exe.  A bad document logs one error and
 * changes nothing; returns whether it was good.
 */
bool u_driconf_parse(struct u_driconf *conf, const char *xml, size_t len,
                     const char *name, const char *exe);

/** u_driconf_parse() of the file @p path; a missing file is good. */
bool u_driconf_parse_file(struct u_driconf *conf, const char *path,
                          const char *exe);

/**
 * Applies, in order, the *.conf files of @p dir (name order; NULL: none),
 * then the files @p etc and @p home (each may be NULL).
 */
void u_driconf_load(struct u_driconf *conf, const char *dir, const char *etc,
                    const char *home, const char *exe);

/** Applies the environment overrides (see above). */
void u_driconf_apply_env(struct u_driconf *conf);

/** The process's executable name as drirc matches it (static storage;
 * "" when unknown). */
const char *u_driconf_executable(void);

#endif
