import Foundation

extension UUID {
    /// Whether this id comes before `other` in the order of their `uuidString`s, without
    /// formatting either: upper-case hex digits sort as the bytes they spell.
    /// - Complexity: O(1).
    func precedes(_ other: UUID) -> Bool {
        let (a, b) = (halves, other.halves)
        return a.high != b.high ? a.high < b.high : a.low < b.low
    }

    private var halves: (high: UInt64, low: UInt64) {
        withUnsafeBytes(of: uuid) { bytes in
            (
                UInt64(bigEndian: bytes.loadUnaligned(as: UInt64.self)),
                UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
            )
        }
    }
}
