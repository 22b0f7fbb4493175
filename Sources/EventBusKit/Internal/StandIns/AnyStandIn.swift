/// A ``StandIn`` whatever its event type: what the registry and the bus's tear-down need of
/// it.
protocol AnyStandIn: EventConsumer {
    /// How the bus calls stand-ins of this type (a ``StandInCall``).
    static var call: any ConsumerCall.Type { get }
    /// Ends the stand-in's stream, if it is one: its consumer reads what is buffered, then
    /// the stream finishes.
    func finish()
}
