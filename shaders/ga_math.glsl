// gpuarray: double-precision elementary functions for generated kernels, as
// double ga_<name>_d (double x). GLSL has no double-precision transcendentals
// (GLSL.std.450's are 16/32-bit only). Included only in kernels that call them.
//
// The target is the C library's results (Octave's answers), within 2 ulp (gamma 4).
// exp, log and their relatives are computed in double-double and rounded once, so they
// are almost always correctly rounded; the others follow fdlibm (Sun's freely
// distributable libm, which glibc also uses for several of them): its argument
// reductions, minimax coefficients and evaluation orders. Every variable whose
// rounding matters is `precise`, so no compiler contracts a*b+c into an fma or
// reassociates; exact products come from Dekker's splitting, not fma (some drivers
// round fma twice). Double constants need the lf suffix: a bare literal is a float.

// ---- building blocks -------------------------------------------------------------

double ga_m_nan() { return uint64BitsToDouble(0x7ff8000000000000ul); }
double ga_m_inf() { return uint64BitsToDouble(0x7ff0000000000000ul); }
// 2^n for -1022 <= n <= 1023
double ga_m_pow2(int n) { return uint64BitsToDouble(uint64_t(n + 1023) << 52); }
// The high 32 bits of x, as fdlibm's GET_HIGH_WORD.
uint ga_m_hi(double x) { return uint(doubleBitsToUint64(x) >> 32); }
int ga_m_ihi(double x) { return int(ga_m_hi(x)); }
// x with its low 32 bits cleared.
double ga_m_clear_lo(double x) { return uint64BitsToDouble(doubleBitsToUint64(x) & 0xffffffff00000000ul); }
double ga_m_with_hi(double x, uint hi)
{
  return uint64BitsToDouble((uint64_t(hi) << 32) | (doubleBitsToUint64(x) & 0xfffffffful));
}
double ga_m_copysign(double x, double s)
{
  return uint64BitsToDouble((doubleBitsToUint64(x) & 0x7ffffffffffffffful) |
                            (doubleBitsToUint64(s) & 0x8000000000000000ul));
}

// x * 2^n with one rounding (C's scalbn).
double ga_m_scalbn(double x, int n)
{
  precise double y = x;
  if (n > 1023) {
    y = y * ga_m_pow2(1023);
    n -= 1023;
    if (n > 1023) {
      y = y * ga_m_pow2(1023);
      n = min(n - 1023, 1023);
    }
  } else if (n < -1022) {
    y = y * ga_m_pow2(-969); // 2^-1022 * 2^53: stays exact while the result is normal
    n += 969;
    if (n < -1022) {
      y = y * ga_m_pow2(-969);
      n = max(n + 969, -1022);
    }
  }
  precise double r = y * ga_m_pow2(n);
  return r;
}

// a * b = p + e exactly (Dekker), for |a|, |b| < 2^995 and products that do not underflow.
void ga_m_mul12(double a, double b, out double p, out double e)
{
  precise double ca = 134217729.0lf * a;
  precise double ah = ca - (ca - a);
  precise double al = a - ah;
  precise double cb = 134217729.0lf * b;
  precise double bh = cb - (cb - b);
  precise double bl = b - bh;
  precise double pp = a * b;
  precise double ee = ((ah * bh - pp) + ah * bl + al * bh) + al * bl;
  p = pp;
  e = ee;
}
// a + b = s + e exactly (Knuth).
void ga_m_add12(double a, double b, out double s, out double e)
{
  precise double ss = a + b;
  precise double bb = ss - a;
  precise double ee = (a - (ss - bb)) + (b - bb);
  s = ss;
  e = ee;
}
// a + b = s + e exactly, for |a| >= |b| (Dekker).
void ga_m_fast12(double a, double b, out double s, out double e)
{
  precise double ss = a + b;
  precise double ee = b - (ss - a);
  s = ss;
  e = ee;
}

// ---- exp -------------------------------------------------------------------------
// exp(xh + xl) = 2^k * (h + l), |xh| <= 746, relative error below 2^-68: x = n*ln2/32 + r
// (Cody-Waite, three-part ln2/32), exp(r) by its Taylor series in double-double,
// 2^(j/32) from a table of double-double values (Tang's method).

