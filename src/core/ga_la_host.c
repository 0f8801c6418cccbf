/* The factorisations' small kernels (ga_la_desc) in plain C: the host provider runs
 * them, and they define what shaders/lu.comp computes. Arithmetic is in the class's own
 * precision, as on the device. */
#include "ga_internal.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* one body for both classes */
#define LA_TEMPLATES(T, SUFFIX, TMIN)                                                                   \
  static T key_##SUFFIX(T x) { return isnan(x) ? (T)-1 : (T)fabs((double)x); }                           \
                                                                                                        \
  static void getf2_##SUFFIX(const ga_la_desc *d, T *A, int32_t *piv)                                   \
  {                                                                                                     \
    int64_t lda = d->lda, rows = d->m - d->r0, kmax = rows < d->w ? rows : d->w;                        \
    int32_t *info = piv + d->off_info;                                                                  \
    if (d->pre > 0) { /* U12 := L11^-1 U12, then the panel -= L21 U12, in the device's order */        \
      int64_t p0 = d->r0 - d->pre, l0 = d->c0 - d->pre;                                                 \
      for (int64_t q = 0; q < d->w; q++) {                                                              \
        T *u = A + p0 + (d->c0 + q) * lda;                                                              \
        for (int64_t i = 1; i < d->pre; i++) {                                                          \
          T v = u[i];                                                                                   \
          for (int64_t k = 0; k < i; k++)                                                               \
            v -= A[p0 + i + (l0 + k) * lda] * u[k];                                                     \
          u[i] = v;                                                                                     \
        }                                                                                               \
        for (int64_t i = d->r0; i < d->m; i++) {                                                        \
          T v = A[i + (d->c0 + q) * lda];                                                               \
          for (int64_t k = 0; k < d->pre; k++)                                                          \
            v -= A[i + (l0 + k) * lda] * u[k];                                                          \
          A[i + (d->c0 + q) * lda] = v;                                                                 \
        }                                                                                               \
      }                                                                                                 \
    }                                                                                                   \
    for (int64_t j = 0; j < kmax; j++) {                                                                \
      int64_t r = d->r0 + j, c = d->c0 + j, p = r;                                                      \
      T best = key_##SUFFIX(A[r + c * lda]);                                                            \
      for (int64_t i = r + 1; i < d->m; i++) {                                                          \
        T k = key_##SUFFIX(A[i + c * lda]);                                                             \
        if (k > best) {                                                                                 \
          best = k;                                                                                     \
          p = i;                                                                                        \
        }                                                                                               \
      }                                                                                                 \
      T pv = A[p + c * lda];                                                                            \
      piv[r] = (int32_t)(pv == 0 ? r : p);                                                              \
      if (pv == 0) {                                                                                    \
        if (*info == 0)                                                                                 \
          *info = (int32_t)(c + 1);                                                                     \
        continue;                                                                                       \
      }                                                                                                 \
      if (p != r)                                                                                       \
        for (int64_t k = d->swap_all ? 0 : d->c0; k < (d->swap_all ? d->ncols : d->c0 + d->w); k++) {   \
          T t = A[r + k * lda];                                                                         \
          A[r + k * lda] = A[p + k * lda];                                                              \
          A[p + k * lda] = t;                                                                           \
        }                                                                                               \
      T rcp = (T)1 / pv;                                                                                \
      bool tiny = (T)fabs((double)pv) < TMIN;                                                           \
      for (int64_t i = r + 1; i < d->m; i++) {                                                          \
        T l = tiny ? A[i + c * lda] / pv : A[i + c * lda] * rcp;                                        \
        A[i + c * lda] = l;                                                                             \
        for (int64_t k = c + 1; k < d->c0 + d->w; k++)                                                  \
          A[i + k * lda] -= l * A[r + k * lda];                                                         \
      }                                                                                                 \
    }                                                                                                   \
  }                                                                                                     \
                                                                                                        \
  static void laswp_##SUFFIX(const ga_la_desc *d, T *A, const int32_t *piv)                            \
  {                                                                                                     \
    int64_t lda = d->lda, rows = d->m - d->r0, kmax = rows < d->w ? rows : d->w;                        \
    for (int64_t j = 0; j < kmax; j++) {                                                                \
      int64_t r = d->r0 + j, p = piv[r];                                                                \
      if (p == r)                                                                                       \
        continue;                                                                                       \
      for (int64_t k = 0; k < d->ncols; k++) {                                                          \
        if (k == d->c0)                                                                                 \
          k += d->w;                                                                                    \
        if (k >= d->ncols)                                                                              \
          break;                                                                                        \
        T t = A[r + k * lda];                                                                           \
        A[r + k * lda] = A[p + k * lda];                                                                \
        A[p + k * lda] = t;                                                                             \
      }                                                                                                 \
    }                                                                                                   \
  }                                                                                                     \
                                                                                                        \
  static void trsm_##SUFFIX(const ga_la_desc *d, const T *T0, T *B0)                                    \
  {                                                                                                     \
    int64_t m = d->m;                                                                                   \
    bool fwd = d->lower != d->trans;                                                                    \
    for (int64_t p = 0; p < d->batch; p++) {                                                            \
      const T *t = T0 + p * d->stride_t;                                                                \
      for (int64_t col = 0; col < d->n; col++) {                                                        \
        T *x = B0 + p * d->stride_a + col * d->lda;                                                     \
        for (int64_t s = 0; s < m; s++) {                                                               \
          int64_t i = fwd ? s : m - 1 - s;                                                              \
          T v = x[i];                                                                                   \
          int64_t k0 = fwd ? 0 : i + 1, k1 = fwd ? i : m;                                               \
          for (int64_t k = k0; k < k1; k++)                                                             \
            v -= (d->trans ? t[k + i * d->ldt] : t[i + k * d->ldt]) * x[k];                             \
          x[i] = d->unit ? v : v / t[i + i * d->ldt];                                                   \
        }                                                                                               \
      }                                                                                                 \
    }                                                                                                   \
  }                                                                                                     \
                                                                                                        \
  static void eye_##SUFFIX(const ga_la_desc *d, T *A)                                                   \
  {                                                                                                     \
    for (int64_t p = 0; p < d->batch; p++)                                                              \
      for (int64_t j = 0; j < d->n; j++)                                                                \
        for (int64_t i = 0; i < d->m; i++)                                                              \
          A[p * d->stride_a + i + j * d->lda] = i == j ? (T)1 : (T)0;                                   \
  }

