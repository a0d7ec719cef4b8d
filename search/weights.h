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
 * 76. In Ultima Black's squares are White's turned through 180 degrees, the symmetry of its
 * start position, and the ranks are 1..8 from the own side.
 *
 * Each game has its own table, drawn from this one catalogue: the games column of a row says
 * which games have the weight (weights_in_game). Maxima has exactly the weights it had before
 * Ultima got a table, so its files, options, traces and tuning runs are unchanged; Ultima has
 * none of the Mage, Guard, palace and cylinder rows nor the piece-square ranks 0, 9 and 10, nor
 * Maxima's frozen (all frozen pieces together), and has rows of its own: frozen pieces by type,
 * a suicide term and the King attack by capture kind (the IN_ULTIMA rows). One
 * Weights type and one trace layout serve both games: a weight a game lacks is 0 in its vectors
 * and its feature is 0 in its positions. The weights files, the UCI options, the groups and the
 * tuners of a game see its weights only (the *_game functions below).
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

/* The games column of the tables below: which games have a weight, a bit set of VariantIds. */
enum {
    IN_MAXIMA = 1u << VARIANT_MAXIMA,
    IN_ULTIMA = 1u << VARIANT_ULTIMA,
    IN_BOTH = IN_MAXIMA | IN_ULTIMA,
    /* Martian Chess's terms serve its two games: two players, and four in two teams */
    IN_MARTIAN = 1u << VARIANT_MARTIAN | 1u << VARIANT_MARTIAN4,
    IN_ALL = IN_BOTH | IN_MARTIAN, /* the search's parameters and the tempo: every engine game */
};

/* The sign a weight's meaning fixes (the sign column of the terms' rows): a reward (material,
 * mobility, a threat, a lead, a piece on the enemy palace) is never below 0 and a penalty (an own
 * piece or King frozen) never above 0, whatever the tuners make of them; a weight whose value
 * contradicts its sign is flagged in the tuning runs' reports (weights_sign_contradictions).
 * Where the meaning does not fix one (the piece-square entries, the tempo, the value of a held
 * piece in Martian Chess, which can be worth less than nothing to its holder, the single weights
 * below) the row says SIGN_FREE. */
typedef enum WeightSign { SIGN_PENALTY = -1, SIGN_FREE = 0, SIGN_REWARD = 1 } WeightSign;

/* The scalar evaluation terms: T(ENUM, "name", v1, min, max, "group", games, sign, "meaning").
 * Material v1: vchess's hand table read with Fairy-Max's values of similar chess pieces, scaled
 * so a Pincer is 100. Positional v1 values are small, set so that no single term outweighs a
 * Pincer in a normal position. */
