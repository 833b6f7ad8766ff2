import Foundation
import Glibc

/// A loopback HTTP server that answers every request with a status line and headers at once,
/// then one byte of body every `interval`: an answer that keeps arriving, too slowly to finish
/// (a fault no real server shows on purpose). It serves one connection at a time on a thread of
/// its own until `stop()`.
final class TrickleServer: @unchecked Sendable {
    let port: Int
    private let descriptor: Int32

    init(interval: Duration) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let descriptor = descriptor
        let listening = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                bind(descriptor, raw, length) == 0 && listen(descriptor, 8) == 0
                    && getsockname(descriptor, raw, &length) == 0
            }
        }
        port = Int(UInt16(bigEndian: address.sin_port))
        guard descriptor >= 0, listening else { throw CocoaError(.fileWriteUnknown) }
        let pause = useconds_t(interval / .microseconds(1))
        Thread.detachNewThread {
            // accept fails once `stop()` shuts the socket down; only then is it closed, here, so
            // that its number cannot be reused by another test's socket while this loop runs.
            while case let connection = accept(descriptor, nil, nil), connection >= 0 {
                Self.trickle(to: connection, pause: pause)
                close(connection)
            }
            close(descriptor)
        }
    }

    /// Reads the request's first bytes, then sends the answer's head and a byte at a time until
    /// the client goes away.
    private static func trickle(to connection: Int32, pause: useconds_t) {
        var buffer = [UInt8](repeating: 0, count: 4096)
        _ = recv(connection, &buffer, buffer.count, 0)
        let head = Array(
            "HTTP/1.1 207 Multi-Status\r\nContent-Type: application/xml\r\nContent-Length: 100000\r\n\r\n".utf8)
        guard send(connection, head, head.count, Int32(MSG_NOSIGNAL)) == head.count else { return }
        var byte = UInt8(ascii: " ")
        while send(connection, &byte, 1, Int32(MSG_NOSIGNAL)) == 1 {
            usleep(pause)
        }
    }

    func stop() {
        shutdown(descriptor, Int32(SHUT_RDWR))
    }

    deinit {
        stop()
    }
}
