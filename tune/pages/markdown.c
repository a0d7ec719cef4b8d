/* markdown.c: report.md as HTML (see markdown.h). */
#include "markdown.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "tune/pages/html_text.h"
#include "tune/run/text.h"

static void md_inline(FILE *out, const MarkdownContext *ctx, const char *s, size_t len);

/* True when the run folder has that file (a path relative to it). */
static bool md_exists(const MarkdownContext *ctx, const char *name)
{
    char path[4096];
    struct stat st;
    snprintf(path, sizeof path, "%s/%s", ctx->dir, name);
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* The file a link of report.md points to, into buf: a part's report.md becomes its report.html
 * (written with it), a file the folder holds gzipped its .gz; false when the folder has neither
 * (the link is then shown as text). Links out of the folder (a scheme, an anchor) are kept. */
static bool md_target(const MarkdownContext *ctx, const char *url, size_t len, char *buf,
                      size_t buflen)
{
    if (len >= buflen - 8)
        return false;
    snprintf(buf, buflen, "%.*s", (int)len, url);
    if (strstr(buf, "://") || buf[0] == '#' || !ctx->dir)
        return true;
    if (len >= 9 && !memcmp(url + len - 9, "report.md", 9)) {
        bool md = md_exists(ctx, buf);
        snprintf(buf + len - 2, buflen - len + 2, "html");
        return md || md_exists(ctx, buf);
    }
    if (md_exists(ctx, buf))
        return true;
    snprintf(buf + len, buflen - len, ".gz");
    return md_exists(ctx, buf);
}

/* Writes a link [text](url): its text (a part's report.md named as the page the link opens when
 * the text is the target) linked to the file it points to, or the text alone when the folder
 * has no such file. */
static void md_link(FILE *out, const MarkdownContext *ctx, const char *text, size_t tlen,
                    const char *url, size_t ulen)
{
    char target[2048];
    bool ok = md_target(ctx, url, ulen, target, sizeof target);
    if (ok) {
        fputs("<a href=\"", out);
        html_escape(out, target);
        fputs("\">", out);
    }
    if (ok && tlen == ulen && !memcmp(text, url, ulen))
        html_escape(out, target);
    else
        md_inline(out, ctx, text, tlen);
    if (ok)
        fputs("</a>", out);
}

/* Writes inline markdown: `code`, **bold**, *italic*, [text](url); the rest escaped. */
static void md_inline(FILE *out, const MarkdownContext *ctx, const char *s, size_t len)
{
    bool strong = false, em = false;
    for (size_t i = 0; i < len; i++) {
        char c = s[i];
        if (c == '`') {
            const char *close = memchr(s + i + 1, '`', len - i - 1);
            if (close) {
                fputs("<code>", out);
                html_escape_n(out, s + i + 1, (size_t)(close - s - i - 1));
                fputs("</code>", out);
                i = (size_t)(close - s);
                continue;
            }
        } else if (c == '*' && i + 1 < len && s[i + 1] == '*') {
            fputs(strong ? "</strong>" : "<strong>", out);
            strong = !strong;
            i++;
            continue;
        } else if (c == '*' &&
                   (em ? i > 0 && s[i - 1] != ' '
                       : i + 1 < len && s[i + 1] != ' ' && memchr(s + i + 1, '*', len - i - 1))) {
            fputs(em ? "</em>" : "<em>", out);
            em = !em;
            continue;
        } else if (c == '[') {
            const char *close = memchr(s + i, ']', len - i);
            if (close && (size_t)(close - s) + 1 < len && close[1] == '(') {
                const char *end = memchr(close, ')', len - (size_t)(close - s));
                if (end) {
                    md_link(out, ctx, s + i + 1, (size_t)(close - s - i - 1), close + 2,
                            (size_t)(end - close - 2));
                    i = (size_t)(end - s);
                    continue;
                }
            }
        }
        html_escape_n(out, &c, 1);
    }
    if (em)
        fputs("</em>", out);
    if (strong)
        fputs("</strong>", out);
}

/* Writes n bytes as base64 (RFC 4648, padded). */
static void base64_write(FILE *out, const unsigned char *b, size_t n)
{
    static const char digits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    for (size_t i = 0; i < n; i += 3) {
        unsigned v = (unsigned)b[i] << 16 | (i + 1 < n ? (unsigned)b[i + 1] << 8 : 0) |
                     (i + 2 < n ? b[i + 2] : 0);
        char q[4] = {digits[v >> 18 & 63], digits[v >> 12 & 63],
                     i + 1 < n ? digits[v >> 6 & 63] : '=', i + 2 < n ? digits[v & 63] : '='};
        fwrite(q, 1, 4, out);
    }
}

/* Writes a PNG of the run folder that no chart stands for into the page itself (a data URL, so
 * that the page stays one file): a plain file name ending in .png, at most 1 MB. False when it
 * is not there or not such a file. */
static bool md_embed_png(FILE *out, const MarkdownContext *ctx, const char *alt, size_t altlen,
                         const char *src, size_t srclen)
{
    char path[4096];
    if (srclen < 5 || srclen > 200 || memchr(src, '/', srclen) ||
        memcmp(src + srclen - 4, ".png", 4))
        return false;
    snprintf(path, sizeof path, "%s/%.*s", ctx->dir, (int)srclen, src);
    size_t len;
    unsigned char *png = (unsigned char *)text_read_file(path, &len);
    if (!png || len > 1000000 || len < 8 || memcmp(png, "\x89PNG", 4)) {
        free(png);
        return false;
    }
    fputs("<figure class=\"png\"><img alt=\"", out);
    html_escape_n(out, alt, altlen);
    fputs("\" src=\"data:image/png;base64,", out);
    base64_write(out, png, len);
    fputs("\" style=\"max-width:100%\"></figure>\n", out);
    free(png);
    return true;
}

/* Writes report.md's one piece of raw HTML, a foldable block: a line
 * "<details><summary>TEXT</summary>" and a line "</details>". False for any other line. */
static bool md_details(FILE *out, const MarkdownContext *ctx, const char *l)
{
    static const char open[] = "<details><summary>", close[] = "</summary>";
    size_t n = strlen(l), a = sizeof open - 1, b = sizeof close - 1;
    if (!strcmp(l, "</details>")) {
        fputs("</details>\n", out);
        return true;
    }
    if (n < a + b || strncmp(l, open, a) != 0 || strcmp(l + n - b, close) != 0)
        return false;
    fputs("<details><summary>", out);
    md_inline(out, ctx, l + a, n - a - b);
    fputs("</summary>\n", out);
    return true;
}

/* Writes the plots standing for an image of report.md (or a link to the PNG alone, its alt
 * text alone when the folder has no such file). */
static void md_image(FILE *out, MarkdownContext *ctx, const char *alt, size_t altlen,
                     const char *src, size_t srclen)
{
    bool drawn = false;
    for (int i = 0; ctx->charts && i < HTML_MAX_CHARTS && ctx->charts[i].png; i++) {
        const HtmlChart *c = &ctx->charts[i];
        if (strlen(c->png) != srclen || memcmp(c->png, src, srclen) || !ctx->chart_ok[i])
            continue;
        fprintf(out, "<figure class=\"chart\" data-chart=\"%d\" id=\"chart-%d\"></figure>\n", i, i);
        ctx->chart_used[i] = true;
        drawn = true;
    }
    if (!drawn && md_embed_png(out, ctx, alt, altlen, src, srclen))
        drawn = true;
    if (!drawn) {
        fputs("<p class=\"noplot\">Plot: ", out);
        md_link(out, ctx, alt, altlen, src, srclen);
        fputs("</p>\n", out);
    }
}

/* Writes a table row's cells; head: th instead of td; align: per column 'l' or 'r'. */
static void md_row(FILE *out, const MarkdownContext *ctx, const char *line, size_t len, bool head,
                   const char *align)
{
    const char *p = line, *end = line + len;
    if (p < end && *p == '|')
        p++;
    if (end > p && end[-1] == '|')
        end--;
    fputs("<tr>", out);
    for (int k = 0; p <= end; k++) {
        const char *bar = memchr(p, '|', (size_t)(end - p));
        const char *q = bar ? bar : end;
        const char *a = p, *b = q;
        while (a < b && *a == ' ')
            a++;
        while (b > a && b[-1] == ' ')
            b--;
        fprintf(out, "<%s%s>", head ? "th" : "td",
                k < 32 && align[k] == 'r' ? " class=\"num\"" : "");
        md_inline(out, ctx, a, (size_t)(b - a));
        fprintf(out, "</%s>", head ? "th" : "td");
        if (!bar)
            break;
        p = bar + 1;
    }
    fputs("</tr>\n", out);
}

void markdown_render(FILE *out, char *text, MarkdownContext *ctx)
{
    char *lines[8192];
    int n = 0;
    for (char *p = text; p && n < 8192;) {
        lines[n++] = p;
        char *nl = strchr(p, '\n');
        if (nl)
            *nl = '\0';
        p = nl ? nl + 1 : NULL;
    }
    for (int i = 0; i < n;) {
        char *l = lines[i];
        size_t len = strlen(l);
        if (!len) {
            i++;
        } else if (l[0] == '#') {
            int level = (int)strspn(l, "#");
            level = level > 4 ? 4 : level;
            const char *t = l + strspn(l, "#");
            t += *t == ' ';
            fprintf(out, "<h%d>", level + 1);
            md_inline(out, ctx, t, strlen(t));
            fprintf(out, "</h%d>\n", level + 1);
            i++;
        } else if (l[0] == '|') {
            char align[32] = {0};
            bool has_align = i + 1 < n && lines[i + 1][0] == '|' &&
                             strspn(lines[i + 1], "|-: ") == strlen(lines[i + 1]);
            if (has_align) {
                int k = 0;
                for (const char *p = lines[i + 1] + 1; *p && k < 32; p++)
                    if (*p == '|')
                        k++;
                    else if (*p == ':' && (p[1] == '|' || !p[1]))
                        align[k] = 'r';
            }
            fputs("<div class=\"tablewrap\"><table class=\"md\">\n", out);
            md_row(out, ctx, l, len, has_align, align);
            i += has_align ? 2 : 1;
            while (i < n && lines[i][0] == '|') {
                md_row(out, ctx, lines[i], strlen(lines[i]), false, align);
                i++;
            }
            fputs("</table></div>\n", out);
        } else if (l[0] == '-' && l[1] == ' ') {
            fputs("<ul>\n", out);
            while (i < n && lines[i][0] == '-' && lines[i][1] == ' ') {
                fputs("<li>", out);
                md_inline(out, ctx, lines[i] + 2, strlen(lines[i] + 2));
                fputs("</li>\n", out);
                i++;
            }
            fputs("</ul>\n", out);
        } else if (l[0] == '!' && l[1] == '[' && strstr(l, "](") && l[len - 1] == ')') {
            const char *mid = strstr(l, "](");
            md_image(out, ctx, l + 2, (size_t)(mid - l - 2), mid + 2,
                     (size_t)(l + len - 1 - mid - 2));
            i++;
        } else if (l[0] == '<' && md_details(out, ctx, l)) {
            i++;
        } else {
            bool caption = l[0] == '*' && l[1] != '*';
            fputs(caption ? "<p class=\"caption\">" : "<p>", out);
            for (bool first = true;
                 i < n && lines[i][0] && lines[i][0] != '#' && lines[i][0] != '|' &&
                 !(lines[i][0] == '!' && lines[i][1] == '[') &&
                 !(lines[i][0] == '-' && lines[i][1] == ' ');
                 i++, first = false) {
                if (!first)
                    fputc(' ', out);
                md_inline(out, ctx, lines[i], strlen(lines[i]));
            }
            fputs("</p>\n", out);
        }
    }
}
