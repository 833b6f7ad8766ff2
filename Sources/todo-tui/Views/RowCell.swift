/// What a table row shows: styled runs of text, left to right, on one line.
///
/// The app decides everything about a row's look (colours, dimming and a strike for done
/// items, markers); the table adds only the selection's reverse video and the animation
/// effects, and clips the row to its width. Text is drawn inert (`Screen.write`), so text from
/// the store cannot reach the terminal as control sequences.
struct RowCell: Hashable, Sendable {
    /// One run of text in one style.
    struct Span: Hashable, Sendable {
        var text: String
        var style: CellStyle

        init(_ text: String, style: CellStyle = .plain) {
            self.text = text
            self.style = style
        }
    }

    var spans: [Span]

    init(_ spans: [Span]) {
        self.spans = spans
    }

    /// A row of one run of text.
    init(_ text: String, style: CellStyle = .plain) {
        self.spans = [Span(text, style: style)]
    }

    /// The row's text without styles.
    var text: String { spans.map(\.text).joined() }
}
