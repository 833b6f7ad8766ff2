import Foundation
import Testing
import TodoCore
import TodoTestSupport

/// The core property of the controller (DESIGN §5): for random sequences of every kind of
/// change, replaying each reported batch onto a table mirror of the previous sections, the way
/// UITableView applies it, reproduces a fresh fetch exactly, and the consistency rule holds.
///
/// Items carry priorities, tags and notes, and the random requests include the app's order (day,
/// then higher priority first, then time) and filters on those fields as a person types them.
///
/// The default run performs at least 100,000 operations; `TODO_PROPERTY_OPS` asks for more and
/// `TODO_PROPERTY_SEED` changes the master seed. A failure names the seed and scenario.
@Suite("FetchedResultsController: property")
struct FetchedResultsControllerPropertyTests {
    @Test("random operations on random stores: every report replayed onto the old sections reproduces a fresh fetch")
    func randomOperations() throws {
        let environment = ProcessInfo.processInfo.environment
        let filters = try PropertyScenario.filterTexts.map {
            try FilterParser.parse($0, now: Date(timeIntervalSince1970: 0), calendar: Calendar(identifier: .gregorian))
        }
        let target = environment["TODO_PROPERTY_OPS"].flatMap { Int($0) } ?? 100_000
        let masterSeed = environment["TODO_PROPERTY_SEED"].flatMap { UInt64($0) } ?? 20_250_115
        var totals = PropertyScenario.Totals()
        var index: UInt64 = 0
        while totals.operations < target {
            let seed = masterSeed &+ index &* 0x9E37_79B9_7F4A_7C15
            var scenario = PropertyScenario(seed: seed, filters: filters)
            do {
                try scenario.run(into: &totals)
            } catch {
                Issue.record(
                    "TODO_PROPERTY_SEED=\(masterSeed), scenario \(index) (seed \(seed)), step \(scenario.step): \(error)"
                )
                return
            }
            index += 1
        }
        print(
            "property test: \(totals.operations) operations, \(totals.batches) batches, \(index) scenarios, stores up "
                + "to \(totals.largestStore) items (seed \(masterSeed))"
        )
        #expect(totals.operations >= target)
        #expect(totals.batches > target / 10)
    }
}

/// One random store, request and sequence of operations, checked after every step.
struct PropertyScenario {
    struct Totals {
        var operations = 0
        var batches = 0
        var largestStore = 0
    }

    private var random: SplitMix64
    private let fixture: ControllerFixture
    private let request: FetchRequest
    private let sectionKey: FetchedResultsController.SectionKey
    private var nextID: UInt64 = 0
    /// Every id ever created in the scenario; an operation picks one the context still has.
    private var knownIDs: [UUID] = []
    private(set) var step = 0
    private var days: [Int: Date] = [:]
    private var titles: [Date: String] = [:]
    private var titlesToday: Date?

    private static let timeZones = ["UTC", "America/New_York", "Asia/Kathmandu", "Australia/Lord_Howe"]
    private static let texts = ["milk", "Eggs", "café", "call mum", "회의 준비", "資料を送る", "🎉 party", "a", "b", "Zebra"]
    private static let tagWords = ["work", "Home", "café", "urgent"]
    private static let notes = ["", "", "call back first", "two\nlines"]
    /// Filters on the fields of issue 15, typed as in the app's `/` or `--filter`.
    static let filterTexts = [
        "date:none", "has:date", "-has:date", "pri:high", "pri>=medium", "-pri:none", "tag:work", "+home", "-tag:work",
        "has:notes", "-has:notes",
        "+cafe pri<high", "-has:tags done:no",
    ]

    /// - Parameter filters: parsed filters a random request may use besides the built-in ones.
    init(seed: UInt64, filters: [TodoPredicate]) {
        random = SplitMix64(seed: seed)
        fixture = ControllerFixture(timeZone: Self.timeZones.randomElement(using: &random)!)
        fixture.context.mergePolicy = .mergeByPropertyObjectTrump
        sectionKey = Int.random(in: 0..<8, using: &random) == 0 ? .none : .day
        request = Self.randomRequest(
            sectionKey: sectionKey, calendar: fixture.calendar, filters: filters, using: &random)
    }

    // MARK: Running

