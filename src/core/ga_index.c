/* Octave's indexing on gpuArrays: A(I...), A(I...) = V and A(I...) = [], as copies
 * between views (ga_copy.c). Host index arrays are converted on the host; device ones
 * are checked on the device and stay there (an assignment's repeated targets resolved
 * by the device's sort), except for deletion and 64-bit integer subscripts; the
 * elements move on the device. Shapes, resizing, class and error rules follow Octave
 * 7's Array<T>. */
#include "ga_internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One subscript, converted: a colon, an arithmetic progression, or a list of 0-based
 * positions. */
typedef struct {
  bool colon;
  int64_t len;
  int64_t *pos;         /* NULL for colons, progressions and device positions */
  ga_tensor *dev;       /* positions held on the device (int64), or NULL */
  int64_t start, step;  /* progression: position k is start + k * step */
  int64_t extent;       /* largest position + 1 (0 when empty) */
  int ndims;            /* the subscript's own shape, which A(I) takes */
  int64_t dims[GA_MAX_DIMS];
  bool unique;          /* device positions known not to repeat (a mask's) */
} subscript;

static void subscripts_free(subscript *s, int n)
{
  for (int k = 0; k < n; k++) {
    free(s[k].pos);
    ga_tensor_unref(s[k].dev);
  }
}

static int64_t position_at(const subscript *s, int64_t j)
{
  return s->colon ? j : s->pos ? s->pos[j] : s->start + j * s->step;
}

/* "_,_,v": where subscript k of n is, as Octave's messages show it */
static void where(char *buf, size_t cap, int k, int n, const char *value)
{
  size_t len = 0;
  buf[0] = '\0';
  for (int i = 0; i < n && len < cap; i++)
    len += (size_t)snprintf(buf + len, cap - len, "%s%s", i ? "," : "", i == k ? value : "_");
}

/* (n < 0: the style of deletions, "index 0: ...") */
static ga_status bad_subscript(int k, int n, const char *value)
{
  char w[256];
  if (n < 0)
    return ga_fail_id(GA_ERR_ARG, "Octave:invalid-index",
                      "index %s: subscripts must be either integers 1 to (2^63)-1 or logicals", value);
  where(w, sizeof w, k, n, value);
  return ga_fail_id(GA_ERR_ARG, "Octave:invalid-index",
                    "index (%s): subscripts must be either integers 1 to (2^63)-1 or logicals", w);
}

static ga_status out_of_bound(int k, int n, int64_t value, int64_t bound, const ga_tensor *a)
{
  char w[256], v[32], shape[256];
  snprintf(v, sizeof v, "%lld", (long long)value);
  where(w, sizeof w, k, n, v);
  ga_shape_format(a->ndims, a->dims, shape, sizeof shape);
  return ga_fail_id(GA_ERR_ARG, "Octave:index-out-of-bounds", "index (%s): out of bound %lld (dimensions are %s)",
                    w, (long long)bound, shape);
}

/* The values of a device index array, on the host. */
static ga_status read_device_index(ga_id id, ga_index *host, int64_t *dims, void **data)
{
  ga_tensor *t;
  ga_status st = ga_handles_get(id, &t);
  if (st != GA_OK)
    return st;
  size_t bytes = (size_t)t->numel * ga_class_size(t->cls);
  *data = malloc(bytes ? bytes : 1);
  if (!*data)
    return ga_fail(GA_ERR_OOM, "out of host memory");
  if (bytes && ((st = ga_tensor_materialize(t)) != GA_OK ||
                (st = ga_g.prov->download(ga_g.pstate, &t->buf, *data, bytes)) != GA_OK)) {
    free(*data);
    *data = NULL;
    return st;
  }
  ga_g.stats.bytes_downloaded += bytes;
  memcpy(dims, t->dims, (size_t)t->ndims * sizeof *dims);
  *host = (ga_index){.kind = GA_INDEX_HOST, .cls = t->cls, .ndims = t->ndims, .dims = dims, .data = *data};
  return GA_OK;
}

/* Positions in a progression need no index vector on the device. Repeated positions
 * (step 0) stay a list: assignment resolves them. */
static void find_progression(subscript *s)
{
  if (!s->pos || s->len == 0)
    return;
  int64_t step = s->len > 1 ? s->pos[1] - s->pos[0] : 1;
  if (step == 0)
    return;
  for (int64_t j = 2; j < s->len; j++)
    if (s->pos[j] - s->pos[j - 1] != step)
      return;
  s->start = s->pos[0];
  s->step = step;
  free(s->pos);
  s->pos = NULL;
}

/* A double index array that is a progression of valid positions, checked in one pass
 * without building the list: Octave hands a range such as 2:end to the MEX file
 * materialised, and for a long column the list (8 bytes an element, written then read
 * again by find_progression) cost more than the copy it selects. */
static bool double_progression(const double *v, int64_t n, subscript *s)
{
  const double big = 9007199254740992.0; /* 2^53: every integer below is exact */
  if (n < 2)
    return false;
  double d0 = v[0], dd = v[1] - v[0], last = d0 + (double)(n - 1) * dd;
  if (!(d0 >= 1 && d0 < big && d0 == floor(d0)) || dd == 0 || dd != floor(dd) || !(last >= 1 && last < big))
    return false;
  for (int64_t j = 2; j < n; j++)
    if (v[j] != d0 + (double)j * dd)
      return false;
  s->start = (int64_t)d0 - 1;
  s->step = (int64_t)dd;
  s->len = n;
  s->extent = (int64_t)(d0 > last ? d0 : last);
  return true;
}

/* Whether any element of the pending logical expression lz is true (one fused
 * reduction, one byte read back). */
static ga_status any_of(ga_lazy *lz, const ga_tensor *like, bool *found)
{
  ga_tensor *flags = NULL;
  ga_status st = ga_tensor_new_lazy(GA_LOGICAL, like->ndims, like->dims, lz, &flags);
  if (st != GA_OK) {
    ga_lazy_free(lz);
    return st;
  }
  st = ga_any_true(flags, found);
  ga_tensor_unref(flags);
  return st;
}

/* A numeric index array on the device, checked and turned into int64 positions there:
 * *done false when it needs the host (a bad value, whose message needs the value). */
