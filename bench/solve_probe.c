/* Wall and device time of A \ b (ga_mldivide) for a general n x n matrix, double and
 * single, on whatever device the core opens, with the core's telemetry of the best warm
 * run: device time (timestamp queries), submits, waits (round trips), dispatches, bytes
 * down and up. The residual is checked on sampled rows in long double. For the GPU
 * machine (README of bench/): compare with torch.linalg.solve.
 *   make bench/solve_probe          (shaderc linked statically; libvulkan at run time)
 *   bench/solve_probe [n ...]       (default 1024 2048 4096) */
#include "ga.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static void check(ga_status st, const char *what)
{
  if (st != GA_OK) {
    fprintf(stderr, "%s: %s (%s)\n", what, ga_last_error(), ga_status_id(st));
    exit(1);
  }
}

static uint64_t rng = 88172645463325252ull;
static double urand(void)
{
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return (double)(rng >> 11) * 0x1p-53 * 2.0 - 1.0;
}

static double now(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void run(ga_class cls, int64_t n)
{
  size_t es = ga_class_size(cls);
  double *a = malloc((size_t)(n * n) * sizeof *a), *b = malloc((size_t)n * sizeof *b);
  void *ha = malloc((size_t)(n * n) * es), *hb = malloc((size_t)n * es), *hx = malloc((size_t)n * es);
  for (int64_t i = 0; i < n * n; i++) {
    a[i] = urand();
    if (cls == GA_SINGLE) {
      a[i] = (float)a[i];
      ((float *)ha)[i] = (float)a[i];
    } else {
      ((double *)ha)[i] = a[i];
    }
  }
  for (int64_t i = 0; i < n; i++) {
    b[i] = cls == GA_SINGLE ? (double)(float)urand() : urand();
    if (cls == GA_SINGLE)
      ((float *)hb)[i] = (float)b[i];
    else
      ((double *)hb)[i] = b[i];
  }
  int64_t da[2] = {n, n}, db[2] = {n, 1};
  ga_id A, B, X = 0;
  check(ga_upload(cls, 2, da, ha, &A), "upload");
  check(ga_upload(cls, 2, db, hb, &B), "upload");
  ga_operand oa = {.id = A}, ob = {.id = B};
  double best_wall = 1e30, first_wall = 0;
  ga_stats best = {0};
  for (int r = 0; r < 4; r++) { /* the first compiles the kernels */
    if (X)
      ga_release(X);
    check(ga_synchronize(), "sync");
    ga_reset_stats();
    double t0 = now();
    ga_solve_info info;
    check(ga_mldivide(&oa, &ob, &X, &info), "mldivide");
    check(ga_synchronize(), "sync");
    double wall = now() - t0;
    ga_stats s;
    ga_get_stats(&s);
    if (r == 0)
      first_wall = wall;
    if (r > 0 && wall < best_wall) {
      best_wall = wall;
      best = s;
    }
  }
  check(ga_download(X, hx, (size_t)n * es), "download");
  double worst = 0;
  for (int q = 0; q < 16; q++) {
    int64_t i = (int64_t)(rng % (uint64_t)n);
    urand();
    long double s = -(long double)b[i], mag = fabsl((long double)b[i]);
    for (int64_t j = 0; j < n; j++) {
      double xj = cls == GA_SINGLE ? ((float *)hx)[j] : ((double *)hx)[j];
      s += (long double)a[i + j * n] * xj;
      mag += fabsl((long double)a[i + j * n] * xj);
    }
    double e = (double)(fabsl(s) / mag);
    worst = e > worst ? e : worst;
  }
  printf("mldivide %s n=%lld: wall %.1f ms (first call %.0f ms), device %.1f ms, %.2f TFLOP/s (wall), "
         "row residual %.2g\n", cls == GA_SINGLE ? "single" : "double", (long long)n, best_wall * 1e3,
         first_wall * 1e3, (double)best.gpu_time_ns * 1e-6, 2.0 / 3.0 * (double)n * n * n / best_wall * 1e-12, worst);
  printf("  submits %llu, waits %llu, dispatches %llu, downloaded %llu B, uploaded %llu B, host fallbacks %llu\n",
         (unsigned long long)best.submits, (unsigned long long)best.waits, (unsigned long long)best.dispatches,
         (unsigned long long)best.bytes_downloaded, (unsigned long long)best.bytes_uploaded,
         (unsigned long long)best.host_fallbacks);
  fflush(stdout);
  ga_release(A);
  ga_release(B);
  ga_release(X);
  free(a);
  free(b);
  free(ha);
  free(hb);
  free(hx);
}

int main(int argc, char **argv)
{
  ga_device_info info;
  check(ga_get_device_info(&info), "device");
  printf("device: %s (%s)\n", info.name, info.provider);
  printf("blocks: GPUARRAY_SOLVE_NB=%s GPUARRAY_SOLVE_LEAF=%s (unset: the defaults)\n",
         getenv("GPUARRAY_SOLVE_NB") ? getenv("GPUARRAY_SOLVE_NB") : "-",
         getenv("GPUARRAY_SOLVE_LEAF") ? getenv("GPUARRAY_SOLVE_LEAF") : "-");
  static const int64_t defaults[] = {1024, 2048, 4096};
  int count = argc > 1 ? argc - 1 : 3;
  for (int i = 0; i < count; i++) {
    int64_t n = argc > 1 ? atoll(argv[i + 1]) : defaults[i];
    run(GA_DOUBLE, n);
    run(GA_SINGLE, n);
  }
  ga_shutdown();
  return 0;
}
