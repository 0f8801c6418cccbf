/* Commands that compute: they return the new value's handle, class and size. */
#include "mex_commands.h"

#include <string.h>

static void return_value(int nlhs, mxArray *plhs[], ga_id id)
{
  plhs[0] = ga_mex_make_id(id);
  if (nlhs > 1)
    ga_mex_describe(id, &plhs[1], nlhs > 2 ? &plhs[2] : NULL);
}

void ga_mex_binary(int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  /* (op, a, b): operands are gpuArray objects or host arrays; (op, a, b, a_is_gpu,
   * b_is_gpu): gpu operands given as handles */
  ga_mex_nargs("binary", nrhs, 3, 5, nlhs, 3);
  if (nrhs == 4)
    ga_mex_error("gpuarray:invalidArgument", "binary: expected 3 or 5 arguments");
  char op[32];
  ga_mex_get_string(prhs[0], "binary", op, sizeof op);
  int k = 0;
  while (k < GA_NBINOPS && strcmp(op, ga_binop_name((ga_binop)k)) != 0)
    k++;
  if (k == GA_NBINOPS)
    ga_mex_error("gpuarray:invalidArgument", "binary: unknown operation '%s'", op);
  ga_operand a, b;
  int64_t da[GA_MAX_DIMS], db[GA_MAX_DIMS];
  ga_mex_operand(prhs[1], nrhs > 3 ? prhs[3] : NULL, &a, da, op);
  ga_mex_operand(prhs[2], nrhs > 4 ? prhs[4] : NULL, &b, db, op);
  ga_id id;
  ga_mex_raise(ga_binary((ga_binop)k, &a, &b, &id));
  return_value(nlhs, plhs, id);
}

void ga_mex_ternary(int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  /* (op, a, b, c): operands are gpuArray objects or host arrays (betainc, betaincinv) */
  ga_mex_nargs("ternary", nrhs, 4, 4, nlhs, 3);
  char op[32];
  ga_mex_get_string(prhs[0], "ternary", op, sizeof op);
  int k = 0;
  while (k < GA_NTEROPS && strcmp(op, ga_terop_name((ga_terop)k)) != 0)
    k++;
  if (k == GA_NTEROPS)
    ga_mex_error("gpuarray:invalidArgument", "ternary: unknown operation '%s'", op);
  ga_operand o[3];
  int64_t d[3][GA_MAX_DIMS];
  for (int i = 0; i < 3; i++)
    ga_mex_operand(prhs[1 + i], NULL, &o[i], d[i], op);
  ga_id id;
  ga_mex_raise(ga_ternary((ga_terop)k, &o[0], &o[1], &o[2], &id));
  return_value(nlhs, plhs, id);
}

void ga_mex_bitshift(int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  /* (a, k, mask): Octave's bitshift (A, K, N) with N's mask of A's class (gpuArray.m
   * has Octave's own bitshift read N) */
  ga_mex_nargs("bitshift", nrhs, 3, 3, nlhs, 3);
  ga_operand a, k, m;
  int64_t da[GA_MAX_DIMS], dk[GA_MAX_DIMS], dm[GA_MAX_DIMS];
  ga_mex_operand(prhs[0], NULL, &a, da, "bitshift");
  ga_mex_operand(prhs[1], NULL, &k, dk, "bitshift");
  ga_mex_operand(prhs[2], NULL, &m, dm, "bitshift");
  ga_id id;
  ga_mex_raise(ga_bitshift_masked(&a, &k, &m, &id));
  return_value(nlhs, plhs, id);
}

/* 'default', 'native' or 'double', as sum and prod take them */
static ga_sum_type sum_type(const mxArray *a, const char *op)
{
  char type[16];
  ga_mex_get_string(a, op, type, sizeof type);
  if (strcmp(type, "native") == 0)
    return GA_SUM_NATIVE;
  if (strcmp(type, "double") == 0)
    return GA_SUM_DOUBLE;
  if (strcmp(type, "default") != 0)
    ga_mex_error("gpuarray:invalidArgument", "%s: unrecognized type argument '%s'", op, type);
  return GA_SUM_DEFAULT;
}

void ga_mex_sum(int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  ga_mex_nargs("sum", nrhs, 3, 3, nlhs, 3);
  ga_id in = ga_mex_get_id(prhs[0], "sum");
  int dim = ga_mex_get_int(prhs[1], "sum");
  ga_sum_type t = sum_type(prhs[2], "sum");
  ga_id id;
  ga_mex_raise(ga_sum(in, dim, t, &id));
  return_value(nlhs, plhs, id);
}

