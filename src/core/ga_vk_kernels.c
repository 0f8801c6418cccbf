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
    bool loop_lanes, shared_tables;
  } *c = ctx;
  return ga_glsl_elementwise(c->x, c->out_cls, c->loop_lanes, c->shared_tables);
}

/* What each input's push-constant slot carries: its address, or for a strided view the
 * address of its description (shaders/ga_common.glsl, GaView), all of them in one small
 * buffer written into the command stream; the caller releases *params after the
 * dispatch (later reuse is ordered after it by barriers). */
static ga_status input_slots(ga_vk *vk, const ga_expr *x, uint64_t *slot, ga_pbuf *params)
{
  enum { DESC_WORDS = 3 + 2 * GA_MAX_DIMS };
  uint64_t w[GA_X_MAX_INPUTS * DESC_WORDS];
  size_t n = 0, at[GA_X_MAX_INPUTS] = {0};
  *params = (ga_pbuf){0};
  for (int i = 0; i < x->ninputs; i++) {
    slot[i] = x->inputs[i]->address;
    if (!x->input_strided[i])
      continue;
    int64_t ext[GA_MAX_DIMS], str[GA_MAX_DIMS];
    int m = ga_expr_view_axes(x, i, ext, str);
    at[i] = n;
    w[n++] = x->inputs[i]->address;
    w[n++] = (uint64_t)x->input_offset[i];
    w[n++] = (uint64_t)m;
    for (int k = 0; k < m; k++) {
      w[n++] = (uint64_t)ext[k];
      w[n++] = (uint64_t)str[k];
    }
  }
  if (n == 0)
    return GA_OK;
  ga_status st = ga_buffer_acquire(n * sizeof *w, params);
  if (st == GA_OK)
    st = ga_vk_write_inline(vk, params, w, n * sizeof *w);
  if (st != GA_OK) {
    if (params->bytes)
      ga_buffer_release(params);
    *params = (ga_pbuf){0};
    return st;
  }
  for (int i = 0; i < x->ninputs; i++)
    if (x->input_strided[i])
      slot[i] = params->address + at[i] * sizeof *w;
  return GA_OK;
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
    bool loop_lanes, shared_tables;
  } ctx = {x, out_cls, vk->loop_lanes, vk->shared_tables};
  VkPipeline p;
  ga_status st = ga_vk_pipeline_get_elementwise(vk, key, elementwise_source, &ctx, &p);
  if (st != GA_OK)
    return st;
  ga_g.stats.fused_ops += (uint64_t)ga_glsl_count_ops(x);
  uint64_t push[PUSH_WORDS] = {0}, slot[GA_X_MAX_INPUTS];
  ga_pbuf params;
  if ((st = input_slots(vk, x, slot, &params)) != GA_OK)
    return st;
  int w = 0;
  push[w++] = (uint64_t)x->numel;
  push[w++] = out->address;
  for (int i = 0; i < x->ninputs; i++)
    push[w++] = slot[i];
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
  st = ga_vk_dispatch(vk, p, push, (uint32_t)(w * 8) + tail_bytes, groups);
  if (params.bytes)
    ga_buffer_release(&params);
  return st;
}

/* ---- reductions ----------------------------------------------------------------------- */

typedef struct {
  ga_reduce_op op;
  ga_class in_cls;  /* what LOAD reads (a partial class in a second pass) */
  ga_class acc_cls; /* the class whose GLSL type accumulates */
  ga_class out_cls; /* what STORE writes (a partial class when another pass follows) */
  bool contiguous;
  bool second;      /* combines partial results */
  bool final;       /* writes the result (not partial results) */
  const ga_expr *producer; /* a fused reduction reads this expression instead of memory */
  bool shared_tables;      /* its math tables copied into shared memory (ga_vk.h) */
  int seg_rows;            /* > 0: reduce.comp SEGMENTED (inner 1, short columns, one pass), its
                            * rows per step (shared memory: seg_rows x 257 elements as loaded) */
} reduce_variant;

