/* eval.c: feature extraction. One pass over the pieces of both sides counts material,
 * mobility, palace threats, freezing and King pressure. Everything is symmetric under
 * mirroring the board (ranks flipped, colours swapped), which the tests check. */
#include "eval.h"

#include "core/attack.h"

static Bitboard zone2[SQ_NB];      /* squares within two King steps, the square excluded */
static Bitboard king_jumps[SQ_NB]; /* the King's jump targets (cylinder) */
/* Closeness to the enemy palace, 10 - distance (0..10), in bit planes: bit b of a square's
 * closeness for colour c is set when the square is in close_plane[c][b]. */
enum { CLOSE_BITS = 4 };
static Bitboard close_plane[COLOR_NB][CLOSE_BITS];
static Bitboard enemy_palace[COLOR_NB]; /* the palace a colour attacks */
static bool eval_ready;

/* Chebyshev distance between two squares. */
static int distance(int a, int b)
{
    int df = sq_file(a) - sq_file(b), dr = sq_rank(a) - sq_rank(b);
    df = df < 0 ? -df : df;
    dr = dr < 0 ? -dr : dr;
    return df > dr ? df : dr;
}

void eval_init(void)
{
    if (eval_ready)
        return;
    for (int c = 0; c < COLOR_NB; c++)
        enemy_palace[c] = bb_square(geo.palace[!c][PALACE_D]) | bb_square(geo.palace[!c][PALACE_E]);
    for (int a = 0; a < SQ_NB; a++) {
        if (!geo.real[a])
            continue;
        for (int b = 0; b < SQ_NB; b++)
            if (geo.real[b] && a != b && distance(a, b) <= 2)
                zone2[a] |= bb_square(b);
        for (int j = 0; j < geo.king_jump_nb[a]; j++)
            king_jumps[a] |= bb_square(geo.king_jump[a][j]);
        for (int c = 0; c < COLOR_NB; c++) {
            int d1 = distance(a, geo.palace[!c][PALACE_D]),
                d2 = distance(a, geo.palace[!c][PALACE_E]);
            int close = 10 - (d1 < d2 ? d1 : d2);
            for (int b = 0; b < CLOSE_BITS; b++)
                if (close & (1 << b))
                    close_plane[c][b] |= bb_square(a);
        }
    }
    eval_ready = true;
}

/* Per-side scan of one piece's moves: how many, and whether one ends on the enemy palace. */
typedef struct Reach {
    int moves;
    bool palace;
} Reach;

/* The first piece on the line from sq in direction d (NO_SQ if none), from the occupancy. */
static inline int first_blocker(int sq, int d, Bitboard occupied)
{
    Bitboard blockers = geo.ray[sq][d] & occupied;
    if (!blockers)
        return NO_SQ;
    return dir_is_increasing(d) ? bb_lsb(blockers) : bb_msb(blockers);
}

/* Counts Mage moves: diagonal step, then outward slides, landing captures included. */
static void count_mage(const Position *pos, int from, Bitboard enemy, Bitboard target, Reach *r)
{
    Bitboard occupied = position_occupied(pos);
    for (int diag = 1; diag < DIR_NB; diag += 2) {
        int s = geo.step[from][diag];
        if (pos->board[s] != EMPTY) {
            if (enemy & bb_square(s)) {
                r->moves++;
                r->palace |= (target & bb_square(s)) != 0;
            }
            continue;
        }
        Bitboard to = bb_square(s);
        for (int k = 0; k < 2; k++) {
            int o = (diag + (k ? 1 : 7)) & 7;
            to |= geo_slide(s, o, occupied);
            int b = first_blocker(s, o, occupied);
            if (b != NO_SQ && (enemy & bb_square(b)))
                to |= bb_square(b);
        }
        r->moves += bb_popcount(to);
        r->palace |= (to & target) != 0;
    }
}

/* Slider mobility of one type: the empty squares each piece reaches along its lines (rook lines
 * when norient is 2, queen lines when 4), looked up from the line occupancies. */
static int count_sliders(const Position *pos, Bitboard pieces, int norient)
{
    int moves = 0;
    while (pieces) {
        int sq = bb_pop(&pieces);
        for (int o = 0; o < norient; o++)
            moves += geo_line_moves(sq, o, pos->line_occ[o]);
    }
    return moves;
}

/* Sliders of `sliders` (own, unfrozen) that can move onto an empty square of `target`: walks
 * back from each such square along every line to the first piece. Pincers move on rook lines
 * only. Pieces already standing on the target squares do not count. */
