/* Lists the cooperative matrix shapes and component types each Vulkan device offers
 * (VK_KHR_cooperative_matrix and VK_NV_cooperative_matrix), to answer one question for
 * issue 8: can a Vulkan kernel reach the FP64 (DMMA) tensor cores of an H100/H200?
 * Debian 12's headers (1.3.239) predate the KHR extension, so its two structures are
 * declared here from the registry.
 * Build: cc -O2 -o bench/coopmat_probe bench/coopmat_probe.c -lvulkan */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <vulkan/vulkan.h>

typedef struct {
  VkStructureType sType;
  void *pNext;
  uint32_t MSize, NSize, KSize;
  int32_t AType, BType, CType, ResultType;
  VkBool32 saturatingAccumulation;
  int32_t scope;
} probe_coopmat_khr;

typedef VkResult (VKAPI_PTR *probe_get_khr)(VkPhysicalDevice, uint32_t *, probe_coopmat_khr *);

static const char *type_name(int32_t t) {
  switch (t) {
  case 0: return "f16";
  case 1: return "f32";
  case 2: return "f64";
  case 3: return "s8";
  case 4: return "s16";
  case 5: return "s32";
  case 6: return "s64";
  case 7: return "u8";
  case 8: return "u16";
  case 9: return "u32";
  case 10: return "u64";
  case 1000141000: return "bf16";
  case 1000491002: return "e4m3";
  case 1000491003: return "e5m2";
  default: return "other";
  }
}

int main(void) {
  VkApplicationInfo app = {.sType = VK_STRUCTURE_TYPE_APPLICATION_INFO, .apiVersion = VK_API_VERSION_1_3};
  VkInstanceCreateInfo ici = {.sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO, .pApplicationInfo = &app};
  VkInstance inst;
  if (vkCreateInstance(&ici, NULL, &inst) != VK_SUCCESS) {
    fprintf(stderr, "coopmat_probe: no Vulkan instance\n");
    return 1;
  }
  uint32_t ndev = 0;
  vkEnumeratePhysicalDevices(inst, &ndev, NULL);
  VkPhysicalDevice devs[8];
  if (ndev > 8)
    ndev = 8;
  vkEnumeratePhysicalDevices(inst, &ndev, devs);
  for (uint32_t d = 0; d < ndev; d++) {
    VkPhysicalDeviceProperties p;
    vkGetPhysicalDeviceProperties(devs[d], &p);
    printf("device %u: %s (driver %u)\n", d, p.deviceName, p.driverVersion);
    uint32_t next = 0;
    vkEnumerateDeviceExtensionProperties(devs[d], NULL, &next, NULL);
    VkExtensionProperties *ext = calloc(next ? next : 1, sizeof *ext);
    vkEnumerateDeviceExtensionProperties(devs[d], NULL, &next, ext);
    int has_khr = 0, has_nv = 0; /* the loader hands out entry points a driver lacks: ask only where listed */
    for (uint32_t i = 0; i < next; i++) {
      has_khr |= !strcmp(ext[i].extensionName, "VK_KHR_cooperative_matrix");
      has_nv |= !strcmp(ext[i].extensionName, "VK_NV_cooperative_matrix");
    }
    for (uint32_t i = 0; i < next; i++)
      if (strstr(ext[i].extensionName, "cooperative") || strstr(ext[i].extensionName, "shader_float") ||
          strstr(ext[i].extensionName, "integer_dot"))
        printf("  extension %s (spec %u)\n", ext[i].extensionName, ext[i].specVersion);
    free(ext);
    probe_get_khr get_khr =
        (probe_get_khr)vkGetInstanceProcAddr(inst, "vkGetPhysicalDeviceCooperativeMatrixPropertiesKHR");
    if (get_khr && has_khr) {
      uint32_t n = 0;
      get_khr(devs[d], &n, NULL);
      probe_coopmat_khr *c = calloc(n ? n : 1, sizeof *c);
      for (uint32_t i = 0; i < n; i++)
        c[i].sType = (VkStructureType)1000506001;
      get_khr(devs[d], &n, c);
      for (uint32_t i = 0; i < n; i++)
        printf("  KHR %ux%ux%u A %s B %s C %s R %s sat %u scope %d\n", c[i].MSize, c[i].NSize, c[i].KSize,
               type_name(c[i].AType), type_name(c[i].BType), type_name(c[i].CType), type_name(c[i].ResultType),
               c[i].saturatingAccumulation, c[i].scope);
      free(c);
    }
    PFN_vkGetPhysicalDeviceCooperativeMatrixPropertiesNV get_nv =
        (PFN_vkGetPhysicalDeviceCooperativeMatrixPropertiesNV)vkGetInstanceProcAddr(
            inst, "vkGetPhysicalDeviceCooperativeMatrixPropertiesNV");
    if (get_nv && has_nv) {
      uint32_t n = 0;
      get_nv(devs[d], &n, NULL);
      VkCooperativeMatrixPropertiesNV *c = calloc(n ? n : 1, sizeof *c);
      for (uint32_t i = 0; i < n; i++)
        c[i].sType = VK_STRUCTURE_TYPE_COOPERATIVE_MATRIX_PROPERTIES_NV;
      get_nv(devs[d], &n, c);
      for (uint32_t i = 0; i < n; i++)
        printf("  NV %ux%ux%u A %s B %s C %s D %s\n", c[i].MSize, c[i].NSize, c[i].KSize, type_name(c[i].AType),
               type_name(c[i].BType), type_name(c[i].CType), type_name(c[i].DType));
      free(c);
    }
  }
  vkDestroyInstance(inst, NULL);
  return 0;
}