enum { RED_FIXED_WORDS = 8, RED_ARG_WORDS = 2, RED_EXTRA_WORDS = 6 }; /* 128 bytes in all */

static bool is_extremum(ga_reduce_op op) { return op == GA_RED_MAX || op == GA_RED_MIN; }
static bool is_predicate(ga_reduce_op op) { return op == GA_RED_ANY || op == GA_RED_ALL; }

/* Partial results between passes live in 4- or 8-byte elements: writes of smaller
 * elements from different workgroups would share words. */
static ga_class partial_class(ga_class c)
{
  switch (c) {
  case GA_INT8: case GA_INT16: return GA_INT32;
  case GA_UINT8: case GA_UINT16: case GA_LOGICAL: return GA_UINT32;
  default: return c;
  }
}

/* "x != 0" for an element of class c (single by its bits: see ga_nz_f) */
static const char *nonzero(ga_class c)
{
  switch (c) {
  case GA_SINGLE: return "ga_nz_f(x)";
  case GA_DOUBLE: return "(x) != 0.0lf";
  case GA_INT64: return "(x) != 0l";
  case GA_UINT64: return "(x) != 0ul";
  case GA_INT8: case GA_INT16: case GA_INT32: return "(x) != 0";
  default: return "(x) != 0u";
  }
}

/* Where Octave's all counts a NaN as false (elsewhere true): reducing strided data
 * (inner > 1) over at most 8 elements. The thread-per-result kernel, the only one that
 * sees strided data, also serves short columns (inner 1), where NaN stays true. */
#define ALL_NAN_FALSE "(pc.inner > 1ul && pc.n <= 8ul)"

/* The monoids over complex elements (shaders/ga_complex.glsl), in double, singles
 * rounded after each step: products (C99 Annex G's, as Octave's std::complex
 * accumulator), Octave's order by abs, then arg for max and min, and any/all reading a
 * complex element as Octave's xis_true does: NaN where either part is, else nonzero by
 * either part. */
/* BETTER(a, b) of max (max true) or min over values of class cls: strictly better only;
 * NaN never is, anything is better than NaN; complex values by abs, then arg (Octave's
 * order); singles through ga_order_f, exact where the device flushes subnormals.
 * Reductions and cummax/cummin (ga_vk_scan.c) keep their first extremum with it. */
void ga_vk_emit_better(ga_strbuf *b, ga_class cls, bool max)
{
  if (ga_class_is_complex(cls))
    ga_sb_printf(b, "#define BETTER(a, b) (!any(isnan(ga_cd(a))) && (any(isnan(ga_cd(b))) || "
                    "ga_corder(%d, ga_cd(a), true, ga_cd(b), true, %s) != 0u))\n",
                 max ? 2 : 0, cls == GA_CSINGLE ? "true" : "false");
  else if (cls == GA_SINGLE)
    ga_sb_printf(b, "#define BETTER(a, b) (!isnan(a) && (isnan(b) || ga_order_f(a, b) == %d))\n", max ? 1 : -1);
  else if (cls == GA_DOUBLE)
    ga_sb_printf(b, "#define BETTER(a, b) (!isnan(a) && (isnan(b) || (a) %s (b)))\n", max ? ">" : "<");
  else
    ga_sb_printf(b, "#define BETTER(a, b) ((a) %s (b))\n", max ? ">" : "<");
}