const double GA_M_EXP_TH[32] = double[](1.0lf, 1.0218971486541166lf, 1.0442737824274138lf, 1.0671404006768237lf,
  1.0905077326652577lf, 1.1143867425958924lf, 1.1387886347566916lf, 1.1637248587775775lf, 1.189207115002721lf,
  1.215247359980469lf, 1.241857812073484lf, 1.2690509571917332lf, 1.2968395546510096lf, 1.3252366431597413lf,
  1.3542555469368927lf, 1.383909881963832lf, 1.4142135623730951lf, 1.4451808069770467lf, 1.4768261459394993lf,
  1.5091644275934228lf, 1.5422108254079407lf, 1.5759808451078865lf, 1.6104903319492543lf, 1.645755478153965lf,
  1.681792830507429lf, 1.718619298122478lf, 1.7562521603732995lf, 1.7947090750031072lf, 1.8340080864093424lf,
  1.8741676341103lf, 1.9152065613971474lf, 1.9571441241754002lf);
const double GA_M_EXP_TL[32] = double[](0.0lf, 5.109225028973444e-17lf, 8.551889705537965e-17lf,
  -7.899853966841582e-17lf, -3.046782079812471e-17lf, 1.0410278456845571e-16lf, 8.912812676025408e-17lf,
  3.8292048369240935e-17lf, 3.982015231465646e-17lf, -7.712630692681488e-17lf, 4.658027591836937e-17lf,
  2.667932131342186e-18lf, 2.5382502794888315e-17lf, -2.8587312100388614e-17lf, 7.70094837980299e-17lf,
  -6.770511658794786e-17lf, -9.667293313452913e-17lf, -3.0237581349939873e-17lf, -3.483994556892796e-17lf,
  -1.016455327754295e-16lf, 7.949834809697621e-17lf, -1.0136916471278304e-17lf, 2.4707192569797888e-17lf,
  -1.0125679913674773e-16lf, 8.199010020581497e-17lf, -1.851380418263111e-17lf, 2.960140695448873e-17lf,
  1.8227458427912087e-17lf, 3.283107224245627e-17lf, -6.122763413004143e-17lf, -1.0619946056195963e-16lf,
  8.960767791036668e-17lf);

int ga_m_exp_dd(double xh, double xl, out double h, out double l)
{
  precise double fn = roundEven(xh * 46.16624130844683lf); // 32/ln2
  int n = int(fn);
  int j = n & 31;
  int k = (n - j) / 32;
  // ln2/32 = L1 + L2 + L3, L1 and L2 of 37 bits: fn * L1, fn * L2 are exact
  precise double a = xh - fn * 0.021660849392446835lf;
  precise double rh, rl;
  ga_m_add12(a, -(fn * 5.1456092446457696e-14lf), rh, rl);
  rl = rl + (xl - fn * 9.568252300058288e-26lf);
  precise double q, qe;
  ga_m_mul12(rh, rh, q, qe);
  precise double p3 = rh * q * (0.16666666666666666lf + rh * (0.041666666666666664lf + rh * (0.008333333333333333lf +
                      rh * (0.001388888888888889lf + rh * (0.0001984126984126984lf + rh * 2.48015873015873e-05lf)))));
  precise double ph, pe;
  ga_m_fast12(rh, 0.5lf * q, ph, pe);
  precise double pl = pe + (rl + (0.5lf * qe + (rh * rl + p3)));
  double th = GA_M_EXP_TH[j], tl = GA_M_EXP_TL[j];
  precise double m, me;
  ga_m_mul12(th, ph, m, me);
  precise double s, se;
  ga_m_fast12(th, m, s, se);
  precise double lo = se + (me + (tl + (tl * ph + th * pl)));
  ga_m_fast12(s, lo, h, l);
  return k;
}

// (h + l) * 2^k rounded once, also where the result is subnormal; h in [0.5, 2],
// |l| <= ulp(h)/2. Scaling h rounds once; it can be wrong only where h lies exactly
// half-way between two subnormals, and then l decides.
double ga_m_dd_scale(double h, double l, int k)
{
  precise double y = ga_m_scalbn(h, k);
  if (k >= -1021 || l == 0.0lf)
    return y;
  precise double back = ga_m_scalbn(y, -k);
  precise double d = h - back;
  precise double u = ga_m_pow2(-1074 - k); // the subnormal spacing before scaling
  if (d == 0.5lf * u && l > 0.0lf)
    y = y + uint64BitsToDouble(1ul);
  else if (d == -0.5lf * u && l < 0.0lf)
    y = y - uint64BitsToDouble(1ul);
  return y;
}

