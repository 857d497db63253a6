/* SPDX-License-Identifier: MIT */

/*
 * The IR of one stage of a program.
 *
 * A program may attach several shaders of one stage (GLSL 1.10 - 3.30
 * and 4.x: "shared globals", functions called in one shader and defined
 * in another).  Each compiled alone; a call of a function its shader only
 * declares was translated into undefined values.  Linking such a stage
 * checks the shaders against each other and translates their syntax
 * trees again, together (t2i_translate_stage()):
 *
 *  - exactly one shader defines main;
 *  - no function (same name and parameter types) is defined twice;
 *  - globals of the same name are one variable: same type (an implicitly
 *    sized array takes the largest size), same storage, interpolation,
 *    invariance and explicit location, and where two initialize it, the
 *    same constant value;
 *  - interface blocks of one name are the same in every shader; a
 *    redeclared gl_PerVertex is redeclared by every shader that uses it;
 *  - the geometry layouts declared in several shaders agree, and so do
 *    the redeclarations of gl_FragCoord;
 *  - a call that no shader of the stage defines, when main reaches it,
 *    is an error of the translation.
 *
 * The common case stays a copy: one shader that defines main and
 * everything it calls (sema records every call, `called`) gets its
 * compiled IR cloned.  Only a call of a declared-only function sends a
 * lone shader through the translation, which then reports it if main
 * reaches it.
 */
#include <string.h>

#include "glsl_link_priv.h"
#include "glsl_to_ir_priv.h"
#include "util/u_arena.h"
#include "util/u_dynarray.h"
#include "util/u_strbuf.h"

static bool
has_body(const struct glsl_function_sig *sig)
{
   return sig->definition && sig->definition->decl.func.body;
}

/* Definitions of main in @p sh (shaders made from IR alone, in tests:
 * main functions of its IR). */
static unsigned
count_main(const struct glsl_shader *sh)
{
   unsigned n = 0;
   for (unsigned i = 0; i < sh->num_functions; i++) {
      const struct glsl_symbol *f = sh->functions[i];
      if (!f || strcmp(f->name, "main") != 0)
         continue;
      for (const struct glsl_function_sig *sig = f->sigs; sig; sig = sig->next)
         n += has_body(sig);
   }
   if (sh->num_functions == 0 && !sh->ast) {
      ir_foreach_function (sh->ir, fn)
         n += fn->name && strcmp(fn->name, "main") == 0;
   }
   return n;
}

/* Whether @p sh calls a function it does not define. */
static bool
calls_undefined(const struct glsl_shader *sh)
{
   for (unsigned i = 0; i < sh->num_functions; i++) {
      const struct glsl_symbol *f = sh->functions[i];
      for (const struct glsl_function_sig *sig = f ? f->sigs : NULL; sig;
           sig = sig->next) {
         if (sig->called && !has_body(sig))
            return true;
      }
   }
   return false;
}

/* A function defined in two shaders of the stage is an error (main has
 * its own message). */
static void
check_functions(struct glsl_link *l, enum ir_stage stage)
{
   struct glsl_shader **sh = l->stage_shaders[stage];
   unsigned n = l->num_stage_shaders[stage];
   for (unsigned i = 0; i < n; i++) {
      for (unsigned f = 0; f < sh[i]->num_functions; f++) {
         const struct glsl_symbol *fa = sh[i]->functions[f];
         if (!fa || strcmp(fa->name, "main") == 0)
            continue;
         for (const struct glsl_function_sig *a = fa->sigs; a; a = a->next) {
            if (!has_body(a))
               continue;
            for (unsigned j = i + 1; j < n; j++) {
               for (unsigned g = 0; g < sh[j]->num_functions; g++) {
                  const struct glsl_symbol *fb = sh[j]->functions[g];
                  if (!fb || strcmp(fb->name, fa->name) != 0)
                     continue;
                  for (const struct glsl_function_sig *b = fb->sigs; b;
                       b = b->next) {
                     if (has_body(b) && t2i_same_params(a, b)) {
                        glsl_link_error(l,
                                        "duplicate definition of function "
                                        "`%s' in the %s shaders",
                                        fa->name, glsl_link_stage_name(stage));
                        return;
                     }
                  }
               }
            }
         }
      }
   }
}

