import Glibc
import TermTable

/// `files`' screen: a directory tree in a table with columns (the name with its guides, the size, how long ago it
/// was modified, ticking each second), a preview of the cursor's file beside it at 100 columns and wider, a title bar and a status line.
///
/// The directory's entries come a batch at a time: the first batch (a screen's worth and more) at once, the rest
/// streamed from a task of its own and appended, then sorted (directories first, then by name, or by the column
/// sort). A directory expands through the data source's
/// ``/TermTable/OutlineDataSource/childrenWithStatesLoader``, off the main actor, the same way (a loading row, then
/// its first batch, its directories drawn ▸ at once, then the rest). Changes on disk come from
/// inotify (``FileBrowser+Watching.swift``). Names are untrusted: every one is drawn through
/// ``/TermTableCore/TerminalText/sanitize(_:)``.
@MainActor
public final class FileBrowser: TableViewDelegate {
    /// The directory shown.
    public let rootPath: String
    /// The tree.
    public let table = TableView()
    /// The data source of the tree (the name column draws its guides).
    public private(set) var dataSource: OutlineDataSource<FileItem>!
    /// The top line: the directory.
    public let titleBar = Label()
    /// The cursor's file's first lines (or a hex summary, or why there is none).
    public let preview = TextView()
    /// The bottom line: where the cursor is, loading, the keys.
    public let statusLine = Label()
    /// The whole screen.
    public let root: VStack
    /// The app, once installed.
    public internal(set) weak var app: Application?
    /// The actions (named, in the help box).
    public internal(set) var actions: [AppAction] = []
    /// The listings still streaming, by directory (nil: the root): a token (an older stream's batch is dropped).
    var streams: [FileItem?: Int] = [:]
    var nextStreamToken = 0
    /// The path whose preview shows (the preview is read again only when the cursor moves to another file).
    var previewPath: String?
    /// The last thing that happened, for the status line.
    public internal(set) var message: String? {
        didSet { if let message, message != oldValue { app?.announce(message) } }  // a screen reader hears it
    }
    /// The top directory's listing past its first batch, streamed once the first frame is drawn.
    var rootListing: DirectoryListing?
    /// The directory watches (nil until ``install(in:)``, or when inotify is not available).
    var watcher: DirectoryWatcher?
    /// The time now, in seconds since 1970 (a test sets its own clock).
    public var now: @MainActor () -> Int = { Int(time(nil)) }
    /// The age each item's Modified cell was given, by item: what a tick compares with.
    var shownAges: [FileItem: String] = [:]

    /// Entries read at once when a directory opens: the first screen and more; the rest is streamed.
    nonisolated public static let firstBatch = 256
    /// Entries read per streamed batch.
    nonisolated public static let streamBatch = 4096

    /// A browser of the directory at `path`, its first batch of entries read here (a directory that cannot be
    /// read throws, before the screen starts); the rest is streamed once installed and the first frame drawn.
    public init(path: String) throws(DirectoryError) {
        rootPath = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        let listing = try DirectoryListing(path: rootPath)
        let panes = HStack([.fill(table), .fill(preview).hidden(below: 100)], divider: .line(.dim))
        root = VStack([titleBar, .fill(panes), statusLine])
        titleBar.textStyle = .bold
        statusLine.textStyle = .dim
        preview.isHidden = false
        table.tableColumns = [
            TableColumn("name", title: "Name", width: .fraction(1)),
            TableColumn("size", title: "Size", width: .fixed(6), valueType: .integer),
            TableColumn("modified", title: "Modified", width: .fixed(8), alignment: .right, valueType: .date),
        ]
        table.delegate = self
        dataSource = OutlineDataSource(tableView: table, outlineColumn: "name") { [weak self] item, column in
            guard let self, column.identifier == "modified" else {
                return Self.text(of: item.entry, in: column.identifier)
            }
            let text = Self.text(of: item.entry, in: "modified", now: self.now())
            self.shownAges[item] = text.string
            return text
        }
        dataSource.filterText = { TerminalText.sanitize($0.entry.name) }
        let top = rootPath
        dataSource.childrenWithStatesLoader = { [weak self] item in
            try await Self.loadChildren(of: item, root: top, browser: self)
        }
        let first = listing.next(Self.firstBatch).map { FileItem(entry: $0, in: rootPath) }
        dataSource.update { tree in Self.append(Self.sorted(first, by: []), to: nil, in: &tree) }
        if !listing.isAtEnd { rootListing = listing }
        if !first.isEmpty { table.setCursor(IndexPath(row: 0, section: 0), notify: false) }
        updatePreview()
        updateBars()
    }

