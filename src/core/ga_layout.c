/* Array manipulation that moves elements without computing: reshape (no copy), permute,
 * cat, repmat, circshift, flip, each one copy between views (ga_copy.c) with Octave's
 * shapes, class rules and messages. */
#include "ga_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static ga_status publish(ga_tensor *t, ga_id *out)
{
  t->narrow = ga_class_is_complex(t->cls); /* Octave narrows z(I), z.', [z, z], ... */
  ga_status st = ga_handles_insert(t, out);
  if (st != GA_OK)
    ga_tensor_unref(t);
  return st;
}

static void strides_of(int n, const int64_t *dims, int64_t *strides)
{
  int64_t s = 1;
  for (int k = 0; k < n; k++) {
    strides[k] = s;
    s *= dims[k];
  }
}

static ga_status get(ga_id id, ga_tensor **t)
{
  ga_status st = ga_init();
  if (st == GA_OK)
    st = ga_handles_get(id, t);
  return st;
}

/* out = a copy of a whose dimension k is iterated as described by the caller's
 * source axes (dst is the canonical layout of rdims). */
static ga_status gather(ga_tensor *a, int nd, const int64_t *rdims, const ga_view_axis *src, int64_t src_offset,
                        ga_tensor **out)
{
  ga_status st = ga_tensor_new(a->cls, nd, rdims, out);
  if (st != GA_OK || (*out)->numel == 0)
    return st;
  if ((st = ga_tensor_materialize(a)) != GA_OK) {
    ga_tensor_unref(*out);
    return st;
  }
  ga_copy_desc d = {.ndims = nd, .src_offset = src_offset, .elem_size = ga_class_size(a->cls),
                    .src_buf = &a->buf, .dst_buf = &(*out)->buf};
  int64_t ds[GA_MAX_DIMS];
  strides_of(nd, rdims, ds);
  for (int k = 0; k < nd; k++) {
    d.dims[k] = rdims[k];
    d.src[k] = src[k];
    d.dst[k] = (ga_view_axis){NULL, ds[k]};
  }
  if ((st = ga_plan_copy(&d)) != GA_OK)
    ga_tensor_unref(*out);
  return st;
}

/* A pending view of v (ga_view.c) where the planner keeps views pending, else the
 * elements copied out now: the same copy a view's materialisation makes. */
static ga_status view_or_copy(const ga_view_layout *v, ga_class cls, int nd, const int64_t *rdims, ga_tensor **out)
{
  if (ga_plan_view_pending(v->base, nd, rdims, v->strides))
    return ga_tensor_view(v, cls, nd, rdims, out);
  ga_view_axis src[GA_MAX_DIMS];
  for (int k = 0; k < nd; k++)
    src[k] = (ga_view_axis){NULL, v->strides[k]};
  return gather(v->base, nd, rdims, src, v->offset, out);
}

ga_status ga_reshape(ga_id id, int ndims, const int64_t *dims, ga_id *out)
{
  ga_tensor *a, *t;
  ga_status st = get(id, &a);
  if (st != GA_OK || (st = ga_shape_check(ndims, dims)) != GA_OK)
    return st;
  if (ga_shape_numel(ndims, dims) != a->numel) {
    char from[256], to[256];
    ga_shape_format(a->ndims, a->dims, from, sizeof from);
    int nd = ndims;
    int64_t d[GA_MAX_DIMS];
    memcpy(d, dims, (size_t)ndims * sizeof *dims);
    ga_shape_normalize(&nd, d);
    ga_shape_format(nd, d, to, sizeof to);
    return ga_fail_id(GA_ERR_ARG, "Octave:invalid-input-type", "reshape: can't reshape %s array to %s array", from,
                      to);
  }
  /* a view keeps being one where its strides divide up into the new shape (squeeze,
   * A(:, 1:2:end) as a vector); otherwise it is copied out and the copy shared */
  ga_view_layout v;
  if (ga_tensor_is_view(a, &v)) {
    int64_t strides[GA_MAX_DIMS];
    if (ga_layout_reshape(a, &v, ndims, dims, strides)) {
      memcpy(v.strides, strides, sizeof v.strides);
      st = ga_tensor_view(&v, a->cls, ndims, dims, &t);
      return st == GA_OK ? publish(t, out) : st;
    }
  }
  if ((st = ga_tensor_alias(a, ndims, dims, &t)) != GA_OK)
    return st;
  return publish(t, out);
}

