import Foundation
import Testing
import TodoCore

@Suite("Writing exports to files and directories")
struct ExportWritingTests {
    @Test("a file export replaces the file; a vdir export fills a new directory and keeps other files")
    func write() throws {
        try ExternalProgram.withTemporaryDirectory { directory in
            let csv = ExportFormat.csv.export(
                ExportFixtures.small, now: ExportFixtures.now, calendar: ExportFixtures.calendar)
            try ExternalProgram.write(Array("old".utf8), to: "\(directory)/todos.csv")
            try csv.write(to: "\(directory)/todos.csv")
            #expect(
                try ImportInput.read(path: "\(directory)/todos.csv")
                    == .file(
                        name: "\(directory)/todos.csv", bytes: ExportFixtures.export(ExportFixtures.small, as: .csv)))

            let vdir = ExportFormat.vdir.export(
                ExportFixtures.small, now: ExportFixtures.now, calendar: ExportFixtures.calendar)
            let list = "\(directory)/calendars/todos"
            try vdir.write(to: list)
            try ExternalProgram.write(
                Array(
                    "BEGIN:VCALENDAR\nBEGIN:VTODO\nUID:other\nSUMMARY:Someone else's\nEND:VTODO\nEND:VCALENDAR\n".utf8),
                to: "\(list)/other.ics")
            try vdir.write(to: list)
            let items = try ExportFormat.vdir.parse(
                ImportInput.read(path: list), now: ExportFixtures.now, calendar: ExportFixtures.calendar)
            #expect(items.count == ExportFixtures.small.count + 1)
            #expect(Set(ExportFixtures.truncatedToSeconds(ExportFixtures.small)).isSubset(of: Set(items)))
            #expect((try FileManager.default.contentsOfDirectory(atPath: list)).filter { $0.hasPrefix(".") }.isEmpty)
        }
    }

    @Test("an output in a folder that does not exist is refused with the path and reason")
    func missingFolder() {
        let output = ExportOutput.file(Array("x".utf8))
        #expect(throws: ExchangeError.self) { try output.write(to: "/nonexistent-folder/todos.csv") }
        do {
            try output.write(to: "/nonexistent-folder/todos.csv")
        } catch {
            #expect(error.description.hasPrefix("Could not create /nonexistent-folder/.todos.csv.tmp-"))
            #expect(error.description.hasSuffix(": No such file or directory."))
        }
    }
}
