/* rundir.c: results folders, atomic file writes, run.txt. */
#include "rundir.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "search/clock.h"
#include "tune/run/escape.h"
#include "tune/run/journal.h"
#include "tune/run/version.h"

/* The git commit of the source tree the program runs from, or "unknown"; flagged when tracked
 * files outside results/ differ from it (a run re-made over its committed folder changes that
 * folder, not the program). */
static void git_commit(char *buf, size_t len)
{
    snprintf(buf, len, "unknown");
    FILE *p = popen("git rev-parse --short HEAD 2>/dev/null; git status --porcelain "
                    "--untracked-files=no -- ':/' ':(exclude,top)results' 2>/dev/null | head -1",
                    "r");
    if (!p)
        return;
    char line[128];
    if (fgets(line, sizeof line, p)) {
        line[strcspn(line, "\n")] = '\0';
        bool dirty = fgets(line + strlen(line) + 1, 64, p) != NULL;
        snprintf(buf, len, "%s%s", line, dirty ? " (with uncommitted changes)" : "");
    }
    pclose(p);
}

/* Creates a directory and its parents (mkdir -p); *made: the length of the first folder of
 * path it created (0: none). */
static bool make_dirs(const char *path, size_t *made, char *err, size_t errlen)
{
    char tmp[768];
    snprintf(tmp, sizeof tmp, "%s", path);
    *made = 0;
    for (char *p = tmp + 1;; p++) {
        bool end = *p == '\0';
        if (*p == '/' || end) {
            *p = '\0';
            if (mkdir(tmp, 0777) == 0) {
                if (*made == 0)
                    *made = strlen(tmp);
            } else if (errno != EEXIST) {
                snprintf(err, errlen, "%s: cannot create folder: %s", tmp, strerror(errno));
                return false;
            }
            if (end)
                break;
            *p = '/';
        }
    }
    return true;
}

/* Removes the regular files of a run folder (for --force), but its marker (which holds the
 * lock: removing it would let another run take a lock of its own). */
static bool empty_dir(const char *path, char *err, size_t errlen)
{
    DIR *d = opendir(path);
    if (!d) {
        snprintf(err, errlen, "%s: cannot open folder: %s", path, strerror(errno));
        return false;
    }
    struct dirent *ent;
    bool ok = true;
    while (ok && (ent = readdir(d))) {
        char file[1100];
        struct stat st;
        if (!strcmp(ent->d_name, RUNDIR_MARKER))
            continue;
        snprintf(file, sizeof file, "%s/%s", path, ent->d_name);
        if (lstat(file, &st) == 0 && S_ISREG(st.st_mode) && unlink(file) != 0) {
            snprintf(err, errlen, "%s: cannot remove: %s", file, strerror(errno));
            ok = false;
        }
    }
    closedir(d);
    return ok;
}

/* True when file starts with prefix (read, not trusted further). */
static bool file_starts_with(const char *file, const char *prefix)
{
    char buf[64];
    size_t n = strlen(prefix);
    FILE *f = fopen(file, "r");
    if (!f)
        return false;
    bool same = n < sizeof buf && fread(buf, 1, n, f) == n && memcmp(buf, prefix, n) == 0;
    fclose(f);
    return same;
}

/* True when folder path may hold a run: it holds the marker of a run, is empty, or was written
 * by an older version (a run.txt of maxtune, or a checkpoint). Otherwise writes into held the
 * first few entries, escaped. */
static bool folder_is_ours(const char *path, char *held, size_t len, char *err, size_t errlen)
{
    char file[1100];
    snprintf(file, sizeof file, "%s/%s", path, RUNDIR_MARKER);
    if (access(file, F_OK) == 0)
        return true;
    snprintf(file, sizeof file, "%s/run.txt", path);
    if (file_starts_with(file, "program:  maxtune "))
        return true;
    snprintf(file, sizeof file, "%s/%s", path, RUNDIR_JOURNAL);
    if (file_starts_with(file, "maxtune-journal "))
        return true;
    DIR *d = opendir(path);
    if (!d) {
        snprintf(err, errlen, "%s: cannot open folder: %s", path, strerror(errno));
        return false;
    }
    struct dirent *ent;
    int n = 0;
    size_t k = 0;
    held[0] = '\0';
    while ((ent = readdir(d))) {
        if (!strcmp(ent->d_name, ".") || !strcmp(ent->d_name, ".."))
            continue;
        if (n < 3 && k + 8 < len) {
            char name[300];
            escape_controls(ent->d_name, name, sizeof name);
            k += (size_t)snprintf(held + k, len - k, "%s%s", n ? ", " : "", name);
        } else if (n == 3 && k + 8 < len) {
            k += (size_t)snprintf(held + k, len - k, ", ...");
        }
        n++;
    }
    closedir(d);
    /* A run starting at the same instant writes its marker before anything else. */
    snprintf(file, sizeof file, "%s/%s", path, RUNDIR_MARKER);
    if (n == 0 || access(file, F_OK) == 0)
        return true;
    char shown[900];
    escape_controls(path, shown, sizeof shown);
    snprintf(err, errlen,
             "%s is not a maxtune results folder (it holds %s); nothing was changed; choose "
             "another [run] results_dir or name",
             shown, held);
    return false;
}