ga_status ga_typecast(ga_id id, ga_class cls, ga_id *out)
{
  ga_tensor *a, *t;
  int cplx;
  ga_status st = ga_settle(id, &cplx); /* Octave's narrowing decides which bytes there are */
  if (st != GA_OK || (st = get(id, &a)) != GA_OK)
    return st;
  if (cls == GA_LOGICAL || ga_class_is_complex(cls))
    return ga_fail_id(GA_ERR_ARG, "Octave:invalid-input-type", "typecast: cannot convert to %s class",
                      ga_class_name(cls));
  uint64_t bytes = (uint64_t)a->numel * ga_class_size(a->cls);
  if (bytes % ga_class_size(cls) != 0)
    return ga_fail_id(GA_ERR_ARG, "Octave:invalid-input-type",
                      "typecast: incorrect number of input values to make output value");
  int64_t n = (int64_t)(bytes / ga_class_size(cls)), dims[2] = {n, 1};
  if (a->ndims == 2 && a->dims[0] == 1) {
    dims[0] = 1;
    dims[1] = n;
  } else if (a->ndims == 2 && a->dims[0] == 0 && a->dims[1] == 0) {
    dims[0] = dims[1] = 0;
  }
  /* (a pending value or a view is stored first, its elements in order) */
  if ((st = ga_tensor_alias_as(a, cls, 2, dims, &t)) != GA_OK)
    return st;
  return publish(t, out);
}

ga_status ga_permute(ga_id id, int nperm, const int *given, int inverse, ga_id *out)
{
  ga_tensor *a, *t;
  ga_status st = get(id, &a);
  if (st != GA_OK)
    return st;
  const char *fn = inverse ? "ipermute" : "permute";
  if (nperm < a->ndims || nperm > GA_MAX_DIMS)
    return ga_fail_id(GA_ERR_ARG, "Octave:invalid-input-type", "%s: invalid permutation vector", fn);
  bool seen[GA_MAX_DIMS] = {0};
  int perm[GA_MAX_DIMS];
  for (int k = 0; k < nperm; k++) {
    if (given[k] < 0 || given[k] >= nperm)
      return ga_fail_id(GA_ERR_ARG, "Octave:invalid-input-type", "%s: permutation vector contains an invalid element",
                        fn);
    if (seen[given[k]])
      return ga_fail_id(GA_ERR_ARG, "Octave:invalid-input-type",
                        "%s: permutation vector cannot contain identical elements", fn);
    seen[given[k]] = true;
    if (inverse)
      perm[given[k]] = k;
    else
      perm[k] = given[k];
  }
  int64_t ad[GA_MAX_DIMS], rd[GA_MAX_DIMS];
  for (int k = 0; k < nperm; k++)
    ad[k] = k < a->ndims ? a->dims[k] : 1;
  ga_view_layout lay, v = {0};
  bool a_view = ga_tensor_is_view(a, &lay);
  /* the order of the dimensions longer than 1 decides whether elements move */
  int last = -1;
  bool moves = false;
  for (int k = 0; k < nperm; k++) {
    rd[k] = ad[perm[k]];
    if (rd[k] != 1) {
      moves |= perm[k] < last;
      last = perm[k];
    }
  }
  if (!moves && !a_view)
    st = ga_tensor_alias(a, nperm, rd, &t);
  else if ((st = ga_tensor_layout(a, &lay)) == GA_OK) {
    /* the result's dimension k walks A's dimension perm[k] */
    v.base = lay.base;
    v.offset = lay.offset;
    for (int k = 0; k < nperm; k++)
      v.strides[k] = lay.strides[perm[k]];
    st = view_or_copy(&v, a->cls, nperm, rd, &t);
  }
  return st == GA_OK ? publish(t, out) : st;
}

