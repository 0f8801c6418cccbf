/* The one MEX gateway, __gpuarray__ (command, ...): every Octave entry point reaches the
 * core through it, so the core's one state is shared however many functions call in.
 * Checks the command name, then hands the remaining arguments to its handler. */
#include "mex_commands.h"

#include <stdlib.h>
#include <string.h>

static const struct {
  const char *name;
  ga_mex_handler fn;
} commands[] = { /* sorted by name, for bsearch */
  {"binary", ga_mex_binary},  {"bitshift", ga_mex_bitshift},
  {"cat", ga_mex_cat},         {"circshift", ga_mex_circshift},
  {"create", ga_mex_create},
  {"describe", ga_mex_describe_cmd}, {"device", ga_mex_device},
  {"device_count", ga_mex_device_count}, {"download", ga_mex_download},
  {"fill", ga_mex_fill},       {"find", ga_mex_find},             {"flip", ga_mex_flip},
  {"host_fallback", ga_mex_host_fallback},
  {"iscomplex", ga_mex_iscomplex},
  {"linalg", ga_mex_linalg},
  {"mtimes", ga_mex_mtimes},   {"pagemtimes", ga_mex_pagemtimes}, {"permute", ga_mex_permute},
  {"reduce", ga_mex_reduce},   {"release", ga_mex_release},
  {"repmat", ga_mex_repmat},   {"reset", ga_mex_reset},           {"reshape", ga_mex_reshape},
  {"scan", ga_mex_scan},
  {"sort", ga_mex_sort},
  {"stats", ga_mex_stats},     {"stats_reset", ga_mex_stats_reset},
  {"subsasgn", ga_mex_subsasgn}, {"subsdelete", ga_mex_subsdelete}, {"subsref", ga_mex_subsref},
  {"sum", ga_mex_sum},         {"ternary", ga_mex_ternary},       {"typecast", ga_mex_typecast},
  {"unary", ga_mex_unary},     {"upload", ga_mex_upload},
  {"valid", ga_mex_valid},
  {"wait", ga_mex_wait},
};

static int by_name(const void *key, const void *entry)
{
  return strcmp(key, *(const char *const *)entry);
}

static void at_exit(void)
{
  ga_shutdown();
}

void mexFunction(int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  static int registered;
  if (!registered) {
    mexAtExit(at_exit); /* `clear mex` and Octave's exit free the device */
    registered = 1;
  }
  char cmd[32];
  if (nrhs < 1)
    ga_mex_error("gpuarray:invalidArgument", "__gpuarray__: a command name is required");
  ga_mex_get_string(prhs[0], "__gpuarray__", cmd, sizeof cmd);
  const void *hit = bsearch(cmd, commands, sizeof commands / sizeof commands[0], sizeof commands[0], by_name);
  if (!hit)
    ga_mex_error("gpuarray:invalidArgument", "__gpuarray__: unknown command '%s'", cmd);
  ga_mex_handler fn = ((const __typeof__(commands[0]) *)hit)->fn;
  fn(nlhs, plhs, nrhs - 1, prhs + 1);
}
