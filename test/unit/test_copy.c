/* Unit tests of copies between views (src/core/ga_copy.c, ga_vk_copy.c, shaders/copy.comp,
 * shaders/transpose.comp) and of the indexing API built on them (ga_index.c, ga_layout.c).
 * Random descriptions (1 to 8 dimensions, strides positive, zero and negative, index
 * vectors on either side, every element size) run on the active provider and are
 * compared with the host's reference loop on copies of the same bytes; so are
 * elementwise kernels and fused reductions whose inputs are strided views.
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

/* ---- strided expression inputs (ga_view.c: ga_expr's input_strided) -------------------- */

/* A small integer of class c at element k of a host buffer, as a double. */
static double host_value(ga_class c, const void *base, int64_t k)
{
  switch (c) {
  case GA_DOUBLE: return ((const double *)base)[k];
  case GA_SINGLE: return ((const float *)base)[k];
  case GA_INT8: return ((const int8_t *)base)[k];
  case GA_UINT8: case GA_LOGICAL: return ((const uint8_t *)base)[k];
  case GA_INT16: return ((const int16_t *)base)[k];
  case GA_UINT16: return ((const uint16_t *)base)[k];
  case GA_INT32: return ((const int32_t *)base)[k];
  case GA_UINT32: return ((const uint32_t *)base)[k];
  case GA_INT64: return (double)((const int64_t *)base)[k];
  default: return (double)((const uint64_t *)base)[k];
  }
}

static void host_store(ga_class c, void *base, int64_t k, int v)
{
  switch (c) {
  case GA_DOUBLE: ((double *)base)[k] = v; break;
  case GA_SINGLE: ((float *)base)[k] = (float)v; break;
  case GA_INT8: ((int8_t *)base)[k] = (int8_t)(v - 50); break;
  case GA_UINT8: ((uint8_t *)base)[k] = (uint8_t)v; break;
  case GA_LOGICAL: ((uint8_t *)base)[k] = (uint8_t)(v & 1); break;
  case GA_INT16: ((int16_t *)base)[k] = (int16_t)(v - 50); break;
  case GA_UINT16: ((uint16_t *)base)[k] = (uint16_t)v; break;
  case GA_INT32: ((int32_t *)base)[k] = v - 50; break;
  case GA_UINT32: ((uint32_t *)base)[k] = (uint32_t)v; break;
  case GA_INT64: ((int64_t *)base)[k] = v - 50; break;
  default: ((uint64_t *)base)[k] = (uint64_t)v; break;
  }
}

/* One random expression sum_i (i + 1) * double (in_i) over a random shape, each input
 * contiguous, broadcast or strided (offset and strides of any sign, 0 included, over a
 * buffer of another class), on the active provider against a plain loop; then the same
 * expression summed along a random dimension by a fused reduction, where the provider
 * has one. Values are small integers: every sum is exact, so results compare exactly. */
