import Foundation
import Testing
import TodoCore

/// Every cell of DESIGN §3.3's merge-policy table across two processes (issue 6).
///
/// `todo-stress edit-after` reads the store and changes an item; while it waits, the built
/// `todo-tui` changes the same item and saves; then todo-stress saves with the policy, meeting
/// the other process's save. The final store file is read back.
@Suite("Merge policies across processes")
struct CrossProcessMergeTests {
    /// One cell: what this process (todo-stress) does and what the other (todo-tui) does meanwhile.
    enum Cell: String, CaseIterable, Sendable {
        /// Text changed here, done in the store: each field changed on one side only.
        case disjointFields
        /// Text changed on both sides.
        case sameField
        /// An edit here against a delete in the store.
        case editAgainstDelete
        /// A delete here against an edit in the store.
        case deleteAgainstEdit
        /// Both sides delete: no conflict.
        case bothDelete
        /// The other process changes another item: no conflict.
        case otherItem

        /// The changes `todo-stress edit-after` makes to the target item.
        var mine: [String] {
            switch self {
            case .disjointFields, .sameField, .editAgainstDelete, .otherItem: ["text=Mine"]
            case .deleteAgainstEdit, .bothDelete: ["delete"]
            }
        }

        /// The `todo-tui` command the other process runs; TARGET and BYSTANDER stand for ids.
        var theirs: [String] {
            switch self {
            case .disjointFields: ["done", "TARGET"]
            case .sameField, .deleteAgainstEdit: ["edit", "TARGET", "Theirs"]
            case .editAgainstDelete, .bothDelete: ["delete", "TARGET"]
            case .otherItem: ["edit", "BYSTANDER", "Other"]
            }
        }
    }

    /// What the store holds at the end.
    struct Outcome: Equatable, CustomStringConvertible {
        /// Whether todo-stress saved (false: it failed with exit 75, a refused conflict).
        var saved: Bool
        /// The target's text; nil when the target is gone.
        var text: String?
        var isDone = false

        var description: String {
            let state = text.map { "'\($0)'\(isDone ? " done" : "")" } ?? "deleted"
            return saved ? state : "refused, store keeps \(state)"
        }
    }

    /// The table, written out: DESIGN §3.3 and `MergePolicy`'s documentation of deletions.
    static let expected: [Cell: [MergePolicy: Outcome]] = [
        .disjointFields: [
            .error: Outcome(saved: false, text: "Base", isDone: true),
            .mergeByPropertyStoreTrump: Outcome(saved: true, text: "Mine", isDone: true),
            .mergeByPropertyObjectTrump: Outcome(saved: true, text: "Mine", isDone: true),
            .overwrite: Outcome(saved: true, text: "Mine", isDone: false),
            .rollback: Outcome(saved: true, text: "Base", isDone: true),
        ],
        .sameField: [
            .error: Outcome(saved: false, text: "Theirs"),
            .mergeByPropertyStoreTrump: Outcome(saved: true, text: "Theirs"),
            .mergeByPropertyObjectTrump: Outcome(saved: true, text: "Mine"),
            .overwrite: Outcome(saved: true, text: "Mine"),
            .rollback: Outcome(saved: true, text: "Theirs"),
        ],
        .editAgainstDelete: [
            .error: Outcome(saved: false, text: nil),
            .mergeByPropertyStoreTrump: Outcome(saved: true, text: nil),
            .mergeByPropertyObjectTrump: Outcome(saved: true, text: "Mine"),
            .overwrite: Outcome(saved: true, text: "Mine"),
            .rollback: Outcome(saved: true, text: nil),
        ],
        .deleteAgainstEdit: [
            .error: Outcome(saved: false, text: "Theirs"),
            .mergeByPropertyStoreTrump: Outcome(saved: true, text: "Theirs"),
            .mergeByPropertyObjectTrump: Outcome(saved: true, text: nil),
            .overwrite: Outcome(saved: true, text: nil),
            .rollback: Outcome(saved: true, text: "Theirs"),
        ],
        .bothDelete: Dictionary(
            uniqueKeysWithValues: MergePolicy.allCases.map { ($0, Outcome(saved: true, text: nil)) }),
        .otherItem: Dictionary(
            uniqueKeysWithValues: MergePolicy.allCases.map { ($0, Outcome(saved: true, text: "Mine")) }),
    ]

    @Test(
        "each policy settles each cell of the table between two processes", arguments: MergePolicy.allCases,
        Cell.allCases)
    func cell(policy: MergePolicy, cell: Cell) throws {
        let expected = try #require(Self.expected[cell]?[policy])
        let sandbox = try CLISandbox()
        let (cli, store) = (sandbox.cli, sandbox.store)
        let target = try sandbox.add("Base")
        let bystander = try sandbox.add("Bystander")
        let targetID = try #require(UUID(uuidString: target))

        let go = sandbox.home.path("go")
        let stress = CommandRunner(executable: CommandRunner.executable("todo-stress"), environment: cli.environment)
        let (process, output, errors) = try stress.start(
            ["edit-after", store, target] + cell.mine + ["--policy", policy.name, "--wait-for", go]
        )
        defer {
            _ = FileManager.default.createFile(atPath: go, contents: nil)
            process.waitUntilExit()
        }
        try #require(output.readLine() == "ready", "todo-stress did not take its snapshot")

        let theirs = cell.theirs.map { $0 == "TARGET" ? target : $0 == "BYSTANDER" ? bystander : $0 }
        let other = try cli.run(theirs + ["--store", store])
        try #require(other.status == 0, "todo-tui \(theirs): \(other.stderr)")

        _ = FileManager.default.createFile(atPath: go, contents: nil)
        process.waitUntilExit()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let items = try JSONStore(path: store).load().items
        let final = items.first { $0.id == targetID }
        let observed = Outcome(saved: process.terminationStatus == 0, text: final?.text, isDone: final?.isDone ?? false)
        print("\(policy.name) | \(cell.rawValue) | \(observed)")

        #expect(observed == expected, "\(stderr)")
        #expect(process.terminationStatus == (expected.saved ? 0 : 75), "\(stderr)")
        if !expected.saved {
            #expect(stderr.contains("Not saved because another writer changed the same items"))
        }
        let bystanderText = items.first { $0.id.uuidString.lowercased() == bystander }?.text
        #expect(bystanderText == (cell == .otherItem ? "Other" : "Bystander"), "the other item is never lost")
        #expect(Set(items.map(\.id)).count == items.count)
    }
}
