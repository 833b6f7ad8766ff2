/// What one viewport line shows in a frame, and how.
struct TableFrameLine: Equatable {
    /// The thing drawn on the line.
    enum Content: Equatable {
        case blank
        /// A section header with its title.
        case header(String)
        /// A row: its identity (for the selection) and content.
        case row(identity: AnyHashable, cell: RowCell)
    }

    /// How the content is altered in this frame.
    enum Effect: Equatable {
        /// Drawn as it is.
        case none
        /// Partly dissolved: `shown` of `steps` parts of its characters are drawn, dimmed; the
        /// parts appear in a fixed scattered order, so a fade in and a fade out are mirror images.
        case fade(shown: Int, steps: Int)
        /// Moved horizontally by `columns` (negative = to the left), clipped at the edges.
        case shift(columns: Int)
    }

    var content: Content
    var effect: Effect

    init(_ content: Content, effect: Effect = .none) {
        self.content = content
        self.effect = effect
    }

    /// The columns the content takes when drawn, counting at most up to `limit`.
    /// - Complexity: O(k) for the k characters needed to reach `limit`.
    func contentWidth(limit: Int) -> Int {
        switch content {
        case .blank:
            return 0
        case .header(let title):
            return InertText.width(of: title, limit: limit)
        case .row(_, let cell):
            var total = 0
            for span in cell.spans where total < limit {
                total += InertText.width(of: span.text, limit: limit - total)
            }
            return min(total, limit)
        }
    }

    /// The row identity shown on the line, if it shows a row.
    var identity: AnyHashable? {
        if case .row(let identity, _) = content { return identity }
        return nil
    }
}
