/* Octave's numeric classes: names, sizes, ranges, and exact scalars. */
#include "ga_internal.h"

#include <string.h>

static const struct {
  const char *name;
  size_t size;
} class_table[GA_NCLASSES] = {
  [GA_DOUBLE] = {"double", 8}, [GA_SINGLE] = {"single", 4}, [GA_INT8] = {"int8", 1},
  [GA_UINT8] = {"uint8", 1},   [GA_INT16] = {"int16", 2},   [GA_UINT16] = {"uint16", 2},
  [GA_INT32] = {"int32", 4},   [GA_UINT32] = {"uint32", 4}, [GA_INT64] = {"int64", 8},
  [GA_UINT64] = {"uint64", 8}, [GA_LOGICAL] = {"logical", 1},
  [GA_CDOUBLE] = {"complex double", 16}, [GA_CSINGLE] = {"complex single", 8},
};

const char *ga_class_name(ga_class cls)
{
  return (unsigned)cls < GA_NCLASSES ? class_table[cls].name : "unknown";
}

int ga_class_from_name(const char *name, ga_class *cls)
{
  for (int c = 0; c < GA_NCLASSES; c++)
    if (strcmp(name, class_table[c].name) == 0) {
      *cls = (ga_class)c;
      return 1;
    }
  return 0;
}

size_t ga_class_size(ga_class cls)
{
  return (unsigned)cls < GA_NCLASSES ? class_table[cls].size : 0;
}

bool ga_class_is_float(ga_class c) { return c == GA_DOUBLE || c == GA_SINGLE; }
int ga_class_is_complex(ga_class c) { return c == GA_CDOUBLE || c == GA_CSINGLE; }
ga_class ga_class_real_part(ga_class c) { return c == GA_CDOUBLE ? GA_DOUBLE : c == GA_CSINGLE ? GA_SINGLE : c; }
/* Octave's complex values are floating: integer and logical parts become double */
ga_class ga_class_complex_of(ga_class c) { return c == GA_SINGLE || c == GA_CSINGLE ? GA_CSINGLE : GA_CDOUBLE; }
bool ga_class_is_int(ga_class c) { return c >= GA_INT8 && c <= GA_UINT64; }
bool ga_class_is_signed(ga_class c)
{
  return c == GA_INT8 || c == GA_INT16 || c == GA_INT32 || c == GA_INT64;
}
bool ga_class_is_wide_int(ga_class c) { return c == GA_INT64 || c == GA_UINT64; }

double ga_class_int_min(ga_class c)
{
  switch (c) {
  case GA_INT8: return -128.0;
  case GA_INT16: return -32768.0;
  case GA_INT32: return -2147483648.0;
  case GA_INT64: return -9223372036854775808.0;
  default: return 0.0;
  }
}

double ga_class_int_max(ga_class c)
{
  switch (c) {
  case GA_INT8: return 127.0;
  case GA_UINT8: return 255.0;
  case GA_INT16: return 32767.0;
  case GA_UINT16: return 65535.0;
  case GA_INT32: return 2147483647.0;
  case GA_UINT32: return 4294967295.0;
  case GA_INT64: return 9223372036854775807.0;
  case GA_UINT64: return 18446744073709551615.0;
  default: return 0.0;
  }
}

ga_scalar ga_scalar_load(ga_class cls, const void *p)
{
  ga_scalar s;
  s.cls = cls;
  s.v.u = 0;
  switch (cls) {
  case GA_DOUBLE: memcpy(&s.v.f, p, 8); break;
  case GA_SINGLE: { float f; memcpy(&f, p, 4); s.v.f = f; } break;
  case GA_LOGICAL: s.v.f = *(const uint8_t *)p ? 1.0 : 0.0; break;
  case GA_INT8: s.v.i = *(const int8_t *)p; break;
  case GA_UINT8: s.v.u = *(const uint8_t *)p; break;
  case GA_INT16: { int16_t v; memcpy(&v, p, 2); s.v.i = v; } break;
  case GA_UINT16: { uint16_t v; memcpy(&v, p, 2); s.v.u = v; } break;
  case GA_INT32: { int32_t v; memcpy(&v, p, 4); s.v.i = v; } break;
  case GA_UINT32: { uint32_t v; memcpy(&v, p, 4); s.v.u = v; } break;
  case GA_INT64: memcpy(&s.v.i, p, 8); break;
  case GA_UINT64: memcpy(&s.v.u, p, 8); break;
  default: break;
  }
  return s;
}

uint64_t ga_scalar_bits(const ga_scalar *s)
{
  return s->v.u; /* the union already holds IEEE bits or two's complement */
}
