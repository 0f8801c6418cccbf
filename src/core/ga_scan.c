/* cumsum, cumprod, cummax and cummin: the input stored whole, then one scan along a
 * dimension through the planner (the provider's kernel, or the host's reference where
 * it declines). */
#include "ga_internal.h"

static bool valid_out_class(ga_scan_op op, ga_class in, ga_class out)
{
  if (op == GA_SCAN_MAX || op == GA_SCAN_MIN)
    return out == in;
  if (ga_class_is_complex(in))
    return out == GA_CDOUBLE || out == GA_CSINGLE;
  return out == GA_DOUBLE || out == GA_SINGLE || out == in;
}

ga_status ga_scan(ga_scan_op op, ga_id id, int dim, ga_class out_cls, ga_id *out, ga_id *out_index)
{
  ga_status st = ga_init();
  int cplx;
  ga_tensor *a, *t, *ix;
  /* Octave's narrowing first: a pending complex value that is real is scanned as real */
  if (st != GA_OK || (st = ga_settle(id, &cplx)) != GA_OK || (st = ga_handles_get(id, &a)) != GA_OK)
    return st;
  bool arg = op == GA_SCAN_MAX || op == GA_SCAN_MIN;
  if ((unsigned)op > GA_SCAN_MIN || !valid_out_class(op, a->cls, out_cls) || dim < -1 || (out_index && !arg))
    return ga_fail(GA_ERR_ARG, "scan: invalid operation, class or dimension");
  int64_t inner, n, outer;
  ga_tensor_lines(a, dim, &inner, &n, &outer);
  if ((st = ga_tensor_line_results(a, out_cls, out_index != NULL, &t, &ix)) != GA_OK)
    return st;
  if (a->numel > 0) {
    ga_scan_desc d = {op, a->cls, out_cls, inner, n, outer, &a->buf, &t->buf, ix ? &ix->buf : NULL};
    st = ga_plan_scan(&d);
  }
  return ga_handles_insert_pair(st, t, out, ix, out_index);
}
