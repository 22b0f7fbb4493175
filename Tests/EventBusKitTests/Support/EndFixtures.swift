import Foundation

@testable import EventBusKit

/// Runs `body` on a thread of its own, not one of the cooperative pool's (which a test may
/// find busy), and returns once it has.
func onAnotherThread(_ body: @escaping @Sendable () -> Void) {
    let done = DispatchSemaphore(value: 0)
    Thread {
        body()
        done.signal()
    }.start()
    done.wait()
}

/// A hook that runs `body` the first time a trace names a recipient, and never again: the
/// passes of the bus's announcements name their recipients too.
func onFirstNaming(_ body: @escaping @Sendable (RecipientEnding) -> Void) -> TraceNamingHook {
    let isFirst = LockedState(true)
    return TraceNamingHook { ending in
        if isFirst.withLock({ isFirst in
            defer { isFirst = false }
            return isFirst
        }) {
            body(ending)
        }
    }
}

/// Holds the timer of a `next` at one of its hook points (``NextTimerHook``) until the test
/// lets it go on, and tells the test whether its claim ended the wait.
final class HeldTimer: Sendable {
    /// Where the timer is held: once it has slept, before its claim; or once it has claimed.
    enum Point { case fired, claimed }

    private struct State {
        var hasArrived = false
        var isReleased = false
        var test: CheckedContinuation<Void, Never>?
        var timer: CheckedContinuation<Void, Never>?
        var timedOut: Bool?
    }

    private let state = LockedState(State())
    private let point: Point

    init(at point: Point) { self.point = point }

    /// The hook to set around the `next`.
    var hook: NextTimerHook {
        switch point {
        case .fired: NextTimerHook(fired: { await self.arrive() }, claimed: { self.record($0) })
        case .claimed:
            NextTimerHook(claimed: {
                self.record($0)
                await self.arrive()
            })
        }
    }

    /// Whether the timer's claim ended the wait; `nil` before it tried.
    var timedOut: Bool? { state.withLock { $0.timedOut } }

    /// Waits until the timer is held.
    func waitForTheTimer() async {
        await withCheckedContinuation { test in
            let arrived = state.withLock { state in
                if !state.hasArrived { state.test = test }
                return state.hasArrived
            }
            if arrived { test.resume() }
        }
    }

    /// Lets the timer go on.
    func release() {
        let timer = state.withLock { state in
            state.isReleased = true
            defer { state.timer = nil }
            return state.timer
        }
        timer?.resume()
    }

    private func arrive() async {
        await withCheckedContinuation { timer in
            let (test, released) = state.withLock { state in
                state.hasArrived = true
                if !state.isReleased { state.timer = timer }
                defer { state.test = nil }
                return (state.test, state.isReleased)
            }
            test?.resume()
            if released { timer.resume() }
        }
    }

    private func record(_ timedOut: Bool) {
        state.withLock { $0.timedOut = timedOut }
    }
}
