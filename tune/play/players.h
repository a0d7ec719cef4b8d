/* players.h: how a player of a config plays and how it is described. A player is an [engine_*]
 * section: the in-process engine with its weights, or an external engine (its command and
 * options), with its per-move limits (nodes, depth, movetime) and its time control. Every game
 * of every job is set up from its section here, and every report describes it with the text
 * here. */
#ifndef MAXTUNE_PLAYERS_H
#define MAXTUNE_PLAYERS_H

#include <stddef.h>

#include "tune/play/game.h"
#include "tune/play/player_config.h"

/* Loads the weights of player i of cfg ([engine_x] weights) for the run's game
 * (weights_load_game: in Maxima exactly weights_load); false with "[engine_x] weights: problem"
 * in err. */
bool player_weights(const Config *cfg, int i, Weights *w, char *err, size_t errlen);

/* The network of player i of cfg ([engine_x] net), loaded once per process and shared by every
 * engine that plays it (NULL in *net when the player has none); false with "[engine_x] net:
 * problem" in err when it cannot be read or is another game's. */
bool player_net(const Config *cfg, int i, const Network **net, char *err, size_t errlen);

/* The network at path, from the same store (loaded on first use); NULL with the problem in err. */
const Network *player_net_at(const char *path, char *err, size_t errlen);

/* The per-move search limits of a player's section (0: no such limit). */
SearchLimits player_limits(const EngineConfig *e);

/* Sets up p to play for section e: the in-process engine with weights w, or the external
 * process proc (not NULL for a section with a command), with e's limits, move timeout and
 * time control. */
void player_setup(Player *p, const EngineConfig *e, Engine *engine, EngineProc *proc,
                  const Weights *w);

/* How player_describe writes: PLAYER_PROSE for a sentence of a report ("weights `v1`, 2000
 * nodes per move, time control 2+0.02"), PLAYER_CELLS for two cells of a table row, what plays
 * and its limits ("in-process, weights `v1` | 2000 nodes depth 3 tc 2+0.02"). */
typedef enum PlayerForm { PLAYER_PROSE, PLAYER_CELLS } PlayerForm;

/* What plays for section e and its limits, in Markdown: the weights of the in-process engine,
 * or the external engine's command and options; then the limits it is given (nodes, depth,
 * movetime, time control), which an external engine receives in its go commands. */
void player_describe(const EngineConfig *e, PlayerForm form, char *buf, size_t len);

/* The limits alone, as PLAYER_PROSE writes them ("2000 nodes per move", "depth 3 per move",
 * "50 ms per move", "time control 2+0.02"). */
void player_limits_text(const EngineConfig *e, char *buf, size_t len);

#endif
