/* players.c: setting up and describing the players of a config (see players.h). */
#include "players.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>

/* The networks this process has loaded, by path: read once, then shared read-only by every
 * engine of every thread (a player's net is not a hot path: looked up once per game). */
enum { NET_STORE_MAX = 64 };
static struct {
    char path[256];
    Network *net;
} net_store[NET_STORE_MAX];
static int net_count;
static pthread_mutex_t net_lock = PTHREAD_MUTEX_INITIALIZER;

const Network *player_net_at(const char *path, char *err, size_t errlen)
{
    pthread_mutex_lock(&net_lock);
    Network *net = NULL;
    for (int i = 0; i < net_count && !net; i++)
        if (!strcmp(net_store[i].path, path))
            net = net_store[i].net;
    if (!net && net_count == NET_STORE_MAX)
        snprintf(err, errlen, "%s: more than %d networks in one process", path, NET_STORE_MAX);
    else if (!net && (net = nnue_load(path, err, errlen))) {
        snprintf(net_store[net_count].path, sizeof net_store[0].path, "%s", path);
        net_store[net_count++].net = net;
    }
    pthread_mutex_unlock(&net_lock);
    return net;
}

bool player_net(const Config *cfg, int i, const Network **net, char *err, size_t errlen)
{
    const char *path = player_config(cfg, i)->net;
    *net = NULL;
    if (!path[0])
        return true;
    char why[600];
    const Network *n = player_net_at(path, why, sizeof why);
    if (!n) {
        snprintf(err, errlen, "[%s] net: %s", player_section(i), why);
        return false;
    }
    if (n->variant != config_variant(cfg)) {
        snprintf(err, errlen, "[%s] net: %s is a network of %s, the run plays %s",
                 player_section(i), path, n->variant->name, config_variant(cfg)->name);
        return false;
    }
    *net = n;
    return true;
}

bool player_weights(const Config *cfg, int i, Weights *w, char *err, size_t errlen)
{
    char why[900];
    if (weights_load_game(w, player_config(cfg, i)->weights, config_variant(cfg), why, sizeof why))
        return true;
    snprintf(err, errlen, "[%s] weights: %s", player_section(i), why);
    return false;
}

SearchLimits player_limits(const EngineConfig *e)
{
    SearchLimits l = {(int)e->depth, (uint64_t)e->nodes, (int)e->movetime_ms};
    return l;
}

void player_setup(Player *p, const EngineConfig *e, Engine *engine, EngineProc *proc,
                  const Weights *w)
{
    *p = (Player){engine,        w,        player_limits(e), proc,
                  e->timeout_ms, e->clock, (int)e->defence,  !e->partner_captures,
                  NULL,          NULL};
    if (e->net[0] && !proc) { /* job_check loaded it: a failure here is a file gone since */
        char err[600];
        p->net_path = e->net;
        p->net = player_net_at(e->net, err, sizeof err);
    }
}

/* The limits of e: in prose, "N nodes, depth D, M ms per move, time control T"; terse (a table
 * cell), "N nodes depth D M ms tc T". */
static void limits_text(const EngineConfig *e, bool terse, char *buf, size_t len)
{
    char items[4][96];
    int n = 0;
    if (e->nodes)
        snprintf(items[n++], sizeof items[0], "%ld nodes", e->nodes);
    if (e->depth)
        snprintf(items[n++], sizeof items[0], "depth %ld", e->depth);
    if (e->movetime_ms)
        snprintf(items[n++], sizeof items[0], "%ld ms", e->movetime_ms);
    int limits = n;
    if (e->tc[0])
        snprintf(items[n++], sizeof items[0], "%s %s", terse ? "tc" : "time control", e->tc);
    size_t at = 0;
    if (len)
        buf[0] = '\0';
    for (int i = 0; i < n && at < len; i++) {
        int k = snprintf(buf + at, len - at, "%s%s%s", i ? (terse ? " " : ", ") : "", items[i],
                         !terse && i == limits - 1 ? " per move" : "");
        at += k > 0 ? (size_t)k : 0;
    }
}

void player_limits_text(const EngineConfig *e, char *buf, size_t len)
{
    limits_text(e, false, buf, len);
}

void player_describe(const EngineConfig *e, PlayerForm form, char *buf, size_t len)
{
    bool cells = form == PLAYER_CELLS;
    char what[2304], limits[512];
    if (e->command[0])
        snprintf(what, sizeof what, "external%s `%s`%s%s%s", cells ? ":" : "", e->command,
                 e->options[0] ? ", options `" : "", e->options, e->options[0] ? "`" : "");
    else
        snprintf(what, sizeof what, "%sweights `%s`%s", cells ? "in-process, " : "", e->weights,
                 e->defence != 100 ? (cells ? " defensive" : ", defensive") : "");
    if (!e->command[0] && e->defence != 100) {
        size_t at = strlen(what);
        snprintf(what + at, sizeof what - at, " (defence %ld%%)", e->defence);
    }
    if (!e->partner_captures) {
        size_t at = strlen(what);
        snprintf(what + at, sizeof what - at, "%s",
                 cells ? " no partner captures" : ", no partner captures");
    }
    limits_text(e, cells, limits, sizeof limits);
    snprintf(buf, len, "%s%s%s", what, cells ? " | " : ", ", limits);
}
