/* selfplay.c: self-play games, position sampling, and the selfplay job (see selfplay.h). */
#include "selfplay.h"

#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "core/makemove.h"
#include "search/eval.h"
#include "search/search.h"
#include "tune/play/ledger.h"
#include "tune/play/pair_task.h"
#include "tune/play/pgn.h"
#include "tune/play/players.h"
#include "tune/stats/rng.h"
#include "tune/play/player_config.h"
#include "tune/play/match_config.h"
#include "tune/play/selfplay_config.h"

/* Hash of the engine that judges quietness: a 1-ply search needs little. */
enum { SAMPLE_HASH_MB = 1 };

struct Selfplay {
    const Config *cfg;
    const Openings *openings;
    Journal *journal;
    long offset;        /* journal record of game 0 */
    Weights weights[2]; /* [engine_a], [engine_b] */
    long ngames;
    GameResult *games;
    Ledger ledger; /* which games are stored, how many resumed */
    long white_wins, draws, black_wins;
};

Selfplay *selfplay_new(const Config *cfg, const Openings *o, Journal *journal, long journal_offset,
                       char *err, size_t errlen)
{
    Selfplay *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    s->cfg = cfg;
    s->openings = o;
    s->journal = journal;
    s->offset = journal_offset;
    s->ngames = selfplay_config(cfg)->games;
    for (int i = 0; i < 2; i++)
        if (!player_weights(cfg, i, &s->weights[i], err, errlen)) {
            free(s);
            return NULL;
        }
    s->games = calloc((size_t)s->ngames, sizeof *s->games);
    if (!ledger_init(&s->ledger, s->ngames) || !s->games) {
        selfplay_free(s);
        snprintf(err, errlen, "out of memory for %ld games", selfplay_config(cfg)->games);
        return NULL;
    }
    return s;
}

void selfplay_free(Selfplay *s)
{
    if (!s)
        return;
    for (long i = 0; s->games && i < s->ngames; i++)
        free(s->games[i].moves);
    free(s->games);
    ledger_free(&s->ledger);
    free(s);
}

long selfplay_games(const Selfplay *s) { return s->ngames; }

/* Counts a finished game in the running totals. */
static void count_result(Selfplay *s, const GameResult *g)
{
    s->white_wins += g->result == 2;
    s->draws += g->result == 1;
    s->black_wins += g->result == 0;
}

/* Stores game `index` from its journal payload after replaying it (resumed: read back from
 * the journal); false with a reason. */
static bool selfplay_store(Selfplay *s, long index, const char *payload, bool resumed, char *why,
                           size_t len)
{
    if (!ledger_can_store(&s->ledger, index, "game index %ld out of range",
                          "game %ld recorded twice", why, len))
        return false;
    Position opening;
    openings_get(s->openings, index, &opening);
    GameResult *g = &s->games[index];
    if (!pair_decode_game(payload, g, why, len))
        return false;
    int ply = pair_game_replay(g, &opening);
    if (ply) {
        snprintf(why, len, "ply %d: bad or illegal move", ply);
        free(g->moves);
        g->moves = NULL;
        return false;
    }
    ledger_store(&s->ledger, index, resumed);
    count_result(s, g);
    return true;
}

bool selfplay_record(Selfplay *s, long index, const char *payload, char *why, size_t len)
{
    return selfplay_store(s, index, payload, true, why, len);
}

/* The progress line (PairUnits.progress; data is the Selfplay): redrawn in place on a
 * terminal, every 10 s otherwise. */
static void selfplay_progress(void *data, bool final)
{
    Selfplay *s = data;
    bool tty;
    if (!ledger_line_due(&s->ledger, final, &tty))
        return;
    double rate, eta;
    ledger_speed(&s->ledger, 1.0, (double)(s->ngames - s->ledger.finished), &rate, &eta);
    ledger_print(tty, final,
                 "selfplay: games %ld/%ld  White-draw-Black %ld-%ld-%ld  %.2f games/s  ETA %.0fs",
                 s->ledger.finished, s->ngames, s->white_wins, s->draws, s->black_wins, rate, eta);
}

