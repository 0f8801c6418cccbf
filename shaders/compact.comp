// gpuarray: the positions of the nonzero bytes of a mask (logical values), in order: the
// device half of find (x) and of x(mask). Blocks of 2048 elements, 8 per thread.
//   COUNT 1: counts[b] = nonzeros in block b
//   COUNT 0: the positions of block b's nonzeros go to out[offsets[b] ...] (int64),
//            offsets being the exclusive prefix sums of the counts (the host adds them)
layout(local_size_x = 256) in;

layout(push_constant) uniform Push {
  uint64_t mask;     // bytes
  uint64_t counts;   // uint32 per block (COUNT), int64 offsets per block (write pass)
  uint64_t positions; // int64 positions (write pass)
  uint64_t n;        // elements
  uint groups_x;
} pc;

shared uint partial[256];

// the mask's bytes k .. k+7 as 8 bits (bit l set: element k + l is nonzero)
uint ga_mask_bits(uint64_t k)
{
  uint bits = 0u;
  for (uint w = 0u; w < 2u; w++) {
    uint64_t first = k + 4ul * uint64_t(w);
    if (first >= pc.n)
      break;
    uint word = GaU32(pc.mask + first).v;
    for (uint l = 0u; l < 4u; l++)
      if (first + uint64_t(l) < pc.n && ((word >> (8u * l)) & 0xffu) != 0u)
        bits |= 1u << (4u * w + l);
  }
  return bits;
}

void main()
{
  uint64_t block = uint64_t(gl_WorkGroupID.y) * uint64_t(pc.groups_x) + uint64_t(gl_WorkGroupID.x);
  uint t = gl_LocalInvocationID.x;
  uint64_t k = block * 2048ul + uint64_t(t) * 8ul;
  if (block * 2048ul >= pc.n)
    return;
  uint bits = ga_mask_bits(k);
  partial[t] = bitCount(bits);
  barrier();
  // inclusive scan of the threads' counts (Hillis-Steele; lavapipe's subgroup scans
  // have been seen wrong, so shared memory)
  for (uint d = 1u; d < 256u; d <<= 1) {
    uint v = t >= d ? partial[t - d] : 0u;
    barrier();
    partial[t] += v;
    barrier();
  }
#if COUNT
  if (t == 255u)
    GaU32(pc.counts + 4ul * block).v = partial[255];
#else
  uint64_t at = uint64_t(GaI64(pc.counts + 8ul * block).v) + uint64_t(partial[t] - bitCount(bits));
  for (uint l = 0u; l < 8u; l++)
    if ((bits & (1u << l)) != 0u) {
      GaI64(pc.positions + 8ul * at).v = int64_t(k + uint64_t(l));
      at += 1ul;
    }
#endif
}
