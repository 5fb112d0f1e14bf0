#ifndef TODO_REPORT_CZLIB_SHIM_H
#define TODO_REPORT_CZLIB_SHIM_H
/*
 * zlib's inflate, for reading .jsonl.gz logs as a stream. inflateInit2 is a
 * macro Swift cannot call, so it is wrapped here.
 */
#include <zlib.h>

/* Starts inflating gzip data (windowBits 15 + 16: gzip only, with its header and CRC). */
static inline int todo_report_inflate_init_gzip(z_stream *stream) {
    return inflateInit2(stream, 15 + 16);
}
#endif
