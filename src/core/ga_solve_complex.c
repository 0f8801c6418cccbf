/* Complex dense linear algebra (A\B, inv, det, lu, chol of GA_CDOUBLE and GA_CSINGLE
 * matrices), computed ON THE HOST: the operands are downloaded, factored and solved by
 * the plain-C kernels of ga_la_complex_tmpl.h (single in single arithmetic, double in
 * double), and the result is uploaded. The real path's device algorithms (ga_solve.c)
 * would need complex variants of the LU panel kernel (shaders/lu.comp), of the
 * triangular solves and of the update-mode products (ga_plan_gemm has no complex class);
 * until then this file gives Octave's answers and warnings, at host speed: O(n^3)
 * complex flops on one core, and a download of A. A real A with a complex B does not come
 * here: ga_mldivide solves it on the device as Octave does, real and imaginary parts as
 * columns of one real right-hand side. */
#include "ga_internal.h"

#include <complex.h>
#include <float.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <tgmath.h>

#define CT double complex
#define RT double
#define SFX(x) x##_z
#define MK(re, im) CMPLX(re, im)
#define RT_EPS DBL_EPSILON
#define RT_MIN DBL_MIN
#include "ga_la_complex_tmpl.h"
#undef CT
#undef RT
#undef SFX
#undef MK
#undef RT_EPS
#undef RT_MIN

#define CT float complex
#define RT float
#define SFX(x) x##_c
#define MK(re, im) CMPLXF(re, im)
#define RT_EPS FLT_EPSILON
#define RT_MIN FLT_MIN
#include "ga_la_complex_tmpl.h"
#undef CT
#undef RT
#undef SFX
#undef MK
#undef RT_EPS
#undef RT_MIN

static ga_status oom(void) { return ga_fail(GA_ERR_OOM, "out of host memory"); }

/* t's elements (materialised, complex) in a new host array */
static ga_status fetch(const ga_tensor *t, void **out)
{
  size_t bytes = (size_t)t->numel * ga_class_size(t->cls);
  *out = malloc(bytes ? bytes : 1);
  if (!*out)
    return oom();
  if (!bytes)
    return GA_OK;
  ga_status st = ga_g.prov->download(ga_g.pstate, &t->buf, *out, bytes);
  if (st != GA_OK) {
    free(*out);
    *out = NULL;
    return st;
  }
  ga_g.stats.bytes_downloaded += bytes;
  return GA_OK;
}

/* a new rows x cols tensor of cls holding data; flagged for Octave's narrowing, since
 * Octave's complex results with all-zero imaginary parts become real */
static ga_status deliver(ga_class cls, int64_t rows, int64_t cols, const void *data, ga_tensor **out)
{
  int64_t dims[2] = {rows, cols};
  ga_status st = ga_tensor_new(cls, 2, dims, out);
  size_t bytes = (size_t)(rows * cols) * ga_class_size(cls);
  if (st != GA_OK)
    return st;
  (*out)->narrow = ga_class_is_complex(cls);
  if (bytes && (st = ga_g.prov->upload(ga_g.pstate, &(*out)->buf, data, bytes)) != GA_OK) {
    ga_tensor_unref(*out);
    *out = NULL;
    return st;
  }
  ga_g.stats.bytes_uploaded += bytes;
  return GA_OK;
}

static ga_status check_class(const ga_tensor *t)
{
  if (!ga_class_is_complex(t->cls) || t->ndims != 2)
    return ga_fail(GA_ERR_INTERNAL, "complex linear algebra: expected a complex matrix");
  return GA_OK;
}

ga_status ga_cla_mldivide(ga_tensor *a, ga_tensor *b, ga_tensor **out, ga_solve_info *info)
{
  ga_status st;
  if ((st = check_class(a)) != GA_OK || (st = check_class(b)) != GA_OK)
    return st;
  if (a->cls != b->cls)
    return ga_fail(GA_ERR_INTERNAL, "complex mldivide: operands of different classes");
  ga_class cls = a->cls;
  int64_t m = a->dims[0], n = a->dims[1], nrhs = b->dims[1];
  size_t es = ga_class_size(cls);
  void *A = NULL, *B = NULL, *X = malloc((size_t)(n * nrhs) * es + 1);
  if (!X)
    return oom();
  if ((st = fetch(a, &A)) == GA_OK && (st = fetch(b, &B)) == GA_OK) {
    int rc;
    if (m == n)
      rc = cls == GA_CSINGLE ? solve_square_c(A, n, B, nrhs, X, info) : solve_square_z(A, n, B, nrhs, X, info);
    else
      rc = cls == GA_CSINGLE ? lstsq_c(A, m, n, B, nrhs, X) : lstsq_z(A, m, n, B, nrhs, X);
    st = rc ? oom() : deliver(cls, n, nrhs, X, out);
  }
  free(A);
  free(B);
  free(X);
  return st;
}

