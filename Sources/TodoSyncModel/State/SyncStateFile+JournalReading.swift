import Foundation
import Glibc
import TodoCore

/// Reading a state file with changes appended to it (`SyncStateFile+Journal`).
extension SyncStateFile {
    /// One appended line: the header's text, the length of the object it follows, the records
    /// added or changed and the ids dropped.
    struct Change {
        var header: Range<Int>
        var mainLength: Int
        var records: [SyncRecord] = []
        var removed: [UUID] = []
    }

    /// The state of a file that starts with the marker line: the object, with each whole line
    /// after it applied in order.
    /// - Throws: `SyncError.stateFile`, or the reader's or decoder's error, for a malformed
    ///   object or line.
    /// - Complexity: O(n) in the size of the file.
    func decodeWithChanges(_ data: Data) throws -> SyncState {
        let newline = UInt8(ascii: "\n")
        guard let fieldsEnd = data[(data.startIndex + Self.marker.count)...].firstIndex(of: newline),
            let header = Self.header(fields: ArraySlice(data[(data.startIndex + Self.marker.count)..<fieldsEnd]))
        else {
            throw SyncError.stateFile(path: path, reason: "its header line is missing")
        }
        let (state, end) = try decodeObject(data, header: header)
        // The object ends its line; what follows are the changes.
        guard end < data.count, data[data.startIndex + end] == newline else {
            throw SyncError.stateFile(path: path, reason: "its records do not end with a line of their own")
        }
        let source = RecordBase.Source(data, path: path)
        let changes = try data.withUnsafeBytes { (raw) throws -> [Change] in
            let buffer = raw.bindMemory(to: UInt8.self)
            var changes: [Change] = []
            var start = end + 1
            while let next = buffer[start...].firstIndex(of: newline) {
                changes.append(try Self.change(in: buffer, line: start..<next, path: path, source: source))
                start = next + 1
            }
            return changes
        }
        guard let last = changes.last else { return state }
        // The last word on each id the changes name (nil: dropped), and those ids in the order
        // they came, for the ones new to the object: hashing the few ids changed, not every id.
        var latest: [UUID: SyncRecord?] = [:]
        var named: [UUID] = []
        for change in changes {
            for record in change.records {
                if latest.updateValue(record, forKey: record.id) == nil { named.append(record.id) }
            }
            for id in change.removed {
                if latest.updateValue(nil, forKey: id) == nil { named.append(id) }
            }
        }
        var records: [SyncRecord] = []
        records.reserveCapacity(state.records.count + named.count)
        for record in state.records {
            if let last = latest.removeValue(forKey: record.id) {
                if let last { records.append(last) }
            } else {
                records.append(record)
            }
        }
        for id in named {
            if let last = latest.removeValue(forKey: id) ?? nil { records.append(last) }
        }
        let lastHeader = try JSONDecoder().decode(
            SyncState.Header.self,
            from: data[(data.startIndex + last.header.lowerBound)..<(data.startIndex + last.header.upperBound)])
        return SyncState(header: lastHeader, records: records)
    }

    /// The header of a file that starts with the marker line, from its open descriptor: the
    /// last appended line's, else the second line's.
    /// - Parameter head: the file's first bytes, holding at least its first two lines.
    /// - Complexity: reads the last line.
    static func headerWithChanges(_ fd: Int32, head: [UInt8], path: String) -> SyncState.Header? {
        guard let fieldsEnd = head[marker.count...].firstIndex(of: UInt8(ascii: "\n")),
            let (line, _) = lastLine(fd)
        else { return nil }
        if line == end.dropFirst().dropLast() { return header(fields: head[marker.count..<fieldsEnd]) }
        return line.withUnsafeBufferPointer { buffer in
            guard let change = try? change(in: buffer, line: 0..<buffer.count, path: path) else { return nil }
            return try? JSONDecoder().decode(SyncState.Header.self, from: Data(buffer[change.header]))
        }
    }

    /// The header whose fields, without braces, end the line `fields` with a comma.
    static func header(fields: ArraySlice<UInt8>) -> SyncState.Header? {
        guard fields.last == UInt8(ascii: ",") else { return nil }
        return try? JSONDecoder().decode(
            SyncState.Header.self, from: Data([UInt8(ascii: "{")] + fields.dropLast() + [UInt8(ascii: "}")]))
    }

    /// The appended line at `line` of `buffer`.
    /// - Parameter source: `buffer`'s bytes, when they are kept: the records' bases are then left
    ///   there (`SyncStateFile.record(_:source:)`).
    /// - Throws: `StoreError` naming the line and column for malformed JSON;
    ///   `SyncError.stateFile` for a line without its header or length, or a record without
    ///   its fields.
    static func change(
        in buffer: UnsafeBufferPointer<UInt8>, line: Range<Int>, path: String, source: RecordBase.Source? = nil
    ) throws -> Change {
        var reader = JSONTextReader(
            bytes: UnsafeBufferPointer(rebasing: buffer[..<line.upperBound]), path: path, position: line.lowerBound)
        var header: Range<Int>?
        var mainLength: Int?
        var records: [SyncRecord] = []
        var removed: [UUID] = []
        var complete = true
        try reader.object { reader, key throws(StoreError) in
            switch key {
            case "header": header = try reader.skippedRange()
            case "main": mainLength = try reader.integer()
            case "records":
                try reader.array { reader throws(StoreError) in
                    if let record = try record(&reader, source: source) {
                        records.append(record)
                    } else {
                        complete = false
                    }
                }
            case "removed": try reader.array { reader throws(StoreError) in removed.append(try reader.id()) }
            default: try reader.skip()
            }
        }
        guard let header, let mainLength, complete else {
            throw SyncError.stateFile(
                path: path, reason: "a change after the records lacks its header, length or a field")
        }
        return Change(header: header, mainLength: mainLength, records: records, removed: removed)
    }

    /// The last whole line of the open file, without its newline, and the length of the whole
    /// lines (bytes after the last newline are an append a crash cut short). Nil without one.
    /// - Complexity: reads the last line, in growing chunks from the end.
    static func lastLine(_ fd: Int32) -> (line: [UInt8], wholeLength: Int)? {
        var info = stat()
        guard fstat(fd, &info) == 0 else { return nil }
        let size = Int(info.st_size)
        var limit = 4_096
        let newline = UInt8(ascii: "\n")
        while true {
            let start = max(0, size - limit)
            guard let tail = read(fd, count: size - start, at: start) else { return nil }
            if let last = tail.lastIndex(of: newline) {
                if let previous = tail[..<last].lastIndex(of: newline) {
                    return (Array(tail[(previous + 1)..<last]), start + last + 1)
                }
                if start == 0 { return (Array(tail[..<last]), last + 1) }
            } else if start == 0 {
                return nil
            }
            limit *= 4
        }
    }

    /// `count` bytes of the open file from `offset`, fewer at its end; nil when reading fails.
    static func read(_ fd: Int32, count: Int, at offset: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let got = bytes.withUnsafeMutableBytes { buffer in
                buffer.baseAddress.map { pread(fd, $0 + done, count - done, off_t(offset + done)) } ?? 0
            }
            if got < 0 && errno == EINTR { continue }
            guard got >= 0 else { return nil }
            if got == 0 { break }
            done += got
        }
        return Array(bytes[..<done])
    }
}
