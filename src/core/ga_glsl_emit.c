/* GLSL emitters for elementwise kernels. A kernel handles a packet of four elements
 * per invocation so that every load and store is a 16- or 32-byte vector access. */
#include "ga_glsl_emit.h"
#include "ga_vk.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *ga_glsl_type(ga_class c)
{
  switch (c) {
  case GA_DOUBLE: return "double";
  case GA_SINGLE: return "float";
  case GA_INT8: case GA_INT16: case GA_INT32: return "int";
  case GA_INT64: return "int64_t";
  case GA_UINT64: return "uint64_t";
  case GA_CDOUBLE: return "dvec2";
  case GA_CSINGLE: return "vec2";
  default: return "uint"; /* uint8..uint32, logical (0/1) */
  }
}

const char *ga_glsl_suffix(ga_class c)
{
  return c == GA_CDOUBLE ? "cdouble" : c == GA_CSINGLE ? "csingle" : ga_class_name(c);
}

static bool input_broadcast(const ga_expr *x, int i)
{
  return !x->input_strided[i] && ga_expr_input_numel(x, i) == 1 && x->numel != 1;
}

static bool has_views(const ga_expr *x)
{
  for (int i = 0; x && i < x->ninputs; i++)
    if (x->input_strided[i])
      return true;
  return false;
}

/* `T name[4]` from a strided input (shaders/ga_common.glsl, ga_view_pos4): element by
 * element, since neighbours in the output need not be neighbours in memory. */
static void emit_view_packet_load(ga_strbuf *b, const char *name, ga_class c, const char *desc)
{
  const char *t = ga_glsl_type(c);
  ga_sb_printf(b, "  %s %s[4];\n  {\n    GaView vw = GaView(%s);\n    int64_t q[4];\n"
                  "    ga_view_pos4(vw, 4ul * p, pc.n - 1ul, q);\n    uint64_t a = vw.w[0];\n"
                  "    for (int l = 0; l < 4; l++)\n      %s[l] = %s(ga_ld_%s(a, uint64_t(q[l])));\n  }\n",
               t, name, desc, name, t, ga_glsl_suffix(c));
}

/* How a packet of four elements of a class is laid out in memory. */
static void packet_shape(ga_class c, const char **vec_ref, const char **vec_type, int *vec_count, int *bytes)
{
  switch (c) {
  case GA_DOUBLE: *vec_ref = "GaF64x2"; *vec_type = "dvec2"; *vec_count = 2; *bytes = 32; break;
  case GA_INT64: *vec_ref = "GaI64x2"; *vec_type = "i64vec2"; *vec_count = 2; *bytes = 32; break;
  case GA_UINT64: *vec_ref = "GaU64x2"; *vec_type = "u64vec2"; *vec_count = 2; *bytes = 32; break;
  case GA_SINGLE: *vec_ref = "GaF32x4"; *vec_type = "vec4"; *vec_count = 1; *bytes = 16; break;
  case GA_INT32: *vec_ref = "GaI32x4"; *vec_type = "ivec4"; *vec_count = 1; *bytes = 16; break;
  case GA_UINT32: *vec_ref = "GaU32x4"; *vec_type = "uvec4"; *vec_count = 1; *bytes = 16; break;
  case GA_INT16: case GA_UINT16: *vec_ref = "GaU32x2"; *vec_type = "uvec2"; *vec_count = 1; *bytes = 8; break;
  default: *vec_ref = "GaU32"; *vec_type = "uint"; *vec_count = 1; *bytes = 4; break;
  }
}

void ga_glsl_emit_packet_load(ga_strbuf *b, const char *name, ga_class c, const char *addr, bool broadcast)
{
  const char *t = ga_glsl_type(c);
  if (broadcast) {
    ga_sb_printf(b, "  %s %s_1 = %s(ga_ld_%s(%s, 0ul));\n", t, name, t, ga_glsl_suffix(c), addr);
    ga_sb_printf(b, "  %s %s[4] = %s[4](%s_1, %s_1, %s_1, %s_1);\n", t, name, t, name, name, name, name);
    return;
  }
  if (ga_class_is_complex(c)) { /* 16 or 8 bytes an element: one vector load each */
    ga_sb_printf(b, "  %s %s[4];\n  for (int l = 0; l < 4; l++)\n    %s[l] = ga_ld_%s(%s, 4ul * p + uint64_t(l));\n", t,
                 name, name, ga_glsl_suffix(c), addr);
    return;
  }
  const char *ref, *vt;
  int count, bytes;
  packet_shape(c, &ref, &vt, &count, &bytes);
  if (count == 2) {
    ga_sb_printf(b, "  %s %s_a = %s(%s + %dul * p).v, %s_b = %s(%s + %dul * p + 16ul).v;\n", vt, name, ref, addr,
                 bytes, name, ref, addr, bytes);
    ga_sb_printf(b, "  %s %s[4] = %s[4](%s_a.x, %s_a.y, %s_b.x, %s_b.y);\n", t, name, t, name, name, name, name);
    return;
  }
  ga_sb_printf(b, "  %s %s_w = %s(%s + %dul * p).v;\n", vt, name, ref, addr, bytes);
  switch (c) {
  case GA_SINGLE: case GA_INT32: case GA_UINT32:
    ga_sb_printf(b, "  %s %s[4] = %s[4](%s_w.x, %s_w.y, %s_w.z, %s_w.w);\n", t, name, t, name, name, name, name);
    break;
  case GA_INT16: case GA_UINT16: {
    const char *cast = c == GA_INT16 ? "int" : "";
    ga_sb_printf(b, "  %s %s[4] = %s[4](bitfieldExtract(%s(%s_w.x), 0, 16), bitfieldExtract(%s(%s_w.x), 16, 16), "
                    "bitfieldExtract(%s(%s_w.y), 0, 16), bitfieldExtract(%s(%s_w.y), 16, 16));\n",
                 t, name, t, cast, name, cast, name, cast, name, cast, name);
  } break;
  default: {
    const char *cast = c == GA_INT8 ? "int" : "";
    ga_sb_printf(b, "  %s %s[4];\n  for (int l = 0; l < 4; l++)\n    %s[l] = bitfieldExtract(%s(%s_w), 8 * l, 8);\n",
                 t, name, name, cast, name);
    if (c == GA_LOGICAL)
      ga_sb_printf(b, "  for (int l = 0; l < 4; l++)\n    %s[l] = %s[l] != 0u ? 1u : 0u;\n", name, name);
  } break;
  }
}

void ga_glsl_emit_scalar(ga_strbuf *b, const char *name, ga_class c, const char *bits)
{
  const char *t = ga_glsl_type(c);
  switch (c) {
  case GA_DOUBLE: ga_sb_printf(b, "  double %s = uint64BitsToDouble(%s);\n", name, bits); break;
  case GA_SINGLE: ga_sb_printf(b, "  float %s = ga_f(uint64BitsToDouble(%s));\n", name, bits); break;
  case GA_LOGICAL: ga_sb_printf(b, "  uint %s = uint64BitsToDouble(%s) != 0.0 ? 1u : 0u;\n", name, bits); break;
  case GA_INT64: case GA_UINT64: ga_sb_printf(b, "  %s %s = %s(%s);\n", t, name, t, bits); break;
  default:
    ga_sb_printf(b, "  %s %s = %s(%s(%s));\n", t, name, t, ga_class_is_signed(c) ? "int64_t" : "uint64_t", bits);
    break;
  }
}

static const char *op_word(ga_binop op)
{
  switch (op) {
  case GA_OP_PLUS: return "add";
  case GA_OP_MINUS: return "sub";
  case GA_OP_TIMES: return "mul";
  case GA_OP_POWER: return "pow";
  default: return "div";
  }
}

static const char *op_sign(ga_binop op)
{
  switch (op) {
  case GA_OP_PLUS: return "+";
  case GA_OP_MINUS: return "-";
  default: return "*";
  }
}

/* a op b in the floating type ft. Operands convert through ga_d and ga_f, and single
 * arithmetic goes through ga_<op>_f, so a device that flushes single subnormals can
 * compute singles in double (shaders/ga_common.glsl). */
static void emit_float_op(ga_strbuf *b, ga_binop op, const char *ft, const char *a, const char *bb)
{
  bool single = strcmp(ft, "float") == 0;
  const char *cv = single ? "ga_f" : "ga_d";
  if (op == GA_OP_POWER) /* Octave's exact cases only (see ga_glsl_elementwise_supported) */
    ga_sb_printf(b, "ga_pow_exact_%s(%s(%s), %s(%s))", single ? "single" : "double", cv, a, cv, bb);
  else if (op == GA_OP_RDIVIDE)
    ga_sb_printf(b, "ga_div_%s(%s(%s), %s(%s))", single ? "single" : "double", cv, a, cv, bb);
  else if (single)
    ga_sb_printf(b, "ga_%s_f(ga_f(%s), ga_f(%s))", op_word(op), a, bb);
  else
    ga_sb_printf(b, "(ga_d(%s) %s ga_d(%s))", a, op_sign(op), bb);
}

static const char *cmp_word(ga_binop op)
{
  static const char *const w[] = {"eq", "ne", "lt", "le", "gt", "ge"};
  return w[op - GA_OP_EQ];
}

static const char *cmp_sign(ga_binop op)
{
  static const char *const w[] = {"==", "!=", "<", "<=", ">", ">="};
  return w[op - GA_OP_EQ];
}

/* An exact comparison with at least one 64-bit integer operand: ga_holds_op (cmp). */
static void emit_cmp64(ga_strbuf *b, const ga_xnode *n, ga_class ca, const char *a, ga_class cb, const char *bexpr)
{
  bool fa = !ga_class_is_int(ca) && ca != GA_LOGICAL, fb = !ga_class_is_int(cb) && cb != GA_LOGICAL;
  bool ua = ca == GA_UINT64, ub = cb == GA_UINT64;
  ga_sb_printf(b, "ga_holds_%s(", cmp_word(n->op));
  if (fa || fb) { /* the integer side is 64-bit here */
    const char *i = fa ? bexpr : a, *f = fa ? a : bexpr;
    bool u = fa ? ub : ua;
    ga_sb_printf(b, "%sga_cmp_%s_f64(%s(%s), double(%s)))", fa ? "-" : "", u ? "u64" : "i64", u ? "uint64_t" : "int64_t",
                 i, f);
  } else if (ua && ub) {
    ga_sb_printf(b, "ga_cmp_u64(uint64_t(%s), uint64_t(%s)))", a, bexpr);
  } else if (ua || ub) {
    const char *i = ua ? bexpr : a, *u = ua ? a : bexpr;
    ga_class ci = ua ? cb : ca;
    if (ga_class_is_signed(ci) && ci != GA_INT64)
      ga_sb_printf(b, "%sga_cmp_i32_u64(int(%s), uint64_t(%s)))", ua ? "-" : "", i, u);
    else
      ga_sb_printf(b, "%sga_cmp_i64_u64(int64_t(%s), uint64_t(%s)))", ua ? "-" : "", i, u);
  } else {
    ga_sb_printf(b, "ga_cmp_i64(int64_t(%s), int64_t(%s)))", a, bexpr);
  }
}