char *selfplay_game(PairWorker *w, const Config *cfg, const Openings *o, const Weights wt[2],
                    long i, double *busy)
{
    Position opening;
    openings_get(o, i, &opening);
    Player a, b;
    player_setup(&a, player_config(cfg, 0), w->engine[0], w->proc[0], &wt[0]);
    player_setup(&b, player_config(cfg, 1), w->engine[1], w->proc[1], &wt[1]);
    GameRecord *rec = malloc(sizeof *rec);
    if (!rec)
        return NULL;
    if (i % 2 == 0)
        game_play(&opening, &a, &b, match_config(cfg), rec);
    else
        game_play(&opening, &b, &a, match_config(cfg), rec);
    *busy = rec->search_seconds;
    GameResult g = {0};
    char *payload = pair_compact_game(rec, &g) ? pair_encode_game(&g) : NULL;
    free(g.moves);
    free(rec);
    return payload;
}

/* DistKind.play of self-play games: plays game `item`. */
static char *play_game_item(void *task, void *thread, long item, double *busy)
{
    PairTaskState *s = task;
    if (item < 0 || item >= s->per_set)
        return NULL;
    return pair_task_keep(selfplay_game(thread, &s->cfg, &s->openings, s->weights, item, busy));
}

const DistKind selfplay_games_kind = {"self-play games",    pair_task_open,        pair_task_close,
                                      pair_task_worker_new, pair_task_worker_free, play_game_item};

/* PairUnits.store: a game played now. */
static bool store_unit(void *data, long i, const char *payload, char *why, size_t len)
{
    return selfplay_store(data, i, payload, false, why, len);
}

int selfplay_play(Selfplay *s)
{
    ledger_start(&s->ledger, "selfplay: ", "games");
    /* The games come back here in completion order and are kept by index. */
    PairUnits u = {.kind = &selfplay_games_kind,
                   .task = {s->cfg, s->openings, 0, s->weights, 1, s->ngames},
                   .what = "game",
                   .done = s->ledger.done,
                   .journal = s->journal,
                   .journal_offset = s->offset,
                   .data = s,
                   .store = store_unit,
                   .progress = selfplay_progress};
    return pair_task_play_units(&u);
}

/* Stores a kept position (its trace coef, the side to move's result in half points and, with
 * scored, its search score) into t of game i and counts its label into st; false when out of
 * memory. */
static bool keep_position(Traces *t, SelfplayStats *st, long i, int result, bool scored, int score,
                          const int coef[W_NB])
{
    bool ok = scored ? traces_add_scored(t, (uint32_t)i, result, score, coef)
                     : traces_add(t, (uint32_t)i, result, coef);
    st->kept += ok;
    st->wins += ok && result == 2;
    st->draws_stm += ok && result == 1;
    st->losses += ok && result == 0;
    return ok;
}

/* sampling = margin: keeps pos (ply plies into game g of opening) when a 1-ply search agrees
 * with its static evaluation within quiet_margin, with its own trace. */
static bool sample_margin(const SelfplayConfig *sc, const Position *opening, const GameResult *g,
                          int ply, const Position *pos, const Weights *w, Engine *e, long i,
                          Traces *t, SelfplayStats *st)
{
    SearchLimits one_ply = {1, 0, 0};
    int stat = eval_evaluate(pos, w), score;
    if (stat > sc->max_eval || stat < -sc->max_eval) {
        st->lopsided++;
        return true;
    }
    engine_set_position(e, opening, g->moves, ply);
    engine_search(e, &one_ply, &score, NULL, NULL, NULL);
    if (score > SCORE_MATE_BOUND || score < -SCORE_MATE_BOUND) {
        st->mate++;
    } else if (score - stat > sc->quiet_margin || stat - score > sc->quiet_margin) {
        st->noisy++;
    } else {
        int coef[W_NB];
        eval_trace(pos, w, coef);
        return keep_position(t, st, i, position_team(pos) == WHITE ? g->result : 2 - g->result,
                             false, 0, coef);
    }
    return true;
}

/* sampling = leaf: resolves pos by the capture search and keeps the leaf of its principal
 * variation (engine_quiet_leaf): the leaf's trace from pos's side to move's view (negated
 * when the leaf's side to move is the other), the game's result and the search's score for
 * pos's side to move. Dropped: game ends and mate scores (mate), |score| > max_eval. */
static bool sample_leaf(const SelfplayConfig *sc, const Position *opening, const GameResult *g,
                        int ply, const Position *pos, const Weights *w, Engine *e, long i,
                        Traces *t, SelfplayStats *st)
{
    QuietLeaf q;
    engine_set_position(e, opening, g->moves, ply);
    if (!engine_quiet_leaf(e, &q) || q.score > SCORE_MATE_BOUND || q.score < -SCORE_MATE_BOUND) {
        st->mate++;
        return true;
    }
    if (q.score > sc->max_eval || q.score < -sc->max_eval) {
        st->lopsided++;
        return true;
    }
    int coef[W_NB];
    eval_trace(&q.leaf, w, coef);
    if (position_team(&q.leaf) != position_team(pos))
        for (int k = 0; k < W_NB; k++)
            coef[k] = -coef[k];
    st->resolved += q.nmoves > 0;
    return keep_position(t, st, i, position_team(pos) == WHITE ? g->result : 2 - g->result, true,
                         q.score, coef);
}

