/* Matrix products: Octave's `*` and pagemtimes on held values. The operands are
 * evaluated and converted to the result's class here, so a provider sees only products
 * of one floating class (ga_gemm_desc); the host reference below is also what runs when
 * a provider declines. */
#include "ga_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the reference product --------------------------------------------------------- */

/* Every product is formed, zeros included, so NaN and Inf propagate as in BLAS. Sums run
 * in the class itself (single in single, as sgemm does). */
#define HOST_GEMM(T)                                                                          \
  do {                                                                                        \
    const T *A = (const T *)a + d->off_a + p * d->stride_a;                                   \
    const T *B = (const T *)b + d->off_b + p * d->stride_b;                                   \
    T *C = (T *)c + d->off_c + p * d->stride_c;                                               \
    for (int64_t j = 0; j < d->n; j++) {                                                      \
      T *cj = C + j * d->ldc;                                                                 \
      if (!d->trans_a) { /* columns of A scaled and added: unit stride inside */              \
        if (!d->update)                                                                       \
          for (int64_t i = 0; i < d->m; i++)                                                  \
            cj[i] = 0;                                                                        \
        for (int64_t q = 0; q < d->k; q++) {                                                  \
          T bq = d->trans_b ? B[j + q * d->ldb] : B[q + j * d->ldb];                          \
          if (d->update)                                                                      \
            bq = -bq;                                                                         \
          const T *aq = A + q * d->lda;                                                       \
          for (int64_t i = 0; i < d->m; i++)                                                  \
            cj[i] += aq[i] * bq;                                                              \
        }                                                                                     \
      } else { /* rows of op(A) are columns of A: dot products */                            \
        for (int64_t i = 0; i < d->m; i++) {                                                  \
          const T *ai = A + i * d->lda;                                                       \
          T acc = 0;                                                                          \
          for (int64_t q = 0; q < d->k; q++)                                                  \
            acc += ai[q] * (d->trans_b ? B[j + q * d->ldb] : B[q + j * d->ldb]);              \
          cj[i] = d->update ? cj[i] - acc : acc;                                              \
        }                                                                                     \
      }                                                                                       \
    }                                                                                         \
  } while (0)

void ga_host_gemm(const ga_gemm_desc *d, const void *a, const void *b, void *c)
{
  for (int64_t p = 0; p < d->batch; p++) {
    if (d->cls == GA_SINGLE)
      HOST_GEMM(float);
    else
      HOST_GEMM(double);
  }
}

/* The provider's product, or the host's on copies when it declines. */
ga_status ga_plan_gemm(const ga_gemm_desc *d)
{
  ga_status st = ga_g.prov->gemm ? ga_g.prov->gemm(ga_g.pstate, d) : GA_ERR_UNSUPPORTED;
  if (st != GA_ERR_UNSUPPORTED)
    return st;
  ga_g.stats.host_fallbacks++;
  const ga_pbuf *bufs[3] = {d->a, d->b, d->c};
  void *host[3] = {0};
  st = GA_OK;
  /* C too: other calls of one pagemtimes write other parts of it */
  for (int i = 0; i < 3 && st == GA_OK; i++) {
    host[i] = malloc(bufs[i]->bytes ? bufs[i]->bytes : 1);
    if (!host[i])
      st = ga_fail(GA_ERR_OOM, "out of host memory for a host fallback");
    else if ((st = ga_g.prov->download(ga_g.pstate, bufs[i], host[i], bufs[i]->bytes)) == GA_OK)
      ga_g.stats.bytes_downloaded += bufs[i]->bytes;
  }
  if (st == GA_OK) {
    ga_host_gemm(d, host[0], host[1], host[2]);
    if ((st = ga_g.prov->upload(ga_g.pstate, d->c, host[2], d->c->bytes)) == GA_OK)
      ga_g.stats.bytes_uploaded += d->c->bytes;
  }
  for (int i = 0; i < 3; i++)
    free(host[i]);
  return st;
}

