/* makemove.c: make/unmake. Each capture rule is one function taking a set of victim types, so
 * the Chameleon (4.8) uses the same code as the piece whose capture it imitates. */
#include "makemove.h"

#include "attack.h"

enum { ALL_TYPES = 0x3FE };

/* True when sq holds an enemy of `us` whose type is in `victims`. */
static inline bool is_victim(const Position *pos, int sq, int us, unsigned victims)
{
    Piece p = pos->board[sq];
    return piece_is_piece(p) && piece_color(p) != us && (victims & (1u << piece_type(p)));
}

/* Pincer (4.1) after landing on `land`: enemies between it and a friendly piece, orthogonally. */
static int capture_pincer(const Position *pos, int land, int us, unsigned victims, Square *out)
{
    int n = 0;
    for (int d = 0; d < DIR_NB; d += 2) {
        int s = geo.step[land][d];
        if (is_victim(pos, s, us, victims) && (pos->by_color[us] & bb_square(geo.step[s][d])))
            out[n++] = (Square)s;
    }
    return n;
}

/* Coordinator (4.2) after landing on `land`: the two other corners of the rectangle with the
 * own King, unless `land` shares the King's rank or file. */
static int capture_coordinator(const Position *pos, int land, int us, unsigned victims,
                               Square *out)
{
    int k = pos->king[us], n = 0;
    if (sq_rank(k) == sq_rank(land) || sq_file(k) == sq_file(land))
        return 0;
    int corner[2] = {sq_make(sq_file(k), sq_rank(land)), sq_make(sq_file(land), sq_rank(k))};
    for (int i = 0; i < 2; i++)
        if (geo.real[corner[i]] && is_victim(pos, corner[i], us, victims))
            out[n++] = (Square)corner[i];
    return n;
}

/* Withdrawer (4.4): the enemy next to the start square, opposite to the direction of travel. */
static int capture_withdrawer(const Position *pos, int from, int d, int us, unsigned victims,
                              Square *out)
{
    int s = geo.step[from][dir_opposite(d)];
    if (is_victim(pos, s, us, victims)) {
        out[0] = (Square)s;
        return 1;
    }
    return 0;
}

/* Long leaper (4.3): every piece strictly between from and to (move generation only allowed
 * lines whose pieces are all jumpable enemies). */
static int capture_jumped(const Position *pos, int from, int to, int d, Square *out)
{
    int n = 0;
    for (int s = geo.step[from][d]; s != to; s = geo.step[s][d])
        if (pos->board[s] != EMPTY)
            out[n++] = (Square)s;
    return n;
}

/* Captures of the move from-to by the piece now standing on `to` (from is already empty),
 * except landing captures, which the caller handles. */
static int captures_after_landing(const Position *pos, int from, int to, Square *out)
{
    Piece p = pos->board[to];
    int us = piece_color(p), d = geo.dir_to[from][to] - 1, n = 0;
    switch (piece_type(p)) {
    case PINCER:
        return capture_pincer(pos, to, us, ALL_TYPES, out);
    case COORDINATOR:
        return capture_coordinator(pos, to, us, ALL_TYPES, out);
    case WITHDRAWER:
        return capture_withdrawer(pos, from, d, us, ALL_TYPES, out);
    case LEAPER:
        return capture_jumped(pos, from, to, d, out);
    case CHAMELEON:
        n += capture_jumped(pos, from, to, d, out + n);
        if (dir_is_orthogonal(d))
            n += capture_pincer(pos, to, us, 1u << PINCER, out + n);
        n += capture_coordinator(pos, to, us, 1u << COORDINATOR, out + n);
        n += capture_withdrawer(pos, from, d, us, 1u << WITHDRAWER, out + n);
        return n;
    default:
        return 0;
    }
}

void move_do(Position *pos, Move m, Undo *u)
{
    int from = move_from(m), to = move_to(m);
    u->key = pos->key;
    u->ncap = 0;
    if (from == to) {
        u->cap_sq[0] = (Square)from;
        u->cap_piece[0] = position_remove(pos, from);
        u->ncap = 1;
    } else if (pos->board[to] != EMPTY) {
        /* Landing capture (Guard, Mage, King, Chameleon stepping): captures nothing else. */
        u->cap_sq[0] = (Square)to;
        u->cap_piece[0] = position_remove(pos, to);
        u->ncap = 1;
        position_put(pos, to, position_remove(pos, from));
    } else {
        position_put(pos, to, position_remove(pos, from));
        int n = captures_after_landing(pos, from, to, u->cap_sq);
        for (int i = 0; i < n; i++)
            u->cap_piece[i] = position_remove(pos, u->cap_sq[i]);
        u->ncap = (uint8_t)n;
    }
    pos->side ^= 1;
    pos->key ^= zobrist_side;
    pos->plies++;
}

void move_undo(Position *pos, Move m, const Undo *u)
{
    int from = move_from(m), to = move_to(m);
    pos->side ^= 1;
    pos->plies--;
    if (from != to)
        position_put(pos, from, position_remove(pos, to));
    for (int i = 0; i < u->ncap; i++)
        position_put(pos, u->cap_sq[i], u->cap_piece[i]);
    pos->key = u->key;
}

int move_captures(const Position *pos, Move m, Square *out)
{
    Position copy = *pos;
    Undo u;
    move_do(&copy, m, &u);
    for (int i = 0; i < u.ncap; i++)
        out[i] = u.cap_sq[i];
    return u.ncap;
}
