import Foundation

/// One to-do: a value with an identity.
///
/// Values are `Hashable` by all fields, so two snapshots of the same item compare unequal once
/// anything about it changed; identity is `id`. Dates are kept to whole milliseconds, the
/// precision of the store, so that a value survives a save and load unchanged.
public struct TodoItem: Sendable, Hashable, Identifiable {
    /// The longest text, in characters, that a person may type.
    public static let maximumTextLength = 4_096
    /// The longest notes, in characters, that a person may type.
    public static let maximumNotesLength = 65_536

    public let id: UUID
    /// What to do. Validated only where a person types it (`validatedText(_:)`); text written by
    /// another program is kept exactly and displayed inert.
    public var text: String
    /// When the item is due: the day it belongs to (sections come from it), or nil for an item
    /// with no date, which no import, export, merge or sync ever gives one. A whole-day date
    /// (`hasTime` false) is the start of its day in the calendar that made it.
    public var date: Date? {
        didSet {
            date = date?.roundedToMilliseconds
            if date == nil { hasTime = true }
        }
    }
    public var color: TodoColor
    /// Whether the item is done. Setting it to false forgets `completedAt`.
    public var isDone: Bool {
        didSet {
            if !isDone { completedAt = nil }
        }
    }
    public let createdAt: Date
    public var modifiedAt: Date { didSet { modifiedAt = modifiedAt.roundedToMilliseconds } }
    /// Incremented by every saved change; the basis of optimistic locking. 0 = never saved.
    public var version: Int
    // Declared before `priority` and `hasTime` so that those two fill the padding after the
    // optional's tag instead of taking a word of their own in every item of a large array.
    /// When the item was completed, when that is known; nil while it is not done. Set by
    /// `setDone(_:at:)`; an import or a sync gives what the other program recorded, or nil.
    public var completedAt: Date? { didSet { completedAt = isDone ? completedAt?.roundedToMilliseconds : nil } }
    /// Free text of several lines; empty when there are none. The only field that may hold
    /// newlines (`validatedNotes(_:)`).
    public var notes: String {
        get { extras?.fields.notes ?? "" }
        set { extraFields.notes = newValue }
    }
    public var priority: TodoPriority
    public var tags: TodoTags {
        get { extras?.fields.tags ?? TodoTags() }
        set { extraFields.tags = newValue }
    }
    /// Whether `date` names a time of day (true) or a whole day (false, `date` is then the start
    /// of its day in the calendar that made it). Nothing turns a whole-day item into a timed one.
    /// Means nothing without a date (and is true then).
    public var hasTime: Bool
    /// When the item can be started ("not before"): a day or a time, or nil when it can be
    /// started at any time. iCalendar's `DTSTART`, Taskwarrior's `scheduled`, todo.txt's `t:`.
    /// A whole-day start (`startHasTime` false) is the start of its day, as `date` is.
    public var start: Date? {
        get { extras?.fields.start }
        set { extraFields.start = newValue?.roundedToMilliseconds }
    }
    /// Whether `start` names a time of day (true) or a whole day (false); means nothing without
    /// a start.
    public var startHasTime: Bool {
        get { extras?.fields.startHasTime ?? true }
        set { extraFields.startHasTime = newValue }
    }
    /// How the item repeats, or nil when it does not (or when only another program knows how: see
    /// `ForeignProperties.isRecurring`). Completing an occurrence advances the item
    /// (`completeOccurrence(now:calendar:)`).
    public var repetition: ItemRepetition? {
        get { extras?.fields.repetition }
        set { extraFields.repetition = newValue }
    }
    /// What another program wrote that todo-tui does not map, written back by that format.
    /// The id of the list the item belongs to (`TodoList`); `TodoList.standardID` unless set.
    public var listID: UUID {
        get { extras?.fields.list ?? TodoList.standardID }
        set { extraFields.list = newValue == TodoList.standardID ? nil : newValue }
    }
    public var foreign: ForeignProperties {
        get { extras?.fields.foreign ?? ForeignProperties() }
        set { extraFields.foreign = newValue }
    }
    /// The alarms (iCalendar VALARMs), in order; empty when there are none. A VALARM block
    /// set in `foreign.iCalendar` becomes an alarm here.
    public var alarms: [TodoAlarm] {
        get { extras?.fields.alarms ?? [] }
        set { extraFields.alarms = newValue }
    }
    /// Notes, tags, foreign properties and the start, which most items leave empty, in one shared
    /// box (nil when all are empty): an item stays about half the size it would be with them
    /// inline, and sorting, snapshotting and storing 100,000 items moves that much less.
    private var extras: ItemExtras?
    /// The boxed fields as one value; setting it makes a new box (or none when all are empty).
    private var extraFields: ItemExtras.Fields {
        get { extras?.fields ?? ItemExtras.Fields() }
        set { extras = ItemExtras.make(newValue) }
    }

