/* Dense linear algebra on held values: A\B, inv, det, lu, chol (ga.h). LU is Toledo's
 * recursive algorithm on the device: leaf panels factored by one kernel each and their
 * row interchanges applied across the matrix by another, triangular solves and products
 * (ga_plan_gemm with the update flag) between them, except within blocks of a few leaves,
 * factored left-looking with each leaf's kernel doing the step before it (GETF2's pre);
 * the pivots read back once at the end. Triangular solves use the inverses of the
 * factor's diagonal blocks, formed on the device, so each block costs two products.
 * Every step goes through the provider interface (products, copies, the ga_la_desc
 * kernels), so the host provider runs the very same algorithms in plain C. Cholesky
 * still factors its diagonal blocks on the host.
 *
 * Octave's choices are kept: mldivide detects the matrix type as liboctave's
 * MatrixType does for full matrices (triangular with a nonzero diagonal, symmetric with a
 * positive diagonal and |a_ij|^2 < a_ii a_jj, or full), tries Cholesky for the symmetric
 * ones and falls back to LU, warns from a reciprocal condition estimate (its solves on
 * the device, its iteration on the host with n-vectors), and answers an exactly singular
 * or a rectangular system with the minimum-norm least-squares solution, on the host.
 * Complex matrices go to ga_solve_complex.c (on the host); a real A with a complex B
 * stays here, as one real system with twice the right-hand sides. */
#include "ga_internal.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int64_t env_size(const char *name, int64_t def, int64_t lo, int64_t hi)
{
  const char *e = getenv(name);
  long v = e ? strtol(e, NULL, 10) : 0;
  return v >= lo && v <= hi ? (int64_t)v : def;
}

/* The diagonal blocks of the triangular solves (inverted on the device) and of Cholesky
 * (factored on the host): 128 keeps a 4096 solve at 64 dispatches per triangle.
 * GPUARRAY_SOLVE_NB overrides it; the unit tests use small blocks so that small matrices
 * take every path. */
static int64_t solve_block(void) { return env_size("GPUARRAY_SOLVE_NB", 128, 1, 1024); }

/* The triangular solves' diagonal blocks by default: twice as wide, half the dispatches
 * (each one's latency is what a solve with few right-hand sides costs). H100, 4096
 * (bench/solve_probe): rcond 16.6 -> 8.2 ms double, 11.0 -> 5.5 single, solves 3.8 -> 2.6;
 * the row residual 1.7e-15 -> 4.4e-15 (inverted blocks of 256 rows instead of 128).
 * GPUARRAY_TRI_NB sets this one alone. */
static int64_t tri_block(void)
{
  return env_size("GPUARRAY_TRI_NB", env_size("GPUARRAY_SOLVE_NB", 256, 1, 1024), 1, 1024);
}

/* The condition estimate's own diagonal blocks (GPUARRAY_RCOND_NB; default: the solves'
 * own, no second set). Its answer needs about one digit, so wider inverted blocks (fewer
 * dispatches per solve, and it makes several) cost it nothing that matters, where the
 * solve of B would lose accuracy. */
static int64_t rcond_block(void) { return env_size("GPUARRAY_RCOND_NB", tri_block(), 1, 4096); }

/* The width of the LU panels one kernel factors (GPUARRAY_SOLVE_LEAF): its columns are
 * latency-bound steps of one workgroup, the products between panels are not. */
static int64_t lu_leaf(void) { return env_size("GPUARRAY_SOLVE_LEAF", 16, 1, GA_LA_LEAF_MAX); }

/* Leaf panels swap rows only within their own columns, and a separate kernel over
 * many workgroups applies their interchanges to the rest of the matrix (coalesced along
 * columns) instead of the panel's one workgroup doing it row by row;
 * GPUARRAY_LU_LASWP=0 goes back to the latter (tuning on the GPU). */
static bool lu_laswp(void)
{
  const char *e = getenv("GPUARRAY_LU_LASWP");
  return !(e && *e == '0');
}

/* The largest triangle the substitution kernel solves at once */
static int64_t trsm_leaf(void)
{
  int64_t nb = solve_block();
  return nb < GA_LA_TRSM_MAX ? nb : GA_LA_TRSM_MAX;
}

static void *xcalloc(size_t n, size_t size) { return calloc(n ? n : 1, size ? size : 1); }

/* ---- views of device buffers ----------------------------------------------------------- */

/* rows x cols of src (column-major at soff, leading dimension sld) into dst; with rowidx,
 * source row i is rowidx[i] (int64, relative to soff) */
