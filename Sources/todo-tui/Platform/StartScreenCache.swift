import Foundation
import TodoCore

/// The screen the list opens with, kept from the last clean quit, so that the next start shows
/// it before the store is read (a large store takes far longer to decode than the cached
/// screen). The app then loads the store and draws its own first frame over
/// it, which is the same screen, so the terminal receives almost nothing more; keys typed
/// meanwhile wait in the terminal's queue and are handled once the list is loaded.
///
/// A cached screen is shown only when everything the opening screen depends on is as it was
/// when it was drawn (`Key`): the program, the store file, the store's state (`StoreStamp`:
/// generation and the `stat` identity of the file and the journal, read in O(1) I/O), the
/// calendar and time zone, the day (titles, overdue marks and the selection follow it), the
/// terminal size, the configuration (keys, colours, clock, headers and order all show) and the
/// list on view (`LastListView`).
/// Anything else — a different key, a truncated or malformed file, cells that break a screen's
/// invariants — and it is ignored, never shown.
struct StartScreenCache {
    /// Everything the opening screen depends on.
    struct Key: Equatable {
        var program: String
        var store: String
        var stamp: StoreStamp
        var calendar: String
        var day: String
        var size: TerminalSize
        /// An FNV-1a hash of every setting in force (`ConfigWriter.fingerprint(of:)`).
        var settings: String
        /// The list the app opens on (`LastListView`): its id, or `all`.
        var view = "all"

        /// The key of the list on `store` opened at `now` in a `size` terminal with
        /// `configuration`, or nil when the store's state cannot be stamped (its files changing,
        /// or unreadable).
        static func opening(
            _ store: JSONStore, now: Date, calendar: Calendar, size: TerminalSize,
            configuration: Configuration = .standard, view: UUID? = nil
        ) -> Key? {
            guard let stamp = try? store.stamp() else { return nil }
            let day = calendar.dateComponents([.year, .month, .day], from: now)
            return Key(
                program: StartScreenCache.program, store: store.path, stamp: stamp,
                calendar: "\(calendar.identifier) \(calendar.timeZone.identifier) \(calendar.firstWeekday)",
                day: "\(day.year ?? 0)-\(day.month ?? 0)-\(day.day ?? 0)", size: size,
                settings: String(StartScreenCache.hash(ConfigWriter.fingerprint(of: configuration)), radix: 16),
                view: view?.uuidString ?? "all")
        }

        var lines: [String] {
            [
                "program \(program)", "store \(store)", "stamp \(stamp)", "calendar \(calendar)", "day \(day)",
                "size \(size.rows) \(size.columns)", "settings \(settings)", "view \(view)",
            ]
        }
    }

    static let fileExtension = "start-screen"
    private static let header = "todo-tui-start-screen 2"
    /// The longest cache file read: a screen of 500 × 500 cells of four-byte characters.
    private static let sizeLimit = 8 << 20

    /// This program: its version and the `stat` identity of its executable, so that a rebuilt
    /// binary, which may draw differently, never shows an older one's screen.
    static let program =
        TodoTUIVersion.current + (StoreFileIdentity.of("/proc/self/exe").map { " \($0)" } ?? "")

    /// The name of the list's caches of the store at `storePath`: one per store file,
    /// `list-<FNV-1a of the path>` (an earlier version's controller cache had the same name).
    static func name(forStore storePath: String) -> String {
        "list-" + String(hash(storePath), radix: 16)
    }

    /// FNV-1a of `text`'s UTF-8.
    /// - Complexity: O(n).
    static func hash(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    /// The cache file of the list of the store at `storePath`.
    static func path(forStore storePath: String, in directory: String) -> String {
        (directory as NSString).appendingPathComponent("\(name(forStore: storePath)).\(fileExtension)")
    }

    /// The cached screen at `path` when it was drawn for exactly `key`; nil otherwise.
    /// - Complexity: O(size of the file), at most `sizeLimit` bytes.
    static func read(from path: String, key: Key) -> Screen? {
        guard let bytes = try? StoreFile.readHead(path, limit: sizeLimit + 1), bytes.count <= sizeLimit,
            let text = String(validating: bytes, as: UTF8.self)
        else { return nil }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let expected = [header] + key.lines
        // The last line is "end" and the file ends with a line break: a truncated file has neither.
        guard lines.count == expected.count + key.size.rows + 3, lines.starts(with: expected),
            lines[lines.count - 2] == "end", lines[lines.count - 1].isEmpty
        else { return nil }
        return Screen(
            rows: key.size.rows, columns: key.size.columns,
            decoding: lines[expected.count..<(lines.count - 2)])
    }

    /// Writes `screen`, drawn for `key`, to `path`, replacing the file atomically.
    /// - Throws: `StoreError` when the file cannot be written.
    static func write(_ screen: Screen, key: Key, to path: String) throws(StoreError) {
        precondition(screen.size == key.size, "a start screen is drawn at its key's size")
        let lines = [header] + key.lines + screen.encodedLines + ["end", ""]
        try DurableFile.replace(path, with: Array(lines.joined(separator: "\n").utf8), creatingFolders: true)
    }
}
