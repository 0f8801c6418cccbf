/* Dense linear algebra on held values: A\B, inv, det, lu, chol (ga.h). The algorithms are
 * blocked and right-looking, as MAGMA's hybrid ones: a narrow panel (nb columns) is
 * downloaded and factored on the host in double, row interchanges are applied on the
 * device by the copy operation with an index vector, and the trailing updates, which
 * hold nearly all the arithmetic, are products on the device (ga_plan_gemm with the
 * update flag). Triangular solves with many right-hand sides are blocked the same way:
 * the inverse of each small diagonal block is formed on the host and applied by a
 * product. Every step goes through the provider interface, so the host provider runs the
 * very same algorithms in plain C.
 *
 * Octave's choices are kept: mldivide detects the matrix type as liboctave's
 * MatrixType does for full matrices (triangular with a nonzero diagonal, symmetric with a
 * positive diagonal and |a_ij|^2 < a_ii a_jj, or full), tries Cholesky for the symmetric
 * ones and falls back to LU, warns from a reciprocal condition estimate, and answers an
 * exactly singular or a rectangular system with the minimum-norm least-squares solution.
 * That last one (and rcond) runs on the host: see doc in ga.h. */
#include "ga_internal.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Panel width. 64 keeps the host's share (O(n^2 nb)) small against the device's
 * products; GPUARRAY_SOLVE_NB overrides it (the unit tests use small panels so that small
 * matrices take every path). */
static int64_t block_size(void)
{
  const char *e = getenv("GPUARRAY_SOLVE_NB");
  long v = e ? strtol(e, NULL, 10) : 0;
  return v >= 1 && v <= 1024 ? (int64_t)v : 64;
}

static void *xcalloc(size_t n, size_t size) { return calloc(n ? n : 1, size ? size : 1); }

/* ---- views of device buffers ----------------------------------------------------------- */

/* rows x cols of src (column-major at soff, leading dimension sld) into dst; with rowidx,
 * source row i is rowidx[i] (int64, relative to soff) */
static ga_status copy_region(const ga_pbuf *src, int64_t soff, int64_t sld, const ga_pbuf *rowidx, ga_pbuf *dst,
                             int64_t doff, int64_t dld, int64_t rows, int64_t cols, size_t es)
{
  if (rows <= 0 || cols <= 0)
    return GA_OK;
  ga_copy_desc c = {.ndims = 2, .dims = {rows, cols}, .src_offset = soff, .dst_offset = doff, .elem_size = es,
                    .src_buf = src, .dst_buf = dst};
  c.src[0] = (ga_view_axis){.index = rowidx, .stride = 1};
  c.src[1].stride = sld;
  c.dst[0].stride = 1;
  c.dst[1].stride = dld;
  return ga_plan_copy(&c);
}

/* a block of a matrix of class cls, downloaded as doubles (rows x cols, ld rows) */
static ga_status get_block(const ga_pbuf *buf, int64_t off, int64_t ld, int64_t rows, int64_t cols, ga_class cls,
                           double *out)
{
  size_t es = ga_class_size(cls), n = (size_t)(rows * cols);
  if (!n)
    return GA_OK;
  ga_pbuf tmp = {0};
  void *h = xcalloc(n, es);
  ga_status st = h ? ga_buffer_acquire(n * es, &tmp) : ga_fail(GA_ERR_OOM, "out of host memory");
  if (st == GA_OK && (st = copy_region(buf, off, ld, NULL, &tmp, 0, rows, rows, cols, es)) == GA_OK &&
      (st = ga_g.prov->download(ga_g.pstate, &tmp, h, n * es)) == GA_OK) {
    ga_g.stats.bytes_downloaded += n * es;
    for (size_t i = 0; i < n; i++)
      out[i] = cls == GA_SINGLE ? (double)((float *)h)[i] : ((double *)h)[i];
  }
  if (tmp.bytes)
    ga_buffer_release(&tmp);
  free(h);
  return st;
}

/* the reverse: doubles (rows x cols, ld rows) rounded to cls into a block */
static ga_status put_block(ga_pbuf *buf, int64_t off, int64_t ld, int64_t rows, int64_t cols, ga_class cls,
                           const double *in)
{
  size_t es = ga_class_size(cls), n = (size_t)(rows * cols);
  if (!n)
    return GA_OK;
  ga_pbuf tmp = {0};
  void *h = xcalloc(n, es);
  ga_status st = h ? ga_buffer_acquire(n * es, &tmp) : ga_fail(GA_ERR_OOM, "out of host memory");
  if (st == GA_OK) {
    for (size_t i = 0; i < n; i++) {
      if (cls == GA_SINGLE)
        ((float *)h)[i] = (float)in[i];
      else
        ((double *)h)[i] = in[i];
    }
    if ((st = ga_g.prov->upload(ga_g.pstate, &tmp, h, n * es)) == GA_OK) {
      ga_g.stats.bytes_uploaded += n * es;
      st = copy_region(&tmp, 0, rows, NULL, buf, off, ld, rows, cols, es);
    }
  }
  /* the copy that reads it is queued before the buffer's next user */
  if (tmp.bytes)
    ga_buffer_release(&tmp);
  free(h);
  return st;
}

/* ---- host kernels (double) -------------------------------------------------------------- */

/* LU with partial pivoting of an r x c panel (ld r), as LAPACK's dgetf2: the first largest
 * magnitude pivots, rows swapped across the panel, multipliers by the reciprocal. ipiv[j]
 * is the row swapped with row j; returns the 1-based column of the first zero pivot. */
static int64_t host_getf2(double *P, int64_t r, int64_t c, int64_t *ipiv)
{
  int64_t info = 0, kmax = r < c ? r : c;
  for (int64_t j = 0; j < kmax; j++) {
    double *pj = P + j * r;
    int64_t p = j;
    double best = fabs(pj[j]);
    for (int64_t i = j + 1; i < r; i++)
      if (fabs(pj[i]) > best) {
        best = fabs(pj[i]);
        p = i;
      }
    ipiv[j] = p;
    if (pj[p] != 0) {
      if (p != j)
        for (int64_t k = 0; k < c; k++) {
          double t = P[j + k * r];
          P[j + k * r] = P[p + k * r];
          P[p + k * r] = t;
        }
      double piv = pj[j];
      if (fabs(piv) >= DBL_MIN) {
        double rcp = 1.0 / piv;
        for (int64_t i = j + 1; i < r; i++)
          pj[i] *= rcp;
      } else {
        for (int64_t i = j + 1; i < r; i++)
          pj[i] /= piv;
      }
    } else if (!info) {
      info = j + 1;
    }
    for (int64_t k = j + 1; k < c; k++) {
      double *pk = P + k * r, u = pk[j];
      if (u != 0)
        for (int64_t i = j + 1; i < r; i++)
          pk[i] -= pj[i] * u;
    }
  }
  return info;
}

/* Cholesky of the lower triangle of an n x n block (ld n) in place, upper part zeroed;
 * returns the 1-based column whose pivot is not positive (its leading columns done) */
