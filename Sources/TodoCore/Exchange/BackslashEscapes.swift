/// Undoes backslash escapes, the scheme of both iCalendar TEXT and CommonMark.
enum BackslashEscapes {
    /// `text` with each backslash and the character after it replaced by `replacement(character)`;
    /// a lone backslash at the very end stays.
    /// - Complexity: O(n) in the length of the text.
    static func undo(_ text: some StringProtocol, _ replacement: (Character) -> String) -> String {
        var result = ""
        var escaping = false
        for character in text {
            if escaping {
                result.append(replacement(character))
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                result.append(character)
            }
        }
        if escaping { result.append("\\") }
        return result
    }
}
