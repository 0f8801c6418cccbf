/* The Vulkan provider: instance, device choice, the logical device and what gpuDevice
 * reports. Work submission, memory, pipelines and kernels live in ga_vk_*.c. */
#include "ga_vk.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

ga_status ga_vk_check(ga_vk *vk, VkResult r, const char *what)
{
  if (r == VK_SUCCESS)
    return GA_OK;
  if (r == VK_ERROR_DEVICE_LOST) {
    vk->lost = true;
    return ga_fail(GA_ERR_DEVICE_LOST, "the GPU device was lost during %s; call reset(gpuDevice) to "
                                       "continue (gpuArrays created before are invalid)", what);
  }
  if (r == VK_ERROR_OUT_OF_DEVICE_MEMORY || r == VK_ERROR_OUT_OF_HOST_MEMORY)
    return ga_fail(GA_ERR_OOM, "out of memory on the GPU during %s (%s memory exhausted)", what,
                   r == VK_ERROR_OUT_OF_DEVICE_MEMORY ? "device" : "host");
  return ga_fail(GA_ERR_BACKEND, "Vulkan error %d during %s", (int)r, what);
}

static VKAPI_ATTR VkBool32 VKAPI_CALL on_validation(VkDebugUtilsMessageSeverityFlagBitsEXT severity,
                                                    VkDebugUtilsMessageTypeFlagsEXT types,
                                                    const VkDebugUtilsMessengerCallbackDataEXT *data,
                                                    void *user)
{
  (void)types;
  (void)user;
  ga_g.stats.validation_messages++;
  fprintf(stderr, "gpuarray: Vulkan %s: %s\n",
          severity & VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT ? "error" : "warning",
          data && data->pMessage ? data->pMessage : "(no message)");
  return VK_FALSE;
}

static bool has_layer(const char *name)
{
  uint32_t n = 0;
  vkEnumerateInstanceLayerProperties(&n, NULL);
  VkLayerProperties *p = calloc(n ? n : 1, sizeof *p);
  bool found = false;
  if (p && vkEnumerateInstanceLayerProperties(&n, p) == VK_SUCCESS)
    for (uint32_t i = 0; i < n && !found; i++)
      found = strcmp(p[i].layerName, name) == 0;
  free(p);
  return found;
}

static bool has_instance_ext(const char *name)
{
  uint32_t n = 0;
  vkEnumerateInstanceExtensionProperties(NULL, &n, NULL);
  VkExtensionProperties *p = calloc(n ? n : 1, sizeof *p);
  bool found = false;
  if (p && vkEnumerateInstanceExtensionProperties(NULL, &n, p) == VK_SUCCESS)
    for (uint32_t i = 0; i < n && !found; i++)
      found = strcmp(p[i].extensionName, name) == 0;
  free(p);
  return found;
}

static bool has_device_ext(VkPhysicalDevice pd, const char *name)
{
  uint32_t n = 0;
  vkEnumerateDeviceExtensionProperties(pd, NULL, &n, NULL);
  VkExtensionProperties *p = calloc(n ? n : 1, sizeof *p);
  bool found = false;
  if (p && vkEnumerateDeviceExtensionProperties(pd, NULL, &n, p) == VK_SUCCESS)
    for (uint32_t i = 0; i < n && !found; i++)
      found = strcmp(p[i].extensionName, name) == 0;
  free(p);
  return found;
}

