import Foundation
import TodoCore

extension TodoApp {
    /// `W`: opens the line editor on a suggested path for a copy of the whole list, selected so
    /// that typing replaces it. The way out when the store can no longer be written (it became
    /// unreadable, or the disk is full): nothing typed is lost.
    func openCopyEditor() {
        mode = .editing(LineEditor(text: suggestedCopyPath, selected: true), .copyPath)
    }

    /// A new file beside the store (or in the current folder) named for this minute:
    /// `todos-copy-2026-11-25-0930.json`.
    var suggestedCopyPath: String {
        let folder = (context.store as? JSONStore).map { ($0.path as NSString).deletingLastPathComponent } ?? ""
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: now)
        let stamp = String(
            format: "%04d-%02d-%02d-%02d%02d",
            parts.year ?? 0, parts.month ?? 0, parts.day ?? 0, parts.hour ?? 0, parts.minute ?? 0
        )
        let name = "todos-copy-\(stamp).json"
        return folder.isEmpty ? name : (folder as NSString).appendingPathComponent(name)
    }

    /// Enter in the copy editor: an empty path keeps the editor open with the reason; any other
    /// closes it and asks the run loop to write the copy
    /// (`copyWritten(itemCount:to:)` or `copyFailed(_:)` tell how it went).
    func submitCopyPath(_ text: String, editor: LineEditor) -> [AppEffect] {
        let path = text.trimmingCharacters(in: .whitespaces)
        guard !path.isEmpty else {
            mode = .editing(editor, .copyPath)
            status = .error("Type the path of a new file to write the list to, or Esc to cancel.")
            return []
        }
        closeEditor(nil)
        return [.writeCopy((path as NSString).expandingTildeInPath)]
    }

    /// The run loop wrote the copy `writeCopy` asked for: `itemCount` to-dos, every one the list
    /// holds, saved or not, whatever the filter shows, to a new store file at `path`, which
    /// `todo-tui --store PATH` opens.
    func copyWritten(itemCount: Int, to path: String) {
        let unsaved = unsavedChangeCount
        let with =
            unsaved == 0
            ? ""
            : unsaved == 1
                ? ", with your unsaved change," : ", with your \(CountFormat.grouped(unsaved)) unsaved changes,"
        status = .info(
            "Wrote \(CountFormat.grouped(itemCount)) to-do\(itemCount == 1 ? "" : "s")\(with) to \(path).")
    }

    /// The copy could not be written (an existing file is never written over).
    func copyFailed(_ error: any Error) {
        status = .error("Not written: \(error)")
    }
}
