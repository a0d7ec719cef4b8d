/* search.c: iterative deepening PVS with an optional aspiration window, a transposition table,
 * null-move pruning, reverse futility pruning, late-move reductions, killer and history
 * ordering, and a bounded capture search; switched on by the weights, a check extension,
 * late-move and futility pruning and a history malus. The pruning and reduction parameters are
 * weights of the "search" and "selective" groups (weights.h), so tuners can tune them. */
#include "search.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "core/attack.h"
#include "core/fen.h"
#include "core/gamestate.h"
#include "core/makemove.h"
#include "core/movegen.h"
#include "clock.h"
#include "bigtable.h"
#include "eval.h"

Engine *engine_new(size_t hash_mb)
{
    Engine *e = calloc(1, sizeof *e);
    if (!e)
        return NULL;
    if (!tt_init(&e->tt, hash_mb ? hash_mb : 1)) {
        free(e);
        return NULL;
    }
    e->eval_cache = bigtable_alloc(EVAL_CACHE_SIZE * sizeof *e->eval_cache);
    e->eval_epoch = 1; /* the zeroed slots are empty (search.h) */
    e->keys_cap = 1024;
    e->keys = malloc((size_t)e->keys_cap * sizeof *e->keys);
    if (!e->keys || !e->eval_cache) {
        free(e->keys);
        bigtable_free(e->eval_cache, EVAL_CACHE_SIZE * sizeof *e->eval_cache);
        tt_free(&e->tt);
        free(e);
        return NULL;
    }
    weights_default(&e->weights);
    eval_pst_build(&e->pst, &e->weights);
    e->defence = 100;
    Position start;
    fen_parse(&start, "start", NULL, 0);
    engine_set_position(e, &start, NULL, 0);
    return e;
}

void engine_free(Engine *e)
{
    if (!e)
        return;
    tt_free(&e->tt);
    free(e->keys);
    bigtable_free(e->eval_cache, EVAL_CACHE_SIZE * sizeof *e->eval_cache);
    free(e->frames);
    free(e);
}

void engine_new_game(Engine *e)
{
    tt_clear(&e->tt);
    memset(e->killers, 0, sizeof e->killers);
    memset(e->history, 0, sizeof e->history);
}

/* Empties the evaluation cache (a new epoch). */
static void eval_cache_reset(Engine *e)
{
    if (++e->eval_epoch == 0) { /* wrapped: empty the entries once */
        memset(e->eval_cache, 0, EVAL_CACHE_SIZE * sizeof *e->eval_cache);
        e->eval_epoch = 1;
    }
}

void engine_set_weights(Engine *e, const Weights *w)
{
    e->weights = *w;
    eval_pst_build(&e->pst, w);
    eval_cache_reset(e);
}

bool engine_set_net(Engine *e, const Network *net)
{
    if (net && !e->frames) {
        e->frames = aligned_alloc(64, (MAX_PLY + 1) * sizeof *e->frames);
        if (!e->frames)
            return false;
    }
    if (net != e->net)
        eval_cache_reset(e);
    e->net = net;
    return true;
}

void engine_set_defence(Engine *e, int pct)
{
    if (pct != e->defence)
        eval_cache_reset(e);
    e->defence = pct;
}

void engine_set_partner_captures(Engine *e, bool allowed) { e->no_partner_captures = !allowed; }

/* Drops from the n moves of list (and their marks, where there are) the captures of a
 * partner's piece (for an engine that may not play them: engine_set_partner_captures) when its
 * own team (the root's) is to move: the opponents keep theirs. A list of every move (`all`)
 * keeps them when no other move would be left. Returns the count left. */
static __attribute__((noinline)) int drop_partner_captures(const Engine *e, Move *list, bool *marks,
                                                           int n, bool all)
{
    if (e->pos.variant->players != 4 || position_team(&e->pos) != position_team(&e->root))
        return n;
    int k = 0;
    for (int i = 0; i < n; i++)
        if (!move_takes_partner(&e->pos, list[i])) {
            if (marks)
                marks[k] = marks[i];
            list[k++] = list[i];
        }
    return k || !all ? k : n;
}

/* Has the search's position keep the sums of the engine's table of material, piece-square
 * terms and phase weights (EvalPst) through make and unmake, for the evaluation to read; with a
 * network that is the whole evaluation, which does not read them, none. */
