import Foundation
import Testing
import TodoCore
import TodoSyncModel

/// What `todo-tui sync` and its helper `todo-tui-sync` pass between them survives the trip whole.
@Suite("Sync helper requests and responses")
struct SyncHelperProtocolTests {
    @Test("a request survives the helper's argument, quotes, newlines and all")
    func requestRoundTrip() {
        let requests: [SyncHelperRequest] = [
            .run(
                .init(
                    storePath: "/tmp/a \"b\"\n/todos.json", lockTimeoutMilliseconds: 5_000,
                    policy: .mergeByPropertyStoreTrump, confirmed: true, accountPath: "/home/é/acc.json",
                    timeouts: SyncTimeouts(connect: 1, silence: 2.5, request: 3, run: 4))),
            .setUp(
                .init(
                    url: "https://dav.example/", user: "me", passwordCommand: "pass show 'dav'", collections: [],
                    create: "Errands ✓", allowInsecure: false, accountPath: "/x")),
        ]
        for request in requests {
            #expect(SyncHelperRequest(argument: request.argument) == request)
        }
        #expect(SyncHelperRequest(argument: "") == nil)
        #expect(SyncHelperRequest(argument: "{\"run\": 3}") == nil)
    }

    @Test("every error and a summary survive the helper's answer")
    func responseRoundTrip() {
        let errors: [SyncError] = [
            .unreachable(url: "u", reason: "r"), .timedOut(server: "s", reason: "r"),
            .unauthorized(url: "u", user: nil),
            .unauthorized(url: "u", user: "me"),
            .forbidden(url: "u"), .notCalDAV(url: "u", reason: "r"), .noTodoCollection(url: "u", found: ["a", "b"]),
            .noSuchCollection(name: "n", found: []), .unexpectedStatus(method: "PUT", url: "u", status: 507),
            .malformedResponse(url: "u", reason: "r"), .insecureURL(url: "u"), .invalidURL("x"),
            .noAccount(path: "p"), .accountFile(path: "p", reason: "r"), .noPassword(user: "me"),
            .passwordCommandFailed(command: "c", reason: "r"), .stateFile(path: "p", reason: "r"),
            .alreadyRunning(path: "p"), .collectionChanged(from: "a", to: "b"),
            .massDeletion(local: 1, localTotal: 2, remote: 3, remoteTotal: 4), .store("s"),
        ]
        for response in errors.map(SyncHelperResponse.failed) + [.finished(message: "Synced: nothing to do.")] {
            #expect(SyncHelperResponse(decoding: response.encoded) == response)
        }
        #expect(SyncHelperResponse(decoding: Data("garbage".utf8)) == nil)
        #expect(SyncHelperResponse(decoding: Data()) == nil)
    }

    @Test("an answer too large, a URL on another server and an incomplete run survive the helper's answer")
    func boundedAnswersRoundTrip() {
        let responses: [SyncHelperResponse] = [
            .failed(.responseTooLarge(method: "REPORT", url: "u", limit: 32 << 20)),
            .failed(.otherOrigin(url: "http://elsewhere/cal/", origin: "https://dav.example")),
            .incomplete(message: "Not all synced: 1 conflict waiting ('a\nb')."),
        ]
        for response in responses {
            #expect(SyncHelperResponse(decoding: response.encoded) == response)
        }
        #expect(
            SyncError.responseTooLarge(method: "REPORT", url: "u", limit: 32 << 20).description
                == "REPORT u was answered with more than 32 MiB, the most the sync reads of one answer; it stopped "
                + "reading there and changed nothing by it.")
    }
}
