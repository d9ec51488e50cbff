/* Least-squares fit of the "hard" player's pattern weights (issue 35).
 * Reads positions written by bench/reversi_datagen.c (own, opp, final margin
 * for own; 17 bytes each) and the pattern instances from reversi_patterns.h
 * (written by bench/reversi_train.py from games/reversi/patterns.py), fits one
 * weight set per stage of the game by stochastic gradient descent on the
 * squared error in discs, and prints the weights, one per line, in the order
 * patterns.py decodes them: per stage, per class its canonical indices
 * (an index and its mirror share a weight) increasing, then the scalars.
 *
 * Build: cc -O2 -I/tmp -o /tmp/reversi_fit bench/reversi_fit.c
 * Run:   /tmp/reversi_fit EPOCHS positions.bin... > weights.txt */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>
#include <math.h>
#include "reversi_patterns.h" /* CLASSES, class_digits[], class_mirror[][], INSTANCES,
                                 instance_class[], instance_squares[][], STAGES, STAGE_OF(e),
                                 SCALARS */

typedef uint64_t u64;
typedef struct { u64 own, opp; signed char margin; } Pos;

static int pow3[11] = {1, 3, 9, 27, 81, 243, 729, 2187, 6561, 19683, 59049};
static int class_size[CLASSES], class_offset[CLASSES + 1];
static int *canon[CLASSES];

static int mirror_index(int c, int idx) {
    int out = 0;
    for (int i = 0; i < class_digits[c]; i++) out += (idx / pow3[i] % 3) * pow3[class_mirror[c][i]];
    return out;
}

static u64 moves_of(u64 own, u64 opp) {
    static const int shifts[4] = {1, 8, 7, 9};
    u64 inner = opp & 0x7E7E7E7E7E7E7E7EULL, empty = ~(own | opp), out = 0;
    for (int k = 0; k < 4; k++) {
        int s = shifts[k];
        u64 through = s == 8 ? opp : inner;
        u64 run = through & (own << s);
        for (int i = 0; i < 5; i++) run |= through & (run << s);
        out |= run << s;
        run = through & (own >> s);
        for (int i = 0; i < 5; i++) run |= through & (run >> s);
        out |= run >> s;
    }
    return out & empty;
}

/* Feature ids (into one stage's weight vector) and scalar values of a position. */
static void features(const Pos *p, int *ids, float *scalars) {
    for (int j = 0; j < INSTANCES; j++) {
        int c = instance_class[j], idx = 0;
        for (int i = class_digits[c] - 1; i >= 0; i--) {
            int sq = instance_squares[j][i];
            idx = idx * 3 + (p->own >> sq & 1 ? 1 : p->opp >> sq & 1 ? 2 : 0);
        }
        ids[j] = class_offset[c] + canon[c][idx];
    }
    int empties = __builtin_popcountll(~(p->own | p->opp));
    scalars[0] = 1.0f;
    scalars[1] = (float)__builtin_popcountll(moves_of(p->own, p->opp));
    scalars[2] = (float)__builtin_popcountll(moves_of(p->opp, p->own));
    scalars[3] = (float)(empties & 1);
}

int main(int argc, char **argv) {
    int epochs = atoi(argv[1]);
    size_t cap = 1 << 20, n = 0;
    Pos *all = malloc(cap * sizeof(Pos));
    for (int a = 2; a < argc; a++) {
        FILE *f = fopen(argv[a], "rb");
        unsigned char rec[17];
        while (fread(rec, 17, 1, f) == 1) {
            if (n == cap) all = realloc(all, (cap *= 2) * sizeof(Pos));
            memcpy(&all[n].own, rec, 8); memcpy(&all[n].opp, rec + 8, 8);
            all[n].margin = (signed char)rec[16];
            n++;
        }
        fclose(f);
    }
    fprintf(stderr, "%zu positions\n", n);
    int total = 0;
    for (int c = 0; c < CLASSES; c++) {
        int size = pow3[class_digits[c]], count = 0;
        canon[c] = malloc(size * sizeof(int));
        for (int idx = 0; idx < size; idx++) {
            int m = mirror_index(c, idx);
            canon[c][idx] = m < idx ? canon[c][m] : count++;
        }
        class_size[c] = count;
        class_offset[c] = total;
        total += count;
    }
    class_offset[CLASSES] = total;
    int *ids = malloc(sizeof(int) * INSTANCES * (n + 1));
    float *sc = malloc(sizeof(float) * SCALARS * (n + 1)), *target = malloc(sizeof(float) * (n + 1));
    size_t *order = malloc(sizeof(size_t) * (n + 1));
    float *w = malloc(sizeof(float) * total), ws[SCALARS];
    u64 rng = 88172645463325252ULL;
    for (int s = 0; s < STAGES; s++) {
        size_t m = 0;
        for (size_t i = 0; i < n; i++) {
            int e = __builtin_popcountll(~(all[i].own | all[i].opp));
            if (STAGE_LOW(s) - 2 <= e && e <= STAGE_HIGH(s) + 2) {
                features(&all[i], ids + m * INSTANCES, sc + m * SCALARS);
                target[m] = all[i].margin;
                order[m] = m;
                m++;
            }
        }
        memset(w, 0, sizeof(float) * total);
        memset(ws, 0, sizeof ws);
        size_t test = m / 20; /* the first 5 % held out */
        double lr = 0.004;
        for (int epoch = 0; epoch < epochs; epoch++) {
            for (size_t i = m - 1; i > test; i--) { /* shuffle the training part */
                rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17;
                size_t j = test + rng % (i - test + 1), t = order[i];
                order[i] = order[j]; order[j] = t;
            }
            double train = 0;
            for (size_t k = test; k < m; k++) {
                size_t i = order[k];
                int *f = ids + i * INSTANCES;
                float *x = sc + i * SCALARS, pred = 0;
                for (int j = 0; j < INSTANCES; j++) pred += w[f[j]];
                for (int j = 0; j < SCALARS; j++) pred += ws[j] * x[j];
                float err = target[i] - pred;
                train += err * err;
                for (int j = 0; j < INSTANCES; j++) w[f[j]] += (float)lr * err;
                for (int j = 0; j < SCALARS; j++) ws[j] += (float)(lr * 0.02) * err * x[j];
            }
            lr *= 0.85;
            if (epoch == epochs - 1) {
                double held = 0, base = 0;
                for (size_t i = 0; i < test; i++) {
                    int *f = ids + i * INSTANCES;
                    float *x = sc + i * SCALARS, pred = 0;
                    for (int j = 0; j < INSTANCES; j++) pred += w[f[j]];
                    for (int j = 0; j < SCALARS; j++) pred += ws[j] * x[j];
                    held += (target[i] - pred) * (target[i] - pred);
                    base += target[i] * target[i];
                }
                fprintf(stderr, "stage %d: %zu positions, rms train %.2f, held-out %.2f (zero %.2f); "
                        "mobility %.2f %.2f parity %.2f bias %.2f\n", s, m, sqrt(train / (m - test)),
                        sqrt(held / (test ? test : 1)), sqrt(base / (test ? test : 1)), ws[1], ws[2], ws[3], ws[0]);
            }
        }
        for (int i = 0; i < total; i++) printf("%.4f\n", w[i]);
        for (int j = 0; j < SCALARS; j++) printf("%.4f\n", ws[j]);
    }
    return 0;
}
