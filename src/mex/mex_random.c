/* Arrays born on the device: __gpuarray__ ("create", WHAT, ...) with WHAT one of
 * random, randperm, rng, rng_raw, eye, linspace, range. Each returns the new value's id,
 * class and size, as fill does (rng: the generator's state, for gpurng). */
#include "mex_commands.h"

#include <math.h>
#include <string.h>

/* A non-negative integer: a uint64 scalar, or a real double scalar below 2^53. */
static uint64_t get_u64(const mxArray *a, const char *what)
{
  if (mxIsComplex(a) || mxGetNumberOfElements(a) != 1)
    ga_mex_error("gpuarray:invalidArgument", "%s: expected a real scalar", what);
  if (mxIsUint64(a))
    return *(const uint64_t *)mxGetData(a);
  if (!mxIsDouble(a))
    ga_mex_error("gpuarray:invalidArgument", "%s: expected a double or uint64 scalar", what);
  double v = mxGetScalar(a);
  if (!(v >= 0 && v < 0x1p53 && v == floor(v)))
    ga_mex_error("gpuarray:invalidArgument", "%s: expected a non-negative integer below 2^53", what);
  return (uint64_t)v;
}

static double get_double(const mxArray *a, const char *what)
{
  if (!mxIsDouble(a) || mxIsComplex(a) || mxGetNumberOfElements(a) != 1)
    ga_mex_error("gpuarray:invalidArgument", "%s: expected a real double scalar", what);
  return mxGetScalar(a);
}

static ga_class get_class(const mxArray *a, const char *what)
{
  char name[16];
  ga_mex_get_string(a, what, name, sizeof name);
  ga_class cls;
  if (!ga_class_from_name(name, &cls))
    ga_mex_error("gpuarray:invalidClass", "invalid data type specified");
  return cls;
}

static int get_dims(const mxArray *a, const char *what, int64_t *dims)
{
  if (!mxIsDouble(a) || mxIsComplex(a) || mxGetNumberOfElements(a) > GA_MAX_DIMS)
    ga_mex_error("gpuarray:invalidArgument", "%s: expected a size vector of at most %d dimensions", what,
                 GA_MAX_DIMS);
  int nd = (int)mxGetNumberOfElements(a);
  const double *p = mxGetPr(a);
  for (int d = 0; d < nd; d++)
    dims[d] = p[d] > 0 ? (int64_t)p[d] : 0;
  return nd;
}

static void give(ga_id id, int nlhs, mxArray *plhs[])
{
  plhs[0] = ga_mex_make_id(id);
  if (nlhs > 1)
    ga_mex_describe(id, &plhs[1], nlhs > 2 ? &plhs[2] : NULL);
}

/* random (DIST, CLASS, SIZE, LO, HI): DIST "uniform", "normal" or "integer" */
static void create_random(int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  ga_mex_nargs("random", nrhs, 5, 5, nlhs, 3);
  char dist_name[16];
  ga_mex_get_string(prhs[0], "random", dist_name, sizeof dist_name);
  ga_rand_dist dist;
  if (!strcmp(dist_name, "uniform"))
    dist = GA_RAND_UNIFORM;
  else if (!strcmp(dist_name, "normal"))
    dist = GA_RAND_NORMAL;
  else if (!strcmp(dist_name, "integer"))
    dist = GA_RAND_INTEGER;
  else
    ga_mex_error("gpuarray:invalidArgument", "random: unknown distribution '%s'", dist_name);
  ga_class cls = get_class(prhs[1], "random");
  int64_t dims[GA_MAX_DIMS];
  int nd = get_dims(prhs[2], "random", dims);
  ga_id id;
  ga_mex_raise(ga_random(dist, cls, nd, dims, get_double(prhs[3], "random"), get_double(prhs[4], "random"), &id));
  give(id, nlhs, plhs);
}

