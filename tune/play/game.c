/* game.c: playing one game between two engines. */
#include "game.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/gamestate.h"
#include "core/makemove.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "tune/run/escape.h"
#include "tune/run/interrupt.h"
#include "tune/play/player_config.h"
#include "tune/play/match_config.h"

const char *game_termination_name(Termination t)
{
    static const char *const names[TERM_NB] = {"checkmate",
                                               "stalemate",
                                               "bare king",
                                               "invasion",
                                               "repetition",
                                               "maximum game length",
                                               "adjudication: draw",
                                               "adjudication: resign",
                                               "time forfeit",
                                               "rules infraction",
                                               "abandoned",
                                               "empty zone",
                                               "clock",
                                               "no moves"};
    return names[t];
}

const char *game_termination_text(Termination t, const Variant *v)
{
    return t == TERM_STALEMATE && v->stalemate_loses ? "stalemate (a loss)"
                                                     : game_termination_name(t);
}

bool game_termination_is_normal(Termination t)
{
    return t <= TERM_INVASION || t >= TERM_EMPTY_ZONE;
}

bool game_termination_in_game(Termination t, const Variant *v)
{
    if (t <= TERM_INVASION)
        return !variant_zoned(v);
    return t < TERM_EMPTY_ZONE || variant_zoned(v);
}

/* The end by the rules each termination stands for (GAME_ONGOING: none). */
static const GameState TERM_STATE[TERM_NB] = {
    [TERM_CHECKMATE] = GAME_CHECKMATE,   [TERM_STALEMATE] = GAME_STALEMATE,
    [TERM_BARE_KING] = GAME_BARE_KING,   [TERM_INVASION] = GAME_INVASION,
    [TERM_EMPTY_ZONE] = GAME_EMPTY_ZONE, [TERM_CLOCK] = GAME_CLOCK,
    [TERM_NO_MOVES] = GAME_NO_MOVES,
};

GameState game_termination_state(Termination t) { return TERM_STATE[t]; }

Termination game_state_termination(GameState s)
{
    int t = 0;
    while (t < TERM_NB - 1 && TERM_STATE[t] != s)
        t++;
    return (Termination)t;
}

const char *game_termination_pgn(Termination t)
{
    return game_termination_is_normal(t) ? "normal"
           : t <= TERM_ADJ_RESIGN        ? "adjudication"
                                         : game_termination_name(t);
}

long game_move_timeout(const Player *p)
{
    if (p->timeout_ms > 0)
        return p->timeout_ms;
    long ms = 10000 + p->limits.movetime_ms + (long)(p->limits.nodes / 1000);
    if (p->limits.depth > 0 && !p->limits.nodes && !p->limits.movetime_ms)
        ms += 60000;
    return ms;
}

/* Asks an external player for its move in pos (clock: the go arguments of the clocks, or ""),
 * waiting at most timeout ms: the move and the seconds it took, or MOVE_NONE with the
 * termination it earns in *term and the reason in rec->fault_why. started: the game's
 * ucinewgame was sent. */
static Move external_move(Player *p, const Position *pos, GameRecord *rec, bool *started,
                          const char *clock, long timeout, int *score, double *seconds,
                          Termination *term)
{
    static const Termination BY_STATUS[] = {TERM_ABANDONED, TERM_ABANDONED, TERM_TIME_FORFEIT,
                                            TERM_RULES_INFRACTION, TERM_ABANDONED};
    ProcStatus s = PROC_OK;
    *score = 0;
    if (!*started) {
        s = engine_proc_new_game(p->proc);
        *started = true;
    }
    char go[320], text[MOVE_STR_LEN];
    size_t k = 0;
    go[0] = '\0';
    if (p->limits.depth > 0)
        k += (size_t)snprintf(go + k, sizeof go - k, " depth %d", p->limits.depth);
    if (p->limits.nodes > 0)
        k += (size_t)snprintf(go + k, sizeof go - k, " nodes %llu",
                              (unsigned long long)p->limits.nodes);
    if (p->limits.movetime_ms > 0)
        k += (size_t)snprintf(go + k, sizeof go - k, " movetime %d", p->limits.movetime_ms);
    k += (size_t)snprintf(go + k, sizeof go - k, "%s", clock);
    *seconds = 0;
    if (s == PROC_OK)
        s = engine_proc_go(p->proc, &rec->opening, rec->moves, rec->nmoves, go + (k > 0), timeout,
                           text, sizeof text, score, seconds);
    rec->search_seconds += *seconds;
    if (s != PROC_OK) {
        *term = BY_STATUS[s];
        snprintf(rec->fault_why, sizeof rec->fault_why, "%s", p->proc->why);
        return MOVE_NONE;
    }
    Position copy = *pos;
    char err[160];
    Move m = notation_parse(&copy, text, err, sizeof err);
    if (m == MOVE_NONE) {
        *term = TERM_RULES_INFRACTION;
        snprintf(rec->fault_why, sizeof rec->fault_why, "bestmove '%.80s': %s", text, err);
        escape_in_place(rec->fault_why, sizeof rec->fault_why);
    }
    return m;
}

