/* Indexing and array manipulation commands: subsref, subsasgn, subsdelete, reshape, typecast,
 * permute, cat, repmat, circshift, flip. Each returns the new value's handle. */
#include "mex_commands.h"

#include <math.h>
#include <string.h>

/* One subscript as Octave's subsref passes it: ':' (a char), a host numeric or
 * logical array, or a gpuArray. dims receives a host array's shape. */
static void subscript(const mxArray *a, ga_index *ix, int64_t *dims, const char *fn)
{
  memset(ix, 0, sizeof *ix);
  if (mxIsChar(a)) {
    if (mxGetNumberOfElements(a) == 1 && *(const mxChar *)mxGetData(a) == ':') {
      ix->kind = GA_INDEX_COLON;
      return;
    }
    ga_mex_error("Octave:invalid-index", "%s: subscripts must be either integers 1 to (2^63)-1 or logicals", fn);
  }
  if (!ga_mex_is_gpuarray(a) && mxIsStruct(a) && mxGetNumberOfElements(a) == 1) {
    /* a long range, described by gpuArray.m (range_subs_) instead of materialised */
    const mxArray *r = mxGetField(a, 0, "ga_range");
    if (!r || !mxIsDouble(r) || mxIsComplex(r) || mxGetNumberOfElements(r) != 3)
      ga_mex_error("Octave:invalid-index", "%s: subscripts must be either integers 1 to (2^63)-1 or logicals", fn);
    const double *v = mxGetPr(r);
    if (!(v[0] >= 1 && v[0] < 9007199254740992.0 && v[0] == floor(v[0]) && v[1] == floor(v[1]) && v[1] != 0 &&
          fabs(v[1]) < 9007199254740992.0 && v[2] >= 1 && v[2] < 9007199254740992.0 && v[2] == floor(v[2])))
      ga_mex_error("Octave:invalid-index", "%s: subscripts must be either integers 1 to (2^63)-1 or logicals", fn);
    ix->kind = GA_INDEX_RANGE;
    ix->first = (int64_t)v[0];
    ix->step = (int64_t)v[1];
    ix->count = (int64_t)v[2];
    return;
  }
  if (ga_mex_is_gpuarray(a)) {
    ix->kind = GA_INDEX_GPU;
    ix->id = ga_mex_get_id(a, fn);
    return;
  }
  if (mxIsComplex(a) || mxIsSparse(a) || !ga_mex_class_of(a, &ix->cls))
    ga_mex_error("Octave:invalid-index", "%s: subscripts must be either integers 1 to (2^63)-1 or logicals", fn);
  mwSize nd = mxGetNumberOfDimensions(a);
  if (nd > GA_MAX_DIMS)
    ga_mex_error("gpuarray:invalidArgument", "%s: too many dimensions", fn);
  const mwSize *md = mxGetDimensions(a);
  for (mwSize d = 0; d < nd; d++)
    dims[d] = (int64_t)md[d];
  ix->kind = GA_INDEX_HOST;
  ix->ndims = (int)nd;
  ix->dims = dims;
  ix->data = mxGetData(a);
}

typedef struct {
  ga_index ix[GA_MAX_DIMS];
  int64_t dims[GA_MAX_DIMS][GA_MAX_DIMS];
  int n;
} subscripts;

static void read_subscripts(int n, const mxArray *const *a, subscripts *s, const char *fn)
{
  if (n > GA_MAX_DIMS)
    ga_mex_error("gpuarray:invalidArgument", "%s: at most %d subscripts are supported", fn, GA_MAX_DIMS);
  s->n = n;
  for (int k = 0; k < n; k++)
    subscript(a[k], &s->ix[k], s->dims[k], fn);
}

