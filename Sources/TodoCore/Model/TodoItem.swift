import Foundation

/// One to-do: a value with an identity.
///
/// Values are `Hashable` by all fields, so two snapshots of the same item compare unequal once
/// anything about it changed; identity is `id`. Dates are kept to whole milliseconds, the
/// precision of the store, so that a value survives a save and load unchanged.
public struct TodoItem: Sendable, Hashable, Identifiable {
    /// The longest text, in characters, that a person may type.
    public static let maximumTextLength = 4_096

    public let id: UUID
    /// What to do. Validated only where a person types it (`validatedText(_:)`); text written by
    /// another program is kept exactly and displayed inert.
    public var text: String
    /// The day the item belongs to; sections come from it.
    public var date: Date { didSet { date = date.roundedToMilliseconds } }
    public var color: TodoColor
    public var isDone: Bool
    public let createdAt: Date
    public var modifiedAt: Date { didSet { modifiedAt = modifiedAt.roundedToMilliseconds } }
    /// Incremented by every saved change; the basis of optimistic locking. 0 = never saved.
    public var version: Int

    public init(
        id: UUID = UUID(),
        text: String,
        date: Date,
        color: TodoColor = .default,
        isDone: Bool = false,
        createdAt: Date,
        modifiedAt: Date? = nil,
        version: Int = 0
    ) {
        self.id = id
        self.text = text
        self.date = date.roundedToMilliseconds
        self.color = color
        self.isDone = isDone
        self.createdAt = createdAt.roundedToMilliseconds
        self.modifiedAt = (modifiedAt ?? createdAt).roundedToMilliseconds
        self.version = version
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

    /// True when the user-visible fields (text, date, colour, done) are equal; ignores
    /// bookkeeping (`modifiedAt`, `version`).
    public func hasSameContent(as other: TodoItem) -> Bool {
        text == other.text && date == other.date && color == other.color && isDone == other.isDone
    }
}