static ga_status convert_device_numeric(ga_tensor *t, subscript *s, bool *done)
{
  *done = false;
  ga_status st = ga_tensor_materialize(t);
  if (st != GA_OK || t->numel == 0 || t->cls == GA_UINT64 || t->cls == GA_INT64)
    return st; /* 64-bit integers: exact on the host */
  ga_fuse_operand x = {.t = t, .ndims = t->ndims, .dims = t->dims};
  ga_fuse_operand one = {.s = {.cls = GA_DOUBLE, .v.f = 1}, .ndims = 0};
  ga_lazy *lt = NULL, *bad = NULL;
  ga_class c = t->cls;
  /* bad: x < 1, or (floating) x not an integer below 2^63; NaN fails x == floor (x) */
  st = ga_fuse_binary(GA_OP_LT, GA_LOGICAL, ga_binary_compute_mode(GA_OP_LT, c, GA_DOUBLE, GA_LOGICAL), &x, &one,
                      t->ndims, t->dims, &lt);
  if (st == GA_OK && ga_class_is_float(c)) {
    ga_tensor *tl = NULL, *fl = NULL, *ne = NULL, *big = NULL;
    ga_lazy *lf = NULL, *lne = NULL, *lbig = NULL, *lor = NULL;
    ga_fuse_operand top = {.s = {.cls = GA_DOUBLE, .v.f = 9223372036854775808.0}, .ndims = 0};
    st = ga_tensor_new_lazy(GA_LOGICAL, t->ndims, t->dims, lt, &tl);
    if (st == GA_OK && (st = ga_fuse_unary(GA_UOP_FLOOR, c, &x, t->ndims, t->dims, &lf)) == GA_OK)
      st = ga_tensor_new_lazy(c, t->ndims, t->dims, lf, &fl);
    ga_fuse_operand fo = {.t = fl, .ndims = t->ndims, .dims = t->dims};
    if (st == GA_OK && (st = ga_fuse_binary(GA_OP_NE, GA_LOGICAL, ga_binary_compute_mode(GA_OP_NE, c, c, GA_LOGICAL),
                                            &x, &fo, t->ndims, t->dims, &lne)) == GA_OK)
      st = ga_tensor_new_lazy(GA_LOGICAL, t->ndims, t->dims, lne, &ne);
    if (st == GA_OK && (st = ga_fuse_binary(GA_OP_GE, GA_LOGICAL,
                                            ga_binary_compute_mode(GA_OP_GE, c, GA_DOUBLE, GA_LOGICAL), &x, &top,
                                            t->ndims, t->dims, &lbig)) == GA_OK)
      st = ga_tensor_new_lazy(GA_LOGICAL, t->ndims, t->dims, lbig, &big);
    ga_fuse_operand a1 = {.t = tl, .ndims = t->ndims, .dims = t->dims}, a2 = {.t = ne, .ndims = t->ndims, .dims = t->dims},
                    a3 = {.t = big, .ndims = t->ndims, .dims = t->dims};
    ga_tensor *or1 = NULL;
    if (st == GA_OK && (st = ga_fuse_binary(GA_OP_OR, GA_LOGICAL, GA_CM_LOGIC, &a1, &a2, t->ndims, t->dims, &lor)) == GA_OK)
      st = ga_tensor_new_lazy(GA_LOGICAL, t->ndims, t->dims, lor, &or1);
    ga_fuse_operand a4 = {.t = or1, .ndims = t->ndims, .dims = t->dims};
    if (st == GA_OK)
      st = ga_fuse_binary(GA_OP_OR, GA_LOGICAL, GA_CM_LOGIC, &a4, &a3, t->ndims, t->dims, &bad);
    ga_tensor_unref(tl);
    ga_tensor_unref(fl);
    ga_tensor_unref(ne);
    ga_tensor_unref(big);
    ga_tensor_unref(or1);
    if (!tl)
      ga_lazy_free(lt);
  } else if (st == GA_OK) {
    bad = lt;
  }
  if (st != GA_OK)
    return st == GA_ERR_UNSUPPORTED ? GA_OK : st; /* too big for one kernel: the host path */
  bool any_bad = false;
  if ((st = any_of(bad, t, &any_bad)) != GA_OK || any_bad)
    return st;
  /* the extent: the largest value */
  ga_tensor *mx = NULL;
  int64_t one_d[2] = {1, 1};
  if ((st = ga_tensor_new(c, 2, one_d, &mx)) != GA_OK)
    return st;
  ga_reduce_desc d = {.op = GA_RED_MAX, .in = &t->buf, .in_cls = c, .out_cls = c, .inner = 1, .n = t->numel,
                      .outer = 1, .out = &mx->buf};
  uint64_t bits = 0;
  if ((st = ga_plan_reduce(&d)) == GA_OK)
    st = ga_g.prov->download(ga_g.pstate, &mx->buf, &bits, ga_class_size(c));
  ga_tensor_unref(mx);
  if (st != GA_OK)
    return st;
  ga_scalar m = ga_scalar_load(c, &bits);
  s->extent = ga_class_is_float(c) ? (int64_t)m.v.f : ga_class_is_signed(c) ? m.v.i : (int64_t)m.v.u;
  /* positions: int64 (x) - 1, exact (integers below 2^63) */
  ga_lazy *lc = NULL, *lm = NULL;
  ga_tensor *ci = NULL;
  ga_fuse_operand one64 = {.s = {.cls = GA_INT64, .v.i = 1}, .ndims = 0};
  if ((st = ga_fuse_unary(GA_UOP_CAST, GA_INT64, &x, t->ndims, t->dims, &lc)) == GA_OK &&
      (st = ga_tensor_new_lazy(GA_INT64, t->ndims, t->dims, lc, &ci)) != GA_OK)
    ga_lazy_free(lc);
  ga_fuse_operand co = {.t = ci, .ndims = t->ndims, .dims = t->dims};
  if (st == GA_OK && (st = ga_fuse_binary(GA_OP_MINUS, GA_INT64, GA_CM_INT_EXACT, &co, &one64, t->ndims, t->dims,
                                          &lm)) == GA_OK &&
      (st = ga_tensor_new_lazy(GA_INT64, t->ndims, t->dims, lm, &s->dev)) != GA_OK)
    ga_lazy_free(lm);
  ga_tensor_unref(ci);
  if (st == GA_OK && (st = ga_tensor_materialize(s->dev)) == GA_OK) {
    s->len = t->numel;
    s->ndims = t->ndims;
    memcpy(s->dims, t->dims, sizeof s->dims);
    *done = true;
  }
  return st;
}

/* device: index arrays held on the device may stay there (x(idx) and x(mask) = v);
 * otherwise they are read back (assignment needs repeated positions resolved). */
