/* Unit tests of copies between views (src/core/ga_copy.c, ga_vk_copy.c, shaders/copy.comp,
 * shaders/transpose.comp) and of the indexing API built on them (ga_index.c, ga_layout.c).
 * Random descriptions (1 to 8 dimensions, strides positive, zero and negative, index
 * vectors on either side, every element size) run on the active provider and are
 * compared with the host's reference loop on copies of the same bytes.
 * `make check-unit` runs it on the host provider and on lavapipe with validation on. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ga.h"
#include "ga_internal.h"

#define CHECK_OK(expr)                                                                                  \
  do {                                                                                                  \
    ga_status st_ = (expr);                                                                             \
    if (st_ != GA_OK)                                                                                   \
      fail_msg("%s failed: status %d (%s): %s", #expr, (int)st_, ga_status_id(st_), ga_last_error());  \
  } while (0)

static uint64_t rng_state = 12345;

static uint64_t next(void)
{
  uint64_t z = (rng_state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

static int64_t below(int64_t n) { return n > 0 ? (int64_t)(next() % (uint64_t)n) : 0; }

/* A device buffer and its host twin holding the same bytes. */
typedef struct {
  ga_pbuf dev;
  ga_pbuf host;
  size_t bytes;
} twin;

static void twin_new(twin *t, size_t bytes, bool random)
{
  t->bytes = bytes;
  uint8_t *h = malloc(bytes);
  assert_non_null(h);
  for (size_t i = 0; i < bytes; i++)
    h[i] = random ? (uint8_t)next() : 0;
  t->host = (ga_pbuf){.host = h, .bytes = bytes};
  CHECK_OK(ga_buffer_acquire(bytes, &t->dev));
  CHECK_OK(ga_g.prov->upload(ga_g.pstate, &t->dev, h, bytes));
}

static void twin_free(twin *t)
{
  ga_buffer_release(&t->dev);
  free(t->host.host);
}

/* An index vector of n positions below extent; distinct when unique. */
static void index_new(twin *t, int64_t n, int64_t extent, bool unique)
{
  int64_t *p = malloc((size_t)(n ? n : 1) * 8);
  assert_non_null(p);
  if (unique) { /* a random n-subset of 0..extent-1, in random order */
    int64_t *all = malloc((size_t)extent * 8);
    for (int64_t i = 0; i < extent; i++)
      all[i] = i;
    for (int64_t i = 0; i < n; i++) {
      int64_t j = i + below(extent - i), tmp = all[i];
      all[i] = all[j];
      all[j] = tmp;
      p[i] = all[i];
    }
    free(all);
  } else {
    for (int64_t i = 0; i < n; i++)
      p[i] = below(extent);
  }
  t->bytes = (size_t)n * 8;
  t->host = (ga_pbuf){.host = p, .bytes = t->bytes};
  CHECK_OK(ga_buffer_acquire(t->bytes ? t->bytes : 8, &t->dev));
  if (n)
    CHECK_OK(ga_g.prov->upload(ga_g.pstate, &t->dev, p, t->bytes));
}

/* One random copy: gather (dense destination) or scatter (distinct destination
 * positions), checked against the host loop. Returns the number of elements. */
