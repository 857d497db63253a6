/* SPDX-License-Identifier: MIT */

/*
 * Interface blocks, redeclarations of built-in variables and the sizing
 * of geometry shader inputs.
 *
 * Blocks (GLSL 1.40, 4.3.7 uniform blocks; GLSL 1.50, 4.3.7 in and out
 * blocks; ESSL 3.00 uniform blocks only): the members become fields of an
 * IR_TYPE_INTERFACE type, laid out with std140 offsets (a valid layout
 * for shared and packed too).  With an instance name the block is one
 * variable of that type (or an array of them); without one, each member
 * is declared at global scope as a symbol pointing back to the block's
 * variable (glsl_symbol::block_var).  A block name may not be reused for
 * any other global name (GLSL 1.50, 4.3.7).  A redeclaration of
 * gl_PerVertex (GLSL 1.50, 7.1) is checked and otherwise leaves the
 * built-in variables as they are.
 *
 * Built-in variables flagged redeclarable in the built-in tables may be
 * redeclared once, before any use, with the same storage and type; an
 * array's size may be given (no larger than the built-in's), and the
 * fragment coordinate takes its layout qualifiers this way.
 *
 * Geometry inputs are arrays whose size is the input primitive's vertex
 * count (GLSL 1.50, 4.3.8.1): unsized ones are sized by the layout,
 * sized ones must agree with it and with each other.
 */
#include <string.h>

#include "glsl_sema_decl.h"
#include "util/u_arena.h"
#include "util/u_hash.h"

static const unsigned prim_vertices[] = {
   [IR_PRIM_POINTS] = 1,          [IR_PRIM_LINES] = 2,
   [IR_PRIM_LINES_ADJACENCY] = 4, [IR_PRIM_LINE_STRIP] = 2,
   [IR_PRIM_TRIANGLES] = 3,       [IR_PRIM_TRIANGLES_ADJACENCY] = 6,
   [IR_PRIM_TRIANGLE_STRIP] = 3,
};

const struct ir_type *
sema_gs_input_array(struct glsl_sema *s, struct glsl_loc loc,
                    const struct ir_type *type)
{
   struct sema_ctx *c = sema_ctx(s);
   if (glsl_sema_is_error(type))
      return type;
   if (!ir_type_is_array(type)) {
      glsl_sema_error(s, loc, "geometry shader inputs must be arrays");
      return glsl_sema_error_type();
   }
   if (type->length == 0) {
      if (c->gs_in_vertices) {
         const struct ir_type *t =
            ir_type_array(s->arena, type->element, c->gs_in_vertices);
         return t ? t : type;
      }
      return type;
   }
   if (c->gs_in_vertices && type->length != c->gs_in_vertices) {
      glsl_sema_error(s, loc,
                      "geometry shader input array size %u does not "
                      "match the input primitive's %u vertices",
                      type->length, c->gs_in_vertices);
      return glsl_sema_error_type();
   }
   if (!c->gs_in_vertices && c->gs_in_size && type->length != c->gs_in_size) {
      glsl_sema_error(s, loc,
                      "geometry shader input array sizes are "
                      "inconsistent (%u and %u)",
                      c->gs_in_size, type->length);
      return glsl_sema_error_type();
   }
   c->gs_in_size = type->length;
   return type;
}

/* gl_in[] made before the input layout: sized when the layout comes. */
void
sema_gs_size_builtin(struct glsl_sema *s, struct glsl_symbol *sym)
{
   unsigned v = sema_ctx(s)->gs_in_vertices;
   if (s->env.stage != IR_STAGE_GEOMETRY || !v || !sym->type ||
       !ir_type_is_array(sym->type) || sym->type->length ||
       sym->storage != GLSL_STORAGE_IN)
      return;
   const struct ir_type *t = ir_type_array(s->arena, sym->type->element, v);
   if (t) {
      sym->type = t;
      sym->implicitly_sized = false;
   }
}

