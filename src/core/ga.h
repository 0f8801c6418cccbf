/* gpuarray core: the public API.
 *
 * Everything outside src/core (the MEX gateway, the unit tests) talks to the core
 * through this header only. The core holds one process-wide state; every function
 * initialises it on first use. Functions return a ga_status; on failure the message
 * is available from ga_last_error() and the Octave identifier from ga_status_id(). */
#ifndef GA_H
#define GA_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
  GA_OK = 0,
  GA_ERR_ARG,           /* bad argument (programming error or user input) */
  GA_ERR_CLASS,         /* operation not defined for these classes */
  GA_ERR_NONCONFORMANT, /* shapes do not agree */
  GA_ERR_OOM,           /* device or host memory exhausted */
  GA_ERR_DEVICE_LOST,   /* the device stopped answering; reset(gpuDevice) */
  GA_ERR_STALE,         /* handle freed or invalidated by a reset */
  GA_ERR_UNSUPPORTED,   /* the provider cannot do this (the planner falls back) */
  GA_ERR_NO_DEVICE,     /* no such device */
  GA_ERR_BACKEND,       /* Vulkan or shader compiler failure */
  GA_ERR_INTERNAL
} ga_status;

/* Octave's numeric classes, in the order used by every table in the core. */
typedef enum {
  GA_DOUBLE = 0,
  GA_SINGLE,
  GA_INT8,
  GA_UINT8,
  GA_INT16,
  GA_UINT16,
  GA_INT32,
  GA_UINT32,
  GA_INT64,
  GA_UINT64,
  GA_LOGICAL,
  /* complex values: interleaved (re, im) pairs of the real part's class. Octave calls
   * them class double and single and tells them apart with iscomplex. */
  GA_CDOUBLE,
  GA_CSINGLE,
  GA_NCLASSES
} ga_class;

#define GA_MAX_DIMS 32

/* An opaque reference to a value held by the core: a slot index plus the generation of
 * the handle table it was issued in, so ids from before a reset are recognised. */
typedef uint64_t ga_id;

typedef enum {
  GA_OP_PLUS = 0, GA_OP_MINUS, GA_OP_TIMES, GA_OP_RDIVIDE, GA_OP_POWER,
  GA_OP_EQ, GA_OP_NE, GA_OP_LT, GA_OP_LE, GA_OP_GT, GA_OP_GE, /* logical results */
  GA_OP_AND, GA_OP_OR, GA_OP_XOR,                              /* on logical values */
  /* functions of two arrays (appended: the ranges above stay as they were) */
  GA_OP_ATAN2, GA_OP_HYPOT,                                    /* floating results */
  GA_OP_MOD, GA_OP_REM,
  GA_OP_MAX, GA_OP_MIN,                                        /* max (x, y), min (x, y) */
  GA_OP_BITAND, GA_OP_BITOR, GA_OP_BITXOR, GA_OP_BITSHIFT,
  GA_OP_COMPLEX,                                               /* complex (re, im) */
  /* appended: gammainc (x, a, tail), a tail each (gammainc.m's order) */
  GA_OP_GAMMAINC, GA_OP_GAMMAINC_UPPER, GA_OP_GAMMAINC_SCALEDLOWER, GA_OP_GAMMAINC_SCALEDUPPER,
  /* appended: gammaincinv (y, a, tail): the lower and upper tails, each with the powers
   * Octave takes of arrays or (_SCALAR, one element each) of scalars */
  GA_OP_GAMMAINCINV, GA_OP_GAMMAINCINV_UPPER, GA_OP_GAMMAINCINV_SCALAR, GA_OP_GAMMAINCINV_UPPER_SCALAR,
  GA_NBINOPS
} ga_binop;

