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

    /// The length of one id line: 36 characters and a line feed.
    private static let idLineLength = UUIDFormat.writtenLength + 1

    /// The file's bytes (UTF-8 text).
    ///
    /// Ids are written with the store's `UUIDFormat` into one buffer: `uuidString` and a joined
    /// array of lines were a fifth of a 100,000-item start-up.
    /// - Complexity: O(n).
    func encoded() -> [UInt8] {
        var head = [
            "\(Self.magic) \(Self.formatVersion)",
            "request \(key.request)",
            "section-key \(key.sectionKey)",
            "calendar \(key.calendar)",
            "generation \(key.generation)",
            "days \(blocks.count)",
        ]
        for block in blocks {
            head.append("\(block.day.timeIntervalSince1970) \(block.count)")
        }
        head.append("items \(order.count)")
        var bytes = Array((head.joined(separator: "\n") + "\n").utf8)
        let idsStart = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: order.count * Self.idLineLength))
        bytes.withUnsafeMutableBufferPointer { buffer in
            var cursor = ByteCursor(UnsafeMutableBufferPointer(rebasing: buffer[idsStart...]))
            cursor.reserve(order.count * Self.idLineLength)
            for id in order {
                UUIDFormat.write(id, to: &cursor)
                cursor.write(UInt8(ascii: "\n"))
            }
        }
        bytes.append(contentsOf: "end\n".utf8)
        return bytes
    }

    /// Writes the cache to `path` atomically, creating its folder when needed.
    /// - Throws: `FetchError.cacheNotWritable`.
    func write(to path: String) throws(FetchError) {
        // Written as the store is: new folders 0700, a new file 0600, replaced atomically.
        do throws(StoreError) {
            try DurableFile.replace(path, with: encoded(), creatingFolders: true)
        } catch {
            throw .cacheNotWritable(path: path, reason: error.description)
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
            files = names.filter { $0.hasSuffix(".\(fileExtension)") }.map {
                (directory as NSString).appendingPathComponent($0)
            }
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
        // Read as the store is: anything but a regular file (a FIFO would block for ever) is
        // refused before reading, and is then corrupt like an unreadable file.
        let bytes: [UInt8]
        do {
            guard let read = try StoreFile.read(path) else { return .failure(Unusable(outcome: .missing)) }
            bytes = read
        } catch {
            return .failure(Unusable(outcome: .corrupt))
        }
        var position = 0
        /// The next line as text, without its line feed; nil at the end or for invalid UTF-8.
        func nextLine() -> Substring? {
            guard position < bytes.count, let feed = bytes[position...].firstIndex(of: UInt8(ascii: "\n")),
                let line = String(validating: bytes[position..<feed], as: UTF8.self)
            else { return nil }
            position = feed + 1
            return line[...]
        }
        guard let version = nextLine().flatMap({ value(of: $0, after: magic).flatMap { Int($0) } }) else {
            return .failure(Unusable(outcome: .corrupt))
        }
        guard version == formatVersion else { return .failure(Unusable(outcome: .stale(.formatVersion))) }
        guard let found = parseKey(nextLine) else { return .failure(Unusable(outcome: .corrupt)) }
        if let staleness = staleness(of: found, against: key) {
            return .failure(Unusable(outcome: .stale(staleness)))
        }
        guard let blocks = parseBlocks(nextLine),
            let itemCount = nextLine().flatMap({ value(of: $0, after: "items").flatMap { Int($0) } }),
            itemCount >= 0, itemCount <= bytes.count, bytes.count - position == itemCount * idLineLength + 4,
            bytes[(bytes.count - 4)...].elementsEqual("end\n".utf8),
            let order = parseIDs(bytes[position..<(bytes.count - 4)], count: itemCount)
        else { return .failure(Unusable(outcome: .corrupt)) }
        return .success(ControllerCache(key: found, blocks: blocks, order: order))
    }

    /// Why no cache could be read; an `Error` only so that it can travel in a `Result`.
    struct Unusable: Error {
        var outcome: Outcome
    }

    private static func parseKey(_ nextLine: () -> Substring?) -> Key? {
        guard let request = nextLine().flatMap({ value(of: $0, after: "request") }),
            let sectionKey = nextLine().flatMap({ value(of: $0, after: "section-key") }),
            let calendar = nextLine().flatMap({ value(of: $0, after: "calendar") }),
            let generation = nextLine().flatMap({ value(of: $0, after: "generation").flatMap { Int($0) } })
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

    /// The largest item or block count a cache may hold; a larger one is corrupt. Bounding the
    /// counts read from the file keeps every sum of them far from overflowing.
    private static let maximumCount = 1 << 53

    /// The day blocks: each day finite and each count from 1 to `maximumCount`, or nil.
    private static func parseBlocks(_ nextLine: () -> Substring?) -> [(day: Date, count: Int)]? {
        guard let dayCount = nextLine().flatMap({ value(of: $0, after: "days").flatMap { Int($0) } }), dayCount >= 0
        else { return nil }
        var blocks: [(day: Date, count: Int)] = []
        for _ in 0..<dayCount {
            guard let fields = nextLine()?.split(separator: " "), fields.count == 2,
                let seconds = Double(fields[0]), seconds.isFinite, let count = Int(fields[1]),
                count > 0, count <= maximumCount
            else { return nil }
            blocks.append((Date(timeIntervalSince1970: seconds), count))
        }
        return blocks
    }

    /// `count` ids, one per line of exactly 36 characters and a line feed.
    private static func parseIDs(_ lines: ArraySlice<UInt8>, count: Int) -> [UUID]? {
        lines.withUnsafeBufferPointer { buffer -> [UUID]? in
            var order: [UUID] = []
            order.reserveCapacity(count)
            for index in 0..<count {
                let start = index * idLineLength
                guard buffer[start + UUIDFormat.writtenLength] == UInt8(ascii: "\n"),
                    let id = UUIDFormat.parse(
                        UnsafeBufferPointer(rebasing: buffer[start..<(start + UUIDFormat.writtenLength)]))
                else { return nil }
                order.append(id)
            }
            return order
        }
    }

    /// The text after `label` and one space, when `line` starts so.
    private static func value(of line: Substring, after label: String) -> String? {
        line.hasPrefix(label + " ") ? String(line.dropFirst(label.count + 1)) : nil
    }
}
