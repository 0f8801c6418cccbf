/* The singular value decomposition of held values (ga.h): one-sided Jacobi (Hestenes),
 * which is accurate to high relative accuracy and parallel. The m x n working matrix
 * (m >= n: A, or A' for a wide A, with U and V swapped at the end) is orthogonalised
 * by plane rotations of column pairs; a sweep visits every pair once in round-robin
 * order, n-1 steps (n rounded up to even) of n/2 disjoint pairs, one provider kernel
 * (GA_LA_JACOBI) a step. V accumulates the same rotations in the rows stored under A's,
 * so one kernel turns both. The only wait is one flag word read per sweep: the sweeps
 * stop when one rotates nothing. Then sigma_j = ||a_j|| and U's columns are a_j /
 * sigma_j (GA_LA_COLNORM), sorted descending on the host from the n norms.
 *
 * Everything goes through the provider interface (ga_la_desc kernels and copies), so
 * the host provider runs the same driver on shaders/svd.comp's C reference
 * (ga_la_host.c). Left on the host: the sort of the n norms and, where U needs columns
 * the Jacobi iteration does not give (zero singular values, or a full U of a tall
 * matrix), their completion (see complete_basis). */
#include "ga_internal.h"

#include <complex.h>
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* a failing sweep count means a device that computes garbage or a matrix far outside
 * the range the scaling keeps (each sweep converges quadratically once close) */
#define SVD_MAX_SWEEPS 60

static void *xcalloc(size_t n, size_t size) { return calloc(n ? n : 1, size ? size : 1); }

static ga_status la(ga_la_desc d) { return ga_plan_la(&d); }

static ga_status upload_bytes(ga_pbuf *dst, const void *src, size_t bytes)
{
  ga_status st = ga_g.prov->upload(ga_g.pstate, dst, src, bytes);
  if (st == GA_OK)
    ga_g.stats.bytes_uploaded += bytes;
  return st;
}

static ga_status download_bytes(const ga_pbuf *src, void *dst, size_t bytes)
{
  ga_status st = ga_g.prov->download(ga_g.pstate, src, dst, bytes);
  if (st == GA_OK)
    ga_g.stats.bytes_downloaded += bytes;
  return st;
}

/* rows x cols of src (ld sld, at soff) into dst (ld dld, at doff), rows dst_step apart
 * in dst; with cols_idx (int64 column numbers) source column j is cols_idx[j]. Complex
 * matrices are copied as real ones (the copy moves elements of up to 8 bytes). */
static ga_status copy_strided(const ga_pbuf *src, int64_t soff, int64_t sld, const ga_pbuf *cols_idx, ga_pbuf *dst,
                              int64_t doff, int64_t dst_step, int64_t dld, int64_t rows, int64_t cols, size_t es)
{
  if (rows <= 0 || cols <= 0)
    return GA_OK;
  ga_copy_desc c = {.ndims = 2, .dims = {rows, cols}, .src_offset = soff, .dst_offset = doff, .elem_size = es,
                    .src_buf = src, .dst_buf = dst};
  c.src[0].stride = 1;
  c.src[1] = (ga_view_axis){.index = cols_idx, .stride = sld};
  c.dst[0].stride = dst_step;
  c.dst[1].stride = dld;
  return ga_plan_copy(&c);
}

static ga_status copy_cols(const ga_pbuf *src, int64_t soff, int64_t sld, const ga_pbuf *cols_idx, ga_pbuf *dst,
                           int64_t doff, int64_t dld, int64_t rows, int64_t cols, size_t es)
{
  return copy_strided(src, soff, sld, cols_idx, dst, doff, 1, dld, rows, cols, es);
}

/* Columns r .. c-1 of the m x c column-major Q, whose first r columns are orthonormal:
 * from the Householder QR of those r columns, Q0 = H_0 ... H_{r-1} (each H_j = I - tau_j
 * v_j v_j^H Hermitian, v_j = x - beta e_j, beta = -phase(x_j) ||x||), whose columns r ..
 * m-1 are orthonormal and orthogonal to the first r: Q(:, k) = H_0 ... H_{r-1} e_k.
 * O(m r (c - r)) work (Gram-Schmidt against identity columns would be O(m c (c - r))).
 * X and V hold m r values each, tau r. */