void
sema_gs_set_input_prim(struct glsl_sema *s, struct glsl_loc loc, int prim)
{
   struct sema_ctx *c = sema_ctx(s);
   struct glsl_shader *sh = s->shader;
   if (sh->gs_input_prim >= 0 && sh->gs_input_prim != prim) {
      glsl_sema_error(s, loc,
                      "conflicting geometry shader input primitive "
                      "types");
      return;
   }
   unsigned v = prim_vertices[prim];
   if (c->gs_in_size && c->gs_in_size != v) {
      glsl_sema_error(s, loc,
                      "the input primitive's %u vertices do not "
                      "match the size %u of an earlier input array",
                      v, c->gs_in_size);
      return;
   }
   sh->gs_input_prim = prim;
   c->gs_in_vertices = v;
   struct u_hash_entry *gl_in = u_hash_table_search(s->builtin_vars, "gl_in");
   if (gl_in)
      sema_gs_size_builtin(s, gl_in->data);
   /* Size the unsized input arrays declared so far. */
   u_dynarray_foreach (&c->globals, struct glsl_symbol *, it) {
      struct glsl_symbol *g = *it;
      if (g->storage == GLSL_STORAGE_IN && g->type &&
          ir_type_is_array(g->type) && g->implicitly_sized) {
         /* The expression half grew it to the largest index used. */
         if (g->type->length > v) {
            glsl_sema_error(s, loc,
                            "input '%s' was indexed with %u, beyond "
                            "the input primitive's %u vertices",
                            g->name, g->type->length - 1, v);
            return;
         }
         const struct ir_type *t = ir_type_array(s->arena, g->type->element, v);
         if (t) {
            g->type = t;
            g->implicitly_sized = false;
         }
      }
   }
}

/* The members of the output gl_PerVertex of GLSL 1.50, 7.1. */
static const char *const pervertex_members[] = {
   "gl_Position",
   "gl_PointSize",
   "gl_ClipDistance",
};

static bool
is_pervertex_member(const char *name)
{
   for (unsigned i = 0; i < 3; i++) {
      if (strcmp(name, pervertex_members[i]) == 0)
         return true;
   }
   return false;
}

bool
sema_pervertex_hidden(struct glsl_sema *s, const char *name)
{
   struct sema_ctx *c = sema_ctx(s);
   if (!c->pervertex_out_redeclared || !is_pervertex_member(name) ||
       s->env.stage == IR_STAGE_FRAGMENT)
      return false;
   for (unsigned i = 0; i < c->num_pervertex_kept; i++) {
      if (strcmp(c->pervertex_kept[i], name) == 0)
         return false;
   }
   return true;
}

static enum glsl_storage
builtin_decl_storage(enum glsl_storage st)
{
   return st == GLSL_STORAGE_SYSTEM_VALUE ? GLSL_STORAGE_IN : st;
}

