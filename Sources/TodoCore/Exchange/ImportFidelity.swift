/// What a format records of an item, so that importing a lossy file changes only what it knows.
///
/// A todo.txt line knows the day but not the time: importing it must not move an item from
/// 09:30 to midnight of the same day. A Markdown checklist knows no colour: importing it must
/// not turn every item's colour to default, and its one-line texts must not replace texts with
/// line breaks. `ImportPlan` compares and updates within these limits.
struct ImportFidelity: Sendable, Hashable {
    /// The finest unit of time a format's dates keep.
    enum DatePrecision: Sendable, Hashable {
        case millisecond, second, day
    }

    var datePrecision: DatePrecision
    var carriesColor: Bool
    var textForm: TextForm
    /// Whether the format records priority and tags (and whole days), so that an import sets them.
    var carriesPriorityAndTags: Bool
    /// Whether the format records notes.
    var carriesNotes: Bool
    /// Whether the format records the start and the completion time (at `datePrecision`).
    var carriesStartAndCompletion: Bool
    /// Whether the format records an item's list (`ImportContents`), so that an import moves it.
    var carriesList: Bool

    init(
        datePrecision: DatePrecision, carriesColor: Bool, textForm: TextForm, carriesPriorityAndTags: Bool = true,
        carriesNotes: Bool = true, carriesStartAndCompletion: Bool = true, carriesList: Bool = false
    ) {
        self.datePrecision = datePrecision
        self.carriesColor = carriesColor
        self.textForm = textForm
        self.carriesPriorityAndTags = carriesPriorityAndTags
        self.carriesNotes = carriesNotes
        self.carriesStartAndCompletion = carriesStartAndCompletion
        self.carriesList = carriesList
    }
}
