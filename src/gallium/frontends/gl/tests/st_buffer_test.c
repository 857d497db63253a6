/* SPDX-License-Identifier: MIT */

/* Buffer objects: data round trips, mapping, copies, bindings, errors. */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "st_test_util.h"

static int
setup_core(void **state)
{
   *state = st_test_context_create(ST_API_OPENGL, 3, 3, ST_PROFILE_CORE, false);
   return *state ? 0 : -1;
}

static int
setup_compat(void **state)
{
   *state =
      st_test_context_create(ST_API_OPENGL, 0, 0, ST_PROFILE_COMPAT, false);
   return *state ? 0 : -1;
}

static int
teardown(void **state)
{
   st_test_context_destroy(*state);
   return 0;
}

/** A buffer bound to GL_ARRAY_BUFFER holding bytes 0, 1, 2... (modulo
 * 256); @p size is at most 1024. */
static GLuint
counting_buffer(GLsizeiptr size)
{
   uint8_t data[1024];
   assert_true(size <= (GLsizeiptr)sizeof(data));
   for (unsigned i = 0; i < sizeof(data); i++)
      data[i] = (uint8_t)i;
   GLuint buf;
   glGenBuffers(1, &buf);
   glBindBuffer(GL_ARRAY_BUFFER, buf);
   glBufferData(GL_ARRAY_BUFFER, size, data, GL_STATIC_DRAW);
   return buf;
}

static void
data_round_trip(void **state)
{
   GLuint buf = counting_buffer(64);
   const uint8_t patch[4] = { 0xaa, 0xbb, 0xcc, 0xdd };
   glBufferSubData(GL_ARRAY_BUFFER, 10, 4, patch);
   uint8_t out[64];
   memset(out, 0, sizeof(out));
   glGetBufferSubData(GL_ARRAY_BUFFER, 0, 64, out);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   for (unsigned i = 0; i < 64; i++) {
      uint8_t want = i >= 10 && i < 14 ? patch[i - 10] : (uint8_t)i;
      assert_int_equal(out[i], want);
   }
   GLint size = 0, usage = 0;
   glGetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_SIZE, &size);
   glGetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_USAGE, &usage);
   assert_int_equal(size, 64);
   assert_int_equal(usage, GL_STATIC_DRAW);
   GLint binding = 0;
   glGetIntegerv(GL_ARRAY_BUFFER_BINDING, &binding);
   assert_int_equal(binding, (GLint)buf);
   glDeleteBuffers(1, &buf);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
map_range_read_write(void **state)
{
   GLuint buf = counting_buffer(64);
   uint8_t *p = glMapBufferRange(
      GL_ARRAY_BUFFER, 16, 8, GL_MAP_WRITE_BIT | GL_MAP_INVALIDATE_RANGE_BIT);
   assert_non_null(p);
   GLint mapped = 0, offset = 0, length = 0, flags = 0;
   glGetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_MAPPED, &mapped);
   glGetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_MAP_OFFSET, &offset);
   glGetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_MAP_LENGTH, &length);
   glGetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_ACCESS_FLAGS, &flags);
   assert_int_equal(mapped, GL_TRUE);
   assert_int_equal(offset, 16);
   assert_int_equal(length, 8);
   assert_int_equal(flags, GL_MAP_WRITE_BIT | GL_MAP_INVALIDATE_RANGE_BIT);
   void *ptr = NULL;
   glGetBufferPointerv(GL_ARRAY_BUFFER, GL_BUFFER_MAP_POINTER, &ptr);
   assert_ptr_equal(ptr, p);
   memset(p, 0x5a, 8);
   assert_int_equal(glUnmapBuffer(GL_ARRAY_BUFFER), GL_TRUE);
   glGetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_MAPPED, &mapped);
   assert_int_equal(mapped, GL_FALSE);

   const uint8_t *r = glMapBufferRange(GL_ARRAY_BUFFER, 0, 64, GL_MAP_READ_BIT);
   assert_non_null(r);
   for (unsigned i = 0; i < 64; i++)
      assert_int_equal(r[i], i >= 16 && i < 24 ? 0x5a : i);
   glUnmapBuffer(GL_ARRAY_BUFFER);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   glDeleteBuffers(1, &buf);
}

