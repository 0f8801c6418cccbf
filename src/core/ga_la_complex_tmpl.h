/* The complex factorisations' host kernels, written once for both precisions:
 * ga_solve_complex.c includes this file twice, with CT (the complex type), RT (its real
 * part), SFX (a name suffix), MK (CMPLX or CMPLXF), RT_EPS and RT_MIN defined, and
 * <tgmath.h> in force so that fabs, sqrt, conj, creal and cimag follow the type. Single
 * computes in single arithmetic, as Octave's LAPACK calls (cgetrf, cpotrf, ...) do, so
 * that an exactly zero pivot or a failing Cholesky is found where Octave finds it.
 *
 * The loops follow LAPACK's unblocked reference algorithms (zgetf2, zpotf2, ztrsm,
 * zlacn2, zlarfg) column by column, which is what the blocked routines Octave calls
 * compute up to rounding. No LAPACK is linked. Matrices are column-major, ld = rows. */

/* the product without C99 Annex G's NaN recovery (__muldc3): BLAS multiplies this way,
 * and the inner loops would otherwise pay a library call per element */
static inline CT SFX(mul)(CT a, CT b)
{
  RT ar = creal(a), ai = cimag(a), br = creal(b), bi = cimag(b);
  return MK(ar * br - ai * bi, ar * bi + ai * br);
}

/* |re| + |im|: LAPACK's pivot measure (izamax compares dcabs1) */
static inline RT SFX(cabs1)(CT z) { return fabs(creal(z)) + fabs(cimag(z)); }

static inline RT SFX(norm2)(CT z) { return creal(z) * creal(z) + cimag(z) * cimag(z); }

/* liboctave's matrix_complex_probe: 1 upper, 2 lower (a diagonal matrix is upper), both
 * with no zero on the diagonal; 3 Hermitian (a real positive diagonal, a_ij ==
 * conj (a_ji) and |a_ij|^2 < a_ii a_jj off it); 0 full */
static int SFX(probe)(const CT *A, int64_t n, RT *diag)
{
  bool upper = true, lower = true, herm = true;
  for (int64_t j = 0; j < n && upper; j++) {
    CT d = A[j + j * n];
    upper = lower = upper && d != 0;
    herm = herm && creal(d) > 0 && cimag(d) == 0;
    diag[j] = creal(d);
  }
  for (int64_t j = 0; j < n && (upper || lower || herm); j++)
    for (int64_t i = 0; i < j; i++) {
      CT aij = A[i + j * n], aji = A[j + i * n];
      lower = lower && aij == 0;
      upper = upper && aji == 0;
      herm = herm && aij == conj(aji) && SFX(norm2)(aij) < diag[i] * diag[j];
    }
  return upper ? 1 : lower ? 2 : herm ? 3 : 0;
}

/* ||A||_1 (m x n): the largest column sum of magnitudes; NaN wins as in liboctave */
static RT SFX(norm1)(const CT *A, int64_t m, int64_t n)
{
  RT best = 0;
  for (int64_t j = 0; j < n; j++) {
    RT s = 0;
    for (int64_t i = 0; i < m; i++)
      s += fabs(A[i + j * m]);
    if (isnan(s))
      return s;
    if (s > best)
      best = s;
  }
  return best;
}

/* P A = L U in place (m x n), zgetf2's order: the pivot is the first largest |re|+|im|,
 * the column is scaled by the pivot's reciprocal unless that would overflow. perm[i]: the
 * row of A that row i of P A is; ipiv[j] (may be NULL): the row swapped with row j at
 * step j. Returns the 1-based column of the first exactly zero pivot, 0 if none. */
