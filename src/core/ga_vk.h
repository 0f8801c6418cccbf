/* The Vulkan provider's private state, shared by its modules (ga_vk_*.c). */
#ifndef GA_VK_H
#define GA_VK_H

#include "ga_internal.h"
#include "ga_strbuf.h"

#include <vulkan/vulkan.h>

#define GA_VK_RING 4          /* command buffers in flight */
#define GA_VK_STAGE_SLOTS 2   /* ping-pong staging buffers */
#define GA_VK_MAX_BATCH 256   /* dispatches recorded before a submit is forced */

typedef struct ga_vk_pipeline {
  char *key;
  VkPipeline pipeline;
  struct ga_vk_pipeline *next;
} ga_vk_pipeline;

typedef struct {
  VkBuffer buffer;
  VkDeviceMemory memory;
  void *mapped;
  size_t bytes;
  uint64_t busy_until;  /* timeline value after which the slot may be rewritten */
} ga_vk_staging;

/* One variant of shaders/gemm.comp (ga_vk_gemm.c): the workgroup's tile of C (bm x bn,
 * depth bk per step), each thread's block (tm x tn), the warp shape (wm threads along m;
 * 0: plain) and the shared-memory row padding in 4-vectors. */
typedef struct {
  int bm, bn, bk, tm, tn, wm, pad;
  int pf;   /* phases of the next step's global loads (gemm.comp PF; 0 or 1: one) */
  int frag; /* the next depth's fragments read before this depth's products (FRAG) */
  int diag; /* gemm.comp DIAG: a measuring aid with wrong results, only when named */
  int pw;   /* producer warps that only load (gemm.comp PW; 0: every thread loads) */
} ga_vk_gemm_tile;

typedef struct ga_vk_profile ga_vk_profile;

typedef struct {
  VkInstance instance;
  VkDebugUtilsMessengerEXT messenger;
  VkPhysicalDevice phys;
  VkDevice device;
  VkQueue queue;
  uint32_t queue_family;
  int device_count;               /* usable physical devices */
  bool lost;

  VkPhysicalDeviceProperties props;
  VkPhysicalDeviceMemoryProperties memprops;
  bool has_budget;
  bool pipeline_stats; /* GPUARRAY_PIPELINE_STATS=1 or 2: print each new kernel's driver statistics */
  bool pipeline_ir;    /* GPUARRAY_PIPELINE_STATS=2: and save its internal representations */
  uint32_t device_memtype;        /* DEVICE_LOCAL */
  uint32_t staging_memtype;       /* HOST_VISIBLE | HOST_COHERENT (cached if possible) */
  uint64_t max_allocation;
  uint32_t subgroup_size;
  bool sub_arith;                 /* subgroup arithmetic in compute shaders (doubles with fp64) */
  bool sub_ballot;                /* subgroup ballots in compute shaders (sort's ranks) */
  uint32_t sm_count;               /* 0 where the driver does not say */
  bool fp64;
  bool fc_denorm32, fc_denorm64, fc_szinn32, fc_szinn64; /* float controls the device allows */
  bool fma_exact; /* fma rounds once (known drivers; GPUARRAY_EXACT_FMA=0/1 overrides) */
  bool divsqrt_exact; /* double / and sqrt round correctly (known drivers; GPUARRAY_EXACT_DIVSQRT) */
  bool emulate32; /* single arithmetic in double: the device flushes single subnormals */
  bool loop_lanes; /* elementwise kernels loop over a thread's elements (CPU devices; GPUARRAY_LOOP_LANES) */
  bool shared_tables; /* elementwise and reduction kernels copy math tables to shared memory (GPUARRAY_SHARED_TABLES) */
  int64_t reduce_wg_min; /* > 0: reductions along dimension 1 this long or longer take a workgroup per result,
                          * shorter ones a thread (GPUARRAY_REDUCE_WG_MIN; 0: by the element size) */
  int reduce_segmented; /* short columns read through shared memory (reduce.comp SEGMENTED):
                         * GPUARRAY_REDUCE_SEGMENTED=0 never (the strided kernel), 1 where one
                         * pass is enough (default), 2 also where slices would be (tuning) */
  int spirv_opt;  /* shaderc's optimization level (GPUARRAY_SPIRV_OPT): 0 none, 1 size, 2 performance */
  int spirv_opt_elementwise; /* the same for generated elementwise kernels (GPUARRAY_SPIRV_OPT_ELEMENTWISE) */

  VkCommandPool cmd_pool;
  VkCommandBuffer ring[GA_VK_RING];
  uint64_t ring_value[GA_VK_RING]; /* timeline value that marks each one done */
  int ring_pos;
  bool recording;
  int batch;                      /* dispatches in the recording buffer */
  VkSemaphore timeline;
  VkQueryPool timestamps;         /* two per ring slot: start and end of its work */
  bool timed[GA_VK_RING];         /* the slot's timestamps await reading */
  double ns_per_tick;
  struct ga_vk_profile *profile;  /* GPUARRAY_PROFILE: per-kernel device time (ga_vk_profile.c) */
  uint64_t submitted;             /* last value signalled by a submit */

  struct ga_vk_deferred *deferred; /* buffers freed while queued work may use them */
  ga_vk_staging stage[GA_VK_STAGE_SLOTS];
  int stage_pos;

  uint8_t uuid[VK_UUID_SIZE];
  char cache_dir[512];            /* on-disk kernel cache; empty when disabled */
  bool pipelines_added;           /* the pipeline cache gained entries this session */
  VkPipelineLayout layout;
  VkPipelineCache pipeline_cache;
  ga_vk_pipeline *pipelines[256];
  void *compiler;                 /* shaderc_compiler_t */

  /* GEMM variant per class (0 single, 1 double), ga_vk_gemm.c: looked up in the disk
   * cache once; known once found there or tuned */
  bool gemm_looked_up[2], gemm_known[2];
  ga_vk_gemm_tile gemm_tuned[2];
  char gemm_last[2][48];          /* the variant the last tiled product ran */
} ga_vk;

