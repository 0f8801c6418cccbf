/* Dense linear algebra: __gpuarray__ ("linalg", OP, ...) with OP one of
 *   "mldivide", A, B -> [id, cls, sz, cond, rcond]
 *   "inv", A         -> [id, cls, sz, cond, rcond]
 *   "det", A         -> [id, cls, sz]
 *   "lu", A          -> [packed id, perm id, info]
 *   "chol", A        -> [id, info]
 *   "qr", A, FORM, PIVOT -> [x id, q id, perm id]: FORM "raw" (x is Octave's X = qr (A)),
 *                       "full" or "econ" (x is R, q is Q); PIVOT true: column pivoting,
 *                       perm the 1 x n column order (of A's real class). Q is formed
 *                       only when asked for.
 *   "svd", A, FLAGS  -> [s id, U id, S id, V id] (FLAGS: ga.h's GA_SVD_*; U, S, V with
 *                       GA_SVD_VECTORS)
 * cond is 0 (fine), 1 (singular) or 2 (nearly singular): gpuArray.m raises Octave's
 * warnings from it, so they point at the user's line and obey `warning off`. */
#include "mex_commands.h"

#include <math.h>
#include <string.h>

static ga_id held_id(const mxArray *a, const char *fn)
{
  if (!ga_mex_is_gpuarray(a))
    ga_mex_error("gpuarray:invalidArgument", "%s: expected a gpuArray", fn);
  return ga_mex_get_id(a, fn);
}

static void outputs_with_info(int nlhs, mxArray *plhs[], ga_id id, const ga_solve_info *info)
{
  plhs[0] = ga_mex_make_id(id);
  if (nlhs > 1)
    ga_mex_describe(id, &plhs[1], nlhs > 2 ? &plhs[2] : NULL);
  if (nlhs > 3)
    plhs[3] = mxCreateDoubleScalar(info ? (double)info->cond : 0.0);
  if (nlhs > 4)
    plhs[4] = mxCreateDoubleScalar(info ? info->rcond : NAN);
}

void ga_mex_linalg(int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  if (nrhs < 1)
    ga_mex_error("gpuarray:invalidArgument", "__gpuarray__ ('linalg'): expected an operation name");
  char op[16];
  ga_mex_get_string(prhs[0], "linalg", op, sizeof op);
  ga_id id = 0;
  ga_solve_info info = {0};
  if (!strcmp(op, "mldivide")) {
    ga_mex_nargs("linalg", nrhs, 3, 3, nlhs, 5);
    ga_operand a, b;
    int64_t da[GA_MAX_DIMS], db[GA_MAX_DIMS];
    ga_mex_operand(prhs[1], NULL, &a, da, "mldivide");
    ga_mex_operand(prhs[2], NULL, &b, db, "mldivide");
    ga_mex_raise(ga_mldivide(&a, &b, &id, &info));
    outputs_with_info(nlhs, plhs, id, &info);
  } else if (!strcmp(op, "inv")) {
    ga_mex_nargs("linalg", nrhs, 2, 2, nlhs, 5);
    ga_mex_raise(ga_inv(held_id(prhs[1], "inv"), &id, &info));
    outputs_with_info(nlhs, plhs, id, &info);
  } else if (!strcmp(op, "det")) {
    ga_mex_nargs("linalg", nrhs, 2, 2, nlhs, 3);
    ga_mex_raise(ga_det(held_id(prhs[1], "det"), &id));
    outputs_with_info(nlhs, plhs, id, NULL);
  } else if (!strcmp(op, "lu")) {
    ga_mex_nargs("linalg", nrhs, 2, 2, nlhs, 3);
    ga_id perm = 0;
    int64_t linfo = 0;
    ga_mex_raise(ga_lu(held_id(prhs[1], "lu"), &id, &perm, &linfo));
    plhs[0] = ga_mex_make_id(id);
    if (nlhs > 1)
      plhs[1] = ga_mex_make_id(perm);
    else
      ga_release(perm);
    if (nlhs > 2)
      plhs[2] = mxCreateDoubleScalar((double)linfo);
  } else if (!strcmp(op, "chol")) {
    ga_mex_nargs("linalg", nrhs, 2, 2, nlhs, 2);
    int64_t cinfo = 0;
    ga_mex_raise(ga_chol(held_id(prhs[1], "chol"), &id, &cinfo));
    plhs[0] = ga_mex_make_id(id);
    if (nlhs > 1)
      plhs[1] = mxCreateDoubleScalar((double)cinfo);
  } else if (!strcmp(op, "qr")) {
    ga_mex_nargs("linalg", nrhs, 4, 4, nlhs, 3);
    char form[8];
    ga_mex_get_string(prhs[2], "qr", form, sizeof form);
    ga_qr_form f = GA_QR_RAW;
    if (!strcmp(form, "full"))
      f = GA_QR_FULL;
    else if (!strcmp(form, "econ"))
      f = GA_QR_ECON;
    else if (strcmp(form, "raw"))
      ga_mex_error("gpuarray:invalidArgument", "qr: unknown form '%s'", form);
    if ((!mxIsLogical(prhs[3]) && !mxIsNumeric(prhs[3])) || mxGetNumberOfElements(prhs[3]) != 1)
      ga_mex_error("gpuarray:invalidArgument", "qr: PIVOT must be a logical scalar");
    bool pivot = mxGetScalar(prhs[3]) != 0;
    ga_id q = 0, perm = 0;
    ga_mex_raise(ga_qr(held_id(prhs[1], "qr"), f, &id, f != GA_QR_RAW && nlhs > 1 ? &q : NULL,
                       pivot ? &perm : NULL));
    plhs[0] = ga_mex_make_id(id);
    if (nlhs > 1 && q)
      plhs[1] = ga_mex_make_id(q);
    else if (nlhs > 1)
      plhs[1] = mxCreateDoubleMatrix(0, 0, mxREAL);
    if (nlhs > 2 && perm)
      plhs[2] = ga_mex_make_id(perm);
    else if (nlhs > 2)
      plhs[2] = mxCreateDoubleMatrix(0, 0, mxREAL);
    else if (perm)
      ga_release(perm);
  } else if (!strcmp(op, "svd")) {
    ga_mex_nargs("linalg", nrhs, 3, 3, nlhs, 4);
    int flags = ga_mex_get_int(prhs[2], "svd flags");
    if (flags < 0 || flags > (GA_SVD_VECTORS | GA_SVD_ECON | GA_SVD_NONFINITE_NAN))
      ga_mex_error("gpuarray:invalidArgument", "svd: invalid flags %d", flags);
    if (nlhs > 1 && !(flags & GA_SVD_VECTORS))
      ga_mex_error("gpuarray:invalidArgument", "svd: U, S and V need the vectors flag");
    ga_id u = 0, S = 0, v = 0;
    ga_mex_raise(ga_svd(held_id(prhs[1], "svd"), flags, &id, &u, &S, &v));
    ga_id outs[4] = {id, u, S, v};
    for (int i = 0; i < 4; i++) {
      if (i < (nlhs > 1 ? nlhs : 1))
        plhs[i] = ga_mex_make_id(outs[i]);
      else if (outs[i])
        ga_release(outs[i]);
    }
  } else {
    ga_mex_error("gpuarray:invalidArgument", "__gpuarray__ ('linalg'): unknown operation '%s'", op);
  }
}
