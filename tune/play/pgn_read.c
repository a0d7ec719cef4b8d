/* pgn_read.c: PGN text read token by token (see pgn_read.h). */
#include "pgn_read.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

void pgn_reader_start(PgnReader *r, const char *text, size_t len)
{
    *r = (PgnReader){text, len, 0, 1};
    if (len >= 3 && !memcmp(text, "\xEF\xBB\xBF", 3))
        r->pos = 3; /* UTF-8 byte order mark */
}

/* Character at the reader's position, or -1 at the end. */
static int peek(const PgnReader *r)
{
    return r->pos < r->len ? (unsigned char)r->text[r->pos] : -1;
}

/* Moves past one character, counting lines. */
static void advance(PgnReader *r)
{
    if (r->text[r->pos++] == '\n')
        r->line++;
}

/* True for the characters that end a word of movetext. */
static bool is_delimiter(int c)
{
    return c == -1 || c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v' ||
           strchr("{}[]();", c) != NULL;
}

/* Sets tok to an error token with message msg. */
static PgnTokenKind token_error(PgnToken *tok, const char *msg)
{
    tok->kind = PGN_ERROR;
    snprintf(tok->value, sizeof tok->value, "%s", msg);
    return PGN_ERROR;
}

/* Reads a tag pair `[Name "value"]`, the reader standing on '['. */
static PgnTokenKind read_tag(PgnReader *r, PgnToken *tok)
{
    advance(r);
    while (peek(r) == ' ' || peek(r) == '\t')
        advance(r);
    size_t n = 0;
    int c;
    while ((c = peek(r)) != -1 && (c == '_' || (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') ||
                                   (c >= 'a' && c <= 'z'))) {
        if (n + 1 >= sizeof tok->name)
            return token_error(tok, "tag name too long");
        tok->name[n++] = (char)c;
        advance(r);
    }
    tok->name[n] = '\0';
    if (n == 0)
        return token_error(tok, "malformed tag: expected [Name \"value\"]");
    while (peek(r) == ' ' || peek(r) == '\t')
        advance(r);
    if (peek(r) != '"')
        return token_error(tok, "malformed tag: expected [Name \"value\"]");
    advance(r);
    n = 0;
    while ((c = peek(r)) != '"') {
        if (c == -1 || c == '\n')
            return token_error(tok, "malformed tag: unterminated value");
        if (c == '\\') {
            advance(r);
            c = peek(r);
            if (c != '\\' && c != '"')
                return token_error(tok, "malformed tag: bad escape in value");
        }
        if (n + 1 >= sizeof tok->value)
            return token_error(tok, "tag value too long");
        tok->value[n++] = (char)c;
        advance(r);
    }
    tok->value[n] = '\0';
    advance(r);
    while (peek(r) == ' ' || peek(r) == '\t')
        advance(r);
    if (peek(r) != ']')
        return token_error(tok, "malformed tag: expected ']'");
    advance(r);
    tok->kind = PGN_TAG;
    return PGN_TAG;
}

/* Reads a {comment}, the reader standing on '{'; keeps it with its outer spaces trimmed.
 * tok->line is the line of the '{'. */
static PgnTokenKind read_comment(PgnReader *r, PgnToken *tok)
{
    advance(r);
    size_t n = 0;
    int c;
    while ((c = peek(r)) != '}') {
        /* A tag line inside a comment means its '}' is missing (maxtune writes one-line
         * comments); reading on would swallow the next games. */
        if (c == -1 || (c == '[' && r->text[r->pos - 1] == '\n'))
            return token_error(tok, "unterminated {comment}");
        if (n + 1 < sizeof tok->value && !(n == 0 && (c == ' ' || c == '\n' || c == '\r')))
            tok->value[n++] = (char)(c == '\n' || c == '\r' || c == '\t' ? ' ' : c);
        advance(r);
    }
    advance(r);
    while (n > 0 && tok->value[n - 1] == ' ')
        n--;
    tok->value[n] = '\0';
    tok->kind = PGN_COMMENT;
    return PGN_COMMENT;
}

PgnTokenKind pgn_read_token(PgnReader *r, PgnToken *tok)
{
    for (;;) {
        int c = peek(r);
        tok->line = r->line;
        tok->name[0] = tok->value[0] = '\0';
        if (c == -1) {
            tok->kind = PGN_EOF;
            return PGN_EOF;
        }
        if (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v') {
            advance(r);
        } else if (c == ';' || (c == '%' && (r->pos == 0 || r->text[r->pos - 1] == '\n'))) {
            while (peek(r) != -1 && peek(r) != '\n')
                advance(r);
        } else if (c == '[') {
            return read_tag(r, tok);
        } else if (c == '{') {
            return read_comment(r, tok);
        } else if (c == '(' || c == ')') {
            return token_error(tok, "variations ( ... ) are not supported");
        } else if (c == '}' || c == ']') {
            return token_error(tok, c == '}' ? "unexpected '}'" : "unexpected ']'");
        } else if (c == '\0') {
            return token_error(tok, "NUL byte: not a text file");
        } else {
            size_t n = 0;
            while (!is_delimiter(peek(r)) && peek(r) != '\0') {
                if (n + 1 >= sizeof tok->value)
                    return token_error(tok, "token too long");
                tok->value[n++] = (char)peek(r);
                advance(r);
            }
            tok->value[n] = '\0';
            if (tok->value[0] == '$')
                continue; /* a NAG: annotation, no move */
            tok->kind = PGN_WORD;
            return PGN_WORD;
        }
    }
}
