/// Debug-build hints for consumers written for SwiftEventBus whose lists mean something
/// different here.
///
/// The bus asks ``habit(in:of:)`` once per registration, never while dispatching, and
/// reports what it answers as a problem of kind ``EventBus/Problem/Kind/swiftEventBusHabit``
/// (to `onProblem`, or printed). A hint is given once per consumer type and per message,
/// process-wide, and recorded, so that tests read it with ``warnings(about:)``. Release
/// builds compile the checks out: no hint, no cost.
enum MigrationDiagnostics {
    /// Whether hints are given: in debug builds.
    static var isEnabled: Bool {
        #if DEBUG
            true
        #else
            false
        #endif
    }

    /// What `consumer`'s lists keep of a SwiftEventBus habit, the first time its type shows
    /// it (what happened, and the fix); `nil` otherwise, and always in release builds.
    static func habit(
        in lists: MatchList, of consumer: any EventConsumer
    ) -> (what: ReadableLine, fix: String)? {
        #if DEBUG
            guard lists.excludeListNamesNoEvent, !lists.includesAll else { return nil }
            let consumerType = type(of: consumer)
            let what = excludeListNamesNoEvent(consumerType)
            guard isFirst(what.description, about: consumerType) else { return nil }
            return (what, "to get every event, list AllEvent in willConsume")
        #else
            return nil
        #endif
    }

    /// What happened, for a consumer type whose `excludeList` names `NoEvent` (which
    /// SwiftEventBus read as "consume every event").
    static func excludeListNamesNoEvent(_ consumerType: any EventConsumer.Type) -> ReadableLine {
        "\(name: consumerType).excludeList's NoEvent excludes nothing"
    }

    /// The hints given about `consumerType`, in order.
    static func warnings(about consumerType: any EventConsumer.Type) -> [String] {
        given.withLock { $0[ObjectIdentifier(consumerType), default: []] }
    }

    private static let given = LockedState<[ObjectIdentifier: [String]]>([:])

    /// Records `message` about `consumerType`; returns whether it was new.
    private static func isFirst(_ message: String, about consumerType: any EventConsumer.Type)
        -> Bool
    {
        given.withLock { given in
            let id = ObjectIdentifier(consumerType)
            guard !given[id, default: []].contains(message) else { return false }
            given[id, default: []].append(message)
            return true
        }
    }
}
