/* match_config.c: the [match] section: its rows and rules (see match_config.h). The reach of
 * the SPRT models is tune/stats' (stats_sprt_reachable), not a copy. */
#include "match_config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "tune/run/config_schema.h"
#include "tune/stats/stats.h"

/* [match] repetition: 1 would end every game at its first position. */
static bool rule_repetition(const void *fields, char *msg, size_t len)
{
    const MatchConfig *m = fields;
    if (m->repetition != 1)
        return true;
    snprintf(msg, len, "repetition = 1 would draw every game at once: use 0 (off) or 2..10");
    return false;
}

/* [match] SPRT hypotheses: elo0 must lie below elo1. */
static bool rule_sprt_bounds(const void *fields, char *msg, size_t len)
{
    const MatchConfig *m = fields;
    if (m->elo0 < m->elo1)
        return true;
    snprintf(msg, len, "elo0 (%g) must be below elo1 (%g)", m->elo0, m->elo1);
    return false;
}

/* [match] SPRT hypotheses the model can express (stats_sprt_reachable): fishtest's
 * MLE_t_value starts from the uniform pair distribution, whose secular equation has a root only
 * for |nElo| below stats_sprt_nelo_reach(); beyond it fishtest raises and the LLR is undefined.
 * Logistic hypotheses within the keys' range (+-1000) are all reachable, so only the normalized
 * model is checked. */
static bool rule_sprt_reach(const void *fields, char *msg, size_t len)
{
    const MatchConfig *m = fields;
    if (!m->sprt || strcmp(m->sprt_model, "normalized") != 0)
        return true;
    SprtConfig sc = {m->elo0, m->elo1, m->alpha, m->beta, SPRT_NORMALIZED};
    if (stats_sprt_reachable(&sc, NULL, 0))
        return true;
    double reach = stats_sprt_nelo_reach();
    snprintf(msg, len,
             "elo%d = %g is beyond what the normalized SPRT model can express (|nElo| must stay "
             "below %.2f; fishtest raises an error there): use smaller bounds, e.g. elo0 = 0, "
             "elo1 = 2",
             fabs(m->elo0) >= reach ? 0 : 1, fabs(m->elo0) >= reach ? m->elo0 : m->elo1, reach);
    return false;
}

static const ConfigKey MATCH_KEYS[] = {
    KEY_INT(MatchConfig, pairs, "1", "10000000", "100",
            "game pairs (each opening played with both colours)"),
    /* Its doc is written into every config.ini: kept as committed runs have it, though a book
     * may hold EPD lines too (openings.h). */
    KEY_STR(MatchConfig, openings, "random", OPTIONAL, NULL,
            "\"random\" or a file of FENs, one per line"),
    KEY_INT(MatchConfig, opening_plies, "0", "40", "8", "plies of a random opening"),
    KEY_INT(MatchConfig, opening_max_score, "0", "100000", "200",
            "skip random openings whose |eval| under the v1 weights exceeds this (centipawns)"),
    KEY_ENUM_SPARSE(MatchConfig, opening_order, "sequential|random", "sequential",
                    "a book's positions in file order, or in an order shuffled by the seed"),
    KEY_INT(MatchConfig, max_plies, "1", "10000", "400", "adjudicate a draw after this many plies"),
    KEY_INT(MatchConfig, repetition, "0", "10", "3",
            "draw on the N-th occurrence of a position, 0 = off"),
    KEY_INT(MatchConfig, draw_move_number, "0", "10000", "34",
            "draw adjudication starts at this move number"),
    KEY_INT(MatchConfig, draw_move_count, "0", "10000", "8",
            "draw after this many moves in a row with |score| <= draw_score, 0 = off"),
    KEY_INT(MatchConfig, draw_score, "0", "100000", "20", "draw adjudication bound (centipawns)"),
    KEY_INT(MatchConfig, resign_move_count, "0", "10000", "3",
            "resign after this many moves in a row with score <= -resign_score, 0 = off"),
    KEY_INT(MatchConfig, resign_score, "1", "100000", "600",
            "resign adjudication bound (centipawns)"),
    KEY_BOOL(MatchConfig, sprt, "false", "stop early by a sequential probability ratio test"),
    KEY_REAL(MatchConfig, elo0, "-1000", "1000", "0", "SPRT null hypothesis (Elo)"),
    KEY_REAL(MatchConfig, elo1, "-1000", "1000", "5", "SPRT alternative hypothesis (Elo)"),
    KEY_REAL(MatchConfig, alpha, "0.0001", "0.5", "0.05", "SPRT false positive rate"),
    KEY_REAL(MatchConfig, beta, "0.0001", "0.5", "0.05", "SPRT false negative rate"),
    KEY_ENUM(MatchConfig, sprt_model, "normalized|logistic", "normalized", OPTIONAL,
             "Elo model of the SPRT"),
    KEY_INT_NOT_RESULT(MatchConfig, checkpoint_seconds, "1", "3600", "5",
                       "write the results at least this often (seconds)"),
    KEY_INT(MatchConfig, tc_margin_ms, "0", "600000", "100",
            "with a time control, a move may overstep the clock by this many ms before it loses"),
    KEY_INT_SPARSE(MatchConfig, fault_stop, "0", "1000000", "3",
                   "stop the run when an external engine lost this many games in a row the same "
                   "way (0 = never)"),
};

static const ConfigSection MATCH_SECTIONS[] = {
    {"match", NULL, "how games are played and when a match stops", NULL, false},
};

static const ConfigRule MATCH_RULES[] = {
    {rule_repetition, {"repetition"}},
    {rule_sprt_bounds, {"elo0", "elo1"}},
    {rule_sprt_reach, {"elo0", "elo1", "sprt_model"}},
};

static const ConfigPathKey MATCH_PATHS[] = {{"openings", "random"}};

static const ConfigPart MATCH_PART = {
    .group = "MatchConfig",
    .size = sizeof(MatchConfig),
    .sections = MATCH_SECTIONS,
    .nsections = CONFIG_COUNT(MATCH_SECTIONS),
    .keys = MATCH_KEYS,
    .nkeys = CONFIG_COUNT(MATCH_KEYS),
    .rules = MATCH_RULES,
    .nrules = CONFIG_COUNT(MATCH_RULES),
    .paths = MATCH_PATHS,
    .npaths = CONFIG_COUNT(MATCH_PATHS),
};

void match_config_register(void) { config_register(&MATCH_PART); }

const MatchConfig *match_config(const Config *cfg) { return config_fields(cfg, &MATCH_PART, 0); }

MatchConfig *match_config_edit(Config *cfg) { return config_fields_edit(cfg, &MATCH_PART, 0); }
