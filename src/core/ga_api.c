/* The value-level API: moving arrays in and out, and the eager operations, which build
 * expressions for the planner. */
#include "ga_internal.h"

#include <math.h>
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
  if (st != GA_OK || (st = ga_settle_tensor(id, &t)) != GA_OK)
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
  if (st != GA_OK || (st = ga_handles_peek(id, &t)) != GA_OK)
    return st;
  *cls = t->cls;
  *ndims = t->ndims;
  memcpy(dims, t->dims, (size_t)t->ndims * sizeof *dims);
  return GA_OK;
}

/* ---- constant arrays ----------------------------------------------------------------- */

ga_status ga_fill(ga_class cls, int ndims, const int64_t *dims, double value, ga_id *out)
{
  ga_status st = ga_init();
  if (st != GA_OK)
    return st;
  if ((unsigned)cls >= GA_NCLASSES || ga_class_is_complex(cls))
    return ga_fail(GA_ERR_CLASS, "unsupported class");
  int nd = ndims;
  int64_t d[GA_MAX_DIMS];
  if ((st = ga_shape_check(ndims, dims)) != GA_OK)
    return st;
  memcpy(d, dims, (size_t)ndims * sizeof *dims);
  ga_shape_normalize(&nd, d);
  ga_tensor *t = NULL;
  if (ga_shape_numel(nd, d) == 0)
    return (st = ga_tensor_new(cls, nd, d, &t)) == GA_OK ? publish(t, out) : st;
  ga_scalar s = {.cls = cls};
  if (ga_class_is_int(cls)) { /* Octave's conversion: round, saturate (NaN -> 0) */
    double v = isnan(value) ? 0.0 : round(value);
    double lo = ga_class_int_min(cls), hi = ga_class_int_max(cls);
    if (ga_class_is_signed(cls))
      s.v.i = v <= lo ? (int64_t)lo : v >= hi ? (cls == GA_INT64 ? INT64_MAX : (int64_t)hi) : (int64_t)v;
    else
      s.v.u = v <= 0 ? 0 : v >= hi ? (cls == GA_UINT64 ? UINT64_MAX : (uint64_t)hi) : (uint64_t)v;
  } else if (cls == GA_LOGICAL) {
    s.v.f = value != 0.0;
  } else {
    s.v.f = cls == GA_SINGLE ? (double)(float)value : value;
  }
  ga_lazy *lz = ga_lazy_new(nd, d);
  if (!lz)
    return ga_fail(GA_ERR_OOM, "out of host memory");
  lz->x.nscalars = 1;
  lz->x.scalars[0] = s;
  lz->x.nodes[0] = (ga_xnode){.kind = GA_X_SCALAR, .cls = cls, .slot = 0};
  lz->x.nnodes = 1;
  if ((st = ga_tensor_new_lazy(cls, nd, d, lz, &t)) != GA_OK) {
    ga_lazy_free(lz);
    return st;
  }
  return publish(t, out);
}

/* ---- binary operations ---------------------------------------------------------------- */

typedef ga_resolved resolved;

