import Foundation
import Testing
import TodoCore

/// A custom store that breaks the `TodoStore` contract by throwing its own error type makes
/// `save()` throw `SaveError.store` naming that error, never crash the program.
@Suite("A store that throws a foreign error")
struct ContextForeignStoreErrorTests {
    /// Loads like an empty in-memory store and fails every write with its own error.
    final class FailingStore: TodoStore {
        struct DiskOnFire: Error, CustomStringConvertible {
            var description: String { "the disk is on fire" }
        }

        func load() throws(StoreError) -> StoreContents { StoreContents() }
        func currentGeneration() throws(StoreError) -> Int { 0 }
        func modify<Result>(_ body: (inout StoreContents) throws -> Result) throws -> Result {
            throw DiskOnFire()
        }
    }

    @Test("save throws SaveError.store naming the foreign error; the change stays unsaved")
    func foreignError() throws {
        let context = TodoContext(store: FailingStore(), now: { Date(timeIntervalSince1970: 0) })
        let item = try context.insert(text: "Kept", date: Date(timeIntervalSince1970: 0))
        do {
            try context.save()
            Issue.record("the save succeeded")
        } catch {
            #expect(error.description.contains("the disk is on fire"), "\(error.description)")
        }
        #expect(context.hasChanges(for: item.id))
    }
}
