/* variant.c: the rows of the family's games (variant.h). */
#include "variant.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ULTIMA_START "rnbqkbnm/pppppppp/8/8/8/8/PPPPPPPP/MNBKQBNR w 0"
#define MARTIAN_START "QQD1/QDP1/DPP1/4/4/1PPD/1PDQ/1DQQ s 0 0 - -"
#define MARTIAN4_START "QQD2DQQ/QDP2PDQ/DPP2PPD/8/8/DPP2PPD/QDP2PDQ/QQD2DQQ 1 0 0 -"

/* Direction bit sets of PieceMove. */
enum { DIRS_ORTHOGONAL = 0x55, DIRS_DIAGONAL = 0xAA, DIRS_ALL = 0xFF };

/* Bit set of piece types. */
#define TYPES(...) (types_of((const int[]){__VA_ARGS__, NO_TYPE}))

/* The bit set of the piece types listed up to NO_TYPE. */
static unsigned types_of(const int *list)
{
    unsigned set = 0;
    for (; *list != NO_TYPE; list++)
        set |= 1u << *list;
    return set;
}

static Variant variants[VARIANT_NB];
static char names[64];        /* "maxima|ultima|martian|martian4", built from the rows */
static char engine_names[64]; /* "maxima|ultima": those with Variant.engine */

/* Appends name to the '|'-separated list in buf (size bytes). */
static void names_add(char *buf, size_t size, const char *name)
{
    size_t k = strlen(buf);
    snprintf(buf + k, size - k, "%s%s", k ? "|" : "", name);
}

/* Four-player Martian Chess (docs/rules/martian.md 10): the two-player game `two` on the full board with four
 * zones, four players in two teams, no no-undo rule (10.6) and a FEN without the last crossing
 * (10.9). */
static Variant martian4_of(const Variant *two)
{
    Variant v = *two;
    v.id = VARIANT_MARTIAN4;
    v.name = "martian4";
    v.title = "Martian Chess (four players)";
    v.start_fen = MARTIAN4_START;
    v.no_move_rule = "docs/rules/martian.md 10.8";
    v.fen_fields = 5;
    v.players = 4;
    memcpy(v.team, (const uint8_t[]){WHITE, BLACK, WHITE, BLACK}, sizeof v.team);
    memcpy(v.next, (const uint8_t[]){1, 2, 3, 0}, sizeof v.next);
    v.player_letters = "1234";
    v.team_names[WHITE] = "team 1+3";
    v.team_names[BLACK] = "team 2+4";
    v.no_undo = false;
    v.shape.files = 8;
    v.shape.zones = ZONES_QUADRANTS;
    return v;
}

/* Stops the program unless every game's players alternate teams by their number's parity, as
 * position_team reads them (a wrong row of this file, not an input). */
static void check_teams(void)
{
    for (int i = 0; i < VARIANT_NB; i++)
        for (int p = 0; p < variants[i].players; p++)
            if (variants[i].team[p] != (p & 1))
                abort();
}

