/* SPDX-License-Identifier: MIT */

/*
 * Semantic analysis: the driver (glsl_sema_run), messages and the error
 * type.
 *
 * glsl_sema_run() sets up the environment the built-ins depend on
 * (version, ES, compatibility, stage, the enabled extensions), opens the
 * global scope and analyses the external declarations in source order:
 * each is fully analysed before the next one, as the language's
 * declare-before-use rule wants.  It then checks the rules that need the
 * whole shader and fills the shader's lists of globals and functions.
 *
 * Messages go through glsl_log_message() as "0:LINE(COL): error: text";
 * analysis goes on after an error so that one compile reports several,
 * and erroneous expressions carry glsl_sema_error_type() so that one
 * mistake is reported once.
 */
#include <stdarg.h>
#include <string.h>

#include "glsl_sema_decl.h"
#include "util/u_arena.h"
#include "util/u_hash.h"

static const struct ir_type error_type = {
   .base = IR_TYPE_VOID,
   .vector_elements = 1,
   .matrix_columns = 1,
   .name = "<error>",
};

const struct ir_type *
glsl_sema_error_type(void)
{
   return &error_type;
}

static void
vmessage(struct glsl_sema *s, struct glsl_loc loc, const char *kind,
         const char *fmt, va_list args)
{
   char *text = u_arena_vasprintf(s->arena, fmt, args);
   glsl_log_message(s->shader, loc, kind, "%s", text ? text : fmt);
}

void
glsl_sema_error(struct glsl_sema *s, struct glsl_loc loc, const char *fmt, ...)
{
   va_list args;
   va_start(args, fmt);
   vmessage(s, loc, "error", fmt, args);
   va_end(args);
   sema_ctx(s)->num_errors++;
}

void
glsl_sema_warning(struct glsl_sema *s, struct glsl_loc loc, const char *fmt,
                  ...)
{
   va_list args;
   va_start(args, fmt);
   vmessage(s, loc, "warning", fmt, args);
   va_end(args);
}

/*
 * Extensions that a version includes, for the built-ins that the
 * extension's text says the version has without #extension: each row is
 * the extension and the first desktop / ES version including it (0:
 * none).
 */
static const struct {
   const char *name;
   unsigned gl, es;
} ext_in_version[] = {
   { "GL_ARB_texture_rectangle", 140, 0 },
   { "GL_ARB_uniform_buffer_object", 140, 300 },
   { "GL_ARB_draw_instanced", 140, 300 },
   { "GL_ARB_explicit_attrib_location", 330, 300 },
   { "GL_ARB_fragment_coord_conventions", 150, 0 },
   { "GL_ARB_shader_bit_encoding", 330, 300 },
   { "GL_OES_standard_derivatives", 0, 300 },
};

static bool
ext_supported(struct sema_ctx *c, const char *name)
{
   for (unsigned i = 0; i < c->num_exts; i++) {
      if (c->exts[i] && strcmp(c->exts[i], name) == 0)
         return true;
   }
   return false;
}

static bool
ext_enabled_cb(void *data, const char *name)
{
   struct sema_ctx *c = data;
   struct glsl_shader *sh = c->base.shader;
   for (unsigned i = 0; i < sizeof(ext_in_version) / sizeof(*ext_in_version);
        i++) {
      if (strcmp(ext_in_version[i].name, name) != 0)
         continue;
      unsigned v = sh->es ? ext_in_version[i].es : ext_in_version[i].gl;
      if (v && sh->version >= v)
         return true;
   }
   if (!ext_supported(c, name))
      return false;
   return glsl_pp_extension_behavior(&sh->pp, name) != GLSL_EXT_DISABLE;
}

/** Whether extension @p name is enabled by #extension (or implied). */
bool
sema_ext(struct glsl_sema *s, const char *name)
{
   return ext_enabled_cb(sema_ctx(s), name);
}

struct glsl_symbol *
sema_new_symbol(struct glsl_sema *s, enum glsl_symbol_kind kind,
                const char *name, struct glsl_loc loc)
{
   struct glsl_symbol *sym = u_arena_zalloc(s->arena, sizeof(*sym));
   if (!sym)
      return NULL;
   sym->kind = kind;
   sym->name = name;
   sym->loc = loc;
   sym->location = -1;
   sym->index = -1;
   sym->binding = -1;
   sym->block_field = -1;
   return sym;
}

/** Adds @p sym to the shader's global interface (once). */
void
sema_add_global(struct glsl_sema *s, struct glsl_symbol *sym)
{
   struct sema_ctx *c = sema_ctx(s);
   u_dynarray_foreach (&c->globals, struct glsl_symbol *, it) {
      if (*it == sym)
         return;
   }
   u_dynarray_append(&c->globals, struct glsl_symbol *, sym);
}