static void
flush_explicit(void **state)
{
   GLuint buf = counting_buffer(32);
   uint8_t *p = glMapBufferRange(GL_ARRAY_BUFFER, 8, 16,
                                 GL_MAP_WRITE_BIT | GL_MAP_FLUSH_EXPLICIT_BIT);
   assert_non_null(p);
   memset(p, 0xee, 16);
   /* Offsets are relative to the mapping. */
   glFlushMappedBufferRange(GL_ARRAY_BUFFER, 4, 4);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   glFlushMappedBufferRange(GL_ARRAY_BUFFER, 12, 8);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glUnmapBuffer(GL_ARRAY_BUFFER);
   uint8_t out[4];
   glGetBufferSubData(GL_ARRAY_BUFFER, 12, 4, out);
   for (unsigned i = 0; i < 4; i++)
      assert_int_equal(out[i], 0xee);

   /* Flushing a mapping without the flag, or no mapping. */
   glMapBufferRange(GL_ARRAY_BUFFER, 0, 4, GL_MAP_WRITE_BIT);
   glFlushMappedBufferRange(GL_ARRAY_BUFFER, 0, 4);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glUnmapBuffer(GL_ARRAY_BUFFER);
   glFlushMappedBufferRange(GL_ARRAY_BUFFER, 0, 4);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glDeleteBuffers(1, &buf);
}

static void
copy_sub_data(void **state)
{
   GLuint src = counting_buffer(64);
   GLuint dst;
   glGenBuffers(1, &dst);
   glBindBuffer(GL_COPY_WRITE_BUFFER, dst);
   glBufferData(GL_COPY_WRITE_BUFFER, 32, NULL, GL_STREAM_COPY);
   glBindBuffer(GL_COPY_READ_BUFFER, src);
   glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 20, 4, 8);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   uint8_t out[8];
   glGetBufferSubData(GL_COPY_WRITE_BUFFER, 4, 8, out);
   for (unsigned i = 0; i < 8; i++)
      assert_int_equal(out[i], 20 + i);

   /* Within one buffer: disjoint ranges work, overlapping ones fail. */
   glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_ARRAY_BUFFER, 0, 32, 8);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   glGetBufferSubData(GL_ARRAY_BUFFER, 32, 8, out);
   for (unsigned i = 0; i < 8; i++)
      assert_int_equal(out[i], i);
   glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_ARRAY_BUFFER, 0, 4, 8);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   /* Out of range and mapped. */
   glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 0, 30, 8);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glMapBuffer(GL_COPY_WRITE_BUFFER, GL_WRITE_ONLY);
   glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 0, 0, 8);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glUnmapBuffer(GL_COPY_WRITE_BUFFER);
   GLuint bufs[2] = { src, dst };
   glDeleteBuffers(2, bufs);
}

