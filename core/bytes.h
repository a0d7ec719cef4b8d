/* bytes.h: the binary files' shared arithmetic: little-endian fields and the FNV-1a 64 hash
 * that guards them (the training positions, the networks, the trainer's checkpoints, the
 * traces). */
#ifndef MAXTUNE_BYTES_H
#define MAXTUNE_BYTES_H

#include <stddef.h>
#include <stdint.h>

/* The FNV-1a 64 hash's start. */
#define BYTES_FNV_OFFSET 0xCBF29CE484222325ull

/* FNV-1a 64 of len bytes, continuing from h (BYTES_FNV_OFFSET for a new hash). */
static inline uint64_t bytes_fnv64(uint64_t h, const void *data, size_t len)
{
    const uint8_t *p = data;
    for (size_t i = 0; i < len; i++)
        h = (h ^ p[i]) * 0x100000001B3ull;
    return h;
}

/* Stores x in n little-endian bytes at p (n <= 8). */
static inline void bytes_put(uint8_t *p, uint64_t x, int n)
{
    for (int i = 0; i < n; i++)
        p[i] = (uint8_t)(x >> (8 * i));
}

/* The n little-endian bytes at p as a number (n <= 8). */
static inline uint64_t bytes_get(const uint8_t *p, int n)
{
    uint64_t x = 0;
    for (int i = n - 1; i >= 0; i--)
        x = x << 8 | p[i];
    return x;
}

static inline void bytes_put_u16(uint8_t *p, uint16_t x) { bytes_put(p, x, 2); }
static inline void bytes_put_u32(uint8_t *p, uint32_t x) { bytes_put(p, x, 4); }
static inline void bytes_put_u64(uint8_t *p, uint64_t x) { bytes_put(p, x, 8); }
static inline uint16_t bytes_get_u16(const uint8_t *p) { return (uint16_t)bytes_get(p, 2); }
static inline uint32_t bytes_get_u32(const uint8_t *p) { return (uint32_t)bytes_get(p, 4); }
static inline uint64_t bytes_get_u64(const uint8_t *p) { return bytes_get(p, 8); }

#endif
