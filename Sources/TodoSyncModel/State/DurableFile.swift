import Foundation
import Glibc

/// The one way TodoSync writes a file of its own (the sync state, the account): the bytes go to
/// a temporary file beside it (mode 0600 from the start, never following a link), which is
/// fsynced and renamed over the file, and the folder is fsynced. A reader sees the old file or
/// the new one, never a torn or briefly world-readable one.
enum DurableFile {
    /// Replaces the file at `path` with `data`.
    /// - Returns: nil when written, else the reason it was not (the old file is then intact).
    static func replace(_ path: String, with data: Data) -> String? {
        let temporary = path + ".tmp-\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { return "could not create \(temporary): \(String(cString: strerror(errno)))" }
        let written = data.withUnsafeBytes { buffer -> Bool in
            guard let base = buffer.baseAddress else { return true }
            var offset = 0
            while offset < buffer.count {
                let count = write(fd, base + offset, buffer.count - offset)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
        let synced = written && fsync(fd) == 0
        close(fd)
        guard synced, rename(temporary, path) == 0 else {
            let reason = "could not write \(temporary): \(String(cString: strerror(errno)))"
            unlink(temporary)
            return reason
        }
        let folder = (path as NSString).deletingLastPathComponent
        let directory = open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directory >= 0 {
            fsync(directory)
            close(directory)
        }
        return nil
    }
}
