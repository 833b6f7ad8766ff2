import Foundation
import Testing
import TodoCore
import TodoTestSupport

@testable import todo_tui

/// `[calendar]` as the list and the commands use it: weeks starting on Sunday change what `next
/// week` and `next sun` name and how a week of headers reads; a 12-hour clock changes the rows
/// and `list`; a header pattern changes the headers everywhere.
@Suite("Calendar settings")
struct CalendarSettingsTests {
    /// Friday 2026-11-20, 12:00 UTC.
    static let friday = Date(timeIntervalSince1970: 1_795_176_000)

    static func configuration(_ text: String) throws -> Configuration {
        var configuration = Configuration()
        try ConfigurationLoader.read(Array(text.utf8), path: "test.toml", into: &configuration)
        return configuration
    }

    static func app(_ configuration: Configuration, items: [(String, String)]) throws -> TodoApp {
        var calendar = configuration.calendar(Calendar(identifier: .gregorian))
        calendar.timeZone = .gmt
        let store = InMemoryStore()
        let seed = TodoContext(store: store, now: { friday })
        for (text, date) in items {
            let added = try seed.insert(text: text, date: try DateInput.date(date, now: friday, calendar: calendar))
            try seed.update(added.id) { $0.hasTime = DateInput.namesTimeOfDay(date) }
        }
        try seed.save()
        return try TodoApp(
            context: TodoContext(store: store, now: { friday }), calendar: calendar, now: friday,
            size: TerminalSize(rows: 16, columns: 60), animations: false, configuration: configuration)
    }

    static func lines(of app: TodoApp) -> [String] {
        var screen = Screen(rows: app.size.rows, columns: app.size.columns)
        app.render(into: &screen)
        return screen.lines
    }

    @Test("week start Sunday: next sun is this Sunday, next week starts on it, and the headers name the weeks so")
    func sundayWeeks() throws {
        let items = [
            ("Brunch", "next sun 11:00"), ("Standup", "next mon 9:30"), ("Review", "next week"),
            ("Market", "sat"), ("Call", "sun 13:00"),
        ]
        let sunday = try Self.app(
            try Self.configuration("[calendar]\nweek-start = \"sunday\"\nrelative-days = \"week\"\n"), items: items)
        #expect(
            Array(Self.lines(of: sunday)[1...]).prefix(9)
                == [
                    "Tomorrow", "  [ ] Market", "Next Sunday", "  [ ] 11:00 Brunch", "  [ ] Review",
                    "  [ ] 13:00 Call", "Next Monday", "  [ ] 09:30 Standup", "",
                ], "\(Self.lines(of: sunday))")
        let monday = try Self.app(
            try Self.configuration("[calendar]\nweek-start = \"monday\"\nrelative-days = \"week\"\n"), items: items)
        #expect(
            Array(Self.lines(of: monday)[1...]).prefix(10)
                == [
                    "Tomorrow", "  [ ] Market", "Sunday", "  [ ] 13:00 Call", "Next Monday",
                    "  [ ] 09:30 Standup", "  [ ] Review", "Next Sunday", "  [ ] 11:00 Brunch", "",
                ], "\(Self.lines(of: monday))")
    }

    @Test("a 12-hour clock in the rows, and a header pattern")
    func clockAndPattern() throws {
        let app = try Self.app(
            try Self.configuration(
                "[calendar]\nclock = \"12-hour\"\nday-header = \"{weekday-long}, {month-long} {day}\"\n"
                    + "relative-days = \"none\"\n"),
            items: [("Dentist", "today 9:05"), ("Lunch", "today 12:30"), ("Late call", "tomorrow 23:15")])
        #expect(
            Array(Self.lines(of: app)[1...6])
                == [
                    "Friday, November 20", "  [ ] 9:05am Dentist", "  [ ] 12:30pm Lunch", "Saturday, November 21",
                    "  [ ] 11:15pm Late call", "",
                ], "\(Self.lines(of: app))")
    }

    @Test("list and add take the week, the clock and the headers from the configuration file")
    func commandLine() throws {
        let sandbox = try CLISandbox()
        let config = sandbox.home.path("config.toml")
        try
            ("[calendar]\nweek-start = \"sunday\"\nclock = \"12-hour\"\nday-header = \"{day} {month} ({weekday})\"\n"
            + "relative-days = \"none\"\n")
            .write(toFile: config, atomically: true, encoding: .utf8)
        var cli = sandbox.cli
        cli.environment["TZ"] = "UTC"
        for (text, date) in [("Brunch", "next sun 11:00"), ("Standup", "next week 9:30am"), ("Later", "+30d")] {
            let added = try cli.run("--config", config, "add", text, "--date", date, "--store", sandbox.store)
            try #require(added.status == 0, "\(added.stderr)")
        }
        let listed = try cli.run("--config", config, "list", "--store", sandbox.store)
        try #require(listed.status == 0, "\(listed.stderr)")
        let lines = listed.stdout.split(separator: "\n").map(String.init)
        // Both land on the first day of next week, a Sunday; its header and their times as configured.
        #expect(lines.count == 5, "\(lines)")
        #expect(lines.first?.contains("(Sun)") == true, "\(lines)")
        #expect(lines.dropFirst().first?.hasSuffix("[ ] 9:30am Standup") == true, "\(lines)")
        #expect(lines.dropFirst(2).first?.hasSuffix("[ ] 11:00am Brunch") == true, "\(lines)")
        let plain = try cli.run("list", "--store", sandbox.store)
        #expect(plain.stdout.contains("09:30 Standup") && plain.stdout.contains("11:00 Brunch"))
        // Without the file, Monday weeks: `next sun` is a week later than next week's first day.
        let other = try cli.run("add", "Monday weeks", "--date", "next sun", "--store", sandbox.home.path("b.json"))
        let week = try cli.run("add", "Next week", "--date", "next week", "--store", sandbox.home.path("b.json"))
        try #require(other.status == 0 && week.status == 0)
        let mondays = try cli.run("list", "--store", sandbox.home.path("b.json")).stdout
        let headers = mondays.split(separator: "\n").filter { !$0.hasPrefix(" ") }
        #expect(headers.count == 2 && headers.last?.hasPrefix("Sun") == true, "\(mondays)")
        #expect(headers.first.map { $0.hasPrefix("Mon") || $0 == "Tomorrow" } == true, "\(mondays)")
    }
}
