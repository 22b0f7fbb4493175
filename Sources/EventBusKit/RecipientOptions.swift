/// How a recipient listens: its place in call order, whether it first receives the stored
/// sticky values, how many events it takes, and the name the bus shows it by — one value that
/// every listening form takes as `options:`.
///
/// Each option is optional: `nil` leaves it to the form's default (no priority of its own, no
/// replay — `observe(_:)` replays —, no limit, no name; for a consumer, its own
/// ``EventConsumer/priority`` and ``EventConsumer/replaysLatest``). Write options as a static
/// member, or as an array literal that merges several (an option set by a later element
/// replaces the same option set by an earlier one):
///
/// ```swift
/// struct UserLoggedIn: Event { let user: String }
/// struct Purchase: Event { let amount: Int }
///
/// let first = bus.subscribe(to: UserLoggedIn.self, options: .once) { login in
///     print("start the tour for", login.user)
/// }
/// let audit = bus.subscribe(to: Purchase.self, options: [.priority(10), .named("audit")]) {
///     print("audit", $0.amount)
/// }
/// ```
///
/// - **priority**: where the recipient goes in call order; higher is called earlier, equal
///   priorities in registration order.
/// - **replaysLatest**: whether the recipient first receives the stored value of every
///   ``StickyEvent`` type it matches, each in a pass of its own (see ``EventBus/stickyEvent(_:)``).
/// - **limit**: the recipient receives at most `limit` events — each one its `where:`
///   accepted — and ends *before* the call that takes its last, so a dispatch from that call
///   is not delivered to it again. A call that throws counts. With
///   ``replaysLatest-type.property`` it is offered at most `limit` stored values, the newest
///   ones. A consumer with a limit is deregistered before its last call; a stream finishes
///   after its last event.
/// - **name**: a short name the bus shows the recipient by — in its `description`,
///   `print(bus)`, ``EventBus/explain(_:)``, traces, problem messages and the bus's
///   announcements — in place of its
///   type part (`Subscription(to: Tap)`, a consumer's type name); a subscription's call site
///   stays beside it, so two recipients with one name stay apart.
///
/// A `limit` below 1 or an empty `name`, however it was set, stops the program at the
/// listening call that receives it, with a message naming the call and the option.
public struct RecipientOptions: Hashable, Sendable, ExpressibleByArrayLiteral {
    /// Where the recipient goes in call order (higher is called earlier); `nil`: the form's
    /// default, 0 for a closure, the consumer's own ``EventConsumer/priority``.
    public var priority: Int?
    /// Whether the recipient first receives the stored sticky values it matches; `nil`: the
    /// form's default (`false`; `true` for `observe(_:)`; the consumer's own
    /// ``EventConsumer/replaysLatest``).
    public var replaysLatest: Bool?
    /// The most events the recipient receives; `nil`: no limit; 1: one-shot (``once``).
    public var limit: Int?
    /// The name the bus shows the recipient by; `nil`: its type part.
    public var name: String?

    /// Whether these options set nothing: every field above `nil`, as in `RecipientOptions()`,
    /// told field by field with no call (every subscription asks it). Debug builds check the
    /// answer against `==`, so a field added above and not here stops the first test that
    /// sets it alone.
    @inline(__always)
    var setsNothing: Bool {
        let nothing = priority == nil && replaysLatest == nil && limit == nil && name == nil
        assert(nothing == (self == RecipientOptions()), "setsNothing must read every field")
        return nothing
    }

    /// Options with the given values; each left `nil` is the form's default.
    ///
    /// - Parameters:
    ///   - priority: Where the recipient goes in call order.
    ///   - replaysLatest: Whether it first receives the stored sticky values it matches.
    ///   - limit: The most events it receives; at least 1.
    ///   - name: The name the bus shows it by; not empty.
    @inlinable
    public init(
        priority: Int? = nil, replaysLatest: Bool? = nil, limit: Int? = nil, name: String? = nil
    ) {
        self.priority = priority
        self.replaysLatest = replaysLatest
        self.limit = limit
        self.name = name
    }

    /// The options the elements set, merged in order: an option a later element sets replaces
    /// the same option set by an earlier one. `[]` sets nothing.
    ///
    /// - Parameter options: The options to merge.
    @_disfavoredOverload  // `RecipientOptions()` is the initializer above, with no arguments
    @inlinable  // an array literal of options costs its caller no call
    // (Every listening form defaults to `RecipientOptions()`, not `[]`: evaluated at a call
    // the optimizer cannot hoist, `[]` built and destroyed an empty array and the value,
    // about 36 instructions a call, CONTRACT §18.)
    public init(arrayLiteral options: RecipientOptions...) {
        for option in options {
            priority = option.priority ?? priority
            replaysLatest = option.replaysLatest ?? replaysLatest
            limit = option.limit ?? limit
            name = option.name ?? name
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

    /// The recipient receives one event, then ends: a limit of 1.
    public static var once: RecipientOptions { RecipientOptions(limit: 1) }

    /// The recipient receives at most `count` events, then ends.
    ///
    /// - Parameter count: The most events it receives; at least 1.
    /// - Returns: Options that set ``limit``.
    public static func limit(_ count: Int) -> RecipientOptions {
        RecipientOptions(limit: count)
    }

    /// The bus shows the recipient by `name` in place of its type part.
    ///
    /// - Parameter name: A short name; not empty.
    /// - Returns: Options that set ``name``.
    public static func named(_ name: String) -> RecipientOptions {
        RecipientOptions(name: name)
    }
}
