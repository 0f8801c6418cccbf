/* Octave's rules for the class of a binary operation's result and how it is computed. */
#include "ga_internal.h"

static const char *const binop_names[GA_NBINOPS] = {
  "plus", "minus", "times", "rdivide", "power", "eq", "ne", "lt", "le", "gt", "ge", "and", "or", "xor",
  "atan2", "hypot", "mod", "rem", "max", "min", "bitand", "bitor", "bitxor", "bitshift", "complex",
  "gammainc", "gammainc_upper", "gammainc_scaledlower", "gammainc_scaledupper",
  "gammaincinv", "gammaincinv_upper", "gammaincinv_scalar", "gammaincinv_upper_scalar"};
static const char *const binop_symbols[GA_NBINOPS] = {
  "+", "-", ".*", "./", ".^", "==", "!=", "<", "<=", ">", ">=", "&", "|", "xor",
  "atan2", "hypot", "mod", "rem", "max", "min", "bitand", "bitor", "bitxor", "bitshift", "complex",
  "gammainc", "gammainc", "gammainc", "gammainc", "gammaincinv", "gammaincinv", "gammaincinv", "gammaincinv"};
static const char *const unop_names[GA_NUNOPS] = {
  "uminus", "not", "abs", "sign", "floor", "ceil", "round", "fix", "isnan", "isinf", "isfinite", "cast",
  "sqrt", "exp", "expm1", "log", "log2", "log10", "log1p", "sin", "cos", "tan", "asin", "acos", "atan",
  "sinh", "cosh", "tanh", "asinh", "acosh", "atanh", "cbrt", "erf", "erfc", "gamma", "lgamma",
  "erfinv", "erfcinv", "signbit", "real", "imag", "angle", "conj", "erfcx", "psi", "expint", "eps",
  "frexp_sig", "frexp_exp"};

static const char *const terop_names[GA_NTEROPS] = {"betainc", "betainc_upper", "betaincinv", "betaincinv_upper"};

const char *ga_terop_name(ga_terop op) { return (unsigned)op < GA_NTEROPS ? terop_names[op] : "?"; }
bool ga_terop_is_betaincinv(ga_terop op) { return op == GA_TOP_BETAINCINV || op == GA_TOP_BETAINCINV_UPPER; }

bool ga_unop_is_function(ga_unop op)
{
  return (op >= GA_UOP_SQRT && op <= GA_UOP_LGAMMA) || op == GA_UOP_ERFINV || op == GA_UOP_ERFCINV ||
         op == GA_UOP_ERFCX || op == GA_UOP_PSI || op == GA_UOP_EXPINT;
}

bool ga_binop_is_logic(ga_binop op) { return op >= GA_OP_AND && op <= GA_OP_XOR; }
bool ga_binop_is_function(ga_binop op)
{
  return (op >= GA_OP_ATAN2 && op <= GA_OP_BITSHIFT) || ga_binop_is_gammainc(op) || ga_binop_is_gammaincinv(op);
}
bool ga_binop_is_gammainc(ga_binop op) { return op >= GA_OP_GAMMAINC && op <= GA_OP_GAMMAINC_SCALEDUPPER; }
bool ga_binop_is_gammaincinv(ga_binop op) { return op >= GA_OP_GAMMAINCINV && op <= GA_OP_GAMMAINCINV_UPPER_SCALAR; }
bool ga_binop_is_bitwise(ga_binop op) { return op >= GA_OP_BITAND && op <= GA_OP_BITSHIFT; }

const char *ga_unop_name(ga_unop op) { return (unsigned)op < GA_NUNOPS ? unop_names[op] : "?"; }

bool ga_binop_is_comparison(ga_binop op) { return op >= GA_OP_EQ && op <= GA_OP_GE; }

