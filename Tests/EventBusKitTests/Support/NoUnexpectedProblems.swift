import Testing

@testable import EventBusKit

/// Fails a test on any problem a bus reports while it has no `onProblem` handler (CONTRACT
/// §11: no false alarms). Every suite of this target has it. A test that causes problems on
/// purpose either sets `onProblem` and asserts what it received, or carries
/// `.allowsProblems` (below): those tests are the allow-list.
struct NoUnexpectedProblems: TestTrait, SuiteTrait, TestScoping {
    var isRecursive: Bool { true }

    @concurrent func provideScope(
        for test: Test, testCase: Test.Case?,
        performing function: @concurrent @Sendable () async throws -> Void
    ) async throws {
        #if DEBUG
            try await problemsWithNoHandler.withValue({ problem in
                Issue.record("a bus reported a problem nobody expected: \(problem)")
            }) {
                try await function()
            }
        #else
            // Optimized (the release test run), `TaskLocal.withValue` in a scope trait stops in
            // `swift_task_localValuePush` with Swift 6.3 on Linux; the debug runs (plain,
            // portable, TSan, ASan) check for unexpected problems.
            try await function()
        #endif
    }
}

extension Trait where Self == NoUnexpectedProblems {
    /// Fails the test on a problem a bus reports with no `onProblem` handler.
    static var noUnexpectedProblems: Self { Self() }
}

/// Lets a test cause problems with no `onProblem` handler: a test of a bound, a refusal, a
/// discard or an edge of the matching table does so on purpose, and the misuse tests assert
/// what is reported with a handler of their own. The allow-list is the tests that carry it.
struct AllowsProblems: TestTrait, TestScoping {
    @concurrent func provideScope(
        for test: Test, testCase: Test.Case?,
        performing function: @concurrent @Sendable () async throws -> Void
    ) async throws {
        #if DEBUG
            try await problemsWithNoHandler.withValue({ _ in }) {
                try await function()
            }
        #else
            try await function()  // as in `NoUnexpectedProblems`
        #endif
    }
}

extension Trait where Self == AllowsProblems {
    /// Lets the test cause problems with no `onProblem` handler.
    static var allowsProblems: Self { Self() }
}
