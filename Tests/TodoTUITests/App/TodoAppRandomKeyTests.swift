import Foundation
import Testing
import TodoCore
import TodoTestSupport

@testable import todo_tui

/// Random keys and resizes through the app: no crash, and after every step the table shows
/// exactly the controller's sections and rows (issue 4's random-key test).
@Suite("TodoApp random keys")
struct TodoAppRandomKeyTests {
    static let keys: [Key] =
        Key.sequence(
            "j k g G PgDn PgUp a e t d x c u U C-r / o ? Esc Enter Backspace Left Right Home End C-w C-u Space Delete "
                + "p # n C-s Up Down"
        )
        + Key.typing("milk 우유 +1d tomorrow done:no date:today x")

    @Test("100,000 random keys and resizes keep table and controller in step")
    func randomKeys() throws {
        let steps = Int(ProcessInfo.processInfo.environment["TODO_RANDOM_KEYS"] ?? "") ?? 100_000
        let seed = UInt64(ProcessInfo.processInfo.environment["TODO_RANDOM_SEED"] ?? "") ?? 20_261_122
        var random = SplitMix64(seed: seed)
        let store = InMemoryStore()
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        let now = Date(timeIntervalSince1970: 1_763_640_000)
        let context = TodoContext(store: store, now: { now })
        let app = try TodoApp(context: context, calendar: calendar, now: now, size: TerminalSize(rows: 12, columns: 50))
        var screen = Screen(rows: 12, columns: 50)
        var mostItems = 0
        for step in 0..<steps {
            let roll = Int.random(in: 0..<100, using: &random)
            let event: TerminalEvent
            if roll < 2 {
                event = .resize(
                    TerminalSize(
                        rows: Int.random(in: 1...30, using: &random), columns: Int.random(in: 1...120, using: &random)))
            } else {
                event = .key(Self.keys.randomElement(using: &random) ?? .enter)
            }
            _ = app.receive(event)
            if roll % 3 == 0 { app.advanceAnimation() }
            if step % 50 == 0 {
                screen = Screen(rows: app.size.rows, columns: app.size.columns)
                app.render(into: &screen)
            }
            mostItems = max(mostItems, store.contents.items.count)
            let layout = app.table.layout
            let sections = app.controller.numberOfSections
            guard layout.sections.count == sections,
                (0..<sections).allSatisfy({
                    layout.sections[$0].rowCount == app.controller.numberOfItems(inSection: $0)
                })
            else {
                Issue.record("table and controller disagree at step \(step) (seed \(seed))")
                return
            }
        }
        #expect(
            app.tableLog.messages.isEmpty,
            "the table refused a batch: \(app.tableLog.messages.prefix(3)) (seed \(seed))")
        #expect(mostItems > 5, "the random keys added items (seed \(seed))")
        #expect(store.contents.generation > 100, "and saved many changes (seed \(seed))")
    }
}
