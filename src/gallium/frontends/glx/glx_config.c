/* SPDX-License-Identifier: MIT */

/*
 * Configs and visuals: glXGetFBConfigs, glXChooseFBConfig,
 * glXGetFBConfigAttrib, glXGetVisualFromFBConfig, glXChooseVisual and
 * glXGetConfig.
 *
 * Each screen gets, for depth 24 (RGB) and depth 32 (RGBA), the six
 * combinations of double or single buffering and depth/stencil (24/8,
 * none, 24/0), in that order, all with BGRA8 colour buffers.  Config k of
 * a depth takes the k-th TrueColor visual of that depth with 8-bit
 * channels (the screen's root visual first): an X server with GLX has a
 * visual for each of its own configs (Xvfb: 180 of depth 24), so every
 * config gets its own visual and glXChooseVisual's answer names one
 * config.  A config left without a visual renders to pbuffers only.
 *
 * glXChooseFBConfig follows GLX 1.4, 3.3.3 (Table 3.4: defaults, the
 * minimum / exact / mask rules and the sort priorities); glXChooseVisual
 * follows its older rules (GLX 1.4, 3.4.1... booleans without values,
 * GLX_RGBA and GLX_DOUBLEBUFFER required to get RGBA or double-buffered
 * visuals; largest colour, the depth buffer closest to the request with
 * none preferred for 0, smallest stencil).
 */
#include <stdlib.h>
#include <string.h>

#include <X11/Xlibint.h>
#include <X11/Xutil.h>

#include "glx_priv.h"
#include "pipe/p_defines.h"
#include "pipe/p_screen.h"

#define MAX_PBUFFER_SIZE 8192
/** GLX_DONT_CARE is 0xFFFFFFFF; attribute values are ints. */
#define DONT_CARE ((int)GLX_DONT_CARE)

static const struct {
   bool double_buffered;
   enum pipe_format format;
   int depth, stencil;
} kinds[] = {
   { true, PIPE_FORMAT_Z24_UNORM_S8_UINT, 24, 8 },
   { true, PIPE_FORMAT_NONE, 0, 0 },
   { true, PIPE_FORMAT_Z24X8_UNORM, 24, 0 },
   { false, PIPE_FORMAT_Z24_UNORM_S8_UINT, 24, 8 },
   { false, PIPE_FORMAT_NONE, 0, 0 },
   { false, PIPE_FORMAT_Z24X8_UNORM, 24, 0 },
};
#define NUM_KINDS (sizeof(kinds) / sizeof(kinds[0]))
_Static_assert(2 * NUM_KINDS <= GLX_MAX_CONFIGS, "configs fit");

/** The TrueColor visuals of @p depth the winsys can present to, root
 * visual first; at most @p max. */
static unsigned
screen_visuals(xcb_connection_t *conn, int screen, uint8_t depth,
               struct ws_xcb_visual *out, unsigned max)
{
   xcb_screen_t *s = ws_xcb_screen(conn, screen);
   unsigned n = 0;
   if (!s)
      return 0;
   if (ws_xcb_visual_find(conn, screen, s->root_visual, 0, &out[0]) &&
       out[0].depth == depth)
      n = 1;
   xcb_depth_iterator_t d = xcb_screen_allowed_depths_iterator(s);
   for (; d.rem && n < max; xcb_depth_next(&d)) {
      if (d.data->depth != depth)
         continue;
      xcb_visualtype_iterator_t v = xcb_depth_visuals_iterator(d.data);
      for (; v.rem && n < max; xcb_visualtype_next(&v)) {
         if (v.data->visual_id == s->root_visual)
            continue;
         if (ws_xcb_visual_find(conn, screen, v.data->visual_id, 0, &out[n]))
            n++;
      }
   }
   return n;
}

