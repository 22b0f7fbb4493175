import Foundation
import Testing

/// Whether the stress suites run: each spends seconds of many threads and many iterations
/// looking for a race, so `swift test` leaves them out unless `EVENTBUS_STRESS=1`. CI runs them
/// in a step of their own, and under ThreadSanitizer (see `.ci/run`); a quick version of the
/// same check runs in every `swift test`.
enum StressRuns {
    static let areRequested = ProcessInfo.processInfo.environment["EVENTBUS_STRESS"] == "1"

    /// The trait of a stress suite: enabled by `EVENTBUS_STRESS=1`.
    static var enabled: ConditionTrait {
        .enabled(if: areRequested, "a stress suite: runs with EVENTBUS_STRESS=1")
    }
}
