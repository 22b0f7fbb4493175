extension EventTrace {
    /// The recorded passes as a Mermaid `sequenceDiagram`.
    ///
    /// The participants are `App`, the origin of outermost dispatches, then each recipient
    /// in the order the trace first meets it (and `Bus`, the origin of announcements the bus
    /// raised itself, where first needed). Each delivery is one arrow, labelled with the
    /// pass's sequence and its event, and under them the line that dispatched or posted it,
    /// when recorded (`3. Num(2)<br/>at App/A.swift:8`): from `App` for an outermost dispatch,
    /// from the recipient that dispatched for a nested one, and — dashed — from the recipient
    /// an announcement is about. `Note` lines mark an event that reached no one, a rejected
    /// dispatch, a stream's drop, a subscription's failure and the drain budget's discards,
    /// and, first, how many earlier passes were overwritten.
    ///
    /// An announcement about the event of the pass that caused it is labelled with that
    /// pass (`4. DidConsumeEvent of pass 2`).
    ///
    /// What a reader sees stays short. A participant's name longer than 48 characters is cut
    /// as every line cuts a name: its call site loses its module folder, then its type is cut
    /// in the middle, keeping its attributes and `File.swift:line`
    /// (`Subscription(to: Cart…, once, at: …Cart.swift:12)`); an event longer than 48 is cut
    /// at its end, marked ` […]` (`Checkout(items: 3, totalCents: […]`). The characters
    /// Mermaid would read as syntax (`#`, `;`, quotes, `<`, `>`) are written as entity codes,
    /// and a label's second line follows `<br/>`. No line of the source is longer than 120
    /// characters, entity codes and indentation included: a longer one is cut as
    /// ``EventTrace/Note/description`` says, before its text is escaped, so no entity code is
    /// cut. Paste the text into a Markdown `mermaid` block to see it rendered.
    ///
    /// ```swift
    /// print(trace.mermaid)
    /// // sequenceDiagram
    /// //     participant P1 as App
    /// //     participant P2 as A
    /// //     P1->>P2: 1. tap
    /// ```
    public var mermaid: String {
        var participants = MermaidParticipants()
        var body: [String] = []
        let records = self.records
        if overwrittenCount > 0 {
            let id = participants.id(for: .app)
            body.append("Note over \(id): \(overwrittenText(overwrittenCount))")
        }
        let labels = pictureLabels(of: records)
        for (record, eventLabel) in zip(records, labels) {
            let origin = MermaidParticipant.origin(of: record)
            let from = participants.id(for: origin)
            let arrow = record.event is any _BusAnnouncement ? "-->>" : "->>"
            // The call site goes on a second line, so an arrow is as wide as its event's label.
            let site: ReadableLine = record.origin.map { "<br/>at \(site: $0)" } ?? ""
            let event = cutValue(onOneLine(eventLabel), to: mermaidLabelLimit)
            let label: ReadableLine = "\(record.sequence). \(value: event)"
            for recipient in record.recipients {
                let to = participants.id(for: .recipient(recipient))
                body.append(mermaidSource("\(from)\(arrow)\(to): \(label)\(site)"))
            }
            if record.recipients.isEmpty {
                body.append(mermaidSource("Note over \(from): \(label) reached no one\(site)"))
            }
            for note in record.notes {
                let over: MermaidParticipant
                switch note {
                case .refused(_, _, let recipient?), .failed(_, let recipient, _),
                    .stopped(let recipient?):
                    over = .recipient(recipient)
                case .dropped(_, let stream): over = .recipient(stream)
                case .refused, .discarded, .stopped: over = origin
                }
                body.append(mermaidSource("Note over \(participants.id(for: over)): \(note.line)"))
            }
        }
        if records.isEmpty {
            body.append("Note over \(participants.id(for: .app)): no passes recorded")
        }
        let declarations = participants.ordered.enumerated().map { index, participant in
            mermaidSource("participant P\(index + 1) as \(name: participant.alias)")
        }
        return (["sequenceDiagram"] + (declarations + body).map { mermaidIndent + $0 })
            .joined(separator: "\n") + "\n"
    }
}

/// How the diagram indents the lines under `sequenceDiagram`.
private let mermaidIndent = "    "

/// A line of the diagram's source, without its indentation: the text the app gave escaped
/// (``mermaidEscaped(_:)``), and cut (see `ReadableLine`) so that, indented, it is at most
/// ``lineLimit`` characters.
private func mermaidSource(_ line: ReadableLine) -> String {
    line.fitted(to: lineLimit - mermaidIndent.count, escaping: mermaidEscaped)
}

/// A participant of the diagram: the app, the bus, or a recipient by name.
private enum MermaidParticipant: Hashable {
    case app, bus, recipient(String)

    /// Where a pass's arrows start: the app for an outermost dispatch, the bus for an
    /// announcement it raised itself, otherwise the recipient that caused it.
    static func origin(of record: EventTrace.Record) -> Self {
        guard let cause = record.cause else { return .app }
        return cause.recipient.map(Self.recipient) ?? .bus
    }

    var alias: String {
        switch self {
        case .app: "App"
        case .bus: "Bus"
        case .recipient(let name): cutName(onOneLine(name), to: mermaidLabelLimit)
        }
    }
}

/// Participant ids (`P1`, `P2`, …) in first-seen order; `App` is always `P1`.
private struct MermaidParticipants {
    private(set) var ordered: [MermaidParticipant] = [.app]
    private var ids: [MermaidParticipant: String] = [.app: "P1"]

    mutating func id(for participant: MermaidParticipant) -> String {
        if let id = ids[participant] { return id }
        ordered.append(participant)
        let id = "P\(ordered.count)"
        ids[participant] = id
        return id
    }
}
