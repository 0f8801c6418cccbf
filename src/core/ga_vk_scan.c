/* cumsum, cumprod, cummax and cummin on the device: a generated kernel over lines
 * (ga_scan_desc). Many lines: a thread per line, in order from its first element, as Octave adds (its answers
 * bit for bit). Few long lines: each line in chunks, a thread each, in two passes (each
 * chunk's total, then each chunk again from the totals before it), so a long vector's
 * scan is not one thread's work; the additions are then associated differently from
 * Octave's loop, as sums are. 'native' integer and logical scans run on the host. */
#include "ga_glsl_emit.h"
#include "ga_strbuf.h"
#include "ga_vk.h"

#include <stdio.h>
#include <string.h>

enum { WG = 256, SCAN_PUSH_WORDS = 11 };

typedef struct {
  ga_scan_op op;
  ga_class in_cls, out_cls;
} scan_variant;

/* A line of few lines is cut in chunks of at least this many elements, at most this many
 * chunks a line (each thread of the second pass reads the totals before its chunk) */
enum { SCAN_MIN_CHUNK = 256, SCAN_MAX_CHUNKS = 1024, SCAN_THREADS = 65536 };

/* The result class's arithmetic, as Octave's loop does it (singles through ga_add_f and
 * ga_mul_f, exact where the device flushes subnormals; a single complex product as
 * libgcc's: four rounded products, two rounded sums, Annex G where both parts are NaN) */
static void emit_combine(ga_strbuf *b, const scan_variant *v)
{
  bool cplx = ga_class_is_complex(v->out_cls), single = v->out_cls == GA_SINGLE || v->out_cls == GA_CSINGLE;
  bool prod = v->op == GA_SCAN_PROD;
  if (!cplx)
    ga_sb_printf(b, "#define COMBINE(a, b) %s\n",
                 single ? (prod ? "ga_mul_f(a, b)" : "ga_add_f(a, b)") : (prod ? "((a) * (b))" : "((a) + (b))"));
  else if (!single)
    ga_sb_printf(b, "#define COMBINE(a, b) %s\n", prod ? "ga_cmul(a, b)" : "((a) + (b))");
  else if (!prod)
    ga_sb_puts(b, "#define COMBINE(a, b) vec2(ga_add_f((a).x, (b).x), ga_add_f((a).y, (b).y))\n");
  else
    ga_sb_puts(b, "vec2 ga_scan_cmul_f(vec2 a, vec2 b)\n{\n"
                  "  float x = ga_add_f(ga_mul_f(a.x, b.x), -ga_mul_f(a.y, b.y));\n"
                  "  float y = ga_add_f(ga_mul_f(a.x, b.y), ga_mul_f(a.y, b.x));\n"
                  "  return isnan(x) && isnan(y) ? ga_cf(ga_cmul(ga_cd(a), ga_cd(b))) : vec2(x, y);\n}\n"
                  "#define COMBINE(a, b) ga_scan_cmul_f(a, b)\n");
}

/* The kernel: a thread folds its line's (or chunk's) elements one by one into the running
 * value (ga_scan_step; the first of a line kept as it is, -0 and all) and stores each */
static char *scan_source(const void *ctx)
{
  const scan_variant *v = ctx;
  bool cplx = ga_class_is_complex(v->out_cls), single = v->out_cls == GA_SINGLE || v->out_cls == GA_CSINGLE;
  bool arg = v->op == GA_SCAN_MAX || v->op == GA_SCAN_MIN;
  ga_strbuf b = {0};
  /* complex order needs abs and arg: the math library */
  ga_glsl_emit_prelude_complex(&b, NULL, cplx ? (arg ? 2 : 1) : 0);
  const char *to = arg ? "" : cplx ? (single ? "ga_cf" : "ga_cd") : (single ? "ga_f" : "ga_d");
  ga_sb_printf(&b, "#define ACC_T %s\n#define LOAD(a, k) %s(ga_ld_%s(a, k))\n#define ARG %d\n",
               ga_glsl_type(v->out_cls), to, ga_glsl_suffix(v->in_cls), arg ? 1 : 0);
  if (arg)
    ga_vk_emit_better(&b, v->out_cls, v->op == GA_SCAN_MAX);
  else
    emit_combine(&b, v);
  ga_sb_printf(&b, "#define AT(a, k) %s(a + %zuul * (k)).v\n", ga_vk_element_ref(v->out_cls),
               ga_class_size(v->out_cls));
  ga_sb_puts(&b,
             "layout(local_size_x = 256) in;\n"
             "layout(push_constant) uniform Params {\n"
             "  uint64_t in_addr, out_addr, tmp_addr, inner, n, outer, chunk, nchunks, idx_addr, tmp_idx;\n"
             "  uint groups_x, mode;\n"
             "} pc;\n"
             "ACC_T acc;\n"
             "double at = 0.0lf; /* ARG: the extremum's position */\n"
             "bool have = false;\n"
             "void ga_scan_step(ACC_T x, double j)\n{\n"
             "#if ARG\n"
             "  if (!have || BETTER(x, acc)) {\n    acc = x;\n    at = j;\n  }\n"
             "#else\n"
             "  precise ACC_T r = have ? COMBINE(acc, x) : x;\n"
             "  acc = r;\n"
             "#endif\n"
             "  have = true;\n}\n"
             "void main()\n{\n"
             "  uint64_t t = ga_invocation(pc.groups_x), line = t, c = 0ul, i, o;\n"
             "  /* (ga_udivmod64: 32-bit division where the values allow, exact beyond) */\n"
             "  if (pc.mode != 0u)\n    line = ga_udivmod64(t, pc.nchunks, c);\n"
             "  if (line >= pc.inner * pc.outer)\n    return;\n"
             "  o = ga_udivmod64(line, pc.inner, i);\n"
             "  uint64_t base = o * pc.n * pc.inner + i;\n"
             "  uint64_t k0 = pc.mode == 0u ? 0ul : c * pc.chunk;\n"
             "  uint64_t k1 = pc.mode == 0u ? pc.n : min(pc.n, k0 + pc.chunk);\n"
             "  if (pc.mode == 2u) /* the totals of the chunks before this one, in order */\n"
             "    for (uint64_t j = 0ul; j < c; j++)\n"
             "      ga_scan_step(AT(pc.tmp_addr, line * pc.nchunks + j), ARG != 0 ? GaF64(pc.tmp_idx + 8ul * (line * pc.nchunks + j)).v : 0.0lf);\n"
             "  for (uint64_t k = k0; k < k1; k++) {\n"
             "    uint64_t e = base + k * pc.inner;\n"
             "    ga_scan_step(LOAD(pc.in_addr, e), double(k + 1ul));\n"
             "    if (pc.mode != 1u) {\n"
             "      AT(pc.out_addr, e) = acc;\n"
             "      if (ARG != 0 && pc.idx_addr != 0ul)\n"
             "        GaF64(pc.idx_addr + 8ul * e).v = at;\n"
             "    }\n"
             "  }\n"
             "  if (pc.mode == 1u && k0 < k1) {\n"
             "    AT(pc.tmp_addr, t) = acc;\n"
             "    if (ARG != 0)\n"
             "      GaF64(pc.tmp_idx + 8ul * t).v = at;\n"
             "  }\n"
             "}\n");
  return ga_sb_take(&b);
}

