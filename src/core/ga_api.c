/* The value-level API: moving arrays in and out, and the eager operations, which build
 * expressions for the planner. */
#include "ga_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static ga_status publish(ga_tensor *t, ga_id *out)
{
  ga_status st = ga_handles_insert(t, out);
  if (st != GA_OK)
    ga_tensor_unref(t);
  return st;
}

ga_status ga_upload(ga_class cls, int ndims, const int64_t *dims, const void *data, ga_id *out)
{
  ga_status st = ga_init();
  if (st != GA_OK)
    return st;
  if ((unsigned)cls >= GA_NCLASSES)
    return ga_fail(GA_ERR_CLASS, "gpuArray: unsupported class");
  ga_tensor *t;
  if ((st = ga_tensor_new(cls, ndims, dims, &t)) != GA_OK)
    return st;
  size_t bytes = (size_t)t->numel * ga_class_size(cls);
  if (bytes) {
    st = ga_g.prov->upload(ga_g.pstate, &t->buf, data, bytes);
    if (st != GA_OK) {
      ga_tensor_unref(t);
      return st;
    }
    ga_g.stats.bytes_uploaded += bytes;
  }
  return publish(t, out);
}

ga_status ga_download(ga_id id, void *dst, size_t bytes)
{
  ga_status st = ga_init();
  ga_tensor *t;
  if (st != GA_OK || (st = ga_handles_get(id, &t)) != GA_OK)
    return st;
  size_t have = (size_t)t->numel * ga_class_size(t->cls);
  if (bytes != have)
    return ga_fail(GA_ERR_ARG, "gather: destination holds %zu bytes, the array %zu", bytes, have);
  if (!bytes)
    return GA_OK;
  if ((st = ga_tensor_materialize(t)) != GA_OK)
    return st;
  st = ga_g.prov->download(ga_g.pstate, &t->buf, dst, bytes);
  if (st == GA_OK)
    ga_g.stats.bytes_downloaded += bytes;
  return st;
}

ga_status ga_describe(ga_id id, ga_class *cls, int *ndims, int64_t *dims)
{
  ga_status st = ga_init();
  ga_tensor *t;
  if (st != GA_OK || (st = ga_handles_get(id, &t)) != GA_OK)
    return st;
  *cls = t->cls;
  *ndims = t->ndims;
  memcpy(dims, t->dims, (size_t)t->ndims * sizeof *dims);
  return GA_OK;
}

/* ---- binary operations ---------------------------------------------------------------- */

typedef struct {
  ga_class cls;
  int ndims;
  int64_t dims[GA_MAX_DIMS];
  int64_t numel;
  ga_tensor *t;       /* device value, or a temporary upload of a host array */
  bool temp;
  const void *host;   /* host scalar */
} resolved;

static ga_status resolve(const ga_operand *o, resolved *r)
{
  memset(r, 0, sizeof *r);
  if (!o->is_host) {
    ga_status st = ga_handles_get(o->id, &r->t);
    if (st != GA_OK)
      return st;
    r->cls = r->t->cls;
    r->ndims = r->t->ndims;
    memcpy(r->dims, r->t->dims, sizeof r->dims);
    r->numel = r->t->numel;
    return GA_OK;
  }
  if ((unsigned)o->cls >= GA_NCLASSES)
    return ga_fail(GA_ERR_CLASS, "unsupported operand class");
  ga_status st = ga_shape_check(o->ndims, o->dims);
  if (st != GA_OK)
    return st;
  r->cls = o->cls;
  r->ndims = o->ndims;
  memcpy(r->dims, o->dims, (size_t)o->ndims * sizeof *o->dims);
  ga_shape_normalize(&r->ndims, r->dims);
  r->numel = ga_shape_numel(r->ndims, r->dims);
  r->host = o->data;
  return GA_OK;
}

/* A host array that is not a scalar travels to the device once, for this operation. */
static ga_status stage_host_array(resolved *r)
{
  if (!r->host || r->numel == 1)
    return GA_OK;
  ga_status st = ga_tensor_new(r->cls, r->ndims, r->dims, &r->t);
  if (st != GA_OK)
    return st;
  r->temp = true;
  size_t bytes = (size_t)r->numel * ga_class_size(r->cls);
  if (bytes) {
    st = ga_g.prov->upload(ga_g.pstate, &r->t->buf, r->host, bytes);
    if (st == GA_OK)
      ga_g.stats.bytes_uploaded += bytes;
  }
  return st;
}