static void complete_basis(double complex *Q, int64_t m, int64_t r, int64_t c, double complex *X,
                           double complex *V, double *tau)
{
  memcpy(X, Q, (size_t)(m * r) * sizeof *X);
  for (int64_t j = 0; j < r; j++) {
    double complex *x = X + j * m, *v = V + j * m;
    double nrm = 0;
    for (int64_t i = j; i < m; i++)
      nrm += creal(x[i] * conj(x[i]));
    nrm = sqrt(nrm);
    double complex ph = cabs(x[j]) > 0 ? x[j] / cabs(x[j]) : 1, beta = -ph * nrm;
    double vv = 0;
    for (int64_t i = 0; i < m; i++) {
      v[i] = i < j ? 0 : i == j ? x[j] - beta : x[i];
      vv += creal(v[i] * conj(v[i]));
    }
    tau[j] = vv > 0 ? 2 / vv : 0;
    for (int64_t l = j + 1; l < r; l++) {
      double complex *y = X + l * m, d = 0;
      for (int64_t i = j; i < m; i++)
        d += conj(v[i]) * y[i];
      for (int64_t i = j; i < m; i++)
        y[i] -= tau[j] * d * v[i];
    }
  }
  for (int64_t k = r; k < c; k++) {
    double complex *y = Q + k * m;
    for (int64_t i = 0; i < m; i++)
      y[i] = i == k;
    for (int64_t j = r - 1; j >= 0; j--) {
      const double complex *v = V + j * m;
      double complex d = 0;
      for (int64_t i = j; i < m; i++)
        d += conj(v[i]) * y[i];
      for (int64_t i = j; i < m; i++)
        y[i] -= tau[j] * d * v[i];
    }
  }
}

/* U's columns r .. c-1 (m x c tensor, its first r columns orthonormal) completed on the
 * host: the r columns down, the new ones up */
static ga_status complete_on_host(ga_tensor *U, int64_t m, int64_t r, int64_t c)
{
  int cw = ga_class_is_complex(U->cls) ? 2 : 1;
  bool dbl = ga_class_real_part(U->cls) == GA_DOUBLE;
  size_t es = ga_class_size(U->cls), n = (size_t)(m * c), esr = es / (size_t)cw;
  double complex *Q = xcalloc(n, sizeof *Q), *X = xcalloc((size_t)(m * r), sizeof *X),
                 *V = xcalloc((size_t)(m * r), sizeof *V);
  double *tau = xcalloc((size_t)r, sizeof *tau);
  void *h = xcalloc(n, es);
  ga_pbuf tmp = {0};
  ga_status st = Q && X && V && tau && h ? GA_OK : ga_fail(GA_ERR_OOM, "out of host memory");
  if (st == GA_OK && r > 0)
    st = download_bytes(&U->buf, h, (size_t)(m * r) * es);
  if (st == GA_OK) {
    for (size_t i = 0; i < (size_t)(m * r) * (size_t)cw; i++) {
      double x = dbl ? ((double *)h)[i] : (double)((float *)h)[i];
      Q[i / (size_t)cw] += cw == 2 && i % 2 ? x * I : x;
    }
    complete_basis(Q, m, r, c, X, V, tau);
    for (size_t i = (size_t)(m * r) * (size_t)cw; i < n * (size_t)cw; i++) {
      double complex z = Q[i / (size_t)cw];
      double x = cw == 2 && i % 2 ? cimag(z) : creal(z);
      if (dbl)
        ((double *)h)[i] = x;
      else
        ((float *)h)[i] = (float)x;
    }
    size_t off = (size_t)(m * r) * es, bytes = n * es - off;
    if ((st = ga_buffer_acquire(bytes, &tmp)) == GA_OK && (st = upload_bytes(&tmp, (char *)h + off, bytes)) == GA_OK)
      st = copy_cols(&tmp, 0, m * cw, NULL, &U->buf, m * r * cw, m * cw, m * cw, c - r, esr);
  }
  if (tmp.bytes)
    ga_buffer_release(&tmp);
  free(Q);
  free(X);
  free(V);
  free(tau);
  free(h);
  return st;
}

