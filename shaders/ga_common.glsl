// gpuarray: the GLSL every kernel starts with (the core prepends it to generated and
// hand-written shaders). Buffers are reached through buffer device addresses, so one
// array may be larger than a descriptor binding allows, and indices are 64-bit.
#if GA_FC_ANY
#extension GL_EXT_spirv_intrinsics : require
#endif
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_control_flow_attributes : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require

// Octave's arithmetic keeps subnormals, signed zeros, NaN and Inf; Vulkan lets drivers
// drop them (NVIDIA flushes single-precision subnormals) unless a kernel asks, through
// SPIR-V float controls, where the device supports it (the core defines GA_FC_*).
#if GA_FC_DENORM32
spirv_execution_mode(extensions = ["SPV_KHR_float_controls"], capabilities = [4464], 4459, 32);
#endif
#if GA_FC_DENORM64
spirv_execution_mode(extensions = ["SPV_KHR_float_controls"], capabilities = [4464], 4459, 64);
#endif
#if GA_FC_SZINN32
spirv_execution_mode(extensions = ["SPV_KHR_float_controls"], capabilities = [4466], 4461, 32);
#endif
#if GA_FC_SZINN64
spirv_execution_mode(extensions = ["SPV_KHR_float_controls"], capabilities = [4466], 4461, 64);
#endif

layout(buffer_reference, std430, buffer_reference_align = 8) buffer GaF64 { double v; };
layout(buffer_reference, std430, buffer_reference_align = 4) buffer GaF32 { float v; };
layout(buffer_reference, std430, buffer_reference_align = 4) buffer GaU32 { uint v; };
layout(buffer_reference, std430, buffer_reference_align = 4) buffer GaI32 { int v; };
layout(buffer_reference, std430, buffer_reference_align = 8) buffer GaU32x2 { uvec2 v; };
layout(buffer_reference, std430, buffer_reference_align = 8) buffer GaI64 { int64_t v; };
layout(buffer_reference, std430, buffer_reference_align = 8) buffer GaU64 { uint64_t v; };
layout(buffer_reference, std430, buffer_reference_align = 16) buffer GaF64x2 { dvec2 v; };
layout(buffer_reference, std430, buffer_reference_align = 16) buffer GaF32x4 { vec4 v; };
layout(buffer_reference, std430, buffer_reference_align = 16) buffer GaU32x4 { uvec4 v; };
layout(buffer_reference, std430, buffer_reference_align = 16) buffer GaI32x4 { ivec4 v; };
layout(buffer_reference, std430, buffer_reference_align = 16) buffer GaI64x2 { i64vec2 v; };
layout(buffer_reference, std430, buffer_reference_align = 16) buffer GaU64x2 { u64vec2 v; };

// A linear invocation id over a 2-D grid: lavapipe allows only 65535 groups along x.
// A macro, because gl_WorkGroupSize is only known after the kernel's local_size layout.
#define ga_invocation(groups_x) ((uint64_t(gl_WorkGroupID.y) * uint64_t(groups_x) + uint64_t(gl_WorkGroupID.x)) * uint64_t(gl_WorkGroupSize.x) + uint64_t(gl_LocalInvocationID.x))

// Single elements of every class, widened to the type a kernel computes in.
double ga_ld_double(uint64_t a, uint64_t k) { return GaF64(a + 8ul * k).v; }
float ga_ld_single(uint64_t a, uint64_t k) { return GaF32(a + 4ul * k).v; }
int ga_ld_int32(uint64_t a, uint64_t k) { return GaI32(a + 4ul * k).v; }
uint ga_ld_uint32(uint64_t a, uint64_t k) { return GaU32(a + 4ul * k).v; }
int64_t ga_ld_int64(uint64_t a, uint64_t k) { return GaI64(a + 8ul * k).v; }
uint64_t ga_ld_uint64(uint64_t a, uint64_t k) { return GaU64(a + 8ul * k).v; }
uint ga_word_of(uint64_t a, uint64_t byte) { return GaU32(a + (byte & ~3ul)).v; }
int ga_ld_int16(uint64_t a, uint64_t k)
{
  return bitfieldExtract(int(ga_word_of(a, 2ul * k)), int((k & 1ul) * 16ul), 16);
}
uint ga_ld_uint16(uint64_t a, uint64_t k)
{
  return bitfieldExtract(ga_word_of(a, 2ul * k), int((k & 1ul) * 16ul), 16);
}
int ga_ld_int8(uint64_t a, uint64_t k)
{
  return bitfieldExtract(int(ga_word_of(a, k)), int((k & 3ul) * 8ul), 8);
}
uint ga_ld_uint8(uint64_t a, uint64_t k) { return bitfieldExtract(ga_word_of(a, k), int((k & 3ul) * 8ul), 8); }
uint ga_ld_logical(uint64_t a, uint64_t k) { return ga_ld_uint8(a, k) != 0u ? 1u : 0u; }

