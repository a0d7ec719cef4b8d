/* datagen.c: the datagen job's games, their journal text and the filtered positions (see
 * datagen.h). */
#include "datagen.h"

#include <stdlib.h>
#include <string.h>

#include "core/attack.h"
#include "core/makemove.h"
#include "search/clock.h"
#include "tune/jobs/datagen/datagen_config.h"
#include "tune/play/ledger.h"
#include "tune/play/match_config.h"
#include "tune/play/pair_task.h"
#include "tune/play/pairs.h"
#include "tune/play/pgn.h"
#include "tune/play/player_config.h"
#include "tune/play/players.h"
#include "tune/stats/packed.h"

struct Datagen {
    const Config *cfg;
    const Openings *openings;
    Journal *journal;
    Weights weights[2]; /* [engine_a]'s, twice (a pair task's two players) */
    long ngames;
    DatagenGame *games;
    bool *resumed; /* game i came from the journal */
    Ledger ledger;
    long white_wins, draws, black_wins;
    long kept;         /* positions the stored games keep (the progress line) */
    long kept_now;     /* ... of the games played now */
    double start, end; /* the games' clock (clock_now) */
};

char *datagen_encode_game(const DatagenGame *g)
{
    /* " ffff" a move, " -32000" a score */
    size_t len = 32 + 13 * (size_t)g->nmoves;
    char *s = malloc(len);
    if (!s)
        return NULL;
    size_t k = (size_t)snprintf(s, len, "%d %d %d", g->result, g->term, g->nmoves);
    for (int i = 0; i < g->nmoves; i++)
        k += (size_t)snprintf(s + k, len - k, " %x", g->moves[i]);
    for (int i = 0; i < g->nmoves; i++)
        k += (size_t)snprintf(s + k, len - k, " %d", g->score[i]);
    return s;
}

/* The value of digit c in base 10 or 16 (lower case), or -1. */
static int digit(char c, int base)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (base == 16 && c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    return -1;
}

/* Reads the field at *p into *out: after the first field exactly one space, then (base 10) an
 * optional '-' and digits, or (base 16) lower-case hex digits; no leading zero, no "-0", at most
 * 8 digits, followed by a space or the end, within [lo, hi]. False when not. */
static bool field(const char **p, bool first, int base, long lo, long hi, long *out)
{
    const char *s = *p;
    if (!first && *s++ != ' ')
        return false;
    bool neg = base == 10 && *s == '-';
    s += neg;
    const char *digits = s;
    long v = 0;
    for (int d; (d = digit(*s, base)) >= 0; s++) {
        if (s - digits == 8)
            return false;
        v = v * base + d;
    }
    if (s == digits || (*digits == '0' && s - digits > 1) || (neg && v == 0) ||
        (*s != ' ' && *s != '\0'))
        return false;
    v = neg ? -v : v;
    if (v < lo || v > hi)
        return false;
    *out = v;
    *p = s;
    return true;
}

void datagen_game_free(DatagenGame *g)
{
    free(g->moves);
    free(g->score);
    memset(g, 0, sizeof *g);
}

bool datagen_decode_game(const char *text, DatagenGame *g, char *why, size_t len)
{
    memset(g, 0, sizeof *g);
    const char *p = text;
    long result, term, n, v;
    if (!field(&p, true, 10, 0, 2, &result) || !field(&p, false, 10, 0, TERM_NB - 1, &term) ||
        !field(&p, false, 10, 0, GAME_MAX_PLIES, &n)) {
        snprintf(why, len, "bad result, termination or move count");
        return false;
    }
    g->result = (uint8_t)result;
    g->term = (uint8_t)term;
    g->nmoves = (uint16_t)n;
    g->moves = malloc(((size_t)n + 1) * sizeof *g->moves);
    g->score = malloc(((size_t)n + 1) * sizeof *g->score);
    if (!g->moves || !g->score) {
        datagen_game_free(g);
        snprintf(why, len, "out of memory");
        return false;
    }
    const char *bad = NULL;
    for (long i = 0; i < n && !bad; i++) {
        bad = field(&p, false, 16, 1, 0xFFFF, &v) ? NULL : "bad move field";
        g->moves[i] = (Move)v;
    }
    for (long i = 0; i < n && !bad; i++) {
        bad = field(&p, false, 10, -32000, 32000, &v) ? NULL : "bad score field";
        g->score[i] = (int16_t)v;
    }
    if (!bad && *p)
        bad = "trailing data";
    if (bad) {
        datagen_game_free(g);
        snprintf(why, len, "%s", bad);
        return false;
    }
    return true;
}

