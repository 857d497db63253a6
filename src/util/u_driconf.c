/* SPDX-License-Identifier: MIT */

/*
 * drirc files read with expat (u_driconf.h).  A document is parsed into a
 * copy of the options, which replaces them only when the whole document
 * was good, so that a bad file changes nothing.  Sections that do not
 * apply are still checked: a file is good or bad whatever process reads
 * it.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <regex.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <expat.h>

#include "u_driconf.h"
#include "u_log.h"

/** Files larger than this are refused (the system file is ~50 KiB). */
#define DRICONF_MAX_FILE (16u << 20)

enum option_kind {
   OPT_VBLANK,
   OPT_GLSL_VERSION,
   OPT_BOOL,
   OPT_STRING,
};

struct option_desc {
   const char *name;
   enum option_kind kind;
   size_t offset;
};

static const struct option_desc options[] = {
   { "vblank_mode", OPT_VBLANK, offsetof(struct u_driconf, vblank_mode) },
   { "force_glsl_version", OPT_GLSL_VERSION,
     offsetof(struct u_driconf, force_glsl_version) },
   { "allow_glsl_extension_directive_midshader", OPT_BOOL,
     offsetof(struct u_driconf, allow_glsl_extension_directive_midshader) },
   { "glsl_zero_init", OPT_BOOL, offsetof(struct u_driconf, glsl_zero_init) },
   { "force_gl_vendor", OPT_STRING,
     offsetof(struct u_driconf, force_gl_vendor) },
   { "force_gl_renderer", OPT_STRING,
     offsetof(struct u_driconf, force_gl_renderer) },
};

#define NUM_OPTIONS (sizeof(options) / sizeof(options[0]))

void
u_driconf_defaults(struct u_driconf *conf)
{
   *conf = (struct u_driconf){
      .vblank_mode = U_DRICONF_VBLANK_DEF_INTERVAL_1,
   };
}

unsigned
u_driconf_default_swap_interval(const struct u_driconf *conf)
{
   return conf->vblank_mode == U_DRICONF_VBLANK_NEVER ||
                conf->vblank_mode == U_DRICONF_VBLANK_DEF_INTERVAL_0
             ? 0
             : 1;
}

unsigned
u_driconf_swap_interval(const struct u_driconf *conf, unsigned requested)
{
   if (conf->vblank_mode == U_DRICONF_VBLANK_NEVER)
      return 0;
   if (conf->vblank_mode == U_DRICONF_VBLANK_ALWAYS && requested == 0)
      return 1;
   return requested;
}

static bool
parse_uint(const char *s, unsigned long max, unsigned long *out)
{
   if (!s[0] || s[0] == '-' || s[0] == '+')
      return false;
   char *end = NULL;
   errno = 0;
   unsigned long v = strtoul(s, &end, 10);
   if (errno || *end || v > max)
      return false;
   *out = v;
   return true;
}

/** Stores @p value for @p opt in @p conf; false if it is not a value
 * the option takes. */
static bool
set_option(struct u_driconf *conf, const struct option_desc *opt,
           const char *value)
{
   char *field = (char *)conf + opt->offset;
   unsigned long v;
   switch (opt->kind) {
   case OPT_VBLANK:
      if (!parse_uint(value, 3, &v))
         return false;
      *(enum u_driconf_vblank *)field = (enum u_driconf_vblank)v;
      return true;
   case OPT_GLSL_VERSION:
      /* Mesa's range; 0 turns it off. */
      if (!parse_uint(value, 999, &v))
         return false;
      *(unsigned *)field = (unsigned)v;
      return true;
   case OPT_BOOL:
      if (!strcmp(value, "true") || !strcmp(value, "1"))
         *(bool *)field = true;
      else if (!strcmp(value, "false") || !strcmp(value, "0"))
         *(bool *)field = false;
      else
         return false;
      return true;
   case OPT_STRING:
      if (strlen(value) >= U_DRICONF_STRING_MAX)
         return false;
      strcpy(field, value);
      return true;
   }
   return false;
}

static const struct option_desc *
find_option(const char *name)
{
   for (unsigned i = 0; i < NUM_OPTIONS; i++) {
      if (!strcmp(options[i].name, name))
         return &options[i];
   }
   return NULL;
}

struct parse_state {
   XML_Parser parser;
   const char *name;
   const char *exe;
   /** The options being built; copied out when the document was good. */
   struct u_driconf conf;
   /** Nesting of the elements we are in. */
   unsigned depth;
   bool in_driconf, in_device, in_app, in_engine;
   /** The current device / application applies to this process. */
   bool device_applies, app_applies;
   /** The first error, already formatted ("": none). */
   char error[256];
};

static const char *
attr(const XML_Char **attrs, const char *name)
{
   for (unsigned i = 0; attrs[i]; i += 2) {
      if (!strcmp(attrs[i], name))
         return attrs[i + 1];
   }
   return NULL;
}

