/* json.h: values read back from the JSON files this program writes (summary.json,
 * verify.json): a value found by its dotted path from the top object ("sprt.llr"), as text,
 * a number or a string. The reader checks only the structure it walks over (strings, objects,
 * arrays, bare words); it is not a validator. */
#ifndef MAXTUNE_JSON_H
#define MAXTUNE_JSON_H

#include <stdbool.h>
#include <stddef.h>

/* The value text at a dotted path of a JSON text ("sprt.llr": member llr of member sprt of the
 * top object), from its first byte (*start) over *len bytes; false when absent or malformed. */
bool json_find(const char *json, const char *path, const char **start, size_t *len);

/* The number at a dotted path (strtod of its text: 0 for a word such as null), or NAN when
 * there is none. */
double json_number(const char *json, const char *path);

/* The string at a dotted path into buf (cap bytes, cut; escapes left as written), or "" and
 * false when there is none or the value is not a string. */
bool json_string(const char *json, const char *path, char *buf, size_t cap);

#endif
