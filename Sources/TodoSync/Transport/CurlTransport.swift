import CCurl
import Foundation
import TodoSyncModel

/// `HTTPTransport` over libcurl, with HTTP Basic authentication.
///
/// A small pool of curl handles serves the whole run: each keeps its connection (and TLS session)
/// to a server that keeps connections alive, and up to `connections` requests are in flight
/// together when callers send from several threads. Waiting for an answer sleeps in `poll` and
/// costs no processor time. HTTPS checks the server against the system's certificate store;
/// `https_proxy`, `http_proxy`, `all_proxy` and `no_proxy` are honoured exactly as `curl` does.
///
/// Redirects are followed here, not by libcurl: a redirect keeps the method and body (a PROPFIND
/// stays a PROPFIND, as RFC 6764's well-known redirect needs) and is followed only to the same
/// scheme, host and port, so credentials never go to another server. At most five redirects are
/// followed. A 401 is an answer like any other: nothing is retried.
///
/// Time-outs (`SyncTimeouts`): connecting, silence (no byte either way), one request from start
/// to end, and the whole run counted from this transport's creation. Each throws
/// `SyncError.timedOut` naming the server.
///
/// A server that asks for patience (`429 Too Many Requests` or `503 Service Unavailable` with
/// `Retry-After` in seconds) slows the pool down rather than failing the run: every request
/// waits that long, the requests allowed in flight are halved, and the request is sent again
/// (`RequestPacing`).
public final class CurlTransport: HTTPTransport, @unchecked Sendable {
    /// The most requests in flight together, each on a handle and connection of its own.
    public let connections: Int
    /// Handles and pacing, shared by the threads that send.
    private let pacing: RequestPacing
    /// Where an empty body points: libcurl takes a null body as "read it from standard input".
    private let emptyBody = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
    private let authorization: String?
    private let timeouts: SyncTimeouts
    /// When the run's ceiling is reached.
    private let deadline: ContinuousClock.Instant

    /// - Parameters:
    ///   - user: the account name; with `password`, sent as Basic authentication.
    ///   - timeouts: the limits; the run's ceiling counts from now.
    ///   - connections: the most requests in flight together (at least 1).
    public init(
        user: String?, password: String?, timeouts: SyncTimeouts = SyncTimeouts(),
        connections: Int = CurlTransport.defaultConnections
    ) {
        _ = Self.globalSetUp
        self.connections = max(1, connections)
        pacing = RequestPacing(width: self.connections)
        if let user, let password {
            authorization = "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
        } else {
            authorization = nil
        }
        self.timeouts = timeouts
        deadline = .now + Self.duration(timeouts.run)
    }

    deinit {
        pacing.handles.forEach { curl_easy_cleanup($0) }
        emptyBody.deallocate()
    }

    /// The pool's size, chosen by timing pushes to Radicale and Xandikos over 1, 2, 4 and 8
    /// connections; small, so that a server that limits each client's requests is not pressed.
    public static let defaultConnections = 4

    public var maximumConcurrentRequests: Int { connections }

    /// libcurl's process-wide set-up (TLS and its certificate store), done once before the first
    /// handle, as libcurl requires.
    private static let globalSetUp: Void = { curl_global_init(Int(CURL_GLOBAL_DEFAULT)) }()

    public func send(_ request: HTTPRequest) throws(SyncError) -> HTTPResponse {
        var current = request
        for _ in 0...5 {
            let response = try performPaced(current)
            guard [301, 302, 303, 307, 308].contains(response.status), let location = response.headers["location"],
                let target = URL(string: location, relativeTo: current.url)?.absoluteURL
            else {
                return response
            }
            guard let origin = Origin(current.url), origin.contains(target) else {
                throw .notCalDAV(
                    url: request.url.absoluteString,
                    reason: "it redirects to another server (\(target.absoluteString)), which todo-tui does not follow")
            }
            current.url = target
        }
        throw .notCalDAV(url: request.url.absoluteString, reason: "it redirects more than five times")
    }

    /// One request on a handle of the pool, sent again (a bounded number of times) after the
    /// wait a `429` or `503` with `Retry-After` asks for, as long as the run's ceiling allows.
    private func performPaced(_ request: HTTPRequest) throws(SyncError) -> HTTPResponse {
        for _ in 0..<RequestPacing.attempts - 1 {
            let response = try performOnHandle(request)
            guard let wait = RequestPacing.retryAfter(response), .now + wait < deadline else { return response }
            pacing.slowDown(for: wait)
        }
        return try performOnHandle(request)
    }

