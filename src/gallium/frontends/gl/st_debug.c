/* SPDX-License-Identifier: MIT */

/*
 * KHR_debug: message filters per debug group, the message log, the
 * callback, glPush/PopDebugGroup and the GL_DEBUG_* queries.
 *
 * Filters are kept as the list of glDebugMessageControl calls of the
 * current group, applied in order (the last matching rule decides) on
 * top of the default (everything enabled except GL_DEBUG_SEVERITY_LOW).
 * A new rule that covers an older one entirely makes the older one dead;
 * it is dropped so that repeated calls do not grow the list.  Pushing a
 * group copies the list; popping drops the copy, restoring the parent's.
 * Messages are delivered at once (output is always synchronous).
 */
#include <stdlib.h>
#include <string.h>

#include "glapi_api.h"
#include "st_context.h"
#include "st_debug.h"
#include "st_get.h"
#include "st_render_mode.h"
#include "st_vertex.h"
#include "util/u_dynarray.h"

struct rule {
   GLenum source, type, severity; /**< GL_DONT_CARE: any */
   GLuint id;
   bool has_id;
   bool enabled;
};

/** A debug group: its filter rules and the message it was pushed with
 * (sent again when it is popped). */
struct group {
   struct u_dynarray rules;
   GLenum source;
   GLuint id;
   char *message;
   GLsizei length;
};

struct debug_groups {
   /** [0]: the default group; [depth]: the current one. */
   struct group level[ST_DEBUG_GROUP_DEPTH];
};

static struct debug_groups *
groups(struct st_context *ctx)
{
   return ctx->debug.filters;
}

bool
st_debug_init(struct st_context *ctx)
{
   struct debug_groups *g = calloc(1, sizeof(*g));
   if (!g)
      return false;
   for (unsigned i = 0; i < ST_DEBUG_GROUP_DEPTH; i++)
      u_dynarray_init(&g->level[i].rules, NULL);
   ctx->debug.filters = g;
   ctx->debug.group_depth = 0;
   /* Debug contexts report from the start; others once the application
    * enables GL_DEBUG_OUTPUT. */
   ctx->debug.output_enabled = ctx->debug_context;
   return true;
}

static void
log_drop_first(struct st_debug_state *d)
{
   free(d->log[d->log_first].text);
   d->log[d->log_first].text = NULL;
   d->log_first = (d->log_first + 1) % ST_DEBUG_LOG_SIZE;
   d->log_count--;
}

void
st_debug_fini(struct st_context *ctx)
{
   struct debug_groups *g = groups(ctx);
   if (g) {
      for (unsigned i = 0; i < ST_DEBUG_GROUP_DEPTH; i++) {
         u_dynarray_fini(&g->level[i].rules);
         free(g->level[i].message);
      }
      free(g);
      ctx->debug.filters = NULL;
   }
   while (ctx->debug.log_count)
      log_drop_first(&ctx->debug);
}

/* ---- filtering ---- */

static bool
rule_matches(const struct rule *r, GLenum source, GLenum type, GLuint id,
             GLenum severity)
{
   if (r->source != GL_DONT_CARE && r->source != source)
      return false;
   if (r->type != GL_DONT_CARE && r->type != type)
      return false;
   if (r->has_id)
      return r->id == id;
   return r->severity == GL_DONT_CARE || r->severity == severity;
}

static bool
message_enabled(struct st_context *ctx, GLenum source, GLenum type, GLuint id,
                GLenum severity)
{
   const struct u_dynarray *rules =
      &groups(ctx)->level[ctx->debug.group_depth].rules;
   bool enabled = severity != GL_DEBUG_SEVERITY_LOW;
   unsigned n = rules->size / sizeof(struct rule);
   const struct rule *r = rules->data;
   for (unsigned i = 0; i < n; i++) {
      if (rule_matches(&r[i], source, type, id, severity))
         enabled = r[i].enabled;
   }
   return enabled;
}

/** Whether every message @p old matches is matched by @p new too. */
static bool
rule_covers(const struct rule *new, const struct rule *old)
{
   if (new->source != GL_DONT_CARE &&new->source != old->source)
      return false;
   if (new->type != GL_DONT_CARE &&new->type != old->type)
      return false;
   if (new->has_id)
      return old->has_id && old->id == new->id;
   return new->severity == GL_DONT_CARE ||
          (!old->has_id && old->severity == new->severity);
}

