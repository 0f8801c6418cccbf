/* The gateway's commands, one function each; gpuarray_mex.c dispatches to them. */
#ifndef GA_MEX_COMMANDS_H
#define GA_MEX_COMMANDS_H

#include "mex_util.h"

#define GA_MEX_COMMAND(name) void name(int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
GA_MEX_COMMAND(ga_mex_upload);
GA_MEX_COMMAND(ga_mex_download);
GA_MEX_COMMAND(ga_mex_fill);
GA_MEX_COMMAND(ga_mex_release);
GA_MEX_COMMAND(ga_mex_describe_cmd);
GA_MEX_COMMAND(ga_mex_valid);
GA_MEX_COMMAND(ga_mex_iscomplex);
GA_MEX_COMMAND(ga_mex_binary);
GA_MEX_COMMAND(ga_mex_bitshift);
GA_MEX_COMMAND(ga_mex_ternary); /* betainc, betaincinv */
GA_MEX_COMMAND(ga_mex_sum);
GA_MEX_COMMAND(ga_mex_reduce);
GA_MEX_COMMAND(ga_mex_scan);
GA_MEX_COMMAND(ga_mex_sort);
GA_MEX_COMMAND(ga_mex_unary);
GA_MEX_COMMAND(ga_mex_device);
GA_MEX_COMMAND(ga_mex_device_count);
GA_MEX_COMMAND(ga_mex_reset);
GA_MEX_COMMAND(ga_mex_wait);
GA_MEX_COMMAND(ga_mex_stats);
GA_MEX_COMMAND(ga_mex_stats_reset);
GA_MEX_COMMAND(ga_mex_host_fallback);
GA_MEX_COMMAND(ga_mex_create); /* mex_random.c: random numbers, eye, linspace, colon */
/* mex_index.c: indexing and array manipulation */
GA_MEX_COMMAND(ga_mex_subsref);
GA_MEX_COMMAND(ga_mex_subsasgn);
GA_MEX_COMMAND(ga_mex_subsdelete);
GA_MEX_COMMAND(ga_mex_reshape);
GA_MEX_COMMAND(ga_mex_typecast);
GA_MEX_COMMAND(ga_mex_permute);
GA_MEX_COMMAND(ga_mex_cat);
GA_MEX_COMMAND(ga_mex_repmat);
GA_MEX_COMMAND(ga_mex_circshift);
GA_MEX_COMMAND(ga_mex_flip);
GA_MEX_COMMAND(ga_mex_find);
GA_MEX_COMMAND(ga_mex_mtimes);     /* mex_linalg.c: matrix products */
GA_MEX_COMMAND(ga_mex_pagemtimes); /* mex_linalg.c */
GA_MEX_COMMAND(ga_mex_linalg);     /* mex_solve.c: mldivide, inv, det, lu, chol */

#endif
