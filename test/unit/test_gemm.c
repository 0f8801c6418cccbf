/* Unit tests of the matrix products (ga_mtimes, ga_pagemtimes) against a naive
 * long-double reference computed here. `make check-unit` runs them on the host provider
 * and on lavapipe with Vulkan validation on. Every shape family the Vulkan provider
 * treats differently is covered: tiles with ragged edges, each transpose, matrix-vector
 * and vector-matrix products (with and without slicing the summed index), dot products,
 * outer products (k = 1), aligned and unaligned operands, page batches, and a grid over
 * 65535 workgroups. Every GEMM variant (ga_gemm_candidate) is forced in turn on ragged
 * shapes, each transpose, page batches and the solver's update mode (C -= op(A) op(B) on
 * blocks inside larger matrices), and the autotuner's mechanism is checked (forced on a
 * small product: the choice recorded on disk, read back and used, a corrupt record
 * ignored and rewritten), small products take smaller tiles (GPUARRAY_GEMM_SMALL), and
 * elementwise epilogues run in the product's kernel.
 * GA_TEST_SKIP_LARGE=1 skips the one test over 128 MiB. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ga.h"
#include "ga_internal.h"

#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

#define CHECK_OK(expr)                                                                        \
  do {                                                                                        \
    ga_status st_ = (expr);                                                                   \
    if (st_ != GA_OK)                                                                         \
      fail_msg("%s failed: status %d (%s): %s", #expr, (int)st_, ga_status_id(st_),           \
               ga_last_error());                                                              \
  } while (0)

static uint64_t rng_state;
static uint64_t rng_next(void)
{
  uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}
/* uniform in [-1, 1): sums of products cancel, so a wrong term shows */
static double rng_sym(void) { return (double)(rng_next() >> 11) * 0x1p-52 - 1.0; }

static void *xmalloc(size_t n)
{
  void *p = malloc(n ? n : 1);
  if (!p)
    fail_msg("out of host memory (%zu bytes)", n);
  return p;
}

/* count random values of class cls (as doubles, already rounded to cls) and their bytes */
static double *random_values(ga_class cls, int64_t count, void **bytes)
{
  double *v = xmalloc((size_t)count * sizeof *v);
  *bytes = xmalloc((size_t)count * ga_class_size(cls));
  for (int64_t i = 0; i < count; i++) {
    double x = rng_sym();
    if (cls == GA_SINGLE) {
      float f = (float)x;
      ((float *)*bytes)[i] = f;
      v[i] = f;
    } else if (cls == GA_LOGICAL) {
      uint8_t b = x > 0;
      ((uint8_t *)*bytes)[i] = b;
      v[i] = b;
    } else {
      ((double *)*bytes)[i] = x;
      v[i] = x;
    }
  }
  return v;
}

static ga_id upload(ga_class cls, int64_t r, int64_t c, const void *data)
{
  int64_t dims[2] = {r, c};
  ga_id id = 0;
  CHECK_OK(ga_upload(cls, 2, dims, data, &id));
  return id;
}

static ga_operand held(ga_id id) { return (ga_operand){.is_host = 0, .id = id}; }

/* Downloads C (class cls, m x n) and compares with the long-double product of the
 * values: each element within (k + 2) eps of the sum of |a||b| it came from, which a
 * misplaced or missing term exceeds by far. */
static void check_product(ga_id cid, ga_class cls, int64_t m, int64_t n, int64_t k, const double *a, int ta,
                          const double *b, int tb, int64_t page_a, int64_t page_b, int64_t pages)
{
  ga_class got_cls;
  int nd;
  int64_t dims[8];
  CHECK_OK(ga_describe(cid, &got_cls, &nd, dims));
  assert_int_equal(got_cls, cls);
  assert_int_equal(dims[0], m);
  assert_int_equal(dims[1], n);
  size_t count = (size_t)(m * n * pages);
  void *raw = xmalloc(count * ga_class_size(cls));
  CHECK_OK(ga_download(cid, raw, count * ga_class_size(cls)));
  double eps = cls == GA_SINGLE ? FLT_EPSILON : DBL_EPSILON;
  for (int64_t p = 0; p < pages; p++) {
    const double *A = a + (page_a ? p * page_a : 0), *B = b + (page_b ? p * page_b : 0);
    for (int64_t j = 0; j < n; j++)
      for (int64_t i = 0; i < m; i++) {
        long double s = 0, mag = 0;
        for (int64_t q = 0; q < k; q++) {
          long double x = ta ? A[q + i * k] : A[i + q * m];
          long double y = tb ? B[j + q * n] : B[q + j * k];
          s += x * y;
          mag += fabsl(x * y);
        }
        size_t at = (size_t)(p * m * n + i + j * m);
        double got = cls == GA_SINGLE ? ((float *)raw)[at] : ((double *)raw)[at];
        double tol = (double)((k + 2) * eps * mag) + 1e-300;
        if (!(fabs(got - (double)s) <= tol))
          fail_msg("page %lld C(%lld,%lld) = %.17g, expected %.17Lg (tolerance %g; m %lld n %lld k %lld ta %d tb %d)",
                   (long long)p, (long long)i, (long long)j, got, s, tol, (long long)m, (long long)n, (long long)k,
                   ta, tb);
      }
  }
  free(raw);
}

/* op(A) (m x k) * op(B) (k x n) with every transpose combination, held operands */
static void one_product(ga_class cls, int64_t m, int64_t n, int64_t k)
{
  for (int ta = 0; ta < 2; ta++)
    for (int tb = 0; tb < 2; tb++) {
      void *ra, *rb;
      double *a = random_values(cls, m * k, &ra), *b = random_values(cls, k * n, &rb);
      ga_id ia = upload(cls, ta ? k : m, ta ? m : k, ra), ib = upload(cls, tb ? n : k, tb ? k : n, rb), ic = 0;
      ga_operand oa = held(ia), ob = held(ib);
      CHECK_OK(ga_mtimes(&oa, ta, &ob, tb, &ic));
      check_product(ic, cls, m, n, k, a, ta, b, tb, 0, 0, 1);
      ga_release(ia);
      ga_release(ib);
      ga_release(ic);
      free(a);
      free(b);
      free(ra);
      free(rb);
    }
}