ga_status ga_flip(ga_id id, int dim, ga_id *out)
{
  ga_tensor *a, *t;
  ga_status st = get(id, &a);
  if (st != GA_OK)
    return st;
  if (dim < 1 || dim > GA_MAX_DIMS)
    return ga_fail(GA_ERR_ARG, "flip: DIM must be a positive integer");
  int nd = a->ndims > dim ? a->ndims : dim;
  int64_t ad[GA_MAX_DIMS];
  for (int k = 0; k < nd; k++)
    ad[k] = k < a->ndims ? a->dims[k] : 1;
  ga_view_layout v;
  if ((st = ga_tensor_layout(a, &v)) != GA_OK)
    return st;
  /* dimension dim runs backwards from its last element */
  int k = dim - 1;
  if (k >= a->ndims)
    v.strides[k] = 0;
  v.offset += ad[k] > 0 ? (ad[k] - 1) * v.strides[k] : 0;
  v.strides[k] = -v.strides[k];
  st = view_or_copy(&v, a->cls, nd, ad, &t);
  return st == GA_OK ? publish(t, out) : st;
}

ga_status ga_circshift(ga_id id, int nshifts, const int64_t *shifts, ga_id *out)
{
  ga_tensor *a, *t;
  ga_status st = get(id, &a);
  if (st != GA_OK)
    return st;
  if (nshifts < 0 || nshifts > GA_MAX_DIMS)
    return ga_fail(GA_ERR_ARG, "circshift: too many dimensions");
  int nd = a->ndims > nshifts ? a->ndims : nshifts;
  int64_t ad[GA_MAX_DIMS], as[GA_MAX_DIMS];
  for (int k = 0; k < nd; k++)
    ad[k] = k < a->ndims ? a->dims[k] : 1;
  strides_of(nd, ad, as);
  ga_view_axis src[GA_MAX_DIMS];
  ga_tensor *holders[GA_MAX_DIMS] = {0};
  for (int k = 0; k < nd && st == GA_OK; k++) {
    src[k] = (ga_view_axis){NULL, as[k]};
    int64_t n = ad[k], sh = k < nshifts && n > 0 ? ((shifts[k] % n) + n) % n : 0;
    if (sh == 0)
      continue;
    /* element j of the result is element (j - shift) mod n of A */
    int64_t *pos = malloc((size_t)n * sizeof *pos);
    int64_t two[2] = {n, 1};
    if (!pos) {
      st = ga_fail(GA_ERR_OOM, "out of host memory");
      break;
    }
    for (int64_t j = 0; j < n; j++)
      pos[j] = (j - sh + n) % n;
    if ((st = ga_tensor_new(GA_INT64, 2, two, &holders[k])) == GA_OK) {
      st = ga_g.prov->upload(ga_g.pstate, &holders[k]->buf, pos, (size_t)n * sizeof *pos);
      ga_g.stats.bytes_uploaded += (size_t)n * sizeof *pos;
      src[k].index = &holders[k]->buf;
    }
    free(pos);
  }
  if (st == GA_OK)
    st = gather(a, nd, ad, src, 0, &t);
  for (int k = 0; k < nd; k++)
    ga_tensor_unref(holders[k]);
  return st == GA_OK ? publish(t, out) : st;
}

ga_status ga_repmat(ga_id id, int nreps, const int64_t *reps, ga_id *out)
{
  ga_tensor *a, *t;
  ga_status st = get(id, &a);
  if (st != GA_OK)
    return st;
  if (nreps < 0 || nreps > GA_MAX_DIMS)
    return ga_fail(GA_ERR_ARG, "repmat: too many dimensions");
  int nd = a->ndims > nreps ? a->ndims : nreps;
  if (2 * nd > GA_MAX_DIMS)
    return ga_fail(GA_ERR_UNSUPPORTED, "repmat: at most %d dimensions are supported", GA_MAX_DIMS / 2);
  int64_t ad[GA_MAX_DIMS], as[GA_MAX_DIMS], rd[GA_MAX_DIMS];
  for (int k = 0; k < nd; k++) {
    ad[k] = k < a->ndims ? a->dims[k] : 1;
    int64_t r = k < nreps ? (reps[k] > 0 ? reps[k] : 0) : 1;
    rd[k] = ad[k] * r;
  }
  if ((st = ga_shape_check(nd, rd)) != GA_OK)
    return st;
  strides_of(nd, ad, as);
  if ((st = ga_tensor_new(a->cls, nd, rd, &t)) != GA_OK)
    return st;
  if (t->numel > 0 && (st = ga_tensor_materialize(a)) == GA_OK) {
    /* each dimension as two: A's extent (A's stride) inside the repetitions (stride 0) */
    int64_t ds[GA_MAX_DIMS];
    strides_of(nd, rd, ds);
    ga_copy_desc d = {.ndims = 2 * nd, .elem_size = ga_class_size(a->cls), .src_buf = &a->buf,
                      .dst_buf = &t->buf};
    for (int k = 0; k < nd; k++) {
      d.dims[2 * k] = ad[k];
      d.src[2 * k] = (ga_view_axis){NULL, as[k]};
      d.dst[2 * k] = (ga_view_axis){NULL, ds[k]};
      d.dims[2 * k + 1] = ad[k] ? rd[k] / ad[k] : 0;
      d.src[2 * k + 1] = (ga_view_axis){NULL, 0};
      d.dst[2 * k + 1] = (ga_view_axis){NULL, ds[k] * ad[k]};
    }
    st = ga_plan_copy(&d);
  }
  if (st != GA_OK) {
    ga_tensor_unref(t);
    return st;
  }
  return publish(t, out);
}

