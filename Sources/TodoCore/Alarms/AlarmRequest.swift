import Foundation

/// A reminder as a person types it (`--remind`, `remind:` in quick add, the app's `b` line):
/// `15m`, `1h`, `2d`, `1w` (before the due date), `30m before start`, `10m after due`,
/// `at due`, `at start`, `at 9:00` (that time on the due day, else the next such time), `at
/// 2026-12-01 9:00`, or `none` (no reminders). Several may be given at once, separated by commas.
public enum AlarmRequest: Sendable, Hashable {
    /// Remove the reminders todo-tui fires (alarms of other kinds stay).
    case none
    /// A duration from the due date or the start (negative before it).
    case relative(AlarmDuration, to: AlarmAnchor)
    /// A time of day, on the due day when there is one (`at 9:00`).
    case timeOfDay(String)
    /// A date, and maybe a time, typed as `DateInput` reads it (`at tomorrow 9:00`).
    case date(String)

    /// The requests in `text`, separated by commas.
    /// - Throws: `ItemError.invalidReminder` naming the part that is not a reminder.
    public static func parse(_ text: String) throws(ItemError) -> [AlarmRequest] {
        var requests: [AlarmRequest] = []
        for part in text.split(separator: ",") {
            requests.append(try parseOne(String(part)))
        }
        guard !requests.isEmpty else { throw .invalidReminder(text, reason: forms) }
        return requests
    }

    /// The forms, for messages.
    static let forms = "use 15m, 1h, 1d or 1w (before the due date), '30m before start', 'at due', 'at 9:00' or none"

    private static func parseOne(_ raw: String) throws(ItemError) -> AlarmRequest {
        let text = raw.trimmingCharacters(in: .whitespaces).lowercased()
        if text == DateInput.noneWord { return .none }
        if text.hasPrefix("at ") {
            let rest = text.dropFirst(3).trimmingCharacters(in: .whitespaces)
            switch rest {
            case "due": return .relative(AlarmDuration(), to: .due)
            case "start": return .relative(AlarmDuration(), to: .start)
            default:
                // A time alone (`9:00`, `9am`), not a day with one (`2026-12-01T09:00`, `fri 9:00`).
                if DateInput.namesTimeOfDay(rest), rest.allSatisfy({ $0.isNumber || ":apm".contains($0) }) {
                    return .timeOfDay(rest)
                }
                return .date(rest)
            }
        }
        let words = text.split(separator: " ").map(String.init)
        guard let first = words.first, let amount = Self.amount(first) else {
            throw .invalidReminder(raw.trimmingCharacters(in: .whitespaces), reason: forms)
        }
        var sign = -1
        var anchor = AlarmAnchor.due
        switch words.dropFirst().joined(separator: " ") {
        case "", "before", "before due": break
        case "before start": anchor = .start
        case "after", "after due": sign = 1
        case "after start": (sign, anchor) = (1, .start)
        default: throw .invalidReminder(raw.trimmingCharacters(in: .whitespaces), reason: forms)
        }
        return .relative(AlarmDuration(days: sign * amount.days, seconds: sign * amount.seconds), to: anchor)
    }

    /// `15m`, `2h`, `1d`, `1w` as days and seconds.
    private static func amount(_ word: String) -> (days: Int, seconds: Int)? {
        guard let unit = word.last, let number = Int(word.dropLast()), number >= 0, number <= 100_000 else {
            return nil
        }
        switch unit {
        case "m": return (0, number * 60)
        case "h": return (0, number * 3_600)
        case "d": return (number, 0)
        case "w": return (number * 7, 0)
        default: return nil
        }
    }

    /// `item` with the reminders of `requests`: the alarms todo-tui fires (`DISPLAY`) replaced
    /// by one new alarm per request (none for `none`); alarms of other kinds are kept.
    /// - Parameters:
    ///   - requests: the reminders, as `parse(_:)` read them.
    ///   - item: the to-do; its dates anchor relative reminders.
    ///   - now: for an `at 9:00` reminder on a to-do without a due date, the next such time after
    ///     it; relative dates (`at fri`) count from it.
    ///   - calendar: the calendar and time zone of days and times of day.
    ///   - newID: makes each new alarm's `UID`.
    /// - Throws: `ItemError.invalidReminder` for a reminder counting from a date the to-do lacks
    ///   (a relative alarm without its anchor never fires, so it is refused rather than made), or
    ///   a date that does not read.
    public static func apply(
        _ requests: [AlarmRequest], to item: TodoItem, now: Date, calendar: Calendar, newID: () -> UUID = UUID.init
    ) throws(ItemError) -> TodoItem {
        var alarms = item.alarms.filter { $0.action != "DISPLAY" }
        for request in requests {
            guard let trigger = try request.trigger(for: item, now: now, calendar: calendar) else { continue }
            alarms.append(.display(trigger, uid: newID()))
        }
        var changed = item
        changed.alarms = alarms
        return changed
    }

    /// The trigger this request makes for `item`; nil for `none`.
    public func trigger(for item: TodoItem, now: Date, calendar: Calendar) throws(ItemError) -> AlarmTrigger? {
        switch self {
        case .none:
            return nil
        case .relative(let duration, let anchor):
            let missing = anchor == .due ? item.date == nil : item.start == nil
            if missing {
                throw .invalidReminder(
                    description,
                    reason: "the to-do has no \(anchor == .due ? "due date" : "start") to count from; "
                        + "give it one first, or use 'at' and a date")
            }
            return .relative(duration, to: anchor)
        case .timeOfDay(let time):
            if let due = item.dueDate {
                let day = DateInput.editableText(for: calendar.startOfDay(for: due.date), calendar: calendar)
                return .absolute(try DateInput.date(day + " " + time, now: now, calendar: calendar))
            }
            var instant = try DateInput.date(time, now: now, calendar: calendar)
            if instant <= now, let next = calendar.date(byAdding: .day, value: 1, to: instant) { instant = next }
            return .absolute(instant)
        case .date(let text):
            do throws(ItemError) {
                return .absolute(try DateInput.itemDate(text, now: now, calendar: calendar).date)
            } catch {
                throw .invalidReminder("at " + text, reason: Self.forms)
            }
        }
    }

    /// The request as typed back: `15m before due`, `at 9:00`, `none`.
    public var description: String {
        switch self {
        case .none: return DateInput.noneWord
        case .timeOfDay(let time): return "at " + time
        case .date(let text): return "at " + text
        case .relative(let duration, let anchor):
            let name = anchor == .due ? "due" : "start"
            if duration == AlarmDuration() { return "at " + name }
            return AlarmRequest.phrase(duration) + (duration.isNegative ? " before " : " after ") + name
        }
    }

    /// `15m`, `1h30m`, `2d` for a duration's size.
    static func phrase(_ duration: AlarmDuration) -> String {
        var parts = ""
        let days = abs(duration.days)
        var seconds = abs(duration.seconds)
        if days > 0 { parts += days % 7 == 0 && seconds == 0 ? "\(days / 7)w" : "\(days)d" }
        if seconds >= 3_600 {
            parts += "\(seconds / 3_600)h"
            seconds %= 3_600
        }
        if seconds >= 60 { parts += "\(seconds / 60)m" }
        return parts.isEmpty ? "0m" : parts
    }
}
