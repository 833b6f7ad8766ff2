/// One section of a fetched-results controller's result, as `NSFetchedResultsSectionInfo`.
///
/// With the `.day` section key a section is one calendar day: `name` identifies the day
/// (`2025-01-31`, stable across midnight), `title` is relative to the controller's today
/// ("Today", "Yesterday", "Tomorrow", "Mon 12 Jan", "Mon 12 Jan 2024"), and `indexTitle` is the
/// month ("Jan", or "Jan 2024" in another year). The items without a date form one last section,
/// named `undatedName` and titled `undatedTitle`. With `.none` there is one section whose name
/// and titles are empty.
public struct SectionInfo: Sendable, Hashable {
    /// The name of the section of items without a date.
    public static let undatedName = "none"
    /// The title (and index title) of the section of items without a date.
    public static let undatedTitle = "No date"

    /// The day identifier, `yyyy-MM-dd` in the controller's calendar (`undatedName` for the
    /// items without a date); empty for `.none`.
    public var name: String
    /// The header to show.
    public var title: String
    /// The entry for a section index.
    public var indexTitle: String
    /// The section's items in order.
    public var items: [TodoItem]

    public init(name: String, title: String, indexTitle: String, items: [TodoItem]) {
        self.name = name
        self.title = title
        self.indexTitle = indexTitle
        self.items = items
    }

    /// How many items the section holds.
    public var numberOfItems: Int { items.count }
}
