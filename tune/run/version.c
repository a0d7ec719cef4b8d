/* version.c: the version and build commit (see version.h). The Makefile compiles this file
 * with -DMAXTUNE_HAVE_BUILD_COMMIT and the generated build_commit.h. */
#include "version.h"

#ifdef MAXTUNE_HAVE_BUILD_COMMIT
#include "build_commit.h" /* written by the Makefile: the commit the program was built from */
#else
#define MAXTUNE_BUILD_COMMIT "unknown"
#endif

const char *version_number(void) { return "0.1"; }

const char *version_commit(void) { return MAXTUNE_BUILD_COMMIT; }
