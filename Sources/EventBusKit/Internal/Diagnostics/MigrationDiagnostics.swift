/// Debug-build warnings for consumers written for SwiftEventBus whose lists mean something
/// different here.
///
/// The bus calls ``check(_:of:)`` once per registration, never while dispatching. A warning
/// is given once per consumer type and per message, process-wide: it is written to standard
/// error and recorded, so that tests read it with ``warnings(about:)`` instead of capturing
/// standard error. Release builds compile the checks out: no output, no cost.
enum MigrationDiagnostics {
    /// Whether this build gives warnings: debug builds do, release builds do not.
    static var isEnabled: Bool {
        #if DEBUG
            true
        #else
            false
        #endif
    }

    /// Warns, once per consumer type, when `consumer`'s lists name `NoEvent` in
    /// `excludeList` without `AllEvent` in `willConsume`.
    ///
    /// SwiftEventBus made `NoEvent` in `excludeList` mean "consume every event"; here it
    /// excludes nothing, so such a consumer silently receives less than it did. With `AllEvent`
    /// in `willConsume` it already receives every event, and there is nothing to warn about.
    ///
    /// - Parameters:
    ///   - lists: The lists just read from `consumer`.
    ///   - consumer: The consumer being registered.
    static func check(_ lists: MatchList, of consumer: any EventConsumer) {
        #if DEBUG
            guard lists.excludeListNamesNoEvent, !lists.includesAll else { return }
            let consumerType = type(of: consumer)
            warnOnce(about: consumerType, excludeListNamesNoEvent(consumerType))
        #endif
    }

    /// The warning for a consumer type whose `excludeList` names `NoEvent`.
    static func excludeListNamesNoEvent(_ consumerType: any EventConsumer.Type) -> String {
        "EventBusKit: \(consumerType).excludeList names NoEvent, which excludes nothing here; "
            + "SwiftEventBus treated it as 'consume every event': "
            + "list AllEvent in willConsume to receive every event"
    }

    /// The warnings given so far about `consumerType`, oldest first (none in release builds).
    static func warnings(about consumerType: any EventConsumer.Type) -> [String] {
        given.withLock { $0[ObjectIdentifier(consumerType), default: []] }
    }

    /// Every warning given, by consumer type. Touched only at registration, in debug builds.
    private static let given = LockedState<[ObjectIdentifier: [String]]>([:])

    #if DEBUG
        /// Records `message` about `consumerType` and writes it to standard error, unless it
        /// was given before.
        private static func warnOnce(about consumerType: any EventConsumer.Type, _ message: String)
        {
            let isNew = given.withLock { given in
                let id = ObjectIdentifier(consumerType)
                guard !given[id, default: []].contains(message) else { return false }
                given[id, default: []].append(message)
                return true
            }
            guard isNew else { return }
            writeToStandardError(message)
        }
    #endif
}