static void attach_sums(Engine *e)
{
    bool sums = !e->net || e->net->base == NNUE_BASE_WEIGHTS;
    position_attach_sums(&e->pos, sums ? e->pst.v[e->pos.variant->id] : NULL);
}

/* The network's evaluation of the node at ply: its accumulators brought up to date from the
 * nearest fresh node above it on the path. */
static int evaluate_net(Engine *e, int ply)
{
    NnueFrame *f = e->frames;
    int k = ply;
    while (!f[k].fresh)
        k--;
    for (k++; k <= ply; k++) {
        nnue_apply(e->net, &f[k - 1].acc, &f[k].acc, &f[k].delta);
        f[k].fresh = true;
    }
    return nnue_evaluate(e->net, &f[ply].acc, &e->pos);
}

/* Computes the root's accumulators afresh, with a network (the search starts at ply 0). */
static void nnue_root(Engine *e)
{
    if (!e->net)
        return;
    nnue_refresh(e->net, &e->pos, &e->frames[0].acc);
    e->frames[0].fresh = true;
}

/* Notes, with a network, what move m (played into e->pos with undo record u) changed, for the
 * child at ply + 1; m MOVE_NONE: a null move, which changes nothing. */
static inline void nnue_push(Engine *e, int ply, Move m, const Undo *u)
{
    if (!e->net)
        return;
    NnueFrame *f = &e->frames[ply + 1];
    f->fresh = false;
    if (m == MOVE_NONE)
        f->delta.nsub = f->delta.nadd = 0;
    else
        nnue_delta(&e->pos, m, u, &f->delta);
}

/* Static evaluation of the node at ply through the engine's cache (the key includes the side to
 * move; the slots' layout: search.h). */
static int evaluate(Engine *e, int ply)
{
    uint64_t key = e->pos.key, *slot = &e->eval_cache[key & (EVAL_CACHE_SIZE - 1)];
    uint64_t tag = (key ^ (uint64_t)e->eval_epoch * EVAL_EPOCH_MIX) & ~EVAL_SLOT_SCORE;
    if (*slot != 0 && (*slot & ~EVAL_SLOT_SCORE) == tag)
        return (int16_t)(*slot & EVAL_SLOT_SCORE);
    int score = e->net ? evaluate_net(e, ply) : 0;
    if (!e->net || e->net->base == NNUE_BASE_WEIGHTS) /* the network adds to the weights' */
        score += eval_evaluate_pst(&e->pos, &e->weights, &e->pst);
    if (e->defence != 100) {
        int extra = eval_defence(&e->pos, &e->weights, e->defence_side);
        int s = score + (e->defence - 100) * extra / 100, cap = SCORE_MATE_BOUND - 1;
        score = s > cap ? cap : s < -cap ? -cap : s;
    }
    if (score >= INT16_MIN && score <= INT16_MAX)
        *slot = tag | (uint16_t)score;
    return score;
}

/* Asks for the cache lines the search of the position just reached reads first: its
 * evaluation cache slot, and its transposition entry when `tt` (a main-search child with depth
 * left: the capture search never reads the table). */
static inline void prefetch_child(const Engine *e, bool tt)
{
    if (tt)
        tt_prefetch(&e->tt, e->pos.key);
    __builtin_prefetch(&e->eval_cache[e->pos.key & (EVAL_CACHE_SIZE - 1)]);
}

/* Doubles the key history's capacity. */
static bool grow_keys(Engine *e)
{
    uint64_t *k = realloc(e->keys, (size_t)e->keys_cap * 2 * sizeof *k);
    if (!k)
        return false;
    e->keys = k;
    e->keys_cap *= 2;
    return true;
}

/* Appends a key to the history, growing it when needed. */
static bool push_key(Engine *e, uint64_t key)
{
    if (e->nkeys == e->keys_cap && !grow_keys(e))
        return false;
    e->keys[e->nkeys++] = key;
    return true;
}

