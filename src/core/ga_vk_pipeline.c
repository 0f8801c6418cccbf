/* Kernels as pipelines: GLSL compiled to SPIR-V by shaderc at run time, kept in memory
 * by a structural key, so a kernel is compiled once per process. Every pipeline shares
 * one layout: push constants only (buffers are reached by device address). */
#include "ga_vk.h"

#include <shaderc/shaderc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define PUSH_BYTES 128u /* the smallest maxPushConstantsSize we support (lavapipe) */

ga_status ga_vk_pipelines_create(ga_vk *vk)
{
  if (vk->props.limits.maxPushConstantsSize < PUSH_BYTES)
    return ga_fail(GA_ERR_NO_DEVICE, "the Vulkan device allows only %u bytes of push constants",
                   vk->props.limits.maxPushConstantsSize);
  VkPushConstantRange range = {.stageFlags = VK_SHADER_STAGE_COMPUTE_BIT, .offset = 0, .size = PUSH_BYTES};
  VkPipelineLayoutCreateInfo li = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
                                   .pushConstantRangeCount = 1, .pPushConstantRanges = &range};
  ga_status st = ga_vk_check(vk, vkCreatePipelineLayout(vk->device, &li, NULL, &vk->layout), "pipeline layout");
  if (st != GA_OK)
    return st;
  ga_vk_diskcache_open(vk);
  size_t blob_len = 0;
  void *blob = ga_vk_diskcache_load_pipelines(vk, &blob_len);
  VkPipelineCacheCreateInfo ci = {.sType = VK_STRUCTURE_TYPE_PIPELINE_CACHE_CREATE_INFO,
                                  .initialDataSize = blob ? blob_len : 0, .pInitialData = blob};
  st = ga_vk_check(vk, vkCreatePipelineCache(vk->device, &ci, NULL, &vk->pipeline_cache), "pipeline cache");
  free(blob);
  if (st != GA_OK)
    return st;
  vk->compiler = shaderc_compiler_initialize();
  if (!vk->compiler)
    return ga_fail(GA_ERR_BACKEND, "the shader compiler (shaderc) could not start");
  return GA_OK;
}

void ga_vk_pipelines_destroy(ga_vk *vk)
{
  for (int b = 0; b < 256; b++) {
    ga_vk_pipeline *p = vk->pipelines[b];
    while (p) {
      ga_vk_pipeline *next = p->next;
      vkDestroyPipeline(vk->device, p->pipeline, NULL);
      free(p->key);
      free(p);
      p = next;
    }
    vk->pipelines[b] = NULL;
  }
  if (vk->compiler)
    shaderc_compiler_release(vk->compiler);
  if (vk->pipeline_cache) {
    ga_vk_diskcache_store_pipelines(vk);
    vkDestroyPipelineCache(vk->device, vk->pipeline_cache, NULL);
  }
  if (vk->layout)
    vkDestroyPipelineLayout(vk->device, vk->layout, NULL);
}

static unsigned bucket_of(const char *key)
{
  uint32_t h = 2166136261u; /* FNV-1a */
  for (const unsigned char *p = (const unsigned char *)key; *p; p++)
    h = (h ^ *p) * 16777619u;
  return h & 255u;
}

