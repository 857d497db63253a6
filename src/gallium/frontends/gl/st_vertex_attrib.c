/* SPDX-License-Identifier: MIT */

/*
 * Current attribute values: glVertexAttrib* (generic, float, normalized,
 * integer), and the compatibility glColor*, glSecondaryColor*,
 * glNormal*, glTexCoord*, glMultiTexCoord*, glFogCoord*, glEdgeFlag* and
 * glVertex* (which only means something between glBegin and glEnd).
 *
 * Every entry point converts its arguments to four floats (or ints for
 * glVertexAttribI*) and calls st_vertex_set_current().  Missing
 * components are (0, 0, 0, 1).  Normalized conversions follow GL 4.6
 * core, 2.3.5.1 (signed: max(c / (2^(b-1) - 1), -1); unsigned:
 * c / (2^b - 1)).  The many variants are written with local macros: each
 * defines the plain and the v form of one type for one command family.
 */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "glapi_api.h"
#include "st_context.h"
#include "st_vertex_priv.h"

void
st_vertex_set_current(struct st_context *ctx, unsigned location,
                      enum st_current_kind kind, const void *values)
{
   struct st_vertex_state *vs = ctx->vertex;
   bool compat = st_is_compat(ctx);
   bool provoking = compat && (location == 0 || location == ST_ATTRIB_VERTEX);
   if (provoking && ctx->inside_begin_end) {
      st_immediate_vertex(ctx, values);
      return;
   }
   /* glVertex outside glBegin/glEnd has no effect. */
   if (location == ST_ATTRIB_VERTEX)
      return;
   /* Current values are read at draw time; queued immediate-mode
    * vertices already copied theirs. */
   if (!ctx->inside_begin_end)
      st_flush_vertices(ctx);
   memcpy(vs->current[location].u, values, sizeof(vs->current[location]));
   vs->current_kind[location] = kind;
   if (provoking)
      vs->current[ST_ATTRIB_VERTEX] = vs->current[0];
   ctx->dirty |= ST_DIRTY_VERTEX;
}

void
st_vertex_current_value(struct st_context *ctx, unsigned location,
                        GLfloat out[4])
{
   const struct st_vertex_state *vs = ctx->vertex;
   const union st_current *c = &vs->current[location];
   for (unsigned i = 0; i < 4; i++) {
      switch (vs->current_kind[location]) {
      case ST_CURRENT_FLOAT:
         out[i] = c->f[i];
         break;
      case ST_CURRENT_INT:
         out[i] = (GLfloat)c->i[i];
         break;
      default:
         out[i] = (GLfloat)c->u[i];
         break;
      }
   }
}

static void
attr4f(struct st_context *ctx, unsigned location, GLfloat x, GLfloat y,
       GLfloat z, GLfloat w)
{
   const GLfloat v[4] = { x, y, z, w };
   st_vertex_set_current(ctx, location, ST_CURRENT_FLOAT, v);
}

/* Normalized conversions. */
static GLfloat
n_b(GLbyte c)
{
   return fmaxf(c / 127.0f, -1.0f);
}
static GLfloat
n_s(GLshort c)
{
   return fmaxf(c / 32767.0f, -1.0f);
}
static GLfloat
n_i(GLint c)
{
   return (GLfloat)fmax(c / 2147483647.0, -1.0);
}
static GLfloat
n_ub(GLubyte c)
{
   return c / 255.0f;
}
static GLfloat
n_us(GLushort c)
{
   return c / 65535.0f;
}
static GLfloat
n_ui(GLuint c)
{
   return (GLfloat)(c / 4294967295.0);
}
/* Plain conversion. */
#define F(c) ((GLfloat)(c))

/* ---- generic attributes ---- */

static bool
generic_index(struct st_context *ctx, GLuint index, const char *func)
{
   if (index >= ST_MAX_VERTEX_ATTRIBS) {
      st_error(ctx, GL_INVALID_VALUE, "%s(index=%u)", func, index);
      return false;
   }
   return true;
}

static void
generic4f(struct st_context *ctx, GLuint index, GLfloat x, GLfloat y, GLfloat z,
          GLfloat w, const char *func)
{
   if (generic_index(ctx, index, func))
      attr4f(ctx, index, x, y, z, w);
}