bool engine_set_position(Engine *e, const Position *start, const Move *moves, int nmoves)
{
    e->pos = *start;
    e->nkeys = 0;
    e->rep_floor = 0;
    if (!push_key(e, e->pos.key))
        return false;
    for (int i = 0; i < nmoves; i++) {
        Undo u;
        move_do(&e->pos, moves[i], &u);
        if (u.ncap)
            e->rep_floor = e->nkeys; /* no position before a capture can come back */
        if (!push_key(e, e->pos.key))
            return false;
    }
    /* Room for the search path, so the search itself never reallocates. (Growing through
     * push_key only grew a full table: with 945..1023 keys this loop never ended.) */
    while (e->keys_cap < e->nkeys + MAX_PLY + QS_MAX_DEPTH + 8)
        if (!grow_keys(e))
            return false;
    return true;
}

/* True when the current position (last key) occurred before since the last capture. */
static bool is_repetition(const Engine *e, int floor)
{
    uint64_t key = e->keys[e->nkeys - 1];
    for (int i = e->nkeys - 3; i >= floor; i -= 2)
        if (e->keys[i] == key)
            return true;
    return false;
}

/* Checks the node and time limits, the watched flag and the listener; sets the stop flag when
 * one says so. */
static inline bool out_of_budget(Engine *e)
{
    if (atomic_load_explicit(&e->stop, memory_order_relaxed))
        return true;
    if (e->node_limit && e->nodes >= e->node_limit) {
        atomic_store(&e->stop, 1);
        return true;
    }
    if ((e->nodes & 1023) == 0 &&
        ((e->deadline > 0 && clock_now() >= e->deadline) || (e->abort && *e->abort) ||
         (e->listen && e->listen(e->listen_data)))) {
        atomic_store(&e->stop, 1);
        return true;
    }
    return false;
}

/* Mate scores are stored in the hash relative to the node, not the root. */
static int score_to_tt(int s, int ply)
{
    return s > SCORE_MATE_BOUND ? s + ply : s < -SCORE_MATE_BOUND ? s - ply : s;
}
static int score_from_tt(int s, int ply)
{
    return s > SCORE_MATE_BOUND ? s - ply : s < -SCORE_MATE_BOUND ? s + ply : s;
}

/* True when colour us's King is attacked; never in a zoned game, which has no King. */
static inline bool king_attacked(const Position *pos, int us)
{
    return !pos->zoned && attack_king_attacked(pos, us);
}

/* The score of a zoned game that ended in state s with pos's side to move, at ply: a win or a
 * loss of the side to move's team as mates are scored, a draw 0 (gamestate_winner). */
static int zoned_end_score(const Position *pos, GameState s, int ply)
{
    int winner = gamestate_winner(pos, s);
    if (winner < 0)
        return 0;
    return winner == position_team(pos) ? SCORE_MATE - ply : -SCORE_MATE + ply;
}

/* Material value of the pieces on the n squares caps (a King counts as a win). */
static int captured_value(const Engine *e, const Square *caps, int n)
{
    int value = 0;
    for (int i = 0; i < n; i++) {
        int t = piece_type(e->pos.board[caps[i]]);
        value += t == KING ? SCORE_MATE : e->weights.v[weight_mg(weight_material(t))];
    }
    return value;
}

/* Material value of what a move captures (0 for a suicide or a quiet move). */
static int capture_value(const Engine *e, Move m)
{
    Square caps[MAX_CAPTURES];
    if (move_is_suicide(m))
        return 0;
    return captured_value(e, caps, move_captures(&e->pos, m, caps));
}

/* The squares one move captures, kept from its ordering for move_do_captures. */
typedef struct Captures {
    uint8_t n;
    Square sq[MAX_CAPTURES];
} Captures;

/* capture_value, keeping m's captured squares in c (a suicide's too: the mover). */
static int capture_value_kept(const Engine *e, Move m, Captures *c)
{
    int n = move_captures(&e->pos, m, c->sq);
    c->n = (uint8_t)n;
    return move_is_suicide(m) ? 0 : captured_value(e, c->sq, n);
}

/* Gives each move an ordering score: hash move, captures by value, killers, history. The
 * capturing moves are those the generation marked tactical (movegen_pseudo_marked), so the
 * quiet moves never have their captures computed. */
