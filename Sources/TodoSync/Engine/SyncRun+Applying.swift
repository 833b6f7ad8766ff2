import Foundation
import TodoCore
import TodoSyncModel

extension SyncRun {
    /// Writes `localWrites` in one save, then records what was agreed.
    ///
    /// The save settles a concurrent change of the open app by the same policy. An item whose
    /// saved value is not the one intended (the app changed it meanwhile) is recorded as
    /// changed (-1), so its value goes out on the next run.
    mutating func applyLocally() throws(SyncError) {
        let context = engine.context
        context.mergePolicy = options.policy
        context.reserveCapacity(forChanges: localWrites.count)
        do {
            for (id, value) in localWrites.sorted(by: { $0.key.precedes($1.key) }) {
                try Self.stage(value, for: id, in: context)
            }
            report.wroteLocally = report.wroteLocally || context.hasChanges
            try context.save()
        } catch let error as SaveError {
            context.rollback()
            throw .store("The list could not be saved (\(error)); nothing was changed, and the next sync tries again.")
        } catch {
            context.rollback()
            throw .store("The list could not be changed (\(error)); nothing was changed.")
        }
        for id in recordsToDrop {
            records[id] = nil
        }
        records.reserveCapacity(adding: recordsAfterWrite.count)
        locals.reserveCapacity(locals.count + localWrites.count)
        for (id, var record) in recordsAfterWrite {
            if let intended = localWrites[id] {
                let saved = try? context.item(with: id)
                if let intended, let saved, saved.hasSameContent(as: intended), record.localVersion == 0 {
                    record.localVersion = saved.version
                } else if intended != nil {
                    record.localVersion = -1
                }
                if let saved { locals[id] = saved }
            }
            store(record)
        }
    }

    /// Makes `value` (nil = absent) the context's value of `id`: an insert, an update or a delete.
    static func stage(_ value: TodoItem?, for id: UUID, in context: TodoContext) throws {
        let exists = try context.item(with: id) != nil
        switch (value, exists) {
        case (nil, true): try context.delete(id)
        case (let item?, true): try context.update(id) { $0 = keepingVersion(item, of: $0) }
        case (let item?, false): try context.insert(item)
        case (nil, false): break
        }
    }

    /// `item` with `current`'s id-bound bookkeeping (`version`), as `update` requires.
    static func keepingVersion(_ item: TodoItem, of current: TodoItem) -> TodoItem {
        var result = item
        result.version = current.version
        return result
    }
}