static ga_status create_instance(ga_vk *vk)
{
  const char *layers[1], *exts[1];
  uint32_t nlayers = 0, nexts = 0;
  const char *v = getenv("GPUARRAY_VALIDATION");
  if (v && strcmp(v, "1") == 0) {
    if (!has_layer("VK_LAYER_KHRONOS_validation"))
      return ga_fail(GA_ERR_BACKEND, "GPUARRAY_VALIDATION=1 but the Khronos validation layer is not installed");
    layers[nlayers++] = "VK_LAYER_KHRONOS_validation";
  }
  bool debug = has_instance_ext(VK_EXT_DEBUG_UTILS_EXTENSION_NAME);
  if (debug)
    exts[nexts++] = VK_EXT_DEBUG_UTILS_EXTENSION_NAME;
  VkApplicationInfo app = {.sType = VK_STRUCTURE_TYPE_APPLICATION_INFO, .pApplicationName = "gpuarray",
                           .pEngineName = "gpuarray", .apiVersion = VK_API_VERSION_1_2};
  VkInstanceCreateInfo ci = {.sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO, .pApplicationInfo = &app,
                             .enabledLayerCount = nlayers, .ppEnabledLayerNames = layers,
                             .enabledExtensionCount = nexts, .ppEnabledExtensionNames = exts};
  VkResult r = vkCreateInstance(&ci, NULL, &vk->instance);
  if (r != VK_SUCCESS)
    return ga_fail(GA_ERR_NO_DEVICE, "no Vulkan instance (error %d): is a Vulkan driver installed?", (int)r);
  if (debug) {
    PFN_vkCreateDebugUtilsMessengerEXT create =
      (PFN_vkCreateDebugUtilsMessengerEXT)vkGetInstanceProcAddr(vk->instance, "vkCreateDebugUtilsMessengerEXT");
    VkDebugUtilsMessengerCreateInfoEXT mi = {
      .sType = VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT,
      .messageSeverity = VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT | VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT,
      .messageType = VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT | VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT |
                     VK_DEBUG_UTILS_MESSAGE_TYPE_PERFORMANCE_BIT_EXT,
      .pfnUserCallback = on_validation};
    if (create)
      create(vk->instance, &mi, NULL, &vk->messenger);
  }
  return GA_OK;
}

/* What a device needs for our kernels: device addresses, 64-bit integers, timelines. */
static bool usable(VkPhysicalDevice pd, uint32_t *family)
{
  VkPhysicalDeviceProperties p;
  vkGetPhysicalDeviceProperties(pd, &p);
  if (p.apiVersion < VK_API_VERSION_1_2)
    return false;
  VkPhysicalDeviceVulkan12Features f12 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES};
  VkPhysicalDeviceFeatures2 f = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, .pNext = &f12};
  vkGetPhysicalDeviceFeatures2(pd, &f);
  if (!f12.bufferDeviceAddress || !f12.timelineSemaphore || !f.features.shaderInt64)
    return false;
  uint32_t n = 0;
  vkGetPhysicalDeviceQueueFamilyProperties(pd, &n, NULL);
  VkQueueFamilyProperties *q = calloc(n ? n : 1, sizeof *q);
  if (!q)
    return false;
  vkGetPhysicalDeviceQueueFamilyProperties(pd, &n, q);
  bool found = false;
  /* prefer a compute queue without graphics (async compute engines) */
  for (int pass = 0; pass < 2 && !found; pass++)
    for (uint32_t i = 0; i < n && !found; i++)
      if ((q[i].queueFlags & VK_QUEUE_COMPUTE_BIT) &&
          (pass == 1 || !(q[i].queueFlags & VK_QUEUE_GRAPHICS_BIT))) {
        *family = i;
        found = true;
      }
  free(q);
  return found;
}

static int type_rank(VkPhysicalDeviceType t)
{
  switch (t) {
  case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU: return 0;
  case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU: return 1;
  case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU: return 2;
  case VK_PHYSICAL_DEVICE_TYPE_CPU: return 3;
  default: return 4;
  }
}

/* Usable devices, discrete GPUs first; index picks one of them. */
static ga_status choose_device(ga_vk *vk, int index)
{
  uint32_t n = 0;
  vkEnumeratePhysicalDevices(vk->instance, &n, NULL);
  VkPhysicalDevice *all = calloc(n ? n : 1, sizeof *all);
  VkPhysicalDevice chosen = VK_NULL_HANDLE;
  uint32_t chosen_family = 0;
  if (!all)
    return ga_fail(GA_ERR_OOM, "out of host memory");
  vkEnumeratePhysicalDevices(vk->instance, &n, all);
  int count = 0;
  for (int rank = 0; rank <= 4; rank++)
    for (uint32_t i = 0; i < n; i++) {
      VkPhysicalDeviceProperties p;
      vkGetPhysicalDeviceProperties(all[i], &p);
      uint32_t family;
      if (type_rank(p.deviceType) != rank || !usable(all[i], &family))
        continue;
      if (count++ == index) {
        chosen = all[i];
        chosen_family = family;
      }
    }
  free(all);
  vk->device_count = count;
  if (count == 0)
    return ga_fail(GA_ERR_NO_DEVICE, "no Vulkan device with buffer device address, 64-bit integers and "
                                     "timeline semaphores was found");
  if (chosen == VK_NULL_HANDLE)
    return ga_fail(GA_ERR_NO_DEVICE, "GPU device %d does not exist: %d device%s available", index + 1, count,
                   count == 1 ? "" : "s");
  vk->phys = chosen;
  vk->queue_family = chosen_family;
  return GA_OK;
}

