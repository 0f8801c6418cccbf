/* Linear algebra commands: matrix products. Operands are gpuArray objects or host
 * arrays (uploaded for the one product); they return the new value's handle, class and
 * size. */
#include "mex_commands.h"

#include <string.h>

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
  ga_mex_operand(prhs[0], NULL, &a, da, fn);
  ga_mex_operand(prhs[1], NULL, &b, db, fn);
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
