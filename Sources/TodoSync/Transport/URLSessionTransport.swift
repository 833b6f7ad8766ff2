import Foundation
import TodoSyncModel

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `HTTPTransport` over FoundationNetworking's `URLSession`, with HTTP Basic authentication.
///
/// Redirects are followed here, not by `URLSession`: a redirect keeps the method and body
/// (a PROPFIND stays a PROPFIND, as RFC 6764's well-known redirect needs) and is followed only
/// to the same scheme, host and port, so credentials never go to another server. At most five
/// redirects are followed. Each request waits at most `timeout` for an answer.
public final class URLSessionTransport: HTTPTransport {
    private let session: URLSession
    private let delegate = SessionDelegate()
    private let authorization: String?
    private let timeout: TimeInterval

    /// - Parameters:
    ///   - user: the account name; with `password`, sent as Basic authentication.
    ///   - timeout: seconds to wait for each answer.
    public init(user: String?, password: String?, timeout: TimeInterval = 30) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.httpCookieStorage = nil
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
        if let user, let password {
            authorization = "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
        } else {
            authorization = nil
        }
        self.timeout = timeout
    }

    deinit {
        session.invalidateAndCancel()
    }

    public func send(_ request: HTTPRequest) throws(SyncError) -> HTTPResponse {
        var current = request
        for _ in 0...5 {
            let response = try sendOnce(current)
            guard [301, 302, 303, 307, 308].contains(response.status), let location = response.headers["location"],
                let target = URL(string: location, relativeTo: current.url)?.absoluteURL
            else {
                return response
            }
            guard Self.sameOrigin(target, current.url) else {
                throw .notCalDAV(
                    url: request.url.absoluteString,
                    reason: "it redirects to another server (\(target.absoluteString)), which todo-tui does not follow")
            }
            current.url = target
        }
        throw .notCalDAV(url: request.url.absoluteString, reason: "it redirects more than five times")
    }

    private static func sameOrigin(_ a: URL, _ b: URL) -> Bool {
        a.scheme?.lowercased() == b.scheme?.lowercased() && a.host?.lowercased() == b.host?.lowercased()
            && a.port == b.port
    }

    private func sendOnce(_ request: HTTPRequest) throws(SyncError) -> HTTPResponse {
        var urlRequest = URLRequest(
            url: request.url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        urlRequest.httpMethod = request.method
        for (name, value) in request.headers {
            urlRequest.setValue(value, forHTTPHeaderField: name)
        }
        if let authorization {
            urlRequest.setValue(authorization, forHTTPHeaderField: "Authorization")
        }
        urlRequest.httpBody = request.body
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        let task = session.dataTask(with: urlRequest) { data, response, error in
            outcome.set(data: data, response: response, error: error)
            done.signal()
        }
        task.resume()
        done.wait()
        let (data, response, error) = outcome.get()
        // A 401 reaches the delegate as a challenge, which is cancelled: its response is the answer.
        guard let http = response as? HTTPURLResponse ?? delegate.refusal(of: task.taskIdentifier) else {
            let reason = error.map(Self.reason) ?? "no HTTP answer"
            throw .unreachable(url: request.url.absoluteString, reason: reason)
        }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String {
                headers[name] = value
            }
        }
        return HTTPResponse(status: http.statusCode, headers: headers, body: data ?? Data(), url: request.url)
    }

    /// The system's sentence for a failed request, without Foundation's error-domain noise.
    private static func reason(_ error: any Error) -> String {
        let text = (error as NSError).localizedDescription
        return text.hasSuffix(".") ? String(text.dropLast()) : text
    }
}

/// What one request's completion handler delivered, handed from URLSession's queue to the
/// waiting caller; the semaphore orders the write before the read, the lock makes it visible.
private final class Outcome: @unchecked Sendable {
    private let lock = NSLock()
    private var data: Data?
    private var response: URLResponse?
    private var error: (any Error)?

    func set(data: Data?, response: URLResponse?, error: (any Error)?) {
        lock.lock()
        defer { lock.unlock() }
        self.data = data
        self.response = response
        self.error = error
    }

    func get() -> (Data?, URLResponse?, (any Error)?) {
        lock.lock()
        defer { lock.unlock() }
        return (data, response, error)
    }
}

/// Makes URLSession hand every redirect back to `URLSessionTransport`, which follows it itself,
/// and turn an authentication challenge into its 401 answer: the transport sends Basic
/// credentials itself, and FoundationNetworking's default handling of a refused password
/// retries without end.
private final class SessionDelegate: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var refusals: [Int: HTTPURLResponse] = [:]

    /// The 401 answer task `id` got, once (it is forgotten as it is handed out).
    func refusal(of id: Int) -> HTTPURLResponse? {
        lock.lock()
        defer { lock.unlock() }
        return refusals.removeValue(forKey: id)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        if let response = challenge.failureResponse as? HTTPURLResponse {
            lock.lock()
            refusals[task.taskIdentifier] = response
            lock.unlock()
        }
        completionHandler(.cancelAuthenticationChallenge, nil)
    }
}