Datagen *datagen_new(const Config *cfg, const Openings *o, Journal *journal, char *err,
                     size_t errlen)
{
    Datagen *d = calloc(1, sizeof *d);
    if (!d) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    d->cfg = cfg;
    d->openings = o;
    d->journal = journal;
    d->ngames = datagen_config(cfg)->games;
    if (!player_weights(cfg, 0, &d->weights[0], err, errlen)) {
        free(d);
        return NULL;
    }
    d->weights[1] = d->weights[0];
    d->games = calloc((size_t)d->ngames, sizeof *d->games);
    d->resumed = calloc((size_t)d->ngames, sizeof *d->resumed);
    if (!ledger_init(&d->ledger, d->ngames) || !d->games || !d->resumed) {
        datagen_free(d);
        snprintf(err, errlen, "out of memory for %ld games", datagen_config(cfg)->games);
        return NULL;
    }
    return d;
}

void datagen_free(Datagen *d)
{
    if (!d)
        return;
    for (long i = 0; d->games && i < d->ngames; i++)
        datagen_game_free(&d->games[i]);
    free(d->games);
    free(d->resumed);
    ledger_free(&d->ledger);
    free(d);
}

/* Whether move m of pos captures: a zoned game's move onto a piece that does not merge (as the
 * search orders them), else a move with captures (move_captures). */
static bool is_capture(const Position *pos, Move m)
{
    if (pos->zoned)
        return !(m & MOVE_MERGE) && pos->board[move_to(m)] != EMPTY;
    Square caps[MAX_CAPTURES];
    return move_captures(pos, m, caps) > 0;
}

/* The histogram bucket of a score. */
static int bucket(int score)
{
    int b = (score - DATAGEN_HIST_LOW) / DATAGEN_HIST_STEP;
    if (score < DATAGEN_HIST_LOW)
        b = 0;
    return b < 0 ? 0 : b >= DATAGEN_HIST_BUCKETS ? DATAGEN_HIST_BUCKETS - 1 : b;
}

/* Replays game i, filtering its positions: counts them into st and, with w, writes the kept
 * ones. False on a write error. */
static bool scan_game(const Datagen *d, long i, DatagenStats *st, PackedWriter *w)
{
    const DatagenConfig *dc = datagen_config(d->cfg);
    const DatagenGame *g = &d->games[i];
    Position pos;
    openings_get(d->openings, i, &pos);
    st->games++;
    st->plies += g->nmoves;
    st->white_wins += g->result == 2;
    st->draws += g->result == 1;
    st->black_wins += g->result == 0;
    st->term[g->term]++;
    for (int k = 0; k < g->nmoves; k++) {
        Move m = g->moves[k];
        int score = g->score[k];
        int abs_score = score < 0 ? -score : score;
        bool check = pos.variant->kings && attack_king_attacked(&pos, pos.side);
        bool capture = is_capture(&pos, m);
        st->positions++;
        if (k < dc->skip_plies) {
            st->opening++;
        } else if (abs_score > SCORE_MATE_BOUND) {
            st->decided++;
        } else if (abs_score > dc->max_score) {
            st->lopsided++;
        } else if (check && dc->skip_check) {
            st->check++;
        } else if (capture && dc->skip_captures) {
            st->capture++;
        } else {
            int result = position_team(&pos) == WHITE ? g->result : 2 - g->result;
            PackedLabel label = {score, result,
                                 (check ? PACKED_CHECK : 0u) | (capture ? PACKED_CAPTURE : 0u),
                                 (uint32_t)i};
            st->kept++;
            st->kept_check += check;
            st->kept_capture += capture;
            st->wins += result == 2;
            st->draws_stm += result == 1;
            st->losses += result == 0;
            st->hist[bucket(score)][result]++;
            if (w) {
                PackedPos r;
                if (!packed_encode(&pos, &label, &r) || !packed_writer_add(w, &r))
                    return false;
            }
        }
        Undo u;
        move_do(&pos, m, &u);
    }
    return true;
}

/* Counts a game stored now into the running totals. */
static void count_game(Datagen *d, long i, bool resumed)
{
    const DatagenGame *g = &d->games[i];
    d->white_wins += g->result == 2;
    d->draws += g->result == 1;
    d->black_wins += g->result == 0;
    DatagenStats st;
    memset(&st, 0, sizeof st);
    scan_game(d, i, &st, NULL);
    d->kept += st.kept;
    if (!resumed)
        d->kept_now += st.kept;
}

/* Stores game `index` from its journal payload after replaying it; false with a reason. */
static bool datagen_store(Datagen *d, long index, const char *payload, bool resumed, char *why,
                          size_t len)
{
    if (!ledger_can_store(&d->ledger, index, "game index %ld out of range",
                          "game %ld recorded twice", why, len))
        return false;
    DatagenGame g;
    if (!datagen_decode_game(payload, &g, why, len))
        return false;
    Position opening;
    openings_get(d->openings, index, &opening);
    GameResult view = {g.result, g.term, g.nmoves, g.moves};
    int ply = pair_game_replay(&view, &opening);
    if (ply) {
        snprintf(why, len, "ply %d: bad or illegal move", ply);
        datagen_game_free(&g);
        return false;
    }
    d->games[index] = g;
    d->resumed[index] = resumed;
    ledger_store(&d->ledger, index, resumed);
    count_game(d, index, resumed);
    return true;
}

