/* tournament_config.c: the [tournament] section's rows (see tournament_config.h). */
#include "tournament_config.h"

#include <string.h>

#include "tune/play/match_config.h"
#include "tune/play/player_config.h"
#include "tune/run/config_schema.h"

static const ConfigKey TOURNAMENT_KEYS[] = {
    KEY_ENUM(TournamentConfig, format, "round_robin|gauntlet", "round_robin", OPTIONAL,
             "round_robin: every two players meet; gauntlet: [engine_a] meets every other"),
    KEY_INT(TournamentConfig, pairs, "1", "1000000", "50", "game pairs per pairing"),
    KEY_STR_EMPTY_CHECK(TournamentConfig, anchor, "", player_check_name,
                        "the player whose rating is held at anchor_elo, \"\" = [engine_a]'s"),
    KEY_REAL(TournamentConfig, anchor_elo, "-100000", "100000", "0", "the anchor's rating"),
    KEY_REAL(TournamentConfig, draws, "0", "1000", "0",
             "virtual draws between every two players who met (a prior for perfect scores)"),
};

static const ConfigSection TOURNAMENT_SECTIONS[] = {
    {"tournament", NULL,
     "a tournament of [engine_a], [engine_b], [engine_c], ... (job = tournament)", "tournament",
     false},
};

static bool tournament_check(const Config *cfg, ConfigCheck *ck);

static const ConfigPart TOURNAMENT_PART = {
    .group = "TournamentConfig",
    .size = sizeof(TournamentConfig),
    .sections = TOURNAMENT_SECTIONS,
    .nsections = CONFIG_COUNT(TOURNAMENT_SECTIONS),
    .keys = TOURNAMENT_KEYS,
    .nkeys = CONFIG_COUNT(TOURNAMENT_KEYS),
    .check = tournament_check,
};

void tournament_config_register(void) { config_register(&TOURNAMENT_PART); }

const TournamentConfig *tournament_config(const Config *cfg)
{
    return config_fields(cfg, &TOURNAMENT_PART, 0);
}

TournamentConfig *tournament_config_edit(Config *cfg)
{
    return config_fields_edit(cfg, &TOURNAMENT_PART, 0);
}

/* A tournament's players: different names, the anchor one of them, and no SPRT. */
static bool tournament_check(const Config *cfg, ConfigCheck *ck)
{
    if (strcmp(cfg->job, "tournament") != 0)
        return true;
    const TournamentConfig *tc = tournament_config(cfg);
    int n = player_count(cfg);
    bool anchored = !tc->anchor[0];
    for (int i = 0; i < n; i++) {
        const char *name = player_config(cfg, i)->name;
        for (int j = 0; j < i; j++)
            if (!strcmp(name, player_config(cfg, j)->name))
                return config_check_fail(ck, player_section(i), "name",
                                         "[%s] name = %s is [%s]'s name too: players need "
                                         "different names",
                                         player_section(i), name, player_section(j));
        anchored = anchored || !strcmp(name, tc->anchor);
    }
    if (!anchored)
        return config_check_fail(ck, "tournament", "anchor",
                                 "[tournament] anchor = %s is not the name of a player",
                                 tc->anchor);
    if (match_config(cfg)->sprt)
        return config_check_fail(ck, "match", "sprt",
                                 "[match] sprt: a tournament plays all its pairs (no SPRT); set "
                                 "sprt = false");
    return true;
}
