import Foundation

/// A child process the end-to-end benchmarks start, time and measure.
///
/// The child gets exactly the given environment and standard streams (no other descriptor of
/// ours), default signal handling and an empty signal mask, so that what is timed is the
/// program, not what it inherited.
struct SpawnedProgram {
    let pid: pid_t
    let command: String

    /// Starts `executable` with `arguments`.
    /// - Parameters:
    ///   - environment: the child's whole environment.
    ///   - input/output: descriptors that become the child's standard input, and its standard
    ///     output and error.
    /// - Throws: `EndToEndError.systemCall` when the program cannot be started.
    init(
        _ executable: String, _ arguments: [String], environment: [String: String], input: Int32, output: Int32
    ) throws(EndToEndError) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (descriptor, standard) in [(input, Int32(0)), (output, 1), (output, 2)] {
            posix_spawn_file_actions_adddup2(&actions, descriptor, standard)
        }
        // Glibc's closefrom action is not visible to Swift; close what is open now instead.
        let open =
            (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd"))?.compactMap { Int32($0) } ?? []
        open.filter { $0 > 2 }.forEach { posix_spawn_file_actions_addclose(&actions, $0) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Every signal at its default and none blocked, whatever this process set.
        var signals = sigset_t()
        sigfillset(&signals)
        posix_spawnattr_setsigdefault(&attributes, &signals)
        sigemptyset(&signals)
        posix_spawnattr_setsigmask(&attributes, &signals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard spawned == 0 else {
            throw .systemCall(name: "posix_spawn of \(executable)", errno: spawned)
        }
        self.pid = pid
        command = ([executable] + arguments).joined(separator: " ")
    }

    /// Runs `executable` to its end with output discarded, and checks that it succeeded.
    /// - Throws: `EndToEndError.failed` when it ends with a non-zero status; see `init`.
    /// - Parameter samplingPeak: whether to read the child's peak resident memory while it runs.
    /// - Returns: the peak resident memory in bytes when sampled (see `waitSamplingPeak`), else 0.
    @discardableResult
    static func run(
        _ executable: String, _ arguments: [String], environment: [String: String], samplingPeak: Bool = false
    ) throws(EndToEndError) -> Int {
        let null = open("/dev/null", O_RDWR | O_CLOEXEC)
        defer { close(null) }
        let program = try SpawnedProgram(executable, arguments, environment: environment, input: null, output: null)
        let (status, peak) = samplingPeak ? program.waitSamplingPeak() : (program.wait(), 0)
        guard status == 0 else {
            throw .failed(command: program.command, status: status, output: "")
        }
        return peak
    }

    /// Runs `executable` to its end with output discarded (or its standard output written to
    /// the file at `outputPath`), and checks that it succeeded.
    /// - Returns: its wall-clock time and the processor time (user and system) of it and of every
    ///   descendant it waited for, in seconds.
    /// - Throws: `EndToEndError.failed` when it ends with a non-zero status; see `init`.
    static func measure(
        _ executable: String, _ arguments: [String], environment: [String: String], outputPath: String = "/dev/null"
    ) throws(EndToEndError) -> (seconds: Double, cpuSeconds: Double) {
        let null = open(outputPath, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard null >= 0 else { throw .systemCall(name: "open \(outputPath)", errno: errno) }
        defer { close(null) }
        let start = ContinuousClock.now
        let program = try SpawnedProgram(executable, arguments, environment: environment, input: null, output: null)
        var status: Int32 = 0
        var usage = rusage()
        while wait4(program.pid, &status, 0, &usage) == -1, errno == EINTR {}
        let seconds = (ContinuousClock.now - start).seconds
        guard status == 0 else { throw .failed(command: program.command, status: status, output: "") }
        func time(_ value: timeval) -> Double { Double(value.tv_sec) + Double(value.tv_usec) * 1e-6 }
        return (seconds, time(usage.ru_utime) + time(usage.ru_stime))
    }

    /// Waits for the child to end.
    /// - Returns: the raw wait status, 0 for a normal exit with status 0.
    func wait() -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1, errno == EINTR {}
        return status
    }

    /// Waits for the child to end, reading its peak resident memory (`VmHWM`) every millisecond
    /// meanwhile; what it reaches in its last millisecond is missed.
    ///
    /// `wait4`'s `ru_maxrss` cannot serve: Linux counts into it the peak of the memory the child
    /// had before `exec`, which is this process's when it was spawned sharing our memory, as
    /// `posix_spawn` does.
    /// - Returns: the raw wait status and the last peak read, in bytes.
    func waitSamplingPeak() -> (status: Int32, peakBytes: Int) {
        var peak = 0
        var status: Int32 = 0
        while true {
            if let memory = residentMemory() {
                peak = max(peak, memory.peak)
            }
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped == pid || (reaped == -1 && errno != EINTR) {
                return (status, peak)
            }
            usleep(1_000)
        }
    }

    /// Ends the child at once (it gets no chance to write anything more) and reaps it.
    func kill() {
        Glibc.kill(pid, SIGKILL)
        _ = wait()
    }

    /// The child's current and peak resident set (`VmRSS`, `VmHWM` of `/proc/PID/status`), in
    /// bytes; nil when the child is gone.
    func residentMemory() -> (current: Int, peak: Int)? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        func kilobytes(_ field: String) -> Int? {
            status.split(separator: "\n").first { $0.hasPrefix(field + ":") }
                .flatMap { line in
                    line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first.flatMap { Int($0) }
                }
        }
        guard let current = kilobytes("VmRSS"), let peak = kilobytes("VmHWM") else { return nil }
        return (current * 1024, peak * 1024)
    }

    /// The page faults the child has taken so far, minor and major (`/proc/PID/stat`); nil when
    /// the child is gone.
    func pageFaults() -> Int? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let end = stat.lastIndex(of: ")")
        else { return nil }
        // After the command's name in parentheses: state, ppid, …, minflt (8th), cminflt, majflt.
        let fields = stat[stat.index(after: end)...].split(separator: " ")
        guard fields.count > 9, let minor = Int(fields[7]), let major = Int(fields[9]) else { return nil }
        return minor + major
    }

    /// Whether any mapping of the child's is advised for transparent huge pages (`hg` among the
    /// `VmFlags` of `/proc/PID/smaps`; the advice stays when the idle trim splits the pages); nil
    /// when the child is gone.
    func hasHugePageAdvice() -> Bool? {
        // Read to the end: `String(contentsOfFile:)` stops at 4 KB of a /proc file, whose size says 0.
        guard let handle = FileHandle(forReadingAtPath: "/proc/\(pid)/smaps"), let data = try? handle.readToEnd()
        else { return nil }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").contains { line in
            line.hasPrefix("VmFlags:") && line.split(separator: " ").contains("hg")
        }
    }
}