bool
sema_redeclare_builtin(struct glsl_sema *s, struct glsl_ast_node *decl,
                       struct glsl_ast_declarator *d, const struct sema_qual *q,
                       const struct ir_type *type)
{
   (void)decl;
   struct glsl_symbol *sym = sema_builtin_var(s, d->name);
   if (!sym)
      return false;
   const struct glsl_builtin_var *bv = sym->builtin;
   if (!bv->redeclarable || d->initializer) {
      glsl_sema_error(s, d->loc,
                      "built-in variable '%s' cannot be "
                      "redeclared",
                      d->name);
      return true;
   }
   if (q->storage != builtin_decl_storage(bv->storage)) {
      glsl_sema_error(s, d->loc,
                      "redeclaration of built-in '%s' must keep "
                      "its storage qualifier",
                      d->name);
      return true;
   }
   if (glsl_sema_is_error(type))
      return true;
   const struct ir_type *old = sym->type;
   bool ok;
   if (ir_type_is_array(old)) {
      ok = ir_type_is_array(type) && ir_type_equal(old->element, type->element);
      if (ok && old->length && type->length > old->length) {
         glsl_sema_error(s, d->loc,
                         "'%s' redeclared with size %u, larger "
                         "than the built-in's %u",
                         d->name, type->length, old->length);
         return true;
      }
   } else {
      ok = ir_type_equal(old, type);
   }
   if (!ok) {
      glsl_sema_error(s, d->loc,
                      "redeclaration of built-in '%s' must keep "
                      "its type",
                      d->name);
      return true;
   }
   bool is_fragcoord = strcmp(d->name, "gl_FragCoord") == 0;
   /* A use between two (consistent) redeclarations of gl_FragCoord is
    * fine (GL_ARB_fragment_coord_conventions: only the first must come
    * before any use). */
   if ((sym->used || sym->assigned) &&
       !(is_fragcoord && sema_ctx(s)->fragcoord_redeclared)) {
      glsl_sema_error(s, d->loc,
                      "built-in '%s' redeclared after its first "
                      "use",
                      d->name);
      return true;
   }
   if (strcmp(d->name, "gl_ClipDistance") == 0 && s->env.limits &&
       type->length > s->env.limits->max_clip_distances) {
      glsl_sema_error(s, d->loc,
                      "gl_ClipDistance redeclared with size %u, "
                      "larger than gl_MaxClipDistances (%u)",
                      type->length, s->env.limits->max_clip_distances);
      return true;
   }
   if (q->storage == GLSL_STORAGE_OUT && is_pervertex_member(d->name)) {
      if (sema_ctx(s)->pervertex_out_redeclared) {
         glsl_sema_error(s, d->loc,
                         "'%s' cannot be redeclared after "
                         "gl_PerVertex was",
                         d->name);
         return true;
      }
      sema_ctx(s)->pervertex_member_redeclared = true;
   }
   if ((q->origin_upper_left || q->pixel_center_integer) && !is_fragcoord) {
      glsl_sema_error(s, d->loc,
                      "origin_upper_left and pixel_center_integer "
                      "only apply to gl_FragCoord");
      return true;
   }
   if (is_fragcoord) {
      struct glsl_shader *sh = s->shader;
      if (sema_ctx(s)->fragcoord_redeclared &&
          (sh->origin_upper_left != q->origin_upper_left ||
           sh->pixel_center_integer != q->pixel_center_integer)) {
         glsl_sema_error(s, d->loc,
                         "gl_FragCoord redeclared with different "
                         "layout qualifiers");
         return true;
      }
      sema_ctx(s)->fragcoord_redeclared = true;
      sh->origin_upper_left = q->origin_upper_left;
      sh->pixel_center_integer = q->pixel_center_integer;
   }
   if (type->length || !ir_type_is_array(type))
      sym->type = type;
   if (ir_type_is_array(type) && type->length)
      sym->implicitly_sized = false;
   if (q->interp_explicit) {
      sym->interp = q->interp;
      sym->interp_explicit = true;
   }
   sym->centroid |= q->centroid;
   sym->invariant |= q->invariant;
   if (q->precision)
      sym->precision = q->precision;
   sym->loc = d->loc;
   d->symbol = sym;
   sema_add_global(s, sym);
   return true;
}

