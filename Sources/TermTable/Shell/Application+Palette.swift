import TermTableCore

extension Application {
    /// The commands with an argument the palette offers besides the actions in force (see ``addPaletteCommand(_:)``).
    public var paletteCommands: [PaletteCommand] { paletteCommandList }

    /// Offers `command` in the command palette (``showCommandPalette()``); a command of the same name is replaced.
    public func addPaletteCommand(_ command: PaletteCommand) {
        paletteCommandList.removeAll { $0.name == command.name }
        paletteCommandList.append(command)
    }

    /// Takes the command named `name` out of the palette.
    public func removePaletteCommand(named name: String) {
        paletteCommandList.removeAll { $0.name == name }
    }

    /// Shows the command palette as a modal screen over the top one: every action in force for the focus
    /// (``actionsInForce``, with the keys the ``keyMap`` gives them) and the ``paletteCommands``. Enter closes it and
    /// runs the chosen action as its key would (the focus back where it was); Esc closes it.
    @discardableResult
    public func showCommandPalette() -> CommandPalette {
        let palette = CommandPalette(actions: actionsInForce, commands: paletteCommandList)
        let screen = AppScreen(palette, title: "Commands", isModal: true)
        palette.onRun = { [weak self, weak screen] run in
            guard let self, let screen else { return }
            self.popToScreen(screen)
            self.popScreen()
            run()
        }
        push(screen)
        return palette
    }

    /// True when `key` opens the palette: one of ``commandPaletteKeys`` that nothing else took, the palette not shown.
    func opensCommandPalette(_ key: Key) -> Bool {
        commandPaletteKeys.contains(key) && !(topScreen.view is CommandPalette)
    }
}
