/* SPDX-License-Identifier: MIT */

/*
 * Frame buffer configurations: eglGetConfigs, eglChooseConfig and
 * eglGetConfigAttrib.
 *
 * The configs are every pair of a colour format (RGBA8888, RGB888) and a
 * depth/stencil choice (none, depth 24 + stencil 8, depth 24 alone) that
 * the pipe screen can render to, for pbuffers; a window-system platform
 * adds the same depth/stencil choices for each visual it renders to
 * (egl_config_add_native(): windows, pixmaps and pbuffers).  All are
 * single-sampled, conformant, and render OpenGL, OpenGL ES 2 and OpenGL
 * ES 3.
 *
 * eglChooseConfig follows EGL 1.5, 3.4.1.2: Table 3.4 gives each
 * attribute's default and matching rule (at least, exact, mask, special),
 * and the sort order is caveat, colour buffer type, the colour bits the
 * application asked for (more first), buffer size, samples, depth,
 * stencil, alpha mask (smaller first), then the config id.
 */
#include <stdlib.h>

#include "pipe/p_defines.h"
#include "pipe/p_screen.h"

#include "egl_api.h"
#include "egl_priv.h"

/** The largest pbuffer (the pipe screen's 2D texture limit is higher;
 * this keeps one RGBA8 pbuffer under 256 MiB). */
#define MAX_PBUFFER_SIZE 8192

static const struct {
   enum pipe_format format;
   EGLint red, green, blue, alpha;
} color_formats[] = {
   { PIPE_FORMAT_R8G8B8A8_UNORM, 8, 8, 8, 8 },
   { PIPE_FORMAT_R8G8B8_UNORM, 8, 8, 8, 0 },
};

static const struct {
   enum pipe_format format;
   EGLint depth, stencil;
} depth_stencil_formats[] = {
   { PIPE_FORMAT_NONE, 0, 0 },
   { PIPE_FORMAT_Z24_UNORM_S8_UINT, 24, 8 },
   { PIPE_FORMAT_Z24X8_UNORM, 24, 0 },
};

#define NUM_COLOR_FORMATS (sizeof(color_formats) / sizeof(color_formats[0]))
#define NUM_DEPTH_STENCIL_FORMATS \
   (sizeof(depth_stencil_formats) / sizeof(depth_stencil_formats[0]))
/* The pbuffer configs and those of two native visuals. */
_Static_assert(2 * NUM_COLOR_FORMATS * NUM_DEPTH_STENCIL_FORMATS <=
                  EGL_MAX_CONFIGS,
               "every combination fits in egl_display::configs");

#define RENDERABLE_TYPES \
   (EGL_OPENGL_BIT | EGL_OPENGL_ES2_BIT | EGL_OPENGL_ES3_BIT)

/** Appends configs of @p color, one per depth/stencil format the screen
 * renders to, while there is room. */
static void
add_configs(struct egl_display *dpy, const struct egl_config *base)
{
   struct pipe_screen *pscreen = st_screen_pipe(dpy->screen);
   if (!pscreen->is_format_supported(pscreen, base->color_format,
                                     PIPE_TEXTURE_2D, 0,
                                     PIPE_BIND_RENDER_TARGET))
      return;
   for (unsigned d = 0; d < NUM_DEPTH_STENCIL_FORMATS; d++) {
      enum pipe_format zs = depth_stencil_formats[d].format;
      if (zs != PIPE_FORMAT_NONE &&
          !pscreen->is_format_supported(pscreen, zs, PIPE_TEXTURE_2D, 0,
                                        PIPE_BIND_DEPTH_STENCIL))
         continue;
      if (dpy->num_configs == EGL_MAX_CONFIGS)
         return;
      struct egl_config *config = &dpy->configs[dpy->num_configs];
      *config = *base;
      config->id = (EGLint)dpy->num_configs + 1;
      config->depth_stencil_format = zs;
      config->depth = depth_stencil_formats[d].depth;
      config->stencil = depth_stencil_formats[d].stencil;
      dpy->num_configs++;
   }
}

