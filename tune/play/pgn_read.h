/* pgn_read.h: PGN text read token by token (tag pairs, {comments}, words of movetext), for
 * every reader of PGN files (maxtune replay, the report's game viewer). Movetext words are not
 * interpreted here: move numbers, moves and results come back as words. */
#ifndef MAXTUNE_PGN_READ_H
#define MAXTUNE_PGN_READ_H

#include <stddef.h>

enum { PGN_TOKEN_MAX = 256 };

/* The kinds of token of PGN movetext and tag pairs. */
typedef enum PgnTokenKind { PGN_EOF, PGN_TAG, PGN_COMMENT, PGN_WORD, PGN_ERROR } PgnTokenKind;

/* One token: a tag pair (name, value), a {comment} (value, outer spaces trimmed, line breaks as
 * spaces) or a word (value), and the line it starts on; for PGN_ERROR, value holds the
 * message. */
typedef struct PgnToken {
    PgnTokenKind kind;
    int line;
    char name[PGN_TOKEN_MAX];
    char value[PGN_TOKEN_MAX];
} PgnToken;

/* A PGN text held in memory, read token by token. */
typedef struct PgnReader {
    const char *text;
    size_t len, pos;
    int line;
} PgnReader;

/* Starts reading text (len bytes) at line 1, past a UTF-8 byte order mark. */
void pgn_reader_start(PgnReader *r, const char *text, size_t len);

/* Reads the next token, skipping white space, ';' comments, '%' escape lines and NAGs ($n);
 * variations ( ... ), stray '}' or ']', a NUL byte and over-long tokens are errors. */
PgnTokenKind pgn_read_token(PgnReader *r, PgnToken *tok);

#endif
