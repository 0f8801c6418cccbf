/* cumsum, cumprod, cummax and cummin on the device: a generated kernel over lines
 * (ga_scan_desc). Many lines: a thread per line, in order from its first element, as
 * Octave adds (its answers bit for bit). Few long lines: each line in chunks, a thread
 * each (adjacent threads on adjacent lines, so strided lines are read coalesced): the
 * chunks' totals, then the totals' own scan (the same kernel over them, in chunks again
 * where they are many), then each chunk again from the scanned total before it. Where
 * such lines are contiguous (along the first dimension) the chunks are tiles of
 * SCAN_TILE elements, a workgroup each: a thread folds SCAN_TILE_PER consecutive
 * elements (a warp's loads then cover one contiguous span) and the workgroup scans its
 * threads' totals in shared memory. Sums and products are then associated differently
 * from Octave's loop; extrema stay exact. A thread loads a block of its elements before
 * folding them, so its loads overlap. 'native' integer and logical scans run on the host. */
#include "ga_glsl_emit.h"
#include "ga_strbuf.h"
#include "ga_vk.h"

#include <stdio.h>
#include <string.h>

enum { WG = 256, SCAN_PUSH_WORDS = 12 };

typedef struct {
  ga_scan_op op;
  ga_class in_cls, out_cls;
} scan_variant;

/* Fewer lines than SCAN_THREADS are cut in chunks, to about SCAN_THREADS threads: the
 * lines of the data where they have SCAN_MIN_LINE elements or more, in chunks of
 * SCAN_MIN_CHUNK or more (shorter lines keep Octave's order); the totals' scans in chunks
 * of SCAN_MIN_CHUNK_TOTALS or more. SCAN_BLOCK: the elements a thread loads at once. */