static int64_t SFX(getrf)(CT *A, int64_t m, int64_t n, int64_t *perm, int64_t *ipiv)
{
  int64_t kmin = m < n ? m : n, info = 0;
  for (int64_t i = 0; i < m; i++)
    perm[i] = i;
  for (int64_t j = 0; j < kmin; j++) {
    CT *col = A + j * m;
    int64_t p = j;
    RT best = SFX(cabs1)(col[j]);
    for (int64_t i = j + 1; i < m; i++) {
      RT v = SFX(cabs1)(col[i]);
      if (v > best) {
        best = v;
        p = i;
      }
    }
    if (ipiv)
      ipiv[j] = p;
    if (col[p] != 0) {
      if (p != j) {
        for (int64_t c = 0; c < n; c++) {
          CT t = A[j + c * m];
          A[j + c * m] = A[p + c * m];
          A[p + c * m] = t;
        }
        int64_t t = perm[j];
        perm[j] = perm[p];
        perm[p] = t;
      }
      CT piv = col[j];
      if (fabs(piv) >= RT_MIN) {
        CT r = 1 / piv;
        for (int64_t i = j + 1; i < m; i++)
          col[i] = SFX(mul)(col[i], r);
      } else {
        for (int64_t i = j + 1; i < m; i++)
          col[i] /= piv;
      }
    } else if (!info) {
      info = j + 1;
    }
    for (int64_t c = j + 1; c < n; c++) {
      CT t = A[j + c * m];
      if (t == 0) /* the reference zgeru skips these columns */
        continue;
      CT *dst = A + c * m;
      for (int64_t i = j + 1; i < m; i++)
        dst[i] -= SFX(mul)(col[i], t);
    }
  }
  return info;
}

/* B := op(T)^-1 B, T n x n (ld ldt) lower or upper, op the identity or (herm) the
 * conjugate transpose; B n x nrhs (ld ldb). A zero diagonal gives Inf and NaN as the
 * division does. */
static void SFX(trsm)(const CT *T, int64_t ldt, int64_t n, bool lower, bool unit, bool herm, CT *B, int64_t ldb,
                      int64_t nrhs)
{
  for (int64_t q = 0; q < nrhs; q++) {
    CT *x = B + q * ldb;
    if (!herm && lower) {
      for (int64_t j = 0; j < n; j++) {
        if (!unit)
          x[j] /= T[j + j * ldt];
        CT xj = x[j];
        if (xj != 0)
          for (int64_t i = j + 1; i < n; i++)
            x[i] -= SFX(mul)(xj, T[i + j * ldt]);
      }
    } else if (!herm) {
      for (int64_t j = n - 1; j >= 0; j--) {
        if (!unit)
          x[j] /= T[j + j * ldt];
        CT xj = x[j];
        if (xj != 0)
          for (int64_t i = 0; i < j; i++)
            x[i] -= SFX(mul)(xj, T[i + j * ldt]);
      }
    } else if (lower) { /* T^H is upper: from the bottom, a dot product per row */
      for (int64_t i = n - 1; i >= 0; i--) {
        CT s = x[i];
        for (int64_t k = i + 1; k < n; k++)
          s -= SFX(mul)(conj(T[k + i * ldt]), x[k]);
        x[i] = unit ? s : s / conj(T[i + i * ldt]);
      }
    } else {
      for (int64_t i = 0; i < n; i++) {
        CT s = x[i];
        for (int64_t k = 0; k < i; k++)
          s -= SFX(mul)(conj(T[k + i * ldt]), x[k]);
        x[i] = unit ? s : s / conj(T[i + i * ldt]);
      }
    }
  }
}

/* R' R = A from A's upper triangle (zpotf2 'U': only the diagonal's real part is read),
 * R in the upper triangle, the strictly lower one zeroed. Returns the 1-based column
 * whose pivot is not positive (or NaN), its leading columns factored; 0 on success. */
static int64_t SFX(potrf)(CT *A, int64_t n)
{
  int64_t info = 0;
  for (int64_t j = 0; j < n && !info; j++) {
    CT *cj = A + j * n;
    RT ajj = creal(cj[j]);
    for (int64_t k = 0; k < j; k++)
      ajj -= SFX(norm2)(cj[k]);
    if (!(ajj > 0)) {
      cj[j] = ajj;
      info = j + 1;
      break;
    }
    ajj = sqrt(ajj);
    cj[j] = ajj;
    RT r = 1 / ajj;
    for (int64_t c = j + 1; c < n; c++) {
      CT *cc = A + c * n, s = cc[j];
      for (int64_t k = 0; k < j; k++)
        s -= SFX(mul)(conj(cj[k]), cc[k]);
      cc[j] = s * r;
    }
  }
  for (int64_t j = 0; j < n; j++)
    for (int64_t i = j + 1; i < n; i++)
      A[i + j * n] = 0;
  return info;
}

/* What a condition estimate solves with: 0 LU (packed, perm), 1 Cholesky (R upper),
 * 2 triangular (lower or upper) */
