/* Labels for the "hard" player's pattern fit from its own evaluation (issue 35),
 * and a quick match between two weight sets.
 *
 * relabel WEIGHTS LAMBDA DEPTH SOLVE in.bin... > out.bin
 *   Reads the positions of bench/reversi_datagen.c (own, opp, final margin for
 *   own; 17 bytes; each game from the start position) and writes them again
 *   with a TD(lambda) label in place of the final margin: from the last
 *   position back, label = (1 - LAMBDA) * search + LAMBDA * (next position's
 *   label, for this side), the search an alpha-beta of DEPTH plies on the
 *   pattern evaluation with the weights in WEIGHTS (one per line, in discs, as
 *   bench/reversi_fit.c prints them). Positions of SOLVE empty squares or
 *   fewer keep the final margin (the self-play solved them exactly).
 * match WEIGHTS_A WEIGHTS_B GAMES DEPTH SEED
 *   Plays alpha-beta of DEPTH plies on each evaluation, solved exactly from 12
 *   empty squares, from random openings of four plies, colours swapped;
 *   prints A's score.
 * error WEIGHTS in.bin...
 *   The rms error of the evaluation against the final margin, per stage.
 *
 * Build: cc -O2 -I$TMP/reversi_train -o relabel bench/reversi_relabel.c -lm
 * (the header written by bench/reversi_train.py) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include "reversi_strong.c"
#include "reversi_patterns.h"

static int pow3[11] = {1, 3, 9, 27, 81, 243, 729, 2187, 6561, 19683, 59049};
static int class_offset[CLASSES + 1], *canon[CLASSES], per_stage;

static int mirror_index(int c, int idx) {
    int out = 0;
    for (int i = 0; i < class_digits[c]; i++) out += (idx / pow3[i] % 3) * pow3[class_mirror[c][i]];
    return out;
}

static void setup(void) {
    int total = 0;
    for (int c = 0; c < CLASSES; c++) {
        int size = pow3[class_digits[c]], count = 0;
        canon[c] = malloc(size * sizeof(int));
        for (int idx = 0; idx < size; idx++) {
            int m = mirror_index(c, idx);
            canon[c][idx] = m < idx ? canon[c][m] : count++;
        }
        class_offset[c] = total;
        total += count;
    }
    class_offset[CLASSES] = total;
    per_stage = total + SCALARS;
}

static float *load(const char *path) {
    float *w = malloc(sizeof(float) * per_stage * STAGES);
    FILE *f = fopen(path, "r");
    for (int i = 0; i < per_stage * STAGES; i++)
        if (fscanf(f, "%f", &w[i]) != 1) { fprintf(stderr, "%s: short\n", path); exit(1); }
    fclose(f);
    return w;
}

/* The pattern value of the position for own (to move), in discs. */
static float eval(const float *weights, u64 own, u64 opp) {
    int empties = __builtin_popcountll(~(own | opp)), s = empties / 4 < STAGES ? empties / 4 : STAGES - 1;
    const float *w = weights + (size_t)s * per_stage;
    float v = 0;
    for (int j = 0; j < INSTANCES; j++) {
        int c = instance_class[j], idx = 0;
        for (int i = class_digits[c] - 1; i >= 0; i--) {
            int sq = instance_squares[j][i];
            idx = idx * 3 + (own >> sq & 1 ? 1 : opp >> sq & 1 ? 2 : 0);
        }
        v += w[class_offset[c] + canon[c][idx]];
    }
    const float *x = w + class_offset[CLASSES];
    return v + x[0] + x[1] * __builtin_popcountll(moves_of(own, opp))
           + x[2] * __builtin_popcountll(moves_of(opp, own)) + (empties & 1 ? x[3] : 0);
}

static float pattern_search(const float *w, u64 own, u64 opp, int depth, float alpha, float beta,
                            int passed, int *best_sq) {
    u64 moves = moves_of(own, opp);
    if (!moves) {
        if (passed || !moves_of(opp, own)) return (float)final_margin(own, opp);
        return -pattern_search(w, opp, own, depth, -beta, -alpha, 1, NULL);
    }
    if (depth == 0) return eval(w, own, opp);
    float best = -1e9f;
    while (moves) {
        int sq = __builtin_ctzll(moves);
        moves &= moves - 1;
        u64 d = 1ULL << sq, f = flips_of(own, opp, d);
        float v = -pattern_search(w, opp ^ f, own | d | f, depth - 1, -beta, -alpha, 0, NULL);
        if (v > best) { best = v; if (best_sq) *best_sq = sq; }
        if (v > alpha) alpha = v;
        if (alpha >= beta) break;
    }
    return best;
}

