/* The one-sided Jacobi SVD's kernels on the Vulkan provider (shaders/svd.comp): a
 * sweep step over all its column pairs in one dispatch, and the final column norms.
 * Recorded like every other dispatch: a sweep's steps go to the device with no wait
 * between them (ga_svd.c reads one flag word per sweep). */
#include "ga_strbuf.h"
#include "ga_vk.h"

#include <stdio.h>
#include <stdlib.h>

typedef struct {
  ga_class cls;
  int kind, wg;
} svd_variant;

static char *svd_source(const void *ctx)
{
  const svd_variant *v = ctx;
  bool dbl = ga_class_real_part(v->cls) == GA_DOUBLE;
  ga_strbuf b = {0};
  ga_sb_printf(&b, "#version 460\n%s\n#define T %s\n#define ES %d\n#define CW %d\n#define KIND %d\n#define WG %d\n",
               ga_glsl_common, dbl ? "double" : "float", dbl ? 8 : 4, ga_class_is_complex(v->cls) ? 2 : 1, v->kind, v->wg);
  ga_sb_puts(&b, ga_glsl_svd);
  return ga_sb_take(&b);
}

ga_status ga_vk_svd_la(ga_vk *vk, const ga_la_desc *d)
{
  ga_class rc = ga_class_real_part(d->cls);
  if ((rc == GA_DOUBLE && !vk->fp64) || (rc != GA_DOUBLE && rc != GA_SINGLE))
    return GA_ERR_UNSUPPORTED;
  uint64_t es = ga_class_size(d->cls); /* complex: the pair */
  /* a pair's rows are a loop of the workgroup: wide on a GPU, where the pairs of one
   * step alone rarely fill the machine; on lavapipe one SIMD vector (8 lanes): 200 x 200
   * values take 0.9 s with 8 threads, 1.1 s with 16, 4.6 s with 64 (its barriers are
   * costly). GPUARRAY_SVD_WG overrides (a power of two, 4 .. 1024). */
  bool cpu = vk->props.deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU;
  svd_variant v = {.cls = d->cls, .kind = d->kind == GA_LA_JACOBI ? 0 : 1, .wg = cpu ? 8 : 256};
  const char *e = getenv("GPUARRAY_SVD_WG"); /* tuning: a power of two */
  long w = e ? strtol(e, NULL, 10) : 0;
  if (w >= 4 && w <= 1024 && (w & (w - 1)) == 0 && (uint32_t)w <= vk->props.limits.maxComputeWorkGroupSize[0])
    v.wg = (int)w;
  if (d->m + d->vrows > INT32_MAX || d->n > INT32_MAX)
    return GA_ERR_UNSUPPORTED;
  char key[48];
  snprintf(key, sizeof key, "svd:%d:%d:%d", (int)v.cls, v.kind, v.wg);
  VkPipeline p;
  ga_status st = ga_vk_pipeline_get(vk, key, svd_source, &v, &p);
  if (st != GA_OK)
    return st;
  uint64_t a = d->a->address + (uint64_t)d->off_a * es;
  if (d->kind == GA_LA_JACOBI) {
    uint64_t pairs = ((uint64_t)d->n + 1) / 2;
    if (pairs > 65535u) /* gl_WorkGroupID.x is the pair: no 2-D folding */
      return GA_ERR_UNSUPPORTED;
    struct {
      uint64_t a, lda, flag;
      uint32_t m, rows, n, step;
      float tol;
      uint32_t pad;
    } pc = {a, (uint64_t)d->lda, d->piv->address + (uint64_t)d->off_info * 4u, (uint32_t)d->m,
            (uint32_t)(d->m + d->vrows), (uint32_t)d->n, (uint32_t)d->step, (float)d->tol, 0};
    return ga_vk_dispatch(vk, p, &pc, sizeof pc, pairs);
  }
  struct {
    uint64_t a, lda, out;
    uint32_t m, n, scale, groups_x;
  } pc = {a, (uint64_t)d->lda, d->a->address + (uint64_t)d->off_out * ga_class_size(rc), (uint32_t)d->m, (uint32_t)d->n,
          d->vrows > 0, ga_vk_groups_x((uint64_t)d->n)};
  return ga_vk_dispatch(vk, p, &pc, sizeof pc, (uint64_t)d->n);
}
