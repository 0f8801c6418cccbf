/* The factorisations' small kernels on the Vulkan provider (shaders/lu.comp): the LU of
 * a narrow panel by one workgroup, small triangular solves, identity blocks. They are
 * recorded like every other dispatch, so a whole factorisation goes to the device in a
 * few submissions with no wait between them. */
#include "ga_strbuf.h"
#include "ga_vk.h"

#include <stdio.h>
#include <stdlib.h>

typedef struct {
  ga_class cls;
  int kind, wg, subgroup, rpt, sw, nslot;
  int pre; /* KIND 4: columns of the step before the panel (ga_la_desc.pre) */
  int maxw; /* the widest panel the variant takes (0: GA_LA_LEAF_MAX) */
} lu_variant;

/* KIND 0 and 3 unroll their row arrays to MAXW columns: compiled for the leaf's own
 * width (16 by default) they stay as fast as before the leaf could be 32 wide (the
 * H100's 4096 LU took 162 ms instead of 76 with every leaf unrolled to 32) */
static int maxw_for(int64_t w) { return w <= 16 ? 16 : GA_LA_LEAF_MAX; }

static char *lu_source(const void *ctx)
{
  const lu_variant *v = ctx;
  bool dbl = v->cls == GA_DOUBLE;
  ga_strbuf b = {0};
  ga_sb_printf(&b, "#version 460\n%s\n#define T %s\n#define ES %d\n#define TMIN %s\n#define KIND %d\n"
                   "#define WG %d\n#define SUBGROUP %d\n#define MAXW %d\n#define MAXM %d\n#define RPT %d\n"
                   "#define GMAX %d\n#define PMAXW %d\n#define SW %d\n#define NSLOT %d\n#define PRE %d\n",
               ga_glsl_common, dbl ? "double" : "float", dbl ? 8 : 4,
               dbl ? "2.2250738585072014e-308LF" : "1.17549435e-38", v->kind, v->wg, v->subgroup, v->maxw ? v->maxw : GA_LA_LEAF_MAX,
               GA_LA_TRSM_MAX, v->rpt ? v->rpt : 1, GA_LA_PANEL_GROUPS, GA_LA_PANEL_W, v->sw ? v->sw : 1,
               v->nslot ? v->nslot : 1, v->pre);
  ga_sb_puts(&b, ga_glsl_lu);
  return ga_sb_take(&b);
}

/* A workgroup size: gpu (64 on a CPU device), or env's value where it is a power of two
 * from 32 to 1024, halved until the device takes it. */
static int lu_workgroup(const ga_vk *vk, int gpu, const char *env)
{
  uint32_t lim = vk->props.limits.maxComputeWorkGroupInvocations;
  if (vk->props.limits.maxComputeWorkGroupSize[0] < lim)
    lim = vk->props.limits.maxComputeWorkGroupSize[0];
  int w = vk->props.deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU ? 64 : gpu;
  const char *e = getenv(env);
  long v = e ? strtol(e, NULL, 10) : 0;
  if (v >= 32 && v <= 1024 && (v & (v - 1)) == 0)
    w = (int)v;
  while ((uint32_t)w > lim && w > 1)
    w /= 2;
  return w;
}

/* One workgroup factors a panel: as many threads as the device allows up to 1024 (the
 * row loops are latency-bound), 64 on a CPU device. Subgroup operations find the pivot
 * where the device has them for the class, except on a CPU device (lavapipe's scans
 * were once wrong there); GPUARRAY_LU_SUBGROUP=0/1 overrides, so tests take both.
 * GPUARRAY_LU_WG sets the workgroup (32 .. 1024, a power of two: the shared-memory tree
 * needs one). */
/* whether the device has subgroup arithmetic for the class */
static bool subgroup_ok(const ga_vk *vk, ga_class cls) { return vk->sub_arith && (cls == GA_SINGLE || vk->fp64); }

static void getf2_shape(const ga_vk *vk, ga_class cls, int *wg, int *subgroup)
{
  bool cpu = vk->props.deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU;
  /* H100, 4096 x 4096 solves (bench/solve_probe): 512 threads 100 ms double / 66 ms
   * single, 256: 108 / 80, 1024: 126 / 73 */
  *wg = lu_workgroup(vk, 512, "GPUARRAY_LU_WG");
  *subgroup = !cpu && subgroup_ok(vk, cls);
  const char *e = getenv("GPUARRAY_LU_SUBGROUP");
  if (e && (*e == '0' || *e == '1'))
    *subgroup = *e == '1' && subgroup_ok(vk, cls);
}

