import Foundation
import TodoCore

/// One setting of the configuration file other than a key: its section and name, what it does,
/// how a value is read into a `Configuration` and written back. The one table of settings
/// (`all`) drives the file's reader, `todo-tui config`, `config defaults` and the reference in
/// the docs, so none of them can name a setting the others do not know.
struct Setting: Sendable {
    /// Why a value does not fit a setting: a sentence, and where when not at the value's start.
    struct Problem: Error, Sendable {
        let message: String
        var position: TextPosition?
    }

    /// `theme`, `theme.colors`, `calendar`, `defaults`.
    let section: String
    let name: String
    /// What it does, for the comments of `config defaults`; one line each.
    let summary: [String]
    /// The environment variable and the option that override the file, if any.
    var environment: String?
    var flag: String?
    /// Applies a value written in the file.
    let read: @Sendable (TOMLValue, inout Configuration) throws(Problem) -> Void
    /// The value in force, as the file writes it.
    let written: @Sendable (Configuration) -> String

    /// `section.name`, as sources and messages name the setting.
    var path: String { section + "." + name }

    /// The sections of the file, in the order `config defaults` writes them.
    static let sections = ["keys", "keys.editor", "theme", "theme.colors", "calendar", "defaults"]

    /// The settings of `section`.
    static func settings(in section: String) -> [Setting] {
        all.filter { $0.section == section }
    }
}

extension Setting {
    /// A setting that takes one of `choices` (strings).
    static func choice(
        _ section: String, _ name: String, _ summary: [String], choices: [String],
        read: @escaping @Sendable (String, inout Configuration) -> Void,
        written: @escaping @Sendable (Configuration) -> String
    ) -> Setting {
        Setting(
            section: section, name: name, summary: summary,
            read: { (value, configuration) throws(Problem) in
                let text = try string(value, expecting: "one of \(quoted(choices))")
                guard let choice = choices.first(where: { $0 == text.lowercased() }) else {
                    throw Problem(
                        message: "'\(text)' is not one of \(quoted(choices))\(suggestion(for: text, in: choices))")
                }
                read(choice, &configuration)
            },
            written: { quotedString(written($0)) })
    }

    /// A colour: a name, `default`, a number 0–255, or `#rrggbb`.
    static func color(
        _ section: String, _ name: String, _ summary: [String],
        read: @escaping @Sendable (TerminalColor, inout Configuration) -> Void,
        written: @escaping @Sendable (Configuration) -> TerminalColor
    ) -> Setting {
        Setting(
            section: section, name: name, summary: summary,
            read: { (value, configuration) throws(Problem) in read(try color(value), &configuration) },
            written: { written($0).configurationText })
    }

    static let colorForms =
        "default, black, red, green, yellow, blue, magenta, cyan, white, a number from 0 to 255, or \"#rrggbb\""

    static func color(_ value: TOMLValue) throws(Problem) -> TerminalColor {
        switch value.kind {
        case .string(let text):
            guard let color = TerminalColor(name: text) else {
                throw Problem(message: "'\(text)' is not a colour; use \(colorForms)")
            }
            return color
        case .integer(let number):
            guard let color = TerminalColor(index: number) else {
                throw Problem(message: "\(number) is not a colour number; they run from 0 to 255")
            }
            return color
        default:
            throw Problem(message: "a colour is \(colorForms), not \(value.kindName)")
        }
    }

    static func string(_ value: TOMLValue, expecting expectation: @autoclosure () -> String) throws(Problem) -> String {
        guard case .string(let text) = value.kind else {
            throw Problem(message: "expected \(expectation()) (a string in quotes), not \(value.kindName)")
        }
        return text
    }

    /// `"a", "b" or "c"`.
    static func quoted(_ choices: [String]) -> String {
        let quoted = choices.map { "\"\($0)\"" }
        guard let last = quoted.last else { return "" }
        return quoted.count == 1 ? last : quoted.dropLast().joined(separator: ", ") + " or " + last
    }

    /// `text` as a TOML basic string.
    static func quotedString(_ text: String) -> String {
        var escaped = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            case "\t": escaped += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                escaped +=
                    "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                    + String(scalar.value, radix: 16)
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped + "\""
    }

    /// " (did you mean X?)" when one of `names` is within two edits of `text`, else "".
    static func suggestion(for text: String, in names: [String]) -> String {
        let lowered = text.lowercased()
        let near = names.map { ($0, editDistance(lowered, $0)) }.filter { $0.1 <= 2 }.min { $0.1 < $1.1 }
        return near.map { " (did you mean \($0.0)?)" } ?? ""
    }

    /// Levenshtein's distance between two short words.
    /// - Complexity: O(a × b).
    private static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}