static ga_status publish(ga_tensor *t, ga_id *out)
{
  ga_status st = ga_handles_insert(t, out);
  if (st != GA_OK)
    ga_tensor_unref(t);
  return st;
}

static void drop_id(ga_id id)
{
  if (id)
    ga_release(id);
}

/* The outputs of an empty A (m or n zero), as Octave gives them: no singular values,
 * identity U and V where they are square (full), zeros otherwise. */
static ga_status svd_empty(ga_class cls, int64_t m, int64_t n, int flags, ga_id *s, ga_id *u, ga_id *S, ga_id *v)
{
  bool econ = flags & GA_SVD_ECON;
  int64_t d0[2] = {0, 1}, ds[2] = {econ ? 0 : m, econ ? 0 : n}, du[2] = {m, 0}, dv[2] = {n, 0};
  ga_status st = ga_fill(cls, 2, d0, 0, s);
  if (st != GA_OK || !(flags & GA_SVD_VECTORS))
    return st;
  if ((st = econ ? ga_fill(cls, 2, du, 0, u) : ga_eye(cls, m, m, u)) == GA_OK &&
      (st = ga_fill(cls, 2, ds, 0, S)) == GA_OK && (st = econ ? ga_fill(cls, 2, dv, 0, v) : ga_eye(cls, n, n, v)) == GA_OK)
    return GA_OK;
  drop_id(*s);
  drop_id(*u);
  drop_id(*S);
  *s = *u = *S = 0;
  return st;
}

/* Whether every element of id is finite, and its largest magnitude: two reductions,
 * two words read back */
static ga_status survey(ga_id a, ga_class rc, bool *finite, double *big)
{
  ga_id f = 0, all = 0, ab = 0, mx = 0;
  uint8_t ok = 0;
  ga_status st = ga_unary(GA_UOP_ISFINITE, a, GA_LOGICAL, &f);
  if (st == GA_OK && (st = ga_reduce_dims(GA_RED_ALL, f, 1, GA_MAX_DIMS, GA_SUM_DEFAULT, &all, NULL)) == GA_OK)
    st = ga_download(all, &ok, 1);
  *finite = ok != 0;
  *big = 0;
  if (st == GA_OK && ok && (st = ga_unary(GA_UOP_ABS, a, rc, &ab)) == GA_OK &&
      (st = ga_reduce_dims(GA_RED_MAX, ab, 1, GA_MAX_DIMS, GA_SUM_DEFAULT, &mx, NULL)) == GA_OK) {
    if (rc == GA_SINGLE) {
      float x = 0;
      st = ga_download(mx, &x, sizeof x);
      *big = x;
    } else {
      st = ga_download(mx, big, sizeof *big);
    }
  }
  drop_id(f);
  drop_id(all);
  drop_id(ab);
  drop_id(mx);
  return st;
}

/* The working matrix's source: A, or A' (conjugated) for a wide A, times 2^-e,
 * materialised */
static ga_status source_of(ga_id a, bool trans, int e, ga_class cls, ga_tensor **out)
{
  int perm[2] = {1, 0};
  ga_id t = 0, x = 0, h = 0;
  ga_status st = GA_OK;
  ga_id cur = a;
  if (trans && (st = ga_permute(a, 2, perm, 0, &t)) == GA_OK)
    cur = t;
  if (st == GA_OK && trans && ga_class_is_complex(cls) && (st = ga_unary(GA_UOP_CONJ, cur, cls, &h)) == GA_OK)
    cur = h;
  if (st == GA_OK && e != 0) {
    double f = ldexp(1.0, -e);
    static const int64_t one[2] = {1, 1};
    ga_operand A = {.id = cur}, F = {.is_host = 1, .cls = GA_DOUBLE, .ndims = 2, .dims = one, .data = &f};
    if ((st = ga_binary(GA_OP_TIMES, &A, &F, &x)) == GA_OK)
      cur = x;
  }
  ga_tensor *tt = NULL;
  if (st == GA_OK && (st = ga_handles_get(cur, &tt)) == GA_OK && (st = ga_tensor_materialize(tt)) == GA_OK) {
    tt->refcount++;
    *out = tt;
  }
  drop_id(t);
  drop_id(x);
  drop_id(h);
  return st;
}

