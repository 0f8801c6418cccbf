/* Work submission: dispatches are recorded into a ring of command buffers and submitted
 * in batches; a timeline semaphore tells which submission has finished. */
#include "ga_vk.h"

#include <time.h>

/* generous: lavapipe compiles pipelines inside queued work, and a large fused kernel can
 * take minutes there */
#define WAIT_TIMEOUT_NS (600ull * 1000000000ull)
#define SPIN_NS 200000L /* then block */

ga_status ga_vk_submit_create(ga_vk *vk)
{
  VkCommandPoolCreateInfo pi = {.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
                                .flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT,
                                .queueFamilyIndex = vk->queue_family};
  ga_status st = ga_vk_check(vk, vkCreateCommandPool(vk->device, &pi, NULL, &vk->cmd_pool), "command pool creation");
  if (st != GA_OK)
    return st;
  VkCommandBufferAllocateInfo ai = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
                                    .commandPool = vk->cmd_pool, .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
                                    .commandBufferCount = GA_VK_RING};
  if ((st = ga_vk_check(vk, vkAllocateCommandBuffers(vk->device, &ai, vk->ring), "command buffer allocation")))
    return st;
  /* timestamps only where the compute queue has them */
  uint32_t nfam = 0;
  vkGetPhysicalDeviceQueueFamilyProperties(vk->phys, &nfam, NULL);
  VkQueueFamilyProperties fam[16];
  nfam = nfam > 16 ? 16 : nfam;
  vkGetPhysicalDeviceQueueFamilyProperties(vk->phys, &nfam, fam);
  if (vk->queue_family < nfam && fam[vk->queue_family].timestampValidBits > 0 &&
      vk->props.limits.timestampPeriod > 0) {
    VkQueryPoolCreateInfo qi = {.sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO,
                                .queryType = VK_QUERY_TYPE_TIMESTAMP, .queryCount = 2 * GA_VK_RING};
    if (vkCreateQueryPool(vk->device, &qi, NULL, &vk->timestamps) != VK_SUCCESS)
      vk->timestamps = VK_NULL_HANDLE;
    vk->ns_per_tick = vk->props.limits.timestampPeriod;
  }
  ga_vk_profile_create(vk);
  VkSemaphoreTypeCreateInfo ti = {.sType = VK_STRUCTURE_TYPE_SEMAPHORE_TYPE_CREATE_INFO,
                                  .semaphoreType = VK_SEMAPHORE_TYPE_TIMELINE, .initialValue = 0};
  VkSemaphoreCreateInfo si = {.sType = VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO, .pNext = &ti};
  return ga_vk_check(vk, vkCreateSemaphore(vk->device, &si, NULL, &vk->timeline), "semaphore creation");
}

void ga_vk_submit_destroy(ga_vk *vk)
{
  if (vk->timestamps)
    vkDestroyQueryPool(vk->device, vk->timestamps, NULL);
  if (vk->timeline)
    vkDestroySemaphore(vk->device, vk->timeline, NULL);
  if (vk->cmd_pool)
    vkDestroyCommandPool(vk->device, vk->cmd_pool, NULL);
}

ga_status ga_vk_wait(ga_vk *vk, uint64_t value)
{
  if (vk->lost)
    return ga_vk_check(vk, VK_ERROR_DEVICE_LOST, "a wait");
  VkSemaphoreWaitInfo wi = {.sType = VK_STRUCTURE_TYPE_SEMAPHORE_WAIT_INFO, .semaphoreCount = 1,
                            .pSemaphores = &vk->timeline, .pValues = &value};
  /* Most waits are for work of well under a millisecond, and a blocking wait adds the
   * thread's wake-up to each: poll first, as CUDA's default synchronisation does. Not
   * on a CPU device, whose own threads do the work the poll would compete with. */
  VkResult r = VK_TIMEOUT;
  uint64_t now = 0, t_enter = ga_now_ns();
  if (vkGetSemaphoreCounterValue(vk->device, vk->timeline, &now) == VK_SUCCESS && now >= value)
    r = VK_SUCCESS;
  else
    ga_g.stats.waits++;
  if (r != VK_SUCCESS && vk->props.deviceType != VK_PHYSICAL_DEVICE_TYPE_CPU) {
    struct timespec t0, t;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (;;) {
      uint64_t done = 0;
      if (vkGetSemaphoreCounterValue(vk->device, vk->timeline, &done) != VK_SUCCESS)
        break;
      if (done >= value) {
        r = VK_SUCCESS;
        break;
      }
      clock_gettime(CLOCK_MONOTONIC, &t);
      if ((t.tv_sec - t0.tv_sec) * 1000000000L + (t.tv_nsec - t0.tv_nsec) > SPIN_NS)
        break;
    }
  }
  if (r != VK_SUCCESS)
    r = vkWaitSemaphores(vk->device, &wi, WAIT_TIMEOUT_NS);
  if (r == VK_TIMEOUT)
    r = VK_ERROR_DEVICE_LOST; /* ten minutes without progress: treat the device as hung */
  ga_g.stats.host_wait_ns += ga_now_ns() - t_enter;
  if (r == VK_SUCCESS && vk->deferred)
    ga_vk_reap(vk, false);
  return ga_vk_check(vk, r, "waiting for the GPU");
}