static ga_status convert(const ga_index *in, int k, int n, subscript *s, bool device)
{
  memset(s, 0, sizeof *s);
  if (in->kind == GA_INDEX_COLON) {
    s->colon = true;
    return GA_OK;
  }
  if (in->kind == GA_INDEX_RANGE) {
    int64_t last = in->first + (in->count - 1) * in->step;
    if (in->count < 1 || in->step == 0 || in->first < 1 || last < 1)
      return ga_fail(GA_ERR_ARG, "invalid index range");
    s->start = in->first - 1;
    s->step = in->step;
    s->len = in->count;
    s->extent = in->first > last ? in->first : last;
    s->ndims = 2;
    s->dims[0] = 1;
    s->dims[1] = in->count;
    return GA_OK;
  }
  if (in->kind == GA_INDEX_GPU && device) {
    ga_tensor *t;
    ga_status st = ga_handles_get(in->id, &t);
    if (st != GA_OK)
      return st;
    if (t->cls == GA_LOGICAL) {
      int64_t count = 0;
      if ((st = ga_mask_positions(t, &s->dev, &count)) != GA_OK)
        return st;
      s->len = count;
      s->unique = true;
      if (count > 0) { /* the last position: one element read back */
        ga_copy_desc last = {.ndims = 1, .dims = {1}, .src_offset = count - 1, .src = {{NULL, 1}}, .dst = {{NULL, 1}},
                             .elem_size = 8, .src_buf = &s->dev->buf};
        ga_pbuf tmp = {0};
        int64_t lp = 0;
        if ((st = ga_buffer_acquire(8, &tmp)) == GA_OK) {
          last.dst_buf = &tmp;
          if ((st = ga_plan_copy(&last)) == GA_OK)
            st = ga_g.prov->download(ga_g.pstate, &tmp, &lp, 8);
          ga_buffer_release(&tmp);
        }
        if (st != GA_OK)
          return st;
        s->extent = lp + 1;
      }
      s->ndims = 2;
      if (t->numel == 1)
        s->dims[0] = s->dims[1] = count;
      else if (t->ndims == 2 && t->dims[0] == 1)
        s->dims[0] = 1, s->dims[1] = count;
      else
        s->dims[0] = count, s->dims[1] = 1;
      return GA_OK;
    }
    bool done = false;
    if ((st = convert_device_numeric(t, s, &done)) != GA_OK || done)
      return st;
    ga_tensor_unref(s->dev);
    memset(s, 0, sizeof *s);
  }
  ga_index host = *in;
  int64_t dims[GA_MAX_DIMS];
  void *owned = NULL;
  ga_status st = GA_OK;
  if (in->kind == GA_INDEX_GPU && (st = read_device_index(in->id, &host, dims, &owned)) != GA_OK)
    return st;
  if ((unsigned)host.cls >= GA_NCLASSES || host.ndims < 0 || host.ndims > GA_MAX_DIMS) {
    free(owned);
    return ga_fail(GA_ERR_ARG, "invalid index array");
  }
  int64_t numel = ga_shape_numel(host.ndims, host.dims);
  if (host.cls == GA_DOUBLE && double_progression(host.data, numel, s)) {
    free(owned);
    s->ndims = host.ndims;
    memcpy(s->dims, host.dims, (size_t)host.ndims * sizeof *host.dims);
    ga_shape_normalize(&s->ndims, s->dims);
    return GA_OK;
  }
  s->pos = malloc((size_t)(numel ? numel : 1) * sizeof *s->pos);
  if (!s->pos) {
    free(owned);
    return ga_fail(GA_ERR_OOM, "out of host memory");
  }
  size_t es = ga_class_size(host.cls);
  const char *p = host.data;
  int64_t len = 0, extent = 0;
  for (int64_t j = 0; j < numel && st == GA_OK; j++) {
    ga_scalar v = ga_scalar_load(host.cls, p + j * (int64_t)es);
    int64_t q = 0;
    char text[48];
    if (host.cls == GA_LOGICAL) {
      if (v.v.f == 0)
        continue;
      q = j;
    } else if (ga_class_is_int(host.cls)) {
      bool ok = ga_class_is_signed(host.cls) ? v.v.i >= 1 : v.v.u >= 1;
      if (!ok) {
        snprintf(text, sizeof text, "%lld", (long long)v.v.i);
        st = bad_subscript(k, n, text);
        break;
      }
      q = (ga_class_is_signed(host.cls) ? v.v.i : (int64_t)(v.v.u > (uint64_t)INT64_MAX ? INT64_MAX : v.v.u)) - 1;
    } else {
      double d = v.v.f;
      if (!(d >= 1 && d == floor(d) && d < 9223372036854775808.0)) {
        snprintf(text, sizeof text, "%g", d);
        st = bad_subscript(k, n, text);
        break;
      }
      q = (int64_t)d - 1;
    }
    s->pos[len++] = q;
    if (q + 1 > extent)
      extent = q + 1;
  }
  free(owned);
  if (st != GA_OK) {
    free(s->pos);
    s->pos = NULL;
    return st;
  }
  s->len = len;
  s->extent = extent;
  /* the shape A(I) takes: a mask's is a row for a row mask, else a column; a scalar
   * mask gives 1x1 or 0x0 (Octave's idx_vector) */
  if (host.cls == GA_LOGICAL) {
    s->ndims = 2;
    if (numel == 1)
      s->dims[0] = s->dims[1] = len;
    else if (host.ndims == 2 && host.dims[0] == 1)
      s->dims[0] = 1, s->dims[1] = len;
    else
      s->dims[0] = len, s->dims[1] = 1;
  } else {
    s->ndims = host.ndims;
    memcpy(s->dims, host.dims, (size_t)host.ndims * sizeof *host.dims);
    ga_shape_normalize(&s->ndims, s->dims);
  }
  find_progression(s);
  return GA_OK;
}

/* device: 0 read every index array on the host (deletion: its message style); 1 keep
 * device ones there (assignment resolves repeated positions on the device:
 * resolve_repeats_device) */
static ga_status convert_all(int nidx, const ga_index *idx, subscript *s, int device)
{
  if (nidx < 0 || nidx > GA_MAX_DIMS)
    return ga_fail(GA_ERR_ARG, "at most %d subscripts are supported", GA_MAX_DIMS);
  for (int k = 0; k < nidx; k++) {
    bool dev = device == 1;
    ga_status st = convert(&idx[k], k, device == 0 ? -1 : nidx, &s[k], dev);
    if (st != GA_OK) {
      subscripts_free(s, k);
      return st;
    }
  }
  return GA_OK;
}

/* A's dimensions seen through n subscripts: the last takes all the remaining ones. */
static void fold_dims(const ga_tensor *a, int n, int64_t *fd)
{
  for (int k = 0; k < n; k++)
    fd[k] = k < a->ndims ? a->dims[k] : 1;
  for (int k = n; k < a->ndims; k++)
    fd[n - 1] *= a->dims[k];
}

static void canonical_strides(int n, const int64_t *dims, int64_t *strides)
{
  int64_t s = 1;
  for (int k = 0; k < n; k++) {
    strides[k] = s;
    s *= dims[k];
  }
}

/* An int64 vector on the device (a tensor the caller keeps until the copy is done). */
static ga_status index_tensor(const int64_t *pos, int64_t n, ga_tensor **out)
{
  int64_t dims[2] = {n, 1};
  ga_status st = ga_tensor_new(GA_INT64, 2, dims, out);
  if (st != GA_OK || n == 0)
    return st;
  size_t bytes = (size_t)n * sizeof *pos;
  if ((st = ga_g.prov->upload(ga_g.pstate, &(*out)->buf, pos, bytes)) != GA_OK) {
    ga_tensor_unref(*out);
    *out = NULL;
    return st;
  }
  ga_g.stats.bytes_uploaded += bytes;
  return GA_OK;
}

/* The axis through which subscript s reaches memory of this stride. */
static ga_status subscript_axis(const subscript *s, int64_t stride, ga_tensor **holder, ga_view_axis *ax,
                                int64_t *offset)
{
  *ax = (ga_view_axis){NULL, stride};
  if (s->colon)
    return GA_OK;
  if (s->dev) {
    ax->index = &s->dev->buf;
    return GA_OK;
  }
  if (!s->pos) {
    *offset += s->start * stride;
    ax->stride = s->step * stride;
    return GA_OK;
  }
  ga_status st = index_tensor(s->pos, s->len, holder);
  if (st == GA_OK)
    ax->index = &(*holder)->buf;
  return st;
}

static ga_status publish(ga_tensor *t, ga_id *out)
{
  t->narrow = ga_class_is_complex(t->cls); /* Octave narrows z(I), z.', [z, z], ... */
  ga_status st = ga_handles_insert(t, out);
  if (st != GA_OK)
    ga_tensor_unref(t);
  return st;
}

/* ---- helpers shared with ga_layout.c ------------------------------------------------ */

ga_status ga_tensor_cast(ga_tensor *t, ga_class to, ga_tensor **out)
{
  if (t->cls == to) {
    t->refcount++;
    *out = t;
    return GA_OK;
  }
  ga_status st = ga_tensor_materialize(t);
  if (st != GA_OK)
    return st;
  if (t->numel == 0)
    return ga_tensor_new(to, t->ndims, t->dims, out);
  ga_fuse_operand o = {.t = t, .ndims = t->ndims, .dims = t->dims};
  ga_lazy *lz = NULL;
  if ((st = ga_fuse_unary(GA_UOP_CAST, to, &o, t->ndims, t->dims, &lz)) != GA_OK)
    return st;
  if ((st = ga_tensor_new_lazy(to, t->ndims, t->dims, lz, out)) != GA_OK) {
    ga_lazy_free(lz);
    return st;
  }
  if ((st = ga_tensor_materialize(*out)) != GA_OK) {
    ga_tensor_unref(*out);
    *out = NULL;
  }
  return st;
}