/* "x != 0" for a value of class c; single by its bits (a flushed compare misses subnormals) */
static void emit_nonzero(char *out, size_t cap, ga_class c, const char *x)
{
  if (c == GA_SINGLE)
    snprintf(out, cap, "ga_nz_f(%s)", x);
  else
    snprintf(out, cap, "(%s != %s(0))", x, ga_glsl_type(c));
}

static void emit_cast(ga_strbuf *b, ga_class from, const char *a, ga_class to);

/* atan2 .. bitshift (shaders/ga_math.glsl): operands converted to the result's class
 * first, as Octave does, then its function of that class. */
static void emit_function(ga_strbuf *b, const ga_xnode *n, ga_class ca, const char *a, ga_class cb, const char *bexpr)
{
  ga_class c = n->cls;
  bool single = c == GA_SINGLE;
  const char *mode = n->op == GA_OP_MOD ? "true" : "false";
  if (n->op == GA_OP_BITSHIFT) {
    if (ga_class_is_float(c)) {
      ga_sb_printf(b, single ? "ga_f(ga_bitshift_float(ga_d(%s), ga_shift_count(ga_d(%s)), true))"
                             : "ga_bitshift_float(ga_d(%s), ga_shift_count(ga_d(%s)), false)", a, bexpr);
    } else if (ga_class_is_signed(c)) {
      ga_sb_printf(b, "%s(ga_bitshift_signed(int64_t(%s), ga_shift_count(ga_d(%s)), %d))", ga_glsl_type(c), a, bexpr,
                   (int)ga_class_size(c) * 8);
    } else {
      ga_sb_printf(b, "%s(ga_bitshift_unsigned(uint64_t(%s), ga_shift_count(ga_d(%s)), %d))", ga_glsl_type(c), a,
                   bexpr, (int)ga_class_size(c) * 8);
    }
    return;
  }
  if (c == GA_LOGICAL) {
    const char *op = (n->op == GA_OP_MAX || n->op == GA_OP_BITOR) ? "|" : n->op == GA_OP_BITXOR ? "^" : "&";
    ga_sb_printf(b, "(uint(%s) %s uint(%s))", a, op, bexpr);
    return;
  }
  ga_strbuf x = {0}, y = {0};
  emit_cast(&x, ca, a, c); /* to the result's class: ga_f/ga_d for floating ones */
  emit_cast(&y, cb, bexpr, c);
  const char *xs = x.s ? x.s : a, *ys = y.s ? y.s : bexpr;
  if (ga_class_is_float(c)) {
    switch (n->op) {
    case GA_OP_ATAN2: case GA_OP_HYPOT: /* singles: ga_math.glsl's float forms */
      ga_sb_printf(b, single ? "ga_%sf_single(%s, %s)" : "ga_%s_d(%s, %s)", ga_binop_name(n->op), xs, ys);
      break;
    case GA_OP_MOD: case GA_OP_REM:
      if (single)
        ga_sb_printf(b, "ga_modrem_single(%s, %s, %s)", mode, xs, ys);
      else
        ga_sb_printf(b, "ga_%s_double(%s, %s)", ga_binop_name(n->op), xs, ys);
      break;
    case GA_OP_MAX: case GA_OP_MIN:
      ga_sb_printf(b, "ga_%s_%s(%s, %s)", ga_binop_name(n->op), single ? "single" : "double", xs, ys);
      break;
    case GA_OP_GAMMAINC: case GA_OP_GAMMAINC_UPPER: case GA_OP_GAMMAINC_SCALEDLOWER: case GA_OP_GAMMAINC_SCALEDUPPER:
      ga_sb_printf(b, single ? "ga_f(ga_gammainc_d(ga_d(%s), ga_d(%s), %d, true))" : "ga_gammainc_d(%s, %s, %d, false)", xs,
                   ys, (int)(n->op - GA_OP_GAMMAINC));
      break;
    case GA_OP_GAMMAINCINV: case GA_OP_GAMMAINCINV_UPPER: case GA_OP_GAMMAINCINV_SCALAR:
    case GA_OP_GAMMAINCINV_UPPER_SCALAR:
      ga_sb_printf(b, single ? "ga_f(ga_gammaincinv_d(ga_d(%s), ga_d(%s), %d, true))" : "ga_gammaincinv_d(%s, %s, %d, false)",
                   xs, ys, (int)(n->op - GA_OP_GAMMAINCINV));
      break;
    default: {
      const char *op = n->op == GA_OP_BITAND ? "&" : n->op == GA_OP_BITOR ? "|" : "^";
      ga_sb_printf(b, "ga_u64_to_%s(ga_bits_of_float(ga_d(%s)) %s ga_bits_of_float(ga_d(%s)))",
                   single ? "single" : "double", xs, op, ys);
    } break;
    }
  } else {
    const char *t = ga_glsl_type(c);
    bool sgn = ga_class_is_signed(c), wide = ga_class_is_wide_int(c);
    switch (n->op) {
    case GA_OP_MAX: ga_sb_printf(b, "max(%s(%s), %s(%s))", t, xs, t, ys); break;
    case GA_OP_MIN: ga_sb_printf(b, "min(%s(%s), %s(%s))", t, xs, t, ys); break;
    case GA_OP_MOD: case GA_OP_REM:
      ga_sb_printf(b, "%s(ga_modrem_%s(%s, %s(%s), %s(%s)))", t, wide ? (sgn ? "int64" : "uint64") : (sgn ? "int" : "uint"),
                   mode, wide ? t : (sgn ? "int" : "uint"), xs, wide ? t : (sgn ? "int" : "uint"), ys);
      break;
    default: {
      /* narrow signed classes are held sign-extended in an int: the bits combine right */
      const char *op = n->op == GA_OP_BITAND ? "&" : n->op == GA_OP_BITOR ? "|" : "^";
      ga_sb_printf(b, "(%s(%s) %s %s(%s))", t, xs, op, t, ys);
    } break;
    }
  }
  free(x.s);
  free(y.s);
}

/* ---- complex nodes (shaders/ga_complex.glsl): in double, singles rounded once -------- */

/* operand x of class c as a dvec2; single: rounded to single first, as Octave converts
 * a double operand of a single operation */
static void emit_as_complex(ga_strbuf *b, ga_class c, const char *x, bool single)
{
  if (ga_class_is_complex(c))
    ga_sb_printf(b, single ? "ga_cd(ga_cf(%s))" : "ga_cd(%s)", x);
  else
    ga_sb_printf(b, single ? "dvec2(ga_d(ga_f(%s)), 0.0lf)" : "dvec2(ga_d(%s), 0.0lf)", x);
}

/* a real operand as a double (rounded to single first for single operations) */
static void emit_as_real(ga_strbuf *b, const char *x, bool single)
{
  ga_sb_printf(b, single ? "ga_d(ga_f(%s))" : "ga_d(%s)", x);
}

/* Whether the generated kernels compute this complex node (else the host does): the
 * arithmetic, equality, logic, the parts and the functions below; ordering, powers and
 * the inverse functions run on the host for now. */
static bool complex_node_supported(const ga_expr *x, const ga_xnode *n)
{
  if (n->kind == GA_X_TERNARY) /* betainc and betaincinv are real functions */
    return !ga_class_is_complex(n->cls) && !ga_class_is_complex(x->nodes[n->a].cls) &&
           !ga_class_is_complex(x->nodes[n->b].cls) && !ga_class_is_complex(x->nodes[n->c].cls);
  if (n->kind == GA_X_UNARY) {
    ga_class ca = x->nodes[n->a].cls;
    if (!ga_class_is_complex(ca) && !ga_class_is_complex(n->cls))
      return true;
    if (!ga_unop_is_function(n->uop))
      return n->uop != GA_UOP_SIGNBIT;
    if (!ga_class_is_complex(ca)) /* real arguments with complex results */
      return n->uop == GA_UOP_SQRT || n->uop == GA_UOP_LOG || n->uop == GA_UOP_LOG2 || n->uop == GA_UOP_LOG10 ||
             n->uop == GA_UOP_LOG1P || n->uop == GA_UOP_LGAMMA;
    switch (n->uop) {
    case GA_UOP_SQRT: case GA_UOP_EXP: case GA_UOP_LOG: case GA_UOP_LOG2: case GA_UOP_LOG10: case GA_UOP_SIN:
    case GA_UOP_COS: case GA_UOP_TAN: case GA_UOP_SINH: case GA_UOP_COSH: case GA_UOP_TANH: case GA_UOP_EXPM1:
    case GA_UOP_LOG1P: case GA_UOP_ERF: case GA_UOP_ERFC: case GA_UOP_ERFCX: case GA_UOP_PSI:
      return true;
    default:
      return false;
    }
  }
  if (n->kind == GA_X_BINARY) {
    bool z = ga_class_is_complex(n->cls) || ga_class_is_complex(x->nodes[n->a].cls) ||
             ga_class_is_complex(x->nodes[n->b].cls) || n->op == GA_OP_COMPLEX;
    if (!z)
      return true;
    switch (n->op) {
    case GA_OP_PLUS: case GA_OP_MINUS: case GA_OP_TIMES: case GA_OP_RDIVIDE: case GA_OP_COMPLEX: case GA_OP_EQ:
    case GA_OP_NE: case GA_OP_AND: case GA_OP_OR: case GA_OP_XOR: case GA_OP_LT: case GA_OP_LE: case GA_OP_GT:
    case GA_OP_GE:
      return true;
    case GA_OP_POWER: case GA_OP_MAX: case GA_OP_MIN:
      return true;
    default:
      return false;
    }
  }
  return true;
}

static bool expr_has_complex(const ga_expr *x)
{
  for (int j = 0; x && j < x->nnodes; j++)
    if (ga_class_is_complex(x->nodes[j].cls))
      return true;
  return false;
}

/* Whether a complex expression calls the complex functions (and so the math library):
 * abs, angle, sign and the elementary functions do; arithmetic does not. */
