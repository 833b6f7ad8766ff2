import Foundation
import TodoSyncModel

/// The `sync-collection` requests of a run, sent as soon as the quiet check has shown which
/// calendars changed, so that the server works on them while this process reads the sync state
/// and the store (`SyncEngine.prepareRun`): those reads no longer sit between the PROPFIND's
/// answer and the REPORT on the run's wall clock.
///
/// A run takes an answer only for the exact request it would send itself (`take(_:token:)`): the
/// same collection and token; a calendar the run no longer links, or asks otherwise, sends its own
/// request as before. Only where the transport sends requests together
/// (`maximumConcurrentRequests` > 1): with one at a time, requests keep the run's order.
final class EarlyChanges: @unchecked Sendable {
    /// One collection's request: its token, and its answer once it came.
    private struct Entry {
        let token: String
        var answer: Result<CollectionChanges?, SyncError>?
    }

    private let condition = NSCondition()
    private var entries: [URL: Entry] = [:]
    private var outstanding = 0

    /// Sends `client.syncCollection(url, token:)` for each of `requests` on other threads, at most
    /// as many together as the transport allows; returns at once.
    /// - Returns: nil when there is nothing to send or the transport sends one request at a time.
    static func start(_ requests: [(url: URL, token: String)], client: CalDAVClient) -> EarlyChanges? {
        let width = client.transport.maximumConcurrentRequests
        guard !requests.isEmpty, width > 1 else { return nil }
        let early = EarlyChanges()
        early.outstanding = requests.count
        for (url, token) in requests {
            early.entries[url] = Entry(token: token)
        }
        let queue = DispatchQueue(label: "todo-tui.early-changes", attributes: .concurrent)
        let slots = DispatchSemaphore(value: width)
        for (url, token) in requests {
            queue.async {
                slots.wait()
                defer { slots.signal() }
                let answer = Result { () throws(SyncError) -> CollectionChanges? in
                    try client.syncCollection(url, token: token)
                }
                early.condition.lock()
                early.entries[url]?.answer = answer
                early.outstanding -= 1
                early.condition.broadcast()
                early.condition.unlock()
            }
        }
        return early
    }

    /// The answer to `syncCollection(url, token: token)`, waiting for it when it has not come yet;
    /// nil when no such request was sent early (then the caller sends its own). Each answer is
    /// given once.
    func take(_ url: URL, token: String) -> Result<CollectionChanges?, SyncError>? {
        condition.lock()
        defer { condition.unlock() }
        guard entries[url]?.token == token else { return nil }
        while true {
            if let answer = entries[url]?.answer {
                entries[url] = nil
                return answer
            }
            condition.wait()
        }
    }

    /// Waits until every request sent early has its answer (taken or not), so that none is still
    /// in flight when the run ends.
    func finish() {
        condition.lock()
        defer { condition.unlock() }
        while outstanding > 0 {
            condition.wait()
        }
    }
}
