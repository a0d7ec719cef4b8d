/* eval.c: feature extraction and the phase blend. One pass over the pieces of both sides counts
 * material, mobility, palace threats, freezing, King safety and the piece-square terms. Each game
 * counts the terms of its own table (weights.h): the Mage, Guard, palace and cylinder terms are 0
 * in Ultima by themselves, and Ultima's own terms (frozen pieces by type, suicide, the King attack
 * by capture kind) are counted in Ultima only, as Maxima's frozen is in Maxima only.
 * Everything is symmetric under the board's colour symmetry (Geometry.mirror: ranks flipped in
 * Maxima, the half turn in Ultima; colours swapped), which the tests check. The tables below are
 * built once per game. */
#include "eval.h"

#include <stdlib.h>
#include <string.h>

#include "core/attack.h"
#include "core/fen.h"
#include "eval_zoned.h"

enum { CLOSE_BITS = 4 };

/* A line into a palace: the ray from one palace square in a direction whose ray holds a square
 * outside that palace, where a slider that can move onto the palace square may stand. The ray
 * is the part of one segment (Geometry.line) beyond the palace square: the first piece on it is
 * the highest or lowest bit of the segment's occupancy word met with `beyond`. */
typedef struct PalaceLine {
    Bitboard ray;        /* the ray's squares */
    uint8_t seg;         /* the segment (its word in Position.line_occ) */
    uint16_t beyond;     /* the ray's bits in the segment's word */
    bool increasing;     /* the ray runs towards higher bits (the first piece is the lowest) */
    bool orthogonal;     /* a rook line (Pincers move on these only) */
    Square sq[LINE_MAX]; /* the segment's squares by bit index */
} PalaceLine;

/* A palace square and the lines into it. */
typedef struct PalaceTarget {
    Square sq;
    int line_nb;
    PalaceLine lines[DIR_NB];
} PalaceTarget;

enum { PALACE_SQUARES_MAX = 2 }; /* a palace's squares (Geometry.palace) */

/* The evaluation's tables of one game. */
typedef struct EvalTables {
    Bitboard zone2[SQ_NB];      /* squares within two King steps, the square excluded */
    Bitboard zone2_wrap[SQ_NB]; /* within two steps only across the a-h edge (the cylinder) */
    /* Closeness to the enemy palace, 10 - distance (0..10), in bit planes: bit b of a square's
     * closeness for colour c is set when the square is in close_plane[c][b] (0 without
     * palaces). */
    Bitboard close_plane[COLOR_NB][CLOSE_BITS];
    Bitboard enemy_palace[COLOR_NB]; /* the palace a colour attacks */
    /* The squares of the palace colour c attacks with the lines into them, palace_target_nb[c]
     * of them. */
    PalaceTarget palace_targets[COLOR_NB][PALACE_SQUARES_MAX];
    int palace_target_nb[COLOR_NB];
    int start_count[TYPE_NB]; /* pieces of each type a side has at the start */
    /* Which of the game's own terms to count (its table's rows, weights.h): frozen pieces all
     * together (Maxima's frozen), or by type with the suicide term (Ultima's frozen.<type> and
     * suicide_spare); the King attack by capture kind (Ultima's king_attack.<kind>). */
    bool frozen_total, frozen_by_type, king_attack;
} EvalTables;

static EvalTables eval_tables[VARIANT_NB];
static bool eval_ready;

/* Chebyshev distance between two squares; with `wrap`, files a and h are neighbours. */
static int distance_on(int a, int b, bool wrap)
{
    int df = sq_file(a) - sq_file(b), dr = sq_rank(a) - sq_rank(b);
    df = df < 0 ? -df : df;
    dr = dr < 0 ? -dr : dr;
    if (wrap && FILE_NB - df < df)
        df = FILE_NB - df;
    return df > dr ? df : dr;
}

/* Chebyshev distance between two squares. */
static int distance(int a, int b) { return distance_on(a, b, false); }

