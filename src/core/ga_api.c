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

static int add_leaf(ga_expr *x, const resolved *r)
{
  ga_xnode *n = &x->nodes[x->nnodes];
  n->cls = r->cls;
  if (r->t) {
    n->kind = GA_X_INPUT;
    n->slot = x->ninputs;
    x->inputs[x->ninputs] = &r->t->buf;
    for (int d = 0; d < GA_MAX_DIMS; d++)
      x->input_dims[x->ninputs][d] = d < r->ndims ? r->dims[d] : 1;
    x->ninputs++;
  } else {
    n->kind = GA_X_SCALAR;
    n->slot = x->nscalars;
    x->scalars[x->nscalars++] = ga_scalar_load(r->cls, r->host);
  }
  return x->nnodes++;
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
  static ga_expr x; /* large; the core is single-threaded (Octave's interpreter thread) */
  memset(&x, 0, sizeof x);
  if ((st = broadcast_shape(op, &ra, &rb, &x.ndims, x.dims)) != GA_OK)
    return st;
  ga_tensor *t = NULL;
  if ((st = stage_host_array(&ra)) == GA_OK && (st = stage_host_array(&rb)) == GA_OK)
    st = ga_tensor_new(cls, x.ndims, x.dims, &t);
  if (st == GA_OK && t->numel > 0) {
    x.numel = t->numel;
    int ia = add_leaf(&x, &ra), ib = add_leaf(&x, &rb);
    ga_xnode *n = &x.nodes[x.nnodes++];
    *n = (ga_xnode){.kind = GA_X_BINARY, .cls = cls, .op = op, .a = ia, .b = ib,
                    .mode = ga_binary_compute_mode(ra.cls, rb.cls, cls)};
    st = ga_plan_elementwise(&x, cls, &t->buf);
  }
  if (ra.temp)
    ga_tensor_unref(ra.t);
  if (rb.temp)
    ga_tensor_unref(rb.t);
  if (st != GA_OK) {
    ga_tensor_unref(t);
    return st;
  }
  return publish(t, out);
}

/* ---- sum --------------------------------------------------------------------------- */

static ga_class sum_class(ga_class in, ga_sum_type type)
{
  if (type == GA_SUM_NATIVE)
    return in;
  if (type == GA_SUM_DOUBLE)
    return GA_DOUBLE;
  return in == GA_SINGLE ? GA_SINGLE : GA_DOUBLE;
}

ga_status ga_sum(ga_id id, int dim, ga_sum_type type, ga_id *out)
{
  ga_status st = ga_init();
  ga_tensor *in;
  if (st != GA_OK || (st = ga_handles_get(id, &in)) != GA_OK)
    return st;
  if (dim < 0)
    return ga_fail(GA_ERR_ARG, "sum: invalid dimension DIM = %d", dim);
  int ndims = in->ndims;
  int64_t dims[GA_MAX_DIMS];
  memcpy(dims, in->dims, sizeof dims);
  /* Octave: sum ([]) is 0, so a 0x0 input reduces like a 0x1 one */
  if (ndims == 2 && dims[0] == 0 && dims[1] == 0)
    dims[1] = 1;
  if (dim == 0) {
    dim = 1;
    for (int d = 0; d < ndims; d++)
      if (dims[d] != 1) {
        dim = d + 1;
        break;
      }
  }
  ga_sum_desc d = {.in = &in->buf, .in_cls = in->cls, .out_cls = sum_class(in->cls, type),
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
  odims[dim - 1] = 1;
  ga_tensor *t;
  if ((st = ga_tensor_new(d.out_cls, ondims, odims, &t)) != GA_OK)
    return st;
  d.out = &t->buf;
  if (t->numel > 0 && (st = ga_plan_sum(&d)) != GA_OK) {
    ga_tensor_unref(t);
    return st;
  }
  return publish(t, out);
}