static void score_moves(const Engine *e, const Move *moves, const bool *tactical, int *scores,
                        int n, Move tt_move, int ply)
{
    int side = position_team(&e->pos); /* the history's row: the team to move */
    bool zoned = e->pos.zoned;
    for (int i = 0; i < n; i++) {
        Move m = moves[i];
        /* a zoned game's captures are the moves onto a piece that do not merge, clock calls
         * too */
        bool capture = zoned ? !(m & MOVE_MERGE) && e->pos.board[move_to(m)] != EMPTY : tactical[i];
        int value = capture ? capture_value(e, m) : 0;
        if (m == tt_move)
            scores[i] = 1 << 30;
        else if (capture)
            scores[i] = (1 << 24) + value;
        else if (move_is_suicide(m))
            scores[i] = -(1 << 24);
        else if (ply < MAX_PLY && m == e->killers[ply][0])
            scores[i] = (1 << 22) + 1;
        else if (ply < MAX_PLY && m == e->killers[ply][1])
            scores[i] = 1 << 22;
        else
            scores[i] = e->history[side][move_from(m)][move_to(m)];
    }
}

/* Moves the best-scored remaining move to index i (selection sort step); returns the index it
 * came from. */
static int pick_move(Move *moves, int *scores, int n, int i)
{
    int top = scores[i];
    for (int j = i + 1; j < n; j++) /* the highest score: a loop the compiler vectorises */
        top = scores[j] > top ? scores[j] : top;
    int best = i;
    while (scores[best] != top) /* its first place, as a strict scan would pick */
        best++;
    Move m = moves[i];
    moves[i] = moves[best];
    moves[best] = m;
    int s = scores[i];
    scores[i] = scores[best];
    scores[best] = s;
    return best;
}

/* True when the side to move has at least one legal move. */
static bool has_legal_move(Engine *e)
{
    Move moves[MAX_MOVES];
    int n = movegen_pseudo(&e->pos, moves);
    for (int i = 0; i < n; i++)
        if (movegen_is_legal(&e->pos, moves[i]))
            return true;
    return false;
}

/* Bare King or invasion: the side to move loses, unless it has no legal move (rule 8.1 comes
 * first: then it is checkmate or stalemate). Returns true and the score when the game ended. */
static bool special_game_end(Engine *e, int ply, int *score)
{
    if (e->pos.zoned) { /* an empty zone or a clock run down (docs/rules/martian.md 7) */
        if (!position_zoned_over(&e->pos))
            return false;
        *score = zoned_end_score(&e->pos, gamestate_from_count(&e->pos, 1), ply);
        return true;
    }
    if (!gamestate_bare_king(&e->pos) && !gamestate_invaded(&e->pos))
        return false;
    if (has_legal_move(e))
        *score = -SCORE_MATE + ply;
    else
        *score = king_attacked(&e->pos, e->pos.side) || e->pos.variant->stalemate_loses
                     ? -SCORE_MATE + ply
                     : 0;
    return true;
}

/* The PV at ply: move m, then the PV of ply + 1. */
static inline void pv_update(Engine *e, int ply, Move m)
{
    e->pv[ply][0] = m;
    memcpy(&e->pv[ply][1], e->pv[ply + 1], (size_t)e->pvlen[ply + 1] * sizeof(Move));
    e->pvlen[ply] = e->pvlen[ply + 1] + 1;
}

/* Capture search: stand pat, then captures and palace entries, at most QS_MAX_DEPTH deep. With
 * pv (engine_quiet_leaf only; the main search never asks) it keeps its principal variation in
 * e->pv[ply], so that the main search's PV is the same as without. */