double ga_exp_d(double x)
{
  if (isnan(x))
    return x;
  if (x > 709.782712893384lf)
    return ga_m_inf();
  if (x < -745.1332191019411lf)
    return 0.0lf;
  if (abs(x) < 5.551115123125783e-17lf) {
    precise double r = 1.0lf + x;
    return r;
  }
  precise double h, l;
  int k = ga_m_exp_dd(x, 0.0lf, h, l);
  return ga_m_dd_scale(h, l, k);
}

// ---- log -------------------------------------------------------------------------
// log(x) = h + l for finite x > 0, relative error below 2^-68: x = 2^k * m with
// m in [0.75, 1.5), m = c * (1 + r) with c = 1 + i/64 from a table of double-double
// log(c), log(1 + r) by its Taylor series, |r| <= 1/96, in double-double.

const double GA_M_LOG_CH[49] = double[](-0.2876820724517809lf, -0.26706278524904525lf, -0.24686007793152578lf,
  -0.22705745063534608lf, -0.2076393647782445lf, -0.18859116980755003lf, -0.16989903679539747lf,
  -0.15154989812720093lf, -0.13353139262452263lf, -0.1158318155251217lf, -0.09844007281325252lf,
  -0.0813456394539524lf, -0.06453852113757118lf, -0.048009219186360606lf, -0.0317486983145803lf,
  -0.015748356968139168lf, 0.0lf, 0.015504186535965254lf, 0.030771658666753687lf, 0.0458095360312942lf,
  0.06062462181643484lf, 0.07522342123758753lf, 0.08961215868968714lf, 0.10379679368164356lf,
  0.11778303565638346lf, 0.13157635778871926lf, 0.1451820098444979lf, 0.15860503017663857lf,
  0.17185025692665923lf, 0.184922338494012lf, 0.19782574332991987lf, 0.21056476910734964lf,
  0.22314355131420976lf, 0.2355660713127669lf, 0.24783616390458127lf, 0.25995752443692605lf,
  0.27193371548364176lf, 0.2837681731306446lf, 0.2954642128938359lf, 0.3070250352949119lf,
  0.3184537311185346lf, 0.329753286372468lf, 0.3409265869705932lf, 0.3519764231571782lf,
  0.3629054936893685lf, 0.37371640979358406lf, 0.38441169891033206lf, 0.394993808240869lf,
  0.4054651081081644lf);
const double GA_M_LOG_CL[49] = double[](-2.607160616442564e-17lf, 7.32891532732017e-18lf, -1.361743371748368e-17lf,
  -9.551415762738488e-18lf, -1.2053243216686129e-17lf, 7.432164219196925e-18lf, 4.868008764439071e-19lf,
  -5.1669593684615594e-18lf, 3.664457663660085e-18lf, -4.338484369808096e-18lf, 4.439009633675136e-18lf,
  -5.07707635593117e-18lf, 6.470486661692933e-18lf, -1.4390903347292205e-18lf, -3.0382263084680858e-18lf,
  -1.0021578630528974e-18lf, 0.0lf, -3.278321022892429e-19lf, 1.0431732029005968e-18lf, 1.902959866474257e-18lf,
  2.6424025938726934e-18lf, -5.930604196293241e-18lf, -5.4268129336647135e-18lf, 5.47772415726659e-18lf,
  -1.1971685747593677e-18lf, 1.1123000879729588e-17lf, 8.242418783022475e-18lf, 1.1257003872182592e-17lf,
  -6.0224538210113705e-18lf, 3.0236614153574064e-18lf, 1.2821194372980142e-17lf, -4.249405314729895e-18lf,
  -9.091270597324799e-18lf, -2.3943371495187355e-18lf, -1.2432209578702523e-17lf, 2.069806938978935e-17lf,
  7.83319637697442e-19lf, -2.032665581126656e-17lf, -2.16461086040599e-17lf, -1.2319916200101964e-17lf,
  2.7114779367326236e-17lf, 2.122020616196946e-18lf, 1.7467136443544747e-17lf, -1.2953893030191963e-17lf,
  -2.1492361455310972e-17lf, 2.1836211281198184e-17lf, -1.612149700764673e-17lf, -1.5113724418336168e-17lf,
  -2.8811380259626426e-18lf);