/* Number of earlier occurrences of the last key since the last capture, plus one. */
static int occurrences(const uint64_t *keys, int n, int floor)
{
    int count = 1;
    for (int i = n - 3; i >= floor; i -= 2)
        count += keys[i] == keys[n - 1];
    return count;
}

/* The clock arguments of go for the player to move (us): both clocks (a side without a time
 * control is given the mover's), the increments and, with sessions, movestogo. */
static void clock_go_args(Player *const *players, const long *clock_ms, const long *moves_made,
                          int us, char *out, size_t len)
{
    long ms[COLOR_NB], inc[COLOR_NB];
    for (int c = 0; c < COLOR_NB; c++) {
        int from = players[c]->tc.base_ms > 0 ? c : us;
        ms[c] = clock_ms[from];
        inc[c] = players[from]->tc.inc_ms;
    }
    int k = snprintf(out, len, " wtime %ld btime %ld winc %ld binc %ld", ms[WHITE], ms[BLACK],
                     inc[WHITE], inc[BLACK]);
    const TimeControl *tc = &players[us]->tc;
    if (tc->moves && k > 0 && (size_t)k < len)
        snprintf(out + k, len - (size_t)k, " movestogo %ld",
                 tc->moves - moves_made[us] % tc->moves);
}

/* The clocks of a game's time controls (players with tc.base_ms > 0). */
typedef struct GameClocks {
    long ms[COLOR_NB];    /* time left */
    long moves[COLOR_NB]; /* moves made, for sessions of tc.moves */
} GameClocks;

int game_cut_short_result(const Position *pos)
{
    if (!pos->variant->scores || pos->score[WHITE] == pos->score[BLACK])
        return 1;
    return pos->score[WHITE] > pos->score[BLACK] ? 2 : 0;
}

/* Ends the game when the rules, a stop request or an adjudication say so (rec's result and
 * termination set); the adjudication counters are the plies in which the engines agreed. */
static bool game_ended(Position *pos, const uint64_t *keys, int floor, const MatchConfig *mc,
                       int max_plies, const int counters[3], GameRecord *rec)
{
    Move legal[MAX_MOVES];
    GameState state = gamestate_from_count(pos, movegen_legal(pos, legal));
    int draw_plies = counters[0], white_losing = counters[1], black_losing = counters[2];
    if (state != GAME_ONGOING) { /* by the rules (zoned games: the higher score wins) */
        int winner = gamestate_winner(pos, state);
        rec->result = winner < 0 ? 1 : winner == WHITE ? 2 : 0;
        rec->term = game_state_termination(state);
    } else if (mc->repetition > 0 && occurrences(keys, rec->nmoves + 1, floor) >= mc->repetition) {
        rec->result = game_cut_short_result(pos);
        rec->term = TERM_REPETITION;
    } else if (rec->nmoves >= max_plies || interrupt_requested()) {
        /* A stop request cuts the game short here (recorded at the ply limit); the caller
         * abandons it (pair_task_keep). */
        rec->result = game_cut_short_result(pos);
        rec->term = TERM_MAX_PLIES;
    } else if (mc->draw_move_count > 0 && draw_plies >= 2 * mc->draw_move_count &&
               rec->nmoves / 2 + 1 >= mc->draw_move_number) {
        rec->result = game_cut_short_result(pos);
        rec->term = TERM_ADJ_DRAW;
    } else if (mc->resign_move_count > 0 && (white_losing >= 2 * mc->resign_move_count ||
                                             black_losing >= 2 * mc->resign_move_count)) {
        rec->result = white_losing ? 0 : 2;
        rec->term = TERM_ADJ_RESIGN;
    } else {
        return false;
    }
    return true;
}

/* The in-process player's move: a search with its limits, and with the budget `maxtune uci`
 * takes from a clock when it has one; *seconds is the time it took. */
static Move internal_move(Player *p, const Position *opening, GameRecord *rec,
                          const GameClocks *clocks, int us, int *score, double *seconds)
{
    SearchLimits limits = p->limits;
    double t0 = clock_now();
    if (p->tc.base_ms > 0) {
        int soft, hard;
        long togo = p->tc.moves ? p->tc.moves - clocks->moves[us] % p->tc.moves : 0;
        search_time_budget(clocks->ms[us], p->tc.inc_ms, togo, &soft, &hard);
        if (!limits.movetime_ms || hard < limits.movetime_ms)
            limits.movetime_ms = hard;
        engine_arm(p->engine, soft < limits.movetime_ms ? soft : limits.movetime_ms);
    }
    engine_set_position(p->engine, opening, rec->moves, rec->nmoves);
    Move m = engine_search(p->engine, &limits, score, NULL, NULL, NULL);
    *seconds = clock_now() - t0;
    rec->search_seconds += *seconds;
    return m;
}

