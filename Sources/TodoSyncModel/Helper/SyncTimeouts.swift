/// How long a sync waits for a server before it stops with `SyncError.timedOut`, in seconds.
///
/// Waiting costs no processor time; the limits only decide when a person is told that the server
/// did not answer. `todo-tui sync` reads them from the environment (`TODO_TUI_SYNC_CONNECT_TIMEOUT`,
/// `…_SILENCE_TIMEOUT`, `…_REQUEST_TIMEOUT`, `…_RUN_TIMEOUT`) and hands them to its helper.
public struct SyncTimeouts: Sendable, Hashable, Codable {
    /// Connecting, the TLS handshake included.
    public var connect: Double
    /// The longest stretch in which not one byte goes either way during a request.
    public var silence: Double
    /// One request, from its start to the last byte of its answer: an answer that trickles
    /// (a byte every few seconds) ends here.
    public var request: Double
    /// A whole run, every request and redirect of it.
    public var run: Double

    /// The defaults: 10 s to connect, 30 s of silence, 2 minutes per request, 30 minutes per run.
    public init(connect: Double = 10, silence: Double = 30, request: Double = 120, run: Double = 1_800) {
        self.connect = connect
        self.silence = silence
        self.request = request
        self.run = run
    }
}
