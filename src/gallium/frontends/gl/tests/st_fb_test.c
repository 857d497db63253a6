/* SPDX-License-Identifier: MIT */

/*
 * Framebuffer objects and renderbuffers: names and binding, every
 * completeness status glCheckFramebufferStatus can give here, attachment
 * and renderbuffer queries, glDrawBuffer[s] / glReadBuffer and their
 * errors, the framebuffer glGet values, texture attachments rendered to
 * and read back, and the default framebuffer of a surfaceless context.
 */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "st_test_util.h"

#define SIZE 16

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
setup_es3(void **state)
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

/** A renderbuffer of @p format, attached to @p attachment of the bound
 * draw framebuffer. */
static GLuint
attach_rb(GLenum attachment, GLenum format, GLsizei w, GLsizei h)
{
   GLuint rb;
   glGenRenderbuffers(1, &rb);
   glBindRenderbuffer(GL_RENDERBUFFER, rb);
   glRenderbufferStorage(GL_RENDERBUFFER, format, w, h);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, attachment, GL_RENDERBUFFER, rb);
   return rb;
}

static GLuint
new_fbo(void)
{
   GLuint fbo;
   glGenFramebuffers(1, &fbo);
   glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   return fbo;
}

static void
names_and_binding(void **state)
{
   GLuint fbo[2];
   glGenFramebuffers(2, fbo);
   assert_int_not_equal(fbo[0], 0);
   assert_int_not_equal(fbo[0], fbo[1]);
   /* A generated name is no framebuffer until bound. */
   assert_false(glIsFramebuffer(fbo[0]));
   glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo[0]);
   glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo[1]);
   assert_true(glIsFramebuffer(fbo[0]));
   GLint v = -1;
   glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &v);
   assert_int_equal(v, fbo[0]);
   glGetIntegerv(GL_READ_FRAMEBUFFER_BINDING, &v);
   assert_int_equal(v, fbo[1]);
   assert_int_equal(glGetError(), GL_NO_ERROR);

   /* Core: names must come from glGenFramebuffers. */
   glBindFramebuffer(GL_FRAMEBUFFER, 1234);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glBindFramebuffer(GL_TEXTURE_2D, fbo[0]);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glGenFramebuffers(-1, fbo);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);

   /* Deleting bound framebuffers binds 0. */
   glDeleteFramebuffers(2, fbo);
   glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &v);
   assert_int_equal(v, 0);
   glGetIntegerv(GL_READ_FRAMEBUFFER_BINDING, &v);
   assert_int_equal(v, 0);
   assert_false(glIsFramebuffer(fbo[0]));
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
compat_any_name(void **state)
{
   /* The compatibility profile creates objects for any name. */
   glBindFramebuffer(GL_FRAMEBUFFER, 77);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   assert_true(glIsFramebuffer(77));
   glBindRenderbuffer(GL_RENDERBUFFER, 78);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   assert_true(glIsRenderbuffer(78));
   /* EXT_framebuffer_object's bind. */
   glBindFramebufferEXT(GL_FRAMEBUFFER, 79);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   assert_true(glIsFramebuffer(79));
}

