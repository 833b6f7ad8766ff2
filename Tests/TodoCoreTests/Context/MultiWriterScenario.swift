import Foundation
import TodoTestSupport

@testable import TodoCore

/// One seeded run of `MultiWriterPropertyTests`: three writers over one store file, two of them
/// with a child context (one merging its parent's changes automatically, one not), and the checks
/// made after every step. Each writer remembers what its user touched since its last save, so a
/// save can be judged field by field against the store it wrote over.
final class MultiWriterScenario {
    struct Totals {
        var saves = 0
        /// Children's saves that changed their parent.
        var pushes = 0
        var conflicts = 0
        var merges = 0
        var staleMerges = 0
        /// Merges of a save with an unseen save before it.
        var earlyMerges = 0
        var undos = 0
        var refreshes = 0
    }

    /// A broken invariant, described for the failure message.
    struct Violation: Error, CustomStringConvertible {
        var description: String
    }

    /// One context and the test's model of it.
    final class Writer {
        let name: String
        let context: TodoContext
        /// The writer whose context is this one's parent; nil for a context on the store.
        let parent: Writer?
        var children: [Writer] = []
        /// Other writers' saves not merged yet, in the order they happened.
        var inbox: [DidSave] = []
        /// Per undo group (one user step, or a child's save into this context): the items and
        /// the fields it touched.
        var undoGroups: [[UUID: Set<ItemField>]] = []
        var redoGroups: [[UUID: Set<ItemField>]] = []
        /// Fields the user changed (or undid, or redid) since the last save, per item.
        var touched: [UUID: Set<ItemField>] = [:]
        /// The highest version the context has committed for each id.
        var highest: [UUID: Int] = [:]
        /// Tracking controllers on the context, each checked against a fresh fetch.
        let watcher: ContextWatcher

        init(name: String, context: TodoContext, parent: Writer? = nil, watcher: ContextWatcher) {
            self.name = name
            self.context = context
            self.parent = parent
            self.watcher = watcher
        }

        /// This writer, its parent and its children: the contexts one step of it can change.
        var family: [Writer] {
            [self] + (parent.map { [$0] } ?? []) + children
        }
    }

    private(set) var step = 0
    private(set) var totals = Totals()
    /// Reported changes of `createdAt`, and of nothing but `modifiedAt`, over every context.
    var bookkeepingChanges: (createdAt: Int, modifiedAtOnly: Int) {
        writers.reduce((0, 0)) { sum, writer in
            (sum.0 + writer.watcher.createdAtChanges, sum.1 + writer.watcher.modifiedAtOnlyChanges)
        }
    }
    private var random: SplitMix64
    private let clock = TestClock()
    private let path: String
    private let checker: JSONStore
    private var writers: [Writer] = []
    /// Every save any writer made, to merge again at random (twice, and long after).
    private var history: [DidSave] = []
    /// The content of every (id, version) the store ever held: a version names one value.
    private var ledger: [UUID: [Int: Content]] = [:]
    /// Per id, the highest version the store ever held, and whether it holds the id now.
    private var storeHighest: [UUID: Int] = [:]
    private var storePresent: Set<UUID> = []
    private var textCounter = 0

    /// The fields a person changes, for comparing values across versions.
    struct Content: Equatable {
        var text: String
        var date: Date?
        var color: TodoColor
        var isDone: Bool

        init(_ item: TodoItem) {
            text = item.text
            date = item.date
            color = item.color
            isDone = item.isDone
        }
    }

