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
}