#define EVAL_TERMS(T)                                                                              \
    T(PINCER, "pincer", 100, 0, 1500, "material", IN_BOTH, SIGN_REWARD, "value of a Pincer")       \
    T(COORDINATOR, "coordinator", 250, 0, 1500, "material", IN_BOTH, SIGN_REWARD,                  \
      "value of a Coordinator")                                                                    \
    T(LEAPER, "long_leaper", 450, 0, 1500, "material", IN_BOTH, SIGN_REWARD,                       \
      "value of a Long leaper")                                                                    \
    T(CHAMELEON, "chameleon", 380, 0, 1500, "material", IN_BOTH, SIGN_REWARD,                      \
      "value of a Chameleon")                                                                      \
    T(WITHDRAWER, "withdrawer", 250, 0, 1500, "material", IN_BOTH, SIGN_REWARD,                    \
      "value of a Withdrawer")                                                                     \
    T(IMMOBILIZER, "immobilizer", 450, 0, 1500, "material", IN_BOTH, SIGN_REWARD,                  \
      "value of an Immobilizer")                                                                   \
    T(MAGE, "mage", 700, 0, 1500, "material", IN_MAXIMA, SIGN_REWARD, "value of a Mage")           \
    T(GUARD, "guard", 280, 0, 1500, "material", IN_MAXIMA, SIGN_REWARD, "value of a Guard")        \
    T(MOB_PINCER, "mob_pincer", 1, -20, 50, "mobility", IN_BOTH, SIGN_REWARD,                      \
      "per move of a Pincer")                                                                      \
    T(MOB_COORDINATOR, "mob_coordinator", 2, -20, 50, "mobility", IN_BOTH, SIGN_REWARD,            \
      "per move of a Coordinator")                                                                 \
    T(MOB_LEAPER, "mob_long_leaper", 3, -20, 50, "mobility", IN_BOTH, SIGN_REWARD,                 \
      "per move of a Long leaper")                                                                 \
    T(MOB_CHAMELEON, "mob_chameleon", 2, -20, 50, "mobility", IN_BOTH, SIGN_REWARD,                \
      "per move of a Chameleon")                                                                   \
    T(MOB_WITHDRAWER, "mob_withdrawer", 2, -20, 50, "mobility", IN_BOTH, SIGN_REWARD,              \
      "per move of a Withdrawer")                                                                  \
    T(MOB_IMMOBILIZER, "mob_immobilizer", 2, -20, 50, "mobility", IN_BOTH, SIGN_REWARD,            \
      "per move of an Immobilizer")                                                                \
    T(MOB_MAGE, "mob_mage", 3, -20, 50, "mobility", IN_MAXIMA, SIGN_REWARD, "per move of a Mage")  \
    T(MOB_GUARD, "mob_guard", 4, -20, 50, "mobility", IN_MAXIMA, SIGN_REWARD,                      \
      "per move of a Guard")                                                                       \
    T(MOB_KING, "mob_king", 3, -20, 50, "mobility", IN_BOTH, SIGN_REWARD, "per move of the King")  \
    T(FROZEN, "frozen", -60, -500, 100, "freezing", IN_MAXIMA, SIGN_PENALTY,                       \
      "per own piece frozen by an enemy")                                                          \
    T(FROZEN_PINCER, "frozen.pincer", 0, -500, 100, "freezing", IN_ULTIMA, SIGN_PENALTY,           \
      "per own Pincer frozen by an enemy")                                                         \
    T(FROZEN_COORDINATOR, "frozen.coordinator", 0, -500, 100, "freezing", IN_ULTIMA, SIGN_PENALTY, \
      "per own Coordinator frozen by an enemy")                                                    \
    T(FROZEN_LEAPER, "frozen.long_leaper", 0, -500, 100, "freezing", IN_ULTIMA, SIGN_PENALTY,      \
      "per own Long leaper frozen by an enemy")                                                    \
    T(FROZEN_CHAMELEON, "frozen.chameleon", 0, -500, 100, "freezing", IN_ULTIMA, SIGN_PENALTY,     \
      "per own Chameleon frozen by an enemy")                                                      \
    T(FROZEN_WITHDRAWER, "frozen.withdrawer", 0, -500, 100, "freezing", IN_ULTIMA, SIGN_PENALTY,   \
      "per own Withdrawer frozen by an enemy")                                                     \
    T(FROZEN_IMMOBILIZER, "frozen.immobilizer", 0, -500, 100, "freezing", IN_ULTIMA, SIGN_PENALTY, \
      "per own Immobilizer frozen by an enemy")                                                    \
    T(SUICIDE_SPARE, "suicide_spare", 0, -200, 200, "freezing", IN_ULTIMA, SIGN_FREE,              \
      "per own frozen non-King piece (it holds a suicide move) while the own King cannot move")    \
    T(IMMOB_ZONE, "immobilizer_zone", 8, -100, 200, "freezing", IN_BOTH, SIGN_REWARD,              \
      "per enemy piece within two squares of an own unfrozen Immobilizer")                         \
    T(PALACE_OCCUPY, "palace_occupy", 150, -500, 2000, "palace", IN_MAXIMA, SIGN_REWARD,           \
      "per own piece standing on an enemy palace square")                                          \
    T(PALACE_REACH, "palace_reach", 40, -500, 1000, "palace", IN_MAXIMA, SIGN_REWARD,              \
      "per own piece able to move onto an enemy palace square")                                    \
    T(PALACE_DOUBLE, "palace_double", 400, -500, 3000, "palace", IN_MAXIMA, SIGN_REWARD,           \
      "own piece on one enemy palace square and another able to reach the second")                 \
    T(PALACE_CLOSE, "palace_close", 2, -50, 50, "palace", IN_MAXIMA, SIGN_REWARD,                  \
      "per piece, 10 minus its distance (in King steps) to the enemy palace")                      \
    T(COORD_TARGETS, "coord_targets", 10, -100, 200, "king", IN_BOTH, SIGN_REWARD,                 \
      "enemy pieces on the own King's rank or file, with a Coordinator")                           \
    T(KING_PRESSURE, "king_pressure", 12, -100, 200, "king", IN_BOTH, SIGN_REWARD,                 \
      "own unfrozen pieces within two squares of the enemy King")                                  \
    T(TEMPO, "tempo", 10, -100, 100, "tempo", IN_ALL, SIGN_FREE, "side to move")                   \
    T(KING_FROZEN, "king_frozen", 0, -1000, 500, "king", IN_BOTH, SIGN_PENALTY,                    \
      "own King frozen by an enemy")                                                               \
    T(IMMOB_KING, "immobilizer_king", 0, -100, 200, "king", IN_BOTH, SIGN_REWARD,                  \
      "per own unfrozen Immobilizer, 7 minus its distance to the enemy King (at least 0)")         \
    T(GUARD_SHELTER, "guard_shelter", 0, -100, 200, "king", IN_MAXIMA, SIGN_REWARD,                \
      "own Guards next to the own King")                                                           \
    T(KING_WRAP_PRESSURE, "king_wrap_pressure", 0, -100, 200, "king", IN_MAXIMA, SIGN_REWARD,      \
      "own unfrozen pieces within two squares of the enemy King across the a-h edge only")         \
    T(KING_ATTACK_PINCER, "king_attack.pincer", 0, -100, 200, "king", IN_ULTIMA, SIGN_REWARD,      \
      "own unfrozen Pincers one rook slide from an empty square beside the enemy King on its "     \
      "rank or file")                                                                              \
    T(KING_ATTACK_COORDINATOR, "king_attack.coordinator", 0, -100, 200, "king", IN_ULTIMA,         \
      SIGN_REWARD,                                                                                 \
      "own unfrozen Coordinators, if the own King is on or next to the enemy King's rank or file") \
    T(KING_ATTACK_LEAPER, "king_attack.long_leaper", 0, -100, 200, "king", IN_ULTIMA, SIGN_REWARD, \
      "own unfrozen Long leapers first on a line from the enemy King")                             \
    T(KING_ATTACK_CHAMELEON, "king_attack.chameleon", 0, -100, 200, "king", IN_ULTIMA,             \
      SIGN_REWARD,                                                                                 \
      "own unfrozen Chameleons beside the enemy King or one slide from an empty square beside it") \
    T(KING_ATTACK_WITHDRAWER, "king_attack.withdrawer", 0, -100, 200, "king", IN_ULTIMA,           \
      SIGN_REWARD,                                                                                 \
      "own unfrozen Withdrawers beside the enemy King or one slide from an empty square beside "   \
      "it")                                                                                        \
    T(KING_ATTACK_KING, "king_attack.king", 0, -100, 200, "king", IN_ULTIMA, SIGN_REWARD,          \
      "own King, unfrozen, within two steps of the enemy King")                                    \
    T(PINCER_SUPPORT, "pincer_support", 0, -100, 100, "pincer", IN_BOTH, SIGN_FREE,                \
      "own Pincers with an own piece on a rook-line neighbour (they pin captures between them)")   \
    T(POINTS, "points", 100, 0, 1500, "score", IN_MARTIAN, SIGN_REWARD,                            \
      "per point of the score (pips captured): the official worth of a capture")                   \
    T(PAWN, "pawn", 100, -500, 1500, "material", IN_MARTIAN, SIGN_FREE,                            \
      "value of a pawn in the own zone")                                                           \
    T(DRONE, "drone", 200, -500, 1500, "material", IN_MARTIAN, SIGN_FREE,                          \
      "value of a drone in the own zone")                                                          \
    T(QUEEN, "queen", 300, -500, 1500, "material", IN_MARTIAN, SIGN_FREE,                          \
      "value of a queen in the own zone")                                                          \
    T(MOB_PAWN, "mob_pawn", 0, -20, 50, "mobility", IN_MARTIAN, SIGN_REWARD,                       \
      "per move of a pawn (to an empty square or a capture)")                                      \
    T(MOB_DRONE, "mob_drone", 0, -20, 50, "mobility", IN_MARTIAN, SIGN_REWARD,                     \
      "per move of a drone (to an empty square or a capture)")                                     \
    T(MOB_QUEEN, "mob_queen", 0, -20, 50, "mobility", IN_MARTIAN, SIGN_REWARD,                     \
      "per move of a queen (to an empty square or a capture)")                                     \
    T(ATTACK_PAWN, "attack.pawn", 0, -200, 300, "attack", IN_MARTIAN, SIGN_REWARD,                 \
      "enemy pawns (across the canal) that an own piece can capture")                              \
    T(ATTACK_DRONE, "attack.drone", 0, -200, 300, "attack", IN_MARTIAN, SIGN_REWARD,               \
      "enemy drones (across the canal) that an own piece can capture")                             \
    T(ATTACK_QUEEN, "attack.queen", 0, -200, 300, "attack", IN_MARTIAN, SIGN_REWARD,               \
      "enemy queens (across the canal) that an own piece can capture")                             \
    T(MERGES, "merges", 0, -100, 300, "promotion", IN_MARTIAN, SIGN_FREE,                          \
      "field promotions (merges) the side could play now")                                         \
    T(CLOCK_LEAD, "clock_lead", 0, -200, 200, "clock", IN_MARTIAN, SIGN_REWARD,                    \
      "while the clock runs: the score lead times 8 - clock (1 right after the call or a "         \
      "capture, 7 with one move left)")

