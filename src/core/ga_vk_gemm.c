/* Matrix products on the Vulkan provider: the tiled kernel of shaders/gemm.comp, and
 * shaders/gemv.comp for products with a vector operand (bound by memory, not
 * arithmetic). */
#include "ga_glsl_emit.h"
#include "ga_strbuf.h"
#include "ga_vk.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { GEMM_PUSH_BYTES = 104, GEMV_PUSH_BYTES = 88, GROUP_M = 8 };
/* an epilogue's inputs and scalars, 8 bytes each, after the product's push constants:
 * 128 bytes in all, what every device takes */
enum { EPI_WORDS = 3 };

/* Bump when the tuner's method changes: older choices on disk are then ignored. */
#define GEMM_TUNE_VERSION 3

typedef struct {
  ga_class cls;
  int trans_a, trans_b;
  ga_vk_gemm_tile t;
  const ga_expr *epi; /* an elementwise epilogue whose input epi_slot is the product, or NULL */
  int epi_slot;
  int fit;            /* gemm.comp FIT: 1 whole tiles of aligned 4-vectors, 2 aligned 4-vectors */
} gemm_variant;

typedef struct {
  ga_class cls;
  int kind;
} gemv_variant;

/* The variants the tests force one by one, bench/gemm_probe.c sweeps, and (those marked)
 * the autotuner times. The first of each class is the default. On the H100 128x64x8 with
 * 8 x 8 per thread beat 128x128 and 64x64 in both classes (SGEMM 37-39 TFLOP/s, DGEMM
 * 15.9); the others are what plausibly does better on NVIDIA: a deeper step (fewer
 * barriers per FMA), more threads per tile, warp shapes that read fewer distinct vectors
 * of shared memory, padded rows, the next step's loads in phases (-sN: fewer prefetch
 * registers live beside the accumulators) and the next depth's fragments read ahead (-f).
 * A list shorter than the longest ends in NULL names. */
static const struct {
  const char *name;
  bool tune;
} candidates[2][20] = {
  /* H100, 8192^3 (bench/gemm_probe, device time): 40.9 TFLOP/s for 128x64x16-8x8, 40.4
   * -p2, 40.3 -w4, 39.5 the default, 38.1 128x128x8; the rest 32-37. Timed at 4096 the
   * same kernels scattered from 7 to 38 TFLOP/s in one run: the GPU's clock was still
   * ramping up (bench/README.md, "Clocks"), which the tuner now waits out. It chooses
   * among the five that were close at 8192. From -f on: not yet measured. */
  {{"128x64x8-8x8", 1},
   {"128x128x8-8x8", 1},
   {"128x64x16-8x8", 1},
   {"128x128x16-8x8", 0},
   {"128x64x8-8x8-w4", 1},
   {"128x128x8-8x8-w4", 0},
   {"128x64x16-8x8-p2", 1},
   {"128x128x8-8x4", 0},
   {"64x64x8-8x8", 0},
   {"128x64x16-8x8-f", 0},
   {"128x64x16-8x8-s2", 0},
   {"128x128x8-8x8-f", 0},
   {"128x128x16-8x8-w4-s2", 0},
   /* producers (-q2, H200: 39.1 / 39.6 TFLOP/s against 45.2 / 47.0): single precision
    * has the registers to prefetch in every thread; here so the tests run the path in
    * this class too */
   {"128x64x16-8x8-q2", 0}},
  /* H100 DGEMM 8192: the default 15.8 TFLOP/s, every other variant of the first five
   * 8.6-12.0 (so were 64x64x8-8x4, 64x64x8-4x4, 64x64x16-8x4, 128x64x8-8x4-w8 and
   * 128x128x8-8x4, no longer forced by the tests). From -s2 on: not yet measured; they
   * keep 8 x 8 per thread (fewer accumulators lost every time) and cut what else is live
   * (-s), reorder (-f), deepen the step (x16: 48 KiB of shared memory, more than lavapipe
   * has) or halve it (x4: half the prefetch registers), read fewer distinct vectors of A
   * (-w4), or take 256 threads per 128 x 128 tile as CUTLASS's SIMT DGEMM does.
   * H100 (2026-11-26, 4096 / 8192): the default 15.6 / 15.7 TFLOP/s at 253 registers;
   * -w4 17.8 / 17.4 (the tuner's second candidate); -f 15.5; every -s, x4, x16 and
   * 128x128 variant 8.9-13. Without global loads after the first step (-x1) 23.5 / 24.1,
   * without barriers too (-x2) 25.4 / 25.8: the inner loop itself stops short of the
   * FP64 peak (~33.5), and the loads, which the compiler cannot keep in flight at 253
   * registers, cost a third.
   * -qN: N producer warps load while the 128 consumer threads only multiply (gemm.comp
   * PW). H200 (2026-11-27, 4096 / 8192, same call): 128x64x16-8x8-w4-q3 18.5 / 19.1
   * TFLOP/s against 17.3 / 17.8 for -w4 (cuBLAS 55.4); -q2 17.9 / 18.4, -q4 17.8 / 18.5;
   * at a depth of 8 the producers cannot keep up (-q1 8.6, -q2 13). 128x64x8-8x8-w4-q3
   * fits lavapipe's 32 KiB, so the tests run the producers' path there. */
  {{"128x64x8-8x8", 1},
   {"64x64x8-4x4-w8", 0},
   {"128x64x8-8x4", 0},
   {"64x128x8-4x8", 0},
   {"128x64x8-8x8-s2", 0},
   {"128x64x8-8x8-s3", 0},
   {"128x64x8-8x8-f", 0},
   {"128x64x8-8x8-s3-f", 0},
   {"128x64x8-8x8-w4", 1},
   {"128x64x4-8x8", 0},
   {"128x64x16-8x8-s2", 0},
   {"128x64x16-8x8-s3", 0},
   {"128x128x8-8x8-w4", 0},
   {"128x128x8-8x8-w8-s2", 0},
   {"128x64x16-8x8-w4-q3", 1},
   {"128x64x8-8x8-w4-q3", 0}},
};
enum { NCAND = sizeof candidates[0] / sizeof candidates[0][0] };

