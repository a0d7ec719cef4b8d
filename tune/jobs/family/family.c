/* family.c: what the family job's run and its report share (family.h). */
#include "tune/jobs/family/family.h"

#include <stdio.h>

#include "core/variant.h"

/* The part folder of game g at depth k, or of its defensive player (k < 0). */
void family_part_dir(const FamilyConfig *fc, int g, int k, char *out, size_t len)
{
    const Variant *v = variant_get((VariantId)g);
    if (k < 0)
        snprintf(out, len, "defensive-%s", v->name);
    else
        series_part_dir(v, fc->node[k], out, len);
}