static int qsearch(Engine *e, int alpha, int beta, int ply, int qdepth, bool pv)
{
    if (pv)
        e->pvlen[ply] = 0;
    e->nodes++;
    if (out_of_budget(e))
        return 0;
    int end;
    if (special_game_end(e, ply, &end))
        return end;
    int stand = evaluate(e, ply);
    if (stand >= beta || qdepth >= QS_MAX_DEPTH || ply >= MAX_PLY - 1)
        return stand;
    if (stand > alpha)
        alpha = stand;

    Move moves[MAX_MOVES];
    int scores[MAX_MOVES];
    int us = e->pos.side;
    Bitboard palace = position_geo(&e->pos)->palace_mask[!us];
    int k = movegen_tactical(&e->pos, palace, moves);
    if (e->no_partner_captures)
        k = drop_partner_captures(e, moves, NULL, k, false);
    /* with few moves, each one's captures are kept from the ordering for playing it */
    Captures caps[QS_KEEP_CAPTURES];
    bool keep = k <= QS_KEEP_CAPTURES;
    for (int i = 0; i < k; i++) {
        scores[i] = (keep ? capture_value_kept(e, moves[i], &caps[i])
                          : capture_value(e, moves[i])) +
                    ((palace & bb_square(move_to(moves[i]))) ? 1000 : 0);
    }
    int best = stand;
    for (int i = 0; i < k; i++) {
        int b = pick_move(moves, scores, k, i);
        Undo u;
        if (keep) {
            Captures c = caps[b];
            caps[b] = caps[i];
            caps[i] = c;
            move_do_captures(&e->pos, moves[i], c.sq, c.n, &u);
        } else {
            move_do(&e->pos, moves[i], &u);
        }
        if (king_attacked(&e->pos, us)) {
            move_undo(&e->pos, moves[i], &u);
            continue;
        }
        nnue_push(e, ply, moves[i], &u);
        prefetch_child(e, false);
        e->keys[e->nkeys++] = e->pos.key;
        int s = -qsearch(e, -beta, -alpha, ply + 1, qdepth + 1, pv);
        e->nkeys--;
        move_undo(&e->pos, moves[i], &u);
        if (atomic_load_explicit(&e->stop, memory_order_relaxed))
            return 0;
        if (s > best) {
            best = s;
            if (s > alpha) {
                alpha = s;
                if (pv)
                    pv_update(e, ply, moves[i]);
                if (s >= beta)
                    break;
            }
        }
    }
    return best;
}

bool engine_quiet_leaf(Engine *e, QuietLeaf *out)
{
    e->nodes = 0;
    e->node_limit = 0;
    e->deadline = 0;
    atomic_store(&e->stop, 0);
    attach_sums(e);
    nnue_root(e);
    out->score = qsearch(e, -SCORE_INF, SCORE_INF, 0, 0, true);
    out->nmoves = e->pvlen[0];
    memcpy(out->moves, e->pv[0], (size_t)out->nmoves * sizeof(Move));
    position_attach_sums(&e->pos, NULL);
    if (atomic_load(&e->stop))
        return false;
    Position root = e->pos;
    for (int i = 0; i < out->nmoves; i++) {
        Undo u;
        move_do(&e->pos, out->moves[i], &u);
    }
    int end;
    bool game_end = special_game_end(e, out->nmoves, &end) || !has_legal_move(e);
    out->leaf = e->pos;
    e->pos = root;
    return !game_end;
}

/* How many legal moves a node searches before it cuts its quiet moves: late-move pruning cuts
 * them after search.lmp_moves + depth^2 at depth <= search.lmp_depth, futility pruning after
 * the first when the static evaluation plus search.futility_margin a ply cannot reach alpha at
 * depth <= search.futility_depth. Never at a PV node or in check (exempt). INT_MAX: no cut. */
static int prune_quiet_after(Engine *e, int depth, int alpha, bool exempt, int ply)
{
    const int *param = e->weights.v;
    if (exempt)
        return INT_MAX;
    int after = INT_MAX;
    if (depth <= param[W_LMP_DEPTH])
        after = param[W_LMP_MOVES] + depth * depth;
    if (depth <= param[W_FUTILITY_DEPTH] && alpha < SCORE_MATE_BOUND &&
        evaluate(e, ply) + param[W_FUTILITY_MARGIN] * depth <= alpha)
        after = 1;
    return after;
}

/* A quiet move cut off at ply: it becomes the first killer and its history gains depth^2; with
 * tried (the history malus), the quiet moves searched before it at this node lose as much. */
static void reward_cut(Engine *e, int ply, int depth, Move m, const Move *tried, int ntried)
{
    int us = position_team(&e->pos); /* the history's row: the team to move */
    if (e->killers[ply][0] != m) {
        e->killers[ply][1] = e->killers[ply][0];
        e->killers[ply][0] = m;
    }
    int bonus = depth * depth;
    int *h = &e->history[us][move_from(m)][move_to(m)];
    *h += bonus;
    bool halve = *h > (1 << 20);
    for (int i = 0; tried && i < ntried; i++) {
        int *t = &e->history[us][move_from(tried[i])][move_to(tried[i])];
        *t -= bonus;
        halve = halve || *t < -(1 << 20);
    }
    if (halve)
        for (int a = 0; a < SQ_NB; a++)
            for (int b = 0; b < SQ_NB; b++)
                e->history[us][a][b] /= 2;
}