static void
map_errors(void **state)
{
   GLuint buf = counting_buffer(64);
   assert_non_null(glMapBufferRange(GL_ARRAY_BUFFER, 0, 8, GL_MAP_READ_BIT));
   /* Map twice. */
   assert_null(glMapBufferRange(GL_ARRAY_BUFFER, 0, 8, GL_MAP_READ_BIT));
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   /* Sub data of a mapped buffer. */
   uint8_t b = 0;
   glBufferSubData(GL_ARRAY_BUFFER, 0, 1, &b);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glUnmapBuffer(GL_ARRAY_BUFFER);
   /* Unmap an unmapped buffer. */
   assert_int_equal(glUnmapBuffer(GL_ARRAY_BUFFER), GL_FALSE);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);

   /* Bad flags. */
   assert_null(glMapBufferRange(GL_ARRAY_BUFFER, 0, 8, 0));
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   assert_null(glMapBufferRange(
      GL_ARRAY_BUFFER, 0, 8, GL_MAP_READ_BIT | GL_MAP_INVALIDATE_BUFFER_BIT));
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   assert_null(glMapBufferRange(GL_ARRAY_BUFFER, 0, 8,
                                GL_MAP_READ_BIT | GL_MAP_UNSYNCHRONIZED_BIT));
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   assert_null(glMapBufferRange(GL_ARRAY_BUFFER, 0, 8,
                                GL_MAP_READ_BIT | GL_MAP_FLUSH_EXPLICIT_BIT));
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   assert_null(
      glMapBufferRange(GL_ARRAY_BUFFER, 0, 8, GL_MAP_WRITE_BIT | 0x100000));
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   /* Bad ranges. */
   assert_null(glMapBufferRange(GL_ARRAY_BUFFER, 60, 8, GL_MAP_READ_BIT));
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   assert_null(glMapBufferRange(GL_ARRAY_BUFFER, -1, 8, GL_MAP_READ_BIT));
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   assert_null(glMapBufferRange(GL_ARRAY_BUFFER, 0, 0, GL_MAP_READ_BIT));
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   /* glMapBuffer access. */
   assert_null(glMapBuffer(GL_ARRAY_BUFFER, GL_MAP_READ_BIT));
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   GLint access = 0;
   glGetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_ACCESS, &access);
   assert_int_equal(access, GL_READ_WRITE);
   glDeleteBuffers(1, &buf);
}

static void
binding_errors(void **state)
{
   /* Nothing bound. */
   glBufferData(GL_ARRAY_BUFFER, 4, NULL, GL_STATIC_DRAW);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   /* Bad target, usage, size. */
   glBindBuffer(GL_TEXTURE_2D, 0);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   GLuint buf = counting_buffer(4);
   glBufferData(GL_ARRAY_BUFFER, 4, NULL, GL_RGBA);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glBufferData(GL_ARRAY_BUFFER, -1, NULL, GL_STATIC_DRAW);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   uint8_t out[8];
   glGetBufferSubData(GL_ARRAY_BUFFER, 2, 4, out);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   /* Storage past what a pipe resource can hold. */
   glBufferData(GL_ARRAY_BUFFER, (GLsizeiptr)1 << 40, NULL, GL_STATIC_DRAW);
   assert_int_equal(glGetError(), GL_OUT_OF_MEMORY);
   GLint size = 0;
   glGetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_SIZE, &size);
   assert_int_equal(size, 4);
   /* Core: names must come from glGenBuffers. */
   glBindBuffer(GL_ARRAY_BUFFER, 1234);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glGetBufferParameteriv(GL_ARRAY_BUFFER, GL_TEXTURE_2D, (GLint *)out);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);

   /* Deleting unbinds; the name is gone. */
   assert_true(glIsBuffer(buf));
   glDeleteBuffers(1, &buf);
   GLint binding = -1;
   glGetIntegerv(GL_ARRAY_BUFFER_BINDING, &binding);
   assert_int_equal(binding, 0);
   assert_false(glIsBuffer(buf));
   /* A generated name is not a buffer until bound. */
   glGenBuffers(1, &buf);
   assert_false(glIsBuffer(buf));
   glBindBuffer(GL_ARRAY_BUFFER, buf);
   assert_true(glIsBuffer(buf));
   glDeleteBuffers(1, &buf);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
