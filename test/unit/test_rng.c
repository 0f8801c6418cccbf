/* Unit tests of the arrays born on the device (src/core/ga_rng.c, shaders/philox.glsl):
 * Philox4x32-10 against Random123's own implementation (librandom123-dev) and its
 * published known-answer vectors, in C and through a kernel; and every generator as the
 * active provider computes it against the host interpreter in the same process, so the
 * lavapipe run checks the GLSL against the C bit for bit (randn included).
 * `make check-unit` runs it on the host provider and on lavapipe with validation on. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <Random123/philox.h>

#include "ga.h"
#include "ga_internal.h"

#define CHECK_OK(expr)                                                                                  \
  do {                                                                                                  \
    ga_status st_ = (expr);                                                                             \
    if (st_ != GA_OK)                                                                                   \
      fail_msg("%s failed: status %d (%s): %s", #expr, (int)st_, ga_status_id(st_), ga_last_error());  \
  } while (0)

/* randn: the transform uses no C library function (ga_rng.c: fdlibm's log and sin/cos
 * kernels, correctly rounded sqrt and division, the same expressions in C and GLSL), so
 * the providers agree bit for bit; the check reports the worst distance in ulp */
#define NORMAL_ULP_BUDGET 0

static uint64_t splitmix(uint64_t *s)
{
  uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

static void reference_philox(const uint32_t c[4], const uint32_t k[2], uint32_t out[4])
{
  philox4x32_ctr_t ctr = {{c[0], c[1], c[2], c[3]}};
  philox4x32_key_t key = {{k[0], k[1]}};
  philox4x32_ctr_t r = philox4x32_R(10, ctr, key);
  memcpy(out, r.v, sizeof r.v);
}

/* Random123's kat_vectors, philox4x32 10 rounds: counter, key, answer */
static const uint32_t kat[3][10] = {
  {0, 0, 0, 0, 0, 0, 0x6627e8d5, 0xe169c58d, 0xbc57ac4c, 0x9b00dbd8},
  {0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff, 0x408f276d, 0x41c83b0e, 0xa20bc7c6,
   0x6d5451fd},
  {0x243f6a88, 0x85a308d3, 0x13198a2e, 0x03707344, 0xa4093822, 0x299f31d0, 0xd16cfe09, 0x94fdcceb, 0x5001e420,
   0x24126ea1},
};

static void test_philox_kat_c(void **state)
{
  (void)state;
  for (int v = 0; v < 3; v++) {
    uint32_t out[4], ref[4];
    ga_philox4x32_10(kat[v], kat[v] + 4, out);
    reference_philox(kat[v], kat[v] + 4, ref);
    for (int w = 0; w < 4; w++) {
      assert_int_equal(out[w], kat[v][6 + w]);
      assert_int_equal(ref[w], kat[v][6 + w]);
    }
  }
  uint64_t s = 1;
  for (int t = 0; t < 100000; t++) {
    uint64_t a = splitmix(&s), b = splitmix(&s), c = splitmix(&s);
    uint32_t ctr[4] = {(uint32_t)a, (uint32_t)(a >> 32), (uint32_t)b, (uint32_t)(b >> 32)};
    uint32_t key[2] = {(uint32_t)c, (uint32_t)(c >> 32)}, out[4], ref[4];
    ga_philox4x32_10(ctr, key, out);
    reference_philox(ctr, key, ref);
    assert_memory_equal(out, ref, sizeof out);
  }
}

static uint32_t *download_u32(ga_id id, int64_t n)
{
  uint32_t *buf = malloc((size_t)n * 4 + 4);
  assert_non_null(buf);
  CHECK_OK(ga_download(id, buf, (size_t)n * 4));
  return buf;
}

/* The provider's Philox (the GLSL one on lavapipe) through ga_rng_raw: the known answers,
 * then runs of consecutive counters (words 0-1 as one 64-bit counter, wrapping past 2^64
 * in the first run) against Random123. */
static void test_philox_kat_kernel(void **state)
{
  (void)state;
  for (int v = 0; v < 3; v++) {
    const uint32_t *k = kat[v];
    ga_id id;
    CHECK_OK(ga_rng_raw(((uint64_t)k[5] << 32) | k[4], ((uint64_t)k[1] << 32) | k[0], ((uint64_t)k[3] << 32) | k[2],
                        4, &id));
    uint32_t *got = download_u32(id, 4);
    for (int w = 0; w < 4; w++)
      assert_int_equal(got[w], k[6 + w]);
    free(got);
    CHECK_OK(ga_release(id));
  }
  uint64_t s = 2;
  for (int t = 0; t < 8; t++) {
    uint64_t key = splitmix(&s), c01 = t == 0 ? 0xfffffffffffffff0ull : splitmix(&s), c23 = splitmix(&s);
    const int64_t n = 4099; /* a partial last packet */
    ga_id id;
    CHECK_OK(ga_rng_raw(key, c01, c23, n, &id));
    uint32_t *got = download_u32(id, n);
    for (int64_t i = 0; i < n; i++) {
      uint64_t blk = c01 + (uint64_t)(i / 4);
      uint32_t ctr[4] = {(uint32_t)blk, (uint32_t)(blk >> 32), (uint32_t)c23, (uint32_t)(c23 >> 32)};
      uint32_t kk[2] = {(uint32_t)key, (uint32_t)(key >> 32)}, ref[4];
      reference_philox(ctr, kk, ref);
      if (got[i] != ref[i % 4])
        fail_msg("key %016llx counter %016llx: element %lld is %08x, Random123 says %08x", (unsigned long long)key,
                 (unsigned long long)c01, (long long)i, got[i], ref[i % 4]);
    }
    free(got);
    CHECK_OK(ga_release(id));
  }
}

/* The host interpreter's value of a pending tensor, computed before it is materialised. */
static void *host_reference(ga_id id, size_t *bytes)
{
  ga_tensor *t;
  CHECK_OK(ga_handles_get(id, &t));
  assert_non_null(t->lazy);
  *bytes = (size_t)t->numel * ga_class_size(t->cls);
  void *ref = malloc(*bytes + 8);
  assert_non_null(ref);
  CHECK_OK(ga_host_eval_expr(&t->lazy->x, NULL, t->cls, ref));
  return ref;
}

static int64_t ulp_distance(double a, double b)
{
  int64_t ia, ib;
  memcpy(&ia, &a, 8);
  memcpy(&ib, &b, 8);
  if (ia < 0)
    ia = INT64_MIN - ia;
  if (ib < 0)
    ib = INT64_MIN - ib;
  return ia > ib ? ia - ib : ib - ia;
}

/* Device against host for one pending value; randn within the ulp budget. */
static void check_against_host(ga_id id, bool normal)
{
  size_t bytes;
  void *ref = host_reference(id, &bytes);
  ga_class cls;
  int nd;
  int64_t dims[GA_MAX_DIMS];
  CHECK_OK(ga_describe(id, &cls, &nd, dims));
  void *got = malloc(bytes + 8);
  assert_non_null(got);
  CHECK_OK(ga_download(id, got, bytes));
  if (!normal) {
    /* bit for bit, but a NaN is a NaN: drivers differ in the sign and payload of the
     * NaN an invalid operation makes (NVIDIA 0x7fffffff, x86 C 0xffc00000), and Octave
     * tells no NaN from another */
    size_t es = ga_class_size(cls), n = bytes / es;
    for (size_t i = 0; i < n; i++) {
      const char *g = (const char *)got + i * es, *r = (const char *)ref + i * es;
      if (memcmp(g, r, es) == 0)
        continue;
      bool nans = cls == GA_SINGLE   ? isnan(*(const float *)g) && isnan(*(const float *)r)
                  : cls == GA_DOUBLE ? isnan(*(const double *)g) && isnan(*(const double *)r)
                                     : false;
      if (!nans)
        fail_msg("%s element %zu differs from the host's", ga_class_name(cls), i);
    }
  } else {
    size_t n = bytes / ga_class_size(cls);
    int64_t worst = 0;
    for (size_t i = 0; i < n; i++) {
      int64_t d;
      if (cls == GA_SINGLE) {
        float a = ((float *)got)[i], b = ((float *)ref)[i];
        int32_t ia, ib;
        memcpy(&ia, &a, 4);
        memcpy(&ib, &b, 4);
        d = (a < 0) == (b < 0) ? llabs((long long)ia - ib) : 1000;
        if (d > 1)
          fail_msg("randn single element %zu: %.9g against %.9g", i, (double)a, (double)b);
      } else {
        d = ulp_distance(((double *)got)[i], ((double *)ref)[i]);
        if (d > NORMAL_ULP_BUDGET)
          fail_msg("randn element %zu: %.17g against %.17g (%lld ulp)", i, ((double *)got)[i], ((double *)ref)[i],
                   (long long)d);
      }
      worst = d > worst ? d : worst;
    }
    print_message("randn %s: worst %lld ulp from the host over %zu elements\n", ga_class_name(cls), (long long)worst,
                  n);
  }
  free(ref);
  free(got);
  CHECK_OK(ga_release(id));
}

static void test_generators_match_host(void **state)
{
  (void)state;
  CHECK_OK(ga_rng_set(12345, 0xfffffffffffff000ull)); /* the counter wraps inside a draw */
  int64_t dims[3] = {301, 67, 3};
  ga_id id;
  CHECK_OK(ga_random(GA_RAND_UNIFORM, GA_DOUBLE, 3, dims, 0, 0, &id));
  check_against_host(id, false);
  CHECK_OK(ga_random(GA_RAND_UNIFORM, GA_SINGLE, 3, dims, 0, 0, &id));
  check_against_host(id, false);
  CHECK_OK(ga_random(GA_RAND_NORMAL, GA_DOUBLE, 3, dims, 0, 0, &id));
  check_against_host(id, true);
  CHECK_OK(ga_random(GA_RAND_NORMAL, GA_SINGLE, 3, dims, 0, 0, &id));
  check_against_host(id, true);
  const double ranges[][2] = {{1, 6}, {-5, 5}, {0, 0}, {-1e15, 1e15}, {0, 4294967295.0}, {-3, 4503599627370495.0}};
  const ga_class classes[] = {GA_DOUBLE, GA_SINGLE, GA_INT8, GA_UINT16, GA_INT32, GA_INT64, GA_UINT64};
  for (size_t r = 0; r < sizeof ranges / sizeof ranges[0]; r++)
    for (size_t c = 0; c < sizeof classes / sizeof classes[0]; c++) {
      CHECK_OK(ga_random(GA_RAND_INTEGER, classes[c], 3, dims, ranges[r][0], ranges[r][1], &id));
      check_against_host(id, false);
    }
  const int64_t perms[][2] = {{1, 1}, {2, 2}, {3, 3}, {5, 2}, {1000, 1000}, {65537, 1000}, {4000000000ll, 5}};
  for (size_t p = 0; p < sizeof perms / sizeof perms[0]; p++) {
    CHECK_OK(ga_randperm(perms[p][0], perms[p][1], &id));
    check_against_host(id, false);
  }
  const ga_class eye_classes[] = {GA_DOUBLE, GA_SINGLE, GA_LOGICAL, GA_INT8, GA_UINT64};
  for (size_t c = 0; c < sizeof eye_classes / sizeof eye_classes[0]; c++) {
    CHECK_OK(ga_eye(eye_classes[c], 37, 53, &id));
    check_against_host(id, false);
  }
  const double ends[][2] = {{0, 1}, {-1, 1}, {1e-300, 3}, {5, -7.25}, {-0.0, 1}, {3, 3}, {1, INFINITY}};
  const int64_t counts[] = {1, 2, 3, 10, 101, 1000};
  for (size_t e = 0; e < sizeof ends / sizeof ends[0]; e++)
    for (size_t n = 0; n < sizeof counts / sizeof counts[0]; n++)
      for (int single = 0; single < 2; single++) {
        CHECK_OK(ga_linspace(single ? GA_SINGLE : GA_DOUBLE, ends[e][0], ends[e][1], counts[n], &id));
        check_against_host(id, false);
        CHECK_OK(ga_range(single ? GA_SINGLE : GA_DOUBLE, ends[e][0], 0.1, ends[e][1], counts[n], &id));
        check_against_host(id, false);
      }
}

/* The Box-Muller transform's accuracy: randn's values against sqrt (-2 log u1) cos (2 pi u2)
 * (sine for odd elements) in long double, from the same Philox words. Absolute error
 * within 2 ulp of r: near the zeros of cos and sin the value is small, its error is not. */
static void test_normal_accuracy(void **state)
{
  (void)state;
  const uint64_t seed = 31337, base = 1000;
  const int64_t n = 200000;
  CHECK_OK(ga_rng_set(seed, base));
  int64_t dims[2] = {n, 1};
  ga_id id;
  CHECK_OK(ga_random(GA_RAND_NORMAL, GA_DOUBLE, 2, dims, 0, 0, &id));
  double *z = malloc((size_t)n * 8);
  assert_non_null(z);
  CHECK_OK(ga_download(id, z, (size_t)n * 8));
  double worst = 0;
  for (int64_t i = 0; i < n; i++) {
    uint64_t blk = base + (uint64_t)(i / 2);
    uint32_t ctr[4] = {(uint32_t)blk, (uint32_t)(blk >> 32), 0, 0}, key[2] = {(uint32_t)seed, 0}, w[4];
    reference_philox(ctr, key, w);
    uint64_t k1 = ((((uint64_t)w[1]) << 32) | w[0]) >> 11, k2 = ((((uint64_t)w[3]) << 32) | w[2]) >> 11;
    long double u1 = k1 ? (long double)k1 * 0x1p-53L : 0x1p-54L, u2 = k2 ? (long double)k2 * 0x1p-53L : 0x1p-54L;
    long double r = sqrtl(-2.0L * logl(u1)), t = 6.283185307179586476925286766559L * u2;
    long double ref = r * ((i & 1) ? sinl(t) : cosl(t));
    double err = (double)fabsl((long double)z[i] - ref) / (nextafter((double)r, INFINITY) - (double)r);
    worst = err > worst ? err : worst;
  }
  print_message("randn: worst error %.3f ulp of r over %lld values\n", worst, (long long)n);
  assert_true(worst <= 2.0);
  free(z);
  CHECK_OK(ga_release(id));
}

/* Draws advance the counter by the blocks they used; the same seed gives the same bits. */
static void test_counter_and_fusion(void **state)
{
  (void)state;
  CHECK_OK(ga_rng_set(7, 0));
  int64_t dims[2] = {1001, 1};
  ga_id a, b, c;
  CHECK_OK(ga_random(GA_RAND_UNIFORM, GA_DOUBLE, 2, dims, 0, 0, &a));
  uint64_t seed, ctr;
  CHECK_OK(ga_rng_get(&seed, &ctr));
  assert_int_equal(seed, 7);
  assert_int_equal(ctr, 501);
  CHECK_OK(ga_random(GA_RAND_UNIFORM, GA_SINGLE, 2, dims, 0, 0, &b));
  CHECK_OK(ga_rng_get(&seed, &ctr));
  assert_int_equal(ctr, 501 + 251);
  CHECK_OK(ga_random(GA_RAND_NORMAL, GA_DOUBLE, 2, dims, 0, 0, &c));
  CHECK_OK(ga_rng_get(&seed, &ctr));
  assert_int_equal(ctr, 501 + 251 + 501);
  /* rand (n) + rand (n): two different draws, fused into one kernel */
  ga_reset_stats();
  ga_operand oa = {.id = a}, oc = {.id = c};
  ga_id s;
  CHECK_OK(ga_binary(GA_OP_PLUS, &oa, &oc, &s));
  double *va = malloc(1001 * 8), *vs = malloc(1001 * 8), *vc = malloc(1001 * 8);
  CHECK_OK(ga_download(s, vs, 1001 * 8));
  ga_stats st;
  CHECK_OK(ga_get_stats(&st));
  assert_int_equal(st.dispatches, 1);
  assert_int_equal(st.bytes_uploaded, 0);
  CHECK_OK(ga_download(a, va, 1001 * 8));
  CHECK_OK(ga_download(c, vc, 1001 * 8));
  for (int i = 0; i < 1001; i++)
    assert_true(vs[i] == va[i] + vc[i]);
  CHECK_OK(ga_rng_set(7, 0));
  ga_id a2;
  CHECK_OK(ga_random(GA_RAND_UNIFORM, GA_DOUBLE, 2, dims, 0, 0, &a2));
  double *v2 = malloc(1001 * 8);
  CHECK_OK(ga_download(a2, v2, 1001 * 8));
  assert_memory_equal(v2, va, 1001 * 8);
  for (int i = 0; i < 1001; i++)
    assert_true(va[i] > 0 && va[i] < 1);
  free(va);
  free(vs);
  free(vc);
  free(v2);
  ga_id ids[] = {a, b, c, s, a2};
  for (size_t i = 0; i < 5; i++)
    CHECK_OK(ga_release(ids[i]));
}

static void test_errors(void **state)
{
  (void)state;
  ga_id id;
  int64_t dims[2] = {2, 2};
  assert_int_equal(ga_random(GA_RAND_UNIFORM, GA_INT8, 2, dims, 0, 0, &id), GA_ERR_CLASS);
  assert_int_equal(ga_random(GA_RAND_INTEGER, GA_DOUBLE, 2, dims, 5, 1, &id), GA_ERR_ARG);
  assert_int_equal(ga_random(GA_RAND_INTEGER, GA_DOUBLE, 2, dims, 0.5, 1, &id), GA_ERR_ARG);
  assert_int_equal(ga_random(GA_RAND_INTEGER, GA_DOUBLE, 2, dims, 0, 0x1p53, &id), GA_ERR_ARG);
  assert_int_equal(ga_randperm(3, 4, &id), GA_ERR_ARG);
  assert_int_equal(ga_randperm(-1, 0, &id), GA_ERR_ARG);
  assert_int_equal(ga_randperm(5000000000ll, 1, &id), GA_ERR_ARG);
  assert_int_equal(ga_linspace(GA_INT8, 0, 1, 3, &id), GA_ERR_CLASS);
}

static void test_zz_no_validation_messages(void **state)
{
  (void)state;
  ga_stats st;
  CHECK_OK(ga_get_stats(&st));
  assert_int_equal(st.validation_messages, 0);
  assert_int_equal(st.live_tensors, 0);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_philox_kat_c),
    cmocka_unit_test(test_philox_kat_kernel),
    cmocka_unit_test(test_generators_match_host),
    cmocka_unit_test(test_normal_accuracy),
    cmocka_unit_test(test_counter_and_fusion),
    cmocka_unit_test(test_errors),
    cmocka_unit_test(test_zz_no_validation_messages),
  };
  int rc = cmocka_run_group_tests_name("gpuarray random numbers and index functions", tests, NULL, NULL);
  ga_shutdown();
  return rc;
}
