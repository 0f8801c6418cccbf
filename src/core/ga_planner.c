/* The planner: decides where a materialisation runs. The active provider runs what it
 * can; what it reports as unsupported runs on the host, with the transfers that takes. */
#include "ga_internal.h"

#include <stdlib.h>
#include <string.h>

int64_t ga_expr_input_numel(const ga_expr *x, int i)
{
  return ga_shape_numel(x->ndims, x->input_dims[i]);
}

/* Where the access pattern allows fusion: every view built from strides (a slice by
 * ranges, a transpose or permutation, a flip, and any of these of one another) can be
 * read in place by whatever kernel consumes it, since each element's position is an
 * affine function of its coordinates; index vectors (A(idx) with an arbitrary list)
 * are the pattern that does not, and they never reach here. Pending, a view saves the
 * consumer a pass over memory (the copy's read and write); what the consumer's kernel
 * gives up is the vector loads of a contiguous input, a smaller cost. The price is that
 * a pending view keeps its whole base alive until it is used, as pending expressions
 * keep their inputs. Empty views have nothing to read. GPUARRAY_FUSE_VIEWS=0 copies
 * views out at once (the behaviour before views existed), read at every view so that
 * one script can compare both. */
bool ga_plan_view_pending(const ga_tensor *base, int nd, const int64_t *dims, const int64_t *strides)
{
  const char *e = getenv("GPUARRAY_FUSE_VIEWS");
  if (e && strcmp(e, "0") == 0)
    return false;
  int64_t numel = ga_shape_numel(nd, dims);
  if (base->numel == 0 || numel == 0)
    return false;
  /* A view that moves the contiguous dimension (a transpose, a permutation that takes
   * dimension 1 elsewhere) is read column-wise by a fused kernel, 32 lanes touching 32
   * rows: on the H100, (A.')+1 over 8192^2 doubles took 1.46 ms fused against 0.81 ms
   * for the tiled transpose (copy.comp's 32x32 tiles) followed by the addition
   * (bench/view_probe.m). Large ones are copied out through that kernel instead. */
  if (strides && numel >= 65536) {
    int first = -1;
    bool unit_later = false;
    for (int k = 0; k < nd; k++) {
      if (dims[k] == 1)
        continue;
      if (first < 0)
        first = k;
      else if (strides[k] == 1 || strides[k] == -1)
        unit_later = true;
    }
    if (first >= 0 && strides[first] != 1 && strides[first] != -1 && unit_later)
      return false;
  }
  return true;
}

static ga_status fetch(const ga_pbuf *b, void **host)
{
  *host = malloc(b->bytes ? b->bytes : 1);
  if (!*host)
    return ga_fail(GA_ERR_OOM, "out of host memory (%zu bytes) for a host fallback", b->bytes);
  ga_status st = ga_g.prov->download(ga_g.pstate, b, *host, b->bytes);
  if (st == GA_OK)
    ga_g.stats.bytes_downloaded += b->bytes;
  return st;
}

static ga_status store(ga_pbuf *b, const void *host, size_t bytes)
{
  ga_status st = ga_g.prov->upload(ga_g.pstate, b, host, bytes);
  if (st == GA_OK)
    ga_g.stats.bytes_uploaded += bytes;
  return st;
}

ga_status ga_plan_elementwise(const ga_expr *x, ga_class out_cls, ga_pbuf *out)
{
  ga_status st = ga_g.prov->elementwise(ga_g.pstate, x, out_cls, out);
  if (st != GA_ERR_UNSUPPORTED)
    return st;
  ga_g.stats.host_fallbacks++;
  void *in[GA_X_MAX_INPUTS] = {0};
  size_t out_bytes = (size_t)x->numel * ga_class_size(out_cls);
  void *res = malloc(out_bytes ? out_bytes : 1);
  st = res ? GA_OK : ga_fail(GA_ERR_OOM, "out of host memory for a host fallback");
  for (int i = 0; st == GA_OK && i < x->ninputs; i++)
    st = fetch(x->inputs[i], &in[i]);
  if (st == GA_OK)
    st = ga_host_eval_expr(x, (const void *const *)in, out_cls, res);
  if (st == GA_OK)
    st = store(out, res, out_bytes);
  for (int i = 0; i < x->ninputs; i++)
    free(in[i]);
  free(res);
  return st;
}