/* ---- concatenation ------------------------------------------------------------------ */

/* Octave's class of a concatenation: the first integer class, else single, else
 * double, else logical (all logical). */
static ga_class cat_class(int n, const ga_class *cls)
{
  bool single = false, dbl = false, cplx = false;
  for (int k = 0; k < n; k++) {
    if (ga_class_is_int(cls[k]))
      return cls[k];
    single |= ga_class_real_part(cls[k]) == GA_SINGLE;
    dbl |= cls[k] == GA_DOUBLE;
    cplx |= ga_class_is_complex(cls[k]);
  }
  if (cplx) /* any complex part makes the whole complex */
    return single ? GA_CSINGLE : GA_CDOUBLE;
  return single ? GA_SINGLE : dbl ? GA_DOUBLE : GA_LOGICAL;
}

typedef struct {
  int ndims;
  int64_t dims[GA_MAX_DIMS];
} shape;

static bool zero_by_zero(const shape *s) { return s->ndims == 2 && s->dims[0] == 0 && s->dims[1] == 0; }

/* Octave's dim_vector::concat: acc grows by b along dim, or a 0x0 side gives way. */
static bool shape_concat(shape *acc, const shape *b, int dim)
{
  int nd = acc->ndims, nb = b->ndims, new_nd = dim < nb ? nb : dim + 1;
  if (new_nd > nd) {
    for (int k = nd; k < new_nd; k++)
      acc->dims[k] = 1;
    acc->ndims = new_nd;
  } else {
    new_nd = nd;
  }
  bool match = true;
  for (int k = 0; k < nb && match; k++)
    match = k == dim || acc->dims[k] == b->dims[k];
  for (int k = nb; k < new_nd && match; k++)
    match = k == dim || acc->dims[k] == 1;
  if (match) {
    acc->dims[dim] += dim < nb ? b->dims[dim] : 1;
  } else if (zero_by_zero(b)) {
    match = true;
  } else if (nd == 2 && acc->dims[0] == 0 && acc->dims[1] == 0) {
    match = true;
    *acc = *b;
  }
  if (!match) { /* undo the padding */
    acc->ndims = nd;
  }
  ga_shape_normalize(&acc->ndims, acc->dims);
  return match;
}

/* dim_vector::hvcat: also 1x0 and 0x1 give way ([a, b] and [a; b]). */
static bool shape_hvcat(shape *acc, const shape *b, int dim)
{
  shape keep = *acc;
  if (shape_concat(acc, b, dim))
    return true;
  *acc = keep;
  if (acc->ndims == 2 && b->ndims == 2) {
    bool ea = acc->dims[0] + acc->dims[1] == 1, eb = b->dims[0] + b->dims[1] == 1;
    if (eb) {
      if (ea)
        *acc = (shape){2, {0, 0}};
      return true;
    }
    if (ea) {
      *acc = *b;
      return true;
    }
  }
  return false;
}