static bool expr_needs_complex_math(const ga_expr *x)
{
  for (int j = 0; x && j < x->nnodes; j++) {
    const ga_xnode *n = &x->nodes[j];
    if (n->kind != GA_X_UNARY || (!ga_class_is_complex(n->cls) && !ga_class_is_complex(x->nodes[n->a].cls)))
      continue;
    if (ga_unop_is_function(n->uop) || n->uop == GA_UOP_ABS || n->uop == GA_UOP_ANGLE || n->uop == GA_UOP_SIGN ||
        n->uop == GA_UOP_FREXP_SIG || n->uop == GA_UOP_FREXP_EXP)
      return true;
  }
  for (int j = 0; x && j < x->nnodes; j++) { /* ordering and powers */
    const ga_xnode *n = &x->nodes[j];
    bool z = n->kind == GA_X_BINARY && (ga_class_is_complex(n->cls) || ga_class_is_complex(x->nodes[n->a].cls) ||
                                        ga_class_is_complex(x->nodes[n->b].cls));
    if (z && ((n->op >= GA_OP_LT && n->op <= GA_OP_GE) || n->op == GA_OP_POWER || n->op == GA_OP_MAX ||
              n->op == GA_OP_MIN))
      return true;
  }
  return false;
}

/* The functions of shaders/ga_faddeeva.glsl: erfcx, and erf and erfc of complex values */
static bool is_faddeeva(ga_unop op) { return op == GA_UOP_ERF || op == GA_UOP_ERFC || op == GA_UOP_ERFCX; }

static bool expr_needs_faddeeva(const ga_expr *x)
{
  for (int j = 0; x && j < x->nnodes; j++) {
    const ga_xnode *n = &x->nodes[j];
    if (n->kind == GA_X_UNARY &&
        (n->uop == GA_UOP_ERFCX || (is_faddeeva(n->uop) && ga_class_is_complex(x->nodes[n->a].cls))))
      return true;
  }
  return false;
}

static void emit_complex_unary(ga_strbuf *b, const ga_xnode *n, ga_class ca, const char *a)
{
  ga_class oc = n->cls;
  const char *wrap = oc == GA_CSINGLE ? "ga_cf" : oc == GA_SINGLE ? "ga_f" : "";
  ga_strbuf z = {0};
  emit_as_complex(&z, ca, a, false);
  const char *zs = z.s ? z.s : a;
  if (ga_unop_is_function(n->uop)) {
    if (!ga_class_is_complex(ca))
      ga_sb_printf(b, "%s(ga_rc_%s(ga_d(%s)))", wrap, ga_unop_name(n->uop), a);
    else if (is_faddeeva(n->uop) || n->uop == GA_UOP_PSI) /* single: Octave's relerr = FLT_EPSILON; psi's float steps */
      ga_sb_printf(b, "%s(ga_c%s(%s, %s))", wrap, ga_unop_name(n->uop), zs, oc == GA_CSINGLE ? "true" : "false");
    else
      ga_sb_printf(b, "%s(ga_c%s(%s))", wrap, ga_unop_name(n->uop), zs);
    free(z.s);
    return;
  }
  switch (n->uop) {
  case GA_UOP_NOT: ga_sb_printf(b, "uint(%s == dvec2(0.0lf))", zs); break;
  case GA_UOP_ISNAN: ga_sb_printf(b, "uint(any(isnan(%s)))", zs); break;
  case GA_UOP_ISINF: ga_sb_printf(b, "uint(any(isinf(%s)))", zs); break;
  case GA_UOP_ISFINITE: ga_sb_printf(b, "uint(!any(isnan(%s)) && !any(isinf(%s)))", zs, zs); break;
  case GA_UOP_REAL: ga_sb_printf(b, "%s((%s).x)", wrap, zs); break;
  case GA_UOP_EPS: /* of the real part, in its own class */
    ga_sb_printf(b, oc == GA_SINGLE ? "ga_eps_single(float((%s).x))" : "ga_eps_double((%s).x)", zs);
    break;
  case GA_UOP_FREXP_SIG: case GA_UOP_FREXP_EXP: /* of |z| (shaders/ga_complex.glsl) */
    ga_sb_printf(b, "%s(ga_cfrexp_%s(%s, %s))", wrap, n->uop == GA_UOP_FREXP_SIG ? "sig" : "exp", zs,
                 ca == GA_CSINGLE ? "true" : "false");
    break;
  case GA_UOP_IMAG: ga_sb_printf(b, "%s((%s).y)", wrap, zs); break;
  case GA_UOP_ABS: ga_sb_printf(b, "%s(ga_cabs(%s))", wrap, zs); break;
  case GA_UOP_ANGLE: ga_sb_printf(b, "%s(ga_carg(%s))", wrap, zs); break;
  case GA_UOP_CONJ: ga_sb_printf(b, "%s(dvec2((%s).x, ga_neg_d((%s).y)))", wrap, zs, zs); break;
  case GA_UOP_NEG: ga_sb_printf(b, "%s(ga_neg_d(%s))", wrap, zs); break;
  case GA_UOP_SIGN: ga_sb_printf(b, "%s(ga_csign(%s))", wrap, zs); break;
  case GA_UOP_FLOOR: ga_sb_printf(b, "%s(floor(%s))", wrap, zs); break;
  case GA_UOP_CEIL: ga_sb_printf(b, "%s(ceil(%s))", wrap, zs); break;
  case GA_UOP_ROUND:
    ga_sb_printf(b, "%s(dvec2(ga_round_half_away((%s).x), ga_round_half_away((%s).y)))", wrap, zs, zs);
    break;
  case GA_UOP_FIX: ga_sb_printf(b, "%s(ga_trunc(%s))", wrap, zs); break;
  default: /* GA_UOP_CAST: to a complex class, or logical */
    if (oc == GA_LOGICAL)
      ga_sb_printf(b, "uint(%s != dvec2(0.0lf))", zs);
    else
      ga_sb_printf(b, "%s(%s)", wrap, zs);
    break;
  }
  free(z.s);
}

static void emit_complex_binary(ga_strbuf *b, const ga_xnode *n, ga_class ca, const char *a, ga_class cb,
                                const char *bexpr)
{
  bool za = ga_class_is_complex(ca), zb = ga_class_is_complex(cb);
  bool single = n->mode == GA_CM_CMP_SINGLE || n->cls == GA_CSINGLE;
  const char *wrap = n->cls == GA_CSINGLE ? "ga_cf" : "";
  ga_strbuf x = {0}, y = {0}, ra = {0}, rb = {0};
  emit_as_complex(&x, ca, a, single);
  emit_as_complex(&y, cb, bexpr, single);
  emit_as_real(&ra, a, single);
  emit_as_real(&rb, bexpr, single);
  const char *xs = x.s, *ys = y.s;
  a = ra.s;
  bexpr = rb.s;
  switch (n->op) {
  case GA_OP_COMPLEX: ga_sb_printf(b, "%s(dvec2(%s, %s))", wrap, a, bexpr); break;
  case GA_OP_EQ: case GA_OP_NE:
    /* Octave compares in single when either side is single */
    if (single)
      ga_sb_printf(b, "uint(%s(ga_cf(%s), ga_cf(%s))))", n->op == GA_OP_EQ ? "all(equal" : "any(notEqual", xs, ys);
    else
      ga_sb_printf(b, "uint(%s(%s, %s)))", n->op == GA_OP_EQ ? "all(equal" : "any(notEqual", xs, ys);
    break;
  case GA_OP_LT: case GA_OP_LE: case GA_OP_GT: case GA_OP_GE:
    ga_sb_printf(b, "ga_corder(%d, %s, %s, %s, %s, %s)", (int)(n->op - GA_OP_LT), xs, za ? "true" : "false", ys,
                 zb ? "true" : "false", single ? "true" : "false");
    break;
  case GA_OP_POWER:
    ga_sb_printf(b, "%s(ga_cpow%s(%s, %s, %s, %s))", wrap, single ? "_single" : "", xs, za ? "true" : "false", ys,
                 zb ? "true" : "false");
    break;
  case GA_OP_MAX: case GA_OP_MIN:
    ga_sb_printf(b, "%s(ga_cextremum(%s, %s, %s, %s))", wrap, n->op == GA_OP_MAX ? "true" : "false", xs, ys,
                 single ? "true" : "false");
    break;
  case GA_OP_AND: case GA_OP_OR: case GA_OP_XOR: {
    const char *o = n->op == GA_OP_AND ? "&&" : n->op == GA_OP_OR ? "||" : "!=";
    ga_sb_printf(b, "uint((%s != dvec2(0.0lf)) %s (%s != dvec2(0.0lf)))", xs, o, ys);
  } break;
  case GA_OP_PLUS: case GA_OP_MINUS: { /* a real operand adds to the real part only */
    const char *o = n->op == GA_OP_PLUS ? "+" : "-";
    if (za && zb)
      ga_sb_printf(b, "%s(%s %s %s)", wrap, xs, o, ys);
    else if (za)
      ga_sb_printf(b, "%s(dvec2((%s).x %s %s, (%s).y))", wrap, xs, o, bexpr, xs);
    else
      ga_sb_printf(b, "%s(dvec2(%s %s (%s).x, %s(%s).y))", wrap, a, o, ys, o, ys);
  } break;
  case GA_OP_TIMES:
    if (za && zb)
      ga_sb_printf(b, "%s(ga_cmul(%s, %s))", wrap, xs, ys);
    else if (za)
      ga_sb_printf(b, "%s(%s * %s)", wrap, xs, bexpr);
    else
      ga_sb_printf(b, "%s(%s * %s)", wrap, a, ys);
    break;
  default: /* rdivide: by a real divisor part by part, else the complex quotient */
    if (za && !zb)
      ga_sb_printf(b, "%s(dvec2(ga_div_double((%s).x, %s), ga_div_double((%s).y, %s)))", wrap, xs, bexpr, xs,
                   bexpr);
    else
      ga_sb_printf(b, "%s(ga_cdiv%s(%s, %s))", wrap, single ? "_single" : "", xs, ys);
    break;
  }
  free(x.s);
  free(y.s);
  free(ra.s);
  free(rb.s);
}