static void
renderbuffer_queries(void **state)
{
   GLuint rb;
   glGenRenderbuffers(1, &rb);
   assert_false(glIsRenderbuffer(rb));
   glBindRenderbuffer(GL_RENDERBUFFER, rb);
   assert_true(glIsRenderbuffer(rb));
   glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 10, 7);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   GLint v = 0;
   glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_WIDTH, &v);
   assert_int_equal(v, 10);
   glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_HEIGHT, &v);
   assert_int_equal(v, 7);
   glGetRenderbufferParameteriv(GL_RENDERBUFFER,
                                GL_RENDERBUFFER_INTERNAL_FORMAT, &v);
   assert_int_equal(v, GL_RGBA8);
   glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_RED_SIZE, &v);
   assert_int_equal(v, 8);
   glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_DEPTH_SIZE,
                                &v);
   assert_int_equal(v, 0);
   glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_SAMPLES, &v);
   assert_int_equal(v, 0);

   glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH24_STENCIL8, 4, 4);
   glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_DEPTH_SIZE,
                                &v);
   assert_int_equal(v, 24);
   glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_STENCIL_SIZE,
                                &v);
   assert_int_equal(v, 8);

   /* Multisampled storage gets at least the samples asked for. */
   GLint max_samples = 0;
   glGetIntegerv(GL_MAX_SAMPLES, &max_samples);
   if (max_samples > 1) {
      glRenderbufferStorageMultisample(GL_RENDERBUFFER, 2, GL_RGBA8, 4, 4);
      assert_int_equal(glGetError(), GL_NO_ERROR);
      glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_SAMPLES,
                                   &v);
      assert_true(v >= 2 && v <= max_samples);
   }
   glRenderbufferStorageMultisample(GL_RENDERBUFFER, max_samples + 1, GL_RGBA8,
                                    4, 4);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);

   /* Errors change nothing. */
   glRenderbufferStorage(GL_RENDERBUFFER, GL_RGB9_E5, 4, 4);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glRenderbufferStorage(GL_RENDERBUFFER, GL_COMPRESSED_RGBA_S3TC_DXT1_EXT, 4,
                         4);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glRenderbufferStorage(GL_TEXTURE_2D, GL_RGBA8, 4, 4);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, -1, 4);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   GLint max_size = 0;
   glGetIntegerv(GL_MAX_RENDERBUFFER_SIZE, &max_size);
   assert_true(max_size >= 1024);
   glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, max_size + 1, 4);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glGetRenderbufferParameteriv(GL_RENDERBUFFER,
                                GL_RENDERBUFFER_INTERNAL_FORMAT, &v);
   assert_int_equal(v, GL_RGBA8);
   glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_TEXTURE_WIDTH, &v);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);

   glGetIntegerv(GL_RENDERBUFFER_BINDING, &v);
   assert_int_equal(v, rb);
   glDeleteRenderbuffers(1, &rb);
   glGetIntegerv(GL_RENDERBUFFER_BINDING, &v);
   assert_int_equal(v, 0);
   glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 4, 4);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glBindRenderbuffer(GL_RENDERBUFFER, 999);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
}

static void
status_complete_and_missing(void **state)
{
   /* Surfaceless: the default framebuffer does not exist. */
   assert_int_equal(glCheckFramebufferStatus(GL_FRAMEBUFFER),
                    GL_FRAMEBUFFER_UNDEFINED);
   new_fbo();
   assert_int_equal(glCheckFramebufferStatus(GL_FRAMEBUFFER),
                    GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT);
   attach_rb(GL_COLOR_ATTACHMENT0, GL_RGBA8, SIZE, SIZE);
   assert_int_equal(glCheckFramebufferStatus(GL_FRAMEBUFFER),
                    GL_FRAMEBUFFER_COMPLETE);
   attach_rb(GL_DEPTH_STENCIL_ATTACHMENT, GL_DEPTH24_STENCIL8, SIZE, SIZE);
   assert_int_equal(glCheckFramebufferStatus(GL_FRAMEBUFFER),
                    GL_FRAMEBUFFER_COMPLETE);
   assert_int_equal(glCheckFramebufferStatus(GL_READ_FRAMEBUFFER),
                    GL_FRAMEBUFFER_COMPLETE);
   assert_int_equal(glCheckFramebufferStatus(GL_RENDERBUFFER), 0);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
}

