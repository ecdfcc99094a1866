import CNewsHTTP
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One bounded HTTP(S) download through the system's libcurl (see `CNewsHTTP.h` for why not URLSession).
///
/// The whole transfer has a deadline, the body (after gzip or deflate decoding) a size cap, only
/// http and https are followed, and cancelling the calling task stops it within about a second.
/// The transfer blocks a thread of its own, asleep in `poll(2)` between packets.
struct HTTPDownload: Sendable {
    /// The address.
    var url: URL
    /// The longest the whole transfer may take, in seconds.
    var timeout: TimeInterval
    /// The most bytes the decoded body may have.
    var maxBytes: Int

    /// The body, or a sentence saying why there is none.
    func run() async -> Result<Data, FeedLoader.LoadFailure> {
        guard !Task.isCancelled else { return .failure(.init(message: "cancelled")) }
        let url = url.absoluteString
        let timeout = timeout
        let maxBytes = maxBytes
        return await CancellationFlag.runOnThread { flag in
            var response = news_http_response()
            defer { news_http_free(&response) }
            url.withCString { url in
                Self.accept.withCString { accept in
                    Self.userAgent.withCString { userAgent in
                        var request = news_http_request(
                            url: url, accept: accept, user_agent: userAgent, max_bytes: Int64(maxBytes),
                            timeout_ms: Int(max(1, timeout * 1000)),
                            connect_timeout_ms: Int(max(1, min(timeout, 10) * 1000)),
                            max_redirects: 5)
                        news_http_get(&request, flag.cFlag, &response)
                    }
                }
            }
            return Self.result(of: response, timeout: timeout, maxBytes: maxBytes)
        }
    }

    /// The Accept header: feed types first.
    static let accept = "application/rss+xml, application/atom+xml, application/xml;q=0.9, */*;q=0.8"
    /// The User-Agent header.
    static let userAgent = "termtable-news/1"

    /// The `charset` parameter of a Content-Type header (`text/xml; charset="utf-8"` → `utf-8`), if any.
    static func charset(inContentType type: String) -> String? {
        for parameter in type.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "charset" else {
                continue
            }
            let value = pair[1].trimmingCharacters(in: .whitespaces).trimmingCharacters(
                in: CharacterSet(charactersIn: "\""))
            return value.isEmpty ? nil : value
        }
        return nil
    }

    private static func result(
        of response: news_http_response, timeout: TimeInterval,
        maxBytes: Int
    ) -> Result<Data, FeedLoader.LoadFailure> {
        var detail = response.message
        let message = withUnsafeBytes(of: &detail) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
        func failure(_ text: String) -> Result<Data, FeedLoader.LoadFailure> { .failure(.init(message: text)) }
        switch response.outcome {
        case NEWS_HTTP_OK:
            let status = response.http_status
            guard (200..<300).contains(status) else {
                return failure("HTTP \(status) \(HTTPURLResponse.localizedString(forStatusCode: status))")
            }
            guard let body = response.body else { return .success(Data()) }
            let data = Data(bytes: body, count: response.length)
            // The HTTP charset overrides the XML declaration (RFC 7303).
            var contentType = response.content_type
            let type = withUnsafeBytes(of: &contentType) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            return .success(charset(inContentType: type).map { XMLInput.relabelled(data, charset: $0) } ?? data)
        case NEWS_HTTP_TOO_LARGE: return failure("larger than \(FeedLoader.sizeText(maxBytes)); not loaded")
        case NEWS_HTTP_TIMED_OUT: return failure("timed out after \(FeedLoader.secondsText(timeout))")
        case NEWS_HTTP_CANCELLED: return failure("cancelled")
        case NEWS_HTTP_REFUSED: return failure("connection refused")
        case NEWS_HTTP_HOST_NOT_FOUND: return failure("host not found")
        case NEWS_HTTP_TLS: return failure("secure connection failed (\(message))")
        case NEWS_HTTP_UNSUPPORTED: return failure("unsupported address (only http and https are loaded)")
        case NEWS_HTTP_TOO_MANY_REDIRECTS: return failure("too many redirects")
        case NEWS_HTTP_BAD_RESPONSE: return failure("bad response from the server (\(message))")
        case NEWS_HTTP_UNAVAILABLE: return failure("cannot download: \(message)")
        default: return failure(message.isEmpty ? "download failed" : message)
        }
    }
}