void
egl_config_init(struct egl_display *dpy)
{
   dpy->num_configs = 0;
   for (unsigned c = 0; c < NUM_COLOR_FORMATS; c++) {
      struct egl_config base = {
         .color_format = color_formats[c].format,
         .red = color_formats[c].red,
         .green = color_formats[c].green,
         .blue = color_formats[c].blue,
         .alpha = color_formats[c].alpha,
         .renderable_type = RENDERABLE_TYPES,
         .surface_type = EGL_PBUFFER_BIT,
         .native_visual_type = EGL_NONE,
      };
      add_configs(dpy, &base);
   }
}

void
egl_config_add_native(struct egl_display *dpy, enum pipe_format color,
                      EGLint red, EGLint green, EGLint blue, EGLint alpha,
                      EGLint visual_id, EGLint visual_type, unsigned depth,
                      EGLint surface_type)
{
   struct egl_config base = {
      .color_format = color,
      .red = red,
      .green = green,
      .blue = blue,
      .alpha = alpha,
      .renderable_type = RENDERABLE_TYPES,
      .surface_type = surface_type,
      .native_visual_id = visual_id,
      .native_visual_type = visual_type,
      .native_depth = depth,
   };
   add_configs(dpy, &base);
}

const struct egl_config *
egl_config_lookup(struct egl_display *dpy, EGLConfig handle)
{
   const struct egl_config *config = handle;
   if (config < dpy->configs || config >= dpy->configs + dpy->num_configs)
      return NULL;
   return config;
}

/** The value of @p attribute for @p config; false if it is not a config
 * attribute. */
static bool
config_attrib(const struct egl_config *config, EGLint attribute, EGLint *value)
{
   switch (attribute) {
   case EGL_BUFFER_SIZE:
      *value = config->red + config->green + config->blue + config->alpha;
      return true;
   case EGL_RED_SIZE:
      *value = config->red;
      return true;
   case EGL_GREEN_SIZE:
      *value = config->green;
      return true;
   case EGL_BLUE_SIZE:
      *value = config->blue;
      return true;
   case EGL_ALPHA_SIZE:
      *value = config->alpha;
      return true;
   case EGL_DEPTH_SIZE:
      *value = config->depth;
      return true;
   case EGL_STENCIL_SIZE:
      *value = config->stencil;
      return true;
   case EGL_CONFIG_ID:
      *value = config->id;
      return true;
   case EGL_RENDERABLE_TYPE:
   case EGL_CONFORMANT:
      *value = config->renderable_type;
      return true;
   case EGL_SURFACE_TYPE:
      *value = config->surface_type;
      return true;
   case EGL_COLOR_BUFFER_TYPE:
      *value = EGL_RGB_BUFFER;
      return true;
   case EGL_CONFIG_CAVEAT:
   case EGL_TRANSPARENT_TYPE:
      *value = EGL_NONE;
      return true;
   case EGL_NATIVE_VISUAL_TYPE:
      *value = config->native_visual_type;
      return true;
   case EGL_NATIVE_VISUAL_ID:
      *value = config->native_visual_id;
      return true;
   case EGL_MAX_PBUFFER_WIDTH:
   case EGL_MAX_PBUFFER_HEIGHT:
      *value = MAX_PBUFFER_SIZE;
      return true;
   case EGL_MAX_PBUFFER_PIXELS:
      *value = MAX_PBUFFER_SIZE * MAX_PBUFFER_SIZE;
      return true;
   case EGL_MAX_SWAP_INTERVAL:
      *value = 1;
      return true;
   case EGL_BIND_TO_TEXTURE_RGB:
   case EGL_BIND_TO_TEXTURE_RGBA:
   case EGL_NATIVE_RENDERABLE:
      *value = EGL_FALSE;
      return true;
   case EGL_ALPHA_MASK_SIZE:
   case EGL_LUMINANCE_SIZE:
   case EGL_LEVEL:
   case EGL_MIN_SWAP_INTERVAL:
   case EGL_SAMPLES:
   case EGL_SAMPLE_BUFFERS:
   case EGL_TRANSPARENT_RED_VALUE:
   case EGL_TRANSPARENT_GREEN_VALUE:
   case EGL_TRANSPARENT_BLUE_VALUE:
      *value = 0;
      return true;
   default:
      return false;
   }
}

