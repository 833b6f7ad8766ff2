extension ExportFormat {
    /// The format of an input, from its extension, else from its first bytes.
    ///
    /// A directory is a vdir. By extension: `.csv`, `.md`/`.markdown`, `.ics`/`.ical`/`.ifb`,
    /// `.txt` (todo.txt, done.txt) and `.json`, which both our store format and Taskwarrior use:
    /// for it, and for any other name, the content decides — `BEGIN:VCALENDAR`; a JSON object whose
    /// first key is `"format"` (the store writes sorted keys); another JSON array or object
    /// (Taskwarrior); a first line that is a `## ` heading or `- [` item (Markdown); a first line
    /// naming a `text` column among commas (CSV); a first line that starts like a todo.txt task
    /// (`x `, a priority `(A) `, or a `YYYY-MM-DD ` creation date).
    ///
    /// - Throws: `ExchangeError.undetectableFormat` when nothing fits.
    /// - Complexity: O(length of the first non-blank line).
    public static func detect(_ input: ImportInput) throws(ExchangeError) -> ExportFormat {
        switch input {
        case .directory:
            return .vdir
        case .file(let name, let bytes):
            let lowered = name.lowercased()
            let extensions: [(String, ExportFormat)] = [
                (".csv", .csv), (".md", .markdown), (".markdown", .markdown),
                (".ics", .ics), (".ical", .ics), (".ifb", .ics), (".txt", .todotxt),
            ]
            if let match = extensions.first(where: { lowered.hasSuffix($0.0) }) { return match.1 }
            guard let format = detect(content: bytes) else { throw .undetectableFormat(name: name) }
            return format
        }
    }

    /// The format the first line of `bytes` suggests, or `nil`.
    static func detect(content bytes: [UInt8]) -> ExportFormat? {
        guard let firstLine = ImportLines.firstNonBlankLine(bytes),
            let line = String(validating: firstLine, as: UTF8.self)?.trimmingPrefix(while: \.isWhitespace)
        else { return nil }
        if line.uppercased().hasPrefix("BEGIN:VCALENDAR") { return .ics }
        if line.hasPrefix("{") {
            // The store's first key may stand on the next line.
            let afterBrace = bytes.drop { $0 != UInt8(ascii: "{") }.dropFirst().drop { $0 <= 0x20 }
            return afterBrace.starts(with: "\"format\"".utf8) ? .json : .taskwarrior
        }
        if line.hasPrefix("[") && !line.hasPrefix("[ ]") { return .taskwarrior }
        if line.hasPrefix("## ") || line.hasPrefix("- [") { return .markdown }
        if line.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces).lowercased() == "text" }
        ) {
            return .csv
        }
        if looksLikeTodoTxt(line) { return .todotxt }
        return nil
    }

    private static func looksLikeTodoTxt(_ line: Substring) -> Bool {
        let words = line.split(separator: " ", maxSplits: 1)
        guard let first = words.first, words.count == 2 else { return false }
        if first == "x" || TodoTxtFormat.isPriority(first) { return true }
        if case .day? = ParsedTimestamp.parse(first) { return true }
        return false
    }
}
