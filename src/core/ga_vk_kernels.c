/* Launching kernels on the Vulkan provider: generated elementwise kernels and the
 * hand-written reduction from shaders/. */
#include "ga_glsl_emit.h"
#include "ga_strbuf.h"
#include "ga_vk.h"

#include <stdio.h>
#include <string.h>

enum { WG = 256, PUSH_WORDS = 16 };

static char *elementwise_source(const void *ctx)
{
  const struct {
    const ga_expr *x;
    ga_class out_cls;
  } *c = ctx;
  return ga_glsl_elementwise(c->x, c->out_cls);
}

ga_status ga_vk_elementwise(void *state, const ga_expr *x, ga_class out_cls, ga_pbuf *out)
{
  ga_vk *vk = state;
  if (!vk->fp64 || !ga_glsl_elementwise_supported(x, out_cls))
    return GA_ERR_UNSUPPORTED;
  char key[1024];
  ga_glsl_elementwise_key(x, out_cls, key, sizeof key);
  struct {
    const ga_expr *x;
    ga_class out_cls;
  } ctx = {x, out_cls};
  VkPipeline p;
  ga_status st = ga_vk_pipeline_get(vk, key, elementwise_source, &ctx, &p);
  if (st != GA_OK)
    return st;
  ga_g.stats.fused_ops += (uint64_t)ga_glsl_count_ops(x);
  uint64_t push[PUSH_WORDS] = {0};
  int w = 0;
  push[w++] = (uint64_t)x->numel;
  push[w++] = out->address;
  for (int i = 0; i < x->ninputs; i++)
    push[w++] = x->inputs[i]->address;
  for (int i = 0; i < x->nscalars; i++)
    push[w++] = ga_scalar_bits(&x->scalars[i]);
  uint64_t packets = ((uint64_t)x->numel + 3) / 4, groups = (packets + WG - 1) / WG;
  uint32_t tail[4] = {ga_vk_groups_x(groups), 1, 1, 1}; /* groups_x, then d0..d2 */
  ga_bcast plan;
  ga_glsl_broadcast_plan(x, &plan);
  for (int c = 0; c < plan.ndims && plan.any_partial; c++)
    tail[1 + c] = (uint32_t)plan.dims[c];
  uint32_t tail_bytes = plan.any_partial ? 16u : 4u;
  memcpy(&push[w], tail, tail_bytes);
  return ga_vk_dispatch(vk, p, push, (uint32_t)(w * 8) + tail_bytes, groups);
}

/* ---- sum ------------------------------------------------------------------------------ */

typedef struct {
  ga_class in_cls, acc_cls, out_cls;
  bool contiguous;
  const ga_expr *producer; /* a fused reduction reads this expression instead of memory */
} sum_variant;

enum { SUM_FIXED_WORDS = 8, SUM_EXTRA_WORDS = 8 }; /* 64 + 64 bytes of push constants */

static char *sum_source(const void *ctx)
{
  const sum_variant *v = ctx;
  const ga_expr *x = v->producer;
  ga_strbuf b = {0};
  const char *acc = ga_glsl_type(v->acc_cls);
  ga_sb_puts(&b, "#version 460\n");
  ga_sb_puts(&b, ga_glsl_common);
  ga_sb_printf(&b, "#define ACC_T %s\n#define CONTIGUOUS %d\n", acc, v->contiguous ? 1 : 0);
  ga_sb_printf(&b, "#define STORE(a, k, x) %s(a + %zuul * (k)).v = %s(x)\n",
               v->out_cls == GA_DOUBLE ? "GaF64" : "GaF32", ga_class_size(v->out_cls), ga_glsl_type(v->out_cls));
  if (!x) {
    ga_sb_printf(&b, "#define LOAD(a, k) %s(ga_ld_%s(a, k))\n", acc, ga_glsl_suffix(v->in_cls));
    ga_sb_puts(&b, ga_glsl_reduce_sum);
    return ga_sb_take(&b);
  }
  ga_bcast plan;
  ga_glsl_broadcast_plan(x, &plan);
  ga_sb_puts(&b, "#define LOAD(a, k) ga_fused_at(k)\n#define EXTRA_PARAMS");
  if (plan.any_partial)
    ga_sb_puts(&b, " uint d0; uint d1; uint d2; uint dpad;");
  for (int i = 0; i < x->ninputs; i++)
    ga_sb_printf(&b, " uint64_t in%d;", i);
  for (int i = 0; i < x->nscalars; i++)
    ga_sb_printf(&b, " uint64_t s%d;", i);
  ga_sb_printf(&b, "\n%s ga_fused_at(uint64_t k);\n", acc);
  ga_sb_puts(&b, ga_glsl_reduce_sum);
  ga_sb_printf(&b, "\n%s ga_fused_at(uint64_t k)\n{\n", acc);
  ga_glsl_emit_element_loads(&b, x, "k");
  ga_glsl_emit_scalar_slots(&b, x, "  ");
  ga_glsl_emit_nodes(&b, x, "  ", "e%d", "s%d");
  ga_sb_printf(&b, "  return %s(v%d);\n}\n", acc, x->nnodes - 1);
  return ga_sb_take(&b);
}

