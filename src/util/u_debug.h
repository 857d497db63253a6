/* SPDX-License-Identifier: MIT */

/*
 * Debug options from environment variables: flag lists such as
 * INDIUM_DEBUG=nocache,dump, booleans, integers and strings.
 *
 * A flag list is a table of struct u_debug_flag ending with
 * { NULL, 0, NULL }.  Names in the variable are separated by commas,
 * colons, semicolons or white space and compared without regard to ASCII
 * case.  Two names are reserved unless the table defines them itself:
 * "all" sets every flag of the table, "help" asks for the list of flags.
 * Unknown names are ignored, and reported by u_debug_parse_flags_ex().
 *
 * The environment is read on every call: parse options once, at screen or
 * context creation, into a read-only struct (STYLE.md section 8).
 */
#ifndef U_DEBUG_H
#define U_DEBUG_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/** One row of a flag table. */
struct u_debug_flag {
   /** Name in the environment variable; NULL ends the table. */
   const char *name;
   /** Bits this name sets. */
   uint64_t value;
   /** One line for the "help" listing; may be NULL. */
   const char *desc;
};

/** Size of struct u_debug_parse_info's unknown-name buffer. */
#define U_DEBUG_UNKNOWN_SIZE 256

/** What u_debug_parse_flags_ex() found besides the flags. */
struct u_debug_parse_info {
   /** Number of names neither in the table nor reserved. */
   unsigned num_unknown;
   /** Whether "help" appeared (and the table does not define it). */
   bool help;
   /**
    * The unknown names, comma-separated, NUL-terminated, in the order
    * given.  Names that do not fit are left out (but still counted).
    */
   char unknown[U_DEBUG_UNKNOWN_SIZE];
};

/**
 * Returns the OR of the values of the flags named in @p str (may be NULL,
 * giving 0).
 */
uint64_t u_debug_parse_flags(const char *str, const struct u_debug_flag *table);

/**
 * u_debug_parse_flags() that also fills @p info (may be NULL) with the
 * unknown names and whether "help" was asked for.
 */
uint64_t u_debug_parse_flags_ex(const char *str,
                                const struct u_debug_flag *table,
                                struct u_debug_parse_info *info);

/**
 * Parses the flag list in environment variable @p env_name (0 when unset).
 * On "help" prints the table to stderr with u_debug_print_flags(); unknown
 * names are reported with u_log_warn().
 */
uint64_t u_debug_get_flags(const char *env_name,
                           const struct u_debug_flag *table);

/**
 * Reads a boolean: 1/0, true/false, yes/no, on/off in any case, with
 * optional surrounding white space.  Unset, empty or anything else gives
 * @p dflt.
 */
bool u_debug_get_bool(const char *env_name, bool dflt);

/**
 * Reads an integer: optional sign, then decimal digits or 0x/0X and hex
 * digits, with optional surrounding white space.  Unset, empty, trailing
 * garbage or out of range for long gives @p dflt.  A leading 0 does not
 * mean octal.
 */
long u_debug_get_int(const char *env_name, long dflt);

/** Returns the variable's value if it is set (even to ""), else @p dflt. */
const char *u_debug_get_string(const char *env_name, const char *dflt);

/** Prints the flags of @p table, with "all" and "help", one per line. */
void u_debug_print_flags(FILE *f, const char *env_name,
                         const struct u_debug_flag *table);

/**
 * The parsers under u_debug_get_bool() and u_debug_get_int(), for values
 * that do not come from the environment.  They return false (leaving
 * @p out alone) when @p str is NULL or not a valid value.
 */
bool u_debug_parse_bool(const char *str, bool *out);

/** See u_debug_parse_bool(). */
bool u_debug_parse_int(const char *str, long *out);

#endif
