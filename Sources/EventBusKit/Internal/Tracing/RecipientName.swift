/// The name a trace and a routing explanation give a recipient (contract §9.3): its
/// `description` when it conforms to `CustomStringConvertible`, otherwise its type name.
///
/// A subscription's stand-in consumer describes itself (the event type it listens to and
/// where it was made), so this names subscriptions and streams too. The bus calls it once
/// per recipient and keeps the string, so a traced delivery only retains it.
///
/// Call it on the bus's isolation: a main-actor consumer's `CustomStringConvertible`
/// conformance may be isolated, and is then seen only there.
func recipientName(of consumer: any EventConsumer) -> String {
    if let described = consumer as? any CustomStringConvertible {
        return described.description
    }
    return String(describing: type(of: consumer))
}
