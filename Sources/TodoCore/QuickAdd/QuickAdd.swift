import Foundation

/// What a quick-add line asks for: the text, and the fields its tokens set.
///
/// `QuickAddParser.parse(_:now:calendar:)` reads a line such as `Buy bread +shop due:fri !!`
/// into the text `Buy bread`, the tag `shop`, a whole-day due date on Friday and medium
/// priority. A field no token names is left to the caller (the list's section, `--date`).
public struct QuickAdd: Sendable, Hashable {
    /// The text, tokens removed; not yet validated (`TodoItem.validatedText(_:)`).
    public var text: String
    /// The due date a `due:` token gives, `.some(nil)` for `due:none`; nil when the line has no
    /// `due:`.
    public var due: ItemDate??
    /// The start a `start:` token gives, `.some(nil)` for `start:none`; nil when the line has no
    /// `start:`.
    public var start: ItemDate??
    /// The priority `pri:` or a lone `!`, `!!`, `!!!` gives; nil when the line names none.
    public var priority: TodoPriority?
    /// The tags `+word` and `#word` give, in order, without repeats.
    public var tags: TodoTags
    /// What a `repeat:` token asks for; nil when the line has none.
    public var repetition: RepeatPhrase.Parsed?
    /// The name a `list:` token gives, as typed; nil when the line names no list. The caller
    /// resolves it among the store's lists (`TodoList.named(_:in:)`).
    public var listName: String?
    /// The reminders `remind:15m` gives (`AlarmRequest`; commas separate several); nil when the
    /// line names none. Applied by `applyReminders(to:now:calendar:)`, once the dates are set.
    public var reminders: [AlarmRequest]?

    /// A line's reading: `text`, and the fields its tokens give (nil: the line names none).
    public init(
        text: String, due: ItemDate?? = nil, start: ItemDate?? = nil, priority: TodoPriority? = nil,
        tags: TodoTags = []
    ) {
        self.text = text
        self.due = due
        self.start = start
        self.priority = priority
        self.tags = tags
    }

    /// Sets on `item` the fields the line gives (its text too), leaving the others as they are.
    /// A repetition is set last, by `TodoItem.setRepetition(_:now:calendar:)`, so that a start it
    /// needs comes from the due date the line gives.
    /// - Complexity: O(t) in the number of tags.
    public func apply(to item: inout TodoItem, now: Date, calendar: Calendar) {
        item.text = text
        if let due { item.dueDate = due }
        if let start { item.startDate = start }
        if let priority { item.priority = priority }
        for tag in tags { item.tags.insert(tag) }
        switch repetition {
        case nil: break
        case .remove?: item.setRepetition(nil, now: now, calendar: calendar)
        case .repetition(let repetition)?: item.setRepetition(repetition, now: now, calendar: calendar)
        }
    }

    /// Gives `item` the line's reminders (`AlarmRequest.apply`), counted from its dates; nothing
    /// when the line names none.
    /// - Throws: `ItemError.invalidReminder` for one counting from a date the item lacks.
    public func applyReminders(to item: inout TodoItem, now: Date, calendar: Calendar) throws(ItemError) {
        guard let reminders else { return }
        item = try AlarmRequest.apply(reminders, to: item, now: now, calendar: calendar)
    }
}