static void one_strided_expression(int trial)
{
  static const ga_class classes[] = {GA_DOUBLE, GA_SINGLE, GA_INT8, GA_UINT8, GA_INT16, GA_UINT16,
                                     GA_INT32, GA_UINT32, GA_INT64, GA_UINT64, GA_LOGICAL};
  ga_expr *x = calloc(1, sizeof *x);
  assert_non_null(x);
  x->ndims = 1 + (int)below(4);
  x->numel = 1;
  for (int d = 0; d < x->ndims; d++) {
    x->dims[d] = 1 + below(trial % 5 == 0 ? 40 : 9);
    x->numel *= x->dims[d];
  }
  for (int d = x->ndims; d < GA_MAX_DIMS; d++)
    x->dims[d] = 1;
  x->ninputs = 1 + (int)below(4);
  twin in[GA_X_MAX_INPUTS];
  ga_class cls[GA_X_MAX_INPUTS];
  for (int i = 0; i < x->ninputs; i++) {
    cls[i] = classes[below(11)];
    int kind = i == 0 ? 2 : (int)below(3); /* 0 contiguous, 1 broadcast, 2 strided */
    int64_t elems = 1;
    for (int d = 0; d < GA_MAX_DIMS; d++) {
      x->input_dims[i][d] = d < x->ndims && !(kind == 1 && below(2)) ? x->dims[d] : 1;
      elems *= x->input_dims[i][d];
    }
    if (kind == 2) {
      int64_t lo = 0, hi = 0;
      x->input_strided[i] = true;
      for (int d = 0; d < x->ndims; d++) {
        int64_t s = below(3) == 0 ? 0 : (below(2) ? -1 : 1) * (1 + below(50));
        x->input_strides[i][d] = x->input_dims[i][d] == 1 ? 0 : s;
        int64_t reach = (x->input_dims[i][d] - 1) * x->input_strides[i][d];
        if (reach < 0)
          lo += reach;
        else
          hi += reach;
      }
      int64_t pad = below(5);
      x->input_offset[i] = pad - lo;
      elems = pad + hi - lo + 1 + below(5);
    }
    twin_new(&in[i], (size_t)elems * ga_class_size(cls[i]), false);
    for (int64_t k = 0; k < elems; k++)
      host_store(cls[i], in[i].host.host, k, (int)below(100));
    CHECK_OK(ga_g.prov->upload(ga_g.pstate, &in[i].dev, in[i].host.host, in[i].bytes));
    x->inputs[i] = &in[i].dev;
  }
  /* nodes: v = 1 * double (in0) + 2 * double (in1) + ... */
  int n = 0, acc = -1;
  for (int i = 0; i < x->ninputs; i++) {
    x->nodes[n] = (ga_xnode){.kind = GA_X_INPUT, .cls = cls[i], .slot = i};
    x->nodes[n + 1] = (ga_xnode){.kind = GA_X_UNARY, .cls = GA_DOUBLE, .uop = GA_UOP_CAST, .a = n};
    x->scalars[x->nscalars] = (ga_scalar){.cls = GA_DOUBLE, .v.f = i + 1};
    x->nodes[n + 2] = (ga_xnode){.kind = GA_X_SCALAR, .cls = GA_DOUBLE, .slot = x->nscalars++};
    x->nodes[n + 3] = (ga_xnode){.kind = GA_X_BINARY, .cls = GA_DOUBLE, .op = GA_OP_TIMES, .mode = GA_CM_FLOAT,
                                 .a = n + 1, .b = n + 2};
    n += 4;
    if (acc >= 0) {
      x->nodes[n] = (ga_xnode){.kind = GA_X_BINARY, .cls = GA_DOUBLE, .op = GA_OP_PLUS, .mode = GA_CM_FLOAT,
                               .a = acc, .b = n - 1};
      acc = n++;
    } else {
      acc = n - 1;
    }
  }
  x->nnodes = n;
  /* the plain loop: coordinates, then each input's position */
  double *want = malloc((size_t)x->numel * sizeof *want);
  assert_non_null(want);
  for (int64_t e = 0; e < x->numel; e++) {
    int64_t c[GA_MAX_DIMS] = {0}, r = e;
    for (int d = 0; d < x->ndims; d++) {
      c[d] = r % x->dims[d];
      r /= x->dims[d];
    }
    double v = 0;
    for (int i = 0; i < x->ninputs; i++) {
      int64_t pos = x->input_strided[i] ? x->input_offset[i] : 0, st = 1;
      for (int d = 0; d < x->ndims; d++) {
        if (x->input_strided[i]) {
          pos += c[d] * x->input_strides[i][d];
        } else {
          pos += (x->input_dims[i][d] == 1 ? 0 : c[d]) * st;
          st *= x->input_dims[i][d];
        }
      }
      double u = host_value(cls[i], in[i].host.host, pos);
      v += (i + 1) * (cls[i] == GA_LOGICAL ? (u != 0) : u);
    }
    want[e] = v;
  }
  ga_pbuf out;
  CHECK_OK(ga_buffer_acquire((size_t)x->numel * 8, &out));
  CHECK_OK(ga_plan_elementwise(x, GA_DOUBLE, &out));
  double *got = malloc((size_t)x->numel * sizeof *got);
  assert_non_null(got);
  CHECK_OK(ga_g.prov->download(ga_g.pstate, &out, got, (size_t)x->numel * 8));
  for (int64_t e = 0; e < x->numel; e++)
    if (got[e] != want[e])
      fail_msg("trial %d: element %lld of %lld is %g, want %g", trial, (long long)e, (long long)x->numel, got[e],
               want[e]);
  /* a fused reduction over the same expression along dimension rd */
  int rd = (int)below(x->ndims);
  ga_reduce_desc red = {.op = GA_RED_SUM, .producer = x, .in_cls = GA_DOUBLE, .out_cls = GA_DOUBLE,
                        .inner = 1, .n = x->dims[rd], .outer = 1};
  for (int d = 0; d < x->ndims; d++) {
    if (d < rd)
      red.inner *= x->dims[d];
    else if (d > rd)
      red.outer *= x->dims[d];
  }
  ga_pbuf sums;
  size_t nsums = (size_t)(red.inner * red.outer);
  CHECK_OK(ga_buffer_acquire(nsums * 8, &sums));
  red.out = &sums;
  ga_status st = ga_plan_reduce(&red);
  if (st != GA_ERR_UNSUPPORTED) { /* the host provider evaluates the expression first */
    CHECK_OK(st);
    CHECK_OK(ga_g.prov->download(ga_g.pstate, &sums, got, nsums * 8));
    for (int64_t o = 0; o < red.outer; o++)
      for (int64_t i = 0; i < red.inner; i++) {
        double w = 0;
        for (int64_t k = 0; k < red.n; k++)
          w += want[(o * red.n + k) * red.inner + i];
        if (got[o * red.inner + i] != w)
          fail_msg("trial %d: fused sum %lld is %g, want %g", trial, (long long)(o * red.inner + i),
                   got[o * red.inner + i], w);
      }
  }
  ga_buffer_release(&sums);
  ga_buffer_release(&out);
  free(got);
  free(want);
  for (int i = 0; i < x->ninputs; i++)
    twin_free(&in[i]);
  free(x);
}