/* Adds to target (square t) the line from t in direction d. */
static void palace_line_build(PalaceTarget *target, const Geometry *geo, int t, int d)
{
    const LineRef *r = &geo->line[t][dir_line(d)];
    PalaceLine *l = &target->lines[target->line_nb++];
    *l = (PalaceLine){.ray = geo->ray[t][d],
                      .seg = r->seg,
                      .increasing = dir_is_increasing(d),
                      .orthogonal = dir_is_orthogonal(d)};
    for (int i = 0; i < LINE_MAX; i++)
        l->sq[i] = NO_SQ;
    for (Bitboard b = l->ray; b;) {
        int s = bb_pop(&b);
        const LineRef *rs = &geo->line[s][dir_line(d)];
        if (rs->seg != r->seg)
            abort(); /* a ray that leaves its segment: the tables disagree */
        l->beyond |= rs->bit;
        l->sq[rs->index] = (Square)s;
    }
}

/* Fills the tables of game v. */
static void eval_tables_build(EvalTables *e, const Variant *v)
{
    const Geometry *geo = &v->geo;
    bool wrap = geo->shape.king == KING_KNIGHT_CYLINDER;
    for (int c = 0; c < COLOR_NB; c++) {
        e->enemy_palace[c] = geo->palace_mask[!c];
        for (Bitboard b = geo->palace_mask[!c]; b;) {
            if (e->palace_target_nb[c] >= PALACE_SQUARES_MAX)
                abort(); /* a palace of more squares than PALACE_SQUARES_MAX */
            PalaceTarget *target = &e->palace_targets[c][e->palace_target_nb[c]++];
            target->sq = (Square)bb_pop(&b);
            for (int d = 0; d < DIR_NB; d++)
                if (geo->ray[target->sq][d] & ~geo->palace_mask[!c])
                    palace_line_build(target, geo, target->sq, d);
        }
    }
    for (int a = 0; a < SQ_NB; a++) {
        if (!geo->real[a])
            continue;
        for (int b = 0; b < SQ_NB; b++)
            if (geo->real[b] && a != b && distance(a, b) <= 2)
                e->zone2[a] |= bb_square(b);
            else if (wrap && geo->real[b] && a != b && distance_on(a, b, true) <= 2)
                e->zone2_wrap[a] |= bb_square(b);
        for (int c = 0; c < COLOR_NB && geo->shape.palaces; c++) {
            int d1 = distance(a, geo->palace[!c][PALACE_D]),
                d2 = distance(a, geo->palace[!c][PALACE_E]);
            int close = 10 - (d1 < d2 ? d1 : d2);
            for (int b = 0; b < CLOSE_BITS; b++)
                if (close & (1 << b))
                    e->close_plane[c][b] |= bb_square(a);
        }
    }
    e->frozen_total = weights_term_in_game(v, T_FROZEN);
    e->frozen_by_type = weights_term_in_game(v, T_FROZEN_PINCER);
    e->king_attack = weights_term_in_game(v, T_KING_ATTACK_PINCER);
    Position start;
    fen_parse_variant(&start, "start", v, NULL, 0);
    for (int t = PINCER; t < TYPE_NB; t++)
        e->start_count[t] = bb_popcount(position_pieces(&start, WHITE, t));
}

void eval_init(void)
{
    if (eval_ready)
        return;
    for (int i = 0; i < VARIANT_NB; i++)
        eval_tables_build(&eval_tables[i], variant_get((VariantId)i));
    eval_ready = true;
}

/* The closeness to the enemy palace of a piece of colour c on sq (EvalTables.close_plane). */
static int palace_closeness(const EvalTables *e, int c, int sq)
{
    int close = 0;
    for (int b = 0; b < CLOSE_BITS; b++)
        close += ((e->close_plane[c][b] & bb_square(sq)) != 0) << b;
    return close;
}

/* The tables of pos's game. */
static inline const EvalTables *tables_of(const Position *pos)
{
    return &eval_tables[pos->variant->id];
}

/* Per-side scan of one piece's moves: how many, and whether one ends on the enemy palace. */
typedef struct Reach {
    int moves;
    bool palace;
} Reach;

/* The first piece on the line from sq in direction d (NO_SQ if none), from the occupancy. */
static inline int first_blocker(const Geometry *geo, int sq, int d, Bitboard occupied)
{
    Bitboard blockers = geo->ray[sq][d] & occupied;
    if (!blockers)
        return NO_SQ;
    return dir_is_increasing(d) ? bb_lsb(blockers) : bb_msb(blockers);
}

