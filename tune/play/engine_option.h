/* engine_option.h: the options an external engine advertises at its handshake, one `option
 * name N type T [default D] [min A] [max B] [var V ...]` line each (UCI), and the check of a value
 * the runner is about to send against them ([engine_x] options, [spsa] options). */
#ifndef MAXTUNE_ENGINE_OPTION_H
#define MAXTUNE_ENGINE_OPTION_H

#include <stdbool.h>
#include <stddef.h>

/* The types of UCI options. */
typedef enum EngineOptionType {
    OPTION_CHECK,  /* true or false */
    OPTION_SPIN,   /* an integer in [min, max] */
    OPTION_COMBO,  /* one of the vars */
    OPTION_BUTTON, /* no value */
    OPTION_STRING  /* any text */
} EngineOptionType;

/* One advertised option. Names compare without regard to case, as UCI says. */
typedef struct EngineOption {
    char name[64];
    EngineOptionType type;
    long min, max;  /* OPTION_SPIN: its range */
    char def[64];   /* the default as written ("" when none) */
    char vars[256]; /* OPTION_COMBO: the values, each followed by '|' */
} EngineOption;

/* The options of one engine (grown as lines come). */
typedef struct EngineOptions {
    EngineOption *list;
    int count, cap;
} EngineOptions;

/* Reads an `option name ...` line into out; false when the line is not one or is malformed
 * (no name, an unknown type, a spin option without min and max). */
bool engine_option_parse(const char *line, EngineOption *out);

/* Appends o to the list; false when out of memory. */
bool engine_options_add(EngineOptions *os, const EngineOption *o);

/* Empties the list (keeps its memory); engine_options_free releases it. */
void engine_options_clear(EngineOptions *os);
void engine_options_free(EngineOptions *os);

/* The option called name (any case), or NULL. */
const EngineOption *engine_options_find(const EngineOptions *os, const char *name);

/* What o accepts, as the engine advertises it: "a spin option in [1, 65536]", "a check option
 * (true or false)", "a combo option (one of a, b)", "a string option", "a button". */
void engine_option_describe(const EngineOption *o, char *buf, size_t len);

/* "425 options: Hash, Weights, ..." (the count and the first few names), for messages. */
void engine_options_summary(const EngineOptions *os, char *buf, size_t len);

/* Checks `value` for o; false with "Name=value: not an integer (...)"-style problem in why. */
bool engine_option_check(const EngineOption *o, const char *value, char *why, size_t len);

/* Whether the engine can be told to play the game called game: it advertises UCI_Variant as a
 * combo option with that var (the convention of variant GUIs); false with the problem ("no
 * UCI_Variant option (the engine advertises ...)", "UCI_Variant ... has no var ultima") in
 * why. */
bool engine_options_check_variant(const EngineOptions *os, const char *game, char *why, size_t len);

/* Checks the (name, value) pairs of words (PlayerWords text: name, value, ... count words)
 * against the advertised options; false with "Name=value: problem (what the engine
 * advertises)" in why. */
bool engine_options_check_words(const EngineOptions *os, const char *text, int count, char *why,
                                size_t len);

#endif
