/* affinity.h: pinning a playing thread, and the external engine processes it starts (which
 * inherit its CPU mask), to one CPU. A move of an external engine wakes one process from
 * another; when the runner thread and its engines share a CPU the wake-up needs no
 * inter-processor interrupt and the caches stay warm (README: "External engines", affinity).
 * Only placement changes: the games do not. */
#ifndef MAXTUNE_AFFINITY_H
#define MAXTUNE_AFFINITY_H

#include <stdbool.h>

#include "tune/run/config.h"

/* A pinned thread's CPU mask before it was pinned (opaque). */
typedef struct AffinitySaved AffinitySaved;

/* Whether the playing threads of cfg pin themselves: [run] affinity on; or auto, and a player
 * of cfg's [engine_a] or [engine_b] is external, the run is one process (no MPI ranks), its
 * threads are no more than the CPUs this thread may use, and OpenMP is not told to bind
 * (OMP_PROC_BIND, OMP_PLACES, GOMP_CPU_AFFINITY unset). */
bool affinity_wanted(const Config *cfg);

/* Pins the calling thread to the slot-th CPU (modulo their number) of those it may use; the
 * mask it had, to give back to affinity_restore, or NULL when it was not pinned (no memory,
 * or the system refused). */
AffinitySaved *affinity_pin(int slot);

/* Gives the thread back the mask it had before affinity_pin, and frees saved (NULL: nothing). */
void affinity_restore(AffinitySaved *saved);

#endif
