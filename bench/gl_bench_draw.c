/* SPDX-License-Identifier: MIT */

/*
 * gl_bench's drawing workloads, each on an N x N framebuffer object
 * (RGBA8 colour, DEPTH24_STENCIL8; depth test and culling off):
 *
 * - solid: two triangles covering the framebuffer, the fragment shader
 *   writes a uniform colour.  Mpixels/s.
 * - blended: the same with alpha 0.5 and (src_alpha, 1 - src_alpha)
 *   blending.  Mpixels/s.
 * - textured: the same sampling an N x N RGBA8 texture with mipmaps,
 *   repeated twice across the framebuffer (so level 1 is sampled),
 *   GL_LINEAR_MIPMAP_NEAREST (bilinear in one level).  Mpixels/s.
 * - small-triangles: right triangles of 4 x 5 pixels (10 pixels each)
 *   tiling the framebuffer, one draw.  Mtriangles/s.
 * - vertices: 1,000,002 vertices (333,334 triangles of about 1.6 pixels
 *   on a grid covering the framebuffer at 1024x1024) in one
 *   glDrawArrays.  Mvertices/s.
 * - alu: the full-screen triangles with a fragment shader of an 8-step
 *   loop of sin, cos, multiply-adds and a normalize.  Mpixels/s.
 * - texture-heavy: the full-screen triangles with 8 bilinear fetches
 *   from a 256x256 texture at different offsets.  Mpixels/s.
 * - clear: glClear of colour, depth and stencil (a different colour
 *   each time).  Clears/s.
 * - readpixels: glReadPixels of the framebuffer as RGBA/UNSIGNED_BYTE
 *   into client memory.  MB/s.
 */
#include <stdio.h>
#include <stdlib.h>

#include "gl_bench_draw.h"

struct gl_bench_scene {
   unsigned size;
   GLuint fbo, rb[2];
   GLuint prog, vao, vbo, tex;
   GLsizei count;         /**< vertices per draw */
   unsigned char *pixels; /**< readpixels: the client buffer */
};

static const char *const vs_quad = "#version 330\n"
                                   "in vec2 pos;\n"
                                   "out vec2 uv;\n"
                                   "uniform float uv_scale;\n"
                                   "void main() {\n"
                                   "   gl_Position = vec4(pos, 0.0, 1.0);\n"
                                   "   uv = (pos * 0.5 + 0.5) * uv_scale;\n"
                                   "}\n";

static const char *const fs_solid = "#version 330\n"
                                    "uniform vec4 color;\n"
                                    "out vec4 o;\n"
                                    "void main() { o = color; }\n";

static const char *const fs_textured =
   "#version 330\n"
   "uniform sampler2D tex;\n"
   "in vec2 uv;\n"
   "out vec4 o;\n"
   "void main() { o = texture(tex, uv); }\n";

static const char *const fs_alu =
   "#version 330\n"
   "in vec2 uv;\n"
   "out vec4 o;\n"
   "void main() {\n"
   "   vec4 v = vec4(uv, 1.0 - uv.x, 0.5);\n"
   "   for (int i = 0; i < 32; i++) {\n"
   "      v = sin(v * 1.31 + vec4(0.1, 0.2, 0.3, 0.4)) * cos(v.yzwx);\n"
   "      v = normalize(v * v.wxyz + 0.25);\n"
   "   }\n"
   "   o = v * 0.5 + 0.5;\n"
   "}\n";

static const char *const fs_texture_heavy =
   "#version 330\n"
   "uniform sampler2D tex;\n"
   "in vec2 uv;\n"
   "out vec4 o;\n"
   "void main() {\n"
   "   vec4 sum = vec4(0.0);\n"
   "   for (int i = 0; i < 16; i++)\n"
   "      sum += texture(tex, uv + vec2(i, 15 - i) * 0.0137);\n"
   "   o = sum / 16.0;\n"
   "}\n";

/* A deterministic RGBA8 pattern of @p n x @p n with mipmaps, bound to
 * unit 0. */
static GLuint
make_texture(unsigned n)
{
   unsigned char *data = malloc((size_t)n * n * 4);
   if (!data)
      return 0;
   for (unsigned y = 0; y < n; y++) {
      for (unsigned x = 0; x < n; x++) {
         unsigned char *p = &data[((size_t)y * n + x) * 4];
         p[0] = (unsigned char)(x * 255 / (n - 1 ? n - 1 : 1));
         p[1] = (unsigned char)(y * 255 / (n - 1 ? n - 1 : 1));
         p[2] = ((x / 8 + y / 8) & 1) ? 255 : 0;
         p[3] = 255;
      }
   }
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, n, n, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                data);
   free(data);
   glGenerateMipmap(GL_TEXTURE_2D);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER,
                   GL_LINEAR_MIPMAP_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_REPEAT);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_REPEAT);
   return tex;
}

