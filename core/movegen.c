/* movegen.c: pseudo-legal and legal moves. Captures are not generated here: in Maxima a move
 * is fully given by (from, to) and make computes what it captures. */
#include "movegen.h"

#include "attack.h"
#include "makemove.h"

/* Generation state shared by the per-piece helpers. */
typedef struct Gen {
    const Position *pos;
    const Geometry *geo; /* position_geo(pos) */
    Bitboard occupied;   /* position_occupied(pos) */
    Move *list;
    int n;
    int blocked; /* own-palace square no move may end on */
    bool *marks; /* NULL: the moves the masks want only; else every move, and marks[i] tells
                    whether the masks want list[i] (movegen_pseudo_marked) */
} Gen;

/* Appends from-to unless it ends on the blocked own-palace square, marked `wanted` (whether the
 * masks want it) when the generation marks. The list never grows past MAX_MOVES: FENs may hold
 * any number of pieces, and crowded positions (e.g. 30 Mages on alternate ranks) exceed 512
 * pseudo-legal moves; such a list is cut short instead of overflowing the caller's buffer. */
static inline void add(Gen *g, int from, int to, bool wanted)
{
    if (to != g->blocked && g->n < MAX_MOVES) {
        if (g->marks)
            g->marks[g->n] = wanted;
        g->list[g->n++] = move_make(from, to);
    }
}

enum { ALL_VICTIMS = ~0u };
#define ALL_SQUARES (~(Bitboard)0)

/* Adds moves from `from` to each empty square in `mask` met going from `origin` in direction d
 * (origin excluded); a marking generation adds every empty square, marked when in `mask`.
 * Returns the first non-empty square met (NO_SQ at a hole or edge). A ray that holds no square
 * of the mask is not walked: its first piece is a bitboard look-up (the capture search's masks
 * hold few squares). */
static inline __attribute__((always_inline)) int slide_from(Gen *g, int from, int origin, int d,
                                                            Bitboard mask)
{
    int s = g->geo->step[origin][d];
    if (g->marks) {
        for (; g->pos->board[s] == EMPTY; s = g->geo->step[s][d])
            add(g, from, s, (mask & bb_square(s)) != 0);
        return s;
    }
    if (mask != ALL_SQUARES && !(g->geo->ray[origin][d] & mask)) {
        Bitboard blockers = g->geo->ray[origin][d] & g->occupied;
        if (!blockers)
            return NO_SQ;
        return dir_is_increasing(d) ? bb_lsb(blockers) : bb_msb(blockers);
    }
    if (mask == ALL_SQUARES) { /* full generation: no per-square test */
        for (; g->pos->board[s] == EMPTY; s = g->geo->step[s][d])
            add(g, from, s, true);
        return s;
    }
    for (; g->pos->board[s] == EMPTY; s = g->geo->step[s][d])
        if (mask & bb_square(s))
            add(g, from, s, true);
    return s;
}

/* Long-leaper line (4.3) in direction d: slides (to squares in `quiet`), then jumps over
 * enemies of a type in `victims` that have an empty square right behind them. The Long leaper
 * passes every type; the Chameleon (4.8) passes only {Long leaper}. */
static inline __attribute__((always_inline)) void leaper_line(Gen *g, int from, int d, int us,
                                                              unsigned victims, Bitboard quiet)
{
    if (quiet != ALL_SQUARES && !g->marks &&
        !(g->geo->ray[from][d] & (quiet | g->pos->by_color[!us])))
        return; /* a tactical generation, and no enemy to jump nor square to reach on this line */
    int s = slide_from(g, from, from, d, quiet);
    for (;;) {
        Piece p = g->pos->board[s];
        if (p == OFFBOARD || piece_color(p) == us || !(victims & (1u << piece_type(p))))
            return;
        int behind = g->geo->step[s][d];
        if (g->pos->board[behind] != EMPTY)
            return;                                 /* two pieces in a row, or the edge */
        s = slide_from(g, from, s, d, ALL_SQUARES); /* every landing captures */
    }
}

/* Queen-line (or rook-line, step 2) slides to empty squares. */
static void slides(Gen *g, int from, int dstep, Bitboard mask)
{
    for (int d = 0; d < DIR_NB; d += dstep)
        slide_from(g, from, from, d, mask);
}

