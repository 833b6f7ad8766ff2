/// What a repeating to-do's next date counts from.
public enum RepeatAnchor: Sendable, Hashable {
    /// Strict: the occurrences of the rule from the series start, whenever the to-do is completed
    /// (what every iCalendar client does).
    case due
    /// After done: the series starts again on the day the to-do was completed, so "every 3 days
    /// after done" is due three days after it was done.
    case completion
}