/* The squares a slide from sq in direction d reaches: the empty ones up to the first piece,
 * and that piece's square when it is in `enemy` (a landing capture). */
static inline Bitboard slide_or_capture(const Geometry *geo, int sq, int d, Bitboard occupied,
                                        Bitboard enemy)
{
    Bitboard ray = geo->ray[sq][d], blockers = ray & occupied;
    if (!blockers)
        return ray;
    Bitboard first = dir_is_increasing(d) ? blockers & -blockers : bb_square(bb_msb(blockers));
    Bitboard empties = dir_is_increasing(d) ? ray & (first - 1) : ray & ~((first << 1) - 1);
    return empties | (first & enemy);
}

/* Counts Mage moves: diagonal step, then outward slides, landing captures included. */
static void count_mage(const Position *pos, int from, Bitboard enemy, Bitboard target, Reach *r)
{
    const Geometry *geo = position_geo(pos);
    Bitboard occupied = position_occupied(pos);
    for (int diag = 1; diag < DIR_NB; diag += 2) {
        int s = geo->step[from][diag];
        if (pos->board[s] != EMPTY) {
            if (enemy & bb_square(s)) {
                r->moves++;
                r->palace |= (target & bb_square(s)) != 0;
            }
            continue;
        }
        Bitboard to = bb_square(s) | slide_or_capture(geo, s, (diag + 7) & 7, occupied, enemy) |
                      slide_or_capture(geo, s, (diag + 1) & 7, occupied, enemy);
        r->moves += bb_popcount(to);
        r->palace |= (to & target) != 0;
    }
}

/* Empty squares a slider on sq reaches along orientation o. */
static inline int line_moves(const Position *pos, int sq, int o)
{
    return geo_line_moves(position_geo(pos), sq, o, pos->line_occ);
}

/* count_sliders for one 64-bit half of the board's bitboards, whose square 0 is `base`. */
static inline void count_sliders_half(const Position *pos, uint64_t pincers, uint64_t others,
                                      int base, int mob[TYPE_NB])
{
    for (; pincers; pincers &= pincers - 1) {
        int s = base + __builtin_ctzll(pincers);
        mob[PINCER] += line_moves(pos, s, LINE_RANK) + line_moves(pos, s, LINE_FILE);
    }
    for (; others; others &= others - 1) {
        int s = base + __builtin_ctzll(others);
        mob[piece_type(pos->board[s])] += line_moves(pos, s, LINE_RANK) +
                                          line_moves(pos, s, LINE_FILE) +
                                          line_moves(pos, s, LINE_DIAG) +
                                          line_moves(pos, s, LINE_ANTI);
    }
}

/* Slider mobility by type: adds to mob[t] the empty squares each piece of `sliders` (Pincers to
 * Immobilizers) reaches along its lines (Pincers: rook lines; the others: queen lines), looked
 * up from the line occupancies. The Pincers have a loop of their own, so that neither loop
 * branches on the piece's type; each 64-bit half of the bitboards is walked apart, which keeps
 * the loops free of 128-bit arithmetic. */
static void count_sliders(const Position *pos, Bitboard sliders, int mob[TYPE_NB])
{
    Bitboard pincers = sliders & pos->by_type[PINCER], others = sliders & ~pos->by_type[PINCER];
    count_sliders_half(pos, (uint64_t)pincers, (uint64_t)others, 0, mob);
    count_sliders_half(pos, (uint64_t)(pincers >> 64), (uint64_t)(others >> 64), 64, mob);
}

/* Sliders of `sliders` (colour c's, unfrozen) that can move onto an empty square of `target`
 * (the enemy palace): on every line into such a square (EvalTables.palace_targets) that holds
 * one of them, the first piece beyond the square. Pincers move on rook lines only. Pieces
 * already standing on the target squares do not count. */
