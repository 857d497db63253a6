/* SPDX-License-Identifier: MIT */

/* KHR_debug: the callback, the log, filters, debug groups. */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "st_test_util.h"

static int
setup_debug(void **state)
{
   *state = st_test_context_create(ST_API_OPENGL, 3, 3, ST_PROFILE_CORE, true);
   return *state ? 0 : -1;
}

static int
teardown(void **state)
{
   st_test_context_destroy(*state);
   return 0;
}

struct received {
   unsigned count;
   GLenum source, type, severity;
   GLuint id;
   char text[256];
};

static void GLAPIENTRY
callback(GLenum source, GLenum type, GLuint id, GLenum severity, GLsizei length,
         const GLchar *message, const void *user)
{
   struct received *r = (struct received *)user;
   r->count++;
   r->source = source;
   r->type = type;
   r->id = id;
   r->severity = severity;
   assert_int_equal((size_t)length, strlen(message));
   strncpy(r->text, message, sizeof(r->text) - 1);
}

static void
callback_receives_errors(void **state)
{
   struct received r = { 0 };
   glDebugMessageCallback(callback, &r);
   void *p = NULL;
   glGetPointerv(GL_DEBUG_CALLBACK_USER_PARAM, &p);
   assert_ptr_equal(p, &r);
   glGetPointerv(GL_DEBUG_CALLBACK_FUNCTION, &p);
   assert_ptr_equal(p, (void *)callback);

   glEnable(0x1234);
   assert_int_equal(r.count, 1);
   assert_int_equal(r.source, GL_DEBUG_SOURCE_API);
   assert_int_equal(r.type, GL_DEBUG_TYPE_ERROR);
   assert_int_equal(r.severity, GL_DEBUG_SEVERITY_HIGH);
   assert_non_null(strstr(r.text, "glEnable"));
   assert_int_equal(glGetError(), GL_INVALID_ENUM);

   glDebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_MARKER, 42,
                        GL_DEBUG_SEVERITY_NOTIFICATION, -1, "hello");
   assert_int_equal(r.count, 2);
   assert_int_equal(r.id, 42);
   assert_string_equal(r.text, "hello");
   /* An explicit length: the callback still gets a terminated string. */
   glDebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_MARKER, 43,
                        GL_DEBUG_SEVERITY_NOTIFICATION, 4, "abcdef");
   assert_string_equal(r.text, "abcd");

   /* Only the application and third parties insert. */
   glDebugMessageInsert(GL_DEBUG_SOURCE_API, GL_DEBUG_TYPE_MARKER, 1,
                        GL_DEBUG_SEVERITY_NOTIFICATION, -1, "x");
   assert_int_equal(glGetError(), GL_INVALID_ENUM);

   /* Disabled output sends nothing. */
   glDisable(GL_DEBUG_OUTPUT);
   unsigned before = r.count;
   glEnable(0x1234);
   assert_int_equal(r.count, before);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glEnable(GL_DEBUG_OUTPUT);
   glDebugMessageCallback(NULL, NULL);
}

static void
log_without_callback(void **state)
{
   GLint n = -1;
   glGetIntegerv(GL_DEBUG_LOGGED_MESSAGES, &n);
   assert_int_equal(n, 0);
   glDebugMessageInsert(GL_DEBUG_SOURCE_THIRD_PARTY, GL_DEBUG_TYPE_OTHER, 7,
                        GL_DEBUG_SEVERITY_MEDIUM, 3, "abcdef");
   glDebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_OTHER, 8,
                        GL_DEBUG_SEVERITY_HIGH, -1, "second");
   glGetIntegerv(GL_DEBUG_LOGGED_MESSAGES, &n);
   assert_int_equal(n, 2);
   glGetIntegerv(GL_DEBUG_NEXT_LOGGED_MESSAGE_LENGTH, &n);
   assert_int_equal(n, 4);

   /* A buffer too small for the second message stops after the first. */
   GLchar buf[8];
   GLenum sources[2], types[2], severities[2];
   GLuint ids[2];
   GLsizei lengths[2];
   GLuint got = glGetDebugMessageLog(2, sizeof(buf), sources, types, ids,
                                     severities, lengths, buf);
   assert_int_equal(got, 1);
   assert_string_equal(buf, "abc");
   assert_int_equal(sources[0], GL_DEBUG_SOURCE_THIRD_PARTY);
   assert_int_equal(ids[0], 7);
   assert_int_equal(lengths[0], 4);
   got = glGetDebugMessageLog(2, sizeof(buf), sources, types, ids, severities,
                              lengths, buf);
   assert_int_equal(got, 1);
   assert_string_equal(buf, "second");
   assert_int_equal(severities[0], GL_DEBUG_SEVERITY_HIGH);
   glGetIntegerv(GL_DEBUG_LOGGED_MESSAGES, &n);
   assert_int_equal(n, 0);

   glGetDebugMessageLog(1, -1, NULL, NULL, NULL, NULL, NULL, buf);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   /* The error itself was logged. */
   glGetIntegerv(GL_DEBUG_LOGGED_MESSAGES, &n);
   assert_int_equal(n, 1);
   got = glGetDebugMessageLog(4, 0, NULL, types, NULL, NULL, NULL, NULL);
   assert_int_equal(got, 1);
   assert_int_equal(types[0], GL_DEBUG_TYPE_ERROR);
}