bool datagen_record(Datagen *d, long index, const char *payload, char *why, size_t len)
{
    return datagen_store(d, index, payload, true, why, len);
}

/* The progress line (PairUnits.progress): redrawn in place on a terminal, every 10 s
 * otherwise. */
static void datagen_progress(void *data, bool final)
{
    Datagen *d = data;
    bool tty;
    if (!ledger_line_due(&d->ledger, final, &tty))
        return;
    double rate, eta;
    ledger_speed(&d->ledger, 1.0, (double)(d->ngames - d->ledger.finished), &rate, &eta);
    double elapsed = clock_now() - d->ledger.start;
    ledger_print(tty, final,
                 "datagen: games %ld/%ld  White-draw-Black %ld-%ld-%ld  positions %ld  "
                 "%.0f positions/s  %.2f games/s  ETA %.0fs",
                 d->ledger.finished, d->ngames, d->white_wins, d->draws, d->black_wins, d->kept,
                 elapsed > 0 ? d->kept_now / elapsed : 0, rate, eta);
}

/* Plays game i with worker w: [engine_a]'s limits and weights wt for both sides, on the
 * worker's first engine. Returns its journal payload (malloc'd) or NULL when out of memory. */
static char *datagen_game(PairWorker *w, const Config *cfg, const Openings *o, const Weights *wt,
                          long i, double *busy)
{
    Position opening;
    openings_get(o, i, &opening);
    Player a;
    player_setup(&a, player_config(cfg, 0), w->engine[0], NULL, wt);
    GameRecord *rec = malloc(sizeof *rec);
    if (!rec)
        return NULL;
    game_play(&opening, &a, &a, match_config(cfg), rec);
    *busy = rec->search_seconds;
    DatagenGame g = {(uint8_t)rec->result, (uint8_t)rec->term, (uint16_t)rec->nmoves, rec->moves,
                     rec->score};
    char *payload = datagen_encode_game(&g);
    free(rec);
    return payload;
}

/* DistKind.play of datagen games: plays game `item`. */
static char *play_game_item(void *task, void *thread, long item, double *busy)
{
    PairTaskState *s = task;
    if (item < 0 || item >= s->per_set)
        return NULL;
    return pair_task_keep(datagen_game(thread, &s->cfg, &s->openings, &s->weights[0], item, busy));
}

const DistKind datagen_games_kind = {"datagen games",      pair_task_open,        pair_task_close,
                                     pair_task_worker_new, pair_task_worker_free, play_game_item};

/* PairUnits.store: a game played now. */
static bool store_unit(void *data, long i, const char *payload, char *why, size_t len)
{
    return datagen_store(data, i, payload, false, why, len);
}

int datagen_play(Datagen *d)
{
    ledger_start(&d->ledger, "datagen: ", "games");
    d->start = d->ledger.start;
    PairUnits u = {.kind = &datagen_games_kind,
                   .task = {d->cfg, d->openings, 0, d->weights, 1, d->ngames},
                   .what = "game",
                   .done = d->ledger.done,
                   .journal = d->journal,
                   .journal_offset = 0,
                   .data = d,
                   .store = store_unit,
                   .progress = datagen_progress};
    int status = pair_task_play_units(&u);
    d->end = clock_now();
    return status;
}

void datagen_count(const Datagen *d, DatagenStats *st)
{
    memset(st, 0, sizeof *st);
    for (long i = 0; i < d->ngames; i++)
        scan_game(d, i, st, NULL);
}

void datagen_timing(const Datagen *d, double *seconds, long *games_now, long *kept_now)
{
    *seconds = d->end - d->start;
    *games_now = d->ngames - d->ledger.resumed;
    *kept_now = d->kept_now;
}

bool datagen_write_positions(FILE *out, void *data)
{
    const Datagen *d = data;
    DatagenStats st;
    datagen_count(d, &st);
    PackedWriter w;
    if (!packed_writer_start(&w, out, config_variant(d->cfg), (uint64_t)st.kept))
        return false;
    memset(&st, 0, sizeof st);
    for (long i = 0; i < d->ngames; i++)
        if (!scan_game(d, i, &st, &w))
            return false;
    return packed_writer_finish(&w);
}

bool datagen_write_pgn(FILE *out, void *data)
{
    const Datagen *d = data;
    const char *name = player_config(d->cfg, 0)->name;
    for (long i = 0; i < d->ngames; i++) {
        Position opening;
        openings_get(d->openings, i, &opening);
        char round[32];
        snprintf(round, sizeof round, "%ld", i + 1);
        const DatagenGame *g = &d->games[i];
        pgn_write_game(out, d->cfg->name, round, name, name, &opening, g->moves, g->nmoves,
                       g->result, (Termination)g->term);
    }
    return true;
}
