/* bigtable.c: zeroed, huge-page-backed memory for large tables. */
#define _DEFAULT_SOURCE /* mmap's MAP_ANONYMOUS, madvise's MADV_HUGEPAGE */
#include "bigtable.h"

#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>

enum { HUGE_PAGE = 2 << 20, BIG_TABLE = 1 << 20 };

/* The size of the mapping of a big table of size bytes: whole huge pages. */
static size_t mapped_size(size_t size) { return (size + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE; }

void *bigtable_alloc(size_t size)
{
    if (size < BIG_TABLE)
        return calloc(1, size);
    /* one huge page more than needed, then the unaligned head and the tail given back */
    size_t want = mapped_size(size), span = want + HUGE_PAGE;
    char *raw = mmap(NULL, span, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (raw == MAP_FAILED)
        return NULL;
    char *p = (char *)(((uintptr_t)raw + HUGE_PAGE - 1) & ~(uintptr_t)(HUGE_PAGE - 1));
    if (p > raw)
        munmap(raw, (size_t)(p - raw));
    if (raw + span > p + want)
        munmap(p + want, (size_t)(raw + span - (p + want)));
#ifdef MADV_HUGEPAGE
    madvise(p, want, MADV_HUGEPAGE); /* advice only: its failure changes nothing */
#endif
    return p;
}

void bigtable_free(void *p, size_t size)
{
    if (!p)
        return;
    if (size < BIG_TABLE)
        free(p);
    else
        munmap(p, mapped_size(size));
}