static const char *octave_type_name(const resolved *r, char *buf, size_t cap)
{
  const char *kind = r->numel == 1 ? "scalar" : "matrix";
  if (r->cls == GA_DOUBLE)
    snprintf(buf, cap, "%s", r->numel == 1 ? "scalar" : "matrix");
  else if (r->cls == GA_LOGICAL)
    snprintf(buf, cap, "bool%s", r->numel == 1 ? "" : " matrix");
  else if (r->cls == GA_SINGLE)
    snprintf(buf, cap, "float %s", kind);
  else
    snprintf(buf, cap, "%s %s", ga_class_name(r->cls), kind);
  return buf;
}

static const char *nonconformant_prefix(ga_binop op)
{
  switch (op) {
  case GA_OP_PLUS: return "operator +";
  case GA_OP_MINUS: return "operator -";
  case GA_OP_TIMES: return "product";
  default: return "quotient";
  }
}

/* Octave's implicit expansion: each dimension agrees or one side is 1. */
static ga_status broadcast_shape(ga_binop op, const resolved *a, const resolved *b, int *ndims,
                                 int64_t *dims)
{
  int n = a->ndims > b->ndims ? a->ndims : b->ndims;
  for (int d = 0; d < n; d++) {
    int64_t da = d < a->ndims ? a->dims[d] : 1, db = d < b->ndims ? b->dims[d] : 1;
    if (da != db && da != 1 && db != 1) {
      char sa[256], sb[256];
      ga_shape_format(a->ndims, a->dims, sa, sizeof sa);
      ga_shape_format(b->ndims, b->dims, sb, sizeof sb);
      return ga_fail(GA_ERR_NONCONFORMANT, "%s: nonconformant arguments (op1 is %s, op2 is %s)",
                     nonconformant_prefix(op), sa, sb);
    }
    dims[d] = da == 1 ? db : da;
  }
  *ndims = n;
  return GA_OK;
}

static ga_fuse_operand fuse_operand(const resolved *r)
{
  ga_fuse_operand o = {.t = r->t, .ndims = r->ndims, .dims = r->dims};
  if (!r->t)
    o.s = ga_scalar_load(r->cls, r->host);
  return o;
}

/* The pending value op(a, b): fused with the operands' pending expressions, or, when
 * one kernel cannot hold them all, over the operands evaluated first. */
static ga_status fuse(ga_binop op, ga_class cls, ga_compute_mode mode, resolved *ra, resolved *rb, int ndims,
                      const int64_t *dims, ga_lazy **lz)
{
  ga_fuse_operand fa = fuse_operand(ra), fb = fuse_operand(rb);
  ga_status st = ga_fuse_binary(op, cls, mode, &fa, &fb, ndims, dims, lz);
  for (int pass = 0; st == GA_ERR_UNSUPPORTED && pass < 2; pass++) {
    resolved *r = pass == 0 ? ra : rb;
    if (!r->t || !r->t->lazy)
      continue;
    if ((st = ga_tensor_materialize(r->t)) != GA_OK)
      return st;
    st = ga_fuse_binary(op, cls, mode, &fa, &fb, ndims, dims, lz);
  }
  return st == GA_ERR_UNSUPPORTED ? ga_fail(GA_ERR_INTERNAL, "an operation on two arrays did not fit a kernel") : st;
}

ga_status ga_binary(ga_binop op, const ga_operand *a, const ga_operand *b, ga_id *out)
{
  ga_status st = ga_init();
  if (st != GA_OK)
    return st;
  if ((unsigned)op >= GA_NBINOPS)
    return ga_fail(GA_ERR_ARG, "unknown binary operation");
  resolved ra, rb;
  if ((st = resolve(a, &ra)) != GA_OK || (st = resolve(b, &rb)) != GA_OK)
    return st;
  ga_class cls;
  if (ga_binary_result_class(op, ra.cls, rb.cls, &cls) != GA_OK) {
    char na[64], nb[64];
    return ga_fail(GA_ERR_CLASS, "binary operator '%s' not implemented for '%s' by '%s' operations",
                   ga_binop_symbol(op), octave_type_name(&ra, na, sizeof na),
                   octave_type_name(&rb, nb, sizeof nb));
  }
  int ndims = 0;
  int64_t dims[GA_MAX_DIMS];
  if ((st = broadcast_shape(op, &ra, &rb, &ndims, dims)) != GA_OK)
    return st;
  ga_tensor *t = NULL;
  if (ga_shape_numel(ndims, dims) == 0) {
    st = ga_tensor_new(cls, ndims, dims, &t);
  } else if ((st = stage_host_array(&ra)) == GA_OK && (st = stage_host_array(&rb)) == GA_OK) {
    ga_lazy *lz = NULL;
    st = fuse(op, cls, ga_binary_compute_mode(ra.cls, rb.cls, cls), &ra, &rb, ndims, dims, &lz);
    if (st == GA_OK && (st = ga_tensor_new_lazy(cls, ndims, dims, lz, &t)) != GA_OK)
      ga_lazy_free(lz);
  }
  /* a pending value keeps what it reads alive; temporaries go with it */
  if (ra.temp)
    ga_tensor_unref(ra.t);
  if (rb.temp)
    ga_tensor_unref(rb.t);
  if (st != GA_OK)
    return st;
  return publish(t, out);
}

