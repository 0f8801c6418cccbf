/* Matrix products on the Vulkan provider: the tiled kernel of shaders/gemm.comp, and
 * shaders/gemv.comp for products with a vector operand (bound by memory, not
 * arithmetic). */
#include "ga_strbuf.h"
#include "ga_vk.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { GEMM_PUSH_BYTES = 104, GEMV_PUSH_BYTES = 88, GROUP_M = 8 };

typedef struct {
  ga_class cls;
  int trans_a, trans_b;
  int bm, bn, bk;
} gemm_variant;

typedef struct {
  ga_class cls;
  int kind;
} gemv_variant;

static void emit_types(ga_strbuf *b, ga_class cls)
{
  bool dbl = cls == GA_DOUBLE;
  ga_sb_printf(b, "#version 460\n%s\n#define T %s\n#define V4 %s\n#define ES %d\n", ga_glsl_common, dbl ? "double" : "float",
               dbl ? "dvec4" : "vec4", dbl ? 8 : 4);
}

static char *gemm_source(const void *ctx)
{
  const gemm_variant *v = ctx;
  ga_strbuf b = {0};
  emit_types(&b, v->cls);
  ga_sb_printf(&b, "#define BM %d\n#define BN %d\n#define BK %d\n#define TRANS_A %d\n#define TRANS_B %d\n"
                   "#define GROUP_M %d\n", v->bm, v->bn, v->bk, v->trans_a, v->trans_b, GROUP_M);
  ga_sb_puts(&b, ga_glsl_gemm);
  return ga_sb_take(&b);
}

static char *gemv_source(const void *ctx)
{
  const gemv_variant *v = ctx;
  ga_strbuf b = {0};
  emit_types(&b, v->cls);
  ga_sb_printf(&b, "#define KIND %d\n", v->kind);
  ga_sb_puts(&b, ga_glsl_gemv);
  return ga_sb_take(&b);
}

static bool aligned16(uint64_t address) { return (address & 15u) == 0; }

/* The tile of C per workgroup. On the H100 (bench/gemm_probe.c, 4096 and 8192) 128 x 64
 * x 8 with 8 x 8 per thread ran fastest in both classes: SGEMM 37-39 TFLOP/s against 32-36
 * for 128 x 128 and 64 x 64; DGEMM 15.9 against 13.7 (128 x 128) and 13.0 (64 x 64). A
 * device with less shared memory than a tile needs gets a smaller one.
 * GPUARRAY_GEMM_TILE=BMxBNxBK overrides (tuning). */
static void choose_tile(const ga_vk *vk, ga_class cls, gemm_variant *v)
{
  v->bm = 128;
  v->bn = 64;
  v->bk = 8;
  const char *env = getenv("GPUARRAY_GEMM_TILE");
  int bm, bn, bk;
  if (env && sscanf(env, "%dx%dx%d", &bm, &bn, &bk) == 3 && (bm == 32 || bm == 64 || bm == 128) &&
      (bn == 32 || bn == 64 || bn == 128) && (bk == 4 || bk == 8 || bk == 16)) {
    v->bm = bm;
    v->bn = bn;
    v->bk = bk;
  }
  size_t es = ga_class_size(cls);
  while ((size_t)(2 * v->bk * (v->bm + v->bn)) * es > vk->props.limits.maxComputeSharedMemorySize && v->bm > 32) {
    v->bm /= 2;
    v->bn = v->bn > 32 ? v->bn / 2 : v->bn;
  }
}

