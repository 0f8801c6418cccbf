/* Strided views: slices by ranges, transposes and permutations, flips, and any of these
 * of one another, as pending tensors whose expression is one input read through strides
 * (ga_expr's input_strided). A kernel that consumes a view reads its base in place; a
 * view used alone is copied out (ga_copy.c), as before views existed. */
#include "ga_internal.h"

#include <stdlib.h>
#include <string.h>

int64_t ga_expr_input_position(const ga_expr *x, int i, int64_t k)
{
  int64_t pos = x->input_offset[i];
  for (int d = 0; d < x->ndims && k > 0; d++) {
    int64_t n = x->dims[d];
    pos += (k % n) * x->input_strides[i][d];
    k /= n;
  }
  return pos;
}

int ga_expr_view_axes(const ga_expr *x, int i, int64_t *extents, int64_t *strides)
{
  int m = 0;
  for (int d = 0; d < x->ndims; d++) {
    int64_t n = x->dims[d], s = x->input_strides[i][d];
    if (n == 1)
      continue;
    if (m > 0 && s == strides[m - 1] * extents[m - 1]) {
      extents[m - 1] *= n;
      continue;
    }
    extents[m] = n;
    strides[m] = s;
    m++;
  }
  if (m == 0) { /* one element */
    extents[0] = 1;
    strides[0] = 0;
    m = 1;
  }
  return m;
}

bool ga_tensor_is_view(const ga_tensor *t, ga_view_layout *v)
{
  const ga_lazy *lz = t->lazy;
  if (!lz || lz->x.nnodes != 1 || lz->x.nodes[0].kind != GA_X_INPUT || !lz->x.input_strided[0])
    return false;
  if (v) {
    memset(v, 0, sizeof *v);
    v->base = lz->leaves[0];
    v->offset = lz->x.input_offset[0];
    memcpy(v->strides, lz->x.input_strides[0], sizeof v->strides);
  }
  return true;
}

ga_status ga_tensor_layout(ga_tensor *t, ga_view_layout *v)
{
  if (ga_tensor_is_view(t, v))
    return GA_OK;
  ga_status st = ga_tensor_materialize(t);
  if (st != GA_OK)
    return st;
  memset(v, 0, sizeof *v);
  v->base = t;
  int64_t s = 1;
  for (int k = 0; k < t->ndims; k++) {
    v->strides[k] = s;
    s *= t->dims[k];
  }
  return GA_OK;
}

bool ga_layout_fold(const ga_tensor *t, const ga_view_layout *v, int n, int64_t *fdims, int64_t *fstrides)
{
  for (int k = 0; k < n; k++) {
    fdims[k] = k < t->ndims ? t->dims[k] : 1;
    fstrides[k] = k < t->ndims ? v->strides[k] : 0;
  }
  if (n < 1 || n >= t->ndims)
    return true;
  /* the last subscript walks dimensions n-1 .. ndims-1 as one: each must continue where
   * the one before it ends */
  int64_t extent = 1, first = 0, next = 0;
  bool any = false;
  for (int d = n - 1; d < t->ndims; d++) {
    int64_t e = t->dims[d], s = v->strides[d];
    if (e == 1)
      continue;
    if (any && s != next)
      return false;
    if (!any)
      first = s;
    any = true;
    extent *= e;
    next = s * e;
  }
  fdims[n - 1] = any ? extent : 1;
  fstrides[n - 1] = any ? first : 0;
  return true;
}

bool ga_layout_reshape(const ga_tensor *t, const ga_view_layout *v, int nd, const int64_t *dims, int64_t *strides)
{
  /* t's dimensions other than singletons, with their strides */
  int64_t od[GA_MAX_DIMS], os[GA_MAX_DIMS];
  int on = 0;
  for (int k = 0; k < t->ndims; k++)
    if (t->dims[k] != 1) {
      od[on] = t->dims[k];
      os[on++] = v->strides[k];
    }
  memset(strides, 0, GA_MAX_DIMS * sizeof *strides);
  if (t->numel == 0)
    return false;
  /* groups of old and new dimensions with equal products: each old group must walk
   * memory as one stride run, which the new group then divides up */
  int oi = 0, ni = 0;
  while (ni < nd && dims[ni] == 1)
    ni++;
  while (oi < on && ni < nd) {
    int oj = oi + 1, nj = ni + 1;
    int64_t op = od[oi], np = dims[ni];
    while (op != np) {
      if (np < op) {
        if (nj == nd)
          return false;
        np *= dims[nj++];
      } else {
        if (oj == on)
          return false;
        op *= od[oj++];
      }
    }
    for (int k = oi; k + 1 < oj; k++)
      if (os[k + 1] != os[k] * od[k])
        return false;
    int64_t s = os[oi];
    for (int k = ni; k < nj; k++) {
      strides[k] = dims[k] == 1 ? 0 : s;
      s *= dims[k];
    }
    oi = oj;
    ni = nj;
    while (ni < nd && dims[ni] == 1)
      ni++;
  }
  return oi == on && ni == nd;
}

ga_status ga_tensor_view(const ga_view_layout *v, ga_class cls, int ndims, const int64_t *dims, ga_tensor **out)
{
  int nd = ndims;
  int64_t d[GA_MAX_DIMS];
  memcpy(d, dims, (size_t)ndims * sizeof *dims);
  ga_shape_normalize(&nd, d);
  ga_lazy *lz = ga_lazy_new(nd, d);
  if (!lz)
    return ga_fail(GA_ERR_OOM, "out of host memory");
  ga_expr *x = &lz->x;
  x->ninputs = 1;
  lz->leaves[0] = v->base;
  v->base->refcount++;
  x->input_strided[0] = true;
  x->input_offset[0] = v->offset;
  for (int k = 0; k < GA_MAX_DIMS; k++) {
    x->input_dims[0][k] = k < nd ? d[k] : 1;
    /* a singleton's stride is never used: 0 lets broadcasting and merging see it so */
    x->input_strides[0][k] = k < nd && d[k] != 1 ? v->strides[k] : 0;
  }
  x->nodes[0] = (ga_xnode){.kind = GA_X_INPUT, .cls = cls, .slot = 0};
  x->nnodes = 1;
  ga_status st = ga_tensor_new_lazy(cls, nd, d, lz, out);
  if (st != GA_OK)
    ga_lazy_free(lz);
  return st;
}

ga_status ga_view_materialize(ga_tensor *t)
{
  ga_lazy *lz = t->lazy;
  const ga_expr *x = &lz->x;
  size_t es = ga_class_size(t->cls);
  ga_status st = ga_buffer_acquire((size_t)t->numel * es, &t->buf);
  if (st != GA_OK)
    return st;
  ga_copy_desc d = {.ndims = x->ndims, .src_offset = x->input_offset[0], .elem_size = es,
                    .src_buf = &lz->leaves[0]->buf, .dst_buf = &t->buf};
  int64_t s = 1;
  for (int k = 0; k < x->ndims; k++) {
    d.dims[k] = x->dims[k];
    d.src[k] = (ga_view_axis){NULL, x->input_strides[0][k]};
    d.dst[k] = (ga_view_axis){NULL, s};
    s *= x->dims[k];
  }
  if ((st = ga_plan_copy(&d)) != GA_OK) {
    ga_buffer_release(&t->buf);
    return st; /* still pending */
  }
  ga_range_keep(t); /* what the expression said of its values outlives it */
  ga_lazy_free(lz);
  t->lazy = NULL;
  ga_g.stats.bytes_in_use += t->buf.bytes;
  ga_g.stats.materializations++;
  return GA_OK;
}