static const int64_t shapes[][3] = {
  {7, 5, 3},     {129, 127, 131}, {64, 64, 64},  {128, 128, 8},  {130, 70, 9},  {1, 9, 1},   {9, 1, 1},
  {9, 8, 1},     {2, 300, 5},     {300, 2, 5},   {33, 17, 1000}, {129, 1, 130}, {1, 129, 130},
  {1, 1, 1000},  {1, 1, 70001},   {4, 1, 4},     {1, 4, 4},      {1000, 1, 3},  {2, 1, 100000},
  {1, 3, 50000}, {100, 100, 1},   {257, 3, 300},
  /* matrix-vector products whose rows and columns choose 1 to 8 column slices a
   * workgroup, with and without a sliced summed index (ga_vk_gemm.c run_gemv) */
  {256, 1, 256}, {3840, 1, 256}, {129, 1, 15},  {70, 1, 17},  {1000, 1, 64}, {33, 1, 4099},
};

static void test_shapes(void **state)
{
  ga_class cls = *(ga_class *)*state;
  rng_state = 1234 + (uint64_t)cls;
  for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++)
    one_product(cls, shapes[s][0], shapes[s][1], shapes[s][2]);
}

/* Octave's classes: single wins; logical and double give double. Host operands too. */
static void test_classes(void **state)
{
  (void)state;
  rng_state = 99;
  const ga_class cs[3] = {GA_DOUBLE, GA_SINGLE, GA_LOGICAL};
  for (int x = 0; x < 3; x++)
    for (int y = 0; y < 3; y++) {
      int64_t m = 13, n = 6, k = 21;
      void *ra, *rb;
      double *a = random_values(cs[x], m * k, &ra), *b = random_values(cs[y], k * n, &rb);
      ga_class want = cs[x] == GA_SINGLE || cs[y] == GA_SINGLE ? GA_SINGLE : GA_DOUBLE;
      int64_t da[2] = {m, k}, db[2] = {k, n};
      for (int host_side = 0; host_side < 3; host_side++) {
        ga_id ia = upload(cs[x], m, k, ra), ib = upload(cs[y], k, n, rb), ic = 0;
        ga_operand oa = held(ia), ob = held(ib);
        if (host_side == 1)
          oa = (ga_operand){.is_host = 1, .cls = cs[x], .ndims = 2, .dims = da, .data = ra};
        if (host_side == 2)
          ob = (ga_operand){.is_host = 1, .cls = cs[y], .ndims = 2, .dims = db, .data = rb};
        CHECK_OK(ga_mtimes(&oa, 0, &ob, 0, &ic));
        check_product(ic, want, m, n, k, a, 0, b, 0, 0, 0, 1);
        ga_release(ia);
        ga_release(ib);
        ga_release(ic);
      }
      free(a);
      free(b);
      free(ra);
      free(rb);
    }
}

static void expect_error(ga_status st, ga_status want, const char *msg)
{
  if (st != want)
    fail_msg("status %d (%s), expected %d; message %s", (int)st, ga_status_id(st), (int)want, ga_last_error());
  if (strcmp(ga_last_error(), msg) != 0)
    fail_msg("message \"%s\", expected \"%s\"", ga_last_error(), msg);
}

static void test_errors_and_shapes(void **state)
{
  (void)state;
  double z[64] = {0};
  int32_t iz[64] = {0};
  int64_t d23[2] = {2, 3}, d33[2] = {3, 3};
  ga_operand h23 = {.is_host = 1, .cls = GA_DOUBLE, .ndims = 2, .dims = d23, .data = z};
  ga_operand i23 = {.is_host = 1, .cls = GA_INT32, .ndims = 2, .dims = d23, .data = iz};
  ga_operand i33 = {.is_host = 1, .cls = GA_INT32, .ndims = 2, .dims = d33, .data = iz};
  ga_operand b33 = {.is_host = 1, .cls = GA_LOGICAL, .ndims = 2, .dims = d33, .data = iz};
  ga_operand f33 = {.is_host = 1, .cls = GA_SINGLE, .ndims = 2, .dims = d33, .data = z};
  ga_id c = 0;
  expect_error(ga_mtimes(&h23, 0, &h23, 0, &c), GA_ERR_NONCONFORMANT,
               "operator *: nonconformant arguments (op1 is 2x3, op2 is 2x3)");
  expect_error(ga_mtimes(&h23, 1, &h23, 1, &c), GA_ERR_NONCONFORMANT,
               "operator *: nonconformant arguments (op1 is 3x2, op2 is 3x2)");
  expect_error(ga_mtimes(&i23, 0, &i33, 0, &c), GA_ERR_CLASS,
               "binary operator '*' not implemented for 'int32 matrix' by 'int32 matrix' operations");
  expect_error(ga_mtimes(&b33, 0, &i33, 0, &c), GA_ERR_CLASS,
               "binary operator '*' not implemented for 'matrix' by 'int32 matrix' operations");
  expect_error(ga_mtimes(&i23, 0, &f33, 0, &c), GA_ERR_CLASS,
               "binary operator '*' not implemented for 'int32 matrix' by 'float matrix' operations");
  /* N-d operands are read as 2-D: 2x3x2 is 2x6 */
  int64_t d232[3] = {2, 3, 2}, d62[2] = {6, 2}, d32[2] = {3, 2};
  double v12[12];
  for (int i = 0; i < 12; i++)
    v12[i] = i + 1;
  ga_operand nd = {.is_host = 1, .cls = GA_DOUBLE, .ndims = 3, .dims = d232, .data = v12};
  ga_operand m62 = {.is_host = 1, .cls = GA_DOUBLE, .ndims = 2, .dims = d62, .data = v12};
  ga_operand m32 = {.is_host = 1, .cls = GA_DOUBLE, .ndims = 2, .dims = d32, .data = v12};
  expect_error(ga_mtimes(&nd, 0, &m32, 0, &c), GA_ERR_NONCONFORMANT,
               "operator *: nonconformant arguments (op1 is 2x6, op2 is 3x2)");
  CHECK_OK(ga_mtimes(&nd, 0, &m62, 0, &c));
  double got[4];
  CHECK_OK(ga_download(c, got, sizeof got));
  /* [1 3 5 7 9 11; 2 4 6 8 10 12] * [1..6; 7..12]' */
  double want[4] = {0};
  for (int i = 0; i < 2; i++)
    for (int j = 0; j < 2; j++)
      for (int q = 0; q < 6; q++)
        want[i + 2 * j] += v12[i + 2 * q] * v12[q + 6 * j];
  for (int i = 0; i < 4; i++)
    assert_true(got[i] == want[i]);
  ga_release(c);
  /* empty shapes: 3x0 * 0x4 is zeros (3, 4); 0x3 * 3x4 is 0x4 */
  int64_t d30[2] = {3, 0}, d04[2] = {0, 4}, d03[2] = {0, 3}, d34[2] = {3, 4};
  ga_operand e30 = {.is_host = 1, .cls = GA_DOUBLE, .ndims = 2, .dims = d30, .data = z};
  ga_operand e04 = {.is_host = 1, .cls = GA_SINGLE, .ndims = 2, .dims = d04, .data = z};
  ga_operand e03 = {.is_host = 1, .cls = GA_DOUBLE, .ndims = 2, .dims = d03, .data = z};
  ga_operand m34 = {.is_host = 1, .cls = GA_DOUBLE, .ndims = 2, .dims = d34, .data = z};
  CHECK_OK(ga_mtimes(&e30, 0, &e04, 0, &c));
  ga_class cls;
  int n;
  int64_t dims[4];
  CHECK_OK(ga_describe(c, &cls, &n, dims));
  assert_int_equal(cls, GA_SINGLE);
  assert_true(n == 2 && dims[0] == 3 && dims[1] == 4);
  float zf[12];
  memset(zf, 0xff, sizeof zf);
  CHECK_OK(ga_download(c, zf, sizeof zf));
  for (int i = 0; i < 12; i++)
    assert_true(zf[i] == 0.0f);
  ga_release(c);
  CHECK_OK(ga_mtimes(&e03, 0, &m34, 0, &c));
  CHECK_OK(ga_describe(c, &cls, &n, dims));
  assert_true(n == 2 && dims[0] == 0 && dims[1] == 4);
  ga_release(c);
  /* a transposed N-d operand has no meaning */
  assert_int_equal(ga_mtimes(&nd, 1, &m62, 0, &c), GA_ERR_ARG);
}

