import TodoTestSupport

/// A test suite that runs in one sandbox, reached by the sandbox's own names.
protocol CLISandboxSuite {
    var sandbox: CLISandbox { get }
}

extension CLISandboxSuite {
    var home: TemporaryDirectory { sandbox.home }
    var cli: CommandRunner { sandbox.cli }
    var store: String { sandbox.store }
}
