/* SPDX-License-Identifier: MIT */

/*
 * The KHR_debug label tables (st_label.c) that share groups and contexts
 * own (st_shared::labels, st_context::labels).
 */
#ifndef ST_LABEL_H
#define ST_LABEL_H

struct u_hash_table;

/** An empty table; NULL when out of memory. */
struct u_hash_table *st_label_table_create(void);
/** Frees the table and its labels (NULL: nothing). */
void st_label_table_destroy(struct u_hash_table *table);

#endif