static bool
add_rule(struct u_dynarray *rules, const struct rule *new)
{
   struct rule *r = rules->data;
   unsigned n = rules->size / sizeof(struct rule), kept = 0;
   for (unsigned i = 0; i < n; i++) {
      if (!rule_covers(new, &r[i]))
         r[kept++] = r[i];
   }
   rules->size = kept * sizeof(struct rule);
   struct rule *slot = u_dynarray_grow(rules, sizeof(struct rule));
   if (!slot)
      return false;
   *slot = *new;
   return true;
}

/* ---- delivery ---- */

void
st_debug_emit(struct st_context *ctx, GLenum source, GLenum type, GLuint id,
              GLenum severity, GLsizei length, const char *text)
{
   struct st_debug_state *d = &ctx->debug;
   if (!d->output_enabled || !d->filters ||
       !message_enabled(ctx, source, type, id, severity))
      return;

   if (d->callback) {
      /* Callbacks get a NUL-terminated message; an application's
       * message of explicit length may not be. */
      char copy[ST_MAX_DEBUG_MESSAGE_LENGTH];
      size_t n =
         (size_t)length < sizeof(copy) ? (size_t)length : sizeof(copy) - 1;
      memcpy(copy, text, n);
      copy[n] = '\0';
      d->callback(source, type, id, severity, (GLsizei)n, copy,
                  d->callback_user);
      return;
   }
   /* A full log drops new messages (KHR_debug). */
   if (d->log_count == ST_DEBUG_LOG_SIZE)
      return;
   char *copy = malloc((size_t)length + 1);
   if (!copy)
      return;
   memcpy(copy, text, (size_t)length);
   copy[length] = '\0';
   struct st_debug_message *m =
      &d->log[(d->log_first + d->log_count) % ST_DEBUG_LOG_SIZE];
   m->source = source;
   m->type = type;
   m->id = id;
   m->severity = severity;
   m->text = copy;
   d->log_count++;
}

/* ---- enum checks ---- */

static bool
is_source(GLenum e)
{
   switch (e) {
   case GL_DEBUG_SOURCE_API:
   case GL_DEBUG_SOURCE_WINDOW_SYSTEM:
   case GL_DEBUG_SOURCE_SHADER_COMPILER:
   case GL_DEBUG_SOURCE_THIRD_PARTY:
   case GL_DEBUG_SOURCE_APPLICATION:
   case GL_DEBUG_SOURCE_OTHER:
      return true;
   default:
      return false;
   }
}

static bool
is_type(GLenum e)
{
   switch (e) {
   case GL_DEBUG_TYPE_ERROR:
   case GL_DEBUG_TYPE_DEPRECATED_BEHAVIOR:
   case GL_DEBUG_TYPE_UNDEFINED_BEHAVIOR:
   case GL_DEBUG_TYPE_PORTABILITY:
   case GL_DEBUG_TYPE_PERFORMANCE:
   case GL_DEBUG_TYPE_OTHER:
   case GL_DEBUG_TYPE_MARKER:
   case GL_DEBUG_TYPE_PUSH_GROUP:
   case GL_DEBUG_TYPE_POP_GROUP:
      return true;
   default:
      return false;
   }
}

static bool
is_severity(GLenum e)
{
   switch (e) {
   case GL_DEBUG_SEVERITY_HIGH:
   case GL_DEBUG_SEVERITY_MEDIUM:
   case GL_DEBUG_SEVERITY_LOW:
   case GL_DEBUG_SEVERITY_NOTIFICATION:
      return true;
   default:
      return false;
   }
}

/** Only the application and third parties insert messages and push
 * groups. */
static bool
is_app_source(GLenum e)
{
   return e == GL_DEBUG_SOURCE_APPLICATION || e == GL_DEBUG_SOURCE_THIRD_PARTY;
}

/**
 * The length of an application's message (@p length < 0: NUL-terminated),
 * or -1 after GL_INVALID_VALUE when it is not shorter than
 * GL_MAX_DEBUG_MESSAGE_LENGTH.
 */
static GLsizei
message_length(struct st_context *ctx, GLsizei length, const GLchar *buf,
               const char *func)
{
   if (!buf)
      return 0;
   size_t n =
      length < 0 ? strnlen(buf, ST_MAX_DEBUG_MESSAGE_LENGTH) : (size_t)length;
   if (n >= ST_MAX_DEBUG_MESSAGE_LENGTH) {
      st_error(ctx, GL_INVALID_VALUE, "%s(length=%d): message too long", func,
               (int)length);
      return -1;
   }
   return (GLsizei)n;
}

/* ---- entry points ---- */