/* A user global of one shader and its initializer (NULL: none). */
struct global {
   const struct glsl_symbol *sym;
   const struct glsl_ast_node *init;
};

static bool
const_equal(const struct ir_type *t, const struct ir_constant *a,
            const struct ir_constant *b)
{
   if (ir_type_is_array(t) || ir_type_is_struct(t)) {
      if (a->num_elements != b->num_elements)
         return false;
      for (unsigned i = 0; i < a->num_elements; i++) {
         const struct ir_type *et =
            ir_type_is_array(t) ? t->element : t->fields[i].type;
         if (!const_equal(et, a->elements[i], b->elements[i]))
            return false;
      }
      return true;
   }
   unsigned n = (unsigned)t->vector_elements * t->matrix_columns;
   return memcmp(a->values, b->values, n * sizeof(a->values[0])) == 0;
}

/* The constant value a global starts with, or NULL. */
static const struct ir_constant *
initial_constant(const struct global *g)
{
   if (g->sym->constant_value)
      return g->sym->constant_value;
   if (g->init && g->init->kind != GLSL_AST_INIT_LIST)
      return g->init->expr.constant;
   return NULL;
}

static bool
has_initializer(const struct global *g)
{
   return g->init || g->sym->constant_value;
}

/* Arrays sized implicitly (by the largest index used) in one shader take
 * the largest size of the stage; an explicit size must cover the other
 * shaders' implicit ones (GLSL 1.20, 4.1.9). */
static bool
sizes_agree(const struct glsl_symbol *a, const struct glsl_symbol *b)
{
   if (!ir_type_is_array(a->type) || !ir_type_is_array(b->type) ||
       !ir_type_equal(a->type->element, b->type->element))
      return false;
   if (a->implicitly_sized && b->implicitly_sized)
      return true;
   if (a->implicitly_sized)
      return a->type->length <= b->type->length;
   if (b->implicitly_sized)
      return b->type->length <= a->type->length;
   return false;
}

/* Checks a global of a later shader against the first declaration. */
static void
check_global(struct glsl_link *l, enum ir_stage stage,
             const struct global *first, const struct global *g)
{
   const struct glsl_symbol *a = first->sym, *b = g->sym;
   const char *what = glsl_link_stage_name(stage);
   if (a->kind != b->kind || a->storage != b->storage ||
       (a->location >= 0 && b->location >= 0 && a->location != b->location) ||
       a->interp != b->interp || a->centroid != b->centroid ||
       a->sample != b->sample || a->invariant != b->invariant) {
      glsl_link_error(l,
                      "global `%s' is declared with different qualifiers "
                      "in two %s shaders",
                      a->name, what);
      return;
   }
   if (!ir_type_equal(a->type, b->type) && !sizes_agree(a, b)) {
      glsl_link_error(l,
                      "global `%s' is declared as %s and as %s in the %s "
                      "shaders",
                      a->name, glsl_link_type_name(l, a->type),
                      glsl_link_type_name(l, b->type), what);
      return;
   }
   if (!has_initializer(first) || !has_initializer(g))
      return;
   const struct ir_constant *ca = initial_constant(first),
                            *cb = initial_constant(g);
   if (!ca || !cb) {
      glsl_link_error(l,
                      "global `%s' has initializers in two %s shaders that "
                      "are not both constant",
                      a->name, what);
   } else if (!const_equal(a->type, ca, cb)) {
      glsl_link_error(l,
                      "global `%s' is initialized to different values in "
                      "two %s shaders",
                      a->name, what);
   }
}

/* Records the user globals of @p sh in @p list, checking each against an
 * earlier one of the same name. */