/* NaN and Inf propagate as in BLAS: NaN * 0 and Inf * 0 are NaN, never skipped */
static void test_nan_inf(void **state)
{
  (void)state;
  for (int cls = 0; cls < 2; cls++)
    for (int64_t sz = 3; sz <= 131; sz += 128) {
      int64_t m = sz, n = sz, k = sz;
      size_t es = cls ? 4 : 8;
      char *a = xmalloc((size_t)(m * k) * es), *b = calloc((size_t)(k * n), es);
      for (int64_t i = 0; i < m * k; i++) {
        double v = (i % m == 1) ? NAN : (i % m == 2 && i / m == 0) ? INFINITY : 1.0;
        if (cls)
          ((float *)a)[i] = (float)v;
        else
          ((double *)a)[i] = v;
      }
      ga_id ia = upload(cls ? GA_SINGLE : GA_DOUBLE, m, k, a), ib = upload(cls ? GA_SINGLE : GA_DOUBLE, k, n, b), ic;
      ga_operand oa = held(ia), ob = held(ib);
      CHECK_OK(ga_mtimes(&oa, 0, &ob, 0, &ic));
      char *c = xmalloc((size_t)(m * n) * es);
      CHECK_OK(ga_download(ic, c, (size_t)(m * n) * es));
      for (int64_t j = 0; j < n; j++)
        for (int64_t i = 0; i < m; i++) {
          double v = cls ? ((float *)c)[i + j * m] : ((double *)c)[i + j * m];
          if ((i == 1 || i == 2) ? !isnan(v) : v != 0.0)
            fail_msg("size %lld C(%lld,%lld) = %g", (long long)sz, (long long)i, (long long)j, v);
        }
      ga_release(ia);
      ga_release(ib);
      ga_release(ic);
      free(a);
      free(b);
      free(c);
    }
}

/* Pending operands are evaluated first: (A + 1) * fill */
static void test_lazy_operands(void **state)
{
  (void)state;
  rng_state = 7;
  int64_t m = 40, k = 30, n = 20;
  void *ra;
  double *a = random_values(GA_DOUBLE, m * k, &ra);
  ga_id ia = upload(GA_DOUBLE, m, k, ra), ones = 0, sum = 0, ic = 0;
  int64_t dk[2] = {k, n};
  CHECK_OK(ga_fill(GA_DOUBLE, 2, dk, 0.5, &ones));
  double one = 1.0;
  int64_t d1[2] = {1, 1};
  ga_operand oa = held(ia), o1 = {.is_host = 1, .cls = GA_DOUBLE, .ndims = 2, .dims = d1, .data = &one};
  CHECK_OK(ga_binary(GA_OP_PLUS, &oa, &o1, &sum));
  ga_operand os = held(sum), oo = held(ones);
  CHECK_OK(ga_mtimes(&os, 0, &oo, 0, &ic));
  double *b = xmalloc((size_t)(k * n) * sizeof *b);
  for (int64_t i = 0; i < m * k; i++)
    a[i] += 1.0;
  for (int64_t i = 0; i < k * n; i++)
    b[i] = 0.5;
  check_product(ic, GA_DOUBLE, m, n, k, a, 0, b, 0, 0, 0, 1);
  ga_release(ia);
  ga_release(ones);
  ga_release(sum);
  ga_release(ic);
  free(a);
  free(b);
  free(ra);
}

