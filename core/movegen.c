/* movegen.c: pseudo-legal and legal moves. Captures are not generated here: in Maxima a move
 * is fully given by (from, to) and make computes what it captures. */
#include "movegen.h"

#include "attack.h"
#include "makemove.h"

/* Generation state shared by the per-piece helpers. */
typedef struct Gen {
    const Position *pos;
    Move *list;
    int n;
    int blocked; /* own-palace square no move may end on */
} Gen;

/* Appends from-to unless it ends on the blocked own-palace square. */
static inline void add(Gen *g, int from, int to)
{
    if (to != g->blocked)
        g->list[g->n++] = move_make(from, to);
}

/* Adds moves from `from` to each empty square from `start` on in direction d. Returns the
 * first non-empty square met (NO_SQ at a hole or edge). */
static inline int slide_from(Gen *g, int from, int start, int d)
{
    int s = start;
    for (; g->pos->board[s] == EMPTY; s = geo.step[s][d])
        add(g, from, s);
    return s;
}

/* Long-leaper line (4.3) in direction d: slides, then jumps over enemies of a type in
 * `victims` that have an empty square right behind them. The Long leaper passes every type;
 * the Chameleon (4.8) passes only {Long leaper}. */
static void leaper_line(Gen *g, int from, int d, int us, unsigned victims)
{
    int s = slide_from(g, from, geo.step[from][d], d);
    for (;;) {
        Piece p = g->pos->board[s];
        if (p == OFFBOARD || piece_color(p) == us || !(victims & (1u << piece_type(p))))
            return;
        int behind = geo.step[s][d];
        if (g->pos->board[behind] != EMPTY)
            return; /* two pieces in a row, or the edge */
        s = slide_from(g, from, behind, d);
    }
}

/* Queen-line (or rook-line, step 2) slides to empty squares. */
static void slides(Gen *g, int from, int dstep)
{
    for (int d = 0; d < DIR_NB; d += dstep)
        slide_from(g, from, geo.step[from][d], d);
}

/* Mage (4.7): a diagonal step, then optionally a slide outward along one of its two
 * orthogonal components, capturing by landing on the first enemy met. */
static void mage_moves(Gen *g, int from, int us)
{
    for (int diag = 1; diag < DIR_NB; diag += 2) {
        int s = geo.step[from][diag];
        Piece p = g->pos->board[s];
        if (p != EMPTY) {
            if (p != OFFBOARD && piece_color(p) != us)
                add(g, from, s);
            continue;
        }
        add(g, from, s);
        for (int k = 0; k < 2; k++) {
            int o = (diag + (k ? 1 : 7)) & 7;
            int t = slide_from(g, from, geo.step[s][o], o);
            Piece q = g->pos->board[t];
            if (q != OFFBOARD && piece_color(q) != us)
                add(g, from, t);
        }
    }
}

/* Single steps (Guard) or King jumps onto empty or enemy squares. */
static void step_moves(Gen *g, int from, int us, const Square *targets, int count)
{
    for (int i = 0; i < count; i++) {
        Piece p = g->pos->board[targets[i]];
        if (p == EMPTY || (p != OFFBOARD && piece_color(p) != us))
            add(g, from, targets[i]);
    }
}

/* Chameleon (4.8): queen slides, jumps over enemy Long leapers only, and steps onto an adjacent
 * enemy Guard or Mage. Its other captures happen in make. */
static void chameleon_moves(Gen *g, int from, int us)
{
    for (int d = 0; d < DIR_NB; d++) {
        leaper_line(g, from, d, us, 1u << LEAPER);
        Piece p = g->pos->board[geo.step[from][d]];
        if (p != OFFBOARD && p != EMPTY && piece_color(p) != us &&
            (piece_type(p) == GUARD || piece_type(p) == MAGE))
            add(g, from, geo.step[from][d]);
    }
}

int movegen_palace_blocked(const Position *pos)
{
    const Square *pal = geo.palace[pos->side];
    if (pos->board[pal[PALACE_D]] != EMPTY)
        return pal[PALACE_E];
    if (pos->board[pal[PALACE_E]] != EMPTY)
        return pal[PALACE_D];
    return NO_SQ;
}

int movegen_pseudo(const Position *pos, Move *list)
{
    Gen g = {pos, list, 0, movegen_palace_blocked(pos)};
    int us = pos->side;
    Bitboard own = pos->by_color[us];
    while (own) {
        int from = bb_pop(&own);
        int type = piece_type(pos->board[from]);
        if (attack_is_frozen(pos, from)) {
            if (type != KING)
                list[g.n++] = move_make(from, from); /* suicide, exempt from the palace rule */
            continue;
        }
        switch (type) {
        case PINCER:
            slides(&g, from, 2);
            break;
        case COORDINATOR:
        case WITHDRAWER:
        case IMMOBILIZER:
            slides(&g, from, 1);
            break;
        case LEAPER:
            for (int d = 0; d < DIR_NB; d++)
                leaper_line(&g, from, d, us, ~0u);
            break;
        case CHAMELEON:
            chameleon_moves(&g, from, us);
            break;
        case MAGE:
            mage_moves(&g, from, us);
            break;
        case GUARD:
            step_moves(&g, from, us, geo.step[from], DIR_NB);
            break;
        case KING:
            step_moves(&g, from, us, geo.king_jump[from], geo.king_jump_nb[from]);
            break;
        }
    }
    return g.n;
}

bool movegen_is_legal(Position *pos, Move m)
{
    Undo u;
    int us = pos->side;
    move_do(pos, m, &u);
    bool ok = !attack_king_attacked(pos, us);
    move_undo(pos, m, &u);
    return ok;
}

int movegen_legal(Position *pos, Move *list)
{
    int n = movegen_pseudo(pos, list), k = 0;
    for (int i = 0; i < n; i++)
        if (movegen_is_legal(pos, list[i]))
            list[k++] = list[i];
    return k;
}
