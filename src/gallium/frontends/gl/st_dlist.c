/* SPDX-License-Identifier: MIT */

/*
 * Display lists (compatibility; GL 3.0 compatibility, 5.4): list objects
 * and their names, compilation (glNewList / glEndList, st_dlist_alloc())
 * and execution (glCallList, glCallLists).
 *
 * A list object (struct st_dlist) is reference counted: the share
 * group's name table holds one reference and every execution another, so
 * glDeleteLists or a new glNewList/glEndList of a list that is running
 * (in this context, deeper in the call chain, or in another context of
 * the group) frees it only when the execution ends.  A list being
 * compiled belongs to its context until glEndList names it (GL 3.0
 * compatibility, 5.4: "If a display list with name n already exists, it
 * is replaced only when EndList is called").
 *
 * The records are those of st_dlist_priv.h; execution walks them and
 * calls glapi_replay() (generated) or the hand-written replays.
 */
#include <stdatomic.h>
#include <stdlib.h>

#include "glapi_api.h"
#include "st_attrib.h"
#include "st_dlist_priv.h"
#include "st_get.h"
#include "st_names.h"

/** Nodes of a block when records are small (4 KiB). */
#define BLOCK_NODES 512

struct st_dlist_block {
   struct st_dlist_block *next;
   size_t used, capacity; /**< nodes */
   union st_dlist_node nodes[];
};

struct st_dlist {
   atomic_int refcount;
   struct st_dlist_block *first, *last;
};

struct st_dlist_state {
   /** The list being compiled (ctx->list_mode != 0) and its name. */
   struct st_dlist *building;
   GLuint building_name;
   /** glListBase. */
   GLuint base;
   /** Lists being executed, nested. */
   unsigned depth;
};

/* ---- list objects ---- */

static void
dlist_unreference(struct st_dlist *list)
{
   if (!list || atomic_fetch_sub(&list->refcount, 1) != 1)
      return;
   struct st_dlist_block *b = list->first;
   while (b) {
      struct st_dlist_block *next = b->next;
      free(b);
      b = next;
   }
   free(list);
}

static void
free_list(GLuint name, void *object, void *data)
{
   (void)name;
   (void)data;
   dlist_unreference(object);
}

void
st_dlist_free_shared(struct st_names *lists)
{
   st_names_foreach(lists, free_list, NULL);
}

void
st_dlist_init(struct st_context *ctx)
{
   ctx->dlist = calloc(1, sizeof(*ctx->dlist));
}

void
st_dlist_fini(struct st_context *ctx)
{
   if (!ctx->dlist)
      return;
   dlist_unreference(ctx->dlist->building);
   free(ctx->dlist);
   ctx->dlist = NULL;
}

/** The list @p name with a reference for the caller, NULL if none. */
static struct st_dlist *
lookup(struct st_context *ctx, GLuint name)
{
   mtx_lock(&ctx->shared->mutex);
   struct st_dlist *list = st_names_lookup(ctx->shared->lists, name);
   if (list)
      atomic_fetch_add(&list->refcount, 1);
   mtx_unlock(&ctx->shared->mutex);
   return list;
}

/* ---- compilation ---- */

union st_dlist_node *
st_dlist_alloc(struct st_context *ctx, unsigned op, unsigned params,
               size_t bytes)
{
   struct st_dlist *list = ctx->dlist->building;
   size_t nodes = 1 + (size_t)params + bytes / sizeof(union st_dlist_node);
   if (nodes > UINT32_MAX) {
      st_out_of_memory(ctx, "display list");
      return NULL;
   }
   struct st_dlist_block *b = list->last;
   if (!b || b->capacity - b->used < nodes) {
      size_t capacity = nodes > BLOCK_NODES ? nodes : BLOCK_NODES;
      b = malloc(sizeof(*b) + capacity * sizeof(union st_dlist_node));
      if (!b) {
         st_out_of_memory(ctx, "display list");
         return NULL;
      }
      b->next = NULL;
      b->used = 0;
      b->capacity = capacity;
      if (list->last)
         list->last->next = b;
      else
         list->first = b;
      list->last = b;
   }
   union st_dlist_node *n = &b->nodes[b->used];
   b->used += nodes;
   n[0].header.op = (uint16_t)op;
   n[0].header.size = (uint32_t)nodes;
   return n;
}

void
st_dlist_save_error(struct st_context *ctx, GLenum error, const char *message)
{
   union st_dlist_node *n = st_dlist_alloc(ctx, ST_DLIST_OP_ERROR, 2, 0);
   if (n) {
      n[1].u = error;
      n[2].p = message;
   }
}

