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
 * symbols' IR variables are reset first): the linker translates the
 * shaders of a stage together (t2i_translate_stage()), their globals
 * declared one shader after the other and merged by name, main's shader
 * first.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "compiler/ir/ir_passes.h"
#include "compiler/ir/ir_passes_io.h"
#include "glsl_to_ir_priv.h"
#include "util/u_strbuf.h"

void
t2i_fail(struct t2i *t, struct glsl_loc loc, const char *what)
{
   if (!t->failed && t->log)
      u_strbuf_appendf(t->log, "error: internal error: %s\n", what);
   else if (!t->failed)
      glsl_log_message(t->shader, loc, "error", "internal error: %s", what);
   t->failed = true;
}

void
t2i_link_fail(struct t2i *t, const char *fmt, ...)
{
   if (!t->failed && t->log) {
      va_list args;
      va_start(args, fmt);
      u_strbuf_append(t->log, "error: ");
      u_strbuf_vappendf(t->log, fmt, args);
      u_strbuf_append_char(t->log, '\n');
      va_end(args);
   }
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
    * (ftransform() makes gl_Vertex and gl_ModelViewProjectionMatrix), or
    * a global of another shader of the stage linked with this one: they
    * share globals by name (the linker checked that the declarations
    * agree). */
   struct ir_variable *var = sym->builtin || t->num_stage_shaders > 1
                                ? ir_shader_find_variable(t->ir, sym->name)
                                : NULL;
   if (var && var->mode == storage_mode(sym) &&
       ir_type_equal(var->type, sym->type)) {
      sym->ir_var = var;
      return var;
   }
   /* An array sized implicitly in some shaders of the stage takes the
    * largest size (the linker checked the rest); globals are all declared
    * before any code refers to them. */
   if (var && t->num_stage_shaders > 1 && var->mode == storage_mode(sym) &&
       ir_type_is_array(var->type) && ir_type_is_array(sym->type) &&
       ir_type_equal(var->type->element, sym->type->element)) {
      if (sym->type->length > var->type->length)
         var->type = sym->type;
      sym->ir_var = var;
      return var;
   }
   var = ir_variable_create(t->ir, storage_mode(sym), sym->type, sym->name);
   if (!var)
      return NULL;
   var->location = global_location(t, sym);
   var->interp = sym->interp;
   var->interp_explicit = sym->interp_explicit;
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

/* A global declaration's declarator with an initializer to run in main
 * (or, with glsl_zero_init, without one: it is zeroed there). */
struct pending_init {
   struct pending_init *next;
   struct glsl_ast_declarator *decl;
};

/* Declares the globals of @p shader (one of the stage's) and appends its
 * initializers that must run in main to *@p tail; returns the new tail. */
static struct pending_init **
declare_globals(struct t2i *t, struct glsl_shader *shader,
                struct pending_init **tail)
{
   u_list_foreach (struct glsl_ast_node, n, &shader->ast->decls, link) {
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
         if (!init && shader->options.zero_init &&
             (sym->storage == GLSL_STORAGE_TEMP ||
              sym->storage == GLSL_STORAGE_OUT)) {
            /* Globals and outputs: stored at the start of main. */
            struct pending_init *p = u_arena_zalloc(t->mem, sizeof(*p));
            if (p) {
               p->decl = d;
               *tail = p;
               tail = &p->next;
            }
            continue;
         }
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
   for (unsigned i = 0; i < shader->num_globals; i++) {
      struct glsl_symbol *sym = shader->globals[i];
      if (sym && sym->kind == GLSL_SYM_VARIABLE && !sym->block_var)
         create_global(t, sym);
   }
   return tail;
}

static void
run_global_inits(struct t2i *t, struct pending_init *inits)
{
   for (struct pending_init *p = inits; p && !t->failed; p = p->next) {
      struct glsl_ast_declarator *d = p->decl;
      struct ir_variable *var = d->symbol->ir_var;
      if (!d->initializer) {
         t2i_store_zero(t, var);
         continue;
      }
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

/* The shader information of the stage: layouts may be declared in any
 * of its shaders (the linker checked that they agree). */
static void
copy_shader_info(struct glsl_shader *const *shaders, unsigned count,
                 struct ir_shader *ir)
{
   ir->info.name = "glsl";
   ir->info.gs.invocations = 1;
   for (unsigned i = 0; i < count; i++) {
      const struct glsl_shader *shader = shaders[i];
      ir->info.fs.origin_upper_left |= shader->origin_upper_left;
      ir->info.fs.pixel_center_integer |= shader->pixel_center_integer;
      if (shader->gs_input_prim >= 0)
         ir->info.gs.input_prim = (enum ir_prim)shader->gs_input_prim;
      if (shader->gs_output_prim >= 0)
         ir->info.gs.output_prim = (enum ir_prim)shader->gs_output_prim;
      if (shader->gs_max_vertices > 0)
         ir->info.gs.max_vertices = (unsigned)shader->gs_max_vertices;
   }
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

/*
 * Translates @p count shaders of one stage, shaders[0] the one with main,
 * into a new IR shader in a child arena of @p parent (t->mem, t->log and
 * the stage list are the caller's).  NULL after an error.
 */
static struct ir_shader *
translate(struct t2i *t, struct glsl_shader *const *shaders, unsigned count,
          struct u_arena *parent)
{
   struct glsl_shader *shader = shaders[0];
   for (unsigned i = 0; i < count; i++)
      reset_symbols(shaders[i]);
   struct ir_shader *ir = ir_shader_create(parent, shader->stage);
   if (!ir) {
      t2i_fail(t, (struct glsl_loc){ 0 }, "out of memory");
      return NULL;
   }
   copy_shader_info(shaders, count, ir);
   t->shader = shader;
   t->ir = ir;

   struct pending_init *inits = NULL, **tail = &inits;
   for (unsigned i = 0; i < count; i++)
      tail = declare_globals(t, shaders[i], tail);
   ir_assign_uniform_locations(ir);
   unsigned num_uniforms = count_uniforms(ir);

   struct glsl_function_sig *main_sig = find_main(shader);
   struct ir_function *fn = ir_function_create(ir, "main");
   if (!fn) {
      t2i_fail(t, (struct glsl_loc){ 0 }, "out of memory");
      ir_shader_destroy(ir);
      return NULL;
   }
   t->b = ir_builder_at_end(fn);
   if (main_sig) {
      main_sig->ir_func = fn;
      run_global_inits(t, inits);
      struct glsl_ast_node *body = main_sig->definition->decl.func.body;
      if (!t->failed && body)
         t2i_stmt(t, body);
   }

   if (!t->failed && count_uniforms(ir) != num_uniforms)
      relayout_uniforms(ir);
   if (!t->failed) {
      char *error = NULL;
      if (!ir_validate(ir, &error)) {
         char msg[256];
         snprintf(msg, sizeof(msg), "invalid IR: %s", error ? error : "?");
         t2i_fail(t, (struct glsl_loc){ 0 }, msg);
      }
   }
   if (t->failed) {
      ir_shader_destroy(ir);
      return NULL;
   }
   return ir;
}

bool
t2i_translate(struct glsl_shader *shader)
{
   shader->ir = NULL;
   if (!shader->ast)
      return false;
   struct t2i t = { .mem = shader->arena };
   shader->ir = translate(&t, &shader, 1, shader->arena);
   return shader->ir != NULL;
}

/* The clean-up after translation: variables to SSA, folding, dead code,
 * simple if-conversion and unrolling.  It keeps every interface variable;
 * the linker and the drivers optimise again after linking. */
static void
optimize(struct ir_shader *ir)
{
   struct ir_compiler_options o = {
      .max_select_cost = 8,
      .max_unroll_instructions = 64,
   };
   ir_optimize(ir, &o);
}

bool
glsl_to_ir(struct glsl_shader *shader)
{
   if (!t2i_translate(shader))
      return false;
   optimize(shader->ir);
   return true;
}

/* Whether some instruction still refers to @p var. */
static bool
var_referenced(struct ir_shader *ir, const struct ir_variable *var)
{
   ir_foreach_function (ir, fn) {
      ir_foreach_block (fn, block) {
         ir_foreach_instr (block, instr) {
            struct ir_deref *d = ir_instr_as_deref(instr);
            if (d && d->var == var)
               return true;
         }
      }
   }
   return false;
}

/* Calls of undefined functions that optimisation did not remove are
 * errors; their markers (inline_call()) leave the shader either way. */
static bool
drop_unresolved_marks(struct ir_shader *ir, struct u_strbuf *log)
{
   const size_t len = strlen(T2I_UNRESOLVED_PREFIX);
   bool ok = true;
   u_list_foreach_safe (struct ir_variable, var, &ir->variables, link) {
      if (var->mode != IR_VAR_SHADER_OUT || !var->name ||
          strncmp(var->name, T2I_UNRESOLVED_PREFIX, len) != 0)
         continue;
      if (var_referenced(ir, var)) {
         u_strbuf_appendf(log,
                          "error: function `%s' is called but no shader of "
                          "the stage defines it\n",
                          var->name + len);
         ok = false;
      }
      u_list_del(&var->link);
   }
   return ok;
}

struct ir_shader *
t2i_translate_stage(struct glsl_shader *const *shaders, unsigned count,
                    struct u_arena *parent, struct u_strbuf *log)
{
   for (unsigned i = 0; i < count; i++) {
      if (!shaders[i]->ast) {
         u_strbuf_append(log, "error: internal error: a shader of the "
                              "stage has no syntax tree\n");
         return NULL;
      }
   }
   /* Argument bindings and pending initializers live only as long as
    * the translation. */
   struct u_arena *mem = u_arena_create(NULL);
   if (!mem) {
      u_strbuf_append(log, "error: out of memory\n");
      return NULL;
   }
   struct t2i t = {
      .mem = mem,
      .stage_shaders = shaders,
      .num_stage_shaders = count,
      .log = log,
   };
   struct ir_shader *ir = translate(&t, shaders, count, parent);
   u_arena_destroy(mem);
   if (!ir)
      return NULL;
   optimize(ir);
   if (!drop_unresolved_marks(ir, log)) {
      ir_shader_destroy(ir);
      return NULL;
   }
   return ir;
}
