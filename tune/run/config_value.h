/* config_value.h: one key's value against its schema row (config_schema.h), for config.c:
 * parsing and checking a value, writing it back as text, the text of a row's range. */
#ifndef MAXTUNE_CONFIG_VALUE_H
#define MAXTUNE_CONFIG_VALUE_H

#include <stdbool.h>
#include <stddef.h>

#include "config_schema.h"

/* Parses value for key of section sec, validates it (type, range, length, that it survives
 * config_write, the row's check) and stores it in field (the key's field); on error writes
 * "[section] key ... problem" into msg and leaves field unchanged. */
bool config_value_assign(void *field, const char *sec, const ConfigKey *key, const char *value,
                         char *msg, size_t len);

/* Writes the value of key held in field as it would appear in a file. */
void config_value_format(const void *field, const ConfigKey *key, char *buf, size_t len);

/* Writes the key's range as text ("1..4096", ">= 0", "1..63 chars"); "" when unbounded. */
void config_range_text(const ConfigKey *key, char *buf, size_t len);

/* The allowed values of an enum key (the job key's come from config_set_jobs). */
const char *config_key_allowed(const ConfigKey *key);

/* Sets the values of the job key ("a|b|c"), for config_set_jobs. */
void config_value_set_jobs(const char *names);

/* Whether a string value survives being written as "key = value" and read back: no control
 * characters, no comment start, nothing that trimming would remove; false with the problem in
 * msg. */
bool config_check_writable(const char *v, char *msg, size_t len);

/* Reports a broken schema row of section (key may be NULL): a programming error, so it stops
 * the program. */
void config_table_error(const char *section, const ConfigKey *key, const char *msg);

/* Cuts trailing whitespace (and the newline) of s in place and returns its first non-space
 * character. */
char *config_trim(char *s);

#endif
