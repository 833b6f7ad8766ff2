import Foundation
import Glibc

/// The one way the package writes a file: the store, its journal and caches, exports, the sync
/// state and the sync account, and the caches the app keeps beside the store.
///
/// The rules, which are the store's:
/// - **Atomic and durable**: the bytes go to a temporary file in the same folder, which is
///   `fsync`ed and renamed over the file, and then the folder is `fsync`ed; a crash at any
///   instant leaves the old file or the new one, never a torn one, and readers need no lock.
/// - **Unpredictable, exclusive temporary files**: `.<name>.tmp-<pid>-<random>`, created with
///   `O_EXCL` and mode 0600, so nobody can plant a file or link there or read it half-written;
///   every error path removes its own, and `removeStaleTemporaryFiles` clears a killed writer's.
/// - **Never through a link**: a symbolic link at the path is refused, since renaming over it
///   would replace the link and leave its target stale.
/// - **Permissions kept or set**: a replaced file keeps its permission bits unless the caller
///   names a mode; a new file is private (0600), new folders 0700.
/// - Every system call is retried on `EINTR`.
package enum DurableFile {
    /// The folder of `path` ("." for a bare file name).
    package static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The last component of `path`.
    package static func name(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    }

    /// Replaces the file at `path` with `bytes` atomically and durably.
    ///
    /// - Parameters:
    ///   - mode: the permission bits the file gets; nil keeps those of the file being replaced,
    ///     and makes a new file private (0600: a to-do list is personal).
    ///   - creatingFolders: whether to create the missing folders of `path` first (0700).
    /// - Throws: `StoreError.symlinkedStore` for a symbolic link at `path`, `.cannotCreate` for a
    ///   folder or the temporary file, `.ioFailure` for writing, syncing or renaming,
    ///   `.isDirectory` when a directory stands at `path`.
    /// - Complexity: O(n) in the size of `bytes`, plus two `fsync`s.
    package static func replace(
        _ path: String, with bytes: [UInt8], mode: mode_t? = nil, creatingFolders: Bool = false
    ) throws(StoreError) {
        let folder = folder(of: path)
        if creatingFolders { try makeFolders(folder) }
        try refuseSymbolicLink(path)
        let (temporary, fd) = try openTemporary(besides: path, reportedAs: nil)
        do {
            try fill(fd, at: temporary, with: bytes, mode: mode ?? SystemCall.status(path)?.st_mode)
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
    package static func create(_ path: String, with bytes: [UInt8]) throws(StoreError) {
        let (temporary, fd) = try openTemporary(besides: path, reportedAs: path)
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
        try syncFolder(folder(of: path))
    }

    /// Removes the file at `path` if it exists.
    ///
    /// Failures are ignored: the callers remove files whose loss is harmless (a journal whose
    /// records the store file already holds, which are skipped when read; a cache).
    package static func remove(_ path: String) {
        unlink(path)
    }

    /// Creates a new temporary file beside `path`, private (0600) and exclusively (`O_EXCL`).
    /// - Parameter reportedAs: the path an error names; nil names the temporary file.
    /// - Throws: `StoreError.cannotCreate`.
    private static func openTemporary(
        besides path: String, reportedAs: String?
    ) throws(StoreError) -> (path: String, fd: Int32) {
        let random = String(UInt64.random(in: 0...UInt64.max), radix: 36)
        let temporary = "\(folder(of: path))/.\(name(of: path)).tmp-\(getpid())-\(random)"
        let fd = SystemCall.retrying { open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600) }
        guard fd >= 0 else { throw .cannotCreate(path: reportedAs ?? temporary, reason: SystemCall.reason(errno)) }
        return (temporary, fd)
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
    package static func refuseSymbolicLink(_ path: String) throws(StoreError) {
        var info = stat()
        if lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK { throw .symlinkedStore(path: path) }
    }

    /// `fsync`s a folder so that a rename in it is durable.
    package static func syncFolder(_ folder: String) throws(StoreError) {
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
    package static func makeFolders(_ folder: String) throws(StoreError) {
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
    /// Call only while holding a lock that every writer of `path` holds (the store's): then no
    /// other writer can be mid-save, so every temporary file is stale. Failures are ignored; a
    /// leftover file is harmless.
    package static func removeStaleTemporaryFiles(besides path: String) {
        let folder = folder(of: path)
        let prefix = ".\(name(of: path)).tmp-"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names where name.hasPrefix(prefix) {
            unlink("\(folder)/\(name)")
        }
    }
}
