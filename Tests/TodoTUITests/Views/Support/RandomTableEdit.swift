import Foundation
import TodoTestSupport

@testable import todo_tui

/// A random edit of a sectioned list and the `UITableView` batch that describes it, derived
/// independently of the table: sections and rows are matched by identity, rows that keep their
/// relative order in a section that stays (a longest increasing subsequence) are left alone,
/// and the others become moves — or, at random, delete and insert pairs.
struct RandomTableEdit {
    typealias Section = TestTableDataSource.Section

    var old: [Section]
    var new: [Section]
    var batch = TableUpdateBatch()
    /// Rows left in place in a section that stays and is not reloaded (old paths).
    var stationary: [IndexPath] = []

    /// Makes a random edit of `old` with fresh names drawn from `counter`.
    init(of old: [Section], counter: inout Int, using random: inout SplitMix64) {
        self.old = old
        var sections = old.map { (title: $0.title, rows: $0.rows, isNew: false) }
        sections.removeAll { _ in Int.random(in: 0..<6, using: &random) == 0 }
        for _ in 0..<Int.random(in: 0...2, using: &random) {
            counter += 1
            let rows = (0..<Int.random(in: 0...3, using: &random)).map { "n\(counter)r\($0)" }
            sections.insert(
                (title: "S\(counter)", rows: rows, isNew: true), at: Int.random(in: 0...sections.count, using: &random))
        }
        let survivors = Set(sections.flatMap(\.rows))
        let orphans = old.flatMap(\.rows).filter {
            !survivors.contains($0) && Int.random(in: 0..<3, using: &random) == 0
        }
        Self.edit(&sections, adding: orphans, counter: &counter, using: &random)
        new = sections.map { Section(title: $0.title, rows: $0.rows) }
        deriveBatch(using: &random)
    }

    /// Deletes, inserts and moves rows inside the sections, and places `orphans` (rows of
    /// deleted sections) somewhere.
    private static func edit(
        _ sections: inout [(title: String?, rows: [String], isNew: Bool)], adding orphans: [String],
        counter: inout Int, using random: inout SplitMix64
    ) {
        guard !sections.isEmpty else { return }
        for index in sections.indices {
            sections[index].rows.removeAll { _ in Int.random(in: 0..<5, using: &random) == 0 }
        }
        var moving = orphans
        for index in sections.indices {
            for row in sections[index].rows.reversed() where Int.random(in: 0..<6, using: &random) == 0 {
                sections[index].rows.removeAll { $0 == row }
                moving.append(row)
            }
        }
        for _ in 0..<Int.random(in: 0...4, using: &random) {
            counter += 1
            moving.append("n\(counter)")
        }
        for row in moving {
            let index = Int.random(in: sections.indices, using: &random)
            sections[index].rows.insert(row, at: Int.random(in: 0...sections[index].rows.count, using: &random))
        }
    }

    private mutating func deriveBatch(using random: inout SplitMix64) {
        let oldTitles = old.map(\.title)
        let newTitles = new.map(\.title)
        var sectionTarget: [Int: Int] = [:]
        for (index, title) in oldTitles.enumerated() {
            if let target = newTitles.firstIndex(of: title) { sectionTarget[index] = target }
        }
        let deleted = IndexSet(oldTitles.indices.filter { sectionTarget[$0] == nil })
        let inserted = IndexSet(newTitles.indices.filter { !sectionTarget.values.contains($0) })
        batch.deleteSections(deleted, with: .fade)
        batch.insertSections(inserted, with: .left)
        var reloaded = Set<Int>()
        for (index, _) in sectionTarget where Int.random(in: 0..<8, using: &random) == 0 {
            reloaded.insert(index)
        }
        batch.reloadSections(IndexSet(reloaded), with: .none)
        var oldPaths: [String: IndexPath] = [:]
        var newPaths: [String: IndexPath] = [:]
        for (section, content) in old.enumerated() {
            for (row, text) in content.rows.enumerated() { oldPaths[text] = IndexPath(item: row, section: section) }
        }
        for (section, content) in new.enumerated() {
            for (row, text) in content.rows.enumerated() { newPaths[text] = IndexPath(item: row, section: section) }
        }
        for (text, oldPath) in oldPaths where newPaths[text] == nil {
            let redundant = deleted.contains(oldPath.section) || reloaded.contains(oldPath.section)
            if !redundant || Bool.random(using: &random) { batch.deleteRows(at: [oldPath], with: .fade) }
        }
        for (text, newPath) in newPaths where oldPaths[text] == nil {
            let redundant =
                inserted.contains(newPath.section) || reloaded.contains(where: { sectionTarget[$0] == newPath.section })
            if !redundant || Bool.random(using: &random) { batch.insertRows(at: [newPath], with: .right) }
        }
        let stay = stationaryRows(
            oldPaths: oldPaths, newPaths: newPaths, sectionTarget: sectionTarget, reloaded: reloaded)
        for (text, oldPath) in oldPaths.sorted(by: { $0.value < $1.value }) {
            guard let newPath = newPaths[text] else { continue }
            if stay.contains(text), Int.random(in: 0..<10, using: &random) > 0 {
                stationary.append(oldPath)
                if Int.random(in: 0..<8, using: &random) == 0 { batch.reloadRows(at: [oldPath], with: .fade) }
            } else if Int.random(in: 0..<6, using: &random) == 0 {
                batch.deleteRows(at: [oldPath], with: .top)
                batch.insertRows(at: [newPath], with: .bottom)
            } else {
                batch.moveRow(at: oldPath, to: newPath)
            }
        }
    }

    /// The rows that may stay in place: in each section that stays and is not reloaded, the
    /// longest run of its common rows whose new order agrees with their old order.
    private func stationaryRows(
        oldPaths: [String: IndexPath], newPaths: [String: IndexPath],
        sectionTarget: [Int: Int], reloaded: Set<Int>
    ) -> Set<String> {
        var result = Set<String>()
        for (section, target) in sectionTarget where !reloaded.contains(section) {
            let common = old[section].rows.filter { newPaths[$0]?.section == target }
            let order = common.map { newPaths[$0]?.row ?? 0 }
            for index in Self.longestIncreasingRun(order) { result.insert(common[index]) }
        }
        return result
    }

    /// The indexes of a longest strictly increasing subsequence of `values` (quadratic; small inputs).
    private static func longestIncreasingRun(_ values: [Int]) -> [Int] {
        guard !values.isEmpty else { return [] }
        var length = [Int](repeating: 1, count: values.count)
        var previous = [Int](repeating: -1, count: values.count)
        for i in values.indices {
            for j in 0..<i where values[j] < values[i] && length[j] + 1 > length[i] {
                length[i] = length[j] + 1
                previous[i] = j
            }
        }
        var index = length.indices.max { length[$0] < length[$1] } ?? 0
        var run: [Int] = []
        while index >= 0 {
            run.append(index)
            index = previous[index]
        }
        return run.reversed()
    }
}
