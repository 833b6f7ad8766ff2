import Foundation
import Testing
import TodoTestSupport

@testable import TodoCore

/// Issue 17.1: a live filter's refetch reuses what the controller computed before — the previous
/// result narrowed as the filter is typed on, a result kept from before on Backspace and Esc —
/// and every reused result is exactly what a fetch from scratch gives.
@Suite("FetchedResultsController: results reused by a live filter")
struct FetchedResultsControllerReuseTests {
    let fixture = ControllerFixture()

    /// The app's order: days, higher priority first, then time.
    var appRequest: FetchRequest {
        FetchRequest(sortDescriptors: [
            .day(ascending: true, in: fixture.calendar), TodoSortDescriptor(.priority, ascending: false),
            TodoSortDescriptor(.date),
        ])
    }

    /// The ids per section of a new controller fetching `request` from scratch.
    func fresh(_ request: FetchRequest) throws -> [[UUID]] {
        let controller = FetchedResultsController(
            fetchRequest: request, context: fixture.context, calendar: fixture.calendar, now: fixture.clock.now)
        try controller.performFetch()
        return Self.ids(controller)
    }

    static func ids(_ controller: FetchedResultsController) -> [[UUID]] {
        controller.sections.map { $0.items.map(\.id) }
    }

    func filter(_ controller: FetchedResultsController, _ text: String) throws {
        controller.fetchRequest.predicate = try FilterParser.parse(
            text, now: fixture.clock.now, calendar: fixture.calendar)
        try controller.performFetch()
    }

    @Test(
        """
        Typing narrows the previous result, Backspace and Esc take kept ones, and each equals a fresh fetch; \
        a needle beyond ASCII walks the whole list
        """)
    func typingBackspaceAndEscape() throws {
        try fixture.save([
            fixture.item("Buy milk", day: 0), fixture.item("Call Mum", day: 0), fixture.item("milk tea", day: 1),
            fixture.item("ﬁle the taxes", day: 1), fixture.item("Café au lait", day: 2), fixture.item("file", day: 2),
        ])
        let (controller, _) = try fixture.controller(appRequest)
        for (typed, reuse) in [
            ("m", FetchedResultsController.Reuse.narrowed), ("mi", .narrowed), ("mil", .narrowed), ("mi", .kept),
            ("", .kept), ("f", .narrowed), ("fi", .narrowed), ("fil", .narrowed), ("f", .kept), ("caf", .narrowed),
            ("cafe", .narrowed), ("café", .narrowed),
        ] {
            try filter(controller, typed)
            #expect(controller.lastReuse == reuse, "\(typed)")
            #expect(Self.ids(controller) == (try fresh(controller.fetchRequest)), "\(typed)")
        }
    }

    @Test("Discarding kept filtered results keeps the unfiltered one: Esc stays instant, the filter narrows again")
    func discardKeptFilteredResults() throws {
        try fixture.save([
            fixture.item("Buy milk", day: 0), fixture.item("Call Mum", day: 0), fixture.item("milk tea", day: 1),
        ])
        let (controller, _) = try fixture.controller(appRequest)
        try filter(controller, "m")
        try filter(controller, "mi")
        controller.discardKeptFilteredResults()
        #expect(controller.keptResults.map(\.predicate) == [.all], "only the whole list is kept")
        // The shown result is untouched; "m" was forgotten, so it is narrowed from the whole list.
        #expect(Self.ids(controller) == (try fresh(controller.fetchRequest)))
        try filter(controller, "m")
        #expect(controller.lastReuse == .narrowed)
        #expect(Self.ids(controller) == (try fresh(controller.fetchRequest)))
        controller.discardKeptFilteredResults()
        try filter(controller, "")
        #expect(controller.lastReuse == .kept)
        #expect(Self.ids(controller) == (try fresh(controller.fetchRequest)))
    }

    @Test("Typing on without losing a row leaves the result unchanged, and says so; losing one does not")
    func unchangedResults() throws {
        try fixture.save([
            fixture.item("Buy milk", day: 0), fixture.item("milk tea", day: 1), fixture.item("mint", day: 1),
        ])
        let (controller, _) = try fixture.controller(appRequest)
        for (typed, unchanged) in [
            ("m", true), ("mi", true), ("mil", false), ("milk", true), ("mil", false), ("", false),
        ] {
            try filter(controller, typed)
            #expect(controller.leftResultUnchanged == unchanged, "\(typed)")
        }
    }

    @Test("Only a result the new filter narrows is walked: 'f' after 'mil' is looked for in the whole list")
    func onlyNarrowedResultsAreWalked() throws {
        try fixture.save([
            fixture.item("Buy milk", day: 0), fixture.item("file the taxes", day: 0), fixture.item("milk tea", day: 1),
            fixture.item("fix the bike", day: 1),
        ])
        let (controller, _) = try fixture.controller(appRequest)
        for typed in ["m", "mi", "mil", "", "f", "fi", "fil", "fi", "fix", "f", "mil", "milk"] {
            try filter(controller, typed)
            #expect(Self.ids(controller) == (try fresh(controller.fetchRequest)), "\(typed)")
        }
        #expect(controller.fetchedItems.map(\.text) == ["Buy milk", "milk tea"])
    }

