/* SPDX-License-Identifier: MIT */

/*
 * Shader and program objects: compile and link results and logs, object
 * lifetimes (deferred deletion), attach rules, attribute and fragment
 * data locations, program queries, transform feedback varyings,
 * geometry shader queries, the ARB_shader_objects entry points and the
 * ES-only entry points, with the errors the specification gives.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "st_test_util.h"

#define VS_330        \
   "#version 330\n"   \
   "in vec4 pos;\n"   \
   "in vec2 uv;\n"    \
   "out vec2 v_uv;\n" \
   "void main() { gl_Position = pos; v_uv = uv; }\n"
#define FS_330       \
   "#version 330\n"  \
   "in vec2 v_uv;\n" \
   "out vec4 c;\n"   \
   "void main() { c = vec4(v_uv, 0.0, 1.0); }\n"

static int
core_setup(void **state)
{
   *state = st_test_context_create(ST_API_OPENGL, 3, 3, ST_PROFILE_CORE, false);
   return *state ? 0 : -1;
}

static int
compat_setup(void **state)
{
   *state =
      st_test_context_create(ST_API_OPENGL, 0, 0, ST_PROFILE_COMPAT, false);
   return *state ? 0 : -1;
}

static int
es_setup(void **state)
{
   *state =
      st_test_context_create(ST_API_OPENGL_ES, 3, 0, ST_PROFILE_CORE, false);
   return *state ? 0 : -1;
}

static int
teardown(void **state)
{
   st_test_context_destroy(*state);
   return 0;
}

static GLuint
shader(GLenum type, const char *src)
{
   GLuint sh = glCreateShader(type);
   glShaderSource(sh, 1, &src, NULL);
   glCompileShader(sh);
   return sh;
}

/* Links @p vs and @p fs into @p prog (created if 0); returns the
 * program. */
static GLuint
link(GLuint prog, const char *vs, const char *fs)
{
   if (!prog)
      prog = glCreateProgram();
   GLuint v = shader(GL_VERTEX_SHADER, vs);
   GLuint f = shader(GL_FRAGMENT_SHADER, fs);
   glAttachShader(prog, v);
   glAttachShader(prog, f);
   glLinkProgram(prog);
   glDetachShader(prog, v);
   glDetachShader(prog, f);
   glDeleteShader(v);
   glDeleteShader(f);
   return prog;
}

static GLint
program_int(GLuint prog, GLenum pname)
{
   GLint v = -12345;
   glGetProgramiv(prog, pname, &v);
   return v;
}

static GLint
shader_int(GLuint sh, GLenum pname)
{
   GLint v = -12345;
   glGetShaderiv(sh, pname, &v);
   return v;
}