/* The piece types with piece-square tables: P(TYPE, "name", games, palace games): the games
 * with the type, and those of them with the ranks 0, 9 and 10 (the palace rows and the ranks
 * next to the enemy palace: Maxima's; Ultima's 8 ranks are 1..8 from the own side). */
#define PST_TYPES(P)                                                                               \
    P(PINCER, "pincer", IN_BOTH, IN_MAXIMA)                                                        \
    P(COORDINATOR, "coordinator", IN_BOTH, IN_MAXIMA)                                              \
    P(LEAPER, "long_leaper", IN_BOTH, IN_MAXIMA)                                                   \
    P(CHAMELEON, "chameleon", IN_BOTH, IN_MAXIMA)                                                  \
    P(WITHDRAWER, "withdrawer", IN_BOTH, IN_MAXIMA)                                                \
    P(IMMOBILIZER, "immobilizer", IN_BOTH, IN_MAXIMA)                                              \
    P(MAGE, "mage", IN_MAXIMA, IN_MAXIMA)                                                          \
    P(GUARD, "guard", IN_MAXIMA, IN_MAXIMA)                                                        \
    P(KING, "king", IN_BOTH, IN_MAXIMA)

/* One piece type's tables as terms: 8 files, then 11 relative ranks; g and gp: the games of
 * PST_TYPES. A square's entry has no fixed sign. */
