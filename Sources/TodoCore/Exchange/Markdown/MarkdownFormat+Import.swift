import Foundation

extension MarkdownFormat {
    /// Reads a checklist written by `export`: `## 2026-11-20 (Fri)` headings (the weekday is
    /// optional and not checked) and `## No date` (its items have none), `- [ ]`, `- [x]` (or
    /// `- [X]`) items, blank lines and a `# Title` line, which is ignored; backslash escapes are
    /// undone.
    ///
    /// The headings older versions wrote still read: relative titles ("Today") against `now`,
    /// so such a file means the days it meant only on the day it was written. Items have no ids or colours: ids are
    /// derived from the text
    /// (`StableID`), so importing the same file again matches the same items.
    ///
    /// - Throws: `ExchangeError.invalidLine` for an unknown title, an item before any heading, or
    ///   a line that is neither.
    /// - Complexity: O(n) in the length of the input.
    static func parse(
        _ bytes: [UInt8], source: String, now: Date, calendar: Calendar
    ) throws(ExchangeError) -> [TodoItem] {
        let titles = DayTitleParser(now: now, calendar: calendar)
        var collector = ImportCollector(format: .markdown, source: source, now: now)
        /// The current heading's day; `.some(nil)` under `## No date`, nil before any heading.
        var day: Date??
        for (index, line) in try ImportLines.split(bytes, source: source).enumerated() {
            let position = ImportPosition.line(index + 1)
            // A document title (`# To-dos`) names the list, not a day.
            if line.allSatisfy(\.isWhitespace) || line.hasPrefix("# ") { continue }
            if line.hasPrefix("## ") {
                let title = line.dropFirst(3).trimmingCharacters(in: .whitespaces)
                if title == undatedHeading {
                    day = .some(nil)
                    continue
                }
                guard let start = titles.day(from: title) else {
                    throw position.error(
                        "\(StoreError.quoted(title)) is not a day heading such as 2026-11-20 (Fri), Today, Mon 12 "
                            + "Jan or No date",
                        source: source)
                }
                day = start
                continue
            }
            let isDone: Bool
            if line.hasPrefix("- [ ] ") {
                isDone = false
            } else if line.hasPrefix("- [x] ") || line.hasPrefix("- [X] ") {
                isDone = true
            } else {
                throw position.error("expected a '## ' day heading or a '- [ ] ' checklist item", source: source)
            }
            guard let day else {
                throw position.error("the checklist item comes before any '## ' day heading", source: source)
            }
            var record = ImportRecord(text: unescaped(line.dropFirst(6)), date: day, isDone: isDone)
            // A heading is a day: its items are whole days.
            record.hasTime = false
            try collector.add(record, at: position)
        }
        return collector.items
    }

    /// The text with CommonMark backslash escapes of ASCII punctuation undone; a backslash
    /// before anything else is a literal backslash, as CommonMark reads it.
    private static func unescaped(_ text: Substring) -> String {
        BackslashEscapes.undo(text) { $0.isASCII && ($0.isPunctuation || $0.isSymbol) ? String($0) : "\\" + String($0) }
    }
}
