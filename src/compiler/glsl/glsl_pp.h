/* SPDX-License-Identifier: MIT */

/*
 * The GLSL / ESSL preprocessor (GLSL 4.60 and ESSL 3.00, section 3.3).
 *
 * glsl_pp_run() turns a shader source string into the text the GLSL lexer
 * reads: comments and line continuations are gone, macros are expanded and
 * every directive line is replaced by an empty line, so that the output has
 * exactly as many lines as the input and a token found on output line L
 * came from input line L.  (A macro invocation whose arguments span several
 * lines, a block comment spanning lines or a continued line is reported on
 * its first line; the newlines it swallowed follow it.)
 *
 * #line is the one directive that survives, in a normalized form: the
 * directive line becomes exactly
 *
 *    #line L S
 *
 * meaning "the line after this one is line L of source string S" (C
 * semantics, whatever the shader version: the GLSL < 3.30 "line + 1" rule
 * is already applied).  The lexer must recognise a line that starts with
 * "#line" and renumber from there; no other '#' line is ever emitted.
 *
 * Errors and warnings go to the info log as "S:LINE(COL): error: text"
 * (S the source string number, COL 0 when not tracked).  Any input is
 * accepted without crashing; macro expansion is bounded in depth and size.
 */
#ifndef GLSL_PP_H
#define GLSL_PP_H

#include <stdbool.h>

struct u_arena;

enum glsl_profile {
   GLSL_PROFILE_NONE,
   GLSL_PROFILE_CORE,
   GLSL_PROFILE_COMPAT,
   GLSL_PROFILE_ES,
};

/** The behaviour named by an #extension directive. */
enum glsl_ext_behavior {
   GLSL_EXT_DISABLE,
   GLSL_EXT_WARN,
   GLSL_EXT_ENABLE,
   GLSL_EXT_REQUIRE,
};

/** One accepted #extension directive. */
struct glsl_pp_extension {
   /** The extension name, or "all". */
   const char *name;
   enum glsl_ext_behavior behavior;
   /** Reported line of the directive. */
   unsigned line;
};

struct glsl_pp_options {
   /** Names of the supported extensions ("GL_ARB_foo"); each also gets a
    * predefined macro defined to 1. */
   const char *const *extensions;
   unsigned num_extensions;
   /** An OpenGL ES context: only ES versions are accepted, GL_ES is
    * defined and the default version is 100. */
   bool es;
   /** Highest accepted #version (e.g. 460, or 320 for ES); 0 means the
    * highest version this preprocessor knows. */
   unsigned max_version;
   /** The version without #version in desktop GLSL (0: 110). */
   unsigned default_version;
   /** #extension after a non-preprocessor token is accepted (an error
    * otherwise). */
   bool allow_extension_midshader;
   /** In a desktop context, the GLSL ES versions up to this one are also
    * accepted (300 with ARB_ES3_compatibility: 100 and 300); 0 for none. */
   unsigned es_compat_max_version;
};

struct glsl_pp_result {
   /** The preprocessed text (never NULL; "" when the run failed early). */
   char *output;
   /** Errors and warnings, one per line (never NULL). */
   char *info_log;
   /** False when an error was reported. */
   bool ok;
   /** The shader version: from #version, else 110 (GL) or 100 (ES). */
   unsigned version;
   enum glsl_profile profile;
   /** Whether the source had a #version directive. */
   bool version_explicit;
   /** The accepted #extension directives in source order; later entries
    * override earlier ones (see glsl_pp_extension_behavior()). */
   struct glsl_pp_extension *extensions;
   unsigned num_extensions;
   /** "#pragma STDGL invariant(all)" was seen. */
   bool invariant_all;
};

/**
 * Preprocesses @p source.  Everything in @p out (strings and arrays) is
 * allocated from @p arena.  Returns out->ok.
 */
bool glsl_pp_run(struct u_arena *arena, const char *source,
                 const struct glsl_pp_options *opts,
                 struct glsl_pp_result *out);

/**
 * The behaviour in effect for extension @p name at the end of the shader:
 * the last #extension naming it or "all", else GLSL_EXT_DISABLE.
 */
enum glsl_ext_behavior
glsl_pp_extension_behavior(const struct glsl_pp_result *res, const char *name);

#endif