/* The panel by several workgroups (KIND 4 of lu.comp), each holding RPT rows a thread in
 * registers, for panels that swap only within their columns: *groups workgroups of *wg
 * threads, or false where the panel does not fit (then one workgroup, KIND 0). The
 * workgroups wait for each other, so all must run at once (fewer than the GPU's
 * multiprocessors; lavapipe runs as many at once as it has threads). Tuning on the GPU:
 * GPUARRAY_LU_PANEL=0 (off), GPUARRAY_LU_GROUPS (the most workgroups), GPUARRAY_LU_PWG
 * (their size, a power of two), GPUARRAY_LU_RPT (the fewest rows a thread: 1, 2, 4). */
static bool panel_shape(const ga_vk *vk, int64_t rows, int *wg, int *rpt, int *groups)
{
  const char *e = getenv("GPUARRAY_LU_PANEL");
  if (e && *e == '0')
    return false;
  int w = lu_workgroup(vk, 256, "GPUARRAY_LU_PWG");
  long v;
  /* Several workgroups by default on a discrete GPU only: 16 of them (H200, 4096 LU: 42.6
   * ms double / 33.6 single with 16, 48.2 with 4; 32 of 128 threads 43.1) are resident at
   * once on any such GPU, and a device that did not run them side by side makes the LU
   * fail with an error, not a wrong answer. On lavapipe they give LAPACK's pivots with
   * LP_NUM_THREADS=1 but wrong candidates with several threads (its compiler may move
   * the plain stores past the counter's relaxed atomic): one workgroup there. */
  int64_t gmax = vk->props.deviceType == VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU ? 16 : 1;
  v = (e = getenv("GPUARRAY_LU_GROUPS")) ? strtol(e, NULL, 10) : 0;
  if (v >= 1 && v <= GA_LA_PANEL_GROUPS)
    gmax = v;
  int r = 1;
  v = (e = getenv("GPUARRAY_LU_RPT")) ? strtol(e, NULL, 10) : 0;
  if (v == 2 || v == 4)
    r = (int)v;
  for (; r <= 4; r *= 2) {
    int64_t span = (int64_t)w * r, g = (rows + span - 1) / span;
    if (g <= gmax) {
      *wg = w;
      *rpt = r;
      *groups = (int)g;
      return true;
    }
  }
  return false;
}

static long env_long(const char *name)
{
  const char *e = getenv(name);
  return e ? strtol(e, NULL, 10) : 0;
}

/* The panel in registers (KIND 5 of lu.comp): one workgroup of *wg threads, *rpt rows a
 * thread, block columns of *sw; false where the panel is taller than the workgroup holds
 * (then KIND 0). The registers a thread can have shrink as the workgroup grows (64 at
 * 1024 threads on NVIDIA), so rpt sw doubles stay near 16 at 1024 threads, 32 at 512.
 * H100, 4096 x 4096 (bench/solve_probe): LU 56 ms double / 42 ms single, against 75 / 54
 * with KIND 0. Tuning: GPUARRAY_LU_RWG (the workgroup, a power of two), GPUARRAY_LU_RMAX
 * (the most rows a thread: 1 .. 8), GPUARRAY_LU_SW (the block columns: 2 .. 16). */
static bool reg_shape(const ga_vk *vk, ga_class cls, int64_t rows, int64_t w, lu_variant *v)
{
  /* On by default; GPUARRAY_LU_REG=0 turns it off (the one-workgroup KIND 0 then takes
   * every panel). */
  const char *e = getenv("GPUARRAY_LU_REG");
  if (e && *e == '0')
    return false;
  int wg = lu_workgroup(vk, 1024, "GPUARRAY_LU_RWG");
  int rmax = 8;
  long x = env_long("GPUARRAY_LU_RMAX");
  if (x == 1 || x == 2 || x == 4 || x == 8)
    rmax = (int)x;
  int rpt = 1;
  while (rpt < rmax && (int64_t)wg * rpt < rows)
    rpt *= 2;
  if ((int64_t)wg * rpt < rows)
    return false;
  int budget = wg >= 1024 ? 16 : wg >= 512 ? 32 : 64, sw = budget / rpt;
  sw = sw < 2 ? 2 : sw > 16 ? 16 : sw;
  x = env_long("GPUARRAY_LU_SW");
  if (x == 2 || x == 4 || x == 8 || x == 16)
    sw = (int)x;
  while (sw > 2 && sw / 2 >= w) /* no wider than the panel */
    sw /= 2;
  /* The pivot search by subgroup operations is wrong on the H100 (a 7 x 7 reports a zero
   * pivot, a 1024 solve does not finish; lavapipe runs it right; not explained), the
   * shared-memory tree is right there: the tree unless GPUARRAY_LU_RSUB=1 asks for
   * subgroups. */
  int sub = 0;
  e = getenv("GPUARRAY_LU_RSUB");
  if (e && *e == '1')
    sub = subgroup_ok(vk, cls);
  uint32_t sgs = vk->subgroup_size ? vk->subgroup_size : 1;
  if (sub && ((uint32_t)wg % sgs != 0 || (uint32_t)wg / sgs > 1023))
    sub = 0;
  *v = (lu_variant){.cls = cls, .kind = 5, .wg = wg, .subgroup = sub, .rpt = rpt, .sw = sw,
                    .nslot = sub ? (int)((uint32_t)wg / sgs) : 1};
  return true;
}

