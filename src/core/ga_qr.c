/* QR of held real matrices (ga_qr in ga.h), as LAPACK's dgeqrf and dorgqr compute it, so
 * that Octave's answers come back to rounding: panels of nb columns are factored on the
 * host (a download and an upload of the panel: dgeqr2's Householder vectors, dlarfg's
 * signs and scaling), and each panel's block reflector H = I - V T V' (dlarft's T,
 * forward and columnwise) updates the rest of the matrix on the device with three
 * products: W = V' A2, W = T' W, A2 -= V W. V and T stay on the device, so Q is formed
 * there too, backwards as dorgqr does: each panel's block reflector updates the columns
 * after its own by the same three products, and its own columns are formed on the host
 * as dorg2r does (a panel download and upload). Every step is a provider operation
 * (copies, products, the identity kernel), so the host provider runs the same code in
 * plain C, as ga_solve.c's factorisations do.
 *
 * The column-pivoted QR (dgeqp3) is factored on the host: its pivot is chosen column by
 * column from norms that every reflector changes, which a panel cannot batch without
 * dlaqps's bookkeeping; its Q is formed as above. Complex matrices go to
 * ga_solve_complex.c (on the host). */
#include "ga_internal.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>

/* The panel width (GPUARRAY_QR_NB): dgeqrf's own block size. Narrower panels give more,
 * smaller products; the unit tests use small ones so that small matrices take every path. */
static int64_t qr_block(void)
{
  const char *e = getenv("GPUARRAY_QR_NB");
  long v = e ? strtol(e, NULL, 10) : 0;
  return v >= 1 && v <= 512 ? (int64_t)v : 32;
}

static ga_status oom(void) { return ga_fail(GA_ERR_OOM, "out of host memory"); }

static int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }

/* ---- host kernels (double, column-major) ------------------------------------------------ */

/* The 2-norm as OpenBLAS's x86-64 dnrm2 (the BLAS Octave is linked with here) computes
 * it: squares summed in extended precision, so no scaling is needed and an Inf or a NaN
 * gives Inf or NaN. */
static double nrm2(const double *x, int64_t n)
{
  long double s = 0;
  for (int64_t i = 0; i < n; i++)
    s += (long double)x[i] * x[i];
  return (double)sqrtl(s);
}

/* dlapy2: sqrt (x^2 + y^2) without overflow; NaN wins, Inf gives Inf */
static double lapy2(double x, double y)
{
  if (isnan(x))
    return x;
  if (isnan(y))
    return y;
  double xa = fabs(x), ya = fabs(y), w = xa > ya ? xa : ya, z = xa < ya ? xa : ya;
  if (z == 0 || w > DBL_MAX)
    return w;
  return w * sqrt(1 + (z / w) * (z / w));
}

/* x := s x as the BLAS dscal Octave calls does it: a zero s writes zeros (Inf and NaN
 * included), which is what makes geqrf's vectors of an infinite column zeros */
static void scal(double *x, int64_t n, double s)
{
  for (int64_t i = 0; i < n; i++)
    x[i] = s == 0 ? 0 : x[i] * s;
}

/* dlarfg on [*alpha; x] (x of length n - 1): x := v(2:n), *alpha := beta, returns tau,
 * so that H' [alpha; x] = [beta; 0] for H = I - tau [1; v] [1; v]' */
static double larfg(int64_t n, double *alpha, double *x)
{
  if (n <= 1)
    return 0;
  double xnorm = nrm2(x, n - 1);
  if (xnorm == 0)
    return 0;
  double a = *alpha, beta = -copysign(lapy2(a, xnorm), a);
  const double safmin = DBL_MIN / (DBL_EPSILON / 2);
  int knt = 0;
  if (fabs(beta) < safmin) { /* beta would lose accuracy: rescale, as dlarfg */
    do {
      knt++;
      scal(x, n - 1, 1 / safmin);
      beta /= safmin;
      a /= safmin;
    } while (fabs(beta) < safmin && knt < 20);
    xnorm = nrm2(x, n - 1);
    beta = -copysign(lapy2(a, xnorm), a);
  }
  double tau = (beta - a) / beta;
  scal(x, n - 1, 1 / (a - beta));
  for (int j = 0; j < knt; j++)
    beta *= safmin;
  *alpha = beta;
  return tau;
}