static void emit_complex_monoid(ga_strbuf *b, const reduce_variant *v)
{
  const char *acc = ga_glsl_type(v->acc_cls);
  bool single = v->acc_cls == GA_CSINGLE;
  const char *to = single ? "ga_cf" : "ga_cd";
  switch (v->op) {
  case GA_RED_PROD:
    ga_sb_printf(b, "#define IDENTITY %s(1.0, 0.0)\n#define COMBINE(a, b) %s(ga_cmul(ga_cd(a), ga_cd(b)))\n"
                    "#define TO_ACC(x) %s(x)\n", acc, to, to);
    break;
  case GA_RED_ANY: case GA_RED_ALL:
    ga_sb_printf(b, "#define IDENTITY %s\n#define COMBINE(a, b) %s((a), (b))\n",
                 v->op == GA_RED_ANY ? "0u" : "1u", v->op == GA_RED_ANY ? "max" : "min");
    ga_sb_puts(b, "double ga_red_part(dvec2 z)\n{\n"
                  "  if (any(isnan(z)))\n    return isnan(z.x) ? z.x : z.y;\n"
                  "  return z != dvec2(0.0lf) ? 1.0lf : 0.0lf;\n}\n");
    /* as for real values (ALL_NAN_FALSE) */
    ga_sb_printf(b, "uint ga_red_pred(dvec2 z, bool nan_false)\n{\n  double x = ga_red_part(z);\n"
                    "  return x != 0.0lf && %s ? 1u : 0u;\n}\n#define TO_ACC(x) ga_red_pred(ga_cd(x), %s)\n",
                 v->op == GA_RED_ANY ? "!isnan(x)" : "(!isnan(x) || !nan_false)",
                 v->contiguous ? "false" : ALL_NAN_FALSE);
    break;
  default:
    ga_sb_printf(b, "#define IDENTITY %s(0)\n#define TO_ACC(x) %s(x)\n", acc, to);
    ga_vk_emit_better(b, v->acc_cls, v->op == GA_RED_MAX);
    break;
  }
}

/* The monoid and the conversion of an element into it. */
static void emit_monoid(ga_strbuf *b, const reduce_variant *v)
{
  const char *acc = ga_glsl_type(v->acc_cls);
  bool fl = ga_class_is_float(v->in_cls);
  /* floating values convert and combine through ga_d/ga_f and ga_add_f/ga_mul_f: a
   * device that flushes single subnormals computes singles in double */
  bool single = v->acc_cls == GA_SINGLE;
  const char *to_acc = single ? "ga_f" : v->acc_cls == GA_DOUBLE ? "ga_d" : acc;
  if (ga_class_is_complex(v->in_cls)) {
    emit_complex_monoid(b, v);
    return;
  }
  switch (v->op) {
  case GA_RED_SUM:
    ga_sb_printf(b, "#define IDENTITY %s(0)\n#define COMBINE(a, b) %s\n#define TO_ACC(x) %s(x)\n", acc,
                 single ? "ga_add_f((a), (b))" : "((a) + (b))", to_acc);
    break;
  case GA_RED_PROD:
    ga_sb_printf(b, "#define IDENTITY %s(1)\n#define COMBINE(a, b) %s\n#define TO_ACC(x) %s(x)\n", acc,
                 single ? "ga_mul_f((a), (b))" : "((a) * (b))", to_acc);
    break;
  case GA_RED_ANY: case GA_RED_ALL:
    ga_sb_printf(b, "#define IDENTITY %s\n#define COMBINE(a, b) %s((a), (b))\n",
                 v->op == GA_RED_ANY ? "0u" : "1u", v->op == GA_RED_ANY ? "max" : "min");
    if (v->second)
      ga_sb_puts(b, "#define TO_ACC(x) uint(x)\n");
    else if (v->op == GA_RED_ANY)
      ga_sb_printf(b, "#define TO_ACC(x) ((%s%s) ? 1u : 0u)\n", nonzero(v->in_cls),
                   fl ? " && !isnan(x)" : "");
    else
      ga_sb_printf(b, "#define TO_ACC(x) ((%s%s) ? 1u : 0u)\n", nonzero(v->in_cls),
                   fl && !v->contiguous ? " && (!isnan(x) || !" ALL_NAN_FALSE ")" : "");
    break;
  default:
    ga_sb_printf(b, "#define IDENTITY %s(0)\n#define TO_ACC(x) %s(x)\n", acc, to_acc);
    ga_vk_emit_better(b, v->acc_cls, v->op == GA_RED_MAX);
    break;
  }
}