typedef enum {
  GA_UOP_NEG = 0, GA_UOP_NOT, GA_UOP_ABS, GA_UOP_SIGN, GA_UOP_FLOOR, GA_UOP_CEIL, GA_UOP_ROUND, GA_UOP_FIX,
  GA_UOP_ISNAN, GA_UOP_ISINF, GA_UOP_ISFINITE,
  GA_UOP_CAST, /* to the class given: double (x), int8 (x), logical (x), ... */
  /* elementary functions: double results for integer and logical inputs */
  GA_UOP_SQRT, GA_UOP_EXP, GA_UOP_EXPM1, GA_UOP_LOG, GA_UOP_LOG2, GA_UOP_LOG10, GA_UOP_LOG1P,
  GA_UOP_SIN, GA_UOP_COS, GA_UOP_TAN, GA_UOP_ASIN, GA_UOP_ACOS, GA_UOP_ATAN,
  GA_UOP_SINH, GA_UOP_COSH, GA_UOP_TANH, GA_UOP_ASINH, GA_UOP_ACOSH, GA_UOP_ATANH,
  GA_UOP_CBRT, GA_UOP_ERF, GA_UOP_ERFC, GA_UOP_GAMMA, GA_UOP_LGAMMA,
  /* appended: elementary functions (as those above) and signbit (a logical result) */
  GA_UOP_ERFINV, GA_UOP_ERFCINV, GA_UOP_SIGNBIT,
  /* appended: the parts of complex values (real results), and conj */
  GA_UOP_REAL, GA_UOP_IMAG, GA_UOP_ANGLE, GA_UOP_CONJ,
  /* appended: elementary functions (as those above) */
  GA_UOP_ERFCX, GA_UOP_PSI,
  /* appended: expint (x), as the functions above */
  GA_UOP_EXPINT,
  /* appended: eps (x), the spacing of floating values at x (a real result) */
  GA_UOP_EPS,
  /* appended: [f, e] = log2 (x), frexp's significand and exponent as two unary nodes */
  GA_UOP_FREXP_SIG, GA_UOP_FREXP_EXP,
  GA_NUNOPS
} ga_unop;

/* Functions of three arrays, a tail each: betainc (x, a, b, tail) and betaincinv (y, a, b,
 * tail) as Octave 7.3 computes them. */
typedef enum {
  GA_TOP_BETAINC = 0, GA_TOP_BETAINC_UPPER, GA_TOP_BETAINCINV, GA_TOP_BETAINCINV_UPPER,
  GA_NTEROPS
} ga_terop;

/* An operand of an operation: a value held by the core, or an array in host memory
 * (column-major, Octave's layout) that the planner uploads or passes as a scalar. */
typedef struct {
  int is_host;
  ga_id id;          /* when !is_host */
  ga_class cls;      /* when is_host */
  int ndims;         /* when is_host */
  const int64_t *dims;
  const void *data;
} ga_operand;

typedef enum { GA_SUM_DEFAULT = 0, GA_SUM_NATIVE, GA_SUM_DOUBLE } ga_sum_type;

typedef enum { GA_RED_SUM = 0, GA_RED_PROD, GA_RED_MAX, GA_RED_MIN, GA_RED_ANY, GA_RED_ALL, GA_NREDUCE } ga_reduce_op;

typedef struct {
  char name[256];
  char provider[16];      /* "vulkan" or "host" */
  int index;              /* 1-based, as gpuDevice reports it */
  int device_count;
  char driver_version[64];
  char api_version[32];
  char device_type[24];   /* "discrete", "integrated", "cpu", "virtual", "other" */
  int supports_double;
  int supports_int64;
  uint64_t total_memory;
  uint64_t available_memory;
  int multiprocessor_count; /* 0 where the driver does not say */
  int max_threads_per_block;
  uint64_t max_shmem_per_block;
  uint64_t max_allocation;
  uint64_t max_storage_buffer_range;
  int subgroup_size;
  int preserves_subnormals_single; /* else single-precision subnormals are flushed to zero */
  int preserves_subnormals_double;
  char uuid[40];
} ga_device_info;

