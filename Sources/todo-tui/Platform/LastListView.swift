import Foundation
import TodoCore

/// The view the list opens on: the one on view when the app last quit on the same store (a list,
/// or All lists), kept in one small file per store under `$XDG_STATE_HOME/todo-tui/` (else
/// `~/.local/state/todo-tui/`), the folder of the reminders' record. With no file, an unreadable
/// one or a list since deleted, the app opens on All lists, which with one list is that list.
///
/// The file holds `all` or the list's id and a newline; it is state, not configuration: losing
/// it loses nothing but the place.
enum LastListView {
    /// The folder of the files: `$XDG_STATE_HOME/todo-tui`, else `~/.local/state/todo-tui`.
    static var defaultFolder: String {
        let environment = ProcessInfo.processInfo.environment
        return AlarmRecord.defaultFolder(
            environment: environment,
            homeDirectory: environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? NSHomeDirectory())
    }

    /// The file of the store at `storePath`, in `folder`.
    static func path(forStore storePath: String, in folder: String) -> String {
        (folder as NSString).appendingPathComponent(StartScreenCache.name(forStore: storePath) + ".view")
    }

    /// The list id kept at `path`; nil for All lists, and for a missing or malformed file.
    /// - Complexity: O(1): the file is read up to 64 bytes.
    static func read(from path: String) -> UUID? {
        guard let bytes = try? StoreFile.readHead(path, limit: 64), let text = String(validating: bytes, as: UTF8.self)
        else { return nil }
        return UUID(uuidString: text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Keeps `listID` (nil: All lists) at `path`, replacing the file atomically; a failure is
    /// not reported (the next start opens on All lists).
    static func write(_ listID: UUID?, to path: String) {
        let text = (listID?.uuidString ?? "all") + "\n"
        try? DurableFile.replace(path, with: Array(text.utf8), creatingFolders: true)
    }
}
