import Foundation

/// Set by an Observation `onChange` when what the drawn screen showed changes; taken by the
/// command loop when it decides whether to draw the screen again.
///
/// `withObservationTracking` requires a `@Sendable` `onChange`, so the flag is a lock-guarded
/// value. `@unchecked Sendable` is safe here: the one stored variable is read and written only
/// in ``set()`` and ``take()``, each holding `lock` for the whole access, so no two threads
/// touch it at once.
final class ScreenChangeFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var isSet = false

    /// Records that the drawn screen is out of date.
    func set() {
        lock.lock()
        isSet = true
        lock.unlock()
    }

    /// Whether the screen changed since the last call, clearing the flag.
    func take() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        let wasSet = isSet
        isSet = false
        return wasSet
    }
}
