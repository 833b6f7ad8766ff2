import Glibc

/// The advisory `flock` on the sibling lock file `<store>.lock`, held around every
/// read-modify-write.
///
/// The holder writes its process id into the lock file, so that a process that gives up
/// waiting can say who holds the lock; it empties the file again before unlocking. The lock
/// file itself is never deleted: deleting it would let two processes lock two different files.
/// The kernel drops the lock when the holder dies, so a killed writer never blocks others.
enum StoreLock {
    /// How long one wait between attempts lasts.
    static let pollInterval: Duration = .milliseconds(10)

    /// Runs `body` while holding the exclusive lock on `path`, creating the file (0600) if needed.
    ///
    /// - Parameters:
    ///   - path: the lock file.
    ///   - attempts: how many times to try the lock, `pollInterval` apart, before giving up.
    ///     Counting attempts rather than reading the clock keeps the core free of wall-clock time.
    /// - Throws: `StoreError.cannotCreate` if the lock file cannot be opened or created,
    ///   `.lockBusy` (with the holder's process id when it has written one) when every attempt
    ///   failed, `.ioFailure` if `flock` fails otherwise; and whatever `body` throws.
    static func withExclusiveLock<Result>(
        path: String, attempts: Int, _ body: () throws -> Result
    ) throws -> Result {
        // O_NOFOLLOW: the lock file is truncated on every save, so a planted link must not lead
        // to another file.
        let fd = SystemCall.retrying { open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW, 0o600) }
        guard fd >= 0 else {
            if errno == ELOOP { throw StoreError.notRegularFile(path: path, kind: SystemCall.kind(of: S_IFLNK)) }
            throw StoreError.cannotCreate(path: path, reason: SystemCall.reason(errno))
        }
        defer { close(fd) }
        _ = try SystemCall.regularFileStatus(fd, path: path)
        try acquire(fd, path: path, attempts: attempts)
        defer {
            ftruncate(fd, 0)
            flock(fd, LOCK_UN)
        }
        let pid = Array("\(getpid())\n".utf8)
        if SystemCall.retrying({ ftruncate(fd, 0) }) == 0 {
            _ = pid.withUnsafeBytes { SystemCall.writeAll(fd, $0) }
        }
        return try body()
    }

    private static func acquire(_ fd: Int32, path: String, attempts: Int) throws(StoreError) {
        for attempt in 1...max(1, attempts) {
            if flock(fd, LOCK_EX | LOCK_NB) == 0 { return }
            let code = errno
            guard code == EWOULDBLOCK || code == EINTR else {
                throw .ioFailure(path: path, operation: "lock", reason: SystemCall.reason(code))
            }
            if attempt < attempts { sleep(for: pollInterval) }
        }
        throw .lockBusy(path: path, holderPID: holder(fd))
    }

    /// The process id the holder wrote into the lock file, if there is one.
    private static func holder(_ fd: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let got = buffer.withUnsafeMutableBytes { raw in
            SystemCall.retrying { pread(fd, raw.baseAddress, raw.count, 0) }
        }
        guard got > 0 else { return nil }
        let digits = buffer[..<got].prefix(while: JSONScanner.isDigit)
        return Int32(String(decoding: digits, as: UTF8.self)).flatMap { $0 > 0 ? $0 : nil }
    }

    private static func sleep(for duration: Duration) {
        let (seconds, attoseconds) = duration.components
        var request = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
        var remaining = timespec()
        // An interrupted sleep resumes with what is left, so an attempt always waits its share.
        while nanosleep(&request, &remaining) == -1 && errno == EINTR { request = remaining }
    }
}