/* Principal variation search. */
static int negamax(Engine *e, int depth, int alpha, int beta, int ply, bool allow_null)
{
    bool pv_node = beta - alpha > 1;
    const int *param = e->weights.v;
    int us = e->pos.side;
    e->pvlen[ply] = 0;
    /* Check extension: a side in check gets its full ply, at the horizon too (the capture search
     * would stand pat in check), until the path is twice the iteration's depth. checked: whether
     * the side to move is in check, -1 until it is asked (it is asked once a node). */
    int checked = -1;
    if (param[W_CHECK_EXTENSION] && ply > 0 && ply < 2 * e->root_depth) {
        checked = king_attacked(&e->pos, us);
        depth += checked;
    }
    /* Repeating a position draws, but in a zoned game (docs/rules/martian.md 7). */
    bool repeats = !e->pos.zoned;
    if (depth <= 0) {
        /* A repetition is a draw at the horizon too (qsearch does not look for one). */
        if (repeats && ply > 0 && is_repetition(e, e->rep_floor))
            return 0;
        return qsearch(e, alpha, beta, ply, 0, false);
    }
    e->nodes++;
    if (out_of_budget(e))
        return 0;
    if (repeats && ply > 0 && is_repetition(e, e->rep_floor))
        return 0;
    int end;
    if (special_game_end(e, ply, &end))
        return end;
    if (ply >= MAX_PLY - 1)
        return evaluate(e, ply);

    /* Mate distance pruning: no result can beat a mate already found nearer the root. */
    if (ply > 0) {
        alpha = alpha > -SCORE_MATE + ply ? alpha : -SCORE_MATE + ply;
        beta = beta < SCORE_MATE - ply - 1 ? beta : SCORE_MATE - ply - 1;
        if (alpha >= beta)
            return alpha;
    }

    uint64_t key = e->pos.key;
    const TTEntry *tte = tt_probe(&e->tt, key);
    Move tt_move = tte ? tte->move : MOVE_NONE;
    if (tte && !pv_node && tte->depth >= depth && ply > 0) {
        int s = score_from_tt(tte->score, ply);
        if (tte->bound == BOUND_EXACT || (tte->bound == BOUND_LOWER && s >= beta) ||
            (tte->bound == BOUND_UPPER && s <= alpha))
            return s;
    }

    bool in_check = checked >= 0 ? checked : king_attacked(&e->pos, us);

    /* Reverse futility: far enough above beta at low depth, the position is good enough. */
    if (!pv_node && !in_check && depth <= param[W_RFP_DEPTH] && ply > 0) {
        int static_eval = evaluate(e, ply);
        if (static_eval - param[W_RFP_MARGIN] * depth >= beta && static_eval < SCORE_MATE_BOUND)
            return static_eval;
    }

    /* Null move: if passing still fails high, the position is good enough to cut. Not in a
     * zoned game: its positions change hands with the canal crossings, and a pass would carry
     * the last crossing and the clock to the other side. */
    if (allow_null && !pv_node && !in_check && !e->pos.zoned && depth >= param[W_NMP_MIN_DEPTH] &&
        bb_popcount(e->pos.by_color[us]) > 3) {
        int static_eval = evaluate(e, ply);
        if (static_eval >= beta) {
            int saved_floor = e->rep_floor;
            e->pos.side ^= 1;
            e->pos.key ^= zobrist_side;
            e->keys[e->nkeys++] = e->pos.key;
            e->rep_floor = e->nkeys - 1; /* a pass breaks repetition chains */
            nnue_push(e, ply, MOVE_NONE, NULL);
            int s = -negamax(e, depth - param[W_NMP_REDUCTION], -beta, -beta + 1, ply + 1, false);
            e->nkeys--;
            e->rep_floor = saved_floor;
            e->pos.side ^= 1;
            e->pos.key ^= zobrist_side;
            if (atomic_load_explicit(&e->stop, memory_order_relaxed))
                return 0;
            if (s >= beta)
                return s > SCORE_MATE_BOUND ? beta : s;
        }
    }

    /* Late-move and futility pruning: how many legal moves come before the quiet moves are cut
     * (INT_MAX: none are). */
    int quiet_cut = prune_quiet_after(e, depth, alpha, pv_node || in_check, ply);

    Move moves[MAX_MOVES], quiets[MAX_MOVES];
    int scores[MAX_MOVES];
    bool tactical[MAX_MOVES];
    int n = movegen_pseudo_marked(&e->pos, moves, tactical), nquiets = 0;
    if (e->no_partner_captures)
        n = drop_partner_captures(e, moves, tactical, n, true);
    score_moves(e, moves, tactical, scores, n, tt_move, ply);
    int best = -SCORE_INF, legal = 0, old_alpha = alpha;
    Move best_move = MOVE_NONE;
    for (int i = 0; i < n; i++) {
        pick_move(moves, scores, n, i);
        Move m = moves[i];
        bool quiet = scores[i] < (1 << 24) && m != tt_move;
        /* The moves still to come are quiet too: they are picked best first. */
        if (quiet && legal >= quiet_cut && best > -SCORE_MATE_BOUND)
            break;
        Undo u;
        move_do(&e->pos, m, &u);
        if (king_attacked(&e->pos, us)) {
            move_undo(&e->pos, m, &u);
            continue;
        }
        legal++;
        nnue_push(e, ply, m, &u);
        prefetch_child(e, depth > 1);
        int saved_floor = e->rep_floor;
        if (u.ncap)
            e->rep_floor = e->nkeys;
        e->keys[e->nkeys++] = e->pos.key;
        int s;
        if (legal == 1) {
            s = -negamax(e, depth - 1, -beta, -alpha, ply + 1, true);
        } else {
            /* Late quiet moves are searched one ply shallower first. */
            int r = (quiet && depth >= param[W_LMR_MIN_DEPTH] && legal > param[W_LMR_MIN_MOVES] &&
                     !in_check)
                        ? 1 + (legal > param[W_LMR_LATE_MOVES])
                        : 0;
            s = -negamax(e, depth - 1 - r, -alpha - 1, -alpha, ply + 1, true);
            if (s > alpha && (r || pv_node))
                s = -negamax(e, depth - 1, -beta, -alpha, ply + 1, true);
        }
        e->nkeys--;
        e->rep_floor = saved_floor;
        move_undo(&e->pos, m, &u);
        if (atomic_load_explicit(&e->stop, memory_order_relaxed))
            return 0;
        if (s > best) {
            best = s;
            best_move = m;
            if (s > alpha) {
                alpha = s;
                pv_update(e, ply, m);
                if (s >= beta) {
                    if (quiet && ply < MAX_PLY)
                        reward_cut(e, ply, depth, m, param[W_HISTORY_MALUS] ? quiets : NULL,
                                   nquiets);
                    break;
                }
            }
        }
        if (quiet)
            quiets[nquiets++] = m;
    }
    if (legal == 0 && e->pos.zoned) /* no legal move (every move is legal): scored as the clock */
        return zoned_end_score(&e->pos, GAME_NO_MOVES, ply);
    if (legal == 0)
        return in_check || e->pos.variant->stalemate_loses ? -SCORE_MATE + ply : 0;
    int bound = best >= beta ? BOUND_LOWER : alpha > old_alpha ? BOUND_EXACT : BOUND_UPPER;
    tt_store(&e->tt, key, best_move, score_to_tt(best, ply), depth, bound);
    return best;
}

