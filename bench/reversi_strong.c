/* The Reversi panel's strong opponent (issue 35), written from its description:
 * negamax alpha-beta to 8 plies (iterative deepening, a transposition table
 * for move ordering), leaves judged by an edge table (every configuration of
 * each of the four edges), X-squares beside an empty corner, mobility and
 * frontier; the game solved exactly (final disc margin) from 16 empty squares.
 * Compiled by bench/reversi_strong.py; squares as in games/reversi/board.py
 * (a1 = bit 0, h1 = bit 7, a8 = bit 56). */
#include <stdint.h>
#include <string.h>

typedef uint64_t u64;
#define INF 1000000
#define END_SCORE 100000

static const u64 NOT_A = 0xfefefefefefefefeULL; /* no file a: for shifts to higher files */
static const u64 NOT_H = 0x7f7f7f7f7f7f7f7fULL;

static u64 shift(u64 b, int dir) {
    switch (dir) {
    case 0: return (b << 1) & NOT_A;
    case 1: return (b >> 1) & NOT_H;
    case 2: return b << 8;
    case 3: return b >> 8;
    case 4: return (b << 9) & NOT_A;
    case 5: return (b << 7) & NOT_H;
    case 6: return (b >> 7) & NOT_A;
    default: return (b >> 9) & NOT_H;
    }
}

static u64 moves_of(u64 own, u64 opp) {
    u64 empty = ~(own | opp), out = 0;
    for (int d = 0; d < 8; d++) {
        u64 run = shift(own, d) & opp;
        for (int i = 0; i < 5; i++) run |= shift(run, d) & opp;
        out |= shift(run, d) & empty;
    }
    return out;
}

static u64 flips_of(u64 own, u64 opp, u64 disc) {
    u64 out = 0;
    for (int d = 0; d < 8; d++) {
        u64 run = 0, x = shift(disc, d);
        while (x & opp) { run |= x; x = shift(x, d); }
        if (x & own) out |= run;
    }
    return out;
}

static int edge_table[6561];
static int edge_squares[4][8] = {
    {0, 1, 2, 3, 4, 5, 6, 7}, {56, 57, 58, 59, 60, 61, 62, 63},
    {0, 8, 16, 24, 32, 40, 48, 56}, {7, 15, 23, 31, 39, 47, 55, 63}};
static int ready = 0;

/* One edge's value for "own" (cells: 0 empty, 1 own, 2 opponent). */
static int edge_value(const int *c) {
    static const int weight[8] = {30, -6, 4, 2, 2, 4, -6, 30};
    int v = 0;
    for (int i = 0; i < 8; i++) {
        int w = weight[i];
        if ((i == 1 && c[0] != 0) || (i == 6 && c[7] != 0)) w = 3; /* C-square behind a taken corner */
        if (c[i] == 1) v += w;
        else if (c[i] == 2) v -= w;
    }
    for (int side = 0; side < 2; side++) { /* stable runs from a corner */
        int start = side ? 7 : 0, step = side ? -1 : 1;
        int who = c[start];
        if (!who) continue;
        for (int i = start; i >= 0 && i < 8 && c[i] == who; i += step) v += who == 1 ? 4 : -4;
    }
    return v;
}

static void init(void) {
    int c[8];
    for (int k = 0; k < 6561; k++) {
        int x = k;
        for (int i = 0; i < 8; i++) { c[i] = x % 3; x /= 3; }
        edge_table[k] = edge_value(c);
    }
    ready = 1;
}

static int evaluate(u64 own, u64 opp) {
    int v = 0;
    for (int e = 0; e < 4; e++) {
        int k = 0;
        for (int i = 7; i >= 0; i--) {
            int sq = edge_squares[e][i];
            k = k * 3 + (own >> sq & 1 ? 1 : opp >> sq & 1 ? 2 : 0);
        }
        v += edge_table[k];
    }
    static const int xs[4][2] = {{9, 0}, {14, 7}, {49, 56}, {54, 63}};
    u64 taken = own | opp;
    for (int i = 0; i < 4; i++) {
        if (taken >> xs[i][1] & 1) continue;
        if (own >> xs[i][0] & 1) v -= 15;
        else if (opp >> xs[i][0] & 1) v += 15;
    }
    int mobility = __builtin_popcountll(moves_of(own, opp)) - __builtin_popcountll(moves_of(opp, own));
    u64 empty = ~taken, around = 0;
    for (int d = 0; d < 8; d++) around |= shift(empty, d);
    int frontier = __builtin_popcountll(around & opp) - __builtin_popcountll(around & own);
    return v + 4 * mobility + frontier;
}

static int final_margin(u64 own, u64 opp) {
    int m = __builtin_popcountll(own) - __builtin_popcountll(opp);
    return m;
}

#define TT_SIZE (1 << 18)
typedef struct { u64 own, opp; int8_t best; } Entry;
static Entry tt[TT_SIZE];
static long nodes;

static unsigned slot(u64 own, u64 opp) {
    u64 h = own * 0x9E3779B97F4A7C15ULL ^ (opp + 0x632BE59BD9B4E019ULL) * 0xC2B2AE3D27D4EB4FULL;
    return (unsigned)(h >> 46) & (TT_SIZE - 1);
}