/* "out gl_PerVertex { ... };" and "in gl_PerVertex { ... } gl_in[];" */
static void
redeclare_pervertex(struct glsl_sema *s, struct glsl_ast_node *node,
                    enum glsl_storage storage)
{
   struct sema_ctx *c = sema_ctx(s);
   struct glsl_ast_block *b = &node->decl.block;
   bool in = storage == GLSL_STORAGE_IN;
   enum ir_stage st = s->env.stage;
   if (!glsl_sema_version(s, 150, 0) || st == IR_STAGE_FRAGMENT ||
       (in && st != IR_STAGE_GEOMETRY)) {
      glsl_sema_error(s, node->loc,
                      "gl_PerVertex cannot be redeclared "
                      "here");
      return;
   }
   bool *done = in ? &c->pervertex_in_redeclared : &c->pervertex_out_redeclared;
   if (*done) {
      glsl_sema_error(s, node->loc, "gl_PerVertex redeclared twice");
      return;
   }
   if (in) {
      if (!b->instance_name || strcmp(b->instance_name, "gl_in") != 0 ||
          !b->array) {
         glsl_sema_error(s, node->loc,
                         "the input gl_PerVertex must be "
                         "redeclared as gl_in[]");
         return;
      }
   } else if (b->instance_name || b->array) {
      glsl_sema_error(s, node->loc,
                      "the output gl_PerVertex must be "
                      "redeclared without instance name");
      return;
   } else {
      if (c->pervertex_member_redeclared) {
         glsl_sema_error(s, node->loc,
                         "gl_PerVertex cannot be redeclared "
                         "after one of its members was");
         return;
      }
      for (unsigned i = 0; i < 3; i++) {
         struct u_hash_entry *e =
            u_hash_table_search(s->builtin_vars, pervertex_members[i]);
         const struct glsl_symbol *m = e ? e->data : NULL;
         if (m && (m->used || m->assigned)) {
            glsl_sema_error(s, node->loc,
                            "gl_PerVertex redeclared after "
                            "'%s' was used",
                            m->name);
            return;
         }
      }
   }
   struct glsl_symbol *gl_in = in ? sema_builtin_var(s, "gl_in") : NULL;
   if (in && gl_in && gl_in->used) {
      glsl_sema_error(s, node->loc,
                      "gl_PerVertex redeclared after gl_in "
                      "was used");
      return;
   }
   /* The redeclared members, for the new gl_PerVertex type of gl_in. */
   struct ir_struct_field fields[8];
   unsigned num_fields = 0;
   u_list_foreach (struct glsl_ast_node, m, &b->members, link) {
      const struct ir_type *t = glsl_sema_type_spec(s, m->decl.type_spec);
      for (unsigned i = 0; i < m->decl.num_declarators; i++) {
         struct glsl_ast_declarator *d = &m->decl.declarators[i];
         const struct ir_type *mt = sema_apply_array(s, t, d->array, true);
         const struct ir_type *want = NULL;
         struct glsl_symbol *bs = NULL;
         if (in && gl_in && ir_type_is_array(gl_in->type)) {
            const struct ir_type *pv = gl_in->type->element;
            for (unsigned f = 0; f < pv->num_fields; f++) {
               if (d->name && strcmp(pv->fields[f].name, d->name) == 0)
                  want = pv->fields[f].type;
            }
         } else if (!in && d->name) {
            bs = sema_builtin_var(s, d->name);
            if (bs && bs->storage == GLSL_STORAGE_OUT) {
               if (bs->used || bs->assigned) {
                  glsl_sema_error(s, d->loc,
                                  "gl_PerVertex redeclared after "
                                  "'%s' was used",
                                  d->name);
                  return;
               }
               want = bs->type;
               if (c->num_pervertex_kept < 8)
                  c->pervertex_kept[c->num_pervertex_kept++] = bs->name;
            }
         }
         bool ok = want && !glsl_sema_is_error(mt) &&
                   (ir_type_equal(want, mt) ||
                    (ir_type_is_array(want) && ir_type_is_array(mt) &&
                     ir_type_equal(want->element, mt->element)));
         if (!ok) {
            glsl_sema_error(s, d->loc,
                            "'%s' is not a member of the built-in "
                            "gl_PerVertex",
                            d->name ? d->name : "");
            return;
         }
         if (d->name && strcmp(d->name, "gl_ClipDistance") == 0 &&
             ir_type_is_array(mt) && s->env.limits &&
             mt->length > s->env.limits->max_clip_distances) {
            glsl_sema_error(s, d->loc,
                            "gl_ClipDistance redeclared with size "
                            "%u, larger than gl_MaxClipDistances (%u)",
                            mt->length, s->env.limits->max_clip_distances);
            return;
         }
         /* A size given to an unsized member (gl_ClipDistance) sticks. */
         if (bs && ir_type_is_array(mt) && mt->length) {
            bs->type = mt;
            bs->implicitly_sized = false;
         }
         if (num_fields < 8) {
            fields[num_fields++] = (struct ir_struct_field){
               .type = mt,
               .name = d->name,
               .offset = -1,
            };
         }
      }
   }
   if (in && gl_in && num_fields) {
      const struct ir_type *pv =
         ir_type_struct(s->arena, IR_TYPE_INTERFACE, "gl_PerVertex", fields,
                        num_fields, IR_PACKING_NONE);
      const struct ir_type *arr =
         pv ? ir_type_array(s->arena, pv, gl_in->type->length) : NULL;
      if (arr) {
         gl_in->type = arr;
         gl_in->implicitly_sized = arr->length == 0;
         sema_gs_size_builtin(s, gl_in);
      }
   }
   /* From here on, the members left out are hidden. */
   *done = true;
}

