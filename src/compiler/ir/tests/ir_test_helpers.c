/* SPDX-License-Identifier: MIT */

/*
 * Helpers shared by the IR's cmocka tests (see ir_test_helpers.h).
 *
 * The comparison walks both strings at once, treating every run of
 * whitespace as one separator, so expected texts in tests may be indented
 * and wrapped freely.  Failures go through cmocka's print_error() and
 * _fail(), so they are reported at the caller's file and line.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "compiler/ir/tests/ir_test_helpers.h"
#include "util/u_arena.h"

static bool
is_space(char c)
{
   return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' ||
          c == '\v';
}

static const char *
skip_space(const char *s)
{
   while (is_space(*s))
      s++;
   return s;
}

bool
ir_test_text_equal(const char *a, const char *b)
{
   a = skip_space(a);
   b = skip_space(b);
   while (*a && *b) {
      if (is_space(*a) || is_space(*b)) {
         if (!is_space(*a) || !is_space(*b))
            return false;
         a = skip_space(a);
         b = skip_space(b);
         continue;
      }
      if (*a++ != *b++)
         return false;
   }
   return *skip_space(a) == '\0' && *skip_space(b) == '\0';
}

void
ir_test_assert_text(const struct ir_shader *shader, const char *expected,
                    const char *file, int line)
{
   if (!shader) {
      print_error("IR_ASSERT_TEXT: no shader\n");
      _fail(file, line);
      return;
   }
   struct u_arena *mem = u_arena_create(NULL);
   char *text = ir_shader_to_string(shader, mem);
   if (text && ir_test_text_equal(text, expected)) {
      u_arena_destroy(mem);
      return;
   }
   print_error("IR text mismatch.\n--- expected:\n%s\n--- got:\n%s\n---\n",
               expected, text ? text : "(out of memory)");
   u_arena_destroy(mem);
   _fail(file, line);
}

struct ir_shader *
ir_test_parse(struct u_arena *arena, const char *text, const char *file,
              int line)
{
   char *error = NULL;
   struct ir_shader *s = ir_parse(arena, text, &error);
   if (!s) {
      print_error("IR parse error: %s\n--- text:\n%s\n---\n",
                  error ? error : "(no message)", text);
      _fail(file, line);
   }
   return s;
}

struct ir_shader *
ir_test_parse_valid(struct u_arena *arena, const char *text, const char *file,
                    int line)
{
   struct ir_shader *s = ir_test_parse(arena, text, file, line);
   if (s)
      ir_test_assert_valid(s, "the input", file, line);
   return s;
}

int
ir_test_arena_setup(void **state)
{
   *state = u_arena_create(NULL);
   return *state ? 0 : -1;
}

int
ir_test_arena_teardown(void **state)
{
   u_arena_destroy(*state);
   return 0;
}

uint32_t
ir_test_fbits(float f)
{
   uint32_t u;
   memcpy(&u, &f, sizeof(u));
   return u;
}

float
ir_test_bitsf(uint32_t u)
{
   float f;
   memcpy(&f, &u, sizeof(f));
   return f;
}

void
ir_test_assert_valid(struct ir_shader *shader, const char *when,
                     const char *file, int line)
{
   char *error = NULL;
   if (!shader) {
      print_error("IR_ASSERT_VALID: no shader\n");
      _fail(file, line);
      return;
   }
   if (ir_validate(shader, &error))
      return;
   struct u_arena *mem = u_arena_create(NULL);
   char *text = mem ? ir_shader_to_string(shader, mem) : NULL;
   print_error("invalid IR%s%s: %s\n%s\n", when ? " " : "", when ? when : "",
               error ? error : "?", text ? text : "");
   u_arena_destroy(mem);
   _fail(file, line);
}

bool
ir_test_run_plain_pass(struct ir_shader *s, const void *data)
{
   const struct ir_test_plain_pass *p = data;
   return p->fn(s);
}

void
ir_test_check_rerun(struct u_arena *mem, struct ir_shader *s,
                    ir_test_pass_fn pass, const void *data, const char *file,
                    int line)
{
   char *before = ir_shader_to_string(s, mem);
   if (pass(s, data)) {
      print_error("a second run reported progress:\n%s\n",
                  ir_shader_to_string(s, mem));
      _fail(file, line);
   }
   ir_test_assert_valid(s, "after the second run", file, line);
   ir_test_assert_text(s, before, file, line);
}

struct ir_shader *
ir_test_check_pass(struct u_arena *mem, ir_test_pass_fn pass, const void *data,
                   const char *input, bool progress, const char *expected,
                   unsigned flags, const char *file, int line)
{
   struct ir_shader *s = ir_test_parse_valid(mem, input, file, line);
   if (!s)
      return NULL;
   char *before = ir_shader_to_string(s, mem);
   bool p = pass(s, data);
   ir_test_assert_valid(s, "after the pass", file, line);
   if (p != progress) {
      print_error("the pass reported %s; got:\n%s\n",
                  p ? "progress" : "no progress", ir_shader_to_string(s, mem));
      _fail(file, line);
   }
   if (!expected) {
      ir_test_assert_text(s, before, file, line);
   } else if (flags & IR_TEST_CANONICAL_EXPECTED) {
      struct ir_shader *want = ir_test_parse(mem, expected, file, line);
      ir_test_assert_text(s, want ? ir_shader_to_string(want, mem) : expected,
                          file, line);
   } else {
      ir_test_assert_text(s, expected, file, line);
   }
   ir_test_check_rerun(mem, s, pass, data, file, line);
   return s;
}

uint64_t
ir_test_lanes(unsigned lanes)
{
   return lanes >= 64 ? ~0ull : (1ull << lanes) - 1;
}

struct ir_test_exec *
ir_test_exec_create(struct ir_shader *s, unsigned width, uint64_t loop_limit,
                    const struct ir_exec_io *io, const char *file, int line)
{
   struct ir_test_exec *e = calloc(1, sizeof(*e));
   if (!e) {
      print_error("out of memory\n");
      _fail(file, line);
      return NULL;
   }
   e->mem = u_arena_create(NULL);
   e->width = width;
   if (io)
      e->io = *io;
   char *err = NULL;
   e->prog = ir_exec_program_create(e->mem, s, &err);
   if (!e->prog) {
      print_error("the interpreter rejects the shader: %s\n%s\n",
                  err ? err : "?", ir_shader_to_string(s, e->mem));
      u_arena_destroy(e->mem);
      free(e);
      _fail(file, line);
      return NULL;
   }
   e->st = ir_exec_state_create(e->prog, width);
   if (!e->st) {
      print_error("ir_exec_state_create failed\n");
      u_arena_destroy(e->mem);
      free(e);
      _fail(file, line);
      return NULL;
   }
   /* A shader that does not end fails the test instead of hanging it. */
   ir_exec_state_set_loop_limit(e->st, loop_limit);
   ir_exec_state_set_io(e->st, &e->io);
   return e;
}