/* Uploads @p count vec2 positions and binds them to "pos" of s->prog. */
static void
set_vertices(struct gl_bench_scene *s, const float *xy, GLsizei count)
{
   glGenVertexArrays(1, &s->vao);
   glBindVertexArray(s->vao);
   glGenBuffers(1, &s->vbo);
   glBindBuffer(GL_ARRAY_BUFFER, s->vbo);
   glBufferData(GL_ARRAY_BUFFER, (GLsizeiptr)count * 2 * sizeof(float), xy,
                GL_STATIC_DRAW);
   GLint loc = glGetAttribLocation(s->prog, "pos");
   glEnableVertexAttribArray(loc);
   glVertexAttribPointer(loc, 2, GL_FLOAT, GL_FALSE, 0, NULL);
   s->count = count;
}

/* The program of @p fs with the full-screen triangles; @p uv_scale is
 * how often the texture repeats. */
static bool
quad_scene(struct gl_bench_scene *s, const char *fs, float uv_scale,
           double *work)
{
   static const float quad[] = { -1, -1, 1, -1, 1, 1, -1, -1, 1, 1, -1, 1 };
   s->prog = gl_bench_program(vs_quad, fs, false);
   if (!s->prog)
      return false;
   glUseProgram(s->prog);
   glUniform1f(glGetUniformLocation(s->prog, "uv_scale"), uv_scale);
   glUniform4f(glGetUniformLocation(s->prog, "color"), 0.2f, 0.6f, 0.9f, 1.0f);
   glUniform1i(glGetUniformLocation(s->prog, "tex"), 0);
   set_vertices(s, quad, 6);
   *work = (double)s->size * s->size;
   return true;
}

static bool
setup_solid(struct gl_bench_scene *s, double *work)
{
   return quad_scene(s, fs_solid, 1.0f, work);
}

static bool
setup_blended(struct gl_bench_scene *s, double *work)
{
   if (!quad_scene(s, fs_solid, 1.0f, work))
      return false;
   glUniform4f(glGetUniformLocation(s->prog, "color"), 0.9f, 0.3f, 0.1f, 0.5f);
   glEnable(GL_BLEND);
   glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
   return true;
}

static bool
setup_textured(struct gl_bench_scene *s, double *work)
{
   s->tex = make_texture(s->size);
   return s->tex && quad_scene(s, fs_textured, 2.0f, work);
}

static bool
setup_alu(struct gl_bench_scene *s, double *work)
{
   return quad_scene(s, fs_alu, 1.0f, work);
}

static bool
setup_texture_heavy(struct gl_bench_scene *s, double *work)
{
   s->tex = make_texture(256);
   return s->tex && quad_scene(s, fs_texture_heavy, 1.0f, work);
}

/* Pixel (x, y) in normalized device coordinates. */
static float
ndc(double v, unsigned size)
{
   return (float)(v * 2.0 / size - 1.0);
}

static bool
setup_small_triangles(struct gl_bench_scene *s, double *work)
{
   /* 4 x 5 cells, two right triangles each: 10 pixels a triangle. */
   unsigned cols = s->size / 4, rows = s->size / 5;
   size_t n = (size_t)cols * rows * 6;
   float *xy = malloc(n * 2 * sizeof(float));
   if (!xy || !quad_scene(s, fs_solid, 1.0f, work)) {
      free(xy);
      return false;
   }
   float *p = xy;
   for (unsigned r = 0; r < rows; r++) {
      for (unsigned c = 0; c < cols; c++) {
         float x0 = ndc(c * 4, s->size), x1 = ndc(c * 4 + 4, s->size);
         float y0 = ndc(r * 5, s->size), y1 = ndc(r * 5 + 5, s->size);
         const float v[12] = { x0, y0, x1, y0, x1, y1, x0, y0, x1, y1, x0, y1 };
         for (unsigned i = 0; i < 12; i++)
            *p++ = v[i];
      }
   }
   glDeleteVertexArrays(1, &s->vao);
   glDeleteBuffers(1, &s->vbo);
   set_vertices(s, xy, (GLsizei)n);
   free(xy);
   *work = (double)n / 3;
   return true;
}

static bool
setup_vertices(struct gl_bench_scene *s, double *work)
{
   /* 333,334 triangles, one in each cell of a 578 x 578 grid (in
    * order, row by row), whatever the framebuffer size. */
   const unsigned tris = 333334, grid = 578;
   float *xy = malloc((size_t)tris * 6 * sizeof(float));
   if (!xy || !quad_scene(s, fs_solid, 1.0f, work)) {
      free(xy);
      return false;
   }
   for (unsigned t = 0; t < tris; t++) {
      float x0 = (float)(t % grid) * 2.0f / grid - 1.0f;
      float y0 = (float)(t / grid) * 2.0f / grid - 1.0f;
      float d = 2.0f / grid;
      const float v[6] = { x0, y0, x0 + d, y0, x0, y0 + d };
      for (unsigned i = 0; i < 6; i++)
         xy[t * 6 + i] = v[i];
   }
   glDeleteVertexArrays(1, &s->vao);
   glDeleteBuffers(1, &s->vbo);
   set_vertices(s, xy, (GLsizei)tris * 3);
   free(xy);
   *work = (double)tris * 3;
   return true;
}

