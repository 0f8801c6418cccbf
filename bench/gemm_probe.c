/* Device time of matrix products through the core API (ga_mtimes), for the GPU machine:
 * SGEMM and DGEMM at 4096 and 8192 for each tile configuration given, and GEMV at
 * 16384 x 16384 (both orientations) against an elementwise copy of the same matrix.
 * Times are gpu_time_ns (timestamp queries) of one product per submission, the median
 * of warm runs. Each product is checked at sampled entries against a long-double dot
 * product (single: 1e-5 relative to sum |a||b|, double 1e-13).
 *   make -C src libgpuarray_core.a && cc -O2 -std=c11 -D_POSIX_C_SOURCE=200809L \
 *     -Isrc/core bench/gemm_probe.c src/libgpuarray_core.a <CORE_LIBS> -o gemm_probe
 *   ./gemm_probe [tile ...]       tiles as BMxBNxBK, e.g. 128x128x8 128x64x8 */
#include "ga.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
    check(ga_synchronize(), "sync");
    ga_reset_stats();
    check(ga_mtimes(&oa, 0, &ob, 0, &c), "mtimes");
    check(ga_synchronize(), "sync");
    ga_stats s;
    ga_get_stats(&s);
    if (r >= 0)
      t[r] = (double)s.gpu_time_ns * 1e-9;
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

static void gemm_sizes(ga_class cls, const char *tile)
{
  int small = getenv("PROBE_SMALL") != NULL; /* a smoke test on lavapipe */
  const int64_t sizes[2] = {small ? 256 : 4096, small ? 384 : 8192};
  for (int s = 0; s < 2; s++) {
    int64_t n = sizes[s];
    void *ha = random_matrix(cls, n * n), *hb = random_matrix(cls, n * n);
    int64_t dims[2] = {n, n};
    ga_id a, b;
    check(ga_upload(cls, 2, dims, ha, &a), "upload");
    check(ga_upload(cls, 2, dims, hb, &b), "upload");
    int ok;
    double t = time_product(cls, a, ha, n, n, b, hb, n, &ok);
    printf("%s %-6s %5lld  tile %-10s %8.3f ms  %6.2f TFLOP/s  %s\n", cls == GA_SINGLE ? "SGEMM" : "DGEMM", "",
           (long long)n, tile, t * 1e3, 2.0 * n * n * n / t * 1e-12, ok ? "ok" : "WRONG");
    fflush(stdout);
    ga_release(a);
    ga_release(b);
    free(ha);
    free(hb);
  }
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
  ga_device_info info;
  check(ga_get_device_info(&info), "device");
  printf("device: %s (%s), subgroup %d, shared %llu B\n", info.name, info.provider, info.subgroup_size,
         (unsigned long long)info.max_shmem_per_block);
  const char *only = getenv("PROBE_ONLY"); /* "gemv" or "gemm" */
  if (!only || strcmp(only, "gemm") != 0) {
    gemv(GA_SINGLE);
    gemv(GA_DOUBLE);
  }
  if (only && strcmp(only, "gemv") == 0)
    return 0;
  const char *def[] = {"default"};
  int ntiles = argc > 1 ? argc - 1 : 1;
  for (int c = 0; c < 2; c++)
    for (int i = 0; i < ntiles; i++) {
      const char *tile = argc > 1 ? argv[i + 1] : def[0];
      /* tiles that name a class ("s:..." / "d:...") run only for it */
      if (tile[1] == ':' && tile[0] != (c ? 'd' : 's'))
        continue;
      if (tile[1] == ':')
        tile += 2;
      if (strcmp(tile, "default") != 0)
        setenv("GPUARRAY_GEMM_TILE", tile, 1);
      else
        unsetenv("GPUARRAY_GEMM_TILE");
      gemm_sizes(c ? GA_DOUBLE : GA_SINGLE, tile);
    }
  ga_shutdown();
  return 0;
}
