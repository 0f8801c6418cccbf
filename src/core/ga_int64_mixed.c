/* Octave's arithmetic between int64/uint64 and double, as Octave 7.3 computes it where
 * liboctave is built without OCTAVE_INT_USE_LONG_DOUBLE (Debian's build, for one).
 * Nothing here is done in long double: + and - round the double to the integer class
 * first, * and / take exact integer paths for integer-valued doubles and an exact
 * mantissa product otherwise. Octave's own quirks are kept on purpose, each marked
 * "Octave:", because matching its results bit for bit is the point. */
#include "ga_internal.h"

#include <math.h>

typedef __int128 i128;
typedef unsigned __int128 u128;

#define TWO63 9223372036854775808.0
#define TWO64 18446744073709551616.0

static i128 lo(ga_class c)
{
  return c == GA_INT64 ? (i128)INT64_MIN : c == GA_UINT64 ? 0 : (i128)ga_class_int_min(c);
}
static i128 hi(ga_class c)
{
  return c == GA_INT64 ? (i128)INT64_MAX : c == GA_UINT64 ? (i128)UINT64_MAX : (i128)ga_class_int_max(c);
}

/* (lo and hi held in locals: GCC 12 -O2 crashes in its tail-recursion pass otherwise) */
static i128 sat(ga_class c, i128 r)
{
  i128 l = lo(c), h = hi(c);
  return r < l ? l : r > h ? h : r;
}

static double to_double(ga_class c, i128 x)
{
  return c == GA_INT64 ? (double)(int64_t)x : (double)(uint64_t)x;
}

/* Octave's double -> integer conversion: NaN -> 0, saturate, round half away. */
static i128 from_double(ga_class c, double d)
{
  if (isnan(d))
    return 0;
  if (d < (double)lo(c))
    return lo(c);
  if (d >= (c == GA_INT64 ? TWO63 : TWO64))
    return hi(c);
  return (i128)round(d);
}

/* Both operands are in the class's range, so |a * b| < 2^128; clamp before it can wrap. */
static i128 int_mul(ga_class c, i128 a, i128 b)
{
  u128 m = (u128)(a < 0 ? -a : a) * (u128)(b < 0 ? -b : b);
  i128 r = m > UINT64_MAX ? (i128)UINT64_MAX + 1 : (i128)m;
  return sat(c, (a < 0) != (b < 0) ? -r : r);
}

/* Octave's integer division: round half away from zero; x/0 saturates by x's sign. */
static i128 int_div(ga_class c, i128 a, i128 b)
{
  if (b == 0)
    return a == 0 ? 0 : a < 0 ? lo(c) : hi(c);
  i128 q = a / b, r = a % b;
  if (2 * (r < 0 ? -r : r) >= (b < 0 ? -b : b))
    q += (a < 0) != (b < 0) ? -1 : 1;
  return sat(c, q);
}

static i128 add(ga_class c, i128 x, double y)
{
  if (c == GA_UINT64)
    return y < 0 ? sat(c, x - from_double(c, -y)) : sat(c, x + from_double(c, y));
  if (fabs(y) < TWO63)
    return sat(c, x + from_double(c, y));
  /* Octave: y beyond the int64 range (or NaN) is added as two halves, saturating after
   * each, so that e.g. 3*2^62 + (intmin+1) still comes out exact. */
  i128 h = from_double(c, y / 2);
  return sat(c, sat(c, x + h) + h);
}

/* double - integer */
static i128 rsub(ga_class c, double y, i128 x)
{
  if (c == GA_UINT64) {
    if (y < TWO64)
      return sat(c, from_double(c, y) - x);
    /* Octave: y >= 2^64, and NaN too (the test above is false for it), is taken as
     * (y - 2^64) + (2^64 - x); so NaN - uint64(5) is 2^64 - 5, NaN - uint64(0) the max. */
    if (x == 0)
      return hi(c);
    return sat(c, from_double(c, y - TWO64) + (((i128)1 << 64) - x));
  }
  if (x == INT64_MIN) /* -x would saturate; Octave computes y + 2^63 in double instead */
    return from_double(c, y + TWO63);
  return add(c, -x, y);
}

