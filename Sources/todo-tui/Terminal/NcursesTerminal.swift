import CNcurses
import Foundation
import TodoCore

/// The real terminal, through ncursesw: the only file of the app that imports CNcurses.
///
/// Opening it puts the terminal in raw mode (every key arrives as a key: Ctrl-C, Ctrl-Z and
/// Ctrl-S included, none of them signals or flow control), without echo, with function keys
/// decoded, a 25 ms escape delay (Alt+key arrives as `.escape` then the key), the cursor hidden unless a screen asks
/// for it, the terminal's
/// own background colour, and mouse clicks and wheel turns reported. `NO_COLOR` (set and not
/// empty) turns colours off; attributes stay. A colour the terminal lacks (a `#rrggbb` or a
/// 256-colour number on an 8-colour terminal) is shown as the nearest one it has, by ncurses'
/// `COLORS` (`TerminalColor.nearestIndex(amongFirst:)`).
///
/// The terminal is always given back: by `shutdown()` (and `deinit`), by an `atexit` hook if
/// the process exits without them, and by signal handlers for SIGTERM, SIGHUP, SIGINT, SIGQUIT
/// and crashes (SIGSEGV, SIGABRT, SIGBUS, SIGILL, SIGFPE, SIGTRAP), which restore it and then
/// re-raise the signal with the disposition it had before, so the process ends as it would
/// have, crash report included, on a usable terminal.
///
/// One instance at a time: ncurses has one current screen per process.
final class NcursesTerminal: Terminal {
    /// What to turn on.
    struct Options: Sendable {
        /// Report clicks and wheel turns (the terminal's own selection then needs Shift).
        var mouse = true
        /// Use colours; off by default when `NO_COLOR` is set and not empty.
        var color = !NcursesTerminal.isNoColorSet(in: ProcessInfo.processInfo.environment)
    }

    /// Whether standard input and standard output are both terminals; the app refuses to start
    /// its interactive mode otherwise (exit 64).
    static var isInteractive: Bool {
        isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
    }

    /// The size of the terminal on standard output as the kernel reports it, before ncurses
    /// starts (which takes the same size, unless `LINES` or `COLUMNS` say otherwise); nil when
    /// standard output is no terminal.
    static var standardOutputSize: TerminalSize? {
        var window = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0 else { return nil }
        return TerminalSize(rows: Int(window.ws_row), columns: Int(window.ws_col))
    }

    /// Whether `NO_COLOR` asks for no colours: set to a non-empty value (no-color.org).
    static func isNoColorSet(in environment: [String: String]) -> Bool {
        !(environment["NO_COLOR"] ?? "").isEmpty
    }

    /// Whether colours are in use (asked for, and the terminal has them).
    private(set) var usesColor = false
    /// The colour pair made for each colour index drawn so far; pairs are made as colours are
    /// first drawn, up to the terminal's `COLOR_PAIRS`.
    private var pairs: [Int: Int16] = [:]
    /// The pair for each colour drawn so far (0 when the terminal had no pair left for it).
    private var pairsByColor: [TerminalColor: Int16] = [:]
    private var screen: OpaquePointer?
    private let input: UnsafeMutablePointer<FILE>
    private let output: UnsafeMutablePointer<FILE>
    private let ownsFiles: Bool
    /// The screen the terminal shows, to send only differences; `nil` forces a full redraw.
    private var previous: Screen?
    private var drawnSize: TerminalSize?
    private var cursorShown: Bool?
    /// Set when the input reached end of file, failed or hung up; see `isInputClosed`.
    private(set) var isInputClosed = false

    /// Opens the terminal on standard input and output, with `TERM`'s type.
    /// - Throws: `TerminalError.notInteractive` when they are not both terminals,
    ///   `.unknownTerminalType` when ncurses does not know `TERM`.
    convenience init(options: Options = Options()) throws(TerminalError) {
        guard Self.isInteractive else {
            throw .notInteractive
        }
        guard let input = fdopen(STDIN_FILENO, "r"), let output = fdopen(STDOUT_FILENO, "w") else {
            throw .cannotOpen(path: "standard input and output")
        }
        try self.init(input: input, output: output, ownsFiles: false, type: nil, options: options)
    }

