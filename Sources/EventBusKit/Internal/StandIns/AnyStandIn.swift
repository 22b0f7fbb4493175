/// A ``StandIn`` whatever its event type: how the bus calls it, and what the registry and
/// the bus's tear-down need of it.
protocol AnyStandIn: EventConsumer {
    /// How the bus calls stand-ins of this type (a ``StandInCall``).
    static var call: any ConsumerCall.Type { get }
    /// Handles an event that a route delivered to this stand-in, so its lists match the
    /// event's dynamic type.
    ///
    /// - Returns: Whether the call caused something the bus must announce.
    func consumeRouted(_ event: any Event) -> Bool
    /// What the last call of ``consumeRouted(_:)`` that returned `true` must announce.
    func takeAnnouncement() -> PendingAnnouncement?
    /// Whether this is the stand-in's first dropped event (`true` once): a stream's first drop
    /// is reported when nothing listens for ``DroppedEvent``.
    func isFirstDrop() -> Bool
    /// Ends the stand-in's stream, if it is one: its consumer reads what is buffered, then
    /// the stream finishes.
    func finish()
}