static int cls_slot(ga_class cls) { return cls == GA_DOUBLE ? 1 : 0; }

static void tile_name(const ga_vk_gemm_tile *t, char *out, size_t cap)
{
  int n = snprintf(out, cap, "%dx%dx%d-%dx%d", t->bm, t->bn, t->bk, t->tm, t->tn);
  if (t->wm && n >= 0 && (size_t)n < cap)
    n += snprintf(out + n, cap - (size_t)n, "-w%d", t->wm);
  if (t->pad && n >= 0 && (size_t)n < cap)
    n += snprintf(out + n, cap - (size_t)n, "-p%d", t->pad);
  if (t->pf > 1 && n >= 0 && (size_t)n < cap)
    n += snprintf(out + n, cap - (size_t)n, "-s%d", t->pf);
  if (t->frag && n >= 0 && (size_t)n < cap)
    n += snprintf(out + n, cap - (size_t)n, "-f");
  if (t->pw && n >= 0 && (size_t)n < cap)
    n += snprintf(out + n, cap - (size_t)n, "-q%d", t->pw);
  if (t->diag && n >= 0 && (size_t)n < cap)
    snprintf(out + n, cap - (size_t)n, "-x%d", t->diag);
}

static bool pow2_in(int x, int lo, int hi) { return x >= lo && x <= hi && (x & (x - 1)) == 0; }

/* "BMxBNxBK" (8 x 8 per thread, as GPUARRAY_GEMM_TILE was first spelled) or
 * "BMxBNxBK-TMxTN[-wWM][-pPAD][-sPF][-f][-qPW][-xDIAG]"; false for anything else or a shape the
 * kernel cannot take. Device limits are checked by tile_fits. -x1 and -x2 compute wrong
 * products on purpose (gemm.comp DIAG): bench/gemm_probe names them to time the inner
 * loop alone; no candidate has them. */
static bool tile_parse(const char *s, ga_vk_gemm_tile *t)
{
  ga_vk_gemm_tile r = {0, 0, 0, 8, 8, 0, 0, 1, 0, 0, 0};
  int used = 0;
  if (!s || sscanf(s, "%dx%dx%d%n", &r.bm, &r.bn, &r.bk, &used) != 3)
    return false;
  s += used;
  if (*s == '-') {
    if (sscanf(s, "-%dx%d%n", &r.tm, &r.tn, &used) != 2)
      return false;
    s += used;
    if (sscanf(s, "-w%d%n", &r.wm, &used) == 1)
      s += used;
    if (sscanf(s, "-p%d%n", &r.pad, &used) == 1)
      s += used;
    if (sscanf(s, "-s%d%n", &r.pf, &used) == 1)
      s += used;
    if (strncmp(s, "-f", 2) == 0) {
      r.frag = 1;
      s += 2;
    }
    if (sscanf(s, "-q%d%n", &r.pw, &used) == 1)
      s += used;
    if (sscanf(s, "-x%d%n", &r.diag, &used) == 1)
      s += used;
  }
  if (*s != '\0' && *s != '\n')
    return false;
  if (!pow2_in(r.bm, 32, 128) || !pow2_in(r.bn, 32, 128) || !pow2_in(r.bk, 4, 32) || (r.tm != 4 && r.tm != 8) ||
      (r.tn != 4 && r.tn != 8) || r.pad < 0 || r.pad > 4 || r.pf < 1 || r.pf > 8 || r.pf > r.bk || r.diag < 0 ||
      r.diag > 2 || r.pw < 0 || r.pw > 4)
    return false;
  int ttm = r.bm / r.tm, ttn = r.bn / r.tn;
  /* producers are whole warps after the consumers', and hold a step's loads in acc's
   * registers (gemm.comp GA_PRODUCE): at most tm tn / 4 units of four each */
  if (r.pw) {
    int np = 32 * r.pw, units = (r.bm * r.bk / 4 + np - 1) / np + (r.bn * r.bk / 4 + np - 1) / np;
    if ((ttm * ttn) % 32 != 0 || units > r.tm * r.tn / 4)
      return false;
  }
  /* a warp shape tiles the threads in whole warps of 32 */
  if (r.wm && (!pow2_in(r.wm, 1, 32) || ttm % r.wm != 0 || ttn % (32 / r.wm) != 0 || (ttm * ttn) % 32 != 0))
    return false;
  *t = r;
  return true;
}

