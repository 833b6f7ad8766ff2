import Foundation

/// UUIDs in the store: written in upper case, read in either case.
///
/// Hand-written because `UUID(uuidString:)` and `uuidString` allocate and would be a visible
/// share of loading and saving a large store.
enum UUIDFormat {

    /// The length of what `write(_:to:)` writes.
    static let writtenLength = 36

    /// Writes the 36-character upper-case form of `id`.
    static func write(_ id: UUID, to output: inout ByteCursor) {
        withUnsafeBytes(of: id.uuid) { raw in
            for index in 0..<16 {
                if index == 4 || index == 6 || index == 8 || index == 10 { output.write(UInt8(ascii: "-")) }
                output.write(hexDigit(raw[index] >> 4))
                output.write(hexDigit(raw[index] & 0x0F))
            }
        }
    }

    /// Whether `text`, a file's bytes whose decoded string `parse` accepted, is exactly what
    /// `write` writes for the id `parse` returned: 36 bytes (so no escape) and no lower-case hex
    /// letter.
    /// - Complexity: O(1) (36 bytes).
    static func isWrittenForm(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        text.count == writtenLength && !text.contains { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "f") }
    }

    /// The upper-case hex digit for a value below 16.
    @inline(__always)
    static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") &+ value : UInt8(ascii: "A") &+ value &- 10
    }

    /// Parses `XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX` in hex of either case; nil otherwise.
    ///
    /// Eight hex digits at a time, as one word: this runs for every item of a loaded store.
    static func parse(_ text: UnsafeBufferPointer<UInt8>) -> UUID? {
        guard text.count == 36, let base = text.baseAddress,
            text[8] == UInt8(ascii: "-"), text[13] == UInt8(ascii: "-"),
            text[18] == UInt8(ascii: "-"), text[23] == UInt8(ascii: "-")
        else { return nil }
        let raw = UnsafeRawPointer(base)
        func word(_ first: Int, _ second: Int) -> UInt64 {
            UInt64(raw.loadUnaligned(fromByteOffset: first, as: UInt32.self).littleEndian)
                | UInt64(raw.loadUnaligned(fromByteOffset: second, as: UInt32.self).littleEndian) << 32
        }
        guard let group1 = hexWord(word(0, 4)), let group2 = hexWord(word(9, 14)),
            let group3 = hexWord(word(19, 24)), let group4 = hexWord(word(28, 32))
        else { return nil }
        let high = UInt64(group1) << 32 | UInt64(group2)
        let low = UInt64(group3) << 32 | UInt64(group4)
        // uuid_t is sixteen bytes in text order: most significant byte first.
        return UUID(uuid: unsafeBitCast((high.bigEndian, low.bigEndian), to: uuid_t.self))
    }

    /// The value of eight hex digits packed in a word, the first character in the low byte;
    /// nil if any byte is not a hex digit.
    static func hexWord(_ word: UInt64) -> UInt32? {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits = ones &* 0x80
        guard word & highBits == 0 else { return nil }
        // With every byte below 0x80, adding 0x80 - n sets a byte's high bit exactly when the
        // byte is at least n, and no addition carries into the next byte.
        func atLeast(_ value: UInt64, _ bound: UInt8) -> UInt64 { (value &+ ones &* UInt64(0x80 - bound)) & highBits }
        let digits = atLeast(word, UInt8(ascii: "0")) & ~atLeast(word, UInt8(ascii: "9") + 1)
        let lower = word | ones &* 0x20
        let letters = atLeast(lower, UInt8(ascii: "a")) & ~atLeast(lower, UInt8(ascii: "f") + 1)
        guard digits | letters == highBits else { return nil }
        var value = (word & (ones &* 0x0F)) &+ (letters >> 7) &* 9
        // Gather the nibbles, first character most significant.
        value = ((value << 4) | (value >> 8)) & 0x00FF_00FF_00FF_00FF
        value = ((value << 8) | (value >> 16)) & 0x0000_FFFF_0000_FFFF
        value = ((value << 16) | (value >> 32)) & 0x0000_0000_FFFF_FFFF
        return UInt32(truncatingIfNeeded: value)
    }

    /// The value of a hex digit of either case, or 0xFF for any other byte.
    @inline(__always)
    static func hexValue(_ byte: UInt8) -> UInt8 {
        let digit = byte &- UInt8(ascii: "0")
        if digit < 10 { return digit }
        let letter = (byte | 0x20) &- UInt8(ascii: "a")
        return letter < 6 ? letter + 10 : 0xFF
    }
}
