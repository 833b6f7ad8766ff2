import Foundation

/// Wall-clock time in a time zone as seconds since 1970-01-01 00:00 local ("local seconds"), and
/// the way back to an instant with RFC 5545's rules for times a time-zone change skips or repeats.
enum WallClock {
    /// The widest gap between two neighbouring UTC offsets of one zone (Pacific/Apia skipped a
    /// whole day) plus the widest offset, so that probes on both sides straddle any change.
    private static let probeDistance: TimeInterval = 26 * 3_600

    /// The local seconds of `instant` in `zone`.
    /// - Complexity: O(1).
    static func localSeconds(of instant: Date, in zone: TimeZone) -> TimeInterval {
        instant.timeIntervalSince1970 + TimeInterval(zone.secondsFromGMT(for: instant))
    }

    /// The instant showing `local` on a clock in `zone`.
    ///
    /// A time shown twice (when clocks go back) is the earlier instant, the one with the offset
    /// before the change. A time that is skipped (when clocks go forward, or a day a zone leaves
    /// out) is read with the offset before the change, as RFC 5545 §3.3.5 says: 02:30 on the
    /// night Europe/Berlin goes to summer time is 03:30 summer time, and 09:00 on the
    /// 30 December 2011 Pacific/Apia left out is 09:00 on the 31st. python-dateutil's
    /// `resolve_imaginary` gives the same instants.
    /// - Complexity: O(1): four offset look-ups.
    static func instant(localSeconds local: TimeInterval, in zone: TimeZone) -> Date {
        let before = zone.secondsFromGMT(for: Date(timeIntervalSince1970: local - probeDistance))
        let after = zone.secondsFromGMT(for: Date(timeIntervalSince1970: local + probeDistance))
        var earliest: TimeInterval?
        for offset in before == after ? [before] : [before, after] {
            let candidate = local - TimeInterval(offset)
            if zone.secondsFromGMT(for: Date(timeIntervalSince1970: candidate)) == offset {
                earliest = min(earliest ?? candidate, candidate)
            }
        }
        return Date(timeIntervalSince1970: earliest ?? local - TimeInterval(before))
    }

    /// The day number (days since 1970-01-01) of `instant` on a clock in `zone`.
    /// - Complexity: O(1).
    static func dayNumber(of instant: Date, in zone: TimeZone) -> Int {
        Int((localSeconds(of: instant, in: zone) / 86_400).rounded(.down))
    }
}
