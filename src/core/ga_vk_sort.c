/* sort on the Vulkan provider (shaders/sort.comp): an LSD radix sort of order-preserving
 * keys, 8 bits a pass (each pass: the tiles' digit counts, their offsets, the digits'
 * starts, the stable scatter), then passes on the line numbers, then one kernel that writes each output
 * position from its line's sorted order. Keys and positions ping-pong between two
 * pairs of scratch buffers. Arrays of 2^31 elements or more go to the host. */
#include "ga_glsl_emit.h"
#include "ga_strbuf.h"
#include "ga_vk.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { WG = 256, RADIX = 256 };

typedef struct {
  ga_class cls;
  uint32_t subgroups; /* in a workgroup of WG */
  int mode;           /* the kernel (shaders/sort.comp, MODE) */
  uint32_t tile;
} sort_variant;

/* the bits that order the class's keys */
static int key_bits(ga_class c)
{
  size_t s = ga_class_size(c);
  return (int)(8 * s);
}

static char *sort_source(const void *ctx)
{
  const sort_variant *v = ctx;
  ga_class c = v->cls;
  int bits = key_bits(c);
  ga_strbuf b = {0};
  ga_glsl_emit_prelude(&b, NULL);
  ga_sb_printf(&b, "#define KEY_BITS %d\n#define KEY_T %s\n#define ELEM_BYTES %zu\n#define NSG_MAX %u\n#define MODE %d\n"
               "#define TILE %uu\n", bits == 64 ? 64 : 32, bits == 64 ? "uint64_t" : "uint", ga_class_size(c), v->subgroups,
               v->mode, v->tile);
  /* element e's bits, unsigned (ga_common.glsl's loads) */
  size_t sz = ga_class_size(c);
  char ld[64];
  snprintf(ld, sizeof ld, "ga_ld_%s(pc.in_addr, uint64_t(e))",
           c == GA_LOGICAL ? "logical" : sz == 8 ? "uint64" : sz == 4 ? "uint32" : sz == 2 ? "uint16" : "uint8");
  if (c == GA_DOUBLE || c == GA_SINGLE) {
    /* -0 as +0 and every NaN as the one of all ones; positives above negatives */
    bool dbl = c == GA_DOUBLE;
    const char *t = dbl ? "uint64_t" : "uint";
    const char *sign = dbl ? "0x8000000000000000UL" : "0x80000000u", *mag = dbl ? "0x7fffffffffffffffUL" : "0x7fffffffu";
    const char *inf = dbl ? "0x7ff0000000000000UL" : "0x7f800000u";
    ga_sb_printf(&b, "%s ga_sort_key(%s b)\n{\n  if ((b & %s) > %s)\n    return ~%s(0);\n"
                     "  if ((b & %s) == %s(0))\n    b = %s(0);\n  return (b & %s) != %s(0) ? ~b : b | %s;\n}\n",
                 t, t, mag, inf, t, mag, t, t, sign, t, sign);
    ga_sb_printf(&b, "#define VALUE_OF(k) (((k) & %s) != %s(0) ? (k) & %s : ~(k))\n", sign, t, mag);
    ga_sb_printf(&b, "#define KEY_OF(e) ga_sort_key(%s)\n#define SPECIAL_OF(e) (VALUE_OF(KEY_OF(e)) != %s)\n", ld, ld);
  } else {
    const char *flip = !ga_class_is_signed(c) ? (sz == 8 ? "0UL" : "0u") : sz == 8 ? "0x8000000000000000UL"
                       : sz == 4 ? "0x80000000u" : sz == 2 ? "0x8000u" : "0x80u";
    const char *mask = sz == 8 ? "~0UL" : sz == 4 ? "~0u" : sz == 2 ? "0xffffu" : "0xffu";
    ga_sb_printf(&b, "#define KEY_OF(e) (%s ^ %s)\n#define SPECIAL_OF(e) false\n#define VALUE_OF(k) (((k) ^ %s) & %s)\n",
                 ld, flip, flip, mask);
  }
  ga_sb_puts(&b, ga_glsl_sort);
  return ga_sb_take(&b);
}

typedef struct {
  uint64_t in_addr, key_src, idx_src, key_dst, idx_dst, counts, out_addr, outidx_addr;
  uint32_t total, inner, len, ntiles;
  uint32_t shift, pad, flags, groups_x;
} sort_push;

enum { HISTOGRAM, OFFSETS, SCATTER, EMIT, STARTS, SPREAD, NKERNELS };

static ga_status sort_pass(ga_vk *vk, VkPipeline p, sort_push *pc, uint64_t groups)
{
  pc->groups_x = ga_vk_groups_x(groups);
  return ga_vk_dispatch(vk, p, pc, (uint32_t)sizeof *pc, groups);
}