/** Records the document's first error and stops the parser. */
static void __attribute__((format(printf, 2, 3)))
fail(struct parse_state *s, const char *fmt, ...)
{
   if (s->error[0])
      return;
   int line = (int)XML_GetCurrentLineNumber(s->parser);
   char what[200];
   va_list args;
   va_start(args, fmt);
   vsnprintf(what, sizeof(what), fmt, args);
   va_end(args);
   snprintf(s->error, sizeof(s->error), "%s:%d: %s", s->name, line, what);
   XML_StopParser(s->parser, XML_FALSE);
}

static bool
device_applies(const XML_Char **attrs)
{
   const char *driver = attr(attrs, "driver");
   const char *screen = attr(attrs, "screen");
   if (driver && strcmp(driver, "indium") != 0)
      return false;
   if (screen && strcmp(screen, "0") != 0)
      return false;
   return !attr(attrs, "kernel_driver") && !attr(attrs, "device");
}

static bool
app_applies(struct parse_state *s, const XML_Char **attrs)
{
   const char *exe = attr(attrs, "executable");
   const char *regexp = attr(attrs, "executable_regexp");
   if (attr(attrs, "sha1") || attr(attrs, "application_name_match") ||
       attr(attrs, "application_versions"))
      return false;
   if (exe && strcmp(exe, s->exe) != 0)
      return false;
   if (regexp) {
      regex_t re;
      if (regcomp(&re, regexp, REG_EXTENDED | REG_NOSUB) != 0) {
         fail(s, "bad executable_regexp \"%s\"", regexp);
         return false;
      }
      bool match = regexec(&re, s->exe, 0, NULL, 0) == 0;
      regfree(&re);
      return match;
   }
   return true;
}

static void XMLCALL
start_element(void *data, const XML_Char *name, const XML_Char **attrs)
{
   struct parse_state *s = data;
   s->depth++;
   if (s->depth == 1) {
      if (strcmp(name, "driconf") != 0)
         fail(s, "the root element is <%s>, not <driconf>", name);
      s->in_driconf = true;
      return;
   }
   if (!strcmp(name, "device") && s->depth == 2) {
      s->in_device = true;
      s->device_applies = device_applies(attrs);
   } else if (!strcmp(name, "application") && s->in_device && s->depth == 3) {
      s->in_app = true;
      s->app_applies = app_applies(s, attrs);
   } else if (!strcmp(name, "engine") && s->in_device && s->depth == 3) {
      s->in_engine = true;
   } else if (!strcmp(name, "option") && (s->in_app || s->in_engine) &&
              s->depth == 4) {
      const char *opt_name = attr(attrs, "name");
      const char *value = attr(attrs, "value");
      if (!opt_name || !value) {
         fail(s, "<option> without name or value");
         return;
      }
      const struct option_desc *opt = find_option(opt_name);
      if (!opt)
         return;
      /* Checked wherever it is; applied only where it applies. */
      struct u_driconf scratch = s->conf;
      struct u_driconf *dst =
         s->in_app && s->device_applies && s->app_applies ? &s->conf : &scratch;
      if (!set_option(dst, opt, value))
         fail(s, "bad value \"%s\" for option %s", value, opt_name);
   }
   /* Anything else (and options outside an application or engine) is
    * skipped, as Mesa does. */
}

static void XMLCALL
end_element(void *data, const XML_Char *name)
{
   struct parse_state *s = data;
   if (s->depth == 3) {
      s->in_app = false;
      s->in_engine = false;
   } else if (s->depth == 2) {
      s->in_device = false;
   }
   s->depth--;
}

bool
u_driconf_parse(struct u_driconf *conf, const char *xml, size_t len,
                const char *name, const char *exe)
{
   if (len > INT_MAX) {
      u_log(U_LOG_ERROR, "driconf", "%s: too large; file ignored", name);
      return false;
   }
   struct parse_state s = {
      .name = name,
      .exe = exe ? exe : "",
      .conf = *conf,
   };
   s.parser = XML_ParserCreate(NULL);
   if (!s.parser) {
      u_log(U_LOG_ERROR, "driconf", "%s: out of memory; file ignored", name);
      return false;
   }
   XML_SetUserData(s.parser, &s);
   XML_SetElementHandler(s.parser, start_element, end_element);
   enum XML_Status status = XML_Parse(s.parser, xml, (int)len, XML_TRUE);
   if (status == XML_STATUS_ERROR && !s.error[0]) {
      snprintf(s.error, sizeof(s.error), "%s:%d: %s", name,
               (int)XML_GetCurrentLineNumber(s.parser),
               XML_ErrorString(XML_GetErrorCode(s.parser)));
   }
   XML_ParserFree(s.parser);
   if (s.error[0]) {
      u_log(U_LOG_ERROR, "driconf", "%s; file ignored", s.error);
      return false;
   }
   *conf = s.conf;
   return true;
}

