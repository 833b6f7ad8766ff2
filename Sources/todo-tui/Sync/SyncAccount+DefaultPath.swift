import Foundation
import TodoSyncModel

extension SyncAccount {
    /// The account file's path for this process's environment and home folder.
    static var defaultPath: String {
        path(environment: ProcessInfo.processInfo.environment, home: NSHomeDirectory())
    }
}