/* V's start, the identity, in rows r0 .. r0+n-1 of W (ld lda, elements of the class);
 * complex: a real identity over zeros (EYE of a 2n x n block) copied into the real and
 * imaginary parts */
static ga_status init_v(ga_class rc, bool cplx, ga_pbuf *W, int64_t r0, int64_t lda, int64_t n)
{
  if (!cplx)
    return la((ga_la_desc){.kind = GA_LA_EYE, .cls = rc, .a = W, .off_a = r0, .lda = lda, .m = n, .n = n, .batch = 1});
  size_t es = ga_class_size(rc);
  ga_pbuf t = {0};
  ga_status st = ga_buffer_acquire((size_t)(2 * n * n) * es, &t);
  if (st == GA_OK &&
      (st = la((ga_la_desc){.kind = GA_LA_EYE, .cls = rc, .a = &t, .lda = 2 * n, .m = 2 * n, .n = n, .batch = 1})) ==
          GA_OK &&
      (st = copy_strided(&t, 0, 2 * n, NULL, W, 2 * r0, 2, 2 * lda, n, n, es)) == GA_OK)
    st = copy_strided(&t, n, 2 * n, NULL, W, 2 * r0 + 1, 2, 2 * lda, n, n, es);
  if (t.bytes)
    ga_buffer_release(&t);
  return st;
}

/* The sweeps on W (m x n at off_a, ld lda, V's n rows under A's when vrows): returns
 * the number of sweeps made, or fails after SVD_MAX_SWEEPS */
static ga_status jacobi_sweeps(ga_class cls, ga_pbuf *W, int64_t off_a, int64_t lda, int64_t m, int64_t n,
                               int64_t vrows, int *sweeps)
{
  ga_pbuf flag = {0};
  ga_status st = ga_buffer_acquire(sizeof(int32_t), &flag);
  int64_t N = n + (n & 1);
  /* below this, |a_p.a_q| is rounding noise of the m-term inner product: stopping there
   * leaves U and V orthonormal to m eps (LAPACK's dgesvj takes sqrt(m) eps) */
  double tol = sqrt((double)m) * (ga_class_real_part(cls) == GA_SINGLE ? FLT_EPSILON : DBL_EPSILON);
  *sweeps = 0;
  int32_t last = 0;
  if (st == GA_OK)
    st = upload_bytes(&flag, &last, sizeof last);
  for (int sweep = 0; st == GA_OK && n > 1; sweep++) {
    if (sweep == SVD_MAX_SWEEPS) {
      st = ga_fail(GA_ERR_INTERNAL, "svd: the Jacobi iteration did not converge in %d sweeps", SVD_MAX_SWEEPS);
      break;
    }
    /* the step numbers run on across sweeps: a rotation writes its sweep's number */
    for (int64_t step = 0; step < N - 1 && st == GA_OK; step++)
      st = la((ga_la_desc){.kind = GA_LA_JACOBI, .cls = cls, .a = W, .off_a = off_a, .lda = lda, .m = m, .n = n,
                           .vrows = vrows, .step = sweep * (N - 1) + step, .tol = tol, .piv = &flag});
    if (st == GA_OK && (st = download_bytes(&flag, &last, sizeof last)) == GA_OK)
      *sweeps = sweep + 1;
    if (st == GA_OK && last != sweep + 1)
      break;
  }
  if (flag.bytes)
    ga_buffer_release(&flag);
  return st;
}

typedef struct {
  double s;
  int64_t j;
} sv_entry;

/* descending; equal values keep their column order (a stable sort) */
static int sv_cmp(const void *x, const void *y)
{
  const sv_entry *a = x, *b = y;
  if (a->s != b->s)
    return a->s < b->s ? 1 : -1;
  return a->j < b->j ? -1 : a->j > b->j;
}

