import Foundation
import Testing
import TodoTestSupport

@testable import todo_tui

@Suite("Table view random batches")
struct TableViewRandomBatchTests {
    /// A list of 0–4 sections with 0–6 rows each.
    private func randomSections(
        counter: inout Int, using random: inout SplitMix64
    ) -> [TestTableDataSource.Section] {
        (0..<Int.random(in: 0...4, using: &random)).map { _ in
            counter += 1
            let section = counter
            return .init(
                title: "S\(section)", rows: (0..<Int.random(in: 0...6, using: &random)).map { "s\(section)r\($0)" })
        }
    }

    /// A random table of 0–4 sections on a viewport of 1–30 lines, with its generator and the
    /// counter that names new sections and rows.
    private func start(seed: UInt64) -> (SplitMix64, Int, TestTableDataSource, TableLog, TableView) {
        var random = SplitMix64(seed: seed)
        var counter = 0
        let source = TestTableDataSource(randomSections(counter: &counter, using: &random))
        let log = TableLog()
        let table = TableView(source, width: 12, height: Int.random(in: 1...30, using: &random), log: log)
        return (random, counter, source, log, table)
    }

    /// Checks that the table shows exactly the data source: layout, visible rows (whose content
    /// the table partly carried over from before the batch), and the selection.
    private func expectMatches(_ table: TableView, _ source: TestTableDataSource, seed: UInt64, step: Int) {
        let expected = source.sections.map { TableLayout.Section(title: $0.title, rowCount: $0.rows.count) }
        #expect(table.layout.sections == expected, "seed \(seed) step \(step)")
        for path in table.indexPathsForVisibleRows {
            #expect(
                table.viewport.rows[path]?.identity == AnyHashable(source.sections[path.section].rows[path.row]),
                "seed \(seed) step \(step) row \(path)")
        }
        #expect(Set(table.viewport.rows.keys) == Set(table.indexPathsForVisibleRows), "seed \(seed) step \(step)")
        if let selected = table.selectedIndexPath {
            #expect(
                table.selectedIdentity == AnyHashable(source.sections[selected.section].rows[selected.row]),
                "seed \(seed) step \(step)")
        } else {
            #expect(table.layout.rowCount == 0, "seed \(seed) step \(step)")
        }
    }

    @Test("seeded random consistent batches leave the table equal to the data source, with the selection on its item")
    func consistentBatches() {
        for seed in UInt64(1)...60 {
            var (random, counter, source, log, table) = start(seed: seed)
            source.findsIdentities = true
            for step in 0..<40 {
                if let last = table.layout.lastRow, Bool.random(using: &random) {
                    let row = Int.random(in: 0...table.layout.line(of: last), using: &random)
                    table.selectRow(at: table.layout.row(atOrBeforeLine: row) ?? last)
                }
                let edit = RandomTableEdit(of: source.sections, counter: &counter, using: &random)
                let selected = table.selectedIdentity
                source.sections = edit.new
                table.beginUpdates()
                table.pendingBatch = edit.batch
                table.endUpdates()
                #expect(log.errors.isEmpty, "seed \(seed) step \(step): \(log.errors)")
                expectMatches(table, source, seed: seed, step: step)
                if let selected, source.indexPathForRow(withIdentity: selected) != nil {
                    #expect(
                        table.selectedIdentity == selected, "seed \(seed) step \(step): the selection follows its item")
                }
                #expect(table.animationFrames.count <= table.frameCount)
                if let last = table.animationFrames.last {
                    #expect(
                        last == table.viewport.frame(), "seed \(seed) step \(step): the last frame is the table at rest"
                    )
                }
                while table.isAnimating, Int.random(in: 0..<4, using: &random) > 0 { table.advanceAnimation() }
            }
        }
    }

    @Test("seeded random inconsistent batches are logged and fall back to a reload")
    func inconsistentBatches() {
        for seed in UInt64(1)...60 {
            var (random, counter, source, log, table) = start(seed: seed)
            for step in 0..<20 {
                var edit = RandomTableEdit(of: source.sections, counter: &counter, using: &random)
                guard let broken = Self.break(&edit, using: &random) else { continue }
                source.sections = edit.new
                let errors = log.errors.count
                table.beginUpdates()
                table.pendingBatch = edit.batch
                table.endUpdates()
                #expect(log.errors.count == errors + 1, "seed \(seed) step \(step): \(broken) was accepted")
                #expect(!table.isAnimating)
                expectMatches(table, source, seed: seed, step: step)
            }
        }
    }

    /// Makes the edit's batch inconsistent in a random way; `nil` when the edit offers no way.
    private static func `break`(_ edit: inout RandomTableEdit, using random: inout SplitMix64) -> String? {
        switch Int.random(in: 0..<3, using: &random) {
        case 0:
            guard let path = edit.stationary.randomElement(using: &random) else { return nil }
            edit.batch.deleteRows(at: [path], with: .fade)
            return "an extra delete of \(path)"
        case 1:
            guard let section = edit.old.indices.randomElement(using: &random) else { return nil }
            let path = IndexPath(item: edit.old[section].rows.count, section: section)
            edit.batch.deleteRows(at: [path], with: .fade)
            return "a delete out of range at \(path)"
        default:
            edit.batch.insertSections([edit.new.count + 1], with: .fade)
            return "a section inserted out of range"
        }
    }
}