static void
status_incomplete_attachment(void **state)
{
   new_fbo();
   /* A depth format on a colour point, a colour format on the depth
    * point, an empty renderbuffer. */
   GLuint rb =
      attach_rb(GL_COLOR_ATTACHMENT0, GL_DEPTH_COMPONENT24, SIZE, SIZE);
   assert_int_equal(glCheckFramebufferStatus(GL_FRAMEBUFFER),
                    GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT);
   glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, SIZE, SIZE);
   assert_int_equal(glCheckFramebufferStatus(GL_FRAMEBUFFER),
                    GL_FRAMEBUFFER_COMPLETE);
   attach_rb(GL_DEPTH_ATTACHMENT, GL_RGBA8, SIZE, SIZE);
   assert_int_equal(glCheckFramebufferStatus(GL_FRAMEBUFFER),
                    GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT);
   attach_rb(GL_DEPTH_ATTACHMENT, GL_DEPTH_COMPONENT24, SIZE, SIZE);
   assert_int_equal(glCheckFramebufferStatus(GL_FRAMEBUFFER),
                    GL_FRAMEBUFFER_COMPLETE);
   attach_rb(GL_STENCIL_ATTACHMENT, GL_DEPTH_COMPONENT24, SIZE, SIZE);
   assert_int_equal(glCheckFramebufferStatus(GL_FRAMEBUFFER),
                    GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_STENCIL_ATTACHMENT,
                             GL_RENDERBUFFER, 0);
   GLuint empty;
   glGenRenderbuffers(1, &empty);
   glBindRenderbuffer(GL_RENDERBUFFER, empty);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1,
                             GL_RENDERBUFFER, empty);
   assert_int_equal(glCheckFramebufferStatus(GL_FRAMEBUFFER),
                    GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT);
   (void)rb;
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
status_draw_read_buffer(void **state)
{
   /* GL_ARB_ES2_compatibility (as GL 4.1) drops GL 3.3's
    * INCOMPLETE_DRAW_BUFFER and INCOMPLETE_READ_BUFFER: a draw buffer
    * naming an empty point is discarded, reading from one is
    * GL_INVALID_OPERATION. */
   new_fbo();
   attach_rb(GL_COLOR_ATTACHMENT1, GL_RGBA8, SIZE, SIZE);
   assert_int_equal(glCheckFramebufferStatus(GL_FRAMEBUFFER),
                    GL_FRAMEBUFFER_COMPLETE);
   glClearColor(0.0f, 1.0f, 0.0f, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   uint8_t px[4] = { 1, 2, 3, 4 };
   glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   /* The clear drew nowhere: attachment 1 was no draw buffer. */
   glReadBuffer(GL_COLOR_ATTACHMENT1);
   glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   assert_int_equal(px[1], 0);
   glDrawBuffer(GL_COLOR_ATTACHMENT1);
   glClear(GL_COLOR_BUFFER_BIT);
   glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   assert_int_equal(px[1], 255);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
status_es_no_draw_buffer_rule(void **state)
{
   /* ES 3.0 has no INCOMPLETE_DRAW_BUFFER / READ_BUFFER. */
   new_fbo();
   attach_rb(GL_COLOR_ATTACHMENT1, GL_RGBA8, SIZE, SIZE);
   assert_int_equal(glCheckFramebufferStatus(GL_FRAMEBUFFER),
                    GL_FRAMEBUFFER_COMPLETE);
   /* No float colour rendering in ES 3.0. */
   GLuint rb;
   glGenRenderbuffers(1, &rb);
   glBindRenderbuffer(GL_RENDERBUFFER, rb);
   glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA32F, SIZE, SIZE);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT32, SIZE, SIZE);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   /* Mixed sizes are fine in ES 3.0. */
   attach_rb(GL_DEPTH_ATTACHMENT, GL_DEPTH_COMPONENT16, SIZE / 2, SIZE);
   assert_int_equal(glCheckFramebufferStatus(GL_FRAMEBUFFER),
                    GL_FRAMEBUFFER_COMPLETE);
   /* ES 3.0 glDrawBuffers: the ith buffer is COLOR_ATTACHMENTi or NONE. */
   GLenum bufs[2] = { GL_COLOR_ATTACHMENT1, GL_NONE };
   glDrawBuffers(2, bufs);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   bufs[0] = GL_NONE;
   bufs[1] = GL_COLOR_ATTACHMENT1;
   glDrawBuffers(2, bufs);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   GLint v = 0;
   glGetIntegerv(GL_DRAW_BUFFER1, &v);
   assert_int_equal(v, GL_COLOR_ATTACHMENT1);
}

static void
status_multisample_and_unsupported(void **state)
{
   GLint max_samples = 0;
   glGetIntegerv(GL_MAX_SAMPLES, &max_samples);
   new_fbo();
   attach_rb(GL_COLOR_ATTACHMENT0, GL_RGBA8, SIZE, SIZE);
   if (max_samples > 1) {
      GLuint rb;
      glGenRenderbuffers(1, &rb);
      glBindRenderbuffer(GL_RENDERBUFFER, rb);
      glRenderbufferStorageMultisample(GL_RENDERBUFFER, max_samples,
                                       GL_DEPTH24_STENCIL8, SIZE, SIZE);
      glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT,
                                GL_RENDERBUFFER, rb);
      assert_int_equal(glCheckFramebufferStatus(GL_FRAMEBUFFER),
                       GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE);
      glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT,
                                GL_RENDERBUFFER, 0);
   }
   /* Depth and stencil from different images: one depth/stencil surface
    * in the pipe interface. */
   attach_rb(GL_DEPTH_ATTACHMENT, GL_DEPTH24_STENCIL8, SIZE, SIZE);
   attach_rb(GL_STENCIL_ATTACHMENT, GL_DEPTH24_STENCIL8, SIZE, SIZE);
   assert_int_equal(glCheckFramebufferStatus(GL_FRAMEBUFFER),
                    GL_FRAMEBUFFER_UNSUPPORTED);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static GLuint
