// Complex values in double precision (dvec2: re, im), after ga_math.glsl: Octave's
// std::complex operations with C99 Annex G's infinities and NaNs (as libgcc's __muldc3
// and __divdc3 give them), and the elementary functions from the real ones of
// ga_math.glsl. Complex singles compute here too and are rounded once (ga_cf).
// src/core/ga_host_kernels.c holds the reference; tests compare with a relative
// tolerance on abs.

layout(buffer_reference, std430, buffer_reference_align = 8) buffer GaF32x2 { vec2 v; };
dvec2 ga_ld_cdouble(uint64_t a, uint64_t k) { return GaF64x2(a + 16ul * k).v; }
vec2 ga_ld_csingle(uint64_t a, uint64_t k) { return GaF32x2(a + 8ul * k).v; }

dvec2 ga_cd(dvec2 z) { return z; }
dvec2 ga_cd(vec2 z) { return dvec2(ga_d(z.x), ga_d(z.y)); }
vec2 ga_cf(dvec2 z) { return vec2(ga_f(z.x), ga_f(z.y)); }
vec2 ga_cf(vec2 z) { return z; }

const double GA_C_INF = 1.0lf / 0.0lf;

double ga_copysign_d(double x, double s)
{
  return uint64BitsToDouble((doubleBitsToUint64(x) & 0x7fffffffffffffffUL) | (doubleBitsToUint64(s) & 0x8000000000000000UL));
}
bool ga_isinf_d(double x) { return isinf(x); }
double ga_box_d(double x) { return ga_copysign_d(isinf(x) ? 1.0lf : 0.0lf, x); }
// Inf * v and 0 * v by the bits: compilers may fold a product with a constant operand
// (Mesa folds x * 0 to 0), where IEEE gives NaN for Inf * 0
double ga_inf_times(double s, double v)
{
  if (isnan(v) || v == 0.0lf)
    return uint64BitsToDouble(0x7ff8000000000000UL);
  return uint64BitsToDouble(0x7ff0000000000000UL | ((doubleBitsToUint64(s) ^ doubleBitsToUint64(v)) & 0x8000000000000000UL));
}
double ga_zero_times(double s, double v)
{
  if (isnan(v) || isinf(v))
    return uint64BitsToDouble(0x7ff8000000000000UL);
  return uint64BitsToDouble((doubleBitsToUint64(s) ^ doubleBitsToUint64(v)) & 0x8000000000000000UL);
}

// __muldc3: the plain product, and where both parts come out NaN, Annex G's recovery of
// the infinite results
dvec2 ga_cmul(dvec2 a, dvec2 b)
{
  precise double ac = a.x * b.x, bd = a.y * b.y, ad = a.x * b.y, bc = a.y * b.x;
  precise double x = ac - bd, y = ad + bc;
  if (isnan(x) && isnan(y)) {
    bool recalc = false;
    double ar = a.x, ai = a.y, br = b.x, bi = b.y;
    if (isinf(ar) || isinf(ai)) {
      ar = ga_box_d(ar);
      ai = ga_box_d(ai);
      if (isnan(br)) br = ga_copysign_d(0.0lf, br);
      if (isnan(bi)) bi = ga_copysign_d(0.0lf, bi);
      recalc = true;
    }
    if (isinf(br) || isinf(bi)) {
      br = ga_box_d(br);
      bi = ga_box_d(bi);
      if (isnan(ar)) ar = ga_copysign_d(0.0lf, ar);
      if (isnan(ai)) ai = ga_copysign_d(0.0lf, ai);
      recalc = true;
    }
    if (!recalc && (isinf(ac) || isinf(bd) || isinf(ad) || isinf(bc))) {
      if (isnan(ar)) ar = ga_copysign_d(0.0lf, ar);
      if (isnan(ai)) ai = ga_copysign_d(0.0lf, ai);
      if (isnan(br)) br = ga_copysign_d(0.0lf, br);
      if (isnan(bi)) bi = ga_copysign_d(0.0lf, bi);
      recalc = true;
    }
    if (recalc) {
      x = ga_inf_times(1.0lf, ar * br - ai * bi);
      y = ga_inf_times(1.0lf, ar * bi + ai * br);
    }
  }
  return dvec2(x, y);
}

