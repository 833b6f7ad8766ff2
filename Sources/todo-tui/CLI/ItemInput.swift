import Foundation
import TodoCore

/// Item fields typed on the command line, validated before any store is touched.
struct ItemInput {
    var text: String?
    /// The due date `--date` gives: `.some(nil)` for `none` (no date); nil when not given.
    var date: ItemDate??
    /// The start `--start` gives: `.some(nil)` for `none` (no start); nil when not given.
    var start: ItemDate??
    var color: TodoColor?
    var priority: TodoPriority?
    /// Tags to add (`--tag`), validated and without a leading `+` or `#`.
    var tags: [String] = []
    /// Tags to remove (`--untag`), validated likewise.
    var untags: [String] = []
    /// The new notes (`--note`); `""` clears them.
    var notes: String?
    /// The repetition `--repeat` gives (`.remove` for `none`); nil when not given.
    var repetition: RepeatPhrase.Parsed?

    /// Validates each given field; dates are read in `calendar` (the configured week start).
    /// `notes` is taken as typed (a real newline in the value is a line break; the two characters
    /// `\n` are not special); `-` reads the notes from `standardInput` instead, all of it, less one
    /// final line break.
    /// - Throws: `CLIError.invalidInput` with the first problem found, `.usage` for an unknown
    ///   priority.
    init(
        text: String? = nil,
        date: String? = nil,
        start: String? = nil,
        color: String? = nil,
        priority: String? = nil,
        tags: [String] = [],
        untags: [String] = [],
        notes: String? = nil,
        repetition: String? = nil,
        calendar: Calendar = CLIClock.calendar,
        standardInput: () -> String = ItemInput.readStandardInput
    ) throws(CLIError) {
        if let priority {
            guard let parsed = TodoPriority(name: priority) else {
                throw .usage("Unknown priority '\(priority)'; use none, low, medium or high (or l, m, h).")
            }
            self.priority = parsed
        }
        if let repetition {
            do throws(RepeatPhraseError) {
                self.repetition = try RepeatPhrase.parse(repetition, anchor: nil, calendar: calendar)
            } catch {
                throw .usage(error.description)
            }
        }
        do throws(ItemError) {
            if let text { self.text = try TodoItem.validatedText(text) }
            if let date { self.date = .some(try Self.itemDate(date, calendar: calendar)) }
            if let start { self.start = .some(try Self.itemDate(start, calendar: calendar)) }
            if let color { self.color = try TodoColor.parse(color) }
            for tag in tags { self.tags.append(try TodoTags.validatedTag(tag)) }
            for tag in untags { self.untags.append(try TodoTags.validatedTag(tag)) }
            if let notes {
                var typed = notes == "-" ? standardInput() : notes
                if notes == "-", typed.hasSuffix("\n") { typed.removeLast() }
                self.notes = try TodoItem.validatedNotes(typed)
            }
        } catch {
            throw .invalidInput(error)
        }
    }

    /// The date typed as `--date` or `--start`, read in `calendar`: nil for `none` or an empty value.
    static func itemDate(_ text: String, calendar: Calendar) throws(ItemError) -> ItemDate? {
        DateInput.namesNoDate(text) ? nil : try DateInput.itemDate(text, now: CLIClock.now, calendar: calendar)
    }

    /// Whether any of start, priority, tags, untags, notes or the repetition was given.
    var changesDetails: Bool {
        start != nil || priority != nil || !tags.isEmpty || !untags.isEmpty || notes != nil || repetition != nil
    }

    /// Applies start, priority, tags, untags, notes and the repetition to `item`; the repetition
    /// last, so that a start it needs comes from the item's dates as given
    /// (`TodoItem.setRepetition(_:now:calendar:)`).
    func applyDetails(to item: inout TodoItem, calendar: Calendar) {
        if let start { item.startDate = start }
        if let priority { item.priority = priority }
        for tag in tags { item.tags.insert(tag) }
        for tag in untags { item.tags.remove(tag) }
        if let notes { item.notes = notes }
        switch repetition {
        case nil: break
        case .remove?: item.setRepetition(nil, now: CLIClock.now, calendar: calendar)
        case .repetition(let repetition)?: item.setRepetition(repetition, now: CLIClock.now, calendar: calendar)
        }
    }

    /// All of standard input as UTF-8 text (invalid bytes replaced).
    static func readStandardInput() -> String {
        String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
    }
}
