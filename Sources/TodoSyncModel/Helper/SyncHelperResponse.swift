import Foundation

/// How `todo-tui-sync` answers a `SyncHelperRequest`, as JSON on its standard output, to
/// `todo-tui sync` and to the open list, which reads it as it is (no text to scrape, no state
/// file to re-read).
public enum SyncHelperResponse: Sendable, Equatable, Codable {
    /// It worked; the one line `todo-tui sync` prints (the run's summary, or the account set up).
    case finished(message: String)
    /// The run went through, but some local change did not reach the server or a conflict
    /// waits: the summary, which `todo-tui sync` reports with status 75 ("try again"), and the
    /// conflicts the run left waiting (policy `error`), for the open list's mine/theirs box.
    case incomplete(message: String, waiting: [WaitingConflict] = [])
    /// It stopped; `todo-tui sync` reports the error with its sysexits code.
    case failed(SyncError)

    /// The response as the helper writes it.
    public var encoded: Data {
        // An enum of strings and integers always encodes.
        (try? JSONEncoder().encode(self)) ?? Data()
    }

    /// The response in `data`; nil when the helper wrote something else.
    public init?(decoding data: Data) {
        guard let response = try? JSONDecoder().decode(Self.self, from: data) else { return nil }
        self = response
    }
}
