/* SPDX-License-Identifier: MIT */

/*
 * The passes indium-ir can run, by name.  A pass argument after a colon
 * (`lower_alu:fmod,ffma`) selects options for passes that take them.
 */
#ifndef INDIUM_IR_PASSES_H
#define INDIUM_IR_PASSES_H

#include <stdbool.h>

struct ir_shader;

struct indium_ir_pass {
   const char *name;
   const char *doc;
   /** Runs the pass; returns progress.  @p arg is the text after ':' or
    * NULL; on a bad argument sets *error (static text) and returns false. */
   bool (*run)(struct ir_shader *s, const char *arg, const char **error);
};

/** The table, terminated by an entry with a NULL name. */
extern const struct indium_ir_pass indium_ir_passes[];

const struct indium_ir_pass *indium_ir_find_pass(const char *name);

#endif