void
glx_config_init(struct glx_display *display)
{
   struct st_screen *st = glx_st_screen();
   struct pipe_screen *pscreen = st ? st_screen_pipe(st) : NULL;
   int id = 1;
   for (int s = 0; s < display->num_screens; s++) {
      struct glx_screen *screen = &display->screens[s];
      static const uint8_t depths[] = { 24, 32 };
      for (unsigned i = 0; i < 2 && pscreen; i++) {
         struct ws_xcb_visual visuals[NUM_KINDS];
         memset(visuals, 0, sizeof(visuals));
         screen_visuals(display->conn, s, depths[i], visuals, NUM_KINDS);
         for (unsigned k = 0; k < NUM_KINDS; k++) {
            if (kinds[k].format != PIPE_FORMAT_NONE &&
                !pscreen->is_format_supported(pscreen, kinds[k].format,
                                              PIPE_TEXTURE_2D, 0,
                                              PIPE_BIND_DEPTH_STENCIL))
               continue;
            bool has_visual = visuals[k].id != 0;
            screen->configs[screen->num_configs++] = (struct glx_config){
               .id = id++,
               .screen = s,
               .visual = visuals[k],
               .color_format = PIPE_FORMAT_B8G8R8A8_UNORM,
               .depth_stencil_format = kinds[k].format,
               .red = 8,
               .green = 8,
               .blue = 8,
               .alpha = depths[i] == 32 ? 8 : 0,
               .depth = kinds[k].depth,
               .stencil = kinds[k].stencil,
               .double_buffered = kinds[k].double_buffered,
               .drawable_type =
                  has_visual ? GLX_WINDOW_BIT | GLX_PIXMAP_BIT | GLX_PBUFFER_BIT
                             : GLX_PBUFFER_BIT,
            };
         }
      }
   }
}

const struct glx_config *
glx_config_lookup(struct glx_display *display, GLXFBConfig handle)
{
   for (int s = 0; display && s < display->num_screens; s++) {
      struct glx_screen *screen = &display->screens[s];
      const struct glx_config *c = (const struct glx_config *)handle;
      if (c >= screen->configs && c < screen->configs + screen->num_configs)
         return c;
   }
   return NULL;
}

const struct glx_config *
glx_config_from_visual(struct glx_display *display, const XVisualInfo *vis)
{
   struct glx_screen *screen = glx_display_screen(display, vis->screen);
   for (unsigned i = 0; screen && i < screen->num_configs; i++) {
      if (screen->configs[i].visual.id &&
          screen->configs[i].visual.id == vis->visualid)
         return &screen->configs[i];
   }
   return NULL;
}