EGLBoolean
egl_GetConfigAttrib(EGLDisplay handle, EGLConfig config_handle,
                    EGLint attribute, EGLint *value)
{
   egl_lock();
   struct egl_display *dpy = egl_display_lookup_initialized(handle);
   egl_unlock();
   if (!dpy)
      return EGL_FALSE;
   const struct egl_config *config = egl_config_lookup(dpy, config_handle);
   if (!config)
      return egl_error(EGL_BAD_CONFIG);
   EGLint result;
   if (!config_attrib(config, attribute, &result))
      return egl_error(EGL_BAD_ATTRIBUTE);
   if (!value)
      return egl_error(EGL_BAD_PARAMETER);
   *value = result;
   egl_thread_get()->error = EGL_SUCCESS;
   return EGL_TRUE;
}

EGLBoolean
egl_GetConfigs(EGLDisplay handle, EGLConfig *configs, EGLint config_size,
               EGLint *num_config)
{
   egl_lock();
   struct egl_display *dpy = egl_display_lookup_initialized(handle);
   egl_unlock();
   if (!dpy)
      return EGL_FALSE;
   if (!num_config)
      return egl_error(EGL_BAD_PARAMETER);
   EGLint n = (EGLint)dpy->num_configs;
   if (configs) {
      n = config_size < n ? (config_size > 0 ? config_size : 0) : n;
      for (EGLint i = 0; i < n; i++)
         configs[i] = (EGLConfig)&dpy->configs[i];
   }
   *num_config = n;
   egl_thread_get()->error = EGL_SUCCESS;
   return EGL_TRUE;
}

/* ---- eglChooseConfig ---- */

enum match_rule {
   MATCH_AT_LEAST,
   MATCH_EXACT,
   MATCH_MASK,
   /** Not a selection criterion (the MAX_PBUFFER sizes, the visual id). */
   MATCH_IGNORED,
};

/** Table 3.4: the attributes eglChooseConfig accepts. */
static const struct {
   EGLint attribute;
   EGLint default_value;
   enum match_rule rule;
} choose_attribs[] = {
   { EGL_BUFFER_SIZE, 0, MATCH_AT_LEAST },
   { EGL_RED_SIZE, 0, MATCH_AT_LEAST },
   { EGL_GREEN_SIZE, 0, MATCH_AT_LEAST },
   { EGL_BLUE_SIZE, 0, MATCH_AT_LEAST },
   { EGL_LUMINANCE_SIZE, 0, MATCH_AT_LEAST },
   { EGL_ALPHA_SIZE, 0, MATCH_AT_LEAST },
   { EGL_ALPHA_MASK_SIZE, 0, MATCH_AT_LEAST },
   { EGL_BIND_TO_TEXTURE_RGB, EGL_DONT_CARE, MATCH_EXACT },
   { EGL_BIND_TO_TEXTURE_RGBA, EGL_DONT_CARE, MATCH_EXACT },
   { EGL_COLOR_BUFFER_TYPE, EGL_RGB_BUFFER, MATCH_EXACT },
   { EGL_CONFIG_CAVEAT, EGL_DONT_CARE, MATCH_EXACT },
   { EGL_CONFIG_ID, EGL_DONT_CARE, MATCH_EXACT },
   { EGL_CONFORMANT, 0, MATCH_MASK },
   { EGL_DEPTH_SIZE, 0, MATCH_AT_LEAST },
   { EGL_LEVEL, 0, MATCH_EXACT },
   { EGL_MAX_PBUFFER_WIDTH, 0, MATCH_IGNORED },
   { EGL_MAX_PBUFFER_HEIGHT, 0, MATCH_IGNORED },
   { EGL_MAX_PBUFFER_PIXELS, 0, MATCH_IGNORED },
   { EGL_MAX_SWAP_INTERVAL, EGL_DONT_CARE, MATCH_EXACT },
   { EGL_MIN_SWAP_INTERVAL, EGL_DONT_CARE, MATCH_EXACT },
   { EGL_NATIVE_RENDERABLE, EGL_DONT_CARE, MATCH_EXACT },
   { EGL_NATIVE_VISUAL_ID, 0, MATCH_IGNORED },
   { EGL_NATIVE_VISUAL_TYPE, EGL_DONT_CARE, MATCH_EXACT },
   { EGL_RENDERABLE_TYPE, EGL_OPENGL_ES_BIT, MATCH_MASK },
   { EGL_SAMPLE_BUFFERS, 0, MATCH_AT_LEAST },
   { EGL_SAMPLES, 0, MATCH_AT_LEAST },
   { EGL_STENCIL_SIZE, 0, MATCH_AT_LEAST },
   { EGL_SURFACE_TYPE, EGL_WINDOW_BIT, MATCH_MASK },
   { EGL_TRANSPARENT_TYPE, EGL_NONE, MATCH_EXACT },
   { EGL_TRANSPARENT_RED_VALUE, EGL_DONT_CARE, MATCH_EXACT },
   { EGL_TRANSPARENT_GREEN_VALUE, EGL_DONT_CARE, MATCH_EXACT },
   { EGL_TRANSPARENT_BLUE_VALUE, EGL_DONT_CARE, MATCH_EXACT },
};