static bool tile_fits(const ga_vk *vk, ga_class cls, const ga_vk_gemm_tile *t)
{
  uint64_t threads = (uint64_t)(t->bm / t->tm) * (uint64_t)(t->bn / t->tn) + 32u * (uint64_t)t->pw;
  uint64_t shared = 2u * (uint64_t)t->bk * (uint64_t)(t->bm / 4 + t->pad + t->bn / 4 + t->pad) * 4u * ga_class_size(cls);
  return threads <= vk->props.limits.maxComputeWorkGroupInvocations &&
         threads <= vk->props.limits.maxComputeWorkGroupSize[0] &&
         shared <= vk->props.limits.maxComputeSharedMemorySize;
}

/* The default: the first candidate, halved until the device's shared memory holds it. */
static ga_vk_gemm_tile default_tile(const ga_vk *vk, ga_class cls)
{
  ga_vk_gemm_tile t;
  tile_parse(candidates[cls_slot(cls)][0].name, &t);
  while (!tile_fits(vk, cls, &t) && t.bm > 32) {
    t.bm /= 2;
    t.bn = t.bn > 32 ? t.bn / 2 : t.bn;
    t.tm = t.tn = 4;
  }
  return t;
}

const char *ga_gemm_candidate(ga_class cls, int i)
{
  if ((cls != GA_SINGLE && cls != GA_DOUBLE) || i < 0 || i >= NCAND)
    return NULL;
  return candidates[cls_slot(cls)][i].name;
}

int ga_gemm_variant_fits(ga_class cls, const char *name)
{
  ga_vk_gemm_tile t;
  if (!ga_g.initialised || ga_g.prov != &ga_vulkan_provider || !ga_g.pstate ||
      (cls != GA_SINGLE && cls != GA_DOUBLE))
    return false;
  return tile_parse(name, &t) && tile_fits((ga_vk *)ga_g.pstate, cls, &t);
}

const char *ga_gemm_variant(ga_class cls)
{
  if (!ga_g.initialised || ga_g.prov != &ga_vulkan_provider || !ga_g.pstate ||
      (cls != GA_SINGLE && cls != GA_DOUBLE))
    return "";
  return ((ga_vk *)ga_g.pstate)->gemm_last[cls_slot(cls)];
}

/* epi: an epilogue's expression, whose prelude brings the libraries it calls */
static void emit_types(ga_strbuf *b, ga_class cls, const ga_expr *epi)
{
  bool dbl = cls == GA_DOUBLE;
  if (epi)
    ga_glsl_emit_prelude(b, epi);
  else
    ga_sb_printf(b, "#version 460\n%s", ga_glsl_common);
  ga_sb_printf(b, "\n#define T %s\n#define V4 %s\n#define ES %d\n", dbl ? "double" : "float", dbl ? "dvec4" : "vec4",
               dbl ? 8 : 4);
}

static char *gemm_source(const void *ctx)
{
  const gemm_variant *v = ctx;
  ga_strbuf b = {0};
  emit_types(&b, v->cls, v->epi);
  if (v->epi) {
    ga_sb_puts(&b, "#define GA_EPILOGUE 1\n#define GA_EPI_PARAMS");
    for (int i = 0; i < v->epi->ninputs; i++)
      if (i != v->epi_slot)
        ga_sb_printf(&b, " uint64_t in%d;", i);
    for (int i = 0; i < v->epi->nscalars; i++)
      ga_sb_printf(&b, " uint64_t s%d;", i);
    ga_sb_puts(&b, "\n");
  }
  ga_sb_printf(&b, "#define BM %d\n#define BN %d\n#define BK %d\n#define TM %d\n#define TN %d\n#define WM %d\n"
                   "#define PAD %d\n#define TRANS_A %d\n#define TRANS_B %d\n#define GROUP_M %d\n#define PF %d\n"
                   "#define FRAG %d\n#define FIT %d\n",
               v->t.bm, v->t.bn, v->t.bk, v->t.tm, v->t.tn, v->t.wm, v->t.pad, v->trans_a, v->trans_b, GROUP_M,
               v->t.pf > 1 ? v->t.pf : 1, v->t.frag ? 1 : 0, v->fit);
  ga_sb_printf(&b, "#define DIAG %d\n#define PW %d\n", v->t.diag, v->t.pw);
  ga_sb_puts(&b, ga_glsl_gemm);
  if (v->epi)
    ga_glsl_emit_epilogue(&b, v->epi, v->epi_slot);
  return ga_sb_take(&b);
}

static char *gemv_source(const void *ctx)
{
  const gemv_variant *v = ctx;
  ga_strbuf b = {0};
  emit_types(&b, v->cls, NULL);
  ga_sb_printf(&b, "#define KIND %d\n", v->kind);
  ga_sb_puts(&b, ga_glsl_gemv);
  return ga_sb_take(&b);
}

static bool aligned16(uint64_t address) { return (address & 15u) == 0; }

