/// Escapes text for XML character data and attribute values.
enum XMLText {
    /// `text` with `&`, `<`, `>`, `"` and `'` replaced by entities.
    /// - Complexity: O(n).
    static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            default: result.append(character)
            }
        }
        return result
    }
}