static ga_status create_device(ga_vk *vk)
{
  VkPhysicalDeviceVulkan12Features have12 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES};
  VkPhysicalDeviceFeatures2 have = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, .pNext = &have12};
  vkGetPhysicalDeviceFeatures2(vk->phys, &have);
  vk->fp64 = have.features.shaderFloat64;

  VkPhysicalDeviceVulkan12Features f12 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
                                          .bufferDeviceAddress = VK_TRUE, .timelineSemaphore = VK_TRUE};
  VkPhysicalDeviceFeatures2 f = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, .pNext = &f12};
  f.features.shaderInt64 = VK_TRUE;
  f.features.shaderFloat64 = have.features.shaderFloat64;
  f.features.shaderInt16 = have.features.shaderInt16;

  const char *exts[2];
  uint32_t nexts = 0;
  vk->has_budget = has_device_ext(vk->phys, VK_EXT_MEMORY_BUDGET_EXTENSION_NAME);
  if (vk->has_budget)
    exts[nexts++] = VK_EXT_MEMORY_BUDGET_EXTENSION_NAME;
  /* registers and spills per kernel, from the driver: how generated code is tuned */
  const char *stats_env = getenv("GPUARRAY_PIPELINE_STATS");
  VkPhysicalDevicePipelineExecutablePropertiesFeaturesKHR fx = {
    .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PIPELINE_EXECUTABLE_PROPERTIES_FEATURES_KHR,
    .pipelineExecutableInfo = VK_TRUE};
  bool stats_asked = stats_env && (strcmp(stats_env, "1") == 0 || strcmp(stats_env, "2") == 0);
  vk->pipeline_stats = stats_asked && has_device_ext(vk->phys, VK_KHR_PIPELINE_EXECUTABLE_PROPERTIES_EXTENSION_NAME);
  vk->pipeline_ir = vk->pipeline_stats && strcmp(stats_env, "2") == 0;
  if (stats_asked && !vk->pipeline_stats) /* say so once: a silent absence reads as "no statistics" */
    fprintf(stderr, "gpuarray: GPUARRAY_PIPELINE_STATS: this device has no %s\n",
            VK_KHR_PIPELINE_EXECUTABLE_PROPERTIES_EXTENSION_NAME);
  if (vk->pipeline_stats) {
    exts[nexts++] = VK_KHR_PIPELINE_EXECUTABLE_PROPERTIES_EXTENSION_NAME;
    fx.pNext = f12.pNext;
    f12.pNext = &fx;
  }
  float prio = 1.0f;
  VkDeviceQueueCreateInfo qi = {.sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
                                .queueFamilyIndex = vk->queue_family, .queueCount = 1, .pQueuePriorities = &prio};
  VkDeviceCreateInfo ci = {.sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO, .pNext = &f, .queueCreateInfoCount = 1,
                           .pQueueCreateInfos = &qi, .enabledExtensionCount = nexts,
                           .ppEnabledExtensionNames = exts};
  ga_status st = ga_vk_check(vk, vkCreateDevice(vk->phys, &ci, NULL, &vk->device), "device creation");
  if (st != GA_OK)
    return st;
  vkGetDeviceQueue(vk->device, vk->queue_family, 0, &vk->queue);

  vkGetPhysicalDeviceProperties(vk->phys, &vk->props);
  VkPhysicalDeviceFloatControlsProperties fc = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FLOAT_CONTROLS_PROPERTIES};
  VkPhysicalDeviceProperties2 fp = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, .pNext = &fc};
  vkGetPhysicalDeviceProperties2(vk->phys, &fp);
  /* Exact products in the math library and the division correction take one fma where
   * it rounds once; Vulkan does not promise that (lavapipe rounds twice), so only
   * drivers measured to do it are trusted. */
  VkPhysicalDeviceDriverProperties drv = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DRIVER_PROPERTIES};
  VkPhysicalDeviceProperties2 dp = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, .pNext = &drv};
  vkGetPhysicalDeviceProperties2(vk->phys, &dp);
  vk->fma_exact = drv.driverID == VK_DRIVER_ID_NVIDIA_PROPRIETARY;
  const char *fma_env = getenv("GPUARRAY_EXACT_FMA");
  if (fma_env && (*fma_env == '0' || *fma_env == '1'))
    vk->fma_exact = *fma_env == '1';
  /* Vulkan allows 2.5 ulp for OpFDiv and more for sqrt, so the math library corrects
   * both; NVIDIA's double division and square root are IEEE's (PTX has no other f64
   * forms, and test_ieee_exact.m compares them bit for bit with Octave on the H100),
   * which saves the correction's second division and products in every function. */
  vk->divsqrt_exact = drv.driverID == VK_DRIVER_ID_NVIDIA_PROPRIETARY;
  const char *ds_env = getenv("GPUARRAY_EXACT_DIVSQRT");
  if (ds_env && (*ds_env == '0' || *ds_env == '1'))
    vk->divsqrt_exact = *ds_env == '1';
  vk->fc_denorm32 = fc.shaderDenormPreserveFloat32;
  /* Octave keeps single subnormals: where the device cannot, kernels compute singles in
   * double (GPUARRAY_EMULATE_SINGLE=1 forces it, to test that path on any device) */
  vk->emulate32 = !vk->fc_denorm32;
  const char *emu_env = getenv("GPUARRAY_EMULATE_SINGLE");
  if (emu_env && (*emu_env == '0' || *emu_env == '1'))
    vk->emulate32 = *emu_env == '1';
  vk->fc_denorm64 = fc.shaderDenormPreserveFloat64;
  /* spirv-opt's performance passes were half the cold compile time of a kernel on
   * lavapipe (perf, 15 fuzz trees), whose NIR and LLVM optimize the SPIR-V again anyway.
   * On an H200 they were two thirds of an elementwise kernel's cold compile (110 math
   * kernels: shaderc 33.5 s and the driver 16.9 s with them, 3.9 s and 19.6 s without)
   * for the same device times within 3% either way (doc/benchmarks.md), so generated
   * elementwise kernels go without them everywhere. Reductions keep them on GPUs: without
   * them, sum (X, 1) over short columns ran 10-60% longer there; so do the library's
   * hand-tuned kernels (GEMM, LU, SVD), whose tuning was measured with them. */
  vk->spirv_opt = vk->props.deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU ? 0 : 2;
  vk->spirv_opt_elementwise = 0;
  vk->loop_lanes = vk->props.deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU;
  const char *loop_env = getenv("GPUARRAY_LOOP_LANES");
  if (loop_env && (*loop_env == '0' || *loop_env == '1'))
    vk->loop_lanes = *loop_env == '1';
  /* Per-lane table lookups from shared memory rather than the constant cache (which
   * serves one address at a time): measured on the H200, see doc/benchmarks.md. Not on
   * CPU devices: lavapipe's cold run_bist took 607 s with them against 481 without
   * (a barrier and a shared copy in every kernel with x .^ y or erf); the math sweep
   * runs the shared tables there (Makefile) */
  vk->shared_tables = vk->props.deviceType != VK_PHYSICAL_DEVICE_TYPE_CPU;
  const char *tab_env = getenv("GPUARRAY_SHARED_TABLES");
  if (tab_env && (*tab_env == '0' || *tab_env == '1'))
    vk->shared_tables = *tab_env == '1';
  vk->reduce_segmented = 1;
  const char *seg_env = getenv("GPUARRAY_REDUCE_SEGMENTED");
  if (seg_env && *seg_env >= '0' && *seg_env <= '2' && !seg_env[1])
    vk->reduce_segmented = *seg_env - '0';
  vk->reduce_wg_min = 0;
  const char *rw_env = getenv("GPUARRAY_REDUCE_WG_MIN");
  if (rw_env && *rw_env >= '0' && *rw_env <= '9')
    vk->reduce_wg_min = strtoll(rw_env, NULL, 10);
  const char *opt_env = getenv("GPUARRAY_SPIRV_OPT");
  if (opt_env && *opt_env >= '0' && *opt_env <= '2' && !opt_env[1])
    vk->spirv_opt = *opt_env - '0';
  const char *eopt_env = getenv("GPUARRAY_SPIRV_OPT_ELEMENTWISE");
  if (eopt_env && *eopt_env >= '0' && *eopt_env <= '2' && !eopt_env[1])
    vk->spirv_opt_elementwise = *eopt_env - '0';
  vk->fc_szinn32 = fc.shaderSignedZeroInfNanPreserveFloat32;
  vk->fc_szinn64 = fc.shaderSignedZeroInfNanPreserveFloat64;
  VkPhysicalDeviceSubgroupProperties sub = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_PROPERTIES};
  VkPhysicalDeviceMaintenance3Properties m3 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MAINTENANCE_3_PROPERTIES,
                                               .pNext = &sub};
  VkPhysicalDeviceProperties2 p2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, .pNext = &m3};
  vkGetPhysicalDeviceProperties2(vk->phys, &p2);
  vk->max_allocation = m3.maxMemoryAllocationSize;
  VkPhysicalDeviceIDProperties idp = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ID_PROPERTIES};
  VkPhysicalDeviceProperties2 ip = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, .pNext = &idp};
  vkGetPhysicalDeviceProperties2(vk->phys, &ip);
  memcpy(vk->uuid, idp.deviceUUID, VK_UUID_SIZE);
  vk->subgroup_size = sub.subgroupSize;
  vk->sub_arith = (sub.supportedStages & VK_SHADER_STAGE_COMPUTE_BIT) &&
                  (sub.supportedOperations & VK_SUBGROUP_FEATURE_BASIC_BIT) &&
                  (sub.supportedOperations & VK_SUBGROUP_FEATURE_ARITHMETIC_BIT);
  vk->sub_ballot = (sub.supportedStages & VK_SHADER_STAGE_COMPUTE_BIT) &&
                   (sub.supportedOperations & VK_SUBGROUP_FEATURE_BASIC_BIT) &&
                   (sub.supportedOperations & VK_SUBGROUP_FEATURE_BALLOT_BIT);
  /* Vulkan has no multiprocessor count; NVIDIA's SM builtins extension reports one */
  if (has_device_ext(vk->phys, VK_NV_SHADER_SM_BUILTINS_EXTENSION_NAME)) {
    VkPhysicalDeviceShaderSMBuiltinsPropertiesNV sm = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_SM_BUILTINS_PROPERTIES_NV};
    VkPhysicalDeviceProperties2 q = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, .pNext = &sm};
    vkGetPhysicalDeviceProperties2(vk->phys, &q);
    vk->sm_count = sm.shaderSMCount;
  }
  return GA_OK;
}

