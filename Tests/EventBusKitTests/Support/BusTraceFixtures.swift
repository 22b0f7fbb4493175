import EventBusKit

// Fixtures for the bus-level trace suite: a record's shape as one comparable value, and the
// recipients whose names the contract's naming rule (§9.3) tells apart.

/// A record as one comparable value: sequence, event, recipients, cause and notes, with the
/// event and the notes in words (`"\(event)"`, each note's description).
struct TracedPass: Equatable, CustomStringConvertible {
    let sequence: Int
    let event: String
    let recipients: [String]
    let cause: EventTrace.Cause?
    let notes: [String]

    init(
        _ sequence: Int, _ event: String, _ recipients: [String], _ cause: EventTrace.Cause?,
        notes: [String] = []
    ) {
        self.sequence = sequence
        self.event = event
        self.recipients = recipients
        self.cause = cause
        self.notes = notes
    }

    init(_ record: EventTrace.Record) {
        self.init(
            record.sequence, "\(record.event)", record.recipients, record.cause,
            notes: record.notes.map(\.description))
    }

    var description: String {
        "\(sequence) \(event) → \(recipients) (\(cause?.description ?? "outermost"))"
            + (notes.isEmpty ? "" : " notes: \(notes)")
    }
}

extension EventTrace {
    /// The records as comparable values.
    var passes: [TracedPass] { records.map(TracedPass.init) }
}

/// `EventTrace.Cause(sequence:recipient:)`, short, for expected records.
func cause(_ sequence: Int, _ recipient: String?) -> EventTrace.Cause {
    EventTrace.Cause(sequence: sequence, recipient: recipient)
}

/// A consumer that does not describe itself: a trace names it by its type name.
final class UnnamedConsumer: EventConsumer {
    var willConsume: [any Event.Type] { [Num.self] }
    func consume(_ event: any Event) {}
}

/// A generic consumer that does not describe itself: named by its full type name.
final class GenericConsumer<Model>: EventConsumer {
    var willConsume: [any Event.Type] { [Num.self] }
    func consume(_ event: any Event) {}
}

/// The error a throwing subscription throws in the trace suite.
struct SoldOut: Error, CustomStringConvertible {
    var description: String { "sold out" }
}

/// An object that owns an owner-bound subscription.
final class SubscriptionOwner {}
