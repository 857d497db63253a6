/* SPDX-License-Identifier: MIT */

/*
 * Program objects: glCreateProgram, glDeleteProgram (deferred while
 * current in some context), glIsProgram, glAttachShader /
 * glDetachShader, glLinkProgram, glUseProgram, glValidateProgram, the
 * locations bound before linking (glBindAttribLocation,
 * glBindFragDataLocation[Indexed], glTransformFeedbackVaryings) and the
 * module's init/fini; the queries are in st_program_query.c.  See
 * st_program_priv.h for objects, executables and locking.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compiler/glsl/glsl_compiler.h"
#include "glapi_api.h"
#include "st_context.h"
#include "st_names.h"
#include "st_program_priv.h"
#include "st_query.h"
#include "util/u_arena.h"
#include "util/u_hash.h"

/* ---- Lookups ---- */

struct st_shobj *
st_shobj_lookup(struct st_context *ctx, GLuint name)
{
   if (!name)
      return NULL;
   mtx_lock(&ctx->shared->mutex);
   struct st_shobj *obj = st_names_lookup(ctx->shared->shader_objects, name);
   mtx_unlock(&ctx->shared->mutex);
   return obj;
}

struct st_shader *
st_shader_lookup_err(struct st_context *ctx, GLuint name, const char *func)
{
   struct st_shobj *obj = st_shobj_lookup(ctx, name);
   if (!obj) {
      st_error(ctx, GL_INVALID_VALUE, "%s(shader=%u)", func, name);
      return NULL;
   }
   if (obj->kind != ST_SHOBJ_SHADER) {
      st_error(ctx, GL_INVALID_OPERATION, "%s(%u is a program)", func, name);
      return NULL;
   }
   return (struct st_shader *)obj;
}

struct st_program *
st_program_lookup_err(struct st_context *ctx, GLuint name, const char *func)
{
   struct st_shobj *obj = st_shobj_lookup(ctx, name);
   if (!obj) {
      st_error(ctx, GL_INVALID_VALUE, "%s(program=%u)", func, name);
      return NULL;
   }
   if (obj->kind != ST_SHOBJ_PROGRAM) {
      st_error(ctx, GL_INVALID_OPERATION, "%s(%u is a shader)", func, name);
      return NULL;
   }
   return (struct st_program *)obj;
}

struct st_executable *
st_program_linked_err(struct st_context *ctx, GLuint name, const char *func)
{
   struct st_program *prog = st_program_lookup_err(ctx, name, func);
   if (!prog)
      return NULL;
   if (!prog->link_status || !prog->exec) {
      st_error(ctx, GL_INVALID_OPERATION, "%s(program %u not linked)", func,
               name);
      return NULL;
   }
   return prog->exec;
}

void
st_copy_string(const char *src, GLsizei buf_size, GLsizei *length, GLchar *buf)
{
   GLsizei n = 0;
   if (buf && buf_size > 0 && src) {
      size_t len = strlen(src);
      n = len < (size_t)buf_size - 1 ? (GLsizei)len : buf_size - 1;
      memcpy(buf, src, (size_t)n);
   }
   if (buf && buf_size > 0)
      buf[n] = '\0';
   if (length)
      *length = n;
}

/* ---- Lifetime ---- */

static void
free_bindings(struct u_dynarray *list)
{
   struct glsl_link_binding *b = list->data;
   size_t n = list->size / sizeof(*b);
   for (size_t i = 0; i < n; i++)
      free((char *)b[i].name);
   u_dynarray_fini(list);
}

static void
free_xfb_varyings(struct st_program *prog)
{
   for (unsigned i = 0; i < prog->num_xfb_varyings; i++)
      free(prog->xfb_varyings[i]);
   free(prog->xfb_varyings);
   prog->xfb_varyings = NULL;
   prog->num_xfb_varyings = 0;
}

/* Frees what the program owns (not its attached shaders). */
static void
program_free(struct st_program *prog)
{
   u_dynarray_fini(&prog->attached);
   free_bindings(&prog->attrib_bindings);
   free_bindings(&prog->frag_data_bindings);
   free_xfb_varyings(prog);
   st_executable_reference(&prog->exec, NULL);
   free(prog->info_log);
   free(prog);
}