void ga_m_log_dd(double x, out double h, out double l)
{
  int k = 0;
  precise double xx = x;
  if (xx < 2.2250738585072014e-308lf) {
    xx = xx * 18014398509481984.0lf; // 2^54
    k = -54;
  }
  uint64_t b = doubleBitsToUint64(xx);
  k += int(b >> 52) - 1023;
  precise double m = uint64BitsToDouble((b & 0x000ffffffffffffful) | 0x3ff0000000000000ul);
  if (m >= 1.5lf) {
    m = 0.5lf * m;
    k += 1;
  }
  int i = int(roundEven((m - 1.0lf) * 64.0lf));
  precise double c = 1.0lf + double(i) * 0.015625lf;
  precise double d = m - c;
  precise double r = d / c;
  precise double p, pe;
  ga_m_mul12(r, c, p, pe);
  precise double rlo = ((d - p) - pe) / c;
  precise double q, qe;
  ga_m_mul12(r, r, q, qe);
  precise double tail = r * q * (0.3333333333333333lf + r * (-0.25lf + r * (0.2lf + r * (-0.16666666666666666lf +
                        r * (0.14285714285714285lf + r * (-0.125lf + r * (0.1111111111111111lf + r * (-0.1lf +
                        r * (0.09090909090909091lf + r * -0.08333333333333333lf)))))))));
  precise double a, ae;
  ga_m_fast12(r, -0.5lf * q, a, ae);
  precise double lo = ae + (rlo + ((tail - r * rlo) - 0.5lf * qe));
  precise double fk = double(k);
  precise double s1, e1;
  ga_m_add12(fk * 0.6931471805598903lf, GA_M_LOG_CH[i + 16], s1, e1); // ln2 to 42 bits: exact product
  precise double s2, e2;
  ga_m_add12(s1, a, s2, e2);
  precise double lo2 = (e1 + e2) + (lo + (fk * 5.497923018708371e-14lf + GA_M_LOG_CL[i + 16]));
  ga_m_fast12(s2, lo2, h, l);
}

double ga_log_d(double x)
{
  if (!(x > 0.0lf) || isinf(x))
    return x == 0.0lf ? -ga_m_inf() : (x > 0.0lf ? x : ga_m_nan()); // +inf, NaN
  precise double h, l;
  ga_m_log_dd(x, h, l);
  return h;
}

double ga_log2_d(double x)
{
  if (!(x > 0.0lf) || isinf(x))
    return x == 0.0lf ? -ga_m_inf() : (x > 0.0lf ? x : ga_m_nan());
  precise double h, l;
  ga_m_log_dd(x, h, l);
  precise double p, pe;
  ga_m_mul12(h, 1.4426950408889634lf, p, pe); // 1/ln2 = 1.4426950408889634 + 2.0355273740931033e-17
  precise double r = p + (pe + (h * 2.0355273740931033e-17lf + l * 1.4426950408889634lf));
  return r;
}

// glibc's formula (fdlibm's e_log10.c) on the log above, which it follows within an ulp.
double ga_log10_d(double x)
{
  if (!(x > 0.0lf) || isinf(x))
    return x == 0.0lf ? -ga_m_inf() : (x > 0.0lf ? x : ga_m_nan());
  int k = 0;
  precise double xx = x;
  if (xx < 2.2250738585072014e-308lf) {
    xx = xx * 18014398509481984.0lf;
    k = -54;
  }
  int hx = ga_m_ihi(xx);
  k += (hx >> 20) - 1023;
  int i = k < 0 ? 1 : 0;
  xx = ga_m_with_hi(xx, uint((hx & 0x000fffff) | ((0x3ff - i) << 20)));
  precise double y = double(k + i);
  precise double z = y * 3.694239077158931e-13lf + 0.4342944819032518lf * ga_log_d(xx);
  precise double r = z + y * 0.30102999566361177lf;
  return r;
}

// ---- sqrt ------------------------------------------------------------------------
// The hardware square root refined to the correctly rounded one: r is right when
// r*r- < x <= r*r+ (r-, r+ its neighbours; Tuckerman), the products exact by Dekker.

