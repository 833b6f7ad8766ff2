import Foundation
import TodoCore

/// `todo-tui --demo`: a temporary copy of the sample store, with its days moved to this week.
///
/// The sample (`data/sample.json`, built into the binary as `DemoSample`, so a copied binary
/// has it too) was written around 2026-11-20; the copy shifts every date by whole days so that
/// day becomes today, and so "Today", "Yesterday" and "Tomorrow" show realistic lists whenever
/// the demo runs. The copy, and the list's cache, live in one fresh temporary folder that the
/// caller removes when the demo ends (`removeFolder`).
enum DemoStore {
    /// The day the sample's items were arranged around.
    static let sampleToday = Date(timeIntervalSince1970: 1_795_132_800)  // 2026-11-20T00:00:00Z

    /// How the built-in sample is named in errors.
    static let sampleName = "the built-in demo sample"

    /// The built-in sample's items.
    /// - Throws: `StoreError` when the embedded bytes are not a store holding at least one item;
    ///   the demo never opens as an empty list.
    static func sampleItems() throws(StoreError) -> [TodoItem] {
        guard let data = Data(base64Encoded: DemoSample.base64, options: .ignoreUnknownCharacters) else {
            throw .invalidData(
                path: sampleName, line: 1, column: 1, item: nil, id: nil, problem: "it is not valid base64")
        }
        let items = try StoreDecoder.decode(Array(data), path: sampleName).items
        guard !items.isEmpty else {
            throw .invalidData(path: sampleName, line: 1, column: 1, item: nil, id: nil, problem: "it holds no items")
        }
        return items
    }

    /// Makes a fresh temporary folder holding the shifted copy as `todos.json`, and returns the
    /// folder; the caller removes it with `removeFolder(_:)` on every way out.
    /// - Throws: `StoreError` when the sample is unusable or the copy cannot be written (the
    ///   folder is removed again then).
    static func makeFolder(now: Date, calendar: Calendar) throws -> URL {
        let sample = try sampleItems()
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = .gmt
        let sampleDay = utc.dateComponents([.year, .month, .day], from: sampleToday)
        let today = calendar.dateComponents([.year, .month, .day], from: now)
        let shift =
            utc.dateComponents(
                [.day], from: utc.date(from: sampleDay) ?? sampleToday, to: utc.date(from: today) ?? sampleToday
            ).day ?? 0
        let seconds = TimeInterval(shift) * 86_400
        let items = sample.map { item in
            TodoItem(
                id: item.id, text: item.text, date: item.date.map { $0 + seconds }, color: item.color,
                isDone: item.isDone, createdAt: item.createdAt + seconds, modifiedAt: item.modifiedAt + seconds,
                version: item.version, notes: item.notes, priority: item.priority, tags: item.tags,
                hasTime: item.hasTime, foreign: item.foreign, start: item.start.map { $0 + seconds },
                startHasTime: item.startHasTime, completedAt: item.completedAt.map { $0 + seconds },
                repetition: item.repetition
            )
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("todo-tui-demo-\(UUID().uuidString)")
        do {
            try JSONStore(path: storePath(in: folder)).modify { contents in
                contents = StoreContents(generation: 1, items: items)
            }
        } catch {
            removeFolder(folder)
            throw error
        }
        return folder
    }

    /// The demo store's file in `folder`.
    static func storePath(in folder: URL) -> String {
        folder.appendingPathComponent("todos.json").path
    }

    /// The demo list's cache folder, inside `folder` so it goes with it.
    static func cacheDirectory(in folder: URL) -> String {
        folder.appendingPathComponent("cache").path
    }

    /// Removes the demo's folder and everything in it; one already gone is fine.
    static func removeFolder(_ folder: URL) {
        try? FileManager.default.removeItem(at: folder)
    }
}