typedef struct {
  int kind;
  const CT *F;
  int64_t n;
  const int64_t *perm;
  bool lower;
} SFX(fact);

/* x := A^-1 x, or A^-H x (herm); w: n of scratch */
static void SFX(fsolve)(const SFX(fact) *f, CT *x, bool herm, CT *w)
{
  int64_t n = f->n;
  if (f->kind == 2) {
    SFX(trsm)(f->F, n, n, f->lower, false, herm, x, n, 1);
  } else if (f->kind == 1) { /* A = R' R is Hermitian: A^-H = A^-1 = R^-1 R^-H */
    SFX(trsm)(f->F, n, n, false, false, true, x, n, 1);
    SFX(trsm)(f->F, n, n, false, false, false, x, n, 1);
  } else if (!herm) { /* P A = L U */
    for (int64_t i = 0; i < n; i++)
      w[i] = x[f->perm[i]];
    SFX(trsm)(f->F, n, n, true, true, false, w, n, 1);
    SFX(trsm)(f->F, n, n, false, false, false, w, n, 1);
    memcpy(x, w, (size_t)n * sizeof *x);
  } else { /* A^H = U^H L^H P */
    SFX(trsm)(f->F, n, n, false, false, true, x, n, 1);
    SFX(trsm)(f->F, n, n, true, true, true, x, n, 1);
    memcpy(w, x, (size_t)n * sizeof *x);
    for (int64_t i = 0; i < n; i++)
      x[f->perm[i]] = w[i];
  }
}

static RT SFX(sum_abs)(const CT *x, int64_t n)
{
  RT s = 0;
  for (int64_t i = 0; i < n; i++)
    s += fabs(x[i]);
  return s;
}

static int64_t SFX(argmax_abs)(const CT *x, int64_t n)
{
  int64_t j = 0;
  RT best = fabs(x[0]);
  for (int64_t i = 1; i < n; i++)
    if (fabs(x[i]) > best) {
      best = fabs(x[i]);
      j = i;
    }
  return j;
}

static void SFX(unit_signs)(CT *x, int64_t n)
{
  for (int64_t i = 0; i < n; i++) {
    RT a = fabs(x[i]);
    x[i] = a > RT_MIN ? x[i] / a : 1;
  }
}

/* ||A^-1||_1 estimated as zlacn2 (Hager's method with Higham's refinements, the complex
 * variant: signs are x_i / |x_i|); x and w: n each of scratch */
static RT SFX(lacn2)(const SFX(fact) *f, CT *x, CT *w)
{
  int64_t n = f->n;
  for (int64_t i = 0; i < n; i++)
    x[i] = (RT)1 / (RT)n;
  SFX(fsolve)(f, x, false, w);
  if (n == 1)
    return fabs(x[0]);
  RT est = SFX(sum_abs)(x, n);
  if (isnan(est)) /* as the real path: NaN factors make the estimate NaN */
    return est;
  SFX(unit_signs)(x, n);
  SFX(fsolve)(f, x, true, w);
  int64_t j = SFX(argmax_abs)(x, n);
  for (int iter = 2;; iter++) {
    memset(x, 0, (size_t)n * sizeof *x);
    x[j] = 1;
    SFX(fsolve)(f, x, false, w);
    RT old = est;
    est = SFX(sum_abs)(x, n);
    if (isnan(est))
      return est;
    if (est <= old) /* zlacn2 keeps the smaller sum as it stops */
      break;
    SFX(unit_signs)(x, n);
    SFX(fsolve)(f, x, true, w);
    int64_t jlast = j;
    j = SFX(argmax_abs)(x, n);
    if (fabs(x[jlast]) == fabs(x[j]) || iter >= 5)
      break;
  }
  RT alt = 1;
  for (int64_t i = 0; i < n; i++) {
    x[i] = alt * (1 + (RT)i / (RT)(n - 1));
    alt = -alt;
  }
  SFX(fsolve)(f, x, false, w);
  RT temp = 2 * (SFX(sum_abs)(x, n) / (RT)(3 * n));
  return temp > est ? temp : est;
}

/* The reciprocal condition estimate and Octave's verdict on it (info), as the real
 * path's rcond_of: rcond + 1 == 1 in the class, or NaN, is nearly singular; 0 singular.
 * Triangular factors follow ztrcon, which Octave calls for them with any norm: 0 unless
 * the norm is positive, else (1 / anorm) / est (an Inf norm and a NaN estimate give
 * NaN there). */
