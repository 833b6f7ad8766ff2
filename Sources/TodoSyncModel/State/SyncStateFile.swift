import Foundation
import Glibc
import TodoCore

/// The sync state beside a store: `<store>.sync.json`, written whole by the store's writer
/// (`DurableFile`: the old file or the new one, never a torn one), mode 0600; and
/// `<store>.sync.lock`, an advisory `flock` held for a whole run, so two syncs of one store never
/// interleave. The kernel drops the lock when its holder dies, so a killed run never blocks the
/// next.
///
/// The file is one JSON object whose first line holds every field but the records
/// (`SyncState.Header`), so that `loadHeader()` reads a few hundred bytes where `load()` reads
/// every item's last agreed value.
public struct SyncStateFile: Sendable {
    public let path: String
    public let lockPath: String

    /// The state file of the store at `storePath`.
    public init(storePath: String) {
        path = storePath + ".sync.json"
        lockPath = storePath + ".sync.lock"
    }

    /// The state, or nil when this store never synced.
    /// - Throws: `SyncError.stateFile` for a file that cannot be read or is not a state this
    ///   version understands.
    /// - Complexity: O(n) in the size of the file; its records are read by the store's JSON scanner.
    public func load() throws(SyncError) -> SyncState? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let state: SyncState
        do {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            if data.starts(with: Self.marker) {
                state = try decodeWithChanges(data)
            } else if let header = Self.header(startingWith: data) {
                state = try decodeObject(data, header: header).state
            } else {
                // A file an older todo-tui wrote, without the header line.
                state = try JSONDecoder().decode(SyncState.self, from: data)
            }
        } catch let error as SyncError {
            throw error
        } catch {
            throw .stateFile(path: path, reason: "it is not a sync state todo-tui can read (\(error))")
        }
        guard state.version <= SyncState.currentVersion else {
            throw .stateFile(path: path, reason: "it was written by a newer todo-tui (format \(state.version))")
        }
        return state
    }

    /// The state in the JSON object at the start of `data`, whose header is `header`, and the
    /// offset just past the object. The records' bases stay in `data` until asked for
    /// (`RecordBase`).
    func decodeObject(_ data: Data, header: SyncState.Header) throws -> (state: SyncState, end: Int) {
        var records: [SyncRecord] = []
        var complete = true
        let source = RecordBase.Source(data, path: path)
        let end = try data.withUnsafeBytes { (raw) throws(StoreError) -> Int in
            var reader = JSONTextReader(bytes: raw.bindMemory(to: UInt8.self), path: path)
            try reader.object { reader, key throws(StoreError) in
                guard key == "records" else { return try reader.skip() }
                try reader.array { reader throws(StoreError) in
                    if let record = try Self.record(&reader, source: source) {
                        records.append(record)
                    } else {
                        complete = false
                    }
                }
            }
            return reader.position
        }
        guard complete else {
            throw SyncError.stateFile(path: path, reason: "a record lacks its id, href, localVersion or base")
        }
        return (SyncState(header: header, records: records), end)
    }

    /// The record the reader stands at; nil when a field it needs is missing.
    /// - Parameter source: the bytes the reader reads, when they are kept: the base is then
    ///   checked and left there (`RecordBase.literal`); else it is decoded.
    static func record(_ reader: inout JSONTextReader, source: RecordBase.Source?) throws(StoreError) -> SyncRecord? {
        var id: UUID?
        var href: String?
        var etag: String?
        var localVersion: Int?
        var base: RecordBase?
        var leftBehind: [MovedCopy] = []
        var otherCopies: [MovedCopy] = []
        var movingTo: [MovedCopy] = []
        var afterToken = false
        var copiesComplete = true
        try reader.object { reader, key throws(StoreError) in
            switch key {
            case "id": id = try reader.id()
            case "href": href = try reader.string()
            case "etag": etag = reader.null() ? nil : try reader.string()
            case "localVersion": localVersion = try reader.integer()
            case "afterToken": afterToken = try reader.boolean()
            case "base":
                if let source {
                    base = .literal(source, try reader.stringRange())
                } else {
                    base = .text(try reader.string())
                }
            case "leftBehind", "otherCopies", "movingTo":
                try reader.array { reader throws(StoreError) in
                    if let copy = try movedCopy(&reader) {
                        if key == "leftBehind" {
                            leftBehind.append(copy)
                        } else if key == "movingTo" {
                            movingTo.append(copy)
                        } else {
                            otherCopies.append(copy)
                        }
                    } else {
                        copiesComplete = false
                    }
                }
            default: try reader.skip()
            }
        }
        guard let id, let href, let localVersion, let base, copiesComplete else { return nil }
        return SyncRecord(
            id: id, href: href, etag: etag, localVersion: localVersion, storedBase: base, leftBehind: leftBehind,
            otherCopies: otherCopies, movingTo: movingTo, afterToken: afterToken)
    }

    /// The copy left behind by a move that the reader stands at; nil without its href.
    private static func movedCopy(_ reader: inout JSONTextReader) throws(StoreError) -> MovedCopy? {
        var href: String?
        var etag: String?
        try reader.object { reader, key throws(StoreError) in
            switch key {
            case "href": href = try reader.string()
            case "etag": etag = reader.null() ? nil : try reader.string()
            default: try reader.skip()
            }
        }
        return href.map { MovedCopy(href: $0, etag: etag) }
    }

    /// The state's fields but the records: from the file's header line, or from the last change
    /// appended after the records (`SyncStateFile+Journal`); nil when the store never synced, or
    /// the file does not start that way (written by an older todo-tui, or unreadable: `load()`
    /// then says what is wrong with it).
    /// - Complexity: reads the first lines and the last one.
    public func loadHeader() -> SyncState.Header? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        // One descriptor for the head and the tail: a whole save meanwhile replaces the file
        // under its name, not under this descriptor.
        var head: [UInt8] = []
        var newlines = 0
        while head.count < Self.headerLimit, let chunk = Self.read(fd, count: 4_096, at: head.count), !chunk.isEmpty {
            head += chunk
            // Counted in each chunk as it comes, not in the whole head again.
            newlines += chunk.lazy.filter { $0 == UInt8(ascii: "\n") }.count
            let lines = head.starts(with: Self.marker) ? 2 : 1
            guard newlines >= lines else { continue }
            if lines == 2 { return Self.headerWithChanges(fd, head: head, path: path) }
            return Self.header(startingWith: Data(head))
        }
        return nil
    }

    /// The header on the first line of `data`: `{fields,`, the object without its records
    /// (`header(fields:)` reads the fields).
    private static func header(startingWith data: Data) -> SyncState.Header? {
        guard let end = data.firstIndex(of: UInt8(ascii: "\n")), data.first == UInt8(ascii: "{") else { return nil }
        return header(fields: ArraySlice(data[(data.startIndex + 1)..<end]))
    }

    /// The longest first line `loadHeader()` reads before it gives up (waiting conflicts hold
    /// whole resources).
    private static let headerLimit = 1 << 20

    /// Replaces the state file with `state`, durably, written whole: the marker line, the header
    /// line, the records, and no changes after them (see `save(_:over:)`). Temporary files that
    /// killed runs left beside it are removed first: call it holding the run lock
    /// (`withRunLock(_:)`), as every writer of the state does.
    /// - Throws: `SyncError.stateFile`; the old file is then intact.
    /// - Complexity: O(n) in the size of the state.
    public func save(_ state: SyncState) throws(SyncError) {
        let fields = try headerFields(state.header)
        let bound = state.records.reduce(Self.marker.count + fields.count + 32) { $0 + Self.bound(of: $1) + 2 }
        let bytes = JSONTextWriter.bytes(bound: bound) { writer in
            writer.raw(Self.marker)
            writer.raw(fields)
            writer.raw(",\n\"records\":[\n")
            // Each record read in place: a copy of each would cost more than writing a small one.
            for index in state.records.indices {
                if index > 0 { writer.raw(",\n") }
                Self.write(state.records[index], to: &writer)
            }
            writer.raw(Self.end)
        }
        DurableFile.removeStaleTemporaryFiles(besides: path)
        do {
            try DurableFile.replace(path, with: bytes, mode: 0o600)
        } catch {
            throw .stateFile(path: path, reason: error.clause)
        }
    }

    /// The header's fields as JSON without the braces: `"collections":[…],…,"version":2`.
    func headerFields(_ header: SyncState.Header) throws(SyncError) -> [UInt8] {
        var bytes = try encodedHeader(header)
        bytes.removeFirst()
        bytes.removeLast()
        return bytes
    }

    /// The header as one JSON object, keys sorted.
    func encodedHeader(_ header: SyncState.Header) throws(SyncError) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do {
            return Array(try encoder.encode(header))
        } catch {
            throw .stateFile(path: path, reason: error.localizedDescription)
        }
    }

    /// The most bytes `write(_:to:)` writes for `record`.
    static func bound(of record: SyncRecord) -> Int {
        record.storedBase.bound + JSONTextWriter.bound(of: record.href)
            + (record.etag.map(JSONTextWriter.bound) ?? 0) + 2 * JSONTextWriter.scalarBound + 64
            + (record.afterToken ? Self.afterTokenKey.utf8CodeUnitCount : 0)
            + (record.leftBehind + record.otherCopies + record.movingTo).reduce(0) { sum, copy in
                sum + JSONTextWriter.bound(of: copy.href) + (copy.etag.map(JSONTextWriter.bound) ?? 0) + 32
            }
    }

    /// A record's `afterToken` as `write(_:to:)` writes it, before the base.
    private static let afterTokenKey: StaticString = "\"afterToken\":true,"

    /// Writes `record` as one JSON object on one line, keys sorted.
    static func write(_ record: SyncRecord, to writer: inout JSONTextWriter) {
        writer.raw("{")
        // Only while it holds: most records never need it, and older files have no such key.
        if record.afterToken { writer.raw(Self.afterTokenKey) }
        writer.raw("\"base\":")
        record.storedBase.write(to: &writer)
        if let etag = record.etag {
            writer.raw(",\"etag\":")
            writer.string(etag)
        }
        writer.raw(",\"href\":")
        writer.string(record.href)
        writer.raw(",\"id\":")
        writer.id(record.id)
        let lists: [(StaticString, [MovedCopy])] = [
            (",\"leftBehind\":[", record.leftBehind), (",\"otherCopies\":[", record.otherCopies),
            (",\"movingTo\":[", record.movingTo),
        ]
        for (key, copies) in lists where !copies.isEmpty {
            writer.raw(key)
            for (index, copy) in copies.enumerated() {
                if index > 0 { writer.raw(",") }
                writer.raw("{")
                if let etag = copy.etag {
                    writer.raw("\"etag\":")
                    writer.string(etag)
                    writer.raw(",")
                }
                writer.raw("\"href\":")
                writer.string(copy.href)
                writer.raw("}")
            }
            writer.raw("]")
        }
        writer.raw(",\"localVersion\":")
        writer.integer(record.localVersion)
        writer.raw("}")
    }

    /// Runs `body` holding the run lock. The store's folder is made first when it is missing
    /// (private, as the store makes it): a first sync into a store that does not exist yet is a
    /// pull, as `todo-tui add` into one is an add.
    /// - Throws: `SyncError.alreadyRunning` when another run holds it; `SyncError.stateFile` when
    ///   the folder cannot be made or the lock opened; whatever `body` throws.
    public func withRunLock<Result>(_ body: () throws(SyncError) -> Result) throws(SyncError) -> Result {
        do {
            try DurableFile.makeFolders(DurableFile.folder(of: lockPath))
        } catch {
            throw .stateFile(path: path, reason: error.clause)
        }
        let fd = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { throw failure("open \(lockPath)") }
        defer { close(fd) }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else { throw .alreadyRunning(path: lockPath) }
        defer { flock(fd, LOCK_UN) }
        return try body()
    }

    private func failure(_ operation: String) -> SyncError {
        .stateFile(path: path, reason: "could not \(operation): \(String(cString: strerror(errno)))")
    }
}