ga_status ga_plan_reduce(const ga_reduce_desc *d)
{
  ga_status st = ga_g.prov->reduce(ga_g.pstate, d);
  if (st != GA_ERR_UNSUPPORTED || d->producer)
    return st; /* a fused reduction the provider cannot run: the caller evaluates first */
  ga_g.stats.host_fallbacks++;
  void *in = NULL;
  size_t nout = (size_t)(d->inner * d->outer);
  size_t out_bytes = nout * ga_class_size(d->out_cls);
  void *res = malloc(out_bytes ? out_bytes : 1);
  double *idx = d->out_index ? malloc(nout * sizeof *idx + 1) : NULL;
  st = res && (idx || !d->out_index) ? fetch(d->in, &in) : ga_fail(GA_ERR_OOM, "out of host memory for a host fallback");
  if (st == GA_OK)
    st = ga_host_eval_reduce(d, in, res, idx);
  if (st == GA_OK)
    st = store(d->out, res, out_bytes);
  if (st == GA_OK && idx)
    st = store(d->out_index, idx, nout * sizeof *idx);
  free(in);
  free(res);
  free(idx);
  return st;
}

/* A line operation on the host (scan, sort): in downloaded, the host's reference run on
 * it, its out_bytes of results and, where out_index is not NULL, idx_bytes of positions
 * (double) uploaded. */
typedef ga_status (*host_lines_fn)(const void *desc, const void *in, void *out, double *out_index);

static ga_status host_lines(const void *desc, host_lines_fn eval, const ga_pbuf *src, ga_pbuf *out,
                            size_t out_bytes, ga_pbuf *out_index, size_t idx_bytes)
{
  ga_g.stats.host_fallbacks++;
  void *in = NULL, *res = malloc(out_bytes ? out_bytes : 1);
  double *idx = out_index ? malloc(idx_bytes ? idx_bytes : 1) : NULL;
  ga_status st = res && (idx || !out_index) ? fetch(src, &in)
                                           : ga_fail(GA_ERR_OOM, "out of host memory for a host fallback");
  if (st == GA_OK)
    st = eval(desc, in, res, idx);
  if (st == GA_OK)
    st = store(out, res, out_bytes);
  if (st == GA_OK && idx)
    st = store(out_index, idx, idx_bytes);
  free(in);
  free(res);
  free(idx);
  return st;
}

static ga_status eval_scan(const void *d, const void *in, void *out, double *out_index)
{
  return ga_host_eval_scan(d, in, out, out_index);
}

static ga_status eval_sort(const void *d, const void *in, void *out, double *out_index)
{
  return ga_host_eval_sort(d, in, out, out_index);
}

ga_status ga_plan_scan(const ga_scan_desc *d)
{
  ga_status st = ga_g.prov->scan ? ga_g.prov->scan(ga_g.pstate, d) : GA_ERR_UNSUPPORTED;
  if (st != GA_ERR_UNSUPPORTED)
    return st;
  size_t numel = (size_t)(d->inner * d->n * d->outer);
  return host_lines(d, eval_scan, d->in, d->out, numel * ga_class_size(d->out_cls), d->out_index,
                    numel * sizeof(double));
}

ga_status ga_plan_sort(const ga_sort_desc *d)
{
  ga_status st = ga_g.prov->sort ? ga_g.prov->sort(ga_g.pstate, d) : GA_ERR_UNSUPPORTED;
  if (st != GA_ERR_UNSUPPORTED)
    return st;
  size_t numel = (size_t)(d->inner * d->n * d->outer);
  return host_lines(d, eval_sort, d->in, d->out, numel * ga_class_size(d->cls), d->out_index,
                    numel * sizeof(double));
}

int ga_epilogue_input_kind(const ga_expr *x, int i)
{
  const int64_t *d = x->input_dims[i];
  for (int k = 2; k < GA_MAX_DIMS; k++)
    if (d[k] != 1)
      return -1;
  if (d[0] == x->dims[0] && d[1] == x->dims[1])
    return 0;
  if (d[0] == 1 && d[1] == 1)
    return 1;
  if (d[0] == x->dims[0] && d[1] == 1)
    return 2;
  if (d[0] == 1 && d[1] == x->dims[1])
    return 3;
  return -1;
}