double ga_sqrt_d(double x)
{
  if (!(x > 0.0lf) || isinf(x))
    return (x == 0.0lf || x > 0.0lf) ? x : ga_m_nan(); // +-0, +inf; NaN and x < 0
  precise double xs = x;
  int sc = 0;
  if (x < 2.983336292480083e-154lf) { // 2^-510: exact products need no underflow
    xs = x * 1.157920892373162e+77lf;  // 2^256
    sc = -128;
  } else if (x > 3.3519519824856493e+153lf) { // 2^510
    xs = x * 8.636168555094445e-78lf;  // 2^-256
    sc = 128;
  }
  precise double r = sqrt(xs);
  uint64_t rb = doubleBitsToUint64(r);
  precise double up = uint64BitsToDouble(rb + 1ul);
  precise double p, pe;
  ga_m_mul12(r, up, p, pe);
  precise double res = (xs - p) - pe;
  if (res > 0.0lf) {
    r = up;
  } else {
    precise double dn = uint64BitsToDouble(rb - 1ul);
    ga_m_mul12(r, dn, p, pe);
    res = (xs - p) - pe;
    if (res <= 0.0lf)
      r = dn;
  }
  precise double out_r = r * ga_m_pow2(sc);
  return out_r;
}

// ---- sin, cos, tan ---------------------------------------------------------------
// fdlibm's kernels on [-pi/4, pi/4] with the reduced argument's tail y. Reduction:
// Cody-Waite with pi/2 in three 33-bit parts below 2^20*pi/2 (e_rem_pio2.c), beyond it
// Payne-Hanek: the 53-bit significand times 224 bits of 2/pi in 32-bit integer limbs,
// from the word of 2/pi where the product stops being a multiple of 4.

double ga_m_ksin(double x, double y, bool tail)
{
  precise double z = x * x;
  precise double w = z * z;
  precise double r = 8.33333333332248946124e-03lf + z * (-1.98412698298579493134e-04lf + z * 2.75573137070700676789e-06lf) +
                     z * w * (-2.50507602534068634195e-08lf + z * 1.58969099521155010221e-10lf);
  precise double v = z * x;
  precise double res;
  if (!tail)
    res = x + v * (-1.66666666666666324348e-01lf + z * r);
  else
    res = x - ((z * (0.5lf * y - v * r) - y) - v * -1.66666666666666324348e-01lf);
  return res;
}

double ga_m_kcos(double x, double y)
{
  precise double z = x * x;
  precise double w = z * z;
  precise double r = z * (4.16666666666666019037e-02lf + z * (-1.38888888888741095749e-03lf + z * 2.48015872894767294178e-05lf)) +
                     w * w * (-2.75573143513906633035e-07lf + z * (2.08757232129817482790e-09lf + z * -1.13596475577881948265e-11lf));
  precise double hz = 0.5lf * z;
  precise double ww = 1.0lf - hz;
  precise double res = ww + (((1.0lf - ww) - hz) + (z * r - x * y));
  return res;
}

// tan(x + y) (odd = 1) or -1/tan(x + y) (odd = -1)
double ga_m_ktan(double x, double y, int odd)
{
  precise double xx = x;
  precise double yy = y;
  uint hx = ga_m_hi(x);
  bool big = (hx & 0x7fffffffu) >= 0x3FE59428u; // |x| >= 0.6744
  if (big) {
    if ((hx >> 31) != 0u) {
      xx = -xx;
      yy = -yy;
    }
    precise double z0 = 7.85398163397448278999e-01lf - xx;
    precise double w0 = 3.06161699786838301793e-17lf - yy;
    xx = z0 + w0;
    yy = 0.0lf;
  }
  precise double z = xx * xx;
  precise double w = z * z;
  precise double r = 1.33333333333201242699e-01lf + w * (2.18694882948595424599e-02lf + w * (3.59207910759131235356e-03lf +
                     w * (5.88041240820264096874e-04lf + w * (7.81794442939557092300e-05lf + w * -1.85586374855275456654e-05lf))));
  precise double v = z * (5.39682539762260521377e-02lf + w * (8.86323982359930005737e-03lf + w * (1.45620945432529025516e-03lf +
                     w * (2.46463134818469906812e-04lf + w * (7.14072491382608190305e-05lf + w * 2.59073051863633712884e-05lf)))));
  precise double s = z * xx;
  precise double rr = yy + z * (s * (r + v) + yy);
  rr = rr + 3.33333333333334091986e-01lf * s;
  precise double ww = xx + rr;
  if (big) {
    precise double vv = double(odd);
    precise double res = vv - 2.0lf * (xx - (ww * ww / (ww + vv) - rr));
    return (hx >> 31) != 0u ? -res : res;
  }
  if (odd == 1)
    return ww;
  // -1/(x + r), accurately
  precise double zz = ga_m_clear_lo(ww);
  precise double v2 = rr - (zz - xx);
  precise double a = -1.0lf / ww;
  precise double t = ga_m_clear_lo(a);
  precise double s2 = 1.0lf + t * zz;
  precise double res2 = t + a * (s2 + t * v2);
  return res2;
}