#define NUM_CHOOSE_ATTRIBS (sizeof(choose_attribs) / sizeof(choose_attribs[0]))

struct criteria {
   EGLint value[NUM_CHOOSE_ATTRIBS];
};

static int
attrib_index(EGLint attribute)
{
   for (unsigned i = 0; i < NUM_CHOOSE_ATTRIBS; i++) {
      if (choose_attribs[i].attribute == attribute)
         return (int)i;
   }
   return -1;
}

static EGLint
criterion(const struct criteria *c, EGLint attribute)
{
   return c->value[attrib_index(attribute)];
}

/** Whether @p value is acceptable for @p attribute (EGL_BAD_ATTRIBUTE
 * otherwise). */
static bool
valid_value(EGLint attribute, EGLint value)
{
   switch (attribute) {
   case EGL_COLOR_BUFFER_TYPE:
      return value == EGL_RGB_BUFFER || value == EGL_LUMINANCE_BUFFER ||
             value == EGL_DONT_CARE;
   case EGL_CONFIG_CAVEAT:
      return value == EGL_NONE || value == EGL_SLOW_CONFIG ||
             value == EGL_NON_CONFORMANT_CONFIG || value == EGL_DONT_CARE;
   case EGL_TRANSPARENT_TYPE:
      return value == EGL_NONE || value == EGL_TRANSPARENT_RGB ||
             value == EGL_DONT_CARE;
   case EGL_BIND_TO_TEXTURE_RGB:
   case EGL_BIND_TO_TEXTURE_RGBA:
   case EGL_NATIVE_RENDERABLE:
      return value == EGL_TRUE || value == EGL_FALSE || value == EGL_DONT_CARE;
   case EGL_LEVEL:
   case EGL_CONFIG_ID:
   case EGL_NATIVE_VISUAL_TYPE:
   case EGL_CONFORMANT:
   case EGL_RENDERABLE_TYPE:
   case EGL_SURFACE_TYPE:
      return true;
   default:
      /* Sizes, swap intervals, transparent values: non-negative or
       * EGL_DONT_CARE. */
      return value >= 0 || value == EGL_DONT_CARE;
   }
}

static bool
config_matches(const struct egl_config *config, const struct criteria *c)
{
   /* EGL_CONFIG_ID given: every other attribute is ignored. */
   EGLint id = criterion(c, EGL_CONFIG_ID);
   if (id != EGL_DONT_CARE)
      return config->id == id;

   for (unsigned i = 0; i < NUM_CHOOSE_ATTRIBS; i++) {
      EGLint want = c->value[i];
      EGLint have = 0;
      if (choose_attribs[i].rule == MATCH_IGNORED || want == EGL_DONT_CARE)
         continue;
      /* The transparent colour only matters for transparent configs. */
      EGLint attribute = choose_attribs[i].attribute;
      if ((attribute == EGL_TRANSPARENT_RED_VALUE ||
           attribute == EGL_TRANSPARENT_GREEN_VALUE ||
           attribute == EGL_TRANSPARENT_BLUE_VALUE) &&
          criterion(c, EGL_TRANSPARENT_TYPE) != EGL_TRANSPARENT_RGB)
         continue;
      config_attrib(config, attribute, &have);
      switch (choose_attribs[i].rule) {
      case MATCH_AT_LEAST:
         if (have < want)
            return false;
         break;
      case MATCH_EXACT:
         if (have != want)
            return false;
         break;
      case MATCH_MASK:
         if ((have & want) != want)
            return false;
         break;
      case MATCH_IGNORED:
         break;
      }
   }
   return true;
}