/* Records d with variant t, and with epilogue epi (NULL: none; its output is d->c). */
static ga_status gemm_dispatch_epi(ga_vk *vk, const ga_gemm_desc *d, const ga_vk_gemm_tile *t, const ga_expr *epi,
                                   int epi_slot)
{
  uint64_t es = ga_class_size(d->cls);
  uint64_t a = d->a->address + (uint64_t)d->off_a * es, b = d->b->address + (uint64_t)d->off_b * es;
  uint64_t c = d->c->address + (uint64_t)d->off_c * es;
  uint64_t tiles_m = ((uint64_t)d->m + (uint64_t)t->bm - 1) / (uint64_t)t->bm;
  uint64_t tiles_n = ((uint64_t)d->n + (uint64_t)t->bn - 1) / (uint64_t)t->bn;
  uint64_t groups = tiles_m * tiles_n * (uint64_t)d->batch;
  /* 4-vectors where every one a thread reads lies whole inside the matrix and aligned:
   * the contiguous extent, the leading dimension and the page stride multiples of 4 */
  int64_t fa = d->trans_a ? d->k : d->m, fb = d->trans_b ? d->n : d->k;
  uint32_t flags = 0;
  if (aligned16(a) && fa % 4 == 0 && d->lda % 4 == 0 && d->stride_a % 4 == 0)
    flags |= 1;
  if (aligned16(b) && fb % 4 == 0 && d->ldb % 4 == 0 && d->stride_b % 4 == 0)
    flags |= 2;
  if (aligned16(c) && d->m % 4 == 0 && d->ldc % 4 == 0 && d->stride_c % 4 == 0)
    flags |= 4;
  if (d->update)
    flags |= 8;
  /* Operands of aligned 4-vectors: a kernel without the scalar fallbacks (FIT 2), and for
   * whole tiles without bounds tests (FIT 1); the same products summed in the same order.
   * H200 SGEMM 128x64x16-8x8 (bench/gemm_probe), whole tiles: 36.1 -> 45.3 TFLOP/s at
   * 4096, 40.2 -> 47.0 at 8192 (the binary 45 -> 28 KB). Double keeps the general kernel:
   * at 252-255 registers its tuned variant went 17.2 -> 16.3 and 17.6 -> 17.2.
   * GPUARRAY_GEMM_FIT=0 never; 1 both classes; 2 both, vectors only (measuring, tests). */
  const char *fenv = getenv("GPUARRAY_GEMM_FIT");
  int fmode = fenv && (*fenv == '0' || *fenv == '1' || *fenv == '2') ? *fenv - '0' : d->cls == GA_SINGLE;
  int fit = 0;
  if (fmode && (flags & 7u) == 7u)
    fit = fmode == 1 && d->m % t->bm == 0 && d->n % t->bn == 0 && d->k % t->bk == 0 ? 1 : 2;
  gemm_variant v = {.cls = d->cls, .trans_a = d->trans_a, .trans_b = d->trans_b, .t = *t, .epi = epi,
                    .epi_slot = epi_slot, .fit = fit};
  char key[1400], name[48];
  tile_name(t, name, sizeof name);
  int len = snprintf(key, sizeof key, "gemm:%d:%d:%d:%s:%d%s", (int)v.cls, v.trans_a, v.trans_b, name, GROUP_M,
                     fit == 1 ? ":fit" : fit == 2 ? ":vec" : "");
  for (int i = 0; epi && i < epi->ninputs && len > 0 && (size_t)len < sizeof key; i++) {
    int kind = i == epi_slot ? 9 : ga_epilogue_input_kind(epi, i);
    len += snprintf(key + len, sizeof key - (size_t)len, i ? "%d" : ":epi%d", kind);
  }
  if (epi && len > 0 && (size_t)len < sizeof key)
    ga_glsl_elementwise_key(epi, d->cls, key + len, sizeof key - (size_t)len);
  VkPipeline p;
  ga_status st = ga_vk_pipeline_get(vk, key, gemm_source, &v, &p);
  if (st != GA_OK)
    return st;
  struct gemm_push {
    uint64_t a, b, c, lda, ldb, ldc, sa, sb, sc;
    uint32_t m, n, k, tiles_m, tiles_n, batch, groups_x, flags;
    uint64_t epi[EPI_WORDS];
  } pc = {a, b, c, (uint64_t)d->lda, (uint64_t)d->ldb, (uint64_t)d->ldc, (uint64_t)d->stride_a,
          (uint64_t)d->stride_b, (uint64_t)d->stride_c, (uint32_t)d->m, (uint32_t)d->n, (uint32_t)d->k,
          (uint32_t)tiles_m, (uint32_t)tiles_n, (uint32_t)d->batch, ga_vk_groups_x(groups), flags, {0}};
  _Static_assert(offsetof(struct gemm_push, epi) == GEMM_PUSH_BYTES, "push constants as gemm.comp declares them");
  uint32_t words = 0;
  for (int i = 0; epi && i < epi->ninputs; i++)
    if (i != epi_slot)
      pc.epi[words++] = epi->inputs[i]->address;
  for (int i = 0; epi && i < epi->nscalars; i++)
    pc.epi[words++] = ga_scalar_bits(&epi->scalars[i]);
  return ga_vk_dispatch(vk, p, &pc, GEMM_PUSH_BYTES + 8 * words, groups);
}

static ga_status gemm_dispatch(ga_vk *vk, const ga_gemm_desc *d, const ga_vk_gemm_tile *t)
{
  return gemm_dispatch_epi(vk, d, t, NULL, 0);
}

/* The record on disk: its file per class, its key naming everything a choice depends on
 * beyond the folder (device UUID and driver version): the tuner's version, the kernel's
 * source and the candidate list. */