/* Which empty landing squares a generation wants, beyond the moves that always capture. Full
 * generation wants every square; the tactical generation only the landings that capture
 * something (or end on `quiet`, e.g. the enemy palace). */
typedef struct Masks {
    Bitboard quiet;       /* empty landings wanted for any piece */
    Bitboard pincer;      /* Pincer landings: quiet plus those that pincer an enemy */
    Bitboard coordinator; /* Coordinator landings: quiet plus those that coordinate a capture */
    Bitboard cham_pincer; /* Chameleon rook-move landings that pincer an enemy Pincer */
    Bitboard cham_coord;  /* Chameleon landings that coordinate against an enemy Coordinator */
} Masks;

/* Mage (4.7): a diagonal step, then optionally a slide outward along one of its two
 * orthogonal components, capturing by landing on the first enemy met. */
static void mage_moves(Gen *g, int from, int us, Bitboard quiet)
{
    for (int diag = 1; diag < DIR_NB; diag += 2) {
        int s = g->geo->step[from][diag];
        Piece p = g->pos->board[s];
        if (p != EMPTY) {
            if (p != OFFBOARD && piece_color(p) != us)
                add(g, from, s, true);
            continue;
        }
        bool wanted = (quiet & bb_square(s)) != 0;
        if (wanted || g->marks)
            add(g, from, s, wanted);
        for (int k = 0; k < 2; k++) {
            int o = (diag + (k ? 1 : 7)) & 7;
            int t = slide_from(g, from, s, o, quiet);
            Piece q = g->pos->board[t];
            if (q != OFFBOARD && piece_color(q) != us)
                add(g, from, t, true);
        }
    }
}

/* Single steps (Guard) or King jumps onto enemy squares, or empty squares in quiet (every
 * empty square when marking). */
static void step_moves(Gen *g, int from, int us, const Square *targets, int count, Bitboard quiet)
{
    for (int i = 0; i < count; i++) {
        Piece p = g->pos->board[targets[i]];
        bool wanted = p == EMPTY ? (quiet & bb_square(targets[i])) != 0
                                 : p != OFFBOARD && piece_color(p) != us;
        if (wanted || (g->marks && p == EMPTY))
            add(g, from, targets[i], wanted);
    }
}

/* True when moving away from `from` in direction d withdraws from an enemy of a type in
 * victims (4.4). */
static inline bool withdraws(const Position *pos, int from, int d, int us, unsigned victims)
{
    Piece p = pos->board[position_geo(pos)->step[from][dir_opposite(d)]];
    return piece_is_piece(p) && piece_color(p) != us && (victims & (1u << piece_type(p)));
}

/* Chameleon (4.8): queen slides, jumps over enemy Long leapers only, and steps onto an adjacent
 * enemy Guard or Mage. Its other captures happen in make. */
static void chameleon_moves(Gen *g, int from, int us, const Masks *m)
{
    for (int d = 0; d < DIR_NB; d++) {
        Bitboard quiet = withdraws(g->pos, from, d, us, 1u << WITHDRAWER)
                             ? ALL_SQUARES
                             : m->quiet | m->cham_coord |
                                   (dir_is_orthogonal(d) ? m->cham_pincer : 0);
        leaper_line(g, from, d, us, 1u << LEAPER, quiet);
        Piece p = g->pos->board[g->geo->step[from][d]];
        if (p != OFFBOARD && p != EMPTY && piece_color(p) != us &&
            (piece_type(p) == GUARD || piece_type(p) == MAGE))
            add(g, from, g->geo->step[from][d], true);
    }
}

/* True when a slide of the piece on `from` (along rook lines only with `rook`) reaches an empty
 * square of `wanted`, nothing standing between: the exact test for a slider whose wanted moves
 * are all slides onto such squares. */
static inline bool slide_reaches(const Gen *g, int from, Bitboard wanted, bool rook)
{
    const Geometry *geo = g->geo;
    for (Bitboard b = geo->lines[from] & wanted & ~g->occupied; b;) {
        int t = bb_pop(&b), d = geo->dir_to[from][t] - 1;
        if ((!rook || dir_is_orthogonal(d)) && geo_line_clear(geo, from, t, d, g->pos->line_occ))
            return true;
    }
    return false;
}

