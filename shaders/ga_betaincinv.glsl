// ---- betaincinv (y, a, b, tail) ---------------------------------------------------------
// Octave 7.3's betaincinv.m, its starting points and newton_method step by step, the same
// code as the host provider's (src/core/ga_host_betainc.c). NaN where Octave's steps
// fail (an iterate outside [0, 1] handed to betainc, whose range check fails the whole
// call) or where the Newton steps still shrink after 200: the gpuArray method hands such
// calls to Octave. Where s is set every step is rounded to single, as Octave computes a
// single betaincinv in single. Included after ga_betainc.glsl, only by kernels that call
// it. betainc is called from one place (each call site is a copy of it): one loop runs
// the starting point's betainc at the point of inflection (step -1) and the Newton steps;
// the starting point's power and the steps' exp are likewise one call each.

precise double ga_betaincinv_d(double y, double a, double b, int tail, bool s)
{
  bool up = tail != 0;
  precise double ys = up ? ga_step_sub(1.0lf, y, s) : y;
  precise double am1 = ga_step_sub(a, 1.0lf, s), bm1 = ga_step_sub(b, 1.0lf, s), c = ga_step_mul(am1, bm1, s);
  // gammaln (a), gammaln (b), gammaln (a + b), for betainc too; betaln (a, b), whose exp
  // is beta (a, b)
  precise double g[3];
  [[dont_unroll]] for (int k = 0; k < 3; k++)
    g[k] = ga_bi_lgamma(k == 0 ? a : k == 1 ? b : ga_step_add(a, b, s), s);
  precise double lab = ga_step_sub(ga_step_add(g[0], g[1], s), g[2], s);
  // with a point of inflection x_i (c > 0) the start is on its side; NaN in a or b
  // gives neither case, and x stays 0
  bool infl = c > 0.0lf;
  precise double xi = 0.0lf, yi = 0.0lf, beta = 0.0lf, x = 0.0lf, dx_old = 0.0lf;
  if (infl) {
    xi = ga_step_div(am1, ga_step_sub(ga_step_add(a, b, s), 2.0lf, s), s);
    if (xi < 0.0lf || xi > 1.0lf) // betainc's range check fails the whole call
      return ga_m_nan();
  }
  [[dont_unroll]] for (int it = -1; it <= 200; it++) {
    if (it == 0) { // the starting point
      int form = 0;
      precise double base = 0.0lf, e = 1.0lf;
      if (infl) {
        if (a > 1.0lf) {
          x = xi;
        } else if (yi >= ys) {
          form = 1;
          base = ga_step_div(ys, yi, s);
          e = ga_step_div(1.0lf, a, s);
        } else if (yi < ys) {
          form = 2;
          base = ga_step_div(ga_step_sub(1.0lf, ys, s), ga_step_sub(1.0lf, yi, s), s);
          e = ga_step_div(1.0lf, b, s);
        }
      } else if (c <= 0.0lf) {
        if (a < 1.0lf) {
          form = 3;
          base = ga_step_mul(ga_step_mul(ys, beta, s), a, s);
          e = ga_step_div(1.0lf, a, s);
        } else if (a >= 1.0lf) {
          form = 4;
          base = ga_step_mul(ga_step_mul(ga_step_sub(1.0lf, ys, s), beta, s), b, s);
          e = ga_step_div(1.0lf, b, s);
        }
      }
      if (form != 0) {
        precise double p = ga_round_if_single(ga_pow_d(base, e), s);
        x = form == 1 ? ga_step_mul(p, xi, s)
                      : form == 2 ? ga_step_sub(1.0lf, ga_step_mul(p, ga_step_sub(1.0lf, xi, s), s), s)
                                  : form == 3 ? p : ga_step_sub(1.0lf, p, s);
      }
      if (y == 0.0lf)
        return up ? 1.0lf : 0.0lf;
      if (y == 1.0lf)
        return up ? 0.0lf : 1.0lf;
    }
    if (it >= 0 && (x < 0.0lf || x > 1.0lf)) // betainc's range check fails the whole call
      return ga_m_nan();
    precise double bi = it >= 0 || infl ? ga_bi_core(it < 0 ? xi : x, a, b, it < 0 ? 0 : tail, s, g[0], g[1], g[2]) : 0.0lf;
    // JF's exponent (a - 1) log (x) + (b - 1) log1p (-x) - betaln (a, b); at step -1, beta's
    precise double jz = lab;
    if (it >= 0) {
      precise double lx = ga_round_if_single(ga_log_d(x), s);
      precise double l1 = ga_round_if_single(ga_log1p_d(ga_neg_d(x)), s);
      jz = ga_step_sub(ga_step_add(ga_step_mul(am1, lx, s), ga_step_mul(bm1, l1, s), s), lab, s);
    }
    precise double ex = ga_round_if_single(ga_exp_d(jz), s);
    if (it < 0) {
      yi = bi;
      beta = ex;
      continue;
    }
    // x += -F ./ JF: first once (done where dx is 0), then while |dx| shrinks; the step
    // that stops the loop stays in x
    precise double f = ga_step_sub(y, bi, s);
    precise double step = ga_step_div(ga_neg_d(f), up ? ex : ga_neg_d(ex), s);
    precise double x_old = x;
    x = ga_step_add(x, step, s);
    precise double dx = ga_step_sub(x, x_old, s);
    if (it == 0 ? !(dx != 0.0lf) : !(abs(dx) < abs(dx_old)))
      return x;
    dx_old = dx;
  }
  return ga_m_nan();
}
