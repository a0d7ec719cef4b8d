/* fixtures.c: set-ups shared by the cmocka suites (see fixtures.h). */
#include "fixtures.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <stdlib.h>

#include "tune/jobs/catalog.h"
#include "tune/run/config.h"
#include "tune/play/match_config.h"

const char *const fixtures_midgame[FIXTURES_MIDGAME_NB] = {
    "xxx2xxx/1g1qk1g1/1bnmrnb1/dppppppd/8/4P3/8/DPPP1PPD/1BNMRN1B/1G1QK1G1/xxx2xxx w 4",
    "xxx1qxxx/1g2krg1/b1nm1nb1/dpppp1p1/4P1d1/2R2p2/1P4D1/D1PP1P2/1BNM1NB1/1G1QK1G1/xxx2xxx w 12",
    "xxx2xxx/2gqk1gb/1bnmr3/Nppp1pnd/4p3/5Pp1/4PM2/DPP2PPD/2N1R2B/BG1QK1G1/xxx2xxx w 16",
    "xxx2xxx/2pqn1b1/1bk1rn1g/dp1p1ppd/3Q4/mRg1p1P1/1M4P1/DP2PP1D/1B1N3N/1G2K1GB/xxx2xxx b 23",
    "xxx2xxx/1g1qkng1/1bnmr3/1ppp1ppP/d7/3Dbd2/3p4/3PPPPD/GPNMRNB1/3QKG2/xxxB1xxx b 31",
    "xxx2xxx/1g1qkn1b/2b1rgd1/d1ppp1p1/1n3N2/D3P3/4m2D/B1PP3P/MPK1R3/1GN1Q1G1/xxx1Bxxx b 47",
};

MatchCounts fixtures_counts_from_penta(const long p[5])
{
    MatchCounts mc = {0};
    static const double r1[5] = {0.0, 0.5, 0.5, 1.0, 1.0};
    static const double r2[5] = {0.0, 0.0, 0.5, 0.5, 1.0};
    for (int i = 0; i < 5; i++)
        for (long k = 0; k < p[i]; k++)
            stats_add_pair(&mc, r1[i], r2[i]);
    return mc;
}

GameSetup *fixtures_game_setup(int depth, long repetition, long max_plies)
{
    GameSetup *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    Config cfg;
    catalog_register(); /* the config's sections */
    config_defaults(&cfg);
    s->mc = *match_config(&cfg);
    s->mc.repetition = repetition;
    s->mc.max_plies = max_plies;
    s->mc.draw_move_count = 0;
    s->mc.resign_move_count = 0;
    weights_default(&s->weights);
    for (int c = 0; c < 2; c++)
        if (!(s->engine[c] = engine_new(1))) {
            fixtures_game_free(s);
            return NULL;
        }
    s->white = (Player){.engine = s->engine[0], .weights = &s->weights, .limits = {depth, 0, 0}};
    s->black = (Player){.engine = s->engine[1], .weights = &s->weights, .limits = {depth, 0, 0}};
    return s;
}

void fixtures_game_free(GameSetup *s)
{
    if (!s)
        return;
    engine_free(s->engine[0]);
    engine_free(s->engine[1]);
    free(s);
}

bool fixtures_same_position(const Position *a, const Position *b)
{
    return memcmp(a->board, b->board, sizeof a->board) == 0 &&
           memcmp(a->by_color, b->by_color, sizeof a->by_color) == 0 &&
           memcmp(a->by_type, b->by_type, sizeof a->by_type) == 0 &&
           memcmp(a->line_occ, b->line_occ, sizeof a->line_occ) == 0 &&
           memcmp(a->king, b->king, sizeof a->king) == 0 && a->side == b->side &&
           a->plies == b->plies && a->key == b->key && a->variant == b->variant &&
           memcmp(a->score, b->score, sizeof a->score) == 0 && a->last_from == b->last_from &&
           a->last_to == b->last_to && a->clock == b->clock;
}

const char *fixtures_save_traces(const Traces *t, const char *name)
{
    static char path[96];
    snprintf(path, sizeof path, "/tmp/%.40s.XXXXXX", name);
    int fd = mkstemp(path);
    FILE *f = fd >= 0 ? fdopen(fd, "wb") : NULL;
    if (!f) {
        if (fd >= 0)
            close(fd);
        return NULL;
    }
    bool ok = traces_write(t, f);
    return fclose(f) == 0 && ok ? path : NULL;
}

double fixtures_numeric_gradient(Fit *f, double *theta, int j, double h)
{
    double save = theta[j];
    theta[j] = save + h;
    double up = fit_loss(f, theta, NULL);
    theta[j] = save - h;
    double down = fit_loss(f, theta, NULL);
    theta[j] = save;
    return (up - down) / (2 * h);
}

int fixtures_quarter_turn(int sq)
{
    int file = sq_file(sq), row = sq_rank(sq) - 1;
    return sq_make(row, 8 - file);
}

void fixtures_position_quarter_turn(const Position *pos, Position *out)
{
    const Variant *v = pos->variant;
    position_clear(out, v);
    for (int sq = 0; sq < SQ_NB; sq++)
        if (piece_is_piece(pos->board[sq])) {
            int to = fixtures_quarter_turn(sq);
            position_put(out, to, variant_zone_piece(v, to, piece_type(pos->board[sq])));
        }
    out->side = v->next[pos->side];
    out->plies = pos->plies;
    out->score[WHITE] = pos->score[BLACK];
    out->score[BLACK] = pos->score[WHITE];
    out->clock = pos->clock;
    out->key = position_compute_key(out);
}