static int SFX(verdict)(const SFX(fact) *f, RT anorm, ga_solve_info *info)
{
  RT rc;
  const char *e = getenv("GPUARRAY_SOLVE_RCOND");
  if (e && *e == '0')
    return 0;
  if (f->n == 0) {
    rc = INFINITY;
  } else if (anorm == 0) {
    rc = 0;
  } else {
    CT *x = calloc((size_t)f->n, sizeof *x), *w = calloc((size_t)f->n, sizeof *w);
    if (!x || !w) {
      free(x);
      free(w);
      return -1;
    }
    RT est = SFX(lacn2)(f, x, w);
    free(x);
    free(w);
    if (f->kind == 2) {
      rc = anorm > 0 && est != 0 ? (1 / anorm) / est : 0;
    } else {
      rc = isnan(est) ? (RT)NAN : 1 / (anorm * est);
      if (isinf(anorm))
        rc = 0;
    }
  }
  info->rcond = rc;
  volatile RT one_plus = rc + 1;
  if (rc == 0)
    info->cond = GA_SOLVE_SINGULAR;
  else if (isnan(rc) || one_plus == 1)
    info->cond = GA_SOLVE_NEARLY_SINGULAR;
  return 0;
}

/* zlarfg: x (length n) := v with v[0] = 1 implied, *beta real; returns tau, so that
 * (I - tau v v')' [alpha; x] = [beta; 0] */
static CT SFX(householder)(CT *x, int64_t n, RT *beta)
{
  CT alpha = x[0];
  RT s = 0, ar = creal(alpha), ai = cimag(alpha);
  for (int64_t i = 1; i < n; i++)
    s += SFX(norm2)(x[i]);
  if (s == 0 && ai == 0) {
    *beta = ar;
    return 0;
  }
  RT nrm = sqrt(ar * ar + ai * ai + s);
  RT b = ar >= 0 ? -nrm : nrm;
  CT scale = 1 / (alpha - b);
  for (int64_t i = 1; i < n; i++)
    x[i] = SFX(mul)(x[i], scale);
  *beta = b;
  return MK((b - ar) / b, -ai / b);
}

/* y := (I - tau v v') y for v = [1; v[1..n-1]] (pass conj (tau) for the adjoint) */
static void SFX(reflect)(const CT *v, int64_t n, CT tau, CT *y)
{
  if (tau == 0)
    return;
  CT s = y[0];
  for (int64_t i = 1; i < n; i++)
    s += SFX(mul)(conj(v[i]), y[i]);
  s = SFX(mul)(s, tau);
  y[0] -= s;
  for (int64_t i = 1; i < n; i++)
    y[i] -= SFX(mul)(s, v[i]);
}

/* The minimum-norm least-squares solution of A X = B (A m x n, B m x nrhs, X n x nrhs),
 * Octave's answer (zgelsd) for rectangular and exactly singular systems, as the real
 * host_lstsq: QR with column pivoting for the rank (|r_kk| > max (m, n) eps |r_11|),
 * then a QR of the leading rows' conjugate transpose (a complete orthogonal
 * decomposition, as zgelsy). A and B are overwritten. Returns -1 when out of memory. */