static ga_status resolve(const ga_operand *o, ga_resolved *r, bool fusible)
{
  memset(r, 0, sizeof *r);
  r->o = o;
  if (!o->is_host) {
    ga_status st = fusible ? ga_handles_get_fusible(o->id, &r->t) : ga_handles_get(o->id, &r->t);
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

ga_status ga_operand_resolve(const ga_operand *o, ga_resolved *r) { return resolve(o, r, false); }
ga_status ga_operand_resolve_fusible(const ga_operand *o, ga_resolved *r) { return resolve(o, r, true); }

/* A host array that is not a scalar travels to the device once, for this operation. */
static ga_status stage_host_array(resolved *r)
{
  if (r->temp)
    return GA_OK;
  if (!r->host || (r->numel == 1 && !ga_class_is_complex(r->cls))) /* complex: never a push constant */
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
  else if (ga_class_is_complex(r->cls))
    snprintf(buf, cap, "%scomplex %s", r->cls == GA_CSINGLE ? "float " : "", kind);
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
  case GA_OP_RDIVIDE: return "quotient";
  case GA_OP_POWER: return "operator .^";
  case GA_OP_EQ: return "mx_el_eq";
  case GA_OP_NE: return "mx_el_ne";
  case GA_OP_LT: return "mx_el_lt";
  case GA_OP_LE: return "mx_el_le";
  case GA_OP_GT: return "mx_el_gt";
  case GA_OP_GE: return "mx_el_ge";
  case GA_OP_AND: return "mx_el_and";
  case GA_OP_OR: return "mx_el_or";
  case GA_OP_XOR: return "xor";
  default: return ga_binop_name(op); /* Octave's functions name themselves: "atan2: ..." */
  }
}

/* The message Octave 7.3 gives where a function of two arrays refuses the classes. */
static ga_status function_class_error(ga_binop op, const resolved *ra, const resolved *rb)
{
  const char *name = ga_binop_name(op);
  char na[64], nb[64];
  switch (op) {
  case GA_OP_ATAN2: case GA_OP_HYPOT: case GA_OP_MOD: case GA_OP_REM:
    if (ra->cls == GA_LOGICAL || rb->cls == GA_LOGICAL)
      return ga_fail(GA_ERR_CLASS, "%s: wrong type argument '%s'", name,
                     octave_type_name(ra->cls == GA_LOGICAL ? ra : rb, na, sizeof na));
    return ga_fail(GA_ERR_CLASS, "%s: cannot combine %s and %s", name, ga_class_name(ra->cls),
                   ga_class_name(rb->cls));
  case GA_OP_MAX: case GA_OP_MIN:
    return ga_fail(GA_ERR_CLASS, "%s: cannot compute %s (%s, %s)", name, name, octave_type_name(ra, na, sizeof na),
                   octave_type_name(rb, nb, sizeof nb));
  case GA_OP_BITSHIFT:
    return ga_fail(GA_ERR_CLASS, "bitshift: not defined for %s objects", ga_class_name(ra->cls));
  default:
    return ga_fail(GA_ERR_CLASS, "%s: must have matching operand types", name);
  }
}

/* Octave's bit functions take arrays of one size, or a scalar with an array: no
 * implicit expansion. */
static ga_status check_bitwise_shapes(ga_binop op, const resolved *a, const resolved *b)
{
  if (a->numel == 1 || b->numel == 1)
    return GA_OK;
  bool same = a->ndims == b->ndims && !memcmp(a->dims, b->dims, (size_t)a->ndims * sizeof *a->dims);
  if (same)
    return GA_OK;
  if (op == GA_OP_BITSHIFT)
    return ga_fail(GA_ERR_NONCONFORMANT, "bitshift: size of A and N must match, or one operand must be a scalar");
  return ga_fail(GA_ERR_NONCONFORMANT, "%s: size of X and Y must match, or one operand must be a scalar",
                 ga_binop_name(op));
}

/* Whether any element of the logical tensor flags (pending or not) is true: one fused
 * reduction, reading back one byte. */
/* Whether a pending expression calls the Faddeeva-function code (erfcx, complex erf and
 * erfc), a complex transcendental function or a complex power: each evaluation of it is
 * costly, and so is each copy of it in a kernel. Such an expression is stored before a
 * reduction over it, whose kernel would hold a dozen copies (minutes of compiling on
 * lavapipe). */
static bool expr_is_costly(const ga_tensor *t)
{
  const ga_expr *x = t->lazy ? &t->lazy->x : NULL;
  for (int j = 0; x && j < x->nnodes; j++) {
    const ga_xnode *n = &x->nodes[j];
    if (n->kind == GA_X_UNARY && (n->uop == GA_UOP_ERFCX || ((n->uop == GA_UOP_ERF || n->uop == GA_UOP_ERFC) &&
                                                             ga_class_is_complex(x->nodes[n->a].cls))))
      return true;
    /* complex transcendental functions and powers: the same reasoning (cold, lavapipe
     * spent 1307 of test_complex's 1419 s compiling narrowing checks of them; 381 s in
     * all once they were stored first) */
    if (n->kind == GA_X_UNARY && ga_class_is_complex(x->nodes[n->a].cls) &&
        ((n->uop >= GA_UOP_SQRT && n->uop <= GA_UOP_ATANH) || n->uop == GA_UOP_PSI))
      return true;
    if (n->kind == GA_X_BINARY && n->op == GA_OP_POWER && ga_class_is_complex(n->cls))
      return true;
    /* betainc's continued fraction, betaincinv's Newton steps over it */
    if (n->kind == GA_X_TERNARY)
      return true;
  }
  return false;
}

ga_status ga_any_true(ga_tensor *flags, bool *found)
{
  ga_tensor *res = NULL;
  int64_t one[2] = {1, 1};
  ga_status st = ga_tensor_new(GA_LOGICAL, 2, one, &res);
  if (st != GA_OK)
    return st;
  ga_reduce_desc d = {.op = GA_RED_ANY, .in = &flags->buf, .in_cls = GA_LOGICAL, .out_cls = GA_LOGICAL,
                      .inner = 1, .n = flags->numel, .outer = 1, .out = &res->buf};
  if (flags->lazy && expr_is_costly(flags) && (st = ga_tensor_materialize(flags)) != GA_OK) {
    ga_tensor_unref(res);
    return st;
  }
  if (flags->lazy) {
    if ((st = ga_lazy_bind(flags->lazy)) != GA_OK) {
      ga_tensor_unref(res);
      return st;
    }
    d.producer = &flags->lazy->x;
  }
  st = ga_plan_reduce(&d);
  if (st == GA_ERR_UNSUPPORTED && (st = ga_tensor_materialize(flags)) == GA_OK) {
    d.producer = NULL;
    d.in = &flags->buf;
    st = ga_plan_reduce(&d);
  }
  uint8_t b = 0;
  if (st == GA_OK && (st = ga_g.prov->download(ga_g.pstate, &res->buf, &b, 1)) == GA_OK) {
    *found = b != 0;
    ga_g.stats.bytes_downloaded++;
  }
  ga_tensor_unref(res);
  return st;
}

/* A pending tensor f(t) or f(t, s) for an internal check (not in the handle table). */
static ga_status derive(ga_tensor *t, bool unary, ga_unop uop, ga_binop bop, double s, ga_tensor **out)
{
  ga_fuse_operand o = {.t = t, .ndims = t->ndims, .dims = t->dims};
  ga_fuse_operand c = {.s = {.cls = GA_DOUBLE, .v.f = s}, .ndims = 0};
  ga_lazy *lz = NULL;
  ga_class cls = unary ? ga_unary_result_class(uop, t->cls, GA_DOUBLE) : GA_LOGICAL;
  ga_status st = GA_ERR_UNSUPPORTED;
  for (int pass = 0; pass < 2 && st == GA_ERR_UNSUPPORTED; pass++) {
    if (pass == 1 && (st = ga_tensor_materialize(t)) != GA_OK)
      return st;
    st = unary ? ga_fuse_unary(uop, cls, &o, t->ndims, t->dims, &lz)
               : ga_fuse_binary(bop, cls, ga_binary_compute_mode(bop, t->cls, GA_DOUBLE, cls), &o, &c, t->ndims,
                                t->dims, &lz);
  }
  if (st != GA_OK)
    return st;
  if ((st = ga_tensor_new_lazy(cls, t->ndims, t->dims, lz, out)) != GA_OK)
    ga_lazy_free(lz);
  return st;
}

/* The pending tensor a op b of two tensors of one shape, for internal checks. */
static ga_status derive2(ga_binop op, ga_tensor *a, ga_tensor *b, ga_tensor **out)
{
  ga_fuse_operand oa = {.t = a, .ndims = a->ndims, .dims = a->dims};
  ga_fuse_operand ob = {.t = b, .ndims = b->ndims, .dims = b->dims};
  ga_class cls;
  ga_status st = ga_binary_result_class(op, a->cls, b->cls, &cls);
  if (st != GA_OK)
    return ga_fail(GA_ERR_INTERNAL, "derive2: classes");
  ga_compute_mode mode = ga_binary_compute_mode(op, a->cls, b->cls, cls);
  ga_lazy *lz = NULL;
  st = ga_fuse_binary(op, cls, mode, &oa, &ob, a->ndims, a->dims, &lz);
  for (int pass = 0; st == GA_ERR_UNSUPPORTED && pass < 2; pass++) {
    ga_tensor *t = pass == 0 ? a : b;
    if (t->lazy && (st = ga_tensor_materialize(t)) != GA_OK)
      return st;
    st = ga_fuse_binary(op, cls, mode, &oa, &ob, a->ndims, a->dims, &lz);
  }
  if (st != GA_OK)
    return st;
  if ((st = ga_tensor_new_lazy(cls, a->ndims, a->dims, lz, out)) != GA_OK)
    ga_lazy_free(lz);
  return st;
}

/* Octave's narrowing: a complex result whose imaginary parts are all zero is real. The
 * check is one fused reduction over imag (x) != 0, so a pending value is not stored
 * first; only a value that narrows is evaluated (as its real part). An expression of
 * the Faddeeva functions is the exception: stored first, so that it is computed once,
 * and the reduction (whose kernel holds several copies of its expression) stays small. */
ga_status ga_settle_tensor(ga_id id, ga_tensor **out)
{
  ga_tensor *t = NULL, *im = NULL, *flags = NULL, *re = NULL;
  ga_status st = ga_handles_get(id, &t);
  if (st != GA_OK)
    return st;
  *out = t;
  if (!ga_class_is_complex(t->cls) || !t->narrow)
    return GA_OK;
  bool nonzero = false;
  if (t->numel > 0 && expr_is_costly(t) && (st = ga_tensor_materialize(t)) != GA_OK)
    return st;
  if (t->numel > 0 && (st = derive(t, true, GA_UOP_IMAG, 0, 0, &im)) == GA_OK &&
      (st = derive(im, false, 0, GA_OP_NE, 0.0, &flags)) == GA_OK)
    st = ga_any_true(flags, &nonzero);
  ga_tensor_unref(flags);
  ga_tensor_unref(im);
  if (st != GA_OK)
    return st;
  t->narrow = false;
  if (nonzero)
    return GA_OK;
  if (t->numel == 0)
    st = ga_tensor_new(ga_class_real_part(t->cls), t->ndims, t->dims, &re);
  else if ((st = derive(t, true, GA_UOP_REAL, 0, 0, &re)) == GA_OK)
    st = ga_tensor_materialize(re);
  if (st == GA_OK && (st = ga_handles_replace(id, re)) == GA_OK)
    *out = re;
  else
    ga_tensor_unref(re);
  return st;
}

ga_status ga_settle(ga_id id, int *is_complex)
{
  ga_status st = ga_init();
  ga_tensor *t;
  if (st != GA_OK || (st = ga_settle_tensor(id, &t)) != GA_OK)
    return st;
  *is_complex = ga_class_is_complex(t->cls);
  return GA_OK;
}

/* Where lgamma's sign of gamma is negative (Octave's gammaln is complex there): at -0,
 * and at the negative non-integers whose floor is odd. */
static ga_status gamma_negative(ga_tensor *t, ga_tensor **flags)
{
  ga_tensor *f = NULL, *m = NULL, *odd = NULL, *nonint = NULL, *neg = NULL, *a = NULL, *b = NULL, *sb = NULL,
            *zero = NULL, *c = NULL;
  ga_status st = derive(t, true, GA_UOP_FLOOR, 0, 0, &f);
  if (st == GA_OK) {
    ga_fuse_operand of = {.t = f, .ndims = f->ndims, .dims = f->dims};
    ga_fuse_operand two = {.s = {.cls = GA_DOUBLE, .v.f = 2.0}, .ndims = 0};
    ga_lazy *lz = NULL;
    ga_class cls = f->cls;
    if ((st = ga_fuse_binary(GA_OP_MOD, cls, GA_CM_FLOAT, &of, &two, f->ndims, f->dims, &lz)) == GA_OK &&
        (st = ga_tensor_new_lazy(cls, f->ndims, f->dims, lz, &m)) != GA_OK)
      ga_lazy_free(lz);
  }
  if (st == GA_OK)
    st = derive(m, false, 0, GA_OP_EQ, 1.0, &odd);
  if (st == GA_OK)
    st = derive2(GA_OP_NE, t, f, &nonint);
  if (st == GA_OK)
    st = derive(t, false, 0, GA_OP_LT, 0.0, &neg);
  if (st == GA_OK)
    st = derive2(GA_OP_AND, odd, nonint, &a);
  if (st == GA_OK)
    st = derive2(GA_OP_AND, a, neg, &b);
  if (st == GA_OK)
    st = derive(t, true, GA_UOP_SIGNBIT, 0, 0, &sb);
  if (st == GA_OK)
    st = derive(t, false, 0, GA_OP_EQ, 0.0, &zero);
  if (st == GA_OK)
    st = derive2(GA_OP_AND, sb, zero, &c);
  if (st == GA_OK)
    st = derive2(GA_OP_OR, b, c, flags);
  ga_tensor *all[] = {f, m, odd, nonint, neg, a, b, sb, zero, c};
  for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
    ga_tensor_unref(all[i]);
  return st;
}

static ga_status any_nan(ga_tensor *t, bool *found)
{
  ga_tensor *flags = NULL;
  ga_status st = derive(t, true, GA_UOP_ISNAN, 0, 0, &flags);
  if (st == GA_OK)
    st = ga_any_true(flags, found);
  ga_tensor_unref(flags);
  return st;
}

/* Whether t's values are provably where op's real result is real (ga_range.c). */
static bool provably_real_result(ga_unop op, const ga_tensor *t)
{
  int r = ga_range_of(t);
  switch (op) {
  case GA_UOP_SQRT: case GA_UOP_LOG: case GA_UOP_LOG2: case GA_UOP_LOG10: case GA_UOP_LOG1P:
    return r & GA_RANGE_NONNEG;
  case GA_UOP_ACOSH: return r & GA_RANGE_GE1;
  case GA_UOP_ASIN: case GA_UOP_ACOS: case GA_UOP_ATANH: return r & GA_RANGE_UNIT;
  default: return false;
  }
}

/* Whether Octave's result of op for the real values of t is complex (sqrt (-1)): a fused
 * reduction over op's out-of-domain test, unless the range analysis rules it out. */
static ga_status any_complex_result(ga_unop op, ga_tensor *t, bool *found)
{
  ga_tensor *a = NULL, *flags = NULL;
  ga_status st;
  if (provably_real_result(op, t)) {
    *found = false;
    return GA_OK;
  }
  switch (op) {
  case GA_UOP_LOG1P: st = derive(t, false, 0, GA_OP_LT, -1.0, &flags); break;
  case GA_UOP_ACOSH: st = derive(t, false, 0, GA_OP_LT, 1.0, &flags); break;
  case GA_UOP_LGAMMA:
    if (!ga_class_is_float(t->cls)) { /* gamma is +Inf at 0 and the negative integers */
      *found = false;
      return GA_OK;
    }
    st = gamma_negative(t, &flags);
    break;
  case GA_UOP_ERFINV: case GA_UOP_ERFCINV: /* NaN outside the domain, never complex */
    *found = false;
    return GA_OK;
  case GA_UOP_ASIN: case GA_UOP_ACOS: case GA_UOP_ATANH:
    st = derive(t, true, GA_UOP_ABS, 0, 0, &a);
    if (st == GA_OK)
      st = derive(a, false, 0, GA_OP_GT, 1.0, &flags);
    break;
  default: st = derive(t, false, 0, GA_OP_LT, 0.0, &flags); break;
  }
  if (st == GA_OK)
    st = ga_any_true(flags, found);
  /* the answer holds for every later use of t: its value never changes */
  if (st == GA_OK && !*found) {
    switch (op) {
    case GA_UOP_ACOSH: ga_range_learn(t, GA_RANGE_GE1 | GA_RANGE_NONNEG); break;
    case GA_UOP_ASIN: case GA_UOP_ACOS: case GA_UOP_ATANH: ga_range_learn(t, GA_RANGE_UNIT); break;
    case GA_UOP_SQRT: case GA_UOP_LOG: case GA_UOP_LOG2: case GA_UOP_LOG10: ga_range_learn(t, GA_RANGE_NONNEG); break;
    default: break;
    }
  }
  ga_tensor_unref(flags);
  ga_tensor_unref(a);
  return st;
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

static ga_status check_no_nan(const resolved *r)
{
  bool nan = false;
  ga_status st = GA_OK;
  if ((!ga_class_is_float(r->cls) && !ga_class_is_complex(r->cls)) || r->numel == 0)
    return GA_OK;
  if (r->t)
    st = any_nan(r->t, &nan);
  else
    for (int64_t k = 0; k < r->numel && !nan; k++)
      nan = isnan(ga_scalar_load(r->cls, (const char *)r->host + k * (int64_t)ga_class_size(r->cls)).v.f);
  if (st == GA_OK && nan)
    st = ga_fail(GA_ERR_ARG, "invalid conversion from NaN to logical");
  return st;
}

/* bitshift's K: Octave refuses any value that is not an integer (NaN and Inf too). */
static ga_status check_shift_counts(const resolved *r)
{
  bool bad = false;
  ga_status st = GA_OK;
  if (!ga_class_is_float(r->cls) || r->numel == 0)
    return GA_OK;
  if (r->t) { /* k - fix (k) is nonzero (or NaN) exactly where k is no integer */
    ga_tensor *f = NULL, *d = NULL, *flags = NULL;
    ga_fuse_operand o = {.t = r->t, .ndims = r->t->ndims, .dims = r->t->dims};
    st = derive(r->t, true, GA_UOP_FIX, 0, 0, &f);
    if (st == GA_OK) {
      ga_fuse_operand of = {.t = f, .ndims = f->ndims, .dims = f->dims};
      ga_lazy *lz = NULL;
      st = ga_fuse_binary(GA_OP_MINUS, r->cls, GA_CM_FLOAT, &o, &of, r->ndims, r->dims, &lz);
      if (st == GA_ERR_UNSUPPORTED && (st = ga_tensor_materialize(r->t)) == GA_OK)
        st = ga_fuse_binary(GA_OP_MINUS, r->cls, GA_CM_FLOAT, &o, &of, r->ndims, r->dims, &lz);
      if (st == GA_OK && (st = ga_tensor_new_lazy(r->cls, r->ndims, r->dims, lz, &d)) != GA_OK)
        ga_lazy_free(lz);
    }
    if (st == GA_OK)
      st = derive(d, false, 0, GA_OP_NE, 0.0, &flags);
    if (st == GA_OK)
      st = ga_any_true(flags, &bad);
    ga_tensor_unref(flags);
    ga_tensor_unref(d);
    ga_tensor_unref(f);
  } else {
    for (int64_t k = 0; k < r->numel && !bad; k++) {
      double v = ga_scalar_load(r->cls, (const char *)r->host + k * (int64_t)ga_class_size(r->cls)).v.f;
      bad = !(isfinite(v) && v == trunc(v)); /* Octave's all_integers: Inf is none */
    }
  }
  if (st == GA_OK && bad)
    st = ga_fail(GA_ERR_ARG, "bitshift: K must be a scalar or array of integers");
  return st;
}

/* One element of a real operand, as a double (a 1x1 gpuArray is read back). */
static ga_status scalar_value(const resolved *r, double *v)
{
  uint64_t bits = 0;
  ga_status st = GA_OK;
  if (r->host)
    memcpy(&bits, r->host, ga_class_size(r->cls));
  else if ((st = ga_tensor_materialize(r->t)) == GA_OK)
    st = ga_g.prov->download(ga_g.pstate, &r->t->buf, &bits, ga_class_size(r->cls));
  ga_scalar s = ga_scalar_load(r->cls, &bits);
  *v = !ga_class_is_int(r->cls) ? s.v.f : ga_class_is_signed(r->cls) ? (double)s.v.i : (double)s.v.u;
  return st;
}

/* Octave's xisint: an integer that fits an int */
static bool octave_xisint(double y) { return y == round(y) && fabs(y) < 2147483648.0; }

/* The pending tensor a op b over the broadcast shape (ndims, dims), for checks. */
static ga_status derive_bcast(ga_binop op, ga_tensor *a, ga_tensor *b, int ndims, const int64_t *dims,
                              ga_tensor **out)
{
  ga_fuse_operand oa = {.t = a, .ndims = a->ndims, .dims = a->dims};
  ga_fuse_operand ob = {.t = b, .ndims = b->ndims, .dims = b->dims};
  ga_class cls;
  if (ga_binary_result_class(op, a->cls, b->cls, &cls) != GA_OK)
    return ga_fail(GA_ERR_INTERNAL, "derive_bcast: classes");
  ga_compute_mode mode = ga_binary_compute_mode(op, a->cls, b->cls, cls);
  ga_lazy *lz = NULL;
  ga_status st = ga_fuse_binary(op, cls, mode, &oa, &ob, ndims, dims, &lz);
  for (int pass = 0; st == GA_ERR_UNSUPPORTED && pass < 2; pass++) {
    ga_tensor *t = pass == 0 ? a : b;
    if (t->lazy && (st = ga_tensor_materialize(t)) != GA_OK)
      return st;
    st = ga_fuse_binary(op, cls, mode, &oa, &ob, ndims, dims, &lz);
  }
  if (st != GA_OK)
    return st;
  if ((st = ga_tensor_new_lazy(cls, ndims, dims, lz, out)) != GA_OK)
    ga_lazy_free(lz);
  return st;
}

/* Where an exponent is no integer in Octave's sense (xisint): b != fix (b) (NaN too)
 * or |b| >= 2^31 (Inf too). */
static ga_status noninteger_flags(ga_tensor *b, ga_tensor **flags)
{
  ga_tensor *f = NULL, *ne = NULL, *ab = NULL, *big = NULL;
  ga_status st = derive(b, true, GA_UOP_FIX, 0, 0, &f);
  if (st == GA_OK)
    st = derive2(GA_OP_NE, b, f, &ne);
  if (st == GA_OK)
    st = derive(b, true, GA_UOP_ABS, 0, 0, &ab);
  if (st == GA_OK)
    st = derive(ab, false, 0, GA_OP_GE, 2147483648.0, &big);
  if (st == GA_OK)
    st = derive2(GA_OP_OR, ne, big, flags);
  ga_tensor *all[] = {f, ne, ab, big};
  for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
    ga_tensor_unref(all[i]);
  return st;
}

/* Whether Octave's x .^ y of real floating operands is complex (elem_xpow, xpow): a
 * scalar exponent that is no integer with a negative base (an array's -0 counts), a
 * negative scalar base with an exponent array not all integers, or, of two arrays, a
 * negative base meeting a non-integer exponent anywhere. Then every element is computed
 * as the complex power. Operands that are not scalars are on the device here. */
static ga_status power_goes_complex(const resolved *ra, const resolved *rb, int ndims, const int64_t *dims,
                                    bool *found)
{
  *found = false;
  if (ra->cls == GA_LOGICAL || ga_class_is_int(ra->cls) || ga_class_is_int(rb->cls) || ra->numel == 0 ||
      rb->numel == 0)
    return GA_OK;
  ga_status st = GA_OK;
  ga_tensor *flags = NULL, *nonint = NULL;
  if (rb->numel == 1) {
    double y = 0;
    if ((st = scalar_value(rb, &y)) != GA_OK || octave_xisint(y))
      return st;
    if (ra->numel == 1) {
      double x = 0;
      if ((st = scalar_value(ra, &x)) == GA_OK)
        *found = x < 0;
      return st;
    }
    if (ga_range_of(ra->t) & (GA_RANGE_PLUS | GA_RANGE_GE1)) /* (>= 1 has no -0 either) */
      return GA_OK;
    /* negative, or -0 (not a NaN whose sign bit happens to be set) */
    ga_tensor *neg = NULL, *zero = NULL, *sb = NULL, *nz = NULL;
    st = derive(ra->t, false, 0, GA_OP_LT, 0.0, &neg);
    if (st == GA_OK)
      st = derive(ra->t, false, 0, GA_OP_EQ, 0.0, &zero);
    if (st == GA_OK)
      st = derive(ra->t, true, GA_UOP_SIGNBIT, 0, 0, &sb);
    if (st == GA_OK)
      st = derive2(GA_OP_AND, zero, sb, &nz);
    if (st == GA_OK)
      st = derive2(GA_OP_OR, neg, nz, &flags);
    ga_tensor *all[] = {neg, zero, sb, nz};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
      ga_tensor_unref(all[i]);
  } else if (ra->numel == 1) {
    double x = 0;
    if ((st = scalar_value(ra, &x)) != GA_OK || !(x < 0))
      return st;
    st = noninteger_flags(rb->t, &flags);
  } else {
    if (ga_range_of(ra->t) & GA_RANGE_NONNEG) /* no negative base: -0 meets its own rule here */
      return GA_OK;
    ga_tensor *neg = NULL;
    st = derive(ra->t, false, 0, GA_OP_LT, 0.0, &neg);
    if (st == GA_OK)
      st = noninteger_flags(rb->t, &nonint);
    if (st == GA_OK)
      st = derive_bcast(GA_OP_AND, neg, nonint, ndims, dims, &flags);
    ga_tensor_unref(neg);
  }
  if (st == GA_OK)
    st = ga_any_true(flags, found);
  /* a scalar exponent's check found no negative base and no -0: that holds for every
   * later use of the base, whose value never changes */
  if (st == GA_OK && !*found && rb->numel == 1)
    ga_range_learn(ra->t, GA_RANGE_NONNEG | GA_RANGE_PLUS);
  ga_tensor_unref(flags);
  ga_tensor_unref(nonint);
  return st;
}

static ga_status check_real_power(const resolved *ra, const resolved *rb, ga_class cls, int ndims,
                                  const int64_t *dims, bool *to_complex)
{
  *to_complex = false;
  if (ga_class_is_float(cls))
    return power_goes_complex(ra, rb, ndims, dims, to_complex);
  return GA_OK; /* an integer power is never complex: Octave rounds C's NaN to 0 */
}

static ga_fuse_operand fuse_operand(const resolved *r)
{
  ga_fuse_operand o = {.t = r->t, .ndims = r->ndims, .dims = r->dims};
  if (!r->t)
    o.s = ga_scalar_load(r->cls, r->host);
  return o;
}

/* A pending value keeps its inputs alive, also those whose arrays Octave has cleared;
 * past the pool's limit (at most 4 GiB) held that way, it is evaluated at once so the
 * memory can go: unlike pooled buffers, an allocation that fails cannot reclaim it. */
static ga_status bound_pending_memory(ga_tensor *t)
{
  if (!t->lazy)
    return GA_OK;
  uint64_t held = 0, cap = ga_g.pool.limit < (4ull << 30) ? ga_g.pool.limit : (4ull << 30);
  for (int i = 0; i < t->lazy->x.ninputs; i++)
    if (t->lazy->leaves[i]->handle_refs == 0)
      held += t->lazy->leaves[i]->buf.bytes;
  return held > cap ? ga_tensor_materialize(t) : GA_OK;
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

/* Octave's hypot replaces a complex argument by its abs (data.cc, do_hypot); a pending
 * abs fuses into the hypot's kernel. A host operand goes to the device for it. */
static ga_status hypot_of_abs(const ga_operand *a, bool za, const ga_operand *b, bool zb, ga_id *out)
{
  const ga_operand *in[2] = {a, b};
  bool z[2] = {za, zb};
  ga_operand use[2] = {*a, *b};
  ga_id tmp[4] = {0, 0, 0, 0};
  ga_status st = GA_OK;
  for (int k = 0; k < 2 && st == GA_OK; k++) {
    if (!z[k])
      continue;
    ga_id src = in[k]->id;
    if (in[k]->is_host && (st = ga_upload(in[k]->cls, in[k]->ndims, in[k]->dims, in[k]->data, &tmp[2 * k])) == GA_OK)
      src = tmp[2 * k];
    if (st == GA_OK && (st = ga_unary(GA_UOP_ABS, src, GA_DOUBLE, &tmp[2 * k + 1])) == GA_OK)
      use[k] = (ga_operand){.id = tmp[2 * k + 1]};
  }
  if (st == GA_OK)
    st = ga_binary(GA_OP_HYPOT, &use[0], &use[1], out);
  for (int k = 0; k < 4; k++)
    if (tmp[k])
      ga_release(tmp[k]);
  return st;
}

/* The value of a real host scalar operand as a double */
static bool host_scalar_value(const ga_operand *o, double *v)
{
  uint64_t bits = 0;
  if (!o->data || (unsigned)o->cls >= GA_NCLASSES)
    return false;
  memcpy(&bits, o->data, ga_class_size(o->cls));
  ga_scalar s = ga_scalar_load(o->cls, &bits);
  *v = !ga_class_is_int(o->cls) ? s.v.f : ga_class_is_signed(o->cls) ? (double)s.v.i : (double)s.v.u;
  return true;
}

/* Whether held operand `side` (0: left) of op must have Octave's narrowing settled;
 * other is the operand on the other side. Sums and differences of (x, 0) are (x +- y, 0)
 * whatever the values; so are products with and quotients by a finite real host scalar
 * (nonzero for a divisor), the common z * 2 and z / 2, which then stay fused. */
static bool binary_needs_settled(ga_binop op, int side, const ga_operand *other)
{
  if (op == GA_OP_PLUS || op == GA_OP_MINUS)
    return false;
  if ((op == GA_OP_TIMES || (op == GA_OP_RDIVIDE && side == 0)) && other->is_host &&
      !ga_class_is_complex(other->cls) && other->ndims >= 0) {
    int64_t n = 1;
    for (int k = 0; k < other->ndims; k++)
      n *= other->dims[k];
    double v;
    if (n == 1 && host_scalar_value(other, &v) && isfinite(v) && (op == GA_OP_TIMES || v != 0.0))
      return false;
  }
  return true;
}

/* Octave's narrowing before an operation that needs it: only complex values have any,
 * so a pending (always real) product is left pending. */
static ga_status settle_operand(ga_id id)
{
  ga_tensor *t;
  ga_status st = ga_handles_peek(id, &t);
  if (st != GA_OK || !ga_class_is_complex(t->cls))
    return st;
  return ga_settle_tensor(id, &t);
}

ga_status ga_binary(ga_binop op, const ga_operand *a, const ga_operand *b, ga_id *out)
{
  ga_status st = ga_init();
  if (st != GA_OK)
    return st;
  if ((unsigned)op >= GA_NBINOPS)
    return ga_fail(GA_ERR_ARG, "unknown binary operation");
  /* Octave narrows every intermediate, so what an operation does with a complex value
   * whose imaginary parts are all zero must be settled first wherever it can differ
   * from the real operation: ordering, functions, and products, quotients and powers
   * (x ./ (0+0i) is NaN+NaNi where x ./ 0 is Inf; Inf .* (2+0i) has a NaN part) */
  if ((!a->is_host && binary_needs_settled(op, 0, b) && (st = settle_operand(a->id)) != GA_OK) ||
      (!b->is_host && binary_needs_settled(op, 1, a) && (st = settle_operand(b->id)) != GA_OK))
    return st;
  /* a pending product stays pending under the arithmetic that its GEMM kernel can apply
   * as an epilogue; the checks of values the other operations make run it anyway */
  bool keep = !ga_binop_is_logic(op) && !ga_binop_is_bitwise(op) && op != GA_OP_POWER && op != GA_OP_COMPLEX;
  resolved ra, rb;
  if ((st = resolve(a, &ra, keep)) != GA_OK || (st = resolve(b, &rb, keep)) != GA_OK)
    return st;
  ga_class cls;
  bool za = ga_class_is_complex(ra.cls), zb = ga_class_is_complex(rb.cls);
  bool extremum = op == GA_OP_MAX || op == GA_OP_MIN;
  if ((za || zb) && op == GA_OP_HYPOT)
    return hypot_of_abs(a, za, b, zb, out);
  if ((za || zb) && ga_binop_is_function(op) && !extremum)
    return ga_fail(GA_ERR_CLASS, "%s: not defined for complex numbers", ga_binop_name(op));
  if (op == GA_OP_COMPLEX && (za || zb))
    return ga_fail(GA_ERR_CLASS, "complex: invalid conversion");
  if (op == GA_OP_COMPLEX && ra.numel != 1 && rb.numel != 1 &&
      (ra.ndims != rb.ndims || memcmp(ra.dims, rb.dims, (size_t)ra.ndims * sizeof *ra.dims)))
    return ga_fail(GA_ERR_NONCONFORMANT, "complex: dimension mismatch");
  if (ga_binary_result_class(op, ra.cls, rb.cls, &cls) != GA_OK && ga_binop_is_function(op))
    return function_class_error(op, &ra, &rb);
  if (ga_binary_result_class(op, ra.cls, rb.cls, &cls) != GA_OK) {
    char na[64], nb[64];
    return ga_fail(GA_ERR_CLASS, "binary operator '%s' not implemented for '%s' by '%s' operations",
                   ga_binop_symbol(op), octave_type_name(&ra, na, sizeof na),
                   octave_type_name(&rb, nb, sizeof nb));
  }
  int ndims = 0;
  int64_t dims[GA_MAX_DIMS];
  if (ga_binop_is_bitwise(op) && (st = check_bitwise_shapes(op, &ra, &rb)) != GA_OK)
    return st;
  if ((st = broadcast_shape(op, &ra, &rb, &ndims, dims)) != GA_OK || (st = ga_shape_check(ndims, dims)) != GA_OK)
    return st;
  if (ga_binop_is_logic(op) && ((st = check_no_nan(&ra)) != GA_OK || (st = check_no_nan(&rb)) != GA_OK))
    return st;
  if (op == GA_OP_BITSHIFT && (st = check_shift_counts(&rb)) != GA_OK)
    return st;
  if ((op == GA_OP_MAX || op == GA_OP_MIN) && ra.numel == 1 && !za && !zb) {
    /* Octave's max (s, y) with a scalar s computes max (y(i), s): on ties (-0 and 0)
     * the array's element is the one kept, and of two scalars the second */
    resolved tmp = ra;
    ra = rb;
    rb = tmp;
  }
  bool to_complex = false;
  if (op == GA_OP_POWER && !za && !zb && ga_shape_numel(ndims, dims) > 0 &&
      ((st = stage_host_array(&ra)) != GA_OK || (st = stage_host_array(&rb)) != GA_OK ||
       (st = check_real_power(&ra, &rb, cls, ndims, dims, &to_complex)) != GA_OK)) {
    if (ra.temp)
      ga_tensor_unref(ra.t);
    if (rb.temp)
      ga_tensor_unref(rb.t);
    return st;
  }
  if (to_complex) /* (-8) .^ (1/3): Octave computes every element as a complex power */
    cls = ga_class_complex_of(cls);
  ga_tensor *t = NULL;
  if (ga_shape_numel(ndims, dims) == 0) {
    st = ga_tensor_new(cls, ndims, dims, &t);
  } else if ((st = stage_host_array(&ra)) == GA_OK && (st = stage_host_array(&rb)) == GA_OK) {
    ga_lazy *lz = NULL;
    st = fuse(op, cls, ga_binary_compute_mode(op, ra.cls, rb.cls, cls), &ra, &rb, ndims, dims, &lz);
    if (st == GA_OK && (st = ga_tensor_new_lazy(cls, ndims, dims, lz, &t)) != GA_OK)
      ga_lazy_free(lz);
    if (st == GA_OK && (st = bound_pending_memory(t)) != GA_OK) {
      ga_tensor_unref(t);
      t = NULL;
    }
  }
  if (t) /* Octave narrows every complex result but complex ()'s */
    t->narrow = ga_class_is_complex(cls) && op != GA_OP_COMPLEX;
  /* a pending value keeps what it reads alive; temporaries go with it */
  if (ra.temp)
    ga_tensor_unref(ra.t);
  if (rb.temp)
    ga_tensor_unref(rb.t);
  if (st != GA_OK)
    return st;
  return publish(t, out);
}

/* ---- functions of three arrays ------------------------------------------------------ */

/* Implicit expansion of three shapes: each dimension agrees or is 1 */
static ga_status broadcast_shape3(ga_terop op, const resolved *r, int *ndims, int64_t *dims)
{
  int n = 0;
  for (int k = 0; k < 3; k++)
    n = r[k].ndims > n ? r[k].ndims : n;
  for (int d = 0; d < n; d++) {
    dims[d] = 1;
    for (int k = 0; k < 3; k++) {
      int64_t e = d < r[k].ndims ? r[k].dims[d] : 1;
      if (e != 1 && dims[d] != 1 && e != dims[d]) {
        char s[3][256];
        for (int i = 0; i < 3; i++)
          ga_shape_format(r[i].ndims, r[i].dims, s[i], sizeof s[i]);
        return ga_fail(GA_ERR_NONCONFORMANT, "%s: nonconformant arguments (op1 is %s, op2 is %s, op3 is %s)",
                       ga_terop_name(op), s[0], s[1], s[2]);
      }
      if (e != 1)
        dims[d] = e;
    }
  }
  *ndims = n;
  return GA_OK;
}

/* The pending value op(a, b, c), as fuse does it for two operands */
static ga_status fuse3(ga_terop op, ga_class cls, resolved *r, int ndims, const int64_t *dims, ga_lazy **lz)
{
  ga_fuse_operand f[3] = {fuse_operand(&r[0]), fuse_operand(&r[1]), fuse_operand(&r[2])};
  ga_status st = ga_fuse_ternary(op, cls, &f[0], &f[1], &f[2], ndims, dims, lz);
  for (int pass = 0; st == GA_ERR_UNSUPPORTED && pass < 3; pass++) {
    if (!r[pass].t || !r[pass].t->lazy)
      continue;
    if ((st = ga_tensor_materialize(r[pass].t)) != GA_OK)
      return st;
    st = ga_fuse_ternary(op, cls, &f[0], &f[1], &f[2], ndims, dims, lz);
  }
  return st == GA_ERR_UNSUPPORTED ? ga_fail(GA_ERR_INTERNAL, "an operation on three arrays did not fit a kernel") : st;
}

ga_status ga_ternary(ga_terop op, const ga_operand *a, const ga_operand *b, const ga_operand *c, ga_id *out)
{
  ga_status st = ga_init();
  if (st != GA_OK)
    return st;
  if ((unsigned)op >= GA_NTEROPS)
    return ga_fail(GA_ERR_ARG, "unknown ternary operation");
  const ga_operand *in[3] = {a, b, c};
  /* Octave narrows a complex operand whose imaginary parts are all zero before the
   * m-file sees it */
  for (int k = 0; k < 3; k++)
    if (!in[k]->is_host && (st = settle_operand(in[k]->id)) != GA_OK)
      return st;
  resolved r[3];
  for (int k = 0; k < 3; k++)
    if ((st = resolve(in[k], &r[k], true)) != GA_OK)
      return st;
  bool single = false;
  for (int k = 0; k < 3; k++) {
    if (r[k].cls != GA_DOUBLE && r[k].cls != GA_SINGLE)
      return ga_fail(GA_ERR_CLASS, "%s: operands must be real double or single arrays", ga_terop_name(op));
    single |= r[k].cls == GA_SINGLE;
  }
  ga_class cls = single ? GA_SINGLE : GA_DOUBLE;
  int ndims = 0;
  int64_t dims[GA_MAX_DIMS];
  if ((st = broadcast_shape3(op, r, &ndims, dims)) != GA_OK || (st = ga_shape_check(ndims, dims)) != GA_OK)
    return st;
  ga_tensor *t = NULL;
  if (ga_shape_numel(ndims, dims) == 0) {
    st = ga_tensor_new(cls, ndims, dims, &t);
  } else if ((st = stage_host_array(&r[0])) == GA_OK && (st = stage_host_array(&r[1])) == GA_OK &&
             (st = stage_host_array(&r[2])) == GA_OK) {
    ga_lazy *lz = NULL;
    st = fuse3(op, cls, r, ndims, dims, &lz);
    if (st == GA_OK && (st = ga_tensor_new_lazy(cls, ndims, dims, lz, &t)) != GA_OK)
      ga_lazy_free(lz);
    if (st == GA_OK && (st = bound_pending_memory(t)) != GA_OK) {
      ga_tensor_unref(t);
      t = NULL;
    }
  }
  for (int k = 0; k < 3; k++) /* a pending value keeps what it reads alive; temporaries go with it */
    if (r[k].temp)
      ga_tensor_unref(r[k].t);
  if (st != GA_OK)
    return st;
  return publish(t, out);
}

/* Composed from pending operations, so one kernel still computes it: integers keep
 * the masked bits; a floating value's magnitude is masked and its sign restored as
 * r - 2 r (s < 0), which leaves 0 as +0 the way Octave's -bitshift (-a, k, mask) does. */
ga_status ga_bitshift_masked(const ga_operand *a, const ga_operand *k, const ga_operand *mask, ga_id *out)
{
  ga_id s = 0, t[5] = {0, 0, 0, 0, 0};
  ga_tensor *st_t;
  ga_status st = ga_binary(GA_OP_BITSHIFT, a, k, &s);
  if (st != GA_OK)
    return st;
  ga_operand so = {.id = s};
  if ((st = ga_handles_peek(s, &st_t)) == GA_OK) {
    if (!ga_class_is_float(st_t->cls)) {
      st = ga_binary(GA_OP_BITAND, &so, mask, out);
    } else {
      double two = 2.0, zero = 0.0;
      int64_t one[2] = {1, 1};
      ga_operand c2 = {.is_host = true, .cls = GA_DOUBLE, .ndims = 2, .dims = one, .data = &two};
      ga_operand c0 = {.is_host = true, .cls = GA_DOUBLE, .ndims = 2, .dims = one, .data = &zero};
      if ((st = ga_unary(GA_UOP_ABS, s, GA_DOUBLE, &t[0])) == GA_OK &&
          (st = ga_binary(GA_OP_BITAND, &(ga_operand){.id = t[0]}, mask, &t[1])) == GA_OK &&
          (st = ga_binary(GA_OP_LT, &so, &c0, &t[2])) == GA_OK &&
          (st = ga_binary(GA_OP_TIMES, &c2, &(ga_operand){.id = t[1]}, &t[3])) == GA_OK &&
          (st = ga_binary(GA_OP_TIMES, &(ga_operand){.id = t[3]}, &(ga_operand){.id = t[2]}, &t[4])) == GA_OK)
        st = ga_binary(GA_OP_MINUS, &(ga_operand){.id = t[1]}, &(ga_operand){.id = t[4]}, out);
    }
  }
  ga_release(s);
  for (int i = 0; i < 5; i++)
    if (t[i])
      ga_release(t[i]);
  return st;
}

/* ---- unary operations ------------------------------------------------------------ */

ga_status ga_unary(ga_unop op, ga_id id, ga_class to, ga_id *out)
{
  ga_status st = ga_init();
  ga_tensor *in;
  if (st != GA_OK || (st = ga_handles_get_fusible(id, &in)) != GA_OK)
    return st;
  if ((unsigned)op >= GA_NUNOPS || (op == GA_UOP_CAST && (unsigned)to >= GA_NCLASSES))
    return ga_fail(GA_ERR_ARG, "unknown unary operation");
  if (op == GA_UOP_EPS && !ga_class_is_float(in->cls) && !ga_class_is_complex(in->cls))
    return ga_fail(GA_ERR_CLASS, "eps: X must be of a floating point type");
  if (ga_class_is_complex(in->cls)) {
    /* what differs for a complex value with zero imaginary parts: Octave's narrowing
     * is settled first. Every function but exp can differ (sqrt (complex (-4, -0)) is
     * 0-2i, sqrt (-4) 0+2i; sin (complex (Inf, 0)) keeps a zero imaginary part only by
     * C99's special cases; expm1 of complex (x, 0) is exp (x) - 1 for |x| >= 1), and so
     * can sign (Inf / abs (Inf)) and angle (of an imaginary part of -0); parts,
     * rounding, negation and tests go part by part. */
    bool fn = ga_unop_is_function(op);
    if ((fn && op != GA_UOP_EXP) || op == GA_UOP_SIGN || op == GA_UOP_ANGLE || op == GA_UOP_SIGNBIT ||
        (op == GA_UOP_CAST && !ga_class_is_float(to) && to != GA_LOGICAL)) {
      if ((st = ga_settle_tensor(id, &in)) != GA_OK)
        return st;
    }
    const char *kind = in->numel == 1 ? "scalar" : "matrix";
    if (ga_class_is_complex(in->cls) && ((fn && !ga_unop_complex_defined(op)) || op == GA_UOP_SIGNBIT))
      return ga_fail(GA_ERR_CLASS, "%s: not defined for %scomplex %s", ga_unop_name(op),
                     in->cls == GA_CSINGLE ? "float " : "", kind);
    if (ga_class_is_complex(in->cls) && op == GA_UOP_CAST && !ga_class_is_float(to) && to != GA_LOGICAL)
      return ga_fail(GA_ERR_CLASS, "invalid conversion from complex %s to %s", kind, ga_class_name(to));
  }
  ga_class cls = ga_unary_result_class(op, in->cls, to);
  if (op == GA_UOP_NOT || (op == GA_UOP_CAST && to == GA_LOGICAL)) {
    resolved r = {.cls = in->cls, .numel = in->numel, .t = in};
    if ((st = check_no_nan(&r)) != GA_OK)
      return st;
  }
  if (ga_unop_has_complex_domain(op) && !ga_class_is_complex(in->cls) && in->numel > 0) {
    bool complex = false;
    if ((st = any_complex_result(op, in, &complex)) != GA_OK)
      return st;
    if (complex) /* sqrt (-1): Octave's result for the whole array is complex */
      cls = ga_class_complex_of(cls);
  }
  ga_tensor *t = NULL;
  if (in->numel == 0) {
    st = ga_tensor_new(cls, in->ndims, in->dims, &t);
  } else {
    ga_fuse_operand o = {.t = in, .ndims = in->ndims, .dims = in->dims};
    ga_lazy *lz = NULL;
    st = ga_fuse_unary(op, cls, &o, in->ndims, in->dims, &lz);
    if (st == GA_ERR_UNSUPPORTED && (st = ga_tensor_materialize(in)) == GA_OK)
      st = ga_fuse_unary(op, cls, &o, in->ndims, in->dims, &lz);
    if (st == GA_OK && (st = ga_tensor_new_lazy(cls, in->ndims, in->dims, lz, &t)) != GA_OK)
      ga_lazy_free(lz);
    if (st == GA_OK && (st = bound_pending_memory(t)) != GA_OK)
      ga_tensor_unref(t);
  }
  if (st == GA_OK) /* a conversion keeps the value as it was; other results narrow */
    t->narrow = ga_class_is_complex(cls) && (op != GA_UOP_CAST || in->narrow);
  return st == GA_OK ? publish(t, out) : st;
}

/* ---- reductions ------------------------------------------------------------------- */

static ga_class reduce_class(ga_reduce_op op, ga_class in, ga_sum_type type)
{
  if (ga_class_is_complex(in) && (op == GA_RED_SUM || op == GA_RED_PROD))
    return type == GA_SUM_DOUBLE ? GA_CDOUBLE : in;
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

const char *ga_reduce_name(ga_reduce_op op) { return (unsigned)op < GA_NREDUCE ? reduce_names[op] : "?"; }

ga_status ga_reduce(ga_reduce_op op, ga_id id, int dim, ga_sum_type type, ga_id *out, ga_id *index)
{
  return ga_reduce_dims(op, id, dim, dim, type, out, index);
}

ga_status ga_reduce_dims(ga_reduce_op op, ga_id id, int dim, int dim_last, ga_sum_type type, ga_id *out,
                         ga_id *index)
{
  ga_status st = ga_init();
  ga_tensor *in;
  if (st != GA_OK || (st = ga_handles_get(id, &in)) != GA_OK)
    return st;
  if ((unsigned)op >= GA_NREDUCE)
    return ga_fail(GA_ERR_ARG, "unknown reduction");
  if (op == GA_RED_SUM && ga_class_is_complex(in->cls) && in->numel > 0) {
    /* a complex sum is the sums of the parts: two fused real reductions on the device */
    if (in->lazy && expr_is_costly(in) && (st = ga_tensor_materialize(in)) != GA_OK)
      return st;
    ga_tensor *parts[2] = {NULL, NULL};
    ga_id pid[2] = {0, 0}, sid[2] = {0, 0};
    for (int k = 0; k < 2 && st == GA_OK; k++)
      if ((st = derive(in, true, k ? GA_UOP_IMAG : GA_UOP_REAL, 0, 0, &parts[k])) == GA_OK &&
          (st = ga_handles_insert(parts[k], &pid[k])) != GA_OK)
        ga_tensor_unref(parts[k]);
      else if (st == GA_OK)
        st = ga_reduce_dims(op, pid[k], dim, dim_last, type, &sid[k], NULL);
    if (st == GA_OK) {
      ga_operand re = {.id = sid[0]}, im = {.id = sid[1]};
      ga_tensor *t = NULL;
      if ((st = ga_binary(GA_OP_COMPLEX, &re, &im, out)) == GA_OK && ga_handles_peek(*out, &t) == GA_OK)
        t->narrow = true; /* Octave narrows sums */
    }
    for (int k = 0; k < 2; k++) {
      if (pid[k])
        ga_release(pid[k]);
      if (sid[k])
        ga_release(sid[k]);
    }
    return st;
  }
  /* max orders complex values differently; a complex product of Inf by (x, 0) is not
   * the real one (Inf * (2+0i) has a NaN part) */
  if ((op == GA_RED_MAX || op == GA_RED_MIN || op == GA_RED_PROD) && ga_class_is_complex(in->cls) &&
      (st = ga_settle_tensor(id, &in)) != GA_OK)
    return st;
  if (dim < 0)
    return ga_fail(GA_ERR_ARG, "%s: invalid dimension DIM = %d", reduce_names[op], dim);
  if (dim == 0 ? dim_last != 0 : dim_last < dim)
    return ga_fail(GA_ERR_ARG, "%s: invalid dimension range %d..%d", reduce_names[op], dim, dim_last);

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
    dim_last = dim;
  }
  /* dimensions dim..dim_last are adjacent in memory: one reduction over their product */
  ga_reduce_desc d = {.op = op, .in = &in->buf, .in_cls = in->cls, .out_cls = reduce_class(op, in->cls, type),
                      .inner = 1, .n = 1, .outer = 1};
  for (int k = 0; k < ndims; k++) {
    if (k < dim - 1)
      d.inner *= dims[k];
    else if (k <= dim_last - 1)
      d.n *= dims[k];
    else
      d.outer *= dims[k];
  }
  /* past the last dimension every dimension is a singleton: the shape stays */
  int64_t odims[GA_MAX_DIMS];
  memcpy(odims, dims, sizeof odims);
  for (int k = dim - 1; k < dim_last && k < ndims; k++) /* an extremum of nothing is nothing: 0 stays */
    odims[k] = extremum && d.n == 0 ? 0 : 1;
  int ondims = ndims;
  ga_shape_normalize(&ondims, odims);
  ga_tensor *t = NULL, *ti = NULL;
  if ((st = ga_tensor_new(d.out_cls, ondims, odims, &t)) != GA_OK)
    return st;
  if (extremum && index && (st = ga_tensor_new(GA_DOUBLE, ondims, odims, &ti)) != GA_OK) {
    ga_tensor_unref(t);
    return st;
  }
  d.out = &t->buf;
  d.out_index = ti ? &ti->buf : NULL;
  if (t->numel > 0 && in->lazy && expr_is_costly(in)) {
    if ((st = ga_tensor_materialize(in)) != GA_OK) {
      ga_tensor_unref(t);
      ga_tensor_unref(ti);
      return st;
    }
    d.in = &in->buf;
  }
  if (in->lazy) {
    d.producer = &in->lazy->x; /* the reduction reads the expression, not memory */
    d.in = NULL;
  }
  if (t->numel > 0 && in->lazy)
    st = ga_lazy_bind(in->lazy);
  if (t->numel > 0 && st == GA_OK) {
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
  t->narrow = ga_class_is_complex(t->cls);
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
