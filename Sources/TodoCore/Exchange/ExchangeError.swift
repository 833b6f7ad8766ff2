/// Why an export or import could not be done. Each message is one sentence naming the input and,
/// for malformed input, the line or record and what is wrong with it.
///
/// An import that throws has read nothing: a malformed input is refused as a whole.
public enum ExchangeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The name is not a format (`--export`, `--format`).
    case unknownFormat(String)
    /// Neither the name's extension nor the content tells which format an input is in.
    case undetectableFormat(name: String)
    /// A directory was given for a format that reads single files.
    case directoryNotSupported(name: String, format: ExportFormat)
    /// The file or directory cannot be read.
    case unreadable(path: String, reason: String)
    /// A line of a line-based input (csv, markdown, ics, todotxt, JSON lines) is wrong.
    case invalidLine(source: String, line: Int, reason: String)
    /// A record of a structured input (a Taskwarrior JSON object) is wrong; records count from 1.
    case invalidRecord(source: String, record: Int, reason: String)
    /// The input is wrong as a whole (for example, JSON that does not parse).
    case invalidInput(source: String, reason: String)
    /// A `json` input is not a valid store file; the store's own message names line and column.
    case invalidStore(StoreError)
    /// The output could not be written; the store's file error names the path and the reason
    /// (its `category` gives the exit code).
    case cannotWrite(StoreError)

    public var description: String {
        switch self {
        case .unknownFormat(let name):
            "Unknown format '\(name)'; use one of \(ExportFormat.allCases.map(\.rawValue).joined(separator: ", "))."
        case .undetectableFormat(let name):
            "Cannot tell the format of '\(name)' from its name or content; name the format explicitly."
        case .directoryNotSupported(let name, let format):
            "'\(name)' is a directory, but the \(format) format reads a single file; only vdir reads directories."
        case .unreadable(let path, let reason):
            "Cannot read '\(path)': \(reason)."
        case .invalidLine(let source, let line, let reason):
            "\(source), line \(line): \(reason)."
        case .invalidRecord(let source, let record, let reason):
            "\(source), record \(record): \(reason)."
        case .invalidInput(let source, let reason):
            "\(source): \(reason)."
        case .cannotWrite(.isDirectory(let path)):
            // The store's wording ("The store path …") would misname an export's output.
            "The output path \(path) is a directory; give a file name (only vdir writes into a folder)."
        case .invalidStore(let error), .cannotWrite(let error):
            error.description
        }
    }
}
