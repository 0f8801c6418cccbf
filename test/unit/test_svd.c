/* Unit tests of ga_svd (one-sided Jacobi: ga_svd.c, the GA_LA_JACOBI and GA_LA_COLNORM
 * kernels of ga_la_host.c and shaders/svd.comp) against matrices built here with known
 * singular values: A = U0 diag (s0) V0' with U0, V0 products of random reflectors. `make
 * check-unit` runs them on the host provider and on lavapipe with Vulkan validation on. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <complex.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ga.h"

#define CHECK_OK(expr)                                                                        \
  do {                                                                                        \
    ga_status st_ = (expr);                                                                   \
    if (st_ != GA_OK)                                                                         \
      fail_msg("%s failed: status %d (%s): %s", #expr, (int)st_, ga_status_id(st_),           \
               ga_last_error());                                                              \
  } while (0)

static uint64_t rng_state = 4242;
static double rng_sym(void)
{
  uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  z ^= z >> 31;
  return (double)(z >> 11) * 0x1p-52 - 1.0;
}

static void *xmalloc(size_t n)
{
  void *p = calloc(n ? n : 1, 1);
  if (!p)
    fail_msg("out of host memory");
  return p;
}

/* n x k with orthonormal columns (complex with cplx): the first k columns of a product
 * of three random Householder reflectors */
static double complex *orth(int64_t n, int64_t k, int cplx)
{
  double complex *Q = xmalloc((size_t)(n * k) * sizeof *Q), *v = xmalloc((size_t)n * sizeof *v);
  for (int64_t j = 0; j < k; j++)
    Q[j + j * n] = 1;
  for (int r = 0; r < 3; r++) {
    double vv = 0;
    for (int64_t i = 0; i < n; i++) {
      v[i] = rng_sym() + (cplx ? rng_sym() * I : 0);
      vv += creal(v[i] * conj(v[i]));
    }
    for (int64_t j = 0; j < k; j++) {
      double complex d = 0;
      for (int64_t i = 0; i < n; i++)
        d += conj(v[i]) * Q[i + j * n];
      for (int64_t i = 0; i < n; i++)
        Q[i + j * n] -= 2 / vv * d * v[i];
    }
  }
  free(v);
  return Q;
}

static ga_id upload(ga_class cls, int64_t r, int64_t c, const double complex *v)
{
  int64_t dims[2] = {r, c};
  size_t n = (size_t)(r * c), es = ga_class_size(cls);
  void *buf = xmalloc(n * es);
  for (size_t i = 0; i < n; i++) {
    switch (cls) {
    case GA_DOUBLE: ((double *)buf)[i] = creal(v[i]); break;
    case GA_SINGLE: ((float *)buf)[i] = (float)creal(v[i]); break;
    case GA_CDOUBLE: ((double *)buf)[2 * i] = creal(v[i]), ((double *)buf)[2 * i + 1] = cimag(v[i]); break;
    default: ((float *)buf)[2 * i] = (float)creal(v[i]), ((float *)buf)[2 * i + 1] = (float)cimag(v[i]); break;
    }
  }
  ga_id id = 0;
  CHECK_OK(ga_upload(cls, 2, dims, buf, &id));
  free(buf);
  return id;
}

/* the values of id (r x c, real or complex) as complex doubles */
static double complex *download(ga_id id, int64_t *r, int64_t *c)
{
  ga_class cls;
  int nd;
  int64_t dims[GA_MAX_DIMS];
  int is_complex;
  CHECK_OK(ga_settle(id, &is_complex)); /* Octave's narrowing of all-real complex values */
  CHECK_OK(ga_describe(id, &cls, &nd, dims));
  *r = dims[0];
  *c = dims[1];
  size_t n = (size_t)(dims[0] * dims[1]), es = ga_class_size(cls);
  void *buf = xmalloc(n * es);
  double complex *v = xmalloc(n * sizeof *v);
  if (n)
    CHECK_OK(ga_download(id, buf, n * es));
  for (size_t i = 0; i < n; i++) {
    switch (cls) {
    case GA_DOUBLE: v[i] = ((double *)buf)[i]; break;
    case GA_SINGLE: v[i] = ((float *)buf)[i]; break;
    case GA_CDOUBLE: v[i] = ((double *)buf)[2 * i] + ((double *)buf)[2 * i + 1] * I; break;
    default: v[i] = ((float *)buf)[2 * i] + ((float *)buf)[2 * i + 1] * I; break;
    }
  }
  free(buf);
  return v;
}