#if GA_VIEWS
// A kernel input read through a strided view (src/core/ga_view.c) arrives as the address
// of its description: w[0] the buffer's address, w[1] the offset in elements (signed),
// w[2] the number m of dimensions, then for dimension k, w[3 + 2k] its extent and
// w[4 + 2k] its stride in elements (signed): the kernel's output shape, with the
// dimensions merged where one stride walks both. Data, not code: a new slice, offset or
// stride reuses the compiled kernel.
layout(buffer_reference, std430, buffer_reference_align = 8) readonly buffer GaView { uint64_t w[]; };

// a / b and a % b for a < 2^53: 32-bit division where it fits, else through double with
// a correction (NVIDIA 580 miscompiles some 64-bit integer divisions; copy.comp does
// the same).
uint64_t ga_view_div(uint64_t a, uint64_t b, out uint64_t r)
{
  if (a < 4294967296ul && b < 4294967296ul) {
    uint q = uint(a) / uint(b);
    r = a - uint64_t(q) * b;
    return uint64_t(q);
  }
  uint64_t q = uint64_t(double(a) / double(b));
  int64_t rr = int64_t(a) - int64_t(q * b);
  while (rr < 0l) { q -= 1ul; rr += int64_t(b); }
  while (rr >= int64_t(b)) { q += 1ul; rr -= int64_t(b); }
  r = uint64_t(rr);
  return q;
}

// The position of output element e in the view's buffer, and e's coordinate along the
// first dimension.
int64_t ga_view_pos(GaView v, uint64_t e, out uint64_t c0)
{
  int m = int(v.w[2]);
  int64_t pos = int64_t(v.w[1]);
  c0 = e;
  for (int k = 0; k < m; k++) {
    uint64_t j = e;
    if (k < m - 1)
      e = ga_view_div(e, v.w[3 + 2 * k], j);
    if (k == 0)
      c0 = j;
    pos += int64_t(j) * int64_t(v.w[4 + 2 * k]);
  }
  return pos;
}

// Elements e .. e + 3 (none beyond last): one division chain for the packet when the
// four share every coordinate but the first.
void ga_view_pos4(GaView v, uint64_t e, uint64_t last, out int64_t q[4])
{
  uint64_t c0;
  q[0] = ga_view_pos(v, e, c0);
  if (e + 3ul <= last && c0 + 3ul < v.w[3]) {
    int64_t s0 = int64_t(v.w[4]);
    q[1] = q[0] + s0;
    q[2] = q[1] + s0;
    q[3] = q[2] + s0;
  } else {
    for (int l = 1; l < 4; l++)
      q[l] = ga_view_pos(v, min(e + uint64_t(l), last), c0);
  }
}
#endif

double ga_bits_double(uint64_t b) { return uint64BitsToDouble(b); }

