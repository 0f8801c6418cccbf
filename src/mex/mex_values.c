/* Commands that move values between Octave and the core. */
#include "mex_commands.h"

#include <string.h>

/* A host array the core can hold: dense, of a numeric or logical class, complex only
 * when floating (Octave has no complex integers). */
static ga_class check_host_array(const mxArray *a, const char *fn)
{
  ga_class cls;
  if (mxIsSparse(a))
    ga_mex_error("gpuarray:invalidClass", "%s: sparse arrays are not supported on the GPU", fn);
  if (!ga_mex_class_of(a, &cls))
    ga_mex_error("gpuarray:invalidClass", "%s: arrays of class %s are not supported on the GPU", fn,
                 mxGetClassName(a));
  return cls;
}

void ga_mex_upload(int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  ga_mex_nargs("upload", nrhs, 1, 1, nlhs, 3);
  ga_class cls = check_host_array(prhs[0], "gpuArray");
  mwSize nd = mxGetNumberOfDimensions(prhs[0]);
  if (nd > GA_MAX_DIMS)
    ga_mex_error("gpuarray:invalidArgument", "gpuArray: at most %d dimensions are supported", GA_MAX_DIMS);
  const mwSize *md = mxGetDimensions(prhs[0]);
  int64_t dims[GA_MAX_DIMS];
  for (mwSize d = 0; d < nd; d++)
    dims[d] = (int64_t)md[d];
  ga_id id;
  ga_mex_raise(ga_upload(cls, (int)nd, dims, ga_mex_host_data(prhs[0]), &id));
  plhs[0] = ga_mex_make_id(id);
  if (nlhs > 1)
    ga_mex_describe(id, &plhs[1], nlhs > 2 ? &plhs[2] : NULL);
}

void ga_mex_download(int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  /* a second output tells whether the value is complex: Octave narrows a complex MEX
   * result whose imaginary parts are all zero, which gather then undoes */
  ga_mex_nargs("download", nrhs, 1, 1, nlhs, 2);
  ga_id id = ga_mex_get_id(prhs[0], "gather");
  ga_class cls;
  int nd;
  int64_t dims[GA_MAX_DIMS];
  ga_mex_raise(ga_describe(id, &cls, &nd, dims));
  mwSize md[GA_MAX_DIMS];
  for (int d = 0; d < nd; d++)
    md[d] = (mwSize)dims[d];
  int is_complex = 0;
  ga_mex_raise(ga_settle(id, &is_complex)); /* Octave's narrowing of all-real results */
  ga_mex_raise(ga_describe(id, &cls, &nd, dims));
  if (is_complex) {
    /* Octave 7.3's interleaved mxCreate*NumericArray (mxCOMPLEX) allocate only the real
     * half of the data (a heap overrun once filled): the data is given to an empty
     * complex array instead, which Octave takes over whole */
    mwSize zero[2] = {0, 0};
    size_t numel = 1;
    for (int d = 0; d < nd; d++)
      numel *= (size_t)md[d];
    size_t bytes = numel * ga_class_size(cls);
    void *data = mxMalloc(bytes ? bytes : 16);
    ga_status st = ga_download(id, data, bytes);
    if (st != GA_OK) {
      mxFree(data);
      ga_mex_raise(st);
    }
    mxArray *out = mxCreateNumericArray(2, zero, ga_mex_class_id(cls), mxCOMPLEX);
    if (cls == GA_CDOUBLE)
      mxSetComplexDoubles(out, data);
    else
      mxSetComplexSingles(out, data);
    mxSetDimensions(out, md, (mwSize)nd);
    plhs[0] = out;
    if (nlhs > 1)
      plhs[1] = mxCreateLogicalScalar(true);
    return;
  }
  mxArray *out = cls == GA_LOGICAL ? mxCreateLogicalArray((mwSize)nd, md)
                                   : mxCreateNumericArray((mwSize)nd, md, ga_mex_class_id(cls), mxREAL);
  size_t bytes = mxGetNumberOfElements(out) * ga_class_size(cls);
  ga_status st = ga_download(id, mxGetData(out), bytes);
  if (st != GA_OK) {
    mxDestroyArray(out);
    ga_mex_raise(st);
  }
  plhs[0] = out;
  if (nlhs > 1)
    plhs[1] = mxCreateLogicalScalar(false);
}

void ga_mex_release(int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  (void)plhs;
  ga_mex_nargs("release", nrhs, 1, 1, nlhs, 0);
  ga_release(ga_mex_get_id(prhs[0], "release"));
}

void ga_mex_describe_cmd(int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  ga_mex_nargs("describe", nrhs, 1, 1, nlhs, 2);
  if (ga_mex_is_gpuarray(prhs[0])) { /* an object Octave asks about while constructing it */
    mxArray *p = mxGetProperty(prhs[0], 0, "id");
    bool unset = !p || mxGetNumberOfElements(p) == 0;
    if (p)
      mxDestroyArray(p);
    if (unset) {
      plhs[0] = mxCreateString("");
      if (nlhs > 1) {
        plhs[1] = mxCreateDoubleMatrix(1, 2, mxREAL);
        mxGetPr(plhs[1])[0] = mxGetPr(plhs[1])[1] = 1;
      }
      return;
    }
  }
  ga_mex_describe(ga_mex_get_id(prhs[0], "describe"), &plhs[0], nlhs > 1 ? &plhs[1] : NULL);
}

/* iscomplex (G): settles Octave's narrowing first (a pending value is evaluated) */
void ga_mex_iscomplex(int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  ga_mex_nargs("iscomplex", nrhs, 1, 1, nlhs, 1);
  int is_complex = 0;
  ga_mex_raise(ga_settle(ga_mex_get_id(prhs[0], "iscomplex"), &is_complex));
  plhs[0] = mxCreateLogicalScalar(is_complex != 0);
}

void ga_mex_valid(int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  ga_mex_nargs("valid", nrhs, 1, 1, nlhs, 1);
  plhs[0] = mxCreateLogicalScalar(ga_is_valid(ga_mex_get_id(prhs[0], "existsOnGPU")) != 0);
}

void ga_mex_fill(int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  ga_mex_nargs("fill", nrhs, 3, 3, nlhs, 3);
  char cls_name[16];
  ga_mex_get_string(prhs[0], "fill", cls_name, sizeof cls_name);
  ga_class cls;
  if (!ga_class_from_name(cls_name, &cls))
    ga_mex_error("gpuarray:invalidClass", "invalid data type specified");
  if (!mxIsDouble(prhs[1]) || mxIsComplex(prhs[1]) || mxGetNumberOfElements(prhs[1]) > GA_MAX_DIMS)
    ga_mex_error("gpuarray:invalidArgument", "fill: expected a size vector of at most %d dimensions", GA_MAX_DIMS);
  int nd = (int)mxGetNumberOfElements(prhs[1]);
  int64_t dims[GA_MAX_DIMS];
  const double *p = mxGetPr(prhs[1]);
  for (int d = 0; d < nd; d++)
    dims[d] = p[d] > 0 ? (int64_t)p[d] : 0;
  if (!mxIsDouble(prhs[2]) || mxGetNumberOfElements(prhs[2]) != 1)
    ga_mex_error("gpuarray:invalidArgument", "fill: expected a scalar value");
  ga_id id;
  ga_mex_raise(ga_fill(cls, nd, dims, mxGetScalar(prhs[2]), &id));
  plhs[0] = ga_mex_make_id(id);
  if (nlhs > 1)
    ga_mex_describe(id, &plhs[1], nlhs > 2 ? &plhs[2] : NULL);
}
