/* The positions of nonzeros, on the device: find (x) and the subscripts of x(mask). Two
 * passes over blocks of the mask (ga_provider_ops compact_count, compact_write); between
 * them the host adds up one count per block (a few hundred KB for 1e8 elements). */
#include "ga_internal.h"

#include <stdlib.h>
#include <string.h>

ga_status ga_mask_positions(ga_tensor *mask, ga_tensor **pos, int64_t *count)
{
  ga_status st = ga_tensor_materialize(mask);
  if (st != GA_OK)
    return st;
  if (mask->cls != GA_LOGICAL && mask->cls != GA_INT8 && mask->cls != GA_UINT8)
    return ga_fail(GA_ERR_INTERNAL, "mask positions of a %s array", ga_class_name(mask->cls));
  int64_t n = mask->numel, nb = (n + GA_COMPACT_BLOCK - 1) / GA_COMPACT_BLOCK;
  int64_t zero[2] = {0, 1};
  *count = 0;
  if (n == 0)
    return ga_tensor_new(GA_INT64, 2, zero, pos);
  ga_pbuf counts = {0}, offsets = {0};
  uint32_t *c = malloc((size_t)nb * sizeof *c);
  int64_t *off = malloc((size_t)nb * sizeof *off);
  if (!c || !off) {
    st = ga_fail(GA_ERR_OOM, "out of host memory");
    goto done;
  }
  if ((st = ga_buffer_acquire((size_t)nb * 4, &counts)) != GA_OK ||
      (st = ga_g.prov->compact_count(ga_g.pstate, &mask->buf, n, &counts)) != GA_OK ||
      (st = ga_g.prov->download(ga_g.pstate, &counts, c, (size_t)nb * 4)) != GA_OK)
    goto done;
  ga_g.stats.bytes_downloaded += (uint64_t)nb * 4;
  int64_t total = 0;
  for (int64_t b = 0; b < nb; b++) {
    off[b] = total;
    total += c[b];
  }
  int64_t dims[2] = {total, 1};
  if ((st = ga_tensor_new(GA_INT64, 2, dims, pos)) != GA_OK)
    goto done;
  if (total > 0 &&
      ((st = ga_buffer_acquire((size_t)nb * 8, &offsets)) != GA_OK ||
       (st = ga_g.prov->upload(ga_g.pstate, &offsets, off, (size_t)nb * 8)) != GA_OK ||
       (st = ga_g.prov->compact_write(ga_g.pstate, &mask->buf, n, &offsets, &(*pos)->buf)) != GA_OK)) {
    ga_tensor_unref(*pos);
    *pos = NULL;
    goto done;
  }
  ga_g.stats.bytes_uploaded += total > 0 ? (uint64_t)nb * 8 : 0;
  *count = total;
done:
  if (counts.bytes)
    ga_buffer_release(&counts);
  if (offsets.bytes)
    ga_buffer_release(&offsets);
  free(c);
  free(off);
  return st;
}

ga_status ga_find(ga_id id, ga_id *out)
{
  ga_status st = ga_init();
  ga_tensor *a, *m = NULL, *pos = NULL, *t = NULL;
  if (st != GA_OK || (st = ga_handles_get(id, &a)) != GA_OK)
    return st;
  /* the mask: x != 0 (NaN counts), pending, evaluated once into bytes */
  if (a->cls == GA_LOGICAL) {
    m = a;
    a->refcount++;
  } else {
    ga_fuse_operand o = {.t = a, .ndims = a->ndims, .dims = a->dims};
    ga_fuse_operand z = {.s = {.cls = GA_DOUBLE, .v.f = 0}, .ndims = 0};
    ga_lazy *lz = NULL;
    st = ga_fuse_binary(GA_OP_NE, GA_LOGICAL, ga_binary_compute_mode(GA_OP_NE, a->cls, GA_DOUBLE, GA_LOGICAL), &o,
                        &z, a->ndims, a->dims, &lz);
    if (st == GA_ERR_UNSUPPORTED && (st = ga_tensor_materialize(a)) == GA_OK)
      st = ga_fuse_binary(GA_OP_NE, GA_LOGICAL, ga_binary_compute_mode(GA_OP_NE, a->cls, GA_DOUBLE, GA_LOGICAL),
                          &o, &z, a->ndims, a->dims, &lz);
    if (st == GA_OK && (st = ga_tensor_new_lazy(GA_LOGICAL, a->ndims, a->dims, lz, &m)) != GA_OK)
      ga_lazy_free(lz);
  }
  int64_t count = 0;
  if (st == GA_OK)
    st = ga_mask_positions(m, &pos, &count);
  ga_tensor_unref(m);
  /* 1-based doubles, pending: they fuse with what uses them */
  if (st == GA_OK && count == 0) {
    int64_t dims[2] = {0, 1};
    st = ga_tensor_new(GA_DOUBLE, 2, dims, &t);
  } else if (st == GA_OK) {
    ga_fuse_operand p = {.t = pos, .ndims = pos->ndims, .dims = pos->dims};
    ga_lazy *cast = NULL, *plus = NULL;
    ga_tensor *c = NULL;
    if ((st = ga_fuse_unary(GA_UOP_CAST, GA_DOUBLE, &p, pos->ndims, pos->dims, &cast)) == GA_OK &&
        (st = ga_tensor_new_lazy(GA_DOUBLE, pos->ndims, pos->dims, cast, &c)) != GA_OK)
      ga_lazy_free(cast);
    if (st == GA_OK) {
      ga_fuse_operand co = {.t = c, .ndims = c->ndims, .dims = c->dims};
      ga_fuse_operand one = {.s = {.cls = GA_DOUBLE, .v.f = 1}, .ndims = 0};
      st = ga_fuse_binary(GA_OP_PLUS, GA_DOUBLE, ga_binary_compute_mode(GA_OP_PLUS, GA_DOUBLE, GA_DOUBLE, GA_DOUBLE),
                          &co, &one, c->ndims, c->dims, &plus);
      if (st == GA_OK && (st = ga_tensor_new_lazy(GA_DOUBLE, c->ndims, c->dims, plus, &t)) != GA_OK)
        ga_lazy_free(plus);
    }
    ga_tensor_unref(c);
  }
  ga_tensor_unref(pos);
  if (st != GA_OK)
    return st;
  if ((st = ga_handles_insert(t, out)) != GA_OK)
    ga_tensor_unref(t);
  return st;
}