    /// One request on a handle of the pool, once the pacing lets it go.
    private func performOnHandle(_ request: HTTPRequest) throws(SyncError) -> HTTPResponse {
        guard let handle = pacing.acquire(make: { curl_easy_init() }) else {
            throw .unreachable(url: request.url.absoluteString, reason: "libcurl could not start")
        }
        defer { pacing.release(handle) }
        return try perform(request, on: handle)
    }

    /// One request, no redirect followed.
    private func perform(_ request: HTTPRequest, on handle: UnsafeMutableRawPointer) throws(SyncError) -> HTTPResponse {
        let server = Self.origin(of: request.url)
        let left = deadline - .now
        guard left > .zero else { throw .timedOut(server: server, reason: runReason) }
        let limit = min(Self.duration(timeouts.request), left)
        let exchange = CurlExchange(bodyLimit: request.maximumResponseBytes, silence: Self.duration(timeouts.silence))
        curl_easy_reset(handle)
        configure(handle, for: request, limit: limit, exchange: exchange)
        var fields: UnsafeMutablePointer<curl_slist>?
        defer { curl_slist_free_all(fields) }
        for line in try headerLines(of: request) {
            fields = curl_slist_append(fields, line)
        }
        ccurl_set_pointer(handle, CURLOPT_HTTPHEADER, fields)
        let code = withExtendedLifetime(exchange) { () -> CURLcode in
            // libcurl reads the body from this memory during the transfer without copying it.
            (request.body ?? Data()).withUnsafeBytes { bytes in
                if request.body != nil {
                    ccurl_set_long(handle, CURLOPT_POST, 1)
                    ccurl_set_size(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(bytes.count))
                    ccurl_set_pointer(handle, CURLOPT_POSTFIELDS, bytes.baseAddress ?? UnsafeRawPointer(emptyBody))
                }
                return curl_easy_perform(handle)
            }
        }
        guard code == CURLE_OK else {
            throw failure(
                code, of: request, on: handle, server: server, limitedByRun: limit < Self.duration(timeouts.request),
                exchange: exchange)
        }
        var status = 0
        ccurl_get_long(handle, CURLINFO_RESPONSE_CODE, &status)
        return HTTPResponse(status: status, headers: exchange.headers, body: exchange.body, url: request.url)
    }

    /// Everything but the header fields and the body, on a freshly reset handle.
    private func configure(
        _ handle: UnsafeMutableRawPointer, for request: HTTPRequest, limit: Duration, exchange: CurlExchange
    ) {
        ccurl_set_string(handle, CURLOPT_URL, request.url.absoluteString)
        ccurl_set_string(handle, CURLOPT_PROTOCOLS_STR, "http,https")
        switch request.method {
        case "GET": ccurl_set_long(handle, CURLOPT_HTTPGET, 1)
        case "HEAD": ccurl_set_long(handle, CURLOPT_NOBODY, 1)
        default: ccurl_set_string(handle, CURLOPT_CUSTOMREQUEST, request.method)
        }
        ccurl_set_string(handle, CURLOPT_USERAGENT, "todo-tui")
        // Any encoding libcurl can decode; the body callback sees the decoded bytes.
        ccurl_set_string(handle, CURLOPT_ACCEPT_ENCODING, "")
        // No signals: the silence and deadline checks run on this thread, not by SIGALRM.
        ccurl_set_long(handle, CURLOPT_NOSIGNAL, 1)
        ccurl_set_long(handle, CURLOPT_CONNECTTIMEOUT_MS, Self.milliseconds(Self.duration(timeouts.connect)))
        ccurl_set_long(handle, CURLOPT_TIMEOUT_MS, Self.milliseconds(limit))
        ccurl_set_data_function(handle, CURLOPT_HEADERFUNCTION, CurlExchange.receiveHeader)
        ccurl_set_pointer(handle, CURLOPT_HEADERDATA, exchange.context)
        ccurl_set_data_function(handle, CURLOPT_WRITEFUNCTION, CurlExchange.receiveBody)
        ccurl_set_pointer(handle, CURLOPT_WRITEDATA, exchange.context)
        ccurl_set_long(handle, CURLOPT_NOPROGRESS, 0)
        ccurl_set_progress_function(handle, CurlExchange.progress)
        ccurl_set_pointer(handle, CURLOPT_XFERINFODATA, exchange.context)
    }