/* ---- operands ------------------------------------------------------------------------ */

/* t: the value, held, or a temporary copy of a host array (temp: ours to release) */
typedef ga_resolved operand;

static void drop(operand *r)
{
  if (r->temp)
    ga_tensor_unref(r->t);
  r->t = NULL;
  r->temp = false;
}

/* Octave's name of a non-scalar operand's type in its "not implemented" message: logical
 * matrices are converted to double before the operator is looked up. */
static const char *matrix_type_name(ga_class c, char *buf, size_t cap)
{
  if (c == GA_DOUBLE || c == GA_LOGICAL)
    snprintf(buf, cap, "matrix");
  else if (ga_class_is_complex(c))
    snprintf(buf, cap, "%scomplex matrix", c == GA_CSINGLE ? "float " : "");
  else if (c == GA_SINGLE)
    snprintf(buf, cap, "float matrix");
  else
    snprintf(buf, cap, "%s matrix", ga_class_name(c));
  return buf;
}

static ga_status product_class(const operand *a, const operand *b, ga_class *cls)
{
  if (ga_class_is_int(a->cls) || ga_class_is_int(b->cls)) {
    char na[32], nb[32];
    return ga_fail(GA_ERR_CLASS, "binary operator '*' not implemented for '%s' by '%s' operations",
                   matrix_type_name(a->cls, na, sizeof na), matrix_type_name(b->cls, nb, sizeof nb));
  }
  *cls = a->cls == GA_SINGLE || b->cls == GA_SINGLE ? GA_SINGLE : GA_DOUBLE;
  return GA_OK;
}

/* The operand as stored storage of class cls: host arrays uploaded, pending values
 * evaluated, other classes converted (into a temporary). */
static ga_status prepare(operand *r, ga_class cls)
{
  ga_status st;
  if (!r->t) {
    if ((st = ga_tensor_new(r->cls, r->ndims, r->dims, &r->t)) != GA_OK)
      return st;
    r->temp = true;
    size_t bytes = (size_t)r->numel * ga_class_size(r->cls);
    if (bytes) {
      if ((st = ga_g.prov->upload(ga_g.pstate, &r->t->buf, r->o->data, bytes)) != GA_OK)
        return st;
      ga_g.stats.bytes_uploaded += bytes;
    }
  }
  if (r->cls != cls) {
    ga_fuse_operand fo = {.t = r->t, .ndims = r->ndims, .dims = r->dims};
    ga_lazy *lz = NULL;
    st = ga_fuse_unary(GA_UOP_CAST, cls, &fo, r->ndims, r->dims, &lz);
    if (st == GA_ERR_UNSUPPORTED && (st = ga_tensor_materialize(r->t)) == GA_OK)
      st = ga_fuse_unary(GA_UOP_CAST, cls, &fo, r->ndims, r->dims, &lz);
    if (st != GA_OK)
      return st;
    ga_tensor *conv = NULL;
    if ((st = ga_tensor_new_lazy(cls, r->ndims, r->dims, lz, &conv)) != GA_OK) {
      ga_lazy_free(lz);
      return st;
    }
    drop(r);
    r->t = conv;
    r->temp = true;
    r->cls = cls;
  }
  return ga_tensor_materialize(r->t);
}

/* rows and columns of op(X) for a 2-D view of X (dims 2 and up folded into columns) */
static ga_status view_2d(const operand *r, int trans, int64_t *rows, int64_t *cols)
{
  int64_t c = 1;
  for (int d = 1; d < r->ndims; d++)
    c *= r->dims[d];
  if (trans && r->ndims > 2)
    return ga_fail(GA_ERR_ARG, "transpose not defined for N-D objects");
  *rows = trans ? c : r->dims[0];
  *cols = trans ? r->dims[0] : c;
  return GA_OK;
}

static ga_status publish(ga_tensor *t, ga_id *out)
{
  ga_status st = ga_handles_insert(t, out);
  if (st != GA_OK)
    ga_tensor_unref(t);
  return st;
}

