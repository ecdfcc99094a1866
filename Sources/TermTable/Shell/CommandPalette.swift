import TermTableCore

/// The command palette: a field and, under it, the actions in force and the app's ``PaletteCommand``s ranked by
/// ``/TermTableCore/FuzzyQuery`` against what is typed, each with its keys and help.
///
/// ``Application/showCommandPalette()`` shows one as a modal screen (Ctrl-P, or `:` when nothing else takes it:
/// ``Application/commandPaletteKeys``). ↑/↓ (Ctrl-N/Ctrl-P) choose, Enter runs the chosen entry after closing
/// the palette (the same action its key runs, with the focus back where it was), Tab completes a command's
/// argument, Esc closes. The field takes at most ``PromptLine/defaultMaxLength`` characters and a query at most
/// ``/TermTableCore/FuzzyQuery/maximumTermCount`` terms, so ranking costs at most three passes per term over each
/// entry's text, whatever is typed.
public final class CommandPalette: View {
    /// The most completions of a command's argument that are ranked: 10,000 (the rest are left out).
    public static let maximumCompletions = 10_000

    /// One entry shown.
    public struct Item {
        /// What the entry is called: the action's help, or a command with its argument (`ns kube-system`).
        public let title: String
        /// The keys that run it, as the help writes them (empty: none).
        public let keys: String
        /// The action's or the command's name (`process.signal`, `ns`).
        public let name: String
        /// What choosing it does.
        let kind: Kind
    }

    /// What choosing an entry does.
    enum Kind {
        /// Runs an action.
        case action(@MainActor () -> Void)
        /// Puts a command's name in the field, for its argument to be typed.
        case command(PaletteCommand)
        /// Runs a command with an argument.
        case argument(PaletteCommand, String)
    }

    /// The field the query is typed in.
    public let field: TextField
    /// The entries shown, best first.
    public private(set) var items: [Item] = []
    /// The index in ``items`` of the entry Enter runs.
    public private(set) var selectedIndex = 0 {
        didSet { if selectedIndex != oldValue { setNeedsDisplay() } }
    }
    /// The actions offered, nearest the focus first.
    let actions: [AppAction]
    /// The commands with an argument offered.
    let commands: [PaletteCommand]
    /// The first entry drawn.
    var firstShown = 0
    /// Runs a chosen entry's work (the app closes the palette first).
    var onRun: (@MainActor (@escaping @MainActor () -> Void) -> Void)?

    /// A palette over `actions` (in the order given: nearest the focus first) and `commands`; the field takes at
    /// most `maxQueryLength` characters (Unicode scalars).
    public init(
        actions: [AppAction], commands: [PaletteCommand] = [], maxQueryLength: Int = PromptLine.defaultMaxLength
    ) {
        self.actions = actions.filter(\.isEnabled)
        self.commands = commands
        field = TextField(text: "", placeholder: "type to find an action")
        field.textStyle = .plain
        field.maxLength = maxQueryLength
        super.init(frame: .zero)
        backgroundStyle = .plain
        addSubview(field)
        field.onChange = { [weak self] _ in self?.refresh() }
        field.onSubmit = { [weak self] _ in self?.runSelected() }
        refresh()
    }

    /// The query typed.
    public var query: String { field.text }

    /// Ranks the entries against the query again (after each edit).
    func refresh() {
        items = CommandPalette.rank(query: query, actions: actions, commands: commands)
        selectedIndex = 0
        firstShown = 0
        setNeedsDisplay()
    }

    /// The entries for `query`: a command's completions once the query is its name and a space, else the actions
    /// and commands that match, best first (ties in the order given).
    static func rank(query: String, actions: [AppAction], commands: [PaletteCommand]) -> [Item] {
        if let space = query.firstIndex(of: " "),
            let command = commands.first(where: { $0.name == query[..<space] })
        {
            let argument = String(query[query.index(after: space)...].drop { $0 == " " })
            let completions = command.completions(argument).prefix(maximumCompletions)
            var items = ranked(completions.map { ($0, $0) }, by: FuzzyQuery(argument)).map { completion in
                Item(
                    title: "\(command.name) \(completion)", keys: "", name: command.name,
                    kind: .argument(command, completion))
            }
            if items.isEmpty && !argument.isEmpty {
                items = [
                    Item(
                        title: "\(command.name) \(argument)", keys: "", name: command.name,
                        kind: .argument(command, argument))
                ]
            }
            return items
        }
        let all =
            actions.map {
                Item(
                    title: $0.help, keys: $0.binding.label, name: $0.name, kind: .action($0.run))
            }
            + commands.map { Item(title: "\($0.name) …  \($0.help)", keys: "", name: $0.name, kind: .command($0)) }
        return ranked(all.map { ("\($0.title) \($0.name)", $0) }, by: FuzzyQuery(query))
    }

    /// The values whose texts match `query`, best score first, ties in the order given.
    static func ranked<Value>(_ candidates: [(String, Value)], by query: FuzzyQuery) -> [Value] {
        guard !query.isEmpty else { return candidates.map(\.1) }
        var scored: [(score: Int, index: Int, value: Value)] = []
        for (index, candidate) in candidates.enumerated() {
            var text = candidate.0
            if let score = text.withUTF8({ query.score(utf8: $0) }) {
                scored.append((score, index, candidate.1))
            }
        }
        scored.sort { $0.score != $1.score ? $0.score > $1.score : $0.index < $1.index }
        return scored.map(\.value)
    }