// __divdc3: Smith's algorithm with scaling away from overflow and underflow (and GCC 12's
// other order where the ratio is subnormal), then Annex G's recovery of infinite and zero
// results
dvec2 ga_cdiv_fix(dvec2 n, dvec2 dd, double x, double y);

dvec2 ga_cdiv(dvec2 n, dvec2 dd)
{
  // libgcc 12's constants: RBIG = DBL_MAX / 2, RMIN = DBL_MIN, RMIN2 = DBL_EPSILON,
  // RMINSCAL = 1 / DBL_EPSILON, RMAX2 = RBIG * RMIN2
  const double rbig = 8.9884656743115795386e307lf, rmin = 2.2250738585072014e-308lf;
  const double rmin2 = 2.220446049250313e-16lf, rminscal = 4503599627370496.0lf;
  const double rmax2 = 1.9958403095347198117e292lf;
  precise double a = n.x, b = n.y, c = dd.x, d = dd.y, x, y;
  bool dbig = abs(c) < abs(d);
  precise double big = dbig ? d : c, small = dbig ? c : d;  // the divisor's parts by size
  if (abs(big) >= rbig) { a *= 0.5lf; b *= 0.5lf; big *= 0.5lf; small *= 0.5lf; }
  if (abs(big) < rmin2 ||
      (((abs(a) < rmin && abs(b) < rmax2) || (abs(b) < rmin && abs(a) < rmax2)) && abs(big) < rmax2)) {
    a *= rminscal; b *= rminscal; big *= rminscal; small *= rminscal;
  }
  precise double ratio = ga_div_double(small, big);
  precise double denom = small * ratio + big;
  bool sub = !(abs(ratio) > rmin); // a subnormal ratio: libgcc's other order keeps its digits
  precise double u, v;
  if (dbig) { // over d
    u = sub ? small * ga_div_double(a, big) + b : a * ratio + b;
    v = sub ? small * ga_div_double(b, big) - a : b * ratio - a;
  } else { // over c
    u = sub ? a + small * ga_div_double(b, big) : b * ratio + a;
    v = sub ? b - small * ga_div_double(a, big) : b - a * ratio;
  }
  x = ga_div_double(u, denom);
  y = ga_div_double(v, denom);
  return ga_cdiv_fix(n, dd, x, y);
}

// Octave's quotient of complex singles: libgcc's __divsc3 (GCC 12) computes it in double
// the straightforward way, where the products of floats are exact (so z ./ z is exactly
// 1+0i and narrows, which Smith's method misses by an ulp); no float squares overflow or
// underflow in double. Its Annex G recovery of infinite and zero operands is ga_cdiv's,
// which keeps the Inf and NaN rules that a compiler folding 0 * Inf would lose here.
// Operands are floats held in double.
dvec2 ga_cdiv_single(dvec2 n, dvec2 dd)
{
  if (any(isnan(n)) || any(isinf(n)) || any(isnan(dd)) || any(isinf(dd)) || (dd.x == 0.0lf && dd.y == 0.0lf))
    return ga_cdiv(n, dd);
  precise double a = n.x, b = n.y, c = dd.x, d = dd.y;
  precise double denom = c * c + d * d;
  precise double pr = a * c + b * d, pi = b * c - a * d;
  return dvec2(ga_div_double(pr, denom), ga_div_double(pi, denom));
}

// C99 Annex G's recovery of a quotient x + iy computed as NaN + NaN i
dvec2 ga_cdiv_fix(dvec2 n, dvec2 dd, double x, double y)
{
  if (isnan(x) && isnan(y)) {
    precise double a = n.x, b = n.y, c = dd.x, d = dd.y;
    if (c == 0.0lf && d == 0.0lf && (!isnan(a) || !isnan(b))) {
      x = ga_inf_times(c, a);
      y = ga_inf_times(c, b);
    } else if ((isinf(a) || isinf(b)) && !isinf(c) && !isnan(c) && !isinf(d) && !isnan(d)) {
      a = ga_box_d(a);
      b = ga_box_d(b);
      x = ga_inf_times(1.0lf, a * c + b * d);
      y = ga_inf_times(1.0lf, b * c - a * d);
    } else if ((isinf(c) || isinf(d)) && !isinf(a) && !isnan(a) && !isinf(b) && !isnan(b)) {
      c = ga_box_d(c);
      d = ga_box_d(d);
      x = ga_zero_times(1.0lf, a * c + b * d);
      y = ga_zero_times(1.0lf, b * c - a * d);
    }
  }
  return dvec2(x, y);
}

