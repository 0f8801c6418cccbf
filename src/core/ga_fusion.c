/* Fusion: elementwise operations return pending expressions, and an operation on
 * pending operands merges their expressions into one DAG, so the chain runs as one
 * kernel when its value is needed. Identical nodes are shared, so a subexpression used
 * twice is computed once per element. */
#include "ga_internal.h"

#include <stdlib.h>
#include <string.h>

/* Limits of one fused kernel: what push constants carry (128 bytes: count, output,
 * then 64-bit input addresses and scalars) and a DAG small enough to compile quickly. */
#define MAX_NODES 48
#define MAX_SLOTS 12 /* inputs + scalars */

void ga_lazy_free(ga_lazy *lz)
{
  if (!lz)
    return;
  for (int i = 0; i < lz->x.ninputs; i++)
    ga_tensor_unref(lz->leaves[i]);
  free(lz);
}

static int find_or_add_node(ga_expr *x, const ga_xnode *n)
{
  for (int j = 0; j < x->nnodes; j++) {
    const ga_xnode *m = &x->nodes[j];
    if (m->kind != n->kind || m->cls != n->cls)
      continue;
    if (n->kind == GA_X_BINARY) {
      if (m->op == n->op && m->mode == n->mode && m->a == n->a && m->b == n->b)
        return j;
    } else if (n->kind == GA_X_UNARY) {
      if (m->uop == n->uop && m->a == n->a)
        return j;
    } else if (n->kind == GA_X_TERNARY) {
      if (m->top == n->top && m->a == n->a && m->b == n->b && m->c == n->c)
        return j;
    } else if (ga_xnode_is_generator(n)) { /* the same draw, or the same index function */
      if (m->gen == n->gen && m->a == n->a && m->b == n->b && m->c == n->c && m->d == n->d)
        return j;
    } else if (m->slot == n->slot) {
      return j;
    }
  }
  if (x->nnodes == GA_X_MAX_NODES)
    return -1;
  x->nodes[x->nnodes] = *n;
  return x->nnodes++;
}

/* Input i of src (NULL: t read whole, contiguously or broadcast) added to x; an input
 * already there is shared when it reads the same elements the same way. */
static int add_input(ga_expr *x, ga_lazy *lz, ga_tensor *t, const int64_t *dims_padded, const ga_expr *src, int si)
{
  bool strided = src && src->input_strided[si];
  for (int i = 0; i < x->ninputs; i++) {
    if (lz->leaves[i] != t || x->input_strided[i] != strided)
      continue;
    if (!strided || (x->input_offset[i] == src->input_offset[si] &&
                     !memcmp(x->input_strides[i], src->input_strides[si], sizeof x->input_strides[i]) &&
                     !memcmp(x->input_dims[i], dims_padded, sizeof x->input_dims[i])))
      return i;
  }
  if (x->ninputs == GA_X_MAX_INPUTS)
    return -1;
  int i = x->ninputs++;
  lz->leaves[i] = t;
  t->refcount++;
  memcpy(x->input_dims[i], dims_padded, sizeof x->input_dims[i]);
  if (strided) {
    x->input_strided[i] = true;
    x->input_offset[i] = src->input_offset[si];
    memcpy(x->input_strides[i], src->input_strides[si], sizeof x->input_strides[i]);
  }
  return i;
}

static int add_scalar(ga_expr *x, const ga_scalar *s)
{
  for (int i = 0; i < x->nscalars; i++)
    if (x->scalars[i].cls == s->cls && x->scalars[i].v.u == s->v.u)
      return i;
  if (x->nscalars == GA_X_MAX_SCALARS)
    return -1;
  x->scalars[x->nscalars] = *s;
  return x->nscalars++;
}

static void pad_dims(int ndims, const int64_t *dims, int64_t *out)
{
  for (int d = 0; d < GA_MAX_DIMS; d++)
    out[d] = d < ndims ? dims[d] : 1;
}