static void
check_shader_globals(struct glsl_link *l, enum ir_stage stage,
                     const struct glsl_shader *sh, struct u_dynarray *list)
{
   u_list_foreach (struct glsl_ast_node, n, &sh->ast->decls, link) {
      struct global g[1];
      const struct glsl_ast_declarator *decls = NULL;
      unsigned count = 0;
      if (n->kind == GLSL_AST_INTERFACE_BLOCK) {
         if (!n->decl.block.symbol)
            continue;
         g[0] = (struct global){ .sym = n->decl.block.symbol };
         count = 1;
      } else if (n->kind == GLSL_AST_VARIABLE_DECL) {
         decls = n->decl.declarators;
         count = n->decl.num_declarators;
      }
      for (unsigned i = 0; i < count; i++) {
         if (decls)
            g[0] = (struct global){ .sym = decls[i].symbol,
                                    .init = decls[i].initializer };
         const struct glsl_symbol *sym = g[0].sym;
         if (!sym || sym->builtin || sym->block_var ||
             (sym->kind == GLSL_SYM_VARIABLE && !sym->is_global))
            continue;
         struct global *first = NULL;
         u_dynarray_foreach (list, struct global, e) {
            if (strcmp(e->sym->name, sym->name) == 0) {
               first = e;
               break;
            }
         }
         if (!first) {
            u_dynarray_append(list, struct global, g[0]);
            continue;
         }
         check_global(l, stage, first, &g[0]);
         /* Later initializers must match the first one of all. */
         if (!has_initializer(first))
            first->init = g[0].init;
      }
   }
}

/* The geometry layouts of the stage's shaders agree where declared. */
static void
check_layouts(struct glsl_link *l, enum ir_stage stage)
{
   struct glsl_shader **sh = l->stage_shaders[stage];
   unsigned n = l->num_stage_shaders[stage];
   int in = -1, out = -1, max = -1;
   for (unsigned i = 0; i < n; i++) {
      if ((sh[i]->gs_input_prim >= 0 && in >= 0 &&
           sh[i]->gs_input_prim != in) ||
          (sh[i]->gs_output_prim >= 0 && out >= 0 &&
           sh[i]->gs_output_prim != out) ||
          (sh[i]->gs_max_vertices >= 0 && max >= 0 &&
           sh[i]->gs_max_vertices != max)) {
         glsl_link_error(l, "the geometry shaders declare different layouts");
         return;
      }
      if (sh[i]->gs_input_prim >= 0)
         in = sh[i]->gs_input_prim;
      if (sh[i]->gs_output_prim >= 0)
         out = sh[i]->gs_output_prim;
      if (sh[i]->gs_max_vertices >= 0)
         max = sh[i]->gs_max_vertices;
   }
   /* Input arrays sized in a shader without the input layout: their
    * size (explicit, or implied by the indices used) must fit it. */
   static const unsigned prim_vertices[] = {
      [IR_PRIM_POINTS] = 1,
      [IR_PRIM_LINES] = 2,
      [IR_PRIM_LINES_ADJACENCY] = 4,
      [IR_PRIM_TRIANGLES] = 3,
      [IR_PRIM_TRIANGLES_ADJACENCY] = 6,
   };
   if (in < 0 || (unsigned)in >= sizeof(prim_vertices) / sizeof(unsigned) ||
       !prim_vertices[in])
      return;
   unsigned verts = prim_vertices[in];
   for (unsigned i = 0; i < n; i++) {
      for (unsigned g = 0; g < sh[i]->num_globals; g++) {
         const struct glsl_symbol *sym = sh[i]->globals[g];
         if (!sym || sym->storage != GLSL_STORAGE_IN ||
             !ir_type_is_array(sym->type) || sym->type->length == 0)
            continue;
         if (sym->implicitly_sized ? sym->type->length > verts
                                   : sym->type->length != verts) {
            glsl_link_error(l,
                            "geometry input `%s' has %u elements but the "
                            "input primitive has %u vertices",
                            sym->name, sym->type->length, verts);
            return;
         }
      }
   }
}

#define BLOCK_STORAGE (GLSL_Q_IN | GLSL_Q_OUT | GLSL_Q_UNIFORM | GLSL_Q_BUFFER)

/* The interface block @p name of @p storage (GLSL_Q_*) in @p sh, or
 * NULL. */
static const struct glsl_ast_block *
find_block(const struct glsl_shader *sh, const char *name, uint32_t storage)
{
   u_list_foreach (struct glsl_ast_node, n, &sh->ast->decls, link) {
      if (n->kind == GLSL_AST_INTERFACE_BLOCK && n->decl.block.block_name &&
          strcmp(n->decl.block.block_name, name) == 0 &&
          (n->decl.block.qual.flags & BLOCK_STORAGE) == storage)
         return &n->decl.block;
   }
   return NULL;
}