/** The colour bits of @p config counted by sort rule 3: only the
 * components the application asked for with a size above zero. */
static EGLint
requested_color_bits(const struct egl_config *config, const struct criteria *c)
{
   static const EGLint components[] = { EGL_RED_SIZE, EGL_GREEN_SIZE,
                                        EGL_BLUE_SIZE, EGL_ALPHA_SIZE };
   EGLint bits = 0;
   for (unsigned i = 0; i < 4; i++) {
      EGLint want = criterion(c, components[i]);
      EGLint have = 0;
      config_attrib(config, components[i], &have);
      if (want > 0)
         bits += have;
   }
   return bits;
}

/* qsort has no context argument: eglChooseConfig sorts under the lock. */
static const struct criteria *sort_criteria;

static int
compare_configs(const void *pa, const void *pb)
{
   const struct egl_config *a = *(const struct egl_config *const *)pa;
   const struct egl_config *b = *(const struct egl_config *const *)pb;

   /* Rules 1 (caveat), 2 (buffer type), 5, 6 (samples), 9 (alpha mask)
    * and 10 (visual type) compare equal values for every config. */
   EGLint bits_a = requested_color_bits(a, sort_criteria);
   EGLint bits_b = requested_color_bits(b, sort_criteria);
   if (bits_a != bits_b)
      return bits_a > bits_b ? -1 : 1;
   EGLint size_a = a->red + a->green + a->blue + a->alpha;
   EGLint size_b = b->red + b->green + b->blue + b->alpha;
   if (size_a != size_b)
      return size_a < size_b ? -1 : 1;
   if (a->depth != b->depth)
      return a->depth < b->depth ? -1 : 1;
   if (a->stencil != b->stencil)
      return a->stencil < b->stencil ? -1 : 1;
   return a->id < b->id ? -1 : a->id > b->id;
}

EGLBoolean
egl_ChooseConfig(EGLDisplay handle, const EGLint *attrib_list,
                 EGLConfig *configs, EGLint config_size, EGLint *num_config)
{
   egl_lock();
   struct egl_display *dpy = egl_display_lookup_initialized(handle);
   if (!dpy) {
      egl_unlock();
      return EGL_FALSE;
   }
   if (!num_config) {
      egl_unlock();
      return egl_error(EGL_BAD_PARAMETER);
   }

   struct criteria c;
   for (unsigned i = 0; i < NUM_CHOOSE_ATTRIBS; i++)
      c.value[i] = choose_attribs[i].default_value;
   for (const EGLint *a = attrib_list; a && a[0] != EGL_NONE; a += 2) {
      /* Table 3.4: a special criterion; there are no pixmaps, so any
       * pixmap given is not a valid one. */
      if (a[0] == EGL_MATCH_NATIVE_PIXMAP) {
         if (a[1] == EGL_NONE)
            continue;
         egl_unlock();
         return egl_error(EGL_BAD_NATIVE_PIXMAP);
      }
      int index = attrib_index(a[0]);
      if (index < 0 || !valid_value(a[0], a[1])) {
         egl_unlock();
         return egl_error(EGL_BAD_ATTRIBUTE);
      }
      c.value[index] = a[1];
   }
   const struct egl_config *matches[EGL_MAX_CONFIGS];
   unsigned n = 0;
   for (unsigned i = 0; i < dpy->num_configs; i++) {
      if (config_matches(&dpy->configs[i], &c))
         matches[n++] = &dpy->configs[i];
   }
   sort_criteria = &c;
   qsort(matches, n, sizeof(matches[0]), compare_configs);
   sort_criteria = NULL;
   egl_unlock();

   EGLint count = (EGLint)n;
   if (configs) {
      if (config_size < count)
         count = config_size > 0 ? config_size : 0;
      for (EGLint i = 0; i < count; i++)
         configs[i] = (EGLConfig)matches[i];
   }
   *num_config = count;
   egl_thread_get()->error = EGL_SUCCESS;
   return EGL_TRUE;
}
