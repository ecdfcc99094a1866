internal import CNcursesw
import Glibc
import TermTableCore

/// Bracketed paste: the terminal marks pasted text (ESC [200~ … ESC [201~) and the screen hands it over
/// as ``/TermTableCore/InputEvent/paste(_:)`` events, text to insert rather than keys to run.
///
/// The mode is turned on with the terminal type's `BE` capability (xterm, tmux, screen and their kin
/// have it; the Linux console and vt100 do not, and then a paste arrives as keys), and off again
/// (`BD`) by ``close()`` and by the terminal guard on every other way out. ncurses is taught the two
/// marks as keys of their own (`define_key`). A long paste comes as several events, each holding what
/// had arrived (at most ``pasteChunk`` characters). A paste ends at its closing mark, at an ESC (so a
/// lost closing mark cannot swallow the Esc key), or when nothing of it came for ``pastePause``.
extension CursesScreen {
    /// The key code ncurses returns for the mark that opens a paste.
    static let pasteStartCode: Int32 = 0x6F00
    /// The key code ncurses returns for the mark that closes a paste.
    static let pasteEndCode: Int32 = 0x6F01
    /// The most characters one paste event holds.
    static let pasteChunk = 65_536
    /// A paste with no input for this long is over (its closing mark was lost).
    static let pastePause: Duration = .milliseconds(500)

    /// Turns bracketed paste on when the terminal type has it, and teaches ncurses its marks.
    func startBracketedPaste() {
        guard let on = cnc_tigetstr("BE"), let off = cnc_tigetstr("BD") else { return }
        let start = cnc_tigetstr("PS").map { String(cString: $0) } ?? "\u{1B}[200~"
        let end = cnc_tigetstr("PE").map { String(cString: $0) } ?? "\u{1B}[201~"
        guard define_key(start, CursesScreen.pasteStartCode) == OK, define_key(end, CursesScreen.pasteEndCode) == OK
        else { return }
        pasteModeOff = String(cString: off)
        writeDirectly(String(cString: on))
    }

    /// Turns bracketed paste off again (closing the screen).
    func stopBracketedPaste() {
        guard let off = pasteModeOff else { return }
        pasteModeOff = nil
        writeDirectly(off)
    }

    /// What ``readInput(wait:)`` read, as part of a paste: `handled` is false when it is not (a key).
    ///
    /// On the opening mark (or inside a paste) this reads what else of the paste has arrived.
    func pasteEvent(status: Int32, value: wint_t) -> (handled: Bool, event: InputEvent?) {
        if pasting, ContinuousClock.now - lastPasteInput > CursesScreen.pastePause { pasting = false }
        if !pasting {
            guard status == KEY_CODE_YES else { return (false, nil) }
            if Int32(value) == CursesScreen.pasteEndCode { return (true, nil) }  // a closing mark alone: nothing
            guard Int32(value) == CursesScreen.pasteStartCode else { return (false, nil) }
            pasting = true
            lastPasteInput = .now
            return (true, readPaste(first: nil))
        }
        return (true, readPaste(first: (status, value)))
    }

    /// Reads the paste's characters that have arrived, starting with `first` when given.
    private func readPaste(first: (status: Int32, value: wint_t)?) -> InputEvent? {
        var text = String.UnicodeScalarView()
        var count = 0
        var next = first
        while count < CursesScreen.pasteChunk {
            let status: Int32
            let value: wint_t
            if let item = next {
                (status, value) = item
                next = nil
            } else {
                (status, value) = readInput(wait: 0)
            }
            if status == ERR { break }  // the rest has not arrived yet; the next read goes on with it
            lastPasteInput = .now
            if status == KEY_CODE_YES {
                if Int32(value) == CursesScreen.pasteEndCode {
                    pasting = false
                    break
                }
                if Int32(value) == KEY_RESIZE {
                    pendingEvent = functionKey(KEY_RESIZE)
                    break
                }
                if Int32(value) == CursesScreen.sgrMouseCode { _ = sgrMouseEvent() }  // a click is not text either
                continue  // a key sequence inside pasted text is not text
            }
            if value == 0x1B {
                pasting = false
                break
            }
            if let scalar = UnicodeScalar(UInt32(value)) {
                text.append(scalar)
                count += 1
            }
        }
        return count > 0 ? .paste(String(text)) : nil
    }

    /// Writes terminal control bytes around ncurses (which has nothing of its own waiting to be sent then).
    func writeDirectly(_ bytes: String) {
        fflush(outputFile)
        var bytes = Array(bytes.utf8)
        _ = write(fileno(outputFile), &bytes, bytes.count)
    }
}
