/* SPDX-License-Identifier: MIT */

/*
 * Printing the AST: operator names for messages and a debugging dump for
 * tests.
 *
 * The dump has one line per declaration or statement, children indented
 * by two spaces; expressions are written on their line as
 * S-expressions, "(+ a (* b c))", so that tests can check precedence at
 * a glance.  Calls print as "(call f args...)", constructors as
 * "(ctor TYPE args...)", methods as "(method length obj)", initializer
 * lists as "{a b}".  The format is not an interface.
 */
#include "glsl_ast.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "util/u_strbuf.h"

const char *
glsl_ast_op_name(enum glsl_ast_op op)
{
   static const char *const names[] = {
      [GLSL_OP_PLUS] = "+",       [GLSL_OP_NEG] = "-",
      [GLSL_OP_LOGIC_NOT] = "!",  [GLSL_OP_BIT_NOT] = "~",
      [GLSL_OP_PRE_INC] = "++",   [GLSL_OP_PRE_DEC] = "--",
      [GLSL_OP_POST_INC] = "++",  [GLSL_OP_POST_DEC] = "--",
      [GLSL_OP_MUL] = "*",        [GLSL_OP_DIV] = "/",
      [GLSL_OP_MOD] = "%",        [GLSL_OP_ADD] = "+",
      [GLSL_OP_SUB] = "-",        [GLSL_OP_LSHIFT] = "<<",
      [GLSL_OP_RSHIFT] = ">>",    [GLSL_OP_LESS] = "<",
      [GLSL_OP_GREATER] = ">",    [GLSL_OP_LEQUAL] = "<=",
      [GLSL_OP_GEQUAL] = ">=",    [GLSL_OP_EQUAL] = "==",
      [GLSL_OP_NEQUAL] = "!=",    [GLSL_OP_BIT_AND] = "&",
      [GLSL_OP_BIT_XOR] = "^",    [GLSL_OP_BIT_OR] = "|",
      [GLSL_OP_LOGIC_AND] = "&&", [GLSL_OP_LOGIC_XOR] = "^^",
      [GLSL_OP_LOGIC_OR] = "||",  [GLSL_OP_ASSIGN] = "=",
   };
   if ((unsigned)op < sizeof(names) / sizeof(names[0]) && names[op])
      return names[op];
   return "?";
}

static void print_expr(struct u_strbuf *out, const struct glsl_ast_node *n);
static void print_node(struct u_strbuf *out, const struct glsl_ast_node *n,
                       unsigned indent);

static void
print_indent(struct u_strbuf *out, unsigned indent)
{
   for (unsigned i = 0; i < indent; i++)
      u_strbuf_append(out, "  ");
}

static void
print_float(struct u_strbuf *out, double v, const char *suffix)
{
   char buf[64];
   snprintf(buf, sizeof(buf), "%.9g", v);
   u_strbuf_append(out, buf);
   if (isfinite(v) && !strpbrk(buf, ".e"))
      u_strbuf_append(out, ".0");
   u_strbuf_append(out, suffix);
}

static void
print_array(struct u_strbuf *out, const struct glsl_ast_array *a)
{
   if (!a)
      return;
   for (unsigned i = 0; i < a->num_dims; i++) {
      u_strbuf_append(out, "[");
      if (a->sizes[i])
         print_expr(out, a->sizes[i]);
      u_strbuf_append(out, "]");
   }
}

static void
print_type(struct u_strbuf *out, const struct glsl_ast_type_spec *ts)
{
   if (!ts)
      return;
   if (ts->struct_def)
      u_strbuf_appendf(out, "struct %s",
                       ts->struct_def->name ? ts->struct_def->name : "<anon>");
   else
      u_strbuf_append(out, ts->name ? ts->name : "?");
   print_array(out, ts->array);
}

/* The qualifier words in source order, each followed by a space. */
static void
print_qual(struct u_strbuf *out, const struct glsl_ast_qualifier *q)
{
   static const char *const words[] = {
      "const",    "in",        "out",      "inout",         "uniform",
      "buffer",   "attribute", "varying",  "centroid",      "sample",
      "patch",    "flat",      "smooth",   "noperspective", "invariant",
      "precise",  "shared",    "coherent", "volatile",      "restrict",
      "readonly", "writeonly",
   };
   static const char *const precisions[] = { "", "lowp", "mediump", "highp" };
   bool layout_done = false;
   for (unsigned i = 0; i < q->num_order; i++) {
      uint32_t flag = q->order[i];
      if (flag == GLSL_Q_PRECISION) {
         u_strbuf_appendf(out, "%s ", precisions[q->precision]);
      } else if (flag == GLSL_Q_LAYOUT) {
         /* All ids of every layout() are printed at the first one. */
         if (layout_done)
            continue;
         layout_done = true;
         u_strbuf_append(out, "layout(");
         for (unsigned j = 0; j < q->num_layout; j++) {
            u_strbuf_appendf(out, "%s%s", j ? ", " : "", q->layout[j].name);
            if (q->layout[j].value) {
               u_strbuf_append(out, "=");
               print_expr(out, q->layout[j].value);
            }
         }
         u_strbuf_append(out, ") ");
      } else {
         for (unsigned b = 0; b < sizeof(words) / sizeof(words[0]); b++) {
            if (flag == 1u << b)
               u_strbuf_appendf(out, "%s ", words[b]);
         }
      }
   }
}

