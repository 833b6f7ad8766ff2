import CCurl
import Foundation

/// What one request of `CurlTransport` gathers while libcurl runs it: the answer's header fields
/// and body, and when a byte last moved, for the silence limit. libcurl's callbacks reach it
/// through the context pointer they are given; it lives for exactly one `curl_easy_perform`.
final class CurlExchange {
    /// Header fields by lower-cased name, of the last response (a `100 Continue` or a proxy's
    /// `CONNECT` answer comes first and is dropped); repeated fields joined by ", ".
    private(set) var headers: [String: String] = [:]
    private(set) var body = Data()
    /// The most body bytes kept; past it the transfer stops.
    let bodyLimit: Int
    private(set) var isOverLimit = false
    /// The longest stretch without a byte moving either way before the transfer stops.
    let silence: Duration
    private(set) var fellSilent = false
    private var moved: Int64 = -1
    private var lastMovement = ContinuousClock.now

    init(bodyLimit: Int, silence: Duration) {
        self.bodyLimit = bodyLimit
        self.silence = silence
    }

    /// The pointer libcurl hands back to the callbacks; valid while the caller keeps `self` alive.
    var context: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    private static func from(_ context: UnsafeMutableRawPointer?) -> CurlExchange? {
        context.map { Unmanaged<CurlExchange>.fromOpaque($0).takeUnretainedValue() }
    }

    /// CURLOPT_HEADERFUNCTION: one header line, or a status line that starts a response. An
    /// answer whose `Content-Length` is over the limit stops here, before its body is read.
    static let receiveHeader: ccurl_data_function = { data, size, count, context in
        guard let exchange = from(context), let data else { return 0 }
        exchange.addHeaderLine(UnsafeRawBufferPointer(start: data, count: size * count))
        if let length = exchange.headers["content-length"].flatMap(Int.init), length > exchange.bodyLimit {
            exchange.isOverLimit = true
            return 0
        }
        return size * count
    }

    /// CURLOPT_WRITEFUNCTION: body bytes; returning less than given stops the transfer.
    static let receiveBody: ccurl_data_function = { data, size, count, context in
        guard let exchange = from(context), let data else { return 0 }
        let length = size * count
        guard exchange.body.count <= exchange.bodyLimit - length else {
            exchange.isOverLimit = true
            return 0
        }
        data.withMemoryRebound(to: UInt8.self, capacity: length) { exchange.body.append($0, count: length) }
        return length
    }

    /// CURLOPT_XFERINFOFUNCTION: called while bytes move and about once a second while none
    /// do; a non-zero return stops the transfer.
    static let progress: ccurl_progress_function = { context, _, downloaded, _, uploaded in
        guard let exchange = from(context) else { return 1 }
        return exchange.noteProgress(Int64(downloaded) + Int64(uploaded)) ? 0 : 1
    }

    /// Records the bytes moved so far; false once none moved for `silence`.
    private func noteProgress(_ total: Int64) -> Bool {
        let now = ContinuousClock.now
        if total != moved {
            moved = total
            lastMovement = now
            return true
        }
        if now - lastMovement >= silence {
            fellSilent = true
            return false
        }
        return true
    }

    private func addHeaderLine(_ bytes: UnsafeRawBufferPointer) {
        let line = String(decoding: bytes, as: UTF8.self)
        if line.hasPrefix("HTTP/") {
            headers = [:]
            return
        }
        guard let colon = line.firstIndex(of: ":") else { return }
        let name = line[..<colon].lowercased()
        let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
        headers[name] = headers[name].map { $0 + ", " + value } ?? value
    }
}