/* Frees the program and its name; the caller holds the shared mutex. */
static void
program_destroy_locked(struct st_context *ctx, struct st_program *prog)
{
   st_names_remove(ctx->shared->shader_objects, prog->base.name);
   struct st_shader **shaders = prog->attached.data;
   size_t n = prog->attached.size / sizeof(*shaders);
   for (size_t i = 0; i < n; i++)
      st_shader_detached(ctx, shaders[i]);
   program_free(prog);
}

/* Frees any object of a share group that is going away. */
static void
free_object(GLuint name, void *object, void *data)
{
   (void)name;
   (void)data;
   struct st_shobj *obj = object;
   if (obj->kind == ST_SHOBJ_SHADER)
      st_shader_free((struct st_shader *)obj);
   else
      program_free((struct st_program *)obj);
}

void
st_shader_free(struct st_shader *sh)
{
   glsl_shader_destroy(sh->compiled);
   free(sh->source);
   free(sh->info_log);
   free(sh);
}

void
st_shader_detached(struct st_context *ctx, struct st_shader *sh)
{
   if (--sh->attach_count == 0 && sh->delete_pending) {
      st_names_remove(ctx->shared->shader_objects, sh->base.name);
      st_shader_free(sh);
   }
}

/* Makes @p prog (or none) current in this context, with executable
 * @p exec. */
static void
set_current(struct st_context *ctx, struct st_program *prog,
            struct st_executable *exec)
{
   struct st_program_state *ps = ctx->program;
   struct st_program *old = ps->current;
   if (old != prog) {
      mtx_lock(&ctx->shared->mutex);
      if (prog)
         prog->use_count++;
      if (old && --old->use_count == 0 && old->delete_pending)
         program_destroy_locked(ctx, old);
      mtx_unlock(&ctx->shared->mutex);
      ps->current = prog;
   }
   st_executable_reference(&ps->exec, exec);
   ctx->dirty |= ST_DIRTY_PROGRAM | ST_DIRTY_CONSTANTS | ST_DIRTY_TEXTURES |
                 ST_DIRTY_VERTEX | ST_DIRTY_XFB;
}

struct st_executable *
st_program_current_exec(struct st_context *ctx)
{
   struct st_program_state *ps = ctx->program;
   struct st_program *cur = ps->current;
   if (cur && cur->exec && cur->exec != ps->exec) {
      /* Relinked successfully (maybe by another context): GL 4.6, 7.3,
       * the new executable replaces the old in the current state. */
      st_executable_reference(&ps->exec, cur->exec);
      ctx->dirty |= ST_DIRTY_PROGRAM | ST_DIRTY_CONSTANTS | ST_DIRTY_TEXTURES |
                    ST_DIRTY_VERTEX | ST_DIRTY_XFB;
   }
   return ps->exec;
}

void
st_program_init(struct st_context *ctx)
{
   ctx->program = calloc(1, sizeof(*ctx->program));
   if (ctx->program)
      ctx->program->ff_execs = u_hash_table_create_pointer(NULL);
}

static void
ff_exec_delete(struct u_hash_entry *entry)
{
   struct st_executable *exec = entry->data;
   st_executable_reference(&exec, NULL);
}

void
st_program_fini(struct st_context *ctx)
{
   struct st_program_state *ps = ctx->program;
   if (!ps)
      return;
   st_program_draw_fini(ctx);
   set_current(ctx, NULL, NULL);
   /* The last context of the share group frees the objects (the name
    * table itself is st_context.c's). */
   if (ctx->shared && atomic_load(&ctx->shared->refcount) == 1)
      st_names_foreach(ctx->shared->shader_objects, free_object, NULL);
   if (ps->ff_execs)
      u_hash_table_destroy(ps->ff_execs, ff_exec_delete);
   for (unsigned st = 0; st < IR_STAGE_COUNT; st++)
      free(ps->constants[st]);
   free(ps);
   ctx->program = NULL;
}

/* ---- Entry points ---- */

