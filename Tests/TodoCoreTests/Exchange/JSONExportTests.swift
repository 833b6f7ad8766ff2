import Foundation
import Testing
import TodoCore

@Suite("JSON (store format) export and import")
struct JSONExportTests {
    static let python = ExternalProgram.python(withModule: "json")

    @Test("the export is the store file format itself, items in the order given")
    func storeFormat() {
        let items = ExportFixtures.everything
        #expect(ExportFixtures.export(items, as: .json) == StoreEncoder.encode(StoreContents(items: items)))
    }

    @Test(
        "python3 -m json.tool accepts the export and reads every text back",
        .enabled(if: python != nil, "/usr/bin/python3 is not installed")
    )
    func jsonTool() throws {
        let python = try #require(Self.python)
        let bytes = ExportFixtures.export(ExportFixtures.everything, as: .json)
        let tool = try python.run(["-m", "json.tool"], input: bytes)
        #expect(tool.status == 0, "\(tool.error)")
        let texts = try python.run(
            ["-c", "import json, sys; print(json.dumps([i['text'] for i in json.load(sys.stdin)['items']]))"],
            input: bytes)
        #expect(
            try JSONSerialization.jsonObject(with: Data(texts.output.utf8)) as? [String]
                == ExportFixtures.everything.map(\.text))
    }

    @Test("a file that is not a valid store is refused with the store's own message")
    func invalid() {
        let text = "{\"format\": \"todo-tui\", \"generation\": 1,\n \"items\": [}"
        #expect(
            ExportFixtures.importError(text, as: .json)
                == "The store input is not valid JSON at line 2, column 12: expected a value, found '}'.")
        #expect(
            ExportFixtures.importError("[]", as: .json)
                == "The store input has bad data at line 1, column 1: the top level must be an object, found an array.")
    }
}
