/* The on-disk kernel cache: a second Octave session does not compile what the first
 * compiled. Each kernel's SPIR-V is a file named by a hash of its key, holding the key
 * itself (a collision or a corrupt file is detected, ignored and rewritten); the
 * driver's VkPipelineCache blob is kept beside, with our own checksum. The folder is
 * $GPUARRAY_CACHE_DIR, else $XDG_CACHE_HOME/gpuarray, else ~/.cache/gpuarray, with one
 * subfolder per device, driver and generator version. Files are written to a temporary
 * name and renamed, so concurrent sessions never see half a file.
 * GPUARRAY_CACHE_DIR=off disables it. */
#include "ga_vk.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAGIC 0x67614b31u /* "gaK1" */
#define MAX_FILE (64u << 20)

static uint64_t fnv64(const void *p, size_t n, uint64_t h)
{
  const unsigned char *c = p;
  for (size_t i = 0; i < n; i++)
    h = (h ^ c[i]) * 1099511628211ull;
  return h;
}

static int make_dirs(char *path)
{
  for (char *p = path + 1; *p; p++)
    if (*p == '/') {
      *p = '\0';
      int r = mkdir(path, 0755);
      *p = '/';
      if (r != 0 && errno != EEXIST)
        return -1;
    }
  return mkdir(path, 0755) == 0 || errno == EEXIST ? 0 : -1;
}

void ga_vk_diskcache_open(ga_vk *vk)
{
  const char *dir = getenv("GPUARRAY_CACHE_DIR");
  char base[400];
  if (dir && strcmp(dir, "off") == 0)
    return;
  if (dir && *dir)
    snprintf(base, sizeof base, "%s", dir);
  else if (getenv("XDG_CACHE_HOME") && *getenv("XDG_CACHE_HOME"))
    snprintf(base, sizeof base, "%s/gpuarray", getenv("XDG_CACHE_HOME"));
  else if (getenv("HOME") && *getenv("HOME"))
    snprintf(base, sizeof base, "%s/.cache/gpuarray", getenv("HOME"));
  else
    return;
  /* kernels are found by a hash of their GLSL; the generator version only retires
   * whole folders that no longer match anything */
  uint64_t gen = fnv64(ga_glsl_common, strlen(ga_glsl_common), 1469598103934665603ull);
  gen = fnv64(ga_glsl_reduce, strlen(ga_glsl_reduce), gen);
  char uuid[33];
  for (int i = 0; i < 16; i++)
    snprintf(uuid + 2 * i, 3, "%02x", vk->uuid[i]);
  /* the compile-time macros a device implies (ga_vk_pipeline.c) that can be overridden */
  int n = snprintf(vk->cache_dir, sizeof vk->cache_dir, "%.400s/%s-%08x-g%d-%016llx-f%de%dd%do%d%d", base, uuid,
                   vk->props.driverVersion, GA_GENERATOR_VERSION, (unsigned long long)gen, (int)vk->fma_exact,
                   (int)vk->emulate32, (int)vk->divsqrt_exact, vk->spirv_opt,
                   vk->spirv_opt_elementwise);
  if (n < 0 || (size_t)n >= sizeof vk->cache_dir) {
    vk->cache_dir[0] = '\0';
    return;
  }
  if (make_dirs(vk->cache_dir) != 0)
    vk->cache_dir[0] = '\0';
}

static int write_atomic(const char *path, const void *a, size_t na, const void *b, size_t nb)
{
  char tmp[600];
  snprintf(tmp, sizeof tmp, "%s.tmp.%ld", path, (long)getpid());
  FILE *f = fopen(tmp, "wb");
  if (!f)
    return -1;
  int ok = fwrite(a, 1, na, f) == na && (nb == 0 || fwrite(b, 1, nb, f) == nb);
  ok = (fclose(f) == 0) && ok;
  if (!ok || rename(tmp, path) != 0) {
    unlink(tmp);
    return -1;
  }
  return 0;
}

static void *read_file(const char *path, size_t *len)
{
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  void *buf = NULL;
  if (fseek(f, 0, SEEK_END) == 0) {
    long n = ftell(f);
    if (n > 0 && (unsigned long)n <= MAX_FILE && fseek(f, 0, SEEK_SET) == 0 && (buf = malloc((size_t)n))) {
      if (fread(buf, 1, (size_t)n, f) != (size_t)n) {
        free(buf);
        buf = NULL;
      } else {
        *len = (size_t)n;
      }
    }
  }
  fclose(f);
  return buf;
}

