/* Error reporting: one message buffer in the context, an Octave identifier per status. */
#include "ga_internal.h"

#include <stdio.h>

ga_status ga_fail(ga_status st, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(ga_g.errmsg, sizeof ga_g.errmsg, fmt, ap);
  va_end(ap);
  ga_g.errid[0] = '\0';
  return st;
}

ga_status ga_fail_id(ga_status st, const char *id, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(ga_g.errmsg, sizeof ga_g.errmsg, fmt, ap);
  va_end(ap);
  snprintf(ga_g.errid, sizeof ga_g.errid, "%s", id);
  return st;
}

const char *ga_error_id(ga_status st)
{
  return ga_g.errid[0] ? ga_g.errid : ga_status_id(st);
}

const char *ga_last_error(void)
{
  return ga_g.errmsg;
}

const char *ga_status_id(ga_status st)
{
  switch (st) {
  case GA_OK: return "gpuarray:ok";
  case GA_ERR_ARG: return "gpuarray:invalidArgument";
  case GA_ERR_CLASS: return "gpuarray:invalidClass";
  case GA_ERR_NONCONFORMANT: return "gpuarray:nonconformant";
  case GA_ERR_OOM: return "gpuarray:outOfMemory";
  case GA_ERR_DEVICE_LOST: return "gpuarray:deviceLost";
  case GA_ERR_STALE: return "gpuarray:invalidHandle";
  case GA_ERR_UNSUPPORTED: return "gpuarray:unsupported";
  case GA_ERR_NO_DEVICE: return "gpuarray:noDevice";
  case GA_ERR_BACKEND: return "gpuarray:backend";
  case GA_ERR_INTERNAL: break;
  }
  return "gpuarray:internal";
}