GLuint
api_CreateProgram(struct st_context *ctx)
{
   struct st_program *prog = calloc(1, sizeof(*prog));
   if (!prog) {
      st_out_of_memory(ctx, "glCreateProgram");
      return 0;
   }
   prog->base.kind = ST_SHOBJ_PROGRAM;
   prog->xfb_mode = GL_INTERLEAVED_ATTRIBS;
   u_dynarray_init(&prog->attached, NULL);
   u_dynarray_init(&prog->attrib_bindings, NULL);
   u_dynarray_init(&prog->frag_data_bindings, NULL);
   mtx_lock(&ctx->shared->mutex);
   GLuint name = 0;
   bool ok = st_names_gen(ctx->shared->shader_objects, 1, &name) &&
             st_names_insert(ctx->shared->shader_objects, name, prog);
   if (!ok && name)
      st_names_remove(ctx->shared->shader_objects, name);
   mtx_unlock(&ctx->shared->mutex);
   if (!ok) {
      free(prog);
      st_out_of_memory(ctx, "glCreateProgram");
      return 0;
   }
   prog->base.name = name;
   return name;
}

void
api_DeleteProgram(struct st_context *ctx, GLuint program)
{
   if (!program)
      return;
   struct st_program *prog =
      st_program_lookup_err(ctx, program, "glDeleteProgram");
   if (!prog)
      return;
   mtx_lock(&ctx->shared->mutex);
   if (prog->use_count)
      prog->delete_pending = true;
   else
      program_destroy_locked(ctx, prog);
   mtx_unlock(&ctx->shared->mutex);
}

GLboolean
api_IsProgram(struct st_context *ctx, GLuint program)
{
   struct st_shobj *obj = st_shobj_lookup(ctx, program);
   return obj && obj->kind == ST_SHOBJ_PROGRAM;
}

static bool
is_attached(const struct st_program *prog, const struct st_shader *sh)
{
   struct st_shader *const *shaders = prog->attached.data;
   size_t n = prog->attached.size / sizeof(*shaders);
   for (size_t i = 0; i < n; i++) {
      if (shaders[i] == sh)
         return true;
   }
   return false;
}

void
api_AttachShader(struct st_context *ctx, GLuint program, GLuint shader)
{
   struct st_program *prog =
      st_program_lookup_err(ctx, program, "glAttachShader");
   if (!prog)
      return;
   struct st_shader *sh = st_shader_lookup_err(ctx, shader, "glAttachShader");
   if (!sh)
      return;
   if (is_attached(prog, sh)) {
      st_error(ctx, GL_INVALID_OPERATION,
               "glAttachShader(shader %u already attached)", shader);
      return;
   }
   /* GL 4.6, 7.3: one shader per stage in ES ("if a shader object of the
    * same type is already attached"). */
   if (ctx->es) {
      struct st_shader **shaders = prog->attached.data;
      size_t n = prog->attached.size / sizeof(*shaders);
      for (size_t i = 0; i < n; i++) {
         if (shaders[i]->type == sh->type) {
            st_error(ctx, GL_INVALID_OPERATION,
                     "glAttachShader(a %s is already attached)",
                     st_enum_name(sh->type));
            return;
         }
      }
   }
   mtx_lock(&ctx->shared->mutex);
   bool ok = u_dynarray_grow(&prog->attached, sizeof(sh)) != NULL;
   if (ok) {
      ((struct st_shader **)
          prog->attached.data)[prog->attached.size / sizeof(sh) - 1] = sh;
      sh->attach_count++;
   }
   mtx_unlock(&ctx->shared->mutex);
   if (!ok)
      st_out_of_memory(ctx, "glAttachShader");
}

void
api_DetachShader(struct st_context *ctx, GLuint program, GLuint shader)
{
   struct st_program *prog =
      st_program_lookup_err(ctx, program, "glDetachShader");
   if (!prog)
      return;
   struct st_shader *sh = st_shader_lookup_err(ctx, shader, "glDetachShader");
   if (!sh)
      return;
   mtx_lock(&ctx->shared->mutex);
   struct st_shader **shaders = prog->attached.data;
   size_t n = prog->attached.size / sizeof(*shaders);
   size_t i = 0;
   while (i < n && shaders[i] != sh)
      i++;
   if (i < n) {
      memmove(&shaders[i], &shaders[i + 1], (n - i - 1) * sizeof(*shaders));
      prog->attached.size -= sizeof(*shaders);
      st_shader_detached(ctx, sh);
   }
   mtx_unlock(&ctx->shared->mutex);
   if (i == n) {
      st_error(ctx, GL_INVALID_OPERATION,
               "glDetachShader(shader %u not attached)", shader);
   }
}

