/* The positions of a mask's nonzeros on the Vulkan provider (shaders/compact.comp): one
 * pass counts each block's nonzeros, the core adds the counts up, a second pass writes
 * each block's positions from its offset. */
#include "ga_glsl_emit.h"
#include "ga_strbuf.h"
#include "ga_vk.h"

#include <stdio.h>

static char *compact_source(const void *ctx)
{
  ga_strbuf b = {0};
  ga_glsl_emit_prelude(&b, NULL);
  ga_sb_printf(&b, "#define COUNT %d\n", *(const int *)ctx);
  ga_sb_puts(&b, ga_glsl_compact);
  return ga_sb_take(&b);
}

static ga_status pass(ga_vk *vk, int count, const ga_pbuf *mask, int64_t n, uint64_t counts, uint64_t out)
{
  char key[32];
  snprintf(key, sizeof key, "compact:%d", count);
  VkPipeline p;
  ga_status st = ga_vk_pipeline_get(vk, key, compact_source, &count, &p);
  if (st != GA_OK)
    return st;
  uint64_t groups = ((uint64_t)n + GA_COMPACT_BLOCK - 1) / GA_COMPACT_BLOCK;
  struct {
    uint64_t mask, counts, out, n;
    uint32_t groups_x, pad;
  } push = {mask->address, counts, out, (uint64_t)n, ga_vk_groups_x(groups), 0};
  return ga_vk_dispatch(vk, p, &push, sizeof push, groups);
}

ga_status ga_vk_compact_count(void *state, const ga_pbuf *mask, int64_t n, ga_pbuf *counts)
{
  return pass(state, 1, mask, n, counts->address, 0);
}

ga_status ga_vk_compact_write(void *state, const ga_pbuf *mask, int64_t n, const ga_pbuf *offsets, ga_pbuf *out)
{
  return pass(state, 0, mask, n, offsets->address, out->address);
}
