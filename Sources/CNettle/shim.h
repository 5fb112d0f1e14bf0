#ifndef TODO_REPORT_CNETTLE_SHIM_H
#define TODO_REPORT_CNETTLE_SHIM_H
/*
 * Nettle's SHA-256 and HMAC-SHA256 (Linux only: elsewhere Digests hashes in
 * Swift), behind functions whose shape does not change between Nettle
 * versions: Nettle 4 dropped the length argument of the digest functions,
 * and Nettle's names are macros Swift cannot call.
 */
#include <stddef.h>
#include <stdint.h>
#include <nettle/version.h>
#include <nettle/sha2.h>
#include <nettle/hmac.h>

/* Streaming SHA-256, for hashing a log as it is read (batch runs compare it). */
static inline void todo_report_sha256_start(struct sha256_ctx *context) { sha256_init(context); }
static inline void todo_report_sha256_add(struct sha256_ctx *context, const uint8_t *data, size_t length) {
    sha256_update(context, length, data);
}
static inline void todo_report_sha256_end(struct sha256_ctx *context, uint8_t *digest) {
#if NETTLE_VERSION_MAJOR >= 4
    sha256_digest(context, digest);
#else
    sha256_digest(context, SHA256_DIGEST_SIZE, digest);
#endif
}

/* A key's HMAC-SHA256 context, made once, so that each message costs its own hashing only. */
static inline void todo_report_hmac_sha256_key(struct hmac_sha256_ctx *keyed, const uint8_t *key, size_t key_length) {
    hmac_sha256_set_key(keyed, key_length, key);
}

/* HMAC-SHA256 of `length` bytes at `data` under a context made by todo_report_hmac_sha256_key,
 * which is copied, not changed, so one keyed context serves many threads. */
static inline void todo_report_hmac_sha256_keyed(const struct hmac_sha256_ctx *keyed, const uint8_t *data, size_t length, uint8_t *digest) {
    struct hmac_sha256_ctx context = *keyed;
    hmac_sha256_update(&context, length, data);
#if NETTLE_VERSION_MAJOR >= 4
    hmac_sha256_digest(&context, digest);
#else
    hmac_sha256_digest(&context, SHA256_DIGEST_SIZE, digest);
#endif
}

#endif