/* pagemtimes: equal pages, one side broadcast, and broadcasting mixed across dims */
static void test_pages(void **state)
{
  (void)state;
  rng_state = 11;
  struct {
    int64_t a[4], b[4];
  } cases[] = {
    {{5, 4, 3, 1}, {4, 6, 3, 1}}, {{5, 4, 3, 1}, {4, 6, 1, 1}}, {{1, 7, 1, 1}, {7, 3, 2, 1}},
    {{6, 7, 3, 1}, {7, 1, 3, 1}}, {{5, 4, 1, 2}, {4, 6, 3, 1}}, {{33, 9, 2, 2}, {9, 70, 2, 2}},
  };
  for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++)
    for (int cls = 0; cls < 2; cls++) {
      ga_class gc = cls ? GA_SINGLE : GA_DOUBLE;
      const int64_t *da = cases[c].a, *db = cases[c].b;
      int64_t na = da[0] * da[1] * da[2] * da[3], nb = db[0] * db[1] * db[2] * db[3];
      void *ra, *rb;
      double *a = random_values(gc, na, &ra), *b = random_values(gc, nb, &rb);
      ga_id ia, ib, ic;
      CHECK_OK(ga_upload(gc, 4, da, ra, &ia));
      CHECK_OK(ga_upload(gc, 4, db, rb, &ib));
      ga_operand oa = held(ia), ob = held(ib);
      CHECK_OK(ga_pagemtimes(&oa, 0, &ob, 0, &ic));
      int64_t m = da[0], k = da[1], n = db[1], p2 = da[2] > db[2] ? da[2] : db[2], p3 = da[3] > db[3] ? da[3] : db[3];
      size_t es = ga_class_size(gc), page = (size_t)(m * n);
      char *got = xmalloc(page * (size_t)(p2 * p3) * es);
      CHECK_OK(ga_download(ic, got, page * (size_t)(p2 * p3) * es));
      /* page by page against mtimes of the pages, itself checked above */
      for (int64_t i3 = 0; i3 < p3; i3++)
        for (int64_t i2 = 0; i2 < p2; i2++) {
          int64_t pa = (da[2] == 1 ? 0 : i2) + da[2] * (da[3] == 1 ? 0 : i3);
          int64_t pb = (db[2] == 1 ? 0 : i2) + db[2] * (db[3] == 1 ? 0 : i3);
          int64_t p = i2 + p2 * i3;
          for (int64_t j = 0; j < n; j++)
            for (int64_t i = 0; i < m; i++) {
              long double s = 0, mag = 0;
              for (int64_t q = 0; q < k; q++) {
                long double x = a[pa * m * k + i + q * m], y = b[pb * k * n + q + j * k];
                s += x * y;
                mag += fabsl(x * y);
              }
              size_t at = (size_t)p * page + (size_t)(i + j * m);
              double g = cls ? ((float *)got)[at] : ((double *)got)[at];
              double tol = (double)((k + 2) * (cls ? FLT_EPSILON : DBL_EPSILON) * mag) + 1e-300;
              if (!(fabs(g - (double)s) <= tol))
                fail_msg("case %zu page %lld C(%lld,%lld) = %g, expected %Lg", c, (long long)p, (long long)i,
                         (long long)j, g, s);
            }
        }
      ga_release(ia);
      ga_release(ib);
      ga_release(ic);
      free(a);
      free(b);
      free(ra);
      free(rb);
      free(got);
    }
}

/* More tiles than lavapipe's 65535 workgroups along x: the grid folds into y. The
 * single-precision outer product of a column of 8.4 million and a 1x2 row. */
static void test_large_grid(void **state)
{
  (void)state;
  const char *skip = getenv("GA_TEST_SKIP_LARGE");
  if (skip && strcmp(skip, "1") == 0)
    skip();
  int64_t m = 65536 * 128 + 77, n = 2;
  float *a = xmalloc((size_t)m * sizeof *a), b[2] = {0.5f, -2.0f};
  for (int64_t i = 0; i < m; i++)
    a[i] = (float)(i % 1000) - 500.0f;
  ga_id ia = upload(GA_SINGLE, m, 1, a), ib = upload(GA_SINGLE, 1, n, b), ic;
  ga_operand oa = held(ia), ob = held(ib);
  CHECK_OK(ga_mtimes(&oa, 0, &ob, 0, &ic));
  float *c = xmalloc((size_t)(m * n) * sizeof *c);
  CHECK_OK(ga_download(ic, c, (size_t)(m * n) * sizeof *c));
  for (int64_t j = 0; j < n; j++)
    for (int64_t i = 0; i < m; i++)
      if (c[i + j * m] != a[i] * b[j])
        fail_msg("C(%lld,%lld) = %g, expected %g", (long long)i, (long long)j, c[i + j * m], a[i] * b[j]);
  ga_release(ia);
  ga_release(ib);
  ga_release(ic);
  free(a);
  free(c);
}


static bool on_vulkan(void)
{
  ga_device_info info;
  CHECK_OK(ga_get_device_info(&info));
  return strcmp(info.provider, "vulkan") == 0;
}

/* A product of a pending view (made here: vid) with a dense operand, as ga_mtimes(view,
 * tv, dense, 0) or (dense, 0, view, tv): the view must be read in place (still pending
 * afterwards; on Vulkan one dispatch, no copy) and the values right. */
static void one_view_product(ga_class cls, ga_id vid, int tv, bool view_left, ga_id did, int64_t m, int64_t n,
                             int64_t k, const double *a, int ta, const double *b, int tb)
{
  ga_operand ov = held(vid), od = held(did);
  ga_id ic = 0;
  ga_reset_stats();
  CHECK_OK(view_left ? ga_mtimes(&ov, tv, &od, 0, &ic) : ga_mtimes(&od, 0, &ov, tv, &ic));
  ga_tensor *t;
  CHECK_OK(ga_handles_get(ic, &t)); /* runs the product */
  ga_stats st;
  ga_get_stats(&st);
  if (on_vulkan())
    assert_int_equal(st.dispatches, 1);
  CHECK_OK(ga_handles_peek(vid, &t));
  if (!ga_tensor_is_view(t, NULL))
    fail_msg("the view operand was copied out (%s, ta %d tb %d)", cls == GA_SINGLE ? "single" : "double", ta, tb);
  check_product(ic, cls, m, n, k, a, ta, b, tb, 0, 0, 1);
  ga_release(ic);
}

/* Transposes (small enough to stay pending views) and row blocks A(i:j, :) go into the
 * product as they lie, through its leading dimension, offset and transpose flag. */