ga_status ga_la_copy_region(const ga_pbuf *src, int64_t soff, int64_t sld, const ga_pbuf *rowidx, ga_pbuf *dst,
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
ga_status ga_la_get_block(const ga_pbuf *buf, int64_t off, int64_t ld, int64_t rows, int64_t cols, ga_class cls,
                          double *out)
{
  size_t es = ga_class_size(cls), n = (size_t)(rows * cols);
  if (!n)
    return GA_OK;
  ga_pbuf tmp = {0};
  void *h = xcalloc(n, es);
  ga_status st = h ? ga_buffer_acquire(n * es, &tmp) : ga_fail(GA_ERR_OOM, "out of host memory");
  if (st == GA_OK && (st = ga_la_copy_region(buf, off, ld, NULL, &tmp, 0, rows, rows, cols, es)) == GA_OK &&
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
ga_status ga_la_put_block(ga_pbuf *buf, int64_t off, int64_t ld, int64_t rows, int64_t cols, ga_class cls,
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
      st = ga_la_copy_region(&tmp, 0, rows, NULL, buf, off, ld, rows, cols, es);
    }
  }
  /* the copy that reads it is queued before the buffer's next user */
  if (tmp.bytes)
    ga_buffer_release(&tmp);
  free(h);
  return st;
}

/* ---- host kernels (double) -------------------------------------------------------------- */

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

static ga_status gemm_batch(ga_class cls, int ta, int tb, int64_t m, int64_t n, int64_t k, const ga_pbuf *a,
                            int64_t off_a, int64_t lda, int64_t sa, const ga_pbuf *b, int64_t off_b, int64_t ldb,
                            int64_t sb, ga_pbuf *c, int64_t off_c, int64_t ldc, int64_t sc, int64_t batch, int update)
{
  if (m <= 0 || n <= 0 || k <= 0 || batch <= 0)
    return GA_OK;
  ga_gemm_desc d = {.cls = cls, .trans_a = ta, .trans_b = tb, .m = m, .n = n, .k = k, .a = a, .b = b, .c = c,
                    .lda = lda, .ldb = ldb, .ldc = ldc, .off_a = off_a, .off_b = off_b, .off_c = off_c,
                    .batch = batch, .stride_a = sa, .stride_b = sb, .stride_c = sc, .update = update};
  return ga_plan_gemm(&d);
}

ga_status ga_la_gemm_update(ga_class cls, int ta, int tb, int64_t m, int64_t n, int64_t k, const ga_pbuf *a,
                            int64_t off_a, int64_t lda, const ga_pbuf *b, int64_t off_b, int64_t ldb, ga_pbuf *c,
                            int64_t off_c, int64_t ldc, int update)
{
  return gemm_batch(cls, ta, tb, m, n, k, a, off_a, lda, 0, b, off_b, ldb, 0, c, off_c, ldc, 0, 1, update);
}

/* The first part of a split of w columns (w > leaf): about half, a multiple of leaf, so
 * that the leaves stay whole and the products' operands start on aligned columns. */
static int64_t split_at(int64_t w, int64_t leaf)
{
  return (w + 2 * leaf - 1) / (2 * leaf) * leaf;
}

/* B := op(T)^-1 B for each of batch pages (page strides st, sb): T n x n (ld ldt), lower
 * or upper, B n x nrhs (ld ldb). Recursive: triangles of up to trsm_leaf() rows by the
 * substitution kernel, the rest of B updated by products between them. */
static ga_status trsm_rec(ga_class cls, const ga_pbuf *T, int64_t off_t, int64_t ldt, int64_t st, bool lower,
                          bool unit, bool trans, int64_t n, ga_pbuf *B, int64_t off_b, int64_t ldb, int64_t sb,
                          int64_t nrhs, int64_t batch)
{
  if (n <= 0 || nrhs <= 0 || batch <= 0)
    return GA_OK;
  int64_t leaf = trsm_leaf();
  if (n <= leaf) {
    ga_la_desc d = {.kind = GA_LA_TRSM, .cls = cls, .lower = lower, .unit = unit, .trans = trans, .m = n,
                    .n = nrhs, .batch = batch, .t = T, .off_t = off_t, .ldt = ldt, .stride_t = st, .a = B,
                    .off_a = off_b, .lda = ldb, .stride_a = sb};
    return ga_plan_la(&d);
  }
  int64_t n1 = split_at(n, leaf), n2 = n - n1;
  int64_t t22 = off_t + n1 * (ldt + 1), toff = lower ? off_t + n1 : off_t + n1 * ldt;
  ga_status s;
  if (lower != trans) { /* op(T) lower: B1 first, B2 -= op(T)21 B1, then B2 */
    if ((s = trsm_rec(cls, T, off_t, ldt, st, lower, unit, trans, n1, B, off_b, ldb, sb, nrhs, batch)) != GA_OK ||
        (s = gemm_batch(cls, trans, 0, n2, nrhs, n1, T, toff, ldt, st, B, off_b, ldb, sb, B, off_b + n1, ldb, sb,
                        batch, 1)) != GA_OK)
      return s;
    return trsm_rec(cls, T, t22, ldt, st, lower, unit, trans, n2, B, off_b + n1, ldb, sb, nrhs, batch);
  }
  if ((s = trsm_rec(cls, T, t22, ldt, st, lower, unit, trans, n2, B, off_b + n1, ldb, sb, nrhs, batch)) != GA_OK ||
      (s = gemm_batch(cls, trans, 0, n1, nrhs, n2, T, toff, ldt, st, B, off_b + n1, ldb, sb, B, off_b, ldb, sb,
                      batch, 1)) != GA_OK)
    return s;
  return trsm_rec(cls, T, off_t, ldt, st, lower, unit, trans, n1, B, off_b, ldb, sb, nrhs, batch);
}

/* The widest block (in leaves) factored left-looking, each leaf's kernel doing the
 * triangular solve and the product with the block's columns before it first (GETF2's
 * pre): those are two dispatches of a few microseconds' work each, which the recursion
 * would run between leaves. GPUARRAY_LU_PRE sets it (0 or 1: the recursion all the way
 * down). H200, 4096 LU (bench/solve_probe): pairs 37.8 ms double / 28.8 single, blocks
 * of 4 leaves 40.2 / 30.9 (the panel kernel with 48 columns before it takes 97 us
 * instead of 73), none 38.8 / 29.9. */
static int64_t lu_pre_block(void)
{
  const char *e = getenv("GPUARRAY_LU_PRE");
  long v = e && *e ? strtol(e, NULL, 10) : 2;
  return v >= 0 && v <= 16 ? v : 2;
}

/* The leaf panel at columns c0 .. c0+w-1 (rows c0 .. m-1) and its interchanges across the
 * other columns; with pre > 0 its kernel first does the step before it, and
 * GA_ERR_UNSUPPORTED (nothing done) says the provider declined that. */
static ga_status leaf_panel(ga_class cls, ga_pbuf *W, int64_t m, int64_t ncols, int64_t c0, int64_t w, int64_t pre,
                            ga_pbuf *piv, int64_t off_info, ga_pbuf *work)
{
  bool laswp = lu_laswp();
  ga_la_desc d = {.kind = GA_LA_GETF2, .cls = cls, .m = m, .n = ncols, .batch = 1, .a = W, .lda = m,
                  .ncols = ncols, .r0 = c0, .c0 = c0, .w = w, .piv = piv, .off_info = off_info,
                  .swap_all = !laswp, .work = work, .pre = pre};
  ga_status s = pre > 0 ? ga_plan_la_try(&d) : ga_plan_la(&d);
  if (s != GA_OK || !laswp || ncols <= w)
    return s;
  d.kind = GA_LA_LASWP;
  return ga_plan_la(&d);
}

/* The blocked LU's step from the k columns at c0 (factored) to the wc columns at j0:
 * U12 = L11^-1 A12 in rows c0 .. c0+min(m-c0, k)-1, then, below them, A22 -= L21 U12 */
static ga_status lu_step(ga_class cls, ga_pbuf *W, int64_t m, int64_t c0, int64_t k, int64_t j0, int64_t wc)
{
  int64_t r = m - c0, k1 = r < k ? r : k;
  ga_status s = trsm_rec(cls, W, c0 + c0 * m, m, 0, true, true, false, k1, W, c0 + j0 * m, m, 0, wc, 1);
  if (s != GA_OK || r <= k)
    return s;
  return ga_la_gemm_update(cls, 0, 0, r - k, wc, k, W, c0 + k + c0 * m, m, W, c0 + j0 * m, m, W, c0 + k + j0 * m, m,
                           1);
}

/* Columns c0 .. c0+w-1 of the LU of W (m x ncols, ld m), rows c0 .. m-1, after the columns
 * before them (Toledo's recursive LU): the left half, U12 = L11^-1 A12, A22 -= L21 U12,
 * the right half; blocks of at most lu_pre_block() leaves left-looking. The panels of
 * leaf columns are factored by one kernel each, and their row interchanges go across the
 * whole matrix right after (leaf_panel), so no other step moves rows. */
static ga_status rgetrf(ga_class cls, ga_pbuf *W, int64_t m, int64_t ncols, int64_t c0, int64_t w, ga_pbuf *piv,
                        int64_t off_info, ga_pbuf *work)
{
  int64_t r = m - c0, leaf = lu_leaf();
  if (r <= 0 || w <= 0)
    return GA_OK;
  if (w <= leaf)
    return leaf_panel(cls, W, m, ncols, c0, w, 0, piv, off_info, work);
  ga_status s;
  if (w <= lu_pre_block() * leaf && lu_laswp()) {
    /* left-looking: leaf q first takes the step with the q leaves before it, in its own
     * kernel where the provider can, else by a triangular solve and a product */
    for (int64_t q0 = 0; q0 < w && q0 < r; q0 += leaf) {
      int64_t lw = w - q0 < leaf ? w - q0 : leaf;
      if (q0 > 0) {
        s = leaf_panel(cls, W, m, ncols, c0 + q0, lw, q0, piv, off_info, work);
        if (s == GA_OK)
          continue;
        if (s != GA_ERR_UNSUPPORTED || (s = lu_step(cls, W, m, c0, q0, c0 + q0, lw)) != GA_OK)
          return s;
      }
      if ((s = leaf_panel(cls, W, m, ncols, c0 + q0, lw, 0, piv, off_info, work)) != GA_OK)
        return s;
    }
    /* the leaves past the last row (wide matrices) are U12 only */
    int64_t qe = (r + leaf - 1) / leaf * leaf;
    return qe < w ? lu_step(cls, W, m, c0, r, c0 + qe, w - qe) : GA_OK;
  }
  int64_t n1 = split_at(w, leaf), n2 = w - n1;
  if ((s = rgetrf(cls, W, m, ncols, c0, n1, piv, off_info, work)) != GA_OK ||
      (s = lu_step(cls, W, m, c0, n1, c0 + n1, n2)) != GA_OK)
    return s;
  return rgetrf(cls, W, m, ncols, c0 + n1, n2, piv, off_info, work); /* nothing where r <= n1 */
}

/* P A = L U in place in W (m x n, ld m), L unit lower and U upper packed; perm[i] (0-based)
 * is the row of A that row i of P A is. *info: the 1-based column of the first exactly
 * zero pivot, 0 when none. Everything runs on the device; the pivots and info come back
 * in one download of min(m, n) + 1 words at the end. */
static ga_status getrf(ga_class cls, ga_pbuf *W, int64_t m, int64_t n, int64_t *perm, int64_t *info)
{
  int64_t kmin = m < n ? m : n;
  *info = 0;
  for (int64_t i = 0; i < m; i++)
    perm[i] = i;
  if (kmin <= 0)
    return GA_OK;
  size_t bytes = (size_t)(kmin + 1) * sizeof(int32_t);
  int32_t *ipiv = xcalloc((size_t)kmin + 1, sizeof *ipiv);
  ga_pbuf piv = {0}, work = {0};
  ga_status st = ipiv ? ga_buffer_acquire(bytes, &piv) : ga_fail(GA_ERR_OOM, "out of host memory");
  /* the panel kernel's scratch: only its counter must start at zero */
  static const uint8_t zeros[64];
  if (st == GA_OK && (st = ga_buffer_acquire(GA_LA_WORK_BYTES, &work)) == GA_OK &&
      (st = ga_g.prov->upload(ga_g.pstate, &work, zeros, sizeof zeros)) == GA_OK)
    ga_g.stats.bytes_uploaded += sizeof zeros;
  if (st == GA_OK && (st = ga_g.prov->upload(ga_g.pstate, &piv, ipiv, bytes)) == GA_OK) {
    ga_g.stats.bytes_uploaded += bytes;
    st = rgetrf(cls, W, m, n, 0, n, &piv, kmin, &work);
  }
  if (st == GA_OK && (st = ga_g.prov->download(ga_g.pstate, &piv, ipiv, bytes)) == GA_OK) {
    ga_g.stats.bytes_downloaded += bytes;
    if (ipiv[kmin] < 0)
      st = ga_fail(GA_ERR_BACKEND, "LU: the panel kernel's workgroups did not run side by side");
    for (int64_t j = 0; j < kmin && st == GA_OK; j++) {
      int64_t p = ipiv[j];
      if (p < j || p >= m) { /* cannot happen: a device that computed garbage */
        st = ga_fail(GA_ERR_BACKEND, "LU: pivot %lld of column %lld out of range", (long long)p, (long long)j);
        break;
      }
      int64_t t = perm[j];
      perm[j] = perm[p];
      perm[p] = t;
    }
    *info = ipiv[kmin];
  }
  if (piv.bytes)
    ga_buffer_release(&piv);
  if (work.bytes)
    ga_buffer_release(&work);
  free(ipiv);
  return st;
}

/* A = L L' of the lower triangle of W (n x n) in place; *info: the 1-based column whose
 * pivot is not positive (the columns before it are factored), 0 on success. The
 * diagonal blocks are factored on the host (one small download each), the rest on the
 * device. */
static ga_status potrf(ga_class cls, ga_pbuf *W, int64_t n, int64_t *info)
{
  int64_t nb = solve_block();
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
    if ((st = ga_la_get_block(W, j0 + j0 * n, n, jb, jb, cls, D)) != GA_OK)
      break;
    int64_t bad = host_potrf_lower(D, jb);
    if ((st = ga_la_put_block(W, j0 + j0 * n, n, jb, jb, cls, D)) != GA_OK)
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
    if ((st = ga_la_put_block(&lbuf, 0, jb, jb, jb, cls, Dt)) != GA_OK ||
        (st = ga_la_gemm_update(cls, 0, 1, rn, jb, jb, W, r0 + j0 * n, n, &lbuf, 0, jb, &tmp, 0, rn, 0)) != GA_OK ||
        (st = ga_la_copy_region(&tmp, 0, rn, NULL, W, r0 + j0 * n, n, rn, jb, es)) != GA_OK)
      break;
    st = ga_la_gemm_update(cls, 0, 1, rn, rn, jb, W, r0 + j0 * n, n, W, r0 + j0 * n, n, W, r0 + r0 * n, n, 1);
  }
  if (lbuf.bytes)
    ga_buffer_release(&lbuf);
  if (tmp.bytes)
    ga_buffer_release(&tmp);
  free(D);
  free(Dt);
  return st;
}

