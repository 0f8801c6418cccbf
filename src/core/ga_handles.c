/* The handle table: what an id given to Octave refers to. An id is a slot and a version
 * number that no other occupant of any slot ever had (not even across resets), so an id
 * used after its release or after a reset is reported, never mistaken for a newer array.
 * Ids from before a reset are told apart by the generation the version was issued in. */
#include "ga_internal.h"

#include <stdlib.h>

#define SLOT_BITS 32

static ga_id make_id(uint32_t slot, uint32_t version)
{
  return ((ga_id)version << SLOT_BITS) | (ga_id)(slot + 1);
}

ga_status ga_handles_insert(ga_tensor *t, ga_id *out)
{
  ga_handle_table *h = &ga_g.handles;
  uint32_t slot = 0;
  if (h->nfree > 0) {
    slot = h->free_slots[--h->nfree];
  } else {
    if (h->nslots == h->cap) {
      uint32_t cap = h->cap ? h->cap * 2 : 1024;
      ga_tensor **slots = realloc(h->slots, cap * sizeof *slots);
      if (!slots)
        return ga_fail(GA_ERR_OOM, "out of host memory");
      h->slots = slots;
      uint32_t *fs = realloc(h->free_slots, cap * sizeof *fs);
      if (!fs)
        return ga_fail(GA_ERR_OOM, "out of host memory");
      h->free_slots = fs;
      uint32_t *vs = realloc(h->versions, cap * sizeof *vs);
      if (!vs)
        return ga_fail(GA_ERR_OOM, "out of host memory");
      h->versions = vs;
      h->cap = cap;
    }
    slot = h->nslots++;
  }
  h->slots[slot] = t;
  h->versions[slot] = ++h->next_version;
  t->handle_refs = 1;
  *out = make_id(slot, h->versions[slot]);
  return GA_OK;
}

ga_status ga_handles_insert_pair(ga_status st, ga_tensor *t, ga_id *out, ga_tensor *ix, ga_id *out_index)
{
  if (st == GA_OK && (st = ga_handles_insert(t, out)) == GA_OK) {
    t = NULL;
    if (ix && (st = ga_handles_insert(ix, out_index)) != GA_OK)
      ga_release(*out);
    else
      ix = NULL;
  }
  if (t)
    ga_tensor_unref(t);
  if (ix)
    ga_tensor_unref(ix);
  return st;
}

static ga_status lookup(ga_id id, uint32_t *slot)
{
  ga_handle_table *h = &ga_g.handles;
  uint32_t version = (uint32_t)(id >> SLOT_BITS);
  uint64_t s = (id & 0xffffffffu);
  if (s == 0 || s > h->nslots || !h->slots[s - 1] || h->versions[s - 1] != version) {
    if (version != 0 && version <= h->reset_version)
      return ga_fail(GA_ERR_STALE, "this gpuArray is no longer valid: its device was reset "
                                   "(reset(gpuDevice)) or another device was selected");
    return ga_fail(GA_ERR_STALE, "invalid or freed gpuArray handle");
  }
  *slot = (uint32_t)(s - 1);
  return GA_OK;
}

ga_status ga_handles_peek(ga_id id, ga_tensor **out)
{
  uint32_t slot = 0;
  ga_status st = lookup(id, &slot);
  if (st == GA_OK)
    *out = ga_g.handles.slots[slot];
  return st;
}

/* A pending assignment is applied at the first use of its result: by then Octave has
 * rebound the variable (A = subsasgn (A, ...)) and dropped the old value, so the
 * assignment can usually write into the old value's storage. */
ga_status ga_handles_get_fusible(ga_id id, ga_tensor **out)
{
  ga_status st = ga_handles_peek(id, out);
  if (st == GA_OK && (*out)->patch)
    st = ga_patch_apply(*out);
  return st;
}

ga_status ga_handles_get(ga_id id, ga_tensor **out)
{
  ga_status st = ga_handles_get_fusible(id, out);
  if (st == GA_OK && (*out)->product)
    st = ga_tensor_materialize(*out);
  return st;
}

/* id refers to t from now on (Octave's narrowing of a complex value: ga_api.c) */
ga_status ga_handles_replace(ga_id id, ga_tensor *t)
{
  uint32_t slot = 0;
  ga_status st = lookup(id, &slot);
  if (st != GA_OK)
    return st;
  ga_tensor *old = ga_g.handles.slots[slot];
  t->handle_refs = old->handle_refs;
  old->handle_refs = 0;
  ga_g.handles.slots[slot] = t;
  ga_tensor_unref(old);
  return GA_OK;
}

ga_status ga_retain(ga_id id)
{
  ga_status st = ga_init();
  ga_tensor *t;
  if (st == GA_OK && (st = ga_handles_peek(id, &t)) == GA_OK)
    t->handle_refs++;
  return st;
}

/* A release of an id that is already gone is not an error: Octave deletes objects
 * whenever it likes, also after a reset invalidated them. */
ga_status ga_release(ga_id id)
{
  if (!ga_g.initialised)
    return GA_OK;
  uint32_t slot = 0;
  if (lookup(id, &slot) != GA_OK)
    return GA_OK;
  ga_handle_table *h = &ga_g.handles;
  ga_tensor *t = h->slots[slot];
  if (--t->handle_refs > 0)
    return GA_OK;
  /* the id is gone; the tensor lives on while pending expressions still read it */
  h->slots[slot] = NULL;
  h->free_slots[h->nfree++] = slot;
  ga_tensor_unref(t);
  return GA_OK;
}

int ga_is_valid(ga_id id)
{
  uint32_t slot = 0;
  return ga_g.initialised && lookup(id, &slot) == GA_OK;
}

ga_status ga_handles_materialize_all(void)
{
  ga_handle_table *h = &ga_g.handles;
  for (uint32_t s = 0; s < h->nslots; s++) {
    ga_status st = h->slots[s] ? ga_tensor_materialize(h->slots[s]) : GA_OK;
    if (st != GA_OK)
      return st;
  }
  return GA_OK;
}

void ga_handles_clear(void)
{
  ga_handle_table *h = &ga_g.handles;
  /* first cut the references pending values and shared storage hold, so no tensor
   * outlives another */
  for (uint32_t s = 0; s < h->nslots; s++) {
    ga_tensor *t = h->slots[s];
    if (t && t->lazy) {
      ga_lazy *lz = t->lazy;
      t->lazy = NULL;
      ga_lazy_free(lz);
    }
    if (t && t->patch)
      ga_patch_free(t);
    if (t && t->product) {
      ga_product *p = t->product;
      t->product = NULL;
      ga_product_free(p);
    }
    if (t && t->owner) {
      ga_tensor *o = t->owner;
      t->owner = NULL;
      t->buf = (ga_pbuf){0};
      ga_tensor_unref(o);
    }
  }
  for (uint32_t s = 0; s < h->nslots; s++) {
    ga_tensor *t = h->slots[s];
    if (t) {
      t->refcount = 1;
      ga_tensor_unref(t);
    }
  }
  free(h->slots);
  free(h->free_slots);
  free(h->versions);
  uint32_t gen = h->generation + 1, version = h->next_version;
  *h = (ga_handle_table){0};
  h->generation = gen;
  h->next_version = version; /* versions keep counting: no old id can ever match */
  h->reset_version = version;
}