    /// Opens a terminal on two files, e.g. `/dev/null` for tests without a terminal.
    /// - Parameters:
    ///   - inputPath: read for keys.
    ///   - outputPath: written with the terminal's output.
    ///   - type: the terminfo type, e.g. "xterm-256color"; `nil` uses `TERM`.
    ///   - options: what to turn on.
    /// - Throws: `TerminalError.cannotOpen` naming a file that cannot be opened,
    ///   `.unknownTerminalType` when ncurses does not know the type.
    convenience init(
        inputPath: String, outputPath: String, type: String?, options: Options = Options()
    ) throws(TerminalError) {
        guard let input = fopen(inputPath, "r") else {
            throw .cannotOpen(path: inputPath)
        }
        guard let output = fopen(outputPath, "w") else {
            fclose(input)
            throw .cannotOpen(path: outputPath)
        }
        try self.init(input: input, output: output, ownsFiles: true, type: type, options: options)
    }

    private init(
        input: UnsafeMutablePointer<FILE>,
        output: UnsafeMutablePointer<FILE>,
        ownsFiles: Bool,
        type: String?,
        options: Options
    ) throws(TerminalError) {
        precondition(cn_is_screen_active() == 0, "Only one NcursesTerminal can be open at a time.")
        self.input = input
        self.output = output
        self.ownsFiles = ownsFiles
        Self.prepareLocale()
        cn_install_restore_hooks()
        let opened: OpaquePointer? = if let type { newterm(type, output, input) } else { newterm(nil, output, input) }
        guard let opened else {
            if ownsFiles {
                fclose(input)
                fclose(output)
            }
            throw .unknownTerminalType(type ?? ProcessInfo.processInfo.environment["TERM"] ?? "")
        }
        screen = opened
        cn_set_screen_active(1)
        configure(options)
    }

    deinit {
        shutdown()
    }

    var size: TerminalSize {
        TerminalSize(rows: Int(max(cn_lines(), 0)), columns: Int(max(cn_cols(), 0)))
    }

    /// Draws the cells that differ from the last screen presented (all of them after a resize
    /// or a size change), then sends the changes to the terminal in one update.
    /// - Complexity: O(rows × columns) to compare; output proportional to the changed cells.
    func present(_ screen: Screen) {
        precondition(self.screen != nil, "A screen was presented after shutdown.")
        let window = cn_stdscr()
        let terminalSize = size
        let visibleRows = min(screen.rows, terminalSize.rows)
        let visibleColumns = min(screen.columns, terminalSize.columns)
        if let previous, previous.size == screen.size, drawnSize == terminalSize {
            for row in 0..<visibleRows {
                if let changed = screen.changedColumns(inRow: row, comparedTo: previous) {
                    draw(screen, row: row, columns: changed.clamped(to: 0..<visibleColumns), limit: visibleColumns)
                }
            }
        } else {
            werase(window)
            for row in 0..<visibleRows {
                draw(screen, row: row, columns: 0..<visibleColumns, limit: visibleColumns)
            }
        }
        placeCursor(screen.cursor, rows: visibleRows, columns: visibleColumns)
        wnoutrefresh(window)
        doupdate()
        previous = screen
        drawnSize = terminalSize
    }

