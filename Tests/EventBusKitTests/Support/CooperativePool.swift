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
/// `work` runs in the test's own task, moved to a thread of its own by a task executor
/// preference: it sees the test's task-local values, so a problem a bus reports with no
/// `onProblem` goes where it would have gone on the pool (the suite's `.noUnexpectedProblems`
/// or the test's `.allowsProblems`). No task-local value is ever bound on a thread with no
/// task: in an optimized build, `TaskLocal.withValue` on a bare `Thread` crashed the test
/// process once in a few runs (`swift_task_localValuePush`, Swift 6.3.1 on Linux).
func onAThreadOfItsOwn<Value: Sendable>(_ work: @escaping @Sendable () -> Value) async -> Value {
    if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
        return await withTaskExecutorPreference(ThreadPerJobExecutor()) { work() }
    } else {
        // Apple systems before task executors: no test there reports a problem from `work`
        // without a handler of its own (the tests run on Linux, where the branch above runs).
        return await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: work()) }.start()
        }
    }
}

/// A task executor that runs each job it is given on a new thread, outside the cooperative
/// pool: a test's long synchronous part runs there while the pool serves the other tests.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
private final class ThreadPerJobExecutor: TaskExecutor {
    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        Thread { job.runSynchronously(on: executor) }.start()
    }
}
