/// How a cell is drawn: a foreground colour and text attributes.
///
/// The background is always the terminal's own (ncurses' default colour −1), so the app looks
/// right on light and dark terminals; `reverse` is the way to highlight. Under `NO_COLOR` the
/// ncurses terminal ignores `foreground` and keeps the attributes.
struct CellStyle: Hashable, Sendable {
    /// Text attributes a cell can combine.
    struct Attributes: OptionSet, Hashable, Sendable {
        let rawValue: UInt8

        static let bold = Attributes(rawValue: 1 << 0)
        static let dim = Attributes(rawValue: 1 << 1)
        static let reverse = Attributes(rawValue: 1 << 2)
        static let underline = Attributes(rawValue: 1 << 3)
        /// Struck through. ncurses has no such attribute: `NcursesTerminal` draws it as U+0336
        /// COMBINING LONG STROKE OVERLAY after the cell's character, which terminals render as a
        /// line through it (and which `tmux capture-pane` shows after each struck character).
        static let struck = Attributes(rawValue: 1 << 4)
        /// Every attribute.
        static let all: Attributes = [.bold, .dim, .reverse, .underline, .struck]
    }

    /// The foreground colour; `.default` is the terminal's own.
    var foreground: TerminalColor
    var attributes: Attributes

    init(foreground: TerminalColor = .default, attributes: Attributes = []) {
        self.foreground = foreground
        self.attributes = attributes
    }

    /// The terminal's default colour, no attributes.
    static let plain = CellStyle()

    /// This style with `attributes` added.
    func adding(_ attributes: Attributes) -> CellStyle {
        var style = self
        style.attributes.formUnion(attributes)
        return style
    }
}
