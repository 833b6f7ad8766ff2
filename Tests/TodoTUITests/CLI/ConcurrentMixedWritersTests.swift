import Foundation
import Testing
import TodoCore
import TodoTestSupport

/// The concurrent-writers test extended (issue 6): four processes make 250 mixed operations each
/// on one store with `.mergeByPropertyObjectTrump`, over shared items, and nobody's work is lost.
@Suite("Concurrent mixed writers")
struct ConcurrentMixedWritersTests {
    static let writers = 4
    static let operations = 250
    static let sharedItems = 12

    /// One logged operation of one writer.
    struct Operation {
        enum Kind: String {
            case add, text, done, delete
        }

        /// The store generation the save wrote; 0 when the merge left nothing to write.
        var generation: Int
        var kind: Kind
        var id: UUID
        /// The text written (add, text) or the done value written ("true"/"false").
        var value: String

        /// Parses `GENERATION KIND ID [VALUE]`, as `todo-stress mixed` logs it.
        init?(line: String) {
            let fields = line.split(separator: " ", maxSplits: 3).map(String.init)
            guard fields.count >= 3, let generation = Int(fields[0]), let kind = Kind(rawValue: fields[1]),
                let id = UUID(uuidString: fields[2])
            else { return nil }
            self.generation = generation
            self.kind = kind
            self.id = id
            self.value = fields.count == 4 ? fields[3] : ""
            guard (kind == .delete) == value.isEmpty else { return nil }
        }
    }

    @Test(
        """
        4 processes × 250 adds, edits, toggles and deletes: every add survives unless deleted later, no duplicate, \
        every value one some process wrote
        """
    )
    func mixedWriters() throws {
        let home = try TemporaryDirectory()
        let path = home.path("todos.json")
        let seeds = try Self.seed(path)
        let stress = CommandRunner(
            executable: CommandRunner.executable("todo-stress"), environment: ProcessInfo.processInfo.environment)
        let started = try (1...Self.writers).map { writer in
            try stress.start([
                "mixed", path, "--writer", "w\(writer)", "--operations", "\(Self.operations)", "--policy",
                "object-trump",
            ])
        }
        var log: [Operation] = []
        for (process, output, errors) in started {
            let lines = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(
                separator: "\n"
            ).map(String.init)
            let summary = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            print(summary, terminator: "")
            #expect(process.terminationStatus == 0, "\(summary)")
            #expect(lines.count == Self.operations, "every operation is logged once")
            let parsed = lines.compactMap(Operation.init(line:))
            #expect(parsed.count == lines.count, "every line is well formed")
            log += parsed
        }
        let items = try JSONStore(path: path).load().items
        try Self.check(items, against: log, seeds: seeds)
    }

    /// Writes `sharedItems` items ("shared N") and returns them.
    static func seed(_ path: String) throws -> [TodoItem] {
        let day = Date(timeIntervalSince1970: 1_735_689_600)
        let seeds = (1...sharedItems).map { TodoItem(text: "shared \($0)", date: day, createdAt: day, version: 1) }
        try JSONStore(path: path).modify { contents in
            contents.items = seeds
            contents.generation = 1
        }
        return seeds
    }

    /// The store against everything the writers logged.
    ///
    /// - Written saves have distinct generations, which order every writer's saves.
    /// - An item is in the store exactly when its last written operation is not a delete (a
    ///   later edit of a deleted item re-inserts it: this context's change wins); every add
    ///   counts, and nothing else appears. Ids are unique.
    /// - Every item's text and done flag are values some process wrote (or the seed's). For an
    ///   item never deleted, each is exactly the last one written: a save that did not change a
    ///   field keeps the stored value of it.
    static func check(_ items: [TodoItem], against log: [Operation], seeds: [TodoItem]) throws {
        let written = log.filter { $0.generation > 0 }.sorted { $0.generation < $1.generation }
        #expect(Set(written.map(\.generation)).count == written.count, "one save per generation")
        #expect(log.filter { $0.kind == .add }.allSatisfy { $0.generation > 0 }, "every add is written")
        #expect(Set(items.map(\.id)).count == items.count, "no duplicate ids")

        let final = Dictionary(uniqueKeysWithValues: items.map { ($0.id, $0) })
        let seedByID = Dictionary(uniqueKeysWithValues: seeds.map { ($0.id, $0) })
        let byID = Dictionary(grouping: written, by: \.id)
        let known = Set(seedByID.keys).union(log.filter { $0.kind == .add }.map(\.id))
        #expect(Set(final.keys).isSubset(of: known), "no item nobody added")

        var survivingAdds = 0, deletedAdds = 0, reinserted = 0
        for id in known {
            let operations = byID[id] ?? []
            let present = operations.last.map { $0.kind != .delete } ?? true
            #expect(
                (final[id] != nil) == present,
                "\(id): last written operation \(operations.last?.kind.rawValue ?? "none")")
            if operations.first?.kind == .add {
                if present { survivingAdds += 1 } else { deletedAdds += 1 }
            }
            if present && operations.contains(where: { $0.kind == .delete }) { reinserted += 1 }
            guard let item = final[id] else { continue }
            let texts = operations.filter { $0.kind == .add || $0.kind == .text }.map(\.value)
            let dones = operations.filter { $0.kind == .done }.map { $0.value == "true" }
            let seedText = seedByID[id]?.text
            let everText =
                log.filter { $0.id == id && ($0.kind == .add || $0.kind == .text) }.map(\.value)
                + [seedText].compactMap { $0 }
            // Seeds and adds start not done.
            let everDone = log.filter { $0.id == id && $0.kind == .done }.map { $0.value == "true" } + [false]
            #expect(everText.contains(item.text), "\(id): text '\(item.text)' was written by someone")
            #expect(everDone.contains(item.isDone), "\(id): done \(item.isDone) was written by someone")
            if !operations.contains(where: { $0.kind == .delete }) {
                #expect(item.text == texts.last ?? seedText, "\(id): the last text written")
                #expect(item.isDone == dones.last ?? false, "\(id): the last done value written")
            }
        }
        let kinds = Dictionary(grouping: log, by: \.kind).mapValues(\.count)
        print(
            "concurrent writers: \(items.count) items at the end; \(kinds[.add] ?? 0) adds (\(survivingAdds) survive, "
                + "\(deletedAdds) deleted later), \(kinds[.text] ?? 0) text edits, \(kinds[.done] ?? 0) toggles, "
                + "\(kinds[.delete] ?? 0) deletes, \(log.count - written.count) saves left nothing to write, "
                + "\(reinserted) items re-inserted by a later edit"
        )
        #expect(survivingAdds + deletedAdds == kinds[.add])
    }
}
