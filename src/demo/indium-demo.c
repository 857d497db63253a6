/* SPDX-License-Identifier: MIT */

/*
 * indium-demo: a lit, textured, rotating torus rendered off-screen through
 * EGL (surfaceless platform) and OpenGL, N frames into a framebuffer
 * object; the last frame goes to a PNG file and the frame rate to stdout.
 *
 * It is an ordinary glvnd application (Debian's libEGL and libOpenGL), so
 * it runs on whichever vendor libEGL picks: `./indium run` (meson devenv)
 * selects the build tree's Indium, and without it Mesa's llvmpipe renders
 * the same picture.
 *
 * GL 3.3 core with GLSL 3.30 first; a GL 3.0 context with GLSL 1.30 if the
 * implementation has no core profile.
 */
#define GL_GLEXT_PROTOTYPES 1

#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/gl.h>
#include <GL/glext.h>
#include <png.h>

#define PI 3.14159265358979f

struct options {
   unsigned frames;
   unsigned width, height;
   const char *output;
};

static void
usage(FILE *out)
{
   fprintf(out,
           "Usage: indium-demo [--frames N] [--size WxH] [--output FILE.png]\n"
           "Renders N frames (default 120) of a rotating torus at WxH\n"
           "(default 640x480) off-screen and writes the last one to FILE.png\n"
           "(default indium-demo.png).\n");
}

static bool
parse_unsigned(const char *s, unsigned *out, unsigned max)
{
   char *end;
   errno = 0;
   unsigned long v = strtoul(s, &end, 10);
   if (errno || end == s || *end || v == 0 || v > max)
      return false;
   *out = (unsigned)v;
   return true;
}

static bool
parse_options(int argc, char **argv, struct options *o)
{
   *o = (struct options){ 120, 640, 480, "indium-demo.png" };
   for (int i = 1; i < argc; i++) {
      const char *arg = argv[i];
      const char *value = i + 1 < argc ? argv[i + 1] : NULL;
      if (!strcmp(arg, "-h") || !strcmp(arg, "--help")) {
         usage(stdout);
         exit(0);
      } else if (!strcmp(arg, "--frames") && value) {
         if (!parse_unsigned(value, &o->frames, 1000000))
            return false;
         i++;
      } else if (!strcmp(arg, "--size") && value) {
         char w[16] = "", h[16] = "", rest;
         if (sscanf(value, "%15[0-9]x%15[0-9]%c", w, h, &rest) != 2 ||
             !parse_unsigned(w, &o->width, 8192) ||
             !parse_unsigned(h, &o->height, 8192))
            return false;
         i++;
      } else if (!strcmp(arg, "--output") && value) {
         o->output = value;
         i++;
      } else {
         return false;
      }
   }
   return true;
}

/* ---- EGL ---- */

static bool
has_extension(const char *list, const char *name)
{
   size_t len = strlen(name);
   for (const char *p = list; p && (p = strstr(p, name)); p += len) {
      if ((p == list || p[-1] == ' ') && (p[len] == ' ' || p[len] == '\0'))
         return true;
   }
   return false;
}

/** Makes a GL context current without a surface; *glsl_130 tells which
 * shading language version it takes. */
static bool
egl_setup(EGLDisplay *out_dpy, EGLContext *out_ctx, bool *glsl_130)
{
   const char *client = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
   if (!has_extension(client, "EGL_MESA_platform_surfaceless")) {
      fprintf(stderr, "indium-demo: no EGL_MESA_platform_surfaceless\n");
      return false;
   }
   EGLDisplay dpy = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA,
                                          EGL_DEFAULT_DISPLAY, NULL);
   EGLint major, minor;
   if (dpy == EGL_NO_DISPLAY || !eglInitialize(dpy, &major, &minor)) {
      fprintf(stderr, "indium-demo: eglInitialize failed (0x%x)\n",
              eglGetError());
      return false;
   }
   const char *ext = eglQueryString(dpy, EGL_EXTENSIONS);
   if (!has_extension(ext, "EGL_KHR_surfaceless_context") ||
       !has_extension(ext, "EGL_KHR_no_config_context")) {
      fprintf(stderr, "indium-demo: EGL_KHR_surfaceless_context and "
                      "EGL_KHR_no_config_context are needed\n");
      return false;
   }
   eglBindAPI(EGL_OPENGL_API);

   static const EGLint core[] = { EGL_CONTEXT_MAJOR_VERSION,
                                  3,
                                  EGL_CONTEXT_MINOR_VERSION,
                                  3,
                                  EGL_CONTEXT_OPENGL_PROFILE_MASK,
                                  EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                                  EGL_NONE };
   static const EGLint compat[] = { EGL_CONTEXT_MAJOR_VERSION, 3,
                                    EGL_CONTEXT_MINOR_VERSION, 0, EGL_NONE };
   *glsl_130 = false;
   EGLContext ctx =
      eglCreateContext(dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, core);
   if (ctx == EGL_NO_CONTEXT) {
      *glsl_130 = true;
      ctx = eglCreateContext(dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, compat);
   }
   if (ctx == EGL_NO_CONTEXT ||
       !eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx)) {
      fprintf(stderr, "indium-demo: no GL 3.3 core or 3.0 context (0x%x)\n",
              eglGetError());
      return false;
   }
   *out_dpy = dpy;
   *out_ctx = ctx;
   return true;
}