LA_TEMPLATES(double, d, DBL_MIN)
LA_TEMPLATES(float, s, FLT_MIN)

/* The pair k (0 .. N/2-1) of round-robin step `step` mod (N-1) over N = n rounded up to even
 * columns (the circle method: column 0 stays, the others turn a place per step), as
 * shaders/svd.comp computes it; false where the pair holds the odd column's dummy. */
static bool jacobi_pair(int64_t n, int64_t step, int64_t k, int64_t *p, int64_t *q)
{
  int64_t N = n + (n & 1), a, b;
  if (k == 0) {
    a = 0;
    b = 1 + step % (N - 1);
  } else {
    a = 1 + (k + step) % (N - 1);
    b = 1 + (N - 1 - k + step) % (N - 1);
  }
  *p = a < b ? a : b;
  *q = a < b ? b : a;
  return *q < n;
}

/* the Jacobi SVD's kinds (ga_svd.c), in the class's precision as on the device; cw is 2
 * for complex classes: element (i, c) is the pair at A[(i + c lda) cw] */
#define SVD_TEMPLATES(T, SUFFIX)                                                                        \
  static void jacobi_##SUFFIX(const ga_la_desc *d, T *A, int cw, int32_t *flag)                         \
  {                                                                                                     \
    int64_t lda = d->lda * cw, rows = d->m + d->vrows, p, q;                                            \
    for (int64_t k = 0; k < (d->n + 1) / 2; k++) {                                                      \
      if (!jacobi_pair(d->n, d->step, k, &p, &q))                                                       \
        continue;                                                                                       \
      T *x = A + p * lda, *y = A + q * lda, alpha = 0, beta = 0, gamma = 0, gim = 0;                    \
      for (int64_t i = 0; i < d->m * cw; i++) {                                                         \
        alpha += x[i] * x[i];                                                                           \
        beta += y[i] * y[i];                                                                            \
        gamma += x[i] * y[i];                                                                           \
      }                                                                                                 \
      for (int64_t i = 0; cw == 2 && i < d->m; i++)                                                     \
        gim += x[2 * i] * y[2 * i + 1] - x[2 * i + 1] * y[2 * i];                                       \
      /* complex: |gamma| and the phase (wr, wi) a_q is turned by first */                              \
      T wr = 1, wi = 0;                                                                                 \
      if (cw == 2) {                                                                                    \
        T big = (T)fmax(fabs((double)gamma), fabs((double)gim)), gre = gamma;                           \
        gamma = big == 0 ? 0 : big * (T)sqrt((double)((gre / big) * (gre / big) + (gim / big) * (gim / big))); \
        if (gamma != 0) {                                                                               \
          wr = gre / gamma;                                                                             \
          wi = gim / gamma;                                                                             \
        }                                                                                               \
      }                                                                                                 \
      if (gamma == 0 || fabs((double)gamma) <= (T)d->tol * (T)sqrt((double)alpha) * (T)sqrt((double)beta)) \
        continue;                                                                                       \
      T zeta = (beta - alpha) / (2 * gamma), az = (T)fabs((double)zeta);                                \
      T hyp = az > 1 ? az * (T)sqrt((double)(1 + (1 / az) * (1 / az))) : (T)sqrt((double)(1 + az * az)); \
      T t = (zeta < 0 ? (T)-1 : (T)1) / (az + hyp);                                                     \
      T c = 1 / (T)sqrt((double)(1 + t * t)), s = c * t;                                                \
      for (int64_t i = 0; i < rows; i++) {                                                              \
        if (cw == 2) {                                                                                  \
          T *u = x + 2 * i, *v = y + 2 * i;                                                             \
          T vr = v[0] * wr + v[1] * wi, vi = v[1] * wr - v[0] * wi, ur = u[0], ui = u[1];               \
          u[0] = c * ur - s * vr;                                                                       \
          u[1] = c * ui - s * vi;                                                                       \
          v[0] = s * ur + c * vr;                                                                       \
          v[1] = s * ui + c * vi;                                                                       \
        } else {                                                                                        \
          T u = x[i], v = y[i];                                                                         \
          x[i] = c * u - s * v;                                                                         \
          y[i] = s * u + c * v;                                                                         \
        }                                                                                               \
      }                                                                                                 \
      *flag = (int32_t)(d->step / (d->n + (d->n & 1) - 1) + 1);                                         \
    }                                                                                                   \
  }                                                                                                     \
                                                                                                        \
  static void colnorm_##SUFFIX(const ga_la_desc *d, T *A, int cw, T *out)                               \
  {                                                                                                     \
    for (int64_t j = 0; j < d->n; j++) {                                                                \
      T *x = A + j * d->lda * cw, big = 0, sum = 0;                                                     \
      for (int64_t i = 0; i < d->m * cw; i++)                                                           \
        big = (T)fmax((double)big, fabs((double)x[i]));                                                 \
      if (big > 0)                                                                                      \
        for (int64_t i = 0; i < d->m * cw; i++)                                                         \
          sum += (x[i] / big) * (x[i] / big);                                                           \
      T sigma = big * (T)sqrt((double)sum);                                                             \
      out[j] = sigma;                                                                                   \
      if (d->vrows > 0 && sigma > 0)                                                                    \
        for (int64_t i = 0; i < d->m * cw; i++)                                                         \
          x[i] /= sigma;                                                                                \
    }                                                                                                   \
  }

