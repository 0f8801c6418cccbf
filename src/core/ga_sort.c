/* sort (A, dim, mode): the input stored whole, then one stable sort of its lines through
 * the planner (the provider's kernels, or the host's reference where it declines). */
#include "ga_internal.h"

ga_status ga_sort(ga_id id, int dim, int descend, ga_id *out, ga_id *out_index)
{
  ga_status st = ga_init();
  int cplx;
  ga_tensor *a, *t = NULL, *ix = NULL;
  /* Octave's narrowing first: a pending complex value that is real sorts as real */
  if (st != GA_OK || (st = ga_settle(id, &cplx)) != GA_OK || (st = ga_handles_get(id, &a)) != GA_OK)
    return st;
  if (ga_class_is_complex(a->cls) || dim < -1)
    return ga_fail(GA_ERR_ARG, "sort: invalid class or dimension");
  if (dim == -1) { /* the first dimension of extent other than 1 */
    dim = 0;
    while (dim < a->ndims - 1 && a->dims[dim] == 1)
      dim++;
  }
  int64_t inner = 1, n = dim < a->ndims ? a->dims[dim] : 1, outer = 1;
  for (int k = 0; k < a->ndims; k++) {
    if (k < dim)
      inner *= a->dims[k];
    else if (k > dim)
      outer *= a->dims[k];
  }
  if ((st = ga_tensor_materialize(a)) != GA_OK || (st = ga_tensor_new(a->cls, a->ndims, a->dims, &t)) != GA_OK)
    return st;
  if (out_index && (st = ga_tensor_new(GA_DOUBLE, a->ndims, a->dims, &ix)) != GA_OK) {
    ga_tensor_unref(t);
    return st;
  }
  if (a->numel > 0) {
    ga_sort_desc d = {a->cls, inner, n, outer, descend != 0, &a->buf, &t->buf, ix ? &ix->buf : NULL};
    st = ga_plan_sort(&d);
  }
  if (st == GA_OK && (st = ga_handles_insert(t, out)) == GA_OK) {
    t = NULL;
    if (ix && (st = ga_handles_insert(ix, out_index)) != GA_OK)
      ga_release(*out);
    else
      ix = NULL;
  }
  if (t)
    ga_tensor_unref(t);
  if (ix)
    ga_tensor_unref(ix);
  return st;
}
