# gpuarray: top-level build, tests and packaging. See README.md.
VERSION := $(shell sed -n 's/^Version: //p' DESCRIPTION)
PKG := gpuarray-$(VERSION)
OCTAVE ?= octave-cli
LVP_ICD := /usr/share/vulkan/icd.d/lvp_icd.x86_64.json
# the Vulkan runs of the test suite: Mesa's CPU driver, Khronos validation layer on.
# GALLIVM_PERF=nopt: lavapipe's LLVM without its optimization passes, which were most of
# a cold run's time (test_complex's arithmetic: 130 -> 72 s); what the tests check, our
# kernels' answers on a conformant Vulkan implementation, does not depend on them.
LAVAPIPE := VK_ICD_FILENAMES=$(LVP_ICD) GPUARRAY_PROVIDER=vulkan GPUARRAY_VALIDATION=1 GALLIVM_PERF=nopt
HOST := GPUARRAY_PROVIDER=host
CORE_LIBS = -Wl,--start-group -l:libshaderc_combined.a -lglslang -lMachineIndependent -lOSDependent \
  -lOGLCompiler -lGenericCodeGen -lSPIRV -lSPIRV-Tools-opt -lSPIRV-Tools \
  -lglslang-default-resource-limits -Wl,--end-group -lstdc++ -lpthread -lm -lvulkan

all:
	$(MAKE) -C src

# ---- tests -------------------------------------------------------------------------
test/unit/test_core: test/unit/test_core.c src/core/ga.h all
	$(CC) -std=c11 -D_POSIX_C_SOURCE=200809L -O1 -g -Wall -Wextra -Werror -Isrc/core $< \
	  src/libgpuarray_core.a -lcmocka $(CORE_LIBS) -o $@

# ---- the test suite ------------------------------------------------------------------
# Every run is a target of its own, so `make check` runs them side by side (CHECK_JOBS at a
# time, default the machine's cores; output kept per run). A cold run is mostly lavapipe's
# LLVM compiling kernels, one core per process; runs on lavapipe share the kernel caches
# on disk, whose writes are atomic. The lists put the longest runs first.
CHECK_JOBS ?= $(shell nproc 2>/dev/null || echo 2)
TIMED = sh test/timed.sh $@
UNIT_TESTS := core rng copy gemm solve svd
UNIT_RUNS := $(UNIT_TESTS:%=unit-host-%) $(UNIT_TESTS:%=unit-lvp-%)
OCT_LVP := test_complex test_fusion_random test_surface run_bist test_math_sweep test_solve test_indexing \
  test_complex_la test_svd test_qr test_views test_epilogue test_ieee_exact test_random test_faddeeva \
  test_int64_mixed
OCT_HOST := test_complex run_bist test_surface test_fusion_random test_solve test_indexing test_complex_la \
  test_svd test_qr test_views test_epilogue test_ieee_exact test_random test_faddeeva test_int64_mixed
OCT_RUNS := $(OCT_LVP:%=oct-lvp-%) $(OCT_HOST:%=oct-host-%) oct-lvp-ieee-emulated oct-index-selftest \
  oct-disk-cache oct-no-duplicates

$(UNIT_TESTS:%=unit-host-%): unit-host-%: test/unit/test_%
	$(TIMED) $(HOST) $<
$(UNIT_TESTS:%=unit-lvp-%): unit-lvp-%: test/unit/test_%
	$(TIMED) $(LAVAPIPE) $<
$(OCT_HOST:%=oct-host-%): oct-host-%: all
	$(TIMED) $(HOST) $(OCTAVE) test/octave/$*.m
$(OCT_LVP:%=oct-lvp-%): oct-lvp-%: all
	$(TIMED) $(LAVAPIPE) $(OCTAVE) test/octave/$*.m
# the math tables in shared memory, as GPUs run them (off by default on CPU devices)
oct-lvp-test_math_sweep: LAVAPIPE += GPUARRAY_SHARED_TABLES=1
# the paths NVIDIA takes (corrected division, singles computed in double), on lavapipe
oct-lvp-ieee-emulated: all
	$(TIMED) $(LAVAPIPE) GPUARRAY_EXACT_DIVSQRT=1 GPUARRAY_EMULATE_SINGLE=1 $(OCTAVE) test/octave/test_ieee_exact.m
oct-index-selftest: all
	$(TIMED) GA_INDEX_SELFTEST=1 $(OCTAVE) test/octave/test_indexing.m
oct-disk-cache: all
	$(TIMED) $(LAVAPIPE) sh test/octave/test_disk_cache.sh
oct-no-duplicates:
	sh test/octave/no_duplicate_methods.sh

check-unit: all
	$(MAKE) -j$(CHECK_JOBS) --output-sync=target $(UNIT_RUNS)

check-octave: all
	$(MAKE) -j$(CHECK_JOBS) --output-sync=target $(OCT_RUNS)

# copies between views and the indexing API built on them
test/unit/test_copy: test/unit/test_copy.c src/core/ga.h all
	$(CC) -std=c11 -D_POSIX_C_SOURCE=200809L -O1 -g -Wall -Wextra -Werror -Isrc/core $< \
	  src/libgpuarray_core.a -lcmocka $(CORE_LIBS) -o $@

# random numbers and index functions (Philox known answers need librandom123-dev)
test/unit/test_rng: test/unit/test_rng.c src/core/ga.h all
	$(CC) -std=c11 -D_POSIX_C_SOURCE=200809L -O1 -g -Wall -Wextra -Werror -Isrc/core $< \
	  src/libgpuarray_core.a -lcmocka $(CORE_LIBS) -o $@