/* Samples the positions of game i (g, from opening i of o) into t with weights w; counts into
 * st. */
static bool sample_game(const Config *cfg, const Openings *o, const Weights *w, long i,
                        const GameResult *g, Engine *e, Traces *t, SelfplayStats *st)
{
    const SelfplayConfig *sc = selfplay_config(cfg);
    bool leaf = selfplay_config_leaf(sc);
    Position opening, pos;
    openings_get(o, i, &opening);
    pos = opening;
    Rng rng = rng_for(cfg->seed, RNG_SAMPLE, (uint64_t)i);
    engine_new_game(e);
    engine_set_weights(e, w);
    for (int ply = 0; ply < g->nmoves; ply++) {
        bool examine = rng_uniform(&rng) < sc->sample_rate;
        if (ply >= sc->skip_plies && examine) {
            st->examined++;
            if (!(leaf ? sample_leaf : sample_margin)(sc, &opening, g, ply, &pos, w, e, i, t, st))
                return false;
        }
        Undo u;
        move_do(&pos, g->moves[ply], &u);
    }
    return true;
}

Engine *selfplay_sampler_new(void) { return engine_new(SAMPLE_HASH_MB); }

/* The finished games as the extra bytes of a DIST_SAMPLE task (malloc'd; NULL when out of
 * memory): uint64 n, uint64 start[n + 1] (offsets of each game's moves), Move moves[start[n]],
 * uint8 result[n]. */
static void *games_pack(const Selfplay *s, size_t *len)
{
    uint64_t n = (uint64_t)s->ngames, total = 0;
    for (long i = 0; i < s->ngames; i++)
        total += s->games[i].nmoves;
    size_t head = (size_t)(n + 2) * sizeof(uint64_t);
    *len = head + (size_t)total * sizeof(Move) + (size_t)n;
    char *bytes = malloc(*len);
    if (!bytes)
        return NULL;
    memcpy(bytes, &n, sizeof n);
    uint64_t at = 0;
    for (long i = 0; i <= s->ngames; i++) {
        memcpy(bytes + (size_t)(i + 1) * sizeof at, &at, sizeof at);
        if (i < s->ngames) {
            memcpy(bytes + head + (size_t)at * sizeof(Move), s->games[i].moves,
                   s->games[i].nmoves * sizeof(Move));
            bytes[head + (size_t)total * sizeof(Move) + (size_t)i] = (char)s->games[i].result;
            at += s->games[i].nmoves;
        }
    }
    return bytes;
}

/* Payload of a sampled game: the counts of st, whether t has scores (0, 1), then each position
 * of t as " result [score] count (index coefficient)...". Malloc'd; NULL when out of memory. */
static char *sample_encode(const SelfplayStats *st, const Traces *t)
{
    /* " 65535 -2147483648" an entry; " 2 -2147483648 65535" a position's head. */
    size_t len = 200 + 24 * (size_t)t->n + 20 * (size_t)t->nterms;
    char *text = malloc(len);
    if (!text)
        return NULL;
    size_t k = (size_t)snprintf(text, len, "%ld %ld %ld %ld %ld %ld %ld %ld %ld %d", st->examined,
                                st->kept, st->noisy, st->mate, st->lopsided, st->wins,
                                st->draws_stm, st->losses, st->resolved, t->scored);
    for (long p = 0; p < t->n; p++) {
        k += (size_t)snprintf(text + k, len - k, " %d", t->result[p]);
        if (t->scored)
            k += (size_t)snprintf(text + k, len - k, " %d", t->score[p]);
        k += (size_t)snprintf(text + k, len - k, " %d", (int)(t->start[p + 1] - t->start[p]));
        for (uint64_t e = t->start[p]; e < t->start[p + 1]; e++)
            k += (size_t)snprintf(text + k, len - k, " %d %d", t->index[e], t->coef[e]);
    }
    return text;
}

/* Parses a sampled game's payload into st and t (positions of game i); false when malformed
 * or out of memory. */
