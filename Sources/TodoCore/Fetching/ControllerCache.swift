import Foundation

/// A fetched-results controller's persisted order and day sections, with the key that says when
/// they may be reused.
///
/// The file is text: a header naming the format and its version, the key (request, section key,
/// calendar with time zone, store generation), the day blocks, the item ids in order, and an
/// `end` line so that a truncated file is recognised. Anything unexpected makes the file corrupt;
/// a corrupt or stale file is ignored and rebuilt, never trusted.
struct ControllerCache {
    static let formatVersion = 1
    static let fileExtension = "controller-cache"
    private static let magic = "todo-tui-controller-cache"

    /// What must match for a cache to be considered.
    struct Key: Equatable {
        var request: String
        var sectionKey: String
        var calendar: String
        var generation: Int
    }

    /// The part of the key that differs, or the format version.
    enum Staleness: Equatable {
        case formatVersion, request, sectionKey, calendar, generation
    }

    /// How `performFetch()` treated the cache.
    enum Outcome: Equatable {
        /// There was no cache file.
        case missing
        /// The file could not be read or is malformed.
        case corrupt
        /// The file was written for something else.
        case stale(Staleness)
        /// The key matched, but the ids, order or days do not match the context's items.
        case disagrees
        /// The cached order and sections were used without sorting.
        case used
    }

    var key: Key
    var blocks: [(day: Date, count: Int)]
    var order: [UUID]

    /// Whether `name` is usable as a file name: not empty, no `/`, no leading dot, no NUL.
    static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && !name.hasPrefix(".") && !name.contains("/") && !name.contains("\0")
    }

    /// The file of the cache `name` in `directory`.
    static func path(named name: String, in directory: String) -> String {
        (directory as NSString).appendingPathComponent("\(name).\(fileExtension)")
    }

    // MARK: Writing

    /// The file's text.
    /// - Complexity: O(n).
    func encoded() -> String {
        var lines = [
            "\(Self.magic) \(Self.formatVersion)",
            "request \(key.request)",
            "section-key \(key.sectionKey)",
            "calendar \(key.calendar)",
            "generation \(key.generation)",
            "days \(blocks.count)",
        ]
        lines.reserveCapacity(lines.count + blocks.count + order.count + 2)
        for block in blocks {
            lines.append("\(block.day.timeIntervalSince1970) \(block.count)")
        }
        lines.append("items \(order.count)")
        for id in order {
            lines.append(id.uuidString)
        }
        lines.append("end")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Writes the cache to `path` atomically, creating its folder when needed.
    /// - Throws: `FetchError.cacheNotWritable`.
    func write(to path: String) throws(FetchError) {
        do {
            let folder = (path as NSString).deletingLastPathComponent
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try Data(encoded().utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw .cacheNotWritable(path: path, reason: error.localizedDescription)
        }
    }

    /// Deletes the cache `name` in `directory`, or every cache there when `name` is nil. A cache
    /// that does not exist is already deleted.
    /// - Throws: `FetchError.cacheNotDeletable`.
    static func delete(named name: String?, in directory: String) throws(FetchError) {
        let files: [String]
        if let name {
            precondition(isValidName(name), "a cache name must be a plain file name, not '\(name)'")
            files = [path(named: name, in: directory)]
        } else {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            files = names.filter { $0.hasSuffix(".\(fileExtension)") }.map { (directory as NSString).appendingPathComponent($0) }
        }
        for file in files where FileManager.default.fileExists(atPath: file) {
            do {
                try FileManager.default.removeItem(atPath: file)
            } catch {
                throw .cacheNotDeletable(path: file, reason: error.localizedDescription)
            }
        }
    }

    // MARK: Reading

    /// Reads the cache at `path`: the cache, or the outcome explaining why there is none usable
    /// for `key` (missing, corrupt, or stale).
    /// - Complexity: O(n).
    static func read(from path: String, expecting key: Key) -> Result<ControllerCache, Unusable> {
        guard FileManager.default.fileExists(atPath: path) else { return .failure(Unusable(outcome: .missing)) }
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            return .failure(Unusable(outcome: .corrupt))
        }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
        guard let version = lines.popFirst().flatMap({ value(of: $0, after: magic).flatMap { Int($0) } }) else {
            return .failure(Unusable(outcome: .corrupt))
        }
        guard version == formatVersion else { return .failure(Unusable(outcome: .stale(.formatVersion))) }
        guard let found = parseKey(&lines) else { return .failure(Unusable(outcome: .corrupt)) }
        if let staleness = staleness(of: found, against: key) {
            return .failure(Unusable(outcome: .stale(staleness)))
        }
        guard let cache = parseBody(&lines, key: found) else { return .failure(Unusable(outcome: .corrupt)) }
        return .success(cache)
    }

    /// Why no cache could be read; an `Error` only so that it can travel in a `Result`.
    struct Unusable: Error {
        var outcome: Outcome
    }

    private static func parseKey(_ lines: inout ArraySlice<Substring>) -> Key? {
        guard let request = lines.popFirst().flatMap({ value(of: $0, after: "request") }),
              let sectionKey = lines.popFirst().flatMap({ value(of: $0, after: "section-key") }),
              let calendar = lines.popFirst().flatMap({ value(of: $0, after: "calendar") }),
              let generation = lines.popFirst().flatMap({ value(of: $0, after: "generation").flatMap { Int($0) } })
        else { return nil }
        return Key(request: request, sectionKey: sectionKey, calendar: calendar, generation: generation)
    }

    private static func staleness(of found: Key, against expected: Key) -> Staleness? {
        if found.request != expected.request { return .request }
        if found.sectionKey != expected.sectionKey { return .sectionKey }
        if found.calendar != expected.calendar { return .calendar }
        if found.generation != expected.generation { return .generation }
        return nil
    }

    private static func parseBody(_ lines: inout ArraySlice<Substring>, key: Key) -> ControllerCache? {
        guard let dayCount = lines.popFirst().flatMap({ value(of: $0, after: "days").flatMap { Int($0) } }),
              dayCount >= 0, lines.count > dayCount
        else { return nil }
        var blocks: [(day: Date, count: Int)] = []
        for line in lines.prefix(dayCount) {
            let fields = line.split(separator: " ")
            guard fields.count == 2, let seconds = Double(fields[0]), let count = Int(fields[1]) else { return nil }
            blocks.append((Date(timeIntervalSince1970: seconds), count))
        }
        lines.removeFirst(dayCount)
        guard let itemCount = lines.popFirst().flatMap({ value(of: $0, after: "items").flatMap { Int($0) } }),
              itemCount >= 0, lines.count == itemCount + 2, lines.dropFirst(itemCount).elementsEqual(["end", ""])
        else { return nil }
        var order: [UUID] = []
        order.reserveCapacity(itemCount)
        for line in lines.prefix(itemCount) {
            guard let id = UUID(uuidString: String(line)) else { return nil }
            order.append(id)
        }
        return ControllerCache(key: key, blocks: blocks, order: order)
    }

    /// The text after `label` and one space, when `line` starts so.
    private static func value(of line: Substring, after label: String) -> String? {
        line.hasPrefix(label + " ") ? String(line.dropFirst(label.count + 1)) : nil
    }
}