/* m x n zeros (k == 0) or an empty result, as a held value */
static ga_status zeros_result(ga_class cls, int ndims, const int64_t *dims, ga_id *out)
{
  return ga_fill(cls, ndims, dims, 0.0, out);
}

/* A complex product from real ones on the device: re = Ar Br - Ai Bi, im = Ar Bi + Ai Br
 * (Octave's zgemm sums the same terms in another order); a real operand takes two. */
typedef ga_status (*product_fn)(const ga_operand *, int, const ga_operand *, int, ga_id *);

static ga_status complex_mtimes(product_fn mul, const ga_operand *a, int trans_a, const ga_operand *b, int trans_b,
                                ga_id *out)
{
  ga_id own[2] = {0, 0}, part[2][2] = {{0, 0}, {0, 0}}, prod[4] = {0, 0, 0, 0}, re = 0, im = 0;
  bool cplx[2];
  ga_status st = GA_OK;
  for (int k = 0; k < 2 && st == GA_OK; k++) {
    const ga_operand *o = k ? b : a;
    ga_id id = o->id;
    ga_class cls = o->cls;
    int nd;
    int64_t dims[GA_MAX_DIMS];
    if (o->is_host) {
      if ((st = ga_upload(o->cls, o->ndims, o->dims, o->data, &own[k])) != GA_OK)
        break;
      id = own[k];
    }
    if ((st = ga_describe(id, &cls, &nd, dims)) != GA_OK)
      break;
    cplx[k] = ga_class_is_complex(cls);
    if (!cplx[k]) {
      part[k][0] = id;
      continue;
    }
    if ((st = ga_unary(GA_UOP_REAL, id, GA_DOUBLE, &part[k][0])) == GA_OK)
      st = ga_unary(GA_UOP_IMAG, id, GA_DOUBLE, &part[k][1]);
  }
  if (st == GA_OK && cplx[0] && cplx[1]) {
    ga_operand ar = {.id = part[0][0]}, ai = {.id = part[0][1]}, br = {.id = part[1][0]}, bi = {.id = part[1][1]};
    if ((st = mul(&ar, trans_a, &br, trans_b, &prod[0])) == GA_OK &&
        (st = mul(&ai, trans_a, &bi, trans_b, &prod[1])) == GA_OK &&
        (st = mul(&ar, trans_a, &bi, trans_b, &prod[2])) == GA_OK &&
        (st = mul(&ai, trans_a, &br, trans_b, &prod[3])) == GA_OK) {
      ga_operand p0 = {.id = prod[0]}, p1 = {.id = prod[1]}, p2 = {.id = prod[2]}, p3 = {.id = prod[3]};
      if ((st = ga_binary(GA_OP_MINUS, &p0, &p1, &re)) == GA_OK)
        st = ga_binary(GA_OP_PLUS, &p2, &p3, &im);
    }
  } else if (st == GA_OK) {
    int z = cplx[0] ? 0 : 1; /* the complex side */
    for (int k = 0; k < 2 && st == GA_OK; k++) {
      ga_operand x = {.id = z == 0 ? part[0][k] : part[0][0]}, y = {.id = z == 1 ? part[1][k] : part[1][0]};
      st = mul(&x, trans_a, &y, trans_b, k ? &im : &re);
    }
  }
  if (st == GA_OK) {
    ga_operand r = {.id = re}, i = {.id = im};
    ga_tensor *t = NULL;
    if ((st = ga_binary(GA_OP_COMPLEX, &r, &i, out)) == GA_OK && ga_handles_peek(*out, &t) == GA_OK)
      t->narrow = true;
  }
  ga_id temps[] = {own[0], own[1], prod[0], prod[1], prod[2], prod[3], re, im,
                   cplx[0] ? part[0][0] : 0, cplx[0] ? part[0][1] : 0, cplx[1] ? part[1][0] : 0, cplx[1] ? part[1][1] : 0};
  for (size_t k = 0; k < sizeof temps / sizeof *temps; k++)
    if (temps[k])
      ga_release(temps[k]);
  return st;
}

