/// A file format items can be exported to and imported from.
///
/// | format | what it carries |
/// | --- | --- |
/// | `json` | everything: the store format itself, lists too |
/// | `csv` | every field but `version` (RFC 4180, header `id,text,date,color,done,createdAt,modifiedAt,…`) |
/// | `markdown` | day (or "No date"), done and text; for reading, not for keeping |
/// | `ics` | every field but `version`, times to the second (RFC 5545 VTODOs), a VCALENDAR per list |
/// | `vdir` | as `ics`, one file per item named `<UID>.ics` in a folder per list |
/// | `todotxt` | days (not times) of the date, start and completion, done, text on one line, colour, id |
/// | `taskwarrior` | every field but `version`, times to the second (what `task import` reads), the list as `project` |
///
/// In every format an item without a date is written without one and read back without one;
/// no date is ever made up from a creation or modification time.
public enum ExportFormat: String, CaseIterable, Sendable, Hashable, CustomStringConvertible {
    case json, csv, markdown, ics, vdir, todotxt, taskwarrior

    public var description: String { rawValue }

    /// Parses a format name as typed after `--export` or `--format`, case-insensitively.
    ///
    /// Besides the names themselves, `md`, `ical`, `icalendar`, `todo.txt` and `task` are accepted.
    /// - Throws: `ExchangeError.unknownFormat` listing the names.
    public static func parse(_ name: String) throws(ExchangeError) -> ExportFormat {
        let lowered = name.lowercased()
        if let format = ExportFormat(rawValue: lowered) { return format }
        switch lowered {
        case "md": return .markdown
        case "ical", "icalendar": return .ics
        case "todo.txt": return .todotxt
        case "task": return .taskwarrior
        default: throw .unknownFormat(name)
        }
    }

    /// The usual file name extension, without the dot; `nil` for `vdir`, which is a directory.
    public var fileExtension: String? {
        switch self {
        case .json, .taskwarrior: "json"
        case .csv: "csv"
        case .markdown: "md"
        case .ics: "ics"
        case .vdir: nil
        case .todotxt: "txt"
        }
    }

    /// How much of an item the format records, which bounds what an import may change.
    var fidelity: ImportFidelity {
        switch self {
        case .json: ImportFidelity(datePrecision: .millisecond, carriesColor: true, textForm: .exact, carriesList: true)
        case .csv: ImportFidelity(datePrecision: .millisecond, carriesColor: true, textForm: .exact)
        case .taskwarrior:
            ImportFidelity(datePrecision: .second, carriesColor: true, textForm: .exact, carriesList: true)
        case .ics, .vdir:
            ImportFidelity(datePrecision: .second, carriesColor: true, textForm: .iCalendar, carriesList: true)
        case .todotxt:
            ImportFidelity(datePrecision: .day, carriesColor: true, textForm: .singleLine, carriesNotes: false)
        case .markdown:
            ImportFidelity(
                datePrecision: .day, carriesColor: false, textForm: .singleLine, carriesPriorityAndTags: false,
                carriesNotes: false, carriesStartAndCompletion: false)
        }
    }
}
