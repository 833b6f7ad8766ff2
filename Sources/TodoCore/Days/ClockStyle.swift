/// How times of day are written: `14:30` or `2:30pm`.
public enum ClockStyle: String, Sendable, Hashable, CaseIterable {
    /// `09:30`, `14:30`: hours 00–23, two digits.
    case twentyFourHour = "24-hour"
    /// `9:30am`, `2:30pm`, `12:00pm` (noon), `12:00am` (midnight): hours 1–12, as the date
    /// input reads them back.
    case twelveHour = "12-hour"
}