SVD_TEMPLATES(double, d)
SVD_TEMPLATES(float, s)

void ga_host_la(const ga_la_desc *d, void *a, const void *t, int32_t *piv)
{
  bool dbl = d->cls == GA_DOUBLE;
  int cw = ga_class_is_complex(d->cls) ? 2 : 1;
  switch (d->kind) {
  case GA_LA_GETF2:
    if (dbl)
      getf2_d(d, (double *)a + d->off_a, piv);
    else
      getf2_s(d, (float *)a + d->off_a, piv);
    break;
  case GA_LA_LASWP:
    if (dbl)
      laswp_d(d, (double *)a + d->off_a, piv);
    else
      laswp_s(d, (float *)a + d->off_a, piv);
    break;
  case GA_LA_TRSM:
    if (dbl)
      trsm_d(d, (const double *)t + d->off_t, (double *)a + d->off_a);
    else
      trsm_s(d, (const float *)t + d->off_t, (float *)a + d->off_a);
    break;
  case GA_LA_EYE:
    if (dbl)
      eye_d(d, (double *)a + d->off_a);
    else
      eye_s(d, (float *)a + d->off_a);
    break;
  case GA_LA_JACOBI:
    if (ga_class_real_part(d->cls) == GA_DOUBLE)
      jacobi_d(d, (double *)a + d->off_a * cw, cw, piv + d->off_info);
    else
      jacobi_s(d, (float *)a + d->off_a * cw, cw, piv + d->off_info);
    break;
  case GA_LA_COLNORM:
    if (ga_class_real_part(d->cls) == GA_DOUBLE)
      colnorm_d(d, (double *)a + d->off_a * cw, cw, (double *)a + d->off_out);
    else
      colnorm_s(d, (float *)a + d->off_a * cw, cw, (float *)a + d->off_out);
    break;
  }
}

