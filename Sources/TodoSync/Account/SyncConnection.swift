import Foundation
import TodoSyncModel

/// The client for an account: its password fetched from its source.
enum SyncConnection {
    /// A client that authenticates as `user` at `url`'s origin, and sends nothing elsewhere.
    /// - Throws: `SyncError` for a URL without a host, a missing password or a failing password
    ///   command.
    static func client(user: String, url: URL, passwordCommand: String?) throws(SyncError) -> CalDAVClient {
        guard let origin = Origin(url) else { throw .invalidURL(url.absoluteString) }
        let password = try PasswordSource.password(
            user: user, host: url.host ?? "", command: passwordCommand,
            environment: ProcessInfo.processInfo.environment, home: NSHomeDirectory())
        return CalDAVClient(
            transport: URLSessionTransport(user: user, password: password), user: user, origin: origin)
    }
}
