/* Device memory for the Vulkan provider: one buffer per allocation (the size-class pool
 * above makes that rare), addressed from shaders by device address; transfers go
 * through two host-visible staging buffers used in turn, so the CPU copy of one chunk
 * overlaps the GPU copy of the other. */
#include "ga_vk.h"

#include <stdlib.h>
#include <string.h>

#define STAGE_BYTES ((size_t)32 << 20)

typedef struct {
  VkBuffer buffer;
  VkDeviceMemory memory;
} vk_buf;

static int pick_type(const ga_vk *vk, uint32_t bits, VkMemoryPropertyFlags need, VkMemoryPropertyFlags want,
                     VkMemoryPropertyFlags avoid)
{
  int best = -1, best_score = -1;
  for (uint32_t i = 0; i < vk->memprops.memoryTypeCount; i++) {
    VkMemoryPropertyFlags f = vk->memprops.memoryTypes[i].propertyFlags;
    if (!(bits & (1u << i)) || (f & need) != need)
      continue;
    int score = ((f & want) == want ? 2 : 0) + ((f & avoid) ? 0 : 1);
    if (score > best_score) {
      best = (int)i;
      best_score = score;
    }
  }
  return best;
}

static ga_status make_buffer(ga_vk *vk, size_t bytes, uint32_t memtype, bool device_address, vk_buf *out)
{
  VkBufferCreateInfo bi = {.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO, .size = bytes,
                           .usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                           .sharingMode = VK_SHARING_MODE_EXCLUSIVE};
  if (device_address)
    bi.usage |= VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT;
  ga_status st = ga_vk_check(vk, vkCreateBuffer(vk->device, &bi, NULL, &out->buffer), "buffer creation");
  if (st != GA_OK)
    return st;
  VkMemoryRequirements req;
  vkGetBufferMemoryRequirements(vk->device, out->buffer, &req);
  VkMemoryAllocateFlagsInfo fi = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_FLAGS_INFO,
                                  .flags = VK_MEMORY_ALLOCATE_DEVICE_ADDRESS_BIT};
  VkMemoryAllocateInfo ai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO, .pNext = device_address ? &fi : NULL,
                             .allocationSize = req.size, .memoryTypeIndex = memtype};
  if (!(req.memoryTypeBits & (1u << memtype)))
    st = ga_fail(GA_ERR_BACKEND, "no suitable Vulkan memory type for a buffer");
  else
    st = ga_vk_check(vk, vkAllocateMemory(vk->device, &ai, NULL, &out->memory), "device memory allocation");
  if (st == GA_OK)
    st = ga_vk_check(vk, vkBindBufferMemory(vk->device, out->buffer, out->memory, 0), "buffer binding");
  if (st != GA_OK) {
    vkDestroyBuffer(vk->device, out->buffer, NULL);
    if (out->memory)
      vkFreeMemory(vk->device, out->memory, NULL);
    *out = (vk_buf){0};
  }
  return st;
}

ga_status ga_vk_memory_create(ga_vk *vk)
{
  vkGetPhysicalDeviceMemoryProperties(vk->phys, &vk->memprops);
  /* learn which memory types a storage buffer may use from a small probe */
  VkBufferCreateInfo bi = {.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO, .size = 256,
                           .usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                                    VK_BUFFER_USAGE_TRANSFER_DST_BIT | VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT,
                           .sharingMode = VK_SHARING_MODE_EXCLUSIVE};
  VkBuffer probe;
  ga_status st = ga_vk_check(vk, vkCreateBuffer(vk->device, &bi, NULL, &probe), "buffer creation");
  if (st != GA_OK)
    return st;
  VkMemoryRequirements req;
  vkGetBufferMemoryRequirements(vk->device, probe, &req);
  vkDestroyBuffer(vk->device, probe, NULL);
  int dev = pick_type(vk, req.memoryTypeBits, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT, 0,
                      VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT);
  /* staging buffers are only copied to and from, and may use memory types storage buffers
   * cannot (NVIDIA's cached host memory): ask with a transfer-only probe */
  VkBufferCreateInfo si = bi;
  si.usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;
  if ((st = ga_vk_check(vk, vkCreateBuffer(vk->device, &si, NULL, &probe), "buffer creation")) != GA_OK)
    return st;
  VkMemoryRequirements sreq;
  vkGetBufferMemoryRequirements(vk->device, probe, &sreq);
  vkDestroyBuffer(vk->device, probe, NULL);
  /* staging lives in cached system memory: CPU reads of device-local (BAR) or
   * write-combined memory crawl */
  int stage = pick_type(vk, sreq.memoryTypeBits, VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT,
                        VK_MEMORY_PROPERTY_HOST_CACHED_BIT, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT);
  if (dev < 0 || stage < 0)
    return ga_fail(GA_ERR_NO_DEVICE, "the Vulkan device offers no suitable memory types");
  vk->device_memtype = (uint32_t)dev;
  vk->staging_memtype = (uint32_t)stage;
  if (vk->max_allocation == 0)
    vk->max_allocation = (uint64_t)1 << 31;
  return GA_OK;
}

