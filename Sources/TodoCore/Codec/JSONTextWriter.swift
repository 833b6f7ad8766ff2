import Foundation

/// JSON text with the store's spelling of strings, ids and integers, for the other modules of
/// this package that keep large JSON files of their own (the sync state): as fast as the store's
/// encoder, because it is the store's encoder.
package struct JSONTextWriter {
    private var output: ByteCursor

    /// The bytes `body` writes; `bound` must be at least as many (see `bound(of:)`).
    /// - Complexity: O(bound).
    package static func bytes(bound: Int, _ body: (inout JSONTextWriter) -> Void) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: bound) { buffer, count in
            var writer = JSONTextWriter(output: ByteCursor(buffer))
            body(&writer)
            count = buffer.baseAddress.map { writer.output.position - $0 } ?? 0
        }
    }

    /// The most bytes `string(_:)` writes for `text`.
    package static func bound(of text: String) -> Int {
        text.utf8.count * 6 + 2
    }

    /// The most bytes `id(_:)` or `integer(_:)` writes.
    package static let scalarBound = UUIDFormat.writtenLength + 2

    /// Writes `literal` as it is (punctuation and keys).
    package mutating func raw(_ literal: StaticString) {
        output.reserve(literal.utf8CodeUnitCount)
        output.write(literal)
    }

    /// Writes `bytes` as they are (JSON text made elsewhere).
    package mutating func raw(_ bytes: [UInt8]) {
        output.reserve(bytes.count)
        bytes.withUnsafeBufferPointer { output.write($0) }
    }

    /// Writes `bytes` as they are (JSON text read elsewhere).
    package mutating func raw(_ bytes: UnsafeBufferPointer<UInt8>) {
        output.reserve(bytes.count)
        output.write(bytes)
    }

    /// Writes `text` as a string literal with quotes.
    package mutating func string(_ text: String) {
        output.reserve(Self.bound(of: text))
        StoreEncoder.writeString(text, to: &output)
    }

    /// Writes `id` as a string literal of its upper-case form.
    package mutating func id(_ id: UUID) {
        output.reserve(Self.scalarBound)
        output.write(UInt8(ascii: "\""))
        UUIDFormat.write(id, to: &output)
        output.write(UInt8(ascii: "\""))
    }

    package mutating func integer(_ value: Int) {
        output.reserve(Self.scalarBound)
        StoreEncoder.writeInteger(value, to: &output)
    }
}