/* randperm (N, K) */
static void create_randperm(int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  ga_mex_nargs("randperm", nrhs, 2, 2, nlhs, 3);
  ga_id id;
  ga_mex_raise(ga_randperm((int64_t)get_u64(prhs[0], "randperm"), (int64_t)get_u64(prhs[1], "randperm"), &id));
  give(id, nlhs, plhs);
}

/* [SEED, COUNTER] = rng () reads the state (uint64 scalars); rng (SEED, COUNTER) sets it */
static void create_rng(int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  ga_mex_nargs("rng", nrhs, 0, 2, nlhs, 2);
  if (nrhs == 1)
    ga_mex_error("gpuarray:invalidArgument", "__gpuarray__ ('rng'): expected a seed and a counter");
  if (nrhs == 2)
    ga_mex_raise(ga_rng_set(get_u64(prhs[0], "gpurng"), get_u64(prhs[1], "gpurng")));
  uint64_t seed, counter;
  ga_mex_raise(ga_rng_get(&seed, &counter));
  plhs[0] = ga_mex_make_id(seed);
  if (nlhs > 1)
    plhs[1] = ga_mex_make_id(counter);
}

/* rng_raw (KEY, CTR01, CTR23, N): Philox words as uint32 (known-answer tests) */
static void create_rng_raw(int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  ga_mex_nargs("rng_raw", nrhs, 4, 4, nlhs, 3);
  ga_id id;
  ga_mex_raise(ga_rng_raw(get_u64(prhs[0], "rng_raw"), get_u64(prhs[1], "rng_raw"), get_u64(prhs[2], "rng_raw"),
                          (int64_t)get_u64(prhs[3], "rng_raw"), &id));
  give(id, nlhs, plhs);
}

/* eye (CLASS, M, N) */
static void create_eye(int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  ga_mex_nargs("eye", nrhs, 3, 3, nlhs, 3);
  ga_class cls = get_class(prhs[0], "eye");
  ga_id id;
  ga_mex_raise(ga_eye(cls, (int64_t)get_u64(prhs[1], "eye"), (int64_t)get_u64(prhs[2], "eye"), &id));
  give(id, nlhs, plhs);
}

/* linspace (CLASS, X1, X2, N) */
static void create_linspace(int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  ga_mex_nargs("linspace", nrhs, 4, 4, nlhs, 3);
  ga_class cls = get_class(prhs[0], "linspace");
  ga_id id;
  ga_mex_raise(ga_linspace(cls, get_double(prhs[1], "linspace"), get_double(prhs[2], "linspace"),
                           (int64_t)get_u64(prhs[3], "linspace"), &id));
  give(id, nlhs, plhs);
}

/* range (CLASS, BASE, INC, FINAL, N) */
static void create_range(int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  ga_mex_nargs("range", nrhs, 5, 5, nlhs, 3);
  ga_class cls = get_class(prhs[0], "colon");
  ga_id id;
  ga_mex_raise(ga_range(cls, get_double(prhs[1], "colon"), get_double(prhs[2], "colon"), get_double(prhs[3], "colon"),
                        (int64_t)get_u64(prhs[4], "colon"), &id));
  give(id, nlhs, plhs);
}

void ga_mex_create(int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  static const struct {
    const char *name;
    ga_mex_handler fn;
  } what[] = {
    {"random", create_random}, {"randperm", create_randperm}, {"rng", create_rng}, {"rng_raw", create_rng_raw},
    {"eye", create_eye},       {"linspace", create_linspace}, {"range", create_range},
  };
  if (nrhs < 1)
    ga_mex_error("gpuarray:invalidArgument", "__gpuarray__ ('create'): what to create is required");
  char name[16];
  ga_mex_get_string(prhs[0], "create", name, sizeof name);
  for (size_t i = 0; i < sizeof what / sizeof what[0]; i++)
    if (!strcmp(name, what[i].name)) {
      what[i].fn(nlhs, plhs, nrhs - 1, prhs + 1);
      return;
    }
  ga_mex_error("gpuarray:invalidArgument", "__gpuarray__ ('create'): unknown '%s'", name);
}
