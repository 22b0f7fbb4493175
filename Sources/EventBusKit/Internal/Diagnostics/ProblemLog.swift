/// The problems the bus has gathered and when to report them (see ``EventBus/Problem``): per
/// kind and *site* — where a problem comes from, so that two places that go wrong stay apart —
/// the occurrences not yet reported, the first of them described, and when the site was last
/// reported.
///
/// The back-off (contract §16.3): a site is reported at its 1st, 10th and 100th occurrence,
/// then at most once a minute while it recurs; a report carries the occurrences since the last
/// one, so the counts of all reports add up to the occurrences. Occurrences held back are
/// reported by the first report round after their minute, and at deallocation. At most
/// ``maximumSites`` sites are remembered: the one least recently reported (or first seen, if
/// never reported) goes, its held occurrences reported in the next round, and a site seen
/// again starts again at its first occurrence.
struct ProblemLog {
    /// The most sites remembered at once.
    static let maximumSites = 256
    /// The occurrences reported at once, before the once-a-minute back-off.
    static let milestones = [1, 10, 100]
    /// How long a site that recurs waits between reports.
    static let interval = Duration.seconds(60)

    /// Whether nothing waits to be reported: no site holds an occurrence (the dispatch path
    /// reads its copy, `DeliveryCore.problemsWaiting`).
    var isEmpty: Bool { heldSites == 0 }

    /// How many sites are remembered.
    var rememberedSites: Int { sites.count }

    private struct Key: Hashable {
        let kind: EventBus.Problem.Kind
        let site: String
    }

    private struct Site {
        /// Occurrences since the site was first seen (or seen again after it was forgotten).
        var occurrences = 0
        /// Occurrences not reported yet.
        var held = 0
        /// The first of them, and what to do.
        var what: ReadableLine = ""
        var fix = ""
        /// When the site was last reported; `nil` before its first report.
        var reported: ContinuousClock.Instant?
        /// The order in which held sites are reported: first held, first reported.
        var heldSince = 0
        /// When the site was first seen or last reported, in ``ProblemLog/stamps``: the
        /// smallest goes first when a new site needs room.
        var stamp = 0
    }

    private var sites: [Key: Site] = [:]
    /// How many sites hold occurrences.
    private var heldSites = 0
    /// Whether an occurrence was gathered since the last take.
    private var gatheredSinceTake = false
    /// The earliest time a site held back at the last take becomes due, if any.
    private var earliestDue: ContinuousClock.Instant?
    /// Numbers the sites as they start holding occurrences, for the report order.
    private var holds = 0
    /// Numbers the sites as they are first seen or reported, for the one to forget.
    private var stamps = 0
    /// The sites by their stamp, smallest first from `forgetHead` on; an entry whose site has
    /// a newer stamp (or is gone) is stale and skipped, so that forgetting takes O(1) steps
    /// on average.
    private var forgetOrder: [(stamp: Int, key: Key)] = []
    private var forgetHead = 0

    /// Counts `count` more occurrences of `kind` at `site`; returns whether the site holds a
    /// described occurrence already (if not, describe it with ``describe(_:at:count:what:fix:)``).
    mutating func count(_ kind: EventBus.Problem.Kind, at site: String, _ count: Int) -> Bool {
        let key = Key(kind: kind, site: site)
        guard var entry = sites[key], entry.held > 0 else { return false }
        gatheredSinceTake = true
        entry.occurrences += count
        entry.held += count
        sites[key] = entry
        return true
    }

    /// Gathers `count` occurrences of `kind` at `site`, the first described by `what` and
    /// `fix`; returns the problems that remembering a new site pushed out (held occurrences of
    /// the least recently reported site), to report now.
    mutating func describe(
        _ kind: EventBus.Problem.Kind, at site: String, count: Int, what: ReadableLine,
        fix: String
    ) -> [EventBus.Problem] {
        if self.count(kind, at: site, count) { return [] }
        let key = Key(kind: kind, site: site)
        var evicted: [EventBus.Problem] = []
        if sites[key] == nil, sites.count >= Self.maximumSites { evicted = forgetOneSite() }
        var entry = sites[key] ?? Site()
        if sites[key] == nil { entry.stamp = restamp(key) }
        gatheredSinceTake = true
        entry.occurrences += count
        entry.held = count
        entry.what = what
        entry.fix = fix
        holds += 1
        entry.heldSince = holds
        heldSites += 1
        sites[key] = entry
        return evicted
    }