static int SFX(lstsq)(CT *A, int64_t m, int64_t n, CT *B, int64_t nrhs, CT *X)
{
  int64_t k = m < n ? m : n, rank = 0;
  int64_t *jpvt = calloc((size_t)n + 1, sizeof *jpvt);
  CT *tau = calloc((size_t)k + 1, sizeof *tau), *Z = NULL, *ztau = NULL, *c = NULL;
  RT *norms = calloc((size_t)n + 1, sizeof *norms);
  int rc = 0;
  if (!jpvt || !tau || !norms) {
    rc = -1;
    goto done;
  }
  if (isnan(SFX(norm1)(A, m, n))) { /* zgelsd answers a NaN matrix with real NaNs */
    for (int64_t i = 0; i < n * nrhs; i++)
      X[i] = (RT)NAN;
    goto done;
  }
  for (int64_t j = 0; j < n; j++)
    jpvt[j] = j;
  for (int64_t j = 0; j < k; j++) {
    int64_t p = j;
    for (int64_t q = j; q < n; q++) {
      RT s = 0;
      for (int64_t i = j; i < m; i++)
        s += SFX(norm2)(A[i + q * m]);
      norms[q] = s;
      if (s > norms[p])
        p = q;
    }
    if (p != j) {
      for (int64_t i = 0; i < m; i++) {
        CT t = A[i + j * m];
        A[i + j * m] = A[i + p * m];
        A[i + p * m] = t;
      }
      int64_t t = jpvt[j];
      jpvt[j] = jpvt[p];
      jpvt[p] = t;
    }
    RT beta;
    CT *v = A + j + j * m;
    tau[j] = SFX(householder)(v, m - j, &beta);
    v[0] = 1;
    for (int64_t q = j + 1; q < n; q++)
      SFX(reflect)(v, m - j, conj(tau[j]), A + j + q * m);
    for (int64_t q = 0; q < nrhs; q++)
      SFX(reflect)(v, m - j, conj(tau[j]), B + j + q * m);
    v[0] = beta;
  }
  RT tol = (RT)(m > n ? m : n) * RT_EPS * (k ? fabs(A[0]) : 0);
  while (rank < k && fabs(A[rank + rank * m]) > tol)
    rank++;
  memset(X, 0, (size_t)(n * nrhs) * sizeof *X);
  if (rank == 0)
    goto done;
  /* M = R(1:rank, :) (rank x n); its conjugate transpose (n x rank) = Z T, so
   * M = T' Z' and the minimum-norm z of M z = c is Z [w; 0] with T' w = c */
  Z = calloc((size_t)(n * rank), sizeof *Z);
  ztau = calloc((size_t)rank, sizeof *ztau);
  c = calloc((size_t)n, sizeof *c);
  if (!Z || !ztau || !c) {
    rc = -1;
    goto done;
  }
  for (int64_t i = 0; i < rank; i++)
    for (int64_t j = i; j < n; j++)
      Z[j + i * n] = conj(A[i + j * m]);
  for (int64_t j = 0; j < rank; j++) {
    RT beta;
    CT *v = Z + j + j * n;
    ztau[j] = SFX(householder)(v, n - j, &beta);
    v[0] = 1;
    for (int64_t q = j + 1; q < rank; q++)
      SFX(reflect)(v, n - j, conj(ztau[j]), Z + j + q * n);
    v[0] = beta;
  }
  for (int64_t q = 0; q < nrhs; q++) {
    memset(c, 0, (size_t)n * sizeof *c);
    for (int64_t i = 0; i < rank; i++) {
      CT s = B[i + q * m];
      for (int64_t j = 0; j < i; j++)
        s -= SFX(mul)(conj(Z[j + i * n]), c[j]);
      c[i] = s / conj(Z[i + i * n]);
    }
    /* z = Z [w; 0] = H_1 ... H_rank [w; 0] */
    for (int64_t j = rank - 1; j >= 0; j--) {
      CT *v = Z + j + j * n, keep = v[0];
      v[0] = 1;
      SFX(reflect)(v, n - j, ztau[j], c + j);
      v[0] = keep;
    }
    for (int64_t j = 0; j < n; j++)
      X[jpvt[j] + q * n] = c[j];
  }
done:
  free(jpvt);
  free(tau);
  free(norms);
  free(Z);
  free(ztau);
  free(c);
  return rc;
}

/* A \ B for square A (n x n) as Octave's ComplexMatrix::solve: the matrix type decides
 * (triangular: a substitution; Hermitian: Cholesky, falling back to LU when it fails;
 * else LU), rcond from the factors; an exactly zero LU pivot makes the answer the
 * least-squares one with the "singular" warning. Returns -1 when out of memory. */