/* The form an epilogue takes: one pending product, read whole at the output's shape and
 * class, and read by nothing else (a product also held elsewhere is stored once and
 * read by each user); other inputs contiguous, whole, scalar or broadcast along one
 * dimension; no generator nodes (they number elements as the elementwise kernel does).
 * By default only where the H100 measured a gain (doc/benchmarks.md, fourth session):
 * double products under arithmetic, comparisons, max and min (4096^2: 1-2% faster than
 * storing the product first). A single product's epilogue pass cost 11% and tanh's 4%,
 * so those store first unless GPUARRAY_FUSE_EPILOGUES=1 asks for every form; =0 stores
 * every product first, so one script can compare. */
static bool epilogue_pays(const ga_expr *x, ga_class cls)
{
  if (cls != GA_DOUBLE)
    return false;
  for (int j = 0; j < x->nnodes; j++) {
    const ga_xnode *n = &x->nodes[j];
    if ((n->kind == GA_X_UNARY && (ga_unop_is_function(n->uop) || n->uop == GA_UOP_ANGLE)) ||
        (n->kind == GA_X_BINARY && ga_binop_is_function(n->op) && n->op != GA_OP_MAX && n->op != GA_OP_MIN) ||
        (n->kind == GA_X_BINARY && n->op == GA_OP_POWER) || n->kind == GA_X_TERNARY)
      return false;
  }
  return true;
}

ga_status ga_plan_epilogue(ga_tensor *t)
{
  const char *e = getenv("GPUARRAY_FUSE_EPILOGUES");
  bool all = e && strcmp(e, "1") == 0;
  if ((e && strcmp(e, "0") == 0) || (!all && !epilogue_pays(&t->lazy->x, t->cls)))
    return GA_ERR_UNSUPPORTED;
  ga_lazy *lz = t->lazy;
  ga_expr *x = &lz->x;
  int slot = -1;
  for (int i = 0; i < x->ninputs; i++) {
    if (!lz->leaves[i]->product)
      continue;
    if (slot >= 0)
      return GA_ERR_UNSUPPORTED;
    slot = i;
  }
  if (slot < 0 || !ga_g.prov->gemm_epilogue)
    return GA_ERR_UNSUPPORTED;
  ga_tensor *pt = lz->leaves[slot];
  const ga_product *p = pt->product;
  if (pt->refcount != 1 || x->ndims != 2 || x->dims[0] != p->d.m || x->dims[1] != p->d.n || t->cls != p->d.cls ||
      p->d.batch != 1 || p->d.update)
    return GA_ERR_UNSUPPORTED;
  for (int i = 0; i < x->ninputs; i++)
    if (x->input_strided[i] || ga_epilogue_input_kind(x, i) < 0 || (i == slot && ga_epilogue_input_kind(x, i) != 0))
      return GA_ERR_UNSUPPORTED;
  for (int j = 0; j < x->nnodes; j++)
    if (ga_xnode_is_generator(&x->nodes[j]))
      return GA_ERR_UNSUPPORTED;
  ga_status st = ga_buffer_acquire((size_t)t->numel * ga_class_size(t->cls), &t->buf);
  if (st != GA_OK)
    return st;
  for (int i = 0; i < x->ninputs; i++)
    x->inputs[i] = &lz->leaves[i]->buf; /* the product's is empty and never read */
  ga_gemm_desc d = p->d;
  d.a = &p->a->buf;
  d.b = &p->b->buf;
  d.c = NULL;
  st = ga_g.prov->gemm_epilogue(ga_g.pstate, &d, x, slot, t->cls, &t->buf);
  if (st != GA_OK) {
    ga_buffer_release(&t->buf);
    return st;
  }
  ga_range_keep(t); /* what the expression said of its values outlives it */
  ga_lazy_free(lz);
  t->lazy = NULL;
  ga_g.stats.bytes_in_use += t->buf.bytes;
  ga_g.stats.materializations++;
  ga_g.stats.gemm_epilogues++;
  return GA_OK;
}
