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

    @Option(
        name: .customLong("remind"),
        help: ArgumentHelp(
            "A reminder: 15m, 1h, 1d or 1w before the due date, '30m before start', 'at due', 'at 9:00', or none; "
                + "repeatable. Replaces the reminders todo-tui fires (alarms of other kinds stay).",
            valueName: "when"))
    var reminders: [String] = []

    /// Whether any field was given.
    var isEmpty: Bool {
        date == nil && start == nil && color == nil && priority == nil && tags.isEmpty && note == nil
            && repeatRule == nil
            && reminders.isEmpty
    }

    /// The `--remind` values read; nil when none was given.
    /// - Throws: `CLIError.invalidInput` for one that is not a reminder.
    func alarmRequests() throws(CLIError) -> [AlarmRequest]? {
        guard !reminders.isEmpty else { return nil }
        do throws(ItemError) {
            var requests: [AlarmRequest] = []
            for reminder in reminders { requests += try AlarmRequest.parse(reminder) }
            return requests
        } catch {
            throw .invalidInput(error)
        }
    }

    /// `item` with the reminders `requests` (nil: unchanged), counted from its dates.
    /// - Throws: `CLIError.invalidInput` for a reminder counting from a date the item lacks.
    static func applying(
        _ requests: [AlarmRequest]?, to item: TodoItem, calendar: Calendar
    ) throws(CLIError)
        -> TodoItem
    {
        guard let requests else { return item }
        do throws(ItemError) {
            return try AlarmRequest.apply(requests, to: item, now: CLIClock.now, calendar: calendar)
        } catch {
            throw .invalidInput(error)
        }
    }

    /// The fields validated, with `text` and the tags to remove, dates read in `calendar`.
    /// - Throws: `CLIError` for the first field that is not valid.
    func input(text: String? = nil, untags: [String] = [], calendar: Calendar) throws(CLIError) -> ItemInput {
        try ItemInput(
            text: text, date: date, start: start, color: color, priority: priority, tags: tags, untags: untags,
            notes: note, repetition: repeatRule, calendar: calendar)
    }
}
