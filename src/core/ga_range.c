/* What is known of a value's range without reading it: nonnegative, at least 1, within
 * [-1, 1], nonnegative without -0 (NaN aside, which never makes a result complex). Real functions whose Octave
 * result turns complex outside a domain (sqrt, log, acosh, asin, ...) must otherwise check
 * the data first, which is a pass over it and a wait for the answer. The facts come from
 * three places: the structure of a pending expression (sqrt (x.^2 + 1)), generators
 * (rand is in (0, 1)), and what an earlier check or materialisation learnt about a
 * tensor, which stays true because a tensor's value never changes (an assignment in
 * place gives a new tensor: ga_patch_apply). */
#include "ga_internal.h"

#include <math.h>

static int scalar_range(double v)
{
  return (v >= 0 ? GA_RANGE_NONNEG : 0) | (v >= 1 ? GA_RANGE_GE1 : 0) | (fabs(v) <= 1 ? GA_RANGE_UNIT : 0) |
         (v > 0 || (v == 0 && !signbit(v)) ? GA_RANGE_PLUS : 0);
}

static int class_range(ga_class cls)
{
  if (cls == GA_LOGICAL)
    return GA_RANGE_NONNEG | GA_RANGE_UNIT | GA_RANGE_PLUS;
  if (ga_class_is_int(cls) && !ga_class_is_signed(cls))
    return GA_RANGE_NONNEG | GA_RANGE_PLUS;
  return 0;
}