/* dlarf from the left: C (m x n, ld ldc) := (I - tau v v') C, v = [1; v(2:m)]. Like
 * dlarf it skips the trailing zeros of v and the trailing zero columns of C, which
 * decides where an Inf or a NaN spreads. */
static void larf(const double *v, int64_t m, double tau, double *C, int64_t n, int64_t ldc)
{
  if (tau == 0)
    return;
  int64_t lastv = m, lastc = n;
  while (lastv > 1 && v[lastv - 1] == 0)
    lastv--;
  for (; lastc > 0; lastc--) {
    const double *c = C + (lastc - 1) * ldc;
    int64_t i = 0;
    while (i < lastv && c[i] == 0)
      i++;
    if (i < lastv)
      break;
  }
  for (int64_t j = 0; j < lastc; j++) {
    double *c = C + j * ldc, w = 0;
    for (int64_t i = 0; i < lastv; i++)
      w += c[i] * v[i];
    w *= tau;
    for (int64_t i = 0; i < lastv; i++)
      c[i] -= v[i] * w;
  }
}

/* Householder QR of A (m x n, ld lda) in place, dgeqr2's order; with jpvt, column
 * pivoting as dgeqp3's unblocked dlaqp2: the free column of largest remaining norm
 * (the first on ties), the norms downdated after each step and recomputed where
 * cancellation makes the downdate unreliable. jpvt[j] (0-based) receives the column of
 * A that column j of A P is. With single, the matrix and the norms are rounded to single
 * after each step, as sgeqp3 keeps them, so that close norms are told apart as there. */
static ga_status geqr2(double *A, int64_t lda, int64_t m, int64_t n, double *tau, int64_t *jpvt, bool single)
{
  int64_t k = min64(m, n);
  double *vn1 = NULL, *vn2 = NULL;
  if (jpvt) {
    vn1 = calloc((size_t)n + 1, sizeof *vn1);
    vn2 = calloc((size_t)n + 1, sizeof *vn2);
    if (!vn1 || !vn2) {
      free(vn1);
      free(vn2);
      return oom();
    }
    for (int64_t j = 0; j < n; j++) {
      jpvt[j] = j;
      vn1[j] = vn2[j] = single ? (float)nrm2(A + j * lda, m) : nrm2(A + j * lda, m);
    }
  }
  const double tol3z = sqrt(DBL_EPSILON / 2);
  for (int64_t i = 0; i < k; i++) {
    if (jpvt) {
      int64_t p = i;
      for (int64_t j = i + 1; j < n; j++)
        if (fabs(vn1[j]) > fabs(vn1[p]))
          p = j;
      if (p != i) {
        for (int64_t r = 0; r < m; r++) {
          double t = A[r + p * lda];
          A[r + p * lda] = A[r + i * lda];
          A[r + i * lda] = t;
        }
        int64_t t = jpvt[p];
        jpvt[p] = jpvt[i];
        jpvt[i] = t;
        vn1[p] = vn1[i];
        vn2[p] = vn2[i];
      }
    }
    double *v = A + i + i * lda;
    tau[i] = larfg(m - i, v, v + 1);
    if (i + 1 < n) {
      double aii = v[0];
      v[0] = 1;
      larf(v, m - i, tau[i], v + lda, n - i - 1, lda);
      v[0] = aii;
    }
    if (!jpvt)
      continue;
    for (int64_t j = i; single && j < n; j++)
      for (int64_t r = i; r < m; r++)
        A[r + j * lda] = (float)A[r + j * lda];
    for (int64_t j = i + 1; j < n; j++) {
      if (vn1[j] == 0)
        continue;
      double t = fabs(A[i + j * lda]) / vn1[j];
      t = 1 - t * t;
      t = t > 0 ? t : 0;
      double t2 = t * (vn1[j] / vn2[j]) * (vn1[j] / vn2[j]);
      if (t2 <= tol3z) {
        vn1[j] = vn2[j] = i + 1 < m ? nrm2(A + i + 1 + j * lda, m - i - 1) : 0;
      } else {
        vn1[j] *= sqrt(t);
      }
      if (single) {
        vn1[j] = (float)vn1[j];
        vn2[j] = (float)vn2[j];
      }
    }
  }
  free(vn1);
  free(vn2);
  return GA_OK;
}

