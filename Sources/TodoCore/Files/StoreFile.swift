import Foundation
import Glibc

/// How the package reads its files (the store, its journal, caches, imports): whole, or a bounded
/// head or tail, never waiting on a FIFO or reading a device or a directory. `DurableFile`
/// writes them.
package enum StoreFile {
    /// The whole file at `path`, or nil when nothing exists there.
    ///
    /// Anything but a regular file (a FIFO, a device such as `/dev/zero`, a socket) is refused
    /// before a byte is read: reading it could wait forever or never end.
    /// - Throws: `StoreError.isDirectory`, `.notRegularFile`, `.permissionDenied` or `.ioFailure`.
    /// - Complexity: O(n) in the size of the file.
    /// - Parameter followingLinks: false for the journal: a symbolic link there is refused
    ///   (`StoreError.notRegularFile`), so a planted link cannot point the store at another file.
    package static func read(_ path: String, followingLinks: Bool = true) throws(StoreError) -> [UInt8]? {
        try read(path, limit: nil, fromEnd: false, followingLinks: followingLinks)?.bytes
    }

    /// At most the first `limit` bytes of the file at `path`, or nil when nothing exists there.
    /// - Throws: as `read(_:)`.
    package static func readHead(_ path: String, limit: Int) throws(StoreError) -> [UInt8]? {
        try read(path, limit: limit, fromEnd: false)?.bytes
    }

    /// At most the last `limit` bytes of the file at `path` and the offset they start at, or
    /// nil when nothing exists there.
    /// - Throws: as `read(_:)`.
    /// - Complexity: O(limit).
    package static func readTail(
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
        // without growing the buffer. The buffer is not zeroed first: that pass would cost as
        // much as the read.
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
}