/* Opens the folder's marker and takes the lock of the run (a POSIX write lock on the whole
 * file: the kernel drops it when the process ends, however it ends, and names the process that
 * holds it), then writes the marker. False with a message naming the other run's process. */
static bool lock_folder(RunDir *rd, const char *name, char *err, size_t errlen)
{
    char file[1100], shown[900];
    rundir_file(rd, RUNDIR_MARKER, file, sizeof file);
    escape_controls(rd->path, shown, sizeof shown);
    int fd = open(file, O_RDWR | O_CREAT | O_CLOEXEC, 0666);
    if (fd < 0) {
        snprintf(err, errlen, "%s: folder is not writable: %s", shown, strerror(errno));
        return false;
    }
    for (int tries = 0;; tries++) {
        struct flock fl = {.l_type = F_WRLCK, .l_whence = SEEK_SET, .l_start = 0, .l_len = 0};
        if (fcntl(fd, F_SETLK, &fl) == 0)
            break;
        int e = errno;
        if (e == EACCES || e == EAGAIN) {
            fl = (struct flock){.l_type = F_WRLCK, .l_whence = SEEK_SET};
            if (fcntl(fd, F_GETLK, &fl) == 0 && fl.l_type == F_UNLCK && tries < 100)
                continue; /* the other run ended in between: try again */
            if (fl.l_type != F_UNLCK)
                snprintf(err, errlen,
                         "%s is in use by another run (process %ld); wait for it to end, or stop "
                         "it first",
                         shown, (long)fl.l_pid);
            else
                snprintf(err, errlen, "%s is in use by another run", shown);
        } else {
            snprintf(err, errlen, "%s: cannot lock %s: %s", shown, RUNDIR_MARKER, strerror(e));
        }
        close(fd);
        return false;
    }
    char text[160];
    int n = snprintf(text, sizeof text, "%s\nrun: %s\n", RUNDIR_MARKER_LINE, name);
    errno = 0;
    if (ftruncate(fd, 0) != 0 || pwrite(fd, text, (size_t)n, 0) != n) {
        snprintf(err, errlen, "%s: cannot write: %s", file, strerror(errno ? errno : EIO));
        close(fd);
        return false;
    }
    rd->lock_fd = fd;
    rd->locked = true;
    return true;
}

void rundir_release(RunDir *rd)
{
    if (rd->locked)
        close(rd->lock_fd);
    rd->locked = false;
    rd->lock_fd = -1;
}

void rundir_discard(RunDir *rd)
{
    if (rd->made > 0 && rd->locked) {
        char dir[sizeof rd->path], marker[1100];
        rundir_file(rd, RUNDIR_MARKER, marker, sizeof marker);
        remove(marker); /* while the lock is held: no other run is in the folder */
        snprintf(dir, sizeof dir, "%s", rd->path);
        /* From path up to the first folder made; rmdir keeps a folder that is not empty. */
        while (rmdir(dir) == 0 && strlen(dir) > rd->made) {
            char *slash = strrchr(dir, '/');
            if (!slash)
                break;
            *slash = '\0';
        }
    }
    rundir_release(rd);
}

void rundir_file(const RunDir *rd, const char *name, char *buf, size_t len)
{
    snprintf(buf, len, "%s/%s", rd->path, name);
}

bool rundir_has(const RunDir *rd, const char *name)
{
    char file[1024];
    rundir_file(rd, name, file, sizeof file);
    return access(file, F_OK) == 0;
}

/* Whether the finished run in rd may be extended under cfg: its checkpoint was kept with
 * rd->extend_hash and its config.ini differs from cfg (else it is the same finished run). */
static bool can_extend(const RunDir *rd, const Config *cfg)
{
    char path[1024], diff[2100];
    uint64_t h;
    rundir_file(rd, RUNDIR_JOURNAL, path, sizeof path);
    return rd->extend_hash && journal_read_hash(path, &h) && h == rd->extend_hash &&
           rundir_config_diff(rd, cfg, diff, sizeof diff);
}