/* dlarft (forward, columnwise): the k x k upper triangular T (ld ldt) of the block
 * reflector H_1 ... H_k = I - V T V', V (m x k, ld ldv) unit lower trapezoidal */
static void larft(const double *V, int64_t ldv, int64_t m, int64_t k, const double *tau, double *T, int64_t ldt)
{
  for (int64_t i = 0; i < k; i++) {
    double *t = T + i * ldt;
    for (int64_t j = 0; j < k; j++)
      t[j] = 0;
    if (tau[i] == 0)
      continue;
    /* T(0:i, i) = -tau_i V(i:m, 0:i)' v_i, then T(0:i, 0:i) times it */
    for (int64_t j = 0; j < i; j++) {
      double s = V[i + j * ldv]; /* v_i's unit entry */
      for (int64_t r = i + 1; r < m; r++)
        s += V[r + j * ldv] * V[r + i * ldv];
      t[j] = -tau[i] * s;
    }
    for (int64_t j = 0; j < i; j++) {
      double s = 0;
      for (int64_t c = j; c < i; c++)
        s += T[j + c * ldt] * t[c];
      t[j] = s;
    }
    t[i] = tau[i];
  }
}

/* ---- the factorisation on device buffers ------------------------------------------------ */

typedef struct {
  ga_class cls;
  int64_t m, n, k, nb;
  bool raw;       /* Octave's X: the vectors times tau below R, else zeros there */
  ga_pbuf V;      /* m x k, ld m: panel j's V (unit lower) at rows and columns j0.. */
  ga_pbuf T;      /* nb x k, ld nb: panel j's T at column j0 */
  ga_pbuf w1, w2; /* nb x max (n, m) scratch of the products */
  double *tau;    /* k */
  double *h;      /* host scratch: m x nb, twice, and nb x nb */
} qr_work;

static void work_release(qr_work *w)
{
  ga_pbuf *bufs[] = {&w->V, &w->T, &w->w1, &w->w2};
  for (size_t i = 0; i < sizeof bufs / sizeof *bufs; i++)
    if (bufs[i]->bytes)
      ga_buffer_release(bufs[i]);
  free(w->tau);
  free(w->h);
}

static ga_status work_init(qr_work *w, ga_class cls, int64_t m, int64_t n, bool raw)
{
  int64_t k = min64(m, n), nb = min64(qr_block(), k), wide = n > m ? n : m;
  size_t es = ga_class_size(cls);
  *w = (qr_work){.cls = cls, .m = m, .n = n, .k = k, .nb = nb, .raw = raw};
  w->tau = calloc((size_t)k + 1, sizeof *w->tau);
  w->h = calloc((size_t)(2 * m * nb + nb * nb) + 1, sizeof *w->h);
  if (!w->tau || !w->h)
    return oom();
  if (k == 0) /* nothing to factor: Q is the identity */
    return GA_OK;
  ga_status st;
  if ((st = ga_buffer_acquire((size_t)(m * k) * es, &w->V)) != GA_OK ||
      (st = ga_buffer_acquire((size_t)(nb * k) * es, &w->T)) != GA_OK ||
      (st = ga_buffer_acquire((size_t)(nb * wide) * es, &w->w1)) != GA_OK)
    return st;
  return ga_buffer_acquire((size_t)(nb * wide) * es, &w->w2);
}

/* A factored panel (rows x jb at P, ld ldp: R on and above the diagonal, the vectors
 * below; columns j0.. of the matrix, rows j0..) handed to the device: its V and T to the
 * work buffers, and R with what Octave shows below it into W at (j0, j0). */