typedef struct {
  uint64_t dispatches;          /* kernels launched */
  uint64_t submits;             /* queue submissions */
  uint64_t kernels_compiled;    /* GLSL -> SPIR-V -> pipeline, cold */
  uint64_t kernel_cache_hits;   /* pipelines found in the in-memory cache */
  uint64_t disk_cache_hits;     /* kernels loaded from the on-disk cache, not compiled */
  uint64_t bytes_uploaded;
  uint64_t bytes_downloaded;
  uint64_t host_fallbacks;      /* operations the planner ran on the host */
  uint64_t fused_ops;           /* operations computed inside dispatched kernels */
  uint64_t materializations;    /* pending expressions evaluated into storage */
  uint64_t pool_hits;           /* buffer requests served from the size-class pool */
  uint64_t pool_misses;         /* buffer requests that allocated device memory */
  uint64_t pool_evictions;      /* pooled buffers freed to make room for newer ones */
  uint64_t bytes_in_use;        /* bytes held by live tensors */
  uint64_t bytes_pooled;        /* bytes cached in the pool, free for reuse */
  uint64_t live_tensors;
  uint64_t validation_messages; /* Vulkan validation layer messages (when enabled) */
  uint64_t gpu_time_ns;         /* device time of finished submissions (timestamp queries) */
  uint64_t assign_in_place;     /* A(I) = X written into the storage of the old A */
  uint64_t assign_copies;       /* A(I) = X that copied all of A first (another value still sees A) */
  uint64_t waits;               /* times the host waited for unfinished device work (round trips) */
  uint64_t gemm_tunings;        /* GEMM autotuning runs (their own dispatches and time are not counted above) */
  uint64_t gemm_epilogues;      /* matrix products whose elementwise consumer ran in their own kernel */
  /* Host wall time, to see where a call's time goes besides the device's: */
  uint64_t host_sync_ns;        /* in ga_synchronize (wait (gpuDevice)): evaluation, submission, waiting */
  uint64_t host_submit_ns;      /* in vkQueueSubmit */
  uint64_t host_wait_ns;        /* waiting for the device's work to finish */
} ga_stats;

/* Lifecycle. ga_init is idempotent and is called by every function below. */
ga_status ga_init(void);
void ga_shutdown(void);
/* Frees every value and cached buffer; ids issued before become stale.
 * device_index: 1-based device to use afterwards, or 0 for the current one. */
ga_status ga_reset(int device_index);
ga_status ga_synchronize(void);

const char *ga_last_error(void);
const char *ga_status_id(ga_status st);
/* The identifier of the last error: Octave's own where the error is one Octave raises
 * itself (indexing: "Octave:index-out-of-bounds", ...), else ga_status_id (st). */
const char *ga_error_id(ga_status st);

/* Values. */
ga_status ga_upload(ga_class cls, int ndims, const int64_t *dims, const void *data, ga_id *out);
ga_status ga_download(ga_id id, void *dst, size_t bytes);
ga_status ga_describe(ga_id id, ga_class *cls, int *ndims, int64_t *dims);
/* Octave narrows a complex result whose imaginary parts are all zero to a real one;
 * here that check waits until something depends on it. ga_settle runs it (evaluating
 * a pending value) and reports whether id's value is complex: ga_describe reports the
 * settled class afterwards. */
ga_status ga_settle(ga_id id, int *is_complex);
ga_status ga_retain(ga_id id);
ga_status ga_release(ga_id id);
int ga_is_valid(ga_id id);

/* An array of one value (zeros, ones, Inf, NaN, true, false): pending, so it costs no
 * memory until needed and fuses with what it meets. value is converted to cls. */
ga_status ga_fill(ga_class cls, int ndims, const int64_t *dims, double value, ga_id *out);

/* ---- arrays born on the device (ga_rng.c): pending, like ga_fill ----------------------
 * Random numbers come from Philox4x32-10 keyed by the seed; element i of a draw is a
 * function of (seed, counter base, i) alone, so every provider gives the same numbers and
 * the draws fuse with their consumers. Each draw advances the process-wide counter by
 * the Philox blocks it used. */
typedef enum { GA_RAND_UNIFORM = 0, GA_RAND_NORMAL, GA_RAND_INTEGER } ga_rand_dist;
/* uniform on (0,1) or standard normal (cls double or single), or integers lo..hi
 * (hi - lo < 2^53, values exact in cls). */