bool
u_driconf_parse_file(struct u_driconf *conf, const char *path, const char *exe)
{
   FILE *f = fopen(path, "rb");
   if (!f)
      return true;
   char *buf = NULL;
   size_t len = 0, cap = 0;
   bool ok = true;
   for (;;) {
      if (len == cap) {
         if (cap >= DRICONF_MAX_FILE) {
            u_log(U_LOG_ERROR, "driconf",
                  "%s: larger than %u bytes; file "
                  "ignored",
                  path, DRICONF_MAX_FILE);
            ok = false;
            break;
         }
         cap = cap ? cap * 2 : 65536;
         char *grown = realloc(buf, cap);
         if (!grown) {
            u_log(U_LOG_ERROR, "driconf", "%s: out of memory; file ignored",
                  path);
            ok = false;
            break;
         }
         buf = grown;
      }
      size_t n = fread(buf + len, 1, cap - len, f);
      len += n;
      if (n == 0) {
         if (ferror(f)) {
            u_log(U_LOG_ERROR, "driconf", "%s: read error; file ignored", path);
            ok = false;
         }
         break;
      }
   }
   fclose(f);
   if (ok)
      ok = u_driconf_parse(conf, buf ? buf : "", len, path, exe);
   free(buf);
   return ok;
}

static int
compare_names(const void *a, const void *b)
{
   return strcmp(*(char *const *)a, *(char *const *)b);
}

/** The *.conf files of @p dir in name order. */
static void
load_dir(struct u_driconf *conf, const char *dir, const char *exe)
{
   DIR *d = opendir(dir);
   if (!d)
      return;
   char **names = NULL;
   size_t n = 0, cap = 0;
   struct dirent *e;
   while ((e = readdir(d))) {
      size_t len = strlen(e->d_name);
      if (len <= 5 || strcmp(e->d_name + len - 5, ".conf") != 0 ||
          e->d_name[0] == '.')
         continue;
      if (n == cap) {
         size_t new_cap = cap ? cap * 2 : 16;
         char **grown = realloc(names, new_cap * sizeof(*names));
         if (!grown)
            break;
         names = grown;
         cap = new_cap;
      }
      names[n] = strdup(e->d_name);
      if (names[n])
         n++;
   }
   closedir(d);
   qsort(names, n, sizeof(*names), compare_names);
   for (size_t i = 0; i < n; i++) {
      char path[PATH_MAX];
      if (snprintf(path, sizeof(path), "%s/%s", dir, names[i]) <
          (int)sizeof(path))
         u_driconf_parse_file(conf, path, exe);
      free(names[i]);
   }
   free(names);
}

void
u_driconf_load(struct u_driconf *conf, const char *dir, const char *etc,
               const char *home, const char *exe)
{
   if (dir)
      load_dir(conf, dir, exe);
   if (etc)
      u_driconf_parse_file(conf, etc, exe);
   if (home)
      u_driconf_parse_file(conf, home, exe);
}

void
u_driconf_apply_env(struct u_driconf *conf)
{
   for (unsigned i = 0; i < NUM_OPTIONS; i++) {
      char var[96] = "INDIUM_";
      size_t len = strlen(var);
      for (const char *c = options[i].name; *c && len < sizeof(var) - 1; c++)
         var[len++] = (char)(*c >= 'a' && *c <= 'z' ? *c - 'a' + 'A' : *c);
      var[len] = '\0';
      const char *value = getenv(var);
      const char *used = var;
      if (!value) {
         value = getenv(options[i].name);
         used = options[i].name;
      }
      if (!value)
         continue;
      if (!set_option(conf, &options[i], value))
         u_log(U_LOG_ERROR, "driconf",
               "%s=\"%s\" is not a valid value; "
               "ignored",
               used, value);
   }
}

const char *
u_driconf_executable(void)
{
   const char *name = program_invocation_short_name;
   return name ? name : "";
}

static struct u_driconf process_conf;
static pthread_once_t process_once = PTHREAD_ONCE_INIT;

static void
load_process_conf(void)
{
   u_driconf_defaults(&process_conf);
   const char *exe = u_driconf_executable();
   char home[PATH_MAX];
   const char *home_dir = getenv("HOME");
   bool have_home =
      home_dir && home_dir[0] &&
      snprintf(home, sizeof(home), "%s/.drirc", home_dir) < (int)sizeof(home);
   u_driconf_load(&process_conf, "/usr/share/drirc.d", "/etc/drirc",
                  have_home ? home : NULL, exe);
   u_driconf_apply_env(&process_conf);
}

const struct u_driconf *
u_driconf_get(void)
{
   pthread_once(&process_once, load_process_conf);
   return &process_conf;
}
