#include "CNewsHTTP.h"

#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The parts of libcurl's ABI used here (curl/curl.h, stable since 7.x). */
typedef void CURL;
typedef int CURLcode;
typedef long long curl_off_t;
struct curl_slist;

enum {
    OPT_WRITEDATA = 10001, OPT_URL = 10002, OPT_ERRORBUFFER = 10010, OPT_WRITEFUNCTION = 20011,
    OPT_USERAGENT = 10018, OPT_HTTPHEADER = 10023, OPT_NOPROGRESS = 43, OPT_FOLLOWLOCATION = 52,
    OPT_XFERINFODATA = 10057, OPT_MAXREDIRS = 68, OPT_NOSIGNAL = 99, OPT_ACCEPT_ENCODING = 10102,
    OPT_MAXFILESIZE_LARGE = 30117, OPT_TIMEOUT_MS = 155, OPT_CONNECTTIMEOUT_MS = 156,
    OPT_PROTOCOLS = 181, OPT_REDIR_PROTOCOLS = 182, OPT_XFERINFOFUNCTION = 20219,
    OPT_PROTOCOLS_STR = 10318, OPT_REDIR_PROTOCOLS_STR = 10319,
};
enum { INFO_RESPONSE_CODE = 0x200002, INFO_CONTENT_TYPE = 0x100012 };
enum { PROTO_HTTP = 1, PROTO_HTTPS = 2 };
enum {
    E_OK = 0, E_UNSUPPORTED_PROTOCOL = 1, E_URL_MALFORMAT = 3, E_COULDNT_RESOLVE_HOST = 6,
    E_COULDNT_CONNECT = 7, E_WRITE_ERROR = 23, E_OPERATION_TIMEDOUT = 28, E_SSL_CONNECT_ERROR = 35,
    E_ABORTED_BY_CALLBACK = 42, E_TOO_MANY_REDIRECTS = 47, E_GOT_NOTHING = 52, E_RECV_ERROR = 56,
    E_PEER_FAILED_VERIFICATION = 60, E_BAD_CONTENT_ENCODING = 61, E_FILESIZE_EXCEEDED = 63,
    E_SSL_CACERT_BADFILE = 77,
};
enum { CURL_ERROR_SIZE = 256, GLOBAL_DEFAULT = 3 };

typedef size_t (*write_fn)(char *, size_t, size_t, void *);
typedef int (*xferinfo_fn)(void *, curl_off_t, curl_off_t, curl_off_t, curl_off_t);

static struct {
    CURLcode (*global_init)(long);
    CURL *(*easy_init)(void);
    CURLcode (*easy_setopt)(CURL *, int, ...);
    CURLcode (*easy_perform)(CURL *);
    CURLcode (*easy_getinfo)(CURL *, int, ...);
    void (*easy_cleanup)(CURL *);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
    int loaded;
} curl;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;

static void load_curl(void) {
    void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (!library) library = dlopen("libcurl.so", RTLD_NOW | RTLD_LOCAL);
    if (!library) return;
    *(void **)&curl.global_init = dlsym(library, "curl_global_init");
    *(void **)&curl.easy_init = dlsym(library, "curl_easy_init");
    *(void **)&curl.easy_setopt = dlsym(library, "curl_easy_setopt");
    *(void **)&curl.easy_perform = dlsym(library, "curl_easy_perform");
    *(void **)&curl.easy_getinfo = dlsym(library, "curl_easy_getinfo");
    *(void **)&curl.easy_cleanup = dlsym(library, "curl_easy_cleanup");
    *(void **)&curl.slist_append = dlsym(library, "curl_slist_append");
    *(void **)&curl.slist_free_all = dlsym(library, "curl_slist_free_all");
    if (!curl.global_init || !curl.easy_init || !curl.easy_setopt || !curl.easy_perform
        || !curl.easy_getinfo || !curl.easy_cleanup || !curl.slist_append || !curl.slist_free_all) return;
    if (curl.global_init(GLOBAL_DEFAULT) != E_OK) return;
    curl.loaded = 1;
}