static const char *
storage_name(enum glsl_storage st)
{
   return st == GLSL_STORAGE_UNIFORM ? "uniform"
          : st == GLSL_STORAGE_IN    ? "in"
                                     : "out";
}

static bool
member_storage_ok(const struct glsl_ast_qualifier *q, enum glsl_storage st)
{
   uint32_t f =
      q->flags & (GLSL_Q_UNIFORM | GLSL_Q_IN | GLSL_Q_OUT | GLSL_Q_CONST |
                  GLSL_Q_ATTRIBUTE | GLSL_Q_VARYING | GLSL_Q_INOUT);
   if (!f)
      return true;
   return (st == GLSL_STORAGE_UNIFORM && f == GLSL_Q_UNIFORM) ||
          (st == GLSL_STORAGE_IN && f == GLSL_Q_IN) ||
          (st == GLSL_STORAGE_OUT && f == GLSL_Q_OUT);
}

/* std140 offsets (GL 3.1, 2.11.4); also used for shared and packed. */
static void
layout_fields(struct ir_struct_field *fields, unsigned n)
{
   unsigned offset = 0;
   for (unsigned i = 0; i < n; i++) {
      if (ir_type_is_array(fields[i].type) && fields[i].type->length == 0) {
         fields[i].offset = -1;
         continue;
      }
      unsigned align =
         ir_type_std140_align(fields[i].type, fields[i].row_major);
      if (align)
         offset = (offset + align - 1) / align * align;
      fields[i].offset = (int)offset;
      offset += ir_type_std140_size(fields[i].type, fields[i].row_major);
   }
}