static int64_t host_potrf_lower(double *A, int64_t n)
{
  for (int64_t j = 0; j < n; j++) {
    double d = A[j + j * n];
    for (int64_t k = 0; k < j; k++)
      d -= A[j + k * n] * A[j + k * n];
    if (!(d > 0))
      return j + 1;
    d = sqrt(d);
    A[j + j * n] = d;
    for (int64_t i = j + 1; i < n; i++) {
      double s = A[i + j * n];
      for (int64_t k = 0; k < j; k++)
        s -= A[i + k * n] * A[j + k * n];
      A[i + j * n] = s / d;
    }
    for (int64_t i = 0; i < j; i++)
      A[i + j * n] = 0;
  }
  return 0;
}

/* The inverse of the n x n triangular matrix in T (ld n; lower or upper, unit diagonal or
 * not), into R (ld n): column by column substitution against the identity. A zero pivot
 * gives Inf and NaN as the division does. */
static void host_tri_inverse(const double *T, int64_t n, bool lower, bool unit, double *R)
{
  memset(R, 0, (size_t)(n * n) * sizeof *R);
  for (int64_t j = 0; j < n; j++) {
    double *x = R + j * n;
    x[j] = 1;
    if (lower) {
      for (int64_t i = j; i < n; i++) {
        double s = x[i];
        for (int64_t k = j; k < i; k++)
          s -= T[i + k * n] * x[k];
        x[i] = unit ? s : s / T[i + i * n];
      }
    } else {
      for (int64_t i = j; i >= 0; i--) {
        double s = x[i];
        for (int64_t k = i + 1; k <= j; k++)
          s -= T[i + k * n] * x[k];
        x[i] = unit ? s : s / T[i + i * n];
      }
    }
  }
}

/* x := op(T)^-1 x for a triangular n x n T (ld n) */
static void host_tri_solve(const double *T, int64_t n, bool lower, bool unit, bool trans, double *x)
{
  bool fwd = lower != trans;
  for (int64_t s = 0; s < n; s++) {
    int64_t i = fwd ? s : n - 1 - s;
    double v = x[i];
    if (fwd) {
      for (int64_t k = 0; k < i; k++)
        v -= (trans ? T[k + i * n] : T[i + k * n]) * x[k];
    } else {
      for (int64_t k = i + 1; k < n; k++)
        v -= (trans ? T[k + i * n] : T[i + k * n]) * x[k];
    }
    x[i] = unit ? v : v / T[i + i * n];
  }
}

/* What a condition estimate solves with: the factors on the host. */
typedef struct {
  int kind;          /* 0: LU (perm), 1: Cholesky L L', 2: triangular */
  const double *F;   /* n x n */
  const int64_t *perm;
  bool lower;
  int64_t n;
} factors;

/* x := A^-1 x (trans: A'^-1 x) */
static void factors_solve(const factors *f, double *x, bool trans, double *w)
{
  int64_t n = f->n;
  if (f->kind == 2) {
    host_tri_solve(f->F, n, f->lower, false, trans, x);
  } else if (f->kind == 1) {
    host_tri_solve(f->F, n, true, false, false, x);
    host_tri_solve(f->F, n, true, false, true, x);
  } else if (!trans) { /* P A = L U: A x = b is L U x = P b */
    for (int64_t i = 0; i < n; i++)
      w[i] = x[f->perm[i]];
    host_tri_solve(f->F, n, true, true, false, w);
    host_tri_solve(f->F, n, false, false, false, w);
    memcpy(x, w, (size_t)n * sizeof *x);
  } else { /* A' = U' L' P */
    host_tri_solve(f->F, n, false, false, true, x);
    host_tri_solve(f->F, n, true, true, true, x);
    memcpy(w, x, (size_t)n * sizeof *x);
    for (int64_t i = 0; i < n; i++)
      x[f->perm[i]] = w[i];
  }
}

/* ||A^-1||_1 estimated as LAPACK's dlacn2 does (Hager's method with Higham's refinements):
 * a few solves with A and A' instead of the inverse. */
static double inv_norm1_estimate(const factors *f)
{
  int64_t n = f->n;
  double *x = xcalloc((size_t)n, sizeof *x), *w = xcalloc((size_t)n, sizeof *w);
  double est = 0;
  if (!x || !w) {
    free(x);
    free(w);
    return NAN;
  }
  for (int64_t i = 0; i < n; i++)
    x[i] = 1.0 / (double)n;
  int64_t jlast = -1;
  for (int iter = 0; iter < 5; iter++) {
    factors_solve(f, x, false, w);
    double e = 0;
    for (int64_t i = 0; i < n; i++)
      e += fabs(x[i]);
    if (isnan(e)) {
      est = e;
      break;
    }
    if (iter > 0 && e <= est)
      break;
    est = e;
    for (int64_t i = 0; i < n; i++)
      x[i] = x[i] >= 0 ? 1.0 : -1.0;
    factors_solve(f, x, true, w);
    int64_t j = 0;
    for (int64_t i = 1; i < n; i++)
      if (fabs(x[i]) > fabs(x[j]))
        j = i;
    if (j == jlast)
      break;
    jlast = j;
    memset(x, 0, (size_t)n * sizeof *x);
    x[j] = 1;
  }
  /* the alternating vector catches what the iteration can miss */
  for (int64_t i = 0; i < n; i++)
    x[i] = (i % 2 ? -1.0 : 1.0) * (1.0 + (n > 1 ? (double)i / (double)(n - 1) : 0.0));
  factors_solve(f, x, false, w);
  double alt = 0;
  for (int64_t i = 0; i < n; i++)
    alt += fabs(x[i]);
  alt = 2 * alt / (3 * (double)n);
  if (alt > est)
    est = alt;
  free(x);
  free(w);
  return est;
}

/* Householder vector of x (length n) as dlarfg: x := v (v[0] = 1 implied, beta returned
 * in *beta), tau returned */
static double householder(double *x, int64_t n, double *beta)
{
  double alpha = x[0], s = 0;
  for (int64_t i = 1; i < n; i++)
    s += x[i] * x[i];
  if (s == 0) {
    *beta = alpha;
    return 0;
  }
  double nrm = sqrt(alpha * alpha + s);
  double b = alpha >= 0 ? -nrm : nrm;
  for (int64_t i = 1; i < n; i++)
    x[i] /= alpha - b;
  *beta = b;
  return (b - alpha) / b;
}

/* y := (I - tau v v') y for v = [1; x[1..n-1]] */
static void apply_reflector(const double *v, int64_t n, double tau, double *y)
{
  if (tau == 0)
    return;
  double s = y[0];
  for (int64_t i = 1; i < n; i++)
    s += v[i] * y[i];
  s *= tau;
  y[0] -= s;
  for (int64_t i = 1; i < n; i++)
    y[i] -= s * v[i];
}

/* The minimum-norm least-squares solution of A X = B (A m x n, B m x nrhs, X n x nrhs),
 * Octave's answer (dgelsd) for rectangular and exactly singular systems. Here: QR with
 * column pivoting for the rank (|r_kk| > max(m,n) eps |r_11|), then a QR of the leading
 * rows' transpose (a complete orthogonal decomposition, as dgelsy), which gives the same
 * solution wherever the rank agrees with dgelsd's SVD. A and B are overwritten. */