// ---- single precision -----------------------------------------------------------
// Single values pass through these, never through raw float arithmetic. Where the
// device keeps single subnormals (GA_EMULATE32 off) they are the plain float
// operations. Where it flushes them (NVIDIA offers no DenormPreserve for 32-bit floats)
// and Octave keeps them, single arithmetic runs in double and is rounded to single
// once more, through bits: for + - * / (and sqrt) that is the correctly rounded single
// result, since 53 >= 2 * 24 + 2 makes the double rounding innocuous.
double ga_pow2_exact(int n) { return uint64BitsToDouble(uint64_t(n + 1023) << 52); }
// The sign bit is set from the source after a conversion where single values are
// emulated (NVIDIA): NVIDIA's conversions give the canonical NaN, which drops the sign
// that Octave's selections (max, min) carry (test_surface.m on the H100, 4 runs in 7);
// every other value keeps its sign anyway, so this costs two bit operations and no
// branch: single kernels 0-6% slower on the H200, mod 16% (an isnan test instead cost up
// to 34%). NaN payloads are not kept.
double ga_sign_from(double d, uint sign_hi)
{
  uvec2 w = unpackDouble2x32(d);
  return packDouble2x32(uvec2(w.x, (w.y & 0x7fffffffu) | sign_hi));
}
float ga_sign_from(float f, uint sign)
{
  return uintBitsToFloat((floatBitsToUint(f) & 0x7fffffffu) | sign);
}
// trunc of a double, by floor or ceil: Debian 12's Mesa 22.3.6-1+deb12u2 (lavapipe) returns
// doubles of magnitude 2^24 and more unchanged from trunc (round (2^24 + 0.7) was
// 2^24 + 0.7 there; floor, ceil and roundEven are right). The sign of a zero is trunc's.
double ga_trunc(double x) { return x < 0.0lf ? ceil(x) : floor(x); }
dvec2 ga_trunc(dvec2 z) { return dvec2(ga_trunc(z.x), ga_trunc(z.y)); }
float ga_trunc(float x) { return trunc(x); }
vec2 ga_trunc(vec2 z) { return trunc(z); }
#if GA_EMULATE32
double ga_d(float f)
{
  uint u = floatBitsToUint(f);
  if ((u & 0x7f800000u) != 0u)
    return ga_sign_from(double(f), u & 0x80000000u); // normal, Inf, NaN: exact but NaN's sign
  precise double m = double(u & 0x007fffffu) * ga_pow2_exact(-149);
  return (u & 0x80000000u) != 0u ? -m : m;
}
float ga_f(double x)
{
  precise double ax = abs(x);
  if (!(ax < ga_pow2_exact(-126))) // normal results, overflow, NaN: the conversion rounds them
    return ga_sign_from(float(x), unpackDouble2x32(x).y & 0x80000000u);
  // to the subnormal spacing, ties to even; 2^23 * 2^-149 is the smallest normal. Not by
  // roundEven: Debian 12's Mesa 22.3.6-1+deb12u2 (lavapipe) rounds double ties down there
  // (1.5 -> 1, 17.5 -> 17), which made a subnormal product 1 ulp small (test_fusion_random)
  precise double s = ax * ga_pow2_exact(149);
  precise double fl = floor(s);
  uint m = uint(fl);
  precise double frac = s - fl;
  if (frac > 0.5lf || (frac == 0.5lf && (m & 1u) != 0u))
    m++;
  return uintBitsToFloat(m | (unpackDouble2x32(x).y & 0x80000000u));
}
// x rounded to single by integer operations, for the slow paths below: NVIDIA's
// compiler turned float(double(a) + double(b)) back into a float addition, which
// flushes a subnormal operand (test_ieee_exact.m on the H100: x + y lost 2.9e-39)
float ga_f_bits(double x)
{
  uint64_t u = doubleBitsToUint64(x);
  uint sgn = uint(u >> 32u) & 0x80000000u;
  uint64_t a = u & 0x7ffffffffffffffful;
  if (a >= 0x7ff0000000000000ul || !(abs(x) >= ga_pow2_exact(-126)))
    return ga_f(x); // NaN and Inf convert exactly; subnormal results round through bits already
  int e = int(a >> 52u) - 1023 + 127;
  uint64_t mant = a & 0x000ffffffffffffful;
  uint m = uint(mant >> 29u);
  uint rest = uint(mant & 0x1ffffffful);
  if (rest > 0x10000000u || (rest == 0x10000000u && (m & 1u) != 0u))
    m++; // ties to even; a carry into the exponent is what the encoding wants
  uint bits = (uint(e) << 23u) + m;
  if (e >= 255 || bits >= 0x7f800000u)
    bits = 0x7f800000u; // overflow: Inf
  return uintBitsToFloat(bits | sgn);
}
#define GA_CV(x) ga_d(x)
#else
double ga_d(float f) { return double(f); } // lavapipe's conversions keep a NaN's sign
float ga_f(double x) { return float(x); }
#define GA_CV(x) (x)
#endif
float ga_f(float x) { return x; }
float ga_f(int x) { return float(x); }
float ga_f(uint x) { return float(x); }
float ga_f(int64_t x) { return float(x); }
float ga_f(uint64_t x) { return float(x); }
double ga_d(double x) { return x; }
double ga_d(int x) { return double(x); }
double ga_d(uint x) { return double(x); }
double ga_d(int64_t x) { return double(x); }
double ga_d(uint64_t x) { return double(x); }
// bit operations: exact on every device
float ga_neg_f(float x) { return uintBitsToFloat(floatBitsToUint(x) ^ 0x80000000u); }
float ga_abs_f(float x) { return uintBitsToFloat(floatBitsToUint(x) & 0x7fffffffu); }
// NVIDIA's FP64 negate of a value loaded through a strided view lost NaN's sign flip
// (test_views.m on the H100); IEEE negation is a sign-bit flip, so say exactly that.
double ga_neg_d(double x) { return uint64BitsToDouble(doubleBitsToUint64(x) ^ 0x8000000000000000ul); }
dvec2 ga_neg_d(dvec2 z) { return dvec2(ga_neg_d(z.x), ga_neg_d(z.y)); }
bool ga_nz_f(float x) { return (floatBitsToUint(x) << 1) != 0u; } // x != 0, NaN included
// Octave's eps (x) from the exponent field e alone: 2^(e - 1075) (single: 2^(e - 150)),
// a subnormal below the normal range (its one bit at e - 1), the smallest subnormal for
// 0 and subnormal x, NaN for Inf and NaN. Bits only: no arithmetic a device could flush.
double ga_eps_double(double x)
{
  uint e = (unpackDouble2x32(x).y >> 20) & 0x7ffu;
  if (e == 0x7ffu)
    return uint64BitsToDouble(0x7ff8000000000000ul);
  if (e <= 53u)
    return uint64BitsToDouble(1ul << uint(max(int(e) - 1, 0)));
  return uint64BitsToDouble(uint64_t(e - 52u) << 52);
}
float ga_eps_single(float x)
{
  uint e = (floatBitsToUint(x) >> 23) & 0xffu;
  if (e == 0xffu)
    return uintBitsToFloat(0x7fc00000u);
  if (e <= 24u)
    return uintBitsToFloat(1u << uint(max(int(e) - 1, 0)));
  return uintBitsToFloat((e - 23u) << 23);
}
// [f, e] = log2 (x) as frexp: x = f 2^e with |f| in [0.5, 1); 0, Inf and NaN are their own
// f with e = 0. By the bits: a subnormal's significand converts exactly to a normal
// number (below 2^52, or 2^23), whose exponent field then says where its leading bit is.
double ga_frexp_d(double x, out int e)
{
  uint64_t u = doubleBitsToUint64(x);
  int ex = int(u >> 52) & 0x7ff;
  e = 0;
  if (ex == 0x7ff || (u << 1) == 0ul)
    return x;
  e = ex - 1022;
  if (ex == 0) {
    uint64_t v = doubleBitsToUint64(double(u & 0x000ffffffffffffful));
    e = int(v >> 52) - 2096; // x = m 2^-1074, m = 1.g 2^(E - 1023): f = 0.1g, e = E - 2096
    u = (u & 0x8000000000000000ul) | v;
  }
  return uint64BitsToDouble((u & 0x800ffffffffffffful) | (1022ul << 52));
}
float ga_frexp_f(float x, out int e)
{
  uint u = floatBitsToUint(x);
  int ex = int(u >> 23) & 0xff;
  e = 0;
  if (ex == 0xff || (u << 1) == 0u)
    return x;
  e = ex - 126;
  if (ex == 0) {
    uint v = floatBitsToUint(float(u & 0x007fffffu));
    e = int(v >> 23) - 275; // x = m 2^-149, m = 1.g 2^(E - 127)
    u = (u & 0x80000000u) | v;
  }
  return uintBitsToFloat((u & 0x807fffffu) | (126u << 23));
}
double ga_frexp_sig_d(double x) { int e; return ga_frexp_d(x, e); }
double ga_frexp_exp_d(double x) { int e; ga_frexp_d(x, e); return double(e); }
float ga_frexp_sig_f(float x) { int e; return ga_frexp_f(x, e); }
float ga_frexp_exp_f(float x) { int e; ga_frexp_f(x, e); return float(e); }
#if GA_EMULATE32
// The float operation is right when its operands and result are normal; only then is
// double needed. Zero or subnormal, asked as a comparison: NVIDIA's compiler turned the
// exponent-field test (bits & 0x7f800000) == 0 into one that a subnormal fails, so
// x + y with a subnormal term took the flushed float sum (test_ieee_exact.m: 83 of 1e6
// on the H200); |x| < 2^-126 holds for a subnormal whether or not the comparison
// flushes it, and NaN takes the exact path too.
bool ga_tiny_f(float x) { return !(abs(x) >= 1.17549435e-38); }
// A subnormal (or NaN) operand: tiny but not zero, its zero tested by the bits (a
// flushing comparison calls a subnormal zero). A zero operand is exact in the float
// operation: x - 0, max (x, 0) had all taken the double path (x - 0 of 1e8 singles
// 0.59 ms where a copy takes 0.21, H200).
bool ga_subn_f(float x) { return ga_tiny_f(x) && (floatBitsToUint(x) << 1) != 0u; }
float ga_add_f(float a, float b)
{
  precise float r = a + b;
  if (!(ga_subn_f(a) || ga_subn_f(b) || ga_tiny_f(r)))
    return r;
  precise double d = ga_d(a) + ga_d(b);
  return ga_f_bits(d);
}
float ga_mul_f(float a, float b)
{
  precise float r = a * b;
  if (!(ga_subn_f(a) || ga_subn_f(b) || ga_tiny_f(r)))
    return r;
  precise double d = ga_d(a) * ga_d(b);
  return ga_f_bits(d);
}
float ga_floor_f(float x) { return ga_f(floor(ga_d(x))); }
float ga_ceil_f(float x) { return ga_f(ceil(ga_d(x))); }
float ga_trunc_f(float x) { return ga_f(ga_trunc(ga_d(x))); }
#else
float ga_add_f(float a, float b) { precise float r = a + b; return r; }
float ga_mul_f(float a, float b) { precise float r = a * b; return r; }
float ga_floor_f(float x) { return floor(x); }
float ga_ceil_f(float x) { return ceil(x); }
float ga_trunc_f(float x) { return trunc(x); }
#endif
// a - b is a + (-b) in IEEE arithmetic, signed zeros included; the negation is exact
float ga_sub_f(float a, float b) { return ga_add_f(a, ga_neg_f(b)); }
// The order of a and b: -1, 0, 1, or 2 when unordered (a NaN). A float comparison flushes
// subnormal operands where singles are emulated, so there a zero or subnormal operand
// (or a NaN) is compared in double; the others in float, which is exact for them.
int ga_order_f(float a, float b)
{
#if GA_EMULATE32
  if (ga_subn_f(a) || ga_subn_f(b)) {
    double x = ga_d(a), y = ga_d(b);
    return x < y ? -1 : (x > y ? 1 : (x == y ? 0 : 2));
  }
#endif
  return a < b ? -1 : (a > b ? 1 : (a == b ? 0 : 2));
}
float ga_sign_f(float x)
{
  return GA_CV(x) > GA_CV(0.0) ? 1.0 : (GA_CV(x) < GA_CV(0.0) ? -1.0 : (isnan(x) ? x : 0.0));
}

