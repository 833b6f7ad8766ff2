import Foundation
import Glibc

/// A small HTTP/1.1 server on 127.0.0.1 for faults no real server can be made to show: a
/// hostile or broken CalDAV server (`FakeCalDAVServer`), or a second origin that must receive
/// nothing (a test fails when its `log` is not empty).
///
/// Each connection gets a thread of its own and may carry several requests (keep-alive). A
/// request is read whole (its `Content-Length` body), handed to the handler, and its answer
/// written with a `Content-Length`, unless the answer asks to stream an endless body. Every
/// request is logged as `METHOD target` with `(with credentials)` when it carried an
/// `Authorization` header; `TODO_TUI_FAKE_SERVER_LOG` names a file that receives the log too.
public final class FakeHTTPServer: @unchecked Sendable {
    /// One request as the server read it.
    public struct Request: Sendable {
        public var method: String
        /// The request target as sent: a path, with any query.
        public var target: String
        /// Header fields by lower-cased name.
        public var headers: [String: String]
        public var body: Data

        /// The body as UTF-8 text.
        public var text: String { String(decoding: body, as: UTF8.self) }
    }

    /// One answer.
    public struct Response: Sendable {
        public var status: Int
        public var headers: [String: String]
        public var body: Data
        /// Leave out `Content-Length` and close the connection after the body, so the client
        /// learns the size only by reading to the end.
        public var withoutLength: Bool
        /// After `body`, write this many more bytes of `x` (in chunks), without a length: an
        /// answer larger than any client should read.
        public var endlessBytes: Int

        public init(
            status: Int, headers: [String: String] = [:], body: Data = Data(), withoutLength: Bool = false,
            endlessBytes: Int = 0
        ) {
            self.status = status
            self.headers = headers
            self.body = body
            self.withoutLength = withoutLength || endlessBytes > 0
            self.endlessBytes = endlessBytes
        }

        /// An answer with a text body.
        public init(status: Int, headers: [String: String] = [:], text: String) {
            self.init(status: status, headers: headers, body: Data(text.utf8))
        }
    }

    public let port: Int
    private let listener: Int32
    private let handler: @Sendable (Request) -> Response
    private let lock = NSLock()
    private var requests: [String] = []
    private var connections: Set<Int32> = []
    private var stopped = false
    private let logFile = ProcessInfo.processInfo.environment["TODO_TUI_FAKE_SERVER_LOG"]
    /// A name for the log lines (`origin`, `other origin`).
    private let name: String

