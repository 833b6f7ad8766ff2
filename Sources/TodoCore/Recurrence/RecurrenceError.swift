/// Why an RRULE value cannot be used by todo-tui: a part it cannot compute, or a malformed one.
///
/// Each case reads as one sentence naming the part, so that a caller keeping the rule as foreign
/// text can say why the to-do cannot be completed here.
public enum RecurrenceError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A rule part todo-tui does not compute (`BYHOUR`, `BYWEEKNO`, `RSCALE`, …), or a part no
    /// standard defines; the name is upper-cased as written.
    case unsupportedPart(String)
    /// A frequency todo-tui does not compute (`SECONDLY`, `MINUTELY`, `HOURLY`) or one no
    /// standard defines.
    case unsupportedFrequency(String)
    /// A part whose value is not valid, e.g. `INTERVAL=0` or `BYMONTHDAY=32`.
    case invalidValue(part: String, value: String)
    /// The same part given twice.
    case repeatedPart(String)
    /// A text with no `FREQ` part.
    case missingFrequency
    /// Both `COUNT` and `UNTIL`, which RFC 5545 forbids.
    case countAndUntil
    /// A part that RFC 5545 does not allow with this frequency, e.g. `BYMONTHDAY` in a weekly rule
    /// or an ordinal weekday such as `1MO` in a daily one.
    case partNotAllowed(part: String, frequency: String)
    /// A piece of the text that is not `NAME=VALUE`.
    case malformed(String)

    public var description: String {
        switch self {
        case .unsupportedPart(let part):
            "The repeat rule uses \(part), which todo-tui cannot compute."
        case .unsupportedFrequency(let frequency):
            "The repeat rule repeats \(frequency), which todo-tui cannot compute (daily to yearly only)."
        case .invalidValue(let part, let value):
            "The repeat rule's \(part) has the value '\(value)', which is not valid."
        case .repeatedPart(let part):
            "The repeat rule gives \(part) twice."
        case .missingFrequency:
            "The repeat rule has no FREQ, so it does not say how often it repeats."
        case .countAndUntil:
            "The repeat rule has both COUNT and UNTIL, which RFC 5545 does not allow."
        case .partNotAllowed(let part, let frequency):
            "The repeat rule uses \(part) in a \(frequency) rule, which RFC 5545 does not allow."
        case .malformed(let piece):
            "The repeat rule's part '\(piece)' is not of the form NAME=VALUE."
        }
    }
}
