import Foundation
import TodoCore

/// Item fields typed on the command line, validated before any store is touched.
struct ItemInput {
    var text: String?
    var date: Date?
    var color: TodoColor?
    var priority: TodoPriority?
    /// Tags to add (`--tag`), validated and without a leading `+` or `#`.
    var tags: [String] = []
    /// Tags to remove (`--untag`), validated likewise.
    var untags: [String] = []
    /// The new notes (`--note`); `""` clears them.
    var notes: String?

    /// Validates each given field; dates are read in `calendar` (the configured week start).
    /// `notes` is taken as typed (a real newline in the value is a line break; the two characters
    /// `\n` are not special); `-` reads the notes from `standardInput` instead, all of it, less one
    /// final line break.
    /// - Throws: `CLIError.invalidInput` with the first problem found, `.usage` for an unknown
    ///   priority.
    init(
        text: String? = nil,
        date: String? = nil,
        color: String? = nil,
        priority: String? = nil,
        tags: [String] = [],
        untags: [String] = [],
        notes: String? = nil,
        calendar: Calendar = CLIClock.calendar,
        standardInput: () -> String = ItemInput.readStandardInput
    ) throws(CLIError) {
        if let priority {
            guard let parsed = TodoPriority(name: priority) else {
                throw .usage("Unknown priority '\(priority)'; use none, low, medium or high (or l, m, h).")
            }
            self.priority = parsed
        }
        do throws(ItemError) {
            if let text { self.text = try TodoItem.validatedText(text) }
            if let date { self.date = try DateInput.date(date, now: CLIClock.now, calendar: calendar) }
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

    /// Whether any of priority, tags, untags or notes was given.
    var changesDetails: Bool {
        priority != nil || !tags.isEmpty || !untags.isEmpty || notes != nil
    }

    /// Applies priority, tags, untags and notes to `item`.
    func applyDetails(to item: inout TodoItem) {
        if let priority { item.priority = priority }
        for tag in tags { item.tags.insert(tag) }
        for tag in untags { item.tags.remove(tag) }
        if let notes { item.notes = notes }
    }

    /// All of standard input as UTF-8 text (invalid bytes replaced).
    static func readStandardInput() -> String {
        String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
    }
}