/* GLSL -> SPIR-V with shaderc; the words are the caller's to free. */
static ga_status compile_glsl(ga_vk *vk, const char *key, const char *glsl, int opt_level, uint32_t **words,
                              size_t *len)
{
  if (getenv("GPUARRAY_DUMP_GLSL")) /* a tuning aid: each kernel's source as compiled */
    fprintf(stderr, "// ---- kernel %s\n%s\n", key, glsl);
  shaderc_compile_options_t opt = shaderc_compile_options_initialize();
  if (!opt)
    return ga_fail(GA_ERR_BACKEND, "shaderc: out of memory");
  shaderc_compile_options_set_target_env(opt, shaderc_target_env_vulkan, shaderc_env_version_vulkan_1_2);
  shaderc_compile_options_set_optimization_level(opt, opt_level == 2   ? shaderc_optimization_level_performance
                                                     : opt_level == 1 ? shaderc_optimization_level_size
                                                                      : shaderc_optimization_level_zero);
  const struct {
    const char *name;
    bool on;
  } fc[] = {{"GA_FC_DENORM32", vk->fc_denorm32}, {"GA_FC_DENORM64", vk->fc_denorm64},
            {"GA_FC_SZINN32", vk->fc_szinn32},   {"GA_FC_SZINN64", vk->fc_szinn64},
            {"GA_FC_ANY", vk->fc_denorm32 || vk->fc_denorm64 || vk->fc_szinn32 || vk->fc_szinn64},
            {"GA_FMA_EXACT", vk->fma_exact}, {"GA_EMULATE32", vk->emulate32},
            {"GA_DIVSQRT_EXACT", vk->divsqrt_exact}};
  for (size_t i = 0; i < sizeof fc / sizeof fc[0]; i++)
    shaderc_compile_options_add_macro_definition(opt, fc[i].name, strlen(fc[i].name), fc[i].on ? "1" : "0", 1);
  shaderc_compilation_result_t res =
    shaderc_compile_into_spv(vk->compiler, glsl, strlen(glsl), shaderc_compute_shader, key, "main", opt);
  shaderc_compile_options_release(opt);
  ga_status st = GA_OK;
  if (!res || shaderc_result_get_compilation_status(res) != shaderc_compilation_status_success) {
    st = ga_fail(GA_ERR_INTERNAL, "generated kernel '%s' did not compile: %s", key,
                 res ? shaderc_result_get_error_message(res) : "no result");
    if (getenv("GPUARRAY_DUMP_FAILED_GLSL"))
      fprintf(stderr, "%s\n", glsl);
  } else {
    *len = shaderc_result_get_length(res);
    *words = malloc(*len);
    if (!*words)
      st = ga_fail(GA_ERR_OOM, "out of host memory");
    else
      memcpy(*words, shaderc_result_get_bytes(res), *len);
  }
  if (res)
    shaderc_result_release(res);
  return st;
}

static void print_statistic(const VkPipelineExecutableStatisticKHR *st)
{
  fprintf(stderr, " %s=", st->name);
  switch (st->format) {
  case VK_PIPELINE_EXECUTABLE_STATISTIC_FORMAT_BOOL32_KHR: fprintf(stderr, "%u", (unsigned)st->value.b32); break;
  case VK_PIPELINE_EXECUTABLE_STATISTIC_FORMAT_INT64_KHR: fprintf(stderr, "%lld", (long long)st->value.i64); break;
  case VK_PIPELINE_EXECUTABLE_STATISTIC_FORMAT_UINT64_KHR:
    fprintf(stderr, "%llu", (unsigned long long)st->value.u64);
    break;
  default: fprintf(stderr, "%g", st->value.f64); break;
  }
}

/* GPUARRAY_PIPELINE_STATS=2: each internal representation the driver offers (NVIDIA may
 * give none) into GPUARRAY_PIPELINE_IR_DIR (default the working folder), one file per
 * representation, named after the kernel's key; on stderr, their names and sizes. */
