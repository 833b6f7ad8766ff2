import Foundation
import TodoCore

/// The `export` group: `ExportFormat.export` of N sample items in every format, against
/// Foundation's `JSONEncoder` writing the same records, measured in the same run, for the two
/// JSON formats (`json`: the store file; `taskwarrior`: what `task import` reads).
///
/// The other formats have no Foundation writer to compare with; their lines say so. The extra
/// column gives the output size and our throughput.
enum ExportBenchmarks {
    static var group: BenchmarkGroup {
        BenchmarkGroup(
            name: "export",
            summary:
                "ExportFormat.export of sample items in list order; baseline JSONEncoder writing the same records "
                + "(json, taskwarrior)",
            run: run
        )
    }

    static func run(_ runner: BenchmarkRunner) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let now = SampleItems.referenceDate
        for count in runner.sizes([10_000, 100_000]) {
            let items = FetchRequest().apply(to: SampleItems.make(count, seed: UInt64(count)))
            for format in ExportFormat.allCases {
                let bytes =
                    switch format.export(items, now: now, calendar: calendar) {
                    case .file(let output): output.count
                    case .directory(let files): files.reduce(0) { $0 + $1.bytes.count }
                    }
                let ours = runner.measure { blackHole(format.export(items, now: now, calendar: calendar)) }
                let megabytes = Double(bytes) / 1e6
                let extra =
                    "\(megabytes.formatted(digits: 1)) MB at \((megabytes / ours.median).formatted(digits: 0)) MB/s"
                runner.report(
                    format.rawValue, n: count, ours: ours, baseline: baseline(for: format, items, runner: runner),
                    extra: extra)
            }
        }
    }

    private static func baseline(
        for format: ExportFormat, _ items: [TodoItem], runner: BenchmarkRunner
    ) -> BenchmarkRunner.Baseline {
        let encode: ([TodoItem]) throws -> Data
        switch format {
        case .json: encode = { try FoundationStoreFile.encode($0) }
        case .taskwarrior: encode = foundationTaskwarrior
        default: return .skipped("Foundation has no \(format) writer")
        }
        do {
            _ = try encode(items)
        } catch {
            return .skipped("JSONEncoder failed: \(error)")
        }
        return .measured(runner.measure { blackHole(try? encode(items)) })
    }

    /// The Taskwarrior records written by Foundation.
    private static func foundationTaskwarrior(_ items: [TodoItem]) throws -> Data {
        struct Task: Encodable {
            var uuid: String, description: String, status: String, entry: String, modified: String, due: String?
            var end: String?, todotuicolor: String?
        }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withYear, .withMonth, .withDay, .withTime, .withTimeZone]
        let tasks = items.map { item in
            Task(
                uuid: item.id.uuidString.lowercased(), description: item.text,
                status: item.isDone ? "completed" : "pending",
                entry: formatter.string(from: item.createdAt), modified: formatter.string(from: item.modifiedAt),
                due: item.date.map(formatter.string(from:)),
                end: item.isDone ? formatter.string(from: item.modifiedAt) : nil,
                todotuicolor: item.color == .default ? nil : item.color.rawValue
            )
        }
        return try JSONEncoder().encode(tasks)
    }
}