static int SFX(solve_square)(const CT *A, int64_t n, const CT *B, int64_t nrhs, CT *X, ga_solve_info *info)
{
  size_t nn = (size_t)(n * n);
  CT *W = malloc(nn * sizeof *W);
  RT *diag = calloc((size_t)n, sizeof *diag);
  int64_t *perm = calloc((size_t)n, sizeof *perm);
  int rc = -1;
  if (!W || !diag || !perm)
    goto done;
  memcpy(X, B, (size_t)(n * nrhs) * sizeof *X);
  RT anorm = SFX(norm1)(A, n, n);
  int type = SFX(probe)(A, n, diag);
  if (type == 1 || type == 2) {
    SFX(fact) f = {.kind = 2, .F = A, .n = n, .lower = type == 2};
    SFX(trsm)(A, n, n, type == 2, false, false, X, n, nrhs);
    rc = SFX(verdict)(&f, anorm, info);
    goto done;
  }
  if (type == 3) {
    memcpy(W, A, nn * sizeof *W);
    if (!SFX(potrf)(W, n)) {
      SFX(fact) f = {.kind = 1, .F = W, .n = n};
      SFX(trsm)(W, n, n, false, false, true, X, n, nrhs);
      SFX(trsm)(W, n, n, false, false, false, X, n, nrhs);
      rc = SFX(verdict)(&f, anorm, info);
      if (isinf(anorm)) /* fsolve's answer for an infinite norm */
        memset(X, 0, (size_t)(n * nrhs) * sizeof *X);
      goto done;
    }
  }
  if (!isfinite(anorm)) {
    /* fsolve skips zgetrf here (Octave's bugs 45577, 46330): "singular", then zeros
     * for an infinite norm, zgelsd's all-NaN answer for a NaN one */
    info->cond = GA_SOLVE_SINGULAR;
    info->rcond = 0;
    for (int64_t i = 0; i < n * nrhs; i++)
      X[i] = isnan(anorm) ? (RT)NAN : 0;
    rc = 0;
    goto done;
  }
  memcpy(W, A, nn * sizeof *W);
  if (SFX(getrf)(W, n, n, perm, NULL)) {
    info->cond = GA_SOLVE_SINGULAR;
    info->rcond = 0;
    memcpy(W, A, nn * sizeof *W);
    CT *Bc = malloc((size_t)(n * nrhs) * sizeof *Bc);
    if (Bc) {
      memcpy(Bc, B, (size_t)(n * nrhs) * sizeof *Bc);
      rc = SFX(lstsq)(W, n, n, Bc, nrhs, X);
    }
    free(Bc);
    goto done;
  }
  for (int64_t q = 0; q < nrhs; q++)
    for (int64_t i = 0; i < n; i++)
      X[i + q * n] = B[perm[i] + q * n];
  SFX(trsm)(W, n, n, true, true, false, X, n, nrhs);
  SFX(trsm)(W, n, n, false, false, false, X, n, nrhs);
  SFX(fact) f = {.kind = 0, .F = W, .n = n, .perm = perm};
  rc = SFX(verdict)(&f, anorm, info);
done:
  free(W);
  free(diag);
  free(perm);
  return rc;
}

/* inv (A) as Octave's ComplexMatrix::inverse: triangular by substitution against the
 * identity (tinverse: its answer whatever rcond is), Hermitian through Cholesky (the
 * result made exactly Hermitian, as zpotri gives), else LU; there a singular, rcond-0 or
 * non-finite matrix gives all Inf. Returns -1 when out of memory. */
static int SFX(inverse)(const CT *A, int64_t n, CT *X, ga_solve_info *info)
{
  size_t nn = (size_t)(n * n);
  CT *W = malloc(nn * sizeof *W);
  RT *diag = calloc((size_t)n, sizeof *diag);
  int64_t *perm = calloc((size_t)n, sizeof *perm);
  int rc = -1;
  if (!W || !diag || !perm)
    goto done;
  RT anorm = SFX(norm1)(A, n, n);
  int type = SFX(probe)(A, n, diag);
  memset(X, 0, nn * sizeof *X);
  for (int64_t i = 0; i < n; i++)
    X[i + i * n] = 1;
  SFX(fact) f = {.n = n};
  bool done_ = false;
  if (type == 1 || type == 2) { /* tinverse: whatever the substitution gives */
    f.kind = 2;
    f.F = A;
    f.lower = type == 2;
    SFX(trsm)(A, n, n, type == 2, false, false, X, n, n);
    rc = SFX(verdict)(&f, anorm, info);
    goto done;
  }
  if (!isfinite(anorm)) { /* Octave's other inverses see rcond 0 here: all Inf */
    info->cond = GA_SOLVE_SINGULAR;
    info->rcond = 0;
  } else if (type == 3) {
    memcpy(W, A, nn * sizeof *W);
    if (!SFX(potrf)(W, n)) {
      f.kind = 1;
      f.F = W;
      SFX(trsm)(W, n, n, false, false, true, X, n, n);
      SFX(trsm)(W, n, n, false, false, false, X, n, n);
      for (int64_t j = 0; j < n; j++) {
        X[j + j * n] = creal(X[j + j * n]);
        for (int64_t i = j + 1; i < n; i++)
          X[i + j * n] = conj(X[j + i * n]);
      }
      done_ = true;
    }
  }
  if (!done_ && isfinite(anorm)) {
    memcpy(W, A, nn * sizeof *W);
    if (SFX(getrf)(W, n, n, perm, NULL)) {
      info->cond = GA_SOLVE_SINGULAR;
      info->rcond = 0;
    } else {
      memset(X, 0, nn * sizeof *X);
      for (int64_t i = 0; i < n; i++) /* P's columns: row i of P I is e_perm[i] */
        X[i + perm[i] * n] = 1;
      SFX(trsm)(W, n, n, true, true, false, X, n, n);
      SFX(trsm)(W, n, n, false, false, false, X, n, n);
      f.kind = 0;
      f.F = W;
      f.perm = perm;
      done_ = true;
    }
  }
  rc = done_ ? SFX(verdict)(&f, anorm, info) : 0;
  if (info->cond == GA_SOLVE_SINGULAR && info->rcond == 0) /* Octave: rcond 0 gives all Inf,
                                                              except for triangular A */
    for (size_t i = 0; i < nn; i++)
      X[i] = (RT)INFINITY;
done:
  free(W);
  free(diag);
  free(perm);
  return rc;
}