static void
filters(void **state)
{
   struct received r = { 0 };
   glDebugMessageCallback(callback, &r);

   /* Low severity is off by default. */
   glDebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_OTHER, 1,
                        GL_DEBUG_SEVERITY_LOW, -1, "low");
   assert_int_equal(r.count, 0);
   glDebugMessageControl(GL_DONT_CARE, GL_DONT_CARE, GL_DEBUG_SEVERITY_LOW, 0,
                         NULL, GL_TRUE);
   glDebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_OTHER, 1,
                        GL_DEBUG_SEVERITY_LOW, -1, "low");
   assert_int_equal(r.count, 1);

   /* By id: one source and type, any severity. */
   GLuint id = 5;
   glDebugMessageControl(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_OTHER,
                         GL_DONT_CARE, 1, &id, GL_FALSE);
   glDebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_OTHER, 5,
                        GL_DEBUG_SEVERITY_HIGH, -1, "off");
   assert_int_equal(r.count, 1);
   glDebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_OTHER, 6,
                        GL_DEBUG_SEVERITY_HIGH, -1, "on");
   assert_int_equal(r.count, 2);

   /* Ids need a source and a type and no severity. */
   glDebugMessageControl(GL_DONT_CARE, GL_DEBUG_TYPE_OTHER, GL_DONT_CARE, 1,
                         &id, GL_FALSE);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glDebugMessageControl(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_OTHER,
                         GL_DEBUG_SEVERITY_HIGH, 1, &id, GL_FALSE);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glDebugMessageControl(GL_DONT_CARE, GL_DONT_CARE, GL_DONT_CARE, -1, NULL,
                         GL_FALSE);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glDebugMessageControl(GL_DEBUG_TYPE_ERROR, GL_DONT_CARE, GL_DONT_CARE, 0,
                         NULL, GL_FALSE);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   r.count = 0;

   /* Everything off, then errors back on. */
   glDebugMessageControl(GL_DONT_CARE, GL_DONT_CARE, GL_DONT_CARE, 0, NULL,
                         GL_FALSE);
   glEnable(0x1234);
   assert_int_equal(r.count, 0);
   glDebugMessageControl(GL_DEBUG_SOURCE_API, GL_DEBUG_TYPE_ERROR, GL_DONT_CARE,
                         0, NULL, GL_TRUE);
   glEnable(0x1234);
   assert_int_equal(r.count, 1);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);

   /* Back to the defaults for the next tests. */
   glDebugMessageControl(GL_DONT_CARE, GL_DONT_CARE, GL_DONT_CARE, 0, NULL,
                         GL_TRUE);
   glDebugMessageControl(GL_DONT_CARE, GL_DONT_CARE, GL_DEBUG_SEVERITY_LOW, 0,
                         NULL, GL_FALSE);
   glDebugMessageCallback(NULL, NULL);
}

