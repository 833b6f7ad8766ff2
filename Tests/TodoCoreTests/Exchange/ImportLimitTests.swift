import Foundation
import Testing
import TodoCore
import TodoTestSupport

/// Imports have limits (issue 13.8): a file over `ImportInput.maximumFileSize` is refused before
/// it is read in full, and a text longer than an item holds is refused naming its record.
@Suite("Import limits")
struct ImportLimitTests {
    let calendar = Calendar(identifier: .gregorian)

    @Test("a file over the bound is refused with its path, before it is read; one at the bound is read")
    func fileSize() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("big.csv")
        let header = "id,text,date,color,done,createdAt,modifiedAt\r\n"
        try Data((header + "x,Buy milk,,,,,\r\n").utf8).write(to: URL(fileURLWithPath: path))
        let size = header.utf8.count + "x,Buy milk,,,,,\r\n".utf8.count
        #expect(throws: ExchangeError.self) { try ImportInput.read(path: path, maximumFileSize: size - 1) }
        do {
            _ = try ImportInput.read(path: path, maximumFileSize: size - 1)
        } catch {
            #expect(
                error.description.contains(path) && error.description.contains("the most one import reads"),
                "\(error.description)")
        }
        #expect(
            try ImportInput.read(path: path, maximumFileSize: size)
                == .file(name: path, bytes: Array(try Data(contentsOf: URL(fileURLWithPath: path)))))
    }

    @Test("a sparse file of 1 GiB is refused at the default bound without reading it all")
    func sparseGigabyte() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("huge.csv")
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        #expect(truncate(path, 1 << 30) == 0)
        #expect(throws: ExchangeError.self) { try ImportInput.read(path: path) }
    }

    @Test(
        "a text longer than an item holds is refused naming its record; one at the bound imports",
        arguments: [ExportFormat.csv, .todotxt])
    func textLength(format: ExportFormat) throws {
        func input(_ text: String) -> ImportInput {
            let body =
                format == .csv ? "id,text,date,color,done,createdAt,modifiedAt\r\n,\(text),,,,,\r\n" : "\(text)\n"
            return .file(name: "list", bytes: Array(body.utf8))
        }
        let atBound = String(repeating: "é", count: TodoItem.maximumTextLength)
        #expect(
            try format.parse(input(atBound), now: Date(timeIntervalSince1970: 0), calendar: calendar).first?.text
                == atBound)
        let over = String(repeating: "a", count: TodoItem.maximumTextLength + 1)
        do {
            _ = try format.parse(input(over), now: Date(timeIntervalSince1970: 0), calendar: calendar)
            Issue.record("a \(over.count)-character text was imported")
        } catch {
            #expect(error.description.contains("longer than 4096 characters"), "\(error.description)")
            #expect(error.description.contains(format == .csv ? "line 2" : "line 1"), "\(error.description)")
        }
    }
}