ga_status ga_cat(int dim, int bracket, int nparts, const ga_operand *parts, ga_id *out)
{
  ga_status st = ga_init();
  if (st != GA_OK)
    return st;
  if (dim < 1 || dim > GA_MAX_DIMS)
    return ga_fail_id(GA_ERR_ARG, "Octave:invalid-input-type", "cat: DIM must be a valid dimension");
  if (nparts < 0 || nparts > 4096)
    return ga_fail(GA_ERR_ARG, "cat: too many arrays");
  ga_tensor **t = calloc((size_t)(nparts ? nparts : 1), sizeof *t);
  ga_class *cls = calloc((size_t)(nparts ? nparts : 1), sizeof *cls);
  if (!t || !cls) {
    free(t);
    free(cls);
    return ga_fail(GA_ERR_OOM, "out of host memory");
  }
  for (int k = 0; k < nparts && st == GA_OK; k++) {
    if (parts[k].is_host) {
      if ((unsigned)parts[k].cls >= GA_NCLASSES)
        st = ga_fail(GA_ERR_CLASS, "cat: unsupported class");
      else
        st = ga_tensor_from_host(&parts[k], &t[k]);
    } else if ((st = ga_handles_get(parts[k].id, &t[k])) == GA_OK) {
      t[k]->refcount++;
    }
    if (st == GA_OK)
      cls[k] = t[k]->cls;
  }
  shape acc = {2, {0, 0}};
  int d = dim - 1;
  for (int k = 0; k < nparts && st == GA_OK; k++) {
    shape b = {t[k]->ndims, {0}};
    memcpy(b.dims, t[k]->dims, sizeof b.dims);
    if (k == 0) {
      acc = b;
      continue;
    }
    bool ok = bracket ? shape_hvcat(&acc, &b, d) : shape_concat(&acc, &b, d);
    if (!ok) {
      if (bracket) {
        /* Octave's horzcat () and vertcat () say so too (only [a, b] itself says which) */
        st = ga_fail_id(GA_ERR_NONCONFORMANT, "Octave:nonconformant-args", "cat: dimension mismatch");
      } else {
        st = ga_fail_id(GA_ERR_NONCONFORMANT, "Octave:nonconformant-args", "cat: dimension mismatch");
      }
    }
  }
  ga_class rc = cat_class(nparts, cls);
  for (int k = 0; k < nparts && st == GA_OK && ga_class_is_int(rc); k++)
    if (ga_class_is_complex(cls[k]))
      st = ga_fail(GA_ERR_CLASS, "concatenation operator not implemented for '%s matrix' by 'complex matrix' "
                                 "operations", ga_class_name(rc));
  ga_tensor *r = NULL;
  if (st == GA_OK)
    st = ga_tensor_new(rc, acc.ndims, acc.dims, &r);
  /* each part lands at its offset along dim; parts that gave way have no elements */
  int nd = acc.ndims > dim ? acc.ndims : dim;
  int64_t rd[GA_MAX_DIMS], rs[GA_MAX_DIMS];
  for (int k = 0; k < nd; k++)
    rd[k] = k < acc.ndims ? acc.dims[k] : 1;
  strides_of(nd, rd, rs);
  int64_t at = 0;
  for (int k = 0; k < nparts && st == GA_OK && r->numel > 0; k++) {
    if (t[k]->numel == 0)
      continue;
    ga_tensor *c = NULL;
    if ((st = ga_tensor_cast(t[k], rc, &c)) != GA_OK || (st = ga_tensor_materialize(c)) != GA_OK) {
      ga_tensor_unref(c);
      break;
    }
    int64_t pd[GA_MAX_DIMS], ps[GA_MAX_DIMS];
    for (int q = 0; q < nd; q++)
      pd[q] = q < c->ndims ? c->dims[q] : 1;
    strides_of(nd, pd, ps);
    ga_copy_desc cd = {.ndims = nd, .dst_offset = at * rs[d], .elem_size = ga_class_size(rc), .src_buf = &c->buf,
                       .dst_buf = &r->buf};
    for (int q = 0; q < nd; q++) {
      cd.dims[q] = pd[q];
      cd.src[q] = (ga_view_axis){NULL, ps[q]};
      cd.dst[q] = (ga_view_axis){NULL, rs[q]};
    }
    st = ga_plan_copy(&cd);
    at += pd[d];
    ga_tensor_unref(c);
  }
  for (int k = 0; k < nparts; k++)
    ga_tensor_unref(t[k]);
  free(t);
  free(cls);
  if (st != GA_OK) {
    ga_tensor_unref(r);
    return st;
  }
  return publish(r, out);
}
