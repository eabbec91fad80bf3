# SPDX-License-Identifier: GPL-2.0-only
#
# vmsplit build.  `make` builds build/vmsplit; `make test` runs the Criterion
# suite; `make check` runs it again under ASan+UBSan; `make bench` runs the
# benchmarks; `make run` runs `vmsplit reproduce`; `make install PREFIX=...`
# installs bin/vmsplit and its man page.  `make kpath` (root, Debian
# 12, not part of test or CI) measures Linux's kernel paths under QEMU and
# rewrites data/kpath/*.tsv (tools/kpath/kpath.sh, data/kpath/README.md).

CC ?= cc
BUILD ?= build
CFLAGS_BASE := -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror -Wno-unused-parameter \
	-Wshadow -Wstrict-prototypes -Wmissing-prototypes -Isrc -MMD -MP
OPT ?= -O2 -g
CFLAGS ?=
ALL_CFLAGS := $(CFLAGS_BASE) $(OPT) $(CFLAGS)
LDLIBS := -lcjson -lm

# The version, in one place: VERSION ("vmsplit --version").
VMSPLIT_VERSION := $(shell cat VERSION)

LIB_SRC := $(sort $(shell find src -name '*.c' ! -path 'src/cli/main.c'))
# The built-in boards (docs/board-files.md), in the order `vmsplit
# platforms` lists them and the fuzzer's inputs index them: new boards go
# last.  tools/boards-to-c.sh builds them into the library.
BOARD_FILES := boards/kirkwood-openblocks-a7.board boards/beaglebone-white.board \
	boards/numaq-16.board boards/cortex-a15-2g.board \
	boards/beaglebone-black.board boards/am335x-evm.board
