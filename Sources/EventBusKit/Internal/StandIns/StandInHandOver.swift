/// What a stream's termination handler keeps of its stand-in: the one thing it may do with it
/// from any thread, claim the stand-in's end and hand it to its bus to remove.
///
/// The bus removes a handed-over stand-in alone, as it removes a released token's
/// (``StandIn/tokenReleased()``), without a sweep of every recipient.
struct StandInHandOver: @unchecked Sendable {
    // Why `@unchecked Sendable` is sound: its one operation, `end(_:)`, calls
    // `StandIn.handOver(endedBy:)`, which touches only the stand-in's state word (with the
    // atomic compare-and-exchange every claim uses) and its bus reference's inbox (a `let` of a
    // `let`; the inbox is `Sendable`), and gives the inbox the stand-in retained (reference
    // counts are atomic): what a token released on any thread does (`EventSubscription`'s
    // deinit). Nothing else of the stand-in is read or written through it.
    private let standIn: StandIn

    init(_ standIn: StandIn) {
        self.standIn = standIn
    }

    /// Ends the stand-in for `end`, unless an end was claimed first, and hands it to its bus.
    func end(_ end: RecipientEnd) {
        standIn.handOver(endedBy: end)
    }
}
