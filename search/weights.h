/* weights.h: the named, tunable weights of the engine. One table gives every weight's name, v1
 * value, range, group and meaning; the evaluation, the search, the weights files, the tuners and
 * the reports all read it. Values are centipawns (a Pincer is about 100) unless a row says
 * otherwise.
 *
 * Layout of a weight vector (enum WeightIndex):
 *
 *     [0, 2 * T_NB)      evaluation terms, each a pair: term t has its middle-game weight at
 *                        2t ("name.mg") and its end-game weight at 2t + 1 ("name.eg"); the
 *                        evaluation blends the two by the game phase (eval.h)
 *     [W_PHASE_FIRST, W_PHASE_LAST]    phase weights of the piece types Pincer..Guard
 *     [W_SEARCH_FIRST, W_NB)           search parameters (search.c)
 *
 * The terms (enum Term) are the scalar terms first, then the piece-square tables: for each piece
 * type Pincer..King a file table (files a..h) and a rank table (ranks 0..10 counted from the
 * piece's own side: 0 its own palace, 10 the enemy palace). Black's squares are White's mirrored
 * through the middle rank (files kept), which is the board's only symmetry: the start position
 * is not symmetric left-right and the King's cylinder joins files a and h. A piece on (file f,
 * rank r) adds pst_file.<type>.<f> + pst_rank.<type>.<r>: 19 weights a type and phase instead of
 * 76.
 *
 * The v1 values are the weights of the first evaluation (configs/v1.weights): the new terms, the
 * piece-square tables and the search margins are 0 or off, and middle-game and end-game weights
 * are equal, which makes the evaluation and the search exactly those of v1. The built-in
 * default (weights_default) is v1 with the tuned values of search/default.weights. */
#ifndef MAXTUNE_WEIGHTS_H
#define MAXTUNE_WEIGHTS_H

#include <stddef.h>
#include <stdio.h>

#include "core/types.h"
#include "core/variant.h"

/* The scalar evaluation terms: T(ENUM, "name", v1, min, max, "group", "meaning").
 * Material v1: vchess's hand table read with Fairy-Max's values of similar chess pieces, scaled
 * so a Pincer is 100. Positional v1 values are small, set so that no single term outweighs a
 * Pincer in a normal position. */
