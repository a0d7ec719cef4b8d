/* bigtable.c: zeroed, huge-page-backed memory for large tables. */
#define _DEFAULT_SOURCE /* madvise's MADV_HUGEPAGE */
#include "bigtable.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

enum { HUGE_PAGE = 2 << 20, BIG_TABLE = 1 << 20 };

void *bigtable_alloc(size_t size)
{
#ifdef MADV_HUGEPAGE
    if (size >= BIG_TABLE) {
        size_t rounded = (size + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE;
        void *p = aligned_alloc(HUGE_PAGE, rounded);
        if (p) {
            madvise(p, rounded, MADV_HUGEPAGE); /* advice only: its failure changes nothing */
            memset(p, 0, rounded);
        }
        return p;
    }
#endif
    return calloc(1, size);
}

void bigtable_free(void *p) { free(p); }
