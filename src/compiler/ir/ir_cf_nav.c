/* SPDX-License-Identifier: MIT */

/*
 * Navigating the control-flow tree: neighbours, parents, the first and
 * last blocks of a node, and program order (ir_block_next(): a block, its
 * following if's then list then else list, loop bodies inline, recursively;
 * the end block is not part of it).
 *
 * Lists are circular with a plain head, so a node's neighbour is only
 * known through its parent: a link that is one of the parent's list heads
 * marks the end of the list.  Top-level nodes of a detached ir_cf_list
 * have no parent, so the navigation stops at them (returns NULL).
 */
#include "compiler/ir/ir.h"

/* Whether @p l is the head of one of @p parent's lists. */
static bool
is_list_head(const struct ir_cf_node *parent, const struct u_list *l)
{
   switch (parent->kind) {
   case IR_CF_IF: {
      const struct ir_if *nif = ir_cf_as_if(parent);
      return l == &nif->then_list || l == &nif->else_list;
   }
   case IR_CF_LOOP:
      return l == &ir_cf_as_loop(parent)->body;
   case IR_CF_FUNCTION:
      return l == &ir_cf_as_function(parent)->body;
   case IR_CF_BLOCK:
      break;
   }
   return false;
}

struct ir_cf_node *
ir_cf_node_next(struct ir_cf_node *node)
{
   if (!node->parent || !u_list_is_linked(&node->link) ||
       is_list_head(node->parent, node->link.next))
      return NULL;
   return u_container_of(node->link.next, struct ir_cf_node, link);
}

struct ir_cf_node *
ir_cf_node_prev(struct ir_cf_node *node)
{
   if (!node->parent || !u_list_is_linked(&node->link) ||
       is_list_head(node->parent, node->link.prev))
      return NULL;
   return u_container_of(node->link.prev, struct ir_cf_node, link);
}

static struct ir_block *
list_first_block(const struct u_list *list)
{
   if (u_list_is_empty(list))
      return NULL;
   return ir_cf_as_block(u_list_first(list, struct ir_cf_node, link));
}

static struct ir_block *
list_last_block(const struct u_list *list)
{
   if (u_list_is_empty(list))
      return NULL;
   return ir_cf_as_block(u_list_last(list, struct ir_cf_node, link));
}

struct ir_block *
ir_start_block(struct ir_function *fn)
{
   return list_first_block(&fn->body);
}

struct ir_block *
ir_if_first_then_block(struct ir_if *nif)
{
   return list_first_block(&nif->then_list);
}

struct ir_block *
ir_if_last_then_block(struct ir_if *nif)
{
   return list_last_block(&nif->then_list);
}

struct ir_block *
ir_if_first_else_block(struct ir_if *nif)
{
   return list_first_block(&nif->else_list);
}

struct ir_block *
ir_if_last_else_block(struct ir_if *nif)
{
   return list_last_block(&nif->else_list);
}

struct ir_block *
ir_loop_first_block(struct ir_loop *loop)
{
   return list_first_block(&loop->body);
}

struct ir_block *
ir_loop_last_block(struct ir_loop *loop)
{
   return list_last_block(&loop->body);
}

/* The first block of @p node in program order (an if: its first then
 * block; a loop: its first block; a function: its start block). */
struct ir_block *
ir_cf_node_as_first_block(struct ir_cf_node *node)
{
   switch (node->kind) {
   case IR_CF_BLOCK:
      return ir_cf_as_block(node);
   case IR_CF_IF:
      return ir_if_first_then_block(ir_cf_as_if(node));
   case IR_CF_LOOP:
      return ir_loop_first_block(ir_cf_as_loop(node));
   case IR_CF_FUNCTION:
      return ir_start_block(ir_cf_as_function(node));
   }
   return NULL;
}

/* The last block of @p node in program order (an if: its last else
 * block). */
struct ir_block *
ir_cf_node_as_last_block(struct ir_cf_node *node)
{
   switch (node->kind) {
   case IR_CF_BLOCK:
      return ir_cf_as_block(node);
   case IR_CF_IF:
      return ir_if_last_else_block(ir_cf_as_if(node));
   case IR_CF_LOOP:
      return ir_loop_last_block(ir_cf_as_loop(node));
   case IR_CF_FUNCTION:
      return list_last_block(&ir_cf_as_function(node)->body);
   }
   return NULL;
}

struct ir_loop *
ir_cf_node_get_loop(struct ir_cf_node *node)
{
   for (struct ir_cf_node *p = node->parent; p; p = p->parent) {
      if (p->kind == IR_CF_LOOP)
         return ir_cf_as_loop(p);
   }
   return NULL;
}

struct ir_function *
ir_cf_node_get_function(struct ir_cf_node *node)
{
   while (node && node->kind != IR_CF_FUNCTION)
      node = node->parent;
   return node ? ir_cf_as_function(node) : NULL;
}

struct ir_if *
ir_block_get_following_if(struct ir_block *block)
{
   struct ir_cf_node *next = ir_cf_node_next(&block->cf);
   return next ? ir_cf_as_if(next) : NULL;
}

struct ir_loop *
ir_block_get_following_loop(struct ir_block *block)
{
   struct ir_cf_node *next = ir_cf_node_next(&block->cf);
   return next ? ir_cf_as_loop(next) : NULL;
}

struct ir_jump *
ir_block_last_jump(struct ir_block *block)
{
   if (u_list_is_empty(&block->instrs))
      return NULL;
   return ir_instr_as_jump(u_list_last(&block->instrs, struct ir_instr, link));
}

/* The block after an if or loop (NULL at the top of a detached list). */
static struct ir_block *
block_after(struct ir_cf_node *node)
{
   struct ir_cf_node *next = ir_cf_node_next(node);
   return next ? ir_cf_as_block(next) : NULL;
}

struct ir_block *
ir_block_next(struct ir_function *fn, struct ir_block *b)
{
   if (!b)
      return ir_start_block(fn);
   struct ir_cf_node *next = ir_cf_node_next(&b->cf);
   if (next)
      return ir_cf_node_as_first_block(next);

   struct ir_cf_node *parent = b->cf.parent;
   if (!parent || b == fn->end_block)
      return NULL;
   switch (parent->kind) {
   case IR_CF_IF: {
      struct ir_if *nif = ir_cf_as_if(parent);
      if (b->cf.link.next == &nif->then_list)
         return ir_if_first_else_block(nif);
      return block_after(parent);
   }
   case IR_CF_LOOP:
      return block_after(parent);
   default:
      return NULL;
   }
}