    @Test("A text Foundation searches that a result left out is looked at again: 'ﬁ' holds 'fi' but not 'f'")
    func foundationTextsLeftOutAreLookedAtAgain() throws {
        try fixture.save([fixture.item("ﬁle", day: 0), fixture.item("if", day: 0), fixture.item("Café", day: 1)])
        let (controller, _) = try fixture.controller(appRequest)
        try filter(controller, "f")
        let results = try #require(controller.results)
        let leftOut = try #require(results.foundationSearchedLeftOut)
        #expect(leftOut.map(\.text).contains("ﬁle") == !"ﬁle".containsIgnoringCaseAndDiacritics("f"))
        try filter(controller, "fi")
        #expect(controller.lastReuse == .narrowed)
        #expect(Self.ids(controller) == (try fresh(controller.fetchRequest)))
        #expect(controller.fetchedItems.contains { $0.text == "ﬁle" } == "ﬁle".containsIgnoringCaseAndDiacritics("fi"))
        try filter(controller, "caf")
        #expect(try #require(controller.results).foundationSearchedLeftOut?.map(\.text) == ["ﬁle"])
        try filter(controller, "cafe")
        #expect(controller.fetchedItems.map(\.text) == ["Café"])
    }

    @Test("A change while items are left out makes them unknown, and the result is not narrowed")
    func changesForgetTheLeftOut() throws {
        let items = try fixture.save([fixture.item("ﬁle", day: 0), fixture.item("cafe", day: 1)])
        let (controller, delegate) = try fixture.controller(appRequest)
        try filter(controller, "caf")
        #expect(try #require(controller.results).foundationSearchedLeftOut?.count == 1)
        try fixture.context.update(items[0].id) { $0.text = "ﬁle the café bill" }
        fixture.context.processPendingChanges()
        #expect(try #require(controller.results).foundationSearchedLeftOut == nil)
        try filter(controller, "cafe")
        #expect(Self.ids(controller) == (try fresh(controller.fetchRequest)))
        #expect(controller.fetchedItems.map(\.text) == ["ﬁle the café bill", "cafe"])
        withExtendedLifetime(delegate) {}
    }

    @Test("After a processed change nothing kept is reused; a pending change makes the fetch read the context")
    func staleResultsAreNotReused() throws {
        let items = try fixture.save([fixture.item("Buy milk", day: 0), fixture.item("Call Mum", day: 1)])
        let (controller, delegate) = try fixture.controller(appRequest)
        try filter(controller, "mil")
        try filter(controller, "")
        try fixture.context.update(items[1].id) { $0.text = "milk for Mum" }
        fixture.context.processPendingChanges()
        _ = delegate.takeLines()
        try filter(controller, "mil")
        #expect(controller.lastReuse == .narrowed, "the current result is current, and narrowed")
        #expect(controller.fetchedItems.map(\.text) == ["Buy milk", "milk for Mum"])
        try fixture.context.update(items[0].id) { $0.text = "Buy tea" }
        try filter(controller, "milk")
        #expect(controller.lastReuse == nil)
        #expect(controller.fetchedItems.map(\.text) == ["milk for Mum"])
    }