new_texture(GLenum target, GLenum format, GLsizei w, GLsizei h, GLsizei d)
{
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(target, tex);
   switch (target) {
   case GL_TEXTURE_2D:
      glTexImage2D(target, 0, (GLint)format, w, h, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                   NULL);
      break;
   case GL_TEXTURE_CUBE_MAP:
      for (unsigned f = 0; f < 6; f++)
         glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, 0, (GLint)format, w,
                      h, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
      break;
   default:
      glTexImage3D(target, 0, (GLint)format, w, h, d, 0, GL_RGBA,
                   GL_UNSIGNED_BYTE, NULL);
      break;
   }
   glTexParameteri(target, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   return tex;
}

static void
status_layers(void **state)
{
   new_fbo();
   GLuint arr = new_texture(GL_TEXTURE_2D_ARRAY, GL_RGBA8, SIZE, SIZE, 3);
   GLuint tex2d = new_texture(GL_TEXTURE_2D, GL_RGBA8, SIZE, SIZE, 1);
   /* A layer outside the texture. */
   glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, arr, 0, 5);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   assert_int_equal(glCheckFramebufferStatus(GL_FRAMEBUFFER),
                    GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT);
   glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, arr, 0, 2);
   assert_int_equal(glCheckFramebufferStatus(GL_FRAMEBUFFER),
                    GL_FRAMEBUFFER_COMPLETE);
   /* Layered and non-layered attachments mixed. */
   glFramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, arr, 0);
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_TEXTURE_2D,
                          tex2d, 0);
   GLenum bufs[2] = { GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1 };
   glDrawBuffers(2, bufs);
   assert_int_equal(glCheckFramebufferStatus(GL_FRAMEBUFFER),
                    GL_FRAMEBUFFER_INCOMPLETE_LAYER_TARGETS);
   GLint v = 0;
   glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                         GL_FRAMEBUFFER_ATTACHMENT_LAYERED, &v);
   assert_int_equal(v, GL_TRUE);
   assert_int_equal(glGetError(), GL_NO_ERROR);

   /* Attachment errors. */
   glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex2d, 0, 0);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, arr, 0, -1);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_3D,
                          tex2d, 0);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                          GL_TEXTURE_CUBE_MAP_POSITIVE_X, tex2d, 0);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D,
                          tex2d, -1);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D,
                          4321, 0);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0 + 8,
                          GL_TEXTURE_2D, tex2d, 0);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_FRONT, GL_TEXTURE_2D, tex2d, 0);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                             GL_RENDERBUFFER, 555);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D,
                          tex2d, 0);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
}

