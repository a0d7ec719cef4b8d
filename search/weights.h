/* weights.h: the named, tunable weights of the evaluation. One table (WEIGHT_TABLE) gives every
 * weight's name, default, range and meaning; the evaluation, the weights files, the tuners and
 * the reports all read it. Values are centipawns (a Pincer is about 100). */
#ifndef MAXTUNE_WEIGHTS_H
#define MAXTUNE_WEIGHTS_H

#include <stddef.h>
#include <stdio.h>

#include "core/types.h"

/* X(ENUM, "name", default, min, max, "one-line meaning")
 * Material defaults: vchess's hand table (pincer 1, coordinator 2, long leaper 5, chameleon 4,
 * withdrawer 2, immobilizer 5, mage 7, guard 4) read with Fairy-Max's values of similar chess
 * pieces (Commoner 260 for the Guard, Griffon 830 for the Mage), scaled so a Pincer is 100.
 * Positional defaults are small, set so that no single term outweighs a Pincer in a normal
 * position; they are meant to be tuned. */
#define WEIGHT_TABLE(X)                                                                            \
    X(W_PINCER, "pincer", 100, 0, 1500, "material: value of a Pincer")                             \
    X(W_COORDINATOR, "coordinator", 250, 0, 1500, "material: value of a Coordinator")              \
    X(W_LEAPER, "long_leaper", 450, 0, 1500, "material: value of a Long leaper")                   \
    X(W_CHAMELEON, "chameleon", 380, 0, 1500, "material: value of a Chameleon")                    \
    X(W_WITHDRAWER, "withdrawer", 250, 0, 1500, "material: value of a Withdrawer")                 \
    X(W_IMMOBILIZER, "immobilizer", 450, 0, 1500, "material: value of an Immobilizer")             \
    X(W_MAGE, "mage", 700, 0, 1500, "material: value of a Mage")                                   \
    X(W_GUARD, "guard", 280, 0, 1500, "material: value of a Guard")                                \
    X(W_MOB_PINCER, "mob_pincer", 1, -20, 50, "mobility: per move of a Pincer")                    \
    X(W_MOB_COORDINATOR, "mob_coordinator", 2, -20, 50, "mobility: per move of a Coordinator")     \
    X(W_MOB_LEAPER, "mob_long_leaper", 3, -20, 50, "mobility: per move of a Long leaper")          \
    X(W_MOB_CHAMELEON, "mob_chameleon", 2, -20, 50, "mobility: per move of a Chameleon")           \
    X(W_MOB_WITHDRAWER, "mob_withdrawer", 2, -20, 50, "mobility: per move of a Withdrawer")        \
    X(W_MOB_IMMOBILIZER, "mob_immobilizer", 2, -20, 50, "mobility: per move of an Immobilizer")    \
    X(W_MOB_MAGE, "mob_mage", 3, -20, 50, "mobility: per move of a Mage")                          \
    X(W_MOB_GUARD, "mob_guard", 4, -20, 50, "mobility: per move of a Guard")                       \
    X(W_MOB_KING, "mob_king", 3, -20, 50, "mobility: per move of the King")                        \
    X(W_FROZEN, "frozen", -60, -500, 100, "freezing: per own piece frozen by an enemy")            \
    X(W_IMMOB_ZONE, "immobilizer_zone", 8, -100, 200,                                              \
      "freezing: per enemy piece within two squares of an own unfrozen Immobilizer")               \
    X(W_PALACE_OCCUPY, "palace_occupy", 150, -500, 2000,                                           \
      "palace threat: per own piece standing on an enemy palace square")                           \
    X(W_PALACE_REACH, "palace_reach", 40, -500, 1000,                                              \
      "palace threat: per own piece able to move onto an enemy palace square")                     \
    X(W_PALACE_DOUBLE, "palace_double", 400, -500, 3000,                                           \
      "palace threat: own piece on one enemy palace square and another able to reach the second")  \
    X(W_PALACE_CLOSE, "palace_close", 2, -50, 50,                                                  \
      "palace threat: per piece, 10 minus its distance (in King steps) to the enemy palace")       \
    X(W_COORD_TARGETS, "coord_targets", 10, -100, 200,                                             \
      "coordinator-King alignment: enemy pieces on the own King's rank or file, with a "           \
      "Coordinator")                                                                               \
    X(W_KING_PRESSURE, "king_pressure", 12, -100, 200,                                             \
      "King safety: own unfrozen pieces within two squares of the enemy King")                     \
    X(W_TEMPO, "tempo", 10, -100, 100, "side to move")

