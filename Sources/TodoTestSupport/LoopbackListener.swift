import Glibc

/// A TCP socket listening on 127.0.0.1, on a port the kernel picks: the fake servers' and the
/// silent server's.
public enum LoopbackListener {
    /// A listening socket with room for `backlog` waiting connections, and its port; nil when
    /// none could be made.
    public static func open(backlog: Int32) -> (descriptor: Int32, port: Int)? {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let listening = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                bind(descriptor, raw, length) == 0 && listen(descriptor, backlog) == 0
                    && getsockname(descriptor, raw, &length) == 0
            }
        }
        guard listening else {
            close(descriptor)
            return nil
        }
        return (descriptor, Int(UInt16(bigEndian: address.sin_port)))
    }
}