void
api_DebugMessageControl(struct st_context *ctx, GLenum source, GLenum type,
                        GLenum severity, GLsizei count, const GLuint *ids,
                        GLboolean enabled)
{
   if (source != GL_DONT_CARE && !is_source(source)) {
      st_error(ctx, GL_INVALID_ENUM, "glDebugMessageControl(source=%s)",
               st_enum_name(source));
      return;
   }
   if (type != GL_DONT_CARE && !is_type(type)) {
      st_error(ctx, GL_INVALID_ENUM, "glDebugMessageControl(type=%s)",
               st_enum_name(type));
      return;
   }
   if (severity != GL_DONT_CARE && !is_severity(severity)) {
      st_error(ctx, GL_INVALID_ENUM, "glDebugMessageControl(severity=%s)",
               st_enum_name(severity));
      return;
   }
   if (count < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glDebugMessageControl(count=%d)",
               (int)count);
      return;
   }
   /* Ids name messages of one source and type, whatever the severity. */
   if (count > 0 && (source == GL_DONT_CARE || type == GL_DONT_CARE ||
                     severity != GL_DONT_CARE)) {
      st_error(ctx, GL_INVALID_OPERATION,
               "glDebugMessageControl(count=%d): ids need a source and a "
               "type and no severity",
               (int)count);
      return;
   }

   struct u_dynarray *rules = &groups(ctx)->level[ctx->debug.group_depth].rules;
   struct rule r = {
      .source = source,
      .type = type,
      .severity = severity,
      .enabled = enabled != GL_FALSE,
   };
   if (count == 0) {
      if (!add_rule(rules, &r))
         st_out_of_memory(ctx, "glDebugMessageControl");
      return;
   }
   if (!ids)
      return;
   r.has_id = true;
   for (GLsizei i = 0; i < count; i++) {
      r.id = ids[i];
      if (!add_rule(rules, &r)) {
         st_out_of_memory(ctx, "glDebugMessageControl");
         return;
      }
   }
}

void
api_DebugMessageInsert(struct st_context *ctx, GLenum source, GLenum type,
                       GLuint id, GLenum severity, GLsizei length,
                       const GLchar *buf)
{
   if (!is_app_source(source)) {
      st_error(ctx, GL_INVALID_ENUM, "glDebugMessageInsert(source=%s)",
               st_enum_name(source));
      return;
   }
   if (!is_type(type)) {
      st_error(ctx, GL_INVALID_ENUM, "glDebugMessageInsert(type=%s)",
               st_enum_name(type));
      return;
   }
   if (!is_severity(severity)) {
      st_error(ctx, GL_INVALID_ENUM, "glDebugMessageInsert(severity=%s)",
               st_enum_name(severity));
      return;
   }
   GLsizei n = message_length(ctx, length, buf, "glDebugMessageInsert");
   if (n < 0)
      return;
   st_debug_emit(ctx, source, type, id, severity, n, buf ? buf : "");
}

void
api_DebugMessageCallback(struct st_context *ctx, GLDEBUGPROC callback,
                         const void *userParam)
{
   ctx->debug.callback = callback;
   ctx->debug.callback_user = userParam;
}

GLuint
api_GetDebugMessageLog(struct st_context *ctx, GLuint count, GLsizei bufSize,
                       GLenum *sources, GLenum *types, GLuint *ids,
                       GLenum *severities, GLsizei *lengths, GLchar *messageLog)
{
   if (messageLog && bufSize < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glGetDebugMessageLog(bufSize=%d)",
               (int)bufSize);
      return 0;
   }
   struct st_debug_state *d = &ctx->debug;
   size_t used = 0;
   GLuint n = 0;
   while (n < count && d->log_count) {
      const struct st_debug_message *m = &d->log[d->log_first];
      size_t size = strlen(m->text) + 1;
      /* A message that does not fit ends the retrieval; it stays in
       * the log. */
      if (messageLog) {
         if (size > (size_t)bufSize - used)
            break;
         memcpy(messageLog + used, m->text, size);
         used += size;
      }
      if (sources)
         sources[n] = m->source;
      if (types)
         types[n] = m->type;
      if (ids)
         ids[n] = m->id;
      if (severities)
         severities[n] = m->severity;
      if (lengths)
         lengths[n] = (GLsizei)size;
      log_drop_first(d);
      n++;
   }
   return n;
}