static void free_staging(ga_vk *vk, ga_vk_staging *s)
{
  if (s->mapped)
    vkUnmapMemory(vk->device, s->memory);
  if (s->buffer)
    vkDestroyBuffer(vk->device, s->buffer, NULL);
  if (s->memory)
    vkFreeMemory(vk->device, s->memory, NULL);
  *s = (ga_vk_staging){0};
}

void ga_vk_memory_destroy(ga_vk *vk)
{
  ga_vk_reap(vk, true); /* the device is idle here */
  for (int i = 0; i < GA_VK_STAGE_SLOTS; i++)
    free_staging(vk, &vk->stage[i]);
}

/* The next staging slot, allocated on first use and free of earlier transfers. */
static ga_status staging_slot(ga_vk *vk, ga_vk_staging **out)
{
  ga_vk_staging *s = &vk->stage[vk->stage_pos];
  vk->stage_pos = (vk->stage_pos + 1) % GA_VK_STAGE_SLOTS;
  if (!s->buffer) {
    vk_buf b;
    ga_status st = make_buffer(vk, STAGE_BYTES, vk->staging_memtype, false, &b);
    if (st != GA_OK)
      return st;
    s->buffer = b.buffer;
    s->memory = b.memory;
    s->bytes = STAGE_BYTES;
    if ((st = ga_vk_check(vk, vkMapMemory(vk->device, s->memory, 0, VK_WHOLE_SIZE, 0, &s->mapped), "mapping"))) {
      free_staging(vk, s);
      return st;
    }
  }
  ga_status st = ga_vk_wait(vk, s->busy_until);
  if (st == GA_OK)
    *out = s;
  return st;
}

VkBuffer ga_vk_buffer_of(const ga_pbuf *buf)
{
  return ((const vk_buf *)buf->handle)->buffer;
}

ga_status ga_vk_alloc(void *state, size_t bytes, ga_pbuf *out)
{
  ga_vk *vk = state;
  if (vk->lost)
    return ga_vk_check(vk, VK_ERROR_DEVICE_LOST, "allocation");
  if (bytes > vk->max_allocation)
    return ga_fail(GA_ERR_OOM, "out of memory on the GPU: an array of %zu bytes is larger than the device's "
                               "largest allocation (%llu bytes)", bytes, (unsigned long long)vk->max_allocation);
  vk_buf *b = calloc(1, sizeof *b);
  if (!b)
    return ga_fail(GA_ERR_OOM, "out of host memory");
  ga_status st = make_buffer(vk, bytes, vk->device_memtype, true, b);
  if (st != GA_OK) {
    free(b);
    if (st == GA_ERR_OOM)
      ga_fail(GA_ERR_OOM, "out of memory on the GPU: could not allocate %zu bytes (%llu bytes held by "
                          "gpuArrays); clear some gpuArrays or call reset(gpuDevice)",
              bytes, (unsigned long long)ga_g.stats.bytes_in_use);
    return st;
  }
  VkBufferDeviceAddressInfo ai = {.sType = VK_STRUCTURE_TYPE_BUFFER_DEVICE_ADDRESS_INFO, .buffer = b->buffer};
  *out = (ga_pbuf){.handle = b, .address = vkGetBufferDeviceAddress(vk->device, &ai), .bytes = bytes};
  return GA_OK;
}

typedef struct ga_vk_deferred {
  vk_buf *buf;
  uint64_t value; /* the timeline value after which nothing uses it */
  struct ga_vk_deferred *next;
} ga_vk_deferred;

static void destroy(ga_vk *vk, vk_buf *b)
{
  vkDestroyBuffer(vk->device, b->buffer, NULL);
  vkFreeMemory(vk->device, b->memory, NULL);
  free(b);
}