// 2/pi in 32-bit words, most significant first
const uint GA_M_2PI[37] = uint[](0xA2F9836Eu, 0x4E441529u, 0xFC2757D1u, 0xF534DDC0u, 0xDB629599u, 0x3C439041u,
  0xFE5163ABu, 0xDEBBC561u, 0xB7246E3Au, 0x424DD2E0u, 0x06492EEAu, 0x09D1921Cu, 0xFE1DEB1Cu, 0xB129A73Eu, 0xE88235F5u,
  0x2EBB4484u, 0xE99C7026u, 0xB45F7E41u, 0x3991D639u, 0x835339F4u, 0x9C845F8Bu, 0xBDF9283Bu, 0x1FF897FFu, 0xDE05980Fu,
  0xEF2F118Bu, 0x5A0A6D1Fu, 0x6D367ECFu, 0x27CB09B7u, 0x4F463F66u, 0x9E5FEA2Du, 0x7527BAC7u, 0xEBE5F17Bu, 0x3D0739F7u,
  0x8A5292EAu, 0x6BFB5FB1u, 0x1F8D5D08u, 0x56033046u);

// bits p .. p+63 of a 384-bit little-endian number
uint64_t ga_m_bits64(uint v[12], int p)
{
  int w = p >> 5, sh = p & 31;
  uint64_t lo = uint64_t(v[w]) | (uint64_t(v[w + 1]) << 32);
  return sh == 0 ? lo : (lo >> sh) | (uint64_t(v[w + 2]) << (64 - sh));
}

// an integer below 2^53 as a double, without a 64-bit conversion
double ga_m_u53(uint64_t a) { return double(uint(a >> 32)) * 4294967296.0lf + double(uint(a)); }

