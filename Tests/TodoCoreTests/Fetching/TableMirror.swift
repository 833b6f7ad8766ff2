import Foundation
import TodoCore

/// What a table shows of a controller, changed only by replaying reported batches the way
/// UITableView applies them: deletes and move sources against the old state (rows, then
/// sections, descending), inserts and move destinations against the new state (sections, then
/// rows, ascending), updates in place.
struct TableMirror: Equatable {
    struct Section: Equatable {
        var name: String
        var title: String
        var items: [TodoItem]
    }

    var sections: [Section]

    init(sections: [Section]) {
        self.sections = sections
    }

    /// The controller's current sections.
    init(_ controller: FetchedResultsController) {
        sections = controller.sections.map { Section(name: $0.name, title: $0.title, items: $0.items) }
    }

    /// A violation of the table's rules, described for the failure message.
    struct Violation: Error, CustomStringConvertible {
        var description: String
    }

    /// Applies one batch (`will` … `did`) and checks UITableView's rules on the way with
    /// `BatchUpdateValidator.strict` (every path exists in its frame, each row changes once,
    /// deleted sections end empty, and per section rows after = rows before + inserted − deleted
    /// + moved in − moved out), then that each change names the row it says.
    /// - Returns: the row count of every section after the batch as that rule predicts it, for
    ///   comparing with the controller's.
    @discardableResult
    mutating func apply(_ batch: [RecordingDelegate.Event]) throws -> [Int] {
        guard batch.first == .willChange, batch.last == .didChange else {
            throw Violation(
                description:
                    "a batch must be framed by will-change and did-change: \(batch.map(RecordingDelegate.line))")
        }
        var sectionDeletes: [Int] = [], sectionInserts: [(Int, SectionInfo)] = [],
            sectionUpdates: [(Int, SectionInfo)] = []
        var removals: [(path: IndexPath, id: UUID)] = [], insertions: [(path: IndexPath, item: TodoItem)] = []
        var indexes = SnapshotDifference()
        var updates: [(old: IndexPath, new: IndexPath, item: TodoItem)] = []
        var seen: Set<UUID> = []
        for event in batch.dropFirst().dropLast() {
            switch event {
            case .section(.delete, let index, _):
                sectionDeletes.append(index)
                indexes.deletedSections.append(index)
            case .section(.insert, let index, let info):
                sectionInserts.append((index, info))
                indexes.insertedSections.append(index)
            case .section(.update, let index, let info): sectionUpdates.append((index, info))
            case .item(let type, let item, let old, let new):
                guard seen.insert(item.id).inserted else {
                    throw Violation(description: "item '\(item.text)' changes twice in one batch")
                }
                switch (type, old, new) {
                case (.delete, let old?, nil):
                    removals.append((old, item.id))
                    indexes.deletedItems.append(old)
                case (.insert, nil, let new?):
                    insertions.append((new, item))
                    indexes.insertedItems.append(new)
                case (.move, let old?, let new?):
                    removals.append((old, item.id))
                    insertions.append((new, item))
                    indexes.movedItems.append(.init(from: old, to: new))
                case (.update, let old?, let new?):
                    updates.append((old, new, item))
                    indexes.reloadedItems.append(old)
                default: throw Violation(description: "malformed change \(RecordingDelegate.line(event))")
                }
            default: throw Violation(description: "unexpected event \(RecordingDelegate.line(event))")
            }
        }
        let before = self
        // The table's rules, with every row named (as the controller promises): the counts they predict.
        let predicted: [Int]
        do {
            predicted = try BatchUpdateValidator.strict.validate(indexes, oldCounts: sections.map(\.items.count))
                .newCounts
        } catch {
            throw Violation(description: error.description)
        }
        for (old, _, item) in updates {
            guard before.id(at: old) == item.id else {
                throw Violation(description: "update of '\(item.text)' at \(old) names another row")
            }
        }
        for (path, removed) in removals.sorted(by: { $0.path > $1.path }) {
            guard id(at: path) == removed else { throw Violation(description: "delete at \(path) names another row") }
            sections[path.section].items.remove(at: path.item)
        }
        for index in sectionDeletes.sorted(by: >) {
            sections.remove(at: index)
        }
        for (index, info) in sectionInserts.sorted(by: { $0.0 < $1.0 }) {
            sections.insert(Section(name: info.name, title: info.title, items: []), at: index)
        }
        for (path, item) in insertions.sorted(by: { $0.path < $1.path }) {
            sections[path.section].items.insert(item, at: path.item)
        }
        for (_, new, item) in updates {
            guard id(at: new) == item.id else {
                throw Violation(description: "update of '\(item.text)' does not end at \(new)")
            }
            sections[new.section].items[new.item] = item
        }
        for (index, info) in sectionUpdates {
            guard sections.indices.contains(index), sections[index].name == info.name else {
                throw Violation(description: "section update at \(index) names another section")
            }
            sections[index].title = info.title
        }
        return predicted
    }

    private func id(at path: IndexPath) -> UUID? {
        guard sections.indices.contains(path.section), sections[path.section].items.indices.contains(path.item) else {
            return nil
        }
        return sections[path.section].items[path.item].id
    }
}

extension TableMirror {
    /// Applies the batches the delegate recorded since the last call and checks that the mirror
    /// shows exactly the controller's sections, with the row counts the consistency rule predicts.
    /// With `comparingSections` false only the items are compared, which is cheaper.
    mutating func follow(
        _ controller: FetchedResultsController, _ delegate: RecordingDelegate, comparingSections: Bool = true
    ) throws {
        var batch: [RecordingDelegate.Event] = []
        var counts = delegate.countsAtDidChange[...]
        for event in delegate.takeEvents() {
            batch.append(event)
            guard event == .didChange else { continue }
            let before = lines
            let predicted: [Int]
            do {
                predicted = try apply(batch)
            } catch let violation as Violation {
                throw Violation(
                    description: "\(violation) in batch \(batch.map(RecordingDelegate.line)) applied to \(before)")
            }
            let actual = counts.popFirst() ?? []
            guard predicted == actual else {
                throw Violation(
                    description:
                        "the consistency rule predicts \(predicted) rows per section; the controller has \(actual), "
                        + "after batch \(batch.map(RecordingDelegate.line)) applied to \(before)"
                )
            }
            batch.removeAll()
        }
        guard batch.isEmpty else {
            throw Violation(description: "an unfinished batch: \(batch.map(RecordingDelegate.line))")
        }
        guard comparingSections else {
            guard sections.flatMap(\.items).map(Self.shown) == controller.fetchedItems.map(Self.shown) else {
                throw Violation(
                    description:
                        "the table shows \(lines) but the controller has \(controller.fetchedItems.map(\.text))")
            }
            return
        }
        let expected = TableMirror(controller)
        guard self.shown == expected.shown else {
            throw Violation(description: "the table shows \(lines) but the controller has \(expected.lines)")
        }
    }

    /// What a table shows of an item: everything but its version, which no row shows and whose
    /// change alone (a save's) the controller takes without a report.
    static func shown(_ item: TodoItem) -> TodoItem {
        var item = item
        item.version = 0
        return item
    }

    /// The mirror as a table shows it (`shown(_:)`).
    var shown: TableMirror {
        TableMirror(
            sections: sections.map { Section(name: $0.name, title: $0.title, items: $0.items.map(Self.shown)) })
    }

    /// `name (title): texts` per section.
    var lines: [String] {
        sections.map { "\($0.name) (\($0.title)): \($0.items.map(\.text).joined(separator: " "))" }
    }
}
