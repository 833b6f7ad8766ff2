import Foundation
import TodoCore
import TodoSyncModel

extension SyncRun {
    /// How many pushes go between two writes of the state file: a run killed mid-push then
    /// repeats at most this many requests (each harmless to repeat). The state is written whole,
    /// so writing it more often would make a large first push quadratic.
    static let pushesPerStateWrite = 500

    /// Sends `pushes`, recording each as agreed once the server holds it.
    ///
    /// The first request of each push goes out with others, over the transport's connections, in
    /// windows of `pushesPerWindow`; the answers are then taken in order, one by one, as before:
    /// a 412, a merge or a retry is sent alone, and the state is written between windows as it
    /// was. A run stopped mid-window leaves requests sent but not recorded, which the next run
    /// sends again harmlessly, as after a kill between a request and the state write.
    mutating func push() throws(SyncError) {
        let width = engine.client.transport.maximumConcurrentRequests
        let window = width > 1 ? Self.pushesPerWindow : 1
        var start = 0
        while start < pushes.count {
            let batch = Array(pushes[start..<min(pushes.count, start + window)])
            let bodies = batch.map { pending -> [UInt8] in
                guard case .put(let item, _, _, _) = pending else { return [] }
                return engine.resource(of: item)
            }
            let client = engine.client
            let answers = InFlight.map(batch.count, width: width) { index in
                Self.firstAnswer(to: batch[index], body: bodies[index], client: client)
            }
            for (offset, pending) in batch.enumerated() {
                switch (pending, answers[offset]) {
                case (.put(let item, let url, let etag, let isNew), .put(let answer)):
                    try put(item, at: url, replacing: etag, isNew: isNew, attempt: 0, sent: (bodies[offset], answer))
                case (.delete(let id, let url, let etag), .delete(let answer)):
                    try delete(id, at: url, replacing: etag, answer: try answer.get())
                default:
                    preconditionFailure("a push's answer is of its own kind")
                }
                if (start + offset + 1) % Self.pushesPerStateWrite == 0 { try saveState() }
            }
            start += batch.count
        }
    }

    /// How many pushes go out together before their answers are taken: enough to keep the
    /// connections busy, few enough that a stopped run repeats little.
    static let pushesPerWindow = 32

    /// The answer to a push's first request.
    enum FirstAnswer: Sendable {
        case put(Result<PutOutcome, SyncError>)
        case delete(Result<DeleteOutcome, SyncError>)
    }

    /// Sends `pending`'s first request (its PUT with `body`, or its DELETE); safe on any thread.
    private static func firstAnswer(to pending: PendingPush, body: [UInt8], client: CalDAVClient) -> FirstAnswer {
        switch pending {
        case .put(_, let url, let etag, _):
            .put(Result { () throws(SyncError) in try client.put(url, body, ifMatch: etag) })
        case .delete(_, let url, let etag):
            .delete(Result { () throws(SyncError) in try client.delete(url, ifMatch: etag) })
        }
    }

    /// PUTs `item` at `url` (or takes the answer to that PUT already `sent` with its bytes).
    private mutating func put(
        _ item: TodoItem, at url: URL, replacing etag: String?, isNew: Bool, attempt: Int,
        sent: ([UInt8], Result<PutOutcome, SyncError>)? = nil
    ) throws(SyncError) {
        let bytes = sent?.0 ?? engine.resource(of: item)
        let outcome: PutOutcome
        if let sent {
            outcome = try sent.1.get()
        } else {
            outcome = try engine.client.put(url, bytes, ifMatch: etag)
        }
        switch outcome {
        case .stored(let newETag):
            var tag = newETag
            if tag == nil { tag = try engine.client.etag(of: url) }
            // Only an edit of the version the pull found is known to lie in the token's collection.
            let replacedRecorded = records[item.id].map { $0.href == url.absoluteString && $0.etag == etag } ?? false
            let moved = store(
                SyncRecord(
                    id: item.id, href: url.absoluteString, etag: tag, localVersion: localVersion(after: item),
                    base: String(decoding: bytes, as: UTF8.self), afterToken: etag == nil || !replacedRecorded))
            if moved {
                report.pushedMoved += 1
            } else if isNew {
                report.pushedAdded += 1
            } else {
                report.pushedChanged += 1
            }
        case .preconditionFailed:
            // Someone wrote the resource since we read it: fetch it, merge, and try again.
            guard attempt < options.retries else {
                return notSent(item, "the server answered \(attempt + 1) PUTs with 412 Precondition Failed")
            }
            guard let current = try current(at: url, for: Self.name(of: item)) else { return }
            guard let current else {
                // Deleted meanwhile: our edit beats the delete.
                return try put(item, at: url, replacing: nil, isNew: true, attempt: attempt + 1)
            }
            try mergeAndRetry(item, with: current, attempt: attempt)
        case .uidConflict(let existing):
            // The server holds this UID at another URL: adopt that one instead of duplicating.
            let scope = link(ofHref: url.absoluteString).map { links[$0].scope }
            guard let existing = existing.flatMap({ scope?.item($0) }), existing.path != url.path,
                attempt < options.retries
            else {
                return notSent(item, "the server refused its UID at \(url.absoluteString)")
            }
            guard let found = try current(at: existing, for: Self.name(of: item)) else { return }
            guard let current = found else {
                return notSent(item, "the server refused its UID at \(url.absoluteString)")
            }
            try mergeAndRetry(item, with: current, attempt: attempt)
        case .refused(let status):
            notSent(item, "the server refused it with HTTP \(status)")
        }
    }