/* STORE for the output class: whole words for 4- and 8-byte classes; smaller ones are
 * or-ed into a zero-filled buffer, since neighbouring results come from other groups. */
const char *ga_vk_element_ref(ga_class c)
{
  return c == GA_CDOUBLE ? "GaF64x2" : c == GA_CSINGLE ? "GaF32x2" : c == GA_DOUBLE ? "GaF64" : c == GA_SINGLE ? "GaF32"
       : c == GA_INT64 ? "GaI64" : c == GA_UINT64 ? "GaU64" : c == GA_INT32 ? "GaI32" : "GaU32";
}

static void emit_store(ga_strbuf *b, ga_class c)
{
  size_t sz = ga_class_size(c);
  if (ga_class_is_complex(c)) {
    ga_sb_printf(b, "#define STORE(a, k, x) %s(a + %zuul * (k)).v = %s(x)\n", ga_vk_element_ref(c), sz,
                 c == GA_CDOUBLE ? "ga_cd" : "ga_cf");
    return;
  }
  if (sz >= 4) {
    ga_sb_printf(b, "#define STORE(a, k, x) %s(a + %zuul * (k)).v = %s(x)\n", ga_vk_element_ref(c), sz,
                 c == GA_SINGLE ? "ga_f" : ga_glsl_type(c)); /* ga_f: a double sum's subnormal result too */
    return;
  }
  const char *value = c == GA_LOGICAL ? "((x) != 0u ? 1u : 0u)" : "uint(x)";
  ga_sb_printf(b, "#define STORE(a, k, x) atomicOr(GaU32(a + %zuul * (k) & ~3ul).v, (%s & %s) << "
                  "(8u * uint(%zuul * (k) & 3ul)))\n", sz, value, sz == 1 ? "0xffu" : "0xffffu", sz);
}

static char *reduce_source(const void *ctx)
{
  const reduce_variant *v = ctx;
  const ga_expr *x = v->producer;
  ga_strbuf b = {0};
  const char *acc = ga_glsl_type(v->acc_cls);
  ga_glsl_emit_prelude_tables(&b, x, !ga_class_is_complex(v->in_cls) ? 0 : is_extremum(v->op) ? 2 : 1,
                              v->shared_tables);
  ga_sb_printf(&b, "#define ACC_T %s\n#define CONTIGUOUS %d\n#define ARG %d\n", acc, v->contiguous ? 1 : 0,
               is_extremum(v->op) ? 1 : 0);
  ga_sb_printf(&b, "#define SEGMENTED %d\n#define SEG_ROWS %d\n", v->seg_rows > 0 ? 1 : 0, v->seg_rows);
  emit_monoid(&b, v);
  emit_store(&b, v->out_cls);
  if (is_extremum(v->op))
    ga_sb_printf(&b, "#define STORE_INDEX(a, k, i) %s\n",
                 v->final ? "GaF64(a + 8ul * (k)).v = double(i)" : "GaU64(a + 8ul * (k)).v = (i)");
  /* LOAD_RAW: an element before TO_ACC (reduce.comp SEGMENTED keeps those in shared memory) */
  ga_sb_printf(&b, "#define RAW_T %s\n#define LOAD(a, k) TO_ACC(LOAD_RAW(a, k))\n",
               ga_glsl_type(x ? x->nodes[x->nnodes - 1].cls : v->in_cls));
  if (!x) {
    ga_sb_printf(&b, "#define LOAD_RAW(a, k) ga_ld_%s(a, k)\n", ga_glsl_suffix(v->in_cls));
    ga_sb_puts(&b, ga_glsl_reduce);
    return ga_sb_take(&b);
  }
  const char *root = ga_glsl_type(x->nodes[x->nnodes - 1].cls);
  ga_bcast plan;
  ga_glsl_broadcast_plan(x, &plan);
  ga_sb_puts(&b, "#define LOAD_RAW(a, k) ga_fused_at(k)\n#define EXTRA_PARAMS");
  if (plan.any_partial)
    ga_sb_puts(&b, " uint d0; uint d1; uint d2; uint dpad;");
  for (int i = 0; i < x->ninputs; i++)
    ga_sb_printf(&b, " uint64_t in%d;", i);
  for (int i = 0; i < x->nscalars; i++)
    ga_sb_printf(&b, " uint64_t s%d;", i);
  ga_sb_printf(&b, "\n%s ga_fused_at(uint64_t k);\n", root);
  ga_sb_puts(&b, ga_glsl_reduce);
  ga_sb_printf(&b, "\n%s ga_fused_at(uint64_t k)\n{\n  uint64_t ga_i = k; /* generator nodes' index */\n", root);
  ga_glsl_emit_element_loads(&b, x, "k");
  ga_glsl_emit_scalar_slots(&b, x, "  ");
  ga_glsl_emit_nodes(&b, x, "  ", "e%d", "s%d");
  ga_sb_printf(&b, "  return v%d;\n}\n", x->nnodes - 1);
  return ga_sb_take(&b);
}