ga_class ga_unary_result_class(ga_unop op, ga_class in, ga_class to)
{
  bool z = ga_class_is_complex(in);
  switch (op) {
  case GA_UOP_REAL: case GA_UOP_IMAG: case GA_UOP_CONJ: /* real (int8 (3)) is int8 */
    return z ? (op == GA_UOP_CONJ ? in : ga_class_real_part(in)) : in == GA_LOGICAL ? GA_DOUBLE : in;
  case GA_UOP_ANGLE: return z ? ga_class_real_part(in) : in == GA_SINGLE ? GA_SINGLE : GA_DOUBLE;
  case GA_UOP_ABS: if (z) return ga_class_real_part(in); break;
  case GA_UOP_EPS: return z ? ga_class_real_part(in) : in; /* of the real part, as Octave's */
  case GA_UOP_FREXP_SIG: case GA_UOP_FREXP_EXP: /* log2 (int8 (3)) computes in double; e of |z| is real */
    if (z)
      return op == GA_UOP_FREXP_SIG ? in : ga_class_real_part(in);
    return ga_class_is_float(in) ? in : GA_DOUBLE;
  case GA_UOP_CAST: /* double (z) keeps z complex */
    return z && ga_class_is_float(to) ? ga_class_complex_of(to) : to;
  default: break;
  }
  switch (op) {
  case GA_UOP_NOT: case GA_UOP_ISNAN: case GA_UOP_ISINF: case GA_UOP_ISFINITE: case GA_UOP_SIGNBIT:
    return GA_LOGICAL;
  case GA_UOP_CAST: return to;
  default:
    if (ga_unop_is_function(op)) /* sqrt (int8 (4)) is a double in Octave */
      return ga_class_is_float(in) || z ? in : GA_DOUBLE;
    return in == GA_LOGICAL ? GA_DOUBLE : in; /* -true, abs (true): double */
  }
}

const char *ga_binop_name(ga_binop op) { return (unsigned)op < GA_NBINOPS ? binop_names[op] : "?"; }
const char *ga_binop_symbol(ga_binop op) { return (unsigned)op < GA_NBINOPS ? binop_symbols[op] : "?"; }

/* Octave: integer wins over everything but a different integer class (an error);
 * otherwise single wins over double and logical; logical with logical gives double. */
/* The functions of two arrays, each with Octave's own rules (the operand classes
 * Octave 7.3 accepts were tabulated from octave-cli, every pair of classes). */
static ga_status function_result_class(ga_binop op, ga_class a, ga_class b, ga_class *out)
{
  bool ia = ga_class_is_int(a), ib = ga_class_is_int(b);
  bool la = a == GA_LOGICAL, lb = b == GA_LOGICAL;
  bool single = a == GA_SINGLE || b == GA_SINGLE;
  switch (op) {
  case GA_OP_ATAN2: case GA_OP_HYPOT: /* integers compute in double; logical is refused */
  case GA_OP_GAMMAINC: case GA_OP_GAMMAINC_UPPER: case GA_OP_GAMMAINC_SCALEDLOWER: case GA_OP_GAMMAINC_SCALEDUPPER:
  /* gammaincinv.m the same (its gpuArray method hands logical operands to Octave: a
   * logical Y fails there in eps ("logical")) */
  case GA_OP_GAMMAINCINV: case GA_OP_GAMMAINCINV_UPPER: case GA_OP_GAMMAINCINV_SCALAR:
  case GA_OP_GAMMAINCINV_UPPER_SCALAR:
    if (la || lb)
      return GA_ERR_CLASS;
    *out = single ? GA_SINGLE : GA_DOUBLE;
    return GA_OK;
  case GA_OP_MOD: case GA_OP_REM:
    if (la || lb || (ia && ib && a != b))
      return GA_ERR_CLASS;
    *out = ia ? a : ib ? b : single ? GA_SINGLE : GA_DOUBLE;
    return GA_OK;
  case GA_OP_MAX: case GA_OP_MIN:
    /* Octave's btyp_mixed_numeric: two signed (or two unsigned) integer classes give
     * the wider one; a signed with an unsigned one is refused */
    if (ia && ib) {
      if (ga_class_is_signed(a) != ga_class_is_signed(b))
        return GA_ERR_CLASS;
      *out = ga_class_size(a) >= ga_class_size(b) ? a : b;
    } else {
      *out = ia ? a : ib ? b : single ? GA_SINGLE : (la && lb) ? GA_LOGICAL : GA_DOUBLE;
    }
    return GA_OK;
  case GA_OP_BITSHIFT:
    if (la)
      return GA_ERR_CLASS;
    *out = a;
    return GA_OK;
  default: /* bitand, bitor, bitxor */
    if (ia && ib && a != b)
      return GA_ERR_CLASS;
    *out = ia ? a : ib ? b : single ? GA_SINGLE : (la && lb) ? GA_LOGICAL : GA_DOUBLE;
    return GA_OK;
  }
}

