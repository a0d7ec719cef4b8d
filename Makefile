# maxtune: build, test, benchmark. `make help` lists the targets.
#
# Objects go to $(BUILD) (build/ by default, build/san for SANITIZE=1), the program to bin/.
# The first build checks the system packages the project needs and installs the missing ones
# (scripts/deps.sh, which says what it installs).

CC       ?= gcc
REFDATA  := $(abspath tests/data/reference)
SANITIZE ?= 0
TSAN     ?= 0
MPI      ?= 0
PGO      ?= 1

WARN     := -Wall -Wextra -Wshadow -Wmissing-prototypes -Werror
CFLAGS   := -std=c11 -g -O3 $(WARN) -fopenmp -I. -MMD -MP -D_POSIX_C_SOURCE=200809L \
            -DMAXTUNE_REFDATA_DIR='"$(REFDATA)"' $(EXTRA_CFLAGS)
LDLIBS   := -lgsl -lgslcblas -linih -lm
LDFLAGS  := -fopenmp

ifeq ($(SANITIZE),1)
BUILD    ?= build/san
CFLAGS   += -O1 -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all
LDFLAGS  += -fsanitize=address,undefined
BIN      := $(BUILD)/maxtune
else ifeq ($(TSAN),1)
# ThreadSanitizer needs an OpenMP runtime it can see through: clang's libomp with the Archer
# tool (libarcher), instead of libgomp.
CC       := clang
BUILD    ?= build/tsan
CFLAGS   += -O1 -fsanitize=thread -Wno-unknown-warning-option
LDFLAGS  += -fsanitize=thread
BIN      := $(BUILD)/maxtune
else ifeq ($(MPI),1)
# bin/maxtune-mpi: the same program linked with OpenMPI (tune/play/dist.c talks MPI); run it with
# mpirun or srun. The plain build never needs MPI.
CC       := mpicc
BUILD    ?= build/mpi
CFLAGS   += -march=x86-64-v2 -DMAXTUNE_MPI
BIN      := bin/maxtune-mpi
else
BUILD    ?= build
CFLAGS   += -march=x86-64-v2
BIN      := bin/maxtune
USE_PGO  := $(PGO)
endif