enum { SCAN_MIN_LINE = 512, SCAN_MIN_CHUNK = 256, SCAN_MIN_CHUNK_TOTALS = 32, SCAN_THREADS = 65536, SCAN_BLOCK = 8 };
enum { SCAN_TILE_PER = 4, SCAN_TILE = WG * SCAN_TILE_PER };

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
  ga_sb_printf(&b, "#define BLOCK %d\n#define TILE_PER %d\n", SCAN_BLOCK, SCAN_TILE_PER);
  ga_sb_puts(&b,
             "layout(local_size_x = 256) in;\n"
             "layout(push_constant) uniform Params {\n"
             "  uint64_t in_addr, out_addr, tmp_addr, inner, n, outer, chunk, nchunks, idx_addr, tmp_idx, in_idx;\n"
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
             "/* the position of element e, k-th of its line: k + 1, or in_idx's where the input\n"
             " * is a level of totals */\n"
             "double ga_scan_pos(uint64_t e, uint64_t k)\n{\n"
             "  return ARG != 0 && pc.in_idx != 0ul ? GaF64(pc.in_idx + 8ul * e).v : double(k + 1ul);\n}\n"
             "/* chunk c of a line starts from the scanned total of the chunks before it (tmp,\n"
             " * chunks x lines) */\n"
             "void ga_scan_carry(uint64_t c, uint64_t lines, uint64_t line)\n{\n"
             "  if (c > 0ul) {\n"
             "    uint64_t e = (c - 1ul) * lines + line;\n"
             "    acc = AT(pc.tmp_addr, e);\n"
             "    at = ARG != 0 ? GaF64(pc.tmp_idx + 8ul * e).v : 0.0lf;\n"
             "    have = true;\n"
             "  }\n}\n"
             "shared ACC_T tile_acc[256];\n"
             "shared double tile_at[256];\n"
             "/* modes 3 and 4: contiguous lines (inner 1) in tiles of 256 TILE_PER elements, a\n"
             " * workgroup each (workgroup g: tile g / lines of line g % lines); thread t folds\n"
             " * the tile's elements TILE_PER t on, then the threads' totals are scanned in\n"
             " * shared memory (Hillis and Steele). 3: the tile's total into tmp; 4: each\n"
             " * element from the scanned total of the tiles before (tmp) and the threads before */\n"
             "void ga_scan_tile()\n{\n"
             "  uint64_t lines = pc.outer, line;\n"
             "  uint64_t g = uint64_t(gl_WorkGroupID.y) * uint64_t(pc.groups_x) + uint64_t(gl_WorkGroupID.x);\n"
             "  if (g >= lines * pc.nchunks)\n    return; /* the whole workgroup: barriers stay uniform */\n"
             "  uint64_t c = ga_udivmod64(g, lines, line);\n"
             "  uint t = gl_LocalInvocationID.x;\n"
             "  uint64_t base = line * pc.n, t0 = c * pc.chunk, k0 = t0 + uint64_t(t * uint(TILE_PER));\n"
             "  uint64_t kend = min(pc.n, t0 + pc.chunk);\n"
             "  uint last = uint(kend - t0 - 1ul) / uint(TILE_PER); /* the last thread with elements */\n"
             "  ACC_T v[TILE_PER];\n"
             "  double pv[TILE_PER];\n"
             "  [[unroll]] for (int u = 0; u < TILE_PER; u++)\n"
             "    if (k0 + uint64_t(u) < kend) {\n"
             "      uint64_t e = base + k0 + uint64_t(u);\n"
             "      v[u] = LOAD(pc.in_addr, e);\n"
             "      pv[u] = ga_scan_pos(e, k0 + uint64_t(u));\n"
             "      ga_scan_step(v[u], pv[u]);\n"
             "    }\n"
             "  tile_acc[t] = acc;\n"
             "  tile_at[t] = at;\n"
             "  barrier();\n"
             "  for (uint d = 1u; d < 256u; d <<= 1) {\n"
             "    bool use = t >= d && t <= last;\n"
             "    if (use) { /* the threads before (left) then this one's (right) */\n"
             "      ACC_T right = tile_acc[t];\n"
             "      double rat = tile_at[t];\n"
             "      acc = tile_acc[t - d];\n"
             "      at = tile_at[t - d];\n"
             "      have = true;\n"
             "      ga_scan_step(right, rat);\n"
             "    }\n"
             "    barrier();\n"
             "    if (use) {\n      tile_acc[t] = acc;\n      tile_at[t] = at;\n    }\n"
             "    barrier();\n"
             "  }\n"
             "  if (pc.mode == 3u) {\n"
             "    if (t == last) {\n"
             "      AT(pc.tmp_addr, g) = tile_acc[t];\n"
             "      if (ARG != 0)\n        GaF64(pc.tmp_idx + 8ul * g).v = tile_at[t];\n"
             "    }\n"
             "    return;\n"
             "  }\n"
             "  have = false;\n"
             "  ga_scan_carry(c, lines, line);\n"
             "  if (t > 0u && t <= last)\n"
             "    ga_scan_step(tile_acc[t - 1u], tile_at[t - 1u]);\n"
             "  [[unroll]] for (int u = 0; u < TILE_PER; u++)\n"
             "    if (k0 + uint64_t(u) < kend) {\n"
             "      uint64_t e = base + k0 + uint64_t(u);\n"
             "      ga_scan_step(v[u], pv[u]);\n"
             "      AT(pc.out_addr, e) = acc;\n"
             "      if (ARG != 0 && pc.idx_addr != 0ul)\n"
             "        GaF64(pc.idx_addr + 8ul * e).v = at;\n"
             "    }\n"
             "}\n"
             "/* mode 0: whole lines; 1: each chunk's total into tmp; 2: each chunk from the\n"
             " * scanned total of the chunks before it (tmp). Thread t: chunk t / lines of line\n"
             " * t % lines */\n"
             "void main()\n{\n"
             "  if (pc.mode >= 3u) {\n    ga_scan_tile();\n    return;\n  }\n"
             "  uint64_t t = ga_invocation(pc.groups_x), lines = pc.inner * pc.outer, line, i;\n"
             "  if (t >= lines * pc.nchunks)\n    return;\n"
             "  /* (ga_udivmod64: 32-bit division where the values allow, exact beyond) */\n"
             "  uint64_t c = ga_udivmod64(t, lines, line);\n"
             "  uint64_t o = ga_udivmod64(line, pc.inner, i);\n"
             "  uint64_t base = o * pc.n * pc.inner + i;\n"
             "  uint64_t k0 = c * pc.chunk, k1 = min(pc.n, k0 + pc.chunk);\n"
             "  if (pc.mode == 2u)\n"
             "    ga_scan_carry(c, lines, line);\n"
             "  for (uint64_t k = k0; k < k1; k += uint64_t(BLOCK)) {\n"
             "    ACC_T v[BLOCK];\n"
             "    double pv[BLOCK];\n"
             "    [[unroll]] for (int u = 0; u < BLOCK; u++)\n"
             "      if (k + uint64_t(u) < k1) {\n"
             "        uint64_t e = base + (k + uint64_t(u)) * pc.inner;\n"
             "        v[u] = LOAD(pc.in_addr, e);\n"
             "        pv[u] = ga_scan_pos(e, k + uint64_t(u));\n"
             "      }\n"
             "    [[unroll]] for (int u = 0; u < BLOCK; u++)\n"
             "      if (k + uint64_t(u) < k1) {\n"
             "        ga_scan_step(v[u], pv[u]);\n"
             "        if (pc.mode != 1u) {\n"
             "          uint64_t e = base + (k + uint64_t(u)) * pc.inner;\n"
             "          AT(pc.out_addr, e) = acc;\n"
             "          if (ARG != 0 && pc.idx_addr != 0ul)\n"
             "            GaF64(pc.idx_addr + 8ul * e).v = at;\n"
             "        }\n"
             "      }\n"
             "  }\n"
             "  if (pc.mode == 1u) {\n"
             "    AT(pc.tmp_addr, t) = acc;\n"
             "    if (ARG != 0)\n"
             "      GaF64(pc.tmp_idx + 8ul * t).v = at;\n"
             "  }\n"
             "}\n");
  return ga_sb_take(&b);
}

