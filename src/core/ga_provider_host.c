/* The host provider: plain C on the CPU. Always available; chosen when there is no
 * Vulkan device or when GPUARRAY_PROVIDER=host. */
#include "ga_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static ga_status host_open(int device_index, void **state)
{
  (void)device_index;
  *state = NULL;
  return GA_OK;
}

static void host_close(void *state) { (void)state; }

static ga_status host_device_count(void *state, int *count)
{
  (void)state;
  *count = 1;
  return GA_OK;
}

static ga_status host_device_info(void *state, ga_device_info *info)
{
  (void)state;
  memset(info, 0, sizeof *info);
  snprintf(info->name, sizeof info->name, "host CPU (no GPU: the host provider)");
  snprintf(info->provider, sizeof info->provider, "host");
  snprintf(info->device_type, sizeof info->device_type, "cpu");
  snprintf(info->driver_version, sizeof info->driver_version, "n/a");
  snprintf(info->api_version, sizeof info->api_version, "n/a");
  info->index = 1;
  info->device_count = 1;
  info->supports_double = 1;
  info->supports_int64 = 1;
  long pages = sysconf(_SC_PHYS_PAGES), avail = sysconf(_SC_AVPHYS_PAGES), psz = sysconf(_SC_PAGESIZE);
  info->total_memory = pages > 0 && psz > 0 ? (uint64_t)pages * (uint64_t)psz : 0;
  info->available_memory = avail > 0 && psz > 0 ? (uint64_t)avail * (uint64_t)psz : 0;
  long cpus = sysconf(_SC_NPROCESSORS_ONLN);
  info->multiprocessor_count = cpus > 0 ? (int)cpus : 1;
  info->max_threads_per_block = 1;
  info->max_allocation = info->total_memory;
  info->max_storage_buffer_range = info->total_memory;
  info->subgroup_size = 1;
  info->preserves_subnormals_single = 1;
  info->preserves_subnormals_double = 1;
  return GA_OK;
}

static ga_status host_alloc(void *state, size_t bytes, ga_pbuf *out)
{
  (void)state;
  void *p = NULL;
  if (posix_memalign(&p, 64, bytes) != 0)
    return ga_fail(GA_ERR_OOM, "out of memory: the host provider could not allocate %zu bytes", bytes);
  *out = (ga_pbuf){.handle = p, .host = p, .bytes = bytes};
  return GA_OK;
}

static void host_free(void *state, ga_pbuf *buf)
{
  (void)state;
  free(buf->host);
  *buf = (ga_pbuf){0};
}

static ga_status host_upload(void *state, ga_pbuf *dst, const void *src, size_t bytes)
{
  (void)state;
  memcpy(dst->host, src, bytes);
  return GA_OK;
}

static ga_status host_download(void *state, const ga_pbuf *src, void *dst, size_t bytes)
{
  (void)state;
  memcpy(dst, src->host, bytes);
  return GA_OK;
}

static ga_status host_elementwise(void *state, const ga_expr *x, ga_class out_cls, ga_pbuf *out)
{
  (void)state;
  const void *in[GA_X_MAX_INPUTS];
  for (int i = 0; i < x->ninputs; i++)
    in[i] = x->inputs[i]->host;
  /* one pass of the interpreter counts as one dispatch, so structure reads the same
   * on every provider */
  ga_g.stats.dispatches++;
  for (int j = 0; j < x->nnodes; j++)
    ga_g.stats.fused_ops += x->nodes[j].kind == GA_X_BINARY || x->nodes[j].kind == GA_X_TERNARY;
  return ga_host_eval_expr(x, in, out_cls, out->host);
}

static ga_status host_reduce(void *state, const ga_reduce_desc *d)
{
  (void)state;
  if (d->producer)
    return GA_ERR_UNSUPPORTED; /* the host evaluates the expression first */
  ga_g.stats.dispatches++;
  return ga_host_eval_reduce(d, d->in->host, d->out->host, d->out_index ? d->out_index->host : NULL);
}

