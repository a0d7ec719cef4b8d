/* variant.h: the games, one description each (docs/rules/maxima.md, docs/rules/ultima.md, docs/rules/martian.md).
 *
 * Everything that differs between the games is decided here, once per game: the board's shape
 * and zones (its Geometry: real squares, palaces, the King's move, the colour symmetry, who
 * owns which squares), the piece set and how its own pieces move, captures that score points,
 * field promotion, the no-undo rule, the deadlock clock, how a game ends, the start position,
 * and the FEN's shape.
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

/* Maxima's initial position (docs/rules/maxima.md 3); each game's is Variant.start_fen. */
#define START_FEN "xxx2xxx/1g1qk1g1/1bnmrnb1/dppppppd/8/8/8/DPPPPPPD/1BNMRNB1/1G1QK1G1/xxx2xxx w 0"

typedef enum VariantId {
    VARIANT_MAXIMA,
    VARIANT_ULTIMA,
    VARIANT_MARTIAN,
    VARIANT_MARTIAN4, /* four-player Martian Chess (docs/rules/martian.md 10) */
    VARIANT_NB
} VariantId;

/* How a piece of a zoned game moves (docs/rules/martian.md 4.1): any number of steps up to `range` along
 * one of the directions in `dirs` (bit d for enum Direction d), never jumping; the first
 * occupied square met may end the move as a capture or a merge. */
typedef struct PieceMove {
    uint8_t dirs;  /* bit set of directions */
    uint8_t range; /* most steps in one move */
} PieceMove;

/* The value the clock has while nobody has called it (Position.clock). */
enum { CLOCK_OFF = -1 };

/* One game. Read-only once core_init() has built it.
 *
 * A FEN names its game by its shape (fen.h): the number of rows, the width of its rows (cells
 * per row, shape.files) and, where those agree, the number of fields (fen_fields) and the letter
 * of the side to move (players): 11 rows of 8 cells is Maxima, 8 rows of 8 with 'w' or 'b' and
 * 3 fields Ultima, 8 rows of 4 with 6 fields Martian Chess, 8 rows of 8 with a player 1-4 and 5
 * fields four-player Martian Chess. */
typedef struct Variant {
    VariantId id;
    const char *name;         /* "maxima": config values, --variant, UCI_Variant, PGN tag */
    const char *title;        /* "Maxima": reports */
    const char *start_fen;    /* the initial position */
    const char *no_move_rule; /* where its rules say what no legal move means */
    int fen_rows;             /* rows of its FEN: 11 or 8 */
    int fen_fields;           /* fields of its FEN: board, side and optional plies (3), or all of
                               * Martian's 6 (board, side, two scores, last crossing, clock), or
                               * the four-player game's 5 (no last crossing) */
    /* The players: 2, WHITE and BLACK, in every game but four-player Martian Chess's 4. A
     * player's team is the colour of the pieces in his zone, and its score's index; players of
     * the two teams alternate, so the last mover's team is never the side to move's. */
    int players;                      /* players (2 or 4), numbered 0..players-1 */
    uint8_t team[PLAYER_NB];          /* each player's team, WHITE or BLACK */
    uint8_t next[PLAYER_NB];          /* the player who moves after each one */
    const char *player_letters;       /* each player's letter in the FEN: "wb", "sn", "1234" */
    const char *team_names[COLOR_NB]; /* "White", "South", "team 1+3": reports, FEN errors */
    unsigned types;                   /* bit t set for each piece type the game has */
    bool engine;                      /* the engine (search/, tune/) plays it; false: the rules only
                               * (perft, moves, show), and the engine refuses its positions */
    bool kings;           /* each side has one King whose safety decides legality (Maxima,
                               * Ultima); false: every generated move is legal */
    bool stalemate_loses; /* no legal move and not in check: a loss (Ultima), else a draw */
    bool bare_king_loses; /* only the King left: the side to move loses (Maxima 8.2); the
                               * invasion loss (8.3) comes with the palaces (BoardShape) */
    /* Zoned games (shape.zones, docs/rules/martian.md): the rules below are switched on by these. */
    PieceMove moves[TYPE_NB];        /* how each of its piece types moves */
    bool scores;                     /* captures score points (points[]), kept in the position and
                                      * its FEN; the higher score wins when the game ends */
    uint8_t points[TYPE_NB];         /* points a capture of each type scores */
    uint8_t merge[TYPE_NB][TYPE_NB]; /* [mover][target]: the type a field promotion of the two
                                      * own pieces makes (allowed only while the mover's zone
                                      * holds none of it), NO_TYPE where they do not merge */
    bool no_undo;                    /* the opponent's last canal crossing F-T may not be taken
                                      * straight back T-F (Position.last_from, last_to) */
    int8_t clock_moves;              /* 0: no clock; else the deadlock clock: until someone calls
                                      * it every move also exists as a clock call, then the game
                                      * ends after this many capture-less moves (Position.clock) */
    bool empty_zone_ends;            /* the game ends when a zone is empty; the higher score
                                      * wins, a tie goes to the player who emptied his zone */
    BoardShape shape;                /* what geo is built from */
    /* The board's tables, on a 64-byte boundary: their power-of-two rows (ray's 128 bytes a
     * square, line's 32) then index with one shift from the Variant and stay within cache lines. */
    _Alignas(64) Geometry geo;
} Variant;

/* The game with this id; core_init() must have run. */
const Variant *variant_get(VariantId id);

/* The game named `name` ("maxima", "ultima", "martian", "martian4"), or NULL. */
const Variant *variant_find(const char *name);

/* The same among the games the engine plays (Variant.engine), or NULL. */
const Variant *variant_find_engine(const char *name);

/* The names of the games, separated by '|' ("maxima|ultima|martian|martian4"). */
const char *variant_names(void);

/* The names of the games the engine plays ("maxima|ultima"). */
const char *variant_engine_names(void);

/* The game whose FEN has `rows` rows, the first of `width` cells, `fields` fields and `side` as
 * the first character of its second field (0 if none) (the Variant comment): among the games
 * with that many rows, the one of that row width, else the one whose player letters hold side,
 * else the one whose field count is nearest; NULL when no game has that many rows. */
const Variant *variant_of_fen_shape(int rows, int width, int fields, char side);

/* The piece of type t standing on square sq of a zoned game: its colour is the team of the
 * square's owner (Variant.team). */
static inline Piece variant_zone_piece(const Variant *v, int sq, int t)
{
    return piece_make(v->team[v->geo.owner[sq]], t);
}

/* True when piece type t belongs to the game. */
static inline bool variant_has_type(const Variant *v, int t) { return (v->types >> t) & 1u; }

/* True when pieces belong to the owner of the zone they stand in (docs/rules/martian.md 1), not to a
 * colour: the switch of the zoned rules (movegen, makemove, gamestate, fen, notation). */
static inline bool variant_zoned(const Variant *v) { return v->shape.zones != ZONES_NONE; }

/* Builds every game's tables; called by core_init(). */
void variant_init(void);

#endif