ga_status ga_tensor_zeros(ga_class cls, int ndims, const int64_t *dims, ga_tensor **out)
{
  int64_t n = ga_shape_numel(ndims, dims);
  if (n == 0)
    return ga_tensor_new(cls, ndims, dims, out);
  ga_lazy *lz = ga_lazy_new(ndims, dims);
  if (!lz)
    return ga_fail(GA_ERR_OOM, "out of host memory");
  lz->x.nscalars = 1;
  lz->x.scalars[0] = (ga_scalar){.cls = cls}; /* all-zero bits: +0 in every class */
  lz->x.nodes[0] = (ga_xnode){.kind = GA_X_SCALAR, .cls = cls, .slot = 0};
  lz->x.nnodes = 1;
  ga_status st = ga_tensor_new_lazy(cls, ndims, dims, lz, out);
  if (st != GA_OK) {
    ga_lazy_free(lz);
    return st;
  }
  if ((st = ga_tensor_materialize(*out)) != GA_OK) {
    ga_tensor_unref(*out);
    *out = NULL;
  }
  return st;
}

/* A tensor of class cls holding the host array (a temporary for one operation). */
ga_status ga_tensor_from_host(const ga_operand *o, ga_tensor **out)
{
  ga_status st = ga_shape_check(o->ndims, o->dims);
  if (st != GA_OK || (st = ga_tensor_new(o->cls, o->ndims, o->dims, out)) != GA_OK)
    return st;
  size_t bytes = (size_t)(*out)->numel * ga_class_size(o->cls);
  if (bytes) {
    if ((st = ga_g.prov->upload(ga_g.pstate, &(*out)->buf, o->data, bytes)) != GA_OK) {
      ga_tensor_unref(*out);
      *out = NULL;
      return st;
    }
    ga_g.stats.bytes_uploaded += bytes;
  }
  return GA_OK;
}

/* ---- A(I...) ------------------------------------------------------------------------- */

/* Octave's shape of A(I) for one subscript (Array<T>::index): the subscript's own,
 * except that a vector indexed by a vector keeps its orientation. */
static void linear_result_shape(const ga_tensor *a, const subscript *s, int *nd, int64_t *dims)
{
  if (s->colon) {
    *nd = 2;
    dims[0] = a->numel;
    dims[1] = 1;
    return;
  }
  int a_long = 0, s_long = 0, a_axis = 0;
  for (int k = 0; k < a->ndims; k++)
    if (a->dims[k] != 1) {
      a_long++;
      a_axis = k;
    }
  for (int k = 0; k < s->ndims; k++)
    s_long += s->dims[k] != 1;
  *nd = s->ndims;
  memcpy(dims, s->dims, (size_t)s->ndims * sizeof *dims);
  if (a->numel != 1 && a_long == 1 && s->len != 1 && s_long == 1) {
    *nd = a->ndims;
    memcpy(dims, a->dims, (size_t)a->ndims * sizeof *dims);
    dims[a_axis] = s->len;
  }
}

/* Whether the gather d (dense destination) reads one contiguous run of its source, and
 * where it starts. */
static bool contiguous_source(const ga_copy_desc *d, int64_t *first)
{
  int64_t expect = 1;
  for (int k = 0; k < d->ndims; k++) {
    if (d->src[k].index)
      return false;
    if (d->dims[k] == 1)
      continue;
    if (d->src[k].stride != expect)
      return false;
    expect *= d->dims[k];
  }
  *first = d->src_offset;
  return true;
}

static bool has_index_vector(const ga_copy_desc *d)
{
  for (int k = 0; k < d->ndims; k++)
    if (d->src[k].index)
      return true;
  return false;
}

/* The strides of A(I...)'s own dimensions (rnd, rdims), from the gather d: one per
 * subscript, or for a single subscript one progression laid over the result's shape. */
static void result_strides(const ga_copy_desc *d, int rnd, const int64_t *rdims, int64_t *strides)
{
  memset(strides, 0, GA_MAX_DIMS * sizeof *strides);
  if (d->ndims == 1) {
    int64_t s = d->src[0].stride;
    for (int k = 0; k < rnd; k++) {
      strides[k] = s;
      s *= rdims[k];
    }
    return;
  }
  for (int k = 0; k < d->ndims && k < rnd; k++)
    strides[k] = d->src[k].stride;
}