void ga_vk_reap(ga_vk *vk, bool all)
{
  uint64_t done = 0;
  if (!all && vkGetSemaphoreCounterValue(vk->device, vk->timeline, &done) != VK_SUCCESS)
    return;
  for (ga_vk_deferred **pp = &vk->deferred; *pp;) {
    ga_vk_deferred *d = *pp;
    if (all || d->value <= done) {
      *pp = d->next;
      destroy(vk, d->buf);
      free(d);
    } else {
      pp = &d->next;
    }
  }
}

/* Queued work may still read the buffer: destroy it once that work has finished. */
void ga_vk_free(void *state, ga_pbuf *buf)
{
  ga_vk *vk = state;
  vk_buf *b = buf->handle;
  *buf = (ga_pbuf){0};
  if (!b)
    return;
  uint64_t done = 0;
  if (vk->recording)
    ga_vk_flush(vk);
  if (vk->lost || (vkGetSemaphoreCounterValue(vk->device, vk->timeline, &done) == VK_SUCCESS &&
                   done >= vk->submitted)) {
    destroy(vk, b);
    return;
  }
  ga_vk_deferred *d = malloc(sizeof *d);
  if (!d) { /* cannot defer: wait instead */
    ga_vk_wait(vk, vk->submitted);
    destroy(vk, b);
    return;
  }
  *d = (ga_vk_deferred){b, vk->submitted, vk->deferred};
  vk->deferred = d;
  ga_vk_reap(vk, false);
}

static ga_status record_copy(ga_vk *vk, VkBuffer from, size_t from_off, VkBuffer to, size_t to_off, size_t bytes)
{
  VkCommandBuffer cmd;
  ga_status st = ga_vk_cmd(vk, &cmd);
  if (st != GA_OK)
    return st;
  ga_vk_barrier(cmd);
  VkBufferCopy region = {.srcOffset = from_off, .dstOffset = to_off, .size = bytes};
  vkCmdCopyBuffer(cmd, from, to, 1, &region);
  ga_vk_barrier(cmd);
  return GA_OK;
}

/* Uploads return once the data is in staging memory; the GPU copy runs in order with
 * later work on the queue. */
ga_status ga_vk_upload(void *state, ga_pbuf *dst, const void *src, size_t bytes)
{
  ga_vk *vk = state;
  vk_buf *d = dst->handle;
  for (size_t off = 0; off < bytes;) {
    size_t n = bytes - off < STAGE_BYTES ? bytes - off : STAGE_BYTES;
    ga_vk_staging *s;
    ga_status st = staging_slot(vk, &s);
    if (st != GA_OK)
      return st;
    memcpy(s->mapped, (const char *)src + off, n);
    if ((st = record_copy(vk, s->buffer, 0, d->buffer, dst->offset + off, n)) != GA_OK ||
        (st = ga_vk_flush(vk)) != GA_OK)
      return st;
    s->busy_until = vk->submitted;
    off += n;
  }
  return GA_OK;
}

ga_status ga_vk_download(void *state, const ga_pbuf *src, void *dst, size_t bytes)
{
  ga_vk *vk = state;
  const vk_buf *b = src->handle;
  ga_vk_staging *pending[GA_VK_STAGE_SLOTS] = {0};
  size_t pending_off[GA_VK_STAGE_SLOTS] = {0}, pending_n[GA_VK_STAGE_SLOTS] = {0};
  size_t off = 0;
  int head = 0, count = 0;
  ga_status st = GA_OK;
  /* keep up to two chunks in flight: copy one out while the GPU fills the other */
  while (st == GA_OK && (off < bytes || count > 0)) {
    if (off < bytes && count < GA_VK_STAGE_SLOTS) {
      size_t n = bytes - off < STAGE_BYTES ? bytes - off : STAGE_BYTES;
      ga_vk_staging *s;
      if ((st = staging_slot(vk, &s)) != GA_OK)
        break;
      if ((st = record_copy(vk, b->buffer, src->offset + off, s->buffer, 0, n)) != GA_OK ||
          (st = ga_vk_flush(vk)) != GA_OK)
        break;
      s->busy_until = vk->submitted;
      int slot = (head + count) % GA_VK_STAGE_SLOTS;
      pending[slot] = s;
      pending_off[slot] = off;
      pending_n[slot] = n;
      count++;
      off += n;
      if (off < bytes && count < GA_VK_STAGE_SLOTS)
        continue;
    }
    ga_vk_staging *s = pending[head];
    if ((st = ga_vk_wait(vk, s->busy_until)) != GA_OK)
      break;
    memcpy((char *)dst + pending_off[head], s->mapped, pending_n[head]);
    head = (head + 1) % GA_VK_STAGE_SLOTS;
    count--;
  }
  return st;
}
