import Foundation
import TodoCore

extension TodoApp {
    /// Keys while a conflict is shown: `m`, `t` or `b` decide; anything else, quitting included,
    /// is refused with a reminder, since leaving now would lose one side's change.
    func handleResolving(_ key: Key, conflicts: [MergeConflict]) -> [AppEffect] {
        guard case .character(let character) = key,
            let choice = ConflictChoice.keys.first(where: { $0.key == character })?.choice
        else {
            status = .error("Choose first — " + ConflictChoice.hints)
            return []
        }
        return resolvingSyncConflicts ? settleSync(conflicts, by: choice) : settle(conflicts, by: choice)
    }

    /// A new to-do with what the user sees of `mine`, not another program's lines (a kept UID
    /// names the original): "keep both" keeps mine this way.
    static func copy(of mine: TodoItem, now: Date) -> TodoItem {
        TodoItem(
            text: mine.text, date: mine.date, color: mine.color, isDone: mine.isDone, createdAt: now,
            notes: mine.notes, priority: mine.priority, tags: mine.tags, hasTime: mine.hasTime, start: mine.start,
            startHasTime: mine.startHasTime, completedAt: mine.completedAt, repetition: mine.repetition)
    }

    /// Carries out the user's choice on the context whose save met the conflicts: the editor's
    /// scratch pad (which then pushes into the list's context) or the list's context itself.
    private func settle(_ conflicts: [MergeConflict], by choice: ConflictChoice) -> [AppEffect] {
        let target = editorContext ?? context
        do {
            if choice == .both {
                for mine in conflicts.compactMap(\.inMemory) {
                    try target.insert(Self.copy(of: mine, now: now))
                }
            }
            guard let editor = editorContext else {
                closeEditor(.info(Self.describe(choice, count: conflicts.count)))
                context.processPendingChanges()
                return [.saveSettling(choice.policy)]
            }
            editor.mergePolicy = choice.policy
            try editor.save()
            closeEditor(.info(Self.describe(choice, count: conflicts.count)))
            return [.save]
        } catch {
            closeEditor(.error("\(error)"))
            return []
        }
    }

    static func describe(_ choice: ConflictChoice, count: Int) -> String {
        let items = count == 1 ? "the to-do" : "\(count) to-dos"
        switch choice {
        case .mine: return "Kept your version of \(items)."
        case .theirs: return "Took the other version of \(items)."
        case .both: return "Kept both versions of \(items); yours is a new to-do."
        }
    }
}
