/// A ``StandIn`` whatever its event type: how the bus calls it, and what the registry and
/// the bus's tear-down need of it.
protocol AnyStandIn: EventConsumer {
    /// How the bus calls stand-ins of this type (a ``StandInCall``).
    static var call: any ConsumerCall.Type { get }
    /// Its lists, made by the bus (they are its `willConsume`): no app code reads them.
    var lists: MatchList { get }
    /// Handles an event that a route delivered to this stand-in, so its lists match the
    /// event's dynamic type.
    ///
    /// - Returns: Whether the call caused something the bus must announce.
    func consumeRouted(_ event: any Event) -> Bool
    /// What the last call of ``consumeRouted(_:)`` that returned `true` must announce.
    func takeAnnouncement() -> PendingAnnouncement?
    /// Whether a drop of this stand-in's stream was reported: it is, once per stream.
    var dropWasReported: Bool { get }
    /// Whether this drop is the first to be reported (`true` once): a stream's drop that no
    /// listener handles is reported once.
    func claimDropReport() -> Bool
    /// Ends the stand-in's stream, if it is one: its consumer reads what is buffered, then
    /// the stream finishes.
    func finish()
    /// Its recipient, set when it is added; its name is the recipient's.
    var recipient: Recipient? { get }
}