ga_status ga_random(ga_rand_dist dist, ga_class cls, int ndims, const int64_t *dims, double lo, double hi,
                    ga_id *out);
/* randperm (n, k): 1 x k doubles, k distinct values of 1..n (n < 2^32). */
ga_status ga_randperm(int64_t n, int64_t k, ga_id *out);
ga_status ga_rng_get(uint64_t *seed, uint64_t *counter);
ga_status ga_rng_set(uint64_t seed, uint64_t counter);
/* Philox words for the known-answer tests: n uint32, element i word i%4 of the block
 * whose counter words 0-1 are ctr01 + i/4 (64-bit) and 2-3 are ctr23. */
ga_status ga_rng_raw(uint64_t key, uint64_t ctr01, uint64_t ctr23, int64_t n, ga_id *out);
/* eye (m, n) of class cls; linspace (x1, x2, n) of class double or single; the range
 * base:inc:limit of n elements whose last is final_value (as Octave's range computes
 * them), class double or single. */
ga_status ga_eye(ga_class cls, int64_t m, int64_t n, ga_id *out);
ga_status ga_linspace(ga_class cls, double x1, double x2, int64_t n, ga_id *out);
ga_status ga_range(ga_class cls, double base, double inc, double final_value, int64_t n, ga_id *out);

/* Operations. Result classes, saturation and rounding follow Octave 7. */
ga_status ga_binary(ga_binop op, const ga_operand *a, const ga_operand *b, ga_id *out);
/* op (a, b, c) elementwise, fused with pending operands: real double or single operands
 * (the result is single where any is single, the others rounded to single as Octave's
 * single () rounds them), shapes broadcast as Octave's implicit expansion (the callers
 * check Octave's own rules first). betainc takes 0 <= x <= 1, a > 0, b > 0; betaincinv
 * 0 <= y <= 1, and answers NaN where Octave's steps fail (ga_host_betainc.c): callers
 * check the ranges and hand such answers to Octave. */
ga_status ga_ternary(ga_terop op, const ga_operand *a, const ga_operand *b, const ga_operand *c, ga_id *out);
/* Octave's bitshift (A, K, N): bitshift (A, K) with its bits outside mask cleared; mask,
 * a host scalar of the result's class, holds N's bits as Octave's bitshift (ONES, 0, N)
 * gives them (integers: the low N bits and the sign bit; floating values: the low N
 * bits of the magnitude, the sign kept) */
ga_status ga_bitshift_masked(const ga_operand *a, const ga_operand *k, const ga_operand *mask, ga_id *out);
/* Unary operations with Octave's classes; to is the target class of GA_UOP_CAST. */
ga_status ga_unary(ga_unop op, ga_id id, ga_class to, ga_id *out);
/* dim is 1-based; 0 means the first non-singleton dimension. */
ga_status ga_sum(ga_id id, int dim, ga_sum_type type, ga_id *out);
/* Reductions as Octave's sum, prod, max, min, any, all: classes, NaN rules (max/min
 * ignore NaN, the first extremum wins ties), empty shapes. type applies to sum and
 * prod. For max/min, index (may be NULL) receives the 1-based positions (double). */
ga_status ga_reduce(ga_reduce_op op, ga_id id, int dim, ga_sum_type type, ga_id *out, ga_id *index);
/* The same over the adjacent dimensions dim..dim_last (1-based; beyond ndims they are
 * singletons), as one reduction: sum (x, 'all') is dim 1 to ndims. For max/min the
 * positions count within the reduced block (linear indices when dim is 1). */
ga_status ga_reduce_dims(ga_reduce_op op, ga_id id, int dim, int dim_last, ga_sum_type type, ga_id *out,
                         ga_id *index);

/* ---- indexing and array manipulation (ga_index.c, ga_layout.c) ---------------------
 * One subscript of A(I1, I2, ...): a colon, or an index array held on the host or the
 * device: positive integers (1-based, any numeric class) or a logical mask. Results,
 * shapes, resizing and error messages are Octave's. */
