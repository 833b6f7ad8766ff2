import Foundation

/// A program running on a pseudo-terminal of a fixed size, as a person's terminal would run it,
/// with the benchmark on the other side: it types keys and times the frames that come back.
///
/// A frame is one burst of output: ncurses writes a whole screen update back to back, so the
/// bytes after a key, up to the first pause of `burstGap`, are the frame that key produced. The
/// app's animation frames come at least 20 ms apart, far longer than the gap.
final class PseudoTerminal {
    /// A pause in the output that ends a frame.
    static let burstGap = Duration.milliseconds(5)

    /// `TIOCSPTLCK` = `_IOW('T', 0x31, int)` and `TIOCGPTN` = `_IOR('T', 0x30, unsigned int)`.
    private static let setLock: UInt = 0x4004_5431, getNumber: UInt = 0x8004_5430

    let program: SpawnedProgram
    private let master: Int32
    /// Output since the last `send` or `discardOutput`, for finding markers and for errors.
    private var output: [UInt8] = []
    /// Whether the program was reaped, after which its pid may belong to another process.
    private var hasEnded = false

    /// Starts `executable` on a new pseudo-terminal of `rows` × `columns`.
    /// - Throws: `EndToEndError.systemCall` when the terminal or the program cannot be made.
    init(
        _ executable: String, _ arguments: [String], environment: [String: String], rows: Int, columns: Int
    ) throws(EndToEndError) {
        // posix_openpt, unlockpt and ptsname are hidden from Swift behind _XOPEN_SOURCE, and the
        // ioctl numbers are function-like macros Swift does not import: these are the Linux calls
        // glibc makes, with <asm-generic/ioctls.h>'s numbers.
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard master >= 0 else { throw .systemCall(name: "open of /dev/ptmx", errno: errno) }
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard ioctl(master, Self.setLock, &unlock) == 0, ioctl(master, Self.getNumber, &number) == 0 else {
            let failure = errno
            close(master)
            throw .systemCall(name: "unlocking the pseudo-terminal", errno: failure)
        }
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        let slave = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard slave >= 0 else {
            let failure = errno
            close(master)
            throw .systemCall(name: "open of the pseudo-terminal’s slave", errno: failure)
        }
        defer { close(slave) }
        do {
            program = try SpawnedProgram(executable, arguments, environment: environment, input: slave, output: slave)
        } catch {
            close(master)
            throw error
        }
        self.master = master
    }

    deinit {
        if !hasEnded {
            program.kill()
        }
        close(master)
    }

    /// Types `key`, which must make the app quit, reads what it writes on the way out (so that it
    /// never blocks on a full terminal) and waits for it to end.
    /// - Throws: `EndToEndError.failed` when it does not end with status 0 within `timeout`.
    func quit(by key: String, timeout: Duration = .seconds(30)) throws(EndToEndError) {
        _ = send(key)
        let deadline = ContinuousClock.now + timeout
        do {
            while try read(until: deadline) {}
        } catch {
            // The terminal closed: the app ended, as asked.
        }
        guard ContinuousClock.now < deadline else {
            throw .failed(command: program.command, status: -1, output: "it did not quit within \(timeout)")
        }
        let status = program.wait()
        hasEnded = true
        guard status == 0 else {
            throw .failed(command: program.command, status: status, output: tail)
        }
    }

    /// Writes `text` as typed keys and returns the instant just before the write.
    func send(_ text: String) -> ContinuousClock.Instant {
        output.removeAll(keepingCapacity: true)
        let bytes = Array(text.utf8)
        let start = ContinuousClock.now
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(master, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                guard written > 0 || errno == EINTR else { return }
                offset += max(0, written)
            }
        }
        return start
    }

    /// Waits for the next frame: output that contains `marker` (any output when nil), read to the
    /// end of its burst.
    /// - Returns: the instant the frame's last byte was read.
    /// - Throws: `EndToEndError.noFrame` after `timeout`; `.exitedEarly` when the app ends.
    func nextFrame(
        containing marker: String? = nil, timeout: Duration = .seconds(30)
    ) throws(EndToEndError) -> ContinuousClock.Instant {
        let deadline = ContinuousClock.now + timeout
        let needle = marker.map { Array($0.utf8) } ?? []
        var searchedUpTo = 0
        while true {
            guard try read(until: deadline) else {
                throw .noFrame(waitedSeconds: Double(timeout.components.seconds), outputTail: tail)
            }
            if needle.isEmpty || contains(needle, searchingFrom: &searchedUpTo) {
                break
            }
        }
        var last = ContinuousClock.now
        while try read(until: ContinuousClock.now + Self.burstGap) {
            last = ContinuousClock.now
        }
        return last
    }

    /// Reads and drops output until none has come for `quiet`, e.g. until an animation ends.
    func waitUntilQuiet(for quiet: Duration) throws(EndToEndError) {
        while try read(until: ContinuousClock.now + quiet) {}
        output.removeAll(keepingCapacity: true)
    }

    /// Reads what is available before `deadline`; false when nothing came in time.
    private func read(until deadline: ContinuousClock.Instant) throws(EndToEndError) -> Bool {
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        while true {
            let remaining = deadline - ContinuousClock.now
            let milliseconds = max(
                0, Int32(remaining.components.seconds * 1000 + remaining.components.attoseconds / 1_000_000_000_000_000)
            )
            let ready = poll(&descriptor, 1, milliseconds)
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { return false }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = Glibc.read(master, &chunk, chunk.count)
            if count < 0, errno == EINTR { continue }
            // EIO on a pseudo-terminal's master means the slave side was closed: the app ended.
            guard count > 0 else { throw .exitedEarly(outputTail: tail) }
            output.append(contentsOf: chunk[..<count])
            return true
        }
    }

    private func contains(_ needle: [UInt8], searchingFrom start: inout Int) -> Bool {
        guard output.count >= needle.count else { return false }
        let last = output.count - needle.count
        while start <= last {
            if output[start..<(start + needle.count)].elementsEqual(needle) { return true }
            start += 1
        }
        return false
    }

    /// The last output, for error messages.
    private var tail: String {
        String(decoding: output.suffix(300), as: UTF8.self)
    }
}
