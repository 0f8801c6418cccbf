/* Residency: device buffers come from a size-class pool so that the steady state of
 * an array program allocates no device memory. Classes are a quarter of an octave
 * apart (at most 25% slack); the pool is trimmed when an allocation fails. */
#include "ga_internal.h"

#include <stdlib.h>

#define MIN_CLASS_BYTES 256u

static unsigned class_of(size_t bytes, size_t *class_bytes)
{
  if (bytes <= MIN_CLASS_BYTES) {
    *class_bytes = MIN_CLASS_BYTES;
    return 0;
  }
  unsigned msb = 63u - (unsigned)__builtin_clzll((unsigned long long)(bytes - 1));
  /* bytes-1 in [2^msb, 2^(msb+1)); split the octave into 4 steps */
  size_t base = (size_t)1 << msb;
  size_t step = base / 4;
  unsigned quarter = (unsigned)((bytes - 1 - base) / step); /* 0..3 */
  *class_bytes = base + step * (quarter + 1);
  return (msb - 8u) * 4u + quarter + 1u;
}

size_t ga_pool_class_bytes(size_t bytes)
{
  size_t cb;
  class_of(bytes, &cb);
  return cb;
}

/* Takes e off its class's list and off the age list. */
static void unlink_entry(ga_pool *p, ga_pool_entry *e)
{
  if (e->prev)
    e->prev->next = e->next;
  else
    p->free_lists[e->cls] = e->next;
  if (e->next)
    e->next->prev = e->prev;
  if (e->older)
    e->older->newer = e->newer;
  else
    p->oldest = e->newer;
  if (e->newer)
    e->newer->older = e->older;
  else
    p->newest = e->older;
  p->bytes_pooled -= e->buf.bytes;
}

ga_status ga_buffer_acquire(size_t bytes, ga_pbuf *out)
{
  size_t cb;
  unsigned c = class_of(bytes, &cb);
  ga_pool *p = &ga_g.pool;
  if (c < GA_POOL_CLASSES && p->free_lists[c]) {
    ga_pool_entry *e = p->free_lists[c];
    unlink_entry(p, e);
    *out = e->buf;
    free(e);
    ga_g.stats.pool_hits++;
    ga_g.stats.bytes_pooled = p->bytes_pooled;
    return GA_OK;
  }
  ga_g.stats.pool_misses++;
  ga_status st = ga_g.prov->alloc(ga_g.pstate, cb, out);
  if (st == GA_ERR_OOM && p->bytes_pooled > 0) {
    ga_pool_trim();
    st = ga_g.prov->alloc(ga_g.pstate, cb, out);
  }
  return st;
}

/* A released buffer is kept; when that would put the pool over its limit, the buffers
 * pooled longest go first. A loop's working set is what it released last: keeping the
 * new buffer instead of old ones of sizes no longer asked for (1e8-element sorts and
 * lookups had allocated device memory on every call) is what makes its steady state
 * allocate nothing. The provider frees a buffer only after the work queued on it. */
void ga_buffer_release(ga_pbuf *buf)
{
  size_t cb;
  unsigned c = class_of(buf->bytes, &cb);
  ga_pool *p = &ga_g.pool;
  ga_pool_entry *e = NULL;
  if (c < GA_POOL_CLASSES && cb == buf->bytes && buf->bytes <= p->limit)
    e = malloc(sizeof *e);
  if (!e) {
    ga_g.prov->free(ga_g.pstate, buf);
  } else {
    while (p->oldest && p->bytes_pooled + buf->bytes > p->limit) {
      ga_pool_entry *old = p->oldest;
      unlink_entry(p, old);
      ga_g.prov->free(ga_g.pstate, &old->buf);
      free(old);
      ga_g.stats.pool_evictions++;
    }
    *e = (ga_pool_entry){.buf = *buf, .cls = c, .next = p->free_lists[c], .older = p->newest};
    if (e->next)
      e->next->prev = e;
    p->free_lists[c] = e;
    if (p->newest)
      p->newest->newer = e;
    else
      p->oldest = e;
    p->newest = e;
    p->bytes_pooled += buf->bytes;
  }
  ga_g.stats.bytes_pooled = p->bytes_pooled;
  *buf = (ga_pbuf){0};
}

void ga_pool_trim(void)
{
  ga_pool *p = &ga_g.pool;
  if (p->bytes_pooled == 0)
    return;
  /* pooled buffers may still be read by queued work */
  ga_g.prov->synchronize(ga_g.pstate);
  while (p->oldest) {
    ga_pool_entry *e = p->oldest;
    unlink_entry(p, e);
    ga_g.prov->free(ga_g.pstate, &e->buf);
    free(e);
  }
  ga_g.stats.bytes_pooled = 0;
}
