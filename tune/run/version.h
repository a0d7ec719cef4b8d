/* version.h: the program's version and the commit it was built from (run.txt, --version). */
#ifndef MAXTUNE_VERSION_H
#define MAXTUNE_VERSION_H

/* The version, e.g. "0.1". */
const char *version_number(void);

/* The git commit the program was built from ("+changes" when the tree had uncommitted
 * changes), or "unknown" when built outside git. */
const char *version_commit(void);

#endif
