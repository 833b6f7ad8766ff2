extension TodoItem {
    /// A hash of every field, for telling a changed item from an unchanged one (a snapshot's
    /// fingerprints): items with the same fields and the same text bytes have equal
    /// fingerprints; any other pair almost always differs.
    ///
    /// The text is hashed as its UTF-8 bytes rather than as a `String`, whose hash normalizes
    /// it first: a text re-encoded in another normal form counts as changed here, which only
    /// costs a redraw, while the normalization was most of the cost of snapshotting 100,000
    /// items.
    /// - Complexity: O(length of the text).
    var fingerprint: Int {
        var hasher = Hasher()
        hasher.combine(id)
        var text = self.text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        hasher.combine(date)
        hasher.combine(color)
        hasher.combine(isDone)
        hasher.combine(listID)
        hasher.combine(createdAt)
        hasher.combine(modifiedAt)
        hasher.combine(version)
        hasher.combine(repetition)
        hasher.combine(alarms)
        return hasher.finalize()
    }
}