static void tune_record(ga_class cls, char *file, size_t fcap, char *key, size_t kcap)
{
  uint64_t h = 1469598103934665603ull;
  for (const char *p = ga_glsl_gemm; *p; p++)
    h = (h ^ (unsigned char)*p) * 1099511628211ull;
  for (int i = 0; i < NCAND && candidates[cls_slot(cls)][i].name; i++)
    for (const char *p = candidates[cls_slot(cls)][i].name; *p; p++)
      h = (h ^ (unsigned char)*p) * 1099511628211ull;
  snprintf(file, fcap, "gemm-tune-%s.txt", cls == GA_DOUBLE ? "double" : "single");
  snprintf(key, kcap, "gemm-tune:v%d:%s:%016llx", GEMM_TUNE_VERSION, cls == GA_DOUBLE ? "double" : "single",
           (unsigned long long)h);
}

static void tune_load(ga_vk *vk, ga_class cls)
{
  int s = cls_slot(cls);
  vk->gemm_looked_up[s] = true;
  char file[64], key[96];
  tune_record(cls, file, sizeof file, key, sizeof key);
  size_t len = 0;
  char *rec = ga_vk_diskcache_load_blob(vk, file, key, &len);
  if (!rec)
    return;
  /* the first line names the choice; the rest is what it was chosen from */
  char name[64];
  size_t n = 0;
  while (n < len && n + 1 < sizeof name && rec[n] != '\n') {
    name[n] = rec[n];
    n++;
  }
  name[n] = '\0';
  free(rec);
  ga_vk_gemm_tile t;
  if (tile_parse(name, &t) && !t.diag && tile_fits(vk, cls, &t)) {
    vk->gemm_tuned[s] = t;
    vk->gemm_known[s] = true;
  }
}

/* Device seconds of one dispatch of d with variant t, alone in its submission: from
 * the timestamp queries, else the host's clock around submit and wait. */
static ga_status time_one(ga_vk *vk, const ga_gemm_desc *d, const ga_vk_gemm_tile *t, double *sec)
{
  ga_status st = ga_vk_flush(vk);
  if (st == GA_OK)
    st = ga_vk_wait(vk, vk->submitted);
  if (st != GA_OK)
    return st;
  ga_vk_harvest_timestamps(vk);
  uint64_t t0 = ga_g.stats.gpu_time_ns;
  struct timespec w0, w1;
  clock_gettime(CLOCK_MONOTONIC, &w0);
  if ((st = gemm_dispatch(vk, d, t)) != GA_OK || (st = ga_vk_flush(vk)) != GA_OK ||
      (st = ga_vk_wait(vk, vk->submitted)) != GA_OK)
    return st;
  clock_gettime(CLOCK_MONOTONIC, &w1);
  ga_vk_harvest_timestamps(vk);
  if (vk->timestamps && ga_g.stats.gpu_time_ns > t0)
    *sec = (double)(ga_g.stats.gpu_time_ns - t0) * 1e-9;
  else
    *sec = (double)(w1.tv_sec - w0.tv_sec) + (double)(w1.tv_nsec - w0.tv_nsec) * 1e-9;
  return GA_OK;
}

/* Times the candidates marked for tuning on d's own operands (the leading block of at
 * most 4096 in each dimension, one page, into a scratch C: an update's C is not
 * touched), keeps the fastest, and records it on disk. The work is the user's device
 * time all the same, but it is left out of the statistics: they describe the product. */
