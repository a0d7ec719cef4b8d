/* makemove.c: make/unmake. Each capture rule is one function taking a set of victim types, so
 * the Chameleon (4.8) uses the same code as the piece whose capture it imitates. */
#include "makemove.h"

#include <string.h>

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
    const Geometry *geo = position_geo(pos);
    int n = 0;
    for (int d = 0; d < DIR_NB; d += 2) {
        int s = geo->step[land][d];
        if (is_victim(pos, s, us, victims) && (pos->by_color[us] & bb_square(geo->step[s][d])))
            out[n++] = (Square)s;
    }
    return n;
}

/* Coordinator (4.2) after landing on `land`: the two other corners of the rectangle with the
 * own King, unless `land` shares the King's rank or file. */
static int capture_coordinator(const Position *pos, int land, int us, unsigned victims, Square *out)
{
    const Geometry *geo = position_geo(pos);
    int k = pos->king[us], n = 0;
    if (sq_rank(k) == sq_rank(land) || sq_file(k) == sq_file(land))
        return 0;
    int corner[2] = {sq_make(sq_file(k), sq_rank(land)), sq_make(sq_file(land), sq_rank(k))};
    for (int i = 0; i < 2; i++)
        if (geo->real[corner[i]] && is_victim(pos, corner[i], us, victims))
            out[n++] = (Square)corner[i];
    return n;
}

/* Withdrawer (4.4): the enemy next to the start square, opposite to the direction of travel. */
static int capture_withdrawer(const Position *pos, int from, int d, int us, unsigned victims,
                              Square *out)
{
    int s = position_geo(pos)->step[from][dir_opposite(d)];
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
    const Geometry *geo = position_geo(pos);
    Bitboard between = geo->ray[from][d] & ~geo->ray[to][d] & ~bb_square(to);
    if (!(between & position_occupied(pos)))
        return 0; /* a plain slide */
    int n = 0;
    for (int s = geo->step[from][d]; s != to; s = geo->step[s][d])
        if (pos->board[s] != EMPTY)
            out[n++] = (Square)s;
    return n;
}

/* Captures of the move from-to in pos, before it is played. Reading the board before the move
 * is exact: the only square the move empties is `from`, and no capture rule looks at it (a
 * pincer's anvil beyond a victim can never be `from`, since the slide would have passed through
 * the victim). */
