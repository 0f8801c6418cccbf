/* GLSL emitters for elementwise kernels: each writes one piece (a type, a packet load,
 * an operation, a store), and ga_glsl_elementwise composes them from an expression. */
#ifndef GA_GLSL_EMIT_H
#define GA_GLSL_EMIT_H

#include "ga_internal.h"
#include "ga_strbuf.h"

/* The GLSL type a node of this class computes in. */
const char *ga_glsl_type(ga_class c);
/* The suffix of the common library's functions for a class ("double", "int8", ...). */
const char *ga_glsl_suffix(ga_class c);
/* `T name[4]` holding elements 4p..4p+3 (or element 0 four times, when broadcast). */
void ga_glsl_emit_packet_load(ga_strbuf *b, const char *name, ga_class c, const char *addr, bool broadcast);
/* `T name` from a push-constant scalar's 64 bits. */
void ga_glsl_emit_scalar(ga_strbuf *b, const char *name, ga_class c, const char *bits);
/* The expression of a binary node over operand expressions a and b. */
void ga_glsl_emit_binary(ga_strbuf *b, const ga_xnode *n, ga_class ca, const char *a, ga_class cb,
                         const char *bexpr);
/* Whether generated kernels can compute this unary operation (else: the host). */
bool ga_glsl_unop_supported(ga_unop op);
bool ga_glsl_binop_supported(ga_binop op);
/* The expression of a unary node over operand expression a (of class ca). */
void ga_glsl_emit_unary(ga_strbuf *b, const ga_xnode *n, ga_class ca, const char *a);
/* Store `T name[4]` as elements 4p..4p+3 of class c. */
void ga_glsl_emit_packet_store(ga_strbuf *b, const char *name, ga_class c, const char *addr);

/* `precise T vJ = ...;` for every node of x, leaves read through input_fmt and
 * scalar_fmt (printf formats taking the slot number). The result is v<nnodes-1>. */
void ga_glsl_emit_nodes(ga_strbuf *b, const ga_expr *x, const char *indent, const char *input_fmt,
                        const char *scalar_fmt);
/* `T sK = ...;` for x's scalars, from push constants pc.sK. */
void ga_glsl_emit_scalar_slots(ga_strbuf *b, const ga_expr *x, const char *indent);
/* `T eI = element <index> of input I` (element 0 for broadcast inputs). */
void ga_glsl_emit_element_loads(ga_strbuf *b, const ga_expr *x, const char *index);
int ga_glsl_count_ops(const ga_expr *x);
/* `T ga_epilogue(T prod, uint row, uint col)`: x at element (row, col) of an m x n
 * product (pc.m rows), its input slot being prod and the others loaded from pc.inI at
 * the position ga_epilogue_input_kind gives; scalars from pc.sK. */
void ga_glsl_emit_epilogue(ga_strbuf *b, const ga_expr *x, int slot);

/* Implicit expansion inside a kernel: the output shape collapsed to at most three
 * dimensions (adjacent dimensions along which every input behaves alike merge), and
 * for each input one bit per collapsed dimension along which it repeats. */
#define GA_BCAST_DIMS 3
typedef struct {
  int ndims;
  uint64_t dims[GA_BCAST_DIMS];
  unsigned mask[GA_X_MAX_INPUTS];
  bool partial[GA_X_MAX_INPUTS]; /* repeats along some but not all dimensions */
  bool any_partial;
} ga_bcast;
/* False when the shapes need more than GA_BCAST_DIMS collapsed dimensions. */
bool ga_glsl_broadcast_plan(const ga_expr *x, ga_bcast *plan);

/* #version, the common library, and the math library when x calls it (x may be NULL). */
void ga_glsl_emit_prelude(ga_strbuf *b, const ga_expr *x);
/* ... for a kernel that itself computes with complex values: need 1 adds the complex
 * arithmetic, 2 also the complex functions (and the math library they call) */
void ga_glsl_emit_prelude_complex(ga_strbuf *b, const ga_expr *x, int need);
/* ... shared_tables: the math tables x's functions read at per-lane indices go to shared
 * memory (shaders/ga_math.glsl); the kernel defines GA_SHARED_TABLES where there are
 * any, and its main must then call ga_m_tables_load before any invocation leaves */
void ga_glsl_emit_prelude_tables(ga_strbuf *b, const ga_expr *x, int need, bool shared_tables);

/* The whole kernel for x (NULL on allocation failure) and its cache key. */
/* loop_lanes: the four elements of a thread in a loop the compiler keeps, not four
 * inlined copies (CPU devices: compile time; gammainc always); shared_tables: the math
 * library's tables read at per-lane indices are copied into shared memory first */
char *ga_glsl_elementwise(const ga_expr *x, ga_class out_cls, bool loop_lanes, bool shared_tables);
void ga_glsl_elementwise_key(const ga_expr *x, ga_class out_cls, char *key, size_t cap);
/* Whether the generator covers x (otherwise the planner runs it on the host). */
bool ga_glsl_elementwise_supported(const ga_expr *x, ga_class out_cls);

#endif