/* A real vector of integer values (sizes, permutations, shifts). */
static int int_vector(const mxArray *a, int64_t *out, int cap, const char *fn, const char *what)
{
  if (!mxIsNumeric(a) || mxIsComplex(a) || mxIsSparse(a) || mxGetNumberOfElements(a) > (size_t)cap)
    ga_mex_error("gpuarray:invalidArgument", "%s: %s must be a real vector of at most %d integers", fn, what, cap);
  int n = (int)mxGetNumberOfElements(a);
  ga_class c;
  if (!ga_mex_class_of(a, &c))
    ga_mex_error("gpuarray:invalidArgument", "%s: %s must be numeric", fn, what);
  size_t es = ga_class_size(c);
  for (int k = 0; k < n; k++) {
    const char *p = (const char *)mxGetData(a) + (size_t)k * es;
    double v;
    switch (c) {
    case GA_DOUBLE: v = *(const double *)p; break;
    case GA_SINGLE: v = *(const float *)p; break;
    case GA_INT8: v = *(const int8_t *)p; break;
    case GA_UINT8: case GA_LOGICAL: v = *(const uint8_t *)p; break;
    case GA_INT16: v = *(const int16_t *)p; break;
    case GA_UINT16: v = *(const uint16_t *)p; break;
    case GA_INT32: v = *(const int32_t *)p; break;
    case GA_UINT32: v = *(const uint32_t *)p; break;
    case GA_INT64: v = (double)*(const int64_t *)p; break;
    default: v = (double)*(const uint64_t *)p; break;
    }
    if (!(v == floor(v) && fabs(v) < 9.0e15))
      ga_mex_error("gpuarray:invalidArgument", "%s: %s must hold integer values", fn, what);
    out[k] = (int64_t)v;
  }
  return n;
}

static void return_id(int nlhs, mxArray *plhs[], ga_id id)
{
  plhs[0] = ga_mex_make_id(id);
  if (nlhs > 1)
    ga_mex_describe(id, &plhs[1], nlhs > 2 ? &plhs[2] : NULL);
}

void ga_mex_subsref(int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  ga_mex_nargs("subsref", nrhs, 1, 1 + GA_MAX_DIMS, nlhs, 3);
  ga_id a = ga_mex_get_id(prhs[0], "index");
  subscripts s;
  read_subscripts(nrhs - 1, prhs + 1, &s, "index");
  ga_id id;
  ga_mex_raise(ga_subsref(a, s.n, s.ix, &id));
  return_id(nlhs, plhs, id);
}

void ga_mex_subsasgn(int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  /* (A, V, subscripts...) */
  ga_mex_nargs("subsasgn", nrhs, 3, 2 + GA_MAX_DIMS, nlhs, 3);
  ga_id a = ga_mex_get_id(prhs[0], "subsasgn");
  ga_operand v;
  int64_t vd[GA_MAX_DIMS];
  ga_mex_operand(prhs[1], NULL, &v, vd, "subsasgn");
  subscripts s;
  read_subscripts(nrhs - 2, prhs + 2, &s, "subsasgn");
  ga_id id;
  ga_mex_raise(ga_subsasgn(a, s.n, s.ix, &v, &id));
  return_id(nlhs, plhs, id);
}

void ga_mex_subsdelete(int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  /* (A, contiguous, subscripts...) */
  ga_mex_nargs("subsdelete", nrhs, 3, 2 + GA_MAX_DIMS, nlhs, 3);
  ga_id a = ga_mex_get_id(prhs[0], "subsasgn");
  if (!mxIsLogicalScalar(prhs[1]))
    ga_mex_error("gpuarray:invalidArgument", "subsdelete: expected a logical flag");
  int contiguous = mxIsLogicalScalarTrue(prhs[1]);
  subscripts s;
  read_subscripts(nrhs - 2, prhs + 2, &s, "subsasgn");
  ga_id id;
  ga_mex_raise(ga_subsdelete(a, s.n, s.ix, contiguous, &id));
  return_id(nlhs, plhs, id);
}

void ga_mex_reshape(int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  ga_mex_nargs("reshape", nrhs, 2, 2, nlhs, 3);
  ga_id a = ga_mex_get_id(prhs[0], "reshape");
  int64_t dims[GA_MAX_DIMS];
  int n = int_vector(prhs[1], dims, GA_MAX_DIMS, "reshape", "SIZE");
  for (int k = 0; k < n; k++)
    if (dims[k] < 0)
      ga_mex_error("Octave:invalid-input-type", "reshape: SIZE must be non-negative");
  ga_id id;
  ga_mex_raise(ga_reshape(a, n, dims, &id));
  return_id(nlhs, plhs, id);
}