// a * b = p + e exactly, for products that neither overflow nor fall below the normal
// range. Where the core knows the driver's fma rounds once (GA_FMA_EXACT) the error is
// one fma; elsewhere Dekker's splitting, which needs only correctly rounded + - *
// (lavapipe rounds fma twice). Both give the same exact e, so results do not depend
// on the path: the fma only saves the ~15 operations of the splitting.
void ga_two_prod(double a, double b, out double p, out double e)
{
  precise double pp = a * b;
#if GA_FMA_EXACT
  precise double ee = fma(a, b, -pp);
#else
  precise double ca = 134217729.0lf * a, ah = ca - (ca - a), al = a - ah;
  precise double cb = 134217729.0lf * b, bh = cb - (cb - b), bl = b - bh;
  precise double ee = ((ah * bh - pp) + ah * bl + al * bh) + al * bl;
#endif
  p = pp;
  e = ee;
}
void ga_two_prod_f(float a, float b, out float p, out float e)
{
  precise float pp = a * b;
#if GA_FMA_EXACT
  precise float ee = fma(a, b, -pp);
#else
  precise float ca = 4097.0 * a, ah = ca - (ca - a), al = a - ah;
  precise float cb = 4097.0 * b, bh = cb - (cb - b), bl = b - bh;
  precise float ee = ((ah * bh - pp) + ah * bl + al * bh) + al * bl;
#endif
  p = pp;
  e = ee;
}