/* det's running product as liboctave's base_det: a coefficient renormalised by its
 * magnitude to [0.5, 1) and a power of two, so that no partial product overflows. The
 * products are C's own (Annex G, as std::complex's), so Inf and NaN parts come out as
 * Octave's do. */
static void SFX(det_mul)(CT *c, int *e, CT t)
{
  CT v = *c * t;
  RT a = fabs(v);
  if (a == 0 || isinf(a)) {
    *c = v;
    return;
  }
  int ex;
  RT f = frexp(a, &ex);
  *c = v / a * f;
  *e += ex;
}

/* det (A) as ComplexMatrix::determinant: the diagonal's product for triangular A, the
 * Cholesky factor's squared for Hermitian A that factors, else LU (0 when a pivot is
 * exactly zero). Returns -1 when out of memory. */
static int SFX(det)(const CT *A, int64_t n, CT *out)
{
  size_t nn = (size_t)(n * n);
  CT *W = malloc((nn ? nn : 1) * sizeof *W);
  RT *diag = calloc((size_t)n + 1, sizeof *diag);
  int64_t *perm = calloc((size_t)n + 1, sizeof *perm), *ipiv = calloc((size_t)n + 1, sizeof *ipiv);
  int rc = -1;
  if (!W || !diag || !perm || !ipiv)
    goto done;
  rc = 0;
  CT c = 1;
  int e = 0;
  int type = SFX(probe)(A, n, diag);
  if (type == 1 || type == 2) {
    for (int64_t i = 0; i < n; i++)
      SFX(det_mul)(&c, &e, A[i + i * n]);
    goto value;
  }
  if (type == 3) {
    memcpy(W, A, nn * sizeof *W);
    if (!SFX(potrf)(W, n)) {
      for (int64_t i = 0; i < n; i++)
        SFX(det_mul)(&c, &e, W[i + i * n]);
      CT c2 = 1;
      int e2 = 2 * e;
      SFX(det_mul)(&c2, &e2, c * c);
      c = c2;
      e = e2;
      goto value;
    }
  }
  memcpy(W, A, nn * sizeof *W);
  /* a NaN norm makes zgecon fail inside Octave's determinant, which then answers 0 */
  if (isnan(SFX(norm1)(A, n, n)) || SFX(getrf)(W, n, n, perm, ipiv)) {
    *out = 0;
    goto done;
  }
  for (int64_t i = 0; i < n; i++)
    SFX(det_mul)(&c, &e, ipiv[i] != i ? -W[i + i * n] : W[i + i * n]);
value:
  /* base_det::value: the coefficient times 2^e as a complex number, 2^e formed in double
   * and rounded to the class; an overflowing 2^e makes Inf and NaN parts as Octave's do */
  *out = c * MK((RT)ldexp(1.0, e), 0);
done:
  free(W);
  free(diag);
  free(perm);
  free(ipiv);
  return rc;
}