    @Test("A narrowed result is tracked: a change after it is reported at the right index path")
    func narrowedResultsAreTracked() throws {
        try fixture.save([
            fixture.item("Buy milk", day: 0), fixture.item("Call Mum", day: 1), fixture.item("tea", day: 1),
        ])
        let (controller, delegate) = try fixture.controller(appRequest)
        try filter(controller, "m")
        try filter(controller, "mi")
        #expect(controller.lastReuse == .narrowed)
        var mirror = TableMirror(controller)
        try fixture.context.insert(fixture.item("milk again", day: 1, hour: 8))
        fixture.context.processPendingChanges()
        #expect(
            delegate.takeLines() == ["will", "section insert 1 2025-01-16", "insert 'milk again' 1.0", "did"])
        mirror = TableMirror(controller)
        try fixture.context.insert(fixture.item("more milk", day: 0, hour: 10))
        fixture.context.processPendingChanges()
        try mirror.follow(controller, delegate)
        #expect(Self.ids(controller) == (try fresh(controller.fetchRequest)))
    }

    @Test(
        "Random typing, Backspace, Esc, orders and edits: every result equals a fresh fetch",
        arguments: [true, false])
    func randomSessions(withFoundationTexts: Bool) throws {
        var random = SplitMix64(seed: withFoundationTexts ? 1_717 : 1_718)
        // Texts Foundation searches (accents, a ligature, ß, the Kelvin sign) keep most results
        // from being narrowed; without them, typing on narrows and often keeps every row.
        let foundationTexts = ["ﬁle taxes", "Café", "naïve plan", "Straße", "\u{212A}elvin", "e\u{301}clair"]
        let words =
            [
                "Buy milk", "Call Mum", "cafe", "Pay rent", "牛乳を買う", "우유 사기 🥛", "rent the flat", "MILK", "plants",
                "file taxes", "plan B",
            ] + (withFoundationTexts ? foundationTexts : [])
        var items: [TodoItem] = []
        for index in 0..<120 {
            var item = fixture.item(
                words.randomElement(using: &random)!
                    + (index % 3 == 0 ? " " + words.randomElement(using: &random)! : ""),
                day: Int.random(in: -3...3, using: &random), hour: Double(Int.random(in: 0..<24, using: &random)))
            item.priority = TodoPriority.allCases.randomElement(using: &random)!
            item.isDone = Bool.random(using: &random)
            items.append(item)
        }
        items = try fixture.save(items)
        let (controller, delegate) = try fixture.controller(appRequest)
        let keys = Array("milkcafeplnrtsxhK é") + ["ﬁ"]
        var typed = ""
        // The word being typed, a character at a time, as a person filters.
        var word = Substring(words.randomElement(using: &random)!)
        var reused = 0
        var unchanged = 0
        for _ in 0..<600 {
            switch Int.random(in: 0..<20, using: &random) {
            case 0..<3: typed.append(keys.randomElement(using: &random)!)
            case 3..<12:
                if word.isEmpty {
                    word = Substring(words.randomElement(using: &random)!)
                    typed = Bool.random(using: &random) ? "" : typed + " "
                }
                typed.append(word.removeFirst())
            case 12..<15: if !typed.isEmpty { typed.removeLast() }
            case 15: typed = ""
            case 16: typed = ["done:no ", "-", "+", "pri>=low "].randomElement(using: &random)! + typed
            case 17:
                let target = items.randomElement(using: &random)!
                try fixture.context.update(target.id) { $0.text = words.randomElement(using: &random)! }
                if Bool.random(using: &random) { fixture.context.processPendingChanges() }
            case 18:
                controller.fetchRequest.sortDescriptors =
                    Bool.random(using: &random) ? appRequest.sortDescriptors : [TodoSortDescriptor(.date)]
            default:
                try fixture.context.save()
            }
            guard let predicate = try? FilterParser.parse(typed, now: fixture.clock.now, calendar: fixture.calendar)
            else { continue }
            let before = controller.sections.map { $0.items }
            controller.fetchRequest.predicate = predicate
            try controller.performFetch()
            if controller.lastReuse != nil { reused += 1 }
            if controller.leftResultUnchanged {
                unchanged += 1
                #expect(controller.sections.map { $0.items } == before, "\(typed.debugDescription)")
            }
            #expect(Self.ids(controller) == (try fresh(controller.fetchRequest)), "\(typed.debugDescription)")
        }
        #expect(reused > 200, "most keystrokes reuse a result")
        if !withFoundationTexts {
            #expect(unchanged > 20, "typing on often keeps every row")
        }
        withExtendedLifetime(delegate) {}
    }

    @Test("33: a save that settles a waiting conflict makes kept results stale: the next fetch does not reuse them")
    func saveSettlingConflictIsNotReused() throws {
        try fixture.waitingConflict()
        let byModification = ControllerFixture.byModification
        let (controller, _) = try fixture.controller(byModification, tracking: false)
        controller.fetchRequest = FetchRequest(sortDescriptors: [TodoSortDescriptor(.date)])
        try controller.performFetch()
        // Only the save changes X now: its modifiedAt (the store's, later than Y's) and version.
        try fixture.context.save()
        controller.fetchRequest = byModification
        try controller.performFetch()
        #expect(controller.lastReuse == nil)
        #expect(controller.fetchedItems == (try fixture.context.fetch(byModification)))
        #expect(controller.fetchedItems.map(\.text) == ["X here", "Y"])
    }
}

extension FetchedResultsControllerReuseTests {
    @Test(
        """
        The view of one list is narrowed from the whole list by the keys' list, with or without a text to \
        search; going back to every list takes the kept result
        """)
    func listViewsAreNarrowed() throws {
        let work = TodoList(name: "Work")
        try fixture.context.insertList(work)
        var report = fixture.item("Report milk", day: 0)
        report.listID = work.id
        try fixture.save([report, fixture.item("Buy milk", day: 0), fixture.item("Call Mum", day: 1)])
        let (controller, _) = try fixture.controller(appRequest)
        for (predicate, reuse) in [
            (TodoPredicate.list(work.id), FetchedResultsController.Reuse.narrowed),
            (.all, .kept),
            (.and([.list(TodoList.standardID), .isDone(false)]), .narrowed),
            (.all, .kept),
            (.and([.list(work.id), .textContains("milk")]), .narrowed),
        ] {
            controller.fetchRequest.predicate = predicate
            try controller.performFetch()
            #expect(controller.lastReuse == reuse, "\(predicate)")
            #expect(Self.ids(controller) == (try fresh(controller.fetchRequest)), "\(predicate)")
        }
        #expect(TodoPredicate.list(work.id).listTested == work.id)
        #expect(TodoPredicate.and([.textContains("milk"), .list(work.id)]).listTested == work.id)
        #expect(TodoPredicate.isDone(false).listTested == nil)
    }
}