static int64_t one_copy(int ndims, size_t es, bool scatter)
{
  ga_copy_desc d = {.ndims = ndims, .elem_size = es};
  twin idx_s[GA_MAX_DIMS], idx_d[GA_MAX_DIMS];
  memset(idx_s, 0, sizeof idx_s);
  memset(idx_d, 0, sizeof idx_d);
  int64_t n = 1, src_span = 1;
  for (int k = 0; k < ndims; k++) {
    d.dims[k] = 1 + below(ndims > 4 ? 3 : 9);
    n *= d.dims[k];
  }
  /* source: each dimension either steps through its own extent (any sign, or 0) or
   * reads positions from an index vector */
  int64_t s_off = 0;
  for (int k = 0; k < ndims; k++) {
    int64_t ext = d.dims[k] + below(4);
    int kind = (int)below(4);
    if (kind == 0) {
      index_new(&idx_s[k], d.dims[k], ext, false);
      d.src[k] = (ga_view_axis){&idx_s[k].dev, src_span};
    } else {
      int64_t step = kind == 1 ? 1 : kind == 2 ? -1 : 0;
      d.src[k] = (ga_view_axis){NULL, step * src_span};
      if (step < 0)
        s_off += (d.dims[k] - 1) * src_span;
    }
    src_span *= ext;
  }
  d.src_offset = s_off;
  /* destination: dense (a gather), or distinct positions of a larger array */
  int64_t d_span = 1, dst_elems = n;
  if (scatter) {
    for (int k = 0; k < ndims; k++) {
      int64_t ext = d.dims[k] + below(3);
      if (below(2)) {
        index_new(&idx_d[k], d.dims[k], ext, true);
        d.dst[k] = (ga_view_axis){&idx_d[k].dev, d_span};
      } else {
        d.dst[k] = (ga_view_axis){NULL, d_span};
      }
      d_span *= ext;
    }
    d.dst_offset = below(5);
    dst_elems = d_span + d.dst_offset;
  } else {
    for (int k = 0; k < ndims; k++) {
      d.dst[k] = (ga_view_axis){NULL, d_span};
      d_span *= d.dims[k];
    }
  }
  twin src, dst;
  twin_new(&src, (size_t)src_span * es, true);
  twin_new(&dst, (size_t)dst_elems * es, true);
  /* the host's twin of the description reads the host copies */
  ga_copy_desc h = d;
  for (int k = 0; k < ndims; k++) {
    if (d.src[k].index)
      h.src[k].index = &idx_s[k].host;
    if (d.dst[k].index)
      h.dst[k].index = &idx_d[k].host;
  }
  h.src_buf = &src.host;
  h.dst_buf = &dst.host;
  d.src_buf = &src.dev;
  d.dst_buf = &dst.dev;
  CHECK_OK(ga_plan_copy(&d));
  CHECK_OK(ga_host_copy(&h));
  uint8_t *got = malloc(dst.bytes);
  CHECK_OK(ga_g.prov->download(ga_g.pstate, &dst.dev, got, dst.bytes));
  if (memcmp(got, dst.host.host, dst.bytes) != 0)
    fail_msg("copy of %lld elements of %zu bytes over %d dimensions (%s) differs from the host's", (long long)n, es,
             ndims, scatter ? "scatter" : "gather");
  free(got);
  twin_free(&src);
  twin_free(&dst);
  for (int k = 0; k < ndims; k++) {
    if (idx_s[k].host.host)
      twin_free(&idx_s[k]);
    if (idx_d[k].host.host)
      twin_free(&idx_d[k]);
  }
  return n;
}

static void test_random_copies(void **state)
{
  (void)state;
  static const size_t sizes[] = {1, 2, 4, 8};
  int64_t total = 0;
  for (int trial = 0; trial < 160; trial++)
    total += one_copy(1 + trial % 8, sizes[trial % 4], (trial / 4) % 2 == 1);
  assert_true(total > 0);
}

/* 2-D copies that take the tiled transpose path, odd sizes included */
static void test_transposes(void **state)
{
  (void)state;
  static const int64_t shapes[][2] = {{1, 1}, {31, 33}, {64, 32}, {100, 3}, {3, 100}, {257, 129}};
  for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
    for (size_t es = 4; es <= 8; es += 4) {
      int64_t r = shapes[s][0], c = shapes[s][1];
      ga_copy_desc d = {.ndims = 2, .dims = {r, c}, .elem_size = es};
      d.src[0] = (ga_view_axis){NULL, c};
      d.src[1] = (ga_view_axis){NULL, 1};
      d.dst[0] = (ga_view_axis){NULL, 1};
      d.dst[1] = (ga_view_axis){NULL, r};
      twin src, dst;
      twin_new(&src, (size_t)(r * c) * es, true);
      twin_new(&dst, (size_t)(r * c) * es, false);
      ga_copy_desc h = d;
      h.src_buf = &src.host;
      h.dst_buf = &dst.host;
      d.src_buf = &src.dev;
      d.dst_buf = &dst.dev;
      CHECK_OK(ga_plan_copy(&d));
      CHECK_OK(ga_host_copy(&h));
      uint8_t *got = malloc(dst.bytes);
      CHECK_OK(ga_g.prov->download(ga_g.pstate, &dst.dev, got, dst.bytes));
      assert_memory_equal(got, dst.host.host, dst.bytes);
      free(got);
      twin_free(&src);
      twin_free(&dst);
    }
  }
}