/* Octave narrows its operands first: a product of complex (x, 0) by Inf has NaN parts
 * where the real product has none */
static ga_status settle_operands(const ga_operand *a, const ga_operand *b)
{
  for (int k = 0; k < 2; k++) {
    const ga_operand *o = k ? b : a;
    ga_tensor *t;
    ga_status st = GA_OK;
    if (!o->is_host && (st = ga_handles_peek(o->id, &t)) == GA_OK && ga_class_is_complex(t->cls))
      st = ga_settle_tensor(o->id, &t); /* only complex values narrow: a pending product stays */
    if (st != GA_OK)
      return st;
  }
  return GA_OK;
}

/* A pending view of stored values of class cls that walks one of its base's columns
 * contiguously (a row block A(i:j, :), a transpose small enough for ga_plan_view_pending
 * to keep pending) is read where it lies: its base, offset and leading dimension, and
 * the transpose flag flipped where the view walks the base's rows. Copying it out first
 * would move as many bytes as a GEMV reads. */
static bool in_place(const operand *r, ga_class cls, int *trans, int64_t *ld, int64_t *off, ga_tensor **base)
{
  ga_view_layout v;
  if (!r->t || r->cls != cls || r->ndims != 2 || r->dims[0] < 2 || r->dims[1] < 2 || !ga_tensor_is_view(r->t, &v))
    return false;
  ga_tensor *b = v.base;
  if (b->cls != cls || b->lazy || b->product || b->patch || v.offset < 0)
    return false;
  if (v.strides[0] == 1 && v.strides[1] >= r->dims[0]) {
    *ld = v.strides[1];
  } else if (v.strides[1] == 1 && v.strides[0] >= r->dims[1]) {
    *ld = v.strides[0];
    *trans = !*trans;
  } else {
    return false;
  }
  *off = v.offset;
  *base = b;
  return true;
}