// Kernels with only complex arithmetic define GA_COMPLEX_LITE and skip ga_math.glsl and
// the functions below (lavapipe compiles the whole library in a second or more).
#if !GA_COMPLEX_LITE
double ga_cabs(dvec2 z) { return ga_hypot_d(z.x, z.y); }
double ga_carg(dvec2 z) { return ga_atan2_d(z.y, z.x); }

// [f, e] = log2 (z) as Octave's: f' and e of |z| by frexp, f = (z / |z|) f' in z's own
// precision (z itself where |z| is its own f': 0, Inf, |z| in [0.5, 1))
dvec2 ga_cfrexp_sig(dvec2 z, bool single)
{
  int e;
  if (single) {
    float ax = ga_f(ga_cabs(z));
    float lax = ga_frexp_f(ax, e);
    if (ax == lax)
      return z;
    return dvec2(ga_d(ga_mul_f(ga_div_single(ga_f(z.x), ax), lax)), ga_d(ga_mul_f(ga_div_single(ga_f(z.y), ax), lax)));
  }
  double ax = ga_cabs(z);
  double lax = ga_frexp_d(ax, e);
  if (ax == lax)
    return z;
  precise double re = ga_div_double(z.x, ax) * lax;
  precise double im = ga_div_double(z.y, ax) * lax;
  return dvec2(re, im);
}
double ga_cfrexp_exp(dvec2 z, bool single)
{
  return single ? double(ga_frexp_exp_f(ga_f(ga_cabs(z)))) : ga_frexp_exp_d(ga_cabs(z));
}

// Octave's signum: z / abs (z), 0 at 0
dvec2 ga_csign(dvec2 z)
{
  double m = ga_cabs(z);
  return m == 0.0lf ? dvec2(0.0lf) : dvec2(ga_div_double(z.x, m), ga_div_double(z.y, m));
}

// csqrt: the root with a nonnegative real part, the imaginary part's sign that of z's
dvec2 ga_csqrt(dvec2 z)
{
  double x = z.x, y = z.y;
  if (isinf(y))
    return dvec2(GA_C_INF, y);
  if (isinf(x)) {
    if (x > 0.0lf)
      return dvec2(x, isnan(y) ? y : ga_copysign_d(0.0lf, y));
    return dvec2(isnan(y) ? y : 0.0lf, ga_copysign_d(GA_C_INF, y));
  }
  if (isnan(x) || isnan(y))
    return dvec2(x + y, x + y);
  if (x == 0.0lf && y == 0.0lf)
    return dvec2(0.0lf, y);
  // scaled so that |x| + |z| neither overflows nor loses the smallest values
  double s = 1.0lf, ax = abs(x), ay = abs(y);
  if (ax > 1.1235582092889474423e307lf || ay > 1.1235582092889474423e307lf) { ax *= 0.0625lf; ay *= 0.0625lf; s = 4.0lf; }
  else if (ax < 9.3326361850321887899e-302lf && ay < 9.3326361850321887899e-302lf) { ax *= 1.6069380442589902755e60lf; ay *= 1.6069380442589902755e60lf; s = 7.8886090522101180541e-31lf; }
  precise double t = ga_sqrt_d(0.5lf * (ax + ga_hypot_d(ax, ay)));
  precise double u = ga_div_double(ay, 2.0lf * t);
  if (x >= 0.0lf)
    return dvec2(t * s, ga_copysign_d(u * s, y));
  return dvec2(u * s, ga_copysign_d(t * s, y));
}