    /// Takes the problems due at `now`, in the order their sites began to hold occurrences: a
    /// site whose held occurrences reach a milestone, one never reported, and one last reported
    /// a minute or more ago.
    mutating func take(at now: ContinuousClock.Instant) -> [EventBus.Problem] {
        // Nothing new, and nothing held back is due yet: no need to look at every site.
        if !gatheredSinceTake, let earliestDue, now < earliestDue { return [] }
        gatheredSinceTake = false
        defer {
            earliestDue = sites.values.filter { $0.held > 0 }.compactMap { $0.reported }.min()
                .map { $0 + Self.interval }
        }
        let due = takeHeld { site in
            let reachesAMilestone = Self.milestones.contains {
                site.occurrences - site.held < $0 && $0 <= site.occurrences
            }
            return reachesAMilestone || site.reported.map { now - $0 >= Self.interval } ?? true
        }
        for taken in due {
            let stamp = restamp(taken.key)
            sites[taken.key]?.reported = now
            sites[taken.key]?.stamp = stamp
        }
        return due.map(\.problem)
    }

    /// Takes every held problem, due or not: the bus is going away.
    mutating func takeAll() -> [EventBus.Problem] {
        takeHeld { _ in true }.map(\.problem)
    }

    /// Takes the held sites `isDue` picks, in the order they began to hold, as problems.
    private mutating func takeHeld(
        where isDue: (Site) -> Bool
    ) -> [(key: Key, problem: EventBus.Problem)] {
        let due = sites.filter { $0.value.held > 0 && isDue($0.value) }
            .sorted { $0.value.heldSince < $1.value.heldSince }
        return due.map { key, site in
            sites[key]!.held = 0
            heldSites -= 1
            return (key, Self.problem(key, site))
        }
    }

    /// Forgets the site with the smallest stamp — the least recently reported, or first seen
    /// if never reported — and returns its held occurrences as a problem to report now.
    private mutating func forgetOneSite() -> [EventBus.Problem] {
        while forgetHead < forgetOrder.count {
            let (stamp, key) = forgetOrder[forgetHead]
            forgetHead += 1
            guard let site = sites[key], site.stamp == stamp else { continue }  // stale
            sites[key] = nil
            guard site.held > 0 else { return [] }
            heldSites -= 1
            return [Self.problem(key, site)]
        }
        return []
    }

    /// A new stamp for `key`, recorded in the forgetting order; drops the stale entries once
    /// they outnumber the sites, so the order stays within a few times ``maximumSites``.
    private mutating func restamp(_ key: Key) -> Int {
        if forgetOrder.count - forgetHead > 4 * Self.maximumSites {
            forgetOrder = forgetOrder[forgetHead...].filter { sites[$0.key]?.stamp == $0.stamp }
            forgetHead = 0
        } else if forgetHead > Self.maximumSites {
            forgetOrder.removeFirst(forgetHead)
            forgetHead = 0
        }
        stamps += 1
        forgetOrder.append((stamps, key))
        return stamps
    }

    /// The report of `site`'s held occurrences: "what (and N more like it); fix", its
    /// app-provided text escaped, and fitted so that the printed line (`EventBusKit: ` and the
    /// message) is at most ``lineLimit`` characters: the names and values in `what` are cut
    /// (see `ReadableLine`), the words and the count kept.
    private static func problem(_ key: Key, _ site: Site) -> EventBus.Problem {
        let others = site.held - 1
        let more = others == 0 ? "" : " (and \(others) more like it)"
        let line = site.what + "\(more); \(fix: site.fix)"
        return EventBus.Problem(
            kind: key.kind, count: site.held,
            message: line.map(oneLine).fitted(to: lineLimit - problemPrefix.count))
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