bool rundir_prepare(RunDir *rd, const Config *cfg, bool force, uint64_t extend_hash, int argc,
                    char **argv, char *err, size_t errlen)
{
    memset(rd, 0, sizeof *rd);
    rd->ranks = 1;
    rd->force = force;
    rd->lock_fd = -1;
    rd->extend_hash = extend_hash;
    snprintf(rd->path, sizeof rd->path, "%s/%s", cfg->results_dir, cfg->name);
    rd->start_time = clock_now();
    time_t now = time(NULL);
    strftime(rd->started, sizeof rd->started, "%Y-%m-%d %H:%M:%S UTC", gmtime(&now));
    size_t k = 0;
    for (int i = 0; i < argc && k < sizeof rd->command - 2; i++)
        k += (size_t)snprintf(rd->command + k, sizeof rd->command - k, "%s%s", i ? " " : "",
                              argv[i]);
    if (!make_dirs(rd->path, &rd->made, err, errlen))
        return false;
    char held[400];
    if (!folder_is_ours(rd->path, held, sizeof held, err, errlen) ||
        !lock_folder(rd, cfg->name, err, errlen))
        return false;
    if (force) {
        if (!empty_dir(rd->path, err, errlen)) {
            rundir_release(rd);
            return false;
        }
    } else if (rundir_has(rd, RUNDIR_SUMMARY) && can_extend(rd, cfg)) {
        rd->extending = true; /* summary.json goes once the checkpoint is read (job_begin) */
    } else if (rundir_has(rd, RUNDIR_SUMMARY)) {
        char diff[2100];
        if (rundir_config_diff(rd, cfg, diff, sizeof diff))
            snprintf(err, errlen,
                     "%s already holds a finished run of another config (%s); use --force to "
                     "overwrite it, or another [run] name",
                     rd->path, diff);
        else
            snprintf(err, errlen,
                     "%s already holds a finished run; use --force to overwrite it, or another "
                     "[run] name",
                     rd->path);
        rundir_release(rd);
        return false;
    }
    rd->resuming = rundir_has(rd, RUNDIR_JOURNAL);
    return true;
}

bool rundir_write(const RunDir *rd, const char *name, bool (*writer)(FILE *out, void *data),
                  void *data, char *err, size_t errlen)
{
    char file[1024], tmp[1100];
    rundir_file(rd, name, file, sizeof file);
    snprintf(tmp, sizeof tmp, "%s.tmp", file);
    FILE *f = fopen(tmp, "w");
    if (!f) {
        snprintf(err, errlen, "%s: cannot write: %s", tmp, strerror(errno));
        return false;
    }
    bool ok = writer(f, data);
    ok = fflush(f) == 0 && !ferror(f) && ok;
    int saved = errno;
    ok = fsync(fileno(f)) == 0 && ok;
    ok = fclose(f) == 0 && ok;
    if (!ok || rename(tmp, file) != 0) {
        snprintf(err, errlen, "%s: cannot write: %s", file,
                 strerror(ok      ? errno
                          : saved ? saved
                                  : EIO));
        remove(tmp);
        return false;
    }
    return true;
}

/* Writer for config.ini. */
static bool write_config(FILE *out, void *data) { return config_write(data, out); }

/* The effective config as text (malloc'd), or NULL. */
static char *config_text(const Config *cfg)
{
    char *text = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    if (!mem)
        return NULL;
    write_config(mem, (void *)cfg);
    fclose(mem);
    return text;
}

/* True when `line` of section `section` appears in the same section of `text`. */
static bool text_has_line(const char *text, const char *section, const char *line)
{
    size_t slen = strlen(section), llen = strlen(line);
    const char *sec = strstr(text, section);
    while (sec && sec != text && sec[-1] != '\n')
        sec = strstr(sec + 1, section);
    if (!sec)
        return false;
    const char *end = strstr(sec + slen, "\n[");
    for (const char *p = strstr(sec + slen, line); p && (!end || p < end); p = strstr(p + 1, line))
        if (p[-1] == '\n' && (p[llen] == '\n' || p[llen] == '\0'))
            return true;
    return false;
}

/* Whether a line of config text in section (its "[name]" line) counts for resuming: a key's
 * line (no comment) whose key may change results (not ConfigKey.not_result). */
static bool line_counts(const char *section, const char *line)
{
    if (line[0] == ';' || line[0] == '[')
        return false;
    const char *name = section[0] == '[' ? section + 1 : section;
    char sec[128], key[128];
    snprintf(sec, sizeof sec, "%.*s", (int)strcspn(name, "]"), name);
    snprintf(key, sizeof key, "%.*s", (int)strcspn(line, " ="), line);
    return !config_key_not_result(sec, key);
}