    /// Starts listening on a free port of 127.0.0.1.
    /// - Throws: `CalDAVTestServer.Failure` when no socket could be bound.
    public init(name: String, handler: @escaping @Sendable (Request) -> Response) throws {
        self.name = name
        self.handler = handler
        guard let (descriptor, port) = LoopbackListener.open(backlog: 64) else {
            throw CalDAVTestServer.Failure(description: "the fake server could not listen on 127.0.0.1")
        }
        listener = descriptor
        self.port = port
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    deinit {
        stop()
    }

    /// `http://127.0.0.1:<port>/`.
    public var rootURL: URL { URL(string: "http://127.0.0.1:\(port)/")! }

    /// Every request received so far, as `METHOD target`, with `(with credentials)` when it
    /// carried `Authorization`.
    public var log: [String] {
        lock.lock()
        defer { lock.unlock() }
        return requests
    }

    /// Stops accepting and closes every connection.
    public func stop() {
        lock.lock()
        let open = stopped ? [] : connections
        let wasStopped = stopped
        stopped = true
        lock.unlock()
        guard !wasStopped else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        for connection in open { shutdown(connection, Int32(SHUT_RDWR)) }
    }

    private var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    private func acceptLoop() {
        while !isStopped {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else {
                if errno == EINTR { continue }
                return
            }
            lock.lock()
            connections.insert(connection)
            lock.unlock()
            Thread.detachNewThread { [self] in serve(connection) }
        }
    }

    private func serve(_ connection: Int32) {
        defer {
            lock.lock()
            connections.remove(connection)
            lock.unlock()
            close(connection)
        }
        var reader = Reader(descriptor: connection)
        while let request = reader.request() {
            record(request)
            let response = handler(request)
            guard write(response, to: connection), !response.withoutLength else { return }
            if request.headers["connection"]?.lowercased() == "close" { return }
        }
    }

    private func record(_ request: Request) {
        let line =
            "\(request.method) \(request.target)"
            + (request.headers["authorization"] != nil ? " (with credentials)" : "")
        lock.lock()
        requests.append(line)
        lock.unlock()
        if let logFile, let handle = FileHandle(forWritingAtPath: logFile) ?? create(logFile) {
            handle.seekToEndOfFile()
            handle.write(Data("[\(name) 127.0.0.1:\(port)] \(line)\n".utf8))
            try? handle.close()
        }
    }

    private func create(_ path: String) -> FileHandle? {
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        return FileHandle(forWritingAtPath: path)
    }

    /// Writes `response`; false when the client went away.
    private func write(_ response: Response, to connection: Int32) -> Bool {
        var head = "HTTP/1.1 \(response.status) \(Self.reason(response.status))\r\n"
        var headers = response.headers
        if response.withoutLength {
            headers["Connection"] = "close"
        } else {
            headers["Content-Length"] = String(response.body.count)
        }
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
            head += "\(name): \(value)\r\n"
        }
        head += "\r\n"
        guard send(Data(head.utf8), to: connection), send(response.body, to: connection) else { return false }
        var remaining = response.endlessBytes
        let chunk = Data(repeating: UInt8(ascii: "x"), count: 64 << 10)
        while remaining > 0 {
            guard send(chunk.prefix(remaining), to: connection) else { return false }
            remaining -= min(remaining, chunk.count)
        }
        return true
    }

    private func send(_ data: Data, to connection: Int32) -> Bool {
        data.withUnsafeBytes { buffer -> Bool in
            guard let base = buffer.baseAddress else { return true }
            var offset = 0
            while offset < buffer.count {
                let count = Glibc.send(connection, base + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
    }

    private static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 201: "Created"
        case 204: "No Content"
        case 207: "Multi-Status"
        case 301: "Moved Permanently"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 412: "Precondition Failed"
        default: "Status"
        }
    }

    /// Reads requests from one connection.
    private struct Reader {
        let descriptor: Int32
        var buffer: [UInt8] = []

        /// The next request; nil when the connection ended.
        mutating func request() -> Request? {
            guard let end = fill(until: { $0.firstRange(of: [13, 10, 13, 10]) }) else { return nil }
            let head = String(decoding: buffer[..<end.lowerBound], as: UTF8.self)
            buffer.removeFirst(end.upperBound)
            var lines = head.components(separatedBy: "\r\n")
            let requestLine = lines.removeFirst().split(separator: " ")
            guard requestLine.count >= 2 else { return nil }
            var headers: [String: String] = [:]
            for line in lines {
                guard let colon = line.firstIndex(of: ":") else { continue }
                headers[line[..<colon].lowercased()] = line[line.index(after: colon)...]
                    .trimmingCharacters(in: .whitespaces)
            }
            let length = Int(headers["content-length"] ?? "0") ?? 0
            guard fill(until: { $0.count >= length ? $0.count : nil }) != nil else { return nil }
            let body = Data(buffer.prefix(length))
            buffer.removeFirst(length)
            return Request(
                method: String(requestLine[0]), target: String(requestLine[1]), headers: headers, body: body)
        }

        /// Reads until `found` finds something in the buffer; nil when the connection ended first.
        private mutating func fill<Found>(until found: ([UInt8]) -> Found?) -> Found? {
            var chunk = [UInt8](repeating: 0, count: 64 << 10)
            while true {
                if let result = found(buffer) { return result }
                let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return nil }
                buffer.append(contentsOf: chunk[0..<count])
            }
        }
    }
}
