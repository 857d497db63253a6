/* SPDX-License-Identifier: MIT */

/*
 * The translation of an analysed AST into IR: the entry point, global
 * variables and the entry function.  (glsl_to_ir_priv.h describes how
 * values and control flow are represented.)
 *
 * Global variables become IR variables in declaration order, then the
 * built-ins the shader uses (shader->globals), with the mode their
 * storage gives: in/out/uniform/system value, UBO for uniform blocks,
 * shader temporaries for plain globals and for constants that are still
 * needed as variables.  Locations: the explicit layout, else -1 (the
 * linker assigns them); built-in varyings their ir_varying_slot; system
 * values their enum ir_system_value (ir_passes_io.h); fragment results
 * their location (gl_FragColor is output 0 and keeps its name, which
 * tells the linker to broadcast it); compatibility attributes and state
 * uniforms -1 with the built-in's name.  Constant initializers become the
 * variables' initializers; the others are assigned at the start of main,
 * in declaration order.
 *
 * Sampler uniforms get their texture slots from
 * ir_assign_uniform_locations() before any code is translated, so that
 * texture calls can name slots (an ir_tex has no variable source).  A
 * uniform with samplers inside structs gets one extra sampler uniform
 * per such leaf, named as GL names it ("s.t", "a[1].t"), declared right
 * after it: that is where its samplers' slots live.
 *
 * Only main becomes an IR function: every other function is inlined
 * where it is called (the IR has no call instruction).  After the
 * translation the IR is validated; a failure is an internal error in the
 * log (never an abort), and the shader then has no IR.  Then
 * ir_optimize() cleans it up (t2i_translate() alone gives the raw
 * translation, for the tests).  A shader may be translated again (the
 * symbols' IR variables are reset first), e.g. by a linker that supplies
 * definitions of functions defined in another shader of the stage.
 */
#include <stdio.h>
#include <string.h>

#include "compiler/ir/ir_passes.h"
#include "compiler/ir/ir_passes_io.h"
#include "glsl_to_ir_priv.h"

void
t2i_fail(struct t2i *t, struct glsl_loc loc, const char *what)
{
   if (!t->failed)
      glsl_log_message(t->shader, loc, "error", "internal error: %s", what);
   t->failed = true;
}

struct ir_variable *
t2i_temp(struct t2i *t, const struct ir_type *type, const char *what)
{
   char name[48];
   snprintf(name, sizeof(name), "%s.%u", what, t->num_temps++);
   return ir_local_variable_create(t->b.fn, type,
                                   u_arena_strdup(t->ir->arena, name));
}

struct ir_variable *
t2i_flag(struct t2i *t, const char *what)
{
   struct ir_variable *var =
      t2i_temp(t, ir_type_get_scalar(IR_TYPE_BOOL), what);
   struct ir_constant *c = u_arena_zalloc(t->ir->arena, sizeof(*c));
   if (!var || !c) {
      t2i_fail(t, (struct glsl_loc){ 0 }, "out of memory");
      return var;
   }
   c->values[0].b = false;
   var->initializer = c;
   return var;
}

unsigned
t2i_flat_length(const struct ir_type *type)
{
   unsigned n = 1;
   while (ir_type_is_array(type)) {
      n *= type->length;
      type = type->element;
   }
   return n;
}

bool
t2i_block_ended(struct t2i *t)
{
   struct ir_cursor c = t->b.cursor;
   struct ir_block *block;
   if (c.option == IR_CURSOR_BEFORE_BLOCK || c.option == IR_CURSOR_AFTER_BLOCK)
      block = c.block;
   else
      block = c.instr->block;
   return ir_block_last_jump(block) != NULL;
}

/* ---------------------------------------------------------------------- */
/* Global variables                                                       */
/* ---------------------------------------------------------------------- */

static bool
is_interface(const struct ir_type *type)
{
   while (ir_type_is_array(type))
      type = type->element;
   return type->base == IR_TYPE_INTERFACE;
}