    init(seed: UInt64, path: String) throws {
        random = SplitMix64(seed: seed)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "America/Santiago")!
        self.path = path
        checker = JSONStore(path: path)
        let setup = TodoContext(store: JSONStore(path: path), now: clock.function)
        for index in 0..<6 {
            try setup.insert(
                TodoItem(id: seededID(), text: "Item \(index)", date: day(index % 3), createdAt: clock.now))
        }
        try setup.save()
        try recordStore()
        let journalLimits = [512, 4_096, 1 << 20]
        for (index, name) in ["A", "B", "C"].enumerated() {
            let context = TodoContext(
                store: JSONStore(path: path, journalLimit: journalLimits[index]), now: clock.function)
            _ = try context.fetch(FetchRequest())
            let watcher = try ContextWatcher(context: context, calendar: calendar, now: clock.now)
            writers.append(Writer(name: name, context: context, watcher: watcher))
        }
        for (index, parent) in writers.prefix(2).enumerated() {
            let context = TodoContext(parent: parent.context)
            context.automaticallyMergesChangesFromParent = index == 0
            _ = try context.fetch(FetchRequest())
            let watcher = try ContextWatcher(context: context, calendar: calendar, now: clock.now)
            let child = Writer(name: parent.name + "'", context: context, parent: parent, watcher: watcher)
            parent.children.append(child)
            writers.append(child)
        }
        try checkContexts(writers)
    }

    /// An id drawn from the seed, so that a failure's seed and step reproduce it (ids break ties
    /// in every order, and the steps pick items in the order of their ids).
    private func seededID() -> UUID {
        let (high, low) = (random.next(), random.next())
        return withUnsafeBytes(of: (high, low)) { UUID(uuid: $0.loadUnaligned(as: uuid_t.self)) }
    }

    private func day(_ offset: Int) -> Date {
        Date(timeIntervalSince1970: 1_736_935_200 + Double(offset) * 86_400)
    }

    /// Runs random steps until `saves` saves have written something, then brings every writer
    /// up to date and checks they agree with the store.
    func run(saves: Int) throws {
        while totals.saves < saves {
            step += 1
            clock.advance(seconds: 1)
            let writer = writers[Int.random(in: 0..<writers.count, using: &random)]
            try perform(randomStep(), by: writer)
            try checkContexts(writer.family)
        }
        try settle()
    }

    private enum Step {
        case edit, insert, delete, undo, redo, save, merge, mergeAgain, refreshAll, refreshOne, rollback
    }

    private func randomStep() -> Step {
        let roll = Int.random(in: 0..<100, using: &random)
        switch roll {
        case 0..<28: return .edit
        case 28..<32: return .insert
        case 32..<36: return .delete
        case 36..<43: return .undo
        case 43..<47: return .redo
        case 47..<67: return .save
        case 67..<89: return .merge
        case 89..<93: return .mergeAgain
        case 93..<96: return .refreshAll
        case 96..<98: return .refreshOne
        default: return .rollback
        }
    }

    private func perform(_ step: Step, by writer: Writer) throws {
        let context = writer.context
        switch step {
        case .edit:
            try edit(by: writer)
        case .insert:
            guard context.current.count < 16 else { return try edit(by: writer) }
            textCounter += 1
            // Now and then an id this context does not show, created anew (an import of an item
            // deleted here, which another writer may hold): both sides' values, creation times
            // included, meet at a save or a merge. Only an id the context that saves to the store
            // knew: one it never knew gets version 1 there, which names another value when the
            // store once held it. Ids are UUIDs, so only an import of a deleted item can do that,
            // and the store keeps no record of deletes.
            let saver = writer.parent?.context ?? context
            let absent = ledger.keys.filter { context.current[$0] == nil && saver.knownVersion(of: $0) != nil }
                .sorted()
            let id =
                !absent.isEmpty && Int.random(in: 0..<4, using: &random) == 0
                ? absent[Int.random(in: 0..<absent.count, using: &random)] : seededID()
            let item = TodoItem(
                id: id, text: "\(writer.name) new \(textCounter)",
                date: day(Int.random(in: 0..<4, using: &random)), createdAt: clock.now)
            try context.insert(item)
            context.processPendingChanges()
            recordUserStep(writer, item.id, Set(ItemField.allCases))
        case .delete:
            guard context.current.count > 3, let id = randomItemID(in: context) else { return }
            try context.delete(id)
            context.processPendingChanges()
            recordUserStep(writer, id, Set(ItemField.allCases))
        case .undo:
            guard context.canUndo == !writer.undoGroups.isEmpty else {
                throw Violation(
                    description:
                        "\(writer.name): canUndo is \(context.canUndo) with \(writer.undoGroups.count) steps to undo")
            }
            guard let group = writer.undoGroups.popLast() else { return }
            context.undo()
            writer.touched.merge(group) { $0.union($1) }
            writer.redoGroups.append(group)
            totals.undos += 1
        case .redo:
            guard context.canRedo == !writer.redoGroups.isEmpty else {
                throw Violation(
                    description:
                        "\(writer.name): canRedo is \(context.canRedo) with \(writer.redoGroups.count) steps to redo")
            }
            guard let group = writer.redoGroups.popLast() else { return }
            context.redo()
            writer.touched.merge(group) { $0.union($1) }
            writer.undoGroups.append(group)
        case .save:
            try writer.parent == nil ? save(by: writer) : push(by: writer)
        case .merge:
            guard !writer.inbox.isEmpty else { return }
            let index = Int.random(in: 0..<writer.inbox.count, using: &random)
            let save = writer.inbox[index]
            // Most saves leave the inbox once merged; some stay to be merged a second time.
            if Int.random(in: 0..<10, using: &random) < 8 {
                writer.inbox.remove(at: index)
            }
            merge(save, into: writer)
        case .mergeAgain:
            guard writer.parent == nil, !history.isEmpty else { return }
            merge(history[Int.random(in: 0..<history.count, using: &random)], into: writer)
        case .refreshAll:
            try context.refreshAllObjects()
            totals.refreshes += 1
        case .refreshOne:
            guard let id = randomItemID(in: context) else { return }
            let merging = Bool.random(using: &random)
            try context.refresh(id, mergeChanges: merging)
            if !merging {
                writer.touched[id] = nil
            }
            totals.refreshes += 1
        case .rollback:
            context.rollback()
            writer.touched.removeAll()
            writer.undoGroups.removeAll()
            writer.redoGroups.removeAll()
        }
    }

    private func randomItemID(in context: TodoContext) -> UUID? {
        let ids = context.current.ids.sorted()
        return ids.isEmpty ? nil : ids[Int.random(in: 0..<ids.count, using: &random)]
    }

    /// Changes one field of a random item to a new value.
    private func edit(by writer: Writer) throws {
        let context = writer.context
        guard let id = randomItemID(in: context), let before = context.current[id] else { return }
        let fields: [ItemField] = [.text, .date, .color, .isDone, .notes, .priority, .tags]
        let field = fields[Int.random(in: 0..<fields.count, using: &random)]
        let priority = TodoPriority.allCases[Int.random(in: 0..<TodoPriority.allCases.count, using: &random)]
        let tag = ["home", "work", "shop", "urgent"][Int.random(in: 0..<4, using: &random)]
        let wholeDay = Bool.random(using: &random)
        textCounter += 1
        let text = "\(writer.name) \(textCounter)"
        let color = TodoColor.allCases[Int.random(in: 0..<TodoColor.allCases.count, using: &random)]
        let date = day(Int.random(in: 0..<4, using: &random))
        try context.update(id) { item in
            switch field {
            case .text: item.text = text
            case .date:
                item.date = date
                item.hasTime = !wholeDay
            case .color: item.color = color
            case .start: preconditionFailure("not among the fields edited")
            case .isDone: item.isDone.toggle()
            case .notes: item.notes = "\(text)\nsecond line"
            case .priority: item.priority = priority
            case .tags: if !item.tags.remove(tag) { item.tags.insert(tag) }
            case .foreign, .repetition, .list, .alarms: preconditionFailure("not among the fields edited")
            }
        }
        context.processPendingChanges()
        if let after = context.current[id], !after.hasSameContent(as: before) {
            recordUserStep(writer, id, [field])
        }
    }

    private func recordUserStep(_ writer: Writer, _ id: UUID, _ fields: Set<ItemField>) {
        writer.undoGroups.append([id: fields])
        writer.redoGroups.removeAll()
        writer.touched[id, default: []].formUnion(fields)
    }

    private func merge(_ save: DidSave, into writer: Writer) {
        if save.generation <= writer.context.storeGeneration {
            totals.staleMerges += 1
        } else if save.generation > writer.context.storeGeneration + 1 {
            totals.earlyMerges += 1
        }
        writer.context.mergeChanges(fromContextDidSave: save)
        totals.merges += 1
    }

    // MARK: Saving and its checks

    private static let policies: [MergePolicy] = [
        .error, .error, .error, .error, .mergeByPropertyObjectTrump, .mergeByPropertyObjectTrump,
        .mergeByPropertyStoreTrump, .mergeByPropertyStoreTrump, .overwrite, .rollback,
    ]

    /// Saves with a random policy and judges what the save wrote against the store it wrote
    /// over (read just before: the test runs one step at a time).
    private func save(by writer: Writer) throws {
        let context = writer.context
        let policy = Self.policies[Int.random(in: 0..<Self.policies.count, using: &random)]
        context.mergePolicy = policy
        context.processPendingChanges()
        let before = try checker.load()
        let stored = Dictionary(uniqueKeysWithValues: before.items.map { ($0.id, $0) })
        let changed = context.unsavedIDs.filter { context.current[$0] != context.committed[$0] }
        let base = Dictionary(uniqueKeysWithValues: changed.map { ($0, context.committed[$0]) })
        let mine = Dictionary(uniqueKeysWithValues: changed.map { ($0, context.current[$0]) })
        var saves: [DidSave] = []
        let token = context.observeDidSave { saves.append($0) }
        defer { _ = token }
        do {
            try context.save()
        } catch .conflicts(let conflicts) {
            try checkRefused(
                conflicts, policy: policy, stored: stored, base: base, generation: before.generation, by: writer)
            return
        } catch .store(let error) {
            throw Violation(description: "\(writer.name): the store failed: \(error)")
        }
        let touched = writer.touched
        writer.touched.removeAll()
        guard let save = saves.first else {
            let after = try checker.load()
            guard after.generation == before.generation else {
                throw Violation(description: "\(writer.name): a save without a DidSave moved the store")
            }
            return
        }
        totals.saves += 1
        let writtenIDs = (save.inserted + save.updated + save.deleted).map(\.id)
        if policy == .error {
            for id in writtenIDs where stored[id]?.version != base[id]??.version {
                throw Violation(
                    description:
                        "\(writer.name): under .error a save wrote \(id) over version \(stored[id]?.version ?? 0), "
                        + "having seen \(base[id]??.version ?? 0)"
                )
            }
        }
        for written in save.inserted + save.updated {
            try checkWritten(
                written, policy: policy, stored: stored[written.id], base: base[written.id] ?? nil,
                mine: mine[written.id] ?? nil, touched: touched[written.id] ?? [])
        }
        try recordStore(after: save, before: stored)
        history.append(save)
        // Children take other writers' saves through their parents (automatically or by a
        // refresh), as the app's line editor does. A child that merged a store save its parent
        // has not seen could carry an id the parent never knew into it, and the parent's save
        // would give that id version 1 even when the store once held it (left for its own issue).
        for other in writers where other !== writer && other.parent == nil {
            other.inbox.append(save)
        }
    }

    /// A child's save into its parent with a random policy. What it changed in the parent is, for
    /// the model, a change the parent's user made (the parent's next save is judged with it) and
    /// one undo group there; a save refused under `.error` changes nothing in the parent, and
    /// each of its conflicts is an item whose value the parent changed since the child read it.
    private func push(by writer: Writer) throws {
        guard let parent = writer.parent else { preconditionFailure("only a child pushes") }
        let context = writer.context
        let policy = Self.policies[Int.random(in: 0..<Self.policies.count, using: &random)]
        context.mergePolicy = policy
        context.processPendingChanges()
        let changed = context.unsavedIDs.filter { context.current[$0] != context.committed[$0] }
        let before = Dictionary(uniqueKeysWithValues: changed.map { ($0, parent.context.current[$0]) })
        let undoCount = parent.context.undoStack.count
        do {
            try context.save()
        } catch .conflicts(let conflicts) {
            guard policy == .error else {
                throw Violation(description: "\(writer.name): \(policy) left \(conflicts.count) conflicts open")
            }
            for id in changed where parent.context.current[id] != before[id] ?? nil {
                throw Violation(description: "\(writer.name): a refused save changed \(id) in its parent")
            }
            for conflict in conflicts {
                guard let base = conflict.base, let stored = conflict.stored else { continue }
                if base.differsAtMostInVersion(from: stored) {
                    throw Violation(
                        description:
                            "\(writer.name): a conflict on \(conflict.itemID), whose value in the parent is the one "
                            + "it read")
                }
            }
            totals.conflicts += 1
            if Bool.random(using: &random) {
                context.rollback()
                writer.touched.removeAll()
                writer.undoGroups.removeAll()
                writer.redoGroups.removeAll()
            }
            return
        } catch .store(let error) {
            throw Violation(description: "\(writer.name): the parent could not be read: \(error)")
        }
        writer.touched.removeAll()
        var group: [UUID: Set<ItemField>] = [:]
        for id in changed {
            switch (before[id] ?? nil, parent.context.current[id]) {
            case (nil, nil): continue
            case (let old?, let new?):
                let fields = Set(ItemField.differing(old, new))
                if !fields.isEmpty { group[id] = fields }
            default: group[id] = Set(ItemField.allCases)
            }
        }
        guard parent.context.undoStack.count == undoCount + (group.isEmpty ? 0 : 1) else {
            throw Violation(description: "\(writer.name): a save into the parent is not one undo group there")
        }
        guard !group.isEmpty else { return }
        totals.pushes += 1
        parent.touched.merge(group) { $0.union($1) }
        parent.undoGroups.append(group)
        parent.redoGroups.removeAll()
    }

    /// A save under `.error` that threw: it wrote nothing, and each conflict is real.
    private func checkRefused(
        _ conflicts: [MergeConflict], policy: MergePolicy, stored: [UUID: TodoItem], base: [UUID: TodoItem?],
        generation: Int, by writer: Writer
    ) throws {
        guard policy == .error else {
            throw Violation(description: "\(writer.name): \(policy) left \(conflicts.count) conflicts open")
        }
        totals.conflicts += 1
        guard try checker.load().generation == generation else {
            throw Violation(description: "\(writer.name): a refused save changed the store")
        }
        for conflict in conflicts {
            let storedVersion = stored[conflict.itemID]?.version
            let baseVersion = base[conflict.itemID]??.version
            guard storedVersion != baseVersion || (baseVersion == nil && storedVersion != nil) else {
                throw Violation(
                    description:
                        "\(writer.name): a conflict on \(conflict.itemID) whose stored version \(storedVersion ?? 0) "
                        + "is the one it read"
                )
            }
        }
        // The user decides: most often by taking the store's side, sometimes by trying later.
        if Bool.random(using: &random) {
            writer.context.rollback()
            writer.touched.removeAll()
            writer.undoGroups.removeAll()
            writer.redoGroups.removeAll()
        }
    }

    /// One written item against the stored value it replaced: versions go up by one (or above
    /// every earlier version for an item that comes back), and field by field nothing another
    /// writer saved is lost unless the policy says so.
    private func checkWritten(
        _ written: TodoItem, policy: MergePolicy, stored: TodoItem?, base: TodoItem?, mine: TodoItem?,
        touched: Set<ItemField>
    ) throws {
        let id = written.id
        if let stored {
            guard written.version == stored.version + 1 else {
                throw Violation(description: "\(id) written at version \(written.version) over \(stored.version)")
            }
        } else if let highest = storeHighest[id], written.version <= highest {
            throw Violation(
                description: "\(id) came back at version \(written.version), not above its earlier \(highest)")
        }
        guard let stored, policy != .overwrite else { return }
        for field in ItemField.allCases where !field.isEqual(written, stored) {
            if field.mergesBothSides, let base, let mine, touched.contains(field),
                Set(written.tags) == Set(TodoTags.merging(base: base.tags, kept: mine.tags, other: stored.tags))
            {
                // Both sides' tag changes kept, as the by-property policies merge tags.
                continue
            }
            let ownChange = touched.contains(field) && mine.map { field.isEqual(written, $0) } == true
            guard ownChange else {
                throw Violation(
                    description:
                        "\(policy) wrote \(field) of \(id) as neither the store's value nor this writer's own change")
            }
            if policy == .mergeByPropertyStoreTrump, let base, !field.isEqual(stored, base) {
                throw Violation(description: "store-trump overwrote the other writer's \(field) of \(id)")
            }
            if policy == .rollback, let base, stored.version != base.version {
                throw Violation(description: "rollback wrote \(field) of \(id) over another writer's version")
            }
        }
    }

    // MARK: The ledger

    /// Reads the store and checks it against the ledger: a version names one value and an id's
    /// version never goes back; items the save did not write are as they were.
    private func recordStore(after save: DidSave? = nil, before: [UUID: TodoItem] = [:]) throws {
        let contents = try checker.load()
        var present: Set<UUID> = []
        let written = Set(
            (save?.inserted ?? []).map(\.id) + (save?.updated ?? []).map(\.id) + (save?.deleted ?? []).map(\.id))
        for item in contents.items {
            present.insert(item.id)
            try record(item, source: "the store")
            if let highest = storeHighest[item.id] {
                let cameBack = !storePresent.contains(item.id)
                guard item.version > highest || (!cameBack && item.version == highest) else {
                    throw Violation(
                        description: "the store's \(item.id) went back from version \(highest) to \(item.version)")
                }
            }
            storeHighest[item.id] = max(storeHighest[item.id] ?? 0, item.version)
            if save != nil, !written.contains(item.id), before[item.id] != item {
                throw Violation(description: "a save changed \(item.id), which it did not write")
            }
        }
        if save != nil {
            for id in before.keys where !present.contains(id) && !written.contains(id) {
                throw Violation(description: "a save removed \(id), which it did not delete")
            }
        }
        storePresent = present
    }

    /// Adds an (id, version) to the ledger, or checks it names the value the ledger has.
    private func record(_ item: TodoItem, source: String) throws {
        let content = Content(item)
        if let known = ledger[item.id]?[item.version] {
            guard known == content else {
                throw Violation(
                    description:
                        "version \(item.version) of \(item.id) names two values (\(source)): \(known) and \(content)")
            }
        } else {
            ledger[item.id, default: [:]][item.version] = content
        }
    }

    /// Every controller on each of `checked` equals a fresh fetch of its context; every snapshot
    /// of a context on the store holds only values the store held at their versions, and no
    /// committed version went back. (A child's snapshot is its parent's values, unsaved ones
    /// included.)
    private func checkContexts(_ checked: [Writer]) throws {
        for writer in checked {
            try writer.watcher.check(writer.name)
            guard writer.parent == nil else { continue }
            for item in writer.context.committed {
                guard let known = ledger[item.id]?[item.version] else {
                    throw Violation(
                        description:
                            "\(writer.name) holds \(item.id) at version \(item.version), which the store never held")
                }
                guard known == Content(item) else {
                    throw Violation(
                        description:
                            "\(writer.name) holds version \(item.version) of \(item.id) as \(Content(item)); the "
                            + "store held \(known)"
                    )
                }
                if let highest = writer.highest[item.id], item.version < highest {
                    throw Violation(
                        description: "\(writer.name)'s \(item.id) went back from version \(highest) to \(item.version)")
                }
                writer.highest[item.id] = max(writer.highest[item.id] ?? 0, item.version)
            }
        }
    }

    /// Saves what each writer still holds (children into their parents first), refreshes
    /// everyone, merges every save again, and checks each context shows exactly the store.
    private func settle() throws {
        for writer in writers.filter({ $0.parent != nil }) + writers.filter({ $0.parent == nil }) {
            writer.context.mergePolicy = .mergeByPropertyObjectTrump
            try writer.context.save()
        }
        let contents = try checker.load()
        let expected = contents.items.sorted { $0.id < $1.id }
        for writer in writers {
            try writer.context.refreshAllObjects()
            for save in history {
                writer.context.mergeChanges(fromContextDidSave: save)
            }
            let shown = try writer.context.fetch(FetchRequest()).sorted { $0.id < $1.id }
            guard shown == expected else {
                throw Violation(
                    description:
                        "\(writer.name) does not show the store after settling: \(shown.count) items against "
                        + "\(expected.count)"
                )
            }
            guard writer.context.storeGeneration == contents.generation else {
                throw Violation(
                    description:
                        "\(writer.name) is at generation \(writer.context.storeGeneration), the store at "
                        + "\(contents.generation)"
                )
            }
            try writer.watcher.check(writer.name)
        }
    }
}
