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
#include <stdbool.h>
#include <stdlib.h>
#include <time.h>

/* a failure ends the case, not the run: one device run sweeps several settings */
static int failed;
static bool check(ga_status st, const char *what)
{
  if (st != GA_OK) {
    printf("  FAILED %s: %s (%s)\n", what, ga_last_error(), ga_status_id(st));
    failed = 1;
  }
  return st == GA_OK;
}

/* the best (smallest) device time of 3 warm runs of one phase, in ms: the factorisation
 * alone (ga_lu: a copy, the LU, the pivots up), or the solve without the estimate */
static double phase_ms(ga_id A, ga_id B, int phase, ga_stats *stats)
{
  double best = -1;
  for (int r = 0; r < 4; r++) {
    ga_id w = 0, p = 0, x = 0;
    int64_t info;
    ga_stats s;
    if (!check(ga_synchronize(), "sync"))
      return -1;
    ga_reset_stats();
    ga_operand oa = {.id = A}, ob = {.id = B};
    ga_status st = phase == 0 ? ga_lu(A, &w, &p, &info) : ga_mldivide(&oa, &ob, &x, NULL);
    if (!check(st, phase == 0 ? "lu" : "mldivide without rcond") || !check(ga_synchronize(), "sync"))
      return -1;
    ga_get_stats(&s);
    if (w)
      ga_release(w);
    if (p)
      ga_release(p);
    if (x)
      ga_release(x);
    double ms = (double)s.gpu_time_ns * 1e-6;
    if (r > 0 && (best < 0 || ms < best)) {
      best = ms;
      *stats = s;
    }
  }
  return best;
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
  ga_id A = 0, B = 0, X = 0;
  if (!check(ga_upload(cls, 2, da, ha, &A), "upload") || !check(ga_upload(cls, 2, db, hb, &B), "upload"))
    goto out;
  ga_operand oa = {.id = A}, ob = {.id = B};
  double best_wall = 1e30, first_wall = 0;
  ga_stats best = {0};
  for (int r = 0; r < 4; r++) { /* the first compiles the kernels */
    if (X)
      ga_release(X);
    X = 0;
    if (!check(ga_synchronize(), "sync"))
      goto out;
    ga_reset_stats();
    double t0 = now();
    ga_solve_info info;
    if (!check(ga_mldivide(&oa, &ob, &X, &info), "mldivide") || !check(ga_synchronize(), "sync"))
      goto out;
    double wall = now() - t0;
    ga_stats s;
    ga_get_stats(&s);
    if (r == 0) {
      first_wall = wall;
      /* NVIDIA's Vulkan driver runs a lightly loaded GPU at its idle clock and raises it
       * only after a few hundred ms of steady work (bench/README.md, "Clocks") */
      for (double t1 = now(); now() - t1 < 0.5;) {
        ga_id w = 0;
        if (ga_mldivide(&oa, &ob, &w, NULL) != GA_OK)
          break;
        ga_synchronize();
        ga_release(w);
      }
    }
    if (r > 0 && wall < best_wall) {
      best_wall = wall;
      best = s;
    }
  }
  if (!check(ga_download(X, hx, (size_t)n * es), "download"))
    goto out;
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
  {
    /* where the device time goes: factor, the rest of a solve, the estimate */
    ga_stats sf = {0}, sn = {0};
    double f = phase_ms(A, B, 0, &sf);
    setenv("GPUARRAY_SOLVE_RCOND", "0", 1);
    double nr = phase_ms(A, B, 1, &sn);
    unsetenv("GPUARRAY_SOLVE_RCOND");
    double all = (double)best.gpu_time_ns * 1e-6;
    printf("  device phases: lu() %.2f ms; solve without rcond %.2f ms (probe, norm, copies, solves %.2f); "
           "rcond %.2f ms\n", f, nr, nr - f, all - nr);
    printf("  dispatches/waits: lu() %llu/%llu; solves %lld/%lld; rcond %lld/%lld\n",
           (unsigned long long)sf.dispatches, (unsigned long long)sf.waits,
           (long long)sn.dispatches - (long long)sf.dispatches, (long long)sn.waits - (long long)sf.waits,
           (long long)best.dispatches - (long long)sn.dispatches, (long long)best.waits - (long long)sn.waits);
    fflush(stdout);
  }
out:
  if (A)
    ga_release(A);
  if (B)
    ga_release(B);
  if (X)
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
  if (!check(ga_get_device_info(&info), "device"))
    return 1;
  printf("device: %s (%s)\n", info.name, info.provider);
  static const char *knobs[] = {"GPUARRAY_SOLVE_NB", "GPUARRAY_SOLVE_LEAF", "GPUARRAY_LU_WG", "GPUARRAY_LU_LASWP",
                                 "GPUARRAY_LU_PANEL", "GPUARRAY_LU_GROUPS", "GPUARRAY_LU_PWG", "GPUARRAY_LU_RPT",
                                 "GPUARRAY_LU_SUBGROUP", "GPUARRAY_LU_REG", "GPUARRAY_LU_RWG", "GPUARRAY_LU_RMAX",
                                 "GPUARRAY_LU_SW"};
  printf("settings (- : the default):");
  for (size_t i = 0; i < sizeof knobs / sizeof *knobs; i++)
    printf(" %s=%s", knobs[i] + 9, getenv(knobs[i]) ? getenv(knobs[i]) : "-");
  printf("\n");
  static const int64_t defaults[] = {1024, 2048, 4096};
  int count = argc > 1 ? argc - 1 : 3;
  for (int i = 0; i < count; i++) {
    int64_t n = argc > 1 ? atoll(argv[i + 1]) : defaults[i];
    run(GA_DOUBLE, n);
    run(GA_SINGLE, n);
  }
  ga_shutdown();
  return failed;
}