#define EVAL_TERMS(T)                                                                              \
    T(PINCER, "pincer", 100, 0, 1500, "material", "value of a Pincer")                             \
    T(COORDINATOR, "coordinator", 250, 0, 1500, "material", "value of a Coordinator")              \
    T(LEAPER, "long_leaper", 450, 0, 1500, "material", "value of a Long leaper")                   \
    T(CHAMELEON, "chameleon", 380, 0, 1500, "material", "value of a Chameleon")                    \
    T(WITHDRAWER, "withdrawer", 250, 0, 1500, "material", "value of a Withdrawer")                 \
    T(IMMOBILIZER, "immobilizer", 450, 0, 1500, "material", "value of an Immobilizer")             \
    T(MAGE, "mage", 700, 0, 1500, "material", "value of a Mage")                                   \
    T(GUARD, "guard", 280, 0, 1500, "material", "value of a Guard")                                \
    T(MOB_PINCER, "mob_pincer", 1, -20, 50, "mobility", "per move of a Pincer")                    \
    T(MOB_COORDINATOR, "mob_coordinator", 2, -20, 50, "mobility", "per move of a Coordinator")     \
    T(MOB_LEAPER, "mob_long_leaper", 3, -20, 50, "mobility", "per move of a Long leaper")          \
    T(MOB_CHAMELEON, "mob_chameleon", 2, -20, 50, "mobility", "per move of a Chameleon")           \
    T(MOB_WITHDRAWER, "mob_withdrawer", 2, -20, 50, "mobility", "per move of a Withdrawer")        \
    T(MOB_IMMOBILIZER, "mob_immobilizer", 2, -20, 50, "mobility", "per move of an Immobilizer")    \
    T(MOB_MAGE, "mob_mage", 3, -20, 50, "mobility", "per move of a Mage")                          \
    T(MOB_GUARD, "mob_guard", 4, -20, 50, "mobility", "per move of a Guard")                       \
    T(MOB_KING, "mob_king", 3, -20, 50, "mobility", "per move of the King")                        \
    T(FROZEN, "frozen", -60, -500, 100, "freezing", "per own piece frozen by an enemy")            \
    T(IMMOB_ZONE, "immobilizer_zone", 8, -100, 200, "freezing",                                    \
      "per enemy piece within two squares of an own unfrozen Immobilizer")                         \
    T(PALACE_OCCUPY, "palace_occupy", 150, -500, 2000, "palace",                                   \
      "per own piece standing on an enemy palace square")                                          \
    T(PALACE_REACH, "palace_reach", 40, -500, 1000, "palace",                                      \
      "per own piece able to move onto an enemy palace square")                                    \
    T(PALACE_DOUBLE, "palace_double", 400, -500, 3000, "palace",                                   \
      "own piece on one enemy palace square and another able to reach the second")                 \
    T(PALACE_CLOSE, "palace_close", 2, -50, 50, "palace",                                          \
      "per piece, 10 minus its distance (in King steps) to the enemy palace")                      \
    T(COORD_TARGETS, "coord_targets", 10, -100, 200, "king",                                       \
      "enemy pieces on the own King's rank or file, with a Coordinator")                           \
    T(KING_PRESSURE, "king_pressure", 12, -100, 200, "king",                                       \
      "own unfrozen pieces within two squares of the enemy King")                                  \
    T(TEMPO, "tempo", 10, -100, 100, "tempo", "side to move")                                      \
    T(KING_FROZEN, "king_frozen", 0, -1000, 500, "king", "own King frozen by an enemy")            \
    T(IMMOB_KING, "immobilizer_king", 0, -100, 200, "king",                                        \
      "per own unfrozen Immobilizer, 7 minus its distance to the enemy King (at least 0)")         \
    T(GUARD_SHELTER, "guard_shelter", 0, -100, 200, "king", "own Guards next to the own King")     \
    T(KING_WRAP_PRESSURE, "king_wrap_pressure", 0, -100, 200, "king",                              \
      "own unfrozen pieces within two squares of the enemy King across the a-h edge only")         \
    T(PINCER_SUPPORT, "pincer_support", 0, -100, 100, "pincer",                                    \
      "own Pincers with an own piece on a rook-line neighbour (they pin captures between them)")

/* The piece types with piece-square tables: P(TYPE, "name"). */
#define PST_TYPES(P)                                                                               \
    P(PINCER, "pincer")                                                                            \
    P(COORDINATOR, "coordinator")                                                                  \
    P(LEAPER, "long_leaper")                                                                       \
    P(CHAMELEON, "chameleon")                                                                      \
    P(WITHDRAWER, "withdrawer")                                                                    \
    P(IMMOBILIZER, "immobilizer")                                                                  \
    P(MAGE, "mage")                                                                                \
    P(GUARD, "guard")                                                                              \
    P(KING, "king")

