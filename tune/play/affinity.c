/* affinity.c: pinning playing threads to CPUs (Linux: sched_getaffinity and
 * pthread_setaffinity_np). */
#define _GNU_SOURCE /* cpu_set_t, pthread_setaffinity_np */
#include "affinity.h"

#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>

#include "dist.h"
#include "tune/play/player_config.h"

struct AffinitySaved {
    cpu_set_t mask;
};

bool affinity_wanted(const Config *cfg)
{
    if (!strcmp(cfg->affinity, "off"))
        return false;
    if (!strcmp(cfg->affinity, "on"))
        return true;
    cpu_set_t mask;
    if (sched_getaffinity(0, sizeof mask, &mask) != 0)
        return false;
    bool external = player_config(cfg, 0)->command[0] || player_config(cfg, 1)->command[0];
    bool bound = getenv("OMP_PROC_BIND") || getenv("OMP_PLACES") || getenv("GOMP_CPU_AFFINITY");
    return external && !bound && dist_size() == 1 && config_threads(cfg) <= CPU_COUNT(&mask);
}

AffinitySaved *affinity_pin(int slot)
{
    AffinitySaved *saved = malloc(sizeof *saved);
    if (!saved || pthread_getaffinity_np(pthread_self(), sizeof saved->mask, &saved->mask) != 0) {
        free(saved);
        return NULL;
    }
    int n = CPU_COUNT(&saved->mask), k = slot % (n > 0 ? n : 1);
    for (int cpu = 0; cpu < CPU_SETSIZE; cpu++) {
        if (!CPU_ISSET(cpu, &saved->mask) || k-- > 0)
            continue;
        cpu_set_t one;
        CPU_ZERO(&one);
        CPU_SET(cpu, &one);
        if (pthread_setaffinity_np(pthread_self(), sizeof one, &one) == 0)
            return saved;
        break;
    }
    free(saved);
    return NULL;
}

void affinity_restore(AffinitySaved *saved)
{
    if (!saved)
        return;
    pthread_setaffinity_np(pthread_self(), sizeof saved->mask, &saved->mask);
    free(saved);
}
