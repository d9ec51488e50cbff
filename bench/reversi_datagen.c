/* Training positions for the "hard" player's pattern evaluation (issue 35).
 * Self-play of the panel's depth-8 player (bench/reversi_strong.c, included
 * as is) at a chosen depth: a few random plies first, a small share of random
 * moves in the midgame, the game played out exactly from SOLVE empty squares.
 * Every position with a move is written as (own, opp, final margin for own):
 * two little-endian u64 and one int8, 17 bytes.
 *
 * Build: cc -O2 -o /tmp/reversi_datagen bench/reversi_datagen.c
 * Run:   /tmp/reversi_datagen GAMES SEED DEPTH > positions.bin */
#include <stdio.h>
#include <stdlib.h>
#include "reversi_strong.c"

#ifndef SOLVE
#define SOLVE 14
#endif
static u64 state;
static u64 next_random(void) {
    state ^= state << 13; state ^= state >> 7; state ^= state << 17;
    return state;
}

static int random_move(u64 moves) {
    int n = __builtin_popcountll(moves), pick = (int)(next_random() % (u64)n);
    while (pick--) moves &= moves - 1;
    return __builtin_ctzll(moves);
}

int main(int argc, char **argv) {
    long games = argc > 1 ? atol(argv[1]) : 1000;
    state = 0x9E3779B97F4A7C15ULL ^ (u64)(argc > 2 ? atol(argv[2]) : 1) * 0xD1B54A32D192ED03ULL;
    int depth = argc > 3 ? atoi(argv[3]) : 4;
    static u64 owns[80], opps[80];
    static int movers[80];
    for (long g = 0; g < games; g++) {
        u64 black = (1ULL << 28) | (1ULL << 35), white = (1ULL << 27) | (1ULL << 36);
        int mover = 0, count = 0, passes = 0, ply = 0;
        int opening = 2 + (int)(next_random() % 12);
        strong_reset();
        while (passes < 2) {
            u64 own = mover ? white : black, opp = mover ? black : white;
            u64 moves = moves_of(own, opp);
            if (!moves) { passes++; mover ^= 1; continue; }
            passes = 0;
            int empties = __builtin_popcountll(~(own | opp)), sq;
            owns[count] = own; opps[count] = opp; movers[count] = mover; count++;
            if (ply < opening || (empties > 20 && next_random() % 100 < 4)) sq = random_move(moves);
            else sq = strong_move(own, opp, depth, SOLVE);
            u64 d = 1ULL << sq, f = flips_of(own, opp, d);
            own |= d | f; opp ^= f;
            if (mover) { white = own; black = opp; } else { black = own; white = opp; }
            mover ^= 1; ply++;
        }
        int margin = __builtin_popcountll(black) - __builtin_popcountll(white);
        for (int i = 0; i < count; i++) {
            signed char m = (signed char)(movers[i] ? -margin : margin);
            fwrite(&owns[i], 8, 1, stdout); fwrite(&opps[i], 8, 1, stdout); fwrite(&m, 1, 1, stdout);
        }
    }
    return 0;
}