ga_status ga_plan_la_try(const ga_la_desc *d)
{
  return ga_g.prov->la ? ga_g.prov->la(ga_g.pstate, d) : GA_ERR_UNSUPPORTED;
}

ga_status ga_plan_la(const ga_la_desc *d)
{
  ga_status st = ga_plan_la_try(d);
  if (st != GA_ERR_UNSUPPORTED)
    return st;
  /* whole buffers down, the reference, the written ones back up */
  ga_g.stats.host_fallbacks++;
  const ga_pbuf *bufs[3] = {d->a, d->t, d->piv};
  void *host[3] = {0};
  st = GA_OK;
  for (int i = 0; i < 3 && st == GA_OK; i++) {
    if (!bufs[i])
      continue;
    host[i] = malloc(bufs[i]->bytes ? bufs[i]->bytes : 1);
    if (!host[i])
      st = ga_fail(GA_ERR_OOM, "out of host memory for a host fallback");
    else if ((st = ga_g.prov->download(ga_g.pstate, bufs[i], host[i], bufs[i]->bytes)) == GA_OK)
      ga_g.stats.bytes_downloaded += bufs[i]->bytes;
  }
  if (st == GA_OK) {
    ga_host_la(d, host[0], host[1], host[2]);
    if ((st = ga_g.prov->upload(ga_g.pstate, d->a, host[0], d->a->bytes)) == GA_OK)
      ga_g.stats.bytes_uploaded += d->a->bytes;
    if (st == GA_OK && d->piv && (st = ga_g.prov->upload(ga_g.pstate, d->piv, host[2], d->piv->bytes)) == GA_OK)
      ga_g.stats.bytes_uploaded += d->piv->bytes;
  }
  for (int i = 0; i < 3; i++)
    free(host[i]);
  return st;
}
