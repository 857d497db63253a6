/* SPDX-License-Identifier: MIT */

/*
 * Link-time rules between stages that only check, never change the IR:
 *
 *  - GLSL 1.30, 4.3.7: gl_Color (fragment) and gl_FrontColor /
 *    gl_BackColor (vertex or geometry), likewise the secondary colours,
 *    are declared with the same interpolation qualifier wherever a shader
 *    uses them; no qualifier is a qualifier of its own here ("smooth"
 *    written and nothing written differ);
 *  - GLSL before 1.40: the vertex shader writes gl_Position;
 *  - GLSL 1.30, 7.1: no shader writes both gl_ClipVertex and
 *    gl_ClipDistance;
 *  - GLSL 1.50, 7.1: gl_PerVertex redeclared between the vertex and
 *    geometry shaders alike when the geometry shader reads gl_in[];
 *  - ESSL 1.00, 4.6.4: an invariant gl_FragCoord needs an invariant
 *    gl_Position, an invariant gl_PointCoord an invariant gl_PointSize;
 *  - ESSL 1.00, 4.5.3 and ESSL 3.00, 4.5.3: a uniform declared in the
 *    vertex and fragment shaders has the same precision in both (ESSL
 *    1.00: where both use it; ESSL 3.00: used or not).
 */
#include <string.h>

#include "glsl_link_priv.h"
#include "glsl_ast.h"
#include "glsl_symbols.h"
#include "util/u_list.h"

static struct ir_variable *
find_var(struct ir_shader *sh, enum ir_var_mode mode, const char *name)
{
   if (!sh)
      return NULL;
   ir_foreach_variable (sh, var) {
      if (var->mode == mode && strcmp(var->name, name) == 0)
         return var;
   }
   return NULL;
}

/* The interpolation as written: -1 for none, else the ir_interp_mode. */
static int
written_interp(const struct ir_variable *var)
{
   return var->interp_explicit || var->interp != IR_INTERP_SMOOTH
             ? (int)var->interp
             : -1;
}

/* One group of colours: @p outs in @p producer and @p in in the fragment
 * shader (NULL when the producer is not the last vertex stage). */
static void
check_color_group(struct glsl_link *l, enum ir_stage producer,
                  const char *const outs[2], const char *in)
{
   const struct ir_variable *first = NULL;
   const char *names[3] = { outs[0], outs[1], in };
   for (unsigned i = 0; i < 3; i++) {
      if (!names[i])
         continue;
      enum ir_stage s = i < 2 ? producer : IR_STAGE_FRAGMENT;
      const struct ir_variable *v =
         find_var(l->prog->stages[s],
                  i < 2 ? IR_VAR_SHADER_OUT : IR_VAR_SHADER_IN, names[i]);
      if (!v || !glsl_link_var_used(l, s, v))
         continue;
      if (!first) {
         first = v;
      } else if (written_interp(v) != written_interp(first)) {
         glsl_link_error(l,
                         "`%s' and `%s' are declared with different "
                         "interpolation qualifiers",
                         first->name, v->name);
         return;
      }
   }
}

static void
check_builtin_colors(struct glsl_link *l)
{
   static const char *const color[2] = { "gl_FrontColor", "gl_BackColor" };
   static const char *const secondary[2] = { "gl_FrontSecondaryColor",
                                             "gl_BackSecondaryColor" };
   if (l->prog->es || l->prog->version < 130)
      return;
   enum ir_stage last =
      l->prog->stages[IR_STAGE_GEOMETRY] ? IR_STAGE_GEOMETRY : IR_STAGE_VERTEX;
   for (unsigned s = IR_STAGE_VERTEX; s <= IR_STAGE_GEOMETRY; s++) {
      if (!l->prog->stages[s])
         continue;
      bool to_fs = s == last && l->prog->stages[IR_STAGE_FRAGMENT];
      check_color_group(l, (enum ir_stage)s, color, to_fs ? "gl_Color" : NULL);
      check_color_group(l, (enum ir_stage)s, secondary,
                        to_fs ? "gl_SecondaryColor" : NULL);
   }
}

static void
check_es_invariance(struct glsl_link *l)
{
   static const char *const pairs[][2] = {
      { "gl_FragCoord", "gl_Position" },
      { "gl_PointCoord", "gl_PointSize" },
   };
   if (!l->prog->es || l->prog->version != 100)
      return;
   struct ir_shader *fs = l->prog->stages[IR_STAGE_FRAGMENT];
   struct ir_shader *vs = l->prog->stages[IR_STAGE_VERTEX];
   for (unsigned i = 0; i < 2; i++) {
      const struct ir_variable *in = NULL;
      ir_foreach_variable (fs, var) {
         if (strcmp(var->name, pairs[i][0]) == 0)
            in = var;
      }
      if (!in || !in->invariant)
         continue;
      const struct ir_variable *out =
         find_var(vs, IR_VAR_SHADER_OUT, pairs[i][1]);
      if (!out || !out->invariant) {
         glsl_link_error(l, "%s is invariant but %s is not", pairs[i][0],
                         pairs[i][1]);
         return;
      }
   }
}