/** The value of @p attribute; false if it is not an fbconfig attribute. */
static bool
config_attrib(const struct glx_config *c, int attribute, int *value)
{
   bool visual = c->visual.id != 0;
   switch (attribute) {
   case GLX_FBCONFIG_ID:
      *value = c->id;
      return true;
   case GLX_BUFFER_SIZE:
      *value = c->red + c->green + c->blue + c->alpha;
      return true;
   case GLX_LEVEL:
   case GLX_STEREO:
   case GLX_AUX_BUFFERS:
   case GLX_ACCUM_RED_SIZE:
   case GLX_ACCUM_GREEN_SIZE:
   case GLX_ACCUM_BLUE_SIZE:
   case GLX_ACCUM_ALPHA_SIZE:
   case GLX_SAMPLE_BUFFERS:
   case GLX_SAMPLES:
   case GLX_TRANSPARENT_INDEX_VALUE:
   case GLX_TRANSPARENT_RED_VALUE:
   case GLX_TRANSPARENT_GREEN_VALUE:
   case GLX_TRANSPARENT_BLUE_VALUE:
   case GLX_TRANSPARENT_ALPHA_VALUE:
   case GLX_BIND_TO_TEXTURE_RGB_EXT:
   case GLX_BIND_TO_TEXTURE_RGBA_EXT:
   case GLX_BIND_TO_MIPMAP_TEXTURE_EXT:
   case GLX_BIND_TO_TEXTURE_TARGETS_EXT:
   case GLX_FRAMEBUFFER_SRGB_CAPABLE_ARB:
      *value = 0;
      return true;
   case GLX_DOUBLEBUFFER:
      *value = c->double_buffered;
      return true;
   case GLX_RED_SIZE:
      *value = c->red;
      return true;
   case GLX_GREEN_SIZE:
      *value = c->green;
      return true;
   case GLX_BLUE_SIZE:
      *value = c->blue;
      return true;
   case GLX_ALPHA_SIZE:
      *value = c->alpha;
      return true;
   case GLX_DEPTH_SIZE:
      *value = c->depth;
      return true;
   case GLX_STENCIL_SIZE:
      *value = c->stencil;
      return true;
   case GLX_RENDER_TYPE:
      *value = GLX_RGBA_BIT;
      return true;
   case GLX_DRAWABLE_TYPE:
      *value = c->drawable_type;
      return true;
   case GLX_X_RENDERABLE:
      *value = visual;
      return true;
   case GLX_VISUAL_ID:
      *value = (int)c->visual.id;
      return true;
   case GLX_X_VISUAL_TYPE:
      *value = visual ? GLX_TRUE_COLOR : GLX_NONE;
      return true;
   case GLX_CONFIG_CAVEAT:
   case GLX_TRANSPARENT_TYPE:
      *value = GLX_NONE;
      return true;
   case GLX_MAX_PBUFFER_WIDTH:
   case GLX_MAX_PBUFFER_HEIGHT:
      *value = MAX_PBUFFER_SIZE;
      return true;
   case GLX_MAX_PBUFFER_PIXELS:
      *value = MAX_PBUFFER_SIZE * MAX_PBUFFER_SIZE;
      return true;
   case GLX_SCREEN:
      *value = c->screen;
      return true;
   default:
      return false;
   }
}

int
glx_GetFBConfigAttrib(Display *dpy, GLXFBConfig handle, int attribute,
                      int *value)
{
   const struct glx_config *c = glx_config_lookup(glx_display_get(dpy), handle);
   if (!c)
      return GLX_BAD_VISUAL;
   int v;
   if (!config_attrib(c, attribute, &v))
      return GLX_BAD_ATTRIBUTE;
   if (value)
      *value = v;
   return Success;
}

/** An Xlib-allocated array of @p n configs (the application XFree()s
 * it). */
static GLXFBConfig *
config_array(const struct glx_config *const *configs, int n, int *nelements)
{
   *nelements = 0;
   if (n == 0)
      return NULL;
   GLXFBConfig *out = Xmalloc((size_t)n * sizeof(*out));
   if (!out)
      return NULL;
   for (int i = 0; i < n; i++)
      out[i] = (GLXFBConfig)configs[i];
   *nelements = n;
   return out;
}

GLXFBConfig *
glx_GetFBConfigs(Display *dpy, int screen_num, int *nelements)
{
   struct glx_screen *screen =
      glx_display_screen(glx_display_get(dpy), screen_num);
   int dummy;
   if (!nelements)
      nelements = &dummy;
   if (!screen) {
      *nelements = 0;
      return NULL;
   }
   const struct glx_config *list[GLX_MAX_CONFIGS];
   for (unsigned i = 0; i < screen->num_configs; i++)
      list[i] = &screen->configs[i];
   return config_array(list, (int)screen->num_configs, nelements);
}

/* ---- glXChooseFBConfig ---- */

enum rule {
   RULE_MIN,
   RULE_EXACT,
   RULE_MASK,
   /** Accepted, not a selection criterion. */
   RULE_IGNORE,
};