/* True when the first piece met along some line from `from` is an enemy of a type in `victims`
 * with an empty square right behind it: a Long leaper's (or a Chameleon's) first jump. */
static inline bool jump_reaches(const Gen *g, int from, Bitboard victims)
{
    const Geometry *geo = g->geo;
    for (Bitboard b = geo->lines[from] & victims; b;) {
        int t = bb_pop(&b), d = geo->dir_to[from][t] - 1;
        if (g->pos->board[geo->step[t][d]] == EMPTY &&
            geo_line_clear(geo, from, t, d, g->pos->line_occ))
            return true;
    }
    return false;
}

/* False when no move of the unfrozen piece of type `type` on `from` can be one the tactical masks
 * want: a test of the squares its moves could reach at most, so that the capture search passes
 * most pieces by without walking their lines. */
static inline bool may_be_wanted(const Gen *g, int from, int type, int us, const Masks *m)
{
    const Geometry *geo = g->geo;
    const Position *pos = g->pos;
    Bitboard enemy = pos->by_color[!us];
    switch (type) {
    case PINCER:
        return slide_reaches(g, from, m->pincer, true);
    case COORDINATOR:
        return slide_reaches(g, from, m->coordinator, false);
    case IMMOBILIZER:
        return slide_reaches(g, from, m->quiet, false);
    case WITHDRAWER:
        return (geo->neighbours[from] & enemy) || slide_reaches(g, from, m->quiet, false);
    case LEAPER:
        return jump_reaches(g, from, enemy) || slide_reaches(g, from, m->quiet, false);
    case CHAMELEON:
        return (geo->neighbours[from] & enemy &
                (pos->by_type[WITHDRAWER] | pos->by_type[GUARD] | pos->by_type[MAGE])) ||
               jump_reaches(g, from, enemy & pos->by_type[LEAPER]) ||
               slide_reaches(g, from, m->quiet | m->cham_coord, false) ||
               slide_reaches(g, from, m->cham_pincer, true);
    case GUARD:
        return (geo->neighbours[from] & (enemy | m->quiet)) != 0;
    case KING:
        return (geo->king_jumps[from] & (enemy | m->quiet)) != 0;
    default: /* Mage */
        return true;
    }
}

/* The moves of the unfrozen piece on `from`, limited by the masks. */
static inline __attribute__((always_inline)) void piece_moves(Gen *g, int from, int type, int us,
                                                              const Masks *m)
{
    switch (type) {
    case PINCER:
        slides(g, from, 2, m->pincer);
        break;
    case COORDINATOR:
        slides(g, from, 1, m->coordinator);
        break;
    case IMMOBILIZER:
        slides(g, from, 1, m->quiet);
        break;
    case WITHDRAWER:
        for (int d = 0; d < DIR_NB; d++)
            slide_from(g, from, from, d,
                       withdraws(g->pos, from, d, us, ALL_VICTIMS) ? ALL_SQUARES : m->quiet);
        break;
    case LEAPER:
        for (int d = 0; d < DIR_NB; d++)
            leaper_line(g, from, d, us, ALL_VICTIMS, m->quiet);
        break;
    case CHAMELEON:
        chameleon_moves(g, from, us, m);
        break;
    case MAGE:
        mage_moves(g, from, us, m->quiet);
        break;
    case GUARD:
        step_moves(g, from, us, g->geo->step[from], DIR_NB, m->quiet);
        break;
    case KING:
        step_moves(g, from, us, g->geo->king_jump[from], g->geo->king_jump_nb[from], m->quiet);
        break;
    }
}

/* The squares one orthogonal step from the squares of b in direction d (holes and edges drop
 * out). */
static inline Bitboard shift_orthogonal(const Geometry *geo, Bitboard b, int d)
{
    static const Bitboard FILE_A = (Bitboard)0x0101010101010101ull |
                                   ((Bitboard)0x0101010101010101ull << 64);
    Bitboard real = geo->real_mask;
    switch (d) {
    case NORTH:
        return (b << 8) & real;
    case SOUTH:
        return (b >> 8) & real;
    case EAST:
        return (b << 1) & ~FILE_A & real;
    default: /* WEST */
        return (b >> 1) & ~(FILE_A << 7) & real;
    }
}