static void
status_multisample_textures(void **state)
{
   GLint max_samples = 0;
   glGetIntegerv(GL_MAX_SAMPLES, &max_samples);
   if (max_samples < 2)
      skip();
   new_fbo();
   GLuint tex[2];
   glGenTextures(2, tex);
   glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, tex[0]);
   glTexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, max_samples, GL_RGBA8,
                           SIZE, SIZE, GL_TRUE);
   glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, tex[1]);
   glTexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, max_samples, GL_RGBA8,
                           SIZE, SIZE, GL_FALSE);
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                          GL_TEXTURE_2D_MULTISAMPLE, tex[0], 0);
   assert_int_equal(glCheckFramebufferStatus(GL_FRAMEBUFFER),
                    GL_FRAMEBUFFER_COMPLETE);
   /* A multisampled renderbuffer with fixed-location textures: fine. */
   GLuint rb;
   glGenRenderbuffers(1, &rb);
   glBindRenderbuffer(GL_RENDERBUFFER, rb);
   glRenderbufferStorageMultisample(GL_RENDERBUFFER, max_samples,
                                    GL_DEPTH24_STENCIL8, SIZE, SIZE);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT,
                             GL_RENDERBUFFER, rb);
   assert_int_equal(glCheckFramebufferStatus(GL_FRAMEBUFFER),
                    GL_FRAMEBUFFER_COMPLETE);
   /* Textures that differ in fixed sample locations. */
   GLenum bufs[2] = { GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1 };
   glDrawBuffers(2, bufs);
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1,
                          GL_TEXTURE_2D_MULTISAMPLE, tex[1], 0);
   assert_int_equal(glCheckFramebufferStatus(GL_FRAMEBUFFER),
                    GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE);
   /* A renderbuffer with textures of unfixed locations. */
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                          GL_TEXTURE_2D_MULTISAMPLE, tex[1], 0);
   assert_int_equal(glCheckFramebufferStatus(GL_FRAMEBUFFER),
                    GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
texture_redefined(void **state)
{
   /* Redefining an attached texture image takes effect for the next
    * clear without re-attaching. */
   new_fbo();
   GLuint tex = new_texture(GL_TEXTURE_2D, GL_RGBA8, 4, 4, 1);
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D,
                          tex, 0);
   glClearColor(1, 0, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, SIZE, SIZE, 0, GL_RGBA,
                GL_UNSIGNED_BYTE, NULL);
   glClearColor(0, 1, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   static const GLfloat green[4] = { 0, 1, 0, 1 };
   assert_true(st_test_probe(SIZE - 1, SIZE - 1, green, 0));
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

/** glGetFramebufferAttachmentParameteriv on GL_FRAMEBUFFER. */
static GLint
query(GLenum attachment, GLenum pname)
{
   GLint v = -1;
   glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, attachment, pname, &v);
   return v;
}

static void
attachment_queries(void **state)
{
   new_fbo();
   GLuint rb =
      attach_rb(GL_DEPTH_STENCIL_ATTACHMENT, GL_DEPTH24_STENCIL8, SIZE, SIZE);
   GLuint cube = new_texture(GL_TEXTURE_CUBE_MAP, GL_RGBA8, SIZE, SIZE, 1);
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                          GL_TEXTURE_CUBE_MAP_NEGATIVE_Y, cube, 0);
   assert_int_equal(
      query(GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE),
      GL_TEXTURE);
   assert_int_equal(
      query(GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME), cube);
   assert_int_equal(query(GL_COLOR_ATTACHMENT0,
                          GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_CUBE_MAP_FACE),
                    GL_TEXTURE_CUBE_MAP_NEGATIVE_Y);
   assert_int_equal(
      query(GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LEVEL), 0);
   assert_int_equal(
      query(GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_LAYERED), GL_FALSE);
   assert_int_equal(
      query(GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_GREEN_SIZE), 8);
   assert_int_equal(
      query(GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_COMPONENT_TYPE),
      GL_UNSIGNED_NORMALIZED);
   assert_int_equal(
      query(GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_COLOR_ENCODING),
      GL_LINEAR);
   assert_int_equal(
      query(GL_DEPTH_ATTACHMENT, GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE),
      GL_RENDERBUFFER);
   assert_int_equal(
      query(GL_DEPTH_STENCIL_ATTACHMENT, GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME),
      rb);
   assert_int_equal(
      query(GL_DEPTH_ATTACHMENT, GL_FRAMEBUFFER_ATTACHMENT_DEPTH_SIZE), 24);
   assert_int_equal(
      query(GL_STENCIL_ATTACHMENT, GL_FRAMEBUFFER_ATTACHMENT_STENCIL_SIZE), 8);
   assert_int_equal(
      query(GL_DEPTH_ATTACHMENT, GL_FRAMEBUFFER_ATTACHMENT_COMPONENT_TYPE),
      GL_UNSIGNED_NORMALIZED);
   assert_int_equal(glGetError(), GL_NO_ERROR);

   /* Texture pnames of a renderbuffer; COMPONENT_TYPE of both aspects;
    * anything but the name of an empty point. */
   query(GL_DEPTH_ATTACHMENT, GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LEVEL);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   query(GL_DEPTH_STENCIL_ATTACHMENT, GL_FRAMEBUFFER_ATTACHMENT_COMPONENT_TYPE);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   assert_int_equal(
      query(GL_COLOR_ATTACHMENT3, GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE),
      GL_NONE);
   assert_int_equal(
      query(GL_COLOR_ATTACHMENT3, GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME), 0);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   query(GL_COLOR_ATTACHMENT3, GL_FRAMEBUFFER_ATTACHMENT_RED_SIZE);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   query(GL_COLOR_ATTACHMENT0, GL_TEXTURE_WIDTH);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   query(GL_BACK_LEFT, GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);

   /* Depth and stencil from different renderbuffers. */
   attach_rb(GL_STENCIL_ATTACHMENT, GL_DEPTH24_STENCIL8, SIZE, SIZE);
   query(GL_DEPTH_STENCIL_ATTACHMENT, GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);

   /* The default framebuffer's buffers; none exist without a surface. */
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   assert_int_equal(query(GL_BACK_LEFT, GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE),
                    GL_NONE);
   assert_int_equal(query(GL_DEPTH, GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE),
                    GL_NONE);
   query(GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
}

static void
delete_detaches(void **state)
{
   new_fbo();
   GLuint rb = attach_rb(GL_COLOR_ATTACHMENT0, GL_RGBA8, SIZE, SIZE);
   GLuint tex = new_texture(GL_TEXTURE_2D, GL_RGBA8, SIZE, SIZE, 1);
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_TEXTURE_2D,
                          tex, 0);
   glDeleteRenderbuffers(1, &rb);
   glDeleteTextures(1, &tex);
   GLint v = -1;
   glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                         GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE,
                                         &v);
   assert_int_equal(v, GL_NONE);
   glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1,
                                         GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE,
                                         &v);
   assert_int_equal(v, GL_NONE);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