static ga_status host_lstsq(double *A, int64_t m, int64_t n, double *B, int64_t nrhs, double *X)
{
  int64_t k = m < n ? m : n;
  int64_t *jpvt = xcalloc((size_t)n, sizeof *jpvt);
  double *tau = xcalloc((size_t)k, sizeof *tau), *norms = xcalloc((size_t)n, sizeof *norms);
  double *Z = NULL, *ztau = NULL, *c = NULL;
  ga_status st = GA_OK;
  if (!jpvt || !tau || !norms) {
    st = ga_fail(GA_ERR_OOM, "out of host memory");
    goto done;
  }
  for (int64_t j = 0; j < n; j++)
    jpvt[j] = j;
  for (int64_t j = 0; j < k; j++) {
    int64_t p = j;
    for (int64_t q = j; q < n; q++) {
      double s = 0;
      for (int64_t i = j; i < m; i++)
        s += A[i + q * m] * A[i + q * m];
      norms[q] = s;
      if (s > norms[p])
        p = q;
    }
    if (p != j) {
      for (int64_t i = 0; i < m; i++) {
        double t = A[i + j * m];
        A[i + j * m] = A[i + p * m];
        A[i + p * m] = t;
      }
      int64_t t = jpvt[j];
      jpvt[j] = jpvt[p];
      jpvt[p] = t;
    }
    double beta;
    double *v = A + j + j * m;
    tau[j] = householder(v, m - j, &beta);
    double keep = v[0];
    v[0] = 1;
    for (int64_t q = j + 1; q < n; q++)
      apply_reflector(v, m - j, tau[j], A + j + q * m);
    for (int64_t q = 0; q < nrhs; q++)
      apply_reflector(v, m - j, tau[j], B + j + q * m);
    (void)keep;
    v[0] = beta;
  }
  int64_t rank = 0;
  double tol = (double)(m > n ? m : n) * DBL_EPSILON * (k ? fabs(A[0]) : 0);
  while (rank < k && fabs(A[rank + rank * m]) > tol)
    rank++;
  memset(X, 0, (size_t)(n * nrhs) * sizeof *X);
  if (rank == 0)
    goto done;
  /* M = R(1:rank, :) (rank x n); its transpose (n x rank) = Z T */
  Z = xcalloc((size_t)(n * rank), sizeof *Z);
  ztau = xcalloc((size_t)rank, sizeof *ztau);
  c = xcalloc((size_t)n, sizeof *c);
  if (!Z || !ztau || !c) {
    st = ga_fail(GA_ERR_OOM, "out of host memory");
    goto done;
  }
  for (int64_t i = 0; i < rank; i++)
    for (int64_t j = i; j < n; j++)
      Z[j + i * n] = A[i + j * m];
  for (int64_t j = 0; j < rank; j++) {
    double beta;
    double *v = Z + j + j * n;
    ztau[j] = householder(v, n - j, &beta);
    v[0] = 1;
    for (int64_t q = j + 1; q < rank; q++)
      apply_reflector(v, n - j, ztau[j], Z + j + q * n);
    v[0] = beta;
  }
  for (int64_t q = 0; q < nrhs; q++) {
    /* T' w = (Q' b)(1:rank), T upper in Z's leading rank x rank block */
    memset(c, 0, (size_t)n * sizeof *c);
    for (int64_t i = 0; i < rank; i++) {
      double s = B[i + q * m];
      for (int64_t j = 0; j < i; j++)
        s -= Z[j + i * n] * c[j];
      c[i] = s / Z[i + i * n];
    }
    /* z = Z [w; 0], the reflectors applied last to first */
    for (int64_t j = rank - 1; j >= 0; j--) {
      double *v = Z + j + j * n, keep = v[0];
      v[0] = 1;
      apply_reflector(v, n - j, ztau[j], c + j);
      v[0] = keep;
    }
    for (int64_t j = 0; j < n; j++)
      X[jpvt[j] + q * n] = c[j];
  }
done:
  free(jpvt);
  free(tau);
  free(norms);
  free(Z);
  free(ztau);
  free(c);
  return st;
}

/* ---- blocked algorithms on device buffers -------------------------------------------- */

static ga_status gemm_update(ga_class cls, int ta, int tb, int64_t m, int64_t n, int64_t k, const ga_pbuf *a,
                             int64_t off_a, int64_t lda, const ga_pbuf *b, int64_t off_b, int64_t ldb, ga_pbuf *c,
                             int64_t off_c, int64_t ldc, int update)
{
  if (m <= 0 || n <= 0 || k <= 0)
    return GA_OK;
  ga_gemm_desc d = {.cls = cls, .trans_a = ta, .trans_b = tb, .m = m, .n = n, .k = k, .a = a, .b = b, .c = c,
                    .lda = lda, .ldb = ldb, .ldc = ldc, .off_a = off_a, .off_b = off_b, .off_c = off_c,
                    .batch = 1, .update = update};
  return ga_plan_gemm(&d);
}

/* X (n x nrhs, ld n) := op(T)^-1 X for the triangular n x n T (ld n) stored lower or
 * upper; op the transpose with trans. Each diagonal block's inverse is formed on the
 * host and applied by a product, the rest of X updated by another. */
static ga_status trsm(ga_class cls, const ga_pbuf *T, int64_t n, bool lower, bool unit, bool trans, ga_pbuf *X,
                      int64_t nrhs)
{
  int64_t nb = block_size();
  size_t es = ga_class_size(cls);
  bool fwd = lower != trans; /* op(T) is lower: first block first */
  double *D = xcalloc((size_t)(nb * nb), sizeof *D), *R = xcalloc((size_t)(nb * nb), sizeof *R);
  ga_pbuf dinv = {0}, tmp = {0};
  ga_status st = D && R ? GA_OK : ga_fail(GA_ERR_OOM, "out of host memory");
  if (st == GA_OK)
    st = ga_buffer_acquire((size_t)(nb * nb) * es, &dinv);
  if (st == GA_OK)
    st = ga_buffer_acquire((size_t)(nb * nrhs) * es, &tmp);
  int64_t nblocks = (n + nb - 1) / nb;
  for (int64_t s = 0; s < nblocks && st == GA_OK; s++) {
    int64_t bi = fwd ? s : nblocks - 1 - s;
    int64_t k0 = bi * nb, kb = n - k0 < nb ? n - k0 : nb;
    if ((st = get_block(T, k0 + k0 * n, n, kb, kb, cls, D)) != GA_OK)
      break;
    /* the inverse of op(D), D as stored */
    host_tri_inverse(D, kb, lower, unit, R);
    if (trans) {
      for (int64_t i = 0; i < kb; i++)
        for (int64_t j = 0; j < kb; j++)
          D[i + j * kb] = R[j + i * kb];
    } else {
      memcpy(D, R, (size_t)(kb * kb) * sizeof *D);
    }
    if ((st = put_block(&dinv, 0, kb, kb, kb, cls, D)) != GA_OK ||
        (st = gemm_update(cls, 0, 0, kb, nrhs, kb, &dinv, 0, kb, X, k0, n, &tmp, 0, kb, 0)) != GA_OK ||
        (st = copy_region(&tmp, 0, kb, NULL, X, k0, n, kb, nrhs, es)) != GA_OK)
      break;
    /* the rest of X loses this block's contribution */
    if (fwd && k0 + kb < n) {
      int64_t r0 = k0 + kb, rn = n - r0;
      st = trans ? gemm_update(cls, 1, 0, rn, nrhs, kb, T, k0 + r0 * n, n, X, k0, n, X, r0, n, 1)
                 : gemm_update(cls, 0, 0, rn, nrhs, kb, T, r0 + k0 * n, n, X, k0, n, X, r0, n, 1);
    } else if (!fwd && k0 > 0) {
      st = trans ? gemm_update(cls, 1, 0, k0, nrhs, kb, T, k0, n, X, k0, n, X, 0, n, 1)
                 : gemm_update(cls, 0, 0, k0, nrhs, kb, T, k0 * n, n, X, k0, n, X, 0, n, 1);
    }
  }
  if (dinv.bytes)
    ga_buffer_release(&dinv);
  if (tmp.bytes)
    ga_buffer_release(&tmp);
  free(D);
  free(R);
  return st;
}

