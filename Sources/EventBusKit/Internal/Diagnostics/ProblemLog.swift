/// The problems the bus has gathered and not yet reported (see ``EventBus/Problem``): per
/// kind, a count and the first occurrence's description, in the order kinds first occurred.
struct ProblemLog {
    /// Whether nothing waits to be reported (the dispatch path reads its copy,
    /// `DeliveryCore.problemsWaiting`).
    var isEmpty: Bool { gathered.isEmpty }

    private struct Gathered {
        let kind: EventBus.Problem.Kind
        var count: Int
        /// What happened, the first time.
        let what: String
        /// What to do.
        let fix: String
    }

    private var gathered: [Gathered] = []
    /// The kinds reported since the bus last delivered anything, with the number of drains
    /// the bus had begun then: on an idle bus, a new occurrence of one of them waits for the
    /// next report.
    private var reportedAt: [EventBus.Problem.Kind: Int] = [:]

    /// Counts `count` more occurrences of `kind` if it is gathered already; returns whether
    /// it was (if not, describe the first with ``add(_:count:what:fix:)``).
    mutating func count(_ kind: EventBus.Problem.Kind, _ count: Int) -> Bool {
        guard let index = gathered.firstIndex(where: { $0.kind == kind }) else { return false }
        gathered[index].count += count
        return true
    }

    /// Gathers `count` occurrences of `kind`, the first described by `what` and `fix`.
    mutating func add(_ kind: EventBus.Problem.Kind, count: Int, what: String, fix: String) {
        if self.count(kind, count) { return }
        gathered.append(Gathered(kind: kind, count: count, what: what, fix: fix))
    }

    /// Takes the problems to report now, `drains` being the number of drains the bus has
    /// begun: a kind reported when no drain has begun since stays gathered.
    mutating func take(drains: Int) -> [EventBus.Problem] {
        var ready: [EventBus.Problem] = []
        var held: [Gathered] = []
        for entry in gathered {
            if reportedAt[entry.kind] == drains {
                held.append(entry)
                continue
            }
            reportedAt[entry.kind] = drains
            let others = entry.count - 1
            let more = others == 0 ? "" : " (and \(others) more like it)"
            ready.append(
                EventBus.Problem(
                    kind: entry.kind, count: entry.count,
                    message: Self.oneLine("\(entry.what)\(more); \(entry.fix)")))
        }
        gathered = held
        return ready
    }

    /// Takes every problem gathered, held or not (the bus is going away).
    mutating func takeAll() -> [EventBus.Problem] {
        reportedAt.removeAll()
        return take(drains: -1)
    }

    /// `text` with line breaks and other control characters escaped, so a report is one line.
    static func oneLine(_ text: String) -> String {
        var line = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": line += "\\n"
            case "\r": line += "\\r"
            case "\t": line += "\\t"
            default:
                if scalar.properties.generalCategory == .control {
                    line += scalar.escaped(asASCII: true)
                } else {
                    line.unicodeScalars.append(scalar)
                }
            }
        }
        return line
    }
}