    public init(
        id: UUID = UUID(),
        text: String,
        date: Date?,
        color: TodoColor = .default,
        isDone: Bool = false,
        createdAt: Date,
        modifiedAt: Date? = nil,
        version: Int = 0,
        notes: String = "",
        priority: TodoPriority = .none,
        tags: TodoTags = [],
        hasTime: Bool = true,
        foreign: ForeignProperties = ForeignProperties(),
        start: Date? = nil,
        startHasTime: Bool = true,
        completedAt: Date? = nil,
        repetition: ItemRepetition? = nil
    ) {
        self.id = id
        self.text = text
        self.date = date?.roundedToMilliseconds
        self.color = color
        self.isDone = isDone
        self.completedAt = isDone ? completedAt?.roundedToMilliseconds : nil
        self.createdAt = createdAt.roundedToMilliseconds
        self.modifiedAt = (modifiedAt ?? createdAt).roundedToMilliseconds
        self.version = version
        self.priority = priority
        self.hasTime = date == nil || hasTime
        self.extras = ItemExtras.make(
            ItemExtras.Fields(
                notes: notes, tags: tags, foreign: foreign, start: start?.roundedToMilliseconds,
                startHasTime: startHasTime, repetition: repetition))
    }

    /// Checks text typed by a person and returns it trimmed of surrounding white space.
    ///
    /// - Throws: `ItemError.emptyText`, `.textTooLong` (over 4,096 characters) or
    ///   `.controlCharacter` (newlines, tabs, escapes and other C0/C1 controls).
    /// - Complexity: O(n) in the length of the text.
    public static func validatedText(_ raw: String) throws(ItemError) -> String {
        for (offset, character) in raw.enumerated() {
            if let scalar = character.unicodeScalars.first(where: \.isControlCharacter) {
                throw .controlCharacter(scalar: scalar.value, offset: offset)
            }
        }
        let trimmed = raw.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw .emptyText }
        guard trimmed.count <= maximumTextLength else { throw .textTooLong(count: trimmed.count) }
        return trimmed
    }

    /// Checks notes typed by a person: newlines and tabs are allowed, other control characters
    /// are not. Returned as typed (notes keep their white space).
    ///
    /// - Throws: `ItemError.controlCharacter` or `.notesTooLong` (over 65,536 characters).
    /// - Complexity: O(n) in the length of the notes.
    public static func validatedNotes(_ raw: String) throws(ItemError) -> String {
        for (offset, character) in raw.enumerated() where character != "\n" && character != "\r\n" {
            if let scalar = character.unicodeScalars.first(where: { $0.isControlCharacter && $0 != "\t" }) {
                throw .controlCharacter(scalar: scalar.value, offset: offset)
            }
        }
        guard raw.count <= maximumNotesLength else { throw .notesTooLong(count: raw.count) }
        return raw
    }

    /// True when `other` is this value with at most another `version`: what a save changes in an
    /// item it writes as it is. Nothing displays, sorts, sections or filters by the version.
    /// - Complexity: O(1) when one is a copy of the other (their strings share storage); else up to
    ///   O(size of the item).
    func differsAtMostInVersion(from other: TodoItem) -> Bool {
        var same = other
        same.version = version
        return same == self
    }

    /// True when the fields a person sees or another program wrote are equal; ignores
    /// bookkeeping (`createdAt`, `modifiedAt`, `version`).
    public func hasSameContent(as other: TodoItem) -> Bool {
        text == other.text && date == other.date && color == other.color && isDone == other.isDone
            && notes == other.notes && priority == other.priority && tags == other.tags
            && hasTime == other.hasTime && foreign == other.foreign && start == other.start
            && startHasTime == other.startHasTime && completedAt == other.completedAt
            && repetition == other.repetition && listID == other.listID && alarms == other.alarms
    }
}
