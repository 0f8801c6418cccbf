/* A growable string for code generation. */
#ifndef GA_STRBUF_H
#define GA_STRBUF_H

#include <stdbool.h>
#include <stddef.h>

typedef struct {
  char *s;
  size_t len, cap;
  bool failed; /* an allocation failed: the text is incomplete */
} ga_strbuf;

void ga_sb_printf(ga_strbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void ga_sb_puts(ga_strbuf *b, const char *s);
/* The text, handed to the caller (NULL after a failure). */
char *ga_sb_take(ga_strbuf *b);

#endif
