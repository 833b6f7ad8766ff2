import Foundation
import Glibc

/// The store's file operations: whole-file reads, atomic durable replacement, folder creation.
///
/// Atomic replacement writes a temporary file in the same folder, `fsync`s it, renames it over
/// the store and `fsync`s the folder, so a crash at any instant leaves either the old or the new
/// file, never a torn one, and readers need no lock. Temporary files are named
/// `.<store name>.tmp-<pid>-<random>`; every error path removes its own, and
/// `removeStaleTemporaryFiles` clears those a killed writer left (call it only under the lock).
enum StoreFile {
    /// The folder of `path` ("." for a bare file name).
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The last component of `path`.
    static func name(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    }

    // MARK: Reading

    /// The whole file at `path`, or nil when nothing exists there.
    ///
    /// Anything but a regular file (a FIFO, a device such as `/dev/zero`, a socket) is refused
    /// before a byte is read: reading it could wait forever or never end.
    /// - Throws: `StoreError.isDirectory`, `.notRegularFile`, `.permissionDenied` or `.ioFailure`.
    /// - Complexity: O(n) in the size of the file.
    /// - Parameter followingLinks: false for the journal: a symbolic link there is refused
    ///   (`StoreError.notRegularFile`), so a planted link cannot point the store at another file.
    static func read(_ path: String, followingLinks: Bool = true) throws(StoreError) -> [UInt8]? {
        try read(path, limit: nil, fromEnd: false, followingLinks: followingLinks)?.bytes
    }

    /// At most the first `limit` bytes of the file at `path`, or nil when nothing exists there.
    /// - Throws: as `read(_:)`.
    static func readHead(_ path: String, limit: Int) throws(StoreError) -> [UInt8]? {
        try read(path, limit: limit, fromEnd: false)?.bytes
    }

    /// At most the last `limit` bytes of the file at `path` and the offset they start at, or
    /// nil when nothing exists there.
    /// - Throws: as `read(_:)`.
    /// - Complexity: O(limit).
    static func readTail(
        _ path: String, limit: Int, followingLinks: Bool = true
    ) throws(StoreError) -> (bytes: [UInt8], start: Int)? {
        try read(path, limit: limit, fromEnd: true, followingLinks: followingLinks)
    }