    func nextEvent(timeout: Duration?) -> TerminalEvent? {
        precondition(screen != nil, "An event was read after shutdown.")
        guard !isInputClosed else {
            return nil
        }
        let clock = ContinuousClock()
        let deadline = timeout.map { clock.now + $0 }
        while true {
            let remaining = deadline.map { max(.zero, $0 - clock.now) }
            wtimeout(cn_stdscr(), remaining.map(Self.milliseconds) ?? -1)
            var code: wint_t = 0
            switch wget_wch(cn_stdscr(), &code) {
            case OK:
                return .key(Self.key(forCharacter: UInt32(code)))
            case KEY_CODE_YES:
                if let event = event(forKeyCode: Int32(code)) {
                    return event
                }
            default:
                // ERR is both a timeout and a dead input; without this check a hung-up
                // terminal (SIGHUP ignored) would make every read an instant "timeout".
                if inputHasEnded() {
                    isInputClosed = true
                }
                return nil
            }
            // A mouse report the app has no use for: keep waiting, within the time left.
            if let deadline, clock.now >= deadline {
                return nil
            }
        }
    }

    func pendingEvent() -> TerminalEvent? {
        nextEvent(timeout: .zero)
    }

    /// Whether the input descriptor reports a hang-up or an error, or reads as end of file,
    /// asked without waiting after ncurses returned ERR.
    private func inputHasEnded() -> Bool {
        var descriptor = pollfd(fd: fileno(input), events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, 0) >= 0 else {
            return errno != EINTR
        }
        if descriptor.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
            return true
        }
        // Readable yet ncurses read no key: end of file, unless bytes are really waiting (a
        // key that arrived just after the timeout).
        guard descriptor.revents & Int16(POLLIN) != 0 else {
            return false
        }
        var waiting: Int32 = 0
        // A descriptor without FIONREAD (/dev/null) that polls readable yet gave no key is at
        // end of file too.
        return ioctl(descriptor.fd, UInt(FIONREAD), &waiting) != 0 || waiting == 0
    }

    func suspend() -> Bool {
        precondition(screen != nil, "The terminal was suspended after shutdown.")
        guard cn_suspend(fileno(output)) == 1 else {
            return false
        }
        // Everything is drawn again: the shell may have drawn over the screen meanwhile.
        previous = nil
        cursorShown = nil
        return true
    }

    func shutdown() {
        guard let screen else {
            return
        }
        // endwin always precedes delscreen, whatever the restore state says: delscreen alone
        // frees the screen without leaving the alternate screen or restoring the tty modes.
        cn_set_screen_active(0)
        endwin()
        delscreen(screen)
        if ownsFiles {
            fclose(input)
            fclose(output)
        }
        self.screen = nil
    }

    /// The text ncurses holds for `row` (its virtual screen, what the last `present` drew),
    /// every column, a wide character once: for tests of the adapter without a terminal.
    /// - Complexity: O(columns).
    func readBack(row: Int) -> String {
        precondition(screen != nil, "The terminal was read back after shutdown.")
        let capacity = Int(max(cn_cols(), 0)) * Int(CCHARW_MAX) + 1
        var buffer = [wchar_t](repeating: 0, count: capacity)
        guard cn_read_row(Int32(row), &buffer, Int32(capacity)) != ERR else {
            return ""
        }
        var scalars = String.UnicodeScalarView()
        for code in buffer.prefix(while: { $0 != 0 }) {
            scalars.append(Unicode.Scalar(UInt32(code)) ?? "\u{FFFD}")
        }
        return String(scalars)
    }

    // MARK: Setup

    /// Takes the locale from the environment, as ncursesw needs for wide characters; without a
    /// UTF-8 character type there (LANG unset, "C"), uses C.UTF-8 for it.
    private static func prepareLocale() {
        setlocale(LC_ALL, "")
        if String(cString: nl_langinfo(nl_item(CODESET))) != "UTF-8" {
            setlocale(LC_CTYPE, "C.UTF-8")
        }
    }

    private func configure(_ options: Options) {
        let window = cn_stdscr()
        raw()
        noecho()
        nonl()
        keypad(window, true)
        set_escdelay(25)
        curs_set(0)
        cursorShown = false
        if options.color, has_colors(), start_color() == OK, use_default_colors() == OK {
            usesColor = true
        }
        if options.mouse {
            mousemask(cn_button1_clicked() | cn_wheel_up() | cn_wheel_down(), nil)
        }
    }

    /// The colour pair that draws `color` on the terminal's background: made the first time a
    /// colour is drawn, with the nearest colour the terminal has; 0 (the terminal's own colours)
    /// for `.default`, or when the terminal has no pair left.
    /// - Complexity: O(COLORS) the first time a colour is drawn, O(1) after.
    private func pair(of color: TerminalColor) -> Int16 {
        if let known = pairsByColor[color] { return known }
        var pair: Int16 = 0
        if let index = color.nearestIndex(amongFirst: Int(cn_colors())) {
            if let made = pairs[index] {
                pair = made
            } else if pairs.count + 1 < Int(cn_color_pairs()),
                init_pair(Int16(pairs.count + 1), Int16(index), -1) == OK
            {
                pair = Int16(pairs.count + 1)
                pairs[index] = pair
            }
        }
        pairsByColor[color] = pair
        return pair
    }

    // MARK: Drawing

    private func draw(_ screen: Screen, row: Int, columns: Range<Int>, limit: Int) {
        for column in columns {
            let cell = screen[row, column]
            if !cell.isContinuation {
                draw(cell, row: row, column: column, limit: limit)
            }
        }
    }

    /// Draws one cell as the ncurses cells that show it in exactly `cell.width` columns, or a
    /// space when a wide character would cross the right edge of the terminal.
    private func draw(_ cell: Cell, row: Int, column: Int, limit: Int) {
        let parts = column + cell.width > limit ? [[wchar_t(0x20)]] : Self.ncursesCells(for: cell)
        let attributes = attributes(of: cell.style)
        let pair = usesColor ? self.pair(of: cell.style.foreground) : 0
        var position = column
        for var part in parts {
            if cell.style.attributes.contains(.struck), part.count < Int(CCHARW_MAX) {
                part.append(Self.strokeOverlay)
            }
            part.append(0)
            cn_put_cell(Int32(row), Int32(position), part, attributes, pair)
            position += max(Int(cn_wcwidth(part[0])), 1)
        }
    }

    /// U+0336 COMBINING LONG STROKE OVERLAY, ncurses having no strikethrough attribute.
    private static let strokeOverlay: wchar_t = 0x336

    /// The ncurses cells (each a spacing character and its marks) that show `cell` in exactly
    /// `cell.width` columns as libc's `wcwidth` counts them, which is how ncurses counts.
    ///
    /// Where our width and libc's disagree, the cell is drawn in a form they agree on, so the
    /// terminal's cursor and ncurses' never drift apart: a flag as its two regional indicators
    /// (1 + 1 columns, which terminals that know flags join into one), a character our table
    /// counts wide and libc narrow (tables of different Unicode versions) as libc's form and a
    /// space, anything libc cannot print as U+FFFD.
    /// Only marks follow a spacing character (no joiners, variation selectors or tags), at most
    /// `CCHARW_MAX - 2` of them, leaving room for the strike-through overlay; so a ZWJ sequence
    /// shows its first emoji.
    private static func ncursesCells(for cell: Cell) -> [[wchar_t]] {
        if let ascii = cell.character.asciiValue {
            return [[wchar_t(ascii)]]
        }
        let scalars = Array(cell.character.unicodeScalars)
        let spacing = scalars.filter { cn_wcwidth(wchar_t($0.value)) != 0 }
        guard let base = scalars.first, spacing.first == base else {
            return placeholder(width: cell.width)
        }
        let baseWidth = Int(cn_wcwidth(wchar_t(base.value)))
        var first = [wchar_t(base.value)]
        first += scalars.dropFirst().prefix { cn_wcwidth(wchar_t($0.value)) == 0 }
            .filter(isDrawableMark).prefix(Int(CCHARW_MAX) - 2).map { wchar_t($0.value) }
        switch (cell.width, baseWidth) {
        case (let width, let libc) where width == libc:
            return [first]
        case (2, 1) where spacing.count == 2 && spacing.allSatisfy({ cn_wcwidth(wchar_t($0.value)) == 1 }):
            return spacing.map { [wchar_t($0.value)] }
        case (2, 1):
            return [first, [0x20]]
        default:
            return placeholder(width: cell.width)
        }
    }

    private static func placeholder(width: Int) -> [[wchar_t]] {
        width == 2 ? [[0xFFFD], [0x20]] : [[0xFFFD]]
    }

    /// Combining marks drawn with their base; joiners, variation selectors and other
    /// format characters are left out, so nothing invisible reaches the terminal.
    private static func isDrawableMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .spacingMark:
            !(0xFE00...0xFE0F).contains(scalar.value) && !(0xE0100...0xE01EF).contains(scalar.value)
        default:
            false
        }
    }

    private func attributes(of style: CellStyle) -> attr_t {
        Self.attributeMapping.reduce(cn_attr_normal()) { result, entry in
            style.attributes.contains(entry.0) ? result | entry.1 : result
        }
    }

    /// ncurses' attribute for each of ours (`.struck` is drawn as a mark instead).
    private static let attributeMapping: [(CellStyle.Attributes, attr_t)] = [
        (.bold, cn_attr_bold()), (.dim, cn_attr_dim()),
        (.reverse, cn_attr_reverse()), (.underline, cn_attr_underline()),
    ]

    private func placeCursor(_ cursor: ScreenPosition?, rows: Int, columns: Int) {
        let visible = cursor.map { (0..<rows).contains($0.row) && (0..<columns).contains($0.column) } ?? false
        if visible != cursorShown {
            curs_set(visible ? 1 : 0)
            cursorShown = visible
        }
        if visible, let cursor {
            wmove(cn_stdscr(), Int32(cursor.row), Int32(cursor.column))
        }
    }

    // MARK: Input

    private static func key(forCharacter code: UInt32) -> Key {
        if let key = Key(controlCode: code) {
            return key
        }
        guard code >= 0x20, !(0x7F...0x9F).contains(code), let scalar = Unicode.Scalar(code) else {
            return .unknown(Int(code))
        }
        return .character(Character(scalar))
    }

    private func event(forKeyCode code: Int32) -> TerminalEvent? {
        switch code {
        case KEY_RESIZE:
            previous = nil
            return .resize(size)
        case KEY_MOUSE:
            return mouseEvent().map { .mouse($0) }
        default:
            return .key(Self.functionKeys[code] ?? .unknown(Int(code)))
        }
    }

    private static let functionKeys: [Int32: Key] = [
        KEY_UP: .up, KEY_DOWN: .down, KEY_LEFT: .left, KEY_RIGHT: .right,
        KEY_HOME: .home, KEY_END: .end, KEY_PPAGE: .pageUp, KEY_NPAGE: .pageDown,
        KEY_DC: .delete, KEY_BACKSPACE: .backspace, KEY_ENTER: .enter,
    ]

    private func mouseEvent() -> MouseEvent? {
        var report = MEVENT()
        guard getmouse(&report) == OK else {
            return nil
        }
        let position = ScreenPosition(row: Int(report.y), column: Int(report.x))
        let kinds: [(mmask_t, MouseEvent.Kind)] = [
            (cn_button1_clicked(), .click), (cn_wheel_up(), .wheelUp), (cn_wheel_down(), .wheelDown),
        ]
        return kinds.first { report.bstate & $0.0 != 0 }.map { MouseEvent(kind: $0.1, position: position) }
    }

    /// A timeout in whole milliseconds for `wtimeout`, rounded up so a short wait does not
    /// become a busy poll.
    private static func milliseconds(_ duration: Duration) -> Int32 {
        let (seconds, attoseconds) = duration.components
        let millis = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: max(millis, 0))
    }
}
