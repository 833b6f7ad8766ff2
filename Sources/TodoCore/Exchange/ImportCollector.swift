import Foundation

/// Turns an input's records into items: applies defaults, derives missing ids, and refuses
/// empty texts, repeated ids and dates the store cannot hold, naming the offending record.
struct ImportCollector {
    private let source: String
    /// How the format writes a text: a text that it would write blank is empty.
    private let textForm: TextForm
    private let now: Date
    private var stableIDs: StableID
    private var positions: [UUID: ImportPosition] = [:]
    /// The items read so far, in input order.
    private(set) var items: [TodoItem] = []
    /// The lists records named so far, in the order first named; one per name, ignoring case.
    private(set) var lists: [TodoList] = []
    private var listIDs: [String: UUID] = [:]

    /// - Parameters:
    ///   - format: names derived ids (`StableID`).
    ///   - source: the input's name, for error messages.
    ///   - now: the creation time of items that state none.
    init(format: ExportFormat, source: String, now: Date) {
        self.source = source
        self.now = now
        textForm = format.fidelity.textForm
        stableIDs = StableID(format: format)
    }

    /// Adds the item a record describes.
    /// - Throws: `ExchangeError` at `position` when the text is empty (or would be written back
    ///   blank: an iCalendar SUMMARY of control characters alone) or longer than
    ///   `TodoItem.maximumTextLength` characters (what a person may type), the id was already
    ///   read, or a date lies outside `StoreEncoder.representableDates` (the years 0000–9999 in UTC).
    /// - Complexity: amortised O(1) plus O(length of the text).
    mutating func add(_ record: ImportRecord, at position: ImportPosition) throws(ExchangeError) {
        guard !TrimmedText.isBlank(textForm.apply(record.text)) else {
            throw position.error("the text is empty", source: source)
        }
        // Counting stops past the bound: a 200 MB text is refused without walking all of it.
        guard record.text.dropFirst(TodoItem.maximumTextLength).isEmpty else {
            throw position.error(
                "the text is longer than \(TodoItem.maximumTextLength) characters, the most an item holds",
                source: source)
        }
        guard record.notes.dropFirst(TodoItem.maximumNotesLength).isEmpty else {
            throw position.error(
                "the notes are longer than \(TodoItem.maximumNotesLength) characters, the most an item holds",
                source: source)
        }
        let id = record.id ?? stableIDs.next(forText: record.text)
        if let earlier = positions[id] {
            throw position.error(
                "the id \(id.uuidString.lowercased()) was already used on \(earlier.phrase)", source: source)
        }
        for date in [record.date, record.createdAt, record.modifiedAt, record.start, record.completedAt].compactMap(
            \.self)
        where !StoreEncoder.representableDates.contains(date) {
            throw position.error("a date falls outside the years 0000 to 9999", source: source)
        }
        positions[id] = position
        let createdAt = record.createdAt ?? now
        items.append(
            TodoItem(
                id: id,
                text: record.text,
                date: record.date,
                color: record.color,
                isDone: record.isDone,
                createdAt: createdAt,
                modifiedAt: record.modifiedAt ?? createdAt,
                notes: record.notes,
                priority: record.priority,
                tags: record.tags,
                hasTime: record.hasTime,
                foreign: record.foreign,
                start: record.start,
                startHasTime: record.startHasTime,
                completedAt: record.completedAt,
                repetition: record.repetition
            ))
        if let list = record.list {
            items[items.count - 1].listID = listID(of: list)
        }
    }

    /// The items and the lists they name.
    var contents: ImportContents { ImportContents(items: items, lists: lists) }

    /// The id of the list named as `list` is: the first list read under that name, ignoring case.
    private mutating func listID(of list: TodoList) -> UUID {
        let key = list.name.lowercased()
        if let id = listIDs[key] { return id }
        listIDs[key] = list.id
        lists.append(list)
        return list.id
    }
}