static void test_view_operands(void **state)
{
  (void)state;
  rng_state = 9090;
  const int64_t m = 45, n = 29, k = 37;
  for (int c = 0; c < 2; c++) {
    ga_class cls = c ? GA_SINGLE : GA_DOUBLE;
    void *ra, *rb, *rbig;
    /* a as stored k x m (its transpose is op(A)); b as stored n x k */
    double *a = random_values(cls, m * k, &ra), *b = random_values(cls, k * n, &rb);
    ga_id ia = upload(cls, k, m, ra), ib = upload(cls, n, k, rb), iat, ibt;
    const int perm[2] = {1, 0};
    CHECK_OK(ga_permute(ia, 2, perm, 0, &iat));
    CHECK_OK(ga_permute(ib, 2, perm, 0, &ibt));
    ga_tensor *t;
    CHECK_OK(ga_handles_peek(iat, &t));
    assert_true(ga_tensor_is_view(t, NULL)); /* the premise: a pending transposed view */
    /* A' * B', each operand alone a view */
    one_view_product(cls, iat, 0, true, ibt, m, n, k, a, 1, b, 1);
    one_view_product(cls, ibt, 0, false, iat, m, n, k, a, 1, b, 1);
    /* (A')' * B': the flag and the view's transpose cancel */
    void *rc;
    double *cm = random_values(cls, m * k, &rc);
    ga_id icm = upload(cls, m, k, rc), icmt;
    CHECK_OK(ga_permute(icm, 2, perm, 0, &icmt));
    one_view_product(cls, icmt, 1, true, ibt, m, n, k, cm, 0, b, 1);
    /* a row block: rows 3 .. m+2 of an (m + 7) x k matrix, at an offset, ld m + 7 */
    int64_t rows = m + 7;
    double *big = random_values(cls, rows * k, &rbig), *blk = xmalloc((size_t)(m * k) * sizeof *blk);
    for (int64_t q = 0; q < k; q++)
      for (int64_t i = 0; i < m; i++)
        blk[i + q * m] = big[3 + i + q * rows];
    ga_id ibig = upload(cls, rows, k, rbig), iblk;
    ga_tensor *tb, *tv;
    CHECK_OK(ga_handles_peek(ibig, &tb));
    ga_view_layout v = {.base = tb, .offset = 3, .strides = {1, rows}};
    int64_t bd[2] = {m, k};
    CHECK_OK(ga_tensor_view(&v, cls, 2, bd, &tv));
    CHECK_OK(ga_handles_insert(tv, &iblk));
    one_view_product(cls, iblk, 0, true, ibt, m, n, k, blk, 0, b, 1);
    ga_id ids[] = {ia, ib, iat, ibt, icm, icmt, ibig, iblk};
    for (size_t i = 0; i < sizeof ids / sizeof ids[0]; i++)
      ga_release(ids[i]);
    free(a);
    free(b);
    free(cm);
    free(big);
    free(blk);
    free(ra);
    free(rb);
    free(rc);
    free(rbig);
  }
}

/* C(block) -= op(A(block)) * op(B(block)) through the planner with the update flag, as
 * ga_solve.c calls it: every operand a block at an offset inside a larger matrix. */
static void one_update(ga_class cls, int64_t m, int64_t n, int64_t k, int ta, int tb)
{
  int64_t ra = (ta ? k : m) + 3, ca = (ta ? m : k) + 2, rb = (tb ? n : k) + 1, cb = (tb ? k : n) + 2;
  int64_t rc = m + 5, cc = n + 3;
  void *xa, *xb, *xc;
  double *a = random_values(cls, ra * ca, &xa), *b = random_values(cls, rb * cb, &xb), *c = random_values(cls, rc * cc, &xc);
  ga_id ia = upload(cls, ra, ca, xa), ib = upload(cls, rb, cb, xb), ic = upload(cls, rc, cc, xc);
  ga_tensor *ta_, *tb_, *tc_;
  CHECK_OK(ga_handles_get(ia, &ta_));
  CHECK_OK(ga_handles_get(ib, &tb_));
  CHECK_OK(ga_handles_get(ic, &tc_));
  int64_t oa = 2 + 1 * ra, ob = 1 + 2 * rb, oc = 3 + 2 * rc;
  ga_gemm_desc d = {.cls = cls, .trans_a = ta, .trans_b = tb, .m = m, .n = n, .k = k, .a = &ta_->buf,
                    .b = &tb_->buf, .c = &tc_->buf, .lda = ra, .ldb = rb, .ldc = rc, .off_a = oa, .off_b = ob,
                    .off_c = oc, .batch = 1, .update = 1};
  CHECK_OK(ga_plan_gemm(&d));
  size_t es = ga_class_size(cls);
  void *raw = xmalloc((size_t)(rc * cc) * es);
  CHECK_OK(ga_download(ic, raw, (size_t)(rc * cc) * es));
  double eps = cls == GA_SINGLE ? FLT_EPSILON : DBL_EPSILON;
  for (int64_t j = 0; j < cc; j++)
    for (int64_t i = 0; i < rc; i++) {
      int64_t bi = i - 3, bj = j - 2;
      long double want = c[i + j * rc], mag = fabsl(want);
      if (bi >= 0 && bi < m && bj >= 0 && bj < n)
        for (int64_t q = 0; q < k; q++) {
          long double x = ta ? a[oa + q + bi * ra] : a[oa + bi + q * ra];
          long double y = tb ? b[ob + bj + q * rb] : b[ob + q + bj * rb];
          want -= x * y;
          mag += fabsl(x * y);
        }
      double got = cls == GA_SINGLE ? ((float *)raw)[i + j * rc] : ((double *)raw)[i + j * rc];
      if (!(fabs(got - (double)want) <= (double)((k + 3) * eps * mag) + 1e-300))
        fail_msg("update C(%lld,%lld) = %.17g, expected %.17Lg (m %lld n %lld k %lld ta %d tb %d, variant %s)",
                 (long long)i, (long long)j, got, want, (long long)m, (long long)n, (long long)k, ta, tb,
                 ga_gemm_variant(cls));
    }
  free(raw);
  ga_release(ia);
  ga_release(ib);
  ga_release(ic);
  free(a);
  free(b);
  free(c);
  free(xa);
  free(xb);
  free(xc);
}

/* A page batch with op(B) broadcast over A's pages (stride 0) */
static void one_batch(ga_class cls, int64_t m, int64_t n, int64_t k, int64_t pages)
{
  void *ra, *rb;
  double *a = random_values(cls, m * k * pages, &ra), *b = random_values(cls, k * n, &rb);
  int64_t da[3] = {m, k, pages}, db[2] = {k, n};
  ga_id ia, ib, ic;
  CHECK_OK(ga_upload(cls, 3, da, ra, &ia));
  CHECK_OK(ga_upload(cls, 2, db, rb, &ib));
  ga_operand oa = held(ia), ob = held(ib);
  CHECK_OK(ga_pagemtimes(&oa, 0, &ob, 0, &ic));
  size_t count = (size_t)(m * n * pages), es = ga_class_size(cls);
  char *got = xmalloc(count * es);
  CHECK_OK(ga_download(ic, got, count * es));
  double eps = cls == GA_SINGLE ? FLT_EPSILON : DBL_EPSILON;
  for (int64_t p = 0; p < pages; p++)
    for (int64_t j = 0; j < n; j++)
      for (int64_t i = 0; i < m; i++) {
        long double s = 0, mag = 0;
        for (int64_t q = 0; q < k; q++) {
          long double x = a[p * m * k + i + q * m], y = b[q + j * k];
          s += x * y;
          mag += fabsl(x * y);
        }
        size_t at = (size_t)(p * m * n + i + j * m);
        double g = cls == GA_SINGLE ? ((float *)got)[at] : ((double *)got)[at];
        if (!(fabs(g - (double)s) <= (double)((k + 2) * eps * mag) + 1e-300))
          fail_msg("batch page %lld C(%lld,%lld) = %g, expected %Lg (variant %s)", (long long)p, (long long)i,
                   (long long)j, g, s, ga_gemm_variant(cls));
      }
  ga_release(ia);
  ga_release(ib);
  ga_release(ic);
  free(a);
  free(b);
  free(ra);
  free(rb);
  free(got);
}

