import Foundation
import Testing

/// One command line a document shows in a ```sh or ```console block, as the docs check reads it.
///
/// A line counts when it starts with `todo-tui` or `swift run todo-tui` (in a console block,
/// after `$ `); a line ending in `\` goes on on the next. What follows the first unquoted `|`,
/// `;` or `&` is another program's and is not run; a `# comment` is dropped. The fence may be
/// preceded by a marker line that holds for every command of its block:
///
/// - `<!-- docs-check: not run (REASON) -->`: the line cannot run here (it opens the
///   interactive list, needs a server or a password); it is still read by the CLI's parser.
/// - `<!-- docs-check: exit N -->`: the line runs and must exit with status N (else 0).
struct DocsCommand: CustomTestStringConvertible, Sendable {
    enum Expectation: Equatable, Sendable {
        case exit(Int32)
        case notRun(reason: String)
    }

    /// The document's path from the repository's root.
    let file: String
    /// The line the command starts on, from 1.
    let line: Int
    /// The arguments after `todo-tui`, unquoted, `~` not yet expanded.
    let arguments: [String]
    /// The file standard output is redirected to (`>` or `>>`), if any.
    let output: String?
    /// The file standard input is read from (`<`), if any.
    let input: String?
    let expectation: Expectation

    var testDescription: String { "\(file):\(line): todo-tui \(arguments.joined(separator: " "))" }

    /// What a document holds that the check reads: its command lines, and the sentences that
    /// say where it cannot read one (a marker it does not know, or one that no block follows).
    struct Extract {
        var commands: [DocsCommand] = []
        var problems: [String] = []
    }

    static let markerPrefix = "<!-- docs-check:"

    /// The command lines of `text`, the document at `file`.
    static func extract(from text: String, file: String) -> Extract {
        var extract = Extract()
        let lines = text.components(separatedBy: "\n")
        var pending: (expectation: Expectation, line: Int)?
        var block: (isConsole: Bool, expectation: Expectation)?
        var index = 0
        while index < lines.count {
            let line = lines[index]
            let number = index + 1
            index += 1
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("```") {
                if block != nil {
                    block = nil
                } else {
                    let language = trimmed.dropFirst(3).trimmingCharacters(in: .whitespaces)
                    let expectation = pending?.expectation ?? .exit(0)
                    if language == "sh" || language == "console" {
                        block = (language == "console", expectation)
                    } else if let pending {
                        extract.problems.append("\(file):\(pending.line): a marker before a block that is not sh")
                    }
                    pending = nil
                }
                continue
            }
            if let marked = pending {
                extract.problems.append("\(file):\(marked.line): a marker not followed by a ```sh block")
                pending = nil
            }
            guard let current = block else {
                if trimmed.hasPrefix(markerPrefix) {
                    if let expectation = expectation(of: trimmed) {
                        pending = (expectation, number)
                    } else {
                        extract.problems.append("\(file):\(number): a marker the docs check does not know: \(trimmed)")
                    }
                }
                continue
            }
            var command = trimmed
            if current.isConsole {
                guard command.hasPrefix("$ ") else { continue }
                command.removeFirst(2)
            }
            while command.hasSuffix("\\"), index < lines.count {
                command = command.dropLast() + " " + lines[index].trimmingCharacters(in: .whitespaces)
                index += 1
            }
            for prefix in ["swift run todo-tui", "todo-tui"] where command == prefix || command.hasPrefix(prefix + " ")
            {
                do {
                    let parsed = try ShellWords(command.dropFirst(prefix.count))
                    extract.commands.append(
                        DocsCommand(
                            file: file, line: number, arguments: parsed.words, output: parsed.output,
                            input: parsed.input, expectation: current.expectation))
                } catch {
                    extract.problems.append("\(file):\(number): \(error.sentence)")
                }
                break
            }
        }
        if block != nil { extract.problems.append("\(file): a code block is not closed") }
        return extract
    }

    /// The expectation a marker line states, nil for a marker the check does not know.
    private static func expectation(of marker: String) -> Expectation? {
        guard marker.hasSuffix("-->") else { return nil }
        let body = marker.dropFirst(markerPrefix.count).dropLast(3).trimmingCharacters(in: .whitespaces)
        if body.hasPrefix("not run (") && body.hasSuffix(")") {
            return .notRun(reason: String(body.dropFirst("not run (".count).dropLast()))
        }
        if body.hasPrefix("exit "), let status = Int32(body.dropFirst("exit ".count)) {
            return .exit(status)
        }
        return nil
    }
}

/// The words of one shell command line as `sh` would split them, for the simple lines documents
/// show: quotes and backslashes, `>`, `>>` and `<` with their file, a `#` comment, and the end of
/// the first command at `|`, `;` or `&`. Expansions (`$`, backquotes, globs) are refused, so a
/// line the check cannot read exactly fails it rather than running as something else.
struct ShellWords {
    struct Failure: Error {
        let sentence: String
    }

    private(set) var words: [String] = []
    private(set) var output: String?
    private(set) var input: String?

    init(_ line: Substring) throws(Failure) {
        var characters = Array(line)[...]
        var redirect: Character?
        while true {
            while let first = characters.first, first == " " || first == "\t" { characters.removeFirst() }
            guard let first = characters.first, !"|;&#".contains(first) else { break }
            if first == ">" || first == "<" {
                characters.removeFirst()
                if first == ">", characters.first == ">" { characters.removeFirst() }
                guard redirect == nil else { throw Failure(sentence: "two redirections in a row") }
                redirect = first
                continue
            }
            let word = try Self.word(&characters)
            switch redirect {
            case ">": output = word
            case "<": input = word
            default: words.append(word)
            }
            redirect = nil
        }
        if redirect != nil { throw Failure(sentence: "a redirection without a file") }
    }

    /// Reads one word from the front of `characters`.
    private static func word(_ characters: inout ArraySlice<Character>) throws(Failure) -> String {
        var word = ""
        while let character = characters.first, !" \t|;&<>".contains(character) {
            characters.removeFirst()
            switch character {
            case "'":
                guard let end = characters.firstIndex(of: "'") else { throw Failure(sentence: "an unclosed ' quote") }
                word += String(characters[..<end])
                characters = characters[(end + 1)...]
            case "\"":
                while true {
                    guard let next = characters.popFirst() else { throw Failure(sentence: "an unclosed \" quote") }
                    if next == "\"" { break }
                    if next == "$" || next == "`" { throw Failure(sentence: "an expansion the check cannot run") }
                    if next == "\\", let escaped = characters.first, "$`\"\\".contains(escaped) {
                        word.append(escaped)
                        characters.removeFirst()
                    } else {
                        word.append(next)
                    }
                }
            case "\\":
                guard let escaped = characters.popFirst() else { throw Failure(sentence: "a \\ at the end") }
                word.append(escaped)
            case "$", "`", "*", "?", "[":
                throw Failure(sentence: "an expansion the check cannot run ('\(character)')")
            default:
                word.append(character)
            }
        }
        return word
    }
}
