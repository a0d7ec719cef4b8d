/* series.c: self-play series as parts, read back (see series.h). */
#include "tune/jobs/common/series.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tune/jobs/common/parts.h"
#include "tune/play/player_config.h"
#include "tune/play/selfplay_config.h"
#include "tune/run/config_value.h"
#include "tune/run/text.h"
#include "tune/stats/stats.h"

/* The least sample rate of [selfplay]: the parts keep their games, not positions. */
#define SERIES_SAMPLE_RATE 0.0001

SeriesRate series_wilson(long k, long n)
{
    if (n <= 0)
        return (SeriesRate){NAN, NAN, NAN};
    double p = (double)k / (double)n, z = STATS_Z95, z2n = z * z / (double)n;
    double centre = (p + z2n / 2) / (1 + z2n);
    double half = z * sqrt(p * (1 - p) / (double)n + z2n / (4 * (double)n)) / (1 + z2n);
    return (SeriesRate){p, centre - half, centre + half};
}

SeriesRate series_mean(double sum, double sumsq, long n)
{
    if (n <= 0)
        return (SeriesRate){NAN, NAN, NAN};
    double m = sum / (double)n, var = sumsq / (double)n - m * m;
    double half = STATS_Z95 * sqrt((var > 0 ? var : 0) / (double)n);
    return (SeriesRate){m, m - half, m + half};
}

void series_part_dir(const Variant *v, long nodes, char *out, size_t len)
{
    snprintf(out, len, "%s-%ld", v->name, nodes);
}

bool series_part_config(const Config *cfg, const RunDir *rd, const char *dir, const Variant *v,
                        const char *weights, long nodes, long games, Config *pc, char *err,
                        size_t errlen)
{
    char set[64];
    if (!parts_config(cfg, rd, "selfplay", dir, pc, err, errlen))
        return false;
    snprintf(set, sizeof set, "run.variant=%s", v->name);
    if (!config_set(pc, set, err, errlen))
        return false;
    for (int i = 0; i < 2; i++) {
        EngineConfig *e = player_config_edit(pc, i);
        snprintf(e->weights, sizeof e->weights, "%s", weights);
        e->nodes = nodes;
        e->defence = 100;
    }
    SelfplayConfig *sp = selfplay_config_edit(pc);
    sp->games = games;
    sp->sample_rate = SERIES_SAMPLE_RATE;
    sp->pgn = true;
    return true;
}

int series_parse_nodes(const char *text, long *out, int min, int max, char *err, size_t errlen)
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s", text);
    int n = 0;
    for (char *save = NULL, *item = strtok_r(buf, ",", &save); item;
         item = strtok_r(NULL, ",", &save)) {
        item = config_trim(item);
        char *end;
        long v = strtol(item, &end, 10);
        if (!*item || *end || v < 1 || v > 100000000) {
            snprintf(err, errlen, "\"%.60s\": expected nodes per move (1..100000000)", item);
            return -1;
        }
        if (n == max) {
            snprintf(err, errlen, "at most %d depths", max);
            return -1;
        }
        if (n && v <= out[n - 1]) {
            snprintf(err, errlen, "%ld after %ld: the depths must increase", v, out[n - 1]);
            return -1;
        }
        out[n++] = v;
    }
    if (n < min) {
        snprintf(err, errlen, "at least %d depths (a trend needs them), got %d", min, n);
        return -1;
    }
    return n;
}

/* The reading of one part's games: the reader's hook, its game, the games seen, a problem. */
typedef struct SeriesTally {
    SeriesGameFn fn;
    void *data;
    const Variant *game;
    long games;
    char err[512];
} SeriesTally;

/* pgn_replay hook: a problem stops the reading (the parts' PGN is this program's own). */
static bool tally_problem(void *data, int line, PgnProblem kind, const char *msg)
{
    SeriesTally *t = data;
    if (kind == PGN_REMARK)
        return true;
    snprintf(t->err, sizeof t->err, "%d: %s", line, msg);
    return false;
}

/* The termination a game's last comment names, or TERM_NB. */
static Termination tally_termination(const char *reason, const Variant *v)
{
    for (int k = 0; k < TERM_NB; k++)
        if (!strcmp(reason, game_termination_text((Termination)k, v)))
            return (Termination)k;
    return TERM_NB;
}

/* pgn_replay hook: hands a finished game to the reader's hook. */
static bool tally_finished(void *data, PgnGame *g, int line, const char *result)
{
    SeriesTally *t = data;
    int white = !strcmp(result, "1-0") ? 2 : !strcmp(result, "0-1") ? 0 : 1;
    Termination term = tally_termination(g->reason, t->game);
    if (!strcmp(result, "*") || term == TERM_NB) {
        snprintf(t->err, sizeof t->err, "%d: a game without a result or its ending (\"%.60s\")",
                 line, g->reason);
        return false;
    }
    t->games++;
    if (!t->fn(t->data, g, white, term)) {
        snprintf(t->err, sizeof t->err, "%d: the game could not be counted", line);
        return false;
    }
    return true;
}

bool series_read(const char *path, const Variant *v, long games, SeriesGameFn fn, void *data,
                 char *err, size_t errlen)
{
    size_t len;
    char *text = text_read_file(path, &len);
    if (!text) {
        snprintf(err, errlen, "%.1000s: cannot read", path);
        return false;
    }
    SeriesTally t = {fn, data, v, 0, ""};
    PgnReplayHooks h = {&t, tally_problem, NULL, NULL, NULL, tally_finished, v};
    PgnGame pg;
    memset(&pg, 0, sizeof pg);
    bool ok = pgn_replay(&pg, text, len, &h);
    pgn_game_free(&pg);
    free(text);
    if (!ok)
        snprintf(err, errlen, "%.1000s:%s", path, t.err);
    else if (t.games != games) {
        snprintf(err, errlen, "%.1000s: %ld games, the study plays %ld", path, t.games, games);
        ok = false;
    }
    return ok;
}