// Division correctly rounded whatever the driver's OpFDiv precision (Vulkan allows
// 2.5 ulp for 32-bit): one correction step with the exact remainder a - q*b.
// Outside the range where the two-product is exact (and splitting cannot overflow),
// q is kept.
double ga_div_double(double a, double b)
{
  precise double q = a / b;
#if GA_DIVSQRT_EXACT
  return q;
#endif
  double aa = abs(a), ab = abs(b), aq = abs(q);
  if (!(aa < 1e290 && aa > 1e-290 && ab < 1e290 && ab > 1e-290 && aq < 1e290 && aq > 1e-290))
    return q;
  precise double p, e;
  ga_two_prod(q, b, p, e);
  precise double r = (a - p) - e;
  return q + r / b;
}
float ga_div_single(float a, float b)
{
#if GA_DIVSQRT_EXACT
  // the double quotient rounded again to single is the correctly rounded single one
  // (53 >= 2 * 24 + 2 bits: double rounding of a quotient is innocuous)
  precise double qd = ga_d(a) / ga_d(b);
  return ga_f(qd);
#endif
  precise float q = a / b;
#if GA_EMULATE32
  if (ga_tiny_f(a) || ga_tiny_f(b) || ga_tiny_f(q))
    return ga_f(ga_div_double(ga_d(a), ga_d(b))); // a correctly rounded double quotient
#endif
  float aa = abs(a), ab = abs(b), aq = abs(q);
  if (!(aa < 1e34 && aa > 1e-30 && ab < 1e34 && ab > 1e-30 && aq < 1e34 && aq > 1e-30))
#if GA_EMULATE32
    return ga_f(ga_div_double(ga_d(a), ga_d(b))); // every single quotient is in double's range
#else
    return q;
#endif
  precise float p, e;
  ga_two_prod_f(q, b, p, e);
  precise float r = (a - p) - e;
  return q + r / b;
}

