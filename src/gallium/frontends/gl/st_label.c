/* SPDX-License-Identifier: MIT */

/*
 * KHR_debug object labels: glObjectLabel, glGetObjectLabel,
 * glObjectPtrLabel, glGetObjectPtrLabel.
 *
 * The objects belong to other modules, so labels are kept here, in a
 * table keyed by (identifier, name) or by sync pointer: the share group's
 * table for shared objects (under st_shared::mutex), the context's for
 * per-context ones.  Whether an object exists is asked through the
 * modules' glIs* entry points.  For buffers, textures and renderbuffers
 * the label also remembers the object, so that a label never outlives
 * its object when the name is reused; the other kinds of object do not
 * expose one, and a name that is deleted and generated again keeps its
 * old label (a known limitation).
 */
#include <stdlib.h>
#include <string.h>

#include "glapi_api.h"
#include "st_buffer.h"
#include "st_context.h"
#include "st_debug.h"
#include "st_fb.h"
#include "st_label.h"
#include "st_texture.h"
#include "util/u_hash.h"

struct label_key {
   GLenum identifier; /**< 0 for sync objects */
   GLuint name;
   const void *ptr; /**< sync objects */
};

struct label {
   struct label_key key;
   /** The object labelled where the module exposes one, else NULL. */
   const void *object;
   char *text;
};

static uint32_t
hash_key(const void *key)
{
   const struct label_key *k = key;
   return u_hash_u64(((uint64_t)k->identifier << 32 | k->name) ^
                     (uint64_t)(uintptr_t)k->ptr);
}

static bool
equal_key(const void *a, const void *b)
{
   const struct label_key *x = a, *y = b;
   return x->identifier == y->identifier && x->name == y->name &&
          x->ptr == y->ptr;
}

static void
free_label(struct u_hash_entry *entry)
{
   struct label *l = entry->data;
   free(l->text);
   free(l);
}

struct u_hash_table *
st_label_table_create(void)
{
   return u_hash_table_create(NULL, hash_key, equal_key);
}

void
st_label_table_destroy(struct u_hash_table *table)
{
   if (table)
      u_hash_table_destroy(table, free_label);
}

/* ---- objects ---- */

/** Whether @p identifier names shared objects. */
static bool
is_shared(GLenum identifier)
{
   switch (identifier) {
   case GL_BUFFER:
   case GL_SHADER:
   case GL_PROGRAM:
   case GL_SAMPLER:
   case GL_TEXTURE:
   case GL_RENDERBUFFER:
      return true;
   default:
      return false;
   }
}

static bool
is_identifier(GLenum identifier)
{
   switch (identifier) {
   case GL_VERTEX_ARRAY:
   case GL_QUERY:
   case GL_TRANSFORM_FEEDBACK:
   case GL_FRAMEBUFFER:
      return true;
   default:
      return is_shared(identifier);
   }
}

/**
 * Whether object @p name of @p identifier exists; *@p object gets the
 * object where the module exposes it.
 */
static bool
object_exists(struct st_context *ctx, GLenum identifier, GLuint name,
              const void **object)
{
   *object = NULL;
   switch (identifier) {
   case GL_BUFFER:
      *object = st_buffer_lookup(ctx, name);
      return *object != NULL;
   case GL_TEXTURE:
      *object = st_texture_lookup(ctx, name);
      return *object != NULL;
   case GL_RENDERBUFFER:
      *object = st_renderbuffer_lookup(ctx, name);
      return *object != NULL;
   case GL_SHADER:
      return api_IsShader(ctx, name);
   case GL_PROGRAM:
      return api_IsProgram(ctx, name);
   case GL_SAMPLER:
      return api_IsSampler(ctx, name);
   case GL_VERTEX_ARRAY:
      return api_IsVertexArray(ctx, name);
   case GL_QUERY:
      return api_IsQuery(ctx, name);
   case GL_TRANSFORM_FEEDBACK:
      return api_IsTransformFeedback(ctx, name);
   case GL_FRAMEBUFFER:
      return api_IsFramebuffer(ctx, name);
   default:
      return false;
   }
}

/* ---- the tables ---- */

/** The table of @p key's objects, locked if shared (unlock_table()). */
static struct u_hash_table *
lock_table(struct st_context *ctx, const struct label_key *key)
{
   if (key->ptr || is_shared(key->identifier)) {
      mtx_lock(&ctx->shared->mutex);
      return ctx->shared->labels;
   }
   return ctx->labels;
}

static void
unlock_table(struct st_context *ctx, const struct label_key *key)
{
   if (key->ptr || is_shared(key->identifier))
      mtx_unlock(&ctx->shared->mutex);
}

