import Foundation
import TodoCore

/// The store file's shape for Foundation's `JSONEncoder` and `JSONDecoder`: the baselines that
/// our hand-written store writer and reader are compared with.
///
/// Field names and order are the store's (sorted keys); dates are ISO-8601 strings with
/// milliseconds, written with `ISO8601DateFormatter` and read with `Date.ISO8601FormatStyle`.
/// The formatter parses far more slowly than the style, and the style writes 10:00:00.123 as
/// .122: each baseline uses the faster of the correct ones, so that ratios are not flattered.
struct FoundationStoreFile: Codable {
    struct Item: Codable {
        var color: String, createdAt: String, date: String?, id: String, isDone: Bool, modifiedAt: String,
            text: String, version: Int
    }

    var format: String, generation: Int, items: [Item], version: Int
}

extension FoundationStoreFile {
    /// The file for `items`.
    /// - Complexity: O(n).
    init(items: [TodoItem], generation: Int) {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        self.init(
            format: "todo-tui", generation: generation,
            items: items.map { item in
                Item(
                    color: item.color.rawValue, createdAt: formatter.string(from: item.createdAt),
                    date: item.date.map(formatter.string(from:)),
                    id: item.id.uuidString, isDone: item.isDone, modifiedAt: formatter.string(from: item.modifiedAt),
                    text: item.text, version: item.version
                )
            },
            version: StoreError.supportedVersion
        )
    }

    /// `items` encoded by `JSONEncoder` with sorted keys, as the store writes them.
    /// - Complexity: O(n).
    static func encode(_ items: [TodoItem], generation: Int = 0) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(FoundationStoreFile(items: items, generation: generation))
    }

    /// Reads the store file at `path` with `JSONDecoder` into `TodoItem`s, dates parsed: a full
    /// load as a Foundation-only program would do it.
    /// - Returns: nil for an item whose fields do not make a valid item.
    /// - Complexity: O(n).
    static func load(_ path: String) throws -> [TodoItem?] {
        let file = try JSONDecoder().decode(
            FoundationStoreFile.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        let style = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
        return file.items.map { item in
            guard let id = UUID(uuidString: item.id), let color = TodoColor(rawValue: item.color),
                let createdAt = try? style.parse(item.createdAt),
                let modifiedAt = try? style.parse(item.modifiedAt)
            else { return nil }
            let date = item.date.flatMap { try? style.parse($0) }
            guard (date == nil) == (item.date == nil) else { return nil }
            return TodoItem(
                id: id, text: item.text, date: date, color: color, isDone: item.isDone,
                createdAt: createdAt, modifiedAt: modifiedAt, version: item.version
            )
        }
    }
}