/** GLX 1.4, Table 3.4 (and the EXT/ARB attributes Mesa accepts). */
static const struct {
   int attribute;
   int default_value;
   enum rule rule;
} choose_attribs[] = {
   { GLX_FBCONFIG_ID, DONT_CARE, RULE_EXACT },
   { GLX_BUFFER_SIZE, 0, RULE_MIN },
   { GLX_LEVEL, 0, RULE_EXACT },
   { GLX_DOUBLEBUFFER, DONT_CARE, RULE_EXACT },
   { GLX_STEREO, False, RULE_EXACT },
   { GLX_AUX_BUFFERS, 0, RULE_MIN },
   { GLX_RED_SIZE, 0, RULE_MIN },
   { GLX_GREEN_SIZE, 0, RULE_MIN },
   { GLX_BLUE_SIZE, 0, RULE_MIN },
   { GLX_ALPHA_SIZE, 0, RULE_MIN },
   { GLX_DEPTH_SIZE, 0, RULE_MIN },
   { GLX_STENCIL_SIZE, 0, RULE_MIN },
   { GLX_ACCUM_RED_SIZE, 0, RULE_MIN },
   { GLX_ACCUM_GREEN_SIZE, 0, RULE_MIN },
   { GLX_ACCUM_BLUE_SIZE, 0, RULE_MIN },
   { GLX_ACCUM_ALPHA_SIZE, 0, RULE_MIN },
   { GLX_RENDER_TYPE, GLX_RGBA_BIT, RULE_MASK },
   { GLX_DRAWABLE_TYPE, GLX_WINDOW_BIT, RULE_MASK },
   { GLX_X_RENDERABLE, DONT_CARE, RULE_EXACT },
   { GLX_X_VISUAL_TYPE, DONT_CARE, RULE_EXACT },
   { GLX_CONFIG_CAVEAT, DONT_CARE, RULE_EXACT },
   { GLX_TRANSPARENT_TYPE, GLX_NONE, RULE_EXACT },
   { GLX_TRANSPARENT_INDEX_VALUE, DONT_CARE, RULE_IGNORE },
   { GLX_TRANSPARENT_RED_VALUE, DONT_CARE, RULE_IGNORE },
   { GLX_TRANSPARENT_GREEN_VALUE, DONT_CARE, RULE_IGNORE },
   { GLX_TRANSPARENT_BLUE_VALUE, DONT_CARE, RULE_IGNORE },
   { GLX_TRANSPARENT_ALPHA_VALUE, DONT_CARE, RULE_IGNORE },
   { GLX_SAMPLE_BUFFERS, 0, RULE_MIN },
   { GLX_SAMPLES, 0, RULE_MIN },
   { GLX_BIND_TO_TEXTURE_RGB_EXT, DONT_CARE, RULE_EXACT },
   { GLX_BIND_TO_TEXTURE_RGBA_EXT, DONT_CARE, RULE_EXACT },
   { GLX_BIND_TO_MIPMAP_TEXTURE_EXT, DONT_CARE, RULE_EXACT },
   { GLX_BIND_TO_TEXTURE_TARGETS_EXT, DONT_CARE, RULE_MASK },
   { GLX_FRAMEBUFFER_SRGB_CAPABLE_ARB, DONT_CARE, RULE_EXACT },
   { GLX_MAX_PBUFFER_WIDTH, 0, RULE_IGNORE },
   { GLX_MAX_PBUFFER_HEIGHT, 0, RULE_IGNORE },
   { GLX_MAX_PBUFFER_PIXELS, 0, RULE_IGNORE },
   { GLX_VISUAL_ID, DONT_CARE, RULE_EXACT },
};
#define NUM_CHOOSE (sizeof(choose_attribs) / sizeof(choose_attribs[0]))

struct criteria {
   int value[NUM_CHOOSE];
   /** glXChooseVisual's preferences instead of Table 3.4's sort. */
   bool visual_rules;
};

static int
choose_index(int attribute)
{
   for (unsigned i = 0; i < NUM_CHOOSE; i++) {
      if (choose_attribs[i].attribute == attribute)
         return (int)i;
   }
   return -1;
}

static int
criterion(const struct criteria *c, int attribute)
{
   return c->value[choose_index(attribute)];
}