static ga_status run_gemm(ga_vk *vk, const ga_gemm_desc *d)
{
  gemm_variant v = {.cls = d->cls, .trans_a = d->trans_a, .trans_b = d->trans_b};
  choose_tile(vk, d->cls, &v);
  char key[96];
  snprintf(key, sizeof key, "gemm:%d:%d:%d:%d:%d:%d:%d", (int)v.cls, v.trans_a, v.trans_b, v.bm, v.bn, v.bk,
           GROUP_M);
  VkPipeline p;
  ga_status st = ga_vk_pipeline_get(vk, key, gemm_source, &v, &p);
  if (st != GA_OK)
    return st;
  uint64_t es = ga_class_size(d->cls);
  uint64_t a = d->a->address + (uint64_t)d->off_a * es, b = d->b->address + (uint64_t)d->off_b * es;
  uint64_t c = d->c->address + (uint64_t)d->off_c * es;
  uint64_t tiles_m = ((uint64_t)d->m + (uint64_t)v.bm - 1) / (uint64_t)v.bm;
  uint64_t tiles_n = ((uint64_t)d->n + (uint64_t)v.bn - 1) / (uint64_t)v.bn;
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
  struct {
    uint64_t a, b, c, lda, ldb, ldc, sa, sb, sc;
    uint32_t m, n, k, tiles_m, tiles_n, batch, groups_x, flags;
  } pc = {a, b, c, (uint64_t)d->lda, (uint64_t)d->ldb, (uint64_t)d->ldc, (uint64_t)d->stride_a,
          (uint64_t)d->stride_b, (uint64_t)d->stride_c, (uint32_t)d->m, (uint32_t)d->n, (uint32_t)d->k,
          (uint32_t)tiles_m, (uint32_t)tiles_n, (uint32_t)d->batch, ga_vk_groups_x(groups), flags};
  _Static_assert(sizeof pc == GEMM_PUSH_BYTES, "push constants as gemm.comp declares them");
  return ga_vk_dispatch(vk, p, &pc, sizeof pc, groups);
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

/* y = Mat * v (kind 0) or Mat' * v (kind 1) for each page; Mat rows x cols. The summed
 * index is sliced when the outputs alone give fewer workgroups than keep the device's
 * memory system busy, and the slices' partial results are added by a second pass. */
static ga_status run_gemv(ga_vk *vk, ga_class cls, int kind, uint64_t mat, int64_t ld, int64_t smat, uint64_t vec,
                          int64_t svec, uint64_t out, int64_t sout, int64_t rows, int64_t cols, int64_t batch)
{
  const int64_t want = 2048; /* workgroups: a dozen per SM on the largest devices */
  int64_t nout = kind == 0 ? rows : cols, len = kind == 0 ? cols : rows;
  int64_t blocks = kind == 0 ? (rows + 1023) / 1024 : cols;
  int64_t per = blocks * batch, nchunks = 1;
  const int64_t min_len = kind == 0 ? 64 : 4096;
  if (per < want && len > min_len) {
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
  gemv_push pc = {mat, vec, out, (uint64_t)ld, (uint64_t)smat, (uint64_t)svec, (uint64_t)sout, (uint32_t)rows,
                  (uint32_t)cols, (uint32_t)chunk, (uint32_t)nchunks, (uint32_t)blocks, (uint32_t)batch, 0, flags};
  if (nchunks == 1)
    return gemv_dispatch(vk, cls, kind, &pc);
  ga_pbuf part = {0};
  ga_status st = ga_buffer_acquire((size_t)(nout * nchunks * batch) * es, &part);
  if (st != GA_OK)
    return st;
  pc.out = part.address;
  pc.sout = (uint64_t)(nout * nchunks);
  st = gemv_dispatch(vk, cls, kind, &pc);
  gemv_push sum = {part.address, 0, out, 0, (uint64_t)(nout * nchunks), 0, (uint64_t)sout, (uint32_t)nout,
                   (uint32_t)nchunks, 0, 1, (uint32_t)((nout + 255) / 256), (uint32_t)batch, 0, 0};
  if (st == GA_OK)
    st = gemv_dispatch(vk, cls, 2, &sum);
  /* its next user is ordered after these passes by the barrier before every dispatch */
  ga_buffer_release(&part);
  return st;
}

ga_status ga_vk_gemm(void *state, const ga_gemm_desc *d)
{
  ga_vk *vk = state;
  if (d->cls == GA_DOUBLE && !vk->fp64)
    return GA_ERR_UNSUPPORTED;
  if (d->cls != GA_DOUBLE && d->cls != GA_SINGLE)
    return GA_ERR_UNSUPPORTED;
  /* 32-bit sizes inside the kernels; larger ones (vectors of 2^31 elements) go to the host */
  const int64_t lim = INT32_MAX;
  if (d->m > lim || d->n > lim || d->k > lim || d->batch > lim || d->m * d->n > lim * 16)
    return GA_ERR_UNSUPPORTED;
  uint64_t es = ga_class_size(d->cls);
  uint64_t a = d->a->address + (uint64_t)d->off_a * es, b = d->b->address + (uint64_t)d->off_b * es;
  uint64_t c = d->c->address + (uint64_t)d->off_c * es;
  int64_t m = d->m, n = d->n, k = d->k;
  /* a vector operand is contiguous whichever way it is stored (ld of 1 for a row) */
  /* the matrix-vector kernels only store: updates (C -= ...) take the tiled kernel */
  bool b_vec = !d->update && n == 1 && (d->trans_b ? d->ldb == 1 : true);
  /* ... and the row of C it writes must be contiguous too (a 1 x n block of a larger C
   * is not: the triangular solves of ga_solve.c make those) */
  bool a_vec = !d->update && m == 1 && (d->trans_a ? true : d->lda == 1) && (n == 1 || d->ldc == 1);
  if (b_vec) /* C (m x 1) = op(A) * v */
    return d->trans_a ? run_gemv(vk, d->cls, 1, a, d->lda, d->stride_a, b, d->stride_b, c, d->stride_c, k, m, d->batch)
                      : run_gemv(vk, d->cls, 0, a, d->lda, d->stride_a, b, d->stride_b, c, d->stride_c, m, k, d->batch);
  if (a_vec) /* C (1 x n) = v' * op(B) */
    return d->trans_b ? run_gemv(vk, d->cls, 0, b, d->ldb, d->stride_b, a, d->stride_a, c, d->stride_c, n, k, d->batch)
                      : run_gemv(vk, d->cls, 1, b, d->ldb, d->stride_b, a, d->stride_a, c, d->stride_c, k, n, d->batch);
  return run_gemm(vk, d);
}
