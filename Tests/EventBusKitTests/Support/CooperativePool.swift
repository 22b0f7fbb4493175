import Foundation

@testable import EventBusKit

// No test holds a thread of the cooperative pool for more than about a second. On a 2-core
// machine the pool has two threads; the other tests' tasks, their timers and their time limits
// run on them, so a test that held one for long (under a sanitizer a check of a few hundred
// milliseconds runs for many seconds) made tests with time limits fail, or wait silently.
// A long test either yields (`await Task.yield()`) every so often in its loop, or, when its
// long part is one synchronous call that cannot yield (a drain of a million events), runs that
// part with `onAThreadOfItsOwn`. So does the longest, the model comparison: the run ends when
// it does, and each yield would queue it behind every test waiting.

/// Runs `work` on a thread of its own and returns what it returns, holding no thread of the
/// cooperative pool meanwhile.
///
/// `work` makes no `#expect` (on a thread with no test task, an issue would not be the
/// test's): it returns the values the test's expectations check. A problem a bus reports with
/// no `onProblem` on that thread goes where it would have gone in the test's task (the
/// suite's `.noUnexpectedProblems` or the test's `.allowsProblems`), once `work` returns.
func onAThreadOfItsOwn<Value: Sendable>(_ work: @escaping @Sendable () -> Value) async -> Value {
    let handler = problemsWithNoHandler.get()
    let heard = ProblemsHeard()
    let hearing: (@Sendable (EventBus.Problem) -> Void)? = handler.map { _ in heard.append }
    let value = await withCheckedContinuation { (continuation: CheckedContinuation<Value, Never>) in
        Thread {
            continuation.resume(returning: problemsWithNoHandler.withValue(hearing) { work() })
        }.start()
    }
    for problem in heard.problems { handler?(problem) }
    return value
}

/// The problems a bus reported on a thread of `onAThreadOfItsOwn`, for its test's task.
///
/// `@unchecked Sendable` is sound: `heard` is read and written only while `lock` is held.
private final class ProblemsHeard: @unchecked Sendable {
    private let lock = NSLock()
    private var heard: [EventBus.Problem] = []

    func append(_ problem: EventBus.Problem) {
        lock.lock()
        heard.append(problem)
        lock.unlock()
    }

    var problems: [EventBus.Problem] {
        lock.lock()
        defer { lock.unlock() }
        return heard
    }
}
