import Foundation
import TodoCore
import TodoSyncModel

// Helpers for the tests that need other processes writing the same store (DESIGN §5).
//
//   todo-stress save-loop STORE [--journal-limit BYTES]
//       Loops forever: each round saves one new item ("stress <n>") through
//       `JSONStore.commit`, and only after `commit` returned writes the item's id on its own
//       line to standard output. A printed id is therefore an acknowledged, durable save (the
//       crash-safety test). A small BYTES (default 1 MiB) makes saves compact the journal often.
//
//   todo-stress state-save-loop STORE
//       Loops forever saving the sync state of STORE (`<STORE>.sync.json`), one record and the
//       token changed a round, and writes the round's number on its own line once the save
//       returned (see StateSaveLoop).
//
//   todo-stress edit-after STORE ID CHANGE... --wait-for FILE [--policy POLICY]
//       Makes the CHANGEs (text=VALUE, color=NAME, done=true|false, delete) to item ID in a
//       context, prints `ready`, waits until FILE exists (another process saves meanwhile), then
//       saves with POLICY (default error) and prints `saved`: a real two-process conflict.
//
//   todo-stress mixed STORE --writer NAME [--operations N] [--policy POLICY] [--refresh PERCENT]
//       N (default 250) random adds, text edits, done toggles and deletes, each saved at once
//       with POLICY (default object-trump) and logged as one line (see MixedWriter).
//
// POLICY is error, store-trump, object-trump, overwrite or rollback. Standard output carries
// only the lines above, each written unbuffered. Errors go to standard error: exit 64 for
// usage, 75 for a conflict the policy refused, 1 otherwise.

/// Runs the mode named on the command line.
func runMode(_ arguments: [String]) throws {
    guard arguments.count >= 2 else {
        throw StressError.usage("Name a mode: save-loop, state-save-loop, edit-after or mixed.")
    }
    let options = try StressArguments(Array(arguments.dropFirst(2)))
    let lockTimeout: Duration = .seconds(60)
    switch (arguments[1], options.positional.count) {
    case ("save-loop", 1):
        let journalLimit = try options.number("journal-limit", default: 1 << 20, in: 0...Int.max)
        try SaveLoop(store: JSONStore(path: options.positional[0], journalLimit: journalLimit)).run()
    case ("state-save-loop", 1):
        try StateSaveLoop(file: SyncStateFile(storePath: options.positional[0])).run()
    case ("edit-after", 3...):
        guard let id = UUID(uuidString: options.positional[1]) else {
            throw StressError.usage("'\(options.positional[1])' is not an item id.")
        }
        guard let waitFor = options.option("wait-for") else {
            throw StressError.usage("edit-after needs --wait-for FILE.")
        }
        try EditAfter(
            store: JSONStore(path: options.positional[0], lockTimeout: lockTimeout),
            id: id,
            changes: options.positional.dropFirst(2).map { argument throws(StressError) in
                try EditAfter.Change(argument)
            },
            policy: options.policy(default: .error),
            waitFor: waitFor,
            waitAttempts: 6_000
        ).run()
    case ("mixed", 1):
        guard let writer = options.option("writer") else { throw StressError.usage("mixed needs --writer NAME.") }
        try MixedWriter(
            store: JSONStore(path: options.positional[0], lockTimeout: lockTimeout),
            writer: writer,
            operations: options.number("operations", default: 250, in: 1...1_000_000),
            policy: options.policy(default: .mergeByPropertyObjectTrump),
            refreshPercent: options.number("refresh", default: 25, in: 0...100)
        ).run()
    default:
        throw StressError.usage(
            "usage: todo-stress save-loop STORE [--journal-limit BYTES] | state-save-loop STORE | edit-after STORE "
                + "ID CHANGE... --wait-for FILE [--policy POLICY] | mixed STORE --writer NAME [--operations N] [--policy POLICY] [--refresh "
                + "PERCENT]"
        )
    }
}

do {
    try runMode(CommandLine.arguments)
} catch {
    FileHandle.standardError.write(Data("todo-stress: \(error)\n".utf8))
    switch error {
    case let error as StressError: exit(error.exitCode)
    case SaveError.conflicts: exit(75)
    default: exit(1)
    }
}
