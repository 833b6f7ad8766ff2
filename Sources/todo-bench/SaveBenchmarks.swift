import Foundation
import TodoCore

/// The `save` group: one edit saved durably at N items, through the public API a person's
/// key press uses — `TodoContext.update` then `save()` on a `JSONStore` — so the figure follows
/// whatever the store does (an fsync'd journal append, and now and then a compaction).
///
/// Each run toggles `isDone` of another item and saves it; the store `fsync`s before `save()`
/// returns. Baseline, in the same run: Foundation's `JSONEncoder` writing the whole file of the
/// same items, made durable the same way (temporary file, `fsync`, `rename`, `fsync` of the folder).
enum SaveBenchmarks {
    static var group: BenchmarkGroup {
        BenchmarkGroup(
            name: "save",
            summary:
                "one edit (toggle done) through TodoContext.save() on a JSONStore, fsync'd; baseline JSONEncoder "
                + "whole-file atomic rewrite, fsync'd",
            run: run
        )
    }

    static func run(_ runner: BenchmarkRunner) {
        for count in runner.sizes([10_000, 100_000]) {
            do {
                let fixture = try EndToEndFixture()
                let path = try fixture.makeStore(count: count)
                let context = TodoContext(store: JSONStore(path: path), now: Date.init)
                let ids = try context.fetch(FetchRequest()).map(\.id)
                var next = 0
                let ours = try runner.measure { () throws -> Duration in
                    let id = ids[next % ids.count]
                    next += 1
                    let start = ContinuousClock.now
                    try context.update(id) { $0.isDone.toggle() }
                    try context.save()
                    return ContinuousClock.now - start
                }
                let items = try context.fetch(FetchRequest())
                let baselinePath = fixture.folder + "/foundation.json"
                try rewrite(baselinePath, with: FoundationStoreFile.encode(items))
                let baseline = runner.measure {
                    blackHole(try? rewrite(baselinePath, with: FoundationStoreFile.encode(items)))
                }
                let target = count == 100_000 ? "target ≤ 2 ms median" : ""
                runner.report(
                    "save one edit, durable", n: count, ours: ours, baseline: .measured(baseline), extra: target)
            } catch {
                print("save at \(count.grouped) items: \(error)")
            }
        }
    }

    /// Replaces `path` with `data` durably and atomically, as the store does: a temporary file
    /// in the same folder, `fsync`, `rename` over `path`, `fsync` of the folder.
    /// - Throws: `EndToEndError.systemCall` naming the call that failed.
    /// - Complexity: O(n) in the size of `data`, plus two `fsync`s.
    private static func rewrite(_ path: String, with data: Data) throws(EndToEndError) {
        let temporary = path + ".tmp"
        let file = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard file >= 0 else { throw .systemCall(name: "open of \(temporary)", errno: errno) }
        let written = data.withUnsafeBytes { write(file, $0.baseAddress, $0.count) }
        let synced = fsync(file)
        close(file)
        guard written == data.count, synced == 0, rename(temporary, path) == 0 else {
            throw .systemCall(name: "writing \(path)", errno: errno)
        }
        let folder = open(
            URL(fileURLWithPath: path).deletingLastPathComponent().path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        defer { close(folder) }
        guard folder >= 0, fsync(folder) == 0 else {
            throw .systemCall(name: "fsync of the folder of \(path)", errno: errno)
        }
    }
}
