/* sort on the Vulkan provider (shaders/sort.comp): an LSD radix sort of order-preserving
 * keys, 8 bits a pass (each pass: the tiles' digit counts, their offsets, the digits'
 * starts, the stable scatter), then passes on the line numbers, then one kernel that writes each output
 * position from its line's sorted order. Keys and positions ping-pong between two
 * pairs of scratch buffers. Arrays of 2^32 elements or more go to the host. */
#include "ga_glsl_emit.h"
#include "ga_strbuf.h"
#include "ga_vk.h"

#include <stdio.h>
#include <string.h>

enum { WG = 256, TILE = 4096, RADIX = 256 };

typedef struct {
  ga_class cls;
  uint32_t subgroups; /* in a workgroup of WG */
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
  ga_sb_printf(&b, "#define KEY_BITS %d\n#define KEY_T %s\n#define ELEM_BYTES %zu\n#define NSG_MAX %u\n",
               bits == 64 ? 64 : 32, bits == 64 ? "uint64_t" : "uint", ga_class_size(c), v->subgroups);
  if (c == GA_DOUBLE)
    ga_sb_puts(&b, "uint64_t ga_sort_key(uint64_t b)\n{\n"
                   "  uint64_t mag = b & 0x7fffffffffffffffUL;\n"
                   "  if (mag > 0x7ff0000000000000UL)\n    return ~0UL;\n"
                   "  if (mag == 0UL)\n    b = 0UL;\n"
                   "  return (b >> 63) != 0UL ? ~b : b | 0x8000000000000000UL;\n}\n"
                   "#define KEY_OF(e) ga_sort_key(GaU64(pc.in_addr + 8ul * uint64_t(e)).v)\n");
  else if (c == GA_SINGLE)
    ga_sb_puts(&b, "uint ga_sort_key(uint b)\n{\n"
                   "  uint mag = b & 0x7fffffffu;\n"
                   "  if (mag > 0x7f800000u)\n    return ~0u;\n"
                   "  if (mag == 0u)\n    b = 0u;\n"
                   "  return (b >> 31) != 0u ? ~b : b | 0x80000000u;\n}\n"
                   "#define KEY_OF(e) ga_sort_key(GaU32(pc.in_addr + 4ul * uint64_t(e)).v)\n");
  else if (c == GA_INT64 || c == GA_UINT64)
    ga_sb_printf(&b, "#define KEY_OF(e) (GaU64(pc.in_addr + 8ul * uint64_t(e)).v ^ %s)\n",
                 c == GA_INT64 ? "0x8000000000000000UL" : "0UL");
  else if (c == GA_INT32 || c == GA_UINT32)
    ga_sb_printf(&b, "#define KEY_OF(e) (GaU32(pc.in_addr + 4ul * uint64_t(e)).v ^ %s)\n",
                 c == GA_INT32 ? "0x80000000u" : "0u");
  else if (c == GA_INT16 || c == GA_UINT16)
    ga_sb_printf(&b, "#define KEY_OF(e) (ga_ld_uint16(pc.in_addr, uint64_t(e)) ^ %s)\n",
                 c == GA_INT16 ? "0x8000u" : "0u");
  else if (c == GA_LOGICAL)
    ga_sb_puts(&b, "#define KEY_OF(e) ga_ld_logical(pc.in_addr, uint64_t(e))\n");
  else
    ga_sb_printf(&b, "#define KEY_OF(e) (ga_ld_uint8(pc.in_addr, uint64_t(e)) ^ %s)\n",
                 c == GA_INT8 ? "0x80u" : "0u");
  ga_sb_puts(&b, ga_glsl_sort);
  return ga_sb_take(&b);
}

typedef struct {
  uint64_t in_addr, key_src, idx_src, key_dst, idx_dst, counts, out_addr, outidx_addr;
  uint32_t total, inner, len, ntiles;
  uint32_t shift, mode, flags, groups_x;
} sort_push;

static ga_status sort_pass(ga_vk *vk, VkPipeline p, sort_push *pc, uint32_t mode, uint64_t groups)
{
  pc->mode = mode;
  pc->groups_x = ga_vk_groups_x(groups);
  return ga_vk_dispatch(vk, p, pc, (uint32_t)sizeof *pc, groups);
}

ga_status ga_vk_sort(void *state, const ga_sort_desc *d)
{
  ga_vk *vk = state;
  uint64_t total = (uint64_t)(d->inner * d->n * d->outer), lines = (uint64_t)(d->inner * d->outer);
  /* ranks within a subgroup come from ballots */
  if (!vk->fp64 || !vk->sub_ballot || vk->subgroup_size < 8 || vk->subgroup_size > 128 || ga_class_is_complex(d->cls) ||
      total >= ((uint64_t)1 << 32) - TILE)
    return GA_ERR_UNSUPPORTED;
  sort_variant v = {d->cls, WG / vk->subgroup_size};
  char key[32];
  snprintf(key, sizeof key, "sort:%d", (int)d->cls);
  VkPipeline p;
  ga_status st = ga_vk_pipeline_get(vk, key, sort_source, &v, &p);
  if (st != GA_OK)
    return st;
  int value_passes = key_bits(d->cls) / 8, line_passes = 0;
  while (lines > 1 && line_passes < 4 && ((lines - 1) >> (8 * line_passes)) != 0)
    line_passes++;
  int passes = value_passes + line_passes;
  uint64_t ntiles = (total + TILE - 1) / TILE;
  size_t kb = key_bits(d->cls) == 64 ? 8 : 4;
  ga_pbuf keys[2] = {{0}}, idx[2] = {{0}}, counts = {0};
  /* keys go to keys[1] in the first pass, then back and forth until the last value pass */
  for (int k = 0; k < 2 && st == GA_OK; k++)
    if (value_passes > 2 - k)
      st = ga_buffer_acquire(total * kb, &keys[k]);
  for (int k = 0; k < 2 && st == GA_OK; k++)
    st = ga_buffer_acquire(total * 4, &idx[k]);
  if (st == GA_OK)
    st = ga_buffer_acquire((RADIX * ntiles + RADIX) * 4, &counts);
  sort_push pc = {d->in->address, 0, 0, 0, 0, counts.address, d->out->address,
                  d->out_index ? d->out_index->address : 0,
                  (uint32_t)total, (uint32_t)d->inner, (uint32_t)d->n, (uint32_t)ntiles, 0, 0, 0, 0};
  int src = 0;
  for (int q = 0; q < passes && st == GA_OK; q++) {
    bool line = q >= value_passes;
    pc.shift = (uint32_t)(8 * (line ? q - value_passes : q));
    pc.flags = (q == 0 ? 1u : 0u) | (line ? 2u : 0u) | (q >= value_passes - 1 ? 4u : 0u) | (d->descend ? 8u : 0u);
    pc.key_src = keys[src].address;
    pc.idx_src = idx[src].address;
    pc.key_dst = keys[1 - src].address;
    pc.idx_dst = idx[1 - src].address;
    st = sort_pass(vk, p, &pc, 0, ntiles);
    if (st == GA_OK)
      st = sort_pass(vk, p, &pc, 1, RADIX);
    if (st == GA_OK)
      st = sort_pass(vk, p, &pc, 4, 1);
    if (st == GA_OK)
      st = sort_pass(vk, p, &pc, 2, ntiles);
    src = 1 - src;
  }
  if (st == GA_OK) {
    pc.idx_src = idx[src].address;
    st = sort_pass(vk, p, &pc, 3, ((total + 3) / 4 + WG - 1) / WG);
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