// Octave's conversion of a double to an integer class: round half away from zero,
// saturate, NaN -> 0. The remainder x - trunc(x) is exact, so no double rounding.
double ga_round_half_away(double x)
{
  double t = ga_trunc(x);
  if (abs(x - t) >= 0.5)
    t += sign(x);
  return t;
}
double ga_sat(double x, double lo, double hi)
{
  // an integer has no negative zero, and a compiler may fold the int -> double
  // conversion of the stored result back into this value: clear the sign of a zero (an
  // added 0.0 was seen optimised away on lavapipe)
  precise double r = isnan(x) ? 0.0 : clamp(ga_round_half_away(x), lo, hi);
  return r == 0.0 ? abs(r) : r;
}

// Exact saturating 64-bit integer arithmetic, Octave's rules (division rounds half away
// from zero; x/0 saturates by the sign of x; 0/0 is 0).
const int64_t GA_I64_MAX = 9223372036854775807l;
const int64_t GA_I64_MIN = -GA_I64_MAX - 1l;
const uint64_t GA_U64_MAX = 18446744073709551615ul;

int64_t ga_add_int64(int64_t a, int64_t b)
{
  int64_t s = a + b;
  return ((a ^ s) & (b ^ s)) < 0l ? (a < 0l ? GA_I64_MIN : GA_I64_MAX) : s;
}
int64_t ga_sub_int64(int64_t a, int64_t b)
{
  int64_t s = a - b;
  return ((a ^ b) & (a ^ s)) < 0l ? (a < 0l ? GA_I64_MIN : GA_I64_MAX) : s;
}
// The high 64 bits of the 128-bit product x * y, from 32-bit halves: overflow tests
// without 64-bit division, which NVIDIA's driver 580 was seen to compile wrongly.
uint64_t ga_umul_hi64(uint64_t x, uint64_t y)
{
  uint x0 = uint(x), x1 = uint(x >> 32), y0 = uint(y), y1 = uint(y >> 32);
  uint h00, l00, h01, l01, h10, l10, h11, l11;
  umulExtended(x0, y0, h00, l00);
  umulExtended(x0, y1, h01, l01);
  umulExtended(x1, y0, h10, l10);
  umulExtended(x1, y1, h11, l11);
  uint64_t mid = uint64_t(h00) + uint64_t(l01) + uint64_t(l10);
  return (uint64_t(h11) << 32) + uint64_t(l11) + uint64_t(h01) + uint64_t(h10) + (mid >> 32);
}
uint64_t ga_mag(int64_t x) { return x < 0l ? 0ul - uint64_t(x) : uint64_t(x); }
int64_t ga_mul_int64(int64_t a, int64_t b)
{
  if (a == 0l || b == 0l)
    return 0l;
  bool negative = (a < 0l) != (b < 0l);
  uint64_t ma = ga_mag(a), mb = ga_mag(b);
  uint64_t lo = ma * mb; // the product's magnitude, when the high half is 0
  if (ga_umul_hi64(ma, mb) != 0ul || lo > (negative ? 9223372036854775808ul : 9223372036854775807ul))
    return negative ? GA_I64_MIN : GA_I64_MAX;
  return negative ? int64_t(0ul - lo) : int64_t(lo);
}
// a / b truncated, and the remainder, for b != 0, by shift and subtract: NVIDIA's
// driver 580 was seen to compile 64-bit integer division wrongly, and 64-bit division
// is rare enough here that exactness is worth the loop. 32-bit operands divide directly.
uint64_t ga_udivmod64(uint64_t a, uint64_t b, out uint64_t rem)
{
  if ((a >> 32) == 0ul) {
    if ((b >> 32) != 0ul) {
      rem = a;
      return 0ul;
    }
    uint q32 = uint(a) / uint(b);
    rem = uint64_t(uint(a) - q32 * uint(b));
    return uint64_t(q32);
  }
  uint64_t q = 0ul, r = 0ul;
  for (int i = findMSB(uint(a >> 32)) + 32; i >= 0; i--) {
    bool carry = (r >> 63) != 0ul; // r << 1 would leave 64 bits: it exceeds any b
    r = (r << 1) | ((a >> uint(i)) & 1ul);
    if (carry || r >= b) {
      r -= b;
      q |= 1ul << uint(i);
    }
  }
  rem = r;
  return q;
}

