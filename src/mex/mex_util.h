/* Shared by the MEX command handlers: argument checks, conversions between mxArray
 * and the core's types, and error reporting. No state lives here. */
#ifndef GA_MEX_UTIL_H
#define GA_MEX_UTIL_H

#include "ga.h"
#include "mex.h"

#include <stdbool.h>

typedef void (*ga_mex_handler)(int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[]);

/* Raise an Octave error from a core status (does not return). */
void ga_mex_raise(ga_status st);
/* Raise an Octave error with an identifier and a message (does not return). */
void ga_mex_error(const char *id, const char *fmt, ...) __attribute__((format(printf, 2, 3), noreturn));

void ga_mex_nargs(const char *cmd, int nrhs, int min, int max, int nlhs, int max_out);
/* A gpuArray object (its handle is read from it) */
bool ga_mex_is_gpuarray(const mxArray *a);
ga_id ga_mex_get_id(const mxArray *a, const char *what);
mxArray *ga_mex_make_id(ga_id id);
/* The value's class name and size row vector, as gpuArray keeps them. */
void ga_mex_describe(ga_id id, mxArray **cls, mxArray **sz);
int ga_mex_get_int(const mxArray *a, const char *what);
/* Copies a char row vector into buf; raises when it is not one. */
void ga_mex_get_string(const mxArray *a, const char *what, char *buf, size_t cap);
int ga_mex_class_of(const mxArray *a, ga_class *cls); /* 0 when not a class we hold */
/* The elements of a host array, the way the core reads them (see mex_util.c for why
 * this is not plain mxGetData). */
const void *ga_mex_host_data(const mxArray *a);
mxClassID ga_mex_class_id(ga_class cls);
/* An operand: a gpuArray (is_gpu: the caller's flag, or NULL to tell by class) or a
 * real dense host array; dims receives a host array's shape. */
void ga_mex_operand(const mxArray *a, const mxArray *is_gpu, ga_operand *o, int64_t *dims, const char *fn);

#endif
