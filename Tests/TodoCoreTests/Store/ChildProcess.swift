import Foundation
import Glibc
import Testing

/// A child process started with `posix_spawn`, its standard output read through a pipe; the
/// child is killed and reaped when the value is released, if the test has not done so.
final class ChildProcess {
    let pid: pid_t
    private let output: Int32
    private var buffered: [UInt8] = []
    private var reaped = false

    init(executable: String, arguments: [String]) throws {
        var fds: [Int32] = [-1, -1]
        try #require(pipe(&fds) == 0)
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // dup2 in the child clears close-on-exec on standard output only.
        posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, executable, &actions, nil, argv, envp)
        close(fds[1])
        guard status == 0 else {
            close(fds[0])
            throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EIO)
        }
        pid = child
        output = fds[0]
    }

    deinit {
        if !reaped { kill(SIGKILL) }
        close(output)
    }

    /// Reads until at least one complete line has arrived; false if output ended first.
    func waitForLine() -> Bool {
        while !buffered.contains(UInt8(ascii: "\n")) {
            guard readMore() else { return false }
        }
        return true
    }

    /// Sends `signal` and waits for the child to end.
    func kill(_ signal: Int32) {
        Glibc.kill(pid, signal)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        reaped = true
    }

    /// Everything the ended child wrote, as complete lines; a last line without its newline was
    /// never finished and is dropped.
    ///
    /// Reads without blocking until the pipe is empty rather than waiting for end of file, which
    /// a process spawned elsewhere at the same moment could delay by inheriting the pipe.
    func completeLines() -> [String] {
        precondition(reaped, "completeLines() reads what an ended child wrote; kill it first")
        _ = fcntl(output, F_SETFL, fcntl(output, F_GETFL) | O_NONBLOCK)
        while readMore() {}
        let text = String(decoding: buffered, as: UTF8.self)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines.removeLast()
        return lines
    }

    private func readMore() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 4_096)
        let count = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
        if count < 0 && errno == EINTR { return true }
        guard count > 0 else { return false }
        buffered += chunk[..<count]
        return true
    }
}