static int count_palace_sliders(const Position *pos, int c, Bitboard sliders, Bitboard target)
{
    const EvalTables *e = tables_of(pos);
    Bitboard reachers = 0, rook_only = pos->by_type[PINCER];
    for (int i = 0; i < e->palace_target_nb[c]; i++) {
        const PalaceTarget *t = &e->palace_targets[c][i];
        if (pos->board[t->sq] != EMPTY)
            continue;
        for (int j = 0; j < t->line_nb; j++) {
            const PalaceLine *l = &t->lines[j];
            if (!(l->ray & sliders))
                continue; /* the first piece on the line cannot be one of them */
            unsigned occ = pos->line_occ[l->seg] & l->beyond;
            if (!occ)
                continue;
            int s = l->sq[l->increasing ? __builtin_ctz(occ) : 31 - __builtin_clz(occ)];
            if ((sliders & bb_square(s)) && (l->orthogonal || !(rook_only & bb_square(s))))
                reachers |= bb_square(s);
        }
    }
    return bb_popcount(reachers & ~target);
}

/* Distance-to-King closeness of an Immobilizer: 7 minus the distance, at least 0. */
static int closeness(int a, int b)
{
    int d = distance(a, b);
    return d < 7 ? 7 - d : 0;
}

/* Pincers of colour c with an own piece on a rook-line neighbour: the own pieces shifted one
 * rank up and down and one file left and right (not across the board's edge), met with the
 * Pincers. */
static int pincer_support(const Position *pos, int c)
{
    const Geometry *geo = position_geo(pos);
    Bitboard own = pos->by_color[c];
    Bitboard next = (own << FILE_NB) | (own >> FILE_NB) | ((own << 1) & ~geo->file_mask[0]) |
                    ((own >> 1) & ~geo->file_mask[FILE_NB - 1]);
    return bb_popcount(next & own & pos->by_type[PINCER]);
}

/* The King-safety terms of colour c (sign +1 White, -1 Black): its own King frozen and
 * sheltered, and its pieces against the enemy King (Immobilizers closing in, pressure across
 * the cylinder's a-h edge). */
static void king_features(const Position *pos, int c, int sign, Bitboard active, int f[T_NB])
{
    int k = pos->king[c], ek = pos->king[!c];
    f[T_KING_FROZEN] += sign * !(active & bb_square(k));
    f[T_GUARD_SHELTER] += sign * bb_popcount(position_geo(pos)->neighbours[k] & pos->by_color[c] &
                                             pos->by_type[GUARD]);
    for (Bitboard m = active & pos->by_type[IMMOBILIZER]; m;)
        f[T_IMMOB_KING] += sign * closeness(bb_pop(&m), ek);
    Bitboard attackers = active & ~pos->by_type[KING];
    f[T_KING_WRAP_PRESSURE] += sign * bb_popcount(tables_of(pos)->zone2_wrap[ek] & attackers);
}

/* Colour c's pieces aimed at the enemy King by their own capture rule (Ultima's King safety
 * against each capture kind, the king_attack rows of weights.h), unfrozen ones only: Pincers
 * that one rook slide brings onto an empty square beside the King on its rank or file (a pincer
 * from there takes it when the far side is held); Coordinators, counted while the own King is on
 * or next to the enemy King's rank or file (one King step or none from a rectangle through it);
 * Long leapers that are the first piece on one of the King's lines (a jump takes it when the
 * square behind is empty); Chameleons and Withdrawers beside it (a King capture, a withdrawal)
 * or one slide from an empty square beside it; the own King within two steps. */
