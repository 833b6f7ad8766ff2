import Foundation

extension FetchedResultsController {
    /// The visible items in order: the fetch request's result, kept up to date while tracking.
    /// Empty before `performFetch()` and after a context reset seen while tracking.
    /// - Complexity: O(n) for n visible items.
    public var fetchedItems: [TodoItem] {
        guard let results else { return [] }
        return results.items(in: results.visibleRange)
    }

    /// The visible sections with their items. Prefer `numberOfSections`,
    /// `numberOfItems(inSection:)` and `item(at:)` where only a part is needed.
    /// - Complexity: O(n + s log n) for n visible items in s sections.
    public var sections: [SectionInfo] {
        (0..<numberOfSections).map(section(at:))
    }

    /// How many sections are visible.
    /// - Complexity: O(log n).
    public var numberOfSections: Int {
        guard let results else { return 0 }
        return results.numberOfSections(in: results.frame())
    }

    /// How many items section `section` shows; `section` must be in `0..<numberOfSections`.
    /// - Complexity: O(log d) for d days without `fetchLimit` and `fetchOffset`; else O(log n).
    public func numberOfItems(inSection section: Int) -> Int {
        let (results, frame) = fetchedResults()
        return results.visibleCount(ofDay: results.day(atSection: section, in: frame), in: frame)
    }

    /// Section `index` with its items; `index` must be in `0..<numberOfSections`.
    /// - Complexity: O(k + log n) for k items in the section.
    public func section(at index: Int) -> SectionInfo {
        let (results, frame) = fetchedResults()
        let day = results.day(atSection: index, in: frame)
        return sectionInfo(day: day, items: results.items(in: results.visibleRange(ofDay: day, in: frame)))
    }

    /// The relative title of section `index` ("Today", "Mon 12 Jan"), without gathering its
    /// items; what a table header needs.
    /// - Complexity: O(log n).
    public func sectionTitle(at index: Int) -> String {
        let (results, frame) = fetchedResults()
        return labels(forDay: results.day(atSection: index, in: frame)).title
    }

    /// The item at `indexPath`, which must be a visible row (a precondition, as Core Data's
    /// `object(at:)` raises).
    /// - Complexity: O(log n).
    public func item(at indexPath: IndexPath) -> TodoItem {
        let (results, frame) = fetchedResults()
        guard let position = results.position(at: indexPath, in: frame) else {
            preconditionFailure("no item at index path \(indexPath)")
        }
        return results.item(at: position)
    }

    /// Where the item with `item`'s id is shown, or nil when it is not visible. The controller's
    /// own value is used, so a value changed but not yet processed by the context finds the old
    /// place: the index path stays the same until the context processes its changes.
    /// - Complexity: O(log n).
    public func indexPath(for item: TodoItem) -> IndexPath? {
        indexPath(forItemWithID: item.id)
    }

    /// Where the item with `id` is shown, or nil when it is not visible.
    /// - Complexity: O(log n).
    public func indexPath(forItemWithID id: UUID) -> IndexPath? {
        guard let results, let item = results.item(withID: id), let position = results.position(of: item) else {
            return nil
        }
        let frame = results.frame()
        return frame.visible.contains(position) ? results.indexPath(ofPosition: position, in: frame) : nil
    }

    /// The visible sections' index titles without repeats, in section order: months ("Jan", or
    /// "Jan 2024" outside today's year); empty for `.none`.
    /// - Complexity: O(s log n) for s visible sections.
    public var sectionIndexTitles: [String] {
        guard sectionKey == .day, let results else { return [] }
        let frame = results.frame()
        var titles: [String] = []
        for section in 0..<results.numberOfSections(in: frame) {
            let title = labels(forDay: results.day(atSection: section, in: frame)).indexTitle
            if titles.last != title {
                titles.append(title)
            }
        }
        return titles
    }

    /// The first section whose index title is `title`, as Core Data's
    /// `section(forSectionIndexTitle:at:)`; `index` is the title's position in
    /// `sectionIndexTitles`, used when no section has that title.
    /// - Complexity: O(s log n) for s visible sections.
    public func section(forSectionIndexTitle title: String, at index: Int) -> Int {
        guard sectionKey == .day, let results else { return index }
        let frame = results.frame()
        let match = (0..<results.numberOfSections(in: frame)).first { section in
            labels(forDay: results.day(atSection: section, in: frame)).indexTitle == title
        }
        return match ?? index
    }

    /// The section value for `day` holding `items`.
    func sectionInfo(day: Date, items: [TodoItem]) -> SectionInfo {
        let labels = labels(forDay: day)
        return SectionInfo(name: labels.name, title: labels.title, indexTitle: labels.indexTitle, items: items)
    }

    /// A section's name and titles.
    struct SectionLabels: Equatable {
        var name: String
        var title: String
        var indexTitle: String
    }

    /// The name and titles of `day`'s section relative to `today` (all empty for `.none`; "none"
    /// and "No date" for the items without a date).
    /// Calendar arithmetic costs microseconds and a table asks for headers on every frame, so
    /// they are remembered until `today` moves.
    /// - Complexity: O(1) amortised.
    func labels(forDay day: Date) -> SectionLabels {
        guard sectionKey == .day else { return SectionLabels(name: "", title: "", indexTitle: "") }
        if day == DayLookup.undated {
            return SectionLabels(
                name: SectionInfo.undatedName, title: SectionInfo.undatedTitle, indexTitle: SectionInfo.undatedTitle)
        }
        if let known = labelsByDay[day] { return known }
        let reference = titleReference ?? titles.reference(for: today)
        titleReference = reference
        let found = titles.labels(forDay: day, reference: reference)
        let labels = SectionLabels(name: found.name, title: found.title, indexTitle: found.indexTitle)
        labelsByDay[day] = labels
        return labels
    }

    /// The result and its frame, for accessors that take a section or index path.
    private func fetchedResults() -> (Results, Results.Frame) {
        guard let results else { preconditionFailure("the controller has no result; call performFetch() first") }
        return (results, results.frame())
    }
}