// x - n*pi/2 = y0 + y1 for finite |x| > pi/4; returns n (its low bits are what count).
int ga_m_rem_pio2(double x, out double y0, out double y1)
{
  if (abs(x) < 1647099.3291652855lf) { // 2^20 * pi/2
    precise double fn = roundEven(x * 0.6366197723675814lf);
    int n = int(fn);
    precise double r = x - fn * 1.57079632673412561417e+00lf;
    precise double w = fn * 6.07710050650619224932e-11lf;
    int j = int(ga_m_hi(x) >> 20) & 0x7ff;
    precise double z = r - w;
    int i = j - (int(ga_m_hi(z) >> 20) & 0x7ff);
    if (i > 16) { // cancellation: the second 33 bits of pi/2
      precise double t = r;
      w = fn * 6.07710050630396597660e-11lf;
      r = t - w;
      w = fn * 2.02226624879595063154e-21lf - ((t - r) - w);
      z = r - w;
      i = j - (int(ga_m_hi(z) >> 20) & 0x7ff);
      if (i > 49) { // and the third
        t = r;
        w = fn * 2.02226624871116645580e-21lf;
        r = t - w;
        w = fn * 8.47842766036889956997e-32lf - ((t - r) - w);
        z = r - w;
      }
    }
    y0 = z;
    precise double zl = (r - z) - w;
    y1 = zl;
    return n;
  }
  // Payne-Hanek: |x| = m * 2^e, m a 53-bit integer
  uint64_t b = doubleBitsToUint64(x);
  int e = int((b >> 52) & 0x7fful) - 1075;
  uint64_t m = (b & 0x000ffffffffffffful) | 0x0010000000000000ul;
  uint ml = uint(m), mh = uint(m >> 32);
  // words before w0 contribute multiples of 4 to |x| * 2/pi
  int w0 = e >= 2 ? (e - 2) >> 5 : 0;
  int s = e - 32 * w0;
  uint64_t pl[7], ph[7];
  for (int i = 0; i < 7; i++) {
    uint f = GA_M_2PI[w0 + 6 - i];
    pl[i] = uint64_t(f) * uint64_t(ml);
    ph[i] = uint64_t(f) * uint64_t(mh);
  }
  uint v[12];
  uint64_t carry = 0ul;
  for (int c = 0; c < 9; c++) {
    uint64_t t = carry;
    if (c < 7)
      t += pl[c] & 0xfffffffful;
    if (c >= 1 && c <= 7)
      t += (pl[c - 1] >> 32) + (ph[c - 1] & 0xfffffffful);
    if (c >= 2 && c <= 8)
      t += ph[c - 2] >> 32;
    v[c] = uint(t);
    carry = t >> 32;
  }
  v[9] = 0u;
  v[10] = 0u;
  v[11] = 0u;
  // the product is |x| * 2/pi * 2^(224-s): bit fb is the units bit
  int fb = 224 - s;
  int q = int(ga_m_bits64(v, fb) & 3ul);
  uint64_t fh = ga_m_bits64(v, fb - 64), fl = ga_m_bits64(v, fb - 128);
  bool neg = (fh >> 63) != 0ul;
  if (neg) { // fraction >= 1/2: the remainder is negative, 1 - fraction
    q += 1;
    fl = ~fl + 1ul;
    fh = ~fh + (fl == 0ul ? 1ul : 0ul);
  }
  int lz = 0;
  if (fh == 0ul) {
    fh = fl;
    fl = 0ul;
    lz = 64;
  }
  uint top = uint(fh >> 32);
  int z = top != 0u ? 31 - findMSB(top) : 63 - findMSB(uint(fh));
  if (z > 0) {
    fh = (fh << z) | (fl >> (64 - z));
    fl = fl << z;
  }
  lz += z;
  precise double vh = ga_m_u53(fh >> 11) * ga_m_pow2(-53 - lz);
  precise double vl = ga_m_u53(((fh & 0x7fful) << 42) | (fl >> 22)) * ga_m_pow2(-106 - lz);
  precise double p, pe;
  ga_m_mul12(vh, 1.5707963267948966lf, p, pe);
  precise double lo = pe + (vh * 6.123233995736766e-17lf + vl * 1.5707963267948966lf);
  precise double r0, r1;
  ga_m_fast12(p, lo, r0, r1);
  if (neg != (x < 0.0lf)) {
    r0 = -r0;
    r1 = -r1;
  }
  y0 = r0;
  y1 = r1;
  return x < 0.0lf ? -q : q;
}

double ga_sin_d(double x)
{
  if ((ga_m_hi(x) & 0x7fffffffu) <= 0x3fe921fbu) { // |x| <~ pi/4
    if (abs(x) < 7.450580596923828e-09lf)          // 2^-27: sin(x) = x, also -0
      return x;
    return ga_m_ksin(x, 0.0lf, false);
  }
  if (isinf(x) || isnan(x))
    return ga_m_nan();
  precise double y0, y1;
  int n = ga_m_rem_pio2(x, y0, y1);
  switch (n & 3) {
  case 0: return ga_m_ksin(y0, y1, true);
  case 1: return ga_m_kcos(y0, y1);
  case 2: return -ga_m_ksin(y0, y1, true);
  default: return -ga_m_kcos(y0, y1);
  }
}

double ga_cos_d(double x)
{
  if ((ga_m_hi(x) & 0x7fffffffu) <= 0x3fe921fbu) {
    if (abs(x) < 7.450580596923828e-09lf)
      return 1.0lf;
    return ga_m_kcos(x, 0.0lf);
  }
  if (isinf(x) || isnan(x))
    return ga_m_nan();
  precise double y0, y1;
  int n = ga_m_rem_pio2(x, y0, y1);
  switch (n & 3) {
  case 0: return ga_m_kcos(y0, y1);
  case 1: return -ga_m_ksin(y0, y1, true);
  case 2: return -ga_m_kcos(y0, y1);
  default: return ga_m_ksin(y0, y1, true);
  }
}

double ga_tan_d(double x)
{
  if ((ga_m_hi(x) & 0x7fffffffu) <= 0x3fe921fbu) {
    if (abs(x) < 7.450580596923828e-09lf)
      return x;
    return ga_m_ktan(x, 0.0lf, 1);
  }
  if (isinf(x) || isnan(x))
    return ga_m_nan();
  precise double y0, y1;
  int n = ga_m_rem_pio2(x, y0, y1);
  return ga_m_ktan(y0, y1, 1 - ((n & 1) << 1));
}
