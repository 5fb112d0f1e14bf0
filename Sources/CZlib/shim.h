#ifndef TODO_REPORT_CZLIB_SHIM_H
#define TODO_REPORT_CZLIB_SHIM_H
/*
 * zlib's inflate, for reading .jsonl.gz logs as a stream, and deflate, for
 * writing event tables. inflateInit2 and deflateInit2 are macros Swift
 * cannot call, so they are wrapped here.
 */
#include <zlib.h>

/* Starts inflating gzip data (windowBits 15 + 16: gzip only, with its header and CRC). */
static inline int todo_report_inflate_init_gzip(z_stream *stream) {
    return inflateInit2(stream, 15 + 16);
}

/* Starts deflating to raw deflate data (windowBits -15: no zlib or gzip
 * wrapper; the caller writes the gzip header and trailer itself, so that
 * they hold no time and no name). */
static inline int todo_report_deflate_init_raw(z_stream *stream, int level) {
    return deflateInit2(stream, level, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY);
}
#endif
