import TodoCore

/// One mode's command line: positional arguments, then `--name value` options in any order.
struct StressArguments {
    private(set) var positional: [String] = []
    private var options: [String: String] = [:]

    /// Splits `arguments` (without the program and mode names).
    /// - Throws: `StressError.usage` for an option without a value or given twice.
    init(_ arguments: [String]) throws(StressError) {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            guard argument.hasPrefix("--") else {
                positional.append(argument)
                index += 1
                continue
            }
            guard index + 1 < arguments.count else { throw .usage("The option \(argument) needs a value.") }
            guard options.updateValue(arguments[index + 1], forKey: String(argument.dropFirst(2))) == nil else {
                throw .usage("The option \(argument) is given twice.")
            }
            index += 2
        }
    }

    /// The value of `--name`, if given.
    func option(_ name: String) -> String? {
        options[name]
    }

    /// The value of `--name` as a whole number in `range`, else `fallback`.
    /// - Throws: `StressError.usage` when the value is not such a number.
    func number(_ name: String, default fallback: Int, in range: ClosedRange<Int>) throws(StressError) -> Int {
        guard let text = options[name] else { return fallback }
        guard let value = Int(text), range.contains(value) else {
            throw .usage(
                "--\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'.")
        }
        return value
    }

    /// The policy named by `--policy`, else `fallback`.
    /// - Throws: `StressError.usage` naming the valid policies when the name is unknown.
    func policy(default fallback: MergePolicy) throws(StressError) -> MergePolicy {
        guard let name = options["policy"] else { return fallback }
        guard let policy = MergePolicy(name: name) else {
            throw .usage("Unknown merge policy '\(name)'; use one of \(MergePolicy.names.joined(separator: ", ")).")
        }
        return policy
    }
}