static ga_status reduce_pass(ga_vk *vk, const reduce_variant *v, uint64_t in, uint64_t in_index, uint64_t out,
                             uint64_t out_index, int64_t inner, int64_t n, int64_t outer, int64_t nchunks)
{
  char key[1200];
  int len = snprintf(key, sizeof key, "red:%d:%d:%d:%d:%d:%d:%d:%d", (int)v->op, (int)v->in_cls, (int)v->acc_cls,
                     (int)v->out_cls, v->contiguous, v->second, v->final, v->seg_rows);
  if (v->producer)
    ga_glsl_elementwise_key(v->producer, v->in_cls, key + len, sizeof key - (size_t)len);
  VkPipeline p;
  ga_status st = ga_vk_pipeline_get(vk, key, reduce_source, v, &p);
  if (st != GA_OK)
    return st;
  uint64_t chunk = nchunks > 0 ? ((uint64_t)n + (uint64_t)nchunks - 1) / (uint64_t)nchunks : 0;
  uint64_t groups = v->contiguous    ? (uint64_t)(outer * nchunks)
                    : v->seg_rows > 0 ? ((uint64_t)outer + WG - 1) / WG
                                     : ((uint64_t)(inner * outer * nchunks) + WG - 1) / WG;
  uint64_t push[RED_FIXED_WORDS + RED_ARG_WORDS + RED_EXTRA_WORDS] = {
    in, out, (uint64_t)inner, (uint64_t)n, (uint64_t)outer, chunk, (uint64_t)nchunks, ga_vk_groups_x(groups)};
  int w = RED_FIXED_WORDS;
  if (is_extremum(v->op)) {
    push[w++] = in_index;
    push[w++] = out_index;
  }
  ga_bcast plan;
  if (v->producer && ga_glsl_broadcast_plan(v->producer, &plan) && plan.any_partial) {
    uint32_t d[4] = {1, 1, 1, 0};
    for (int c = 0; c < plan.ndims; c++)
      d[c] = (uint32_t)plan.dims[c];
    memcpy(&push[w], d, sizeof d);
    w += 2;
  }
  ga_pbuf params = {0};
  if (v->producer) {
    uint64_t slot[GA_X_MAX_INPUTS];
    if ((st = input_slots(vk, v->producer, slot, &params)) != GA_OK)
      return st;
    for (int i = 0; i < v->producer->ninputs; i++)
      push[w++] = slot[i];
    for (int i = 0; i < v->producer->nscalars; i++)
      push[w++] = ga_scalar_bits(&v->producer->scalars[i]);
    ga_g.stats.fused_ops += (uint64_t)ga_glsl_count_ops(v->producer);
  }
  st = ga_vk_dispatch(vk, p, push, (uint32_t)(w * 8), groups);
  if (params.bytes)
    ga_buffer_release(&params);
  return st;
}