dvec2 ga_cexp(dvec2 z)
{
  double x = z.x, y = z.y;
  if (y == 0.0lf && (isinf(x) || isnan(x)))
    return dvec2(ga_exp_d(x), y);
  if (isinf(x) && x < 0.0lf && (isinf(y) || isnan(y)))
    return dvec2(0.0lf, ga_copysign_d(0.0lf, y));
  if (isinf(x) && x > 0.0lf && (isinf(y) || isnan(y)))
    return dvec2(x, y - y);
  // glibc's steps (Octave's exp): beyond 709, where exp (x) alone could overflow but the
  // product need not, exp (709) goes into cos and sin (twice at most), the rest into
  // exp; a real part still beyond 709 overflows as DBL_MAX times them. One call of each
  // function: kernels holding this several times over compile slowly.
  precise double c, s;
  ga_sincos_d(y, s, c);
  precise double rx = x;
  if (x > 709.0lf && !isinf(x)) {
    const double exp709 = 8.218407461554972e+307lf;
    rx = rx - 709.0lf;
    s = s * exp709;
    c = c * exp709;
    if (rx > 709.0lf) {
      rx = rx - 709.0lf;
      s = s * exp709;
      c = c * exp709;
    }
  }
  if (rx > 709.0lf && !isinf(rx))
    return dvec2(1.7976931348623157e+308lf * c, 1.7976931348623157e+308lf * s);
  precise double e = ga_exp_d(rx);
  return dvec2(e * c, e * s);
}

// clog: the real part as log1p near |z| = 1, where log |z| would lose its digits
dvec2 ga_clog(dvec2 z)
{
  double ax = abs(z.x), ay = abs(z.y);
  double hi = max(ax, ay), lo = min(ax, ay);
  double re;
  if (isinf(ax) || isinf(ay))
    re = GA_C_INF;
  else if (isnan(ax) || isnan(ay))
    re = ax + ay;
  else if (hi > 0.5lf && hi < 2.0lf)
    re = 0.5lf * ga_log1p_d((hi - 1.0lf) * (hi + 1.0lf) + lo * lo);
  else
    re = ga_log_d(ga_hypot_d(ax, ay));
  return dvec2(re, ga_carg(z));
}

// Octave's expm1 and log1p of complex values (lo-specfun.cc; the host's oct_cexpm1 and
// oct_clog1p): written out near 0, else exp (z) - 1 and log (1 + z), whose complex sum
// turns an imaginary part of -0 into +0
dvec2 ga_cexpm1(dvec2 z)
{
  if (ga_hypot_d(z.x, z.y) < 1.0lf) {
    precise double u = ga_expm1_d(z.x), v = ga_sin_d(0.5lf * z.y);
    precise double w = -2.0lf * v * v;
    precise double re = u * w + u + w;
    precise double im = (u + 1.0lf) * ga_sin_d(z.y);
    return dvec2(re, im);
  }
  dvec2 e = ga_cexp(z);
  return dvec2(e.x - 1.0lf, e.y);
}

dvec2 ga_clog1p(dvec2 z)
{
  double r = z.x, i = z.y;
  if (abs(r) < 0.5lf && abs(i) < 0.5lf) {
    precise double u = 2.0lf * r + r * r + i * i;
    precise double q = ga_div_double(u, 1.0lf + ga_sqrt_d(u + 1.0lf));
    return dvec2(ga_log1p_d(q), ga_atan2_d(i, 1.0lf + r));
  }
  return ga_clog(dvec2(1.0lf + r, i == 0.0lf ? 0.0lf : i)); // 0 + i, which optimisers fold to i
}

dvec2 ga_clog2(dvec2 z)
{
  dvec2 l = ga_clog(z);
  return dvec2(ga_div_double(l.x, 0.69314718055994530942lf), ga_div_double(l.y, 0.69314718055994530942lf));
}

dvec2 ga_clog10(dvec2 z)
{
  dvec2 l = ga_clog(z);
  return dvec2(ga_div_double(l.x, 2.30258509299404568402lf), ga_div_double(l.y, 2.30258509299404568402lf));
}

// The special values of csinh, ccosh, csin, ctanh and ctan are C99 Annex G's as glibc
// returns them (Octave calls glibc), signs of zeros and NaN parts included: only after
// them may a result's imaginary part be an exact zero that Octave narrows away.
bool ga_finite_d(double x) { return !isinf(x) && !isnan(x); }
double ga_inf_signed(double s) { return ga_copysign_d(GA_C_INF, s); }

