import Glibc

/// Sleeps until a deadline or until a file in the store's folder changes (inotify), whichever
/// comes first: how `todo-tui remind --watch` waits between alarms without using the CPU.
///
/// The folder is watched, not the file: a save replaces the store by renaming a new file over it,
/// and appends to the journal beside it.
final class StoreWatcher {
    private let descriptor: Int32

    /// Watches `folder`; nil when inotify is not available (the caller then wakes at deadlines
    /// only, and says so).
    init?(folder: String) {
        let fd = inotify_init1(Int32(IN_CLOEXEC))
        guard fd >= 0 else { return nil }
        let mask = UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO) | UInt32(IN_CREATE) | UInt32(IN_DELETE)
        guard inotify_add_watch(fd, folder, mask) >= 0 else {
            close(fd)
            return nil
        }
        descriptor = fd
    }

    deinit {
        close(descriptor)
    }

    /// Waits up to `milliseconds` (at least 0) for a change in the folder; drains the events.
    /// - Returns: true when something changed, false when the time ran out.
    func wait(milliseconds: Int) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let ready = poll(&entry, 1, Int32(clamping: max(0, milliseconds)))
        guard ready > 0 else { return false }
        var buffer = [UInt8](repeating: 0, count: 4_096)
        _ = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        return true
    }

    /// Lets SIGTERM, SIGINT and SIGHUP end the process with their default action: a watcher
    /// started by a program that blocks or ignores them (a test runner, some service managers)
    /// inherits that, and would otherwise never stop when asked.
    static func restoreStopSignals() {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in [SIGTERM, SIGINT, SIGHUP] {
            sigaddset(&set, signal)
            Glibc.signal(signal, SIG_DFL)
        }
        sigprocmask(SIG_UNBLOCK, &set, nil)
    }

    /// Sleeps `milliseconds` without a watcher.
    static func sleep(milliseconds: Int) {
        var none = pollfd(fd: -1, events: 0, revents: 0)
        _ = poll(&none, 1, Int32(clamping: max(0, milliseconds)))
    }
}