static enum ir_var_mode
storage_mode(const struct glsl_symbol *sym)
{
   switch (sym->storage) {
   case GLSL_STORAGE_IN:
      return IR_VAR_SHADER_IN;
   case GLSL_STORAGE_OUT:
      return IR_VAR_SHADER_OUT;
   case GLSL_STORAGE_UNIFORM:
      return is_interface(sym->type) ? IR_VAR_UBO : IR_VAR_UNIFORM;
   case GLSL_STORAGE_SYSTEM_VALUE:
      return IR_VAR_SYSTEM_VALUE;
   default:
      return IR_VAR_SHADER_TEMP;
   }
}

/* The location of a global variable (see the header comment). */
static int
global_location(const struct t2i *t, const struct glsl_symbol *sym)
{
   const struct glsl_builtin_var *bv = sym->builtin;
   if (!bv) {
      if (sym->storage == GLSL_STORAGE_SYSTEM_VALUE)
         return ir_system_value_from_name(sym->name);
      return sym->location;
   }
   switch (bv->kind) {
   case GLSL_BUILTIN_VARYING:
   case GLSL_BUILTIN_SYSTEM_VALUE:
      return bv->slot;
   case GLSL_BUILTIN_FRAG_RESULT:
      return t->shader->stage == IR_STAGE_FRAGMENT ? bv->slot : -1;
   default:
      return -1;
   }
}

static struct ir_variable *
create_global(struct t2i *t, struct glsl_symbol *sym)
{
   if (sym->ir_var)
      return sym->ir_var;
   /* A built-in that a built-in function's expansion already made
    * (ftransform() makes gl_Vertex and gl_ModelViewProjectionMatrix). */
   struct ir_variable *var =
      sym->builtin ? ir_shader_find_variable(t->ir, sym->name) : NULL;
   if (var && var->mode == storage_mode(sym) &&
       ir_type_equal(var->type, sym->type)) {
      sym->ir_var = var;
      return var;
   }
   var = ir_variable_create(t->ir, storage_mode(sym), sym->type, sym->name);
   if (!var)
      return NULL;
   var->location = global_location(t, sym);
   var->interp = sym->interp;
   var->centroid = sym->centroid;
   var->sample = sym->sample;
   var->invariant = sym->invariant;
   var->precise = sym->precise;
   var->binding = sym->binding;
   if (sym->index > 0)
      var->index = (unsigned)sym->index;
   if (sym->storage == GLSL_STORAGE_CONST) {
      var->read_only = sym->constant_value != NULL;
      var->initializer = sym->constant_value;
   }
   if (sym->storage == GLSL_STORAGE_UNIFORM)
      var->read_only = true;
   if (sym->builtin && sym->builtin->kind == GLSL_BUILTIN_CONSTANT) {
      var->read_only = true;
      var->initializer = sym->constant_value;
   }
   sym->ir_var = var;
   return var;
}

struct ir_variable *
t2i_symbol_var(struct t2i *t, struct glsl_symbol *sym, struct glsl_loc loc)
{
   if (sym->ir_var)
      return sym->ir_var;
   if (sym->is_global || sym->builtin) {
      struct ir_variable *var = create_global(t, sym);
      if (!var)
         t2i_fail(t, loc, "out of memory");
      return var;
   }
   /* A local constant whose declaration was folded away. */
   struct ir_variable *var = t2i_temp(t, sym->type, sym->name);
   if (var && sym->constant_value) {
      var->initializer = sym->constant_value;
      var->read_only = true;
   }
   if (!var)
      t2i_fail(t, loc, "out of memory");
   sym->ir_var = var;
   return var;
}

/* A global declaration's declarator with an initializer to run in main. */
struct pending_init {
   struct pending_init *next;
   struct glsl_ast_declarator *decl;
};