dvec2 ga_csinh_special(double x, double y)
{
  if (ga_finite_d(x))
    return x == 0.0lf ? dvec2(x, y - y) : dvec2(ga_m_nan(), ga_m_nan());
  if (isinf(x)) {
    if (y == 0.0lf)
      return dvec2(x, y);
    if (!ga_finite_d(y))
      return dvec2(GA_C_INF, y - y);
    return dvec2(ga_copysign_d(1.0lf, x) * ga_inf_signed(ga_cos_d(y)), ga_inf_signed(ga_sin_d(y)));
  }
  return dvec2(x, y == 0.0lf ? y : ga_m_nan());
}

dvec2 ga_csinh(dvec2 z)
{
  if (!ga_finite_d(z.x) || !ga_finite_d(z.y))
    return ga_csinh_special(z.x, z.y);
  if (z.y == 0.0lf)
    return dvec2(ga_sinh_d(z.x), z.y);
  return dvec2(ga_sinh_d(z.x) * ga_cos_d(z.y), ga_cosh_d(z.x) * ga_sin_d(z.y));
}

dvec2 ga_ccosh(dvec2 z)
{
  double x = z.x, y = z.y;
  if (ga_finite_d(x) && !ga_finite_d(y))
    return dvec2(y - y, x == 0.0lf ? 0.0lf : ga_m_nan());
  if (isinf(x)) {
    if (y == 0.0lf)
      return dvec2(GA_C_INF, y * ga_copysign_d(1.0lf, x));
    if (!ga_finite_d(y))
      return dvec2(GA_C_INF, y - y);
    return dvec2(ga_inf_signed(ga_cos_d(y)), ga_inf_signed(ga_sin_d(y)) * ga_copysign_d(1.0lf, x));
  }
  if (isnan(x))
    return dvec2(x, y == 0.0lf ? y : ga_m_nan());
  if (y == 0.0lf)
    return dvec2(ga_cosh_d(x), ga_sinh_d(x) * y);
  return dvec2(ga_cosh_d(x) * ga_cos_d(y), ga_sinh_d(x) * ga_sin_d(y));
}

// glibc's csin is its own function, whose special values are not those of -i csinh (i z)
dvec2 ga_csin_special(double x, double y)
{
  if (ga_finite_d(y))
    return y == 0.0lf ? dvec2(ga_m_nan(), y) : dvec2(ga_m_nan(), ga_m_nan());
  if (isinf(y)) {
    if (x == 0.0lf)
      return dvec2(x, y);
    if (!ga_finite_d(x))
      return dvec2(ga_m_nan(), GA_C_INF);
    return dvec2(ga_inf_signed(ga_sin_d(x)), ga_copysign_d(1.0lf, y) * ga_inf_signed(ga_cos_d(x)));
  }
  return dvec2(x == 0.0lf ? x : ga_m_nan(), ga_m_nan());
}

// ctanh by Kahan's formula; beyond |x| = 22 tanh (x) is +-1 to the last bit
dvec2 ga_ctanh(dvec2 z)
{
  double x = z.x, y = z.y;
  if (isnan(x) || isnan(y) || isinf(x) || isinf(y)) {
    if (isinf(x))
      return dvec2(ga_copysign_d(1.0lf, x), isinf(y) || isnan(y) ? ga_copysign_d(0.0lf, y) : ga_copysign_d(0.0lf, ga_sin_d(2.0lf * y)));
    if (y == 0.0lf)
      return z;
    return dvec2(x == 0.0lf ? x : ga_m_nan(), ga_m_nan());
  }
  if (abs(x) > 22.0lf) {
    precise double e = ga_exp_d(-2.0lf * abs(x));
    return dvec2(ga_copysign_d(1.0lf, x), 4.0lf * ga_sin_d(y) * ga_cos_d(y) * e);
  }
  precise double t = ga_tan_d(y), bb = 1.0lf + t * t, s = ga_sinh_d(x), r = ga_sqrt_d(1.0lf + s * s);
  precise double den = 1.0lf + bb * s * s;
  return dvec2(ga_div_double(bb * r * s, den), ga_div_double(t, den));
}

