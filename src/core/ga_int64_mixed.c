/* Octave's arithmetic between int64/uint64 and double. Octave does not compute these in
 * long double: it rounds the double to the integer class first for + and -, and uses
 * exact mantissa products for * and /. This file reproduces those rules. */
#include "ga_internal.h"

#include <math.h>

static __int128 clamp(ga_class c, __int128 r)
{
  __int128 lo = c == GA_INT64 ? (__int128)INT64_MIN : 0;
  __int128 hi = c == GA_INT64 ? (__int128)INT64_MAX : (__int128)UINT64_MAX;
  return r < lo ? lo : r > hi ? hi : r;
}

/* double -> integer class: round half away from zero, saturate, NaN -> 0 */
static __int128 to_int(ga_class c, double y)
{
  if (isnan(y))
    return 0;
  y = round(y);
  if (y <= -9223372036854775808.0)
    return clamp(c, (__int128)INT64_MIN);
  if (y >= 18446744073709551616.0)
    return clamp(c, (__int128)UINT64_MAX);
  return clamp(c, (__int128)y);
}

uint64_t ga_int64_mixed(ga_binop op, ga_class c, uint64_t xbits, double y, bool int_first)
{
  __int128 x = c == GA_INT64 ? (__int128)(int64_t)xbits : (__int128)xbits;
  __int128 r;
  switch (op) {
  case GA_OP_PLUS:
    r = x + to_int(c, y);
    break;
  case GA_OP_MINUS:
    r = int_first ? x - to_int(c, y) : to_int(c, y) - x;
    break;
  case GA_OP_TIMES: {
    long double p = (long double)x * (long double)y;
    r = isnan(p) ? 0 : to_int(c, (double)roundl(p));
  } break;
  default: {
    long double q = int_first ? (long double)x / (long double)y : (long double)y / (long double)x;
    r = isnan(q) ? 0 : to_int(c, (double)roundl(q));
  } break;
  }
  r = clamp(c, r);
  return c == GA_INT64 ? (uint64_t)(int64_t)r : (uint64_t)r;
}