/* P A = L U in place in W (m x n, ld m), L unit lower and U upper packed; perm[i] (0-based)
 * is the row of A that row i of P A is. *info: the 1-based column of the first exactly
 * zero pivot, 0 when none. */
static ga_status getrf(ga_class cls, ga_pbuf *W, int64_t m, int64_t n, int64_t *perm, int64_t *info)
{
  int64_t nb = block_size(), kmin = m < n ? m : n;
  size_t es = ga_class_size(cls);
  *info = 0;
  for (int64_t i = 0; i < m; i++)
    perm[i] = i;
  double *P = xcalloc((size_t)(m * nb), sizeof *P), *Linv = xcalloc((size_t)(nb * nb), sizeof *Linv);
  double *L11 = xcalloc((size_t)(nb * nb), sizeof *L11);
  int64_t *ipiv = xcalloc((size_t)nb, sizeof *ipiv), *rel = xcalloc((size_t)m, sizeof *rel);
  ga_pbuf tmp = {0}, idx = {0}, lbuf = {0}, ubuf = {0};
  ga_status st = P && Linv && L11 && ipiv && rel ? GA_OK : ga_fail(GA_ERR_OOM, "out of host memory");
  if (st == GA_OK)
    st = ga_buffer_acquire((size_t)(m * n) * es, &tmp);
  if (st == GA_OK)
    st = ga_buffer_acquire((size_t)m * sizeof(int64_t), &idx);
  if (st == GA_OK)
    st = ga_buffer_acquire((size_t)(nb * nb) * es, &lbuf);
  if (st == GA_OK)
    st = ga_buffer_acquire((size_t)(nb * n) * es, &ubuf);
  for (int64_t j0 = 0; j0 < kmin && st == GA_OK; j0 += nb) {
    int64_t jb = kmin - j0 < nb ? kmin - j0 : nb, r = m - j0;
    if ((st = get_block(W, j0 + j0 * m, m, r, jb, cls, P)) != GA_OK)
      break;
    int64_t pinfo = host_getf2(P, r, jb, ipiv);
    if (pinfo && !*info)
      *info = j0 + pinfo;
    /* the panel's interchanges as one permutation of rows j0..m-1 */
    bool moved = false;
    for (int64_t i = 0; i < r; i++)
      rel[i] = i;
    for (int64_t j = 0; j < jb; j++)
      if (ipiv[j] != j) {
        int64_t t = rel[j];
        rel[j] = rel[ipiv[j]];
        rel[ipiv[j]] = t;
        t = perm[j0 + j];
        perm[j0 + j] = perm[j0 + ipiv[j]];
        perm[j0 + ipiv[j]] = t;
        moved = true;
      }
    if (moved && n > jb) {
      /* rows permuted through a copy (in place would race), the panel's columns too:
       * they are overwritten below */
      if ((st = ga_g.prov->upload(ga_g.pstate, &idx, rel, (size_t)r * sizeof *rel)) != GA_OK ||
          (st = copy_region(W, j0, m, &idx, &tmp, 0, r, r, n, es)) != GA_OK ||
          (st = copy_region(&tmp, 0, r, NULL, W, j0, m, r, n, es)) != GA_OK)
        break;
      ga_g.stats.bytes_uploaded += (size_t)r * sizeof *rel;
    }
    if ((st = put_block(W, j0 + j0 * m, m, r, jb, cls, P)) != GA_OK)
      break;
    int64_t c0 = j0 + jb, cn = n - c0;
    if (cn <= 0)
      continue;
    /* U12 = L11^-1 A12 by a product with the inverse */
    for (int64_t j = 0; j < jb; j++)
      for (int64_t i = 0; i < jb; i++)
        L11[i + j * jb] = P[i + j * r];
    host_tri_inverse(L11, jb, true, true, Linv);
    if ((st = put_block(&lbuf, 0, jb, jb, jb, cls, Linv)) != GA_OK ||
        (st = gemm_update(cls, 0, 0, jb, cn, jb, &lbuf, 0, jb, W, j0 + c0 * m, m, &ubuf, 0, jb, 0)) != GA_OK ||
        (st = copy_region(&ubuf, 0, jb, NULL, W, j0 + c0 * m, m, jb, cn, es)) != GA_OK)
      break;
    /* A22 -= L21 U12 */
    st = gemm_update(cls, 0, 0, m - c0, cn, jb, W, c0 + j0 * m, m, W, j0 + c0 * m, m, W, c0 + c0 * m, m, 1);
  }
  ga_buffer_release(&tmp);
  ga_buffer_release(&idx);
  ga_buffer_release(&lbuf);
  ga_buffer_release(&ubuf);
  free(P);
  free(Linv);
  free(L11);
  free(ipiv);
  free(rel);
  return st;
}

/* A = L L' of the lower triangle of W (n x n) in place; *info: the 1-based column whose
 * pivot is not positive (the columns before it are factored), 0 on success */
static ga_status potrf(ga_class cls, ga_pbuf *W, int64_t n, int64_t *info)
{
  int64_t nb = block_size();
  size_t es = ga_class_size(cls);
  *info = 0;
  double *D = xcalloc((size_t)(nb * nb), sizeof *D), *Dt = xcalloc((size_t)(nb * nb), sizeof *Dt);
  ga_pbuf lbuf = {0}, tmp = {0};
  ga_status st = D && Dt ? GA_OK : ga_fail(GA_ERR_OOM, "out of host memory");
  if (st == GA_OK)
    st = ga_buffer_acquire((size_t)(nb * nb) * es, &lbuf);
  if (st == GA_OK)
    st = ga_buffer_acquire((size_t)(nb * n) * es, &tmp);
  for (int64_t j0 = 0; j0 < n && st == GA_OK; j0 += nb) {
    int64_t jb = n - j0 < nb ? n - j0 : nb;
    if ((st = get_block(W, j0 + j0 * n, n, jb, jb, cls, D)) != GA_OK)
      break;
    int64_t bad = host_potrf_lower(D, jb);
    if ((st = put_block(W, j0 + j0 * n, n, jb, jb, cls, D)) != GA_OK)
      break;
    if (bad) {
      *info = j0 + bad;
      break;
    }
    int64_t r0 = j0 + jb, rn = n - r0;
    if (rn <= 0)
      break;
    /* L21 = A21 L11^-T, then A22 -= L21 L21' */
    host_tri_inverse(D, jb, true, false, Dt);
    if ((st = put_block(&lbuf, 0, jb, jb, jb, cls, Dt)) != GA_OK ||
        (st = gemm_update(cls, 0, 1, rn, jb, jb, W, r0 + j0 * n, n, &lbuf, 0, jb, &tmp, 0, rn, 0)) != GA_OK ||
        (st = copy_region(&tmp, 0, rn, NULL, W, r0 + j0 * n, n, rn, jb, es)) != GA_OK)
      break;
    st = gemm_update(cls, 0, 1, rn, rn, jb, W, r0 + j0 * n, n, W, r0 + j0 * n, n, W, r0 + r0 * n, n, 1);
  }
  if (lbuf.bytes)
    ga_buffer_release(&lbuf);
  if (tmp.bytes)
    ga_buffer_release(&tmp);
  free(D);
  free(Dt);
  return st;
}

