import Foundation

/// Screen lines with the time of day a row shows after its box (`  [ ] 09:30 Buy milk`) taken
/// out, for tests about other things whose items get the wall-clock time they were added at.
enum RowTime {
    /// `line` without a `HH:MM ` right after its first `] `; other lines unchanged.
    static func removed(from line: String) -> String {
        guard let box = line.range(of: "] ") else { return line }
        let rest = line[box.upperBound...]
        let time = rest.prefix(6)
        guard time.count == 6, Self.isTime(time) else { return line }
        return String(line[..<box.upperBound]) + rest.dropFirst(6)
    }

    /// Whether `text` is `HH:MM ` with ASCII digits.
    static func isTime(_ text: Substring) -> Bool {
        let characters = Array(text)
        return characters.count == 6 && characters[2] == ":" && characters[5] == " "
            && [0, 1, 3, 4].allSatisfy { characters[$0].isASCII && characters[$0].isNumber }
    }
}