typedef struct {
  uint32_t magic, key_len;
  uint64_t checksum; /* of the key and the payload */
} file_header;

static void kernel_path(const ga_vk *vk, const char *key, char *out, size_t cap)
{
  snprintf(out, cap, "%s/%016llx.spv", vk->cache_dir,
           (unsigned long long)fnv64(key, strlen(key), 1469598103934665603ull));
}

/* The payload stored under key, or NULL (absent, corrupt or another key's). */
static void *load_checked(const char *path, const char *key, size_t *len)
{
  size_t n = 0;
  unsigned char *buf = read_file(path, &n);
  size_t klen = strlen(key);
  file_header h;
  if (!buf || n < sizeof h)
    goto bad;
  memcpy(&h, buf, sizeof h);
  if (h.magic != MAGIC || h.key_len != klen || n < sizeof h + klen ||
      memcmp(buf + sizeof h, key, klen) != 0 ||
      h.checksum != fnv64(buf + sizeof h, n - sizeof h, 1469598103934665603ull))
    goto bad;
  *len = n - sizeof h - klen;
  memmove(buf, buf + sizeof h + klen, *len);
  return buf;
bad:
  free(buf);
  return NULL;
}

static void store_checked(const char *path, const char *key, const void *payload, size_t len)
{
  size_t klen = strlen(key);
  unsigned char *body = malloc(klen + len);
  if (!body)
    return;
  memcpy(body, key, klen);
  memcpy(body + klen, payload, len);
  file_header h = {MAGIC, (uint32_t)klen, fnv64(body, klen + len, 1469598103934665603ull)};
  write_atomic(path, &h, sizeof h, body, klen + len);
  free(body);
}

void *ga_vk_diskcache_load_spirv(const ga_vk *vk, const char *key, size_t *len)
{
  if (!vk->cache_dir[0])
    return NULL;
  char path[600];
  kernel_path(vk, key, path, sizeof path);
  void *spv = load_checked(path, key, len);
  if (spv && (*len == 0 || *len % 4 != 0)) {
    free(spv);
    spv = NULL;
  }
  return spv;
}

void ga_vk_diskcache_store_spirv(const ga_vk *vk, const char *key, const void *spv, size_t len)
{
  if (!vk->cache_dir[0])
    return;
  char path[600];
  kernel_path(vk, key, path, sizeof path);
  store_checked(path, key, spv, len);
}

void *ga_vk_diskcache_load_pipelines(const ga_vk *vk, size_t *len)
{
  if (!vk->cache_dir[0])
    return NULL;
  char path[600];
  snprintf(path, sizeof path, "%s/pipelines.bin", vk->cache_dir);
  return load_checked(path, "vkPipelineCache", len);
}

void ga_vk_diskcache_store_pipelines(ga_vk *vk)
{
  if (!vk->cache_dir[0] || !vk->pipeline_cache || !vk->pipelines_added)
    return;
  size_t n = 0;
  if (vkGetPipelineCacheData(vk->device, vk->pipeline_cache, &n, NULL) != VK_SUCCESS || n == 0 || n > MAX_FILE)
    return;
  void *data = malloc(n);
  if (data && vkGetPipelineCacheData(vk->device, vk->pipeline_cache, &n, data) == VK_SUCCESS) {
    char path[600];
    snprintf(path, sizeof path, "%s/pipelines.bin", vk->cache_dir);
    store_checked(path, "vkPipelineCache", data, n);
  }
  free(data);
}

/* Small named records beside the kernels (the GEMM autotuner's choices): the same
 * header, key check and checksum, so a stale or corrupt record reads as absent. */
void *ga_vk_diskcache_load_blob(const ga_vk *vk, const char *name, const char *key, size_t *len)
{
  if (!vk->cache_dir[0])
    return NULL;
  char path[600];
  snprintf(path, sizeof path, "%s/%s", vk->cache_dir, name);
  return load_checked(path, key, len);
}

void ga_vk_diskcache_store_blob(const ga_vk *vk, const char *name, const char *key, const void *data, size_t len)
{
  if (!vk->cache_dir[0])
    return;
  char path[600];
  snprintf(path, sizeof path, "%s/%s", vk->cache_dir, name);
  store_checked(path, key, data, len);
}
