/// How a recipient listens: its place in call order, and whether it first receives the stored
/// sticky values — one value that every listening form takes as `options:`.
///
/// Each option is optional: `nil` leaves it to the form's default (no priority of its own, no
/// replay — `observe(_:)` replays —; for a consumer, its own ``EventConsumer/priority`` and
/// ``EventConsumer/replaysLatest``). Write options as a static member, or as an array literal
/// that merges several (an option set by a later element replaces the same option set by an
/// earlier one):
///
/// ```swift
/// let audit = bus.subscribe(to: Purchase.self, options: [.priority(10), .replaysLatest]) {
///     print("audit", $0.amount)
/// }
/// ```
///
/// - **priority**: where the recipient goes in call order; higher is called earlier, equal
///   priorities in registration order.
/// - **replaysLatest**: whether the recipient first receives the stored value of every
///   ``StickyEvent`` type it matches, each in a pass of its own (see ``EventBus/latest(_:)``).
public struct RecipientOptions: Hashable, Sendable, ExpressibleByArrayLiteral {
    /// Where the recipient goes in call order (higher is called earlier); `nil`: the form's
    /// default, 0 for a closure, the consumer's own ``EventConsumer/priority``.
    public var priority: Int?
    /// Whether the recipient first receives the stored sticky values it matches; `nil`: the
    /// form's default (`false`; `true` for `observe(_:)`; the consumer's own
    /// ``EventConsumer/replaysLatest``).
    public var replaysLatest: Bool?

    /// Options with the given values; each left `nil` is the form's default.
    ///
    /// - Parameters:
    ///   - priority: Where the recipient goes in call order.
    ///   - replaysLatest: Whether it first receives the stored sticky values it matches.
    public init(priority: Int? = nil, replaysLatest: Bool? = nil) {
        self.priority = priority
        self.replaysLatest = replaysLatest
    }

    /// The options the elements set, merged in order: an option a later element sets replaces
    /// the same option set by an earlier one. `[]` sets nothing.
    ///
    /// - Parameter options: The options to merge.
    @_disfavoredOverload  // `RecipientOptions()` is the initializer above, with no arguments
    public init(arrayLiteral options: RecipientOptions...) {
        for option in options {
            priority = option.priority ?? priority
            replaysLatest = option.replaysLatest ?? replaysLatest
        }
    }

    /// Places the recipient in call order: higher is called earlier.
    ///
    /// - Parameter value: The priority.
    /// - Returns: Options that set ``priority``.
    public static func priority(_ value: Int) -> RecipientOptions {
        RecipientOptions(priority: value)
    }

    /// The recipient first receives the stored value of every sticky type it matches.
    public static var replaysLatest: RecipientOptions { RecipientOptions(replaysLatest: true) }
}

extension RecipientOptions {
    /// The message a listening form `call` stops with for these options, or `nil` when they
    /// are valid (every priority and replay is).
    func problem(in call: String) -> String? {
        nil
    }
}
