/// One white-space-separated unit of a filter, as the scanner finds it.
///
/// The scanner only splits and classifies; `FilterParser` gives tokens their meaning. Offsets
/// and lengths count `Character`s (grapheme clusters) of the whole filter text.
struct FilterToken: Equatable {
    /// A run of the filter's characters.
    struct Piece: Equatable {
        var text: String
        var offset: Int
        var length: Int
    }

    /// How a field is compared with its value; the raw value is how it is written.
    enum Comparison: String {
        case colon = ":", equals = "=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
    }

    enum Body: Equatable {
        /// A free word, or the inside of a quoted phrase.
        case words(Piece)
        /// `+word` (unquoted): the tag `word`.
        case tag(Piece)
        /// `key`, directly followed by a comparison and a value (possibly empty).
        case field(key: Piece, comparison: Comparison, operator: Piece, value: Piece)
    }

    /// The token started with `-`.
    var isNegated: Bool
    var body: Body

    /// Splits `filter` into tokens.
    ///
    /// Tokens are separated by white space (any `Character.isWhitespace`, so an ideographic
    /// space separates too). A `-` at the start of a token negates it. A `"` at the start of a
    /// token (after any `-`) opens a phrase that runs, spaces included, to the next `"`, which
    /// must be followed by white space or the end; a `"` anywhere else is an ordinary character.
    /// An unquoted token that starts with ASCII letters directly followed by `:`, `=`, `<`,
    /// `<=`, `>` or `>=` is a field test; an unquoted `+word` is a tag; every other token is a
    /// free word.
    /// - Throws: `FilterError` for a lone `-`, an unterminated or empty phrase, or text glued
    ///   to a closing quote.
    /// - Complexity: O(n) in the length of the filter.
    static func scan(_ filter: String) throws(FilterError) -> [FilterToken] {
        let characters = Array(filter)
        func failure(_ range: Range<Int>, _ reason: FilterError.Reason) -> FilterError {
            FilterError(filter: filter, offset: range.lowerBound, length: range.count, reason: reason)
        }
        func endOfWord(from start: Int) -> Int {
            characters[start...].firstIndex(where: \.isWhitespace) ?? characters.count
        }
        var tokens: [FilterToken] = []
        var index = 0
        while index < characters.count {
            guard !characters[index].isWhitespace else {
                index += 1
                continue
            }
            let isNegated = characters[index] == "-"
            let start = isNegated ? index + 1 : index
            guard start < characters.count, !characters[start].isWhitespace else {
                throw failure(index..<index + 1, .nothingToNegate)
            }
            guard characters[start] == "\"" else {
                index = endOfWord(from: start)
                let word = piece(characters, start..<index)
                let body: Body =
                    if characters[start] == "+", index - start > 1 {
                        .tag(piece(characters, start + 1..<index))
                    } else {
                        field(word, characters) ?? .words(word)
                    }
                tokens.append(FilterToken(isNegated: isNegated, body: body))
                continue
            }
            guard let close = characters[(start + 1)...].firstIndex(of: "\"") else {
                throw failure(start..<characters.count, .unterminatedQuote)
            }
            guard close > start + 1 else { throw failure(start..<close + 1, .emptyPhrase) }
            index = close + 1
            if index < characters.count, !characters[index].isWhitespace {
                throw failure(index..<endOfWord(from: index), .textAfterQuote)
            }
            tokens.append(FilterToken(isNegated: isNegated, body: .words(piece(characters, start + 1..<close))))
        }
        return tokens
    }

    private static func piece(_ characters: [Character], _ range: Range<Int>) -> Piece {
        Piece(text: String(characters[range]), offset: range.lowerBound, length: range.count)
    }

    /// `word` split into key, comparison and value when it has a field's shape, else nil.
    private static func field(_ word: Piece, _ characters: [Character]) -> Body? {
        let end = word.offset + word.length
        let keyEnd = characters[word.offset..<end].firstIndex { !($0.isASCII && $0.isLetter) } ?? end
        guard keyEnd > word.offset, keyEnd < end else { return nil }
        let longest = characters[keyEnd..<min(keyEnd + 2, end)]
        let comparisons = [String(longest), String(longest.prefix(1))].compactMap(Comparison.init(rawValue:))
        guard let comparison = comparisons.first else { return nil }
        let operatorEnd = keyEnd + comparison.rawValue.count
        return .field(
            key: piece(characters, word.offset..<keyEnd),
            comparison: comparison,
            operator: piece(characters, keyEnd..<operatorEnd),
            value: piece(characters, operatorEnd..<end)
        )
    }
}
