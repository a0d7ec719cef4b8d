/* bigtable.h: zeroed memory for the engine's large tables (the transposition table, the
 * evaluation cache), which the search reads at random. */
#ifndef MAXTUNE_BIGTABLE_H
#define MAXTUNE_BIGTABLE_H

#include <stddef.h>

/* Allocates size zeroed bytes, or NULL. From 1 MiB up the block is mapped from the kernel in
 * whole 2 MiB pages, aligned to them and offered to Linux as huge pages (madvise
 * MADV_HUGEPAGE): with 4 KiB pages most random reads of a table would miss the TLB. Where the
 * kernel grants none, the memory works as any other; its pages are zeroed by the kernel when
 * first touched, so nothing is written here. */
void *bigtable_alloc(size_t size);

/* Frees a block of bigtable_alloc of the same size (NULL: nothing). */
void bigtable_free(void *p, size_t size);

#endif