ga_status ga_subsref(ga_id id, int nidx, const ga_index *idx, ga_id *out)
{
  ga_status st = ga_init();
  ga_tensor *a;
  if (st != GA_OK || (st = ga_handles_get(id, &a)) != GA_OK)
    return st;
  subscript s[GA_MAX_DIMS];
  if ((st = convert_all(nidx, idx, s, 1)) != GA_OK)
    return st;
  ga_tensor *t = NULL, *holders[GA_MAX_DIMS] = {0};
  ga_copy_desc d = {.elem_size = ga_class_size(a->cls)};
  int rnd = 2;
  int64_t rdims[GA_MAX_DIMS];
  /* positions are taken in A's layout: a view's base with its strides where the
   * subscripts can walk them (a slice of a slice, of a transpose), else A's storage */
  ga_view_layout lay = {0};
  bool a_view = ga_tensor_is_view(a, &lay);
  int64_t fd[GA_MAX_DIMS], fs[GA_MAX_DIMS];
  /* one element of a view that the subscripts cannot walk (v(1) of a transpose): its
   * position is computed from its place in A, and nothing is copied */
  bool pick = false;
  if (a_view && nidx >= 1 && !ga_layout_fold(a, &lay, nidx, fd, fs)) {
    a_view = false;
    pick = true;
    for (int k = 0; k < nidx; k++)
      pick &= !s[k].colon && !s[k].dev && s[k].len == 1;
    if (!pick && (st = ga_tensor_materialize(a)) != GA_OK) {
      subscripts_free(s, nidx);
      return st;
    }
  }
  if (a_view && nidx == 0) { /* A() of a view: the same view */
    subscripts_free(s, nidx);
    st = ga_tensor_view(&lay, a->cls, a->ndims, a->dims, &t);
    return st == GA_OK ? publish(t, out) : st;
  }
  if (!a_view && nidx >= 1) {
    fold_dims(a, nidx, fd);
    canonical_strides(nidx, fd, fs);
  }
  if (!a_view && (nidx == 0 || (nidx == 1 && s[0].colon))) { /* A() and A(:) share A's storage */
    if (nidx == 0) {
      rnd = a->ndims;
      memcpy(rdims, a->dims, sizeof rdims);
    } else {
      rdims[0] = a->numel;
      rdims[1] = 1;
    }
    st = ga_tensor_alias(a, rnd, rdims, &t);
    subscripts_free(s, nidx);
    return st == GA_OK ? publish(t, out) : st;
  }
  if (nidx == 1) {
    if (s[0].extent > a->numel) {
      st = out_of_bound(0, 1, s[0].extent, a->numel, a);
      goto done;
    }
    linear_result_shape(a, &s[0], &rnd, rdims);
    if (s[0].colon) /* A(:) of a view */
      rnd = 2, rdims[0] = a->numel, rdims[1] = 1;
    d.ndims = 1;
    d.dims[0] = s[0].colon ? a->numel : s[0].len;
    d.dst[0] = (ga_view_axis){NULL, 1};
    d.src_offset = a_view ? lay.offset : 0;
    st = subscript_axis(&s[0], fs[0], &holders[0], &d.src[0], &d.src_offset);
  } else {
    d.src_offset = a_view ? lay.offset : 0;
    for (int k = 0; k < nidx && st == GA_OK; k++)
      if (!s[k].colon && s[k].extent > fd[k])
        st = out_of_bound(k, nidx, s[k].extent, fd[k], a);
    rnd = nidx;
    for (int k = 0; k < nidx; k++)
      rdims[k] = s[k].colon ? fd[k] : s[k].len;
    d.ndims = nidx;
    for (int k = 0; k < nidx; k++)
      d.dims[k] = rdims[k];
    int64_t ds = 1;
    for (int k = 0; k < nidx && st == GA_OK; k++) {
      d.dst[k] = (ga_view_axis){NULL, ds};
      ds *= rdims[k];
      st = subscript_axis(&s[k], fs[k], &holders[k], &d.src[k], &d.src_offset);
    }
  }
  if (st == GA_OK && pick && !has_index_vector(&d) && ga_plan_view_pending(lay.base, 0, NULL, NULL)) {
    int64_t at = d.src_offset; /* the element's index in A, then its place in the base */
    ga_view_layout v = {.base = lay.base, .offset = lay.offset};
    for (int k = 0; k < a->ndims && at > 0; k++) {
      v.offset += (at % a->dims[k]) * lay.strides[k];
      at /= a->dims[k];
    }
    st = ga_tensor_view(&v, a->cls, rnd, rdims, &t);
    goto done;
  }
  ga_tensor *src = a_view ? lay.base : a;
  /* a contiguous run of A's elements (A(:, j), A(:, :, k), x(a:b)) is a view of A's
   * memory: no copy, and what consumes it reads A's storage directly */
  int64_t first = 0;
  if (st == GA_OK && contiguous_source(&d, &first)) {
    st = ga_tensor_alias_range(src, first, rnd, rdims, &t);
    if (st == GA_OK)
      goto done;
    if (st != GA_ERR_UNSUPPORTED)
      goto done;
    st = GA_OK; /* not aligned for the kernels' vector loads: a view or a copy */
  }
  /* a progression along every subscript: a pending strided view that consumers read in
   * place (ga_plan_view_pending says when) */
  ga_view_layout pv = {.base = src, .offset = d.src_offset};
  if (st == GA_OK && !has_index_vector(&d))
    result_strides(&d, rnd, rdims, pv.strides);
  if (st == GA_OK && !has_index_vector(&d) && ga_plan_view_pending(src, rnd, rdims, pv.strides)) {
    if ((st = ga_tensor_materialize(src)) == GA_OK)
      st = ga_tensor_view(&pv, a->cls, rnd, rdims, &t);
    goto done;
  }
  if (st == GA_OK)
    st = ga_tensor_new(a->cls, rnd, rdims, &t);
  if (st == GA_OK && t->numel > 0 && (st = ga_tensor_materialize(src)) == GA_OK) {
    d.src_buf = &src->buf;
    d.dst_buf = &t->buf;
    st = ga_plan_copy(&d);
  }
done:
  for (int k = 0; k < nidx; k++)
    ga_tensor_unref(holders[k]);
  subscripts_free(s, nidx);
  if (st != GA_OK) {
    ga_tensor_unref(t);
    return st;
  }
  return publish(t, out);
}

/* ---- A(I...) = V ----------------------------------------------------------------------- */

void ga_patch_free(ga_tensor *t)
{
  ga_patch *p = t->patch;
  t->patch = NULL;
  if (!p)
    return;
  ga_tensor_unref(p->base);
  ga_tensor_unref(p->src);
  for (int k = 0; k < 2 * GA_MAX_DIMS; k++)
    ga_tensor_unref(p->index[k]);
  free(p);
}

ga_status ga_patch_apply(ga_tensor *t)
{
  ga_patch *p = t->patch;
  ga_tensor *b = p->base;
  ga_status st = ga_tensor_materialize(b);
  if (st != GA_OK)
    return st;
  size_t bytes = (size_t)t->numel * ga_class_size(t->cls);
  /* nothing else can see the old value: write into its storage */
  bool steal = b->refcount == 1 && b->handle_refs == 0 && !b->owner && b->buf.bytes >= bytes;
  if (steal) {
    ga_g.stats.assign_in_place++;
    t->buf = b->buf;
    b->buf = (ga_pbuf){0};
    ga_g.stats.bytes_in_use -= t->buf.bytes; /* moves from b to t below */
  } else if (bytes) {
    ga_g.stats.assign_copies++;
    if ((st = ga_buffer_acquire(bytes, &t->buf)) != GA_OK)
      return st;
    ga_copy_desc whole = {.ndims = 1, .dims = {t->numel}, .src = {{NULL, 1}}, .dst = {{NULL, 1}},
                          .elem_size = ga_class_size(t->cls), .src_buf = &b->buf, .dst_buf = &t->buf};
    if ((st = ga_plan_copy(&whole)) != GA_OK) {
      ga_buffer_release(&t->buf);
      return st;
    }
  }
  ga_g.stats.bytes_in_use += t->buf.bytes;
  p->copy.src_buf = &p->src->buf;
  p->copy.dst_buf = &t->buf;
  st = ga_plan_copy(&p->copy);
  ga_patch_free(t); /* even on failure: the value is what the copy left */
  ga_g.stats.materializations++;
  return st;
}

static ga_status nonconformant(int n, const int64_t *lens, const int64_t *vdims, int vnd)
{
  char a[256], b[256];
  ga_shape_format(n, lens, a, sizeof a);
  ga_shape_format(vnd, vdims, b, sizeof b);
  return ga_fail_id(GA_ERR_NONCONFORMANT, "Octave:nonconformant-args",
                    "=: nonconformant arguments (op1 is %s, op2 is %s)", a, b);
}

/* Dimensions other than 1, in order (Octave compares assigned shapes this way). */
static int squeeze(int n, const int64_t *dims, int64_t *out)
{
  int m = 0;
  for (int k = 0; k < n; k++)
    if (dims[k] != 1)
      out[m++] = dims[k];
  return m;
}

typedef struct {
  int64_t pos, j;
} target;

static int by_position_then_order(const void *x, const void *y)
{
  const target *a = x, *b = y;
  if (a->pos != b->pos)
    return a->pos < b->pos ? -1 : 1;
  return a->j < b->j ? -1 : a->j > b->j;
}

/* Repeated targets in one subscript: the last assignment wins, as in Octave, so keep
 * each position once with the source position of its last occurrence. The subscript
 * becomes the unique positions; *src_pos (malloc) the matching source positions, or
 * NULL when nothing repeats. */
static ga_status resolve_repeats(subscript *s, int64_t **src_pos)
{
  *src_pos = NULL;
  if (s->colon || !s->pos || s->len < 2)
    return GA_OK;
  target *t = malloc((size_t)s->len * sizeof *t);
  if (!t)
    return ga_fail(GA_ERR_OOM, "out of host memory");
  for (int64_t j = 0; j < s->len; j++)
    t[j] = (target){s->pos[j], j};
  qsort(t, (size_t)s->len, sizeof *t, by_position_then_order);
  bool repeats = false;
  for (int64_t j = 1; j < s->len && !repeats; j++)
    repeats = t[j].pos == t[j - 1].pos;
  if (!repeats) {
    free(t);
    return GA_OK;
  }
  int64_t *sp = malloc((size_t)s->len * sizeof *sp);
  if (!sp) {
    free(t);
    return ga_fail(GA_ERR_OOM, "out of host memory");
  }
  int64_t m = 0;
  for (int64_t j = 0; j < s->len; j++) {
    if (j + 1 < s->len && t[j + 1].pos == t[j].pos)
      continue; /* a later occurrence follows */
    s->pos[m] = t[j].pos;
    sp[m++] = t[j].j;
  }
  free(t);
  s->len = m;
  *src_pos = sp;
  return GA_OK;
}

