import Glibc

/// The journal's file operations: durable appends and removal.
extension DurableFile {
    /// Appends `bytes` to the file at `path` and `fsync`s it, creating the file when missing.
    /// A symbolic link, FIFO or device at `path` is refused (`StoreError.notRegularFile`).
    ///
    /// Bytes after `wholeLength` (a torn write a crash left) are cut off first, so the new
    /// record starts a line. A new file takes the permission bits of `modeOf` (the store: the
    /// journal holds the same data), or is private (0600) when that does not exist, and its
    /// folder is `fsync`ed, so the name is durable too.
    /// - Parameters:
    ///   - wholeLength: how many bytes of the file to keep.
    ///   - modeOf: the file whose permissions a new file copies, if it exists.
    /// - Throws: `StoreError.cannotCreate` when the file cannot be opened or created,
    ///   `.ioFailure` (or `.permissionDenied`) for truncating, writing or syncing.
    /// - Complexity: O(n) in the size of `bytes`, plus one `fsync` (two for a new file).
    package static func append(
        _ path: String, bytes: [UInt8], keeping wholeLength: Int, modeOf: String
    ) throws(StoreError) {
        let existed = SystemCall.status(path) != nil
        // O_NONBLOCK: opening a FIFO for writing would otherwise wait for a reader. O_NOFOLLOW:
        // a planted link must not make the append truncate and write another file.
        let fd = SystemCall.retrying {
            open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW, 0o600)
        }
        guard fd >= 0 else {
            if errno == ENXIO { throw .notRegularFile(path: path, kind: SystemCall.kind(of: S_IFIFO)) }
            if errno == ELOOP { throw .notRegularFile(path: path, kind: SystemCall.kind(of: S_IFLNK)) }
            throw .cannotCreate(path: path, reason: SystemCall.reason(errno))
        }
        defer { close(fd) }
        let info = try SystemCall.regularFileStatus(fd, path: path)
        if !existed, let mode = SystemCall.status(modeOf)?.st_mode,
            SystemCall.retrying({ fchmod(fd, mode & 0o7777) }) != 0
        {
            throw SystemCall.error(errno, path: path, operation: "set the permissions of")
        }
        if Int(info.st_size) > wholeLength, SystemCall.retrying({ ftruncate(fd, off_t(wholeLength)) }) != 0 {
            throw SystemCall.error(errno, path: path, operation: "cut the torn end off")
        }
        let previousLength = min(Int(info.st_size), wholeLength)
        let code = bytes.withUnsafeBytes { SystemCall.writeAll(fd, $0) }
        guard code == 0 else { throw takeBack(fd, path: path, to: previousLength, operation: "append to", code: code) }
        guard SystemCall.retrying({ fsync(fd) }) == 0 else {
            throw takeBack(fd, path: path, to: previousLength, operation: "sync", code: errno)
        }
        if !existed {
            do throws(StoreError) {
                try syncFolder(folder(of: path))
            } catch {
                // The record is only in this new file: without it the save never happened.
                let removed = unlink(path) == 0
                throw .ioFailure(
                    path: folder(of: path), operation: "sync the folder",
                    reason: removed
                        ? "\(reason(of: error)); nothing was saved"
                        : "\(reason(of: error)), and removing the new journal \(path) failed too "
                            + "(\(SystemCall.reason(errno))), so the change may still be saved"
                )
            }
        }
    }

    /// After a failed write or sync, cuts the file back to `length` so that a failed save leaves
    /// the store exactly as before (no phantom record that a retry would duplicate), and returns
    /// the error that says so, or says that even that failed.
    private static func takeBack(
        _ fd: Int32, path: String, to length: Int, operation: String, code: Int32
    ) -> StoreError {
        if SystemCall.retrying({ ftruncate(fd, off_t(length)) }) == 0 {
            // Best effort: the disk has just failed one sync, and the cut is what matters to
            // every reader from now on.
            _ = SystemCall.retrying { fsync(fd) }
            return .ioFailure(path: path, operation: operation, reason: "\(SystemCall.reason(code)); nothing was saved")
        }
        return .ioFailure(
            path: path, operation: operation,
            reason:
                "\(SystemCall.reason(code)), and cutting the change back out failed too "
                + "(\(SystemCall.reason(errno))), so it may still be saved"
        )
    }

    /// The operating system's reason inside a store error, for combining messages.
    private static func reason(of error: StoreError) -> String {
        if case .ioFailure(_, _, let reason) = error { return reason }
        return error.description
    }
}
