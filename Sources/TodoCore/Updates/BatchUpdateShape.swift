import Foundation

/// What a valid batch update does to the sections, and the row counts it leaves.
///
/// Returned by `BatchUpdateValidator.validate(_:oldCounts:newCounts:)`.
public struct BatchUpdateShape: Equatable, Sendable {
    /// The number of rows in each section after the update.
    public let newCounts: [Int]
    /// For each section after the update, the section before it that it continues (kept, moved
    /// or reloaded); `nil` when inserted.
    public let oldSections: [Int?]
    /// For each section before the update, the section that continues it after the update
    /// (kept, moved or reloaded); `nil` when deleted.
    public let newSections: [Int?]

    public init(newCounts: [Int], oldSections: [Int?], newSections: [Int?]) {
        self.newCounts = newCounts
        self.oldSections = oldSections
        self.newSections = newSections
    }
}
