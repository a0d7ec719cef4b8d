/* variant.c: the rows of the family's games (variant.h). */
#include "variant.h"

#include <stdio.h>
#include <string.h>

#define ULTIMA_START "rnbqkbnm/pppppppp/8/8/8/8/PPPPPPPP/MNBKQBNR w 0"

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
static char names[64]; /* "maxima|ultima", built from the rows */

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
        .no_move_rule = "MAXIMA.md 8.1",
        .fen_rows = 11,
        .types = TYPES(PINCER, COORDINATOR, LEAPER, CHAMELEON, WITHDRAWER, IMMOBILIZER, MAGE, GUARD,
                       KING),
        .stalemate_loses = false,
        .bare_king_loses = true,
        .shape = {1, 9, true, KING_KNIGHT_CYLINDER, SYMMETRY_MIRROR_RANKS},
    };
    variants[VARIANT_ULTIMA] = (Variant){
        .id = VARIANT_ULTIMA,
        .name = "ultima",
        .title = "Ultima",
        .start_fen = ULTIMA_START,
        .no_move_rule = "ULTIMA.md 7",
        .fen_rows = 8,
        .types = TYPES(PINCER, COORDINATOR, LEAPER, CHAMELEON, WITHDRAWER, IMMOBILIZER, KING),
        .stalemate_loses = true,
        .bare_king_loses = false,
        .shape = {1, 8, false, KING_STEP, SYMMETRY_HALF_TURN},
    };
    for (int i = 0; i < VARIANT_NB; i++) {
        geometry_build(&variants[i].geo, &variants[i].shape);
        size_t k = strlen(names);
        snprintf(names + k, sizeof names - k, "%s%s", i ? "|" : "", variants[i].name);
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

const char *variant_names(void) { return names; }

const Variant *variant_of_rows(int rows)
{
    for (int i = 0; i < VARIANT_NB; i++)
        if (variants[i].fen_rows == rows)
            return &variants[i];
    return NULL;
}