void
api_PushDebugGroup(struct st_context *ctx, GLenum source, GLuint id,
                   GLsizei length, const GLchar *message)
{
   if (!is_app_source(source)) {
      st_error(ctx, GL_INVALID_ENUM, "glPushDebugGroup(source=%s)",
               st_enum_name(source));
      return;
   }
   GLsizei n = message_length(ctx, length, message, "glPushDebugGroup");
   if (n < 0)
      return;
   if (ctx->debug.group_depth + 1 >= ST_DEBUG_GROUP_DEPTH) {
      st_error(ctx, GL_STACK_OVERFLOW,
               "glPushDebugGroup: %u groups already pushed",
               ctx->debug.group_depth);
      return;
   }

   struct debug_groups *g = groups(ctx);
   struct group *parent = &g->level[ctx->debug.group_depth];
   struct group *child = &g->level[ctx->debug.group_depth + 1];
   char *copy = malloc((size_t)n + 1);
   if (!copy || !u_dynarray_resize(&child->rules, parent->rules.size)) {
      free(copy);
      st_out_of_memory(ctx, "glPushDebugGroup");
      return;
   }
   if (parent->rules.size)
      memcpy(child->rules.data, parent->rules.data, parent->rules.size);
   if (n)
      memcpy(copy, message, (size_t)n);
   copy[n] = '\0';
   child->source = source;
   child->id = id;
   child->message = copy;
   child->length = n;

   /* The push message is filtered by the new group's state, which
    * starts as the parent's. */
   ctx->debug.group_depth++;
   st_debug_emit(ctx, source, GL_DEBUG_TYPE_PUSH_GROUP, id,
                 GL_DEBUG_SEVERITY_NOTIFICATION, n, copy);
}

void
api_PopDebugGroup(struct st_context *ctx)
{
   if (ctx->debug.group_depth == 0) {
      st_error(ctx, GL_STACK_UNDERFLOW, "glPopDebugGroup: no group was pushed");
      return;
   }
   struct group *top = &groups(ctx)->level[ctx->debug.group_depth];
   ctx->debug.group_depth--;
   /* Sent after the pop: the restored state filters it. */
   st_debug_emit(ctx, top->source, GL_DEBUG_TYPE_POP_GROUP, top->id,
                 GL_DEBUG_SEVERITY_NOTIFICATION, top->length, top->message);
   free(top->message);
   top->message = NULL;
   u_dynarray_clear(&top->rules);
}

void
api_GetPointerv(struct st_context *ctx, GLenum pname, void **params)
{
   void *value;
   switch (pname) {
   case GL_DEBUG_CALLBACK_FUNCTION:
      value = (void *)ctx->debug.callback;
      break;
   case GL_DEBUG_CALLBACK_USER_PARAM:
      value = (void *)ctx->debug.callback_user;
      break;
   default:
      if (!st_vertex_get_pointer(ctx, pname, &value) &&
          !st_render_mode_get_pointer(ctx, pname, &value)) {
         st_error(ctx, GL_INVALID_ENUM, "glGetPointerv(pname=%s)",
                  st_enum_name(pname));
         return;
      }
      break;
   }
   if (params)
      *params = value;
}

bool
st_debug_get(struct st_context *ctx, GLenum pname, int index,
             struct st_value *v)
{
   if (index >= 0)
      return false;
   const struct st_debug_state *d = &ctx->debug;
   switch (pname) {
   case GL_DEBUG_OUTPUT:
      st_value_bool(v, d->output_enabled);
      return true;
   case GL_DEBUG_OUTPUT_SYNCHRONOUS:
      st_value_bool(v, d->synchronous);
      return true;
   case GL_DEBUG_LOGGED_MESSAGES:
      st_value_int(v, (GLint)d->log_count);
      return true;
   case GL_DEBUG_NEXT_LOGGED_MESSAGE_LENGTH:
      st_value_int(
         v, d->log_count ? (GLint)strlen(d->log[d->log_first].text) + 1 : 0);
      return true;
   case GL_DEBUG_GROUP_STACK_DEPTH:
      st_value_int(v, (GLint)d->group_depth + 1);
      return true;
   case GL_MAX_DEBUG_MESSAGE_LENGTH:
      st_value_int(v, ST_MAX_DEBUG_MESSAGE_LENGTH);
      return true;
   case GL_MAX_DEBUG_LOGGED_MESSAGES:
      st_value_int(v, ST_DEBUG_LOG_SIZE);
      return true;
   case GL_MAX_DEBUG_GROUP_STACK_DEPTH:
      st_value_int(v, ST_DEBUG_GROUP_DEPTH);
      return true;
   case GL_MAX_LABEL_LENGTH:
      st_value_int(v, ST_MAX_LABEL_LENGTH);
      return true;
   default:
      return false;
   }
}