#define PST_ROWS(T, E, n, g, gp)                                                                   \
    T(PSTF_##E##_A, "pst_file." n ".a", 0, -300, 300, "pst", g, SIGN_FREE, "on file a")            \
    T(PSTF_##E##_B, "pst_file." n ".b", 0, -300, 300, "pst", g, SIGN_FREE, "on file b")            \
    T(PSTF_##E##_C, "pst_file." n ".c", 0, -300, 300, "pst", g, SIGN_FREE, "on file c")            \
    T(PSTF_##E##_D, "pst_file." n ".d", 0, -300, 300, "pst", g, SIGN_FREE, "on file d")            \
    T(PSTF_##E##_E, "pst_file." n ".e", 0, -300, 300, "pst", g, SIGN_FREE, "on file e")            \
    T(PSTF_##E##_F, "pst_file." n ".f", 0, -300, 300, "pst", g, SIGN_FREE, "on file f")            \
    T(PSTF_##E##_G, "pst_file." n ".g", 0, -300, 300, "pst", g, SIGN_FREE, "on file g")            \
    T(PSTF_##E##_H, "pst_file." n ".h", 0, -300, 300, "pst", g, SIGN_FREE, "on file h")            \
    T(PSTR_##E##_0, "pst_rank." n ".0", 0, -300, 300, "pst", gp, SIGN_FREE,                        \
      "on its own palace row")                                                                     \
    T(PSTR_##E##_1, "pst_rank." n ".1", 0, -300, 300, "pst", g, SIGN_FREE, "on its own rank 1")    \
    T(PSTR_##E##_2, "pst_rank." n ".2", 0, -300, 300, "pst", g, SIGN_FREE, "on its own rank 2")    \
    T(PSTR_##E##_3, "pst_rank." n ".3", 0, -300, 300, "pst", g, SIGN_FREE, "on its own rank 3")    \
    T(PSTR_##E##_4, "pst_rank." n ".4", 0, -300, 300, "pst", g, SIGN_FREE, "on its own rank 4")    \
    T(PSTR_##E##_5, "pst_rank." n ".5", 0, -300, 300, "pst", g, SIGN_FREE, "on rank 5")            \
    T(PSTR_##E##_6, "pst_rank." n ".6", 0, -300, 300, "pst", g, SIGN_FREE,                         \
      "on the enemy's rank 4")                                                                     \
    T(PSTR_##E##_7, "pst_rank." n ".7", 0, -300, 300, "pst", g, SIGN_FREE,                         \
      "on the enemy's rank 3")                                                                     \
    T(PSTR_##E##_8, "pst_rank." n ".8", 0, -300, 300, "pst", g, SIGN_FREE,                         \
      "on the enemy's rank 2")                                                                     \
    T(PSTR_##E##_9, "pst_rank." n ".9", 0, -300, 300, "pst", gp, SIGN_FREE,                        \
      "on the enemy's rank 1")                                                                     \
    T(PSTR_##E##_10, "pst_rank." n ".10", 0, -300, 300, "pst", gp, SIGN_FREE,                      \
      "on the enemy palace row")

enum { PST_FILE_NB = 8, PST_RANK_NB = 11, PST_TYPE_TERMS = PST_FILE_NB + PST_RANK_NB };

/* The piece types of the zoned games with piece-square tables: Z(TYPE, "name"). A piece stands
 * in its owner's zone, so its tables are the 4 files and the 4 ranks of that half, counted from
 * the owner's own corner (the board's half turn: North's squares are South's turned through 180
 * degrees). */
#define ZONED_PST_TYPES(Z)                                                                         \
    Z(PAWN, "pawn")                                                                                \
    Z(DRONE, "drone")                                                                              \
    Z(QUEEN, "queen")

/* One zoned piece type's tables as terms: 4 files, then the 4 ranks of the own half. */
#define ZONED_PST_ROWS(T, E, n)                                                                    \
    T(ZPSTF_##E##_A, "pst_file." n ".a", 0, -300, 300, "pst", IN_MARTIAN, SIGN_FREE,               \
      "on file a from its own side (North: d)")                                                    \
    T(ZPSTF_##E##_B, "pst_file." n ".b", 0, -300, 300, "pst", IN_MARTIAN, SIGN_FREE,               \
      "on file b from its own side (North: c)")                                                    \
    T(ZPSTF_##E##_C, "pst_file." n ".c", 0, -300, 300, "pst", IN_MARTIAN, SIGN_FREE,               \
      "on file c from its own side (North: b)")                                                    \
    T(ZPSTF_##E##_D, "pst_file." n ".d", 0, -300, 300, "pst", IN_MARTIAN, SIGN_FREE,               \
      "on file d from its own side (North: a)")                                                    \
    T(ZPSTR_##E##_1, "pst_rank." n ".1", 0, -300, 300, "pst", IN_MARTIAN, SIGN_FREE,               \
      "on its own edge row (South: 1, North: 8)")                                                  \
    T(ZPSTR_##E##_2, "pst_rank." n ".2", 0, -300, 300, "pst", IN_MARTIAN, SIGN_FREE,               \
      "on its own row 2")                                                                          \
    T(ZPSTR_##E##_3, "pst_rank." n ".3", 0, -300, 300, "pst", IN_MARTIAN, SIGN_FREE,               \
      "on its own row 3")                                                                          \
    T(ZPSTR_##E##_4, "pst_rank." n ".4", 0, -300, 300, "pst", IN_MARTIAN, SIGN_FREE,               \
      "on its own row 4, next to the canal")

enum { ZPST_FILE_NB = 4, ZPST_RANK_NB = 4, ZPST_TYPE_TERMS = ZPST_FILE_NB + ZPST_RANK_NB };

/* Single weights (no phase pair): S(ENUM, "name", v1, min, max, "group", games, "meaning").
 * The phase weights count each piece type's share of the game phase; the search parameters are
 * read by search.c ("0" switches a margin off). The "selective" rows (extensions, pruning and the
 * history malus of the second generation) are search parameters too, in a group of their own so
 * that `@search` names the eight it named when the committed tuning runs were made; at their v1
 * values they are off, and a weights file that lacks them (every file written before them) reads
 * as off. */
#define SINGLE_WEIGHTS(S)                                                                          \
    S(PHASE_PINCER, "phase.pincer", 0, 0, 20, "phase", IN_BOTH, "game phase per Pincer")           \
    S(PHASE_COORDINATOR, "phase.coordinator", 2, 0, 20, "phase", IN_BOTH,                          \
      "game phase per Coordinator")                                                                \
    S(PHASE_LEAPER, "phase.long_leaper", 4, 0, 20, "phase", IN_BOTH, "game phase per Long leaper") \
    S(PHASE_CHAMELEON, "phase.chameleon", 4, 0, 20, "phase", IN_BOTH, "game phase per Chameleon")  \
    S(PHASE_WITHDRAWER, "phase.withdrawer", 2, 0, 20, "phase", IN_BOTH,                            \
      "game phase per Withdrawer")                                                                 \
    S(PHASE_IMMOBILIZER, "phase.immobilizer", 4, 0, 20, "phase", IN_BOTH,                          \
      "game phase per Immobilizer")                                                                \
    S(PHASE_MAGE, "phase.mage", 7, 0, 20, "phase", IN_MAXIMA, "game phase per Mage")               \
    S(PHASE_GUARD, "phase.guard", 3, 0, 20, "phase", IN_MAXIMA, "game phase per Guard")            \
    S(PHASE_PAWN, "phase.pawn", 1, 0, 20, "phase", IN_MARTIAN, "game phase per pawn")              \
    S(PHASE_DRONE, "phase.drone", 2, 0, 20, "phase", IN_MARTIAN, "game phase per drone")           \
    S(PHASE_QUEEN, "phase.queen", 3, 0, 20, "phase", IN_MARTIAN, "game phase per queen")           \
    S(NMP_REDUCTION, "search.nmp_reduction", 3, 2, 6, "search", IN_ALL,                            \
      "null move: depth of the reply search is depth minus this (plies)")                          \
    S(NMP_MIN_DEPTH, "search.nmp_min_depth", 3, 1, 10, "search", IN_ALL, "null move: least depth") \
    S(LMR_MIN_DEPTH, "search.lmr_min_depth", 3, 2, 10, "search", IN_ALL,                           \
      "late-move reductions: least depth")                                                         \
    S(LMR_MIN_MOVES, "search.lmr_min_moves", 4, 1, 40, "search", IN_ALL,                           \
      "late-move reductions: legal moves searched before reducing")                                \
    S(LMR_LATE_MOVES, "search.lmr_late_moves", 12, 2, 80, "search", IN_ALL,                        \
      "late-move reductions: past this many legal moves, reduce one ply more")                     \
    S(RFP_DEPTH, "search.rfp_depth", 0, 0, 8, "search", IN_ALL,                                    \
      "reverse futility: greatest depth it applies at (0: off)")                                   \
    S(RFP_MARGIN, "search.rfp_margin", 150, 0, 2000, "search", IN_ALL,                             \
      "reverse futility: cut when static eval - margin * depth >= beta (centipawns a ply)")        \
    S(ASPIRATION, "search.aspiration", 0, 0, 1000, "search", IN_ALL,                               \
      "aspiration window: half-width from depth 4 on (centipawns; 0: off)")                        \
    S(CHECK_EXTENSION, "search.check_extension", 0, 0, 1, "selective", IN_ALL,                     \
      "check extension: a side in check searches one ply deeper (1: on, 0: off)")                  \
    S(LMP_DEPTH, "search.lmp_depth", 0, 0, 8, "selective", IN_ALL,                                 \
      "late-move pruning: greatest depth it applies at (0: off)")                                  \
    S(LMP_MOVES, "search.lmp_moves", 3, 0, 60, "selective", IN_ALL,                                \
      "late-move pruning: at depth d, quiet moves after this + d * d legal moves are not "         \
      "searched")                                                                                  \
    S(FUTILITY_DEPTH, "search.futility_depth", 0, 0, 6, "selective", IN_ALL,                       \
      "futility pruning: greatest depth it applies at (0: off)")                                   \
    S(FUTILITY_MARGIN, "search.futility_margin", 200, 0, 2000, "selective", IN_ALL,                \
      "futility pruning: no quiet move when static eval + margin * depth <= alpha (centipawns a "  \
      "ply)")                                                                                      \
    S(HISTORY_MALUS, "search.history_malus", 0, 0, 1, "selective", IN_ALL,                         \
      "history: a quiet cut-off move's earlier quiet siblings lose what it gains (1: on, 0: off)")

#define TERM_ENUM(e, name, v1, lo, hi, group, games, sign, doc) T_##e,
#define PST_TERM_ENUM(e, n, g, gp) PST_ROWS(TERM_ENUM, e, n, g, gp)
#define ZPST_TERM_ENUM(e, n) ZONED_PST_ROWS(TERM_ENUM, e, n)
/* The evaluation terms, in weight-table order: the scalar terms, the piece-square tables of
 * Maxima's and Ultima's types, then those of the zoned games' types. */
enum Term {
    EVAL_TERMS(TERM_ENUM) T_PST_FIRST,
    T_PST_BEFORE = T_PST_FIRST - 1,
    PST_TYPES(PST_TERM_ENUM) T_ZPST_FIRST,
    T_ZPST_BEFORE = T_ZPST_FIRST - 1,
    ZONED_PST_TYPES(ZPST_TERM_ENUM) T_NB
};
#undef ZPST_TERM_ENUM
#undef PST_TERM_ENUM
#undef TERM_ENUM

#define PAIR_ENUM(e, name, v1, lo, hi, group, games, sign, doc) W_##e##_MG, W_##e##_EG,
#define PST_PAIR_ENUM(e, n, g, gp) PST_ROWS(PAIR_ENUM, e, n, g, gp)
#define ZPST_PAIR_ENUM(e, n) ZONED_PST_ROWS(PAIR_ENUM, e, n)
#define SINGLE_ENUM(e, name, v1, lo, hi, group, games, doc) W_##e,
enum WeightIndex {
    EVAL_TERMS(PAIR_ENUM) PST_TYPES(PST_PAIR_ENUM) ZONED_PST_TYPES(ZPST_PAIR_ENUM)
        SINGLE_WEIGHTS(SINGLE_ENUM) W_NB,
    W_PHASE_FIRST = W_PHASE_PINCER,
    W_PHASE_LAST = W_PHASE_QUEEN,
    W_SEARCH_FIRST = W_NMP_REDUCTION
};
#undef SINGLE_ENUM
#undef ZPST_PAIR_ENUM
#undef PST_PAIR_ENUM
#undef PAIR_ENUM

_Static_assert(W_PHASE_FIRST == 2 * T_NB, "terms first, in pairs");
_Static_assert(T_ZPST_FIRST - T_PST_FIRST == (KING - PINCER + 1) * PST_TYPE_TERMS,
               "one table a type");
_Static_assert(T_NB - T_ZPST_FIRST == (QUEEN - PAWN + 1) * ZPST_TYPE_TERMS,
               "one zoned table a type");

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
_Static_assert(T_DRONE - T_PAWN == DRONE - PAWN && T_QUEEN - T_PAWN == QUEEN - PAWN &&
                   T_MOB_DRONE - T_MOB_PAWN == DRONE - PAWN &&
                   T_MOB_QUEEN - T_MOB_PAWN == QUEEN - PAWN &&
                   T_ATTACK_DRONE - T_ATTACK_PAWN == DRONE - PAWN &&
                   T_ATTACK_QUEEN - T_ATTACK_PAWN == QUEEN - PAWN &&
                   W_PHASE_DRONE - W_PHASE_PAWN == DRONE - PAWN &&
                   W_PHASE_QUEEN - W_PHASE_PAWN == QUEEN - PAWN &&
                   W_PHASE_PAWN == W_PHASE_GUARD + 1,
               "the zoned games' terms in piece-type order");
_Static_assert(T_FROZEN_COORDINATOR - T_FROZEN_PINCER == COORDINATOR - PINCER &&
                   T_FROZEN_LEAPER - T_FROZEN_PINCER == LEAPER - PINCER &&
                   T_FROZEN_CHAMELEON - T_FROZEN_PINCER == CHAMELEON - PINCER &&
                   T_FROZEN_WITHDRAWER - T_FROZEN_PINCER == WITHDRAWER - PINCER &&
                   T_FROZEN_IMMOBILIZER - T_FROZEN_PINCER == IMMOBILIZER - PINCER,
               "frozen-piece terms in piece-type order");

/* The material term of piece type t (PINCER..GUARD, PAWN..QUEEN). */
static inline int weight_material(int t)
{
    return t >= PAWN ? T_PAWN + t - PAWN : T_PINCER + t - PINCER;
}

/* The mobility term of piece type t (PINCER..KING, PAWN..QUEEN). */
static inline int weight_mobility(int t)
{
    return t >= PAWN ? T_MOB_PAWN + t - PAWN : T_MOB_PINCER + t - PINCER;
}

/* The piece type of material term m (T_PINCER..T_GUARD, T_PAWN..T_QUEEN). */
static inline int weight_piece_type(int m)
{
    return m >= T_PAWN ? PAWN + m - T_PAWN : PINCER + m - T_PINCER;
}

/* True when term m is a material term (a piece type's value). */
static inline bool weight_is_material(int m)
{
    return (m >= T_PINCER && m <= T_GUARD) || (m >= T_PAWN && m <= T_QUEEN);
}

/* The phase weight of piece type t (PINCER..GUARD, PAWN..QUEEN; the phase weights follow each
 * other: W_PHASE_PAWN comes right after W_PHASE_GUARD). */
static inline int weight_phase(int t)
{
    return t >= PAWN ? W_PHASE_PAWN + t - PAWN : W_PHASE_PINCER + t - PINCER;
}

/* The piece-square terms of a zoned game's piece type t (PAWN..QUEEN) on file f (0..3) and
 * rank r (0..3) of its owner's half, both counted from the owner's corner. */
static inline int weight_zpst_file(int t, int f)
{
    return T_ZPST_FIRST + (t - PAWN) * ZPST_TYPE_TERMS + f;
}
static inline int weight_zpst_rank(int t, int r)
{
    return T_ZPST_FIRST + (t - PAWN) * ZPST_TYPE_TERMS + ZPST_FILE_NB + r;
}

/* The frozen-piece term of piece type t (PINCER..IMMOBILIZER; Ultima's). */
static inline int weight_frozen(int t) { return T_FROZEN_PINCER + t - PINCER; }

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
    const char *group, *doc; /* doc: the meaning on Maxima's board (weights_doc: on a game's) */
    unsigned games;          /* the games that have the weight: IN_MAXIMA, IN_ULTIMA bits */
    WeightSign sign;         /* the sign its meaning fixes (SIGN_FREE: none; single weights) */
} WeightDef;

extern const WeightDef weight_defs[W_NB];

/* The terms' names ("pincer", "pst_file.king.a"): a term's weights are "<name>.mg", "<name>.eg". */
extern const char *const weight_term_names[T_NB];

/* True when game v has weight i (the games column of its row). */
static inline bool weights_in_game(const Variant *v, int i)
{
    return (weight_defs[i].games >> v->id) & 1u;
}

/* True when game v has term t (both of its weights). */
static inline bool weights_term_in_game(const Variant *v, int t)
{
    return weights_in_game(v, weight_mg(t));
}

/* How many weights game v has (Maxima: 420, all the table had before Ultima's own rows;
 * Ultima: 304). */
int weights_game_count(const Variant *v);

/* The meaning of weight i told on game v's board: the row's, but Ultima's piece-square files
 * and ranks are counted on its 8 x 8 board from each side's own corner. */
const char *weights_doc(const Variant *v, int i);

/* A weight vector, indexed by enum WeightIndex. Every game's vector has every weight of the
 * table; those a game lacks are 0 in its vectors (weights_keep_game) and count nothing. */
typedef struct Weights {
    int v[W_NB];
} Weights;

/* The v1 values of the table (configs/v1.weights). */
void weights_v1(Weights *w);

/* The built-in default: v1 with the tuned values of search/default.weights. */
void weights_default(Weights *w);

/* The second generation, pinned: v1 with the values of configs/v2.weights (embedded by the
 * build), the default of the tune-strength pipeline, kept as it is when the default moves on. */
void weights_v2(Weights *w);

/* The names of the built-in sets, as a config's path words ("a|b": not a file name); "start"
 * is each game's start table (weights_start). */
#define WEIGHTS_BUILTIN "default|v1|v2|material|start"

/* Whether name names a built-in set of WEIGHTS_BUILTIN. */
bool weights_is_builtin(const char *name);

/* Material only: the v1 piece values, every other evaluation weight 0 (phase weights and search
 * parameters keep their v1 values). */
void weights_material_only(Weights *w);

/* Sets every weight game v does not have to 0. */
void weights_keep_game(Weights *w, const Variant *v);

/* Ultima's start table: v1 with ChessV's published piece values (withdrawer 310, coordinator
 * 290, chameleon 430, long leaper 530, immobilizer 820) and, per frozen piece of each type, a
 * quarter of that type's value off (ChessV: "an immobilized piece loses 25% of its value":
 * frozen.pincer -25, frozen.coordinator -73, frozen.long_leaper -133, frozen.chameleon -108,
 * frozen.withdrawer -78, frozen.immobilizer -205); the King-attack and suicide terms start at 0
 * (the v1 rule for new terms) and the weights Ultima lacks are 0. */
void weights_ultima(Weights *w);

/* Ultima's built-in default: weights_ultima with the tuned values of search/ultima.weights (the
 * final weights of results/ultima-tune). */
void weights_ultima_default(Weights *w);

/* Martian Chess's start table: the official points (a pawn 100, a drone 200, a queen 300, a
 * point of the score 100), the tempo of the other games (10), every other term 0 (the v1 column
 * of its rows). */
void weights_martian(Weights *w);

/* Martian Chess's built-in default: weights_martian with the values of search/martian.weights. */
void weights_martian_default(Weights *w);

/* Four-player Martian Chess's start table: two-player Martian Chess's (the same terms, counted
 * per team). */
void weights_martian4(Weights *w);

/* Four-player Martian Chess's built-in default: weights_martian4 with the values of
 * search/martian4.weights. */
void weights_martian4_default(Weights *w);

/* Game v's built-in default (Maxima: weights_default; Ultima, Martian Chess: their own). */
void weights_game_default(Weights *w, const Variant *v);

/* Game v's fixed hand-set table, the start values of its weights files: Maxima's v1, Ultima's
 * weights_ultima (openings are judged with it, so they never change with a default). */
void weights_start(Weights *w, const Variant *v);

/* Loads a weights file for a player of game v on top of its start values (Maxima: v1; Ultima:
 * weights_ultima; Martian Chess: weights_martian); "default", "v1", "v2", "material" and "start"
 * name the built-in sets ("default": the game's, weights_game_default; "start": its start table,
 * also named "ultima" in Ultima). A weight of the table that v lacks is refused: "file:line:
 * 'mage' is not an Ultima weight". */
bool weights_load_game(Weights *w, const char *path, const Variant *v, char *err, size_t errlen);

/* Whether value x of weight i contradicts the sign its meaning fixes (a reward below 0, a
 * penalty above 0). */
static inline bool weights_sign_contradicts(int i, int x) { return weight_defs[i].sign * x < 0; }

/* The weights of game v whose value in w contradicts the sign their meaning fixes, in table
 * order, into idx (at most max; idx may be NULL with max 0 to count them); returns how many. */
int weights_sign_contradictions(const Weights *w, const Variant *v, int *idx, int max);

/* Index of a weight of the table by its full name ("pincer.mg", "search.aspiration"), whatever
 * the game, or -1. */
int weights_find(const char *name);

/* Index of a term of the table by its name ("pincer"), whatever the game, or -1. */
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

/* Resolves a parameter name (a weight's or a term's) of game v into the weights it moves; false
 * with "unknown weight 'x'" or "'x' is not an Ultima weight" in why (why may be NULL). */
bool weights_term_game(const Variant *v, const char *name, WeightSet *out, char *why,
                       size_t whylen);

/* weights_term_game for Maxima. */
bool weights_term(const char *name, WeightSet *out);

/* The set of term t's two weights. */
void weights_term_set(int t, WeightSet *out);

/* Expands a group name into the indices of game v's weights in it, each its own parameter;
 * returns how many (at most max), or -1 if the group is unknown. Groups: "@all"; "@eval" (every
 * term weight: what a fit of the evaluation sees); "@phase"; "@search"; and "@<group>" for the
 * table's groups (material, mobility, freezing, palace, king, tempo, pincer, pst). A group of the
 * table that v has no weight of (Ultima's @palace) gives 0. */
int weights_group_game(const Variant *v, const char *name, int *idx, int max);

/* weights_group_game for Maxima. */
int weights_group(const char *name, int *idx, int max);

/* weights_load_game for Maxima: a built-in set (WEIGHTS_BUILTIN) or a file read on top of v1. */
bool weights_load(Weights *w, const char *path, char *err, size_t errlen);

/* Writes w as a valid weights file of game v: its weights only, grouped, one commented line
 * each. */
void weights_write_game(const Weights *w, const Variant *v, FILE *out);

/* weights_write_game for Maxima. */
void weights_write(const Weights *w, FILE *out);

/* Writes w to path atomically (temporary file, then rename) as a weights file of game v; false
 * with a message on error. */
bool weights_save_game(const Weights *w, const Variant *v, const char *path, char *err,
                       size_t errlen);

/* weights_save_game for Maxima. */
bool weights_save(const Weights *w, const char *path, char *err, size_t errlen);

#endif