    /// Moves the choice by `step` entries, kept within the list.
    public func moveSelection(by step: Int) {
        guard !items.isEmpty else { return }
        selectedIndex = max(0, min(items.count - 1, selectedIndex + step))
    }

    /// Runs the chosen entry: an action or a command with its argument (the palette closes first); a command not
    /// yet given an argument puts its name in the field instead.
    public func runSelected() {
        guard items.indices.contains(selectedIndex) else { return }
        switch items[selectedIndex].kind {
        case .action(let run):
            onRun?(run)
        case .command(let command):
            setQuery(command.name + " ")
        case .argument(let command, let argument):
            onRun? { command.run(argument) }
        }
    }

    /// Tab: puts the chosen command's name, or the chosen completion, in the field.
    func complete() {
        guard items.indices.contains(selectedIndex) else { return }
        switch items[selectedIndex].kind {
        case .action: break
        case .command(let command): setQuery(command.name + " ")
        case .argument(let command, let argument): setQuery("\(command.name) \(argument)")
        }
    }

    /// Replaces the query (cut to the field's length), the cursor at its end.
    func setQuery(_ text: String) {
        var text = text
        if let limit = field.maxLength, text.unicodeScalars.count > limit {
            text = String(String.UnicodeScalarView(text.unicodeScalars.prefix(limit)))
        }
        field.text = text
        field.moveCursor(to: text.count)
        refresh()
    }

    /// ↑/↓, Ctrl-P/Ctrl-N, PgUp/PgDn choose; Tab completes.
    public override func handleKey(_ key: Key) -> Bool {
        let page = max(1, listHeight - 1)
        switch key {
        case .up, Key.ctrl("p"): moveSelection(by: -1)
        case .down, Key.ctrl("n"): moveSelection(by: 1)
        case .pageUp: moveSelection(by: -page)
        case .pageDown: moveSelection(by: page)
        case .tab: complete()
        default: return false
        }
        return true
    }

    /// 72 columns (or the screen's width less 4) by 16 lines (or the screen's height less 2).
    public override func sizeThatFits(_ size: Size) -> Size {
        Size(width: max(0, min(72, size.width - 4)), height: max(0, min(16, size.height - 2)))
    }

    /// The lines the list has: those inside the border under the field.
    var listHeight: Int { max(0, frame.height - 3) }

    public override func layoutSubviews() {
        field.frame = Rect(x: 3, y: 1, width: max(0, frame.width - 4), height: min(1, max(0, frame.height - 2)))
    }

    /// Where the reader cursor goes (``Application/isAccessible``): the selected item's row, or the "no action
    /// matches" line; nil when the palette is too small to show either.
    var readerCursorPoint: Point? {
        guard frame.height >= 4, frame.width >= 6 else { return nil }
        let row = items.isEmpty ? 0 : selectedIndex - firstShown
        guard row >= 0, row < listHeight else { return nil }
        return convertToScreen(Point(x: 1, y: row + 2))
    }

    public override func draw(in context: DrawContext) {
        super.draw(in: context)
        guard frame.height >= 3, frame.width >= 6 else { return }
        let inner = String(repeating: "─", count: frame.width - 2)
        let border = Style(role: .border, attributes: .dim)
        context.put("┌" + inner + "┐", at: .zero, style: border)
        for y in 1..<(frame.height - 1) {
            context.put("│", at: Point(x: 0, y: y), style: border)
            context.put("│", at: Point(x: frame.width - 1, y: y), style: border)
        }
        context.put("└" + inner + "┘", at: Point(x: 0, y: frame.height - 1), style: border)
        context.put(" Commands ", at: Point(x: 2, y: 0), style: Style(role: .title))
        context.put("›", at: Point(x: 1, y: 1), style: Style(role: .title))
        let rows = listHeight
        if selectedIndex < firstShown { firstShown = selectedIndex }
        if rows > 0, selectedIndex >= firstShown + rows { firstShown = selectedIndex - rows + 1 }
        let width = max(0, frame.width - 2)
        let keyWidth = min(12, items.map { TerminalText.width(of: $0.keys) }.max() ?? 0)
        for row in 0..<rows {
            let index = firstShown + row
            guard index < items.count else { break }
            let item = items[index]
            let selected = index == selectedIndex
            let y = row + 2
            let line = Rect(x: 1, y: y, width: width, height: 1)
            if selected { context.fill(line, with: " ", style: Style(role: .cursor)) }
            let keys = TerminalText.fit(TerminalText.sanitize(item.keys), width: keyWidth)
            let title = TerminalText.sanitize(item.title)
            let name = TerminalText.sanitize(item.name)
            let room = max(0, width - keyWidth - 3)
            let nameWidth = TerminalText.width(of: name)
            // The name (what a key map calls the action) stays, and a long help is cut before it, while the help
            // keeps 12 columns beside it (or all of a shorter help).
            let showsName = nameWidth > 0 && room - nameWidth - 2 >= min(12, TerminalText.width(of: title))
            let titleWidth = showsName ? room - nameWidth - 2 : room
            context.put(" " + keys + " ", at: Point(x: 1, y: y), style: Style(role: selected ? .cursor : .title))
            context.put(
                TerminalText.truncate(title, toWidth: titleWidth), at: Point(x: keyWidth + 3, y: y),
                style: selected ? .reverse : .plain)
            if showsName {
                context.put(
                    name, at: Point(x: 1 + width - nameWidth - 1, y: y), style: Style(role: selected ? .cursor : .dim))
            }
        }
        if items.isEmpty, rows > 0 {
            context.put("no action matches", at: Point(x: 2, y: 2), style: Style(role: .dim))
        }
    }
}
