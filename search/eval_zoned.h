/* eval_zoned.h: the scalar evaluation terms of the zoned games (Martian Chess, docs/rules/martian.md),
 * where a piece belongs to whoever's zone it stands in and captures score points: the score
 * lead, the material each side holds by type, mobility, the pieces each side can capture across
 * the canal by type, the field promotions open to it and the lead while the clock runs. The
 * piece-square terms and the phase blend are eval.c's, as for the other games. */
#ifndef MAXTUNE_EVAL_ZONED_H
#define MAXTUNE_EVAL_ZONED_H

#include "core/position.h"
#include "weights.h"

/* Adds the zoned game's scalar term counts, South (team WHITE) minus North, into f (whose
 * scalar terms the caller has set to 0), the material counts only with `material`; the tempo is
 * the caller's. */
void eval_zoned_features(const Position *pos, bool material, int f[T_NB]);

#endif