static void vk_close(void *state)
{
  ga_vk *vk = state;
  if (!vk)
    return;
  if (vk->device) {
    vkDeviceWaitIdle(vk->device);
    ga_vk_profile_destroy(vk);
    ga_vk_pipelines_destroy(vk);
    ga_vk_memory_destroy(vk);
    ga_vk_submit_destroy(vk);
    vkDestroyDevice(vk->device, NULL);
  }
  if (vk->messenger) {
    PFN_vkDestroyDebugUtilsMessengerEXT destroy =
      (PFN_vkDestroyDebugUtilsMessengerEXT)vkGetInstanceProcAddr(vk->instance, "vkDestroyDebugUtilsMessengerEXT");
    if (destroy)
      destroy(vk->instance, vk->messenger, NULL);
  }
  if (vk->instance)
    vkDestroyInstance(vk->instance, NULL);
  free(vk);
}

static ga_status vk_open(int device_index, void **state)
{
  ga_vk *vk = calloc(1, sizeof *vk);
  if (!vk)
    return ga_fail(GA_ERR_OOM, "out of host memory");
  ga_status st = create_instance(vk);
  if (st == GA_OK)
    st = choose_device(vk, device_index);
  if (st == GA_OK)
    st = create_device(vk);
  if (st == GA_OK)
    st = ga_vk_submit_create(vk);
  if (st == GA_OK)
    st = ga_vk_memory_create(vk);
  if (st == GA_OK)
    st = ga_vk_pipelines_create(vk);
  if (st != GA_OK) {
    char keep[sizeof ga_g.errmsg];
    memcpy(keep, ga_g.errmsg, sizeof keep);
    vk_close(vk);
    memcpy(ga_g.errmsg, keep, sizeof keep);
    return st;
  }
  *state = vk;
  return GA_OK;
}

