import Foundation

/// A condition on items: a composable value that can be evaluated, printed and compared.
///
/// Because it is `Hashable` and has a stable `description`, a predicate can be part of a
/// fetched-results controller's cache key. Relative filter words such as `date:today` are
/// resolved to absolute instants by `FilterParser` before they become a predicate, so a
/// predicate means the same thing whenever it is evaluated.
public indirect enum TodoPredicate: Sendable, Hashable, CustomStringConvertible {
    /// Every item.
    case all
    /// The text contains the needle, ignoring case and diacritics ("cafe" matches "Café").
    case textContains(String)
    /// The done flag equals the value.
    case isDone(Bool)
    /// The colour equals the value.
    case color(TodoColor)
    /// `date >= bound`; false for an item without a date.
    case dateOnOrAfter(Date)
    /// `date < bound`; false for an item without a date.
    case dateBefore(Date)
    /// `start >= bound`; false for an item without a start.
    case startOnOrAfter(Date)
    /// `start < bound`; false for an item without a start.
    case startBefore(Date)
    /// `completedAt >= bound`; false for an item not done or done at an unknown time.
    case completedOnOrAfter(Date)
    /// `completedAt < bound`; false for an item not done or done at an unknown time.
    case completedBefore(Date)
    /// Every operand holds (true when empty).
    case and([TodoPredicate])
    /// At least one operand holds (false when empty).
    case or([TodoPredicate])
    /// The operand does not hold.
    case not(TodoPredicate)
    /// The priority is at least this.
    case priorityAtLeast(TodoPriority)
    /// The priority is at most this.
    case priorityAtMost(TodoPriority)
    /// One of the tags equals this, ignoring case and diacritics.
    case tag(String)
    /// The item has notes, tags, a priority, a date, a start, a repetition (`TodoItem.repeats`) or an
    /// alarm.
    case has(ItemAspect)
    /// The item belongs to the list with this id (`TodoItem.listID`).
    case list(UUID)

    /// What `has:` asks an item to have.
    public enum ItemAspect: String, Sendable, Hashable, CaseIterable {
        case notes, tags, priority, date, start, alarm
        case `repeat`
    }

    /// Whether `item` satisfies the predicate.
    /// - Complexity: O(size of the predicate × length of the text) for text conditions, else O(size).
    public func evaluate(_ item: TodoItem) -> Bool {
        evaluate(item, textIsASCIIOrInert: false)
    }

    /// Whether `item` satisfies the predicate, told whether its text is known to be ASCII or
    /// beyond ASCII to hold only scalars inert to an ASCII search (a `TextSignature` without
    /// `needsFoundation`), so that an ASCII needle need not find that out again.
    /// - Complexity: as `evaluate(_:)`.
    func evaluate(_ item: TodoItem, textIsASCIIOrInert: Bool) -> Bool {
        switch self {
        case .all: true
        case .textContains: evaluate(text: item.text, textIsASCIIOrInert: textIsASCIIOrInert)
        case .isDone(let flag): item.isDone == flag
        case .color(let color): item.color == color
        case .dateOnOrAfter(let bound): item.date.map { $0 >= bound } ?? false
        case .dateBefore(let bound): item.date.map { $0 < bound } ?? false
        case .startOnOrAfter(let bound): item.start.map { $0 >= bound } ?? false
        case .startBefore(let bound): item.start.map { $0 < bound } ?? false
        case .completedOnOrAfter(let bound): item.completedAt.map { $0 >= bound } ?? false
        case .completedBefore(let bound): item.completedAt.map { $0 < bound } ?? false
        case .and(let operands): operands.allSatisfy { $0.evaluate(item, textIsASCIIOrInert: textIsASCIIOrInert) }
        case .or(let operands): operands.contains { $0.evaluate(item, textIsASCIIOrInert: textIsASCIIOrInert) }
        case .not(let operand): !operand.evaluate(item, textIsASCIIOrInert: textIsASCIIOrInert)
        case .priorityAtLeast(let bound): item.priority >= bound
        case .priorityAtMost(let bound): item.priority <= bound
        case .tag(let wanted): item.tags.contains { $0.equalsIgnoringCaseAndDiacritics(wanted) }
        case .has(.notes): !item.notes.isEmpty
        case .has(.tags): !item.tags.isEmpty
        case .has(.priority): item.priority != .none
        case .has(.date): item.date != nil
        case .has(.start): item.start != nil
        case .has(.repeat): item.repeats
        case .list(let id): item.listID == id
        case .has(.alarm): !item.alarms.isEmpty
        }
    }

    /// Whether an item with `text` satisfies the predicate, which must hold only text
    /// conditions (`isTextOnly`).
    /// - Complexity: as `evaluate(_:)`.
    func evaluate(text: String, textIsASCIIOrInert: Bool) -> Bool {
        switch self {
        case .all: true
        case .textContains(let needle):
            text.containsIgnoringCaseAndDiacritics(needle, knownASCIIOrInert: textIsASCIIOrInert)
        case .and(let operands): operands.allSatisfy { $0.evaluate(text: text, textIsASCIIOrInert: textIsASCIIOrInert) }
        case .or(let operands): operands.contains { $0.evaluate(text: text, textIsASCIIOrInert: textIsASCIIOrInert) }
        case .not(let operand): !operand.evaluate(text: text, textIsASCIIOrInert: textIsASCIIOrInert)
        default: preconditionFailure("\(self) is not a text condition")
        }
    }

    /// True when the predicate asks only about the text (`evaluate(text:textIsASCIIOrInert:)`).
    var isTextOnly: Bool {
        switch self {
        case .all, .textContains: true
        case .and(let operands), .or(let operands): operands.allSatisfy(\.isTextOnly)
        case .not(let operand): operand.isTextOnly
        default: false
        }
    }

    /// A conjunction that drops `.all` operands and flattens nested conjunctions.
    public static func conjunction(_ operands: [TodoPredicate]) -> TodoPredicate {
        var flat: [TodoPredicate] = []
        for operand in operands {
            switch operand {
            case .all: continue
            case .and(let inner): flat.append(contentsOf: inner)
            default: flat.append(operand)
            }
        }
        return flat.isEmpty ? .all : flat.count == 1 ? flat[0] : .and(flat)
    }

    /// A stable, unambiguous rendering, e.g. `and(text~"milk", done=false, date>=2025-01-01T00:00:00Z)`.
    public var description: String {
        switch self {
        case .all: "all"
        case .textContains(let needle): "text~\(needle.debugDescription)"
        case .isDone(let flag): "done=\(flag)"
        case .color(let color): "color=\(color.rawValue)"
        case .dateOnOrAfter(let bound): "date>=\(bound.iso8601UTC)"
        case .dateBefore(let bound): "date<\(bound.iso8601UTC)"
        case .startOnOrAfter(let bound): "start>=\(bound.iso8601UTC)"
        case .startBefore(let bound): "start<\(bound.iso8601UTC)"
        case .completedOnOrAfter(let bound): "completed>=\(bound.iso8601UTC)"
        case .completedBefore(let bound): "completed<\(bound.iso8601UTC)"
        case .and(let operands): "and(\(operands.map(\.description).joined(separator: ", ")))"
        case .or(let operands): "or(\(operands.map(\.description).joined(separator: ", ")))"
        case .priorityAtLeast(let bound): "priority>=\(bound.name)"
        case .priorityAtMost(let bound): "priority<=\(bound.name)"
        case .tag(let tag): "tag=\(tag.debugDescription)"
        case .has(let aspect): "has=\(aspect.rawValue)"
        case .list(let id): "list=\(id.uuidString)"
        case .not(let operand): "not(\(operand))"
        }
    }
}

