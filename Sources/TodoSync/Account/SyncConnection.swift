import Foundation
import TodoSyncModel

/// The client for an account: its password fetched from its source.
enum SyncConnection {
    /// A client that authenticates as `user` at `url`'s origin, sends nothing elsewhere, and waits
    /// for the server within `timeouts` (the run's ceiling counts from now).
    /// - Throws: `SyncError` for a URL without a host, a missing password or a failing password
    ///   command.
    static func client(
        user: String, url: URL, passwordCommand: String?, timeouts: SyncTimeouts
    ) throws(SyncError) -> CalDAVClient {
        guard let origin = Origin(url) else { throw .invalidURL(url.absoluteString) }
        let password = try PasswordSource.password(
            user: user, host: url.host ?? "", command: passwordCommand,
            environment: ProcessInfo.processInfo.environment, home: NSHomeDirectory())
        return CalDAVClient(
            transport: CurlTransport(user: user, password: password, timeouts: timeouts), user: user, origin: origin)
    }
}
