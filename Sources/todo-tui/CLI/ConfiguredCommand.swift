import ArgumentParser

/// A command that runs with the configuration in force: the entry point reads it into the
/// command's `storeOptions` (`StoreOptions.loadConfiguration()`) before `run()`, so that a
/// configuration file that cannot be used stops the command before it starts anything. The
/// `config` commands read the file themselves, to report on it.
protocol ConfiguredCommand: ParsableCommand {
    var storeOptions: StoreOptions { get set }
}

extension OpenCommand: ConfiguredCommand {}
extension AddCommand: ConfiguredCommand {}
extension ListCommand: ConfiguredCommand {}
extension ImportCommand: ConfiguredCommand {}
extension SyncRunCommand: ConfiguredCommand {}

extension EditCommand: ConfiguredCommand {
    var storeOptions: StoreOptions {
        get { item.storeOptions }
        set { item.storeOptions = newValue }
    }
}

extension DoneCommand: ConfiguredCommand {
    var storeOptions: StoreOptions {
        get { item.storeOptions }
        set { item.storeOptions = newValue }
    }
}

extension UndoneCommand: ConfiguredCommand {
    var storeOptions: StoreOptions {
        get { item.storeOptions }
        set { item.storeOptions = newValue }
    }
}

extension DeleteCommand: ConfiguredCommand {
    var storeOptions: StoreOptions {
        get { item.storeOptions }
        set { item.storeOptions = newValue }
    }
}