/* ---- operands ---------------------------------------------------------------------------- */

typedef struct {
  ga_tensor *t; /* referenced */
  ga_class cls;
  int64_t rows, cols;
  int ndims;
  const ga_operand *o;
} operand;

static ga_status resolve(const ga_operand *o, operand *r)
{
  memset(r, 0, sizeof *r);
  ga_resolved g;
  ga_status st = ga_operand_resolve(o, &g);
  if (st != GA_OK)
    return st;
  r->o = o;
  r->cls = g.cls;
  r->ndims = g.ndims;
  r->rows = g.dims[0];
  r->cols = g.ndims >= 2 ? g.dims[1] : 1;
  return GA_OK;
}

/* the operand as materialised storage of class cls (referenced in r->t) */
static ga_status prepare(operand *r, ga_class cls)
{
  ga_tensor *t = NULL, *c = NULL;
  ga_status st;
  if (r->o->is_host) {
    if ((st = ga_tensor_from_host(r->o, &t)) != GA_OK)
      return st;
  } else {
    if ((st = ga_handles_get(r->o->id, &t)) != GA_OK)
      return st;
    t->refcount++;
  }
  if ((st = ga_tensor_materialize(t)) == GA_OK && (st = ga_tensor_cast(t, cls, &c)) == GA_OK)
    st = ga_tensor_materialize(c);
  ga_tensor_unref(t);
  if (st != GA_OK) {
    if (c)
      ga_tensor_unref(c);
    return st;
  }
  r->t = c;
  return GA_OK;
}

static void drop(operand *r)
{
  if (r->t)
    ga_tensor_unref(r->t);
  r->t = NULL;
}

/* a new rows x cols tensor holding a copy of t's elements (with a row permutation) */
static ga_status copy_new(const ga_tensor *t, int64_t rows, int64_t cols, const int64_t *perm, ga_tensor **out)
{
  int64_t dims[2] = {rows, cols};
  ga_status st = ga_tensor_new(t->cls, 2, dims, out);
  if (st != GA_OK || rows * cols == 0)
    return st;
  ga_pbuf idx = {0};
  size_t es = ga_class_size(t->cls);
  if (perm) {
    if ((st = ga_buffer_acquire((size_t)rows * sizeof *perm, &idx)) == GA_OK &&
        (st = ga_g.prov->upload(ga_g.pstate, &idx, perm, (size_t)rows * sizeof *perm)) == GA_OK)
      ga_g.stats.bytes_uploaded += (size_t)rows * sizeof *perm;
  }
  if (st == GA_OK)
    st = copy_region(&t->buf, 0, rows, perm ? &idx : NULL, &(*out)->buf, 0, rows, rows, cols, es);
  if (idx.bytes)
    ga_buffer_release(&idx);
  if (st != GA_OK) {
    ga_tensor_unref(*out);
    *out = NULL;
  }
  return st;
}

static ga_status publish(ga_tensor *t, ga_id *out)
{
  ga_status st = ga_handles_insert(t, out);
  if (st != GA_OK)
    ga_tensor_unref(t);
  return st;
}

/* ---- matrix properties through the public operations --------------------------------- */

/* ids this file made for itself (0: none was made; releasing it would record an error) */
static void drop_id(ga_id id)
{
  if (id)
    ga_release(id);
}

static ga_status id_of(ga_tensor *t, ga_id *id)
{
  t->refcount++;
  ga_status st = ga_handles_insert(t, id);
  if (st != GA_OK)
    t->refcount--;
  return st;
}

/* every element of a logical (or any) array nonzero */
static ga_status all_of(ga_id x, bool *out)
{
  ga_id r = 0;
  uint8_t v = 0;
  ga_status st = ga_reduce_dims(GA_RED_ALL, x, 1, GA_MAX_DIMS, GA_SUM_DEFAULT, &r, NULL);
  if (st == GA_OK)
    st = ga_download(r, &v, 1);
  drop_id(r);
  *out = v != 0;
  return st;
}

static ga_operand host_scalar(const double *v)
{
  static const int64_t one[2] = {1, 1};
  return (ga_operand){.is_host = 1, .cls = GA_DOUBLE, .ndims = 2, .dims = one, .data = v};
}

static ga_operand held(ga_id id) { return (ga_operand){.id = id}; }

typedef enum { MT_FULL, MT_UPPER, MT_LOWER, MT_HERMITIAN } mat_type;

/* liboctave's MatrixType probe of a full square matrix (matrix_real_probe): upper or
 * lower triangular with a nonzero diagonal, else "hermitian" when symmetric with a
 * positive diagonal and a_ij^2 < a_ii a_jj off it, else full */