draw_and_read_buffers(void **state)
{
   GLint v = 0;
   /* The default framebuffer (surfaceless, taken as double-buffered). */
   glGetIntegerv(GL_DRAW_BUFFER, &v);
   assert_int_equal(v, GL_BACK);
   glGetIntegerv(GL_READ_BUFFER, &v);
   assert_int_equal(v, GL_BACK);
   glDrawBuffer(GL_FRONT);
   glGetIntegerv(GL_DRAW_BUFFER0, &v);
   assert_int_equal(v, GL_FRONT);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   glDrawBuffer(GL_COLOR_ATTACHMENT0);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glDrawBuffer(GL_FRONT_RIGHT); /* no stereo */
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glDrawBuffer(GL_TEXTURE_2D);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glReadBuffer(GL_COLOR_ATTACHMENT0);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   GLenum back = GL_BACK;
   glDrawBuffers(1, &back); /* names two buffers: not allowed */
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   GLenum back_left = GL_BACK_LEFT;
   glDrawBuffers(1, &back_left);
   assert_int_equal(glGetError(), GL_NO_ERROR);

   /* A framebuffer object. */
   new_fbo();
   glGetIntegerv(GL_DRAW_BUFFER0, &v);
   assert_int_equal(v, GL_COLOR_ATTACHMENT0);
   glGetIntegerv(GL_DRAW_BUFFER1, &v);
   assert_int_equal(v, GL_NONE);
   glGetIntegerv(GL_READ_BUFFER, &v);
   assert_int_equal(v, GL_COLOR_ATTACHMENT0);
   GLenum bufs[3] = { GL_COLOR_ATTACHMENT2, GL_NONE, GL_COLOR_ATTACHMENT0 };
   glDrawBuffers(3, bufs);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   glGetIntegerv(GL_DRAW_BUFFER0, &v);
   assert_int_equal(v, GL_COLOR_ATTACHMENT2);
   glGetIntegerv(GL_DRAW_BUFFER2, &v);
   assert_int_equal(v, GL_COLOR_ATTACHMENT0);
   bufs[1] = GL_COLOR_ATTACHMENT2; /* twice */
   glDrawBuffers(3, bufs);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   bufs[1] = GL_BACK_LEFT;
   glDrawBuffers(3, bufs);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glDrawBuffers(9, bufs);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glDrawBuffers(-1, bufs);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glDrawBuffer(GL_BACK);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glDrawBuffer(GL_COLOR_ATTACHMENT0 + 8);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glReadBuffer(GL_COLOR_ATTACHMENT3);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   glGetIntegerv(GL_READ_BUFFER, &v);
   assert_int_equal(v, GL_COLOR_ATTACHMENT3);
   glReadBuffer(GL_FRONT);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glReadBuffer(GL_RGBA);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glGetIntegerv(GL_MAX_DRAW_BUFFERS, &v);
   assert_int_equal(v, 8);
   glGetIntegerv(GL_MAX_COLOR_ATTACHMENTS, &v);
   assert_int_equal(v, 8);
}