/* ---- geometry, texture, shaders ---- */

struct vertex {
   float position[3];
   float normal[3];
   float uv[2];
};

#define RING_SEGMENTS 64
#define TUBE_SEGMENTS 32

/** A torus of radii 1 and 0.4 around the z axis, as indexed triangles. */
static void
make_torus(struct vertex *v, GLuint *indices)
{
   const float big = 1.0f, small = 0.4f;
   unsigned n = 0;
   for (unsigned i = 0; i <= RING_SEGMENTS; i++) {
      float u = (float)i / RING_SEGMENTS, a = u * 2 * PI;
      for (unsigned j = 0; j <= TUBE_SEGMENTS; j++) {
         float w = (float)j / TUBE_SEGMENTS, b = w * 2 * PI;
         float nx = cosf(a) * cosf(b), ny = sinf(a) * cosf(b), nz = sinf(b);
         v[n++] = (struct vertex){
            { cosf(a) * big + nx * small, sinf(a) * big + ny * small,
              nz * small },
            { nx, ny, nz },
            { u * 4, w },
         };
      }
   }
   n = 0;
   for (unsigned i = 0; i < RING_SEGMENTS; i++) {
      for (unsigned j = 0; j < TUBE_SEGMENTS; j++) {
         GLuint a = i * (TUBE_SEGMENTS + 1) + j, b = a + TUBE_SEGMENTS + 1;
         GLuint quad[6] = { a, b, a + 1, a + 1, b, b + 1 };
         memcpy(&indices[n], quad, sizeof(quad));
         n += 6;
      }
   }
}

/** A 256x256 texture: orange and blue checks with a soft diagonal band. */
static GLuint
make_texture(void)
{
   enum {
      SIZE = 256
   };
   static unsigned char texels[SIZE * SIZE * 4];
   for (unsigned y = 0; y < SIZE; y++) {
      for (unsigned x = 0; x < SIZE; x++) {
         bool check = ((x / 32) ^ (y / 32)) & 1;
         float band = 0.5f + 0.5f * sinf((float)(x + y) * PI / 64);
         unsigned char *t = &texels[(y * SIZE + x) * 4];
         t[0] = (unsigned char)(check ? 240 : 40 + 60 * band);
         t[1] = (unsigned char)(check ? 140 + 60 * band : 90);
         t[2] = (unsigned char)(check ? 30 : 200);
         t[3] = 255;
      }
   }
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, SIZE, SIZE, 0, GL_RGBA,
                GL_UNSIGNED_BYTE, texels);
   glGenerateMipmap(GL_TEXTURE_2D);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER,
                   GL_LINEAR_MIPMAP_LINEAR);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_REPEAT);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_REPEAT);
   return tex;
}

static const char vs_source[] =
   "in vec3 position;\n"
   "in vec3 normal;\n"
   "in vec2 uv;\n"
   "uniform mat4 mvp;\n"
   "uniform mat4 model;\n"
   "out vec3 world_position;\n"
   "out vec3 world_normal;\n"
   "out vec2 tex_coord;\n"
   "void main()\n"
   "{\n"
   "   world_position = (model * vec4(position, 1.0)).xyz;\n"
   "   /* model is a rotation: it transforms normals too. */\n"
   "   world_normal = mat3(model) * normal;\n"
   "   tex_coord = uv;\n"
   "   gl_Position = mvp * vec4(position, 1.0);\n"
   "}\n";

static const char fs_source[] =
   "in vec3 world_position;\n"
   "in vec3 world_normal;\n"
   "in vec2 tex_coord;\n"
   "uniform sampler2D tex;\n"
   "uniform vec3 light_position;\n"
   "uniform vec3 eye_position;\n"
   "out vec4 color;\n"
   "void main()\n"
   "{\n"
   "   vec3 n = normalize(world_normal);\n"
   "   vec3 l = normalize(light_position - world_position);\n"
   "   vec3 v = normalize(eye_position - world_position);\n"
   "   vec3 h = normalize(l + v);\n"
   "   float diffuse = max(dot(n, l), 0.0);\n"
   "   float specular = diffuse > 0.0 ? pow(max(dot(n, h), 0.0), 48.0) "
   ": 0.0;\n"
   "   vec3 albedo = texture(tex, tex_coord).rgb;\n"
   "   color = vec4(albedo * (0.15 + 0.85 * diffuse) + vec3(0.6) * "
   "specular, 1.0);\n"
   "}\n";