typedef enum { GA_INDEX_COLON = 0, GA_INDEX_HOST, GA_INDEX_GPU, GA_INDEX_RANGE } ga_index_kind;
typedef struct {
  ga_index_kind kind;
  ga_class cls;         /* GA_INDEX_HOST */
  int ndims;
  const int64_t *dims;
  const void *data;
  ga_id id;             /* GA_INDEX_GPU */
  /* GA_INDEX_RANGE: the row first, first + step, ... of count >= 1 positions (1-based,
   * step != 0), all of them >= 1: Octave's range a:s:b without its values */
  int64_t first, step, count;
} ga_index;

/* A(idx{:}) */
ga_status ga_subsref(ga_id a, int nidx, const ga_index *idx, ga_id *out);
/* A(idx{:}) = value: a new value (applied lazily, in A's storage when nothing else can
 * see A any more, so a loop of assignments does not copy the array each time). The
 * result keeps A's class (Octave's rule; logical A with a single value becomes double). */
ga_status ga_subsasgn(ga_id a, int nidx, const ga_index *idx, const ga_operand *value, ga_id *out);
/* A(idx{:}) = []. contiguous: the one subscript is a range, a scalar or a contiguous
 * mask (Octave then keeps a row where an index array gives a column; the caller knows,
 * the values do not tell) */
ga_status ga_subsdelete(ga_id a, int nidx, const ga_index *idx, int contiguous, ga_id *out);
/* find (A): the 1-based linear positions of A's nonzeros (NaN counts) as a column of
 * doubles, found on the device */
ga_status ga_find(ga_id a, ga_id *out);
/* reshape: the same storage under another shape (no copy) */
ga_status ga_reshape(ga_id a, int ndims, const int64_t *dims, ga_id *out);
/* typecast (A, cls): A's bytes (complex parts interleaved) read as cls, a real numeric
 * class, with Octave's shape (a row from a row, 0x0 from 0x0, else a column) and
 * messages; shares A's storage where A is stored whole */
ga_status ga_typecast(ga_id a, ga_class cls, ga_id *out);
/* cumsum (GA_SCAN_SUM) and cumprod (GA_SCAN_PROD) along dimension dim (0-based; -1: the
 * first of extent other than 1; past the last, every element is its own line), the
 * result of out_cls: double or single (any real input, converted element by element),
 * the input's own integer or logical class (Octave's "native": saturating sums, logical
 * ones or-ed), complex double or single for complex input. Each line accumulates in
 * order from its first element, in out_cls's arithmetic. cummax and cummin (GA_SCAN_MAX,
 * GA_SCAN_MIN) keep the class (out_cls is a's) and, where out_index is not NULL, give
 * the 1-based positions (double) of the extrema so far: the first of equal ones; NaN
 * only while every element so far is NaN (complex values by abs, then arg). */
typedef enum { GA_SCAN_SUM, GA_SCAN_PROD, GA_SCAN_MAX, GA_SCAN_MIN } ga_scan_op;
ga_status ga_scan(ga_scan_op op, ga_id a, int dim, ga_class out_cls, ga_id *out, ga_id *out_index);
/* sort (A, dim, mode) for real numeric and logical A: each line along dimension dim
 * (0-based; -1: the first of extent other than 1; past the last, every element is its
 * own line) in ascending (descend 0) or descending order, stable (equal elements
 * keep their order, -0 equal to +0), NaN last ascending and first descending; out_index
 * (may be NULL) receives the elements' 1-based positions in their lines (double).
 * Complex A: GA_ERR_ARG. */
ga_status ga_sort(ga_id a, int dim, int descend, ga_id *out, ga_id *out_index);
/* permute (A, perm), or ipermute when inverse: perm holds 0-based dimensions, a
 * permutation of 0..nperm-1 */