// sin, cos, tan through the hyperbolic ones: sin (z) = -i sinh (i z), ...
dvec2 ga_csin(dvec2 z)
{
  if (!ga_finite_d(z.x) || !ga_finite_d(z.y))
    return ga_csin_special(z.x, z.y);
  dvec2 w = ga_csinh(dvec2(-z.y, z.x));
  return dvec2(w.y, -w.x);
}
dvec2 ga_ccos(dvec2 z) { return ga_ccosh(dvec2(-z.y, z.x)); }
// ctan's special values mirror ctanh's with the parts exchanged, as glibc writes them
dvec2 ga_ctan(dvec2 z)
{
  double x = z.x, y = z.y;
  if (isinf(y))
    return dvec2(ga_finite_d(x) && abs(x) > 1.0lf ? ga_copysign_d(0.0lf, ga_sin_d(x) * ga_cos_d(x))
                                                   : ga_copysign_d(0.0lf, x), ga_copysign_d(1.0lf, y));
  if (!ga_finite_d(x) || isnan(y))
    return x == 0.0lf ? z : dvec2(ga_m_nan(), y == 0.0lf ? y : ga_m_nan());
  dvec2 w = ga_ctanh(dvec2(-y, x));
  return dvec2(w.y, -w.x);
}

// Octave's functions of a real argument whose results are complex (lo-mappers' rc_*)
dvec2 ga_rc_sqrt(double x) { return x < 0.0lf ? dvec2(0.0lf, ga_sqrt_d(-x)) : dvec2(ga_sqrt_d(x), 0.0lf); }
dvec2 ga_rc_log(double x) { return x < 0.0lf ? dvec2(ga_log_d(-x), 3.14159265358979323846lf) : dvec2(ga_log_d(x), 0.0lf); }
dvec2 ga_rc_log2(double x)
{
  return x < 0.0lf ? dvec2(ga_log2_d(-x), 4.53236014182719380962lf) : dvec2(ga_log2_d(x), 0.0lf);
}
dvec2 ga_rc_log10(double x)
{
  return x < 0.0lf ? dvec2(ga_log10_d(-x), 1.36437635384184134749lf) : dvec2(ga_log10_d(x), 0.0lf);
}
dvec2 ga_rc_log1p(double x)
{
  return x < -1.0lf ? dvec2(ga_log_d(-(1.0lf + x)), 3.14159265358979323846lf) : dvec2(ga_log1p_d(x), 0.0lf);
}

// Octave's rc_lgamma: log |gamma (x)|, plus pi i where gamma (x) < 0 (at -0 and where the
// floor of a negative non-integer is odd)
dvec2 ga_rc_lgamma(double x)
{
  double f = floor(x);
  bool neg = (x < 0.0lf && x != f && f - 2.0lf * floor(0.5lf * f) != 0.0lf) ||
             (x == 0.0lf && (unpackDouble2x32(x).y & 0x80000000u) != 0u);
  return dvec2(ga_lgamma_d(x), neg ? 3.14159265358979323846lf : 0.0lf);
}

// Octave's max and min of two complex values (lo-mappers.h): by abs alone, x kept on
// ties and whenever x is NaN; single: abs rounded to single
dvec2 ga_cextremum(bool max_, dvec2 x, dvec2 y, bool single)
{
  double ax = ga_hypot_d(x.x, x.y), bx = ga_hypot_d(y.x, y.y);
  if (single) {
    ax = ga_d(ga_f(ax));
    bx = ga_d(ga_f(bx));
  }
  bool keep = max_ ? ax >= bx : ax <= bx;
  return keep || any(isnan(x)) ? x : y;
}

