import Foundation
import TodoCore

/// One of several processes writing one store at once: adds, text edits, done toggles and
/// deletes, each saved at once with a merge policy.
///
/// Edits and toggles mostly (70 %) pick among the items that were in the store when this writer
/// started, which every writer shares, else among all items it sees, as deletes do. The context
/// refreshes from the store only now and then (`refreshPercent` of the operations), so most
/// saves are made over a stale snapshot and meet other writers' changes: the policy settles
/// them. Every operation is logged after its save returned, one line each:
///
///     GENERATION add ID TEXT
///     GENERATION text ID TEXT
///     GENERATION done ID true|false
///     GENERATION delete ID
///
/// GENERATION is the store generation the save wrote, or 0 when the merge left nothing to write
/// (the store already held the result). Generations order all writers' saves. At the end a
/// summary goes to standard error.
struct MixedWriter {
    let store: JSONStore
    /// Names this writer in item texts and the summary.
    let writer: String
    let operations: Int
    let policy: MergePolicy
    let refreshPercent: Int

    private enum Operation {
        case add, text, done, delete
    }

    /// Counts for the summary.
    private struct Tally {
        /// Saves made after other writers had saved since this context last read the store.
        var staleSaves = 0
        /// Edits and toggles whose item another writer had changed meanwhile: settled conflicts.
        var conflicts = 0
        /// Saves whose merge changed what this context shows.
        var mergedSaves = 0
    }

    /// - Throws: `StoreError` or `SaveError` from the first save or read that fails.
    func run() throws {
        let context = TodoContext(store: store, now: Date.init)
        context.mergePolicy = policy
        var written: Int?
        var batchesDuringSave = 0
        let observations = (
            context.observeDidSave { written = $0.generation },
            context.observeObjectsDidChange { batch in
                // Every save posts the versions it assigned; only a batch beyond them is a merge.
                if !batch.changesOnlyVersions { batchesDuringSave += 1 }
            }
        )
        let shared = Set(try context.fetch(FetchRequest()).map(\.id))
        var tally = Tally()
        var generator = SystemRandomNumberGenerator()
        try withExtendedLifetime(observations) {
            for number in 1...operations {
                if Int.random(in: 0..<100, using: &generator) < refreshPercent {
                    try context.refreshAllObjects()
                }
                let visible = try context.fetch(FetchRequest())
                let operation = Self.pick(among: visible, using: &generator)
                let sharedVisible = visible.filter { shared.contains($0.id) }
                let preferShared = operation != .delete && Int.random(in: 0..<100, using: &generator) < 70
                let pool = preferShared && !sharedVisible.isEmpty ? sharedVisible : visible
                let target = pool.randomElement(using: &generator)
                let line = try perform(operation, number: number, on: target, in: context)
                // After this, a batch posted during the save is the merge changing this writer's view.
                context.processPendingChanges()
                batchesDuringSave = 0
                written = nil
                let seen = context.storeGeneration
                try context.save()
                if let written, written != seen + 1 { tally.staleSaves += 1 }
                if batchesDuringSave > 0 { tally.mergedSaves += 1 }
                // Without a conflict the save writes the version after the one this writer read.
                if let target, operation == .text || operation == .done,
                    try context.item(with: target.id)?.version != target.version + 1
                {
                    tally.conflicts += 1
                }
                StressOutput.line("\(written ?? 0) \(line)")
            }
        }
        let summary =
            "\(writer): \(operations) operations, \(tally.staleSaves) saves over other writers' saves, "
            + "\(tally.conflicts) edits met another writer's change to their item, \(tally.mergedSaves) saves "
            + "changed this writer's view"
        FileHandle.standardError.write(Data("\(summary)\n".utf8))
    }

    /// Roughly 30 % adds, 30 % text edits, 25 % toggles, 15 % deletes; an add when nothing is left.
    private static func pick(among visible: [TodoItem], using generator: inout SystemRandomNumberGenerator) -> Operation
    {
        guard !visible.isEmpty else { return .add }
        switch Int.random(in: 0..<100, using: &generator) {
        case ..<30: return .add
        case ..<60: return .text
        case ..<85: return .done
        default: return .delete
        }
    }

    /// Makes the change unsaved in `context` and returns its log line without the generation.
    private func perform(
        _ operation: Operation, number: Int, on target: TodoItem?, in context: TodoContext
    ) throws -> String {
        guard operation != .add, let target else {
            let text = "\(writer) add \(number)"
            let item = try context.insert(text: text, date: Date())
            return "add \(item.id.uuidString) \(text)"
        }
        switch operation {
        case .add, .text:
            let text = "\(writer) text \(number)"
            try context.update(target.id) { $0.text = text }
            return "text \(target.id.uuidString) \(text)"
        case .done:
            try context.update(target.id) { $0.isDone.toggle() }
            return "done \(target.id.uuidString) \(!target.isDone)"
        case .delete:
            try context.delete(target.id)
            return "delete \(target.id.uuidString)"
        }
    }
}