/** Sets (or with @p text NULL removes) the label of @p key. */
static void
set_label(struct st_context *ctx, const struct label_key *key,
          const void *object, const GLchar *text, size_t length,
          const char *func)
{
   struct label *l = NULL;
   char *copy = NULL;
   if (text) {
      l = calloc(1, sizeof(*l));
      copy = malloc(length + 1);
      if (!l || !copy) {
         free(l);
         free(copy);
         st_out_of_memory(ctx, func);
         return;
      }
      memcpy(copy, text, length);
      copy[length] = '\0';
      l->key = *key;
      l->object = object;
      l->text = copy;
   }

   struct u_hash_table *table = lock_table(ctx, key);
   struct u_hash_entry *e = u_hash_table_search(table, key);
   if (e) {
      struct label *old = e->data;
      u_hash_table_remove(table, e);
      free(old->text);
      free(old);
   }
   bool ok = !l || u_hash_table_insert(table, &l->key, l);
   unlock_table(ctx, key);

   if (!ok) {
      free(copy);
      free(l);
      st_out_of_memory(ctx, func);
   }
}

/**
 * Copies the label of @p key (empty if none or if it belongs to an
 * object that is gone) as glGetObjectLabel does.
 */
static void
get_label(struct st_context *ctx, const struct label_key *key,
          const void *object, GLsizei bufSize, GLsizei *length, GLchar *label)
{
   struct u_hash_table *table = lock_table(ctx, key);
   struct u_hash_entry *e = u_hash_table_search(table, key);
   const struct label *l = e ? e->data : NULL;
   const char *text = l && l->object == object ? l->text : "";
   size_t n = strlen(text);
   /* Without a buffer, the length is the label's. */
   if (label && bufSize > 0) {
      if (n > (size_t)bufSize - 1)
         n = (size_t)bufSize - 1;
      memcpy(label, text, n);
      label[n] = '\0';
   } else if (label) {
      n = 0;
   }
   unlock_table(ctx, key);
   if (length)
      *length = (GLsizei)n;
}

/** The length of a label (@p length < 0: NUL-terminated); -1 after
 * GL_INVALID_VALUE when not shorter than GL_MAX_LABEL_LENGTH. */
static GLsizei
label_length(struct st_context *ctx, GLsizei length, const GLchar *label,
             const char *func)
{
   if (!label)
      return 0;
   size_t n = length < 0 ? strnlen(label, ST_MAX_LABEL_LENGTH) : (size_t)length;
   if (n >= ST_MAX_LABEL_LENGTH) {
      st_error(ctx, GL_INVALID_VALUE, "%s(length=%d): label too long", func,
               (int)length);
      return -1;
   }
   return (GLsizei)n;
}

/** Checks @p identifier and @p name (errors naming @p func). */
static bool
check_object(struct st_context *ctx, GLenum identifier, GLuint name,
             const void **object, const char *func)
{
   if (!is_identifier(identifier)) {
      st_error(ctx, GL_INVALID_ENUM, "%s(identifier=%s)", func,
               st_enum_name(identifier));
      return false;
   }
   if (!object_exists(ctx, identifier, name, object)) {
      st_error(ctx, GL_INVALID_VALUE, "%s(%s %u): no such object", func,
               st_enum_name(identifier), name);
      return false;
   }
   return true;
}

void
api_ObjectLabel(struct st_context *ctx, GLenum identifier, GLuint name,
                GLsizei length, const GLchar *label)
{
   const void *object;
   if (!check_object(ctx, identifier, name, &object, "glObjectLabel"))
      return;
   GLsizei n = label_length(ctx, length, label, "glObjectLabel");
   if (n < 0)
      return;
   struct label_key key = { .identifier = identifier, .name = name };
   set_label(ctx, &key, object, label, (size_t)n, "glObjectLabel");
}

void
api_GetObjectLabel(struct st_context *ctx, GLenum identifier, GLuint name,
                   GLsizei bufSize, GLsizei *length, GLchar *label)
{
   if (bufSize < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glGetObjectLabel(bufSize=%d)",
               (int)bufSize);
      return;
   }
   const void *object;
   if (!check_object(ctx, identifier, name, &object, "glGetObjectLabel"))
      return;
   struct label_key key = { .identifier = identifier, .name = name };
   get_label(ctx, &key, object, bufSize, length, label);
}

void
api_ObjectPtrLabel(struct st_context *ctx, const void *ptr, GLsizei length,
                   const GLchar *label)
{
   if (!api_IsSync(ctx, (GLsync)ptr)) {
      st_error(ctx, GL_INVALID_VALUE, "glObjectPtrLabel: not a sync object");
      return;
   }
   GLsizei n = label_length(ctx, length, label, "glObjectPtrLabel");
   if (n < 0)
      return;
   struct label_key key = { .ptr = ptr };
   set_label(ctx, &key, NULL, label, (size_t)n, "glObjectPtrLabel");
}

void
api_GetObjectPtrLabel(struct st_context *ctx, const void *ptr, GLsizei bufSize,
                      GLsizei *length, GLchar *label)
{
   if (bufSize < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glGetObjectPtrLabel(bufSize=%d)",
               (int)bufSize);
      return;
   }
   if (!api_IsSync(ctx, (GLsync)ptr)) {
      st_error(ctx, GL_INVALID_VALUE, "glGetObjectPtrLabel: not a sync object");
      return;
   }
   struct label_key key = { .ptr = ptr };
   get_label(ctx, &key, NULL, bufSize, length, label);
}