/* A triangular factor ready for solves: the inverses of its nb x nb diagonal blocks,
 * formed on the device (identity blocks solved by trsm_rec, all blocks in one batch), so
 * that a solve is a product per block and an update of the rest: two dispatches a block
 * whatever the number of right-hand sides. */
typedef struct {
  ga_class cls;
  const ga_pbuf *T; /* n x n, ld n */
  int64_t n, nb;
  bool lower, unit;
  ga_pbuf inv;      /* block k at k nb^2, ld nb */
} tri_factor;

static void tri_release(tri_factor *f)
{
  if (f->inv.bytes)
    ga_buffer_release(&f->inv);
}

static ga_status tri_prepare_nb(tri_factor *f, ga_class cls, const ga_pbuf *T, int64_t n, bool lower, bool unit,
                               int64_t nb_wanted)
{
  *f = (tri_factor){.cls = cls, .T = T, .n = n, .nb = nb_wanted, .lower = lower, .unit = unit};
  if (n <= 0)
    return GA_OK;
  int64_t nb = f->nb < n ? f->nb : n, full = n / nb, rag = n - full * nb;
  f->nb = nb;
  size_t es = ga_class_size(cls);
  ga_status st = ga_buffer_acquire((size_t)((full + (rag > 0)) * nb * nb) * es, &f->inv);
  if (st != GA_OK)
    return st;
  ga_la_desc eye = {.kind = GA_LA_EYE, .cls = cls, .m = nb, .n = nb, .batch = full, .a = &f->inv, .lda = nb,
                    .stride_a = nb * nb};
  if (full && ((st = ga_plan_la(&eye)) != GA_OK ||
               (st = trsm_rec(cls, T, 0, n, nb * (n + 1), lower, unit, false, nb, &f->inv, 0, nb, nb * nb, nb,
                              full)) != GA_OK))
    return st;
  if (rag) {
    eye.m = eye.n = rag;
    eye.batch = 1;
    eye.off_a = full * nb * nb;
    if ((st = ga_plan_la(&eye)) != GA_OK ||
        (st = trsm_rec(cls, T, full * nb * (n + 1), n, 0, lower, unit, false, rag, &f->inv, full * nb * nb, nb, 0,
                       rag, 1)) != GA_OK)
      return st;
  }
  return GA_OK;
}