    /// The request's header lines, with `Authorization`, and without the ones libcurl would add
    /// on its own (`Expect: 100-continue`, a form `Content-Type`).
    /// - Throws: `.malformedResponse` for a value with a line break (an ETag from the server),
    ///   which would split the request.
    private func headerLines(of request: HTTPRequest) throws(SyncError) -> [String] {
        var lines: [String] = []
        for (name, value) in request.headers.sorted(by: { $0.key < $1.key }) {
            guard !value.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" }) else {
                throw .malformedResponse(
                    url: request.url.absoluteString, reason: "a \(name) value to send back holds a line break")
            }
            lines.append("\(name): \(value)")
        }
        if let authorization { lines.append("Authorization: \(authorization)") }
        lines.append("Expect:")
        if request.body != nil, !request.headers.keys.contains(where: { $0.lowercased() == "content-type" }) {
            lines.append("Content-Type:")
        }
        return lines
    }

    /// The error for a transfer that ended without an answer.
    private func failure(
        _ code: CURLcode, of request: HTTPRequest, on handle: UnsafeMutableRawPointer, server: String,
        limitedByRun: Bool, exchange: CurlExchange
    ) -> SyncError {
        let url = request.url.absoluteString
        if code == CURLE_WRITE_ERROR, exchange.isOverLimit {
            return .responseTooLarge(method: request.method, url: url, limit: request.maximumResponseBytes)
        }
        if code == CURLE_ABORTED_BY_CALLBACK, exchange.fellSilent {
            return .timedOut(server: server, reason: "nothing came for \(Self.text(timeouts.silence))")
        }
        if code == CURLE_OPERATION_TIMEDOUT {
            if !Self.isConnected(request, handle) {
                return .timedOut(server: server, reason: "no connection within \(Self.text(timeouts.connect))")
            }
            if limitedByRun { return .timedOut(server: server, reason: runReason) }
            return .timedOut(server: server, reason: "one answer took longer than \(Self.text(timeouts.request))")
        }
        return .unreachable(url: url, reason: Self.reason(code, host: request.url.host ?? ""))
    }

    /// What a failed transfer means, in words a person reads: libcurl's own messages name
    /// options and internals ("Failed to connect to … after 0 ms: Couldn't connect to server").
    private static func reason(_ code: CURLcode, host: String) -> String {
        switch code {
        case CURLE_COULDNT_CONNECT: "nothing accepted the connection"
        case CURLE_COULDNT_RESOLVE_HOST: "the host name \(host) was not found"
        case CURLE_COULDNT_RESOLVE_PROXY: "the proxy's host name was not found"
        case CURLE_PEER_FAILED_VERIFICATION: "its certificate is not trusted"
        case CURLE_SSL_CONNECT_ERROR: "the secure (https) connection could not be made"
        case CURLE_GOT_NOTHING: "it closed the connection without an answer"
        case CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_PARTIAL_FILE:
            "the connection broke before the answer was complete"
        case CURLE_WEIRD_SERVER_REPLY, CURLE_UNSUPPORTED_PROTOCOL: "its answer was not HTTP"
        case CURLE_BAD_CONTENT_ENCODING: "its answer was compressed in a way that cannot be read"
        default: "the request failed before an answer came"
        }
    }

    /// Whether the last transfer got its connection (and, for https, its TLS session) up.
    private static func isConnected(_ request: HTTPRequest, _ handle: UnsafeMutableRawPointer) -> Bool {
        var connected: curl_off_t = 0
        var secured: curl_off_t = 0
        ccurl_get_size(handle, CURLINFO_CONNECT_TIME_T, &connected)
        ccurl_get_size(handle, CURLINFO_APPCONNECT_TIME_T, &secured)
        return connected > 0 && (request.url.scheme?.lowercased() != "https" || secured > 0)
    }

    private var runReason: String { "the whole sync took longer than \(Self.text(timeouts.run))" }

    /// `https://host:port`, the server a sentence names.
    private static func origin(of url: URL) -> String {
        let scheme = url.scheme ?? "http"
        let port = url.port.map { ":\($0)" } ?? ""
        return "\(scheme)://\(url.host ?? "")\(port)"
    }

    private static func duration(_ seconds: Double) -> Duration {
        .milliseconds(Int64((seconds * 1000).rounded()))
    }

    private static func milliseconds(_ duration: Duration) -> Int {
        max(1, Int(duration / .milliseconds(1)))
    }

    /// `10 s`, `1.5 s`.
    private static func text(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? "\(Int(seconds)) s" : "\(seconds) s"
    }
}