/* How long a reduction along dimension 1 must be for a workgroup per result (reduce.comp
 * CONTIGUOUS) to pay; shorter ones take a thread per result, reading its own run of
 * elements. Measured on the H200 (sum and max over dimension 1 of 1.28e8 elements, device
 * ms, workgroup -> thread): single 16 rows 41.4 -> 0.46, 256 rows 4.31 -> 0.61, 1024
 * rows 1.99 -> 1.72, 4096 rows 1.52 -> 2.38; double 64 rows 31.5 -> 2.94, 256 rows
 * 1.65 -> 3.08. mean (X, 1) of a 16 x 2160 x 3840 single image took 98 ms. */
static int64_t wg_reduce_min(const ga_vk *vk, ga_class in_cls)
{
  if (vk->reduce_wg_min > 0)
    return vk->reduce_wg_min;
  return ga_class_size(in_cls) >= 8 ? 256 : 2048;
}

/* reduce.comp SEGMENTED's rows per step: as many as the device's shared memory holds in
 * 257 columns of elements as loaded (RAW_T: 4 bytes at least) after 8 KB for the math
 * tables (6.6 KB at most), 48 KB at most; a multiple of 8 where that leaves 8 or more (a
 * column's step then covers whole 32-byte sectors of 4- and 8-byte elements), and even in
 * any case (the row's parity picks its accumulator) */
static int seg_rows(const ga_vk *vk, ga_class raw)
{
  uint32_t limit = vk->props.limits.maxComputeSharedMemorySize;
  uint32_t budget = (limit < 49152 ? limit : 49152) - 8192;
  size_t size = ga_class_size(raw) < 4 ? 4 : ga_class_size(raw);
  int rows = (int)(budget / (257 * size));
  return rows >= 8 ? rows & ~7 : rows & ~1;
}

/* Up to which column length SEGMENTED beats a workgroup per column: measured on the H200
 * (sum (X, 1) of 2^27 and 2^28 elements, device ms, workgroup -> segmented): double 256
 * rows 1.75 -> 0.29, 1024 rows 0.87 -> 0.62, 2048 rows 0.53 -> 0.72; single 2048 rows
 * 0.61 -> 0.72. GPUARRAY_REDUCE_WG_MIN moves this limit too. Offsets within 256
 * columns are 32-bit. */
