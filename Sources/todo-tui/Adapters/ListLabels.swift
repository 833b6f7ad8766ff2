import Foundation
import TodoCore

/// How a row of the All lists view names its list: a short name, the same width for every list
/// so that the rows' texts line up, drawn in the list's colour.
///
/// The name itself (not only the colour) tells the lists apart, so the view reads the same
/// without colours (`NO_COLOR`, a monochrome terminal). A name longer than the width is cut; two
/// lists cut to the same label ("Work" and "Workshop" at three columns) end in a digit instead of
/// their last kept character ("Wo1", "Wo2"), in the lists' order.
struct ListLabels: Equatable {
    /// The columns of every label.
    let width: Int
    /// Each list's label, padded with spaces to `width` columns, and colour.
    let labels: [UUID: (text: String, color: TodoColor)]

    /// The labels of `lists` for a table `columns` wide: up to 3 columns of name below 50
    /// columns, 6 below 70, 8 below 100, else 12; never wider than the longest name.
    /// - Complexity: O(n) in the lists' names.
    init(lists: [TodoList], columns: Int) {
        let room = columns < 50 ? 3 : columns < 70 ? 6 : columns < 100 ? 8 : 12
        let longest = lists.map { InertText.width(of: $0.name, limit: room) }.max() ?? 0
        let width = max(1, min(room, longest))
        self.width = width
        var texts = lists.map { Self.cut($0.name, to: width) }
        var seen: [String: [Int]] = [:]
        for (index, text) in texts.enumerated() {
            seen[text, default: []].append(index)
        }
        for indices in seen.values where indices.count > 1 {
            for (rank, index) in indices.enumerated() {
                let digit = String(rank + 1 < 10 ? rank + 1 : 0)
                texts[index] = Self.cut(lists[index].name, to: width - 1) + digit
            }
        }
        var labels: [UUID: (text: String, color: TodoColor)] = [:]
        for (list, text) in zip(lists, texts) {
            let padding = max(0, width - InertText.width(of: text))
            labels[list.id] = (text + String(repeating: " ", count: padding), list.color)
        }
        self.labels = labels
    }

    /// The label of the list with `id`; blanks for a list not among them (an item whose list
    /// another writer just deleted).
    func label(for id: UUID) -> (text: String, color: TodoColor) {
        labels[id] ?? (String(repeating: " ", count: width), .default)
    }

    static func == (lhs: ListLabels, rhs: ListLabels) -> Bool {
        lhs.width == rhs.width && lhs.labels.count == rhs.labels.count
            && lhs.labels.allSatisfy { id, label in
                rhs.labels[id].map { $0.text == label.text && $0.color == label.color } ?? false
            }
    }

    /// The inert glyphs of `name` that fit in `width` columns (a wide character that would
    /// straddle the edge is left out).
    /// - Complexity: O(width).
    private static func cut(_ name: String, to width: Int) -> String {
        var text = ""
        var used = 0
        var glyphs = InertText.glyphs(name)
        while let glyph = glyphs.next(), used + glyph.width <= width {
            text.append(glyph.character)
            used += glyph.width
        }
        return text
    }
}
