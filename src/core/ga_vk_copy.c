/* Copies between views on the Vulkan provider (shaders/copy.comp). The description goes
 * to the device inside the command buffer (vkCmdUpdateBuffer): no staging, no submit. */
#include "ga_strbuf.h"
#include "ga_glsl_emit.h"
#include "ga_vk.h"

#include <stdio.h>
#include <string.h>

enum { WG = 256, PARAM_WORDS = 4 + 5 * GA_VIEW_MAX_DIMS };

typedef struct {
  int esize, ndims;
  unsigned sidx, didx;
  bool pack;
} copy_variant;

static char *copy_source(const void *ctx)
{
  const copy_variant *v = ctx;
  ga_strbuf b = {0};
  ga_glsl_emit_prelude(&b, NULL);
  ga_sb_printf(&b, "#define ESIZE %d\n#define NDIMS %d\n#define SIDX %uu\n#define DIDX %uu\n#define PACK %d\n",
               v->esize, v->ndims, v->sidx, v->didx, v->pack ? 1 : 0);
  ga_sb_puts(&b, ga_glsl_copy);
  return ga_sb_take(&b);
}

/* The destination is walked densely (positions dst_offset + e) */
static bool dense_destination(const ga_copy_desc *d)
{
  int64_t s = 1;
  for (int k = 0; k < d->ndims; k++) {
    if (d->dst[k].index || d->dst[k].stride != s)
      return false;
    s *= d->dims[k];
  }
  return true;
}

ga_status ga_vk_write_inline(ga_vk *vk, ga_pbuf *buf, const void *data, size_t bytes)
{
  VkCommandBuffer cmd;
  ga_status st = ga_vk_cmd(vk, &cmd);
  if (st != GA_OK)
    return st;
  ga_vk_barrier(cmd); /* earlier kernels may still read what the pool gave us */
  vkCmdUpdateBuffer(cmd, ga_vk_buffer_of(buf), 0, (bytes + 3) & ~(size_t)3, data);
  return GA_OK;
}

static char *transpose_source(const void *ctx)
{
  int esize = *(const int *)ctx;
  ga_strbuf b = {0};
  ga_glsl_emit_prelude(&b, NULL);
  ga_sb_printf(&b, "#define ESIZE %d\n#define ELEM %s\n#define REF %s\n", esize, esize == 8 ? "uint64_t" : "uint",
               esize == 8 ? "GaU64" : "GaU32");
  ga_sb_puts(&b, ga_glsl_transpose);
  return ga_sb_take(&b);
}

/* A transpose: 2-D, the source contiguous along dimension 2 and the destination along
 * dimension 1, no index vectors, words or double words, sizes a 32-bit grid can name. */
static bool is_transpose(const ga_copy_desc *d)
{
  return d->ndims == 2 && d->elem_size >= 4 && !d->src[0].index && !d->src[1].index && !d->dst[0].index &&
         !d->dst[1].index && d->src[1].stride == 1 && d->src[0].stride >= d->dims[1] && d->dst[0].stride == 1 &&
         d->dst[1].stride == d->dims[0] && d->dims[0] < (1ll << 31) && d->dims[1] < (1ll << 31) &&
         d->src_offset >= 0;
}

static ga_status transpose(ga_vk *vk, const ga_copy_desc *d)
{
  int esize = (int)d->elem_size;
  char key[32];
  snprintf(key, sizeof key, "transpose:%d", esize);
  VkPipeline p;
  ga_status st = ga_vk_pipeline_get(vk, key, transpose_source, &esize, &p);
  if (st != GA_OK)
    return st;
  uint64_t ti = ((uint64_t)d->dims[0] + 31) / 32, tj = ((uint64_t)d->dims[1] + 31) / 32, groups = ti * tj;
  struct {
    uint64_t src, dst, src_stride;
    uint32_t rows, cols, tiles_i, groups_x;
  } push = {d->src_buf->address + (uint64_t)d->src_offset * d->elem_size,
            d->dst_buf->address + (uint64_t)d->dst_offset * d->elem_size,
            (uint64_t)d->src[0].stride,
            (uint32_t)d->dims[0],
            (uint32_t)d->dims[1],
            (uint32_t)ti,
            ga_vk_groups_x(groups)};
  return ga_vk_dispatch(vk, p, &push, sizeof push, groups);
}

ga_status ga_vk_copy(void *state, const ga_copy_desc *d)
{
  ga_vk *vk = state;
  if (is_transpose(d) && d->dst_offset >= 0)
    return transpose(vk, d);
  if (d->ndims < 1 || d->ndims > GA_VIEW_MAX_DIMS)
    return ga_fail(GA_ERR_INTERNAL, "copy: %d dimensions", d->ndims);
  copy_variant v = {.esize = (int)d->elem_size, .ndims = d->ndims};
  uint64_t w[PARAM_WORDS] = {0};
  int64_t n = 1;
  for (int k = 0; k < d->ndims; k++) {
    n *= d->dims[k];
    w[4 + 5 * k] = (uint64_t)d->dims[k];
    w[5 + 5 * k] = (uint64_t)d->src[k].stride;
    w[6 + 5 * k] = (uint64_t)d->dst[k].stride;
    if (d->src[k].index) {
      v.sidx |= 1u << k;
      w[7 + 5 * k] = d->src[k].index->address;
    }
    if (d->dst[k].index) {
      v.didx |= 1u << k;
      w[8 + 5 * k] = d->dst[k].index->address;
    }
  }
  v.pack = v.esize < 4 && dense_destination(d);
  w[0] = d->src_buf->address + (uint64_t)(d->src_offset * (int64_t)d->elem_size);
  w[1] = d->dst_buf->address;
  w[2] = (uint64_t)n;
  w[3] = (uint64_t)d->dst_offset;
  char key[96];
  snprintf(key, sizeof key, "copy:%d:%d:%x:%x:%d", v.esize, v.ndims, v.sidx, v.didx, v.pack);
  VkPipeline p;
  ga_status st = ga_vk_pipeline_get(vk, key, copy_source, &v, &p);
  if (st != GA_OK)
    return st;
  uint64_t threads = (uint64_t)n;
  if (v.pack) { /* one thread per destination word touched */
    uint64_t per = 4 / (uint64_t)v.esize, off = (uint64_t)d->dst_offset;
    threads = (off + (uint64_t)n + per - 1) / per - off / per;
  }
  uint64_t groups = (threads + WG - 1) / WG;
  size_t bytes = (size_t)(4 + 5 * d->ndims) * sizeof w[0];
  ga_pbuf params = {0};
  if ((st = ga_buffer_acquire(bytes, &params)) != GA_OK)
    return st;
  struct {
    uint64_t params;
    uint32_t groups_x, pad;
  } push = {params.address, ga_vk_groups_x(groups), 0};
  st = ga_vk_write_inline(vk, &params, w, bytes);
  if (st == GA_OK)
    st = ga_vk_dispatch(vk, p, &push, sizeof push, groups);
  ga_buffer_release(&params); /* reuse is ordered after this dispatch by barriers */
  return st;
}