static void
groups(void **state)
{
   struct received r = { 0 };
   glDebugMessageCallback(callback, &r);
   GLint depth = 0;
   glGetIntegerv(GL_DEBUG_GROUP_STACK_DEPTH, &depth);
   assert_int_equal(depth, 1);

   glPushDebugGroup(GL_DEBUG_SOURCE_APPLICATION, 9, -1, "group");
   assert_int_equal(r.count, 1);
   assert_int_equal(r.type, GL_DEBUG_TYPE_PUSH_GROUP);
   assert_int_equal(r.severity, GL_DEBUG_SEVERITY_NOTIFICATION);
   assert_string_equal(r.text, "group");
   glGetIntegerv(GL_DEBUG_GROUP_STACK_DEPTH, &depth);
   assert_int_equal(depth, 2);

   /* A filter set inside the group ends with it. */
   glDebugMessageControl(GL_DEBUG_SOURCE_APPLICATION, GL_DONT_CARE,
                         GL_DONT_CARE, 0, NULL, GL_FALSE);
   glDebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_OTHER, 1,
                        GL_DEBUG_SEVERITY_HIGH, -1, "muted");
   assert_int_equal(r.count, 1);
   glPopDebugGroup();
   assert_int_equal(r.count, 2);
   assert_int_equal(r.type, GL_DEBUG_TYPE_POP_GROUP);
   assert_int_equal(r.id, 9);
   assert_string_equal(r.text, "group");
   glDebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_OTHER, 1,
                        GL_DEBUG_SEVERITY_HIGH, -1, "heard");
   assert_int_equal(r.count, 3);

   glPopDebugGroup();
   assert_int_equal(glGetError(), GL_STACK_UNDERFLOW);

   GLint max = 0;
   glGetIntegerv(GL_MAX_DEBUG_GROUP_STACK_DEPTH, &max);
   assert_true(max >= 64);
   for (GLint i = 1; i < max; i++)
      glPushDebugGroup(GL_DEBUG_SOURCE_APPLICATION, 0, 1, "g");
   assert_int_equal(glGetError(), GL_NO_ERROR);
   glPushDebugGroup(GL_DEBUG_SOURCE_APPLICATION, 0, 1, "g");
   assert_int_equal(glGetError(), GL_STACK_OVERFLOW);
   for (GLint i = 1; i < max; i++)
      glPopDebugGroup();
   glGetIntegerv(GL_DEBUG_GROUP_STACK_DEPTH, &depth);
   assert_int_equal(depth, 1);

   glPushDebugGroup(GL_DEBUG_SOURCE_API, 0, -1, "x");
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   GLint len = 0;
   glGetIntegerv(GL_MAX_DEBUG_MESSAGE_LENGTH, &len);
   glPushDebugGroup(GL_DEBUG_SOURCE_APPLICATION, 0, len, "x");
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glDebugMessageCallback(NULL, NULL);
   /* Drop what the errors logged. */
   glGetDebugMessageLog(100, 0, NULL, NULL, NULL, NULL, NULL, NULL);
}

static void
labels(void **state)
{
   GLuint buf, vao;
   glGenBuffers(1, &buf);
   /* A generated name is an object only once bound. */
   glObjectLabel(GL_BUFFER, buf, -1, "early");
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glBindBuffer(GL_ARRAY_BUFFER, buf);
   glObjectLabel(GL_BUFFER, buf, -1, "vertices");
   GLchar text[64];
   GLsizei len = -1;
   glGetObjectLabel(GL_BUFFER, buf, sizeof(text), &len, text);
   assert_int_equal(len, 8);
   assert_string_equal(text, "vertices");
   /* Truncated to the buffer; without one, the full length. */
   glGetObjectLabel(GL_BUFFER, buf, 4, &len, text);
   assert_int_equal(len, 3);
   assert_string_equal(text, "ver");
   glGetObjectLabel(GL_BUFFER, buf, 0, &len, NULL);
   assert_int_equal(len, 8);

   glGenVertexArrays(1, &vao);
   glBindVertexArray(vao);
   glObjectLabel(GL_VERTEX_ARRAY, vao, 3, "vaoxyz");
   glGetObjectLabel(GL_VERTEX_ARRAY, vao, sizeof(text), &len, text);
   assert_string_equal(text, "vao");
   /* NULL removes the label. */
   glObjectLabel(GL_VERTEX_ARRAY, vao, 0, NULL);
   glGetObjectLabel(GL_VERTEX_ARRAY, vao, sizeof(text), &len, text);
   assert_int_equal(len, 0);
   assert_int_equal(glGetError(), GL_NO_ERROR);

   /* A new buffer (maybe under the old name) has no label. */
   glDeleteBuffers(1, &buf);
   glGenBuffers(1, &buf);
   glBindBuffer(GL_ARRAY_BUFFER, buf);
   glGetObjectLabel(GL_BUFFER, buf, sizeof(text), &len, text);
   assert_int_equal(len, 0);
   assert_int_equal(glGetError(), GL_NO_ERROR);

   glObjectLabel(GL_TEXTURE_2D, 1, -1, "x");
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glGetObjectLabel(GL_BUFFER, buf, -1, &len, text);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   GLint max = 0;
   glGetIntegerv(GL_MAX_LABEL_LENGTH, &max);
   glObjectLabel(GL_BUFFER, buf, max, "x");
   assert_int_equal(glGetError(), GL_INVALID_VALUE);

   GLsync sync = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
   glObjectPtrLabel(sync, -1, "fence");
   glGetObjectPtrLabel(sync, sizeof(text), &len, text);
   assert_string_equal(text, "fence");
   glDeleteSync(sync);
   glObjectPtrLabel((void *)&len, -1, "x");
   assert_int_equal(glGetError(), GL_INVALID_VALUE);

   glBindVertexArray(0);
   glDeleteVertexArrays(1, &vao);
   glDeleteBuffers(1, &buf);
   glGetDebugMessageLog(100, 0, NULL, NULL, NULL, NULL, NULL, NULL);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(callback_receives_errors),
      cmocka_unit_test(log_without_callback),
      cmocka_unit_test(filters),
      cmocka_unit_test(groups),
      cmocka_unit_test(labels),
   };
   return cmocka_run_group_tests(tests, setup_debug, teardown);
}