void ga_glsl_emit_binary(ga_strbuf *b, const ga_xnode *n, ga_class ca, const char *a, ga_class cb, const char *bexpr)
{
  if (ga_class_is_complex(n->cls) || ga_class_is_complex(ca) || ga_class_is_complex(cb) || n->op == GA_OP_COMPLEX) {
    emit_complex_binary(b, n, ca, a, cb, bexpr);
    return;
  }
  if (ga_binop_is_function(n->op)) {
    emit_function(b, n, ca, a, cb, bexpr);
    return;
  }
  switch (n->mode) {
  case GA_CM_CMP_DOUBLE:
    ga_sb_printf(b, "uint(ga_d(%s) %s ga_d(%s))", a, cmp_sign(n->op), bexpr);
    return;
  case GA_CM_CMP_SINGLE: /* in single, as Octave (ga_order_f: subnormals too) */
    ga_sb_printf(b, "ga_holds_%s(ga_order_f(ga_f(%s), ga_f(%s)))", ga_binop_name(n->op), a, bexpr);
    return;
  case GA_CM_CMP_INT64: case GA_CM_CMP_MIXED64:
    emit_cmp64(b, n, ca, a, cb, bexpr);
    return;
  case GA_CM_LOGIC: {
    char na[96], nb[96];
    emit_nonzero(na, sizeof na, ca, a);
    emit_nonzero(nb, sizeof nb, cb, bexpr);
    if (n->op == GA_OP_XOR)
      ga_sb_printf(b, "uint(%s != %s)", na, nb);
    else
      ga_sb_printf(b, "uint(%s %s %s)", na, n->op == GA_OP_AND ? "&&" : "||", nb);
    return;
  }
  default:
    break;
  }
  switch (n->mode) {
  case GA_CM_FLOAT:
    emit_float_op(b, n->op, ga_glsl_type(n->cls), a, bexpr);
    break;
  case GA_CM_INT_DOUBLE:
    ga_sb_printf(b, "%s(ga_sat(", ga_glsl_type(n->cls));
    emit_float_op(b, n->op, "double", a, bexpr);
    ga_sb_printf(b, ", %.1f, %.1f))", ga_class_int_min(n->cls), ga_class_int_max(n->cls));
    break;
  default: {
    const char *t = ga_glsl_type(n->cls);
    ga_sb_printf(b, "ga_%s_%s(%s(%s), %s(%s))", op_word(n->op), ga_class_name(n->cls), t, a, t, bexpr);
  } break;
  }
}

/* An integer power that Octave's exact cases cover: a scalar floating exponent 0, 1, 2,
 * 3 or -1 (products and a quotient, no math library) */
static bool int_power_exact_case(const ga_expr *x, const ga_xnode *n)
{
  const ga_xnode *e = &x->nodes[n->b];
  if (e->kind != GA_X_SCALAR || ga_class_is_int(e->cls))
    return false;
  double y = x->scalars[e->slot].v.f;
  return y == 0 || y == 1 || y == 2 || y == 3 || y == -1;
}

/* Whether node n is a power through the math library's pow (and its tables) */
static bool node_uses_pow(const ga_expr *x, const ga_xnode *n)
{
  if (n->kind != GA_X_BINARY || n->op != GA_OP_POWER)
    return false;
  return n->mode == GA_CM_FLOAT || (n->mode == GA_CM_INT_DOUBLE && !int_power_exact_case(x, n));
}

static bool range_contains(ga_class outer, ga_class inner)
{
  if (outer == inner)
    return true;
  if (ga_class_is_wide_int(outer)) /* int64 holds every narrower integer; uint64 every unsigned */
    return outer == GA_INT64 ? inner != GA_UINT64 : !ga_class_is_signed(inner);
  if (ga_class_is_wide_int(inner))
    return false;
  return ga_class_int_min(inner) >= ga_class_int_min(outer) && ga_class_int_max(inner) <= ga_class_int_max(outer);
}

/* A value of class from converted to class to, as Octave's conversion functions do. */
static void emit_cast(ga_strbuf *b, ga_class from, const char *a, ga_class to)
{
  const char *t = ga_glsl_type(to);
  char nz[96];
  if (to == GA_LOGICAL) {
    emit_nonzero(nz, sizeof nz, from, a);
    ga_sb_printf(b, "uint(%s)", nz);
  } else if (to == GA_SINGLE)
    ga_sb_printf(b, "ga_f(%s)", a); /* rounds to nearest, subnormals too */
  else if (to == GA_DOUBLE)
    ga_sb_printf(b, "ga_d(%s)", a);
  else if (from == GA_LOGICAL)
    ga_sb_printf(b, "%s(%s)", t, a); /* 0/1 fits anything */
  else if (ga_class_is_float(from) && to == GA_INT64)
    ga_sb_printf(b, "ga_sat_int64(double(%s))", a);
  else if (ga_class_is_float(from) && to == GA_UINT64)
    ga_sb_printf(b, "ga_sat_uint64(double(%s))", a);
  else if (ga_class_is_float(from))
    ga_sb_printf(b, "%s(ga_sat(double(%s), %.1f, %.1f))", t, a, ga_class_int_min(to), ga_class_int_max(to));
  else if (range_contains(to, from))
    ga_sb_printf(b, "%s(%s)", t, a);
  else if (from == GA_UINT64 && to == GA_INT64)
    ga_sb_printf(b, "int64_t(min(%s, uint64_t(GA_I64_MAX)))", a);
  else if (from == GA_UINT64) /* to a class of at most 32 bits: exact limits */
    ga_sb_printf(b, "%s(min(%s, %.0ful))", t, a, ga_class_int_max(to));
  else if (to == GA_UINT64)
    ga_sb_printf(b, "uint64_t(max(int64_t(%s), 0l))", a);
  else
    ga_sb_printf(b, "%s(clamp(int64_t(%s), %.0fl, %.0fl))", t, a, ga_class_int_min(to), ga_class_int_max(to));
}

/* The elementary functions shaders/ga_math.glsl provides in double precision, as
 * ga_<name>_d (x); the others run on the host until they are written. Single precision
 * rounds the double result. */
static bool math_in_glsl(ga_unop op)
{
  switch (op) {
  case GA_UOP_SQRT: case GA_UOP_EXP: case GA_UOP_EXPM1: case GA_UOP_LOG: case GA_UOP_LOG2: case GA_UOP_LOG10:
  case GA_UOP_LOG1P: case GA_UOP_SIN: case GA_UOP_COS: case GA_UOP_TAN: case GA_UOP_ASIN: case GA_UOP_ACOS:
  case GA_UOP_ATAN: case GA_UOP_SINH: case GA_UOP_COSH: case GA_UOP_TANH: case GA_UOP_ASINH: case GA_UOP_ACOSH:
  case GA_UOP_ATANH: case GA_UOP_CBRT: case GA_UOP_ERF: case GA_UOP_ERFC: case GA_UOP_GAMMA:
  case GA_UOP_LGAMMA: case GA_UOP_ERFINV: case GA_UOP_ERFCINV: case GA_UOP_ERFCX: case GA_UOP_PSI: case GA_UOP_EXPINT:
    return true;
  default:
    return false;
  }
}

/* Functions with a single-precision form of their own in ga_math.glsl (ga_<name>f_single):
 * glibc's expf, logf, log2f, sinf and cosf step by step (Octave's own answers), the others
 * on short cores in double; 2 where that form reads the F32 tables (expf's and logf's),
 * 1 where it reads none, 0 where a single is the double function's answer rounded. */
static int unop_single_form(ga_unop op)
{
  switch (op) {
  case GA_UOP_EXP: case GA_UOP_LOG: case GA_UOP_LOG2: case GA_UOP_LOG10: case GA_UOP_LOG1P: case GA_UOP_EXPM1:
  case GA_UOP_SINH: case GA_UOP_COSH: case GA_UOP_TANH: case GA_UOP_ASINH: case GA_UOP_ACOSH: case GA_UOP_ATANH:
  case GA_UOP_ERF: case GA_UOP_ERFC: case GA_UOP_ERFINV: case GA_UOP_ERFCINV: case GA_UOP_LGAMMA: case GA_UOP_PSI:
    return 2;
  case GA_UOP_SIN: case GA_UOP_COS: case GA_UOP_TAN: case GA_UOP_ASIN: case GA_UOP_ACOS: case GA_UOP_ATAN:
  case GA_UOP_CBRT: case GA_UOP_GAMMA:
    return 1;
  default:
    return 0;
  }
}

bool ga_glsl_unop_supported(ga_unop op)
{
  return !ga_unop_is_function(op) || math_in_glsl(op);
}

bool ga_glsl_binop_supported(ga_binop op)
{
  return (unsigned)op < GA_NBINOPS;
}