static int64_t seg_max_rows(const ga_vk *vk, ga_class in_cls)
{
  if (vk->reduce_wg_min > 0)
    return vk->reduce_wg_min < (1 << 22) ? vk->reduce_wg_min : (1 << 22);
  return ga_class_size(in_cls) >= 8 ? 1024 : 2048;
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

static ga_status fill_zero(ga_vk *vk, ga_pbuf *buf)
{
  VkCommandBuffer cmd;
  ga_status st = ga_vk_cmd(vk, &cmd);
  if (st != GA_OK)
    return st;
  ga_vk_barrier(cmd);
  vkCmdFillBuffer(cmd, ga_vk_buffer_of(buf), 0, VK_WHOLE_SIZE, 0);
  return GA_OK;
}

ga_status ga_vk_reduce(void *state, const ga_reduce_desc *d)
{
  ga_vk *vk = state;
  ga_reduce_op op = d->op;
  ga_class oc = d->out_cls;
  if (!vk->fp64)
    return GA_ERR_UNSUPPORTED;
  /* 'native' integer sums and products saturate step by step: the host does those */
  if ((op == GA_RED_SUM || op == GA_RED_PROD) && oc != GA_DOUBLE && oc != GA_SINGLE && !ga_class_is_complex(oc))
    return GA_ERR_UNSUPPORTED;
  if (ga_class_is_complex(d->in_cls) && op == GA_RED_SUM) /* ga_reduce_dims sums the parts */
    return GA_ERR_UNSUPPORTED;
  const ga_expr *x = d->producer;
  ga_bcast plan;
  if (x && (!ga_glsl_elementwise_supported(x, d->in_cls) || !ga_glsl_broadcast_plan(x, &plan) ||
            x->ninputs + x->nscalars > RED_EXTRA_WORDS - (plan.any_partial ? 2 : 0) +
                                           (is_extremum(op) ? 0 : RED_ARG_WORDS)))
    return GA_ERR_UNSUPPORTED; /* evaluated first, then reduced */
  ga_class acc = is_predicate(op) ? GA_UINT32 : is_extremum(op) ? partial_class(d->in_cls) : oc;
  /* single sums accumulate in double, rounded once when stored: where the device flushes
   * single subnormals every single addition is emulated (ga_add_f), so a single sum of
   * 1e8 took 0.303 ms on the H200 against 0.202 for a double one; and the double sum is
   * the more accurate (Octave's own sequential single sum is further off still) */
  if (op == GA_RED_SUM && oc == GA_SINGLE)
    acc = GA_DOUBLE;
  if (is_extremum(op) && (d->in_cls == GA_DOUBLE || d->in_cls == GA_SINGLE))
    acc = d->in_cls;
  /* Along dimension 1, many short columns: a thread per column in one pass, reading
   * through shared memory (SEGMENTED), where no slices are wanted. Else a workgroup per
   * column from wg_reduce_min rows on or for few columns (CONTIGUOUS), or the strided
   * kernel (a thread per column or column slice) */
  int rows = seg_rows(vk, x ? x->nodes[x->nnodes - 1].cls : d->in_cls);
  bool segmented = d->inner == 1 && d->outer >= 4096 && vk->reduce_segmented && rows > 0 &&
                   d->n < seg_max_rows(vk, d->in_cls) &&
                   (vk->reduce_segmented == 2 || choose_chunks(false, 1, d->n, d->outer) == 1);
  bool contiguous = !segmented && d->inner == 1 && (d->n >= wg_reduce_min(vk, d->in_cls) || d->outer < 4096);
  int64_t nchunks = segmented ? 1 : choose_chunks(contiguous, d->inner, d->n, d->outer);
  uint64_t in = d->n > 0 && !x ? d->in->address : 0;
  uint64_t out_index = d->out_index ? d->out_index->address : 0;
  ga_status st = GA_OK;
  bool bytes_out = ga_class_size(oc) < 4;
  if (bytes_out && (st = fill_zero(vk, d->out)) != GA_OK)
    return st;
  ga_pbuf idx_tmp = {0};
  if (is_extremum(op) && !d->out_index) { /* the kernel always writes indices somewhere */
    if ((st = ga_buffer_acquire((size_t)(d->inner * d->outer) * 8, &idx_tmp)) != GA_OK)
      return st;
    out_index = idx_tmp.address;
  }
  reduce_variant v1 = {op, d->in_cls, acc, nchunks > 1 ? partial_class(acc) : oc, contiguous, false,
                       nchunks == 1, x, vk->shared_tables, segmented ? rows : 0};
  if (nchunks == 1) {
    st = reduce_pass(vk, &v1, in, 0, d->out->address, out_index, d->inner, d->n, d->outer, 1);
  } else {
    size_t nparts = (size_t)(d->inner * d->outer * nchunks);
    ga_pbuf partial = {0}, partial_idx = {0};
    st = ga_buffer_acquire(nparts * ga_class_size(v1.out_cls), &partial);
    if (st == GA_OK && is_extremum(op))
      st = ga_buffer_acquire(nparts * 8, &partial_idx);
    if (st == GA_OK)
      st = reduce_pass(vk, &v1, in, 0, partial.address, partial_idx.address, d->inner, d->n, d->outer, nchunks);
    reduce_variant v2 = {op, v1.out_cls, acc, oc, contiguous, true, true, NULL, false, 0};
    if (st == GA_OK)
      st = reduce_pass(vk, &v2, partial.address, partial_idx.address, d->out->address, out_index, d->inner,
                       nchunks, d->outer, 1);
    /* later users of these buffers are ordered after this work by barriers */
    if (partial.bytes)
      ga_buffer_release(&partial);
    if (partial_idx.bytes)
      ga_buffer_release(&partial_idx);
  }
  if (idx_tmp.bytes)
    ga_buffer_release(&idx_tmp);
  return st;
}
