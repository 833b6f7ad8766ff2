import Foundation

/// Reads the store's JSON file format strictly, with errors that point at line and column.
///
/// Strict means: RFC 8259 JSON (see `JSONScanner`), then exactly the store's shape. Unknown keys
/// at the top level or in an item are refused, because saving would silently drop them; so are
/// missing and repeated keys, values of the wrong type, a `format` other than `"todo-tui"`, a
/// `version` other than 1 to 4, a key the file's version did not have, and two items with the
/// same id. An older file is read as it was written and its items brought to this version's
/// meaning (`StoreContents.upgradeItems(in:)`: a version-1 item's `hasTime` by that version's
/// rule, an older whole-day item at the start of its day). Keys may come in any order (other
/// programs may write the file). Texts keep every character exactly, control characters and
/// escape sequences included. When a file that breaks the shape declares a newer `version`,
/// the error says so rather than pointing at the shape, since that is the real cause.
/// Hand-written because Foundation's `JSONDecoder` is an order of magnitude too slow for
/// 100,000 items.
package enum StoreDecoder {
    /// Parses the bytes of a store file.
    ///
    /// - Parameters:
    ///   - bytes: the whole file.
    ///   - path: the file's path, named by every error.
    ///   - calendar: the days by which an older file's items are upgraded (`upgradeItems(in:)`).
    /// - Throws: `StoreError.emptyFile`, `.invalidJSON`, `.invalidUTF8`, `.trailingData`,
    ///   `.invalidData`, `.wrongFormat`, `.newerVersion` or `.duplicateID`.
    /// - Complexity: O(n) in the size of the file.
    package static func decode(
        _ bytes: [UInt8], path: String, calendar: Calendar = .current
    ) throws(StoreError) -> StoreContents {
        var contents = try decodeAsWritten(bytes, path: path)
        contents.upgradeItems(in: calendar)
        return contents
    }

    /// `decode` without bringing an older file's items to this version's meaning: for a caller
    /// that applies a journal first and upgrades once over the result (`JSONStore`).
    static func decodeAsWritten(_ bytes: [UInt8], path: String) throws(StoreError) -> StoreContents {
        guard !bytes.isEmpty else { throw .emptyFile(path: path) }
        return try bytes.withUnsafeBufferPointer { (buffer) throws(StoreError) -> StoreContents in
            var reader = StoreReader(scanner: JSONScanner(bytes: buffer, path: path))
            do throws(StoreError) {
                return try reader.readStore()
            } catch {
                throw reader.preferringNewerVersion(over: error)
            }
        }
    }

    /// The generation read from the head of a store file, or nil when the head does not have
    /// the exact shape this program writes (`{"format": "todo-tui", "generation": N`).
    ///
    /// Lets a caller learn the generation from a few hundred bytes; a nil answer means "read the
    /// whole file". Never throws: anything unexpected is a nil.
    /// - Complexity: O(n) in the length of the head only.
    static func generation(fromHead bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { buffer in
            var reader = StoreReader(scanner: JSONScanner(bytes: buffer, path: ""))
            return reader.generationFromHead()
        }
    }
}
