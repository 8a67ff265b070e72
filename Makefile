# Thin driver over CMake. Build tree: build/.  See README.md.
BUILD    ?= build
JOBS     ?= $(shell nproc)
CMAKE_FLAGS ?= -DCMAKE_BUILD_TYPE=Release
# WERROR=ON: warnings in Sprig's own code are errors (CMake option SPRIG_WERROR; CI sets
# it, see .ci/run). Given on the command line, it also reconfigures an existing build.
WERROR   ?=

.PHONY: deps configure build test test-assert demo bench fuzz package clean

deps:
	@scripts/install-deps.sh

$(BUILD)/CMakeCache.txt:
	@cmake -S . -B $(BUILD) $(CMAKE_FLAGS) $(if $(WERROR),-DSPRIG_WERROR=$(WERROR)) >/dev/null

configure: deps $(BUILD)/CMakeCache.txt
ifneq ($(WERROR),)
	@grep -qx 'SPRIG_WERROR:BOOL=$(WERROR)' $(BUILD)/CMakeCache.txt || \
	  cmake -S . -B $(BUILD) -DSPRIG_WERROR=$(WERROR) >/dev/null
endif

build: configure
	@cmake --build $(BUILD) -j $(JOBS)

test: build
	@cd $(BUILD) && ctest --output-on-failure -j 1

# The assertion build (docs/sanitizers.md, "The assertion build"): a second tree,
# $(ASSERT_BUILD), configured with SPRIG_ASSERTIONS=ON (the runtime and the plugin check
# the invariants their comments state) and without the sanitizer variants, which `make
# test` covers. It runs the ctest entries labelled `assert`: the runtime's GoogleTests
# and the lit directories that run the runtime hardest (SPRIG_ASSERT_LIT in
# test/CMakeLists.txt: exec, exceptions, handlowered, roots, runtime). CI runs it after
# `make test`.
ASSERT_BUILD ?= build-assert
ASSERT_CMAKE_FLAGS ?= -DCMAKE_BUILD_TYPE=Release -DSPRIG_ASSERTIONS=ON \
                      -DSPRIG_SANITIZER_RUNTIMES=OFF

$(ASSERT_BUILD)/CMakeCache.txt:
	@cmake -S . -B $(ASSERT_BUILD) $(ASSERT_CMAKE_FLAGS) $(if $(WERROR),-DSPRIG_WERROR=$(WERROR)) >/dev/null

test-assert: deps $(ASSERT_BUILD)/CMakeCache.txt
ifneq ($(WERROR),)
	@grep -qx 'SPRIG_WERROR:BOOL=$(WERROR)' $(ASSERT_BUILD)/CMakeCache.txt || \
	  cmake -S . -B $(ASSERT_BUILD) -DSPRIG_WERROR=$(WERROR) >/dev/null
endif
	@cmake --build $(ASSERT_BUILD) -j $(JOBS)
	@cd $(ASSERT_BUILD) && ctest --output-on-failure -j 1 -L assert

demo: build
	@scripts/demo.sh $(BUILD)

# The benchmark suite (bench/README.md): build, run, report. Its knobs pass through, e.g.
# make bench BENCH_PS="1 2 4 8 16" BENCH_REPS=3
export BENCH_PS BENCH_P BENCH_REPS BENCH_ONLY
bench: build
	@scripts/bench.sh $(BUILD)

# Differential fuzzing (docs/fuzz.md): seeds $(FUZZ_FROM)..$(FUZZ_FROM)+$(N)-1, C++
# programs, or C ones with FUZZ_LANG=c (built by sprigcc against gcc/clang-22).
N         ?= 500
FUZZ_FROM ?= 1
FUZZ_JOBS ?= $(JOBS)
FUZZ_LANG ?= c++
fuzz: build
	@python3 test/fuzz/run.py --seeds $(FUZZ_FROM)..$$(($(FUZZ_FROM) + $(N) - 1)) --jobs $(FUZZ_JOBS) \
	  --lang $(FUZZ_LANG) --sprigxx $(BUILD)/bin/sprig++ --sprigcc $(BUILD)/bin/sprigcc \
	  --keep $(BUILD)/fuzz-failures$(if $(filter c,$(FUZZ_LANG)),-c) $(FUZZ_FLAGS)

# A Debian package of the install tree (cmake/SprigPackage.cmake): $(BUILD)/sprig_*.deb.
package: build
	@cd $(BUILD) && cpack -G DEB

clean:
	rm -rf $(BUILD) $(ASSERT_BUILD)