/* The public API: A(2:3, [4 1]) of a 4x5 double matrix, then A(1, :) = 7 applied in
 * place once nothing else holds A. */
static void test_index_api(void **state)
{
  (void)state;
  double x[20];
  for (int i = 0; i < 20; i++)
    x[i] = i + 1;
  int64_t dims[2] = {4, 5};
  ga_id a, r, b;
  CHECK_OK(ga_upload(GA_DOUBLE, 2, dims, x, &a));
  double rows[2] = {2, 3}, cols[2] = {4, 1};
  int64_t vd[2] = {1, 2};
  ga_index ix[2] = {{.kind = GA_INDEX_HOST, .cls = GA_DOUBLE, .ndims = 2, .dims = vd, .data = rows},
                    {.kind = GA_INDEX_HOST, .cls = GA_DOUBLE, .ndims = 2, .dims = vd, .data = cols}};
  CHECK_OK(ga_subsref(a, 2, ix, &r));
  double got[4];
  CHECK_OK(ga_download(r, got, sizeof got));
  double want[4] = {14, 15, 2, 3};
  assert_memory_equal(got, want, sizeof got);
  CHECK_OK(ga_release(r));
  /* out of bound: Octave's message and identifier */
  double five = 5;
  int64_t one[2] = {1, 1};
  ga_index bad[2] = {{.kind = GA_INDEX_HOST, .cls = GA_DOUBLE, .ndims = 2, .dims = one, .data = &five},
                     {.kind = GA_INDEX_COLON}};
  assert_int_equal(ga_subsref(a, 2, bad, &r), GA_ERR_ARG);
  assert_string_equal(ga_last_error(), "index (5,_): out of bound 4 (dimensions are 4x5)");
  assert_string_equal(ga_error_id(GA_ERR_ARG), "Octave:index-out-of-bounds");
  /* assignment, then the old value goes: the new one takes its storage */
  double seven = 7, first = 1;
  ga_operand v = {.is_host = 1, .cls = GA_DOUBLE, .ndims = 2, .dims = one, .data = &seven};
  ga_index row[2] = {{.kind = GA_INDEX_HOST, .cls = GA_DOUBLE, .ndims = 2, .dims = one, .data = &first},
                     {.kind = GA_INDEX_COLON}};
  ga_stats s0, s1;
  CHECK_OK(ga_get_stats(&s0));
  CHECK_OK(ga_subsasgn(a, 2, row, &v, &b));
  CHECK_OK(ga_release(a));
  double all[20];
  CHECK_OK(ga_download(b, all, sizeof all));
  CHECK_OK(ga_get_stats(&s1));
  for (int i = 0; i < 20; i++)
    assert_true(all[i] == (i % 4 == 0 ? 7 : x[i]));
  assert_int_equal(s1.assign_in_place - s0.assign_in_place, 1);
  assert_int_equal(s1.assign_copies - s0.assign_copies, 0);
  CHECK_OK(ga_release(b));
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
    cmocka_unit_test(test_random_copies),
    cmocka_unit_test(test_transposes),
    cmocka_unit_test(test_index_api),
    cmocka_unit_test(test_zz_no_validation_messages),
  };
  CHECK_OK(ga_init());
  int rc = cmocka_run_group_tests_name("gpuarray copies between views and indexing", tests, NULL, NULL);
  ga_shutdown();
  return rc;
}
