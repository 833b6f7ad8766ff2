import Foundation
import TodoCore

/// Issue 13.6: when the store file became unreadable while open (damaged, or replaced by a
/// newer format), saving stops and the changes stay in memory; `W` writes the whole list —
/// saved and unsaved items — to a new store file the user names, which `--store PATH` opens.
extension TodoApp {
    /// `W`: opens the line editor on a suggested path (selected, so typing replaces it); only
    /// while saving has stopped.
    func openRescueEditor() {
        guard savingStopped != nil else {
            status = .info("W writes the list to a new file only when the store cannot be saved to.")
            return
        }
        openEditor(LineEditor(text: suggestedRescuePath, selected: true), .rescue)
    }

    /// The store's folder (the working directory for a store without a file) and
    /// `todos-rescued-YYYYMMDD-HHMMSS.json` at the app's current time.
    var suggestedRescuePath: String {
        let folder = (context.store as? JSONStore).map { URL(fileURLWithPath: $0.path).deletingLastPathComponent().path }
            ?? FileManager.default.currentDirectoryPath
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: now)
        func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
        let stamp = String(format: "%04d", parts.year ?? 0) + two(parts.month) + two(parts.day)
            + "-" + two(parts.hour) + two(parts.minute) + two(parts.second)
        return URL(fileURLWithPath: folder).appendingPathComponent("todos-rescued-\(stamp).json").path
    }

    /// Writes every item the context holds (saved and unsaved) as a store file at `typed` (a
    /// leading `~` is the home folder), creating it 0600; an existing path is refused, never
    /// overwritten.
    /// - Returns: the number of items and the path written.
    func writeRescueCopy(to typed: String) throws(RescueError) -> (count: Int, path: String) {
        let trimmed = typed.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw .noPath }
        let path = NSString(string: trimmed).expandingTildeInPath
        let items: [TodoItem]
        do {
            items = try context.fetch(FetchRequest(sortDescriptors: [TodoSortDescriptor(.date)]))
        } catch {
            throw .cannotWrite(path: path, reason: "\(error)")
        }
        let bytes = StoreEncoder.encode(StoreContents(generation: 1, items: items))
        // O_EXCL: a file (or a link) already there is refused by the system, not overwritten.
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else {
            let code = errno
            if code == EEXIST { throw .exists(path: path) }
            throw .cannotWrite(path: path, reason: String(cString: strerror(code)))
        }
        var failure: Int32 = 0
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(fd, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += written
            }
        }
        if failure == 0, fsync(fd) != 0 { failure = errno }
        close(fd)
        guard failure == 0 else {
            // A partial copy would read as a damaged store: remove it so the path can be retried.
            unlink(path)
            throw .cannotWrite(path: path, reason: String(cString: strerror(failure)))
        }
        return (items.count, path)
    }
}
