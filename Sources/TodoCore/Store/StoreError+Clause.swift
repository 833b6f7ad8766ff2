extension StoreError {
    /// The description as a clause for another sentence: without its final full stop and with a
    /// lower-case first letter, as in "The sync state … cannot be used: could not create …".
    package var clause: String {
        var text = description
        if text.hasSuffix(".") { text.removeLast() }
        guard let first = text.first else { return text }
        return first.lowercased() + text.dropFirst()
    }
}
