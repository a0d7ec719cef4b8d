/* edge.c: what the edge job's run and its report share (edge.h). */
#include "tune/jobs/edge/edge.h"

void edge_part_dir(const EdgeResult *r, int k, char *out, size_t len)
{
    series_part_dir(r->game, r->ec->node[k], out, len);
}