/* The body being received and the limits it is checked against. */
struct transfer {
    unsigned char *body;
    size_t length;
    size_t capacity;
    long long max_bytes;
    int too_large;
    int out_of_memory;
    const volatile int *cancel;
};

static size_t receive(char *data, size_t size, size_t count, void *context) {
    struct transfer *transfer = context;
    size_t bytes = size * count;
    if (transfer->cancel && __atomic_load_n(transfer->cancel, __ATOMIC_RELAXED)) return 0;
    if ((long long)(transfer->length + bytes) > transfer->max_bytes) {
        transfer->too_large = 1;
        return 0; /* makes libcurl stop with CURLE_WRITE_ERROR */
    }
    if (transfer->length + bytes > transfer->capacity) {
        size_t capacity = transfer->capacity ? transfer->capacity : 64 * 1024;
        while (capacity < transfer->length + bytes) capacity *= 2;
        if ((long long)capacity > transfer->max_bytes) capacity = (size_t)transfer->max_bytes;
        unsigned char *grown = realloc(transfer->body, capacity);
        if (!grown) {
            transfer->out_of_memory = 1;
            return 0;
        }
        transfer->body = grown;
        transfer->capacity = capacity;
    }
    memcpy(transfer->body + transfer->length, data, bytes);
    transfer->length += bytes;
    return bytes;
}

static int progress(void *context, curl_off_t total, curl_off_t now, curl_off_t up_total, curl_off_t up_now) {
    (void)total; (void)now; (void)up_total; (void)up_now;
    struct transfer *transfer = context;
    return transfer->cancel && __atomic_load_n(transfer->cancel, __ATOMIC_RELAXED) ? 1 : 0;
}

static news_http_outcome outcome_for(CURLcode code, const struct transfer *transfer) {
    if (transfer->cancel && __atomic_load_n(transfer->cancel, __ATOMIC_RELAXED)) return NEWS_HTTP_CANCELLED;
    if (transfer->too_large) return NEWS_HTTP_TOO_LARGE;
    switch (code) {
    case E_OK: return NEWS_HTTP_OK;
    case E_FILESIZE_EXCEEDED: return NEWS_HTTP_TOO_LARGE;
    case E_OPERATION_TIMEDOUT: return NEWS_HTTP_TIMED_OUT;
    case E_ABORTED_BY_CALLBACK: return NEWS_HTTP_CANCELLED;
    case E_COULDNT_CONNECT: return NEWS_HTTP_REFUSED;
    case E_COULDNT_RESOLVE_HOST: return NEWS_HTTP_HOST_NOT_FOUND;
    case E_SSL_CONNECT_ERROR: case E_PEER_FAILED_VERIFICATION: case E_SSL_CACERT_BADFILE: return NEWS_HTTP_TLS;
    case E_UNSUPPORTED_PROTOCOL: case E_URL_MALFORMAT: return NEWS_HTTP_UNSUPPORTED;
    case E_TOO_MANY_REDIRECTS: return NEWS_HTTP_TOO_MANY_REDIRECTS;
    case E_GOT_NOTHING: case E_RECV_ERROR: case E_BAD_CONTENT_ENCODING: return NEWS_HTTP_BAD_RESPONSE;
    default: return NEWS_HTTP_FAILED;
    }
}

