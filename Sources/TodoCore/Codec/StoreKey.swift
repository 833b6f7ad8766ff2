/// The keys of the store format (the top-level object's and an item's; `version` is both) and
/// of a journal record.
///
/// A new item field is a new case here, with the format version that brought it
/// (`introducedIn`), its spelling and its place in `item`; `StoreReader` refuses it in a file
/// of an older version.
enum StoreKey: Int, CaseIterable {
    case format, generation, items, version, color, createdAt, date, id, isDone, modifiedAt, text, removed
    case foreign, hasTime, notes, priority, tags
    case completedAt, start, startHasTime
    /// Spelled `repeat`, a Swift keyword.
    case repetition
    case list, lists, name
    case alarms

    /// The keys of the top-level object, sorted.
    static let topLevel: [StoreKey] = [.format, .generation, .items, .lists, .version]
    /// The top-level keys a file may leave out: `lists`, which older versions do not have.
    static let optionalTopLevelKeys: UInt32 = StoreKey.lists.bit
    /// The keys of a list, sorted.
    static let listKeys: [StoreKey] = [.color, .id, .name]
    /// The keys of an item, sorted.
    static let item: [StoreKey] = [
        .alarms, .color, .completedAt, .createdAt, .date, .foreign, .hasTime, .id, .isDone, .list, .modifiedAt,
        .notes, .priority, .repetition, .start, .startHasTime, .tags, .text, .version,
    ]
    /// The keys an item may leave out in some version: written only when set (`hasTime` with
    /// `date`, `startHasTime` with `start`; `date` and `hasTime` are required before version 3).
    static let optionalItemKeys: UInt32 = [
        StoreKey.alarms, .completedAt, .date, .foreign, .hasTime, .list, .notes, .priority, .repetition, .start,
        .startHasTime, .tags,
    ].reduce(0) { $0 | $1.bit }
    /// The format version whose items first had this key (1 for the top-level and journal keys but
    /// `lists`, which came with version 4).
    var introducedIn: Int {
        switch self {
        case .foreign, .hasTime, .notes, .priority, .tags: 2
        case .completedAt, .start, .startHasTime: 3
        case .repetition, .list, .lists, .alarms: 4
        default: 1
        }
    }
    /// The keys of a journal record, sorted.
    static let record: [StoreKey] = [.generation, .items, .lists, .removed]

    /// The key spelled by `bytes`, or nil if no key of the format is spelled so.
    init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        // Length and first byte single out one candidate; one comparison confirms it.
        let candidate: StoreKey
        switch (bytes.count, bytes.first) {
        case (6, UInt8(ascii: "f")): candidate = .format
        case (6, UInt8(ascii: "a")): candidate = .alarms
        case (10, UInt8(ascii: "g")): candidate = .generation
        case (5, UInt8(ascii: "i")): candidate = .items
        case (7, UInt8(ascii: "v")): candidate = .version
        case (5, UInt8(ascii: "c")): candidate = .color
        case (9, UInt8(ascii: "c")): candidate = .createdAt
        case (4, UInt8(ascii: "d")): candidate = .date
        case (2, UInt8(ascii: "i")): candidate = .id
        case (6, UInt8(ascii: "i")): candidate = .isDone
        case (10, UInt8(ascii: "m")): candidate = .modifiedAt
        case (4, UInt8(ascii: "t")): candidate = bytes[1] == UInt8(ascii: "a") ? .tags : .text
        case (7, UInt8(ascii: "r")): candidate = .removed
        case (7, UInt8(ascii: "f")): candidate = .foreign
        case (7, UInt8(ascii: "h")): candidate = .hasTime
        case (5, UInt8(ascii: "n")): candidate = .notes
        case (8, UInt8(ascii: "p")): candidate = .priority
        case (11, UInt8(ascii: "c")): candidate = .completedAt
        case (5, UInt8(ascii: "s")): candidate = .start
        case (12, UInt8(ascii: "s")): candidate = .startHasTime
        case (6, UInt8(ascii: "r")): candidate = .repetition
        case (4, UInt8(ascii: "l")): candidate = .list
        case (5, UInt8(ascii: "l")): candidate = .lists
        case (4, UInt8(ascii: "n")): candidate = .name
        default: return nil
        }
        guard bytes.isSpelled(candidate.spelling) else { return nil }
        self = candidate
    }

    /// The key as written in the file, as a `String` for messages.
    var name: String { spelling.description }

    /// A bit for sets of keys.
    var bit: UInt32 { 1 << UInt32(rawValue) }

    /// The key as written in the file.
    var spelling: StaticString {
        switch self {
        case .format: "format"
        case .generation: "generation"
        case .items: "items"
        case .version: "version"
        case .color: "color"
        case .createdAt: "createdAt"
        case .date: "date"
        case .id: "id"
        case .isDone: "isDone"
        case .modifiedAt: "modifiedAt"
        case .text: "text"
        case .removed: "removed"
        case .foreign: "foreign"
        case .hasTime: "hasTime"
        case .notes: "notes"
        case .priority: "priority"
        case .tags: "tags"
        case .completedAt: "completedAt"
        case .start: "start"
        case .startHasTime: "startHasTime"
        case .repetition: "repeat"
        case .list: "list"
        case .lists: "lists"
        case .name: "name"
        case .alarms: "alarms"
        }
    }
}