/* Each variant forced in turn (GPUARRAY_GEMM_TILE), checked to be the one that ran. */
static void test_variants(void **state)
{
  ga_class cls = *(ga_class *)*state;
  if (!on_vulkan())
    skip();
  rng_state = 4321 + (uint64_t)cls;
  static const int64_t vshapes[][3] = {{7, 5, 3}, {129, 70, 37}, {64, 64, 16}, {130, 131, 9}, {36, 200, 33}};
  int forced = 0;
  for (int v = 0; ga_gemm_candidate(cls, v); v++) {
    const char *name = ga_gemm_candidate(cls, v);
    /* a variant over this device's shared memory (deep double tiles on lavapipe's 32 KiB)
     * is not taken: the default would run under its name */
    if (!ga_gemm_variant_fits(cls, name)) {
      printf("  %s: %s does not fit this device, not forced\n", cls == GA_SINGLE ? "single" : "double", name);
      continue;
    }
    forced++;
    setenv("GPUARRAY_GEMM_TILE", name, 1);
    for (size_t s = 0; s < sizeof vshapes / sizeof vshapes[0]; s++)
      one_product(cls, vshapes[s][0], vshapes[s][1], vshapes[s][2]);
    if (strcmp(ga_gemm_variant(cls), name) != 0)
      fail_msg("forced variant %s, ran %s", name, ga_gemm_variant(cls));
    one_batch(cls, 33, 70, 9, 3);
    for (int t = 0; t < 4; t++)
      one_update(cls, 67, 45, 21 + 16 * t, t & 1, t >> 1);
    /* whole tiles: the kernel without bounds tests (gemm.comp FIT), which double products
     * take only when asked; the first variants (the defaults and single's tuned choice)
     * and the producers' (whose loads FIT changes), each transpose, to keep lavapipe's
     * compiling in bounds */
    if (v < 3 || strstr(name, "-q")) {
      setenv("GPUARRAY_GEMM_FIT", "1", 1);
      one_product(cls, 256, 128, 64);
      one_product(cls, 260, 132, 68); /* aligned vectors, partial tiles: FIT 2 */
      unsetenv("GPUARRAY_GEMM_FIT");
    }
    if (strcmp(ga_gemm_variant(cls), name) != 0)
      fail_msg("forced variant %s, ran %s", name, ga_gemm_variant(cls));
  }
  unsetenv("GPUARRAY_GEMM_TILE");
  assert_true(forced >= 8); /* all but a few of each class run everywhere */
  /* names the kernel cannot take are ignored: the default runs (the autotuner's choice
   * where this device has a record, as on a GPU, else the first candidate) */
  one_product(cls, 20, 20, 20);
  char dflt[64];
  snprintf(dflt, sizeof dflt, "%s", ga_gemm_variant(cls));
  setenv("GPUARRAY_GEMM_TILE", "128x64x8-6x8", 1);
  one_product(cls, 20, 20, 20);
  assert_string_equal(ga_gemm_variant(cls), dflt);
  /* one producer warp would hold 24 units of a 128x64x16 step, more than acc has room
   * for (16); 32x32 at 8 x 8 each is half a warp of consumers */
  setenv("GPUARRAY_GEMM_TILE", "128x64x16-8x8-q1", 1);
  one_product(cls, 20, 20, 20);
  assert_string_equal(ga_gemm_variant(cls), dflt);
  setenv("GPUARRAY_GEMM_TILE", "32x32x8-8x8-q1", 1);
  one_product(cls, 20, 20, 20);
  assert_string_equal(ga_gemm_variant(cls), dflt);
  unsetenv("GPUARRAY_GEMM_TILE");
}

/* The single subfolder of dir (the cache's device folder), or "" */
static void device_folder(const char *dir, char *out, size_t cap)
{
  out[0] = '\0';
  DIR *d = opendir(dir);
  if (!d)
    return;
  struct dirent *e;
  while ((e = readdir(d)))
    if (e->d_name[0] != '.')
      snprintf(out, cap, "%s/%s", dir, e->d_name);
  closedir(d);
}

static char *slurp(const char *path, size_t *len)
{
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  char *buf = xmalloc(4096);
  *len = fread(buf, 1, 4095, f);
  buf[*len] = '\0';
  fclose(f);
  return buf;
}

static void rm_tree(const char *dir)
{
  DIR *d = opendir(dir);
  if (!d)
    return;
  struct dirent *e;
  char path[1024];
  while ((e = readdir(d))) {
    if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
      continue;
    snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
    struct stat sb;
    if (stat(path, &sb) == 0 && S_ISDIR(sb.st_mode))
      rm_tree(path);
    else
      unlink(path);
  }
  closedir(d);
  rmdir(dir);
}

static uint64_t tunings(void)
{
  ga_stats s;
  ga_get_stats(&s);
  return s.gemm_tunings;
}

/* The autotuner, forced on a small product: it runs once, records its choice in the
 * disk cache, a new session reads the choice back and uses it without tuning, a corrupt
 * record is ignored and rewritten, GPUARRAY_GEMM_AUTOTUNE=0 gives the default. */
