// gpuarray: a 2-D copy whose source is contiguous along the second dimension and whose
// destination is contiguous along the first (a transpose), through shared memory, so
// both the reads and the writes of a warp touch consecutive addresses. The core
// defines ELEM (uint or uint64_t) and REF (its buffer reference type).
// dst[i + j * rows] = src[i * src_stride + j] for i < rows, j < cols.
layout(local_size_x = 32, local_size_y = 8) in;

layout(push_constant) uniform Push {
  uint64_t src;
  uint64_t dst;
  uint64_t src_stride;  // elements between consecutive i in the source
  uint rows;
  uint cols;
  uint tiles_i;         // tiles along i
  uint groups_x;
} pc;

shared ELEM tile[32][33];  // the extra column keeps the columns in different banks

void main()
{
  uint g = gl_WorkGroupID.y * pc.groups_x + gl_WorkGroupID.x;
  uint ti = g % pc.tiles_i, tj = g / pc.tiles_i;
  uint i0 = ti * 32u, j0 = tj * 32u;
  if (j0 >= pc.cols)
    return;
  uint tx = gl_LocalInvocationID.x, ty = gl_LocalInvocationID.y;
  // read: a warp reads 32 consecutive j of one i
  for (uint r = 0u; r < 32u; r += 8u) {
    uint i = i0 + ty + r, j = j0 + tx;
    if (i < pc.rows && j < pc.cols)
      tile[ty + r][tx] = REF(pc.src + (uint64_t(i) * pc.src_stride + uint64_t(j)) * uint64_t(ESIZE)).v;
  }
  barrier();
  // write: a warp writes 32 consecutive i of one j
  for (uint r = 0u; r < 32u; r += 8u) {
    uint i = i0 + tx, j = j0 + ty + r;
    if (i < pc.rows && j < pc.cols)
      REF(pc.dst + (uint64_t(j) * uint64_t(pc.rows) + uint64_t(i)) * uint64_t(ESIZE)).v = tile[tx][ty + r];
  }
}