static ga_status probe_type(ga_tensor *a, mat_type *type)
{
  int64_t n = a->dims[0];
  *type = MT_FULL;
  const double zero = 0;
  ga_operand z = host_scalar(&zero);
  ga_id A = 0, rows = 0, cols = 0, rowc = 0, nz = 0, tri = 0, t1 = 0, d = 0, dd = 0, dcol = 0;
  ga_id x1 = 0, x2 = 0, x3 = 0, x4 = 0, at = 0;
  bool ok = false;
  int64_t cdims[2] = {n, 1};
  ga_index didx = {0};
  ga_status st = id_of(a, &A);
  if (st == GA_OK)
    st = ga_range(GA_DOUBLE, 1, 1, (double)n, n, &cols); /* 1 x n */
  if (st == GA_OK)
    st = ga_reshape(cols, 2, cdims, &rows); /* n x 1 */
  /* the diagonal */
  double *dpos = xcalloc((size_t)n, sizeof *dpos);
  if (!dpos && st == GA_OK)
    st = ga_fail(GA_ERR_OOM, "out of host memory");
  if (st == GA_OK) {
    for (int64_t i = 0; i < n; i++)
      dpos[i] = (double)(i * n + i + 1);
    didx = (ga_index){.kind = GA_INDEX_HOST, .cls = GA_DOUBLE, .ndims = 2, .dims = cdims, .data = dpos};
    st = ga_subsref(A, 1, &didx, &d); /* n x 1 */
  }
  bool diag_nz = false;
  if (st == GA_OK && (st = ga_binary(GA_OP_NE, &(ga_operand){.id = d}, &z, &x1)) == GA_OK)
    st = all_of(x1, &diag_nz);
  drop_id(x1);
  x1 = 0;
  if (st == GA_OK && diag_nz && (st = ga_binary(GA_OP_EQ, &(ga_operand){.id = A}, &z, &nz)) == GA_OK) {
    /* upper: every element is in the upper part or zero (nz holds the zeros) */
    ga_operand r = held(rows), c = held(cols);
    if ((st = ga_binary(GA_OP_LE, &r, &c, &tri)) == GA_OK && /* row <= col, the upper part */
        (st = ga_binary(GA_OP_OR, &(ga_operand){.id = tri}, &(ga_operand){.id = nz}, &x1)) == GA_OK &&
        (st = all_of(x1, &ok)) == GA_OK && ok)
      *type = MT_UPPER;
    drop_id(tri);
    drop_id(x1);
    x1 = tri = 0;
    if (st == GA_OK && *type == MT_FULL && (st = ga_binary(GA_OP_GE, &r, &c, &tri)) == GA_OK &&
        (st = ga_binary(GA_OP_OR, &(ga_operand){.id = tri}, &(ga_operand){.id = nz}, &x1)) == GA_OK &&
        (st = all_of(x1, &ok)) == GA_OK && ok)
      *type = MT_LOWER;
    (void)rowc;
  }
  if (st == GA_OK && *type == MT_FULL) {
    bool pos = false;
    if ((st = ga_binary(GA_OP_GT, &(ga_operand){.id = d}, &z, &x2)) == GA_OK)
      st = all_of(x2, &pos);
    if (st == GA_OK && pos) {
      /* symmetric, and a_ij^2 < d_i d_j off the diagonal */
      int perm[2] = {1, 0};
      int64_t rdims[2] = {1, n};
      ga_operand r = held(rows), c = held(cols);
      if ((st = ga_permute(A, 2, perm, 0, &at)) == GA_OK &&
          (st = ga_binary(GA_OP_EQ, &(ga_operand){.id = A}, &(ga_operand){.id = at}, &x3)) == GA_OK &&
          (st = all_of(x3, &ok)) == GA_OK && ok && (st = ga_reshape(d, 2, rdims, &dcol)) == GA_OK &&
          (st = ga_binary(GA_OP_TIMES, &(ga_operand){.id = d}, &(ga_operand){.id = dcol}, &dd)) == GA_OK &&
          (st = ga_binary(GA_OP_TIMES, &(ga_operand){.id = A}, &(ga_operand){.id = A}, &t1)) == GA_OK &&
          (st = ga_binary(GA_OP_LT, &(ga_operand){.id = t1}, &(ga_operand){.id = dd}, &x4)) == GA_OK) {
        ga_id eq = 0, both = 0;
        if ((st = ga_binary(GA_OP_EQ, &r, &c, &eq)) == GA_OK &&
            (st = ga_binary(GA_OP_OR, &(ga_operand){.id = x4}, &(ga_operand){.id = eq}, &both)) == GA_OK &&
            (st = all_of(both, &ok)) == GA_OK && ok)
          *type = MT_HERMITIAN;
        drop_id(eq);
        drop_id(both);
      }
    }
  }
  ga_id all[] = {A, rows, cols, nz, tri, t1, d, dd, dcol, x1, x2, x3, x4, at};
  for (size_t i = 0; i < sizeof all / sizeof *all; i++)
    drop_id(all[i]);
  free(dpos);
  return st;
}

/* ||A||_1: the largest column sum of magnitudes, on the device */
static ga_status norm1(ga_tensor *a, double *out)
{
  ga_id A = 0, ab = 0, s = 0, m = 0;
  double v = 0;
  ga_status st = id_of(a, &A);
  if (st == GA_OK && (st = ga_unary(GA_UOP_ABS, A, a->cls, &ab)) == GA_OK &&
      (st = ga_sum(ab, 1, GA_SUM_DOUBLE, &s)) == GA_OK &&
      (st = ga_reduce(GA_RED_MAX, s, 2, GA_SUM_DEFAULT, &m, NULL)) == GA_OK)
    st = ga_download(m, &v, sizeof v);
  drop_id(A);
  drop_id(ab);
  drop_id(s);
  drop_id(m);
  *out = v;
  return st;
}

/* Octave's test of a reciprocal condition number (rcond + 1 == 1 in the class, or NaN) */
static bool is_near_singular(ga_class cls, double rc)
{
  if (isnan(rc))
    return true;
  if (cls == GA_SINGLE) {
    volatile float f = (float)rc + 1.0f;
    return f == 1.0f;
  }
  volatile double d = rc + 1.0;
  return d == 1.0;
}

static ga_status rcond_of(const factors *f, ga_class cls, double anorm, ga_solve_info *info)
{
  double rc;
  if (f->n == 0) {
    rc = INFINITY;
  } else if (anorm == 0) {
    rc = 0;
  } else {
    double e = inv_norm1_estimate(f);
    rc = isnan(e) ? NAN : 1.0 / (anorm * e);
    if (isinf(anorm))
      rc = 0;
  }
  if (cls == GA_SINGLE)
    rc = (float)rc;
  info->rcond = rc;
  if (rc == 0)
    info->cond = GA_SOLVE_SINGULAR;
  else if (is_near_singular(cls, rc))
    info->cond = GA_SOLVE_NEARLY_SINGULAR;
  return GA_OK;
}

static ga_status class_of_pair(const operand *a, const operand *b, const char *op, ga_class *cls)
{
  if (ga_class_is_complex(a->cls) || ga_class_is_complex(b->cls))
    return ga_fail(GA_ERR_UNSUPPORTED, "%s: complex systems are not implemented for gpuArrays yet", op);
  if (ga_class_is_int(a->cls) || ga_class_is_int(b->cls)) {
    const char *na = a->cls == GA_SINGLE ? "float matrix" : ga_class_is_int(a->cls) ? ga_class_name(a->cls) : "matrix";
    const char *nb = b->cls == GA_SINGLE ? "float matrix" : ga_class_is_int(b->cls) ? ga_class_name(b->cls) : "matrix";
    return ga_fail(GA_ERR_CLASS, "binary operator '%s' not implemented for '%s%s' by '%s%s' operations", op, na,
                   ga_class_is_int(a->cls) ? " matrix" : "", nb, ga_class_is_int(b->cls) ? " matrix" : "");
  }
  *cls = a->cls == GA_SINGLE || b->cls == GA_SINGLE ? GA_SINGLE : GA_DOUBLE;
  return GA_OK;
}

/* the minimum-norm least-squares solution on the host: A (m x n) and B (m x nrhs) held */
static ga_status lstsq_host(ga_tensor *a, ga_tensor *b, ga_class cls, ga_tensor **out)
{
  int64_t m = a->dims[0], n = a->dims[1], nrhs = b->numel / (m ? m : 1);
  if (m == 0)
    nrhs = b->ndims >= 2 ? b->dims[1] : 1;
  int64_t dims[2] = {n, nrhs};
  double *A = xcalloc((size_t)(m * n), sizeof *A), *B = xcalloc((size_t)(m * nrhs), sizeof *B);
  double *X = xcalloc((size_t)(n * nrhs), sizeof *X);
  ga_status st = A && B && X ? GA_OK : ga_fail(GA_ERR_OOM, "out of host memory");
  if (st == GA_OK)
    st = get_block(&a->buf, 0, m, m, n, cls, A);
  if (st == GA_OK)
    st = get_block(&b->buf, 0, m, m, nrhs, cls, B);
  if (st == GA_OK)
    st = host_lstsq(A, m, n, B, nrhs, X);
  if (st == GA_OK && (st = ga_tensor_new(cls, 2, dims, out)) == GA_OK &&
      (st = put_block(&(*out)->buf, 0, n, n, nrhs, cls, X)) != GA_OK) {
    ga_tensor_unref(*out);
    *out = NULL;
  }
  free(A);
  free(B);
  free(X);
  return st;
}

