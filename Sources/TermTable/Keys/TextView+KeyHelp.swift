import TermTableCore

extension TextView: KeyHelpProviding {
    /// The text view's keys in force, with their help: ``/TermTableCore/TextView/keyBindings`` grouped by command, in
    /// the order of the ``/TermTableCore/TextViewCommand`` cases, labelled with the keys' names (`"↓/j"`).
    public var keyHelp: [KeyBinding] {
        var keysByCommand: [TextViewCommand: [Key]] = [:]
        for (key, command) in keyBindings { keysByCommand[command, default: []].append(key) }
        return TextViewCommand.allCases.compactMap { command in
            guard let keys = keysByCommand[command] else { return nil }
            let ordered = keys.sorted { ($0.helpOrder, $0.helpName) < ($1.helpOrder, $1.helpName) }
            return KeyBinding(ordered, help: command.help)
        }
    }
}