static ga_status pipeline(ga_vk *vk, const lu_variant *v, VkPipeline *p)
{
  char key[64];
  snprintf(key, sizeof key, "lu:%d:%d:%d:%d:%d:%d:%d:%d", (int)v->cls, v->kind, v->wg, v->subgroup, v->rpt, v->sw,
           v->maxw, v->pre);
  return ga_vk_pipeline_get(vk, key, lu_source, v, p);
}

ga_status ga_vk_la(void *state, const ga_la_desc *d)
{
  ga_vk *vk = state;
  if (d->kind == GA_LA_JACOBI || d->kind == GA_LA_COLNORM) /* complex classes too */
    return ga_vk_svd_la(vk, d);
  if ((d->cls == GA_DOUBLE && !vk->fp64) || (d->cls != GA_DOUBLE && d->cls != GA_SINGLE))
    return GA_ERR_UNSUPPORTED;
  uint64_t es = ga_class_size(d->cls);
  lu_variant v = {.cls = d->cls, .wg = 64};
  VkPipeline p;
  ga_status st;
  switch (d->kind) {
  case GA_LA_GETF2: {
    if (d->m > INT32_MAX || d->ncols > INT32_MAX || d->w > GA_LA_LEAF_MAX)
      return GA_ERR_UNSUPPORTED;
    /* a tall panel by several workgroups (KIND 4), else in one workgroup's registers
     * (KIND 5), else one workgroup reading memory (KIND 4 of one group, KIND 0) */
    int groups = 0;
    lu_variant pv = v;
    getf2_shape(vk, d->cls, &pv.wg, &pv.subgroup);
    bool panel = !d->swap_all && d->work && d->w <= GA_LA_PANEL_W &&
                 panel_shape(vk, d->m - d->r0, &pv.wg, &pv.rpt, &groups);
    /* the step before the panel (pre) only in KIND 4, whatever its number of workgroups,
     * and by default not on a CPU device (lavapipe takes a minute to compile a variant,
     * and runs its panels in KIND 5); GPUARRAY_LU_PRE_CPU=1 asks for it there (tests) */
    const char *pe = getenv("GPUARRAY_LU_PRE_CPU");
    bool pre_ok = vk->props.deviceType != VK_PHYSICAL_DEVICE_TYPE_CPU || (pe && *pe == '1');
    if (d->pre > 0 && (!pre_ok || !panel || d->pre > GA_LA_PRE_MAX || d->r0 != d->c0 || d->r0 < d->pre))
      return GA_ERR_UNSUPPORTED;
    /* its shared memory: L11 and U12 beside the panel's exchange (lu.comp, KIND 4) */
    uint64_t shared = es * (uint64_t)(d->pre * d->pre + d->pre * GA_LA_PANEL_W) +
                      es * (uint64_t)(GA_LA_PANEL_GROUPS * GA_LA_PANEL_W + GA_LA_PANEL_W + pv.wg + 1) +
                      4u * (uint64_t)(pv.wg + 1);
    if (d->pre > 0 && shared > vk->props.limits.maxComputeSharedMemorySize)
      return GA_ERR_UNSUPPORTED;
    if (!(panel && (groups > 1 || d->pre > 0)) && !d->swap_all && reg_shape(vk, d->cls, d->m - d->r0, d->w, &v)) {
      if ((st = pipeline(vk, &v, &p)) != GA_OK)
        return st;
      struct {
        uint64_t a, lda, piv, info;
        uint32_t rows, w, r0, c0;
      } pc = {d->a->address + (uint64_t)(d->off_a + d->r0 + d->c0 * d->lda) * es, (uint64_t)d->lda,
              d->piv->address + (uint64_t)d->r0 * 4u, d->piv->address + (uint64_t)d->off_info * 4u,
              (uint32_t)(d->m - d->r0), (uint32_t)d->w, (uint32_t)d->r0, (uint32_t)d->c0};
      return ga_vk_dispatch(vk, p, &pc, sizeof pc, 1);
    }
    if (panel) {
      v = pv;
      v.kind = 4;
      v.pre = (int)d->pre;
      if ((st = pipeline(vk, &v, &p)) != GA_OK)
        return st;
      struct {
        uint64_t a, lda, piv, info, work;
        uint32_t rows, w, r0, c0, groups, pad;
      } pc = {d->a->address + (uint64_t)(d->off_a + d->r0 + d->c0 * d->lda) * es, (uint64_t)d->lda,
              d->piv->address + (uint64_t)d->r0 * 4u, d->piv->address + (uint64_t)d->off_info * 4u,
              d->work->address, (uint32_t)(d->m - d->r0), (uint32_t)d->w, (uint32_t)d->r0, (uint32_t)d->c0,
              (uint32_t)groups, 0};
      return ga_vk_dispatch(vk, p, &pc, sizeof pc, (uint64_t)groups);
    }
    getf2_shape(vk, d->cls, &v.wg, &v.subgroup);
    v.maxw = maxw_for(d->w);
    if ((st = pipeline(vk, &v, &p)) != GA_OK)
      return st;
    struct {
      uint64_t a, lda, piv, info;
      uint32_t rows, ncols, c0, w, r0, pad;
    } pc = {d->a->address + (uint64_t)(d->off_a + d->r0) * es, (uint64_t)d->lda,
            d->piv->address + (uint64_t)d->r0 * 4u, d->piv->address + (uint64_t)d->off_info * 4u,
            (uint32_t)(d->m - d->r0), (uint32_t)(d->swap_all ? d->ncols : d->w), (uint32_t)d->c0, (uint32_t)d->w,
            (uint32_t)d->r0, 0};
    return ga_vk_dispatch(vk, p, &pc, sizeof pc, 1);
  }
  case GA_LA_LASWP: {
    v.kind = 3;
    int64_t rows = d->m - d->r0, k = rows < d->w ? rows : d->w;
    uint64_t cols = (uint64_t)(d->ncols - d->w), groups = (cols + 63) / 64;
    if (d->m > INT32_MAX || d->ncols > INT32_MAX || d->w > GA_LA_LEAF_MAX)
      return GA_ERR_UNSUPPORTED;
    if (k <= 0 || !cols)
      return GA_OK;
    v.maxw = maxw_for(d->w);
    if ((st = pipeline(vk, &v, &p)) != GA_OK)
      return st;
    struct {
      uint64_t a, lda, piv;
      uint32_t ncols, c0, w, r0, k, groups_x;
    } pc = {d->a->address + (uint64_t)d->off_a * es, (uint64_t)d->lda, d->piv->address + (uint64_t)d->r0 * 4u,
            (uint32_t)d->ncols, (uint32_t)d->c0, (uint32_t)d->w, (uint32_t)d->r0, (uint32_t)k, ga_vk_groups_x(groups)};
    return ga_vk_dispatch(vk, p, &pc, sizeof pc, groups);
  }
  case GA_LA_TRSM: {
    v.kind = 1;
    uint64_t per = ((uint64_t)d->n + 63) / 64, groups = per * (uint64_t)d->batch;
    if (d->m > GA_LA_TRSM_MAX || groups > UINT32_MAX)
      return GA_ERR_UNSUPPORTED;
    if ((st = pipeline(vk, &v, &p)) != GA_OK)
      return st;
    struct {
      uint64_t t, ldt, st, b, ldb, sb;
      uint32_t m, n, batch, flags, groups_x, pad;
    } pc = {d->t->address + (uint64_t)d->off_t * es, (uint64_t)d->ldt, (uint64_t)d->stride_t,
            d->a->address + (uint64_t)d->off_a * es, (uint64_t)d->lda, (uint64_t)d->stride_a,
            (uint32_t)d->m, (uint32_t)d->n, (uint32_t)d->batch,
            (uint32_t)((d->lower ? 1 : 0) | (d->unit ? 2 : 0) | (d->trans ? 4 : 0)), ga_vk_groups_x(groups), 0};
    return ga_vk_dispatch(vk, p, &pc, sizeof pc, groups);
  }
  case GA_LA_EYE: {
    v.kind = 2;
    uint64_t total = (uint64_t)d->m * (uint64_t)d->n * (uint64_t)d->batch, groups = (total + 255) / 256;
    if (total >= UINT32_MAX - 256)
      return GA_ERR_UNSUPPORTED;
    if ((st = pipeline(vk, &v, &p)) != GA_OK)
      return st;
    struct {
      uint64_t a, lda, sa;
      uint32_t m, n, batch, groups_x;
    } pc = {d->a->address + (uint64_t)d->off_a * es, (uint64_t)d->lda, (uint64_t)d->stride_a, (uint32_t)d->m,
            (uint32_t)d->n, (uint32_t)d->batch, ga_vk_groups_x(groups)};
    return ga_vk_dispatch(vk, p, &pc, sizeof pc, groups);
  }
  case GA_LA_JACOBI:
  case GA_LA_COLNORM:
    return ga_vk_svd_la(vk, d);
  }
  return GA_ERR_UNSUPPORTED;
}
