/* Device time of matrix products through the core API (ga_mtimes), for the GPU machine:
 * GEMV at 16384 x 16384 (both orientations) against an elementwise copy of the same
 * matrix; then SGEMM and DGEMM at 4096 and 8192 for every GEMM variant (the candidate
 * lists of ga_vk_gemm.c, or the names given), each forced through GPUARRAY_GEMM_TILE;
 * then what the autotuner picks (in a fresh cache folder) and its record. Times are
 * gpu_time_ns (timestamp queries) of one product per submission, the median of warm
 * runs. Each product is checked at sampled entries against a long-double dot product
 * (single: 1e-5 relative to sum |a||b|, double 1e-13).
 *   make bench/gemm_probe
 *   bench/gemm_probe [variant ...]   e.g. 128x64x8-8x8 d:64x64x8-8x4 (s: / d: one class only)
 * PROBE_ONLY=gemm|gemv|tune runs one part; PROBE_SMALL=1 uses small sizes (lavapipe);
 * PROBE_SIZES=M,N two other square sizes.
 * Each kernel's driver statistics (registers, local memory: VK_KHR_pipeline_executable_
 * properties, where the device has it) go to stderr as it is built, so just before the
 * first line of its variant; GPUARRAY_PIPELINE_STATS=0 turns them off, =2 also saves the
 * driver's internal representations (GPUARRAY_PIPELINE_IR_DIR). */
#include "ga.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define RUNS 7

static int check(ga_status st, const char *what)
{
  if (st != GA_OK) {
    fprintf(stderr, "%s: %s (%s)\n", what, ga_last_error(), ga_status_id(st));
    exit(1);
  }
  return 0;
}

static uint64_t rng = 88172645463325252ull;
static double urand(void)
{
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return (double)(rng >> 11) * 0x1p-53 * 2.0 - 1.0;
}

static void *random_matrix(ga_class cls, int64_t count)
{
  void *p = malloc((size_t)count * ga_class_size(cls));
  for (int64_t i = 0; i < count; i++) {
    double x = urand();
    if (cls == GA_SINGLE)
      ((float *)p)[i] = (float)x;
    else
      ((double *)p)[i] = x;
  }
  return p;
}

static double val(ga_class cls, const void *p, int64_t i)
{
  return cls == GA_SINGLE ? ((const float *)p)[i] : ((const double *)p)[i];
}

