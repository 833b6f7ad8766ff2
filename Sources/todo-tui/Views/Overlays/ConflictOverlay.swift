import Foundation
import TodoCore

/// The box that shows a conflict the merge policy left to the user: for each item, the user's
/// value ("mine") and the other writer's ("theirs"), then the keys that decide.
struct ConflictOverlay {
    let conflicts: [MergeConflict]
    /// Day titles relative to `today`, as in the list.
    let titles: SectionTitleFormatter
    let today: Date

    /// The box's lines: a heading per item, its two values, and the choices; items that do not
    /// fit in `rows` are counted in one last line instead.
    /// - Complexity: O(conflicts).
    func body(rows: Int) -> [String] {
        let perItem = 4
        // The box's frame takes two rows, the choices line and its blank separator two more.
        let room = max(1, (rows - 4) / perItem)
        let shown = conflicts.count > room ? max(0, room - 1) : conflicts.count
        var body: [String] = []
        for conflict in conflicts.prefix(shown) {
            let name = (conflict.base ?? conflict.inMemory ?? conflict.stored)?.text ?? conflict.itemID.uuidString
            body.append("'\(name)'")
            body.append("  mine     " + describe(conflict.inMemory))
            body.append("  theirs   " + describe(conflict.stored))
            body.append("")
        }
        if shown < conflicts.count {
            body.append(
                "and \(conflicts.count - shown) more to-do\(conflicts.count - shown == 1 ? "" : "s"), decided the "
                    + "same way"
            )
            body.append("")
        }
        body.append(ConflictChoice.hints)
        return body
    }

    /// Draws the box over the list.
    /// - Complexity: O(conflicts × width).
    func render(into screen: inout Screen) {
        let title = " Changed here and elsewhere — choose "
        OverlayBox.render(title: title, body: body(rows: screen.rows), into: &screen)
    }

    /// One value in a line: done mark, text, day and colour; "deleted" for an absent value.
    private func describe(_ item: TodoItem?) -> String {
        guard let item else { return "deleted" }
        var parts = [
            "[\(item.isDone ? "x" : " ")] \(item.text)",
            item.date.map { titles.title(forDay: $0, today: today) } ?? SectionInfo.undatedTitle,
        ]
        if item.color != .default {
            parts.append(item.color.rawValue)
        }
        return parts.joined(separator: " · ")
    }
}