static void king_attack_features(const Position *pos, int c, int sign, Bitboard active, int f[T_NB])
{
    const Geometry *geo = position_geo(pos);
    Bitboard occupied = position_occupied(pos);
    int ek = pos->king[!c], k = pos->king[c];
    Bitboard beside = geo->neighbours[ek], rook_reach = 0, queen_reach = 0, seen = 0;
    for (Bitboard empty = beside & ~occupied; empty;) {
        int s = bb_pop(&empty);
        bool straight = sq_file(s) == sq_file(ek) || sq_rank(s) == sq_rank(ek);
        for (int d = 0; d < DIR_NB; d++) {
            int b = first_blocker(geo, s, d, occupied);
            if (b == NO_SQ)
                continue;
            queen_reach |= bb_square(b);
            if (straight && dir_is_orthogonal(d))
                rook_reach |= bb_square(b);
        }
    }
    for (int d = 0; d < DIR_NB; d++) {
        int b = first_blocker(geo, ek, d, occupied);
        if (b != NO_SQ)
            seen |= bb_square(b);
    }
    int df = sq_file(k) - sq_file(ek), dr = sq_rank(k) - sq_rank(ek);
    bool aligned = (df >= -1 && df <= 1) || (dr >= -1 && dr <= 1);
    Bitboard near = (beside | queen_reach) & active;
    f[T_KING_ATTACK_PINCER] += sign * bb_popcount(rook_reach & active & pos->by_type[PINCER]);
    f[T_KING_ATTACK_COORDINATOR] += sign * aligned *
                                    bb_popcount(active & pos->by_type[COORDINATOR]);
    f[T_KING_ATTACK_LEAPER] += sign * bb_popcount(seen & active & pos->by_type[LEAPER]);
    f[T_KING_ATTACK_CHAMELEON] += sign * bb_popcount(near & pos->by_type[CHAMELEON]);
    f[T_KING_ATTACK_WITHDRAWER] += sign * bb_popcount(near & pos->by_type[WITHDRAWER]);
    f[T_KING_ATTACK_KING] += sign * ((tables_of(pos)->zone2[ek] & active & bb_square(k)) != 0);
}

/* Colour c's frozen pieces by type (Ultima: each loses a share of its value) and, while its King
 * cannot move (frozen, or hemmed in by its own pieces), the frozen non-King pieces: each holds a
 * suicide, a spare move against a stalemate, which loses in Ultima. */
static void frozen_features(const Position *pos, int sign, Bitboard frozen, bool king_stuck,
                            int f[T_NB])
{
    for (int t = PINCER; t <= IMMOBILIZER; t++)
        f[weight_frozen(t)] += sign * bb_popcount(frozen & pos->by_type[t]);
    if (king_stuck)
        f[T_SUICIDE_SPARE] += sign * bb_popcount(frozen & ~pos->by_type[KING]);
}

/* Adds the features of colour c with sign (+1 White, -1 Black) into f, the material counts and
 * the palace closeness only with `material` (eval_evaluate_pst has them in its table: both are
 * sums of one value per piece and square). Pieces are visited type by type, which keeps the
 * loops free of unpredictable branches on the piece type. */
static void side_features(const Position *pos, int c, int sign, bool material, int f[T_NB])
{
    const Geometry *geo = position_geo(pos);
    const EvalTables *e = tables_of(pos);
    Bitboard own = pos->by_color[c], enemy = pos->by_color[!c];
    Bitboard target = e->enemy_palace[c];
    Bitboard frozen = attack_frozen_mask(pos, c);
    Bitboard active = own & ~frozen;

    int mob[TYPE_NB] = {0}, reachers = 0;
    Bitboard pieces;
    if (material) {
        for (int t = PINCER; t < KING; t++)
            f[weight_material(t)] += sign * bb_popcount(own & pos->by_type[t]);
        int close = 0;
        pieces = own & ~pos->by_type[KING];
        for (int b = 0; b < CLOSE_BITS; b++)
            close += bb_popcount(pieces & e->close_plane[c][b]) << b;
        f[T_PALACE_CLOSE] += sign * close;
    }

    Bitboard sliders = active & (pos->by_type[PINCER] | pos->by_type[COORDINATOR] |
                                 pos->by_type[LEAPER] | pos->by_type[CHAMELEON] |
                                 pos->by_type[WITHDRAWER] | pos->by_type[IMMOBILIZER]);
    count_sliders(pos, sliders, mob);
    reachers += count_palace_sliders(pos, c, sliders, target);
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
        Bitboard to = geo->neighbours[sq] & ~own;
        mob[GUARD] += bb_popcount(to);
        reachers += (to & target) && !(target & bb_square(sq));
    }
    int k = pos->king[c];
    if (active & bb_square(k)) {
        Bitboard to = geo->king_jumps[k] & ~own;
        mob[KING] += bb_popcount(to);
        reachers += (to & target) && !(target & bb_square(k));
    }
    for (int t = PINCER; t <= KING; t++)
        f[weight_mobility(t)] += sign * mob[t];

    for (pieces = active & pos->by_type[IMMOBILIZER]; pieces;)
        f[T_IMMOB_ZONE] += sign *
                           bb_popcount(e->zone2[bb_pop(&pieces)] & enemy & ~pos->by_type[MAGE]);
    Bitboard lines = geo->rank_mask[sq_rank(k)] | geo->file_mask[sq_file(k)];
    f[T_COORD_TARGETS] += sign * bb_popcount(active & pos->by_type[COORDINATOR]) *
                          bb_popcount(lines & enemy);

    int occupants = bb_popcount(own & target);
    f[T_PALACE_OCCUPY] += sign * occupants;
    f[T_PALACE_REACH] += sign * reachers;
    f[T_PALACE_DOUBLE] += sign * (occupants == 1 && reachers > 0);
    if (e->frozen_total)
        f[T_FROZEN] += sign * bb_popcount(frozen);
    if (e->frozen_by_type)
        frozen_features(pos, sign, frozen, mob[KING] == 0, f);
    Bitboard attackers = active & ~pos->by_type[KING];
    f[T_KING_PRESSURE] += sign * bb_popcount(e->zone2[pos->king[!c]] & attackers);
    king_features(pos, c, sign, active, f);
    if (e->king_attack)
        king_attack_features(pos, c, sign, active, f);
    f[T_PINCER_SUPPORT] += sign * pincer_support(pos, c);
}

