// gpuarray: sum along one dimension. The input is viewed as inner x n x outer and n is
// reduced in nchunks slices; a second pass (the same shader) adds the slices.
// The core defines LOAD(addr, k) (an element widened to ACC_T), ACC_T, STORE(addr, k, v)
// and CONTIGUOUS (inner == 1: a workgroup cooperates on one output). A fused reduction
// defines LOAD as the producer expression at element k and adds its inputs and scalars
// to the push constants through EXTRA_PARAMS.
layout(local_size_x = 256) in;

layout(push_constant) uniform Params {
  uint64_t in_addr;
  uint64_t out_addr;
  uint64_t inner;
  uint64_t n;
  uint64_t outer;
  uint64_t chunk;
  uint64_t nchunks;
  uint groups_x;
  uint pad;
#ifdef EXTRA_PARAMS
  EXTRA_PARAMS
#endif
} pc;

#if CONTIGUOUS
shared ACC_T partial[256];

void main()
{
  uint64_t group = uint64_t(gl_WorkGroupID.y) * uint64_t(pc.groups_x) + uint64_t(gl_WorkGroupID.x);
  if (group >= pc.outer * pc.nchunks)
    return; // whole workgroup leaves together: the barrier below stays uniform
  uint64_t o = group / pc.nchunks, c = group % pc.nchunks;
  uint64_t k0 = c * pc.chunk, k1 = min(k0 + pc.chunk, pc.n);
  uint64_t base = o * pc.n;
  uint t = gl_LocalInvocationID.x;
  ACC_T acc = ACC_T(0);
  for (uint64_t k = k0 + uint64_t(t); k < k1; k += 256ul)
    acc += LOAD(pc.in_addr, base + k);
  partial[t] = acc;
  barrier();
  for (uint s = 128u; s > 0u; s >>= 1) {
    if (t < s)
      partial[t] += partial[t + s];
    barrier();
  }
  if (t == 0u)
    STORE(pc.out_addr, o * pc.nchunks + c, partial[0]);
}
#else
void main()
{
  uint64_t id = ga_invocation(pc.groups_x);
  uint64_t total = pc.inner * pc.outer * pc.nchunks;
  if (id >= total)
    return;
  uint64_t i = id % pc.inner, rest = id / pc.inner;
  uint64_t c = rest % pc.nchunks, o = rest / pc.nchunks;
  uint64_t k0 = c * pc.chunk, k1 = min(k0 + pc.chunk, pc.n);
  ACC_T acc = ACC_T(0);
  for (uint64_t k = k0; k < k1; k++)
    acc += LOAD(pc.in_addr, (o * pc.n + k) * pc.inner + i);
  STORE(pc.out_addr, (o * pc.nchunks + c) * pc.inner + i, acc);
}
#endif