ga_status ga_vk_sort(void *state, const ga_sort_desc *d)
{
  ga_vk *vk = state;
  uint64_t total = (uint64_t)(d->inner * d->n * d->outer), lines = (uint64_t)(d->inner * d->outer);
  /* ranks within a subgroup come from ballots; positions keep bit 31 for a mark. The
   * kernels size their per-subgroup counters by the device's subgroup size, which a
   * Vulkan 1.2 (SPIR-V 1.5) compute shader runs with unless asked to vary it */
  if (!vk->fp64 || !vk->sub_ballot || vk->subgroup_size < 8 || vk->subgroup_size > 128 || ga_class_is_complex(d->cls) ||
      total >= ((uint64_t)1 << 31) - 65536)
    return GA_ERR_UNSUPPORTED;
  VkPipeline p[NKERNELS];
  ga_status st = GA_OK;
  size_t kb = key_bits(d->cls) == 64 ? 8 : 4;
  /* the largest tile whose keys and positions fit in shared memory beside the
   * scatter's counters (GPUARRAY_SORT_TILE, a tuning aid, may ask for a smaller one) */
  size_t fixed = (3 + 1) * RADIX * 4 + (WG / vk->subgroup_size) * (RADIX / 2) * 4;
  uint32_t tile = 4096;
  while (tile > WG && fixed + tile * (kb + 4) > vk->props.limits.maxComputeSharedMemorySize)
    tile /= 2;
  if (fixed + tile * (kb + 4) > vk->props.limits.maxComputeSharedMemorySize)
    return GA_ERR_UNSUPPORTED; /* not even a tile of WG fits: the host sorts */
  const char *tile_env = getenv("GPUARRAY_SORT_TILE");
  if (tile_env && (uint32_t)atoi(tile_env) / WG * WG >= WG && (uint32_t)atoi(tile_env) < tile)
    tile = (uint32_t)atoi(tile_env) / WG * WG;
  for (int m = 0; m < NKERNELS && st == GA_OK; m++) {
    sort_variant v = {d->cls, WG / vk->subgroup_size, m, tile};
    char key[48];
    snprintf(key, sizeof key, "sort:%d:%d:%u", (int)d->cls, m, (unsigned)tile);
    st = ga_vk_pipeline_get(vk, key, sort_source, &v, &p[m]);
  }
  if (st != GA_OK)
    return st;
  int value_passes = key_bits(d->cls) / 8, line_passes = 0;
  while (lines > 1 && line_passes < 4 && ((lines - 1) >> (8 * line_passes)) != 0)
    line_passes++;
  int passes = value_passes + line_passes;
  uint64_t ntiles = (total + tile - 1) / tile;
  ga_pbuf keys[2] = {{0}}, idx[2] = {{0}}, counts = {0};
  /* keys and positions go to [1] in the first pass, then back and forth */
  for (int k = 0; k < 2 && st == GA_OK; k++)
    if (passes > 1 - k)
      st = ga_buffer_acquire(total * kb, &keys[k]);
  for (int k = 0; k < 2 && st == GA_OK; k++)
    st = ga_buffer_acquire(total * 4, &idx[k]);
  if (st == GA_OK)
    st = ga_buffer_acquire((RADIX * ntiles + RADIX) * 4, &counts);
  sort_push pc = {d->in->address, 0, 0, 0, 0, counts.address, d->out->address,
                  d->out_index ? d->out_index->address : 0,
                  (uint32_t)total, (uint32_t)d->inner, (uint32_t)d->n, (uint32_t)ntiles, 0, 0, 0, 0};
  /* the key bits in which some element differs from the first: a digit without any
   * orders nothing, and its pass is skipped (integer-valued doubles leave most of the
   * mantissa's bytes alike). One read of the data and a wait for 8 bytes. */
  uint64_t spread = ~(uint64_t)0;
  const char *skip_env = getenv("GPUARRAY_SORT_SKIP"); /* a tuning aid: 0 sorts by every digit */
  if (st == GA_OK && value_passes > 1 && !(skip_env && strcmp(skip_env, "0") == 0)) {
    static const uint32_t zero[2] = {0, 0};
    uint32_t bits[2] = {0, 0};
    ga_pbuf sb = {0};
    st = ga_buffer_acquire(sizeof bits, &sb);
    if (st == GA_OK && (st = ga_vk_write_inline(vk, &sb, zero, sizeof zero)) == GA_OK) {
      pc.counts = sb.address;
      if ((st = sort_pass(vk, p[SPREAD], &pc, ntiles)) == GA_OK)
        st = ga_vk_download(vk, &sb, bits, sizeof bits);
      pc.counts = counts.address;
      spread = bits[0] | (uint64_t)bits[1] << 32;
    }
    if (sb.bytes)
      ga_buffer_release(&sb);
  }
  int src = 0;
  bool first = true;
  for (int q = 0; q < passes && st == GA_OK; q++) {
    bool line = q >= value_passes;
    /* (every key alike and one line: one pass still writes the keys and positions) */
    if (!line && ((spread >> (8 * q)) & 0xff) == 0 && !(first && q == passes - 1))
      continue;
    pc.shift = (uint32_t)(8 * (line ? q - value_passes : q));
    pc.flags = (first ? 1u : 0u) | (line ? 2u : 0u) | (d->descend ? 8u : 0u);
    first = false;
    pc.key_src = keys[src].address;
    pc.idx_src = idx[src].address;
    pc.key_dst = keys[1 - src].address;
    pc.idx_dst = idx[1 - src].address;
    st = sort_pass(vk, p[HISTOGRAM], &pc, ntiles);
    if (st == GA_OK)
      st = sort_pass(vk, p[OFFSETS], &pc, RADIX);
    if (st == GA_OK)
      st = sort_pass(vk, p[STARTS], &pc, 1);
    if (st == GA_OK)
      st = sort_pass(vk, p[SCATTER], &pc, ntiles);
    src = 1 - src;
  }
  if (st == GA_OK) {
    pc.key_src = keys[src].address;
    pc.idx_src = idx[src].address;
    pc.flags = d->descend ? 8u : 0u;
    uint64_t threads = ga_class_size(d->cls) >= 4 ? total : (total + 3) / 4; /* 1-2 bytes: a word a thread */
    st = sort_pass(vk, p[EMIT], &pc, (threads + WG - 1) / WG);
  }
  /* later users of these buffers are ordered after this work by barriers */
  for (int k = 0; k < 2; k++) {
    if (keys[k].bytes)
      ga_buffer_release(&keys[k]);
    if (idx[k].bytes)
      ga_buffer_release(&idx[k]);
  }
  if (counts.bytes)
    ga_buffer_release(&counts);
  return st;
}
