#ifndef CCURL_H
#define CCURL_H

#include <curl/curl.h>

/* Typed front ends to libcurl's variadic curl_easy_setopt and curl_easy_getinfo, which Swift
   cannot call: one per argument type the transport passes. */

CURLcode ccurl_set_long(CURL *handle, CURLoption option, long value);
CURLcode ccurl_set_size(CURL *handle, CURLoption option, curl_off_t value);
CURLcode ccurl_set_pointer(CURL *handle, CURLoption option, const void *value);
CURLcode ccurl_set_string(CURL *handle, CURLoption option, const char *value);

/* A CURLOPT_WRITEFUNCTION or CURLOPT_HEADERFUNCTION. */
typedef size_t (*ccurl_data_function)(char *data, size_t size, size_t count, void *context);
CURLcode ccurl_set_data_function(CURL *handle, CURLoption option, ccurl_data_function function);

/* A CURLOPT_XFERINFOFUNCTION. */
typedef int (*ccurl_progress_function)(
    void *context, curl_off_t download_total, curl_off_t downloaded, curl_off_t upload_total, curl_off_t uploaded);
CURLcode ccurl_set_progress_function(CURL *handle, ccurl_progress_function function);

CURLcode ccurl_get_long(CURL *handle, CURLINFO info, long *value);
CURLcode ccurl_get_size(CURL *handle, CURLINFO info, curl_off_t *value);

#endif
