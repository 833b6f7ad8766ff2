/// Which ASCII characters and adjacent pairs of them a text holds, case-folded, in 128 bits:
/// the index a live filter consults before it reads any text (`TodoPredicate.textContains`).
///
/// Each folded ASCII byte sets one bit of `bits`: the 26 letters and 10 digits a bit of their
/// own, the other bytes share the remaining 27 bits. Each pair of adjacent ASCII bytes sets one
/// of the 64 bits of `pairs`, by a hash of the folded pair. A text that is ASCII, or beyond
/// ASCII holds only scalars inert to an ASCII search (`Unicode.Scalar.isInertToASCIISearch`),
/// matches an ASCII needle exactly when its ASCII-folded bytes contain the needle's, so it can
/// only match when its signature has every bit of the needle's: every byte, and every pair of
/// adjacent bytes (the needle's pairs are adjacent in the text too). Any other text takes
/// Foundation's search, whose foldings reach beyond single bytes; it sets `needsFoundation`,
/// and the signature then promises nothing.
///
/// Kept in each sort key of a fetched-results controller, so it is made once per item and again
/// for each changed item: the index follows the context's change batches in O(changed). The
/// pairs decide most second keystrokes: at 100,000 items, "b" then "bu" looked up and searched
/// about 50,000 texts with single bytes alone.
struct TextSignature: Hashable, Sendable {
    let bits: UInt64
    let pairs: UInt64

    /// The bit of texts that take Foundation's search.
    private static let foundationBit: UInt64 = 1 << 63

    /// The signature of `text`.
    /// - Complexity: O(n) in the text's UTF-8 bytes.
    init(of text: String) {
        var text = text
        (bits, pairs) = text.withUTF8 { Self.bits(of: $0) }
    }

    /// The signature a needle's matches must have, or nil when the needle is not ASCII (its
    /// matches are Foundation's to find) or empty (it matches everything).
    init?(needle: String) {
        guard !needle.isEmpty, needle.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        var needle = needle
        (bits, pairs) = needle.withUTF8 { Self.bits(of: $0) }
    }

    /// The signature a text must have to contain every one of the needles `signatures` belong to.
    init(combining signatures: [TextSignature]) {
        bits = signatures.reduce(0) { $0 | $1.bits }
        pairs = signatures.reduce(0) { $0 | $1.pairs }
    }

    /// True when the text takes Foundation's search and the signature promises nothing.
    var needsFoundation: Bool { bits & Self.foundationBit != 0 }

    /// False only when the text surely does not contain a needle with signature `needle`.
    /// - Complexity: O(1).
    func mayContain(_ needle: TextSignature) -> Bool {
        needsFoundation || bits & needle.bits == needle.bits && pairs & needle.pairs == needle.pairs
    }

    /// Whether, for a text searched by bytes (`needsFoundation` false), `mayContain` is the whole
    /// answer for `needle`: one ASCII letter or digit, which has a bit of its own.
    static func isDecisive(_ needle: String) -> Bool {
        guard needle.utf8.count == 1, let byte = needle.utf8.first else { return false }
        let folded = fold(byte)
        return folded &- UInt8(ascii: "a") < 26 || folded &- UInt8(ascii: "0") < 10
    }

    @inline(__always) private static func fold(_ byte: UInt8) -> UInt8 {
        byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
    }

    /// The bit of a folded byte: letters take bits 0–25, digits 26–35, every other ASCII byte one
    /// of bits 36–62.
    @inline(__always) private static func bit(_ folded: UInt8) -> UInt64 {
        if folded &- UInt8(ascii: "a") < 26 { return 1 << UInt64(folded &- UInt8(ascii: "a")) }
        if folded &- UInt8(ascii: "0") < 10 { return 1 << UInt64(26 + folded &- UInt8(ascii: "0")) }
        return 1 << UInt64(36 + folded % 27)
    }

    /// The pair bit of two adjacent folded bytes.
    @inline(__always) private static func pairBit(_ first: UInt8, _ second: UInt8) -> UInt64 {
        1 << UInt64((UInt32(first) &* 31 &+ UInt32(second)) % 64)
    }

    private static func bits(of bytes: UnsafeBufferPointer<UInt8>) -> (bits: UInt64, pairs: UInt64) {
        var bits: UInt64 = 0
        var pairs: UInt64 = 0
        // The folded ASCII byte before this one, or nil after a scalar beyond ASCII.
        var previous: UInt8?
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            if lead < 0x80 {
                let folded = fold(lead)
                bits |= bit(folded)
                if let previous { pairs |= pairBit(previous, folded) }
                previous = folded
                index += 1
                continue
            }
            previous = nil
            // Valid UTF-8 (a String's bytes): the lead byte gives the length.
            let length = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
            var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
            for offset in 1..<length {
                value = value << 6 | UInt32(bytes[index + offset] & 0x3F)
            }
            index += length
            if let scalar = Unicode.Scalar(value), scalar.isInertToASCIISearch { continue }
            return (bits | foundationBit, pairs)
        }
        return (bits, pairs)
    }
}
