/* SPDX-License-Identifier: MIT */

/*
 * Diagnostics for users and developers: "indium: <tag>: <level>: message"
 * lines on stderr, never stdout (stdout belongs to the application).
 *
 * The level comes from INDIUM_LOG=error|warn|info|debug (default warn),
 * read once, on the first call that needs it.  Messages more verbose than
 * the level are dropped before they are formatted.
 *
 * A sink installed with u_log_set_sink() receives the messages instead of
 * stderr (tests capture them; KHR_debug will forward them).  Sink calls are
 * serialised by a lock, so a sink needs no locking of its own; a message
 * that a sink logs itself goes to stderr instead of recursing.
 *
 * Everything here is thread-safe.  Writing to stderr uses a single write()
 * per message, so lines from different threads do not interleave (POSIX
 * guarantees it for pipes up to PIPE_BUF bytes, and regular files opened
 * with O_APPEND).
 *
 * The level and the sink are process-wide state: the one exception to
 * "no global mutable state", because a log is process-wide by nature.
 */
#ifndef U_LOG_H
#define U_LOG_H

#include <stdarg.h>
#include <stdbool.h>

/** Message severity, most severe first. */
enum u_log_level {
   U_LOG_ERROR,
   U_LOG_WARN,
   U_LOG_INFO,
   U_LOG_DEBUG,
};

/**
 * Receives one message: @p tag as given to u_log() (may be NULL), @p msg
 * formatted, without the "indium: tag: level:" prefix and without a
 * trailing newline.  Both strings live only during the call.
 */
typedef void (*u_log_sink_fn)(enum u_log_level level, const char *tag,
                              const char *msg, void *data);

/**
 * Logs a message of @p level under @p tag (a component name such as "glsl",
 * or NULL) if the current level lets it through.  One trailing newline in
 * the message is dropped; the line always ends with one.
 */
void u_log(enum u_log_level level, const char *tag, const char *fmt, ...)
   __attribute__((format(printf, 3, 4)));

/** u_log() taking a va_list. */
void u_logv(enum u_log_level level, const char *tag, const char *fmt,
            va_list args) __attribute__((format(printf, 3, 0)));

/**
 * Sends all further messages to @p sink with @p data; NULL restores
 * stderr.  Returns after any sink call in progress in another thread has
 * finished, so @p data of the previous sink may be freed afterwards.
 */
void u_log_set_sink(u_log_sink_fn sink, void *data);

/** The most verbose level currently logged. */
enum u_log_level u_log_get_level(void);

/** Overrides the level from INDIUM_LOG (tests, applications' debug UI). */
void u_log_set_level(enum u_log_level level);

/** Whether a message of @p level would be logged (to skip costly work). */
bool u_log_enabled(enum u_log_level level);

/** "error", "warn", "info" or "debug". */
const char *u_log_level_name(enum u_log_level level);

/**
 * Parses a level name as INDIUM_LOG takes it (the names above, any case,
 * "warning" too); returns false and leaves @p out alone on anything else.
 */
bool u_log_level_parse(const char *str, enum u_log_level *out);

/*
 * Shorthands.  Function-like, each argument evaluated once; lower case
 * because they read as the functions they stand for.
 */
#define u_log_error(tag, ...) u_log(U_LOG_ERROR, (tag), __VA_ARGS__)
#define u_log_warn(tag, ...)  u_log(U_LOG_WARN, (tag), __VA_ARGS__)
#define u_log_info(tag, ...)  u_log(U_LOG_INFO, (tag), __VA_ARGS__)
#define u_log_debug(tag, ...) u_log(U_LOG_DEBUG, (tag), __VA_ARGS__)

#endif
