/* Octave's rules for the class of a binary operation's result and how it is computed. */
#include "ga_internal.h"

static const char *const binop_names[GA_NBINOPS] = {"plus", "minus", "times", "rdivide"};
static const char *const binop_symbols[GA_NBINOPS] = {"+", "-", ".*", "./"};

const char *ga_binop_name(ga_binop op) { return (unsigned)op < GA_NBINOPS ? binop_names[op] : "?"; }
const char *ga_binop_symbol(ga_binop op) { return (unsigned)op < GA_NBINOPS ? binop_symbols[op] : "?"; }

/* Octave: integer wins over everything but a different integer class (an error);
 * otherwise single wins over double and logical; logical with logical gives double. */
ga_status ga_binary_result_class(ga_binop op, ga_class a, ga_class b, ga_class *out)
{
  (void)op;
  bool ia = ga_class_is_int(a), ib = ga_class_is_int(b);
  if (ia && ib) {
    if (a != b)
      return GA_ERR_CLASS;
    *out = a;
  } else if (ia) {
    *out = a;
  } else if (ib) {
    *out = b;
  } else if (a == GA_SINGLE || b == GA_SINGLE) {
    *out = GA_SINGLE;
  } else {
    *out = GA_DOUBLE;
  }
  return GA_OK;
}

ga_compute_mode ga_binary_compute_mode(ga_class a, ga_class b, ga_class out)
{
  if (ga_class_is_float(out))
    return GA_CM_FLOAT;
  if (!ga_class_is_wide_int(out))
    return GA_CM_INT_DOUBLE;
  if (ga_class_is_float(a) || ga_class_is_float(b))
    return GA_CM_INT_MIXED64;
  return GA_CM_INT_EXACT;
}