static ga_status emit_panel(qr_work *w, ga_pbuf *W, int64_t j0, int64_t jb, const double *P, int64_t ldp)
{
  int64_t rows = w->m - j0;
  double *V = w->h + rows * jb, *T = w->h + 2 * w->m * w->nb;
  for (int64_t j = 0; j < jb; j++)
    for (int64_t i = 0; i < rows; i++)
      V[i + j * rows] = i < j ? 0 : i == j ? 1 : P[i + j * ldp];
  larft(V, rows, rows, jb, w->tau + j0, T, jb);
  double *out = w->h; /* P itself (ld rows) when the panel came from the device */
  for (int64_t j = 0; j < jb; j++)
    for (int64_t i = 0; i < rows; i++)
      out[i + j * rows] = i <= j ? P[i + j * ldp] : w->raw ? P[i + j * ldp] * w->tau[j0 + j] : 0;
  ga_status st;
  if ((st = ga_la_put_block(&w->V, j0 + j0 * w->m, w->m, rows, jb, w->cls, V)) != GA_OK ||
      (st = ga_la_put_block(&w->T, j0 * w->nb, w->nb, jb, jb, w->cls, T)) != GA_OK)
    return st;
  return ga_la_put_block(W, j0 + j0 * w->m, w->m, rows, jb, w->cls, out);
}

/* C (rows j0.. of columns c0 .. c0+nc-1 of an m-row matrix X) := H' C (trans) or H C for
 * panel j's block reflector H = I - V T V': W = V' C, W = op(T) W, C -= V W */
static ga_status apply_block(qr_work *w, int64_t j0, int64_t jb, bool trans, ga_pbuf *X, int64_t c0, int64_t nc)
{
  int64_t rows = w->m - j0, m = w->m, nb = w->nb, off_c = j0 + c0 * m, off_v = j0 + j0 * m;
  ga_class cls = w->cls;
  ga_status st;
  if (nc <= 0 || rows <= 0)
    return GA_OK;
  if ((st = ga_la_gemm_update(cls, 1, 0, jb, nc, rows, &w->V, off_v, m, X, off_c, m, &w->w1, 0, nb, 0)) != GA_OK ||
      (st = ga_la_gemm_update(cls, trans, 0, jb, nc, jb, &w->T, j0 * nb, nb, &w->w1, 0, nb, &w->w2, 0, nb, 0)) != GA_OK)
    return st;
  return ga_la_gemm_update(cls, 0, 0, rows, nc, jb, &w->V, off_v, m, &w->w2, 0, nb, X, off_c, m, 1);
}

/* dgeqrf on W (m x n, ld m) in place: panels on the host, trailing updates on the device */
static ga_status geqrf(qr_work *w, ga_pbuf *W)
{
  ga_status st = GA_OK;
  for (int64_t j0 = 0; j0 < w->k && st == GA_OK; j0 += w->nb) {
    int64_t jb = min64(w->nb, w->k - j0), rows = w->m - j0;
    double *P = w->h;
    if ((st = ga_la_get_block(W, j0 + j0 * w->m, w->m, rows, jb, w->cls, P)) != GA_OK ||
        (st = geqr2(P, rows, rows, jb, w->tau + j0, NULL, false)) != GA_OK ||
        (st = emit_panel(w, W, j0, jb, P, rows)) != GA_OK)
      break;
    st = apply_block(w, j0, jb, true, W, j0 + jb, w->n - j0 - jb);
  }
  return st;
}

/* dgeqp3 on W: the whole matrix factored on the host, then handed over panel by panel */
static ga_status geqp3(qr_work *w, ga_pbuf *W, int64_t *jpvt)
{
  int64_t m = w->m, n = w->n;
  double *A = calloc((size_t)(m * n) + 1, sizeof *A);
  ga_status st = A ? GA_OK : oom();
  if (st == GA_OK && (st = ga_la_get_block(W, 0, m, m, n, w->cls, A)) == GA_OK &&
      (st = geqr2(A, m, m, n, w->tau, jpvt, w->cls == GA_SINGLE)) == GA_OK)
    st = ga_la_put_block(W, 0, m, m, n, w->cls, A); /* R beyond the panels' columns */
  for (int64_t j0 = 0; j0 < w->k && st == GA_OK; j0 += w->nb)
    st = emit_panel(w, W, j0, min64(w->nb, w->k - j0), A + j0 + j0 * m, m);
  free(A);
  return st;
}

