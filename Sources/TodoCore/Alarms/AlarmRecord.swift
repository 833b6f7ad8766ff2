import Foundation

/// The record of alarms that went off: one line per alarm instant, kept in
/// `$XDG_STATE_HOME/todo-tui/fired`, so that each instant fires once across runs, processes and
/// machines.
///
/// A line is `<to-do id> <instant in ms since 1970> <when it fired, ISO 8601>[ missed]`. The id
/// and instant are the same on every device that syncs the to-do (the id follows the VTODO's
/// `UID`), so a copy of another machine's record placed beside this one — any file of the
/// folder whose name starts with `fired`, as a file-sync tool leaves it — keeps those alarms
/// from firing here too. A to-do's lines are appended and `fsync`ed just before its notification
/// is sent (`DurableFile.append`); a torn last line a crash left is not a record, and is cut off by
/// the next append. Every run holds `fired.lock` (`withLock`) from reading the record to
/// its last append, so two runs at once never fire one alarm twice.
package struct AlarmRecord {
    /// One alarm instant of one to-do.
    package struct Key: Hashable, Sendable {
        package var itemID: UUID
        package var instant: Int64

        package init(itemID: UUID, instant: Date) {
            self.itemID = itemID
            self.instant = instant.millisecondsSince1970
        }
    }

    /// One alarm that went off now.
    package struct Entry {
        package var key: Key
        package var missed: Bool

        package init(key: Key, missed: Bool) {
            self.key = key
            self.missed = missed
        }
    }

    /// The folder of the record.
    package let folder: String

    package init(folder: String) {
        self.folder = folder
    }

    /// `$XDG_STATE_HOME/todo-tui` when that is an absolute path, else
    /// `<home>/.local/state/todo-tui` (XDG Base Directory specification).
    package static func defaultFolder(environment: [String: String], homeDirectory: String) -> String {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return (state.hasSuffix("/") ? state : state + "/") + "todo-tui"
        }
        return (homeDirectory.hasSuffix("/") ? homeDirectory : homeDirectory + "/") + ".local/state/todo-tui"
    }

    /// The file this machine appends to.
    package var path: String { folder + "/fired" }
    private var lockPath: String { folder + "/fired.lock" }

    /// Runs `body` holding the record's lock, creating the folder first; by default waits up to
    /// a minute for another run to finish.
    /// - Parameter attempts: how many times to try the lock, 10 ms apart; the open list tries
    ///   once and comes back later rather than stop answering keys.
    /// - Throws: `StoreError` when the folder or lock cannot be made, or the lock stays busy
    ///   (`lockBusy`); whatever `body` throws.
    package func withLock<Result>(attempts: Int = 6_000, _ body: () throws -> Result) throws -> Result {
        try DurableFile.makeFolders(folder)
        return try StoreLock.withExclusiveLock(path: lockPath, attempts: attempts, body)
    }

    /// The instants recorded here and in every `fired*` file beside it, and how many bytes of
    /// this machine's file are whole lines (what `append` keeps).
    /// - Complexity: O(total size of the files).
    package func read() -> (keys: Set<Key>, wholeLength: Int) {
        var keys: Set<Key> = []
        var wholeLength = 0
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        for name in names where name.hasPrefix("fired") && name != "fired.lock" && !name.hasPrefix("fired.tmp") {
            guard let data = FileManager.default.contents(atPath: folder + "/" + name) else { continue }
            let bytes = [UInt8](data)
            let whole = (bytes.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 }) ?? 0
            if name == "fired" { wholeLength = whole }
            for line in bytes[..<whole].split(separator: UInt8(ascii: "\n")) {
                let fields = line.split(separator: UInt8(ascii: " "), maxSplits: 2)
                guard fields.count >= 2,
                    let id = UUID(uuidString: String(decoding: fields[0], as: UTF8.self)),
                    let instant = Int64(String(decoding: fields[1], as: UTF8.self))
                else { continue }
                keys.insert(Key(itemID: id, instant: Date(millisecondsSince1970: instant)))
            }
        }
        return (keys, wholeLength)
    }

    /// Appends the entries, fired at `now`, durably.
    /// - Parameter wholeLength: from `read()` (or the last `append`), under the same lock.
    /// - Returns: how many bytes of the file are whole lines now, for the next append.
    /// - Throws: `StoreError` when the file cannot be written.
    @discardableResult
    package func append(_ entries: [Entry], firedAt now: Date, keeping wholeLength: Int) throws(StoreError) -> Int {
        guard !entries.isEmpty else { return wholeLength }
        let stamp = ISO8601DateFormatter().string(from: now)
        var text = ""
        for entry in entries {
            text += "\(entry.key.itemID.uuidString.lowercased()) \(entry.key.instant) \(stamp)"
            text += entry.missed ? " missed\n" : "\n"
        }
        let bytes = Array(text.utf8)
        try DurableFile.append(path, bytes: bytes, keeping: wholeLength, modeOf: path)
        return wholeLength + bytes.count
    }
}
