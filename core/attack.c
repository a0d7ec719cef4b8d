/* attack.c: is a King attacked? Each piece's capture rule is read backwards from the King's
 * square, so the test costs a few rays instead of a move generation. */
#include "attack.h"

/* True when sq holds an unfrozen piece of colour c and type t. */
static inline bool is_active(const Position *pos, int sq, int c, int t)
{
    return pos->board[sq] == piece_make(c, t) && !attack_is_frozen(pos, sq);
}

/* Long leaper (4.3): an unfrozen enemy Long leaper on one of the King's lines with an empty
 * square behind the King, every piece between them the King's side's with an empty square right
 * after it (the King can be the first, second, ... piece jumped). */
static bool leaper_attacks(const Position *pos, int k, int us, int them)
{
    const Geometry *geo = position_geo(pos);
    for (Bitboard b = position_pieces(pos, them, LEAPER) & geo->lines[k]; b;) {
        int l = bb_pop(&b), d = geo->dir_to[l][k] - 1; /* the direction of the jump */
        if (pos->board[geo->step[k][d]] != EMPTY || attack_is_frozen(pos, l))
            continue;
        bool jumps = true;
        if (!geo_line_clear(geo, l, k, d, pos->line_occ))
            for (int s = geo->step[l][d]; s != k && jumps; s = geo->step[s][d])
                jumps = pos->board[s] == EMPTY ||
                        (piece_color(pos->board[s]) == us && pos->board[geo->step[s][d]] == EMPTY);
        if (jumps)
            return true;
    }
    return false;
}

/* Pincer (4.1): an empty neighbour L of the King, a piece of the attacker beyond the King, and
 * an unfrozen enemy Pincer that can slide to L. */
static bool pincer_attacks(const Position *pos, int k, int them)
{
    const Geometry *geo = position_geo(pos);
    for (int d = 0; d < DIR_NB; d += 2) {
        int land = geo->step[k][d], beyond = geo->step[k][dir_opposite(d)];
        if (pos->board[land] != EMPTY || !(pos->by_color[them] & bb_square(beyond)))
            continue;
        for (int e = 0; e < DIR_NB; e += 2) {
            if (e == dir_opposite(d))
                continue; /* that way lies the King */
            int s = geo->step[land][e];
            while (pos->board[s] == EMPTY)
                s = geo->step[s][e];
            if (s != NO_SQ && is_active(pos, s, them, PINCER))
                return true;
        }
    }
    return false;
}

/* Coordinator (4.2): with the attacker's King on the King's file, any landing on the King's
 * rank captures it (and vice versa). A Coordinator's lines cross that target line at most once
 * each (slopes 0 and +-1), or it stands on it: the landings to test are those crossings, empty
 * and with nothing between, or its two neighbours along the line. */
static bool coordinator_attacks(const Position *pos, int k, int them)
{
    const Geometry *geo = position_geo(pos);
    int kc = pos->king[them];
    bool on_rank = sq_file(kc) == sq_file(k); /* the target line is the King's rank */
    if (!on_rank && sq_rank(kc) != sq_rank(k))
        return false;
    Bitboard coords = position_pieces(pos, them, COORDINATOR);
    while (coords) {
        int c = bb_pop(&coords);
        if (attack_is_frozen(pos, c))
            continue;
        int gap = on_rank ? sq_rank(k) - sq_rank(c) : sq_file(k) - sq_file(c);
        if (gap == 0) {
            int d = on_rank ? EAST : NORTH;
            if (pos->board[geo->step[c][d]] == EMPTY ||
                pos->board[geo->step[c][dir_opposite(d)]] == EMPTY)
                return true;
            continue;
        }
        for (int slope = -1; slope <= 1; slope++) {
            int file = on_rank ? sq_file(c) + slope * gap : sq_file(k);
            int rank = on_rank ? sq_rank(k) : sq_rank(c) + slope * gap;
            if (file < 0 || file >= FILE_NB || rank < 0 || sq_make(file, rank) >= SQ_NB)
                continue;
            int x = sq_make(file, rank), d = geo->dir_to[c][x] - 1;
            if (d >= 0 && pos->board[x] == EMPTY && geo_line_clear(geo, c, x, d, pos->line_occ))
                return true;
        }
    }
    return false;
}

