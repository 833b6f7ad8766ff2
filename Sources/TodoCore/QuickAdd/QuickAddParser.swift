import Foundation

/// Reads a quick-add line, as the list's add line and `todo-tui add` take it: the text of a
/// new to-do with tokens that set its other fields.
///
/// Tokens are words (separated by white space) of these forms; every other word is text:
/// - `due:DATE` and `start:DATE`: the due date and the start, in any form `DateInput` reads that
///   has no space (`due:fri`, `due:+3d`, `due:2026-12-01T09:30`, `start:9am`): a day alone is a
///   whole day, a form with a time a time of day; `none` removes it (`due:none`);
/// - `pri:h`, `pri:m`, `pri:l` (or `pri:high`, `pri:none`…; `priority:` too) and a lone `!`,
///   `!!` or `!!!` (low, medium, high, as the list shows them);
/// - `list:NAME`: the list, by name (resolved by the caller, which knows the lists);
/// - `+word` and `#word`, a tag, where the word starts with a letter: `#482`, `C#`, `a+b` and
///   `user@host` are text;
/// - `repeat:RULE`, the repetition in `RepeatPhrase.parseShorthand`'s words (`repeat:weekly`,
///   `repeat:2w`, `repeat:mon,thu`, `repeat:3d+done`), or `repeat:none`.
///
/// A token names its field once; a second `due:` is refused. A `\` in front of a word that
/// would be a token keeps it as text, without the `\` (`\due:fri`); before any other word it
/// is text itself. Keys are lower case. The text keeps the spacing between its words; a token
/// takes the white space after it away with it.
public enum QuickAddParser {
    /// The kinds of token, by the field they set. A new kind is one case, its spelling in
    /// `keys` (for `key:value` tokens) and its reading in `read(_:value:into:)`.
    enum Kind: Equatable {
        case due, start, priority, tag, repetition, list, remind
    }

    /// The `key:value` tokens, by key.
    static let keys: [String: Kind] = [
        "due": .due, "start": .start, "pri": .priority, "priority": .priority, "repeat": .repetition, "list": .list,
        "remind": .remind,
    ]

    /// A token found in a word: its kind and the value it carries.
    private struct Token {
        var kind: Kind
        var value: Substring
    }

    /// Reads `line`.
    /// - Parameters:
    ///   - line: the line as typed.
    ///   - now: relative dates (`fri`, `+3d`) count from its day; a time alone is on it.
    ///   - calendar: the calendar and time zone that define days.
    /// - Throws: `QuickAddError` naming the first token that cannot be read.
    /// - Complexity: O(n) in the length of the line.
    public static func parse(_ line: String, now: Date, calendar: Calendar) throws(QuickAddError) -> QuickAdd {
        var result = QuickAdd(text: "")
        var setBy: [Kind: String] = [:]
        var text = ""
        var separator = ""
        // The white space after a token goes with it: `Buy +shop bread` is `Buy bread`.
        var afterToken = false
        var offset = 0
        for piece in pieces(of: line) {
            defer { offset += piece.text.count }
            guard !piece.isSpace else {
                if !afterToken || separator.isEmpty { separator += piece.text }
                afterToken = false
                continue
            }
            afterToken = false
            let word = piece.text[...]
            if word.first == "\\", token(in: word.dropFirst()) != nil {
                appendText(word.dropFirst(), to: &text, separator: &separator)
                continue
            }
            guard let token = token(in: word) else {
                appendText(word, to: &text, separator: &separator)
                continue
            }
            afterToken = true
            func failure(_ reason: QuickAddError.Reason) -> QuickAddError {
                QuickAddError(line: line, offset: offset, length: word.count, reason: reason)
            }
            if token.kind != .tag {
                if let earlier = setBy[token.kind] { throw failure(.repeated(earlier: earlier)) }
                setBy[token.kind] = String(word)
            }
            guard !token.value.isEmpty else { throw failure(.missingValue) }
            if token.kind == .repetition {
                do throws(RepeatPhraseError) {
                    result.repetition = try repetition(String(token.value), now: now, calendar: calendar)
                } catch {
                    throw failure(.invalidRepeat(error))
                }
                continue
            }
            do throws(ItemError) {
                try read(token, into: &result, now: now, calendar: calendar)
            } catch {
                throw failure(.invalidValue(error))
            }
        }
        result.text = text
        return result
    }

    /// The token `word` is, or nil for a word of text.
    private static func token(in word: Substring) -> Token? {
        switch word {
        case "!", "!!", "!!!": return Token(kind: .priority, value: word)
        default: break
        }
        if let sigil = word.first, sigil == "+" || sigil == "#", word.dropFirst().first?.isLetter == true {
            return Token(kind: .tag, value: word.dropFirst())
        }
        guard let colon = word.firstIndex(of: ":"), let kind = keys[String(word[..<colon])] else { return nil }
        return Token(kind: kind, value: word[word.index(after: colon)...])
    }

    /// Sets the field `token` names in `result`.
    private static func read(
        _ token: Token, into result: inout QuickAdd, now: Date, calendar: Calendar
    ) throws(ItemError) {
        let value = String(token.value)
        switch token.kind {
        case .due:
            result.due = .some(try date(value, now: now, calendar: calendar))
        case .start:
            result.start = .some(try date(value, now: now, calendar: calendar))
        case .priority:
            result.priority = try priority(value)
        case .tag:
            result.tags.insert(try TodoTags.validatedTag(value))
        case .repetition:
            preconditionFailure("a repeat: token is read by repetition(_:now:calendar:)")
        case .list:
            result.listName = value
        case .remind:
            result.reminders = try AlarmRequest.parse(value)
        }
    }

    /// The repetition of a `repeat:` value; `.remove` for `none`.
    private static func repetition(
        _ value: String, now: Date, calendar: Calendar
    ) throws(RepeatPhraseError) -> RepeatPhrase.Parsed {
        if value.lowercased() == "none" { return .remove }
        return .repetition(try RepeatPhrase.parseShorthand(value, anchor: nil, calendar: calendar))
    }

    /// The date of a `due:` or `start:` value; nil for `none`.
    private static func date(_ value: String, now: Date, calendar: Calendar) throws(ItemError) -> ItemDate? {
        DateInput.namesNoDate(value) ? nil : try DateInput.itemDate(value, now: now, calendar: calendar)
    }

    /// The priority of `!`, `!!`, `!!!` or a `pri:` value (`h`, `medium`, `none`…).
    private static func priority(_ value: String) throws(ItemError) -> TodoPriority {
        switch value {
        case "!": return .low
        case "!!": return .medium
        case "!!!": return .high
        default:
            guard let priority = TodoPriority(name: value) else {
                throw .unknownPriority(value)
            }
            return priority
        }
    }

    /// Appends a word of text, with the white space before it when text came before it.
    private static func appendText(_ word: Substring, to text: inout String, separator: inout String) {
        if !text.isEmpty { text += separator }
        text += word
        separator = ""
    }

    /// The line as alternating runs of white space and words.
    private static func pieces(of line: String) -> [(text: String, isSpace: Bool)] {
        var pieces: [(text: String, isSpace: Bool)] = []
        for character in line {
            let isSpace = character.isWhitespace
            if pieces.last?.isSpace == isSpace {
                pieces[pieces.count - 1].text.append(character)
            } else {
                pieces.append((String(character), isSpace))
            }
        }
        return pieces
    }
}