/* dorg2r: the ncols columns of Q (rows x ncols, ld rows) that jb reflectors (V in the
 * first jb columns on entry, unit lower) make of the identity's, the last reflector
 * first; the columns after the jb are the identity's on entry */
static void org2r(double *A, int64_t rows, int64_t ncols, int64_t jb, const double *tau)
{
  for (int64_t j = jb; j < ncols; j++)
    for (int64_t i = 0; i < rows; i++)
      A[i + j * rows] = i == j;
  for (int64_t i = jb - 1; i >= 0; i--) {
    double *v = A + i + i * rows;
    v[0] = 1;
    larf(v, rows - i, tau[i], v + rows, ncols - i - 1, rows);
    for (int64_t r = 1; r < rows - i; r++)
      v[r] *= -tau[i];
    v[0] = 1 - tau[i];
    for (int64_t r = 0; r < i; r++)
      A[r + i * rows] = 0;
  }
}

/* dorgqr: Q (m x qc, ld m) = H_1 ... H_k times the identity's first qc columns, the
 * panels last to first. As in dorgqr, the last panel forms all its columns and those
 * after it on the host (dorg2r); every other panel's block reflector updates the columns
 * after its own on the device (the columns before them are still the identity's in the
 * rows it touches), and its own columns are formed on the host, so that an Inf or a NaN
 * spreads as in LAPACK's. */
static ga_status orgqr(qr_work *w, ga_pbuf *Q, int64_t qc)
{
  ga_la_desc eye = {.kind = GA_LA_EYE, .cls = w->cls, .m = w->m, .n = qc, .batch = 1, .a = Q, .lda = w->m};
  ga_status st = w->m * qc > 0 ? ga_plan_la(&eye) : GA_OK;
  int64_t last = w->k ? (w->k - 1) / w->nb * w->nb : 0, m = w->m;
  double *B = w->k ? calloc((size_t)((m - last) * (qc - last)) + 1, sizeof *B) : NULL;
  if (w->k && !B)
    st = oom();
  for (int64_t j0 = last; j0 >= 0 && w->k && st == GA_OK; j0 -= w->nb) {
    int64_t jb = min64(w->nb, w->k - j0), rows = m - j0, nc = j0 == last ? qc - j0 : jb;
    double *P = j0 == last ? B : w->h;
    if ((j0 != last && (st = apply_block(w, j0, jb, false, Q, j0 + jb, qc - j0 - jb)) != GA_OK) ||
        (st = ga_la_get_block(&w->V, j0 + j0 * m, m, rows, jb, w->cls, P)) != GA_OK)
      break;
    org2r(P, rows, nc, jb, w->tau + j0);
    st = ga_la_put_block(Q, j0 + j0 * m, m, rows, nc, w->cls, P);
  }
  free(B);
  return st;
}

/* ---- the entry point --------------------------------------------------------------------- */

static ga_status publish(ga_tensor *t, ga_id *out)
{
  ga_status st = ga_handles_insert(t, out);
  if (st != GA_OK)
    ga_tensor_unref(t);
  return st;
}

/* a copy of the first rows x cols block of t (ld t->dims[0]) in a new tensor */
static ga_status leading_block(ga_tensor *t, int64_t rows, int64_t cols, ga_tensor **out)
{
  int64_t dims[2] = {rows, cols};
  ga_status st = ga_tensor_new(t->cls, 2, dims, out);
  if (st == GA_OK && rows * cols > 0 &&
      (st = ga_la_copy_region(&t->buf, 0, t->dims[0], NULL, &(*out)->buf, 0, rows, rows, cols,
                              ga_class_size(t->cls))) != GA_OK) {
    ga_tensor_unref(*out);
    *out = NULL;
  }
  return st;
}