static GLuint
compile(GLenum stage, const char *version, const char *source)
{
   GLuint shader = glCreateShader(stage);
   const char *sources[2] = { version, source };
   glShaderSource(shader, 2, sources, NULL);
   glCompileShader(shader);
   GLint ok = 0;
   glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
   if (!ok) {
      char log[4096] = "";
      glGetShaderInfoLog(shader, sizeof(log), NULL, log);
      fprintf(stderr, "indium-demo: shader compile failed:\n%s\n", log);
      exit(1);
   }
   return shader;
}

static GLuint
make_program(bool glsl_130)
{
   const char *version = glsl_130 ? "#version 130\n" : "#version 330 core\n";
   GLuint prog = glCreateProgram();
   GLuint vs = compile(GL_VERTEX_SHADER, version, vs_source);
   GLuint fs = compile(GL_FRAGMENT_SHADER, version, fs_source);
   glAttachShader(prog, vs);
   glAttachShader(prog, fs);
   glBindAttribLocation(prog, 0, "position");
   glBindAttribLocation(prog, 1, "normal");
   glBindAttribLocation(prog, 2, "uv");
   glBindFragDataLocation(prog, 0, "color");
   glLinkProgram(prog);
   glDeleteShader(vs);
   glDeleteShader(fs);
   GLint ok = 0;
   glGetProgramiv(prog, GL_LINK_STATUS, &ok);
   if (!ok) {
      char log[4096] = "";
      glGetProgramInfoLog(prog, sizeof(log), NULL, log);
      fprintf(stderr, "indium-demo: program link failed:\n%s\n", log);
      exit(1);
   }
   return prog;
}

/* ---- matrices (column-major, as GL takes them) ---- */

static void
mat4_multiply(float out[16], const float a[16], const float b[16])
{
   float r[16];
   for (unsigned c = 0; c < 4; c++) {
      for (unsigned row = 0; row < 4; row++) {
         float sum = 0;
         for (unsigned k = 0; k < 4; k++)
            sum += a[k * 4 + row] * b[c * 4 + k];
         r[c * 4 + row] = sum;
      }
   }
   memcpy(out, r, sizeof(r));
}

static void
mat4_perspective(float m[16], float fovy, float aspect, float near, float far)
{
   float f = 1.0f / tanf(fovy / 2);
   memset(m, 0, 16 * sizeof(float));
   m[0] = f / aspect;
   m[5] = f;
   m[10] = (far + near) / (near - far);
   m[11] = -1;
   m[14] = 2 * far * near / (near - far);
}

/** Rotation by @p a about x, then @p b about y. */
static void
mat4_rotation(float m[16], float a, float b)
{
   float rx[16] = { 1, 0,        0,       0, 0, cosf(a), sinf(a), 0,
                    0, -sinf(a), cosf(a), 0, 0, 0,       0,       1 };
   float ry[16] = { cosf(b), 0, -sinf(b), 0, 0, 1, 0, 0,
                    sinf(b), 0, cosf(b),  0, 0, 0, 0, 1 };
   mat4_multiply(m, ry, rx);
}

/* ---- PNG ---- */

static bool
write_png(const char *path, unsigned width, unsigned height,
          const unsigned char *rgba)
{
   FILE *f = fopen(path, "wb");
   if (!f) {
      fprintf(stderr, "indium-demo: cannot write %s: %s\n", path,
              strerror(errno));
      return false;
   }
   png_structp png =
      png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
   png_infop info = png ? png_create_info_struct(png) : NULL;
   if (!info || setjmp(png_jmpbuf(png))) {
      png_destroy_write_struct(&png, &info);
      fclose(f);
      fprintf(stderr, "indium-demo: libpng failed writing %s\n", path);
      return false;
   }
   png_init_io(png, f);
   png_set_IHDR(png, info, width, height, 8, PNG_COLOR_TYPE_RGB_ALPHA,
                PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
                PNG_FILTER_TYPE_DEFAULT);
   png_write_info(png, info);
   /* GL's rows go bottom to top; PNG's top to bottom. */
   for (unsigned y = 0; y < height; y++)
      png_write_row(png, rgba + (size_t)(height - 1 - y) * width * 4);
   png_write_end(png, NULL);
   png_destroy_write_struct(&png, &info);
   return fclose(f) == 0;
}

