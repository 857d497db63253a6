/* SPDX-License-Identifier: MIT */

/*
 * Parsing of debug environment variables.  Character classes and case
 * folding are ASCII-only and written out here, so the results do not
 * depend on the locale the application set.
 */
#include "util/u_debug.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "util/u_log.h"

static bool
is_space(char c)
{
   return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' ||
          c == '\v';
}

static bool
is_separator(char c)
{
   return c == ',' || c == ':' || c == ';' || is_space(c);
}

static char
ascii_lower(char c)
{
   return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
}

/** Whether the @p len characters at @p s spell @p name, ignoring case. */
static bool
name_equals(const char *s, size_t len, const char *name)
{
   for (size_t i = 0; i < len; i++) {
      if (name[i] == '\0' || ascii_lower(s[i]) != ascii_lower(name[i]))
         return false;
   }
   return name[len] == '\0';
}

static void
add_unknown(struct u_debug_parse_info *info, const char *s, size_t len)
{
   info->num_unknown++;
   size_t used = strlen(info->unknown);
   size_t comma = used ? 1 : 0;
   if (used + comma + len + 1 > sizeof(info->unknown))
      return;
   if (comma)
      info->unknown[used++] = ',';
   memcpy(info->unknown + used, s, len);
   info->unknown[used + len] = '\0';
}

uint64_t
u_debug_parse_flags_ex(const char *str, const struct u_debug_flag *table,
                       struct u_debug_parse_info *info)
{
   if (info)
      memset(info, 0, sizeof(*info));
   if (!str)
      return 0;

   uint64_t all = 0;
   for (const struct u_debug_flag *f = table; f->name; f++)
      all |= f->value;

   uint64_t flags = 0;
   const char *p = str;
   for (;;) {
      while (is_separator(*p))
         p++;
      if (*p == '\0')
         break;
      const char *start = p;
      while (*p != '\0' && !is_separator(*p))
         p++;
      size_t len = (size_t)(p - start);

      const struct u_debug_flag *f = table;
      while (f->name && !name_equals(start, len, f->name))
         f++;
      if (f->name)
         flags |= f->value;
      else if (name_equals(start, len, "all"))
         flags |= all;
      else if (name_equals(start, len, "help")) {
         if (info)
            info->help = true;
      } else if (info) {
         add_unknown(info, start, len);
      }
   }
   return flags;
}

uint64_t
u_debug_parse_flags(const char *str, const struct u_debug_flag *table)
{
   return u_debug_parse_flags_ex(str, table, NULL);
}

uint64_t
u_debug_get_flags(const char *env_name, const struct u_debug_flag *table)
{
   struct u_debug_parse_info info;
   uint64_t flags = u_debug_parse_flags_ex(getenv(env_name), table, &info);
   if (info.help)
      u_debug_print_flags(stderr, env_name, table);
   if (info.num_unknown) {
      u_log_warn("debug", "%s: ignoring %u unknown name(s): %s%s%s", env_name,
                 info.num_unknown, info.unknown,
                 info.help ? "" : "; the flags are listed by ",
                 info.help ? "" : "help");
   }
   return flags;
}

void
u_debug_print_flags(FILE *f, const char *env_name,
                    const struct u_debug_flag *table)
{
   int width = 4; /* strlen("help") */
   for (const struct u_debug_flag *fl = table; fl->name; fl++) {
      size_t len = strlen(fl->name);
      if (len > (size_t)width)
         width = len > 64 ? 64 : (int)len;
   }

   fprintf(f, "%s: flags, separated by commas:\n", env_name);
   for (const struct u_debug_flag *fl = table; fl->name; fl++) {
      if (fl->desc)
         fprintf(f, "  %-*s  %s\n", width, fl->name, fl->desc);
      else
         fprintf(f, "  %s\n", fl->name);
   }
   fprintf(f, "  %-*s  %s\n", width, "all", "every flag above");
   fprintf(f, "  %-*s  %s\n", width, "help", "print this list");
}

/**
 * Strips white space around [*s, *end); returns false if nothing is left.
 */
static bool
trim(const char **s, const char **end)
{
   while (*s < *end && is_space(**s))
      (*s)++;
   while (*end > *s && is_space((*end)[-1]))
      (*end)--;
   return *s < *end;
}

bool
u_debug_parse_bool(const char *str, bool *out)
{
   static const struct {
      const char *name;
      bool value;
   } words[] = {
      { "1", true },   { "0", false },  { "true", true }, { "false", false },
      { "yes", true }, { "no", false }, { "on", true },   { "off", false },
   };

   if (!str)
      return false;
   const char *end = str + strlen(str);
   if (!trim(&str, &end))
      return false;
   for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++) {
      if (name_equals(str, (size_t)(end - str), words[i].name)) {
         *out = words[i].value;
         return true;
      }
   }
   return false;
}

static int
digit_value(char c)
{
   if (c >= '0' && c <= '9')
      return c - '0';
   c = ascii_lower(c);
   if (c >= 'a' && c <= 'f')
      return c - 'a' + 10;
   return 99;
}

bool
u_debug_parse_int(const char *str, long *out)
{
   if (!str)
      return false;
   const char *end = str + strlen(str);
   if (!trim(&str, &end))
      return false;

   bool neg = false;
   if (*str == '+' || *str == '-') {
      neg = *str == '-';
      str++;
   }
   unsigned base = 10;
   if (end - str > 2 && str[0] == '0' && (str[1] == 'x' || str[1] == 'X')) {
      base = 16;
      str += 2;
   }
   if (str == end)
      return false;

   unsigned long limit = neg ? (unsigned long)LONG_MAX + 1 : LONG_MAX;
   unsigned long mag = 0;
   for (; str < end; str++) {
      unsigned d = (unsigned)digit_value(*str);
      if (d >= base)
         return false;
      if (mag > (limit - d) / base)
         return false;
      mag = mag * base + d;
   }

   if (!neg)
      *out = (long)mag;
   else if (mag == (unsigned long)LONG_MAX + 1)
      *out = LONG_MIN;
   else
      *out = -(long)mag;
   return true;
}

bool
u_debug_get_bool(const char *env_name, bool dflt)
{
   bool value;
   return u_debug_parse_bool(getenv(env_name), &value) ? value : dflt;
}

long
u_debug_get_int(const char *env_name, long dflt)
{
   long value;
   return u_debug_parse_int(getenv(env_name), &value) ? value : dflt;
}

const char *
u_debug_get_string(const char *env_name, const char *dflt)
{
   const char *value = getenv(env_name);
   return value ? value : dflt;
}
