/* engine_check.h: when an external engine's failures stop a run (README "Misbehaving
 * engines"), and what engines.log keeps ([run] engine_log).
 *
 * Before the first game, each external player is started once (engine_check_start): one that
 * cannot start (its program fails, it ends or says nothing before uciok) or cannot be told the
 * run's game (UCI_Variant) stops the run at once, and its [engine_x] options, and the options a
 * job will tune, are checked against the `option` lines it advertised. During the games (engine_check_game, after each game), every
 * fault is printed on the terminal as one line and logged; the run stops, the finished games
 * journaled, when an engine ends or says nothing before uciok, refuses an option, or loses
 * [match] fault_stop games (3) in a row the same way (same termination). A stop is kept
 * process-wide (the first one wins) and reported by engine_check_report_failure once the
 * games in progress are finished. */
#ifndef MAXTUNE_ENGINE_CHECK_H
#define MAXTUNE_ENGINE_CHECK_H

#include <stdbool.h>

#include "tune/play/engine_proc.h"
#include "tune/play/game.h"
#include "tune/play/player_config.h"
#include "tune/run/config.h"
#include "tune/run/journal.h"

/* An option a job will set to values in [min, max] (SPSA's [spsa] options). */
typedef struct EngineRange {
    const char *name;
    double min, max;
} EngineRange;

/* Starts the engine of ec ([section]) once for game v, as a game would (handshake, the game,
 * its options, isready), checks each of the nranges ranges (key names their config key, e.g.
 * "[spsa] options") against the advertised options, and quits it. EXIT_OK; EXIT_FAIL when it
 * cannot start, or EXIT_USAGE for an option (unknown, the wrong type, out of range, refused)
 * or a game it does not advertise: the one-line message printed. */
int engine_check_start(const EngineConfig *ec, const char *section, const Variant *v,
                       const EngineRange *ranges, int nranges, const char *key);

/* After game g (0 or 1) of the pair from opening_index, in which p played `colour`: a fault of
 * p (rec->fault == colour) is printed, logged in engines.log and its process killed; with
 * [run] engine_log = all every game's traffic is logged. False when the run must stop (the
 * reason kept for engine_check_report_failure). */
bool engine_check_game(EngineProc *p, const Config *cfg, long opening_index, int g, int colour,
                       const GameRecord *rec);

/* Whether an engine stopped the run. */
bool engine_check_stopped(void);

/* After a parallel region that failed: prints the engine's stop message and where the finished
 * games are when an engine stopped the run, else journal_report_failure(j, what). */
void engine_check_report_failure(const Journal *j, const char *what);

/* EXIT_FAIL with the message printed when all of games (> 0) were abandoned (the engines did
 * not play: such a run is never "finished"), else EXIT_OK. */
int engine_check_played(long games, long abandoned);

/* Forgets the faults counted and the stop (for tests that run several jobs in a process). */
void engine_check_reset(void);

#endif
