import Foundation
import Testing
import TodoTestSupport

@testable import TodoCore

/// A vdir of several lists: a folder per list with `displayname` and `color`, as todoman and
/// vdirsyncer keep them; a todoman tree imports as lists.
@Suite("vdir lists")
struct VdirListsTests {
    static let todoman = ExternalProgram("todoman")
    static let lists = TaskwarriorProjectTests.lists
    static let items = TaskwarriorProjectTests.items

    static func files(_ items: [TodoItem], only: TodoList? = nil) throws -> [ExportedFile] {
        guard
            case .directory(let files) = ExportFormat.vdir.export(
                items, lists: lists, only: only, now: ExportFixtures.now, calendar: ExportFixtures.calendar)
        else { throw ExchangeError.invalidInput(source: "vdir", reason: "not a directory") }
        return files
    }

    @Test(
        """
        the export is a folder per list named by its id, with displayname and (unless default) color, no line \
        break; with one list, that list's folder itself
        """
    )
    func layout() throws {
        let files = try Self.files(Self.items)
        let byName = Dictionary(
            uniqueKeysWithValues: files.map { ($0.name, String(decoding: $0.bytes, as: UTF8.self)) })
        let work = "6f1c2a3b-4d5e-4f60-8a7b-000000001001"
        #expect(byName["00000000-0000-4000-8000-000000000001/displayname"] == "To-dos")
        #expect(byName["00000000-0000-4000-8000-000000000001/color"] == nil)
        #expect(byName["\(work)/displayname"] == "Work" && byName["\(work)/color"] == "#FF0000")
        #expect(byName["6f1c2a3b-4d5e-4f60-8a7b-000000001002/displayname"] == "home.garden")
        #expect(byName["\(work)/6f1c2a3b-4d5e-4f60-8a7b-000000000001.ics"]?.contains("SUMMARY:Report") == true)
        #expect(files.count == 5 + 3 + 2)

        let only = try Self.files(
            Self.items.filter { $0.listID == TaskwarriorProjectTests.work.id }, only: TaskwarriorProjectTests.work)
        #expect(
            only.map(\.name) == [
                "6f1c2a3b-4d5e-4f60-8a7b-000000000001.ics", "6f1c2a3b-4d5e-4f60-8a7b-000000000005.ics", "displayname",
                "color",
            ])
    }

    @Test(
        """
        written and read back, each folder is its list again (same id, name, colour), each to-do in its list; a \
        flat folder without displayname names no list
        """
    )
    func roundTrip() throws {
        try ExternalProgram.withTemporaryDirectory { directory in
            try ExportOutput.directory(try Self.files(Self.items)).write(to: directory)
            let contents = try ExportFormat.vdir.read(
                ImportInput.read(path: directory), now: ExportFixtures.now, calendar: ExportFixtures.calendar)
            #expect(Set(contents.lists) == Set(Self.lists))
            #expect(
                Dictionary(uniqueKeysWithValues: contents.items.map { ($0.id, $0.listID) })
                    == Dictionary(uniqueKeysWithValues: Self.items.map { ($0.id, $0.listID) }))

            let flat = "\(directory)/flat"
            let files = ICalendarFormat.exportDirectory(
                Self.items, now: ExportFixtures.now, calendar: ExportFixtures.calendar)
            try ExportOutput.directory(files).write(to: flat)
            let plain = try ExportFormat.vdir.read(
                ImportInput.read(path: flat), now: ExportFixtures.now, calendar: ExportFixtures.calendar)
            #expect(plain.lists.isEmpty && plain.items.allSatisfy { $0.listID == TodoList.standardID })
        }
    }

    @Test("exporting again after a move removes the to-do's file from its old list's folder, and no other file")
    func moved() throws {
        try ExternalProgram.withTemporaryDirectory { directory in
            try ExportOutput.directory(try Self.files(Self.items)).write(to: directory)
            let work = "\(directory)/6f1c2a3b-4d5e-4f60-8a7b-000000001001"
            try ExternalProgram.write(Array("someone else's".utf8), to: "\(work)/other.ics")
            var items = Self.items
            items[0].listID = TaskwarriorProjectTests.garden.id
            try ExportOutput.directory(try Self.files(items)).write(to: directory)
            let left = try FileManager.default.contentsOfDirectory(atPath: work).sorted()
            #expect(left == ["6f1c2a3b-4d5e-4f60-8a7b-000000000005.ics", "color", "displayname", "other.ics"])
            let garden = try FileManager.default.contentsOfDirectory(
                atPath: "\(directory)/6f1c2a3b-4d5e-4f60-8a7b-000000001002")
            #expect(garden.contains("6f1c2a3b-4d5e-4f60-8a7b-000000000001.ics"))
        }
    }

    @Test(
        "todoman reads the export: every to-do under its list's name, each list with its colour",
        .enabled(if: todoman != nil, "todoman is not installed")
    )
    func todomanReadsExport() throws {
        let todoman = try #require(Self.todoman)
        try ExternalProgram.withTemporaryDirectory { directory in
            let folder = try TodomanFolder(in: directory)
            try FileManager.default.removeItem(atPath: folder.list)
            try ExportOutput.directory(try Self.files(Self.items)).write(to: "\(directory)/calendars")
            let result = try todoman.run(["--porcelain", "list", "--status", "ANY"], environment: folder.environment)
            #expect(result.status == 0, "\(result.error)")
            let listed = try #require(
                try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]])
            let listOf = Dictionary(
                uniqueKeysWithValues: listed.map { ($0["summary"] as? String ?? "", $0["list"] as? String ?? "") })
            #expect(
                listOf == [
                    "Report": "Work", "Moved since": "Work", "Dig beds": "home.garden", "Plain": "To-dos",
                    "Old store": "To-dos",
                ])
            // todoman's own list model: name and colour of each folder.
            let python = try #require(ExternalProgram.python(withModule: "todoman.model"))
            let script = """
                import glob, json, sys
                from todoman.model import TodoList
                print(json.dumps(sorted([TodoList.name_for_path(p), TodoList.colour_for_path(p)]
                                        for p in glob.glob(sys.argv[1] + "/*"))))
                """
            let colours = try python.run(["-c", script, "\(directory)/calendars"])
            #expect(colours.status == 0, "\(colours.error)")
            #expect(colours.output == ##"[["To-dos", null], ["Work", "#FF0000"], ["home.garden", "#008000"]]"## + "\n")
        }
    }

    @Test(
        """
        vdirsyncer discovers each list folder as a collection and copies its to-dos (sync), its displayname and \
        color (metasync) as they are
        """,
        .enabled(if: ExternalProgram("vdirsyncer") != nil, "vdirsyncer is not installed")
    )
    func vdirsyncerReadsExport() throws {
        let vdirsyncer = try #require(ExternalProgram("vdirsyncer"))
        try ExternalProgram.withTemporaryDirectory { directory in
            let files = try Self.files(Self.items)
            try ExportOutput.directory(files).write(to: "\(directory)/ours")
            try FileManager.default.createDirectory(atPath: "\(directory)/copy", withIntermediateDirectories: true)
            let config = """
                [general]
                status_path = "\(directory)/status"
                [pair lists]
                a = "ours"
                b = "copy"
                collections = ["from a"]
                metadata = ["color", "displayname"]
                [storage ours]
                type = "filesystem"
                path = "\(directory)/ours"
                fileext = ".ics"
                [storage copy]
                type = "filesystem"
                path = "\(directory)/copy"
                fileext = ".ics"
                """
            try ExternalProgram.write(Array(config.utf8), to: "\(directory)/config")
            let environment = ["VDIRSYNCER_CONFIG": "\(directory)/config", "HOME": directory]
            // discover asks once per collection whether to create it on the other side.
            let yes = Array(String(repeating: "y\n", count: Self.lists.count).utf8)
            for (command, input) in [("discover", yes), ("sync", []), ("metasync", [])] {
                let result = try vdirsyncer.run([command], environment: environment, input: input)
                #expect(result.status == 0, "vdirsyncer \(command): \(result.output)\(result.error)")
            }
            for file in files {
                let copied = FileManager.default.contents(atPath: "\(directory)/copy/\(file.name)")
                #expect(copied.map(Array.init) == file.bytes, "\(file.name) reached the copy as written")
            }
        }
    }

    @Test(
        """
        a tree todoman made (a folder per list, displayname and color, todoman new -l) imports as those lists, \
        a folder without displayname by its name
        """,
        .enabled(if: todoman != nil, "todoman is not installed")
    )
    func todomanTreeImports() throws {
        let todoman = try #require(Self.todoman)
        try ExternalProgram.withTemporaryDirectory { directory in
            let folder = try TodomanFolder(in: directory)
            let root = "\(directory)/calendars"
            for name in ["work", "home"] {
                try FileManager.default.createDirectory(atPath: "\(root)/\(name)", withIntermediateDirectories: true)
            }
            try ExternalProgram.write(Array("Work stuff\n".utf8), to: "\(root)/work/displayname")
            try ExternalProgram.write(Array("#3A87AD".utf8), to: "\(root)/work/color")
            for (list, summary) in [("Work stuff", "Write report"), ("home", "Water plants"), ("todos", "Call Bob")] {
                let made = try todoman.run(["new", "-l", list, summary], environment: folder.environment)
                #expect(made.status == 0, "\(made.error)")
            }
            let contents = try ExportFormat.vdir.read(
                ImportInput.read(path: root), now: ExportFixtures.now, calendar: ExportFixtures.calendar)
            #expect(contents.lists.map(\.name) == ["home", "todos", "Work stuff"])
            #expect(contents.lists.map(\.color) == [.default, .default, .cyan])
            let names = Dictionary(uniqueKeysWithValues: contents.lists.map { ($0.id, $0.name) })
            let listOf = Dictionary(uniqueKeysWithValues: contents.items.map { ($0.text, names[$0.listID]) })
            #expect(listOf == ["Write report": "Work stuff", "Water plants": "home", "Call Bob": "todos"])
        }
    }
}