static double
now(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int
main(int argc, char **argv)
{
   struct options opt;
   if (!parse_options(argc, argv, &opt)) {
      usage(stderr);
      return 2;
   }
   EGLDisplay dpy;
   EGLContext ctx;
   bool glsl_130;
   if (!egl_setup(&dpy, &ctx, &glsl_130))
      return 1;
   printf("GL_RENDERER: %s\nGL_VERSION: %s\n", glGetString(GL_RENDERER),
          glGetString(GL_VERSION));

   GLuint fbo, rb[2];
   glGenFramebuffers(1, &fbo);
   glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   glGenRenderbuffers(2, rb);
   glBindRenderbuffer(GL_RENDERBUFFER, rb[0]);
   glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, opt.width, opt.height);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                             GL_RENDERBUFFER, rb[0]);
   glBindRenderbuffer(GL_RENDERBUFFER, rb[1]);
   glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH24_STENCIL8, opt.width,
                         opt.height);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT,
                             GL_RENDERBUFFER, rb[1]);
   if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
      fprintf(stderr, "indium-demo: framebuffer incomplete\n");
      return 1;
   }

   static struct vertex vertices[(RING_SEGMENTS + 1) * (TUBE_SEGMENTS + 1)];
   static GLuint indices[RING_SEGMENTS * TUBE_SEGMENTS * 6];
   make_torus(vertices, indices);
   GLuint vao, buffers[2];
   glGenVertexArrays(1, &vao);
   glBindVertexArray(vao);
   glGenBuffers(2, buffers);
   glBindBuffer(GL_ARRAY_BUFFER, buffers[0]);
   glBufferData(GL_ARRAY_BUFFER, sizeof(vertices), vertices, GL_STATIC_DRAW);
   glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, buffers[1]);
   glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof(indices), indices,
                GL_STATIC_DRAW);
   glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, sizeof(struct vertex),
                         (void *)offsetof(struct vertex, position));
   glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, sizeof(struct vertex),
                         (void *)offsetof(struct vertex, normal));
   glVertexAttribPointer(2, 2, GL_FLOAT, GL_FALSE, sizeof(struct vertex),
                         (void *)offsetof(struct vertex, uv));
   for (GLuint i = 0; i < 3; i++)
      glEnableVertexAttribArray(i);

   GLuint tex = make_texture();
   GLuint prog = make_program(glsl_130);
   glUseProgram(prog);
   glUniform1i(glGetUniformLocation(prog, "tex"), 0);
   const float eye[3] = { 0, 0, 4 };
   glUniform3f(glGetUniformLocation(prog, "light_position"), 3, 4, 5);
   glUniform3fv(glGetUniformLocation(prog, "eye_position"), 1, eye);
   GLint mvp_loc = glGetUniformLocation(prog, "mvp");
   GLint model_loc = glGetUniformLocation(prog, "model");

   float projection[16],
      view[16] = { 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, -eye[2], 1 };
   mat4_perspective(projection, PI / 4, (float)opt.width / opt.height, 0.5f,
                    20.0f);
   float view_projection[16];
   mat4_multiply(view_projection, projection, view);

   glViewport(0, 0, opt.width, opt.height);
   glEnable(GL_DEPTH_TEST);
   glEnable(GL_CULL_FACE);
   glClearColor(0.08f, 0.09f, 0.12f, 1.0f);

   double start = now();
   for (unsigned frame = 0; frame < opt.frames; frame++) {
      /* One full turn about y and half a turn about x over 120 frames. */
      float t = (float)frame / 120.0f;
      float model[16], mvp[16];
      mat4_rotation(model, 0.6f + t * PI, t * 2 * PI);
      mat4_multiply(mvp, view_projection, model);
      glUniformMatrix4fv(model_loc, 1, GL_FALSE, model);
      glUniformMatrix4fv(mvp_loc, 1, GL_FALSE, mvp);
      glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
      glDrawElements(GL_TRIANGLES, sizeof(indices) / sizeof(indices[0]),
                     GL_UNSIGNED_INT, NULL);
   }
   glFinish();
   double seconds = now() - start;

   unsigned char *pixels = malloc((size_t)opt.width * opt.height * 4);
   if (!pixels)
      return 1;
   glReadPixels(0, 0, opt.width, opt.height, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
   GLenum error = glGetError();
   if (error != GL_NO_ERROR) {
      fprintf(stderr, "indium-demo: GL error 0x%x\n", error);
      return 1;
   }
   printf("%u frames at %ux%u in %.2f s: %.1f frames per second\n", opt.frames,
          opt.width, opt.height, seconds,
          seconds > 0 ? opt.frames / seconds : 0.0);
   bool ok = write_png(opt.output, opt.width, opt.height, pixels);
   if (ok)
      printf("wrote %s\n", opt.output);
   free(pixels);

   glDeleteTextures(1, &tex);
   glDeleteProgram(prog);
   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglDestroyContext(dpy, ctx);
   eglTerminate(dpy);
   return ok ? 0 : 1;
}
