import ArgumentParser
import Foundation
import TermTable

/// `termtable keys`: shows each input event as TermTable receives it.
struct KeysCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keys",
        abstract: "Show every key, mouse and resize event the terminal sends (q quits).",
        discussion: "Useful to check what a terminal sends for a key before binding it."
    )

    func run() async throws {
        try await KeysCommand.show()
    }

    @MainActor
    static func show() async throws {
        do {
            let screen = try CursesScreen()
            defer { screen.close() }
            var log: [String] = []
            func draw() {
                screen.clear()
                let size = screen.size
                screen.put(
                    "termtable keys: press keys, click, scroll, resize; q quits", at: Point(x: 0, y: 0), style: .bold)
                screen.put("size \(size)", at: Point(x: 0, y: 1), style: .dim)
                for (index, entry) in log.suffix(max(0, size.height - 3)).enumerated() {
                    screen.put(entry, at: Point(x: 0, y: 3 + index))
                }
                screen.flush()
            }
            draw()
            // Waits in the kernel for a key or a resize (SIGWINCH wakes it too: a blocking read would show a
            // resize only with the next key), then takes every event that is ready.
            // (ncurses switches the keypad to application mode at its first read: read before the first wait.)
            while true {
                var events: [InputEvent] = []
                while let event = screen.nextEvent(timeout: .zero) { events.append(event) }
                if events.isEmpty {
                    let canWait = await withCheckedContinuation { continuation in
                        let armed = screen.notifyWhenInputArrives { continuation.resume(returning: true) }
                        if !armed { continuation.resume(returning: false) }
                    }
                    if !canWait, let event = screen.nextEvent(timeout: nil) { events.append(event) }
                }
                for event in events {
                    if case .key(let key) = event, key == Key("q") { return }
                    log.append(describe(event))
                }
                if !events.isEmpty { draw() }
            }
        }
    }

    static func describe(_ event: InputEvent) -> String {
        switch event {
        case .key(let key): return "key \(key)"
        case .mouse(let mouse): return "mouse \(mouse.kind) \(mouse.button) at \(mouse.position)"
        case .resize(let size): return "resize \(size)"
        case .paste(let text):
            return "paste of \(text.unicodeScalars.count) characters: \(TerminalText.truncate(text, toWidth: 40))"
        }
    }
}