void
sema_decl_block(struct glsl_sema *s, struct glsl_ast_node *node)
{
   struct sema_ctx *c = sema_ctx(s);
   struct glsl_ast_block *b = &node->decl.block;
   struct sema_qual q;
   if (!sema_check_qual(s, &b->qual, SEMA_QUAL_BLOCK, &q))
      return;
   enum glsl_storage st = q.storage;
   enum ir_stage stage = s->env.stage;
   if (st == GLSL_STORAGE_UNIFORM) {
      if (!glsl_sema_version(s, 140, 300) &&
          !sema_ext(s, "GL_ARB_uniform_buffer_object")) {
         glsl_sema_error(s, node->loc,
                         "uniform blocks need GLSL 1.40, ESSL "
                         "3.00 or GL_ARB_uniform_buffer_object");
         return;
      }
   } else if (st == GLSL_STORAGE_IN || st == GLSL_STORAGE_OUT) {
      if (!glsl_sema_version(s, 150, 0)) {
         glsl_sema_error(s, node->loc, "%s blocks need GLSL 1.50",
                         storage_name(st));
         return;
      }
      if ((st == GLSL_STORAGE_IN && stage == IR_STAGE_VERTEX) ||
          (st == GLSL_STORAGE_OUT && stage == IR_STAGE_FRAGMENT)) {
         glsl_sema_error(s, node->loc,
                         "%s blocks are not allowed in this "
                         "stage",
                         storage_name(st));
         return;
      }
   } else {
      glsl_sema_error(s, node->loc,
                      "interface blocks must be declared "
                      "uniform, in or out");
      return;
   }
   if (q.is_attribute || q.is_varying || q.interp_explicit || q.centroid) {
      glsl_sema_error(s, node->loc,
                      "invalid qualifiers on an interface "
                      "block");
      return;
   }
   if (!b->block_name)
      return;
   if (strcmp(b->block_name, "gl_PerVertex") == 0) {
      redeclare_pervertex(s, node, st);
      return;
   }
   if (strncmp(b->block_name, "gl_", 3) == 0) {
      glsl_sema_error(s, node->loc,
                      "block name '%s' uses the reserved "
                      "prefix gl_",
                      b->block_name);
      return;
   }

   /* Members. */
   unsigned n = 0;
   u_list_foreach (struct glsl_ast_node, m, &b->members, link)
      n += m->decl.num_declarators;
   if (n == 0) {
      glsl_sema_error(s, node->loc, "interface block '%s' has no members",
                      b->block_name);
      return;
   }
   struct ir_struct_field *fields =
      u_arena_zalloc_array(s->arena, n, sizeof(*fields));
   struct glsl_loc *locs = u_arena_zalloc_array(s->arena, n, sizeof(*locs));
   if (!fields || !locs)
      return;
   enum ir_block_packing packing =
      q.packing != IR_PACKING_NONE ? q.packing : c->default_packing;
   bool block_row_major =
      q.has_matrix_layout ? q.row_major : c->default_row_major;
   bool ok = true;
   unsigned i = 0;
   u_list_foreach (struct glsl_ast_node, m, &b->members, link) {
      struct glsl_ast_decl *d = &m->decl;
      struct sema_qual mq;
      if (!member_storage_ok(&d->qual, st)) {
         glsl_sema_error(s, m->loc,
                         "invalid storage qualifier on a member "
                         "of a%s %s block",
                         st == GLSL_STORAGE_IN ? "n" : "", storage_name(st));
         ok = false;
         i += d->num_declarators;
         continue;
      }
      struct glsl_ast_qualifier mqual = d->qual;
      if (st == GLSL_STORAGE_UNIFORM)
         mqual.flags |= GLSL_Q_UNIFORM;
      else
         mqual.flags |= st == GLSL_STORAGE_IN ? GLSL_Q_IN : GLSL_Q_OUT;
      if (!sema_check_qual(s, &mqual, SEMA_QUAL_BLOCK_MEMBER, &mq)) {
         ok = false;
         i += d->num_declarators;
         continue;
      }
      if (d->type_spec && d->type_spec->struct_def) {
         glsl_sema_error(s, m->loc,
                         "structures cannot be defined inside "
                         "an interface block");
         ok = false;
      }
      const struct ir_type *mt = glsl_sema_type_spec(s, d->type_spec);
      if (glsl_sema_is_error(mt)) {
         ok = false;
      } else if (mt->base == IR_TYPE_VOID) {
         glsl_sema_error(s, m->loc, "block members cannot be void");
         ok = false;
      } else if (sema_type_contains_sampler(mt)) {
         glsl_sema_error(s, m->loc,
                         "samplers are not allowed in interface "
                         "blocks");
         ok = false;
      } else {
         sema_check_precision(s, m->loc, mt, d->qual.precision);
      }
      for (unsigned k = 0; k < d->num_declarators; k++, i++) {
         struct glsl_ast_declarator *dc = &d->declarators[k];
         const struct ir_type *t = sema_apply_array(
            s, mt, dc->array, st != GLSL_STORAGE_UNIFORM || !s->env.es);
         if (dc->initializer) {
            glsl_sema_error(s, dc->loc,
                            "block members cannot have "
                            "initializers");
            ok = false;
         }
         if (dc->name && strncmp(dc->name, "gl_", 3) == 0) {
            glsl_sema_error(s, dc->loc,
                            "block member '%s' uses the reserved "
                            "prefix gl_",
                            dc->name);
            ok = false;
         }
         for (unsigned j = 0; j < i; j++) {
            if (dc->name && fields[j].name &&
                strcmp(dc->name, fields[j].name) == 0) {
               glsl_sema_error(s, dc->loc, "duplicate block member '%s'",
                               dc->name);
               ok = false;
            }
         }
         if (glsl_sema_is_error(t)) {
            ok = false;
         } else if (st != GLSL_STORAGE_UNIFORM) {
            struct sema_qual vq = mq;
            vq.storage = st;
            if (!vq.interp_explicit && q.interp_explicit)
               vq.interp = q.interp;
            sema_check_var_type_qual(s, dc->loc, &vq, t, true);
         }
         fields[i].type = t;
         fields[i].name = dc->name;
         fields[i].row_major =
            mq.has_matrix_layout ? mq.row_major : block_row_major;
         locs[i] = dc->loc;
      }
   }
   if (!ok)
      return;
   if (st == GLSL_STORAGE_UNIFORM)
      layout_fields(fields, n);
   else
      for (i = 0; i < n; i++)
         fields[i].offset = -1;

   const struct ir_type *itype =
      ir_type_struct(s->arena, IR_TYPE_INTERFACE, b->block_name, fields, n,
                     st == GLSL_STORAGE_UNIFORM ? packing : IR_PACKING_NONE);
   if (!itype)
      return;
   b->type = itype;

   /* The block name: its own name space, but no other global may share
    * it (GLSL 1.50, 4.3.7). */
   struct glsl_symbol *existing = sema_lookup_local(s, b->block_name);
   struct glsl_symbol *bsym =
      sema_new_symbol(s, GLSL_SYM_BLOCK, b->block_name, node->loc);
   if (!bsym)
      return;
   bsym->type = itype;
   bsym->storage = st;
   if (existing || !sema_declare_block(s, bsym)) {
      glsl_sema_error(s, node->loc, "block name '%s' is already used",
                      b->block_name);
      return;
   }

   const struct ir_type *vtype = itype;
   if (b->array) {
      bool unsized_ok = st == GLSL_STORAGE_IN && stage == IR_STAGE_GEOMETRY;
      vtype = sema_apply_array(s, itype, b->array, unsized_ok);
      if (glsl_sema_is_error(vtype))
         return;
   }
   if (st == GLSL_STORAGE_IN && stage == IR_STAGE_GEOMETRY) {
      if (!b->instance_name) {
         glsl_sema_error(s, node->loc,
                         "geometry shader input blocks need an "
                         "instance name");
         return;
      }
      vtype = sema_gs_input_array(s, node->loc, vtype);
      if (glsl_sema_is_error(vtype))
         return;
   }
   if (b->array && !b->instance_name) {
      glsl_sema_error(s, node->loc,
                      "arrays of blocks need an instance "
                      "name");
      return;
   }

   struct glsl_symbol *var = sema_new_symbol(
      s, GLSL_SYM_VARIABLE, b->instance_name ? b->instance_name : b->block_name,
      node->loc);
   if (!var)
      return;
   var->type = vtype;
   var->storage = st;
   var->is_global = true;
   var->packing = itype->packing;
   var->row_major = block_row_major;
   var->interp = q.interp;
   var->implicitly_sized = ir_type_is_array(vtype) && vtype->length == 0;
   b->symbol = var;
   if (b->instance_name) {
      if (strncmp(b->instance_name, "gl_", 3) == 0) {
         glsl_sema_error(s, node->loc,
                         "instance name '%s' uses the reserved "
                         "prefix gl_",
                         b->instance_name);
         return;
      }
      if (!glsl_sema_declare(s, var))
         return;
   } else {
      for (i = 0; i < n; i++) {
         struct glsl_symbol *m =
            sema_new_symbol(s, GLSL_SYM_VARIABLE, fields[i].name, locs[i]);
         if (!m)
            return;
         m->type = fields[i].type;
         m->storage = st;
         m->is_global = true;
         m->block_var = var;
         m->block_field = (int)i;
         m->row_major = fields[i].row_major;
         m->packing = itype->packing;
         m->implicitly_sized =
            ir_type_is_array(m->type) && m->type->length == 0;
         glsl_sema_declare(s, m);
      }
   }
   sema_add_global(s, var);
}