static ga_status vk_device_count(void *state, int *count)
{
  *count = ((ga_vk *)state)->device_count;
  return GA_OK;
}

static const char *type_name(VkPhysicalDeviceType t)
{
  switch (t) {
  case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU: return "discrete";
  case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU: return "integrated";
  case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU: return "virtual";
  case VK_PHYSICAL_DEVICE_TYPE_CPU: return "cpu";
  default: return "other";
  }
}

static void driver_version(const VkPhysicalDeviceProperties *p, char *out, size_t cap)
{
  uint32_t v = p->driverVersion;
  if (p->vendorID == 0x10DE) /* NVIDIA packs 10.8.8.6 bits */
    snprintf(out, cap, "%u.%u.%u", v >> 22, (v >> 14) & 0xff, (v >> 6) & 0xff);
  else
    snprintf(out, cap, "%u.%u.%u", VK_API_VERSION_MAJOR(v), VK_API_VERSION_MINOR(v), VK_API_VERSION_PATCH(v));
}

static ga_status vk_device_info(void *state, ga_device_info *info)
{
  ga_vk *vk = state;
  const VkPhysicalDeviceProperties *p = &vk->props;
  memset(info, 0, sizeof *info);
  snprintf(info->name, sizeof info->name, "%s", p->deviceName);
  snprintf(info->provider, sizeof info->provider, "vulkan");
  snprintf(info->device_type, sizeof info->device_type, "%s", type_name(p->deviceType));
  driver_version(p, info->driver_version, sizeof info->driver_version);
  snprintf(info->api_version, sizeof info->api_version, "%u.%u.%u", VK_API_VERSION_MAJOR(p->apiVersion),
           VK_API_VERSION_MINOR(p->apiVersion), VK_API_VERSION_PATCH(p->apiVersion));
  info->index = ga_g.device_index + 1;
  info->device_count = vk->device_count;
  info->supports_double = vk->fp64;
  info->supports_int64 = 1;
  info->max_threads_per_block = (int)p->limits.maxComputeWorkGroupInvocations;
  info->max_shmem_per_block = p->limits.maxComputeSharedMemorySize;
  info->max_allocation = vk->max_allocation;
  info->max_storage_buffer_range = p->limits.maxStorageBufferRange;
  info->subgroup_size = (int)vk->subgroup_size;
  /* without a denormal mode request, drivers may flush; lavapipe keeps them anyway */
  bool cpu = p->deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU;
  info->preserves_subnormals_single = vk->fc_denorm32 || vk->emulate32 || cpu;
  info->preserves_subnormals_double = vk->fc_denorm64 || cpu;

  VkPhysicalDeviceMemoryBudgetPropertiesEXT budget = {
    .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MEMORY_BUDGET_PROPERTIES_EXT};
  VkPhysicalDeviceMemoryProperties2 mp = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MEMORY_PROPERTIES_2,
                                          .pNext = vk->has_budget ? &budget : NULL};
  vkGetPhysicalDeviceMemoryProperties2(vk->phys, &mp);
  for (uint32_t h = 0; h < mp.memoryProperties.memoryHeapCount; h++) {
    if (!(mp.memoryProperties.memoryHeaps[h].flags & VK_MEMORY_HEAP_DEVICE_LOCAL_BIT))
      continue;
    info->total_memory += mp.memoryProperties.memoryHeaps[h].size;
    if (vk->has_budget)
      info->available_memory += budget.heapBudget[h] > budget.heapUsage[h]
                                  ? budget.heapBudget[h] - budget.heapUsage[h] : 0;
  }
  if (!vk->has_budget) /* without the budget extension: what we have not allocated ourselves */
    info->available_memory = info->total_memory > ga_g.stats.bytes_in_use + ga_g.stats.bytes_pooled
                               ? info->total_memory - ga_g.stats.bytes_in_use - ga_g.stats.bytes_pooled : 0;
  info->multiprocessor_count = (int)vk->sm_count;
  for (int i = 0; i < 16; i++)
    snprintf(info->uuid + 2 * i, 3, "%02x", vk->uuid[i]);
  return GA_OK;
}

static ga_status vk_synchronize(void *state)
{
  ga_vk *vk = state;
  ga_status st = ga_vk_flush(vk);
  if (st == GA_OK && (st = ga_vk_wait(vk, vk->submitted)) == GA_OK)
    ga_vk_harvest_timestamps(vk);
  return st;
}

const ga_provider_ops ga_vulkan_provider = {
  .name = "vulkan",
  .open = vk_open,
  .close = vk_close,
  .device_count = vk_device_count,
  .device_info = vk_device_info,
  .alloc = ga_vk_alloc,
  .free = ga_vk_free,
  .upload = ga_vk_upload,
  .download = ga_vk_download,
  .elementwise = ga_vk_elementwise,
  .reduce = ga_vk_reduce,
  .scan = ga_vk_scan,
  .sort = ga_vk_sort,
  .synchronize = vk_synchronize,
  .copy = ga_vk_copy,
  .compact_count = ga_vk_compact_count,
  .compact_write = ga_vk_compact_write,
  .gemm = ga_vk_gemm,
  .gemm_epilogue = ga_vk_gemm_epilogue,
  .la = ga_vk_la,
};