static void test_autotune(void **state)
{
  (void)state;
  if (!on_vulkan())
    skip();
  rng_state = 555;
  char dir[] = "/tmp/ga_gemm_tune_XXXXXX";
  if (!mkdtemp(dir))
    fail_msg("mkdtemp");
  const char *old = getenv("GPUARRAY_CACHE_DIR");
  char *keep = old ? strdup(old) : NULL;
  setenv("GPUARRAY_CACHE_DIR", dir, 1);
  setenv("GPUARRAY_GEMM_AUTOTUNE", "force", 1);
  setenv("GPUARRAY_GEMM_SMALL", "0", 1); /* these small products run the class's choice */
  unsetenv("GPUARRAY_GEMM_TILE");
  CHECK_OK(ga_reset(0));
  ga_reset_stats();
  one_product(GA_SINGLE, 70, 66, 50);
  assert_int_equal(tunings(), 1); /* once for the class, not per transpose */
  char chosen[48];
  snprintf(chosen, sizeof chosen, "%s", ga_gemm_variant(GA_SINGLE));
  char folder[700], file[800];
  device_folder(dir, folder, sizeof folder);
  snprintf(file, sizeof file, "%s/gemm-tune-single.txt", folder);
  size_t len = 0;
  char *rec = slurp(file, &len);
  if (!rec)
    fail_msg("no tuning record at %s", file);
  /* the record: header, key ("gemm-tune:vN:single:<hash>"), then the choice's name */
  const char *key = NULL;
  for (size_t i = 0; i + 7 <= len && !key; i++)
    if (memcmp(rec + i, "single:", 7) == 0)
      key = rec + i;
  assert_non_null(key);
  const char *name = key + 7 + 16;
  if (strncmp(name, chosen, strlen(chosen)) != 0 || name[strlen(chosen)] != '\n')
    fail_msg("record names %.40s, the product ran %s", name, chosen);
  /* a new session reads the choice and uses it: no tuning */
  CHECK_OK(ga_reset(0));
  ga_reset_stats();
  one_product(GA_SINGLE, 70, 66, 50);
  assert_int_equal(tunings(), 0);
  assert_string_equal(ga_gemm_variant(GA_SINGLE), chosen);
  /* doubles have their own record */
  one_product(GA_DOUBLE, 40, 36, 30);
  assert_int_equal(tunings(), 1);
  /* tuning disabled: the default, whatever is recorded */
  setenv("GPUARRAY_GEMM_AUTOTUNE", "0", 1);
  one_product(GA_SINGLE, 20, 20, 20);
  assert_string_equal(ga_gemm_variant(GA_SINGLE), ga_gemm_candidate(GA_SINGLE, 0));
  setenv("GPUARRAY_GEMM_AUTOTUNE", "force", 1);
  /* a corrupt record (one byte of the name changed) is ignored and rewritten */
  rec[name - rec] ^= 0x01;
  FILE *f = fopen(file, "wb");
  assert_non_null(f);
  assert_int_equal(fwrite(rec, 1, len, f), len);
  fclose(f);
  free(rec);
  CHECK_OK(ga_reset(0));
  ga_reset_stats();
  one_product(GA_SINGLE, 70, 66, 50);
  assert_int_equal(tunings(), 1);
  CHECK_OK(ga_reset(0));
  ga_reset_stats();
  one_product(GA_SINGLE, 70, 66, 50);
  assert_int_equal(tunings(), 0);
  /* a forced variant wins over the record */
  setenv("GPUARRAY_GEMM_TILE", ga_gemm_candidate(GA_SINGLE, 2), 1);
  one_product(GA_SINGLE, 20, 20, 20);
  assert_string_equal(ga_gemm_variant(GA_SINGLE), ga_gemm_candidate(GA_SINGLE, 2));
  unsetenv("GPUARRAY_GEMM_TILE");
  /* without the flag, small products on a CPU device never tune */
  unsetenv("GPUARRAY_GEMM_AUTOTUNE");
  rm_tree(dir);
  CHECK_OK(ga_reset(0));
  ga_reset_stats();
  one_product(GA_SINGLE, 70, 66, 50);
  assert_int_equal(tunings(), 0);
  assert_string_equal(ga_gemm_variant(GA_SINGLE), ga_gemm_candidate(GA_SINGLE, 0));
  if (keep)
    setenv("GPUARRAY_CACHE_DIR", keep, 1);
  else
    unsetenv("GPUARRAY_CACHE_DIR");
  free(keep);
  unsetenv("GPUARRAY_GEMM_SMALL");
  CHECK_OK(ga_reset(0));
  rm_tree(dir);
}

/* Products whose tiles of the chosen variant fill at most half the device's SMs (eight on
 * a device that does not say) run on GPUARRAY_GEMM_SMALL's smaller tiles where those are
 * more; larger products, a forced variant and GPUARRAY_GEMM_SMALL=0 keep theirs. */
static void test_small_tiles(void **state)
{
  (void)state;
  if (!on_vulkan())
    skip();
  rng_state = 777;
  setenv("GPUARRAY_GEMM_AUTOTUNE", "0", 1);
  unsetenv("GPUARRAY_GEMM_TILE");
  ga_device_info info;
  CHECK_OK(ga_get_device_info(&info));
  int64_t units = info.multiprocessor_count > 0 ? info.multiprocessor_count : 8;
  const char *def[2] = {ga_gemm_candidate(GA_SINGLE, 0), ga_gemm_candidate(GA_DOUBLE, 0)};
  ga_class classes[2] = {GA_SINGLE, GA_DOUBLE};
  for (int c = 0; c < 2; c++) {
    ga_class cls = classes[c];
    unsetenv("GPUARRAY_GEMM_SMALL");
    one_product(cls, 100, 16, 40); /* one tile of 128 x 64 or 128 x 128 */
    assert_string_equal(ga_gemm_variant(cls), "32x64x8-4x4");
    setenv("GPUARRAY_GEMM_SMALL", "32x32x8-4x4", 1);
    one_product(cls, 97, 33, 19); /* ragged small tiles */
    assert_string_equal(ga_gemm_variant(cls), "32x32x8-4x4");
    /* default tiles for more than half the units: the default */
    one_product(cls, 128 * (units / 2 + 1), 50, 9);
    assert_string_equal(ga_gemm_variant(cls), def[c]);
    setenv("GPUARRAY_GEMM_SMALL", "0", 1);
    one_product(cls, 100, 16, 40);
    assert_string_equal(ga_gemm_variant(cls), def[c]);
    setenv("GPUARRAY_GEMM_SMALL", "32x32x8-4x4", 1);
    setenv("GPUARRAY_GEMM_TILE", def[c], 1);
    one_product(cls, 100, 16, 40);
    assert_string_equal(ga_gemm_variant(cls), def[c]);
    unsetenv("GPUARRAY_GEMM_TILE");
  }
  unsetenv("GPUARRAY_GEMM_SMALL");
  unsetenv("GPUARRAY_GEMM_AUTOTUNE");
}

static int teardown_clean(void **state)
{
  (void)state;
  ga_stats s;
  ga_get_stats(&s);
  if (s.validation_messages > 0) {
    print_error("%llu Vulkan validation messages\n", (unsigned long long)s.validation_messages);
    return -1;
  }
  if (s.live_tensors == 0 && s.bytes_in_use == 0)
    return 0;
  print_error("after the test: %llu live values, %llu bytes in use; resetting\n",
              (unsigned long long)s.live_tensors, (unsigned long long)s.bytes_in_use);
  ga_reset(0);
  return -1;
}