void
api_NewList(struct st_context *ctx, GLuint list, GLenum mode)
{
   struct st_dlist_state *ds = ctx->dlist;
   if (list == 0) {
      st_error(ctx, GL_INVALID_VALUE, "glNewList(list=0)");
      return;
   }
   if (mode != GL_COMPILE && mode != GL_COMPILE_AND_EXECUTE) {
      st_error(ctx, GL_INVALID_ENUM, "glNewList(mode=%s)", st_enum_name(mode));
      return;
   }
   if (ctx->list_mode) {
      st_error(ctx, GL_INVALID_OPERATION, "glNewList(inside glNewList)");
      return;
   }
   struct st_dlist *obj = ds ? calloc(1, sizeof(*obj)) : NULL;
   if (!obj) {
      st_out_of_memory(ctx, "glNewList");
      return;
   }
   atomic_init(&obj->refcount, 1);
   st_flush_vertices(ctx);
   ds->building = obj;
   ds->building_name = list;
   ctx->list_mode = mode;
}

void
api_EndList(struct st_context *ctx)
{
   struct st_dlist_state *ds = ctx->dlist;
   if (!ctx->list_mode) {
      st_error(ctx, GL_INVALID_OPERATION, "glEndList(without glNewList)");
      return;
   }
   ctx->list_mode = 0;
   struct st_dlist *obj = ds->building;
   ds->building = NULL;
   mtx_lock(&ctx->shared->mutex);
   struct st_dlist *old =
      st_names_lookup(ctx->shared->lists, ds->building_name);
   bool ok = st_names_insert(ctx->shared->lists, ds->building_name, obj);
   mtx_unlock(&ctx->shared->mutex);
   if (!ok) {
      dlist_unreference(obj);
      st_out_of_memory(ctx, "glEndList");
      return;
   }
   dlist_unreference(old);
}

/* ---- execution ---- */

static void
replay_error(struct st_context *ctx, const union st_dlist_node *n)
{
   st_error(ctx, (GLenum)n[1].u, "%s", (const char *)n[2].p);
}

/** Runs the records of @p list. */
static void
execute(struct st_context *ctx, const struct st_dlist *list)
{
   for (const struct st_dlist_block *b = list->first; b; b = b->next) {
      for (size_t i = 0; i < b->used; i += b->nodes[i].header.size) {
         const union st_dlist_node *n = &b->nodes[i];
         switch (n->header.op) {
         case ST_DLIST_OP_VERTICES:
            st_dlist_replay_vertices(ctx, n);
            break;
         case ST_DLIST_OP_ERROR:
            replay_error(ctx, n);
            break;
         default:
            glapi_replay(ctx, n);
            break;
         }
      }
   }
}

/** glCallList of @p name at the current nesting level. */
static void
call_list(struct st_context *ctx, GLuint name)
{
   struct st_dlist_state *ds = ctx->dlist;
   /* GL 3.0 compatibility, 5.4: "If this limit [MAX_LIST_NESTING] is
    * exceeded, ... the list is not executed". */
   if (!ds || ds->depth >= ST_MAX_LIST_NESTING)
      return;
   struct st_dlist *list = lookup(ctx, name);
   if (!list)
      return;
   ds->depth++;
   execute(ctx, list);
   ds->depth--;
   dlist_unreference(list);
}

void
api_CallList(struct st_context *ctx, GLuint list)
{
   call_list(ctx, list);
}

/** Element @p i of glCallLists' array of @p type (GL 3.0
 * compatibility, table 5.7); false for an unknown type. */
static bool
list_name(GLenum type, const void *lists, GLsizei i, GLuint *out)
{
   const GLubyte *ub = lists;
   switch (type) {
   case GL_BYTE:
      *out = (GLuint)(GLint)((const GLbyte *)lists)[i];
      return true;
   case GL_UNSIGNED_BYTE:
      *out = ub[i];
      return true;
   case GL_SHORT:
      *out = (GLuint)(GLint)((const GLshort *)lists)[i];
      return true;
   case GL_UNSIGNED_SHORT:
      *out = ((const GLushort *)lists)[i];
      return true;
   case GL_INT:
      *out = (GLuint)((const GLint *)lists)[i];
      return true;
   case GL_UNSIGNED_INT:
      *out = ((const GLuint *)lists)[i];
      return true;
   case GL_FLOAT:
      *out = (GLuint)((const GLfloat *)lists)[i];
      return true;
   /* The byte forms: most significant byte first. */
   case GL_2_BYTES:
      ub += 2 * (size_t)i;
      *out = (GLuint)ub[0] << 8 | ub[1];
      return true;
   case GL_3_BYTES:
      ub += 3 * (size_t)i;
      *out = (GLuint)ub[0] << 16 | (GLuint)ub[1] << 8 | ub[2];
      return true;
   case GL_4_BYTES:
      ub += 4 * (size_t)i;
      *out =
         (GLuint)ub[0] << 24 | (GLuint)ub[1] << 16 | (GLuint)ub[2] << 8 | ub[3];
      return true;
   default:
      return false;
   }
}