/* resolve_repeats for positions on the device (a numeric subscript that stayed there):
 * the device's stable sort of the positions, each run of equal ones kept at its last
 * element (where the next sorted position differs: the sorted positions plus one against
 * the same shifted by one, ending in 0), its position and its source position gathered.
 * *src: the source positions (int64, 0-based), or NULL when nothing repeats. Reading
 * the subscript on the host and sorting it there took tens of seconds for 1e8. */
static ga_status gather_int64(const ga_tensor *from, const ga_tensor *pos, int64_t count, ga_tensor **out)
{
  int64_t dims[2] = {count, 1};
  ga_status st = ga_tensor_new(GA_INT64, 2, dims, out);
  ga_copy_desc c = {.ndims = 1, .dims = {count}, .src = {{&pos->buf, 1}}, .dst = {{NULL, 1}}, .elem_size = 8,
                    .src_buf = &from->buf};
  if (st == GA_OK) {
    c.dst_buf = &(*out)->buf;
    st = ga_plan_copy(&c);
  }
  return st;
}

static ga_status resolve_repeats_device(subscript *s, ga_tensor **src)
{
  *src = NULL;
  int64_t n = s->len;
  if (s->colon || !s->dev || s->unique || n < 2)
    return GA_OK;
  int64_t dims[2] = {n, 1};
  ga_tensor *sorted = NULL, *order = NULL, *plus1 = NULL, *next = NULL, *keep = NULL, *pos = NULL, *dst = NULL,
            *ord64 = NULL, *sp = NULL;
  ga_lazy *lz = NULL;
  int64_t count = 0;
  ga_status st;
  if ((st = ga_tensor_new(GA_INT64, 2, dims, &sorted)) == GA_OK &&
      (st = ga_tensor_new(GA_DOUBLE, 2, dims, &order)) == GA_OK) {
    ga_sort_desc d = {GA_INT64, 1, n, 1, false, &s->dev->buf, &sorted->buf, &order->buf};
    st = ga_plan_sort(&d);
  }
  ga_fuse_operand so = {.t = sorted, .ndims = 2, .dims = dims}, one = {.s = {.cls = GA_INT64, .v.i = 1}, .ndims = 0};
  if (st == GA_OK &&
      (st = ga_fuse_binary(GA_OP_PLUS, GA_INT64, GA_CM_INT_EXACT, &so, &one, 2, dims, &lz)) == GA_OK &&
      (st = ga_tensor_new_lazy(GA_INT64, 2, dims, lz, &plus1)) != GA_OK)
    ga_lazy_free(lz);
  if (st == GA_OK && (st = ga_tensor_materialize(plus1)) == GA_OK &&
      (st = ga_tensor_zeros(GA_INT64, 2, dims, &next)) == GA_OK && (st = ga_tensor_materialize(next)) == GA_OK) {
    ga_copy_desc c = {.ndims = 1, .dims = {n - 1}, .src_offset = 1, .src = {{NULL, 1}}, .dst = {{NULL, 1}},
                      .elem_size = 8, .src_buf = &plus1->buf, .dst_buf = &next->buf};
    st = ga_plan_copy(&c);
  }
  ga_fuse_operand po = {.t = plus1, .ndims = 2, .dims = dims}, no = {.t = next, .ndims = 2, .dims = dims};
  lz = NULL;
  if (st == GA_OK &&
      (st = ga_fuse_binary(GA_OP_NE, GA_LOGICAL, GA_CM_CMP_INT64, &po, &no, 2, dims, &lz)) == GA_OK &&
      (st = ga_tensor_new_lazy(GA_LOGICAL, 2, dims, lz, &keep)) != GA_OK)
    ga_lazy_free(lz);
  if (st == GA_OK)
    st = ga_mask_positions(keep, &pos, &count);
  if (st == GA_OK && count < n) {
    int64_t cdims[2] = {count, 1};
    /* the source positions: the sort's 1-based positions less one, as int64 */
    if ((st = ga_tensor_cast(order, GA_INT64, &ord64)) == GA_OK && (st = gather_int64(sorted, pos, count, &dst)) == GA_OK &&
        (st = gather_int64(ord64, pos, count, &sp)) == GA_OK) {
      ga_fuse_operand spo = {.t = sp, .ndims = 2, .dims = cdims};
      ga_tensor *sp0 = NULL;
      lz = NULL;
      if ((st = ga_fuse_binary(GA_OP_MINUS, GA_INT64, GA_CM_INT_EXACT, &spo, &one, 2, cdims, &lz)) == GA_OK &&
          (st = ga_tensor_new_lazy(GA_INT64, 2, cdims, lz, &sp0)) != GA_OK)
        ga_lazy_free(lz);
      if (st == GA_OK && (st = ga_tensor_materialize(sp0)) == GA_OK) {
        ga_tensor_unref(s->dev);
        s->dev = dst;
        dst = NULL;
        s->len = count;
        s->unique = true;
        *src = sp0;
      } else {
        ga_tensor_unref(sp0);
      }
    }
  }
  ga_tensor *all[] = {sorted, order, plus1, next, keep, pos, dst, ord64, sp};
  for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
    ga_tensor_unref(all[i]);
  return st;
}

