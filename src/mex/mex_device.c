/* Commands about the device and the core's telemetry. */
#include "mex_commands.h"

static void set_num(mxArray *s, const char *f, double v) { mxSetField(s, 0, f, mxCreateDoubleScalar(v)); }
static void set_str(mxArray *s, const char *f, const char *v) { mxSetField(s, 0, f, mxCreateString(v)); }
static void set_bool(mxArray *s, const char *f, int v) { mxSetField(s, 0, f, mxCreateLogicalScalar(v != 0)); }

void ga_mex_device(int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  (void)prhs;
  ga_mex_nargs("device", nrhs, 0, 0, nlhs, 1);
  ga_device_info d;
  ga_mex_raise(ga_get_device_info(&d));
  static const char *fields[] = {"Name", "Index", "Provider", "DeviceType", "DriverVersion", "VulkanVersion",
                                 "SupportsDouble", "SupportsInt64", "TotalMemory", "AvailableMemory",
                                 "MultiprocessorCount", "MaxThreadsPerBlock", "MaxShmemPerBlock",
                                 "MaxAllocationSize", "MaxStorageBufferRange", "SubgroupSize", "DeviceCount",
                                 "UUID", "PreservesSubnormalsSingle", "PreservesSubnormalsDouble"};
  mxArray *s = mxCreateStructMatrix(1, 1, sizeof fields / sizeof fields[0], fields);
  set_str(s, "Name", d.name);
  set_num(s, "Index", d.index);
  set_str(s, "Provider", d.provider);
  set_str(s, "DeviceType", d.device_type);
  set_str(s, "DriverVersion", d.driver_version);
  set_str(s, "VulkanVersion", d.api_version);
  set_bool(s, "SupportsDouble", d.supports_double);
  set_bool(s, "SupportsInt64", d.supports_int64);
  set_num(s, "TotalMemory", (double)d.total_memory);
  set_num(s, "AvailableMemory", (double)d.available_memory);
  set_num(s, "MultiprocessorCount", d.multiprocessor_count);
  set_num(s, "MaxThreadsPerBlock", d.max_threads_per_block);
  set_num(s, "MaxShmemPerBlock", (double)d.max_shmem_per_block);
  set_num(s, "MaxAllocationSize", (double)d.max_allocation);
  set_num(s, "MaxStorageBufferRange", (double)d.max_storage_buffer_range);
  set_num(s, "SubgroupSize", d.subgroup_size);
  set_num(s, "DeviceCount", d.device_count);
  set_str(s, "UUID", d.uuid);
  set_bool(s, "PreservesSubnormalsSingle", d.preserves_subnormals_single);
  set_bool(s, "PreservesSubnormalsDouble", d.preserves_subnormals_double);
  plhs[0] = s;
}

void ga_mex_device_count(int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  (void)prhs;
  ga_mex_nargs("device_count", nrhs, 0, 0, nlhs, 1);
  int n = 0;
  ga_mex_raise(ga_device_count(&n));
  plhs[0] = mxCreateDoubleScalar(n);
}

void ga_mex_reset(int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  (void)plhs;
  ga_mex_nargs("reset", nrhs, 0, 1, nlhs, 0);
  int index = nrhs > 0 ? ga_mex_get_int(prhs[0], "gpuDevice") : 0;
  if (nrhs > 0 && index < 1)
    ga_mex_error("gpuarray:invalidArgument", "gpuDevice: device index must be a positive integer");
  ga_mex_raise(ga_reset(index));
}

void ga_mex_wait(int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  (void)plhs;
  (void)prhs;
  ga_mex_nargs("wait", nrhs, 0, 0, nlhs, 0);
  ga_mex_raise(ga_synchronize());
}

void ga_mex_stats(int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  (void)prhs;
  ga_mex_nargs("stats", nrhs, 0, 0, nlhs, 1);
  ga_stats st;
  ga_get_stats(&st);
  static const char *fields[] = {"dispatches", "submits", "kernels_compiled", "kernel_cache_hits", "disk_cache_hits",
                                 "bytes_uploaded", "bytes_downloaded", "host_fallbacks", "pool_hits",
                                 "pool_misses", "pool_evictions", "bytes_in_use", "bytes_pooled", "live_arrays",
                                 "validation_messages", "fused_ops", "materializations", "gpu_time_ns",
                                 "assign_in_place", "assign_copies", "waits", "gemm_tunings", "gemm_epilogues",
                                 "host_sync_ns", "host_submit_ns", "host_wait_ns"};
  const uint64_t vals[] = {st.dispatches, st.submits, st.kernels_compiled, st.kernel_cache_hits, st.disk_cache_hits,
                           st.bytes_uploaded, st.bytes_downloaded, st.host_fallbacks, st.pool_hits,
                           st.pool_misses, st.pool_evictions, st.bytes_in_use, st.bytes_pooled, st.live_tensors,
                           st.validation_messages, st.fused_ops, st.materializations, st.gpu_time_ns,
                           st.assign_in_place, st.assign_copies, st.waits, st.gemm_tunings, st.gemm_epilogues,
                           st.host_sync_ns, st.host_submit_ns, st.host_wait_ns};
  mxArray *s = mxCreateStructMatrix(1, 1, sizeof fields / sizeof fields[0], fields);
  for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
    set_num(s, fields[i], (double)vals[i]);
  plhs[0] = s;
}

void ga_mex_host_fallback(int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  (void)plhs;
  (void)prhs;
  ga_mex_nargs("host_fallback", nrhs, 0, 0, nlhs, 0);
  ga_note_host_fallback();
}

void ga_mex_stats_reset(int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  (void)plhs;
  (void)prhs;
  ga_mex_nargs("stats_reset", nrhs, 0, 0, nlhs, 0);
  ga_reset_stats();
}