static ga_status sum_pass(ga_vk *vk, const sum_variant *v, uint64_t in, uint64_t out, int64_t inner, int64_t n,
                          int64_t outer, int64_t nchunks)
{
  char key[1200];
  int len = snprintf(key, sizeof key, "sum:%d:%d:%d:%d", (int)v->in_cls, (int)v->acc_cls, (int)v->out_cls,
                     v->contiguous);
  if (v->producer)
    ga_glsl_elementwise_key(v->producer, v->in_cls, key + len, sizeof key - (size_t)len);
  VkPipeline p;
  ga_status st = ga_vk_pipeline_get(vk, key, sum_source, v, &p);
  if (st != GA_OK)
    return st;
  uint64_t chunk = nchunks > 0 ? ((uint64_t)n + (uint64_t)nchunks - 1) / (uint64_t)nchunks : 0;
  uint64_t groups = v->contiguous ? (uint64_t)(outer * nchunks)
                                  : ((uint64_t)(inner * outer * nchunks) + WG - 1) / WG;
  uint64_t push[SUM_FIXED_WORDS + SUM_EXTRA_WORDS] = {in, out, (uint64_t)inner, (uint64_t)n, (uint64_t)outer,
                                                      chunk, (uint64_t)nchunks, ga_vk_groups_x(groups)};
  int w = SUM_FIXED_WORDS;
  ga_bcast plan;
  if (v->producer && ga_glsl_broadcast_plan(v->producer, &plan) && plan.any_partial) {
    uint32_t d[4] = {1, 1, 1, 0};
    for (int c = 0; c < plan.ndims; c++)
      d[c] = (uint32_t)plan.dims[c];
    memcpy(&push[w], d, sizeof d);
    w += 2;
  }
  if (v->producer) {
    for (int i = 0; i < v->producer->ninputs; i++)
      push[w++] = v->producer->inputs[i]->address;
    for (int i = 0; i < v->producer->nscalars; i++)
      push[w++] = ga_scalar_bits(&v->producer->scalars[i]);
    ga_g.stats.fused_ops += (uint64_t)ga_glsl_count_ops(v->producer);
  }
  return ga_vk_dispatch(vk, p, push, (uint32_t)(w * 8), groups);
}

/* Enough slices along n to keep the device busy, none shorter than a few thousand. */
static int64_t choose_chunks(bool contiguous, int64_t inner, int64_t n, int64_t outer)
{
  const int64_t want = contiguous ? 4096 : 262144; /* workgroups / threads in flight */
  const int64_t min_len = contiguous ? 8192 : 64;
  int64_t have = contiguous ? outer : inner * outer;
  if (have >= want || n <= min_len)
    return 1;
  int64_t c = (want + have - 1) / have, cap = (n + min_len - 1) / min_len;
  return c < cap ? c : cap;
}

ga_status ga_vk_sum(void *state, const ga_sum_desc *d)
{
  ga_vk *vk = state;
  bool floating_out = d->out_cls == GA_DOUBLE || d->out_cls == GA_SINGLE;
  if (!vk->fp64 || !floating_out)
    return GA_ERR_UNSUPPORTED; /* 'native' integer and logical sums saturate step by step */
  const ga_expr *x = d->producer;
  ga_bcast plan;
  if (x && (!ga_glsl_elementwise_supported(x, d->in_cls) || !ga_glsl_broadcast_plan(x, &plan) ||
            x->ninputs + x->nscalars > SUM_EXTRA_WORDS - (plan.any_partial ? 2 : 0)))
    return GA_ERR_UNSUPPORTED; /* evaluated first, then reduced */
  ga_class acc = d->out_cls; /* double accumulates double, single single, as Octave does */
  bool contiguous = d->inner == 1;
  int64_t nchunks = choose_chunks(contiguous, d->inner, d->n, d->outer);
  uint64_t in = d->n > 0 && !x ? d->in->address : 0;
  sum_variant v1 = {d->in_cls, acc, nchunks > 1 ? acc : d->out_cls, contiguous, x};
  if (nchunks == 1)
    return sum_pass(vk, &v1, in, d->out->address, d->inner, d->n, d->outer, 1);
  ga_pbuf partial;
  ga_status st = ga_buffer_acquire((size_t)(d->inner * d->outer * nchunks) * ga_class_size(acc), &partial);
  if (st != GA_OK)
    return st;
  st = sum_pass(vk, &v1, in, partial.address, d->inner, d->n, d->outer, nchunks);
  sum_variant v2 = {acc, acc, d->out_cls, contiguous, NULL};
  if (st == GA_OK)
    st = sum_pass(vk, &v2, partial.address, d->out->address, d->inner, nchunks, d->outer, 1);
  ga_buffer_release(&partial); /* later users are ordered after this work by barriers */
  return st;
}
