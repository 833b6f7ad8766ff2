import Foundation
import Glibc

/// Removes the demo's temporary folder when a signal ends the process (a hang-up of the
/// terminal, SIGTERM, SIGINT, SIGQUIT), where no `defer` runs.
///
/// The handler is installed before the terminal opens, so the terminal's own handler, which
/// restores the screen and re-raises with the disposition it found, ends in this one. A signal
/// handler may only make async-signal-safe calls: the `rm -rf` command line is built in advance,
/// and the handler forks, `execve`s it, waits, and re-raises the signal with its default action,
/// so the process ends as it would have.
enum DemoFolderGuard {
    /// The signals that end the process by default and that a user or terminal sends.
    static let signals: [Int32] = [SIGHUP, SIGTERM, SIGINT, SIGQUIT]

    /// `["/bin/rm", "-rf", "--", folder, nil]` as C strings, built before any handler runs; never
    /// freed, since the handler may read it until the process ends.
    nonisolated(unsafe) private static var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?

    /// Installs the handler for `folder`. Call once, before the terminal opens.
    static func install(for folder: URL) {
        let words = ["/bin/rm", "-rf", "--", folder.path]
        let argv = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: words.count + 1)
        for (index, word) in words.enumerated() {
            argv[index] = strdup(word)
        }
        argv[words.count] = nil
        arguments = argv
        for signal in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { received in
                DemoFolderGuard.removeAndReraise(received)
            }
            sigemptyset(&action.sa_mask)
            sigaction(signal, &action, nil)
        }
    }

    /// The handler: removes the folder with async-signal-safe calls only, then ends the process
    /// by the signal's default action.
    private static func removeAndReraise(_ received: Int32) {
        if let argv = arguments, let path = argv[0] {
            let child = fork()
            if child == 0 {
                execve(path, argv, environ)
                _exit(127)
            }
            if child > 0 {
                var status: Int32 = 0
                waitpid(child, &status, 0)
            }
        }
        signal(received, SIG_DFL)
        raise(received)
    }
}