/* Where a level reads and writes: its input (of v's in_cls) and, for a level of totals,
 * their positions; its output and the positions it writes (or 0) */
typedef struct {
  int64_t inner, n, outer;
  uint64_t in, in_idx, out, out_idx;
} scan_level;

static ga_status scan_pass(ga_vk *vk, VkPipeline p, const scan_level *l, const uint64_t tmp[2], int64_t chunk,
                           int64_t nchunks, uint32_t mode)
{
  /* tiles (modes 3, 4): a workgroup each */
  uint64_t threads = (uint64_t)(l->inner * l->outer) * (uint64_t)nchunks * (mode >= 3 ? WG : 1u);
  uint64_t groups = (threads + WG - 1) / WG;
  uint64_t push[SCAN_PUSH_WORDS] = {l->in,       l->out,          tmp[0],   (uint64_t)l->inner,
                                    (uint64_t)l->n, (uint64_t)l->outer, (uint64_t)chunk, (uint64_t)nchunks,
                                    l->out_idx,  tmp[1],          l->in_idx, 0};
  uint32_t tail[2] = {ga_vk_groups_x(groups), mode};
  memcpy(&push[SCAN_PUSH_WORDS - 1], tail, sizeof tail);
  return ga_vk_dispatch(vk, p, push, (uint32_t)sizeof push, groups);
}

/* One level: whole lines, or chunks whose totals are scanned (one level down, in place)
 * before the chunks are scanned again from them */
static ga_status scan_run(ga_vk *vk, scan_variant v, const scan_level *l, int64_t min_chunk)
{
  bool arg = v.op == GA_SCAN_MAX || v.op == GA_SCAN_MIN;
  char key[64];
  snprintf(key, sizeof key, "scan:%d:%d:%d", (int)v.op, (int)v.in_cls, (int)v.out_cls);
  VkPipeline p;
  ga_status st = ga_vk_pipeline_get(vk, key, scan_source, &v, &p);
  if (st != GA_OK)
    return st;
  int64_t lines = l->inner * l->outer, nchunks = 1, chunk = l->n;
  bool split = lines < SCAN_THREADS && l->n >= 2 * min_chunk && (min_chunk != SCAN_MIN_CHUNK || l->n >= SCAN_MIN_LINE);
  bool tiles = split && l->inner == 1;
  uint64_t tmp[2] = {0, 0};
  if (tiles) {
    chunk = SCAN_TILE;
    nchunks = (l->n + chunk - 1) / chunk;
    if (nchunks == 1)
      return scan_pass(vk, p, l, tmp, chunk, 1, 4);
  } else if (split) {
    nchunks = (SCAN_THREADS + lines - 1) / lines;
    int64_t cap = l->n / min_chunk;
    nchunks = nchunks < cap ? nchunks : cap;
    chunk = (l->n + nchunks - 1) / nchunks;
    nchunks = (l->n + chunk - 1) / chunk; /* every chunk holds elements */
  }
  if (nchunks <= 1)
    return scan_pass(vk, p, l, tmp, l->n, 1, 0);
  ga_pbuf totals = {0}, positions = {0};
  st = ga_buffer_acquire((size_t)(lines * nchunks) * ga_class_size(v.out_cls), &totals);
  if (st == GA_OK && arg)
    st = ga_buffer_acquire((size_t)(lines * nchunks) * 8, &positions);
  tmp[0] = totals.address;
  tmp[1] = positions.address;
  /* the totals as nchunks x lines (lines adjacent), scanned along the chunks */
  scan_level down = {lines, nchunks, 1, tmp[0], tmp[1], tmp[0], tmp[1]};
  scan_variant vt = {v.op, v.out_cls, v.out_cls};
  if (st == GA_OK)
    st = scan_pass(vk, p, l, tmp, chunk, nchunks, tiles ? 3 : 1);
  if (st == GA_OK)
    st = scan_run(vk, vt, &down, SCAN_MIN_CHUNK_TOTALS);
  if (st == GA_OK)
    st = scan_pass(vk, p, l, tmp, chunk, nchunks, tiles ? 4 : 2);
  /* later users of these buffers are ordered after this work by barriers */
  if (totals.bytes)
    ga_buffer_release(&totals);
  if (positions.bytes)
    ga_buffer_release(&positions);
  return st;
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
  scan_level l = {d->inner, d->n, d->outer, d->in->address, 0, d->out->address,
                  d->out_index ? d->out_index->address : 0};
  return scan_run(vk, (scan_variant){d->op, d->in_cls, oc}, &l, SCAN_MIN_CHUNK);
}