static bool sample_decode(const char *text, long i, SelfplayStats *st, Traces *t)
{
    long scored,
        *counts[] = {&st->examined, &st->kept,      &st->noisy,  &st->mate,     &st->lopsided,
                     &st->wins,     &st->draws_stm, &st->losses, &st->resolved, &scored};
    char *end;
    const char *p = text;
    for (size_t k = 0; k < sizeof counts / sizeof counts[0]; k++, p = end)
        if ((*counts[k] = strtol(p, &end, 10)) < 0 || end == p)
            return false;
    for (long n = 0; n < st->kept; n++) {
        int coef[W_NB] = {0};
        long result = strtol(p, &end, 10), count, score = 0;
        if (end == p || result < 0 || result > 2)
            return false;
        p = end;
        if (scored && ((score = strtol(p, &end, 10)) < INT32_MIN || score > INT32_MAX || end == p))
            return false;
        p = end;
        count = strtol(p, &end, 10);
        if (end == p || count < 0 || count > W_NB)
            return false;
        for (long e = 0; e < count; e++) {
            p = end;
            long index = strtol(p, &end, 10);
            if (end == p || index < 0 || index >= W_NB)
                return false;
            p = end;
            coef[index] = (int)strtol(p, &end, 10);
            if (end == p)
                return false;
        }
        p = end;
        if (scored ? !traces_add_scored(t, (uint32_t)i, (int)result, (int)score, coef)
                   : !traces_add(t, (uint32_t)i, (int)result, coef))
            return false;
    }
    while (*p == ' ')
        p++;
    return *p == '\0';
}

char *selfplay_sample_unit(Engine *e, const Config *cfg, const Openings *o, const Weights *w,
                           const void *games, size_t len, long i)
{
    const char *bytes = games;
    uint64_t n, start[2];
    if (len < sizeof n)
        return NULL;
    memcpy(&n, bytes, sizeof n);
    if (n > len) /* every game takes at least its result byte */
        return NULL;
    size_t head = ((size_t)n + 2) * sizeof(uint64_t);
    if (i < 0 || (uint64_t)i >= n || len < head)
        return NULL;
    memcpy(start, bytes + (size_t)(i + 1) * sizeof n, sizeof start);
    uint64_t total;
    memcpy(&total, bytes + (size_t)(n + 1) * sizeof n, sizeof total);
    if (start[0] > start[1] || start[1] > total || start[1] - start[0] > GAME_MAX_PLIES ||
        len != head + (size_t)total * sizeof(Move) + (size_t)n)
        return NULL;
    uint64_t nmoves = start[1] - start[0];
    GameResult g = {(uint8_t)bytes[head + (size_t)total * sizeof(Move) + (size_t)i], 0,
                    (uint16_t)nmoves, malloc((size_t)(nmoves + 1) * sizeof(Move))};
    if (!g.moves || g.result > 2) {
        free(g.moves);
        return NULL;
    }
    memcpy(g.moves, bytes + head + (size_t)start[0] * sizeof(Move), g.nmoves * sizeof(Move));
    Traces t;
    traces_init(&t);
    SelfplayStats st;
    memset(&st, 0, sizeof st);
    char *payload = sample_game(cfg, o, w, i, &g, e, &t, &st) ? sample_encode(&st, &t) : NULL;
    traces_free(&t);
    free(g.moves);
    return payload;
}

/* The sampling of a Selfplay: each game's positions and counts, by game. */
typedef struct Sampling {
    Traces *per_game;
    SelfplayStats *per_stats;
    bool *done;
} Sampling;

/* DistKind.thread_new of the sampling: the engine of the quietness searches. */
static void *sampler_new(void *task)
{
    (void)task;
    return selfplay_sampler_new();
}

/* DistKind.thread_free of the sampling. */
static void sampler_free(void *thread) { engine_free(thread); }

/* DistKind.play of the sampling: samples the positions of game `item` of the extra bytes. */
static char *play_sample_item(void *task, void *thread, long item, double *busy)
{
    PairTaskState *s = task;
    *busy = 0;
    if (item < 0 || item >= s->per_set)
        return NULL;
    return selfplay_sample_unit(thread, &s->cfg, &s->openings, &s->weights[0], s->extra,
                                s->extra_len, item);
}

const DistKind selfplay_sample_kind = {"position sampling", pair_task_open, pair_task_close,
                                       sampler_new,         sampler_free,   play_sample_item};

/* PairUnits.store: a sampled game (prints its own message). */
static bool store_sample(void *data, long i, const char *payload, char *why, size_t len)
{
    (void)why;
    (void)len;
    Sampling *sm = data;
    if (!sample_decode(payload, i, &sm->per_stats[i], &sm->per_game[i])) {
        fprintf(stderr, "maxtune: the sampled positions of game %ld are malformed\n", i);
        return false;
    }
    sm->done[i] = true;
    return true;
}