static int node_range(const ga_lazy *lz, int j, int depth)
{
  const ga_expr *x = &lz->x;
  const ga_xnode *n = &x->nodes[j];
  if (depth > 32)
    return 0;
  if (ga_class_is_complex(n->cls))
    return 0;
  int c = class_range(n->cls);
  if (c)
    return c;
  switch (n->kind) {
  case GA_X_INPUT: {
    const ga_tensor *leaf = lz->leaves[n->slot];
    /* a leaf read as another class keeps its facts only where the conversion is monotone
     * and exact at 0, 1 and -1 (float to float, integer to float) */
    return leaf && ga_class_is_float(n->cls) ? ga_range_of(leaf) : 0;
  }
  case GA_X_SCALAR: {
    const ga_scalar *s = &x->scalars[n->slot];
    return scalar_range(ga_class_is_int(s->cls) ? (double)s->v.i : s->v.f);
  }
  case GA_X_RANDOM:
    switch (n->gen) {
    case GA_GEN_UNIFORM: return GA_RANGE_NONNEG | GA_RANGE_UNIT | GA_RANGE_PLUS;
    case GA_GEN_INTEGER: return GA_RANGE_NONNEG | GA_RANGE_PLUS; /* 0 .. m-1, shifted by a separate node */
    case GA_GEN_PERM: return GA_RANGE_NONNEG | GA_RANGE_GE1 | GA_RANGE_PLUS;
    default: return 0;
    }
  case GA_X_INDEX:
    return n->gen == GA_GEN_EYE ? GA_RANGE_NONNEG | GA_RANGE_UNIT | GA_RANGE_PLUS : 0;
  case GA_X_UNARY: {
    int a = node_range(lz, n->a, depth + 1);
    switch (n->uop) {
    case GA_UOP_ABS: case GA_UOP_EXP: case GA_UOP_ERFC: case GA_UOP_ERFCX: case GA_UOP_EPS:
      return GA_RANGE_NONNEG | GA_RANGE_PLUS;
    case GA_UOP_SQRT: return GA_RANGE_NONNEG | (a & GA_RANGE_PLUS); /* sqrt (-0) is -0 */
    case GA_UOP_COSH: return GA_RANGE_NONNEG | GA_RANGE_GE1 | GA_RANGE_PLUS;
    case GA_UOP_SIN: case GA_UOP_COS: case GA_UOP_TANH: case GA_UOP_ERF: return GA_RANGE_UNIT;
    /* ceil (-0.5) is -0, but not from values >= +0 */
    case GA_UOP_FLOOR: case GA_UOP_CEIL: case GA_UOP_ROUND: case GA_UOP_FIX:
      return a & (GA_RANGE_NONNEG | GA_RANGE_GE1 | GA_RANGE_PLUS);
    case GA_UOP_CAST: return ga_class_is_float(n->cls) ? a : 0;
    default: return 0;
    }
  }
  case GA_X_TERNARY: /* betainc is in [0, 1] in exact arithmetic, but Octave's 1 - y need not be */
    return 0;
  case GA_X_BINARY:
    break;
  }
  if (n->mode != GA_CM_FLOAT)
    return 0;
  int a = node_range(lz, n->a, depth + 1), b = node_range(lz, n->b, depth + 1);
  switch (n->op) {
  case GA_OP_PLUS: /* +0 + +0 is +0 */
    return ((a & b) & (GA_RANGE_NONNEG | GA_RANGE_PLUS)) |
           (((a & GA_RANGE_GE1) && (b & GA_RANGE_NONNEG)) || ((b & GA_RANGE_GE1) && (a & GA_RANGE_NONNEG)) ? GA_RANGE_GE1 : 0);
  case GA_OP_TIMES:
    if (n->a == n->b) /* x .* x: (-0) .* (-0) is +0 */
      return GA_RANGE_NONNEG | GA_RANGE_PLUS | (a & GA_RANGE_GE1);
    return (a & b) & (GA_RANGE_NONNEG | GA_RANGE_GE1 | GA_RANGE_UNIT | GA_RANGE_PLUS);
  case GA_OP_RDIVIDE: return (a & b) & (GA_RANGE_NONNEG | GA_RANGE_PLUS);
  case GA_OP_POWER: {
    const ga_xnode *e = &x->nodes[n->b];
    if (e->kind == GA_X_SCALAR && !ga_class_is_int(e->cls)) {
      double y = x->scalars[e->slot].v.f;
      if (y == 2 * floor(y / 2) && fabs(y) < 2147483648.0) /* an even integer power */
        return GA_RANGE_NONNEG | GA_RANGE_PLUS | (y > 0 ? a & GA_RANGE_GE1 : 0);
    }
    return a & (GA_RANGE_NONNEG | GA_RANGE_PLUS);
  }
  case GA_OP_HYPOT: return GA_RANGE_NONNEG | GA_RANGE_PLUS;
  /* Octave's max and min skip a NaN operand, so one operand's facts hold for the result
   * only where it is never NaN, a scalar: max (x, 0) is never negative (a -0 of x stays,
   * which sqrt and log take as real), but max (x, y) is x where y is NaN */
  case GA_OP_MAX: {
    int sa = x->nodes[n->a].kind == GA_X_SCALAR ? a : 0, sb = x->nodes[n->b].kind == GA_X_SCALAR ? b : 0;
    return ((sa | sb) & (GA_RANGE_NONNEG | GA_RANGE_GE1)) |
           (a & b & (GA_RANGE_NONNEG | GA_RANGE_GE1 | GA_RANGE_UNIT | GA_RANGE_PLUS));
  }
  case GA_OP_MIN: return a & b & (GA_RANGE_NONNEG | GA_RANGE_GE1 | GA_RANGE_UNIT | GA_RANGE_PLUS);
  default: return 0;
  }
}

int ga_range_of(const ga_tensor *t)
{
  if (ga_class_is_complex(t->cls))
    return 0;
  int r = t->range | class_range(t->cls);
  if (t->lazy)
    r |= node_range(t->lazy, t->lazy->x.nnodes - 1, 0);
  else if (t->owner) /* a reshape: the same values */
    r |= ga_range_of(t->owner);
  return r;
}

void ga_range_learn(ga_tensor *t, int facts)
{
  if (!ga_class_is_complex(t->cls))
    t->range |= (unsigned char)facts;
}

void ga_range_keep(ga_tensor *t)
{
  if (t->lazy)
    ga_range_learn(t, ga_range_of(t));
}
