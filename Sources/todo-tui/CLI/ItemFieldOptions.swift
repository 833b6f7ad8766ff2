import ArgumentParser
import Foundation
import TodoCore

/// The fields of a to-do that `add` sets and `edit` changes: `--date`, `--start`, `--color`, `--priority`,
/// `--tag` (repeatable), `--note` and `--repeat`.
struct ItemFieldOptions: ParsableArguments {
    // Unconditional so that "-2d" is taken as the date, not as an option.
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "The day, or day and time: \(DateInput.acceptedForms); none removes it. A day alone is a whole day; "
                + "add gives none by default; edit keeps a timed to-do's time of day when given a day alone.",
            valueName: "date"))
    var date: String?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "When the to-do can be started (not before): a day or a day and time, as --date; none removes it.",
            valueName: "date"))
    var start: String?

    @Option(help: ArgumentHelp("default, red, green, yellow, blue, magenta, cyan or white.", valueName: "color"))
    var color: String?

    @Option(help: ArgumentHelp("none, low, medium or high (or l, m, h).", valueName: "priority"))
    var priority: String?

    @Option(
        name: .customLong("tag"),
        help: ArgumentHelp("A tag to add (one word; a leading + or # is dropped); repeatable.", valueName: "tag"))
    var tags: [String] = []

    @Option(
        name: .customLong("note"),
        help: ArgumentHelp(
            "The notes, as typed: a real line break in the value starts a new line (\\n is not special); - reads them "
                + "from standard input; with edit, an empty value removes them.",
            valueName: "text"))
    var note: String?

    @Option(
        name: .customLong("repeat"),
        help: ArgumentHelp(
            "How the to-do repeats, in words: daily, weekdays, weekly, every 2 weeks, every mon,thu, monthly on the "
                + "last fri, yearly, every 3 days after done, ... until 2027-06-30, ... 3 times; none stops it.",
            valueName: "rule"))
    var repeatRule: String?

    /// Whether any field was given.
    var isEmpty: Bool {
        date == nil && start == nil && color == nil && priority == nil && tags.isEmpty && note == nil
            && repeatRule == nil
    }

    /// The fields validated, with `text` and the tags to remove, dates read in `calendar`.
    /// - Throws: `CLIError` for the first field that is not valid.
    func input(text: String? = nil, untags: [String] = [], calendar: Calendar) throws(CLIError) -> ItemInput {
        try ItemInput(
            text: text, date: date, start: start, color: color, priority: priority, tags: tags, untags: untags,
            notes: note, repetition: repeatRule, calendar: calendar)
    }
}