static void save_representations(ga_vk *vk, const char *key, const VkPipelineExecutableInfoKHR *ei)
{
  PFN_vkGetPipelineExecutableInternalRepresentationsKHR get =
    (PFN_vkGetPipelineExecutableInternalRepresentationsKHR)vkGetDeviceProcAddr(
      vk->device, "vkGetPipelineExecutableInternalRepresentationsKHR");
  uint32_t n = 0;
  if (!get || get(vk->device, ei, &n, NULL) < 0 || n == 0) {
    fprintf(stderr, "gpuarray: kernel %s: no internal representations\n", key);
    return;
  }
  VkPipelineExecutableInternalRepresentationKHR *ir = calloc(n, sizeof *ir);
  if (!ir)
    return;
  for (uint32_t i = 0; i < n; i++)
    ir[i].sType = VK_STRUCTURE_TYPE_PIPELINE_EXECUTABLE_INTERNAL_REPRESENTATION_KHR;
  /* sizes first, then the data */
  if (get(vk->device, ei, &n, ir) >= 0) {
    for (uint32_t i = 0; i < n; i++)
      ir[i].pData = ir[i].dataSize ? malloc(ir[i].dataSize) : NULL;
    if (get(vk->device, ei, &n, ir) >= 0) {
      const char *dir = getenv("GPUARRAY_PIPELINE_IR_DIR");
      char safe[160];
      size_t j = 0;
      for (const char *c = key; *c && j + 1 < sizeof safe; c++)
        safe[j++] = (char)((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') ||
                                   *c == '-' || *c == '.'
                                 ? *c
                                 : '_');
      safe[j] = '\0';
      for (uint32_t i = 0; i < n; i++) {
        char path[512];
        snprintf(path, sizeof path, "%s/%s.%u.%s", dir && *dir ? dir : ".", safe, (unsigned)ei->executableIndex,
                 ir[i].isText ? "txt" : "bin");
        FILE *f = ir[i].pData ? fopen(path, "wb") : NULL;
        /* text comes with its terminating zero */
        size_t len = ir[i].isText && ir[i].dataSize ? ir[i].dataSize - 1 : ir[i].dataSize;
        bool ok = f && fwrite(ir[i].pData, 1, len, f) == len;
        if (f)
          fclose(f);
        fprintf(stderr, "gpuarray: kernel %s: representation '%s' (%s), %zu bytes%s%s\n", key, ir[i].name,
                ir[i].description, ir[i].dataSize, ok ? " -> " : " (not saved)", ok ? path : "");
      }
    }
    for (uint32_t i = 0; i < n; i++)
      free(ir[i].pData);
  }
  free(ir);
}

/* GPUARRAY_PIPELINE_STATS=1 (a tuning aid, off by default): the driver's statistics of
 * each new kernel (NVIDIA: registers, spills, shared memory) on stderr, one line per
 * executable, with every statistic the driver names. */
static void print_statistics(ga_vk *vk, const char *key, VkPipeline pipe)
{
  PFN_vkGetPipelineExecutablePropertiesKHR props =
    (PFN_vkGetPipelineExecutablePropertiesKHR)vkGetDeviceProcAddr(vk->device, "vkGetPipelineExecutablePropertiesKHR");
  PFN_vkGetPipelineExecutableStatisticsKHR get =
    (PFN_vkGetPipelineExecutableStatisticsKHR)vkGetDeviceProcAddr(vk->device, "vkGetPipelineExecutableStatisticsKHR");
  if (!props || !get)
    return;
  VkPipelineInfoKHR pinfo = {.sType = VK_STRUCTURE_TYPE_PIPELINE_INFO_KHR, .pipeline = pipe};
  uint32_t nexe = 0;
  if (props(vk->device, &pinfo, &nexe, NULL) < 0)
    return;
  VkPipelineExecutablePropertiesKHR exe[4];
  nexe = nexe < 4 ? nexe : 4;
  for (uint32_t e = 0; e < nexe; e++)
    exe[e] = (VkPipelineExecutablePropertiesKHR){.sType = VK_STRUCTURE_TYPE_PIPELINE_EXECUTABLE_PROPERTIES_KHR};
  if (props(vk->device, &pinfo, &nexe, exe) < 0)
    return;
  for (uint32_t e = 0; e < nexe; e++) {
    VkPipelineExecutableInfoKHR ei = {.sType = VK_STRUCTURE_TYPE_PIPELINE_EXECUTABLE_INFO_KHR, .pipeline = pipe,
                                      .executableIndex = e};
    uint32_t n = 0;
    if (get(vk->device, &ei, &n, NULL) < 0)
      continue;
    VkPipelineExecutableStatisticKHR *st = calloc(n ? n : 1, sizeof *st);
    if (!st)
      return;
    for (uint32_t i = 0; i < n; i++)
      st[i].sType = VK_STRUCTURE_TYPE_PIPELINE_EXECUTABLE_STATISTIC_KHR;
    if (get(vk->device, &ei, &n, st) >= 0) {
      fprintf(stderr, "gpuarray: kernel %s [%s, subgroup %u]:", key, exe[e].name, (unsigned)exe[e].subgroupSize);
      for (uint32_t i = 0; i < n; i++)
        print_statistic(&st[i]);
      fprintf(stderr, "\n");
    }
    free(st);
    if (vk->pipeline_ir)
      save_representations(vk, key, &ei);
  }
}

static ga_status make_pipeline(ga_vk *vk, const char *key, const uint32_t *words, size_t len, VkPipeline *out)
{
  VkShaderModule mod = VK_NULL_HANDLE;
  VkShaderModuleCreateInfo mi = {.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO, .codeSize = len,
                                 .pCode = words};
  ga_status st = ga_vk_check(vk, vkCreateShaderModule(vk->device, &mi, NULL, &mod), "shader module creation");
  if (st != GA_OK)
    return st;
  VkComputePipelineCreateInfo pi = {
    .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
    .stage = {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, .stage = VK_SHADER_STAGE_COMPUTE_BIT,
              .module = mod, .pName = "main"},
    .layout = vk->layout};
  if (vk->pipeline_stats)
    pi.flags |= VK_PIPELINE_CREATE_CAPTURE_STATISTICS_BIT_KHR;
  if (vk->pipeline_ir)
    pi.flags |= VK_PIPELINE_CREATE_CAPTURE_INTERNAL_REPRESENTATIONS_BIT_KHR;
  st = ga_vk_check(vk, vkCreateComputePipelines(vk->device, vk->pipeline_cache, 1, &pi, NULL, out),
                   "pipeline creation");
  vkDestroyShaderModule(vk->device, mod, NULL);
  vk->pipelines_added = true;
  if (st == GA_OK && vk->pipeline_stats)
    print_statistics(vk, key, *out);
  return st;
}

static double now_ms(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec * 1e3 + (double)t.tv_nsec * 1e-6;
}

/* A pipeline for key: SPIR-V from the disk cache, else compiled from source(). On disk
 * a kernel is found by its key and a hash of its GLSL, so any change to the generator
 * or the shaders misses instead of loading stale code. */
static ga_status build(ga_vk *vk, const char *key, char *(*source)(const void *ctx), const void *ctx,
                       int opt_level, VkPipeline *out)
{
  char *glsl = source(ctx);
  if (!glsl)
    return ga_fail(GA_ERR_OOM, "out of host memory while generating a kernel");
  uint64_t h = 1469598103934665603ull;
  for (const unsigned char *c = (const unsigned char *)glsl; *c; c++)
    h = (h ^ *c) * 1099511628211ull;
  size_t klen = strlen(key) + 20;
  char *disk_key = malloc(klen);
  if (!disk_key) {
    free(glsl);
    return ga_fail(GA_ERR_OOM, "out of host memory");
  }
  snprintf(disk_key, klen, "%s#%016llx", key, (unsigned long long)h);
  size_t len = 0;
  uint32_t *words = ga_vk_diskcache_load_spirv(vk, disk_key, &len);
  ga_status st;
  if (words && (st = make_pipeline(vk, key, words, len, out)) == GA_OK) {
    ga_g.stats.disk_cache_hits++;
  } else {
    free(words);
    words = NULL;
    /* GPUARRAY_COMPILE_TIMES=1 (a tuning aid): where a cold kernel's time goes; on
     * lavapipe the driver's LLVM is most of a cold test run */
    bool timed = getenv("GPUARRAY_COMPILE_TIMES") != NULL;
    double t0 = timed ? now_ms() : 0.0;
    st = compile_glsl(vk, key, glsl, opt_level, &words, &len);
    double t1 = timed ? now_ms() : 0.0;
    if (st == GA_OK && (st = make_pipeline(vk, key, words, len, out)) == GA_OK) {
      ga_vk_diskcache_store_spirv(vk, disk_key, words, len);
      ga_g.stats.kernels_compiled++;
    }
    if (timed)
      fprintf(stderr, "gpuarray: compiled %s: GLSL %zu bytes, SPIR-V %zu bytes, shaderc %.1f ms, driver %.1f ms\n", key,
              strlen(glsl), len, t1 - t0, now_ms() - t1);
  }
  free(words);
  free(disk_key);
  free(glsl);
  return st;
}

const char *ga_vk_pipeline_key(const ga_vk *vk, VkPipeline pipe)
{
  for (int b = 0; b < 256; b++)
    for (const ga_vk_pipeline *p = vk->pipelines[b]; p; p = p->next)
      if (p->pipeline == pipe)
        return p->key;
  return NULL;
}

static ga_status pipeline_get(ga_vk *vk, const char *key, char *(*source)(const void *ctx), const void *ctx,
                              int opt_level, VkPipeline *out)
{
  unsigned b = bucket_of(key);
  for (ga_vk_pipeline *p = vk->pipelines[b]; p; p = p->next)
    if (strcmp(p->key, key) == 0) {
      ga_g.stats.kernel_cache_hits++;
      *out = p->pipeline;
      return GA_OK;
    }
  ga_vk_pipeline *p = calloc(1, sizeof *p);
  ga_status st = p ? build(vk, key, source, ctx, opt_level, &p->pipeline) : ga_fail(GA_ERR_OOM, "out of host memory");
  if (st == GA_OK && !(p->key = strdup(key))) {
    vkDestroyPipeline(vk->device, p->pipeline, NULL);
    st = ga_fail(GA_ERR_OOM, "out of host memory");
  }
  if (st != GA_OK) {
    free(p);
    return st;
  }
  p->next = vk->pipelines[b];
  vk->pipelines[b] = p;
  *out = p->pipeline;
  return GA_OK;
}

ga_status ga_vk_pipeline_get(ga_vk *vk, const char *key, char *(*source)(const void *ctx), const void *ctx,
                             VkPipeline *out)
{
  return pipeline_get(vk, key, source, ctx, vk->spirv_opt, out);
}

ga_status ga_vk_pipeline_get_elementwise(ga_vk *vk, const char *key, char *(*source)(const void *ctx),
                                         const void *ctx, VkPipeline *out)
{
  return pipeline_get(vk, key, source, ctx, vk->spirv_opt_elementwise, out);
}