static void
declare_globals(struct t2i *t, struct pending_init **inits)
{
   struct pending_init **tail = inits;
   u_list_foreach (struct glsl_ast_node, n, &t->shader->ast->decls, link) {
      if (n->kind == GLSL_AST_INTERFACE_BLOCK) {
         if (n->decl.block.symbol)
            create_global(t, n->decl.block.symbol);
         continue;
      }
      if (n->kind != GLSL_AST_VARIABLE_DECL &&
          n->kind != GLSL_AST_QUALIFIER_DECL)
         continue;
      for (unsigned i = 0; i < n->decl.num_declarators; i++) {
         struct glsl_ast_declarator *d = &n->decl.declarators[i];
         struct glsl_symbol *sym = d->symbol;
         if (!sym || sym->kind != GLSL_SYM_VARIABLE || sym->block_var)
            continue;
         /* Folded constants need no variable unless indexed dynamically
          * (then t2i_symbol_var makes one). */
         if (sym->storage == GLSL_STORAGE_CONST && sym->constant_value)
            continue;
         struct ir_variable *var = create_global(t, sym);
         if (!var)
            continue;
         if (n->kind == GLSL_AST_QUALIFIER_DECL) {
            var->invariant |= sym->invariant;
            continue;
         }
         t2i_declare_sampler_leaves(t, var);
         struct glsl_ast_node *init = d->initializer;
         if (!init)
            continue;
         if (init->kind != GLSL_AST_INIT_LIST && init->expr.constant) {
            var->initializer = init->expr.constant;
            continue;
         }
         struct pending_init *p = u_arena_zalloc(t->mem, sizeof(*p));
         if (!p)
            continue;
         p->decl = d;
         *tail = p;
         tail = &p->next;
      }
   }
   for (unsigned i = 0; i < t->shader->num_globals; i++) {
      struct glsl_symbol *sym = t->shader->globals[i];
      if (sym && sym->kind == GLSL_SYM_VARIABLE && !sym->block_var)
         create_global(t, sym);
   }
}

static void
run_global_inits(struct t2i *t, struct pending_init *inits)
{
   for (struct pending_init *p = inits; p && !t->failed; p = p->next) {
      struct glsl_ast_declarator *d = p->decl;
      struct ir_variable *var = d->symbol->ir_var;
      struct t2i_val v = d->initializer->kind == GLSL_AST_INIT_LIST
                            ? t2i_init_list(t, d->initializer, var->type)
                            : t2i_expr(t, d->initializer);
      if (t->failed)
         return;
      t2i_copy_to_deref(t, ir_build_deref_var(&t->b, var), var->type, v);
   }
}

/* ---------------------------------------------------------------------- */
/* Entry point                                                            */
/* ---------------------------------------------------------------------- */

static struct glsl_function_sig *
find_main(struct glsl_shader *shader)
{
   for (unsigned i = 0; i < shader->num_functions; i++) {
      struct glsl_symbol *f = shader->functions[i];
      if (!f || strcmp(f->name, "main") != 0)
         continue;
      for (struct glsl_function_sig *sig = f->sigs; sig; sig = sig->next) {
         if (sig->definition && sig->num_params == 0)
            return sig;
      }
   }
   /* Without a functions list (hand-made trees): the AST. */
   u_list_foreach (struct glsl_ast_node, n, &shader->ast->decls, link) {
      if (n->kind == GLSL_AST_FUNCTION && n->decl.func.body &&
          strcmp(n->decl.func.name, "main") == 0 && n->decl.func.sig)
         return n->decl.func.sig;
   }
   return NULL;
}

static void
copy_shader_info(struct glsl_shader *shader, struct ir_shader *ir)
{
   ir->info.name = "glsl";
   ir->info.fs.origin_upper_left = shader->origin_upper_left;
   ir->info.fs.pixel_center_integer = shader->pixel_center_integer;
   if (shader->gs_input_prim >= 0)
      ir->info.gs.input_prim = (enum ir_prim)shader->gs_input_prim;
   if (shader->gs_output_prim >= 0)
      ir->info.gs.output_prim = (enum ir_prim)shader->gs_output_prim;
   if (shader->gs_max_vertices > 0)
      ir->info.gs.max_vertices = (unsigned)shader->gs_max_vertices;
   ir->info.gs.invocations = 1;
}

static unsigned
count_uniforms(const struct ir_shader *ir)
{
   unsigned n = 0;
   ir_foreach_variable (ir, var)
      n += var->mode == IR_VAR_UNIFORM;
   return n;
}