void news_http_get(const news_http_request *request, const volatile int *cancel, news_http_response *response) {
    memset(response, 0, sizeof *response);
    pthread_once(&load_once, load_curl);
    if (!curl.loaded) {
        response->outcome = NEWS_HTTP_UNAVAILABLE;
        snprintf(response->message, sizeof response->message, "libcurl.so.4 could not be loaded");
        return;
    }
    CURL *handle = curl.easy_init();
    if (!handle) {
        response->outcome = NEWS_HTTP_FAILED;
        snprintf(response->message, sizeof response->message, "curl_easy_init failed");
        return;
    }
    struct transfer transfer = { .max_bytes = request->max_bytes, .cancel = cancel };
    char errors[CURL_ERROR_SIZE] = "";
    struct curl_slist *headers = NULL;
    if (request->accept) {
        char line[512];
        snprintf(line, sizeof line, "Accept: %s", request->accept);
        headers = curl.slist_append(NULL, line);
    }
    curl.easy_setopt(handle, OPT_URL, request->url);
    curl.easy_setopt(handle, OPT_ERRORBUFFER, errors);
    curl.easy_setopt(handle, OPT_NOSIGNAL, 1L);
    /* Only http and https, for the first request and every redirect. */
    if (curl.easy_setopt(handle, OPT_PROTOCOLS_STR, "http,https") != E_OK)
        curl.easy_setopt(handle, OPT_PROTOCOLS, (long)(PROTO_HTTP | PROTO_HTTPS));
    if (curl.easy_setopt(handle, OPT_REDIR_PROTOCOLS_STR, "http,https") != E_OK)
        curl.easy_setopt(handle, OPT_REDIR_PROTOCOLS, (long)(PROTO_HTTP | PROTO_HTTPS));
    curl.easy_setopt(handle, OPT_FOLLOWLOCATION, 1L);
    curl.easy_setopt(handle, OPT_MAXREDIRS, request->max_redirects);
    curl.easy_setopt(handle, OPT_TIMEOUT_MS, request->timeout_ms);
    curl.easy_setopt(handle, OPT_CONNECTTIMEOUT_MS, request->connect_timeout_ms);
    curl.easy_setopt(handle, OPT_MAXFILESIZE_LARGE, (curl_off_t)request->max_bytes);
    curl.easy_setopt(handle, OPT_ACCEPT_ENCODING, ""); /* every encoding libcurl can decode */
    if (request->user_agent) curl.easy_setopt(handle, OPT_USERAGENT, request->user_agent);
    if (headers) curl.easy_setopt(handle, OPT_HTTPHEADER, headers);
    curl.easy_setopt(handle, OPT_WRITEFUNCTION, (write_fn)receive);
    curl.easy_setopt(handle, OPT_WRITEDATA, (void *)&transfer);
    curl.easy_setopt(handle, OPT_XFERINFOFUNCTION, (xferinfo_fn)progress);
    curl.easy_setopt(handle, OPT_XFERINFODATA, (void *)&transfer);
    curl.easy_setopt(handle, OPT_NOPROGRESS, 0L);

    CURLcode code = curl.easy_perform(handle);
    long status = 0;
    curl.easy_getinfo(handle, INFO_RESPONSE_CODE, &status);
    /* The Content-Type header (its charset overrides the XML declaration); owned by the handle. */
    const char *content_type = NULL;
    response->content_type[0] = 0;
    if (curl.easy_getinfo(handle, INFO_CONTENT_TYPE, &content_type) == E_OK && content_type)
        snprintf(response->content_type, sizeof response->content_type, "%s", content_type);
    curl.easy_cleanup(handle);
    if (headers) curl.slist_free_all(headers);

    response->outcome = outcome_for(code, &transfer);
    if (transfer.out_of_memory && response->outcome != NEWS_HTTP_CANCELLED) {
        response->outcome = NEWS_HTTP_FAILED;
        snprintf(response->message, sizeof response->message, "out of memory");
    } else {
        snprintf(response->message, sizeof response->message, "%s", errors);
    }
    response->http_status = status;
    if (response->outcome == NEWS_HTTP_OK) {
        response->body = transfer.body;
        response->length = transfer.length;
    } else {
        free(transfer.body);
    }
}

void news_http_cancel(volatile int *cancel) {
    __atomic_store_n(cancel, 1, __ATOMIC_RELAXED);
}

void news_http_free(news_http_response *response) {
    free(response->body);
    response->body = NULL;
    response->length = 0;
}