static ga_status tri_prepare(tri_factor *f, ga_class cls, const ga_pbuf *T, int64_t n, bool lower, bool unit)
{
  return tri_prepare_nb(f, cls, T, n, lower, unit, tri_block());
}

/* The most right-hand sides a triangular solve takes as matrix-vector products */
#define TRI_VEC_RHS 4

/* Y := op(T)^-1 X (both n x nrhs, ld n); X is overwritten. Block by block in the order
 * op(T) needs: Y_k = op(inv(T_kk)) X_k, then the rest of X loses Y_k's contribution. */
static ga_status tri_solve(const tri_factor *f, bool trans, ga_pbuf *X, ga_pbuf *Y, int64_t nrhs)
{
  int64_t n = f->n, nb = f->nb, nblocks = nb ? (n + nb - 1) / nb : 0;
  bool fwd = f->lower != trans;
  ga_class cls = f->cls;
  const ga_pbuf *T = f->T;
  ga_status st = GA_OK;
  /* a few right-hand sides as a batch of matrix-vector products (one dispatch each, as
   * for one), where a product of a few columns would take the tiled kernel */
  int64_t cols = nrhs <= TRI_VEC_RHS ? 1 : nrhs, pages = nrhs <= TRI_VEC_RHS ? nrhs : 1,
          sv = pages > 1 ? n : 0;
  for (int64_t s = 0; s < nblocks && st == GA_OK; s++) {
    int64_t bi = fwd ? s : nblocks - 1 - s;
    int64_t k0 = bi * nb, kb = n - k0 < nb ? n - k0 : nb;
    if ((st = gemm_batch(cls, trans, 0, kb, cols, kb, &f->inv, bi * nb * nb, nb, 0, X, k0, n, sv, Y, k0, n, sv, pages,
                         0)) != GA_OK)
      break;
    if (fwd && k0 + kb < n) {
      int64_t r0 = k0 + kb, rn = n - r0;
      st = trans ? gemm_batch(cls, 1, 0, rn, cols, kb, T, k0 + r0 * n, n, 0, Y, k0, n, sv, X, r0, n, sv, pages, 1)
                 : gemm_batch(cls, 0, 0, rn, cols, kb, T, r0 + k0 * n, n, 0, Y, k0, n, sv, X, r0, n, sv, pages, 1);
    } else if (!fwd && k0 > 0) {
      st = trans ? gemm_batch(cls, 1, 0, k0, cols, kb, T, k0, n, 0, Y, k0, n, sv, X, 0, n, sv, pages, 1)
                 : gemm_batch(cls, 0, 0, k0, cols, kb, T, k0 * n, n, 0, Y, k0, n, sv, X, 0, n, sv, pages, 1);
    }
  }
  return st;
}