static int order(u64 own, u64 opp, u64 moves, int *out) {
    static const int rank[64] = {
        0, 6, 2, 3, 3, 2, 6, 0, 6, 7, 4, 4, 4, 4, 7, 6, 2, 4, 1, 1, 1, 1, 4, 2, 3, 4, 1, 5, 5, 1, 4, 3,
        3, 4, 1, 5, 5, 1, 4, 3, 2, 4, 1, 1, 1, 1, 4, 2, 6, 7, 4, 4, 4, 4, 7, 6, 0, 6, 2, 3, 3, 2, 6, 0};
    int n = 0;
    Entry *e = &tt[slot(own, opp)];
    int hint = (e->own == own && e->opp == opp) ? e->best : -1;
    int keys[64];
    while (moves) {
        int sq = __builtin_ctzll(moves);
        moves &= moves - 1;
        out[n] = sq;
        keys[n] = sq == hint ? -100 : rank[sq];
        n++;
    }
    for (int i = 1; i < n; i++) { /* insertion sort by key */
        int s = out[i], k = keys[i], j = i - 1;
        while (j >= 0 && keys[j] > k) { out[j + 1] = out[j]; keys[j + 1] = keys[j]; j--; }
        out[j + 1] = s; keys[j + 1] = k;
    }
    return n;
}

static int fastest_first(u64 own, u64 opp, u64 moves, int *out) {
    int n = 0, keys[64];
    while (moves) {
        int sq = __builtin_ctzll(moves);
        moves &= moves - 1;
        u64 d = 1ULL << sq, f = flips_of(own, opp, d);
        keys[n] = __builtin_popcountll(moves_of(opp ^ f, own | d | f));
        out[n++] = sq;
    }
    for (int i = 1; i < n; i++) {
        int s = out[i], k = keys[i], j = i - 1;
        while (j >= 0 && keys[j] > k) { out[j + 1] = out[j]; keys[j + 1] = keys[j]; j--; }
        out[j + 1] = s; keys[j + 1] = k;
    }
    return n;
}

/* Midgame negamax; exact when the game ends inside the horizon. */
static int search(u64 own, u64 opp, int depth, int alpha, int beta, int passed) {
    nodes++;
    u64 moves = moves_of(own, opp);
    if (!moves) {
        if (passed || !moves_of(opp, own)) {
            int m = final_margin(own, opp);
            return m > 0 ? END_SCORE + m : m < 0 ? -END_SCORE + m : 0;
        }
        return -search(opp, own, depth, -beta, -alpha, 1);
    }
    if (depth == 0) return evaluate(own, opp);
    int list[64], n = order(own, opp, moves, list), best = -INF, best_sq = list[0];
    for (int i = 0; i < n; i++) {
        u64 d = 1ULL << list[i], f = flips_of(own, opp, d);
        int v = -search(opp ^ f, own | d | f, depth - 1, -beta, -alpha, 0);
        if (v > best) { best = v; best_sq = list[i]; }
        if (v > alpha) alpha = v;
        if (alpha >= beta) break;
    }
    Entry *e = &tt[slot(own, opp)];
    e->own = own; e->opp = opp; e->best = (int8_t)best_sq;
    return best;
}

/* The final margin under best play. */
static int solve(u64 own, u64 opp, int alpha, int beta, int passed) {
    nodes++;
    u64 moves = moves_of(own, opp);
    if (!moves) {
        if (passed || !moves_of(opp, own)) return final_margin(own, opp);
        return -solve(opp, own, -beta, -alpha, 1);
    }
    int list[64], n = __builtin_popcountll(~(own | opp)) > 6 ? fastest_first(own, opp, moves, list)
                                                              : order(own, opp, moves, list);
    int best = -INF;
    for (int i = 0; i < n; i++) {
        u64 d = 1ULL << list[i], f = flips_of(own, opp, d);
        int v = -solve(opp ^ f, own | d | f, -beta, -alpha, 0);
        if (v > best) best = v;
        if (v > alpha) alpha = v;
        if (alpha >= beta) break;
    }
    return best;
}

/* The opponent's square for "own" to move (-1: no move); solves from end_empties. */
int strong_move(u64 own, u64 opp, int depth, int end_empties) {
    if (!ready) init();
    u64 moves = moves_of(own, opp);
    if (!moves) return -1;
    int empties = __builtin_popcountll(~(own | opp));
    int list[64], n, best_sq = __builtin_ctzll(moves);
    if (empties <= end_empties) {
        n = fastest_first(own, opp, moves, list);
        int alpha = -65;
        for (int i = 0; i < n; i++) {
            u64 d = 1ULL << list[i], f = flips_of(own, opp, d);
            int v = -solve(opp ^ f, own | d | f, -65, -alpha, 0);
            if (v > alpha) { alpha = v; best_sq = list[i]; }
        }
        return best_sq;
    }
    for (int ply = 1; ply <= depth; ply++) {
        n = order(own, opp, moves, list);
        int alpha = -INF;
        for (int i = 0; i < n; i++) {
            u64 d = 1ULL << list[i], f = flips_of(own, opp, d);
            int v = -search(opp ^ f, own | d | f, ply - 1, -INF, -alpha, 0);
            if (v > alpha) { alpha = v; best_sq = list[i]; }
        }
        Entry *e = &tt[slot(own, opp)];
        e->own = own; e->opp = opp; e->best = (int8_t)best_sq;
    }
    return best_sq;
}

long strong_nodes(void) { return nodes; }
void strong_reset(void) { memset(tt, 0, sizeof tt); nodes = 0; }
