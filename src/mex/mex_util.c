/* Argument checks and conversions for the MEX command handlers. */
#include "mex_util.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void ga_mex_error(const char *id, const char *fmt, ...)
{
  char msg[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  /* through Octave's error () so the message reads as Octave's own, without the
   * "__gpuarray__: " prefix that mexErrMsgIdAndTxt adds */
  mxArray *args[3] = {mxCreateString(id), mxCreateString("%s"), mxCreateString(msg)};
  mexCallMATLAB(0, NULL, 3, args, "error");
  mexErrMsgIdAndTxt(id, "%s", msg);
  for (;;) /* mexErrMsgIdAndTxt does not return */
    ;
}

void ga_mex_raise(ga_status st)
{
  if (st != GA_OK)
    ga_mex_error(ga_error_id(st), "%s", ga_last_error());
}

void ga_mex_nargs(const char *cmd, int nrhs, int min, int max, int nlhs, int max_out)
{
  if (nrhs < min || nrhs > max)
    ga_mex_error("gpuarray:invalidArgument", "__gpuarray__ ('%s'): expected %d to %d arguments, got %d", cmd, min,
                 max, nrhs);
  if (nlhs > max_out)
    ga_mex_error("gpuarray:invalidArgument", "__gpuarray__ ('%s'): at most %d outputs", cmd, max_out);
}

ga_id ga_mex_get_id(const mxArray *a, const char *what)
{
  if (ga_mex_is_gpuarray(a)) { /* the object itself: saves Octave a property read per operand */
    mxArray *p = mxGetProperty(a, 0, "id");
    bool ok = p && mxIsUint64(p) && mxGetNumberOfElements(p) == 1;
    ga_id id = ok ? *(const uint64_t *)mxGetData(p) : 0;
    if (p)
      mxDestroyArray(p);
    if (!ok)
      ga_mex_error("gpuarray:invalidHandle", "%s: this gpuArray holds no value", what);
    return id;
  }
  if (!mxIsUint64(a) || mxGetNumberOfElements(a) != 1 || mxIsComplex(a))
    ga_mex_error("gpuarray:invalidArgument", "%s: expected a gpuArray handle (uint64 scalar)", what);
  return *(const uint64_t *)mxGetData(a);
}

bool ga_mex_is_gpuarray(const mxArray *a)
{
  return mxIsClass(a, "gpuArray");
}

mxArray *ga_mex_make_id(ga_id id)
{
  mxArray *a = mxCreateNumericMatrix(1, 1, mxUINT64_CLASS, mxREAL);
  *(uint64_t *)mxGetData(a) = id;
  return a;
}

void ga_mex_describe(ga_id id, mxArray **cls, mxArray **sz)
{
  ga_class c;
  int nd;
  int64_t dims[GA_MAX_DIMS];
  ga_mex_raise(ga_describe(id, &c, &nd, dims));
  if (cls) /* Octave's class of a complex value is its parts' class */
    *cls = mxCreateString(ga_class_name(ga_class_real_part(c)));
  if (sz) {
    *sz = mxCreateDoubleMatrix(1, (mwSize)nd, mxREAL);
    double *p = mxGetPr(*sz);
    for (int d = 0; d < nd; d++)
      p[d] = (double)dims[d];
  }
}

int ga_mex_get_int(const mxArray *a, const char *what)
{
  if (!mxIsNumeric(a) || mxIsComplex(a) || mxGetNumberOfElements(a) != 1)
    ga_mex_error("gpuarray:invalidArgument", "%s: expected a real scalar", what);
  double v = mxGetScalar(a);
  if (v != (double)(int)v)
    ga_mex_error("gpuarray:invalidArgument", "%s: expected an integer value", what);
  return (int)v;
}

void ga_mex_get_string(const mxArray *a, const char *what, char *buf, size_t cap)
{
  if (!mxIsChar(a) || mxGetM(a) > 1 || mxGetString(a, buf, (mwSize)cap) != 0)
    ga_mex_error("gpuarray:invalidArgument", "%s: expected a short string", what);
}

static const struct {
  mxClassID id;
  ga_class cls;
} class_map[] = {
  {mxDOUBLE_CLASS, GA_DOUBLE}, {mxSINGLE_CLASS, GA_SINGLE}, {mxINT8_CLASS, GA_INT8},
  {mxUINT8_CLASS, GA_UINT8},   {mxINT16_CLASS, GA_INT16},   {mxUINT16_CLASS, GA_UINT16},
  {mxINT32_CLASS, GA_INT32},   {mxUINT32_CLASS, GA_UINT32}, {mxINT64_CLASS, GA_INT64},
  {mxUINT64_CLASS, GA_UINT64}, {mxLOGICAL_CLASS, GA_LOGICAL},
};

int ga_mex_class_of(const mxArray *a, ga_class *cls)
{
  mxClassID id = mxGetClassID(a);
  for (size_t i = 0; i < sizeof class_map / sizeof class_map[0]; i++)
    if (class_map[i].id == id) {
      *cls = class_map[i].cls;
      if (mxIsComplex(a)) { /* interleaved (re, im) pairs: the core's own layout */
        if (*cls != GA_DOUBLE && *cls != GA_SINGLE)
          return 0;
        *cls = ga_class_complex_of(*cls);
      }
      return 1;
    }
  return 0;
}

mxClassID ga_mex_class_id(ga_class cls)
{
  cls = ga_class_real_part(cls);
  for (size_t i = 0; i < sizeof class_map / sizeof class_map[0]; i++)
    if (class_map[i].cls == cls)
      return class_map[i].id;
  return mxUNKNOWN_CLASS;
}

const void *ga_mex_host_data(const mxArray *a)
{
  /* Octave 7.3's mex.cc corrupts the heap when the interleaved complex data of a
   * diagonal matrix (eye (3) * 1i) is asked for; full () of it is an ordinary complex
   * matrix, and of an already full one the same value, shared, not copied. The result
   * is freed when the MEX call returns. */
  if (mxIsComplex(a)) {
    mxArray *in[1] = {(mxArray *)a}, *out[1] = {NULL};
    if (mexCallMATLAB(1, out, 1, in, "full") != 0 || !out[0])
      ga_mex_error("gpuarray:invalidArgument", "could not read a complex host array");
    /* full () narrows a value whose imaginary parts are all zero (complex (x, 0)) to
     * real; the caller reads it as complex, as the user made it */
    if (!mxIsComplex(out[0])) {
      in[0] = out[0];
      if (mexCallMATLAB(1, out, 1, in, "complex") != 0 || !out[0] || !mxIsComplex(out[0]))
        ga_mex_error("gpuarray:invalidArgument", "could not read a complex host array");
    }
    return mxGetData(out[0]);
  }
  return mxGetData(a);
}

/* is_gpu: the caller's flag, or NULL to tell by the operand's class */
void ga_mex_operand(const mxArray *a, const mxArray *is_gpu, ga_operand *o, int64_t *dims, const char *fn)
{
  memset(o, 0, sizeof *o);
  if (is_gpu ? mxIsLogicalScalarTrue(is_gpu) : ga_mex_is_gpuarray(a)) {
    o->id = ga_mex_get_id(a, fn);
    return;
  }
  if (mxIsSparse(a))
    ga_mex_error("gpuarray:invalidClass", "%s: sparse operands are not supported on the GPU yet", fn);
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
  o->data = ga_mex_host_data(a);
}