ifneq ($(sort $(BOARD_FILES)),$(sort $(wildcard boards/*.board)))
$(error boards/ and BOARD_FILES differ: list every board file once)
endif
BOARDS_OBJ := $(BUILD)/gen/boards.o
LIB_OBJ := $(LIB_SRC:%.c=$(BUILD)/%.o) $(BOARDS_OBJ)
MAIN_OBJ := $(BUILD)/src/cli/main.o
TEST_SRC := $(sort $(wildcard tests/*.c))
TEST_OBJ := $(TEST_SRC:%.c=$(BUILD)/%.o)
BENCH_SRC := $(sort $(wildcard bench/*.c))
BENCH_OBJ := $(BENCH_SRC:%.c=$(BUILD)/%.o)
# The fuzzer's interpreter (fuzz/fuzz_program.c) is linked into the tests
# too: they replay the committed corpus and every crash input.
FUZZ_PROG_OBJ := $(BUILD)/fuzz/fuzz_program.o
FUZZ_OBJ := $(FUZZ_PROG_OBJ) $(BUILD)/fuzz/fuzz_main.o $(BUILD)/fuzz/fuzz_replay.o

# The kpath analysis is a host tool, not part of the simulator: the tests
# link it beside libvmsplit.a, never into it.
KPATH_OBJ := $(BUILD)/tools/kpath/kpath-analyze.o \
	$(BUILD)/tools/kpath/kpath-compare.o
KPATH_MAIN_OBJ := $(BUILD)/tools/kpath/kpath-main.o

.PHONY: all run test check bench deps clean format kpath kernel-text \
	install uninstall fuzz fuzz-long fuzz-build fuzz-deps fuzz-replay fuzz-corpus-check

all: $(BUILD)/vmsplit

# $(call install_missing,PKG:PATH ...): the Debian packages whose PATH is
# absent, installed when we are root, else named with the command to run.
define install_missing
	@missing=""; for p in $(1); do \
		[ -e "$${p#*:}" ] || missing="$$missing $${p%%:*}"; \
	done; \
	if [ -n "$$missing" ]; then \
		if [ "$$(id -u)" = 0 ]; then \
			echo "installing$$missing"; \
			(apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
			 apt-get install -y -qq $$missing >/dev/null) || exit 1; \
		else \
			echo "missing$$missing: run 'apt-get install$$missing' as root" >&2; \
			exit 1; \
		fi; \
	fi
endef

# Debian packages the build needs: Criterion for the tests, cJSON for
# `vmsplit diff`.  Installed on the spot when we are root (a fresh CI
# machine); otherwise we say what is missing.
DEPS_PKGS := libcriterion-dev:/usr/include/criterion/criterion.h \
	libcjson-dev:/usr/include/cjson/cJSON.h
deps:
	$(call install_missing,$(DEPS_PKGS))

# V=1 shows the full command lines.
Q := $(if $(V),,@)

# Every object waits for the Debian packages (deps): the simulator's
# sources include cJSON's header, the tests Criterion's, and a parallel
# build must not compile one before apt-get has installed it.
$(BUILD)/%.o: %.c | deps
	@mkdir -p $(dir $@)
	@$(if $(V),,echo "  CC      $<")
	$(Q)$(CC) $(ALL_CFLAGS) -c $< -o $@

# Extra flags for the simulator's objects, and for the machine's
# (src/hw) on top: empty but in the fuzzer's build (fuzz-build).
SRC_CFLAGS ?=
HW_CFLAGS ?=
$(LIB_OBJ): ALL_CFLAGS += $(SRC_CFLAGS)
$(filter $(BUILD)/src/hw/%,$(LIB_OBJ)): ALL_CFLAGS += $(HW_CFLAGS)

$(BUILD)/gen/boards.c: $(BOARD_FILES) tools/boards-to-c.sh
	@mkdir -p $(dir $@)
	@$(if $(V),,echo "  GEN     $@")
	$(Q)tools/boards-to-c.sh $(BOARD_FILES) > $@.tmp && mv $@.tmp $@

$(BOARDS_OBJ): $(BUILD)/gen/boards.c
	@$(if $(V),,echo "  CC      $<")
	$(Q)$(CC) $(ALL_CFLAGS) -c $< -o $@

$(BUILD)/libvmsplit.a: $(LIB_OBJ)
	@rm -f $@
	$(Q)ar rcs $@ $^

$(BUILD)/vmsplit: $(MAIN_OBJ) $(BUILD)/libvmsplit.a
	@$(if $(V),,echo "  LD      $@")
	$(Q)$(CC) $(ALL_CFLAGS) -o $@ $^ $(LDLIBS)

$(BUILD)/vmsplit-tests: $(TEST_OBJ) $(KPATH_OBJ) $(FUZZ_PROG_OBJ) \
		$(BUILD)/libvmsplit.a | deps
	@$(if $(V),,echo "  LD      $@")
	$(Q)$(CC) $(ALL_CFLAGS) -o $@ $^ -lcriterion $(LDLIBS)

$(BUILD)/vmsplit-bench: $(BENCH_OBJ) $(BUILD)/libvmsplit.a
	@$(if $(V),,echo "  LD      $@")
	$(Q)$(CC) $(ALL_CFLAGS) -o $@ $^ $(LDLIBS)

# The fuzzer's inputs without libFuzzer (fuzz/fuzz_replay.c), on this
# build's flags: for profiling the harness (perf, callgrind) and triage.
$(BUILD)/fuzz-replay: $(BUILD)/fuzz/fuzz_replay.o $(FUZZ_PROG_OBJ) \
		$(BUILD)/libvmsplit.a
	@$(if $(V),,echo "  LD      $@")
	$(Q)$(CC) $(ALL_CFLAGS) -o $@ $^ $(LDLIBS)

fuzz-replay: $(BUILD)/fuzz-replay

$(BUILD)/kpath-analyze: $(KPATH_MAIN_OBJ) $(KPATH_OBJ)
	@$(if $(V),,echo "  LD      $@")
	$(Q)$(CC) $(ALL_CFLAGS) -o $@ $^ $(LDLIBS)

$(MAIN_OBJ): VERSION
$(MAIN_OBJ): ALL_CFLAGS += -DVMSPLIT_VERSION='"$(VMSPLIT_VERSION)"'

$(TEST_OBJ) $(KPATH_OBJ) $(KPATH_MAIN_OBJ): ALL_CFLAGS += -Itools/kpath
$(TEST_OBJ) $(FUZZ_OBJ): ALL_CFLAGS += -I.

run: $(BUILD)/vmsplit
	$(BUILD)/vmsplit reproduce

# Tests find the CLI binary through VMSPLIT_BIN (tests/test_cli.c).
# `make check` runs one test at a time: with two workers under ASan,
# Criterion's runner now and then leaks 48 bytes of its own at exit, which
# LeakSanitizer turns into a failed run though every test passed.
TEST_JOBS ?= 2
test: $(BUILD)/vmsplit-tests $(BUILD)/vmsplit
	VMSPLIT_BIN=$(BUILD)/vmsplit $(BUILD)/vmsplit-tests --jobs $(TEST_JOBS)

# Criterion counts a test whose process LeakSanitizer reports at exit as
# passed, so every sanitizer report (of the tests and of the CLI runs they
# make) goes to a file under build-san/sanitizer, and any such file fails
# the check after the suite has run, printed.
SAN_LOG = $(abspath build-san/sanitizer)
check:
	rm -rf $(SAN_LOG) && mkdir -p $(SAN_LOG)
	ASAN_OPTIONS=log_path=$(SAN_LOG)/asan UBSAN_OPTIONS=log_path=$(SAN_LOG)/ubsan:print_stacktrace=1 \
		$(MAKE) BUILD=build-san TEST_JOBS=1 OPT="-O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all" test
	@if [ -n "$$(ls -A $(SAN_LOG))" ]; then \
		cat $(SAN_LOG)/*; \
		echo "make check: $$(ls $(SAN_LOG) | wc -l) sanitizer report(s), above"; \
		exit 1; \
	fi

# Boots Debian's 32-bit kernels under QEMU for tens of minutes; see
# data/kpath/README.md.  Work files go to build/kpath (git-ignored).
kpath: $(BUILD)/kpath-analyze
	ANALYZE=$(abspath $(BUILD)/kpath-analyze) tools/kpath/kpath.sh

# After `make kpath`: the I-cache model's text lines per cost centre, from
# that run's per-PC counts (tools/kpath/kernel-text.py).
kernel-text:
	tools/kpath/kernel-text.py armmp tools/kpath/text-map-arm.txt $(BUILD)/kpath \
		> src/platforms/kernel_text_arm.c
	tools/kpath/kernel-text.py 686-pae tools/kpath/text-map-x86.txt $(BUILD)/kpath \
		> src/platforms/kernel_text_x86.c
	clang-format -i src/platforms/kernel_text_arm.c src/platforms/kernel_text_x86.c

# BENCH_ARGS: vmsplit-bench's options, e.g. --quick (a short run), --only dd,
# --board NAME, --runs N (docs/speed.md).
bench: $(BUILD)/vmsplit-bench
	$(BUILD)/vmsplit-bench $(BENCH_ARGS)

# The syscall-sequence fuzzer (fuzz/README.md): clang's libFuzzer with
# ASan+UBSan over the whole simulator.  FUZZ_TIME seconds (60 by default,
# the CI's smoke campaign) from the committed seed corpus, copied to
# build-fuzz/corpus so a campaign never rewrites fuzz/corpus; crash inputs
# land in build-fuzz/crashes.  FUZZ_ARGS adds libFuzzer options.
#
# Coverage: libFuzzer's edge counters on the simulated kernel and the
# interpreter, where a new edge is a new kernel path; none on the machine
# (src/hw), whose cache, TLB and I-cache loops hit theirs alike in every
# input -- a third of the counters, each paid for by libFuzzer in every
# run.  Comparison tracing (trace-cmp) only in the decoder (fuzz/): in
# the simulator its hooks ran on every compare of a tag, an address or a
# count, a third of a campaign's host time, to offer libFuzzer operands
# that no input byte holds (the input encodes lengths and pointers, it
# does not carry them).  FUZZ_SRC_CFLAGS= FUZZ_HW_CFLAGS= instruments
# everything as before.  A change of flags rebuilds build-fuzz.
FUZZ_BUILD := build-fuzz
FUZZ_TIME ?= 60
FUZZ_ARGS ?=
# FUZZ_SANITIZE= FUZZ_OPT=-O2: the long campaign's fast build
# (fuzz/README.md), with no sanitizer -- the simulator's own checkers
# still stop a run, and `make fuzz-corpus-check` replays the corpus it
# leaves under ASan and UBSan; the smoke campaign keeps both.
# FUZZ_SANITIZE=undefined keeps UBSan alone.
FUZZ_SANITIZE ?= address,undefined
FUZZ_OPT ?= -O1
comma := ,
FUZZ_CFLAGS := $(FUZZ_OPT) -g -fno-omit-frame-pointer \
	-fsanitize=fuzzer-no-link$(if $(strip $(FUZZ_SANITIZE)),$(comma)$(strip $(FUZZ_SANITIZE))) \
	-fno-sanitize-recover=all
FUZZ_SRC_CFLAGS ?= -fno-sanitize-coverage=trace-cmp
FUZZ_HW_CFLAGS ?= -fno-sanitize=fuzzer-no-link
FUZZ_FLAGS_SEEN := $(FUZZ_CFLAGS) src: $(FUZZ_SRC_CFLAGS) hw: $(FUZZ_HW_CFLAGS)
FUZZ_DEPS_PKGS := clang:/usr/bin/clang libclang-rt-dev:/usr/lib/llvm-14/lib/clang
fuzz-deps:
	$(call install_missing,$(FUZZ_DEPS_PKGS))

fuzz-build: fuzz-deps
	@if [ "$$(cat $(FUZZ_BUILD)/flags 2>/dev/null)" != "$(FUZZ_FLAGS_SEEN)" ]; then \
		rm -rf $(FUZZ_BUILD)/src $(FUZZ_BUILD)/fuzz $(FUZZ_BUILD)/libvmsplit.a; \
		mkdir -p $(FUZZ_BUILD); echo "$(FUZZ_FLAGS_SEEN)" > $(FUZZ_BUILD)/flags; \
	fi
	$(MAKE) BUILD=$(FUZZ_BUILD) CC=clang OPT="$(FUZZ_CFLAGS)" \
		SRC_CFLAGS="$(FUZZ_SRC_CFLAGS)" HW_CFLAGS="$(FUZZ_HW_CFLAGS)" \
		$(FUZZ_BUILD)/libvmsplit.a $(FUZZ_BUILD)/fuzz/fuzz_program.o \
		$(FUZZ_BUILD)/fuzz/fuzz_main.o
	clang $(FUZZ_CFLAGS) -fsanitize=fuzzer -o $(FUZZ_BUILD)/fuzz-syscalls \
		$(FUZZ_BUILD)/fuzz/fuzz_main.o $(FUZZ_BUILD)/fuzz/fuzz_program.o \
		$(FUZZ_BUILD)/libvmsplit.a -lm

# Both campaigns end with one line from fuzz/campaign.sh: the sequences
# run and per second, libFuzzer's final cov and ft, the corpus, and the
# crash, leak, timeout and oom inputs the run added to build-fuzz/crashes.
# FUZZ_TIMEOUT seconds an input (3): one takes a few milliseconds and the
# slowest of a campaign's corpus well under a second, and a hang (the
# known one of fuzz/open/) costs the whole of it.
FUZZ_TIMEOUT ?= 3
# -entropic=0: libFuzzer's entropic schedule updated every feature's
# frequency after every run, 34% of a campaign's host time here (perf,
# fuzz-syscalls over a 1,332-input corpus); without it the same 40 s
# from that corpus ran 1.5x the sequences and ended with more coverage
# (cov 3816 ft 19358 against 3789 ft 18499).
FUZZ_COMMON := -entropic=0 -timeout=$(FUZZ_TIMEOUT) -rss_limit_mb=4096 -max_len=2048 \
	-print_final_stats=1 -dict=fuzz/syscalls.dict \
	-artifact_prefix=$(FUZZ_BUILD)/crashes/

fuzz: fuzz-build
	@mkdir -p $(FUZZ_BUILD)/corpus $(FUZZ_BUILD)/crashes
	cp -n fuzz/corpus/* $(FUZZ_BUILD)/corpus/
	fuzz/campaign.sh $(FUZZ_BUILD)/fuzz.log $(FUZZ_BUILD)/crashes \
		$(FUZZ_BUILD)/fuzz-syscalls -max_total_time=$(FUZZ_TIME) \
		$(FUZZ_COMMON) $(FUZZ_ARGS) $(FUZZ_BUILD)/corpus

# The long campaign (fuzz/README.md): FUZZ_LONG_RUNS sequences (ten
# million) in libFuzzer's fork mode, FUZZ_LONG_JOBS processes at a time
# (both cores), with the smoke campaign's corpus and crash directories.
# As in .ci/run, a hang goes on; so does a crash (-ignore_crashes): its
# input is kept in build-fuzz/crashes and fails the campaign at the end.  FUZZ_LONG_TIME caps the wall seconds too (0: no cap).
FUZZ_LONG_RUNS ?= 10000000
FUZZ_LONG_JOBS ?= 2
FUZZ_LONG_TIME ?= 0
fuzz-long: fuzz-build
	@mkdir -p $(FUZZ_BUILD)/corpus $(FUZZ_BUILD)/crashes
	cp -n fuzz/corpus/* $(FUZZ_BUILD)/corpus/
	fuzz/campaign.sh $(FUZZ_BUILD)/fuzz-long.log $(FUZZ_BUILD)/crashes \
		$(FUZZ_BUILD)/fuzz-syscalls -fork=$(FUZZ_LONG_JOBS) \
		-runs=$(FUZZ_LONG_RUNS) -max_total_time=$(FUZZ_LONG_TIME) \
		-ignore_timeouts=1 -ignore_crashes=1 -timeout_exitcode=0 \
		$(FUZZ_COMMON) $(FUZZ_ARGS) $(FUZZ_BUILD)/corpus

# Every input of the campaigns' corpus (build-fuzz/corpus) run once by
# the build FUZZ_SANITIZE and FUZZ_OPT choose (ASan and UBSan by
# default): what a campaign of the fast build kept, checked for what only
# the sanitizers see.  Fails on any finding, as the campaigns do.
fuzz-corpus-check: fuzz-build
	@mkdir -p $(FUZZ_BUILD)/corpus $(FUZZ_BUILD)/crashes
	cp -n fuzz/corpus/* $(FUZZ_BUILD)/corpus/
	fuzz/campaign.sh $(FUZZ_BUILD)/fuzz-corpus-check.log $(FUZZ_BUILD)/crashes \
		$(FUZZ_BUILD)/fuzz-syscalls -runs=0 \
		$(FUZZ_COMMON) $(FUZZ_ARGS) $(FUZZ_BUILD)/corpus

# `make install PREFIX=/opt/vmsplit`; DESTDIR for staging (packages).
PREFIX ?= /usr/local
BINDIR = $(DESTDIR)$(PREFIX)/bin
MAN1DIR = $(DESTDIR)$(PREFIX)/share/man/man1

install: $(BUILD)/vmsplit
	install -d $(BINDIR) $(MAN1DIR)
	install -m 755 $(BUILD)/vmsplit $(BINDIR)/vmsplit
	install -m 644 vmsplit.1 $(MAN1DIR)/vmsplit.1

uninstall:
	rm -f $(BINDIR)/vmsplit $(MAN1DIR)/vmsplit.1

format:
	clang-format -i $$(find src tests bench -name '*.[ch]')

clean:
	rm -rf build build-san build-fuzz

-include $(LIB_OBJ:.o=.d) $(MAIN_OBJ:.o=.d) $(TEST_OBJ:.o=.d) $(BENCH_OBJ:.o=.d) \
	$(KPATH_OBJ:.o=.d) $(KPATH_MAIN_OBJ:.o=.d) $(FUZZ_OBJ:.o=.d)