/* What a condition estimate solves with: the factors on the device, their block
 * inverses formed. Only n-vectors travel. */
typedef struct {
  int kind;          /* 0: LU (perm), 1: Cholesky L L', 2: triangular */
  const tri_factor *f1, *f2; /* LU: L, U; Cholesky: L; triangular: T */
  const int64_t *perm;
  int64_t n;
  ga_class cls;
  ga_pbuf x, y;      /* device n-vectors */
  void *h;           /* n elements of cls */
  /* where set: A^-1 e/n (e all ones) at element first_off, and A^-1 of the alternating
   * vector (alt_vector) at first_off + n, solved with B */
  const ga_pbuf *first;
  int64_t first_off;
} factors;

/* the estimate's last vector: alternating signs, growing magnitudes (LAPACK's dlacn2) */
static double alt_vector(int64_t i, int64_t n)
{
  return (i % 2 ? -1.0 : 1.0) * (1.0 + (n > 1 ? (double)i / (double)(n - 1) : 0.0));
}

static ga_status vec_put(factors *f, const double *v)
{
  for (int64_t i = 0; i < f->n; i++) {
    if (f->cls == GA_SINGLE)
      ((float *)f->h)[i] = (float)v[i];
    else
      ((double *)f->h)[i] = v[i];
  }
  size_t bytes = (size_t)f->n * ga_class_size(f->cls);
  ga_status st = ga_g.prov->upload(ga_g.pstate, &f->x, f->h, bytes);
  if (st == GA_OK)
    ga_g.stats.bytes_uploaded += bytes;
  return st;
}

static ga_status vec_get(factors *f, const ga_pbuf *src, double *v)
{
  size_t bytes = (size_t)f->n * ga_class_size(f->cls);
  ga_status st = ga_g.prov->download(ga_g.pstate, src, f->h, bytes);
  if (st != GA_OK)
    return st;
  ga_g.stats.bytes_downloaded += bytes;
  for (int64_t i = 0; i < f->n; i++)
    v[i] = f->cls == GA_SINGLE ? (double)((float *)f->h)[i] : ((double *)f->h)[i];
  return GA_OK;
}

/* x := A^-1 x (trans: A'^-1 x) */
static ga_status factors_solve(factors *f, double *x, bool trans, double *w)
{
  int64_t n = f->n;
  ga_status st;
  if (f->kind == 2) {
    if ((st = vec_put(f, x)) != GA_OK || (st = tri_solve(f->f1, trans, &f->x, &f->y, 1)) != GA_OK)
      return st;
    return vec_get(f, &f->y, x);
  }
  if (f->kind == 1) {
    if ((st = vec_put(f, x)) != GA_OK || (st = tri_solve(f->f1, false, &f->x, &f->y, 1)) != GA_OK ||
        (st = tri_solve(f->f1, true, &f->y, &f->x, 1)) != GA_OK)
      return st;
    return vec_get(f, &f->x, x);
  }
  if (!trans) { /* P A = L U: A x = b is L U x = P b */
    for (int64_t i = 0; i < n; i++)
      w[i] = x[f->perm[i]];
    if ((st = vec_put(f, w)) != GA_OK || (st = tri_solve(f->f1, false, &f->x, &f->y, 1)) != GA_OK ||
        (st = tri_solve(f->f2, false, &f->y, &f->x, 1)) != GA_OK)
      return st;
    return vec_get(f, &f->x, x);
  }
  /* A' = U' L' P */
  if ((st = vec_put(f, x)) != GA_OK || (st = tri_solve(f->f2, true, &f->x, &f->y, 1)) != GA_OK ||
      (st = tri_solve(f->f1, true, &f->y, &f->x, 1)) != GA_OK || (st = vec_get(f, &f->x, w)) != GA_OK)
    return st;
  for (int64_t i = 0; i < n; i++)
    x[f->perm[i]] = w[i];
  return GA_OK;
}

/* x := A^-1 x for the estimate's vector `slot` (0: e/n, 1: alt_vector), x holding it:
 * from the spare columns solved with B where there are some, else solved now */
static ga_status estimate_solve(factors *f, int slot, double *x, double *w)
{
  if (!f->first)
    return factors_solve(f, x, false, w);
  ga_status st = ga_la_copy_region(f->first, f->first_off + slot * f->n, f->n, NULL, &f->x, 0, f->n, f->n, 1,
                                   ga_class_size(f->cls));
  return st == GA_OK ? vec_get(f, &f->x, x) : st;
}

/* ||A^-1||_1 estimated as LAPACK's dlacn2 does (Hager's method with Higham's refinements):
 * a few solves with A and A' on the device instead of the inverse; the host sees only the
 * n-vectors between them. */
