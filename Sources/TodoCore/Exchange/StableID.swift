import Foundation

/// Ids for imported items that come without a usable UUID.
///
/// An iCalendar UID may be any text (`20250112-1@example.com`), and todo.txt, Markdown and a
/// hand-made CSV have no ids at all. Importing the same file twice must match the same items, so
/// such an item's id is a name-based UUID (RFC 9562 version 5, SHA-1) over a name that is stable
/// for the same input: `uid:<UID>` for a foreign UID, `<format>:<text>#<n>` for an id-less record,
/// where n counts earlier records of the same format with the same text in the file. The
/// namespace is fixed, so `uuid.uuid5(UUID("7b7ec23c-2872-4056-aab2-b157369ebddc"), name)` in
/// Python derives the same ids.
struct StableID {
    static let namespace = UUID(
        uuid: (
            0x7B, 0x7E, 0xC2, 0x3C, 0x28, 0x72, 0x40, 0x56, 0xAA, 0xB2, 0xB1, 0x57, 0x36, 0x9E, 0xBD, 0xDC
        ))

    /// The version 5 UUID of `name` in `namespace`.
    /// - Complexity: O(n) in the length of the name.
    static func uuid(name: String, namespace: UUID = StableID.namespace) -> UUID {
        let namespaceBytes = withUnsafeBytes(of: namespace.uuid) { Array($0) }
        var hash = SHA1.digest(namespaceBytes + Array(name.utf8))
        hash[6] = hash[6] & 0x0F | 0x50
        hash[8] = hash[8] & 0x3F | 0x80
        return UUID(
            uuid: (
                hash[0], hash[1], hash[2], hash[3], hash[4], hash[5], hash[6], hash[7],
                hash[8], hash[9], hash[10], hash[11], hash[12], hash[13], hash[14], hash[15]
            ))
    }

    private let format: ExportFormat
    private var occurrences: [String: Int] = [:]

    /// Names id-less records of one import in `format`.
    init(format: ExportFormat) {
        self.format = format
    }

    /// The id of the next id-less record with `text`: `<format>:<text>#<n>`, n counting from 0.
    mutating func next(forText text: String) -> UUID {
        defer { occurrences[text, default: 0] += 1 }
        return upcoming(forText: text)
    }

    /// The id `next(forText:)` would give now, without counting the record.
    func upcoming(forText text: String) -> UUID {
        Self.uuid(name: "\(format.rawValue):\(text)#\(occurrences[text, default: 0])")
    }

    /// The id for a UID: itself when it is a UUID in any letter case, else derived from `uid:<UID>`.
    static func id(forUID uid: String) -> UUID {
        UUID(uuidString: uid) ?? uuid(name: "uid:" + uid)
    }
}
