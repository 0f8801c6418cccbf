/* Tensors: a class, an Octave shape and materialised storage. */
#include "ga_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Octave keeps at least two dimensions and drops trailing singletons beyond them. */
void ga_shape_normalize(int *ndims, int64_t *dims)
{
  while (*ndims < 2)
    dims[(*ndims)++] = 1;
  while (*ndims > 2 && dims[*ndims - 1] == 1)
    (*ndims)--;
}

int64_t ga_shape_numel(int ndims, const int64_t *dims)
{
  int64_t n = 1;
  for (int d = 0; d < ndims; d++)
    n *= dims[d];
  return n;
}

ga_status ga_shape_check(int ndims, const int64_t *dims)
{
  if (ndims < 0 || ndims > GA_MAX_DIMS)
    return ga_fail(GA_ERR_ARG, "gpuArray supports at most %d dimensions", GA_MAX_DIMS);
  int64_t n = 1;
  for (int d = 0; d < ndims; d++) {
    if (dims[d] < 0)
      return ga_fail(GA_ERR_ARG, "dimension %d is negative", d + 1);
    if (dims[d] > 0 && n > INT64_MAX / 16 / dims[d])
      return ga_fail(GA_ERR_OOM, "out of memory or dimension too large for Octave's index type");
    n *= dims[d];
  }
  return GA_OK;
}

void ga_shape_format(int ndims, const int64_t *dims, char *out, size_t cap)
{
  size_t len = 0;
  out[0] = '\0';
  for (int d = 0; d < ndims && len < cap; d++)
    len += (size_t)snprintf(out + len, cap - len, d ? "x%lld" : "%lld", (long long)dims[d]);
}

/* A tensor of this class and shape, with no storage yet. */
static ga_status tensor_alloc(ga_class cls, int ndims, const int64_t *dims, ga_tensor **out)
{
  ga_tensor *t = calloc(1, sizeof *t);
  if (!t)
    return ga_fail(GA_ERR_OOM, "out of host memory");
  t->cls = cls;
  t->ndims = ndims;
  memcpy(t->dims, dims, (size_t)ndims * sizeof *dims);
  ga_shape_normalize(&t->ndims, t->dims);
  t->numel = ga_shape_numel(t->ndims, t->dims);
  t->refcount = 1;
  *out = t;
  return GA_OK;
}

ga_status ga_tensor_new(ga_class cls, int ndims, const int64_t *dims, ga_tensor **out)
{
  ga_tensor *t;
  ga_status st = ga_shape_check(ndims, dims);
  if (st != GA_OK || (st = tensor_alloc(cls, ndims, dims, &t)) != GA_OK)
    return st;
  size_t bytes = (size_t)t->numel * ga_class_size(cls);
  if (bytes > 0) {
    st = ga_buffer_acquire(bytes, &t->buf);
    if (st != GA_OK) {
      free(t);
      return st;
    }
  }
  ga_g.stats.live_tensors++;
  ga_g.stats.bytes_in_use += t->buf.bytes;
  *out = t;
  return GA_OK;
}

void ga_tensor_lines(const ga_tensor *a, int dim, int64_t *inner, int64_t *n, int64_t *outer)
{
  if (dim == -1) {
    dim = 0;
    while (dim < a->ndims - 1 && a->dims[dim] == 1)
      dim++;
  }
  *inner = 1;
  *outer = 1;
  *n = dim < a->ndims ? a->dims[dim] : 1;
  for (int k = 0; k < a->ndims; k++) {
    if (k < dim)
      *inner *= a->dims[k];
    else if (k > dim)
      *outer *= a->dims[k];
  }
}

ga_status ga_tensor_line_results(ga_tensor *a, ga_class cls, bool want_index, ga_tensor **t, ga_tensor **ix)
{
  *t = *ix = NULL;
  ga_status st = ga_tensor_materialize(a);
  if (st == GA_OK)
    st = ga_tensor_new(cls, a->ndims, a->dims, t);
  if (st == GA_OK && want_index && (st = ga_tensor_new(GA_DOUBLE, a->ndims, a->dims, ix)) != GA_OK) {
    ga_tensor_unref(*t);
    *t = NULL;
  }
  return st;
}

ga_status ga_tensor_new_lazy(ga_class cls, int ndims, const int64_t *dims, ga_lazy *lz, ga_tensor **out)
{
  ga_tensor *t;
  ga_status st = tensor_alloc(cls, ndims, dims, &t);
  if (st != GA_OK)
    return st;
  t->lazy = lz;
  ga_g.stats.live_tensors++;
  *out = t;
  return GA_OK;
}

ga_status ga_lazy_bind(ga_lazy *lz)
{
  for (int i = 0; i < lz->x.ninputs; i++) {
    ga_status st = lz->leaves[i]->product ? ga_tensor_materialize(lz->leaves[i]) : GA_OK;
    if (st != GA_OK)
      return st;
    lz->x.inputs[i] = &lz->leaves[i]->buf;
  }
  return GA_OK;
}

void ga_product_free(ga_product *p)
{
  if (!p)
    return;
  ga_tensor_unref(p->a);
  ga_tensor_unref(p->b);
  free(p);
}