static void test_strided_expressions(void **state)
{
  (void)state;
  for (int trial = 0; trial < 60; trial++) /* each a kernel to compile: lavapipe takes a while */
    one_strided_expression(trial);
}

/* The public API: a transpose and a slice of it are pending views (no dispatch) that
 * one fused kernel reads, and the view keeps its base's value across an assignment. */
static void test_view_api(void **state)
{
  (void)state;
  double x[20];
  for (int i = 0; i < 20; i++)
    x[i] = i + 1;
  int64_t dims[2] = {4, 5};
  ga_id a, t, b, c, a2;
  CHECK_OK(ga_upload(GA_DOUBLE, 2, dims, x, &a));
  ga_stats s0, s1;
  CHECK_OK(ga_get_stats(&s0));
  int perm[2] = {1, 0};
  CHECK_OK(ga_permute(a, 2, perm, 0, &t));
  double cols[2] = {2, 4};
  int64_t vd[2] = {1, 2};
  ga_index ix[2] = {{.kind = GA_INDEX_COLON},
                    {.kind = GA_INDEX_HOST, .cls = GA_DOUBLE, .ndims = 2, .dims = vd, .data = cols}};
  CHECK_OK(ga_subsref(t, 2, ix, &b)); /* A.'(:, [2 4]): rows 2 and 4 of A, 5x2 */
  CHECK_OK(ga_release(t));
  CHECK_OK(ga_get_stats(&s1));
  assert_int_equal(s1.dispatches - s0.dispatches, 0);
  double seven = 7;
  int64_t one[2] = {1, 1};
  ga_operand v = {.is_host = 1, .cls = GA_DOUBLE, .ndims = 2, .dims = one, .data = &seven};
  ga_index row[2] = {{.kind = GA_INDEX_HOST, .cls = GA_DOUBLE, .ndims = 2, .dims = vd, .data = cols},
                     {.kind = GA_INDEX_COLON}};
  CHECK_OK(ga_subsasgn(a, 2, row, &v, &a2)); /* A([2 4], :) = 7: B must not see it */
  CHECK_OK(ga_release(a));
  ga_operand ob = {.id = b}, ten = {.is_host = 1, .cls = GA_DOUBLE, .ndims = 2, .dims = one, .data = (double[]){10}};
  CHECK_OK(ga_get_stats(&s0));
  CHECK_OK(ga_binary(GA_OP_PLUS, &ob, &ten, &c));
  double got[10], all[20];
  CHECK_OK(ga_download(c, got, sizeof got));
  CHECK_OK(ga_get_stats(&s1));
  assert_int_equal(s1.dispatches - s0.dispatches, 1);
  for (int j = 0; j < 5; j++) {
    assert_true(got[j] == x[1 + 4 * j] + 10);
    assert_true(got[5 + j] == x[3 + 4 * j] + 10);
  }
  CHECK_OK(ga_download(a2, all, sizeof all));
  for (int i = 0; i < 20; i++)
    assert_true(all[i] == (i % 2 == 1 ? 7 : x[i]));
  CHECK_OK(ga_release(a2));
  CHECK_OK(ga_release(b));
  CHECK_OK(ga_release(c));
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
    cmocka_unit_test(test_strided_expressions),
    cmocka_unit_test(test_view_api),
    cmocka_unit_test(test_zz_no_validation_messages),
  };
  CHECK_OK(ga_init());
  int rc = cmocka_run_group_tests_name("gpuarray copies between views and indexing", tests, NULL, NULL);
  ga_shutdown();
  return rc;
}
