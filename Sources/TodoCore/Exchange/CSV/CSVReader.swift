/// Splits RFC 4180 text into records of fields.
///
/// Fields are separated by commas and records by CRLF or LF. A field that starts with a double
/// quote runs to the next lone double quote and may contain commas, line breaks and doubled
/// quotes (`""` reads as `"`). Completely empty lines are skipped, as spreadsheet programs add
/// them at the end. Anything else RFC 4180 does not allow is refused rather than guessed at.
struct CSVReader {
    /// One record and the line it starts on (records with quoted line breaks span lines).
    struct Record {
        var line: Int
        var fields: [String]
    }

    private let source: String
    private let scalars: [Unicode.Scalar]
    private var index = 0
    private var line = 1

    init(_ text: String, source: String) {
        self.source = source
        scalars = Array(text.unicodeScalars)
    }

    /// Every record of the text, in order.
    /// - Throws: `ExchangeError.invalidLine` for a quote inside an unquoted field, text after a
    ///   closing quote, or a quoted field that is never closed.
    /// - Complexity: O(n) in the length of the text.
    mutating func records() throws(ExchangeError) -> [Record] {
        var records: [Record] = []
        while index < scalars.count {
            let startLine = line
            let fields = try record()
            if fields != [""] {
                records.append(Record(line: startLine, fields: fields))
            }
        }
        return records
    }

    /// Reads one record and its line break.
    private mutating func record() throws(ExchangeError) -> [String] {
        var fields: [String] = []
        while true {
            fields.append(try field())
            guard index < scalars.count else { return fields }
            switch scalars[index] {
            case ",":
                index += 1
            case "\r" where index + 1 < scalars.count && scalars[index + 1] == "\n":
                index += 2
                line += 1
                return fields
            case "\n":
                index += 1
                line += 1
                return fields
            default:
                throw .invalidLine(
                    source: source, line: line,
                    reason: "a quoted field must be followed by a comma or the end of the line")
            }
        }
    }

    /// Reads one field, leaving the index on the separator after it.
    private mutating func field() throws(ExchangeError) -> String {
        var value = String.UnicodeScalarView()
        guard index < scalars.count, scalars[index] == "\"" else {
            while index < scalars.count, !isFieldEnd(scalars[index]) {
                if scalars[index] == "\"" {
                    throw .invalidLine(
                        source: source, line: line,
                        reason: "a double quote appears inside an unquoted field; quote the field and double the quote")
                }
                value.append(scalars[index])
                index += 1
            }
            return String(value)
        }
        let openingLine = line
        index += 1
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            if scalar == "\"" {
                guard index < scalars.count, scalars[index] == "\"" else { return String(value) }
                index += 1
            } else if scalar == "\n" {
                line += 1
            }
            value.append(scalar)
        }
        throw .invalidLine(
            source: source, line: openingLine, reason: "the quoted field that starts here is never closed")
    }

    private func isFieldEnd(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "," || scalar == "\n" || (scalar == "\r" && index + 1 < scalars.count && scalars[index + 1] == "\n")
    }
}