// Octave's order of complex values (oct-cmplx.h): by abs, then by arg with -pi taken as
// pi; a real operand's arg is 0 whatever its sign. op: 0 <, 1 <=, 2 >, 3 >=; single:
// abs and arg rounded to single, as Octave computes them for single operands.
uint ga_corder(int op, dvec2 a, bool za, dvec2 b, bool zb, bool single)
{
  double ax = ga_hypot_d(a.x, a.y), bx = ga_hypot_d(b.x, b.y);
  if (single) {
    ax = ga_d(ga_f(ax));
    bx = ga_d(ga_f(bx));
  }
  if (ax == bx) {
    double pi = single ? ga_d(ga_f(3.14159265358979323846lf)) : 3.14159265358979323846lf;
    ax = za ? ga_atan2_d(a.y, a.x) : 0.0lf;
    bx = zb ? ga_atan2_d(b.y, b.x) : 0.0lf;
    if (single) {
      ax = ga_d(ga_f(ax));
      bx = ga_d(ga_f(bx));
    }
    if (ax == -pi)
      ax = pi;
    if (bx == -pi)
      bx = pi;
  }
  bool r = op == 0 ? ax < bx : op == 1 ? ax <= bx : op == 2 ? ax > bx : ax >= bx;
  return r ? 1u : 0u;
}

// libstdc++'s pow (complex, int), which Octave's .^ uses for integer exponents:
// repeated squaring, a negative power as the quotient 1 / z^n
dvec2 ga_cpow_int(dvec2 x, double y)
{
  int n = int(y);
  uint m = uint(abs(n));
  dvec2 r = (m & 1u) != 0u ? x : dvec2(1.0lf, 0.0lf);
  for (m >>= 1; m != 0u; m >>= 1) {
    x = ga_cmul(x, x);
    if ((m & 1u) != 0u)
      r = ga_cmul(r, x);
  }
  return n < 0 ? ga_cdiv(dvec2(1.0lf, 0.0lf), r) : r;
}

dvec2 ga_cpolar(double rho, double th) { return dvec2(rho * ga_cos_d(th), rho * ga_sin_d(th)); }

// Octave's .^ with a complex operand (elem_xpow and libstdc++'s pow overloads):
// za: the base is complex (a real base here is one Octave converted because some base
// was negative); zb: the exponent is complex. A complex base to an integer power is
// repeated squaring; to a real power, through the logarithm (a positive real base by the
// real pow); a positive real base to a complex power, in polar form; else cpow's
// exp (y log (x)).
dvec2 ga_cpow(dvec2 x, bool za, dvec2 y, bool zb)
{
  if (!zb) {
    double e = y.x;
    if (za && e == floor(e) && abs(e) < 2147483648.0lf)
      return ga_cpow_int(x, e);
    if (x.y == 0.0lf && x.x > 0.0lf)
      return dvec2(ga_pow_d(x.x, e), 0.0lf);
    dvec2 t = ga_clog(x);
    return ga_cpolar(ga_exp_d(e * t.x), e * t.y);
  }
  if (!za && x.x > 0.0lf)
    return ga_cpolar(ga_pow_d(x.x, y.x), y.y * ga_log_d(x.x));
  return ga_cexp(ga_cmul(y, ga_clog(x)));
}
// The same in single, where Octave's libstdc++ pow (complex<float>, float) rounds the
// logarithm, the angle, the modulus and each cosine and sine to float: (-1) .^ 0.5 has a
// real part of cosf (float (pi/2)) = -4.4e-8 there, not +6e-17 (and (-Inf) .^ 0.5 is
// -Inf + Inf i). Products of two floats are exact in double, so one rounding each.
dvec2 ga_cpow_single(dvec2 x, bool za, dvec2 y, bool zb)
{
  double e = y.x;
  if (zb || (za && e == floor(e) && abs(e) < 2147483648.0lf) || (x.y == 0.0lf && x.x > 0.0lf))
    return ga_cpow(x, za, y, zb);
  dvec2 t = ga_cd(ga_cf(ga_clog(x)));
  double rho = ga_d(ga_f(ga_exp_d(ga_d(ga_f(e * t.x)))));
  double th = ga_d(ga_f(e * t.y));
  return dvec2(rho * ga_d(ga_f(ga_cos_d(th))), rho * ga_d(ga_f(ga_sin_d(th))));
}