/* ---- reductions ------------------------------------------------------------------- */

static ga_class reduce_class(ga_reduce_op op, ga_class in, ga_sum_type type)
{
  switch (op) {
  case GA_RED_MAX: case GA_RED_MIN: return in;
  case GA_RED_ANY: case GA_RED_ALL: return GA_LOGICAL;
  default: break;
  }
  if (type == GA_SUM_NATIVE)
    return in;
  if (type == GA_SUM_DOUBLE)
    return GA_DOUBLE;
  return in == GA_SINGLE ? GA_SINGLE : GA_DOUBLE;
}

static const char *const reduce_names[GA_NREDUCE] = {"sum", "prod", "max", "min", "any", "all"};

ga_status ga_reduce(ga_reduce_op op, ga_id id, int dim, ga_sum_type type, ga_id *out, ga_id *index)
{
  ga_status st = ga_init();
  ga_tensor *in;
  if (st != GA_OK || (st = ga_handles_get(id, &in)) != GA_OK)
    return st;
  if ((unsigned)op >= GA_NREDUCE)
    return ga_fail(GA_ERR_ARG, "unknown reduction");
  if (dim < 0)
    return ga_fail(GA_ERR_ARG, "%s: invalid dimension DIM = %d", reduce_names[op], dim);
  bool extremum = op == GA_RED_MAX || op == GA_RED_MIN;
  int ndims = in->ndims;
  int64_t dims[GA_MAX_DIMS];
  memcpy(dims, in->dims, sizeof dims);
  /* Octave: sum ([]) is 0 (a 0x0 input reduces like a 0x1 one); max ([]) is [] */
  if (!extremum && ndims == 2 && dims[0] == 0 && dims[1] == 0)
    dims[1] = 1;
  if (dim == 0) {
    dim = 1;
    for (int d = 0; d < ndims; d++)
      if (dims[d] != 1) {
        dim = d + 1;
        break;
      }
  }
  ga_reduce_desc d = {.op = op, .in = &in->buf, .in_cls = in->cls, .out_cls = reduce_class(op, in->cls, type),
                      .inner = 1, .n = 1, .outer = 1};
  for (int k = 0; k < ndims; k++) {
    if (k < dim - 1)
      d.inner *= dims[k];
    else if (k == dim - 1)
      d.n = dims[k];
    else
      d.outer *= dims[k];
  }
  int64_t odims[GA_MAX_DIMS];
  int ondims = ndims > dim ? ndims : dim;
  for (int k = 0; k < ondims; k++)
    odims[k] = k < ndims ? dims[k] : 1;
  /* an extremum of nothing is nothing: the reduced dimension stays 0 */
  odims[dim - 1] = extremum && d.n == 0 ? 0 : 1;
  ga_tensor *t = NULL, *ti = NULL;
  if ((st = ga_tensor_new(d.out_cls, ondims, odims, &t)) != GA_OK)
    return st;
  if (extremum && index && (st = ga_tensor_new(GA_DOUBLE, ondims, odims, &ti)) != GA_OK) {
    ga_tensor_unref(t);
    return st;
  }
  d.out = &t->buf;
  d.out_index = ti ? &ti->buf : NULL;
  if (in->lazy) {
    ga_lazy_bind(in->lazy);
    d.producer = &in->lazy->x; /* the reduction reads the expression, not memory */
    d.in = NULL;
  }
  if (t->numel > 0) {
    st = ga_plan_reduce(&d);
    if (st == GA_ERR_UNSUPPORTED && d.producer) {
      /* no fused reduction for this expression: evaluate it, then reduce */
      if ((st = ga_tensor_materialize(in)) == GA_OK) {
        d.producer = NULL;
        d.in = &in->buf;
        st = ga_plan_reduce(&d);
      }
    }
  }
  if (st == GA_OK)
    st = publish(t, out);
  else
    ga_tensor_unref(t);
  if (ti) {
    if (st == GA_OK)
      st = publish(ti, index);
    else
      ga_tensor_unref(ti);
  }
  return st;
}

ga_status ga_sum(ga_id id, int dim, ga_sum_type type, ga_id *out)
{
  return ga_reduce(GA_RED_SUM, id, dim, type, out, NULL);
}
