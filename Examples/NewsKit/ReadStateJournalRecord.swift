import Foundation

/// One change to the read marks, as a line of the journal next to the state file.
///
/// `{"read":"ID","day":20415}`, `{"unread":"ID"}` or `{"seen":["ID",…],"day":20415}`, where a
/// day counts days since 1970 (UTC).
enum JournalRecord: Equatable {
    /// The article was marked read on `day`.
    case read(String, day: Int)
    /// The article was marked unread.
    case unread(String)
    /// Feeds showed these (read) articles on `day`.
    case seen([String], day: Int)

    /// The record as one line of JSON, newline included.
    var line: Data {
        let object: [String: Any] =
            switch self {
            case .read(let id, let day): ["read": id, "day": day]
            case .unread(let id): ["unread": id]
            case .seen(let ids, let day): ["seen": ids, "day": day]
            }
        var data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        data.append(0x0A)
        return data
    }

    /// Decodes one line; nil for a line that is not a record (a torn write, a newer kind).
    init?(line: Data) {
        guard let object = try? JSONSerialization.jsonObject(with: line) as? [String: Any] else { return nil }
        if let id = object["read"] as? String, let day = object["day"] as? Int {
            self = .read(id, day: day)
        } else if let id = object["unread"] as? String {
            self = .unread(id)
        } else if let ids = object["seen"] as? [String], let day = object["day"] as? Int {
            self = .seen(ids, day: day)
        } else {
            return nil
        }
    }

    /// The records in `data`, and how many bytes they took (an unfinished last line is left out).
    static func records(in data: Data) -> (records: [JournalRecord], consumed: Int) {
        var records: [JournalRecord] = []
        var start = data.startIndex
        while let end = data[start...].firstIndex(of: 0x0A) {
            if end > start, let record = JournalRecord(line: data[start..<end]) { records.append(record) }
            start = end + 1
        }
        return (records, start - data.startIndex)
    }
}