static ga_status scan_pass(ga_vk *vk, VkPipeline p, const ga_scan_desc *d, const uint64_t tmp[2], int64_t chunk,
                           int64_t nchunks, uint32_t mode)
{
  uint64_t threads = (uint64_t)(d->inner * d->outer) * (mode == 0 ? 1u : (uint64_t)nchunks);
  uint64_t groups = (threads + WG - 1) / WG;
  uint64_t push[SCAN_PUSH_WORDS] = {d->in->address,
                                    d->out->address,
                                    tmp[0],
                                    (uint64_t)d->inner,
                                    (uint64_t)d->n,
                                    (uint64_t)d->outer,
                                    (uint64_t)chunk,
                                    (uint64_t)nchunks,
                                    d->out_index ? d->out_index->address : 0,
                                    tmp[1],
                                    0};
  uint32_t tail[2] = {ga_vk_groups_x(groups), mode};
  memcpy(&push[10], tail, sizeof tail);
  return ga_vk_dispatch(vk, p, push, (uint32_t)sizeof push, groups);
}

ga_status ga_vk_scan(void *state, const ga_scan_desc *d)
{
  ga_vk *vk = state;
  ga_class oc = d->out_cls;
  bool arg = d->op == GA_SCAN_MAX || d->op == GA_SCAN_MIN;
  /* 'native' integer and logical sums, and extrema of classes under 4 bytes (stored
   * whole words at a time): the host */
  bool ok = oc == GA_DOUBLE || oc == GA_SINGLE || ga_class_is_complex(oc) ||
            (arg && ga_class_is_int(oc) && ga_class_size(oc) >= 4);
  if (!vk->fp64 || !ok)
    return GA_ERR_UNSUPPORTED;
  scan_variant v = {d->op, d->in_cls, oc};
  char key[64];
  snprintf(key, sizeof key, "scan:%d:%d:%d", (int)v.op, (int)v.in_cls, (int)v.out_cls);
  VkPipeline p;
  ga_status st = ga_vk_pipeline_get(vk, key, scan_source, &v, &p);
  if (st != GA_OK)
    return st;
  int64_t lines = d->inner * d->outer, nchunks = 1;
  if (lines < SCAN_THREADS && d->n >= 2 * SCAN_MIN_CHUNK) {
    nchunks = (SCAN_THREADS + lines - 1) / lines;
    int64_t cap = d->n / SCAN_MIN_CHUNK;
    nchunks = nchunks < cap ? nchunks : cap;
    nchunks = nchunks < SCAN_MAX_CHUNKS ? nchunks : SCAN_MAX_CHUNKS;
  }
  uint64_t tmp[2] = {0, 0};
  if (nchunks <= 1)
    return scan_pass(vk, p, d, tmp, d->n, 1, 0);
  int64_t chunk = (d->n + nchunks - 1) / nchunks;
  nchunks = (d->n + chunk - 1) / chunk; /* every chunk holds elements */
  ga_pbuf totals = {0}, positions = {0};
  st = ga_buffer_acquire((size_t)(lines * nchunks) * ga_class_size(oc), &totals);
  if (st == GA_OK && arg)
    st = ga_buffer_acquire((size_t)(lines * nchunks) * 8, &positions);
  tmp[0] = totals.address;
  tmp[1] = positions.address;
  if (st == GA_OK)
    st = scan_pass(vk, p, d, tmp, chunk, nchunks, 1);
  if (st == GA_OK)
    st = scan_pass(vk, p, d, tmp, chunk, nchunks, 2);
  /* later users of these buffers are ordered after this work by barriers */
  if (totals.bytes)
    ga_buffer_release(&totals);
  if (positions.bytes)
    ga_buffer_release(&positions);
  return st;
}