static ga_status tune(ga_vk *vk, const ga_gemm_desc *d)
{
  int s = cls_slot(d->cls);
  ga_gemm_desc sub = *d;
  sub.m = d->m < 4096 ? d->m : 4096;
  sub.n = d->n < 4096 ? d->n : 4096;
  sub.k = d->k < 4096 ? d->k : 4096;
  sub.batch = 1;
  sub.update = 0;
  sub.ldc = sub.m;
  sub.off_c = 0;
  sub.stride_c = 0;
  ga_pbuf scratch = {0};
  ga_status st = ga_buffer_acquire((size_t)(sub.m * sub.n) * ga_class_size(d->cls), &scratch);
  if (st != GA_OK) {
    /* no room to tune: the default for this session, nothing recorded; the product
     * itself still runs */
    vk->gemm_tuned[s] = default_tile(vk, d->cls);
    vk->gemm_known[s] = true;
    return GA_OK;
  }
  sub.c = &scratch;
  ga_stats keep = ga_g.stats;
  double flops = 2.0 * (double)sub.m * (double)sub.n * (double)sub.k;
  char report[1024];
  size_t used = (size_t)snprintf(report, sizeof report, "# %lldx%lldx%lld, best of 3, TFLOP/s:",
                                 (long long)sub.m, (long long)sub.n, (long long)sub.k);
  ga_vk_gemm_tile best = default_tile(vk, d->cls);
  double best_s = 0;
  /* the first run of each compiles it; a variant the driver rejects is not a candidate */
  ga_vk_gemm_tile tiles[NCAND];
  int which[NCAND], nt = 0;
  double sec[NCAND];
  for (int i = 0; i < NCAND && st == GA_OK; i++) {
    double run;
    if (!candidates[s][i].tune || !tile_parse(candidates[s][i].name, &tiles[nt]) ||
        !tile_fits(vk, d->cls, &tiles[nt]))
      continue;
    if (time_one(vk, &sub, &tiles[nt], &run) != GA_OK) {
      if (vk->lost)
        st = GA_ERR_DEVICE_LOST;
      continue;
    }
    which[nt] = i;
    sec[nt++] = 0;
  }
  /* NVIDIA's Vulkan driver runs a lightly loaded GPU at its idle clock (345 MHz on the
   * H100 instead of 1980, bench/README.md "Clocks") and needs a few hundred ms of steady
   * work to raise it: without this the candidates timed first ran up to 5x slower and the
   * choice was noise. Then the best of three rounds, interleaved, so that a clock change
   * during the rounds touches every candidate alike. */
  struct timespec w0, w1;
  clock_gettime(CLOCK_MONOTONIC, &w0);
  for (int r = 0; nt > 0 && st == GA_OK; r++) {
    double run;
    st = time_one(vk, &sub, &tiles[r % nt], &run);
    clock_gettime(CLOCK_MONOTONIC, &w1);
    if ((double)(w1.tv_sec - w0.tv_sec) + (double)(w1.tv_nsec - w0.tv_nsec) * 1e-9 >= 0.5)
      break;
  }
  for (int r = 0; r < 3 && st == GA_OK; r++)
    for (int j = 0; j < nt && st == GA_OK; j++) {
      double run;
      if ((st = time_one(vk, &sub, &tiles[j], &run)) == GA_OK && (r == 0 || run < sec[j]))
        sec[j] = run;
    }
  for (int j = 0; j < nt && st == GA_OK; j++) {
    if (used < sizeof report)
      used += (size_t)snprintf(report + used, sizeof report - used, " %s %.3g", candidates[s][which[j]].name,
                               flops / sec[j] * 1e-12);
    if (best_s == 0 || sec[j] < best_s) {
      best_s = sec[j];
      best = tiles[j];
    }
  }
  ga_buffer_release(&scratch);
  ga_stats now = ga_g.stats;
  ga_g.stats.dispatches = keep.dispatches;
  ga_g.stats.submits = keep.submits;
  ga_g.stats.waits = keep.waits;
  ga_g.stats.gpu_time_ns = keep.gpu_time_ns;
  ga_g.stats.gemm_tunings = now.gemm_tunings + 1;
  if (st != GA_OK)
    return st;
  vk->gemm_tuned[s] = best;
  vk->gemm_known[s] = true;
  char file[64], key[96], name[48], rec[1200];
  tune_record(d->cls, file, sizeof file, key, sizeof key);
  tile_name(&best, name, sizeof name);
  int n = snprintf(rec, sizeof rec, "%s\n%s\n", name, report);
  if (n > 0)
    ga_vk_diskcache_store_blob(vk, file, key, rec, (size_t)n < sizeof rec ? (size_t)n : sizeof rec - 1);
  return GA_OK;
}

/* Products whose tiles of the chosen variant would fill at most half the SMs (the
 * recursive LU's updates and substitutions: m up to n, n and k of 16 to 256) run on
 * smaller tiles, GPUARRAY_GEMM_SMALL (default 32x64x8-4x4; 0: never), where that makes
 * more of them. Each thread then does less per load, so a product that fills the device
 * keeps its variant: at "fewer tiles than SMs", 1024^2 DGEMM took 0.58 ms instead of
 * 0.32 on the H200. On a device that does not say how many SMs it has, eight. Every
 * variant sums k in the same order, so the choice changes no result. */
static void small_tile(const ga_vk *vk, const ga_gemm_desc *d, ga_vk_gemm_tile *t)
{
  const char *env = getenv("GPUARRAY_GEMM_SMALL");
  if (env && strcmp(env, "0") == 0)
    return;
  ga_vk_gemm_tile sm;
  if (!tile_parse(env && *env ? env : "32x64x8-4x4", &sm) || !tile_fits(vk, d->cls, &sm))
    return;
  int64_t units = vk->sm_count ? (int64_t)vk->sm_count : 8;
  int64_t tiles = ((d->m + t->bm - 1) / t->bm) * ((d->n + t->bn - 1) / t->bn) * d->batch;
  int64_t small = ((d->m + sm.bm - 1) / sm.bm) * ((d->n + sm.bn - 1) / sm.bn) * d->batch;
  if (2 * tiles <= units && small > tiles)
    *t = sm;
}

/* The variant for d: GPUARRAY_GEMM_TILE if it names one the device takes; else, unless
 * GPUARRAY_GEMM_AUTOTUNE=0, the class's tuned choice (from the disk cache, or tuned now
 * on the first product of at least 1024 in every dimension, off CPU devices;
 * GPUARRAY_GEMM_AUTOTUNE=force tunes on any product, for tests); else the default. */
