import Foundation
import Glibc
import TodoSyncModel

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `HTTPTransport` over FoundationNetworking's `URLSession`, with HTTP Basic authentication.
///
/// Redirects are followed here, not by `URLSession`: a redirect keeps the method and body
/// (a PROPFIND stays a PROPFIND, as RFC 6764's well-known redirect needs) and is followed only
/// within the same origin, so credentials never go to another server. At most five redirects
/// are followed. Each request waits at most `timeout` for an answer. An answer's body is read as
/// it arrives, and the transfer is cancelled as soon as it passes the request's
/// `maximumResponseBytes` (or at once, when its `Content-Length` says it will).
///
/// It sends its credentials with every request it is given; `CalDAVClient` gives it only
/// requests on the account's origin. It keeps nothing on disk: no cookies, no cache.
public final class URLSessionTransport: HTTPTransport {
    private let session: URLSession
    private let delegate = SessionDelegate()
    private let authorization: String?
    private let timeout: TimeInterval

    /// - Parameters:
    ///   - user: the account name; with `password`, sent as Basic authentication.
    ///   - timeout: seconds to wait for each answer.
    public init(user: String?, password: String?, timeout: TimeInterval = 30) {
        Self.sharedStoresWithoutFiles
        // Not `.ephemeral`: it makes a cache of its own, which creates a cache folder.
        let configuration = URLSessionConfiguration.default
        configuration.timeoutIntervalForRequest = timeout
        configuration.httpCookieStorage = nil
        configuration.urlCache = nil
        configuration.urlCredentialStorage = nil
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

    /// FoundationNetworking makes every session configuration from `.default`, which touches the
    /// shared cookie store and the shared cache; made the first time, the cookie store creates
    /// `$XDG_DATA_HOME/<name of the executable's folder>` and the cache
    /// `$XDG_CACHE_HOME/org.swift.foundation.URLCache/<executable>`. The sync keeps neither: the
    /// cache is made here at `/dev/null` (not a folder, so it keeps nothing), and the folders the
    /// cookie store made, still empty, are removed at once. (Pointing `XDG_DATA_HOME` elsewhere
    /// for that moment would do too, but changing the environment races with any thread that
    /// reads it.)
    private static let sharedStoresWithoutFiles: Void = {
        URLCache.shared = URLCache(memoryCapacity: 0, diskCapacity: 0, diskPath: "/dev/null")
        let made = missingFolders(upFrom: cookieFolder)
        _ = HTTPCookieStorage.shared
        for folder in made { rmdir(folder) }
    }()

    /// The folder `HTTPCookieStorage.shared` keeps its file in, as FoundationNetworking names
    /// it: the executable's folder's name, without extension, in the application support folder.
    private static var cookieFolder: String? {
        guard let support = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
        else { return nil }
        let name = (Bundle.main.bundlePath as NSString).lastPathComponent
        return support.appendingPathComponent((name as NSString).deletingPathExtension).path
    }

    /// `folder` and those of its ancestors that do not exist, deepest first.
    private static func missingFolders(upFrom folder: String?) -> [String] {
        var missing: [String] = []
        var current = folder
        while let path = current, path != "/", !FileManager.default.fileExists(atPath: path) {
            missing.append(path)
            current = (path as NSString).deletingLastPathComponent
        }
        return missing
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
            guard let origin = Origin(current.url), origin.contains(target) else {
                throw .notCalDAV(
                    url: request.url.absoluteString,
                    reason: "it redirects to another server (\(target.absoluteString)), which todo-tui does not follow")
            }
            current.url = target
        }
        throw .notCalDAV(url: request.url.absoluteString, reason: "it redirects more than five times")
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
        let task = session.dataTask(with: urlRequest)
        let exchange = delegate.begin(task, limit: request.maximumResponseBytes)
        task.resume()
        let outcome = exchange.wait()
        if outcome.tooLarge {
            throw .responseTooLarge(
                method: request.method, url: request.url.absoluteString, limit: request.maximumResponseBytes)
        }
        // A 401 ends in a cancelled challenge: its response is the answer. Any other error
        // leaves no whole answer, even after its headers came.
        guard let http = outcome.response, outcome.error == nil || outcome.challenged else {
            throw .unreachable(url: request.url.absoluteString, reason: reason(outcome.error, for: request.url))
        }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String {
                headers[name] = value
            }
        }
        return HTTPResponse(status: http.statusCode, headers: headers, body: outcome.data, url: request.url)
    }

    /// What went wrong, in words: never Foundation's error domain and code.
    private func reason(_ error: (any Error)?, for url: URL) -> String {
        guard let error = error as? URLError else { return "no HTTP answer came" }
        switch error.code {
        case .timedOut:
            let seconds = Int(timeout.rounded())
            return "no answer came within \(seconds) second\(seconds == 1 ? "" : "s")"
        case .cannotConnectToHost:
            return "nothing accepted the connection"
        case .cannotFindHost, .dnsLookupFailed:
            return "the host name \(url.host ?? "") was not found"
        case .networkConnectionLost:
            return "the connection broke before the answer was complete"
        case .notConnectedToInternet:
            return "this machine is not connected to a network"
        case .secureConnectionFailed:
            return "the secure (https) connection could not be made"
        case .serverCertificateUntrusted, .serverCertificateHasBadDate, .serverCertificateNotYetValid,
            .serverCertificateHasUnknownRoot, .clientCertificateRejected, .clientCertificateRequired:
            return "its certificate is not trusted"
        case .badServerResponse, .cannotParseResponse:
            return "its answer was not HTTP"
        default:
            return "the request failed before an answer came"
        }
    }
}