/* the held input as materialised storage of its own class, in a new tensor the
 * factorisation may overwrite; a complex value Octave would hold as real is settled
 * first, so it takes the real path as it would in Octave */
static ga_status input_copy(ga_id a, ga_tensor **out)
{
  ga_tensor *t = NULL;
  ga_status st = ga_settle_tensor(a, &t);
  if (st != GA_OK)
    return st;
  if (!ga_class_is_float(t->cls) && !ga_class_is_complex(t->cls))
    return ga_fail(GA_ERR_CLASS, "qr: wrong type argument '%s matrix'",
                   t->cls == GA_LOGICAL ? "bool" : ga_class_name(t->cls));
  if (t->ndims > 2)
    return ga_fail(GA_ERR_ARG, "qr: A must be a 2-D matrix");
  if ((st = ga_tensor_materialize(t)) != GA_OK)
    return st;
  return leading_block(t, t->dims[0], t->dims[1], out);
}

ga_status ga_qr(ga_id a, ga_qr_form form, ga_id *x, ga_id *q, ga_id *perm)
{
  ga_status st = ga_init();
  if (st != GA_OK)
    return st;
  ga_tensor *W = NULL, *Q = NULL, *R = NULL;
  if ((st = input_copy(a, &W)) != GA_OK)
    return st;
  ga_class cls = W->cls;
  int64_t m = W->dims[0], n = W->dims[1], k = min64(m, n), qc = form == GA_QR_FULL ? m : k;
  int64_t qdims[2] = {m, qc};
  int64_t *jpvt = perm ? calloc((size_t)n + 1, sizeof *jpvt) : NULL;
  qr_work w = {0};
  if (perm && !jpvt)
    st = oom();
  for (int64_t j = 0; perm && j < n && st == GA_OK; j++)
    jpvt[j] = j;
  if (st == GA_OK && ga_class_is_complex(cls)) { /* on the host: ga_solve_complex.c */
    ga_tensor *X = NULL;
    if ((st = ga_cla_qr(W, form, jpvt, &X, q ? &Q : NULL)) == GA_OK) {
      ga_tensor_unref(W);
      W = X;
    }
  } else if (st == GA_OK && (st = work_init(&w, cls, m, n, form == GA_QR_RAW)) == GA_OK && k > 0) {
    st = perm ? geqp3(&w, &W->buf, jpvt) : geqrf(&w, &W->buf);
  }
  if (st == GA_OK && q && !ga_class_is_complex(cls) && (st = ga_tensor_new(cls, 2, qdims, &Q)) == GA_OK)
    st = orgqr(&w, &Q->buf, qc);
  work_release(&w);
  /* the economy R is the leading k rows */
  if (st == GA_OK && form == GA_QR_ECON && m > k && (st = leading_block(W, k, n, &R)) == GA_OK) {
    ga_tensor_unref(W);
    W = R;
  }
  if (st == GA_OK && perm) { /* Octave's order vector has the input's real class */
    bool single = ga_class_real_part(cls) == GA_SINGLE;
    double *pv = calloc((size_t)n + 1, sizeof *pv);
    float *pf = calloc((size_t)n + 1, sizeof *pf);
    int64_t pd[2] = {1, n};
    st = pv && pf ? GA_OK : oom();
    for (int64_t j = 0; j < n && st == GA_OK; j++)
      pf[j] = (float)(pv[j] = (double)(jpvt[j] + 1));
    if (st == GA_OK)
      st = single ? ga_upload(GA_SINGLE, 2, pd, pf, perm) : ga_upload(GA_DOUBLE, 2, pd, pv, perm);
    free(pv);
    free(pf);
  }
  free(jpvt);
  if (st != GA_OK) {
    if (W)
      ga_tensor_unref(W);
    if (Q)
      ga_tensor_unref(Q);
    return st;
  }
  if (Q && (st = publish(Q, q)) != GA_OK) {
    ga_tensor_unref(W);
    if (perm)
      ga_release(*perm);
    return st;
  }
  if ((st = publish(W, x)) != GA_OK) {
    if (Q)
      ga_release(*q);
    if (perm)
      ga_release(*perm);
  }
  return st;
}