void ga_glsl_emit_unary(ga_strbuf *b, const ga_xnode *n, ga_class ca, const char *a)
{
  if (ga_class_is_complex(n->cls) || ga_class_is_complex(ca)) {
    emit_complex_unary(b, n, ca, a);
    return;
  }
  if (n->uop == GA_UOP_EXPINT) { /* single: Octave's single steps, each rounded */
    ga_sb_printf(b, n->cls == GA_SINGLE ? "ga_f(ga_expint_d(ga_d(%s), true))" : "ga_expint_d(ga_d(%s), false)", a);
    return;
  }
  if (ga_unop_is_function(n->uop)) {
    if (n->cls == GA_SINGLE && unop_single_form(n->uop) > 0) /* ga_math.glsl's float functions */
      ga_sb_printf(b, "ga_%sf_single(ga_f(%s))", ga_unop_name(n->uop), a);
    else if (n->cls == GA_SINGLE)
      ga_sb_printf(b, "ga_f(ga_%s_d(ga_d(%s)))", ga_unop_name(n->uop), a);
    else
      ga_sb_printf(b, "ga_%s_d(ga_d(%s))", ga_unop_name(n->uop), a);
    return;
  }
  const char *t = ga_glsl_type(n->cls);
  bool fl = ga_class_is_float(ca), in = ga_class_is_int(ca);
  switch (n->uop) { /* the parts of a real value */
  case GA_UOP_REAL: case GA_UOP_CONJ: emit_cast(b, ca, a, n->cls); return;
  case GA_UOP_IMAG: ga_sb_printf(b, "%s(0)", t); return;
  case GA_UOP_ANGLE: /* Octave's arg of a real x: pi where its sign bit is set (-0 and -NaN too) */
    ga_sb_printf(b, n->cls == GA_SINGLE ? "((doubleBitsToUint64(ga_d(%s)) >> 63) != 0ul ? 3.14159274f : 0.0f)"
                                        : "((doubleBitsToUint64(ga_d(%s)) >> 63) != 0ul ? 3.141592653589793lf : 0.0lf)", a);
    return;
  default: break;
  }
  switch (n->uop) {
  case GA_UOP_NOT: {
    char nz[96];
    emit_nonzero(nz, sizeof nz, ca, a);
    ga_sb_printf(b, "uint(!%s)", nz);
    return;
  }
  case GA_UOP_ISNAN: ga_sb_printf(b, fl ? "uint(isnan(%s))" : "0u", a); return;
  case GA_UOP_ISINF: ga_sb_printf(b, fl ? "uint(isinf(%s))" : "0u", a); return;
  case GA_UOP_ISFINITE: ga_sb_printf(b, fl ? "uint(!isnan(%s) && !isinf(%s))" : "1u", a, a); return;
  case GA_UOP_EPS: /* from the exponent's bits (shaders/ga_common.glsl) */
    ga_sb_printf(b, n->cls == GA_SINGLE ? "ga_eps_single(%s)" : "ga_eps_double(%s)", a);
    return;
  case GA_UOP_FREXP_SIG: case GA_UOP_FREXP_EXP: /* by the bits too; integers in double */
    ga_sb_printf(b, n->cls == GA_SINGLE ? "ga_frexp_%s_f(%s)" : "ga_frexp_%s_d(ga_d(%s))",
                 n->uop == GA_UOP_FREXP_SIG ? "sig" : "exp", a);
    return;
  case GA_UOP_SIGNBIT: /* by the bits: -0 and -NaN too */
    if (ca == GA_DOUBLE)
      ga_sb_printf(b, "uint(doubleBitsToUint64(%s) >> 63)", a);
    else if (ca == GA_SINGLE)
      ga_sb_printf(b, "(floatBitsToUint(%s) >> 31)", a);
    else
      ga_sb_printf(b, in && ga_class_is_signed(ca) ? "uint(%s < %s(0))" : "0u", a, ga_glsl_type(ca));
    return;
  case GA_UOP_CAST: emit_cast(b, ca, a, n->cls); return;
  default: break;
  }
  if (!fl && !in) /* logical: the operation in double */
    ca = GA_DOUBLE;
  if (!ga_class_is_float(ca)) { /* integer classes keep their class; rounding is the identity */
    bool u = !ga_class_is_signed(ca);
    switch (n->uop) {
    case GA_UOP_NEG:
      if (u)
        ga_sb_printf(b, "%s(0)", t);
      else if (ca == GA_INT64)
        ga_sb_printf(b, "(%s == GA_I64_MIN ? GA_I64_MAX : -%s)", a, a);
      else
        ga_sb_printf(b, "%s(min(-int64_t(%s), %.0fl))", t, a, ga_class_int_max(ca));
      return;
    case GA_UOP_ABS:
      if (u)
        ga_sb_printf(b, "%s", a);
      else if (ca == GA_INT64)
        ga_sb_printf(b, "(%s == GA_I64_MIN ? GA_I64_MAX : abs(%s))", a, a);
      else
        ga_sb_printf(b, "%s(min(abs(int64_t(%s)), %.0fl))", t, a, ga_class_int_max(ca));
      return;
    case GA_UOP_SIGN:
      if (u)
        ga_sb_printf(b, "%s(%s > %s(0) ? 1 : 0)", t, a, t);
      else
        ga_sb_printf(b, "%s(%s > %s(0) ? 1 : (%s < %s(0) ? -1 : 0))", t, a, t, a, t);
      return;
    default:
      ga_sb_printf(b, "%s", a);
      return;
    }
  }
  if (ca == GA_SINGLE) { /* bit operations or ga_*_f: see emit_float_op */
    static const char *const fn[] = {[GA_UOP_NEG] = "ga_neg_f", [GA_UOP_ABS] = "ga_abs_f",
                                     [GA_UOP_SIGN] = "ga_sign_f", [GA_UOP_FLOOR] = "ga_floor_f",
                                     [GA_UOP_CEIL] = "ga_ceil_f", [GA_UOP_ROUND] = "ga_round_half_away_f",
                                     [GA_UOP_FIX] = "ga_trunc_f"};
    ga_sb_printf(b, "%s(%s)", (unsigned)n->uop < sizeof fn / sizeof fn[0] && fn[n->uop] ? fn[n->uop] : "ga_trunc_f",
                 a);
    return;
  }
  const char *sfx = "";
  switch (n->uop) {
  case GA_UOP_NEG: ga_sb_printf(b, "ga_neg_d(%s(%s))", t, a); return;
  case GA_UOP_ABS: ga_sb_printf(b, "abs(%s(%s))", t, a); return;
  case GA_UOP_SIGN:
    ga_sb_printf(b, "(%s(%s) > %s(0) ? %s(1) : (%s(%s) < %s(0) ? %s(-1) : (isnan(%s(%s)) ? %s(%s) : %s(0))))", t, a, t,
                 t, t, a, t, t, t, a, t, a, t);
    return;
  case GA_UOP_FLOOR: ga_sb_printf(b, "floor(%s(%s))", t, a); return;
  case GA_UOP_CEIL: ga_sb_printf(b, "ceil(%s(%s))", t, a); return;
  case GA_UOP_ROUND: ga_sb_printf(b, "ga_round_half_away%s(%s(%s))", sfx, t, a); return;
  default: ga_sb_printf(b, "ga_trunc(%s(%s))", t, a); return;
  }
}

void ga_glsl_emit_packet_store(ga_strbuf *b, const char *name, ga_class c, const char *addr)
{
  if (ga_class_is_complex(c)) {
    ga_sb_printf(b, "  for (int l = 0; l < 4; l++)\n    %s(%s + %dul * (4ul * p + uint64_t(l))).v = %s[l];\n",
                 c == GA_CDOUBLE ? "GaF64x2" : "GaF32x2", addr, c == GA_CDOUBLE ? 16 : 8, name);
    return;
  }
  const char *ref, *vt;
  int count, bytes;
  packet_shape(c, &ref, &vt, &count, &bytes);
  switch (c) {
  case GA_DOUBLE: case GA_INT64: case GA_UINT64:
    ga_sb_printf(b, "  %s(%s + 32ul * p).v = %s(%s[0], %s[1]);\n", ref, addr, vt, name, name);
    ga_sb_printf(b, "  %s(%s + 32ul * p + 16ul).v = %s(%s[2], %s[3]);\n", ref, addr, vt, name, name);
    break;
  case GA_SINGLE: case GA_INT32: case GA_UINT32:
    ga_sb_printf(b, "  %s(%s + 16ul * p).v = %s(%s[0], %s[1], %s[2], %s[3]);\n", ref, addr, vt, name, name, name, name);
    break;
  case GA_INT16: case GA_UINT16:
    ga_sb_printf(b, "  %s(%s + 8ul * p).v = uvec2((uint(%s[0]) & 0xffffu) | (uint(%s[1]) << 16), "
                    "(uint(%s[2]) & 0xffffu) | (uint(%s[3]) << 16));\n", ref, addr, name, name, name, name);
    break;
  default:
    ga_sb_printf(b, "  %s(%s + 4ul * p).v = (uint(%s[0]) & 0xffu) | ((uint(%s[1]) & 0xffu) << 8) | "
                    "((uint(%s[2]) & 0xffu) << 16) | (uint(%s[3]) << 24);\n", ref, addr, name, name, name, name);
    break;
  }
}

bool ga_glsl_broadcast_plan(const ga_expr *x, ga_bcast *plan)
{
  memset(plan, 0, sizeof *plan);
  unsigned last = ~0u;
  for (int d = 0; d < x->ndims; d++) {
    if (x->dims[d] == 1)
      continue; /* every input is 1 there too */
    unsigned pattern = 0;
    for (int i = 0; i < x->ninputs; i++) /* strided views address themselves */
      pattern |= (!x->input_strided[i] && x->input_dims[i][d] == 1 ? 1u : 0u) << i;
    if (plan->ndims > 0 && pattern == last) {
      plan->dims[plan->ndims - 1] *= (uint64_t)x->dims[d];
    } else {
      if (plan->ndims == GA_BCAST_DIMS)
        return false;
      for (int i = 0; i < x->ninputs; i++)
        plan->mask[i] |= ((pattern >> i) & 1u) << plan->ndims;
      plan->dims[plan->ndims++] = (uint64_t)x->dims[d];
      last = pattern;
    }
  }
  for (int c = 0; c < plan->ndims; c++)
    if (plan->dims[c] > 0xffffffffu)
      return false;
  unsigned all = (1u << plan->ndims) - 1u;
  for (int i = 0; i < x->ninputs; i++) {
    plan->partial[i] = plan->mask[i] != 0 && plan->mask[i] != all;
    plan->any_partial |= plan->partial[i];
  }
  return true;
}

bool ga_glsl_elementwise_supported(const ga_expr *x, ga_class out_cls)
{
  ga_bcast plan;
  if (!ga_glsl_broadcast_plan(x, &plan))
    return false;
  /* 128 bytes of push constants: n, out, 8 bytes a slot, groups_x (+ three dims) */
  if (x->ninputs + x->nscalars > (plan.any_partial ? 12 : 13))
    return false;
  if (plan.any_partial && (uint64_t)x->numel > 0xffffffffu)
    return false; /* expansion indexes in 32 bits: see emit_strided_load */
  /* 64-bit integers against floating values follow Octave's own rules on the host: the
   * int64 -> double conversion these need was seen misrounded on lavapipe */
  for (int j = 0; j < x->nnodes; j++) {
    if (!complex_node_supported(x, &x->nodes[j]))
      return false;
    if (x->nodes[j].kind == GA_X_BINARY &&
        (x->nodes[j].mode == GA_CM_INT_MIXED64 || x->nodes[j].mode == GA_CM_CMP_MIXED64))
      return false;
    if (x->nodes[j].kind == GA_X_UNARY && !ga_glsl_unop_supported(x->nodes[j].uop))
      return false;
    if (x->nodes[j].kind == GA_X_BINARY && !ga_glsl_binop_supported(x->nodes[j].op))
      return false;
    if (x->nodes[j].kind == GA_X_INDEX && x->nodes[j].gen == GA_GEN_EYE && (uint64_t)x->numel > 0xffffffffu)
      return false; /* eye's division in 32 bits: see emit_generator */
    if (node_uses_pow(x, &x->nodes[j]))
      continue; /* pow on the device (shaders/ga_math.glsl ga_pow_d), integers up to 32 bits too */
    if (x->nodes[j].kind == GA_X_BINARY && x->nodes[j].op == GA_OP_POWER && x->nodes[j].mode == GA_CM_INT_EXACT &&
        x->nodes[x->nodes[j].a].cls == x->nodes[j].cls && x->nodes[x->nodes[j].b].cls == x->nodes[j].cls)
      continue; /* two 64-bit integers: Octave's repeated squaring (ga_pow_int64, ga_pow_uint64) */
    if (x->nodes[j].kind == GA_X_BINARY && x->nodes[j].op == GA_OP_POWER) {
      /* the rest: Octave's exact cases for narrower integers (products and a quotient for
       * scalar exponents 2, 3, -1, and the trivial 0 and 1); 64-bit integers with a
       * floating operand on the host */
      if (!int_power_exact_case(x, &x->nodes[j]) || ga_class_is_wide_int(x->nodes[j].cls))
        return false;
    }
  }
  return x->nodes[x->nnodes - 1].cls == out_cls;
}