/* ||X' Y - I||_max for n-row X (cx columns) and Y (cy) */
static double gram_error(const double complex *X, const double complex *Y, int64_t n, int64_t cx, int64_t cy)
{
  double e = 0;
  for (int64_t a = 0; a < cx; a++)
    for (int64_t b = 0; b < cy; b++) {
      long double complex d = 0;
      for (int64_t i = 0; i < n; i++)
        d += conj(X[i + a * n]) * Y[i + b * n];
      e = fmax(e, cabs((double complex)d - (a == b)));
    }
  return e;
}

/* A = U0 diag (s0) V0' (m x n, real or complex) against ga_svd's values and factors */
static void svd_case(ga_class cls, int64_t m, int64_t n, const double *s0)
{
  int cplx = cls == GA_CDOUBLE || cls == GA_CSINGLE;
  double eps = cls == GA_SINGLE || cls == GA_CSINGLE ? FLT_EPSILON : DBL_EPSILON;
  int64_t k = m < n ? m : n, big = m > n ? m : n;
  double complex *U0 = orth(m, k, cplx), *V0 = orth(n, k, cplx), *A = xmalloc((size_t)(m * n) * sizeof *A);
  for (int64_t j = 0; j < n; j++)
    for (int64_t i = 0; i < m; i++)
      for (int64_t l = 0; l < k; l++)
        A[i + j * m] += U0[i + l * m] * s0[l] * conj(V0[j + l * n]);
  ga_id a = upload(cls, m, n, A), s = 0, u = 0, S = 0, v = 0;
  CHECK_OK(ga_svd(a, 0, &s, NULL, NULL, NULL));
  int64_t r, c;
  double complex *sv = download(s, &r, &c);
  assert_int_equal(r, k);
  assert_int_equal(c, 1);
  /* the singular values of the matrix as rounded to cls are within eps s0[0] of s0 */
  for (int64_t j = 0; j < k; j++)
    if (fabs(creal(sv[j]) - s0[j]) > 8 * big * eps * s0[0])
      fail_msg("%s %lldx%lld: s[%lld] = %.17g, want %.17g", ga_class_name(cls), (long long)m, (long long)n,
               (long long)j, creal(sv[j]), s0[j]);
  for (int econ = 0; econ < 2; econ++) {
    CHECK_OK(ga_svd(a, GA_SVD_VECTORS | (econ ? GA_SVD_ECON : 0), &s, &u, &S, &v));
    int64_t ur, uc, sr, scol, vr, vc;
    double complex *Uh = download(u, &ur, &uc), *Sh = download(S, &sr, &scol), *Vh = download(v, &vr, &vc);
    assert_int_equal(ur, m);
    assert_int_equal(uc, econ ? k : m);
    assert_int_equal(sr, econ ? k : m);
    assert_int_equal(scol, econ ? k : n);
    assert_int_equal(vr, n);
    assert_int_equal(vc, econ ? k : n);
    double tol = 16 * big * eps;
    assert_true(gram_error(Uh, Uh, m, uc, uc) < tol);
    assert_true(gram_error(Vh, Vh, n, vc, vc) < tol);
    double rec = 0;
    for (int64_t j = 0; j < n; j++)
      for (int64_t i = 0; i < m; i++) {
        double complex x = 0;
        for (int64_t l = 0; l < k; l++)
          x += Uh[i + l * m] * Sh[l + l * sr] * conj(Vh[j + l * n]);
        rec = fmax(rec, cabs(x - A[i + j * m]));
      }
    if (rec > tol * s0[0])
      fail_msg("%s %lldx%lld econ %d: reconstruction %g", ga_class_name(cls), (long long)m, (long long)n, econ, rec);
    free(Uh);
    free(Sh);
    free(Vh);
    ga_release(s);
    ga_release(u);
    ga_release(S);
    ga_release(v);
  }
  ga_release(a);
  free(sv);
  free(U0);
  free(V0);
  free(A);
}