static ga_status choose_tile(ga_vk *vk, const ga_gemm_desc *d, ga_vk_gemm_tile *t)
{
  ga_vk_gemm_tile forced;
  if (tile_parse(getenv("GPUARRAY_GEMM_TILE"), &forced) && tile_fits(vk, d->cls, &forced)) {
    *t = forced;
    return GA_OK;
  }
  *t = default_tile(vk, d->cls);
  const char *env = getenv("GPUARRAY_GEMM_AUTOTUNE");
  if (env && strcmp(env, "0") == 0) {
    small_tile(vk, d, t);
    return GA_OK;
  }
  int s = cls_slot(d->cls);
  if (!vk->gemm_looked_up[s])
    tune_load(vk, d->cls);
  bool force = env && strcmp(env, "force") == 0;
  bool large = d->m >= 1024 && d->n >= 1024 && d->k >= 1024 && vk->props.deviceType != VK_PHYSICAL_DEVICE_TYPE_CPU;
  if (!vk->gemm_known[s] && (force || large)) {
    ga_status st = tune(vk, d);
    if (st != GA_OK)
      return st;
  }
  if (vk->gemm_known[s])
    *t = vk->gemm_tuned[s];
  small_tile(vk, d, t);
  return GA_OK;
}

static ga_status run_gemm(ga_vk *vk, const ga_gemm_desc *d)
{
  ga_vk_gemm_tile t;
  ga_status st = choose_tile(vk, d, &t);
  if (st != GA_OK)
    return st;
  tile_name(&t, vk->gemm_last[cls_slot(d->cls)], sizeof vk->gemm_last[0]);
  return gemm_dispatch(vk, d, &t);
}

typedef struct {
  uint64_t mat, vec, out, ld, smat, svec, sout;
  uint32_t rows, cols, chunk, nchunks, blocks, batch, groups_x, flags;
} gemv_push;
_Static_assert(sizeof(gemv_push) == GEMV_PUSH_BYTES, "push constants as gemv.comp declares them");

static ga_status gemv_dispatch(ga_vk *vk, ga_class cls, int kind, gemv_push *pc)
{
  gemv_variant v = {cls, kind};
  char key[48];
  snprintf(key, sizeof key, "gemv:%d:%d", (int)cls, kind);
  VkPipeline p;
  ga_status st = ga_vk_pipeline_get(vk, key, gemv_source, &v, &p);
  if (st != GA_OK)
    return st;
  uint64_t groups = (uint64_t)pc->blocks * pc->nchunks * pc->batch;
  pc->groups_x = ga_vk_groups_x(groups);
  return ga_vk_dispatch(vk, p, pc, sizeof *pc, groups);
}

/* y = Mat * v (kind 0) or Mat' * v (kind 1) for each page, or y -= that with sub; Mat rows x cols. The summed
 * index is sliced when the outputs alone give fewer workgroups than keep the device's
 * memory system busy, and the slices' partial results are added by a second pass. */
static ga_status run_gemv(ga_vk *vk, ga_class cls, int kind, uint64_t mat, int64_t ld, int64_t smat, uint64_t vec,
                          int64_t svec, uint64_t out, int64_t sout, int64_t rows, int64_t cols, int64_t batch,
                          bool sub)
{
  const int64_t want = 2048; /* workgroups: a dozen per SM on the largest devices */
  int64_t nout = kind == 0 ? rows : cols, len = kind == 0 ? cols : rows;
  /* kind 0: 2^rlog row threads of four rows, 256 >> rlog column slices: up to 8 slices,
   * at least 8 columns each. A thread's run of columns is what it waits for, one
   * memory latency per four: with one slice, 256 x 256 blocks took 23 us a product on
   * the H200 (GPUARRAY_PROFILE, bench/solve_probe 4096) */
  int rlog = 8;
  while (kind == 0 && rlog > 5 && len >= 8 * (256 >> (rlog - 1)))
    rlog--;
  int64_t slices = kind == 0 ? 256 >> rlog : 1;
  int64_t blocks = kind == 0 ? (rows + (4 << rlog) - 1) / (4 << rlog) : cols;
  int64_t per = blocks * batch, nchunks = 1;
  /* a slice of the summed index per workgroup where the outputs leave the device idle,
   * the slices' sums added by a second pass: kind 0 while a thread's run would exceed 32
   * columns, kind 1 (a workgroup per column, 1024 rows a pass) beyond 4096 rows */
  const int64_t min_len = kind == 0 ? 16 * slices : 4096;
  if (per < want && len > (kind == 0 ? 32 * slices : min_len)) {
    nchunks = (want + per - 1) / per;
    int64_t cap = (len + min_len - 1) / min_len;
    nchunks = nchunks < cap ? nchunks : cap;
  }
  /* slices down columns (kind 1) start on multiples of 4: 4-vector reads stay aligned */
  int64_t chunk = (len + nchunks - 1) / nchunks;
  chunk = (chunk + 3) / 4 * 4;
  nchunks = (len + chunk - 1) / chunk;
  size_t es = ga_class_size(cls);
  uint32_t flags = 0;
  if (aligned16(mat) && ld % 4 == 0 && smat % 4 == 0 && (kind == 1 || rows % 4 == 0))
    flags |= 1;
  if (aligned16(vec) && svec % 4 == 0)
    flags |= 2;
  if (kind == 0)
    flags |= (uint32_t)rlog << 8;
  gemv_push pc = {mat, vec, out, (uint64_t)ld, (uint64_t)smat, (uint64_t)svec, (uint64_t)sout, (uint32_t)rows,
                  (uint32_t)cols, (uint32_t)chunk, (uint32_t)nchunks, (uint32_t)blocks, (uint32_t)batch, 0, flags};
  if (nchunks == 1) {
    pc.flags |= sub ? 4u : 0u;
    return gemv_dispatch(vk, cls, kind, &pc);
  }
  ga_pbuf part = {0};
  ga_status st = ga_buffer_acquire((size_t)(nout * nchunks * batch) * es, &part);
  if (st != GA_OK)
    return st;
  pc.out = part.address;
  pc.sout = (uint64_t)(nout * nchunks);
  st = gemv_dispatch(vk, cls, kind, &pc);
  gemv_push sum = {part.address, 0, out, 0, (uint64_t)(nout * nchunks), 0, (uint64_t)sout, (uint32_t)nout,
                   (uint32_t)nchunks, 0, 1, (uint32_t)((nout + 255) / 256), (uint32_t)batch, 0, sub ? 4u : 0u};
  if (st == GA_OK)
    st = gemv_dispatch(vk, cls, 2, &sum);
  /* its next user is ordered after these passes by the barrier before every dispatch */
  ga_buffer_release(&part);
  return st;
}