/* A pending product alone: the plain GEMM into storage of its own, as ga_mtimes ran it
 * before products could wait for their consumers. */
static ga_status product_materialize(ga_tensor *t)
{
  ga_product *p = t->product;
  ga_status st = ga_buffer_acquire((size_t)t->numel * ga_class_size(t->cls), &t->buf);
  if (st != GA_OK)
    return st;
  p->d.a = &p->a->buf;
  p->d.b = &p->b->buf;
  p->d.c = &t->buf;
  if ((st = ga_plan_gemm(&p->d)) != GA_OK) {
    ga_buffer_release(&t->buf);
    return st;
  }
  t->product = NULL;
  ga_product_free(p);
  ga_g.stats.bytes_in_use += t->buf.bytes;
  return GA_OK;
}

ga_status ga_tensor_materialize(ga_tensor *t)
{
  if (t->patch)
    return ga_patch_apply(t);
  if (t->product)
    return product_materialize(t);
  if (!t->lazy)
    return GA_OK;
  if (ga_tensor_is_view(t, NULL))
    return ga_view_materialize(t);
  ga_status st = ga_plan_epilogue(t);
  if (st != GA_ERR_UNSUPPORTED)
    return st;
  if ((st = ga_lazy_bind(t->lazy)) != GA_OK)
    return st;
  size_t bytes = (size_t)t->numel * ga_class_size(t->cls);
  if ((st = ga_buffer_acquire(bytes, &t->buf)) != GA_OK)
    return st;
  st = ga_plan_elementwise(&t->lazy->x, t->cls, &t->buf);
  if (st != GA_OK) {
    ga_buffer_release(&t->buf);
    return st; /* still pending: a later use may succeed once memory is free */
  }
  ga_range_keep(t); /* what the expression said of its values outlives it */
  ga_lazy_free(t->lazy);
  t->lazy = NULL;
  ga_g.stats.bytes_in_use += t->buf.bytes;
  ga_g.stats.materializations++;
  return GA_OK;
}

void ga_tensor_unref(ga_tensor *t)
{
  if (!t || --t->refcount > 0)
    return;
  if (t->lazy) {
    ga_lazy_free(t->lazy);
    t->lazy = NULL;
  }
  if (t->patch)
    ga_patch_free(t);
  if (t->product) {
    ga_product_free(t->product);
    t->product = NULL;
  }
  ga_g.stats.live_tensors--;
  if (t->owner) { /* the storage is the owner's */
    ga_tensor *o = t->owner;
    free(t);
    ga_tensor_unref(o);
    return;
  }
  ga_g.stats.bytes_in_use -= t->buf.bytes;
  if (t->buf.bytes)
    ga_buffer_release(&t->buf);
  free(t);
}

ga_status ga_tensor_alias(ga_tensor *src, int ndims, const int64_t *dims, ga_tensor **out)
{
  return ga_tensor_alias_as(src, src->cls, ndims, dims, out);
}

ga_status ga_tensor_alias_as(ga_tensor *src, ga_class cls, int ndims, const int64_t *dims, ga_tensor **out)
{
  ga_status st = ga_tensor_materialize(src);
  if (st != GA_OK)
    return st;
  ga_tensor *t;
  if ((st = tensor_alloc(cls, ndims, dims, &t)) != GA_OK)
    return st;
  if ((uint64_t)t->numel * ga_class_size(cls) != (uint64_t)src->numel * ga_class_size(src->cls)) {
    free(t);
    return ga_fail(GA_ERR_INTERNAL, "an alias must keep the number of bytes");
  }
  ga_tensor *root = src->owner ? src->owner : src;
  if (src->buf.bytes) { /* src's own view of the storage: a slice keeps its offset */
    t->owner = root;
    root->refcount++;
    t->buf = src->buf;
  }
  ga_g.stats.live_tensors++;
  *out = t;
  return GA_OK;
}

ga_status ga_tensor_alias_range(ga_tensor *src, int64_t first, int ndims, const int64_t *dims, ga_tensor **out)
{
  size_t es = ga_class_size(src->cls), at = (size_t)first * es;
  ga_tensor *root = src->owner ? src->owner : src;
  if ((src->buf.offset + at) % 16 != 0 || first < 0 || first + ga_shape_numel(ndims, dims) > src->numel)
    return GA_ERR_UNSUPPORTED;
  ga_status st = ga_tensor_materialize(src);
  if (st != GA_OK)
    return st;
  ga_tensor *t;
  if ((st = tensor_alloc(src->cls, ndims, dims, &t)) != GA_OK)
    return st;
  if (t->numel > 0 && src->buf.bytes) {
    t->owner = root;
    root->refcount++;
    t->buf = src->buf;
    t->buf.offset += at;
    t->buf.address += t->buf.address ? at : 0;
    t->buf.host = t->buf.host ? (char *)t->buf.host + at : NULL;
    t->buf.bytes = (size_t)t->numel * es;
  }
  ga_g.stats.live_tensors++;
  *out = t;
  return GA_OK;
}
