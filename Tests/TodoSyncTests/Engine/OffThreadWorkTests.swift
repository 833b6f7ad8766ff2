import Foundation
import Testing

@testable import TodoSync

/// `OffThreadWork`: work done on another thread and waited for, and values freed on another thread.
@Suite("Work on another thread")
struct OffThreadWorkTests {
    @Test("the work runs on another thread, and wait() returns once it is done, at once the second time")
    func waitsForTheWork() {
        let caller = Thread.current
        let seen = Seen()
        let work = OffThreadWork {
            usleep(50_000)
            seen.record(onCaller: Thread.current == caller)
        }
        work.wait()
        #expect(seen.calls == [false], "run once, not on the caller's thread, finished before wait() returned")
        work.wait()
        #expect(seen.calls == [false])
    }

    @Test("a released value is freed on another thread, not by the caller")
    func releasesAside() {
        let caller = Thread.current
        let seen = Seen()
        let freed = DispatchSemaphore(value: 0)
        OffThreadWork.release(
            Tracked {
                seen.record(onCaller: Thread.current == caller)
                freed.signal()
            })
        #expect(freed.wait(timeout: .now() + 10) == .success, "freed at all")
        #expect(seen.calls == [false])
    }

    /// Calls `onDeinit` when it is freed.
    private final class Tracked {
        let onDeinit: () -> Void
        init(_ onDeinit: @escaping () -> Void) { self.onDeinit = onDeinit }
        deinit { onDeinit() }
    }

    /// Whether each call came on the caller's thread, recorded from any thread.
    private final class Seen: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: [Bool] = []

        var calls: [Bool] {
            lock.lock()
            defer { lock.unlock() }
            return stored
        }

        func record(onCaller: Bool) {
            lock.lock()
            stored.append(onCaller)
            lock.unlock()
        }
    }
}
