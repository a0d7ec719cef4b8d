/* json.c: values read back from JSON texts (see json.h). */
#include "json.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Skips white space. */
static const char *json_ws(const char *p)
{
    while (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t')
        p++;
    return p;
}

/* The end of the JSON value at p (after white space), or NULL when it is malformed. */
static const char *json_skip(const char *p)
{
    p = json_ws(p);
    if (*p == '"') {
        for (p++; *p && *p != '"'; p++)
            if (*p == '\\' && p[1])
                p++;
        return *p ? p + 1 : NULL;
    }
    if (*p == '{' || *p == '[') {
        char close = *p == '{' ? '}' : ']';
        p = json_ws(p + 1);
        if (*p == close)
            return p + 1;
        for (;;) {
            if (close == '}') {
                p = json_skip(p); /* the key */
                if (!p || *(p = json_ws(p)) != ':')
                    return NULL;
                p++;
            }
            p = json_skip(p);
            if (!p)
                return NULL;
            p = json_ws(p);
            if (*p == close)
                return p + 1;
            if (*p != ',')
                return NULL;
            p++;
        }
    }
    const char *start = p;
    while (*p && !strchr(",}] \n\r\t", *p))
        p++;
    return p > start ? p : NULL;
}

/* A walk over the members of one object: json_walk_start, then json_walk_next per member. */
typedef struct JsonWalk {
    const char *next;  /* where the walk goes on (NULL: it is over) */
    const char *key;   /* the current member's key (its text between the quotes) */
    size_t key_len;    /* bytes of key */
    const char *value; /* the current member's value text */
} JsonWalk;

/* Starts a walk over the object whose text starts at obj (white space allowed before it); the
 * walk is over at once when obj is not an object. */
static JsonWalk json_walk_start(const char *obj)
{
    const char *p = json_ws(obj);
    return (JsonWalk){.next = *p == '{' ? json_ws(p + 1) : NULL};
}

/* Moves to the next member (key and value set); false at the end or at malformed text. */
static bool json_walk_next(JsonWalk *w)
{
    const char *p = w->next;
    if (p && w->value) { /* past the value of the member before */
        p = json_skip(w->value);
        if (p) {
            p = json_ws(p);
            if (*p == ',')
                p = json_ws(p + 1);
        }
    }
    w->next = NULL;
    if (!p || *p != '"')
        return false;
    const char *end = json_skip(p);
    if (!end)
        return false;
    const char *colon = json_ws(end);
    if (*colon != ':')
        return false;
    w->key = p + 1;
    w->key_len = (size_t)(end - 1 - w->key);
    w->value = json_ws(colon + 1);
    w->next = w->value;
    return true;
}

/* The value of member `name` (name_len bytes) of the object at p; NULL when absent. */
static const char *json_member(const char *p, const char *name, size_t name_len)
{
    JsonWalk w = json_walk_start(p);
    while (json_walk_next(&w))
        if (w.key_len == name_len && !memcmp(w.key, name, name_len))
            return w.value;
    return NULL;
}

bool json_find(const char *json, const char *path, const char **start, size_t *len)
{
    const char *p = json;
    while (*path) {
        size_t n = strcspn(path, ".");
        p = json_member(p, path, n);
        if (!p)
            return false;
        path += n + (path[n] == '.');
    }
    const char *end = json_skip(p);
    if (!end)
        return false;
    *start = json_ws(p);
    *len = (size_t)(end - *start);
    return true;
}

double json_number(const char *json, const char *path)
{
    const char *v;
    size_t len;
    return json_find(json, path, &v, &len) ? strtod(v, NULL) : NAN;
}

bool json_string(const char *json, const char *path, char *buf, size_t cap)
{
    const char *v;
    size_t len;
    buf[0] = '\0';
    if (!json_find(json, path, &v, &len) || len < 2 || v[0] != '"')
        return false;
    snprintf(buf, cap, "%.*s", (int)(len - 2), v + 1);
    return true;
}