int64_t ga_div_int64(int64_t a, int64_t b)
{
  if (b == 0l)
    return a > 0l ? GA_I64_MAX : (a < 0l ? GA_I64_MIN : 0l);
  if (a == GA_I64_MIN && b == -1l)
    return GA_I64_MAX;
  uint64_t m, mb = ga_mag(b);
  uint64_t uq = ga_udivmod64(ga_mag(a), mb, m); // truncated quotient of the magnitudes
  if (m >= mb - m)
    uq += 1ul;
  // |quotient| <= 2^63 only for MIN / -1, handled above
  return ((a < 0l) != (b < 0l)) ? -int64_t(uq) : int64_t(uq);
}
// Saturating uint64 sum and difference in 32-bit halves with explicit carries: NVIDIA's
// driver 580 lost the carry out of the low word of `a + b` (then `s < a`) inside fused
// reductions with a double result (sum (a + b, 'double'): 2^32 short; test_fusion_random
// tree 112 on the H200), while the same expression alone was right.
uint64_t ga_add_uint64(uint64_t a, uint64_t b)
{
  uvec2 x = unpackUint2x32(a), y = unpackUint2x32(b);
  uint c0, c1, c2;
  uint lo = uaddCarry(x.x, y.x, c0);
  uint hi = uaddCarry(x.y, y.y, c1);
  hi = uaddCarry(hi, c0, c2);
  return (c1 | c2) != 0u ? GA_U64_MAX : packUint2x32(uvec2(lo, hi));
}
uint64_t ga_sub_uint64(uint64_t a, uint64_t b)
{
  uvec2 x = unpackUint2x32(a), y = unpackUint2x32(b);
  uint b0, b1, b2;
  uint lo = usubBorrow(x.x, y.x, b0);
  uint hi = usubBorrow(x.y, y.y, b1);
  hi = usubBorrow(hi, b0, b2);
  return (b1 | b2) != 0u ? 0ul : packUint2x32(uvec2(lo, hi));
}
uint64_t ga_mul_uint64(uint64_t a, uint64_t b)
{
  if (a == 0ul || b == 0ul)
    return 0ul;
  return ga_umul_hi64(a, b) != 0ul ? GA_U64_MAX : a * b;
}
uint64_t ga_div_uint64(uint64_t a, uint64_t b)
{
  if (b == 0ul)
    return a > 0ul ? GA_U64_MAX : 0ul;
  uint64_t m;
  uint64_t q = ga_udivmod64(a, b, m);
  if (m >= b - m)
    q += 1ul;
  return q;
}
// Octave's power of two 64-bit integers (oct-inttypes.cc; the host's ga_int_power): 1
// for b = 0 or a = 1, for b < 0 +-1 where a = -1 and 0 elsewhere, else repeated
// squaring with every product saturated, which is the exact power saturated
uint64_t ga_pow_uint64(uint64_t a, uint64_t b)
{
  if (b == 0ul || a == 1ul)
    return 1ul;
  uint64_t r = a, base = a;
  for (uint64_t e = b - 1ul; e != 0ul;) {
    if ((e & 1ul) != 0ul)
      r = ga_mul_uint64(r, base);
    e >>= 1;
    if (e != 0ul)
      base = ga_mul_uint64(base, base);
  }
  return r;
}
// signed: the magnitude's power (saturated at 2^64 - 1), then the sign, saturated again
int64_t ga_pow_int64(int64_t a, int64_t b)
{
  if (b < 0l)
    return a != 1l && a != -1l ? 0l : (a < 0l && (b & 1l) != 0l ? -1l : 1l);
  uint64_t m = ga_pow_uint64(ga_mag(a), uint64_t(b));
  if (a >= 0l || (b & 1l) == 0l)
    return m > 9223372036854775807ul ? GA_I64_MAX : int64_t(m);
  return m >= 9223372036854775808ul ? GA_I64_MIN : -int64_t(m);
}