/* Mage (4.7): a diagonal step to an empty square S, then an orthogonal slide onto the King. */
static bool mage_attacks(const Position *pos, int k, int them)
{
    const Geometry *geo = position_geo(pos);
    Piece mage = piece_make(them, MAGE);
    for (int o = 0; o < DIR_NB; o += 2) {
        int back = dir_opposite(o); /* the Mage slides along o; walk against it */
        int diag_a = (o + 1) & 7, diag_b = (o + 7) & 7;
        for (int s = geo->step[k][back]; pos->board[s] == EMPTY; s = geo->step[s][back])
            if (pos->board[geo->step[s][dir_opposite(diag_a)]] == mage ||
                pos->board[geo->step[s][dir_opposite(diag_b)]] == mage)
                return true;
    }
    return false;
}

Bitboard attack_exposure(const Position *pos, int color)
{
    const Geometry *geo = position_geo(pos);
    int k = pos->king[color], kt = pos->king[!color];
    Bitboard enemy = pos->by_color[!color], exposure = geo->lines[k];
    if (enemy & pos->by_type[PINCER])
        for (int d = 0; d < DIR_NB; d += 2) {
            int land = geo->step[k][d];
            if (land != NO_SQ && (enemy & bb_square(geo->step[k][dir_opposite(d)])))
                exposure |= geo->rank_mask[sq_rank(land)] | geo->file_mask[sq_file(land)];
        }
    if (sq_file(k) == sq_file(kt) || sq_rank(k) == sq_rank(kt))
        for (Bitboard c = enemy & pos->by_type[COORDINATOR]; c;)
            exposure |= geo->lines[bb_pop(&c)];
    return exposure;
}

bool attack_king_attacked(const Position *pos, int color)
{
    const Geometry *geo = position_geo(pos);
    int us = color, them = !color, k = pos->king[us];
    Bitboard enemy = pos->by_color[them];

    /* Enemy King: knight jumps on the cylinder. */
    int kt = pos->king[them];
    if ((geo->king_jumps[k] & bb_square(kt)) && !attack_is_frozen(pos, kt))
        return true;

    /* Adjacent attackers: Guard, Chameleon, diagonal Mage, withdrawing Withdrawer. A Pincer
     * needs an enemy piece on a rook-line neighbour (beyond the King). */
    Bitboard near = geo->neighbours[k] & enemy;
    bool anvil = (near & (geo->rank_mask[sq_rank(k)] | geo->file_mask[sq_file(k)])) != 0;
    while (near) {
        int s = bb_pop(&near);
        int t = piece_type(pos->board[s]), d = geo->dir_to[k][s] - 1;
        if (t == MAGE && !dir_is_orthogonal(d))
            return true;
        if ((t == GUARD || t == CHAMELEON) && !attack_is_frozen(pos, s))
            return true;
        if (t == WITHDRAWER && pos->board[geo->step[s][d]] == EMPTY && !attack_is_frozen(pos, s))
            return true;
    }
    if ((enemy & pos->by_type[LEAPER] & geo->lines[k]) && leaper_attacks(pos, k, us, them))
        return true;
    if (anvil && (enemy & pos->by_type[PINCER]) && pincer_attacks(pos, k, them))
        return true;
    /* A Mage's diagonal step lands on the King's rank or file: it stands on a neighbouring
     * file or rank (adjacent diagonal Mages included). */
    if ((enemy & pos->by_type[MAGE] & geo->band[k]) && mage_attacks(pos, k, them))
        return true;
    if ((enemy & pos->by_type[COORDINATOR]) && coordinator_attacks(pos, k, them))
        return true;
    return false;
}