/* A kernel's key names everything its source depends on. A scalar's value is a push
 * constant, except that an integer power takes pow or Octave's exact products by its
 * scalar exponent's value ("p": pow): int8 (x) .^ 0.5 once ran x .^ 2's kernel. */
void ga_glsl_elementwise_key(const ga_expr *x, ga_class out_cls, char *key, size_t cap)
{
  size_t len = (size_t)snprintf(key, cap, "ew:%d", (int)out_cls);
  for (int j = 0; j < x->nnodes && len < cap; j++) {
    const ga_xnode *n = &x->nodes[j];
    if (n->kind == GA_X_INPUT && x->input_strided[n->slot]) {
      len += (size_t)snprintf(key + len, cap - len, "|i%d.%dv", n->slot, (int)n->cls);
    } else if (n->kind == GA_X_INPUT) {
      len += (size_t)snprintf(key + len, cap - len, "|i%d.%d;%s%s", n->slot, (int)n->cls,
                              input_broadcast(x, n->slot) ? "b" : "", ga_expr_input_numel(x, n->slot) == 1 ? "1" : "");
      ga_bcast plan;
      if (len < cap && ga_glsl_broadcast_plan(x, &plan) && plan.partial[n->slot])
        len += (size_t)snprintf(key + len, cap - len, "m%u/%d", plan.mask[n->slot], plan.ndims);
    } else if (n->kind == GA_X_SCALAR)
      len += (size_t)snprintf(key + len, cap - len, "|s%d.%d", n->slot, (int)n->cls);
    else if (n->kind == GA_X_UNARY)
      len += (size_t)snprintf(key + len, cap - len, "|u%d.%d.%d", (int)n->uop, (int)n->cls, n->a);
    else if (ga_xnode_is_generator(n))
      len += (size_t)snprintf(key + len, cap - len, "|g%d.%d.%d.%d.%d.%d", (int)n->gen, (int)n->cls, n->a, n->b,
                              n->c, n->d);
    else if (n->kind == GA_X_TERNARY)
      len += (size_t)snprintf(key + len, cap - len, "|t%d.%d.%d.%d.%d", (int)n->top, (int)n->cls, n->a, n->b, n->c);
    else
      len += (size_t)snprintf(key + len, cap - len, "|o%d.%d.%d.%d.%d%s", (int)n->op, (int)n->mode, (int)n->cls, n->a,
                              n->b, node_uses_pow(x, n) ? "p" : "");
  }
}

/* ---- arrays born on the device (shaders/philox.glsl, src/core/ga_rng.c) ---------------- */

static bool has_generator(const ga_expr *x, int gen)
{
  for (int j = 0; x && j < x->nnodes; j++)
    if (ga_xnode_is_generator(&x->nodes[j]) && (gen < 0 || x->nodes[j].gen == (ga_xgen)gen))
      return true;
  return false;
}

/* A generator node's value at element ga_i (the caller's linear element index). */
static void emit_generator(ga_strbuf *b, const ga_xnode *n)
{
  const char *t = ga_glsl_type(n->cls);
  bool single = n->cls == GA_SINGLE;
  int a = n->a, bb = n->b, c = n->c, d = n->d;
  switch (n->gen) {
  case GA_GEN_UNIFORM:
    ga_sb_printf(b, "ga_rng_uniform_%s(v%d, v%d, ga_i)", single ? "single" : "double", a, bb);
    break;
  case GA_GEN_NORMAL:
    ga_sb_printf(b, single ? "float(ga_rng_normal(v%d, v%d, ga_i))" : "ga_rng_normal(v%d, v%d, ga_i)", a, bb);
    break;
  case GA_GEN_INTEGER:
    ga_sb_printf(b, "ga_rng_integer(v%d, v%d, v%d, v%d, ga_i)", a, bb, c, d);
    break;
  case GA_GEN_PERM:
    ga_sb_printf(b, "ga_rng_perm(v%d, v%d, v%d, v%d, ga_i)", a, bb, c, d);
    break;
  case GA_GEN_RAW:
    ga_sb_printf(b, "ga_rng_raw(v%d, v%d, v%d, ga_i)", a, bb, c);
    break;
  case GA_GEN_EYE: /* in 32 bits (larger ones run on the host): NVIDIA's 64-bit division is unsafe */
    ga_sb_printf(b, "%s(uint(ga_i) %% uint(v%d) == uint(ga_i) / uint(v%d) ? 1 : 0)", t, a, a);
    break;
  case GA_GEN_LINSPACE:
    ga_sb_printf(b, "ga_linspace_%s(v%d, v%d, v%d, v%d, ga_i)", single ? "single" : "double", a, bb, c, d);
    break;
  case GA_GEN_RANGE:
    ga_sb_printf(b, "ga_range_%s(v%d, v%d, v%d, v%d, ga_i)", single ? "single" : "double", a, bb, c, d);
    break;
  }
}

/* Uniform and normal draws computed a packet of four elements at a time (one Philox
 * block serves two or four elements, one logarithm two normals): before the elementwise
 * kernel's per-element loop, as g<node>[4]. */
static bool packet_generator(const ga_xnode *n)
{
  return n->kind == GA_X_RANDOM && (n->gen == GA_GEN_UNIFORM || n->gen == GA_GEN_NORMAL);
}

static void emit_packet_generators(ga_strbuf *b, const ga_expr *x)
{
  for (int j = 0; j < x->nnodes; j++) {
    const ga_xnode *n = &x->nodes[j];
    if (!packet_generator(n))
      continue;
    const char *fn = n->gen == GA_GEN_NORMAL ? "normal" : n->cls == GA_SINGLE ? "uniform_single" : "uniform_double";
    const char *t = n->gen == GA_GEN_UNIFORM && n->cls == GA_SINGLE ? "float" : "double";
    ga_sb_printf(b, "  %s g%d[4];\n  ga_rng_%s_packet(s%d, s%d, 4ul * p, g%d);\n", t, j, fn, x->nodes[n->a].slot,
                 x->nodes[n->b].slot, j);
  }
}

static void emit_nodes(ga_strbuf *b, const ga_expr *x, const char *indent, const char *input_fmt,
                       const char *scalar_fmt, bool packets);

/* betainc and betaincinv (shaders/ga_betainc.glsl): operands converted to the result's
 * class first, as Octave's m-files convert them, then computed in double, each step
 * rounded to single for single results */
static void emit_ternary(ga_strbuf *b, const ga_expr *x, const ga_xnode *n)
{
  bool single = n->cls == GA_SINGLE;
  int ops[3] = {n->a, n->b, n->c};
  ga_strbuf arg[3] = {{0}, {0}, {0}};
  for (int k = 0; k < 3; k++) {
    char v[16];
    snprintf(v, sizeof v, "v%d", ops[k]);
    emit_cast(&arg[k], x->nodes[ops[k]].cls, v, n->cls);
  }
  const char *fn = ga_terop_is_betaincinv(n->top) ? "betaincinv" : "betainc";
  int tail = n->top == GA_TOP_BETAINC_UPPER || n->top == GA_TOP_BETAINCINV_UPPER;
  if (single)
    ga_sb_printf(b, "ga_f(ga_%s_d(ga_d(%s), ga_d(%s), ga_d(%s), %d, true))", fn, arg[0].s, arg[1].s, arg[2].s, tail);
  else
    ga_sb_printf(b, "ga_%s_d(%s, %s, %s, %d, false)", fn, arg[0].s, arg[1].s, arg[2].s, tail);
  for (int k = 0; k < 3; k++)
    free(arg[k].s);
}

void ga_glsl_emit_nodes(ga_strbuf *b, const ga_expr *x, const char *indent, const char *input_fmt,
                        const char *scalar_fmt)
{
  emit_nodes(b, x, indent, input_fmt, scalar_fmt, false);
}

static void emit_nodes(ga_strbuf *b, const ga_expr *x, const char *indent, const char *input_fmt,
                       const char *scalar_fmt, bool packets)
{
  char leaf[64];
  for (int j = 0; j < x->nnodes; j++) {
    const ga_xnode *n = &x->nodes[j];
    /* precise: no contraction into fma, so results round as Octave's do */
    ga_sb_printf(b, "%sprecise %s v%d = ", indent, ga_glsl_type(n->cls), j);
    if (n->kind == GA_X_INPUT) {
      snprintf(leaf, sizeof leaf, input_fmt, n->slot);
      ga_sb_printf(b, "%s;\n", leaf);
    } else if (n->kind == GA_X_SCALAR) {
      snprintf(leaf, sizeof leaf, scalar_fmt, n->slot);
      ga_sb_printf(b, "%s;\n", leaf);
    } else if (packets && packet_generator(n)) {
      ga_sb_printf(b, n->cls == GA_SINGLE ? "float(g%d[l]);\n" : "g%d[l];\n", j);
    } else if (ga_xnode_is_generator(n)) {
      emit_generator(b, n);
      ga_sb_puts(b, ";\n");
    } else if (n->kind == GA_X_UNARY) {
      char va[16];
      snprintf(va, sizeof va, "v%d", n->a);
      ga_glsl_emit_unary(b, n, x->nodes[n->a].cls, va);
      ga_sb_puts(b, ";\n");
    } else if (n->kind == GA_X_TERNARY) {
      emit_ternary(b, x, n);
      ga_sb_puts(b, ";\n");
    } else if (n->op == GA_OP_POWER && n->mode == GA_CM_INT_DOUBLE && node_uses_pow(x, n)) {
      /* Octave's integer powers through pow in double, rounded and saturated */
      bool both_int = ga_class_is_int(x->nodes[n->a].cls) && ga_class_is_int(x->nodes[n->b].cls);
      ga_sb_printf(b, "%s(ga_sat(ga_pow_int_result(ga_d(v%d), ga_d(v%d), %s), %.1f, %.1f));\n",
                   ga_glsl_type(n->cls), n->a, n->b, both_int ? "true" : "false", ga_class_int_min(n->cls),
                   ga_class_int_max(n->cls));
    } else if (n->op == GA_OP_POWER && n->mode == GA_CM_FLOAT && !ga_class_is_complex(n->cls)) {
      /* a scalar exponent keeps Octave's exact cases (x .^ 2 is x * x); an array of
       * exponents is pow throughout, as Octave's elementwise std::pow */
      bool single = n->cls == GA_SINGLE;
      const char *cv = single ? "ga_f" : "ga_d";
      const ga_xnode *e = &x->nodes[n->b]; /* a 1x1 array is a scalar to Octave too */
      bool scalar = e->kind == GA_X_SCALAR || (e->kind == GA_X_INPUT && ga_expr_input_numel(x, e->slot) == 1);
      ga_sb_printf(b, "ga_pow_%s%s(%s(v%d), %s(v%d));\n", scalar ? "scalar_" : "", single ? "single" : "double", cv,
                   n->a, cv, n->b);
    } else {
      char va[16], vb[16];
      snprintf(va, sizeof va, "v%d", n->a);
      snprintf(vb, sizeof vb, "v%d", n->b);
      ga_glsl_emit_binary(b, n, x->nodes[n->a].cls, va, x->nodes[n->b].cls, vb);
      ga_sb_puts(b, ";\n");
    }
  }
}

