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

ga_status ga_buffer_acquire(size_t bytes, ga_pbuf *out)
{
  size_t cb;
  unsigned c = class_of(bytes, &cb);
  ga_pool *p = &ga_g.pool;
  if (c < GA_POOL_CLASSES && p->free_lists[c]) {
    ga_pool_entry *e = p->free_lists[c];
    p->free_lists[c] = e->next;
    p->bytes_pooled -= e->buf.bytes;
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

void ga_buffer_release(ga_pbuf *buf)
{
  size_t cb;
  unsigned c = class_of(buf->bytes, &cb);
  ga_pool *p = &ga_g.pool;
  ga_pool_entry *e = NULL;
  if (c < GA_POOL_CLASSES && cb == buf->bytes && p->bytes_pooled + buf->bytes <= p->limit)
    e = malloc(sizeof *e);
  if (!e) {
    ga_g.prov->free(ga_g.pstate, buf);
  } else {
    e->buf = *buf;
    e->next = p->free_lists[c];
    p->free_lists[c] = e;
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
  for (unsigned c = 0; c < GA_POOL_CLASSES; c++) {
    while (p->free_lists[c]) {
      ga_pool_entry *e = p->free_lists[c];
      p->free_lists[c] = e->next;
      ga_g.prov->free(ga_g.pstate, &e->buf);
      free(e);
    }
  }
  p->bytes_pooled = 0;
  ga_g.stats.bytes_pooled = 0;
}