static void
print_call(struct u_strbuf *out, const struct glsl_ast_node *n)
{
   const struct glsl_ast_call *c = &n->call;
   if (c->object) {
      u_strbuf_appendf(out, "(method %s ", c->name);
      print_expr(out, c->object);
   } else if (c->type_spec) {
      u_strbuf_append(out, "(ctor ");
      print_type(out, c->type_spec);
   } else {
      u_strbuf_appendf(out, "(call %s", c->name);
   }
   for (unsigned i = 0; i < c->num_args; i++) {
      u_strbuf_append(out, " ");
      print_expr(out, c->args[i]);
   }
   u_strbuf_append(out, ")");
}

static void
print_expr(struct u_strbuf *out, const struct glsl_ast_node *n)
{
   if (!n) {
      u_strbuf_append(out, "<null>");
      return;
   }
   const struct glsl_ast_expr *e = &n->expr;
   unsigned num_operands = 0;
   switch (n->kind) {
   case GLSL_AST_IDENTIFIER:
      u_strbuf_append(out, e->name);
      return;
   case GLSL_AST_INT_CONSTANT:
      u_strbuf_appendf(out, "%d", (int)e->literal.i);
      return;
   case GLSL_AST_UINT_CONSTANT:
      u_strbuf_appendf(out, "%uu", (unsigned)e->literal.u);
      return;
   case GLSL_AST_FLOAT_CONSTANT:
      print_float(out, e->literal.f, "");
      return;
   case GLSL_AST_DOUBLE_CONSTANT:
      print_float(out, e->literal.d, "lf");
      return;
   case GLSL_AST_BOOL_CONSTANT:
      u_strbuf_append(out, e->literal.b ? "true" : "false");
      return;
   case GLSL_AST_CALL:
      print_call(out, n);
      return;
   case GLSL_AST_INIT_LIST:
      u_strbuf_append(out, "{");
      for (unsigned i = 0; i < n->num_elements; i++) {
         if (i)
            u_strbuf_append(out, " ");
         print_expr(out, n->elements[i]);
      }
      u_strbuf_append(out, "}");
      return;
   case GLSL_AST_UNARY:
      u_strbuf_appendf(
         out, "(%s%s",
         e->op == GLSL_OP_POST_INC || e->op == GLSL_OP_POST_DEC ? "post" : "",
         glsl_ast_op_name(e->op));
      num_operands = 1;
      break;
   case GLSL_AST_BINARY:
      u_strbuf_appendf(out, "(%s", glsl_ast_op_name(e->op));
      num_operands = 2;
      break;
   case GLSL_AST_ASSIGN:
      u_strbuf_appendf(
         out, "(%s=", e->op == GLSL_OP_ASSIGN ? "" : glsl_ast_op_name(e->op));
      num_operands = 2;
      break;
   case GLSL_AST_CONDITIONAL:
      u_strbuf_append(out, "(?:");
      num_operands = 3;
      break;
   case GLSL_AST_SEQUENCE:
      u_strbuf_append(out, "(,");
      num_operands = 2;
      break;
   case GLSL_AST_INDEX:
      u_strbuf_append(out, "([]");
      num_operands = 2;
      break;
   case GLSL_AST_FIELD:
      u_strbuf_append(out, "(. ");
      print_expr(out, e->operands[0]);
      u_strbuf_appendf(out, " %s)", e->name);
      return;
   case GLSL_AST_CONVERT:
      u_strbuf_append(out, "(convert");
      num_operands = 1;
      break;
   case GLSL_AST_CONDITION_DECL:
      print_qual(out, &n->cond_decl.qual);
      print_type(out, n->cond_decl.type_spec);
      u_strbuf_appendf(out, " %s = ", n->cond_decl.name);
      print_expr(out, n->cond_decl.init);
      return;
   default:
      u_strbuf_append(out, "<stmt>");
      return;
   }
   for (unsigned i = 0; i < num_operands; i++) {
      u_strbuf_append(out, " ");
      print_expr(out, e->operands[i]);
   }
   u_strbuf_append(out, ")");
}