static int relabel(int argc, char **argv) {
    float *w = load(argv[1]), lambda = (float)atof(argv[2]);
    int depth = atoi(argv[3]), solve_from = atoi(argv[4]);
    static u64 own[80], opp[80];
    static signed char margin[80];
    for (int a = 5; a < argc; a++) {
        FILE *f = fopen(argv[a], "rb");
        unsigned char rec[17];
        int n = 0, more = 1;
        while (more) {
            more = fread(rec, 17, 1, f) == 1;
            u64 o = 0, p = 0;
            if (more) { memcpy(&o, rec, 8); memcpy(&p, rec + 8, 8); }
            if (n && (!more || __builtin_popcountll(o | p) == 4)) { /* a game ends */
                float next = margin[n - 1];
                for (int i = n - 1; i >= 0; i--) {
                    float label = margin[i];
                    if (i < n - 1) {
                        float ahead = (own[i] & opp[i + 1]) == own[i] ? -next : next;
                        if (__builtin_popcountll(~(own[i] | opp[i])) > solve_from)
                            label = (1 - lambda) * pattern_search(w, own[i], opp[i], depth, -1e9f, 1e9f,
                                                                  0, NULL) + lambda * ahead;
                    }
                    next = label;
                    float r = label < 0 ? label - 0.5f : label + 0.5f;
                    signed char m = (signed char)(r > 64 ? 64 : r < -64 ? -64 : (int)r);
                    fwrite(&own[i], 8, 1, stdout); fwrite(&opp[i], 8, 1, stdout); fwrite(&m, 1, 1, stdout);
                }
                n = 0;
            }
            if (more) { own[n] = o; opp[n] = p; margin[n] = (signed char)rec[16]; n++; }
        }
        fclose(f);
    }
    return 0;
}

static int match(char **argv) {
    float *w[2] = {load(argv[2]), load(argv[3])};
    int games = atoi(argv[4]), depth = atoi(argv[5]);
    u64 rng = 0x9E3779B97F4A7C15ULL ^ (u64)atol(argv[6]) * 0xD1B54A32D192ED03ULL;
    double score = 0;
    for (int g = 0; g < games; g++) {
        u64 black = (1ULL << 28) | (1ULL << 35), white = (1ULL << 27) | (1ULL << 36);
        if (g % 2 == 0) rng = rng * 6364136223846793005ULL + 1442695040888963407ULL;
        u64 r = rng;
        int mover = 0, passes = 0, ply = 0, a_black = g % 2 == 0;
        while (passes < 2) {
            u64 own = mover ? white : black, opp = mover ? black : white, moves = moves_of(own, opp);
            if (!moves) { passes++; mover ^= 1; continue; }
            passes = 0;
            int sq, n = __builtin_popcountll(moves);
            if (ply < 4) {
                int pick = (int)((r >> 33) % (u64)n);
                r = r * 6364136223846793005ULL + 1442695040888963407ULL;
                while (pick--) moves &= moves - 1;
                sq = __builtin_ctzll(moves);
            } else if (__builtin_popcountll(~(own | opp)) <= 12) {
                sq = strong_move(own, opp, 0, 12);
            } else {
                const float *mine = w[(mover == 0) == a_black ? 0 : 1];
                pattern_search(mine, own, opp, depth, -1e9f, 1e9f, 0, &sq);
            }
            u64 d = 1ULL << sq, f = flips_of(own, opp, d);
            own |= d | f; opp ^= f;
            if (mover) { white = own; black = opp; } else { black = own; white = opp; }
            mover ^= 1; ply++;
        }
        int m = __builtin_popcountll(black) - __builtin_popcountll(white);
        if (!a_black) m = -m;
        score += m > 0 ? 1 : m == 0 ? 0.5 : 0;
    }
    printf("A scored %.1f of %d (%.1f%%)\n", score, games, 100 * score / games);
    return 0;
}

static int error(int argc, char **argv) {
    float *w = load(argv[2]);
    double sum[STAGES] = {0};
    long count[STAGES] = {0};
    for (int a = 3; a < argc; a++) {
        FILE *f = fopen(argv[a], "rb");
        unsigned char rec[17];
        while (fread(rec, 17, 1, f) == 1) {
            u64 o, p;
            memcpy(&o, rec, 8); memcpy(&p, rec + 8, 8);
            int e = __builtin_popcountll(~(o | p)), s = e / 4 < STAGES ? e / 4 : STAGES - 1;
            float d = eval(w, o, p) - (float)(signed char)rec[16];
            sum[s] += d * d; count[s]++;
        }
        fclose(f);
    }
    for (int s = STAGES - 1; s >= 0; s--)
        if (count[s]) printf("%d-%d empty: rms %.2f of %ld\n", s * 4, s * 4 + 3, sqrt(sum[s] / count[s]), count[s]);
    return 0;
}

int main(int argc, char **argv) {
    setup();
    if (argc > 1 && !strcmp(argv[1], "match")) return match(argv);
    if (argc > 1 && !strcmp(argv[1], "error")) return error(argc, argv);
    return relabel(argc, argv);
}