/* Copies operand o into x; returns the index of its root node or -1 when full. */
static int merge(ga_expr *x, ga_lazy *lz, const ga_fuse_operand *o)
{
  if (!o->t) {
    int s = add_scalar(x, &o->s);
    ga_xnode n = {.kind = GA_X_SCALAR, .cls = o->s.cls, .slot = s};
    return s < 0 ? -1 : find_or_add_node(x, &n);
  }
  if (!o->t->lazy) {
    int64_t pd[GA_MAX_DIMS];
    pad_dims(o->t->ndims, o->t->dims, pd);
    int i = add_input(x, lz, o->t, pd, NULL, 0);
    ga_xnode n = {.kind = GA_X_INPUT, .cls = o->t->cls, .slot = i};
    return i < 0 ? -1 : find_or_add_node(x, &n);
  }
  const ga_lazy *src = o->t->lazy;
  /* generator nodes (ga_rng.c) compute from the output's element index: they fuse only
   * into expressions of their own shape; a broadcast one is materialised first */
  bool same_shape = o->t->ndims == x->ndims && !memcmp(o->t->dims, x->dims, (size_t)x->ndims * sizeof *x->dims);
  for (int j = 0; j < src->x.nnodes && !same_shape; j++)
    if (ga_xnode_is_generator(&src->x.nodes[j]))
      return -1;
  int map[GA_X_MAX_NODES];
  for (int j = 0; j < src->x.nnodes; j++) {
    ga_xnode n = src->x.nodes[j];
    if (n.kind == GA_X_INPUT) {
      n.slot = add_input(x, lz, src->leaves[n.slot], src->x.input_dims[n.slot], &src->x, n.slot);
    } else if (n.kind == GA_X_SCALAR) {
      n.slot = add_scalar(x, &src->x.scalars[n.slot]);
    } else if (n.kind == GA_X_UNARY) {
      n.a = map[n.a];
    } else if (n.kind == GA_X_TERNARY) {
      n.a = map[n.a];
      n.b = map[n.b];
      n.c = map[n.c];
    } else if (ga_xnode_is_generator(&n)) {
      n.a = map[n.a];
      n.b = map[n.b];
      n.c = map[n.c];
      n.d = map[n.d];
    } else {
      n.a = map[n.a];
      n.b = map[n.b];
    }
    if (n.slot < 0 || (map[j] = find_or_add_node(x, &n)) < 0)
      return -1;
  }
  return map[src->x.nnodes - 1];
}

ga_lazy *ga_lazy_new(int ndims, const int64_t *dims)
{
  ga_lazy *lz = calloc(1, sizeof *lz);
  if (!lz)
    return NULL;
  lz->x.ndims = ndims;
  memcpy(lz->x.dims, dims, (size_t)ndims * sizeof *dims);
  lz->x.numel = ga_shape_numel(ndims, dims);
  return lz;
}

/* root applied to the operands' merged expressions (its a, b, c in order): the root node
 * is always new, as it must be last */
static ga_status fuse_root(ga_xnode root, int nops, const ga_fuse_operand *const *ops, int ndims,
                           const int64_t *dims, ga_lazy **out)
{
  ga_lazy *lz = ga_lazy_new(ndims, dims);
  if (!lz)
    return ga_fail(GA_ERR_OOM, "out of host memory");
  ga_expr *x = &lz->x;
  int *slot[3] = {&root.a, &root.b, &root.c};
  bool ok = true;
  for (int k = 0; k < nops && ok; k++)
    ok = (*slot[k] = merge(x, lz, ops[k])) >= 0;
  if (!ok || x->nnodes >= MAX_NODES || x->ninputs + x->nscalars > MAX_SLOTS) {
    ga_lazy_free(lz);
    return GA_ERR_UNSUPPORTED;
  }
  x->nodes[x->nnodes++] = root;
  *out = lz;
  return GA_OK;
}

ga_status ga_fuse_binary(ga_binop op, ga_class cls, ga_compute_mode mode, const ga_fuse_operand *a,
                         const ga_fuse_operand *b, int ndims, const int64_t *dims, ga_lazy **out)
{
  const ga_fuse_operand *ops[2] = {a, b};
  return fuse_root((ga_xnode){.kind = GA_X_BINARY, .cls = cls, .op = op, .mode = mode}, 2, ops, ndims, dims, out);
}

ga_status ga_fuse_unary(ga_unop op, ga_class cls, const ga_fuse_operand *a, int ndims, const int64_t *dims,
                        ga_lazy **out)
{
  return fuse_root((ga_xnode){.kind = GA_X_UNARY, .cls = cls, .uop = op}, 1, &a, ndims, dims, out);
}

ga_status ga_fuse_ternary(ga_terop op, ga_class cls, const ga_fuse_operand *a, const ga_fuse_operand *b,
                          const ga_fuse_operand *c, int ndims, const int64_t *dims, ga_lazy **out)
{
  const ga_fuse_operand *ops[3] = {a, b, c};
  return fuse_root((ga_xnode){.kind = GA_X_TERNARY, .cls = cls, .top = op}, 3, ops, ndims, dims, out);
}