static int cmp(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

static double now(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* NVIDIA's Vulkan driver runs a lightly loaded GPU at its idle clock and raises it only
 * after a few hundred ms of steady work (bench/README.md, "Clocks"): each measurement
 * first repeats its operation for half a second. */
static void sustain(ga_status (*op)(const ga_operand *, const ga_operand *, ga_id *), const ga_operand *x,
                    const ga_operand *y)
{
  for (double t0 = now(); now() - t0 < 0.5;) {
    ga_id r = 0;
    ga_status st = op(x, y, &r);
    ga_synchronize();
    if (r)
      ga_release(r);
    if (st != GA_OK)
      return;
  }
}

static ga_status product(const ga_operand *x, const ga_operand *y, ga_id *r)
{
  return ga_mtimes(x, 0, y, 0, r);
}

static ga_status plus(const ga_operand *x, const ga_operand *y, ga_id *r)
{
  return ga_binary(GA_OP_PLUS, x, y, r);
}

/* median device seconds of op(a)*op(b); the result is checked at 64 sampled entries */
static double time_product(ga_class cls, ga_id a, const void *ha, int64_t m, int64_t k, ga_id b, const void *hb,
                           int64_t n, int *ok)
{
  double t[RUNS];
  ga_operand oa = {.id = a}, ob = {.id = b};
  ga_id c = 0;
  for (int r = -1; r < RUNS; r++) {
    if (c)
      ga_release(c);
    c = 0;
    check(ga_synchronize(), "sync");
    ga_reset_stats();
    ga_status st = ga_mtimes(&oa, 0, &ob, 0, &c);
    if (st == GA_OK)
      st = ga_synchronize();
    if (st != GA_OK) { /* a variant the driver rejects: report it, go on with the next */
      printf("mtimes failed: %s (%s)\n", ga_last_error(), ga_status_id(st));
      *ok = 0;
      return -1;
    }
    ga_stats s;
    ga_get_stats(&s);
    if (r >= 0)
      t[r] = (double)s.gpu_time_ns * 1e-9;
    else
      sustain(product, &oa, &ob);
  }
  size_t es = ga_class_size(cls);
  void *hc = malloc((size_t)(m * n) * es);
  check(ga_download(c, hc, (size_t)(m * n) * es), "download");
  *ok = 1;
  double worst = 0;
  for (int s = 0; s < 64; s++) {
    int64_t i = (int64_t)(rng % (uint64_t)m), j = (int64_t)((rng >> 32) % (uint64_t)n);
    urand();
    long double acc = 0, mag = 0;
    for (int64_t q = 0; q < k; q++) {
      long double x = val(cls, ha, i + q * m), y = val(cls, hb, q + j * k);
      acc += x * y;
      mag += fabsl(x * y);
    }
    double err = fabs(val(cls, hc, i + j * m) - (double)acc) / (double)mag;
    worst = err > worst ? err : worst;
  }
  *ok = worst <= (cls == GA_SINGLE ? 1e-5 : 1e-13);
  free(hc);
  ga_release(c);
  qsort(t, RUNS, sizeof t[0], cmp);
  return t[RUNS / 2];
}

/* One class and size: the operands made once, then each variant timed on them. */
static void gemm_sweep(ga_class cls, int64_t n, int nvar, const char *const *vars, double *best, char *best_name)
{
  void *ha = random_matrix(cls, n * n), *hb = random_matrix(cls, n * n);
  int64_t dims[2] = {n, n};
  ga_id a, b;
  check(ga_upload(cls, 2, dims, ha, &a), "upload");
  check(ga_upload(cls, 2, dims, hb, &b), "upload");
  *best = 0;
  for (int i = 0; i < nvar; i++) {
    const char *v = vars[i];
    /* names that say a class ("s:..." / "d:...") run only for it */
    if (v[0] && v[1] == ':') {
      if (v[0] != (cls == GA_SINGLE ? 's' : 'd'))
        continue;
      v += 2;
    }
    if (strcmp(v, "auto") == 0)
      unsetenv("GPUARRAY_GEMM_TILE");
    else
      setenv("GPUARRAY_GEMM_TILE", v, 1);
    int ok;
    double t = time_product(cls, a, ha, n, n, b, hb, n, &ok);
    if (t < 0)
      continue;
    double tf = 2.0 * (double)n * (double)n * (double)n / t * 1e-12;
    const char *ran = ga_gemm_variant(cls);
    bool other = strcmp(v, "auto") != 0 && strcmp(ran, v) != 0; /* a name the device cannot take */
    printf("%s %5lld  %-20s %8.3f ms  %6.2f TFLOP/s  %s%s%s%s\n", cls == GA_SINGLE ? "SGEMM" : "DGEMM", (long long)n,
           ran, t * 1e3, tf, ok ? "ok" : "WRONG", other ? "  (asked for " : "", other ? v : "", other ? ")" : "");
    fflush(stdout);
    if (ok && tf > *best) {
      *best = tf;
      snprintf(best_name, 48, "%s", ran);
    }
  }
  unsetenv("GPUARRAY_GEMM_TILE");
  ga_release(a);
  ga_release(b);
  free(ha);
  free(hb);
}

/* The autotuner from scratch for one class: a fresh cache folder, a new session, one
 * product of n; prints its pick and the record it wrote (every candidate's TFLOP/s). */
static void autotune(ga_class cls, int64_t n)
{
  char dir[] = "/tmp/gemm_probe_tune_XXXXXX";
  if (!mkdtemp(dir)) {
    perror("mkdtemp");
    return;
  }
  setenv("GPUARRAY_CACHE_DIR", dir, 1);
  unsetenv("GPUARRAY_GEMM_TILE");
  if (getenv("PROBE_SMALL"))
    setenv("GPUARRAY_GEMM_AUTOTUNE", "force", 1);
  check(ga_reset(0), "reset");
  ga_reset_stats();
  /* one product of n starts the tuner (time_product resets the counters) */
  void *h = random_matrix(cls, n * n);
  int64_t dims[2] = {n, n};
  ga_id a, c;
  check(ga_upload(cls, 2, dims, h, &a), "upload");
  ga_operand oa = {.id = a};
  check(ga_mtimes(&oa, 0, &oa, 0, &c), "mtimes");
  check(ga_synchronize(), "sync");
  ga_stats s;
  ga_get_stats(&s);
  ga_release(a);
  ga_release(c);
  free(h);
  const char *vars[1] = {"auto"};
  double best;
  char name[48];
  gemm_sweep(cls, n, 1, vars, &best, name);
  printf("autotune %s: picked %s (%llu tuning run%s)\n", cls == GA_SINGLE ? "single" : "double", ga_gemm_variant(cls),
         (unsigned long long)s.gemm_tunings, s.gemm_tunings == 1 ? "" : "s");
  char cmd[200];
  snprintf(cmd, sizeof cmd, "cat %s/*/gemm-tune-%s.txt | tr -c '[:print:]\\n' ' '; echo; rm -rf %s", dir,
           cls == GA_SINGLE ? "single" : "double", dir);
  fflush(stdout);
  if (system(cmd) != 0)
    printf("(no record)\n");
  fflush(stdout);
}

static void gemv(ga_class cls)
{
  int64_t n = getenv("PROBE_SMALL") ? 1024 : 16384;
  size_t es = ga_class_size(cls);
  void *ha = random_matrix(cls, n * n), *hx = random_matrix(cls, n);
  int64_t dims[2] = {n, n}, dx[2] = {n, 1}, dr[2] = {1, n};
  ga_id a, x, xr, c = 0;
  check(ga_upload(cls, 2, dims, ha, &a), "upload");
  check(ga_upload(cls, 2, dx, hx, &x), "upload");
  check(ga_upload(cls, 2, dr, hx, &xr), "upload");
  int ok;
  double t = time_product(cls, a, ha, n, n, x, hx, 1, &ok);
  double bytes = (double)n * (double)n * (double)es;
  printf("GEMV   A*x   %5lld  %-15s %8.3f ms  %7.1f GB/s (matrix read)  %s\n", (long long)n, cls == GA_SINGLE ? "single" : "double",
         t * 1e3, bytes / t * 1e-9, ok ? "ok" : "WRONG");
  t = time_product(cls, xr, hx, 1, n, a, ha, n, &ok);
  printf("GEMV   x'*A  %5lld  %-15s %8.3f ms  %7.1f GB/s (matrix read)  %s\n", (long long)n, cls == GA_SINGLE ? "single" : "double",
         t * 1e3, bytes / t * 1e-9, ok ? "ok" : "WRONG");
  /* the copy baseline: A + 0 evaluated, reading and writing the matrix */
  double tc[RUNS];
  double zero = 0;
  int64_t d1[2] = {1, 1};
  ga_operand oa = {.id = a}, oz = {.is_host = 1, .cls = GA_DOUBLE, .ndims = 2, .dims = d1, .data = &zero};
  for (int r = -1; r < RUNS; r++) {
    check(ga_synchronize(), "sync");
    ga_reset_stats();
    check(ga_binary(GA_OP_PLUS, &oa, &oz, &c), "copy");
    check(ga_synchronize(), "sync");
    ga_stats s;
    ga_get_stats(&s);
    if (r >= 0)
      tc[r] = (double)s.gpu_time_ns * 1e-9;
    ga_release(c);
    if (r < 0)
      sustain(plus, &oa, &oz);
  }
  qsort(tc, RUNS, sizeof tc[0], cmp);
  printf("COPY   A+0   %5lld  %-15s %8.3f ms  %7.1f GB/s (read + write)\n", (long long)n,
         cls == GA_SINGLE ? "single" : "double", tc[RUNS / 2] * 1e3, 2 * bytes / tc[RUNS / 2] * 1e-9);
  fflush(stdout);
  ga_release(a);
  ga_release(x);
  ga_release(xr);
  free(ha);
  free(hx);
}

int main(int argc, char **argv)
{
  setenv("GPUARRAY_PIPELINE_STATS", "1", 0); /* before the device is made */
  ga_device_info info;
  check(ga_get_device_info(&info), "device");
  printf("device: %s (%s), subgroup %d, shared %llu B\n", info.name, info.provider, info.subgroup_size,
         (unsigned long long)info.max_shmem_per_block);
  const char *only = getenv("PROBE_ONLY"); /* "gemv", "gemm" or "tune" */
  int small = getenv("PROBE_SMALL") != NULL;
  if (!only || strcmp(only, "gemv") == 0) {
    gemv(GA_SINGLE);
    gemv(GA_DOUBLE);
  }
  int64_t sizes[2] = {small ? 256 : 4096, small ? 384 : 8192};
  const char *sz = getenv("PROBE_SIZES"); /* "M,N": two other sizes */
  long s0, s1;
  if (sz && sscanf(sz, "%ld,%ld", &s0, &s1) == 2 && s0 > 0 && s1 > 0) {
    sizes[0] = s0;
    sizes[1] = s1;
  }
  /* the sweep: forced variants, never the tuner */
  setenv("GPUARRAY_GEMM_AUTOTUNE", "0", 1);
  if (!only || strcmp(only, "gemm") == 0)
    for (int c = 0; c < 2; c++) {
      ga_class cls = c ? GA_DOUBLE : GA_SINGLE;
      const char *vars[64];
      int nvar = 0;
      if (argc > 1)
        for (int i = 1; i < argc && nvar < 64; i++)
          vars[nvar++] = argv[i];
      else
        for (int i = 0; ga_gemm_candidate(cls, i) && nvar < 64; i++)
          vars[nvar++] = ga_gemm_candidate(cls, i);
      for (int s = 0; s < 2; s++) {
        double best;
        char name[48] = "-";
        gemm_sweep(cls, sizes[s], nvar, vars, &best, name);
        printf("best %s %lld: %s %.2f TFLOP/s\n", c ? "DGEMM" : "SGEMM", (long long)sizes[s], name, best);
      }
    }
  unsetenv("GPUARRAY_GEMM_AUTOTUNE");
  if (!only || strcmp(only, "tune") == 0) {
    autotune(GA_SINGLE, sizes[0]);
    autotune(GA_DOUBLE, sizes[0]);
  }
  ga_shutdown();
  return 0;
}