/* One iteration at the root: with an aspiration window (search.aspiration > 0, from depth 4) a
 * window around the previous score, widened on the failing side until the score falls inside;
 * otherwise the full window. */
static int root_search(Engine *e, int depth, int previous)
{
    int delta = e->weights.v[W_ASPIRATION];
    if (delta <= 0 || depth < 4 || previous > SCORE_MATE_BOUND || previous < -SCORE_MATE_BOUND)
        return negamax(e, depth, -SCORE_INF, SCORE_INF, 0, false);
    int alpha = previous - delta, beta = previous + delta;
    for (;;) {
        int s = negamax(e, depth, alpha, beta, 0, false);
        if (atomic_load_explicit(&e->stop, memory_order_relaxed))
            return s;
        if (s <= alpha && alpha > -SCORE_INF)
            alpha = s - delta > -SCORE_INF ? s - delta : -SCORE_INF;
        else if (s >= beta && beta < SCORE_INF)
            beta = s + delta < SCORE_INF ? s + delta : SCORE_INF;
        else
            return s;
        delta *= 2;
    }
}

/* Splits a clock into a move's soft and hard limits (search.h). */
void search_time_budget(long time_ms, long inc_ms, long movestogo, int *soft, int *hard)
{
    long left = time_ms - SEARCH_OVERHEAD_MS;
    left = left > 1 ? left : 1;
    long share = left / (movestogo > 0 ? movestogo : SEARCH_MOVES_TO_GO) + inc_ms / 4 * 3;
    long h = share * 3 < left / 2 ? share * 3 : left / 2;
    long s = share / 2 < h ? share / 2 : h;
    *hard = h > 1 ? (int)h : 1;
    *soft = s > 1 ? (int)s : 1;
}