/* ga_vk_device.c */
ga_status ga_vk_check(ga_vk *vk, VkResult r, const char *what);

/* ga_vk_submit.c */
ga_status ga_vk_cmd(ga_vk *vk, VkCommandBuffer *cmd);   /* the buffer being recorded */
void ga_vk_barrier(VkCommandBuffer cmd);
ga_status ga_vk_flush(ga_vk *vk);                        /* submit what is recorded */
ga_status ga_vk_wait(ga_vk *vk, uint64_t value);
ga_status ga_vk_dispatch(ga_vk *vk, VkPipeline p, const void *push, uint32_t push_bytes,
                         uint64_t groups);
/* groups_x for a 1-D count of workgroups folded into a 2-D grid */
uint32_t ga_vk_groups_x(uint64_t groups);
void ga_vk_submit_destroy(ga_vk *vk);
ga_status ga_vk_submit_create(ga_vk *vk);
/* Adds the GPU time of finished submissions to the statistics. */
void ga_vk_harvest_timestamps(ga_vk *vk);

/* ga_vk_memory.c */
ga_status ga_vk_memory_create(ga_vk *vk);
void ga_vk_memory_destroy(ga_vk *vk);
ga_status ga_vk_alloc(void *state, size_t bytes, ga_pbuf *out);
void ga_vk_free(void *state, ga_pbuf *buf);
VkBuffer ga_vk_buffer_of(const ga_pbuf *buf);
/* destroys deferred buffers whose work has finished (all of them when everything has) */
void ga_vk_reap(ga_vk *vk, bool all);
ga_status ga_vk_upload(void *state, ga_pbuf *dst, const void *src, size_t bytes);
ga_status ga_vk_download(void *state, const ga_pbuf *src, void *dst, size_t bytes);

/* ga_vk_pipeline.c */
ga_status ga_vk_pipelines_create(ga_vk *vk);
void ga_vk_pipelines_destroy(ga_vk *vk);
/* The pipeline for key, compiling source() on a miss (at vk->spirv_opt) */
ga_status ga_vk_pipeline_get(ga_vk *vk, const char *key, char *(*source)(const void *ctx),
                             const void *ctx, VkPipeline *out);
/* The same for a generated elementwise kernel (at vk->spirv_opt_elementwise) */
ga_status ga_vk_pipeline_get_elementwise(ga_vk *vk, const char *key, char *(*source)(const void *ctx),
                                         const void *ctx, VkPipeline *out);

/* The key a pipeline was made for (NULL if it is not one of ours); a linear search. */
const char *ga_vk_pipeline_key(const ga_vk *vk, VkPipeline p);

/* ga_vk_profile.c: GPUARRAY_PROFILE=1, device time per kernel, printed at close */
void ga_vk_profile_create(ga_vk *vk);
void ga_vk_profile_begin(ga_vk *vk, VkCommandBuffer cmd, int slot);
void ga_vk_profile_mark(ga_vk *vk, VkCommandBuffer cmd, VkPipeline p);
void ga_vk_profile_submitted(ga_vk *vk, int slot);
void ga_vk_profile_harvest(ga_vk *vk);
void ga_vk_profile_destroy(ga_vk *vk);

