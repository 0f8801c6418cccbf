/* sort (A, dim, mode): the input stored whole, then one stable sort of its lines through
 * the planner (the provider's kernels, or the host's reference where it declines). */
#include "ga_internal.h"

ga_status ga_sort(ga_id id, int dim, int descend, ga_id *out, ga_id *out_index)
{
  ga_status st = ga_init();
  int cplx;
  ga_tensor *a, *t, *ix;
  /* Octave's narrowing first: a pending complex value that is real sorts as real */
  if (st != GA_OK || (st = ga_settle(id, &cplx)) != GA_OK || (st = ga_handles_get(id, &a)) != GA_OK)
    return st;
  if (ga_class_is_complex(a->cls) || dim < -1)
    return ga_fail(GA_ERR_ARG, "sort: invalid class or dimension");
  int64_t inner, n, outer;
  ga_tensor_lines(a, dim, &inner, &n, &outer);
  if ((st = ga_tensor_line_results(a, a->cls, out_index != NULL, &t, &ix)) != GA_OK)
    return st;
  if (a->numel > 0) {
    ga_sort_desc d = {a->cls, inner, n, outer, descend != 0, &a->buf, &t->buf, ix ? &ix->buf : NULL};
    st = ga_plan_sort(&d);
  }
  return ga_handles_insert_pair(st, t, out, ix, out_index);
}