static void
criteria_init(struct criteria *c)
{
   for (unsigned i = 0; i < NUM_CHOOSE; i++)
      c->value[i] = choose_attribs[i].default_value;
   c->visual_rules = false;
}

static bool
config_matches(const struct glx_config *config, const struct criteria *c)
{
   /* GLX 1.4, 3.3.3: with GLX_FBCONFIG_ID every other attribute is
    * ignored. */
   int id = criterion(c, GLX_FBCONFIG_ID);
   if (id != DONT_CARE)
      return config->id == id;
   for (unsigned i = 0; i < NUM_CHOOSE; i++) {
      int want = c->value[i];
      int have = 0;
      if (choose_attribs[i].rule == RULE_IGNORE || want == DONT_CARE)
         continue;
      config_attrib(config, choose_attribs[i].attribute, &have);
      switch (choose_attribs[i].rule) {
      case RULE_MIN:
         if (have < want)
            return false;
         break;
      case RULE_EXACT:
         if (have != want)
            return false;
         break;
      case RULE_MASK:
         if ((have & want) != want)
            return false;
         break;
      case RULE_IGNORE:
         break;
      }
   }
   return true;
}

/** The colour bits of the components asked for with a non-zero size
 * (sort rule 2 of Table 3.4). */
static int
requested_bits(const struct glx_config *config, const struct criteria *c)
{
   static const int components[] = { GLX_RED_SIZE, GLX_GREEN_SIZE,
                                     GLX_BLUE_SIZE, GLX_ALPHA_SIZE };
   int bits = 0;
   for (unsigned i = 0; i < 4; i++) {
      int want = criterion(c, components[i]), have = 0;
      config_attrib(config, components[i], &have);
      if (want > 0 && want != DONT_CARE)
         bits += have;
   }
   return bits;
}

/* qsort has no context argument: the criteria of the sort in progress
 * (sorting happens under glx_lock()). */
static const struct criteria *sort_criteria;

static int
compare_configs(const void *pa, const void *pb)
{
   const struct glx_config *a = *(const struct glx_config *const *)pa;
   const struct glx_config *b = *(const struct glx_config *const *)pb;
   const struct criteria *c = sort_criteria;
   int bits_a = requested_bits(a, c), bits_b = requested_bits(b, c);
   if (bits_a != bits_b)
      return bits_a > bits_b ? -1 : 1;
   int size_a = a->red + a->green + a->blue + a->alpha;
   int size_b = b->red + b->green + b->blue + b->alpha;
   if (size_a != size_b)
      return size_a < size_b ? -1 : 1;
   if (a->double_buffered != b->double_buffered)
      return a->double_buffered ? 1 : -1;
   if (a->depth != b->depth) {
      /* glXChooseVisual: no depth buffer preferred when none is asked
       * for, else the largest; Table 3.4: the largest. */
      if (c->visual_rules && criterion(c, GLX_DEPTH_SIZE) == 0)
         return a->depth < b->depth ? -1 : 1;
      return a->depth > b->depth ? -1 : 1;
   }
   if (a->stencil != b->stencil)
      return a->stencil < b->stencil ? -1 : 1;
   return a->id < b->id ? -1 : a->id > b->id;
}

/** The matching configs of @p screen, best first; their count. */
static int
choose(struct glx_screen *screen, const struct criteria *c, bool need_visual,
       const struct glx_config **out)
{
   int n = 0;
   for (unsigned i = 0; i < screen->num_configs; i++) {
      const struct glx_config *config = &screen->configs[i];
      if (need_visual && !config->visual.id)
         continue;
      if (config_matches(config, c))
         out[n++] = config;
   }
   glx_lock();
   sort_criteria = c;
   qsort(out, (size_t)n, sizeof(out[0]), compare_configs);
   sort_criteria = NULL;
   glx_unlock();
   return n;
}