ga_status ga_mtimes(const ga_operand *a, int trans_a, const ga_operand *b, int trans_b, ga_id *out)
{
  ga_status st = ga_init();
  if (st != GA_OK || (st = settle_operands(a, b)) != GA_OK)
    return st;
  operand ra, rb;
  if ((st = ga_operand_resolve(a, &ra)) != GA_OK || (st = ga_operand_resolve(b, &rb)) != GA_OK)
    return st;
  /* a scalar times anything is elementwise in Octave, with elementwise classes */
  if (ra.numel == 1 || rb.numel == 1) {
    bool a_scalar = ra.numel == 1;
    operand *other = a_scalar ? &rb : &ra;
    int other_trans = a_scalar ? trans_b : trans_a;
    if (!other_trans || other->numel <= 1)
      return ga_binary(GA_OP_TIMES, a, b, out);
    if (other->ndims > 2 || (other->dims[0] != 1 && other->dims[1] != 1))
      return ga_fail(GA_ERR_UNSUPPORTED, "mtimes: a scalar times a transposed matrix is not implemented");
    /* the transpose of a vector is its elements in the other shape: a host operand can
     * say so; a held one becomes a product with an inner dimension of 1 */
    if (other->o->is_host) {
      int64_t td[2] = {other->dims[1], other->dims[0]};
      ga_operand t = *other->o;
      t.ndims = 2;
      t.dims = td;
      return a_scalar ? ga_binary(GA_OP_TIMES, a, &t, out) : ga_binary(GA_OP_TIMES, &t, b, out);
    }
    if (ga_class_is_int(ra.cls) || ga_class_is_int(rb.cls))
      return ga_fail(GA_ERR_UNSUPPORTED, "mtimes: integer scalars times transposed vectors are not implemented");
    /* s * v' is a row: the scalar goes left; for a column it goes right */
    bool result_row = other->dims[1] == 1;
    if (result_row == !a_scalar) {
      operand tmp = ra;
      ra = rb;
      rb = tmp;
      int tt = trans_a;
      trans_a = trans_b;
      trans_b = tt;
    }
  }
  if ((ga_class_is_complex(ra.cls) || ga_class_is_complex(rb.cls)) && !ga_class_is_int(ra.cls) &&
      !ga_class_is_int(rb.cls))
    return complex_mtimes(ga_mtimes, ra.o, trans_a, rb.o, trans_b, out);
  ga_class cls;
  if ((st = product_class(&ra, &rb, &cls)) != GA_OK)
    return st;
  int64_t m = 0, ka = 0, kb = 0, n = 0;
  if ((st = view_2d(&ra, trans_a, &m, &ka)) != GA_OK || (st = view_2d(&rb, trans_b, &kb, &n)) != GA_OK)
    return st;
  if (ka != kb)
    return ga_fail(GA_ERR_NONCONFORMANT, "operator *: nonconformant arguments (op1 is %lldx%lld, op2 is %lldx%lld)",
                   (long long)m, (long long)ka, (long long)kb, (long long)n);
  int64_t dims[2] = {m, n};
  if (m == 0 || n == 0 || ka == 0)
    return zeros_result(cls, 2, dims, out);
  /* The product is left pending (ga_product), its operands ready: an elementwise
   * consumer may yet run in its kernel (ga_plan_epilogue); any other use runs it alone. */
  ga_tensor *t = NULL;
  ga_product *p = NULL;
  int64_t lda = trans_a ? ka : m, ldb = trans_b ? n : ka, off_a = 0, off_b = 0;
  ga_tensor *ta = NULL, *tb = NULL;
  if (!in_place(&ra, cls, &trans_a, &lda, &off_a, &ta) && (st = prepare(&ra, cls)) == GA_OK)
    ta = ra.t;
  if (st == GA_OK && !in_place(&rb, cls, &trans_b, &ldb, &off_b, &tb) && (st = prepare(&rb, cls)) == GA_OK)
    tb = rb.t;
  if (st == GA_OK && !(p = calloc(1, sizeof *p)))
    st = ga_fail(GA_ERR_OOM, "out of host memory");
  if (st == GA_OK && (st = ga_tensor_new_lazy(cls, 2, dims, NULL, &t)) == GA_OK) {
    p->d = (ga_gemm_desc){.cls = cls, .trans_a = trans_a != 0, .trans_b = trans_b != 0, .m = m, .n = n, .k = ka,
                          .lda = lda, .ldb = ldb, .ldc = m, .off_a = off_a, .off_b = off_b, .batch = 1};
    p->a = ta;
    p->b = tb;
    ta->refcount++;
    tb->refcount++;
    t->product = p;
    p = NULL;
  }
  free(p);
  drop(&ra);
  drop(&rb);
  if (st != GA_OK)
    return st;
  return publish(t, out);
}

/* ---- pagemtimes ------------------------------------------------------------------------ */