size_t
st_dlist_size_call_lists(struct st_context *ctx, GLsizei n, GLenum type)
{
   (void)ctx;
   static const struct {
      GLenum type;
      unsigned bytes;
   } sizes[] = {
      { GL_BYTE, 1 },           { GL_UNSIGNED_BYTE, 1 }, { GL_SHORT, 2 },
      { GL_UNSIGNED_SHORT, 2 }, { GL_INT, 4 },           { GL_UNSIGNED_INT, 4 },
      { GL_FLOAT, 4 },          { GL_2_BYTES, 2 },       { GL_3_BYTES, 3 },
      { GL_4_BYTES, 4 },
   };
   if (n <= 0)
      return 0;
   for (unsigned i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
      if (sizes[i].type == type)
         return (size_t)n * sizes[i].bytes;
   }
   return 0;
}

void
api_CallLists(struct st_context *ctx, GLsizei n, GLenum type, const void *lists)
{
   if (n < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glCallLists(n=%d)", n);
      return;
   }
   if (!st_dlist_size_call_lists(ctx, 1, type)) {
      st_error(ctx, GL_INVALID_ENUM, "glCallLists(type=%s)",
               st_enum_name(type));
      return;
   }
   if (!lists || !ctx->dlist)
      return;
   /* GL 3.0 compatibility, 5.4: the base is added to each name, "the
    * value of LIST_BASE ... is the one in effect when CallLists runs";
    * glListBase inside a called list changes it for the names after. */
   for (GLsizei i = 0; i < n; i++) {
      GLuint name = 0;
      list_name(type, lists, i, &name);
      call_list(ctx, name + ctx->dlist->base);
   }
}

void
api_ListBase(struct st_context *ctx, GLuint base)
{
   if (ctx->dlist)
      ctx->dlist->base = base;
}

/* ---- names ---- */

GLuint
api_GenLists(struct st_context *ctx, GLsizei range)
{
   if (range < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glGenLists(range=%d)", range);
      return 0;
   }
   if (range == 0)
      return 0;
   struct st_names *names = ctx->shared->lists;
   mtx_lock(&ctx->shared->mutex);
   /* The first run of range unused names. */
   GLuint first = 1, found = 0;
   while (found < (GLuint)range) {
      if (first > UINT32_MAX - (GLuint)range) {
         mtx_unlock(&ctx->shared->mutex);
         return 0;
      }
      if (st_names_is_used(names, first + found)) {
         first += found + 1;
         found = 0;
      } else {
         found++;
      }
   }
   for (GLuint i = 0; i < (GLuint)range; i++) {
      if (!st_names_insert(names, first + i, NULL)) {
         for (GLuint j = 0; j < i; j++)
            st_names_remove(names, first + j);
         mtx_unlock(&ctx->shared->mutex);
         st_out_of_memory(ctx, "glGenLists");
         return 0;
      }
   }
   mtx_unlock(&ctx->shared->mutex);
   return first;
}

void
api_DeleteLists(struct st_context *ctx, GLuint list, GLsizei range)
{
   if (range < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glDeleteLists(range=%d)", range);
      return;
   }
   mtx_lock(&ctx->shared->mutex);
   for (GLsizei i = 0; i < range && list + (GLuint)i >= list; i++) {
      GLuint name = list + (GLuint)i;
      if (name == 0)
         continue;
      dlist_unreference(st_names_lookup(ctx->shared->lists, name));
      st_names_remove(ctx->shared->lists, name);
   }
   mtx_unlock(&ctx->shared->mutex);
}

GLboolean
api_IsList(struct st_context *ctx, GLuint list)
{
   mtx_lock(&ctx->shared->mutex);
   bool used = st_names_is_used(ctx->shared->lists, list);
   mtx_unlock(&ctx->shared->mutex);
   return used ? GL_TRUE : GL_FALSE;
}

/* ---- queries ---- */

bool
st_dlist_get(struct st_context *ctx, GLenum pname, int index,
             struct st_value *v)
{
   if (!st_is_compat(ctx) || index >= 0)
      return false;
   struct st_dlist_state *ds = ctx->dlist;
   switch (pname) {
   case GL_LIST_INDEX:
      st_value_int(v, ctx->list_mode && ds ? (GLint)ds->building_name : 0);
      return true;
   case GL_LIST_MODE:
      st_value_enum(v, ctx->list_mode);
      return true;
   case GL_LIST_BASE:
      st_value_int(v, ds ? (GLint)ds->base : 0);
      return true;
   case GL_MAX_LIST_NESTING:
      st_value_int(v, ST_MAX_LIST_NESTING);
      return true;
   default:
      return false;
   }
}

/* ---- GL_LIST_BIT of glPushAttrib ---- */

static void
save_list_base(struct st_context *ctx, void *data)
{
   *(GLuint *)data = ctx->dlist ? ctx->dlist->base : 0;
}

static void
restore_list_base(struct st_context *ctx, const void *data)
{
   if (ctx->dlist)
      ctx->dlist->base = *(const GLuint *)data;
}

const struct st_attrib_saver st_dlist_saver_list = {
   .mask = GL_LIST_BIT,
   .size = sizeof(GLuint),
   .save = save_list_base,
   .restore = restore_list_base,
};