GLXFBConfig *
glx_ChooseFBConfig(Display *dpy, int screen_num, const int *attrib_list,
                   int *nelements)
{
   int dummy;
   if (!nelements)
      nelements = &dummy;
   *nelements = 0;
   struct glx_screen *screen =
      glx_display_screen(glx_display_get(dpy), screen_num);
   if (!screen)
      return NULL;
   struct criteria c;
   criteria_init(&c);
   for (const int *a = attrib_list; a && a[0] != None; a += 2) {
      int index = choose_index(a[0]);
      /* GLX 1.4, 3.3.3: an undefined attribute makes the call fail. */
      if (index < 0)
         return NULL;
      c.value[index] = a[1];
   }
   const struct glx_config *list[GLX_MAX_CONFIGS];
   int n = choose(screen, &c, false, list);
   return config_array(list, n, nelements);
}

/** An Xlib XVisualInfo for @p config (the application XFree()s it). */
static XVisualInfo *
visual_info(Display *dpy, const struct glx_config *config)
{
   if (!config->visual.id)
      return NULL;
   XVisualInfo templ = {
      .visualid = config->visual.id,
      .screen = config->screen,
   };
   int n = 0;
   return XGetVisualInfo(dpy, VisualIDMask | VisualScreenMask, &templ, &n);
}

XVisualInfo *
glx_GetVisualFromFBConfig(Display *dpy, GLXFBConfig handle)
{
   const struct glx_config *c = glx_config_lookup(glx_display_get(dpy), handle);
   return c ? visual_info(dpy, c) : NULL;
}

XVisualInfo *
glx_ChooseVisual(Display *dpy, int screen_num, int *attrib_list)
{
   struct glx_screen *screen =
      glx_display_screen(glx_display_get(dpy), screen_num);
   if (!screen)
      return NULL;
   struct criteria c;
   criteria_init(&c);
   c.visual_rules = true;
   c.value[choose_index(GLX_DOUBLEBUFFER)] = False;
   c.value[choose_index(GLX_DRAWABLE_TYPE)] = GLX_WINDOW_BIT;
   bool rgba = false;
   for (const int *a = attrib_list; a && a[0] != None; a++) {
      switch (a[0]) {
      /* The boolean attributes take no value. */
      case GLX_USE_GL:
         break;
      case GLX_RGBA:
         rgba = true;
         break;
      case GLX_DOUBLEBUFFER:
         c.value[choose_index(GLX_DOUBLEBUFFER)] = True;
         break;
      case GLX_STEREO:
         c.value[choose_index(GLX_STEREO)] = True;
         break;
      default: {
         int index = choose_index(a[0]);
         if (index < 0 || a[0] == GLX_DRAWABLE_TYPE ||
             a[0] == GLX_RENDER_TYPE || a[0] == GLX_FBCONFIG_ID)
            return NULL;
         c.value[index] = a[1];
         a++;
         break;
      }
      }
   }
   /* Without GLX_RGBA a colour-index visual is asked for: there is
    * none. */
   if (!rgba)
      return NULL;
   const struct glx_config *list[GLX_MAX_CONFIGS];
   int n = choose(screen, &c, true, list);
   return n ? visual_info(dpy, list[0]) : NULL;
}

int
glx_GetConfig(Display *dpy, XVisualInfo *vis, int attrib, int *value)
{
   struct glx_display *display = glx_display_get(dpy);
   if (!vis || !glx_display_screen(display, vis->screen))
      return GLX_BAD_SCREEN;
   const struct glx_config *c = glx_config_from_visual(display, vis);
   if (!c) {
      /* GLX 1.4, 3.4.1(glXGetConfig): a visual without GL support
       * answers GLX_USE_GL with False. */
      if (attrib == GLX_USE_GL) {
         *value = False;
         return Success;
      }
      return GLX_BAD_VISUAL;
   }
   switch (attrib) {
   case GLX_USE_GL:
   case GLX_RGBA:
      *value = True;
      return Success;
   default:
      return config_attrib(c, attrib, value) ? Success : GLX_BAD_ATTRIBUTE;
   }
}