/* Charges a move's time to the mover's clock (increment and session time added); false, with
 * the reason in rec, when the move came after the clock plus the margin ran out. */
static bool clock_charge(const Player *p, GameClocks *clocks, int us, double seconds,
                         long margin_ms, GameRecord *rec)
{
    long used = lround(seconds * 1000), left = clocks->ms[us];
    clocks->ms[us] = (used < left ? left - used : 0) + p->tc.inc_ms;
    if (p->tc.moves && ++clocks->moves[us] % p->tc.moves == 0)
        clocks->ms[us] += p->tc.base_ms;
    else if (!p->tc.moves)
        clocks->moves[us]++;
    if (used <= left + margin_ms)
        return true;
    snprintf(rec->fault_why, sizeof rec->fault_why,
             "took %ld ms with %ld ms on the clock (margin %ld ms)", used, left, margin_ms);
    return false;
}

void game_play(const Position *opening, Player *white, Player *black, const MatchConfig *mc,
               GameRecord *rec)
{
    uint64_t keys[GAME_MAX_PLIES + 1];
    int floor = 0, counters[3] = {0, 0, 0}; /* plies agreed: draw, White losing, Black losing */
    int max_plies = mc->max_plies < GAME_MAX_PLIES ? (int)mc->max_plies : GAME_MAX_PLIES;
    Position pos = *opening;
    Player *players[COLOR_NB] = {white, black};
    rec->opening = *opening;
    rec->nmoves = 0;
    rec->search_seconds = 0;
    rec->fault = -1;
    rec->fault_why[0] = '\0';
    bool started[COLOR_NB] = {false, false}; /* external players: ucinewgame sent */
    GameClocks clocks = {{white->tc.base_ms, black->tc.base_ms}, {0, 0}};
    keys[0] = pos.key;
    for (int c = 0; c < COLOR_NB; c++)
        if (!players[c]->proc) {
            engine_new_game(players[c]->engine);
            engine_set_weights(players[c]->engine, players[c]->weights);
            engine_set_defence(players[c]->engine, players[c]->defence ? players[c]->defence : 100);
            engine_set_partner_captures(players[c]->engine, !players[c]->no_partner_captures);
            if ((players[c]->net_path && !players[c]->net) ||
                !engine_set_net(players[c]->engine, players[c]->net)) {
                rec->result = c == WHITE ? 0 : 2;
                rec->term = TERM_ABANDONED;
                rec->fault = c;
                snprintf(rec->fault_why, sizeof rec->fault_why,
                         "its network %s could not be read or held", players[c]->net_path);
                return;
            }
        }
    while (!game_ended(&pos, keys, floor, mc, max_plies, counters, rec)) {
        int us = position_team(&pos), score; /* the player of the team to move */
        Player *p = players[us];
        bool timed = p->tc.base_ms > 0;
        double seconds;
        Move m;
        Termination term = TERM_TIME_FORFEIT;
        if (p->proc) {
            char clock[160] = "";
            long timeout = game_move_timeout(p);
            if (timed) {
                timeout = clocks.ms[us] + mc->tc_margin_ms;
                clock_go_args(players, clocks.ms, clocks.moves, us, clock, sizeof clock);
            }
            m = external_move(p, &pos, rec, &started[us], clock, timeout, &score, &seconds, &term);
        } else {
            m = internal_move(p, opening, rec, &clocks, us, &score, &seconds);
        }
        if (m != MOVE_NONE && timed &&
            !clock_charge(p, &clocks, us, seconds, mc->tc_margin_ms, rec)) {
            m = MOVE_NONE;
            term = TERM_TIME_FORFEIT;
        }
        if (m == MOVE_NONE) { /* the engine to move forfeits the game */
            rec->result = us == WHITE ? 0 : 2;
            rec->term = term;
            rec->fault = us;
            return;
        }
        int white_score = us == WHITE ? score : -score;
        Undo u;
        move_do(&pos, m, &u);
        rec->score[rec->nmoves] = (int16_t)(score > 32000    ? 32000
                                            : score < -32000 ? -32000
                                                             : score);
        rec->moves[rec->nmoves++] = m;
        if (u.ncap)
            floor = rec->nmoves;
        keys[rec->nmoves] = pos.key;
        /* Adjudication counters: consecutive plies in which the engines agree. */
        counters[0] = white_score <= mc->draw_score && white_score >= -mc->draw_score
                          ? counters[0] + 1
                          : 0;
        counters[1] = white_score <= -mc->resign_score ? counters[1] + 1 : 0;
        counters[2] = white_score >= mc->resign_score ? counters[2] + 1 : 0;
    }
}
