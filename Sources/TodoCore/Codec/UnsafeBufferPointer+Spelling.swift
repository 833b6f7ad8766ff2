extension UnsafeBufferPointer<UInt8> {
    /// Whether these bytes are exactly `spelling`'s UTF-8; for the store's short, fixed words
    /// (keys, colour names), where a plain loop beats a call to `memcmp`.
    /// - Complexity: O(n) in the length of `spelling`.
    @inline(__always)
    func isSpelled(_ spelling: StaticString) -> Bool {
        guard count == spelling.utf8CodeUnitCount else { return false }
        let expected = spelling.utf8Start
        for index in 0..<count where self[index] != expected[index] {
            return false
        }
        return true
    }
}
