import Foundation
import Testing
import TodoCore

/// `--repeat` on add and edit, `repeat:` in the add text, and `done` advancing a repeating to-do.
@Suite("CLI repeating to-dos")
struct CLIRepeatTests: CLISandboxSuite {
    let sandbox: CLISandbox

    init() throws {
        sandbox = try CLISandbox()
    }

    func storedItem() throws -> TodoItem {
        try #require(try JSONStore(path: store).load().items.first)
    }

    @Test("add --repeat makes a rule; done completes one occurrence and says the next date; edit --repeat none ends it")
    func addDoneEdit() throws {
        let added = try cli.run(
            "add", "Water plants", "--date", "2030-05-06", "--repeat", "every 2 weeks", "--store", store)
        #expect(added.status == 0, "\(added.stderr)")
        let id = added.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        var item = try storedItem()
        #expect(item.repetition?.rule.rruleText == "FREQ=WEEKLY;INTERVAL=2" && item.start == item.date)
        let list = try cli.run("list", "--store", store).stdout
        #expect(list.contains("Water plants ↻"), "\(list)")
        #expect(try cli.run("list", "--filter", "has:repeat", "--store", store).stdout.contains("Water plants"))

        let done = try cli.run("done", id, "--store", store)
        #expect(done.status == 0, "\(done.stderr)")
        #expect(done.stdout == "Completed 'Water plants'; next 2030-05-20\n", "\(done.stdout)")
        item = try storedItem()
        #expect(!item.isDone && item.repetition?.completedCount == 1)
        #expect(DateInput.editableText(for: try #require(item.date), calendar: .current) == "2030-05-20")

        #expect(try cli.run("edit", id, "--repeat", "none", "--store", store).status == 0)
        #expect(try storedItem().repetition == nil)
        let bad = try cli.run("edit", id, "--repeat", "every blue moon", "--store", store)
        #expect(bad.status == 64 && !bad.stderr.isEmpty, "\(bad.stderr)")
    }

    @Test("repeat: in the add text sets the rule")
    func quickAddToken() throws {
        let added = try cli.run("add", "Pay rent repeat:monthly due:2030-05-31", "--store", store)
        #expect(added.status == 0, "\(added.stderr)")
        let item = try storedItem()
        #expect(item.text == "Pay rent" && item.repetition?.rule.rruleText == "FREQ=MONTHLY")
    }

    @Test(
        """
        done on a series read with a completed occurrence (RECURRENCE-ID) completes the next one as an override; \
        at the last of its COUNT the to-do is done and the export holds every component
        """
    )
    func overriddenSeries() throws {
        let lines = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN", "BEGIN:VTODO", "UID:series-1",
            "DTSTAMP:20301101T000000Z", "SUMMARY:Water plants", "RRULE:FREQ=DAILY;COUNT=3",
            "DTSTART;VALUE=DATE:20301119", "DUE;VALUE=DATE:20301119", "END:VTODO", "BEGIN:VTODO", "UID:series-1",
            "DTSTAMP:20301119T090000Z", "SUMMARY:Water plants", "RECURRENCE-ID;VALUE=DATE:20301119",
            "STATUS:COMPLETED", "END:VTODO", "END:VCALENDAR", "",
        ]
        let file = home.path("series.ics")
        try Data(lines.joined(separator: "\r\n").utf8).write(to: URL(fileURLWithPath: file))
        let imported = try cli.run("import", file, "--store", store)
        #expect(imported.status == 0, "\(imported.stderr)")
        let id = try storedItem().id.uuidString.lowercased()
        var done = try cli.run("done", id, "--store", store)
        #expect(done.stdout == "Completed 'Water plants'; next 2030-11-21\n", "\(done.stdout) \(done.stderr)")
        done = try cli.run("done", id, "--store", store)
        #expect(done.stdout == "Completed 'Water plants'\n", "\(done.stdout) \(done.stderr)")
        #expect(try storedItem().isDone)
        let export = try cli.run("open", "--export", "ics", "--store", store).stdout
        #expect(export.components(separatedBy: "BEGIN:VTODO").count == 5, "the series and three overrides: \(export)")
        for day in ["20301119", "20301120", "20301121"] {
            #expect(export.contains("RECURRENCE-ID;VALUE=DATE:" + day + "\r\n"), "\(export)")
        }
        #expect(export.contains("DTSTART;VALUE=DATE:20301119\r\n") && export.contains("RRULE:FREQ=DAILY;COUNT=3\r\n"))

        // Reopened, the last occurrence's added override is gone: imported again, it is open there.
        let last = try storedItem().dueDate
        let undone = try cli.run("undone", id, "--store", store)
        #expect(undone.stdout == "Reopened 'Water plants'\n", "\(undone.stdout) \(undone.stderr)")
        let reopened = try cli.run("open", "--export", "ics", "--store", store).stdout
        #expect(reopened.components(separatedBy: "BEGIN:VTODO").count == 4, "\(reopened)")
        #expect(!reopened.contains("RECURRENCE-ID;VALUE=DATE:20301121\r\n"), "\(reopened)")
        let seriesLines = reopened.components(separatedBy: "BEGIN:VTODO")[1]
        #expect(!seriesLines.contains("STATUS:COMPLETED") && !seriesLines.contains("PERCENT-COMPLETE:100"))
        let again = home.path("reopened.ics")
        try Data(reopened.utf8).write(to: URL(fileURLWithPath: again))
        let other = home.path("other.store")
        #expect(try cli.run("import", again, "--store", other).status == 0)
        let read = try #require(try JSONStore(path: other).load().items.first)
        #expect(!read.isDone && read.dueDate == last && last != nil, "open at the last occurrence, the 21st")
        #expect(read.text == "Water plants" && read.completesAnOccurrence)
    }
}
