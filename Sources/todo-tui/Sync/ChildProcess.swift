import Foundation
import Glibc

/// A process this one started with `posix_spawn`: the one way todo-tui starts another program
/// (the sync helper, from `todo-tui sync` and from the open list).
///
/// The child gets exactly the descriptors `Setup` names, since every descriptor todo-tui opens
/// is close-on-exec: standard input (this process's, or `/dev/null`); standard output, an
/// unlinked temporary file of mode 0600 read whole once the child has exited (a pipe would make
/// a child with a long answer wait for a reader that only looks now and then); standard error
/// (this process's, or `/dev/null`); and, when asked for, a **lifeline** on a
/// descriptor of its choice: the read end of a pipe whose write end only this process holds,
/// until it reaps the child. When this process ends, however it ends, the kernel closes that end
/// and the child reads end-of-file (`todo-tui-sync`'s `ParentLifeline` then stops it).
///
/// `poll()` reaps without waiting, for a run loop; `wait()` blocks, for a command.
final class ChildProcess {
    /// Where one of the child's standard streams goes.
    enum Stream: Equatable {
        /// This process's own.
        case inherited
        /// `/dev/null`.
        case discarded
    }

    /// How a child ended.
    enum Termination: Equatable {
        case exited(status: Int32)
        case signalled(Int32)
        /// Reaped by something else (never by todo-tui, which leaves `SIGCHLD` as it is).
        case unknown
    }

    /// How the child is started.
    struct Setup {
        var input = Stream.inherited
        var errors = Stream.inherited
        /// The descriptor the lifeline is handed on; nil for none.
        var lifeline: Int32?
        /// The child's environment as `NAME=value` strings; nil inherits this process's.
        var environment: [String]?
        /// A process group of its own, so that the terminal's signals (Ctrl-C, Ctrl-Z) never
        /// reach it, and every signal's default disposition with none blocked, whatever this
        /// process ignores or catches.
        var detached = false
    }

    let pid: pid_t
    /// The file the child's standard output goes to.
    private let output: Int32
    /// The write end of the lifeline; -1 without one, or once the child is reaped.
    private var lifeline: Int32
    private var finished: (termination: Termination, output: Data)?

    /// Starts `executable` with `arguments` (the program name excluded).
    /// - Throws: the sentence naming why it could not start (`strerror`).
    init(_ executable: String, arguments: [String], setup: Setup) throws(ChildProcess.Failure) {
        output = try Self.outputFile()
        var pipeEnds: [Int32] = [-1, -1]
        if setup.lifeline != nil {
            guard pipe(&pipeEnds) == 0 else {
                let failure = Failure.last()
                close(output)
                throw failure
            }
            for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        }
        lifeline = pipeEnds[1]
        var pid = pid_t()
        let spawned = Self.spawn(
            &pid, executable, [executable] + arguments, setup: setup, output: output, lifelineReadEnd: pipeEnds[0])
        // Only the child holds the read end from now on.
        if pipeEnds[0] >= 0 { close(pipeEnds[0]) }
        guard spawned == 0 else {
            close(output)
            if lifeline >= 0 { close(lifeline) }
            throw Failure(errno: spawned)
        }
        self.pid = pid
    }

    deinit {
        close(output)
        if lifeline >= 0 { close(lifeline) }
    }

    /// How the child ended and what it wrote, once it has; nil while it runs. Never blocks.
    func poll() -> (termination: Termination, output: Data)? {
        if let finished { return finished }
        var status: Int32 = 0
        let reaped = waitpid(pid, &status, WNOHANG)
        guard reaped == pid || (reaped < 0 && errno == ECHILD) else { return nil }
        return finish(status: reaped == pid ? status : -1)
    }

    /// Waits for the child to end; how it ended and what it wrote.
    func wait() -> (termination: Termination, output: Data) {
        if let finished { return finished }
        var status: Int32 = 0
        var reaped = waitpid(pid, &status, 0)
        while reaped < 0, errno == EINTR {
            reaped = waitpid(pid, &status, 0)
        }
        return finish(status: reaped == pid ? status : -1)
    }

    /// Records the end of the child: its status (-1: unknown) and its output.
    private func finish(status: Int32) -> (termination: Termination, output: Data) {
        if lifeline >= 0 {
            close(lifeline)
            lifeline = -1
        }
        let signal = status & 0x7f
        let termination: Termination =
            status < 0 ? .unknown : signal == 0 ? .exited(status: (status >> 8) & 0xff) : .signalled(signal)
        let result = (termination, Self.contents(of: output))
        finished = result
        return result
    }

    /// An unlinked temporary file, mode 0600 and close-on-exec: the child gets it through
    /// `dup2` only.
    private static func outputFile() throws(Failure) -> Int32 {
        let folder = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
        var template = Array((folder + "/todo-tui-child-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { mkstemp($0) } ?? -1
        }
        guard fd >= 0 else { throw .last() }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        template.withUnsafeBufferPointer { buffer in
            if let name = buffer.baseAddress { unlink(name) }
        }
        return fd
    }

    /// Everything in the file `fd`, from its start.
    private static func contents(of fd: Int32) -> Data {
        var bytes = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var offset: off_t = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, offset) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return bytes }
            bytes.append(contentsOf: buffer[0..<count])
            offset += off_t(count)
        }
    }

    /// `posix_spawn` with the descriptors and attributes of `setup`; 0, or the error number.
    private static func spawn(
        _ pid: inout pid_t, _ executable: String, _ arguments: [String], setup: Setup, output: Int32,
        lifelineReadEnd: Int32
    ) -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // dup2 clears close-on-exec on the copies.
        if setup.input == .discarded {
            posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        }
        posix_spawn_file_actions_adddup2(&actions, output, STDOUT_FILENO)
        if setup.errors == .discarded {
            posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
        }
        if let descriptor = setup.lifeline {
            posix_spawn_file_actions_adddup2(&actions, lifelineReadEnd, descriptor)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        if setup.detached {
            var all = sigset_t()
            var none = sigset_t()
            sigfillset(&all)
            sigemptyset(&none)
            posix_spawnattr_setsigdefault(&attributes, &all)
            posix_spawnattr_setsigmask(&attributes, &none)
            posix_spawnattr_setpgroup(&attributes, 0)
            posix_spawnattr_setflags(
                &attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETPGROUP))
        }
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        guard let environment = setup.environment else {
            return posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        }
        let envp = environment.map { strdup($0) } + [nil]
        defer { envp.forEach { free($0) } }
        return posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
    }

    /// Why a child could not be started: the system's sentence for its error number.
    struct Failure: Error, Equatable, CustomStringConvertible {
        let errno: Int32

        static func last() -> Failure { Failure(errno: Glibc.errno) }

        var description: String { String(cString: strerror(errno)) }
    }
}