/* A \ B for square A (n x n, materialised, class cls) and B (n x nrhs) */
static ga_status solve_square(ga_tensor *a, ga_tensor *b, ga_class cls, ga_tensor **out, ga_solve_info *info)
{
  int64_t n = a->dims[0], nrhs = b->numel / n;
  mat_type type;
  double anorm = 0;
  ga_status st = probe_type(a, &type);
  if (st == GA_OK)
    st = norm1(a, &anorm);
  if (st != GA_OK)
    return st;
  double *F = xcalloc((size_t)(n * n), sizeof *F);
  int64_t *perm = xcalloc((size_t)n, sizeof *perm);
  ga_tensor *W = NULL, *X = NULL;
  if (!F || !perm) {
    st = ga_fail(GA_ERR_OOM, "out of host memory");
    goto done;
  }
  if (type == MT_UPPER || type == MT_LOWER) {
    factors f = {.kind = 2, .F = F, .lower = type == MT_LOWER, .n = n};
    if ((st = get_block(&a->buf, 0, n, n, n, cls, F)) != GA_OK || (st = rcond_of(&f, cls, anorm, info)) != GA_OK ||
        (st = copy_new(b, n, nrhs, NULL, &X)) != GA_OK)
      goto done;
    st = trsm(cls, &a->buf, n, type == MT_LOWER, false, false, &X->buf, nrhs);
    goto done;
  }
  if (type == MT_HERMITIAN) {
    int64_t pinfo = 0;
    if ((st = copy_new(a, n, n, NULL, &W)) != GA_OK || (st = potrf(cls, &W->buf, n, &pinfo)) != GA_OK)
      goto done;
    if (!pinfo) {
      factors f = {.kind = 1, .F = F, .n = n};
      if ((st = get_block(&W->buf, 0, n, n, n, cls, F)) != GA_OK || (st = rcond_of(&f, cls, anorm, info)) != GA_OK ||
          (st = copy_new(b, n, nrhs, NULL, &X)) != GA_OK || (st = trsm(cls, &W->buf, n, true, false, false, &X->buf, nrhs)) != GA_OK)
        goto done;
      st = trsm(cls, &W->buf, n, true, false, true, &X->buf, nrhs);
      goto done;
    }
    ga_tensor_unref(W); /* not positive definite: LU, as Octave falls back */
    W = NULL;
  }
  int64_t linfo = 0;
  if ((st = copy_new(a, n, n, NULL, &W)) != GA_OK || (st = getrf(cls, &W->buf, n, n, perm, &linfo)) != GA_OK)
    goto done;
  if (linfo) {
    /* exactly singular: Octave warns and answers as for a rectangular matrix */
    info->cond = GA_SOLVE_SINGULAR;
    info->rcond = 0;
    st = lstsq_host(a, b, cls, &X);
    goto done;
  }
  factors f = {.kind = 0, .F = F, .perm = perm, .n = n};
  if ((st = get_block(&W->buf, 0, n, n, n, cls, F)) != GA_OK || (st = rcond_of(&f, cls, anorm, info)) != GA_OK ||
      (st = copy_new(b, n, nrhs, perm, &X)) != GA_OK || (st = trsm(cls, &W->buf, n, true, true, false, &X->buf, nrhs)) != GA_OK)
    goto done;
  st = trsm(cls, &W->buf, n, false, false, false, &X->buf, nrhs);
done:
  if (W)
    ga_tensor_unref(W);
  free(F);
  free(perm);
  if (st != GA_OK && X) {
    ga_tensor_unref(X);
    X = NULL;
  }
  *out = X;
  return st;
}

ga_status ga_mldivide(const ga_operand *a, const ga_operand *b, ga_id *out, ga_solve_info *info)
{
  ga_status st = ga_init();
  if (st != GA_OK)
    return st;
  ga_solve_info dummy;
  if (!info)
    info = &dummy;
  info->cond = GA_SOLVE_OK;
  info->rcond = NAN;
  operand ra, rb;
  if ((st = resolve(a, &ra)) != GA_OK || (st = resolve(b, &rb)) != GA_OK)
    return st;
  ga_class cls = GA_DOUBLE;
  if ((st = class_of_pair(&ra, &rb, "\\", &cls)) != GA_OK)
    return st;
  if (ra.ndims > 2 || rb.ndims > 2)
    return ga_fail(GA_ERR_ARG, "operator \\: not defined for N-D objects");
  if (ra.rows == 1 && ra.cols == 1) /* a scalar divides elementwise */
    return ga_binary(GA_OP_RDIVIDE, b, a, out);
  if (ra.rows != rb.rows)
    return ga_fail_id(GA_ERR_NONCONFORMANT, "Octave:nonconformant-args",
                      "operator \\: nonconformant arguments (op1 is %lldx%lld, op2 is %lldx%lld)",
                      (long long)ra.rows, (long long)ra.cols, (long long)rb.rows, (long long)rb.cols);
  int64_t dims[2] = {ra.cols, rb.cols};
  if (ra.rows == 0 || ra.cols == 0 || rb.cols == 0)
    return ga_fill(cls, 2, dims, 0.0, out);
  ga_tensor *x = NULL;
  if ((st = prepare(&ra, cls)) == GA_OK && (st = prepare(&rb, cls)) == GA_OK) {
    if (ra.rows == ra.cols)
      st = solve_square(ra.t, rb.t, cls, &x, info);
    else
      st = lstsq_host(ra.t, rb.t, cls, &x);
  }
  drop(&ra);
  drop(&rb);
  if (st != GA_OK)
    return st;
  return publish(x, out);
}

/* a held square floating matrix, materialised in its class */
static ga_status square_input(ga_id a, const char *fn, const char *msg, operand *r)
{
  ga_operand o = {.id = a};
  ga_status st = resolve(&o, r);
  if (st != GA_OK)
    return st;
  r->o = NULL;
  if (!ga_class_is_float(r->cls))
    return ga_fail(GA_ERR_CLASS, "%s: wrong type argument '%s matrix'", fn,
                   r->cls == GA_LOGICAL ? "bool" : ga_class_name(r->cls));
  if (r->ndims > 2 || r->rows != r->cols)
    return ga_fail(GA_ERR_ARG, "%s", msg);
  ga_tensor *t;
  if ((st = ga_handles_get(a, &t)) != GA_OK || (st = ga_tensor_materialize(t)) != GA_OK)
    return st;
  t->refcount++;
  r->t = t;
  return GA_OK;
}