ga_status ga_pagemtimes(const ga_operand *a, int trans_a, const ga_operand *b, int trans_b, ga_id *out)
{
  ga_status st = ga_init();
  if (st != GA_OK || (st = settle_operands(a, b)) != GA_OK)
    return st;
  operand ra, rb;
  if ((st = ga_operand_resolve(a, &ra)) != GA_OK || (st = ga_operand_resolve(b, &rb)) != GA_OK)
    return st;
  if ((ga_class_is_complex(ra.cls) || ga_class_is_complex(rb.cls)) && !ga_class_is_int(ra.cls) &&
      !ga_class_is_int(rb.cls))
    return complex_mtimes(ga_pagemtimes, a, trans_a, b, trans_b, out);
  ga_class cls;
  if ((st = product_class(&ra, &rb, &cls)) != GA_OK)
    return st;
  int64_t m = trans_a ? ra.dims[1] : ra.dims[0], ka = trans_a ? ra.dims[0] : ra.dims[1];
  int64_t kb = trans_b ? rb.dims[1] : rb.dims[0], n = trans_b ? rb.dims[0] : rb.dims[1];
  if (ka != kb)
    return ga_fail(GA_ERR_NONCONFORMANT, "pagemtimes: nonconformant arguments (op1 is %lldx%lld, op2 is %lldx%lld)",
                   (long long)m, (long long)ka, (long long)kb, (long long)n);
  /* page dimensions broadcast as Octave's implicit expansion does */
  int nd = ra.ndims > rb.ndims ? ra.ndims : rb.ndims;
  int64_t dims[GA_MAX_DIMS] = {m, n};
  int64_t pages = 1;
  bool a_full = true, b_full = true, a_one = true, b_one = true;
  for (int d = 2; d < nd; d++) {
    int64_t da = d < ra.ndims ? ra.dims[d] : 1, db = d < rb.ndims ? rb.dims[d] : 1;
    if (da != db && da != 1 && db != 1) {
      char sa[256], sb[256];
      ga_shape_format(ra.ndims, ra.dims, sa, sizeof sa);
      ga_shape_format(rb.ndims, rb.dims, sb, sizeof sb);
      return ga_fail(GA_ERR_NONCONFORMANT, "pagemtimes: page dimensions do not agree (op1 is %s, op2 is %s)", sa, sb);
    }
    dims[d] = da == 1 ? db : da;
    pages *= dims[d];
    a_full = a_full && da == dims[d];
    b_full = b_full && db == dims[d];
    a_one = a_one && da == 1;
    b_one = b_one && db == 1;
  }
  if ((st = ga_shape_check(nd, dims)) != GA_OK)
    return st;
  if (ga_shape_numel(nd, dims) == 0 || ka == 0)
    return zeros_result(cls, nd, dims, out);
  ga_tensor *t = NULL;
  if ((st = prepare(&ra, cls)) == GA_OK && (st = prepare(&rb, cls)) == GA_OK &&
      (st = ga_tensor_new(cls, nd, dims, &t)) == GA_OK) {
    int64_t page_a = ra.dims[0] * ra.dims[1], page_b = rb.dims[0] * rb.dims[1];
    ga_gemm_desc d = {.cls = cls, .trans_a = trans_a != 0, .trans_b = trans_b != 0, .m = m, .n = n, .k = ka,
                      .a = &ra.t->buf, .b = &rb.t->buf, .c = &t->buf,
                      .lda = ra.dims[0], .ldb = rb.dims[0], .ldc = m, .batch = pages,
                      .stride_a = a_one ? 0 : page_a, .stride_b = b_one ? 0 : page_b, .stride_c = m * n};
    if ((a_full || a_one) && (b_full || b_one)) {
      st = ga_plan_gemm(&d); /* one batched product */
    } else {
      /* mixed broadcasting: page by page, each operand's page from the result's index */
      d.batch = 1;
      for (int64_t p = 0; p < pages && st == GA_OK; p++) {
        int64_t rest = p, pa = 0, pb = 0, sa = 1, sb = 1;
        for (int dd = 2; dd < nd; dd++) {
          int64_t i = rest % dims[dd];
          rest /= dims[dd];
          int64_t da = dd < ra.ndims ? ra.dims[dd] : 1, db = dd < rb.ndims ? rb.dims[dd] : 1;
          pa += (da == 1 ? 0 : i) * sa;
          pb += (db == 1 ? 0 : i) * sb;
          sa *= da;
          sb *= db;
        }
        d.off_a = pa * page_a;
        d.off_b = pb * page_b;
        d.off_c = p * m * n;
        st = ga_plan_gemm(&d);
      }
    }
  }
  drop(&ra);
  drop(&rb);
  if (st != GA_OK) {
    ga_tensor_unref(t);
    return st;
  }
  return publish(t, out);
}
