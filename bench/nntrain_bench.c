/* nntrain_bench.c: the network trainer's speed (tune/stats/nntrain.c).
 *
 *   nntrain_bench [POSITIONS] [HIDDEN] [EPOCHS]
 *
 * Draws POSITIONS (1000000) positions from random Maxima playouts (a third of the positions
 * after ply 4, labelled with a material count), then trains a network of HIDDEN (256) units a
 * view for EPOCHS (1) epochs, batches of 16384, with 1 thread and with every thread
 * (omp_get_max_threads), and prints the trained positions/s of each epoch, per thread, and per
 * second of the process's CPU time (a fairer figure on a machine shared with other work; run
 * with OMP_WAIT_POLICY=passive so that waiting threads do not count). */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "core/fen.h"
#include "core/gamestate.h"
#include "core/makemove.h"
#include "core/movegen.h"
#include "core/position.h"
#include "tune/stats/nntrain.h"
#include "tune/stats/rng.h"

static const int VALUE[TYPE_NB] = {0, 100, 300, 350, 250, 400, 300, 450, 200, 0};

/* Random playout positions into rec[0..n). */
static void draw(const Variant *v, PackedPos *rec, long n)
{
    Move moves[MAX_MOVES];
    char err[256];
    long k = 0;
    for (uint32_t game = 0; k < n; game++) {
        Position pos;
        if (!fen_parse_variant(&pos, "start", v, err, sizeof err)) {
            fprintf(stderr, "%s\n", err);
            exit(1);
        }
        Rng rng = rng_for(11, RNG_SYNTHETIC, game);
        for (int ply = 0; ply < 200 && k < n; ply++) {
            int nm = movegen_legal(&pos, moves);
            if (gamestate_from_count(&pos, nm) != GAME_ONGOING)
                break;
            if (ply >= 4 && rng_below(&rng, 3) == 0) {
                int s = 0, us = position_team(&pos);
                for (int sq = 0; sq < SQ_NB; sq++)
                    if (piece_is_piece(pos.board[sq]))
                        s += (piece_color(pos.board[sq]) == us ? 1 : -1) *
                             VALUE[piece_type(pos.board[sq])];
                PackedLabel l = {.score = s, .result = 1 + (s > 0) - (s < 0), .game = game};
                if (!packed_encode(&pos, &l, &rec[k++]))
                    k--;
            }
            Undo u;
            move_do(&pos, moves[rng_below(&rng, (uint64_t)nm)], &u);
        }
    }
}

typedef struct Run {
    int threads;
    long positions; /* trained an epoch */
    double cpu;     /* process CPU seconds at the last epoch's end */
} Run;

/* The process's CPU seconds (all threads). */
static double cpu_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static bool report(const NnEpoch *e, void *data)
{
    Run *r = data;
    double cpu = cpu_seconds();
    printf("threads %d epoch %d: %.0f positions/s (%.0f per thread; %.0f per CPU second, "
           "validation included), train loss %.6f, validation %.6f, %.1f s\n",
           r->threads, e->epoch, e->positions_s, e->positions_s / r->threads,
           (double)r->positions / (cpu - r->cpu), e->train_loss, e->valid_loss, e->seconds);
    r->cpu = cpu;
    fflush(stdout);
    return true;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000000;
    int hidden = argc > 2 ? atoi(argv[2]) : 256;
    int epochs = argc > 3 ? atoi(argv[3]) : 1;
    core_init();
    const Variant *v = variant_find("maxima");
    PackedSet set = {.variant = v, .n = n, .rec = malloc(sizeof(PackedPos) * (size_t)n)};
    if (n < 1000 || !set.rec) {
        fprintf(stderr, "usage: nntrain_bench [POSITIONS >= 1000] [HIDDEN] [EPOCHS]\n");
        return 1;
    }
    double t0 = omp_get_wtime();
    draw(v, set.rec, n);
    printf("%ld random Maxima positions drawn in %.1f s; hidden %d, batch 16384\n", n,
           omp_get_wtime() - t0, hidden);
    int most = omp_get_max_threads();
    for (int threads = 1; threads <= most; threads = threads == most ? most + 1 : most) {
        NnConfig cfg;
        nn_config_default(&cfg);
        cfg.hidden = hidden;
        cfg.epochs = epochs;
        cfg.validation = 0.01;
        cfg.threads = threads;
        char err[256];
        NnTrainer *t = nn_trainer_new(&set, &cfg, err, sizeof err);
        if (!t) {
            fprintf(stderr, "%s\n", err);
            return 1;
        }
        Run r = {threads, nn_trainer_train_count(t), cpu_seconds()};
        nn_train(t, report, &r);
        nn_trainer_free(t);
    }
    free(set.rec);
    return 0;
}
