/// A one-line message in the status bar, replacing the key hints until the next key.
struct StatusMessage: Equatable {
    enum Kind: Equatable {
        case info
        case error
    }

    var text: String
    var kind: Kind

    static func info(_ text: String) -> StatusMessage {
        StatusMessage(text: text, kind: .info)
    }

    static func error(_ text: String) -> StatusMessage {
        StatusMessage(text: text, kind: .error)
    }
}
