/* perft.h: move-path counting (docs/rules/maxima.md 10) to verify the rules and measure their speed. */
#ifndef MAXTUNE_PERFT_H
#define MAXTUNE_PERFT_H

#include "position.h"

/* Number of leaves of the legal move tree of depth `depth`; finished positions are leaves. */
uint64_t perft(Position *pos, int depth);

#endif