static void
analyse_external(struct glsl_sema *s, struct glsl_ast_node *node)
{
   switch (node->kind) {
   case GLSL_AST_VARIABLE_DECL:
      sema_decl_variables(s, node, true);
      break;
   case GLSL_AST_FUNCTION:
      sema_decl_function(s, node);
      break;
   case GLSL_AST_PRECISION:
      sema_precision_stmt(s, node);
      break;
   case GLSL_AST_INTERFACE_BLOCK:
      sema_decl_block(s, node);
      break;
   case GLSL_AST_QUALIFIER_DECL:
      sema_decl_qualifier(s, node);
      break;
   case GLSL_AST_DECL_STMT:
      if (node->stmt.decl)
         analyse_external(s, node->stmt.decl);
      break;
   default:
      glsl_sema_error(s, node->loc, "statement outside of a function body");
      break;
   }
}

static const struct glsl_symbol *
written_builtin(struct glsl_sema *s, const char *name)
{
   struct u_hash_entry *e = u_hash_table_search(s->builtin_vars, name);
   const struct glsl_symbol *sym = e ? e->data : NULL;
   return sym && sym->assigned ? sym : NULL;
}

/*
 * GLSL 1.10, 7.2: "If a shader statically assigns a value to gl_FragColor,
 * it may not assign a value to any element of gl_FragData"; GLSL 1.30,
 * 4.3.6 adds that a shader writing either may not write user-declared
 * outputs.
 */
static void
check_fragment_outputs(struct glsl_sema *s)
{
   struct sema_ctx *c = sema_ctx(s);
   const struct glsl_symbol *color = written_builtin(s, "gl_FragColor");
   const struct glsl_symbol *data = written_builtin(s, "gl_FragData");
   struct glsl_loc loc = { 0, 1, 0 };
   if (color && data) {
      glsl_sema_error(s, loc,
                      "a fragment shader cannot write both "
                      "gl_FragColor and gl_FragData");
      return;
   }
   if (!color && !data)
      return;
   u_dynarray_foreach (&c->globals, struct glsl_symbol *, it) {
      const struct glsl_symbol *g = *it;
      if (!g->builtin && g->storage == GLSL_STORAGE_OUT && g->assigned) {
         glsl_sema_error(s, g->loc,
                         "a fragment shader cannot write both "
                         "%s and the user-defined output '%s'",
                         color ? "gl_FragColor" : "gl_FragData", g->name);
         return;
      }
   }
}

/* Rules that need the whole shader. */
static void
check_whole_shader(struct glsl_sema *s)
{
   struct glsl_shader *sh = s->shader;
   struct sema_ctx *c = sema_ctx(s);

   if (sh->stage == IR_STAGE_FRAGMENT)
      check_fragment_outputs(s);

   unsigned n = u_dynarray_num_elements(&c->globals, struct glsl_symbol *);
   sh->globals = c->globals.data;
   sh->num_globals = n;
   sh->functions = c->functions.data;
   sh->num_functions =
      u_dynarray_num_elements(&c->functions, struct glsl_symbol *);
}

bool
glsl_sema_run(struct glsl_shader *shader)
{
   if (!shader || !shader->ast)
      return false;

   struct sema_ctx *c = u_arena_zalloc(shader->arena, sizeof(*c));
   if (!c)
      return false;
   struct glsl_sema *s = &c->base;
   s->shader = shader;
   s->arena = shader->arena;
   u_dynarray_init(&c->globals, shader->arena);
   u_dynarray_init(&c->functions, shader->arena);

   c->exts = shader->options.extensions;
   c->num_exts = shader->options.num_extensions;
   if (!c->exts) {
      c->exts = glsl_supported_extensions();
      c->num_exts = 0;
      while (c->exts && c->exts[c->num_exts])
         c->num_exts++;
   }

   struct glsl_limits *limits = u_arena_zalloc(shader->arena, sizeof(*limits));
   if (!limits)
      return false;
   if (shader->options.limits)
      *limits = *shader->options.limits;
   else
      glsl_limits_default(limits);

   s->env.version = shader->version;
   s->env.es = shader->es;
   s->env.compat = !shader->es && (shader->version < 140 ||
                                   shader->profile == GLSL_PROFILE_COMPAT);
   s->env.stage = shader->stage;
   s->env.ext_enabled = ext_enabled_cb;
   s->env.ext_data = c;
   s->env.limits = limits;

   s->builtin_funcs = u_hash_table_create_string(shader->arena);
   s->builtin_vars = u_hash_table_create_string(shader->arena);
   if (!s->builtin_funcs || !s->builtin_vars)
      return false;

   shader->origin_upper_left = false;
   shader->pixel_center_integer = false;
   shader->gs_input_prim = -1;
   shader->gs_output_prim = -1;
   shader->gs_max_vertices = -1;
   c->default_packing = IR_PACKING_SHARED;

   /* ESSL 3.00, 4.6.1: "#pragma STDGL invariant(all)" is only for vertex
    * shaders ("it is an error to use it in a fragment shader"). */
   if (shader->es && shader->version >= 300 &&
       shader->stage == IR_STAGE_FRAGMENT && shader->pp.invariant_all) {
      struct glsl_loc loc = { 0, 1, 0 };
      glsl_sema_error(s, loc,
                      "#pragma STDGL invariant(all) cannot be used "
                      "in an ESSL 3.00 fragment shader");
   }

   glsl_sema_push_scope(s);
   u_list_foreach (struct glsl_ast_node, node, &shader->ast->decls, link)
      analyse_external(s, node);
   check_whole_shader(s);
   return c->num_errors == 0;
}