/* A vector operand is contiguous whichever way it is stored (ld of 1 for a row). A
 * column of C is contiguous too, so updates (C -= ...) of one take the matrix-vector
 * kernels as well: the triangular solves with one right-hand side (the condition
 * estimate's) are made of them, and the tiled kernel runs those on a single tile. */
static bool takes_b_vec(const ga_gemm_desc *d)
{
  return d->n == 1 && (d->trans_b ? d->ldb == 1 : true);
}

/* ... and the row of C it writes must be contiguous too (a 1 x n block of a larger C is
 * not: the triangular solves of ga_solve.c make those) */
static bool takes_a_vec(const ga_gemm_desc *d)
{
  return !d->update && d->m == 1 && (d->trans_a ? true : d->lda == 1) && (d->n == 1 || d->ldc == 1);
}

static bool gemm_fits(const ga_gemm_desc *d)
{
  /* 32-bit sizes inside the kernels; larger ones (vectors of 2^31 elements) go to the host */
  const int64_t lim = INT32_MAX;
  return !(d->m > lim || d->n > lim || d->k > lim || d->batch > lim || d->m * d->n > lim * 16);
}

/* The tiled kernel with the epilogue at its store. Products that the plain path gives
 * the matrix-vector kernels are declined: those sum in another order, and the fused
 * result must be the value the plain product would have stored. */
ga_status ga_vk_gemm_epilogue(void *state, const ga_gemm_desc *d, const ga_expr *x, int slot, ga_class out_cls,
                              ga_pbuf *out)
{
  ga_vk *vk = state;
  if ((d->cls != GA_DOUBLE && d->cls != GA_SINGLE) || out_cls != d->cls || (d->cls == GA_DOUBLE && !vk->fp64) ||
      !gemm_fits(d) || takes_a_vec(d) || takes_b_vec(d) || d->update || d->batch != 1 ||
      x->ninputs - 1 + x->nscalars > EPI_WORDS || !ga_glsl_elementwise_supported(x, out_cls))
    return GA_ERR_UNSUPPORTED;
  ga_vk_gemm_tile t;
  ga_status st = choose_tile(vk, d, &t);
  if (st != GA_OK)
    return st;
  tile_name(&t, vk->gemm_last[cls_slot(d->cls)], sizeof vk->gemm_last[0]);
  ga_gemm_desc e = *d;
  e.c = out;
  e.off_c = 0;
  e.ldc = d->m;
  if ((st = gemm_dispatch_epi(vk, &e, &t, x, slot)) == GA_OK)
    ga_g.stats.fused_ops += (uint64_t)ga_glsl_count_ops(x);
  return st;
}

ga_status ga_vk_gemm(void *state, const ga_gemm_desc *d)
{
  ga_vk *vk = state;
  if (d->cls == GA_DOUBLE && !vk->fp64)
    return GA_ERR_UNSUPPORTED;
  if (d->cls != GA_DOUBLE && d->cls != GA_SINGLE)
    return GA_ERR_UNSUPPORTED;
  if (!gemm_fits(d))
    return GA_ERR_UNSUPPORTED;
  uint64_t es = ga_class_size(d->cls);
  uint64_t a = d->a->address + (uint64_t)d->off_a * es, b = d->b->address + (uint64_t)d->off_b * es;
  uint64_t c = d->c->address + (uint64_t)d->off_c * es;
  int64_t m = d->m, n = d->n, k = d->k;
  bool b_vec = takes_b_vec(d), a_vec = takes_a_vec(d);
  if (b_vec) /* C (m x 1) = op(A) * v */
    return d->trans_a ? run_gemv(vk, d->cls, 1, a, d->lda, d->stride_a, b, d->stride_b, c, d->stride_c, k, m, d->batch,
                                 d->update)
                      : run_gemv(vk, d->cls, 0, a, d->lda, d->stride_a, b, d->stride_b, c, d->stride_c, m, k, d->batch,
                                 d->update);
  if (a_vec) /* C (1 x n) = v' * op(B) */
    return d->trans_b ? run_gemv(vk, d->cls, 0, b, d->ldb, d->stride_b, a, d->stride_a, c, d->stride_c, n, k, d->batch,
                                 false)
                      : run_gemv(vk, d->cls, 1, b, d->ldb, d->stride_b, a, d->stride_a, c, d->stride_c, k, n, d->batch,
                                 false);
  return run_gemm(vk, d);
}
