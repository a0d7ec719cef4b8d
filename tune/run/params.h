/* params.h: the tuning parameters a config names ([fit] params, [spsa] params, [pipeline]
 * fit_params and spsa_params): a comma-separated list whose items are
 *     a weight's or a term's name   one parameter moving the weights of weights_term() together
 *                                   (one value for all of them);
 *     "@group" (and "all" = "@all") every weight of weights_group(), each its own parameter.
 * No weight may be moved by two parameters. Names and groups are those of one game's table
 * (params_parse_game; params_parse: Maxima's), so a run of a game tunes its weights only. */
#ifndef MAXTUNE_PARAMS_H
#define MAXTUNE_PARAMS_H

#include <stdbool.h>
#include <stddef.h>

#include "search/weights.h"
#include "tune/run/config.h"
#include "tune/run/config_schema.h"

enum { PARAMS_MAX = W_NB, PARAM_NAME_MAX = 64 };

/* Ultima's piece types as a list: the default of the lists of pieces in its runs ([spsa]
 * params, [fit] params, [values] types), Maxima's less the Mage and the Guard. */
#define PARAMS_ULTIMA_PIECES "pincer,coordinator,long_leaper,chameleon,withdrawer,immobilizer"

/* Martian Chess's piece types as a list (its runs' default lists of pieces). */
#define PARAMS_MARTIAN_PIECES "pawn,drone,queen"

/* One tuning parameter: its name (the term's, or the weight's) and the weights it moves. */
typedef struct TuneParam {
    char name[PARAM_NAME_MAX];
    WeightSet set;
} TuneParam;

/* Parses list, names and groups of game v's weights (weights_term_game, weights_group_game),
 * into out[0..*n-1] (at most max); false with the problem in err ("unknown weight 'x'", "'mage'
 * is not an Ultima weight", "group '@palace' has no Ultima weight", "'x' given twice", ...). */
bool params_parse_game(const Variant *v, const char *list, TuneParam *out, int max, int *n,
                       char *err, size_t errlen);

/* params_parse_game for Maxima (what every tuner reads today). */
bool params_parse(const char *list, TuneParam *out, int max, int *n, char *err, size_t errlen);

/* A config StringCheck: true when list parses as a list of some game's weights (Maxima's
 * message in msg otherwise); params_check_run then judges it by the run's game. */
bool params_check(const char *list, char *msg, size_t len);

/* A part's check across sections (config_schema.h) of [section] key: true when list parses as
 * the run's game's (cfg's [run] variant); else false after config_check_fail, at the key,
 * "[section] key = list: problem". */
bool params_check_run(const Config *cfg, ConfigCheck *ck, const char *section, const char *key,
                      const char *list);

/* The start value of a parameter: the mean of its weights' values in w. */
double params_value(const WeightSet *set, const Weights *w);

/* Sets every weight of set to v in w. */
void params_assign(const WeightSet *set, Weights *w, int v);

/* The widest range every weight of set allows: [max of the mins, min of the maxes]. */
void params_range(const WeightSet *set, int *lo, int *hi);

#endif