ga_status ga_svd(ga_id a, int flags, ga_id *s_out, ga_id *u_out, ga_id *S_out, ga_id *v_out)
{
  ga_status st = ga_init();
  if (st != GA_OK)
    return st;
  *s_out = 0;
  if (u_out)
    *u_out = 0;
  if (S_out)
    *S_out = 0;
  if (v_out)
    *v_out = 0;
  ga_operand o = {.id = a};
  ga_resolved r;
  if ((st = ga_operand_resolve(&o, &r)) != GA_OK)
    return st;
  bool vectors = flags & GA_SVD_VECTORS, econ = flags & GA_SVD_ECON;
  if (vectors && (!u_out || !S_out || !v_out))
    return ga_fail(GA_ERR_ARG, "svd: U, S and V need somewhere to go");
  ga_class cls = r.cls, rc = ga_class_real_part(cls);
  bool cplx = ga_class_is_complex(cls);
  if (!ga_class_is_float(rc))
    return ga_fail(GA_ERR_CLASS, "svd: wrong type argument '%s matrix'", cls == GA_LOGICAL ? "bool" : ga_class_name(cls));
  if (r.ndims > 2)
    return ga_fail(GA_ERR_ARG, "svd: A must be a 2-D matrix");
  int64_t m0 = r.dims[0], n0 = r.dims[1], k = m0 < n0 ? m0 : n0;
  if (k == 0)
    return svd_empty(rc, m0, n0, flags, s_out, u_out, S_out, v_out);
  bool finite;
  double big;
  if ((st = survey(a, rc, &finite, &big)) != GA_OK)
    return st;
  if (!finite) {
    int64_t dk[2] = {k, 1};
    if ((flags & GA_SVD_NONFINITE_NAN) && !vectors)
      return ga_fill(rc, 2, dk, NAN, s_out);
    return ga_fail(GA_ERR_ARG, "svd: cannot take SVD of matrix containing Inf or NaN values");
  }
  /* squares of the entries must neither overflow nor underflow in the inner products:
   * far from 1, A is scaled by a power of two (exact) and sigma scaled back */
  int e = 0;
  if (big > 0) {
    frexp(big, &e);
    int lim = rc == GA_SINGLE ? 30 : 400;
    if (e > -lim && e < lim)
      e = 0;
  }
  bool trans = m0 < n0;
  int64_t m = trans ? n0 : m0, n = k, vrows = vectors ? n : 0, lda = m + vrows;
  /* complex matrices travel through copies as real ones of twice the rows */
  int64_t cw = cplx ? 2 : 1;
  size_t es = ga_class_size(rc);
  ga_tensor *src = NULL, *U = NULL, *V = NULL, *Sm = NULL, *sv = NULL;
  ga_pbuf W = {0}, idx = {0};
  sv_entry *ent = xcalloc((size_t)n, sizeof *ent);
  void *hs = xcalloc((size_t)n, es);
  int64_t *perm = xcalloc((size_t)n, sizeof *perm);
  if (!ent || !hs || !perm)
    st = ga_fail(GA_ERR_OOM, "out of host memory");
  /* W: the n norms, then the columns of A (m rows) over V (vrows rows); off_a counts
   * elements of cls, aligned to 16 bytes for the copies' vector loads */
  int64_t off_a = n + (n & 1);
  if (st == GA_OK)
    st = source_of(a, trans, e, cls, &src);
  if (st == GA_OK)
    st = ga_buffer_acquire((size_t)((off_a + lda * n) * cw) * es, &W);
  if (st == GA_OK)
    st = copy_cols(&src->buf, 0, m * cw, NULL, &W, off_a * cw, lda * cw, m * cw, n, es);
  if (st == GA_OK && vectors)
    st = init_v(rc, cplx, &W, off_a + m, lda, n);
  int sweeps = 0;
  if (st == GA_OK)
    st = jacobi_sweeps(cls, &W, off_a, lda, m, n, vrows, &sweeps);
  if (st == GA_OK)
    st = la((ga_la_desc){.kind = GA_LA_COLNORM, .cls = cls, .a = &W, .off_a = off_a, .lda = lda, .m = m, .n = n,
                         .vrows = vrows, .off_out = 0});
  if (st == GA_OK)
    st = download_bytes(&W, hs, (size_t)n * es);
  int64_t rank = 0;
  if (st == GA_OK) {
    for (int64_t j = 0; j < n; j++)
      ent[j] = (sv_entry){rc == GA_SINGLE ? (double)((float *)hs)[j] : ((double *)hs)[j], j};
    qsort(ent, (size_t)n, sizeof *ent, sv_cmp);
    /* a column whose squares underflowed took no part in the rotations (its alpha was 0),
     * so its direction is not to be trusted: U's column comes from the completion. Above
     * sqrt(min normal) / eps its largest entries' squares are normal numbers; the value
     * itself stays, accurate to that absolute size. */
    double tiny = rc == GA_SINGLE ? sqrt(FLT_MIN) / FLT_EPSILON : sqrt(DBL_MIN) / DBL_EPSILON;
    for (int64_t j = 0; j < n; j++) {
      perm[j] = ent[j].j;
      rank += ent[j].s > tiny;
      double x = ldexp(ent[j].s, e);
      if (rc == GA_SINGLE)
        ((float *)hs)[j] = (float)x;
      else
        ((double *)hs)[j] = x;
    }
    int64_t dk[2] = {k, 1};
    if ((st = ga_tensor_new(rc, 2, dk, &sv)) == GA_OK)
      st = upload_bytes(&sv->buf, hs, (size_t)n * es);
  }
  if (st == GA_OK && vectors) {
    /* U (the working matrix's left vectors, m x cu) and V (n x n), columns sorted */
    int64_t cu = econ ? n : m, du[2] = {m, cu}, dv[2] = {n, n};
    if ((st = ga_buffer_acquire((size_t)n * sizeof *perm, &idx)) == GA_OK &&
        (st = upload_bytes(&idx, perm, (size_t)n * sizeof *perm)) == GA_OK &&
        (st = ga_tensor_new(cls, 2, du, &U)) == GA_OK && (st = ga_tensor_new(cls, 2, dv, &V)) == GA_OK &&
        (st = copy_cols(&W, off_a * cw, lda * cw, &idx, &U->buf, 0, m * cw, m * cw, rank, es)) == GA_OK &&
        (st = copy_cols(&W, (off_a + m) * cw, lda * cw, &idx, &V->buf, 0, n * cw, n * cw, n, es)) == GA_OK &&
        cu > rank)
      st = complete_on_host(U, m, rank, cu);
    if (cplx && st == GA_OK)
      U->narrow = V->narrow = true; /* Octave narrows all-real results */
    if (trans) { /* A' = U S V': A = V S U' */
      ga_tensor *t = U;
      U = V;
      V = t;
    }
    int64_t ds[2] = {econ ? k : m0, econ ? k : n0};
    if (st == GA_OK && (st = ga_tensor_zeros(rc, 2, ds, &Sm)) == GA_OK && (st = ga_tensor_materialize(Sm)) == GA_OK)
      st = copy_cols(&sv->buf, 0, 1, NULL, &Sm->buf, 0, ds[0] + 1, 1, k, es); /* the diagonal */
  }
  if (W.bytes)
    ga_buffer_release(&W);
  if (idx.bytes)
    ga_buffer_release(&idx);
  if (src)
    ga_tensor_unref(src);
  free(ent);
  free(hs);
  free(perm);
  ga_tensor *outs[4] = {sv, U, Sm, V};
  ga_id *ids[4] = {s_out, u_out, S_out, v_out};
  for (int i = 0; i < 4; i++) {
    if (!outs[i])
      continue;
    if (st == GA_OK)
      st = publish(outs[i], ids[i]);
    else
      ga_tensor_unref(outs[i]);
  }
  if (st != GA_OK)
    for (int i = 0; i < 4; i++)
      if (ids[i] && *ids[i]) {
        drop_id(*ids[i]);
        *ids[i] = 0;
      }
  return st;
}