ga_status ga_permute(ga_id a, int nperm, const int *perm, int inverse, ga_id *out);
/* cat (dim, parts{:}) (dim 1-based), with Octave's class rules. bracket: the rules
 * and messages of [a, b] and [a; b] (horzcat, vertcat: 1x0 and 0x1 operands are
 * skipped too); else cat's (only 0x0 operands are skipped). */
ga_status ga_cat(int dim, int bracket, int nparts, const ga_operand *parts, ga_id *out);
/* repmat (A, reps) over nreps dimensions */
ga_status ga_repmat(ga_id a, int nreps, const int64_t *reps, ga_id *out);
/* circshift (A, shifts) over nshifts dimensions (shift k moves element i to i + k) */
ga_status ga_circshift(ga_id a, int nshifts, const int64_t *shifts, ga_id *out);
/* flip (A, dim), dim 1-based */
ga_status ga_flip(ga_id a, int dim, ga_id *out);
/* ---- matrix products (ga_gemm.c) ---------------------------------------------------
 * C = op(A) * op(B), Octave's `*`, where op is the transpose for a set trans_* flag (no
 * transpose is made). Operands of more than two dimensions are read as Octave reads
 * them, with dimensions 2 and up folded into the columns (a transposed one must be 2-D).
 * Classes: double, single and logical give double, or single when either operand is
 * single; integer matrices are refused as Octave refuses them. A scalar operand (without
 * a transpose of the other one) gives the elementwise product, with its classes. Pending
 * operands are evaluated first. Single products may flush subnormals on devices that do
 * (doc/manual.md). */
ga_status ga_mtimes(const ga_operand *a, int trans_a, const ga_operand *b, int trans_b, ga_id *out);
/* pagemtimes: the products of the pages (dimensions 3 and up) of A and B, page by page;
 * a page dimension of 1 on one side is broadcast against the other's. */
ga_status ga_pagemtimes(const ga_operand *a, int trans_a, const ga_operand *b, int trans_b, ga_id *out);

/* ---- dense linear algebra (ga_solve.c) ---------------------------------------------
 * Double and single matrices (single when either operand is single), real on the device;
 * complex ones (either operand) on the host (ga_solve_complex.c), except a real A with a
 * complex B, solved on the device as one real system; integer operands are refused as
 * Octave refuses them. What Octave warns about comes back in a
 * ga_solve_info for the caller to raise (the core never prints): singular (rcond 0 or
 * an exactly zero pivot: "matrix singular to machine precision", Octave:singular-matrix)
 * or nearly singular (rcond + 1 == 1 in the class: the same text with ", rcond = %g",
 * Octave:nearly-singular-matrix). rcond is a 1-norm estimate (LAPACK's dlacn2 method):
 * its solves run on the device, only n-vectors travel. */
typedef enum { GA_SOLVE_OK = 0, GA_SOLVE_SINGULAR, GA_SOLVE_NEARLY_SINGULAR } ga_solve_cond;
typedef struct {
  ga_solve_cond cond;
  double rcond; /* NaN where none was estimated */
} ga_solve_info;
/* A \ B (info may be NULL). Square A: Octave's matrix-type choice (triangular, Cholesky
 * falling back to LU, LU with partial pivoting), blocked on the device. Rectangular or
 * exactly singular A: the minimum-norm least-squares solution, computed on the host. */
ga_status ga_mldivide(const ga_operand *a, const ga_operand *b, ga_id *out, ga_solve_info *info);
/* inv (A): all Inf for a singular A, as Octave gives */
ga_status ga_inv(ga_id a, ga_id *out, ga_solve_info *info);
/* det (A): a 1 x 1 value of A's class, from the LU factors */
ga_status ga_det(ga_id a, ga_id *out);
/* P A = L U for m x n A: packed receives L (unit lower, below the diagonal) and U (upper)
 * in one m x n array, perm the 1 x m row order (1-based doubles: P A = A(perm, :)); info
 * the 1-based column of the first zero pivot, 0 if none */
