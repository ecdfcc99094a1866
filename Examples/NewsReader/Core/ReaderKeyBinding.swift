import TermTable

/// One line of the reader's help box and the keys behind it: what the `?` box shows is made from these.
///
/// The keys a line names are either bound by the app to a ``ReaderCommand``
/// (``commands``) or handled by the view in focus itself (``viewKeys``: the
/// list's cursor keys, the article view's scrolling), as ``section`` says.
public struct ReaderKeyBinding: Sendable {
    /// Where the line's keys work.
    public enum Section: Sendable {
        /// In the list (and, for commands, in the article view too).
        case list
        /// In the article view.
        case article
    }

    /// The keys as the help box shows them (`"Enter → l"`).
    public var label: String
    /// What they do, as the help box says it.
    public var help: String
    /// Where the keys work.
    public var section: Section
    /// Keys the app binds, and the command each one runs.
    public var commands: [(key: Key, command: ReaderCommand)]
    /// Keys of the line that the list or the article view handles itself (not bound by the app).
    public var viewKeys: [Key]

    /// A line of `label` and `help` for keys bound to commands and keys a view handles.
    public init(
        _ label: String, _ help: String, section: Section = .list,
        commands: [(key: Key, command: ReaderCommand)] = [], viewKeys: [Key] = []
    ) {
        self.label = label
        self.help = help
        self.section = section
        self.commands = commands
        self.viewKeys = viewKeys
    }
}
