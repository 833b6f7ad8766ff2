import Foundation
import Testing
import TodoCore

@Suite("Export formats: names and detection")
struct ExportFormatTests {
    @Test("names and aliases parse case-insensitively; others are refused with the list")
    func names() throws {
        for format in ExportFormat.allCases {
            #expect(try ExportFormat.parse(format.rawValue.uppercased()) == format)
        }
        #expect(try ExportFormat.parse("md") == .markdown)
        #expect(try ExportFormat.parse("ical") == .ics)
        #expect(try ExportFormat.parse("todo.txt") == .todotxt)
        #expect(try ExportFormat.parse("task") == .taskwarrior)
        #expect(throws: ExchangeError.unknownFormat("xml")) { try ExportFormat.parse("xml") }
        #expect(
            ExchangeError.unknownFormat("xml").description
                == "Unknown format 'xml'; use one of json, csv, markdown, ics, vdir, todotxt, taskwarrior.")
    }

    @Test(
        "the extension decides where it is specific",
        arguments: [
            ("todos.CSV", ExportFormat.csv), ("notes.md", .markdown), ("list.markdown", .markdown), ("cal.ics", .ics),
            ("cal.ical", .ics), ("todo.txt", .todotxt), ("done.txt", .todotxt),
        ])
    func byExtension(name: String, format: ExportFormat) throws {
        #expect(try ExportFormat.detect(.file(name: name, bytes: Array("anything".utf8))) == format)
    }

    @Test(
        "the content decides for .json and unknown names",
        arguments: [
            ("store.json", "{\"format\": \"todo-tui\", \"generation\": 1, \"items\": []}", ExportFormat.json),
            ("tasks.json", "[\n{\"uuid\":\"x\"}\n]", .taskwarrior),
            ("tasks.json", "{\"description\":\"a\"}\n", .taskwarrior),
            ("export", "\u{FEFF}\r\nBEGIN:VCALENDAR\r\n", .ics),
            ("export", "\n## Today\n", .markdown),
            ("export", "- [ ] a\n", .markdown),
            ("export", "id,Text,date\n", .csv),
            ("export", "(B) Call Mum\n", .todotxt),
            ("export", "2025-01-10 Buy milk\n", .todotxt),
            ("export", ExportFixtures.visible(ExportFixtures.export(ExportFixtures.small, as: .csv)), .csv),
        ])
    func byContent(name: String, content: String, format: ExportFormat) throws {
        #expect(try ExportFormat.detect(.file(name: name, bytes: Array(content.utf8))) == format)
    }

    @Test("every export detects as its own format without a name")
    func exportsDetectThemselves() throws {
        for format in ExportFormat.allCases where format != .vdir {
            let bytes = ExportFixtures.export(ExportFixtures.small, as: format)
            #expect(try ExportFormat.detect(.file(name: "-", bytes: bytes)) == format)
        }
        #expect(try ExportFormat.detect(.directory(name: "list", files: [])) == .vdir)
    }

    @Test("an input nothing identifies is refused, naming it")
    func undetectable() {
        #expect(throws: ExchangeError.undetectableFormat(name: "notes")) {
            try ExportFormat.detect(.file(name: "notes", bytes: Array("just some words\n".utf8)))
        }
        #expect(
            ExchangeError.undetectableFormat(name: "notes").description
                == "Cannot tell the format of 'notes' from its name or content; name the format explicitly.")
    }

    @Test("a directory is read only as a vdir; ics reads one too")
    func directories() throws {
        let files = [
            ExportedFile(
                name: "a.ics", bytes: Array("BEGIN:VCALENDAR\nBEGIN:VTODO\nSUMMARY:x\nEND:VTODO\nEND:VCALENDAR\n".utf8))
        ]
        #expect(
            ExportFixtures.importError(.directory(name: "list", files: files), as: .csv)
                == "'list' is a directory, but the csv format reads a single file; only vdir reads directories.")
        #expect(ExportFixtures.importError(.directory(name: "list", files: files), as: .ics) == nil)
        #expect(ExportFixtures.importError(.file(name: "a.ics", bytes: files[0].bytes), as: .vdir) == nil)
    }

    @Test(
        """
        reading a path gives a file, or a directory's .ics and metadata files in name order, then its folders', \
        or a clear error
        """
    )
    func readPaths() throws {
        try ExternalProgram.withTemporaryDirectory { directory in
            try ExternalProgram.write(Array("b".utf8), to: "\(directory)/b.ics")
            try ExternalProgram.write(Array("a".utf8), to: "\(directory)/a.ICS")
            try ExternalProgram.write(Array("meta".utf8), to: "\(directory)/displayname")
            try ExternalProgram.write(Array("x".utf8), to: "\(directory)/notes.txt")
            for folder in ["work", ".git", "home/deeper"] {
                try FileManager.default.createDirectory(
                    atPath: "\(directory)/\(folder)", withIntermediateDirectories: true)
                try ExternalProgram.write(Array("c".utf8), to: "\(directory)/\(folder)/c.ics")
            }
            try ExternalProgram.write(Array("#FF0000".utf8), to: "\(directory)/work/color")
            #expect(
                try ImportInput.read(path: directory)
                    == .directory(
                        name: directory,
                        files: [
                            ExportedFile(name: "a.ICS", bytes: Array("a".utf8)),
                            ExportedFile(name: "b.ics", bytes: Array("b".utf8)),
                            ExportedFile(name: "displayname", bytes: Array("meta".utf8)),
                            ExportedFile(name: "work/c.ics", bytes: Array("c".utf8)),
                            ExportedFile(name: "work/color", bytes: Array("#FF0000".utf8)),
                        ]))
            #expect(
                try ImportInput.read(path: "\(directory)/b.ics")
                    == .file(name: "\(directory)/b.ics", bytes: Array("b".utf8)))
            #expect(throws: ExchangeError.unreadable(path: "\(directory)/missing", reason: "no such file or directory"))
            {
                try ImportInput.read(path: "\(directory)/missing")
            }
        }
        #expect(
            ExchangeError.unreadable(path: "x", reason: "no such file or directory").description
                == "Cannot read 'x': no such file or directory.")
    }
}