/* The precision @p sym has in @p sh: its own qualifier, else the default
 * in force at its declaration (the stage's predefined one, or the last
 * global precision statement before it). */
static enum glsl_precision
effective_precision(const struct glsl_shader *sh, const struct glsl_symbol *sym)
{
   if (sym->precision != GLSL_PRECISION_NONE)
      return sym->precision;
   const struct ir_type *t = sym->type;
   while (ir_type_is_array(t))
      t = t->element;
   const char *kind = t->base == IR_TYPE_FLOAT ? "float"
                      : t->base == IR_TYPE_INT || t->base == IR_TYPE_UINT
                         ? "int"
                         : NULL;
   if (!kind || !sh->ast)
      return GLSL_PRECISION_NONE;
   /* ESSL 1.00, 4.5.3: the vertex stage defaults both to highp, the
    * fragment stage int to mediump and float to nothing. */
   bool vertex = sh->stage == IR_STAGE_VERTEX;
   enum glsl_precision prec =
      vertex || kind[0] == 'i'
         ? (vertex ? GLSL_PRECISION_HIGH : GLSL_PRECISION_MEDIUM)
         : GLSL_PRECISION_NONE;
   u_list_foreach (struct glsl_ast_node, n, &sh->ast->decls, link) {
      if (n->kind == GLSL_AST_PRECISION && n->decl.type_spec &&
          n->decl.type_spec->name &&
          strcmp(n->decl.type_spec->name, kind) == 0) {
         prec = n->decl.qual.precision;
         continue;
      }
      if (n->kind != GLSL_AST_VARIABLE_DECL)
         continue;
      for (unsigned i = 0; i < n->decl.num_declarators; i++) {
         if (n->decl.declarators[i].symbol == sym)
            return prec;
      }
   }
   return prec;
}

static const struct glsl_symbol *
find_uniform_symbol(const struct glsl_shader *sh, const char *name)
{
   for (unsigned i = 0; i < sh->num_globals; i++) {
      const struct glsl_symbol *sym = sh->globals[i];
      if (sym && sym->storage == GLSL_STORAGE_UNIFORM && !sym->builtin &&
          strcmp(sym->name, name) == 0)
         return sym;
   }
   return NULL;
}

static bool
used_uniform(const struct glsl_link *l, enum ir_stage s, const char *name)
{
   const struct ir_variable *v =
      find_var(l->prog->stages[s], IR_VAR_UNIFORM, name);
   return v && glsl_link_uniform_used(l, s, v);
}

static void
check_uniform_precision(struct glsl_link *l)
{
   const struct glsl_shader *vs = l->shaders[IR_STAGE_VERTEX];
   const struct glsl_shader *fs = l->shaders[IR_STAGE_FRAGMENT];
   if (!l->prog->es || !vs || !fs)
      return;
   for (unsigned i = 0; i < vs->num_globals; i++) {
      const struct glsl_symbol *a = vs->globals[i];
      if (!a || a->storage != GLSL_STORAGE_UNIFORM || a->builtin)
         continue;
      const struct glsl_symbol *b = find_uniform_symbol(fs, a->name);
      if (!b || (l->prog->version == 100 &&
                 !(used_uniform(l, IR_STAGE_VERTEX, a->name) &&
                   used_uniform(l, IR_STAGE_FRAGMENT, a->name))))
         continue;
      if (effective_precision(vs, a) != effective_precision(fs, b)) {
         glsl_link_error(l,
                         "uniform `%s' has different precisions in the "
                         "vertex and fragment shaders",
                         a->name);
         return;
      }
   }
}

/* GLSL 1.10 to 1.30 (7.1: every execution of a vertex shader writes
 * gl_Position): a vertex shader with no write of it does not link; GLSL
 * 1.40 and ESSL leave the position undefined. */
static void
check_position_written(struct glsl_link *l)
{
   struct ir_shader *vs = l->prog->stages[IR_STAGE_VERTEX];
   /* Shaders made from IR text alone (the linker's unit tests) have no
    * GLSL source whose rules apply. */
   if (!vs || !l->shaders[IR_STAGE_VERTEX]->ast || l->prog->es ||
       l->prog->version >= 140 || l->prog->stages[IR_STAGE_GEOMETRY])
      return;
   const struct ir_variable *pos =
      find_var(vs, IR_VAR_SHADER_OUT, "gl_Position");
   if (!pos || !glsl_link_var_used(l, IR_STAGE_VERTEX, pos))
      glsl_link_error(l, "the vertex shader does not write gl_Position");
}

