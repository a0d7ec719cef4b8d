/* rng.h: small deterministic random numbers. Every random choice of a run is drawn from a
 * generator seeded by (run seed, stream, index), so it does not depend on which thread or
 * rank plays which game, nor on the order they finish in. */
#ifndef MAXTUNE_RNG_H
#define MAXTUNE_RNG_H

#include <stdint.h>

/* Streams: one per kind of random choice, so adding one kind never shifts another. */
enum RngStream {
    RNG_OPENING = 1,
    RNG_SPSA_FLIP = 2,
    RNG_SPSA_ROUND = 3,
    RNG_BOOTSTRAP = 4,
    RNG_SYNTHETIC = 5,
    RNG_SAMPLE = 6,
    RNG_HOLDOUT = 7,
    RNG_HANDICAP = 8,
    RNG_BOOK = 9,
    RNG_NNUE_INIT = 10,   /* the network trainer's initial weights (nntrain.h) */
    RNG_NNUE_SHUFFLE = 11 /* its order of the records in each epoch */
};

typedef struct Rng {
    uint64_t state;
} Rng;

/* One splitmix64 step (also a good 64-bit mixer). */
static inline uint64_t rng_next(Rng *r)
{
    uint64_t z = (r->state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* A generator for (seed, stream, index). */
static inline Rng rng_for(uint64_t seed, uint64_t stream, uint64_t index)
{
    Rng r = {seed};
    r.state = rng_next(&r) ^ (stream * 0xD1B54A32D192ED03ull);
    r.state = rng_next(&r) ^ (index * 0x8CB92BA72F3D8DD7ull);
    rng_next(&r);
    return r;
}

/* Uniform integer in [0, n), n > 0. */
static inline uint64_t rng_below(Rng *r, uint64_t n) { return rng_next(r) % n; }

/* Uniform real in [0, 1). */
static inline double rng_uniform(Rng *r)
{
    return (rng_next(r) >> 11) * (1.0 / 9007199254740992.0);
}

#endif
