import Foundation

/// The lists of a vdir, as `ImportInput.read` gives a folder: its `.ics` files, and those of its
/// subfolders as `folder/name.ics`, each folder with its metadata files `displayname` and `color`.
///
/// A subfolder is a list (todoman's `path = "~/.calendars/*"`, vdirsyncer's collections): named
/// by its `displayname` file, trimmed, else by the folder's name; coloured by its `color` file
/// (`#RRGGBB`, nearest of the eight colours, `TodoColor(hexCode:)`; a colour of another form is
/// none); its id is the folder's name when that is a UUID (as `--export vdir` names folders),
/// else derived from the list's name (`ImportContents`). The folder itself is a list only when it
/// has a `displayname` (as `--export vdir --list NAME` writes one); otherwise its own files name
/// no list. Folders of the same name, ignoring case, are one list.
struct VdirFolders {
    /// The metadata file naming a vdir collection, as vdirsyncer and todoman name it.
    static let nameFile = "displayname"
    /// The metadata file holding a vdir collection's colour.
    static let colorFile = "color"

    /// The lists the folders are, in folder name order.
    private(set) var lists: [TodoList] = []
    /// The `.ics` files, in the order given.
    let calendarFiles: [ExportedFile]
    private var listOfFolder: [Substring: UUID] = [:]

    /// - Parameter source: the folder's path, for messages.
    /// - Throws: `ExchangeError.invalidInput` naming a `displayname` file whose text cannot name
    ///   a list (empty, control characters, too long).
    /// - Complexity: O(total length of the file names and metadata).
    init(_ files: [ExportedFile], source: String) throws(ExchangeError) {
        calendarFiles = files.filter { $0.name.lowercased().hasSuffix(".ics") }
        let metadata = Dictionary(
            files.filter { !$0.name.lowercased().hasSuffix(".ics") }.map { ($0.name, $0.bytes) },
            uniquingKeysWith: { first, _ in first })
        var folders: [Substring] = []
        for file in files {
            let folder = Self.folder(of: file.name)
            if !folders.contains(folder) && (!folder.isEmpty || metadata[Self.nameFile] != nil) {
                folders.append(folder)
            }
        }
        var idOfName: [String: UUID] = [:]
        for folder in folders {
            let prefix = folder.isEmpty ? "" : folder + "/"
            let base = folder.isEmpty ? Substring((source as NSString).lastPathComponent) : folder
            let named = metadata[prefix + Self.nameFile].map {
                String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            }
            let name = try TodoList.importedName(named ?? String(base)) { problem in
                .invalidInput(
                    source: source + "/" + prefix + Self.nameFile,
                    reason: "\(StoreError.quoted(named ?? String(base))) cannot name a list: it \(problem)")
            }
            if let id = idOfName[name.lowercased()] {
                listOfFolder[folder] = id
                continue
            }
            let color = metadata[prefix + Self.colorFile].flatMap {
                TodoColor(hexCode: String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
            }
            let list = TodoList(
                id: UUID(uuidString: String(base)) ?? ImportContents.listID(forName: name), name: name,
                color: color ?? .default)
            idOfName[name.lowercased()] = list.id
            listOfFolder[folder] = list.id
            lists.append(list)
        }
    }

    /// The id of the list the file named `name` is in, or nil when its folder is no list.
    func listID(ofFile name: String) -> UUID? {
        listOfFolder[Self.folder(of: name)]
    }

    /// The folder part of a file name: `Work` of `Work/x.ics`, empty for `x.ics`.
    private static func folder(of name: String) -> Substring {
        name.lastIndex(of: "/").map { name[..<$0] } ?? ""
    }
}

extension VdirFolders {
    /// A vdir of `lists`: a folder per list named by the list's id (lowercase; stable across
    /// renames, so exporting again updates the same folder), each holding its items' files
    /// (`ICalendarFormat.exportDirectory`) and its metadata; items of a list not among `lists`
    /// at the top. With `only`, the directory is that one list: its files and metadata at the top.
    /// - Complexity: O(total length of the items + number of lists).
    static func export(
        _ items: [TodoItem], lists: [TodoList], only: TodoList?, now: Date, calendar: Calendar
    ) -> [ExportedFile] {
        let files = ICalendarFormat.exportDirectory(items, now: now, calendar: calendar)
        if let only {
            return files + metadata(of: only, in: "")
        }
        var folders: [UUID: String] = [:]
        var result: [ExportedFile] = []
        for list in lists where folders[list.id] == nil {
            let folder = list.id.uuidString.lowercased()
            folders[list.id] = folder + "/"
            result += metadata(of: list, in: folder + "/")
        }
        for (item, file) in zip(items, files) {
            result.append(ExportedFile(name: (folders[item.listID] ?? "") + file.name, bytes: file.bytes))
        }
        return result
    }

    /// The `displayname` and (unless default) `color` files of `list`, without a trailing line
    /// break, as vdirsyncer writes them.
    private static func metadata(of list: TodoList, in prefix: String) -> [ExportedFile] {
        var files = [ExportedFile(name: prefix + nameFile, bytes: Array(list.name.utf8))]
        if let color = list.color.hexCode {
            files.append(ExportedFile(name: prefix + colorFile, bytes: Array(color.utf8)))
        }
        return files
    }
}