static void test_values_and_vectors(void **state)
{
  (void)state;
  static const ga_class classes[] = {GA_DOUBLE, GA_SINGLE, GA_CDOUBLE, GA_CSINGLE};
  static const int64_t sizes[][2] = {{1, 1}, {5, 3}, {3, 5}, {40, 17}, {17, 40}, {33, 33}};
  double s0[40];
  for (size_t c = 0; c < sizeof classes / sizeof *classes; c++)
    for (size_t z = 0; z < sizeof sizes / sizeof *sizes; z++) {
      int64_t k = sizes[z][0] < sizes[z][1] ? sizes[z][0] : sizes[z][1];
      for (int64_t j = 0; j < k; j++)
        s0[j] = 3.0 / (1.0 + (double)j); /* distinct, decreasing */
      svd_case(classes[c], sizes[z][0], sizes[z][1], s0);
    }
}

static void test_rank_deficient(void **state)
{
  (void)state;
  double s0[12] = {5, 4, 3, 2, 1, 0, 0, 0, 0, 0, 0, 0};
  svd_case(GA_DOUBLE, 20, 12, s0);
  svd_case(GA_CDOUBLE, 12, 20, s0);
  svd_case(GA_SINGLE, 20, 12, s0);
}

/* graded singular values keep their relative accuracy (one-sided Jacobi's property) */
static void test_graded(void **state)
{
  (void)state;
  int64_t m = 30, n = 10;
  double complex *Q = orth(m, n, 0), *A = xmalloc((size_t)(m * n) * sizeof *A);
  for (int64_t j = 0; j < n; j++)
    for (int64_t i = 0; i < m; i++)
      A[i + j * m] = Q[i + j * m] * pow(10.0, -2.0 * (double)j);
  ga_id a = upload(GA_DOUBLE, m, n, A), s = 0;
  CHECK_OK(ga_svd(a, 0, &s, NULL, NULL, NULL));
  int64_t r, c;
  double complex *sv = download(s, &r, &c);
  for (int64_t j = 0; j < n; j++) {
    double want = pow(10.0, -2.0 * (double)j);
    if (fabs(creal(sv[j]) - want) > 64 * DBL_EPSILON * want)
      fail_msg("graded: s[%lld] = %.17g, want %.17g", (long long)j, creal(sv[j]), want);
  }
  ga_release(a);
  ga_release(s);
  free(sv);
  free(Q);
  free(A);
}

static void test_errors(void **state)
{
  (void)state;
  double complex nanm[4] = {1, NAN, 2, 3};
  ga_id a = upload(GA_DOUBLE, 2, 2, nanm), s = 0;
  assert_int_equal(ga_svd(a, 0, &s, NULL, NULL, NULL), GA_ERR_ARG);
  assert_string_equal(ga_last_error(), "svd: cannot take SVD of matrix containing Inf or NaN values");
  CHECK_OK(ga_svd(a, GA_SVD_NONFINITE_NAN, &s, NULL, NULL, NULL));
  int64_t r, c;
  double complex *sv = download(s, &r, &c);
  assert_true(r == 2 && isnan(creal(sv[0])) && isnan(creal(sv[1])));
  free(sv);
  ga_release(s);
  ga_release(a);
  int64_t dims[3] = {2, 2, 2};
  int32_t iv[8] = {0};
  CHECK_OK(ga_upload(GA_INT32, 2, dims, iv, &a));
  assert_int_equal(ga_svd(a, 0, &s, NULL, NULL, NULL), GA_ERR_CLASS);
  ga_release(a);
  double dv[8] = {0};
  CHECK_OK(ga_upload(GA_DOUBLE, 3, dims, dv, &a));
  assert_int_equal(ga_svd(a, 0, &s, NULL, NULL, NULL), GA_ERR_ARG);
  ga_release(a);
}

static int teardown(void **state)
{
  (void)state;
  ga_stats s;
  if (ga_get_stats(&s) == GA_OK && s.validation_messages) {
    fprintf(stderr, "%llu validation messages\n", (unsigned long long)s.validation_messages);
    return -1;
  }
  ga_shutdown();
  return 0;
}

int main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_values_and_vectors),
    cmocka_unit_test(test_rank_deficient),
    cmocka_unit_test(test_graded),
    cmocka_unit_test(test_errors),
  };
  return cmocka_run_group_tests(tests, NULL, teardown);
}