/* +1 when the side to move plays for White (South, in a zoned game its team), else -1. */
static inline int side_sign(const Position *pos) { return position_team(pos) == WHITE ? 1 : -1; }

/* The file and rank terms of a piece of type t and colour c on square sq of game v: Maxima's
 * and Ultima's 8 files and 11 relative ranks of the square seen from White's side
 * (Geometry.mirror for Black), or a zoned game's 4 files and 4 ranks of the owner's zone seen
 * from the owner's corner (Geometry.home). */
static inline void pst_terms(const Variant *v, int c, int t, int sq, int *tf, int *tr)
{
    if (t >= PAWN) {
        int home = v->geo.home[sq];
        *tf = weight_zpst_file(t, sq_file(home));
        *tr = weight_zpst_rank(t, sq_rank(home) - v->shape.first_rank);
    } else {
        int rel = c == WHITE ? sq : v->geo.mirror[sq];
        *tf = weight_pst_file(t, sq_file(rel));
        *tr = weight_pst_rank(t, sq_rank(rel));
    }
}

/* Adds the piece-square terms of both colours: into the counts f when f is given, else into the
 * middle-game and end-game sums under w. One loop serves both, so the trace and the fast path
 * cannot disagree. */
static void pst_add(const Position *pos, const Weights *w, int *f, int *mg, int *eg)
{
    for (int c = 0; c < COLOR_NB; c++) {
        int sign = c == WHITE ? 1 : -1;
        for (Bitboard b = pos->by_color[c]; b;) {
            int sq = bb_pop(&b), t = piece_type(pos->board[sq]), tf, tr;
            pst_terms(pos->variant, c, t, sq, &tf, &tr);
            if (f) {
                f[tf] += sign;
                f[tr] += sign;
            } else {
                *mg += sign * (w->v[weight_mg(tf)] + w->v[weight_mg(tr)]);
                *eg += sign * (w->v[weight_eg(tf)] + w->v[weight_eg(tr)]);
            }
        }
    }
}

/* The scalar terms (those before the piece-square tables), White minus Black; the material
 * counts and Maxima's palace closeness left at 0 without `material`. */
static void scalar_features(const Position *pos, bool material, int f[T_NB])
{
    memset(f, 0, T_PST_FIRST * sizeof *f);
    if (pos->zoned) {
        eval_zoned_features(pos, material, f);
    } else {
        side_features(pos, WHITE, 1, material, f);
        side_features(pos, BLACK, -1, material, f);
    }
    f[T_TEMPO] = side_sign(pos);
}

void eval_features(const Position *pos, int f[T_NB])
{
    scalar_features(pos, true, f);
    for (int i = T_PST_FIRST; i < T_NB; i++)
        f[i] = 0;
    pst_add(pos, NULL, f, NULL, NULL);
}