    private static func read(
        _ path: String, limit: Int?, fromEnd: Bool, followingLinks: Bool = true
    ) throws(StoreError) -> (bytes: [UInt8], start: Int)? {
        // O_NONBLOCK: opening a FIFO without a writer would otherwise wait forever, before the
        // fstat below could refuse it.
        let fd = SystemCall.retrying {
            open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | (followingLinks ? 0 : O_NOFOLLOW))
        }
        guard fd >= 0 else {
            if errno == ENOENT { return nil }
            if errno == ELOOP, !followingLinks { throw .notRegularFile(path: path, kind: SystemCall.kind(of: S_IFLNK)) }
            throw SystemCall.error(errno, path: path, operation: "read")
        }
        defer { close(fd) }
        let info = try SystemCall.regularFileStatus(fd, path: path)
        let maximum = limit ?? Int.max
        let start = fromEnd ? max(0, Int(info.st_size) - maximum) : 0
        if start > 0, lseek(fd, off_t(start), SEEK_SET) < 0 {
            throw SystemCall.error(errno, path: path, operation: "read")
        }
        // The size from fstat is only a hint; one spare byte lets the usual case see end of file
        // without growing the buffer. The buffer is not zeroed first: at 27 MB that pass costs
        // as much as the read.
        let capacity = min(maximum, Int(info.st_size) - start + 1)
        var failure: Int32?
        var bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
            count = 0
            while count < buffer.count, let base = buffer.baseAddress {
                let got = SystemCall.retrying { Glibc.read(fd, base + count, buffer.count - count) }
                guard got > 0 else {
                    if got < 0 { failure = errno }
                    return
                }
                count += got
            }
        }
        if let failure { throw SystemCall.error(failure, path: path, operation: "read") }
        var filled = bytes.count
        // A file that grew since fstat filled the spare byte too: read on in growing steps.
        let grew = filled == capacity
        while grew, filled < maximum {
            if filled == bytes.count {
                bytes.append(contentsOf: repeatElement(0, count: min(maximum - filled, max(filled, 4_096))))
            }
            let got = bytes.withUnsafeMutableBytes { buffer in
                SystemCall.retrying { Glibc.read(fd, buffer.baseAddress.map { $0 + filled }, buffer.count - filled) }
            }
            guard got >= 0 else { throw SystemCall.error(errno, path: path, operation: "read") }
            if got == 0 { break }
            filled += got
        }
        bytes.removeSubrange(filled...)
        return (bytes, start)
    }

    // MARK: Writing

    /// Replaces the file at `path` with `bytes` atomically and durably.
    ///
    /// A file that exists keeps its permission bits; a new one is private, 0600 (a to-do list
    /// is personal).
    /// - Throws: `StoreError.cannotCreate` for the temporary file, `.ioFailure` for writing,
    ///   syncing or renaming, `.isDirectory` when a directory stands at `path`.
    /// - Complexity: O(n) in the size of `bytes`, plus two `fsync`s.
    static func replace(_ path: String, with bytes: [UInt8]) throws(StoreError) {
        try refuseSymbolicLink(path)
        let folder = folder(of: path)
        let temporary =
            "\(folder)/.\(name(of: path)).tmp-\(getpid())-\(String(UInt64.random(in: 0...UInt64.max), radix: 36))"
        let fd = SystemCall.retrying { open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600) }
        guard fd >= 0 else { throw .cannotCreate(path: temporary, reason: SystemCall.reason(errno)) }
        do {
            try fill(fd, at: temporary, with: bytes, mode: SystemCall.status(path)?.st_mode)
        } catch {
            unlink(temporary)
            throw error
        }
        guard SystemCall.retrying({ rename(temporary, path) }) == 0 else {
            let code = errno
            unlink(temporary)
            throw SystemCall.error(code, path: path, operation: "rename the new version over")
        }
        try syncFolder(folder)
    }

    /// Creates the file `path` holding `bytes`, durably, and never over an existing file.
    ///
    /// The bytes go to a private temporary file first, which is then hard-linked to `path`:
    /// `link` fails when anything (a file, a link, a folder) stands at `path` already, so an
    /// existing file is never touched, and a reader sees no file or the whole new one.
    /// - Throws: `StoreError.cannotCreate` when `path` exists or cannot be made, `.ioFailure`
    ///   for writing or syncing.
    /// - Complexity: O(n) in the size of `bytes`, plus two `fsync`s.
    static func create(_ path: String, with bytes: [UInt8]) throws(StoreError) {
        let folder = folder(of: path)
        let temporary =
            "\(folder)/.\(name(of: path)).tmp-\(getpid())-\(String(UInt64.random(in: 0...UInt64.max), radix: 36))"
        let fd = SystemCall.retrying { open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600) }
        guard fd >= 0 else { throw .cannotCreate(path: path, reason: SystemCall.reason(errno)) }
        defer { unlink(temporary) }
        try fill(fd, at: temporary, with: bytes, mode: nil)
        guard SystemCall.retrying({ link(temporary, path) }) == 0 else {
            let code = errno
            throw .cannotCreate(
                path: path,
                reason: code == EEXIST
                    ? "it exists already, and todo-tui never writes over a file here" : SystemCall.reason(code)
            )
        }
        try syncFolder(folder)
    }

    /// Writes, syncs and closes the temporary file; closes it on failure too.
    private static func fill(_ fd: Int32, at temporary: String, with bytes: [UInt8], mode: mode_t?) throws(StoreError) {
        var failure: (code: Int32, operation: String)?
        if let mode, SystemCall.retrying({ fchmod(fd, mode & 0o7777) }) != 0 {
            failure = (errno, "set the permissions of")
        }
        if failure == nil {
            let code = bytes.withUnsafeBytes { SystemCall.writeAll(fd, $0) }
            if code != 0 { failure = (code, "write") }
        }
        if failure == nil, SystemCall.retrying({ fsync(fd) }) != 0 {
            failure = (errno, "sync")
        }
        let closed = close(fd)
        if failure == nil && closed != 0 { failure = (errno, "close") }
        if let failure {
            throw .ioFailure(path: temporary, operation: failure.operation, reason: SystemCall.reason(failure.code))
        }
    }

    /// Throws `StoreError.symlinkedStore` when a symbolic link (dangling or not) stands at `path`.
    ///
    /// Renaming a new version over a link replaces the link with a regular file and leaves its
    /// target stale, so a save through a link is refused rather than done behind the user's back.
    static func refuseSymbolicLink(_ path: String) throws(StoreError) {
        var info = stat()
        if lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK { throw .symlinkedStore(path: path) }
    }

    /// `fsync`s a folder so that a rename in it is durable.
    static func syncFolder(_ folder: String) throws(StoreError) {
        let fd = SystemCall.retrying { open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard fd >= 0 else { throw SystemCall.error(errno, path: folder, operation: "open the folder") }
        defer { close(fd) }
        guard SystemCall.retrying({ fsync(fd) }) == 0 else {
            throw .ioFailure(path: folder, operation: "sync the folder", reason: SystemCall.reason(errno))
        }
    }

    /// Creates `folder` and its missing parents (`mkdir -p`), private: mode 0700.
    ///
    /// Each prefix is taken from `folder` as spelled, so that errors name the path the user gave.
    /// - Throws: `StoreError.cannotCreate` naming the first folder that could not be made.
    /// - Complexity: O(k) system calls for k path components.
    static func makeFolders(_ folder: String) throws(StoreError) {
        if let info = SystemCall.status(folder), SystemCall.isDirectory(info.st_mode) { return }
        let ends = folder.indices.filter { $0 != folder.startIndex && folder[$0] == "/" } + [folder.endIndex]
        for end in ends where folder[folder.index(before: end)] != "/" {
            let prefix = String(folder[..<end])
            if mkdir(prefix, 0o700) == 0 || errno == EEXIST {
                guard let info = SystemCall.status(prefix), SystemCall.isDirectory(info.st_mode) else {
                    throw .cannotCreate(path: prefix, reason: SystemCall.reason(ENOTDIR))
                }
            } else {
                throw .cannotCreate(path: prefix, reason: SystemCall.reason(errno))
            }
        }
    }

    /// Removes temporary files that a writer killed mid-save left beside `path`.
    ///
    /// Call only while holding the store's lock: then no other writer can be mid-save, so every
    /// temporary file is stale. Failures are ignored; a leftover file is harmless.
    static func removeStaleTemporaryFiles(besides path: String) {
        let folder = folder(of: path)
        let prefix = ".\(name(of: path)).tmp-"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names where name.hasPrefix(prefix) {
            unlink("\(folder)/\(name)")
        }
    }
}