void engine_arm(Engine *e, int soft_ms)
{
    atomic_store(&e->stop, 0);
    e->armed = true;
    e->armed_soft_ms = soft_ms;
}

Move engine_search(Engine *e, const SearchLimits *limits, int *score, SearchInfo *last,
                   SearchInfoFn info, void *data)
{
    e->root = e->pos;
    if (e->defence != 100 && e->defence_side != e->root.side) {
        e->defence_side = e->root.side; /* the cache's scores defended the other colour */
        eval_cache_reset(e);
    }
    e->nodes = 0;
    e->node_limit = limits->nodes;
    e->start_time = clock_now();
    e->deadline = limits->movetime_ms > 0 ? e->start_time + limits->movetime_ms / 1000.0 : 0;
    e->soft_deadline = 0;
    if (e->armed) {
        e->armed = false; /* engine_arm cleared the flag; a stop since then is for this search */
        if (e->armed_soft_ms > 0)
            e->soft_deadline = e->start_time + e->armed_soft_ms / 1000.0;
    } else {
        atomic_store(&e->stop, 0);
    }
    e->tt.generation = (uint8_t)((e->tt.generation + 1) & 63);
    attach_sums(e); /* e->pos = e->root at the end drops them */
    nnue_root(e);
    int max_depth = limits->depth > 0 ? limits->depth : MAX_PLY - 2;
    if (!limits->depth && !limits->nodes && !limits->movetime_ms)
        max_depth = 6;
    if (max_depth > MAX_PLY - 2)
        max_depth = MAX_PLY - 2;

    Move legal[MAX_MOVES];
    int nlegal = movegen_legal(&e->pos, legal);
    GameState state = gamestate_from_count(&e->pos, nlegal);
    if (e->no_partner_captures) /* legal[0], the fallback, is one it plays */
        drop_partner_captures(e, legal, NULL, nlegal, true);
    Move best = MOVE_NONE;
    int best_score = gamestate_is_loss(&e->pos, state) ? -SCORE_MATE : 0;
    SearchInfo done = {0};
    if (state == GAME_ONGOING) {
        best = legal[0];
        for (int depth = 1; depth <= max_depth; depth++) {
            e->root_depth = depth;
            int s = root_search(e, depth, best_score);
            if (atomic_load(&e->stop)) {
                /* A root move searched completely in the stopped iteration is at least as good
                 * as the previous best, which was searched first. */
                if (e->pvlen[0] > 0)
                    best = e->pv[0][0];
                break;
            }
            best = e->pv[0][0];
            best_score = s;
            done.depth = depth;
            done.score = s;
            done.pvlen = e->pvlen[0];
            memcpy(done.pv, e->pv[0], (size_t)done.pvlen * sizeof(Move));
            done.nodes = e->nodes;
            done.seconds = clock_now() - e->start_time;
            if (info)
                info(&done, &e->root, data);
            if (s > SCORE_MATE_BOUND && SCORE_MATE - s <= depth)
                break; /* a mate found within the full-width depth cannot get shorter */
            if (e->soft_deadline > 0 && clock_now() >= e->soft_deadline)
                break; /* the next iteration would likely not finish in time */
        }
    }
    done.nodes = e->nodes;
    done.seconds = clock_now() - e->start_time;
    if (score)
        *score = best_score;
    if (last)
        *last = done;
    e->pos = e->root;
    return best;
}