ga_status ga_inv(ga_id a, ga_id *out, ga_solve_info *info)
{
  ga_status st = ga_init();
  if (st != GA_OK)
    return st;
  ga_solve_info dummy;
  if (!info)
    info = &dummy;
  info->cond = GA_SOLVE_OK;
  info->rcond = NAN;
  operand r;
  if ((st = square_input(a, "inverse", "inverse: A must be a square matrix", &r)) != GA_OK) {
    drop(&r);
    return st;
  }
  int64_t n = r.rows;
  ga_class cls = r.cls;
  int64_t dims[2] = {n, n};
  double anorm = 0;
  double *F = xcalloc((size_t)(n * n), sizeof *F);
  int64_t *perm = xcalloc((size_t)n, sizeof *perm);
  ga_tensor *W = NULL, *X = NULL;
  ga_id e = 0;
  int64_t linfo = 0;
  if (n == 0) {
    drop(&r);
    free(F);
    free(perm);
    info->rcond = INFINITY;
    return ga_fill(cls, 2, dims, 0.0, out);
  }
  if (!F || !perm)
    st = ga_fail(GA_ERR_OOM, "out of host memory");
  if (st == GA_OK && (st = norm1(r.t, &anorm)) == GA_OK && (st = copy_new(r.t, n, n, NULL, &W)) == GA_OK)
    st = getrf(cls, &W->buf, n, n, perm, &linfo);
  if (st == GA_OK && linfo) {
    info->cond = GA_SOLVE_SINGULAR;
    info->rcond = 0;
    drop(&r);
    ga_tensor_unref(W);
    free(F);
    free(perm);
    return ga_fill(cls, 2, dims, INFINITY, out);
  }
  factors f = {.kind = 0, .F = F, .perm = perm, .n = n};
  ga_tensor *et = NULL;
  if (st == GA_OK && (st = get_block(&W->buf, 0, n, n, n, cls, F)) == GA_OK &&
      (st = rcond_of(&f, cls, anorm, info)) == GA_OK && (st = ga_eye(cls, n, n, &e)) == GA_OK &&
      (st = ga_handles_get(e, &et)) == GA_OK && (st = ga_tensor_materialize(et)) == GA_OK &&
      (st = copy_new(et, n, n, perm, &X)) == GA_OK &&
      (st = trsm(cls, &W->buf, n, true, true, false, &X->buf, n)) == GA_OK)
    st = trsm(cls, &W->buf, n, false, false, false, &X->buf, n);
  drop_id(e);
  if (W)
    ga_tensor_unref(W);
  drop(&r);
  free(F);
  free(perm);
  if (st != GA_OK) {
    if (X)
      ga_tensor_unref(X);
    return st;
  }
  if (info->rcond == 0) { /* Octave: an inverse whose rcond is 0 is all Inf */
    ga_tensor_unref(X);
    return ga_fill(cls, 2, dims, INFINITY, out);
  }
  return publish(X, out);
}

ga_status ga_det(ga_id a, ga_id *out)
{
  ga_status st = ga_init();
  if (st != GA_OK)
    return st;
  operand r;
  if ((st = square_input(a, "det", "det: A must be a square matrix", &r)) != GA_OK) {
    drop(&r);
    return st;
  }
  int64_t n = r.rows, one[2] = {1, 1};
  ga_class cls = r.cls;
  int64_t *perm = xcalloc((size_t)n, sizeof *perm);
  double *d = xcalloc((size_t)n, sizeof *d);
  ga_tensor *W = NULL;
  int64_t linfo = 0;
  if (!perm || !d)
    st = ga_fail(GA_ERR_OOM, "out of host memory");
  if (st == GA_OK && n > 0 && (st = copy_new(r.t, n, n, NULL, &W)) == GA_OK &&
      (st = getrf(cls, &W->buf, n, n, perm, &linfo)) == GA_OK)
    st = get_block(&W->buf, 0, n + 1, 1, n, cls, d); /* the diagonal: a 1 x n view, ld n + 1 */
  double value = 1;
  if (st == GA_OK) {
    /* as Octave's DET: a coefficient and a power of two, so that no partial product
     * overflows or underflows on the way */
    double c = 1;
    int e = 0, ex;
    bool flip = false;
    for (int64_t i = 0; i < n; i++) {
      c *= d[i];
      c = frexp(c, &ex);
      e += ex;
    }
    /* the permutation's sign from its cycles */
    bool *seen = xcalloc((size_t)n, sizeof *seen);
    if (!seen) {
      st = ga_fail(GA_ERR_OOM, "out of host memory");
    } else {
      for (int64_t i = 0; i < n; i++) {
        if (seen[i])
          continue;
        int64_t len = 0;
        for (int64_t j = i; !seen[j]; j = perm[j]) {
          seen[j] = true;
          len++;
        }
        if (len % 2 == 0)
          flip = !flip;
      }
      free(seen);
    }
    value = ldexp(flip ? -c : c, e);
  }
  if (W)
    ga_tensor_unref(W);
  drop(&r);
  free(perm);
  free(d);
  if (st != GA_OK)
    return st;
  if (cls == GA_SINGLE) {
    float f = (float)value;
    return ga_upload(cls, 2, one, &f, out);
  }
  return ga_upload(cls, 2, one, &value, out);
}

ga_status ga_lu(ga_id a, ga_id *packed, ga_id *perm_out, int64_t *info)
{
  ga_status st = ga_init();
  if (st != GA_OK)
    return st;
  ga_operand o = {.id = a};
  operand r;
  if ((st = resolve(&o, &r)) != GA_OK)
    return st;
  if (!ga_class_is_float(r.cls))
    return ga_fail(GA_ERR_CLASS, "lu: wrong type argument '%s matrix'", r.cls == GA_LOGICAL ? "bool" : ga_class_name(r.cls));
  if (r.ndims > 2)
    return ga_fail(GA_ERR_ARG, "lu: A must be a 2-D matrix");
  if ((st = prepare(&r, r.cls)) != GA_OK)
    return st;
  int64_t m = r.rows, n = r.cols, pd[2] = {1, m};
  int64_t *perm = xcalloc((size_t)m, sizeof *perm);
  double *pv = xcalloc((size_t)m, sizeof *pv);
  ga_tensor *W = NULL;
  *info = 0;
  if (!perm || !pv)
    st = ga_fail(GA_ERR_OOM, "out of host memory");
  if (st == GA_OK && (st = copy_new(r.t, m, n, NULL, &W)) == GA_OK && m > 0 && n > 0)
    st = getrf(r.cls, &W->buf, m, n, perm, info);
  else
    for (int64_t i = 0; i < m; i++)
      perm[i] = i;
  drop(&r);
  if (st == GA_OK) {
    for (int64_t i = 0; i < m; i++)
      pv[i] = (double)(perm[i] + 1);
    st = ga_upload(GA_DOUBLE, 2, pd, pv, perm_out);
  }
  free(perm);
  free(pv);
  if (st != GA_OK) {
    if (W)
      ga_tensor_unref(W);
    return st;
  }
  if ((st = publish(W, packed)) != GA_OK)
    drop_id(*perm_out);
  return st;
}

ga_status ga_chol(ga_id a, ga_id *out, int64_t *info)
{
  ga_status st = ga_init();
  if (st != GA_OK)
    return st;
  operand r;
  if ((st = square_input(a, "chol", "chol: requires square matrix", &r)) != GA_OK) {
    drop(&r);
    return st;
  }
  int64_t n = r.rows;
  ga_tensor *W = NULL;
  *info = 0;
  /* the upper triangle is what Octave reads: its transpose's lower one is factored */
  int perm[2] = {1, 0};
  ga_id A = 0, T = 0;
  if ((st = id_of(r.t, &A)) == GA_OK && (st = ga_permute(A, 2, perm, 0, &T)) == GA_OK) {
    ga_tensor *tt;
    if ((st = ga_handles_get(T, &tt)) == GA_OK && (st = ga_tensor_materialize(tt)) == GA_OK &&
        (st = copy_new(tt, n, n, NULL, &W)) == GA_OK && n > 0)
      st = potrf(r.cls, &W->buf, n, info);
  }
  drop_id(A);
  drop_id(T);
  drop(&r);
  if (st != GA_OK) {
    if (W)
      ga_tensor_unref(W);
    return st;
  }
  return publish(W, out);
}