/// One request's answer as it arrives, handed from URLSession's queue to the waiting caller;
/// the semaphore orders the writes before the read, the lock makes them visible.
private final class Exchange: @unchecked Sendable {
    struct Outcome {
        var response: HTTPURLResponse?
        var data = Data()
        var error: (any Error)?
        /// The body passed the limit, and the transfer was cancelled there.
        var tooLarge = false
        /// The server asked for credentials (401), and the challenge was cancelled.
        var challenged = false
    }

    let limit: Int
    private let lock = NSLock()
    private let done = DispatchSemaphore(value: 0)
    private var outcome = Outcome()

    init(limit: Int) {
        self.limit = limit
    }

    /// Runs `change` on the outcome under the lock.
    func update<Result>(_ change: (inout Outcome) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return change(&outcome)
    }

    func finish() {
        done.signal()
    }

    /// Blocks until the transfer ended; its outcome.
    func wait() -> Outcome {
        done.wait()
        return update { $0 }
    }
}

/// Collects each task's answer, bounded, and makes URLSession hand every redirect back to
/// `URLSessionTransport`, which follows it itself, and turn an authentication challenge into its
/// 401 answer: the transport sends Basic credentials itself, and FoundationNetworking's default
/// handling of a refused password retries without end.
private final class SessionDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var exchanges: [Int: Exchange] = [:]

    /// Starts collecting `task`'s answer, at most `limit` bytes of body.
    func begin(_ task: URLSessionTask, limit: Int) -> Exchange {
        let exchange = Exchange(limit: limit)
        lock.lock()
        exchanges[task.taskIdentifier] = exchange
        lock.unlock()
        return exchange
    }

    private func exchange(of task: URLSessionTask, removing: Bool = false) -> Exchange? {
        lock.lock()
        defer { lock.unlock() }
        return removing ? exchanges.removeValue(forKey: task.taskIdentifier) : exchanges[task.taskIdentifier]
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        guard let exchange = exchange(of: dataTask) else { return completionHandler(.cancel) }
        let tooLarge = exchange.update { outcome in
            outcome.response = response as? HTTPURLResponse
            outcome.tooLarge = response.expectedContentLength > Int64(exchange.limit)
            return outcome.tooLarge
        }
        completionHandler(tooLarge ? .cancel : .allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        guard let exchange = exchange(of: dataTask) else { return }
        let tooLarge = exchange.update { outcome in
            guard !outcome.tooLarge else { return true }
            if outcome.data.count + data.count > exchange.limit {
                outcome.tooLarge = true
                outcome.data = Data()
            } else {
                outcome.data.append(data)
            }
            return outcome.tooLarge
        }
        if tooLarge { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let exchange = exchange(of: task, removing: true) else { return }
        exchange.update { $0.error = error }
        exchange.finish()
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
        // A 401 is the answer: it is kept as the task's response, whatever comes after.
        if let response = challenge.failureResponse as? HTTPURLResponse, let exchange = exchange(of: task) {
            exchange.update {
                $0.response = response
                $0.challenged = true
            }
        }
        completionHandler(.cancelAuthenticationChallenge, nil)
    }
}