/* The first and last piece types with a phase weight: Pincer..Guard, or the zoned games'
 * Pawn..Queen. */
static void phase_types(bool zoned, int *first, int *last)
{
    *first = zoned ? PAWN : PINCER;
    *last = zoned ? QUEEN : GUARD;
}

int eval_phase(const Position *pos, const Weights *w)
{
    const int *start_count = tables_of(pos)->start_count;
    int now = 0, full = 0, first, last;
    phase_types(pos->zoned, &first, &last);
    for (int t = first; t <= last; t++) {
        int pw = w->v[weight_phase(t)];
        now += pw * bb_popcount(pos->by_type[t]);
        full += pw * 2 * start_count[t];
    }
    if (full <= 0 || now >= full)
        return EVAL_PHASE_MAX;
    return now * EVAL_PHASE_MAX / full;
}

void eval_trace(const Position *pos, const Weights *w, int coef[W_NB])
{
    int f[T_NB];
    eval_features(pos, f);
    int p = eval_phase(pos, w), sign = side_sign(pos);
    for (int t = 0; t < T_NB; t++) {
        coef[weight_mg(t)] = sign * f[t] * p;
        coef[weight_eg(t)] = sign * f[t] * (EVAL_PHASE_MAX - p);
    }
    for (int i = 2 * T_NB; i < W_NB; i++)
        coef[i] = 0;
}

/* A defensive player's share of term t: its own pieces and King (+1: the side's own counts) or
 * the enemy's threat to its King (-1: the enemy's counts), 0 for the rest. */
static int defence_role(int t)
{
    if ((t >= T_PINCER && t <= T_GUARD) || t == T_FROZEN || t == T_KING_FROZEN ||
        t == T_GUARD_SHELTER || (t >= T_FROZEN_PINCER && t <= T_FROZEN_IMMOBILIZER))
        return 1;
    if (t == T_KING_PRESSURE || t == T_IMMOB_KING || t == T_KING_WRAP_PRESSURE ||
        (t >= T_KING_ATTACK_PINCER && t <= T_KING_ATTACK_KING))
        return -1;
    return 0;
}

int eval_defence(const Position *pos, const Weights *w, int own)
{
    int fo[T_NB] = {0}, fe[T_NB] = {0}, mg = 0, eg = 0;
    if (pos->zoned)
        return 0; /* the defensive player is Maxima's and Ultima's experiment */
    side_features(pos, own, 1, true, fo);
    side_features(pos, !own, 1, true, fe);
    const int *start_count = tables_of(pos)->start_count;
    for (int t = PINCER; t < KING; t++) /* material: what the side has lost */
        fo[weight_material(t)] -= start_count[t];
    for (int t = 0; t < T_PST_FIRST; t++) {
        int role = defence_role(t), n = role > 0 ? fo[t] : role < 0 ? -fe[t] : 0;
        mg += n * w->v[weight_mg(t)];
        eg += n * w->v[weight_eg(t)];
    }
    int p = eval_phase(pos, w);
    int d = (mg * p + eg * (EVAL_PHASE_MAX - p)) / EVAL_PHASE_MAX;
    return pos->side == own ? d : -d;
}

/* The middle-game and end-game weights of the scalar terms under w, one array each. */
static void scalar_weights(const Weights *w, int32_t mg[T_PST_FIRST], int32_t eg[T_PST_FIRST])
{
    for (int t = 0; t < T_PST_FIRST; t++) {
        mg[t] = w->v[weight_mg(t)];
        eg[t] = w->v[weight_eg(t)];
    }
}

/* The evaluation: the scalar terms, then the piece-square terms looked up per piece; or, with
 * pst, the material, palace closeness and piece-square terms of each piece and its phase weight
 * from pst. */