/* A linked program with no stage. */
static struct glsl_program *
empty_program(void)
{
   struct u_arena *arena = u_arena_create(NULL);
   struct glsl_program *prog =
      arena ? u_arena_zalloc(arena, sizeof(*prog)) : NULL;
   if (!prog) {
      u_arena_destroy(arena);
      return NULL;
   }
   prog->arena = arena;
   prog->ok = true;
   prog->gs_input_prim = prog->gs_output_prim = prog->gs_max_vertices = -1;
   return prog;
}

void
api_LinkProgram(struct st_context *ctx, GLuint program)
{
   struct st_program *prog =
      st_program_lookup_err(ctx, program, "glLinkProgram");
   if (!prog)
      return;
   /* GL 4.6, 13.3.2: relinking the program in use during transform
    * feedback. */
   if (prog == ctx->program->current && st_xfb_is_active(ctx)) {
      st_error(ctx, GL_INVALID_OPERATION,
               "glLinkProgram(program in use by transform feedback)");
      return;
   }
   st_flush_vertices(ctx);

   struct st_shader **attached = prog->attached.data;
   unsigned n = (unsigned)(prog->attached.size / sizeof(*attached));
   struct glsl_shader **shaders = calloc(n ? n : 1, sizeof(*shaders));
   if (!shaders) {
      st_out_of_memory(ctx, "glLinkProgram");
      return;
   }
   const char *not_compiled = NULL;
   for (unsigned i = 0; i < n; i++) {
      shaders[i] = attached[i]->compiled;
      if (!attached[i]->compile_status || !shaders[i])
         not_compiled = st_enum_name(attached[i]->type);
   }

   struct glsl_program *linked = NULL;
   char *log = NULL;
   if (not_compiled) {
      size_t size = strlen(not_compiled) + 32;
      log = malloc(size);
      if (log)
         snprintf(log, size, "error: a %s is not compiled\n", not_compiled);
   } else if (n == 0 && st_is_compat(ctx)) {
      /* GL 2.1, 2.15 and 3.11: stages without a shader use fixed-function
       * processing, so a program without shaders is all fixed-function
       * (st_program_draw.c). */
      linked = empty_program();
      if (!linked) {
         free(shaders);
         st_out_of_memory(ctx, "glLinkProgram");
         return;
      }
   } else if (n == 0) {
      /* GL 4.5, 7.3: "Linking can fail ... - No shader objects are
       * attached to program." */
      log = strdup("error: no shaders attached\n");
   } else {
      struct glsl_link_options opts = {
         .attrib_bindings = prog->attrib_bindings.data,
         .num_attrib_bindings = (unsigned)(prog->attrib_bindings.size /
                                           sizeof(struct glsl_link_binding)),
         .frag_data_bindings = prog->frag_data_bindings.data,
         .num_frag_data_bindings = (unsigned)(prog->frag_data_bindings.size /
                                              sizeof(struct glsl_link_binding)),
         .xfb_varyings = (const char *const *)prog->xfb_varyings,
         .num_xfb_varyings = prog->num_xfb_varyings,
         .xfb_interleaved = prog->xfb_mode == GL_INTERLEAVED_ATTRIBS,
         .limits = ctx->glsl_limits,
      };
      linked = glsl_link_program(shaders, n, &opts);
      if (!linked) {
         free(shaders);
         st_out_of_memory(ctx, "glLinkProgram");
         return;
      }
      if (linked->info_log && linked->info_log[0])
         log = strdup(linked->info_log);
   }
   free(shaders);

   struct st_executable *exec = NULL;
   if (linked && linked->ok) {
      exec = st_executable_create(linked, true, prog->xfb_mode);
      if (!exec) {
         glsl_program_destroy(linked);
         free(log);
         st_out_of_memory(ctx, "glLinkProgram");
         return;
      }
   } else {
      glsl_program_destroy(linked);
   }
   free(prog->info_log);
   prog->info_log = log;
   prog->link_status = exec != NULL;
   prog->validate_status = false;
   /* The program's executable is replaced; a context that uses the
    * program keeps its own reference to the old one (failure) or adopts
    * this one (st_program_current_exec). */
   st_executable_reference(&prog->exec, NULL);
   prog->exec = exec;
   if (prog == ctx->program->current)
      st_program_current_exec(ctx);
}