static void
compile_error_log(void **state)
{
   GLuint sh = shader(GL_FRAGMENT_SHADER, "#version 330\n"
                                          "out vec4 c;\n"
                                          "void main() { c = undefined_x; }\n");
   assert_int_equal(shader_int(sh, GL_COMPILE_STATUS), GL_FALSE);
   GLint len = shader_int(sh, GL_INFO_LOG_LENGTH);
   assert_true(len > 1);
   char log[1024] = "";
   GLsizei written = -1;
   glGetShaderInfoLog(sh, sizeof(log), &written, log);
   assert_int_equal(written, len - 1);
   assert_non_null(strstr(log, "0:3("));
   assert_non_null(strstr(log, "error"));
   /* A short buffer gets a truncated, terminated log. */
   char small[5];
   glGetShaderInfoLog(sh, sizeof(small), &written, small);
   assert_int_equal(written, 4);
   assert_int_equal(strlen(small), 4);
   glDeleteShader(sh);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
shader_source_rules(void **state)
{
   GLuint sh = glCreateShader(GL_VERTEX_SHADER);
   assert_int_equal(shader_int(sh, GL_SHADER_TYPE), GL_VERTEX_SHADER);
   assert_int_equal(shader_int(sh, GL_SHADER_SOURCE_LENGTH), 0);
   assert_int_equal(shader_int(sh, GL_COMPILE_STATUS), GL_FALSE);
   /* Explicit lengths cut strings; negative ones mean NUL-terminated. */
   const char *parts[] = { "abcXXX", "def", "ghi" };
   const GLint lengths[] = { 3, -1, 2 };
   glShaderSource(sh, 3, parts, lengths);
   assert_int_equal(shader_int(sh, GL_SHADER_SOURCE_LENGTH), 9);
   char src[32];
   GLsizei n = 0;
   glGetShaderSource(sh, sizeof(src), &n, src);
   assert_string_equal(src, "abcdefgh");
   assert_int_equal(n, 8);
   assert_int_equal(glGetError(), GL_NO_ERROR);

   glShaderSource(sh, -1, parts, NULL);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   const char *with_null[] = { "a", NULL };
   glShaderSource(sh, 2, with_null, NULL);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   /* The failed calls changed nothing. */
   assert_int_equal(shader_int(sh, GL_SHADER_SOURCE_LENGTH), 9);
   /* No log yet: length 0 and an empty string. */
   char log[8] = "x";
   GLsizei log_len = -1;
   glGetShaderInfoLog(sh, sizeof(log), &log_len, log);
   assert_int_equal(log_len, 0);
   assert_string_equal(log, "");
   assert_int_equal(shader_int(sh, GL_INFO_LOG_LENGTH), 0);
   glGetShaderSource(sh, -1, &n, src);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glDeleteShader(sh);
}

static void
object_kind_errors(void **state)
{
   GLuint sh = glCreateShader(GL_VERTEX_SHADER);
   GLuint prog = glCreateProgram();
   assert_true(sh && prog && sh != prog);
   assert_true(glIsShader(sh));
   assert_false(glIsShader(prog));
   assert_true(glIsProgram(prog));
   assert_false(glIsProgram(sh));

   glCreateShader(GL_TEXTURE_2D);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glCompileShader(prog);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glCompileShader(sh + prog + 100);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glLinkProgram(sh);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glGetShaderiv(sh, GL_LINK_STATUS, NULL);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glGetProgramiv(prog, GL_COMPILE_STATUS, NULL);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);

   glAttachShader(prog, sh);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   glAttachShader(prog, sh);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glAttachShader(prog, prog);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glAttachShader(sh, sh);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glDetachShader(prog, sh);
   glDetachShader(prog, sh);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);

   /* Deleting name 0 is silently ignored. */
   glDeleteShader(0);
   glDeleteProgram(0);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   glDeleteShader(prog);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glDeleteShader(sh);
   glDeleteProgram(prog);
   assert_false(glIsShader(sh));
   assert_false(glIsProgram(prog));
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
deferred_deletion(void **state)
{
   GLuint prog = link(0, VS_330, FS_330);
   assert_int_equal(program_int(prog, GL_LINK_STATUS), GL_TRUE);
   GLuint sh = shader(GL_VERTEX_SHADER, VS_330);
   glAttachShader(prog, sh);
   glDeleteShader(sh);
   /* Flagged, still a shader while attached. */
   assert_true(glIsShader(sh));
   assert_int_equal(shader_int(sh, GL_DELETE_STATUS), GL_TRUE);
   GLuint attached[4] = { 0 };
   GLsizei count = 0;
   glGetAttachedShaders(prog, 4, &count, attached);
   assert_int_equal(count, 1);
   assert_int_equal(attached[0], sh);

   glUseProgram(prog);
   glDeleteProgram(prog);
   assert_true(glIsProgram(prog));
   assert_int_equal(program_int(prog, GL_DELETE_STATUS), GL_TRUE);
   GLint cur = 0;
   glGetIntegerv(GL_CURRENT_PROGRAM, &cur);
   assert_int_equal(cur, prog);
   assert_true(glIsShader(sh));

   glUseProgram(0);
   assert_false(glIsProgram(prog));
   /* The program's deletion detached (and so deleted) the shader. */
   assert_false(glIsShader(sh));
   glGetIntegerv(GL_CURRENT_PROGRAM, &cur);
   assert_int_equal(cur, 0);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
link_error_and_use(void **state)
{
   /* The fragment shader reads a varying nobody writes. */
   GLuint prog = link(0, VS_330,
                      "#version 330\nin vec3 missing;\nout vec4 c;\n"
                      "void main() { c = vec4(missing, 1.0); }\n");
   assert_int_equal(program_int(prog, GL_LINK_STATUS), GL_FALSE);
   assert_true(program_int(prog, GL_INFO_LOG_LENGTH) > 1);
   char log[512] = "";
   glGetProgramInfoLog(prog, sizeof(log), NULL, log);
   assert_non_null(strstr(log, "error"));
   assert_int_equal(glGetError(), GL_NO_ERROR);
   glUseProgram(prog);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glGetUniformLocation(prog, "x");
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glGetAttribLocation(prog, "pos");
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   assert_int_equal(program_int(prog, GL_ACTIVE_UNIFORMS), 0);

   /* A shader that did not compile fails the link. */
   GLuint p2 = glCreateProgram();
   GLuint bad = shader(GL_VERTEX_SHADER, "#version 330\nvoid main() { x; }\n");
   glAttachShader(p2, bad);
   glLinkProgram(p2);
   assert_int_equal(program_int(p2, GL_LINK_STATUS), GL_FALSE);
   glDeleteShader(bad);
   glDeleteProgram(p2);
   glDeleteProgram(prog);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
failed_relink_keeps_executable(void **state)
{
   GLuint prog = link(0, VS_330,
                      "#version 330\nuniform vec4 col;\nout vec4 c;\n"
                      "void main() { c = col; }\n");
   assert_int_equal(program_int(prog, GL_LINK_STATUS), GL_TRUE);
   GLint loc = glGetUniformLocation(prog, "col");
   assert_true(loc >= 0);
   glUseProgram(prog);
   link(prog, VS_330, "#version 330\nvoid main() { broken }\n");
   assert_int_equal(program_int(prog, GL_LINK_STATUS), GL_FALSE);
   GLint cur = 0;
   glGetIntegerv(GL_CURRENT_PROGRAM, &cur);
   assert_int_equal(cur, prog);
   /* Uniforms still go to the executable in use. */
   glUniform4f(loc, 1, 2, 3, 4);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   /* ...but the program itself has no executable to query. */
   GLfloat v[4];
   glGetUniformfv(prog, loc, v);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glUseProgram(0);
   glDeleteProgram(prog);
}

static void
attribute_locations(void **state)
{
   GLuint prog = glCreateProgram();
   glBindAttribLocation(prog, 5, "uv");
   glBindAttribLocation(prog, 3, "pos");
   assert_int_equal(glGetError(), GL_NO_ERROR);
   glBindAttribLocation(prog, 1, "gl_Vertex");
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   GLint max = 0;
   glGetIntegerv(GL_MAX_VERTEX_ATTRIBS, &max);
   assert_true(max >= 16);
   glBindAttribLocation(prog, (GLuint)max, "uv");
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   link(prog, VS_330, FS_330);
   assert_int_equal(program_int(prog, GL_LINK_STATUS), GL_TRUE);
   assert_int_equal(glGetAttribLocation(prog, "uv"), 5);
   assert_int_equal(glGetAttribLocation(prog, "pos"), 3);
   assert_int_equal(glGetAttribLocation(prog, "nope"), -1);
   assert_int_equal(glGetAttribLocation(prog, "gl_VertexID"), -1);

   assert_int_equal(program_int(prog, GL_ACTIVE_ATTRIBUTES), 2);
   assert_int_equal(program_int(prog, GL_ACTIVE_ATTRIBUTE_MAX_LENGTH), 4);
   bool seen_uv = false;
   for (GLuint i = 0; i < 2; i++) {
      char name[16];
      GLint size = 0;
      GLenum type = 0;
      glGetActiveAttrib(prog, i, sizeof(name), NULL, &size, &type, name);
      assert_int_equal(size, 1);
      if (strcmp(name, "uv") == 0) {
         seen_uv = true;
         assert_int_equal(type, GL_FLOAT_VEC2);
      } else {
         assert_string_equal(name, "pos");
         assert_int_equal(type, GL_FLOAT_VEC4);
      }
   }
   assert_true(seen_uv);
   glGetActiveAttrib(prog, 2, 16, NULL, NULL, NULL, NULL);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glDeleteProgram(prog);
}

static void
frag_data_locations(void **state)
{
   GLuint prog = glCreateProgram();
   glBindFragDataLocation(prog, 2, "c");
   glBindFragDataLocation(prog, 0, "gl_FragColor");
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glBindFragDataLocationIndexed(prog, 1, 1, "c");
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glBindFragDataLocationIndexed(prog, 0, 2, "c");
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   link(prog, VS_330, FS_330);
   assert_int_equal(program_int(prog, GL_LINK_STATUS), GL_TRUE);
   assert_int_equal(glGetFragDataLocation(prog, "c"), 2);
   assert_int_equal(glGetFragDataIndex(prog, "c"), 0);
   assert_int_equal(glGetFragDataLocation(prog, "d"), -1);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   glDeleteProgram(prog);
}

static void
program_queries(void **state)
{
   GLuint prog = link(0,
                      "#version 330\nin vec4 pos;\nuniform mat4 mvp;\n"
                      "void main() { gl_Position = mvp * pos; }\n",
                      "#version 330\nuniform vec4 colour_value;\n"
                      "out vec4 c;\nvoid main() { c = colour_value; }\n");
   assert_int_equal(program_int(prog, GL_LINK_STATUS), GL_TRUE);
   assert_int_equal(program_int(prog, GL_ACTIVE_UNIFORMS), 2);
   assert_int_equal(program_int(prog, GL_ACTIVE_UNIFORM_MAX_LENGTH),
                    (GLint)sizeof("colour_value"));
   assert_int_equal(program_int(prog, GL_ATTACHED_SHADERS), 0);
   assert_int_equal(program_int(prog, GL_DELETE_STATUS), GL_FALSE);
   assert_int_equal(program_int(prog, GL_ACTIVE_UNIFORM_BLOCKS), 0);
   assert_int_equal(program_int(prog, GL_TRANSFORM_FEEDBACK_BUFFER_MODE),
                    GL_INTERLEAVED_ATTRIBS);
   assert_int_equal(program_int(prog, GL_VALIDATE_STATUS), GL_FALSE);
   glValidateProgram(prog);
   assert_int_equal(program_int(prog, GL_VALIDATE_STATUS), GL_TRUE);
   /* No geometry shader: its queries are INVALID_OPERATION. */
   GLint v = 0;
   glGetProgramiv(prog, GL_GEOMETRY_VERTICES_OUT, &v);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glGetProgramiv(prog, GL_TEXTURE_2D, &v);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glGetAttachedShaders(prog, -1, NULL, NULL);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glGetProgramInfoLog(prog, -1, NULL, NULL);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glDeleteProgram(prog);
}

static void
geometry_shader_queries(void **state)
{
   GLuint prog = glCreateProgram();
   GLuint v = shader(GL_VERTEX_SHADER, "#version 330\nin vec4 pos;\n"
                                       "void main() { gl_Position = pos; }\n");
   GLuint g =
      shader(GL_GEOMETRY_SHADER, "#version 330\nlayout(triangles) in;\n"
                                 "layout(line_strip, max_vertices = 4) out;\n"
                                 "void main() {\n"
                                 "   for (int i = 0; i < 3; i++) {\n"
                                 "      gl_Position = gl_in[i].gl_Position;\n"
                                 "      EmitVertex();\n"
                                 "   }\n"
                                 "}\n");
   GLuint f = shader(GL_FRAGMENT_SHADER, "#version 330\nout vec4 c;\n"
                                         "void main() { c = vec4(1.0); }\n");
   assert_int_equal(shader_int(g, GL_COMPILE_STATUS), GL_TRUE);
   glAttachShader(prog, v);
   glAttachShader(prog, g);
   glAttachShader(prog, f);
   glLinkProgram(prog);
   assert_int_equal(program_int(prog, GL_LINK_STATUS), GL_TRUE);
   assert_int_equal(program_int(prog, GL_GEOMETRY_VERTICES_OUT), 4);
   assert_int_equal(program_int(prog, GL_GEOMETRY_INPUT_TYPE), GL_TRIANGLES);
   assert_int_equal(program_int(prog, GL_GEOMETRY_OUTPUT_TYPE), GL_LINE_STRIP);
   assert_int_equal(program_int(prog, GL_ATTACHED_SHADERS), 3);
   glDeleteShader(v);
   glDeleteShader(g);
   glDeleteShader(f);
   glDeleteProgram(prog);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
transform_feedback_varyings(void **state)
{
   GLuint prog = glCreateProgram();
   const char *names[] = { "v_uv", "gl_Position" };
   glTransformFeedbackVaryings(prog, 2, names, GL_TEXTURE_2D);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glTransformFeedbackVaryings(prog, -1, names, GL_SEPARATE_ATTRIBS);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glTransformFeedbackVaryings(prog, 2, names, GL_SEPARATE_ATTRIBS);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   link(prog, VS_330, FS_330);
   assert_int_equal(program_int(prog, GL_LINK_STATUS), GL_TRUE);
   assert_int_equal(program_int(prog, GL_TRANSFORM_FEEDBACK_VARYINGS), 2);
   assert_int_equal(program_int(prog, GL_TRANSFORM_FEEDBACK_BUFFER_MODE),
                    GL_SEPARATE_ATTRIBS);
   assert_int_equal(program_int(prog, GL_TRANSFORM_FEEDBACK_VARYING_MAX_LENGTH),
                    (GLint)sizeof("gl_Position"));
   char name[32];
   GLsizei size = 0;
   GLenum type = 0;
   glGetTransformFeedbackVarying(prog, 0, sizeof(name), NULL, &size, &type,
                                 name);
   assert_string_equal(name, "v_uv");
   assert_int_equal(size, 1);
   assert_int_equal(type, GL_FLOAT_VEC2);
   glGetTransformFeedbackVarying(prog, 1, sizeof(name), NULL, &size, &type,
                                 name);
   assert_string_equal(name, "gl_Position");
   assert_int_equal(type, GL_FLOAT_VEC4);
   glGetTransformFeedbackVarying(prog, 2, sizeof(name), NULL, &size, &type,
                                 name);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glDeleteProgram(prog);
}

/* GL_ARB_shader_objects through the aliases and its own entry points. */
static void
arb_shader_objects(void **state)
{
   GLhandleARB vs = glCreateShaderObjectARB(GL_VERTEX_SHADER_ARB);
   GLhandleARB fs = glCreateShaderObjectARB(GL_FRAGMENT_SHADER_ARB);
   GLhandleARB prog = glCreateProgramObjectARB();
   const GLcharARB *vsrc = "#version 110\nvoid main() { gl_Position = "
                           "gl_ModelViewProjectionMatrix * gl_Vertex; }\n";
   const GLcharARB *fsrc =
      "#version 110\nvoid main() { gl_FragColor = gl_Color; }\n";
   glShaderSourceARB(vs, 1, &vsrc, NULL);
   glShaderSourceARB(fs, 1, &fsrc, NULL);
   glCompileShaderARB(vs);
   glCompileShaderARB(fs);
   GLint v = 0;
   glGetObjectParameterivARB(vs, GL_OBJECT_COMPILE_STATUS_ARB, &v);
   assert_int_equal(v, GL_TRUE);
   glGetObjectParameterivARB(vs, GL_OBJECT_TYPE_ARB, &v);
   assert_int_equal(v, GL_SHADER_OBJECT_ARB);
   glGetObjectParameterivARB(fs, GL_OBJECT_SUBTYPE_ARB, &v);
   assert_int_equal(v, GL_FRAGMENT_SHADER_ARB);
   glAttachObjectARB(prog, vs);
   glAttachObjectARB(prog, fs);
   glLinkProgramARB(prog);
   GLfloat f = 0;
   glGetObjectParameterfvARB(prog, GL_OBJECT_LINK_STATUS_ARB, &f);
   assert_true(f == 1.0f);
   glGetObjectParameterivARB(prog, GL_OBJECT_TYPE_ARB, &v);
   assert_int_equal(v, GL_PROGRAM_OBJECT_ARB);
   glGetObjectParameterivARB(prog, GL_OBJECT_ATTACHED_OBJECTS_ARB, &v);
   assert_int_equal(v, 2);
   GLhandleARB objs[4];
   GLsizei count = 0;
   glGetAttachedObjectsARB(prog, 4, &count, objs);
   assert_int_equal(count, 2);
   assert_int_equal(objs[0], vs);

   glUseProgramObjectARB(prog);
   assert_int_equal(glGetHandleARB(GL_PROGRAM_OBJECT_ARB), prog);
   glGetHandleARB(GL_TEXTURE_2D);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);

   char log[64];
   GLsizei len = -1;
   glGetInfoLogARB(vs, sizeof(log), &len, log);
   assert_int_equal(len, 0);
   assert_int_equal(glGetError(), GL_NO_ERROR);

   glDeleteObjectARB(vs);
   glDeleteObjectARB(fs);
   glUseProgramObjectARB(0);
   glDeleteObjectARB(prog);
   assert_false(glIsProgram(prog));
   assert_false(glIsShader(vs));
   glDeleteObjectARB(12345);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
}

/* #extension names what the context advertises. */
static void
compat_extension_directive(void **state)
{
   GLuint prog = link(0,
                      "#version 130\n"
                      "#extension GL_ARB_explicit_attrib_location : require\n"
                      "layout(location = 6) in vec4 pos;\n"
                      "void main() { gl_Position = pos; }\n",
                      "#version 130\nout vec4 c;\n"
                      "void main() { c = vec4(1.0); }\n");
   assert_int_equal(program_int(prog, GL_LINK_STATUS), GL_TRUE);
   assert_int_equal(glGetAttribLocation(prog, "pos"), 6);
   glDeleteProgram(prog);
}

/* A program without shaders: fixed-function in the compatibility
 * profile (GL 2.1, 2.15), a link error in core (GL 4.5, 7.3). */
static void
empty_program_compat(void **state)
{
   GLuint prog = glCreateProgram();
   glLinkProgram(prog);
   assert_int_equal(program_int(prog, GL_LINK_STATUS), GL_TRUE);
   glUseProgram(prog);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   glUseProgram(0);
   glDeleteProgram(prog);
}

static void
empty_program_core(void **state)
{
   GLuint prog = glCreateProgram();
   glLinkProgram(prog);
   assert_int_equal(program_int(prog, GL_LINK_STATUS), GL_FALSE);
   glUseProgram(prog);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glDeleteProgram(prog);
}

static void
compat_has_no_geometry_shaders(void **state)
{
   /* The compatibility context is GL 3.0: geometry shaders are 3.2. */
   assert_int_equal(glCreateShader(GL_GEOMETRY_SHADER), 0);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
}

static void
es_entry_points(void **state)
{
   GLint range[2] = { 0, 0 }, precision = -1;
   glGetShaderPrecisionFormat(GL_FRAGMENT_SHADER, GL_HIGH_FLOAT, range,
                              &precision);
   assert_int_equal(range[0], 127);
   assert_int_equal(range[1], 127);
   assert_int_equal(precision, 23);
   glGetShaderPrecisionFormat(GL_FRAGMENT_SHADER, GL_MEDIUM_INT, range,
                              &precision);
   assert_int_equal(range[0], 31);
   assert_int_equal(precision, 0);
   glGetShaderPrecisionFormat(GL_GEOMETRY_SHADER, GL_HIGH_FLOAT, range,
                              &precision);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);

   GLint n = -1;
   glGetIntegerv(GL_NUM_SHADER_BINARY_FORMATS, &n);
   assert_int_equal(n, 0);
   GLboolean compiler = GL_FALSE;
   glGetBooleanv(GL_SHADER_COMPILER, &compiler);
   assert_int_equal(compiler, GL_TRUE);
   GLuint sh = glCreateShader(GL_VERTEX_SHADER);
   glShaderBinary(1, &sh, 0x1234, "x", 1);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glReleaseShaderCompiler();
   assert_int_equal(glGetError(), GL_NO_ERROR);

   /* A desktop-only extension is not there for ES shaders. */
   GLuint rect = shader(GL_FRAGMENT_SHADER,
                        "#version 300 es\n"
                        "#extension GL_ARB_texture_rectangle : require\n"
                        "precision mediump float;\nout vec4 c;\n"
                        "void main() { c = vec4(1.0); }\n");
   assert_int_equal(shader_int(rect, GL_COMPILE_STATUS), GL_FALSE);
   glDeleteShader(rect);

   /* ES 3.00 shaders compile and link; geometry shaders do not exist. */
   GLuint prog = link(0,
                      "#version 300 es\nin vec4 pos;\n"
                      "void main() { gl_Position = pos; }\n",
                      "#version 300 es\nprecision mediump float;\n"
                      "out vec4 c;\nvoid main() { c = vec4(1.0); }\n");
   assert_int_equal(program_int(prog, GL_LINK_STATUS), GL_TRUE);
   assert_int_equal(program_int(prog, GL_PROGRAM_BINARY_LENGTH), 0);
   glCreateShader(GL_GEOMETRY_SHADER);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glProgramParameteri(prog, GL_PROGRAM_BINARY_RETRIEVABLE_HINT, 2);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glProgramParameteri(prog, GL_PROGRAM_BINARY_RETRIEVABLE_HINT, GL_TRUE);
   assert_int_equal(program_int(prog, GL_PROGRAM_BINARY_RETRIEVABLE_HINT),
                    GL_TRUE);
   glProgramBinary(prog, 0x1234, "x", 1);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glDeleteShader(sh);
   glDeleteProgram(prog);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(compile_error_log, core_setup, teardown),
      cmocka_unit_test_setup_teardown(shader_source_rules, core_setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(object_kind_errors, core_setup, teardown),
      cmocka_unit_test_setup_teardown(deferred_deletion, core_setup, teardown),
      cmocka_unit_test_setup_teardown(link_error_and_use, core_setup, teardown),
      cmocka_unit_test_setup_teardown(failed_relink_keeps_executable,
                                      core_setup, teardown),
      cmocka_unit_test_setup_teardown(attribute_locations, core_setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(frag_data_locations, core_setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(program_queries, core_setup, teardown),
      cmocka_unit_test_setup_teardown(geometry_shader_queries, core_setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(transform_feedback_varyings, core_setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(arb_shader_objects, compat_setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(empty_program_core, core_setup, teardown),
      cmocka_unit_test_setup_teardown(empty_program_compat, compat_setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(compat_extension_directive, compat_setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(compat_has_no_geometry_shaders,
                                      compat_setup, teardown),
      cmocka_unit_test_setup_teardown(es_entry_points, es_setup, teardown),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
