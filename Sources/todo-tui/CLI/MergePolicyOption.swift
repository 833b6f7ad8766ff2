import ArgumentParser
import TodoCore

/// The `--merge-policy` option of the interactive list and of every command that writes.
///
/// A save meets a conflict when another process changed an item this one changed since it read
/// the store; the policy settles it (DESIGN §3.3). Commands default to `error` (the command
/// fails with exit 75 and writes nothing); the interactive list defaults to `object-trump` (the
/// person's edit wins field by field, and nothing the other writer did to other fields is lost).
struct MergePolicyOption: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "How a save settles another writer's change to the same item: error, store-trump, object-trump, overwrite "
                + "or rollback (default: error for commands, object-trump for the interactive list).",
            valueName: "policy"
        ))
    var mergePolicy: String?

    /// The policy named by `--merge-policy`, else `fallback`.
    /// - Throws: `CLIError.usage` naming the valid policies when the name is unknown.
    func policy(or fallback: MergePolicy) throws(CLIError) -> MergePolicy {
        guard let name = mergePolicy else { return fallback }
        guard let policy = MergePolicy(name: name) else {
            throw .usage("Unknown merge policy '\(name)'; use one of \(MergePolicy.names.joined(separator: ", ")).")
        }
        return policy
    }
}
