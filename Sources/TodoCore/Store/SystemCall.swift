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

    /// Whether a `stat` mode is a directory.
    static func isDirectory(_ mode: mode_t) -> Bool {
        mode & S_IFMT == S_IFDIR
    }
}
