import Foundation

/// Work started at once on another thread and waited for later: work of this process that needs
/// no answer (a store's compaction), done while the calling thread writes other files or waits for
/// a server instead of before or after.
///
/// The contract that makes handing non-`Sendable` state to the other thread safe: the caller
/// leaves alone everything `work` uses until `wait()` has returned.
final class OffThreadWork: @unchecked Sendable {
    private let work: () -> Void
    private let finished = DispatchSemaphore(value: 0)
    /// Touched by the calling thread only.
    private var isWaitedFor = false

    /// Starts `work` on another thread.
    init(_ work: @escaping () -> Void) {
        self.work = work
        DispatchQueue.global().async { [self] in
            self.work()
            finished.signal()
        }
    }

    /// Returns once `work` has finished; at once after the first call.
    func wait() {
        guard !isWaitedFor else { return }
        finished.wait()
        isWaitedFor = true
    }

    /// Frees `value` on another thread, never waited for: a finished run's tables (thousands of
    /// records and items, and their strings) take milliseconds to free one object at a time,
    /// which a caller that exits once it has answered (the helper) then does not spend. What
    /// `value` holds that something else still refers to stays, as with any release.
    static func release<Value>(_ value: consuming Value) {
        DispatchQueue.global(qos: .utility).async { [held = Held(value)] in
            held.value = nil
        }
    }

    /// A value handed to the thread that frees it, and referred to by nothing else.
    private final class Held<Value>: @unchecked Sendable {
        var value: Value?

        init(_ value: consuming Value) {
            self.value = value
        }
    }
}