void ga_glsl_emit_scalar_slots(ga_strbuf *b, const ga_expr *x, const char *indent)
{
  (void)indent;
  char name[32], addr[32];
  for (int j = 0; j < x->nnodes; j++)
    if (x->nodes[j].kind == GA_X_SCALAR) {
      snprintf(name, sizeof name, "s%d", x->nodes[j].slot);
      snprintf(addr, sizeof addr, "pc.s%d", x->nodes[j].slot);
      ga_glsl_emit_scalar(b, name, x->nodes[j].cls, addr);
    }
}

void ga_glsl_emit_element_loads(ga_strbuf *b, const ga_expr *x, const char *index)
{
  ga_bcast plan;
  ga_glsl_broadcast_plan(x, &plan);
  if (plan.any_partial) { /* 32-bit: see emit_strided_load */
    ga_sb_printf(b, "  uint bk = uint(%s), bc0 = bk %% pc.d0, bcr = bk / pc.d0;\n", index);
    if (plan.ndims == 3)
      ga_sb_puts(b, "  uint bc1 = bcr % pc.d1, bc2 = bcr / pc.d1;\n");
    else
      ga_sb_puts(b, "  uint bc1 = bcr, bc2 = 0u;\n");
  }
  for (int i = 0; i < x->ninputs; i++) {
    if (x->input_strided[i]) {
      const ga_xnode *leaf = NULL;
      for (int j = 0; j < x->nnodes && !leaf; j++)
        if (x->nodes[j].kind == GA_X_INPUT && x->nodes[j].slot == i)
          leaf = &x->nodes[j];
      ga_class c = leaf ? leaf->cls : GA_DOUBLE;
      ga_sb_printf(b, "  uint64_t vc%d;\n  %s e%d = %s(ga_ld_%s(GaView(pc.in%d).w[0], "
                      "uint64_t(ga_view_pos(GaView(pc.in%d), %s, vc%d))));\n",
                   i, ga_glsl_type(c), i, ga_glsl_type(c), ga_glsl_suffix(c), i, i, index, i);
      continue;
    }
    if (plan.partial[i]) {
      const ga_xnode *leaf = NULL;
      for (int j = 0; j < x->nnodes && !leaf; j++)
        if (x->nodes[j].kind == GA_X_INPUT && x->nodes[j].slot == i)
          leaf = &x->nodes[j];
      ga_class c = leaf ? leaf->cls : GA_DOUBLE;
      ga_sb_printf(b, "  uint src%d = 0u", i);
      char stride[64] = "1u";
      for (int k = 0; k < plan.ndims; k++) {
        if (plan.mask[i] & (1u << k))
          continue;
        ga_sb_printf(b, " + bc%d * %s", k, stride);
        char next[64];
        snprintf(next, sizeof next, "%s * pc.d%d", stride, k);
        memcpy(stride, next, sizeof stride);
      }
      ga_sb_printf(b, ";\n  %s e%d = %s(ga_ld_%s(pc.in%d, uint64_t(src%d)));\n", ga_glsl_type(c), i, ga_glsl_type(c),
                   ga_glsl_suffix(c), i, i);
      continue;
    }
    const ga_xnode *leaf = NULL;
    for (int j = 0; j < x->nnodes && !leaf; j++)
      if (x->nodes[j].kind == GA_X_INPUT && x->nodes[j].slot == i)
        leaf = &x->nodes[j];
    ga_class c = leaf ? leaf->cls : GA_DOUBLE;
    ga_sb_printf(b, "  %s e%d = %s(ga_ld_%s(pc.in%d, %s));\n", ga_glsl_type(c), i, ga_glsl_type(c),
                 ga_glsl_suffix(c), i, input_broadcast(x, i) ? "0ul" : index);
  }
}

void ga_glsl_emit_epilogue(ga_strbuf *b, const ga_expr *x, int slot)
{
  static const char *const at[] = {"uint64_t(row) + uint64_t(col) * uint64_t(pc.m)", "0ul", "uint64_t(row)",
                                   "uint64_t(col)"};
  const char *t = ga_glsl_type(x->nodes[x->nnodes - 1].cls);
  ga_sb_printf(b, "%s ga_epilogue(%s prod, uint row, uint col)\n{\n", t, t);
  for (int i = 0; i < x->ninputs; i++) {
    ga_class c = GA_DOUBLE;
    for (int j = 0; j < x->nnodes; j++)
      if (x->nodes[j].kind == GA_X_INPUT && x->nodes[j].slot == i)
        c = x->nodes[j].cls;
    int kind = ga_epilogue_input_kind(x, i);
    if (i == slot)
      ga_sb_printf(b, "  %s e%d = prod;\n", ga_glsl_type(c), i);
    else
      ga_sb_printf(b, "  %s e%d = %s(ga_ld_%s(pc.in%d, %s));\n", ga_glsl_type(c), i, ga_glsl_type(c),
                   ga_glsl_suffix(c), i, at[kind < 0 ? 0 : kind]);
  }
  ga_glsl_emit_scalar_slots(b, x, "  ");
  ga_glsl_emit_nodes(b, x, "  ", "e%d", "s%d");
  ga_sb_printf(b, "  return v%d;\n}\n", x->nnodes - 1);
}

int ga_glsl_count_ops(const ga_expr *x)
{
  int ops = 0;
  for (int j = 0; j < x->nnodes; j++)
    ops += x->nodes[j].kind == GA_X_BINARY || x->nodes[j].kind == GA_X_UNARY || x->nodes[j].kind == GA_X_TERNARY;
  return ops;
}

/* The push constants: n, out, inputs, scalars (64-bit each), then groups_x, then the
 * collapsed output dimensions when some input repeats along part of them. */
static void emit_push_block(ga_strbuf *b, const ga_expr *x, const ga_bcast *plan)
{
  ga_sb_puts(b, "layout(push_constant) uniform Params {\n  uint64_t n;\n  uint64_t out_addr;\n");
  for (int i = 0; i < x->ninputs; i++)
    ga_sb_printf(b, "  uint64_t in%d;\n", i);
  for (int i = 0; i < x->nscalars; i++)
    ga_sb_printf(b, "  uint64_t s%d;\n", i);
  ga_sb_puts(b, "  uint groups_x;\n");
  if (plan->any_partial)
    ga_sb_puts(b, "  uint d0;\n  uint d1;\n  uint d2;\n");
  ga_sb_puts(b, "} pc;\n\n");
}

/* An input repeating along some collapsed dimensions: element by element, its index
 * built from the coordinates along the dimensions it does not repeat along. In 32-bit
 * arithmetic: NVIDIA's compiler (driver 580) gets 64-bit division by a widened 32-bit
 * value wrong here; arrays of 2^32 elements or more that need this run on the host. */
static void emit_strided_load(ga_strbuf *b, const char *name, ga_class c, const char *addr, unsigned mask,
                              int ndims)
{
  const char *t = ga_glsl_type(c);
  ga_sb_printf(b, "  %s %s[4];\n", t, name);
  for (int l = 0; l < 4; l++) {
    ga_sb_printf(b, "  {\n    uint e = min(4u * uint(p) + %du, uint(pc.n) - 1u);\n"
                    "    uint c0 = e %% pc.d0, r = e / pc.d0;\n", l);
    ga_sb_puts(b, ndims == 3 ? "    uint c1 = r % pc.d1, c2 = r / pc.d1;\n" : "    uint c1 = r, c2 = 0u;\n");
    ga_sb_puts(b, "    uint src = 0u");
    char stride[64] = "1u";
    for (int k = 0; k < ndims; k++) {
      if (mask & (1u << k))
        continue;
      ga_sb_printf(b, " + c%d * %s", k, stride);
      char next[64];
      snprintf(next, sizeof next, "%s * pc.d%d", stride, k);
      memcpy(stride, next, sizeof stride);
    }
    ga_sb_printf(b, ";\n    %s[%d] = %s(ga_ld_%s(%s, uint64_t(src)));\n  }\n", name, l, t, ga_glsl_suffix(c), addr);
  }
}

void ga_glsl_emit_prelude(ga_strbuf *b, const ga_expr *x) { ga_glsl_emit_prelude_complex(b, x, 0); }

/* The math library's groups of tables read at per-lane indices (shaders/ga_math.glsl,
 * ga_m_tables_load) that x's functions read: a kernel that copies them into shared
 * memory names them. A function missing here still reads its constant arrays (right,
 * only slower on NVIDIA). */
enum { TAB_POW = 1, TAB_ERF = 2, TAB_EXPG = 4, TAB_LOGG = 8, TAB_F32 = 16 };
/* ga_pow_d (glibc's pow): its log's and its exp's tables */
enum { TAB_POW_D = TAB_EXPG | TAB_LOGG };
static unsigned expr_table_groups(const ga_expr *x)
{
  unsigned g = 0;
  for (int j = 0; x && j < x->nnodes; j++) {
    const ga_xnode *n = &x->nodes[j];
    if (node_uses_pow(x, n))
      g |= TAB_POW_D;
    if (n->kind == GA_X_BINARY && ga_binop_is_gammainc(n->op))
      g |= TAB_POW | TAB_POW_D;
    if (n->kind == GA_X_BINARY && n->op == GA_OP_POWER && n->mode == GA_CM_FLOAT && n->cls == GA_SINGLE)
      g |= TAB_F32; /* glibc's powf for non-integer exponents */
    if (n->kind == GA_X_BINARY && ga_binop_is_gammaincinv(n->op))
      g |= TAB_POW | TAB_ERF | TAB_POW_D;
    if (n->kind == GA_X_TERNARY) /* betainc's x^a */
      g |= TAB_POW | TAB_POW_D;
    if (n->kind != GA_X_UNARY || ga_class_is_complex(n->cls))
      continue;
    if (n->cls == GA_SINGLE && unop_single_form(n->uop) > 0) { /* (ga_glsl_emit_unary) */
      g |= unop_single_form(n->uop) == 2 ? TAB_F32 : 0u;
      continue;
    }
    switch (n->uop) {
    case GA_UOP_ERF: g |= TAB_ERF; break;
    case GA_UOP_ERFINV: case GA_UOP_ERFCINV: g |= TAB_ERF | TAB_LOGG; break; /* glibc's log in the central range */
    case GA_UOP_ERFC: g |= TAB_ERF | TAB_EXPG; break;
    case GA_UOP_GAMMA: g |= TAB_EXPG | TAB_LOGG; break;
    case GA_UOP_ASINH: g |= TAB_LOGG; break; /* glibc's log of a double-double sum */
    case GA_UOP_LOG2: g |= TAB_POW; break; /* pow's double-double log */
    case GA_UOP_LOG10: case GA_UOP_LGAMMA: g |= TAB_POW; break; /* pow's double-double log */
    default: break;
    }
  }
  return g;
}