/* Empty squares where a Pincer of `us` would capture one of `victims` (4.1): next to the
 * victim, with a piece of `us` beyond it on the same line. */
static Bitboard pincer_landings(const Position *pos, int us, Bitboard victims)
{
    const Geometry *geo = position_geo(pos);
    Bitboard landings = 0, own = pos->by_color[us], empty = ~position_occupied(pos);
    for (int d = 0; d < DIR_NB; d += 2) {
        Bitboard anvilled = shift_orthogonal(geo, own, dir_opposite(d)) & victims;
        landings |= shift_orthogonal(geo, anvilled, dir_opposite(d)) & empty;
    }
    return landings;
}

/* Squares where a Coordinator of `us` would capture one of `victims` (4.2): on a victim's rank
 * when the victim shares the King's file, on its file when it shares the King's rank, never on
 * the King's own rank or file. */
static Bitboard coordinator_landings(const Position *pos, int us, Bitboard victims)
{
    const Geometry *geo = position_geo(pos);
    int k = pos->king[us];
    Bitboard landings = 0, on_file = victims & geo->file_mask[sq_file(k)];
    Bitboard on_rank = victims & geo->rank_mask[sq_rank(k)];
    while (on_file)
        landings |= geo->rank_mask[sq_rank(bb_pop(&on_file))];
    while (on_rank)
        landings |= geo->file_mask[sq_file(bb_pop(&on_rank))];
    return landings & ~(geo->rank_mask[sq_rank(k)] | geo->file_mask[sq_file(k)]);
}

/* Generates the moves of every piece of the side to move under the masks, or with `marks`
 * every move, marking those the masks want; `tactical`: only the wanted moves (no suicides, which
 * never are; a piece none of whose moves can be wanted is passed by). */
static int generate(const Position *pos, Move *list, const Masks *m, bool *marks, bool tactical)
{
    Gen g = {pos,  position_geo(pos), position_occupied(pos), list, 0, movegen_palace_blocked(pos),
             marks};
    int us = pos->side;
    Bitboard own = pos->by_color[us], frozen = attack_frozen_mask(pos, us);
    if (tactical) { /* a frozen piece's only move, its suicide, is never tactical */
        for (own &= ~frozen; own;) {
            int from = bb_pop(&own), type = piece_type(pos->board[from]);
            if (may_be_wanted(&g, from, type, us, m))
                piece_moves(&g, from, type, us, m);
        }
        return g.n;
    }
    while (own) {
        int from = bb_pop(&own);
        int type = piece_type(pos->board[from]);
        if (frozen & bb_square(from)) {
            if (type != KING && g.n < MAX_MOVES) {
                if (marks)
                    marks[g.n] = false;
                list[g.n++] = move_make(from, from); /* exempt from the palace rule */
            }
            continue;
        }
        piece_moves(&g, from, type, us, m);
    }
    return g.n;
}

/* Adds the moves of the zoned game's piece of type `type` on `from` (docs/rules/martian.md 4.1-4.2, 10.5):
 * along each of its directions up to its range, to every empty square, then onto the first
 * piece met as a capture (any other zone's, a partner's too) or a merge (an own piece it merges
 * with while the mover's zone has none of the result); `tactical` keeps the captures only. */
static int zoned_piece_moves(const Position *pos, int from, int type, bool tactical, Move *list,
                             int n)
{
    const Variant *v = pos->variant;
    const Geometry *geo = &v->geo;
    int us = pos->side;
    PieceMove pm = v->moves[type];
    for (int d = 0; d < DIR_NB; d++) {
        if (!((pm.dirs >> d) & 1))
            continue;
        int s = from;
        for (int k = 0; k < pm.range; k++) {
            s = geo->step[s][d];
            Piece p = pos->board[s];
            if (p == EMPTY) {
                if (!tactical)
                    list[n++] = move_make(from, s);
                continue;
            }
            if (p == OFFBOARD)
                break;
            if (geo->owner[s] != us) {
                list[n++] = move_make(from, s);
            } else if (!tactical) {
                int made = v->merge[type][piece_type(p)];
                if (made != NO_TYPE && !(pos->by_type[made] & geo->zone[us]))
                    list[n++] = (Move)(move_make(from, s) | MOVE_MERGE);
            }
            break;
        }
    }
    return n;
}