ga_status ga_binary_result_class(ga_binop op, ga_class a, ga_class b, ga_class *out)
{
  bool za = ga_class_is_complex(a), zb = ga_class_is_complex(b);
  if (op == GA_OP_COMPLEX) { /* complex (int8 (1), 2) is complex double */
    if (za || zb)
      return GA_ERR_CLASS;
    *out = a == GA_SINGLE || b == GA_SINGLE ? GA_CSINGLE : GA_CDOUBLE;
    return GA_OK;
  }
  if (za || zb) { /* Octave defines no operator of complex and integer values */
    bool extremum = op == GA_OP_MAX || op == GA_OP_MIN;
    if (ga_class_is_int(a) || ga_class_is_int(b) || (ga_binop_is_function(op) && !extremum))
      return GA_ERR_CLASS;
    if (ga_binop_is_comparison(op) || ga_binop_is_logic(op)) {
      *out = GA_LOGICAL;
      return GA_OK;
    }
    bool single = ga_class_real_part(a) == GA_SINGLE || ga_class_real_part(b) == GA_SINGLE;
    *out = single ? GA_CSINGLE : GA_CDOUBLE;
    return GA_OK;
  }
  if (ga_binop_is_function(op))
    return function_result_class(op, a, b, out);
  if (op >= GA_OP_EQ) {
    /* comparisons and xor take any classes; & and | refuse two integer classes */
    if ((op == GA_OP_AND || op == GA_OP_OR) && ga_class_is_int(a) && ga_class_is_int(b) && a != b)
      return GA_ERR_CLASS;
    *out = GA_LOGICAL;
    return GA_OK;
  }
  bool ia = ga_class_is_int(a), ib = ga_class_is_int(b);
  if (ia && ib) {
    if (a != b)
      return GA_ERR_CLASS;
    *out = a;
  } else if (ia) {
    *out = a;
  } else if (ib) {
    *out = b;
  } else if (a == GA_SINGLE || b == GA_SINGLE) {
    *out = GA_SINGLE;
  } else {
    *out = GA_DOUBLE;
  }
  return GA_OK;
}

ga_compute_mode ga_binary_compute_mode(ga_binop op, ga_class a, ga_class b, ga_class out)
{
  if (ga_class_is_complex(a) || ga_class_is_complex(b) || ga_class_is_complex(out)) {
    /* complex comparisons in single when either side is single (Octave converts the
     * double side); the rest in the result's precision */
    bool single = ga_class_real_part(a) == GA_SINGLE || ga_class_real_part(b) == GA_SINGLE;
    if (ga_binop_is_comparison(op))
      return single ? GA_CM_CMP_SINGLE : GA_CM_CMP_DOUBLE;
    return ga_binop_is_logic(op) ? GA_CM_LOGIC : GA_CM_FLOAT;
  }
  if (ga_binop_is_function(op)) /* operands converted to the result's class first: exact */
    return ga_class_is_float(out) ? GA_CM_FLOAT : out == GA_LOGICAL ? GA_CM_LOGIC : GA_CM_INT_EXACT;
  if (ga_binop_is_logic(op))
    return GA_CM_LOGIC;
  if (ga_binop_is_comparison(op)) {
    bool wa = ga_class_is_wide_int(a), wb = ga_class_is_wide_int(b);
    if (wa || wb)
      return ga_class_is_float(a) || ga_class_is_float(b) ? GA_CM_CMP_MIXED64 : GA_CM_CMP_INT64;
    bool single = (a == GA_SINGLE && !ga_class_is_int(b)) || (b == GA_SINGLE && !ga_class_is_int(a));
    return single ? GA_CM_CMP_SINGLE : GA_CM_CMP_DOUBLE;
  }
  if (ga_class_is_float(out))
    return GA_CM_FLOAT;
  if (!ga_class_is_wide_int(out))
    return GA_CM_INT_DOUBLE;
  if (ga_class_is_float(a) || ga_class_is_float(b))
    return GA_CM_INT_MIXED64;
  return GA_CM_INT_EXACT;
}
