import Foundation
import Glibc
import TodoSyncModel

/// Ends this helper the moment the process that started it ends: `todo-tui sync`, or the open list.
///
/// `todo-tui sync` is what people and scripts see and stop (Ctrl-C, `kill`, a SIGKILL), and
/// quitting the list ends its sync: the helper must stop with them, or a run would go on after the
/// command or the list ended. The parent passes the read end of a pipe as descriptor 3
/// (`SyncHelperRequest.lifeline`) and keeps the write end; when the parent ends, however it ends,
/// the kernel closes that end and a read here returns end-of-file.
enum ParentLifeline {
    static let descriptor = SyncHelperRequest.lifeline

    /// Watches descriptor 3 on a thread of its own, when it is a pipe, and kills this process with
    /// SIGKILL when the other end closes, so the helper stops exactly as the parent did.
    static func watch() {
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFIFO else { return }
        // A password command the helper runs has no use for it.
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        Thread.detachNewThread {
            var byte: UInt8 = 0
            while true {
                let count = read(descriptor, &byte, 1)
                if count < 0 && errno == EINTR { continue }
                // End-of-file (or an error): the parent is gone.
                if count <= 0 { kill(getpid(), SIGKILL) }
            }
        }
    }
}
