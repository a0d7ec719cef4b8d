/* geometry.c: builds the read-only board tables. */
#include "geometry.h"

#include <string.h>

Geometry geo;

static const int DIR_DF[DIR_NB] = {0, 1, 1, 1, 0, -1, -1, -1};
static const int DIR_DR[DIR_NB] = {1, 1, 0, -1, -1, -1, 0, 1};
static const int JUMP_DF[8] = {1, 2, 2, 1, -1, -2, -2, -1};
static const int JUMP_DR[8] = {2, 1, -1, -2, -2, -1, 1, 2};

/* True when (file, rank) is a real square of the board. */
static bool coords_real(int file, int rank)
{
    if (file < 0 || file >= FILE_NB || rank < 0 || rank >= RANK_NB)
        return false;
    if (rank == 0 || rank == RANK_NB - 1)
        return file == 3 || file == 4;
    return true;
}

void geometry_init(void)
{
    static bool done;
    if (done)
        return;
    memset(&geo, 0, sizeof geo);
    for (int sq = 0; sq <= SQ_NB; sq++)
        for (int d = 0; d < DIR_NB; d++)
            geo.step[sq][d] = NO_SQ;
    for (int sq = 0; sq < SQ_NB; sq++) {
        int f = sq_file(sq), r = sq_rank(sq);
        geo.real[sq] = coords_real(f, r);
        if (!geo.real[sq])
            continue;
        char *name = geo.name[sq];
        *name++ = (char)('a' + f);
        if (r == 10)
            *name++ = '1';
        *name++ = (char)('0' + r % 10);
        *name = '\0';
        geo.rank_mask[r] |= bb_square(sq);
        geo.real_mask |= bb_square(sq);
        geo.file_mask[f] |= bb_square(sq);
        for (int d = 0; d < DIR_NB; d++) {
            int nf = f + DIR_DF[d], nr = r + DIR_DR[d];
            if (coords_real(nf, nr)) {
                geo.step[sq][d] = (Square)sq_make(nf, nr);
                geo.neighbours[sq] |= bb_square(sq_make(nf, nr));
            }
        }
        int n = 0;
        for (int j = 0; j < 8; j++) {
            int nf = (f + JUMP_DF[j] + FILE_NB) % FILE_NB, nr = r + JUMP_DR[j];
            if (coords_real(nf, nr))
                geo.king_jump[sq][n++] = (Square)sq_make(nf, nr);
        }
        geo.king_jump_nb[sq] = (uint8_t)n;
        for (int j = n; j < 8; j++)
            geo.king_jump[sq][j] = NO_SQ;
    }
    /* Lines: walk each direction from each square; a line stops at holes and edges. */
    for (int sq = 0; sq < SQ_NB; sq++) {
        if (!geo.real[sq])
            continue;
        for (int d = 0; d < DIR_NB; d++)
            for (int t = geo.step[sq][d]; t != NO_SQ; t = geo.step[t][d]) {
                geo.dir_to[sq][t] = (uint8_t)(d + 1);
                geo.ray[sq][d] |= bb_square(t);
                geo.lines[sq] |= bb_square(t);
            }
    }
    /* Line segments: start where the square behind is off the board, walk forward. */
    static const int FORWARD[LINE_NB] = {EAST, NORTH, NORTHEAST, NORTHWEST};
    for (int o = 0; o < LINE_NB; o++) {
        int bit = 0;
        for (int sq = 0; sq < SQ_NB; sq++) {
            if (!geo.real[sq] || geo.step[sq][dir_opposite(FORWARD[o])] != NO_SQ)
                continue;
            int len = 0;
            for (int t = sq; t != NO_SQ; t = geo.step[t][FORWARD[o]])
                len++;
            int start = bit, index = 0;
            for (int t = sq; t != NO_SQ; t = geo.step[t][FORWARD[o]], index++) {
                geo.line_bit[t][o] = bb_square(bit);
                geo.line[o][t] = (LineRef){(uint8_t)bit++, (uint8_t)start, (uint8_t)len,
                                           (uint8_t)index};
            }
        }
    }
    /* Slider reach along a segment, for every length, place and occupancy. */
    int base = 0;
    for (int len = 1; len <= LINE_MAX; len++) {
        geo.line_base[len] = (uint16_t)base;
        for (int index = 0; index < len; index++)
            for (unsigned occ = 0; occ < (1u << len); occ++) {
                int n = 0;
                for (int i = index + 1; i < len && !(occ & (1u << i)); i++)
                    n++;
                for (int i = index - 1; i >= 0 && !(occ & (1u << i)); i--)
                    n++;
                geo.line_slides[base + (index << len) + occ] = (uint8_t)n;
            }
        base += len << len;
    }
    geo.palace[WHITE][PALACE_D] = (Square)sq_make(3, 0);
    geo.palace[WHITE][PALACE_E] = (Square)sq_make(4, 0);
    geo.palace[BLACK][PALACE_D] = (Square)sq_make(3, 10);
    geo.palace[BLACK][PALACE_E] = (Square)sq_make(4, 10);
    done = true;
}

int square_parse(const char *s, int *len)
{
    if (s[0] < 'a' || s[0] > 'h' || s[1] < '0' || s[1] > '9')
        return -1;
    int file = s[0] - 'a', rank = s[1] - '0', n = 2;
    if (rank == 1 && s[2] == '0') {
        rank = 10;
        n = 3;
    }
    if (!coords_real(file, rank))
        return -1;
    *len = n;
    return sq_make(file, rank);
}
