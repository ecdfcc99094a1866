import Foundation
import TableViewerCore
import TableViewerKit
import Testing

/// `tv --print`, the built program run on files written here: bad input gets a clear message and an exit status,
/// never a crash or a hang.
@Suite("tv --print")
struct TablePrinterTests {
    let folder = TVRun.directory()

    @Test func printsTheRowsAsTSVWithFieldsEscaped() throws {
        let path = try TVRun.file(
            "a.csv",
            Array("name,age,note\nann,31,\"two\nlines\"\nbo,7,\"a\ttab \u{1B}[31m red \u{202E}rtl\u{85}\"\n".utf8),
            in: folder)
        let result = try TVRun.run(["--print", path])
        #expect(result.status == 0)
        #expect(result.errors == "")
        #expect(
            result.output
                == "name\tage\tnote\nann\t31\ttwo\\nlines\nbo\t7\ta\\ttab \\x1b[31m red \\u{202e}rtl\\u{0085}\n")
    }

    @Test func sortsSelectsColumnsAndLimits() throws {
        let path = try TVRun.file("s.csv", Array("k,n\na,10\nb,9\nc,\nd,100\n".utf8), in: folder)
        let result = try TVRun.run(["--print", "--sort", "n:desc", "--columns", "n,k", "--limit", "3", path])
        #expect(result.status == 0)
        #expect(result.output == "n\tk\n100\td\n10\ta\n9\tb\n", "numbers numerically, the empty cell last")
    }

    @Test func anUnknownColumnIsRefusedNamingTheColumns() throws {
        let path = try TVRun.file("c.csv", Array("alpha,beta\n1,2\n".utf8), in: folder)
        for arguments in [["--sort", "gamma"], ["--columns", "alpha,gamma"]] {
            let result = try TVRun.run(["--print"] + arguments + [path])
            #expect(result.status == 2)
            #expect(result.errors == "tv: no column “gamma”; the columns are: alpha, beta\n")
            #expect(result.output == "")
        }
    }

    @Test func filesThatCannotBeShownAreRefusedWithAMessage() throws {
        let empty = try TVRun.file("empty.csv", [], in: folder)
        let fifo = folder.appendingPathComponent("fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let cases: [(String, String)] = [
            (folder.appendingPathComponent("missing.csv").path, "no such file"),
            (folder.path, "is a directory"),
            (fifo, "not a regular file (a FIFO, socket or device cannot be mapped)"),
            (empty, "the file is empty"),
        ]
        for (path, message) in cases {
            let result = try TVRun.run(["--print", path])
            #expect(result.status == 1, "\(path)")
            #expect(result.errors == "tv: \(path): \(message)\n")
        }
    }

    @Test func badRowsArePrintedAndListedWithStatusThree() throws {
        let ragged = try TVRun.file("ragged.csv", Array("a,b,c\n1,2\n4,5,6,7\n".utf8), in: folder)
        var result = try TVRun.run(["--print", ragged])
        #expect(result.status == 3)
        #expect(result.output == "a\tb\tc\n1\t2\t\n4\t5\t6\t7\n", "missing fields empty, extra ones kept")
        #expect(result.errors.contains("row 1: ragged: 2 fields (the header has 3)"))
        #expect(result.errors.contains("row 2: ragged: 4 fields (the header has 3)"))

        let quote = try TVRun.file("quote.csv", Array("a,b\n1,2\n3,\"never closed\n5,6\n".utf8), in: folder)
        result = try TVRun.run(["--print", quote])
        #expect(result.status == 3)
        #expect(result.output.hasPrefix("a\tb\n1\t2\n3\tnever closed\\n5,6"))
        #expect(result.errors.contains("row 2: a quote never closed"))

        let invalid = try TVRun.file(
            "utf8.csv", Array("a,b\n".utf8) + [0xFF, 0xC3, 0x28] + Array(",2\n".utf8), in: folder)
        result = try TVRun.run(["--print", invalid])
        #expect(result.status == 3)
        #expect(result.output == "a\tb\n\u{FFFD}\u{FFFD}(\t2\n")
        #expect(result.errors.contains("row 1: invalid UTF-8 (shown as U+FFFD)"))
    }

    @Test func aTenMegabyteFieldIsPrintedWholeAndAQuotedOneIsBounded() throws {
        let big = String(repeating: "x", count: 10_000_000)
        let plain = try TVRun.file("big.csv", Array("a,b\n1,\(big)\n2,z\n".utf8), in: folder)
        var result = try TVRun.run(["--print", plain])
        #expect(result.status == 0)
        #expect(result.output == "a\tb\n1\t\(big)\n2\tz\n")

        // A quoted field over 4 MiB ends its record at the next line: the scan stays linear.
        let quoted = try TVRun.file("quoted.csv", Array("a,b\n1,\"\(big)\n2,z\n".utf8), in: folder)
        result = try TVRun.run(["--print", quoted])
        #expect(result.status == 3)
        #expect(result.errors.contains("a quoted field over 4 MiB"))
        #expect(result.output.hasSuffix("2\tz\n"))
    }

    /// `tv FILE` says what is wrong with the file before it asks for a terminal (and before a screen starts).
    @Test func theViewerRefusesABadFileBeforeAskingForATerminal() throws {
        var result = try TVRun.run([folder.path])
        #expect(result.status == 1)
        #expect(result.errors == "tv: \(folder.path): is a directory\n")
        let path = try TVRun.file("ok.csv", Array("a,b\n1,2\n".utf8), in: folder)
        result = try TVRun.run([path])
        #expect(result.status == 1)
        #expect(result.errors == "tv: a terminal is needed (or use --print)\n")
    }
}