static void
framebuffer_gets(void **state)
{
   st_test_fbo(SIZE, SIZE);
   GLint v = -1;
   glGetIntegerv(GL_SAMPLE_BUFFERS, &v);
   assert_int_equal(v, 0);
   glGetIntegerv(GL_SAMPLES, &v);
   assert_int_equal(v, 0);
   glGetIntegerv(GL_IMPLEMENTATION_COLOR_READ_FORMAT, &v);
   assert_int_equal(v, GL_RGBA);
   glGetIntegerv(GL_IMPLEMENTATION_COLOR_READ_TYPE, &v);
   assert_int_equal(v, GL_UNSIGNED_BYTE);
   GLboolean b = GL_TRUE;
   glGetBooleanv(GL_DOUBLEBUFFER, &b);
   assert_int_equal(b, GL_FALSE);
   glGetBooleanv(GL_STEREO, &b);
   assert_int_equal(b, GL_FALSE);
   /* Removed from the core profile. */
   glGetIntegerv(GL_RED_BITS, &v);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glGetIntegerv(GL_AUX_BUFFERS, &v);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
compat_bits(void **state)
{
   st_test_fbo(SIZE, SIZE);
   GLint v = -1;
   glGetIntegerv(GL_RED_BITS, &v);
   assert_int_equal(v, 8);
   glGetIntegerv(GL_ALPHA_BITS, &v);
   assert_int_equal(v, 8);
   glGetIntegerv(GL_DEPTH_BITS, &v);
   assert_int_equal(v, 24);
   glGetIntegerv(GL_STENCIL_BITS, &v);
   assert_int_equal(v, 8);
   /* The compatibility profile has no auxiliary buffers to offer. */
   v = -1;
   glGetIntegerv(GL_AUX_BUFFERS, &v);
   assert_int_equal(v, 0);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
invalidate(void **state)
{
   st_test_fbo(SIZE, SIZE);
   GLenum atts[2] = { GL_COLOR_ATTACHMENT0, GL_DEPTH_ATTACHMENT };
   glInvalidateFramebuffer(GL_FRAMEBUFFER, 2, atts);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   glInvalidateSubFramebuffer(GL_FRAMEBUFFER, 2, atts, 0, 0, 4, 4);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   glInvalidateSubFramebuffer(GL_FRAMEBUFFER, 2, atts, 0, 0, -4, 4);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   atts[1] = GL_COLOR;
   glInvalidateFramebuffer(GL_FRAMEBUFFER, 2, atts);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glInvalidateFramebuffer(GL_FRAMEBUFFER, -1, atts);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   glInvalidateFramebuffer(GL_FRAMEBUFFER, 2, atts);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   atts[0] = GL_DEPTH;
   glInvalidateFramebuffer(GL_FRAMEBUFFER, 2, atts);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
render_to_texture(void **state)
{
   /* Clear a cube face and a layer of an array through attachments and
    * read them back from the same attachments. */
   new_fbo();
   GLuint cube = new_texture(GL_TEXTURE_CUBE_MAP, GL_RGBA8, SIZE, SIZE, 1);
   GLuint arr = new_texture(GL_TEXTURE_2D_ARRAY, GL_RGBA8, SIZE, SIZE, 3);
   static const GLfloat red[4] = { 1, 0, 0, 1 }, green[4] = { 0, 1, 0, 1 };
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                          GL_TEXTURE_CUBE_MAP_POSITIVE_Z, cube, 0);
   glClearColor(1, 0, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, arr, 0, 1);
   glClearColor(0, 1, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   assert_true(st_test_probe(3, 3, green, 0.01f));
   glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, arr, 0, 0);
   static const GLfloat zero[4] = { 0, 0, 0, 0 };
   assert_true(st_test_probe(3, 3, zero, 0.01f));
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                          GL_TEXTURE_CUBE_MAP_POSITIVE_Z, cube, 0);
   assert_true(st_test_probe(SIZE - 1, SIZE - 1, red, 0.01f));
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                          GL_TEXTURE_CUBE_MAP_NEGATIVE_Z, cube, 0);
   assert_true(st_test_probe(0, 0, zero, 0.01f));
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
render_to_level_and_slice(void **state)
{
   /* Level 1 of a 2D texture and slice 2 of a 3D texture. */
   new_fbo();
   GLuint tex = new_texture(GL_TEXTURE_2D, GL_RGBA8, SIZE, SIZE, 1);
   glTexImage2D(GL_TEXTURE_2D, 1, GL_RGBA8, SIZE / 2, SIZE / 2, 0, GL_RGBA,
                GL_UNSIGNED_BYTE, NULL);
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D,
                          tex, 1);
   assert_int_equal(glCheckFramebufferStatus(GL_FRAMEBUFFER),
                    GL_FRAMEBUFFER_COMPLETE);
   static const GLfloat blue[4] = { 0, 0, 1, 1 }, zero[4] = { 0, 0, 0, 0 };
   glClearBufferfv(GL_COLOR, 0, blue);
   assert_true(st_test_probe(SIZE / 2 - 1, SIZE / 2 - 1, blue, 0));
   GLubyte px[4] = { 9, 9, 9, 9 };
   glReadPixels(SIZE / 2, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   assert_int_equal(px[0], 9); /* outside level 1 */
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D,
                          tex, 0);
   assert_true(st_test_probe(0, 0, zero, 0));

   GLuint vol = new_texture(GL_TEXTURE_3D, GL_RGBA8, 4, 4, 4);
   glFramebufferTexture3D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_3D,
                          vol, 0, 2);
   glClearBufferfv(GL_COLOR, 0, blue);
   assert_true(st_test_probe(3, 3, blue, 0));
   GLint v = -1;
   glGetFramebufferAttachmentParameteriv(
      GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
      GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LAYER, &v);
   assert_int_equal(v, 2);
   glFramebufferTexture3D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_3D,
                          vol, 0, 1);
   assert_true(st_test_probe(3, 3, zero, 0));
   glFramebufferTexture3D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_3D,
                          vol, 0, 4);
   assert_int_equal(glCheckFramebufferStatus(GL_FRAMEBUFFER),
                    GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static const char *mrt_vs =
   "#version 330 core\n"
   "layout(location = 0) in vec2 pos;\n"
   "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";
static const char *mrt_fs = "#version 330 core\n"
                            "layout(location = 0) out vec4 a;\n"
                            "layout(location = 1) out vec4 b;\n"
                            "void main() {\n"
                            "   a = vec4(1.0, 0.0, 0.0, 1.0);\n"
                            "   b = vec4(0.0, 0.0, 1.0, 1.0);\n"
                            "}\n";

static void
draw_two_buffers(void **state)
{
   /* Fragment outputs 0 and 1 go to draw buffers 0 and 1, which name
    * attachments 1 and 0. */
   new_fbo();
   attach_rb(GL_COLOR_ATTACHMENT0, GL_RGBA8, SIZE, SIZE);
   attach_rb(GL_COLOR_ATTACHMENT1, GL_RGBA8, SIZE, SIZE);
   GLenum bufs[2] = { GL_COLOR_ATTACHMENT1, GL_COLOR_ATTACHMENT0 };
   glDrawBuffers(2, bufs);
   glViewport(0, 0, SIZE, SIZE);
   assert_int_equal(glCheckFramebufferStatus(GL_FRAMEBUFFER),
                    GL_FRAMEBUFFER_COMPLETE);
   GLuint prog = st_test_program(mrt_vs, mrt_fs);
   glUseProgram(prog);
   static const GLfloat quad[8] = { -1, -1, 1, -1, -1, 1, 1, 1 };
   GLuint vao, vbo;
   glGenVertexArrays(1, &vao);
   glBindVertexArray(vao);
   glGenBuffers(1, &vbo);
   glBindBuffer(GL_ARRAY_BUFFER, vbo);
   glBufferData(GL_ARRAY_BUFFER, sizeof(quad), quad, GL_STATIC_DRAW);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL);
   glEnableVertexAttribArray(0);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   static const GLfloat red[4] = { 1, 0, 0, 1 }, blue[4] = { 0, 0, 1, 1 };
   glReadBuffer(GL_COLOR_ATTACHMENT1);
   assert_true(st_test_probe(5, 5, red, 0.01f));
   glReadBuffer(GL_COLOR_ATTACHMENT0);
   assert_true(st_test_probe(5, 5, blue, 0.01f));
}

#define CORE(t)   cmocka_unit_test_setup_teardown(t, setup_core, teardown)
#define COMPAT(t) cmocka_unit_test_setup_teardown(t, setup_compat, teardown)
#define ES3(t)    cmocka_unit_test_setup_teardown(t, setup_es3, teardown)

int
main(void)
{
   const struct CMUnitTest tests[] = {
      CORE(names_and_binding),
      COMPAT(compat_any_name),
      CORE(renderbuffer_queries),
      CORE(status_complete_and_missing),
      CORE(status_incomplete_attachment),
      CORE(status_draw_read_buffer),
      ES3(status_es_no_draw_buffer_rule),
      CORE(status_multisample_and_unsupported),
      CORE(status_layers),
      CORE(status_multisample_textures),
      CORE(texture_redefined),
      CORE(attachment_queries),
      CORE(delete_detaches),
      COMPAT(draw_and_read_buffers),
      CORE(framebuffer_gets),
      COMPAT(compat_bits),
      ES3(invalidate),
      CORE(render_to_texture),
      CORE(render_to_level_and_slice),
      CORE(draw_two_buffers),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