static int evaluate_with(const Position *pos, const Weights *w, const EvalPst *pst)
{
    int f[T_NB], mg = 0, eg = 0, p;
    scalar_features(pos, pst == NULL, f);
    /* the scalar terms a game can count: the zoned games' after the others' (weights.h), and
     * the tempo that all have */
    int lo = pos->zoned ? T_POINTS : 0, hi = pos->zoned ? T_PST_FIRST : T_POINTS;
    _Static_assert(T_TEMPO < T_POINTS && T_CLOCK_LEAD == T_PST_FIRST - 1,
                   "the zoned games' scalar terms close the list");
    int32_t wmg[T_PST_FIRST], weg[T_PST_FIRST];
    const int32_t *vmg = pst ? pst->mg : wmg, *veg = pst ? pst->eg : weg;
    if (!pst)
        scalar_weights(w, wmg, weg);
    for (int t = lo; t < hi; t++) {
        mg += f[t] * vmg[t];
        eg += f[t] * veg[t];
    }
    if (pos->zoned) {
        mg += f[T_TEMPO] * vmg[T_TEMPO];
        eg += f[T_TEMPO] * veg[T_TEMPO];
    }
    if (pst) {
        int id = pos->variant->id, full = pst->phase_full[id];
        const int32_t(*table)[SQ_NB][4] = pst->v[id];
        int32_t sums[4] = {0};
        if (pos->sum_table == table) { /* kept by make and unmake */
            memcpy(sums, pos->sums, sizeof sums);
        } else {
            for (Bitboard b = position_occupied(pos); b;) {
                int sq = bb_pop(&b);
                for (int k = 0; k < 4; k++)
                    sums[k] += table[pos->board[sq]][sq][k];
            }
        }
        mg += sums[0];
        eg += sums[1];
        int now = sums[2];
        p = full <= 0 || now >= full ? EVAL_PHASE_MAX : now * EVAL_PHASE_MAX / full;
    } else {
        pst_add(pos, w, NULL, &mg, &eg);
        p = eval_phase(pos, w);
    }
    int score = (mg * p + eg * (EVAL_PHASE_MAX - p)) / EVAL_PHASE_MAX;
    return side_sign(pos) * score;
}

int eval_evaluate(const Position *pos, const Weights *w) { return evaluate_with(pos, w, NULL); }

int eval_evaluate_pst(const Position *pos, const Weights *w, const EvalPst *pst)
{
    return evaluate_with(pos, w, pst);
}

void eval_pst_build(EvalPst *pst, const Weights *w)
{
    scalar_weights(w, pst->mg, pst->eg);
    for (int g = 0; g < VARIANT_NB; g++) {
        const Variant *v = variant_get((VariantId)g);
        /* the phase weights of the types eval_phase counts, and their sum at the start */
        int first, last;
        phase_types(variant_zoned(v), &first, &last);
        pst->phase_full[g] = 0;
        for (int t = first; t <= last; t++)
            pst->phase_full[g] += w->v[weight_phase(t)] * 2 * eval_tables[g].start_count[t];
        for (int p = 0; p < PIECE_NB; p++)
            for (int sq = 0; sq < SQ_NB; sq++) {
                int t = piece_type((Piece)p), c = piece_color((Piece)p);
                int32_t *entry = pst->v[g][p][sq];
                entry[0] = entry[1] = entry[2] = entry[3] = 0;
                /* only where such a piece can stand: a game the engine plays, a real square,
                 * in a zoned game a square of the piece's team */
                if (t < PINCER || !v->engine || !variant_has_type(v, t) || p != piece_make(c, t) ||
                    !v->geo.real[sq] || (variant_zoned(v) && v->team[v->geo.owner[sq]] != c))
                    continue;
                int sign = c == WHITE ? 1 : -1, tf, tr;
                pst_terms(v, c, t, sq, &tf, &tr);
                /* the King has no material term and no palace closeness */
                int mat = t == KING ? -1 : weight_material(t);
                int close = t == KING ? 0 : palace_closeness(&eval_tables[g], c, sq);
                entry[0] = sign * (w->v[weight_mg(tf)] + w->v[weight_mg(tr)] +
                                   (mat >= 0 ? w->v[weight_mg(mat)] : 0) +
                                   close * w->v[weight_mg(T_PALACE_CLOSE)]);
                entry[1] = sign * (w->v[weight_eg(tf)] + w->v[weight_eg(tr)] +
                                   (mat >= 0 ? w->v[weight_eg(mat)] : 0) +
                                   close * w->v[weight_eg(T_PALACE_CLOSE)]);
                entry[2] = t >= first && t <= last ? w->v[weight_phase(t)] : 0;
            }
    }
}