static bool
setup_clear(struct gl_bench_scene *s, double *work)
{
   *work = 1;
   return true;
}

static bool
setup_readpixels(struct gl_bench_scene *s, double *work)
{
   double ignored;
   if (!quad_scene(s, fs_solid, 1.0f, &ignored))
      return false;
   glDrawArrays(GL_TRIANGLES, 0, s->count);
   s->pixels = malloc((size_t)s->size * s->size * 4);
   *work = (double)s->size * s->size * 4;
   return s->pixels != NULL;
}

static void
iterate_draw(struct gl_bench_scene *s, unsigned i)
{
   glDrawArrays(GL_TRIANGLES, 0, s->count);
}

static void
iterate_clear(struct gl_bench_scene *s, unsigned i)
{
   glClearColor((i % 7) / 7.0f, (i % 5) / 5.0f, (i % 3) / 3.0f, 1.0f);
   glClearDepth((i % 2) ? 1.0 : 0.5);
   glClearStencil((GLint)(i & 0xff));
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
}

static void
iterate_readpixels(struct gl_bench_scene *s, unsigned i)
{
   glPixelStorei(GL_PACK_ALIGNMENT, 4);
   glReadPixels(0, 0, s->size, s->size, GL_RGBA, GL_UNSIGNED_BYTE, s->pixels);
}

/* Default iterations: about a second or two on the slowest of Indium,
 * llvmpipe and softpipe on a 2-core VM (docs/performance.md). */
const struct gl_bench_workload gl_bench_workloads[] = {
   { "solid", "Mpixels/s", 10, setup_solid, iterate_draw },
   { "blended", "Mpixels/s", 10, setup_blended, iterate_draw },
   { "textured", "Mpixels/s", 3, setup_textured, iterate_draw },
   { "small-triangles", "Mtriangles/s", 2, setup_small_triangles,
     iterate_draw },
   { "vertices", "Mvertices/s", 1, setup_vertices, iterate_draw },
   { "alu", "Mpixels/s", 1, setup_alu, iterate_draw },
   { "texture-heavy", "Mpixels/s", 1, setup_texture_heavy, iterate_draw },
   { "clear", "clears/s", 30, setup_clear, iterate_clear },
   { "readpixels", "MB/s", 10, setup_readpixels, iterate_readpixels },
};

const unsigned gl_bench_num_workloads =
   sizeof(gl_bench_workloads) / sizeof(gl_bench_workloads[0]);

static bool
make_framebuffer(struct gl_bench_scene *s)
{
   glGenFramebuffers(1, &s->fbo);
   glBindFramebuffer(GL_FRAMEBUFFER, s->fbo);
   glGenRenderbuffers(2, s->rb);
   glBindRenderbuffer(GL_RENDERBUFFER, s->rb[0]);
   glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, s->size, s->size);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                             GL_RENDERBUFFER, s->rb[0]);
   glBindRenderbuffer(GL_RENDERBUFFER, s->rb[1]);
   glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH24_STENCIL8, s->size,
                         s->size);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT,
                             GL_RENDERBUFFER, s->rb[1]);
   if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
      fprintf(stderr, "gl_bench: framebuffer incomplete\n");
      return false;
   }
   glViewport(0, 0, s->size, s->size);
   glClearColor(0, 0, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
   return true;
}

static void
destroy_scene(struct gl_bench_scene *s)
{
   glDeleteProgram(s->prog);
   glDeleteVertexArrays(1, &s->vao);
   glDeleteBuffers(1, &s->vbo);
   glDeleteTextures(1, &s->tex);
   glDeleteRenderbuffers(2, s->rb);
   glDeleteFramebuffers(1, &s->fbo);
   free(s->pixels);
}

bool
gl_bench_draw_run(const struct gl_bench_workload *w,
                  const struct gl_bench_options *opts,
                  struct gl_bench_result *res)
{
   struct gl_bench_scene s = { .size = opts->size };
   double work = 0;
   bool ok = make_framebuffer(&s) && w->setup(&s, &work);
   if (ok) {
      /* Warm-up, untimed, on a few pixels: compiles and generates the
       * code of the state without paying for a whole frame. */
      glEnable(GL_SCISSOR_TEST);
      glScissor(0, 0, 8, 8);
      w->iterate(&s, 0);
      glFinish();
      glDisable(GL_SCISSOR_TEST);
      double start = gl_bench_now();
      for (unsigned i = 1; i <= opts->iterations; i++)
         w->iterate(&s, i);
      glFinish();
      res->seconds = gl_bench_now() - start;
      res->work = work * opts->iterations;
      res->scale = 1e6;
      if (w->iterate == iterate_clear)
         res->scale = 1;
      res->unit = w->unit;
      res->checksum = gl_bench_checksum(s.size);
      GLenum err = glGetError();
      if (err != GL_NO_ERROR) {
         fprintf(stderr, "gl_bench: GL error 0x%x\n", err);
         ok = false;
      }
   }
   destroy_scene(&s);
   return ok;
}