/* Lays the default block out again when the translation added uniforms
 * (ftransform() makes gl_ModelViewProjectionMatrix).  Sampler slots stay
 * as they are: texture instructions already name them, and no expansion
 * makes samplers. */
static void
relayout_uniforms(struct ir_shader *ir)
{
   ir_foreach_variable (ir, var) {
      const struct ir_type *type = var->type;
      while (ir_type_is_array(type))
         type = type->element;
      if (var->mode == IR_VAR_UNIFORM && type->base != IR_TYPE_SAMPLER)
         var->driver_location = 0;
   }
   ir_assign_uniform_locations(ir);
}

/* Forgets the IR variables of a previous translation (the linker may
 * translate a shader again). */
static void
reset_symbols(struct glsl_shader *shader)
{
   u_list_foreach (struct glsl_ast_node, n, &shader->ast->decls, link) {
      if (n->kind == GLSL_AST_INTERFACE_BLOCK && n->decl.block.symbol)
         n->decl.block.symbol->ir_var = NULL;
      if (n->kind == GLSL_AST_FUNCTION && n->decl.func.sig)
         n->decl.func.sig->ir_func = NULL;
      if (n->kind != GLSL_AST_VARIABLE_DECL &&
          n->kind != GLSL_AST_QUALIFIER_DECL)
         continue;
      for (unsigned i = 0; i < n->decl.num_declarators; i++) {
         if (n->decl.declarators[i].symbol)
            n->decl.declarators[i].symbol->ir_var = NULL;
      }
   }
   for (unsigned i = 0; i < shader->num_globals; i++) {
      if (shader->globals[i])
         shader->globals[i]->ir_var = NULL;
   }
}

bool
t2i_translate(struct glsl_shader *shader)
{
   struct glsl_loc loc0 = { 0, 0, 0 };
   shader->ir = NULL;
   if (!shader->ast)
      return false;
   reset_symbols(shader);
   struct ir_shader *ir = ir_shader_create(shader->arena, shader->stage);
   if (!ir) {
      glsl_log_message(shader, loc0, "error", "out of memory");
      return false;
   }
   copy_shader_info(shader, ir);

   struct t2i t = {
      .shader = shader,
      .ir = ir,
      .mem = shader->arena,
   };
   struct pending_init *inits = NULL;
   declare_globals(&t, &inits);
   ir_assign_uniform_locations(ir);
   unsigned num_uniforms = count_uniforms(ir);

   struct glsl_function_sig *main_sig = find_main(shader);
   struct ir_function *fn = ir_function_create(ir, "main");
   if (!fn) {
      glsl_log_message(shader, loc0, "error", "out of memory");
      ir_shader_destroy(ir);
      return false;
   }
   t.b = ir_builder_at_end(fn);
   if (main_sig) {
      main_sig->ir_func = fn;
      run_global_inits(&t, inits);
      struct glsl_ast_node *body = main_sig->definition->decl.func.body;
      if (!t.failed && body)
         t2i_stmt(&t, body);
   }

   if (!t.failed && count_uniforms(ir) != num_uniforms)
      relayout_uniforms(ir);
   if (!t.failed) {
      char *error = NULL;
      if (!ir_validate(ir, &error)) {
         glsl_log_message(shader, loc0, "error",
                          "internal error: invalid IR: %s",
                          error ? error : "?");
         t.failed = true;
      }
   }
   if (t.failed) {
      ir_shader_destroy(ir);
      return false;
   }
   shader->ir = ir;
   return true;
}

bool
glsl_to_ir(struct glsl_shader *shader)
{
   if (!t2i_translate(shader))
      return false;
   /* The default pipeline: variables to SSA, folding, dead code, simple
    * if-conversion and unrolling.  It keeps every interface variable; the
    * linker and the drivers optimise again after linking. */
   struct ir_compiler_options o = {
      .max_select_cost = 8,
      .max_unroll_instructions = 64,
   };
   ir_optimize(shader->ir, &o);
   return true;
}
