import Foundation

/// A clock tests advance by hand; starts at 2025-01-15 10:00 UTC.
final class TestClock {
    var now = Date(timeIntervalSince1970: 1_736_935_200)

    func advance(seconds: TimeInterval) {
        now += seconds
    }

    /// The closure contexts take as their clock.
    var function: () -> Date { { [unowned self] in self.now } }
}