ga_status ga_lu(ga_id a, ga_id *packed, ga_id *perm, int64_t *info);
/* Cholesky of the upper triangle of A (read as symmetric): out holds L = R' in its lower
 * triangle (the rest unspecified); info is 0, or the 1-based column whose pivot was not
 * positive (then only the leading info-1 columns are factored) */
ga_status ga_chol(ga_id a, ga_id *out, int64_t *info);
/* QR of an m x n matrix (ga_qr.c), Octave 7's forms: GA_QR_RAW gives in x what Octave's
 * X = qr (A) gives (LAPACK's geqrf output, R in the upper triangle, the Householder
 * vectors below it times their tau); GA_QR_FULL gives Q (m x m) in q and R (m x n) in x;
 * GA_QR_ECON Q (m x min (m, n)) and R (min (m, n) x n). q may be NULL (R only). With perm
 * not NULL the QR is column-pivoted as LAPACK's geqp3 (A P = Q R) and perm receives the
 * 1 x n column order (1-based, of A's real class, as Octave's order vector). Real matrices are factored by a blocked
 * Householder QR whose updates are device products; complex ones, and the pivoted QR's
 * factorisation, on the host. */
typedef enum { GA_QR_RAW, GA_QR_FULL, GA_QR_ECON } ga_qr_form;
ga_status ga_qr(ga_id a, ga_qr_form form, ga_id *x, ga_id *q, ga_id *perm);

/* ---- singular value decomposition (ga_svd.c) ----------------------------------------
 * One-sided Jacobi on the device for double and single matrices (integers are refused:
 * callers convert). s receives the min(m,n) x 1 singular values, descending. With
 * GA_SVD_VECTORS, u, S, v receive A = U S V' (U m x m, S m x n, V n x n; with
 * GA_SVD_ECON U m x k, S k x k, V n x k, k = min(m,n)). Inf or NaN in A is Octave's
 * error, or with GA_SVD_NONFINITE_NAN (values only) all-NaN singular values, as
 * norm gives them. */
#define GA_SVD_VECTORS 1
#define GA_SVD_ECON 2
#define GA_SVD_NONFINITE_NAN 4
ga_status ga_svd(ga_id a, int flags, ga_id *s, ga_id *u, ga_id *S, ga_id *v);

/* Devices and telemetry. */
ga_status ga_device_count(int *count);
ga_status ga_get_device_info(ga_device_info *info);
ga_status ga_get_stats(ga_stats *stats);
void ga_reset_stats(void);
/* One operation the caller ran on the host for want of a device kernel (an Octave
 * function on gathered values): counted in host_fallbacks beside the planner's own */
void ga_note_host_fallback(void);
/* GEMM variants of the Vulkan provider (diagnostics, tuning): the name of the i-th
 * candidate of class cls (GA_SINGLE or GA_DOUBLE; NULL past the last), and of the
 * variant the last tiled product of cls ran ("" before any, or off Vulkan). A name can be
 * forced with GPUARRAY_GEMM_TILE. */
const char *ga_gemm_candidate(ga_class cls, int i);
const char *ga_gemm_variant(ga_class cls);
/* 1 where the Vulkan device in use takes the variant called name (its shared memory and
 * workgroup limits); 0 off Vulkan or for a name the kernel cannot take. */
int ga_gemm_variant_fits(ga_class cls, const char *name);

/* Operation names as the gateway spells them ("plus", "uminus", "sum", ...). */
const char *ga_binop_name(ga_binop op);
const char *ga_unop_name(ga_unop op);
const char *ga_terop_name(ga_terop op); /* "betainc", "betainc_upper", "betaincinv", "betaincinv_upper" */
const char *ga_reduce_name(ga_reduce_op op);

/* Class helpers. */
const char *ga_class_name(ga_class cls);
int ga_class_from_name(const char *name, ga_class *cls);
size_t ga_class_size(ga_class cls);
int ga_class_is_complex(ga_class cls);
ga_class ga_class_real_part(ga_class cls);    /* double for complex double, ... */
ga_class ga_class_complex_of(ga_class cls);   /* complex double for double, ... */

#ifdef __cplusplus
}
#endif
#endif
