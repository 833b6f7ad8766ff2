import Foundation

@testable import TodoCore

/// Tracking controllers on one context, sorted and sectioned by every key — `modifiedAt` and
/// `createdAt` included, by day and in one section, with and without a window — and the check
/// that each of them equals a fresh fetch of the context (issue 33): every value a save, merge,
/// refresh, rollback or undo changes must reach them through objects-did-change.
final class ContextWatcher {
    private struct Watched {
        let controller: FetchedResultsController
        let delegate: RecordingDelegate
        var mirror: TableMirror
    }

    private let context: TodoContext
    private let calendar: Calendar
    private var watched: [Watched] = []
    private var observation: ObservationToken?
    /// Reported updates that changed the item's `createdAt`, and those that changed nothing but
    /// `modifiedAt` (and the version): the values issue 33 found unreported, counted to show the
    /// run reaches them.
    private(set) var createdAtChanges = 0
    private(set) var modifiedAtOnlyChanges = 0

    /// Fetches every controller; the context must be loaded.
    init(context: TodoContext, calendar: Calendar, now: Date) throws {
        self.context = context
        self.calendar = calendar
        for (request, sectionKey) in Self.requests(calendar: calendar) {
            let controller = FetchedResultsController(
                fetchRequest: request, context: context, sectionKey: sectionKey, calendar: calendar, now: now)
            let delegate = RecordingDelegate()
            controller.delegate = delegate
            try controller.performFetch()
            watched.append(Watched(controller: controller, delegate: delegate, mirror: TableMirror(controller)))
        }
        observation = context.observeObjectsDidChange { [unowned self] batch in
            for update in batch.updated {
                let (old, new) = (update.old, update.new)
                if old.createdAt != new.createdAt {
                    createdAtChanges += 1
                } else if old.modifiedAt != new.modifiedAt, old.hasSameContent(as: new) {
                    modifiedAtOnlyChanges += 1
                }
            }
        }
    }

    /// Every key of `TodoSortKey` in some order, every descriptor direction, both section keys,
    /// windows at the start and inside, and a predicate.
    private static func requests(calendar: Calendar) -> [(FetchRequest, FetchedResultsController.SectionKey)] {
        typealias Sort = TodoSortDescriptor
        return [
            (FetchRequest(sortDescriptors: [Sort(.date), Sort(.modifiedAt, ascending: false)], fetchLimit: 5), .day),
            (FetchRequest(sortDescriptors: [.day(in: calendar), Sort(.createdAt), Sort(.text)]), .day),
            (
                FetchRequest(
                    predicate: .isDone(false),
                    sortDescriptors: [
                        .day(ascending: false, in: calendar), Sort(.priority, ascending: false), Sort(.modifiedAt),
                    ],
                    fetchLimit: 4, fetchOffset: 1),
                .day
            ),
            (FetchRequest(sortDescriptors: [Sort(.modifiedAt, ascending: false)], fetchLimit: 3), .none),
            (FetchRequest(sortDescriptors: [Sort(.createdAt, ascending: false), Sort(.modifiedAt)]), .none),
            (
                FetchRequest(
                    sortDescriptors: [Sort(.color), Sort(.isDone), Sort(.text, ascending: false), Sort(.date)],
                    fetchLimit: 6, fetchOffset: 2),
                .none
            ),
        ]
    }

    /// Replays what each controller reported onto its table mirror (the reports must be
    /// consistent and reproduce the controller), then compares the controller with a fresh
    /// fetch: the same items with the same values, versions included, in the same sections.
    /// - Throws: `MultiWriterScenario.Violation` naming the writer and the request.
    func check(_ name: String) throws {
        for index in watched.indices {
            let controller = watched[index].controller
            let request = controller.fetchRequest
            do {
                try watched[index].mirror.follow(controller, watched[index].delegate, comparingSections: false)
            } catch {
                throw MultiWriterScenario.Violation(description: "\(name), controller \(request): \(error)")
            }
            let fetched = try context.fetch(request)
            guard controller.fetchedItems == fetched else {
                let differing = zip(controller.fetchedItems, fetched).first { $0 != $1 }
                throw MultiWriterScenario.Violation(
                    description:
                        "\(name), controller \(request) shows \(controller.fetchedItems.map(\.text)) but a fresh "
                        + "fetch gives \(fetched.map(\.text)); first differing: "
                        + (differing.map { "\($0.0) against \($0.1)" } ?? "none")
                )
            }
            let sections = controller.sections
            let expected = grouped(fetched, by: controller.sectionKey)
            guard sections.map(\.items) == expected else {
                throw MultiWriterScenario.Violation(
                    description:
                        "\(name), controller \(request) has sections \(sections.map { $0.items.map(\.text) }), a "
                        + "fresh fetch \(expected.map { $0.map(\.text) })"
                )
            }
            let table = TableMirror(
                sections: sections.map { TableMirror.Section(name: $0.name, title: $0.title, items: $0.items) })
            guard watched[index].mirror.shown == table.shown else {
                throw MultiWriterScenario.Violation(
                    description:
                        "\(name), controller \(request): its reports make the table show "
                        + "\(watched[index].mirror.lines), but it has \(table.lines)"
                )
            }
        }
    }

    /// `items` in sections as the controller forms them: runs of one calendar day, or one section.
    private func grouped(_ items: [TodoItem], by sectionKey: FetchedResultsController.SectionKey) -> [[TodoItem]] {
        guard sectionKey == .day else { return items.isEmpty ? [] : [items] }
        var sections: [[TodoItem]] = []
        // The day of the last section; undated items form one section of their own (day nil).
        var lastDay: Date??
        for item in items {
            let day = item.date.map { calendar.startOfDay(for: $0) }
            if sections.isEmpty || lastDay != .some(day) {
                sections.append([])
                lastDay = day
            }
            sections[sections.count - 1].append(item)
        }
        return sections
    }
}
