extension EventBus {
    /// A probable mistake the bus detected, with what to do about it.
    ///
    /// The bus gathers occurrences per ``Kind`` and *site* (where they come from: a call site,
    /// a subscription, a consumer's type, or the bus) and reports them when the outermost call
    /// the app made into it returns (`dispatch`, `register`, `subscribe`, `events`,
    /// `deliverPosted()`, a slice of posted events, `cancelDelivery()`): at most one report per
    /// kind and site per such call, carrying the count. A kind at one site is reported at its
    /// 1st, 10th and 100th occurrence, then at most once a minute while it recurs; what is held
    /// back is reported by the first call after its minute and from the bus's `deinit`, so the
    /// counts add up. Reports go to ``EventBus/onProblem``; with no handler, debug builds print
    /// each to standard error as one line beginning `EventBusKit: `, and release builds print
    /// nothing. The article <doc:WhenSomethingGoesWrong> lists each kind's site.
    ///
    /// ```swift
    /// var problems: [EventBus.Problem] = []
    /// bus.onProblem = { problems.append($0) }
    /// bus.cancelDelivery()  // no pass runs: it does nothing
    /// // problems[0].kind == .cancelOutsideCall, problems[0].count == 1
    /// ```
    public struct Problem: Sendable, CustomStringConvertible {
        /// What kind of mistake it is.
        public let kind: Kind
        /// The occurrences this report covers: 1 or more.
        public let count: Int
        /// One line: what happened (naming the type, parameter or call site of the first
        /// occurrence), how many others, and what to do instead:
        /// `dispatch(ItemAdded) at Shop/Cart.swift:42: queue full (and 99 more like it); raise
        /// maximumQueuedDispatches`.
        ///
        /// App-provided text in it is escaped, so it never spans lines, and the line
        /// ``EventBus`` prints — `EventBusKit: ` and the message — is at most 120 characters:
        /// when it would be longer, its call sites lose their module folders (`…Cart.swift:42`),
        /// then the names and values in it are cut, the longest first, to share the room the
        /// words leave. A name is cut in the middle and keeps its attributes and its call
        /// site's `File.swift:line` (`Subscription(to: Cart…, once, at: …Cart.swift:12)`); a
        /// value, such as an error's description, is cut at its end and marked ` […]`. The fix
        /// is never cut.
        public let message: String

        /// The message, as ``EventBus`` prints it: `EventBusKit: ` and ``message``.
        public var description: String { problemPrefix + message }

        /// A kind of mistake: a struct with static members, so that a new kind never breaks
        /// an app's `switch`.
        public struct Kind: Hashable, Sendable, CustomStringConvertible {
            /// The kind's name, as its static member spells it.
            public let name: String

            /// The kind's name.
            public var description: String { name }

            /// A `dispatch` returned ``DispatchReport/rejectedFull`` or
            /// ``DispatchReport/rejectedReentrant``.
            public static let dispatchRejected = Kind(name: "dispatchRejected")
            /// A drain ended with ``DispatchReport/limitReached(processed:discarded:)``.
            public static let drainLimitReached = Kind(name: "drainLimitReached")
            /// An error thrown by a subscription's closure that no ``ConsumerFailedEvent``
            /// listener handled (none listens, or every listener rejected it or threw), or an
            /// error a ``ConsumerFailedEvent`` listener threw.
            public static let unhandledFailure = Kind(name: "unhandledFailure")
            /// A stream's buffer dropped an event and no ``DroppedEvent`` listener handled the
            /// drop (none listens, or every listener rejected it or threw): reported once per
            /// stream, at its first such drop.
            public static let streamDroppedEvents = Kind(name: "streamDroppedEvents")
            /// A post, a send or ``EventPoster/waitUntilDelivered()`` had to wait for the
            /// owner of a bus that knows no actor (its poster was made outside any actor), or
            /// `next` is awaited with no isolation on such a bus: reported once per bus,
            /// whichever waited first, and never to an owner that has delivered by hand with
            /// ``EventBus/deliverPosted()``. The message names both fixes: make the poster on
            /// the bus's actor, or call ``EventBus/deliverPosted()``.
            public static let postsAwaitDelivery = Kind(name: "postsAwaitDelivery")
            /// A post found the bus holding ``EventBus/maximumWaitingPosts`` posted events, and
            /// answered ``PostReport/rejectedFull``: the event was dropped. Its site is the
            /// post's call site: posts rejected from two lines are two reports.
            public static let postRejected = Kind(name: "postRejected")
            /// The bus was deallocated while posts it accepted were never delivered.
            public static let postedEventsDiscarded = Kind(name: "postedEventsDiscarded")
            /// A consumer was registered that no event can reach. (`NoEvent` in
            /// `willConsume` is deliberate muting, and not reported.)
            public static let consumerListsNothing = Kind(name: "consumerListsNothing")
            /// ``EventBus/cancelDelivery()`` was called where it does nothing (it returned
            /// `false`).
            public static let cancelOutsideCall = Kind(name: "cancelOutsideCall")
            /// A consumer was written the way SwiftEventBus apps are, where EventBusKit means
            /// something else: its `excludeList` names `NoEvent`, which SwiftEventBus read as
            /// "consume every event". Reported once per consumer type, in debug builds.
            public static let swiftEventBusHabit = Kind(name: "swiftEventBusHabit")
        }
    }
}

/// What begins every line the bus prints about a problem.
let problemPrefix = "EventBusKit: "
