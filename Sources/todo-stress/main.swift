import Foundation
import TodoCore

// A helper for the store's crash-safety tests (DESIGN §5): a child process that saves in a
// loop so that a test can kill it at random moments.
//
//   todo-stress save-loop STORE_PATH
//
// Loops forever: each round appends one item ("stress <n>") through `JSONStore.modify`, and
// only after `modify` returned writes the item's id on its own line to standard output
// (unbuffered). A printed id is therefore an acknowledged, durable save. Nothing else goes to
// standard output; errors go to standard error with exit status 1.

let arguments = CommandLine.arguments
guard arguments.count == 3, arguments[1] == "save-loop" else {
    FileHandle.standardError.write(Data("usage: todo-stress save-loop STORE_PATH\n".utf8))
    exit(64)
}
do {
    try SaveLoop(store: JSONStore(path: arguments[2])).run()
} catch {
    FileHandle.standardError.write(Data("todo-stress: \(error)\n".utf8))
    exit(1)
}
