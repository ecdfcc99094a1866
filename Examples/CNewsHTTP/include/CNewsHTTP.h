/* CNewsHTTP: one bounded HTTP(S) GET with the system's libcurl, for NewsKit's feed loader.
 *
 * Foundation's URLSession on Linux wakes up continuously while a response is
 * awaited (its libcurl glue leaves a socket write source armed once the
 * request is sent), so a pending feed kept a core busy. This target drives
 * libcurl's blocking easy interface on the caller's thread instead, which
 * sleeps in poll(2) between packets, and bounds the transfer: a total
 * deadline, a cap on the decoded body (gzip and deflate are decoded as they
 * arrive, so a compression bomb stops at the cap), http and https only
 * (redirects included), and a cancellation flag checked at least once a
 * second.
 *
 * libcurl is loaded with dlopen("libcurl.so.4") - the library FoundationNetworking
 * itself links - so building needs no curl headers; the few option numbers
 * used are part of libcurl's stable ABI. */
#ifndef CNEWSHTTP_H
#define CNEWSHTTP_H

#include <stddef.h>

/* How a transfer ended. */
typedef enum {
    NEWS_HTTP_OK = 0,            /* the body arrived (any HTTP status; see `http_status`) */
    NEWS_HTTP_UNAVAILABLE,       /* libcurl could not be loaded */
    NEWS_HTTP_TOO_LARGE,         /* the body (after decoding) passed `max_bytes` */
    NEWS_HTTP_TIMED_OUT,         /* the total deadline passed */
    NEWS_HTTP_CANCELLED,         /* `*cancel` was set */
    NEWS_HTTP_REFUSED,           /* connection refused */
    NEWS_HTTP_HOST_NOT_FOUND,    /* the host name did not resolve */
    NEWS_HTTP_TLS,               /* TLS handshake or certificate failure */
    NEWS_HTTP_UNSUPPORTED,       /* not an http(s) address (also for redirects) */
    NEWS_HTTP_TOO_MANY_REDIRECTS,
    NEWS_HTTP_BAD_RESPONSE,      /* no or malformed response, bad content encoding */
    NEWS_HTTP_FAILED             /* anything else; `message` says what */
} news_http_outcome;

/* What to fetch and within which limits. */
typedef struct {
    const char *url;
    const char *accept;          /* the Accept header's value, or NULL */
    const char *user_agent;      /* or NULL */
    long long max_bytes;         /* cap on the decoded body */
    long timeout_ms;             /* total deadline, connection included */
    long connect_timeout_ms;
    long max_redirects;
} news_http_request;

/* The result; free `body` with news_http_free. */
typedef struct {
    news_http_outcome outcome;
    long http_status;
    unsigned char *body;
    size_t length;
    char message[256];           /* libcurl's error text, when there is one */
    char content_type[256];      /* the Content-Type header, or "" */
} news_http_response;

/* Fetches `request->url`, blocking the calling thread. A non-zero `*cancel`
 * (set from any thread) stops the transfer within about a second. */
void news_http_get(const news_http_request *request, const volatile int *cancel,
                   news_http_response *response);

/* Sets the cancellation flag (an atomic store), for callers in other languages. */
void news_http_cancel(volatile int *cancel);

/* Frees a response's body. */
void news_http_free(news_http_response *response);

#endif
