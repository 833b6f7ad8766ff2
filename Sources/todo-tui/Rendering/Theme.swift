import TodoCore

/// The list's look: a colour for each part of the screen and for each of the item colours, and
/// the marks rows carry — the `[theme]` of a configuration file.
///
/// Attributes stay as they are (the title and the selection in reverse video, headers bold, done
/// items dimmed, overdue ones bold), so that the screen reads the same without colours
/// (`NO_COLOR`, which still wins over every colour here).
struct Theme: Sendable, Equatable {
    /// The parts of the screen a theme colours.
    enum Part: String, CaseIterable, Sendable {
        /// The title bar (reverse video: the colour is its background).
        case title
        /// The day headers.
        case header
        /// The selected row's bar (reverse video: the colour is its background).
        case selection
        /// The text of done to-dos (instead of their own colour).
        case done
        /// The `!` before an overdue to-do.
        case overdue
        /// The priority marks (`!!!`).
        case priority
        /// The tags after the text.
        case tags
        /// Error messages on the status line.
        case error

        /// What it colours, for the configuration's comments.
        var summary: String {
            switch self {
            case .title: "the title bar (drawn in reverse, so this is its background)"
            case .header: "the day headers"
            case .selection: "the selected row's bar (drawn in reverse, so this is its background)"
            case .done: "done to-dos' text (\"default\": their own colour, dimmed)"
            case .overdue: "the ! before an overdue to-do"
            case .priority: "the priority marks (! !! !!!)"
            case .tags: "the tags after a to-do's text"
            case .error: "error messages on the status line"
            }
        }
    }

    /// The marks rows carry: Unicode, or ASCII for terminals or fonts without the glyphs.
    enum Marks: String, CaseIterable, Sendable {
        case unicode, ascii

        /// After a to-do with notes: `✎`, or `*`.
        var notes: String { self == .unicode ? "✎" : "*" }
        /// After a to-do another program made repeat: `↻`, or `~`.
        var repeats: String { self == .unicode ? "↻" : "~" }
        /// After a to-do with reminders: `◔` (a clock face, one column wide in every font that
        /// has it, unlike the emoji bells), or `^`.
        var reminds: String { self == .unicode ? "◔" : "^" }
    }

    /// Each part's colour, in `Part.allCases` order.
    private var parts: [TerminalColor]
    /// Each item colour's colour, by `TodoColor.ordinal`.
    private var itemColors: [TerminalColor]
    var marks: Marks

    /// The colour of `part`.
    func color(_ part: Part) -> TerminalColor {
        parts[Self.index(of: part)]
    }

    /// The colour an item of colour `color` is drawn in; an item without a colour is drawn in
    /// the terminal's own.
    func color(of color: TodoColor) -> TerminalColor {
        itemColors[color.ordinal]
    }

    /// Sets `part`'s colour.
    mutating func setColor(_ color: TerminalColor, for part: Part) {
        parts[Self.index(of: part)] = color
    }

    /// Sets the colour items of colour `item` are drawn in (an item without a colour keeps the
    /// terminal's own).
    mutating func setColor(_ color: TerminalColor, forItemColor item: TodoColor) {
        if item != .default { itemColors[item.ordinal] = color }
    }

    private static func index(of part: Part) -> Int {
        Part.allCases.firstIndex(of: part) ?? 0
    }

    /// The look todo-tui comes with: red overdue marks and errors, each item colour as the
    /// terminal colour of its name, everything else in the terminal's own colours.
    static let standard = Theme(
        parts: Part.allCases.map { $0 == .overdue || $0 == .error ? .red : .default },
        itemColors: TodoColor.allCases.map(TerminalColor.init), marks: .unicode)
}