static ga_status inv_norm1_estimate(factors *f, double *out)
{
  int64_t n = f->n;
  size_t es = ga_class_size(f->cls);
  double *x = xcalloc((size_t)n, sizeof *x), *w = xcalloc((size_t)n, sizeof *w);
  f->h = xcalloc((size_t)n, es);
  double est = 0;
  ga_status st = x && w && f->h ? GA_OK : ga_fail(GA_ERR_OOM, "out of host memory");
  if (st == GA_OK && (st = ga_buffer_acquire((size_t)n * es, &f->x)) == GA_OK)
    st = ga_buffer_acquire((size_t)n * es, &f->y);
  for (int64_t i = 0; i < n && st == GA_OK; i++)
    x[i] = 1.0 / (double)n;
  int64_t jlast = -1;
  bool done = false;
  for (int iter = 0; iter < 5 && st == GA_OK && !done; iter++) {
    if ((st = iter == 0 ? estimate_solve(f, 0, x, w) : factors_solve(f, x, false, w)) != GA_OK)
      break;
    double e = 0;
    for (int64_t i = 0; i < n; i++)
      e += fabs(x[i]);
    if (isnan(e)) {
      est = e;
      done = true;
      break;
    }
    if (iter > 0 && e <= est)
      break;
    est = e;
    for (int64_t i = 0; i < n; i++)
      x[i] = x[i] >= 0 ? 1.0 : -1.0;
    if ((st = factors_solve(f, x, true, w)) != GA_OK)
      break;
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
  if (st == GA_OK && !done) {
    /* the alternating vector catches what the iteration can miss */
    for (int64_t i = 0; i < n; i++)
      x[i] = alt_vector(i, n);
    if ((st = estimate_solve(f, 1, x, w)) == GA_OK) {
      double alt = 0;
      for (int64_t i = 0; i < n; i++)
        alt += fabs(x[i]);
      alt = 2 * alt / (3 * (double)n);
      if (alt > est)
        est = alt;
    }
  }
  if (f->x.bytes)
    ga_buffer_release(&f->x);
  if (f->y.bytes)
    ga_buffer_release(&f->y);
  free(f->h);
  f->h = NULL;
  free(x);
  free(w);
  *out = est;
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

/* a new rows x (cols + spare) tensor holding a copy of t's rows x cols elements (with a
 * row permutation) in its first cols columns; the spare ones unspecified */
static ga_status copy_new_wide(const ga_tensor *t, int64_t rows, int64_t cols, int64_t spare, const int64_t *perm,
                               ga_tensor **out)
{
  int64_t dims[2] = {rows, cols + spare};
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
    st = ga_la_copy_region(&t->buf, 0, rows, perm ? &idx : NULL, &(*out)->buf, 0, rows, rows, cols, es);
  if (idx.bytes)
    ga_buffer_release(&idx);
  if (st != GA_OK) {
    ga_tensor_unref(*out);
    *out = NULL;
  }
  return st;
}

/* a new rows x cols tensor holding a copy of t's elements (with a row permutation) */
static ga_status copy_new(const ga_tensor *t, int64_t rows, int64_t cols, const int64_t *perm, ga_tensor **out)
{
  return copy_new_wide(t, rows, cols, 0, perm, out);
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

/* benchmarks only (bench/solve_probe): GPUARRAY_SOLVE_RCOND=0 skips the estimate, so
 * no warning can come */
static bool estimate_skipped(void)
{
  const char *e = getenv("GPUARRAY_SOLVE_RCOND");
  return e && *e == '0';
}

/* whether rcond_of will estimate (and so solve with its vectors) */
static bool estimate_runs(int64_t n, double anorm) { return !estimate_skipped() && n > 0 && anorm != 0; }

static ga_status rcond_of(factors *f, ga_class cls, double anorm, ga_solve_info *info)
{
  double rc;
  f->cls = cls;
  if (estimate_skipped())
    return GA_OK;
  if (f->n == 0) {
    rc = INFINITY;
  } else if (anorm == 0) {
    rc = 0;
  } else {
    double e;
    ga_status st = inv_norm1_estimate(f, &e);
    if (st != GA_OK)
      return st;
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

/* Octave's name of a matrix operand's type in its error messages */
static const char *type_word(ga_class c)
{
  switch (c) {
  case GA_SINGLE: return "float matrix";
  case GA_CDOUBLE: return "complex matrix";
  case GA_CSINGLE: return "float complex matrix";
  default: return ga_class_is_int(c) ? ga_class_name(c) : "matrix";
  }
}

static ga_status class_of_pair(const operand *a, const operand *b, const char *op, ga_class *cls)
{
  if (ga_class_is_int(a->cls) || ga_class_is_int(b->cls))
    return ga_fail(GA_ERR_CLASS, "binary operator '%s' not implemented for '%s%s' by '%s%s' operations", op,
                   type_word(a->cls), ga_class_is_int(a->cls) ? " matrix" : "", type_word(b->cls),
                   ga_class_is_int(b->cls) ? " matrix" : "");
  bool single = a->cls == GA_SINGLE || a->cls == GA_CSINGLE || b->cls == GA_SINGLE || b->cls == GA_CSINGLE;
  *cls = single ? GA_SINGLE : GA_DOUBLE;
  if (ga_class_is_complex(a->cls) || ga_class_is_complex(b->cls))
    *cls = ga_class_complex_of(*cls);
  return GA_OK;
}

/* real A \ complex B as Octave's Matrix::solve (const ComplexMatrix&) does it: B's real
 * and imaginary parts side by side as one real right-hand side, solved by the real path
 * (on the device, one factorisation, one verdict), the halves recombined */
static ga_status solve_real_complex(const ga_operand *a, const ga_operand *b, int64_t nrhs, ga_id *out,
                                    ga_solve_info *info)
{
  ga_id own = 0, bid = b->id, re = 0, im = 0, stacked = 0, x = 0, xr = 0, xi = 0;
  double *pos = xcalloc((size_t)(2 * nrhs), sizeof *pos);
  ga_status st = pos ? GA_OK : ga_fail(GA_ERR_OOM, "out of host memory");
  if (st == GA_OK && b->is_host && (st = ga_upload(b->cls, b->ndims, b->dims, b->data, &own)) == GA_OK)
    bid = own;
  if (st == GA_OK && (st = ga_unary(GA_UOP_REAL, bid, GA_DOUBLE, &re)) == GA_OK &&
      (st = ga_unary(GA_UOP_IMAG, bid, GA_DOUBLE, &im)) == GA_OK) {
    ga_operand parts[2] = {{.id = re}, {.id = im}};
    st = ga_cat(2, 0, 2, parts, &stacked);
  }
  if (st == GA_OK)
    st = ga_mldivide(a, &(ga_operand){.id = stacked}, &x, info);
  if (st == GA_OK) {
    for (int64_t i = 0; i < 2 * nrhs; i++)
      pos[i] = (double)(i + 1);
    int64_t half[2] = {1, nrhs};
    ga_index idx[2] = {{.kind = GA_INDEX_COLON},
                       {.kind = GA_INDEX_HOST, .cls = GA_DOUBLE, .ndims = 2, .dims = half, .data = pos}};
    if ((st = ga_subsref(x, 2, idx, &xr)) == GA_OK) {
      idx[1].data = pos + nrhs;
      st = ga_subsref(x, 2, idx, &xi);
    }
  }
  if (st == GA_OK) {
    ga_tensor *t = NULL;
    if ((st = ga_binary(GA_OP_COMPLEX, &(ga_operand){.id = xr}, &(ga_operand){.id = xi}, out)) == GA_OK &&
        ga_handles_peek(*out, &t) == GA_OK)
      t->narrow = true; /* Octave narrows the answer */
  }
  ga_id temps[] = {own, re, im, stacked, x, xr, xi};
  for (size_t k = 0; k < sizeof temps / sizeof *temps; k++)
    drop_id(temps[k]);
  free(pos);
  return st;
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
    st = ga_la_get_block(&a->buf, 0, m, m, n, cls, A);
  if (st == GA_OK)
    st = ga_la_get_block(&b->buf, 0, m, m, nrhs, cls, B);
  if (st == GA_OK)
    st = host_lstsq(A, m, n, B, nrhs, X);
  if (st == GA_OK && (st = ga_tensor_new(cls, 2, dims, out)) == GA_OK &&
      (st = ga_la_put_block(&(*out)->buf, 0, n, n, nrhs, cls, X)) != GA_OK) {
    ga_tensor_unref(*out);
    *out = NULL;
  }
  free(A);
  free(B);
  free(X);
  return st;
}

/* a new n x nrhs tensor of class cls, contents unspecified */
static ga_status scratch(ga_class cls, int64_t n, int64_t nrhs, ga_tensor **out)
{
  int64_t dims[2] = {n, nrhs};
  return ga_tensor_new(cls, 2, dims, out);
}

/* Columns col and col+1 of t (n rows) := e/n and the alternating vector (rows permuted
 * by perm where given, as B's are): the condition estimate's first and last vectors,
 * which then ride along with B's solves instead of being solved on their own (two
 * triangular solves each, 64 dependent dispatches at n = 4096) */
static ga_status put_probe_columns(ga_tensor *t, int64_t n, int64_t col, const int64_t *perm)
{
  size_t es = ga_class_size(t->cls);
  void *h = xcalloc((size_t)(2 * n), es);
  ga_pbuf tmp = {0};
  ga_status st = h ? ga_buffer_acquire((size_t)(2 * n) * es, &tmp) : ga_fail(GA_ERR_OOM, "out of host memory");
  for (int64_t i = 0; i < 2 * n && st == GA_OK; i++) {
    double v = i < n ? 1.0 / (double)n : alt_vector(perm ? perm[i - n] : i - n, n);
    if (t->cls == GA_SINGLE)
      ((float *)h)[i] = (float)v;
    else
      ((double *)h)[i] = v;
  }
  if (st == GA_OK && (st = ga_g.prov->upload(ga_g.pstate, &tmp, h, (size_t)(2 * n) * es)) == GA_OK) {
    ga_g.stats.bytes_uploaded += (size_t)(2 * n) * es;
    st = ga_la_copy_region(&tmp, 0, n, NULL, &t->buf, col * n, n, n, 2, es);
  }
  if (tmp.bytes)
    ga_buffer_release(&tmp);
  free(h);
  return st;
}

/* A \ B for square A (n x n, materialised, class cls) and B (n x nrhs): the factors,
 * their diagonal blocks' inverses, the condition estimate and the solves all on the
 * device; what comes back is the pivots, n-vectors of the estimate and a few scalars.
 * Where the estimate runs, the right-hand sides get two more columns, its first and last
 * vectors, solved with them. */
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
  int64_t *perm = xcalloc((size_t)n, sizeof *perm);
  int64_t spare = estimate_runs(n, anorm) ? 2 : 0, cols = nrhs + spare;
  ga_tensor *W = NULL, *X = NULL, *Y = NULL;
  tri_factor f1 = {0}, f2 = {0}, g1 = {0}, g2 = {0};
  factors f = {.n = n};
  if (!perm) {
    st = ga_fail(GA_ERR_OOM, "out of host memory");
    goto done;
  }
  if (type == MT_UPPER || type == MT_LOWER) {
    f.kind = 2;
    f.f1 = &f1;
    /* the answer lands in X, the spare columns too */
    if ((st = tri_prepare(&f1, cls, &a->buf, n, type == MT_LOWER, false)) != GA_OK ||
        (st = copy_new_wide(b, n, nrhs, spare, NULL, &Y)) != GA_OK ||
        (spare && (st = put_probe_columns(Y, n, nrhs, NULL)) != GA_OK) || (st = scratch(cls, n, cols, &X)) != GA_OK ||
        (st = tri_solve(&f1, false, &Y->buf, &X->buf, cols)) != GA_OK)
      goto done;
    goto estimate;
  }
  if (type == MT_HERMITIAN) {
    int64_t pinfo = 0;
    if ((st = copy_new(a, n, n, NULL, &W)) != GA_OK || (st = potrf(cls, &W->buf, n, &pinfo)) != GA_OK)
      goto done;
    if (!pinfo) {
      f.kind = 1;
      f.f1 = &f1;
      if ((st = tri_prepare(&f1, cls, &W->buf, n, true, false)) != GA_OK ||
          (st = copy_new_wide(b, n, nrhs, spare, NULL, &X)) != GA_OK ||
          (spare && (st = put_probe_columns(X, n, nrhs, NULL)) != GA_OK) || (st = scratch(cls, n, cols, &Y)) != GA_OK ||
          (st = tri_solve(&f1, false, &X->buf, &Y->buf, cols)) != GA_OK ||
          (st = tri_solve(&f1, true, &Y->buf, &X->buf, cols)) != GA_OK)
        goto done;
      goto estimate;
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
    spare = 0;
    st = lstsq_host(a, b, cls, &X);
    goto done;
  }
  f.kind = 0;
  f.f1 = &f1;
  f.f2 = &f2;
  f.perm = perm;
  /* the solve is recorded first: the estimate's first download waits for both (the
   * spare columns are permuted as B is) */
  if ((st = tri_prepare(&f1, cls, &W->buf, n, true, true)) != GA_OK ||
      (st = tri_prepare(&f2, cls, &W->buf, n, false, false)) != GA_OK ||
      (st = copy_new_wide(b, n, nrhs, spare, perm, &X)) != GA_OK ||
      (spare && (st = put_probe_columns(X, n, nrhs, perm)) != GA_OK) || (st = scratch(cls, n, cols, &Y)) != GA_OK ||
      (st = tri_solve(&f1, false, &X->buf, &Y->buf, cols)) != GA_OK ||
      (st = tri_solve(&f2, false, &Y->buf, &X->buf, cols)) != GA_OK)
    goto done;
  if (rcond_block() != f1.nb && n > f1.nb) {
    if ((st = tri_prepare_nb(&g1, cls, &W->buf, n, true, true, rcond_block())) != GA_OK ||
        (st = tri_prepare_nb(&g2, cls, &W->buf, n, false, false, rcond_block())) != GA_OK)
      goto done;
    f.f1 = &g1;
    f.f2 = &g2;
  }
estimate:
  if (spare) {
    f.first = &X->buf;
    f.first_off = n * nrhs;
  }
  st = rcond_of(&f, cls, anorm, info);
done:
  tri_release(&f1);
  tri_release(&f2);
  tri_release(&g1);
  tri_release(&g2);
  if (W)
    ga_tensor_unref(W);
  free(perm);
  /* every path answers in X; Y is scratch */
  if (Y)
    ga_tensor_unref(Y);
  if (st == GA_OK && X && spare) { /* the answer without the estimate's column */
    int64_t dims[2] = {n, nrhs};
    ga_tensor *v = NULL;
    st = ga_tensor_alias_range(X, 0, 2, dims, &v);
    ga_tensor_unref(X);
    X = v;
  }
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
  if (ra.rows == 0 || ra.cols == 0 || rb.cols == 0) /* zeros: real after Octave's narrowing */
    return ga_fill(ga_class_real_part(cls), 2, dims, 0.0, out);
  if (ga_class_is_complex(cls) && !ga_class_is_complex(ra.cls))
    return solve_real_complex(a, b, rb.cols, out, info);
  ga_tensor *x = NULL;
  if ((st = prepare(&ra, cls)) == GA_OK && (st = prepare(&rb, cls)) == GA_OK) {
    if (ga_class_is_complex(cls)) /* on the host: ga_solve_complex.c */
      st = ga_cla_mldivide(ra.t, rb.t, &x, info);
    else if (ra.rows == ra.cols)
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
  if (!ga_class_is_float(r->cls) && !ga_class_is_complex(r->cls))
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
  if (ga_class_is_complex(cls) && n > 0) { /* on the host: ga_solve_complex.c */
    ga_tensor *x = NULL;
    st = ga_cla_inv(r.t, &x, info);
    drop(&r);
    return st == GA_OK ? publish(x, out) : st;
  }
  double anorm = 0;
  int64_t *perm = xcalloc((size_t)n, sizeof *perm);
  ga_tensor *W = NULL, *X = NULL, *Y = NULL;
  tri_factor f1 = {0}, f2 = {0};
  ga_id e = 0;
  int64_t linfo = 0;
  if (n == 0) {
    drop(&r);
    free(perm);
    info->rcond = INFINITY;
    return ga_fill(ga_class_real_part(cls), 2, dims, 0.0, out); /* complex empties narrow */
  }
  if (!perm)
    st = ga_fail(GA_ERR_OOM, "out of host memory");
  if (st == GA_OK && (st = norm1(r.t, &anorm)) == GA_OK && (st = copy_new(r.t, n, n, NULL, &W)) == GA_OK)
    st = getrf(cls, &W->buf, n, n, perm, &linfo);
  if (st == GA_OK && linfo) {
    info->cond = GA_SOLVE_SINGULAR;
    info->rcond = 0;
    drop(&r);
    ga_tensor_unref(W);
    free(perm);
    return ga_fill(cls, 2, dims, INFINITY, out);
  }
  factors f = {.kind = 0, .f1 = &f1, .f2 = &f2, .perm = perm, .n = n};
  ga_tensor *et = NULL;
  /* inv (A) = U^-1 L^-1 P: the identity's rows permuted, then the two triangles */
  if (st == GA_OK && (st = tri_prepare(&f1, cls, &W->buf, n, true, true)) == GA_OK &&
      (st = tri_prepare(&f2, cls, &W->buf, n, false, false)) == GA_OK && (st = ga_eye(cls, n, n, &e)) == GA_OK &&
      (st = ga_handles_get(e, &et)) == GA_OK && (st = ga_tensor_materialize(et)) == GA_OK &&
      (st = copy_new(et, n, n, perm, &X)) == GA_OK && (st = scratch(cls, n, n, &Y)) == GA_OK &&
      (st = tri_solve(&f1, false, &X->buf, &Y->buf, n)) == GA_OK &&
      (st = tri_solve(&f2, false, &Y->buf, &X->buf, n)) == GA_OK)
    st = rcond_of(&f, cls, anorm, info);
  drop_id(e);
  tri_release(&f1);
  tri_release(&f2);
  if (W)
    ga_tensor_unref(W);
  if (Y)
    ga_tensor_unref(Y);
  drop(&r);
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
  if (ga_class_is_complex(cls)) { /* on the host: ga_solve_complex.c */
    ga_tensor *x = NULL;
    st = ga_cla_det(r.t, &x);
    drop(&r);
    return st == GA_OK ? publish(x, out) : st;
  }
  int64_t *perm = xcalloc((size_t)n, sizeof *perm);
  double *d = xcalloc((size_t)n, sizeof *d);
  ga_tensor *W = NULL;
  int64_t linfo = 0;
  if (!perm || !d)
    st = ga_fail(GA_ERR_OOM, "out of host memory");
  if (st == GA_OK && n > 0 && (st = copy_new(r.t, n, n, NULL, &W)) == GA_OK &&
      (st = getrf(cls, &W->buf, n, n, perm, &linfo)) == GA_OK)
    st = ga_la_get_block(&W->buf, 0, n + 1, 1, n, cls, d); /* the diagonal: a 1 x n view, ld n + 1 */
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
  if (!ga_class_is_float(r.cls) && !ga_class_is_complex(r.cls))
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
  if (st == GA_OK && ga_class_is_complex(r.cls)) /* on the host: ga_solve_complex.c */
    st = ga_cla_lu(r.t, &W, perm, info);
  else if (st == GA_OK && (st = copy_new(r.t, m, n, NULL, &W)) == GA_OK && m > 0 && n > 0)
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
  if (ga_class_is_complex(r.cls)) { /* on the host: ga_solve_complex.c */
    st = ga_cla_chol(r.t, &W, info);
    drop(&r);
    return st == GA_OK ? publish(W, out) : st;
  }
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