ga_status ga_cla_inv(ga_tensor *a, ga_tensor **out, ga_solve_info *info)
{
  ga_status st = check_class(a);
  if (st != GA_OK)
    return st;
  int64_t n = a->dims[0];
  void *A = NULL, *X = malloc((size_t)(n * n) * ga_class_size(a->cls) + 1);
  if (!X)
    return oom();
  if ((st = fetch(a, &A)) == GA_OK) {
    int rc = a->cls == GA_CSINGLE ? inverse_c(A, n, X, info) : inverse_z(A, n, X, info);
    st = rc ? oom() : deliver(a->cls, n, n, X, out);
  }
  free(A);
  free(X);
  return st;
}

ga_status ga_cla_det(ga_tensor *a, ga_tensor **out)
{
  ga_status st = check_class(a);
  if (st != GA_OK)
    return st;
  int64_t n = a->dims[0];
  void *A = NULL;
  double complex dz = 0;
  float complex dc = 0;
  if ((st = fetch(a, &A)) == GA_OK) {
    int rc = a->cls == GA_CSINGLE ? det_c(A, n, &dc) : det_z(A, n, &dz);
    st = rc ? oom() : deliver(a->cls, 1, 1, a->cls == GA_CSINGLE ? (const void *)&dc : (const void *)&dz, out);
  }
  free(A);
  return st;
}

ga_status ga_cla_lu(ga_tensor *a, ga_tensor **packed, int64_t *perm, int64_t *info)
{
  ga_status st = check_class(a);
  if (st != GA_OK)
    return st;
  int64_t m = a->dims[0], n = a->dims[1];
  void *A = NULL;
  if ((st = fetch(a, &A)) == GA_OK) {
    *info = a->cls == GA_CSINGLE ? getrf_c(A, m, n, perm, NULL) : getrf_z(A, m, n, perm, NULL);
    st = deliver(a->cls, m, n, A, packed);
  }
  free(A);
  return st;
}

/* out's lower triangle holds R.' (the plain transpose) for R' R = A read from A's upper
 * triangle: for real A that is ga_chol's L = R', and gpuArray.m's R = L.' gives R back */
ga_status ga_cla_chol(ga_tensor *a, ga_tensor **out, int64_t *info)
{
  ga_status st = check_class(a);
  if (st != GA_OK)
    return st;
  int64_t n = a->dims[0];
  size_t es = ga_class_size(a->cls);
  void *A = NULL, *L = calloc((size_t)(n * n) + 1, es);
  if (!L)
    return oom();
  if ((st = fetch(a, &A)) == GA_OK) {
    if (a->cls == GA_CSINGLE) {
      float complex *R = A, *T = L;
      *info = potrf_c(R, n);
      for (int64_t j = 0; j < n; j++)
        for (int64_t i = 0; i <= j; i++)
          T[j + i * n] = R[i + j * n];
    } else {
      double complex *R = A, *T = L;
      *info = potrf_z(R, n);
      for (int64_t j = 0; j < n; j++)
        for (int64_t i = 0; i <= j; i++)
          T[j + i * n] = R[i + j * n];
    }
    st = deliver(a->cls, n, n, L, out);
  }
  free(A);
  free(L);
  return st;
}

ga_status ga_cla_qr(ga_tensor *a, ga_qr_form form, int64_t *jpvt, ga_tensor **x, ga_tensor **q)
{
  ga_status st = check_class(a);
  if (st != GA_OK)
    return st;
  int64_t m = a->dims[0], n = a->dims[1], k = m < n ? m : n, qc = form == GA_QR_FULL ? m : k;
  void *A = NULL, *Q = q ? malloc((size_t)(m * qc) * ga_class_size(a->cls) + 1) : NULL;
  if (q && !Q)
    return oom();
  if ((st = fetch(a, &A)) == GA_OK) {
    int rc = a->cls == GA_CSINGLE ? qr_c(A, m, n, form, jpvt, Q) : qr_z(A, m, n, form, jpvt, Q);
    if (rc)
      st = oom();
    if (st == GA_OK && (st = deliver(a->cls, m, n, A, x)) == GA_OK && q &&
        (st = deliver(a->cls, m, qc, Q, q)) != GA_OK) {
      ga_tensor_unref(*x);
      *x = NULL;
    }
  }
  free(A);
  free(Q);
  return st;
}
