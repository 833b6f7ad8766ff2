import Foundation
import TodoCore

/// `todo-tui --demo`: a temporary copy of the sample store, with its days moved to this week.
///
/// The sample in `data/sample.json` was written around 2026-11-20; the copy shifts every date by
/// whole days so that day becomes today, and so "Today", "Yesterday" and "Tomorrow" show
/// realistic lists whenever the demo runs. The copy lives in a fresh temporary folder; the
/// sample itself is never written.
enum DemoStore {
    /// The day the sample's items were arranged around.
    static let sampleToday = Date(timeIntervalSince1970: 1_795_132_800)  // 2026-11-20T00:00:00Z

    /// The sample shipped with the sources (found from this file's location at build time).
    static var samplePath: String {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("data/sample.json").path
    }

    /// Writes the shifted copy and returns its path.
    /// - Throws: `StoreError` when the sample cannot be read or the copy written.
    static func makeCopy(now: Date, calendar: Calendar) throws -> String {
        let sample = try JSONStore(path: samplePath).load()
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = .gmt
        let sampleDay = utc.dateComponents([.year, .month, .day], from: sampleToday)
        let today = calendar.dateComponents([.year, .month, .day], from: now)
        let shift = utc.dateComponents([.day], from: utc.date(from: sampleDay) ?? sampleToday, to: utc.date(from: today) ?? sampleToday).day ?? 0
        let seconds = TimeInterval(shift) * 86_400
        let items = sample.items.map { item in
            TodoItem(
                id: item.id, text: item.text, date: item.date + seconds, color: item.color, isDone: item.isDone,
                createdAt: item.createdAt + seconds, modifiedAt: item.modifiedAt + seconds, version: item.version
            )
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("todo-tui-demo-\(UUID().uuidString)")
        let path = folder.appendingPathComponent("todos.json").path
        try JSONStore(path: path).modify { contents in
            contents = StoreContents(generation: 1, items: items)
        }
        return path
    }
}
