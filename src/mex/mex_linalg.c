/* Linear algebra commands: matrix products. Operands are gpuArray objects or host
 * arrays (uploaded for the one product); they return the new value's handle, class and
 * size. */
#include "mex_commands.h"

#include <string.h>

/* A gpuArray object, or a real full host array of a class gpuArrays hold. */
static void operand(const mxArray *a, ga_operand *o, int64_t *dims, const char *fn)
{
  memset(o, 0, sizeof *o);
  if (ga_mex_is_gpuarray(a)) {
    o->id = ga_mex_get_id(a, fn);
    return;
  }
  if (mxIsSparse(a) || mxIsComplex(a))
    ga_mex_error("gpuarray:invalidClass", "%s: complex and sparse operands are not supported on the GPU yet", fn);
  if (!ga_mex_class_of(a, &o->cls))
    ga_mex_error("gpuarray:invalidClass", "%s: operands of class %s are not supported with gpuArray", fn,
                 mxGetClassName(a));
  mwSize nd = mxGetNumberOfDimensions(a);
  if (nd > GA_MAX_DIMS)
    ga_mex_error("gpuarray:invalidArgument", "%s: too many dimensions", fn);
  const mwSize *md = mxGetDimensions(a);
  for (mwSize d = 0; d < nd; d++)
    dims[d] = (int64_t)md[d];
  o->is_host = 1;
  o->ndims = (int)nd;
  o->dims = dims;
  o->data = mxGetData(a);
}

static int flag(const mxArray *a, const char *fn)
{
  if (!(mxIsLogical(a) || mxIsNumeric(a)) || mxIsComplex(a) || mxGetNumberOfElements(a) != 1)
    ga_mex_error("gpuarray:invalidArgument", "%s: transpose flags must be logical scalars", fn);
  return mxGetScalar(a) != 0;
}

/* (A, B) or (A, B, trans_a, trans_b): op(A) * op(B); pagemtimes does it page by page */
static void product(int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[], const char *fn, bool pages)
{
  ga_mex_nargs(fn, nrhs, 2, 4, nlhs, 3);
  if (nrhs == 3)
    ga_mex_error("gpuarray:invalidArgument", "%s: expected 2 or 4 arguments", fn);
  int ta = nrhs > 2 ? flag(prhs[2], fn) : 0, tb = nrhs > 3 ? flag(prhs[3], fn) : 0;
  ga_operand a, b;
  int64_t da[GA_MAX_DIMS], db[GA_MAX_DIMS];
  operand(prhs[0], &a, da, fn);
  operand(prhs[1], &b, db, fn);
  ga_id id;
  ga_mex_raise(pages ? ga_pagemtimes(&a, ta, &b, tb, &id) : ga_mtimes(&a, ta, &b, tb, &id));
  plhs[0] = ga_mex_make_id(id);
  if (nlhs > 1)
    ga_mex_describe(id, &plhs[1], nlhs > 2 ? &plhs[2] : NULL);
}

void ga_mex_mtimes(int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  product(nlhs, plhs, nrhs, prhs, "mtimes", false);
}

void ga_mex_pagemtimes(int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  product(nlhs, plhs, nrhs, prhs, "pagemtimes", true);
}