static ga_status host_scan(void *state, const ga_scan_desc *d)
{
  (void)state;
  ga_g.stats.dispatches++;
  return ga_host_eval_scan(d, d->in->host, d->out->host, d->out_index ? d->out_index->host : NULL);
}

static ga_status host_sort(void *state, const ga_sort_desc *d)
{
  (void)state;
  ga_g.stats.dispatches++;
  return ga_host_eval_sort(d, d->in->host, d->out->host, d->out_index ? d->out_index->host : NULL);
}

static ga_status host_copy(void *state, const ga_copy_desc *d)
{
  (void)state;
  ga_g.stats.dispatches++;
  return ga_host_copy(d);
}

static ga_status host_compact_count(void *state, const ga_pbuf *mask, int64_t n, ga_pbuf *counts)
{
  (void)state;
  ga_g.stats.dispatches++;
  return ga_host_compact_count(mask->host, n, counts->host);
}

static ga_status host_compact_write(void *state, const ga_pbuf *mask, int64_t n, const ga_pbuf *offsets,
                                    ga_pbuf *out)
{
  (void)state;
  ga_g.stats.dispatches++;
  return ga_host_compact_write(mask->host, n, offsets->host, out->host);
}

static ga_status host_gemm(void *state, const ga_gemm_desc *d)
{
  (void)state;
  ga_g.stats.dispatches++;
  ga_host_gemm(d, d->a->host, d->b->host, d->c->host);
  return GA_OK;
}

/* The reference semantics of an epilogue: the product as host_gemm stores it, then the
 * expression over it, counted as one pass as the device's single kernel is. */
static ga_status host_gemm_epilogue(void *state, const ga_gemm_desc *d, const ga_expr *x, int slot, ga_class out_cls,
                                    ga_pbuf *out)
{
  (void)state;
  size_t bytes = (size_t)(d->m * d->n) * ga_class_size(d->cls);
  void *prod = malloc(bytes ? bytes : 1);
  if (!prod)
    return ga_fail(GA_ERR_OOM, "out of host memory for a product");
  ga_gemm_desc pd = *d;
  pd.off_c = 0;
  pd.ldc = d->m;
  ga_host_gemm(&pd, d->a->host, d->b->host, prod);
  const void *in[GA_X_MAX_INPUTS];
  for (int i = 0; i < x->ninputs; i++)
    in[i] = i == slot ? prod : x->inputs[i]->host;
  ga_g.stats.dispatches++;
  for (int j = 0; j < x->nnodes; j++)
    ga_g.stats.fused_ops += x->nodes[j].kind == GA_X_BINARY || x->nodes[j].kind == GA_X_TERNARY;
  ga_status st = ga_host_eval_expr(x, in, out_cls, out->host);
  free(prod);
  return st;
}

static ga_status host_la(void *state, const ga_la_desc *d)
{
  (void)state;
  ga_g.stats.dispatches++;
  ga_host_la(d, d->a->host, d->t ? d->t->host : NULL, d->piv ? d->piv->host : NULL);
  return GA_OK;
}

static ga_status host_synchronize(void *state)
{
  (void)state;
  return GA_OK;
}

const ga_provider_ops ga_host_provider = {
  .name = "host",
  .open = host_open,
  .close = host_close,
  .device_count = host_device_count,
  .device_info = host_device_info,
  .alloc = host_alloc,
  .free = host_free,
  .upload = host_upload,
  .download = host_download,
  .elementwise = host_elementwise,
  .reduce = host_reduce,
  .scan = host_scan,
  .sort = host_sort,
  .synchronize = host_synchronize,
  .copy = host_copy,
  .compact_count = host_compact_count,
  .compact_write = host_compact_write,
  .gemm = host_gemm,
  .gemm_epilogue = host_gemm_epilogue,
  .la = host_la,
};
