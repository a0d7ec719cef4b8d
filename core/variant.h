/* variant.h: the games of the family, one description each (MAXIMA.md, ULTIMA.md).
 *
 * Everything that differs between the games is decided here, once per game: the board's shape
 * and zones (its Geometry: real squares, palaces, the King's move, the colour symmetry), the
 * piece set, how a game ends, the start position, and the FEN's row count.
 * The rule code (movegen, attack, makemove, gamestate, fen) is shared and asks the
 * position's variant; nothing outside core/ names a game's rule. Every rule the games share is
 * one piece of code: Ultima's Chameleon, Pincer, Coordinator, Long leaper, Withdrawer and
 * Immobilizer are Maxima's.
 *
 * A game joins by adding a VariantId, a row in variant.c and, where its rules are new (another
 * piece, another capture, points instead of a King), the rule code that its flags switch on. */
#ifndef MAXTUNE_VARIANT_H
#define MAXTUNE_VARIANT_H

#include "geometry.h"
#include "types.h"

/* Maxima's initial position (MAXIMA.md 3); each game's is Variant.start_fen. */
#define START_FEN "xxx2xxx/1g1qk1g1/1bnmrnb1/dppppppd/8/8/8/DPPPPPPD/1BNMRNB1/1G1QK1G1/xxx2xxx w 0"

typedef enum VariantId { VARIANT_MAXIMA, VARIANT_ULTIMA, VARIANT_NB } VariantId;

/* One game. Read-only once core_init() has built it. */
typedef struct Variant {
    VariantId id;
    const char *name;         /* "maxima": config values, --variant, UCI_Variant, PGN tag */
    const char *title;        /* "Maxima": reports */
    const char *start_fen;    /* the initial position */
    const char *no_move_rule; /* where its rules say what no legal move means */
    int fen_rows;             /* rows of its FEN: 11 or 8 (the count tells the games apart) */
    unsigned types;           /* bit t set for each piece type the game has */
    bool stalemate_loses;     /* no legal move and not in check: a loss (Ultima), else a draw */
    bool bare_king_loses;     /* only the King left: the side to move loses (Maxima 8.2); the
                            * invasion loss (8.3) comes with the palaces (BoardShape) */
    BoardShape shape;         /* what geo is built from */
    Geometry geo;             /* the board's tables */
} Variant;

/* The game with this id; core_init() must have run. */
const Variant *variant_get(VariantId id);

/* The game named `name` ("maxima", "ultima"), or NULL. */
const Variant *variant_find(const char *name);

/* The names of the games, separated by '|' ("maxima|ultima"). */
const char *variant_names(void);

/* The game whose FEN has `rows` rows, or NULL. */
const Variant *variant_of_rows(int rows);

/* True when piece type t belongs to the game. */
static inline bool variant_has_type(const Variant *v, int t) { return (v->types >> t) & 1u; }

/* Builds every game's tables; called by core_init(). */
void variant_init(void);

#endif
