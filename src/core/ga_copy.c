/* Copies between views (ga_copy_desc): the planner's side, which brings any description
 * to the form providers take, and the host's reference implementation. */
#include "ga_internal.h"

#include <stdlib.h>
#include <string.h>

/* Adjacent dimensions merge when neither side uses an index vector along them and
 * both sides step through them as through one longer dimension; dimensions of extent
 * 1 contribute nothing. Fewer dimensions make cheaper kernels and fewer variants. */
static void collapse(ga_copy_desc *d)
{
  int n = 0;
  for (int k = 0; k < d->ndims; k++) {
    if (d->dims[k] == 1) /* index vectors along it were folded into the offsets */
      continue;
    if (n > 0) {
      int p = n - 1;
      bool plain = !d->src[k].index && !d->dst[k].index && !d->src[p].index && !d->dst[p].index;
      if (plain && d->src[k].stride == d->src[p].stride * d->dims[p] &&
          d->dst[k].stride == d->dst[p].stride * d->dims[p]) {
        d->dims[p] *= d->dims[k];
        continue;
      }
    }
    d->dims[n] = d->dims[k];
    d->src[n] = d->src[k];
    d->dst[n] = d->dst[k];
    n++;
  }
  d->ndims = n;
}

ga_status ga_plan_copy(const ga_copy_desc *in)
{
  ga_copy_desc d = *in;
  for (int k = 0; k < d.ndims; k++)
    if (d.dims[k] == 0)
      return GA_OK;
  if (d.elem_size == 16) {
    /* complex double: two 8-byte lanes along a new innermost dimension of stride 1;
     * strides, offsets and (through their strides) index vectors count lanes */
    if (d.ndims == GA_MAX_DIMS)
      return ga_fail(GA_ERR_UNSUPPORTED, "a copy of complex values with %d dimensions", GA_MAX_DIMS);
    for (int k = d.ndims; k > 0; k--) {
      d.dims[k] = d.dims[k - 1];
      d.src[k] = d.src[k - 1];
      d.dst[k] = d.dst[k - 1];
      d.src[k].stride *= 2;
      d.dst[k].stride *= 2;
    }
    d.ndims++;
    d.dims[0] = 2;
    d.src[0] = (ga_view_axis){NULL, 1};
    d.dst[0] = (ga_view_axis){NULL, 1};
    d.src_offset *= 2;
    d.dst_offset *= 2;
    d.elem_size = 8;
  }
  /* an extent-1 dimension with an index vector reads or writes one fixed position:
   * fold it into the offset (the host knows it when the caller built the vector) */
  for (int k = 0; k < d.ndims; k++) {
    if (d.dims[k] != 1 || (!d.src[k].index && !d.dst[k].index))
      continue;
    int64_t ps = 0, pd = 0;
    ga_status st = GA_OK;
    if (d.src[k].index && (st = ga_g.prov->download(ga_g.pstate, d.src[k].index, &ps, 8)) != GA_OK)
      return st;
    if (d.dst[k].index && (st = ga_g.prov->download(ga_g.pstate, d.dst[k].index, &pd, 8)) != GA_OK)
      return st;
    d.src_offset += ps * d.src[k].stride;
    d.dst_offset += pd * d.dst[k].stride;
    d.src[k].index = d.dst[k].index = NULL;
  }
  collapse(&d);
  if (d.ndims == 0) { /* one element */
    d.ndims = 1;
    d.dims[0] = 1;
    d.src[0] = (ga_view_axis){NULL, 0};
    d.dst[0] = (ga_view_axis){NULL, 0};
  }
  if (d.ndims <= GA_VIEW_MAX_DIMS)
    return ga_g.prov->copy(ga_g.pstate, &d);
  /* too many dimensions for one kernel: one copy per position along one dimension
   * (rare: it needs more than six dimensions that do not merge), preferably one
   * without index vectors; an index vector's positions are read back otherwise */
  int k = d.ndims - 1;
  for (int q = d.ndims - 1; q >= 0; q--)
    if (!d.src[q].index && !d.dst[q].index) {
      k = q;
      break;
    }
  int64_t *ps = NULL, *pd = NULL;
  ga_status st = GA_OK;
  size_t bytes = (size_t)d.dims[k] * sizeof(int64_t);
  if (d.src[k].index && (!(ps = malloc(bytes)) ||
                         (st = ga_g.prov->download(ga_g.pstate, d.src[k].index, ps, bytes)) != GA_OK))
    goto done;
  if (d.dst[k].index && (!(pd = malloc(bytes)) ||
                         (st = ga_g.prov->download(ga_g.pstate, d.dst[k].index, pd, bytes)) != GA_OK))
    goto done;
  ga_copy_desc part = d;
  part.ndims = d.ndims - 1;
  for (int q = k; q < part.ndims; q++) {
    part.dims[q] = d.dims[q + 1];
    part.src[q] = d.src[q + 1];
    part.dst[q] = d.dst[q + 1];
  }
  for (int64_t j = 0; j < d.dims[k] && st == GA_OK; j++) {
    part.src_offset = d.src_offset + (ps ? ps[j] : j) * d.src[k].stride;
    part.dst_offset = d.dst_offset + (pd ? pd[j] : j) * d.dst[k].stride;
    st = ga_plan_copy(&part);
  }
done:
  if ((d.src[k].index && !ps) || (d.dst[k].index && !pd))
    st = st != GA_OK ? st : ga_fail(GA_ERR_OOM, "out of host memory");
  free(ps);
  free(pd);
  return st;
}

/* ---- the host's copy: an odometer over the iteration space ------------------------ */

static int64_t position(const ga_view_axis *a, int64_t j)
{
  return (a->index ? ((const int64_t *)a->index->host)[j] : j) * a->stride;
}

ga_status ga_host_copy(const ga_copy_desc *d)
{
  const char *src = d->src_buf->host;
  char *dst = d->dst_buf->host;
  size_t es = d->elem_size;
  int64_t j[GA_MAX_DIMS] = {0};
  int64_t n = 1;
  for (int k = 0; k < d->ndims; k++)
    n *= d->dims[k];
  for (int64_t e = 0; e < n; e++) {
    int64_t so = d->src_offset, dof = d->dst_offset;
    for (int k = 0; k < d->ndims; k++) {
      so += position(&d->src[k], j[k]);
      dof += position(&d->dst[k], j[k]);
    }
    memcpy(dst + dof * (int64_t)es, src + so * (int64_t)es, es);
    for (int k = 0; k < d->ndims && ++j[k] == d->dims[k]; k++)
      j[k] = 0;
  }
  return GA_OK;
}

/* ---- the host's compaction (find) ------------------------------------------------- */

ga_status ga_host_compact_count(const uint8_t *mask, int64_t n, uint32_t *counts)
{
  for (int64_t b = 0; b * GA_COMPACT_BLOCK < n; b++) {
    uint32_t c = 0;
    for (int64_t k = b * GA_COMPACT_BLOCK; k < n && k < (b + 1) * GA_COMPACT_BLOCK; k++)
      c += mask[k] != 0;
    counts[b] = c;
  }
  return GA_OK;
}

ga_status ga_host_compact_write(const uint8_t *mask, int64_t n, const int64_t *offsets, int64_t *out)
{
  for (int64_t b = 0; b * GA_COMPACT_BLOCK < n; b++) {
    int64_t at = offsets[b];
    for (int64_t k = b * GA_COMPACT_BLOCK; k < n && k < (b + 1) * GA_COMPACT_BLOCK; k++)
      if (mask[k])
        out[at++] = k;
  }
  return GA_OK;
}
