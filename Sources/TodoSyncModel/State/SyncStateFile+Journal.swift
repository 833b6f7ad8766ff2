import Foundation
import Glibc
import TodoCore

/// Saving what a run changed without writing the whole state again.
///
/// A state file this version writes whole is one JSON object laid out in lines: the marker line
/// `{"appendedChanges":true,`, the header's fields on the second line, then one record per line,
/// and `]}` on a line of its own. After it come the changes saved since, one JSON object per
/// line (`{"header":{…},"main":N,"records":[…],"removed":[…]}`: the whole new header, the
/// length of the object they follow, the records added or changed and the ids of the records
/// dropped), each appended and `fsync`ed by the store's journal writer (`DurableFile.append`).
///
/// - Only whole lines count: bytes after the last newline are an append a crash cut short, and
///   are ignored (the next append cuts them off first). A run killed at any instant leaves the
///   old state or the new one.
/// - When the changes would outgrow a quarter of the object (at least `journalMinimum`), the
///   save writes the whole state instead, which drops them.
/// - An older todo-tui does not know the marker: it reads the file as one JSON document, which
///   it reads right when no change follows the object, and refuses (as "not a sync state
///   todo-tui can read") when one does. It never reads a stale state.
extension SyncStateFile {
    /// The first line of a file this version writes whole.
    static let marker = Array("{\"appendedChanges\":true,\n".utf8)
    /// The end of the object, its last line `]}`.
    static let end = Array("\n]}\n".utf8)
    /// The size of appended changes a save allows at least before it writes the state whole.
    static let journalMinimum = 64 << 10

    /// Saves `state` over `previous`, what the file holds now (as `load()` read it, or as the
    /// last save wrote it, under the same run lock): appends the header and the records that
    /// differ, or writes the state whole when the file is not one this version wrote whole,
    /// `previous` is nil, or the changes outgrew their bound. Writes nothing when nothing differs.
    /// - Throws: `SyncError.stateFile`; the file then holds `previous`.
    /// - Complexity: O(k) bytes written for k changed records, plus O(n) comparisons of records
    ///   that share their storage with `previous`'s; O(n) when written whole.
    public func save(_ state: SyncState, over previous: SyncState?) throws(SyncError) {
        guard let previous else { return try save(state) }
        let (changed, removed) = Self.differences(from: previous.records, to: state.records)
        try save(header: state.header, changed: changed, removed: removed, over: previous.header) { state }
    }

    /// Saves the state `whole()` makes, which differs from what the file holds (whose header is
    /// `previous`) in its header, `header`, the records `changed` (added or changed) and the ids
    /// `removed` only: appends them, or writes `whole()` when the file is not one this version
    /// wrote whole or the changes outgrew their bound. Writes nothing when nothing differs.
    /// - Parameters:
    ///   - changed: in the order a whole state lists them (`UUID.precedes`).
    ///   - whole: the whole state, made only when it is written whole.
    /// - Throws: `SyncError.stateFile`; the file then holds what it held.
    /// - Complexity: O(k) bytes written for k records changed or removed; O(n) when written whole.
    public func save(
        header: SyncState.Header, changed: [SyncRecord], removed: [UUID], over previous: SyncState.Header,
        whole: () -> SyncState
    ) throws(SyncError) {
        guard let (wholeLength, mainLength) = appendPoint() else { return try save(whole()) }
        guard !changed.isEmpty || !removed.isEmpty || header != previous else { return }
        let encodedHeader = try encodedHeader(header)
        let bound =
            changed.reduce(encodedHeader.count + 64 + removed.count * (JSONTextWriter.scalarBound + 1)) {
                $0 + Self.bound(of: $1) + 1
            }
        let entry = JSONTextWriter.bytes(bound: bound) { writer in
            writer.raw("{\"header\":")
            writer.raw(encodedHeader)
            writer.raw(",\"main\":")
            writer.integer(mainLength)
            writer.raw(",\"records\":[")
            for (index, record) in changed.enumerated() {
                if index > 0 { writer.raw(",") }
                Self.write(record, to: &writer)
            }
            writer.raw("],\"removed\":[")
            for (index, id) in removed.enumerated() {
                if index > 0 { writer.raw(",") }
                writer.id(id)
            }
            writer.raw("]}\n")
        }
        guard wholeLength - mainLength + entry.count <= max(Self.journalMinimum, mainLength / 4) else {
            return try save(whole())
        }
        do {
            try DurableFile.append(path, bytes: entry, keeping: wholeLength, modeOf: path)
        } catch {
            throw .stateFile(path: path, reason: error.clause)
        }
    }

    /// The records of `new` that are not in `old` as they are, and the ids of `old`'s records
    /// that `new` lacks.
    /// - Complexity: O(n) comparisons; one hash per record when the two differ in their ids.
    static func differences(
        from old: [SyncRecord], to new: [SyncRecord]
    ) -> (changed: [SyncRecord], removed: [UUID]) {
        // By index, not by zipped pairs: a pair is a copy of two records (a retain of each of
        // their strings), and a state's records are mostly the same in the same order.
        if old.count == new.count, old.indices.allSatisfy({ old[$0].id == new[$0].id }) {
            return (old.indices.filter { old[$0] != new[$0] }.map { new[$0] }, [])
        }
        let before = Dictionary(old.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
        var kept = Set<UUID>()
        kept.reserveCapacity(new.count)
        var changed: [SyncRecord] = []
        for record in new {
            kept.insert(record.id)
            if before[record.id] != record { changed.append(record) }
        }
        return (changed, old.map(\.id).filter { !kept.contains($0) })
    }

    /// Where an append goes: the length of the file's whole lines, and of the object they
    /// start with. Nil when the file is missing or was not written whole by this version.
    /// - Complexity: reads the first line and the last.
    private func appendPoint() -> (wholeLength: Int, mainLength: Int)? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        guard Self.read(fd, count: Self.marker.count, at: 0) == Self.marker,
            let (line, wholeLength) = Self.lastLine(fd)
        else { return nil }
        if line == Self.end.dropFirst().dropLast() { return (wholeLength, wholeLength) }
        let change = line.withUnsafeBufferPointer { buffer in
            try? Self.change(in: buffer, line: 0..<buffer.count, path: path)
        }
        guard let change else { return nil }
        return (wholeLength, change.mainLength)
    }
}
