import Foundation

/// The bytes of an export under construction.
///
/// Exports of 100,000 items write tens of megabytes; appending UTF-8 bytes to one array, with
/// ids, timestamps and JSON strings written by the store's byte writers (`ByteCursor`,
/// `UUIDFormat`, `TimestampFormat`, `StoreEncoder.writeString`), avoids the temporary strings
/// that `String` interpolation and formatting would allocate for every field.
struct ExportBuffer {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        bytes.append(byte)
    }

    mutating func append(_ literal: StaticString) {
        literal.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends the text's UTF-8 bytes unchanged.
    mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    mutating func append(_ other: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: other)
    }

    /// Lets `body` write at most `bound` bytes through a `ByteCursor`, keeping what it wrote.
    /// - Precondition: `body` writes no more than `bound` bytes (`ByteCursor` checks what it is told).
    mutating func write(reserving bound: Int, _ body: (inout ByteCursor) -> Void) {
        precondition(bound > 0, "a reserved write must reserve at least one byte")
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: bound))
        let written = bytes.withUnsafeMutableBufferPointer { buffer in
            let tail = UnsafeMutableBufferPointer(rebasing: buffer[start...])
            var cursor = ByteCursor(tail)
            cursor.reserve(bound)
            body(&cursor)
            return tail.baseAddress.map { cursor.position - $0 } ?? 0
        }
        bytes.removeLast(bound - written)
    }

    /// Appends `id` in the lowercase 8-4-4-4-12 form that RFC 9562 recommends for output and
    /// Taskwarrior requires (the store writes upper case).
    mutating func append(_ id: UUID) {
        write(reserving: UUIDFormat.writtenLength) { UUIDFormat.write(id, to: &$0) }
        for index in bytes.indices.suffix(UUIDFormat.writtenLength) where bytes[index] >= UInt8(ascii: "A") {
            bytes[index] |= 0x20
        }
    }

    /// Appends `2025-01-12T09:30:00.000Z`, the store's exact UTC timestamp.
    mutating func appendTimestamp(_ date: Date) {
        write(reserving: TimestampFormat.writtenLength) { TimestampFormat.write(date.millisecondsSince1970, to: &$0) }
    }

    /// Appends `text` as a quoted JSON string, escaped as the store escapes it.
    mutating func appendJSONString(_ text: String) {
        write(reserving: 2 + 6 * text.utf8.count) { StoreEncoder.writeString(text, to: &$0) }
    }
}