/* An elementwise consumer of a pending product runs in the product's kernel: max(P, 0)
 * and P + c (c a column) equal the product stored and the operation applied after,
 * exactly, in one dispatch; a product still held by its id is stored first. */
static void test_epilogue(void **state)
{
  (void)state;
  rng_state = 7;
  setenv("GPUARRAY_FUSE_EPILOGUES", "1", 1); /* off by default (ga_plan_epilogue) */
  const ga_class cs[2] = {GA_DOUBLE, GA_SINGLE};
  /* then again with producer warps (gemm.comp PW), whose consumers alone store C and
   * run the epilogue: the class's first candidate with producers that fits this device
   * (none on the host provider) */
  for (int x = 0; x < 4; x++) {
    ga_class cls = cs[x % 2];
    const char *forced = NULL;
    for (int v = 0; x >= 2 && !forced && ga_gemm_candidate(cls, v); v++)
      if (strstr(ga_gemm_candidate(cls, v), "-q") && ga_gemm_variant_fits(cls, ga_gemm_candidate(cls, v)))
        forced = ga_gemm_candidate(cls, v);
    if (x >= 2 && !forced)
      continue;
    if (forced)
      setenv("GPUARRAY_GEMM_TILE", forced, 1);
    size_t es = ga_class_size(cls);
    int64_t m = 37, n = 19, k = 23;
    void *ra, *rb, *rc;
    double *a = random_values(cls, m * k, &ra), *b = random_values(cls, k * n, &rb);
    double *c = random_values(cls, m, &rc);
    ga_id ia = upload(cls, m, k, ra), ib = upload(cls, k, n, rb), icol = upload(cls, m, 1, rc), ip = 0, iy = 0, iz = 0;
    ga_operand oa = held(ia), ob = held(ib), ocol = held(icol);
    double zero = 0.0;
    int64_t one[2] = {1, 1};
    ga_operand oz = {.is_host = 1, .cls = GA_DOUBLE, .ndims = 2, .dims = one, .data = &zero};
    char *plain = xmalloc((size_t)(m * n) * es), *fused = xmalloc((size_t)(m * n) * es);
    CHECK_OK(ga_mtimes(&oa, 0, &ob, 0, &ip));
    CHECK_OK(ga_download(ip, plain, (size_t)(m * n) * es));
    ga_release(ip);
    for (int e = 0; e < 2; e++) {
      ga_stats s0, s1;
      CHECK_OK(ga_get_stats(&s0));
      CHECK_OK(ga_mtimes(&oa, 0, &ob, 0, &ip));
      ga_operand op = held(ip);
      CHECK_OK(ga_binary(e ? GA_OP_PLUS : GA_OP_MAX, &op, e ? &ocol : &oz, &iy));
      ga_release(ip);
      CHECK_OK(ga_download(iy, fused, (size_t)(m * n) * es));
      CHECK_OK(ga_get_stats(&s1));
      ga_release(iy);
      assert_int_equal(s1.dispatches - s0.dispatches, 1);
      assert_int_equal(s1.gemm_epilogues - s0.gemm_epilogues, 1);
      if (forced)
        assert_string_equal(ga_gemm_variant(cls), forced);
      for (int64_t i = 0; i < m * n; i++) {
        double p = cls == GA_SINGLE ? ((float *)plain)[i] : ((double *)plain)[i];
        double y = cls == GA_SINGLE ? ((float *)fused)[i] : ((double *)fused)[i];
        double want = e ? p + c[i % m] : (p > 0 ? p : 0);
        if (cls == GA_SINGLE)
          want = (float)want;
        if (y != want)
          fail_msg("class %d epilogue %d element %lld: %.17g, unfused %.17g", (int)cls, e, (long long)i, y, want);
      }
    }
    /* held: the product runs alone and the maximum reads it */
    ga_stats s0, s1;
    CHECK_OK(ga_get_stats(&s0));
    CHECK_OK(ga_mtimes(&oa, 0, &ob, 0, &ip));
    ga_operand op = held(ip);
    CHECK_OK(ga_binary(GA_OP_MAX, &op, &oz, &iz));
    CHECK_OK(ga_download(iz, fused, (size_t)(m * n) * es));
    CHECK_OK(ga_get_stats(&s1));
    assert_int_equal(s1.gemm_epilogues - s0.gemm_epilogues, 0);
    CHECK_OK(ga_download(ip, fused, (size_t)(m * n) * es));
    assert_memory_equal(fused, plain, (size_t)(m * n) * es);
    ga_release(ip);
    ga_release(iz);
    ga_release(ia);
    ga_release(ib);
    ga_release(icol);
    free(plain);
    free(fused);
    free(a);
    free(b);
    free(c);
    free(ra);
    free(rb);
    free(rc);
    unsetenv("GPUARRAY_GEMM_TILE");
  }
}

int main(void)
{
  static ga_class dbl = GA_DOUBLE, sgl = GA_SINGLE;
  const struct CMUnitTest tests[] = {
    {"test_shapes_double", test_shapes, NULL, teardown_clean, &dbl},
    {"test_shapes_single", test_shapes, NULL, teardown_clean, &sgl},
    cmocka_unit_test_teardown(test_classes, teardown_clean),
    cmocka_unit_test_teardown(test_errors_and_shapes, teardown_clean),
    cmocka_unit_test_teardown(test_nan_inf, teardown_clean),
    cmocka_unit_test_teardown(test_lazy_operands, teardown_clean),
    cmocka_unit_test_teardown(test_epilogue, teardown_clean),
    cmocka_unit_test_teardown(test_view_operands, teardown_clean),
    cmocka_unit_test_teardown(test_pages, teardown_clean),
    cmocka_unit_test_teardown(test_large_grid, teardown_clean),
    {"test_variants_double", test_variants, NULL, teardown_clean, &dbl},
    {"test_variants_single", test_variants, NULL, teardown_clean, &sgl},
    cmocka_unit_test_teardown(test_autotune, teardown_clean),
    cmocka_unit_test_teardown(test_small_tiles, teardown_clean),
  };
  ga_device_info info;
  CHECK_OK(ga_get_device_info(&info));
  printf("provider %s: %s\n", info.provider, info.name);
  int failed = cmocka_run_group_tests(tests, NULL, NULL);
  ga_shutdown();
  return failed;
}
