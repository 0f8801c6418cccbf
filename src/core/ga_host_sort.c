/* Octave's sort on plain memory, the reference for the providers' kernels: each line's
 * elements ordered by a key whose unsigned order is Octave's (NaN after +Inf, -0 equal
 * to +0, descending as the complement), ties by position, which makes it stable. */
#include "ga_internal.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
  uint64_t key;
  int64_t k;
} sort_item;

static uint64_t float_key(uint64_t bits, int width)
{
  uint64_t sign = (uint64_t)1 << (width - 1), mag = bits & (sign - 1);
  uint64_t inf = width == 64 ? 0x7ff0000000000000ull : 0x7f800000ull;
  if (mag > inf) /* every NaN as one, above +Inf */
    return (sign - 1) | sign;
  if (mag == 0)
    bits = 0;
  return bits & sign ? ~bits & (sign | (sign - 1)) : bits | sign;
}

static uint64_t key_of(ga_class c, const void *in, int64_t e)
{
  switch (c) {
  case GA_DOUBLE: { uint64_t b; memcpy(&b, (const char *)in + 8 * e, 8); return float_key(b, 64); }
  case GA_SINGLE: { uint32_t b; memcpy(&b, (const char *)in + 4 * e, 4); return float_key(b, 32); }
  case GA_INT64: return (uint64_t)((const int64_t *)in)[e] ^ 0x8000000000000000ull;
  case GA_UINT64: return ((const uint64_t *)in)[e];
  case GA_INT32: return (uint32_t)((const int32_t *)in)[e] ^ 0x80000000u;
  case GA_UINT32: return ((const uint32_t *)in)[e];
  case GA_INT16: return (uint16_t)((const int16_t *)in)[e] ^ 0x8000u;
  case GA_UINT16: return ((const uint16_t *)in)[e];
  case GA_INT8: return (uint8_t)((const int8_t *)in)[e] ^ 0x80u;
  case GA_LOGICAL: return ((const uint8_t *)in)[e] != 0;
  default: return ((const uint8_t *)in)[e]; /* uint8 */
  }
}

static int cmp_items(const void *pa, const void *pb)
{
  const sort_item *a = pa, *b = pb;
  if (a->key != b->key)
    return a->key < b->key ? -1 : 1;
  return (a->k > b->k) - (a->k < b->k);
}

ga_status ga_host_eval_sort(const ga_sort_desc *d, const void *in, void *out, double *out_index)
{
  if (ga_class_is_complex(d->cls))
    return ga_fail(GA_ERR_ARG, "sort: complex values are not sorted here");
  sort_item *items = malloc((size_t)(d->n ? d->n : 1) * sizeof *items);
  if (!items)
    return ga_fail(GA_ERR_OOM, "out of host memory for sort");
  size_t es = ga_class_size(d->cls);
  for (int64_t o = 0; o < d->outer; o++)
    for (int64_t i = 0; i < d->inner; i++) {
      int64_t base = o * d->n * d->inner + i;
      for (int64_t k = 0; k < d->n; k++) {
        uint64_t key = key_of(d->cls, in, base + k * d->inner);
        items[k] = (sort_item){d->descend ? ~key : key, k};
      }
      qsort(items, (size_t)d->n, sizeof *items, cmp_items);
      for (int64_t k = 0; k < d->n; k++) {
        int64_t to = base + k * d->inner, from = base + items[k].k * d->inner;
        memcpy((char *)out + (size_t)to * es, (const char *)in + (size_t)from * es, es);
        if (out_index)
          out_index[to] = (double)(items[k].k + 1);
      }
    }
  free(items);
  return GA_OK;
}