void ga_vk_harvest_timestamps(ga_vk *vk)
{
  uint64_t done = 0;
  if (!vk->timestamps || vkGetSemaphoreCounterValue(vk->device, vk->timeline, &done) != VK_SUCCESS)
    return;
  for (int slot = 0; slot < GA_VK_RING; slot++) {
    if (!vk->timed[slot] || vk->ring_value[slot] > done)
      continue;
    uint64_t t[2];
    if (vkGetQueryPoolResults(vk->device, vk->timestamps, 2 * (uint32_t)slot, 2, sizeof t, t, sizeof t[0],
                              VK_QUERY_RESULT_64_BIT) == VK_SUCCESS && t[1] >= t[0])
      ga_g.stats.gpu_time_ns += (uint64_t)((double)(t[1] - t[0]) * vk->ns_per_tick);
    vk->timed[slot] = false;
  }
  ga_vk_profile_harvest(vk);
}

ga_status ga_vk_cmd(ga_vk *vk, VkCommandBuffer *cmd)
{
  if (vk->lost)
    return ga_vk_check(vk, VK_ERROR_DEVICE_LOST, "recording");
  if (!vk->recording) {
    int slot = vk->ring_pos;
    ga_status st = ga_vk_wait(vk, vk->ring_value[slot]);
    if (st != GA_OK)
      return st;
    VkCommandBuffer c = vk->ring[slot];
    vkResetCommandBuffer(c, 0);
    VkCommandBufferBeginInfo bi = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
                                   .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT};
    ga_vk_harvest_timestamps(vk); /* this slot's earlier work has finished */
    if ((st = ga_vk_check(vk, vkBeginCommandBuffer(c, &bi), "recording")) != GA_OK)
      return st;
    if (vk->timestamps) {
      vkCmdResetQueryPool(c, vk->timestamps, 2 * (uint32_t)slot, 2);
      vkCmdWriteTimestamp(c, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, vk->timestamps, 2 * (uint32_t)slot);
    }
    ga_vk_profile_begin(vk, c, slot);
    vk->recording = true;
    vk->batch = 0;
  }
  *cmd = vk->ring[vk->ring_pos];
  return GA_OK;
}

/* Every command waits for every earlier one: correct for any mix of producers and
 * consumers (also across submissions, which barriers order on one queue). The fusion
 * engine removes most of them by making fewer dispatches. */
void ga_vk_barrier(VkCommandBuffer cmd)
{
  VkMemoryBarrier mb = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                        .srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT | VK_ACCESS_TRANSFER_WRITE_BIT,
                        .dstAccessMask = VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT |
                                         VK_ACCESS_TRANSFER_READ_BIT | VK_ACCESS_TRANSFER_WRITE_BIT |
                                         VK_ACCESS_HOST_READ_BIT};
  VkPipelineStageFlags stages = VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_TRANSFER_BIT;
  vkCmdPipelineBarrier(cmd, stages, stages | VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &mb, 0, NULL, 0, NULL);
}

ga_status ga_vk_flush(ga_vk *vk)
{
  if (!vk->recording)
    return GA_OK;
  VkCommandBuffer c = vk->ring[vk->ring_pos];
  vk->recording = false;
  if (vk->timestamps) {
    vkCmdWriteTimestamp(c, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, vk->timestamps, 2 * (uint32_t)vk->ring_pos + 1);
    vk->timed[vk->ring_pos] = true;
  }
  ga_status st = ga_vk_check(vk, vkEndCommandBuffer(c), "recording");
  if (st != GA_OK)
    return st;
  uint64_t value = vk->submitted + 1;
  VkTimelineSemaphoreSubmitInfo ts = {.sType = VK_STRUCTURE_TYPE_TIMELINE_SEMAPHORE_SUBMIT_INFO,
                                      .signalSemaphoreValueCount = 1, .pSignalSemaphoreValues = &value};
  VkSubmitInfo si = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO, .pNext = &ts, .commandBufferCount = 1,
                     .pCommandBuffers = &c, .signalSemaphoreCount = 1, .pSignalSemaphores = &vk->timeline};
  uint64_t t0 = ga_now_ns();
  st = ga_vk_check(vk, vkQueueSubmit(vk->queue, 1, &si, VK_NULL_HANDLE), "submission");
  ga_g.stats.host_submit_ns += ga_now_ns() - t0;
  if (st != GA_OK)
    return st;
  vk->submitted = value;
  vk->ring_value[vk->ring_pos] = value;
  ga_vk_profile_submitted(vk, vk->ring_pos);
  vk->ring_pos = (vk->ring_pos + 1) % GA_VK_RING;
  ga_g.stats.submits++;
  return GA_OK;
}

uint32_t ga_vk_groups_x(uint64_t groups)
{
  return groups > 65535u ? 65535u : (uint32_t)(groups ? groups : 1);
}

ga_status ga_vk_dispatch(ga_vk *vk, VkPipeline p, const void *push, uint32_t push_bytes, uint64_t groups)
{
  VkCommandBuffer cmd;
  ga_status st = ga_vk_cmd(vk, &cmd);
  if (st != GA_OK)
    return st;
  uint32_t gx = ga_vk_groups_x(groups);
  uint64_t gy = (groups + gx - 1) / gx;
  if (gy > 65535u)
    return ga_fail(GA_ERR_ARG, "array too large for one dispatch (%llu workgroups)", (unsigned long long)groups);
  ga_vk_barrier(cmd);
  vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, p);
  vkCmdPushConstants(cmd, vk->layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, push_bytes, push);
  vkCmdDispatch(cmd, gx, (uint32_t)gy, 1);
  ga_vk_profile_mark(vk, cmd, p);
  ga_g.stats.dispatches++;
  if (++vk->batch >= GA_VK_MAX_BATCH)
    return ga_vk_flush(vk);
  return GA_OK;
}