// Octave's comparisons of a 64-bit integer x with a double y: -1, 0, 1, or 2 when
// unordered (NaN). In double unless equal; then as integers, with intmax taken as greater
// and intmin ('int64') as smaller than the double they round to.
int ga_cmp_i64_f64(int64_t x, double y)
{
  if (isnan(y))
    return 2;
  double xx = double(x);
  if (xx != y)
    return xx < y ? -1 : 1;
  if (xx == 9223372036854775808.0)
    return 1;
  if (xx == -9223372036854775808.0)
    return -1;
  // y, not xx: the same value, but a compiler may fold int64_t(double(x)) into x
  int64_t t = int64_t(y);
  return x < t ? -1 : (x > t ? 1 : 0);
}
int ga_cmp_u64_f64(uint64_t x, double y)
{
  if (isnan(y))
    return 2;
  double xx = double(x);
  if (xx != y)
    return xx < y ? -1 : 1;
  if (xx == 18446744073709551616.0)
    return 1;
  uint64_t t = uint64_t(y);
  return x < t ? -1 : (x > t ? 1 : 0);
}
int ga_cmp_i64_u64(int64_t x, uint64_t y)
{
  if (x < 0l)
    return -1;
  uint64_t ux = uint64_t(x);
  return ux < y ? -1 : (ux > y ? 1 : 0);
}
// A narrow signed integer against a uint64: tested in 32 bits first, as lavapipe was
// seen to miscompile the sign extension feeding the 64-bit comparison.
int ga_cmp_i32_u64(int x, uint64_t y)
{
  if (x < 0)
    return -1;
  uint64_t ux = uint64_t(uint(x));
  return ux < y ? -1 : (ux > y ? 1 : 0);
}
int ga_cmp_i64(int64_t x, int64_t y) { return x < y ? -1 : (x > y ? 1 : 0); }
int ga_cmp_u64(uint64_t x, uint64_t y) { return x < y ? -1 : (x > y ? 1 : 0); }
uint ga_holds_eq(int c) { return c == 0 ? 1u : 0u; }
uint ga_holds_ne(int c) { return c != 0 ? 1u : 0u; }
uint ga_holds_lt(int c) { return c == -1 ? 1u : 0u; }
uint ga_holds_le(int c) { return (c == -1 || c == 0) ? 1u : 0u; }
uint ga_holds_gt(int c) { return c == 1 ? 1u : 0u; }
uint ga_holds_ge(int c) { return (c == 1 || c == 0) ? 1u : 0u; }

// Conversions of doubles to the 64-bit integer classes: round half away, saturate,
// NaN -> 0 (Octave's int64 (x)).
int64_t ga_sat_int64(double x)
{
  if (isnan(x))
    return 0l;
  x = ga_round_half_away(x);
  return x >= 9223372036854775808.0 ? GA_I64_MAX : (x < -9223372036854775808.0 ? GA_I64_MIN : int64_t(x));
}
uint64_t ga_sat_uint64(double x)
{
  if (isnan(x))
    return 0ul;
  x = ga_round_half_away(x);
  return x >= 18446744073709551616.0 ? GA_U64_MAX : (x <= 0.0 ? 0ul : uint64_t(x));
}
float ga_round_half_away_f(float x)
{
#if GA_EMULATE32
  return ga_f(ga_round_half_away(ga_d(x)));
#endif
  float t = trunc(x);
  if (abs(x - t) >= 0.5)
    t += sign(x);
  return t;
}

// x .^ y as Octave computes it for a scalar exponent of 2, 3 or -1 (products and a
// quotient in the data's precision), and 0 and 1; the core sends other exponents to
// the host (the C library's pow, as Octave).
double ga_pow_exact_double(double x, double y)
{
  if (y == 0.0)
    return 1.0;
  if (y == 1.0)
    return x;
  if (y == -1.0)
    return ga_div_double(1.0, x);
  precise double sq = x * x;
  precise double r = (y == 3.0) ? sq * x : sq;
  return r;
}
float ga_pow_exact_single(float x, float y)
{
  if (y == 0.0)
    return 1.0;
  if (y == 1.0)
    return x;
  if (y == -1.0)
    return ga_div_single(1.0, x);
  float sq = ga_mul_f(x, x);
  return (y == 3.0) ? ga_mul_f(sq, x) : sq;
}