/* GLSL 1.30, 7.1: a shader statically writes gl_ClipVertex or
 * gl_ClipDistance, not both (they are two ways of clipping). */
static void
check_clip_outputs(struct glsl_link *l)
{
   for (unsigned s = IR_STAGE_VERTEX; s <= IR_STAGE_GEOMETRY; s++) {
      struct ir_shader *sh = l->prog->stages[s];
      const struct ir_variable *v =
         find_var(sh, IR_VAR_SHADER_OUT, "gl_ClipVertex");
      const struct ir_variable *d =
         find_var(sh, IR_VAR_SHADER_OUT, "gl_ClipDistance");
      if (v && d && glsl_link_var_used(l, (enum ir_stage)s, v) &&
          glsl_link_var_used(l, (enum ir_stage)s, d)) {
         glsl_link_error(l,
                         "the %s shader writes both gl_ClipVertex and "
                         "gl_ClipDistance",
                         glsl_link_stage_name((enum ir_stage)s));
         return;
      }
   }
}

/* The redeclaration of gl_PerVertex with storage @p storage (GLSL_Q_IN
 * or GLSL_Q_OUT) in any shader of @p stage, or NULL. */
static const struct glsl_ast_block *
per_vertex_block(const struct glsl_link *l, enum ir_stage stage,
                 uint32_t storage)
{
   for (unsigned i = 0; i < l->num_stage_shaders[stage]; i++) {
      const struct glsl_shader *sh = l->stage_shaders[stage][i];
      if (!sh->ast)
         continue;
      u_list_foreach (struct glsl_ast_node, n, &sh->ast->decls, link) {
         const struct glsl_ast_block *b = &n->decl.block;
         if (n->kind == GLSL_AST_INTERFACE_BLOCK && b->block_name &&
             strcmp(b->block_name, "gl_PerVertex") == 0 &&
             (b->qual.flags & (GLSL_Q_IN | GLSL_Q_OUT)) == storage)
            return b;
      }
   }
   return NULL;
}

/* Whether two redeclarations name the same members in the same order. */
static bool
same_members(const struct glsl_ast_block *a, const struct glsl_ast_block *b)
{
   const struct u_list *la = a->members.next, *lb = b->members.next;
   for (; la != &a->members && lb != &b->members;
        la = la->next, lb = lb->next) {
      const struct glsl_ast_node *ma =
         u_container_of(la, struct glsl_ast_node, link);
      const struct glsl_ast_node *mb =
         u_container_of(lb, struct glsl_ast_node, link);
      if (ma->decl.num_declarators != mb->decl.num_declarators)
         return false;
      for (unsigned i = 0; i < ma->decl.num_declarators; i++) {
         const char *na = ma->decl.declarators[i].name,
                    *nb = mb->decl.declarators[i].name;
         if (!na || !nb || strcmp(na, nb) != 0)
            return false;
      }
   }
   return la == &a->members && lb == &b->members;
}

/* GLSL 1.50, 7.1 (as GLSL 4.10 words it): once the vertex shader
 * redeclares out gl_PerVertex, a geometry shader reading gl_in[]
 * redeclares in gl_PerVertex with the same members, and the other way
 * round. */
static void
check_per_vertex_between_stages(struct glsl_link *l)
{
   struct ir_shader *gs = l->prog->stages[IR_STAGE_GEOMETRY];
   if (!gs || !l->prog->stages[IR_STAGE_VERTEX])
      return;
   const struct glsl_ast_block *out =
      per_vertex_block(l, IR_STAGE_VERTEX, GLSL_Q_OUT);
   const struct glsl_ast_block *in =
      per_vertex_block(l, IR_STAGE_GEOMETRY, GLSL_Q_IN);
   if (!out && !in)
      return;
   bool reads_gl_in = false;
   ir_foreach_variable (gs, var) {
      if (var->mode == IR_VAR_SHADER_IN && strncmp(var->name, "gl_in", 5) == 0)
         reads_gl_in |= glsl_link_var_used(l, IR_STAGE_GEOMETRY, var);
   }
   if (!reads_gl_in)
      return;
   if (!out || !in || !same_members(out, in))
      glsl_link_error(l, "the vertex and geometry shaders redeclare "
                         "gl_PerVertex differently");
}

bool
glsl_link_check_interfaces(struct glsl_link *l)
{
   check_per_vertex_between_stages(l);
   check_position_written(l);
   check_clip_outputs(l);
   check_builtin_colors(l);
   check_es_invariance(l);
   check_uniform_precision(l);
   return l->prog->ok;
}
