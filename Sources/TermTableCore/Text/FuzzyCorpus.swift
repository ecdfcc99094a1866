import Glibc

/// Many texts in one UTF-8 buffer, searched with a ``FuzzyQuery`` in parallel, off the caller's actor.
///
/// The texts are stored back to back (one allocation, no `String` per item), so
/// a million log lines load in the time it takes to read them and a query
/// scans them at memory speed. ``rank(_:among:order:)`` splits the work over the
/// cores there are and stops early when its task is cancelled (the next
/// keystroke); ``firstScreen(_:count:)`` finds a first screen of results
/// before the whole list is scored.
///
/// ```swift
/// let corpus = FuzzyCorpus(titles)                 // or FuzzyCorpus(lines: bytesOfAFile)
/// let first = corpus.firstScreen(query, count: 40) // show these now
/// if let all = await corpus.rank(query) { show(all) }  // nil: cancelled
/// ```
public struct FuzzyCorpus: Sendable {
    /// One text that matched: where it is and how well.
    public struct Hit: Hashable, Sendable {
        /// The text's index in the corpus.
        public var index: Int32
        /// Its ``FuzzyMatch/score``.
        public var score: Int32
        /// Its length in UTF-8 bytes (shorter texts rank first at equal scores).
        public var length: Int32

        /// A hit on text `index`.
        public init(index: Int32, score: Int32, length: Int32) {
            self.index = index
            self.score = score
            self.length = length
        }

        /// True when this hit ranks before `other`: better score, then shorter, then earlier.
        @inlinable
        public func ranksBefore(_ other: Hit) -> Bool {
            if score != other.score { return score > other.score }
            if length != other.length { return length < other.length }
            return index < other.index
        }
    }

    /// The order of a ranked result.
    public enum Order: Sendable, Hashable {
        /// Best score first (then shorter texts, then corpus order), as fzf lists.
        case score
        /// The texts' own order.
        case items
    }

    /// The texts' bytes, back to back.
    let bytes: [UInt8]
    /// Where each text starts in `bytes`, and one more entry: where the last ends.
    let starts: [Int]

    /// The texts of `texts`, in order.
    public init(_ texts: [String]) {
        var bytes: [UInt8] = []
        var starts: [Int] = [0]
        starts.reserveCapacity(texts.count + 1)
        for text in texts {
            bytes += text.utf8
            starts.append(bytes.count)
        }
        self.bytes = bytes
        self.starts = starts
    }

    /// The lines of `data` (split at `\n`; a `\r` before it and a last empty line dropped), as a file is read.
    public init(lines data: [UInt8]) {
        var starts: [Int] = [0]
        var ends: [Int] = []
        data.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let rest = buffer.count - offset
                guard let found = memchr(base + offset, 0x0A, rest) else {
                    ends.append(buffer.count)
                    break
                }
                let newline = UnsafeRawPointer(found).assumingMemoryBound(to: UInt8.self) - base
                ends.append(newline > offset && buffer[newline - 1] == 0x0D ? newline - 1 : newline)
                offset = newline + 1
                starts.append(offset)
            }
        }
        if starts.count > ends.count { starts.removeLast() }
        self.bytes = data
        self.starts = starts + [data.count]
        self.ends = ends
    }

    /// Where each text ends, when it is not where the next starts (texts read as lines).
    var ends: [Int]? = nil

    /// The number of texts.
    public var count: Int { starts.count - 1 }

    /// The byte range of text `index`.
    @inline(__always)
    func range(of index: Int) -> Range<Int> {
        starts[index]..<(ends?[index] ?? starts[index + 1])
    }

    /// Text `index`.
    public func text(at index: Int) -> String { String(decoding: bytes[range(of: index)], as: UTF8.self) }

    /// The match of text `index` (score and ranges), nil when it does not match.
    public func match(_ query: FuzzyQuery, at index: Int) -> FuzzyMatch? {
        let range = range(of: index)
        return bytes.withUnsafeBufferPointer { buffer in
            query.match(utf8: UnsafeBufferPointer(rebasing: buffer[range]))
        }
    }

    /// The hits among texts `indices` (all when nil) in the corpus order, checking for cancellation every 4,096.
    ///
    /// Nil when the task was cancelled.
    public func hits(_ query: FuzzyQuery, in indices: Range<Int>, among candidates: [Int32]? = nil) -> [Hit]? {
        var result: [Hit] = []
        let ok = bytes.withUnsafeBufferPointer { buffer -> Bool in
            func visit(_ index: Int) {
                let range = range(of: index)
                let text = UnsafeBufferPointer(rebasing: buffer[range])
                guard let score = query.score(utf8: text) else { return }
                result.append(Hit(index: Int32(index), score: Int32(clamping: score), length: Int32(range.count)))
            }
            if let candidates {
                for position in indices {
                    if position & 4095 == 0 && Task.isCancelled { return false }
                    visit(Int(candidates[position]))
                }
            } else {
                for index in indices {
                    if index & 4095 == 0 && Task.isCancelled { return false }
                    visit(index)
                }
            }
            return true
        }
        return ok ? result : nil
    }

    /// The number of cores to match on.
    public static var coreCount: Int { max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))) }

    /// Every hit of `query` among `candidates` (indices in corpus order, e.g. the hits of a shorter query; nil: all
    /// texts), matched in parallel on every core, in `order`; nil when the task was cancelled.
    ///
    /// Runs on the executor the caller's task prefers (a ``/TermTable/WorkerPool``, or the global pool), never on
    /// the caller's actor.
    public nonisolated func rank(_ query: FuzzyQuery, among candidates: [Int32]? = nil, order: Order = .score) async
        -> [Hit]?
    {
        let total = candidates?.count ?? count
        let chunks = max(1, min(FuzzyCorpus.coreCount * 4, total / 8_192))
        let corpus = self
        let parts = await withTaskGroup(of: (Int, [Hit]?).self) { group -> [[Hit]]? in
            for chunk in 0..<chunks {
                let range = (total * chunk / chunks)..<(total * (chunk + 1) / chunks)
                group.addTask { (chunk, corpus.hits(query, in: range, among: candidates)) }
            }
            var parts = [[Hit]](repeating: [], count: chunks)
            for await (chunk, hits) in group {
                guard let hits else {
                    group.cancelAll()
                    return nil
                }
                parts[chunk] = hits
            }
            return parts
        }
        guard let parts, !Task.isCancelled else { return nil }
        var all: [Hit] = []
        all.reserveCapacity(parts.reduce(0) { $0 + $1.count })
        for part in parts { all += part }
        if order == .score { FuzzyCorpus.sortByRank(&all) }
        return all
    }

    /// The first `count` hits in rank order among the first texts that give `count` hits (chunks of 16,384 texts,
    /// in corpus order), and how many texts that took: a first screen before the whole corpus is scored.
    public func firstScreen(_ query: FuzzyQuery, count wanted: Int, among candidates: [Int32]? = nil)
        -> (hits: [Hit], scanned: Int)
    {
        let total = candidates?.count ?? count
        var found: [Hit] = []
        var scanned = 0
        while scanned < total, found.count < wanted {
            let end = min(total, scanned + 16_384)
            found += hits(query, in: scanned..<end, among: candidates) ?? []
            scanned = end
        }
        FuzzyCorpus.sortByRank(&found)
        return (Array(found.prefix(wanted)), scanned)
    }

    /// Sorts hits best first (score, then length, then index).
    public static func sortByRank(_ hits: inout [Hit]) {
        hits.sort { $0.ranksBefore($1) }
    }
}