extension String {
    /// Case- and diacritic-insensitive equality, as the filter matches tags.
    /// - Complexity: O(n).
    func equalsIgnoringCaseAndDiacritics(_ other: String) -> Bool {
        if self == other { return true }
        // ASCII has no diacritics; and Foundation's comparison on Linux is not trusted with
        // U+0000 (its search traps on it), which has no case either.
        if utf8.allSatisfy({ $0 < 0x80 }) && other.utf8.allSatisfy({ $0 < 0x80 })
            || unicodeScalars.contains("\0") || other.unicodeScalars.contains("\0")
        {
            return lowercased() == other.lowercased()
        }
        return compare(other, options: [.caseInsensitive, .diacriticInsensitive]) == .orderedSame
    }

    /// Case- and diacritic-insensitive substring test, the filter language's free-word match.
    ///
    /// When the needle is ASCII and the text is ASCII, or beyond ASCII holds only scalars that
    /// are inert to such a search (Hangul, kana and kanji, most punctuation and emoji: see
    /// `Unicode.Scalar.isInertToASCIISearch`), the answer is Foundation's, found by comparing
    /// bytes with ASCII case folding: an inert scalar's bytes never equal an ASCII byte, and
    /// ASCII has no diacritics or multi-character foldings. Foundation's search costs about a
    /// microsecond per item, most of a live-filter keystroke at 100,000 items. Any other text
    /// takes Foundation's search.
    /// - Parameter knownASCIIOrInert: true when the caller knows this text is ASCII or inert
    ///   beyond ASCII (its `TextSignature`), so that it is not checked again.
    /// - Complexity: O(m × n) for texts of lengths m and n, usually O(n).
    func containsIgnoringCaseAndDiacritics(_ needle: String, knownASCIIOrInert: Bool = false) -> Bool {
        if needle.isEmpty { return true }
        // Borrowed, not copied: a native string's bytes are contiguous (anything else takes
        // Foundation's search below).
        let answer =
            utf8.withContiguousStorageIfAvailable { haystack in
                needle.utf8.withContiguousStorageIfAvailable { pattern -> Bool? in
                    guard pattern.allSatisfy({ $0 < 0x80 }), knownASCIIOrInert || Self.isASCIIOrInert(haystack)
                    else { return nil }
                    return Self.asciiCaseInsensitiveContains(haystack, pattern)
                } ?? nil
            } ?? nil
        if let answer { return answer }
        if unicodeScalars.contains("\0") || needle.unicodeScalars.contains("\0") {
            return Self.containsWithoutNUL(self, needle)
        }
        return range(of: needle, options: [.caseInsensitive, .diacriticInsensitive]) != nil
    }