/* The moves of a zoned game's side to move (docs/rules/martian.md 4-6, 10.5-10.7): none once the game is over; the
 * piece moves of its zone but the one the no-undo rule forbids; then, while nobody has called
 * the clock, each again as a clock call (not with `tactical`, which keeps the captures). Never
 * inlined, so that the other games' generation stays as it was. */
static __attribute__((noinline)) int zoned_generate(const Position *pos, Move *list, bool tactical)
{
    if (position_zoned_over(pos))
        return 0;
    Bitboard own = position_zone_pieces(pos, pos->side);
    int n = 0;
    while (own) {
        int from = bb_pop(&own);
        n = zoned_piece_moves(pos, from, piece_type(pos->board[from]), tactical, list, n);
    }
    if (pos->last_from != NO_SQ) { /* the no-undo rule: last_to straight back to last_from */
        Move undo = move_make(pos->last_to, pos->last_from);
        for (int i = 0; i < n; i++)
            if ((list[i] & ~MOVE_MERGE) == undo) {
                list[i] = list[--n];
                break;
            }
    }
    if (pos->clock == CLOCK_OFF && pos->variant->clock_moves && !tactical)
        for (int i = 0, k = n; i < k; i++)
            list[n++] = (Move)(list[i] | MOVE_CALL);
    return n;
}

int movegen_pseudo(const Position *pos, Move *list)
{
    if (pos->zoned)
        return zoned_generate(pos, list, false);
    static const Masks all = {ALL_SQUARES, ALL_SQUARES, ALL_SQUARES, ALL_SQUARES, ALL_SQUARES};
    return generate(pos, list, &all, NULL, false);
}

/* The masks of the tactical generation: the landings that capture, and `quiet`. */
static Masks tactical_masks(const Position *pos, Bitboard quiet)
{
    int us = pos->side;
    Bitboard enemy = pos->by_color[!us], own = pos->by_color[us];
    Masks m = {quiet, quiet, quiet, 0, 0};
    if (own & pos->by_type[PINCER])
        m.pincer |= pincer_landings(pos, us, enemy);
    if (own & pos->by_type[COORDINATOR])
        m.coordinator |= coordinator_landings(pos, us, enemy);
    if (own & pos->by_type[CHAMELEON]) {
        m.cham_pincer = pincer_landings(pos, us, enemy & pos->by_type[PINCER]);
        m.cham_coord = coordinator_landings(pos, us, enemy & pos->by_type[COORDINATOR]);
    }
    return m;
}

int movegen_tactical(const Position *pos, Bitboard quiet, Move *list)
{
    if (pos->zoned)
        return zoned_generate(pos, list, true);
    Masks m = tactical_masks(pos, quiet);
    return generate(pos, list, &m, NULL, true);
}

int movegen_pseudo_marked(const Position *pos, Move *list, bool *tactical)
{
    if (pos->zoned) { /* the tactical moves: captures (no merge) that do not call the clock */
        int n = zoned_generate(pos, list, false);
        for (int i = 0; i < n; i++)
            tactical[i] = !(list[i] & (MOVE_MERGE | MOVE_CALL)) &&
                          pos->board[move_to(list[i])] != EMPTY;
        return n;
    }
    Masks m = tactical_masks(pos, 0);
    return generate(pos, list, &m, tactical, false);
}

int movegen_palace_blocked(const Position *pos)
{
    const Square *pal = position_geo(pos)->palace[pos->side];
    if (pos->board[pal[PALACE_D]] != EMPTY)
        return pal[PALACE_E];
    if (pos->board[pal[PALACE_E]] != EMPTY)
        return pal[PALACE_D];
    return NO_SQ;
}

bool movegen_is_legal(Position *pos, Move m)
{
    if (!pos->variant->kings)
        return true;
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
    if (!pos->variant->kings)
        return n;
    for (int i = 0; i < n; i++)
        if (movegen_is_legal(pos, list[i]))
            list[k++] = list[i];
    return k;
}
