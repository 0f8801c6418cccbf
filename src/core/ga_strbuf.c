/* A growable string for code generation. */
#include "ga_strbuf.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool reserve(ga_strbuf *b, size_t extra)
{
  if (b->failed)
    return false;
  if (b->len + extra + 1 <= b->cap)
    return true;
  size_t cap = b->cap ? b->cap : 1024;
  while (cap < b->len + extra + 1)
    cap *= 2;
  char *s = realloc(b->s, cap);
  if (!s) {
    b->failed = true;
    return false;
  }
  b->s = s;
  b->cap = cap;
  return true;
}

void ga_sb_printf(ga_strbuf *b, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  if (n < 0 || !reserve(b, (size_t)n))
    return;
  va_start(ap, fmt);
  vsnprintf(b->s + b->len, b->cap - b->len, fmt, ap);
  va_end(ap);
  b->len += (size_t)n;
}

void ga_sb_puts(ga_strbuf *b, const char *s)
{
  size_t n = strlen(s);
  if (!reserve(b, n))
    return;
  memcpy(b->s + b->len, s, n + 1);
  b->len += n;
}

char *ga_sb_take(ga_strbuf *b)
{
  if (b->failed || !b->s) {
    free(b->s);
    *b = (ga_strbuf){0};
    return NULL;
  }
  char *s = b->s;
  *b = (ga_strbuf){0};
  return s;
}