static unsigned emit_prelude(ga_strbuf *b, const ga_expr *x, int need, unsigned tables);

void ga_glsl_emit_prelude_complex(ga_strbuf *b, const ga_expr *x, int need) { emit_prelude(b, x, need, 0); }

void ga_glsl_emit_prelude_tables(ga_strbuf *b, const ga_expr *x, int need, bool shared_tables)
{
  emit_prelude(b, x, need, shared_tables ? expr_table_groups(x) : 0);
}

/* tables: the groups of expr_table_groups that the kernel copies into shared memory;
 * returns those it declared (none where the math library is not included whole, as
 * for int8 .^ 2: then nothing defines ga_m_tables_load) */
static unsigned emit_prelude(ga_strbuf *b, const ga_expr *x, int need, unsigned tables)
{
  ga_sb_puts(b, "#version 460\n");
  bool math = false, lite = false;
  for (int j = 0; x && j < x->nnodes; j++) {
    const ga_xnode *n = &x->nodes[j];
    math |= (n->kind == GA_X_UNARY && (ga_unop_is_function(n->uop) || n->uop == GA_UOP_ANGLE)) ||
            (n->kind == GA_X_BINARY && (n->op == GA_OP_ATAN2 || n->op == GA_OP_HYPOT || ga_binop_is_gammainc(n->op) ||
                                              ga_binop_is_gammaincinv(n->op))) ||
            node_uses_pow(x, n) || n->kind == GA_X_TERNARY;
    lite |= n->kind == GA_X_BINARY && ga_binop_is_function(n->op);
  }
  math |= has_generator(x, GA_GEN_NORMAL);
  bool cplx = expr_has_complex(x) || need > 0, cmath = (cplx && expr_needs_complex_math(x)) || need > 1;
  if (!math && !cmath)
    tables = 0;
  static const char *const group_macro[] = {"GA_SHARED_POW", "GA_SHARED_ERF", "GA_SHARED_EXPG", "GA_SHARED_LOGG",
                                            "GA_SHARED_F32"};
  for (unsigned i = 0; i < sizeof group_macro / sizeof group_macro[0]; i++)
    if (tables & (1u << i))
      ga_sb_printf(b, "#define %s 1\n", group_macro[i]);
  if (tables) /* the kernel's main calls ga_m_tables_load first */
    ga_sb_puts(b, "#define GA_SHARED_TABLES 1\n");
  if (has_views(x))
    ga_sb_puts(b, "#define GA_VIEWS 1\n");
  ga_sb_puts(b, ga_glsl_common);
  if (cplx && !cmath)
    ga_sb_puts(b, "#define GA_COMPLEX_LITE 1\n");
  if (math || cmath) { /* large: only the kernels that call it pay its compile time */
    ga_sb_puts(b, ga_glsl_math);
  } else if (lite) { /* mod, max, the bit functions: its small first part */
    ga_sb_puts(b, "#define GA_MATH_LITE 1\n");
    ga_sb_puts(b, ga_glsl_math);
  }
  if (cplx)
    ga_sb_puts(b, ga_glsl_complex);
  if (expr_needs_faddeeva(x)) { /* its tables are large: only the kernels that call it */
    if (cplx)
      ga_sb_puts(b, "#define GA_FADDEEVA_COMPLEX 1\n");
    ga_sb_puts(b, ga_glsl_faddeeva_tab);
    ga_sb_puts(b, ga_glsl_faddeeva);
  }
  /* gammainc, and gammaincinv (which calls it) after it */
  bool gi = false, gii = false;
  for (int j = 0; x && j < x->nnodes; j++) {
    gi |= x->nodes[j].kind == GA_X_BINARY && ga_binop_is_gammainc(x->nodes[j].op);
    gii |= x->nodes[j].kind == GA_X_BINARY && ga_binop_is_gammaincinv(x->nodes[j].op);
  }
  if (gi || gii)
    ga_sb_puts(b, ga_glsl_gammainc);
  if (gii)
    ga_sb_puts(b, ga_glsl_gammaincinv);
  /* betainc, and betaincinv (whose Newton steps call it) after it */
  bool bi = false, bii = false;
  for (int j = 0; x && j < x->nnodes; j++) {
    bi |= x->nodes[j].kind == GA_X_TERNARY;
    bii |= x->nodes[j].kind == GA_X_TERNARY && ga_terop_is_betaincinv(x->nodes[j].top);
  }
  if (bi)
    ga_sb_puts(b, ga_glsl_betainc);
  if (bii)
    ga_sb_puts(b, ga_glsl_betaincinv);
  if (has_generator(x, -1)) {
    if (has_generator(x, GA_GEN_NORMAL))
      ga_sb_puts(b, "#define GA_RNG_NORMAL 1\n");
    ga_sb_puts(b, ga_glsl_philox);
  }
  return tables;
}

/* Functions whose code is large enough that four inlined copies cost more than a kept
 * loop's packet arrays: measured on an H200 (bench/math_probe.m, 1e8 elements, device
 * time, unrolled -> kept loop): gamma 20.5 -> 11.2 ms in double and 20.9 -> 11.2 in
 * single (the instruction cache: four copies of 128 KB of code), erfinv 3.44 -> 2.98,
 * erfcinv 3.34 -> 3.07, erfc 3.18 -> 2.84, erf 1.66 -> 1.59. Not sin, cos, tan, psi or
 * x .^ y, which lose 2-68% in a kept loop. gammainc, expint, betainc and betaincinv:
 * compile time on lavapipe (a minute of LLVM for one unrolled gammainc kernel); on the
 * GPU the same either way. */
static bool node_wants_kept_lane_loop(const ga_xnode *n)
{
  if (n->kind == GA_X_TERNARY) /* betainc's continued fraction, betaincinv's Newton steps over it */
    return true;
  if (n->kind == GA_X_BINARY)
    return ga_binop_is_gammainc(n->op) || ga_binop_is_gammaincinv(n->op);
  if (n->kind != GA_X_UNARY)
    return false;
  switch (n->uop) {
  case GA_UOP_GAMMA: case GA_UOP_ERF: case GA_UOP_ERFC: case GA_UOP_ERFINV: case GA_UOP_ERFCINV:
  case GA_UOP_EXPINT:
    return true;
  case GA_UOP_PSI: /* complex psi: compile time on lavapipe (its clog, ctan and quotients) */
    return ga_class_is_complex(n->cls);
  default:
    return false;
  }
}

char *ga_glsl_elementwise(const ga_expr *x, ga_class out_cls, bool loop_lanes, bool shared_tables)
{
  ga_strbuf b = {0};
  unsigned tables = emit_prelude(&b, x, 0, shared_tables ? expr_table_groups(x) : 0);
  ga_sb_puts(&b, "\nlayout(local_size_x = 256) in;\n\n");
  ga_bcast plan;
  ga_glsl_broadcast_plan(x, &plan);
  emit_push_block(&b, x, &plan);
  ga_sb_puts(&b, "void main()\n{\n");
  if (tables) /* the whole workgroup, before any invocation leaves */
    ga_sb_puts(&b, "  ga_m_tables_load(gl_WorkGroupSize.x);\n");
  ga_sb_puts(&b, "  uint64_t p = ga_invocation(pc.groups_x);\n  if (4ul * p >= pc.n)\n    return;\n");
  char name[32], addr[32];
  for (int i = 0; i < x->ninputs; i++) {
    snprintf(name, sizeof name, "in%d", i);
    snprintf(addr, sizeof addr, "pc.in%d", i);
    const ga_xnode *leaf = NULL;
    for (int j = 0; j < x->nnodes && !leaf; j++)
      if (x->nodes[j].kind == GA_X_INPUT && x->nodes[j].slot == i)
        leaf = &x->nodes[j];
    if (x->input_strided[i])
      emit_view_packet_load(&b, name, leaf ? leaf->cls : GA_DOUBLE, addr);
    else if (plan.partial[i])
      emit_strided_load(&b, name, leaf ? leaf->cls : GA_DOUBLE, addr, plan.mask[i], plan.ndims);
    else
      ga_glsl_emit_packet_load(&b, name, leaf ? leaf->cls : GA_DOUBLE, addr, input_broadcast(x, i));
  }
  ga_glsl_emit_scalar_slots(&b, x, "  ");
  emit_packet_generators(&b, x);
  /* The four elements written out, one block each with its own constant l. A loop the
   * compiler keeps (large bodies: sin, pow) indexes the packet arrays dynamically, which
   * put them in local memory on NVIDIA (x .^ 2 at half speed on the H100); and a loop
   * marked [[unroll]] is unrolled by spirv-opt, whose copies lost the NoContraction of
   * `precise`, so NVIDIA fused a*b + c into one rounding in elements 2-4 only. */
  ga_sb_printf(&b, "  %s r[4];\n", ga_glsl_type(out_cls));
  /* Except for functions so large that four inlined copies are the cost: gammainc
   * (hundreds of instructions an element, its loops data-dependent) was a minute of
   * lavapipe's LLVM for one kernel unrolled, and a kept loop's packet arrays in local
   * memory are nothing beside its arithmetic; and on CPU devices (lavapipe), whose
   * compile time is what a test run waits for, every kernel. [[dont_unroll]]: NIR
   * unrolls a loop that indexes arrays otherwise. */
  bool heavy = loop_lanes;
  for (int j = 0; j < x->nnodes; j++)
    heavy |= node_wants_kept_lane_loop(&x->nodes[j]);
  for (int l = 0; l < (heavy ? 1 : 4); l++) {
    if (heavy)
      ga_sb_puts(&b, "  [[dont_unroll]] for (int l = 0; l < 4; l++) {\n");
    else
      ga_sb_printf(&b, "  {\n    const int l = %d;\n", l);
    if (has_generator(x, -1))
      ga_sb_puts(&b, "    uint64_t ga_i = 4ul * p + uint64_t(l);\n");
    emit_nodes(&b, x, "    ", "in%d[l]", "s%d", true);
    ga_sb_printf(&b, "    r[l] = v%d;\n  }\n", x->nnodes - 1);
  }
  ga_glsl_emit_packet_store(&b, "r", out_cls, "pc.out_addr");
  ga_sb_puts(&b, "}\n");
  return ga_sb_take(&b);
}
