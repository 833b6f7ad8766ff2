/// Where in an input a parsed item came from, for error messages.
enum ImportPosition: Equatable {
    /// A line, counting from 1; for a record spanning lines, the line it starts on.
    case line(Int)
    /// A record (a JSON object of an array), counting from 1.
    case record(Int)

    /// The error for a problem found here in `source`.
    func error(_ reason: String, source: String) -> ExchangeError {
        switch self {
        case .line(let line): .invalidLine(source: source, line: line, reason: reason)
        case .record(let record): .invalidRecord(source: source, record: record, reason: reason)
        }
    }

    /// "line 3" or "record 3", for messages that refer to another position.
    var phrase: String {
        switch self {
        case .line(let line): "line \(line)"
        case .record(let record): "record \(record)"
        }
    }
}