void
api_UseProgram(struct st_context *ctx, GLuint program)
{
   struct st_program *prog = NULL;
   if (program) {
      prog = st_program_lookup_err(ctx, program, "glUseProgram");
      if (!prog)
         return;
      if (!prog->link_status) {
         st_error(ctx, GL_INVALID_OPERATION,
                  "glUseProgram(program %u not linked)", program);
         return;
      }
   }
   /* GL 4.6, 13.3: no program change during (unpaused) transform
    * feedback; a paused one is st_xfb_is_active() too, which is stricter
    * than GL 4.0's pause rules. */
   if (st_xfb_is_active(ctx)) {
      st_error(ctx, GL_INVALID_OPERATION,
               "glUseProgram(transform feedback is active)");
      return;
   }
   if (prog == ctx->program->current &&
       (!prog || prog->exec == ctx->program->exec))
      return;
   st_flush_vertices(ctx);
   set_current(ctx, prog, prog ? prog->exec : NULL);
}

const char *
st_program_draw_problem(const struct st_executable *exec)
{
   const struct glsl_program *p = exec->prog;
   for (unsigned i = 0; i < exec->num_sampler_locations; i++) {
      unsigned a = exec->sampler_locations[i];
      const struct ir_type *ta = p->uniforms[p->location_uniform[a]].type;
      for (unsigned k = i + 1; k < exec->num_sampler_locations; k++) {
         unsigned b = exec->sampler_locations[k];
         const struct ir_type *tb = p->uniforms[p->location_uniform[b]].type;
         if (exec->sampler_units[b] == exec->sampler_units[a] &&
             st_gl_type(ta) != st_gl_type(tb))
            return "samplers of different types use the same texture unit";
      }
   }
   return NULL;
}

void
api_ValidateProgram(struct st_context *ctx, GLuint program)
{
   struct st_program *prog =
      st_program_lookup_err(ctx, program, "glValidateProgram");
   if (!prog)
      return;
   const char *problem = prog->link_status && prog->exec
                            ? st_program_draw_problem(prog->exec)
                            : "the program is not linked";
   prog->validate_status = problem == NULL;
   free(prog->info_log);
   prog->info_log = NULL;
   if (problem) {
      size_t size = strlen(problem) + 16;
      prog->info_log = malloc(size);
      if (prog->info_log)
         snprintf(prog->info_log, size, "error: %s\n", problem);
   }
}

/* ---- Bindings for the next link ---- */

/* Sets the binding of @p name in @p list (replacing an earlier one);
 * false when out of memory. */
static bool
set_binding(struct u_dynarray *list, const char *name, unsigned location,
            unsigned index)
{
   struct glsl_link_binding *b = list->data;
   size_t n = list->size / sizeof(*b);
   for (size_t i = 0; i < n; i++) {
      if (strcmp(b[i].name, name) == 0) {
         b[i].location = location;
         b[i].index = index;
         return true;
      }
   }
   char *copy = strdup(name);
   struct glsl_link_binding *nb =
      copy ? u_dynarray_grow(list, sizeof(*nb)) : NULL;
   if (!nb) {
      free(copy);
      return false;
   }
   *nb = (struct glsl_link_binding){
      .name = copy,
      .location = location,
      .index = index,
   };
   return true;
}

