/* The one process-wide context: provider selection, start-up, reset and shutdown. */
#include "ga_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

ga_ctx ga_g;

static int env_device_index(void)
{
  const char *s = getenv("GPUARRAY_DEVICE");
  if (!s || !*s)
    return -1;
  char *end;
  long v = strtol(s, &end, 10);
  return (*end == '\0' && v >= 1 && v <= 64) ? (int)v - 1 : -1;
}

static ga_status open_provider(const ga_provider_ops *p, int index)
{
  void *state = NULL;
  ga_status st = p->open(index, &state);
  if (st != GA_OK)
    return st;
  ga_g.prov = p;
  ga_g.pstate = state;
  ga_g.device_index = index;
  st = p->device_info(state, &ga_g.info);
  if (st != GA_OK) {
    p->close(state);
    ga_g.prov = NULL;
    return st;
  }
  /* Keep at most a quarter of the device cached for reuse (an allocation that fails
   * empties the pool and tries again). A CPU device's memory is the host's, where
   * cached buffers are resident pages: there at most 4 GiB. */
  uint64_t limit = ga_g.info.total_memory / 4;
  if (strcmp(ga_g.info.device_type, "cpu") == 0 && limit > (4ull << 30))
    limit = 4ull << 30;
  ga_g.pool.limit = limit;
  return GA_OK;
}

/* GPUARRAY_PROVIDER=host forces the host provider; =vulkan makes a missing Vulkan
 * device an error instead of a silent fallback. */
static ga_status start(int index)
{
  const char *want = getenv("GPUARRAY_PROVIDER");
  if (want && strcmp(want, "host") == 0)
    return open_provider(&ga_host_provider, 0);
  ga_status st = open_provider(&ga_vulkan_provider, index);
  if (st == GA_OK || (want && strcmp(want, "vulkan") == 0))
    return st;
  if (st == GA_ERR_NO_DEVICE && index > 0)
    return st;
  return open_provider(&ga_host_provider, 0);
}

ga_status ga_init(void)
{
  if (ga_g.initialised)
    return GA_OK;
  int index = env_device_index();
  ga_status st = start(index < 0 ? 0 : index);
  if (st != GA_OK)
    return st;
  ga_g.initialised = true;
  return GA_OK;
}

static void stop(void)
{
  if (ga_g.prov)
    ga_g.prov->synchronize(ga_g.pstate);
  ga_handles_clear();
  ga_pool_trim();
  if (ga_g.prov)
    ga_g.prov->close(ga_g.pstate);
  ga_g.prov = NULL;
  ga_g.pstate = NULL;
  ga_g.initialised = false;
}

void ga_shutdown(void)
{
  if (!ga_g.initialised)
    return;
  stop();
  ga_handle_table keep_h = ga_g.handles; /* cleared by stop (); its counters live on */
  ga_stats keep = ga_g.stats;
  memset(&ga_g, 0, sizeof ga_g);
  ga_g.stats.validation_messages = keep.validation_messages;
  ga_g.handles.generation = keep_h.generation;
  ga_g.handles.next_version = keep_h.next_version;
  ga_g.handles.reset_version = keep_h.reset_version;
}

ga_status ga_reset(int device_index)
{
  ga_status st = ga_init();
  if (st != GA_OK)
    return st;
  int index = device_index > 0 ? device_index - 1 : ga_g.device_index;
  int count = 0;
  ga_g.prov->device_count(ga_g.pstate, &count);
  if (device_index > 0 && (device_index > count))
    return ga_fail(GA_ERR_NO_DEVICE, "gpuDevice: device index %d is out of range: %d device%s available",
                   device_index, count, count == 1 ? "" : "s");
  const ga_provider_ops *prov = ga_g.prov;
  stop();
  ga_g.pool = (ga_pool){0};
  st = prov == &ga_host_provider ? open_provider(prov, 0) : start(index);
  if (st != GA_OK)
    return st;
  ga_g.initialised = true;
  return GA_OK;
}

uint64_t ga_now_ns(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

ga_status ga_synchronize(void)
{
  ga_status st = ga_init();
  uint64_t t0 = ga_now_ns();
  if (st == GA_OK)
    st = ga_handles_materialize_all();
  if (st == GA_OK)
    st = ga_g.prov->synchronize(ga_g.pstate);
  ga_g.stats.host_sync_ns += ga_now_ns() - t0;
  return st;
}

ga_status ga_device_count(int *count)
{
  ga_status st = ga_init();
  return st != GA_OK ? st : ga_g.prov->device_count(ga_g.pstate, count);
}

ga_status ga_get_device_info(ga_device_info *info)
{
  ga_status st = ga_init();
  if (st != GA_OK)
    return st;
  /* the budget moves; refresh it on every query */
  st = ga_g.prov->device_info(ga_g.pstate, &ga_g.info);
  *info = ga_g.info;
  return st;
}

ga_status ga_get_stats(ga_stats *stats)
{
  *stats = ga_g.stats;
  return GA_OK;
}

void ga_note_host_fallback(void)
{
  ga_g.stats.host_fallbacks++;
}

void ga_reset_stats(void)
{
  ga_stats keep = ga_g.stats;
  memset(&ga_g.stats, 0, sizeof ga_g.stats);
  /* gauges describe the present, not a period: keep them */
  ga_g.stats.bytes_in_use = keep.bytes_in_use;
  ga_g.stats.bytes_pooled = keep.bytes_pooled;
  ga_g.stats.live_tensors = keep.live_tensors;
  ga_g.stats.validation_messages = keep.validation_messages;
}