ga_status ga_subsasgn(ga_id id, int nidx, const ga_index *idx, const ga_operand *value, ga_id *out)
{
  ga_status st = ga_init();
  ga_tensor *a, *v = NULL;
  if (st != GA_OK || (st = ga_handles_get(id, &a)) != GA_OK)
    return st;
  if (nidx < 1)
    return ga_fail(GA_ERR_ARG, "A() = X: an index is required");
  if (!value->is_host) {
    if ((st = ga_handles_get(value->id, &v)) != GA_OK)
      return st;
    v->refcount++;
  } else if ((unsigned)value->cls >= GA_NCLASSES) {
    return ga_fail(GA_ERR_CLASS, "unsupported value class");
  } else if ((st = ga_tensor_from_host(value, &v)) != GA_OK) {
    return st;
  }
  ga_class rc = a->cls == GA_LOGICAL && v->cls == GA_SINGLE ? GA_DOUBLE : a->cls;
  if (ga_class_is_complex(v->cls) && !ga_class_is_complex(rc)) { /* A(I) = 1i makes a real A complex */
    if (ga_class_is_int(rc)) {
      ga_tensor_unref(v);
      return ga_fail(GA_ERR_CLASS, "operator = undefined for '%s matrix' by 'complex matrix' operations",
                     ga_class_name(rc));
    }
    rc = ga_class_complex_of(rc == GA_SINGLE || v->cls == GA_CSINGLE ? GA_SINGLE : GA_DOUBLE);
  }
  if (rc == GA_LOGICAL && ga_class_is_float(v->cls) && v->numel > 0) { /* NaN has no logical value */
    ga_fuse_operand o = {.t = v, .ndims = v->ndims, .dims = v->dims};
    ga_lazy *lz = NULL;
    bool nan = false;
    if ((st = ga_tensor_materialize(v)) == GA_OK &&
        (st = ga_fuse_unary(GA_UOP_ISNAN, GA_LOGICAL, &o, v->ndims, v->dims, &lz)) == GA_OK &&
        (st = any_of(lz, v, &nan)) == GA_OK && nan)
      st = ga_fail_id(GA_ERR_ARG, "Octave:invalid-conversion", "invalid conversion from NaN to logical");
    if (st != GA_OK) {
      ga_tensor_unref(v);
      return st;
    }
  }
  subscript s[GA_MAX_DIMS];
  if ((st = convert_all(nidx, idx, s, 1)) != GA_OK) {
    ga_tensor_unref(v);
    return st;
  }
  int64_t lens[GA_MAX_DIMS], newd[GA_MAX_DIMS], fd[GA_MAX_DIMS], vd[GA_MAX_DIMS];
  int nd = nidx, vnd = v->ndims;
  memcpy(vd, v->dims, sizeof vd);
  for (int k = vnd; k < GA_MAX_DIMS; k++)
    vd[k] = 1;
  bool scalar = v->numel == 1;
  if (nidx == 1) {
    int64_t n = a->numel;
    nd = a->ndims;
    memcpy(newd, a->dims, sizeof newd);
    if (s[0].colon) {
      lens[0] = n;
      if (n == 0 && a->ndims == 2 && a->dims[0] == 0 && a->dims[1] == 0 && v->ndims == 2 && v->dims[0] == 1 &&
          v->numel > 1) { /* A = []; A(:) = row */
        newd[1] = lens[0] = v->numel;
        newd[0] = 1;
      }
    } else {
      lens[0] = s[0].len;
      if (s[0].extent > n) { /* grows: as a row, unless A is a column */
        if (a->ndims == 2 && (a->dims[0] == 0 || a->dims[0] == 1)) {
          newd[0] = 1;
          newd[1] = s[0].extent;
        } else if (a->ndims == 2 && a->dims[1] == 1) {
          newd[0] = s[0].extent;
        } else {
          st = ga_fail_id(GA_ERR_ARG, "Octave:invalid-resize",
                          "Invalid resizing operation or ambiguous assignment to an out-of-bounds array element");
        }
      }
    }
    if (st == GA_OK && !scalar && v->numel != lens[0]) {
      int64_t op1[2] = {lens[0], 1};
      st = nonconformant(2, op1, v->dims, v->ndims);
    }
    fd[0] = n;
  } else {
    fold_dims(a, nidx, fd);
    for (int k = 0; k < nidx; k++) {
      if (s[k].colon) {
        lens[k] = fd[k];
        if (fd[k] == 0 && a->numel == 0 && !scalar) /* A = []; A(:, 1) = column */
          lens[k] = vd[k];
        newd[k] = lens[k] > fd[k] ? lens[k] : fd[k];
      } else {
        lens[k] = s[k].len;
        newd[k] = s[k].extent > fd[k] ? s[k].extent : fd[k];
      }
    }
    if (a->ndims > nidx && newd[nidx - 1] != fd[nidx - 1])
      st = ga_fail_id(GA_ERR_ARG, "Octave:invalid-resize",
                      "Invalid resizing operation or ambiguous assignment to an "
                      "out-of-bounds array element");
    if (st == GA_OK && a->ndims > nidx) { /* folded: the result keeps A's own shape */
      nd = a->ndims;
      memcpy(newd, a->dims, sizeof newd);
    }
    if (st == GA_OK && !scalar) {
      int64_t ql[GA_MAX_DIMS], qv[GA_MAX_DIMS];
      int nl = squeeze(nidx, lens, ql), nv = squeeze(v->ndims, v->dims, qv);
      if (nl != nv || memcmp(ql, qv, (size_t)nl * sizeof *ql) != 0)
        st = nonconformant(nidx, lens, v->dims, v->ndims);
    }
  }
  /* the copy: iteration over the subscripts' lengths; V is read in that order */
  ga_patch *p = NULL;
  ga_tensor *t = NULL, *base = NULL, *vc = NULL;
  if (st == GA_OK && !(p = calloc(1, sizeof *p)))
    st = ga_fail(GA_ERR_OOM, "out of host memory");
  if (st == GA_OK) {
    int64_t ns[GA_MAX_DIMS], vs = 1, seen[GA_MAX_DIMS];
    /* strides of the result seen through the subscripts (the last takes the rest; a
     * folded A cannot grow, so its folded shape holds) */
    int rn = nidx == 1 ? 1 : nidx;
    if (nidx == 1) {
      ns[0] = 1;
    } else {
      for (int k = 0; k < nidx; k++)
        seen[k] = a->ndims > nidx ? fd[k] : newd[k];
      canonical_strides(nidx, seen, ns);
    }
    p->copy.ndims = rn;
    p->copy.elem_size = ga_class_size(rc);
    for (int k = 0; k < rn && st == GA_OK; k++) {
      int64_t *src_pos = NULL;
      ga_tensor *src_dev = NULL;
      /* (a scalar written twice to one place writes the same bytes) */
      st = s[k].dev ? (scalar ? GA_OK : resolve_repeats_device(&s[k], &src_dev)) : resolve_repeats(&s[k], &src_pos);
      if (st != GA_OK)
        break;
      if (src_dev)
        p->index[GA_MAX_DIMS + k] = src_dev; /* the patch keeps it */
      p->copy.dims[k] = s[k].colon ? lens[k] : s[k].len;
      st = subscript_axis(&s[k], ns[k], &p->index[k], &p->copy.dst[k], &p->copy.dst_offset);
      if (s[k].dev) { /* device positions: the patch keeps them */
        p->index[k] = s[k].dev;
        s[k].dev = NULL;
      }
      p->copy.src[k] = (ga_view_axis){NULL, scalar ? 0 : vs};
      if (src_dev)
        p->copy.src[k].index = &src_dev->buf;
      if (st == GA_OK && src_pos) {
        ga_tensor *h = NULL;
        st = index_tensor(src_pos, s[k].len, &h);
        if (st == GA_OK) {
          p->index[GA_MAX_DIMS + k] = h; /* the patch keeps it */
          p->copy.src[k].index = &h->buf;
        }
      }
      free(src_pos);
      vs *= lens[k];
    }
  }
  /* the array written into: A itself, or A converted and/or grown */
  if (st == GA_OK) {
    int nnd = nd;
    int64_t nn[GA_MAX_DIMS];
    memcpy(nn, newd, sizeof nn);
    ga_shape_normalize(&nnd, nn);
    bool grown = nnd != a->ndims || memcmp(nn, a->dims, (size_t)nnd * sizeof *nn) != 0;
    ga_tensor *ac = NULL;
    if ((st = ga_tensor_cast(a, rc, &ac)) == GA_OK && grown) {
      if ((st = ga_tensor_zeros(rc, nnd, nn, &base)) == GA_OK && a->numel > 0 &&
          (st = ga_tensor_materialize(ac)) == GA_OK) {
        /* old elements keep their subscripts: A's (folded) block of the new array */
        ga_copy_desc c = {.elem_size = ga_class_size(rc), .src_buf = &ac->buf, .dst_buf = &base->buf};
        int64_t os[GA_MAX_DIMS], ds[GA_MAX_DIMS], od[GA_MAX_DIMS], nb[GA_MAX_DIMS];
        int m = nidx == 1 ? 1 : nidx;
        if (nidx == 1) {
          od[0] = a->numel;
          nb[0] = base->numel;
        } else {
          memcpy(od, fd, sizeof od);
          for (int k = 0; k < m; k++)
            nb[k] = k < nnd ? nn[k] : 1;
        }
        canonical_strides(m, od, os);
        canonical_strides(m, nb, ds);
        c.ndims = m;
        for (int k = 0; k < m; k++) {
          c.dims[k] = od[k];
          c.src[k] = (ga_view_axis){NULL, os[k]};
          c.dst[k] = (ga_view_axis){NULL, ds[k]};
        }
        st = ga_plan_copy(&c);
      }
      ga_tensor_unref(ac);
    } else if (st == GA_OK) {
      base = ac;
    }
    if (st == GA_OK)
      st = ga_tensor_cast(v, rc, &vc);
    if (st == GA_OK)
      st = ga_tensor_materialize(vc);
    if (st == GA_OK)
      st = ga_tensor_new_lazy(rc, nnd, nn, NULL, &t);
  }
  subscripts_free(s, nidx);
  ga_tensor_unref(v);
  if (st != GA_OK) {
    ga_tensor_unref(base);
    ga_tensor_unref(vc);
    if (p) {
      for (int k = 0; k < 2 * GA_MAX_DIMS; k++)
        ga_tensor_unref(p->index[k]);
      free(p);
    }
    ga_tensor_unref(t);
    return st;
  }
  p->base = base;
  p->src = vc;
  t->patch = p;
  return publish(t, out);
}