#define WEIGHT_ENUM(e, name, def, lo, hi, doc) e,
enum WeightIndex { WEIGHT_TABLE(WEIGHT_ENUM) W_NB };
#undef WEIGHT_ENUM

/* The material and mobility weights follow the piece types' order (core/types.h); the helpers
 * below map between them, and these checks keep the two orders in step. */
_Static_assert(W_COORDINATOR - W_PINCER == COORDINATOR - PINCER &&
                   W_LEAPER - W_PINCER == LEAPER - PINCER &&
                   W_CHAMELEON - W_PINCER == CHAMELEON - PINCER &&
                   W_WITHDRAWER - W_PINCER == WITHDRAWER - PINCER &&
                   W_IMMOBILIZER - W_PINCER == IMMOBILIZER - PINCER &&
                   W_MAGE - W_PINCER == MAGE - PINCER && W_GUARD - W_PINCER == GUARD - PINCER,
               "material weights in piece-type order");
_Static_assert(W_MOB_COORDINATOR - W_MOB_PINCER == COORDINATOR - PINCER &&
                   W_MOB_LEAPER - W_MOB_PINCER == LEAPER - PINCER &&
                   W_MOB_CHAMELEON - W_MOB_PINCER == CHAMELEON - PINCER &&
                   W_MOB_WITHDRAWER - W_MOB_PINCER == WITHDRAWER - PINCER &&
                   W_MOB_IMMOBILIZER - W_MOB_PINCER == IMMOBILIZER - PINCER &&
                   W_MOB_MAGE - W_MOB_PINCER == MAGE - PINCER &&
                   W_MOB_GUARD - W_MOB_PINCER == GUARD - PINCER &&
                   W_MOB_KING - W_MOB_PINCER == KING - PINCER,
               "mobility weights in piece-type order");

/* The material weight of piece type t (PINCER..GUARD). */
static inline int weight_material(int t) { return W_PINCER + t - PINCER; }

/* The mobility weight of piece type t (PINCER..KING). */
static inline int weight_mobility(int t) { return W_MOB_PINCER + t - PINCER; }

/* The piece type of material weight w (W_PINCER..W_GUARD). */
static inline int weight_piece_type(int w) { return PINCER + w - W_PINCER; }

/* One row of the weights table. */
typedef struct WeightDef {
    const char *name;
    int def, min, max;
    const char *doc;
} WeightDef;

extern const WeightDef weight_defs[W_NB];

/* A weight vector, indexed by enum WeightIndex. */
typedef struct Weights {
    int v[W_NB];
} Weights;

/* The defaults of the table. */
void weights_default(Weights *w);

/* Material only: the default piece values, every other weight 0. */
void weights_material_only(Weights *w);

/* Index of a weight by name, or -1. */
int weights_find(const char *name);

/* The weights one tuning parameter moves together: a weight's full name selects that weight; a
 * term's name (for an evaluation term with middle-game and end-game weights, "pincer" for
 * "pincer.mg" and "pincer.eg") selects all of its weights, tied to one value. */
enum { WEIGHT_SET_MAX = 2 };
typedef struct WeightSet {
    int n;
    int idx[WEIGHT_SET_MAX];
} WeightSet;

/* Resolves a parameter name (a weight's or a term's) into the weights it moves; false if
 * unknown. */
bool weights_term(const char *name, WeightSet *out);

/* Expands a group name ("@all": every weight; further groups come with the richer evaluation)
 * into weight indices, each its own parameter; returns how many (at most max), or -1 if the
 * group is unknown. */
int weights_group(const char *name, int *idx, int max);

/* Loads a weights file ("name = value" lines, '#' or ';' comments) on top of the defaults.
 * "default" and "material" name the built-in sets. Errors: "file:line: problem". */
bool weights_load(Weights *w, const char *path, char *err, size_t errlen);

/* Writes w as a valid weights file, one commented line per weight. */
void weights_write(const Weights *w, FILE *out);

/* Writes w to path atomically (temporary file, then rename); false with a message on error. */
bool weights_save(const Weights *w, const char *path, char *err, size_t errlen);

#endif