void ga_mex_typecast(int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  /* (A, class name): the method leaves other targets (char, unknown names) to Octave */
  ga_mex_nargs("typecast", nrhs, 2, 2, nlhs, 3);
  ga_id a = ga_mex_get_id(prhs[0], "typecast");
  char name[16];
  ga_mex_get_string(prhs[1], "typecast", name, sizeof name);
  ga_class cls;
  if (!ga_class_from_name(name, &cls))
    ga_mex_error("Octave:invalid-input-type", "typecast: cannot convert to %s class", name);
  ga_id id;
  ga_mex_raise(ga_typecast(a, cls, &id));
  return_id(nlhs, plhs, id);
}

void ga_mex_permute(int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  /* (A, perm, inverse) */
  ga_mex_nargs("permute", nrhs, 3, 3, nlhs, 3);
  if (!mxIsLogicalScalar(prhs[2]))
    ga_mex_error("gpuarray:invalidArgument", "permute: expected a logical flag");
  ga_id a = ga_mex_get_id(prhs[0], "permute");
  int64_t p[GA_MAX_DIMS];
  int n = int_vector(prhs[1], p, GA_MAX_DIMS, "permute", "PERM");
  int perm[GA_MAX_DIMS];
  for (int k = 0; k < n; k++) /* invalid values are the core's to report */
    perm[k] = p[k] >= 1 && p[k] <= GA_MAX_DIMS ? (int)(p[k] - 1) : -1;
  ga_id id;
  ga_mex_raise(ga_permute(a, n, perm, mxIsLogicalScalarTrue(prhs[2]), &id));
  return_id(nlhs, plhs, id);
}

void ga_mex_cat(int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  /* (dim, bracket, parts...) */
  ga_mex_nargs("cat", nrhs, 2, 2 + 4096, nlhs, 3);
  int dim = ga_mex_get_int(prhs[0], "cat");
  int bracket = ga_mex_get_int(prhs[1], "cat");
  int n = nrhs - 2;
  ga_operand *parts = mxCalloc((size_t)(n ? n : 1), sizeof *parts);
  int64_t(*dims)[GA_MAX_DIMS] = mxCalloc((size_t)(n ? n : 1), sizeof *dims);
  for (int k = 0; k < n; k++)
    ga_mex_operand(prhs[2 + k], NULL, &parts[k], dims[k], bracket ? (dim == 1 ? "vertcat" : "horzcat") : "cat");
  ga_id id;
  ga_status st = ga_cat(dim, bracket, n, parts, &id);
  mxFree(parts);
  mxFree(dims);
  ga_mex_raise(st);
  return_id(nlhs, plhs, id);
}

void ga_mex_repmat(int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  ga_mex_nargs("repmat", nrhs, 2, 2, nlhs, 3);
  ga_id a = ga_mex_get_id(prhs[0], "repmat");
  int64_t reps[GA_MAX_DIMS];
  int n = int_vector(prhs[1], reps, GA_MAX_DIMS, "repmat", "the repetition counts");
  ga_id id;
  ga_mex_raise(ga_repmat(a, n, reps, &id));
  return_id(nlhs, plhs, id);
}

void ga_mex_circshift(int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  ga_mex_nargs("circshift", nrhs, 2, 2, nlhs, 3);
  ga_id a = ga_mex_get_id(prhs[0], "circshift");
  int64_t sh[GA_MAX_DIMS];
  int n = int_vector(prhs[1], sh, GA_MAX_DIMS, "circshift", "the shifts");
  ga_id id;
  ga_mex_raise(ga_circshift(a, n, sh, &id));
  return_id(nlhs, plhs, id);
}

void ga_mex_flip(int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  ga_mex_nargs("flip", nrhs, 2, 2, nlhs, 3);
  ga_id a = ga_mex_get_id(prhs[0], "flip");
  ga_id id;
  ga_mex_raise(ga_flip(a, ga_mex_get_int(prhs[1], "flip"), &id));
  return_id(nlhs, plhs, id);
}

void ga_mex_find(int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  ga_mex_nargs("find", nrhs, 1, 1, nlhs, 3);
  ga_id id;
  ga_mex_raise(ga_find(ga_mex_get_id(prhs[0], "find"), &id));
  return_id(nlhs, plhs, id);
}