static int count_palace_sliders(const Position *pos, Bitboard sliders, Bitboard target)
{
    Bitboard reachers = 0, rook_only = pos->by_type[PINCER];
    Bitboard empty_targets = target & ~position_occupied(pos);
    while (empty_targets) {
        int t = bb_pop(&empty_targets);
        for (int d = 0; d < DIR_NB; d++) {
            int s = first_blocker(t, d, position_occupied(pos));
            if (s != NO_SQ && (sliders & bb_square(s)) &&
                (dir_is_orthogonal(d) || !(rook_only & bb_square(s))))
                reachers |= bb_square(s);
        }
    }
    return bb_popcount(reachers & ~target);
}

/* Adds the features of colour c with sign (+1 White, -1 Black) into f. Pieces are visited type
 * by type, which keeps the loops free of unpredictable branches on the piece type. */
static void side_features(const Position *pos, int c, int sign, int f[W_NB])
{
    Bitboard own = pos->by_color[c], enemy = pos->by_color[!c];
    Bitboard target = enemy_palace[c];
    Bitboard frozen = attack_frozen_mask(pos, c);
    Bitboard active = own & ~frozen;

    int mob[TYPE_NB] = {0}, reachers = 0, close = 0;
    for (int t = PINCER; t < KING; t++)
        f[weight_material(t)] += sign * bb_popcount(own & pos->by_type[t]);
    Bitboard pieces = own & ~pos->by_type[KING];
    for (int b = 0; b < CLOSE_BITS; b++)
        close += bb_popcount(pieces & close_plane[c][b]) << b;

    Bitboard sliders = active & (pos->by_type[PINCER] | pos->by_type[COORDINATOR] |
                                 pos->by_type[LEAPER] | pos->by_type[CHAMELEON] |
                                 pos->by_type[WITHDRAWER] | pos->by_type[IMMOBILIZER]);
    mob[PINCER] = count_sliders(pos, active & pos->by_type[PINCER], 2);
    for (int t = COORDINATOR; t <= IMMOBILIZER; t++)
        mob[t] = count_sliders(pos, active & pos->by_type[t], LINE_NB);
    reachers += count_palace_sliders(pos, sliders, target);
    Reach r;
    for (pieces = active & pos->by_type[MAGE]; pieces;) {
        int sq = bb_pop(&pieces);
        r = (Reach){0, false};
        count_mage(pos, sq, enemy, target, &r);
        mob[MAGE] += r.moves;
        reachers += r.palace && !(target & bb_square(sq));
    }
    for (pieces = active & pos->by_type[GUARD]; pieces;) {
        int sq = bb_pop(&pieces);
        Bitboard to = geo.neighbours[sq] & ~own;
        mob[GUARD] += bb_popcount(to);
        reachers += (to & target) && !(target & bb_square(sq));
    }
    int k = pos->king[c];
    if (active & bb_square(k)) {
        Bitboard to = king_jumps[k] & ~own;
        mob[KING] += bb_popcount(to);
        reachers += (to & target) && !(target & bb_square(k));
    }
    for (int t = PINCER; t <= KING; t++)
        f[weight_mobility(t)] += sign * mob[t];

    for (pieces = active & pos->by_type[IMMOBILIZER]; pieces;)
        f[W_IMMOB_ZONE] += sign * bb_popcount(zone2[bb_pop(&pieces)] & enemy & ~pos->by_type[MAGE]);
    Bitboard lines = geo.rank_mask[sq_rank(k)] | geo.file_mask[sq_file(k)];
    f[W_COORD_TARGETS] += sign * bb_popcount(active & pos->by_type[COORDINATOR]) *
                          bb_popcount(lines & enemy);

    int occupants = bb_popcount(own & target);
    f[W_PALACE_CLOSE] += sign * close;
    f[W_PALACE_OCCUPY] += sign * occupants;
    f[W_PALACE_REACH] += sign * reachers;
    f[W_PALACE_DOUBLE] += sign * (occupants == 1 && reachers > 0);
    f[W_FROZEN] += sign * bb_popcount(frozen);
    Bitboard attackers = active & ~pos->by_type[KING];
    f[W_KING_PRESSURE] += sign * bb_popcount(zone2[pos->king[!c]] & attackers);
}

void eval_features(const Position *pos, int f[W_NB])
{
    for (int i = 0; i < W_NB; i++)
        f[i] = 0;
    side_features(pos, WHITE, 1, f);
    side_features(pos, BLACK, -1, f);
    f[W_TEMPO] = pos->side == WHITE ? 1 : -1;
}

void eval_trace(const Position *pos, int coef[W_NB])
{
    eval_features(pos, coef);
    if (pos->side == BLACK)
        for (int i = 0; i < W_NB; i++)
            coef[i] = -coef[i];
}

int eval_evaluate(const Position *pos, const Weights *w)
{
    int coef[W_NB], score = 0;
    eval_trace(pos, coef);
    for (int i = 0; i < W_NB; i++)
        score += coef[i] * w->v[i];
    return score;
}