    /// The server's resource at `url` (`.some(nil)`: it has none), or nil when it is too large
    /// to read: then it is unreadable, and `change` (`name(of:)`) is counted as not sent.
    private mutating func current(at url: URL, for change: String) throws(SyncError) -> Resource?? {
        do {
            return .some(try engine.client.get(url))
        } catch {
            guard case .responseTooLarge = error else { throw error }
            report.unreadable.append(error.description)
            report.notSent.append("\(change): the server's copy at \(url.absoluteString) is too large to read")
            return nil
        }
    }

    /// Counts `item`'s change as not sent, saying why; it goes out again on the next run.
    private mutating func notSent(_ item: TodoItem, _ reason: String) {
        report.notSent.append("\(Self.name(of: item)): \(reason)")
    }

    /// How a change to `item` is named in the report: its text, quoted.
    private static func name(of item: TodoItem) -> String {
        "'\(item.text)'"
    }

    /// The server's `current` value won a race against our PUT of `item`: settle the two by
    /// the policy, apply the result locally, and send it to where `current` lives.
    private mutating func mergeAndRetry(_ item: TodoItem, with current: Resource, attempt: Int) throws(SyncError) {
        let theirs: TodoItem
        do {
            theirs = try self.item(from: current)
        } catch {
            report.unreadable.append(error.description)
            return notSent(item, "the server's copy at \(current.url.absoluteString) cannot be read")
        }
        switch options.policy.settle(base: base(of: item.id), ours: item, theirs: theirs, calendar: engine.calendar) {
        case .undecided:
            report.waitingConflicts.append(item.text)
            waiting.append(WaitingConflict(id: item.id, theirs: String(decoding: current.bytes, as: UTF8.self)))
        case .settled(nil):
            try writeLocally(item.id, nil)
            records[item.id] = nil
        case .settled(let merged?):
            report.merged += 1
            try writeLocally(merged.id, merged)
            if engine.sameOnServer(merged, theirs), merged.listID == theirs.listID {
                var adopted = record(of: current, id: merged.id, localVersion: localVersion(after: merged))
                // Found while pushing: it may be newer than the token.
                adopted.afterToken = true
                store(adopted)
            } else {
                try put(merged, at: current.url, replacing: current.etag, isNew: false, attempt: attempt + 1)
            }
        }
    }

    /// Records the `answer` to the DELETE of `id`'s resource at `url`.
    private mutating func delete(
        _ id: UUID, at url: URL, replacing etag: String?, answer: DeleteOutcome
    ) throws(SyncError) {
        switch answer {
        case .deleted, .alreadyGone:
            records[id] = nil
            report.pushedDeleted += 1
        case .refused(let status):
            report.notSent.append("a deletion at \(url.absoluteString): the server refused it with HTTP \(status)")
        case .preconditionFailed:
            // Edited on the server since: the edit beats our delete, the item comes back here.
            guard let found = try current(at: url, for: "a deletion at \(url.absoluteString)") else { return }
            guard let current = found else {
                records[id] = nil
                return
            }
            do {
                let item = try self.item(from: current)
                try writeLocally(id, item)
                records[id] = record(of: current, id: id, localVersion: localVersion(after: item))
                report.pulledChanged += 1
            } catch let error as ExchangeError {
                report.unreadable.append(error.description)
            } catch {
                throw error as? SyncError ?? .store(String(describing: error))
            }
        }
    }

    /// Saves `value` (nil = delete) for `id` in the local store at once.
    private mutating func writeLocally(_ id: UUID, _ value: TodoItem?) throws(SyncError) {
        if let current = locals[id], let value, current.hasSameContent(as: value) { return }
        let context = engine.context
        do {
            try Self.stage(value, for: id, in: context)
            report.wroteLocally = report.wroteLocally || context.hasChanges
            try context.save()
            locals[id] = try context.item(with: id)
        } catch {
            context.rollback()
            throw .store("The list could not be saved (\(error)); the next sync tries again.")
        }
    }

    /// The local version to record once the server holds `item`: the saved item's version
    /// when it still holds that value, else -1 (changed, to go out next time).
    private func localVersion(after item: TodoItem) -> Int {
        guard let saved = locals[item.id], saved.hasSameContent(as: item) else { return -1 }
        return saved.version
    }
}