static void
print_list(struct u_strbuf *out, const struct u_list *list, unsigned indent)
{
   u_list_foreach (const struct glsl_ast_node, it, list, link)
      print_node(out, it, indent);
}

static void
print_declarators(struct u_strbuf *out, const struct glsl_ast_decl *d)
{
   for (unsigned i = 0; i < d->num_declarators; i++) {
      const struct glsl_ast_declarator *decl = &d->declarators[i];
      u_strbuf_appendf(out, "%s%s", i ? ", " : " ", decl->name);
      print_array(out, decl->array);
      if (decl->initializer) {
         u_strbuf_append(out, " = ");
         print_expr(out, decl->initializer);
      }
   }
}

static void
print_struct_members(struct u_strbuf *out, const struct glsl_ast_type_spec *ts,
                     unsigned indent)
{
   if (ts && ts->struct_def)
      print_list(out, &ts->struct_def->members, indent);
}

static void
print_decl(struct u_strbuf *out, const struct glsl_ast_node *n, unsigned indent)
{
   const struct glsl_ast_decl *d = &n->decl;
   switch (n->kind) {
   case GLSL_AST_VARIABLE_DECL:
      u_strbuf_append(out, "decl ");
      print_qual(out, &d->qual);
      print_type(out, d->type_spec);
      print_declarators(out, d);
      u_strbuf_append(out, "\n");
      print_struct_members(out, d->type_spec, indent + 1);
      break;
   case GLSL_AST_PRECISION:
      u_strbuf_append(out, "precision ");
      print_qual(out, &d->qual);
      print_type(out, d->type_spec);
      u_strbuf_append(out, "\n");
      break;
   case GLSL_AST_QUALIFIER_DECL:
      u_strbuf_append(out, "qualifiers ");
      print_qual(out, &d->qual);
      u_strbuf_append(out, "-");
      print_declarators(out, d);
      u_strbuf_append(out, "\n");
      break;
   case GLSL_AST_INTERFACE_BLOCK:
      u_strbuf_append(out, "block ");
      print_qual(out, &d->block.qual);
      u_strbuf_append(out, d->block.block_name);
      if (d->block.instance_name)
         u_strbuf_appendf(out, " %s", d->block.instance_name);
      print_array(out, d->block.array);
      u_strbuf_append(out, "\n");
      print_list(out, &d->block.members, indent + 1);
      break;
   case GLSL_AST_FUNCTION: {
      const struct glsl_ast_function *f = &d->func;
      u_strbuf_append(out, "function ");
      print_qual(out, &f->return_qual);
      print_type(out, f->return_type);
      u_strbuf_appendf(out, " %s(", f->name);
      for (unsigned i = 0; i < f->num_params; i++) {
         const struct glsl_ast_param *param = &f->params[i];
         if (i)
            u_strbuf_append(out, ", ");
         print_qual(out, &param->qual);
         print_type(out, param->type_spec);
         if (param->name)
            u_strbuf_appendf(out, " %s", param->name);
         print_array(out, param->array);
      }
      u_strbuf_append(out, f->body ? ")\n" : ");\n");
      print_struct_members(out, f->return_type, indent + 1);
      if (f->body)
         print_node(out, f->body, indent + 1);
      break;
   }
   default:
      break;
   }
}

/* Prints a statement's header expression, then its children. */
static void
print_stmt_line(struct u_strbuf *out, const char *word,
                const struct glsl_ast_node *e)
{
   u_strbuf_append(out, word);
   if (e) {
      u_strbuf_append(out, " ");
      print_expr(out, e);
   }
   u_strbuf_append(out, "\n");
}

