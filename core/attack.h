/* attack.h: freezing (docs/rules/maxima.md 5) and attacks on the King (docs/rules/maxima.md 7). */
#ifndef MAXTUNE_ATTACK_H
#define MAXTUNE_ATTACK_H

#include "position.h"

/* True when the piece on sq is frozen: an enemy Immobilizer is adjacent (or, for an
 * Immobilizer, an enemy Chameleon). Mages are never frozen. sq must hold a piece. */
static inline bool attack_is_frozen(const Position *pos, int sq)
{
    Piece p = pos->board[sq];
    int type = piece_type(p), them = !piece_color(p);
    if (type == MAGE)
        return false;
    Bitboard freezers = position_pieces(pos, them, IMMOBILIZER);
    if (type == IMMOBILIZER)
        freezers |= position_pieces(pos, them, CHAMELEON);
    return (position_geo(pos)->neighbours[sq] & freezers) != 0;
}

/* All frozen pieces of `color` (attack_is_frozen for every square at once). */
static inline Bitboard attack_frozen_mask(const Position *pos, int color)
{
    const Geometry *geo = position_geo(pos);
    Bitboard own = pos->by_color[color], near = 0;
    Bitboard imms = position_pieces(pos, !color, IMMOBILIZER);
    while (imms)
        near |= geo->neighbours[bb_pop(&imms)];
    Bitboard frozen = near & own & ~pos->by_type[MAGE];
    /* an Immobilizer next to an enemy Chameleon: a side has one Immobilizer and two Chameleons,
     * so the loop goes over the Immobilizers */
    Bitboard chams = position_pieces(pos, !color, CHAMELEON);
    for (Bitboard own_imms = own & pos->by_type[IMMOBILIZER]; own_imms;) {
        int s = bb_pop(&own_imms);
        if (geo->neighbours[s] & chams)
            frozen |= bb_square(s);
    }
    return frozen;
}

/* True when the King of `color` is attacked: some unfrozen enemy piece could capture it by its
 * capture rule in this position (own-palace restriction ignored), or an unfrozen enemy
 * Chameleon stands next to it. */
bool attack_king_attacked(const Position *pos, int color);

/* The squares whose emptying could let an enemy piece attack the King of `color` when it is not
 * attacked now: the King's own lines (Long leapers, Mages, Withdrawers), the rook lines of each
 * empty-able landing beside it with an enemy piece beyond (Pincers) and, while the two Kings
 * share a rank or file, the lines of the enemy Coordinators. A move that neither moves the King
 * nor an Immobilizer (whose leaving unfreezes enemy pieces) nor empties one of these squares
 * leaves such a King unattacked: a piece arriving only blocks lines, and captures only remove
 * enemy pieces (movegen_safe_after). */
Bitboard attack_exposure(const Position *pos, int color);

#endif
