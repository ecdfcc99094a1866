import CNcursesw
import Foundation
import Glibc
import Testing

@testable import TermTable

extension ProcessStateTests {
    /// What `CursesScreen` sends per frame, counted on a packet socket: each `write` ncurses makes is one packet.
    @Suite(.serialized)
    @MainActor
    struct CursesScreenOutputTests {
        /// A screen whose output is one end of a `SOCK_SEQPACKET` pair, and the other end to count packets on.
        struct Counted {
            var screen: CursesScreen
            var reader: Int32

            /// The packets (writes) waiting, read and thrown away.
            func drain() -> [Int] {
                var sizes: [Int] = []
                var buffer = [UInt8](repeating: 0, count: 1 << 16)
                while true {
                    let count = recv(reader, &buffer, buffer.count, Int32(MSG_DONTWAIT))
                    if count <= 0 { return sizes }
                    sizes.append(count)
                }
            }
        }

        func open(width: Int, height: Int) throws -> Counted {
            var pair: [Int32] = [0, 0]
            try #require(socketpair(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue), 0, &pair) == 0)
            var size = 1 << 20
            setsockopt(pair[0], SOL_SOCKET, SO_SNDBUF, &size, socklen_t(MemoryLayout<Int>.size))
            let output = try #require(fdopen(pair[0], "w"))
            let input = try #require(fopen("/dev/null", "r"))
            let screen = try CursesScreen(terminalType: "xterm-256color", input: input, output: output, guardFD: nil)
            screen.resize(to: Size(width: width, height: height))
            _ = screen.nextEvent(timeout: .zero)  // the KEY_RESIZE that resizeterm queues
            return Counted(screen: screen, reader: pair[1])
        }

        /// A list frame (the rows scrolled up by one, the old cursor row redrawn plain, the new one reversed)
        /// leaves in one `write`, at every size: ncurses would otherwise flush after each cursor move it
        /// makes until the screen has been through `endwin` once (5 writes for this frame, and a
        /// pseudo-terminal wakes its reader for each).
        @Test(arguments: [(120, 40), (80, 24), (200, 60), (40, 5)])
        func aScrolledFrameLeavesInOneWrite(width: Int, height: Int) throws {
            let counted = try open(width: width, height: height)
            defer {
                counted.screen.close()
                Glibc.close(counted.reader)
            }
            let screen = counted.screen
            func row(_ index: Int) -> String { "Item \(index): a line of the list" }
            for y in 0..<height {
                screen.put(row(y), at: Point(x: 0, y: y), style: y == height - 1 ? .reverse : .plain)
            }
            screen.flush()
            #expect(!counted.drain().isEmpty, "the first frame was sent")
            var packets: [[Int]] = []
            for frame in 1...5 {
                #expect(screen.scroll(Rect(x: 0, y: 0, width: width, height: height), by: 1))
                screen.fill(Rect(x: 0, y: height - 2, width: width, height: 1), with: " ", style: .plain)
                screen.put(row(height - 2 + frame), at: Point(x: 0, y: height - 2), style: .plain)
                screen.fill(Rect(x: 0, y: height - 1, width: width, height: 1), with: " ", style: .reverse)
                screen.put(row(height - 1 + frame), at: Point(x: 0, y: height - 1), style: .reverse)
                screen.flush()
                packets.append(counted.drain())
            }
            #expect(packets.allSatisfy { $0.count == 1 }, "writes per frame (bytes each): \(packets)")
        }

        /// Issue 32 item 2: a list of 1,000 items, one inserted at index 0 each tick with the cursor keeping its
        /// line, under a title that changes each tick. The rows on screen do not change, so a frame sends the
        /// title alone: no terminal scroll (`ESC[M`, `ESC[L`, a scrolling region) and no row (329 bytes a
        /// frame before, a one-line scroll and every row written again).
        @Test func rowsInsertedAboveTheViewSendOnlyWhatChanged() throws {
            let counted = try open(width: 80, height: 24)
            defer {
                counted.screen.close()
                Glibc.close(counted.reader)
            }
            let source = NumbersSource(rows: 1000)
            let table = makeTable(source, width: 80, height: 23)
            table.showsScrollIndicator = true
            let title = Label(text: "tick 0")
            let app = Application(screen: counted.screen, rootView: VStack([title, .fill(table)]))
            app.render()
            table.setCursor(IndexPath(row: 500, section: 0))
            table.scrollToRow(at: IndexPath(row: 500, section: 0), at: .middle)
            app.render()
            _ = counted.drain()
            var frames: [Int] = []
            for tick in 1...10 {
                source.sections[0].insert("New \(tick)", at: 0)
                table.insertRows(at: [IndexPath(row: 0, section: 0)])
                title.text = "tick \(tick)"
                app.render()
                frames.append(counted.drain().reduce(0, +))
            }
            #expect(frames.allSatisfy { $0 <= 16 }, "bytes a frame: \(frames)")
            #expect(table.cursorLine == 11, "the cursor kept its line")
        }

        /// The same through a diffable data source (the live list of the issue): each tick applies a snapshot
        /// with one more item at the top, and the rows on screen, followed by their identifiers, stay put.
        @Test func aSnapshotWithItemsAboveTheViewSendsOnlyWhatChanged() throws {
            let counted = try open(width: 80, height: 24)
            defer {
                counted.screen.close()
                Glibc.close(counted.reader)
            }
            let table = TableView()
            table.register(BasicCell.self, forCellReuseIdentifier: "basic")
            let dataSource = TableViewDiffableDataSource<Int, String>(tableView: table) { table, indexPath, item in
                let cell = table.dequeueReusableCell(withIdentifier: "basic", for: indexPath) as! BasicCell
                cell.textLabel.text = item
                return cell
            }
            var items = (0..<1000).map { "pod-\($0) Running 10m" }
            func apply() {
                var snapshot = TableSnapshot<Int, String>()
                snapshot.appendSections([0])
                snapshot.appendItems(items, toSection: 0)
                dataSource.apply(snapshot)
            }
            apply()
            let title = Label(text: "tick 0")
            let app = Application(screen: counted.screen, rootView: VStack([title, .fill(table)]))
            app.render()
            table.setCursor(IndexPath(row: 500, section: 0))
            table.scrollToRow(at: IndexPath(row: 500, section: 0), at: .middle)
            app.render()
            _ = counted.drain()
            var frames: [Int] = []
            for tick in 1...10 {
                items.insert("pod-new-\(tick) Pending 0s", at: 0)
                apply()
                title.text = "tick \(tick)"
                app.render()
                frames.append(counted.drain().reduce(0, +))
            }
            #expect(frames.allSatisfy { $0 <= 16 }, "bytes a frame: \(frames)")
            #expect(table.cursorLine == 11, "the cursor kept its line")
        }
    }
}
