import Foundation
import TodoCore

/// A record's base (`SyncRecord.base`): its text, or where the state file it was read from holds
/// it as a JSON string, checked when read and decoded only when asked. A run asks for the bases of
/// the few items that changed, and writes the others back as the bytes they were.
enum RecordBase: Sendable, Hashable {
    case text(String)
    /// The literal, quotes included, at `range` of `source`'s bytes.
    case literal(Source, Range<Int>)

    /// A state file's bytes as read, shared by the bases read from them.
    final class Source: Sendable {
        let bytes: Data
        /// The file, named in an error.
        let path: String

        init(_ bytes: Data, path: String) {
            self.bytes = bytes
            self.path = path
        }
    }

    /// The base's text.
    /// - Complexity: O(n) in its length for a literal (decoded at each call: the caller keeps it).
    var text: String {
        switch self {
        case .text(let text):
            return text
        case .literal(let source, let range):
            do {
                return try source.bytes.withUnsafeBytes { (raw) throws(StoreError) -> String in
                    try JSONTextReader.string(at: range, in: raw.bindMemory(to: UInt8.self), path: source.path)
                }
            } catch {
                preconditionFailure("a base's literal is checked when it is read: \(error)")
            }
        }
    }

    /// The most bytes `write(to:)` writes.
    var bound: Int {
        switch self {
        case .text(let text): JSONTextWriter.bound(of: text)
        case .literal(_, let range): range.count
        }
    }

    /// Writes the base as a JSON string: a literal as it was read.
    func write(to writer: inout JSONTextWriter) {
        switch self {
        case .text(let text):
            writer.string(text)
        case .literal(let source, let range):
            source.bytes.withUnsafeBytes { raw in
                writer.raw(UnsafeBufferPointer(rebasing: raw.bindMemory(to: UInt8.self)[range]))
            }
        }
    }

    /// Equal when their texts are; a literal read once equals itself without decoding.
    static func == (left: RecordBase, right: RecordBase) -> Bool {
        if case .literal(let a, let first) = left, case .literal(let b, let second) = right, a === b,
            first == second
        {
            return true
        }
        return left.text == right.text
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(text)
    }
}