/* ---- A(I...) = [] ----------------------------------------------------------------------- */

/* The positions of 0..n-1 that s does not name. */
static ga_status complement(const subscript *s, int64_t n, subscript *kept)
{
  memset(kept, 0, sizeof *kept);
  bool *gone = calloc((size_t)(n ? n : 1), 1);
  kept->pos = malloc((size_t)(n ? n : 1) * sizeof *kept->pos);
  if (!gone || !kept->pos) {
    free(gone);
    free(kept->pos);
    kept->pos = NULL;
    return ga_fail(GA_ERR_OOM, "out of host memory");
  }
  for (int64_t j = 0; j < s->len; j++)
    gone[position_at(s, j)] = true;
  for (int64_t j = 0; j < n; j++)
    if (!gone[j])
      kept->pos[kept->len++] = j;
  free(gone);
  kept->extent = kept->len ? kept->pos[kept->len - 1] + 1 : 0;
  find_progression(kept);
  return GA_OK;
}

/* B = A's elements at the kept positions along dimension dim of dims (nd of them). */
static ga_status gather_along(ga_tensor *a, int nd, const int64_t *dims, int dim, const subscript *kept,
                              ga_tensor **out)
{
  int64_t rd[GA_MAX_DIMS], as[GA_MAX_DIMS];
  memcpy(rd, dims, (size_t)nd * sizeof *dims);
  rd[dim] = kept->len;
  canonical_strides(nd, dims, as);
  ga_tensor *holder = NULL;
  ga_copy_desc d = {.ndims = nd, .elem_size = ga_class_size(a->cls)};
  int64_t ds = 1;
  ga_status st = GA_OK;
  for (int k = 0; k < nd && st == GA_OK; k++) {
    d.dims[k] = rd[k];
    d.dst[k] = (ga_view_axis){NULL, ds};
    ds *= rd[k];
    if (k == dim)
      st = subscript_axis(kept, as[k], &holder, &d.src[k], &d.src_offset);
    else
      d.src[k] = (ga_view_axis){NULL, as[k]};
  }
  if (st == GA_OK)
    st = ga_tensor_new(a->cls, nd, rd, out);
  if (st == GA_OK && (*out)->numel > 0 && (st = ga_tensor_materialize(a)) == GA_OK) {
    d.src_buf = &a->buf;
    d.dst_buf = &(*out)->buf;
    st = ga_plan_copy(&d);
  }
  ga_tensor_unref(holder);
  return st;
}

ga_status ga_subsdelete(ga_id id, int nidx, const ga_index *idx, int contiguous, ga_id *out)
{
  ga_status st = ga_init();
  ga_tensor *a;
  if (st != GA_OK || (st = ga_handles_get(id, &a)) != GA_OK)
    return st;
  subscript s[GA_MAX_DIMS];
  if (nidx < 1)
    return ga_fail(GA_ERR_ARG, "A() = []: an index is required");
  if ((st = convert_all(nidx, idx, s, 0)) != GA_OK)
    return st;
  ga_tensor *t = NULL;
  subscript kept = {0};
  if (nidx == 1) {
    int64_t n = a->numel;
    if (s[0].colon) {
      int64_t z[2] = {0, 0};
      st = ga_tensor_new(a->cls, 2, z, &t);
    } else if (s[0].len == 0) {
      st = ga_tensor_alias(a, a->ndims, a->dims, &t);
    } else if (s[0].extent > n) {
      st = ga_fail_id(GA_ERR_ARG, "Octave:index-out-of-bounds",
                      "A(I) = []: index out of bounds: value %lld out of bound %lld", (long long)s[0].extent,
                      (long long)n);
    } else if ((st = complement(&s[0], n, &kept)) == GA_OK) {
      /* Octave: a column stays a column, a row a row; other arrays give a row for a
       * range, a scalar or a contiguous mask, else a column (Array<T>::delete_elements) */
      bool column = a->ndims == 2 && a->dims[1] == 1 && a->dims[0] != 1;
      if (!(a->ndims == 2 && (a->dims[0] == 1 || a->dims[1] == 1)))
        column = !contiguous;
      int64_t flat[1] = {n};
      st = gather_along(a, 1, flat, 0, &kept, &t);
      if (st == GA_OK) {
        int64_t rd[2] = {column ? kept.len : 1, column ? 1 : kept.len};
        ga_tensor *r = NULL;
        st = ga_tensor_alias(t, 2, rd, &r);
        ga_tensor_unref(t);
        t = st == GA_OK ? r : NULL;
      }
    }
  } else {
    int dim = -1, second = -1;
    for (int k = 0; k < nidx; k++)
      if (!s[k].colon) {
        if (dim < 0)
          dim = k;
        else if (second < 0)
          second = k;
      }
    int nd = a->ndims > nidx ? a->ndims : nidx;
    int64_t dims[GA_MAX_DIMS];
    for (int k = 0; k < nd; k++)
      dims[k] = k < a->ndims ? a->dims[k] : 1;
    if (dim < 0) { /* A(:, :) = [] */
      dims[0] = 0;
      st = ga_tensor_new(a->cls, a->ndims, dims, &t);
    } else if (second >= 0) {
      bool empty = false;
      for (int k = 0; k < nidx; k++)
        empty |= s[k].colon ? dims[k] == 0 : s[k].len == 0;
      if (empty)
        st = ga_tensor_alias(a, a->ndims, a->dims, &t);
      else
        st = ga_fail_id(GA_ERR_ARG, "Octave:nonconformant-args", "a null assignment can only have one non-colon index");
    } else if (dim >= a->ndims) {
      st = ga_fail_id(GA_ERR_ARG, "Octave:index-out-of-bounds", "invalid dimension in delete_elements");
    } else if (s[dim].len == 0) {
      st = ga_tensor_alias(a, a->ndims, a->dims, &t);
    } else if (s[dim].extent > dims[dim]) {
      st = ga_fail_id(GA_ERR_ARG, "Octave:index-out-of-bounds",
                      "A(..,I,..) = []: index out of bounds: value %lld out of bound %lld", (long long)s[dim].extent,
                      (long long)dims[dim]);
    } else if ((st = complement(&s[dim], dims[dim], &kept)) == GA_OK) {
      st = gather_along(a, nd, dims, dim, &kept, &t);
    }
  }
  free(kept.pos);
  subscripts_free(s, nidx);
  return st == GA_OK ? publish(t, out) : st;
}