uniform_bindings(void **state)
{
   GLuint buf = counting_buffer(1024);
   GLint align = 0;
   glGetIntegerv(GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT, &align);
   if (align < 1)
      align = 1;
   glBindBufferRange(GL_UNIFORM_BUFFER, 3, buf, align, 64);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   GLint name = 0, generic = 0;
   GLint64 start = -1, size = -1;
   glGetIntegeri_v(GL_UNIFORM_BUFFER_BINDING, 3, &name);
   glGetInteger64i_v(GL_UNIFORM_BUFFER_START, 3, &start);
   glGetInteger64i_v(GL_UNIFORM_BUFFER_SIZE, 3, &size);
   glGetIntegerv(GL_UNIFORM_BUFFER_BINDING, &generic);
   assert_int_equal(name, (GLint)buf);
   assert_int_equal(generic, (GLint)buf);
   assert_int_equal(start, align);
   assert_int_equal(size, 64);

   glBindBufferBase(GL_UNIFORM_BUFFER, 0, buf);
   glGetInteger64i_v(GL_UNIFORM_BUFFER_SIZE, 0, &size);
   assert_int_equal(size, 0);
   assert_int_equal(glGetError(), GL_NO_ERROR);

   if (align > 1) {
      glBindBufferRange(GL_UNIFORM_BUFFER, 1, buf, 1, 64);
      assert_int_equal(glGetError(), GL_INVALID_VALUE);
   }
   glBindBufferRange(GL_UNIFORM_BUFFER, 1, buf, 0, 0);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glBindBufferBase(GL_UNIFORM_BUFFER, 1000, buf);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glBindBufferBase(GL_ARRAY_BUFFER, 0, buf);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glBindBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 0, buf, 2, 64);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);

   /* Deleting resets the indexed bindings too. */
   glDeleteBuffers(1, &buf);
   glGetIntegeri_v(GL_UNIFORM_BUFFER_BINDING, 3, &name);
   assert_int_equal(name, 0);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
compat_names_without_gen(void **state)
{
   glBindBuffer(GL_ARRAY_BUFFER, 77);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   assert_true(glIsBuffer(77));
   const float data[2] = { 1.5f, -2.0f };
   glBufferData(GL_ARRAY_BUFFER, sizeof(data), data, GL_DYNAMIC_DRAW);
   float *p = glMapBuffer(GL_ARRAY_BUFFER, GL_READ_ONLY);
   assert_non_null(p);
   assert_true(p[0] == 1.5f && p[1] == -2.0f);
   GLint access = 0;
   glGetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_ACCESS, &access);
   assert_int_equal(access, GL_READ_ONLY);
   glUnmapBuffer(GL_ARRAY_BUFFER);
   GLuint name = 77;
   glDeleteBuffers(1, &name);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static int
setup_es3(void **state)
{
   *state =
      st_test_context_create(ST_API_OPENGL_ES, 3, 0, ST_PROFILE_CORE, false);
   return *state ? 0 : -1;
}

static void
es3_targets(void **state)
{
   /* ES binds names that glGenBuffers did not give. */
   glBindBuffer(GL_UNIFORM_BUFFER, 5);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   glBufferData(GL_UNIFORM_BUFFER, 16, NULL, GL_DYNAMIC_COPY);
   GLint64 size = 0;
   glGetBufferParameteri64v(GL_UNIFORM_BUFFER, GL_BUFFER_SIZE, &size);
   assert_int_equal(size, 16);
   /* No texture buffers and no GL_BUFFER_ACCESS in ES 3.0. */
   glBindBuffer(GL_TEXTURE_BUFFER, 5);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   GLint access;
   glGetBufferParameteriv(GL_UNIFORM_BUFFER, GL_BUFFER_ACCESS, &access);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   void *p = glMapBufferRange(GL_UNIFORM_BUFFER, 4, 8,
                              GL_MAP_WRITE_BIT | GL_MAP_INVALIDATE_RANGE_BIT);
   assert_non_null(p);
   assert_int_equal(glUnmapBuffer(GL_UNIFORM_BUFFER), GL_TRUE);
   GLuint name = 5;
   glDeleteBuffers(1, &name);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

#define CORE_TEST(t) cmocka_unit_test_setup_teardown(t, setup_core, teardown)
#define COMPAT_TEST(t) \
   cmocka_unit_test_setup_teardown(t, setup_compat, teardown)
#define ES3_TEST(t) cmocka_unit_test_setup_teardown(t, setup_es3, teardown)

int
main(void)
{
   const struct CMUnitTest tests[] = {
      CORE_TEST(data_round_trip),  CORE_TEST(map_range_read_write),
      CORE_TEST(flush_explicit),   CORE_TEST(copy_sub_data),
      CORE_TEST(map_errors),       CORE_TEST(binding_errors),
      CORE_TEST(uniform_bindings), COMPAT_TEST(compat_names_without_gen),
      ES3_TEST(es3_targets),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