/* The general product: y = m * 2^e with m an integer, the exact 128-bit product |x| * m
 * cut into 32-bit words, each word scaled by its power of two, rounded to the class on
 * its own and added with saturation. */
static i128 mul_split(ga_class c, i128 x, double y)
{
  int e;
  /* Octave: frexp's fraction is scaled by 2^52, not 2^53, and truncated, so the last
   * bit of y's 53-bit significand is dropped: int64(2^52) * (1 + 2^-52) is 2^52. */
  uint64_t m = (uint64_t)ldexp(frexp(fabs(y), &e), 52);
  e -= 52;
  bool neg = (y < 0) != (x < 0);
  u128 p = (u128)(x < 0 ? -x : x) * m;
  i128 r = 0;
  for (int i = 0; i < 4; i++, e += 32) {
    double d = ldexp((double)(uint32_t)(p >> (32 * i)), e);
    r = sat(c, r + from_double(c, neg ? -d : d));
  }
  return r;
}

static i128 mul(ga_class c, i128 x, double y)
{
  if (c == GA_INT64) {
    if (fabs(y) < TWO63 && y == trunc(y))
      return int_mul(c, x, (i128)y);
    /* Octave: x * +-0.5 is x / (4*y) with 4*y cast to uint64 first; -2.0 wraps there
     * to 2^64 - 2, which saturates to intmax, so x * -0.5 is x / intmax. */
    if (fabs(y) == 0.5)
      return int_div(c, x, y > 0 ? 2 : INT64_MAX);
    if (!isfinite(y))
      return from_double(c, to_double(c, x) * y);
  } else {
    if (y >= 0 && y < TWO64 && y == trunc(y))
      return int_mul(c, x, (i128)y);
    if (y == 0.5)
      return int_div(c, x, 2);
    if (y < 0 || !isfinite(y))
      return from_double(c, to_double(c, x) * y);
  }
  return mul_split(c, x, y);
}

/* integer / double: exact integer division when y is an integer in range, else
 * x * (1/y) with the product's rules above. */
static i128 divide(ga_class c, i128 x, double y)
{
  bool in_range = c == GA_INT64 ? fabs(y) < TWO63 : y >= 0 && y < TWO64;
  if (in_range && y == trunc(y))
    return int_div(c, x, (i128)y);
  return mul(c, x, 1.0 / y);
}

/* Octave's power of two integers of class c (oct-inttypes.cc): 1 for b = 0 or a = 1;
 * for b < 0, a for a = -1 and odd b, 1 for a = -1, else 0; otherwise repeated squaring,
 * every product saturated to the class (int_mul works for every integer class). */
__int128 ga_int_power(ga_class c, __int128 a, __int128 b)
{
  if (b == 0 || a == 1)
    return 1;
  if (b < 0)
    return a == -1 ? ((b & 1) ? -1 : 1) : 0;
  i128 r = a, base = a;
  for (i128 e = b - 1; e != 0;) {
    if (e & 1)
      r = int_mul(c, r, base);
    e >>= 1;
    if (e != 0)
      base = int_mul(c, base, base);
  }
  return r;
}

uint64_t ga_int64_mixed(ga_binop op, ga_class c, uint64_t xbits, double y, bool int_first)
{
  i128 x = c == GA_INT64 ? (i128)(int64_t)xbits : (i128)xbits;
  i128 r;
  switch (op) {
  case GA_OP_PLUS:
    r = add(c, x, y);
    break;
  case GA_OP_MINUS:
    r = int_first ? add(c, x, -y) : rsub(c, y, x);
    break;
  case GA_OP_TIMES:
    r = mul(c, x, y);
    break;
  case GA_OP_POWER: /* Octave: a whole exponent 0 <= y < digits takes the integers' rule */
    if (int_first)
      r = y >= 0 && y < (c == GA_INT64 ? 63 : 64) && y == round(y) ? ga_int_power(c, x, (i128)y)
                                                                  : from_double(c, pow(to_double(c, x), y));
    else
      r = from_double(c, pow(y, to_double(c, x)));
    break;
  default: /* GA_OP_RDIVIDE; double / integer is done in double, then converted */
    r = int_first ? divide(c, x, y) : from_double(c, y / to_double(c, x));
    break;
  }
  return c == GA_INT64 ? (uint64_t)(int64_t)r : (uint64_t)r;
}
