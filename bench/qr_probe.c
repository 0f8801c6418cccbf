/* Wall and device time of qr (ga_qr) of a random n x n matrix, double and single, on
 * whatever device the core opens: X = qr (A) (the factorisation alone) and [Q, R] =
 * qr (A) (Q formed too), best of 3 warm runs, with the core's telemetry of that run.
 * Q R - A and Q'Q - I are checked on sampled entries in long double.
 *   make bench/qr_probe          (shaderc linked statically; libvulkan at run time)
 *   bench/qr_probe [n ...]       (default 1024 2048 4096; GPUARRAY_QR_NB sets the panel) */
#include "ga.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static bool check(ga_status st, const char *what)
{
  if (st != GA_OK)
    printf("  FAILED %s: %s (%s)\n", what, ga_last_error(), ga_status_id(st));
  return st == GA_OK;
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

static double elem(const void *p, ga_class cls, int64_t i)
{
  return cls == GA_SINGLE ? ((const float *)p)[i] : ((const double *)p)[i];
}

/* the best warm run of one form; with Q, the sampled errors of Q R = A and Q'Q = I */
static void run(ga_class cls, int64_t n, bool with_q, ga_id A, const double *a)
{
  double best_wall = -1, first_wall = 0;
  ga_stats best = {0};
  ga_id x = 0, q = 0;
  for (int r = 0; r < 4; r++) { /* the first compiles the kernels */
    if (x)
      ga_release(x);
    if (q)
      ga_release(q);
    x = q = 0;
    if (!check(ga_synchronize(), "sync"))
      return;
    ga_reset_stats();
    double t0 = now();
    if (!check(ga_qr(A, with_q ? GA_QR_FULL : GA_QR_RAW, &x, with_q ? &q : NULL, NULL), "qr") ||
        !check(ga_synchronize(), "sync"))
      return;
    double wall = now() - t0;
    ga_stats s;
    ga_get_stats(&s);
    if (r == 0)
      first_wall = wall;
    else if (best_wall < 0 || wall < best_wall) {
      best_wall = wall;
      best = s;
    }
  }
  double flops = 4.0 / 3.0 * (double)n * n * n * (with_q ? 2 : 1);
  printf("%s %s n=%lld: wall %.1f ms (first call %.0f ms), device %.1f ms, %.2f TFLOP/s (wall)\n",
         with_q ? "[Q, R] = qr (A)" : "X = qr (A)     ", cls == GA_SINGLE ? "single" : "double", (long long)n,
         best_wall * 1e3, first_wall * 1e3, (double)best.gpu_time_ns * 1e-6, flops / best_wall * 1e-12);
  printf("  submits %llu, waits %llu, dispatches %llu, downloaded %llu B, uploaded %llu B, host fallbacks %llu\n",
         (unsigned long long)best.submits, (unsigned long long)best.waits, (unsigned long long)best.dispatches,
         (unsigned long long)best.bytes_downloaded, (unsigned long long)best.bytes_uploaded,
         (unsigned long long)best.host_fallbacks);
  if (with_q) {
    size_t es = ga_class_size(cls), bytes = (size_t)(n * n) * es;
    void *hq = malloc(bytes), *hr = malloc(bytes);
    if (hq && hr && check(ga_download(q, hq, bytes), "download Q") && check(ga_download(x, hr, bytes), "download R")) {
      long double worst = 0, orth = 0;
      for (int s = 0; s < 64; s++) {
        int64_t i = (int64_t)((urand() + 1) / 2 * (double)n) % n, j = (int64_t)((urand() + 1) / 2 * (double)n) % n;
        long double v = 0, o = 0;
        for (int64_t c = 0; c <= j; c++)
          v += (long double)elem(hq, cls, i + c * n) * elem(hr, cls, c + j * n);
        for (int64_t r = 0; r < n; r++)
          o += (long double)elem(hq, cls, r + i * n) * elem(hq, cls, r + j * n);
        v = fabsl(v - a[i + j * n]);
        o = fabsl(o - (i == j));
        worst = v > worst ? v : worst;
        orth = o > orth ? o : orth;
      }
      printf("  sampled |QR - A| %.2Lg, |Q'Q - I| %.2Lg\n", worst, orth);
    }
    free(hq);
    free(hr);
  }
  fflush(stdout);
  ga_release(x);
  if (q)
    ga_release(q);
}

int main(int argc, char **argv)
{
  int64_t sizes[16] = {1024, 2048, 4096};
  int nsizes = 3;
  if (argc > 1)
    for (nsizes = 0; nsizes < argc - 1 && nsizes < 16; nsizes++)
      sizes[nsizes] = strtoll(argv[nsizes + 1], NULL, 10);
  ga_device_info info;
  if (!check(ga_get_device_info(&info), "device info"))
    return 1;
  printf("device: %s (%s); GPUARRAY_QR_NB=%s\n", info.name, info.provider,
         getenv("GPUARRAY_QR_NB") ? getenv("GPUARRAY_QR_NB") : "-");
  for (int s = 0; s < nsizes; s++)
    for (int c = 0; c < 2; c++) {
      ga_class cls = c ? GA_SINGLE : GA_DOUBLE;
      int64_t n = sizes[s], dims[2] = {n, n};
      size_t es = ga_class_size(cls);
      double *a = malloc((size_t)(n * n) * sizeof *a);
      void *ha = malloc((size_t)(n * n) * es);
      ga_id A = 0;
      for (int64_t i = 0; a && ha && i < n * n; i++) {
        a[i] = urand();
        if (cls == GA_SINGLE)
          ((float *)ha)[i] = (float)(a[i] = (float)a[i]);
        else
          ((double *)ha)[i] = a[i];
      }
      if (a && ha && check(ga_upload(cls, 2, dims, ha, &A), "upload")) {
        run(cls, n, false, A, a);
        run(cls, n, true, A, a);
        ga_release(A);
      }
      free(a);
      free(ha);
    }
  ga_shutdown();
  return 0;
}