# matrix products (ga_gemm.c, shaders/gemm.comp and gemv.comp)
test/unit/test_gemm: test/unit/test_gemm.c src/core/ga.h all
	$(CC) -std=c11 -D_POSIX_C_SOURCE=200809L -O1 -g -Wall -Wextra -Werror -Isrc/core $< \
	  src/libgpuarray_core.a -lcmocka $(CORE_LIBS) -o $@

# dense solves and factorisations (ga_solve.c)
test/unit/test_solve: test/unit/test_solve.c src/core/ga.h all
	$(CC) -std=c11 -D_POSIX_C_SOURCE=200809L -O1 -g -Wall -Wextra -Werror -Isrc/core $< \
	  src/libgpuarray_core.a -lcmocka $(CORE_LIBS) -o $@

# the Jacobi SVD (ga_svd.c, shaders/svd.comp)
test/unit/test_svd: test/unit/test_svd.c src/core/ga.h all
	$(CC) -std=c11 -D_POSIX_C_SOURCE=200809L -O1 -g -Wall -Wextra -Werror -Isrc/core $< \
	  src/libgpuarray_core.a -lcmocka $(CORE_LIBS) -o $@

# the dense-solve probe for the GPU machine (bench/README.md): carry it with .gl
bench/solve_probe: bench/solve_probe.c src/core/ga.h all
	$(CC) -std=c11 -D_POSIX_C_SOURCE=200809L -O2 -Wall -Wextra -Werror -Isrc/core $< \
	  src/libgpuarray_core.a $(CORE_LIBS) -o $@

# the QR probe for the GPU machine: carry it with .gl
bench/qr_probe: bench/qr_probe.c src/core/ga.h all
	$(CC) -std=c11 -D_POSIX_C_SOURCE=200809L -O2 -Wall -Wextra -Werror -Isrc/core $< \
	  src/libgpuarray_core.a $(CORE_LIBS) -o $@

# the GEMM probe (variant sweep and autotuner) for the GPU machine: carry it with .gl
bench/gemm_probe: bench/gemm_probe.c src/core/ga.h all
	$(CC) -std=c11 -D_POSIX_C_SOURCE=200809L -O2 -Wall -Wextra -Werror -Isrc/core $< \
	  src/libgpuarray_core.a $(CORE_LIBS) -o $@

# the long differential run of random expression trees (about 10 minutes on lavapipe)
fuzz: all
	GA_FUZZ_TREES=5000 $(HOST) $(OCTAVE) test/octave/test_fusion_random.m
	GA_FUZZ_TREES=5000 $(LAVAPIPE) $(OCTAVE) test/octave/test_fusion_random.m

# the benchmark suite in its small mode, on lavapipe: seconds, so the scripts cannot rot
bench-smoke: all
	rm -rf build/bench && mkdir -p build/bench
	$(LAVAPIPE) BENCH_SMALL=1 BENCH_OUT=build/bench $(OCTAVE) bench/run_octave_bench.m
	python3 bench/report.py --out build/bench build/bench/octave.csv

check-pkg: dist
	sh test/octave/pkg_install_test.sh $(PKG).tar.gz

# the whole suite; the package install (check-pkg) last, on its own. The longest runs start
# first (cold, 2 cores: unit-lvp-gemm 298 s, run_bist 238, test_solve 194, unit-lvp-solve
# 177, test_complex 158, test_fusion_random 124, test_surface 107, unit-lvp-core 89)
CHECK_FIRST := unit-lvp-gemm oct-lvp-run_bist oct-lvp-test_solve unit-lvp-solve oct-lvp-test_complex \
  oct-lvp-test_fusion_random oct-lvp-test_surface unit-lvp-core
check: all $(UNIT_TESTS:%=test/unit/test_%)
	$(MAKE) -j$(CHECK_JOBS) --output-sync=target $(CHECK_FIRST) $(filter-out $(CHECK_FIRST),$(OCT_RUNS) $(UNIT_RUNS)) \
	  bench-smoke
	$(MAKE) check-pkg

# ---- packaging ---------------------------------------------------------------------
dist: $(PKG).tar.gz

$(PKG).tar.gz: DESCRIPTION INDEX COPYING $(shell git ls-files inst src shaders doc examples 2>/dev/null)
	rm -rf build/$(PKG) && mkdir -p build/$(PKG)
	cp -r DESCRIPTION INDEX COPYING NEWS README.md inst shaders doc examples build/$(PKG)/
	mkdir -p build/$(PKG)/src/core build/$(PKG)/src/mex
	cp src/Makefile src/FILES build/$(PKG)/src/
	cp src/core/*.c src/core/*.h src/core/*.awk build/$(PKG)/src/core/
	cp src/mex/*.c src/mex/*.h build/$(PKG)/src/mex/
	rm -f build/$(PKG)/src/core/ga_shaders_gen.c
	tar -C build -czf $@ $(PKG)

install: dist
	$(OCTAVE) --no-gui --eval 'pkg install $(PKG).tar.gz'

demo:
	$(OCTAVE) --eval 'pkg load gpuarray; run examples/demo.m'

clean:
	$(MAKE) -C src clean
	rm -rf build $(PKG).tar.gz test/unit/test_core test/unit/test_rng test/unit/test_copy test/unit/test_gemm test/unit/test_solve test/unit/test_svd bench/solve_probe bench/qr_probe bench/gemm_probe

.PHONY: all check check-unit check-octave check-pkg bench-smoke fuzz dist install demo clean \
  $(UNIT_RUNS) $(OCT_RUNS)