/* One piece type's tables as terms: 8 files, then 11 relative ranks. */
#define PST_ROWS(T, E, n)                                                                          \
    T(PSTF_##E##_A, "pst_file." n ".a", 0, -300, 300, "pst", "on file a")                          \
    T(PSTF_##E##_B, "pst_file." n ".b", 0, -300, 300, "pst", "on file b")                          \
    T(PSTF_##E##_C, "pst_file." n ".c", 0, -300, 300, "pst", "on file c")                          \
    T(PSTF_##E##_D, "pst_file." n ".d", 0, -300, 300, "pst", "on file d")                          \
    T(PSTF_##E##_E, "pst_file." n ".e", 0, -300, 300, "pst", "on file e")                          \
    T(PSTF_##E##_F, "pst_file." n ".f", 0, -300, 300, "pst", "on file f")                          \
    T(PSTF_##E##_G, "pst_file." n ".g", 0, -300, 300, "pst", "on file g")                          \
    T(PSTF_##E##_H, "pst_file." n ".h", 0, -300, 300, "pst", "on file h")                          \
    T(PSTR_##E##_0, "pst_rank." n ".0", 0, -300, 300, "pst", "on its own palace row")              \
    T(PSTR_##E##_1, "pst_rank." n ".1", 0, -300, 300, "pst", "on its own rank 1")                  \
    T(PSTR_##E##_2, "pst_rank." n ".2", 0, -300, 300, "pst", "on its own rank 2")                  \
    T(PSTR_##E##_3, "pst_rank." n ".3", 0, -300, 300, "pst", "on its own rank 3")                  \
    T(PSTR_##E##_4, "pst_rank." n ".4", 0, -300, 300, "pst", "on its own rank 4")                  \
    T(PSTR_##E##_5, "pst_rank." n ".5", 0, -300, 300, "pst", "on rank 5")                          \
    T(PSTR_##E##_6, "pst_rank." n ".6", 0, -300, 300, "pst", "on the enemy's rank 4")              \
    T(PSTR_##E##_7, "pst_rank." n ".7", 0, -300, 300, "pst", "on the enemy's rank 3")              \
    T(PSTR_##E##_8, "pst_rank." n ".8", 0, -300, 300, "pst", "on the enemy's rank 2")              \
    T(PSTR_##E##_9, "pst_rank." n ".9", 0, -300, 300, "pst", "on the enemy's rank 1")              \
    T(PSTR_##E##_10, "pst_rank." n ".10", 0, -300, 300, "pst", "on the enemy palace row")

enum { PST_FILE_NB = 8, PST_RANK_NB = 11, PST_TYPE_TERMS = PST_FILE_NB + PST_RANK_NB };

/* Single weights (no phase pair): S(ENUM, "name", v1, min, max, "group", "meaning"). The phase
 * weights count each piece type's share of the game phase; the search parameters are read by
 * search.c ("0" switches a margin off). */
#define SINGLE_WEIGHTS(S)                                                                          \
    S(PHASE_PINCER, "phase.pincer", 0, 0, 20, "phase", "game phase per Pincer")                    \
    S(PHASE_COORDINATOR, "phase.coordinator", 2, 0, 20, "phase", "game phase per Coordinator")     \
    S(PHASE_LEAPER, "phase.long_leaper", 4, 0, 20, "phase", "game phase per Long leaper")          \
    S(PHASE_CHAMELEON, "phase.chameleon", 4, 0, 20, "phase", "game phase per Chameleon")           \
    S(PHASE_WITHDRAWER, "phase.withdrawer", 2, 0, 20, "phase", "game phase per Withdrawer")        \
    S(PHASE_IMMOBILIZER, "phase.immobilizer", 4, 0, 20, "phase", "game phase per Immobilizer")     \
    S(PHASE_MAGE, "phase.mage", 7, 0, 20, "phase", "game phase per Mage")                          \
    S(PHASE_GUARD, "phase.guard", 3, 0, 20, "phase", "game phase per Guard")                       \
    S(NMP_REDUCTION, "search.nmp_reduction", 3, 2, 6, "search",                                    \
      "null move: depth of the reply search is depth minus this (plies)")                          \
    S(NMP_MIN_DEPTH, "search.nmp_min_depth", 3, 1, 10, "search", "null move: least depth")         \
    S(LMR_MIN_DEPTH, "search.lmr_min_depth", 3, 2, 10, "search",                                   \
      "late-move reductions: least depth")                                                         \
    S(LMR_MIN_MOVES, "search.lmr_min_moves", 4, 1, 40, "search",                                   \
      "late-move reductions: legal moves searched before reducing")                                \
    S(LMR_LATE_MOVES, "search.lmr_late_moves", 12, 2, 80, "search",                                \
      "late-move reductions: past this many legal moves, reduce one ply more")                     \
    S(RFP_DEPTH, "search.rfp_depth", 0, 0, 8, "search",                                            \
      "reverse futility: greatest depth it applies at (0: off)")                                   \
    S(RFP_MARGIN, "search.rfp_margin", 150, 0, 2000, "search",                                     \
      "reverse futility: cut when static eval - margin * depth >= beta (centipawns a ply)")        \
    S(ASPIRATION, "search.aspiration", 0, 0, 1000, "search",                                       \
      "aspiration window: half-width from depth 4 on (centipawns; 0: off)")

#define TERM_ENUM(e, name, v1, lo, hi, group, doc) T_##e,
#define PST_TERM_ENUM(e, n) PST_ROWS(TERM_ENUM, e, n)
/* The evaluation terms, in weight-table order. */
enum Term {
    EVAL_TERMS(TERM_ENUM) T_PST_FIRST,
    T_PST_BEFORE = T_PST_FIRST - 1,
    PST_TYPES(PST_TERM_ENUM) T_NB
};
#undef PST_TERM_ENUM
#undef TERM_ENUM

#define PAIR_ENUM(e, name, v1, lo, hi, group, doc) W_##e##_MG, W_##e##_EG,
#define PST_PAIR_ENUM(e, n) PST_ROWS(PAIR_ENUM, e, n)
#define SINGLE_ENUM(e, name, v1, lo, hi, group, doc) W_##e,
enum WeightIndex {
    EVAL_TERMS(PAIR_ENUM) PST_TYPES(PST_PAIR_ENUM) SINGLE_WEIGHTS(SINGLE_ENUM) W_NB,
    W_PHASE_FIRST = W_PHASE_PINCER,
    W_PHASE_LAST = W_PHASE_GUARD,
    W_SEARCH_FIRST = W_NMP_REDUCTION
};
#undef SINGLE_ENUM
#undef PST_PAIR_ENUM
#undef PAIR_ENUM

_Static_assert(W_PHASE_FIRST == 2 * T_NB, "terms first, in pairs");
_Static_assert(T_NB - T_PST_FIRST == (KING - PINCER + 1) * PST_TYPE_TERMS, "one table a type");

/* The material, mobility and phase terms follow the piece types' order (core/types.h); the
 * helpers below map between them, and these checks keep the orders in step. */
_Static_assert(T_COORDINATOR - T_PINCER == COORDINATOR - PINCER &&
                   T_LEAPER - T_PINCER == LEAPER - PINCER &&
                   T_CHAMELEON - T_PINCER == CHAMELEON - PINCER &&
                   T_WITHDRAWER - T_PINCER == WITHDRAWER - PINCER &&
                   T_IMMOBILIZER - T_PINCER == IMMOBILIZER - PINCER &&
                   T_MAGE - T_PINCER == MAGE - PINCER && T_GUARD - T_PINCER == GUARD - PINCER,
               "material terms in piece-type order");
_Static_assert(T_MOB_COORDINATOR - T_MOB_PINCER == COORDINATOR - PINCER &&
                   T_MOB_LEAPER - T_MOB_PINCER == LEAPER - PINCER &&
                   T_MOB_CHAMELEON - T_MOB_PINCER == CHAMELEON - PINCER &&
                   T_MOB_WITHDRAWER - T_MOB_PINCER == WITHDRAWER - PINCER &&
                   T_MOB_IMMOBILIZER - T_MOB_PINCER == IMMOBILIZER - PINCER &&
                   T_MOB_MAGE - T_MOB_PINCER == MAGE - PINCER &&
                   T_MOB_GUARD - T_MOB_PINCER == GUARD - PINCER &&
                   T_MOB_KING - T_MOB_PINCER == KING - PINCER,
               "mobility terms in piece-type order");
_Static_assert(W_PHASE_GUARD - W_PHASE_PINCER == GUARD - PINCER, "phase weights in type order");

/* The material term of piece type t (PINCER..GUARD). */
static inline int weight_material(int t) { return T_PINCER + t - PINCER; }

/* The mobility term of piece type t (PINCER..KING). */
static inline int weight_mobility(int t) { return T_MOB_PINCER + t - PINCER; }

/* The piece type of material term m (T_PINCER..T_GUARD). */
static inline int weight_piece_type(int m) { return PINCER + m - T_PINCER; }

/* The phase weight of piece type t (PINCER..GUARD). */
static inline int weight_phase(int t) { return W_PHASE_PINCER + t - PINCER; }

/* The piece-square terms of piece type t (PINCER..KING) on file f (0..7) and relative rank r
 * (0..10). */
static inline int weight_pst_file(int t, int f)
{
    return T_PST_FIRST + (t - PINCER) * PST_TYPE_TERMS + f;
}
static inline int weight_pst_rank(int t, int r)
{
    return T_PST_FIRST + (t - PINCER) * PST_TYPE_TERMS + PST_FILE_NB + r;
}

/* The middle-game and end-game weights of term t. */
static inline int weight_mg(int t) { return 2 * t; }
static inline int weight_eg(int t) { return 2 * t + 1; }

/* One row of the weights table. */
typedef struct WeightDef {
    const char *name;
    int v1, min, max;
    const char *group, *doc;
} WeightDef;

extern const WeightDef weight_defs[W_NB];

/* The terms' names ("pincer", "pst_file.king.a"): a term's weights are "<name>.mg", "<name>.eg". */
extern const char *const weight_term_names[T_NB];

/* A weight vector, indexed by enum WeightIndex. */
typedef struct Weights {
    int v[W_NB];
} Weights;

/* The v1 values of the table (configs/v1.weights). */
void weights_v1(Weights *w);

/* The built-in default: v1 with the tuned values of search/default.weights. */
void weights_default(Weights *w);

/* Material only: the v1 piece values, every other evaluation weight 0 (phase weights and search
 * parameters keep their v1 values). */
void weights_material_only(Weights *w);

/* Ultima's start table: v1 with ChessV's published piece values (withdrawer 310, coordinator
 * 290, chameleon 430, long leaper 530, immobilizer 820) and a frozen piece at -65, a quarter of
 * the mean start piece value. The Mage, Guard, palace and cylinder terms count nothing in
 * Ultima. (Ultima shares Maxima's table of names for now; a table of its own is to come.) */
void weights_ultima(Weights *w);

/* weights_load for a player of game v: in Maxima exactly weights_load; in Ultima "default",
 * "ultima" and "material" are built on weights_ultima, and a file is read on top of it. */
bool weights_load_game(Weights *w, const char *path, const Variant *v, char *err, size_t errlen);

/* Index of a weight by its full name ("pincer.mg", "search.aspiration"), or -1. */
int weights_find(const char *name);

/* Index of a term by its name ("pincer"), or -1. */
int weights_find_term(const char *name);

/* Sets term t's middle-game and end-game weights to v. */
static inline void weights_set_term(Weights *w, int t, int v)
{
    w->v[weight_mg(t)] = v;
    w->v[weight_eg(t)] = v;
}

/* The weights one tuning parameter moves together: a weight's full name selects that weight; a
 * term's name ("pincer" for "pincer.mg" and "pincer.eg") selects both of its weights, tied to
 * one value. */
enum { WEIGHT_SET_MAX = 2 };
typedef struct WeightSet {
    int n;
    int idx[WEIGHT_SET_MAX];
} WeightSet;

/* Resolves a parameter name (a weight's or a term's) into the weights it moves; false if
 * unknown. */
bool weights_term(const char *name, WeightSet *out);

/* The set of term t's two weights. */
void weights_term_set(int t, WeightSet *out);

/* Expands a group name into weight indices, each its own parameter; returns how many (at most
 * max), or -1 if the group is unknown. Groups: "@all"; "@eval" (every term weight: what a fit
 * of the evaluation sees); "@phase"; "@search"; and "@<group>" for the table's groups
 * (material, mobility, freezing, palace, king, tempo, pincer, pst). */
int weights_group(const char *name, int *idx, int max);

/* Loads a weights file ("name = value" lines, '#' or ';' comments) on top of the v1 values: a
 * weight's full name sets it, a term's name sets both of its phases. "default", "v1" and
 * "material" name the built-in sets. Errors: "file:line: problem". */
bool weights_load(Weights *w, const char *path, char *err, size_t errlen);

/* Writes w as a valid weights file: every weight, grouped, one commented line each. */
void weights_write(const Weights *w, FILE *out);

/* Writes w to path atomically (temporary file, then rename); false with a message on error. */
bool weights_save(const Weights *w, const char *path, char *err, size_t errlen);

#endif