// Octave's psi of complex values (lo-specfun.cc's xpsi for std::complex; the host's
// host_cpsi): the real psi where the imaginary part is 0; for Re < 0, psi (w) with
// w = 1 - z (whose real part is then > 1) minus pi / tan (pi z); psi (w) is the
// recurrence up to Re >= 8 (n = 8 - Re truncated, dgam -= 1 / (w + k) for k = n-1..0)
// and lanczos_approximation_psi for std::complex: 1 / zm^2, ten complex coefficients
// times its powers (complex products), then log (zm) - 0.5 / zm. For lavapipe's compile
// time each large function is called once: every quotient (the recurrence's, 1 / zm^2,
// 0.5 / zm and pi / tan) comes from one ga_cdiv in a kept loop; clog, ctan and the real
// psi once each. With s (complex single) the steps whose rounding decides the answer
// are rounded to single as Octave's float instantiation rounds them: 1 - z, pi z, 8 - Re,
// the recurrence's z + k (z + 7 - 7 in float loses the digits of a small z) and its
// quotients and sums; the rest computes in double, within single's rounding of Octave's.
const double GA_CPSI_COEFF[10] = double[10](-0.083333333333333333lf, 0.0083333333333333333lf,
  -0.0039682539682539683lf, 0.0041666666666666667lf, -0.0075757575757575758lf, 0.021092796092796093lf,
  -0.083333333333333333lf, 0.4432598039215686lf, -3.053954330270122lf, 12.5318899521531lf);
dvec2 ga_cpsi(dvec2 z, bool s)
{
  if (z.y == 0.0lf)
    return dvec2(ga_psi_d(z.x), 0.0lf);
  bool refl = z.x < 0.0lf;
  precise double wr = ga_round_if_single(1.0lf - z.x, s);
  dvec2 w = refl ? dvec2(wr, -z.y) : z;
  dvec2 t = dvec2(1.0lf, 0.0lf);
  double pif = s ? 3.1415927410125732lf : 3.141592653589793lf;
  if (refl) {
    precise double pr = ga_round_if_single(pif * z.x, s), pim = ga_round_if_single(pif * z.y, s);
    t = ga_ctan(dvec2(pr, pim));
  }
  int n = 0;
  dvec2 zm = w;
  if (w.x < 8.0lf) {
    n = int(ga_round_if_single(8.0lf - w.x, s));
    precise double zmr = ga_round_if_single(w.x + double(n), s);
    zm = dvec2(zmr, w.y);
  }
  precise double zpr = ga_round_if_single(w.x + double(n - 1), s);
  dvec2 zz = ga_cmul(zm, zm);
  precise double dr = 0.0lf, di = 0.0lf;
  dvec2 o2 = dvec2(0.0lf), h = dvec2(0.0lf), r = dvec2(0.0lf);
  int last = refl ? -2 : -1;
  [[dont_unroll]] for (int j = n; j >= last; j--) {
    double num = j == -1 ? 0.5lf : j == -2 ? pif : 1.0lf;
    dvec2 den = j > 0 ? dvec2(zpr, w.y) : j == 0 ? zz : j == -1 ? zm : t;
    dvec2 q = ga_cdiv(dvec2(num, 0.0lf), den);
    if (j > 0) {
      dr = ga_round_if_single(dr - ga_round_if_single(q.x, s), s);
      di = ga_round_if_single(di - ga_round_if_single(q.y, s), s);
      zpr = ga_round_if_single(zpr - 1.0lf, s);
    } else if (j == 0) {
      o2 = q;
    } else if (j == -1) {
      h = q;
    } else {
      r = q;
    }
  }
  dvec2 o = o2;
  precise double pr = 0.0lf, pi = 0.0lf;
  [[dont_unroll]] for (int k = 0; k < 10; k++) {
    dvec2 term = ga_cmul(dvec2(GA_CPSI_COEFF[k], 0.0lf), o);
    pr = pr + term.x;
    pi = pi + term.y;
    o = ga_cmul(o, o2);
  }
  dvec2 lg = ga_clog(zm);
  precise double sr = lg.x - h.x, si = lg.y - h.y;
  pr = pr + sr;
  pi = pi + si;
  dr = dr + pr;
  di = di + pi;
  if (refl) {
    dr = dr - r.x;
    di = di - r.y;
  }
  return dvec2(dr, di);
}
#endif // !GA_COMPLEX_LITE