static void
generic4i(struct st_context *ctx, GLuint index, enum st_current_kind kind,
          GLint x, GLint y, GLint z, GLint w, const char *func)
{
   if (!generic_index(ctx, index, func))
      return;
   const GLint v[4] = { x, y, z, w };
   st_vertex_set_current(ctx, index, kind, v);
}

/* glVertexAttrib{1,2,3,4}{s,f,d}[v] */
#define VA_FAMILY(sfx, T)                                                    \
   void api_VertexAttrib1##sfx(struct st_context *ctx, GLuint i, T x)        \
   {                                                                         \
      generic4f(ctx, i, F(x), 0, 0, 1, "glVertexAttrib1" #sfx);              \
   }                                                                         \
   void api_VertexAttrib2##sfx(struct st_context *ctx, GLuint i, T x, T y)   \
   {                                                                         \
      generic4f(ctx, i, F(x), F(y), 0, 1, "glVertexAttrib2" #sfx);           \
   }                                                                         \
   void api_VertexAttrib3##sfx(struct st_context *ctx, GLuint i, T x, T y,   \
                               T z)                                          \
   {                                                                         \
      generic4f(ctx, i, F(x), F(y), F(z), 1, "glVertexAttrib3" #sfx);        \
   }                                                                         \
   void api_VertexAttrib4##sfx(struct st_context *ctx, GLuint i, T x, T y,   \
                               T z, T w)                                     \
   {                                                                         \
      generic4f(ctx, i, F(x), F(y), F(z), F(w), "glVertexAttrib4" #sfx);     \
   }                                                                         \
   void api_VertexAttrib1##sfx##v(struct st_context *ctx, GLuint i,          \
                                  const T *v)                                \
   {                                                                         \
      generic4f(ctx, i, F(v[0]), 0, 0, 1, "glVertexAttrib1" #sfx "v");       \
   }                                                                         \
   void api_VertexAttrib2##sfx##v(struct st_context *ctx, GLuint i,          \
                                  const T *v)                                \
   {                                                                         \
      generic4f(ctx, i, F(v[0]), F(v[1]), 0, 1, "glVertexAttrib2" #sfx "v"); \
   }                                                                         \
   void api_VertexAttrib3##sfx##v(struct st_context *ctx, GLuint i,          \
                                  const T *v)                                \
   {                                                                         \
      generic4f(ctx, i, F(v[0]), F(v[1]), F(v[2]), 1,                        \
                "glVertexAttrib3" #sfx "v");                                 \
   }                                                                         \
   void api_VertexAttrib4##sfx##v(struct st_context *ctx, GLuint i,          \
                                  const T *v)                                \
   {                                                                         \
      generic4f(ctx, i, F(v[0]), F(v[1]), F(v[2]), F(v[3]),                  \
                "glVertexAttrib4" #sfx "v");                                 \
   }

VA_FAMILY(s, GLshort)
VA_FAMILY(f, GLfloat)
VA_FAMILY(d, GLdouble)

/* glVertexAttrib4{b,i,ub,us,ui}v (not normalized) and
 * glVertexAttrib4N{b,s,i,ub,us,ui}v (normalized). */
#define VA4V(sfx, T, CV, name)                                         \
   void api_VertexAttrib4##sfx##v(struct st_context *ctx, GLuint i,    \
                                  const T *v)                          \
   {                                                                   \
      generic4f(ctx, i, CV(v[0]), CV(v[1]), CV(v[2]), CV(v[3]), name); \
   }

VA4V(b, GLbyte, F, "glVertexAttrib4bv")
VA4V(i, GLint, F, "glVertexAttrib4iv")
VA4V(ub, GLubyte, F, "glVertexAttrib4ubv")
VA4V(us, GLushort, F, "glVertexAttrib4usv")
VA4V(ui, GLuint, F, "glVertexAttrib4uiv")
VA4V(Nb, GLbyte, n_b, "glVertexAttrib4Nbv")
VA4V(Ns, GLshort, n_s, "glVertexAttrib4Nsv")
VA4V(Ni, GLint, n_i, "glVertexAttrib4Niv")
VA4V(Nub, GLubyte, n_ub, "glVertexAttrib4Nubv")
VA4V(Nus, GLushort, n_us, "glVertexAttrib4Nusv")
VA4V(Nui, GLuint, n_ui, "glVertexAttrib4Nuiv")

void
api_VertexAttrib4Nub(struct st_context *ctx, GLuint index, GLubyte x, GLubyte y,
                     GLubyte z, GLubyte w)
{
   generic4f(ctx, index, n_ub(x), n_ub(y), n_ub(z), n_ub(w),
             "glVertexAttrib4Nub");
}

/* glVertexAttribI{1,2,3,4}{i,ui}[v] */
#define VAI_FAMILY(sfx, T, KIND)                                            \
   void api_VertexAttribI1##sfx(struct st_context *ctx, GLuint i, T x)      \
   {                                                                        \
      generic4i(ctx, i, KIND, (GLint)x, 0, 0, 1, "glVertexAttribI1" #sfx);  \
   }                                                                        \
   void api_VertexAttribI2##sfx(struct st_context *ctx, GLuint i, T x, T y) \
   {                                                                        \
      generic4i(ctx, i, KIND, (GLint)x, (GLint)y, 0, 1,                     \
                "glVertexAttribI2" #sfx);                                   \
   }                                                                        \
   void api_VertexAttribI3##sfx(struct st_context *ctx, GLuint i, T x, T y, \
                                T z)                                        \
   {                                                                        \
      generic4i(ctx, i, KIND, (GLint)x, (GLint)y, (GLint)z, 1,              \
                "glVertexAttribI3" #sfx);                                   \
   }                                                                        \
   void api_VertexAttribI4##sfx(struct st_context *ctx, GLuint i, T x, T y, \
                                T z, T w)                                   \
   {                                                                        \
      generic4i(ctx, i, KIND, (GLint)x, (GLint)y, (GLint)z, (GLint)w,       \
                "glVertexAttribI4" #sfx);                                   \
   }                                                                        \
   void api_VertexAttribI1##sfx##v(struct st_context *ctx, GLuint i,        \
                                   const T *v)                              \
   {                                                                        \
      generic4i(ctx, i, KIND, (GLint)v[0], 0, 0, 1,                         \
                "glVertexAttribI1" #sfx "v");                               \
   }                                                                        \
   void api_VertexAttribI2##sfx##v(struct st_context *ctx, GLuint i,        \
                                   const T *v)                              \
   {                                                                        \
      generic4i(ctx, i, KIND, (GLint)v[0], (GLint)v[1], 0, 1,               \
                "glVertexAttribI2" #sfx "v");                               \
   }                                                                        \
   void api_VertexAttribI3##sfx##v(struct st_context *ctx, GLuint i,        \
                                   const T *v)                              \
   {                                                                        \
      generic4i(ctx, i, KIND, (GLint)v[0], (GLint)v[1], (GLint)v[2], 1,     \
                "glVertexAttribI3" #sfx "v");                               \
   }                                                                        \
   void api_VertexAttribI4##sfx##v(struct st_context *ctx, GLuint i,        \
                                   const T *v)                              \
   {                                                                        \
      generic4i(ctx, i, KIND, (GLint)v[0], (GLint)v[1], (GLint)v[2],        \
                (GLint)v[3], "glVertexAttribI4" #sfx "v");                  \
   }

VAI_FAMILY(i, GLint, ST_CURRENT_INT)
VAI_FAMILY(ui, GLuint, ST_CURRENT_UINT)

/* glVertexAttribI4{b,s,ub,us}v */
#define VAI4V(sfx, T, KIND)                                          \
   void api_VertexAttribI4##sfx##v(struct st_context *ctx, GLuint i, \
                                   const T *v)                       \
   {                                                                 \
      generic4i(ctx, i, KIND, v[0], v[1], v[2], v[3],                \
                "glVertexAttribI4" #sfx "v");                        \
   }

VAI4V(b, GLbyte, ST_CURRENT_INT)
VAI4V(s, GLshort, ST_CURRENT_INT)
VAI4V(ub, GLubyte, ST_CURRENT_UINT)
VAI4V(us, GLushort, ST_CURRENT_UINT)

/* ---- compatibility attributes ---- */

/* glColor3 / glColor4 / glSecondaryColor3 of one type (normalized). */
#define COLOR_FAMILY(sfx, T, CV)                                            \
   void api_Color3##sfx(struct st_context *ctx, T r, T g, T b)              \
   {                                                                        \
      attr4f(ctx, ST_ATTRIB_COLOR, CV(r), CV(g), CV(b), 1);                 \
   }                                                                        \
   void api_Color3##sfx##v(struct st_context *ctx, const T *v)              \
   {                                                                        \
      attr4f(ctx, ST_ATTRIB_COLOR, CV(v[0]), CV(v[1]), CV(v[2]), 1);        \
   }                                                                        \
   void api_Color4##sfx(struct st_context *ctx, T r, T g, T b, T a)         \
   {                                                                        \
      attr4f(ctx, ST_ATTRIB_COLOR, CV(r), CV(g), CV(b), CV(a));             \
   }                                                                        \
   void api_Color4##sfx##v(struct st_context *ctx, const T *v)              \
   {                                                                        \
      attr4f(ctx, ST_ATTRIB_COLOR, CV(v[0]), CV(v[1]), CV(v[2]), CV(v[3])); \
   }                                                                        \
   void api_SecondaryColor3##sfx(struct st_context *ctx, T r, T g, T b)     \
   {                                                                        \
      attr4f(ctx, ST_ATTRIB_COLOR1, CV(r), CV(g), CV(b), 1);                \
   }                                                                        \
   void api_SecondaryColor3##sfx##v(struct st_context *ctx, const T *v)     \
   {                                                                        \
      attr4f(ctx, ST_ATTRIB_COLOR1, CV(v[0]), CV(v[1]), CV(v[2]), 1);       \
   }

COLOR_FAMILY(b, GLbyte, n_b)
COLOR_FAMILY(s, GLshort, n_s)
COLOR_FAMILY(i, GLint, n_i)
COLOR_FAMILY(ub, GLubyte, n_ub)
COLOR_FAMILY(us, GLushort, n_us)
COLOR_FAMILY(ui, GLuint, n_ui)
COLOR_FAMILY(f, GLfloat, F)
COLOR_FAMILY(d, GLdouble, F)

/* glNormal3 (integer types normalized). */
#define NORMAL(sfx, T, CV)                                            \
   void api_Normal3##sfx(struct st_context *ctx, T x, T y, T z)       \
   {                                                                  \
      attr4f(ctx, ST_ATTRIB_NORMAL, CV(x), CV(y), CV(z), 1);          \
   }                                                                  \
   void api_Normal3##sfx##v(struct st_context *ctx, const T *v)       \
   {                                                                  \
      attr4f(ctx, ST_ATTRIB_NORMAL, CV(v[0]), CV(v[1]), CV(v[2]), 1); \
   }

NORMAL(b, GLbyte, n_b)
NORMAL(s, GLshort, n_s)
NORMAL(i, GLint, n_i)
NORMAL(f, GLfloat, F)
NORMAL(d, GLdouble, F)

/* glTexCoord, glMultiTexCoord and glVertex of one type (not
 * normalized). */
static void
multi_tex_coord(struct st_context *ctx, GLenum target, GLfloat s, GLfloat t,
                GLfloat r, GLfloat q, const char *func)
{
   if (target < GL_TEXTURE0 || target >= GL_TEXTURE0 + ST_MAX_TEXTURE_COORDS) {
      st_error(ctx, GL_INVALID_ENUM, "%s(target=%s)", func,
               st_enum_name(target));
      return;
   }
   attr4f(ctx, ST_ATTRIB_TEX(target - GL_TEXTURE0), s, t, r, q);
}

#define COORD_FAMILY(sfx, T)                                                  \
   void api_TexCoord1##sfx(struct st_context *ctx, T s)                       \
   {                                                                          \
      attr4f(ctx, ST_ATTRIB_TEX(0), F(s), 0, 0, 1);                           \
   }                                                                          \
   void api_TexCoord2##sfx(struct st_context *ctx, T s, T t)                  \
   {                                                                          \
      attr4f(ctx, ST_ATTRIB_TEX(0), F(s), F(t), 0, 1);                        \
   }                                                                          \
   void api_TexCoord3##sfx(struct st_context *ctx, T s, T t, T r)             \
   {                                                                          \
      attr4f(ctx, ST_ATTRIB_TEX(0), F(s), F(t), F(r), 1);                     \
   }                                                                          \
   void api_TexCoord4##sfx(struct st_context *ctx, T s, T t, T r, T q)        \
   {                                                                          \
      attr4f(ctx, ST_ATTRIB_TEX(0), F(s), F(t), F(r), F(q));                  \
   }                                                                          \
   void api_TexCoord1##sfx##v(struct st_context *ctx, const T *v)             \
   {                                                                          \
      attr4f(ctx, ST_ATTRIB_TEX(0), F(v[0]), 0, 0, 1);                        \
   }                                                                          \
   void api_TexCoord2##sfx##v(struct st_context *ctx, const T *v)             \
   {                                                                          \
      attr4f(ctx, ST_ATTRIB_TEX(0), F(v[0]), F(v[1]), 0, 1);                  \
   }                                                                          \
   void api_TexCoord3##sfx##v(struct st_context *ctx, const T *v)             \
   {                                                                          \
      attr4f(ctx, ST_ATTRIB_TEX(0), F(v[0]), F(v[1]), F(v[2]), 1);            \
   }                                                                          \
   void api_TexCoord4##sfx##v(struct st_context *ctx, const T *v)             \
   {                                                                          \
      attr4f(ctx, ST_ATTRIB_TEX(0), F(v[0]), F(v[1]), F(v[2]), F(v[3]));      \
   }                                                                          \
   void api_MultiTexCoord1##sfx(struct st_context *ctx, GLenum u, T s)        \
   {                                                                          \
      multi_tex_coord(ctx, u, F(s), 0, 0, 1, "glMultiTexCoord1" #sfx);        \
   }                                                                          \
   void api_MultiTexCoord2##sfx(struct st_context *ctx, GLenum u, T s, T t)   \
   {                                                                          \
      multi_tex_coord(ctx, u, F(s), F(t), 0, 1, "glMultiTexCoord2" #sfx);     \
   }                                                                          \
   void api_MultiTexCoord3##sfx(struct st_context *ctx, GLenum u, T s, T t,   \
                                T r)                                          \
   {                                                                          \
      multi_tex_coord(ctx, u, F(s), F(t), F(r), 1, "glMultiTexCoord3" #sfx);  \
   }                                                                          \
   void api_MultiTexCoord4##sfx(struct st_context *ctx, GLenum u, T s, T t,   \
                                T r, T q)                                     \
   {                                                                          \
      multi_tex_coord(ctx, u, F(s), F(t), F(r), F(q),                         \
                      "glMultiTexCoord4" #sfx);                               \
   }                                                                          \
   void api_MultiTexCoord1##sfx##v(struct st_context *ctx, GLenum u,          \
                                   const T *v)                                \
   {                                                                          \
      multi_tex_coord(ctx, u, F(v[0]), 0, 0, 1, "glMultiTexCoord1" #sfx "v"); \
   }                                                                          \
   void api_MultiTexCoord2##sfx##v(struct st_context *ctx, GLenum u,          \
                                   const T *v)                                \
   {                                                                          \
      multi_tex_coord(ctx, u, F(v[0]), F(v[1]), 0, 1,                         \
                      "glMultiTexCoord2" #sfx "v");                           \
   }                                                                          \
   void api_MultiTexCoord3##sfx##v(struct st_context *ctx, GLenum u,          \
                                   const T *v)                                \
   {                                                                          \
      multi_tex_coord(ctx, u, F(v[0]), F(v[1]), F(v[2]), 1,                   \
                      "glMultiTexCoord3" #sfx "v");                           \
   }                                                                          \
   void api_MultiTexCoord4##sfx##v(struct st_context *ctx, GLenum u,          \
                                   const T *v)                                \
   {                                                                          \
      multi_tex_coord(ctx, u, F(v[0]), F(v[1]), F(v[2]), F(v[3]),             \
                      "glMultiTexCoord4" #sfx "v");                           \
   }                                                                          \
   void api_Vertex2##sfx(struct st_context *ctx, T x, T y)                    \
   {                                                                          \
      attr4f(ctx, ST_ATTRIB_VERTEX, F(x), F(y), 0, 1);                        \
   }                                                                          \
   void api_Vertex3##sfx(struct st_context *ctx, T x, T y, T z)               \
   {                                                                          \
      attr4f(ctx, ST_ATTRIB_VERTEX, F(x), F(y), F(z), 1);                     \
   }                                                                          \
   void api_Vertex4##sfx(struct st_context *ctx, T x, T y, T z, T w)          \
   {                                                                          \
      attr4f(ctx, ST_ATTRIB_VERTEX, F(x), F(y), F(z), F(w));                  \
   }                                                                          \
   void api_Vertex2##sfx##v(struct st_context *ctx, const T *v)               \
   {                                                                          \
      attr4f(ctx, ST_ATTRIB_VERTEX, F(v[0]), F(v[1]), 0, 1);                  \
   }                                                                          \
   void api_Vertex3##sfx##v(struct st_context *ctx, const T *v)               \
   {                                                                          \
      attr4f(ctx, ST_ATTRIB_VERTEX, F(v[0]), F(v[1]), F(v[2]), 1);            \
   }                                                                          \
   void api_Vertex4##sfx##v(struct st_context *ctx, const T *v)               \
   {                                                                          \
      attr4f(ctx, ST_ATTRIB_VERTEX, F(v[0]), F(v[1]), F(v[2]), F(v[3]));      \
   }

COORD_FAMILY(s, GLshort)
COORD_FAMILY(i, GLint)
COORD_FAMILY(f, GLfloat)
COORD_FAMILY(d, GLdouble)

void
api_FogCoordf(struct st_context *ctx, GLfloat coord)
{
   attr4f(ctx, ST_ATTRIB_FOG, coord, 0, 0, 1);
}

void
api_FogCoordfv(struct st_context *ctx, const GLfloat *coord)
{
   attr4f(ctx, ST_ATTRIB_FOG, coord[0], 0, 0, 1);
}

void
api_FogCoordd(struct st_context *ctx, GLdouble coord)
{
   attr4f(ctx, ST_ATTRIB_FOG, (GLfloat)coord, 0, 0, 1);
}

void
api_FogCoorddv(struct st_context *ctx, const GLdouble *coord)
{
   attr4f(ctx, ST_ATTRIB_FOG, (GLfloat)coord[0], 0, 0, 1);
}

void
api_EdgeFlag(struct st_context *ctx, GLboolean flag)
{
   ctx->vertex->current[ST_ATTRIB_EDGE_FLAG].f[0] = flag != GL_FALSE;
}

void
api_EdgeFlagv(struct st_context *ctx, const GLboolean *flag)
{
   api_EdgeFlag(ctx, flag[0]);
}

/* ---- glVertexAttribP* (packed 2_10_10_10) ---- */

/** Sign-extends the @p bits low bits of @p v. */
static int32_t
sext(uint32_t v, unsigned bits)
{
   return (int32_t)(v << (32 - bits)) >> (32 - bits);
}

/**
 * Sets generic attribute @p index from a 2_10_10_10 value: @p n
 * components, the rest (0, 0, 0, 1).  Signed normalized values use
 * GL 4.6 core, 2.3.5.1's max(c / (2^(b-1) - 1), -1); another type is
 * GL_INVALID_ENUM.
 */
static void
attrib_packed(struct st_context *ctx, GLuint index, GLenum type,
              GLboolean normalized, GLuint value, unsigned n, const char *func)
{
   static const unsigned shift[4] = { 0, 10, 20, 30 };
   static const unsigned bits[4] = { 10, 10, 10, 2 };
   if (type != GL_INT_2_10_10_10_REV &&
       type != GL_UNSIGNED_INT_2_10_10_10_REV) {
      st_error(ctx, GL_INVALID_ENUM, "%s(type=%s)", func, st_enum_name(type));
      return;
   }
   GLfloat v[4] = { 0, 0, 0, 1 };
   for (unsigned c = 0; c < n; c++) {
      uint32_t u = (value >> shift[c]) & ((1u << bits[c]) - 1);
      float max = (float)((1u << bits[c]) - 1);
      if (type == GL_UNSIGNED_INT_2_10_10_10_REV) {
         v[c] = normalized ? u / max : (GLfloat)u;
      } else {
         int32_t s = sext(u, bits[c]);
         float smax = (float)((1u << (bits[c] - 1)) - 1);
         v[c] = normalized ? fmaxf(s / smax, -1.0f) : (GLfloat)s;
      }
   }
   generic4f(ctx, index, v[0], v[1], v[2], v[3], func);
}

#define VAP(n)                                                          \
   void api_VertexAttribP##n##ui(struct st_context *ctx, GLuint index,  \
                                 GLenum type, GLboolean normalized,     \
                                 GLuint value)                          \
   {                                                                    \
      attrib_packed(ctx, index, type, normalized, value, n,             \
                    "glVertexAttribP" #n "ui");                         \
   }                                                                    \
   void api_VertexAttribP##n##uiv(struct st_context *ctx, GLuint index, \
                                  GLenum type, GLboolean normalized,    \
                                  const GLuint *value)                  \
   {                                                                    \
      attrib_packed(ctx, index, type, normalized, value[0], n,          \
                    "glVertexAttribP" #n "uiv");                        \
   }

VAP(1)
VAP(2)
VAP(3)
VAP(4)
