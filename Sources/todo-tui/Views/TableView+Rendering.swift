extension TableView {
    /// Draws what the table shows now (the current animation frame, else the table at rest)
    /// into the `width` × `height` rectangle of `screen` whose top-left cell is `origin`.
    ///
    /// Every line of the rectangle is drawn over: headers in `headerStyle`, rows in their
    /// cells' styles, the selected row as a reverse-video bar over the whole width, blank lines
    /// cleared. Text is clipped to the width (ending in "…" when cut, except while sliding) and
    /// drawn inert. Effects: a fade draws the shown part of the characters dimmed, blanks for the
    /// others; a shift moves the text sideways, clipped at both edges of the rectangle.
    /// - Complexity: O(h × w) for h lines of w columns, plus O(h + log s) for the table at rest;
    ///   no data-source call.
    func render(into screen: inout Screen, at origin: ScreenPosition = ScreenPosition(row: 0, column: 0)) {
        for (index, line) in currentFrame.lines.enumerated() {
            let selected = selectedIdentity != nil && line.identity == selectedIdentity
            draw(line, selected: selected, into: &screen, row: origin.row + index, column: origin.column)
        }
    }

    private func draw(_ line: TableFrameLine, selected: Bool, into screen: inout Screen, row: Int, column: Int) {
        let end = column + width
        let bar = CellStyle(foreground: selectionColor, attributes: .reverse)
        screen.fill(row: row, columns: column..<end, style: selected ? bar : .plain)
        let spans: [RowCell.Span]
        switch line.content {
        case .blank: spans = []
        case .header(let title): spans = [RowCell.Span(title, style: headerStyle)]
        case .row(_, let cell): spans = cell.spans
        }
        var effect = LineEffectPainter(line.effect)
        var x = column + effect.indent
        for span in spans where x < end {
            var style = selected ? span.style.adding(.reverse) : span.style
            if selected, selectionColor != .default { style.foreground = selectionColor }
            if effect.dims { style = style.adding(.dim) }
            let text = effect.visibleText(of: span.text, within: end - x)
            x += screen.write(text, row: row, column: x, style: style, maxWidth: end - x, overflow: effect.overflow)
        }
    }
}

/// Applies a frame line's effect to the text of its spans, span after span.
private struct LineEffectPainter {
    private let effect: TableFrameLine.Effect
    /// Columns still to cut from the start of the text (a slide to the left).
    private var columnsToCut: Int
    /// The index of the next glyph in the whole line, for the fade's scattered order.
    private var glyphIndex = 0

    init(_ effect: TableFrameLine.Effect) {
        self.effect = effect
        if case .shift(let columns) = effect, columns < 0 {
            columnsToCut = -columns
        } else {
            columnsToCut = 0
        }
    }

    /// Columns left blank before the text (a slide to the right).
    var indent: Int {
        if case .shift(let columns) = effect { return max(columns, 0) }
        return 0
    }

    var dims: Bool {
        if case .fade = effect { return true }
        return false
    }

    /// A sliding row is cut at the edge, not marked as shortened.
    var overflow: Screen.Overflow {
        if case .shift = effect { return .clip }
        return .ellipsis
    }

    /// The span's text as it should be drawn: inert glyphs, with the cut part dropped (a wide
    /// character cut in half leaves a blank) and the faded-out glyphs blanked. Reads no more
    /// than `room` columns (plus one, for the clipping mark) of the visible text.
    /// - Complexity: O(c) for the c characters read.
    mutating func visibleText(of text: String, within room: Int) -> String {
        var visible = ""
        var width = 0
        for glyph in InertText.glyphs(text) {
            defer { glyphIndex += 1 }
            guard width <= room else { break }
            if columnsToCut > 0 {
                let cut = min(columnsToCut, glyph.width)
                columnsToCut -= cut
                visible += String(repeating: " ", count: glyph.width - cut)
                width += glyph.width - cut
                continue
            }
            if isHidden(glyphIndex) {
                visible += String(repeating: " ", count: glyph.width)
            } else {
                visible.append(glyph.character)
            }
            width += glyph.width
        }
        return visible
    }

    /// Whether a fade hides the glyph at `index`: each glyph shows from a fixed step, taken
    /// from the golden-ratio sequence (evenly spread, and neighbours far apart), so a fade in
    /// reveals the glyphs in the order a fade out hides them.
    private func isHidden(_ index: Int) -> Bool {
        guard case let .fade(shown, steps) = effect else { return false }
        let position = (Double(index) * 0.618_033_988_749_895).truncatingRemainder(dividingBy: 1)
        return Int(position * Double(steps)) >= shown
    }
}
