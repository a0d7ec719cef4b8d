/* eval_zoned.c: the zoned games' scalar terms (eval_zoned.h). One pass over each team's pieces
 * walks their moves as the rules do (docs/rules/martian.md 4.1-4.2): every empty square reached and every
 * capture counts as mobility, every enemy piece that can be taken counts once as attacked, and
 * every merge the rules allow counts as a field promotion. The no-undo rule is left out (one
 * move at most, and only the opponent's last crossing). */
#include "eval_zoned.h"

/* What one team's pieces can do. */
typedef struct ZonedReach {
    int mob[TYPE_NB];  /* moves to empty squares and captures, by moving type */
    Bitboard attacked; /* the other team's pieces an own piece can capture (a partner's may be
                        * taken too, but is no target: its points go to the own team all the
                        * same) */
    int merges;        /* field promotions allowed now */
} ZonedReach;

/* Walks the moves of the piece of type t on `from`, owned by player p, into r. */
static void piece_reach(const Position *pos, int p, int from, int t, ZonedReach *r)
{
    const Variant *v = pos->variant;
    const Geometry *geo = &v->geo;
    PieceMove pm = v->moves[t];
    for (int d = 0; d < DIR_NB; d++) {
        if (!((pm.dirs >> d) & 1))
            continue;
        int s = from;
        for (int k = 0; k < pm.range; k++) {
            s = geo->step[s][d];
            Piece q = pos->board[s];
            if (q == EMPTY) {
                r->mob[t]++;
                continue;
            }
            if (q == OFFBOARD)
                break;
            if (geo->owner[s] != p) {
                r->mob[t]++;
                if (v->team[geo->owner[s]] != v->team[p])
                    r->attacked |= bb_square(s);
            } else {
                int made = v->merge[t][piece_type(q)];
                r->merges += made != NO_TYPE && !(pos->by_type[made] & geo->zone[p]);
            }
            break;
        }
    }
}

void eval_zoned_features(const Position *pos, bool material, int f[T_NB])
{
    const Variant *v = pos->variant;
    for (int p = 0; p < v->players; p++) {
        int team = v->team[p], sign = team == WHITE ? 1 : -1;
        ZonedReach r = {{0}, 0, 0};
        Bitboard own = position_zone_pieces(pos, p);
        for (int t = PAWN; t <= QUEEN && material; t++)
            f[weight_material(t)] += sign * bb_popcount(own & pos->by_type[t]);
        for (Bitboard b = own; b;) {
            int sq = bb_pop(&b);
            piece_reach(pos, p, sq, piece_type(pos->board[sq]), &r);
        }
        for (int t = PAWN; t <= QUEEN; t++) {
            f[weight_mobility(t)] += sign * r.mob[t];
            f[T_ATTACK_PAWN + t - PAWN] += sign * bb_popcount(r.attacked & pos->by_type[t]);
        }
        f[T_MERGES] += sign * r.merges;
    }
    int lead = pos->score[WHITE] - pos->score[BLACK];
    f[T_POINTS] = lead;
    if (pos->clock != CLOCK_OFF)
        f[T_CLOCK_LEAD] = lead * (v->clock_moves + 1 - pos->clock);
}