void
api_BindAttribLocation(struct st_context *ctx, GLuint program, GLuint index,
                       const GLchar *name)
{
   struct st_program *prog =
      st_program_lookup_err(ctx, program, "glBindAttribLocation");
   if (!prog)
      return;
   if (index >= ctx->glsl_limits->max_vertex_attribs) {
      st_error(ctx, GL_INVALID_VALUE, "glBindAttribLocation(index=%u)", index);
      return;
   }
   if (!name) {
      st_error(ctx, GL_INVALID_VALUE, "glBindAttribLocation(name=NULL)");
      return;
   }
   if (strncmp(name, "gl_", 3) == 0) {
      st_error(ctx, GL_INVALID_OPERATION, "glBindAttribLocation(name=%s)",
               name);
      return;
   }
   if (!set_binding(&prog->attrib_bindings, name, index, 0))
      st_out_of_memory(ctx, "glBindAttribLocation");
}

void
api_BindFragDataLocationIndexed(struct st_context *ctx, GLuint program,
                                GLuint colorNumber, GLuint index,
                                const GLchar *name)
{
   const char *func = "glBindFragDataLocationIndexed";
   struct st_program *prog = st_program_lookup_err(ctx, program, func);
   if (!prog)
      return;
   /* GL 3.3, 3.9.2: colorNumber below MAX_DRAW_BUFFERS, or below
    * MAX_DUAL_SOURCE_DRAW_BUFFERS (1) for index 1. */
   if (index > 1 || colorNumber >= ctx->glsl_limits->max_draw_buffers ||
       (index == 1 && colorNumber >= 1)) {
      st_error(ctx, GL_INVALID_VALUE, "%s(colorNumber=%u, index=%u)", func,
               colorNumber, index);
      return;
   }
   if (!name) {
      st_error(ctx, GL_INVALID_VALUE, "%s(name=NULL)", func);
      return;
   }
   if (strncmp(name, "gl_", 3) == 0) {
      st_error(ctx, GL_INVALID_OPERATION, "%s(name=%s)", func, name);
      return;
   }
   if (!set_binding(&prog->frag_data_bindings, name, colorNumber, index))
      st_out_of_memory(ctx, func);
}

void
api_BindFragDataLocation(struct st_context *ctx, GLuint program, GLuint color,
                         const GLchar *name)
{
   api_BindFragDataLocationIndexed(ctx, program, color, 0, name);
}

void
api_TransformFeedbackVaryings(struct st_context *ctx, GLuint program,
                              GLsizei count, const GLchar *const *varyings,
                              GLenum bufferMode)
{
   const char *func = "glTransformFeedbackVaryings";
   struct st_program *prog = st_program_lookup_err(ctx, program, func);
   if (!prog)
      return;
   if (bufferMode != GL_INTERLEAVED_ATTRIBS &&
       bufferMode != GL_SEPARATE_ATTRIBS) {
      st_error(ctx, GL_INVALID_ENUM, "%s(bufferMode=%s)", func,
               st_enum_name(bufferMode));
      return;
   }
   /* MAX_TRANSFORM_FEEDBACK_SEPARATE_ATTRIBS is ST_MAX_XFB_BUFFERS. */
   if (count < 0 || (count > 0 && !varyings) ||
       (bufferMode == GL_SEPARATE_ATTRIBS && count > ST_MAX_XFB_BUFFERS)) {
      st_error(ctx, GL_INVALID_VALUE, "%s(count=%d)", func, count);
      return;
   }
   for (GLsizei i = 0; i < count; i++) {
      if (!varyings[i]) {
         st_error(ctx, GL_INVALID_VALUE, "%s(varyings[%d]=NULL)", func, i);
         return;
      }
   }
   char **copy = calloc(count ? (size_t)count : 1, sizeof(*copy));
   bool ok = copy != NULL;
   for (GLsizei i = 0; ok && i < count; i++) {
      copy[i] = strdup(varyings[i]);
      ok = copy[i] != NULL;
   }
   if (!ok) {
      for (GLsizei i = 0; copy && i < count; i++)
         free(copy[i]);
      free(copy);
      st_out_of_memory(ctx, func);
      return;
   }
   free_xfb_varyings(prog);
   prog->xfb_varyings = copy;
   prog->num_xfb_varyings = (unsigned)count;
   prog->xfb_mode = bufferMode;
}
