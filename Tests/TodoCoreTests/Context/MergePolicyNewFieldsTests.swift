import Foundation
import Testing
import TodoCore

/// The merge policies over notes, priority, tags and whole days (issue 15), with two contexts on
/// one store: the same table as the other fields, except that tags changed on both sides are
/// merged as sets under the by-property policies.
@Suite("Merge policies with notes, priority, tags and whole days")
struct MergePolicyNewFieldsTests {
    let clock = TestClock()
    let store = InMemoryStore()

    /// Saves one item tagged `shop` and `home`, lets `theirs` change it and save, while `mine`
    /// changes it unsaved; then saves `mine` under `policy` and returns the stored item.
    func settle(
        _ policy: MergePolicy, mine: (inout TodoItem) -> Void, theirs: (inout TodoItem) -> Void
    ) throws -> TodoItem? {
        let setup = TodoContext(store: store, now: clock.function)
        let item = TodoItem(
            text: "Base", date: clock.now, createdAt: clock.now, notes: "base notes", tags: ["shop", "home"])
        try setup.insert(item)
        try setup.save()
        let myContext = TodoContext(store: store, now: clock.function)
        let theirContext = TodoContext(store: store, now: clock.function)
        myContext.mergePolicy = policy
        clock.advance(seconds: 10)
        try myContext.update(item.id, mine)
        clock.advance(seconds: 10)
        try theirContext.update(item.id, theirs)
        try theirContext.save()
        try myContext.save()
        return store.contents.items.first { $0.id == item.id }
    }

    @Test(
        "a tag added on each side keeps both, and a removal on one side holds",
        arguments: [MergePolicy.mergeByPropertyObjectTrump, .mergeByPropertyStoreTrump])
    func tagsMergeAsSets(policy: MergePolicy) throws {
        let result = try settle(
            policy,
            mine: {
                $0.tags.insert("urgent")
                $0.tags.remove("home")
            }, theirs: { $0.tags.insert("weekend") })
        #expect(result.map { Set($0.tags) } == ["shop", "urgent", "weekend"])
    }

    @Test(
        "tags under overwrite and rollback: one side's set whole",
        arguments: [
            (MergePolicy.overwrite, ["shop", "urgent"]),
            (.rollback, ["shop", "home", "weekend"]),
        ])
    func tagsWhole(policy: MergePolicy, tags: [String]) throws {
        let result = try settle(
            policy,
            mine: {
                $0.tags.insert("urgent")
                $0.tags.remove("home")
            }, theirs: { $0.tags.insert("weekend") })
        #expect(result.map { Set($0.tags) } == Set(tags))
    }

    @Test(
        "priority and notes changed on both sides follow the policy table",
        arguments: [
            (MergePolicy.mergeByPropertyStoreTrump, TodoPriority.low, "their notes"),
            (.mergeByPropertyObjectTrump, .high, "my notes"),
            (.overwrite, .high, "my notes"),
            (.rollback, .low, "their notes"),
        ])
    func priorityAndNotes(policy: MergePolicy, priority: TodoPriority, notes: String) throws {
        let result = try settle(
            policy,
            mine: {
                $0.priority = .high
                $0.notes = "my notes"
            },
            theirs: {
                $0.priority = .low
                $0.notes = "their notes"
            }
        )
        #expect(result?.priority == priority)
        #expect(result?.notes == notes)
    }

    @Test(
        "priority changed here and notes there: both kept under the by-property policies",
        arguments: [MergePolicy.mergeByPropertyObjectTrump, .mergeByPropertyStoreTrump])
    func disjoint(policy: MergePolicy) throws {
        let result = try settle(policy, mine: { $0.priority = .medium }, theirs: { $0.notes = "their notes" })
        #expect(result?.priority == .medium && result?.notes == "their notes")
    }

    @Test(
        "a re-date carries its whole day: the date and hasTime never come from different sides",
        arguments: [MergePolicy.mergeByPropertyObjectTrump, .mergeByPropertyStoreTrump])
    func dateAndWholeDayTogether(policy: MergePolicy) throws {
        let day = Date(timeIntervalSince1970: 1_795_132_800)
        let result = try settle(
            policy,
            mine: {
                $0.date = day
                $0.hasTime = false
            },
            theirs: { $0.color = .red }
        )
        #expect(result?.date == day && result?.hasTime == false && result?.color == .red)
    }

    @Test("the three-way tag merge keeps additions and removals of both sides, in order")
    func tagMerge() {
        let merged = TodoTags.merging(base: ["a", "b", "c"], kept: ["a", "c", "d"], other: ["b", "c", "e", "a"])
        #expect(Array(merged) == ["a", "c", "d", "e"])
        #expect(Array(TodoTags.merging(base: [], kept: ["x"], other: ["x"])) == ["x"])
    }
}
