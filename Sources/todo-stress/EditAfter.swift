import Foundation
import TodoCore

/// One side of a two-process conflict: changes an item in a context, waits while another
/// process saves, then saves with a merge policy, so the save meets the other's change.
///
/// Prints `ready` once the change is made (the context's snapshot is taken), then waits until
/// the file `waitFor` exists, then saves and prints `saved`. Under `.error` a conflict makes the
/// save throw `SaveError.conflicts` and nothing is written.
struct EditAfter {
    /// What to do to the item.
    enum Change: Equatable {
        case text(String)
        case color(TodoColor)
        case done(Bool)
        case delete

        /// Parses `text=VALUE`, `color=NAME`, `done=true|false` or `delete`.
        /// - Throws: `StressError.usage` for anything else.
        init(_ argument: String) throws(StressError) {
            let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
            switch (parts.first, parts.count == 2 ? parts[1] : nil) {
            case ("delete", nil):
                self = .delete
            case ("text", let text?):
                self = .text(text)
            case ("color", let name?):
                guard let color = TodoColor(rawValue: name) else { throw .usage("Unknown colour '\(name)'.") }
                self = .color(color)
            case ("done", let flag?):
                guard let value = Bool(flag) else { throw .usage("done= takes true or false, not '\(flag)'.") }
                self = .done(value)
            default:
                throw .usage("A change is text=VALUE, color=NAME, done=true|false or delete, not '\(argument)'.")
            }
        }
    }

    let store: JSONStore
    let id: UUID
    let changes: [Change]
    let policy: MergePolicy
    let waitFor: String
    /// How many 10 ms polls for `waitFor` before giving up.
    let waitAttempts: Int

    /// - Throws: `StressError` (usage, the wait timed out), `SaveError` (a conflict under
    ///   `.error`, store trouble), `StoreError` when the store cannot be read.
    func run() throws {
        let context = TodoContext(store: store, now: Date.init)
        context.mergePolicy = policy
        guard try context.item(with: id) != nil else { throw StressError.usage("No item has the id \(id.uuidString).") }
        for change in changes {
            switch change {
            case .delete: try context.delete(id)
            case .text(let text): try context.update(id) { $0.text = text }
            case .color(let color): try context.update(id) { $0.color = color }
            case .done(let value): try context.update(id) { $0.isDone = value }
            }
        }
        StressOutput.line("ready")
        try waitForFile()
        try context.save()
        StressOutput.line("saved")
    }

    private func waitForFile() throws(StressError) {
        for _ in 0..<waitAttempts {
            if FileManager.default.fileExists(atPath: waitFor) { return }
            usleep(10_000)
        }
        throw .waitTimedOut(path: waitFor, seconds: waitAttempts / 100)
    }
}
