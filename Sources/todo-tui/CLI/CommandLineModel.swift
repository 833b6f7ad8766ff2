import ArgumentParser
import Foundation

/// The commands of `TodoTUICommand` and their long options, as swift-argument-parser describes
/// them (the model behind `--experimental-dump-help`): what the command line is read by, so
/// that options given before a command's name are read as that command's, and an option given
/// to a command that does not take it is named as such.
struct CommandLineModel {
    let name: String
    /// Each long option's name (without `--`) and whether it takes a value.
    let options: [String: Bool]
    let subcommands: [CommandLineModel]
    /// The subcommand run when none is named.
    let defaultSubcommand: String?

    /// The root command's model; nil if the parser's description cannot be read.
    static var root: CommandLineModel? {
        let description = Data(TodoTUICommand._dumpHelp().utf8)
        guard let tool = try? JSONSerialization.jsonObject(with: description) as? [String: Any],
            let command = tool["command"] as? [String: Any]
        else { return nil }
        return CommandLineModel(command)
    }

    private init?(_ command: [String: Any]) {
        guard let name = command["commandName"] as? String else { return nil }
        self.name = name
        var options: [String: Bool] = [:]
        for argument in command["arguments"] as? [[String: Any]] ?? [] {
            let takesValue = argument["kind"] as? String == "option"
            for case let names as [String: Any] in argument["names"] as? [Any] ?? []
            where names["kind"] as? String == "long" {
                if let long = names["name"] as? String { options[long] = takesValue }
            }
        }
        self.options = options
        subcommands = (command["subcommands"] as? [[String: Any]] ?? []).compactMap(CommandLineModel.init)
        defaultSubcommand = command["defaultSubcommand"] as? String
    }

    /// Parses `arguments` as `TodoTUICommand`. When they fail as given and name a command after
    /// options the root does not read, they are parsed again as `commandFirst` orders them: the
    /// model is built only then, so a start of the list, or `--store PATH sync`, costs nothing.
    /// - Throws: the parser's error for the arguments as last read.
    static func parse(_ arguments: [String]) throws -> any ParsableCommand {
        do {
            return try TodoTUICommand.parseAsRoot(arguments)
        } catch {
            let ordered = commandFirst(arguments)
            guard ordered != arguments else { throw error }
            return try TodoTUICommand.parseAsRoot(ordered)
        }
    }

    /// `arguments` with the options given before a command's name moved after it, so that the
    /// command reads them (`--filter milk list` is `list --filter milk`), as it did when those
    /// options belonged to the root. Nothing moves when no command is named (`--filter milk`
    /// opens the list filtered) or the arguments start with the name.
    /// - Complexity: O(arguments × commands).
    static func commandFirst(_ arguments: [String]) -> [String] {
        let names = Set(TodoTUICommand.configuration.subcommands.compactMap { $0.configuration.commandName } + ["help"])
        guard arguments.first?.hasPrefix("-") == true, arguments.contains(where: names.contains),
            let root
        else { return arguments }
        let takesValue = root.allOptions
        var index = 0
        while index < arguments.count, arguments[index] != "--" {
            let argument = arguments[index]
            guard argument.hasPrefix("-") else {
                guard var command = root.subcommand(named: argument) else { return arguments }
                // A command's own subcommands go with it (`sync setup`).
                var end = index + 1
                while end < arguments.count, let next = command.subcommand(named: arguments[end]) {
                    command = next
                    end += 1
                }
                return Array(arguments[index..<end] + arguments[..<index] + arguments[end...])
            }
            let name = Self.longName(argument)
            index += !argument.contains("=") && name.map { takesValue[$0] == true } == true ? 2 : 1
        }
        return arguments
    }

    /// The refusal of an option the parser did not know where it was given, when the arguments
    /// name a command (`todo-tui done abcd --export json`) and another command takes that
    /// option: "--export does not apply to done; see todo-tui --help.". Nil otherwise.
    /// - Complexity: O(arguments × commands).
    static func misplacedOption(in arguments: [String]) -> CLIError? {
        guard let root else { return nil }
        var path = [root]
        var named: [String] = []
        for argument in arguments.prefix(while: { $0 != "--" }) {
            if let command = path.last?.subcommand(named: argument) {
                path.append(command)
                named.append(argument)
            }
        }
        // A bare `todo-tui` keeps the parser's words: the user named no command.
        guard !named.isEmpty else { return nil }
        while let last = path.last, let name = last.defaultSubcommand, let command = last.subcommand(named: name) {
            path.append(command)
        }
        let taken = path.reduce(into: Set<String>()) { $0.formUnion($1.options.keys) }
        let known = root.allOptions
        for argument in arguments.prefix(while: { $0 != "--" }) {
            guard let name = Self.longName(argument), !taken.contains(name), known[name] != nil else { continue }
            return .usage("--\(name) does not apply to \(named.joined(separator: " ")); see todo-tui --help.")
        }
        return nil
    }

    /// `argument`'s long option name: `--filter` and `--filter=milk` give `filter`.
    private static func longName(_ argument: String) -> String? {
        guard argument.hasPrefix("--"), argument.count > 2 else { return nil }
        return String(argument.dropFirst(2).prefix { $0 != "=" })
    }

    private func subcommand(named name: String) -> CommandLineModel? {
        subcommands.first { $0.name == name }
    }

    /// Every long option of this command and the commands below it, and whether it takes a
    /// value.
    private var allOptions: [String: Bool] {
        subcommands.reduce(into: options) { result, command in
            result.merge(command.allOptions) { first, _ in first }
        }
    }
}
