/* gpuarray core: what the core's modules share with each other (never included
 * outside src/core and the unit tests). */
#ifndef GA_INTERNAL_H
#define GA_INTERNAL_H

#include "ga.h"

#include <stdarg.h>
#include <stdbool.h>

/* ---- errors (ga_error.c) ---------------------------------------------------------- */
/* Records the message for ga_last_error() and returns st, so callers can write
 * `return ga_fail(GA_ERR_ARG, "...")`. */
ga_status ga_fail(ga_status st, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The same with Octave's own identifier for the error (for example "Octave:invalid-index"),
 * where Octave has one: ga_error_id() then reports it. */
ga_status ga_fail_id(ga_status st, const char *id, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* monotonic wall time in ns, for the host-time telemetry (ga_context.c) */
uint64_t ga_now_ns(void);

/* ---- classes (ga_class.c) --------------------------------------------------------- */
bool ga_class_is_float(ga_class c);
bool ga_class_is_int(ga_class c);   /* int8..uint64 */
bool ga_class_is_signed(ga_class c);
bool ga_class_is_wide_int(ga_class c); /* int64, uint64: not exact in double */
double ga_class_int_min(ga_class c);
double ga_class_int_max(ga_class c);

/* A scalar of any class, kept exactly: integers as 64-bit integers, not doubles. */
typedef struct {
  ga_class cls;
  union {
    double f;    /* double, single (held widened), logical (0/1) */
    int64_t i;   /* signed integers */
    uint64_t u;  /* unsigned integers */
  } v;
} ga_scalar;

ga_scalar ga_scalar_load(ga_class cls, const void *p);
/* The 64 bits a kernel receives for this scalar (doubles as IEEE bits). */
uint64_t ga_scalar_bits(const ga_scalar *s);

/* ---- provider buffers and the provider interface (ga_provider.h) ------------------- */
typedef struct {
  void *handle;       /* provider-private */
  uint64_t address;   /* device address (vulkan) */
  void *host;         /* host pointer (host provider) */
  size_t bytes;
  size_t offset;      /* bytes from the start of handle's buffer (a view of part of it:
                         address and host already include it) */
} ga_pbuf;

/* Elementwise expression IR: a small DAG in topological order whose last node is the
 * result. Eager operations build one-node expressions; the fusion engine builds larger
 * ones. Every provider executes the same IR. */
#define GA_X_MAX_NODES 64
#define GA_X_MAX_INPUTS 12  /* together at most 12 in one kernel: see ga_fusion.c */
#define GA_X_MAX_SCALARS 12

typedef enum { GA_X_INPUT, GA_X_SCALAR, GA_X_BINARY, GA_X_UNARY,
               GA_X_RANDOM, /* random numbers: a function of (key, counter, element index) */
               GA_X_INDEX,  /* a function of the element's index: eye, linspace, colon */
               GA_X_TERNARY /* a function of three operands a, b, c (ga_terop) */
} ga_xkind;

/* What a GA_X_RANDOM or GA_X_INDEX node computes (ga_rng.c). Its operands a, b, c, d
 * are scalar nodes (unused ones repeat a), listed per generator. */
typedef enum {
  GA_GEN_UNIFORM,  /* (0,1): a key, b counter base (uint64) */
  GA_GEN_NORMAL,   /* standard normal: a key, b counter base */
  GA_GEN_INTEGER,  /* 0..m-1 as double: a key, b counter base, c m, d (2^64 - m) mod m */
  GA_GEN_PERM,     /* 1-based randperm: a key, b counter base, c n, d half-width h of the Feistel network */
  GA_GEN_RAW,      /* Philox words (uint32), for tests: a key, b counter words 0-1, c counter words 2-3 */
  GA_GEN_EYE,      /* 1 where row == column: a rows (uint64) */
  GA_GEN_LINSPACE, /* Octave's linspace: a x1, b x2, c delta (of the node's class), d n (uint64) */
  GA_GEN_RANGE     /* Octave's range a:inc:limit: a base, b inc, c final value (node's class), d n */
} ga_xgen;

/* How a binary node computes, derived from its operand and result classes. */
typedef enum {
  GA_CM_FLOAT,        /* operands converted to the (floating) result class */
  GA_CM_INT_DOUBLE,   /* integers of <= 32 bits: in double, rounded and saturated */
  GA_CM_INT_EXACT,    /* int64/uint64 with integer or logical operands: exact */
  GA_CM_INT_MIXED64,  /* int64/uint64 with a floating operand: Octave's own algorithms (host) */
  GA_CM_CMP_DOUBLE,   /* comparison of values exact in double */
  GA_CM_CMP_SINGLE,   /* single against double or logical: Octave compares in single */
  GA_CM_CMP_INT64,    /* a 64-bit integer against an integer: exact */
  GA_CM_CMP_MIXED64,  /* a 64-bit integer against a floating value: exact */
  GA_CM_LOGIC         /* & | xor on values converted to logical */
} ga_compute_mode;

typedef struct {
  ga_xkind kind;
  ga_class cls;      /* class of this node's value */
  int slot;          /* input or scalar slot */
  ga_binop op;
  ga_unop uop;       /* GA_X_UNARY: the operation; its operand is a */
  ga_compute_mode mode;
  int a, b;          /* operand node indices */
  ga_xgen gen;       /* GA_X_RANDOM, GA_X_INDEX: what it computes; operands a, b, c, d */
  int c, d;
  ga_terop top;      /* GA_X_TERNARY: the function; its operands a, b, c */
} ga_xnode;

typedef struct {
  int nnodes;
  ga_xnode nodes[GA_X_MAX_NODES];
  int ninputs;
  const ga_pbuf *inputs[GA_X_MAX_INPUTS];
  /* each input's shape padded to ndims; a 1 where the output is larger broadcasts */
  int64_t input_dims[GA_X_MAX_INPUTS][GA_MAX_DIMS];
  /* an input read through a strided view of its buffer (ga_view.c): the element at
   * output coordinates c is input_offset + sum_d c_d * input_strides[d] (elements; 0
   * along dimensions where it repeats, negative where it runs backwards). The numbers
   * are data to a kernel, never part of its source: only "strided" is. */
  bool input_strided[GA_X_MAX_INPUTS];
  int64_t input_offset[GA_X_MAX_INPUTS];
  int64_t input_strides[GA_X_MAX_INPUTS][GA_MAX_DIMS];
  int nscalars;
  ga_scalar scalars[GA_X_MAX_SCALARS];
  int ndims;
  int64_t dims[GA_MAX_DIMS];
  int64_t numel;
} ga_expr;

/* numel of input i of x */
int64_t ga_expr_input_numel(const ga_expr *x, int i);
/* Where output element k of x reads strided input i: its position in the input's buffer. */
int64_t ga_expr_input_position(const ga_expr *x, int i, int64_t k);
/* Strided input i's addressing over x's output with dimensions merged where one stride
 * steps through both and singletons dropped: at least one (extent, stride) pair. */
int ga_expr_view_axes(const ga_expr *x, int i, int64_t *extents, int64_t *strides);

typedef struct {
  ga_reduce_op op;
  const ga_pbuf *in;
  const ga_expr *producer; /* when set, the input is this expression, never materialised */
  ga_class in_cls;
  ga_class out_cls;
  int64_t inner, n, outer; /* input viewed as inner x n x outer; n is reduced */
  ga_pbuf *out;            /* inner x outer elements of out_cls */
  ga_pbuf *out_index;      /* max/min: 1-based positions of the extrema (double), or NULL */
} ga_reduce_desc;

/* cumsum / cumprod (ga_scan.c): in viewed as inner x n x outer elements of in_cls, each of
 * the inner * outer lines accumulated along n in order into out (the same shape, of
 * out_cls, which ga_scan has checked) */
typedef struct {
  ga_scan_op op;
  ga_class in_cls, out_cls;
  int64_t inner, n, outer;
  const ga_pbuf *in;
  ga_pbuf *out;
  ga_pbuf *out_index; /* cummax/cummin: 1-based positions (double), or NULL */
} ga_scan_desc;

/* sort (ga_sort.c): in viewed as inner x n x outer elements of cls (real), each of the
 * inner * outer lines sorted along n, stably, into out (same shape and class) and the
 * 1-based positions into out_index (double, or NULL) */
typedef struct {
  ga_class cls;
  int64_t inner, n, outer;
  bool descend;
  const ga_pbuf *in;
  ga_pbuf *out;
  ga_pbuf *out_index;
} ga_sort_desc;

/* A copy between two views of memory (ga_copy.c): for every position j of the
 * iteration space dims, dst[dst_offset + sum_d pos(dst[d], j_d)] = src[src_offset +
 * sum_d pos(src[d], j_d)], where pos(axis, j) = (axis.index ? axis.index[j] : j) *
 * axis.stride. Indexing, assignment, permutation, concatenation and repetition are all
 * this one operation; strides are in elements and may be 0 (repeat) or negative (flip).
 * Index vectors hold int64 positions. Positions written twice make the result undefined:
 * callers resolve repeated assignment targets first. */
#define GA_VIEW_MAX_DIMS 6
#define GA_COMPACT_BLOCK 2048
typedef struct {
  const ga_pbuf *index;
  int64_t stride;
} ga_view_axis;

typedef struct {
  int ndims;
  int64_t dims[GA_MAX_DIMS];
  ga_view_axis src[GA_MAX_DIMS], dst[GA_MAX_DIMS];
  int64_t src_offset, dst_offset;
  size_t elem_size; /* 1, 2, 4 or 8 */
  const ga_pbuf *src_buf;
  ga_pbuf *dst_buf;
} ga_copy_desc;
/* C = op(A) * op(B) for each of batch pages, column-major, all of class cls (double or
 * single; the core converts operands first). op(A) is m x k: A is stored m x k (lda >= m)
 * or, with trans_a, k x m (lda >= k); likewise op(B) k x n; C is m x n (ldc >= m). Offsets
 * and page strides count elements; a stride of 0 repeats one page. m, n, k > 0. */
typedef struct {
  ga_class cls;
  int trans_a, trans_b;
  int64_t m, n, k;
  const ga_pbuf *a, *b;
  ga_pbuf *c;
  int64_t lda, ldb, ldc;
  int64_t off_a, off_b, off_c;
  int64_t batch;
  int64_t stride_a, stride_b, stride_c;
  int update; /* C = C - op(A) * op(B) instead: the trailing updates of ga_solve.c */
} ga_gemm_desc;

/* The small kernels of the blocked factorisations and solves (ga_solve.c); the GEMMs
 * around them are ga_gemm_desc products. Matrices are column-major of class cls (double
 * or single) at element offsets; pivots are int32 absolute 0-based row numbers. The host
 * versions (ga_host_la) are the reference semantics. */
#define GA_LA_LEAF_MAX 32 /* widest GETF2 panel */
#define GA_LA_TRSM_MAX 32 /* largest TRSM triangle */
/* GETF2's scratch (ga_la_desc.work) for providers that factor a tall panel with several
 * workgroups: a counter word (zero before the first use, left zero by every kernel) and
 * the candidates the workgroups exchange, for up to GA_LA_PANEL_GROUPS of them */
#define GA_LA_PANEL_GROUPS 128
#define GA_LA_PANEL_W 16 /* the widest panel such a provider takes (narrower than the leaf) */
#define GA_LA_PRE_MAX 48 /* the most columns of GETF2's step before the panel (pre) it takes */
#define GA_LA_WORK_BYTES (64 + 2 * (GA_LA_PANEL_GROUPS * (8 + 4 + 8 * GA_LA_PANEL_W) + 8 * GA_LA_PANEL_W))
typedef enum {
  /* LU with partial pivoting of the panel of columns c0 .. c0+w-1, rows r0 .. m-1 of the
   * m x ncols matrix a (ld lda; w <= GA_LA_LEAF_MAX): the pivot of column j is the first
   * row of largest magnitude (NaN counts as -1), its row interchange is applied within
   * the panel's columns (across all ncols columns with swap_all), multipliers by the
   * reciprocal (by division below the smallest normal), the rest of the panel updated;
   * piv[r0 + j] receives the pivot row; the int32 at info (element offset off_info of
   * piv) receives c0 + j + 1 for the first exactly zero pivot if it is still 0 (a zero
   * pivot swaps and updates nothing, and is recorded as row r0 + j).
   * With pre > 0 (r0 == c0 >= pre), first the step of the blocked LU that precedes the
   * panel: U12 := L11^-1 U12 for the pre x w block above the panel (rows r0-pre ..
   * r0-1), L11 the unit lower triangle of its pre columns to the left, then the panel's
   * rows lose L21 U12 (L21: those pre columns, rows r0 .. m-1). A provider may decline
   * pre (GA_ERR_UNSUPPORTED; see ga_plan_la_try). */
  GA_LA_GETF2,
  /* the interchanges GETF2 recorded for the same desc (piv[r0 .. r0+k-1], k = min(m-r0, w)),
   * in order, applied to every column of a outside the panel c0 .. c0+w-1 */
  GA_LA_LASWP,
  /* B := op(T)^-1 B for each of batch pages: T is m x m (m <= GA_LA_TRSM_MAX), lower or
   * upper, unit diagonal or not, op the transpose with trans; B is m x n */
  GA_LA_TRSM,
  /* a (m x n, ld lda) := the identity, for each of batch pages */
  GA_LA_EYE,
  /* One step of a one-sided Jacobi sweep (ga_svd.c): the n columns of a (ld lda) are
   * paired in the round-robin order's step `step` mod (N-1) (N: n rounded up to even);
   * for each pair (p < q) the Hestenes rotation that makes rows 0 .. m-1 of columns p
   * and q orthogonal is applied to rows 0 .. m+vrows-1 (V sits below A), unless
   * |a_p.a_q| <= tol ||a_p|| ||a_q||; any rotation sets the int32 at piv[off_info] to
   * 1 + step / (N-1), the sweep's number (so the word needs no reset between sweeps).
   * cls may be complex (a_p^H a_q, the rotation of a_p and a_q times its phase's conjugate) */
  GA_LA_JACOBI,
  /* for each of the n columns: sigma_j = ||a(0 .. m-1, j)|| into a[off_out + j] (ld and
   * offsets in elements of a's buffer; off_out in real ones where cls is complex), and,
   * with vrows > 0, those m rows divided by sigma_j where it is not zero */
  GA_LA_COLNORM
} ga_la_kind;

typedef struct {
  ga_la_kind kind;
  ga_class cls;
  int lower, unit, trans;
  int64_t m, n, batch;
  const ga_pbuf *t;        /* TRSM's triangle */
  int64_t off_t, ldt, stride_t;
  ga_pbuf *a;              /* GETF2's matrix, TRSM's B, EYE's output */
  int64_t off_a, lda, stride_a;
  int64_t ncols, r0, c0, w; /* GETF2 */
  ga_pbuf *piv;             /* GETF2, LASWP: int32 pivots and the info word */
  int64_t off_info;
  int swap_all;             /* GETF2: interchanges across all ncols columns */
  int64_t pre;              /* GETF2: columns of the update before the panel */
  ga_pbuf *work;            /* GETF2: GA_LA_WORK_BYTES of scratch, or NULL */
  int64_t vrows, step, off_out; /* JACOBI, COLNORM */
  double tol;                   /* JACOBI */
} ga_la_desc;

typedef struct ga_provider_ops {
  const char *name;
  /* device_index is 0-based; state receives the provider's private state */
  ga_status (*open)(int device_index, void **state);
  void (*close)(void *state);
  ga_status (*device_count)(void *state, int *count);
  ga_status (*device_info)(void *state, ga_device_info *info);
  ga_status (*alloc)(void *state, size_t bytes, ga_pbuf *out);
  void (*free)(void *state, ga_pbuf *buf);
  ga_status (*upload)(void *state, ga_pbuf *dst, const void *src, size_t bytes);
  ga_status (*download)(void *state, const ga_pbuf *src, void *dst, size_t bytes);
  /* GA_ERR_UNSUPPORTED sends the planner to the host path */
  ga_status (*elementwise)(void *state, const ga_expr *x, ga_class out_cls, ga_pbuf *out);
  ga_status (*reduce)(void *state, const ga_reduce_desc *d);
  /* GA_ERR_UNSUPPORTED (or NULL) sends the scan to the host */
  ga_status (*scan)(void *state, const ga_scan_desc *d);
  /* GA_ERR_UNSUPPORTED (or NULL) sends the sort to the host */
  ga_status (*sort)(void *state, const ga_sort_desc *d);
  ga_status (*synchronize)(void *state);
  /* d has at most GA_VIEW_MAX_DIMS dimensions, none of extent 1 (ga_plan_copy) */
  ga_status (*copy)(void *state, const ga_copy_desc *d);
  /* The positions of a mask's nonzero bytes, in two passes over blocks of
   * GA_COMPACT_BLOCK elements: the count of each block (uint32), then, given each
   * block's offset (int64, the exclusive prefix sums), the positions (int64). */
  ga_status (*compact_count)(void *state, const ga_pbuf *mask, int64_t n, ga_pbuf *counts);
  ga_status (*compact_write)(void *state, const ga_pbuf *mask, int64_t n, const ga_pbuf *offsets, ga_pbuf *out);
  /* matrix products; GA_ERR_UNSUPPORTED sends them to the host */
  ga_status (*gemm)(void *state, const ga_gemm_desc *d);
  /* A product with an elementwise epilogue (ga_planner.c): out (m x n of out_cls, which is
   * d->cls) receives x, whose input `slot` is the product's element (never read from
   * memory; d->c unused) and whose other inputs are m x n, 1 x 1, m x 1 or 1 x n,
   * contiguous. The product must round exactly as the provider's plain gemm of d would:
   * GA_ERR_UNSUPPORTED (or NULL) where it cannot, and the product is stored first. */
  ga_status (*gemm_epilogue)(void *state, const ga_gemm_desc *d, const ga_expr *x, int slot, ga_class out_cls,
                             ga_pbuf *out);
  /* the factorisations' small kernels; GA_ERR_UNSUPPORTED (or NULL) sends them to the host */
  ga_status (*la)(void *state, const ga_la_desc *d);
} ga_provider_ops;

extern const ga_provider_ops ga_host_provider;
extern const ga_provider_ops ga_vulkan_provider;

/* The host provider's kernels on plain memory: the reference semantics, also used by
 * the planner to run what a device provider cannot. inputs[i] matches x->inputs[i]. */
ga_status ga_host_eval_expr(const ga_expr *x, const void *const *inputs, ga_class out_cls, void *out);
ga_status ga_host_eval_reduce(const ga_reduce_desc *d, const void *in, void *out, double *out_index);
ga_status ga_host_eval_scan(const ga_scan_desc *d, const void *in, void *out, double *out_index);
/* The provider's scan, or the host's on downloaded buffers when it declines. */
ga_status ga_plan_scan(const ga_scan_desc *d);
/* Octave's sort on plain memory (ga_host_sort.c), and the provider's or else that one */
ga_status ga_host_eval_sort(const ga_sort_desc *d, const void *in, void *out, double *out_index);
ga_status ga_plan_sort(const ga_sort_desc *d);
ga_status ga_host_copy(const ga_copy_desc *d);
ga_status ga_host_compact_count(const uint8_t *mask, int64_t n, uint32_t *counts);
ga_status ga_host_compact_write(const uint8_t *mask, int64_t n, const int64_t *offsets, int64_t *out);
/* The reference matrix product (ga_gemm.c) on host copies of d's buffers. */
void ga_host_gemm(const ga_gemm_desc *d, const void *a, const void *b, void *c);
/* The provider's product, or the host's when it declines (ga_gemm.c). */
ga_status ga_plan_gemm(const ga_gemm_desc *d);
/* The reference of ga_la_desc on host memory (ga_la_host.c): a, t, piv are host
 * pointers to the starts of d's buffers. */
void ga_host_la(const ga_la_desc *d, void *a, const void *t, int32_t *piv);
/* The provider's kernel, or the host's on downloaded buffers when it declines. */
ga_status ga_plan_la(const ga_la_desc *d);
/* The provider's kernel alone: GA_ERR_UNSUPPORTED where it declines, nothing done. */
ga_status ga_plan_la_try(const ga_la_desc *d);

/* Octave's int64/uint64 arithmetic with a double operand (ga_int64_mixed.c). int_cls is
 * GA_INT64 or GA_UINT64 and the result's class; x is the integer operand's 64 bits
 * (two's complement), y the floating operand widened to double; int_first tells
 * whether the integer operand is the left one. Returns the result's 64 bits. */
uint64_t ga_int64_mixed(ga_binop op, ga_class int_cls, uint64_t x, double y, bool int_first);
/* Octave's power of two integers of class c (either operand within c's range). */
__int128 ga_int_power(ga_class c, __int128 a, __int128 b);

/* ---- tensors and the handle table (ga_tensor.c, ga_handles.c) ----------------------- */
struct ga_lazy;

typedef struct ga_tensor {
  ga_class cls;
  int ndims;                  /* >= 2, trailing singletons trimmed as Octave does */
  int64_t dims[GA_MAX_DIMS];
  int64_t numel;
  ga_pbuf buf;                /* materialised storage (buf.bytes == 0 for empty arrays) */
  struct ga_lazy *lazy;       /* while set, the value is this unevaluated expression */
  struct ga_tensor *owner;    /* when set, buf is owner's storage, shared (a reshape) */
  struct ga_patch *patch;     /* while set, the value is an assignment still to apply */
  struct ga_product *product; /* while set, the value is a matrix product still to run */
  unsigned char range;        /* GA_RANGE_* facts known of its values (ga_range.c) */
  bool narrow;                /* complex, and not yet checked for all-zero imaginary parts
                                 (Octave's narrowing to real: ga_tensor_settle) */
  int refcount;               /* owners: the handle table (once), pending expressions,
                                 tensors sharing the storage, pending assignments */
  int handle_refs;            /* ga_retain/ga_release balance of the id given out */
} ga_tensor;

/* A pending value: an expression whose inputs are materialised tensors it keeps alive. */
typedef struct ga_lazy {
  ga_expr x;
  struct ga_tensor *leaves[GA_X_MAX_INPUTS]; /* leaves[i] feeds x.inputs[i] */
} ga_lazy;

/* A pending matrix product (ga_gemm.c): its operands, referenced, already of its class.
 * Elementwise operations over it read it as an input leaf without running it, so that
 * the planner can run them in the product's kernel (an epilogue); every other use runs
 * it first (ga_handles_get, ga_tensor_materialize, ga_lazy_bind). */
typedef struct ga_product {
  ga_gemm_desc d;   /* a, b, c bound when it runs */
  ga_tensor *a, *b;
} ga_product;
void ga_product_free(ga_product *p);

void ga_shape_normalize(int *ndims, int64_t *dims);
int64_t ga_shape_numel(int ndims, const int64_t *dims);
ga_status ga_shape_check(int ndims, const int64_t *dims);
void ga_shape_format(int ndims, const int64_t *dims, char *out, size_t cap); /* "2x3x4" */

typedef struct {
  ga_tensor **slots;
  uint32_t *versions;   /* the id of each slot's occupant carries its version */
  uint32_t nslots, cap;
  uint32_t *free_slots;
  uint32_t nfree;
  uint32_t generation;  /* bumped by every reset */
  uint32_t next_version;
  uint32_t reset_version; /* versions up to this one were issued before the last reset */
} ga_handle_table;

ga_status ga_handles_insert(ga_tensor *t, ga_id *out);
/* Where st is GA_OK: t as *out and, where ix is not NULL, ix as *out_index (both or
 * neither); the tensors not handed over are released. Returns the outcome. */
ga_status ga_handles_insert_pair(ga_status st, ga_tensor *t, ga_id *out, ga_tensor *ix, ga_id *out_index);
/* id refers to t (taken over) instead of its tensor, which it releases */
ga_status ga_handles_replace(ga_id id, ga_tensor *t);
/* The tensor of id, with any pending assignment applied and pending product run
 * (ga_handles_peek: as it is; ga_handles_get_fusible: a product left pending, for the
 * elementwise operations, which fuse it). */
ga_status ga_handles_get(ga_id id, ga_tensor **out);
ga_status ga_handles_get_fusible(ga_id id, ga_tensor **out);
ga_status ga_handles_peek(ga_id id, ga_tensor **out);
void ga_handles_clear(void);  /* drops every tensor; bumps the generation */

ga_status ga_tensor_new(ga_class cls, int ndims, const int64_t *dims, ga_tensor **out);
/* a viewed as inner x n x outer elements, its lines along dimension dim (0-based; -1:
 * the first of extent other than 1; past the last, lines of one element) */
void ga_tensor_lines(const ga_tensor *a, int dim, int64_t *inner, int64_t *n, int64_t *outer);
/* A line operation's start: a stored whole, its result t (cls, a's shape) and, where
 * want_index, the positions' ix (double, a's shape; else NULL); nothing made on failure */
ga_status ga_tensor_line_results(ga_tensor *a, ga_class cls, bool want_index, ga_tensor **t, ga_tensor **ix);

/* Facts about a real tensor's values known without reading them (ga_range.c), NaN aside:
 * >= 0 (-0 allowed), >= 1, within [-1, 1], and >= +0 with no -0 (x .^ 0.5 of a -0 is
 * complex in Octave, sqrt (-0) is not) */
enum { GA_RANGE_NONNEG = 1, GA_RANGE_GE1 = 2, GA_RANGE_UNIT = 4, GA_RANGE_PLUS = 8 };
int ga_range_of(const ga_tensor *t);
void ga_range_learn(ga_tensor *t, int facts); /* what a check of the data found */
void ga_range_keep(ga_tensor *t);             /* before a pending value is computed: keep its facts */
/* A tensor whose value is lz (taken over); storage comes at materialisation. */
ga_status ga_tensor_new_lazy(ga_class cls, int ndims, const int64_t *dims, ga_lazy *lz, ga_tensor **out);
/* A pending assignment (ga_index.c): base with the values of src written through the
 * copy description; applied in base's own storage when nothing else can see base any
 * more (Octave rebinds A = subsasgn (A, ...) before the next use), else in a copy. */
typedef struct ga_patch {
  ga_tensor *base;          /* referenced; same class and shape as the result */
  ga_tensor *src;           /* referenced: the assigned values (or one value) */
  ga_tensor *index[2 * GA_MAX_DIMS]; /* referenced index vectors the copy uses */
  ga_copy_desc copy;        /* src and dst bound when applied */
} ga_patch;

/* Octave's narrowing of the value of id: a complex value flagged narrow whose imaginary
 * parts are all zero is replaced in the handle table by its real part (pending
 * expressions that read the complex tensor keep it). *t receives the settled tensor. */
ga_status ga_settle_tensor(ga_id id, ga_tensor **t);
/* ga_solve.c's block moves and products, shared with ga_qr.c: copy_region copies rows x
 * cols between column-major regions (rowidx: int64 source rows); get_block and put_block
 * move a block of a cls matrix to and from doubles on the host; gemm_update is one
 * ga_plan_gemm product, C = op(A) op(B), or C -= op(A) op(B) with update set. */
ga_status ga_la_copy_region(const ga_pbuf *src, int64_t soff, int64_t sld, const ga_pbuf *rowidx, ga_pbuf *dst,
                            int64_t doff, int64_t dld, int64_t rows, int64_t cols, size_t es);
ga_status ga_la_get_block(const ga_pbuf *buf, int64_t off, int64_t ld, int64_t rows, int64_t cols, ga_class cls,
                          double *out);
ga_status ga_la_put_block(ga_pbuf *buf, int64_t off, int64_t ld, int64_t rows, int64_t cols, ga_class cls,
                          const double *in);
ga_status ga_la_gemm_update(ga_class cls, int ta, int tb, int64_t m, int64_t n, int64_t k, const ga_pbuf *a,
                            int64_t off_a, int64_t lda, const ga_pbuf *b, int64_t off_b, int64_t ldb, ga_pbuf *c,
                            int64_t off_c, int64_t ldc, int update);
/* Complex dense linear algebra on the host (ga_solve_complex.c): materialised 2-D
 * tensors of class GA_CDOUBLE or GA_CSINGLE (both operands of mldivide of one class).
 * mldivide: square A as Octave's ComplexMatrix::solve, else least squares; lu: perm
 * (m entries, 0-based) as ga_solve.c's getrf gives it; chol: out's lower triangle holds
 * R.' for R' R = A read from the upper triangle. Results are flagged for narrowing. */
ga_status ga_cla_mldivide(ga_tensor *a, ga_tensor *b, ga_tensor **out, ga_solve_info *info);
ga_status ga_cla_inv(ga_tensor *a, ga_tensor **out, ga_solve_info *info);
ga_status ga_cla_det(ga_tensor *a, ga_tensor **out);
ga_status ga_cla_lu(ga_tensor *a, ga_tensor **packed, int64_t *perm, int64_t *info);
ga_status ga_cla_chol(ga_tensor *a, ga_tensor **out, int64_t *info);
/* qr of a complex matrix as ga_qr (ga.h) asks for it: x receives X (GA_QR_RAW) or R,
 * q (when not NULL) Q, jpvt (when not NULL) the column order of the pivoted QR (n
 * entries, 0-based) */
ga_status ga_cla_qr(ga_tensor *a, ga_qr_form form, int64_t *jpvt, ga_tensor **x, ga_tensor **q);
/* ---- strided views (ga_view.c) ------------------------------------------------------ */
/* A view is a pending tensor whose expression is one strided input: element j (at
 * coordinates j_k) is base's element offset + sum_k j_k * strides[k]. Consumers fuse it
 * (their kernels read base through the strides); alone it materialises as a copy. */
typedef struct {
  ga_tensor *base;           /* materialised; not referenced by this description */
  int64_t offset;
  int64_t strides[GA_MAX_DIMS]; /* per dimension of the view's own shape */
} ga_view_layout;
/* Whether t is a pending view, and then its layout. */
bool ga_tensor_is_view(const ga_tensor *t, ga_view_layout *v);
/* t's elements as a layout over its own dimensions: a view's, or t itself (materialised)
 * with column-major strides. */
ga_status ga_tensor_layout(ga_tensor *t, ga_view_layout *v);
/* The layout seen through n subscripts (the last takes the remaining dimensions, as
 * Octave folds them): false when those dimensions do not merge into one stride. */
bool ga_layout_fold(const ga_tensor *t, const ga_view_layout *v, int n, int64_t *fdims, int64_t *fstrides);
/* The strides of t's layout v seen in another shape of as many elements (a reshape):
 * false where the new dimensions cut across a dimension v does not walk in one run. */
bool ga_layout_reshape(const ga_tensor *t, const ga_view_layout *v, int nd, const int64_t *dims, int64_t *strides);
/* A pending view of v.base of shape (ndims, dims) with v's offset and strides. */
ga_status ga_tensor_view(const ga_view_layout *v, ga_class cls, int ndims, const int64_t *dims, ga_tensor **out);
/* Materialises a view through the copy operation (the tiled transpose where it is one). */
ga_status ga_view_materialize(ga_tensor *t);

/* Runs t's pending expression or assignment, if any, into storage of its own. */
ga_status ga_tensor_materialize(ga_tensor *t);
/* Points x.inputs at the leaves' storage (before handing x to the planner), running
 * pending products among them first. */
ga_status ga_lazy_bind(ga_lazy *lz);
void ga_tensor_unref(ga_tensor *t);
/* A tensor of another shape with src's elements and storage (reshape): no copy. */
ga_status ga_tensor_alias(ga_tensor *src, int ndims, const int64_t *dims, ga_tensor **out);
/* The same with src's bytes read as another class (typecast); as many bytes. */
ga_status ga_tensor_alias_as(ga_tensor *src, ga_class cls, int ndims, const int64_t *dims, ga_tensor **out);
/* A tensor whose elements are src's elements first .. first + numel - 1 (a contiguous
 * slice), sharing src's storage; GA_ERR_UNSUPPORTED where the slice would not start on
 * the 16-byte boundary the kernels' vector loads need. */
ga_status ga_tensor_alias_range(ga_tensor *src, int64_t first, int ndims, const int64_t *dims, ga_tensor **out);
/* Pending assignments (ga_index.c). */
ga_status ga_patch_apply(ga_tensor *t);
void ga_patch_free(ga_tensor *t);
/* t converted to class to (t itself, referenced, when it has that class already) */
ga_status ga_tensor_cast(ga_tensor *t, ga_class to, ga_tensor **out);
ga_status ga_tensor_zeros(ga_class cls, int ndims, const int64_t *dims, ga_tensor **out);
/* The 0-based positions (int64, count x 1) of the nonzero elements of a logical tensor,
 * in order (ga_find.c). */
ga_status ga_mask_positions(ga_tensor *mask, ga_tensor **pos, int64_t *count);
/* a host array of the operand's class as a tensor (uploaded) */
ga_status ga_tensor_from_host(const ga_operand *o, ga_tensor **out);
/* Materialises every pending value (wait (gpuDevice)). */
ga_status ga_handles_materialize_all(void);

/* ---- fusion (ga_fusion.c) --------------------------------------------------------- */
/* An operand of an elementwise operation: a tensor (lazy or not) or a host scalar. */
typedef struct {
  ga_tensor *t;
  ga_scalar s;
  int ndims;
  const int64_t *dims;
} ga_fuse_operand;

/* The expression of op(a, b) with result class cls over shape (ndims, dims): the
 * operands' pending expressions are merged in (common subexpressions shared), so a
 * chain of operations becomes one kernel. Returns GA_ERR_UNSUPPORTED when the merged
 * expression would exceed the limits of one kernel; the caller materialises an operand
 * and tries again. */
ga_status ga_fuse_binary(ga_binop op, ga_class cls, ga_compute_mode mode, const ga_fuse_operand *a,
                         const ga_fuse_operand *b, int ndims, const int64_t *dims, ga_lazy **out);
ga_status ga_fuse_unary(ga_unop op, ga_class cls, const ga_fuse_operand *a, int ndims, const int64_t *dims,
                        ga_lazy **out);
ga_status ga_fuse_ternary(ga_terop op, ga_class cls, const ga_fuse_operand *a, const ga_fuse_operand *b,
                          const ga_fuse_operand *c, int ndims, const int64_t *dims, ga_lazy **out);
/* An empty expression over shape (ndims, dims); NULL when host memory runs out. */
ga_lazy *ga_lazy_new(int ndims, const int64_t *dims);
void ga_lazy_free(ga_lazy *lz);

/* An operand of an operation, resolved (ga_api.c): class and Octave shape, a device
 * operand's tensor (not referenced) or a host operand's data. A caller that uploads a
 * host array for the operation keeps that copy in t and sets temp. */
typedef struct {
  const ga_operand *o;
  ga_class cls;
  int ndims;
  int64_t dims[GA_MAX_DIMS];
  int64_t numel;
  ga_tensor *t;
  bool temp;
  const void *host;
} ga_resolved;
ga_status ga_operand_resolve(const ga_operand *o, ga_resolved *r);
/* ... leaving a pending product pending (elementwise operations: ga_handles_get_fusible) */
ga_status ga_operand_resolve_fusible(const ga_operand *o, ga_resolved *r);
/* Whether any element of the logical tensor flags (pending or not) is true: one fused
 * reduction, one byte read back (ga_api.c). */
ga_status ga_any_true(ga_tensor *flags, bool *found);

/* ---- residency: the size-class pool over provider buffers (ga_residency.c) ---------- */
#define GA_POOL_CLASSES 256
/* A pooled buffer is on its class's list (newest first) and on one list of every
 * pooled buffer by age, from which the oldest is evicted to make room. */
typedef struct ga_pool_entry {
  ga_pbuf buf;
  unsigned cls;
  struct ga_pool_entry *next, *prev;     /* its class's list */
  struct ga_pool_entry *older, *newer;   /* the age list */
} ga_pool_entry;

typedef struct {
  ga_pool_entry *free_lists[GA_POOL_CLASSES];
  ga_pool_entry *oldest, *newest;
  uint64_t bytes_pooled;
  uint64_t limit;
} ga_pool;

ga_status ga_buffer_acquire(size_t bytes, ga_pbuf *out);
void ga_buffer_release(ga_pbuf *buf);
void ga_pool_trim(void);   /* returns every pooled buffer to the provider */
size_t ga_pool_class_bytes(size_t bytes);

/* ---- the one process-wide context (ga_context.c) ------------------------------------- */
typedef struct {
  bool initialised;
  const ga_provider_ops *prov;
  void *pstate;
  int device_index;        /* 0-based */
  ga_device_info info;
  ga_handle_table handles;
  ga_pool pool;
  ga_stats stats;
  char errmsg[1024];
  char errid[64];          /* Octave's identifier of the last error, when it has its own */
  /* the random number stream (ga_rng.c): Philox key and the next unused counter block */
  uint64_t rng_seed;
  uint64_t rng_counter;
} ga_ctx;

extern ga_ctx ga_g;

/* ---- planner (ga_planner.c): runs an expression or a sum where it can ------------ */
ga_status ga_plan_elementwise(const ga_expr *x, ga_class out_cls, ga_pbuf *out);
/* t's pending expression run inside the kernel of the one pending product it reads
 * (an epilogue), storage acquired and the expression freed as ga_tensor_materialize
 * does; GA_ERR_UNSUPPORTED, t untouched, where it does not take that form or the
 * provider declines. */
ga_status ga_plan_epilogue(ga_tensor *t);
/* How input i of an epilogue's expression (m x n) lines up with the product: 0 whole,
 * 1 one value, 2 one per row (m x 1), 3 one per column (1 x n); -1 none of these. */
int ga_epilogue_input_kind(const ga_expr *x, int i);
/* Any number of dimensions: collapses, drops singletons, splits what the provider
 * cannot take in one go (ga_copy.c). */
ga_status ga_plan_copy(const ga_copy_desc *d);
ga_status ga_plan_reduce(const ga_reduce_desc *d);
/* Whether a strided view of base with this many elements stays pending, for its
 * consumers to read in place, rather than being copied out at once. */
/* Whether a view of base (nd dims, element strides; NULL: one element) stays pending for
 * its consumer to read in place, rather than being copied out now (ga_planner.c). */
bool ga_plan_view_pending(const ga_tensor *base, int nd, const int64_t *dims, const int64_t *strides);

/* ---- semantics shared by providers (ga_semantics.c) ---------------------------------- */
ga_status ga_binary_result_class(ga_binop op, ga_class a, ga_class b, ga_class *out);
ga_compute_mode ga_binary_compute_mode(ga_binop op, ga_class a, ga_class b, ga_class out);
ga_class ga_unary_result_class(ga_unop op, ga_class in, ga_class to);
bool ga_binop_is_comparison(ga_binop op);
bool ga_binop_is_logic(ga_binop op);    /* & | xor */
bool ga_binop_is_function(ga_binop op); /* atan2 .. bitshift, gammainc, gammaincinv: Octave's functions of two arrays */
bool ga_binop_is_gammainc(ga_binop op); /* gammainc's four tails */
bool ga_binop_is_gammaincinv(ga_binop op); /* gammaincinv's two tails, array and scalar forms */
/* gammainc (x, a) for x >= 0, tail 0..3 (lower, upper, scaledlower, scaledupper) as
 * Octave 7.3 computes it, in single arithmetic where single is set (ga_host_gammainc.c) */
double ga_host_gammainc(double x, double a, int tail, bool single);
/* v rounded to single where single is set (Octave's single steps, on the host) */
static inline double ga_round_if_single(double v, bool single) { return single ? (double)(float)v : v; }
/* gammaincinv (y, a) as Octave 7.3 computes it for 0 <= y <= 1, a > 0; mode: bit 0 the
 * upper tail, bit 1 a scalar's powers; NaN where Octave's steps leave the reals
 * (ga_host_gammaincinv.c) */
double ga_host_gammaincinv(double y, double a, int mode, bool single);
/* betainc (x, a, b) for 0 <= x <= 1, a > 0, b > 0 (or NaN), and betaincinv (y, a, b) for
 * 0 <= y <= 1, as Octave 7.3 computes them; tail 0 lower, 1 upper; betaincinv is NaN
 * where Octave's steps fail or leave the reals (ga_host_betainc.c) */
double ga_host_betainc(double x, double a, double b, int tail, bool single);
double ga_host_betaincinv(double y, double a, double b, int tail, bool single);
bool ga_terop_is_betaincinv(ga_terop op);
/* op of three values of class cls (double or single; single operands already rounded) */
double ga_host_ternary(ga_terop op, double a, double b, double c, bool single);
/* expint (x) for x >= 0, -0 and NaN as Octave 7.3 computes it (ga_host_expint.c) */
double ga_host_expint(double x, bool single);
bool ga_binop_is_bitwise(ga_binop op);  /* bitand, bitor, bitxor, bitshift */
bool ga_unop_is_function(ga_unop op);
/* The functions whose real input can give a complex result in Octave, and the test of
 * that input: true where the result would be complex. */
bool ga_unop_has_complex_domain(ga_unop op);
/* The elementary functions computed for complex arguments (the rest are Octave's
 * "not defined for complex" errors, or not written yet). */
bool ga_unop_complex_defined(ga_unop op);
double ga_host_unop_function(ga_unop op, double x);
float ga_host_unop_function_single(ga_unop op, float x);
/* Octave's erfcx (the Faddeeva package's), and its erf, erfc, erfcx of complex values
 * (ga_faddeeva.c); single: relerr = FLT_EPSILON, the result left for the caller to
 * round, as Octave does */
double ga_fad_erfcx(double x);
void ga_fad_complex(ga_unop op, double re, double im, bool single, double *ore, double *oim);
const char *ga_binop_symbol(ga_binop op); /* "+" */

/* ---- random numbers and index functions (ga_rng.c) ----------------------------------- */
/* Philox4x32-10 (Salmon et al., SC'11), as shaders/philox.glsl computes it. */
void ga_philox4x32_10(const uint32_t ctr[4], const uint32_t key[2], uint32_t out[4]);
/* Values of generator node n of x for elements k0 .. k0+len-1, exact in double (single
 * results already rounded to single). */
void ga_host_generate(const ga_expr *x, const ga_xnode *n, int64_t k0, int64_t len, double *out);
bool ga_xnode_is_generator(const ga_xnode *n);

#endif
