import Glibc

/// A loopback TCP socket that never answers, for the faults no real server shows on purpose.
///
/// By default the kernel takes connections into its backlog, so a client connects and then waits
/// for an answer that never comes. With `full`, the backlog is filled first, so the kernel drops
/// a new connection's SYN and the client never gets connected at all.
public final class SilentServer: @unchecked Sendable {
    public let port: Int
    private let descriptor: Int32
    /// The connections that fill the backlog.
    private var fillers: [Int32] = []

    /// - Throws: `CalDAVTestServer.Failure` when no socket could be bound.
    public init(full: Bool = false) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let descriptor = descriptor
        let listening = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                bind(descriptor, raw, length) == 0 && listen(descriptor, full ? 0 : 8) == 0
                    && getsockname(descriptor, raw, &length) == 0
            }
        }
        port = Int(UInt16(bigEndian: address.sin_port))
        guard descriptor >= 0, listening else {
            throw CalDAVTestServer.Failure(description: "no loopback socket could be bound")
        }
        // A backlog of 0 holds one connection; two more make sure it is full.
        for _ in 0..<(full ? 3 : 0) {
            let filler = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
            withUnsafeMutablePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    _ = connect(filler, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            fillers.append(filler)
        }
    }

    deinit {
        fillers.forEach { close($0) }
        close(descriptor)
    }
}