void
ir_test_exec_run(struct ir_test_exec *e, uint64_t active, uint32_t out_fill,
                 const char *file, int line)
{
   size_t words = (size_t)e->io.num_output_slots * 4 * e->width;
   for (size_t i = 0; e->io.outputs && i < words; i++)
      e->io.outputs[i] = out_fill;
   if (!ir_exec_run(e->st, active, 0)) {
      print_error("the run did not finish (loop limit)\n");
      _fail(file, line);
   }
   e->killed = ir_exec_killed_mask(e->st);
}

void
ir_test_exec_destroy(struct ir_test_exec *e)
{
   if (!e)
      return;
   ir_exec_state_destroy(e->st);
   u_arena_destroy(e->mem);
   free(e);
}

bool
ir_test_differential(const char *text, ir_test_pass_fn pass, const void *data,
                     const struct ir_test_diff *d, const char *file, int line)
{
   struct u_arena *mem = u_arena_create(NULL);
   struct ir_shader *ref = ir_test_parse_valid(mem, text, file, line);
   struct ir_shader *opt = ir_test_parse_valid(mem, text, file, line);
   if (!ref || !opt) {
      u_arena_destroy(mem);
      return false;
   }
   bool progress = pass(opt, data);
   if (d->require_progress && !progress) {
      print_error("the pass made no progress on:\n%s\n", text);
      _fail(file, line);
   }
   ir_test_assert_valid(opt, "after the pass", file, line);

   size_t words = (size_t)d->num_slots * 4 * d->width;
   uint32_t *in = calloc(words, sizeof(*in));
   uint32_t *out_ref = calloc(words, sizeof(*out_ref));
   uint32_t *out_opt = calloc(words, sizeof(*out_opt));
   struct ir_exec_io io = {
      .inputs = in,
      .num_input_slots = d->num_slots,
      .num_output_slots = d->num_slots,
   };
   io.outputs = out_ref;
   struct ir_test_exec *eref =
      ir_test_exec_create(ref, d->width, d->loop_limit, &io, file, line);
   io.outputs = out_opt;
   struct ir_test_exec *eopt =
      ir_test_exec_create(opt, d->width, d->loop_limit, &io, file, line);
   uint64_t active = ir_test_lanes(d->lanes);
   bool written = false;
   for (unsigned run = 0; run < d->num_runs; run++) {
      memset(in, 0, words * sizeof(*in));
      if (d->fill)
         d->fill(in, words, run, d->fill_data);
      ir_test_exec_run(eref, active, d->out_fill, file, line);
      ir_test_exec_run(eopt, active, d->out_fill, file, line);
      if (eref->killed != eopt->killed) {
         print_error("run %u: discarded lanes 0x%016llx before, 0x%016llx "
                     "after the pass\n%s\n",
                     run, (unsigned long long)eref->killed,
                     (unsigned long long)eopt->killed,
                     ir_shader_to_string(opt, mem));
         _fail(file, line);
         break;
      }
      bool same = true;
      for (size_t w = 0; w < words && same; w++) {
         written |= out_ref[w] != d->out_fill;
         if (d->cmp ? d->cmp(out_ref[w], out_opt[w]) : out_ref[w] == out_opt[w])
            continue;
         unsigned lane = w % d->width, sc = w / d->width;
         print_error("run %u: output slot %u component %u lane %u: 0x%08x "
                     "before, 0x%08x after the pass (lane inputs 0x%08x "
                     "0x%08x 0x%08x 0x%08x)\n%s\n",
                     run, sc / 4, sc % 4, lane, out_ref[w], out_opt[w],
                     in[0 * d->width + lane], in[1 * d->width + lane],
                     in[2 * d->width + lane], in[3 * d->width + lane],
                     ir_shader_to_string(opt, mem));
         same = false;
      }
      if (!same) {
         _fail(file, line);
         break;
      }
   }
   if (d->require_output && !written) {
      print_error("the shader writes no output: the check is vacuous\n");
      _fail(file, line);
   }
   ir_test_exec_destroy(eref);
   ir_test_exec_destroy(eopt);
   free(in);
   free(out_ref);
   free(out_opt);
   u_arena_destroy(mem);
   return progress;
}
