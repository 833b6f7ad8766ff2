import Foundation

extension Date {
    /// The date rounded to whole milliseconds since 1970, the store's precision.
    package var roundedToMilliseconds: Date {
        Date(millisecondsSince1970: millisecondsSince1970)
    }

    /// Whole milliseconds since 1970-01-01T00:00:00Z, rounded to nearest.
    package var millisecondsSince1970: Int64 {
        Int64((timeIntervalSince1970 * 1000).rounded())
    }

    /// The date `milliseconds` after 1970-01-01T00:00:00Z.
    package init(millisecondsSince1970 milliseconds: Int64) {
        self.init(timeIntervalSince1970: Double(milliseconds) / 1000)
    }
}