static int captures_of(const Position *pos, int from, int to, Square *out)
{
    const Geometry *geo = position_geo(pos);
    Piece p = pos->board[from];
    int us = piece_color(p), d = geo->dir_to[from][to] - 1, n = 0;
    if (from == to) {
        out[0] = (Square)from; /* suicide */
        return 1;
    }
    if (pos->board[to] != EMPTY) {
        out[0] = (Square)to; /* landing capture (Guard, Mage, King, Chameleon step): only it */
        return 1;
    }
    switch (piece_type(p)) {
    case PINCER:
        if (!(geo->neighbours[to] & pos->by_color[!us]))
            return 0; /* quick exit: no enemy next to the landing square */
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

/* Plays move m of a zoned game (docs/rules/martian.md 4-6, 10): a capture scores the victim's points for
 * the mover's team, a merge makes the merged type; the piece takes its new square's owner; the
 * last crossing, the clock, the next player (Variant.next) and the key follow. Never inlined:
 * move_do of the other games stays as lean as before. */
static __attribute__((noinline)) void zoned_do(Position *pos, Move m, Undo *u)
{
    const Variant *v = pos->variant;
    const Geometry *geo = &v->geo;
    int from = move_from(m), to = move_to(m), us = pos->side, team = v->team[us];
    uint64_t key = pos->key;
    u->key = key;
    u->side = (uint8_t)us;
    u->last_from = pos->last_from;
    u->last_to = pos->last_to;
    u->clock = pos->clock;
    u->ncap = 0;
    Piece mover = position_remove(pos, from);
    int type = piece_type(mover);
    bool capture = false;
    u->mover = mover;
    if (pos->board[to] != EMPTY) {
        Piece target = position_remove(pos, to);
        u->cap_sq[0] = (Square)to;
        u->cap_piece[0] = target;
        u->ncap = 1;
        if (move_is_merge(m)) {
            type = v->merge[type][piece_type(target)];
        } else {
            capture = true;
            int32_t before = pos->score[team];
            pos->score[team] = before + v->points[piece_type(target)];
            pos->key ^= position_score_key(team, before) ^
                        position_score_key(team, pos->score[team]);
        }
    }
    position_put(pos, to, variant_zone_piece(v, to, type));
    int last_from = NO_SQ, last_to = NO_SQ, clock = pos->clock;
    if (v->no_undo && geo->owner[from] != geo->owner[to]) {
        last_from = from;
        last_to = to;
    }
    if (move_calls_clock(m))
        clock = v->clock_moves;
    else if (clock != CLOCK_OFF)
        clock = capture ? v->clock_moves : clock - 1;
    pos->key ^= zobrist_last[0][pos->last_from] ^ zobrist_last[1][pos->last_to] ^
                zobrist_last[0][last_from] ^ zobrist_last[1][last_to] ^
                zobrist_clock[pos->clock + 1] ^ zobrist_clock[clock + 1] ^ zobrist_player[us] ^
                zobrist_player[v->next[us]];
    pos->last_from = (Square)last_from;
    pos->last_to = (Square)last_to;
    pos->clock = (int8_t)clock;
    pos->side = v->next[us];
    pos->plies++;
}

/* Takes back move m of a zoned game played with zoned_do. */
static __attribute__((noinline)) void zoned_undo(Position *pos, Move m, const Undo *u)
{
    const Variant *v = pos->variant;
    int from = move_from(m), to = move_to(m);
    pos->side = u->side;
    pos->plies--;
    position_remove(pos, to);
    if (u->ncap) {
        position_put(pos, to, u->cap_piece[0]);
        if (!move_is_merge(m))
            pos->score[v->team[u->side]] -= v->points[piece_type(u->cap_piece[0])];
    }
    position_put(pos, from, u->mover);
    pos->last_from = u->last_from;
    pos->last_to = u->last_to;
    pos->clock = u->clock;
    pos->key = u->key;
}

/* Plays move m of a non-zoned game whose n captured squares u->cap_sq already holds. */
static inline __attribute__((always_inline)) void play(Position *pos, Move m, int n, Undo *u)
{
    int from = move_from(m), to = move_to(m);
    u->key = pos->key;
    u->ncap = (uint8_t)n;
    for (int i = 0; i < n; i++)
        u->cap_piece[i] = position_remove(pos, u->cap_sq[i]);
    if (from != to)
        position_move(pos, from, to);
    pos->side ^= 1;
    pos->key ^= zobrist_side;
    pos->plies++;
}

void move_do(Position *pos, Move m, Undo *u)
{
    if (pos->zoned) {
        zoned_do(pos, m, u);
        return;
    }
    play(pos, m, captures_of(pos, move_from(m), move_to(m), u->cap_sq), u);
}

void move_do_captures(Position *pos, Move m, const Square *caps, int n, Undo *u)
{
    if (pos->zoned) {
        zoned_do(pos, m, u);
        return;
    }
    memcpy(u->cap_sq, caps, (size_t)n * sizeof *caps);
    play(pos, m, n, u);
}

void move_undo(Position *pos, Move m, const Undo *u)
{
    if (pos->zoned) {
        zoned_undo(pos, m, u);
        return;
    }
    int from = move_from(m), to = move_to(m);
    pos->side ^= 1;
    pos->plies--;
    if (from != to)
        position_move(pos, to, from);
    for (int i = u->ncap - 1; i >= 0; i--)
        position_put(pos, u->cap_sq[i], u->cap_piece[i]);
    pos->key = u->key;
}

int move_captures(const Position *pos, Move m, Square *out)
{
    if (variant_zoned(pos->variant)) { /* a landing capture, unless it merges */
        out[0] = (Square)move_to(m);
        return pos->board[move_to(m)] != EMPTY && !move_is_merge(m);
    }
    return captures_of(pos, move_from(m), move_to(m), out);
}
