import Foundation
import TodoCore

/// Medians for exporting 10,000 and 100,000 items in every format, with Foundation's
/// `JSONEncoder` writing the same Taskwarrior records as a baseline measured in the same run.
///
/// Self-contained (its own median helper) until the benchmark runner lands.
enum ExportBenchmarks {
    static let counts = [10_000, 100_000]

    static func run() {
        for count in counts {
            run(count: count)
        }
    }

    static func run(count: Int) {
        let now = Date(timeIntervalSince1970: 1_736_676_000)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let items = FetchRequest().apply(to: makeItems(count, now: now))
        let rounds = count >= 100_000 ? 5 : 11
        var bytes = 0
        for format in ExportFormat.allCases {
            let seconds = median(rounds: rounds) {
                switch format.export(items, now: now, calendar: calendar) {
                case .file(let output): bytes = output.count
                case .directory(let files): bytes = files.reduce(0) { $0 + $1.bytes.count }
                }
            }
            report(format.rawValue, count: count, seconds: seconds, bytes: bytes)
            if format == .taskwarrior {
                let baseline = median(rounds: rounds) { bytes = foundationTaskwarrior(items).count }
                report("taskwarrior via JSONEncoder (baseline)", count: count, seconds: baseline, bytes: bytes)
                print(String(format: "  taskwarrior export is %.1f× faster than JSONEncoder", baseline / seconds))
            }
        }
    }

    /// A realistic mix: ASCII and CJK text with punctuation formats must quote or escape, every
    /// colour, a quarter done, dates over a year.
    static func makeItems(_ count: Int, now: Date) -> [TodoItem] {
        let texts = ["Buy milk, eggs; and \"bread\"", "우유 사기 🥛", "牛乳を買う", #"Back up C:\Users\me"#, "Call Mum *today*"]
        return (0..<count).map { index in
            let date = now.addingTimeInterval(Double(index % 400 - 200) * 86_400 + Double(index % 86_400))
            return TodoItem(
                text: "\(texts[index % texts.count]) #\(index)", date: date,
                color: TodoColor.allCases[index % TodoColor.allCases.count], isDone: index % 4 == 0,
                createdAt: date.addingTimeInterval(-86_400), modifiedAt: date, version: 1
            )
        }
    }

    /// The Taskwarrior records written by Foundation, for the baseline.
    private static func foundationTaskwarrior(_ items: [TodoItem]) -> Data {
        struct Task: Encodable {
            var uuid: String, description: String, status: String, entry: String, modified: String, due: String
            var end: String?, todotuicolor: String?
        }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withYear, .withMonth, .withDay, .withTime, .withTimeZone]
        let tasks = items.map { item in
            Task(
                uuid: item.id.uuidString.lowercased(), description: item.text, status: item.isDone ? "completed" : "pending",
                entry: formatter.string(from: item.createdAt), modified: formatter.string(from: item.modifiedAt),
                due: formatter.string(from: item.date), end: item.isDone ? formatter.string(from: item.modifiedAt) : nil,
                todotuicolor: item.color == .default ? nil : item.color.rawValue
            )
        }
        return (try? JSONEncoder().encode(tasks)) ?? Data()
    }

    /// The median wall time of `rounds` runs of `body`, in seconds, after one warm-up run.
    private static func median(rounds: Int, _ body: () -> Void) -> Double {
        body()
        let clock = ContinuousClock()
        let times = (0..<rounds).map { _ in
            let duration = clock.measure(body)
            return Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        }.sorted()
        return times[times.count / 2]
    }

    private static func report(_ name: String, count: Int, seconds: Double, bytes: Int) {
        let megabytesPerSecond = Double(bytes) / seconds / 1_000_000
        let label = name.padding(toLength: 40, withPad: " ", startingAt: 0)
        print("export \(label)" + String(format: "%7d items  median %8.2f ms  %6.1f MB/s  (%d bytes)", count, seconds * 1_000, megabytesPerSecond, bytes))
    }
}