bool selfplay_sample(Selfplay *s, Traces *t, SelfplayStats *st, char *err, size_t errlen)
{
    memset(st, 0, sizeof *st);
    st->leaf = selfplay_config_leaf(selfplay_config(s->cfg));
    traces_free(t);
    Sampling sm = {calloc((size_t)s->ngames, sizeof *sm.per_game),
                   calloc((size_t)s->ngames, sizeof *sm.per_stats),
                   calloc((size_t)s->ngames, sizeof *sm.done)};
    Traces *per_game = sm.per_game;
    SelfplayStats *per_stats = sm.per_stats;
    size_t len = 0;
    void *games = games_pack(s, &len);
    bool failed = !per_game || !per_stats || !sm.done || !games;
    /* Games are sampled wherever dist puts them (threads, MPI ranks) and come back by index. */
    if (!failed) {
        PairUnits u = {.kind = &selfplay_sample_kind,
                       .task = {s->cfg, s->openings, 0, s->weights, 1, s->ngames},
                       .extra = games,
                       .extra_len = len,
                       .what = "sampling of positions",
                       .done = sm.done,
                       .data = &sm,
                       .store = store_sample};
        failed = pair_task_play_units(&u) != 0;
    }
    free(games);
    free(sm.done);
    /* Combine in game order: the result does not depend on which thread sampled what. */
    for (long i = 0; i < s->ngames && !failed; i++) {
        const SelfplayStats *p = &per_stats[i];
        const GameResult *g = &s->games[i];
        failed = !traces_append(t, &per_game[i]);
        st->games++;
        st->plies += g->nmoves;
        st->white_wins += g->result == 2;
        st->draws += g->result == 1;
        st->black_wins += g->result == 0;
        st->term[g->term]++;
        st->examined += p->examined;
        st->kept += p->kept;
        st->noisy += p->noisy;
        st->mate += p->mate;
        st->lopsided += p->lopsided;
        st->resolved += p->resolved;
        st->wins += p->wins;
        st->draws_stm += p->draws_stm;
        st->losses += p->losses;
    }
    for (long i = 0; per_game && i < s->ngames; i++)
        traces_free(&per_game[i]);
    free(per_game);
    free(per_stats);
    if (failed)
        snprintf(err, errlen, "out of memory while sampling positions");
    return !failed;
}

bool selfplay_write_pgn(FILE *out, void *data)
{
    Selfplay *s = data;
    const Config *cfg = s->cfg;
    for (long i = 0; i < s->ngames; i++) {
        Position opening;
        openings_get(s->openings, i, &opening);
        char round[32];
        snprintf(round, sizeof round, "%ld", i + 1);
        const char *a = player_config(cfg, 0)->name, *b = player_config(cfg, 1)->name;
        const GameResult *g = &s->games[i];
        pgn_write_game(out, cfg->name, round, i % 2 ? b : a, i % 2 ? a : b, &opening, g->moves,
                       g->nmoves, g->result, (Termination)g->term);
    }
    return true;
}

bool selfplay_write_traces(FILE *out, void *data) { return traces_write(data, out); }

void selfplay_write_json(FILE *out, const SelfplayStats *st, const Traces *t)
{
    fprintf(out,
            "{\"games\": %ld, \"plies\": %ld, \"white_wins\": %ld, \"draws\": %ld, "
            "\"black_wins\": %ld, \"terminations\": {",
            st->games, st->plies, st->white_wins, st->draws, st->black_wins);
    for (int k = 0; k < TERM_NB; k++)
        fprintf(out, "%s\"%s\": %ld", k ? ", " : "", game_termination_name((Termination)k),
                st->term[k]);
    fprintf(out,
            "}, \"examined\": %ld, \"kept\": %ld, \"dropped_noisy\": %ld, "
            "\"dropped_mate\": %ld, \"dropped_lopsided\": %ld, \"positions\": %ld, "
            "\"entries\": %ld, \"position_results\": [%ld, %ld, %ld]",
            st->examined, st->kept, st->noisy, st->mate, st->lopsided, t->n, t->nterms, st->losses,
            st->draws_stm, st->wins);
    if (st->leaf) /* sampling = leaf only: the other runs' summaries stay as they were */
        fprintf(out, ", \"sampling\": \"leaf\", \"resolved\": %ld", st->resolved);
    fputc('}', out);
}