/* Whether two declarations of a block agree: their interface types and
 * instance arrays, or for redeclared built-in blocks (which sema keeps
 * as their members' variables) the member names. */
static bool
same_block(const struct glsl_ast_block *a, const struct glsl_ast_block *b)
{
   if (a->type && b->type)
      return ir_type_equal(a->type, b->type) &&
             (!a->symbol || !b->symbol ||
              ir_type_equal(a->symbol->type, b->symbol->type));
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

/* Blocks of one name and storage in several shaders of the stage are
 * one: the same members and the same instance array (GLSL 1.50,
 * 4.3.7). */
static void
check_blocks(struct glsl_link *l, enum ir_stage stage)
{
   struct glsl_shader **sh = l->stage_shaders[stage];
   unsigned n = l->num_stage_shaders[stage];
   for (unsigned i = 0; i < n; i++) {
      u_list_foreach (struct glsl_ast_node, a, &sh[i]->ast->decls, link) {
         if (a->kind != GLSL_AST_INTERFACE_BLOCK || !a->decl.block.block_name)
            continue;
         for (unsigned j = i + 1; j < n; j++) {
            const struct glsl_ast_block *b =
               find_block(sh[j], a->decl.block.block_name,
                          a->decl.block.qual.flags & BLOCK_STORAGE);
            if (b && !same_block(&a->decl.block, b)) {
               glsl_link_error(l,
                               "interface block `%s' is declared "
                               "differently in two %s shaders",
                               a->decl.block.block_name,
                               glsl_link_stage_name(stage));
               return;
            }
         }
      }
   }
}

/* Whether @p sh redeclares the built-in @p name / uses it. */
static bool
redeclares(const struct glsl_shader *sh, const char *name)
{
   u_list_foreach (struct glsl_ast_node, n, &sh->ast->decls, link) {
      if (n->kind != GLSL_AST_VARIABLE_DECL)
         continue;
      for (unsigned i = 0; i < n->decl.num_declarators; i++) {
         const struct glsl_symbol *sym = n->decl.declarators[i].symbol;
         if (sym && sym->builtin && strcmp(sym->name, name) == 0)
            return true;
      }
   }
   return false;
}

static bool
uses(const struct glsl_shader *sh, const char *name)
{
   for (unsigned i = 0; i < sh->num_globals; i++) {
      const struct glsl_symbol *sym = sh->globals[i];
      if (sym && sym->used && strcmp(sym->name, name) == 0)
         return true;
   }
   return false;
}

/* GLSL 1.50, 7.1: once a shader of the stage redeclares a built-in
 * block (out gl_PerVertex, or in gl_PerVertex for gl_in[]), every shader
 * of the stage that uses its members redeclares it (the same way:
 * check_blocks()). */
static void
check_per_vertex(struct glsl_link *l, enum ir_stage stage, uint32_t storage)
{
   static const char *const members[] = {
      "gl_Position",     "gl_PointSize",           "gl_ClipDistance",
      "gl_ClipVertex",   "gl_FrontColor",          "gl_BackColor",
      "gl_TexCoord",     "gl_FrontSecondaryColor", "gl_BackSecondaryColor",
      "gl_FogFragCoord",
   };
   struct glsl_shader **sh = l->stage_shaders[stage];
   unsigned n = l->num_stage_shaders[stage];
   bool any = false;
   for (unsigned i = 0; i < n; i++)
      any |= find_block(sh[i], "gl_PerVertex", storage) != NULL;
   for (unsigned i = 0; any && i < n; i++) {
      if (find_block(sh[i], "gl_PerVertex", storage))
         continue;
      bool used = false;
      for (unsigned g = 0; g < sh[i]->num_globals; g++) {
         const struct glsl_symbol *sym = sh[i]->globals[g];
         if (!sym || !sym->used)
            continue;
         if (storage == GLSL_Q_IN) {
            used |= strcmp(sym->name, "gl_in") == 0;
            continue;
         }
         for (unsigned m = 0; m < sizeof(members) / sizeof(members[0]); m++)
            used |= sym->storage == GLSL_STORAGE_OUT &&
                    strcmp(sym->name, members[m]) == 0;
      }
      if (used) {
         glsl_link_error(l,
                         "a %s shader uses gl_PerVertex without "
                         "redeclaring it as another shader of the stage "
                         "does",
                         glsl_link_stage_name(stage));
         return;
      }
   }
}

/* GLSL 1.50, 7.2 (ARB_fragment_coord_conventions): once a fragment
 * shader of the program redeclares gl_FragCoord, every one that uses it
 * redeclares it with the same layout qualifiers. */
static void
check_frag_coord(struct glsl_link *l, enum ir_stage stage)
{
   struct glsl_shader **sh = l->stage_shaders[stage];
   unsigned n = l->num_stage_shaders[stage];
   const struct glsl_shader *first = NULL;
   for (unsigned i = 0; i < n && !first; i++) {
      if (redeclares(sh[i], "gl_FragCoord"))
         first = sh[i];
   }
   for (unsigned i = 0; first && i < n; i++) {
      bool redeclared = redeclares(sh[i], "gl_FragCoord");
      if (!redeclared && !uses(sh[i], "gl_FragCoord"))
         continue;
      if (!redeclared || sh[i]->origin_upper_left != first->origin_upper_left ||
          sh[i]->pixel_center_integer != first->pixel_center_integer) {
         glsl_link_error(l, "the fragment shaders that use gl_FragCoord "
                            "do not all redeclare it with the same layout");
         return;
      }
   }
}

bool
glsl_link_stage_ir(struct glsl_link *l, enum ir_stage stage)
{
   struct glsl_program *prog = l->prog;
   struct glsl_shader **sh = l->stage_shaders[stage];
   unsigned n = l->num_stage_shaders[stage];
   const char *what = glsl_link_stage_name(stage);

   /* Exactly one main; the translation starts from its shader. */
   unsigned mains = 0, main_index = 0;
   for (unsigned i = 0; i < n; i++) {
      unsigned m = count_main(sh[i]);
      if (m && !mains)
         main_index = i;
      mains += m;
   }
   if (mains == 0) {
      glsl_link_error(l, "%s shader lacks `main'", what);
      return false;
   }
   if (mains > 1) {
      glsl_link_error(l, "several definitions of `main' in the %s shaders",
                      what);
      return false;
   }

   if (n == 1 && !calls_undefined(sh[0])) {
      prog->stages[stage] = ir_shader_clone(prog->arena, sh[0]->ir);
      if (!prog->stages[stage]) {
         glsl_link_error(l, "out of memory copying the %s shader", what);
         return false;
      }
      return true;
   }

   struct u_dynarray globals;
   u_dynarray_init(&globals, prog->arena);
   for (unsigned i = 0; i < n; i++) {
      if (!sh[i]->ast) {
         glsl_link_error(l, "internal error: a %s shader has no syntax tree",
                         what);
         return false;
      }
      check_shader_globals(l, stage, sh[i], &globals);
   }
   check_functions(l, stage);
   check_blocks(l, stage);
   if (stage != IR_STAGE_FRAGMENT)
      check_per_vertex(l, stage, GLSL_Q_OUT);
   if (stage == IR_STAGE_GEOMETRY) {
      check_per_vertex(l, stage, GLSL_Q_IN);
      check_layouts(l, stage);
   }
   if (stage == IR_STAGE_FRAGMENT)
      check_frag_coord(l, stage);
   if (!prog->ok)
      return false;

   /* main's shader first: the translation starts there. */
   struct glsl_shader **order =
      u_arena_zalloc_array(prog->arena, n, sizeof(*order));
   if (!order) {
      glsl_link_error(l, "out of memory");
      return false;
   }
   order[0] = sh[main_index];
   for (unsigned i = 0, k = 1; i < n; i++) {
      if (i != main_index)
         order[k++] = sh[i];
   }
   l->shaders[stage] = order[0];
   prog->stages[stage] = t2i_translate_stage(order, n, prog->arena, l->log);
   if (!prog->stages[stage]) {
      prog->ok = false;
      return false;
   }
   return true;
}