LIB_SRC  := $(wildcard core/*.c search/*.c tune/*/*.c tune/jobs/*/*.c)
TESTLIB_SRC := $(wildcard tests/lib/*.c)
TESTLIB_OBJ := $(TESTLIB_SRC:%.c=$(BUILD)/%.o)
CLI_SRC  := $(wildcard cli/*.c)
TEST_SRC := $(wildcard tests/test_*.c)
BENCH_SRC := $(wildcard bench/*.c)
LIB_OBJ  := $(LIB_SRC:%.c=$(BUILD)/%.o)
# report.html's CSS and script (tune/pages/html/), made into C strings (scripts/embed_assets.sh).
HTML_ASSETS := tune/pages/html/page.css tune/pages/html/page.js
LIB_OBJ  += $(BUILD)/gen/html_assets.o
# The built-in default and v2 weights (search/default.weights, configs/v2.weights) and Ultima's
# default (search/ultima.weights), made into C strings the same way.
LIB_OBJ  += $(BUILD)/gen/default_weights.o
CLI_OBJ  := $(CLI_SRC:%.c=$(BUILD)/%.o)
TEST_BIN := $(TEST_SRC:tests/%.c=$(BUILD)/tests/%)
BENCH_BIN := $(BENCH_SRC:bench/%.c=$(BUILD)/bench/%)
DEPS_OK  := build/.deps-ok

# Profile-guided optimisation of the engine (core/ and search/: where games spend their time).
# Their objects are compiled with -fprofile-generate, a training binary runs `bench 6` (a
# fixed-depth search: the profile, and so the build, is deterministic; about a second), then
# they are compiled again at the same paths (the profile is keyed by them) with -fprofile-use.
# About 6% more nodes/s on `maxtune bench`; PGO=0 builds without. Plain build only.
ENGINE_SRC := $(wildcard core/*.c search/*.c)
ENGINE_OBJ := $(ENGINE_SRC:%.c=$(BUILD)/%.o)
PROFILE    := $(BUILD)/pgo/profile.stamp

.PHONY: all run test test-slow test-tsan bench bench-paired bench-mpi mpi clean deps fuzz fuzz-fen fuzz-uci format help \
        man install
all: $(BIN)

help:
	@echo "make            build bin/maxtune"
	@echo "make run        run the main job on configs/default.ini"
	@echo "make test       build and run the fast cmocka suite (SANITIZE=1: under ASan+UBSan)"
	@echo "make test-slow  the slow checks (start position perft to depth 5)"
	@echo "make bench      benchmarks: perft, search and match speed; outcome fit speed, coverage"
	@echo "make bench-paired  the program against a build of BENCH_REF (b40ba5a): paired ratios"
	@echo "make mpi        build bin/maxtune-mpi (OpenMPI) for clusters: mpirun -np N bin/maxtune-mpi run CONFIG"
	@echo "make bench-mpi  games/s of a match with MPI ranks x threads (scripts/bench_mpi.sh)"
	@echo "make fuzz FUZZ_SECONDS=600   libFuzzer on the FEN parser and the UCI loop, 600 s each"
	@echo "make fuzz-uci (or fuzz-fen)   one of them"
	@echo "make man        write docs/maxtune.1 again from the program (its commands and config schema)"
	@echo "make install PREFIX=/usr/local   install bin/maxtune and its man page (DESTDIR too)"
	@echo "make clean      remove build/ and bin/"

$(DEPS_OK): scripts/deps.sh
	@scripts/deps.sh
	@mkdir -p $(dir $@) && touch $@

deps: $(DEPS_OK)

# V=1 shows the full compiler command lines.
Q := $(if $(V),,@)

# The compiler, flags and PGO setting of the last build: objects are rebuilt when they change.
FLAGS_NOW := $(subst ','\'',$(CC) $(CFLAGS) $(LDFLAGS) PGO=$(USE_PGO))
$(BUILD)/flags: FORCE
	@mkdir -p $(dir $@)
	@echo '$(FLAGS_NOW)' | cmp -s - $@ || echo '$(FLAGS_NOW)' >$@
.PHONY: FORCE

# The commit the program is built from ("+changes": with uncommitted changes outside results/,
# which runs rewrite), for run.txt and maxtune --version; rewritten only when it changes, so a new
# commit rebuilds tune/run/version.o alone.
BUILD_COMMIT := $(shell git rev-parse --short HEAD 2>/dev/null || echo unknown)$(shell \
                  git diff --quiet HEAD -- ':/' ':(exclude,top)results' 2>/dev/null || echo +changes)
$(BUILD)/build_commit.h: FORCE
	@mkdir -p $(dir $@)
	@echo '#define MAXTUNE_BUILD_COMMIT "$(BUILD_COMMIT)"' | cmp -s - $@ || \
	  echo '#define MAXTUNE_BUILD_COMMIT "$(BUILD_COMMIT)"' >$@
$(BUILD)/tune/run/version.o: private CFLAGS += -I$(BUILD) -DMAXTUNE_HAVE_BUILD_COMMIT
$(BUILD)/tune/run/version.o: $(BUILD)/build_commit.h

$(BUILD)/%.o: %.c $(BUILD)/flags | $(DEPS_OK)
	@mkdir -p $(dir $@)
	@$(if $(V),,echo "  CC      $<")
	$(Q)$(CC) $(CFLAGS) -c $< -o $@

$(BUILD)/gen/html_assets.c: $(HTML_ASSETS) scripts/embed_assets.sh
	@mkdir -p $(dir $@)
	$(Q)scripts/embed_assets.sh $@ tune/pages/html_assets.h html_asset_css=$(word 1,$(HTML_ASSETS)) \
	    html_asset_js=$(word 2,$(HTML_ASSETS))

$(BUILD)/gen/default_weights.c: search/default.weights configs/v2.weights search/ultima.weights \
    search/martian.weights search/martian4.weights \
    scripts/embed_assets.sh
	@mkdir -p $(dir $@)
	$(Q)scripts/embed_assets.sh $@ "" weights_default_text=search/default.weights \
	    weights_v2_text=configs/v2.weights weights_ultima_text=search/ultima.weights \
	    weights_martian_text=search/martian.weights weights_martian4_text=search/martian4.weights

$(BUILD)/gen/%.o: $(BUILD)/gen/%.c $(BUILD)/flags | $(DEPS_OK)
	@$(if $(V),,echo "  CC      $<")
	$(Q)$(CC) $(CFLAGS) -c $< -o $@

ifeq ($(USE_PGO),1)
$(ENGINE_OBJ): private CFLAGS += -fprofile-use
$(ENGINE_OBJ): $(PROFILE)

# The rest of the program only links the training binary (order-only: a change there, a new
# commit's tune/run/version.o say, does not retrain).
TRAIN_OBJ  := $(filter-out $(ENGINE_OBJ),$(LIB_OBJ)) $(CLI_OBJ)
$(PROFILE): $(ENGINE_SRC) $(wildcard core/*.h search/*.h) $(BUILD)/flags | $(DEPS_OK) $(TRAIN_OBJ)
	@echo "  PGO     training the engine objects on 'maxtune bench 6'"
	@mkdir -p $(dir $@) $(sort $(dir $(ENGINE_OBJ)))
	$(Q)rm -f $(ENGINE_OBJ:%.o=%.gcda)
	$(Q)for f in $(ENGINE_SRC); do \
	  $(CC) $(CFLAGS) -fprofile-generate -fprofile-update=single -c $$f -o $(BUILD)/$${f%.c}.o \
	    || exit 1; done
	$(Q)$(CC) $(LDFLAGS) -fprofile-generate $(ENGINE_OBJ) $(TRAIN_OBJ) $(LDLIBS) -o $(BUILD)/pgo/train
	$(Q)$(BUILD)/pgo/train bench 6 >/dev/null
	$(Q)rm -f $(ENGINE_OBJ) $(BUILD)/pgo/train
	$(Q)touch $@
endif

$(BIN): $(LIB_OBJ) $(CLI_OBJ)
	@mkdir -p $(dir $@)
	@$(if $(V),,echo "  LINK    $@")
	$(Q)$(CC) $(LDFLAGS) $^ $(LDLIBS) -o $@

$(BUILD)/tests/%: $(BUILD)/tests/%.o $(TESTLIB_OBJ) $(LIB_OBJ)
	@$(if $(V),,echo "  LINK    $@")
	$(Q)$(CC) $(LDFLAGS) $^ $(LDLIBS) -lcmocka -o $@

$(BUILD)/bench/%: $(BUILD)/bench/%.o $(TESTLIB_OBJ) $(LIB_OBJ)
	@$(if $(V),,echo "  LINK    $@")
	$(Q)$(CC) $(LDFLAGS) $^ $(LDLIBS) -o $@

# The main job on the default config. A finished run is not overwritten: make run FORCE=1.
run: $(BIN)
	@echo "$(BIN) run configs/default.ini $(if $(FORCE),--force)"
	@$(BIN) run configs/default.ini $(if $(FORCE),--force) || { rc=$$?; \
	  [ -z "$(FORCE)" ] && [ -f results/default/summary.json ] && \
	    echo "(make run FORCE=1 starts the finished run over)" >&2; exit $$rc; }

test: $(TEST_BIN) $(BIN)
	@scripts/run_tests.sh $(BUILD)/tests $(BIN)

# The parallel parts (matches and SPSA with 2 threads) under ThreadSanitizer.
test-tsan:
	@$(MAKE) --no-print-directory TSAN=1 build/tsan/maxtune
	@scripts/tsan_check.sh build/tsan/maxtune

test-slow: $(BIN)
	@scripts/slow_tests.sh $(BIN)

# make bench: the speed figures (scripts/bench.sh), then the paired comparison with a reference
# build of BENCH_REF (scripts/bench_paired.sh: BENCH_PAIRS interleaved pairs, default 9, of bench,
# perft and a 1-thread match, and callgrind's instructions of bench 5). BENCH_PAIRS=0 leaves the
# comparison out; make bench-paired runs it alone.
BENCH_REF ?= b40ba5a
bench: $(BIN) $(BENCH_BIN)
	@BENCH_DIR=$(BUILD)/bench scripts/bench.sh $(BIN)
	@if [ "$(or $(BENCH_PAIRS),9)" != 0 ]; then scripts/bench_paired.sh $(BIN) $(BENCH_REF); fi

bench-paired: $(BIN)
	@scripts/bench_paired.sh $(BIN) $(BENCH_REF)

mpi:
	@$(MAKE) --no-print-directory MPI=1 SANITIZE=0 TSAN=0 bin/maxtune-mpi

bench-mpi: $(BIN) mpi
	@scripts/bench_mpi.sh $(BIN) bin/maxtune-mpi

# Every libFuzzer target for FUZZ_SECONDS each (fuzz-fen, fuzz-uci: one of them).
fuzz:
	@scripts/fuzz.sh $(or $(FUZZ_SECONDS),60)
fuzz-fen fuzz-uci:
	@FUZZ_TARGETS=$(@:fuzz-%=%) scripts/fuzz.sh $(or $(FUZZ_SECONDS),60)

# Every C source, formatted by clang-format with the committed .clang-format.
FORMAT_SRC := $(wildcard core/*.[ch] search/*.[ch] tune/*/*.[ch] tune/jobs/*/*.[ch] cli/*.[ch] tests/*.[ch] \
                tests/lib/*.[ch] bench/*.[ch] fuzz/*.[ch])

format:
	clang-format -i $(FORMAT_SRC)

# Fails, listing the files, when a source is not as `make format` would write it.
# One clang-format process for all the files (one per file took about 30 s on 2 cores).
format-check:
	@out=$$(clang-format --dry-run $(FORMAT_SRC) 2>&1) || \
	  { printf 'format-check: clang-format failed: %s\n' "$$out" | head -3; exit 1; }; \
	  bad=$$(printf '%s\n' "$$out" | \
	  sed -n 's/^\([^:]*\):[0-9]*:[0-9]*: warning: code should be clang-formatted.*/\1/p' | sort -u); \
	  if [ -n "$$bad" ]; then echo "not formatted (make format):" $$bad; exit 1; fi; \
	  echo "format-check: $(words $(FORMAT_SRC)) files formatted"

# The man page: its template (docs/man/maxtune.1.in) with every command's --help and the config
# schema (`maxtune config --man`) filled in; tests/manual.sh fails when the committed page is stale.
man: $(BIN)
	@scripts/make_man.sh $(BIN) docs/maxtune.1

PREFIX  ?= /usr/local
# The program and its man page under $(DESTDIR)$(PREFIX).
install: $(BIN)
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 755 $(BIN) $(DESTDIR)$(PREFIX)/bin/maxtune
	install -m 644 docs/maxtune.1 $(DESTDIR)$(PREFIX)/share/man/man1/maxtune.1

clean:
	rm -rf build bin

.SECONDARY:

-include $(shell find build -name '*.d' 2>/dev/null)