static void
print_node(struct u_strbuf *out, const struct glsl_ast_node *n, unsigned indent)
{
   if (!n)
      return;
   if (n->kind == GLSL_AST_DECL_STMT) {
      print_node(out, n->stmt.decl, indent);
      return;
   }
   print_indent(out, indent);
   const struct glsl_ast_stmt *s = &n->stmt;
   switch (n->kind) {
   case GLSL_AST_COMPOUND:
      u_strbuf_append(out, "{\n");
      print_list(out, &s->body, indent + 1);
      break;
   case GLSL_AST_EXPR_STMT:
      print_stmt_line(out, s->expr ? "expr" : "empty", s->expr);
      break;
   case GLSL_AST_IF:
      print_stmt_line(out, "if", s->cond);
      print_node(out, s->then_stmt, indent + 1);
      if (s->else_stmt) {
         print_indent(out, indent);
         u_strbuf_append(out, "else\n");
         print_node(out, s->else_stmt, indent + 1);
      }
      break;
   case GLSL_AST_SWITCH:
      print_stmt_line(out, "switch", s->expr);
      print_list(out, &s->body, indent + 1);
      break;
   case GLSL_AST_CASE:
      print_stmt_line(out, "case", s->expr);
      break;
   case GLSL_AST_DEFAULT:
      print_stmt_line(out, "default", NULL);
      break;
   case GLSL_AST_WHILE:
      print_stmt_line(out, "while", s->cond);
      print_node(out, s->then_stmt, indent + 1);
      break;
   case GLSL_AST_DO_WHILE:
      print_stmt_line(out, "do-while", s->cond);
      print_node(out, s->then_stmt, indent + 1);
      break;
   case GLSL_AST_FOR:
      u_strbuf_append(out, "for\n");
      print_node(out, s->init, indent + 1);
      print_indent(out, indent + 1);
      print_stmt_line(out, "cond", s->cond);
      print_indent(out, indent + 1);
      print_stmt_line(out, "step", s->expr);
      print_node(out, s->then_stmt, indent + 1);
      break;
   case GLSL_AST_CONTINUE:
      print_stmt_line(out, "continue", NULL);
      break;
   case GLSL_AST_BREAK:
      print_stmt_line(out, "break", NULL);
      break;
   case GLSL_AST_RETURN:
      print_stmt_line(out, "return", s->expr);
      break;
   case GLSL_AST_DISCARD:
      print_stmt_line(out, "discard", NULL);
      break;
   default:
      if (glsl_ast_is_expr(n) || n->kind == GLSL_AST_CONDITION_DECL)
         print_stmt_line(out, "expr", n);
      else
         print_decl(out, n, indent);
      break;
   }
}

void
glsl_ast_print(const struct glsl_ast_unit *unit, struct u_strbuf *out)
{
   u_strbuf_appendf(out, "unit %u%s\n", unit->version, unit->es ? " es" : "");
   print_list(out, &unit->decls, 1);
}

bool
glsl_ast_op_ir_opcode(enum glsl_ast_op op, enum ir_base_type base,
                      enum ir_op *out, bool *swap)
{
   bool f = base == IR_TYPE_FLOAT || base == IR_TYPE_DOUBLE ||
            base == IR_TYPE_FLOAT16;
   bool u = base == IR_TYPE_UINT || base == IR_TYPE_UINT16 ||
            base == IR_TYPE_UINT64 || base == IR_TYPE_BOOL;
   *swap = false;
   switch (op) {
   case GLSL_OP_ADD:
      *out = f ? IR_OP_FADD : IR_OP_IADD;
      return true;
   case GLSL_OP_SUB:
      *out = f ? IR_OP_FSUB : IR_OP_ISUB;
      return true;
   case GLSL_OP_MUL:
      *out = f ? IR_OP_FMUL : IR_OP_IMUL;
      return true;
   case GLSL_OP_DIV:
      *out = f ? IR_OP_FDIV : u ? IR_OP_UDIV : IR_OP_IDIV;
      return true;
   case GLSL_OP_MOD:
      /* Integers only in GLSL (1.30, 5.9: undefined for negative
       * operands; the IR's irem gives C's answer). */
      *out = u ? IR_OP_UMOD : IR_OP_IREM;
      return !f;
   case GLSL_OP_LSHIFT:
      *out = IR_OP_ISHL;
      return !f;
   case GLSL_OP_RSHIFT:
      *out = u ? IR_OP_USHR : IR_OP_ISHR;
      return !f;
   case GLSL_OP_BIT_AND:
   case GLSL_OP_LOGIC_AND:
      *out = IR_OP_IAND;
      return !f;
   case GLSL_OP_BIT_OR:
   case GLSL_OP_LOGIC_OR:
      *out = IR_OP_IOR;
      return !f;
   case GLSL_OP_BIT_XOR:
   case GLSL_OP_LOGIC_XOR:
      *out = IR_OP_IXOR;
      return !f;
   case GLSL_OP_LESS:
   case GLSL_OP_GREATER:
      *out = f ? IR_OP_FLT : u ? IR_OP_ULT : IR_OP_ILT;
      *swap = op == GLSL_OP_GREATER;
      return true;
   case GLSL_OP_LEQUAL:
   case GLSL_OP_GEQUAL:
      *out = f ? IR_OP_FGE : u ? IR_OP_UGE : IR_OP_IGE;
      *swap = op == GLSL_OP_LEQUAL;
      return true;
   default:
      return false;
   }
}