void ga_mex_reduce(int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  ga_mex_nargs("reduce", nrhs, 4, 4, nlhs, 4);
  char op[16];
  ga_mex_get_string(prhs[0], "reduce", op, sizeof op);
  int k = 0;
  while (k < GA_NREDUCE && strcmp(op, ga_reduce_name((ga_reduce_op)k)) != 0)
    k++;
  if (k == GA_NREDUCE)
    ga_mex_error("gpuarray:invalidArgument", "reduce: unknown reduction '%s'", op);
  ga_id in = ga_mex_get_id(prhs[1], op);
  /* DIM, or [FIRST LAST] for adjacent dimensions reduced together */
  const mxArray *dm = prhs[2];
  if (!mxIsDouble(dm) || mxIsComplex(dm) || (mxGetNumberOfElements(dm) != 1 && mxGetNumberOfElements(dm) != 2))
    ga_mex_error("gpuarray:invalidArgument", "%s: DIM must be a valid dimension", op);
  const double *dv = mxGetPr(dm);
  for (size_t j = 0; j < mxGetNumberOfElements(dm); j++)
    if (!(dv[j] >= 0 && dv[j] <= GA_MAX_DIMS * 1024.0 && dv[j] == (int)dv[j]))
      ga_mex_error("gpuarray:invalidArgument", "%s: DIM must be a valid dimension", op);
  int dim = (int)dv[0], dim_last = (int)dv[mxGetNumberOfElements(dm) - 1];
  ga_sum_type t = sum_type(prhs[3], op);
  ga_id id, index = 0;
  ga_mex_raise(ga_reduce_dims((ga_reduce_op)k, in, dim, dim_last, t, &id, nlhs > 3 ? &index : NULL));
  return_value(nlhs > 3 ? 3 : nlhs, plhs, id);
  if (nlhs > 3)
    plhs[3] = ga_mex_make_id(index);
}

void ga_mex_scan(int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  /* ("cumsum", "cumprod", "cummax" or "cummin", A, DIM (1-based; 0: the first of extent
   * other than 1), the result's class): the method has applied Octave's rules for DIM
   * and the class; a fourth output is cummax's or cummin's positions */
  ga_mex_nargs("scan", nrhs, 4, 4, nlhs, 4);
  char op[16], cls_name[16];
  ga_mex_get_string(prhs[0], "scan", op, sizeof op);
  static const char *const names[] = {"cumsum", "cumprod", "cummax", "cummin"};
  int k = 0;
  while (k < 4 && strcmp(op, names[k]) != 0)
    k++;
  if (k == 4)
    ga_mex_error("gpuarray:invalidArgument", "scan: unknown operation '%s'", op);
  ga_id in = ga_mex_get_id(prhs[1], op);
  const mxArray *dm = prhs[2];
  double dv = mxIsDouble(dm) && !mxIsComplex(dm) && mxGetNumberOfElements(dm) == 1 ? mxGetScalar(dm) : -1;
  if (!(dv >= 0 && dv <= 1e9 && dv == (int)dv))
    ga_mex_error("gpuarray:invalidArgument", "%s: DIM must be a valid dimension", op);
  ga_mex_get_string(prhs[3], op, cls_name, sizeof cls_name);
  ga_class cls;
  if (!ga_class_from_name(cls_name, &cls))
    ga_mex_error("gpuarray:invalidClass", "%s: class '%s' is not supported for gpuArrays", op, cls_name);
  ga_id id, index = 0;
  bool want_index = nlhs > 3 && k >= 2;
  ga_mex_raise(ga_scan((ga_scan_op)k, in, (int)dv - 1, cls, &id, want_index ? &index : NULL));
  return_value(nlhs > 3 ? 3 : nlhs, plhs, id);
  if (nlhs > 3)
    plhs[3] = want_index ? ga_mex_make_id(index) : mxCreateDoubleMatrix(0, 0, mxREAL);
}

void ga_mex_sort(int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  /* (A, DIM (1-based; 0: the first of extent other than 1), DESCEND): the method has
   * read Octave's arguments and sent complex values to Octave's own; a fourth output is
   * the positions */
  ga_mex_nargs("sort", nrhs, 3, 3, nlhs, 4);
  ga_id in = ga_mex_get_id(prhs[0], "sort");
  const mxArray *dm = prhs[1], *mm = prhs[2];
  double dv = mxIsDouble(dm) && !mxIsComplex(dm) && mxGetNumberOfElements(dm) == 1 ? mxGetScalar(dm) : -1;
  if (!(dv >= 0 && dv <= 1e9 && dv == (int)dv))
    ga_mex_error("gpuarray:invalidArgument", "sort: DIM must be a valid dimension");
  if (!(mxIsLogical(mm) || mxIsDouble(mm)) || mxIsComplex(mm) || mxGetNumberOfElements(mm) != 1)
    ga_mex_error("gpuarray:invalidArgument", "sort: DESCEND must be a logical scalar");
  ga_id id, index = 0;
  ga_mex_raise(ga_sort(in, (int)dv - 1, mxGetScalar(mm) != 0, &id, nlhs > 3 ? &index : NULL));
  return_value(nlhs > 3 ? 3 : nlhs, plhs, id);
  if (nlhs > 3)
    plhs[3] = ga_mex_make_id(index);
}

void ga_mex_unary(int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  ga_mex_nargs("unary", nrhs, 2, 3, nlhs, 3);
  char op[16], cls_name[16] = "double";
  ga_mex_get_string(prhs[0], "unary", op, sizeof op);
  int k = 0;
  while (k < GA_NUNOPS && strcmp(op, ga_unop_name((ga_unop)k)) != 0)
    k++;
  if (k == GA_NUNOPS)
    ga_mex_error("gpuarray:invalidArgument", "unary: unknown operation '%s'", op);
  ga_id in = ga_mex_get_id(prhs[1], op);
  ga_class to = GA_DOUBLE;
  if (nrhs > 2) {
    ga_mex_get_string(prhs[2], op, cls_name, sizeof cls_name);
    if (!ga_class_from_name(cls_name, &to))
      ga_mex_error("gpuarray:invalidClass", "cast: class '%s' is not supported for gpuArrays", cls_name);
  }
  ga_id id;
  ga_mex_raise(ga_unary((ga_unop)k, in, to, &id));
  return_value(nlhs, plhs, id);
}
