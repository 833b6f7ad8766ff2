import Glibc

/// Thin, EINTR-safe wrappers over the POSIX calls the store needs, and errno-to-`StoreError`
/// mapping.
enum SystemCall {
    /// Calls `call` until it does not fail with EINTR; returns its result (-1 with errno set on
    /// failure).
    static func retrying<T: FixedWidthInteger>(_ call: () -> T) -> T {
        while true {
            let result = call()
            if result != -1 || errno != EINTR { return result }
        }
    }

    /// The operating system's text for an errno value.
    static func reason(_ code: Int32) -> String {
        String(cString: strerror(code))
    }

    /// The `StoreError` for a failed `operation` on `path` with errno `code`.
    static func error(_ code: Int32, path: String, operation: String) -> StoreError {
        switch code {
        case EACCES, EPERM: .permissionDenied(path: path, operation: operation)
        case EISDIR: .isDirectory(path: path)
        default: .ioFailure(path: path, operation: operation, reason: reason(code))
        }
    }

    /// Writes all of `bytes` at the file's current offset, retrying short writes and EINTR.
    /// - Returns: 0, or the errno of the failure.
    static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32 {
        var offset = 0
        while offset < bytes.count {
            let written = retrying { write(fd, bytes.baseAddress.map { $0 + offset }, bytes.count - offset) }
            guard written > 0 else { return written == 0 ? EIO : errno }
            offset += written
        }
        return 0
    }

    /// The `stat` of `path`, or nil with errno set.
    static func status(_ path: String) -> stat? {
        var info = stat()
        return stat(path, &info) == 0 ? info : nil
    }

    /// The `fstat` of the open `fd`, checked to be a regular file.
    /// - Throws: `StoreError.isDirectory` for a directory, `.notRegularFile` naming what else
    ///   stands at `path`, `.ioFailure` when `fstat` fails.
    static func regularFileStatus(_ fd: Int32, path: String) throws(StoreError) -> stat {
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw error(errno, path: path, operation: "read") }
        guard !isDirectory(info.st_mode) else { throw .isDirectory(path: path) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw .notRegularFile(path: path, kind: kind(of: info.st_mode)) }
        return info
    }

    /// What a `stat` mode that is not a regular file or a directory describes, for messages.
    static func kind(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: "a named pipe (FIFO)"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        case S_IFLNK: "a symbolic link"
        default: "a special file"
        }
    }

    /// Whether a `stat` mode is a directory.
    static func isDirectory(_ mode: mode_t) -> Bool {
        mode & S_IFMT == S_IFDIR
    }
}