    /// The search for a text or needle holding U+0000, which Foundation's search on Linux traps
    /// on (an index out of bounds) as soon as the text has a non-ASCII letter such as "é".
    ///
    /// U+0000 has no case and no diacritics, so it matches only itself: both strings have it
    /// replaced by one private-use scalar that neither contains, which Foundation's search
    /// treats as a plain character. Without such a scalar (both strings hold all 6,400 of
    /// them) the answer is an exact scalar-by-scalar search, never a trap.
    /// - Complexity: O(m × n), plus O(m + n) to find the stand-in.
    private static func containsWithoutNUL(_ text: String, _ needle: String) -> Bool {
        let used = Set(text.unicodeScalars.filter { (0xE000...0xF8FF).contains($0.value) })
            .union(needle.unicodeScalars.filter { (0xE000...0xF8FF).contains($0.value) })
        guard
            let standIn = (UInt32(0xE000)...0xF8FF).lazy.compactMap(Unicode.Scalar.init).first(where: {
                !used.contains($0)
            })
        else {
            let haystack = Array(text.unicodeScalars), pattern = Array(needle.unicodeScalars)
            guard pattern.count <= haystack.count else { return false }
            return (0...(haystack.count - pattern.count)).contains {
                haystack[$0..<($0 + pattern.count)].elementsEqual(pattern)
            }
        }
        func replacingNUL(_ string: String) -> String {
            var result = String.UnicodeScalarView()
            result.append(contentsOf: string.unicodeScalars.lazy.map { $0 == "\0" ? standIn : $0 })
            return String(result)
        }
        return replacingNUL(text).range(of: replacingNUL(needle), options: [.caseInsensitive, .diacriticInsensitive])
            != nil
    }

    /// Whether every scalar of the valid UTF-8 `bytes` is ASCII or inert to an ASCII search.
    /// Decodes the bytes itself: the string's scalar view cost more than the search.
    /// - Complexity: O(n).
    private static func isASCIIOrInert(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < bytes.count {
            let lead = UInt32(bytes[index])
            if lead < 0x80 {
                index += 1
                continue
            }
            // A String's bytes are valid UTF-8: the lead byte gives the length.
            let value: UInt32
            if lead < 0xE0 {
                value = (lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F)
                index += 2
            } else if lead < 0xF0 {
                value = (lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
                index += 3
            } else {
                value =
                    (lead & 0x07) << 18 | UInt32(bytes[index + 1] & 0x3F) << 12
                    | UInt32(bytes[index + 2] & 0x3F) << 6 | UInt32(bytes[index + 3] & 0x3F)
                index += 4
            }
            guard let scalar = Unicode.Scalar(value), scalar.isInertToASCIISearch else { return false }
        }
        return true
    }

    /// Whether ASCII `pattern` occurs in `haystack` ignoring ASCII case; bytes beyond ASCII in
    /// `haystack` match nothing.
    private static func asciiCaseInsensitiveContains(
        _ haystack: UnsafeBufferPointer<UInt8>, _ pattern: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        @inline(__always) func folded(_ byte: UInt8) -> UInt8 {
            byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
        }
        guard pattern.count <= haystack.count else { return false }
        let first = folded(pattern[0])
        for start in 0...(haystack.count - pattern.count) where folded(haystack[start]) == first {
            var offset = 1
            while offset < pattern.count, folded(haystack[start + offset]) == folded(pattern[offset]) {
                offset += 1
            }
            if offset == pattern.count { return true }
        }
        return false
    }
}

extension Date {
    /// `yyyy-MM-ddTHH:mm:ss.SSSZ` in UTC; stable across machines, used in descriptions.
    package var iso8601UTC: String {
        formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true, timeZone: .gmt))
    }
}
