import Foundation

extension ExportFormat {
    /// Writes `items` in this format, in the order given (the caller passes the list order:
    /// `FetchRequest().apply(to:)`, date ascending, then id).
    ///
    /// The result is a function of its arguments only: `now` is written where a format stamps
    /// the time of export (iCalendar's `DTSTAMP`) and anchors Markdown's relative day titles;
    /// `calendar` (and its time zone) defines days for Markdown and todo.txt.
    ///
    /// Lists: `json` writes `lists` beside the items (the store's lists, all of them, as the
    /// store file holds them); `taskwarrior` writes an item's list as its `project`
    /// (`TaskwarriorProject`); `ics` writes a VCALENDAR per list (`ICalendarFormat+Lists`);
    /// `vdir` a folder per list (`VdirFolders`). csv, markdown and todo.txt do not carry lists.
    ///
    /// - Parameters:
    ///   - items: the to-dos to write, in the order written.
    ///   - lists: the store's lists, in order; an item names its list by id.
    ///   - only: the one list exported (`--list`), when there is one: `vdir` then writes that
    ///     list's folder itself, its items and metadata at the top.
    ///   - now: the instant of the export, as above.
    ///   - calendar: the calendar whose time zone defines days, as above.
    /// - Returns: `.directory` for `vdir`, `.file` for every other format.
    /// - Complexity: O(total length of the items).
    public func export(
        _ items: [TodoItem], lists: [TodoList] = [TodoList.standard], only: TodoList? = nil, now: Date,
        calendar: Calendar
    ) -> ExportOutput {
        switch self {
        case .json: .file(StoreEncoder.encode(StoreContents(items: items, lists: lists.isEmpty ? [.standard] : lists)))
        case .csv: .file(CSVFormat.export(items))
        case .markdown: .file(MarkdownFormat.export(items, now: now, calendar: calendar))
        case .ics: .file(ICalendarFormat.exportLists(items, lists: lists, now: now, calendar: calendar))
        case .vdir: .directory(VdirFolders.export(items, lists: lists, only: only, now: now, calendar: calendar))
        case .todotxt: .file(TodoTxtFormat.export(items, calendar: calendar))
        case .taskwarrior: .file(TaskwarriorFormat.export(items, lists: lists, calendar: calendar))
        }
    }

    /// Reads the items of `input` in this format, in input order (`read(_:now:calendar:)`'s items).
    /// - Throws: `ExchangeError`.
    /// - Complexity: O(n) in the size of the input.
    public func parse(_ input: ImportInput, now: Date, calendar: Calendar) throws(ExchangeError) -> [TodoItem] {
        try read(input, now: now, calendar: calendar).items
    }

    /// Reads the items of `input` in this format, in input order, and the lists it names.
    ///
    /// All or nothing: a malformed input throws, naming the line or record and the problem, and
    /// yields no items. Fields a file lacks get defaults (date: due, else creation, else `now`);
    /// ids are kept, or derived stably where a file has none (`StableID`). `ics` also reads a
    /// directory (as `vdir`) and `vdir` a single file (as `ics`). Lists: `json` holds its lists,
    /// `taskwarrior` names them by `project`, `ics` by `X-WR-CALNAME`, `vdir` by folder
    /// (`ImportContents`).
    ///
    /// - Parameters:
    ///   - input: a file's bytes, or a folder's files (`ImportInput.read(path:)`).
    ///   - now: the date and creation time of items that state none; Markdown's relative titles.
    ///   - calendar: the time zone of dates without an offset and of bare days.
    /// - Throws: `ExchangeError`.
    /// - Complexity: O(n) in the size of the input.
    public func read(_ input: ImportInput, now: Date, calendar: Calendar) throws(ExchangeError) -> ImportContents {
        switch input {
        case .directory(let name, let files):
            guard self == .vdir || self == .ics else { throw .directoryNotSupported(name: name, format: self) }
            return try ICalendarFormat.parseDirectory(files, source: name, now: now, calendar: calendar)
        case .file(let name, let bytes):
            return try readFile(bytes, source: name, now: now, calendar: calendar)
        }
    }

    private func readFile(
        _ bytes: [UInt8], source: String, now: Date, calendar: Calendar
    ) throws(ExchangeError) -> ImportContents {
        switch self {
        case .json:
            do {
                let contents = try StoreDecoder.decode(bytes, path: source, calendar: calendar)
                return ImportContents(items: contents.items, lists: contents.lists)
            } catch {
                throw .invalidStore(error)
            }
        case .csv:
            return ImportContents(items: try CSVFormat.parse(bytes, source: source, now: now, calendar: calendar))
        case .markdown:
            return ImportContents(items: try MarkdownFormat.parse(bytes, source: source, now: now, calendar: calendar))
        case .ics, .vdir: return try ICalendarFormat.parse(bytes, source: source, now: now, calendar: calendar)
        case .todotxt:
            return ImportContents(items: try TodoTxtFormat.parse(bytes, source: source, now: now, calendar: calendar))
        case .taskwarrior: return try TaskwarriorFormat.parse(bytes, source: source, now: now, calendar: calendar)
        }
    }
}