uint64_t rundir_config_hash(const Config *cfg)
{
    /* Only keys whose values differ from the defaults count, so that a new version adding
     * keys (with defaults) still resumes an older checkpoint. */
    Config defaults;
    config_defaults(&defaults);
    char *text = config_text(cfg), *base = config_text(&defaults);
    uint64_t h = 0xCBF29CE484222325ull;
    if (!text || !base) {
        free(text);
        free(base);
        return h;
    }
    char section[128] = "";
    char *save = NULL;
    for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        if (line[0] == '[') {
            snprintf(section, sizeof section, "%s", line);
            continue;
        }
        if (!line_counts(section, line) || text_has_line(base, section, line))
            continue;
        h ^= journal_hash(section);
        h *= 0x100000001B3ull;
        h ^= journal_hash(line);
        h *= 0x100000001B3ull;
    }
    free(text);
    free(base);
    return h;
}

/* Appends to diff each counted line of section-wise text `a` that `b` lacks, as
 * "[section] key = value". */
static void lines_missing(char *a, const char *b, const char *sep, char *diff, size_t len)
{
    char section[128] = "";
    char *save = NULL;
    for (char *line = strtok_r(a, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        if (line[0] == '[') {
            snprintf(section, sizeof section, "%s", line);
            continue;
        }
        if (!line_counts(section, line) || text_has_line(b, section, line))
            continue;
        size_t used = strlen(diff);
        snprintf(diff + used, len - used, "%s%s %s", used ? ", " : sep, section, line);
    }
}

bool rundir_config_diff(const RunDir *rd, const Config *cfg, char *diff, size_t len)
{
    char path[1024];
    diff[0] = '\0';
    rundir_file(rd, "config.ini", path, sizeof path);
    FILE *f = fopen(path, "r");
    char *now = config_text(cfg), *then = NULL;
    size_t cap = 0;
    bool ok = f && now && getdelim(&then, &cap, '\0', f) >= 0;
    if (f)
        fclose(f);
    if (ok) {
        char was[1024] = "", is[1024] = "";
        char *now_copy = strdup(now), *then_copy = strdup(then);
        if (now_copy && then_copy) {
            lines_missing(then_copy, now, "", was, sizeof was);
            lines_missing(now_copy, then, "", is, sizeof is);
        }
        free(now_copy);
        free(then_copy);
        if (was[0] || is[0])
            snprintf(diff, len, "its config.ini has %s; this config has %s", was[0] ? was : "-",
                     is[0] ? is : "-");
        else
            ok = false;
    }
    free(now);
    free(then);
    return ok;
}

/* Data for the run.txt writer. */
typedef struct RunInfo {
    const RunDir *rd;
    const Config *cfg;
    int threads;
    const char *status;
} RunInfo;

/* Writer for run.txt. */
static bool write_runinfo(FILE *out, void *data)
{
    RunInfo *ri = data;
    struct utsname u;
    char machine[600] = "unknown";
    if (uname(&u) == 0)
        snprintf(machine, sizeof machine, "%s %s %s %s", u.sysname, u.nodename, u.release,
                 u.machine);
    time_t now = time(NULL);
    char end[64], commit[160];
    git_commit(commit, sizeof commit);
    strftime(end, sizeof end, "%Y-%m-%d %H:%M:%S UTC", gmtime(&now));
    fprintf(out,
            "program:  maxtune %s, built from commit %s\ncommit:   %s (the source tree run "
            "from)\nseed:     %llu\nthreads:  %d\n"
            "cores:    %ld\nmachine:  %s\nstarted:  %s\n%s %s\nelapsed:  %.1f s\n"
            "command:  %s\n",
            version_number(), version_commit(), commit, ri->cfg->seed, ri->threads,
            sysconf(_SC_NPROCESSORS_ONLN), machine, ri->rd->started,
            strcmp(ri->status, "running") ? "ended:   " : "updated: ", end,
            clock_now() - ri->rd->start_time, ri->rd->command);
    if (ri->rd->ranks > 1)
        fprintf(out, "ranks:    %d (MPI; threads: per rank; cores, machine: rank 0's)\n",
                ri->rd->ranks);
    fprintf(out, "status:   %s%s\n", ri->status, ri->rd->resuming ? " (resumed)" : "");
    return true;
}

bool rundir_write_runinfo(const RunDir *rd, const Config *cfg, int threads, const char *status,
                          char *err, size_t errlen)
{
    RunInfo ri = {rd, cfg, threads, status};
    if (!rundir_write(rd, "run.txt", write_runinfo, &ri, err, errlen))
        return false;
    return rundir_write(rd, "config.ini", write_config, (void *)cfg, err, errlen);
}