void variant_init(void)
{
    static bool done;
    if (done)
        return;
    variants[VARIANT_MAXIMA] = (Variant){
        .id = VARIANT_MAXIMA,
        .name = "maxima",
        .title = "Maxima",
        .start_fen = START_FEN,
        .no_move_rule = "docs/rules/maxima.md 8.1",
        .fen_rows = 11,
        .fen_fields = 3,
        .players = 2,
        .team = {WHITE, BLACK},
        .next = {BLACK, WHITE},
        .player_letters = "wb",
        .team_names = {"White", "Black"},
        .types = TYPES(PINCER, COORDINATOR, LEAPER, CHAMELEON, WITHDRAWER, IMMOBILIZER, MAGE, GUARD,
                       KING),
        .engine = true,
        .kings = true,
        .stalemate_loses = false,
        .bare_king_loses = true,
        .shape = {.first_rank = 1,
                  .last_rank = 9,
                  .files = 8,
                  .palaces = true,
                  .king = KING_KNIGHT_CYLINDER,
                  .symmetry = SYMMETRY_MIRROR_RANKS},
    };
    variants[VARIANT_ULTIMA] = (Variant){
        .id = VARIANT_ULTIMA,
        .name = "ultima",
        .title = "Ultima",
        .start_fen = ULTIMA_START,
        .no_move_rule = "docs/rules/ultima.md 7",
        .fen_rows = 8,
        .fen_fields = 3,
        .players = 2,
        .team = {WHITE, BLACK},
        .next = {BLACK, WHITE},
        .player_letters = "wb",
        .team_names = {"White", "Black"},
        .types = TYPES(PINCER, COORDINATOR, LEAPER, CHAMELEON, WITHDRAWER, IMMOBILIZER, KING),
        .engine = true,
        .kings = true,
        .stalemate_loses = true,
        .bare_king_loses = false,
        .shape = {.first_rank = 1,
                  .last_rank = 8,
                  .files = 8,
                  .palaces = false,
                  .king = KING_STEP,
                  .symmetry = SYMMETRY_HALF_TURN},
    };
    variants[VARIANT_MARTIAN] = (Variant){
        .id = VARIANT_MARTIAN,
        .name = "martian",
        .title = "Martian Chess",
        .start_fen = MARTIAN_START,
        .no_move_rule = "docs/rules/martian.md 7",
        .fen_rows = 8,
        .fen_fields = 6,
        .players = 2,
        .team = {WHITE, BLACK},
        .next = {BLACK, WHITE},
        .player_letters = "sn",
        .team_names = {"South", "North"},
        .types = TYPES(PAWN, DRONE, QUEEN),
        .engine = true,
        .kings = false,
        .moves =
            {[PAWN] = {DIRS_DIAGONAL, 1}, [DRONE] = {DIRS_ORTHOGONAL, 2}, [QUEEN] = {DIRS_ALL, 7}},
        .scores = true,
        .points = {[PAWN] = 1, [DRONE] = 2, [QUEEN] = 3},
        .merge = {[PAWN] = {[PAWN] = DRONE, [DRONE] = QUEEN}, [DRONE] = {[PAWN] = QUEEN}},
        .no_undo = true,
        .clock_moves = 7,
        .empty_zone_ends = true,
        .shape = {.first_rank = 1,
                  .last_rank = 8,
                  .files = 4,
                  .palaces = false,
                  .king = KING_STEP,
                  .symmetry = SYMMETRY_HALF_TURN,
                  .zones = ZONES_HALVES},
    };
    variants[VARIANT_MARTIAN4] = martian4_of(&variants[VARIANT_MARTIAN]);
    check_teams();
    for (int i = 0; i < VARIANT_NB; i++) {
        geometry_build(&variants[i].geo, &variants[i].shape);
        names_add(names, sizeof names, variants[i].name);
        if (variants[i].engine)
            names_add(engine_names, sizeof engine_names, variants[i].name);
    }
    done = true;
}

const Variant *variant_get(VariantId id) { return &variants[id]; }

const Variant *variant_find(const char *name)
{
    for (int i = 0; i < VARIANT_NB; i++)
        if (name && strcmp(name, variants[i].name) == 0)
            return &variants[i];
    return NULL;
}

const Variant *variant_find_engine(const char *name)
{
    const Variant *v = variant_find(name);
    return v && v->engine ? v : NULL;
}

const char *variant_names(void) { return names; }

const char *variant_engine_names(void) { return engine_names; }

const Variant *variant_of_fen_shape(int rows, int width, int fields, char side)
{
    const Variant *found = NULL;
    int best = 0;
    for (int i = 0; i < VARIANT_NB; i++) {
        const Variant *v = &variants[i];
        int fields_off = fields > v->fen_fields ? fields - v->fen_fields : v->fen_fields - fields;
        bool side_known = side && strchr(v->player_letters, side);
        /* the width decides first, then the side's letter, then the field count */
        int miss = (v->shape.files != width) * 100 + !side_known * 10 + fields_off;
        if (v->fen_rows == rows && (!found || miss < best)) {
            found = v;
            best = miss;
        }
    }
    return found;
}