/* Octave's qr of A (m x n, in place) as zgeqrf (zgeqr2's order) or, with jpvt, zgeqp3
 * (zlaqp2: the free column of largest remaining norm, the first on ties, the norms
 * downdated and recomputed where the downdate cancels). GA_QR_RAW leaves Octave's X in
 * A: R above the vectors times their tau; otherwise R with zeros below, and Q (m x qc,
 * qc = m or min (m, n)) formed as zung2r does, when Q is not NULL. jpvt: 0-based.
 * Returns -1 when out of memory. */
static int SFX(qr)(CT *A, int64_t m, int64_t n, ga_qr_form form, int64_t *jpvt, CT *Q)
{
  int64_t k = m < n ? m : n, qc = form == GA_QR_FULL ? m : k;
  CT *tau = calloc((size_t)k + 1, sizeof *tau);
  RT *vn1 = calloc((size_t)n + 1, sizeof *vn1), *vn2 = calloc((size_t)n + 1, sizeof *vn2);
  if (!tau || !vn1 || !vn2) {
    free(tau);
    free(vn1);
    free(vn2);
    return -1;
  }
  for (int64_t j = 0; jpvt && j < n; j++) {
    RT s = 0;
    for (int64_t i = 0; i < m; i++)
      s += SFX(norm2)(A[i + j * m]);
    jpvt[j] = j;
    vn1[j] = vn2[j] = sqrt(s);
  }
  const RT tol3z = sqrt(RT_EPS / 2);
  for (int64_t i = 0; i < k; i++) {
    if (jpvt) {
      int64_t p = i;
      for (int64_t j = i + 1; j < n; j++)
        if (vn1[j] > vn1[p])
          p = j;
      if (p != i) {
        for (int64_t r = 0; r < m; r++) {
          CT t = A[r + p * m];
          A[r + p * m] = A[r + i * m];
          A[r + i * m] = t;
        }
        int64_t t = jpvt[p];
        jpvt[p] = jpvt[i];
        jpvt[i] = t;
        vn1[p] = vn1[i];
        vn2[p] = vn2[i];
      }
    }
    RT beta;
    CT *v = A + i + i * m;
    tau[i] = SFX(householder)(v, m - i, &beta);
    v[0] = 1;
    for (int64_t j = i + 1; j < n; j++)
      SFX(reflect)(v, m - i, conj(tau[i]), A + i + j * m);
    v[0] = beta;
    for (int64_t j = i + 1; jpvt && j < n; j++) {
      if (vn1[j] == 0)
        continue;
      RT t = fabs(A[i + j * m]) / vn1[j];
      t = 1 - t * t;
      t = t > 0 ? t : 0;
      RT t2 = t * (vn1[j] / vn2[j]) * (vn1[j] / vn2[j]);
      if (t2 <= tol3z) {
        RT s = 0;
        for (int64_t r = i + 1; r < m; r++)
          s += SFX(norm2)(A[r + j * m]);
        vn1[j] = vn2[j] = sqrt(s);
      } else {
        vn1[j] *= sqrt(t);
      }
    }
  }
  if (Q) { /* zung2r on Q's columns: the vectors copied in, the identity after them */
    memset(Q, 0, (size_t)(m * qc) * sizeof *Q);
    for (int64_t j = 0; j < k; j++)
      for (int64_t i = j + 1; i < m; i++)
        Q[i + j * m] = A[i + j * m];
    for (int64_t j = k; j < qc; j++)
      Q[j + j * m] = 1;
    for (int64_t i = k - 1; i >= 0; i--) {
      CT *v = Q + i + i * m;
      v[0] = 1;
      for (int64_t j = i + 1; j < qc; j++)
        SFX(reflect)(v, m - i, tau[i], Q + i + j * m);
      for (int64_t r = 1; r < m - i; r++)
        v[r] = SFX(mul)(-tau[i], v[r]);
      v[0] = 1 - tau[i];
      for (int64_t r = 0; r < i; r++)
        Q[r + i * m] = 0;
    }
  }
  for (int64_t j = 0; j < k; j++)
    for (int64_t i = j + 1; i < m; i++)
      A[i + j * m] = form == GA_QR_RAW ? SFX(mul)(A[i + j * m], tau[j]) : 0;
  free(tau);
  free(vn1);
  free(vn2);
  return 0;
}