/* ga_vk_diskcache.c */
#define GA_GENERATOR_VERSION 14 /* bump when generated GLSL changes for the same key */
void ga_vk_diskcache_open(ga_vk *vk);
void *ga_vk_diskcache_load_spirv(const ga_vk *vk, const char *key, size_t *len);
void ga_vk_diskcache_store_spirv(const ga_vk *vk, const char *key, const void *spv, size_t len);
void *ga_vk_diskcache_load_pipelines(const ga_vk *vk, size_t *len);
void ga_vk_diskcache_store_pipelines(ga_vk *vk);
/* A small record in file name of the cache folder, under key (NULL: absent, stale or corrupt) */
void *ga_vk_diskcache_load_blob(const ga_vk *vk, const char *name, const char *key, size_t *len);
void ga_vk_diskcache_store_blob(const ga_vk *vk, const char *name, const char *key, const void *data, size_t len);

/* ga_vk_kernels.c */
ga_status ga_vk_elementwise(void *state, const ga_expr *x, ga_class out_cls, ga_pbuf *out);
ga_status ga_vk_reduce(void *state, const ga_reduce_desc *d);
ga_status ga_vk_scan(void *state, const ga_scan_desc *d); /* ga_vk_scan.c */
ga_status ga_vk_sort(void *state, const ga_sort_desc *d); /* ga_vk_sort.c */
/* The buffer reference type holding one element of cls, a class of 4 bytes or more
 * (ga_common.glsl: GaF64, GaF32x2, ...), and #define BETTER(a, b) for max (max) or min
 * over cls (ga_vk_kernels.c) */
const char *ga_vk_element_ref(ga_class cls);
void ga_vk_emit_better(ga_strbuf *b, ga_class cls, bool max);
/* ga_vk_copy.c */
ga_status ga_vk_copy(void *state, const ga_copy_desc *d);
/* Records data into the start of buf at the current point of the command stream. */
ga_status ga_vk_write_inline(ga_vk *vk, ga_pbuf *buf, const void *data, size_t bytes);
/* ga_vk_compact.c */
ga_status ga_vk_compact_count(void *state, const ga_pbuf *mask, int64_t n, ga_pbuf *counts);
ga_status ga_vk_compact_write(void *state, const ga_pbuf *mask, int64_t n, const ga_pbuf *offsets, ga_pbuf *out);

/* ga_vk_gemm.c */
ga_status ga_vk_gemm(void *state, const ga_gemm_desc *d);
ga_status ga_vk_gemm_epilogue(void *state, const ga_gemm_desc *d, const ga_expr *x, int slot, ga_class out_cls,
                              ga_pbuf *out);
/* ga_vk_lu.c */
ga_status ga_vk_la(void *state, const ga_la_desc *d);
/* ga_vk_svd.c: the Jacobi SVD's kinds of ga_la_desc */
ga_status ga_vk_svd_la(ga_vk *vk, const ga_la_desc *d);

/* GLSL sources embedded at build time from shaders/ (ga_shaders_gen.c) */
extern const char ga_glsl_common[];
extern const char ga_glsl_math[];
extern const char ga_glsl_complex[]; /* shaders/ga_complex.glsl: complex arithmetic and functions */
extern const char ga_glsl_faddeeva_tab[]; /* shaders/ga_faddeeva_tab.glsl: its tables (generated) */
extern const char ga_glsl_faddeeva[];     /* shaders/ga_faddeeva.glsl: erfcx, complex erf, erfc, erfcx */
extern const char ga_glsl_gammainc[];     /* shaders/ga_gammainc.glsl: gammainc (x, a, tail) */
extern const char ga_glsl_gammaincinv[];  /* shaders/ga_gammaincinv.glsl: gammaincinv (y, a, tail) */
extern const char ga_glsl_betainc[];      /* shaders/ga_betainc.glsl: betainc (x, a, b, tail) */
extern const char ga_glsl_betaincinv[];   /* shaders/ga_betaincinv.glsl: betaincinv (y, a, b, tail) */
extern const char ga_glsl_philox[]; /* shaders/philox.glsl: random numbers, index functions */
extern const char ga_glsl_reduce[];
extern const char ga_glsl_copy[];   /* shaders/copy.comp */
extern const char ga_glsl_transpose[]; /* shaders/transpose.comp */
extern const char ga_glsl_sort[];    /* shaders/sort.comp */
extern const char ga_glsl_compact[];   /* shaders/compact.comp */
extern const char ga_glsl_gemm[];  /* shaders/gemm.comp: tiled matrix products */
extern const char ga_glsl_gemv[];  /* shaders/gemv.comp: products with a vector */
extern const char ga_glsl_lu[];    /* shaders/lu.comp: the factorisations' small kernels */
extern const char ga_glsl_svd[];   /* shaders/svd.comp: the Jacobi SVD's kernels */

#endif
