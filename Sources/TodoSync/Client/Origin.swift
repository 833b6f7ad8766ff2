import Foundation

/// The scheme, host and port of a URL: the one server an account talks to.
///
/// The account's origin is fixed when it is set up (`SyncAccount.server`); every request of a
/// setup or a run goes to it, and its credentials go nowhere else (`CalDAVClient` refuses any
/// other before the transport sees it, the transport follows redirects only within it). Names
/// compare case-insensitively and a missing port is the scheme's own (80, 443), so
/// `HTTPS://Dav.Example:443/` and `https://dav.example/` are one origin.
public struct Origin: Sendable, Hashable, CustomStringConvertible {
    /// Lower-cased: `http` or `https` in practice.
    public let scheme: String
    /// Lower-cased, without the brackets of an IPv6 address.
    public let host: String
    public let port: Int

    /// The origin of `url`; nil when it has no scheme or host.
    public init?(_ url: URL) {
        guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased(), !host.isEmpty else {
            return nil
        }
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        guard let port = url.port ?? Self.defaultPort(of: scheme) else { return nil }
        self.scheme = scheme
        self.host = bare
        self.port = port
    }

    /// True when `url` is on this origin.
    public func contains(_ url: URL) -> Bool {
        Origin(url) == self
    }

    /// `https://dav.example`, `http://127.0.0.1:5232`: as a person would type it.
    public var description: String {
        let host = self.host.contains(":") ? "[\(self.host)]" : self.host
        return "\(scheme)://\(host)" + (port == Self.defaultPort(of: scheme) ? "" : ":\(port)")
    }

    private static func defaultPort(of scheme: String) -> Int? {
        switch scheme {
        case "http": 80
        case "https": 443
        default: nil
        }
    }
}
