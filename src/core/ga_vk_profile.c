/* GPUARRAY_PROFILE=1 (a tuning aid, off by default): the device time of each kernel,
 * summed per kernel key and printed on stderr when the device closes. Every dispatch
 * follows a full barrier (ga_vk_barrier), so the time from one timestamp to the next
 * is the dispatch's own, its launch included; copies and fills recorded between two
 * dispatches count towards the second. */
#include "ga_vk.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PROF_Q (GA_VK_MAX_BATCH + 1) /* per ring slot: the start, then one per dispatch */

typedef struct {
  const char *key; /* the pipeline's own key string: stable until the pipelines close */
  uint64_t ns, count;
} prof_row;

struct ga_vk_profile {
  VkQueryPool pool;
  const char *label[GA_VK_RING][GA_VK_MAX_BATCH];
  int marks[GA_VK_RING];     /* dispatches timed in the slot */
  bool pending[GA_VK_RING];  /* submitted, not yet read */
  prof_row *rows;
  size_t nrows, cap;
  uint64_t total_ns, dispatches;
};

void ga_vk_profile_create(ga_vk *vk)
{
  const char *env = getenv("GPUARRAY_PROFILE");
  if (!env || !*env || strcmp(env, "0") == 0 || !vk->timestamps)
    return;
  ga_vk_profile *pr = calloc(1, sizeof *pr);
  if (!pr)
    return;
  VkQueryPoolCreateInfo qi = {.sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO,
                              .queryType = VK_QUERY_TYPE_TIMESTAMP, .queryCount = PROF_Q * GA_VK_RING};
  if (vkCreateQueryPool(vk->device, &qi, NULL, &pr->pool) != VK_SUCCESS) {
    free(pr);
    return;
  }
  vk->profile = pr;
}

static void add(ga_vk_profile *pr, const char *key, uint64_t ns)
{
  for (size_t i = 0; i < pr->nrows; i++)
    if (pr->rows[i].key == key) {
      pr->rows[i].ns += ns;
      pr->rows[i].count++;
      return;
    }
  if (pr->nrows == pr->cap) {
    size_t cap = pr->cap ? 2 * pr->cap : 64;
    prof_row *r = realloc(pr->rows, cap * sizeof *r);
    if (!r)
      return;
    pr->rows = r;
    pr->cap = cap;
  }
  pr->rows[pr->nrows++] = (prof_row){key, ns, 1};
}

/* Reads the slots whose work has finished. */
void ga_vk_profile_harvest(ga_vk *vk)
{
  ga_vk_profile *pr = vk->profile;
  uint64_t done = 0;
  if (!pr || vkGetSemaphoreCounterValue(vk->device, vk->timeline, &done) != VK_SUCCESS)
    return;
  for (int slot = 0; slot < GA_VK_RING; slot++) {
    if (!pr->pending[slot] || vk->ring_value[slot] > done)
      continue;
    pr->pending[slot] = false;
    uint64_t t[PROF_Q];
    uint32_t n = (uint32_t)pr->marks[slot] + 1;
    if (n < 2 || vkGetQueryPoolResults(vk->device, pr->pool, PROF_Q * (uint32_t)slot, n, sizeof t, t, sizeof t[0],
                                       VK_QUERY_RESULT_64_BIT) != VK_SUCCESS)
      continue;
    for (uint32_t i = 1; i < n; i++) {
      uint64_t ns = t[i] >= t[i - 1] ? (uint64_t)((double)(t[i] - t[i - 1]) * vk->ns_per_tick) : 0;
      add(pr, pr->label[slot][i - 1], ns);
      pr->total_ns += ns;
      pr->dispatches++;
    }
  }
}

/* A command buffer starts (ga_vk_cmd has just harvested the slot's earlier work): its
 * slot's queries are reset and the start is stamped. */
void ga_vk_profile_begin(ga_vk *vk, VkCommandBuffer cmd, int slot)
{
  ga_vk_profile *pr = vk->profile;
  if (!pr)
    return;
  pr->marks[slot] = 0;
  pr->pending[slot] = false;
  vkCmdResetQueryPool(cmd, pr->pool, PROF_Q * (uint32_t)slot, PROF_Q);
  vkCmdWriteTimestamp(cmd, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, pr->pool, PROF_Q * (uint32_t)slot);
}

void ga_vk_profile_mark(ga_vk *vk, VkCommandBuffer cmd, VkPipeline p)
{
  ga_vk_profile *pr = vk->profile;
  if (!pr)
    return;
  int slot = vk->ring_pos, k = pr->marks[slot];
  if (k >= GA_VK_MAX_BATCH)
    return;
  const char *key = ga_vk_pipeline_key(vk, p);
  pr->label[slot][k] = key ? key : "?";
  vkCmdWriteTimestamp(cmd, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, pr->pool, PROF_Q * (uint32_t)slot + 1 + (uint32_t)k);
  pr->marks[slot] = k + 1;
}

void ga_vk_profile_submitted(ga_vk *vk, int slot)
{
  if (vk->profile)
    vk->profile->pending[slot] = true;
}

static int by_time(const void *a, const void *b)
{
  const prof_row *x = a, *y = b;
  return x->ns < y->ns ? 1 : x->ns > y->ns ? -1 : 0;
}

/* After the device is idle and before the pipelines (whose keys label the rows) close. */
void ga_vk_profile_destroy(ga_vk *vk)
{
  ga_vk_profile *pr = vk->profile;
  if (!pr)
    return;
  ga_vk_profile_harvest(vk);
  qsort(pr->rows, pr->nrows, sizeof *pr->rows, by_time);
  fprintf(stderr, "gpuarray profile: %llu dispatches, %.3f ms of device time\n",
          (unsigned long long)pr->dispatches, 1e-6 * (double)pr->total_ns);
  fprintf(stderr, "%12s %6s %10s %9s  %s\n", "ms", "%", "count", "us each", "kernel");
  for (size_t i = 0; i < pr->nrows; i++) {
    const prof_row *r = &pr->rows[i];
    fprintf(stderr, "%12.3f %6.2f %10llu %9.2f  %.100s\n", 1e-6 * (double)r->ns,
            pr->total_ns ? 100.0 * (double)r->ns / (double)pr->total_ns : 0.0, (unsigned long long)r->count,
            1e-3 * (double)r->ns / (double)r->count, r->key);
  }
  vkDestroyQueryPool(vk->device, pr->pool, NULL);
  free(pr->rows);
  free(pr);
  vk->profile = NULL;
}