    /// The item under the cursor (nil on a loading or error row, or in an empty directory).
    public var cursorItem: FileItem? { dataSource.cursorItemIdentifier }

    /// Stops the streams and the watches.
    public func stop() {
        streams.removeAll()
        watcher?.close()
        watcher = nil
    }

    // MARK: Cells

    /// An entry's text in a column: the name (sanitized; a directory with `/`, a link with its target), the size
    /// in human units (none for a directory), how long before `now` (seconds since 1970) it was modified (`5m`,
    /// `3h`, `12d`, ``/TermTableCore/RelativeTime``).
    nonisolated public static func text(of entry: FileEntry, in column: String, now: Int = Int(time(nil)))
        -> StyledText
    {
        switch column {
        case "size":
            return StyledText(entry.kind == .file || entry.kind == .symlink ? humanSize(entry.size) : "")
        case "modified":
            guard entry.modified != 0 else { return StyledText("") }
            let age = ageFormat.string(for: .seconds(Int64(now) - Int64(entry.modified)))
            return StyledText(age, style: Style(attributes: .dim))
        default:
            let name = TerminalText.sanitize(entry.name)
            switch entry.kind {
            case .directory: return StyledText(name + "/", style: Style(role: .secondary))
            case .symlink:
                return StyledText(name, style: Style(role: .info))
                    + StyledText(" → " + TerminalText.sanitize(entry.linkTarget), style: Style(attributes: .dim))
            case .fifo: return StyledText(name + "|", style: Style(role: .warning))
            case .socket: return StyledText(name + "=", style: Style(role: .warning))
            case .device: return StyledText(name, style: Style(role: .warning, attributes: .bold))
            case .other: return StyledText(name + " ?", style: Style(role: .error))
            case .file: return StyledText(name)
            }
        }
    }

    /// `0`, `999`, `1.0K`, `12K`, `1.5M`, `3.2G`: at most 5 characters (powers of 1024).
    nonisolated public static func humanSize(_ bytes: Int64) -> String {
        guard bytes >= 1024 else { return String(bytes) }
        let units = ["K", "M", "G", "T", "P", "E"]
        var value = Double(bytes) / 1024
        var unit = 0
        while value >= 1023.95, unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        if value < 9.95 {
            let tenths = Int((value * 10).rounded())
            return "\(tenths / 10).\(tenths % 10)\(units[unit])"
        }
        return "\(Int(value.rounded()))\(units[unit])"
    }

    /// The Modified column's ages: at most 8 columns (`in 2m10s` for a time to come).
    nonisolated static let ageFormat = RelativeTime(maximumWidth: 8)

    /// The rows on screen whose age changed since their cell was made: drawn again, and no other (the tick).
    public func refreshAges() {
        let now = self.now()
        var changed: [IndexPath] = []
        var shown: [FileItem: String] = [:]
        for indexPath in table.indexPathsForVisibleRows {
            guard let item = dataSource.itemIdentifier(for: indexPath) else { continue }
            let age = Self.text(of: item.entry, in: "modified", now: now).string
            if shownAges[item] != age { changed.append(indexPath) }
            shown[item] = shownAges[item]
        }
        shownAges = shown  // only the rows on screen are remembered
        table.reconfigureRows(at: changed)
    }

    // MARK: Bars

    /// The title bar and the status line.
    public func updateBars() {
        titleBar.text = "files · " + TerminalText.sanitize(rootPath)
        var status: [String] = []
        let shown = dataSource.snapshot().numberOfVisibleItems
        if let cursor = table.state.cursor { status.append("\(cursor.row + 1)/\(shown)") }
        if let item = cursorItem { status.append(TerminalText.sanitize(item.entry.name)) }
        if !streams.isEmpty { status.append("reading…") }
        if dataSource.isFiltering { status.append("filter: " + TerminalText.sanitize(dataSource.filterQuery)) }
        if let message { status.append(message) }
        status.append("? keys")
        statusLine.text = status.joined(separator: " · ")
    }

    // MARK: TableViewDelegate

    /// The cursor moved: the preview follows.
    public func tableView(_ tableView: TableView, didMoveCursorTo indexPath: IndexPath) {
        updatePreview()
        updateBars()
    }

    /// A click on a title sorted by another column: every directory's entries sorted again.
    public func tableView(_ tableView: TableView, sortDescriptorsDidChange oldDescriptors: [TableSortDescriptor]) {
        let descriptors = tableView.sortDescriptors
        dataSource.update { $0 = Self.rebuilt($0, by: descriptors) }
    }
}