    mutating func run(into totals: inout Totals) throws {
        let size = storeSize()
        totals.largestStore = max(totals.largestStore, size)
        try fixture.save((0..<size).map { _ in newItem() })
        let controller = FetchedResultsController(
            fetchRequest: request, context: fixture.context, sectionKey: sectionKey, calendar: fixture.calendar,
            now: fixture.clock.now
        )
        let delegate = RecordingDelegate()
        controller.delegate = delegate
        try controller.performFetch()
        var mirror = TableMirror(controller)
        try check(controller, mirror: mirror)
        let steps = size >= 250 ? 8 : size >= 30 ? 30 : 80
        for index in 0..<steps {
            step = index
            totals.operations += try perform(controller, delegate, mirror: &mirror)
            totals.batches += delegate.events.filter { $0 == .didChange }.count
            // The mirror's sections are checked against a fresh fetch; against the controller,
            // its items (its sections accessor is checked at the end of the scenario).
            try mirror.follow(controller, delegate, comparingSections: false)
            try check(controller, mirror: mirror)
        }
        try mirror.follow(controller, delegate)
    }

    /// One random step; returns how many operations it performed.
    private mutating func perform(
        _ controller: FetchedResultsController, _ delegate: RecordingDelegate, mirror: inout TableMirror
    ) throws -> Int {
        let context = fixture.context
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<25:
            try mutate(count: 1)
            context.processPendingChanges()
            return 1
        case 25..<70:
            let count = Int.random(in: 2...(controller.fetchedItems.count > 100 ? 60 : 16), using: &random)
            try mutate(count: count)
            context.processPendingChanges()
            return count
        case 70..<75:
            let count = Int.random(in: 0...3, using: &random)
            try mutate(count: count)
            context.rollback()
            return count + 1
        case 75..<81:
            context.undo()
            return 1
        case 81..<84:
            context.redo()
            return 1
        case 84..<90:
            do {
                try context.save()
            } catch {
                context.rollback()
            }
            return 1
        case 90..<95:
            return try externalChange() + 1
        case 95..<97:
            context.reset()
            guard delegate.events.isEmpty else {
                throw TableMirror.Violation(description: "reset reported \(delegate.events.count) events")
            }
            try controller.performFetch()
            mirror = TableMirror(controller)
            return 1
        default:
            fixture.clock.advance(seconds: 86_400 * Double(Int.random(in: 1...400, using: &random)))
            controller.dayDidChange(now: fixture.clock.now)
            return 1
        }
    }

    /// `count` random inserts, deletes, text edits, re-dates, toggles and recolourings in the
    /// main context, unprocessed.
    private mutating func mutate(count: Int) throws {
        for _ in 0..<count {
            let kind = Int.random(in: 0..<9, using: &random)
            guard kind > 0, let id = try existingID() else {
                try fixture.context.insert(newItem())
                continue
            }
            if kind == 1 {
                try fixture.context.delete(id)
            } else {
                let change = randomChange(kind)
                try fixture.context.update(id) { change(&$0) }
            }
        }
    }

    /// A random id the main context has, or nil after a few misses.
    private mutating func existingID() throws -> UUID? {
        for _ in 0..<4 where !knownIDs.isEmpty {
            let id = knownIDs.randomElement(using: &random)!
            if try fixture.context.item(with: id) != nil { return id }
        }
        return nil
    }

    /// Another context on the same store changes and saves a few items; the main context merges
    /// that save in. Returns the number of changes made there.
    private mutating func externalChange() throws -> Int {
        let other = TodoContext(store: fixture.store, now: fixture.clock.function)
        var saved: [DidSave] = []
        let token = other.observeDidSave { saved.append($0) }
        defer { token.cancel() }
        var pool = fixture.store.contents.items.map(\.id)
        let count = Int.random(in: 1...5, using: &random)
        for _ in 0..<count {
            switch (pool.isEmpty, Int.random(in: 0..<4, using: &random)) {
            case (true, _), (_, 0):
                let item = newItem()
                try other.insert(item)
                pool.append(item.id)
            case (_, 1):
                try other.delete(pool.remove(at: Int.random(in: pool.indices, using: &random)))
            default:
                let change = randomChange(Int.random(in: 2..<9, using: &random))
                try other.update(pool.randomElement(using: &random)!) { change(&$0) }
            }
        }
        try other.save()
        for save in saved {
            fixture.context.mergeChanges(fromContextDidSave: save)
        }
        return count
    }

    // MARK: Checking

    /// The controller's items must equal a fresh fetch exactly, versions and `modifiedAt`
    /// included, and the mirror's sections that fetch grouped by day (checked here with the
    /// calendar directly) as a table shows it (`TableMirror.shown`).
    private mutating func check(_ controller: FetchedResultsController, mirror: TableMirror) throws {
        let formatter = SectionTitleFormatter(calendar: fixture.calendar)
        if titlesToday != controller.today {
            titles.removeAll()
            titlesToday = controller.today
        }
        var expected: [TableMirror.Section] = []
        var lastDay: Date?
        let fetched = try fixture.context.fetch(request)
        for (previous, item) in zip(fetched, fetched.dropFirst()) where !referenceOrder(previous, item) {
            throw TableMirror.Violation(description: "a fresh fetch orders \(previous) before \(item)")
        }
        for item in fetched {
            // The items without a date form one last section (`Self.undated` stands for it here).
            let day = sectionKey == .day ? item.date.map { self.day(of: $0) } ?? Self.undated : Date.distantPast
            if day != lastDay {
                let labeled = sectionKey == .day
                let undated = day == Self.undated
                expected.append(
                    TableMirror.Section(
                        name: !labeled ? "" : undated ? SectionInfo.undatedName : formatter.name(forDay: day),
                        title: !labeled ? "" : undated ? SectionInfo.undatedTitle : title(of: day, formatter),
                        items: []
                    ))
                lastDay = day
            }
            expected[expected.count - 1].items.append(TableMirror.shown(item))
        }
        guard controller.fetchedItems == fetched else {
            let differing = zip(controller.fetchedItems, fetched).first { $0 != $1 }
            throw TableMirror.Violation(
                description:
                    "the controller holds \(controller.fetchedItems.count) items, a fresh fetch \(fetched.count); "
                    + "first differing: \(differing.map { "\($0.0) against \($0.1)" } ?? "none")"
            )
        }
        let shown = mirror.shown.sections
        guard shown == expected else {
            let differing = zip(shown.flatMap(\.items), expected.flatMap(\.items)).first { $0 != $1 }
            let detail = differing.map { " (first differing item: shown \($0.0), fetched \($0.1))" } ?? ""
            throw TableMirror.Violation(
                description:
                    "the table shows \(TableMirror(sections: shown).lines) but a fresh fetch gives "
                    + "\(TableMirror(sections: expected).lines)\(detail)"
            )
        }
    }

    /// The request's order computed here, `.day` from the calendar directly (`day(of:)`), as a
    /// check of the days the fetch looked up.
    private mutating func referenceOrder(_ lhs: TodoItem, _ rhs: TodoItem) -> Bool {
        for descriptor in request.sortDescriptors {
            let result: ComparisonResult
            if descriptor.key == .day {
                // Undated items come after every day, in either direction, and tie among themselves.
                switch (lhs.date.map { day(of: $0) }, rhs.date.map { day(of: $0) }) {
                case (nil, nil): result = .orderedSame
                case (nil, _): result = .orderedDescending
                case (_, nil): result = .orderedAscending
                case (let left?, let right?):
                    result =
                        left == right
                        ? .orderedSame : (left < right) == descriptor.ascending ? .orderedAscending : .orderedDescending
                }
            } else {
                result = descriptor.compare(lhs, rhs)
            }
            if result != .orderedSame { return result == .orderedAscending }
        }
        return lhs.id < rhs.id
    }

    private mutating func title(of day: Date, _ formatter: SectionTitleFormatter) -> String {
        if let title = titles[day] { return title }
        let title = formatter.title(forDay: day, today: titlesToday ?? day)
        titles[day] = title
        return title
    }

    /// The start of `date`'s day, from the calendar, memoised per quarter hour (every day
    /// boundary of the scenarios' time zones falls on a quarter hour).
    private mutating func day(of date: Date) -> Date {
        let quarter = Int((date.timeIntervalSince1970 / 900).rounded(.down))
        if let day = days[quarter] { return day }
        let day = fixture.calendar.startOfDay(for: date)
        days[quarter] = day
        return day
    }

    // MARK: Random values

    private mutating func storeSize() -> Int {
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<70: Int.random(in: 0..<8, using: &random)
        case 70..<92: Int.random(in: 8..<30, using: &random)
        case 92..<98: Int.random(in: 30..<250, using: &random)
        default: Int.random(in: 250...2_000, using: &random)
        }
    }

    private mutating func newItem() -> TodoItem {
        nextID += 1
        let id = UUID(
            uuid: (
                0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, UInt8(nextID >> 24 & 0xFF), UInt8(nextID >> 16 & 0xFF),
                UInt8(nextID >> 8 & 0xFF), UInt8(nextID & 0xFF)
            ))
        knownIDs.append(id)
        return TodoItem(
            id: id, text: Self.texts.randomElement(using: &random)!, date: randomDate(),
            color: TodoColor.allCases.randomElement(using: &random)!, isDone: Bool.random(using: &random),
            createdAt: fixture.clock.now, notes: Self.notes.randomElement(using: &random)!,
            priority: TodoPriority.allCases.randomElement(using: &random)!, tags: randomTags()
        )
    }

    private mutating func randomTags() -> TodoTags {
        TodoTags(Self.tagWords.filter { _ in Int.random(in: 0..<3, using: &random) == 0 })
    }

    /// Stands for the section of the items without a date in the expected sections.
    private static let undated = Date.distantFuture

    /// A date near today, or (one time in six) none: items are made undated and dated again.
    private mutating func randomDate() -> Date? {
        guard Int.random(in: 0..<6, using: &random) != 0 else { return nil }
        return fixture.date(
            day: Int.random(in: -6...6, using: &random), hour: Double(Int.random(in: 0..<48, using: &random)) / 2)
    }

    /// A text edit (2), re-date (3), toggle (4), recolouring (5), new priority (6), new tags (7)
    /// or new notes (8).
    private mutating func randomChange(_ kind: Int) -> (inout TodoItem) -> Void {
        switch kind {
        case 2:
            let text = Self.texts.randomElement(using: &random)!
            return { $0.text = text }
        case 3:
            let date = randomDate()
            return { $0.date = date }
        case 4:
            return { $0.isDone.toggle() }
        case 5:
            let color = TodoColor.allCases.randomElement(using: &random)!
            return { $0.color = color }
        case 6:
            let priority = TodoPriority.allCases.randomElement(using: &random)!
            return { $0.priority = priority }
        case 7:
            let tags = randomTags()
            return { $0.tags = tags }
        default:
            let notes = Self.notes.randomElement(using: &random)!
            return { $0.notes = notes }
        }
    }

    /// A random order (a quarter of them the app's: day, then higher priority first, then time)
    /// and a random predicate (half of them from `filters`).
    private static func randomRequest(
        sectionKey: FetchedResultsController.SectionKey, calendar: Calendar, filters: [TodoPredicate],
        using random: inout SplitMix64
    ) -> FetchRequest {
        let keys = TodoSortKey.allCases
        func descriptor(_ key: TodoSortKey, ascending: Bool) -> TodoSortDescriptor {
            key == .day ? .day(ascending: ascending, in: calendar) : TodoSortDescriptor(key, ascending: ascending)
        }
        var descriptors: [TodoSortDescriptor]
        if Int.random(in: 0..<4, using: &random) == 0 {
            descriptors = [
                .day(ascending: Bool.random(using: &random), in: calendar),
                TodoSortDescriptor(.priority, ascending: false), TodoSortDescriptor(.date),
            ]
        } else {
            let first =
                sectionKey == .day
                ? [TodoSortKey.date, .day].randomElement(using: &random)! : keys.randomElement(using: &random)!
            descriptors = [descriptor(first, ascending: Bool.random(using: &random))]
            if Bool.random(using: &random) {
                descriptors.append(
                    descriptor(keys.randomElement(using: &random)!, ascending: Bool.random(using: &random)))
            }
        }
        let builtIn: [TodoPredicate] = [
            .all, .all, .all, .isDone(false), .color(.red), .not(.color(.blue)), .textContains("a"),
            .or([.isDone(true), .textContains("e")]), .dateOnOrAfter(Date(timeIntervalSince1970: 1_736_900_000)),
            .has(.date), .not(.has(.date)),
        ]
        let predicates = Bool.random(using: &random) ? builtIn : filters
        let windowed = Int.random(in: 0..<3, using: &random) == 0
        return FetchRequest(
            predicate: predicates.randomElement(using: &random)!,
            sortDescriptors: descriptors,
            fetchLimit: windowed ? Int.random(in: 1...40, using: &random) : 0,
            fetchOffset: windowed && Bool.random(using: &random) ? Int.random(in: 1...6, using: &random) : 0
        )
    }
}
